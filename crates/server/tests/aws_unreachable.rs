//! CREDENTIAL_STORE=aws_secrets_manager with the secret manager unreachable. Its own binary
//! because the SDK's endpoint variable is process-wide: here it names a loopback port this
//! binary owns, where a proxy to moto (`MOTO_ENDPOINT`) is switched on and off, so the store can
//! be down at start, or reachable at create and gone at delete, without restarting anything.
//! Tests take ENV_LOCK for their whole run; each is bounded by a deadline.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aws_support;
mod common;

use aws_support::*;
use common::{assert_problem, Resp, TestApp};
use reqwest::Method;
use serde_json::json;
use std::time::{Duration, Instant};

const TENANT: &str = "acme-hospital-canary";
const CREDENTIAL: &str = "sk-QUOKKA-unreachable-7Q2W9R";
/// A whole test, including server start-ups, must finish within this.
const DEADLINE: Duration = Duration::from_secs(120);
/// An unreachable store must be answered within seconds (the store's own budget is 5 s).
const PROMPT: Duration = Duration::from_secs(15);

static ENV_LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
static PROXY_PORT: std::sync::OnceLock<u16> = std::sync::OnceLock::new();

/// The lock, moto's endpoint, and a switch (off) at the port the SDK's variables name.
async fn aws_env() -> Option<(tokio::sync::MutexGuard<'static, ()>, String, Switch)> {
    let endpoint = moto_endpoint()?;
    let guard = ENV_LOCK.lock().await;
    let port = *PROXY_PORT.get_or_init(|| {
        let port = free_port();
        point_sdk_at(&format!("http://127.0.0.1:{port}"));
        port
    });
    Some((guard, endpoint.clone(), Switch::new(port, &endpoint)))
}

/// A request that must be answered promptly.
async fn timed(what: &str, fut: impl std::future::Future<Output = Resp>) -> Resp {
    let started = Instant::now();
    let r = fut.await;
    assert!(
        started.elapsed() < PROMPT,
        "{what} took {:?}",
        started.elapsed()
    );
    r
}

async fn within_deadline(fut: impl std::future::Future<Output = ()>) {
    tokio::time::timeout(DEADLINE, fut)
        .await
        .expect("test exceeded its deadline");
}

fn conn_path(r: &Resp) -> String {
    format!(
        "/runtime/provider-connections/{}",
        r.body["connection_id"].as_str().unwrap()
    )
}

async fn create(app: &TestApp) -> Resp {
    app.post_as(TENANT, "/runtime/provider-connections", json!({"provider": "openai", "display_name": "Acme Display Canary", "credential": CREDENTIAL}))
        .await
}

#[tokio::test]
async fn unreachable_at_start_the_service_serves_reports_and_refuses_credential_work() {
    let Some((_guard, endpoint, mut switch)) = aws_env().await else {
        return;
    };
    within_deadline(async {
        let moto = moto_client(&endpoint).await;
        let prefix = unique_prefix();
        switch.off().await;
        // Starts (the failed probe is logged), instead of failing to build; also when an
        // operator demonstration key asks for a seeded connection, which cannot be stored now.
        let app = spawn_aws(&prefix, &[("OPENAI_API_KEY", "sk-operator-demo-key")]).await;
        assert_eq!(app.get("/health").await.status, 200);
        let ready = timed("/ready", app.get("/ready")).await;
        assert_eq!(ready.status, 503, "{}", ready.text);
        assert_eq!(ready.body["status"], "not_ready");
        assert_eq!(ready.body["checks"]["credential_store"], false);
        for other in [
            "configuration_loaded",
            "policy_repository",
            "agent_registry",
            "database",
        ] {
            assert_eq!(ready.body["checks"][other], true, "{other}: {}", ready.text);
        }

        let r = timed("create", create(&app)).await;
        assert_problem(&r, 503, "credential_store_unavailable");
        assert!(!r.text.contains(CREDENTIAL));
        // Nothing stored: no record, no secret.
        let list = app.get_as(TENANT, "/runtime/provider-connections").await;
        assert_eq!(
            list.body["items"].as_array().map(Vec::len),
            Some(0),
            "{}",
            list.text
        );
        assert!(secret_names(&moto, &prefix).await.is_empty());

        // Reported, not a crash: once the store answers, the same process is ready and works.
        switch.on().await;
        let ready = app.get("/ready").await;
        assert_eq!(ready.status, 200, "{}", ready.text);
        assert_eq!(ready.body["checks"]["credential_store"], true);
        let c = create(&app).await;
        assert_eq!(c.status, 201, "{}", c.text);
        assert_eq!(secret_names(&moto, &prefix).await.len(), 1);
        assert_eq!(
            app.send(Method::DELETE, &conn_path(&c), Some(TENANT), None)
                .await
                .status,
            204
        );
        assert!(secret_names(&moto, &prefix).await.is_empty());
        switch.off().await;
        app.stop().await;
    })
    .await;
}

#[tokio::test]
async fn store_lost_after_create_validate_rotate_and_execute_answer_503_and_change_nothing() {
    let Some((_guard, endpoint, mut switch)) = aws_env().await else {
        return;
    };
    within_deadline(async {
        let moto = moto_client(&endpoint).await;
        let prefix = unique_prefix();
        let mock = mock_openai().await;
        let settings = provider_settings(&mock);
        let settings: Vec<(&str, &str)> = settings
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        switch.on().await;
        let app = spawn_aws(&prefix, &settings).await;

        let pending = create(&app).await;
        assert_eq!(pending.status, 201, "{}", pending.text);
        let valid = create(&app).await;
        let v = app
            .post_empty_as(TENANT, &format!("{}/validate", conn_path(&valid)))
            .await;
        assert_eq!(v.body["status"], "valid", "{}", v.text);
        let (agent, _) = managed_agent(
            &app,
            TENANT,
            valid.body["connection_id"].as_str().unwrap(),
            "unreachable-agent",
        )
        .await;
        let name = secret_name(pending.body["credential_reference"].as_str().unwrap());

        switch.off().await;
        let before = app.get_as(TENANT, &conn_path(&pending)).await;

        let r = timed(
            "validate",
            app.post_empty_as(TENANT, &format!("{}/validate", conn_path(&pending))),
        )
        .await;
        assert_problem(&r, 503, "credential_store_unavailable");
        let r = timed(
            "rotate",
            app.post_as(
                TENANT,
                &format!("{}/rotate-credential", conn_path(&valid)),
                json!({"credential": "sk-new-value"}),
            ),
        )
        .await;
        assert_problem(&r, 503, "credential_store_unavailable");
        let r = timed("execute", execute(&app, TENANT, &agent)).await;
        assert_problem(&r, 503, "credential_store_unavailable");
        assert!(
            mock.received_requests().await.unwrap().is_empty(),
            "no provider call without a credential"
        );
        let sessions = app.get_as(TENANT, "/runtime/sessions").await;
        assert_eq!(
            sessions.body["items"].as_array().map(Vec::len),
            Some(0),
            "{}",
            sessions.text
        );

        // Unchanged: status, validation fields, timestamps.
        assert_eq!(
            app.get_as(TENANT, &conn_path(&pending)).await.body,
            before.body
        );
        assert_eq!(app.get_as(TENANT, &conn_path(&valid)).await.body, v.body);

        switch.on().await;
        let versions = moto
            .list_secret_version_ids()
            .secret_id(secret_name(
                valid.body["credential_reference"].as_str().unwrap(),
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(
            versions.versions().len(),
            1,
            "the failed rotation added no version"
        );
        assert_eq!(describe_error(&moto, &name).await, None);
        switch.off().await;
        app.stop().await;
    })
    .await;
}

#[tokio::test]
async fn delete_with_the_store_down_leaves_deleting_and_a_repeated_delete_finishes() {
    let Some((_guard, endpoint, mut switch)) = aws_env().await else {
        return;
    };
    within_deadline(async {
        let moto = moto_client(&endpoint).await;
        let prefix = unique_prefix();
        switch.on().await;
        let app = spawn_aws(&prefix, &[]).await;
        let c = create(&app).await;
        assert_eq!(c.status, 201, "{}", c.text);
        let path = conn_path(&c);
        let name = secret_name(c.body["credential_reference"].as_str().unwrap());

        switch.off().await;
        let d = timed(
            "delete",
            app.send(Method::DELETE, &path, Some(TENANT), None),
        )
        .await;
        assert_problem(&d, 503, "credential_store_unavailable");
        let g = app.get_as(TENANT, &path).await;
        assert_eq!(g.status, 200, "{}", g.text);
        assert_eq!(g.body["status"], "deleting");
        // While deleting: no validation, rotation or edits; still down, still deleting.
        assert_problem(
            &app.post_empty_as(TENANT, &format!("{path}/validate")).await,
            409,
            "invalid_state_transition",
        );
        assert_problem(
            &app.send(
                Method::PATCH,
                &path,
                Some(TENANT),
                Some(json!({"display_name": "x"})),
            )
            .await,
            409,
            "invalid_state_transition",
        );
        let again = timed(
            "delete",
            app.send(Method::DELETE, &path, Some(TENANT), None),
        )
        .await;
        assert_problem(&again, 503, "credential_store_unavailable");
        assert_eq!(app.get_as(TENANT, &path).await.body["status"], "deleting");

        // The store is back: the secret is still there, and the repeated DELETE finishes.
        switch.on().await;
        assert_eq!(describe_error(&moto, &name).await, None);
        let done = app.send(Method::DELETE, &path, Some(TENANT), None).await;
        assert_eq!(done.status, 204, "{}", done.text);
        assert_eq!(
            describe_error(&moto, &name).await.as_deref(),
            Some("ResourceNotFoundException")
        );
        assert_problem(
            &app.get_as(TENANT, &path).await,
            404,
            "connection_not_found",
        );
        assert!(secret_names(&moto, &prefix).await.is_empty());
        switch.off().await;
        app.stop().await;
    })
    .await;
}
