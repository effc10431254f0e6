//! Medication recommendations (free-form objects) checked against the sources by drug name
//! and dose; only the counts reach the policy input.

use crate::evidence::Corpus;
use crate::text::{analyze, Item, Kind};
use serde_json::Value;

const NAME_KEYS: &[&str] = &[
    "name",
    "medication",
    "drug",
    "drug_name",
    "medication_name",
    "generic_name",
    "brand_name",
];
const DOSE_KEYS: &[&str] = &["dose", "dosage", "strength", "amount"];

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct MedicationSummary {
    pub recommended: usize,
    pub ungrounded: usize,
}

fn text_of(item: &Value, keys: &[&str]) -> Option<String> {
    let obj = item.as_object()?;
    keys.iter().find_map(|k| match obj.get(*k)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// A recommendation is grounded when one usable source sentence names the same drug(s)
/// and, if a dose is given, states that dose for it.
pub(crate) fn check(corpus: &mut Corpus<'_>, recommendations: &[Value]) -> MedicationSummary {
    let mut summary = MedicationSummary {
        recommended: recommendations.len(),
        ungrounded: 0,
    };
    for rec in recommendations {
        let (name, dose) = match rec {
            Value::String(s) => (Some(s.clone()), None),
            other => (text_of(other, NAME_KEYS), text_of(other, DOSE_KEYS)),
        };
        let grounded = match name {
            Some(name) => grounded(corpus, &name, dose.as_deref()),
            None => false,
        };
        if !grounded {
            summary.ungrounded += 1;
        }
    }
    summary
}

fn grounded(corpus: &mut Corpus<'_>, name: &str, dose: Option<&str>) -> bool {
    let name_a = analyze(name, &mut corpus.vocab);
    let dose_a = dose.map(|d| analyze(d, &mut corpus.vocab));
    let mut drugs: Vec<u32> = name_a
        .items
        .iter()
        .filter(|i| i.drug)
        .filter_map(Item::term)
        .collect();
    if drugs.is_empty() {
        drugs = name_a
            .items
            .iter()
            .filter(|i| !i.light)
            .filter_map(Item::term)
            .collect();
    }
    if drugs.is_empty() {
        return false;
    }
    // A dose written inside the name string ("apixaban 5 mg") counts as the dose.
    let mut doses: Vec<_> = name_a
        .items
        .iter()
        .filter_map(|i| i.qty().copied())
        .filter(|q| q.dim != crate::text::quantity::Dim::Frequency)
        .collect();
    if let Some(d) = &dose_a {
        doses.extend(
            d.items
                .iter()
                .filter_map(|i| i.qty().copied())
                .filter(|q| q.dim != crate::text::quantity::Dim::Frequency),
        );
    }
    // Only sentences naming the first drug can name them all.
    let sentences = corpus.usable_sentences_with(drugs[0]);
    sentences.iter().any(|items| {
        let names_all = drugs
            .iter()
            .all(|t| items.iter().any(|i| i.term() == Some(*t)));
        names_all
            && doses.iter().all(|q| {
                items
                    .iter()
                    .any(|i| matches!(i.kind, Kind::Qty(sq) if q.matches(&sq)))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{SourceReference, SourceType, Timestamp};
    use serde_json::json;

    fn source(id: &str, content: &str, authored_at: &str) -> SourceReference {
        SourceReference {
            source_id: id.into(),
            source_type: SourceType::DischargeNote,
            title: "Discharge note".into(),
            content: content.into(),
            authored_at: Timestamp::parse(authored_at).unwrap(),
        }
    }

    fn ungrounded(sources: &[SourceReference], recommendations: &[Value]) -> usize {
        let generated = Timestamp::parse("2026-03-01T00:00:00Z").unwrap();
        let mut corpus = Corpus::new(sources, generated, None);
        check(&mut corpus, recommendations).ungrounded
    }

    #[test]
    fn a_sentence_naming_the_drug_and_its_dose_grounds_it() {
        let sources = [source(
            "n1",
            "Afebrile. Continue apixaban 5 mg twice daily. Metoprolol held.",
            "2026-02-01T00:00:00Z",
        )];
        assert_eq!(
            ungrounded(&sources, &[json!({"name": "apixaban", "dose": "5 mg"})]),
            0
        );
        assert_eq!(ungrounded(&sources, &[json!("apixaban 5 mg")]), 0);
        // Another dose, a drug the sources never name, or no name: not grounded.
        assert_eq!(
            ungrounded(&sources, &[json!({"name": "apixaban", "dose": "2.5 mg"})]),
            1
        );
        assert_eq!(ungrounded(&sources, &[json!({"name": "warfarin"})]), 1);
        assert_eq!(ungrounded(&sources, &[json!({"dose": "5 mg"})]), 1);
    }

    #[test]
    fn the_name_and_dose_must_share_one_usable_sentence() {
        // Name and dose in different sentences.
        let split = [source(
            "n1",
            "Continue apixaban. Metoprolol 5 mg daily.",
            "2026-02-01T00:00:00Z",
        )];
        assert_eq!(
            ungrounded(&split, &[json!({"name": "apixaban", "dose": "5 mg"})]),
            1
        );
        // Only a source written after the output states it.
        let late = [
            source("n1", "Admitted with chest pain.", "2026-02-01T00:00:00Z"),
            source(
                "n2",
                "Start apixaban 5 mg twice daily.",
                "2026-04-01T00:00:00Z",
            ),
        ];
        assert_eq!(
            ungrounded(&late, &[json!({"name": "apixaban", "dose": "5 mg"})]),
            1
        );
    }
}
