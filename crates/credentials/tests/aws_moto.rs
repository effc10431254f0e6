//! aws_secrets_manager against a real Secrets Manager API (moto), checked through the API
//! itself, plus unreachable endpoints, which need no emulator at all.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use aws_sdk_secretsmanager::error::ProvideErrorMetadata;
use aws_sdk_secretsmanager::types::{Filter, FilterNameStringType};
use aws_sdk_secretsmanager::Client;
use credentials::{
    AwsSecretsManagerStore, CredentialError, CredentialKey, CredentialStore, ExposeSecret,
    SecretString,
};
use domain::{ConnectionId, ProviderKind};

/// What the server knows the tenant as. It is never handed to the store; the test proves it
/// cannot surface in anything Secrets Manager shows.
const TENANT_STRING: &str = "acme-hospital";
const FIRST: &str = "sk-XYZZY-first-7Q2W9";
const SECOND: &str = "sk-PLUGH-second-4R8T1";

fn key(opaque_tenant: &str, provider: ProviderKind) -> CredentialKey {
    CredentialKey {
        opaque_tenant_id: opaque_tenant.to_owned(),
        connection_id: ConnectionId::generate(),
        provider,
    }
}

/// No 6-character run of the secret appears in `shown`.
fn shares_no_fragment(shown: &str, secret: &str) -> bool {
    secret
        .as_bytes()
        .windows(6)
        .all(|w| !shown.contains(std::str::from_utf8(w).unwrap()))
}

#[tokio::test]
async fn lifecycle_as_seen_through_the_secrets_manager_api() {
    let Some(endpoint) = common::moto_endpoint() else {
        return;
    };
    let config = common::sdk_config(&endpoint).await;
    let client = Client::new(&config);
    let prefix = common::unique_prefix();
    let store = AwsSecretsManagerStore::from_sdk_config(&config, &prefix, "staging").unwrap();
    assert_eq!(store.backend(), "aws_secrets_manager");
    store.check().await.unwrap();

    let tenant = common::opaque_tenant();
    let key = key(&tenant, ProviderKind::Openai);
    let reference = store
        .create(&key, &SecretString::from(FIRST))
        .await
        .unwrap();

    // Name: `<prefix>-provider-<opaque_tenant_id>-<connection_id>`, safe characters only.
    let name = format!("{prefix}-provider-{tenant}-{}", key.connection_id.as_str());
    assert_eq!(reference, format!("aws_secrets_manager:{name}"));
    assert_eq!(store.secret_name(&key).unwrap(), name);
    assert!(name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));

    let described = client
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(described.name(), Some(name.as_str()));
    assert!(described.description().unwrap_or("").is_empty());
    let arn = described.arn().unwrap().to_owned();
    let tags: BTreeMap<&str, &str> = described
        .tags()
        .iter()
        .map(|t| (t.key().unwrap(), t.value().unwrap()))
        .collect();
    let expected: BTreeMap<&str, &str> = [
        ("managed-by", "runtime-control-engine"),
        ("resource-type", "provider-connection"),
        ("provider", "openai"),
        ("environment", "staging"),
    ]
    .into_iter()
    .collect();
    assert_eq!(tags, expected);
    let shown = format!(
        "{:?} {:?} {:?}",
        described.name(),
        described.description(),
        described.tags()
    );
    assert!(!shown.contains(TENANT_STRING), "{shown}");
    assert!(shares_no_fragment(&shown, FIRST), "{shown}");

    assert_eq!(
        store.resolve(&reference).await.unwrap().expose_secret(),
        FIRST
    );

    // Rotation: same name and ARN, a second version, AWSCURRENT on the new value.
    store
        .rotate(&reference, &SecretString::from(SECOND))
        .await
        .unwrap();
    assert_eq!(
        store.resolve(&reference).await.unwrap().expose_secret(),
        SECOND
    );
    let versions = client
        .list_secret_version_ids()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(versions.name(), Some(name.as_str()));
    assert_eq!(versions.versions().len(), 2, "{versions:?}");
    let previous = client
        .get_secret_value()
        .secret_id(&name)
        .version_stage("AWSPREVIOUS")
        .send()
        .await
        .unwrap();
    assert_eq!(previous.secret_string(), Some(FIRST));
    let after = client
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(after.arn(), Some(arn.as_str()));
    let shown = format!("{:?} {:?}", after.tags(), after.description());
    assert!(shares_no_fragment(&shown, SECOND), "{shown}");

    // Exactly one secret under this run's prefix, and it is ours.
    let listed = client
        .list_secrets()
        .filters(
            Filter::builder()
                .key(FilterNameStringType::Name)
                .values(format!("{prefix}-"))
                .build(),
        )
        .send()
        .await
        .unwrap();
    let names: Vec<&str> = listed
        .secret_list()
        .iter()
        .filter_map(|s| s.name())
        .collect();
    assert_eq!(names, vec![name.as_str()]);
    assert!(!format!("{listed:?}").contains(TENANT_STRING));

    // Delete: gone at once (no recovery window), and a repeat is fine.
    store.delete(&reference).await.unwrap();
    let gone = client
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap_err();
    assert_eq!(gone.code(), Some("ResourceNotFoundException"));
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
async fn repeated_create_finishes_a_half_done_one() {
    let Some(endpoint) = common::moto_endpoint() else {
        return;
    };
    let config = common::sdk_config(&endpoint).await;
    let client = Client::new(&config);
    let prefix = common::unique_prefix();
    let store = AwsSecretsManagerStore::from_sdk_config(&config, &prefix, "dev").unwrap();
    let key = key(&common::opaque_tenant(), ProviderKind::Anthropic);

    let first = store
        .create(&key, &SecretString::from(FIRST))
        .await
        .unwrap();
    let second = store
        .create(&key, &SecretString::from(SECOND))
        .await
        .unwrap();
    assert_eq!(first, second);
    assert_eq!(store.resolve(&first).await.unwrap().expose_secret(), SECOND);
    let name = store.secret_name(&key).unwrap();
    let described = client
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(described.tags().len(), 4);
    store.delete(&first).await.unwrap();
}

#[tokio::test]
async fn missing_secret_is_not_found() {
    let Some(endpoint) = common::moto_endpoint() else {
        return;
    };
    let config = common::sdk_config(&endpoint).await;
    let prefix = common::unique_prefix();
    let store = AwsSecretsManagerStore::from_sdk_config(&config, &prefix, "dev").unwrap();
    let reference = format!("aws_secrets_manager:{prefix}-provider-tnobody-conn_missing");
    assert!(matches!(
        store.resolve(&reference).await,
        Err(CredentialError::NotFound)
    ));
    assert!(matches!(
        store.rotate(&reference, &SecretString::from(FIRST)).await,
        Err(CredentialError::NotFound)
    ));
    store.delete(&reference).await.unwrap();
}

#[tokio::test]
async fn references_outside_our_prefix_are_refused_without_a_call() {
    // A closed port: if the store made a call, the answer would be Unavailable, not this.
    let config = common::sdk_config(&closed_port_endpoint()).await;
    let store = AwsSecretsManagerStore::from_sdk_config(&config, "rce", "dev").unwrap();
    for reference in [
        "aws_secrets_manager:other-provider-t1-conn_1",
        "aws_secrets_manager:rce-database-password",
        "aws_secrets_manager:rce-provider-",
        "aws_secrets_manager:rce-provider-t1/../x",
        "local_encrypted:provider-t1-conn_1",
        "no-backend-here",
    ] {
        let err = store.resolve(reference).await.unwrap_err();
        assert!(
            matches!(err, CredentialError::Misconfigured(_)),
            "{reference}: {err:?}"
        );
    }
}

#[tokio::test]
async fn bad_prefix_is_misconfigured() {
    let config = common::sdk_config(&closed_port_endpoint()).await;
    for prefix in ["", "has space", "a/b", &"x".repeat(65)] {
        let err = AwsSecretsManagerStore::from_sdk_config(&config, prefix, "dev").unwrap_err();
        assert!(err.to_string().contains("SECRET_NAME_PREFIX"), "{err}");
    }
}

/// A loopback port with nothing listening: connections are refused at once.
fn closed_port_endpoint() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

#[tokio::test]
async fn refused_connection_is_unavailable_quickly() {
    let config = common::sdk_config(&closed_port_endpoint()).await;
    let store = AwsSecretsManagerStore::from_sdk_config(&config, "rce", "dev").unwrap();
    let key = key(&common::opaque_tenant(), ProviderKind::Openai);
    let reference = format!("aws_secrets_manager:{}", store.secret_name(&key).unwrap());
    let secret = SecretString::from(FIRST);

    let started = Instant::now();
    let results = [
        store.check().await.map(|_| ()),
        store.create(&key, &secret).await.map(|_| ()),
        store.rotate(&reference, &secret).await,
        store.resolve(&reference).await.map(|_| ()),
        store.delete(&reference).await,
    ];
    let elapsed = started.elapsed();
    for result in results {
        let err = result.unwrap_err();
        assert!(matches!(err, CredentialError::Unavailable(_)), "{err:?}");
        assert_eq!(err.to_string(), "credential store unavailable");
        let cause = err.cause().unwrap();
        assert!(!cause.contains(FIRST), "{cause}");
    }
    // Five calls, each at most two attempts with a sub-second backoff.
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[tokio::test]
async fn silent_endpoint_times_out_instead_of_hanging() {
    // Accepted by the kernel's backlog but never answered: only the timeouts end the call.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let endpoint = format!("http://{}", listener.local_addr().unwrap());
    let config = common::sdk_config(&endpoint).await;
    let store = AwsSecretsManagerStore::from_sdk_config(&config, "rce", "dev").unwrap();

    let started = Instant::now();
    let err = store.check().await.unwrap_err();
    let elapsed = started.elapsed();
    assert!(matches!(err, CredentialError::Unavailable(_)), "{err:?}");
    assert!(elapsed < Duration::from_secs(8), "{elapsed:?}");
    drop(listener);
}
