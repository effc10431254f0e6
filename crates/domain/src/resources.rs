//! The service's resources exactly as they appear on the wire and in the store's documents.

use crate::enums::*;
use crate::ids::*;
use crate::output::{AgentOutput, SourceReference};
use crate::results::{EvidenceResult, IntakeError, PolicyResult, RiskFactor};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

pub type Metadata = serde_json::Map<String, serde_json::Value>;

/// A registered agent (spec 2.1). `provider_connection_id` is never part of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Agent {
    pub agent_id: AgentId,
    #[schema(value_type = String)]
    pub tenant_id: TenantId,
    pub name: String,
    pub owner: String,
    pub version: String,
    pub clinical_domain: String,
    pub allowed_tasks: Vec<TaskType>,
    pub capabilities: Vec<String>,
    pub model_provider: String,
    pub model_version: String,
    pub risk_tier: RiskTier,
    pub status: AgentStatus,
    /// Deprecated, display-only; never read by managed execution.
    pub adapter_id: Option<String>,
    pub execution_profile_id: Option<ProfileId>,
    #[schema(value_type = Object)]
    pub metadata: Metadata,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// How a model should execute (spec 2.3). Configuration only, never a credential.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExecutionProfile {
    pub profile_id: ProfileId,
    #[schema(value_type = String)]
    pub tenant_id: TenantId,
    pub display_name: String,
    pub provider: ProviderKind,
    pub adapter_id: Option<String>,
    pub provider_connection_id: Option<ConnectionId>,
    pub model: Option<String>,
    pub model_version: Option<String>,
    pub max_output_tokens: Option<u32>,
    pub timeout_ms: Option<u32>,
    pub temperature: Option<f64>,
    pub top_p: Option<f64>,
    pub reasoning_level: Option<ReasoningLevel>,
    pub response_format: Option<ResponseFormat>,
    pub structured_output_enabled: bool,
    pub tool_calling_enabled: bool,
    pub streaming_enabled: bool,
    pub retry_policy: Option<RetryPolicy>,
    pub retry_attempts: Option<u32>,
    pub retry_backoff_ms: Option<u32>,
    #[schema(value_type = Option<Object>)]
    pub validation_policy: Option<serde_json::Value>,
    pub status: ProfileStatus,
    /// True only for the operator's demonstration profile seeded at start.
    pub internal: bool,
    #[schema(value_type = Object)]
    pub metadata: Metadata,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// Whose account and credential a managed execution uses (spec 2.2).
/// There is deliberately no field that could hold a raw credential.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ProviderConnection {
    pub connection_id: ConnectionId,
    #[schema(value_type = String)]
    pub tenant_id: TenantId,
    pub provider: ProviderKind,
    pub display_name: String,
    pub endpoint: Option<String>,
    #[schema(value_type = Object)]
    pub metadata: Metadata,
    /// Operator-owned (seeded by the service); never creatable through the API.
    pub internal: bool,
    pub status: ConnectionStatus,
    /// `<backend>:<opaque reference>` into the credential store.
    pub credential_reference: String,
    pub credential_configured: bool,
    pub last_validation_error_code: Option<String>,
    pub last_validated_at: Option<Timestamp>,
    pub credential_rotated_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// What an adapter can do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AdapterCapabilities {
    pub task_types: Vec<TaskType>,
    pub execution_modes: Vec<ExecutionMode>,
    pub structured_output: bool,
    pub tool_calling: bool,
    pub streaming: bool,
}

/// Secret-free adapter summary (spec 2.4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AdapterSummary {
    pub adapter_id: String,
    pub provider: ProviderKind,
    pub version: String,
    pub status: AdapterStatus,
    pub status_reason: Option<String>,
    pub last_validated_at: Option<Timestamp>,
    pub capabilities: AdapterCapabilities,
}

/// Adapter health; never calls a provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AdapterHealth {
    pub adapter_id: String,
    pub status: AdapterStatus,
    pub healthy: bool,
    pub checked_at: Timestamp,
    pub detail: String,
}

/// A long-lived container for one controlled clinical workflow (spec 2.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Session {
    pub session_id: SessionId,
    #[schema(value_type = String)]
    pub tenant_id: TenantId,
    pub case_id: String,
    pub agent_id: AgentId,
    pub task_type: TaskType,
    pub user_role: Option<UserRole>,
    pub execution_origin: ExecutionOrigin,
    pub current_state: SessionState,
    pub run_count: u32,
    pub current_run_id: Option<RunId>,
    pub current_decision_id: Option<DecisionId>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// What a session was asked to do, kept so that a retry can run it again.
/// Stored beside the session, never on its wire shape.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct SessionInputs {
    pub source_references: Vec<SourceReference>,
    pub clinical_context: Option<serde_json::Value>,
    /// Managed execution only.
    pub instructions: Option<String>,
}

/// One state change of a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TimelineEntry {
    pub sequence: u32,
    pub from_state: Option<SessionState>,
    pub to_state: SessionState,
    pub trigger: String,
    pub at: Timestamp,
    pub run_id: Option<RunId>,
    pub actor: String,
}

/// One agent run (spec 2.6). A retry never changes a run; it creates the next one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AgentRun {
    pub run_id: RunId,
    pub session_id: SessionId,
    pub sequence: u32,
    pub execution_origin: ExecutionOrigin,
    pub status: RunStatus,
    pub decision_id: DecisionId,
    pub created_at: Timestamp,
}

/// One step recorded against a decision. `data` holds ids, counts and codes only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RuntimeEvent {
    pub event_id: EventId,
    pub sequence: u32,
    #[serde(rename = "type")]
    pub event_type: String,
    pub at: Timestamp,
    pub actor: String,
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

/// Computed runtime risk with its named contributions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RiskAssessment {
    pub score: f64,
    pub level: RiskLevel,
    pub factors: Vec<RiskFactor>,
}

/// The single source of truth for one runtime decision (spec 2.7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DecisionRecord {
    pub decision_id: DecisionId,
    #[schema(value_type = String)]
    pub tenant_id: TenantId,
    pub session_id: SessionId,
    pub run_id: RunId,
    pub execution_origin: ExecutionOrigin,
    pub case_id: String,
    pub task_type: TaskType,
    pub user_role: Option<UserRole>,
    pub agent_id: AgentId,
    pub agent_version: String,
    /// The agent's risk tier when the decision was made (a pipeline input, kept for replay).
    pub agent_risk_tier: RiskTier,
    pub model_provider: String,
    pub model_version: String,
    pub input_context_hash: String,
    pub retrieved_sources: Vec<SourceReference>,
    pub agent_output: Option<AgentOutput>,
    /// Set when a managed model's answer could not be mapped into an agent output.
    pub structured_output_error: Option<String>,
    pub policy_results: Vec<PolicyResult>,
    pub evidence_results: Vec<EvidenceResult>,
    pub risk_score: Option<f64>,
    pub risk_level: Option<RiskLevel>,
    pub risk_factors: Vec<RiskFactor>,
    pub control_action: Option<ControlAction>,
    pub review_required: bool,
    pub status: DecisionStatus,
    pub resolution: Option<Resolution>,
    pub human_action: Option<HumanAction>,
    pub reviewer_id: Option<String>,
    pub review_notes: Option<String>,
    pub final_output: Option<AgentOutput>,
    pub intake_errors: Vec<IntakeError>,
    pub pipeline_version: String,
    pub policy_set_version: Option<String>,
    /// The clock value the pipeline was given (replay uses the same one).
    pub evaluated_at: Option<Timestamp>,
    pub runtime_events: Vec<RuntimeEvent>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub finalized_at: Option<Timestamp>,
}
