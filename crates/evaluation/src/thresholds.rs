//! Every tunable number of intake, the risk score and the decision controller, in one
//! serialisable value so a decision can be replayed with exactly the numbers it used.

use domain::RiskLevel;
use serde::{Deserialize, Serialize};

/// Tunable numbers of the pipeline. `Default` is the documented production setting;
/// missing fields in a serialised copy take their defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Thresholds {
    /// The controller asks for review when the risk level is at or above this
    /// (default `high`, i.e. a risk score of 0.5 or more).
    pub review_at_risk_level: RiskLevel,
    /// Largest tolerated share of claims that are `unsupported` or
    /// `partially_supported` before `unsupported_claim_ratio` fails (default 0.0: any
    /// such claim asks for review, the contract's minimum).
    pub unsupported_ratio_max: f64,
    /// How far `generated_at` or a source's `authored_at` may lie after the evaluation
    /// clock before intake rejects it (default 300 s, the contract's five minutes).
    pub future_skew_seconds: i64,
    /// Weights of the named risk factors.
    pub risk: RiskWeights,
}

impl Default for Thresholds {
    fn default() -> Self {
        Self {
            review_at_risk_level: RiskLevel::High,
            unsupported_ratio_max: 0.0,
            future_skew_seconds: 300,
            risk: RiskWeights::default(),
        }
    }
}

/// Contributions of the risk factors; the sum is clamped to [0, 1].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RiskWeights {
    /// Agent risk tier `low` / `medium` / `high` / `critical` (defaults 0.0 / 0.1 / 0.3 / 0.45).
    pub tier_low: f64,
    pub tier_medium: f64,
    pub tier_high: f64,
    pub tier_critical: f64,
    /// Times the share of claims not fully supported (unsupported and no_citation count
    /// 1, partially_supported 0.5). Default 0.3.
    pub unsupported_share: f64,
    /// Per contradicted or unresolvable-citation claim (default 0.25), capped at
    /// `contradicted_cap` (default 0.5).
    pub contradicted_each: f64,
    pub contradicted_cap: f64,
    /// Per failed policy by severity; the sum is capped at `failed_policy_cap`.
    /// Defaults: info 0, low 0.02, medium 0.05, high 0.1, critical 0.2, cap 0.4.
    pub failed_info: f64,
    pub failed_low: f64,
    pub failed_medium: f64,
    pub failed_high: f64,
    pub failed_critical: f64,
    pub failed_policy_cap: f64,
    /// Any medication recommendation (default 0.1), plus `medication_each` (0.03) per
    /// further one and `medication_ungrounded_each` (0.1) per recommendation the sources
    /// do not ground; capped at `medication_cap` (0.35).
    pub medication_any: f64,
    pub medication_each: f64,
    pub medication_ungrounded_each: f64,
    pub medication_cap: f64,
    /// Inherent risk of the task type. Defaults: medication_reconciliation and
    /// triage_recommendation 0.1, discharge_summary 0.05, radiology_follow_up 0.05,
    /// patient_communication 0.05, clinical_summary 0.0.
    pub task_medication_reconciliation: f64,
    pub task_triage_recommendation: f64,
    pub task_discharge_summary: f64,
    pub task_radiology_follow_up: f64,
    pub task_patient_communication: f64,
    pub task_clinical_summary: f64,
}

impl Default for RiskWeights {
    fn default() -> Self {
        Self {
            tier_low: 0.0,
            tier_medium: 0.1,
            tier_high: 0.3,
            tier_critical: 0.45,
            unsupported_share: 0.3,
            contradicted_each: 0.25,
            contradicted_cap: 0.5,
            failed_info: 0.0,
            failed_low: 0.02,
            failed_medium: 0.05,
            failed_high: 0.1,
            failed_critical: 0.2,
            failed_policy_cap: 0.4,
            medication_any: 0.1,
            medication_each: 0.03,
            medication_ungrounded_each: 0.1,
            medication_cap: 0.35,
            task_medication_reconciliation: 0.1,
            task_triage_recommendation: 0.1,
            task_discharge_summary: 0.05,
            task_radiology_follow_up: 0.05,
            task_patient_communication: 0.05,
            task_clinical_summary: 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_config_takes_defaults() {
        let t: Thresholds = serde_json::from_str(r#"{"unsupported_ratio_max": 0.25}"#).unwrap();
        assert_eq!(t.unsupported_ratio_max, 0.25);
        assert_eq!(t.review_at_risk_level, RiskLevel::High);
        assert_eq!(t.risk, RiskWeights::default());
        assert!(serde_json::from_str::<Thresholds>(r#"{"bogus": 1}"#).is_err());
    }
}
