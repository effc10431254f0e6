//! Shared by the AWS Secrets Manager test binaries (`aws.rs`, `aws_unreachable.rs`): where moto
//! is, the SDK's own environment variables aimed at an endpoint, a client that checks moto
//! directly, a switchable loopback proxy, and the managed-execution fixture.
//!
//! The server reads its AWS configuration from the *process* environment (aws-config's standard
//! chain), so each binary sets the variables once, with the same values for all its tests, while
//! holding its own `ENV_LOCK`, and runs its tests one at a time under that lock.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{self, TestApp};
use aws_config::{BehaviorVersion, Region};
use aws_sdk_secretsmanager::config::Credentials;
use aws_sdk_secretsmanager::types::{Filter, FilterNameStringType};
use aws_sdk_secretsmanager::Client;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use tokio::task::{JoinHandle, JoinSet};

/// The `environment` tag the test servers run under (not production-like, so http:// mock
/// provider endpoints are allowed).
pub const ENVIRONMENT: &str = "ci-test";

/// `MOTO_ENDPOINT`, or `None` with a notice so a developer without moto can still run the rest.
/// Under CI a missing endpoint fails instead: CI must never pass by skipping.
pub fn moto_endpoint() -> Option<String> {
    match std::env::var("MOTO_ENDPOINT") {
        Ok(v) if !v.is_empty() => Some(v),
        _ if std::env::var("CI").is_ok_and(|v| !v.is_empty()) => panic!(
            "MOTO_ENDPOINT is not set while CI is: run `source scripts/start-moto.sh` first; \
             the Secrets Manager tests must not be skipped in CI"
        ),
        _ => {
            eprintln!(
                "SKIPPED: MOTO_ENDPOINT is not set; `source scripts/start-moto.sh` to run the \
                 server's Secrets Manager tests against moto"
            );
            None
        }
    }
}

/// Variables that could steer the SDK away from what the tests set.
const AWS_VARS: &[&str] = &[
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_PROFILE",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_ENDPOINT_URL",
    "AWS_ENDPOINT_URL_SECRETS_MANAGER",
    "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS",
    "AWS_ROLE_ARN",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
];

/// Aims the SDK's standard chain at `endpoint` for the whole process: region, static keys and
/// the service-specific endpoint variable; no profile files, no instance metadata.
///
/// `set_var` is a safe function in this crate's edition (2021). Callers run it once, under
/// their binary's `ENV_LOCK`, before any server of that binary reads the environment.
pub fn point_sdk_at(endpoint: &str) {
    for var in AWS_VARS {
        std::env::remove_var(var);
    }
    std::env::set_var("AWS_CONFIG_FILE", "/nonexistent/aws-config");
    std::env::set_var(
        "AWS_SHARED_CREDENTIALS_FILE",
        "/nonexistent/aws-credentials",
    );
    std::env::set_var("AWS_EC2_METADATA_DISABLED", "true");
    std::env::set_var("AWS_REGION", "us-east-1");
    std::env::set_var("AWS_ACCESS_KEY_ID", "testing");
    std::env::set_var("AWS_SECRET_ACCESS_KEY", "testing");
    std::env::set_var("AWS_ENDPOINT_URL_SECRETS_MANAGER", endpoint);
}

/// A client aimed at moto directly, with explicit settings (not the process environment), to
/// look at what the service left in Secrets Manager.
pub async fn moto_client(endpoint: &str) -> Client {
    let config = aws_config::defaults(BehaviorVersion::latest())
        .endpoint_url(endpoint)
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("testing", "testing", None, None, "tests"))
        .load()
        .await;
    Client::new(&config)
}

/// A prefix no other test (or earlier run against the same moto) uses.
pub fn unique_prefix() -> String {
    format!("rcesrv{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

/// A server whose credential store is Secrets Manager, as configured by the process
/// environment; only the prefix and environment come from its own settings.
pub async fn spawn_aws(prefix: &str, extra: &[(&str, &str)]) -> TestApp {
    let prefix = prefix.to_owned();
    let extra: Vec<(String, String)> = extra
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    common::spawn_with(move |env| {
        env.insert("CREDENTIAL_STORE".into(), "aws_secrets_manager".into());
        env.insert("SECRET_NAME_PREFIX".into(), prefix);
        env.insert("ENVIRONMENT".into(), ENVIRONMENT.into());
        for (k, v) in extra {
            env.insert(k, v);
        }
    })
    .await
}

/// Every secret moto holds under `<prefix>-`.
pub async fn secret_names(client: &Client, prefix: &str) -> Vec<String> {
    let listed = client
        .list_secrets()
        .filters(
            Filter::builder()
                .key(FilterNameStringType::Name)
                .values(format!("{prefix}-"))
                .build(),
        )
        .send()
        .await
        .unwrap();
    listed
        .secret_list()
        .iter()
        .filter_map(|s| s.name().map(str::to_owned))
        .collect()
}

/// `Some(code)` of the error DescribeSecret gives, `None` when the secret exists.
pub async fn describe_error(client: &Client, name: &str) -> Option<String> {
    use aws_sdk_secretsmanager::error::ProvideErrorMetadata;
    match client.describe_secret().secret_id(name).send().await {
        Ok(_) => None,
        Err(e) => Some(e.code().unwrap_or("no code").to_owned()),
    }
}

pub fn tags_of(
    d: &aws_sdk_secretsmanager::operation::describe_secret::DescribeSecretOutput,
) -> BTreeMap<String, String> {
    d.tags()
        .iter()
        .map(|t| (t.key().unwrap().to_owned(), t.value().unwrap().to_owned()))
        .collect()
}

/// True when no `n`-character run of `secret` appears in `shown` (ignoring case).
pub fn shares_no_fragment(shown: &str, secret: &str, n: usize) -> bool {
    let shown = shown.to_ascii_lowercase();
    let secret = secret.to_ascii_lowercase();
    secret
        .as_bytes()
        .windows(n)
        .all(|w| !shown.contains(std::str::from_utf8(w).unwrap()))
}

/// The secret name inside an `aws_secrets_manager:` reference.
pub fn secret_name(reference: &str) -> String {
    reference
        .strip_prefix("aws_secrets_manager:")
        .unwrap_or_else(|| panic!("not an AWS reference: {reference}"))
        .to_owned()
}

// ---- managed execution against a mock OpenAI-compatible provider ----

/// An answer the mock provider gives: one supported claim citing doc-1.
pub fn answer() -> String {
    json!({
        "narrative": "Discharge summary draft. The patient was admitted for observation.",
        "claims": [
            {"claim_id": "claim-1", "claim_type": "finding", "statement": "The patient was admitted for observation.", "supporting_source_ids": ["doc-1"]}
        ],
        "medication_recommendations": [],
        "discharge_instructions_present": true
    })
    .to_string()
}

/// The OpenAI chat-completions response shape (see crates/providers/tests/wire.rs).
pub fn openai_completion(content: &str) -> Value {
    json!({
        "id": "chatcmpl-aws-test",
        "object": "chat.completion",
        "created": 1_795_000_000,
        "model": "gpt-test-2026-01-01",
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": content, "refusal": null},
            "logprobs": null,
            "finish_reason": "stop"
        }],
        "usage": {"prompt_tokens": 81, "completion_tokens": 15, "total_tokens": 96},
        "system_fingerprint": "fp_x"
    })
}

/// A mock provider that answers every chat completion.
pub async fn mock_openai() -> wiremock::MockServer {
    use wiremock::matchers::{method, path};
    let server = wiremock::MockServer::start().await;
    wiremock::Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(
            wiremock::ResponseTemplate::new(200).set_body_json(openai_completion(&answer())),
        )
        .mount(&server)
        .await;
    server
}

/// Settings that point the openai adapter at the mock.
pub fn provider_settings(mock: &wiremock::MockServer) -> Vec<(String, String)> {
    vec![
        ("OPENAI_BASE_URL".into(), format!("{}/v1", mock.uri())),
        ("ALLOW_INSECURE_PROVIDER_ENDPOINTS".into(), "true".into()),
    ]
}

/// An active openai profile on `connection_id` and an active agent using it; returns
/// `(agent_id, profile_id)`.
pub async fn managed_agent(
    app: &TestApp,
    tenant: &str,
    connection_id: &str,
    agent_id: &str,
) -> (String, String) {
    let p = app
        .post_as(
            tenant,
            "/runtime/execution-profiles",
            json!({"display_name": "AWS test profile", "provider": "openai", "adapter_id": "openai",
                   "provider_connection_id": connection_id, "model": "gpt-test", "status": "active"}),
        )
        .await;
    assert_eq!(p.status, 201, "{}", p.text);
    let profile_id = p.body["profile_id"].as_str().unwrap().to_owned();
    if p.body["status"] != "active" {
        let a = app
            .post_empty_as(
                tenant,
                &format!("/runtime/execution-profiles/{profile_id}/activate"),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.text);
    }
    let mut body = common::agent_body(agent_id);
    common::merge(
        &mut body,
        json!({"status": "active", "execution_profile_id": profile_id}),
    );
    let a = app.post_as(tenant, "/runtime/agents", body).await;
    assert_eq!(a.status, 201, "{}", a.text);
    assert_eq!(a.body["status"], "active", "{}", a.text);
    (agent_id.to_owned(), profile_id)
}

pub fn execute_body() -> Value {
    json!({
        "case_id": "case-aws-1",
        "task_type": "discharge_summary",
        "instructions": "Summarise the admission.",
        "source_references": [common::source("doc-1", "The patient was admitted for observation.")]
    })
}

pub async fn execute(app: &TestApp, tenant: &str, agent_id: &str) -> common::Resp {
    app.post_as(
        tenant,
        &format!("/runtime/agents/{agent_id}/execute"),
        execute_body(),
    )
    .await
}

/// The Authorization header of every request the mock provider received, in order.
pub async fn authorizations(mock: &wiremock::MockServer) -> Vec<String> {
    mock.received_requests()
        .await
        .unwrap()
        .iter()
        .map(|r| {
            r.headers
                .get("authorization")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned()
        })
        .collect()
}

// ---- a loopback TCP proxy that can be switched off and on at a fixed port ----

/// Forwards `127.0.0.1:<port>` to moto while on. Off means nothing listens on the port and
/// every forwarded connection is closed, so the SDK's pooled connections die too: to the
/// service the secret manager is simply unreachable. Lives on the runtime that switched it on.
pub struct Switch {
    port: u16,
    target: String,
    running: Option<Forwarding>,
}

/// The accept loop (owning the listener) and the connections it forwards.
type Forwarding = (JoinHandle<()>, Arc<Mutex<JoinSet<()>>>);

/// A loopback port nothing listens on right now.
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

impl Switch {
    /// `target` is moto's endpoint URL (`http://127.0.0.1:<port>`).
    pub fn new(port: u16, target: &str) -> Self {
        let target = target
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        Switch {
            port,
            target,
            running: None,
        }
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub async fn on(&mut self) {
        if self.running.is_some() {
            return;
        }
        // The port was ours a moment ago; give the kernel a few seconds if it hesitates.
        let mut attempts = 0;
        let listener = loop {
            match tokio::net::TcpListener::bind(("127.0.0.1", self.port)).await {
                Ok(l) => break l,
                Err(e) if attempts < 50 => {
                    attempts += 1;
                    eprintln!("rebinding proxy port {}: {e}", self.port);
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                }
                Err(e) => panic!("cannot bind proxy port {}: {e}", self.port),
            }
        };
        let conns = Arc::new(Mutex::new(JoinSet::new()));
        let target = self.target.clone();
        let set = conns.clone();
        let accept = tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else {
                    continue;
                };
                let target = target.clone();
                set.lock().unwrap().spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(target.as_str()).await
                    {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        self.running = Some((accept, conns));
    }

    /// Closes the port and every forwarded connection before returning.
    pub async fn off(&mut self) {
        if let Some((accept, conns)) = self.running.take() {
            accept.abort();
            let _ = accept.await;
            let mut set = std::mem::take(&mut *conns.lock().unwrap());
            set.shutdown().await;
        }
    }
}

/// The store switched by configuration alone: the settings that differ between backends.
pub fn backend_settings(backend: &str, prefix: &str) -> HashMap<String, String> {
    let mut m = HashMap::new();
    m.insert("CREDENTIAL_STORE".to_owned(), backend.to_owned());
    if backend == "aws_secrets_manager" {
        m.insert("SECRET_NAME_PREFIX".to_owned(), prefix.to_owned());
    }
    m
}
