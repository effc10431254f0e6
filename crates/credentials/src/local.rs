//! The local_encrypted backend: AES-256-GCM ciphertext kept in the service's own database, so a
//! single-node deployment needs no cloud secret manager yet never stores a key in clear.

use std::fmt;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use rand::RngCore;
use secrecy::zeroize::Zeroize;
use secrecy::{ExposeSecret, SecretBox, SecretString};

use crate::{opaque_part, CredentialError, CredentialKey, CredentialStore};

const BACKEND: &str = "local_encrypted";
/// Blob layout: format version, 96-bit nonce, then ciphertext with its 128-bit tag. The version
/// byte lets a later format (or key rotation) coexist with rows written by this one.
const FORMAT_V1: u8 = 1;
const NONCE_LEN: usize = 12;
const TAG_LEN: usize = 16;
const KEY_FILE: &str = "credential-encryption.key";
/// A reference no connection can have (real ones start `local_encrypted:provider-`), used only
/// to prove the repository answers.
const PROBE_REFERENCE: &str = "local_encrypted:readiness-check";

/// Ciphertext persistence for local_encrypted, implemented by the server over its database.
/// Keys are full credential references; `delete` of a missing row must succeed. Error strings
/// go to logs only (they can only ever hold ciphertext, never a plaintext credential).
#[async_trait::async_trait]
pub trait CiphertextRepository: Send + Sync {
    async fn put(&self, reference: &str, blob: Vec<u8>) -> Result<(), String>;
    async fn get(&self, reference: &str) -> Result<Option<Vec<u8>>, String>;
    async fn delete(&self, reference: &str) -> Result<(), String>;
}

/// Why the encryption key could not be had. Messages name the setting or file, never a value.
#[derive(thiserror::Error, Debug)]
pub enum KeyError {
    #[error("CREDENTIAL_ENCRYPTION_KEY must be standard base64 of exactly 32 bytes ({0})")]
    Invalid(String),
    #[error("credential encryption key file {}: {reason}", path.display())]
    File { path: PathBuf, reason: String },
}

/// The 32-byte AES-256 key. Held in a zeroize-on-drop box; Debug never shows the bytes.
pub struct EncryptionKey(SecretBox<[u8; 32]>);

impl fmt::Debug for EncryptionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EncryptionKey(<redacted>)")
    }
}

impl EncryptionKey {
    /// Contract: standard base64 (padded) of exactly 32 bytes. Whitespace is not trimmed: the
    /// contract says "exactly", and a stray newline is better reported than guessed at.
    pub fn from_base64(value: &str) -> Result<Self, KeyError> {
        let mut bytes = STANDARD
            .decode(value)
            .map_err(|_| KeyError::Invalid("not valid standard base64".into()))?;
        let result = match <[u8; 32]>::try_from(bytes.as_slice()) {
            Ok(arr) => Ok(Self(SecretBox::new(Box::new(arr)))),
            Err(_) => Err(KeyError::Invalid(format!(
                "decodes to {} bytes, expected 32",
                bytes.len()
            ))),
        };
        bytes.zeroize();
        result
    }

    /// A fresh random key from the operating system's CSPRNG.
    pub fn generate() -> Self {
        let mut arr = Box::new([0u8; 32]);
        rand::rngs::OsRng.fill_bytes(arr.as_mut());
        Self(SecretBox::new(arr))
    }

    /// Development: read `<data_dir>/credential-encryption.key` (base64 text, surrounding
    /// whitespace ignored) or generate it once with mode 0600. `create_new` means two
    /// processes starting together cannot clobber each other: the loser re-reads the winner's
    /// file, waiting briefly if it is caught between create and write.
    pub fn load_or_generate(data_dir: &Path) -> Result<Self, KeyError> {
        let path = data_dir.join(KEY_FILE);
        let file_err = |reason: String| KeyError::File {
            path: path.clone(),
            reason,
        };
        create_private_dir(data_dir)
            .map_err(|e| file_err(format!("cannot create directory: {e}")))?;
        // 50 x 20 ms: far longer than writing 45 bytes takes, short enough for a startup.
        for attempt in 0..50 {
            match read_key_file(&path) {
                Ok(Some(key)) => return Ok(key),
                Ok(None) => match write_new_key_file(&path) {
                    Ok(key) => return Ok(key),
                    Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                    Err(e) => return Err(file_err(format!("cannot create: {e}"))),
                },
                Err(ReadError::Incomplete) if attempt < 49 => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(ReadError::Incomplete) | Err(ReadError::Invalid) => {
                    return Err(file_err(
                        "does not hold standard base64 of exactly 32 bytes".into(),
                    ))
                }
                Err(ReadError::Io(e)) => return Err(file_err(format!("cannot read: {e}"))),
            }
        }
        Err(file_err("could not be read after creation".into()))
    }

    fn to_base64(&self) -> String {
        STANDARD.encode(self.0.expose_secret())
    }

    fn cipher(&self) -> Aes256Gcm {
        Aes256Gcm::new(self.0.expose_secret().into())
    }

    #[cfg(test)]
    pub(crate) fn bytes(&self) -> [u8; 32] {
        *self.0.expose_secret()
    }
}

enum ReadError {
    /// Empty or cut short and not newline-terminated: probably another process mid-write.
    Incomplete,
    Invalid,
    Io(std::io::Error),
}

/// `Ok(None)` when the file does not exist yet.
fn read_key_file(path: &Path) -> Result<Option<EncryptionKey>, ReadError> {
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadError::Io(e)),
    };
    warn_if_readable_by_others(&file, path);
    let mut text = String::new();
    file.read_to_string(&mut text).map_err(|e| match e.kind() {
        ErrorKind::InvalidData => ReadError::Invalid,
        _ => ReadError::Io(e),
    })?;
    let parsed = EncryptionKey::from_base64(text.trim());
    let complete = text.ends_with('\n');
    text.zeroize();
    match parsed {
        Ok(key) => Ok(Some(key)),
        Err(_) if !complete => Err(ReadError::Incomplete),
        Err(_) => Err(ReadError::Invalid),
    }
}

fn write_new_key_file(path: &Path) -> std::io::Result<EncryptionKey> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    let key = EncryptionKey::generate();
    let mut text = key.to_base64();
    text.push('\n');
    // One write of 45 bytes, then fsync, so a crash leaves either nothing usable to misread or
    // the whole key. On failure remove the stub so the next start generates again.
    let written = file
        .write_all(text.as_bytes())
        .and_then(|_| file.sync_all());
    text.zeroize();
    if let Err(e) = written {
        let _ = std::fs::remove_file(path);
        return Err(e);
    }
    tracing::info!(path = %path.display(), "generated a new credential encryption key file");
    Ok(key)
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

#[cfg(unix)]
fn warn_if_readable_by_others(file: &std::fs::File, path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = file.metadata() {
        if meta.permissions().mode() & 0o077 != 0 {
            tracing::warn!(path = %path.display(), "credential encryption key file is accessible to group or others; expected mode 0600");
        }
    }
}

#[cfg(not(unix))]
fn warn_if_readable_by_others(_file: &std::fs::File, _path: &Path) {}

/// AES-256-GCM with a random 96-bit nonce per write and the full reference as associated data,
/// so a blob copied onto another row (another tenant's connection) fails to decrypt.
pub struct LocalEncryptedStore {
    cipher: Aes256Gcm,
    repo: Arc<dyn CiphertextRepository>,
}

impl fmt::Debug for LocalEncryptedStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LocalEncryptedStore")
            .field("key", &"<redacted>")
            .finish_non_exhaustive()
    }
}

fn undecryptable() -> CredentialError {
    CredentialError::Misconfigured(
        "stored credential cannot be decrypted (wrong CREDENTIAL_ENCRYPTION_KEY or altered ciphertext)"
            .into(),
    )
}

fn repo_failed(op: &str, cause: String) -> CredentialError {
    let cause = format!("ciphertext repository {op}: {cause}");
    tracing::warn!(backend = BACKEND, %cause, "credential store call failed");
    CredentialError::Unavailable(cause)
}

impl LocalEncryptedStore {
    pub fn new(key: EncryptionKey, repo: Arc<dyn CiphertextRepository>) -> Self {
        Self {
            cipher: key.cipher(),
            repo,
        }
    }

    fn seal(&self, reference: &str, credential: &SecretString) -> Result<Vec<u8>, CredentialError> {
        // Random nonces are safe here: at 2^32 writes under one key the collision chance is
        // still ~2^-33, and a credential store sees orders of magnitude fewer.
        let mut nonce = [0u8; NONCE_LEN];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let ciphertext = self
            .cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: credential.expose_secret().as_bytes(),
                    aad: reference.as_bytes(),
                },
            )
            .map_err(|_| CredentialError::Misconfigured("encryption failed".into()))?;
        let mut blob = Vec::with_capacity(1 + NONCE_LEN + ciphertext.len());
        blob.push(FORMAT_V1);
        blob.extend_from_slice(&nonce);
        blob.extend_from_slice(&ciphertext);
        Ok(blob)
    }

    fn open(&self, reference: &str, blob: &[u8]) -> Result<SecretString, CredentialError> {
        let (version, rest) = blob.split_first().ok_or_else(undecryptable)?;
        if *version != FORMAT_V1 || rest.len() < NONCE_LEN + TAG_LEN {
            return Err(undecryptable());
        }
        let (nonce, ciphertext) = rest.split_at(NONCE_LEN);
        let mut plain = self
            .cipher
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: ciphertext,
                    aad: reference.as_bytes(),
                },
            )
            .map_err(|_| undecryptable())?;
        let text = String::from_utf8(std::mem::take(&mut plain)).map_err(|e| {
            e.into_bytes().zeroize();
            undecryptable()
        })?;
        Ok(SecretString::from(text))
    }
}

#[async_trait::async_trait]
impl CredentialStore for LocalEncryptedStore {
    fn backend(&self) -> &'static str {
        BACKEND
    }

    async fn create(
        &self,
        key: &CredentialKey,
        credential: &SecretString,
    ) -> Result<String, CredentialError> {
        let reference = format!("{BACKEND}:{}", key.opaque_name()?);
        let blob = self.seal(&reference, credential)?;
        self.repo
            .put(&reference, blob)
            .await
            .map_err(|e| repo_failed("put", e))?;
        Ok(reference)
    }

    async fn rotate(
        &self,
        reference: &str,
        credential: &SecretString,
    ) -> Result<(), CredentialError> {
        opaque_part(BACKEND, reference)?;
        let existing = self
            .repo
            .get(reference)
            .await
            .map_err(|e| repo_failed("get", e))?;
        if existing.is_none() {
            return Err(CredentialError::NotFound);
        }
        let blob = self.seal(reference, credential)?;
        self.repo
            .put(reference, blob)
            .await
            .map_err(|e| repo_failed("put", e))
    }

    async fn resolve(&self, reference: &str) -> Result<SecretString, CredentialError> {
        opaque_part(BACKEND, reference)?;
        let blob = self
            .repo
            .get(reference)
            .await
            .map_err(|e| repo_failed("get", e))?
            .ok_or(CredentialError::NotFound)?;
        self.open(reference, &blob)
    }

    async fn delete(&self, reference: &str) -> Result<(), CredentialError> {
        opaque_part(BACKEND, reference)?;
        self.repo
            .delete(reference)
            .await
            .map_err(|e| repo_failed("delete", e))
    }

    async fn check(&self) -> Result<(), CredentialError> {
        self.repo
            .get(PROBE_REFERENCE)
            .await
            .map(|_| ())
            .map_err(|e| repo_failed("get", e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{ConnectionId, ProviderKind};
    use std::collections::HashMap;
    use std::sync::Mutex;

    #[derive(Default)]
    struct MapRepo {
        rows: Mutex<HashMap<String, Vec<u8>>>,
        fail: bool,
    }

    #[async_trait::async_trait]
    impl CiphertextRepository for MapRepo {
        async fn put(&self, reference: &str, blob: Vec<u8>) -> Result<(), String> {
            if self.fail {
                return Err("database is locked".into());
            }
            self.rows.lock().unwrap().insert(reference.into(), blob);
            Ok(())
        }
        async fn get(&self, reference: &str) -> Result<Option<Vec<u8>>, String> {
            if self.fail {
                return Err("database is locked".into());
            }
            Ok(self.rows.lock().unwrap().get(reference).cloned())
        }
        async fn delete(&self, reference: &str) -> Result<(), String> {
            if self.fail {
                return Err("database is locked".into());
            }
            self.rows.lock().unwrap().remove(reference);
            Ok(())
        }
    }

    fn key() -> CredentialKey {
        CredentialKey {
            opaque_tenant_id: "tq81x".into(),
            connection_id: ConnectionId::generate(),
            provider: ProviderKind::Openai,
        }
    }

    fn store() -> (LocalEncryptedStore, Arc<MapRepo>) {
        let repo = Arc::new(MapRepo::default());
        (
            LocalEncryptedStore::new(EncryptionKey::generate(), repo.clone()),
            repo,
        )
    }

    fn temp_dir() -> PathBuf {
        std::env::temp_dir().join(format!(
            "credentials-test-{}",
            uuid::Uuid::new_v4().simple()
        ))
    }

    #[tokio::test]
    async fn round_trip() {
        let (store, repo) = store();
        assert_eq!(store.backend(), "local_encrypted");
        store.check().await.unwrap();
        let reference = store
            .create(&key(), &SecretString::from("sk-first-value"))
            .await
            .unwrap();
        assert!(reference.starts_with("local_encrypted:provider-tq81x-conn_"));
        let blob = repo.rows.lock().unwrap()[&reference].clone();
        assert!(!blob.windows(14).any(|w| w == b"sk-first-value"));
        assert_eq!(
            store.resolve(&reference).await.unwrap().expose_secret(),
            "sk-first-value"
        );
        store
            .rotate(&reference, &SecretString::from("sk-second-value"))
            .await
            .unwrap();
        assert_eq!(
            store.resolve(&reference).await.unwrap().expose_secret(),
            "sk-second-value"
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
    async fn every_write_uses_a_fresh_nonce() {
        let (store, repo) = store();
        let reference = store
            .create(&key(), &SecretString::from("same"))
            .await
            .unwrap();
        let first = repo.rows.lock().unwrap()[&reference].clone();
        store
            .rotate(&reference, &SecretString::from("same"))
            .await
            .unwrap();
        let second = repo.rows.lock().unwrap()[&reference].clone();
        assert_ne!(first[1..1 + NONCE_LEN], second[1..1 + NONCE_LEN]);
        assert_ne!(first, second);
    }

    #[tokio::test]
    async fn tampered_ciphertext_is_an_error_not_a_panic() {
        let (store, repo) = store();
        let reference = store
            .create(&key(), &SecretString::from("sk-tamper-me"))
            .await
            .unwrap();
        let original = repo.rows.lock().unwrap()[&reference].clone();
        let mut variants: Vec<Vec<u8>> = Vec::new();
        for i in 0..original.len() {
            let mut b = original.clone();
            b[i] ^= 0x01;
            variants.push(b);
        }
        variants.push(Vec::new());
        variants.push(vec![FORMAT_V1]);
        variants.push(original[..original.len() - 1].to_vec());
        variants.push(original[..1 + NONCE_LEN + TAG_LEN - 1].to_vec());
        for blob in variants {
            repo.rows.lock().unwrap().insert(reference.clone(), blob);
            let err = store.resolve(&reference).await.unwrap_err();
            assert!(matches!(err, CredentialError::Misconfigured(_)), "{err:?}");
        }
    }

    #[tokio::test]
    async fn blob_copied_under_another_reference_fails() {
        let (store, repo) = store();
        let a = store
            .create(&key(), &SecretString::from("sk-tenant-a"))
            .await
            .unwrap();
        let b = store
            .create(&key(), &SecretString::from("sk-tenant-b"))
            .await
            .unwrap();
        let blob_a = repo.rows.lock().unwrap()[&a].clone();
        repo.rows.lock().unwrap().insert(b.clone(), blob_a);
        assert!(matches!(
            store.resolve(&b).await,
            Err(CredentialError::Misconfigured(_))
        ));
        assert_eq!(
            store.resolve(&a).await.unwrap().expose_secret(),
            "sk-tenant-a"
        );
    }

    #[tokio::test]
    async fn another_key_cannot_decrypt() {
        let repo = Arc::new(MapRepo::default());
        let writer = LocalEncryptedStore::new(EncryptionKey::generate(), repo.clone());
        let reader = LocalEncryptedStore::new(EncryptionKey::generate(), repo);
        let reference = writer
            .create(&key(), &SecretString::from("sk-x"))
            .await
            .unwrap();
        let err = reader.resolve(&reference).await.unwrap_err();
        assert!(err.to_string().contains("CREDENTIAL_ENCRYPTION_KEY"));
    }

    #[tokio::test]
    async fn repository_failure_is_unavailable() {
        let repo = Arc::new(MapRepo {
            fail: true,
            ..MapRepo::default()
        });
        let store = LocalEncryptedStore::new(EncryptionKey::generate(), repo);
        let err = store.check().await.unwrap_err();
        assert!(matches!(err, CredentialError::Unavailable(_)));
        assert_eq!(err.to_string(), "credential store unavailable");
        assert!(matches!(
            store.create(&key(), &SecretString::from("sk")).await,
            Err(CredentialError::Unavailable(_))
        ));
    }

    #[test]
    fn from_base64_accepts_exactly_32_bytes() {
        let ok = STANDARD.encode([7u8; 32]);
        assert_eq!(EncryptionKey::from_base64(&ok).unwrap().bytes(), [7u8; 32]);
        let bad = [
            STANDARD.encode([7u8; 31]),
            STANDARD.encode([7u8; 33]),
            STANDARD.encode([7u8; 16]),
            String::new(),
            "not base64 at all!!".into(),
            // URL-safe alphabet and missing padding are not *standard* base64.
            base64::engine::general_purpose::URL_SAFE.encode([0xfbu8; 32]),
            base64::engine::general_purpose::STANDARD_NO_PAD.encode([7u8; 32]),
            format!("{ok}\n"),
            "c2stbGl2ZS1zZWNyZXQtdmFsdWUtMTIzNDU2Nzg5MGFiY2Q=".into(),
        ];
        for value in bad {
            let err = EncryptionKey::from_base64(&value).unwrap_err();
            let shown = err.to_string();
            assert!(shown.contains("CREDENTIAL_ENCRYPTION_KEY"), "{shown}");
            if !value.trim().is_empty() {
                assert!(!shown.contains(value.trim()), "{shown}");
                assert!(!format!("{err:?}").contains(value.trim()));
            }
        }
    }

    #[test]
    fn load_or_generate_creates_a_private_file_once() {
        let dir = temp_dir().join("nested");
        let first = EncryptionKey::load_or_generate(&dir).unwrap();
        let path = dir.join(KEY_FILE);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            EncryptionKey::from_base64(text.trim()).unwrap().bytes(),
            first.bytes()
        );
        let second = EncryptionKey::load_or_generate(&dir).unwrap();
        assert_eq!(first.bytes(), second.bytes());
        std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn concurrent_starts_agree_on_one_key() {
        let dir = temp_dir();
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let dir = dir.clone();
                std::thread::spawn(move || EncryptionKey::load_or_generate(&dir).unwrap().bytes())
            })
            .collect();
        let keys: Vec<[u8; 32]> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert!(keys.iter().all(|k| *k == keys[0]));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn load_or_generate_rejects_a_bad_file_without_echoing_it() {
        let dir = temp_dir();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(KEY_FILE), "hunter2-not-a-key\n").unwrap();
        let err = EncryptionKey::load_or_generate(&dir).unwrap_err();
        assert!(matches!(err, KeyError::File { .. }));
        assert!(!err.to_string().contains("hunter2"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test]
    async fn debug_never_shows_key_or_secret() {
        let key_b64 = STANDARD.encode([0x42u8; 32]);
        let enc = EncryptionKey::from_base64(&key_b64).unwrap();
        let shown_key = format!("{enc:?}");
        assert!(!shown_key.contains(&key_b64) && !shown_key.contains("66"));
        let store = LocalEncryptedStore::new(enc, Arc::new(MapRepo::default()));
        let secret = SecretString::from("sk-live-DO-NOT-PRINT");
        let reference = store.create(&key(), &secret).await.unwrap();
        let resolved = store.resolve(&reference).await;
        for shown in [format!("{store:?}"), format!("{resolved:?}")] {
            assert!(!shown.contains("DO-NOT-PRINT"), "{shown}");
            assert!(!shown.contains(&key_b64), "{shown}");
        }
    }
}
