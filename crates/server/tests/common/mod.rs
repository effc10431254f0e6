//! The one door into the system under test: a real server on port 0 with its own database.
//! SQLite by default; with TEST_DATABASE_URL (a PostgreSQL admin URL) every app gets a fresh
//! PostgreSQL database instead, so the same tests run against both backends.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::HashMap;

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub database_url: String,
    pub dir: tempfile::TempDir,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
}

pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh database URL: a temporary SQLite file, or a new PostgreSQL database.
pub async fn fresh_database(dir: &std::path::Path) -> String {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin) if !admin.is_empty() => {
            use sqlx::Executor;
            let name = format!("rce_test_{}", uuid_like());
            let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin)
                .await
                .expect("connect to TEST_DATABASE_URL");
            conn.execute(format!("CREATE DATABASE {name}").as_str())
                .await
                .expect("create test database");
            let base = admin
                .rsplit_once('/')
                .map(|(b, _)| b.to_owned())
                .unwrap_or(admin);
            format!("{base}/{name}")
        }
        _ => format!("sqlite://{}/test.db", dir.display()),
    }
}

fn uuid_like() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "{}_{}_{}",
        std::process::id(),
        t,
        N.fetch_add(1, Ordering::Relaxed)
    )
}

pub fn base_env(dir: &std::path::Path, database_url: &str) -> HashMap<String, String> {
    let mut env = HashMap::new();
    env.insert("PORT".into(), "0".into());
    env.insert("HOST".into(), "127.0.0.1".into());
    env.insert("LOG_LEVEL".into(), "silent".into());
    env.insert("DATA_DIR".into(), dir.display().to_string());
    env.insert("DATABASE_URL".into(), database_url.into());
    env.insert("CREDENTIAL_STORE".into(), "local_encrypted".into());
    env.insert(
        "POLICY_BUNDLE_DIR".into(),
        repo_root().join("policies").display().to_string(),
    );
    env
}

pub async fn spawn_app() -> TestApp {
    spawn_with(|_| {}).await
}

pub async fn spawn_with(customize: impl FnOnce(&mut HashMap<String, String>)) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let database_url = fresh_database(dir.path()).await;
    let mut env = base_env(dir.path(), &database_url);
    customize(&mut env);
    let config = server::config::Config::from_env(&env).expect("test config");
    let state = server::build_state(config).await.expect("build state");
    let running = server::serve(state, false).await.expect("serve");
    TestApp {
        base: format!("http://{}", running.addr),
        client: reqwest::Client::new(),
        database_url,
        dir,
        shutdown: Some(running.shutdown),
        task: Some(running.task),
    }
}

pub struct Resp {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
    pub text: String,
}

impl TestApp {
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.task.take() {
            let _ = t.await;
        }
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        tenant: Option<&str>,
        body: Option<Value>,
    ) -> Resp {
        let mut req = self
            .client
            .request(method, format!("{}{}", self.base, path));
        if let Some(t) = tenant {
            req = req.header("X-Tenant-ID", t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.expect("request");
        let status = resp.status();
        let headers = resp.headers().clone();
        let text = resp.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Resp {
            status,
            headers,
            body,
            text,
        }
    }

    pub async fn get(&self, path: &str) -> Resp {
        self.send(Method::GET, path, None, None).await
    }
    pub async fn get_as(&self, tenant: &str, path: &str) -> Resp {
        self.send(Method::GET, path, Some(tenant), None).await
    }
    pub async fn post(&self, path: &str, body: Value) -> Resp {
        self.send(Method::POST, path, None, Some(body)).await
    }
    pub async fn post_as(&self, tenant: &str, path: &str, body: Value) -> Resp {
        self.send(Method::POST, path, Some(tenant), Some(body))
            .await
    }
    pub async fn post_empty(&self, path: &str) -> Resp {
        self.send(Method::POST, path, None, None).await
    }
    pub async fn post_empty_as(&self, tenant: &str, path: &str) -> Resp {
        self.send(Method::POST, path, Some(tenant), None).await
    }
    pub async fn patch(&self, path: &str, body: Value) -> Resp {
        self.send(Method::PATCH, path, None, Some(body)).await
    }
    pub async fn delete(&self, path: &str) -> Resp {
        self.send(Method::DELETE, path, None, None).await
    }

    /// Registers an agent under a tenant (default tenant when None) and returns its body.
    pub async fn register_agent(&self, tenant: Option<&str>, id: &str, extra: Value) -> Value {
        let mut body = agent_body(id);
        merge(&mut body, extra);
        let r = self
            .send(Method::POST, "/runtime/agents", tenant, Some(body))
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        r.body
    }

    pub async fn active_agent(&self, tenant: Option<&str>, id: &str, extra: Value) -> Value {
        let mut extra = extra;
        merge(&mut extra, json!({"status": "active"}));
        self.register_agent(tenant, id, extra).await
    }

    pub async fn create_connection(
        &self,
        tenant: Option<&str>,
        provider: &str,
        credential: &str,
        endpoint: Option<&str>,
    ) -> Value {
        let mut body = json!({"provider": provider, "display_name": "Tenant account", "credential": credential});
        if let Some(e) = endpoint {
            body["endpoint"] = json!(e);
        }
        let r = self
            .send(
                Method::POST,
                "/runtime/provider-connections",
                tenant,
                Some(body),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        r.body
    }
}

pub fn agent_body(id: &str) -> Value {
    json!({
        "agent_id": id,
        "name": "Test agent",
        "owner": "platform-team",
        "version": "2.1.0",
        "clinical_domain": "cardiology",
        "allowed_tasks": ["discharge_summary", "clinical_summary"],
        "capabilities": ["summarization"],
        "model_provider": "acme-llm",
        "model_version": "acme-7",
        "risk_tier": "medium"
    })
}

pub fn merge(target: &mut Value, extra: Value) {
    if let (Some(t), Value::Object(e)) = (target.as_object_mut(), extra) {
        for (k, v) in e {
            t.insert(k, v);
        }
    }
}

/// Asserts a problem response with the contract's code and a correlation id.
pub fn assert_problem(r: &Resp, status: u16, code: &str) {
    assert_eq!(r.status.as_u16(), status, "{}", r.text);
    assert_eq!(
        r.headers.get("content-type").and_then(|v| v.to_str().ok()),
        Some("application/problem+json"),
        "{}",
        r.text
    );
    assert_eq!(r.body["code"], code, "{}", r.text);
    assert_eq!(r.body["status"], status);
    let cid = r.body["correlation_id"].as_str().unwrap_or("");
    assert!(
        !cid.is_empty(),
        "problem without correlation id: {}",
        r.text
    );
    assert_eq!(
        r.headers
            .get("x-correlation-id")
            .and_then(|v| v.to_str().ok()),
        Some(cid)
    );
}

pub fn source(id: &str, content: &str) -> Value {
    json!({"source_id": id, "source_type": "discharge_note", "title": "Discharge note", "content": content, "authored_at": "2026-01-10T08:00:00Z"})
}

/// An external run body whose output identity matches the agent from `agent_body`.
pub fn run_body(
    agent_id: &str,
    sources: Value,
    claims: Value,
    meds: Value,
    instructions_present: bool,
) -> Value {
    json!({
        "agent_id": agent_id,
        "case_id": "case-001",
        "task_type": "discharge_summary",
        "model_provider": "acme-llm",
        "model_version": "acme-7",
        "source_references": sources,
        "agent_output": {
            "identity": {"agent_id": agent_id, "agent_version": "2.1.0", "model_provider": "acme-llm", "model_version": "acme-7", "task_type": "discharge_summary"},
            "generated_at": "2026-01-10T12:00:00Z",
            "narrative": "Discharge summary draft.",
            "claims": claims,
            "medication_recommendations": meds,
            "discharge_instructions_present": instructions_present
        }
    })
}
