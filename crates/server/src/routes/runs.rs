//! External agent runs (spec 4.3): the caller's own model produced a finished output; the
//! service records and evaluates it, alone or as the next run of an existing session.

use super::{check, field_error, required_text};
use crate::context;
use crate::error::{ApiError, ApiResult, FieldError};
use crate::extract::{ApiJson, Tenant};
use crate::runtime::{self, RunInput, RunResult, SessionChange, Submission};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::*;
use serde::{Deserialize, Serialize};
use store::UnitOfWork;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const MAX_SOURCES: usize = 100;
pub const MAX_CLAIMS: usize = 200;
pub const MAX_MEDICATIONS: usize = 100;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmitRun {
    pub agent_id: String,
    pub case_id: String,
    pub task_type: TaskType,
    pub model_provider: String,
    pub model_version: String,
    pub source_references: Vec<SourceReference>,
    pub agent_output: AgentOutput,
    /// Adds the run to this session (which must be `running`, e.g. after a retry).
    pub session_id: Option<String>,
}

/// The fields every run response carries.
#[derive(Serialize, ToSchema)]
pub struct RunResponse {
    pub session_id: SessionId,
    pub run_id: RunId,
    pub decision_id: DecisionId,
    pub execution_origin: ExecutionOrigin,
    pub control_action: Option<ControlAction>,
    pub risk_score: Option<f64>,
    pub risk_level: Option<RiskLevel>,
    pub review_required: bool,
    pub decision_status: DecisionStatus,
    pub session_state: SessionState,
    pub policy_results: Vec<PolicyResult>,
    pub evidence_results: Vec<EvidenceResult>,
    pub intake_errors: Vec<IntakeError>,
}

impl From<&RunResult> for RunResponse {
    fn from(r: &RunResult) -> Self {
        RunResponse {
            session_id: r.session.session_id.clone(),
            run_id: r.run.run_id.clone(),
            decision_id: r.decision.decision_id.clone(),
            execution_origin: r.run.execution_origin,
            control_action: r.decision.control_action,
            risk_score: r.decision.risk_score,
            risk_level: r.decision.risk_level,
            review_required: r.decision.review_required,
            decision_status: r.decision.status,
            session_state: r.session.current_state,
            policy_results: r.decision.policy_results.clone(),
            evidence_results: r.decision.evidence_results.clone(),
            intake_errors: r.decision.intake_errors.clone(),
        }
    }
}

/// Shape checks on sources (malformed input is a 400; contradictions are intake's job).
pub fn validate_sources(errors: &mut Vec<FieldError>, sources: &[SourceReference]) {
    if sources.len() > MAX_SOURCES {
        field_error(
            errors,
            "source_references",
            format!("must have at most {MAX_SOURCES} items"),
        );
    }
    for (i, s) in sources.iter().enumerate() {
        required_text(
            errors,
            &format!("source_references[{i}].source_id"),
            &s.source_id,
            128,
        );
        required_text(
            errors,
            &format!("source_references[{i}].title"),
            &s.title,
            512,
        );
        if s.content.chars().count() > 200_000 {
            field_error(
                errors,
                &format!("source_references[{i}].content"),
                "must be at most 200000 characters",
            );
        }
    }
}

pub fn validate_output(errors: &mut Vec<FieldError>, out: &AgentOutput) {
    if out.claims.len() > MAX_CLAIMS {
        field_error(
            errors,
            "agent_output.claims",
            format!("must have at most {MAX_CLAIMS} items"),
        );
    }
    if out.medication_recommendations.len() > MAX_MEDICATIONS {
        field_error(
            errors,
            "agent_output.medication_recommendations",
            format!("must have at most {MAX_MEDICATIONS} items"),
        );
    }
    for (i, c) in out.claims.iter().enumerate() {
        required_text(
            errors,
            &format!("agent_output.claims[{i}].claim_id"),
            &c.claim_id,
            128,
        );
        required_text(
            errors,
            &format!("agent_output.claims[{i}].claim_type"),
            &c.claim_type,
            128,
        );
        if c.statement.chars().count() > 10_000 {
            field_error(
                errors,
                &format!("agent_output.claims[{i}].statement"),
                "must be at most 10000 characters",
            );
        }
        if c.supporting_source_ids.len() > 50 {
            field_error(
                errors,
                &format!("agent_output.claims[{i}].supporting_source_ids"),
                "must have at most 50 items",
            );
        }
    }
    for (i, m) in out.medication_recommendations.iter().enumerate() {
        if !m.is_object() {
            field_error(
                errors,
                &format!("agent_output.medication_recommendations[{i}]"),
                "must be an object",
            );
        }
    }
}

/// Submit a finished output of the caller's own agent. 201 with the decision, also when
/// intake rejects it (the submission is recorded, control action `reject`).
#[utoipa::path(post, path = "/runtime/agent-runs", tag = "agent-runs", request_body = SubmitRun,
    responses((status = 201, body = RunResponse)))]
async fn submit(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    ApiJson(b): ApiJson<SubmitRun>,
) -> ApiResult<(StatusCode, Json<RunResponse>)> {
    let mut errors = Vec::new();
    required_text(&mut errors, "agent_id", &b.agent_id, 128);
    required_text(&mut errors, "case_id", &b.case_id, 256);
    required_text(&mut errors, "model_provider", &b.model_provider, 256);
    required_text(&mut errors, "model_version", &b.model_version, 256);
    validate_sources(&mut errors, &b.source_references);
    validate_output(&mut errors, &b.agent_output);
    check(errors)?;
    let agent = super::load::<Agent>(&state, &tenant, &b.agent_id)
        .await?
        .value;
    // External submissions never accept a draft agent.
    runtime::check_agent_may_run(&agent, b.task_type, false)?;
    let run_id = RunId::generate();
    let change = match &b.session_id {
        None => {
            let session = runtime::new_session(
                &tenant,
                &agent,
                &b.case_id,
                b.task_type,
                None,
                ExecutionOrigin::External,
                &run_id,
            );
            let mut change = SessionChange::new_session(session);
            change.apply(SessionTrigger::Enqueue, runtime::ACTOR_SERVICE)?;
            change.apply(SessionTrigger::Start, runtime::ACTOR_SERVICE)?;
            change
        }
        Some(sid) => {
            context::note(|f| f.session_id = Some(sid.chars().take(128).collect()));
            let current = super::load::<Session>(&state, &tenant, sid).await?;
            let s = &current.value;
            let accepts = s.current_state == SessionState::Running
                && s.execution_origin == ExecutionOrigin::External
                && s.agent_id == agent.agent_id
                && s.case_id == b.case_id
                && s.task_type == b.task_type;
            if !accepts {
                return Err(ApiError::conflict(
                    "session_not_accepting_runs",
                    format!(
                        "Session {sid} is {} or belongs to another agent, case or task",
                        s.current_state
                    ),
                ));
            }
            SessionChange::existing(&state, &tenant, current).await?
        }
    };
    let mut uow = UnitOfWork::new();
    if b.session_id.is_none() {
        let inputs = SessionInputs {
            source_references: b.source_references.clone(),
            clinical_context: None,
            instructions: None,
        };
        uow.session_inputs(&change.session.session_id, inputs)?;
    }
    let input = RunInput {
        agent,
        origin: ExecutionOrigin::External,
        case_id: b.case_id,
        task_type: b.task_type,
        user_role: None,
        sources: b.source_references,
        clinical_context: None,
        model_provider: b.model_provider,
        model_version: b.model_version,
    };
    let submission = Submission {
        run_id,
        output: b.agent_output,
        structured_output_error: None,
        lead_events: vec![],
    };
    let result = runtime::submit(&state, &tenant, change, input, submission, uow).await?;
    Ok((StatusCode::CREATED, Json(RunResponse::from(&result))))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(submit))
}
