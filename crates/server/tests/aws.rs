//! CREDENTIAL_STORE=aws_secrets_manager end to end: a real server on port 0 whose AWS SDK is
//! configured only through the SDK's standard environment variables, aimed at moto
//! (`MOTO_ENDPOINT`, see scripts/start-moto.sh). What the service leaves in Secrets Manager is
//! checked through the Secrets Manager API itself.
//!
//! The AWS variables are process-wide, so every test here takes ENV_LOCK for its whole run and
//! the variables are set once, with the same values for all tests. Cases that need a different
//! endpoint (an unreachable secret manager) live in `aws_unreachable.rs`, their own binary.
//! Without MOTO_ENDPOINT the moto-backed tests print SKIPPED and pass, except under CI.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aws_support;
mod common;

use aws_support::*;
use common::{assert_problem, spawn_with, Resp, TestApp};
use reqwest::Method;
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

const TENANT: &str = "acme-hospital-canary";
const DISPLAY: &str = "Acme Display Canary";
/// Credentials whose 6-character runs cannot occur in hex ids or in the fixed tag values.
const FIRST: &str = "sk-QUOKKA-first-7Q2W9R";
const SECOND: &str = "sk-WOMBAT-second-4R8T1Y";

/// Held by every test for its whole run: the AWS variables are process-wide.
static ENV_LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
static ENV_SET: std::sync::Once = std::sync::Once::new();

/// The lock, and moto's endpoint with the SDK's variables aimed at it; `None` (skip) without
/// moto outside CI.
async fn aws_env() -> Option<(tokio::sync::MutexGuard<'static, ()>, String)> {
    let endpoint = moto_endpoint()?;
    let guard = ENV_LOCK.lock().await;
    ENV_SET.call_once(|| point_sdk_at(&endpoint));
    Some((guard, endpoint))
}

/// Like `aws_env`, for a test whose first part needs no moto: the lock always, the endpoint
/// (variables set) only when moto is there.
async fn lock_env() -> (tokio::sync::MutexGuard<'static, ()>, Option<String>) {
    let guard = ENV_LOCK.lock().await;
    let endpoint = moto_endpoint();
    if let Some(e) = &endpoint {
        ENV_SET.call_once(|| point_sdk_at(e));
    }
    (guard, endpoint)
}

fn connection_body(provider: &str, credential: &str) -> serde_json::Value {
    json!({"provider": provider, "display_name": DISPLAY, "credential": credential})
}

async fn create(app: &TestApp, tenant: &str, provider: &str, credential: &str) -> Resp {
    let r = app
        .post_as(
            tenant,
            "/runtime/provider-connections",
            connection_body(provider, credential),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    r
}

fn path_of(r: &Resp) -> String {
    format!(
        "/runtime/provider-connections/{}",
        r.body["connection_id"].as_str().unwrap()
    )
}

/// `(opaque_tenant_id, connection_id)` parsed out of a secret name.
fn parts_of_name<'a>(name: &'a str, prefix: &str, connection_id: &str) -> &'a str {
    name.strip_prefix(&format!("{prefix}-provider-"))
        .and_then(|rest| rest.strip_suffix(&format!("-{connection_id}")))
        .unwrap_or_else(|| {
            panic!("{name} is not {prefix}-provider-<opaque_tenant_id>-{connection_id}")
        })
}

fn no_credential_in(r: &Resp) {
    for secret in [FIRST, SECOND] {
        assert!(
            !r.text.contains(secret),
            "a response carried the credential: {}",
            r.text
        );
    }
}

#[tokio::test]
async fn create_stores_one_secret_under_an_opaque_name_with_exactly_the_four_tags() {
    let Some((_guard, endpoint)) = aws_env().await else {
        return;
    };
    let moto = moto_client(&endpoint).await;
    let prefix = unique_prefix();
    let app = spawn_aws(&prefix, &[]).await;

    let ready = app.get("/ready").await;
    assert_eq!(ready.status, 200, "{}", ready.text);
    assert_eq!(ready.body["checks"]["credential_store"], true);

    let r = create(&app, TENANT, "openai", FIRST).await;
    no_credential_in(&r);
    let connection_id = r.body["connection_id"].as_str().unwrap().to_owned();
    let reference = r.body["credential_reference"].as_str().unwrap().to_owned();
    assert!(reference.starts_with("aws_secrets_manager:"), "{reference}");
    assert_eq!(r.body["credential_configured"], true);
    assert_eq!(r.body["status"], "pending");
    let name = secret_name(&reference);

    // `<SECRET_NAME_PREFIX>-provider-<opaque_tenant>-<connection_id>`, safe characters only.
    let opaque = parts_of_name(&name, &prefix, &connection_id).to_owned();
    assert!(!opaque.is_empty() && opaque.len() <= 64, "{opaque}");
    assert!(
        name.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
        "{name}"
    );
    assert_eq!(secret_names(&moto, &prefix).await, vec![name.clone()]);

    let described = moto
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(described.name(), Some(name.as_str()));
    assert!(
        described.description().unwrap_or("").is_empty(),
        "{:?}",
        described.description()
    );
    let expected: BTreeMap<String, String> = [
        ("managed-by", "runtime-control-engine"),
        ("resource-type", "provider-connection"),
        ("provider", "openai"),
        ("environment", ENVIRONMENT),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    assert_eq!(tags_of(&described), expected);

    // Nothing the tenant typed, and no piece of the credential, in name, tags or description.
    let shown = format!(
        "{} {:?} {:?} {:?}",
        name,
        described.description(),
        described.tags(),
        described.arn()
    );
    for (what, forbidden) in [
        ("tenant", TENANT),
        ("display name", DISPLAY),
        ("credential", FIRST),
    ] {
        assert!(
            shares_no_fragment(&shown, forbidden, 6),
            "{what} surfaces in {shown}"
        );
    }
    for word in ["acme", "hospital", "canary", "display"] {
        assert!(
            !shown.to_ascii_lowercase().contains(word),
            "{word} surfaces in {shown}"
        );
    }
    // The credential is the secret's value, and nowhere else.
    let value = moto
        .get_secret_value()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(value.secret_string(), Some(FIRST));

    // The opaque tenant id is kept per tenant: the same for the tenant's next connection, another
    // one for another tenant; the provider tag follows the connection.
    let second = create(&app, TENANT, "anthropic", SECOND).await;
    let second_name = secret_name(second.body["credential_reference"].as_str().unwrap());
    assert_eq!(
        parts_of_name(
            &second_name,
            &prefix,
            second.body["connection_id"].as_str().unwrap()
        ),
        opaque
    );
    let d2 = moto
        .describe_secret()
        .secret_id(&second_name)
        .send()
        .await
        .unwrap();
    assert_eq!(tags_of(&d2)["provider"], "anthropic");
    let other = create(&app, "other-clinic", "openai", FIRST).await;
    let other_name = secret_name(other.body["credential_reference"].as_str().unwrap());
    assert_ne!(
        parts_of_name(
            &other_name,
            &prefix,
            other.body["connection_id"].as_str().unwrap()
        ),
        opaque
    );

    // Not derived from the tenant string: a second service (its own database) mints another
    // token for the very same tenant.
    let prefix2 = unique_prefix();
    let app2 = spawn_aws(&prefix2, &[]).await;
    let elsewhere = create(&app2, TENANT, "openai", FIRST).await;
    let elsewhere_name = secret_name(elsewhere.body["credential_reference"].as_str().unwrap());
    assert_ne!(
        parts_of_name(
            &elsewhere_name,
            &prefix2,
            elsewhere.body["connection_id"].as_str().unwrap()
        ),
        opaque
    );

    for (a, r) in [(&app, &r), (&app, &second), (&app2, &elsewhere)] {
        assert_eq!(
            a.send(Method::DELETE, &path_of(r), Some(TENANT), None)
                .await
                .status,
            204
        );
    }
    assert_eq!(
        app.send(Method::DELETE, &path_of(&other), Some("other-clinic"), None)
            .await
            .status,
        204
    );
    assert!(secret_names(&moto, &prefix).await.is_empty());
    assert!(secret_names(&moto, &prefix2).await.is_empty());
    app.stop().await;
    app2.stop().await;
}

#[tokio::test]
async fn validate_reads_the_secret_and_reports_blank_and_missing_credentials() {
    let Some((_guard, endpoint)) = aws_env().await else {
        return;
    };
    let moto = moto_client(&endpoint).await;
    let prefix = unique_prefix();
    let app = spawn_aws(&prefix, &[]).await;

    let ok = create(&app, TENANT, "openai", FIRST).await;
    let v = app
        .post_empty_as(TENANT, &format!("{}/validate", path_of(&ok)))
        .await;
    assert_eq!(v.status, 200, "{}", v.text);
    assert_eq!(v.body["status"], "valid");
    assert!(v.body["last_validation_error_code"].is_null());
    assert!(v.body["last_validated_at"].is_string());
    no_credential_in(&v);

    // Blank: stored as given, refused by validation.
    let b = create(&app, TENANT, "openai", "   ").await;
    let name = secret_name(b.body["credential_reference"].as_str().unwrap());
    let stored = moto
        .get_secret_value()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(stored.secret_string(), Some("   "));
    let v = app
        .post_empty_as(TENANT, &format!("{}/validate", path_of(&b)))
        .await;
    assert_eq!(v.status, 200, "{}", v.text);
    assert_eq!(v.body["status"], "invalid");
    assert_eq!(v.body["last_validation_error_code"], "credential_blank");
    assert_eq!(
        app.send(Method::DELETE, &path_of(&b), Some(TENANT), None)
            .await
            .status,
        204
    );

    // Empty: Secrets Manager takes no empty value, so it is refused up front, storing nothing.
    let before = secret_names(&moto, &prefix).await;
    let e = app
        .post_as(
            TENANT,
            "/runtime/provider-connections",
            connection_body("openai", ""),
        )
        .await;
    assert_problem(&e, 400, "validation_failed");
    let r = app
        .post_as(
            TENANT,
            &format!("{}/rotate-credential", path_of(&ok)),
            json!({"credential": ""}),
        )
        .await;
    assert_problem(&r, 400, "validation_failed");
    assert_eq!(secret_names(&moto, &prefix).await, before);
    let versions = moto
        .list_secret_version_ids()
        .secret_id(secret_name(
            ok.body["credential_reference"].as_str().unwrap(),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(versions.versions().len(), 1);

    // The secret deleted behind the service's back: valid → invalid, credential_missing.
    let name = secret_name(ok.body["credential_reference"].as_str().unwrap());
    moto.delete_secret()
        .secret_id(&name)
        .force_delete_without_recovery(true)
        .send()
        .await
        .unwrap();
    assert_eq!(
        describe_error(&moto, &name).await.as_deref(),
        Some("ResourceNotFoundException")
    );
    let v = app
        .post_empty_as(TENANT, &format!("{}/validate", path_of(&ok)))
        .await;
    assert_eq!(v.status, 200, "{}", v.text);
    assert_eq!(v.body["status"], "invalid");
    assert_eq!(v.body["last_validation_error_code"], "credential_missing");

    // Deleting a connection whose secret is already gone still finishes.
    assert_eq!(
        app.send(Method::DELETE, &path_of(&ok), Some(TENANT), None)
            .await
            .status,
        204
    );
    assert_problem(
        &app.get_as(TENANT, &path_of(&ok)).await,
        404,
        "connection_not_found",
    );
    assert!(secret_names(&moto, &prefix).await.is_empty());
    app.stop().await;
}

#[tokio::test]
async fn rotation_adds_a_version_under_the_same_name_and_the_next_execution_uses_it() {
    let Some((_guard, endpoint)) = aws_env().await else {
        return;
    };
    let moto = moto_client(&endpoint).await;
    let prefix = unique_prefix();
    let mock = mock_openai().await;
    let settings = provider_settings(&mock);
    let settings: Vec<(&str, &str)> = settings
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let app = spawn_aws(&prefix, &settings).await;

    let c = create(&app, TENANT, "openai", FIRST).await;
    let path = path_of(&c);
    let connection_id = c.body["connection_id"].as_str().unwrap().to_owned();
    let reference = c.body["credential_reference"].as_str().unwrap().to_owned();
    let name = secret_name(&reference);
    let arn = moto
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap()
        .arn()
        .unwrap()
        .to_owned();
    assert_eq!(
        app.post_empty_as(TENANT, &format!("{path}/validate"))
            .await
            .body["status"],
        "valid"
    );
    let (agent, _) = managed_agent(&app, TENANT, &connection_id, "aws-rotation-agent").await;
    let first = execute(&app, TENANT, &agent).await;
    assert_eq!(first.status, 201, "{}", first.text);
    assert_eq!(first.body["connection_id"], connection_id.as_str());
    no_credential_in(&first);
    assert_eq!(authorizations(&mock).await, [format!("Bearer {FIRST}")]);

    let r = app
        .post_as(
            TENANT,
            &format!("{path}/rotate-credential"),
            json!({"credential": SECOND}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    no_credential_in(&r);
    assert_eq!(r.body["status"], "pending");
    assert_eq!(r.body["credential_reference"], reference.as_str());
    assert!(r.body["credential_rotated_at"].is_string());

    // Same name and ARN, two versions: AWSCURRENT holds the new value, AWSPREVIOUS the old.
    let versions = moto
        .list_secret_version_ids()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(versions.name(), Some(name.as_str()));
    // (moto puts the name into ListSecretVersionIds' ARN field; DescribeSecret's is reliable.)
    let described = moto
        .describe_secret()
        .secret_id(&name)
        .send()
        .await
        .unwrap();
    assert_eq!(described.arn(), Some(arn.as_str()));
    assert_eq!(versions.versions().len(), 2, "{versions:?}");
    let stages: Vec<Vec<String>> = versions
        .versions()
        .iter()
        .map(|v| v.version_stages().to_vec())
        .collect();
    assert!(
        stages.iter().any(|s| s.iter().any(|x| x == "AWSCURRENT")),
        "{stages:?}"
    );
    assert!(
        stages.iter().any(|s| s.iter().any(|x| x == "AWSPREVIOUS")),
        "{stages:?}"
    );
    let current = moto
        .get_secret_value()
        .secret_id(&name)
        .version_stage("AWSCURRENT")
        .send()
        .await
        .unwrap();
    assert_eq!(current.secret_string(), Some(SECOND));
    let previous = moto
        .get_secret_value()
        .secret_id(&name)
        .version_stage("AWSPREVIOUS")
        .send()
        .await
        .unwrap();
    assert_eq!(previous.secret_string(), Some(FIRST));
    assert_eq!(secret_names(&moto, &prefix).await, vec![name.clone()]);

    // Pending after rotation: it serves nothing until validated again.
    assert_problem(
        &execute(&app, TENANT, &agent).await,
        409,
        "connection_not_valid",
    );
    let v = app.post_empty_as(TENANT, &format!("{path}/validate")).await;
    assert_eq!(v.body["status"], "valid", "{}", v.text);
    let second = execute(&app, TENANT, &agent).await;
    assert_eq!(second.status, 201, "{}", second.text);
    no_credential_in(&second);
    assert_eq!(
        authorizations(&mock).await,
        [format!("Bearer {FIRST}"), format!("Bearer {SECOND}")]
    );
    app.stop().await;
}

#[tokio::test]
async fn delete_removes_the_secret_and_then_the_record() {
    let Some((_guard, endpoint)) = aws_env().await else {
        return;
    };
    let moto = moto_client(&endpoint).await;
    let prefix = unique_prefix();
    let app = spawn_aws(&prefix, &[]).await;

    let c = create(&app, TENANT, "openai_compatible", FIRST).await;
    let name = secret_name(c.body["credential_reference"].as_str().unwrap());
    assert_eq!(describe_error(&moto, &name).await, None);
    // Another tenant cannot delete it.
    assert_problem(
        &app.send(Method::DELETE, &path_of(&c), Some("other-clinic"), None)
            .await,
        404,
        "connection_not_found",
    );
    assert_eq!(describe_error(&moto, &name).await, None);

    let d = app
        .send(Method::DELETE, &path_of(&c), Some(TENANT), None)
        .await;
    assert_eq!(d.status, 204, "{}", d.text);
    // Deleted without a recovery window: not even scheduled for deletion, gone.
    assert_eq!(
        describe_error(&moto, &name).await.as_deref(),
        Some("ResourceNotFoundException")
    );
    assert!(secret_names(&moto, &prefix).await.is_empty());
    assert_problem(
        &app.get_as(TENANT, &path_of(&c)).await,
        404,
        "connection_not_found",
    );
    assert_problem(
        &app.send(Method::DELETE, &path_of(&c), Some(TENANT), None)
            .await,
        404,
        "connection_not_found",
    );
    app.stop().await;
}

/// One flow, only CREDENTIAL_STORE (and the AWS prefix) differing: create, validate, blank,
/// execute, rotate, execute with the new key, delete. Returns the references it created.
async fn store_agnostic_flow(
    app: &TestApp,
    backend: &str,
    mock: &wiremock::MockServer,
) -> Vec<String> {
    let tenant = "switch-clinic";
    let ready = app.get("/ready").await;
    assert_eq!(ready.status, 200, "{backend}: {}", ready.text);
    assert_eq!(ready.body["checks"]["credential_store"], true, "{backend}");

    let c = create(app, tenant, "openai", FIRST).await;
    no_credential_in(&c);
    let path = path_of(&c);
    let connection_id = c.body["connection_id"].as_str().unwrap().to_owned();
    let reference = c.body["credential_reference"].as_str().unwrap().to_owned();
    assert!(
        reference.starts_with(&format!("{backend}:")) && reference.contains("provider-"),
        "{reference}"
    );
    assert!(!reference.contains(tenant), "{reference}");
    let got = app.get_as(tenant, &path).await;
    assert_eq!(got.body, c.body);
    no_credential_in(&got);

    let empty = app
        .post_as(
            tenant,
            "/runtime/provider-connections",
            connection_body("openai", ""),
        )
        .await;
    assert_problem(&empty, 400, "validation_failed");
    let blank = create(app, tenant, "openai", "  ").await;
    let v = app
        .post_empty_as(tenant, &format!("{}/validate", path_of(&blank)))
        .await;
    assert_eq!(
        (
            v.body["status"].as_str(),
            v.body["last_validation_error_code"].as_str()
        ),
        (Some("invalid"), Some("credential_blank")),
        "{backend}"
    );
    assert_eq!(
        app.send(Method::DELETE, &path_of(&blank), Some(tenant), None)
            .await
            .status,
        204
    );

    assert_eq!(
        app.post_empty_as(tenant, &format!("{path}/validate"))
            .await
            .body["status"],
        "valid",
        "{backend}"
    );
    let (agent, profile) = managed_agent(app, tenant, &connection_id, "switch-agent").await;
    let e = execute(app, tenant, &agent).await;
    assert_eq!(e.status, 201, "{backend}: {}", e.text);
    let r = app
        .post_as(
            tenant,
            &format!("{path}/rotate-credential"),
            json!({"credential": SECOND}),
        )
        .await;
    assert_eq!(r.body["status"], "pending", "{backend}: {}", r.text);
    assert_eq!(r.body["credential_reference"], reference.as_str());
    assert_eq!(
        app.post_empty_as(tenant, &format!("{path}/validate"))
            .await
            .body["status"],
        "valid",
        "{backend}"
    );
    let e = execute(app, tenant, &agent).await;
    assert_eq!(e.status, 201, "{backend}: {}", e.text);
    no_credential_in(&e);
    assert_eq!(
        authorizations(mock).await,
        [format!("Bearer {FIRST}"), format!("Bearer {SECOND}")],
        "{backend}"
    );

    // Referenced by a profile: refused; once free, the connection and its credential go.
    assert_problem(
        &app.send(Method::DELETE, &path, Some(tenant), None).await,
        409,
        "connection_in_use",
    );
    let unlink = app
        .send(
            Method::PATCH,
            &format!("/runtime/agents/{agent}"),
            Some(tenant),
            Some(json!({"execution_profile_id": null})),
        )
        .await;
    assert_eq!(unlink.status, 200, "{}", unlink.text);
    let gone = app
        .send(
            Method::DELETE,
            &format!("/runtime/execution-profiles/{profile}"),
            Some(tenant),
            None,
        )
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert_eq!(
        app.send(Method::DELETE, &path, Some(tenant), None)
            .await
            .status,
        204,
        "{backend}"
    );
    assert_problem(
        &app.get_as(tenant, &path).await,
        404,
        "connection_not_found",
    );
    vec![
        reference,
        blank.body["credential_reference"]
            .as_str()
            .unwrap()
            .to_owned(),
    ]
}

#[tokio::test]
async fn the_store_is_switched_by_configuration_alone() {
    // local_encrypted needs no emulator; it runs even where moto is missing.
    let (_guard, endpoint) = lock_env().await;
    let mock = mock_openai().await;
    let mut settings = provider_settings(&mock);
    let local = spawn_with(|env| {
        env.extend(backend_settings("local_encrypted", "unused"));
        env.extend(settings.clone());
    })
    .await;
    let refs = store_agnostic_flow(&local, "local_encrypted", &mock).await;
    assert!(
        refs.iter().all(|r| r.starts_with("local_encrypted:")),
        "{refs:?}"
    );
    local.stop().await;

    let Some(endpoint) = endpoint else {
        return;
    };
    let moto = moto_client(&endpoint).await;
    let prefix = unique_prefix();
    let mock = mock_openai().await;
    settings = provider_settings(&mock);
    let aws = spawn_with(|env| {
        env.extend(backend_settings("aws_secrets_manager", &prefix));
        env.extend(settings.clone());
    })
    .await;
    let refs = store_agnostic_flow(&aws, "aws_secrets_manager", &mock).await;
    for r in &refs {
        let name = secret_name(r);
        assert!(name.starts_with(&format!("{prefix}-provider-")), "{name}");
        assert_eq!(
            describe_error(&moto, &name).await.as_deref(),
            Some("ResourceNotFoundException"),
            "{name}"
        );
    }
    assert!(secret_names(&moto, &prefix).await.is_empty());
    aws.stop().await;
}

// ---- the built binary: refusals at start, and an unreachable store reported, not fatal ----

const BIN: &str = env!("CARGO_BIN_EXE_runtime-control-service");

/// The binary with a clean environment: nothing from this process (whose AWS variables the
/// tests above set) leaks in, and no AWS profile or instance metadata can supply a region.
fn service(dir: &std::path::Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.arg("serve")
        .env_clear()
        .env("DATA_DIR", dir)
        .env("POLICY_BUNDLE_DIR", common::repo_root().join("policies"))
        .env("HOST", "127.0.0.1")
        .env("PORT", "0")
        .env("AWS_CONFIG_FILE", "/nonexistent/aws-config")
        .env(
            "AWS_SHARED_CREDENTIALS_FILE",
            "/nonexistent/aws-credentials",
        )
        .env("AWS_EC2_METADATA_DISABLED", "true");
    cmd
}

#[test]
fn aws_store_without_a_region_stops_the_service_naming_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    let out = service(dir.path())
        .env("CREDENTIAL_STORE", "aws_secrets_manager")
        .env("AWS_ACCESS_KEY_ID", "testing")
        .env("AWS_SECRET_ACCESS_KEY", "canary-secret-key")
        .output()
        .unwrap();
    assert!(!out.status.success(), "{out:?}");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("AWS_REGION"), "{err}");
    assert!(err.contains("CREDENTIAL_STORE"), "{err}");
    assert!(!err.contains("canary"), "{err}");
}

#[test]
fn in_memory_store_in_a_production_like_environment_stops_the_service() {
    let dir = tempfile::tempdir().unwrap();
    for environment in ["production", "staging", "eu-prod-1"] {
        let out = service(dir.path())
            .env("CREDENTIAL_STORE", "in_memory")
            .env("ENVIRONMENT", environment)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{environment}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("CREDENTIAL_STORE"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn unreachable_store_at_start_is_reported_and_the_service_still_serves() {
    let dir = tempfile::tempdir().unwrap();
    let closed = format!("http://127.0.0.1:{}", free_port());
    let mut child = service(dir.path())
        .env("CREDENTIAL_STORE", "aws_secrets_manager")
        .env("LOG_LEVEL", "info")
        .env("AWS_REGION", "us-east-1")
        .env("AWS_ACCESS_KEY_ID", "testing")
        .env("AWS_SECRET_ACCESS_KEY", "testing")
        .env("AWS_ENDPOINT_URL_SECRETS_MANAGER", &closed)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    let mut addr = None;
    while addr.is_none() {
        let Ok(line) = rx.recv_timeout(Duration::from_secs(60)) else {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "no listening line; exit {:?}, stderr {}, log {lines:?}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
        };
        let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
        if v["message"] == "listening" {
            addr = v["address"].as_str().map(str::to_owned);
        }
        lines.push(line);
    }
    let base = format!("http://{}", addr.unwrap());
    let client = reqwest::Client::new();
    let health = client.get(format!("{base}/health")).send().await.unwrap();
    assert_eq!(health.status(), 200);
    let ready = client.get(format!("{base}/ready")).send().await.unwrap();
    assert_eq!(ready.status(), 503);
    let body: serde_json::Value = ready.json().await.unwrap();
    assert_eq!(body["checks"]["credential_store"], false, "{body}");
    assert_eq!(body["checks"]["database"], true, "{body}");
    assert_eq!(body["status"], "not_ready", "{body}");
    Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    while let Ok(l) = rx.recv_timeout(Duration::from_millis(500)) {
        lines.push(l);
    }
    // Reported at start: a warning naming the backend, before the service listens.
    let warned = lines.iter().position(|l| {
        let v: serde_json::Value = serde_json::from_str(l).unwrap_or_default();
        v["level"] == "WARN"
            && v["target"] == "rce::startup"
            && v["message"]
                .as_str()
                .is_some_and(|m| m.contains("credential store"))
            && v["backend"] == "aws_secrets_manager"
    });
    let listening = lines.iter().position(|l| l.contains("\"listening\""));
    assert!(warned.is_some() && warned < listening, "{lines:#?}");
}
