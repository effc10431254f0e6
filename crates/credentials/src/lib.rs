//! Storage for tenants' provider credentials behind one trait, so the raw key never sits on a
//! connection record: only an opaque `credential_reference` does (spec 2.2, contract 6).

mod aws;
mod local;
mod memory;

pub use aws::AwsSecretsManagerStore;
use domain::{ConnectionId, ProviderKind};
pub use local::{CiphertextRepository, EncryptionKey, KeyError, LocalEncryptedStore};
pub use memory::InMemoryStore;
pub use secrecy::{ExposeSecret, SecretString};

/// What a secret is for, in opaque ids only. `opaque_tenant_id` is a random token the service
/// stores per tenant (never derived from the tenant string), so names and tags leak nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CredentialKey {
    pub opaque_tenant_id: String,
    pub connection_id: ConnectionId,
    pub provider: ProviderKind,
}

impl CredentialKey {
    /// `provider-<opaque_tenant_id>-<connection_id>`: the part of a reference every backend
    /// shares. The connection id keeps its `conn_` prefix so an operator can match a secret
    /// to the API's `connection_id` verbatim; both parts must be 1-64 of `[A-Za-z0-9_-]`.
    pub(crate) fn opaque_name(&self) -> Result<String, CredentialError> {
        let tenant = &self.opaque_tenant_id;
        let conn = self.connection_id.as_str();
        if !is_opaque_token(tenant) {
            return Err(CredentialError::Misconfigured(
                "opaque tenant id must be 1-64 characters of [A-Za-z0-9_-]".into(),
            ));
        }
        if !is_opaque_token(conn) {
            return Err(CredentialError::Misconfigured(
                "connection id must be 1-64 characters of [A-Za-z0-9_-]".into(),
            ));
        }
        Ok(format!("provider-{tenant}-{conn}"))
    }
}

/// Opaque tokens and name prefixes: short, and only characters that are safe in a secret name,
/// a tag and a log line without escaping.
pub(crate) fn is_opaque_token(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Why a credential operation failed. Display is what callers may show; none of the variants
/// ever carries secret material.
#[derive(thiserror::Error, Debug)]
pub enum CredentialError {
    #[error("credential not found")]
    NotFound,
    /// The backend could not be reached or refused the call. The string is a cause for logs
    /// (operation plus error kind or service error code), never shown to users.
    #[error("credential store unavailable")]
    Unavailable(String),
    #[error("credential store misconfigured: {0}")]
    Misconfigured(String),
}

impl CredentialError {
    /// The log-safe cause of an `Unavailable`, or the message of a `Misconfigured`.
    pub fn cause(&self) -> Option<&str> {
        match self {
            CredentialError::NotFound => None,
            CredentialError::Unavailable(c) | CredentialError::Misconfigured(c) => Some(c),
        }
    }
}

/// A place to keep provider credentials. References are `"<backend>:<opaque reference>"`.
#[async_trait::async_trait]
pub trait CredentialStore: Send + Sync {
    /// `"in_memory"`, `"local_encrypted"` or `"aws_secrets_manager"`.
    fn backend(&self) -> &'static str;
    /// Stores a new credential; returns the credential_reference `"<backend>:<opaque reference>"`.
    /// The reference is derived from the key, so a retried create after a half-done one
    /// overwrites its own earlier value rather than failing.
    async fn create(
        &self,
        key: &CredentialKey,
        credential: &SecretString,
    ) -> Result<String, CredentialError>;
    /// New version under the same reference/name (rotation). Missing → `NotFound`.
    async fn rotate(
        &self,
        reference: &str,
        credential: &SecretString,
    ) -> Result<(), CredentialError>;
    /// Latest version, resolved at the moment of use.
    async fn resolve(&self, reference: &str) -> Result<SecretString, CredentialError>;
    /// Removes it (no recovery window). Missing already → Ok, so a repeated DELETE finishes a
    /// half-done one.
    async fn delete(&self, reference: &str) -> Result<(), CredentialError>;
    /// Readiness probe: can the backend be reached now?
    async fn check(&self) -> Result<(), CredentialError>;
}

/// The backend named by a reference (the part before the first `:`), if it has one.
pub fn reference_backend(reference: &str) -> Option<&str> {
    reference.split_once(':').map(|(backend, _)| backend)
}

const BACKENDS: [&str; 3] = ["in_memory", "local_encrypted", "aws_secrets_manager"];

/// Strips `"<backend>:"` off a reference this store issued. A reference from another backend
/// means the service was switched between backends under existing data: a configuration
/// problem, not a missing credential. The message names backends only, never the reference.
pub(crate) fn opaque_part<'a>(
    backend: &str,
    reference: &'a str,
) -> Result<&'a str, CredentialError> {
    match reference.split_once(':') {
        Some((b, rest)) if b == backend && !rest.is_empty() => Ok(rest),
        Some((b, _)) if BACKENDS.contains(&b) => Err(CredentialError::Misconfigured(format!(
            "credential reference belongs to backend '{b}', but this service uses '{backend}'"
        ))),
        _ => Err(CredentialError::Misconfigured(
            "credential reference is malformed".into(),
        )),
    }
}

/// Whether `environment` names a production-like deployment: it contains `prod`,
/// `production`, `staging` or `live` anywhere, case-insensitively. Substring on purpose: a
/// false positive only refuses the unencrypted in_memory backend, while a miss ("preprod",
/// "production-eu", "eu-live-2") would let it run against real data. The cost is that names
/// such as "olive-dev" also count; choose another name for such an environment.
pub fn is_production_like(environment: &str) -> bool {
    let env = environment.to_ascii_lowercase();
    ["prod", "staging", "live"].iter().any(|m| env.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn production_like_table() {
        let cases = [
            ("prod", true),
            ("PROD", true),
            ("production", true),
            ("Production-EU", true),
            ("production-eu", true),
            ("eu-prod-1", true),
            ("preprod", true),
            ("staging", true),
            ("Staging2", true),
            ("live", true),
            ("LIVE", true),
            ("development", false),
            ("dev", false),
            ("test", false),
            ("local", false),
            ("ci", false),
            ("qa", false),
            ("sandbox", false),
            ("", false),
        ];
        for (env, want) in cases {
            assert_eq!(is_production_like(env), want, "environment {env:?}");
        }
    }

    #[test]
    fn opaque_name_keeps_conn_prefix_and_rejects_odd_characters() {
        let conn = ConnectionId::generate();
        let key = CredentialKey {
            opaque_tenant_id: "t0123abc".into(),
            connection_id: conn.clone(),
            provider: ProviderKind::Openai,
        };
        assert_eq!(
            key.opaque_name().unwrap(),
            format!("provider-t0123abc-{}", conn.as_str())
        );
        let bad = CredentialKey {
            opaque_tenant_id: "acme hospital".into(),
            ..key.clone()
        };
        assert!(matches!(
            bad.opaque_name(),
            Err(CredentialError::Misconfigured(_))
        ));
        let bad = CredentialKey {
            connection_id: ConnectionId::from_string("conn/../x"),
            ..key
        };
        assert!(bad.opaque_name().is_err());
    }

    #[test]
    fn references_are_checked_against_the_backend() {
        assert_eq!(opaque_part("in_memory", "in_memory:abc").unwrap(), "abc");
        let err = opaque_part("in_memory", "local_encrypted:abc").unwrap_err();
        assert!(err.to_string().contains("local_encrypted"));
        assert!(!err.to_string().contains("abc"));
        assert!(opaque_part("in_memory", "in_memory:").is_err());
        assert!(opaque_part("in_memory", "nonsense").is_err());
        assert_eq!(
            reference_backend("aws_secrets_manager:x"),
            Some("aws_secrets_manager")
        );
        assert_eq!(reference_backend("x"), None);
    }

    #[test]
    fn unavailable_shows_a_generic_message() {
        let e = CredentialError::Unavailable("GetSecretValue: dispatch failure (io)".into());
        assert_eq!(e.to_string(), "credential store unavailable");
        assert_eq!(e.cause(), Some("GetSecretValue: dispatch failure (io)"));
    }
}
