//! Shared by the Secrets Manager test binaries: where moto is, and an SDK config aimed at it.
//! Each binary uses a different subset, hence the dead_code allowance.
#![allow(dead_code)]

use aws_config::{BehaviorVersion, Region, SdkConfig};
use aws_sdk_secretsmanager::config::Credentials;

/// `MOTO_ENDPOINT`, or `None` with a notice so a developer without moto can still run the
/// rest. Under CI a missing endpoint fails instead: CI must never pass by skipping.
pub fn moto_endpoint() -> Option<String> {
    match std::env::var("MOTO_ENDPOINT") {
        Ok(v) if !v.is_empty() => Some(v),
        _ if std::env::var("CI").is_ok_and(|v| !v.is_empty()) => panic!(
            "MOTO_ENDPOINT is not set while CI is: run `source scripts/start-moto.sh` first; \
             the Secrets Manager tests must not be skipped in CI"
        ),
        _ => {
            eprintln!(
                "SKIPPED: MOTO_ENDPOINT is not set; `source scripts/start-moto.sh` to run the \
                 Secrets Manager tests against moto"
            );
            None
        }
    }
}

/// Explicit endpoint, region and dummy credentials, so these tests need no env mutation.
pub async fn sdk_config(endpoint: &str) -> SdkConfig {
    aws_config::defaults(BehaviorVersion::latest())
        .endpoint_url(endpoint)
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("testing", "testing", None, None, "tests"))
        .load()
        .await
}

/// A prefix no other test (or earlier run against the same moto) uses.
pub fn unique_prefix() -> String {
    format!("rcet{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

/// A random opaque tenant token, as the service would mint per tenant.
pub fn opaque_tenant() -> String {
    format!("t{}", uuid::Uuid::new_v4().simple())
}
