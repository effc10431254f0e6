//! Crash safety: `kill -9` the service in the middle of run submissions and review actions,
//! restart it on the same database, and check that everything acknowledged is there, that no
//! half-written step is visible, and that every decision replays exactly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_runtime-control-service");

// The caller owns the child: it kills it with SIGKILL and waits on it.
#[allow(clippy::zombie_processes)]
fn start(dir: &std::path::Path, database_url: &str) -> (Child, String) {
    let policies = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../policies");
    let mut child = Command::new(BIN)
        .arg("serve")
        .env("PORT", "0")
        .env("HOST", "127.0.0.1")
        .env("DATA_DIR", dir)
        .env("DATABASE_URL", database_url)
        .env("POLICY_BUNDLE_DIR", policies)
        .env("LOG_LEVEL", "info")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "service exited before listening"
        );
        let v: Value = serde_json::from_str(&line).unwrap();
        if v["message"] == "listening" {
            let addr = format!("http://{}", v["address"].as_str().unwrap());
            // Keep draining stdout so the service never blocks on a full pipe.
            std::thread::spawn(move || for _ in reader.lines() {});
            return (child, addr);
        }
    }
}

fn body(i: usize, cite: bool) -> Value {
    let cites = if cite { json!(["s1"]) } else { json!([]) };
    json!({
        "agent_id": "crash-agent", "case_id": format!("case-{i}"), "task_type": "discharge_summary",
        "model_provider": "acme", "model_version": "m1",
        "source_references": [{"source_id": "s1", "source_type": "clinical_note", "title": "Note",
            "content": "Patient admitted with pneumonia. Treated with ceftriaxone 1 g IV daily.", "authored_at": "2026-01-01T00:00:00Z"}],
        "agent_output": {"identity": {"agent_id": "crash-agent", "agent_version": "1", "model_provider": "acme", "model_version": "m1", "task_type": "discharge_summary"},
            "generated_at": "2026-01-01T01:00:00Z", "narrative": "Draft.",
            "claims": [{"claim_id": "c1", "claim_type": "diagnosis", "statement": "Patient admitted with pneumonia.", "supporting_source_ids": cites}],
            "medication_recommendations": [], "discharge_instructions_present": true}
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn acknowledged_work_survives_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let db = match std::env::var("TEST_DATABASE_URL") {
        Ok(admin) if !admin.is_empty() => {
            use sqlx::{Connection, Executor};
            let name = format!("rce_crash_{}", std::process::id());
            let mut c = sqlx::PgConnection::connect(&admin).await.unwrap();
            let _ = c
                .execute(format!("DROP DATABASE IF EXISTS {name}").as_str())
                .await;
            c.execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .unwrap();
            format!("{}/{name}", admin.rsplit_once('/').unwrap().0)
        }
        _ => format!("sqlite://{}/crash.db", dir.path().display()),
    };
    let (mut child, base) = start(dir.path(), &db);
    let c = reqwest::Client::new();
    let mut agent = json!({"agent_id": "crash-agent", "name": "n", "owner": "o", "version": "1", "clinical_domain": "d",
        "allowed_tasks": ["discharge_summary"], "capabilities": [], "model_provider": "acme", "model_version": "m1", "risk_tier": "low", "status": "active"});
    assert_eq!(
        c.post(format!("{base}/runtime/agents"))
            .json(&agent)
            .send()
            .await
            .unwrap()
            .status(),
        201
    );
    agent["agent_id"] = json!("unused");

    // Acknowledged work, recorded only after a 2xx answer arrived.
    let acked_runs: Arc<Mutex<Vec<Value>>> = Arc::default();
    let acked_reviews: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut tasks = vec![];
    for w in 0..8 {
        let (c, base, runs, reviews) = (
            c.clone(),
            base.clone(),
            acked_runs.clone(),
            acked_reviews.clone(),
        );
        tasks.push(tokio::spawn(async move {
            for i in 0.. {
                // Odd runs need review (no citation) and get approved.
                let needs_review = i % 2 == 1;
                let r = match c
                    .post(format!("{base}/runtime/agent-runs"))
                    .json(&body(w * 100_000 + i, !needs_review))
                    .send()
                    .await
                {
                    Ok(r) if r.status() == 201 => r.json::<Value>().await,
                    _ => break,
                };
                let Ok(r) = r else { break };
                runs.lock().unwrap().push(r.clone());
                if needs_review {
                    let sid = r["session_id"].as_str().unwrap().to_owned();
                    match c
                        .post(format!("{base}/runtime/sessions/{sid}/approve"))
                        .json(&json!({"reviewer_id": "dr"}))
                        .send()
                        .await
                    {
                        Ok(a) if a.status() == 200 => reviews.lock().unwrap().push(sid),
                        _ => break,
                    }
                }
            }
        }));
    }
    // Let work pile up, then kill -9 in the middle of it.
    for _ in 0..200 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        if acked_runs.lock().unwrap().len() >= 150 {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    for t in tasks {
        let _ = t.await;
    }
    let runs = acked_runs.lock().unwrap().clone();
    let reviews = acked_reviews.lock().unwrap().clone();
    assert!(
        runs.len() >= 20,
        "the load ran before the kill ({} runs)",
        runs.len()
    );

    let (mut child, base) = start(dir.path(), &db);
    for r in &runs {
        let d: Value = c
            .get(format!(
                "{base}/runtime/decision-records/{}",
                r["decision_id"].as_str().unwrap()
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            d["decision_id"], r["decision_id"],
            "acknowledged decision lost: {d}"
        );
        let replay: Value = c
            .get(format!(
                "{base}/runtime/decision-records/{}/replay",
                r["decision_id"].as_str().unwrap()
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(replay["matches"], true, "{replay}");
    }
    for sid in &reviews {
        let s: Value = c
            .get(format!("{base}/runtime/sessions/{sid}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            s["current_state"], "completed",
            "acknowledged approval lost: {s}"
        );
        let d: Value = c
            .get(format!(
                "{base}/runtime/decision-records/{}",
                s["current_decision_id"].as_str().unwrap()
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(d["human_action"], "approved");
    }
    // No half-written step: every session's state agrees with its decision and timeline.
    let mut cursor: Option<String> = None;
    let mut seen = 0;
    loop {
        let url = match &cursor {
            Some(cur) => format!("{base}/runtime/sessions?limit=200&cursor={cur}"),
            None => format!("{base}/runtime/sessions?limit=200"),
        };
        let page: Value = c.get(url).send().await.unwrap().json().await.unwrap();
        for s in page["items"].as_array().unwrap() {
            seen += 1;
            let sid = s["session_id"].as_str().unwrap();
            let replay: Value = c
                .get(format!("{base}/runtime/sessions/{sid}/replay"))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let runs = replay["runs"].as_array().unwrap();
            assert_eq!(
                runs.len() as u64,
                s["run_count"].as_u64().unwrap(),
                "{replay}"
            );
            let last = replay["timeline"].as_array().unwrap().last().unwrap();
            assert_eq!(last["to_state"], s["current_state"], "{replay}");
            let d = &runs.last().unwrap()["decision"];
            let expected = match s["current_state"].as_str().unwrap() {
                "completed" => "finalized",
                "waiting_for_human_review" => "awaiting_human_review",
                other => panic!("unexpected resting state {other}"),
            };
            assert_eq!(d["status"], expected, "{replay}");
        }
        cursor = page["next_cursor"].as_str().map(str::to_owned);
        if cursor.is_none() {
            break;
        }
    }
    assert!(seen >= runs.len(), "every acknowledged session is listed");
    println!(
        "kill -9 after {} acknowledged runs and {} approvals; {} sessions consistent after restart",
        runs.len(),
        reviews.len(),
        seen
    );
    child.kill().unwrap();
    child.wait().unwrap();
}
