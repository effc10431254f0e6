//! The adapter factory (spec 1 rule 5): one transient adapter per managed execution, built
//! with the tenant's credential and dropped after its single call.
//!
//! All adapters share one HTTP client (connection pool, TLS setup) that follows no redirect,
//! uses no proxy from the environment and never connects to a link-local address.

use crate::anthropic::AnthropicAdapter;
use crate::http::GuardedResolver;
use crate::openai::OpenAiAdapter;
use crate::ProviderAdapter;
use domain::ProviderKind;
use reqwest::redirect::Policy;
use reqwest::Client;
use secrecy::SecretString;
use std::sync::Arc;
use std::time::Duration;
use url::Url;

/// The HTTP client could not be set up (TLS roots, resolver). Carries no detail worth hiding.
#[derive(Debug, thiserror::Error)]
#[error("provider HTTP client could not be built: {0}")]
pub struct FactoryError(String);

#[derive(Debug, Clone)]
pub struct AdapterFactory {
    client: Client,
}

impl AdapterFactory {
    /// Redirects are refused because a 3xx would carry the tenant's key to a host nobody
    /// checked; environment proxies are ignored so a stray `HTTPS_PROXY` cannot see it.
    pub fn new() -> Result<Self, FactoryError> {
        let client = Client::builder()
            .use_rustls_tls()
            .redirect(Policy::none())
            .no_proxy()
            .dns_resolver(Arc::new(GuardedResolver))
            .user_agent(concat!(
                "runtime-control-engine/",
                env!("CARGO_PKG_VERSION")
            ))
            .pool_idle_timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| FactoryError(e.to_string()))?;
        Ok(Self { client })
    }

    /// Whether a managed-execution implementation exists (check 19). The reference agent is
    /// synthetic only and never serves a managed execution.
    pub fn supports(&self, provider: ProviderKind) -> bool {
        match provider {
            ProviderKind::Openai | ProviderKind::Anthropic | ProviderKind::OpenaiCompatible => true,
            ProviderKind::Reference => false,
        }
    }

    /// A fresh adapter holding `credential`; `None` when [`Self::supports`] is false.
    /// `base_url` is the provider's API root (contract 7's precedence is the caller's).
    pub fn build(
        &self,
        provider: ProviderKind,
        adapter_id: &str,
        base_url: Url,
        credential: SecretString,
    ) -> Option<Box<dyn ProviderAdapter>> {
        let client = self.client.clone();
        match provider {
            ProviderKind::Openai | ProviderKind::OpenaiCompatible => Some(Box::new(
                OpenAiAdapter::new(client, adapter_id, provider, &base_url, credential),
            )),
            ProviderKind::Anthropic => Some(Box::new(AnthropicAdapter::new(
                client, adapter_id, &base_url, credential,
            ))),
            ProviderKind::Reference => None,
        }
    }
}
