//! Risk: a score in [0, 1] summed from named factors (each reported with its contribution)
//! and banded into the contract's levels by `RiskLevel::from_score`.

use crate::medication::MedicationSummary;
use crate::{PipelineInput, SupportCounts, Thresholds};
use domain::{PolicyResult, RiskAssessment, RiskFactor, RiskLevel, RiskTier, Severity, TaskType};

fn factor(name: &str, contribution: f64, detail: String) -> RiskFactor {
    RiskFactor {
        factor: name.to_owned(),
        // Rounded so the recorded number does not depend on float summation noise.
        contribution: round4(contribution),
        detail,
    }
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The fixed assessment of an intake-rejected submission: nothing was verified.
pub(crate) fn rejected() -> RiskAssessment {
    RiskAssessment {
        score: 1.0,
        level: RiskLevel::Critical,
        factors: vec![factor(
            "intake_rejected",
            1.0,
            "submission rejected at intake; output not evaluated".to_owned(),
        )],
    }
}

/// Every factor is always listed (with 0 when it does not apply), in a fixed order.
pub(crate) fn score(
    input: &PipelineInput<'_>,
    counts: &SupportCounts,
    meds: &MedicationSummary,
    policies: &[PolicyResult],
    thresholds: &Thresholds,
) -> RiskAssessment {
    let w = &thresholds.risk;
    let tier = input.agent.risk_tier;
    let tier_weight = match tier {
        RiskTier::Low => w.tier_low,
        RiskTier::Medium => w.tier_medium,
        RiskTier::High => w.tier_high,
        RiskTier::Critical => w.tier_critical,
    };

    let weak = counts.unsupported + counts.no_citation;
    let share = if counts.total == 0 {
        0.0
    } else {
        (weak as f64 + 0.5 * counts.partially_supported as f64) / counts.total as f64
    };

    let broken = counts.contradicted + counts.citation_not_found;
    let contradicted = (broken as f64 * w.contradicted_each).min(w.contradicted_cap);

    let failed: Vec<&PolicyResult> = policies.iter().filter(|p| !p.passed).collect();
    let policy_sum: f64 = failed
        .iter()
        .map(|p| match p.severity {
            Severity::Info => w.failed_info,
            Severity::Low => w.failed_low,
            Severity::Medium => w.failed_medium,
            Severity::High => w.failed_high,
            Severity::Critical => w.failed_critical,
        })
        .sum();

    let meds_weight = if meds.recommended == 0 {
        0.0
    } else {
        (w.medication_any
            + w.medication_each * (meds.recommended - 1) as f64
            + w.medication_ungrounded_each * meds.ungrounded as f64)
            .min(w.medication_cap)
    };

    let task = input.task_type;
    let task_weight = match task {
        TaskType::MedicationReconciliation => w.task_medication_reconciliation,
        TaskType::TriageRecommendation => w.task_triage_recommendation,
        TaskType::DischargeSummary => w.task_discharge_summary,
        TaskType::RadiologyFollowUp => w.task_radiology_follow_up,
        TaskType::PatientCommunication => w.task_patient_communication,
        TaskType::ClinicalSummary => w.task_clinical_summary,
    };

    let factors = vec![
        factor("agent_risk_tier", tier_weight, format!("tier={tier}")),
        factor(
            "unsupported_claims",
            w.unsupported_share * share,
            format!(
                "unsupported={} no_citation={} partially_supported={} of {}",
                counts.unsupported, counts.no_citation, counts.partially_supported, counts.total
            ),
        ),
        factor(
            "contradicted_claims",
            contradicted,
            format!(
                "contradicted={} citation_not_found={}",
                counts.contradicted, counts.citation_not_found
            ),
        ),
        factor(
            "failed_policies",
            policy_sum.min(w.failed_policy_cap),
            format!("failed={}", failed.len()),
        ),
        factor(
            "medication_changes",
            meds_weight,
            format!(
                "recommended={} ungrounded={}",
                meds.recommended, meds.ungrounded
            ),
        ),
        factor("task_type", task_weight, format!("task={task}")),
    ];
    let total: f64 = factors.iter().map(|f| f.contribution).sum();
    let score = round4(total.clamp(0.0, 1.0));
    RiskAssessment {
        score,
        level: RiskLevel::from_score(score),
        factors,
    }
}
