//! Foundation through HTTP: operations, errors, tenancy, agents, profiles, connections,
//! adapters and the backward-compatible migration. Runs on SQLite, and on PostgreSQL when
//! TEST_DATABASE_URL is set.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::*;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn operations_endpoints_answer_their_shapes() {
    let app = spawn_app().await;
    let h = app.get("/health").await;
    assert_eq!(h.status, 200);
    assert_eq!(h.body["status"], "ok");
    assert_eq!(h.body["service"], "runtime-control-engine");
    assert_eq!(h.body["version"], "1.0.0");
    assert!(h.body["timestamp"].as_str().unwrap().ends_with('Z'));
    let r = app.get("/ready").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["status"], "ready");
    for check in [
        "configuration_loaded",
        "policy_repository",
        "agent_registry",
        "database",
        "credential_store",
    ] {
        assert_eq!(r.body["checks"][check], true, "{check}");
    }
    assert_eq!(r.body["degraded"], false);
    let v = app.get("/version").await;
    for k in [
        "service",
        "version",
        "api_version",
        "build_id",
        "environment",
    ] {
        assert!(v.body[k].is_string(), "{k}");
    }
    let doc = app.get("/openapi.json").await;
    assert_eq!(doc.status, 200);
    for p in [
        "/runtime/agents",
        "/runtime/agents/{id}/execute",
        "/runtime/provider-connections/{id}/rotate-credential",
        "/runtime/sessions/{id}/replay",
        "/runtime/metrics",
        "/ready",
    ] {
        assert!(doc.body["paths"][p].is_object(), "openapi misses {p}");
    }
    let docs = app.get("/docs/").await;
    assert_eq!(docs.status, 200);
    assert!(docs.text.contains("swagger"), "docs page");
    assert!(
        !docs.text.contains("https://"),
        "the docs page must not load anything from another host"
    );
    app.stop().await;
}

#[tokio::test]
async fn unavailable_adapter_degrades_but_does_not_fail_readiness() {
    let app = spawn_with(|env| {
        env.insert("ADAPTERS_DISABLED".into(), "anthropic".into());
        env.insert("OPENAI_BASE_URL".into(), "not a url".into());
    })
    .await;
    let r = app.get("/ready").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["degraded"], true);
    let reasons = r.body["degraded_reasons"].to_string();
    assert!(
        reasons.contains("anthropic") && reasons.contains("openai"),
        "{reasons}"
    );
    let a = app.get("/runtime/adapters/anthropic").await;
    assert_eq!(a.body["status"], "unavailable");
    assert_eq!(a.body["status_reason"], "disabled_by_configuration");
    assert_eq!(
        app.get("/runtime/adapters/openai").await.body["status"],
        "misconfigured"
    );
    assert_eq!(app.get("/health").await.status, 200);
    app.stop().await;
}

#[tokio::test]
async fn errors_are_problem_details_with_correlation_ids() {
    let app = spawn_app().await;
    let r = app.get("/no/such/route").await;
    assert_problem(&r, 404, "route_not_found");
    let r = app.send(Method::PUT, "/runtime/agents", None, None).await;
    assert_problem(&r, 405, "method_not_allowed");
    let r = app
        .client
        .post(format!("{}/runtime/agents", app.base))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let body: serde_json::Value = r.json().await.unwrap();
    assert_eq!(body["code"], "malformed_json");
    let r = app
        .client
        .post(format!("{}/runtime/agents", app.base))
        .header("content-type", "text/plain")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 415);
    let mut big = agent_body("big");
    big["metadata"] = json!({"blob": "x".repeat(1_100_000)});
    let r = app.post("/runtime/agents", big).await;
    assert_problem(&r, 413, "payload_too_large");
    let mut extra = agent_body("extra");
    extra["surprise"] = json!(1);
    let r = app.post("/runtime/agents", extra).await;
    assert_problem(&r, 400, "unknown_field");
    let r = app
        .send(Method::GET, "/runtime/agents", Some(""), None)
        .await;
    assert_problem(&r, 400, "invalid_tenant_id");
    let r = app
        .send(Method::GET, "/runtime/agents", Some("bad tenant!"), None)
        .await;
    assert_problem(&r, 400, "invalid_tenant_id");
    // A valid correlation id is echoed; an invalid one is replaced.
    let r = app
        .client
        .get(format!("{}/health", app.base))
        .header("x-correlation-id", "abc:123-x")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["x-correlation-id"], "abc:123-x");
    let r = app
        .client
        .get(format!("{}/health", app.base))
        .header("x-correlation-id", "has space")
        .send()
        .await
        .unwrap();
    assert_ne!(r.headers()["x-correlation-id"], "has space");
    // Authorization is accepted and ignored.
    let r = app
        .client
        .get(format!("{}/runtime/agents", app.base))
        .header("authorization", "Bearer whatever")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    app.stop().await;
}

#[tokio::test]
async fn seeding_creates_the_reference_agents_once() {
    let app = spawn_app().await;
    let d = app.get("/runtime/agents/discharge-summary-agent").await;
    assert_eq!(d.body["status"], "active");
    assert_eq!(d.body["adapter_id"], "reference");
    let r = app.get("/runtime/agents/radiology-follow-up-agent").await;
    assert_eq!(r.body["status"], "draft");
    assert!(r.body["adapter_id"].is_null());
    assert!(
        app.get("/runtime/agents/managed-demo-agent").await.status == 404,
        "no demo agent without a provider key"
    );
    // A user's change survives a restart (seeding never overwrites).
    let p = app
        .patch(
            "/runtime/agents/discharge-summary-agent",
            json!({"name": "Renamed"}),
        )
        .await;
    assert_eq!(p.status, 200, "{}", p.text);
    let addr = restart_on_same_data(&app).await;
    let r: serde_json::Value = reqwest::get(format!(
        "http://{addr}/runtime/agents/discharge-summary-agent"
    ))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert_eq!(r["name"], "Renamed");
    let all: serde_json::Value = reqwest::get(format!("http://{addr}/runtime/agents"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        all["items"].as_array().unwrap().len(),
        2,
        "seeds are not duplicated"
    );
    app.stop().await;
}

/// A second server on the same database and data directory (the first keeps running).
async fn restart_on_same_data(app: &TestApp) -> std::net::SocketAddr {
    let env = base_env(app.dir.path(), &app.database_url);
    let config = server::config::Config::from_env(&env).unwrap();
    let state = server::build_state(config).await.unwrap();
    let running = server::serve(state, false).await.unwrap();
    let addr = running.addr;
    // The test process ends the server with the runtime.
    std::mem::forget(running.shutdown);
    addr
}

#[tokio::test]
async fn agents_register_read_patch_and_transition() {
    let app = spawn_app().await;
    let a = app
        .register_agent(
            None,
            "agent.one",
            json!({"provider_connection_id": null, "metadata": {"team": "x"}}),
        )
        .await;
    assert_eq!(a["status"], "draft");
    assert_eq!(a["tenant_id"], "tenant_default");
    assert!(a.get("provider_connection_id").is_none());
    assert!(a["created_at"].as_str().unwrap().ends_with('Z'));
    let dup = app.post("/runtime/agents", agent_body("agent.one")).await;
    assert_problem(&dup, 409, "agent_already_exists");
    for (field, value) in [
        ("allowed_tasks", json!([])),
        ("agent_id", json!("bad id")),
        ("risk_tier", json!("extreme")),
        ("status", json!("suspended")),
        ("allowed_tasks", json!(["bogus_task"])),
        ("name", json!("  ")),
    ] {
        let mut b = agent_body("agent.bad");
        b[field] = value;
        let r = app.post("/runtime/agents", b).await;
        assert_problem(&r, 400, "validation_failed");
        assert_eq!(
            r.body["errors"][0]["field"]
                .as_str()
                .unwrap()
                .split(['[', '.'])
                .next()
                .unwrap(),
            field,
            "{}",
            r.text
        );
    }
    let mut missing = agent_body("agent.missing");
    missing.as_object_mut().unwrap().remove("owner");
    assert_problem(
        &app.post("/runtime/agents", missing).await,
        400,
        "validation_failed",
    );

    let p = app
        .patch(
            "/runtime/agents/agent.one",
            json!({"name": "New name", "execution_profile_id": "prof_x"}),
        )
        .await;
    assert_eq!(p.status, 200, "{}", p.text);
    assert_eq!(p.body["name"], "New name");
    assert_eq!(p.body["execution_profile_id"], "prof_x");
    assert_problem(
        &app.patch("/runtime/agents/agent.one", json!({"agent_id": "other"}))
            .await,
        400,
        "validation_failed",
    );
    assert_problem(
        &app.patch("/runtime/agents/agent.one", json!({"status": "active"}))
            .await,
        400,
        "validation_failed",
    );
    assert_problem(
        &app.patch("/runtime/agents/nope", json!({"name": "x"}))
            .await,
        404,
        "agent_not_found",
    );

    // Every transition from every state, allowed and refused.
    let table = [
        ("draft", "activate", Some("active")),
        ("draft", "suspend", None),
        ("draft", "deprecate", Some("deprecated")),
        ("active", "activate", None),
        ("active", "suspend", Some("suspended")),
        ("active", "deprecate", Some("deprecated")),
        ("suspended", "activate", Some("active")),
        ("suspended", "suspend", None),
        ("suspended", "deprecate", Some("deprecated")),
        ("deprecated", "activate", None),
        ("deprecated", "suspend", None),
        ("deprecated", "deprecate", None),
    ];
    for (i, (from, trigger, to)) in table.iter().enumerate() {
        let id = format!("t{i}");
        app.register_agent(None, &id, json!({})).await;
        let path = |t: &str| format!("/runtime/agents/{id}/{t}");
        match *from {
            "active" => assert_eq!(app.post_empty(&path("activate")).await.status, 200),
            "suspended" => {
                app.post_empty(&path("activate")).await;
                assert_eq!(app.post_empty(&path("suspend")).await.status, 200);
            }
            "deprecated" => assert_eq!(app.post_empty(&path("deprecate")).await.status, 200),
            _ => {}
        }
        let r = app.post_empty(&path(trigger)).await;
        match to {
            Some(state) => {
                assert_eq!(r.status, 200, "{from} {trigger}: {}", r.text);
                assert_eq!(r.body["status"], *state);
            }
            None => assert_problem(&r, 409, "invalid_state_transition"),
        }
    }
    // Six agents end deprecated (three by the table, three set up as deprecated): page by two.
    let mut ids = vec![];
    let mut cursor: Option<String> = None;
    loop {
        let url = match &cursor {
            Some(c) => format!("/runtime/agents?status=deprecated&limit=2&cursor={c}"),
            None => "/runtime/agents?status=deprecated&limit=2".to_owned(),
        };
        let page = app.get(&url).await;
        assert_eq!(page.status, 200, "{}", page.text);
        let items = page.body["items"].as_array().unwrap();
        assert!(items.len() <= 2);
        ids.extend(
            items
                .iter()
                .map(|a| a["agent_id"].as_str().unwrap().to_owned()),
        );
        match page.body["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!((ids.len(), unique.len()), (6, 6), "{ids:?}");
    assert_problem(
        &app.get("/runtime/agents?status=bogus").await,
        400,
        "validation_failed",
    );
    assert_problem(
        &app.get("/runtime/agents?limit=0").await,
        400,
        "validation_failed",
    );
    assert_problem(
        &app.get("/runtime/agents?cursor=zzz").await,
        400,
        "validation_failed",
    );
    app.stop().await;
}

#[tokio::test]
async fn tenants_never_see_each_other() {
    let app = spawn_app().await;
    app.register_agent(Some("hospital-a"), "shared-id", json!({}))
        .await;
    app.register_agent(
        Some("hospital-b"),
        "shared-id",
        json!({"name": "B's agent"}),
    )
    .await;
    let conn = app
        .create_connection(Some("hospital-a"), "openai", "sk-a", None)
        .await;
    let cid = conn["connection_id"].as_str().unwrap();
    let prof = app
        .post_as(
            "hospital-a",
            "/runtime/execution-profiles",
            json!({"display_name": "p", "provider": "openai", "model": "gpt"}),
        )
        .await;
    let pid = prof.body["profile_id"].as_str().unwrap();
    assert_eq!(
        app.get_as("hospital-b", "/runtime/agents/shared-id")
            .await
            .body["name"],
        "B's agent"
    );
    assert_problem(
        &app.get_as(
            "hospital-b",
            &format!("/runtime/provider-connections/{cid}"),
        )
        .await,
        404,
        "connection_not_found",
    );
    assert_problem(
        &app.get_as("hospital-b", &format!("/runtime/execution-profiles/{pid}"))
            .await,
        404,
        "profile_not_found",
    );
    assert_problem(
        &app.post_empty_as(
            "hospital-b",
            &format!("/runtime/provider-connections/{cid}/validate"),
        )
        .await,
        404,
        "connection_not_found",
    );
    assert!(app
        .get_as("hospital-b", "/runtime/provider-connections")
        .await
        .body["items"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(app
        .get_as("hospital-b", "/runtime/execution-profiles")
        .await
        .body["items"]
        .as_array()
        .unwrap()
        .is_empty());
    assert_eq!(
        app.get_as("hospital-a", "/runtime/agents").await.body["items"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // The default tenant sees neither.
    assert_problem(
        &app.get(&format!("/runtime/provider-connections/{cid}"))
            .await,
        404,
        "connection_not_found",
    );
    app.stop().await;
}

#[tokio::test]
async fn profiles_validate_shapes_transition_and_refuse_delete_in_use() {
    let app = spawn_app().await;
    let r = app.post("/runtime/execution-profiles", json!({"display_name": "Prod", "provider": "openai", "model": "gpt-4o", "temperature": 0.2, "max_output_tokens": 512, "timeout_ms": 5000, "retry_policy": "fixed", "retry_attempts": 2})).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["status"], "draft");
    assert!(r.body["profile_id"].as_str().unwrap().starts_with("prof_"));
    let pid = r.body["profile_id"].as_str().unwrap().to_owned();
    for bad in [
        json!({"temperature": 2.5}),
        json!({"top_p": 0}),
        json!({"max_output_tokens": 0}),
        json!({"timeout_ms": 99}),
        json!({"timeout_ms": 600001}),
        json!({"reasoning_level": "extreme"}),
        json!({"response_format": "xml"}),
        json!({"retry_attempts": 11}),
        json!({"retry_backoff_ms": 60001}),
        json!({"provider": "cohere"}),
    ] {
        let mut body = json!({"display_name": "x", "provider": "openai", "model": "m"});
        merge(&mut body, bad.clone());
        assert_problem(
            &app.post("/runtime/execution-profiles", body).await,
            400,
            "validation_failed",
        );
    }
    assert_problem(
        &app.patch(
            &format!("/runtime/execution-profiles/{pid}"),
            json!({"model": ""}),
        )
        .await,
        400,
        "validation_failed",
    );
    assert_problem(
        &app.patch(
            &format!("/runtime/execution-profiles/{pid}"),
            json!({"status": "active"}),
        )
        .await,
        400,
        "validation_failed",
    );
    let p = app
        .patch(
            &format!("/runtime/execution-profiles/{pid}"),
            json!({"model": null, "adapter_id": null}),
        )
        .await;
    assert_eq!(p.status, 200, "{}", p.text);
    assert!(p.body["model"].is_null());
    // draft → activate → disable → activate; refused: disable from draft/disabled, activate from active.
    assert_problem(
        &app.post_empty(&format!("/runtime/execution-profiles/{pid}/disable"))
            .await,
        409,
        "invalid_state_transition",
    );
    assert_eq!(
        app.post_empty(&format!("/runtime/execution-profiles/{pid}/activate"))
            .await
            .body["status"],
        "active"
    );
    assert_problem(
        &app.post_empty(&format!("/runtime/execution-profiles/{pid}/activate"))
            .await,
        409,
        "invalid_state_transition",
    );
    assert_eq!(
        app.post_empty(&format!("/runtime/execution-profiles/{pid}/disable"))
            .await
            .body["status"],
        "disabled"
    );
    assert_problem(
        &app.post_empty(&format!("/runtime/execution-profiles/{pid}/disable"))
            .await,
        409,
        "invalid_state_transition",
    );
    assert_eq!(
        app.post_empty(&format!("/runtime/execution-profiles/{pid}/activate"))
            .await
            .body["status"],
        "active"
    );
    assert_eq!(
        app.get("/runtime/execution-profiles?status=active&provider=openai")
            .await
            .body["items"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // Referenced by an agent: delete refused until the reference goes.
    app.register_agent(None, "user", json!({"execution_profile_id": pid}))
        .await;
    assert_problem(
        &app.delete(&format!("/runtime/execution-profiles/{pid}"))
            .await,
        409,
        "profile_in_use",
    );
    app.patch(
        "/runtime/agents/user",
        json!({"execution_profile_id": null}),
    )
    .await;
    assert_eq!(
        app.delete(&format!("/runtime/execution-profiles/{pid}"))
            .await
            .status,
        204
    );
    assert_problem(
        &app.get(&format!("/runtime/execution-profiles/{pid}")).await,
        404,
        "profile_not_found",
    );
    app.stop().await;
}

#[tokio::test]
async fn connections_are_write_only_and_follow_their_state_machine() {
    let app = spawn_app().await;
    let secret = "sk-canary-7d1f0c3e";
    let c = app.create_connection(None, "openai", secret, None).await;
    assert!(!c.to_string().contains(secret));
    assert_eq!(c["status"], "pending");
    assert_eq!(c["credential_configured"], true);
    assert_eq!(c["internal"], false);
    assert!(c["credential_reference"]
        .as_str()
        .unwrap()
        .starts_with("local_encrypted:"));
    let id = c["connection_id"].as_str().unwrap().to_owned();
    let path = |t: &str| format!("/runtime/provider-connections/{id}{t}");
    for r in [
        app.get(&path("")).await,
        app.get("/runtime/provider-connections").await,
    ] {
        assert!(!r.text.contains(secret));
    }
    // Operator-owned connections cannot be created through the API.
    let r = app
        .post(
            "/runtime/provider-connections",
            json!({"provider": "openai", "display_name": "x", "credential": "k", "internal": true}),
        )
        .await;
    assert_problem(&r, 400, "unknown_field");
    assert_problem(
        &app.post_empty(&path("/disable")).await,
        409,
        "invalid_state_transition",
    );
    let v = app.post_empty(&path("/validate")).await;
    assert_eq!(v.body["status"], "valid", "{}", v.text);
    assert!(v.body["last_validated_at"].is_string());
    assert_eq!(
        app.post_empty(&path("/disable")).await.body["status"],
        "disabled"
    );
    assert_problem(
        &app.post_empty(&path("/validate")).await,
        409,
        "invalid_state_transition",
    );
    assert_eq!(
        app.post_empty(&path("/enable")).await.body["status"],
        "valid"
    );
    let rot = app
        .post(
            &path("/rotate-credential"),
            json!({"credential": "sk-rotated-123"}),
        )
        .await;
    assert_eq!(rot.status, 200, "{}", rot.text);
    assert_eq!(rot.body["status"], "pending");
    assert!(rot.body["credential_rotated_at"].is_string());
    assert!(!rot.text.contains("sk-rotated-123"));
    let p = app
        .patch(
            &path(""),
            json!({"display_name": "Renamed", "endpoint": "https://llm.example.org/v1"}),
        )
        .await;
    assert_eq!(p.body["status"], "pending");
    assert_eq!(p.body["endpoint"], "https://llm.example.org/v1");
    assert_problem(
        &app.patch(&path(""), json!({"status": "valid"})).await,
        400,
        "unknown_field",
    );
    // Delete refused while a profile references it; then the credential goes too.
    let prof = app.post("/runtime/execution-profiles", json!({"display_name": "p", "provider": "openai", "model": "m", "provider_connection_id": id})).await;
    assert_problem(&app.delete(&path("")).await, 409, "connection_in_use");
    app.delete(&format!(
        "/runtime/execution-profiles/{}",
        prof.body["profile_id"].as_str().unwrap()
    ))
    .await;
    assert_eq!(app.delete(&path("")).await.status, 204);
    assert_problem(&app.get(&path("")).await, 404, "connection_not_found");
    assert_problem(&app.delete(&path("")).await, 404, "connection_not_found");
    app.stop().await;
}

#[tokio::test]
async fn validation_records_the_failure_code() {
    let app = spawn_app().await;
    let cases = [
        ("openai_compatible", "k", None, "endpoint_required"),
        (
            "openai",
            "k",
            Some("ftp://x.example.org"),
            "endpoint_malformed",
        ),
        (
            "openai",
            "k",
            Some("http://llm.example.org"),
            "endpoint_malformed",
        ),
        (
            "openai",
            "k",
            Some("https://169.254.169.254/latest"),
            "endpoint_not_allowed",
        ),
        ("openai", "   ", None, "credential_blank"),
        ("reference", "k", None, "provider_not_supported"),
    ];
    for (provider, cred, endpoint, code) in cases {
        let c = app.create_connection(None, provider, cred, endpoint).await;
        let v = app
            .post_empty(&format!(
                "/runtime/provider-connections/{}/validate",
                c["connection_id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(v.status, 200, "{}", v.text);
        assert_eq!(v.body["status"], "invalid", "{provider} {endpoint:?}");
        let got = v.body["last_validation_error_code"].as_str().unwrap();
        // http:// is refused as malformed or not allowed depending on how it is refused; both are refusals.
        if code == "endpoint_malformed" && endpoint.is_some_and(|e| e.starts_with("http:")) {
            assert!(
                got == "endpoint_malformed" || got == "endpoint_not_allowed",
                "{got}"
            );
        } else {
            assert_eq!(got, code);
        }
        // invalid → validate again is allowed.
        let again = app
            .post_empty(&format!(
                "/runtime/provider-connections/{}/validate",
                c["connection_id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(again.status, 200);
    }
    app.stop().await;
}

#[tokio::test]
async fn adapters_are_listed_validated_and_healthy() {
    let app = spawn_app().await;
    let l = app.get("/runtime/adapters").await;
    let items = l.body["items"].as_array().unwrap();
    assert_eq!(items.len(), 4);
    for a in items {
        assert_eq!(a["status"], "available", "{a}");
        assert!(a["capabilities"]["task_types"].as_array().unwrap().len() == 6);
    }
    let r = app.get("/runtime/adapters/reference").await;
    assert_eq!(
        r.body["capabilities"]["execution_modes"],
        json!(["synthetic"])
    );
    let v = app.post_empty("/runtime/adapters/openai/validate").await;
    assert_eq!(v.status, 200);
    assert!(v.body["last_validated_at"].is_string());
    let h = app.get("/runtime/adapters/openai-compatible/health").await;
    assert_eq!(h.body["healthy"], true);
    assert_problem(
        &app.get("/runtime/adapters/nope").await,
        404,
        "adapter_not_found",
    );
    assert_problem(
        &app.post_empty("/runtime/adapters/nope/validate").await,
        404,
        "adapter_not_found",
    );
    app.stop().await;
}

#[tokio::test]
async fn legacy_agent_shape_creates_an_active_migrated_profile() {
    let app = spawn_app().await;
    let c = app
        .create_connection(None, "anthropic", "sk-ant", None)
        .await;
    let cid = c["connection_id"].as_str().unwrap();
    let a = app
        .register_agent(
            None,
            "legacy",
            json!({"adapter_id": "anthropic", "provider_connection_id": cid}),
        )
        .await;
    assert!(a.get("provider_connection_id").is_none());
    let pid = a["execution_profile_id"].as_str().unwrap();
    let p = app
        .get(&format!("/runtime/execution-profiles/{pid}"))
        .await
        .body;
    assert_eq!(p["status"], "active");
    assert_eq!(p["metadata"]["auto_migrated"], true);
    assert_eq!(p["provider"], "anthropic");
    assert_eq!(p["adapter_id"], "anthropic");
    assert_eq!(p["provider_connection_id"], cid);
    assert_eq!(p["model"], "acme-7");
    assert_eq!(p["display_name"], "legacy (migrated)");
    // Also on PATCH.
    app.register_agent(None, "legacy2", json!({})).await;
    let r = app
        .patch(
            "/runtime/agents/legacy2",
            json!({"adapter_id": "anthropic", "provider_connection_id": cid}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.body["execution_profile_id"]
        .as_str()
        .unwrap()
        .starts_with("prof_"));
    // A connection of another tenant cannot be used.
    let r = app
        .post_as("other", "/runtime/agents", {
            let mut b = agent_body("legacy3");
            b["adapter_id"] = json!("anthropic");
            b["provider_connection_id"] = json!(cid);
            b
        })
        .await;
    assert_problem(&r, 404, "connection_not_found");
    app.stop().await;
}

#[tokio::test]
async fn credentials_survive_a_restart_with_the_generated_key() {
    let app = spawn_app().await;
    let c = app
        .create_connection(None, "openai", "sk-persist", None)
        .await;
    let id = c["connection_id"].as_str().unwrap().to_owned();
    let dir = app.dir.path().to_path_buf();
    let key_file = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_string_lossy().contains("key"));
    let key_file = key_file.expect("a generated key file").path();
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let addr = restart_on_same_data(&app).await;
    let v: serde_json::Value = reqwest::Client::new()
        .post(format!(
            "http://{addr}/runtime/provider-connections/{id}/validate"
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["status"], "valid", "{v}");
    app.stop().await;
}

#[tokio::test]
async fn replicas_starting_together_migrate_and_seed_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_database(dir.path()).await;
    let build = |db: String, dir: std::path::PathBuf| async move {
        let env = base_env(&dir, &db);
        server::build_state(server::config::Config::from_env(&env).unwrap()).await
    };
    let (a, b, c) = tokio::join!(
        build(db.clone(), dir.path().to_path_buf()),
        build(db.clone(), dir.path().to_path_buf()),
        build(db.clone(), dir.path().to_path_buf())
    );
    let a = a.expect("replica a");
    b.expect("replica b");
    c.expect("replica c");
    let running = server::serve(a, false).await.unwrap();
    let agents: serde_json::Value = reqwest::get(format!("http://{}/runtime/agents", running.addr))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(agents["items"].as_array().unwrap().len(), 2, "{agents}");
    let _ = running.shutdown.send(());
}

#[tokio::test]
async fn cors_follows_the_setting() {
    let app = spawn_with(|env| {
        env.insert(
            "CORS_ALLOWED_ORIGINS".into(),
            "https://ward.example.org".into(),
        );
    })
    .await;
    let preflight = |origin: &'static str| {
        app.client
            .request(Method::OPTIONS, format!("{}/runtime/agents", app.base))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type,x-tenant-id")
            .send()
    };
    let ok = preflight("https://ward.example.org").await.unwrap();
    assert_eq!(
        ok.headers().get("access-control-allow-origin").unwrap(),
        "https://ward.example.org"
    );
    let other = preflight("https://evil.example.com").await.unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
    app.stop().await;
    let any = spawn_app().await;
    let r = any
        .client
        .get(format!("{}/health", any.base))
        .header("origin", "https://x.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers().get("access-control-allow-origin").unwrap(), "*");
    any.stop().await;
}

/// PostgreSQL only: the database can be taken away from under a running service.
#[tokio::test]
async fn ready_fails_with_the_database_check_when_the_database_is_gone() {
    let Ok(admin) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("SQLite run: the database-loss case runs on PostgreSQL");
        return;
    };
    let app = spawn_app().await;
    assert_eq!(app.get("/ready").await.status, 200);
    let name = app.database_url.rsplit('/').next().unwrap().to_owned();
    use sqlx::{Connection, Executor};
    let mut c = sqlx::PgConnection::connect(&admin).await.unwrap();
    c.execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
    let r = app.get("/ready").await;
    assert_eq!(r.status, 503, "{}", r.text);
    assert_eq!(r.body["checks"]["database"], false);
    assert_eq!(r.body["checks"]["configuration_loaded"], true);
    assert_eq!(app.get("/health").await.status, 200, "health stays up");
    app.stop().await;
}
