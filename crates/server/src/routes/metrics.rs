//! Metrics (spec 4.8): read from counters maintained in the same transaction as each write,
//! so the cost does not grow with the number of records.

use crate::error::{ApiError, ApiResult};
use crate::extract::{ListQuery, Tenant};
use crate::state::AppState;
use axum::extract::{RawQuery, State};
use axum::Json;
use domain::Timestamp;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(Serialize, ToSchema)]
pub struct CountBy {
    pub total: i64,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub by: BTreeMap<String, BTreeMap<String, i64>>,
}

#[derive(Serialize, ToSchema)]
pub struct Reviews {
    pub approved: i64,
    pub rejected: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ManagedExecution {
    pub calls: i64,
    pub failures: i64,
    pub input_tokens: i64,
    pub output_tokens: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Metrics {
    pub generated_at: Timestamp,
    pub agent_id: Option<String>,
    pub sessions: CountBy,
    pub runs: CountBy,
    pub decisions: CountBy,
    pub auto_approval_rate: f64,
    pub review_rate: f64,
    pub block_rate: f64,
    pub average_risk_score: f64,
    pub policy_failures: BTreeMap<String, i64>,
    pub claims: CountBy,
    pub reviews: Reviews,
    pub managed_execution: ManagedExecution,
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct MetricsParams {
    /// Only this agent's activity.
    pub agent_id: Option<String>,
}

fn group(counters: &BTreeMap<String, (i64, f64)>, prefix: &str) -> BTreeMap<String, i64> {
    counters
        .iter()
        .filter_map(|(k, (n, _))| k.strip_prefix(prefix).map(|rest| (rest.to_owned(), *n)))
        .filter(|(_, n)| *n != 0)
        .collect()
}

fn rate(part: i64, whole: i64) -> f64 {
    if whole <= 0 {
        0.0
    } else {
        (part as f64 / whole as f64).clamp(0.0, 1.0)
    }
}

#[utoipa::path(get, path = "/runtime/metrics", tag = "metrics", params(MetricsParams),
    responses((status = 200, body = Metrics)))]
async fn metrics(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<Metrics>> {
    let q = ListQuery::parse(q.as_deref(), &["agent_id"])?;
    if q.cursor.is_some() || q.limit != 50 {
        return Err(ApiError::invalid_field(
            "limit",
            "metrics take only agent_id",
        ));
    }
    let agent_id = q.get("agent_id").map(str::to_owned);
    if let Some(a) = &agent_id {
        super::load::<domain::Agent>(&state, &tenant, a).await?;
    }
    let rows = state
        .store
        .counters(&tenant, agent_id.as_deref().unwrap_or(""))
        .await?;
    let c: BTreeMap<String, (i64, f64)> =
        rows.into_iter().map(|r| (r.name, (r.n, r.total))).collect();
    let n = |k: &str| c.get(k).map(|v| v.0).unwrap_or(0);
    let actions = group(&c, "decisions.action.");
    let evaluated: i64 = actions.values().sum();
    let (risk_n, risk_total) = c.get("risk_score").copied().unwrap_or((0, 0.0));
    let mut decisions_by = BTreeMap::new();
    decisions_by.insert("by_status".to_owned(), group(&c, "decisions.status."));
    decisions_by.insert("by_control_action".to_owned(), actions.clone());
    Ok(Json(Metrics {
        generated_at: Timestamp::now(),
        agent_id,
        sessions: CountBy {
            total: n("sessions.total"),
            by: BTreeMap::from([("by_state".to_owned(), group(&c, "sessions.state."))]),
        },
        runs: CountBy {
            total: n("runs.total"),
            by: BTreeMap::from([("by_origin".to_owned(), group(&c, "runs.origin."))]),
        },
        decisions: CountBy {
            total: n("decisions.total"),
            by: decisions_by,
        },
        auto_approval_rate: rate(actions.get("auto_approve").copied().unwrap_or(0), evaluated),
        review_rate: rate(
            actions.get("require_review").copied().unwrap_or(0),
            evaluated,
        ),
        block_rate: rate(actions.get("block").copied().unwrap_or(0), evaluated),
        average_risk_score: if risk_n > 0 {
            (risk_total / risk_n as f64).clamp(0.0, 1.0)
        } else {
            0.0
        },
        policy_failures: group(&c, "policy_failures."),
        claims: CountBy {
            total: n("claims.total"),
            by: BTreeMap::from([("by_support".to_owned(), group(&c, "claims.support."))]),
        },
        reviews: Reviews {
            approved: n("reviews.approved"),
            rejected: n("reviews.rejected"),
        },
        managed_execution: ManagedExecution {
            calls: n("managed.calls"),
            failures: n("managed.failures"),
            input_tokens: c
                .get("managed.input_tokens")
                .map(|v| v.1 as i64)
                .unwrap_or(0),
            output_tokens: c
                .get("managed.output_tokens")
                .map(|v| v.1 as i64)
                .unwrap_or(0),
        },
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(metrics))
}
