//! The evaluation pipeline: intake -> evidence -> policy (Rego) -> risk -> decision controller.
//! A pure, deterministic function of its recorded inputs, so a decision can be replayed exactly.

mod bundle;
mod controller;
mod evidence;
mod hash;
mod intake;
mod medication;
mod policy;
mod risk;
mod source_cache;
mod text;
mod thresholds;

pub use bundle::{BundleError, PolicyBundle};
pub use hash::input_context_hash;
pub use source_cache::{SourceAnalyses, TenantAnalyses};
pub use thresholds::{RiskWeights, Thresholds};

use domain::{
    AgentOutput, ControlAction, DecisionStatus, EvidenceResult, ExecutionOrigin, IntakeError,
    PolicyResult, RiskAssessment, RiskTier, SourceReference, Support, TaskType, Timestamp,
    UserRole,
};
use serde_json::json;

/// Version of the verdict logic (evidence rules, risk, controller). Bump it whenever the
/// same inputs could give a different outcome, so replay can tell logic drift from tampering.
pub const PIPELINE_VERSION: &str = "1.23.0";

/// The agent as registered when the run was made (a pipeline input kept for replay).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AgentSnapshot {
    pub agent_id: String,
    pub agent_version: String,
    pub risk_tier: RiskTier,
    pub model_provider: String,
    pub model_version: String,
}

/// Everything one evaluation depends on; nothing else is read.
#[derive(Clone, Debug)]
pub struct PipelineInput<'a> {
    pub case_id: &'a str,
    pub task_type: TaskType,
    pub user_role: Option<UserRole>,
    pub execution_origin: ExecutionOrigin,
    pub agent: &'a AgentSnapshot,
    pub sources: &'a [SourceReference],
    pub output: &'a AgentOutput,
    /// `Some(code)` when a managed model's answer could not be mapped into an agent
    /// output; `output` is then an empty placeholder built by the service.
    pub structured_output_error: Option<&'a str>,
    /// The clock value of this evaluation; replay passes the recorded one.
    pub evaluated_at: Timestamp,
}

/// What the pipeline decided and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PipelineOutcome {
    /// Non-empty means the submission was rejected at intake: control action `reject`,
    /// no evidence or policy results, and a risk of 1.0 (`critical`, single factor
    /// `intake_rejected`), since nothing about the output was verified.
    pub intake_errors: Vec<IntakeError>,
    pub evidence_results: Vec<EvidenceResult>,
    pub policy_results: Vec<PolicyResult>,
    pub risk: RiskAssessment,
    pub control_action: ControlAction,
    pub review_required: bool,
    pub decision_status: DecisionStatus,
    /// In order: `intake.accepted` or `intake.rejected`, then (when accepted)
    /// `evidence.evaluated` and `policy.evaluated`, then `risk.scored`, `decision.made`.
    pub events: Vec<StageEvent>,
}

/// One pipeline step, to be recorded as a runtime event. `data` holds ids, counts and
/// codes only, never clinical text.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StageEvent {
    pub event_type: &'static str,
    pub data: serde_json::Value,
}

/// Claim verdict counts, as the policy input and the events report them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct SupportCounts {
    pub total: usize,
    pub supported: usize,
    pub partially_supported: usize,
    pub unsupported: usize,
    pub contradicted: usize,
    pub no_citation: usize,
    pub citation_not_found: usize,
}

impl SupportCounts {
    fn of(results: &[EvidenceResult]) -> Self {
        let mut c = Self {
            total: results.len(),
            ..Self::default()
        };
        for r in results {
            match r.support {
                Support::Supported => c.supported += 1,
                Support::PartiallySupported => c.partially_supported += 1,
                Support::Unsupported => c.unsupported += 1,
                Support::Contradicted => c.contradicted += 1,
                Support::NoCitation => c.no_citation += 1,
                Support::CitationNotFound => c.citation_not_found += 1,
            }
        }
        c
    }

    fn to_json(self) -> serde_json::Value {
        json!({
            "supported": self.supported,
            "partially_supported": self.partially_supported,
            "unsupported": self.unsupported,
            "contradicted": self.contradicted,
            "no_citation": self.no_citation,
            "citation_not_found": self.citation_not_found,
        })
    }
}

/// Runs the whole pipeline. Deterministic: equal inputs give byte-identical outcomes.
pub fn evaluate(
    input: &PipelineInput<'_>,
    bundle: &PolicyBundle,
    thresholds: &Thresholds,
) -> PipelineOutcome {
    evaluate_with(input, bundle, thresholds, None)
}

/// [`evaluate`], taking source analyses from (and adding them to) `analyses`. The outcome
/// is byte-identical to [`evaluate`]'s: the cache saves work, never changes an answer.
pub fn evaluate_with(
    input: &PipelineInput<'_>,
    bundle: &PolicyBundle,
    thresholds: &Thresholds,
    analyses: Option<TenantAnalyses<'_>>,
) -> PipelineOutcome {
    let mut events = Vec::with_capacity(6);

    let intake_errors = intake::check(input, thresholds);
    if !intake_errors.is_empty() {
        let codes: Vec<&str> = intake_errors.iter().map(|e| e.code.as_str()).collect();
        events.push(StageEvent {
            event_type: "intake.rejected",
            data: json!({ "error_count": intake_errors.len(), "error_codes": codes }),
        });
        let risk = risk::rejected();
        events.push(risk_event(&risk));
        let decision = controller::Decision::rejected();
        events.push(decision_event(&decision, bundle));
        return PipelineOutcome {
            intake_errors,
            evidence_results: Vec::new(),
            policy_results: Vec::new(),
            risk,
            control_action: decision.action,
            review_required: decision.review_required,
            decision_status: decision.status,
            events,
        };
    }
    events.push(StageEvent {
        event_type: "intake.accepted",
        data: json!({
            "claim_count": input.output.claims.len(),
            "source_count": input.sources.len(),
            "medication_recommendation_count": input.output.medication_recommendations.len(),
            "structured_output_error": input.structured_output_error,
        }),
    });

    let mut corpus = evidence::Corpus::new(input.sources, input.output.generated_at, analyses);
    let evidence_results = evidence::evaluate_claims(&mut corpus, &input.output.claims);
    let meds = medication::check(&mut corpus, &input.output.medication_recommendations);
    let counts = SupportCounts::of(&evidence_results);
    events.push(StageEvent {
        event_type: "evidence.evaluated",
        data: json!({
            "claim_count": counts.total,
            "by_support": counts.to_json(),
            "medication_recommendation_count": meds.recommended,
            "ungrounded_medication_count": meds.ungrounded,
        }),
    });

    let policy_input = policy::build_input(input, &counts, &meds, thresholds);
    let policy_results = bundle.evaluate(policy_input);
    let failed: Vec<&str> = policy_results
        .iter()
        .filter(|r| !r.passed)
        .map(|r| r.policy_id.as_str())
        .collect();
    events.push(StageEvent {
        event_type: "policy.evaluated",
        data: json!({
            "policy_set_version": bundle.version(),
            "evaluated_count": policy_results.len(),
            "failed_count": failed.len(),
            "failed_policy_ids": failed,
        }),
    });

    let risk = risk::score(input, &counts, &meds, &policy_results, thresholds);
    events.push(risk_event(&risk));

    let decision = controller::decide(
        &policy_results,
        &risk,
        input.agent.risk_tier,
        meds.recommended,
        thresholds,
    );
    events.push(decision_event(&decision, bundle));

    PipelineOutcome {
        intake_errors,
        evidence_results,
        policy_results,
        risk,
        control_action: decision.action,
        review_required: decision.review_required,
        decision_status: decision.status,
        events,
    }
}

fn risk_event(risk: &RiskAssessment) -> StageEvent {
    let factors: Vec<&str> = risk
        .factors
        .iter()
        .filter(|f| f.contribution > 0.0)
        .map(|f| f.factor.as_str())
        .collect();
    StageEvent {
        event_type: "risk.scored",
        data: json!({
            "risk_score": risk.score,
            "risk_level": risk.level,
            "contributing_factors": factors,
        }),
    }
}

fn decision_event(decision: &controller::Decision, bundle: &PolicyBundle) -> StageEvent {
    StageEvent {
        event_type: "decision.made",
        data: json!({
            "control_action": decision.action,
            "review_required": decision.review_required,
            "decision_status": decision.status,
            "reason_codes": decision.reasons,
            "pipeline_version": PIPELINE_VERSION,
            "policy_set_version": bundle.version(),
        }),
    }
}
