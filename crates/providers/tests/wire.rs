//! Each adapter against a loopback server speaking the provider's real wire format: the
//! tenant's key in the right header, the request body, and the envelope made of the answer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use domain::ProviderKind;
use providers::{prompt, AdapterFactory};
use serde_json::{json, Value};
use std::time::Duration;
use url::Url;
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn openai_sends_bearer_key_model_tokens_and_schema_and_returns_the_envelope() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .and(header("authorization", format!("Bearer {KEY_A}").as_str()))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("x-request-id", "req_openai_42")
                .set_body_json(openai_completion(&answer())),
        )
        .expect(1)
        .mount(&server)
        .await;

    let a = adapter(
        ProviderKind::Openai,
        "openai",
        &format!("{}/v1", server.uri()),
        KEY_A,
    );
    assert_eq!(a.adapter_id(), "openai");
    assert_eq!(a.provider(), ProviderKind::Openai);
    let req = request(Some(900), Duration::from_secs(5));
    let env = a.execute(&req).await.unwrap();

    assert_eq!(env.output, answer());
    assert_eq!(env.citations, ["doc-1", "doc-2"]);
    assert_eq!(env.model_provider, "openai");
    assert_eq!(env.model_version, "gpt-test-2026-01-01");
    assert_eq!(env.adapter_id, "openai");
    let m = &env.execution_metadata;
    assert_eq!(
        (m.input_tokens, m.output_tokens, m.total_tokens),
        (Some(812), Some(154), Some(966))
    );
    assert_eq!(m.finish_reason.as_deref(), Some("stop"));
    assert_eq!(m.provider_request_id.as_deref(), Some("req_openai_42"));

    let received = server.received_requests().await.unwrap();
    assert_eq!(received.len(), 1);
    let r = &received[0];
    assert_eq!(r.headers.get("content-type").unwrap(), "application/json");
    assert!(r.headers.get("x-api-key").is_none());
    let body: Value = r.body_json().unwrap();
    assert_eq!(body["model"], "gpt-test");
    assert_eq!(body["max_completion_tokens"], 900);
    assert!(body.get("max_tokens").is_none());
    assert_eq!(body["messages"][0]["role"], "system");
    assert_eq!(body["messages"][0]["content"], req.system_prompt.as_str());
    assert_eq!(body["messages"][1]["role"], "user");
    assert_eq!(body["messages"][1]["content"], req.user_prompt.as_str());
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(
        body["response_format"]["json_schema"]["name"],
        "agent_output"
    );
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    assert_eq!(
        body["response_format"]["json_schema"]["schema"],
        prompt::output_schema()
    );
}

#[tokio::test]
async fn openai_omits_max_tokens_when_unset_and_falls_back_to_the_completion_id() {
    let server = MockServer::start().await;
    let mut completion = openai_completion("not json at all");
    completion["usage"] = json!({"prompt_tokens": 10, "completion_tokens": 5});
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion))
        .mount(&server)
        .await;
    let a = adapter(
        ProviderKind::Openai,
        "openai",
        &format!("{}/v1/", server.uri()),
        KEY_A,
    );
    let env = a
        .execute(&request(None, Duration::from_secs(5)))
        .await
        .unwrap();
    // An unmappable answer is still a completion: handed on for evaluation, citing nothing.
    assert_eq!(env.output, "not json at all");
    assert!(env.citations.is_empty());
    assert_eq!(
        env.execution_metadata.provider_request_id.as_deref(),
        Some("chatcmpl-abc123")
    );
    assert_eq!(env.execution_metadata.total_tokens, Some(15));
    let body: Value = server.received_requests().await.unwrap()[0]
        .body_json()
        .unwrap();
    assert!(body.get("max_completion_tokens").is_none());
    assert!(body.get("max_tokens").is_none());
}

#[tokio::test]
async fn openai_model_version_pinning_a_snapshot_is_sent_as_the_model() {
    let server = MockServer::start().await;
    let mut completion = openai_completion(&answer());
    completion.as_object_mut().unwrap().remove("model");
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion))
        .mount(&server)
        .await;
    let a = adapter(ProviderKind::Openai, "openai", &server.uri(), KEY_A);
    let mut req = request(None, Duration::from_secs(5));
    req.model_version = Some("gpt-test-2025-12-01".into());
    let env = a.execute(&req).await.unwrap();
    // Without a `model` in the answer, the version asked for is reported.
    assert_eq!(env.model_version, "gpt-test-2025-12-01");
    let r = &server.received_requests().await.unwrap()[0];
    assert_eq!(r.url.path(), "/chat/completions");
    assert_eq!(
        r.body_json::<Value>().unwrap()["model"],
        "gpt-test-2025-12-01"
    );
}

#[tokio::test]
async fn each_factory_built_adapter_sends_only_its_own_tenants_key() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_completion(&answer())))
        .expect(2)
        .mount(&server)
        .await;
    let factory = AdapterFactory::new().unwrap();
    let base = Url::parse(&format!("{}/v1", server.uri())).unwrap();
    let a = factory
        .build(ProviderKind::Openai, "openai", base.clone(), key(KEY_A))
        .unwrap();
    let b = factory
        .build(ProviderKind::Openai, "openai", base, key(KEY_B))
        .unwrap();
    let req = request(Some(100), Duration::from_secs(5));
    a.execute(&req).await.unwrap();
    b.execute(&req).await.unwrap();

    let received = server.received_requests().await.unwrap();
    let auth: Vec<Vec<&str>> = received
        .iter()
        .map(|r| {
            r.headers
                .get_all("authorization")
                .iter()
                .map(|v| v.to_str().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        auth,
        [
            vec![format!("Bearer {KEY_A}")],
            vec![format!("Bearer {KEY_B}")]
        ]
    );
}

#[tokio::test]
async fn openai_compatible_speaks_chat_completions_at_the_connection_endpoint_with_max_tokens() {
    let server = MockServer::start().await;
    let mut completion = openai_completion(&format!("```json\n{}\n```", answer()));
    completion.as_object_mut().unwrap().remove("usage");
    completion["model"] = json!("meta-llama/Llama-3.1-8B-Instruct");
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .and(header("authorization", format!("Bearer {KEY_B}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion))
        .expect(1)
        .mount(&server)
        .await;
    // A trailing slash on the endpoint must not produce "//chat/completions".
    let a = adapter(
        ProviderKind::OpenaiCompatible,
        "openai-compatible",
        &format!("{}/v1/", server.uri()),
        KEY_B,
    );
    let env = a
        .execute(&request(Some(256), Duration::from_secs(5)))
        .await
        .unwrap();
    assert_eq!(env.model_provider, "openai_compatible");
    assert_eq!(env.adapter_id, "openai-compatible");
    assert_eq!(env.model_version, "meta-llama/Llama-3.1-8B-Instruct");
    assert_eq!(env.citations, ["doc-1", "doc-2"]);
    let m = &env.execution_metadata;
    assert_eq!(
        (m.input_tokens, m.output_tokens, m.total_tokens),
        (None, None, None)
    );
    let body: Value = server.received_requests().await.unwrap()[0]
        .body_json()
        .unwrap();
    assert_eq!(body["max_tokens"], 256);
    assert!(body.get("max_completion_tokens").is_none());
    assert_eq!(body["response_format"]["type"], "json_schema");
}

#[tokio::test]
async fn anthropic_sends_api_key_version_and_max_tokens_and_joins_text_blocks() {
    let server = MockServer::start().await;
    let full = answer();
    let (first, second) = full.split_at(full.len() / 2);
    Mock::given(method("POST"))
        .and(path("/v1/messages"))
        .and(header("x-api-key", KEY_A))
        .and(header("anthropic-version", "2023-06-01"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("request-id", "req_011CUjz")
                .set_body_json(anthropic_message(&[first, second])),
        )
        .expect(1)
        .mount(&server)
        .await;
    let a = adapter(ProviderKind::Anthropic, "anthropic", &server.uri(), KEY_A);
    assert_eq!(a.provider(), ProviderKind::Anthropic);
    let req = request(Some(1200), Duration::from_secs(5));
    let env = a.execute(&req).await.unwrap();

    assert_eq!(env.output, full);
    assert_eq!(env.citations, ["doc-1", "doc-2"]);
    assert_eq!(env.model_provider, "anthropic");
    assert_eq!(env.model_version, "claude-test-20260101");
    let m = &env.execution_metadata;
    assert_eq!(
        (m.input_tokens, m.output_tokens, m.total_tokens),
        (Some(700), Some(120), Some(820))
    );
    assert_eq!(m.finish_reason.as_deref(), Some("end_turn"));
    assert_eq!(m.provider_request_id.as_deref(), Some("req_011CUjz"));

    let r = &server.received_requests().await.unwrap()[0];
    assert!(r.headers.get("authorization").is_none());
    let body: Value = r.body_json().unwrap();
    assert_eq!(body["model"], "gpt-test");
    assert_eq!(body["max_tokens"], 1200);
    assert_eq!(body["system"], req.system_prompt.as_str());
    assert_eq!(
        body["messages"],
        json!([{"role": "user", "content": req.user_prompt}])
    );
    assert!(body["system"]
        .as_str()
        .unwrap()
        .contains("\"medication_recommendations\""));
}

#[tokio::test]
async fn anthropic_defaults_max_tokens_and_falls_back_to_the_message_id() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/anthropic/v1/messages"))
        .respond_with(ResponseTemplate::new(200).set_body_json(anthropic_message(&[&answer()])))
        .mount(&server)
        .await;
    let a = adapter(
        ProviderKind::Anthropic,
        "anthropic",
        &format!("{}/anthropic/", server.uri()),
        KEY_A,
    );
    let env = a
        .execute(&request(None, Duration::from_secs(5)))
        .await
        .unwrap();
    assert_eq!(
        env.execution_metadata.provider_request_id.as_deref(),
        Some("msg_01XYZ")
    );
    let body: Value = server.received_requests().await.unwrap()[0]
        .body_json()
        .unwrap();
    assert_eq!(body["max_tokens"], 4096);
}

#[tokio::test]
async fn a_localhost_name_goes_through_the_guarded_resolver() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_completion(&answer())))
        .expect(1)
        .mount(&server)
        .await;
    let port = server.address().port();
    let a = adapter(
        ProviderKind::OpenaiCompatible,
        "openai-compatible",
        &format!("http://localhost:{port}/v1"),
        KEY_A,
    );
    a.execute(&request(None, Duration::from_secs(5)))
        .await
        .unwrap();
}

#[test]
fn the_factory_builds_managed_adapters_only() {
    let f = AdapterFactory::new().unwrap();
    assert!(!f.supports(ProviderKind::Reference));
    for p in [
        ProviderKind::Openai,
        ProviderKind::Anthropic,
        ProviderKind::OpenaiCompatible,
    ] {
        assert!(f.supports(p));
        let a = f
            .build(
                p,
                "x",
                Url::parse("https://example.com").unwrap(),
                key(KEY_A),
            )
            .unwrap();
        assert_eq!(a.provider(), p);
        assert_eq!(a.adapter_id(), "x");
    }
    let base = Url::parse("https://example.com").unwrap();
    assert!(f
        .build(ProviderKind::Reference, "reference", base, key(KEY_A))
        .is_none());
}
