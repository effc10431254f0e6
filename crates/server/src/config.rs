//! Settings from the environment, parsed once at start. An invalid critical setting stops
//! the process with one line naming the setting and what it accepts (never its value).

use domain::TenantId;
use std::collections::HashMap;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CredentialBackend {
    InMemory,
    LocalEncrypted,
    AwsSecretsManager,
}

impl CredentialBackend {
    pub fn as_str(self) -> &'static str {
        match self {
            CredentialBackend::InMemory => "in_memory",
            CredentialBackend::LocalEncrypted => "local_encrypted",
            CredentialBackend::AwsSecretsManager => "aws_secrets_manager",
        }
    }
}

/// Log verbosity (spec 8): `fatal` maps to error, `silent` to nothing at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogLevel {
    Fatal,
    Error,
    Warn,
    Info,
    Debug,
    Trace,
    Silent,
}

impl LogLevel {
    pub fn filter(self) -> &'static str {
        match self {
            LogLevel::Fatal | LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
            LogLevel::Trace => "trace",
            LogLevel::Silent => "off",
        }
    }
}

#[derive(Clone)]
pub struct Config {
    pub port: u16,
    pub host: String,
    pub log_level: LogLevel,
    /// `None` means any origin (`*`).
    pub cors_allowed_origins: Option<Vec<String>>,
    pub api_key_required: bool,
    pub default_tenant: TenantId,
    pub service_name: String,
    pub service_version: String,
    pub request_timeout_ms: u64,
    pub environment: String,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub database_max_connections: u32,
    pub credential_store: CredentialBackend,
    /// Raw setting; parsed by the credentials crate so its value is never echoed.
    pub credential_encryption_key: Option<String>,
    pub max_body_bytes: usize,
    /// Budget of the source-analysis cache in MiB (0 turns it off).
    pub evidence_cache_mb: usize,
    pub allow_insecure_provider_endpoints: bool,
    pub secret_name_prefix: String,
    pub openai_base_url: Option<String>,
    pub anthropic_base_url: Option<String>,
    pub adapters_disabled: Vec<String>,
    pub policy_bundle_dir: PathBuf,
    /// Operator-owned demonstration keys (never used for a tenant's workload).
    pub operator_openai_key: Option<String>,
    pub operator_anthropic_key: Option<String>,
    pub build_id: String,
}

impl std::fmt::Debug for Config {
    // Hand-written so that keys in the configuration can never reach a debug print.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("port", &self.port)
            .field("host", &self.host)
            .field("environment", &self.environment)
            .field(
                "database",
                &store::Backend::from_url(&self.database_url).map(|b| b.as_str()),
            )
            .field("credential_store", &self.credential_store.as_str())
            .finish_non_exhaustive()
    }
}

/// A setting that stops the service at start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid setting {name}: {accepted}")]
pub struct ConfigError {
    pub name: &'static str,
    pub accepted: String,
}

fn bad(name: &'static str, accepted: impl Into<String>) -> ConfigError {
    ConfigError {
        name,
        accepted: accepted.into(),
    }
}

pub fn is_production_like(environment: &str) -> bool {
    credentials::is_production_like(environment)
}

fn parse_bool(
    env: &HashMap<String, String>,
    name: &'static str,
    default: bool,
) -> Result<bool, ConfigError> {
    match env.get(name).map(|s| s.trim().to_ascii_lowercase()) {
        None => Ok(default),
        Some(v) if v.is_empty() => Ok(default),
        Some(v) => match v.as_str() {
            "true" | "1" | "yes" => Ok(true),
            "false" | "0" | "no" => Ok(false),
            _ => Err(bad(name, "true or false")),
        },
    }
}

fn parse_num<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
    env: &HashMap<String, String>,
    name: &'static str,
    default: T,
    min: T,
    max: T,
) -> Result<T, ConfigError> {
    match env.get(name).map(|s| s.trim()) {
        None | Some("") => Ok(default),
        Some(v) => match v.parse::<T>() {
            Ok(n) if n >= min && n <= max => Ok(n),
            _ => Err(bad(name, format!("a whole number from {min} to {max}"))),
        },
    }
}

fn opt(env: &HashMap<String, String>, name: &str) -> Option<String> {
    env.get(name)
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

impl Config {
    pub fn from_process_env() -> Result<Self, ConfigError> {
        Self::from_env(&std::env::vars().collect())
    }

    pub fn from_env(env: &HashMap<String, String>) -> Result<Self, ConfigError> {
        let port = parse_num(env, "PORT", 4000u32, 0, 65535)? as u16;
        let host = opt(env, "HOST").unwrap_or_else(|| "0.0.0.0".into());
        if host.parse::<std::net::IpAddr>().is_err() && host != "localhost" {
            return Err(bad("HOST", "an IP address such as 0.0.0.0 or 127.0.0.1"));
        }
        let log_level = match opt(env, "LOG_LEVEL")
            .unwrap_or_else(|| "info".into())
            .to_ascii_lowercase()
            .as_str()
        {
            "fatal" => LogLevel::Fatal,
            "error" => LogLevel::Error,
            "warn" => LogLevel::Warn,
            "info" => LogLevel::Info,
            "debug" => LogLevel::Debug,
            "trace" => LogLevel::Trace,
            "silent" => LogLevel::Silent,
            _ => {
                return Err(bad(
                    "LOG_LEVEL",
                    "one of fatal, error, warn, info, debug, trace, silent",
                ))
            }
        };
        let cors_allowed_origins = match opt(env, "CORS_ALLOWED_ORIGINS").as_deref() {
            None | Some("*") => None,
            Some(list) => {
                let origins: Vec<String> = list
                    .split(',')
                    .map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
                    .collect();
                for o in &origins {
                    let ok = url::Url::parse(o)
                        .map(|u| u.has_host() && u.path() == "/")
                        .unwrap_or(false);
                    if !ok || axum::http::HeaderValue::from_str(o).is_err() {
                        return Err(bad(
                            "CORS_ALLOWED_ORIGINS",
                            "* or comma-separated origins like https://app.example.org",
                        ));
                    }
                }
                Some(origins)
            }
        };
        let api_key_required = parse_bool(env, "API_KEY_REQUIRED", false)?;
        let default_tenant = TenantId::parse(
            &opt(env, "DEFAULT_TENANT_ID").unwrap_or_else(|| "tenant_default".into()),
        )
        .map_err(|_| bad("DEFAULT_TENANT_ID", "1-64 characters of [A-Za-z0-9._-]"))?;
        let service_name =
            opt(env, "SERVICE_NAME").unwrap_or_else(|| "runtime-control-engine".into());
        let service_version = opt(env, "SERVICE_VERSION").unwrap_or_else(|| "1.0.0".into());
        let request_timeout_ms = parse_num(env, "REQUEST_TIMEOUT_MS", 30_000u64, 1, 3_600_000)?;
        let environment = opt(env, "ENVIRONMENT").unwrap_or_else(|| "development".into());
        let production_like = is_production_like(&environment);
        let data_dir = PathBuf::from(opt(env, "DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = opt(env, "DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}/runtime-control.db", data_dir.display()));
        if store::Backend::from_url(&database_url).is_none()
            || url::Url::parse(&database_url).is_err()
        {
            return Err(bad(
                "DATABASE_URL",
                "a sqlite://<path> or postgres://<user>@<host>/<db> URL",
            ));
        }
        let database_max_connections = parse_num(env, "DATABASE_MAX_CONNECTIONS", 16u32, 1, 1000)?;
        let credential_store = match opt(env, "CREDENTIAL_STORE").as_deref() {
            None => {
                if production_like {
                    CredentialBackend::AwsSecretsManager
                } else {
                    CredentialBackend::LocalEncrypted
                }
            }
            Some("in_memory") => CredentialBackend::InMemory,
            Some("local_encrypted") => CredentialBackend::LocalEncrypted,
            Some("aws_secrets_manager") => CredentialBackend::AwsSecretsManager,
            Some(_) => {
                return Err(bad(
                    "CREDENTIAL_STORE",
                    "one of in_memory, local_encrypted, aws_secrets_manager",
                ))
            }
        };
        if credential_store == CredentialBackend::InMemory && production_like {
            return Err(bad(
                "CREDENTIAL_STORE",
                "in_memory is for development and test only; use local_encrypted or aws_secrets_manager when ENVIRONMENT is production-like",
            ));
        }
        let credential_encryption_key = opt(env, "CREDENTIAL_ENCRYPTION_KEY");
        if credential_store == CredentialBackend::LocalEncrypted
            && production_like
            && credential_encryption_key.is_none()
        {
            return Err(bad(
                "CREDENTIAL_ENCRYPTION_KEY",
                "required with local_encrypted in a production-like ENVIRONMENT: standard base64 of 32 random bytes",
            ));
        }
        let max_body_bytes =
            parse_num(env, "MAX_BODY_BYTES", 1_048_576usize, 1024, 64 * 1_048_576)?;
        let evidence_cache_mb = parse_num(env, "EVIDENCE_CACHE_MB", 64usize, 0, 16_384)?;
        let allow_insecure_provider_endpoints =
            parse_bool(env, "ALLOW_INSECURE_PROVIDER_ENDPOINTS", false)?;
        if allow_insecure_provider_endpoints && production_like {
            return Err(bad(
                "ALLOW_INSECURE_PROVIDER_ENDPOINTS",
                "must be false when ENVIRONMENT is production-like",
            ));
        }
        let secret_name_prefix = opt(env, "SECRET_NAME_PREFIX").unwrap_or_else(|| "rce".into());
        let prefix_ok = secret_name_prefix.len() <= 64
            && secret_name_prefix
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !prefix_ok {
            return Err(bad(
                "SECRET_NAME_PREFIX",
                "1-64 characters of [A-Za-z0-9_-]",
            ));
        }
        let adapters_disabled = opt(env, "ADAPTERS_DISABLED")
            .map(|s| {
                s.split(',')
                    .map(|x| x.trim().to_owned())
                    .filter(|x| !x.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let policy_bundle_dir =
            PathBuf::from(opt(env, "POLICY_BUNDLE_DIR").unwrap_or_else(|| "./policies".into()));
        Ok(Config {
            port,
            host,
            log_level,
            cors_allowed_origins,
            api_key_required,
            default_tenant,
            service_name,
            service_version,
            request_timeout_ms,
            environment,
            data_dir,
            database_url,
            database_max_connections,
            credential_store,
            credential_encryption_key,
            max_body_bytes,
            evidence_cache_mb,
            allow_insecure_provider_endpoints,
            secret_name_prefix,
            openai_base_url: opt(env, "OPENAI_BASE_URL"),
            anthropic_base_url: opt(env, "ANTHROPIC_BASE_URL"),
            adapters_disabled,
            policy_bundle_dir,
            operator_openai_key: opt(env, "OPENAI_API_KEY"),
            operator_anthropic_key: opt(env, "ANTHROPIC_API_KEY"),
            build_id: opt(env, "BUILD_ID").unwrap_or_else(|| "dev".into()),
        })
    }

    pub fn production_like(&self) -> bool {
        is_production_like(&self.environment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_follow_the_spec() {
        let c = Config::from_env(&env(&[])).unwrap();
        assert_eq!(c.port, 4000);
        assert_eq!(c.host, "0.0.0.0");
        assert_eq!(c.default_tenant.as_str(), "tenant_default");
        assert_eq!(c.service_name, "runtime-control-engine");
        assert_eq!(c.max_body_bytes, 1_048_576);
        assert_eq!(c.evidence_cache_mb, 64);
        assert!(c.database_url.starts_with("sqlite://"));
        assert_eq!(c.credential_store, CredentialBackend::LocalEncrypted);
    }

    #[test]
    fn critical_settings_are_refused_with_their_name() {
        for (k, v) in [
            ("PORT", "abc"),
            ("PORT", "70000"),
            ("LOG_LEVEL", "loud"),
            ("DATABASE_URL", "mysql://x"),
            ("DATABASE_URL", "not a url"),
            ("DEFAULT_TENANT_ID", "bad tenant"),
            ("CREDENTIAL_STORE", "vault"),
            ("EVIDENCE_CACHE_MB", "-1"),
            ("EVIDENCE_CACHE_MB", "lots"),
        ] {
            let err = Config::from_env(&env(&[(k, v)])).unwrap_err();
            assert_eq!(err.name, k);
            assert!(!err.to_string().contains(v) || v.len() < 3, "{err}");
        }
    }

    #[test]
    fn production_like_environments_refuse_unsafe_stores() {
        let e = Config::from_env(&env(&[
            ("ENVIRONMENT", "production"),
            ("CREDENTIAL_STORE", "in_memory"),
        ]))
        .unwrap_err();
        assert_eq!(e.name, "CREDENTIAL_STORE");
        let e = Config::from_env(&env(&[
            ("ENVIRONMENT", "Staging"),
            ("CREDENTIAL_STORE", "local_encrypted"),
        ]))
        .unwrap_err();
        assert_eq!(e.name, "CREDENTIAL_ENCRYPTION_KEY");
        let e = Config::from_env(&env(&[
            ("ENVIRONMENT", "live"),
            ("CREDENTIAL_STORE", "aws_secrets_manager"),
            ("ALLOW_INSECURE_PROVIDER_ENDPOINTS", "true"),
        ]))
        .unwrap_err();
        assert_eq!(e.name, "ALLOW_INSECURE_PROVIDER_ENDPOINTS");
    }

    #[test]
    fn silent_turns_logging_off() {
        let c = Config::from_env(&env(&[("LOG_LEVEL", "silent")])).unwrap();
        assert_eq!(c.log_level.filter(), "off");
    }
}
