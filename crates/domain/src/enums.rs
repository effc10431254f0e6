//! Every closed set of the contract as an enum, with its wire spelling in one place.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A wire value that is not one of an enum's allowed spellings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be one of: {allowed}")]
pub struct UnknownValue {
    pub allowed: String,
}

macro_rules! wire_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $wire:literal),+ $(,)? }) => {
        $(#[$doc])*
        // Variant names are chosen so that snake_case is the wire spelling: utoipa reads
        // `rename_all` but not renames passed through a macro (a test checks both agree).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $wire,)+ }
            }

            /// Comma-separated allowed spellings, for error messages.
            pub fn allowed() -> String {
                [$($wire,)+].join(", ")
            }
        }

        impl std::str::FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, UnknownValue> {
                match s {
                    $($wire => Ok($name::$variant),)+
                    _ => Err(UnknownValue { allowed: Self::allowed() }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

wire_enum!(/// Kinds of clinical work an agent may perform.
TaskType {
    DischargeSummary => "discharge_summary",
    RadiologyFollowUp => "radiology_follow_up",
    MedicationReconciliation => "medication_reconciliation",
    ClinicalSummary => "clinical_summary",
    PatientCommunication => "patient_communication",
    TriageRecommendation => "triage_recommendation",
});

wire_enum!(/// Kind of a source document.
SourceType {
    ClinicalNote => "clinical_note",
    DischargeNote => "discharge_note",
    LabResult => "lab_result",
    MedicationList => "medication_list",
    ImagingReport => "imaging_report",
    ProblemList => "problem_list",
    AllergyList => "allergy_list",
    VitalSigns => "vital_signs",
    CarePlan => "care_plan",
    ClinicalGuideline => "clinical_guideline",
    PatientMessage => "patient_message",
    Other => "other",
});

wire_enum!(/// Role of the user a session works for.
UserRole {
    Physician => "physician",
    Nurse => "nurse",
    Pharmacist => "pharmacist",
    CareCoordinator => "care_coordinator",
    Administrator => "administrator",
    System => "system",
});

wire_enum!(/// Provider protocol names.
ProviderKind {
    Reference => "reference",
    Openai => "openai",
    Anthropic => "anthropic",
    OpenaiCompatible => "openai_compatible",
});

wire_enum!(/// Where an agent run's output came from.
ExecutionOrigin {
    Synthetic => "synthetic",
    External => "external",
    Managed => "managed",
});

wire_enum!(/// What the decision controller decided.
ControlAction {
    AutoApprove => "auto_approve",
    RequireReview => "require_review",
    Block => "block",
    Reject => "reject",
});

wire_enum!(/// Banded runtime risk of one decision.
RiskLevel {
    Low => "low",
    Medium => "medium",
    High => "high",
    Critical => "critical",
});

impl RiskLevel {
    /// The contract's bands: low < 0.25, medium < 0.5, high < 0.75, else critical.
    pub fn from_score(score: f64) -> Self {
        if score < 0.25 {
            RiskLevel::Low
        } else if score < 0.5 {
            RiskLevel::Medium
        } else if score < 0.75 {
            RiskLevel::High
        } else {
            RiskLevel::Critical
        }
    }
}

wire_enum!(/// Classification of the agent itself (not a per-decision score).
RiskTier {
    Low => "low",
    Medium => "medium",
    High => "high",
    Critical => "critical",
});

wire_enum!(/// Lifecycle of a registered agent.
AgentStatus {
    Draft => "draft",
    Active => "active",
    Suspended => "suspended",
    Deprecated => "deprecated",
});

wire_enum!(/// Lifecycle of an execution profile.
ProfileStatus {
    Draft => "draft",
    Active => "active",
    Disabled => "disabled",
});

wire_enum!(/// Lifecycle of a provider connection.
ConnectionStatus {
    Pending => "pending",
    Valid => "valid",
    Invalid => "invalid",
    Disabled => "disabled",
    Deleting => "deleting",
});

wire_enum!(/// Availability of a registered adapter.
AdapterStatus {
    Available => "available",
    Misconfigured => "misconfigured",
    Unavailable => "unavailable",
    Deprecated => "deprecated",
});

wire_enum!(/// Execution modes an adapter supports.
ExecutionMode {
    Synthetic => "synthetic",
    Managed => "managed",
});

wire_enum!(/// States of a runtime session (`resumed` is transient, timeline only).
SessionState {
    Created => "created",
    Queued => "queued",
    Running => "running",
    WaitingForEvidence => "waiting_for_evidence",
    WaitingForHumanReview => "waiting_for_human_review",
    Paused => "paused",
    Blocked => "blocked",
    Completed => "completed",
    Cancelled => "cancelled",
    Failed => "failed",
    Resumed => "resumed",
});

wire_enum!(/// Outcome of one agent run.
RunStatus {
    Evaluated => "evaluated",
    IntakeRejected => "intake_rejected",
    Failed => "failed",
});

wire_enum!(/// Status of a decision record.
DecisionStatus {
    IntakeRejected => "intake_rejected",
    AwaitingAgentOutput => "awaiting_agent_output",
    AwaitingHumanReview => "awaiting_human_review",
    Blocked => "blocked",
    Finalized => "finalized",
});

wire_enum!(/// How a decision record reached its end.
Resolution {
    AutoApproved => "auto_approved",
    Approved => "approved",
    Rejected => "rejected",
    Superseded => "superseded",
    Cancelled => "cancelled",
});

wire_enum!(/// What a human reviewer did.
HumanAction {
    Approved => "approved",
    Rejected => "rejected",
});

wire_enum!(/// Evidence verdict for one claim.
Support {
    Supported => "supported",
    PartiallySupported => "partially_supported",
    Unsupported => "unsupported",
    Contradicted => "contradicted",
    NoCitation => "no_citation",
    CitationNotFound => "citation_not_found",
});

wire_enum!(/// Severity of a policy result.
Severity {
    Info => "info",
    Low => "low",
    Medium => "medium",
    High => "high",
    Critical => "critical",
});

wire_enum!(/// What a failed policy asks the controller to do.
Effect {
    None => "none",
    Review => "review",
    Block => "block",
});

wire_enum!(/// Reasoning effort requested of a model (stored, not applied).
ReasoningLevel {
    None => "none",
    Low => "low",
    Medium => "medium",
    High => "high",
});

wire_enum!(/// Response format requested of a model (stored, not applied).
ResponseFormat {
    Text => "text",
    JsonObject => "json_object",
    JsonSchema => "json_schema",
});

wire_enum!(/// Retry policy of a profile (stored, not applied: one attempt only).
RetryPolicy {
    None => "none",
    Fixed => "fixed",
    Exponential => "exponential",
});

wire_enum!(/// Class of a provider failure.
ProviderErrorClass {
    AuthFailed => "auth_failed",
    RateLimited => "rate_limited",
    Unavailable => "unavailable",
    BadRequest => "bad_request",
    InvalidResponse => "invalid_response",
});

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn wire_spelling_round_trips_through_serde_and_from_str() {
        for t in TaskType::ALL {
            let json = serde_json::to_string(t).unwrap();
            assert_eq!(json, format!("\"{}\"", t.as_str()));
            assert_eq!(TaskType::from_str(t.as_str()).unwrap(), *t);
        }
        assert!(TaskType::from_str("bogus").is_err());
    }

    fn serde_matches_wire<T: serde::Serialize + Copy + fmt::Display>(all: &[T]) {
        for v in all {
            assert_eq!(
                serde_json::to_value(v).unwrap(),
                serde_json::json!(v.to_string())
            );
        }
    }

    #[test]
    fn every_enum_serializes_as_its_wire_spelling() {
        serde_matches_wire(TaskType::ALL);
        serde_matches_wire(SourceType::ALL);
        serde_matches_wire(UserRole::ALL);
        serde_matches_wire(ProviderKind::ALL);
        serde_matches_wire(ExecutionOrigin::ALL);
        serde_matches_wire(ControlAction::ALL);
        serde_matches_wire(RiskLevel::ALL);
        serde_matches_wire(RiskTier::ALL);
        serde_matches_wire(AgentStatus::ALL);
        serde_matches_wire(ProfileStatus::ALL);
        serde_matches_wire(ConnectionStatus::ALL);
        serde_matches_wire(AdapterStatus::ALL);
        serde_matches_wire(ExecutionMode::ALL);
        serde_matches_wire(SessionState::ALL);
        serde_matches_wire(RunStatus::ALL);
        serde_matches_wire(DecisionStatus::ALL);
        serde_matches_wire(Resolution::ALL);
        serde_matches_wire(HumanAction::ALL);
        serde_matches_wire(Support::ALL);
        serde_matches_wire(Severity::ALL);
        serde_matches_wire(Effect::ALL);
        serde_matches_wire(ReasoningLevel::ALL);
        serde_matches_wire(ResponseFormat::ALL);
        serde_matches_wire(RetryPolicy::ALL);
        serde_matches_wire(ProviderErrorClass::ALL);
    }

    #[test]
    fn risk_bands_follow_the_contract() {
        assert_eq!(RiskLevel::from_score(0.0), RiskLevel::Low);
        assert_eq!(RiskLevel::from_score(0.2499), RiskLevel::Low);
        assert_eq!(RiskLevel::from_score(0.25), RiskLevel::Medium);
        assert_eq!(RiskLevel::from_score(0.5), RiskLevel::High);
        assert_eq!(RiskLevel::from_score(0.75), RiskLevel::Critical);
        assert_eq!(RiskLevel::from_score(1.0), RiskLevel::Critical);
    }
}
