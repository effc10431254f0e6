//! `from_environment` reads the SDK's standard variables. These tests mutate the process
//! environment, so they live alone in this binary and take ENV_LOCK for their whole run.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use credentials::{
    AwsSecretsManagerStore, CredentialError, CredentialKey, CredentialStore, ExposeSecret,
    SecretString,
};
use domain::{ConnectionId, ProviderKind};

/// Tests in one binary run on parallel threads; env vars are process-wide. A tokio mutex
/// because the guard is held across awaits.
static ENV_LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Variables that could steer the SDK away from what a test sets. `set_var`/`remove_var` are
/// safe functions in edition 2021 (this crate's edition); in 2024 they become `unsafe`, and the
/// lock above is what would make those blocks sound.
const AWS_VARS: &[&str] = &[
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_PROFILE",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_ENDPOINT_URL",
    "AWS_ENDPOINT_URL_SECRETS_MANAGER",
    "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS",
];

fn reset_aws_env() {
    for var in AWS_VARS {
        std::env::remove_var(var);
    }
    // No profile files and no instance metadata: only what the test sets can count.
    std::env::set_var("AWS_CONFIG_FILE", "/nonexistent/aws-config");
    std::env::set_var(
        "AWS_SHARED_CREDENTIALS_FILE",
        "/nonexistent/aws-credentials",
    );
    std::env::set_var("AWS_EC2_METADATA_DISABLED", "true");
}

fn closed_port_endpoint() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

async fn round_trip(store: &AwsSecretsManagerStore) {
    let key = CredentialKey {
        opaque_tenant_id: common::opaque_tenant(),
        connection_id: ConnectionId::generate(),
        provider: ProviderKind::OpenaiCompatible,
    };
    store.check().await.unwrap();
    let reference = store
        .create(&key, &SecretString::from("sk-env-test"))
        .await
        .unwrap();
    assert_eq!(
        store.resolve(&reference).await.unwrap().expose_secret(),
        "sk-env-test"
    );
    store.delete(&reference).await.unwrap();
}

#[tokio::test]
async fn service_specific_endpoint_variable_is_honoured() {
    let Some(endpoint) = common::moto_endpoint() else {
        return;
    };
    let _guard = ENV_LOCK.lock().await;
    reset_aws_env();
    std::env::set_var("AWS_REGION", "us-east-1");
    std::env::set_var("AWS_ACCESS_KEY_ID", "testing");
    std::env::set_var("AWS_SECRET_ACCESS_KEY", "testing");
    // The global variable points nowhere: success proves the service-specific one won.
    std::env::set_var("AWS_ENDPOINT_URL", closed_port_endpoint());
    std::env::set_var("AWS_ENDPOINT_URL_SECRETS_MANAGER", &endpoint);
    let store = AwsSecretsManagerStore::from_environment(&common::unique_prefix(), "dev")
        .await
        .unwrap();
    round_trip(&store).await;

    // And the global one alone is honoured too.
    std::env::remove_var("AWS_ENDPOINT_URL_SECRETS_MANAGER");
    std::env::set_var("AWS_ENDPOINT_URL", &endpoint);
    let store = AwsSecretsManagerStore::from_environment(&common::unique_prefix(), "dev")
        .await
        .unwrap();
    round_trip(&store).await;
    reset_aws_env();
}

#[tokio::test]
async fn missing_region_is_misconfigured() {
    let _guard = ENV_LOCK.lock().await;
    reset_aws_env();
    std::env::set_var("AWS_ACCESS_KEY_ID", "testing");
    std::env::set_var("AWS_SECRET_ACCESS_KEY", "testing");
    let err = AwsSecretsManagerStore::from_environment("rce", "dev")
        .await
        .unwrap_err();
    assert!(matches!(err, CredentialError::Misconfigured(_)), "{err:?}");
    assert!(err.to_string().contains("AWS region"), "{err}");
    reset_aws_env();
}
