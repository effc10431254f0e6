//! Builds the policy input: counts and flags only, never clinical text, so Rego rules can
//! neither leak nor depend on the wording of an output.

use crate::medication::MedicationSummary;
use crate::{PipelineInput, SupportCounts, Thresholds};
use serde_json::json;

/// The `input` document every Rego rule sees (documented in docs/policies.md).
pub(crate) fn build_input(
    input: &PipelineInput<'_>,
    counts: &SupportCounts,
    meds: &MedicationSummary,
    thresholds: &Thresholds,
) -> serde_json::Value {
    let output = input.output;
    let identity = &output.identity;
    let identity_consistent = identity.agent_id == input.agent.agent_id
        && identity.agent_version == input.agent.agent_version
        && identity.model_provider == input.agent.model_provider
        && identity.model_version == input.agent.model_version
        && identity.task_type == input.task_type.as_str();
    // Share of claims that are not fully backed by their own citations.
    let unsupported_ratio = if counts.total == 0 {
        0.0
    } else {
        (counts.unsupported + counts.partially_supported) as f64 / counts.total as f64
    };
    let doc = json!({
        "task_type": input.task_type,
        "execution_origin": input.execution_origin,
        "agent": { "risk_tier": input.agent.risk_tier },
        "claims": {
            "total": counts.total,
            "supported": counts.supported,
            "partially_supported": counts.partially_supported,
            "unsupported": counts.unsupported,
            "contradicted": counts.contradicted,
            "no_citation": counts.no_citation,
            "citation_not_found": counts.citation_not_found,
            "unsupported_ratio": unsupported_ratio,
        },
        "medications": {
            "recommended": meds.recommended,
            "ungrounded": meds.ungrounded,
        },
        "output": {
            "narrative_present": !output.narrative.trim().is_empty(),
            "discharge_instructions_present": output.discharge_instructions_present,
            "identity_consistent": identity_consistent,
            "structured_output_error": input.structured_output_error.is_some(),
        },
        "sources": { "count": input.sources.len() },
        "thresholds": {
            "unsupported_ratio_max": thresholds.unsupported_ratio_max,
        },
    });
    doc
}
