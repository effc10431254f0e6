//! The decision record's `input_context_hash`: SHA-256 over the RFC 8785 canonical JSON of
//! what was requested, so equal requests hash equally whatever their key order or spacing.

use domain::{SourceReference, TaskType, UserRole};
use sha2::{Digest, Sha256};
use std::io::Write;

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
    let mut hasher = Sha256::new();
    // Writing into a hasher cannot fail and every value here serialises (a Value holds no
    // non-finite numbers), so the error is unreachable; ignoring it keeps this total.
    let _ = write_canonical(
        &mut hasher,
        case_id,
        task_type,
        user_role,
        clinical_context,
        sources,
    );
    format!("sha256:{}", hex::encode(hasher.finalize()))
}

/// The canonical document written straight into `w`, without building a `Value` of the
/// sources first (that tree and its re-sorting cost more than the rest of intake). Keys are
/// written in RFC 8785 order (all ASCII, so byte order); strings as serde_json writes them,
/// which is the canonical escaping; only the caller's free-form `clinical_context` goes
/// through the general canonicaliser. A test holds this equal to canonicalising the whole
/// document, so a field added to `SourceReference` without being added here fails it.
fn write_canonical(
    w: &mut impl Write,
    case_id: &str,
    task_type: TaskType,
    user_role: Option<UserRole>,
    clinical_context: Option<&serde_json::Value>,
    sources: &[SourceReference],
) -> serde_json::Result<()> {
    let io = serde_json::Error::io;
    w.write_all(br#"{"case_id":"#).map_err(io)?;
    serde_json::to_writer(&mut *w, case_id)?;
    w.write_all(br#","clinical_context":"#).map_err(io)?;
    match clinical_context {
        Some(v) => serde_json_canonicalizer::to_writer(v, &mut *w)?,
        None => w.write_all(b"null").map_err(io)?,
    }
    w.write_all(br#","source_references":["#).map_err(io)?;
    for (i, s) in sources.iter().enumerate() {
        w.write_all(if i == 0 { b"{" } else { b",{" }).map_err(io)?;
        w.write_all(br#""authored_at":"#).map_err(io)?;
        serde_json::to_writer(&mut *w, &s.authored_at)?;
        w.write_all(br#","content":"#).map_err(io)?;
        serde_json::to_writer(&mut *w, &s.content)?;
        w.write_all(br#","source_id":"#).map_err(io)?;
        serde_json::to_writer(&mut *w, &s.source_id)?;
        w.write_all(br#","source_type":"#).map_err(io)?;
        serde_json::to_writer(&mut *w, &s.source_type)?;
        w.write_all(br#","title":"#).map_err(io)?;
        serde_json::to_writer(&mut *w, &s.title)?;
        w.write_all(b"}").map_err(io)?;
    }
    w.write_all(br#"],"task_type":"#).map_err(io)?;
    serde_json::to_writer(&mut *w, &task_type)?;
    w.write_all(br#","user_role":"#).map_err(io)?;
    serde_json::to_writer(&mut *w, &user_role)?;
    w.write_all(b"}").map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{SourceType, Timestamp};
    use proptest::prelude::*;
    use serde_json::json;

    /// The definition: RFC 8785 canonicalisation of the whole document built as a `Value`.
    fn reference_hash(
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
        let canonical = serde_json_canonicalizer::to_vec(&doc).unwrap();
        format!("sha256:{}", hex::encode(Sha256::digest(&canonical)))
    }

    /// Text with quotes, backslashes, control characters, DEL, non-ASCII and astral letters.
    fn text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just('"'),
                Just('\\'),
                Just('/'),
                Just('\u{7f}'),
                Just('é'),
                Just('\u{1F600}'),
                Just('\u{2028}'),
                (0u8..0x20).prop_map(char::from),
                proptest::char::range('a', 'z'),
            ],
            0..12,
        )
        .prop_map(|cs| cs.into_iter().collect())
    }

    fn context() -> impl Strategy<Value = Option<serde_json::Value>> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            (-1e6f64..1e6).prop_map(serde_json::Value::from),
            text().prop_map(serde_json::Value::from),
        ];
        let tree = leaf.prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
                proptest::collection::btree_map(text(), inner, 0..4)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        });
        proptest::option::of(tree)
    }

    fn sources() -> impl Strategy<Value = Vec<SourceReference>> {
        proptest::collection::vec(
            (
                text(),
                proptest::sample::select(SourceType::ALL),
                text(),
                text(),
                0i64..4_000_000_000,
            )
                .prop_map(|(source_id, source_type, title, content, secs)| {
                    SourceReference {
                        source_id,
                        source_type,
                        title,
                        content,
                        authored_at: Timestamp::from_millis(secs * 1000 + secs % 1000),
                    }
                }),
            0..4,
        )
    }

    proptest! {
        #[test]
        fn streamed_hash_equals_canonicalising_the_whole_document(
            case_id in text(),
            task_type in proptest::sample::select(TaskType::ALL),
            user_role in proptest::option::of(proptest::sample::select(UserRole::ALL)),
            ctx in context(),
            srcs in sources(),
        ) {
            prop_assert_eq!(
                input_context_hash(&case_id, task_type, user_role, ctx.as_ref(), &srcs),
                reference_hash(&case_id, task_type, user_role, ctx.as_ref(), &srcs)
            );
        }
    }

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
