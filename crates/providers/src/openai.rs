//! OpenAI Chat Completions, for both `openai` and `openai_compatible` (vLLM, Ollama,
//! llama.cpp, LiteLLM): POST {base}/chat/completions with a Bearer key and a JSON schema.
//!
//! The two differ only in the max-tokens field name; see [`Dialect`].

use crate::http::{self, CallLabel};
use crate::{
    mapping, prompt, ExecutionEnvelope, ExecutionMetadata, ProviderAdapter, ProviderError,
    ProviderRequest,
};
use async_trait::async_trait;
use domain::ProviderKind;
use reqwest::header::{HeaderMap, AUTHORIZATION};
use reqwest::Client;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use url::Url;

/// OpenAI's own API wants `max_completion_tokens` (`max_tokens` is deprecated there and
/// refused by reasoning models); compatible servers widely understand only `max_tokens`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    Openai,
    Compatible,
}

/// One execution's adapter. Deliberately no `Debug`: it holds the tenant's key.
pub(crate) struct OpenAiAdapter {
    client: Client,
    adapter_id: String,
    provider: ProviderKind,
    dialect: Dialect,
    url: Url,
    credential: SecretString,
}

impl OpenAiAdapter {
    pub(crate) fn new(
        client: Client,
        adapter_id: &str,
        provider: ProviderKind,
        base_url: &Url,
        credential: SecretString,
    ) -> Self {
        let dialect = if provider == ProviderKind::Openai {
            Dialect::Openai
        } else {
            Dialect::Compatible
        };
        Self {
            client,
            adapter_id: adapter_id.to_owned(),
            provider,
            dialect,
            url: http::join(base_url, "chat/completions"),
            credential,
        }
    }
}

#[derive(Serialize)]
struct ChatRequest<'a> {
    model: &'a str,
    messages: [Message<'a>; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    max_completion_tokens: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_tokens: Option<u32>,
    response_format: ResponseFormat<'a>,
}

#[derive(Serialize)]
struct Message<'a> {
    role: &'static str,
    content: &'a str,
}

/// `json_schema` for both dialects: OpenAI enforces it with `strict`, and vLLM, llama.cpp,
/// Ollama and LiteLLM accept the same shape for guided decoding. `json_object` would be
/// wider still, but leaves the field names to the prompt alone.
#[derive(Serialize)]
struct ResponseFormat<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    json_schema: JsonSchema<'a>,
}

#[derive(Serialize)]
struct JsonSchema<'a> {
    name: &'static str,
    schema: &'a serde_json::Value,
    strict: bool,
}

#[derive(Deserialize)]
struct ChatResponse {
    id: Option<String>,
    model: Option<String>,
    choices: Vec<Choice>,
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct Choice {
    message: ChoiceMessage,
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct ChoiceMessage {
    content: Option<String>,
    /// Set instead of `content` when the model declines; passed on as the answer so the
    /// decline is evaluated (and blocked as unmappable) rather than lost.
    refusal: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    prompt_tokens: Option<u64>,
    completion_tokens: Option<u64>,
    total_tokens: Option<u64>,
}

#[async_trait]
impl ProviderAdapter for OpenAiAdapter {
    fn adapter_id(&self) -> &str {
        &self.adapter_id
    }

    fn provider(&self) -> ProviderKind {
        self.provider
    }

    async fn execute(&self, req: &ProviderRequest) -> Result<ExecutionEnvelope, ProviderError> {
        let model = req.wire_model();
        let (max_completion_tokens, max_tokens) = match self.dialect {
            Dialect::Openai => (req.max_output_tokens, None),
            Dialect::Compatible => (None, req.max_output_tokens),
        };
        let body = ChatRequest {
            model,
            messages: [
                Message {
                    role: "system",
                    content: &req.system_prompt,
                },
                Message {
                    role: "user",
                    content: &req.user_prompt,
                },
            ],
            max_completion_tokens,
            max_tokens,
            response_format: ResponseFormat {
                kind: "json_schema",
                json_schema: JsonSchema {
                    name: prompt::SCHEMA_NAME,
                    schema: &req.output_schema,
                    strict: true,
                },
            },
        };
        let mut headers = HeaderMap::new();
        headers.insert(
            AUTHORIZATION,
            http::secret_header("Bearer ", self.credential.expose_secret())?,
        );
        let label = CallLabel {
            adapter_id: &self.adapter_id,
            provider: self.provider,
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
        let parsed: ChatResponse = http::parse_body(&raw)?;
        let Some(choice) = parsed.choices.into_iter().next() else {
            return Err(http::invalid_response(&raw));
        };
        let output = match (choice.message.content, choice.message.refusal) {
            (Some(c), _) => c,
            (None, Some(r)) => r,
            (None, None) => return Err(http::invalid_response(&raw)),
        };
        let usage = parsed.usage;
        let input_tokens = usage.as_ref().and_then(|u| u.prompt_tokens);
        let output_tokens = usage.as_ref().and_then(|u| u.completion_tokens);
        let total_tokens = usage
            .as_ref()
            .and_then(|u| u.total_tokens)
            .or_else(|| Some(input_tokens? + output_tokens?));
        // OpenAI support traces calls by the `x-request-id` header; servers without it still
        // give the completion id.
        let provider_request_id = http::header_token(&raw.headers, "x-request-id")
            .or_else(|| parsed.id.as_deref().and_then(http::safe_token));
        Ok(ExecutionEnvelope {
            citations: citations(&output),
            output,
            model_provider: self.provider.as_str().to_owned(),
            model_version: parsed
                .model
                .as_deref()
                .and_then(http::safe_token)
                .unwrap_or_else(|| model.to_owned()),
            adapter_id: self.adapter_id.clone(),
            execution_metadata: ExecutionMetadata {
                input_tokens,
                output_tokens,
                total_tokens,
                latency_ms: raw.latency_ms,
                provider_request_id,
                finish_reason: choice.finish_reason.as_deref().and_then(http::safe_token),
            },
        })
    }
}

/// Source ids cited by a mappable answer, first-cited order, no repeats; an answer that does
/// not map cites nothing (mapping fails again, and is reported, downstream).
pub(crate) fn citations(output: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    if let Ok(m) = mapping::map_answer(output) {
        for id in m.claims.into_iter().flat_map(|c| c.supporting_source_ids) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}
