//! The decision controller: block on a failed blocking policy, otherwise review when a
//! policy, the risk level, the agent's tier or a medication recommendation asks for it.

use crate::Thresholds;
use domain::{ControlAction, DecisionStatus, Effect, PolicyResult, RiskAssessment, RiskTier};

pub(crate) struct Decision {
    pub action: ControlAction,
    pub review_required: bool,
    pub status: DecisionStatus,
    /// Codes of every rule of the controller that fired, in a fixed order.
    pub reasons: Vec<&'static str>,
}

impl Decision {
    pub(crate) fn rejected() -> Self {
        Self {
            action: ControlAction::Reject,
            review_required: false,
            status: DecisionStatus::IntakeRejected,
            reasons: vec!["intake_rejected"],
        }
    }
}

pub(crate) fn decide(
    policies: &[PolicyResult],
    risk: &RiskAssessment,
    tier: RiskTier,
    medication_recommendations: usize,
    thresholds: &Thresholds,
) -> Decision {
    let mut reasons = Vec::new();
    let failed = || policies.iter().filter(|p| !p.passed);
    if failed().any(|p| p.effect == Effect::Block) {
        reasons.push("policy_block");
    }
    if failed().any(|p| p.effect == Effect::Review) {
        reasons.push("policy_review");
    }
    if risk.level >= thresholds.review_at_risk_level {
        reasons.push("risk_level");
    }
    // The tier and medication floors hold even if a tenant's bundle drops the matching
    // rules: the contract makes them part of the controller's minimum behaviour.
    if matches!(tier, RiskTier::High | RiskTier::Critical) {
        reasons.push("agent_risk_tier");
    }
    if medication_recommendations > 0 {
        reasons.push("medication_recommendation");
    }

    let (action, review_required, status) = if reasons.first() == Some(&"policy_block") {
        (ControlAction::Block, false, DecisionStatus::Blocked)
    } else if !reasons.is_empty() {
        (
            ControlAction::RequireReview,
            true,
            DecisionStatus::AwaitingHumanReview,
        )
    } else {
        reasons.push("all_checks_passed");
        (ControlAction::AutoApprove, false, DecisionStatus::Finalized)
    };
    Decision {
        action,
        review_required,
        status,
        reasons,
    }
}
