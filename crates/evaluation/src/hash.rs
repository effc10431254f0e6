//! The decision record's `input_context_hash`: SHA-256 over the RFC 8785 canonical JSON of
//! what was requested, so equal requests hash equally whatever their key order or spacing.

use domain::{SourceReference, TaskType, UserRole};
use serde_json::json;
use sha2::{Digest, Sha256};

/// `sha256:` + hex SHA-256 of the canonical JSON of
/// `{case_id, task_type, user_role, clinical_context, source_references}`; a value the
/// request did not carry is `null`.
pub fn input_context_hash(
    case_id: &str,
    task_type: TaskType,
    user_role: Option<UserRole>,
    clinical_context: Option<&serde_json::Value>,
    sources: &[SourceReference],
) -> String {
    let doc = json!({
        "case_id": case_id,
        "task_type": task_type,
        "user_role": user_role,
        "clinical_context": clinical_context,
        "source_references": sources,
    });
    // Serialising a serde_json::Value cannot fail (it holds no non-finite numbers), so the
    // empty fallback is unreachable; it keeps this function total without a panic path.
    let canonical = serde_json_canonicalizer::to_vec(&doc).unwrap_or_default();
    format!("sha256:{}", hex::encode(Sha256::digest(&canonical)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{SourceType, Timestamp};

    fn source() -> SourceReference {
        SourceReference {
            source_id: "doc-1".into(),
            source_type: SourceType::LabResult,
            title: "Labs".into(),
            content: "Na 139".into(),
            authored_at: Timestamp::parse("2026-01-01T00:00:00Z").unwrap(),
        }
    }

    #[test]
    fn hash_is_canonical_and_sensitive() {
        let a = input_context_hash("c1", TaskType::DischargeSummary, None, None, &[source()]);
        let ctx1: serde_json::Value = serde_json::from_str(r#"{"b":1,"a":[1,2]}"#).unwrap();
        let ctx2: serde_json::Value = serde_json::from_str(r#"{ "a":[1,2], "b":1.0 }"#).unwrap();
        let b1 = input_context_hash(
            "c1",
            TaskType::DischargeSummary,
            None,
            Some(&ctx1),
            &[source()],
        );
        let b2 = input_context_hash(
            "c1",
            TaskType::DischargeSummary,
            None,
            Some(&ctx2),
            &[source()],
        );
        assert!(a.starts_with("sha256:") && a.len() == 7 + 64);
        assert_eq!(b1, b2, "key order and number spelling must not matter");
        assert_ne!(a, b1);
        let c = input_context_hash(
            "c1",
            TaskType::DischargeSummary,
            Some(UserRole::Nurse),
            None,
            &[source()],
        );
        assert_ne!(a, c);
    }

    #[test]
    fn hash_matches_independent_canonical_form() {
        // Canonical JSON written by hand: keys sorted, no whitespace.
        let expected_doc = r#"{"case_id":"c1","clinical_context":null,"source_references":[{"authored_at":"2026-01-01T00:00:00Z","content":"Na 139","source_id":"doc-1","source_type":"lab_result","title":"Labs"}],"task_type":"discharge_summary","user_role":null}"#;
        let expected = format!(
            "sha256:{}",
            hex::encode(Sha256::digest(expected_doc.as_bytes()))
        );
        assert_eq!(
            input_context_hash("c1", TaskType::DischargeSummary, None, None, &[source()]),
            expected
        );
    }
}
