//! Managed execution (spec 1 rules 2/5/6, 4.2; contract 5): the 19-check resolution chain,
//! a transient adapter built per call with the tenant's own credential, and the provider's
//! answer mapped into an agent output for the same pipeline as every other run.

use crate::error::{ApiError, ApiResult};
use crate::runtime::{self, push_event, RunInput, SessionChange, ACTOR_SERVICE};
use crate::state::AppState;
use axum::http::StatusCode;
use credentials::{CredentialError, SecretString};
use domain::*;
use providers::{ExecutionMetadata, ProviderError};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use store::{UnitOfWork, Versioned};

/// Default provider timeout when a profile sets none.
const DEFAULT_TIMEOUT_MS: u32 = 60_000;

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExecuteRequest {
    pub case_id: String,
    pub task_type: TaskType,
    /// What the model is asked to do. Sent to the provider; never logged.
    pub instructions: String,
    #[serde(default)]
    pub source_references: Vec<SourceReference>,
    #[schema(value_type = Option<Object>)]
    pub clinical_context: Option<serde_json::Map<String, serde_json::Value>>,
    pub user_role: Option<UserRole>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ExecuteResponse {
    pub adapter_id: String,
    pub execution_profile_id: ProfileId,
    pub connection_id: ConnectionId,
    pub model_provider: String,
    pub model_version: String,
    #[schema(value_type = Object)]
    pub execution_metadata: serde_json::Value,
    #[serde(flatten)]
    pub run: crate::routes::runs::RunResponse,
}

/// Everything the chain resolved; the credential is resolved last and held only here.
pub struct Resolved {
    pub agent: Agent,
    pub profile: ExecutionProfile,
    pub connection: ProviderConnection,
    pub adapter_id: String,
    pub base_url: url::Url,
    pub model: String,
    credential: SecretString,
}

fn c409(code: &str, detail: String) -> ApiError {
    ApiError::conflict(code, detail)
}

/// The spec's 19 checks, in order; the first failure answers. Nothing is written here.
pub async fn resolve(
    state: &AppState,
    tenant: &TenantId,
    agent_id: &str,
    task: TaskType,
) -> ApiResult<Resolved> {
    // 1-2
    let agent = crate::routes::load::<Agent>(state, tenant, agent_id)
        .await?
        .value;
    if agent.status != AgentStatus::Active {
        return Err(c409(
            "agent_not_active",
            format!("Agent {agent_id} is {}", agent.status),
        ));
    }
    // 3-5: looked up under the agent's own tenant only; never a substitute.
    let profile_id = agent.execution_profile_id.clone().ok_or_else(|| {
        c409(
            "agent_has_no_execution_profile",
            format!("Agent {agent_id} has no execution profile"),
        )
    })?;
    let profile = match state
        .store
        .get::<ExecutionProfile>(tenant, profile_id.as_str())
        .await
    {
        Ok(p) => p.value,
        Err(store::StoreError::NotFound) => {
            return Err(ApiError::not_found(
                "profile_not_found",
                "Execution profile",
                profile_id.as_str(),
            ))
        }
        Err(e) => return Err(e.into()),
    };
    // The operator's internal profile serves only the seeded demonstration agent: any other
    // agent naming it (its id is fixed, hence guessable) must not run on the operator's key.
    if profile.internal && !is_operator_demo(state, tenant, &agent) {
        return Err(ApiError::not_found(
            "profile_not_found",
            "Execution profile",
            profile_id.as_str(),
        ));
    }
    if profile.status != ProfileStatus::Active {
        return Err(c409(
            "profile_not_active",
            format!("Execution profile {profile_id} is {}", profile.status),
        ));
    }
    // 6-7
    let adapter_id = profile.adapter_id.clone().ok_or_else(|| {
        c409(
            "profile_has_no_adapter",
            format!("Execution profile {profile_id} has no adapter"),
        )
    })?;
    let connection_id = profile.provider_connection_id.clone().ok_or_else(|| {
        c409(
            "profile_has_no_connection",
            format!("Execution profile {profile_id} has no provider connection"),
        )
    })?;
    // 8-9
    let adapter = state
        .adapters
        .read()
        .map_err(|_| ApiError::internal("adapter registry lock poisoned"))?
        .get(&adapter_id)
        .ok_or_else(|| ApiError::not_found("adapter_not_found", "Adapter", &adapter_id))?;
    if adapter.status != AdapterStatus::Available {
        return Err(c409(
            "adapter_unavailable",
            format!("Adapter {adapter_id} is {}", adapter.status),
        ));
    }
    // 10-11: an operator-owned connection is invisible to a public profile.
    let connection = match state
        .store
        .get::<ProviderConnection>(tenant, connection_id.as_str())
        .await
    {
        Ok(c) if !c.value.internal || profile.internal => c.value,
        Ok(_) | Err(store::StoreError::NotFound) => {
            return Err(ApiError::not_found(
                "connection_not_found",
                "Provider connection",
                connection_id.as_str(),
            ))
        }
        Err(e) => return Err(e.into()),
    };
    if connection.status != ConnectionStatus::Valid {
        return Err(c409(
            "connection_not_valid",
            format!(
                "Provider connection {connection_id} is {}",
                connection.status
            ),
        ));
    }
    // 12-13
    if profile.provider != connection.provider {
        return Err(c409(
            "provider_mismatch_profile_connection",
            format!(
                "Profile provider {} differs from connection provider {}",
                profile.provider, connection.provider
            ),
        ));
    }
    if adapter.provider != profile.provider {
        return Err(c409(
            "provider_mismatch_adapter_profile",
            format!(
                "Adapter provider {} differs from profile provider {}",
                adapter.provider, profile.provider
            ),
        ));
    }
    // 14
    if !adapter
        .capabilities
        .execution_modes
        .contains(&ExecutionMode::Managed)
        || !adapter.capabilities.task_types.contains(&task)
    {
        return Err(c409(
            "adapter_capability_unsupported",
            format!("Adapter {adapter_id} does not support managed {task}"),
        ));
    }
    // 15
    if !agent.allowed_tasks.contains(&task) {
        return Err(c409(
            "task_not_allowed",
            format!("Agent {agent_id} is not allowed to perform {task}"),
        ));
    }
    // 16
    let model = profile
        .model
        .clone()
        .filter(|m| !m.trim().is_empty())
        .ok_or_else(|| {
            c409(
                "profile_has_no_model",
                format!("Execution profile {profile_id} has no model"),
            )
        })?;
    // 17: the connection's endpoint wins over the adapter's base URL, and must be safe.
    let base_url = match &connection.endpoint {
        Some(e) => {
            let url =
                providers::endpoint::check_form(e, state.config.allow_insecure_provider_endpoints)
                    .map_err(|err| {
                        c409(
                            "connection_endpoint_invalid",
                            format!("Connection endpoint is not allowed ({})", err.code()),
                        )
                    })?;
            providers::endpoint::check_resolved(&url)
                .await
                .map_err(|err| {
                    c409(
                        "connection_endpoint_invalid",
                        format!("Connection endpoint is not allowed ({})", err.code()),
                    )
                })?;
            url
        }
        None => {
            let registry = state
                .adapters
                .read()
                .map_err(|_| ApiError::internal("adapter registry lock poisoned"))?;
            registry.base_url_for(profile.provider).ok_or_else(|| {
                c409(
                    "connection_endpoint_invalid",
                    format!("Provider {} needs a connection endpoint", profile.provider),
                )
            })?
        }
    };
    // 18: resolved at the moment of execution, never cached.
    let credential = match state
        .credentials
        .resolve(&connection.credential_reference)
        .await
    {
        Ok(c) => c,
        Err(e @ CredentialError::Unavailable(_)) => {
            return Err(crate::routes::connections::store_unavailable(&e))
        }
        Err(_) => {
            return Err(c409(
                "credential_unresolvable",
                format!("The credential of connection {connection_id} cannot be resolved"),
            ))
        }
    };
    // 19
    if !state.factory.supports(profile.provider) {
        return Err(c409(
            "provider_not_implemented",
            format!("No managed execution for provider {}", profile.provider),
        ));
    }
    Ok(Resolved {
        agent,
        profile,
        connection,
        adapter_id,
        base_url,
        model,
        credential,
    })
}

/// The agent seeded by the service for the operator's demonstration (spec "Startup seeding").
fn is_operator_demo(state: &AppState, tenant: &TenantId, agent: &Agent) -> bool {
    *tenant == state.config.default_tenant
        && agent.agent_id.as_str() == crate::seed::DEMO_AGENT
        && agent.metadata.get("seeded") == Some(&serde_json::Value::Bool(true))
}

fn metadata_json(m: &ExecutionMetadata) -> serde_json::Value {
    serde_json::to_value(m).unwrap_or(serde_json::Value::Null)
}

fn provider_error(e: &ProviderError) -> (ApiError, serde_json::Value) {
    match e {
        ProviderError::Timeout { latency_ms } => (
            ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                "provider_timeout",
                "The provider did not answer within the profile's timeout",
            ),
            serde_json::json!({"class": "timeout", "latency_ms": latency_ms}),
        ),
        ProviderError::Failed {
            class,
            http_status,
            latency_ms,
        } => {
            let mut err = ApiError::new(
                StatusCode::BAD_GATEWAY,
                "provider_error",
                format!("The provider answered with an error ({})", class.as_str()),
            );
            err.provider_error_class = Some(class.as_str());
            (
                err,
                serde_json::json!({"class": class.as_str(), "http_status": http_status, "latency_ms": latency_ms}),
            )
        }
    }
}

/// Runs a resolved chain in a session that is `running`: first commit makes the session, run
/// and decision durable; then the provider is called once; the second commit records the
/// outcome (evaluated, or failed with `provider.call_failed`).
async fn execute_in(
    state: &AppState,
    tenant: &TenantId,
    mut change: SessionChange,
    r: Resolved,
    request: &ExecuteRequest,
    run_id: RunId,
    mut uow: UnitOfWork,
) -> ApiResult<(runtime::RunResult, ExecutionMetadata)> {
    let session_id = change.session.session_id.clone();
    change.session.run_count += 1;
    change.session.current_run_id = Some(run_id.clone());
    let model_version = r
        .profile
        .model_version
        .clone()
        .unwrap_or_else(|| r.model.clone());
    let input = RunInput {
        agent: r.agent.clone(),
        origin: ExecutionOrigin::Managed,
        case_id: request.case_id.clone(),
        task_type: request.task_type,
        user_role: request.user_role,
        sources: request.source_references.clone(),
        clinical_context: request
            .clinical_context
            .clone()
            .map(serde_json::Value::Object),
        model_provider: r.profile.provider.as_str().to_owned(),
        model_version: model_version.clone(),
    };
    let mut record =
        runtime::new_decision(tenant, &session_id, &run_id, &input, state.policy.version());
    change.session.current_decision_id = Some(record.decision_id.clone());
    push_event(
        &mut record,
        "agent.invoked",
        ACTOR_SERVICE,
        serde_json::json!({
            "adapter_id": r.adapter_id, "execution_profile_id": r.profile.profile_id, "connection_id": r.connection.connection_id, "execution_mode": "managed"
        }),
    );
    push_event(
        &mut record,
        "provider.call_started",
        ACTOR_SERVICE,
        serde_json::json!({"provider": r.profile.provider.as_str(), "model": r.model}),
    );
    // Until the provider answers, the run counts as failed: that is what a crash would leave.
    let mut run = AgentRun {
        run_id: run_id.clone(),
        session_id: session_id.clone(),
        sequence: change.session.run_count,
        execution_origin: ExecutionOrigin::Managed,
        status: RunStatus::Failed,
        decision_id: record.decision_id.clone(),
        created_at: Timestamp::now(),
    };
    uow.insert(&mut run)?;
    uow.insert(&mut record)?;
    runtime::count_run(
        &mut uow,
        r.agent.agent_id.as_str(),
        ExecutionOrigin::Managed,
    );
    runtime::count_decision_status(&mut uow, r.agent.agent_id.as_str(), None, record.status);
    for scope in ["", r.agent.agent_id.as_str()] {
        uow.count(scope, "managed.calls", 1, 0.0);
    }
    let next_revision = change.expected_revision.map(|r| r + 1).unwrap_or(1);
    let next_sequence = change.next_sequence;
    let session = change.write(&mut uow)?;
    state.store.commit(tenant, uow).await.map_err(|e| match e {
        store::StoreError::Conflict => ApiError::conflict(
            "invalid_state_transition",
            "The session changed while the execution started",
        ),
        other => other.into(),
    })?;
    crate::context::note(|f| {
        f.session_id = Some(session_id.as_str().to_owned());
        f.run_id = Some(run_id.as_str().to_owned());
        f.decision_id = Some(record.decision_id.as_str().to_owned());
    });
    // Both were inserted above, so they stand at revision 1.
    let (run_rev, record_rev) = (1, 1);

    // One attempt, with the tenant's credential, through a transient adapter.
    let provider_request = providers::prompt::build(
        &request.instructions,
        request.task_type,
        &request.source_references,
        input.clinical_context.as_ref(),
        &r.model,
        r.profile.model_version.as_deref(),
        r.profile.max_output_tokens,
        Duration::from_millis(r.profile.timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS) as u64),
    );
    let adapter = state
        .factory
        .build(
            r.profile.provider,
            &r.adapter_id,
            r.base_url.clone(),
            r.credential,
        )
        .ok_or_else(|| {
            c409(
                "provider_not_implemented",
                format!("No managed execution for provider {}", r.profile.provider),
            )
        })?;
    let outcome = adapter.execute(&provider_request).await;
    drop(adapter);

    let mut change = SessionChange::resume_from(session, next_revision, next_sequence);
    let mut uow = UnitOfWork::new();
    match outcome {
        Err(e) => {
            let (err, data) = provider_error(&e);
            push_event(&mut record, "provider.call_failed", ACTOR_SERVICE, data);
            record.updated_at = Timestamp::now();
            uow.update(&mut record, record_rev)?;
            change.apply(SessionTrigger::Fail, ACTOR_SERVICE)?;
            for scope in ["", r.agent.agent_id.as_str()] {
                uow.count(scope, "managed.failures", 1, 0.0);
            }
            let _ = change.write(&mut uow)?;
            state.store.commit(tenant, uow).await?;
            Err(err.with_ids(
                session_id.as_str(),
                run_id.as_str(),
                record.decision_id.as_str(),
            ))
        }
        Ok(envelope) => {
            let meta = envelope.execution_metadata.clone();
            push_event(
                &mut record,
                "provider.call_completed",
                ACTOR_SERVICE,
                metadata_json(&meta),
            );
            for scope in ["", r.agent.agent_id.as_str()] {
                uow.count(
                    scope,
                    "managed.input_tokens",
                    1,
                    meta.input_tokens.unwrap_or(0) as f64,
                );
                uow.count(
                    scope,
                    "managed.output_tokens",
                    1,
                    meta.output_tokens.unwrap_or(0) as f64,
                );
            }
            let identity = AgentOutput::expected_identity(
                r.agent.agent_id.as_str(),
                &r.agent.version,
                r.profile.provider.as_str(),
                &model_version,
                request.task_type,
            );
            let output = match providers::mapping::map_answer(&envelope.output) {
                Ok(m) => AgentOutput {
                    identity,
                    generated_at: Timestamp::now(),
                    narrative: m.narrative,
                    claims: m.claims,
                    medication_recommendations: m.medication_recommendations,
                    discharge_instructions_present: m.discharge_instructions_present,
                },
                Err(code) => {
                    // Evaluated, not discarded: the structured_output_valid policy blocks it.
                    record.structured_output_error = Some(code.to_owned());
                    AgentOutput {
                        identity,
                        generated_at: Timestamp::now(),
                        narrative: String::new(),
                        claims: vec![],
                        medication_recommendations: vec![],
                        discharge_instructions_present: false,
                    }
                }
            };
            change.apply(SessionTrigger::OutputReceived, ACTOR_SERVICE)?;
            let action = runtime::evaluate_into(state, &mut record, output, true, &mut uow);
            change.apply(SessionTrigger::Evaluated(action), "pipeline")?;
            run.status = if action == ControlAction::Reject {
                RunStatus::IntakeRejected
            } else {
                RunStatus::Evaluated
            };
            uow.update(&mut run, run_rev)?;
            uow.update(&mut record, record_rev)?;
            let session = change.write(&mut uow)?;
            state.store.commit(tenant, uow).await?;
            Ok((
                runtime::RunResult {
                    session,
                    run,
                    decision: record,
                },
                meta,
            ))
        }
    }
}

fn respond(
    r_adapter: String,
    profile: &ExecutionProfile,
    connection: &ConnectionId,
    result: runtime::RunResult,
    meta: ExecutionMetadata,
) -> ExecuteResponse {
    ExecuteResponse {
        adapter_id: r_adapter,
        execution_profile_id: profile.profile_id.clone(),
        connection_id: connection.clone(),
        model_provider: result.decision.model_provider.clone(),
        model_version: result.decision.model_version.clone(),
        execution_metadata: metadata_json(&meta),
        run: crate::routes::runs::RunResponse::from(&result),
    }
}

/// `POST /runtime/agents/{agentId}/execute`.
pub async fn execute(
    state: &AppState,
    tenant: &TenantId,
    agent_id: &str,
    request: ExecuteRequest,
) -> ApiResult<ExecuteResponse> {
    let r = resolve(state, tenant, agent_id, request.task_type).await?;
    // The session's first timeline entries name the run that is about to exist.
    let run_id = RunId::generate();
    let session = runtime::new_session(
        tenant,
        &r.agent,
        &request.case_id,
        request.task_type,
        request.user_role,
        ExecutionOrigin::Managed,
        &run_id,
    );
    let mut change = SessionChange::new_session(session);
    change.apply(SessionTrigger::Enqueue, ACTOR_SERVICE)?;
    change.apply(SessionTrigger::Start, ACTOR_SERVICE)?;
    let mut uow = UnitOfWork::new();
    let inputs = SessionInputs {
        source_references: request.source_references.clone(),
        clinical_context: request
            .clinical_context
            .clone()
            .map(serde_json::Value::Object),
        instructions: Some(request.instructions.clone()),
    };
    uow.session_inputs(&change.session.session_id, inputs)?;
    let (adapter_id, profile, connection_id) = (
        r.adapter_id.clone(),
        r.profile.clone(),
        r.connection.connection_id.clone(),
    );
    let (result, meta) = execute_in(state, tenant, change, r, &request, run_id, uow).await?;
    Ok(respond(adapter_id, &profile, &connection_id, result, meta))
}

/// Retry of a managed session: the stored request goes through the full chain again.
pub async fn retry(
    state: &AppState,
    tenant: &TenantId,
    current: Versioned<Session>,
    actor: &str,
) -> ApiResult<Session> {
    let s = current.value.clone();
    // Refuse a retry the state machine does not allow before doing any work.
    session_next(s.current_state, SessionTrigger::RetryRerun).map_err(ApiError::transition)?;
    let inputs = state.store.session_inputs(tenant, &s.session_id).await?;
    let request = ExecuteRequest {
        case_id: s.case_id.clone(),
        task_type: s.task_type,
        instructions: inputs.instructions.clone().unwrap_or_default(),
        source_references: inputs.source_references.clone(),
        clinical_context: match inputs.clinical_context.clone() {
            Some(serde_json::Value::Object(m)) => Some(m),
            _ => None,
        },
        user_role: s.user_role,
    };
    let r = resolve(state, tenant, s.agent_id.as_str(), s.task_type).await?;
    let mut change = SessionChange::existing(state, tenant, current).await?;
    change.apply(SessionTrigger::RetryRerun, actor)?;
    change.apply(SessionTrigger::Start, ACTOR_SERVICE)?;
    let mut uow = UnitOfWork::new();
    crate::routes::sessions::supersede_current(state, tenant, &change.session, actor, &mut uow)
        .await?;
    let (result, _) =
        execute_in(state, tenant, change, r, &request, RunId::generate(), uow).await?;
    Ok(result.session)
}
