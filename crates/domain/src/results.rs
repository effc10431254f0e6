//! Result shapes of the evaluation pipeline, as recorded on a decision record.

use crate::enums::{Effect, Severity, Support};
use serde::{Deserialize, Serialize};

/// One policy evaluated against one output, pass or fail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PolicyResult {
    pub policy_id: String,
    pub name: String,
    pub version: String,
    pub passed: bool,
    pub severity: Severity,
    pub effect: Effect,
    pub message: String,
}

/// Where in a source the best support for a claim was found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EvidenceSpan {
    pub source_id: String,
    /// Character offsets (Unicode scalar values) into the source content, end exclusive.
    pub start: usize,
    pub end: usize,
}

/// Support assessment of one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EvidenceResult {
    pub claim_id: String,
    pub cited_source_ids: Vec<String>,
    pub support: Support,
    /// 0 (no support) to 1 (fully supported).
    pub score: f64,
    /// Short machine-oriented reasons; never quote source text.
    pub reasons: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_span: Option<EvidenceSpan>,
}

/// One named contribution to the risk score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RiskFactor {
    pub factor: String,
    pub contribution: f64,
    pub detail: String,
}

/// A problem found at intake; the submission is recorded but rejected.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct IntakeError {
    pub code: String,
    pub field: String,
    pub message: String,
}
