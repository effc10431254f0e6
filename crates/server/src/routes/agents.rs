//! Agent registry (spec 4.1, 3.3): registration, reads, PATCH and lifecycle transitions,
//! plus the backward-compatible profile migration of spec 4.5 / 9.3.

use super::{check, field_error, load, modify, required_text, ListOf, Paging};
use crate::context;
use crate::error::{ApiError, ApiResult};
use crate::extract::{double_option, ApiJson, ListQuery, Tenant};
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::Json;
use domain::*;
use serde::Deserialize;
use store::{Filter, UnitOfWork};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterAgent {
    /// 1-128 characters of [A-Za-z0-9._-], unique in the tenant; immutable.
    pub agent_id: String,
    pub name: String,
    pub owner: String,
    pub version: String,
    pub clinical_domain: String,
    pub allowed_tasks: Vec<TaskType>,
    pub capabilities: Vec<String>,
    pub model_provider: String,
    pub model_version: String,
    pub risk_tier: RiskTier,
    /// `draft` (default) or `active`.
    pub status: Option<AgentStatus>,
    /// Deprecated, display-only.
    pub adapter_id: Option<String>,
    /// Deprecated: only used, with adapter_id, to create a migrated profile. Never stored.
    pub provider_connection_id: Option<String>,
    pub execution_profile_id: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Metadata>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct PatchAgent {
    pub name: Option<String>,
    pub owner: Option<String>,
    pub version: Option<String>,
    pub clinical_domain: Option<String>,
    pub allowed_tasks: Option<Vec<TaskType>>,
    pub capabilities: Option<Vec<String>>,
    pub model_provider: Option<String>,
    pub model_version: Option<String>,
    pub risk_tier: Option<RiskTier>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub adapter_id: Option<Option<String>>,
    pub provider_connection_id: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub execution_profile_id: Option<Option<String>>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Metadata>,
    /// Immutable: present only to be refused with a clear error.
    #[schema(value_type = Option<String>)]
    pub agent_id: Option<serde_json::Value>,
    /// Immutable: use the transition endpoints.
    #[schema(value_type = Option<String>)]
    pub status: Option<serde_json::Value>,
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct AgentFilters {
    pub status: Option<AgentStatus>,
}

fn validate_common(
    errors: &mut Vec<crate::error::FieldError>,
    texts: &[(&str, Option<&String>)],
    allowed_tasks: Option<&Vec<TaskType>>,
    capabilities: Option<&Vec<String>>,
) {
    for (field, value) in texts {
        if let Some(v) = value {
            required_text(errors, field, v, 256);
        }
    }
    if let Some(tasks) = allowed_tasks {
        if tasks.is_empty() {
            field_error(errors, "allowed_tasks", "must not be empty");
        }
    }
    if let Some(caps) = capabilities {
        if caps.len() > 100 {
            field_error(errors, "capabilities", "must have at most 100 items");
        }
        for (i, c) in caps.iter().enumerate() {
            required_text(errors, &format!("capabilities[{i}]"), c, 128);
        }
    }
}

fn dedup_tasks(tasks: Vec<TaskType>) -> Vec<TaskType> {
    let mut out = Vec::with_capacity(tasks.len());
    for t in tasks {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

fn parse_profile_ref(field: &str, raw: &str) -> ApiResult<ProfileId> {
    if raw.is_empty() || raw.len() > 128 {
        return Err(ApiError::invalid_field(field, "must be a profile id"));
    }
    Ok(ProfileId::from_string(raw))
}

/// Register an agent. With the legacy pair adapter_id + provider_connection_id and no
/// execution_profile_id, an active profile is created and linked (metadata.auto_migrated).
#[utoipa::path(post, path = "/runtime/agents", tag = "agents", request_body = RegisterAgent,
    responses((status = 201, body = Agent)))]
async fn register(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    ApiJson(body): ApiJson<RegisterAgent>,
) -> ApiResult<(StatusCode, Json<Agent>)> {
    let mut errors = Vec::new();
    let agent_id = AgentId::parse(&body.agent_id);
    if let Err(e) = &agent_id {
        field_error(&mut errors, "agent_id", e.to_string());
    }
    validate_common(
        &mut errors,
        &[
            ("name", Some(&body.name)),
            ("owner", Some(&body.owner)),
            ("version", Some(&body.version)),
            ("clinical_domain", Some(&body.clinical_domain)),
            ("model_provider", Some(&body.model_provider)),
            ("model_version", Some(&body.model_version)),
        ],
        Some(&body.allowed_tasks),
        Some(&body.capabilities),
    );
    let status = body.status.unwrap_or(AgentStatus::Draft);
    if !matches!(status, AgentStatus::Draft | AgentStatus::Active) {
        field_error(
            &mut errors,
            "status",
            "must be draft or active at registration",
        );
    }
    if let Some(a) = &body.adapter_id {
        required_text(&mut errors, "adapter_id", a, 128);
    }
    let profile_ref = match &body.execution_profile_id {
        Some(p) => match parse_profile_ref("execution_profile_id", p) {
            Ok(p) => Some(p),
            Err(e) => return Err(e),
        },
        None => None,
    };
    check(errors)?;
    let agent_id = agent_id.map_err(|e| ApiError::invalid_field("agent_id", e.to_string()))?;
    context::note(|f| f.agent_id = Some(agent_id.as_str().to_owned()));
    let now = Timestamp::now();
    let mut agent = Agent {
        agent_id: agent_id.clone(),
        tenant_id: tenant.clone(),
        name: body.name.trim().to_owned(),
        owner: body.owner.trim().to_owned(),
        version: body.version.trim().to_owned(),
        clinical_domain: body.clinical_domain.trim().to_owned(),
        allowed_tasks: dedup_tasks(body.allowed_tasks),
        capabilities: body.capabilities,
        model_provider: body.model_provider.trim().to_owned(),
        model_version: body.model_version.trim().to_owned(),
        risk_tier: body.risk_tier,
        status,
        adapter_id: body.adapter_id.clone(),
        execution_profile_id: profile_ref,
        metadata: body.metadata.unwrap_or_default(),
        created_at: now,
        updated_at: now,
    };
    let mut uow = UnitOfWork::new();
    if agent.execution_profile_id.is_none() {
        if let (Some(adapter_id), Some(conn)) = (&body.adapter_id, &body.provider_connection_id) {
            let mut profile =
                super::profiles::migrated_profile(&state, &tenant, &agent, adapter_id, conn)
                    .await?;
            agent.execution_profile_id = Some(profile.profile_id.clone());
            uow.insert(&mut profile)?;
        }
    }
    uow.insert(&mut agent)?;
    match state.store.commit(&tenant, uow).await {
        Ok(()) => Ok((StatusCode::CREATED, Json(agent))),
        Err(store::StoreError::AlreadyExists) => Err(ApiError::conflict(
            "agent_already_exists",
            format!("Agent {agent_id} is already registered in this tenant"),
        )),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(get, path = "/runtime/agents", tag = "agents", params(Paging, AgentFilters),
    responses((status = 200, body = ListOf<Agent>)))]
async fn list(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<ListOf<Agent>>> {
    let q = ListQuery::parse(q.as_deref(), &["status"])?;
    let status = q.enum_filter::<AgentStatus>("status")?;
    let filter = Filter::new().eq_opt("status", status.map(|s| s.as_str()));
    Ok(Json(
        state
            .store
            .list::<Agent>(&tenant, &filter, &q.page())
            .await?
            .into(),
    ))
}

#[utoipa::path(get, path = "/runtime/agents/{id}", tag = "agents", params(("id" = String, Path)),
    responses((status = 200, body = Agent)))]
async fn get_one(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Agent>> {
    Ok(Json(load::<Agent>(&state, &tenant, &id).await?.value))
}

/// Partial update; agent_id and status are immutable (400).
#[utoipa::path(patch, path = "/runtime/agents/{id}", tag = "agents", params(("id" = String, Path)), request_body = PatchAgent,
    responses((status = 200, body = Agent)))]
async fn patch(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PatchAgent>,
) -> ApiResult<Json<Agent>> {
    let mut errors = Vec::new();
    if body.agent_id.is_some() {
        field_error(&mut errors, "agent_id", "is immutable");
    }
    if body.status.is_some() {
        field_error(
            &mut errors,
            "status",
            "cannot be changed by PATCH; use activate, suspend or deprecate",
        );
    }
    validate_common(
        &mut errors,
        &[
            ("name", body.name.as_ref()),
            ("owner", body.owner.as_ref()),
            ("version", body.version.as_ref()),
            ("clinical_domain", body.clinical_domain.as_ref()),
            ("model_provider", body.model_provider.as_ref()),
            ("model_version", body.model_version.as_ref()),
        ],
        body.allowed_tasks.as_ref(),
        body.capabilities.as_ref(),
    );
    if let Some(Some(a)) = &body.adapter_id {
        required_text(&mut errors, "adapter_id", a, 128);
    }
    check(errors)?;
    let profile_ref = match &body.execution_profile_id {
        Some(Some(p)) => Some(Some(parse_profile_ref("execution_profile_id", p)?)),
        Some(None) => Some(None),
        None => None,
    };
    // Optimistic retry: re-read and re-apply if another writer got in between.
    for _ in 0..5 {
        let current = load::<Agent>(&state, &tenant, &id).await?;
        let mut agent = current.value.clone();
        if let Some(v) = &body.name {
            agent.name = v.trim().to_owned();
        }
        if let Some(v) = &body.owner {
            agent.owner = v.trim().to_owned();
        }
        if let Some(v) = &body.version {
            agent.version = v.trim().to_owned();
        }
        if let Some(v) = &body.clinical_domain {
            agent.clinical_domain = v.trim().to_owned();
        }
        if let Some(v) = &body.allowed_tasks {
            agent.allowed_tasks = dedup_tasks(v.clone());
        }
        if let Some(v) = &body.capabilities {
            agent.capabilities = v.clone();
        }
        if let Some(v) = &body.model_provider {
            agent.model_provider = v.trim().to_owned();
        }
        if let Some(v) = &body.model_version {
            agent.model_version = v.trim().to_owned();
        }
        if let Some(v) = body.risk_tier {
            agent.risk_tier = v;
        }
        if let Some(v) = &body.adapter_id {
            agent.adapter_id = v.clone();
        }
        if let Some(v) = &profile_ref {
            agent.execution_profile_id = v.clone();
        }
        if let Some(v) = &body.metadata {
            agent.metadata = v.clone();
        }
        let mut uow = UnitOfWork::new();
        let wants_migration =
            body.execution_profile_id.is_none() && body.provider_connection_id.is_some();
        if wants_migration {
            let adapter = body
                .adapter_id
                .clone()
                .flatten()
                .or_else(|| agent.adapter_id.clone());
            if let (Some(adapter_id), Some(conn)) = (adapter, &body.provider_connection_id) {
                let mut profile =
                    super::profiles::migrated_profile(&state, &tenant, &agent, &adapter_id, conn)
                        .await?;
                agent.execution_profile_id = Some(profile.profile_id.clone());
                uow.insert(&mut profile)?;
            }
        }
        agent.updated_at = Timestamp::now();
        uow.update(&mut agent, current.revision)?;
        match state.store.commit(&tenant, uow).await {
            Ok(()) => return Ok(Json(agent)),
            Err(store::StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(store::StoreError::Conflict.into())
}

async fn transition(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
    trigger: AgentTrigger,
) -> ApiResult<Json<Agent>> {
    let agent = modify(state, tenant, id, |agent: &mut Agent| {
        agent.status = agent_next(agent.status, trigger).map_err(ApiError::transition)?;
        agent.updated_at = Timestamp::now();
        Ok(())
    })
    .await?;
    Ok(Json(agent))
}

/// draft|suspended → active; 409 when already active or deprecated.
#[utoipa::path(post, path = "/runtime/agents/{id}/activate", tag = "agents", params(("id" = String, Path)),
    responses((status = 200, body = Agent)))]
async fn activate(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Agent>> {
    transition(&state, &tenant, &id, AgentTrigger::Activate).await
}

/// active → suspended.
#[utoipa::path(post, path = "/runtime/agents/{id}/suspend", tag = "agents", params(("id" = String, Path)),
    responses((status = 200, body = Agent)))]
async fn suspend(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Agent>> {
    transition(&state, &tenant, &id, AgentTrigger::Suspend).await
}

/// draft|active|suspended → deprecated (terminal).
#[utoipa::path(post, path = "/runtime/agents/{id}/deprecate", tag = "agents", params(("id" = String, Path)),
    responses((status = 200, body = Agent)))]
async fn deprecate(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Agent>> {
    transition(&state, &tenant, &id, AgentTrigger::Deprecate).await
}

/// Managed execution: run the agent's model on the tenant's own provider account and evaluate
/// the answer. The 19 resolution checks run first; nothing is persisted unless all pass.
#[utoipa::path(post, path = "/runtime/agents/{id}/execute", tag = "agents", params(("id" = String, Path)), request_body = crate::managed::ExecuteRequest,
    responses((status = 201, body = crate::managed::ExecuteResponse)))]
async fn execute(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    ApiJson(b): ApiJson<crate::managed::ExecuteRequest>,
) -> ApiResult<(StatusCode, Json<crate::managed::ExecuteResponse>)> {
    let mut errors = Vec::new();
    required_text(&mut errors, "case_id", &b.case_id, 256);
    required_text(&mut errors, "instructions", &b.instructions, 100_000);
    super::runs::validate_sources(&mut errors, &b.source_references);
    check(errors)?;
    context::note(|f| f.agent_id = Some(id.chars().take(128).collect()));
    let response = crate::managed::execute(&state, &tenant, &id, b).await?;
    Ok((StatusCode::CREATED, Json(response)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(execute))
        .routes(routes!(register, list))
        .routes(routes!(get_one, patch))
        .routes(routes!(activate))
        .routes(routes!(suspend))
        .routes(routes!(deprecate))
}
