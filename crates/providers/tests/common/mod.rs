//! Shared fixtures for the wire tests: a rendered request, a valid model answer, and the two
//! providers' completion bodies as their real APIs shape them.
#![allow(dead_code)]

use domain::{SourceReference, SourceType, TaskType, Timestamp};
use providers::{prompt, AdapterFactory, ProviderAdapter, ProviderRequest};
use secrecy::SecretString;
use serde_json::{json, Value};
use std::time::Duration;
use url::Url;

pub const KEY_A: &str = "sk-tenant-a-0123456789";
pub const KEY_B: &str = "sk-tenant-b-9876543210";
/// Planted in every request and in mock error bodies: must never surface in an error or log.
pub const PROMPT_MARKER: &str = "PATIENT-TEXT-7f3a";
pub const BODY_MARKER: &str = "PROVIDER-BODY-91c2";

pub fn sources() -> Vec<SourceReference> {
    vec![SourceReference {
        source_id: "doc-1".into(),
        source_type: SourceType::DischargeNote,
        title: "Discharge note".into(),
        content: format!("Apixaban 5 mg PO BID started. {PROMPT_MARKER}"),
        authored_at: Timestamp::parse("2026-01-19T15:10:00Z").unwrap(),
    }]
}

pub fn request(max_output_tokens: Option<u32>, timeout: Duration) -> ProviderRequest {
    prompt::build(
        "Write the discharge summary.",
        TaskType::DischargeSummary,
        &sources(),
        None,
        "gpt-test",
        None,
        max_output_tokens,
        timeout,
    )
}

pub fn answer() -> String {
    json!({
        "narrative": "Discharge summary draft. Apixaban 5 mg PO BID started.",
        "claims": [
            {"claim_id": "claim-1", "claim_type": "medication", "statement": "Apixaban 5 mg PO BID started.", "supporting_source_ids": ["doc-1"]},
            {"claim_id": "claim-2", "claim_type": "medication", "statement": "Apixaban was started.", "supporting_source_ids": ["doc-1", "doc-2"]}
        ],
        "medication_recommendations": [],
        "discharge_instructions_present": false
    })
    .to_string()
}

pub fn openai_completion(content: &str) -> Value {
    json!({
        "id": "chatcmpl-abc123",
        "object": "chat.completion",
        "created": 1_795_000_000,
        "model": "gpt-test-2026-01-01",
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": content, "refusal": null},
            "logprobs": null,
            "finish_reason": "stop"
        }],
        "usage": {"prompt_tokens": 812, "completion_tokens": 154, "total_tokens": 966},
        "system_fingerprint": "fp_x"
    })
}

pub fn anthropic_message(texts: &[&str]) -> Value {
    let mut content: Vec<Value> = texts
        .iter()
        .map(|t| json!({"type": "text", "text": t}))
        .collect();
    content.insert(
        0,
        json!({"type": "thinking", "thinking": "ignored", "signature": "s"}),
    );
    json!({
        "id": "msg_01XYZ",
        "type": "message",
        "role": "assistant",
        "model": "claude-test-20260101",
        "content": content,
        "stop_reason": "end_turn",
        "stop_sequence": null,
        "usage": {"input_tokens": 700, "output_tokens": 120}
    })
}

pub fn key(k: &str) -> SecretString {
    SecretString::from(k.to_owned())
}

pub fn adapter(
    provider: domain::ProviderKind,
    id: &str,
    base: &str,
    k: &str,
) -> Box<dyn ProviderAdapter> {
    let factory = AdapterFactory::new().unwrap();
    factory
        .build(provider, id, Url::parse(base).unwrap(), key(k))
        .unwrap()
}
