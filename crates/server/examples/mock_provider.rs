//! A zero-delay OpenAI-compatible provider on loopback, for load runs (scripts/bench-execute.sh).
//! Every POST is answered with one fixed chat completion whose content is an agent-output JSON
//! grounded in the bench's source note, so the service evaluates (and auto-approves) it.
//! The request body is read in full, as a real provider would, and then ignored.
//!
//! cargo run --release -p server --example mock_provider -- [port]
//! Prints `listening 127.0.0.1:<port>` once it accepts connections.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use axum::body::Bytes;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Router;
use std::io::Write;

fn completion() -> Vec<u8> {
    let answer = serde_json::json!({
        "narrative": "Patient admitted with community-acquired pneumonia. Follow-up with primary care in two weeks.",
        "claims": [
            {"claim_id": "claim-1", "claim_type": "diagnosis", "statement": "Patient admitted with community-acquired pneumonia.", "supporting_source_ids": ["src-1"]},
            {"claim_id": "claim-2", "claim_type": "follow_up", "statement": "Follow-up with primary care in two weeks.", "supporting_source_ids": ["src-1"]}
        ],
        "medication_recommendations": [],
        "discharge_instructions_present": true
    });
    serde_json::to_vec(&serde_json::json!({
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 1_768_000_000,
        "model": "bench-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": answer.to_string()}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 800, "completion_tokens": 90, "total_tokens": 890}
    }))
    .unwrap()
}

#[tokio::main]
async fn main() {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    let body: &'static [u8] = Box::leak(completion().into_boxed_slice());
    let answer = move |_request: Bytes| async move {
        (
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::HeaderName::from_static("x-request-id"), "req-bench"),
            ],
            body,
        )
            .into_response()
    };
    let app = Router::new().fallback(answer);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .unwrap();
    println!("listening {}", listener.local_addr().unwrap());
    std::io::stdout().flush().unwrap();
    axum::serve(listener, app).await.unwrap();
}
