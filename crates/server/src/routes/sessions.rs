//! Runtime sessions (spec 2.5, 3.4, 4.7): internal-origin sessions run the reference agent in
//! the call; review actions, retry, pause, resume and cancel move the session through the
//! contract's state machine and close or finalize its current decision in the same commit.

use super::runs::validate_sources;
use super::{check, field_error, load, required_text, ListOf, Paging};
use crate::context;
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ListQuery, OptionalJson, Tenant};
use crate::runtime::{self, RunInput, SessionChange, Submission, ACTOR_SERVICE};
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::Json;
use domain::*;
use serde::{Deserialize, Serialize};
use store::{Filter, UnitOfWork, Versioned};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSession {
    pub case_id: String,
    pub agent_id: String,
    pub task_type: TaskType,
    pub user_role: UserRole,
    #[serde(default)]
    pub source_references: Vec<SourceReference>,
    #[schema(value_type = Option<Object>)]
    pub clinical_context: Option<serde_json::Map<String, serde_json::Value>>,
    /// Testing only; ignored (draft refused) in a production-like environment.
    #[serde(default)]
    pub allow_draft_agent: bool,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ReviewAction {
    /// Required for approve and reject.
    pub reviewer_id: Option<String>,
    pub notes: Option<String>,
}

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SessionFilters {
    pub state: Option<SessionState>,
    pub agent_id: Option<String>,
    pub case_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Timeline {
    pub session_id: SessionId,
    pub items: Vec<TimelineEntry>,
}

#[derive(Serialize, ToSchema)]
pub struct RunWithDecision {
    pub run: AgentRun,
    pub decision: Option<DecisionRecord>,
}

#[derive(Serialize, ToSchema)]
pub struct SessionReplay {
    pub session: Session,
    pub timeline: Vec<TimelineEntry>,
    pub runs: Vec<RunWithDecision>,
}

/// Create an internal-origin session: the reference agent produces an output grounded in the
/// given sources and the pipeline evaluates it in the same call.
#[utoipa::path(post, path = "/runtime/sessions", tag = "sessions", request_body = CreateSession,
    responses((status = 201, body = Session)))]
async fn create(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    ApiJson(b): ApiJson<CreateSession>,
) -> ApiResult<(StatusCode, Json<Session>)> {
    let mut errors = Vec::new();
    required_text(&mut errors, "case_id", &b.case_id, 256);
    required_text(&mut errors, "agent_id", &b.agent_id, 128);
    validate_sources(&mut errors, &b.source_references);
    check(errors)?;
    let agent = super::load::<Agent>(&state, &tenant, &b.agent_id)
        .await?
        .value;
    let allow_draft = b.allow_draft_agent && !state.config.production_like();
    runtime::check_agent_may_run(&agent, b.task_type, allow_draft)?;
    let run_id = RunId::generate();
    let session = runtime::new_session(
        &tenant,
        &agent,
        &b.case_id,
        b.task_type,
        Some(b.user_role),
        ExecutionOrigin::Synthetic,
        &run_id,
    );
    let mut change = SessionChange::new_session(session);
    change.apply(SessionTrigger::Enqueue, ACTOR_SERVICE)?;
    change.apply(SessionTrigger::Start, ACTOR_SERVICE)?;
    let inputs = SessionInputs {
        source_references: b.source_references,
        clinical_context: b.clinical_context.map(serde_json::Value::Object),
        instructions: None,
    };
    let mut uow = UnitOfWork::new();
    uow.session_inputs(&change.session.session_id, inputs.clone())?;
    let result = run_reference(&state, &tenant, change, agent, inputs, run_id, uow).await?;
    Ok((StatusCode::CREATED, Json(result.session)))
}

/// Invokes the in-process reference agent and evaluates its output in a running session.
async fn run_reference(
    state: &AppState,
    tenant: &TenantId,
    change: SessionChange,
    agent: Agent,
    inputs: SessionInputs,
    run_id: RunId,
    uow: UnitOfWork,
) -> ApiResult<runtime::RunResult> {
    let s = &change.session;
    let output = runtime::reference_output(&agent, s.task_type, &inputs.source_references);
    let input = RunInput {
        origin: ExecutionOrigin::Synthetic,
        case_id: s.case_id.clone(),
        task_type: s.task_type,
        user_role: s.user_role,
        sources: inputs.source_references,
        clinical_context: inputs.clinical_context,
        model_provider: agent.model_provider.clone(),
        model_version: agent.model_version.clone(),
        agent,
    };
    let submission = Submission {
        run_id,
        output,
        structured_output_error: None,
        lead_events: vec![(
            "agent.invoked",
            serde_json::json!({"adapter_id": "reference", "execution_mode": "synthetic"}),
        )],
    };
    runtime::submit(state, tenant, change, input, submission, uow).await
}

#[utoipa::path(get, path = "/runtime/sessions", tag = "sessions", params(Paging, SessionFilters),
    responses((status = 200, body = ListOf<Session>)))]
async fn list(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    RawQuery(q): RawQuery,
) -> ApiResult<Json<ListOf<Session>>> {
    let q = ListQuery::parse(q.as_deref(), &["state", "agent_id", "case_id"])?;
    let st = q.enum_filter::<SessionState>("state")?;
    let filter = Filter::new()
        .eq_opt("state", st.map(|s| s.as_str()))
        .eq_opt("agent_id", q.get("agent_id"))
        .eq_opt("case_id", q.get("case_id"));
    Ok(Json(
        state
            .store
            .list::<Session>(&tenant, &filter, &q.page())
            .await?
            .into(),
    ))
}

#[utoipa::path(get, path = "/runtime/sessions/{id}", tag = "sessions", params(("id" = String, Path)),
    responses((status = 200, body = Session)))]
async fn get_one(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Session>> {
    Ok(Json(load::<Session>(&state, &tenant, &id).await?.value))
}

#[utoipa::path(get, path = "/runtime/sessions/{id}/timeline", tag = "sessions", params(("id" = String, Path)),
    responses((status = 200, body = Timeline)))]
async fn timeline(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Timeline>> {
    let s = load::<Session>(&state, &tenant, &id).await?.value;
    let items = state.store.timeline(&tenant, &s.session_id).await?;
    Ok(Json(Timeline {
        session_id: s.session_id,
        items,
    }))
}

/// Full multi-run replay: the session, its timeline, and every run with its decision.
#[utoipa::path(get, path = "/runtime/sessions/{id}/replay", tag = "sessions", params(("id" = String, Path)),
    responses((status = 200, body = SessionReplay)))]
async fn replay(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<SessionReplay>> {
    let session = load::<Session>(&state, &tenant, &id).await?.value;
    let timeline = state.store.timeline(&tenant, &session.session_id).await?;
    let runs: Vec<AgentRun> = state
        .store
        .all_where(&tenant, "session_id", session.session_id.as_str())
        .await?;
    let decisions: Vec<DecisionRecord> = state
        .store
        .all_where(&tenant, "session_id", session.session_id.as_str())
        .await?;
    let mut runs: Vec<RunWithDecision> = runs
        .into_iter()
        .map(|run| {
            let decision = decisions
                .iter()
                .find(|d| d.decision_id == run.decision_id)
                .cloned();
            RunWithDecision { run, decision }
        })
        .collect();
    runs.sort_by_key(|r| r.run.sequence);
    Ok(Json(SessionReplay {
        session,
        timeline,
        runs,
    }))
}

fn reviewer(body: &ReviewAction, required: bool) -> ApiResult<Option<String>> {
    let mut errors = Vec::new();
    match &body.reviewer_id {
        Some(r) => required_text(&mut errors, "reviewer_id", r, 128),
        None if required => field_error(&mut errors, "reviewer_id", "is required"),
        None => {}
    }
    if let Some(n) = &body.notes {
        if n.chars().count() > 4000 {
            field_error(&mut errors, "notes", "must be at most 4000 characters");
        }
    }
    check(errors)?;
    Ok(body.reviewer_id.as_ref().map(|r| r.trim().to_owned()))
}

async fn current_decision(
    state: &AppState,
    tenant: &TenantId,
    s: &Session,
) -> ApiResult<Option<Versioned<DecisionRecord>>> {
    match &s.current_decision_id {
        None => Ok(None),
        Some(d) => match state.store.get::<DecisionRecord>(tenant, d.as_str()).await {
            Ok(v) => Ok(Some(v)),
            Err(store::StoreError::NotFound) => Ok(None),
            Err(e) => Err(e.into()),
        },
    }
}

/// Commits a prepared step; `Ok(None)` means another request won the race: re-read and retry.
async fn commit_or_retry(
    state: &AppState,
    tenant: &TenantId,
    change: SessionChange,
    mut uow: UnitOfWork,
) -> ApiResult<Option<Session>> {
    let session = change.write(&mut uow)?;
    match state.store.commit(tenant, uow).await {
        Ok(()) => Ok(Some(session)),
        Err(store::StoreError::Conflict) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Review {
    Approve,
    Reject,
}

async fn review(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
    body: ReviewAction,
    kind: Review,
) -> ApiResult<Json<Session>> {
    let reviewer_id = reviewer(&body, true)?.unwrap_or_default();
    loop {
        let current = load::<Session>(state, tenant, id).await?;
        let mut change = SessionChange::existing(state, tenant, current).await?;
        let actor = format!("reviewer:{reviewer_id}");
        let trigger = if kind == Review::Approve {
            SessionTrigger::Approve
        } else {
            SessionTrigger::Reject
        };
        change.apply(trigger, &actor)?;
        let mut uow = UnitOfWork::new();
        if let Some(dv) = current_decision(state, tenant, &change.session).await? {
            let mut d = dv.value;
            let from = d.status;
            d.status = decision_next(from, DecisionTrigger::ReviewerActed)
                .map_err(ApiError::transition)?;
            let now = Timestamp::now();
            d.reviewer_id = Some(reviewer_id.clone());
            d.review_notes = body.notes.clone();
            d.finalized_at = Some(now);
            d.updated_at = now;
            let (event, action, resolution) = match kind {
                Review::Approve => (
                    "review.approved",
                    HumanAction::Approved,
                    Resolution::Approved,
                ),
                Review::Reject => (
                    "review.rejected",
                    HumanAction::Rejected,
                    Resolution::Rejected,
                ),
            };
            d.human_action = Some(action);
            d.resolution = Some(resolution);
            d.final_output = if kind == Review::Approve {
                d.agent_output.clone()
            } else {
                None
            };
            runtime::push_event(
                &mut d,
                event,
                &actor,
                serde_json::json!({"has_notes": body.notes.is_some()}),
            );
            runtime::push_event(
                &mut d,
                "decision.finalized",
                &actor,
                serde_json::json!({"resolution": resolution.as_str()}),
            );
            runtime::count_decision_status(&mut uow, d.agent_id.as_str(), Some(from), d.status);
            for scope in ["", d.agent_id.as_str()] {
                uow.count(scope, format!("reviews.{}", action.as_str()), 1, 0.0);
            }
            context::note(|f| f.decision_id = Some(d.decision_id.as_str().to_owned()));
            uow.update(&mut d, dv.revision)?;
        }
        if let Some(s) = commit_or_retry(state, tenant, change, uow).await? {
            return Ok(Json(s));
        }
    }
}

/// Approve output awaiting review (reviewer_id required); finalizes the decision.
#[utoipa::path(post, path = "/runtime/sessions/{id}/approve", tag = "sessions", params(("id" = String, Path)), request_body = ReviewAction,
    responses((status = 200, body = Session)))]
async fn approve(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    OptionalJson(b): OptionalJson<ReviewAction>,
) -> ApiResult<Json<Session>> {
    review(&state, &tenant, &id, b, Review::Approve).await
}

/// Reject output awaiting review (reviewer_id required); the session moves to blocked.
#[utoipa::path(post, path = "/runtime/sessions/{id}/reject", tag = "sessions", params(("id" = String, Path)), request_body = ReviewAction,
    responses((status = 200, body = Session)))]
async fn reject(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    OptionalJson(b): OptionalJson<ReviewAction>,
) -> ApiResult<Json<Session>> {
    review(&state, &tenant, &id, b, Review::Reject).await
}

async fn simple(
    state: &AppState,
    tenant: &TenantId,
    id: &str,
    trigger: SessionTrigger,
) -> ApiResult<Json<Session>> {
    loop {
        let current = load::<Session>(state, tenant, id).await?;
        if trigger == SessionTrigger::Cancel
            && current.value.current_state == SessionState::Cancelled
        {
            return Ok(Json(current.value));
        }
        let mut change = SessionChange::existing(state, tenant, current).await?;
        change.apply(trigger, "caller")?;
        let mut uow = UnitOfWork::new();
        if trigger == SessionTrigger::Cancel {
            if let Some(dv) = current_decision(state, tenant, &change.session).await? {
                let mut d = dv.value;
                if runtime::close_decision(&mut d, Resolution::Cancelled, "caller", &mut uow)? {
                    uow.update(&mut d, dv.revision)?;
                }
            }
        }
        if let Some(s) = commit_or_retry(state, tenant, change, uow).await? {
            return Ok(Json(s));
        }
    }
}

#[utoipa::path(post, path = "/runtime/sessions/{id}/pause", tag = "sessions", params(("id" = String, Path)),
    responses((status = 200, body = Session)))]
async fn pause(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Session>> {
    simple(&state, &tenant, &id, SessionTrigger::Pause).await
}

/// Back to running; the timeline shows the transient `resumed`.
#[utoipa::path(post, path = "/runtime/sessions/{id}/resume", tag = "sessions", params(("id" = String, Path)),
    responses((status = 200, body = Session)))]
async fn resume(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Session>> {
    simple(&state, &tenant, &id, SessionTrigger::Resume).await
}

/// Terminal. Cancelling a cancelled session answers 200 and changes nothing.
#[utoipa::path(post, path = "/runtime/sessions/{id}/cancel", tag = "sessions", params(("id" = String, Path)),
    responses((status = 200, body = Session)))]
async fn cancel(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Session>> {
    simple(&state, &tenant, &id, SessionTrigger::Cancel).await
}

/// Retry from blocked, failed or waiting_for_human_review. Internal and managed sessions run
/// again in this call (a new run); external sessions reopen to `running` for the next submission.
#[utoipa::path(post, path = "/runtime/sessions/{id}/retry", tag = "sessions", params(("id" = String, Path)), request_body = ReviewAction,
    responses((status = 200, body = Session)))]
async fn retry(
    State(state): State<AppState>,
    Tenant(tenant): Tenant,
    Path(id): Path<String>,
    OptionalJson(b): OptionalJson<ReviewAction>,
) -> ApiResult<Json<Session>> {
    let reviewer_id = reviewer(&b, false)?;
    let actor = reviewer_id
        .as_ref()
        .map(|r| format!("reviewer:{r}"))
        .unwrap_or_else(|| "caller".into());
    loop {
        let current = load::<Session>(&state, &tenant, &id).await?;
        let origin = current.value.execution_origin;
        if origin == ExecutionOrigin::Managed {
            return crate::managed::retry(&state, &tenant, current, &actor)
                .await
                .map(Json);
        }
        let mut change = SessionChange::existing(&state, &tenant, current).await?;
        let trigger = if origin == ExecutionOrigin::External {
            SessionTrigger::RetryReopen
        } else {
            SessionTrigger::RetryRerun
        };
        change.apply(trigger, &actor)?;
        let mut uow = UnitOfWork::new();
        supersede_current(&state, &tenant, &change.session, &actor, &mut uow).await?;
        if origin == ExecutionOrigin::External {
            if let Some(s) = commit_or_retry(&state, &tenant, change, uow).await? {
                return Ok(Json(s));
            }
            continue;
        }
        change.apply(SessionTrigger::Start, ACTOR_SERVICE)?;
        let agent = super::load::<Agent>(&state, &tenant, change.session.agent_id.as_str())
            .await?
            .value;
        runtime::check_agent_may_run(
            &agent,
            change.session.task_type,
            !state.config.production_like() && agent.status == AgentStatus::Draft,
        )?;
        let inputs = state
            .store
            .session_inputs(&tenant, &change.session.session_id)
            .await?;
        let run_id = RunId::generate();
        match run_reference(&state, &tenant, change, agent, inputs, run_id, uow).await {
            Ok(r) => return Ok(Json(r.session)),
            Err(e) if e.code == "session_not_accepting_runs" => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Records the retry request on the current decision and finalizes it as superseded.
pub async fn supersede_current(
    state: &AppState,
    tenant: &TenantId,
    session: &Session,
    actor: &str,
    uow: &mut UnitOfWork,
) -> ApiResult<()> {
    if let Some(dv) = current_decision(state, tenant, session).await? {
        let mut d = dv.value;
        if !matches!(
            d.status,
            DecisionStatus::Finalized | DecisionStatus::IntakeRejected
        ) {
            runtime::push_event(
                &mut d,
                "review.retry_requested",
                actor,
                serde_json::json!({}),
            );
            runtime::close_decision(&mut d, Resolution::Superseded, actor, uow)?;
            uow.update(&mut d, dv.revision)?;
        }
    }
    Ok(())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get_one))
        .routes(routes!(timeline))
        .routes(routes!(replay))
        .routes(routes!(pause))
        .routes(routes!(resume))
        .routes(routes!(cancel))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(retry))
}
