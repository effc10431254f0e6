//! The pipeline through HTTP: external runs, internal sessions, review, retry, pause/resume,
//! cancel, decision records, replay and metrics. Same story on SQLite and PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::*;
use serde_json::{json, Value};

const NOTE: &str =
    "Patient admitted with community-acquired pneumonia. Treated with ceftriaxone 1 g IV daily. \
Afebrile for 48 hours before discharge. Follow-up with primary care in two weeks.";

fn supported_claim(id: &str) -> Value {
    json!({"claim_id": id, "claim_type": "diagnosis", "statement": "Patient admitted with community-acquired pneumonia.", "supporting_source_ids": ["src-1"]})
}

fn uncited_claim(id: &str) -> Value {
    json!({"claim_id": id, "claim_type": "diagnosis", "statement": "Patient admitted with community-acquired pneumonia.", "supporting_source_ids": []})
}

fn contradicted_claim(id: &str) -> Value {
    json!({"claim_id": id, "claim_type": "medication", "statement": "Treated with ceftriaxone 2 g IV daily.", "supporting_source_ids": ["src-1"]})
}

async fn setup() -> TestApp {
    let app = spawn_app().await;
    app.active_agent(None, "ext-agent", json!({})).await;
    app
}

async fn submit(app: &TestApp, claims: Value) -> Resp {
    app.post(
        "/runtime/agent-runs",
        run_body(
            "ext-agent",
            json!([source("src-1", NOTE)]),
            claims,
            json!([]),
            true,
        ),
    )
    .await
}

#[tokio::test]
async fn supported_output_is_auto_approved_and_finalized() {
    let app = setup().await;
    let r = submit(&app, json!([supported_claim("c1")])).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["control_action"], "auto_approve", "{}", r.text);
    assert_eq!(r.body["review_required"], false);
    assert_eq!(r.body["evidence_results"][0]["support"], "supported");
    assert!(
        r.body["policy_results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["passed"] == true),
        "{}",
        r.text
    );
    let risk = r.body["risk_score"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&risk));
    let d = app
        .get(&format!(
            "/runtime/decision-records/{}",
            r.body["decision_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(d["status"], "finalized");
    assert_eq!(d["resolution"], "auto_approved");
    assert!(d["human_action"].is_null());
    assert_eq!(d["final_output"], d["agent_output"]);
    assert!(d["input_context_hash"]
        .as_str()
        .unwrap()
        .starts_with("sha256:"));
    assert_eq!(d["input_context_hash"].as_str().unwrap().len(), 7 + 64);
    let types: Vec<&str> = d["runtime_events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    for t in [
        "agent.output_received",
        "evidence.evaluated",
        "policy.evaluated",
        "risk.scored",
        "decision.made",
        "decision.finalized",
    ] {
        assert!(types.contains(&t), "{t} missing from {types:?}");
    }
    let s = app
        .get(&format!(
            "/runtime/sessions/{}",
            r.body["session_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(s["current_state"], "completed");
    assert_eq!(s["execution_origin"], "external");
    assert_eq!(s["run_count"], 1);
    // Same input, same hash.
    let r2 = submit(&app, json!([supported_claim("c1")])).await;
    let d2 = app
        .get(&format!(
            "/runtime/decision-records/{}",
            r2.body["decision_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(d["input_context_hash"], d2["input_context_hash"]);
    app.stop().await;
}

#[tokio::test]
async fn review_approve_finalizes_and_a_second_reviewer_gets_409() {
    let app = setup().await;
    let r = submit(&app, json!([uncited_claim("c1")])).await;
    assert_eq!(r.body["control_action"], "require_review", "{}", r.text);
    assert_eq!(r.body["evidence_results"][0]["support"], "no_citation");
    let sid = r.body["session_id"].as_str().unwrap().to_owned();
    assert_eq!(
        app.get(&format!("/runtime/sessions/{sid}")).await.body["current_state"],
        "waiting_for_human_review"
    );
    assert_problem(
        &app.post(
            &format!("/runtime/sessions/{sid}/approve"),
            json!({"notes": "ok"}),
        )
        .await,
        400,
        "validation_failed",
    );
    let a = app
        .post(
            &format!("/runtime/sessions/{sid}/approve"),
            json!({"reviewer_id": "dr-lee", "notes": "checked"}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.text);
    assert_eq!(a.body["current_state"], "completed");
    let d = app
        .get(&format!(
            "/runtime/decision-records/{}",
            r.body["decision_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(d["status"], "finalized");
    assert_eq!(d["human_action"], "approved");
    assert_eq!(d["reviewer_id"], "dr-lee");
    assert_eq!(d["review_notes"], "checked");
    assert_eq!(d["final_output"], d["agent_output"]);
    assert_problem(
        &app.post(
            &format!("/runtime/sessions/{sid}/approve"),
            json!({"reviewer_id": "dr-x"}),
        )
        .await,
        409,
        "invalid_state_transition",
    );
    app.stop().await;
}

#[tokio::test]
async fn concurrent_reviewers_produce_exactly_one_winner() {
    let app = setup().await;
    let r = submit(&app, json!([uncited_claim("c1")])).await;
    let sid = r.body["session_id"].as_str().unwrap().to_owned();
    let mut handles = vec![];
    for i in 0..8 {
        let client = app.client.clone();
        let url = format!(
            "{}/runtime/sessions/{sid}/{}",
            app.base,
            if i % 2 == 0 { "approve" } else { "reject" }
        );
        handles.push(tokio::spawn(async move {
            client
                .post(url)
                .json(&json!({"reviewer_id": format!("r{i}")}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut codes = vec![];
    for h in handles {
        codes.push(h.await.unwrap());
    }
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 409).count(), 7, "{codes:?}");
    let d = app
        .get(&format!(
            "/runtime/decision-records/{}",
            r.body["decision_id"].as_str().unwrap()
        ))
        .await
        .body;
    let events: Vec<&str> = d["runtime_events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        events.iter().filter(|t| t.starts_with("review.")).count(),
        1,
        "{events:?}"
    );
    app.stop().await;
}

#[tokio::test]
async fn reject_blocks_and_external_retry_reopens_for_the_next_run() {
    let app = setup().await;
    let r = submit(&app, json!([uncited_claim("c1")])).await;
    let sid = r.body["session_id"].as_str().unwrap().to_owned();
    let rej = app
        .post(
            &format!("/runtime/sessions/{sid}/reject"),
            json!({"reviewer_id": "dr-lee"}),
        )
        .await;
    assert_eq!(rej.body["current_state"], "blocked", "{}", rej.text);
    let d = app
        .get(&format!(
            "/runtime/decision-records/{}",
            r.body["decision_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(d["human_action"], "rejected");
    assert!(d["final_output"].is_null());
    // A run into a blocked session is refused.
    let mut body = run_body(
        "ext-agent",
        json!([source("src-1", NOTE)]),
        json!([supported_claim("c1")]),
        json!([]),
        true,
    );
    body["session_id"] = json!(sid);
    assert_problem(
        &app.post("/runtime/agent-runs", body.clone()).await,
        409,
        "session_not_accepting_runs",
    );
    let re = app
        .post(
            &format!("/runtime/sessions/{sid}/retry"),
            json!({"reviewer_id": "dr-lee", "notes": "fix citations"}),
        )
        .await;
    assert_eq!(re.status, 200, "{}", re.text);
    assert_eq!(re.body["current_state"], "running");
    let second = app.post("/runtime/agent-runs", body.clone()).await;
    assert_eq!(second.status, 201, "{}", second.text);
    assert_eq!(second.body["session_id"], sid);
    assert_eq!(second.body["control_action"], "auto_approve");
    let s = app.get(&format!("/runtime/sessions/{sid}")).await.body;
    assert_eq!(s["run_count"], 2);
    assert_eq!(s["current_state"], "completed");
    // Another agent, case or task cannot add to the session.
    let mut other = body.clone();
    other["case_id"] = json!("case-999");
    assert_problem(
        &app.post("/runtime/agent-runs", other).await,
        409,
        "session_not_accepting_runs",
    );
    let replay = app
        .get(&format!("/runtime/sessions/{sid}/replay"))
        .await
        .body;
    let runs = replay["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["run"]["sequence"], 1);
    assert_eq!(runs[1]["run"]["sequence"], 2);
    assert_eq!(runs[1]["decision"]["status"], "finalized");
    app.stop().await;
}

#[tokio::test]
async fn retry_supersedes_a_blocked_decision_and_pause_resume_cancel_follow_the_table() {
    let app = setup().await;
    let r = submit(&app, json!([contradicted_claim("c1")])).await;
    assert_eq!(r.body["control_action"], "block", "{}", r.text);
    assert_eq!(r.body["evidence_results"][0]["support"], "contradicted");
    let sid = r.body["session_id"].as_str().unwrap().to_owned();
    let did = r.body["decision_id"].as_str().unwrap().to_owned();
    assert_eq!(
        app.get(&format!("/runtime/decision-records/{did}"))
            .await
            .body["status"],
        "blocked"
    );
    assert_problem(
        &app.post_empty(&format!("/runtime/sessions/{sid}/pause"))
            .await,
        409,
        "invalid_state_transition",
    );
    assert_eq!(
        app.post_empty(&format!("/runtime/sessions/{sid}/retry"))
            .await
            .body["current_state"],
        "running"
    );
    let d = app
        .get(&format!("/runtime/decision-records/{did}"))
        .await
        .body;
    assert_eq!(d["status"], "finalized");
    assert_eq!(d["resolution"], "superseded");
    assert_eq!(
        app.post_empty(&format!("/runtime/sessions/{sid}/pause"))
            .await
            .body["current_state"],
        "paused"
    );
    let mut body = run_body(
        "ext-agent",
        json!([source("src-1", NOTE)]),
        json!([supported_claim("c1")]),
        json!([]),
        true,
    );
    body["session_id"] = json!(sid);
    assert_problem(
        &app.post("/runtime/agent-runs", body).await,
        409,
        "session_not_accepting_runs",
    );
    assert_problem(
        &app.post_empty(&format!("/runtime/sessions/{sid}/pause"))
            .await,
        409,
        "invalid_state_transition",
    );
    assert_eq!(
        app.post_empty(&format!("/runtime/sessions/{sid}/resume"))
            .await
            .body["current_state"],
        "running"
    );
    let c = app
        .post_empty(&format!("/runtime/sessions/{sid}/cancel"))
        .await;
    assert_eq!(c.body["current_state"], "cancelled");
    let again = app
        .post_empty(&format!("/runtime/sessions/{sid}/cancel"))
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(
        again.body["updated_at"], c.body["updated_at"],
        "a second cancel changes nothing"
    );
    assert_problem(
        &app.post_empty(&format!("/runtime/sessions/{sid}/resume"))
            .await,
        409,
        "invalid_state_transition",
    );
    assert_problem(
        &app.post(
            &format!("/runtime/sessions/{sid}/approve"),
            json!({"reviewer_id": "x"}),
        )
        .await,
        409,
        "invalid_state_transition",
    );
    let tl = app
        .get(&format!("/runtime/sessions/{sid}/timeline"))
        .await
        .body;
    assert_eq!(tl["session_id"], sid);
    let states: Vec<&str> = tl["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["to_state"].as_str().unwrap())
        .collect();
    assert_eq!(
        states,
        [
            "created",
            "queued",
            "running",
            "waiting_for_evidence",
            "blocked",
            "running",
            "paused",
            "resumed",
            "running",
            "cancelled"
        ]
    );
    let seqs: Vec<u64> = tl["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["sequence"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=10).collect::<Vec<u64>>());
    app.stop().await;
}

#[tokio::test]
async fn contradictory_submissions_are_recorded_as_intake_rejections() {
    let app = setup().await;
    let mut body = run_body(
        "ext-agent",
        json!([source("src-1", NOTE), source("src-1", NOTE)]),
        json!([supported_claim("c1"), supported_claim("c1")]),
        json!([]),
        true,
    );
    body["agent_output"]["identity"]["agent_version"] = json!("9.9.9");
    body["agent_output"]["generated_at"] = json!("2099-01-01T00:00:00Z");
    let r = app.post("/runtime/agent-runs", body).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["control_action"], "reject");
    let codes: Vec<&str> = r.body["intake_errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["code"].as_str().unwrap())
        .collect();
    assert!(codes.len() >= 4, "{codes:?}");
    let d = app
        .get(&format!(
            "/runtime/decision-records/{}",
            r.body["decision_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(d["status"], "intake_rejected");
    let s = app
        .get(&format!(
            "/runtime/sessions/{}",
            r.body["session_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(s["current_state"], "failed");
    let replay = app
        .get(&format!(
            "/runtime/sessions/{}/replay",
            r.body["session_id"].as_str().unwrap()
        ))
        .await
        .body;
    assert_eq!(replay["runs"][0]["run"]["status"], "intake_rejected");
    app.stop().await;
}

#[tokio::test]
async fn runs_require_an_active_agent_allowed_to_do_the_task() {
    let app = setup().await;
    app.register_agent(None, "drafty", json!({})).await;
    let body = |agent: &str, task: &str| {
        let mut b = run_body(
            agent,
            json!([source("src-1", NOTE)]),
            json!([supported_claim("c1")]),
            json!([]),
            true,
        );
        b["task_type"] = json!(task);
        b["agent_output"]["identity"]["task_type"] = json!(task);
        b
    };
    assert_problem(
        &app.post("/runtime/agent-runs", body("drafty", "discharge_summary"))
            .await,
        409,
        "agent_not_active",
    );
    assert_problem(
        &app.post(
            "/runtime/agent-runs",
            body("ext-agent", "triage_recommendation"),
        )
        .await,
        409,
        "task_not_allowed",
    );
    assert_problem(
        &app.post("/runtime/agent-runs", body("ghost", "discharge_summary"))
            .await,
        404,
        "agent_not_found",
    );
    assert_problem(
        &app.post("/runtime/agent-runs", body("ext-agent", "bogus"))
            .await,
        400,
        "validation_failed",
    );
    let mut unknown_session = body("ext-agent", "discharge_summary");
    unknown_session["session_id"] = json!("sess_nope");
    assert_problem(
        &app.post("/runtime/agent-runs", unknown_session).await,
        404,
        "session_not_found",
    );
    // Another tenant cannot submit for this tenant's agent.
    assert_problem(
        &app.post_as(
            "other",
            "/runtime/agent-runs",
            body("ext-agent", "discharge_summary"),
        )
        .await,
        404,
        "agent_not_found",
    );
    app.stop().await;
}

#[tokio::test]
async fn internal_sessions_run_the_reference_agent_and_retry_in_the_same_call() {
    let app = spawn_app().await;
    let r = app
        .post(
            "/runtime/sessions",
            json!({"case_id": "case-7", "agent_id": "discharge-summary-agent", "task_type": "discharge_summary", "user_role": "physician",
                   "source_references": [source("src-1", NOTE)], "clinical_context": {"ward": "4B"}}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["execution_origin"], "synthetic");
    assert_eq!(r.body["run_count"], 1);
    let state = r.body["current_state"].as_str().unwrap().to_owned();
    assert!(
        ["completed", "waiting_for_human_review", "blocked"].contains(&state.as_str()),
        "{state}"
    );
    let did = r.body["current_decision_id"].as_str().unwrap();
    let d = app
        .get(&format!("/runtime/decision-records/{did}"))
        .await
        .body;
    assert_eq!(d["execution_origin"], "synthetic");
    assert_eq!(d["user_role"], "physician");
    for e in d["evidence_results"].as_array().unwrap() {
        assert_eq!(
            e["support"], "supported",
            "the reference agent cites what it copies: {e}"
        );
    }
    // Draft agent: only with allow_draft_agent.
    let draft = json!({"case_id": "c", "agent_id": "radiology-follow-up-agent", "task_type": "radiology_follow_up", "user_role": "nurse"});
    assert_problem(
        &app.post("/runtime/sessions", draft.clone()).await,
        409,
        "agent_not_active",
    );
    let mut allowed = draft.clone();
    allowed["allow_draft_agent"] = json!(true);
    let s = app.post("/runtime/sessions", allowed).await;
    assert_eq!(s.status, 201, "{}", s.text);
    // With no sources the reference agent has nothing to claim; sources-required fails → not auto-approved.
    let sid = s.body["session_id"].as_str().unwrap();
    if ["blocked", "waiting_for_human_review", "failed"]
        .contains(&s.body["current_state"].as_str().unwrap())
    {
        let re = app
            .post_empty(&format!("/runtime/sessions/{sid}/retry"))
            .await;
        assert_eq!(re.status, 200, "{}", re.text);
        assert_eq!(re.body["run_count"], 2);
        assert_ne!(
            re.body["current_decision_id"],
            s.body["current_decision_id"]
        );
    }
    assert_problem(&app.post("/runtime/sessions", json!({"case_id": "c", "agent_id": "discharge-summary-agent", "task_type": "discharge_summary"})).await, 400, "validation_failed");
    app.stop().await;
}

#[tokio::test]
async fn decision_records_list_export_and_replay_exactly() {
    let app = setup().await;
    let mut ids = vec![];
    for claims in [
        json!([supported_claim("c1")]),
        json!([uncited_claim("c1")]),
        json!([contradicted_claim("c1")]),
    ] {
        ids.push(
            submit(&app, claims).await.body["decision_id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    let meds = app
        .post(
            "/runtime/agent-runs",
            run_body(
                "ext-agent",
                json!([source("src-1", NOTE)]),
                json!([supported_claim("c1")]),
                json!([{"name": "ceftriaxone", "dose": "1 g"}]),
                true,
            ),
        )
        .await;
    assert_eq!(
        meds.body["control_action"], "require_review",
        "medication recommendations always need review: {}",
        meds.text
    );
    ids.push(meds.body["decision_id"].as_str().unwrap().to_owned());
    for id in &ids {
        let r = app
            .get(&format!("/runtime/decision-records/{id}/replay"))
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.body["matches"], true, "{}", r.text);
        assert_eq!(r.body["differences"], json!([]));
        assert_eq!(r.body["recorded"], r.body["replayed"]);
        let e = app
            .get(&format!("/runtime/decision-records/{id}/export"))
            .await;
        assert!(e.body["exported_at"].is_string());
        assert_eq!(e.body["decision_record"]["decision_id"], *id);
    }
    let blocked = app
        .get("/runtime/decision-records?status=blocked")
        .await
        .body;
    assert_eq!(blocked["items"].as_array().unwrap().len(), 1);
    let by_agent = app
        .get("/runtime/decision-records?agent_id=ext-agent&limit=3")
        .await
        .body;
    assert_eq!(by_agent["items"].as_array().unwrap().len(), 3);
    assert!(by_agent["next_cursor"].is_string());
    assert_eq!(
        app.get("/runtime/decision-records?case_id=case-001")
            .await
            .body["items"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_problem(
        &app.get("/runtime/decision-records?status=bogus").await,
        400,
        "validation_failed",
    );
    assert_problem(
        &app.get_as("other", &format!("/runtime/decision-records/{}", ids[0]))
            .await,
        404,
        "decision_not_found",
    );
    assert_problem(
        &app.get("/runtime/decision-records/dec_nope/replay").await,
        404,
        "decision_not_found",
    );
    assert_problem(
        &app.get("/runtime/sessions/sess_nope").await,
        404,
        "session_not_found",
    );
    assert_eq!(
        app.get("/runtime/sessions?agent_id=ext-agent&state=blocked")
            .await
            .body["items"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    app.stop().await;
}

/// Source analyses kept across runs (the default) decide exactly as fresh analyses: the
/// same runs on a server with the cache turned off give the same verdicts, scores and
/// actions, and every decision of the caching server replays (from the text) exactly.
#[tokio::test]
async fn kept_source_analyses_decide_as_fresh_ones() {
    let caching = setup().await;
    let fresh = spawn_with(|env| {
        env.insert("EVIDENCE_CACHE_MB".into(), "0".into());
    })
    .await;
    fresh.active_agent(None, "ext-agent", json!({})).await;
    let labs = source(
        "src-2",
        "CBC on admission: WBC 15.8 K/uL, Hgb 13.1 g/dL. Creatinine 1.1 mg/dL. \
Ceftriaxone 1 g IV daily was continued. No fever since day 2.",
    );
    let claims = json!([
        supported_claim("c1"),
        contradicted_claim("c2"),
        {"claim_id": "c3", "claim_type": "lab_result", "statement": "WBC was 15.8 K/uL on admission.", "supporting_source_ids": ["src-2"]},
        {"claim_id": "c4", "claim_type": "lab_result", "statement": "Hgb was 13.1 mg/dL.", "supporting_source_ids": ["src-2"]},
        {"claim_id": "c5", "claim_type": "finding", "statement": "Febrile at discharge.", "supporting_source_ids": ["src-1", "src-2"]}
    ]);
    // Made, then found in the cache, then found with the sources in the other order (so
    // their terms are numbered differently in the run).
    let orders = [
        json!([source("src-1", NOTE), labs.clone()]),
        json!([source("src-1", NOTE), labs.clone()]),
        json!([labs.clone(), source("src-1", NOTE)]),
    ];
    for (round, sources) in orders.into_iter().enumerate() {
        let body = run_body("ext-agent", sources, claims.clone(), json!([]), true);
        let kept = caching.post("/runtime/agent-runs", body.clone()).await;
        let made = fresh.post("/runtime/agent-runs", body).await;
        assert_eq!(kept.status, 201, "{}", kept.text);
        for field in [
            "evidence_results",
            "policy_results",
            "risk_score",
            "risk_level",
            "control_action",
        ] {
            assert_eq!(kept.body[field], made.body[field], "round {round}: {field}");
        }
        assert_eq!(kept.body["evidence_results"][2]["support"], "supported");
        assert_eq!(kept.body["evidence_results"][3]["support"], "contradicted");
        let id = kept.body["decision_id"].as_str().unwrap();
        let replay = caching
            .get(&format!("/runtime/decision-records/{id}/replay"))
            .await;
        assert_eq!(replay.body["matches"], true, "{}", replay.text);
    }
    caching.stop().await;
    fresh.stop().await;
}

#[tokio::test]
async fn metrics_count_on_write() {
    let app = setup().await;
    app.active_agent(None, "other-agent", json!({})).await;
    submit(&app, json!([supported_claim("c1")])).await;
    let review = submit(&app, json!([uncited_claim("c1")])).await;
    submit(&app, json!([contradicted_claim("c1")])).await;
    app.post(
        &format!(
            "/runtime/sessions/{}/approve",
            review.body["session_id"].as_str().unwrap()
        ),
        json!({"reviewer_id": "r"}),
    )
    .await;
    let m = app.get("/runtime/metrics?agent_id=ext-agent").await;
    assert_eq!(m.status, 200, "{}", m.text);
    let m = m.body;
    assert_eq!(m["agent_id"], "ext-agent");
    assert_eq!(m["sessions"]["total"], 3);
    assert_eq!(m["sessions"]["by_state"]["completed"], 2);
    assert_eq!(m["sessions"]["by_state"]["blocked"], 1);
    assert_eq!(m["runs"]["by_origin"]["external"], 3);
    assert_eq!(m["decisions"]["total"], 3);
    assert_eq!(m["decisions"]["by_status"]["finalized"], 2);
    assert_eq!(m["decisions"]["by_control_action"]["block"], 1);
    let third = 1.0 / 3.0;
    assert!((m["auto_approval_rate"].as_f64().unwrap() - third).abs() < 1e-9);
    assert!((m["block_rate"].as_f64().unwrap() - third).abs() < 1e-9);
    assert_eq!(m["reviews"]["approved"], 1);
    assert_eq!(m["claims"]["total"], 3);
    assert_eq!(m["claims"]["by_support"]["contradicted"], 1);
    assert!(m["policy_failures"].as_object().unwrap().len() >= 2);
    let all = app.get("/runtime/metrics").await.body;
    assert!(all["sessions"]["total"].as_i64().unwrap() >= 3);
    let empty = app.get("/runtime/metrics?agent_id=other-agent").await.body;
    assert_eq!(empty["sessions"]["total"], 0);
    assert_problem(
        &app.get("/runtime/metrics?agent_id=ghost").await,
        404,
        "agent_not_found",
    );
    app.stop().await;
}

fn ratio_passed(decision: &Value) -> bool {
    decision["policy_results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["policy_id"] == "unsupported_claim_ratio")
        .unwrap()["passed"]
        .as_bool()
        .unwrap()
}

/// The bundle's thresholds.json decides, and a decision replays with the thresholds it was
/// made with even after the service restarts on a bundle without them.
#[tokio::test]
async fn bundle_thresholds_decide_and_replay_after_the_bundle_changes() {
    let bundle = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(repo_root().join("policies")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, bundle.path().join(path.file_name().unwrap())).unwrap();
    }
    std::fs::write(
        bundle.path().join("thresholds.json"),
        r#"{"unsupported_ratio_max": 1.0}"#,
    )
    .unwrap();
    let dir = bundle.path().display().to_string();
    let app = spawn_with(|env| {
        env.insert("POLICY_BUNDLE_DIR".into(), dir);
    })
    .await;
    app.active_agent(None, "ext-agent", json!({})).await;
    let unsupported = json!([{"claim_id": "c1", "claim_type": "diagnosis",
        "statement": "Patient has a history of atrial fibrillation.", "supporting_source_ids": ["src-1"]}]);
    let r = submit(&app, unsupported.clone()).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["evidence_results"][0]["support"], "unsupported");
    assert!(ratio_passed(&r.body), "{}", r.text);
    let decision = r.body["decision_id"].as_str().unwrap().to_owned();

    // Same database, the shipped bundle (default thresholds): new decisions fail the rule,
    // the recorded one still replays exactly.
    let env = base_env(app.dir.path(), &app.database_url);
    let state = server::build_state(server::config::Config::from_env(&env).unwrap())
        .await
        .unwrap();
    let running = server::serve(state, false).await.unwrap();
    let default = format!("http://{}", running.addr);
    let client = reqwest::Client::new();
    let fresh: Value = client
        .post(format!("{default}/runtime/agent-runs"))
        .json(&run_body(
            "ext-agent",
            json!([source("src-1", NOTE)]),
            unsupported,
            json!([]),
            true,
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(!ratio_passed(&fresh), "{fresh}");
    let replay: Value = client
        .get(format!(
            "{default}/runtime/decision-records/{decision}/replay"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(replay["matches"], true, "{replay}");
    assert!(ratio_passed(&replay["replayed"]), "{replay}");
    let _ = running.shutdown.send(());
    app.stop().await;
}
