//! Managed execution through HTTP (spec 1 rules 2/5/6, 4.2; contract 5): a real server on
//! port 0, the tenant's own provider account played by a wiremock server on loopback that
//! speaks the real OpenAI, Anthropic and OpenAI-compatible wire formats.
//!
//! Covered: the happy path per provider (whose key goes out, what the provider is asked, what
//! is recorded), every resolution check the API can reach (and the ones it cannot, with the
//! reason), provider failure classes and timeouts, unmappable answers, managed retry, log
//! hygiene of the built binary, and the operator's demonstration seed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::*;
use reqwest::Method;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const NOTE: &str =
    "Patient admitted with community-acquired pneumonia. Treated with ceftriaxone 1 g IV daily. \
Afebrile for 48 hours before discharge. Follow-up with primary care in two weeks.";
const INSTRUCTIONS: &str = "Write the discharge summary for the primary care team.";
const OPERATOR_KEY: &str = "sk-OPERATOR-KEY-never-for-tenants";
const OPENAI_PATH: &str = "/v1/chat/completions";
const ANTHROPIC_PATH: &str = "/v1/messages";

// ---------------------------------------------------------------------------------------
// The model's answers and the providers' wire formats
// ---------------------------------------------------------------------------------------

/// An agent-output answer whose claims are sentences of NOTE citing it: auto-approvable.
fn grounded_answer() -> Value {
    json!({
        "narrative": "Patient admitted with community-acquired pneumonia. Follow-up with primary care in two weeks.",
        "claims": [
            {"claim_id": "claim-1", "claim_type": "diagnosis", "statement": "Patient admitted with community-acquired pneumonia.", "supporting_source_ids": ["src-1"]},
            {"claim_id": "claim-2", "claim_type": "follow_up", "statement": "Follow-up with primary care in two weeks.", "supporting_source_ids": ["src-1"]}
        ],
        "medication_recommendations": [],
        "discharge_instructions_present": true
    })
}

/// A well-formed answer with an uncited claim: evaluated, needs review.
fn uncited_answer() -> Value {
    json!({
        "narrative": "Patient admitted with community-acquired pneumonia.",
        "claims": [
            {"claim_id": "claim-1", "claim_type": "diagnosis", "statement": "Patient admitted with community-acquired pneumonia.", "supporting_source_ids": []}
        ],
        "medication_recommendations": [],
        "discharge_instructions_present": true
    })
}

fn openai_completion(content: &str) -> Value {
    json!({
        "id": "chatcmpl-9xYz",
        "object": "chat.completion",
        "created": 1_768_000_000,
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": null}, "logprobs": null, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 812, "completion_tokens": 96, "total_tokens": 908},
        "system_fingerprint": "fp_test"
    })
}

fn anthropic_message(text: &str) -> Value {
    json!({
        "id": "msg_01Test",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5-20250929",
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": null,
        "usage": {"input_tokens": 640, "output_tokens": 80}
    })
}

fn openai_ok(answer: &Value) -> ResponseTemplate {
    ResponseTemplate::new(200)
        .insert_header("x-request-id", "req_openai_123")
        .set_body_json(openai_completion(&answer.to_string()))
}

async fn mount(server: &MockServer, at: &str, response: ResponseTemplate) {
    Mock::given(method("POST"))
        .and(path(at))
        .respond_with(response)
        .mount(server)
        .await;
}

/// A mock OpenAI-style provider answering every chat completion with `response`.
async fn openai_mock(response: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    mount(&server, OPENAI_PATH, response).await;
    server
}

/// Replaces whatever the mock answered with `response`, keeping its recorded requests clear.
async fn answer_with(server: &MockServer, at: &str, response: ResponseTemplate) {
    server.reset().await;
    mount(server, at, response).await;
}

async fn received(server: &MockServer) -> Vec<wiremock::Request> {
    server.received_requests().await.unwrap()
}

fn header(r: &wiremock::Request, name: &str) -> Option<String> {
    r.headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

fn authorizations(reqs: &[wiremock::Request]) -> Vec<String> {
    reqs.iter()
        .map(|r| header(r, "authorization").unwrap_or_default())
        .collect()
}

// ---------------------------------------------------------------------------------------
// Building a tenant's managed chain through the public API
// ---------------------------------------------------------------------------------------

async fn connection(
    app: &TestApp,
    tenant: Option<&str>,
    provider: &str,
    key: &str,
    endpoint: Option<&str>,
) -> String {
    let c = app.create_connection(tenant, provider, key, endpoint).await;
    assert_eq!(c["status"], "pending");
    c["connection_id"].as_str().unwrap().to_owned()
}

async fn validated(
    app: &TestApp,
    tenant: Option<&str>,
    provider: &str,
    key: &str,
    endpoint: Option<&str>,
) -> String {
    let id = connection(app, tenant, provider, key, endpoint).await;
    let v = app
        .send(
            Method::POST,
            &format!("/runtime/provider-connections/{id}/validate"),
            tenant,
            None,
        )
        .await;
    assert_eq!(v.status, 200, "{}", v.text);
    assert_eq!(v.body["status"], "valid", "{}", v.text);
    id
}

fn profile_body(provider: &str, adapter: &str, connection: &str, model: &str) -> Value {
    json!({
        "display_name": format!("{provider} profile"),
        "provider": provider,
        "adapter_id": adapter,
        "provider_connection_id": connection,
        "model": model,
        "max_output_tokens": 900,
        "timeout_ms": 10_000,
        "temperature": 0.2,
        "status": "active"
    })
}

async fn profile(app: &TestApp, tenant: Option<&str>, body: Value) -> String {
    let r = app
        .send(
            Method::POST,
            "/runtime/execution-profiles",
            tenant,
            Some(body),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body["profile_id"].as_str().unwrap().to_owned()
}

/// An active agent (tier medium, discharge_summary + clinical_summary) using `profile`.
async fn agent(app: &TestApp, tenant: Option<&str>, id: &str, profile: Option<&str>) -> String {
    let extra = match profile {
        Some(p) => json!({"execution_profile_id": p}),
        None => json!({}),
    };
    app.active_agent(tenant, id, extra).await;
    id.to_owned()
}

/// Connection (validated) → active profile → active agent. Returns (agent, profile, connection).
#[allow(clippy::too_many_arguments)]
async fn chain(
    app: &TestApp,
    tenant: Option<&str>,
    agent_id: &str,
    provider: &str,
    adapter: &str,
    key: &str,
    endpoint: Option<&str>,
    model: &str,
    profile_extra: Value,
) -> (String, String, String) {
    let conn = validated(app, tenant, provider, key, endpoint).await;
    let mut body = profile_body(provider, adapter, &conn, model);
    merge(&mut body, profile_extra);
    let prof = profile(app, tenant, body).await;
    let a = agent(app, tenant, agent_id, Some(&prof)).await;
    (a, prof, conn)
}

fn execute_body() -> Value {
    json!({
        "case_id": "case-managed-1",
        "task_type": "discharge_summary",
        "instructions": INSTRUCTIONS,
        "source_references": [source("src-1", NOTE)],
        "clinical_context": {"encounter_id": "enc-77", "ward": "4B"},
        "user_role": "physician"
    })
}

async fn execute_with(app: &TestApp, tenant: Option<&str>, agent: &str, body: Value) -> Resp {
    app.send(
        Method::POST,
        &format!("/runtime/agents/{agent}/execute"),
        tenant,
        Some(body),
    )
    .await
}

async fn execute(app: &TestApp, tenant: Option<&str>, agent: &str) -> Resp {
    execute_with(app, tenant, agent, execute_body()).await
}

async fn get_in(app: &TestApp, tenant: Option<&str>, path: &str) -> Value {
    let r = app.send(Method::GET, path, tenant, None).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.body
}

fn event_types(decision: &Value) -> Vec<String> {
    decision["runtime_events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap().to_owned())
        .collect()
}

fn event<'a>(decision: &'a Value, kind: &str) -> &'a Value {
    decision["runtime_events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == kind)
        .unwrap_or_else(|| panic!("no {kind} event in {decision}"))
}

/// Metrics without their clock, for before/after comparisons.
async fn metrics(app: &TestApp, tenant: Option<&str>) -> Value {
    let mut m = get_in(app, tenant, "/runtime/metrics").await;
    m.as_object_mut().unwrap().remove("generated_at");
    m
}

fn items_len(v: &Value) -> usize {
    v["items"].as_array().unwrap().len()
}

/// What every successful managed execution answers, for the given provider and adapter.
fn assert_execute_response(r: &Resp, adapter: &str, profile: &str, conn: &str, provider: &str) {
    assert_eq!(r.status, 201, "{}", r.text);
    let b = &r.body;
    assert_eq!(b["adapter_id"], adapter, "{}", r.text);
    assert_eq!(b["execution_profile_id"], profile);
    assert_eq!(b["connection_id"], conn);
    assert_eq!(b["model_provider"], provider);
    for k in ["session_id", "run_id", "decision_id"] {
        assert!(b[k].is_string(), "{k} missing: {}", r.text);
    }
    assert!(b["session_id"].as_str().unwrap().starts_with("sess_"));
    assert!(b["run_id"].as_str().unwrap().starts_with("run_"));
    assert!(b["decision_id"].as_str().unwrap().starts_with("dec_"));
    for k in [
        "control_action",
        "risk_score",
        "risk_level",
        "review_required",
        "policy_results",
        "evidence_results",
    ] {
        assert!(!b[k].is_null(), "{k} missing: {}", r.text);
    }
    let meta = b["execution_metadata"].as_object().unwrap();
    let mut keys: Vec<&str> = meta.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "finish_reason",
            "input_tokens",
            "latency_ms",
            "output_tokens",
            "provider_request_id",
            "total_tokens"
        ],
        "{}",
        r.text
    );
    assert!(b["execution_metadata"]["latency_ms"].is_u64());
}

/// The session, its runs and its timeline all tell the same managed story.
async fn assert_managed_session(app: &TestApp, tenant: Option<&str>, r: &Resp, state: &str) {
    let sid = r.body["session_id"].as_str().unwrap();
    let s = get_in(app, tenant, &format!("/runtime/sessions/{sid}")).await;
    assert_eq!(s["execution_origin"], "managed", "{s}");
    assert_eq!(s["current_state"], state, "{s}");
    assert_eq!(s["current_run_id"], r.body["run_id"]);
    assert_eq!(s["current_decision_id"], r.body["decision_id"]);
    let replay = get_in(app, tenant, &format!("/runtime/sessions/{sid}/replay")).await;
    let runs = replay["runs"].as_array().unwrap();
    let run_ids: Vec<&Value> = runs.iter().map(|r| &r["run"]["run_id"]).collect();
    for run in runs {
        assert_eq!(run["run"]["execution_origin"], "managed", "{run}");
        assert_eq!(run["decision"]["execution_origin"], "managed", "{run}");
    }
    // Every timeline entry names a run of this session (or none): never an id that never ran.
    let timeline = get_in(app, tenant, &format!("/runtime/sessions/{sid}/timeline")).await;
    for e in timeline["items"].as_array().unwrap() {
        assert!(
            e["run_id"].is_null() || run_ids.contains(&&e["run_id"]),
            "timeline entry {e} names a run that is not in {run_ids:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// 1. Happy paths
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn openai_execution_uses_the_tenants_key_and_is_evaluated_like_any_run() {
    let mock = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
        // The operator's own key is configured, and must never serve a tenant.
        env.insert("OPENAI_API_KEY".into(), OPERATOR_KEY.into());
    })
    .await;
    let tenant = Some("hosp-openai");
    let (agent_id, prof, conn) = chain(
        &app,
        tenant,
        "openai-agent",
        "openai",
        "openai",
        "sk-tenant-openai-1111",
        None,
        "gpt-4o-mini",
        json!({}),
    )
    .await;
    let before = metrics(&app, tenant).await;
    assert_eq!(before["managed_execution"]["calls"], 0);

    let r = execute(&app, tenant, &agent_id).await;
    assert_execute_response(&r, "openai", &prof, &conn, "openai");
    let b = &r.body;
    assert_eq!(b["model_version"], "gpt-4o-mini", "{}", r.text);
    assert_eq!(b["control_action"], "auto_approve", "{}", r.text);
    assert_eq!(b["review_required"], false);
    assert!(b["risk_level"].is_string(), "{}", r.text);
    let meta = &b["execution_metadata"];
    assert_eq!(meta["input_tokens"], 812);
    assert_eq!(meta["output_tokens"], 96);
    assert_eq!(meta["total_tokens"], 908);
    assert_eq!(meta["provider_request_id"], "req_openai_123");
    assert_eq!(meta["finish_reason"], "stop");
    let support: Vec<&Value> = b["evidence_results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["support"])
        .collect();
    assert_eq!(support, [&json!("supported"), &json!("supported")]);
    assert!(b["policy_results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["passed"] == true));
    assert!(!r.text.contains("sk-tenant-openai-1111"));

    // Exactly one call, with the tenant's key, carrying the profile's settings and the request.
    let reqs = received(&mock).await;
    assert_eq!(reqs.len(), 1);
    assert_eq!(
        authorizations(&reqs),
        ["Bearer sk-tenant-openai-1111".to_owned()]
    );
    assert_eq!(reqs[0].url.path(), OPENAI_PATH);
    let sent: Value = reqs[0].body_json().unwrap();
    assert_eq!(sent["model"], "gpt-4o-mini");
    assert_eq!(sent["max_completion_tokens"], 900, "{sent}");
    assert!(sent.get("max_tokens").is_none(), "{sent}");
    assert_eq!(sent["response_format"]["type"], "json_schema");
    assert_eq!(sent["response_format"]["json_schema"]["strict"], true);
    assert_eq!(sent["messages"][0]["role"], "system");
    assert_eq!(sent["messages"][1]["role"], "user");
    let system = sent["messages"][0]["content"].as_str().unwrap();
    let user = sent["messages"][1]["content"].as_str().unwrap();
    assert!(system.contains("discharge_instructions_present"));
    assert!(user.contains(INSTRUCTIONS), "{user}");
    assert!(user.contains("Task type: discharge_summary"));
    assert!(user.contains(NOTE));
    assert!(user.contains("source_id=\"src-1\""));
    assert!(user.contains("enc-77"), "clinical context is sent: {user}");

    // The decision record: managed origin, provider events in order, auto-approved.
    let did = b["decision_id"].as_str().unwrap();
    let d = get_in(&app, tenant, &format!("/runtime/decision-records/{did}")).await;
    assert_eq!(d["execution_origin"], "managed");
    assert_eq!(d["status"], "finalized");
    assert_eq!(d["resolution"], "auto_approved");
    assert_eq!(d["agent_id"], "openai-agent");
    assert_eq!(d["model_provider"], "openai");
    assert_eq!(d["model_version"], "gpt-4o-mini");
    assert_eq!(d["user_role"], "physician");
    assert_eq!(d["agent_output"]["identity"]["agent_id"], "openai-agent");
    assert_eq!(d["agent_output"]["identity"]["agent_version"], "2.1.0");
    assert_eq!(d["agent_output"]["identity"]["model_provider"], "openai");
    assert_eq!(
        d["agent_output"]["identity"]["model_version"],
        "gpt-4o-mini"
    );
    assert_eq!(
        d["agent_output"]["identity"]["task_type"],
        "discharge_summary"
    );
    assert_eq!(d["agent_output"]["claims"], grounded_answer()["claims"]);
    assert_eq!(d["final_output"], d["agent_output"]);
    let types = event_types(&d);
    let pos = |t: &str| {
        types
            .iter()
            .position(|x| x == t)
            .unwrap_or_else(|| panic!("{t} missing from {types:?}"))
    };
    assert!(pos("agent.invoked") < pos("provider.call_started"));
    assert!(pos("provider.call_started") < pos("provider.call_completed"));
    assert!(pos("provider.call_completed") < pos("agent.output_received"));
    assert!(pos("agent.output_received") < pos("decision.finalized"));
    assert!(!types.iter().any(|t| t == "provider.call_failed"));
    let completed = event(&d, "provider.call_completed");
    assert_eq!(completed["data"]["input_tokens"], 812);
    assert_eq!(completed["data"]["provider_request_id"], "req_openai_123");
    let invoked = event(&d, "agent.invoked");
    assert_eq!(invoked["data"]["connection_id"], conn.as_str());
    assert_eq!(invoked["data"]["execution_profile_id"], prof.as_str());
    assert!(!serde_json::to_string(&d)
        .unwrap()
        .contains("sk-tenant-openai-1111"));
    // Event data holds ids, counts and codes only: no prompt, no clinical text.
    let events = serde_json::to_string(&d["runtime_events"]).unwrap();
    assert!(!events.contains(INSTRUCTIONS) && !events.contains("pneumonia"));

    assert_managed_session(&app, tenant, &r, "completed").await;
    let sid = b["session_id"].as_str().unwrap();
    let s = get_in(&app, tenant, &format!("/runtime/sessions/{sid}")).await;
    assert_eq!(s["run_count"], 1);
    assert_eq!(s["case_id"], "case-managed-1");
    let m = metrics(&app, tenant).await;
    assert_eq!(m["managed_execution"]["calls"], 1);
    assert_eq!(m["managed_execution"]["failures"], 0);
    assert_eq!(m["managed_execution"]["input_tokens"], 812);
    assert_eq!(m["managed_execution"]["output_tokens"], 96);
    assert_eq!(m["runs"]["by_origin"]["managed"], 1, "{m}");
    // Tenant-scoped: another tenant sees none of it.
    assert_problem(
        &app.get_as("hosp-other", &format!("/runtime/sessions/{sid}"))
            .await,
        404,
        "session_not_found",
    );
    app.stop().await;
}

#[tokio::test]
async fn each_tenant_sends_its_own_key_and_the_operators_key_is_never_sent() {
    let mock = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
        env.insert("OPENAI_API_KEY".into(), OPERATOR_KEY.into());
    })
    .await;
    let mut chains = vec![];
    for (tenant, key) in [
        (Some("hosp-a"), "sk-tenant-a-aaaa"),
        (Some("hosp-b"), "sk-tenant-b-bbbb"),
        // The default tenant holds the operator's demo too; its own agents still use its key.
        (None, "sk-tenant-default-dddd"),
    ] {
        let (a, _, conn) = chain(
            &app,
            tenant,
            "same-agent-id",
            "openai",
            "openai",
            key,
            None,
            "gpt-4o-mini",
            json!({}),
        )
        .await;
        chains.push((tenant, a, conn));
    }
    for (tenant, a, _) in chains.iter().chain(chains.iter().take(1)) {
        let r = execute(&app, *tenant, a).await;
        assert_eq!(r.status, 201, "{}", r.text);
        assert_eq!(r.body["control_action"], "auto_approve", "{}", r.text);
    }
    let auths = authorizations(&received(&mock).await);
    assert_eq!(
        auths,
        [
            "Bearer sk-tenant-a-aaaa",
            "Bearer sk-tenant-b-bbbb",
            "Bearer sk-tenant-default-dddd",
            "Bearer sk-tenant-a-aaaa"
        ]
    );
    assert!(auths.iter().all(|a| !a.contains(OPERATOR_KEY)));

    // A profile of tenant b naming tenant a's connection never reaches it.
    let (_, _, conn_a) = &chains[0];
    let prof = profile(
        &app,
        Some("hosp-b"),
        profile_body("openai", "openai", conn_a, "gpt-4o-mini"),
    )
    .await;
    agent(&app, Some("hosp-b"), "borrower", Some(&prof)).await;
    assert_problem(
        &execute(&app, Some("hosp-b"), "borrower").await,
        404,
        "connection_not_found",
    );
    assert_eq!(received(&mock).await.len(), 4, "no call for the borrower");
    app.stop().await;
}

#[tokio::test]
async fn anthropic_execution_speaks_the_messages_api_with_the_tenants_key() {
    let mock = MockServer::start().await;
    mount(
        &mock,
        ANTHROPIC_PATH,
        ResponseTemplate::new(200)
            .insert_header("request-id", "req_anthropic_456")
            .set_body_json(anthropic_message(&grounded_answer().to_string())),
    )
    .await;
    let base = mock.uri();
    let app = spawn_with(|env| {
        env.insert("ANTHROPIC_BASE_URL".into(), base.clone());
        env.insert("ANTHROPIC_API_KEY".into(), OPERATOR_KEY.into());
    })
    .await;
    let (a, prof, conn) = chain(
        &app,
        None,
        "anthropic-agent",
        "anthropic",
        "anthropic",
        "sk-ant-tenant-2222",
        None,
        "claude-sonnet-4-5",
        json!({"model_version": "claude-sonnet-4-5-20250929", "max_output_tokens": 700}),
    )
    .await;
    let r = execute(&app, None, &a).await;
    assert_execute_response(&r, "anthropic", &prof, &conn, "anthropic");
    assert_eq!(r.body["model_version"], "claude-sonnet-4-5-20250929");
    assert_eq!(r.body["control_action"], "auto_approve", "{}", r.text);
    let meta = &r.body["execution_metadata"];
    assert_eq!(meta["input_tokens"], 640);
    assert_eq!(meta["output_tokens"], 80);
    assert_eq!(meta["total_tokens"], 720);
    assert_eq!(meta["provider_request_id"], "req_anthropic_456");
    assert_eq!(meta["finish_reason"], "end_turn");

    let reqs = received(&mock).await;
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0].url.path(), ANTHROPIC_PATH);
    assert_eq!(
        header(&reqs[0], "x-api-key").as_deref(),
        Some("sk-ant-tenant-2222")
    );
    assert_eq!(
        header(&reqs[0], "anthropic-version").as_deref(),
        Some("2023-06-01")
    );
    assert_eq!(header(&reqs[0], "authorization"), None);
    let sent: Value = reqs[0].body_json().unwrap();
    // The pinned snapshot of the model is what goes on the wire.
    assert_eq!(sent["model"], "claude-sonnet-4-5-20250929");
    assert_eq!(sent["max_tokens"], 700);
    assert!(sent["system"]
        .as_str()
        .unwrap()
        .contains("discharge_instructions_present"));
    assert_eq!(sent["messages"][0]["role"], "user");
    let user = sent["messages"][0]["content"].as_str().unwrap();
    assert!(user.contains(INSTRUCTIONS) && user.contains(NOTE));

    let did = r.body["decision_id"].as_str().unwrap();
    let d = get_in(&app, None, &format!("/runtime/decision-records/{did}")).await;
    assert_eq!(d["execution_origin"], "managed");
    assert_eq!(d["model_provider"], "anthropic");
    let types = event_types(&d);
    assert!(types.contains(&"provider.call_started".to_owned()));
    assert!(types.contains(&"provider.call_completed".to_owned()));
    assert_managed_session(&app, None, &r, "completed").await;
    app.stop().await;
}

#[tokio::test]
async fn openai_compatible_execution_goes_to_the_connection_endpoint() {
    // A local server without usage or request-id header (llama.cpp and friends).
    let local = MockServer::start().await;
    let mut completion = openai_completion(&grounded_answer().to_string());
    completion.as_object_mut().unwrap().remove("usage");
    completion["model"] = json!("llama-3.1-8b-instruct");
    mount(
        &local,
        OPENAI_PATH,
        ResponseTemplate::new(200).set_body_json(completion),
    )
    .await;
    // Where OPENAI_BASE_URL points: must see nothing of a connection that has its own endpoint.
    let adapter_default = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", adapter_default.uri());
    let app = spawn_with(|env| {
        env.insert("ALLOW_INSECURE_PROVIDER_ENDPOINTS".into(), "true".into());
        env.insert("OPENAI_BASE_URL".into(), base.clone());
    })
    .await;
    let endpoint = format!("{}/v1", local.uri());
    let (a, prof, conn) = chain(
        &app,
        Some("clinic"),
        "local-agent",
        "openai_compatible",
        "openai-compatible",
        "local-token-3333",
        Some(&endpoint),
        "llama-3.1-8b-instruct",
        json!({"max_output_tokens": 512}),
    )
    .await;
    let r = execute(&app, Some("clinic"), &a).await;
    assert_execute_response(&r, "openai-compatible", &prof, &conn, "openai_compatible");
    assert_eq!(r.body["control_action"], "auto_approve", "{}", r.text);
    let meta = &r.body["execution_metadata"];
    assert!(meta["input_tokens"].is_null() && meta["total_tokens"].is_null());
    assert_eq!(meta["provider_request_id"], "chatcmpl-9xYz");
    let reqs = received(&local).await;
    assert_eq!(reqs.len(), 1);
    assert_eq!(
        authorizations(&reqs),
        ["Bearer local-token-3333".to_owned()]
    );
    let sent: Value = reqs[0].body_json().unwrap();
    assert_eq!(sent["model"], "llama-3.1-8b-instruct");
    assert_eq!(sent["max_tokens"], 512, "{sent}");
    assert!(sent.get("max_completion_tokens").is_none());
    assert!(sent["messages"][1]["content"]
        .as_str()
        .unwrap()
        .contains(INSTRUCTIONS));

    // An openai connection with its own endpoint: the endpoint wins over OPENAI_BASE_URL.
    let (a2, _, _) = chain(
        &app,
        Some("clinic"),
        "regional-agent",
        "openai",
        "openai",
        "sk-regional-4444",
        Some(&endpoint),
        "gpt-4o-mini",
        json!({}),
    )
    .await;
    let r = execute(&app, Some("clinic"), &a2).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(received(&local).await.len(), 2);
    assert!(received(&adapter_default).await.is_empty());
    assert_managed_session(&app, Some("clinic"), &r, "completed").await;
    app.stop().await;
}

// ---------------------------------------------------------------------------------------
// 2. The resolution chain
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn every_reachable_check_answers_its_code_in_order_and_persists_nothing() {
    let mock = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
        env.insert("ALLOW_INSECURE_PROVIDER_ENDPOINTS".into(), "true".into());
        env.insert("ADAPTERS_DISABLED".into(), "anthropic".into());
    })
    .await;
    let other = Some("hosp-other");
    let good = validated(&app, None, "openai", "sk-good-5555", None).await;
    let anthropic_conn = validated(&app, None, "anthropic", "sk-ant-5555", None).await;
    let pending = connection(&app, None, "openai", "sk-pending-5555", None).await;
    let foreign = validated(&app, other, "openai", "sk-foreign-5555", None).await;
    let foreign_profile = profile(
        &app,
        other,
        profile_body("openai", "openai", &foreign, "gpt-4o-mini"),
    )
    .await;
    let before = metrics(&app, None).await;
    let before_other = metrics(&app, other).await;

    // A profile from a body, linked to a fresh active agent; returns (agent, profile).
    let n = std::sync::atomic::AtomicUsize::new(0);
    let setup = |body: Value| {
        let i = n.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let app = &app;
        async move {
            let p = profile(app, None, body).await;
            let a = agent(app, None, &format!("check-agent-{i}"), Some(&p)).await;
            (a, p)
        }
    };
    let ok_profile = || profile_body("openai", "openai", &good, "gpt-4o-mini");
    let mut cases: Vec<(&str, Resp, u16, &str)> = vec![];

    // 1: agent missing, also when it exists under another tenant.
    cases.push((
        "1 missing",
        execute(&app, None, "ghost-agent").await,
        404,
        "agent_not_found",
    ));
    let (a, _) = setup(ok_profile()).await;
    cases.push((
        "1 other tenant",
        execute(&app, other, &a).await,
        404,
        "agent_not_found",
    ));
    // 2: draft, suspended, deprecated. A draft agent with no profile fails at 2, not 3.
    let p = profile(&app, None, ok_profile()).await;
    app.register_agent(None, "draft-agent", json!({"execution_profile_id": p}))
        .await;
    cases.push((
        "2 draft",
        execute(&app, None, "draft-agent").await,
        409,
        "agent_not_active",
    ));
    app.register_agent(None, "draft-no-profile", json!({}))
        .await;
    cases.push((
        "2 before 3",
        execute(&app, None, "draft-no-profile").await,
        409,
        "agent_not_active",
    ));
    let (a, _) = setup(ok_profile()).await;
    app.post_empty(&format!("/runtime/agents/{a}/suspend"))
        .await;
    cases.push((
        "2 suspended",
        execute(&app, None, &a).await,
        409,
        "agent_not_active",
    ));
    let (a, _) = setup(ok_profile()).await;
    app.post_empty(&format!("/runtime/agents/{a}/deprecate"))
        .await;
    cases.push((
        "2 deprecated",
        execute(&app, None, &a).await,
        409,
        "agent_not_active",
    ));
    // 3
    agent(&app, None, "no-profile-agent", None).await;
    cases.push((
        "3",
        execute(&app, None, "no-profile-agent").await,
        409,
        "agent_has_no_execution_profile",
    ));
    // 4: nothing by that id; a profile of another tenant.
    agent(
        &app,
        None,
        "dangling-agent",
        Some("prof_0000000000000000000000000000dead"),
    )
    .await;
    cases.push((
        "4 missing",
        execute(&app, None, "dangling-agent").await,
        404,
        "profile_not_found",
    ));
    agent(&app, None, "foreign-profile-agent", Some(&foreign_profile)).await;
    cases.push((
        "4 other tenant",
        execute(&app, None, "foreign-profile-agent").await,
        404,
        "profile_not_found",
    ));
    // 5: draft; disabled. A draft profile without adapter fails at 5, not 6.
    let mut draft = ok_profile();
    draft["status"] = json!("draft");
    let (a, _) = setup(draft.clone()).await;
    cases.push((
        "5 draft",
        execute(&app, None, &a).await,
        409,
        "profile_not_active",
    ));
    let (a, p) = setup(ok_profile()).await;
    app.post_empty(&format!("/runtime/execution-profiles/{p}/disable"))
        .await;
    cases.push((
        "5 disabled",
        execute(&app, None, &a).await,
        409,
        "profile_not_active",
    ));
    draft.as_object_mut().unwrap().remove("adapter_id");
    let (a, _) = setup(draft).await;
    cases.push((
        "5 before 6",
        execute(&app, None, &a).await,
        409,
        "profile_not_active",
    ));
    // 6: adapter_id removed by PATCH.
    let (a, p) = setup(ok_profile()).await;
    let r = app
        .patch(
            &format!("/runtime/execution-profiles/{p}"),
            json!({"adapter_id": null}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    cases.push((
        "6",
        execute(&app, None, &a).await,
        409,
        "profile_has_no_adapter",
    ));
    // 7: created without a connection; PATCHed to none.
    let mut no_conn = ok_profile();
    no_conn
        .as_object_mut()
        .unwrap()
        .remove("provider_connection_id");
    let (a, _) = setup(no_conn).await;
    cases.push((
        "7 created",
        execute(&app, None, &a).await,
        409,
        "profile_has_no_connection",
    ));
    let (a, p) = setup(ok_profile()).await;
    app.patch(
        &format!("/runtime/execution-profiles/{p}"),
        json!({"provider_connection_id": null}),
    )
    .await;
    cases.push((
        "7 patched",
        execute(&app, None, &a).await,
        409,
        "profile_has_no_connection",
    ));
    // 8
    let mut unknown = ok_profile();
    unknown["adapter_id"] = json!("no-such-adapter");
    let (a, _) = setup(unknown).await;
    cases.push(("8", execute(&app, None, &a).await, 404, "adapter_not_found"));
    // 9: ADAPTERS_DISABLED=anthropic.
    let (a, _) = setup(profile_body(
        "anthropic",
        "anthropic",
        &anthropic_conn,
        "claude-sonnet-4-5",
    ))
    .await;
    cases.push((
        "9",
        execute(&app, None, &a).await,
        409,
        "adapter_unavailable",
    ));
    // 10: nothing by that id; a connection of another tenant.
    let (a, _) = setup(profile_body(
        "openai",
        "openai",
        "conn_0000000000000000000000000000dead",
        "gpt-4o-mini",
    ))
    .await;
    cases.push((
        "10 missing",
        execute(&app, None, &a).await,
        404,
        "connection_not_found",
    ));
    let (a, _) = setup(profile_body("openai", "openai", &foreign, "gpt-4o-mini")).await;
    cases.push((
        "10 other tenant",
        execute(&app, None, &a).await,
        404,
        "connection_not_found",
    ));
    // 11: pending, invalid, disabled.
    let (a, _) = setup(profile_body("openai", "openai", &pending, "gpt-4o-mini")).await;
    cases.push((
        "11 pending",
        execute(&app, None, &a).await,
        409,
        "connection_not_valid",
    ));
    let blank = connection(&app, None, "openai", "   ", None).await;
    let v = app
        .post_empty(&format!("/runtime/provider-connections/{blank}/validate"))
        .await;
    assert_eq!(v.body["status"], "invalid", "{}", v.text);
    assert_eq!(v.body["last_validation_error_code"], "credential_blank");
    let (a, _) = setup(profile_body("openai", "openai", &blank, "gpt-4o-mini")).await;
    cases.push((
        "11 invalid",
        execute(&app, None, &a).await,
        409,
        "connection_not_valid",
    ));
    let paused = validated(&app, None, "openai", "sk-paused-5555", None).await;
    app.post_empty(&format!("/runtime/provider-connections/{paused}/disable"))
        .await;
    let (a, _) = setup(profile_body("openai", "openai", &paused, "gpt-4o-mini")).await;
    cases.push((
        "11 disabled",
        execute(&app, None, &a).await,
        409,
        "connection_not_valid",
    ));
    // 12: profile says openai_compatible (adapter agrees), connection is openai.
    let (a, _) = setup(profile_body(
        "openai_compatible",
        "openai-compatible",
        &good,
        "gpt-4o-mini",
    ))
    .await;
    cases.push((
        "12",
        execute(&app, None, &a).await,
        409,
        "provider_mismatch_profile_connection",
    ));
    // 13: profile and connection say openai, the adapter is the compatible one.
    let (a, _) = setup(profile_body(
        "openai",
        "openai-compatible",
        &good,
        "gpt-4o-mini",
    ))
    .await;
    cases.push((
        "13",
        execute(&app, None, &a).await,
        409,
        "provider_mismatch_adapter_profile",
    ));
    // 14: see reference_provider_never_reaches_a_managed_call.
    // 15: a task type outside allowed_tasks (every adapter supports every task, so 14 passes).
    let (a, _) = setup(ok_profile()).await;
    let mut body = execute_body();
    body["task_type"] = json!("triage_recommendation");
    cases.push((
        "15",
        execute_with(&app, None, &a, body).await,
        409,
        "task_not_allowed",
    ));
    // 16: model set to null by PATCH (an empty string is refused outright).
    let (a, p) = setup(ok_profile()).await;
    assert_problem(
        &app.patch(
            &format!("/runtime/execution-profiles/{p}"),
            json!({"model": ""}),
        )
        .await,
        400,
        "validation_failed",
    );
    let r = app
        .patch(
            &format!("/runtime/execution-profiles/{p}"),
            json!({"model": null}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.body["model"].is_null());
    cases.push((
        "16",
        execute(&app, None, &a).await,
        409,
        "profile_has_no_model",
    ));
    // 17: endpoints changed after validation (PATCH keeps the status `valid`).
    for (label, new_endpoint) in [
        ("17 metadata address", json!("https://169.254.169.254/v1")),
        (
            "17 metadata host",
            json!("https://metadata.google.internal/v1"),
        ),
        ("17 malformed", json!("not a url")),
        ("17 user info", json!("https://user:pw@llm.example.com/v1")),
        ("17 compatible without endpoint", Value::Null),
    ] {
        let local = validated(
            &app,
            None,
            "openai_compatible",
            "local-5555",
            Some(&format!("{}/v1", mock.uri())),
        )
        .await;
        let r = app
            .patch(
                &format!("/runtime/provider-connections/{local}"),
                json!({"endpoint": new_endpoint}),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["status"], "valid");
        let (a, _) = setup(profile_body(
            "openai_compatible",
            "openai-compatible",
            &local,
            "llama3",
        ))
        .await;
        cases.push((
            label,
            execute(&app, None, &a).await,
            409,
            "connection_endpoint_invalid",
        ));
    }
    // 18: see credential_that_cannot_be_resolved_answers_credential_unresolvable.
    // 19: see reference_provider_never_reaches_a_managed_call.

    for (label, r, status, code) in &cases {
        assert_eq!(r.status.as_u16(), *status, "{label}: {}", r.text);
        assert_eq!(r.body["code"], *code, "{label}: {}", r.text);
        assert_problem(r, *status, code);
        for k in ["session_id", "run_id", "decision_id"] {
            assert!(r.body.get(k).is_none(), "{label}: {}", r.text);
        }
        for secret in ["sk-good-5555", "sk-foreign-5555", "sk-pending-5555"] {
            assert!(!r.text.contains(secret), "{label}: {}", r.text);
        }
    }
    // Nothing was written and nothing was called.
    for tenant in [None, other] {
        assert_eq!(
            items_len(&get_in(&app, tenant, "/runtime/sessions").await),
            0
        );
        assert_eq!(
            items_len(&get_in(&app, tenant, "/runtime/decision-records").await),
            0
        );
    }
    assert_eq!(metrics(&app, None).await, before);
    assert_eq!(metrics(&app, other).await, before_other);
    assert!(received(&mock).await.is_empty());

    // And the good chain, for contrast, does run.
    let (a, _) = setup(ok_profile()).await;
    assert_eq!(execute(&app, None, &a).await.status, 201);
    assert_eq!(received(&mock).await.len(), 1);
    app.stop().await;
}

/// Check 14 (adapter capability) and 19 (managed implementation) cannot be reached through
/// the API: the only adapter without the managed mode is `reference`, whose provider is
/// `reference`; check 13 demands adapter provider = profile provider = connection provider, and
/// a `reference` connection never validates (`provider_not_supported`), so check 11 stops it.
/// Forcing such a connection to `valid` in the database shows that check 14 then answers; and
/// since `reference` is also the only provider without an implementation, check 19 stays
/// behind 14 in every configuration (defence in depth).
#[tokio::test]
async fn reference_provider_never_reaches_a_managed_call() {
    let mock = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
    })
    .await;
    let conn = connection(&app, None, "reference", "anything", None).await;
    let v = app
        .post_empty(&format!("/runtime/provider-connections/{conn}/validate"))
        .await;
    assert_eq!(v.body["status"], "invalid", "{}", v.text);
    assert_eq!(
        v.body["last_validation_error_code"],
        "provider_not_supported"
    );
    let p = profile(
        &app,
        None,
        profile_body("reference", "reference", &conn, "reference-1"),
    )
    .await;
    agent(&app, None, "reference-managed", Some(&p)).await;
    assert_problem(
        &execute(&app, None, "reference-managed").await,
        409,
        "connection_not_valid",
    );
    // The `reference` adapter with an openai profile and connection: check 13, not 14.
    let good = validated(&app, None, "openai", "sk-good-6666", None).await;
    let p2 = profile(
        &app,
        None,
        profile_body("openai", "reference", &good, "gpt-4o-mini"),
    )
    .await;
    agent(&app, None, "reference-adapter", Some(&p2)).await;
    assert_problem(
        &execute(&app, None, "reference-adapter").await,
        409,
        "provider_mismatch_adapter_profile",
    );

    force_connection_valid(&app.database_url, &conn).await;
    let c = app
        .get(&format!("/runtime/provider-connections/{conn}"))
        .await;
    assert_eq!(c.body["status"], "valid", "{}", c.text);
    assert_problem(
        &execute(&app, None, "reference-managed").await,
        409,
        "adapter_capability_unsupported",
    );
    assert_eq!(
        items_len(&app.get("/runtime/sessions").await.body),
        0,
        "nothing persisted"
    );
    assert!(received(&mock).await.is_empty());
    app.stop().await;
}

/// Writes `valid` into a connection's stored document, as no API call can for `reference`.
async fn force_connection_valid(database_url: &str, id: &str) {
    use sqlx::Row;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database_url).await.unwrap();
    let row = sqlx::query(&format!("SELECT doc FROM connections WHERE id = '{id}'"))
        .fetch_one(&pool)
        .await
        .unwrap();
    let doc: String = row.get(0);
    let mut v: Value = serde_json::from_str(&doc).unwrap();
    v["status"] = json!("valid");
    let doc = v.to_string().replace('\'', "''");
    sqlx::query(&format!(
        "UPDATE connections SET status = 'valid', doc = '{doc}' WHERE id = '{id}'"
    ))
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

/// Check 18 through what really makes a stored credential unresolvable: the service restarted
/// with a non-persistent store (`in_memory` loses every credential), or with a different
/// encryption key (the stored ciphertext no longer opens). The connection stays `valid` in the
/// database; execution refuses with 409 and writes nothing.
#[tokio::test]
async fn credential_that_cannot_be_resolved_answers_credential_unresolvable() {
    let mock = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let key_a = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    let key_b = "HyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4=";
    for (label, first, second) in [
        (
            "in_memory restarted",
            vec![("CREDENTIAL_STORE", "in_memory")],
            vec![("CREDENTIAL_STORE", "in_memory")],
        ),
        (
            "encryption key changed",
            vec![
                ("CREDENTIAL_STORE", "local_encrypted"),
                ("CREDENTIAL_ENCRYPTION_KEY", key_a),
            ],
            vec![
                ("CREDENTIAL_STORE", "local_encrypted"),
                ("CREDENTIAL_ENCRYPTION_KEY", key_b),
            ],
        ),
    ] {
        let data = tempfile::tempdir().unwrap();
        let database_url = fresh_database(data.path()).await;
        let settings = |extra: &[(&str, &str)]| {
            let mut env: Vec<(String, String)> = vec![
                ("DATA_DIR".into(), data.path().display().to_string()),
                ("DATABASE_URL".into(), database_url.clone()),
                ("OPENAI_BASE_URL".into(), base.clone()),
            ];
            env.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
            env
        };
        let first_env = settings(&first);
        let app = spawn_with(|env| env.extend(first_env.clone())).await;
        let (a, _, _) = chain(
            &app,
            None,
            "restart-agent",
            "openai",
            "openai",
            "sk-restart-7777",
            None,
            "gpt-4o-mini",
            json!({}),
        )
        .await;
        assert_eq!(execute(&app, None, &a).await.status, 201, "{label}");
        app.stop().await;

        let second_env = settings(&second);
        let app = spawn_with(|env| env.extend(second_env.clone())).await;
        let before = metrics(&app, None).await;
        let conns = app.get("/runtime/provider-connections").await;
        assert_eq!(conns.body["items"][0]["status"], "valid", "{label}");
        let r = execute(&app, None, &a).await;
        assert_problem(&r, 409, "credential_unresolvable");
        assert!(!r.text.contains("sk-restart-7777"));
        assert_eq!(metrics(&app, None).await, before, "{label}");
        assert_eq!(items_len(&app.get("/runtime/sessions").await.body), 1);
        assert_eq!(received(&mock).await.len(), 1, "{label}: no second call");
        app.stop().await;
        mock.reset().await;
        mount(&mock, OPENAI_PATH, openai_ok(&grounded_answer())).await;
    }
}

// ---------------------------------------------------------------------------------------
// 3. Provider failures
// ---------------------------------------------------------------------------------------

async fn assert_failed_execution(
    app: &TestApp,
    r: &Resp,
    status: u16,
    code: &str,
    class: Option<&str>,
    label: &str,
) {
    assert_problem(r, status, code);
    assert_eq!(
        r.body.get("provider_error_class").and_then(Value::as_str),
        class,
        "{label}: {}",
        r.text
    );
    for k in ["session_id", "run_id", "decision_id"] {
        assert!(r.body[k].is_string(), "{label}: {k} missing in {}", r.text);
    }
    let sid = r.body["session_id"].as_str().unwrap();
    let s = get_in(app, None, &format!("/runtime/sessions/{sid}")).await;
    assert_eq!(s["current_state"], "failed", "{label}: {s}");
    assert_eq!(s["execution_origin"], "managed");
    assert_eq!(s["current_run_id"], r.body["run_id"]);
    let did = r.body["decision_id"].as_str().unwrap();
    let d = get_in(app, None, &format!("/runtime/decision-records/{did}")).await;
    assert_eq!(d["status"], "awaiting_agent_output", "{label}: {d}");
    assert!(d["agent_output"].is_null());
    assert_eq!(d["run_id"], r.body["run_id"]);
    let types = event_types(&d);
    assert!(
        types.contains(&"provider.call_started".to_owned()),
        "{label}"
    );
    assert!(
        !types.contains(&"provider.call_completed".to_owned()),
        "{label}"
    );
    let failed = event(&d, "provider.call_failed");
    assert_eq!(
        failed["data"]["class"],
        class.unwrap_or("timeout"),
        "{label}: {failed}"
    );
    let replay = get_in(app, None, &format!("/runtime/sessions/{sid}/replay")).await;
    assert_eq!(replay["runs"][0]["run"]["status"], "failed", "{label}");
    assert_eq!(replay["runs"][0]["run"]["execution_origin"], "managed");
}

#[tokio::test]
async fn provider_failures_answer_502_or_504_and_leave_a_failed_session() {
    let mock = MockServer::start().await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
        env.insert("ALLOW_INSECURE_PROVIDER_ENDPOINTS".into(), "true".into());
    })
    .await;
    let (a, _, _) = chain(
        &app,
        None,
        "fragile-agent",
        "openai",
        "openai",
        "sk-fail-8888",
        None,
        "gpt-4o-mini",
        json!({}),
    )
    .await;
    let mut failures = 0;
    let cases: Vec<(&str, ResponseTemplate, &str)> = vec![
        (
            "401",
            ResponseTemplate::new(401).set_body_json(json!({"error": {"message": "Incorrect API key provided: sk-fail-8888", "type": "invalid_request_error", "code": "invalid_api_key"}})),
            "auth_failed",
        ),
        ("403", ResponseTemplate::new(403), "auth_failed"),
        (
            "429",
            ResponseTemplate::new(429).insert_header("retry-after", "20"),
            "rate_limited",
        ),
        ("500", ResponseTemplate::new(500), "unavailable"),
        ("503", ResponseTemplate::new(503), "unavailable"),
        (
            "400",
            ResponseTemplate::new(400).set_body_json(json!({"error": {"message": "bad"}})),
            "bad_request",
        ),
        ("404", ResponseTemplate::new(404), "bad_request"),
        (
            "non-JSON 200",
            ResponseTemplate::new(200).set_body_raw("<html>gateway</html>", "text/html"),
            "invalid_response",
        ),
        (
            "200 without choices",
            ResponseTemplate::new(200).set_body_json(json!({"id": "x", "object": "list"})),
            "invalid_response",
        ),
        (
            "redirect",
            ResponseTemplate::new(307).insert_header("location", "http://127.0.0.1:1/v1"),
            "invalid_response",
        ),
    ];
    for (label, response, class) in cases {
        answer_with(&mock, OPENAI_PATH, response).await;
        let r = execute(&app, None, &a).await;
        assert_failed_execution(&app, &r, 502, "provider_error", Some(class), label).await;
        assert!(!r.text.contains("sk-fail-8888"), "{label}: {}", r.text);
        assert!(!r.text.contains(&mock.uri()), "{label}: {}", r.text);
        assert_eq!(
            received(&mock).await.len(),
            1,
            "{label}: exactly one attempt"
        );
        failures += 1;
    }

    // Connection refused: an endpoint at a port nothing listens on.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let (refused, _, _) = chain(
        &app,
        None,
        "refused-agent",
        "openai_compatible",
        "openai-compatible",
        "local-8888",
        Some(&format!("http://127.0.0.1:{closed}/v1")),
        "llama3",
        json!({}),
    )
    .await;
    let r = execute(&app, None, &refused).await;
    assert_failed_execution(
        &app,
        &r,
        502,
        "provider_error",
        Some("unavailable"),
        "refused",
    )
    .await;
    failures += 1;

    // Timeout: the profile allows 300 ms, the provider takes 2 s.
    answer_with(
        &mock,
        OPENAI_PATH,
        openai_ok(&grounded_answer()).set_delay(Duration::from_secs(2)),
    )
    .await;
    let (slow, _, _) = chain(
        &app,
        None,
        "impatient-agent",
        "openai",
        "openai",
        "sk-slow-8888",
        None,
        "gpt-4o-mini",
        json!({"timeout_ms": 300}),
    )
    .await;
    let started = Instant::now();
    let r = execute(&app, None, &slow).await;
    let took = started.elapsed();
    assert_failed_execution(&app, &r, 504, "provider_timeout", None, "timeout").await;
    assert!(
        took < Duration::from_millis(1800),
        "answered after {took:?}, not at the profile's 300 ms"
    );
    failures += 1;

    // The service keeps serving: health, and the next execution succeeds.
    assert_eq!(app.get("/health").await.status, 200);
    assert_eq!(app.get("/ready").await.status, 200);
    answer_with(&mock, OPENAI_PATH, openai_ok(&grounded_answer())).await;
    let ok = execute(&app, None, &a).await;
    assert_eq!(ok.status, 201, "{}", ok.text);
    assert_eq!(ok.body["control_action"], "auto_approve");

    let m = metrics(&app, None).await;
    assert_eq!(m["managed_execution"]["calls"], failures + 1, "{m}");
    assert_eq!(m["managed_execution"]["failures"], failures, "{m}");
    assert_eq!(m["sessions"]["by_state"]["failed"], failures, "{m}");
    assert_eq!(m["sessions"]["by_state"]["completed"], 1, "{m}");
    assert_eq!(
        m["decisions"]["by_status"]["awaiting_agent_output"], failures,
        "{m}"
    );
    app.stop().await;
}

// ---------------------------------------------------------------------------------------
// 4. Answers that are not an agent output
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn an_answer_that_is_not_an_agent_output_is_evaluated_and_blocked() {
    let mock = MockServer::start().await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
    })
    .await;
    let (a, _, _) = chain(
        &app,
        None,
        "chatty-agent",
        "openai",
        "openai",
        "sk-chatty-9999",
        None,
        "gpt-4o-mini",
        json!({}),
    )
    .await;
    let refusal = {
        let mut c = openai_completion("");
        c["choices"][0]["message"]["content"] = Value::Null;
        c["choices"][0]["message"]["refusal"] = json!("I can't help with that.");
        c
    };
    let cases = [
        (
            "prose",
            openai_completion("Sure! The patient had pneumonia and is doing well."),
        ),
        (
            "wrong shape",
            openai_completion(&json!({"summary": "pneumonia"}).to_string()),
        ),
        (
            "wrong type",
            openai_completion(
                &json!({"narrative": 3, "claims": [], "medication_recommendations": [], "discharge_instructions_present": true})
                    .to_string(),
            ),
        ),
        ("refusal", refusal),
    ];
    for (label, completion) in cases {
        answer_with(
            &mock,
            OPENAI_PATH,
            ResponseTemplate::new(200).set_body_json(completion),
        )
        .await;
        let r = execute(&app, None, &a).await;
        assert_eq!(r.status, 201, "{label}: {}", r.text);
        assert_eq!(r.body["control_action"], "block", "{label}: {}", r.text);
        let policy = r.body["policy_results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["policy_id"] == "structured_output_valid")
            .unwrap_or_else(|| panic!("{label}: no structured_output_valid in {}", r.text));
        assert_eq!(policy["passed"], false, "{label}: {policy}");
        assert_eq!(policy["effect"], "block", "{label}: {policy}");
        let did = r.body["decision_id"].as_str().unwrap();
        let d = get_in(&app, None, &format!("/runtime/decision-records/{did}")).await;
        assert_eq!(d["status"], "blocked", "{label}");
        assert!(event_types(&d).contains(&"provider.call_completed".to_owned()));
        assert_managed_session(&app, None, &r, "blocked").await;
    }
    app.stop().await;
}

// ---------------------------------------------------------------------------------------
// 5. Retry of a managed session
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn retry_re_executes_through_the_chain_and_a_provider_failure_leaves_it_failed() {
    let mock = openai_mock(openai_ok(&uncited_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_BASE_URL".into(), base.clone());
    })
    .await;
    let (a, prof, _) = chain(
        &app,
        None,
        "retry-agent",
        "openai",
        "openai",
        "sk-retry-1010",
        None,
        "gpt-4o-mini",
        json!({}),
    )
    .await;
    let first = execute(&app, None, &a).await;
    assert_eq!(first.status, 201, "{}", first.text);
    assert_eq!(
        first.body["control_action"], "require_review",
        "{}",
        first.text
    );
    let sid = first.body["session_id"].as_str().unwrap().to_owned();
    let retry_path = format!("/runtime/sessions/{sid}/retry");
    assert_eq!(
        get_in(&app, None, &format!("/runtime/sessions/{sid}")).await["current_state"],
        "waiting_for_human_review"
    );

    // Retry goes through the chain again: a disabled profile refuses it and changes nothing.
    app.post_empty(&format!("/runtime/execution-profiles/{prof}/disable"))
        .await;
    assert_problem(
        &app.post(&retry_path, json!({"reviewer_id": "dr-lee"}))
            .await,
        409,
        "profile_not_active",
    );
    let s = get_in(&app, None, &format!("/runtime/sessions/{sid}")).await;
    assert_eq!(s["current_state"], "waiting_for_human_review");
    assert_eq!(s["run_count"], 1);
    assert_eq!(received(&mock).await.len(), 1);
    app.post_empty(&format!("/runtime/execution-profiles/{prof}/activate"))
        .await;

    // Retry while the provider fails: 502 with run 2's ids, the session is failed.
    answer_with(&mock, OPENAI_PATH, ResponseTemplate::new(503)).await;
    let r = app
        .post(
            &retry_path,
            json!({"reviewer_id": "dr-lee", "notes": "retry"}),
        )
        .await;
    assert_problem(&r, 502, "provider_error");
    assert_eq!(r.body["provider_error_class"], "unavailable");
    assert_eq!(r.body["session_id"], sid.as_str());
    assert_ne!(r.body["run_id"], first.body["run_id"]);
    let s = get_in(&app, None, &format!("/runtime/sessions/{sid}")).await;
    assert_eq!(s["current_state"], "failed");
    assert_eq!(s["run_count"], 2);
    assert_eq!(s["current_run_id"], r.body["run_id"]);
    let old = get_in(
        &app,
        None,
        &format!(
            "/runtime/decision-records/{}",
            first.body["decision_id"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(old["status"], "finalized");
    assert_eq!(old["resolution"], "superseded");
    assert!(event_types(&old).contains(&"review.retry_requested".to_owned()));
    let failed = get_in(
        &app,
        None,
        &format!(
            "/runtime/decision-records/{}",
            r.body["decision_id"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(failed["status"], "awaiting_agent_output");
    assert!(event_types(&failed).contains(&"provider.call_failed".to_owned()));
    // The stored request went out again, whole.
    let reqs = received(&mock).await;
    assert_eq!(reqs.len(), 1);
    let sent: Value = reqs[0].body_json().unwrap();
    let user = sent["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains(INSTRUCTIONS) && user.contains(NOTE) && user.contains("enc-77"));
    assert_eq!(authorizations(&reqs), ["Bearer sk-retry-1010".to_owned()]);

    // Retry from failed with the provider back: run 3, evaluated and auto-approved.
    answer_with(&mock, OPENAI_PATH, openai_ok(&grounded_answer())).await;
    let ok = app.post_empty(&retry_path).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.body["session_id"], sid.as_str());
    assert_eq!(ok.body["current_state"], "completed", "{}", ok.text);
    assert_eq!(ok.body["run_count"], 3);
    assert_eq!(ok.body["execution_origin"], "managed");
    let replay = get_in(&app, None, &format!("/runtime/sessions/{sid}/replay")).await;
    let runs = replay["runs"].as_array().unwrap();
    let seq: Vec<(i64, &str, &str)> = runs
        .iter()
        .map(|r| {
            (
                r["run"]["sequence"].as_i64().unwrap(),
                r["run"]["status"].as_str().unwrap(),
                r["decision"]["status"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seq,
        [
            (1, "evaluated", "finalized"),
            (2, "failed", "finalized"),
            (3, "evaluated", "finalized")
        ]
    );
    assert_eq!(runs[1]["decision"]["resolution"], "superseded");
    assert_eq!(runs[2]["decision"]["resolution"], "auto_approved");
    assert!(runs
        .iter()
        .all(|r| r["run"]["execution_origin"] == "managed"));
    let timeline = get_in(&app, None, &format!("/runtime/sessions/{sid}/timeline")).await;
    let run_ids: Vec<&Value> = runs.iter().map(|r| &r["run"]["run_id"]).collect();
    for e in timeline["items"].as_array().unwrap() {
        assert!(
            e["run_id"].is_null() || run_ids.contains(&&e["run_id"]),
            "{e}"
        );
    }
    // A completed session is not retried.
    assert_problem(
        &app.post_empty(&retry_path).await,
        409,
        "invalid_state_transition",
    );
    let m = metrics(&app, None).await;
    assert_eq!(m["managed_execution"]["calls"], 3);
    assert_eq!(m["managed_execution"]["failures"], 1);
    assert_eq!(m["runs"]["by_origin"]["managed"], 3);
    app.stop().await;
}

// ---------------------------------------------------------------------------------------
// 6. Logs of the built binary
// ---------------------------------------------------------------------------------------

const BIN: &str = env!("CARGO_BIN_EXE_runtime-control-service");

struct Service {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    addr: String,
    _dir: tempfile::TempDir,
}

fn start_binary(extra: &[(&str, &str)]) -> Service {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(BIN);
    cmd.arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("PORT", "0")
        .env("HOST", "127.0.0.1")
        .env("DATA_DIR", dir.path())
        .env("POLICY_BUNDLE_DIR", repo_root().join("policies"))
        .env("LOG_LEVEL", "trace")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in extra {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let tx2 = tx.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // stderr is collected too: a leak there is as bad as on stdout.
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx2.send(line).is_err() {
                break;
            }
        }
    });
    let mut addr = None;
    while addr.is_none() {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("a listening line");
        let v: Value = serde_json::from_str(&line).expect("every log line is JSON");
        if v["message"] == "listening" {
            addr = v["address"].as_str().map(str::to_owned);
        }
    }
    Service {
        child,
        lines: rx,
        addr: format!("http://{}", addr.unwrap()),
        _dir: dir,
    }
}

impl Service {
    fn stop(mut self) -> Vec<String> {
        std::process::Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        let status = self.child.wait().unwrap();
        assert!(status.success(), "graceful shutdown");
        let mut lines = vec![];
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(500)) {
            lines.push(l);
        }
        lines
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn no_prompt_source_answer_or_credential_reaches_the_log() {
    let credential = "sk-CANARY-CREDENTIAL-1a2b";
    let instructions = "CANARY-INSTRUCTIONS-3c4d: summarise the stay";
    let source_text = "CANARY-SOURCE-5e6f. Patient admitted with community-acquired pneumonia.";
    let context = "CANARY-CONTEXT-7a8b";
    let case_id = "CANARY-CASE-9c0d";
    let answer_canary = "CANARY-ANSWER-1f2e";
    let error_canary = "CANARY-PROVIDER-ERROR-3d4c";
    let answer = json!({
        "narrative": format!("{answer_canary} Patient admitted with community-acquired pneumonia."),
        "claims": [{"claim_id": "claim-1", "claim_type": "diagnosis", "statement": format!("{answer_canary} pneumonia"), "supporting_source_ids": ["src-1"]}],
        "medication_recommendations": [{"name": answer_canary, "dose": "1 g", "route": "IV", "frequency": "daily", "rationale": answer_canary, "supporting_source_ids": ["src-1"]}],
        "discharge_instructions_present": false
    });
    let mock = openai_mock(openai_ok(&answer)).await;
    let base = format!("{}/v1", mock.uri());
    let svc = start_binary(&[("OPENAI_BASE_URL", &base)]);
    let c = reqwest::Client::new();
    let b = svc.addr.clone();
    let tenant = "hosp-logs";
    let post = |path: String, body: Option<Value>| {
        let mut r = c.post(format!("{b}{path}")).header("x-tenant-id", tenant);
        if let Some(body) = body {
            r = r.json(&body);
        }
        async move {
            let resp = r.send().await.unwrap();
            let status = resp.status().as_u16();
            (status, resp.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let (s, conn) = post(
        "/runtime/provider-connections".into(),
        Some(json!({"provider": "openai", "display_name": "Logs", "credential": credential})),
    )
    .await;
    assert_eq!(s, 201);
    let conn_id = conn["connection_id"].as_str().unwrap().to_owned();
    let (s, _) = post(
        format!("/runtime/provider-connections/{conn_id}/validate"),
        None,
    )
    .await;
    assert_eq!(s, 200);
    let (s, prof) = post(
        "/runtime/execution-profiles".into(),
        Some(json!({"display_name": "Logs", "provider": "openai", "adapter_id": "openai", "provider_connection_id": conn_id, "model": "gpt-4o-mini", "status": "active"})),
    )
    .await;
    assert_eq!(s, 201);
    let mut ab = agent_body("log-agent");
    merge(
        &mut ab,
        json!({"status": "active", "execution_profile_id": prof["profile_id"]}),
    );
    assert_eq!(post("/runtime/agents".into(), Some(ab)).await.0, 201);
    let body = json!({
        "case_id": case_id,
        "task_type": "discharge_summary",
        "instructions": instructions,
        "source_references": [source("src-1", source_text)],
        "clinical_context": {"note": context},
        "user_role": "nurse"
    });
    let execute_path = "/runtime/agents/log-agent/execute".to_owned();
    // Evaluated (medication recommendation: review).
    let (s, ok) = post(execute_path.clone(), Some(body.clone())).await;
    assert_eq!(s, 201, "{ok}");
    // Provider error whose body carries a canary (and the key, as some providers echo it).
    answer_with(
        &mock,
        OPENAI_PATH,
        ResponseTemplate::new(401).set_body_string(format!(
            "{{\"error\": \"{error_canary} bad key {credential}\"}}"
        )),
    )
    .await;
    let (s, failed) = post(execute_path.clone(), Some(body.clone())).await;
    assert_eq!(s, 502, "{failed}");
    // Unmappable answer made of canary text.
    answer_with(
        &mock,
        OPENAI_PATH,
        ResponseTemplate::new(200)
            .set_body_json(openai_completion(&format!("{answer_canary} no JSON here"))),
    )
    .await;
    let (s, blocked) = post(execute_path.clone(), Some(body.clone())).await;
    assert_eq!(s, 201, "{blocked}");
    // Retry of the failed session (the stored request goes out again).
    let (s, retried) = post(
        format!(
            "/runtime/sessions/{}/retry",
            failed["session_id"].as_str().unwrap()
        ),
        None,
    )
    .await;
    assert_eq!(s, 200, "{retried}");
    let lines = svc.stop();

    let mock_addr = mock.address().to_string();
    for canary in [
        credential,
        instructions,
        "CANARY-INSTRUCTIONS",
        "CANARY-SOURCE",
        context,
        case_id,
        answer_canary,
        error_canary,
        &mock_addr,
    ] {
        let offending: Vec<&String> = lines.iter().filter(|l| l.contains(canary)).collect();
        assert!(offending.is_empty(), "{canary} leaked: {offending:?}");
    }
    // One request line per call, with the ids of what it did.
    let requests: Vec<Value> = lines
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["message"] == "request")
        .collect();
    let executes: Vec<&Value> = requests
        .iter()
        .filter(|v| v["path"] == "/runtime/agents/{id}/execute")
        .collect();
    assert_eq!(executes.len(), 3, "{requests:?}");
    for v in &executes {
        assert_eq!(v["agent_id"], "log-agent", "{v}");
        for k in ["session_id", "run_id", "decision_id"] {
            assert!(v[k].is_string(), "{k} missing in {v}");
        }
    }
    assert_eq!(executes[1]["status"], 502);
    assert_eq!(executes[1]["error.name"], "provider_error");
    assert_eq!(executes[0]["session_id"], ok["session_id"]);
}

// ---------------------------------------------------------------------------------------
// 7. The operator's demonstration seed
// ---------------------------------------------------------------------------------------

const DEMO_PROFILE: &str = "prof_00000000000000000000000000000001";
const DEMO_CONNECTION: &str = "conn_00000000000000000000000000000001";

#[tokio::test]
async fn operator_demo_is_seeded_internal_and_unreachable_for_tenant_agents() {
    let mock = openai_mock(openai_ok(&grounded_answer())).await;
    let base = format!("{}/v1", mock.uri());
    let app = spawn_with(|env| {
        env.insert("OPENAI_API_KEY".into(), OPERATOR_KEY.into());
        env.insert("OPENAI_BASE_URL".into(), base.clone());
    })
    .await;
    let demo = app.get("/runtime/agents/managed-demo-agent").await;
    assert_eq!(demo.status, 200, "{}", demo.text);
    assert_eq!(demo.body["status"], "active");
    assert_eq!(demo.body["execution_profile_id"], DEMO_PROFILE);
    let p = app
        .get(&format!("/runtime/execution-profiles/{DEMO_PROFILE}"))
        .await;
    assert_eq!(p.body["internal"], true, "{}", p.text);
    assert_eq!(p.body["status"], "active");
    assert_eq!(p.body["provider_connection_id"], DEMO_CONNECTION);
    let c = app
        .get(&format!("/runtime/provider-connections/{DEMO_CONNECTION}"))
        .await;
    assert_eq!(c.body["internal"], true, "{}", c.text);
    assert_eq!(c.body["status"], "valid");
    assert!(!c.text.contains(OPERATOR_KEY));

    // A public profile can point at it neither on creation nor by PATCH.
    assert_problem(
        &app.post(
            "/runtime/execution-profiles",
            profile_body("openai", "openai", DEMO_CONNECTION, "gpt-4o-mini"),
        )
        .await,
        400,
        "validation_failed",
    );
    let own = validated(&app, None, "openai", "sk-own-1212", None).await;
    let public = profile(
        &app,
        None,
        profile_body("openai", "openai", &own, "gpt-4o-mini"),
    )
    .await;
    assert_problem(
        &app.patch(
            &format!("/runtime/execution-profiles/{public}"),
            json!({"provider_connection_id": DEMO_CONNECTION}),
        )
        .await,
        400,
        "validation_failed",
    );
    // Nor through the legacy agent shape.
    let mut legacy = agent_body("legacy-agent");
    merge(
        &mut legacy,
        json!({"status": "active", "adapter_id": "openai", "provider_connection_id": DEMO_CONNECTION}),
    );
    assert_problem(
        &app.post("/runtime/agents", legacy).await,
        404,
        "connection_not_found",
    );
    // A tenant agent of the default tenant naming the operator's profile does not run on it.
    agent(&app, None, "freeloader", Some(DEMO_PROFILE)).await;
    assert_problem(
        &execute(&app, None, "freeloader").await,
        404,
        "profile_not_found",
    );
    // Another tenant reaches neither the profile nor the connection.
    let other = Some("hosp-x");
    assert_problem(
        &app.get_as(
            "hosp-x",
            &format!("/runtime/provider-connections/{DEMO_CONNECTION}"),
        )
        .await,
        404,
        "connection_not_found",
    );
    agent(&app, other, "freeloader", Some(DEMO_PROFILE)).await;
    assert_problem(
        &execute(&app, other, "freeloader").await,
        404,
        "profile_not_found",
    );
    let foreign = profile(
        &app,
        other,
        profile_body("openai", "openai", DEMO_CONNECTION, "gpt-4o-mini"),
    )
    .await;
    agent(&app, other, "borrower", Some(&foreign)).await;
    assert_problem(
        &execute(&app, other, "borrower").await,
        404,
        "connection_not_found",
    );
    assert!(
        received(&mock).await.is_empty(),
        "no tenant agent reached the provider"
    );

    // The demonstration agent itself runs on the operator's key (that is what it is for).
    let r = execute(&app, None, "managed-demo-agent").await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["connection_id"], DEMO_CONNECTION);
    assert!(!r.text.contains(OPERATOR_KEY));
    assert_eq!(
        authorizations(&received(&mock).await),
        [format!("Bearer {OPERATOR_KEY}")]
    );
    app.stop().await;
}

#[tokio::test]
async fn nothing_is_seeded_for_the_operator_in_production() {
    let app = spawn_with(|env| {
        env.insert("ENVIRONMENT".into(), "production".into());
        env.insert("CREDENTIAL_STORE".into(), "local_encrypted".into());
        env.insert(
            "CREDENTIAL_ENCRYPTION_KEY".into(),
            "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=".into(),
        );
        env.insert("OPENAI_API_KEY".into(), OPERATOR_KEY.into());
        env.insert("ANTHROPIC_API_KEY".into(), OPERATOR_KEY.into());
    })
    .await;
    assert_problem(
        &app.get("/runtime/agents/managed-demo-agent").await,
        404,
        "agent_not_found",
    );
    assert_eq!(
        items_len(&app.get("/runtime/provider-connections").await.body),
        0
    );
    assert_eq!(
        items_len(&app.get("/runtime/execution-profiles").await.body),
        0
    );
    assert_problem(
        &app.get(&format!("/runtime/execution-profiles/{DEMO_PROFILE}"))
            .await,
        404,
        "profile_not_found",
    );
    // The reference agents are still there.
    assert_eq!(
        app.get("/runtime/agents/discharge-summary-agent")
            .await
            .status,
        200
    );
    app.stop().await;
}
