//! Adapter registry (spec 2.4, 3.6, 4.6): secret-free summaries, re-validation and health.
//! Adapters are registered only at start; nothing here creates or edits one.

use super::{ListOf, Paging};
use crate::error::{ApiError, ApiResult};
use crate::extract::ListQuery;
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::Json;
use domain::{AdapterHealth, AdapterStatus, AdapterSummary, Timestamp};
use utoipa_axum::{router::OpenApiRouter, routes};

fn not_found(id: &str) -> ApiError {
    ApiError::not_found("adapter_not_found", "Adapter", id)
}

fn registry_poisoned() -> ApiError {
    ApiError::internal("adapter registry lock poisoned")
}

#[utoipa::path(get, path = "/runtime/adapters", tag = "adapters", params(Paging),
    responses((status = 200, body = ListOf<AdapterSummary>)))]
async fn list(
    State(state): State<AppState>,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<ListOf<AdapterSummary>>> {
    let q = ListQuery::parse(q.as_deref(), &[])?;
    let all = state
        .adapters
        .read()
        .map_err(|_| registry_poisoned())?
        .list();
    let after = q
        .cursor
        .as_deref()
        .and_then(|c| store::decode_cursor(c).ok())
        .map(|(_, id)| id);
    let rest: Vec<AdapterSummary> = all
        .into_iter()
        .filter(|a| {
            after
                .as_ref()
                .is_none_or(|last| a.adapter_id.as_str() > last.as_str())
        })
        .collect();
    let more = rest.len() > q.limit as usize;
    let items: Vec<AdapterSummary> = rest.into_iter().take(q.limit as usize).collect();
    let next_cursor = if more {
        items.last().map(|a| format!("c0-{}", a.adapter_id))
    } else {
        None
    };
    Ok(Json(ListOf { items, next_cursor }))
}

#[utoipa::path(get, path = "/runtime/adapters/{id}", tag = "adapters", params(("id" = String, Path)),
    responses((status = 200, body = AdapterSummary)))]
async fn get_one(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<AdapterSummary>> {
    let found = state
        .adapters
        .read()
        .map_err(|_| registry_poisoned())?
        .get(&id);
    found.map(Json).ok_or_else(|| not_found(&id))
}

/// Re-validates the adapter's own static configuration (no provider call).
#[utoipa::path(post, path = "/runtime/adapters/{id}/validate", tag = "adapters", params(("id" = String, Path)),
    responses((status = 200, body = AdapterSummary)))]
async fn validate(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<AdapterSummary>> {
    let updated = state
        .adapters
        .write()
        .map_err(|_| registry_poisoned())?
        .validate(&id, Timestamp::now());
    updated.map(Json).ok_or_else(|| not_found(&id))
}

/// Health from the adapter's last validation; never calls a provider.
#[utoipa::path(get, path = "/runtime/adapters/{id}/health", tag = "adapters", params(("id" = String, Path)),
    responses((status = 200, body = AdapterHealth)))]
async fn health(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<AdapterHealth>> {
    let a = state
        .adapters
        .read()
        .map_err(|_| registry_poisoned())?
        .get(&id)
        .ok_or_else(|| not_found(&id))?;
    let healthy = a.status == AdapterStatus::Available;
    let detail = match (&a.status, &a.status_reason) {
        (_, Some(reason)) => reason.clone(),
        (AdapterStatus::Available, None) => "configuration valid".into(),
        (s, None) => s.as_str().into(),
    };
    Ok(Json(AdapterHealth {
        adapter_id: a.adapter_id,
        status: a.status,
        healthy,
        checked_at: Timestamp::now(),
        detail,
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(get_one))
        .routes(routes!(validate))
        .routes(routes!(health))
}
