//! Orchestration of agent runs: whatever the origin, an output goes through the one
//! evaluation pipeline and its session, run, decision, timeline and metric counters are
//! written in a single transaction with optimistic checks.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use domain::*;
use evaluation::{AgentSnapshot, PipelineInput, PipelineOutcome};
use store::{UnitOfWork, Versioned};

pub const ACTOR_SERVICE: &str = "service";

/// Session timeline entries and metric counter moves being prepared for one commit.
pub struct SessionChange {
    pub session: Session,
    /// `None` for a session created in this unit of work.
    pub expected_revision: Option<i64>,
    pub next_sequence: u32,
    pub timeline: Vec<TimelineEntry>,
    start_state: Option<SessionState>,
}

impl SessionChange {
    pub fn new_session(session: Session) -> Self {
        let mut change = SessionChange {
            session,
            expected_revision: None,
            next_sequence: 1,
            timeline: vec![],
            start_state: None,
        };
        let to = change.session.current_state;
        change.push(None, to, "create", ACTOR_SERVICE);
        change
    }

    pub async fn existing(
        state: &AppState,
        tenant: &TenantId,
        current: Versioned<Session>,
    ) -> ApiResult<Self> {
        let last = state
            .store
            .timeline(tenant, &current.value.session_id)
            .await?;
        let next = last.last().map(|e| e.sequence + 1).unwrap_or(1);
        let start = current.value.current_state;
        Ok(SessionChange {
            session: current.value,
            expected_revision: Some(current.revision),
            next_sequence: next,
            timeline: vec![],
            start_state: Some(start),
        })
    }

    /// Continues after a commit of this process, without re-reading the session.
    pub fn resume_from(session: Session, revision: i64, next_sequence: u32) -> Self {
        let start = session.current_state;
        SessionChange {
            session,
            expected_revision: Some(revision),
            next_sequence,
            timeline: vec![],
            start_state: Some(start),
        }
    }

    fn push(&mut self, from: Option<SessionState>, to: SessionState, trigger: &str, actor: &str) {
        self.timeline.push(TimelineEntry {
            sequence: self.next_sequence,
            from_state: from,
            to_state: to,
            trigger: trigger.to_owned(),
            at: Timestamp::now(),
            run_id: self.session.current_run_id.clone(),
            actor: actor.to_owned(),
        });
        self.next_sequence += 1;
    }

    /// Applies a trigger through the contract's state machine and records it.
    pub fn apply(&mut self, trigger: SessionTrigger, actor: &str) -> ApiResult<()> {
        let from = self.session.current_state;
        let to = session_next(from, trigger).map_err(ApiError::transition)?;
        if trigger == SessionTrigger::Resume {
            // `resumed` is transient: visible on the timeline only.
            self.push(Some(from), SessionState::Resumed, trigger.name(), actor);
            self.push(Some(SessionState::Resumed), to, trigger.name(), actor);
        } else {
            self.push(Some(from), to, trigger.name(), actor);
        }
        self.session.current_state = to;
        Ok(())
    }

    /// Adds the session and its timeline to a unit of work, with the by-state counters.
    pub fn write(mut self, uow: &mut UnitOfWork) -> ApiResult<Session> {
        self.session.updated_at = Timestamp::now();
        let scope_agent = self.session.agent_id.as_str().to_owned();
        let end = self.session.current_state;
        match self.expected_revision {
            None => {
                uow.insert(&mut self.session)?;
                for scope in ["", scope_agent.as_str()] {
                    uow.count(scope, "sessions.total", 1, 0.0);
                    uow.count(scope, format!("sessions.state.{}", end.as_str()), 1, 0.0);
                }
            }
            Some(rev) => {
                uow.update(&mut self.session, rev)?;
                if let Some(start) = self.start_state {
                    if start != end {
                        for scope in ["", scope_agent.as_str()] {
                            uow.count(scope, format!("sessions.state.{}", start.as_str()), -1, 0.0);
                            uow.count(scope, format!("sessions.state.{}", end.as_str()), 1, 0.0);
                        }
                    }
                }
            }
        }
        for entry in self.timeline {
            uow.timeline(&self.session.session_id, entry)?;
        }
        Ok(self.session)
    }
}

/// Appends a runtime event to a decision record. `data` holds ids, counts and codes only.
pub fn push_event(
    record: &mut DecisionRecord,
    event_type: &str,
    actor: &str,
    data: serde_json::Value,
) {
    let sequence = record.runtime_events.len() as u32 + 1;
    record.runtime_events.push(RuntimeEvent {
        event_id: EventId::generate(),
        sequence,
        event_type: event_type.to_owned(),
        at: Timestamp::now(),
        actor: actor.to_owned(),
        data,
    });
}

/// Decision status counters move with the record's status.
pub fn count_decision_status(
    uow: &mut UnitOfWork,
    agent: &str,
    from: Option<DecisionStatus>,
    to: DecisionStatus,
) {
    if from == Some(to) {
        return;
    }
    for scope in ["", agent] {
        if let Some(f) = from {
            uow.count(scope, format!("decisions.status.{}", f.as_str()), -1, 0.0);
        } else {
            uow.count(scope, "decisions.total", 1, 0.0);
        }
        uow.count(scope, format!("decisions.status.{}", to.as_str()), 1, 0.0);
    }
}

/// What a run is evaluated on.
pub struct RunInput {
    pub agent: Agent,
    pub origin: ExecutionOrigin,
    pub case_id: String,
    pub task_type: TaskType,
    pub user_role: Option<UserRole>,
    pub sources: Vec<SourceReference>,
    pub clinical_context: Option<serde_json::Value>,
    pub model_provider: String,
    pub model_version: String,
}

/// A fresh decision record for a run, awaiting the agent's output.
pub fn new_decision(
    tenant: &TenantId,
    session_id: &SessionId,
    run_id: &RunId,
    input: &RunInput,
    bundle_version: &str,
) -> DecisionRecord {
    let now = Timestamp::now();
    DecisionRecord {
        decision_id: DecisionId::generate(),
        tenant_id: tenant.clone(),
        session_id: session_id.clone(),
        run_id: run_id.clone(),
        execution_origin: input.origin,
        case_id: input.case_id.clone(),
        task_type: input.task_type,
        user_role: input.user_role,
        agent_id: input.agent.agent_id.clone(),
        agent_version: input.agent.version.clone(),
        agent_risk_tier: input.agent.risk_tier,
        model_provider: input.model_provider.clone(),
        model_version: input.model_version.clone(),
        input_context_hash: evaluation::input_context_hash(
            &input.case_id,
            input.task_type,
            input.user_role,
            input.clinical_context.as_ref(),
            &input.sources,
        ),
        retrieved_sources: input.sources.clone(),
        agent_output: None,
        structured_output_error: None,
        policy_results: vec![],
        evidence_results: vec![],
        risk_score: None,
        risk_level: None,
        risk_factors: vec![],
        control_action: None,
        review_required: false,
        status: DecisionStatus::AwaitingAgentOutput,
        resolution: None,
        human_action: None,
        reviewer_id: None,
        review_notes: None,
        final_output: None,
        intake_errors: vec![],
        pipeline_version: evaluation::PIPELINE_VERSION.to_owned(),
        policy_set_version: Some(bundle_version.to_owned()),
        evaluated_at: None,
        runtime_events: vec![],
        created_at: now,
        updated_at: now,
        finalized_at: None,
    }
}

pub fn snapshot(record: &DecisionRecord) -> AgentSnapshot {
    AgentSnapshot {
        agent_id: record.agent_id.as_str().to_owned(),
        agent_version: record.agent_version.clone(),
        risk_tier: record.agent_risk_tier,
        model_provider: record.model_provider.clone(),
        model_version: record.model_version.clone(),
    }
}

/// Runs the pure pipeline on a record's inputs with a given bundle (and so its thresholds)
/// and clock value, taking source analyses from `kept` when given (replay never does, so a
/// replay recomputes everything from the stored text).
pub fn run_pipeline(
    record: &DecisionRecord,
    output: &AgentOutput,
    bundle: &evaluation::PolicyBundle,
    at: Timestamp,
    kept: Option<&evaluation::SourceAnalyses>,
) -> PipelineOutcome {
    let agent = snapshot(record);
    let input = PipelineInput {
        case_id: &record.case_id,
        task_type: record.task_type,
        user_role: record.user_role,
        execution_origin: record.execution_origin,
        agent: &agent,
        sources: &record.retrieved_sources,
        output,
        structured_output_error: record.structured_output_error.as_deref(),
        evaluated_at: at,
    };
    let kept = kept.map(|k| k.for_tenant(record.tenant_id.as_str()));
    evaluation::evaluate_with(&input, bundle, bundle.thresholds(), kept)
}

/// Evaluates the output into the record and returns the session trigger it implies.
/// Adds the decision-level metric counters to `uow`.
pub fn evaluate_into(
    state: &AppState,
    record: &mut DecisionRecord,
    output: AgentOutput,
    already_stored: bool,
    uow: &mut UnitOfWork,
) -> ControlAction {
    let at = Timestamp::now();
    record.agent_output = Some(output.clone());
    push_event(
        record,
        "agent.output_received",
        ACTOR_SERVICE,
        serde_json::json!({"claims": output.claims.len(), "medication_recommendations": output.medication_recommendations.len()}),
    );
    let outcome = run_pipeline(
        record,
        &output,
        &state.policy,
        at,
        state.source_analyses.as_deref(),
    );
    for ev in &outcome.events {
        push_event(record, ev.event_type, "pipeline", ev.data.clone());
    }
    record.evaluated_at = Some(at);
    record.policy_set_version = Some(state.policy.version().to_owned());
    record.intake_errors = outcome.intake_errors.clone();
    record.evidence_results = outcome.evidence_results.clone();
    record.policy_results = outcome.policy_results.clone();
    record.risk_score = Some(outcome.risk.score);
    record.risk_level = Some(outcome.risk.level);
    record.risk_factors = outcome.risk.factors.clone();
    record.control_action = Some(outcome.control_action);
    record.review_required = outcome.review_required;
    let from = record.status;
    record.status = outcome.decision_status;
    if record.status == DecisionStatus::Finalized {
        record.resolution = Some(Resolution::AutoApproved);
        record.final_output = record.agent_output.clone();
        record.finalized_at = Some(at);
        push_event(
            record,
            "decision.finalized",
            ACTOR_SERVICE,
            serde_json::json!({"resolution": "auto_approved"}),
        );
    }
    record.updated_at = at;
    let agent = record.agent_id.as_str().to_owned();
    // A record first written in this same unit of work has not been counted yet.
    count_decision_status(uow, &agent, already_stored.then_some(from), record.status);
    // Claims tallied here, one counter change per verdict rather than one per claim.
    let mut by_support = std::collections::BTreeMap::<&str, i64>::new();
    for e in &outcome.evidence_results {
        *by_support.entry(e.support.as_str()).or_default() += 1;
    }
    for scope in ["", agent.as_str()] {
        uow.count(
            scope,
            format!("decisions.action.{}", outcome.control_action.as_str()),
            1,
            0.0,
        );
        uow.count(scope, "risk_score", 1, outcome.risk.score);
        for p in outcome.policy_results.iter().filter(|p| !p.passed) {
            uow.count(scope, format!("policy_failures.{}", p.policy_id), 1, 0.0);
        }
        if !outcome.evidence_results.is_empty() {
            let claims = outcome.evidence_results.len() as i64;
            uow.count(scope, "claims.total", claims, 0.0);
        }
        for (support, n) in &by_support {
            uow.count(scope, format!("claims.support.{support}"), *n, 0.0);
        }
    }
    outcome.control_action
}

/// The agent may run: it exists, is active (draft only where allowed) and may do the task.
pub fn check_agent_may_run(agent: &Agent, task: TaskType, allow_draft: bool) -> ApiResult<()> {
    let ok =
        agent.status == AgentStatus::Active || (allow_draft && agent.status == AgentStatus::Draft);
    if !ok {
        return Err(ApiError::conflict(
            "agent_not_active",
            format!("Agent {} is {}", agent.agent_id, agent.status),
        ));
    }
    if !agent.allowed_tasks.contains(&task) {
        return Err(ApiError::conflict(
            "task_not_allowed",
            format!(
                "Agent {} is not allowed to perform {}",
                agent.agent_id, task
            ),
        ));
    }
    Ok(())
}

/// Closes a non-terminal decision because its session moved on (retry or cancel).
pub fn close_decision(
    record: &mut DecisionRecord,
    resolution: Resolution,
    actor: &str,
    uow: &mut UnitOfWork,
) -> ApiResult<bool> {
    if matches!(
        record.status,
        DecisionStatus::Finalized | DecisionStatus::IntakeRejected
    ) {
        return Ok(false);
    }
    let from = record.status;
    record.status = decision_next(from, DecisionTrigger::Closed).map_err(ApiError::transition)?;
    record.resolution = Some(resolution);
    let now = Timestamp::now();
    record.finalized_at = Some(now);
    record.updated_at = now;
    push_event(
        record,
        "decision.finalized",
        actor,
        serde_json::json!({"resolution": resolution.as_str()}),
    );
    count_decision_status(uow, record.agent_id.as_str(), Some(from), record.status);
    Ok(true)
}

/// Everything one evaluated run wrote.
pub struct RunResult {
    pub session: Session,
    pub run: AgentRun,
    pub decision: DecisionRecord,
}

/// The agent's output for a run, and how it came about.
pub struct Submission {
    pub run_id: RunId,
    pub output: AgentOutput,
    pub structured_output_error: Option<String>,
    /// Events that precede the output (agent.invoked, provider.call_*), ids and counts only.
    pub lead_events: Vec<(&'static str, serde_json::Value)>,
}

/// Evaluates a submission in a running session and commits session, run, decision, timeline
/// and counters together. `uow` may already hold other writes of the same step.
pub async fn submit(
    state: &AppState,
    tenant: &TenantId,
    mut change: SessionChange,
    input: RunInput,
    submission: Submission,
    mut uow: UnitOfWork,
) -> ApiResult<RunResult> {
    let session_id = change.session.session_id.clone();
    change.session.run_count += 1;
    change.session.current_run_id = Some(submission.run_id.clone());
    let mut record = new_decision(
        tenant,
        &session_id,
        &submission.run_id,
        &input,
        state.policy.version(),
    );
    change.session.current_decision_id = Some(record.decision_id.clone());
    for (t, data) in submission.lead_events {
        push_event(&mut record, t, ACTOR_SERVICE, data);
    }
    record.structured_output_error = submission.structured_output_error;
    change.apply(SessionTrigger::OutputReceived, ACTOR_SERVICE)?;
    let action = evaluate_into(state, &mut record, submission.output, false, &mut uow);
    change.apply(SessionTrigger::Evaluated(action), "pipeline")?;
    let mut run = AgentRun {
        run_id: submission.run_id,
        session_id,
        sequence: change.session.run_count,
        execution_origin: input.origin,
        status: if action == ControlAction::Reject {
            RunStatus::IntakeRejected
        } else {
            RunStatus::Evaluated
        },
        decision_id: record.decision_id.clone(),
        created_at: Timestamp::now(),
    };
    count_run(&mut uow, input.agent.agent_id.as_str(), input.origin);
    uow.insert(&mut run)?;
    uow.insert(&mut record)?;
    let session = change.write(&mut uow)?;
    state.store.commit(tenant, uow).await.map_err(|e| match e {
        store::StoreError::Conflict => ApiError::conflict(
            "session_not_accepting_runs",
            "The session changed while this run was evaluated; it no longer accepts it",
        ),
        other => other.into(),
    })?;
    crate::context::note(|f| {
        f.session_id = Some(session.session_id.as_str().to_owned());
        f.run_id = Some(run.run_id.as_str().to_owned());
        f.decision_id = Some(record.decision_id.as_str().to_owned());
    });
    Ok(RunResult {
        session,
        run,
        decision: record,
    })
}

pub fn count_run(uow: &mut UnitOfWork, agent: &str, origin: ExecutionOrigin) {
    for scope in ["", agent] {
        uow.count(scope, "runs.total", 1, 0.0);
        uow.count(scope, format!("runs.origin.{}", origin.as_str()), 1, 0.0);
    }
}

/// A new session record in state `created`, owned by the given agent.
pub fn new_session(
    tenant: &TenantId,
    agent: &Agent,
    case_id: &str,
    task_type: TaskType,
    user_role: Option<UserRole>,
    origin: ExecutionOrigin,
    first_run: &RunId,
) -> Session {
    let now = Timestamp::now();
    Session {
        session_id: SessionId::generate(),
        tenant_id: tenant.clone(),
        case_id: case_id.to_owned(),
        agent_id: agent.agent_id.clone(),
        task_type,
        user_role,
        execution_origin: origin,
        current_state: SessionState::Created,
        run_count: 0,
        current_run_id: Some(first_run.clone()),
        current_decision_id: None,
        created_at: now,
        updated_at: now,
    }
}

/// The reference agent's output, with identity filled from the agent.
pub fn reference_output(agent: &Agent, task: TaskType, sources: &[SourceReference]) -> AgentOutput {
    let mapped = providers::reference::generate(task, sources);
    AgentOutput {
        identity: AgentOutput::expected_identity(
            agent.agent_id.as_str(),
            &agent.version,
            &agent.model_provider,
            &agent.model_version,
            task,
        ),
        generated_at: Timestamp::now(),
        narrative: mapped.narrative,
        claims: mapped.claims,
        medication_recommendations: mapped.medication_recommendations,
        discharge_instructions_present: mapped.discharge_instructions_present,
    }
}
