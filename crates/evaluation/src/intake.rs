//! Intake: a well-formed submission whose parts contradict each other (identity, duplicate
//! ids, timestamps from the future) is recorded but rejected before anything is evaluated.

use crate::{PipelineInput, Thresholds};
use domain::IntakeError;
use std::collections::BTreeSet;

fn error(code: &str, field: String, message: String) -> IntakeError {
    IntakeError {
        code: code.to_owned(),
        field,
        message,
    }
}

/// Every problem of the submission, in a fixed order (identity, sources, claims, time).
/// Messages carry field names and ids only, never clinical text or submitted values.
pub(crate) fn check(input: &PipelineInput<'_>, thresholds: &Thresholds) -> Vec<IntakeError> {
    let mut errors = Vec::new();
    let limit = input
        .evaluated_at
        .plus_seconds(thresholds.future_skew_seconds);

    // A placeholder output built by the service for an unmappable model answer is not a
    // submission: its own fields are not checked (structured_output_valid blocks it).
    let check_output = input.structured_output_error.is_none();

    if check_output {
        let identity = &input.output.identity;
        let expected = [
            (
                "agent_id",
                identity.agent_id.as_str(),
                input.agent.agent_id.as_str(),
            ),
            (
                "agent_version",
                identity.agent_version.as_str(),
                input.agent.agent_version.as_str(),
            ),
            (
                "model_provider",
                identity.model_provider.as_str(),
                input.agent.model_provider.as_str(),
            ),
            (
                "model_version",
                identity.model_version.as_str(),
                input.agent.model_version.as_str(),
            ),
            (
                "task_type",
                identity.task_type.as_str(),
                input.task_type.as_str(),
            ),
        ];
        for (name, got, want) in expected {
            if got != want {
                errors.push(error(
                    "identity_mismatch",
                    format!("agent_output.identity.{name}"),
                    format!("agent_output.identity.{name} does not match the run's {name}"),
                ));
            }
        }
    }

    let mut seen = BTreeSet::new();
    for (i, source) in input.sources.iter().enumerate() {
        if !seen.insert(source.source_id.as_str()) {
            errors.push(error(
                "duplicate_source_id",
                format!("source_references[{i}].source_id"),
                format!("source_id {} appears more than once", source.source_id),
            ));
        }
    }

    if check_output {
        let mut seen = BTreeSet::new();
        for (i, claim) in input.output.claims.iter().enumerate() {
            if !seen.insert(claim.claim_id.as_str()) {
                errors.push(error(
                    "duplicate_claim_id",
                    format!("agent_output.claims[{i}].claim_id"),
                    format!("claim_id {} appears more than once", claim.claim_id),
                ));
            }
        }
        if input.output.generated_at > limit {
            errors.push(error(
                "timestamp_in_future",
                "agent_output.generated_at".to_owned(),
                "agent_output.generated_at is more than the allowed skew after the evaluation time"
                    .to_owned(),
            ));
        }
    }

    for (i, source) in input.sources.iter().enumerate() {
        if source.authored_at > limit {
            errors.push(error(
                "timestamp_in_future",
                format!("source_references[{i}].authored_at"),
                format!(
                    "authored_at of source {} is more than the allowed skew after the evaluation time",
                    source.source_id
                ),
            ));
        }
    }
    errors
}
