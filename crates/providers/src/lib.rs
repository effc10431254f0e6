//! Provider adapters: the registry of secret-free adapter descriptors, and the factory that
//! builds a transient adapter per managed execution with the tenant's own credential.
//!
//! The evaluation pipeline never sees anything from here but an [`ExecutionEnvelope`] (or the
//! [`mapping::MappedOutput`] made from its text): no provider wire type leaves this crate.

mod anthropic;
pub mod endpoint;
mod factory;
mod http;
pub mod mapping;
mod openai;
pub mod prompt;
pub mod reference;
mod registry;

pub use factory::{AdapterFactory, FactoryError};
pub use registry::{AdapterRegistry, AdapterSettings};

use async_trait::async_trait;
use domain::{ProviderErrorClass, ProviderKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Version reported by every built-in adapter's summary.
pub const ADAPTER_VERSION: &str = "1.0.0";

/// One provider call, already rendered into prompts. Holds clinical text, hence no `Debug`.
#[derive(Clone)]
pub struct ProviderRequest {
    pub model: String,
    pub model_version: Option<String>,
    pub max_output_tokens: Option<u32>,
    pub timeout: Duration,
    pub system_prompt: String,
    pub user_prompt: String,
    pub output_schema: serde_json::Value,
}

impl ProviderRequest {
    /// The model name sent on the wire. A `model_version` that pins a snapshot of `model`
    /// (it starts with the model name, e.g. `gpt-4o` / `gpt-4o-2024-08-06`) is sent instead of
    /// the alias; anything else (a bare date, a free label) would be rejected by the provider,
    /// so it is only reported, never sent.
    pub fn wire_model(&self) -> &str {
        match &self.model_version {
            Some(v) if !v.is_empty() && v.starts_with(self.model.as_str()) => v,
            _ => &self.model,
        }
    }
}

/// Safe metadata of one provider call: counts, latency and provider-issued tokens only.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ExecutionMetadata {
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
    pub total_tokens: Option<u64>,
    pub latency_ms: u64,
    pub provider_request_id: Option<String>,
    pub finish_reason: Option<String>,
}

/// The standardized result of one provider call (spec 2.4): the only thing execution hands on.
#[derive(Clone, PartialEq)]
pub struct ExecutionEnvelope {
    /// The model's answer text, unparsed.
    pub output: String,
    /// Source ids the answer cites, in first-cited order, when the answer maps; else empty.
    pub citations: Vec<String>,
    pub model_provider: String,
    pub model_version: String,
    pub adapter_id: String,
    pub execution_metadata: ExecutionMetadata,
}

/// Redacts the model's answer: it may quote clinical text, which must stay out of logs.
impl fmt::Debug for ExecutionEnvelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExecutionEnvelope")
            .field("output", &format_args!("<{} bytes>", self.output.len()))
            .field("citations", &self.citations)
            .field("model_provider", &self.model_provider)
            .field("model_version", &self.model_version)
            .field("adapter_id", &self.adapter_id)
            .field("execution_metadata", &self.execution_metadata)
            .finish()
    }
}

/// A failed provider call. Messages carry only the class, status and latency: never a body,
/// a credential or a URL, so they may be logged and returned as they are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    #[error("provider did not answer within the timeout ({latency_ms} ms)")]
    Timeout { latency_ms: u64 },
    #[error("provider call failed: {class}{}", http_status.map(|s| format!(" (HTTP {s})")).unwrap_or_default())]
    Failed {
        class: ProviderErrorClass,
        http_status: Option<u16>,
        latency_ms: u64,
    },
}

impl ProviderError {
    /// The contract's `provider_error_class`; `None` for a timeout (answered 504, no class).
    pub fn class(&self) -> Option<ProviderErrorClass> {
        match self {
            ProviderError::Timeout { .. } => None,
            ProviderError::Failed { class, .. } => Some(*class),
        }
    }

    pub fn http_status(&self) -> Option<u16> {
        match self {
            ProviderError::Timeout { .. } => None,
            ProviderError::Failed { http_status, .. } => *http_status,
        }
    }

    pub fn latency_ms(&self) -> u64 {
        match self {
            ProviderError::Timeout { latency_ms } | ProviderError::Failed { latency_ms, .. } => {
                *latency_ms
            }
        }
    }

    /// The contract's error code: `provider_timeout` (504) or `provider_error` (502).
    pub fn code(&self) -> &'static str {
        match self {
            ProviderError::Timeout { .. } => "provider_timeout",
            ProviderError::Failed { .. } => "provider_error",
        }
    }
}

/// A transient, credential-bearing adapter: built by [`AdapterFactory::build`] for one
/// execution and dropped after it. `execute` makes exactly one attempt.
#[async_trait]
pub trait ProviderAdapter: Send + Sync {
    fn adapter_id(&self) -> &str;
    fn provider(&self) -> ProviderKind;
    async fn execute(&self, req: &ProviderRequest) -> Result<ExecutionEnvelope, ProviderError>;
}
