//! The store's guarantees on both backends (PostgreSQL when TEST_DATABASE_URL is set):
//! tenant scoping, optimistic concurrency, all-or-nothing units of work, ordered pages.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use domain::*;
use store::{Filter, PageRequest, Store, StoreError, UnitOfWork};

async fn fresh(dir: &std::path::Path) -> Store {
    let url = match std::env::var("TEST_DATABASE_URL") {
        Ok(admin) if !admin.is_empty() => {
            use sqlx::Executor;
            sqlx::any::install_default_drivers();
            let name = format!(
                "rce_store_{}_{}",
                std::process::id(),
                uuid::Uuid::now_v7().simple()
            );
            let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
            pool.execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .unwrap();
            pool.close().await;
            format!("{}/{name}", admin.rsplit_once('/').unwrap().0)
        }
        _ => format!("sqlite://{}/store.db", dir.display()),
    };
    let store = Store::connect(&url, 4).await.unwrap();
    store.migrate().await.unwrap();
    // Migrating twice is a no-op.
    store.migrate().await.unwrap();
    store
}

fn agent(tenant: &TenantId, id: &str, ms: i64) -> Agent {
    let t = Timestamp::from_millis(ms);
    Agent {
        agent_id: AgentId::parse(id).unwrap(),
        tenant_id: tenant.clone(),
        name: "n".into(),
        owner: "o".into(),
        version: "1".into(),
        clinical_domain: "d".into(),
        allowed_tasks: vec![TaskType::DischargeSummary],
        capabilities: vec![],
        model_provider: "p".into(),
        model_version: "m".into(),
        risk_tier: RiskTier::Low,
        status: AgentStatus::Draft,
        adapter_id: None,
        execution_profile_id: None,
        metadata: Default::default(),
        created_at: t,
        updated_at: t,
    }
}

#[tokio::test]
async fn records_are_scoped_to_their_tenant() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let a = TenantId::parse("a").unwrap();
    let b = TenantId::parse("b").unwrap();
    store.insert(&a, &mut agent(&a, "x", 1)).await.unwrap();
    assert!(matches!(
        store.get::<Agent>(&b, "x").await,
        Err(StoreError::NotFound)
    ));
    assert!(store
        .list::<Agent>(
            &b,
            &Filter::new(),
            &PageRequest {
                limit: 10,
                cursor: None
            }
        )
        .await
        .unwrap()
        .items
        .is_empty());
    store.insert(&b, &mut agent(&b, "x", 1)).await.unwrap();
    assert!(matches!(
        store.insert(&a, &mut agent(&a, "x", 2)).await,
        Err(StoreError::AlreadyExists)
    ));
    assert!(matches!(
        store.remove::<Agent>(&b, "missing").await,
        Err(StoreError::NotFound)
    ));
}

#[tokio::test]
async fn a_stale_revision_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    store.insert(&t, &mut agent(&t, "x", 1)).await.unwrap();
    let read1 = store.get::<Agent>(&t, "x").await.unwrap();
    let read2 = store.get::<Agent>(&t, "x").await.unwrap();
    let mut first = read1.value.clone();
    first.name = "first".into();
    store.update(&t, &mut first, read1.revision).await.unwrap();
    let mut second = read2.value.clone();
    second.name = "second".into();
    assert!(matches!(
        store.update(&t, &mut second, read2.revision).await,
        Err(StoreError::Conflict)
    ));
    let now = store.get::<Agent>(&t, "x").await.unwrap();
    assert_eq!(now.value.name, "first");
    assert_eq!(now.revision, read1.revision + 1);
}

#[tokio::test]
async fn a_unit_of_work_is_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    store.insert(&t, &mut agent(&t, "x", 1)).await.unwrap();
    let mut stale = store.get::<Agent>(&t, "x").await.unwrap();
    store
        .update(&t, &mut stale.value, stale.revision)
        .await
        .unwrap();
    let mut uow = UnitOfWork::new();
    uow.insert(&mut agent(&t, "new", 2)).unwrap();
    uow.count("", "things", 1, 0.5);
    uow.update(&mut stale.value, stale.revision).unwrap(); // fails: revision moved
    assert!(matches!(
        store.commit(&t, uow).await,
        Err(StoreError::Conflict)
    ));
    assert!(
        matches!(
            store.get::<Agent>(&t, "new").await,
            Err(StoreError::NotFound)
        ),
        "the insert was rolled back"
    );
    assert!(
        store.counters(&t, "").await.unwrap().is_empty(),
        "the counter was rolled back"
    );
    let mut uow = UnitOfWork::new();
    uow.count("", "things", 2, 1.5).count("", "things", 1, 1.0);
    store.commit(&t, uow).await.unwrap();
    assert_eq!(
        store.counters(&t, "").await.unwrap(),
        vec![store::Counter {
            name: "things".into(),
            n: 3,
            total: 2.5
        }]
    );
}

#[tokio::test]
async fn pages_are_newest_first_and_complete() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    for i in 0..7 {
        // Two records share each millisecond to exercise the id tie-break.
        store
            .insert(&t, &mut agent(&t, &format!("a{i}"), 1000 + i / 2))
            .await
            .unwrap();
    }
    let mut seen = vec![];
    let mut cursor = None;
    loop {
        let page = store
            .list::<Agent>(
                &t,
                &Filter::new().eq("status", "draft"),
                &PageRequest {
                    limit: 3,
                    cursor: cursor.clone(),
                },
            )
            .await
            .unwrap();
        seen.extend(page.items.iter().map(|a| a.agent_id.as_str().to_owned()));
        cursor = page.next_cursor;
        if cursor.is_none() {
            break;
        }
    }
    assert_eq!(seen, ["a6", "a5", "a4", "a3", "a2", "a1", "a0"]);
    assert!(store
        .list::<Agent>(
            &t,
            &Filter::new().eq("status", "active"),
            &PageRequest {
                limit: 3,
                cursor: None
            }
        )
        .await
        .unwrap()
        .items
        .is_empty());
}

#[tokio::test]
async fn a_referenced_record_is_not_removed() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    let mut a = agent(&t, "user", 1);
    a.execution_profile_id = Some(ProfileId::from_string("prof_1"));
    store.insert(&t, &mut a).await.unwrap();
    let other = TenantId::parse("other").unwrap();
    // A reference from another tenant does not count, and a missing record is NotFound.
    assert!(matches!(
        store
            .remove_unreferenced::<ExecutionProfile>(
                &other,
                "prof_1",
                "agents",
                "execution_profile_id"
            )
            .await,
        Err(StoreError::NotFound)
    ));
    assert!(store
        .is_referenced(&t, "agents", "execution_profile_id", "prof_1")
        .await
        .unwrap());
    assert!(!store
        .is_referenced(&other, "agents", "execution_profile_id", "prof_1")
        .await
        .unwrap());
    let opaque = store.opaque_tenant_id(&t).await.unwrap();
    assert_eq!(
        store.opaque_tenant_id(&t).await.unwrap(),
        opaque,
        "stable per tenant"
    );
    assert_ne!(store.opaque_tenant_id(&other).await.unwrap(), opaque);
    assert!(!opaque.contains('t') || opaque.len() == 32);
}

/// Many units at once (on SQLite they share group-committed transactions): a unit that
/// fails leaves no trace, and never takes another unit's writes with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_units_succeed_or_fail_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    store.insert(&t, &mut agent(&t, "taken", 1)).await.unwrap();
    let mut tasks = Vec::new();
    for i in 0..60_i64 {
        let (store, t) = (store.clone(), t.clone());
        tasks.push(tokio::spawn(async move {
            let mut uow = UnitOfWork::new();
            uow.insert(&mut agent(&t, &format!("a{i}"), 10 + i))
                .unwrap();
            uow.count("", "units", 1, 0.0);
            if i % 3 == 0 {
                // Fails the unit after its first insert and its counter.
                uow.insert(&mut agent(&t, "taken", 2)).unwrap();
            }
            (i, store.commit(&t, uow).await)
        }));
    }
    let mut committed = 0;
    for task in tasks {
        let (i, result) = task.await.unwrap();
        let stored = store.get::<Agent>(&t, &format!("a{i}")).await;
        if i % 3 == 0 {
            assert!(matches!(result, Err(StoreError::AlreadyExists)), "{i}");
            assert!(matches!(stored, Err(StoreError::NotFound)), "{i}");
        } else {
            result.unwrap();
            stored.unwrap();
            committed += 1;
        }
    }
    let counters = store.counters(&t, "").await.unwrap();
    let units = counters.iter().find(|c| c.name == "units").unwrap();
    assert_eq!(units.n, committed);
}

/// Commits `n` agents, one unit each.
async fn commit_agents(store: &Store, t: &TenantId, n: i64) {
    for i in 0..n {
        let mut uow = UnitOfWork::new();
        uow.insert(&mut agent(t, &format!("a{i}"), i)).unwrap();
        store.commit(t, uow).await.unwrap();
    }
}

/// Agents in the database file itself: read with `immutable=1`, which ignores the WAL.
fn agents_in_file(db: &std::path::Path) -> i64 {
    let conn = rusqlite::Connection::open_with_flags(
        format!("file:{}?immutable=1", db.display()),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
    )
    .unwrap();
    conn.query_row("SELECT count(*) FROM agents", [], |r| r.get::<_, i64>(0))
        .unwrap_or(0)
}

/// Waits (up to 10 s) until the database file holds `n` agents.
async fn wait_for_agents_in_file(db: &std::path::Path, n: i64, failure: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while agents_in_file(db) < n {
        assert!(std::time::Instant::now() < deadline, "{failure}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// SQLite only: committed units reach the main database file without waiting for the WAL to
/// fill up (the writer alone checkpoints at 1,000 frames; the checkpointer thread copies a
/// few commits that are followed by quiet, not only every eighth).
#[tokio::test]
async fn committed_units_are_checkpointed_into_the_database_file() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty()) {
        return; // PostgreSQL has no WAL file to look at.
    }
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    commit_agents(&store, &t, 5).await;
    wait_for_agents_in_file(
        &dir.path().join("store.db"),
        5,
        "the committed rows never reached the database file",
    )
    .await;
}

/// SQLite only: a checkpoint held back by a reader on an older snapshot is tried again once
/// the reader has gone, although no commit comes after it.
#[tokio::test]
async fn a_checkpoint_held_back_by_a_reader_is_tried_again() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty()) {
        return; // PostgreSQL has no WAL file to look at.
    }
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    let db = dir.path().join("store.db");
    // A reader whose snapshot predates the commits below keeps their frames in the WAL.
    let reader = rusqlite::Connection::open(&db).unwrap();
    reader.execute_batch("BEGIN").unwrap();
    let before: i64 = reader
        .query_row("SELECT count(*) FROM agents", [], |r| r.get(0))
        .unwrap();
    assert_eq!(before, 0);
    commit_agents(&store, &t, 5).await;
    // Past the quiet second: the checkpointer has tried, and could not copy them.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(agents_in_file(&db), 0, "the reader held the frames back");
    reader.execute_batch("COMMIT").unwrap();
    wait_for_agents_in_file(
        &db,
        5,
        "the held-back frames never reached the database file",
    )
    .await;
}

/// Large documents read back whole through every read path (by id, page, column). On
/// SQLite they are stored compressed, small ones stay text, and a document stored as text
/// (as every row was before compression) still reads.
#[tokio::test]
async fn large_documents_read_back_whole_and_are_compressed_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let t = TenantId::parse("t").unwrap();
    let mut large = agent(&t, "large", 1);
    for i in 0..100 {
        large.metadata.insert(
            format!("policy_{i}"),
            serde_json::json!({"passed": i % 3 == 0, "message": "claims must cite their sources"}),
        );
    }
    let json_len = serde_json::to_string(&large).unwrap().len();
    assert!(json_len > 4096);
    let mut small = agent(&t, "small", 2);
    store.insert(&t, &mut large).await.unwrap();
    store.insert(&t, &mut small).await.unwrap();

    let read = store.get::<Agent>(&t, "large").await.unwrap();
    assert_eq!(read.value, large);
    assert_eq!(first_page(&store, &t).await, [small.clone(), large.clone()]);
    let by_column = store
        .all_where::<Agent>(&t, "status", "draft")
        .await
        .unwrap();
    assert_eq!(by_column, [large.clone(), small.clone()]);
    large.name = "renamed".into();
    store.update(&t, &mut large, read.revision).await.unwrap();
    assert_eq!(store.get::<Agent>(&t, "large").await.unwrap().value, large);

    if std::env::var("TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty()) {
        return; // PostgreSQL keeps JSON text (TOAST compresses it).
    }
    let conn = rusqlite::Connection::open(dir.path().join("store.db")).unwrap();
    let stored = |id: &str| {
        conn.query_row(
            "SELECT typeof(doc), length(doc) FROM agents WHERE id = ?1",
            [id],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, usize>(1)?)),
        )
        .unwrap()
    };
    let (kind, len) = stored("large");
    assert_eq!(kind, "blob");
    assert!(
        len * 3 < json_len,
        "{json_len} bytes of JSON stored in {len}"
    );
    assert_eq!(stored("small").0, "text");

    // A row written as JSON text, the way every row was before compression.
    let mut legacy = large.clone();
    legacy.name = "legacy".into();
    conn.execute(
        "UPDATE agents SET doc = ?1 WHERE id = 'large'",
        [serde_json::to_string(&legacy).unwrap()],
    )
    .unwrap();
    assert_eq!(stored("large").0, "text");
    assert_eq!(store.get::<Agent>(&t, "large").await.unwrap().value, legacy);
    assert_eq!(first_page(&store, &t).await[1], legacy);
}

async fn first_page(store: &Store, t: &TenantId) -> Vec<Agent> {
    let page = PageRequest {
        limit: 10,
        cursor: None,
    };
    store.list(t, &Filter::new(), &page).await.unwrap().items
}

fn source(id: &str, content: &str) -> SourceReference {
    SourceReference {
        source_id: id.into(),
        source_type: SourceType::DischargeNote,
        title: format!("Note {id}"),
        content: content.into(),
        authored_at: Timestamp::from_millis(1_700_000_000_000),
    }
}

fn decision(t: &TenantId, id: &str, ms: i64, sources: Vec<SourceReference>) -> DecisionRecord {
    let mut d: DecisionRecord = serde_json::from_value(serde_json::json!({
        "decision_id": id, "tenant_id": t.as_str(), "session_id": "ses_1", "run_id": "run_1",
        "execution_origin": "external", "case_id": "case-1", "task_type": "discharge_summary",
        "user_role": null, "agent_id": "agent-1", "agent_version": "1", "agent_risk_tier": "low",
        "model_provider": "p", "model_version": "m", "input_context_hash": "sha256:0",
        "retrieved_sources": [], "agent_output": null, "structured_output_error": null,
        "policy_results": [], "evidence_results": [], "risk_score": null, "risk_level": null,
        "risk_factors": [], "control_action": null, "review_required": false,
        "status": "awaiting_agent_output", "resolution": null, "human_action": null,
        "reviewer_id": null, "review_notes": null, "final_output": null, "intake_errors": [],
        "pipeline_version": "1", "policy_set_version": null, "evaluated_at": null,
        "runtime_events": [], "created_at": Timestamp::from_millis(ms),
        "updated_at": Timestamp::from_millis(ms), "finalized_at": null
    }))
    .unwrap();
    d.retrieved_sources = sources;
    d
}

fn session(t: &TenantId, id: &str) -> Session {
    serde_json::from_value(serde_json::json!({
        "session_id": id, "tenant_id": t.as_str(), "case_id": "case-1", "agent_id": "agent-1",
        "task_type": "discharge_summary", "user_role": null, "execution_origin": "synthetic",
        "current_state": "running", "run_count": 0, "current_run_id": null,
        "current_decision_id": null, "created_at": Timestamp::from_millis(1),
        "updated_at": Timestamp::from_millis(1)
    }))
    .unwrap()
}

/// Decision records and session inputs that cite the same sources share one stored set per
/// tenant; every read path (by id, page, column, session inputs) gives the sources back, an
/// update keeps them, and the record passed to a write is left as it was.
#[tokio::test]
async fn sources_are_stored_once_per_tenant_and_read_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let store = fresh(dir.path()).await;
    let (a, b) = (TenantId::parse("a").unwrap(), TenantId::parse("b").unwrap());
    let shared = vec![
        source("n1", "Admitted with \"pneumonia\".\nAfebrile."),
        source("n2", "Ceftriaxone 1 g IV daily."),
    ];
    let other = vec![source("n3", "Discharged home.")];

    let mut d1 = decision(&a, "dec_1", 1, shared.clone());
    let mut d2 = decision(&a, "dec_2", 2, shared.clone());
    let mut d3 = decision(&a, "dec_3", 3, other.clone());
    let mut none = decision(&a, "dec_4", 4, vec![]);
    let mut s = session(&a, "ses_1");
    let mut uow = UnitOfWork::new();
    uow.insert(&mut s).unwrap();
    uow.insert(&mut d1).unwrap();
    uow.session_inputs(
        &s.session_id,
        SessionInputs {
            source_references: shared.clone(),
            clinical_context: Some(serde_json::json!({"ward": "4B"})),
            instructions: None,
        },
    )
    .unwrap();
    store.commit(&a, uow).await.unwrap();
    assert_eq!(
        d1.retrieved_sources, shared,
        "the written record is left whole"
    );
    store.insert(&a, &mut d2).await.unwrap();
    store.insert(&a, &mut d3).await.unwrap();
    store.insert(&a, &mut none).await.unwrap();
    // One unit naming two different sets keeps them apart.
    let mut s2 = session(&a, "ses_2");
    let mut d5 = decision(&a, "dec_5", 5, shared.clone());
    d5.session_id = s2.session_id.clone();
    let mut uow = UnitOfWork::new();
    uow.insert(&mut s2).unwrap();
    uow.session_inputs(
        &s2.session_id,
        SessionInputs {
            source_references: other.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    uow.insert(&mut d5).unwrap();
    store.commit(&a, uow).await.unwrap();
    let inputs2 = store.session_inputs(&a, &s2.session_id).await.unwrap();
    assert_eq!(inputs2.source_references, other);
    assert_eq!(
        store
            .get::<DecisionRecord>(&a, "dec_5")
            .await
            .unwrap()
            .value,
        d5
    );
    let mut in_b = decision(&b, "dec_1", 1, shared.clone());
    store.insert(&b, &mut in_b).await.unwrap();

    let read = store.get::<DecisionRecord>(&a, "dec_2").await.unwrap();
    assert_eq!(read.value, d2);
    let page = store
        .list::<DecisionRecord>(
            &a,
            &Filter::new(),
            &PageRequest {
                limit: 10,
                cursor: None,
            },
        )
        .await
        .unwrap()
        .items;
    assert_eq!(
        page,
        [d5.clone(), none.clone(), d3.clone(), d2.clone(), d1.clone()]
    );
    let by_session = store
        .all_where::<DecisionRecord>(&a, "session_id", "ses_1")
        .await
        .unwrap();
    assert_eq!(
        by_session,
        [d1.clone(), d2.clone(), d3.clone(), none.clone()]
    );
    let inputs = store.session_inputs(&a, &s.session_id).await.unwrap();
    assert_eq!(inputs.source_references, shared);
    assert_eq!(
        inputs.clinical_context,
        Some(serde_json::json!({"ward": "4B"}))
    );
    assert_eq!(
        store
            .get::<DecisionRecord>(&b, "dec_1")
            .await
            .unwrap()
            .value,
        in_b
    );

    let mut reviewed = read.value.clone();
    reviewed.reviewer_id = Some("dr-a".into());
    store
        .update(&a, &mut reviewed, read.revision)
        .await
        .unwrap();
    assert_eq!(
        store
            .get::<DecisionRecord>(&a, "dec_2")
            .await
            .unwrap()
            .value,
        reviewed
    );

    if std::env::var("TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty()) {
        return; // The table-level checks below read the SQLite file.
    }
    let conn = rusqlite::Connection::open(dir.path().join("store.db")).unwrap();
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    // Tenant a: the shared set and the other one; tenant b: its own copy of the shared set.
    assert_eq!(
        count("SELECT count(*) FROM source_sets WHERE tenant_id = 'a'"),
        2
    );
    assert_eq!(
        count("SELECT count(*) FROM source_sets WHERE tenant_id = 'b'"),
        1
    );
    assert_eq!(
        count("SELECT count(DISTINCT sources_hash) FROM decisions WHERE tenant_id = 'a' AND id IN ('dec_1', 'dec_2')"),
        1
    );
    // The sources are not in the record's own document (small enough to stay text here).
    let doc: String = conn
        .query_row(
            "SELECT doc FROM decisions WHERE tenant_id = 'a' AND id = 'dec_1'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(doc.contains(r#""retrieved_sources":[]"#) && !doc.contains("Ceftriaxone"));
    // An empty list stays inline, with no set.
    assert_eq!(
        count("SELECT count(*) FROM decisions WHERE id = 'dec_4' AND sources_hash IS NULL"),
        1
    );

    // A record written before sets existed, sources inline and no reference, still reads.
    let mut legacy = d3.clone();
    legacy.review_notes = Some("legacy".into());
    conn.execute(
        "UPDATE decisions SET doc = ?1, sources_hash = NULL WHERE tenant_id = 'a' AND id = 'dec_3'",
        [serde_json::to_string(&legacy).unwrap()],
    )
    .unwrap();
    assert_eq!(
        store
            .get::<DecisionRecord>(&a, "dec_3")
            .await
            .unwrap()
            .value,
        legacy
    );
    // A reference to a set that is not there is corruption, never an empty source list.
    conn.execute("DELETE FROM source_sets WHERE tenant_id = 'b'", [])
        .unwrap();
    assert!(matches!(
        store.get::<DecisionRecord>(&b, "dec_1").await,
        Err(StoreError::Corrupt(_))
    ));
    // A set this process has committed is not written again (nor compressed) by later units:
    // the row removed above stays absent after another record cites the same sources.
    let mut again = decision(&b, "dec_2", 2, shared.clone());
    store.insert(&b, &mut again).await.unwrap();
    assert_eq!(
        count("SELECT count(*) FROM source_sets WHERE tenant_id = 'b'"),
        0
    );
}
