//! One file per resource: extract, call, map. Shared response shapes live here.

pub mod adapters;
pub mod agents;
pub mod connections;
pub mod decisions;
pub mod metrics;
pub mod ops;
pub mod profiles;
pub mod runs;
pub mod sessions;

use crate::context;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use domain::{Agent, DecisionRecord, ExecutionProfile, ProviderConnection, Session, TenantId};
use serde::Serialize;
use store::{Record, StoreError, Versioned};
use utoipa::{IntoParams, ToSchema};

/// How the API names a stored resource: the 404 code and label when it is missing, and the
/// request-log field its id goes to.
pub trait Resource: Record {
    const NOT_FOUND: &'static str;
    const LABEL: &'static str;
    fn note_id(_id: &str) {}
}

/// Ids reach the request log bounded, like every other logged value.
fn bounded(id: &str) -> Option<String> {
    Some(id.chars().take(128).collect())
}

impl Resource for Agent {
    const NOT_FOUND: &'static str = "agent_not_found";
    const LABEL: &'static str = "Agent";
    fn note_id(id: &str) {
        context::note(|f| f.agent_id = bounded(id));
    }
}

impl Resource for ExecutionProfile {
    const NOT_FOUND: &'static str = "profile_not_found";
    const LABEL: &'static str = "Execution profile";
}

impl Resource for ProviderConnection {
    const NOT_FOUND: &'static str = "connection_not_found";
    const LABEL: &'static str = "Provider connection";
}

impl Resource for Session {
    const NOT_FOUND: &'static str = "session_not_found";
    const LABEL: &'static str = "Session";
    fn note_id(id: &str) {
        context::note(|f| f.session_id = bounded(id));
    }
}

impl Resource for DecisionRecord {
    const NOT_FOUND: &'static str = "decision_not_found";
    const LABEL: &'static str = "Decision record";
    fn note_id(id: &str) {
        context::note(|f| f.decision_id = bounded(id));
    }
}

/// Reads one resource of the tenant; 404 with the resource's own code when it is missing.
pub async fn load<R: Resource>(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
) -> ApiResult<Versioned<R>> {
    R::note_id(id);
    match state.store.get::<R>(tenant, id).await {
        Err(StoreError::NotFound) => Err(ApiError::not_found(R::NOT_FOUND, R::LABEL, id)),
        other => Ok(other?),
    }
}

/// Read, change, write with optimistic concurrency. A lost race re-reads and applies
/// `change` again to the newer state, so a transition the newer state refuses answers 409.
pub async fn modify<R: Resource>(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
    mut change: impl FnMut(&mut R) -> ApiResult<()>,
) -> ApiResult<R> {
    loop {
        let current = load::<R>(state, tenant, id).await?;
        let mut record = current.value;
        change(&mut record)?;
        match state
            .store
            .update(tenant, &mut record, current.revision)
            .await
        {
            Ok(()) => return Ok(record),
            Err(StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Every list answers this envelope, newest first.
#[derive(Serialize, ToSchema)]
pub struct ListOf<T> {
    pub items: Vec<T>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl<T> From<store::Page<T>> for ListOf<T> {
    fn from(p: store::Page<T>) -> Self {
        ListOf {
            items: p.items,
            next_cursor: p.next_cursor,
        }
    }
}

/// Paging parameters shared by every list.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct Paging {
    /// Page size, 1-200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u32>,
    /// Opaque cursor from a previous page's `next_cursor`.
    pub cursor: Option<String>,
}

/// Trims and bounds a required free-text field.
pub fn required_text(
    errors: &mut Vec<crate::error::FieldError>,
    field: &str,
    value: &str,
    max: usize,
) {
    if value.trim().is_empty() {
        errors.push(crate::error::FieldError {
            field: field.into(),
            message: "must not be empty".into(),
        });
    } else if value.chars().count() > max {
        errors.push(crate::error::FieldError {
            field: field.into(),
            message: format!("must be at most {max} characters"),
        });
    }
}

pub fn field_error(
    errors: &mut Vec<crate::error::FieldError>,
    field: &str,
    message: impl Into<String>,
) {
    errors.push(crate::error::FieldError {
        field: field.into(),
        message: message.into(),
    });
}

pub fn check(errors: Vec<crate::error::FieldError>) -> Result<(), crate::error::ApiError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(crate::error::ApiError::validation(errors))
    }
}
