//! Startup seeding (spec "Startup seeding"): idempotent across restarts and replicas starting
//! together, because every seed is an insert that leaves an existing record untouched.

use crate::state::AppState;
use credentials::{CredentialKey, SecretString};
use domain::*;
use store::StoreError;

pub const DISCHARGE_AGENT: &str = "discharge-summary-agent";
pub const RADIOLOGY_AGENT: &str = "radiology-follow-up-agent";
pub const DEMO_AGENT: &str = "managed-demo-agent";

async fn insert_once<R: store::Record>(
    state: &AppState,
    tenant: &TenantId,
    r: &mut R,
) -> Result<(), StoreError> {
    match state.store.insert(tenant, r).await {
        Ok(()) | Err(StoreError::AlreadyExists) => Ok(()),
        Err(e) => Err(e),
    }
}

fn agent(
    tenant: &TenantId,
    id: &str,
    name: &str,
    tasks: Vec<TaskType>,
    status: AgentStatus,
    provider: &str,
    model: &str,
) -> Result<Agent, anyhow::Error> {
    let now = Timestamp::now();
    let mut metadata = Metadata::new();
    metadata.insert("seeded".into(), serde_json::Value::Bool(true));
    Ok(Agent {
        agent_id: AgentId::parse(id)?,
        tenant_id: tenant.clone(),
        name: name.into(),
        owner: "runtime-control-engine".into(),
        version: "1.0.0".into(),
        clinical_domain: "hospital medicine".into(),
        allowed_tasks: tasks,
        capabilities: vec!["summarization".into(), "source-grounded-claims".into()],
        model_provider: provider.into(),
        model_version: model.into(),
        risk_tier: RiskTier::Medium,
        status,
        adapter_id: None,
        execution_profile_id: None,
        metadata,
        created_at: now,
        updated_at: now,
    })
}

pub async fn run(state: &AppState) -> anyhow::Result<()> {
    let tenant = state.config.default_tenant.clone();
    let mut discharge = agent(
        &tenant,
        DISCHARGE_AGENT,
        "Discharge Summary Agent",
        vec![TaskType::DischargeSummary, TaskType::ClinicalSummary],
        AgentStatus::Active,
        "reference",
        "reference-1",
    )?;
    discharge.adapter_id = Some("reference".into());
    insert_once(state, &tenant, &mut discharge).await?;
    let mut radiology = agent(
        &tenant,
        RADIOLOGY_AGENT,
        "Radiology Follow-up Agent",
        vec![TaskType::RadiologyFollowUp],
        AgentStatus::Draft,
        "reference",
        "reference-1",
    )?;
    insert_once(state, &tenant, &mut radiology).await?;
    if !state.config.production_like() {
        seed_operator_demo(state, &tenant).await?;
    }
    Ok(())
}

/// The operator-owned demonstration chain, only when a provider key is in the process
/// configuration. It lives under the default tenant and is marked `internal`.
async fn seed_operator_demo(state: &AppState, tenant: &TenantId) -> anyhow::Result<()> {
    let (provider, key, model) = match (
        &state.config.operator_openai_key,
        &state.config.operator_anthropic_key,
    ) {
        (Some(k), _) => (ProviderKind::Openai, k.clone(), "gpt-4o-mini"),
        (None, Some(k)) => (
            ProviderKind::Anthropic,
            k.clone(),
            "claude-3-5-haiku-latest",
        ),
        (None, None) => return Ok(()),
    };
    // Fixed ids make the seed idempotent across restarts and replicas.
    let connection_id = ConnectionId::from_string("conn_00000000000000000000000000000001");
    let profile_id = ProfileId::from_string("prof_00000000000000000000000000000001");
    let now = Timestamp::now();
    let key = SecretString::from(key);
    let cred_key = CredentialKey {
        opaque_tenant_id: state.store.opaque_tenant_id(tenant).await?,
        connection_id: connection_id.clone(),
        provider,
    };
    // An unreachable store at start is reported, not fatal (contract 7): the demonstration
    // chain is skipped until a later start can store its key; /ready shows the store down.
    let reference = match state.credentials.create(&cred_key, &key).await {
        Ok(r) => r,
        Err(e @ credentials::CredentialError::Unavailable(_)) => {
            tracing::warn!(
                target: "rce::startup",
                backend = state.credentials.backend(),
                cause = e.cause().unwrap_or(""),
                "credential store unavailable: operator demonstration connection not seeded"
            );
            return Ok(());
        }
        Err(e) => return Err(anyhow::anyhow!("seeding the operator credential: {}", e)),
    };
    let mut conn = ProviderConnection {
        connection_id: connection_id.clone(),
        tenant_id: tenant.clone(),
        provider,
        display_name: "Operator demonstration connection".into(),
        endpoint: None,
        metadata: Metadata::new(),
        internal: true,
        status: ConnectionStatus::Valid,
        credential_reference: reference,
        credential_configured: true,
        last_validation_error_code: None,
        last_validated_at: Some(now),
        credential_rotated_at: None,
        created_at: now,
        updated_at: now,
    };
    insert_once(state, tenant, &mut conn).await?;
    let mut metadata = Metadata::new();
    metadata.insert("demonstration".into(), serde_json::Value::Bool(true));
    let mut profile = ExecutionProfile {
        profile_id: profile_id.clone(),
        tenant_id: tenant.clone(),
        display_name: "Operator demonstration profile".into(),
        provider,
        adapter_id: Some(
            if provider == ProviderKind::Openai {
                "openai"
            } else {
                "anthropic"
            }
            .into(),
        ),
        provider_connection_id: Some(connection_id),
        model: Some(model.into()),
        model_version: None,
        max_output_tokens: Some(2048),
        timeout_ms: Some(60_000),
        temperature: None,
        top_p: None,
        reasoning_level: None,
        response_format: None,
        structured_output_enabled: true,
        tool_calling_enabled: false,
        streaming_enabled: false,
        retry_policy: None,
        retry_attempts: None,
        retry_backoff_ms: None,
        validation_policy: None,
        status: ProfileStatus::Active,
        internal: true,
        metadata,
        created_at: now,
        updated_at: now,
    };
    insert_once(state, tenant, &mut profile).await?;
    let mut demo = agent(
        tenant,
        DEMO_AGENT,
        "Managed Execution Demonstration Agent",
        TaskType::ALL.to_vec(),
        AgentStatus::Active,
        provider.as_str(),
        model,
    )?;
    demo.execution_profile_id = Some(profile_id);
    insert_once(state, tenant, &mut demo).await?;
    Ok(())
}
