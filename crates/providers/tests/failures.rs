//! Every way a provider call can fail, for each wire format, mapped to the contract's class;
//! one attempt only, no redirect followed, and no body, key or URL in the error.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use domain::{ProviderErrorClass, ProviderKind};
use providers::{ProviderAdapter, ProviderError};
use serde_json::json;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

const QUERY_SECRET: &str = "QSECRET55";

/// Both managed wire formats against the same base URL, which carries a query that must
/// never appear in an error.
fn adapters(base: &str) -> Vec<Box<dyn ProviderAdapter>> {
    let base = format!("{base}/v1?token={QUERY_SECRET}");
    vec![
        adapter(ProviderKind::Openai, "openai", &base, KEY_A),
        adapter(ProviderKind::Anthropic, "anthropic", &base, KEY_A),
    ]
}

fn assert_clean(err: &ProviderError) {
    let text = format!("{err} {err:?}");
    for leak in [
        KEY_A,
        BODY_MARKER,
        PROMPT_MARKER,
        QUERY_SECRET,
        "127.0.0.1",
        "/v1",
    ] {
        assert!(!text.contains(leak), "{leak} leaked into {text}");
    }
}

fn failed(err: &ProviderError) -> (ProviderErrorClass, Option<u16>) {
    match err {
        ProviderError::Failed {
            class, http_status, ..
        } => (*class, *http_status),
        other => panic!("expected a failed call, got {other:?}"),
    }
}

#[tokio::test]
async fn error_statuses_map_to_their_class_with_exactly_one_attempt() {
    let cases = [
        (401, ProviderErrorClass::AuthFailed),
        (403, ProviderErrorClass::AuthFailed),
        (429, ProviderErrorClass::RateLimited),
        (500, ProviderErrorClass::Unavailable),
        (503, ProviderErrorClass::Unavailable),
        (400, ProviderErrorClass::BadRequest),
        (404, ProviderErrorClass::BadRequest),
        (422, ProviderErrorClass::BadRequest),
    ];
    for (status, class) in cases {
        for a in adapters_for_status(status).await {
            let (server, a) = a;
            let err = a
                .execute(&request(Some(50), Duration::from_secs(5)))
                .await
                .unwrap_err();
            assert_eq!(
                failed(&err),
                (class, Some(status)),
                "{} {status}",
                a.adapter_id()
            );
            assert_eq!(err.class(), Some(class));
            assert_eq!(err.code(), "provider_error");
            assert_clean(&err);
            // No retry, whatever the class.
            assert_eq!(
                server.received_requests().await.unwrap().len(),
                1,
                "{} {status}",
                a.adapter_id()
            );
        }
    }
}

async fn adapters_for_status(status: u16) -> Vec<(MockServer, Box<dyn ProviderAdapter>)> {
    let mut out = Vec::new();
    for i in 0..2 {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(status)
                    .set_body_json(json!({"error": {"message": format!("{BODY_MARKER} {KEY_A}")}})),
            )
            .mount(&server)
            .await;
        let a = adapters(&server.uri()).remove(i);
        out.push((server, a));
    }
    out
}

#[tokio::test]
async fn connection_refused_is_unavailable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    for a in adapters(&format!("http://127.0.0.1:{port}")) {
        let err = a
            .execute(&request(None, Duration::from_secs(5)))
            .await
            .unwrap_err();
        assert_eq!(
            failed(&err),
            (ProviderErrorClass::Unavailable, None),
            "{}",
            a.adapter_id()
        );
        assert_clean(&err);
    }
}

#[tokio::test]
async fn a_slow_provider_times_out_after_the_profile_timeout_with_one_attempt() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(openai_completion(&answer()))
                .set_delay(Duration::from_secs(3)),
        )
        .mount(&server)
        .await;
    for a in adapters(&server.uri()) {
        let started = std::time::Instant::now();
        let err = a
            .execute(&request(None, Duration::from_millis(300)))
            .await
            .unwrap_err();
        let ProviderError::Timeout { latency_ms } = err else {
            panic!("expected a timeout, got {err:?}");
        };
        assert!((300..2000).contains(&latency_ms), "{latency_ms}");
        assert!(started.elapsed() < Duration::from_secs(2));
        assert_eq!(err.code(), "provider_timeout");
        assert_eq!(err.class(), None);
        assert_clean(&err);
    }
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

#[tokio::test]
async fn bodies_that_are_not_completions_are_invalid_responses() {
    let bodies = [
        ResponseTemplate::new(200).set_body_string(format!("<html>{BODY_MARKER}</html>")),
        ResponseTemplate::new(200).set_body_json(json!({"object": "list", "data": [BODY_MARKER]})),
        ResponseTemplate::new(200).set_body_json(json!({"id": "x", "choices": [], "content": []})),
        ResponseTemplate::new(200).set_body_json(json!({
            "choices": [{"message": {"content": null}, "finish_reason": "stop"}],
            "content": [{"type": "tool_use", "id": "t", "name": "n", "input": {}}]
        })),
        ResponseTemplate::new(200).set_body_json(json!(BODY_MARKER)),
    ];
    for (n, template) in bodies.into_iter().enumerate() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(template)
            .mount(&server)
            .await;
        for a in adapters(&server.uri()) {
            let err = a
                .execute(&request(None, Duration::from_secs(5)))
                .await
                .unwrap_err();
            assert_eq!(
                failed(&err),
                (ProviderErrorClass::InvalidResponse, Some(200)),
                "case {n} {}",
                a.adapter_id()
            );
            assert_clean(&err);
        }
    }
}

#[tokio::test]
async fn an_oversized_body_with_a_length_is_refused() {
    let server = MockServer::start().await;
    // A valid completion in both wire formats at once, just too large: only the cap refuses it.
    let text = "x".repeat(5 * 1024 * 1024);
    let mut huge = openai_completion(&text);
    huge["content"] = json!([{"type": "text", "text": text}]);
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(huge))
        .mount(&server)
        .await;
    for a in adapters(&server.uri()) {
        let err = a
            .execute(&request(None, Duration::from_secs(10)))
            .await
            .unwrap_err();
        assert_eq!(
            failed(&err),
            (ProviderErrorClass::InvalidResponse, Some(200))
        );
    }
}

/// A server that answers 200 with an endless chunked body (no Content-Length), so only the
/// read loop's cap can stop it.
async fn endless_chunked_server() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((mut sock, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(async move {
                let mut buf = vec![0u8; 64 * 1024];
                let mut seen = Vec::new();
                // Read the request head; the body is small and may be left unread.
                while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
                    match sock.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => seen.extend_from_slice(&buf[..n]),
                    }
                }
                let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n";
                if sock.write_all(head.as_bytes()).await.is_err() {
                    return;
                }
                let chunk = vec![b' '; 64 * 1024];
                let framed = [
                    format!("{:x}\r\n", chunk.len()).into_bytes(),
                    chunk,
                    b"\r\n".to_vec(),
                ]
                .concat();
                for _ in 0..200 {
                    if sock.write_all(&framed).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn an_oversized_chunked_body_is_cut_off_at_the_cap() {
    let base = endless_chunked_server().await;
    for a in adapters(&base) {
        let err = a
            .execute(&request(None, Duration::from_secs(20)))
            .await
            .unwrap_err();
        assert_eq!(
            failed(&err),
            (ProviderErrorClass::InvalidResponse, Some(200)),
            "{}",
            a.adapter_id()
        );
    }
}

#[tokio::test]
async fn redirects_are_not_followed_and_the_target_receives_nothing() {
    let target = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(openai_completion(&answer())))
        .expect(0)
        .mount(&target)
        .await;
    for status in [302, 307, 308] {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(status)
                    .insert_header("location", format!("{}/steal", target.uri()).as_str()),
            )
            .mount(&server)
            .await;
        for a in adapters(&server.uri()) {
            let err = a
                .execute(&request(None, Duration::from_secs(5)))
                .await
                .unwrap_err();
            assert_eq!(
                failed(&err),
                (ProviderErrorClass::InvalidResponse, Some(status))
            );
        }
    }
    assert!(target.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_key_that_cannot_be_a_header_fails_as_auth_without_a_call() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&server)
        .await;
    for (p, id) in [
        (ProviderKind::Openai, "openai"),
        (ProviderKind::Anthropic, "anthropic"),
    ] {
        let a = adapter(p, id, &server.uri(), "sk-bad\nkey");
        let err = a
            .execute(&request(None, Duration::from_secs(5)))
            .await
            .unwrap_err();
        assert_eq!(failed(&err), (ProviderErrorClass::AuthFailed, None));
        assert!(!format!("{err} {err:?}").contains("sk-bad"));
    }
}
