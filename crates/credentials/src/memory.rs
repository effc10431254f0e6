//! The in_memory backend: unencrypted process memory, for development and tests only. The
//! server refuses it when `is_production_like(ENVIRONMENT)`; nothing here enforces that.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, MutexGuard};

use secrecy::SecretString;

use crate::{opaque_part, CredentialError, CredentialKey, CredentialStore};

const BACKEND: &str = "in_memory";

/// Credentials in a map keyed by the opaque part of the reference; only the latest version is
/// kept because nothing ever reads an older one.
#[derive(Default)]
pub struct InMemoryStore {
    secrets: Mutex<HashMap<String, SecretString>>,
}

impl InMemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, SecretString>> {
        // A panic elsewhere while holding the lock cannot leave a half-written entry (every
        // update is one insert/remove), so a poisoned map is still consistent.
        self.secrets.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl fmt::Debug for InMemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InMemoryStore")
            .field("credentials", &self.map().len())
            .finish()
    }
}

#[async_trait::async_trait]
impl CredentialStore for InMemoryStore {
    fn backend(&self) -> &'static str {
        BACKEND
    }

    async fn create(
        &self,
        key: &CredentialKey,
        credential: &SecretString,
    ) -> Result<String, CredentialError> {
        let name = key.opaque_name()?;
        self.map().insert(name.clone(), credential.clone());
        Ok(format!("{BACKEND}:{name}"))
    }

    async fn rotate(
        &self,
        reference: &str,
        credential: &SecretString,
    ) -> Result<(), CredentialError> {
        let name = opaque_part(BACKEND, reference)?;
        match self.map().get_mut(name) {
            Some(slot) => {
                *slot = credential.clone();
                Ok(())
            }
            None => Err(CredentialError::NotFound),
        }
    }

    async fn resolve(&self, reference: &str) -> Result<SecretString, CredentialError> {
        let name = opaque_part(BACKEND, reference)?;
        self.map()
            .get(name)
            .cloned()
            .ok_or(CredentialError::NotFound)
    }

    async fn delete(&self, reference: &str) -> Result<(), CredentialError> {
        let name = opaque_part(BACKEND, reference)?;
        self.map().remove(name);
        Ok(())
    }

    async fn check(&self) -> Result<(), CredentialError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{ConnectionId, ProviderKind};
    use secrecy::ExposeSecret;

    fn key() -> CredentialKey {
        CredentialKey {
            opaque_tenant_id: "tk7f3a9c".into(),
            connection_id: ConnectionId::generate(),
            provider: ProviderKind::Anthropic,
        }
    }

    #[tokio::test]
    async fn round_trip() {
        let store = InMemoryStore::new();
        assert_eq!(store.backend(), "in_memory");
        store.check().await.unwrap();
        let reference = store
            .create(&key(), &SecretString::from("sk-first"))
            .await
            .unwrap();
        assert!(reference.starts_with("in_memory:provider-tk7f3a9c-conn_"));
        assert_eq!(
            store.resolve(&reference).await.unwrap().expose_secret(),
            "sk-first"
        );
        store
            .rotate(&reference, &SecretString::from("sk-second"))
            .await
            .unwrap();
        assert_eq!(
            store.resolve(&reference).await.unwrap().expose_secret(),
            "sk-second"
        );
        store.delete(&reference).await.unwrap();
        assert!(matches!(
            store.resolve(&reference).await,
            Err(CredentialError::NotFound)
        ));
        store.delete(&reference).await.unwrap();
        assert!(matches!(
            store.rotate(&reference, &SecretString::from("x")).await,
            Err(CredentialError::NotFound)
        ));
    }

    #[tokio::test]
    async fn foreign_reference_is_misconfigured() {
        let store = InMemoryStore::new();
        assert!(matches!(
            store.resolve("local_encrypted:provider-a-b").await,
            Err(CredentialError::Misconfigured(_))
        ));
    }

    #[tokio::test]
    async fn debug_never_shows_the_secret() {
        let store = InMemoryStore::new();
        let secret = SecretString::from("sk-live-DO-NOT-PRINT");
        let reference = store.create(&key(), &secret).await.unwrap();
        let resolved = store.resolve(&reference).await.unwrap();
        for shown in [
            format!("{store:?}"),
            format!("{secret:?}"),
            format!("{resolved:?}"),
            format!("{:?}", store.resolve(&reference).await),
        ] {
            assert!(!shown.contains("DO-NOT-PRINT"), "{shown}");
        }
    }
}
