//! Anthropic Messages: POST {base}/v1/messages with `x-api-key` and `anthropic-version`.
//! No schema parameter is sent; the system prompt carries the schema (see `prompt`).

use crate::http::{self, CallLabel};
use crate::openai::citations;
use crate::{
    ExecutionEnvelope, ExecutionMetadata, ProviderAdapter, ProviderError, ProviderRequest,
};
use async_trait::async_trait;
use domain::ProviderKind;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use reqwest::Client;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use url::Url;

pub(crate) const ANTHROPIC_VERSION: &str = "2023-06-01";

/// `max_tokens` is required by the Messages API; used when the profile sets none.
pub(crate) const DEFAULT_MAX_TOKENS: u32 = 4096;

/// One execution's adapter. Deliberately no `Debug`: it holds the tenant's key.
pub(crate) struct AnthropicAdapter {
    client: Client,
    adapter_id: String,
    url: Url,
    credential: SecretString,
}

impl AnthropicAdapter {
    pub(crate) fn new(
        client: Client,
        adapter_id: &str,
        base_url: &Url,
        credential: SecretString,
    ) -> Self {
        Self {
            client,
            adapter_id: adapter_id.to_owned(),
            url: http::join(base_url, "v1/messages"),
            credential,
        }
    }
}

#[derive(Serialize)]
struct MessagesRequest<'a> {
    model: &'a str,
    max_tokens: u32,
    system: &'a str,
    messages: [Message<'a>; 1],
}

#[derive(Serialize)]
struct Message<'a> {
    role: &'static str,
    content: &'a str,
}

#[derive(Deserialize)]
struct MessagesResponse {
    id: Option<String>,
    model: Option<String>,
    content: Vec<Block>,
    stop_reason: Option<String>,
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct Block {
    #[serde(rename = "type")]
    kind: String,
    text: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    input_tokens: Option<u64>,
    output_tokens: Option<u64>,
}

#[async_trait]
impl ProviderAdapter for AnthropicAdapter {
    fn adapter_id(&self) -> &str {
        &self.adapter_id
    }

    fn provider(&self) -> ProviderKind {
        ProviderKind::Anthropic
    }

    async fn execute(&self, req: &ProviderRequest) -> Result<ExecutionEnvelope, ProviderError> {
        let model = req.wire_model();
        let body = MessagesRequest {
            model,
            max_tokens: req.max_output_tokens.unwrap_or(DEFAULT_MAX_TOKENS),
            system: &req.system_prompt,
            messages: [Message {
                role: "user",
                content: &req.user_prompt,
            }],
        };
        let mut headers = HeaderMap::new();
        headers.insert(
            HeaderName::from_static("x-api-key"),
            http::secret_header("", self.credential.expose_secret())?,
        );
        headers.insert(
            HeaderName::from_static("anthropic-version"),
            HeaderValue::from_static(ANTHROPIC_VERSION),
        );
        let label = CallLabel {
            adapter_id: &self.adapter_id,
            provider: ProviderKind::Anthropic,
        };
        let raw = http::post_json(
            &self.client,
            label,
            self.url.clone(),
            headers,
            &body,
            req.timeout,
        )
        .await?;
        let parsed: MessagesResponse = http::parse_body(&raw)?;
        let texts: Vec<String> = parsed
            .content
            .into_iter()
            .filter(|b| b.kind == "text")
            .filter_map(|b| b.text)
            .collect();
        if texts.is_empty() {
            return Err(http::invalid_response(&raw));
        }
        let output = texts.concat();
        let input_tokens = parsed.usage.as_ref().and_then(|u| u.input_tokens);
        let output_tokens = parsed.usage.as_ref().and_then(|u| u.output_tokens);
        let provider_request_id = http::header_token(&raw.headers, "request-id")
            .or_else(|| parsed.id.as_deref().and_then(http::safe_token));
        Ok(ExecutionEnvelope {
            citations: citations(&output),
            output,
            model_provider: ProviderKind::Anthropic.as_str().to_owned(),
            model_version: parsed
                .model
                .as_deref()
                .and_then(http::safe_token)
                .unwrap_or_else(|| model.to_owned()),
            adapter_id: self.adapter_id.clone(),
            execution_metadata: ExecutionMetadata {
                input_tokens,
                output_tokens,
                total_tokens: input_tokens.zip(output_tokens).map(|(i, o)| i + o),
                latency_ms: raw.latency_ms,
                provider_request_id,
                finish_reason: parsed.stop_reason.as_deref().and_then(http::safe_token),
            },
        })
    }
}
