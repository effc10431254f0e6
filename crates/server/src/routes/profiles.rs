//! Execution profiles (spec 2.3, 3.2, 4.5): configuration of how a model executes.
//! Shape validation follows the contract's ranges; nothing here is applied until execution.

use super::{check, field_error, load, modify, required_text, ListOf, Paging};
use crate::error::{ApiError, ApiResult, FieldError};
use crate::extract::{double_option, ApiJson, ListQuery, Tenant};
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::Json;
use domain::*;
use serde::Deserialize;
use store::Filter;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateProfile {
    pub display_name: String,
    pub provider: ProviderKind,
    pub adapter_id: Option<String>,
    pub provider_connection_id: Option<String>,
    pub model: String,
    pub model_version: Option<String>,
    /// 1-1,000,000
    pub max_output_tokens: Option<u32>,
    /// 100-600,000
    pub timeout_ms: Option<u32>,
    /// 0-2
    pub temperature: Option<f64>,
    /// (0, 1]
    pub top_p: Option<f64>,
    pub reasoning_level: Option<ReasoningLevel>,
    pub response_format: Option<ResponseFormat>,
    pub structured_output_enabled: Option<bool>,
    pub tool_calling_enabled: Option<bool>,
    pub streaming_enabled: Option<bool>,
    pub retry_policy: Option<RetryPolicy>,
    /// 0-10
    pub retry_attempts: Option<u32>,
    /// 0-60,000
    pub retry_backoff_ms: Option<u32>,
    #[schema(value_type = Option<Object>)]
    pub validation_policy: Option<serde_json::Map<String, serde_json::Value>>,
    /// `draft` (default) or `active`.
    pub status: Option<ProfileStatus>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Metadata>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct PatchProfile {
    pub display_name: Option<String>,
    pub provider: Option<ProviderKind>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub adapter_id: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub provider_connection_id: Option<Option<String>>,
    /// null takes the profile out of service without deleting it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub model: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub model_version: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<u32>)]
    pub max_output_tokens: Option<Option<u32>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<u32>)]
    pub timeout_ms: Option<Option<u32>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<f64>)]
    pub temperature: Option<Option<f64>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<f64>)]
    pub top_p: Option<Option<f64>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<ReasoningLevel>)]
    pub reasoning_level: Option<Option<ReasoningLevel>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<ResponseFormat>)]
    pub response_format: Option<Option<ResponseFormat>>,
    pub structured_output_enabled: Option<bool>,
    pub tool_calling_enabled: Option<bool>,
    pub streaming_enabled: Option<bool>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<RetryPolicy>)]
    pub retry_policy: Option<Option<RetryPolicy>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<u32>)]
    pub retry_attempts: Option<Option<u32>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<u32>)]
    pub retry_backoff_ms: Option<Option<u32>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Object>)]
    pub validation_policy: Option<Option<serde_json::Map<String, serde_json::Value>>>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Metadata>,
    #[schema(value_type = Option<String>)]
    pub profile_id: Option<serde_json::Value>,
    #[schema(value_type = Option<String>)]
    pub status: Option<serde_json::Value>,
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ProfileFilters {
    pub status: Option<ProfileStatus>,
    pub provider: Option<ProviderKind>,
}

/// The contract's shape rules, applied to a whole profile after create or PATCH.
fn validate(p: &ExecutionProfile, errors: &mut Vec<FieldError>) {
    required_text(errors, "display_name", &p.display_name, 256);
    if let Some(m) = &p.model {
        required_text(errors, "model", m, 256);
    }
    if let Some(m) = &p.model_version {
        required_text(errors, "model_version", m, 256);
    }
    if let Some(a) = &p.adapter_id {
        required_text(errors, "adapter_id", a, 128);
    }
    if let Some(c) = &p.provider_connection_id {
        required_text(errors, "provider_connection_id", c.as_str(), 128);
    }
    let range = |errors: &mut Vec<FieldError>, field: &str, v: Option<u32>, min: u32, max: u32| {
        if let Some(v) = v {
            if v < min || v > max {
                field_error(errors, field, format!("must be from {min} to {max}"));
            }
        }
    };
    range(
        errors,
        "max_output_tokens",
        p.max_output_tokens,
        1,
        1_000_000,
    );
    range(errors, "timeout_ms", p.timeout_ms, 100, 600_000);
    range(errors, "retry_attempts", p.retry_attempts, 0, 10);
    range(errors, "retry_backoff_ms", p.retry_backoff_ms, 0, 60_000);
    if let Some(t) = p.temperature {
        if !(0.0..=2.0).contains(&t) {
            field_error(errors, "temperature", "must be from 0 to 2");
        }
    }
    if let Some(t) = p.top_p {
        if !(t > 0.0 && t <= 1.0) {
            field_error(errors, "top_p", "must be greater than 0 and at most 1");
        }
    }
}

/// A public profile may point at a connection that does not exist yet (checked at execution),
/// but never at an operator-owned one.
async fn refuse_internal_connection(
    state: &AppState,
    tenant: &TenantId,
    conn: Option<&ConnectionId>,
) -> ApiResult<()> {
    if let Some(c) = conn {
        if let Ok(found) = state
            .store
            .get::<ProviderConnection>(tenant, c.as_str())
            .await
        {
            if found.value.internal {
                return Err(ApiError::invalid_field(
                    "provider_connection_id",
                    "refers to an operator-owned connection",
                ));
            }
        }
    }
    Ok(())
}

/// The profile created on a caller's behalf for the legacy agent shape (spec 4.5, 9.3).
pub async fn migrated_profile(
    state: &AppState,
    tenant: &TenantId,
    agent: &Agent,
    adapter_id: &str,
    connection_id: &str,
) -> ApiResult<ExecutionProfile> {
    let conn = match state
        .store
        .get::<ProviderConnection>(tenant, connection_id)
        .await
    {
        Ok(c) if !c.value.internal => c.value,
        Ok(_) | Err(store::StoreError::NotFound) => {
            return Err(ApiError::not_found(
                "connection_not_found",
                "Provider connection",
                connection_id,
            ))
        }
        Err(e) => return Err(e.into()),
    };
    let now = Timestamp::now();
    let mut metadata = Metadata::new();
    metadata.insert("auto_migrated".into(), serde_json::Value::Bool(true));
    Ok(ExecutionProfile {
        profile_id: ProfileId::generate(),
        tenant_id: tenant.clone(),
        display_name: format!("{} (migrated)", agent.agent_id),
        provider: conn.provider,
        adapter_id: Some(adapter_id.to_owned()),
        provider_connection_id: Some(conn.connection_id),
        model: Some(agent.model_version.clone()),
        model_version: None,
        max_output_tokens: None,
        timeout_ms: None,
        temperature: None,
        top_p: None,
        reasoning_level: None,
        response_format: None,
        structured_output_enabled: false,
        tool_calling_enabled: false,
        streaming_enabled: false,
        retry_policy: None,
        retry_attempts: None,
        retry_backoff_ms: None,
        validation_policy: None,
        status: ProfileStatus::Active,
        internal: false,
        metadata,
        created_at: now,
        updated_at: now,
    })
}

#[utoipa::path(post, path = "/runtime/execution-profiles", tag = "execution-profiles", request_body = CreateProfile,
    responses((status = 201, body = ExecutionProfile)))]
async fn create(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    ApiJson(b): ApiJson<CreateProfile>,
) -> ApiResult<(StatusCode, Json<ExecutionProfile>)> {
    let now = Timestamp::now();
    let status = b.status.unwrap_or(ProfileStatus::Draft);
    let mut profile = ExecutionProfile {
        profile_id: ProfileId::generate(),
        tenant_id: tenant.clone(),
        display_name: b.display_name.trim().to_owned(),
        provider: b.provider,
        adapter_id: b.adapter_id,
        provider_connection_id: b.provider_connection_id.map(ConnectionId::from_string),
        model: Some(b.model),
        model_version: b.model_version,
        max_output_tokens: b.max_output_tokens,
        timeout_ms: b.timeout_ms,
        temperature: b.temperature,
        top_p: b.top_p,
        reasoning_level: b.reasoning_level,
        response_format: b.response_format,
        structured_output_enabled: b.structured_output_enabled.unwrap_or(false),
        tool_calling_enabled: b.tool_calling_enabled.unwrap_or(false),
        streaming_enabled: b.streaming_enabled.unwrap_or(false),
        retry_policy: b.retry_policy,
        retry_attempts: b.retry_attempts,
        retry_backoff_ms: b.retry_backoff_ms,
        validation_policy: b.validation_policy.map(serde_json::Value::Object),
        status,
        internal: false,
        metadata: b.metadata.unwrap_or_default(),
        created_at: now,
        updated_at: now,
    };
    let mut errors = Vec::new();
    if status == ProfileStatus::Disabled {
        field_error(&mut errors, "status", "must be draft or active at creation");
    }
    validate(&profile, &mut errors);
    check(errors)?;
    refuse_internal_connection(&state, &tenant, profile.provider_connection_id.as_ref()).await?;
    state.store.insert(&tenant, &mut profile).await?;
    Ok((StatusCode::CREATED, Json(profile)))
}

#[utoipa::path(get, path = "/runtime/execution-profiles", tag = "execution-profiles", params(Paging, ProfileFilters),
    responses((status = 200, body = ListOf<ExecutionProfile>)))]
async fn list(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<ListOf<ExecutionProfile>>> {
    let q = ListQuery::parse(q.as_deref(), &["status", "provider"])?;
    let status = q.enum_filter::<ProfileStatus>("status")?;
    let provider = q.enum_filter::<ProviderKind>("provider")?;
    let filter = Filter::new()
        .eq_opt("status", status.map(|s| s.as_str()))
        .eq_opt("provider", provider.map(|p| p.as_str()));
    Ok(Json(
        state
            .store
            .list::<ExecutionProfile>(&tenant, &filter, &q.page())
            .await?
            .into(),
    ))
}

#[utoipa::path(get, path = "/runtime/execution-profiles/{id}", tag = "execution-profiles", params(("id" = String, Path)),
    responses((status = 200, body = ExecutionProfile)))]
async fn get_one(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ExecutionProfile>> {
    Ok(Json(
        load::<ExecutionProfile>(&state, &tenant, &id).await?.value,
    ))
}

#[utoipa::path(patch, path = "/runtime/execution-profiles/{id}", tag = "execution-profiles", params(("id" = String, Path)), request_body = PatchProfile,
    responses((status = 200, body = ExecutionProfile)))]
async fn patch(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    ApiJson(b): ApiJson<PatchProfile>,
) -> ApiResult<Json<ExecutionProfile>> {
    let mut errors = Vec::new();
    if b.profile_id.is_some() {
        field_error(&mut errors, "profile_id", "is immutable");
    }
    if b.status.is_some() {
        field_error(
            &mut errors,
            "status",
            "cannot be changed by PATCH; use activate or disable",
        );
    }
    check(errors)?;
    loop {
        let current = load::<ExecutionProfile>(&state, &tenant, &id).await?;
        let mut p = current.value.clone();
        if p.internal {
            return Err(ApiError::conflict(
                "invalid_state_transition",
                "An operator-owned profile cannot be changed through the API",
            ));
        }
        if let Some(v) = &b.display_name {
            p.display_name = v.trim().to_owned();
        }
        if let Some(v) = b.provider {
            p.provider = v;
        }
        if let Some(v) = &b.adapter_id {
            p.adapter_id = v.clone();
        }
        if let Some(v) = &b.provider_connection_id {
            p.provider_connection_id = v.clone().map(ConnectionId::from_string);
        }
        if let Some(v) = &b.model {
            p.model = v.clone();
        }
        if let Some(v) = &b.model_version {
            p.model_version = v.clone();
        }
        if let Some(v) = b.max_output_tokens {
            p.max_output_tokens = v;
        }
        if let Some(v) = b.timeout_ms {
            p.timeout_ms = v;
        }
        if let Some(v) = b.temperature {
            p.temperature = v;
        }
        if let Some(v) = b.top_p {
            p.top_p = v;
        }
        if let Some(v) = b.reasoning_level {
            p.reasoning_level = v;
        }
        if let Some(v) = b.response_format {
            p.response_format = v;
        }
        if let Some(v) = b.structured_output_enabled {
            p.structured_output_enabled = v;
        }
        if let Some(v) = b.tool_calling_enabled {
            p.tool_calling_enabled = v;
        }
        if let Some(v) = b.streaming_enabled {
            p.streaming_enabled = v;
        }
        if let Some(v) = b.retry_policy {
            p.retry_policy = v;
        }
        if let Some(v) = b.retry_attempts {
            p.retry_attempts = v;
        }
        if let Some(v) = b.retry_backoff_ms {
            p.retry_backoff_ms = v;
        }
        if let Some(v) = &b.validation_policy {
            p.validation_policy = v.clone().map(serde_json::Value::Object);
        }
        if let Some(v) = &b.metadata {
            p.metadata = v.clone();
        }
        let mut errors = Vec::new();
        validate(&p, &mut errors);
        check(errors)?;
        refuse_internal_connection(&state, &tenant, p.provider_connection_id.as_ref()).await?;
        p.updated_at = Timestamp::now();
        match state.store.update(&tenant, &mut p, current.revision).await {
            Ok(()) => return Ok(Json(p)),
            Err(store::StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// 409 `profile_in_use` while any agent of the tenant references the profile.
#[utoipa::path(delete, path = "/runtime/execution-profiles/{id}", tag = "execution-profiles", params(("id" = String, Path)),
    responses((status = 204)))]
async fn delete(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let current = load::<ExecutionProfile>(&state, &tenant, &id).await?;
    if current.value.internal {
        return Err(ApiError::conflict(
            "invalid_state_transition",
            "An operator-owned profile cannot be deleted through the API",
        ));
    }
    match state
        .store
        .remove_unreferenced::<ExecutionProfile>(&tenant, &id, "agents", "execution_profile_id")
        .await
    {
        Ok(()) => Ok(StatusCode::NO_CONTENT),
        Err(store::StoreError::InUse) => Err(ApiError::conflict(
            "profile_in_use",
            format!("Execution profile {id} is referenced by an agent"),
        )),
        Err(store::StoreError::NotFound) => Err(ApiError::not_found(
            "profile_not_found",
            "Execution profile",
            &id,
        )),
        Err(e) => Err(e.into()),
    }
}

async fn transition(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
    trigger: ProfileTrigger,
) -> ApiResult<Json<ExecutionProfile>> {
    let p = modify(state, tenant, id, |p: &mut ExecutionProfile| {
        p.status = profile_next(p.status, trigger).map_err(ApiError::transition)?;
        p.updated_at = Timestamp::now();
        Ok(())
    })
    .await?;
    Ok(Json(p))
}

#[utoipa::path(post, path = "/runtime/execution-profiles/{id}/activate", tag = "execution-profiles", params(("id" = String, Path)),
    responses((status = 200, body = ExecutionProfile)))]
async fn activate(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ExecutionProfile>> {
    transition(&state, &tenant, &id, ProfileTrigger::Activate).await
}

#[utoipa::path(post, path = "/runtime/execution-profiles/{id}/disable", tag = "execution-profiles", params(("id" = String, Path)),
    responses((status = 200, body = ExecutionProfile)))]
async fn disable(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ExecutionProfile>> {
    transition(&state, &tenant, &id, ProfileTrigger::Disable).await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get_one, patch, delete))
        .routes(routes!(activate))
        .routes(routes!(disable))
}
