//! The aws_secrets_manager backend (the spec's cloud secret manager). Names and tags hold only
//! opaque ids and fixed markers; short timeouts make an unreachable store a prompt 503.

use std::fmt;
use std::time::Duration;

use aws_config::retry::RetryConfig;
use aws_config::timeout::TimeoutConfig;
use aws_config::{BehaviorVersion, SdkConfig};
use aws_sdk_secretsmanager::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_secretsmanager::types::Tag;
use aws_sdk_secretsmanager::Client;
use domain::ProviderKind;
use secrecy::{ExposeSecret, SecretString};

use crate::{is_opaque_token, opaque_part, CredentialError, CredentialKey, CredentialStore};

const BACKEND: &str = "aws_secrets_manager";
/// Suffix of the name `check()` describes. No real secret has it (connection ids start with
/// `conn_`), and it sits under `<prefix>-provider-*` so the least-privilege policy covers it.
const PROBE_SUFFIX: &str = "readiness-check";

// Two attempts with a short backoff inside a 5 s budget: a healthy call takes milliseconds, and
// a caller waiting on an unreachable store should get 503 in seconds, not after the SDK's
// default of three attempts with no overall deadline.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(2);
const OPERATION_TIMEOUT: Duration = Duration::from_secs(5);
const MAX_ATTEMPTS: u32 = 2;

fn timeout_config() -> TimeoutConfig {
    TimeoutConfig::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .operation_attempt_timeout(ATTEMPT_TIMEOUT)
        .operation_timeout(OPERATION_TIMEOUT)
        .build()
}

fn retry_config() -> RetryConfig {
    RetryConfig::standard()
        .with_max_attempts(MAX_ATTEMPTS)
        .with_initial_backoff(Duration::from_millis(200))
        .with_max_backoff(Duration::from_secs(1))
}

/// Secrets named `<prefix>-provider-<opaque_tenant_id>-<connection_id>`.
pub struct AwsSecretsManagerStore {
    client: Client,
    name_prefix: String,
    environment: String,
}

impl fmt::Debug for AwsSecretsManagerStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AwsSecretsManagerStore")
            .field("name_prefix", &self.name_prefix)
            .field("environment", &self.environment)
            .finish_non_exhaustive()
    }
}

impl AwsSecretsManagerStore {
    /// Value of the `managed-by` tag, so an operator can tell our secrets from anything else.
    pub const MANAGED_BY: &'static str = "runtime-control-engine";
    /// Value of the `resource-type` tag.
    pub const RESOURCE_TYPE: &'static str = "provider-connection";

    /// Uses the SDK's standard configuration: region and credential chain, and its own
    /// endpoint variables (`AWS_ENDPOINT_URL_SECRETS_MANAGER`, then `AWS_ENDPOINT_URL`), which
    /// aws-config's loader applies per service. No region → `Misconfigured`.
    pub async fn from_environment(
        name_prefix: &str,
        environment: &str,
    ) -> Result<Self, CredentialError> {
        let config = aws_config::defaults(BehaviorVersion::latest())
            .timeout_config(timeout_config())
            .retry_config(retry_config())
            .load()
            .await;
        Self::from_sdk_config(&config, name_prefix, environment)
    }

    /// Builds on an already loaded configuration (tests pass an emulator endpoint this way).
    /// The store's own timeouts and retry limits always override the configuration's.
    pub fn from_sdk_config(
        config: &SdkConfig,
        name_prefix: &str,
        environment: &str,
    ) -> Result<Self, CredentialError> {
        if !is_opaque_token(name_prefix) {
            return Err(CredentialError::Misconfigured(
                "SECRET_NAME_PREFIX must be 1-64 characters of [A-Za-z0-9_-]".into(),
            ));
        }
        if config.region().is_none() {
            return Err(CredentialError::Misconfigured(
                "AWS region is not set (set AWS_REGION or a region in the AWS profile)".into(),
            ));
        }
        let client_config = aws_sdk_secretsmanager::config::Builder::from(config)
            .timeout_config(timeout_config())
            .retry_config(retry_config())
            .build();
        Ok(Self {
            client: Client::from_conf(client_config),
            name_prefix: name_prefix.to_owned(),
            environment: environment.to_owned(),
        })
    }

    /// The secret name for a key: `<prefix>-provider-<opaque_tenant_id>-<connection_id>`.
    pub fn secret_name(&self, key: &CredentialKey) -> Result<String, CredentialError> {
        Ok(format!("{}-{}", self.name_prefix, key.opaque_name()?))
    }

    /// Exactly the four labels the spec allows; nothing tenant- or credential-derived.
    fn tags(&self, provider: ProviderKind) -> Vec<Tag> {
        [
            ("managed-by", Self::MANAGED_BY),
            ("resource-type", Self::RESOURCE_TYPE),
            ("provider", provider.as_str()),
            ("environment", self.environment.as_str()),
        ]
        .into_iter()
        .map(|(k, v)| Tag::builder().key(k).value(v).build())
        .collect()
    }

    /// The secret name inside a reference, accepted only if it is one of ours: this service
    /// must never be steered into reading another secret of the account through a reference.
    fn name_of<'a>(&self, reference: &'a str) -> Result<&'a str, CredentialError> {
        let name = opaque_part(BACKEND, reference)?;
        let ours = name
            .strip_prefix(self.name_prefix.as_str())
            .and_then(|rest| rest.strip_prefix("-provider-"))
            .is_some_and(|rest| !rest.is_empty());
        let well_formed = name.len() <= 512
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ours && well_formed {
            Ok(name)
        } else {
            Err(CredentialError::Misconfigured(
                "credential reference does not name a secret under this service's SECRET_NAME_PREFIX"
                    .into(),
            ))
        }
    }

    async fn put_value(
        &self,
        name: &str,
        credential: &SecretString,
    ) -> Result<(), CredentialError> {
        self.client
            .put_secret_value()
            .secret_id(name)
            .secret_string(credential.expose_secret())
            .send()
            .await
            .map(|_| ())
            .map_err(|e| sdk_error("PutSecretValue", e))
    }
}

fn service_code<E: ProvideErrorMetadata, R>(err: &SdkError<E, R>) -> Option<&str> {
    match err {
        SdkError::ServiceError(ctx) => ctx.err().code(),
        _ => None,
    }
}

/// Maps an SDK error to `NotFound` or `Unavailable` with a log-safe cause. Service errors give
/// only their code (their messages may quote the secret name); response errors give nothing
/// (a parse error could quote a GetSecretValue body, which holds the secret). Dispatch and
/// construction failures keep their source chain: it describes sockets, DNS and credentials.
fn sdk_error<E, R>(operation: &'static str, err: SdkError<E, R>) -> CredentialError
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: fmt::Debug,
{
    let cause = match &err {
        SdkError::ServiceError(ctx) => match ctx.err().code() {
            Some("ResourceNotFoundException") => return CredentialError::NotFound,
            Some(code) => format!("service error {code}"),
            None => "service error without a code".to_owned(),
        },
        SdkError::TimeoutError(_) => "timed out".to_owned(),
        SdkError::DispatchFailure(failure) => {
            let kind = if failure.is_timeout() {
                "timeout"
            } else if failure.is_io() {
                "io"
            } else if failure.is_user() {
                "user"
            } else {
                "other"
            };
            format!("dispatch failure ({kind}): {}", DisplayErrorContext(&err))
        }
        SdkError::ConstructionFailure(_) => {
            format!("request not constructed: {}", DisplayErrorContext(&err))
        }
        SdkError::ResponseError(_) => "unparseable response".to_owned(),
        _ => "unrecognised SDK error".to_owned(),
    };
    let cause = format!("{operation}: {cause}");
    tracing::warn!(backend = BACKEND, %cause, "credential store call failed");
    CredentialError::Unavailable(cause)
}

#[async_trait::async_trait]
impl CredentialStore for AwsSecretsManagerStore {
    fn backend(&self) -> &'static str {
        BACKEND
    }

    async fn create(
        &self,
        key: &CredentialKey,
        credential: &SecretString,
    ) -> Result<String, CredentialError> {
        let name = self.secret_name(key)?;
        // No description: a fixed one adds nothing, a specific one could leak.
        let created = self
            .client
            .create_secret()
            .name(&name)
            .secret_string(credential.expose_secret())
            .set_tags(Some(self.tags(key.provider)))
            .send()
            .await;
        match created {
            Ok(_) => {}
            // The name is derived from this connection's opaque ids, so an existing secret is
            // ours from a half-done earlier attempt: finish it with a new version and the tags.
            Err(e) if service_code(&e) == Some("ResourceExistsException") => {
                self.put_value(&name, credential).await?;
                self.client
                    .tag_resource()
                    .secret_id(&name)
                    .set_tags(Some(self.tags(key.provider)))
                    .send()
                    .await
                    .map_err(|e| sdk_error("TagResource", e))?;
            }
            Err(e) => return Err(sdk_error("CreateSecret", e)),
        }
        Ok(format!("{BACKEND}:{name}"))
    }

    async fn rotate(
        &self,
        reference: &str,
        credential: &SecretString,
    ) -> Result<(), CredentialError> {
        // PutSecretValue moves AWSCURRENT to the new version (the old one becomes AWSPREVIOUS)
        // under the same name; it fails with ResourceNotFound for a missing secret.
        let name = self.name_of(reference)?;
        self.put_value(name, credential).await
    }

    async fn resolve(&self, reference: &str) -> Result<SecretString, CredentialError> {
        let name = self.name_of(reference)?;
        let output = self
            .client
            .get_secret_value()
            .secret_id(name)
            .version_stage("AWSCURRENT")
            .send()
            .await
            .map_err(|e| sdk_error("GetSecretValue", e))?;
        match output.secret_string {
            Some(value) => Ok(SecretString::from(value)),
            None => Err(CredentialError::Unavailable(
                "GetSecretValue: secret has no string value".into(),
            )),
        }
    }

    async fn delete(&self, reference: &str) -> Result<(), CredentialError> {
        let name = self.name_of(reference)?;
        let deleted = self
            .client
            .delete_secret()
            .secret_id(name)
            .force_delete_without_recovery(true)
            .send()
            .await;
        match deleted.map_err(|e| sdk_error("DeleteSecret", e)) {
            Ok(_) | Err(CredentialError::NotFound) => Ok(()),
            Err(e) => Err(e),
        }
    }

    async fn check(&self) -> Result<(), CredentialError> {
        // DescribeSecret on a name under our own prefix proves endpoint, credentials and
        // permission at once, without the account-wide ListSecrets ("*") permission.
        let probe = format!("{}-provider-{PROBE_SUFFIX}", self.name_prefix);
        match self
            .client
            .describe_secret()
            .secret_id(probe)
            .send()
            .await
            .map_err(|e| sdk_error("DescribeSecret", e))
        {
            Ok(_) | Err(CredentialError::NotFound) => Ok(()),
            Err(e) => Err(e),
        }
    }
}
