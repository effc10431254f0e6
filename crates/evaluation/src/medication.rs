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
    let sentences = corpus.usable_sentences();
    sentences.iter().any(|s| {
        let names_all = drugs
            .iter()
            .all(|t| s.items.iter().any(|i| i.term() == Some(*t)));
        names_all
            && doses.iter().all(|q| {
                s.items
                    .iter()
                    .any(|i| matches!(i.kind, Kind::Qty(sq) if q.matches(&sq)))
            })
    })
}
