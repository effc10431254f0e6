//! The in-process reference agent (synthetic origin): a deterministic output built only from
//! sentences of the given sources, each claim citing the source it was taken from.
//!
//! It calls no model. It exists so the pipeline can be exercised end to end with an output
//! whose grounding is known: every claim is a source sentence, verbatim up to whitespace and
//! list bullets, so a correct evidence stage finds every claim supported.

use crate::mapping::MappedOutput;
use domain::{Claim, SourceReference, SourceType, TaskType};

/// At most this many claims in one output, and per source, so one long note cannot crowd out
/// the others and the output stays reviewable.
const MAX_CLAIMS: usize = 8;
const MAX_PER_SOURCE: usize = 3;
/// Shorter fragments are headings or stray tokens ("TSH 2.3."), not statements.
const MIN_SENTENCE_CHARS: usize = 12;
const MAX_SENTENCE_CHARS: usize = 500;

/// Words after which a ". " does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "dr", "mr", "mrs", "ms", "prof", "st", "vs", "e.g", "i.e", "approx", "no", "pt",
];

/// A sentence with one of these is a discharge instruction or follow-up arrangement.
const INSTRUCTION_MARKERS: &[&str] = &[
    "discharge instruction",
    "follow-up",
    "follow up",
    "followup",
    "return precaution",
    "return to the ed",
    "return to the emergency",
    "call the",
    "appointment",
];

/// Generates the reference output. Sources are taken in the given order; within a source the
/// sentences that best match the task's keywords are chosen (ties by position) and kept in
/// document order. For a discharge summary, the first sentences giving discharge instructions
/// or follow-up are always included, and only then is `discharge_instructions_present` true:
/// the flag describes the output, so it is set only when the output carries them.
/// `medication_recommendations` is always empty: the reference agent recommends nothing.
pub fn generate(task_type: TaskType, sources: &[SourceReference]) -> MappedOutput {
    let label = task_label(task_type);
    if sources.is_empty() {
        return MappedOutput {
            narrative: format!(
                "{label} draft (reference agent): no source documents were provided, so this \
                 draft makes no factual claims."
            ),
            claims: Vec::new(),
            medication_recommendations: Vec::new(),
            discharge_instructions_present: false,
        };
    }

    let per_source = (MAX_CLAIMS / sources.len()).clamp(1, MAX_PER_SOURCE);
    let mut forced_left = if task_type == TaskType::DischargeSummary {
        2
    } else {
        0
    };
    let mut picked: Vec<(&SourceReference, String, bool)> = Vec::new();
    for source in sources {
        let sentences = sentences(&source.content);
        let mut chosen: Vec<usize> = Vec::new();
        // Instruction sentences first, so the cap cannot squeeze them out.
        for (i, s) in sentences.iter().enumerate() {
            if forced_left > 0 && is_instruction(s) && chosen.len() < per_source {
                chosen.push(i);
                forced_left -= 1;
            }
        }
        let mut ranked: Vec<(usize, usize)> = sentences
            .iter()
            .enumerate()
            .filter(|(i, _)| !chosen.contains(i))
            .map(|(i, s)| (i, score(task_type, s)))
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (i, _) in ranked {
            if chosen.len() >= per_source {
                break;
            }
            chosen.push(i);
        }
        chosen.sort_unstable();
        for i in chosen {
            let s = &sentences[i];
            picked.push((source, s.clone(), is_instruction(s)));
        }
    }
    picked.truncate(MAX_CLAIMS);

    let discharge_instructions_present =
        task_type == TaskType::DischargeSummary && picked.iter().any(|(_, _, instr)| *instr);
    let claims: Vec<Claim> = picked
        .iter()
        .enumerate()
        .map(|(n, (source, statement, _))| Claim {
            claim_id: format!("claim-{}", n + 1),
            claim_type: claim_type(source.source_type).to_owned(),
            statement: statement.clone(),
            supporting_source_ids: vec![source.source_id.clone()],
        })
        .collect();
    let docs = if sources.len() == 1 {
        "document"
    } else {
        "documents"
    };
    let narrative = if claims.is_empty() {
        format!(
            "{label} draft (reference agent) from {} source {docs}; no statement could be \
             drawn from them.",
            sources.len()
        )
    } else {
        let body: Vec<&str> = claims.iter().map(|c| c.statement.as_str()).collect();
        format!(
            "{label} draft (reference agent) from {} source {docs}. {}",
            sources.len(),
            body.join(" ")
        )
    };
    MappedOutput {
        narrative,
        claims,
        medication_recommendations: Vec::new(),
        discharge_instructions_present,
    }
}

fn task_label(t: TaskType) -> &'static str {
    match t {
        TaskType::DischargeSummary => "Discharge summary",
        TaskType::RadiologyFollowUp => "Radiology follow-up",
        TaskType::MedicationReconciliation => "Medication reconciliation",
        TaskType::ClinicalSummary => "Clinical summary",
        TaskType::PatientCommunication => "Patient communication",
        TaskType::TriageRecommendation => "Triage recommendation",
    }
}

/// The kind of fact a sentence is, judged by the kind of document it comes from.
fn claim_type(t: SourceType) -> &'static str {
    match t {
        SourceType::DischargeNote => "hospital_course",
        SourceType::ClinicalNote => "finding",
        SourceType::LabResult => "lab_result",
        SourceType::MedicationList => "medication",
        SourceType::ImagingReport => "imaging_finding",
        SourceType::ProblemList => "history",
        SourceType::AllergyList => "allergy",
        SourceType::VitalSigns => "vital_sign",
        SourceType::CarePlan => "instruction",
        SourceType::ClinicalGuideline => "guideline",
        SourceType::PatientMessage => "patient_report",
        SourceType::Other => "finding",
    }
}

fn keywords(t: TaskType) -> &'static [&'static str] {
    match t {
        TaskType::DischargeSummary => &[
            "admitted",
            "diagnos",
            "discharge",
            "started",
            "treated",
            "course",
            "stable",
            "follow",
        ],
        TaskType::RadiologyFollowUp => &[
            "impression",
            "recommend",
            "follow",
            "nodule",
            "mass",
            "lesion",
            "ct ",
            "mri",
            "ultrasound",
            "finding",
        ],
        TaskType::MedicationReconciliation => &[
            " mg",
            "mcg",
            "units",
            "daily",
            "bid",
            "tid",
            "nightly",
            "continued",
            "started",
            "stopped",
            "held",
            "increased",
            "decreased",
            "allerg",
        ],
        TaskType::ClinicalSummary => &[
            "diagnos",
            "history",
            "admitted",
            "presented",
            "assessment",
            "plan",
            "found",
        ],
        TaskType::PatientCommunication => &[
            "follow",
            "call",
            "return",
            "appointment",
            "instruct",
            "diet",
            "educated",
            "daily",
        ],
        TaskType::TriageRecommendation => &[
            "pain", "fever", "bp ", "hr ", "spo2", "acute", "severe", "worse", "symptom", "denies",
        ],
    }
}

fn score(t: TaskType, sentence: &str) -> usize {
    let lower = sentence.to_lowercase();
    keywords(t).iter().filter(|k| lower.contains(*k)).count()
}

fn is_instruction(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    INSTRUCTION_MARKERS.iter().any(|m| lower.contains(m))
}

/// Splits content into statement-sized sentences: by line, then at ". ", "! " or "? " before
/// an upper-case letter or digit, unless the word before is an abbreviation or an initial.
/// Whitespace runs are collapsed and list bullets dropped; nothing else is changed.
fn sentences(content: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in content.lines() {
        let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
        let line = line.trim_start_matches(['-', '*', '•', ' ']);
        let chars: Vec<char> = line.chars().collect();
        let mut start = 0;
        for i in 0..chars.len() {
            let ends = matches!(chars[i], '.' | '!' | '?')
                && chars.get(i + 1) == Some(&' ')
                && chars
                    .get(i + 2)
                    .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
                && !(chars[i] == '.' && before_is_abbreviation(&chars[start..i]));
            if ends {
                push_sentence(&mut out, chars[start..=i].iter().collect());
                start = i + 2;
            }
        }
        if start < chars.len() {
            push_sentence(&mut out, chars[start..].iter().collect());
        }
    }
    out
}

fn before_is_abbreviation(head: &[char]) -> bool {
    let word: String = head
        .iter()
        .rev()
        .take_while(|c| !c.is_whitespace())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let w = word.trim_start_matches(['(', '"']).to_lowercase();
    (w.chars().count() == 1 && w.chars().all(char::is_alphabetic))
        || ABBREVIATIONS.contains(&w.as_str())
}

/// Keeps real statements: long enough, not a shouting heading, not a wall of text.
fn push_sentence(out: &mut Vec<String>, s: String) {
    let s = s.trim();
    let len = s.chars().count();
    let lowercase = s.chars().filter(|c| c.is_lowercase()).count();
    if (MIN_SENTENCE_CHARS..=MAX_SENTENCE_CHARS).contains(&len) && lowercase >= 3 {
        out.push(s.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Timestamp;

    fn src(id: &str, t: SourceType, content: &str) -> SourceReference {
        SourceReference {
            source_id: id.into(),
            source_type: t,
            title: format!("Title {id}"),
            content: content.into(),
            authored_at: Timestamp::parse("2026-02-10T09:00:00Z").unwrap(),
        }
    }

    fn discharge_sources() -> Vec<SourceReference> {
        vec![
            src(
                "doc-1",
                SourceType::DischargeNote,
                "DISCHARGE SUMMARY. 72 y/o F with HFrEF admitted 02/02/2026 with acute on chronic systolic HF exacerbation.\n\
                 Diuresed with furosemide 80 mg IV BID, net negative 6.2 L over the admission.\n\
                 Seen by Dr. Lindqvist on the ward. Cr peaked at 1.6 mg/dL on HD 3.\n\
                 Home furosemide increased from 40 mg PO daily to 40 mg PO BID.\n\
                 - Follow-up in HF clinic with Dr. Lindqvist on 02/13/2026 with BMP prior to the visit.",
            ),
            src(
                "doc-2",
                SourceType::LabResult,
                "Labs 02/09/2026: Na 139, K 4.2, Mg 2.1, Cr 1.3 mg/dL.\nTSH 2.3.",
            ),
        ]
    }

    #[test]
    fn same_input_gives_the_same_output() {
        let s = discharge_sources();
        for t in TaskType::ALL {
            assert_eq!(generate(*t, &s), generate(*t, &s));
        }
    }

    #[test]
    fn every_claim_is_a_sentence_of_the_source_it_cites() {
        let s = discharge_sources();
        for t in TaskType::ALL {
            let out = generate(*t, &s);
            assert!(!out.claims.is_empty());
            assert!(out.claims.len() <= MAX_CLAIMS);
            assert!(out.medication_recommendations.is_empty());
            for (n, c) in out.claims.iter().enumerate() {
                assert_eq!(c.claim_id, format!("claim-{}", n + 1));
                assert_eq!(c.supporting_source_ids.len(), 1);
                let cited = s
                    .iter()
                    .find(|x| x.source_id == c.supporting_source_ids[0])
                    .unwrap();
                let flat = cited
                    .content
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(
                    flat.contains(&c.statement),
                    "{:?} not in {}",
                    c.statement,
                    cited.source_id
                );
                assert_eq!(c.claim_type, claim_type(cited.source_type));
                assert!(out.narrative.contains(&c.statement));
            }
        }
    }

    #[test]
    fn discharge_summary_carries_the_follow_up_and_says_so() {
        let out = generate(TaskType::DischargeSummary, &discharge_sources());
        assert!(out.discharge_instructions_present);
        assert!(out.claims.iter().any(|c| c.statement
            == "Follow-up in HF clinic with Dr. Lindqvist on 02/13/2026 with BMP prior to the visit."));
        // Other tasks never claim discharge instructions.
        assert!(
            !generate(TaskType::ClinicalSummary, &discharge_sources())
                .discharge_instructions_present
        );
    }

    #[test]
    fn discharge_summary_without_instructions_says_so() {
        let s = [src(
            "d",
            SourceType::ClinicalNote,
            "Patient seen on the ward today. Vitals were stable overnight.",
        )];
        let out = generate(TaskType::DischargeSummary, &s);
        assert!(!out.discharge_instructions_present);
        assert_eq!(out.claims.len(), 2);
    }

    #[test]
    fn no_sources_means_no_claims() {
        let out = generate(TaskType::DischargeSummary, &[]);
        assert!(out.claims.is_empty());
        assert!(!out.narrative.is_empty());
        assert!(!out.discharge_instructions_present);
    }

    #[test]
    fn sentence_splitting_respects_abbreviations_and_drops_headings() {
        let got = sentences(
            "DISCHARGE SUMMARY. Seen by Dr. Lindqvist and J. Smith today. Cr was 1.3 mg/dL. TSH 2.3.\n\n  *  Apixaban 5 mg PO BID   started.",
        );
        assert_eq!(
            got,
            [
                "Seen by Dr. Lindqvist and J. Smith today.",
                "Cr was 1.3 mg/dL.",
                "Apixaban 5 mg PO BID started.",
            ]
        );
    }

    #[test]
    fn many_sources_are_capped() {
        let s: Vec<_> = (0..20)
            .map(|i| {
                src(
                    &format!("s{i}"),
                    SourceType::ClinicalNote,
                    "The patient was stable overnight. Pain was well controlled.",
                )
            })
            .collect();
        let out = generate(TaskType::ClinicalSummary, &s);
        assert_eq!(out.claims.len(), MAX_CLAIMS);
        assert_eq!(out.claims[0].supporting_source_ids, ["s0"]);
    }
}
