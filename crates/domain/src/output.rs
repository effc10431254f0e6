//! The shapes an agent submits (spec 2.8) and that the pipeline evaluates.

use crate::enums::{SourceType, TaskType};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// One source document available for evidence checking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceReference {
    pub source_id: String,
    pub source_type: SourceType,
    pub title: String,
    pub content: String,
    pub authored_at: Timestamp,
}

/// Who produced an output, as the output itself claims.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OutputIdentity {
    pub agent_id: String,
    pub agent_version: String,
    pub model_provider: String,
    pub model_version: String,
    pub task_type: String,
}

/// One factual claim of an output, with the sources it cites.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub claim_id: String,
    pub claim_type: String,
    pub statement: String,
    pub supporting_source_ids: Vec<String>,
}

/// A finished structured output of an agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AgentOutput {
    pub identity: OutputIdentity,
    pub generated_at: Timestamp,
    pub narrative: String,
    pub claims: Vec<Claim>,
    /// Free-form items; each is checked against the sources by name and dose.
    #[schema(value_type = Vec<Object>)]
    pub medication_recommendations: Vec<serde_json::Value>,
    pub discharge_instructions_present: bool,
}

impl AgentOutput {
    /// The identity the run itself implies, for comparison at intake.
    pub fn expected_identity(
        agent_id: &str,
        agent_version: &str,
        model_provider: &str,
        model_version: &str,
        task_type: TaskType,
    ) -> OutputIdentity {
        OutputIdentity {
            agent_id: agent_id.to_owned(),
            agent_version: agent_version.to_owned(),
            model_provider: model_provider.to_owned(),
            model_version: model_version.to_owned(),
            task_type: task_type.as_str().to_owned(),
        }
    }
}
