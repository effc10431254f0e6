//! The Adapter Registry (spec 2.4, 3.6): one secret-free descriptor per built-in adapter,
//! its availability from static configuration, and the base URL its configuration implies.
//!
//! Entries are descriptors only and are never used to execute (spec 1 rule 6): execution goes
//! through [`crate::AdapterFactory`], which builds a fresh adapter with the tenant's key.

use crate::endpoint::{self, EndpointError};
use crate::ADAPTER_VERSION;
use domain::{
    AdapterCapabilities, AdapterStatus, AdapterSummary, ExecutionMode, ProviderKind, TaskType,
    Timestamp,
};
use std::collections::BTreeMap;
use url::Url;

/// The providers' public API base URLs. OpenAI's includes `/v1` and Anthropic's does not,
/// as in each provider's own SDK, so an override copied from an SDK setup works unchanged.
pub const OPENAI_DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
pub const ANTHROPIC_DEFAULT_BASE_URL: &str = "https://api.anthropic.com";

/// Reason codes in `status_reason`.
pub const REASON_NOT_VALIDATED: &str = "not_validated";
pub const REASON_DISABLED: &str = "disabled_by_configuration";
pub const REASON_BASE_URL_MALFORMED: &str = "base_url_malformed";
pub const REASON_BASE_URL_NOT_ALLOWED: &str = "base_url_not_allowed";

/// The adapters' own configuration: no credential, only base-URL overrides and a switch-off
/// list (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `ADAPTERS_DISABLED`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdapterSettings {
    pub openai_base_url: Option<String>,
    pub anthropic_base_url: Option<String>,
    pub disabled: Vec<String>,
}

/// What an adapter's base-URL setting amounts to.
#[derive(Debug, Clone)]
enum BaseUrl {
    /// The provider's public default (no override set).
    Default(Url),
    Override(Url),
    /// An override that is not usable; the adapter is `misconfigured` with this reason.
    Invalid(&'static str),
    /// No adapter-level URL: the reference agent runs in process, and an OpenAI-compatible
    /// server is only ever reached at its connection's endpoint.
    None,
}

#[derive(Debug, Clone)]
struct Entry {
    summary: AdapterSummary,
    base_url: BaseUrl,
    disabled: bool,
}

/// The shared, tenant-independent list of adapters, keyed (and listed) by adapter id.
#[derive(Debug, Clone)]
pub struct AdapterRegistry {
    entries: BTreeMap<String, Entry>,
}

impl AdapterRegistry {
    /// Registers the four built-in adapters, all `unavailable` until validated (spec 3.6).
    pub fn new(settings: &AdapterSettings) -> Self {
        let disabled = |id: &str| {
            settings
                .disabled
                .iter()
                .any(|d| d.trim().eq_ignore_ascii_case(id))
        };
        let builtins = [
            (
                "reference",
                ProviderKind::Reference,
                ExecutionMode::Synthetic,
                BaseUrl::None,
            ),
            (
                "openai",
                ProviderKind::Openai,
                ExecutionMode::Managed,
                base_url_setting(settings.openai_base_url.as_deref(), OPENAI_DEFAULT_BASE_URL),
            ),
            (
                "anthropic",
                ProviderKind::Anthropic,
                ExecutionMode::Managed,
                base_url_setting(
                    settings.anthropic_base_url.as_deref(),
                    ANTHROPIC_DEFAULT_BASE_URL,
                ),
            ),
            (
                "openai-compatible",
                ProviderKind::OpenaiCompatible,
                ExecutionMode::Managed,
                BaseUrl::None,
            ),
        ];
        let entries = builtins
            .into_iter()
            .map(|(id, provider, mode, base_url)| {
                let summary = AdapterSummary {
                    adapter_id: id.to_owned(),
                    provider,
                    version: ADAPTER_VERSION.to_owned(),
                    status: AdapterStatus::Unavailable,
                    status_reason: Some(REASON_NOT_VALIDATED.to_owned()),
                    last_validated_at: None,
                    capabilities: AdapterCapabilities {
                        task_types: TaskType::ALL.to_vec(),
                        execution_modes: vec![mode],
                        structured_output: true,
                        tool_calling: false,
                        streaming: false,
                    },
                };
                let entry = Entry {
                    summary,
                    base_url,
                    disabled: disabled(id),
                };
                (id.to_owned(), entry)
            })
            .collect();
        Self { entries }
    }

    /// Validates every adapter's static configuration (no provider call).
    pub fn validate_all(&mut self, now: Timestamp) {
        for entry in self.entries.values_mut() {
            validate_entry(entry, now);
        }
    }

    /// Re-validates one adapter; `None` when no adapter has that id.
    pub fn validate(&mut self, adapter_id: &str, now: Timestamp) -> Option<AdapterSummary> {
        let entry = self.entries.get_mut(adapter_id)?;
        validate_entry(entry, now);
        Some(entry.summary.clone())
    }

    pub fn get(&self, adapter_id: &str) -> Option<AdapterSummary> {
        self.entries.get(adapter_id).map(|e| e.summary.clone())
    }

    /// Every adapter, sorted by adapter id.
    pub fn list(&self) -> Vec<AdapterSummary> {
        self.entries.values().map(|e| e.summary.clone()).collect()
    }

    /// The adapter-level base URL for a provider: the override setting, else the public
    /// default. `None` for `openai_compatible` (only a connection endpoint can name its
    /// server), for `reference`, and for an invalid override: a call must never silently go
    /// to the public default when the operator configured somewhere else.
    pub fn base_url_for(&self, provider: ProviderKind) -> Option<Url> {
        self.entries
            .values()
            .find(|e| e.summary.provider == provider)
            .and_then(|e| match &e.base_url {
                BaseUrl::Default(u) | BaseUrl::Override(u) => Some(u.clone()),
                BaseUrl::Invalid(_) | BaseUrl::None => None,
            })
    }
}

fn validate_entry(entry: &mut Entry, now: Timestamp) {
    let (status, reason) = if entry.disabled {
        (AdapterStatus::Unavailable, Some(REASON_DISABLED))
    } else if let BaseUrl::Invalid(reason) = entry.base_url {
        (AdapterStatus::Misconfigured, Some(reason))
    } else {
        (AdapterStatus::Available, None)
    };
    entry.summary.status = status;
    entry.summary.status_reason = reason.map(str::to_owned);
    entry.summary.last_validated_at = Some(now);
}

/// An override is the operator's own setting, so plain `http://` is accepted (a local proxy
/// or mock); otherwise it must pass the same form rules as a tenant endpoint. A blank value
/// counts as unset, as an empty environment variable usually means "not configured".
fn base_url_setting(value: Option<&str>, default: &str) -> BaseUrl {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => match Url::parse(default) {
            Ok(u) => BaseUrl::Default(u),
            Err(_) => BaseUrl::Invalid(REASON_BASE_URL_MALFORMED),
        },
        Some(v) => match endpoint::check_form(v, true) {
            Ok(u) => BaseUrl::Override(u),
            Err(EndpointError::Malformed) => BaseUrl::Invalid(REASON_BASE_URL_MALFORMED),
            Err(EndpointError::NotAllowed) => BaseUrl::Invalid(REASON_BASE_URL_NOT_ALLOWED),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> Timestamp {
        Timestamp::from_millis(1_795_000_000_000)
    }

    fn status(reg: &AdapterRegistry, id: &str) -> (AdapterStatus, Option<String>) {
        let s = reg.get(id).unwrap();
        (s.status, s.status_reason)
    }

    #[test]
    fn adapters_are_registered_unavailable_and_listed_by_id() {
        let reg = AdapterRegistry::new(&AdapterSettings::default());
        let ids: Vec<_> = reg.list().into_iter().map(|s| s.adapter_id).collect();
        assert_eq!(
            ids,
            ["anthropic", "openai", "openai-compatible", "reference"]
        );
        for s in reg.list() {
            assert_eq!(s.status, AdapterStatus::Unavailable);
            assert_eq!(s.last_validated_at, None);
            assert_eq!(s.version, ADAPTER_VERSION);
            assert_eq!(s.capabilities.task_types, TaskType::ALL.to_vec());
        }
    }

    #[test]
    fn default_settings_make_all_four_available() {
        let mut reg = AdapterRegistry::new(&AdapterSettings::default());
        reg.validate_all(now());
        for s in reg.list() {
            assert_eq!(s.status, AdapterStatus::Available, "{}", s.adapter_id);
            assert_eq!(s.status_reason, None);
            assert_eq!(s.last_validated_at, Some(now()));
        }
        let r = reg.get("reference").unwrap();
        assert_eq!(r.provider, ProviderKind::Reference);
        assert_eq!(r.capabilities.execution_modes, [ExecutionMode::Synthetic]);
        let c = reg.get("openai-compatible").unwrap();
        assert_eq!(c.provider, ProviderKind::OpenaiCompatible);
        assert_eq!(c.capabilities.execution_modes, [ExecutionMode::Managed]);
        assert_eq!(reg.get("openai").unwrap().provider, ProviderKind::Openai);
        assert_eq!(
            reg.get("anthropic").unwrap().provider,
            ProviderKind::Anthropic
        );
        assert!(reg.get("bogus").is_none());
    }

    #[test]
    fn malformed_base_url_override_makes_only_that_adapter_misconfigured() {
        let settings = AdapterSettings {
            openai_base_url: Some("not a url".into()),
            anthropic_base_url: Some("http://127.0.0.1:9999".into()),
            disabled: vec![],
        };
        let mut reg = AdapterRegistry::new(&settings);
        reg.validate_all(now());
        assert_eq!(
            status(&reg, "openai"),
            (
                AdapterStatus::Misconfigured,
                Some(REASON_BASE_URL_MALFORMED.into())
            )
        );
        assert_eq!(status(&reg, "anthropic"), (AdapterStatus::Available, None));
        assert_eq!(reg.base_url_for(ProviderKind::Openai), None);
        assert_eq!(
            reg.base_url_for(ProviderKind::Anthropic).unwrap().as_str(),
            "http://127.0.0.1:9999/"
        );
    }

    #[test]
    fn metadata_base_url_override_is_misconfigured() {
        let settings = AdapterSettings {
            anthropic_base_url: Some("http://169.254.169.254/".into()),
            ..Default::default()
        };
        let mut reg = AdapterRegistry::new(&settings);
        let s = reg.validate("anthropic", now()).unwrap();
        assert_eq!(s.status, AdapterStatus::Misconfigured);
        assert_eq!(
            s.status_reason.as_deref(),
            Some(REASON_BASE_URL_NOT_ALLOWED)
        );
    }

    #[test]
    fn disabled_adapters_are_unavailable_with_reason() {
        let settings = AdapterSettings {
            disabled: vec![" anthropic".into(), "reference ".into(), "nope".into()],
            ..Default::default()
        };
        let mut reg = AdapterRegistry::new(&settings);
        reg.validate_all(now());
        for id in ["anthropic", "reference"] {
            assert_eq!(
                status(&reg, id),
                (AdapterStatus::Unavailable, Some(REASON_DISABLED.into()))
            );
        }
        assert_eq!(status(&reg, "openai"), (AdapterStatus::Available, None));
        assert_eq!(reg.validate("missing", now()), None);
    }

    #[test]
    fn base_urls_follow_settings_then_public_defaults() {
        let reg = AdapterRegistry::new(&AdapterSettings::default());
        assert_eq!(
            reg.base_url_for(ProviderKind::Openai).unwrap().as_str(),
            "https://api.openai.com/v1"
        );
        assert_eq!(
            reg.base_url_for(ProviderKind::Anthropic).unwrap().as_str(),
            "https://api.anthropic.com/"
        );
        assert_eq!(reg.base_url_for(ProviderKind::OpenaiCompatible), None);
        assert_eq!(reg.base_url_for(ProviderKind::Reference), None);

        let settings = AdapterSettings {
            openai_base_url: Some("https://proxy.example.com/openai/v1/".into()),
            anthropic_base_url: Some("   ".into()),
            disabled: vec![],
        };
        let reg = AdapterRegistry::new(&settings);
        assert_eq!(
            reg.base_url_for(ProviderKind::Openai).unwrap().as_str(),
            "https://proxy.example.com/openai/v1/"
        );
        assert_eq!(
            reg.base_url_for(ProviderKind::Anthropic).unwrap().as_str(),
            "https://api.anthropic.com/"
        );
    }
}
