//! Provider connections (spec 2.2, 3.1, 4.4): whose account a managed execution uses.
//! The credential is write-only: it goes straight into the credential store as a secret and
//! only an opaque reference is kept on the record.

use super::{check, field_error, load, modify, required_text, ListOf, Paging};
use crate::error::{ApiError, ApiResult};
use crate::extract::{double_option, ApiJson, ListQuery, Tenant};
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::Json;
use credentials::{CredentialError, CredentialKey, ExposeSecret, SecretString};
use domain::*;
use serde::Deserialize;
use store::Filter;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

const MAX_CREDENTIAL_BYTES: usize = 16 * 1024;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateConnection {
    pub provider: ProviderKind,
    pub display_name: String,
    /// Write-only. Never returned, never logged.
    #[schema(value_type = String, format = Password, write_only)]
    pub credential: SecretString,
    /// Optional base URL of the tenant's own endpoint (required for openai_compatible).
    pub endpoint: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Metadata>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct PatchConnection {
    pub display_name: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub endpoint: Option<Option<String>>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Metadata>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RotateCredential {
    /// Write-only. Never returned, never logged.
    #[schema(value_type = String, format = Password, write_only)]
    pub credential: SecretString,
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ConnectionFilters {
    pub status: Option<ConnectionStatus>,
    pub provider: Option<ProviderKind>,
}

pub fn store_unavailable(e: &CredentialError) -> ApiError {
    tracing::warn!(target: "rce::credentials", cause = e.cause().unwrap_or(""), "credential store unavailable");
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "credential_store_unavailable",
        "The credential store could not be reached; nothing was changed",
    )
}

fn credential_error(e: CredentialError) -> ApiError {
    match e {
        CredentialError::Unavailable(_) => store_unavailable(&e),
        other => ApiError::internal(format!(
            "credential store: {}",
            other.cause().unwrap_or("error")
        )),
    }
}

/// An empty credential is refused (400) on every backend: Secrets Manager's API does not take an
/// empty SecretString (minimum length 1), so it could not behave like local_encrypted there.
/// Whitespace-only is stored as given and validate reports it as `credential_blank`.
fn check_credential(errors: &mut Vec<crate::error::FieldError>, secret: &SecretString) {
    if secret.expose_secret().is_empty() {
        field_error(errors, "credential", "must not be empty");
    } else if secret.expose_secret().len() > MAX_CREDENTIAL_BYTES {
        field_error(
            errors,
            "credential",
            format!("must be at most {MAX_CREDENTIAL_BYTES} bytes"),
        );
    }
}

fn check_endpoint_text(errors: &mut Vec<crate::error::FieldError>, endpoint: Option<&String>) {
    if let Some(e) = endpoint {
        if e.is_empty() || e.chars().count() > 2048 {
            field_error(errors, "endpoint", "must be 1-2048 characters");
        }
    }
}

#[utoipa::path(post, path = "/runtime/provider-connections", tag = "provider-connections", request_body = CreateConnection,
    responses((status = 201, body = ProviderConnection)))]
async fn create(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    ApiJson(b): ApiJson<CreateConnection>,
) -> ApiResult<(StatusCode, Json<ProviderConnection>)> {
    let mut errors = Vec::new();
    required_text(&mut errors, "display_name", &b.display_name, 256);
    check_credential(&mut errors, &b.credential);
    check_endpoint_text(&mut errors, b.endpoint.as_ref());
    check(errors)?;
    let connection_id = ConnectionId::generate();
    let key = CredentialKey {
        opaque_tenant_id: state.store.opaque_tenant_id(&tenant).await?,
        connection_id: connection_id.clone(),
        provider: b.provider,
    };
    let reference = state
        .credentials
        .create(&key, &b.credential)
        .await
        .map_err(credential_error)?;
    let now = Timestamp::now();
    let mut conn = ProviderConnection {
        connection_id,
        tenant_id: tenant.clone(),
        provider: b.provider,
        display_name: b.display_name.trim().to_owned(),
        endpoint: b.endpoint,
        metadata: b.metadata.unwrap_or_default(),
        internal: false,
        status: ConnectionStatus::Pending,
        credential_reference: reference.clone(),
        credential_configured: true,
        last_validation_error_code: None,
        last_validated_at: None,
        credential_rotated_at: None,
        created_at: now,
        updated_at: now,
    };
    if let Err(e) = state.store.insert(&tenant, &mut conn).await {
        // Leave no orphaned secret behind a record that was never written.
        let _ = state.credentials.delete(&reference).await;
        return Err(e.into());
    }
    Ok((StatusCode::CREATED, Json(conn)))
}

#[utoipa::path(get, path = "/runtime/provider-connections", tag = "provider-connections", params(Paging, ConnectionFilters),
    responses((status = 200, body = ListOf<ProviderConnection>)))]
async fn list(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<ListOf<ProviderConnection>>> {
    let q = ListQuery::parse(q.as_deref(), &["status", "provider"])?;
    let status = q.enum_filter::<ConnectionStatus>("status")?;
    let provider = q.enum_filter::<ProviderKind>("provider")?;
    let filter = Filter::new()
        .eq_opt("status", status.map(|s| s.as_str()))
        .eq_opt("provider", provider.map(|p| p.as_str()));
    Ok(Json(
        state
            .store
            .list::<ProviderConnection>(&tenant, &filter, &q.page())
            .await?
            .into(),
    ))
}

fn refuse_internal(c: &ProviderConnection) -> ApiResult<()> {
    if c.internal {
        return Err(ApiError::conflict(
            "invalid_state_transition",
            "An operator-owned connection cannot be changed through the API",
        ));
    }
    Ok(())
}

#[utoipa::path(get, path = "/runtime/provider-connections/{id}", tag = "provider-connections", params(("id" = String, Path)),
    responses((status = 200, body = ProviderConnection)))]
async fn get_one(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ProviderConnection>> {
    Ok(Json(
        load::<ProviderConnection>(&state, &tenant, &id)
            .await?
            .value,
    ))
}

/// Accepts display_name, endpoint and metadata; status stays as it is.
#[utoipa::path(patch, path = "/runtime/provider-connections/{id}", tag = "provider-connections", params(("id" = String, Path)), request_body = PatchConnection,
    responses((status = 200, body = ProviderConnection)))]
async fn patch(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    ApiJson(b): ApiJson<PatchConnection>,
) -> ApiResult<Json<ProviderConnection>> {
    let mut errors = Vec::new();
    if let Some(n) = &b.display_name {
        required_text(&mut errors, "display_name", n, 256);
    }
    check_endpoint_text(&mut errors, b.endpoint.as_ref().and_then(|e| e.as_ref()));
    check(errors)?;
    let c = modify(&state, &tenant, &id, |c: &mut ProviderConnection| {
        refuse_internal(c)?;
        if c.status == ConnectionStatus::Deleting {
            return Err(ApiError::conflict(
                "invalid_state_transition",
                "cannot change a provider connection that is deleting",
            ));
        }
        if let Some(n) = &b.display_name {
            c.display_name = n.trim().to_owned();
        }
        if let Some(e) = &b.endpoint {
            c.endpoint = e.clone();
        }
        if let Some(m) = &b.metadata {
            c.metadata = m.clone();
        }
        c.updated_at = Timestamp::now();
        Ok(())
    })
    .await?;
    Ok(Json(c))
}

/// Removes the connection and its stored credential. Refused (409 `connection_in_use`) while a
/// profile references it. If the credential store is unreachable the connection stays
/// `deleting` and a repeated DELETE finishes the job.
#[utoipa::path(delete, path = "/runtime/provider-connections/{id}", tag = "provider-connections", params(("id" = String, Path)),
    responses((status = 204)))]
async fn delete(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let current = load::<ProviderConnection>(&state, &tenant, &id).await?;
    refuse_internal(&current.value)?;
    if state
        .store
        .is_referenced(&tenant, "profiles", "provider_connection_id", &id)
        .await?
    {
        return Err(ApiError::conflict(
            "connection_in_use",
            format!("Provider connection {id} is referenced by an execution profile"),
        ));
    }
    let mut c = current.value;
    if c.status != ConnectionStatus::Deleting {
        c.status =
            connection_next(c.status, ConnectionTrigger::Delete).map_err(ApiError::transition)?;
        c.updated_at = Timestamp::now();
        state
            .store
            .update(&tenant, &mut c, current.revision)
            .await?;
    }
    state
        .credentials
        .delete(&c.credential_reference)
        .await
        .map_err(credential_error)?;
    match state.store.remove::<ProviderConnection>(&tenant, &id).await {
        Ok(()) | Err(store::StoreError::NotFound) => Ok(StatusCode::NO_CONTENT),
        Err(e) => Err(e.into()),
    }
}

/// Presence and shape only (spec 3.1): a managed-execution implementation exists for the
/// provider, the endpoint is well-formed, and the credential is retrievable and non-blank.
pub async fn validation_error(
    state: &AppState,
    c: &ProviderConnection,
) -> Result<Option<&'static str>, ApiError> {
    if !state.factory.supports(c.provider) {
        return Ok(Some("provider_not_supported"));
    }
    match &c.endpoint {
        None if c.provider == ProviderKind::OpenaiCompatible => {
            return Ok(Some("endpoint_required"))
        }
        None => {}
        Some(e) => {
            let allow = state.config.allow_insecure_provider_endpoints;
            match providers::endpoint::check_form(e, allow) {
                Err(err) => return Ok(Some(err.code())),
                Ok(url) => {
                    if let Err(err) = providers::endpoint::check_resolved(&url).await {
                        return Ok(Some(err.code()));
                    }
                }
            }
        }
    }
    match state.credentials.resolve(&c.credential_reference).await {
        Ok(secret) if secret.expose_secret().trim().is_empty() => Ok(Some("credential_blank")),
        Ok(_) => Ok(None),
        Err(CredentialError::NotFound) => Ok(Some("credential_missing")),
        Err(e @ CredentialError::Unavailable(_)) => Err(store_unavailable(&e)),
        Err(CredentialError::Misconfigured(_)) => Ok(Some("credential_missing")),
    }
}

#[utoipa::path(post, path = "/runtime/provider-connections/{id}/validate", tag = "provider-connections", params(("id" = String, Path)),
    responses((status = 200, body = ProviderConnection)))]
async fn validate(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ProviderConnection>> {
    loop {
        let current = load::<ProviderConnection>(&state, &tenant, &id).await?;
        let mut c = current.value;
        connection_can_validate(c.status).map_err(ApiError::transition)?;
        let failure = validation_error(&state, &c).await?;
        c.status = connection_next(c.status, ConnectionTrigger::Validate(failure.is_none()))
            .map_err(ApiError::transition)?;
        c.last_validation_error_code = failure.map(str::to_owned);
        let now = Timestamp::now();
        c.last_validated_at = Some(now);
        c.updated_at = now;
        match state.store.update(&tenant, &mut c, current.revision).await {
            Ok(()) => return Ok(Json(c)),
            Err(store::StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// New credential version under the same reference; the connection returns to `pending` and
/// serves nothing until validated again.
#[utoipa::path(post, path = "/runtime/provider-connections/{id}/rotate-credential", tag = "provider-connections", params(("id" = String, Path)), request_body = RotateCredential,
    responses((status = 200, body = ProviderConnection)))]
async fn rotate(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    ApiJson(b): ApiJson<RotateCredential>,
) -> ApiResult<Json<ProviderConnection>> {
    let mut errors = Vec::new();
    check_credential(&mut errors, &b.credential);
    check(errors)?;
    let current = load::<ProviderConnection>(&state, &tenant, &id).await?;
    refuse_internal(&current.value)?;
    let mut c = current.value;
    c.status = connection_next(c.status, ConnectionTrigger::RotateCredential)
        .map_err(ApiError::transition)?;
    state
        .credentials
        .rotate(&c.credential_reference, &b.credential)
        .await
        .map_err(credential_error)?;
    let now = Timestamp::now();
    c.credential_rotated_at = Some(now);
    c.updated_at = now;
    // The new secret version is already live; a concurrent change must not undo `pending`.
    loop {
        match state.store.update(&tenant, &mut c, current.revision).await {
            Ok(()) => return Ok(Json(c)),
            Err(store::StoreError::Conflict) => {
                let fresh = load::<ProviderConnection>(&state, &tenant, &id).await?;
                let mut f = fresh.value;
                f.status = connection_next(f.status, ConnectionTrigger::RotateCredential)
                    .map_err(ApiError::transition)?;
                f.credential_rotated_at = Some(now);
                f.updated_at = Timestamp::now();
                match state.store.update(&tenant, &mut f, fresh.revision).await {
                    Ok(()) => return Ok(Json(f)),
                    Err(store::StoreError::Conflict) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
}

async fn transition(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
    trigger: ConnectionTrigger,
) -> ApiResult<Json<ProviderConnection>> {
    let c = modify(state, tenant, id, |c: &mut ProviderConnection| {
        refuse_internal(c)?;
        c.status = connection_next(c.status, trigger).map_err(ApiError::transition)?;
        c.updated_at = Timestamp::now();
        Ok(())
    })
    .await?;
    Ok(Json(c))
}

#[utoipa::path(post, path = "/runtime/provider-connections/{id}/enable", tag = "provider-connections", params(("id" = String, Path)),
    responses((status = 200, body = ProviderConnection)))]
async fn enable(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ProviderConnection>> {
    transition(&state, &tenant, &id, ConnectionTrigger::Enable).await
}

#[utoipa::path(post, path = "/runtime/provider-connections/{id}/disable", tag = "provider-connections", params(("id" = String, Path)),
    responses((status = 200, body = ProviderConnection)))]
async fn disable(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<ProviderConnection>> {
    transition(&state, &tenant, &id, ConnectionTrigger::Disable).await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get_one, patch, delete))
        .routes(routes!(validate))
        .routes(routes!(rotate))
        .routes(routes!(enable))
        .routes(routes!(disable))
}
