//! Decision records (spec 2.7, 4.8): list, read, export for audit handoff, and exact replay
//! of the deterministic pipeline on the recorded inputs with the recorded policy bundle.

use super::{load, ListOf, Paging};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ListQuery, Tenant};
use crate::runtime;
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::Json;
use domain::*;
use serde::Serialize;
use std::sync::Arc;
use store::Filter;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct DecisionFilters {
    pub status: Option<DecisionStatus>,
    pub agent_id: Option<String>,
    pub session_id: Option<String>,
    pub case_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DecisionExport {
    pub exported_at: Timestamp,
    pub decision_record: DecisionRecord,
}

/// The evaluation part of a decision: what replay recomputes and compares.
#[derive(Serialize, ToSchema, PartialEq, Clone)]
pub struct Evaluated {
    pub intake_errors: Vec<IntakeError>,
    pub evidence_results: Vec<EvidenceResult>,
    pub policy_results: Vec<PolicyResult>,
    pub risk_score: Option<f64>,
    pub risk_level: Option<RiskLevel>,
    pub risk_factors: Vec<RiskFactor>,
    pub control_action: Option<ControlAction>,
    pub review_required: bool,
}

#[derive(Serialize, ToSchema)]
pub struct DecisionReplay {
    pub decision_id: DecisionId,
    pub pipeline_version: String,
    pub policy_set_version: Option<String>,
    /// Null when the decision never received an agent output (nothing to replay).
    pub recorded: Option<Evaluated>,
    pub replayed: Option<Evaluated>,
    pub matches: bool,
    /// Names of the fields whose serialized bytes differ.
    pub differences: Vec<String>,
    pub runtime_events: Vec<RuntimeEvent>,
}

#[utoipa::path(get, path = "/runtime/decision-records", tag = "decision-records", params(Paging, DecisionFilters),
    responses((status = 200, body = ListOf<DecisionRecord>)))]
async fn list(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<ListOf<DecisionRecord>>> {
    let q = ListQuery::parse(
        q.as_deref(),
        &["status", "agent_id", "session_id", "case_id"],
    )?;
    let status = q.enum_filter::<DecisionStatus>("status")?;
    let filter = Filter::new()
        .eq_opt("status", status.map(|s| s.as_str()))
        .eq_opt("agent_id", q.get("agent_id"))
        .eq_opt("session_id", q.get("session_id"))
        .eq_opt("case_id", q.get("case_id"));
    Ok(Json(
        state
            .store
            .list::<DecisionRecord>(&tenant, &filter, &q.page())
            .await?
            .into(),
    ))
}

#[utoipa::path(get, path = "/runtime/decision-records/{id}", tag = "decision-records", params(("id" = String, Path)),
    responses((status = 200, body = DecisionRecord)))]
async fn get_one(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<DecisionRecord>> {
    Ok(Json(
        load::<DecisionRecord>(&state, &tenant, &id).await?.value,
    ))
}

#[utoipa::path(get, path = "/runtime/decision-records/{id}/export", tag = "decision-records", params(("id" = String, Path)),
    responses((status = 200, body = DecisionExport)))]
async fn export(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<DecisionExport>> {
    let decision_record = load::<DecisionRecord>(&state, &tenant, &id).await?.value;
    Ok(Json(DecisionExport {
        exported_at: Timestamp::now(),
        decision_record,
    }))
}

/// The bundle a decision was made with: the live one, a cached one, or the stored copy.
async fn bundle(state: &AppState, version: &str) -> ApiResult<Arc<evaluation::PolicyBundle>> {
    if state.policy.version() == version {
        return Ok(state.policy.clone());
    }
    if let Some(b) = state
        .bundle_cache
        .lock()
        .ok()
        .and_then(|c| c.get(version).cloned())
    {
        return Ok(b);
    }
    let files = state
        .store
        .policy_bundle(version)
        .await?
        .ok_or_else(|| ApiError::internal(format!("policy bundle {version} is not stored")))?;
    let files: Vec<(String, String)> = serde_json::from_str(&files).map_err(ApiError::internal)?;
    let b = Arc::new(
        evaluation::PolicyBundle::from_files(files)
            .map_err(|e| ApiError::internal(format!("stored policy bundle {version}: {e}")))?,
    );
    if let Ok(mut cache) = state.bundle_cache.lock() {
        cache.insert(version.to_owned(), b.clone());
    }
    Ok(b)
}

fn recorded_part(d: &DecisionRecord) -> Evaluated {
    Evaluated {
        intake_errors: d.intake_errors.clone(),
        evidence_results: d.evidence_results.clone(),
        policy_results: d.policy_results.clone(),
        risk_score: d.risk_score,
        risk_level: d.risk_level,
        risk_factors: d.risk_factors.clone(),
        control_action: d.control_action,
        review_required: d.review_required,
    }
}

fn differences(a: &Evaluated, b: &Evaluated) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return vec!["unserializable".into()];
    };
    a.iter()
        .filter(|(k, v)| {
            serde_json::to_string(v).ok() != b.get(*k).and_then(|w| serde_json::to_string(w).ok())
        })
        .map(|(k, _)| k.clone())
        .collect()
}

/// Re-runs the deterministic pipeline on the recorded inputs, bundle and clock value.
#[utoipa::path(get, path = "/runtime/decision-records/{id}/replay", tag = "decision-records", params(("id" = String, Path)),
    responses((status = 200, body = DecisionReplay)))]
async fn replay(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<DecisionReplay>> {
    let d = load::<DecisionRecord>(&state, &tenant, &id).await?.value;
    let (recorded, replayed, mut diffs) =
        match (&d.agent_output, d.evaluated_at, &d.policy_set_version) {
            (Some(output), Some(at), Some(version)) => {
                let b = bundle(&state, version).await?;
                let outcome = runtime::run_pipeline(&d, output, &b, at, None);
                let replayed = Evaluated {
                    intake_errors: outcome.intake_errors,
                    evidence_results: outcome.evidence_results,
                    policy_results: outcome.policy_results,
                    risk_score: Some(outcome.risk.score),
                    risk_level: Some(outcome.risk.level),
                    risk_factors: outcome.risk.factors,
                    control_action: Some(outcome.control_action),
                    review_required: outcome.review_required,
                };
                let recorded = recorded_part(&d);
                let diffs = differences(&recorded, &replayed);
                (Some(recorded), Some(replayed), diffs)
            }
            _ => (None, None, vec![]),
        };
    if d.pipeline_version != evaluation::PIPELINE_VERSION && !diffs.is_empty() {
        diffs.push("pipeline_version".into());
    }
    Ok(Json(DecisionReplay {
        decision_id: d.decision_id,
        pipeline_version: d.pipeline_version,
        policy_set_version: d.policy_set_version,
        matches: diffs.is_empty(),
        recorded,
        replayed,
        differences: diffs,
        runtime_events: d.runtime_events,
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(get_one))
        .routes(routes!(export))
        .routes(routes!(replay))
}
