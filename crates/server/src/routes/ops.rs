//! Operational endpoints: health, readiness, version. None of them calls a provider.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::{AdapterStatus, Timestamp};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(Serialize, ToSchema)]
pub struct Health {
    pub status: String,
    pub service: String,
    pub version: String,
    pub timestamp: Timestamp,
}

#[derive(Serialize, ToSchema)]
pub struct ReadyChecks {
    pub configuration_loaded: bool,
    pub policy_repository: bool,
    pub agent_registry: bool,
    pub database: bool,
    pub credential_store: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Ready {
    /// `ready` or `not_ready`.
    pub status: String,
    pub checks: ReadyChecks,
    /// Something is off that does not stop the service (for example an unavailable adapter).
    pub degraded: bool,
    pub degraded_reasons: Vec<String>,
    pub timestamp: Timestamp,
}

#[derive(Serialize, ToSchema)]
pub struct Version {
    pub service: String,
    pub version: String,
    pub api_version: String,
    pub build_id: String,
    pub environment: String,
}

pub const API_VERSION: &str = "1";

/// Always 200 while the process is up.
#[utoipa::path(get, path = "/health", tag = "operations", responses((status = 200, body = Health)))]
async fn health(State(state): State<AppState>) -> Json<Health> {
    Json(Health {
        status: "ok".into(),
        service: state.config.service_name.clone(),
        version: state.config.service_version.clone(),
        timestamp: Timestamp::now(),
    })
}

/// 200 when every required module is initialised, 503 when a check fails.
#[utoipa::path(get, path = "/ready", tag = "operations", responses((status = 200, body = Ready), (status = 503, body = Ready)))]
async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Ready>) {
    let database = state.store.ping().await.is_ok();
    let agent_registry = database
        && state
            .store
            .list::<domain::Agent>(
                &state.config.default_tenant,
                &store::Filter::new(),
                &store::PageRequest {
                    limit: 1,
                    cursor: None,
                },
            )
            .await
            .is_ok();
    let credential_store = state.credentials.check().await.is_ok();
    let policy_repository = state.policy.policy_count() > 0;
    let checks = ReadyChecks {
        configuration_loaded: true,
        policy_repository,
        agent_registry,
        database,
        credential_store,
    };
    let all = checks.configuration_loaded
        && policy_repository
        && agent_registry
        && database
        && credential_store;
    let degraded_reasons: Vec<String> = state
        .adapters
        .read()
        .map(|r| {
            r.list()
                .into_iter()
                .filter(|a| a.status != AdapterStatus::Available)
                .map(|a| format!("adapter_{}:{}", a.status.as_str(), a.adapter_id))
                .collect()
        })
        .unwrap_or_default();
    let body = Ready {
        status: if all { "ready" } else { "not_ready" }.into(),
        checks,
        degraded: !degraded_reasons.is_empty(),
        degraded_reasons,
        timestamp: Timestamp::now(),
    };
    (
        if all {
            StatusCode::OK
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        },
        Json(body),
    )
}

#[utoipa::path(get, path = "/version", tag = "operations", responses((status = 200, body = Version)))]
async fn version(State(state): State<AppState>) -> Json<Version> {
    Json(Version {
        service: state.config.service_name.clone(),
        version: state.config.service_version.clone(),
        api_version: API_VERSION.into(),
        build_id: state.config.build_id.clone(),
        environment: state.config.environment.clone(),
    })
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(ready))
        .routes(routes!(version))
}
