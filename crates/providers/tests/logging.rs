//! The one log line per provider call carries safe metadata only: never the key, the prompt,
//! the model's answer, a provider error body or the endpoint's query.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use domain::ProviderKind;
use serde_json::json;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn provider_calls_log_metadata_and_nothing_sensitive() {
    let buffer = Buffer::default();
    let writer = buffer.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    // The test runtime is single-threaded, so a thread-local default sees every event.
    let _guard = tracing::subscriber::set_default(subscriber);

    let server = MockServer::start().await;
    let answer_marker = "ANSWER-TEXT-5d1e";
    Mock::given(method("POST"))
        .and(path("/ok/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_completion(answer_marker)))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/bad/v1/messages"))
        .respond_with(
            ResponseTemplate::new(429).set_body_json(json!({"error": {"message": BODY_MARKER}})),
        )
        .mount(&server)
        .await;

    let ok = adapter(
        ProviderKind::Openai,
        "openai",
        &format!("{}/ok?sig=QSECRET77", server.uri()),
        KEY_A,
    );
    ok.execute(&request(None, Duration::from_secs(5)))
        .await
        .unwrap();
    let bad = adapter(
        ProviderKind::Anthropic,
        "anthropic",
        &format!("{}/bad", server.uri()),
        KEY_B,
    );
    bad.execute(&request(None, Duration::from_secs(5)))
        .await
        .unwrap_err();

    let logs = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("provider call answered"), "{logs}");
    assert!(logs.contains("provider call failed"), "{logs}");
    assert!(logs.contains("error_class=\"rate_limited\""), "{logs}");
    assert!(logs.contains("latency_ms="), "{logs}");
    for leak in [
        KEY_A,
        KEY_B,
        PROMPT_MARKER,
        BODY_MARKER,
        answer_marker,
        "QSECRET77",
        "/ok",
        "/bad",
    ] {
        assert!(!logs.contains(leak), "{leak} leaked into logs:\n{logs}");
    }
}
