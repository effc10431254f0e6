#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! One rule of the evidence stage per test, through the public pipeline: each pair is a
//! claim and the source it cites, with the verdict the labelling rules demand.

use domain::{
    AgentOutput, Claim, EvidenceResult, ExecutionOrigin, OutputIdentity, RiskTier, SourceReference,
    SourceType, Support, TaskType, Timestamp,
};
use evaluation::{evaluate, AgentSnapshot, PipelineInput, PolicyBundle, Thresholds};
use std::path::Path;
use std::sync::OnceLock;

const POLICIES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../policies");
const GENERATED: &str = "2026-05-08T21:00:00Z";

fn bundle() -> &'static PolicyBundle {
    static B: OnceLock<PolicyBundle> = OnceLock::new();
    B.get_or_init(|| PolicyBundle::load_dir(Path::new(POLICIES)).unwrap())
}

fn source(id: &str, content: &str, authored_at: &str) -> SourceReference {
    SourceReference {
        source_id: id.into(),
        source_type: SourceType::DischargeNote,
        title: "Discharge Summary".into(),
        content: content.into(),
        authored_at: Timestamp::parse(authored_at).unwrap(),
    }
}

fn judge_with(sources: &[SourceReference], statement: &str, cites: &[&str]) -> EvidenceResult {
    judge_generated(sources, statement, cites, GENERATED)
}

fn judge_generated(
    sources: &[SourceReference],
    statement: &str,
    cites: &[&str],
    generated: &str,
) -> EvidenceResult {
    let agent = AgentSnapshot {
        agent_id: "a".into(),
        agent_version: "1".into(),
        risk_tier: RiskTier::Low,
        model_provider: "p".into(),
        model_version: "m".into(),
    };
    let output = AgentOutput {
        identity: OutputIdentity {
            agent_id: "a".into(),
            agent_version: "1".into(),
            model_provider: "p".into(),
            model_version: "m".into(),
            task_type: "discharge_summary".into(),
        },
        generated_at: Timestamp::parse(generated).unwrap(),
        narrative: format!("Discharge summary draft. {statement}"),
        claims: vec![Claim {
            claim_id: "c".into(),
            claim_type: "finding".into(),
            statement: statement.into(),
            supporting_source_ids: cites.iter().map(|s| (*s).to_owned()).collect(),
        }],
        medication_recommendations: vec![],
        discharge_instructions_present: true,
    };
    let input = PipelineInput {
        case_id: "case",
        task_type: TaskType::DischargeSummary,
        user_role: None,
        execution_origin: ExecutionOrigin::External,
        agent: &agent,
        sources,
        output: &output,
        structured_output_error: None,
        // (No later than the output, which intake would reject as from the future.)
        evaluated_at: Timestamp::parse(generated.max("2026-06-01T00:00:00Z")).unwrap(),
    };
    evaluate(&input, bundle(), &Thresholds::default())
        .evidence_results
        .remove(0)
}

fn judge(content: &str, statement: &str) -> Support {
    judge_with(
        &[source("doc-1", content, "2026-05-08T18:00:00Z")],
        statement,
        &["doc-1"],
    )
    .support
}

/// As [`expect`], for a source written on `day` (a report cannot be written before the
/// dates it gives results for) and an output generated later that day.
fn expect_on(day: &str, content: &str, cases: &[(&str, Support)]) {
    let authored = format!("{day}T18:00:00Z");
    let generated = format!("{day}T21:00:00Z");
    for (statement, want) in cases {
        let got = judge_generated(
            &[source("doc-1", content, &authored)],
            statement,
            &["doc-1"],
            &generated,
        )
        .support;
        assert_eq!(got, *want, "claim {statement:?} against {content:?}");
    }
}

fn expect(content: &str, cases: &[(&str, Support)]) {
    for (statement, want) in cases {
        let got = judge(content, statement);
        assert_eq!(got, *want, "claim {statement:?} against {content:?}");
    }
}

use Support::{Contradicted, PartiallySupported, Supported, Unsupported};

#[test]
fn negation_polarity() {
    let note = "CT A/P with IV contrast showed acute pyelonephritis. No hydronephrosis. H. pylori biopsy positive. Denies SI/HI. Afebrile since 05/06/2026.";
    expect(
        note,
        &[
            ("CT showed no hydronephrosis.", Supported),
            ("CT showed hydronephrosis.", Contradicted),
            ("H. pylori biopsy was positive.", Supported),
            ("H. pylori biopsy was negative.", Contradicted),
            ("Denies suicidal ideation.", Supported),
            ("Reports suicidal ideation.", Contradicted),
            (
                "CT A/P without contrast showed acute pyelonephritis.",
                Contradicted,
            ),
            ("Afebrile since 05/06/2026.", Supported),
        ],
    );
}

#[test]
fn normal_inside_abnormal() {
    expect(
        "EEG REPORT. IMPRESSION: Abnormal EEG due to intermittent left temporal sharp waves.",
        &[
            ("EEG was normal.", Contradicted),
            ("EEG was abnormal.", Supported),
        ],
    );
}

#[test]
fn laterality() {
    let note = "Imaging showed a displaced L intertrochanteric fracture. WBAT LLE. Pain migrated to the RLQ. Resolved: left ankle sprain (2019). Cellulitis of the R lower leg.";
    expect(
        note,
        &[
            ("Displaced left intertrochanteric fracture.", Supported),
            ("Displaced right intertrochanteric fracture.", Contradicted),
            (
                "Weight bearing as tolerated on the left lower extremity.",
                Supported,
            ),
            (
                "Weight bearing as tolerated on the right lower extremity.",
                Contradicted,
            ),
            ("Pain migrated to the LLQ.", Contradicted),
            ("Cellulitis of the right lower leg.", Supported),
        ],
    );
}

#[test]
fn numbers_units_and_other_time_points() {
    let note = "Lactate 3.1 mmol/L, improved to 1.2 mmol/L after fluids. Tiotropium 18 mcg inhaled daily. Furosemide 40 mg PO BID. Atorvastatin 40 mg nightly. Metoprolol succinate 50 mg daily. Right kidney 10.1 cm, left kidney 10.4 cm. Acetaminophen 1,000 mg PO q8h.";
    expect(
        note,
        &[
            ("Lactate improved to 1.2 mmol/L.", Supported),
            ("Lactate improved to 2.1 mmol/L.", Contradicted),
            ("Lactate improved to 3.1 mmol/L.", Contradicted),
            ("Tiotropium 18 mcg inhaled daily.", Supported),
            ("Tiotropium 18 mg inhaled daily.", Contradicted),
            ("Furosemide 80 mg PO BID.", Contradicted),
            ("Furosemide 40 mg PO TID.", Contradicted),
            ("Atorvastatin 50 mg nightly.", Contradicted),
            ("Right kidney measured 10.1 cm.", Supported),
            ("Right kidney measured 10.4 cm.", Contradicted),
            ("Left kidney measured 104 mm.", Supported),
            ("Acetaminophen 1 g PO every 8 hours.", Supported),
        ],
    );
}

#[test]
fn number_words_and_dates() {
    let note = "Total antibiotic duration 14 days given bacteremia. Follow-up in cardiology clinic 09/24/2026. Follow up with PCP in 1 week.";
    expect(
        note,
        &[
            (
                "Antibiotics will continue for two weeks in total.",
                Supported,
            ),
            (
                "Antibiotics will continue for three weeks in total.",
                Contradicted,
            ),
            (
                "Follow-up in cardiology clinic on September 24, 2026.",
                Supported,
            ),
            (
                "Follow-up in cardiology clinic on September 25, 2026.",
                Contradicted,
            ),
            ("Follow up with the PCP in one week.", Supported),
        ],
    );
}

#[test]
fn brand_and_generic_names() {
    let list = "Trimethoprim-sulfamethoxazole 400-80 mg (SS) PO daily for PJP prophylaxis. Initially on piperacillin-tazobactam 4.5 g IV q6h. Furosemide 40 mg tab: 1 tab PO BID.";
    expect(
        list,
        &[
            ("Bactrim SS daily for PJP prophylaxis.", Supported),
            ("Initially treated with Zosyn 4.5 g IV q6h.", Supported),
            ("Lasix 40 mg PO BID.", Supported),
            ("Lasix was increased to 80 mg PO BID.", Contradicted),
        ],
    );
}

#[test]
fn abbreviations() {
    let note = "80 y/o M with HTN found to be in new-onset AFib with RVR. Vanc 1 g IV q12h. Allergies: NKDA. Denies SI/HI.";
    expect(
        note,
        &[
            (
                "New-onset atrial fibrillation with rapid ventricular response.",
                Supported,
            ),
            ("Vancomycin 1 g IV every 12 hours.", Supported),
            ("No known drug allergies.", Supported),
            ("He has a history of hypertension.", Supported),
            ("Denies suicidal and homicidal ideation.", Supported),
        ],
    );
}

#[test]
fn partial_and_absent_facts() {
    let note = "Treated with IV insulin infusion per DKA protocol and 5 L of IV fluids. Started apixaban 5 mg PO BID.";
    expect(
        note,
        &[
            (
                "Treated with an IV insulin infusion and IV potassium replacement.",
                PartiallySupported,
            ),
            (
                "Pt was started on amiodarone for rhythm control.",
                Unsupported,
            ),
            ("Started dapagliflozin 10 mg daily.", Unsupported),
        ],
    );
}

#[test]
fn citation_rules_come_first() {
    let doc = source("doc-1", "Hgb 9.2 g/dL.", "2026-05-08T18:00:00Z");
    let late = source("doc-2", "Hgb 9.2 g/dL.", "2026-05-09T18:00:00Z");
    let both = [doc.clone(), late.clone()];
    assert_eq!(
        judge_with(&both, "Hgb was 9.2 g/dL.", &[]).support,
        Support::NoCitation
    );
    let r = judge_with(&both, "Hgb was 9.2 g/dL.", &["doc-1", "doc-9"]);
    assert_eq!(
        r.support,
        Support::CitationNotFound,
        "a fabricated citation surfaces even next to a good one"
    );
    assert_eq!(r.reasons, vec!["citation_not_found:doc-9".to_owned()]);
    assert_eq!(
        judge_with(&both, "Hgb was 9.2 g/dL.", &["DOC-1"]).support,
        Support::CitationNotFound,
        "ids match exactly"
    );
    let r = judge_with(&both, "Hgb was 9.2 g/dL.", &["doc-2"]);
    assert_eq!(
        r.support,
        Support::Unsupported,
        "a source written after the output is no evidence"
    );
    assert!(r
        .reasons
        .contains(&"source_after_generation:doc-2".to_owned()));
    // Only cited sources count.
    let other = source("doc-3", "Potassium 4.0 mmol/L.", "2026-05-08T18:00:00Z");
    assert_eq!(
        judge_with(&[doc.clone(), other], "Hgb was 9.2 g/dL.", &["doc-3"]).support,
        Support::Unsupported
    );
    // Exactly at generation time is usable.
    let at = source("doc-4", "Hgb 9.2 g/dL.", GENERATED);
    assert_eq!(
        judge_with(&[at], "Hgb was 9.2 g/dL.", &["doc-4"]).support,
        Support::Supported
    );
}

#[test]
fn supported_claims_report_where_and_why() {
    let content = "Admitted with sepsis. Lactate 3.1 mmol/L on arrival. Discharged home.";
    let r = judge_with(
        &[source("doc-1", content, "2026-05-08T18:00:00Z")],
        "Lactate was 3.1 mmol/L.",
        &["doc-1"],
    );
    assert_eq!(r.support, Support::Supported);
    let span = r.best_span.unwrap();
    assert_eq!(span.source_id, "doc-1");
    let text: String = content
        .chars()
        .skip(span.start)
        .take(span.end - span.start)
        .collect();
    assert_eq!(text, "Lactate 3.1 mmol/L on arrival");
    assert!(r.score > 0.7 && r.score <= 1.0);
    let bad = judge_with(
        &[source("doc-1", content, "2026-05-08T18:00:00Z")],
        "Lactate was 4.1 mmol/L.",
        &["doc-1"],
    );
    assert_eq!(bad.support, Support::Contradicted);
    assert_eq!(bad.reasons, vec!["numeric_mismatch:value".to_owned()]);
    // Reasons are codes: they never quote clinical text.
    assert!(bad
        .reasons
        .iter()
        .all(|r| !r.contains("ctate") && !r.contains("4.1")));
}

/// A claim that gives two values of one attribute ("from 9,150 to 4,820") is supported
/// when both are there, whichever the source names first; a wrong one still contradicts.
#[test]
fn two_values_of_one_attribute() {
    let note = "NT-proBNP 4,820 pg/mL (admission 9,150 pg/mL). Lactate 3.1 mmol/L, improved to 1.2 mmol/L after fluids.";
    expect(
        note,
        &[
            ("NT-proBNP fell from 9,150 to 4,820 pg/mL.", Supported),
            ("NT-proBNP fell from 9,150 to 3,820 pg/mL.", Contradicted),
            ("NT-proBNP fell from 9,950 to 4,820 pg/mL.", Contradicted),
            ("Lactate improved from 3.1 to 1.2 mmol/L.", Supported),
            ("Lactate improved from 4.1 to 1.2 mmol/L.", Contradicted),
            ("Lactate improved to 3.1 mmol/L.", Contradicted),
        ],
    );
}

/// "from 7.2 to 8.4" reads as a range; against a source that gives the two values one by
/// one it is a change between them, not a contradiction. A wrong end is never supported.
#[test]
fn a_change_written_as_from_to() {
    let note = "Hgb 7.2 on arrival; transfused 2 units PRBC to Hgb 8.4.";
    // Both values are found; the words around them ("rose") may leave the fact partial.
    let right = judge(note, "Hgb rose from 7.2 to 8.4 after transfusion.");
    assert!(matches!(right, Supported | PartiallySupported), "{right:?}");
    let wrong = judge(note, "Hgb rose from 7.2 to 9.4 after transfusion.");
    assert!(
        !matches!(wrong, Supported | PartiallySupported),
        "{wrong:?}"
    );
}

/// "increased from 40 mg to 80 mg": the first number is the old value, so a claim that the
/// dose was raised *to* it is wrong, and one that gives the new dose is right. A change
/// written "from 7.2 to 8.4" is two values, not a range that holds 7.8.
#[test]
fn the_ends_of_a_change_are_values_of_two_times() {
    let note =
        "Atorvastatin increased from 40 mg to 80 mg nightly. Hgb from 7.2 to 8.4 after 2 units.";
    expect(
        note,
        &[
            ("Atorvastatin was increased to 40 mg nightly.", Contradicted),
            ("Atorvastatin was increased to 80 mg nightly.", Supported),
            ("Atorvastatin was increased from 40 mg to 80 mg.", Supported),
            ("Hgb rose to 8.4 after 2 units.", Supported),
            ("Hgb rose to 7.8 after 2 units.", Contradicted),
        ],
    );
}

/// A drug's duration is that drug's attribute, however far the words around the two
/// numbers are from each other ("4 g IV load then 2 g/h for 24 hours").
#[test]
fn the_duration_of_a_drug() {
    let note = "Magnesium sulfate 4 g IV load then 2 g/h for 24 hours postpartum; no seizures.";
    expect(
        note,
        &[
            (
                "Magnesium sulfate was continued for 12 hours postpartum.",
                Contradicted,
            ),
            (
                "Magnesium sulfate was continued for 24 hours postpartum.",
                Supported,
            ),
        ],
    );
}

/// The values a claim gives around a number ("daily", "for four days") pick the source
/// value they describe: the maintenance dose, not the loading dose beside the drug name.
/// A claim value that is the other phase's is never supported; with no other phase, a
/// described value that differs contradicts.
#[test]
fn the_values_around_a_dose_say_which_dose_it_is() {
    let note = "Treated with prednisone 40 mg daily x 5 days and azithromycin 500 mg x 1 then 250 mg daily x 4 days.";
    assert_eq!(
        judge(
            note,
            "Azithromycin 250 mg daily was continued for four days."
        ),
        Supported
    );
    let other_phase = judge(
        note,
        "Azithromycin 500 mg daily was continued for four days.",
    );
    assert_ne!(other_phase, Supported);
    assert_eq!(
        judge(
            note,
            "Azithromycin 750 mg daily was continued for four days."
        ),
        Contradicted
    );
    // "10 mg BID for 7 days, then 5 mg BID": the later phase is not contradicted.
    let phases = "Apixaban 10 mg BID for 7 days, then 5 mg BID for at least 3 months.";
    let later = judge(phases, "Apixaban will be 5 mg BID after the first 7 days.");
    assert_ne!(later, Contradicted);
}

/// A date given once in a heading of the cited source dates what follows it; another date
/// is never supported (the words around the heading's date are too few to call it a
/// contradiction).
#[test]
fn a_date_in_a_heading() {
    // (The note is written on 05/08/2026: its labs are of an earlier day.)
    let note = "Labs 04/14/2026: Hgb 8.9 g/dL, Plt 74, INR 1.6, Na 133, Cr 0.9.";
    assert_eq!(
        judge(note, "Platelets were 74 and INR 1.6 on 04/14."),
        Supported
    );
    let wrong = judge(note, "Platelets were 74 and INR 1.6 on 04/15.");
    assert_ne!(wrong, Supported);
}

/// Negation scopes: a compound subject shares a post-negation ("troponin and D-dimer were
/// negative") but a clause of its own does not ("fever and cultures were negative"); a
/// passive verb after the copula restates the absence; a framing verb the sources never
/// use is not a fact.
#[test]
fn negation_over_subjects_and_passive_verbs() {
    expect(
        "Troponin and D-dimer were negative. He had fever and cultures were negative.",
        &[
            ("Troponin was negative.", Supported),
            ("D-dimer was positive.", Contradicted),
            ("He had no fever.", Contradicted),
        ],
    );
    expect(
        "EEG: No electrographic seizures captured. Hgb 8.7 g/dL on POD 2, no transfusion.",
        &[
            ("No electrographic seizures were captured.", Supported),
            ("Electrographic seizures were captured.", Contradicted),
            ("She did not need a blood transfusion.", Supported),
            ("She needed a blood transfusion.", Contradicted),
        ],
    );
}

/// When the sources state a thing both ways at two times, the sentence that says more of
/// the claim decides: "at discharge" points to the discharge denial, not the admission.
#[test]
fn the_sentence_that_says_more_of_the_claim_decides_polarity() {
    let note = "Psychiatry Discharge Note. Admitted 11/13/2026 for major depressive disorder, severe, with passive SI. NKDA. At discharge: denies SI/HI, no AH/VH, future-oriented, sleeping 7 hours.";
    expect(
        note,
        &[
            ("At discharge she endorsed suicidal ideation.", Contradicted),
            ("At discharge she denied suicidal ideation.", Supported),
            (
                "She reported auditory hallucinations at discharge.",
                Contradicted,
            ),
        ],
    );
}

/// "negative blood culture" negates the culture; the sources' "negative culture" and "2/2
/// blood cultures" (before treatment) do not contradict the modifier.
#[test]
fn a_negated_modifier_is_not_a_contradiction() {
    let note = "MRSA bacteremia (2/2 blood cultures 10/30). Repeat blood cultures 11/01 no growth to date. Plan: complete 14 days of vancomycin from first negative culture.";
    let got = judge(
        note,
        "Vancomycin is planned for two weeks from the first negative blood culture.",
    );
    assert_eq!(got, Supported);
}

/// Everyday words for the same findings: legs are lower extremities, a flu shot is an
/// influenza vaccine, desaturating is a drop in oxygen saturation.
#[test]
fn everyday_words_for_clinical_terms() {
    expect(
        "Right hip hemiarthroplasty 11/19. WBAT RLE with posterior hip precautions. Influenza vaccine was declined.",
        &[
            ("She may bear weight as tolerated on the left leg.", Contradicted),
            ("She may bear weight as tolerated on the right leg.", Supported),
            ("She declined the flu shot.", Supported),
        ],
    );
    expect(
        "SpO2 92% on room air at rest; desaturated to 86% with ambulation.",
        &[
            ("Oxygen saturation dropped to 86% when walking.", Supported),
            (
                "Oxygen saturation dropped to 84% when walking.",
                Contradicted,
            ),
        ],
    );
}

/// Readings of one test written one after another ("0.9 ng/mL at 14:00, 4.2 ng/mL at
/// 20:00") all belong to the test named before the first; the next phase of a sequence
/// ("180 mg, then 90 mg") does not inherit the words of the first.
#[test]
fn a_series_of_readings_and_a_sequence_of_phases() {
    expect(
        "Labs 11/08/2026: troponin I 0.9 ng/mL at 14:00, 4.2 ng/mL at 20:00. LDL 131 mg/dL.",
        &[
            ("Troponin I peaked at 4.2 ng/mL.", Supported),
            ("Troponin I peaked at 5.2 ng/mL.", Contradicted),
            ("Troponin I peaked at 4.2 ng/L.", Contradicted),
        ],
    );
    expect(
        "Loaded with ticagrelor 180 mg, then 90 mg BID for 12 months with aspirin 81 mg daily.",
        &[
            ("Ticagrelor was loaded at 90 mg.", Contradicted),
            (
                "Brilinta 90 mg twice daily with aspirin 81 mg daily.",
                Supported,
            ),
        ],
    );
}

/// "3.4 mmol/L on arrival, improved to 1.1 mmol/L after 30 mL/kg": the claim's bare "3.4"
/// is not contradicted by the fluid volume beside its other value.
#[test]
fn a_bare_number_beside_another_value() {
    let note = "Lactate 3.4 mmol/L on arrival, improved to 1.1 mmol/L after 30 mL/kg IV fluids.";
    expect(
        note,
        &[
            (
                "Lactate improved from 3.4 to 1.1 mmol/L after IV fluids.",
                Supported,
            ),
            (
                "Lactate improved from 3.4 to 1.6 mmol/L after IV fluids.",
                Contradicted,
            ),
        ],
    );
}

/// Dates joined by a dash are two dates; a culture that "grew" something is one with
/// growth; a duration in words is never a unit slip of a dose with the same number.
#[test]
fn date_spans_growth_and_durations() {
    expect(
        "Filgrastim given 11/12-11/15. Blood and urine cultures no growth.",
        &[
            ("She received Neupogen from 11/12 to 11/15.", Supported),
            (
                "Blood cultures grew coagulase-negative staphylococci.",
                Contradicted,
            ),
        ],
    );
    let got = judge(
        "Treated with ceftriaxone 2 g IV daily, then cefpodoxime 200 mg BID to complete 14 days total.",
        "Antibiotics will be continued for two weeks in total.",
    );
    assert_ne!(got, Contradicted);
}

/// "Troponin was negative twice" negates the troponin, not "twice"; "no perforation on CT"
/// does not deny the CT the sources mention.
#[test]
fn negation_after_a_copula_and_before_a_place() {
    expect(
        "Troponin negative x 2. CT abdomen: colitis of the descending and sigmoid colon without perforation or megacolon.",
        &[
            ("Troponin was negative twice.", Supported),
            ("Troponin was positive.", Contradicted),
            ("There was no perforation on CT.", Supported),
            ("CT showed a perforation.", Contradicted),
        ],
    );
}

/// Two lab panels under two dated headings: a claim's date is the one of the panel that
/// holds its values, even when the other heading sits nearer the test's name.
#[test]
fn the_date_of_the_panel_that_holds_the_value() {
    let note = "Labs 11/16: Na 131, K 5.6 mmol/L, HCO3 17, creatinine 2.4 mg/dL. Labs 11/20: K 4.1 mmol/L, creatinine 1.3 mg/dL.";
    expect(
        note,
        &[
            ("Potassium was 5.6 mmol/L on 11/16.", Supported),
            ("Potassium was 5.6 mmol/L on 11/20.", Contradicted),
            ("Potassium was 4.1 mmol/L on 11/20.", Supported),
        ],
    );
}

/// Plain words for procedures: a gallbladder removed laparoscopically is a laparoscopic
/// cholecystectomy.
#[test]
fn plain_words_for_procedures() {
    expect(
        "Laparoscopic cholecystectomy on 11/13 without complications.",
        &[(
            "His gallbladder was removed laparoscopically on 11/13.",
            Supported,
        )],
    );
}

/// The sentence that states most of the claim sets the polarity it is checked against: "The
/// MRI was normal" is about the MRI's "abnormal T2/FLAIR hyperintensity", not the shorter
/// "Ventricles normal in size".
#[test]
fn the_sentence_stating_most_of_the_claim_sets_its_polarity() {
    let mut mri = source(
        "doc-1",
        "MRI brain without contrast 10/14/2026: abnormal T2/FLAIR hyperintensity in the left frontal white matter, nonspecific. No acute infarct. No mass effect. Ventricles normal in size.",
        "2026-05-08T18:00:00Z",
    );
    mri.title = "MRI brain".into();
    let sources = [mri];
    for (statement, want) in [
        ("The MRI was normal.", Contradicted),
        ("The ventricles were normal in size.", Supported),
        ("MRI showed an acute infarct.", Contradicted),
    ] {
        let got = judge_with(&sources, statement, &["doc-1"]).support;
        assert_eq!(got, want, "{statement}");
    }
}

/// "nightly" and "at bedtime" are one frequency; "heard", "noted" and the like only frame
/// a finding ("No murmurs were heard" against "no murmurs").
#[test]
fn bedtime_doses_and_framing_verbs() {
    expect(
        "Started topiramate 25 mg nightly. Exam: no JVD, no edema. Normal S1/S2, no murmurs.",
        &[
            ("Topamax 25 mg at bedtime was started.", Supported),
            ("Topamax 25 mg twice daily was started.", Contradicted),
            ("No murmurs were heard.", Supported),
            ("A murmur was heard.", Contradicted),
        ],
    );
}

/// "Managed nonoperatively" says no surgery; a pregnancy test is an hCG.
#[test]
fn negated_procedures_and_test_names() {
    expect(
        "Managed nonoperatively; repeat CT at 6 hours stable. Urine hCG negative.",
        &[
            ("He did not need surgery.", Supported),
            ("He underwent surgery.", Contradicted),
            ("Urine pregnancy test was positive.", Contradicted),
            ("Urine pregnancy test was negative.", Supported),
        ],
    );
}

/// Two values described alike ("20 mg daily (home dose 40 mg daily)"): the words around the
/// claim's value decide which one it means, and the other never supports it.
#[test]
fn a_home_dose_beside_the_new_dose() {
    expect(
        "AKI to Cr 2.6, improved to 2.0 with holding furosemide; furosemide resumed at 20 mg daily (home dose 40 mg daily).",
        &[
            ("Furosemide was resumed at 40 mg daily.", Contradicted),
            ("Furosemide was resumed at 20 mg daily.", Supported),
        ],
    );
}

/// A time point in the claim ("on admission") tells two values of one test apart ("admitted
/// ... with K 7.1", "K 4.6 after HD"); "over 72 hours" is a duration; "develop" frames.
#[test]
fn time_points_durations_and_framing() {
    let note = "58 y/o F with ESRD admitted 04/07/2026 after missing Monday dialysis, with K 7.1 mmol/L and peaked T waves. Treated with calcium gluconate 1 g IV and urgent hemodialysis; K 4.6 after HD. Symptom-triggered lorazepam, total 14 mg over 72 hours. No delirium tremens.";
    expect(
        note,
        &[
            ("Potassium was 4.6 mmol/L on admission.", Contradicted),
            ("Potassium was 7.1 mmol/L on admission.", Supported),
            (
                "He received a total of 14 mg of lorazepam over 72 hours.",
                Supported,
            ),
            (
                "He received a total of 14 mg of lorazepam over 48 hours.",
                Contradicted,
            ),
            ("He did not develop delirium tremens.", Supported),
        ],
    );
}

/// Areas have units of their own (cm2 vs mm2 is a unit error); "twice" counts times and is
/// never compared with a lab value; fainting is syncope and being hurt an injury.
#[test]
fn areas_counts_and_lay_words() {
    expect(
        "Syncopal episode at church with brief loss of consciousness and no injury. TTE: aortic valve area 1.4 cm2. Troponin T <0.01 ng/mL x 2.",
        &[
            ("Aortic valve area was 1.4 cm2.", Supported),
            ("Aortic valve area was 1.4 mm2.", Contradicted),
            ("She fainted at church and was not hurt.", Supported),
            ("She fainted at church and was hurt.", Contradicted),
        ],
    );
    let twice = judge(
        "Troponin T <0.01 ng/mL x 2.",
        "Troponin T was checked twice.",
    );
    assert_ne!(twice, Contradicted);
}

/// A side written after a value is that value's side ("ABI 0.62 on the right"); the same
/// number on the other side is another measurement.
#[test]
fn a_value_has_the_side_it_was_measured_on() {
    expect(
        "Ankle-brachial index: ABI 0.62 on the right, 0.91 on the left. Right ABI 0.62 again on repeat.",
        &[
            ("ABI was 0.62 on the right.", Supported),
            ("ABI was 0.62 on the left.", Contradicted),
            ("ABI was 0.91 on the left.", Supported),
            ("Left ABI was 0.62.", Contradicted),
        ],
    );
}

/// "Not on hydroxyurea" denies the drug: a place word right after a negation is part of
/// what it denies, not the end of its scope.
#[test]
fn not_on_a_drug_denies_the_drug() {
    expect(
        "Not on hydroxyurea before admission; started hydroxyurea 1000 mg daily.",
        &[
            ("She was on hydroxyurea before admission.", Contradicted),
            ("She was not on hydroxyurea before admission.", Supported),
        ],
    );
}

/// "Intubation was not needed" denies the intubation, as "no intubation was needed" does;
/// a denied predicate ends at "and" ("CT was not performed and MRI was ordered").
#[test]
fn a_denied_framing_verb_denies_its_subject() {
    expect(
        "No ICU transfer or intubation was needed. A CT was not performed and an MRI was ordered.",
        &[
            ("Intubation was not needed.", Supported),
            ("Intubation was needed.", Contradicted),
            ("An MRI was ordered.", Supported),
        ],
    );
}

/// An imaging report's side is often only in its title ("XR right wrist").
#[test]
fn a_reports_title_gives_its_side() {
    let mut wrist = source(
        "doc-1",
        "No acute fracture or dislocation. Mild dorsal soft tissue swelling.",
        "2026-05-08T18:00:00Z",
    );
    wrist.title = "XR right wrist".into();
    let judge_wrist = |statement: &str| judge_with(&[wrist.clone()], statement, &["doc-1"]).support;
    assert_eq!(
        judge_wrist("X-ray of the left wrist showed no fracture."),
        Contradicted
    );
    assert_eq!(
        judge_wrist("X-ray of the right wrist showed no fracture."),
        Supported
    );
}

/// Each item of a denied list gets the whole negation window, however long the list; and
/// "after" or "before" ends a negation's scope ("no pancreatitis after ERCP" does not deny
/// the ERCP).
#[test]
fn denied_lists_and_time_words() {
    expect(
        "CT head: No acute intracranial hemorrhage, mass effect or territorial infarct. ERCP 09/09: two stones extracted. No pancreatitis after ERCP.",
        &[
            ("CT head showed no acute hemorrhage or infarct.", Supported),
            ("CT head showed a territorial infarct.", Contradicted),
            ("An MRCP was done before the ERCP.", Unsupported),
            ("Pancreatitis developed after ERCP.", Contradicted),
        ],
    );
}

/// Resistant is not susceptible: an antibiogram's lists answer which drug is which.
#[test]
fn resistant_is_not_susceptible() {
    expect(
        "Blood culture x2: Escherichia coli. Susceptible: ceftriaxone, ciprofloxacin. Resistant: ampicillin.",
        &[
            ("The E. coli was resistant to ceftriaxone.", Contradicted),
            ("The E. coli was resistant to ampicillin.", Supported),
            ("The E. coli was susceptible to ceftriaxone.", Supported),
        ],
    );
}

/// "dislocation" meets "dislocated"; "on 9/9" is a date though "4/5 strength" is not; "T
/// bili" is total bilirubin, not a temperature; "broke" is a fracture, "extraction" a
/// removal.
#[test]
fn word_forms_dates_and_abbreviations() {
    expect(
        "Trimalleolar fracture of the left ankle. No dislocation. ERCP 09/09: extraction of two stones. T bili 5.8 mg/dL on admission. Strength 4/5 in the legs.",
        &[
            ("The ankle was dislocated.", Contradicted),
            ("ERCP was performed on 9/9.", Supported),
            ("ERCP was performed on 9/8.", Contradicted),
            ("Total bilirubin was 5.8 mg/dL on admission.", Supported),
            ("He broke his left ankle.", Supported),
            ("Stones were removed at ERCP.", Supported),
        ],
    );
}

/// QBL and PVR are spelled out; "on either side" is bilateral; nursing her baby is
/// breastfeeding; what a catheter drained is its output.
#[test]
fn obstetric_and_urology_shorthand() {
    expect(
        "Postpartum hemorrhage, QBL 1,450 mL. Breastfeeding well. Voiding trial failed (PVR 480 mL). Foley catheter placed with 1,050 mL output. Renal US: no hydronephrosis bilaterally.",
        &[
            ("Quantitative blood loss was 1,450 mL.", Supported),
            ("Quantitative blood loss was 1,540 mL.", Contradicted),
            ("She is nursing her baby.", Supported),
            ("Post-void residual was 480 mL.", Supported),
            ("Post-void residual was 840 mL.", Contradicted),
            ("The Foley drained 1,050 mL.", Supported),
            ("Ultrasound showed no hydronephrosis on either side.", Supported),
        ],
    );
}

/// "228/134 in the right arm" is a reading of the right arm (and "in the" is not inches);
/// unvaccinated denies vaccination; SARS-CoV-2 and COVID-19 are one disease.
#[test]
fn readings_by_arm_and_vaccination() {
    expect(
        "52F unvaccinated, SARS-CoV-2 PCR positive. BP 228/134 in the right arm, 224/130 in the left arm.",
        &[
            ("BP was 228/134 in the right arm.", Supported),
            ("BP was 228/134 in the left arm.", Contradicted),
            ("She had not been vaccinated against COVID-19.", Supported),
            ("She was vaccinated.", Contradicted),
        ],
    );
}

/// A purpose the sources never mention does not hide a denial of what was done:
/// "started for possible pneumonia" is about starting the antibiotics.
#[test]
fn a_purpose_does_not_hide_a_denial() {
    expect(
        "COVID-19 PCR positive. Antibiotics were not started because procalcitonin was 0.08 ng/mL. Serial FVC above 2.5 L; no ICU transfer or intubation was needed.",
        &[
            (
                "Antibiotics were started for possible bacterial pneumonia.",
                Contradicted,
            ),
            ("He required intubation for respiratory failure.", Contradicted),
            ("No intubation was needed.", Supported),
        ],
    );
}

/// Room air is breathing without supplemental oxygen: "weaned to room air" says the
/// patient no longer needed oxygen, and contradicts "discharged on 2 L of oxygen".
#[test]
fn room_air_is_no_supplemental_oxygen() {
    expect(
        "SpO2 88% RA on arrival; 2 L NC thereafter. Weaned to room air on hospital day 6. Discharged on room air.",
        &[
            (
                "She no longer needed supplemental oxygen by hospital day 6.",
                Supported,
            ),
            ("He went home without supplemental oxygen.", Supported),
            ("He was discharged on supplemental oxygen.", Contradicted),
            ("SpO2 was 88% on room air on arrival.", Supported),
        ],
    );
}

/// A denied noun phrase's modifiers are not denied on their own: "No renal artery
/// stenosis" agrees with "Renal artery duplex negative for stenosis". Items of a denied
/// list still are: "no fever or chills" is contradicted by a fever.
#[test]
fn a_denied_head_noun_carries_its_modifiers() {
    expect(
        "Renal artery duplex negative for stenosis. Febrile to 38.6 C, no chills. Troponin T 0.02 ng/mL.",
        &[
            ("No renal artery stenosis on duplex.", Supported),
            ("Renal artery duplex showed stenosis.", Contradicted),
            ("No fever or chills.", Contradicted),
            ("Troponin T was 0.02 ng/mL.", Supported),
        ],
    );
}

/// A source naming an antibiotic speaks of antibiotics; a claim naming one antibiotic
/// still needs that one.
#[test]
fn a_named_antibiotic_is_an_antibiotic() {
    expect(
        "Treated with ceftriaxone 2 g IV daily, transitioned to oral cefpodoxime 200 mg BID to complete 14 days total. Afebrile since 11/16.",
        &[
            (
                "Antibiotics will be continued for two weeks in total.",
                Supported,
            ),
            ("No antibiotics were given.", Contradicted),
            ("Treated with vancomycin.", Unsupported),
            ("Cefpodoxime 200 mg twice daily.", Supported),
        ],
    );
}

/// A rate written with a slash and no number of its own still says its words.
#[test]
fn a_rate_of_time_units_keeps_its_words() {
    expect(
        "Migraine without aura, 6 headache days/month. Topiramate 25 mg nightly.",
        &[
            ("She has 6 headache days per month.", Supported),
            ("She has 8 headache days per month.", Contradicted),
        ],
    );
}

/// A denial limited to a time ("no active bleeding at the end of the procedure") does not
/// deny that the bleeding happened; it still contradicts the same limited statement.
#[test]
fn a_denial_limited_to_a_time() {
    expect(
        "DISCHARGE SUMMARY. 70 y/o M on clopidogrel after a 2024 stent admitted 01/20/2026 with hematochezia. Hgb 8.1 g/dL (baseline 13). Transfused 1 unit PRBC. Colonoscopy 01/21: diverticulosis of the sigmoid and descending colon with a visible vessel in a sigmoid diverticulum, treated with 2 hemoclips; no active bleeding at the end of the procedure. No polyps. Clopidogrel held for 5 days, resumed 01/26 after discussion with cardiology. Hgb stable at 9.4 g/dL for 48 hours. High-fiber diet recommended.",
        &[
            (
                "The bleeding came from a diverticulum in the sigmoid colon.",
                Supported,
            ),
            (
                "There was active bleeding at the end of the procedure.",
                Contradicted,
            ),
        ],
    );
}

/// A side the cited source gives only in another sentence than the one the claim aligns
/// with still contradicts: every mention of the word has the other side.
#[test]
fn a_word_stated_only_on_the_other_side() {
    expect(
        "Incidental healed R inferior pubic ramus fracture on planning CT.\nApproach: left transgluteal.\nA 10 Fr locking pigtail catheter was placed into the collection.",
        &[
            (
                "The 10 Fr pigtail drain was placed via a right transgluteal approach.",
                Contradicted,
            ),
            (
                "The 10 Fr pigtail drain was placed via a left transgluteal approach.",
                Supported,
            ),
        ],
    );
}

/// A lab panel's date and the claim's other values tell which reading a claim means; an
/// electrolyte followed by a concentration is a lab test, not a drug owning the values.
#[test]
fn a_date_or_a_second_value_chooses_the_reading() {
    let trend = "LITHIUM LEVEL TREND.\n12/06/2026 14:20 (ED): lithium 3.1 mmol/L (critical).\n12/06/2026 22:30 (post-HD): lithium 1.4 mmol/L.\n12/07/2026 04:30 (6 h post-HD): lithium 1.8 mmol/L.\nChemistry 12/06: Na 147 mmol/L, K 3.4 mmol/L, HCO3 19 mmol/L, BUN 48 mg/dL, Cr 2.2 mg/dL.\nChemistry 12/10: Na 140 mmol/L, K 4.0 mmol/L, BUN 18 mg/dL, Cr 1.3 mg/dL.";
    expect(
        trend,
        &[
            (
                "On 12/06, Na was 147 mmol/L, BUN 48 mg/dL and Cr 2.2 mg/dL.",
                Supported,
            ),
            (
                "On 12/06, Na was 140 mmol/L, BUN 48 mg/dL and Cr 2.2 mg/dL.",
                Contradicted,
            ),
            (
                "Lithium rebounded to 1.8 mmol/L six hours after dialysis.",
                Supported,
            ),
            (
                "Lithium rebounded to 1.4 mmol/L six hours after dialysis.",
                Contradicted,
            ),
        ],
    );
}

/// Radiology's words for free air.
#[test]
fn free_air_and_pneumoperitoneum() {
    expect(
        "CT ABDOMEN AND PELVIS. FINDINGS: No pneumoperitoneum. No bowel obstruction. No portal venous gas.",
        &[
            (
                "CT showed no free intraperitoneal air and no bowel obstruction.",
                Supported,
            ),
            ("CT showed free air.", Contradicted),
        ],
    );
}

/// Near-verbatim claims with one thing changed, found by mutating supported claims: a
/// range inside another range is another range; "on the left" after a denied finding gives
/// its side; "R foot" is a side and a body part, not a length; a source's date without a
/// year has the year nearest to when the source was written.
#[test]
fn one_change_in_a_near_verbatim_claim() {
    expect(
        "Levothyroxine increased to 88 mcg PO daily. Repeat TSH in 6-8 weeks.",
        &[
            ("Repeat TSH in 6-8 weeks.", Supported),
            ("Repeat TSH in 7-8 weeks.", Contradicted),
        ],
    );
    expect(
        "FINDINGS: 7 x 5 mm calculus at the left ureterovesical junction with moderate left hydronephrosis. No right hydronephrosis.",
        &[
            ("No hydronephrosis was seen on the right.", Supported),
            ("No hydronephrosis was seen on the left.", Contradicted),
        ],
    );
    expect(
        "MRI R foot showed osteomyelitis of the distal phalanx of the great toe without abscess.",
        &[
            ("MRI of the right foot showed osteomyelitis.", Supported),
            ("MRI of the left foot showed osteomyelitis.", Contradicted),
        ],
    );
    // The source is written on 2026-05-08 (see `judge`).
    expect(
        "Clopidogrel held for 5 days, resumed 05/12 after discussion with cardiology.",
        &[
            ("Clopidogrel was resumed on May 12, 2026.", Supported),
            ("Clopidogrel was resumed on May 12, 2027.", Contradicted),
            ("Clopidogrel was resumed on May 12.", Supported),
        ],
    );
}

/// A result below a small detection limit is a negative result; a goal written with "<"
/// is not a denial.
#[test]
fn below_a_detection_limit_is_negative() {
    expect(
        "Labs 02/10/2026: Na 138, creatinine 1.3 mg/dL, troponin T <0.01 ng/mL x 2, TSH 2.7. Home BP goal < 130/80.",
        &[
            ("Troponin T was negative twice.", Supported),
            ("Troponin T was positive twice.", Contradicted),
            ("Home BP goal is below 130/80.", Supported),
        ],
    );
}

/// "for a week" is a duration of one week; "once a week" stays a rate.
#[test]
fn a_week_is_one_week() {
    expect(
        "Continue cephalexin 500 mg PO QID for a week. Weigh yourself once a week. Follow up with urology in a month. Cycle 4 delayed by one week.",
        &[
            ("Cycle 4 was postponed by a week.", Supported),
            ("Cycle 4 was postponed by a month.", Contradicted),
            ("Cephalexin is continued for 7 days.", Supported),
            ("Cephalexin is continued for 14 days.", Contradicted),
            ("Urology follow-up is in 2 months.", Contradicted),
            ("Urology follow-up is in one month.", Supported),
            ("Weigh yourself weekly.", Supported),
            ("Weigh yourself daily.", Contradicted),
        ],
    );
}

/// "no X and new Y": a claim states the new thing (so a source's denial contradicts it); a
/// source that denies "X and new Y" keeps denying both. Either way, never a false support.
#[test]
fn a_new_conjunct_after_a_denial() {
    expect(
        "CT ABDOMEN. FINDINGS: No pneumoperitoneum. No bowel obstruction. Patient denies fever and new rash.",
        &[
            ("CT showed no free air and no bowel obstruction.", Supported),
            ("CT showed no free air and new bowel obstruction.", Contradicted),
            ("She has a new rash.", Contradicted),
        ],
    );
}

/// A negation cue that is a label's whole value ("Blood cultures: negative", "Tobacco:
/// denies") denies the label.
#[test]
fn a_label_answered_by_a_negation() {
    expect(
        "Social history: Tobacco: denies. EtOH: occasional. Blood cultures: negative. Urine drug screen: negative for cocaine.",
        &[
            ("Blood cultures were negative.", Supported),
            ("Blood cultures were positive.", Contradicted),
            ("He smokes tobacco.", Contradicted),
            ("The urine drug screen was positive for cocaine.", Contradicted),
        ],
    );
}

/// A drug stopped or held is not continued; hold parameters are a condition, not a hold.
#[test]
fn stopped_or_held_is_not_continued() {
    expect(
        "Lisinopril discontinued due to AKI. Metformin held. Metoprolol 25 mg BID, hold for SBP < 100. Aspirin continued.",
        &[
            ("Lisinopril was continued.", Contradicted),
            ("Lisinopril was stopped.", Supported),
            ("Metformin was continued.", Contradicted),
            ("Metformin was held.", Supported),
            ("Metoprolol was continued.", Supported),
            ("Aspirin was stopped.", Contradicted),
            ("Aspirin was continued.", Supported),
        ],
    );
}

/// A former smoker is not a current one.
#[test]
fn a_former_smoker_is_not_a_current_one() {
    expect(
        "Social history: former smoker, quit 2015. No alcohol use.",
        &[
            ("Former smoker.", Supported),
            ("She quit smoking in 2015.", Supported),
            ("Current smoker.", Contradicted),
        ],
    );
}

/// A culture with no growth is a negative culture, and "x2" counts the cultures: it is
/// not a value the claim's duration could be.
#[test]
fn no_growth_is_a_negative_culture() {
    expect(
        "Labs: WBC 14.2, lactate 2.4. Blood cultures x2: no growth at 48 h.",
        &[
            ("Blood cultures were negative at 48 hours.", Supported),
            ("Blood cultures showed no growth.", Supported),
            ("Blood cultures grew MRSA.", Contradicted),
            ("Blood cultures were negative at 72 hours.", Contradicted),
        ],
    );
}

/// A temperature given in Fahrenheit matches the Celsius value its rounding allows.
#[test]
fn fahrenheit_within_rounding() {
    expect(
        "Vitals on discharge: T 36.8 C, HR 78, BP 126/74.",
        &[
            ("Temperature was 98.2 F at discharge.", Supported),
            ("Temperature was 36.8 C at discharge.", Supported),
            ("Temperature was 99.5 F at discharge.", Contradicted),
        ],
    );
}

/// An arrow is a change from the value before it to the value after it, in that order.
#[test]
fn an_arrow_is_a_change() {
    expect(
        "Lactate 2.4 -> 1.1 after fluids. Simple transfusion of 2 units pRBC (Hgb 6.1 -> 8.7 g/dL). Cr 1.6→1.4.",
        &[
            ("Lactate improved from 2.4 to 1.1 after fluids.", Supported),
            ("Lactate rose from 1.1 to 2.4.", Contradicted),
            ("Hemoglobin rose from 6.1 to 8.7 g/dL after transfusion of 2 units.", Supported),
            ("Creatinine improved from 1.6 to 1.4.", Supported),
        ],
    );
}

/// A sentence that states a word both ways ("WBAT LLE, NWB RUE") answers a claim in the
/// clause that shares its other words and sides.
#[test]
fn each_clause_answers_for_its_own_side() {
    expect(
        "Post-op: WBAT LLE, NWB RUE. UDS negative.",
        &[
            (
                "Weight bearing as tolerated on the left lower extremity.",
                Supported,
            ),
            (
                "Weight bearing as tolerated on the right upper extremity.",
                Contradicted,
            ),
            (
                "Non-weight-bearing on the right upper extremity.",
                Supported,
            ),
            ("Urine drug screen was positive.", Contradicted),
        ],
    );
}

/// A value of a prior study answers only a claim about the prior study or the start of a
/// change; a claim's value at discharge is never the start of a change.
#[test]
fn prior_values_and_values_at_discharge() {
    expect(
        "CT chest w/ contrast 01/05/2026: 1.2 cm spiculated RUL nodule. No mediastinal lymphadenopathy. Prior 2024 CT: nodule 0.8 cm. Weight 94.1 -> 88.0 kg.",
        &[
            ("The nodule grew from 0.8 cm to 1.2 cm.", Supported),
            ("The nodule previously measured 0.8 cm.", Supported),
            ("The nodule measured 1.2 cm.", Supported),
            ("Admission weight was 94.1 kg.", Supported),
        ],
    );
    // The labels would be contradicted; what matters most is that neither is supported.
    let source = "CT chest w/ contrast 01/05/2026: 1.2 cm spiculated RUL nodule. Prior 2024 CT: nodule 0.8 cm. Weight 94.1 -> 88.0 kg.";
    for claim in [
        "The nodule measured 0.8 cm on this CT.",
        "Discharge weight was 94.1 kg.",
    ] {
        assert_ne!(judge(source, claim), Supported, "{claim}");
    }
}

/// "q4-6h" and "every 4 to 6 hours" are one frequency range; a combination product's
/// dose ("875-125 mg") names its first part.
#[test]
fn frequency_ranges_and_combination_doses() {
    expect(
        "Plan: amoxicillin-clavulanate 875-125 mg PO BID x 10 days. Albuterol MDI 2 puffs q4-6h PRN wheeze.",
        &[
            ("Augmentin 875 mg twice daily for ten days.", Supported),
            ("Augmentin 500 mg twice daily for ten days.", Contradicted),
            ("Albuterol 2 puffs every 4 to 6 hours as needed.", Supported),
            ("Albuterol 2 puffs every 4-6 hours as needed.", Supported),
            ("Albuterol 2 puffs every 8 to 12 hours as needed.", Contradicted),
        ],
    );
}

/// Ultrasound shorthand: CBD, a gallbladder "surgically absent".
#[test]
fn ultrasound_shorthand() {
    expect(
        "Abd US: Gallbladder surgically absent. CBD 9 mm, dilated. No intrahepatic ductal dilatation.",
        &[
            ("The common bile duct measured 9 mm.", Supported),
            ("The common bile duct measured 6 mm.", Contradicted),
            ("The patient is status post cholecystectomy.", Supported),
            ("The gallbladder was present.", Contradicted),
        ],
    );
}

/// A sign right after a name is its result ("ER+/PR+/HER2-", "GBS+"); "2+ edema" keeps its
/// plus.
#[test]
fn a_sign_after_a_name_is_its_result() {
    expect(
        "58F with stage IIA ER+/PR+/HER2- left breast IDC s/p left lumpectomy. GBS+ at 36 weeks. 2+ pitting edema of both legs.",
        &[
            ("HER2 was negative.", Supported),
            ("HER2 was positive.", Contradicted),
            ("She was group B streptococcus positive.", Supported),
            ("She was GBS negative.", Contradicted),
            ("She had left invasive ductal carcinoma.", Supported),
        ],
    );
}

/// A side and a body part set off by a comma say where the finding before them is.
#[test]
fn a_trailing_side_and_body_part_after_a_comma() {
    expect(
        "PEDS: 4 y/o M, wt 16.2 kg. Dx: AOM, right ear. Cellulitis, RLE. No fever, left arm pain.",
        &[
            ("Right acute otitis media.", Supported),
            ("Left acute otitis media.", Contradicted),
            ("Weight 16.2 kg.", Supported),
            ("Cellulitis of the left lower extremity.", Contradicted),
            ("The patient had no fever.", Supported),
        ],
    );
}

/// "Vitamin K not given" denies the drug (and vitamin K is not potassium); weaned off is
/// stopped; a side in a label before a colon is the side of the label's value; ICH.
#[test]
fn ed_note_shorthand() {
    expect(
        "ED NOTE: On warfarin for AFib, INR 3.4. CT head: no ICH. R wrist XR: nondisplaced distal radius fracture. Vitamin K not given. Norepinephrine weaned off 05/04.",
        &[
            ("Vitamin K was given.", Contradicted),
            ("No vitamin K was given.", Supported),
            ("CT head showed no intracranial hemorrhage.", Supported),
            ("CT head showed an intracranial hemorrhage.", Contradicted),
            ("He has a right distal radius fracture.", Supported),
            ("He has a left distal radius fracture.", Contradicted),
            ("Norepinephrine was continued.", Contradicted),
        ],
    );
}

/// Switched and transitioned are changes.
#[test]
fn switched_is_changed() {
    expect(
        "Sputum culture: MSSA. Switched vancomycin to cefazolin 2 g IV q8h on 05/04.",
        &[
            ("Vancomycin was changed to cefazolin.", Supported),
            ("Cefazolin 1 g IV every 8 hours.", Contradicted),
        ],
    );
}

/// A pneumonia discharge note: a fever on admission, a reading at discharge, the oxygen a
/// saturation was measured on, an allergy. The claims' time points tell the readings apart.
const PNEUMONIA: &str = "DISCHARGE SUMMARY. 67 y/o M with COPD admitted 03/02/2026 with community-acquired pneumonia of the left lower lobe. Presented with fever to 39.2 C, productive cough and hypoxia. Treated with ceftriaxone 1 g IV daily and azithromycin 500 mg PO daily. Allergies: penicillin (rash). Vitals at discharge: T 36.9 C, HR 82, BP 128/74, SpO2 94% on room air. Follow up with PCP in 1 week.";

/// A temperature reading says whether the patient was febrile (cut-off 38.0 C / 100.4 F);
/// the reading of the claim's time point counts, not another one of the same source.
#[test]
fn temperature_reading_states_fever() {
    expect(
        PNEUMONIA,
        &[
            ("Afebrile at discharge.", Supported),
            ("He was febrile at discharge.", Contradicted),
            ("He had a fever at discharge.", Contradicted),
            ("He presented with fever.", Supported),
        ],
    );
    for hot in ["T 38.6 C", "T 101.5 F", "T 100.4 F", "Temp 101.2"] {
        let note = PNEUMONIA.replace("T 36.9 C", hot);
        let got = judge(&note, "Afebrile at discharge.");
        assert_eq!(got, Contradicted, "afebrile against {hot}");
        let got = judge(&note, "He had a fever at discharge.");
        assert_eq!(got, Supported, "fever against {hot}");
    }
    for normal in ["T 98.4 F", "T 37.9 C", "Temp 98.1"] {
        let note = PNEUMONIA.replace("T 36.9 C", normal);
        let got = judge(&note, "Afebrile at discharge.");
        assert_eq!(got, Supported, "afebrile against {normal}");
    }
    // Two time points in one sentence, each in its own clause.
    let both = "Course complicated by pneumonia. Treated with cefepime. T 38.3 C on admission, 36.9 C at discharge. Home with PCP follow-up.";
    expect(
        both,
        &[
            ("Afebrile at discharge.", Supported),
            ("Febrile at discharge.", Contradicted),
        ],
    );
    // A claimed reading against a source that says afebrile in words.
    expect(
        "DISCHARGE SUMMARY. Pyelonephritis treated with ceftriaxone. Afebrile at discharge. Lactate 1.2 mmol/L. Discharged home on cephalexin.",
        &[("Temperature at discharge was 38.6 C.", Contradicted)],
    );
    // A claim that says "febrile" in words is judged by its words, not by the reading it
    // gives beside them.
    expect(
        "DISCHARGE SUMMARY. Buttock abscess drained 04/20. Course: afebrile throughout; Tmax 37.6 C on 04/21. WBC 16.4 -> 9.2.",
        &[
            ("He was febrile during the admission, with a Tmax of 37.6 C.", Contradicted),
            ("He was afebrile during the admission, with a Tmax of 37.6 C.", Supported),
        ],
    );
    // A limit in return precautions is no reading.
    expect(
        "DISCHARGE SUMMARY. Appendectomy on 06/02. Return for fever > 38.5 C or worsening pain. Tolerating diet. T 36.7 C at discharge.",
        &[("Afebrile at discharge.", Supported)],
    );
}

/// A sentence that names the claim's time point speaks for it, even when a sentence of
/// another time point ranks higher ("Presented with fever" against "at discharge:
/// afebrile").
#[test]
fn polarity_of_the_claims_time_point() {
    let note = PNEUMONIA.replace(
        "T 36.9 C, HR 82,",
        "afebrile, HR 82, RR 18, weight 81.2 kg, pain 2/10, ambulating independently,",
    );
    expect(
        &note,
        &[
            ("Afebrile at discharge.", Supported),
            ("He was febrile at discharge.", Contradicted),
        ],
    );
}

/// SpO2 on room air and on supplemental oxygen are two values of the same attribute.
#[test]
fn saturation_on_room_air_or_oxygen() {
    expect(
        PNEUMONIA,
        &[
            ("SpO2 94% on room air at discharge.", Supported),
            ("SpO2 94% on RA at discharge.", Supported),
            ("SpO2 94% on 2 L nasal cannula at discharge.", Contradicted),
            ("SpO2 94% on 2L NC at discharge.", Contradicted),
        ],
    );
    let on_oxygen = PNEUMONIA.replace("on room air", "on 2 L NC");
    expect(
        &on_oxygen,
        &[
            ("SpO2 94% on room air at discharge.", Contradicted),
            ("SpO2 94% on 2 L nasal cannula at discharge.", Supported),
        ],
    );
    // Each reading has its own support: 86% was on room air, 94% on oxygen.
    expect(
        "ED NOTE. COVID-19 pneumonia. SpO2 86% on RA at triage, improved to 94% on 4 L NC. Started dexamethasone 6 mg daily.",
        &[
            ("SpO2 was 86% on room air at triage.", Supported),
            ("SpO2 improved to 94% on 4 L nasal cannula.", Supported),
            ("SpO2 was 86% on 4 L nasal cannula at triage.", Contradicted),
        ],
    );
}

/// No known allergies against a named allergy, and the reverse.
#[test]
fn allergy_status() {
    expect(
        PNEUMONIA,
        &[
            ("No known drug allergies.", Contradicted),
            ("NKDA.", Contradicted),
            ("He is allergic to penicillin.", Supported),
        ],
    );
    let nkda = PNEUMONIA.replace("Allergies: penicillin (rash).", "Allergies: NKDA.");
    expect(
        &nkda,
        &[
            ("He is allergic to penicillin.", Contradicted),
            ("No known drug allergies.", Supported),
        ],
    );
    // "Allergic rhinitis" is a disease, not a drug allergy.
    expect(
        "CLINIC NOTE. Allergic rhinitis on loratadine 10 mg daily. NKDA. Lungs clear.",
        &[("No known drug allergies.", Supported)],
    );
}

/// MRSA and MSSA (VRE and VSE) are the resistant and susceptible strains.
#[test]
fn methicillin_resistant_or_susceptible() {
    expect(
        "MICROBIOLOGY. Blood cultures 06/11/2026 grew methicillin-susceptible Staphylococcus aureus in 2 of 2 sets. MRSA nares PCR negative. Stool: VRE.",
        &[
            ("Blood cultures grew MSSA.", Supported),
            ("Blood cultures grew MRSA.", Contradicted),
            (
                "Blood cultures grew methicillin-resistant Staphylococcus aureus.",
                Contradicted,
            ),
            ("Stool grew vancomycin-resistant Enterococcus.", Supported),
            ("Stool grew VSE.", Contradicted),
        ],
    );
}

/// Apgar scores as a pair however written ("8/9", "8 and 9 at 1 and 5 minutes").
#[test]
fn apgar_scores_as_a_pair() {
    let slash = "NEWBORN DISCHARGE SUMMARY. Term female born 07/14/2026 at 39w1d by SVD. Birth weight 3,420 g. Apgars 8/9. Breastfeeding well. Hearing screen passed.";
    expect(
        slash,
        &[
            ("Apgar scores were 8 and 9 at 1 and 5 minutes.", Supported),
            ("Apgars 8 and 9.", Supported),
            ("Apgars were 8 at 1 minute and 9 at 5 minutes.", Supported),
            ("Apgar scores were 7 and 9.", Contradicted),
        ],
    );
    let words = slash.replace("Apgars 8/9.", "Apgar scores 8 and 9 at 1 and 5 minutes.");
    expect(
        &words,
        &[
            ("Apgars were 8/9.", Supported),
            ("Apgars were 9/9.", Contradicted),
        ],
    );
}

/// For monovalent ions (lithium, sodium, potassium, chloride, bicarbonate) mmol/L and
/// mEq/L are the same number; for magnesium they are not.
#[test]
fn monovalent_ion_units() {
    let note = "LABS 05/02/2026. Lithium level 0.8 mmol/L (12 h post-dose). Na 138 mEq/L, K 4.1 mEq/L. Mg 1.8 mEq/L. TSH 2.1 mIU/L.";
    expect(
        note,
        &[
            ("Lithium level was 0.8 mEq/L.", Supported),
            ("Lithium level was 1.8 mEq/L.", Contradicted),
            ("Sodium was 138 mmol/L.", Supported),
            ("Potassium was 4.1 mmol/L.", Supported),
            ("Potassium was 4.4 mmol/L.", Contradicted),
            ("Magnesium was 1.8 mmol/L.", Contradicted),
        ],
    );
}

#[test]
fn a_change_given_by_its_two_ends_needs_no_verb_in_the_source() {
    // The note gives the two readings, never the word "improved" or "raised".
    let note = "Admitted with acute stroke; NIHSS 7 on arrival. MRI showed a small infarct. \
                Transfused 2 units PRBC for Hgb 7.2, post-transfusion Hgb 8.4 g/dL. \
                NIHSS 2 at discharge. Lactate 4.1 mmol/L, repeat 1.9 mmol/L.";
    expect(
        note,
        &[
            (
                "NIHSS improved from 7 on arrival to 2 at discharge.",
                Supported,
            ),
            ("Transfusion raised hemoglobin from 7.2 to 8.4.", Supported),
            // The ends are the facts: another value, or the ends swapped, is not evidence.
            (
                "NIHSS improved from 7 on arrival to 3 at discharge.",
                Contradicted,
            ),
            // A verb with no change values is still a fact of its own.
            ("NIHSS improved.", Unsupported),
        ],
    );
    // A unit the sources do not write beside either end is not carried by bare readings.
    let bare = "Hgb 7.2 on arrival; transfused 2 units PRBC to Hgb 8.4.";
    let got = judge(bare, "Transfusion raised hemoglobin from 7.2 to 8.4 mg/dL.");
    assert_eq!(
        got, PartiallySupported,
        "a unit no source writes is not supported"
    );
}

#[test]
fn brand_names_and_drug_abbreviations_read_as_their_generics() {
    let note =
        "Started propranolol 20 mg PO BID and naltrexone 50 mg daily. Tranexamic acid 1 g IV \
                given for bleeding. Glipizide stopped; linagliptin 5 mg daily started.";
    expect(
        note,
        &[
            ("Started Inderal 20 mg twice daily.", Supported),
            ("Started Inderal 40 mg twice daily.", Contradicted),
            ("He was started on Revia 50 mg daily.", Supported),
            ("TXA 1 g IV was given.", Supported),
            ("TXA 2 g IV was given.", Contradicted),
            ("Tradjenta 5 mg daily was started.", Supported),
            ("Tradjenta 5 mcg daily was started.", Contradicted),
        ],
    );
}

#[test]
fn a_value_of_another_specimen_is_another_test() {
    let note = "CSF: WBC 2,840/uL, protein 318 mg/dL. Glucose 18 mg/dL (L); serum glucose 126 \
                mg/dL. Urine protein 30 mg/dL.";
    expect(
        note,
        &[
            ("CSF glucose was 18 mg/dL.", Supported),
            ("CSF glucose was 126 mg/dL.", Contradicted),
            ("Serum glucose was 126 mg/dL.", Supported),
            ("Blood glucose was 126 mg/dL.", Supported),
            ("CSF protein was 318 mg/dL.", Supported),
            ("Urine protein was 318 mg/dL.", Contradicted),
        ],
    );
}

#[test]
fn a_label_answered_by_none_and_a_finding_verb_denies_the_label() {
    let report = "Renal biopsy: 28 glomeruli. Crescents: none identified. Thrombi: none seen. \
                  Fibrinoid necrosis: not identified.";
    expect(
        report,
        &[
            ("The renal biopsy showed crescents.", Contradicted),
            ("The renal biopsy showed no crescents.", Supported),
            ("Thrombi were seen on the biopsy.", Contradicted),
            ("No fibrinoid necrosis on the biopsy.", Supported),
        ],
    );
}

#[test]
fn a_hyphenated_non_word_reads_as_the_joined_one() {
    // "Surgery" elsewhere in the note (a clinic, a specialty) must not be the only reading.
    let note = "DISCHARGE SUMMARY - GENERAL SURGERY. Partial SBO. Managed non-operatively: NPO, \
                NGT to LIWS. Surgery clinic f/u in 2 weeks.";
    expect(
        note,
        &[
            ("He was managed without an operation.", Supported),
            ("He was managed nonoperatively.", Supported),
            ("He was managed operatively.", Contradicted),
        ],
    );
}

#[test]
fn a_tablet_strength_times_a_count_of_tablets_is_the_dose() {
    let list = "DISCHARGE MEDICATIONS. Methimazole 10 mg tab: 2 tabs (20 mg) PO BID. \
                Propranolol 40 mg tab: 1 tab PO q6h.";
    expect(
        list,
        &[
            ("Discharged on Tapazole 20 mg PO BID.", Supported),
            ("Discharged on methimazole 30 mg PO BID.", Contradicted),
            ("Propranolol 40 mg every 6 hours.", Supported),
            ("Propranolol 80 mg every 6 hours.", Contradicted),
        ],
    );
    // Without the parenthesis the product alone says it.
    let bare = "Methimazole 10 mg tablet: 2 tablets PO twice daily.";
    assert_eq!(judge(bare, "Methimazole 20 mg twice daily."), Supported);
    assert_eq!(judge(bare, "Methimazole 30 mg twice daily."), Contradicted);
}

#[test]
fn the_words_of_a_comparison_with_an_earlier_study_describe_that_study() {
    let report = "RENAL BIOPSY PATHOLOGY. Light microscopy: 28 glomeruli with endocapillary \
                  hypercellularity. No fibrinoid necrosis. DIAGNOSIS: Diffuse lupus nephritis, \
                  class IV. Comment: compared with the 2023 outside biopsy (class III, with 2 \
                  cellular crescents), now diffuse and without crescents.";
    expect(
        report,
        &[
            ("The renal biopsy showed cellular crescents.", Contradicted),
            ("The renal biopsy showed no crescents.", Supported),
            // A claim about the earlier study is answered by the comparison.
            ("The prior biopsy showed crescents.", Supported),
        ],
    );
}

#[test]
fn a_drug_no_source_names_has_no_value_to_contradict() {
    // Montelukast is in no source, so no value there is its dose.
    let note = "Discharge medications: epinephrine 0.3 mg auto-injector, 2-pack; famotidine \
                20 mg PO BID x 7 days; hydroxyzine 25 mg PO q6h PRN itching.";
    expect(
        note,
        &[
            (
                "Sent home with an epinephrine auto-injector 2-pack and montelukast 4 mg nightly.",
                PartiallySupported,
            ),
            // A drug the sources name with another dose is still contradicted.
            (
                "Prescribed an epinephrine auto-injector 2-pack and famotidine 10 mg daily.",
                Contradicted,
            ),
            ("Discharged on famotidine 40 mg BID.", Contradicted),
        ],
    );
    // "2-pack" counts packs: no dose (0.15 mg) disagrees with it.
    let weight_dosed = "Discharge meds: epinephrine auto-injector 0.15 mg, 2-pack (weight 22 kg); \
                        cetirizine 5 mg PO daily; prednisolone 20 mg PO daily x 4 days.";
    expect(
        weight_dosed,
        &[
            (
                "Discharged with an epinephrine auto-injector 2-pack.",
                Supported,
            ),
            ("Discharged on cetirizine 10 mg daily.", Contradicted),
        ],
    );
}

#[test]
fn side_comparisons() {
    // "L > R" gives the left side more of the finding; "R-hand dominant" and the "R > L" of
    // another finding say nothing about the edema.
    let note = "ED NOTE. 58 y/o R-hand dominant F with leg swelling for 1 week. Exam: 2+ \
                pitting edema of both lower legs, L > R; calves non-tender. Breath sounds \
                decreased at the bases, R > L.";
    expect(
        note,
        &[
            (
                "Lower-leg edema was worse on the right than on the left.",
                Contradicted,
            ),
            (
                "Lower extremity edema was worse on the right.",
                Contradicted,
            ),
            (
                "Breath sounds were decreased more on the left.",
                Contradicted,
            ),
            ("Bilateral leg edema, L > R.", Supported),
            (
                "Breath sounds were decreased at the bases, R > L.",
                Supported,
            ),
            ("Pitting edema was worse on the left.", PartiallySupported),
        ],
    );
    let ct = "CT chest 03/04/2026: bilateral pleural effusions, right greater than left, with \
              adjacent atelectasis. No pneumothorax.";
    expect(
        ct,
        &[
            ("Pleural effusions were larger on the left.", Contradicted),
            (
                "Pleural effusions were larger on the right.",
                PartiallySupported,
            ),
            (
                "Bilateral pleural effusions, right greater than left.",
                Supported,
            ),
        ],
    );
}

#[test]
fn a_sentence_of_the_same_side_about_another_finding_does_not_confirm_the_side() {
    let us = "US SCROTUM WITH DOPPLER. L testis heterogeneous, with absent arterial and venous \
              flow; twisted spermatic cord (whirlpool sign). R testis homogeneous, normal flow.";
    expect(
        us,
        &[
            (
                "Doppler showed absent flow in the right testis.",
                Contradicted,
            ),
            ("Doppler showed absent flow in the left testis.", Supported),
            ("The right testis had normal flow.", Supported),
        ],
    );
}

#[test]
fn eye_abbreviations_and_a_side_given_as_a_labels_value() {
    let consult = "RHEUM CONSULT. New R temporal HA, jaw claudication and 2 episodes of transient \
                   blurred vision OS. VA 20/25 OU.";
    expect(
        consult,
        &[
            (
                "She had transient blurred vision in the right eye.",
                Contradicted,
            ),
            (
                "She had transient blurred vision in the left eye.",
                Supported,
            ),
        ],
    );
    let procedure = "PROCEDURE NOTE - LASER IRIDOTOMY 11/19/2026. Eye: LEFT. Nd:YAG LPI; patent.";
    expect(
        procedure,
        &[
            (
                "Laser iridotomy was performed on the right eye.",
                Contradicted,
            ),
            ("Laser iridotomy was performed on the left eye.", Supported),
        ],
    );
}

#[test]
fn a_plural_abbreviation_reads_as_the_abbreviation() {
    let csf = "CSF ANALYSIS. Tube 4 RBC 3 /uL, WBC 2 /uL. Protein 142 mg/dL (H). Glucose 64 mg/dL.";
    expect(
        csf,
        &[
            ("CSF protein was 142 mg/dL with 2 WBCs/uL.", Supported),
            ("CSF protein was 142 mg/dL with 20 WBCs/uL.", Contradicted),
        ],
    );
}

#[test]
fn a_denial_for_one_side_says_nothing_of_a_claim_without_one() {
    let consult = "OPHTHALMOLOGY CONSULT. Sudden severe L eye pain and halos since 21:00, after \
                   watching a movie in a dark theater. R eye asymptomatic.";
    expect(
        consult,
        &[
            ("Symptoms began after a movie in a dark theater.", Supported),
            // The side the denial names is still denied.
            ("Symptoms in the right eye.", Contradicted),
        ],
    );
}

#[test]
fn a_span_of_times_and_a_half_in_words() {
    let op = "OPERATIVE NOTE. Hx: sudden L scrotal pain 04:30 while asleep; arrived ED 06:10. \
              Findings: L testis dusky after detorsion, viable. Ischemia time ~5.5 h (pain onset \
              to detorsion at 10:00).";
    expect(
        op,
        &[
            (
                "Ischemia time was about five and a half hours, from pain onset at 04:30 to \
                 detorsion at 10:00.",
                Supported,
            ),
            (
                "Ischemia time was about six and a half hours.",
                Contradicted,
            ),
            (
                "Ischemia time was about five and a half hours, from pain onset at 05:30 to \
                 detorsion at 10:00.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn nonviable_denies_viable_and_hbo_is_hyperbaric_oxygen() {
    let op = "OPERATIVE NOTE. Scrotal exploration, L detorsion and L orchiopexy. Findings: L \
              testis dusky after detorsion, then bright red bleeding - viable, salvaged.";
    expect(
        op,
        &[
            (
                "The left testis was found to be nonviable at exploration.",
                Contradicted,
            ),
            ("The left testis was viable at exploration.", Supported),
        ],
    );
    let log = "HBO TREATMENT LOG. Session 1: 3.0 ATA. Session 2: 2.0 ATA. Tolerated well.";
    assert_eq!(
        judge(log, "The hyperbaric oxygen sessions were tolerated well."),
        Supported
    );
}

#[test]
fn the_first_days_reading_is_the_admission_one() {
    let labs = "LABS 05/02/2026 11:40: WBC 14.6 K/uL (H), Hgb 13.1 g/dL.\n\
                05/04/2026 06:00: WBC 9.8 K/uL, Hgb 12.4 g/dL.";
    expect(
        labs,
        &[
            ("Admission WBC was 14.6 K/uL.", Supported),
            ("Admission WBC was 9.8 K/uL.", Contradicted),
            ("WBC was 9.8 K/uL on 05/04.", Supported),
        ],
    );
}

#[test]
fn a_conjunction_opening_another_statement_ends_a_negation() {
    let note = "Lap chole 05/03/2026: no drain placed. IOC not performed. Post-op course \
                uncomplicated; tolerating regular diet POD 1; pain controlled w/ acetaminophen \
                and oxycodone 5 mg PRN. No lifting >10 lb x 2 weeks; may shower, no baths or \
                swimming x 2 weeks.";
    // "while taking oxycodone" is outside the denial: the oxycodone is not denied.
    let claim = "No lifting more than ten pounds for two weeks, and she should not drive while \
                 taking oxycodone.";
    assert_ne!(judge(note, claim), Contradicted, "{claim}");
    expect(
        note,
        &[(
            "An intraoperative cholangiogram was performed.",
            Contradicted,
        )],
    );
}

#[test]
fn a_value_with_its_unit_placed_best_is_found_with_few_shared_words() {
    let ed = "ED PROVIDER NOTE. 24 y/o M with sore throat and trismus. VS: T 38.6 C, HR 112, BP \
              128/76, RR 18, SpO2 98% RA.";
    expect(
        ed,
        &[
            (
                "In the ED he was febrile to 38.6 C with a heart rate of 112.",
                Supported,
            ),
            (
                "In the ED he was febrile to 39.6 C with a heart rate of 112.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn equal_concentrations_written_in_other_units_match() {
    let note = "Admission APAP level 68 mcg/mL. Vancomycin trough 15.2 ng/mL.";
    expect(
        note,
        &[
            ("APAP level on admission was 68 mg/L.", Supported),
            ("APAP level on admission was 68 mcg/L.", Contradicted),
            ("Vancomycin trough was 15.2 mcg/L.", Supported),
            ("Vancomycin trough was 15.2 mg/L.", Contradicted),
        ],
    );
}

#[test]
fn a_word_stated_both_ways_is_decided_by_the_sentences_naming_the_facts_other_words() {
    let op =
        "OPERATIVE NOTE. Postop dx: full-thickness supraspinatus tear, plus partial-thickness \
              tear of the upper third of the subscapularis. Procedure: R shoulder arthroscopic \
              rotator cuff repair, subacromial decompression. Subscapularis debrided, not \
              repaired. Infraspinatus intact.";
    expect(
        op,
        &[
            ("The partial subscapularis tear was repaired.", Contradicted),
            ("The rotator cuff was repaired arthroscopically.", Supported),
        ],
    );
}

#[test]
fn contractions_negate_and_within_ends_a_negation() {
    let note = "Rx: IVIG 2 g/kg IV over 12 h on 06/05. Afebrile within 24 h of IVIG; second IVIG \
                dose not needed.";
    expect(
        note,
        &[
            ("He didn't need a second dose of IVIG.", Supported),
            ("He didn\u{2019}t need a second dose of IVIG.", Supported),
            ("He had no fever within 24 hours of IVIG.", Supported),
        ],
    );
}

#[test]
fn what_a_test_was_done_for_is_no_finding() {
    let ct = "CT CHEST WITH IV CONTRAST 11/05/2026. Indication: myasthenia gravis, evaluate for \
              thymoma. Findings: Residual thymic tissue in the anterior mediastinum with fatty \
              involution; no discrete mass. Impression: No thymoma.";
    expect(
        ct,
        &[
            (
                "CT chest with contrast showed a thymoma in the anterior mediastinum.",
                Contradicted,
            ),
            ("CT chest showed no thymoma.", Supported),
        ],
    );
}

#[test]
fn the_place_of_a_negated_head_is_not_denied() {
    let path =
        "SURGICAL PATHOLOGY. A. Ascending colon, EMR (piecemeal): tubulovillous adenoma; no \
                invasive carcinoma identified.\nC. Stomach, random bx: chronic inactive \
                gastritis; H. pylori immunostain negative.";
    expect(
        path,
        &[
            (
                "H. pylori immunostain on the random gastric biopsies was negative.",
                Supported,
            ),
            (
                "H. pylori immunostain on the random gastric biopsies was positive.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn eyes_named_od_os_keep_their_values_apart() {
    let consult = "OPHTHALMOLOGY CONSULT 09/24/2026. VA sc: OD 20/25, OS 20/40. IOP OD 15, OS 22 \
                   mmHg. A/P: HZO OS with epithelial keratitis.";
    expect(
        consult,
        &[
            (
                "Left eye visual acuity was 20/40 with IOP 22 mmHg.",
                Supported,
            ),
            ("Right eye visual acuity was 20/25.", Supported),
            ("Left eye visual acuity was 20/25.", Contradicted),
            ("Right eye IOP was 22 mmHg.", Contradicted),
        ],
    );
}

#[test]
fn a_plan_confirms_no_side_of_what_was_done() {
    let note = "PROCEDURE NOTE - LASER PERIPHERAL IRIDOTOMY 11/19/2026 10:15. Eye: LEFT. Pre-op \
                IOP 22 mmHg.\nNd:YAG LPI at 11 o'clock; patent. No hyphema.\nPlan: pred acetate \
                1% QID OS x 1 wk. LPI OD scheduled 11/24/2026.";
    expect(
        note,
        &[
            (
                "Laser peripheral iridotomy was performed on the right eye.",
                Contradicted,
            ),
            (
                "Laser peripheral iridotomy was performed on the left eye.",
                Supported,
            ),
        ],
    );
}

#[test]
fn what_a_result_is_of_decides_the_findings_polarity() {
    let path = source(
        "doc-1",
        "SURGICAL PATHOLOGY REPORT. Specimen: Skin, L preauricular, excision.\nMicroscopic: \
         Residual basal cell carcinoma, nodular type, 0.3 cm, confined to dermis. No perineural \
         invasion identified.\nMargins: All peripheral and deep margins negative for \
         carcinoma; closest margin (deep) 2 mm.\nDiagnosis: Residual nodular BCC, completely \
         excised.",
        "2026-05-07T10:00:00Z",
    );
    let visit = source(
        "doc-2",
        "DERMATOLOGY - POST-OP VISIT. Wound: well approximated, no dehiscence. Path reviewed \
         w/ pt: residual nodular BCC, margins clear. No further treatment needed for this site.",
        "2026-05-08T10:00:00Z",
    );
    let sources = [path, visit];
    let judged = |claim: &str| judge_with(&sources, claim, &["doc-1", "doc-2"]).support;
    assert_eq!(
        judged("Surgical margins were positive for residual basal cell carcinoma."),
        Contradicted
    );
    assert_eq!(
        judged("Surgical margins were negative for carcinoma."),
        Supported
    );
}

#[test]
fn what_a_study_was_to_rule_out_is_no_finding() {
    let echo = "TTE - LIMITED. Indication: dyspnea, r/o pericardial effusion s/p CABG. \
                Pericardium: No pericardial effusion. No tamponade physiology. Pleura: Small \
                left pleural effusion.";
    expect(
        echo,
        &[
            (
                "Post-operative echocardiogram showed a small pericardial effusion without \
                 tamponade.",
                Contradicted,
            ),
            (
                "The echocardiogram showed no pericardial effusion.",
                Supported,
            ),
        ],
    );
    let ruled = "TTE - LIMITED. Indication: dyspnea, to rule out pericardial effusion. \
                 Pericardium: No pericardial effusion.";
    expect(
        ruled,
        &[(
            "The echocardiogram showed a pericardial effusion.",
            Contradicted,
        )],
    );
}

#[test]
fn a_conjunct_opening_with_an_article_is_not_denied_and_a_protocol_is_no_finding() {
    let cta = "EXAM: CTA CHEST W/ IV CONTRAST (PE PROTOCOL)\nFINDINGS: No filling defect to \
               suggest pulmonary embolism. 4 mm solid nodule in the right upper lobe, unchanged \
               from 2024.\nIMPRESSION:\n1. No pulmonary embolism.\n2. Stable 4 mm RUL nodule.";
    expect(
        cta,
        &[
            (
                "CT angiography of the chest showed no pulmonary embolism and a stable 4 mm \
                 right upper lobe nodule.",
                Supported,
            ),
            (
                "CT angiography of the chest showed a pulmonary embolism.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn a_day_counter_glued_to_its_number_is_read() {
    let note = "Post-op meds: Fluticasone propionate nasal 50 mcg/spray: 2 sprays each nostril \
                once daily, resume POD7 after debridement.";
    expect(
        note,
        &[
            (
                "Flonase two sprays in each nostril once daily is to be resumed on postoperative \
                 day 7.",
                Supported,
            ),
            (
                "Flonase two sprays in each nostril once daily is to be resumed on postoperative \
                 day 5.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn side_words_carry_a_side_but_are_no_finding_of_one() {
    let ed = "ED NOTE. Bleeding from L naris started while watching TV; R side not bleeding. \
              Silver nitrate cautery applied with hemostasis achieved. No packing required.\nDx: \
              Anterior epistaxis, L";
    expect(
        ed,
        &[
            ("He had a left-sided anterior nosebleed.", Supported),
            ("He had a right-sided anterior nosebleed.", Contradicted),
        ],
    );
}

#[test]
fn hemorrhage_is_bleeding_and_lv_is_left_ventricular() {
    let note = "A/P: 19F POD1 s/p bilateral tonsillectomy for recurrent tonsillitis. No \
                postoperative hemorrhage. Meeting PO goals.";
    expect(
        note,
        &[
            (
                "There was no postoperative bleeding after her tonsillectomy.",
                Supported,
            ),
            (
                "She had postoperative bleeding after her tonsillectomy.",
                Contradicted,
            ),
        ],
    );
    let echo = "TTE. LV: Normal cavity size. LVEF 60-65%. RV: Mildly dilated.";
    expect(
        echo,
        &[
            ("Left ventricular cavity size was normal.", Supported),
            (
                "The right ventricular cavity size was normal.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn a_sign_in_words_and_a_report_dated_in_its_heading() {
    let dxa = "EXAM: DXA BONE MINERAL DENSITY, AXIAL SKELETON\nDATE: 04/07/2026\nHX: 71F, \
               postmenopausal. Prior DXA 03/2023.\nLumbar spine L1-L4: BMD 0.742 g/cm2, T-score \
               -2.7, Z-score -0.9.\nLeft femoral neck: BMD 0.598 g/cm2, T-score -2.1.\n\
               IMPRESSION: Osteoporosis based on lumbar spine T-score of -2.7.";
    expect(
        dxa,
        &[
            (
                "DXA on April 7, 2026 showed osteoporosis with a lumbar spine T-score of minus \
                 2.7.",
                Supported,
            ),
            ("The lumbar spine T-score was minus 2.1.", Contradicted),
        ],
    );
}

#[test]
fn brand_and_spelling_variants_of_procedures_and_drugs() {
    let meds = "DISCHARGE MEDICATIONS. Scheduled:\n- Morphine sulfate extended-release 15 mg PO \
                q12h (0800/2000) for pain\n- Senna 8.6 mg 2 tabs PO qHS";
    expect(
        meds,
        &[
            (
                "Her discharge pain regimen includes MS Contin 15 mg twice daily.",
                Supported,
            ),
            (
                "Her discharge pain regimen includes MS Contin 30 mg twice daily.",
                Contradicted,
            ),
        ],
    );
    let tap = "PROCEDURE: US-guided L thoracentesis. FLUID: 1,500 mL serosanguinous fluid \
               removed. ALBUMIN: none.";
    expect(
        tap,
        &[
            (
                "Ultrasound-guided left thoracentesis removed 1.5 L of serosanguineous fluid.",
                Supported,
            ),
            ("The fluid removed was serosanguineous.", Supported),
        ],
    );
    let para = "PROCEDURE: Ultrasound-guided paracentesis. RESULTS: 4.2 L of straw-colored \
                ascitic fluid removed.\nALBUMIN: 25 g IV albumin 25% given post-procedure.";
    expect(
        para,
        &[("25 g of IV albumin was given afterward.", Supported)],
    );
    let cath = "CARDIAC CATHETERIZATION REPORT. Intervention: 3.0 x 18 mm Xience DES deployed in \
                the proximal LAD.";
    expect(
        cath,
        &[(
            "A drug-eluting stent was deployed in the proximal LAD.",
            Supported,
        )],
    );
}

#[test]
fn a_value_in_another_unit_matches_to_the_claims_rounding() {
    let note = "PRE-OP VISIT. Vitals: Wt 283 lb, Ht 5'7\", BMI 44.3. BP 134/82, HR 80.";
    expect(
        note,
        &[
            (
                "Her preoperative weight was 128.4 kg, corresponding to a BMI of 44.3 kg/m2.",
                Supported,
            ),
            ("Her preoperative weight was 130.4 kg.", Contradicted),
        ],
    );
}

#[test]
fn micrograms_for_milligrams_in_a_dose_rate_is_a_unit_slip() {
    let note = "MICU ADMISSION NOTE - TOXICOLOGY. 27M found unresponsive; EMS: RR 4, SpO2 72%, \
                pinpoint pupils; IN naloxone 4 mg with partial response. Per roommate took \
                \"oxy\" pills and possibly methadone from a friend.\nED course: Naloxone 0.4 mg \
                IV x2 -> RR 14, GCS 14. UDS: fentanyl +, methadone +.\nGiven long-acting opioid \
                (methadone), naloxone infusion started 01:30 at 0.3 mg/h (~2/3 of the effective \
                reversal dose per hour); titrate by 0.1 mg/h q30min to RR >=12.";
    expect(
        note,
        &[
            (
                "Because of suspected methadone co-ingestion, a naloxone infusion was started at \
                 0.3 mcg/h.",
                Contradicted,
            ),
            ("A naloxone infusion was started at 0.3 mg/h.", Supported),
        ],
    );
}

#[test]
fn a_denial_of_one_side_is_no_denial_of_both() {
    let hus = "HEAD ULTRASOUND (NEONATAL). Findings:\nLeft: Grade II intraventricular hemorrhage \
               seen on prior studies is retracting.\nRight: No germinal matrix or \
               intraventricular hemorrhage.\nNo periventricular leukomalacia.\nImpression:\n1. \
               Evolving left grade II IVH.\n2. No PVL.";
    expect(
        hus,
        &[
            (
                "Serial head ultrasounds showed no intraventricular hemorrhage or \
                 periventricular leukomalacia.",
                Contradicted,
            ),
            (
                "Head ultrasound showed no periventricular leukomalacia.",
                Supported,
            ),
        ],
    );
    // The same in abbreviations.
    expect(
        "HEAD ULTRASOUND (NEONATAL). Impression: 1. Evolving left grade II IVH. 2. No PVL.",
        &[(
            "Head ultrasound showed no intraventricular hemorrhage.",
            Contradicted,
        )],
    );
}

#[test]
fn a_denied_test_no_source_names_says_nothing_of_its_first_words() {
    let note = "TRANSPLANT CLINIC. 60F, 2 mo s/p DDLT. CMV D+/R- (high risk), on valganciclovir \
                prophylaxis. Tacrolimus trough 8.2.";
    let cmv = judge(
        note,
        "CMV PCR was undetectable at the 2-month post-transplant visit.",
    );
    assert_ne!(cmv, Contradicted);
    let egd = "PRE-OP EGD: mild esophagitis, small hiatal hernia. Sleep study testing done \
               11/2025: moderate OSA, CPAP.";
    assert_ne!(
        judge(egd, "Preoperative H. pylori testing was negative."),
        Contradicted
    );
}

#[test]
fn a_drug_states_its_class() {
    let note =
        "Antithrombotics:\n- Apixaban (Eliquis) 5 mg BID - adherent.\n- Aspirin 81 mg daily \
                - CONTINUE per cardiology.\n- Clopidogrel: stopped 03/2020 after 12 mo DAPT.";
    expect(
        note,
        &[
            (
                "She is not taking any antiplatelet agent alongside apixaban.",
                Contradicted,
            ),
            ("She is on an anticoagulant.", Supported),
        ],
    );
}

#[test]
fn a_cue_in_parentheses_after_a_value_qualifies_the_test() {
    let note = "MEDICINE PROGRESS NOTE - HD#2. 19F admitted 11/08 after ingesting ~15 g \
                acetaminophen. 8-h APAP level 98 mcg/mL.\nTx: IV acetylcysteine (NAC) 21-h \
                protocol started 11/08 10:15, completed 11/09 07:15.\nEnd-of-protocol labs (11/09 \
                07:00): APAP <10 mcg/mL (undetectable), AST 38, ALT 41, INR 1.1.\nAssessment: \
                Acute APAP ingestion - NAC completed; stopping criteria met (APAP undetectable, \
                AST normal and stable, INR <2, asymptomatic).\nPlan:\n- Stop NAC.";
    expect(
        note,
        &[(
            "She completed the 21-hour IV Acetadote protocol for Tylenol overdose, with an \
             undetectable acetaminophen level at the end.",
            Supported,
        )],
    );
}

#[test]
fn a_reference_range_is_no_reading() {
    let lab = "LABORATORY REPORT - THERAPEUTIC DRUG MONITORING\nTest: Lithium, serum (mEq/L)   \
               Therapeutic 0.6-1.2; toxic >1.5; critical >2.5\n10/01/2026 18:20 (ED arrival) \
               ....... 2.4   (H)\n10/01/2026 22:30 .................... 3.1   (CRITICAL)\n\
               10/02/2026 02:45 .................... 2.9   (CRITICAL)";
    expect(
        lab,
        &[(
            "Her serum lithium peaked at 3.1 mEq/L and she underwent hemodialysis.",
            PartiallySupported,
        )],
    );
}

#[test]
fn a_result_stated_with_a_cue_is_answered_by_the_result_not_a_heading() {
    let note = "ALLERGY/IMMUNOLOGY - PCN ALLERGY EVALUATION. HPI: 46F with reported PCN allergy \
                (childhood rash).\nSKIN TESTING (PRE-PEN + PCN G 10,000 U/mL):\nPrick: PRE-PEN \
                neg, PCN G neg. Histamine control positive (5 mm). Saline neg.\nASSESSMENT: \
                Penicillin skin testing negative; tolerated amoxicillin challenge. Not penicillin \
                allergic.";
    expect(
        note,
        &[
            ("Penicillin skin testing was positive.", Contradicted),
            ("Penicillin skin testing was negative.", Supported),
        ],
    );
}

#[test]
fn normal_says_something_only_of_what_it_is_said_of() {
    let pft = "PULMONARY FUNCTION TESTING\nSPIROMETRY (pre-BD only):\nFVC 2.41 L (68% pred; LLN \
               80%)\nFEV1 2.05 L (71% pred)\nFEV1/FVC 0.85 (normal ratio)\nLUNG VOLUMES (pleth): \
               TLC 3.52 L (70% pred).\nINTERPRETATION: Abnormal study. Moderate restrictive \
               ventilatory defect (reduced TLC) with normal FEV1/FVC ratio.";
    expect(
        pft,
        &[
            (
                "Pulmonary function testing showed normal spirometry and normal lung volumes.",
                PartiallySupported,
            ),
            ("The FEV1/FVC ratio was normal.", Supported),
        ],
    );
    expect(
        "MRI BRAIN W/WO CONTRAST. Impression: normal MRI of the brain.",
        &[("The MRI of the brain was normal.", Supported)],
    );
}

#[test]
fn intervals_in_weeks_and_biologic_brands() {
    let plan = "PLAN:\n1. Start Xolair 300 mg SC q2 weeks per dosing table. First dose given in \
                clinic today, observed 2 h; no reaction.";
    expect(
        plan,
        &[
            (
                "Omalizumab 300 mg subcutaneously every two weeks was started, with the first \
                 dose given in clinic.",
                Supported,
            ),
            (
                "Omalizumab 300 mg subcutaneously every four weeks was started.",
                Contradicted,
            ),
        ],
    );
    expect(
        "Dupilumab 300 mg SC q4wk.",
        &[("Dupixent 300 mg every 4 weeks.", Supported)],
    );
    expect(
        "ED: EMS found pt somnolent, GCS 6 (E1V1M4). Intubated in ED for airway protection.",
        &[(
            "He was intubated for airway protection with a Glasgow Coma Scale of 6.",
            Supported,
        )],
    );
}

#[test]
fn a_cue_after_a_labels_colon_answers_the_whole_label() {
    let lab = "LABORATORY / MICROBIOLOGY SUMMARY. Pt: 67M, AML D18 of induction.\nAspergillus \
               galactomannan antigen (serum), collected 10/19: NEGATIVE (index 0.12; positive \
               cutoff >= 0.5)\nBlood culture 10/19 set 1: 1 of 2 bottles positive for \
               coagulase-negative Staphylococcus, likely contaminant.";
    expect(
        lab,
        &[
            (
                "Serum Aspergillus galactomannan was positive.",
                Contradicted,
            ),
            ("Serum Aspergillus galactomannan was negative.", Supported),
        ],
    );
}

#[test]
fn what_a_study_was_for_is_no_anchor_for_a_finding() {
    let ct = "CT ABDOMEN AND PELVIS WITH IV CONTRAST 03/17/2026\nIndication: 46F POD6 s/p total \
              laparoscopic hysterectomy, lower abdominal pain, low-grade temp 38.0 C. Eval for cuff \
              hematoma/abscess.\n\
              Findings:\nPelvis: Post-hysterectomy changes. Vaginal cuff is smoothly thickened, \
              expected postoperative appearance; no vaginal cuff hematoma, fluid collection, or \
              abscess.\nAbdominal wall: 1.8 x 1.2 cm hematoma in the L lower quadrant port site.\n\
              IMPRESSION:\n1. No vaginal cuff hematoma or abscess.\n2. Small LLQ port-site \
              subcutaneous hematoma.";
    expect(
        ct,
        &[
            (
                "Postoperative CT showed a vaginal cuff hematoma.",
                Contradicted,
            ),
            (
                "Postoperative CT showed no vaginal cuff hematoma.",
                Supported,
            ),
        ],
    );
}

#[test]
fn readings_placed_alike_are_told_apart_by_the_claims_time_point() {
    let ed = "EMERGENCY DEPARTMENT PROVIDER NOTE. Arrival: 13:05. CC: R wrist pain after FOOSH.\n\
              Triage VS: BP 142/86, HR 112, RR 18, T 36.8 C, SpO2 99% RA. Pain 8/10.\nED course: \
              Ibuprofen 600 mg PO at 13:25. Sugar-tong splint applied 14:10.\nRepeat VS 14:30: \
              BP 128/80, HR 88, SpO2 99% RA. Pain 3/10.";
    expect(
        ed,
        &[
            ("Triage heart rate was 88 bpm.", Contradicted),
            ("Triage heart rate was 112 bpm.", Supported),
        ],
    );
}

#[test]
fn a_reports_conclusion_outweighs_a_detail() {
    let cyto =
        "CYTOGENETICS REPORT - BONE MARROW\nClinical: 78F, refractory macrocytic anemia; r/o \
                MDS.\nKaryotype: 46,XX,del(5)(q13q33)[14]/46,XX[6]\nINTERPRETATION: ABNORMAL \
                female karyotype. An interstitial deletion of the long arm of chromosome 5 was \
                found in 14 of 20 metaphases; the remaining 6 metaphases showed a normal female \
                karyotype.";
    expect(
        cyto,
        &[
            (
                "Bone marrow cytogenetics showed a normal female karyotype.",
                Contradicted,
            ),
            (
                "Bone marrow cytogenetics showed an abnormal female karyotype.",
                Supported,
            ),
        ],
    );
}

#[test]
fn a_claim_at_discharge_is_not_answered_by_the_arrival() {
    let croup = "PEDIATRIC ED DISCHARGE NOTE - Croup. 22 mo F, wt 12 kg.\nOn arrival 01:40: barky \
                 cough, inspiratory stridor at rest, mild suprasternal retractions, SpO2 98% RA.\n\
                 Tx: Dexamethasone 0.6 mg/kg PO at 01:55.\nReassessment 05:15: no stridor at rest, \
                 no retractions, barky cough persists.\nDischarge: home with parents. Return \
                 immediately for stridor at rest, drooling, retractions.";
    expect(
        croup,
        &[
            (
                "At discharge she still had inspiratory stridor at rest.",
                Contradicted,
            ),
            ("She had inspiratory stridor at rest on arrival.", Supported),
        ],
    );
}

#[test]
fn negative_for_a_list_denies_every_item() {
    let ua =
        "URINALYSIS (clean catch)\n  Protein negative, glucose negative\n  Nitrite NEGATIVE\n  \
              Leukocyte esterase NEGATIVE\nBlood culture set 1: 1 of 2 bottles positive.";
    expect(
        ua,
        &[(
            "Urinalysis was negative for nitrites and leukocyte esterase.",
            Supported,
        )],
    );
}

#[test]
fn a_generic_head_and_a_lay_abbreviation() {
    let note = "PROGRESS NOTE. O: T 37.4, HR 98, BP 124/70, RR 16.\nMeds: Hydromorphone PCA: 0.2 \
                mg demand dose, 10 min lockout, no basal.";
    expect(
        note,
        &[(
            "He was managed with a hydromorphone PCA at a 0.2 mg demand dose with a 10-minute \
             lockout and no basal rate.",
            Supported,
        )],
    );
    let pt = "PHYSICAL THERAPY TREATMENT NOTE. S: Denies dizziness or vertigo.\nGait training: \
              300 ft w/ SPC, no LOB, decreased step length R.";
    expect(
        pt,
        &[
            (
                "During gait training there was no loss of balance.",
                Supported,
            ),
            (
                "During gait training he had a loss of balance.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn a_time_of_day_beside_the_claims_other_values_may_be_another_events() {
    let note =
        "ED NURSING NOTE. Pt: 64 y/o M, dosing wt 80 kg.\n17:15 Sepsis alert called by triage \
                RN.\n17:35 Lactated Ringer's 30 mL/kg = 2.4 L ordered, started wide open via \
                pressure bag.\n18:40 Fluid bolus complete, total LR infused 2.4 L. Lungs clear.";
    expect(
        note,
        &[
            (
                "He received a 2,400 mL lactated Ringer's bolus (30 mL/kg), completed by 18:40.",
                Supported,
            ),
            (
                "He received a 2,400 mL lactated Ringer's bolus (30 mL/kg), completed by 19:40.",
                Contradicted,
            ),
        ],
    );
}

#[test]
fn dat_is_the_direct_antiglobulin_test() {
    let workup =
        "TRANSFUSION REACTION WORKUP. Pt: 71M, known alloantibody anti-E (antibody screen \
                  positive).\nWorkup:\n- Clerical check: no discrepancy\n- Post-transfusion DAT: \
                  negative (IgG and C3)\n- Plasma visual check: no hemolysis";
    expect(
        workup,
        &[
            (
                "The post-transfusion direct antiglobulin test was positive.",
                Contradicted,
            ),
            (
                "The post-transfusion direct antiglobulin test was negative.",
                Supported,
            ),
        ],
    );
}

#[test]
fn lactic_acid_is_lactate() {
    expect(
        "ED LABS. Lactic acid 4.1 mmol/L (H). Na 134 mmol/L.",
        &[
            ("Initial lactate was 4.1 mmol/L.", Supported),
            ("Initial lactate was 2.1 mmol/L.", Contradicted),
        ],
    );
}

/// "Pre-op:" and "post-op" name two time points: a claim about one is not judged by the
/// other's values, and the label of a line covers every sentence of that line.
#[test]
fn pre_and_post_operative_values_are_other_time_points() {
    let note = "RETINA POST-OP DAY 1, 01/21/2026. s/p PPV, right eye (OD) on 01/20/2026.\nPre-op: VA OD 20/200, OS 20/30; IOP OD 14, OS 21.\nToday: no pain.\nVA cc: OD 20/25; OS 20/30.\nIOP (Tonopen): OD 16 mmHg, OS 21 mmHg.";
    expect(
        note,
        &[
            (
                "On post-op day 1, the IOP in the right eye was 16 mmHg.",
                Supported,
            ),
            (
                "On post-op day 1, visual acuity in the right eye was 20/25.",
                Supported,
            ),
            ("Preoperative IOP in the right eye was 14.", Supported),
            (
                "On post-op day 1, the IOP in the right eye was 14 mmHg.",
                Contradicted,
            ),
        ],
    );
}

/// The date of what comes next is the one a sentence about what comes next gives, even
/// when another sentence holds the claim's dose with its own date; and "no injection-site
/// reaction" denies a reaction, not the injection.
#[test]
fn next_dose_date_and_injection_site() {
    let note = "LAI CLINIC NOTE 04/14/2026. Today: paliperidone palmitate 156 mg IM given in the R deltoid at 11:05, 04/14/2026; tolerated, no injection-site reaction. Next dose due 05/12/2026 (q4 weeks).";
    expect(
        note,
        &[
            (
                "His next paliperidone palmitate 156 mg injection is due on May 12, 2026.",
                Supported,
            ),
            (
                "His next paliperidone palmitate 156 mg injection is due on May 19, 2026.",
                Contradicted,
            ),
            ("He received a paliperidone palmitate injection.", Supported),
            ("He had an injection-site reaction.", Contradicted),
        ],
    );
}

/// Drops are an amount of their own ("4 drops" is no "4 mL"), eye and ear drops are known
/// by their brands, and the shorthand of eye, ear and antenatal notes is read.
#[test]
fn drops_and_the_shorthand_of_eyes_ears_and_antenatal_testing() {
    expect(
        "ENT CLINIC. A/P: L acute otitis externa. Ciprodex otic suspension: 4 drops in L ear BID x 7 days.",
        &[
            ("Ciprodex 4 mL was instilled into the left ear twice daily.", Contradicted),
            ("Ciprodex 4 drops into the left ear twice daily.", Supported),
        ],
    );
    expect(
        "GLAUCOMA CLINIC. POAG OU. Meds: latanoprost 0.005% 1 gtt OU qhs.",
        &[(
            "She uses Xalatan one drop in each eye at bedtime.",
            Supported,
        )],
    );
    expect(
        "EXAM: R TM bulging, erythematous, with purulent effusion. L TM normal. Pupils equal and brisk, no RAPD.",
        &[
            ("The left tympanic membrane was bulging.", Contradicted),
            ("The right tympanic membrane was bulging.", Supported),
            ("There was a right relative afferent pupillary defect.", Contradicted),
        ],
    );
    expect(
        "NEWBORN ADMISSION NOTE. Apgars 8 and 9 at 1 and 5 min.\nMeasurements: BW 3450 g (55th %ile), length 51 cm (64th %ile), HC 34.5 cm (48th %ile).",
        &[
            ("Birth weight was 3.45 kg.", Supported),
            ("Birth weight was 3.54 kg.", Contradicted),
        ],
    );
    expect(
        "ANTENATAL TESTING. NST: baseline 135 bpm, moderate variability. Interpretation: reactive NST.",
        &[
            ("The nonstress test was nonreactive.", Contradicted),
            ("The nonstress test was reactive.", Supported),
        ],
    );
}

/// "below 0.01" and "less than 0.01" say what "<0.01" says.
#[test]
fn below_a_small_limit_is_written_either_way() {
    expect(
        "THYROID FUNCTION PANEL 03/30/2026.\nTSH: <0.01 mIU/L (L; ref 0.45-4.50).\nFree T4: 3.4 ng/dL (H; ref 0.8-1.8).\nTroponin I: <0.01 ng/mL.",
        &[
            ("Free T4 was 3.4 ng/dL with TSH below 0.01 mIU/L.", Supported),
            ("Troponin I was less than 0.01 ng/mL.", Supported),
            ("TSH was detectable.", Contradicted),
        ],
    );
}

/// "Negative pressure wound therapy" is a device (the wound VAC), not a denial of pressure.
#[test]
fn negative_pressure_wound_therapy_is_a_device() {
    expect(
        "WOUND CARE NOTE. Sacral wound 6 x 4 cm. NPWT (wound VAC) at 125 mmHg continuous, dressing changes M/W/F by home health RN.",
        &[
            (
                "Negative pressure wound therapy at 125 mmHg continuous.",
                Supported,
            ),
            ("Negative pressure wound therapy at 150 mmHg continuous.", Contradicted),
        ],
    );
}

/// A bare number placed near a claim's duration is a day's place ("DOL 28"), not a rival
/// of the duration the source writes in days; and a duration after a denied thing ends the
/// denial ("without desaturations x 10 days prior to d/c" does not deny the discharge).
#[test]
fn a_day_of_life_is_no_duration() {
    let note = "NICU DISCHARGE SUMMARY. Baby girl, ex-29w5d (BW 1,210 g), now DOL 38, PMA 35w1d. Discharge date 10/18/2026.\nResp: RDS; surfactant x1 via INSURE on DOL 0. CPAP x 9 days, then NC 1 L -> weaned from NC 0.5 L to RA on DOL 28 (10/08); in RA without desaturations x 10 days prior to d/c. Caffeine citrate d/c'd DOL 30 (10/10); no A/B/D events x 8 days off caffeine.";
    expect(
        note,
        &[
            // (Its "breathing" and "going home" are the note's words nowhere.)
            (
                "She had been breathing room air with no supplemental oxygen for ten days before going home.",
                PartiallySupported,
            ),
            ("She was on room air for ten days before discharge.", Supported),
            (
                "She was on room air for twelve days before discharge.",
                Contradicted,
            ),
        ],
    );
}

/// A date in the claim's own unit placed best, with the claim's date nowhere in the
/// sources, disagrees even when few of the claim's words sit beside it.
#[test]
fn a_follow_up_date_placed_best_disagrees() {
    let note = "RETINA CLINIC 02/14/2026. R CRVO with macular edema.\nVA cc: OD 20/80, OS 20/20. IOP 17 OD, 15 OS.\nProcedure: intravitreal bevacizumab 1.25 mg OD, injection #2.\nPlan: monthly bevacizumab OD x 3 then treat-and-extend.\nRTC retina 03/14/2026 for OCT OD and injection #3; sooner for pain or vision loss.";
    expect(
        note,
        &[
            (
                "Retina follow-up with OCT and the third injection is scheduled for March 17, 2026.",
                Contradicted,
            ),
            (
                "Retina follow-up with OCT is scheduled for March 14, 2026.",
                Supported,
            ),
        ],
    );
}

/// Hemiparesis is weakness of one side, and "right-sided" says what "right" says: a
/// claim's side of the weakness is checked against the side of the hemiparesis.
#[test]
fn hemiparesis_is_one_sided_weakness() {
    let note = "DISCHARGE SUMMARY - STROKE NEUROLOGY. 64 y/o M, R-handed, with HTN, T2DM, HLD, presented 03/30/2026 with acute L arm and leg weakness and L facial droop, LKW 09:10. NIHSS 7.\nCT head without contrast: no hemorrhage. CTA: R M2 inferior division occlusion. IV tenecteplase 0.25 mg/kg (total 22 mg) at 10:05; mechanical thrombectomy TICI 2b at 11:20.\nMRI 03/31: acute infarct R MCA territory (R frontal/parietal cortex and R corona radiata), 22 mL; petechial hemorrhagic transformation (HI1), asymptomatic.\nEtiology: cardioembolic - paroxysmal AFib on telemetry day 2.\nDeficits at discharge: mild L hemiparesis (LUE 4/5, LLE 4+/5), L neglect resolving. NIHSS 3.\nMeds: apixaban 5 mg BID started day 5 after repeat CT stable; atorvastatin 80 mg; metformin 1,000 mg BID; lisinopril 10 mg.\nDispo: acute inpatient rehab. h/o right shoulder rotator cuff repair 2019 (for PT awareness).";
    expect(
        note,
        &[
            (
                "Right MCA territory infarct with residual right-sided weakness.",
                Contradicted,
            ),
            ("Mild left weakness at discharge.", Supported),
        ],
    );
}

/// "Then aspirin alone" is "followed by aspirin monotherapy".
#[test]
fn monotherapy_is_a_drug_alone() {
    expect(
        "Treatment: clopidogrel 300 mg PO load given in ED, then aspirin 81 mg PO daily + clopidogrel 75 mg PO daily x 21 days, followed by aspirin 81 mg monotherapy.",
        &[(
            "Discharged on aspirin 81 mg plus clopidogrel 75 mg daily for three weeks, then aspirin alone.",
            Supported,
        )],
    );
}

/// After a specimen, "cx" is a culture ("Blood cx x2: no growth"); elsewhere it is left as
/// written (in a labour note it is the cervix).
#[test]
fn cx_after_a_specimen_is_a_culture() {
    let note = "UROLOGY PROGRESS NOTE 04/07/2026. s/p L PCN 04/05.\nMicro:\n  - Urine cx (bladder, 04/05): positive, E. coli >100,000 CFU/mL.\n  - Blood cx x2 (04/05): no growth to date at 48 h (NGTD).\nA/P: Obstructive pyelo, improving.";
    expect(
        note,
        &[
            (
                "Blood cultures drawn on admission were positive.",
                Contradicted,
            ),
            ("Blood cultures were negative.", Supported),
        ],
    );
}

/// Hives are urticaria (not HIV), and a sentence continues the ones it follows after a
/// semicolon: "tolerated oral challenge with amoxicillin; observed 60 minutes; no urticaria"
/// denies hives during the challenge, whatever "Sulfonamide antibiotics - hives (2011)".
#[test]
fn hives_denied_after_a_semicolon_of_the_challenge() {
    let note = "ALLERGY LIST (updated 02/20/2026 16:05 by inpatient pharmacy).\n1. Penicillins - REMOVED 02/20/2026. Reason: tolerated direct oral challenge with amoxicillin 500 mg; observed 60 minutes; no urticaria, angioedema, wheeze or hypotension. Original reaction: rash in childhood, details unknown. PEN-FAST score 1 (low risk).\n2. Sulfonamide antibiotics - hives (2011). Status: active, verified.\n3. Shellfish - mild oral itching. Status: active (intolerance).\nLatex: no known allergy.\nPatient and daughter informed that penicillins and cephalosporins may be used in the future; wallet card updated.";
    expect(
        note,
        &[
            (
                "She developed hives during the oral amoxicillin challenge on 02/20.",
                Contradicted,
            ),
            (
                "She had hives with sulfonamide antibiotics in 2011.",
                Supported,
            ),
        ],
    );
    // (And HIV is not hives, whatever their stems.)
    expect(
        "PrEP INITIATION VISIT 06/10/2026. Today: rapid HIV-1/2 Ag/Ab (POC) nonreactive; lab HIV-1 RNA sent. No urticaria.",
        &[("The rapid HIV-1/2 Ag/Ab test was nonreactive.", Supported)],
    );
}

/// "Arthrocentesis of the left knee" is a left knee arthrocentesis: against a right knee
/// arthrocentesis it is the other side, whatever the left knee's old arthroplasty.
#[test]
fn the_word_before_of_the_side_has_the_side() {
    let note = "RHEUM URGENT VISIT 03/24/2026. 70 y/o M w/ CPPD, h/o L knee TKA 2019 (no issues), CKD 3a, on apixaban for AFib.\nS: R knee pain and swelling x 3 d, no trauma. No fever.\nO: T 37.2 C. R knee warm, moderate effusion, ROM 10-90 deg, painful. L knee (TKA) well-healed scar, no effusion.\nProcedure: R knee arthrocentesis, lateral suprapatellar approach, sterile prep, 1% lidocaine. Aspirated 45 mL cloudy yellow fluid. Sent for cell count, crystals, Gram stain and culture. Injected triamcinolone 40 mg after Gram stain negative.\nSynovial fluid (prelim): WBC 18,400, 82% PMNs; rhomboid positively birefringent crystals (CPPD). Gram stain: no organisms.\nA/P: acute CPP crystal arthritis (pseudogout) R knee. Ice, rest. Culture f/u. RTC 2 wk.";
    expect(
        note,
        &[
            (
                "Arthrocentesis of the left knee yielded 45 mL of cloudy fluid with CPPD crystals.",
                Contradicted,
            ),
            (
                "Arthrocentesis of the right knee yielded 45 mL of cloudy fluid.",
                Supported,
            ),
        ],
    );
}

/// "Injected triamcinolone 40 mg after Gram stain negative": the negative result is the
/// Gram stain's; the injection before "after" is another event.
#[test]
fn a_result_after_after_is_not_the_earlier_event() {
    expect(
        "Procedure: R knee arthrocentesis. Aspirated 45 mL cloudy yellow fluid. Injected triamcinolone 40 mg after Gram stain negative.",
        &[
            ("Triamcinolone 40 mg was injected.", Supported),
            ("The Gram stain was negative.", Supported),
        ],
    );
}

/// Drug shorthand of rheumatology and stroke notes (MTX, HCQ, SSZ, MMF, AZA, NAC, tPA,
/// TNK), and "examination" is a framing word like "exam".
#[test]
fn drug_shorthand_and_examination() {
    expect(
        "RHEUM F/U. PsA with recent flare; started prednisone 15 mg daily by urgent care.\nExam:\n- Hands: no synovitis; Heberden nodes bilat.\nA/P:\n- MTX 17.5 mg PO weekly continued; folic acid 1 mg daily.\n- HCQ 200 mg BID.",
        &[
            ("Methotrexate was continued at 15 mg PO weekly.", Contradicted),
            ("Methotrexate was continued at 17.5 mg PO weekly.", Supported),
            ("Hydroxychloroquine 200 mg twice daily.", Supported),
            ("Examination of her hands found no synovitis.", Supported),
        ],
    );
}

/// "Positive for ischemia" states a finding (not what a test was for), and what a study's
/// protocol names ("PULMONARY EMBOLISM PROTOCOL") is no finding against "negative for".
#[test]
fn positive_for_is_a_finding_and_a_protocol_is_none() {
    expect(
        "EXERCISE TREADMILL STRESS TEST (Bruce protocol) 08/24/2026\n56 y/o M with exertional chest tightness, HTN, HLD. Baseline ECG: sinus 72, normal axis, no ST abnormality.\nExercise: 8:15 min, stage 3, 10.1 METs. Peak HR 152 (93% of MPHR). Peak BP 188/84. Stopped for fatigue and chest tightness.\nECG: 2.0 mm horizontal ST depression in II, III, aVF, V4-V6 beginning at 6:30, persisting 6 min into recovery.\nArrhythmias: rare PVCs; negative for sustained arrhythmia.\nSymptoms: typical angina at peak, resolved at 4 min of recovery.\nDuke treadmill score -5.75 (intermediate risk).\nIMPRESSION: Positive for ischemia by ECG criteria with typical angina. Good functional capacity. Recommend coronary CTA or invasive angiography.",
        &[
            ("The exercise stress test was negative for ischemia.", Contradicted),
            ("The exercise stress test was positive for ischemia.", Supported),
        ],
    );
    expect(
        "CT ANGIOGRAPHY CHEST - PULMONARY EMBOLISM PROTOCOL 10/08/2026 22:05\nFindings:\nPulmonary arteries: no filling defect in the main, lobar, segmental or subsegmental pulmonary arteries.\nIMPRESSION:\n1. No pulmonary embolism.\n2. RLL consolidation.",
        &[
            ("CTA chest was negative for pulmonary embolism.", Supported),
            ("CTA chest was positive for pulmonary embolism.", Contradicted),
        ],
    );
}

/// A fact of the admission is judged by the sentences naming the admission: "Admission
/// blood cultures showed no growth" against "Admission blood cultures 05/04: MSSA. Repeat
/// blood cultures 05/06: no growth".
#[test]
fn an_admission_fact_is_judged_by_the_admission_sentences() {
    let note = "DISCHARGE SUMMARY - CARDIOLOGY / ID\nAdmitted 05/04/2026; discharged 05/15/2026.\n42 y/o M with IVDU (heroin), presenting with fevers to 39.6 C, rigors and dyspnea.\nAdmission blood cultures 05/04 (2/2 sets): MSSA. Repeat blood cultures 05/06 and 05/07: no growth (first negative 05/06).\nTEE 05/05: 1.4 cm mobile vegetation on the tricuspid valve with severe TR; no aortic or mitral involvement; no perivalvular abscess.\nCT chest: multiple bilateral septic pulmonary emboli, some cavitary. No pneumothorax.\nAbx: vancomycin + cefepime -> cefazolin 2 g IV q8h from 05/05. Planned 6 weeks from first negative culture (through 06/17/2026).\nCT surgery consulted: no surgical indication at present.\nHIV neg, HCV Ab positive (RNA pending). Addiction medicine: started buprenorphine-naloxone 16-4 mg SL daily.\nDischarged to rehab facility with PICC (L basilic).";
    expect(
        note,
        &[
            ("Admission blood cultures showed no growth.", Contradicted),
            (
                "Repeat blood cultures on 05/06 showed no growth.",
                Supported,
            ),
        ],
    );
}

/// "Denies CP, orthopnea, PND, presyncope": a review of symptoms lists what it denies with
/// commas alone, until a verb of what is present ("denies SI/HI, endorses low mood").
#[test]
fn a_denied_comma_list() {
    let note = "HEART FAILURE CLINIC. Interval: feels well; walks 1 mile daily. NYHA class II. Denies CP, orthopnea, PND, presyncope. No ICD shocks. Mild ankle swelling at end of day.\nPSYCH: Denies SI/HI, endorses low mood.";
    expect(
        note,
        &[
            (
                "He reported no chest pain, orthopnea, or paroxysmal nocturnal dyspnea.",
                Supported,
            ),
            ("He had presyncope.", Contradicted),
            ("She endorses low mood.", Supported),
        ],
    );
    // Denying PND denies no other dyspnea.
    expect(
        "PRIMARY CARE 06/30/2026.\nHPI: Reports exertional SOB x 2 wk, walking 1 block (previously 1 mile). Denies chest pain, palpitations, orthopnea, PND. Mild ankle swelling in evenings.\nA/P: new dyspnea, suspect new HF.\n- ED if chest pain or rest dyspnea.",
        &[("Pt denies chest pain and shortness of breath.", Contradicted)],
    );
}

/// "9 PM" is 21:00 and "6 AM" 06:00; "max" is "maximum".
#[test]
fn am_and_pm_are_times_of_day() {
    expect(
        "CATH LAB RECOVERY 03/02/2026. Heparin drip stopped at 21:00. Sheath pulled at 23:30; hemostasis with manual pressure. Nitroglycerin max dose 200 mcg/min.",
        &[
            ("The heparin drip was stopped at 9 PM.", Supported),
            ("The heparin drip was stopped at 7 PM.", Contradicted),
            ("Nitroglycerin reached a maximum dose of 200 mcg/min.", Supported),
        ],
    );
}

/// A combination inhaler's strength written as a pair ("Symbicort 160/4.5") is the two
/// values a source writes one after the other ("160-4.5 mcg").
#[test]
fn a_strength_pair_written_apart() {
    expect(
        "DISCHARGE MEDICATIONS 09/18/2026\n1. Budesonide-formoterol 160 mcg-4.5 mcg/actuation inhaler: inhale 2 puffs twice daily; may use 1-2 additional puffs as needed for symptoms (max 12 puffs/day). Rinse mouth after use.\n2. Prednisone 40 mg tab: 1 tab PO daily x 1 more day (09/19).\n3. Cetirizine 10 mg PO daily.\n4. Sertraline 50 mg PO daily (home, unchanged).\n5. Norgestimate 0.25 mg-ethinyl estradiol 35 mcg tab PO daily (home, unchanged).\nDISCONTINUED: Albuterol HFA 90 mcg 2 puffs q4h PRN.\nAllergies: NKDA.",
        &[
            ("She was discharged on Symbicort 160/4.5, two puffs twice daily.", Supported),
            ("She was discharged on Symbicort 80/4.5, two puffs twice daily.", Contradicted),
        ],
    );
}

/// A value of four significant digits in a table row with no words beside it is found by
/// itself ("4812 (H) - peak" under "hs-Troponin I (ng/L)"); "hs-" is high-sensitivity.
#[test]
fn a_specific_number_in_a_bare_table() {
    let note = "CARDIAC BIOMARKERS - hs-Troponin I (ng/L; 99th percentile URL <26)\n05/21/2026 14:05 (ED arrival): 318 (H)\n05/21/2026 17:10: 2,390 (H)\n05/21/2026 23:30: 4812 (H, critical, called to RN Alvarez 23:52) - peak\n05/22/2026 06:15: 3,905 (H)\nCK-MB 05/21 23:30: 48.2 ng/mL (H).";
    expect(
        note,
        &[
            ("Peak hs-troponin I was 4,812 ng/L.", Supported),
            ("Peak hs-troponin I was 4,821 ng/L.", PartiallySupported),
        ],
    );
    expect(
        "OUTPATIENT LABS 06/02/2026. High-sensitivity CRP 4.2 mg/L. LDL 131 mg/dL.",
        &[("The hs-CRP was 4.2 mg/L.", Supported)],
    );
}

/// What a relative had ("Older brother had a rash on amoxicillin") states nothing of the
/// patient; a relative who reports ("Mother reports fever") speaks of the patient.
#[test]
fn a_relative_s_findings_are_not_the_patient_s() {
    let note = "PEDIATRIC SICK VISIT 09/29/2026. 7 y/o F with sore throat x 2 days, fever to 38.9 C, headache, abdominal pain. No cough or rhinorrhea. Classmate with strep.\nPMH: peanut allergy, mild persistent asthma (fluticasone 44 mcg 2 puffs BID). Allergies: NKDA; peanut (food).\nPrior abx: amoxicillin for AOM 2024, tolerated without reaction. Older brother had a rash on amoxicillin (not tested).\nVitals: T 38.4 C, HR 112, RR 20, SpO2 99% RA, Wt 23 kg.\nExam: tonsils 2+ with exudate, palatal petechiae, tender anterior cervical nodes. No rash. Lungs clear.\nRapid strep antigen: POSITIVE.\nAssessment: Streptococcal pharyngitis.\nPlan: amoxicillin 50 mg/kg once daily (max 1,000 mg) = 1,000 mg PO daily x 10 days. Acetaminophen 320 mg q6h PRN. Return to school after 12 h of antibiotics and afebrile.";
    expect(
        note,
        &[
            ("She had a rash on amoxicillin.", Contradicted),
            ("The rapid strep antigen was positive.", Supported),
        ],
    );
    let visit = "PEDIATRIC SICK VISIT. Mother reports fever to 39.1 C x 2 days and ear pulling. Father with asthma. Exam: R TM bulging.";
    expect(visit, &[("She had a fever to 39.1 C.", Supported)]);
    // (The asthma is the father's: nothing supports it of the patient.)
    let asthma = judge(visit, "The patient has asthma.");
    assert!(
        matches!(asthma, Unsupported | PartiallySupported),
        "the father's asthma supported the patient's: {asthma:?}"
    );
}

/// A claim at discharge speaks of the time after the operation: the home dose held before
/// it ("Home apixaban 5 mg PO BID held 48 h pre-op") is not the dose resumed.
#[test]
fn a_dose_at_discharge_is_not_the_pre_operative_one() {
    let note = "DISCHARGE SUMMARY. 82 y/o F, wt 57 kg, with permanent AFib, HTN, CKD 3b (Cr 1.6), admitted 01/26/2026 with L arm claudication and vertebrobasilar symptoms from L subclavian artery occlusion (subclavian steal).\nHome apixaban 5 mg PO BID held 48 h pre-op.\n01/28/2026: L carotid-subclavian bypass with 8 mm PTFE under GA; L radial A-line avoided, R radial used.\nPost-op: palpable L radial pulse; arm BP L 132/70 vs R 136/72. No hoarseness, no Horner's, no chyle leak.\nApixaban resumed POD 2 at 2.5 mg PO BID (dose-reduced: age >=80, wt <=60 kg, Cr >=1.5).\nAspirin 81 mg daily continued.\nDischarged 01/30/2026. F/u vascular clinic 2 weeks with duplex.";
    expect(
        note,
        &[
            (
                "Apixaban was resumed at 5 mg PO BID at discharge.",
                Contradicted,
            ),
            (
                "Apixaban was resumed at 2.5 mg PO BID at discharge.",
                Supported,
            ),
        ],
    );
}

/// A line labelled as earlier results ("Prior: 12/08 Plt 118, INR 1.2; 12/09 Plt 126, INR
/// 1.1") holds earlier values in each of its sentences, however well they hold the claim's
/// other values.
#[test]
fn a_prior_label_covers_its_line() {
    let note = "LABS 12/10/2026 05:30: INR 1.1, aPTT 31 s. Plt 142 K/uL. Hgb 10.8 g/dL.\nPrior: 12/08 (POD 1) Plt 118 K/uL, INR 1.2; 12/09 (POD 2) Plt 126 K/uL, INR 1.1.\nFibrinogen 12/10: 410 mg/dL.\nBMP 12/10: Na 139, K 4.0, Cr 0.9 mg/dL.\nMg 2.0 mg/dL, Phos 3.1 mg/dL. Lactate 0.9 mmol/L.\nCSF (12/09, from drain): clear, WBC 1, glucose 64 mg/dL, protein 38 mg/dL.\nABG not repeated.\n12/10 06:00 UOP 24 h: 1,820 mL. Heparin anti-Xa not indicated (prophylactic subcut dosing).\nType and screen current through 12/11.";
    expect(
        note,
        &[
            ("INR 1.1, Plt 142 K/uL.", Supported),
            ("INR 1.1, Plt 126 K/uL.", Contradicted),
        ],
    );
}

/// The same drug's same written number in another unit is a unit slip of its dose, also
/// in compound units ("18 mg/kg/h" against "18 units/kg/h") and in millions of units ("2.4
/// mg" against "2.4 million units"); but a simple unit in a compound one is no slip ("266
/// mg" is in "Exparel 266 mg/20 mL").
#[test]
fn unit_slips_of_a_drug_s_dose() {
    expect(
        "VASCULAR SURGERY PROGRESS NOTE 05/21/2026 07:10. HD 1.\n74 y/o F with new AFib, presented 05/20 22:30 with acute L leg pain, pallor, paresthesias; Rutherford IIa acute limb ischemia. CTA: L CFA bifurcation embolus.\nStarted heparin gtt on arrival per VTE/embolism nomogram: 80 units/kg IV bolus then 18 units/kg/h; aPTT goal 60-85 s. First aPTT 72 s at 04:30.\nEnoxaparin 40 mg subcut ordered on admission for VTE ppx - discontinued (on heparin gtt).\nExam: L foot cool, monophasic DP doppler, sensation improving, motor 5/5.\nPlan: OR today for L femoral embolectomy under GA vs local + MAC; continue heparin gtt peri-op; TTE for cardiac source; cardiology for rate control.",
        &[(
            "Heparin infusion was started at 18 mg/kg/h after an 80 units/kg IV bolus.",
            Contradicted,
        )],
    );
    expect(
        "HIV CLINIC VISIT 07/22/2026. 31 y/o M with HIV (VL <20, CD4 540) on Biktarvy, MSM, on doxy-PEP intermittently.\nRoutine q3-month STI screen 07/15: RPR reactive 1:64 (prior 06/2025 nonreactive), TP-PA reactive. No chancre, rash, or neuro/ophthalmic/otic sx. Exam: no rash on palms/soles, no mucous patches, no lymphadenopathy; cranial nerves intact.\nAssessment: Early latent syphilis (seroconversion within 12 months), no neurosyphilis symptoms - LP not indicated.\nTreatment today: penicillin G benzathine (Bicillin L-A) 2.4 million units IM x1 (1.2 million units in each ventrogluteal site). Observed 30 min; no reaction. Jarisch-Herxheimer counseling given.\nAllergies: NKDA.\nPartner services referral done; 2 partners named.\nPlan: RPR at 3, 6, 12 months (expect >= 4-fold decline, i.e., <= 1:16, by 12 months). Continue Biktarvy.",
        &[
            (
                "He received benzathine penicillin G 2.4 mg IM once for early latent syphilis.",
                Contradicted,
            ),
            (
                "He received Bicillin L-A 2.4 million units IM once.",
                Supported,
            ),
        ],
    );
    expect(
        "OPERATIVE NOTE 04/20/2026. Surgeon: Dr. Reyes.\nDx: R CFA anastomotic pseudoaneurysm (3.6 cm) at prior aortobifemoral graft limb anastomosis (2018).\nProcedure: R groin exploration, excision of pseudoaneurysm, interposition with 8 mm Dacron graft.\nAnesthesia: GETA. Cefazolin 2 g IV + vancomycin 1 g IV pre-incision.\nFindings: suture line disruption, no purulence; cultures sent.\nLocal anesthetic: Exparel 266 mg/20 mL admixed with bupivacaine 0.25% 20 mL, infiltrated into the incision (subfascial and subcutaneous) before closure.\nEBL 350 mL. Palpable R DP at end of case.\nPost-op analgesia: acetaminophen 1 g PO q8h scheduled; oxycodone 5 mg PO q4h PRN; Dilaudid 0.5 mg IV q3h PRN breakthrough pain. No other local anesthetic for 96 h.",
        // (Its author accepted partial support: "liposomal" is Exparel's, no word of the note.)
        &[(
            "Liposomal bupivacaine 266 mg was infiltrated into the incision, with hydromorphone 0.5 mg IV every 3 hours as needed for breakthrough pain.",
            PartiallySupported,
        )],
    );
}

/// "Abnormalities", like "findings", is a generic head: "no epileptiform abnormalities" denies
/// what is epileptiform, which the report states.
#[test]
fn abnormalities_is_a_generic_head() {
    let note = "ROUTINE EEG REPORT. 11/10/2026. 40 min, awake, drowsy and stage N2 sleep; HV and photic performed.\nHistory: 44 y/o R-handed M, 2 episodes of unresponsiveness with lip smacking, one with secondary generalization.\nBackground: normal 9.5 Hz posterior dominant rhythm, symmetric and reactive. Normal sleep architecture with vertex waves and spindles.\nEpileptiform: frequent right temporal spikes and sharp waves (F8/T8, maximal T8), activated in sleep, ~15/hour. No generalized discharges.\nNo clinical or electrographic seizures.\nImpression: ABNORMAL EEG due to frequent right temporal epileptiform discharges, indicating an increased risk of focal-onset seizures from the right temporal region. Background otherwise normal.";
    expect(
        note,
        &[
            (
                "Routine EEG showed no epileptiform abnormalities and a normal background.",
                Contradicted,
            ),
            (
                "The EEG showed right temporal epileptiform discharges.",
                Supported,
            ),
        ],
    );
}

/// Of the sentences that state a sided finding as fully, one without the claim's values
/// that the best states speaks of another time: "rest tremor of the R hand first noticed in
/// spring 2022" answers "started in the left hand in 2022", not "over the past year a mild L
/// hand rest tremor".
#[test]
fn the_side_of_the_sentence_holding_the_claim_s_values() {
    let note = "MOVEMENT DISORDERS NEW PATIENT 12/01/2026.\n61 y/o L-handed M, retired carpenter, referred for tremor.\nHPI: rest tremor of the R hand first noticed in spring 2022 (difficulty holding newspaper), slowly progressive; over the past year a mild L hand rest tremor has appeared. Smaller handwriting. Reduced smell x 10 yrs. Acts out dreams (wife reports punching in sleep) since ~2018. Constipation.\nFHx: no PD. No neuroleptic exposure.\nExam: R>L rest tremor, R>L bradykinesia (finger taps decrement R), mild cogwheel rigidity R wrist, reduced R arm swing. Postural reflexes intact. Vertical saccades normal.\nDaTscan 11/20/2026: see report.\nDx: idiopathic Parkinson disease, R-predominant, H&Y 1.5, with probable RBD.\nPlan: start carbidopa-levodopa 25-100 mg 1/2 tab TID x 1 wk, then 1 tab TID. Melatonin 3 mg qHS, bed safety. PT/exercise program. RTC 3 months.";
    expect(
        note,
        &[
            (
                "His rest tremor started in the left hand in 2022.",
                Contradicted,
            ),
            (
                "His rest tremor started in the right hand in 2022.",
                Supported,
            ),
        ],
    );
}

/// What a denied thing would be to is not denied: "no injury to the left kidney" against
/// "left kidney intact"; an infinitive stays denied ("did not need to return to the OR").
#[test]
fn the_target_of_a_denial() {
    let sources = [
        source("doc-36097", "TRAUMA H&P 10/21/2026 01:05\n22 y/o M BIBA s/p single stab wound to the left flank at the posterior axillary line, level of the costal margin, ~2.5 cm. Unknown knife.\nPrimary: A patent. B equal breath sounds bilat. C HR 112, BP 108/64 -> HR 94, BP 124/76 after 1 L LR. D GCS 15. E single wound; no other injuries on log-roll.\nFAST negative (pericardial, RUQ, LUQ, pelvis). eFAST: lung sliding present bilaterally.\nAbd soft, mild TTP around wound, no peritonitis.\nLabs: Hgb 14.8, lactate 2.6, EtOH 182 mg/dL. UA: no hematuria.\nTetanus: last booster unknown -> Tdap 0.5 mL IM given.\nPMH none. NKDA. R-handed. Denies drug use.\nPlan: CT A/P with triple contrast to evaluate retroperitoneal/colon injury; if negative, admit for serial abdominal exams x 24 h.", "2026-05-08T18:00:00Z"),
        source("doc-36098", "CT ABDOMEN/PELVIS WITH IV, ORAL AND RECTAL CONTRAST 10/21/2026 02:10\nIndication: left flank stab wound.\nFindings: Left posterolateral flank soft tissue stranding and subcutaneous emphysema; wound tract ends within the posterior abdominal wall musculature and does not violate the peritoneum. No retroperitoneal hematoma. Left kidney intact without perinephric hematoma; no extravasation from the collecting system. Descending colon normal; no extraluminal rectal or oral contrast. Spleen intact. No free fluid, no free air.\nLung bases: no pneumothorax, no hemothorax. No rib fracture.\nIMPRESSION: Left flank stab wound tract confined to the abdominal wall musculature; no intraperitoneal or retroperitoneal injury.", "2026-05-08T18:00:00Z"),
        source("doc-36099", "VITAL SIGNS FLOWSHEET (Trauma bay / 6 West) 10/21/2026\n00:52 (arrival) HR 112, BP 108/64, RR 22, SpO2 99% RA, T 36.4 C, pain 7/10\n01:20 (post 1 L LR) HR 94, BP 124/76, RR 18, SpO2 99% RA\n04:00 HR 86, BP 122/70, RR 16, SpO2 98% RA, T 36.8 C\n08:00 HR 78, BP 118/72, RR 16, SpO2 98% RA, T 37.1 C, pain 3/10\n12:00 HR 80, BP 120/74, RR 14, SpO2 99% RA, T 37.6 C\n16:00 HR 76, BP 116/70, RR 16, SpO2 99% RA, T 37.0 C\nSerial abd exams: 04:00 soft; 08:00 soft; 12:00 soft, minimal TTP at wound; 16:00 soft. No peritonitis.", "2026-05-08T18:00:00Z"),
    ];
    let got = judge_with(
        &sources,
        "CT showed no retroperitoneal hematoma and no injury to the left kidney.",
        &["doc-36098"],
    );
    assert_eq!(got.support, Supported, "{got:?}");
    expect(
        "POD 2 after laparoscopic cholecystectomy. She did not return to the OR. Tolerating diet.",
        &[("She needed to return to the OR.", Contradicted)],
    );
}

/// A source cannot state a value of a day after it was written ("Home BP on the morning of
/// 05/03 was 152/98" against a summary written on 05/01); it can plan one (see
/// `next_dose_date_and_injection_site`).
#[test]
fn no_value_of_a_day_after_the_source() {
    let summary = source("doc-1", "OB POSTPARTUM DISCHARGE SUMMARY\nPt: 31 y/o G2P2002, PPD 3 s/p NSVD at 38w2d on 04/28/2026 (female infant 3,310 g, Apgars 8/9).\nDx: preeclampsia with severe features (BP 168/104 and 164/110, 4 h apart; HA) diagnosed on L&D 04/27.\nCourse: Magnesium sulfate 4 g IV load then 2 g/h x 24 h postpartum; no seizure activity. Mg level 5.8 mg/dL; DTRs 2+.\nNifedipine ER 30 mg PO daily started PPD 1. Labetalol 200 mg PO BID added PPD 2 for BPs 150s/100s; increased to 300 mg PO BID on PPD 3 for BP 154/102.\nBP range last 24 h 136-154/88-102; most recent 132/86 (05/01 12:00). Denies HA, visual changes, RUQ/epigastric pain. Lungs clear; trace bilateral LE edema.\nLabs: Plt nadir 142, ALT peak 41, Cr 0.72; no HELLP.\nPMH: migraine w/o aura; h/o L wrist fracture (2015, healed). NKDA. Rh pos, rubella immune.\nBreastfeeding; labetalol and nifedipine compatible with lactation.\nDischarge meds: see pharmacy-reconciled list.\nPlan: home BP cuff; BP check in OB clinic in 72 h (05/04/2026); call for BP >=160/110, severe HA, SOB or chest pain. Postpartum visit 06/09/2026.", "2026-05-01T15:20:00Z");
    let got = judge_with(
        std::slice::from_ref(&summary),
        "Home BP on the morning of 05/03 was 152/98.",
        &["doc-1"],
    );
    assert_ne!(got.support, Contradicted, "{got:?}");
}

/// Number words written as tens and units are one number ("forty-two minutes"), a duration
/// glued to "x" is one ("x24h"), and a day's place ("POD 2", "postpartum day two", "HD#3")
/// is a value of its own kind, never a rival of a reading.
#[test]
fn tens_and_units_glued_durations_and_days() {
    expect(
        "OPERATIVE NOTE. Date of surgery: 04/07/2026. Surgeon: Dr. Bergstrom.\nPre-op dx: 6.3 cm infrarenal AAA with short (6 mm) neck, not suitable for standard EVAR. Post-op dx: same.\nProcedure: open AAA repair, L retroperitoneal approach, 20 mm Dacron tube graft.\nAnesthesia: GETA + thoracic epidural T9-T10.\nHeparin 6,000 units IV. Clamp placed infrarenal; cross-clamp time 42 min (infrarenal). Renal arteries not clamped.\nIMA with brisk backbleeding, oversewn. Lumbar arteries oversewn x4.\nTotal OR time 4 h 12 min. EBL 700 mL; cell saver 350 mL returned.\nDistal pulses: dopplerable DP/PT bilat at end of case, unchanged from pre-op.\nDispo: SICU extubated.",
        &[
            ("On April 7, 2026, the infrarenal aortic cross-clamp time was forty-two minutes.", Supported),
            (
                "On April 7, 2026, the infrarenal aortic cross-clamp time was forty-eight minutes.",
                Contradicted,
            ),
        ],
    );
    expect(
        "POSTPARTUM PROGRESS NOTE. Magnesium: gtt 2 g/hr started 04/01; delivered 04/03; continued x24h postpartum and d/c'd 04/04/2026.",
        &[
            ("Magnesium was continued for twenty-four hours postpartum.", Supported),
            ("Magnesium was continued for forty-eight hours postpartum.", Contradicted),
        ],
    );
    expect("POSTPARTUM PROGRESS NOTE - PPD#2  04/05/2026 07:15\n28yo G1P1 s/p pLTCS 04/03 for NRFHT, course c/b PEC w/ SF. Mg completed 04/04.\n\nS: HA present on admission has resolved. Today denies HA, visual changes, RUQ/epigastric pain, SOB, CP. Pain 3/10 at incision, controlled w/ ibuprofen/APAP. Tolerating regular diet, +flatus, voiding w/o difficulty. Breastfeeding w/ lactation support.\n\nO: BP 138/88, 142/90, 134/86 (24 h). HR 82. Afebrile, Tmax 37.3 C. SpO2 99% RA.\n   Fundus firm, 2 cm below umbilicus. Lochia light. Incision C/D/I w/ Prevena.\n   Abnormal: 1+ BLE pitting edema. DTRs 2+, no clonus.\n   Labs 04/05: Plt 168, AST 29, ALT 33, Cr 0.6.\n\nA/P: PPD#2 s/p pLTCS, PEC w/ SF, BPs mild range.\n- Nifedipine ER 30 mg daily; add 2nd agent if BP >=150/100 x2\n- BP check at home BID; home BP cuff provided\n- Anticipate d/c PPD#3 if BPs stable", &[("On postpartum day two she denied headache, visual changes, and right upper quadrant pain.", Supported)]);
}

/// The unit at the end of a size is each side's: "3.2 x 2.8 cm" is 32 by 28 mm.
#[test]
fn the_unit_of_a_size_is_each_side_s() {
    expect(
        "CT ABDOMEN/PELVIS WITH IV CONTRAST. Perforated appendicitis with a 3.2 x 2.8 cm rim-enhancing RLQ abscess. No free air.",
        &[
            ("CT showed a 32 x 28 mm RLQ abscess.", Supported),
            ("CT showed a 32 x 18 mm RLQ abscess.", Contradicted),
            ("CT showed a 2.8 cm RLQ abscess.", Supported),
        ],
    );
}

/// A follow-up date is a date of what comes next: it is the one a sentence about the
/// follow-up gives ("F/u vascular clinic 03/03/2026"), not the date of the sentence that holds
/// the claim's dose.
#[test]
fn a_follow_up_date_is_what_comes_next() {
    let sources = [
        source("doc-33171", "DISCHARGE SUMMARY. 68 y/o M with paroxysmal AFib (CHA2DS2-VASc 3) on apixaban, HTN, presented 02/09/2026 with L popliteal artery aneurysm (3.1 cm) with partial thrombus and L calf claudication.\nApixaban held 48 h pre-op; no bridging. Heparin 5,000 units subcut q8h for VTE ppx 02/09-02/11.\n02/11/2026: L popliteal artery aneurysm exclusion and above-knee to below-knee popliteal bypass with reversed GSV, medial approach, under GA.\nPost-op: palpable L DP/PT. Enoxaparin 40 mg subcut daily POD 1 only.\nApixaban 5 mg PO BID resumed POD 2 (no dose-reduction criteria: age 68, wt 84 kg, Cr 0.9).\nPain controlled with oxycodone 5 mg q6h PRN and acetaminophen.\nDischarged 02/14/2026.\nF/u vascular clinic 03/03/2026 w/ arterial duplex of L leg bypass; contralateral R popliteal measured 1.4 cm (normal).", "2026-05-01T18:00:00Z"),
        source("doc-33172", "DISCHARGE MEDICATION LIST 02/14/2026.\nApixaban 5 mg tab: 1 tab PO BID (RESUMED 02/13).\nAspirin 81 mg: STOPPED (on anticoagulation; per vascular).\nMetoprolol succinate 50 mg tab: 1 tab PO daily.\nAmlodipine 5 mg tab: 1 tab PO daily.\nAtorvastatin 40 mg tab: 1 tab PO nightly.\nOxycodone 5 mg tab: 1 tab PO q6h PRN pain, #10.\nAcetaminophen 500 mg tab: 2 tabs PO q8h PRN pain.\nDocusate 100 mg PO BID while on opioids.", "2026-05-02T18:00:00Z"),
    ];
    let cites = ["doc-33171", "doc-33172"];
    let got = judge_with(&sources, "Apixaban 5 mg every 12 hours was resumed, with vascular clinic follow-up on March 3, 2026 with an arterial duplex.", &cites);
    assert_eq!(got.support, Supported, "{got:?}");
    let got = judge_with(
        &sources,
        "Apixaban 5 mg every 12 hours was resumed, with vascular clinic follow-up on March 10, 2026 with an arterial duplex.",
        &cites,
    );
    assert_eq!(got.support, Contradicted, "{got:?}");
}

/// A day's place tells readings apart as a date does: "On POD 1, intact PTH was 14 pg/mL"
/// against "(POD 0, 4 h post-op): intact PTH 14 pg/mL ... (POD 1): intact PTH 9 pg/mL".
#[test]
fn a_day_s_place_chooses_the_reading() {
    let note = "POST-THYROIDECTOMY LABS\n11/30/2026 18:00 (POD 0, 4 h post-op): intact PTH 14 pg/mL (L) [15-65]; Ca 8.3 mg/dL (L).\n12/01/2026 06:00 (POD 1): intact PTH 9 pg/mL (L); Ca 7.6 mg/dL (L); ionized Ca 1.02 mmol/L (L); albumin 3.8 g/dL; Mg 1.9 mg/dL; phos 4.9 mg/dL (H).\n12/01/2026 18:00: Ca 8.0 mg/dL (L).\n12/02/2026 06:00 (POD 2): Ca 8.4 mg/dL (L-nl); Mg 2.0 mg/dL.\nComment: PTH <15 pg/mL post-op predicts risk of transient hypoparathyroidism.";
    expect(
        note,
        &[
            ("On POD 1, intact PTH was 14 pg/mL.", Contradicted),
            ("On POD 1, intact PTH was 9 pg/mL.", Supported),
        ],
    );
}

/// A change written as one range is found end by end before any one source value decides:
/// "increased from 75 to 88 mcg daily" against "levothyroxine from 75 mcg to 88 mcg PO daily".
#[test]
fn a_change_found_end_by_end_decides_first() {
    let note = "ENDOCRINOLOGY CLINIC - FOLLOW-UP VISIT 03/10/2026\nPt: 46 y/o F, R-handed schoolteacher, with Hashimoto thyroiditis (TPO Ab 412 IU/mL in 2019), iron deficiency anemia and h/o left ankle sprain (resolved). Referred back by PCP for fatigue and 4 kg weight gain over 6 months.\nCurrent meds: levothyroxine 75 mcg PO daily (taken with coffee and calcium carbonate 600 mg in the morning), sertraline 50 mg daily, ferrous sulfate 325 mg every other day.\nROS: + fatigue, + cold intolerance, + constipation. Denies palpitations, tremor, dysphagia.\nVitals: BP 128/82, HR 62, Wt 78.4 kg, BMI 29.1.\nExam: thyroid diffusely enlarged, firm, non-tender, no discrete nodules. DTRs with delayed relaxation phase.\nLabs 03/03/2026: TSH 9.8 mIU/L (H), free T4 0.8 ng/dL (low-normal).\nA/P: Under-replaced hypothyroidism, likely compounded by co-administration with calcium and coffee.\n1. Increase levothyroxine to 88 mcg PO daily, on an empty stomach 30-60 min before breakfast.\n2. Separate calcium and iron by at least 4 hours.\n3. Repeat TSH and free T4 in 6 weeks.\n4. RTC 3 months.";
    expect(
        note,
        &[
            (
                "Synthroid was increased from 75 to 88 mcg daily.",
                Supported,
            ),
            (
                "Synthroid was increased from 75 to 100 mcg daily.",
                Contradicted,
            ),
        ],
    );
}

/// "Metanephrines ...: not elevated" says how much, not whether: the label's subject is not
/// denied, only its elevation ("HCV RNA: not detected" still denies the RNA).
#[test]
fn not_elevated_after_a_label() {
    expect(
        "ENDOCRINOLOGY CLINIC. Work-up:\n- Plasma free metanephrines 0.31 nmol/L and normetanephrines 0.62 nmol/L: not elevated.\n- HCV RNA: not detected.",
        &[
            ("Plasma metanephrines were not elevated.", Supported),
            ("Plasma metanephrines were elevated.", Contradicted),
            ("HCV RNA was detected.", Contradicted),
        ],
    );
}

/// A conjunct that opens with "the" is a thing of its own, as one with "a" or "an" is: "No
/// pneumothorax and the heart size is normal" does not deny the heart size.
#[test]
fn a_conjunct_opening_with_the_is_not_denied() {
    expect(
        "CHEST XR: No pneumothorax and the heart size is normal. Lungs clear.",
        &[
            ("Heart size is normal.", Supported),
            ("There was a pneumothorax.", Contradicted),
        ],
    );
}

/// A urology discharge summary (a blind batch's, with its stent in French sizes).
const UROLOGY_NOTE: &str = "DISCHARGE SUMMARY - UROLOGY. Admit 03/12/2026, discharge 03/16/2026. 71 y/o M with BPH on tamsulosin, T2DM, HTN and elevated PSA s/p 12-core TRUS prostate biopsy 03/10/2026 with cipro prophylaxis, presented 2 days later with fever to 39.2 C, rigors, L flank pain and inability to void.\nED: HR 118, BP 84/50 mmHg. Bladder scan >950 mL; 16 Fr Foley placed with 1,100 mL out.\nCT A/P w/o contrast: 6 mm obstructing L proximal ureteral stone with moderate L hydronephrosis; 3 mm nonobstructing R lower pole stone.\nDx: urosepsis with obstructed infected L kidney, acute urinary retention and AKI (Cr 1.9, baseline 1.0).\nResuscitated with 30 mL/kg LR; lactate 3.8 -> 1.6 mmol/L; no pressors required.\n03/12 emergent cystoscopy, L retrograde pyelogram and L ureteral stent placement (6 Fr x 26 cm double-J, no tether); purulent urine from L renal pelvis sent for culture.\nBlood cx 2/2 and urine cx: ESBL E. coli, cipro-resistant. Pip-tazo + vanc changed to meropenem 1 g IV q8h on 03/13, then ertapenem 1 g IV q24h on 03/15. Repeat blood cx 03/13 NGTD. Afebrile since 03/13 PM.\nCr 1.9 -> 1.2. Failed voiding trial 03/15 (PVR 620 mL); Foley replaced. Finasteride 5 mg daily started; tamsulosin continued.\nPICC placed R basilic vein 03/15 for home IV abx. Complete ertapenem through 03/25/2026 (14 days total).\nStent left in place; definitive L ureteroscopy with laser lithotripsy in 2-3 weeks once infection cleared. Biopsy pathology pending at discharge.\nDispo: home with Foley and home infusion. Urology clinic voiding trial in 1 week.";

/// Its lab sheet: reference ranges in square brackets, dated series of one test.
const UROLOGY_LABS: &str = "LABS 03/12/2026-03/16/2026 (reference ranges in brackets).\nWBC [4.0-11.0 K/uL]: 03/12 18.6 (H) -> 03/14 14.1 (H) -> 03/16 9.2.\nHgb [13.5-17.5 g/dL]: 03/12 13.1 (L) -> 03/16 11.8 (L). Plt [150-400 K/uL]: 132 (L) -> 168.\nLactate [0.5-2.0 mmol/L]: 03/12 18:40 3.8 (H); 03/13 02:30 1.6.\nCr [0.7-1.3 mg/dL]: 03/12 1.9 (H), 03/13 1.5 (H), 03/16 1.2. BUN 34 -> 18 mg/dL. K 5.1 -> 4.3 mmol/L.\nGlucose 246 mg/dL (H) on admission; HbA1c 7.4%.\nProcalcitonin [<0.5 ng/mL]: 12.4 on 03/12.\nUA 03/12 (cath specimen): glucose 2+, ketones negative, nitrite positive, LE large, WBC >50/hpf, RBC 20-50/hpf, bacteria many.\nUrine cx 03/12: >100,000 CFU/mL Escherichia coli, ESBL-producing.\nBlood cx 03/12: E. coli (ESBL) in 2 of 2 sets. Repeat blood cx 03/13: no growth at 3 days.\nL renal pelvis urine (OR 03/12): E. coli, ESBL, 50,000-100,000 CFU/mL.\nSusceptibilities (E. coli): ampicillin R, ceftriaxone R, cefepime R, ciprofloxacin R, TMP-SMX R, pip-tazo I, gentamicin S, ertapenem S, meropenem S, nitrofurantoin S, fosfomycin S.\nPSA [0-4.0 ng/mL]: 9.4 on 01/22/2026; 6.8 on 02/2024. Free PSA 11%.";

/// "WBC [4.0-11.0 K/uL]: 03/12 18.6 (H) -> 03/14 14.1": a range in square brackets beside a
/// result's name is its reference range, not a reading ("Procalcitonin [<0.5 ng/mL]: 12.4"
/// was contradicted by its own limit).
#[test]
fn a_bracketed_range_is_a_reference_not_a_reading() {
    expect(
        UROLOGY_LABS,
        &[
            ("Procalcitonin was 12.4 ng/mL on 03/12.", Supported),
            ("Procalcitonin was 0.5 ng/mL on 03/12.", Contradicted),
        ],
    );
}

/// "Ethanol 11/03 09:40: 182 mg/dL", "Acetaminophen [...]: 11/03 09:40 48 (H); 11/03 14:00
/// 37 (H)": the date and time written between a test's name and its reading do not part
/// them as another value between them would.
#[test]
fn a_date_between_a_name_and_its_reading_does_not_part_them() {
    expect(
        TOX_LABS,
        &[(
            "On arrival, ethanol was 182 mg/dL and the acetaminophen level was 48 mcg/mL.",
            Supported,
        )],
    );
    expect(
        UROLOGY_LABS,
        &[(
            "On admission his WBC was 18.6 K/uL and procalcitonin was 12.4 ng/mL.",
            Supported,
        )],
    );
}

/// A poisoning's lab trend (a blind batch's).
const TOX_LABS: &str = "LAB TREND 11/03/2026-11/08/2026 (reference ranges in brackets).\nAcetaminophen [10-30 mcg/mL therapeutic]: 11/03 09:40 48 (H); 11/03 14:00 37 (H); 11/04 05:00 19; 11/05 05:00 <10 (undetectable).\nAST [10-40 U/L]: 412 -> 1,120 -> 1,860 (11/05, peak) -> 980 -> 540 -> 265 (11/08).\nALT [7-56 U/L]: 388 -> 1,365 -> 2,140 (11/05, peak) -> 1,610 -> 1,190 -> 842 (11/08).\nINR [0.9-1.1]: 1.3 -> 1.6 -> 1.8 (11/05) -> 1.5 -> 1.3 -> 1.2 (11/08).\nTotal bilirubin [0.2-1.2 mg/dL]: 1.4 (11/03), 2.3 (11/05), 1.1 (11/08).\nEthanol 11/03 09:40: 182 mg/dL. Urine drug screen: negative. Salicylate <3 mg/dL (negative).\nBMP 11/03: Na 134, K 3.2 (L), HCO3 21, glucose 88, Cr 1.1 mg/dL. Mg 1.5 mg/dL (L), Phos 2.1 mg/dL (L).\nBMP 11/08: Na 138, K 4.1, HCO3 25, glucose 102, Cr 0.9 mg/dL. Mg 2.0 mg/dL, Phos 3.4 mg/dL.\nLipase 32 U/L [13-60], normal. Lactate 1.6 mmol/L (11/03). Ammonia not drawn.\nCBC 11/03: WBC 10.2, Hgb 14.1, Plt 164 K/uL. CBC 11/08: WBC 8.9, Hgb 12.7, Plt 118 K/uL (L).";

/// "WBC >50/hpf" is a count per microscope field: no rival of a blood count in K/uL.
#[test]
fn a_count_per_field_is_its_own_unit() {
    let note = "LABS 03/12. CBC: WBC 18.6 K/uL. UA: WBC >50/hpf, RBC 20-50/hpf, nitrite positive.";
    expect(
        note,
        &[
            ("On admission his WBC was 18.6 K/uL.", Supported),
            ("On admission his WBC was 50 K/uL.", Contradicted),
        ],
    );
}

/// "6 Fr x 26 cm double-J": a French size is a diameter (a third of a millimetre each), so
/// "6 mm" for it is a unit slip.
#[test]
fn french_sizes_are_lengths() {
    expect(
        UROLOGY_NOTE,
        &[
            (
                "A 6 mm x 26 cm double-J stent was placed in the left ureter.",
                Contradicted,
            ),
            (
                "A 6 Fr x 26 cm double-J stent was placed in the left ureter.",
                Supported,
            ),
        ],
    );
}

/// "PCV20 declined by patient": refused, so not given ("hemoglobin declined to 7.9" is
/// another sense, and no denial).
#[test]
fn declined_by_the_patient_is_not_given() {
    expect(
        MED_REC,
        &[(
            "She received both the inactivated influenza vaccine and PCV20 before discharge.",
            Contradicted,
        )],
    );
    expect(
        "Hgb declined to 7.9 g/dL after the bleed.",
        &[(
            "Hemoglobin declined to 7.9 g/dL after the bleed.",
            Supported,
        )],
    );
}

/// A discharge medication reconciliation (a blind batch's).
const MED_REC: &str = "DISCHARGE MEDICATION RECONCILIATION 11/09/2026 (pharmacist reviewed).\nNEW: Apixaban 5 mg tab: 2 tabs (10 mg) PO BID through 11/12/2026, then 1 tab (5 mg) PO BID starting 11/13/2026. Duration: at least 3 months.\nCHANGED: Trelegy Ellipta 100/62.5/25 mcg: 1 inhalation once daily; rinse mouth after use. REPLACES Anoro Ellipta 62.5/25 mcg 1 inhalation daily - STOP.\nCONTINUE: Albuterol HFA 90 mcg/actuation: 2 puffs q4-6h PRN wheeze or shortness of breath.\nCONTINUE: Amlodipine 5 mg PO daily.\nHOLD: Hydrochlorothiazide 12.5 mg PO daily - held for AKI and hypokalemia; PCP to readdress.\nSTOP: Naproxen 500 mg PO BID PRN (bleeding risk with anticoagulation).\nCONTINUE: Acetaminophen 650 mg PO q6h PRN pain (max 3 g/day).\nCONTINUE: Omeprazole 20 mg PO daily.\nHOME O2: 2 L/min via nasal cannula with exertion and sleep.\nCompleted in hospital (not continued): prednisone 40 mg PO daily (last dose 11/07); doxycycline 100 mg PO BID 11/03-11/07; heparin infusion 11/04-11/06.\nVaccines: influenza (inactivated) given 11/08/2026; PCV20 declined by patient.\nAllergies: penicillin (hives). No known food allergies.";

/// "Repeat blood cx 03/13 NGTD": no growth to date, a negative culture.
#[test]
fn ngtd_is_no_growth() {
    expect(
        UROLOGY_NOTE,
        &[(
            "The repeat blood cultures from 03/13 were positive.",
            Contradicted,
        )],
    );
}

/// "Bariatric stage 1 liquids POD0": a number that names a stage, grade or type is no
/// reading, so no rival of "in two weeks".
#[test]
fn a_stage_number_is_no_reading() {
    let claim = "She underwent laparoscopic sleeve gastrectomy calibrated over a 40 Fr bougie and will follow up in bariatric clinic in two weeks.";
    expect(BARIATRIC_OP_NOTE, &[(claim, PartiallySupported)]);
}

/// A sleeve gastrectomy's operative note (a blind batch's).
const BARIATRIC_OP_NOTE: &str = "OPERATIVE REPORT\nDate of surgery: 02/23/2026\nPreoperative diagnosis: Class III obesity (BMI 47.2) with OSA and T2DM.\nPostoperative diagnosis: Same.\nProcedure: Laparoscopic sleeve gastrectomy; intraoperative EGD.\nSurgeon: L. Castellanos, MD. Anesthesia: GETA.\nFindings: No hiatal hernia on dissection of the angle of His. Liver moderately steatotic.\nDescription: Five trocars placed under direct vision. Greater curvature devascularized from 5 cm proximal to the pylorus to the angle of His using ultrasonic shears. A 40 Fr bougie was passed along the lesser curvature and the stomach divided with sequential firings of a linear stapler (first two black loads, remaining purple). Intraoperative EGD: no bleeding; no leak on air insufflation with the sleeve submerged under saline; sleeve patent without twist.\nEBL: 20 mL. Specimen: stomach to pathology. Drains: none.\nDisposition: Extubated in OR, to PACU in stable condition. Bariatric stage 1 liquids POD0 evening; routine UGI not planned.";

/// "2 x 1.5 cm, present on admission" is the start, not a rival, of "a week later it had
/// shrunk to 1.2 x 0.8 cm" (whose evidence is only in a note written after generation).
#[test]
fn a_value_on_arrival_is_no_rival_of_where_a_change_ended() {
    let sources = [
        source("doc-44011", GERIATRIC_DISCHARGE, "2026-05-08T13:40:00Z"),
        source("doc-44021", SNF_NOTE, "2026-05-15T15:00:00Z"),
    ];
    let r = judge_with(
        &sources,
        "She was discharged to Cedar Ridge SNF, where a week later her sacral pressure injury had shrunk to 1.2 x 0.8 cm.",
        &["doc-44011", "doc-44021"],
    );
    assert_eq!(r.support, PartiallySupported, "{:?}", r.reasons);
}

/// A geriatric discharge summary and the nursing facility's later note (a blind batch's).
const GERIATRIC_DISCHARGE: &str = "DISCHARGE SUMMARY - ORTHOGERIATRICS (Hospital Medicine/Ortho co-management). Admit 11/02/2026, d/c 11/09/2026.\n86 y/o F, R-handed, lives alone, baseline single-point cane; AFib on apixaban, HTN, T2DM, CKD 3b, depression, remote left distal radius fx (2019, healed). Unwitnessed nocturnal fall in bathroom, ~6 h long lie; R hip pain, RLE shortened and externally rotated.\nXR: displaced R femoral neck fx (Garden IV). CT head: no acute hemorrhage.\nApixaban held (last dose 11/01 20:00). s/p R hip cemented hemiarthroplasty 11/03/2026 under spinal; EBL 300 mL, no intraop complications.\nABLA: Hgb 11.4 -> 8.1 on POD 1, transfused 1 unit PRBC -> 9.0.\nHyperactive delirium POD 1-3 (CAM+), attributed to pain, urinary retention (bladder scan 740 mL, straight cath x2) and oxycodone; managed with non-pharmacologic bundle (reorientation, glasses/hearing aids, sleep hygiene, early mobilization) and haloperidol 0.5 mg PO x1 on 11/04. CAM negative since 11/06; no restraints used.\nRhabdo from long lie: CK 1,840 -> 410. AKI on CKD: Cr 1.9 -> 1.3 with IV fluids.\nPolypharmacy: 12 home meds -> 10 at d/c (see pharmacy reconciliation).\nSkin: stage 2 pressure injury of sacrum, 2 x 1.5 cm, present on admission; heels intact, no blanching erythema. Braden 13 on admission, 16 at d/c. Repositioning q2h, low-air-loss mattress, heel offloading boots, silicone foam dressing changed q3 days.\nApixaban resumed 11/05 at 2.5 mg BID (also VTE ppx). Afebrile throughout.\nWBAT RLE; posterior hip precautions x 6 wks. PT: 60 ft with front-wheeled walker, min assist.\nDispo: Cedar Ridge SNF for subacute rehab. F/u Ortho 2 wks (staple removal), Geriatrics clinic 4 wks; DEXA/osteoporosis tx to be addressed.";
const SNF_NOTE: &str = "SNF PROGRESS NOTE - Cedar Ridge Subacute Rehab, 11/16/2026 (day 7). 86 y/o F s/p R hip cemented hemiarthroplasty 11/03 for femoral neck fx after fall.\nCognition: alert, oriented x3, CAM negative daily since arrival; sleeping 6-7 h without hypnotics.\nPain: 2/10 on scheduled acetaminophen; last oxycodone dose 11/12, oxycodone discontinued.\nFunction: ambulating 150 ft with front-wheeled walker under supervision; stairs x4 with rail. Transfers mod independent.\nSkin: sacral stage 2 pressure injury now 1.2 x 0.8 cm, pink granulating base, no drainage; heels intact. Braden 18.\nVitals: BP 132/74 sitting, 124/70 standing (orthostatics negative), HR 68, afebrile.\nBG 110-160 on linagliptin, no hypoglycemia. BM daily on senna.\nPlan: continue PT/OT 5x/week, wound care per protocol, anticipated discharge home with home health ~11/24/2026.";

/// "last dose 05/20/2026" in a list written on 05/06: a source that writes the claim's day
/// itself plans it, so its values are evidence for the claim of that day (a source still
/// cannot state a value of a later day it does not name).
#[test]
fn a_source_that_names_a_later_day_plans_it() {
    let list = "DISCHARGE MEDICATION LIST 05/06/2026.\nErtapenem (Invanz) 1 g IV q24h via R arm PICC, last dose 05/20/2026 (NEW).\nFinasteride (Proscar) 5 mg PO daily (NEW).\nMeropenem 1 g IV q8h - STOPPED 05/05.";
    let sources = [source("doc-1", list, "2026-05-06T15:00:00Z")];
    for (claim, want) in [
        (
            "Ertapenem (Invanz) 1 g IV q24h via R arm PICC, last dose 05/20/2026.",
            Supported,
        ),
        (
            "Ertapenem 1 g IV q8h via PICC, last dose 05/20/2026.",
            Contradicted,
        ),
    ] {
        let r = judge_with(&sources, claim, &["doc-1"]);
        assert_eq!(r.support, want, "{claim}: {:?}", r.reasons);
    }
}

/// A pulmonary embolism's imaging (a blind batch's).
const PE_IMAGING: &str = "CXR PA/LAT 11/03/2026 20:40. Hyperinflated lungs with flattened hemidiaphragms. Moderate right pleural effusion with basilar opacity (atelectasis vs consolidation). Left costophrenic angle sharp. No pneumothorax.\nCTA CHEST, PE PROTOCOL 11/04/2026 02:15. Acute filling defects in segmental arteries of the left lower lobe (posterior and lateral basal segments). No central or lobar PE. RV/LV ratio 0.8; no CT evidence of right heart strain. Moderate right pleural effusion with compressive atelectasis of the RLL. Centrilobular and paraseptal emphysema, upper-lobe predominant. 6 mm ground-glass nodule in the left upper lobe; recommend follow-up CT in 6-12 months. No mediastinal lymphadenopathy.\nLE VENOUS DUPLEX 11/04/2026: No DVT in either lower extremity.\nUS-GUIDED RIGHT THORACENTESIS 11/05/2026 11:30 (IR, Dr. Haddad). Consent obtained; R-handed patient positioned seated. Right posterior approach, 8th intercostal space; 1% lidocaine 10 mL; 5 Fr catheter. 1,100 mL straw-colored fluid removed; stopped for cough and chest tightness. Heparin infusion held 2 h before the procedure and resumed 4 h after. EBL minimal. No immediate complications. Specimens to lab.\nPOST-PROCEDURE CXR 11/05/2026 13:05. Small residual right effusion. No pneumothorax.";

/// "No central or lobar PE ... no CT evidence of right heart strain": the study that found
/// nothing is no part of what it did not find, and what emboli "spared" they are not in.
#[test]
fn spared_and_no_ct_evidence_of_deny_what_follows() {
    expect(
        PE_IMAGING,
        &[
            (
                "The emboli spared the main and lobar pulmonary arteries, and the right ventricle showed no sign of strain on CT.",
                PartiallySupported,
            ),
            ("CT showed right heart strain.", Contradicted),
            ("The emboli spared the segmental arteries of the left lower lobe.", Contradicted),
        ],
    );
}

/// "Failed voiding trial 03/15" is not passed (the trial took place), and "no pressors
/// required" names vasopressors.
#[test]
fn failed_is_not_passed_and_pressors_are_vasopressors() {
    expect(
        UROLOGY_NOTE,
        &[
            (
                "He passed his inpatient voiding trial on 03/15.",
                Contradicted,
            ),
            ("He failed his inpatient voiding trial on 03/15.", Supported),
            (
                "No vasopressors were needed during his resuscitation.",
                Supported,
            ),
        ],
    );
}

/// "Braden 13 on admission, 16 at d/c", "MoCA 21/30 today (was 24/30 in 05/2025)": the
/// scale named is the fact, and "score" adds nothing to it.
#[test]
fn a_score_is_its_scale() {
    expect(
        GERIATRIC_DISCHARGE,
        &[(
            "Her Braden score improved from 13 on admission to 16 at discharge.",
            Supported,
        )],
    );
    expect(
        "MEMORY CLINIC. Cognitive testing: MoCA 21/30 today (was 24/30 in 05/2025); losses in delayed recall (1/5) and clock draw. Trails B 180 s.",
        &[
            ("His MoCA score at today's visit was 24/30.", Contradicted),
            ("His MoCA score at today's visit was 21/30.", Supported),
        ],
    );
}

/// A diabetic foot osteomyelitis's discharge summary (a blind batch's).
const OSTEOMYELITIS_DISCHARGE: &str = "DISCHARGE SUMMARY - HOSPITAL MEDICINE. 61 y/o R-handed M with T2DM (HbA1c 10.2%), PAD s/p R SFA stent (2023) and CKD stage 2, admitted 11/04/2026 with an infected plantar ulcer under the L 1st MT head and spreading L foot cellulitis; T 38.7 C, WBC 16.2. Probe-to-bone positive.\nMRI 11/05: osteomyelitis of the L 1st metatarsal head with a plantar abscess.\n11/06/2026: podiatry I&D of the plantar abscess and bone biopsy in the OR. Bone cx MRSA; blood cx x2 negative.\nEmpiric vancomycin 1,250 mg IV q12h + pip-tazo 4.5 g IV q8h; pip-tazo stopped 11/07. Vancomycin stopped for AKI (Cr 0.9 -> 1.6 on 11/08, trough 22.4); daptomycin 8 mg/kg (720 mg) IV q24h started 11/09. Cr 1.1 at discharge.\n11/09: C. difficile colitis, 7 watery stools/day with cramping, GDH/toxin positive; no ileus or megacolon on KUB. Fidaxomicin 200 mg PO BID x 10 days (through 11/18); stools formed, 2/day by 11/13.\nR basilic 4 Fr single-lumen PICC placed 11/10/2026; tip at the cavoatrial junction on CXR.\nPlan: daptomycin to complete 6 weeks from debridement, through 12/18/2026; weekly CBC, BMP, CK, ESR, CRP to OPAT.\nAfebrile since 11/07. Dorsal erythema resolved; plantar wound 2.0 x 1.5 cm, granulating, no purulence.\nNon-weight bearing L forefoot in a postop shoe. Great toe amputation was discussed and deferred.\nGlargine increased from 20 to 28 units qHS. Atorvastatin held while on daptomycin; omeprazole stopped.\nDischarged home with home infusion. F/u OPAT/ID clinic 11/20/2026; podiatry in 2 weeks.";

/// "Probe-to-bone positive" against "the probe-to-bone test was negative": a light head
/// ("test") that no source writes names no other thing, so the denial is of the probe-to-bone
/// finding, which the source affirms.
#[test]
fn a_light_head_names_no_other_thing() {
    expect(
        OSTEOMYELITIS_DISCHARGE,
        &[
            (
                "The probe-to-bone test was negative on admission.",
                Contradicted,
            ),
            (
                "The probe-to-bone test was positive on admission.",
                Supported,
            ),
        ],
    );
}

/// A lumbar laminectomy's operative course (a blind batch's).
const LAMINECTOMY_NOTE: &str = "SPINE SURGERY PROGRESS NOTE - POD 2 (09/03/2026). 67 y/o M, R-handed, with HTN, T2DM (A1c 7.4%), and tandem stenosis: cervical spondylotic myelopathy (mJOA 13/18) and lumbar stenosis with neurogenic claudication (walking tolerance ~1 block pre-op).\ns/p L3-4 and L4-5 decompressive laminectomy with bilateral medial facetectomies on 09/01/2026 (Dr. Okafor); no fusion. EBL 150 mL. Incidental durotomy at L4-5 on the right, primary repair with 6-0 Gore-Tex suture and fibrin sealant; flat bedrest x 24 h, now HOB liberalized without positional HA.\nS: Leg pain much improved, 2/10 from 8/10 pre-op. Denies saddle anesthesia, denies bowel/bladder dysfunction. Bilateral hand numbness unchanged.\nO: Tmax 37.8 C POD 1, now 37.1 C. BP 142/84. Incision C/D/I. Hemovac output 90 mL -> 25 mL/24 h; drain removed today. Strength 5/5 BLE except L EHL 4+/5 (baseline). Hoffmann sign positive bilaterally; no clonus. Tandem gait unsteady. Voiding after Foley removal POD 1, PVR 60 mL.\nLabs: Hgb 12.1 g/dL (pre-op 13.9), Na 137, K 4.1, Cr 0.9 mg/dL; glucose 212 -> 148 mg/dL on basal-bolus insulin.\nMeds: gabapentin 300 mg PO TID; methocarbamol 750 mg PO q8h PRN spasm; oxycodone 5 mg PO q4h PRN; acetaminophen 1 g PO q8h; cefazolin 2 g IV q8h x 24 h (completed); enoxaparin 40 mg SC daily starting POD 2; insulin glargine 14 units qHS; lisinopril 20 mg daily; metformin held, resume at d/c.\nA/P: Ambulating 200 ft with RW with PT; d/c home with HHPT tomorrow. No lifting >10 lb, no bending/twisting x 6 weeks. CSM: C4-C6 ACDF in 6-8 weeks; spine clinic in 2 weeks for wound check.";

/// "Incidental durotomy at L4-5 on the right": a number hyphenated to a word names a level
/// ("L4-5"), so a side after it is the finding's, as it would be without the level.
#[test]
fn a_side_after_a_spinal_level_is_the_findings() {
    expect(
        LAMINECTOMY_NOTE,
        &[
            (
                "The incidental durotomy at L4-5 was on the left.",
                Contradicted,
            ),
            (
                "The incidental durotomy at L4-5 was on the right.",
                Supported,
            ),
        ],
    );
    expect(
        "ABI 0.62 on the right, 0.91 on the left.",
        &[("The left ABI was 0.91.", Supported)],
    );
}

/// A subarachnoid hemorrhage's discharge summary (a blind batch's).
const SAH_DISCHARGE: &str = "DISCHARGE SUMMARY - NEUROSURGERY. 58 y/o F with HTN and tobacco use (1 ppd) admitted 10/03/2026 with thunderclap headache and brief LOC. CT: diffuse SAH with IVH, modified Fisher grade 3; Hunt-Hess 3 on arrival. CTA/DSA: 7 mm ruptured ACom aneurysm; incidental 3 mm unruptured L MCA bifurcation aneurysm (observe).\n10/03: R frontal EVD placed for acute hydrocephalus, opening pressure 24 cmH2O. 10/04/2026: endovascular coiling of ACom aneurysm, Raymond-Roy class I occlusion.\nNimodipine 60 mg PO q4h from admission x 21 days (last dose 10/23/2026); two doses held for SBP <110.\nDaily TCDs: R MCA mean velocity 92 -> 168 cm/s, peak on post-bleed day 7 (Lindegaard 4.1); L MCA max 110 cm/s.\nPBD 7 (10/10): new L pronator drift and somnolence. DSA: moderate-severe R M1 vasospasm, treated with intra-arterial verapamil 10 mg with improved caliber; norepinephrine-induced hypertension, SBP goal 160-180, x 72 h. Drift resolved by 10/13. CT 10/14: no new infarct.\nEVD clamp trial passed; EVD removed 10/16, no shunt needed.\nCerebral salt wasting: Na nadir 129 on 10/09, treated with 3% saline and fludrocortisone 0.1 mg BID (stopped 10/17); Na 136 at discharge.\nLevetiracetam 500 mg BID x 7 days for seizure prophylaxis (completed); no seizures. SQ heparin 5,000 units q8h from 24 h post-coiling; no VTE.\nD/c 10/19/2026 to acute inpatient rehab. GCS 15, no drift, walks with rolling walker.\nMeds: nimodipine 60 mg q4h through 10/23; acetaminophen 650 mg q6h PRN HA; amlodipine 5 mg daily (home lisinopril 10 mg held); senna-docusate BID; nicotine patch 21 mg/24 h.\nF/u Dr. Varga, neurosurgery, in 2 weeks; DSA at 6 months for coil follow-up and the L MCA aneurysm.";

/// "Levetiracetam ... for seizure prophylaxis (completed); no seizures": what the claim says
/// a drug was given for it states neither way, so "no seizures" does not answer it; but
/// "notable for ataxia" states a finding, which "denies ataxia" contradicts.
#[test]
fn a_purpose_states_nothing_but_notable_for_does() {
    expect(
        SAH_DISCHARGE,
        &[(
            "Keppra 500 mg BID was given for seizure prophylaxis.",
            Supported,
        )],
    );
    expect(
        "NEURO: Denies ataxia; normal gait, tandem walk intact. No features of HACE.",
        &[("Neuro exam was notable for ataxia.", Contradicted)],
    );
    expect(
        OSTEOMYELITIS_DISCHARGE,
        &[(
            "C. difficile colitis was treated with Dificid 200 mg PO twice daily for ten days.",
            Supported,
        )],
    );
}

/// A cumulative lab sheet: "(ref ...)" ranges, readings flagged "H", one test's dated
/// readings on one line parted by semicolons (a blind batch's).
const CUMULATIVE_LABS: &str = "CUMULATIVE LABS AND MICROBIOLOGY, 11/04/2026 (admission) to 11/14/2026.\nWBC (ref 4.0-11.0 K/uL): 11/04 16.2 H; 11/07 11.9 H; 11/09 12.3 H; 11/14 7.8.\nCRP (ref <0.5 mg/dL): 11/04 18.6 H; 11/09 9.4 H; 11/14 4.1 H.\nESR (ref 0-20 mm/h): 11/04 96 H; 11/14 71 H.\nCreatinine (ref 0.7-1.3 mg/dL): 11/04 0.9; 11/08 1.6 H; 11/10 1.3; 11/14 1.1.\nVancomycin trough (goal 15-20 mcg/mL): 11/06 13.8 L; 11/08 22.4 H.\nCK (ref 39-308 U/L): 11/09 112 (baseline, pre-daptomycin); 11/14 128.\nHbA1c 10.2% (11/04). Albumin 3.0 g/dL L (11/09).\nBlood cultures 11/04/2026, 2 of 2 sets: no growth at 5 days.\nSuperficial wound swab 11/04: MRSA and Enterococcus faecalis (mixed flora).\nBone biopsy culture, L 1st metatarsal head, 11/06/2026: Staphylococcus aureus, methicillin RESISTANT. Oxacillin R; vancomycin S (MIC 1 mcg/mL); daptomycin S (MIC 0.5 mcg/mL); linezolid S; doxycycline S; TMP-SMX S; clindamycin R (inducible, D-test positive).\nBone histopathology: acute and chronic osteomyelitis.\nStool 11/09/2026: C. difficile GDH antigen POSITIVE; toxin A/B EIA POSITIVE. GI pathogen panel (Salmonella, Shigella, Campylobacter, STEC): negative.";

/// "CRP (ref <0.5 mg/dL): 11/04 18.6 H; 11/09 9.4 H; 11/14 4.1 H": a range in parentheses
/// labelled "ref" is a reference, a capital H closing a reading is its flag (not hours),
/// and a part of the line with no word continues its first part, so "11/14 4.1" is CRP's.
#[test]
fn a_lab_line_of_dated_readings() {
    expect(
        CUMULATIVE_LABS,
        &[
            (
                "CRP decreased from 18.6 mg/dL on November 4 to 4.1 mg/dL on November 14.",
                Supported,
            ),
            ("CRP was 4.1 mg/dL on 11/14.", Supported),
            ("CRP was 0.5 mg/dL on 11/14.", Contradicted),
        ],
    );
}

/// A CBC trend before and during dupilumab (a blind batch's).
const EOSINOPHIL_TREND: &str = "CBC WITH DIFFERENTIAL - TREND\n11/18/2025 08:10 (baseline, pre-dupilumab): WBC 7.8 K/uL, Hgb 13.1 g/dL, Plt 268 K/uL; eosinophils 9.5%, AEC 740 cells/uL (H); total IgE 4,120 kU/L (H; ref <100).\n03/10/2026 08:55 (week 16): WBC 7.1 K/uL, Hgb 13.4 g/dL, Plt 251 K/uL; neutrophils 52%, lymphocytes 30%, monocytes 6%, eosinophils 12.0%, basophils 0.4%; AEC 850 cells/uL (H; ref 0-500).\nCMP 03/10/2026: Na 139 mmol/L, K 4.1 mmol/L, Cr 0.72 mg/dL, ALT 18 U/L, AST 21 U/L.\nComment: eosinophil count reviewed by dermatology; no symptoms suggestive of hypereosinophilic syndrome reported.";

/// "03/10/2026 08:55 (week 16): WBC 7.1 K/uL, ...; eosinophils 12.0%, ...; AEC 850
/// cells/uL": "week 16" is a place in time, as "day 112" is, and a part of a line with no
/// time point of its own has the line's first part's, so the week-16 AEC is 850, not the
/// baseline's 740.
#[test]
fn a_lines_time_point_reaches_its_later_parts() {
    expect(
        EOSINOPHIL_TREND,
        &[
            (
                "Absolute eosinophil count at week 16 was 740 cells/uL.",
                Contradicted,
            ),
            (
                "Absolute eosinophil count at week 16 was 850 cells/uL.",
                Supported,
            ),
        ],
    );
}

/// "A single dose of metolazone 2.5 mg" is the dose given once ("metolazone 2.5 mg PO once
/// 05/06"), not a value of 1 to set against 2.5 mg.
#[test]
fn a_single_dose_is_no_value_of_one() {
    expect(
        "HF PROGRESS NOTE 05/07. Diuresis: furosemide 80 mg IV bolus then gtt 10 mg/h x 48 h; metolazone 2.5 mg PO once 05/06. Net -7.1 L.",
        &[(
            "She received a single dose of metolazone 2.5 mg on 05/06.",
            Supported,
        )],
    );
}

/// "No AF this admission" denies the AF during the admission, not the admission: a time
/// point has no polarity of its own.
#[test]
fn a_time_point_has_no_polarity() {
    expect(
        "HF PROGRESS NOTE. 59 y/o F with NICM, CKD 3b, T2DM, paroxysmal AF. Denies dizziness or syncope. Sinus rhythm on telemetry, no AF this admission. Wt today 75.2 kg.",
        &[
            (
                "There was no AF on telemetry during the admission, and she denied dizziness or syncope.",
                Supported,
            ),
            ("She had AF on telemetry during the admission.", Contradicted),
        ],
    );
}

/// "Blood cultures 11/04/2026, 2 of 2 sets: no growth at 5 days": a count out of a count
/// measures nothing, so it is no rival of "at five days".
#[test]
fn a_count_of_a_count_is_no_measurement() {
    expect(
        CUMULATIVE_LABS,
        &[
            (
                "Both admission blood culture sets remained negative at five days.",
                Supported,
            ),
            ("Blood cultures grew MRSA in 2 of 2 sets.", Contradicted),
        ],
    );
}

/// A kidney transplant recipient's labs (a blind batch's).
const TRANSPLANT_LABS: &str = "TRANSPLANT LABS 10/06-10/11/2026 (reference ranges in brackets; 10/06 = admission).\nCreatinine [0.5-1.0 mg/dL]: 10/06 2.3 (H); 10/07 2.4 (H); 10/08 2.6 (H); 10/09 2.2 (H); 10/10 1.9 (H); 10/11 1.7 (H). CrCl (Cockcroft-Gault, wt 78 kg) 10/11: 46 mL/min.\nTacrolimus trough [therapeutic range per transplant protocol]: 10/06 4.2 ng/mL (L); 10/08 6.1 ng/mL; 10/10 8.7 ng/mL.\nK [3.5-5.1 mmol/L]: 10/06 5.4 (H); 10/11 4.8. Mg [1.7-2.2 mg/dL]: 10/11 1.4 (L). HCO3 [22-29 mmol/L]: 10/11 21 (L).\nGlucose: 10/10 284 mg/dL (H); 10/11 fasting 162 mg/dL (H).\nCBC 10/06: WBC 6.8 K/uL, Hgb 10.4 g/dL, Plt 212 K/uL. CBC 10/11: WBC 2.9 K/uL (L) [4.0-11.0], ALC 0.1 K/uL (L), Hgb 9.6 g/dL (L) [12.0-15.5], Plt 118 K/uL (L) [150-400].\nBK virus PCR, plasma, 10/07/2026: 3,100 copies/mL (detected; LLOQ 500 copies/mL). Prior 07/14/2026: not detected.\nCMV PCR, plasma, 10/07/2026: not detected (<137 IU/mL). EBV PCR 10/07: not detected.\nDonor-specific antibodies (Luminex single antigen, 10/07): no DSA detected (all MFI <1,000).\nUrinalysis 10/06: protein 1+, blood negative, WBC 0-2/hpf, no casts. UPCR 0.4 g/g. Urine culture 10/06: no growth.";

/// "BK virus PCR, plasma: 3,100 copies/mL" and "CMV PCR: not detected (<137 IU/mL)": a count
/// per volume is a unit, so "3,100 IU/mL" for the BK load is a unit slip, not a match.
#[test]
fn copies_per_millilitre_are_a_unit() {
    expect(
        TRANSPLANT_LABS,
        &[
            (
                "Plasma BK virus PCR on 10/07/2026 was 3,100 IU/mL.",
                Contradicted,
            ),
            (
                "Plasma BK virus PCR on 10/07/2026 was 3,100 copies/mL.",
                Supported,
            ),
        ],
    );
}

/// "Donor-specific antibodies (Luminex single antigen, 10/07): no DSA detected": a label
/// whose words its answer denies again is denied with them, so the label does not affirm
/// the antibodies.
#[test]
fn a_label_its_answer_denies_is_denied() {
    expect(
        TRANSPLANT_LABS,
        &[
            (
                "Donor-specific antibodies were detected on Luminex single-antigen testing.",
                Contradicted,
            ),
            ("No donor-specific antibodies were detected.", Supported),
        ],
    );
}

/// A stroke rehabilitation note (a blind batch's).
const REHAB_NOTE: &str = "INPATIENT REHABILITATION DISCHARGE SUMMARY (PM&R). 71 y/o R-handed M with HTN, T2DM, HLD and paroxysmal AFib admitted to IRF on 10/09/2026 after acute L MCA ischemic stroke on 10/03/2026 s/p IV tenecteplase and thrombectomy (TICI 2b), with R hemiparesis, expressive aphasia and oropharyngeal dysphagia. Remote L knee arthroscopy (2015), asymptomatic.\nFunction: FIM total 52 on admission -> 88 at discharge. Gait 15 ft with hemi-walker and mod assist on admission; at discharge 150 ft with small-base quad cane, R AFO and contact guard assist. Transfers supervision. Stairs: 4 steps with L rail, min assist.\nDysphagia: NPO with PEG feeds at admission. Repeat VFSS 10/21 without aspiration; advanced to IDDSI level 6 soft & bite-sized diet with thin liquids by cup, no straws, supervised meals. PEG removed 10/27. Weight 78.4 kg on admission, 76.9 kg at discharge.\nSpasticity: RUE MAS 3 at elbow flexors; onabotulinumtoxinA 200 units to R biceps, brachioradialis and FCR on 10/16; MAS 1+ by 10/28. Baclofen 5 mg TID from 10/12, increased to 10 mg TID on 10/20. R wrist-hand orthosis at night.\nBladder: retention, PVR up to 620 mL; Foley removed 10/11, IC q6h, then voiding spontaneously with PVRs < 100 mL since 10/19. Tamsulosin 0.4 mg qHS. No UTI (UCx 10/14 no growth).\nBowel: no BM x 4 days on admission; timed bowel program with senna and bisacodyl supp after breakfast; continent with daily BM since 10/22.\nMood: PHQ-9 14 -> 8 on sertraline 50 mg daily.\nAFib: apixaban 5 mg BID since 10/10; aspirin stopped.\nDisposition: home with wife; outpatient PT/OT/SLP 3x/week. F/u PM&R Dr. Okafor 11/20/2026 (reassess for repeat botulinum toxin); neurology 12/04/2026.";

/// "Baclofen 5 mg TID from 10/12, increased to 10 mg TID on 10/20": the date a phase began
/// on is not the date of a change the claim dates.
#[test]
fn the_start_of_a_phase_does_not_date_the_change() {
    expect(
        REHAB_NOTE,
        &[
            (
                "Baclofen was increased to 10 mg TID on 10/12.",
                Contradicted,
            ),
            ("Baclofen was increased to 10 mg TID on 10/20.", Supported),
            (
                "Baclofen 5 mg TID from 10/12, increased to 10 mg TID on 10/20.",
                Supported,
            ),
        ],
    );
}

/// "Admission urinalysis ... positive for blood" against "Urinalysis 10/06: protein 1+,
/// blood negative, WBC 0-2/hpf": a sentence that names the admission but nothing else of
/// the fact does not answer it, and of "blood" stated both ways the one heading its phrase
/// is the one stated (not the white blood cell's).
#[test]
fn an_admission_fact_is_answered_by_what_states_it() {
    expect(
        TRANSPLANT_LABS,
        &[
            (
                "Admission urinalysis showed 1+ protein and was positive for blood.",
                Contradicted,
            ),
            (
                "Admission urinalysis showed 1+ protein and was negative for blood.",
                Supported,
            ),
        ],
    );
}

/// "Albuterol was not continued" says it was given, then stopped, unlike "intubation was
/// not needed" (no intubation).
#[test]
fn not_continued_was_given() {
    expect(
        "BRONCHIOLITIS COURSE. Albuterol trial x1 in ED without improvement, not continued. No steroids or hypertonic saline given. HFNC weaned to RA on HD 4.",
        &[(
            "Albuterol was not continued after a single ED trial showed no improvement.",
            Supported,
        )],
    );
}

/// "The urinalysis was nitrite negative": with the result's own words after the copula,
/// the subject is what was tested, not what was denied.
#[test]
fn a_tested_subject_before_its_result_is_not_denied() {
    expect(
        "REHAB MEDICINE. UA: nitrite negative, leukocyte esterase trace, WBC 6-10/hpf. Urine culture: no growth.",
        &[
            (
                "The urinalysis was nitrite negative and the urine culture showed no growth.",
                Supported,
            ),
            ("The urinalysis was nitrite positive.", Contradicted),
        ],
    );
}

/// "No more than 5 doses in 24 hours" is a limit ("max 5 doses/24 h"), not a denial of the
/// doses.
#[test]
fn no_more_than_is_a_limit() {
    expect(
        "DISCHARGE MEDS: acetaminophen 160 mg/5 mL 3.6 mL (115 mg) PO q6h PRN fever, max 5 doses/24 h; nasal saline + bulb suction before feeds.",
        &[(
            "Tylenol 115 mg (3.6 mL of the 160 mg/5 mL liquid) by mouth every 6 hours as needed for fever, no more than 5 doses in 24 hours.",
            Supported,
        )],
    );
}

/// "Continues", like "continued", is a light word: "Augmentin continues through 12/06" is
/// not contradicted by another drug "not continued".
#[test]
fn continues_is_light() {
    expect(
        "DISCHARGE MEDICATIONS. Amoxicillin-clavulanate (Augmentin) 400-57 mg/5 mL: 8.75 mL PO BID with food through 12/06/2026. Ceftriaxone and metronidazole: stopped 12/02, not continued.",
        &[(
            "Augmentin suspension 8.75 mL PO BID continues through 12/06/2026.",
            Supported,
        )],
    );
}

/// "Blood cultures 10/10 x 2 sets" counts sets, written apart as "x2" is glued: no rival of
/// a temperature of 38.1 C.
#[test]
fn x_n_apart_counts_times() {
    expect(
        "HEMATOLOGY COURSE. Tmax 38.1 C on 10/10; CXR clear. Blood cultures 10/10 x 2 sets: no growth at 5 days.",
        &[("Blood cultures drawn for the 38.1 C fever on 10/10 were negative.", Supported)],
    );
}

/// "SCD on RLE (LLE in frame)": what is on a side's body part is of that side, so the SCD is
/// the right leg's, whatever the left leg has.
#[test]
fn what_is_on_a_sided_body_part_has_its_side() {
    expect(
        "ORTHO TRAUMA. VTE ppx: SCD on RLE (LLE in frame); enoxaparin 30 mg SC q12h. Bilateral LE venous duplex: no DVT.",
        &[
            ("Mechanical VTE prophylaxis was an SCD on the left leg.", Contradicted),
            ("Mechanical VTE prophylaxis was an SCD on the right leg.", Supported),
        ],
    );
}

/// "iCa 1.92 [1.15-1.32] mmol/L": the unit after a bracketed reference range is the value's
/// (so "1.92 mg/dL" is a unit slip), and iCa is the ionized calcium.
#[test]
fn a_unit_after_a_bracketed_range_is_the_values() {
    expect(
        "ENDOCRINE LABS. Admission: iCa 1.92 [1.15-1.32] mmol/L (H); total Ca 14.8 [8.5-10.5] mg/dL (H); PTH 8 pg/mL.",
        &[
            ("Ionized calcium on admission was 1.92 mg/dL.", Contradicted),
            ("Ionized calcium on admission was 1.92 mmol/L.", Supported),
        ],
    );
}

/// "Admission lipase was 2,340 U/L and had fallen to 96 U/L by discharge": the clause of
/// change leaves its subject out, so its value is looked for with the earlier clause's
/// subject, and the verb only says what the two values found say. The end of a change
/// written with its start ("from 1.9 ... to 1.0") has the start's subject.
#[test]
fn a_clause_of_change_has_the_earlier_subject() {
    expect(
        "LABORATORY RESULTS - INPATIENT TREND (ref ranges in brackets).\n04/28 08:10 (admit): WBC 14.2 K/uL [4.0-11.0] (H), Hgb 11.9 g/dL, Plt 78 K/uL [150-400] (L). Na 131 mmol/L, K 3.6, BUN 28, Cr 1.4 mg/dL [0.7-1.3] (H). Lipase 2,340 U/L [13-60] (H). AST 312, ALT 286, ALP 398 U/L; T bili 4.8 mg/dL [0.2-1.2] (H); albumin 2.6 g/dL; INR 1.6. Triglycerides 142 mg/dL; Ca 8.4 mg/dL. Serum EtOH undetectable.\n04/29 06:00 (pre-ERCP): T bili 5.6, ALT 301, lipase 1,180.\n04/30 09:40: ammonia 112 umol/L [11-51] (H). Na 130, WBC 11.0.\n05/01: lipase 412, Cr 1.1. Ascitic fluid (05/01): PMN 90 cells/mm3, total protein 1.1 g/dL, albumin 0.9 g/dL (SAAG 1.7), Gram stain no organisms, culture no growth.\n05/04 05:30 (discharge): WBC 8.1, Hgb 10.8, Plt 84. Na 134, K 4.1, BUN 14, Cr 0.9. Lipase 96. AST 68, ALT 92, ALP 214; T bili 2.1; INR 1.5.\nBlood cultures x2 (04/28): no growth at 5 days.\nComment: LFTs improving but still abnormal at discharge.",
        &[("Admission lipase was 2,340 U/L and had fallen to 96 U/L by discharge.", Supported)],
    );
    expect(
        "LABORATORY RESULTS - ADMISSION THROUGH DISCHARGE.\n05/01/2026 21:15 (ED): VBG pH 7.08 (ref 7.32-7.43), pCO2 18 mmHg. Glucose 612 mg/dL (H). Na 129 mmol/L (L; corrected 137), K 5.9 mmol/L (H; ref 3.5-5.1), Cl 92 mmol/L, HCO3 6 mmol/L (L), anion gap 31 (H), BUN 38 mg/dL (H), Cr 1.9 mg/dL (H; ref 0.7-1.3). Beta-hydroxybutyrate 7.9 mmol/L (H). Lactate 2.8 mmol/L (H). Lipase 41 U/L (ref 13-60). WBC 18.4 K/uL (H), 88% neutrophils; Hgb 13.6 g/dL; Plt 312 K/uL. Procalcitonin 3.4 ng/mL (H). HbA1c 9.4% (ref <5.7%). UA: ketones large, glucose >1000 mg/dL.\n05/02/2026 06:10: K 3.3 mmol/L (L), repleted with KCl 40 mEq PO + 20 mEq IV. Phos 1.6 mg/dL (L). Glucose 214 mg/dL.\n05/02/2026 19:40 (after hematemesis): Hgb 7.2 g/dL (L), Plt 248 K/uL, INR 1.1, BUN 44 mg/dL (H). Type and screen: O pos, antibody screen negative.\n05/03/2026 14:05 (after 2nd unit PRBC): Hgb 8.6 g/dL.\n05/06/2026 06:30 (discharge): Na 138, K 4.1 mmol/L, Cl 103, HCO3 24, anion gap 11, BUN 14, Cr 1.0 mg/dL, glucose 168 mg/dL, Mg 1.9 mg/dL. WBC 9.2 K/uL, Hgb 9.1 g/dL (ref 13.5-17.5), Plt 286 K/uL.\nMicro: blood cultures 05/01 x2: no growth to date (4 days). MRSA nares PCR negative. S. pneumoniae urinary antigen POSITIVE. Legionella urinary antigen negative. Sputum culture: normal respiratory flora.",
        &[("Creatinine improved from 1.9 mg/dL on admission to 1.0 mg/dL at discharge.", Supported)],
    );
}

/// "Haloperidol not used": a verb of giving or doing denied right after its subject denies
/// the subject, as a light framing verb does ("Vitamin K not given").
#[test]
fn a_denied_verb_of_doing_denies_its_subject() {
    expect(
        "DELIRIUM. CIWA-Ar peak 19; lorazepam 0.5-1 mg IV PRN CIWA >10 (total 3.5 mg). Haloperidol not used. CAM negative at discharge.",
        &[
            ("Haloperidol was given for agitation during the delirium.", Contradicted),
            ("Lorazepam was given as needed for CIWA scores above 10.", Supported),
        ],
    );
}

/// "orthostatic vitals: supine BP 124/72, HR 84; standing BP 120/70, HR 90. Negative": a bare
/// result opening a sentence answers the label of its line.
#[test]
fn a_bare_result_answers_its_lines_label() {
    let flowsheet = "VITAL SIGNS FLOWSHEET.\n05/06/2026 04:00: T 37.9 C, HR 92, BP 118/70.\n05/06/2026 10:00 orthostatic vitals: supine BP 124/72, HR 84; standing 3 min BP 120/70, HR 90. Negative; no dizziness.\n05/06/2026 12:00: T 37.4 C, HR 86.";
    expect(
        flowsheet,
        &[
            (
                "Orthostatic vital signs on 05/06 were positive.",
                Contradicted,
            ),
            ("Orthostatic vital signs on 05/06 were negative.", Supported),
        ],
    );
}

/// "negative for nitrite and leukocyte esterase, and free T4 was within normal limits": a
/// part of a denied list with a verb of its own is a statement of its own, not one more
/// denied thing.
#[test]
fn a_list_part_with_its_own_verb_is_not_denied() {
    expect(
        "LABS 05/06. Urinalysis: negative for nitrite and leukocyte esterase; no blood. TSH 2.1 mIU/L; free T4 1.4 ng/dL (0.8-1.8), normal.",
        &[(
            "Urinalysis was negative for nitrite and leukocyte esterase, and free T4 was within normal limits.",
            Supported,
        )],
    );
}

/// "supine BP 120/70, HR 58; standing 3 min BP 112/68, HR 66 - negative": a result set off
/// by a dash after the last reading of a line of several parts answers the line's label,
/// not the reading before it; and "morning" only says when.
#[test]
fn a_dashed_result_after_a_lines_readings_answers_its_label() {
    let flowsheet = "VITAL SIGNS FLOWSHEET.\n05/06 06:00: T 36.7 C, HR 58 regular, BP 116/68.\nOrthostatic vitals 05/06 07:30: supine BP 120/70, HR 58; standing 1 min BP 116/70, HR 64; standing 3 min BP 112/68, HR 66 - negative. Asymptomatic on standing.";
    expect(
        flowsheet,
        &[
            (
                "Orthostatic vital signs were negative on the morning of 05/06.",
                Supported,
            ),
            (
                "Orthostatic vital signs were positive on 05/06.",
                Contradicted,
            ),
        ],
    );
}

/// "Home BP on the morning of 05/10 was 152/98" against a summary of 05/08 planning "BP check
/// in clinic 05/11": the day of a reading after the source was written is no day it could
/// give, so its planned date does not contradict it.
#[test]
fn a_readings_day_after_the_writing_is_not_contradicted_by_a_plan() {
    let content = "OB POSTPARTUM DISCHARGE SUMMARY. Preeclampsia with severe features. Labetalol 300 mg PO BID. BP range last 24 h 136-154/88-102; most recent 132/86 (05/08 12:00). Plan: home BP cuff; BP check in OB clinic in 72 h (05/11/2026); call for BP >=160/110.";
    expect(
        content,
        &[("Home BP on the morning of 05/10 was 152/98.", Unsupported)],
    );
}

/// "a venous ultrasound ruled out a clot": "ruled out" in the active voice denies what follows
/// it, not the study before it (in the passive, "PE was ruled out", it denies its subject).
#[test]
fn ruled_out_in_the_active_voice_denies_what_follows() {
    expect(
        "CELLULITIS. Non-purulent cellulitis of the L lower leg. Doppler US LLE 05/06: no DVT. CTA chest: PE ruled out.",
        &[
            ("A left leg Doppler ultrasound ruled out a clot.", Supported),
            ("A left leg Doppler ultrasound showed a clot.", Contradicted),
        ],
    );
    expect(
        "ED COURSE. Chest pain. CTA chest ruled out pulmonary embolism. Troponin negative x2.",
        &[("CT angiography showed a pulmonary embolism.", Contradicted)],
    );
}

/// "No focal parieto-occipital white matter hypodensity to suggest PRES": what the denied
/// finding would suggest is denied with it, however long the finding's name.
#[test]
fn what_a_denied_finding_would_suggest_is_denied() {
    expect(
        "CT HEAD WITHOUT CONTRAST 05/06. No acute intracranial hemorrhage. No focal parieto-occipital white matter hypodensity to suggest PRES. Ventricles normal in size.",
        &[
            ("CT head showed no findings to suggest PRES.", Supported),
            ("CT head showed findings suggestive of PRES.", Contradicted),
        ],
    );
}

/// "RSV, influenza A/B, SARS-CoV-2 not detected": a statement that is a list of short names
/// is denied whole by the cue after it.
#[test]
fn a_list_of_names_before_a_denial_is_denied_whole() {
    expect(
        "MICRO. RVP 05/06: rhinovirus/enterovirus DETECTED; RSV, influenza A/B, SARS-CoV-2 not detected. Blood culture: no growth at 48 h.",
        &[
            ("The respiratory viral panel was negative for RSV.", Supported),
            ("The respiratory viral panel was positive for RSV.", Contradicted),
        ],
    );
}

/// "Urine protein/creatinine ratio 2.4 mg/mg (<0.3) H": a limit in parentheses right after a
/// reading is its reference, not a result below a detection limit ("troponin T <0.01 ng/mL"
/// still is one).
#[test]
fn a_limit_in_parentheses_after_a_reading_is_its_reference() {
    expect(
        "PREECLAMPSIA LABS 05/06. LDH 388 U/L (140-280) H; uric acid 6.8 mg/dL (2.5-6.0) H. Urine protein/creatinine ratio 2.4 mg/mg (<0.3) H. Troponin T <0.01 ng/mL.",
        &[
            ("The urine protein/creatinine ratio was 2.4.", Supported),
            ("Troponin T was positive.", Contradicted),
        ],
    );
}

/// "Midodrine 5 mg PO TID was started" against a list without midodrine: a drug known by its
/// name's shape (-drine, -pressin, -milast, -penem, ...) owns its dose, which no other drug's
/// dose contradicts.
#[test]
fn a_drug_known_by_its_shape_owns_its_dose() {
    expect(
        "DISCHARGE MEDICATIONS. Metoprolol succinate 25 mg PO daily; apixaban 5 mg PO BID; furosemide 40 mg PO daily. Diltiazem stopped (hypotension).",
        &[
            ("Midodrine 10 mg PO TID was started for orthostatic hypotension.", Unsupported),
            ("Roflumilast 500 mcg daily was started.", Unsupported),
        ],
    );
}

/// "Enoxaparin 40 mg/0.4 mL SC daily", "nicotine patch 21 mg/24 hr", "home O2 2 L/min": a dose
/// in a syringe's volume or a patch's day is that dose, and oxygen in litres per minute is
/// the litres; a suspension's "100 mg/5 mL" stays a concentration, not the dose. Trandate is
/// labetalol.
#[test]
fn a_dose_in_a_syringe_or_patch_is_the_dose() {
    expect(
        "DISCHARGE MEDICATIONS. Enoxaparin 40 mg/0.4 mL SC daily x 28 days. Nicotine patch 21 mg/24 hr daily. Labetalol 200 mg PO q12h. Home oxygen 2 L/min via NC, continuous. Ibuprofen 100 mg/5 mL susp 4.5 mL (90 mg) PO q6h PRN.",
        &[
            ("Lovenox 40 mg subcutaneously once daily.", Supported),
            ("Lovenox 40 mcg subcutaneously once daily.", Contradicted),
            ("He will use a 21 mg nicotine patch daily.", Supported),
            ("He goes home on 2 L of oxygen by nasal cannula.", Supported),
            ("Trandate 200 mg twice daily.", Supported),
            ("Motrin 90 mg every 6 hours as needed.", Supported),
        ],
    );
}

/// "an appointment on April 22, 2026" against a chest X-ray report dated 03/14: a date placed
/// this weakly (the report's words are not the claim's) is another event's day, not a
/// contradiction; a date placed well still is one.
#[test]
fn a_weakly_placed_date_does_not_contradict() {
    expect(
        "CHEST X-RAY 2 VIEWS, 05/06/2026 10:15. Indication: cough, fever. Findings: no focal consolidation, no pleural effusion, no pneumothorax. Impression: peribronchial thickening consistent with viral bronchiolitis. Follow-up with pediatrics on 05/12/2026.",
        &[
            (
                "Chest X-ray showed no pneumothorax, and she was referred to pulmonology with an appointment on June 22, 2026.",
                PartiallySupported,
            ),
            ("The chest X-ray was done on 05/07/2026.", Contradicted),
        ],
    );
}

/// "R and L cervical ICAs without hemodynamically significant stenosis": ICA in capitals is
/// the internal carotid artery (iCa is the ionized calcium), and what a denied finding would
/// be of ("no stenosis of either cervical ICA") is not denied with it.
#[test]
fn the_place_of_a_denied_finding_is_not_denied() {
    expect(
        "CTA HEAD AND NECK 05/06/2026: Occlusion of the L M2 segment. R and L cervical ICAs without hemodynamically significant stenosis (<50% by NASCET). No aneurysm or dissection.",
        &[
            (
                "CTA showed no hemodynamically significant stenosis of either cervical ICA and no aneurysm or dissection.",
                Supported,
            ),
            ("CTA showed an aneurysm of the left cervical ICA.", Contradicted),
        ],
    );
}

/// "saw no need for bronchoscopy and recommended a repeat chest X-ray": a conjunct that opens
/// with a verb of what was done is a statement of its own, not one more denied thing.
#[test]
fn a_conjunct_opening_with_a_verb_is_not_denied() {
    expect(
        "PULMONOLOGY CONSULT 05/06. RLL pneumonia, improving. No indication for bronchoscopy at this time. Repeat chest X-ray in 6-8 weeks to confirm resolution.",
        &[(
            "Pulmonology saw no indication for bronchoscopy and recommended a repeat chest X-ray in 6-8 weeks.",
            PartiallySupported,
        )],
    );
}

/// Words of the same meaning: duodenum/duodenal, apneic/apnea, Breztri (budesonide,
/// glycopyrrolate, formoterol); "episodes" and "notable for" only frame what they name.
#[test]
fn more_words_of_one_meaning() {
    expect(
        "PEDS WARD DISCHARGE 05/06. EGD: No gastric varices. Duodenum: normal bulb, no ulcer. Pertinent negatives: no apnea, no seizure. K 3.1 repleted with 40 mEq PO. Admission labs: 25-OH vitamin D 14 ng/mL (L). Discharge inhaler: budesonide/glycopyrrolate/formoterol 2 puffs BID.",
        &[
            ("EGD showed no duodenal ulcer.", Supported),
            ("She had no apneic episodes.", Supported),
            ("Labs were notable for vitamin D 14.", Supported),
            ("Discharged on Breztri 2 puffs twice daily.", Supported),
        ],
    );
}

/// "Carboprost (Hemabate) deliberately avoided given asthma hx": "avoided" after its subject
/// denies it, through a drug's other name in parentheses; before its object ("the team
/// avoided chlordiazepoxide") it denies the object. "qualified" meets "qualify".
#[test]
fn avoided_denies_what_it_names() {
    let note = "PPH: uterine atony; oxytocin and misoprostol given. Carboprost (Hemabate) deliberately avoided given asthma hx. Withdrawal: symptom-triggered lorazepam; chlordiazepoxide avoided given liver injury. Ambulatory O2 test: nadir 90% RA. Does NOT qualify for home O2.";
    expect(
        note,
        &[
            ("Carboprost was given for uterine atony.", Contradicted),
            (
                "Because of his liver injury, they avoided chlordiazepoxide and treated his withdrawal with lorazepam.",
                Supported,
            ),
            ("Ambulatory oximetry qualified him for home oxygen.", Contradicted),
        ],
    );
}

/// "Sevelamer carbonate 800 mg tab - 2 tabs (1,600 mg) PO TID": the tablet's strength of a
/// dose of several tablets is not the dose, so "800 mg TID" contradicts it.
#[test]
fn a_tablets_strength_is_not_a_dose_of_several_tablets() {
    expect(
        "MEDICATION RECONCILIATION. NEW: Sevelamer carbonate 800 mg tab - 2 tabs (1,600 mg) PO TID with meals. Calcitriol 0.25 mcg PO daily.",
        &[
            ("Sevelamer carbonate 800 mg PO TID with meals was started.", Contradicted),
            ("Sevelamer carbonate 1,600 mg PO TID with meals was started.", Supported),
            ("Sevelamer 800 mg tablets, two tablets three times daily with meals.", Supported),
        ],
    );
}

/// "R 7th rib fx": a side before an ordinal is the body part's after it.
#[test]
fn a_side_before_an_ordinal_is_the_body_parts() {
    expect(
        "TRAUMA DISCHARGE. Injuries: R 7th rib fx, nondisplaced: lidocaine 4% patch to R chest wall daily; incentive spirometry. L parietal scalp hematoma.",
        &[
            ("A nondisplaced left 7th rib fracture was managed with a lidocaine patch.", Contradicted),
            ("A nondisplaced right 7th rib fracture was managed with a lidocaine patch.", Supported),
        ],
    );
}

/// "Zinc transporter 8 (ZnT8) antibody: <10 U/mL (negative)": the result of a label's value
/// is the label's; and "Celiac screening was negative (tTG-IgA <1.0 U/mL)": the test in a
/// parenthesis right after a result is the one with that result.
#[test]
fn a_result_after_a_labels_value_is_the_labels() {
    let labs = "DIABETES LABS 05/06. GAD65 antibody: >250 IU/mL (POSITIVE) [<5 IU/mL]. Zinc transporter 8 (ZnT8) antibody: <10 U/mL (negative) [<15 U/mL]. tTG-IgA: <1.0 U/mL (negative) [<4.0]. Total IgA: 186 mg/dL (normal).";
    expect(
        labs,
        &[
            (
                "GAD65 and zinc transporter 8 antibodies were both positive.",
                Contradicted,
            ),
            ("The zinc transporter 8 antibody was negative.", Supported),
            // (The serology is named by no source: partly supported, not contradicted.)
            (
                "Serology was negative (tTG-IgA <1.0 U/mL).",
                PartiallySupported,
            ),
        ],
    );
}

/// "h/o priapism (2019, resolved)" against "no priapism this admission": what a note calls
/// history does not agree with a claim of this admission.
#[test]
fn history_does_not_speak_of_this_admission() {
    expect(
        "HEMATOLOGY PROGRESS NOTE 05/06/2026. 31 y/o M with HbSS, functional asplenia and h/o priapism (2019, resolved), admitted 05/04/2026 for VOC. Denies CP, SOB, fever; no priapism this admission.",
        &[("He reported an episode of priapism during this admission.", Contradicted)],
    );
}

/// "Some phantom sensation, no phantom pain": a word the sources state both ways is stated,
/// for the claim, where it stands with the claim's other words; with only a light one there
/// ("pain"), in the phrase that holds it.
#[test]
fn a_word_stated_both_ways_is_answered_with_the_claims_light_word() {
    let note = "VASCULAR SURGERY PROGRESS NOTE - 05/06/2026. POD #3 s/p L below-knee amputation for critical limb ischemia.\nS: Pain 3/10, controlled on oral regimen. Some phantom sensation, no phantom pain. Tolerating regular diet.\nO: L stump: incision C/D/I.";
    expect(
        note,
        &[
            ("She reported phantom limb pain on POD 3.", Contradicted),
            ("She reported phantom sensation on POD 3.", Supported),
        ],
    );
}

/// "No return to OR; no chylothorax on CXR": the OR is the operating room, not a conjunction
/// carrying the denial on to "the chyle leak".
#[test]
fn a_return_to_the_or_is_no_conjunction() {
    expect(
        "ENT DISCHARGE 05/06. Chyle leak from the left neck drain POD 2, managed with MCT diet and octreotide. No return to OR; no chylothorax on CXR 05/04.",
        &[
            (
                "CXR on 05/04 showed no chylothorax, and no return to the OR was needed for the chyle leak.",
                Supported,
            ),
            ("He needed a return to the OR for the chyle leak.", Contradicted),
        ],
    );
}

/// "Anticoagulation: none (no AFib)": a bare answer to a label stays its answer before an
/// aside in parentheses.
#[test]
fn a_bare_answer_before_an_aside_answers_its_label() {
    expect(
        "DISCHARGE SUMMARY 05/06. Pertinent negatives: no atrial fibrillation, no DVT/PE. Anticoagulation: none (no AFib). Aspirin 81 mg daily.",
        &[
            ("No anticoagulation was started.", Supported),
            ("Anticoagulation was started.", Contradicted),
        ],
    );
}

/// "tolerated without neck leak or swelling": a body part naming where a denied finding would
/// be is its place, not denied itself ("no leak or swelling in the neck"); before a light head
/// ("denies chest pain") it is the finding.
#[test]
fn the_body_part_of_a_denied_finding_is_its_place() {
    expect(
        "ENT DISCHARGE 05/06. Clear liquids started POD 8, full liquids POD 9, tolerated without neck leak or swelling. Denies chest pain.",
        &[
            ("He tolerated full liquids with no leak or swelling in the neck.", Supported),
            ("He reported chest pain.", Contradicted),
        ],
    );
}

/// "Cr 4.8 -> 3.1 (05/03) -> 1.6 mg/dL (05/05)": a change from the trend's start to a later
/// step of it is what the trend says ("improved from 4.8 to 1.6"), unless the claim dates it
/// otherwise; and "resumed 05/03 at 2.5 mg BID" after "apixaban 5 mg BID held 05/01" is
/// the apixaban's dose. A drain "pulled" is removed.
#[test]
fn a_change_over_a_trend_and_a_part_acting_on_the_drug_before_it() {
    let note = "DISCHARGE SUMMARY 05/06. AKI from an obstructing stone, s/p stent 05/01. Cr 4.8 -> 3.1 (05/03) -> 1.6 mg/dL (05/05). Trends: K 5.9 -> 4.4 -> 4.0 mmol/L. Labs 05/05 06:00: K 4.0 mmol/L. Anticoagulation: home apixaban 5 mg BID held 05/01 for procedure; resumed 05/03 at 2.5 mg BID (wt 57.8 kg, Cr >=1.5). L neck drain removed 05/05.";
    expect(
        note,
        &[
            ("Creatinine improved from 4.8 to 1.6 mg/dL.", Supported),
            ("Creatinine improved from 4.8 to 1.2 mg/dL.", Contradicted),
            (
                "Creatinine improved from 4.8 to 1.6 mg/dL on 05/05.",
                Supported,
            ),
            (
                "Creatinine improved from 4.8 to 3.1 mg/dL on 05/05.",
                Contradicted,
            ),
            (
                "Potassium improved from 5.9 to 4.4 mmol/L on 05/05.",
                Contradicted,
            ),
            ("She was discharged on apixaban 2.5 mg BID.", Supported),
            ("The neck drain was pulled on 05/05.", Supported),
        ],
    );
}

/// "Mg 1.3 mg/dL (L)", "K 6.7 (HH, critical)": a lab flag says the value is low or high, as
/// a claim may; and "3 out of 10" is the score a note writes "3/10".
#[test]
fn a_lab_flag_says_low_or_high_and_out_of_is_a_score() {
    expect(
        "LABS 05/06. Mg 1.3 mg/dL (L) [1.7-2.2]. K 6.7 mmol/L (HH, critical). PCA stopped 05/05; pain 3/10 on oral regimen at discharge.",
        &[
            ("Her magnesium was low at 1.3 mg/dL.", Supported),
            ("Her potassium was elevated at 6.7 mmol/L.", Supported),
            ("By discharge her pain was 3 out of 10 on oral medications.", Supported),
            ("By discharge her pain was 5 out of 10 on oral medications.", Contradicted),
        ],
    );
}

/// Days written short ("MWF", "Mon/Wed/Fri") are the days; "screening" and "containing" only
/// frame what they name.
#[test]
fn short_days_and_framing_words() {
    expect(
        "DISCHARGE 05/06. Outpatient HD: chair time MWF 06:30. HIV Ag/Ab: nonreactive. Avoid estrogen contraception (APS).",
        &[
            ("Chair time is Monday, Wednesday and Friday.", Supported),
            ("She should avoid estrogen-containing contraception.", Supported),
        ],
    );
    expect(
        "MEDICATIONS. Bactrim DS 1 tab PO three times weekly (Mon/Wed/Fri) for PJP prophylaxis.",
        &[(
            "Bactrim is taken on Mondays, Wednesdays and Fridays.",
            Supported,
        )],
    );
}

/// "left kidney 5.4 cm with mild pelviectasis": what a sided body part's size is given with
/// is of that side; and a severity right before a side is that side's ("Moderate right
/// pleural effusion. Small left pleural effusion." against "a moderate left and a small
/// right pleural effusion").
#[test]
fn sides_reach_a_sized_parts_findings_and_a_severity_before_them() {
    expect(
        "RENAL/BLADDER US 05/06: right kidney 5.2 cm, normal; left kidney 5.4 cm with mild pelviectasis (APRPD 6 mm); no hydroureter; bladder normal.",
        &[
            ("Ultrasound showed mild right pelviectasis.", Contradicted),
            ("Ultrasound showed mild left pelviectasis.", Supported),
        ],
    );
    expect(
        "XR CHEST PORTABLE AP. Exam date/time: 05/02/2026 03:52. Compare: 11/14/2025.\nClinical hx: 74 y/o F, acute dyspnea, orthopnea, elevated troponin.\nFINDINGS: Cardiomegaly, increased from prior (CTR ~0.60). Bilateral perihilar airspace opacities and interstitial edema with Kerley B lines; cephalization of the pulmonary vasculature.\nModerate right pleural effusion. Small left pleural effusion. No pneumothorax.\nNo lines or tubes. Degenerative changes of the thoracic spine. Old healed left 6th rib fracture.\nIMPRESSION:\n1. Pulmonary edema, consistent with acute CHF.\n2. Moderate R and small L pleural effusions.\n3. No focal consolidation to suggest pneumonia. No pneumothorax.\nADDENDUM 05/06/2026 10:12 (repeat portable AP, 08:30): Marked interval improvement of pulmonary edema. Small R pleural effusion, decreased. L pleural effusion has resolved. No new opacity.",
        &[
            (
                "Admission CXR showed pulmonary edema with a moderate left and a small right pleural effusion.",
                Contradicted,
            ),
            (
                "Admission CXR showed pulmonary edema with a moderate right and a small left pleural effusion.",
                Supported,
            ),
        ],
    );
}

/// "discontinued once cultures were negative": a denial after a subordinate clause's subject
/// ends at its conjunction; and "no VT/VF events with BiV pacing 96%": a "with" phrase holding
/// a reading is a statement of its own.
#[test]
fn a_denial_ends_at_a_subordinate_clause_or_a_with_reading() {
    expect(
        "HOSPITAL COURSE. Empiric meropenem 1 g IV q8h 05/01-05/04 discontinued once cultures negative and fever resolved; no antibiotics at discharge. CRT-D interrogation: no VT/VF events, BiV pacing 96%.",
        &[
            (
                "Empiric meropenem was discontinued once cultures were negative and fever resolved.",
                Supported,
            ),
            ("CRT-D interrogation showed no VT/VF events with BiV pacing 96%.", Supported),
            ("CRT-D interrogation showed VT events.", Contradicted),
        ],
    );
}

/// "HSV PCRs (CSF, blood, surface) all negative": a short list in parentheses right before
/// the cue is of its subject, which the cue answers through it; and "not discharged on
/// maintenance tocolysis" denies the tocolysis (a time point denied is no thing denied).
#[test]
fn a_list_in_parentheses_and_a_denied_time_point() {
    expect(
        "ID NOTE 05/06. Acyclovir 20 mg/kg IV q8h discontinued 05/04 after HSV PCRs (CSF, blood, surface) all negative. Nifedipine tocolysis x 48 h. No maintenance tocolysis.",
        &[
            ("Acyclovir was discontinued after the HSV PCRs were negative.", Supported),
            ("HSV PCR was positive.", Contradicted),
            ("She was not discharged on maintenance tocolysis.", Supported),
        ],
    );
}

/// Brands (Praxbind, Lotrimin, Injectafer, Kcentra, Venofer, ...) are their drugs.
#[test]
fn more_brands_are_their_drugs() {
    expect(
        "A/P: UGIB on supratherapeutic warfarin. Dabigatran reversed with idarucizumab 5 g IV on 05/03/2026; dabigatran discontinued. Vitamin K 10 mg IV x1 and 4-factor PCC 25 units/kg given; repeat INR 1.4. Clotrimazole 1% cream BID to L foot web spaces. Ferric carboxymaltose 750 mg IV x1.",
        &[
            ("Dabigatran was reversed with Praxbind 5 g IV.", Supported),
            ("Lotrimin 1% cream twice daily to the left foot web spaces.", Supported),
            ("She received Injectafer 750 mg IV once.", Supported),
        ],
    );
}

/// "Bone culture grew MSSA" against "Bone cx: MSSA ... Blood cx x2 no growth": another
/// site's culture saying "no growth" does not deny it; a culture of the claim's site saying
/// it still does.
#[test]
fn another_sites_culture_does_not_deny_growth() {
    expect(
        "MICRO. Bone cx: MSSA (clindamycin R). Blood cx x2 no growth at 5 days.",
        &[
            ("Bone culture grew MSSA.", Supported),
            ("Blood cultures grew MSSA.", Contradicted),
        ],
    );
}

/// A side reaches the next few written words, and an abbreviation that stands for several
/// words ("RLE DVT": right lower extremity deep vein thrombosis) is one of them.
#[test]
fn a_side_counts_written_words_not_their_expansions() {
    expect(
        "LE venous duplex: occlusive DVT of the left popliteal and posterior tibial veins. Started apixaban 10 mg PO BID.",
        &[
            ("Apixaban was started for an RLE DVT involving the popliteal veins.", Contradicted),
            ("Apixaban was started for an LLE DVT involving the popliteal veins.", Supported),
        ],
    );
}

/// "extending to, but not into, the IVC": the comma that closes a denied preposition does
/// not end the denial; what follows is denied.
#[test]
fn a_denied_preposition_reaches_past_its_comma() {
    expect(
        "CT A/P IMPRESSION:\n1. Right ovarian vein thrombosis extending to, but not into, the IVC.",
        &[
            (
                "CT showed right ovarian vein thrombosis extending into the IVC.",
                Contradicted,
            ),
            ("CT showed right ovarian vein thrombosis.", Supported),
        ],
    );
}

/// "protein, blood, leukocyte esterase and nitrite all negative": "all" before the cue
/// denies the whole list, not only its last name.
#[test]
fn all_negative_denies_the_whole_list() {
    expect(
        "UA (clean catch): SG 1.018; protein, blood, leukocyte esterase and nitrite all negative; 0-2 RBC/hpf; no casts.",
        &[
            ("Urinalysis was positive for protein and blood.", Contradicted),
            ("Urinalysis was negative for protein and blood.", Supported),
        ],
    );
}

/// "changed to ... at 15 mg" speaks of the end of the change: against "on MTX 15 mg PO
/// weekly ... Change MTX to 20 mg subcut once weekly" the old dose is no evidence.
#[test]
fn a_change_to_a_value_is_the_changes_end() {
    expect(
        "54 y/o F, seropositive RA, on MTX 15 mg PO weekly (Mondays) + folic acid 1 mg daily since 11/2024.\nS: Nausea for ~24 h after each MTX dose; some weeks skips it.\nA/P: Active RA, on oral MTX 15 mg/wk with GI intolerance and missed doses.\n1. Change MTX to 20 mg subcut once weekly (Mondays). Self-injection taught in clinic; first dose 06/22.\n2. Continue folic acid 1 mg PO daily.",
        &[
            ("Methotrexate was changed to subcutaneous injection at 15 mg once weekly.", Contradicted),
            ("Methotrexate was changed to subcutaneous injection at 20 mg once weekly.", Supported),
            ("She had been taking methotrexate 15 mg weekly by mouth.", Supported),
        ],
    );
}

/// mU is milliunits: "16 units/min" against "max 16 mU/min" is a unit slip.
#[test]
fn milliunits_are_a_unit() {
    expect(
        "Oxytocin 30 units/500 mL LR IV: started 10/06 04:30 at 2 mU/min; titrated to max 16 mU/min (13:00).",
        &[
            ("Oxytocin was titrated to a maximum of 16 units/min.", Contradicted),
            ("Oxytocin was titrated to a maximum of 16 mU/min.", Supported),
        ],
    );
}

/// A culture of the claim's site with a colony count grew something: "urine culture showed
/// no growth" against "Urine culture: >100,000 CFU/mL E. coli" (while the blood cultures
/// had none) is contradicted; a count below a threshold is no growth.
#[test]
fn a_colony_count_is_growth_of_its_sites_culture() {
    expect(
        "Urine culture (voided, 03/14): >100,000 CFU/mL Escherichia coli. Susceptible: ceftriaxone, ciprofloxacin.\nBlood cultures x2 (03/14): no growth at 48 h.",
        &[
            ("Admission urine culture showed no growth, and blood cultures were negative.", Contradicted),
            ("Blood cultures showed no growth.", Supported),
        ],
    );
    expect(
        "Urine culture 06/06: <10,000 CFU/mL mixed flora. Blood cultures x2 (06/06): no growth at 24 h.",
        &[("Blood cultures showed no growth.", Supported)],
    );
}

/// An organism that grew from other sites is not what the claim's site grew when the line
/// of its own site denies it ("F) BAL (09/18): Candida albicans ...; no Pseudomonas
/// isolated").
#[test]
fn the_claims_sites_line_decides_an_organism() {
    expect(
        "MICROBIOLOGY\nA) Quantitative tissue biopsy, R posterior thigh graft bed (09/17/2026): Pseudomonas aeruginosa 2.4 x 10^6 CFU/g tissue.\nC) Blood cultures x2 (09/17/2026 22:40): 1 of 2 sets positive at 14 h - Pseudomonas aeruginosa.\nF) BAL (09/18): Candida albicans 10^3 CFU/mL, likely colonization; no Pseudomonas isolated.",
        &[
            ("BAL culture was positive for Pseudomonas aeruginosa.", Contradicted),
            ("Blood cultures were positive for Pseudomonas aeruginosa.", Supported),
        ],
    );
}

/// "without growth" says what "no growth" says: a negative culture.
#[test]
fn without_growth_is_a_negative_culture() {
    expect(
        "Blood cultures x2 (10/06 11:00): no growth at 48 h; final pending.",
        &[
            (
                "Maternal blood cultures were without growth at 48 hours.",
                Supported,
            ),
            ("Blood cultures were negative at 48 hours.", Supported),
        ],
    );
}

/// "Bone, proximal margin: no growth" denies the label with the growth by convention; a
/// claim that the culture of that margin had no growth agrees with it.
#[test]
fn a_culture_label_denied_with_its_growth_agrees() {
    expect(
        "2) Bone, R 1st metatarsal head (OR 04/06/2026): Staphylococcus aureus, methicillin-resistant.\n3) Bone, R 1st metatarsal proximal margin (OR 04/06/2026): no growth at 72 hours (final).\n4) Blood cultures x2 (04/03/2026): no growth at 5 days.",
        &[
            ("The proximal margin bone culture was final with no growth, and blood cultures x2 were negative.", Supported),
            ("The proximal margin bone culture grew MRSA.", Contradicted),
        ],
    );
}

/// "No anaphylactoid reaction to NAC" denies the reaction, not the drug it was a reaction
/// to.
#[test]
fn a_denied_reaction_to_a_drug_leaves_the_drug() {
    expect(
        "No anaphylactoid reaction to NAC. Nausea managed with ondansetron 4 mg IV q8h PRN.",
        &[
            ("There was no anaphylactoid reaction to the NAC.", Supported),
            ("She had an anaphylactoid reaction to NAC.", Contradicted),
        ],
    );
}

/// "No DVT" denies the thrombosis; the words the abbreviation spells out before it ("deep
/// vein") state nothing of their own, so "the deep veins were compressible, with no
/// thrombus" agrees with it. A hyphenated name keeps its words' polarity.
#[test]
fn an_abbreviations_spelled_out_modifiers_are_not_denied() {
    expect(
        "RIGHT: Common femoral, femoral, popliteal, posterior tibial and peroneal veins are fully compressible with normal phasic flow and augmentation. No DVT.",
        &[
            ("The right deep veins were fully compressible, with no thrombus.", Supported),
            ("Duplex showed a right DVT.", Contradicted),
        ],
    );
    expect(
        "Diagnosis: acute T cell-mediated rejection, Banff grade IA. No evidence of antibody-mediated rejection.",
        &[("The biopsy showed antibody-mediated rejection.", Contradicted)],
    );
    // (A test answered as a whole stays denied whole.)
    expect(
        "UDS: negative (note: diphenhydramine may cause false-positive PCP/TCA screens; none seen).",
        &[("Urine drug screen was positive for PCP, attributed to diphenhydramine cross-reactivity.", Contradicted)],
    );
}

/// After a comma that kept a list's denial, a conjunct opening with an article is a thing
/// of its own; and "L-spine" is the lumbar spine, not a left one.
#[test]
fn a_denied_list_ends_at_an_article_and_l_spine_is_lumbar() {
    expect(
        "TEE 03/06: no valvular vegetation or perivalvular abscess. MRI L-spine 03/03: discitis-osteomyelitis as above; no epidural abscess.",
        &[
            ("TEE was negative for valvular vegetation or perivalvular abscess, and the L-spine MRI showed no epidural abscess.", Supported),
            ("MRI of the lumbar spine showed discitis-osteomyelitis.", Supported),
        ],
    );
}

/// "the first sterile blood culture" is the first negative one.
#[test]
fn a_sterile_blood_culture_is_a_negative_one() {
    expect(
        "Repeat BCx 03/04 and 03/05 no growth x 5 days; first negative BCx 03/04/2026.",
        &[
            (
                "The first sterile blood culture was on 03/04/2026.",
                Supported,
            ),
            (
                "The first positive blood culture was on 03/04/2026.",
                Contradicted,
            ),
        ],
    );
}

/// A biopsy is a culture's site ("biopsy ... grew" is not denied by "Blood cultures x2: no
/// growth"); "million" is 10^6; "invading" is invasion.
#[test]
fn a_biopsys_growth_and_its_invasion() {
    expect(
        "MICROBIOLOGY\nA) Quantitative tissue biopsy, R posterior thigh graft bed (09/17/2026): Pseudomonas aeruginosa 2.4 x 10^6 CFU/g tissue. Histology: organisms invading viable tissue beneath the eschar.\nB) Quantitative tissue biopsy, L flank graft (09/17/2026): Staphylococcus epidermidis <10^3 CFU/g; no invasion.\nD) Blood cultures x2 (09/19/2026): no growth to date (48 h).",
        &[
            ("Quantitative biopsy of the right posterior thigh graft bed grew 2.4 million CFU/g of Pseudomonas, with invasion into viable tissue.", Supported),
            ("The left flank graft biopsy showed invasion.", Contradicted),
        ],
    );
}

/// "Clozapine 100 mg tab: 1 tab qAM AND 2 tabs (200 mg) at bedtime. Total 300 mg/day.": a
/// total that names no drug is the dose of the line's drug.
#[test]
fn a_total_is_the_lines_drugs_dose() {
    expect(
        "DISCHARGE MEDICATIONS - 05/29/2026. Wt 104 kg.\nClozapine (Clozaril) 100 mg tab: 1 tab PO every morning AND 2 tabs (200 mg) PO at bedtime. Total 300 mg/day. Dispense 7-day supply only.\nSennosides 8.6 mg tab: 2 tabs PO at bedtime.",
        &[
            ("Discharge clozapine is 300 mg/day.", Supported),
            ("Discharge clozapine is 400 mg/day.", Contradicted),
        ],
    );
}

/// For an ion of one charge mEq/L and mmol/L are one unit ("Li 2.4 mmol/L" is "2.4
/// mEq/L"); for magnesium they are not.
#[test]
fn meq_and_mmol_are_one_for_monovalent_ions() {
    expect(
        "Admission Li level 2.4 mmol/L (drawn ~14 h post-dose), Cr 1.9 mg/dL (baseline 1.0). Mg 1.0 mmol/L.",
        &[
            ("Admission Li level was 2.4 mEq/L.", Supported),
            ("Admission Li level was 3.4 mEq/L.", Contradicted),
            ("Magnesium was 1.0 mEq/L.", Contradicted),
        ],
    );
}

/// "ms" after a number is milliseconds: "QRS widening to 104 ms" is a duration, and "QTc
/// 429 ms" against "QTc 428 ms" still differs (small units compare relatively).
#[test]
fn milliseconds_are_a_duration() {
    expect(
        "ED: agitated delirium, HR 128, T 37.8 C, urinary retention (bladder scan 900 mL; Foley placed). ECG QRS 104 ms, QTc 478 ms. Given sodium bicarbonate 100 mEq IV x1 with QRS narrowing to 92 ms. Lorazepam 2 mg IV x2 for agitation.",
        &[
            ("QRS of 104 ms was treated with IV sodium bicarbonate.", Supported),
            ("QTc was 477 ms.", Contradicted),
        ],
    );
    expect(
        "ECG: sinus rhythm, PR 0.16 s, QRS duration 0.104 s.",
        &[
            ("QRS duration was 104 ms.", Supported),
            ("QRS duration was 140 ms.", Contradicted),
        ],
    );
}

/// A tablet's strength equal to the claim's value is no rival when a dose states that
/// value ("4 mg tab: 2 tabs (8 mg) ... then 1 tab (4 mg) daily"), and stays one when none
/// does ("800 mg tab - 2 tabs (1,600 mg)" for "800 mg").
#[test]
fn a_strength_is_a_rival_only_without_a_dose_of_its_value() {
    expect(
        "- Dexamethasone 4 mg tab: 2 tabs (8 mg) PO daily with breakfast through 04/11, then 1 tab (4 mg) daily.\n- Sevelamer carbonate 800 mg tab - 2 tabs (1,600 mg) PO TID with meals.",
        &[
            ("Dexamethasone 4 mg daily after 04/11.", Supported),
            ("Sevelamer carbonate 800 mg PO TID with meals.", Contradicted),
        ],
    );
}

/// A run of sizes ("4.2 x 3.5 x 0.6 cm") is found where a cited sentence gives the same
/// run in order ("4.2 cm L x 3.5 cm W x 0.6 cm D"), whatever the words around.
#[test]
fn a_run_of_sizes_is_found_together() {
    expect(
        "Wound #1 SACRUM/COCCYX - Stage 3 pressure injury. 4.2 cm L x 3.5 cm W x 0.6 cm D. Bed 80% red granulation / 20% yellow slough. No tunneling; undermining 0.8 cm at 12 o'clock. Moderate serosanguineous drainage, no odor.\nWound #2 RIGHT HEEL - Stage 2 pressure injury (ruptured blister), 1.5 x 1.2 cm, pink moist bed, scant drainage.\nWound #3 LEFT HEEL - Deep tissue pressure injury (DTPI), 2.0 x 2.2 cm, intact skin, maroon.",
        &[
            ("Sacral stage 3 pressure injury measured 4.2 x 3.5 x 0.6 cm with 0.8 cm of undermining at 12 o'clock.", Supported),
            ("Sacral stage 3 pressure injury measured 4.2 x 3.5 x 1.6 cm.", Contradicted),
        ],
    );
}

/// In a table row ("Zinc   58   60-120 mcg/dL   L") the unit after the reference range
/// right behind a bare reading is the reading's: "58 mg/dL" against it is a unit slip.
#[test]
fn a_table_rows_range_unit_is_the_readings() {
    expect(
        "NUTRITION LABS 03/02\nTest                 Result    Reference        Flag\nAlbumin              2.4       3.5-5.0 g/dL     L\nZinc                 58        60-120 mcg/dL    L",
        &[
            ("Zinc was 58 mg/dL.", Contradicted),
            ("Zinc was 58 mcg/dL.", Supported),
        ],
    );
}

/// umol, nmol and pmol are units: "0.31 mmol/L" against "0.31 umol/L" is a unit slip.
#[test]
fn micromoles_are_a_unit() {
    expect(
        "Admission labs: WBC 1.9, ANC 0.6, Cr 2.1. Serum MTX level 0.31 umol/L ~20 h after last dose.",
        &[
            ("Admission methotrexate level was 0.31 mmol/L.", Contradicted),
            ("Admission methotrexate level was 0.31 umol/L.", Supported),
        ],
    );
}

/// "nonoliguric" denies oliguria; "immunity" is being immune, which "NON-IMMUNE" denies.
#[test]
fn more_words_negated_by_their_form() {
    expect(
        "Course: nonoliguric AKI (UOP >1.5 L/day), Cr peak 2.9 mg/dL 09/16. Prenatal labs: Rubella IgG <5 IU/mL - NON-IMMUNE. GBS negative.",
        &[
            ("Course complicated by oliguric AKI.", Contradicted),
            ("Prenatal labs were notable for rubella immunity.", Contradicted),
            ("AKI was nonoliguric.", Supported),
        ],
    );
}

/// LOC is a loss of consciousness, which a claim may write out: "no LOC" denies it.
#[test]
fn loc_is_a_loss_of_consciousness() {
    expect(
        "Prodrome of lightheadedness on standing before 2 of the falls; no LOC, no tongue biting or incontinence.",
        &[
            ("She had a brief loss of consciousness with the falls.", Contradicted),
            ("There was no loss of consciousness.", Supported),
        ],
    );
}

/// "Urine myoglobin: 07/02 positive; 07/04 negative.": a bare dated result answers the
/// line's label on its day.
#[test]
fn a_dated_bare_result_answers_its_lines_label() {
    expect(
        "CK / RENAL TREND\n07/04 06:00   CK 17,600    Cr 1.1   K 4.2\nUrine myoglobin: 07/02 positive; 07/04 negative.",
        &[
            ("Urine myoglobin was still positive on 07/04.", Contradicted),
            ("Urine myoglobin was positive on 07/02.", Supported),
        ],
    );
}

/// "ELISA (...): OD 0.21, NEGATIVE (positive >=0.40)": a result after a label's value and a
/// comma is the label's.
#[test]
fn a_result_after_a_labels_value_and_comma() {
    expect(
        "PF4/heparin antibody ELISA (collected 11/06, resulted 11/07): OD 0.21, NEGATIVE (positive >=0.40). SRA not sent.",
        &[
            ("PF4/heparin antibody ELISA returned positive (OD 0.21).", Contradicted),
            ("PF4/heparin antibody ELISA was negative.", Supported),
        ],
    );
}

/// A side that ends its phrase after "to (the)" is where the word before it points: "Weber
/// lateralized to the right" against "Weber lateralizes to the LEFT".
#[test]
fn a_side_after_to_the_is_the_words_before() {
    expect(
        "EXAM: TMs intact AU. Weber (512 Hz) lateralizes to the LEFT. Rinne AC>BC AU.",
        &[
            ("Weber lateralized to the right.", Contradicted),
            ("Weber lateralized to the left.", Supported),
        ],
    );
}

/// "11 mm at C4 and 18 mm at C6": of values listed each with the word of its place after it,
/// the one whose place follows the claim's value is the one it speaks of.
#[test]
fn a_listed_value_is_the_one_at_the_claims_place() {
    expect(
        "Findings: Anterior cervical plate spanning C5 through C7 with interbody spacers at C5-6 and C6-7. Prevertebral soft tissue thickening measuring 11 mm at C4 and 18 mm at C6, within the expected post-operative range.",
        &[
            ("Prevertebral soft tissue thickening was 11 mm at C6.", Contradicted),
            ("Prevertebral soft tissue thickening was 18 mm at C6.", Supported),
            ("Prevertebral soft tissue thickening was 11 mm at C4.", Supported),
        ],
    );
}

/// A frequency is its dose's: "then 200 mg PO BID" against "2 tabs (400 mg) PO BID x 7
/// days, then 1 tab (200 mg) PO daily" is contradicted, while the load's BID is supported.
#[test]
fn a_frequency_is_its_doses() {
    expect(
        "5. Amiodarone 200 mg tab - 2 tabs (400 mg) PO BID x 7 days (through 04/26/2026), then 1 tab (200 mg) PO daily (NEW)",
        &[
            ("Amiodarone 400 mg PO BID through 04/26/2026, then 200 mg PO BID.", Contradicted),
            ("Amiodarone 400 mg PO BID through 04/26/2026, then 200 mg PO daily.", Supported),
        ],
    );
}

/// "No pneumothorax following chest tube removal" does not deny the removal; "negative
/// bilaterally" denies what precedes it; and "hips stable" is a result, not a name of a
/// list the cue denies.
#[test]
fn following_bilaterally_and_a_stable_result() {
    expect(
        "XR CHEST 1 VIEW PORTABLE. IMPRESSION: 1. No pneumothorax following chest tube removal. 2. Small left effusion, unchanged.",
        &[("Chest X-ray after chest tube removal showed no pneumothorax.", Supported)],
    );
    expect(
        "D/C exam: hips stable, Ortolani/Barlow negative bilaterally; no sacral dimple.",
        &[
            ("Hips were stable at discharge.", Supported),
            ("Ortolani and Barlow were positive.", Contradicted),
        ],
    );
}

/// A conjunct opening with a possessive is a thing of its own: "denied syncope and
/// palpitations, and her ECG showed no atrial fibrillation" does not deny the ECG.
#[test]
fn a_conjunct_opening_with_a_possessive_ends_a_denial() {
    expect(
        "NP note: Denies syncope, chest pain, palpitations. ECG today: sinus rhythm 68, PR 180 ms. No AF.",
        &[("She denied syncope and palpitations, and her ECG showed no atrial fibrillation.", Supported)],
    );
}

/// A count out of a small whole is its count: "3/3 hip precautions" says all three; "2/3"
/// does not.
#[test]
fn a_count_out_of_a_small_whole_is_its_count() {
    expect(
        "PT POD 2: able to verbalize 3/3 hip precautions.",
        &[
            ("On POD 2 she could state 3 hip precautions.", Supported),
            ("On POD 2 she could state 2 hip precautions.", Contradicted),
        ],
    );
}

/// "should not soak in a bath, pool or hot tub": a denied action after a modal denies the
/// place it would be done in, which "no tub baths, pools or hot tubs" denies too.
#[test]
fn a_denied_action_denies_its_place() {
    expect(
        "Wound care: may shower after 48 hours. Do not soak the incision: no tub baths, pools or hot tubs x 4 weeks.",
        &[
            ("He should not soak in a bath, pool or hot tub for four weeks.", Supported),
            ("He may use a hot tub after two weeks.", Contradicted),
        ],
    );
}

/// "DOACs are contraindicated" says they are not to be given, as "do NOT use DOACs" does.
#[test]
fn contraindicated_denies_what_precedes_it() {
    expect(
        "Care plan: warfarin lifelong, goal INR 2.5-3.5; do NOT use DOACs (contraindicated with a mechanical valve).",
        &[("DOACs are contraindicated with a mechanical valve.", Supported)],
    );
}

/// "She was off supplemental oxygen" denies the oxygen, as "weaned to RA" does.
#[test]
fn off_after_a_state_denies_what_follows() {
    expect(
        "O2 weaned from 4 L NC to RA by 04/16; SpO2 95% on RA with ambulation.",
        &[
            ("She was off supplemental oxygen by 04/16.", Supported),
            (
                "She was still on supplemental oxygen on 04/16.",
                Contradicted,
            ),
        ],
    );
}

/// Nimbex is cisatracurium; Curosurf is poractant alfa.
#[test]
fn nimbex_and_curosurf_are_their_drugs() {
    expect(
        "Cisatracurium infusion 2 mcg/kg/min, TOF 1-2/4. Poractant alfa 200 mg/kg x1 for RDS.",
        &[
            ("Nimbex infusion at 2 mcg/kg/min.", Supported),
            ("Curosurf 200 mg/kg was given for RDS.", Supported),
        ],
    );
}

/// "Activated charcoal: not indicated at this time - ...": a label answered "not indicated"
/// for now is denied, whatever follows the time.
#[test]
fn a_label_answered_not_indicated_for_now() {
    expect(
        "POISON CENTER RECS: 1. Start IV NAC now. 2. Activated charcoal: not indicated at this time - now >4 h post-ingestion and pt actively vomiting.",
        &[("Poison center recommended giving activated charcoal.", Contradicted)],
    );
}

/// In a pipe table, a reference in a row's name cell before its readings is no reading
/// ("NT-proBNP (<125 pg/mL) | 2,840 H | 1,160 H"), and an "H" before a pipe is a flag.
#[test]
fn a_pipe_tables_name_cell_reference_is_no_reading() {
    expect(
        "CARDIAC BIOMARKERS TREND\nTest (ref)                  | 04/13 21:50 | 04/15 05:30\nNT-proBNP (<125 pg/mL)      | 2,840 H     | 1,160 H",
        &[
            ("NT-proBNP was 2,840 pg/mL.", Supported),
            ("NT-proBNP was 3,840 pg/mL.", Contradicted),
        ],
    );
}

/// A table whose header row is dates: each reading of a row is of its column's date, and a
/// unit in the row's name cell is its readings' unit ("Plt (K/uL)", "Hgb g/dL"); "H" and "L"
/// after a reading are flags, not hours or litres.
#[test]
fn a_dated_tables_readings_are_of_their_columns_dates() {
    let table = "LAB TREND            09/02 04:10   09/03 05:00   09/05 05:30   09/08 05:15   Ref\n\
                 Hgb g/dL             6.9 L         7.8 L         8.0 L         8.2 L         13.5-17.5\n\
                 Plt (K/uL)           68 L          61 L          64 L          72 L          150-400\n\
                 Cr (mg/dL)           1.3 H         1.5 H         1.6 H         1.4 H         0.5-1.0\n\
                 Blood cultures 09/02: no growth.";
    expect(
        table,
        &[
            ("Platelets were 61 K/uL on 09/03.", Supported),
            ("Platelets were 64 K/uL on 09/03.", Contradicted),
            ("Creatinine was 1.6 mg/dL on 09/05.", Supported),
            ("Creatinine was 1.5 mg/dL on 09/08.", Contradicted),
            ("Hemoglobin was 8.0 g/dL on 09/05.", Supported),
            ("Hemoglobin was 8.0 mg/dL on 09/05.", Contradicted),
        ],
    );
}

/// The same with the cells parted by "|".
#[test]
fn a_dated_pipe_tables_readings_are_of_their_columns_dates() {
    expect(
        "CARDIAC BIOMARKERS\nTest (ref)                  | 04/13 21:50 | 04/14 03:55 | 04/15 05:30\nNT-proBNP (<125 pg/mL)      | 2,840 H     | 1,920 H     | 1,160 H",
        &[
            ("NT-proBNP fell from 2,840 pg/mL on 04/13 to 1,160 pg/mL on 04/15.", Supported),
            ("NT-proBNP was 1,920 pg/mL on 04/15.", Contradicted),
        ],
    );
}

/// A reading written right after its own date, in a line of several, is of that date; one
/// whose date follows it is not of the next reading's date.
#[test]
fn a_reading_after_its_date_is_of_that_date() {
    let note = "Creatinine (ref 0.7-1.3 mg/dL): 03/02 1.4 (H) | 03/04 1.3 | 03/06 1.5 (H).\nCoags: INR 2.6 (10/09), 1.9 (10/10), 1.1 (10/13).";
    expect(
        note,
        &[
            ("Creatinine was 1.3 mg/dL on 03/04.", Supported),
            ("Creatinine was 1.4 mg/dL on 03/04.", Contradicted),
            // (A claim's value with no date of its own is no reading of another's date.)
            (
                "Creatinine went from 1.4 mg/dL on admission to 1.3 mg/dL on 03/04.",
                Supported,
            ),
            ("INR was 1.9 on 10/10.", Supported),
        ],
    );
}

/// Thousands per microlitre are written K/uL, x10^3/uL or x10^9/L.
#[test]
fn cell_counts_in_thousands_per_microlitre() {
    expect(
        "CBC: WBC 7.2 K/uL, Plt 131 x10^9/L.",
        &[
            ("WBC was 7.2 x10^3/uL and platelets 131 K/uL.", Supported),
            ("Platelets were 131 x10^6/uL.", Contradicted),
        ],
    );
}

/// Inhaled nitric oxide (iNO) is a drug: the day another drug was weaned off is not its.
#[test]
fn inhaled_nitric_oxide_is_a_drug() {
    expect(
        "Post-op course: early RV dysfunction; required epinephrine 0.05 mcg/kg/min (off POD 3), milrinone 0.25 mcg/kg/min (weaned off POD 9) and inhaled nitric oxide 20 ppm (weaned off POD 4).",
        &[
            ("Inhaled nitric oxide 20 ppm was weaned off on POD 4.", Supported),
            ("Inhaled nitric oxide 20 ppm was weaned off on POD 9.", Contradicted),
            ("iNO was weaned off on POD 9.", Contradicted),
        ],
    );
}

/// A label that opens its line and ends with a side ("Duplex LEFT:") gives the side to the
/// whole line, past its first sentence.
#[test]
fn a_side_label_opening_a_line_holds_for_the_line() {
    expect(
        "Duplex LEFT: CFA and profunda triphasic. Proximal SFA patent, monophasic. SFA occluded from the mid-thigh for ~10 cm with reconstitution at the above-knee popliteal via collaterals.\nDuplex RIGHT: diffuse mild SFA plaque, <50% stenosis; biphasic flow throughout.",
        &[
            ("Duplex showed the SFA occluded from the mid-thigh on the left.", Supported),
            ("Duplex showed the SFA occluded from the mid-thigh on the right.", Contradicted),
        ],
    );
}

/// HSV-1 and HSV-2 are two viruses, not one virus with two numbers.
#[test]
fn hsv_1_and_hsv_2_are_two_findings() {
    expect(
        "Viral PCR, lesion swab - right cheek\nHSV-1 DNA: DETECTED\nHSV-2 DNA: Not detected\nVZV DNA: Not detected",
        &[
            ("The lesion swab PCR was positive for HSV-1.", Supported),
            ("The lesion swab PCR was negative for HSV-1.", Contradicted),
        ],
    );
}

/// A peak is a maximum: "peaked at 20%" is not "~20% on arrival, progressed to max 35%".
#[test]
fn a_peak_is_the_maximum() {
    expect(
        "Extent: ~20% BSA detachment on arrival, progressed to max 35% BSA by HD3 (05/03). SCORTEN 3 on day 1.",
        &[
            ("Epidermal detachment peaked at 35% BSA on hospital day 3.", Supported),
            ("Epidermal detachment peaked at 20% BSA on hospital day 3.", Contradicted),
        ],
    );
}

/// A consult's question ("Q: bilateral LE cellulitis not improving") names what the
/// consultant was asked about, not a finding; its answer decides ("not consistent with
/// cellulitis ... low likelihood of cellulitis").
#[test]
fn a_consult_question_states_nothing() {
    expect(
        "DERMATOLOGY CONSULT - 07/08/2026\nQ: bilateral LE cellulitis not improving on cefazolin x 48 h.\nExam: bilateral, symmetric scaly plaques of both shins.\nAssessment: bilateral stasis dermatitis w/ acute eczematous flare - not consistent with cellulitis (bilateral, afebrile, normal WBC). ALT-70 score 2 (low likelihood of cellulitis).",
        &[
            ("Dermatology confirmed bilateral lower leg cellulitis.", Contradicted),
            ("The dermatology assessment was bilateral stasis dermatitis.", Supported),
        ],
    );
}

/// "Low likelihood of" judges the finding unlikely, as "unlikely" after it does.
#[test]
fn a_low_likelihood_denies() {
    expect(
        "ED: Wells score 0; low likelihood of pulmonary embolism, D-dimer not sent.",
        &[("Pulmonary embolism was likely.", Contradicted)],
    );
    expect(
        "V/Q scan: low probability of pulmonary embolism. Exam findings inconsistent with compartment syndrome.",
        &[
            ("The V/Q scan showed pulmonary embolism.", Contradicted),
            ("Exam findings were consistent with compartment syndrome.", Contradicted),
        ],
    );
}

/// A table whose header row names its columns: each reading is read after its column's
/// words ("HR 112", "SpO2 89%"), takes the unit its header cell gives in parentheses, and a
/// side heading a column is its readings' side.
#[test]
fn a_named_tables_readings_are_of_their_columns() {
    let flowsheet = "VITAL SIGNS FLOWSHEET - 5 WEST\nTime                    | T (C) | HR  | BP      | RR | SpO2 | O2\n05/08 19:40 (ED triage) | 37.4  | 112 | 138/86  | 22 | 89%  | RA\n05/08 20:30             | 37.2  | 104 | 132/80  | 20 | 94%  | 2 L NC\nPain at triage 4/10.";
    expect(
        flowsheet,
        &[
            ("At 20:30 on 05/08 the heart rate was 104.", Supported),
            (
                "At 20:30 on 05/08 the respiratory rate was 104.",
                Contradicted,
            ),
            ("The temperature at 20:30 was 37.2 F.", Contradicted),
            // (A column with no unit of its own keeps the reading's: "2 L NC" is litres.)
            (
                "At 20:30 on 05/08 she was on 2 L of oxygen by nasal cannula.",
                Supported,
            ),
            (
                "At 20:30 on 05/08 she was on 2 mL of oxygen by nasal cannula.",
                Contradicted,
            ),
        ],
    );
    expect(
        "ABI/PVR, BILATERAL.\n                    RIGHT     LEFT\nDP pressure (mmHg)   136       84\nABI                  0.92      0.58",
        &[
            ("The left ABI was 0.58.", Supported),
            ("The right ABI was 0.58.", Contradicted),
        ],
    );
}

/// A value beside the claim's other values ("| 22 | 89% |" for a claim of SpO2 89% and a
/// heart rate of 112) contradicts only when no equal value is placed at least as well.
#[test]
fn a_neighbour_of_the_claims_values_yields_to_a_better_placed_equal() {
    expect(
        "VITAL SIGNS FLOWSHEET - 5 WEST\nTime                    | T (C) | HR  | BP      | RR | SpO2 | O2\n05/08 19:40 (ED triage) | 37.4  | 112 | 138/86  | 22 | 89%  | RA\n05/08 20:30             | 37.2  | 104 | 132/80  | 20 | 94%  | 2 L NC",
        &[(
            "ED triage SpO2 was 89% on room air with a heart rate of 112.",
            Supported,
        )],
    );
}

/// A header cell that only says a reading is one ("Result", "Flag") puts no word between a
/// row's name and its reading.
#[test]
fn a_result_column_names_nothing() {
    expect(
        "ANEMIA WORKUP - collected 05/05/2026 (pre-procedure labs before EGD/colonoscopy)\nTest              Result        Flag   Reference\nHemoglobin        9.6 g/dL      L      13.5-17.5\nMCV               72 fL         L      80-100\nRDW               18.4 %        H      11.5-14.5\nPlatelets         412 K/uL      H      150-400\nFerritin          7 ng/mL       L      30-400\nIron              26 mcg/dL     L      60-170\nTIBC              468 mcg/dL    H      250-425\nTransferrin sat   6 %           L      20-50\nVitamin B12       388 pg/mL            200-900\nTotal IgA         212 mg/dL            70-400\nFIT (05/01/2026)  POSITIVE",
        &[
            ("Hemoglobin was 9.6 g/dL with an MCV of 72 fL.", Supported),
            ("Pre-procedure hemoglobin was 9.6 mg/dL with an MCV of 72 fL.", Contradicted),
        ],
    );
}

/// Mepron is atovaquone; Inspra is eplerenone.
#[test]
fn mepron_and_inspra_are_their_drugs() {
    expect(
        "Prednisone 20 mg PO daily. NEW atovaquone 750 mg/5 mL suspension: 1,500 mg (10 mL) PO daily (PJP ppx). Eplerenone 25 mg tab: 1 tab PO daily (NEW).",
        &[
            ("PJP prophylaxis with Mepron 1,500 mg PO daily was started.", Supported),
            ("Inspra 25 mg daily was started.", Supported),
            ("Inspra 50 mg daily was started.", Contradicted),
        ],
    );
}

/// The dose a combination's change started from is no rival of the dose it ended at.
#[test]
fn a_combination_doses_change_ends_at_the_new_dose() {
    expect(
        "DISCHARGE MEDICATIONS\nTorsemide 40 mg: 1 tab PO BID (NEW).\nSacubitril-valsartan 49-51 mg tab: 1 tab PO BID (dose INCREASED from 24-26 mg).\nMetoprolol succinate ER 50 mg: 1 tab PO daily.",
        &[
            ("Entresto was increased to 49/51 mg BID.", Supported),
            ("Entresto was increased to 97/103 mg BID.", Contradicted),
        ],
    );
}

/// Precose is acarbose, Kenalog triamcinolone, Monurol fosfomycin, Dalvance dalbavancin,
/// Cresemba isavuconazonium and Noxafil posaconazole.
#[test]
fn six_more_brands_are_their_drugs() {
    expect(
        "NEW: Acarbose 25 mg PO TID with first bite of each meal (titrate to 50 mg TID in 2 wk). Triamcinolone 0.1% ointment BID. Fosfomycin 3 g PO x1. Dalbavancin 1,500 mg IV x1. Isavuconazonium 372 mg PO daily. Posaconazole DR 300 mg PO daily.",
        &[
            ("Precose 25 mg three times daily with meals was started.", Supported),
            ("Kenalog 0.1% ointment twice daily.", Supported),
            ("Monurol 3 g was given once.", Supported),
            ("Dalvance 1,500 mg IV was given once.", Supported),
            ("Cresemba 372 mg daily.", Supported),
            ("Noxafil 300 mg daily.", Supported),
        ],
    );
}

/// An eye written as its abbreviation right after a finding ("painful vision loss OS") is
/// where the finding is.
#[test]
fn an_eye_abbreviation_after_a_finding_is_its_side() {
    expect(
        "Admitted 05/01/2026 with 5 days of painful vision loss OS (pain w/ EOM), VA OS 20/200, OD 20/20, L RAPD.",
        &[
            ("She presented with painful vision loss in the left eye.", Supported),
            ("She presented with painful vision loss in the right eye.", Contradicted),
        ],
    );
}

/// A fact of the admission is not answered by a repeat test ("Repeat BCx 05/03 no growth"
/// for "Admission blood cultures were negative").
#[test]
fn a_repeat_test_does_not_answer_the_admission_one() {
    expect(
        "- Pip-tazo 4.5 g IV q8h started in ED after blood cultures.\n- Blood cultures 05/01 2/2 positive for Klebsiella pneumoniae. Urine culture negative. Repeat BCx 05/03 no growth to date.",
        &[("Admission blood cultures were negative.", Contradicted)],
    );
}

/// A liver's sections are parts of its lobes: "left lateral section" is in the left lobe.
#[test]
fn a_liver_section_is_of_its_lobe() {
    expect(
        "MRI LIVER. Observation 1: 3.4 x 3.0 cm in the left lateral section (segments II/III), LR-5. Observation 2: 8 mm segment VI focus in the right lobe, LR-3.",
        &[
            ("MRI showed an 8 mm focus in the right lobe.", Supported),
            ("MRI showed a 3.4 cm LR-5 observation in the right hepatic lobe.", Contradicted),
        ],
    );
}

/// A semicolon inside parentheses parts a note, not the sentence around it: the result
/// after "(collected ...; resulted ...):" answers the label before it.
#[test]
fn a_semicolon_in_parentheses_keeps_the_sentence() {
    expect(
        "PF4/heparin IgG ELISA (collected 05/05/2026 15:30; resulted 05/06 11:50): NEGATIVE, OD 0.21 (ref <0.40).\nMicrobiology: urine culture 05/04 POSITIVE - E. coli >100,000 CFU/mL.",
        &[
            ("The PF4/heparin IgG ELISA was negative.", Supported),
            ("The PF4/heparin IgG ELISA was positive.", Contradicted),
        ],
    );
}

/// What a condition names ("If you notice new bruising, ... go to the ED") may never happen:
/// it states nothing of the patient.
#[test]
fn a_condition_states_nothing() {
    expect(
        "PATIENT PORTAL MESSAGE\n\"I feel totally fine - I have NOT had any bruising, nosebleeds or headaches.\"\nRN reply: If you notice new bruising, pinpoint red spots or dark urine, go to the ED.",
        &[("In his portal message, the patient reported new bruising.", Contradicted)],
    );
}

/// A rank ("99th percentile URL <26") is no reading, nor is an upper reference limit.
#[test]
fn a_percentile_and_an_upper_limit_are_no_readings() {
    expect(
        "CARDIAC BIOMARKERS - hs-Troponin I (ng/L; 99th percentile URL <26)\n05/01/2026 14:05 (ED arrival): 318 (H)\n05/01/2026 23:30: 4812 (H, critical) - peak\n05/02/2026 06:15: 3,905 (H)",
        &[("Peak hs-troponin I was 4,812 ng/L.", Supported)],
    );
}

/// Mestinon is pyridostigmine.
#[test]
fn mestinon_is_pyridostigmine() {
    expect(
        "DISCHARGE MEDICATIONS\nPrednisone 20 mg tab: 2 tabs (40 mg) PO daily with breakfast.\nAzathioprine 50 mg tab: 1 tab PO daily.\nPyridostigmine 60 mg tab: 1 tab PO q6h while awake (0600-1200-1800). Do not take extra doses without calling neurology.\nCalcium carbonate 600 mg + vitamin D3 400 units: 1 tab PO BID.",
        &[
            ("Continue Mestinon 60 mg PO every 6 hours while awake.", Supported),
            ("Continue Mestinon 30 mg PO every 6 hours while awake.", Contradicted),
        ],
    );
}

/// A date that opens a group of readings dates them ("03/2026: ... PVR 4.1 WU (baseline
/// 11/2024: ... PVR 9.6 WU)"), for a claim that dates its value before or after it; a word
/// after several different values ("WU") is their unit, not a place telling them apart.
#[test]
fn a_date_opening_a_group_dates_its_readings() {
    expect(
        "CTEPH s/p BPA x4.\n- Post-BPA#4 RHC 03/2026: mPAP 31, PAWP 9, CI 2.6, PVR 4.1 WU (baseline 11/2024: mPAP 49, PVR 9.6 WU).",
        &[
            ("Post-BPA RHC in 03/2026 showed a PVR of 4.1 WU.", Supported),
            ("Post-BPA RHC in 03/2026 showed a PVR of 9.6 WU.", Contradicted),
        ],
    );
}

/// ICS is the intercostal space, so its side is the space's.
#[test]
fn ics_is_the_intercostal_space() {
    expect(
        "Device: 14 Fr pigtail catheter, R 5th ICS, mid-axillary line. Placed in ED 05/03/2026 01:40. L hand splinted.",
        &[
            ("A pigtail catheter was placed in the right 5th intercostal space.", Supported),
            ("A pigtail catheter was placed in the left 5th intercostal space.", Contradicted),
        ],
    );
}

/// "negative in the pelvis": the body part a test was negative in is where nothing was
/// found.
#[test]
fn negative_in_a_body_part_denies_it() {
    expect(
        "eFAST (Dr. Okafor, 23:04):\n- RUQ (Morison's pouch): POSITIVE, large anechoic stripe\n- LUQ (splenorenal): negative\n- Pelvis: POSITIVE, free fluid\n- Pericardial: negative, no effusion",
        &[
            ("Initial eFAST was positive in Morison's pouch and in the pelvis.", Supported),
            ("Initial eFAST was positive in Morison's pouch but negative in the pelvis.", Contradicted),
        ],
    );
}

/// In a column whose header gives its unit ("Hgb (g/dL)"), an "L" after a reading is the
/// low flag, not litres.
#[test]
fn a_flag_under_a_column_with_a_unit_is_a_flag() {
    expect(
        "LAB TREND 05/03-05/07/2026\nDate          Hgb (g/dL)  Hct (%)  Plt (K/uL)  WBC (K/uL)\n05/03 pre-op  13.6        40.8     231         6.8\n05/05 POD1    10.9 L      32.5 L   188         11.2 H\n05/06 POD2    10.1 L      30.2 L   176         9.6",
        &[("Post-op Hgb was 10.1 g/dL on POD 2, down from 13.6 g/dL pre-op.", Supported)],
    );
}

/// In a claim, what was placed in a side's body part is of that side ("A 10.2 Fr drain was
/// placed into the left hepatic duct" against a right-sided 10.2 Fr drain).
#[test]
fn what_was_placed_in_a_sides_part_is_of_that_side() {
    expect(
        "IR PROCEDURE NOTE - BILATERAL PTBD\nRight: right lateral intercostal approach; segment 6 duct accessed. Wire crossed stricture into duodenum. 10.2 Fr internal-external biliary drain placed, pigtail in duodenum.\nLeft: subxiphoid approach; segment 3 duct accessed. Stricture could not be crossed. 8.5 Fr external biliary drain left in the left hepatic duct above the stricture.",
        &[
            ("An 8.5 Fr external biliary drain was placed into the left hepatic duct.", Supported),
            ("A 10.2 Fr internal-external biliary drain was placed into the left hepatic duct.", Contradicted),
        ],
    );
}

/// A duration is its dose's, as a frequency is: "then 1 mg/min x 18 h" against "1 mg/min x
/// 6 h, then 0.5 mg/min x 18 h" puts the 18 h on the wrong rate (a claim's time right
/// before the duration, "over 10 minutes within 1 hour of injury", keeps them apart).
#[test]
fn a_duration_is_its_doses() {
    let note = "EP CONSULT. Recommendations: Amiodarone 150 mg IV bolus over 10 min, then 1 mg/min x 6 h, then 0.5 mg/min x 18 h. Then amiodarone 400 mg PO BID.";
    expect(
        note,
        &[
            (
                "Amiodarone 150 mg IV bolus over 10 min, then 1 mg/min x 6 h.",
                Supported,
            ),
            (
                "Amiodarone 150 mg IV bolus over 10 min, then 1 mg/min x 18 h.",
                Contradicted,
            ),
        ],
    );
    expect(
        "Pantoprazole 40 mg DR tab: 1 tab PO BID, 30 min before breakfast and dinner, x 8 weeks (NEW).",
        &[("Discharged on pantoprazole 40 mg by mouth twice daily before meals for eight weeks.", Supported)],
    );
}

/// "target ACT 300-350 s, peak ACT 342 s": a goal before the name of what it aims at is
/// no reading of it.
#[test]
fn a_goal_before_its_name_is_no_reading() {
    let note =
        "Heparin 12,000 units IV bolus, then infusion; target ACT 300-350 s, peak ACT 342 s.";
    expect(
        note,
        &[
            ("Peak ACT was 342 s.", Supported),
            ("Peak ACT was 350 s.", Contradicted),
        ],
    );
}

/// "27F introducer sheath", "(8F, 8.5F)": a French size glued to its number is a size in
/// French, not an age and a sex ("19F with asthma" stays one).
#[test]
fn a_french_size_glued_to_its_number() {
    let note = "Access: US-guided R femoral vein; 27F introducer sheath. Heparin 3,000 units IV.";
    expect(
        note,
        &[
            (
                "Access was via the R femoral vein using a 27 French introducer sheath.",
                Supported,
            ),
            (
                "Access was via the R femoral vein using a 27 mm introducer sheath.",
                Contradicted,
            ),
        ],
    );
}

/// "Target: left ventral intermediate nucleus (VIM)": a short name in parentheses after
/// sided words has their side; and an anatomical plane is no plan ("on the AC-PC plane").
#[test]
fn a_name_in_parentheses_after_sided_words_has_their_side() {
    let note = "Indication: essential tremor, R hand worse (pt is R-handed).\nTarget: left ventral intermediate nucleus (VIM), 14 mm lateral to the wall of the third ventricle, on the AC-PC plane.\nIntraop: R hand tremor 3 -> 0 on spiral drawing.";
    expect(
        note,
        &[
            ("Targeted the left VIM.", Supported),
            ("Targeted the right VIM.", Contradicted),
        ],
    );
}

/// What is not excluded may still be there: "Occult scaphoid fracture not excluded" states
/// the fracture neither way, so it does not answer "no fracture" on the radiographs.
#[test]
fn what_is_not_excluded_is_stated_neither_way() {
    let note = "XR WRIST RIGHT, SCAPHOID SERIES (4 VIEWS). FINDINGS: No acute fracture or dislocation identified. IMPRESSION: No radiographic fracture. Occult scaphoid fracture not excluded; recommend MRI.";
    expect(
        note,
        &[
            (
                "Initial scaphoid-series radiographs showed no fracture.",
                Supported,
            ),
            (
                "Initial scaphoid-series radiographs showed a fracture.",
                Contradicted,
            ),
        ],
    );
}

/// "Staphylococcus aureus: not isolated" and "S. aureus was not isolated from the exit
/// site": the organism is denied, not its site.
#[test]
fn not_isolated_denies_the_organism() {
    let note = "WOUND CULTURE - PD CATHETER EXIT SITE. Culture (final): Pseudomonas aeruginosa, heavy growth.\nStaphylococcus aureus: not isolated.\nMRSA nares PCR: negative.";
    expect(
        note,
        &[
            ("S. aureus was not isolated from the exit site.", Supported),
            ("S. aureus was isolated from the exit site.", Contradicted),
        ],
    );
}

/// A mention of the claim's side the other way round ("R femoral vein not used") or of the
/// past ("given prior R femoral DVT (2021)") confirms no side of what the claim says was
/// done: "via the R femoral vein" against "Access: L femoral vein x 2" is the other side.
#[test]
fn a_denied_or_past_mention_confirms_no_side() {
    let note = "EP PROCEDURE NOTE - CAVOTRICUSPID ISTHMUS ABLATION. Date: 01/22/2026.\nAccess: L femoral vein x 2 (8F, 8.5F); R femoral vein not used given prior R femoral DVT (2021).\nIrrigated RF along the CTI at 40 W; flutter terminated to SR.\nNo complications. Hemostasis with manual pressure, L groin.";
    expect(
        note,
        &[
            (
                "CTI ablation was performed via the L femoral vein without complications.",
                Supported,
            ),
            (
                "CTI ablation was performed via the R femoral vein without complications.",
                Contradicted,
            ),
        ],
    );
}

/// A bone's adjective is the bone: "proximal left humeral diaphysis" is the left humerus.
#[test]
fn a_bones_adjective_is_the_bone() {
    let note = "LOW-DOSE WHOLE-BODY CT (skeletal survey). FINDINGS: Multiple punched-out lytic lesions in the calvarium, the largest 1.4 cm in the right parietal bone.\nLytic lesion in the proximal left humeral diaphysis measuring 2.6 cm with endosteal scalloping and cortical thinning up to 50%.";
    expect(
        note,
        &[
            ("Skeletal survey showed a 2.6 cm lytic lesion in the left proximal humerus with cortical thinning.", Supported),
            ("Skeletal survey showed a 2.6 cm lytic lesion in the right proximal humerus with cortical thinning.", Contradicted),
        ],
    );
}

/// "Pinhole no improvement OU" denies that acuity improved with pinhole.
#[test]
fn no_improvement_denies_an_improvement() {
    expect(
        "RETINA CLINIC. VA sc (ETDRS): OD 20/40, OS 20/30. Pinhole no improvement OU.",
        &[("Visual acuity improved with pinhole.", Contradicted)],
    );
}

/// In a crossmatch, "compatible" is a result ("AHG crossmatch incompatible (1+)"), not the
/// "compatible with" of an impression.
#[test]
fn a_crossmatch_is_compatible_or_not() {
    let note = "Crossmatch: immediate-spin compatible; AHG crossmatch incompatible (1+) with all units tested, including phenotype-matched units.";
    expect(
        note,
        &[
            (
                "The AHG crossmatch was incompatible with the phenotype-matched units.",
                Supported,
            ),
            (
                "The AHG crossmatch was compatible with the phenotype-matched units.",
                Contradicted,
            ),
        ],
    );
}

/// "Endorses passive SI ...; denies HI": the denied ideation is the homicidal one, so a
/// denial of suicidal ideation is not the note's (the head noun denied with another word
/// does not carry the claim's denial).
#[test]
fn a_head_denied_with_another_word_is_not_the_claims_denial() {
    let note = "PSYCHIATRY C-L CONSULT. 29 y/o M with MDD and AUD, no prior attempts, admitted to MICU 11/09/2026 after intentional ingestion of ~50 tabs of acetaminophen 500 mg (~25 g, ~310 mg/kg) at ~18:00 after a breakup; roommate found him and called EMS at 21:30.\nOn IV NAC (21-h protocol; 3rd bag extended per toxicology for rising AST).\nInterview: 'wanted to sleep and not wake up'. Endorses passive SI today without plan or intent; denies HI, AVH. Partly regrets attempt. Drinks 6-8 beers/day; last drink 11/09 afternoon. CIWA 4-6.\nMeans: no firearms per pt and roommate.\nC-SSRS: actual attempt, high lethality. High acute risk (high-lethality attempt, male, AUD, recent loss, ongoing passive SI). Protective: roommate support, future-oriented about work.\nCapacity: requested to leave AMA this AM; lacks capacity to refuse treatment of hepatotoxicity (does not appreciate risk of liver failure: 'I'll be fine').\nRec: 1) 1:1 sitter, suicide precautions. 2) Emergency psychiatric hold placed 11/10 09:40. 3) CIWA protocol, lorazepam PRN; thiamine 100 mg IV daily. 4) Hold home sertraline 100 mg until LFTs improve. 5) Inpatient psychiatry once medically cleared.";
    expect(
        note,
        &[
            (
                "At the time of the psychiatry consult he denied homicidal ideation.",
                Supported,
            ),
            (
                "At the time of the psychiatry consult he denied suicidal ideation.",
                Contradicted,
            ),
        ],
    );
}

/// "L IJ avoided due to prior thrombosis": what is avoided for a reason is denied, not the
/// reason ("due to" leaves no token of its own).
#[test]
fn what_is_avoided_for_a_reason_is_denied() {
    let note = "RED CELL EXCHANGE. Access: R IJ 11.5 Fr temporary apheresis catheter placed by IR under US (L IJ avoided due to prior thrombosis).";
    expect(
        note,
        &[
            (
                "Red cell exchange was performed through a right IJ temporary apheresis catheter.",
                Supported,
            ),
            (
                "Red cell exchange was performed through a left IJ temporary apheresis catheter.",
                Contradicted,
            ),
        ],
    );
}

/// "pass L ear, refer R ear": a result word opening its clause before a side and a body part
/// is that side's result.
#[test]
fn a_result_before_a_side_and_body_part_is_that_sides() {
    let note =
        "NURSERY HEARING SCREEN (AABR): pass L ear, refer R ear; outpatient rescreen ordered.";
    expect(
        note,
        &[
            (
                "Nursery hearing screen referred on the right ear.",
                Supported,
            ),
            (
                "Nursery hearing screen referred on the left ear.",
                Contradicted,
            ),
        ],
    );
}

/// A drug's susceptibility: "ciprofloxacin R" and "moxifloxacin resistant" are not
/// susceptible, "ceftriaxone S" is (an R or S after a drug is no side).
#[test]
fn an_r_or_s_after_a_drug_is_its_susceptibility() {
    let note = "Urine culture 11/14: Escherichia coli >100,000 CFU/mL. Ampicillin R, ciprofloxacin R, TMP-SMX S, ceftriaxone S, nitrofurantoin S.";
    expect(
        note,
        &[
            ("The E. coli was susceptible to ceftriaxone.", Supported),
            (
                "The E. coli was susceptible to ciprofloxacin.",
                Contradicted,
            ),
        ],
    );
}

/// A susceptibility line states "susceptible" both ways, one drug at a time: the claim's
/// drug's own run answers ("moxifloxacin R" for "sensitive to moxifloxacin"), even from a
/// sentence other than the one its culture is in.
#[test]
fn a_susceptibility_line_answers_for_the_claims_drug() {
    let note = "MICROBIOLOGY. Specimen: vitreous aspirate, left eye, collected 09/14/2026 17:55.\nGram stain: few WBCs; gram-positive cocci in clusters.\nCulture: Staphylococcus epidermidis (coagulase-negative), moderate growth at 48 h.\nSusceptibilities: oxacillin R, vancomycin S (MIC 1 mcg/mL), moxifloxacin R, TMP-SMX S, doxycycline S.\nFungal culture: no growth to date.";
    expect(
        note,
        &[
            ("Vitreous culture grew Staphylococcus epidermidis that was sensitive to vancomycin.", Supported),
            ("Vitreous culture grew Staphylococcus epidermidis that was sensitive to moxifloxacin.", Contradicted),
        ],
    );
}

/// A claim's date anchors it as its words do: "the antibody screen on 04/06/2026 was
/// positive" is answered by "Previous antibody screen 04/06/2026: negative", not by the
/// current screen's "POSITIVE".
#[test]
fn a_claims_date_picks_the_statement_of_that_day() {
    let note = "BLOOD BANK - ANTIBODY WORKUP. Specimen 04/14/2026 09:12.\nAntibody screen (gel, 3-cell): POSITIVE (SC I 2+, SC II 0, SC III 2+).\nAntibody ID (11-cell panel): anti-Jka.\nPt phenotype (pre-transfusion sample 04/06/2026): Jk(a-b+), E-, K-.\nPrevious antibody screen 04/06/2026: negative.";
    expect(
        note,
        &[
            (
                "The pre-transfusion antibody screen on 04/06/2026 was negative.",
                Supported,
            ),
            (
                "The pre-transfusion antibody screen on 04/06/2026 was positive.",
                Contradicted,
            ),
        ],
    );
}

/// A date that stamps a claim's value is stated where a row of that one date holds the
/// value ("03/12 06:10: WBC 6.8 K/uL, ..., Plt 118 K/uL"), however far the value stands from
/// the row's date; another day's value, or the same value in a sentence of two dates, is
/// not.
#[test]
fn a_dated_row_holding_the_value_states_its_date() {
    let note = "CBC/CMP:\n03/08 21:10: WBC 5.2 K/uL, Hgb 12.9 g/dL, Plt 41 K/uL (L), Tbili 2.4 mg/dL (H), Cr 1.3 mg/dL (H).\n03/10 05:50: Hgb 11.0 g/dL, Plt 63 K/uL, Tbili 1.6 mg/dL, Cr 1.0 mg/dL.\n03/12 06:10: WBC 6.8 K/uL, Hgb 10.6 g/dL (L), Plt 118 K/uL (L), Tbili 0.9 mg/dL, Cr 0.9 mg/dL, LDH 388 U/L (H).";
    expect(
        note,
        &[
            (
                "Platelets were 41 K/uL on 03/08 and 118 K/uL on 03/12.",
                Supported,
            ),
            (
                "Platelets were 41 K/uL on 03/08 and 118 K/uL on 03/10.",
                Contradicted,
            ),
        ],
    );
    expect(
        "Platelets 41 K/uL on 03/08, 118 K/uL on 03/12.",
        &[("Platelets were 118 K/uL on 03/08.", Contradicted)],
    );
}

/// In a text about ears, "AS:" and "AD:" are the left and the right ear ("AS: TM
/// hemorrhagic ... AD: TM intact"); elsewhere "AS" stays aortic stenosis.
#[test]
fn as_and_ad_are_the_ears_in_a_text_about_ears() {
    let note = "HBO TREATMENT NOTE. At ~1.4 ATA pt c/o sharp otalgia AS, unable to equalize with Valsalva.\nPost-dive otoscopy: AS: TM hemorrhagic with blood behind TM (TEED III). AD: TM intact, TEED 0.";
    expect(
        note,
        &[
            (
                "Post-dive otoscopy showed blood behind the left TM (TEED III).",
                Supported,
            ),
            (
                "Post-dive otoscopy showed blood behind the right TM (TEED III).",
                Contradicted,
            ),
        ],
    );
}

/// Lenvima is lenvatinib (and its dose is not amlodipine's beside it).
#[test]
fn lenvima_is_lenvatinib() {
    expect(
        "ONC CLINIC. Plan: pembrolizumab 200 mg IV today (C6); continue lenvatinib 14 mg PO daily and amlodipine 10 mg daily.\nLenvatinib 10 mg + 4 mg capsules: 14 mg PO once daily (REDUCED from 20 mg on 09/16/2026).\nPembrolizumab 200 mg IV every 3 weeks (infusion center).",
        &[
            ("Continue Lenvima 14 mg PO daily with Keytruda 200 mg IV every 3 weeks.", Supported),
            ("Continue Lenvima 20 mg PO daily with Keytruda 200 mg IV every 3 weeks.", Contradicted),
        ],
    );
}

/// "decreased from 9.8 x 7.1 cm (SUVmax 18.6) to residual soft tissue of 4.2 x 2.6 cm,
/// SUVmax 2.3": a value between a change's start and the claim's other value belongs to the
/// start, so the residual's SUVmax is 2.3, not 18.6.
#[test]
fn a_value_quoted_for_a_changes_start_is_not_its_ends() {
    let note = "FDG PET-CT, INTERIM (after 2 cycles ABVD). Anterior mediastinal mass decreased from 9.8 x 7.1 cm (SUVmax 18.6) to residual soft tissue of 4.2 x 2.6 cm, SUVmax 2.3, above mediastinal blood pool but not above liver (Deauville 3).";
    expect(
        note,
        &[
            ("Interim PET-CT showed residual anterior mediastinal soft tissue of 4.2 x 2.6 cm with SUVmax 2.3.", Supported),
            ("Interim PET-CT showed residual anterior mediastinal soft tissue of 4.2 x 2.6 cm with SUVmax 18.6.", Contradicted),
        ],
    );
}

/// A sentence of no date is of the date opening the nearest dated sentence before it
/// ("LABS 10/08/2027 09:40. ... ESR 14 mm/h."): a claim dating the value that way is
/// stated, one giving it the comparison's date is not.
#[test]
fn a_report_heading_dates_its_undated_sentences() {
    let note = "LABS 10/08/2027 09:40.\nCBC: WBC 8.6 K/uL, Hgb 11.8 g/dL, Plt 352 K/uL.\nESR 14 mm/h. CRP <0.5 mg/dL. ALT 18 U/L. Albumin 4.1 g/dL.\nComparison 08/28/2027 (outside hospital, at diagnosis): WBC 17.9 K/uL, Plt 398 K/uL, ESR 88 mm/h, CRP 9.6 mg/dL.";
    expect_on(
        "2027-10-08",
        note,
        &[
            (
                "ESR fell from 88 mm/h at diagnosis to 14 mm/h on October 8, 2027.",
                Supported,
            ),
            ("ESR was 88 mm/h on October 8, 2027.", Contradicted),
        ],
    );
}

/// "05/11 (pre-op)   05/13 (POD 1)   05/14 (POD 2)": a note in parentheses after a column's
/// date is no cell of the header, and says which reading the column holds; its bare "L"
/// flags are no litres.
#[test]
fn a_table_columns_note_names_its_readings() {
    let table = "LABS            05/04 (pre-op)  05/11 14:30 (PACU)  05/12 05:40 (POD 1)  05/13 (POD 2)  Ref\n\
                 Hgb (g/dL)      14.1            13.2 L              12.6 L               11.9 L         13.5-17.5\n\
                 Plt (K/uL)      231             --                  214                  205            150-400";
    expect(
        table,
        &[
            (
                "Hgb fell from 14.1 g/dL pre-op to 12.6 g/dL on POD 1.",
                Supported,
            ),
            (
                "Hgb fell from 14.1 g/dL pre-op to 11.9 g/dL on POD 1.",
                Contradicted,
            ),
        ],
    );
    // (Each reading after the first opens a clause of its own: the next column's words
    // do not describe it.)
    let labs = "LABS            05/04 (pre-op)  05/11 14:30 (PACU)  05/12 05:40 (POD 1)  Ref\nNa (mmol/L)     139             136                 137                  135-145\nK (mmol/L)      4.4             4.2                 4.1                  3.5-5.1\nCr (mg/dL)      1.1             1.0                 1.0                  0.7-1.3\nHgb (g/dL)      14.1            13.2 L              12.6 L               13.5-17.5\nPlt (K/uL)      231             --                  214                  150-400\nPSA, total (03/18/2026): 3.8 ng/mL (ref 0.0-4.0). Note: on finasteride since 2024.\nUrine culture (05/04): no growth.\nType and screen (05/04): A positive, antibody screen negative.";
    expect(
        labs,
        &[
            (
                "Hgb fell from 14.1 g/dL pre-op to 12.6 g/dL on POD 1.",
                Supported,
            ),
            (
                "Hgb fell from 14.1 g/dL pre-op to 13.2 g/dL on POD 1.",
                Contradicted,
            ),
        ],
    );
}

/// "Site: LLQ abdomen. Previous site (10/13/2026): RLQ abdomen.": a label opened by
/// "previous" makes its answer of the past, which confirms no side of today's.
#[test]
fn a_previous_labels_answer_is_of_the_past() {
    let note = "SOTATERCEPT ADMINISTRATION RECORD 11/03/2026 16:05. Dose 42.8 mg SC.\nSite: LLQ abdomen, 27G needle. Previous site (10/13/2026): RLQ abdomen.\nObserved 15 min post-injection: no reaction.";
    expect(
        note,
        &[
            (
                "Today's sotatercept dose was given subcutaneously in the left lower quadrant of the abdomen.",
                Supported,
            ),
            (
                "Today's sotatercept dose was given subcutaneously in the right lower quadrant of the abdomen.",
                Contradicted,
            ),
        ],
    );
}

/// "ABI L 0.92, TBI L 0.61": a capital L or R between a test's name and its reading is
/// the test's side; "ABI R 0.38, L 0.81" gives the test both.
#[test]
fn a_side_between_a_test_and_its_reading_is_the_tests() {
    let note = "Vascular: L DP 1+, L PT dopplerable. ABI L 0.92, TBI L 0.61. s/p R 5th toe amputation (2023).";
    expect(
        note,
        &[
            ("Left ABI was 0.92 with a TBI of 0.61.", Supported),
            ("Right ABI was 0.92 with a TBI of 0.61.", Contradicted),
        ],
    );
    expect(
        "Noninvasive studies: ABI R 0.38, L 0.81. Plan: R BKA.",
        &[("The left ABI was 0.81.", Supported)],
    );
}

/// "LDH peaked at 1,010 U/L on 09/16" against "09/16 04:00: LDH 1,260 U/L ... 09/16 14:00:
/// LDH 1,010 U/L": a value called the peak is the highest reading of its test placed as
/// well, and one called the nadir the lowest.
#[test]
fn a_peak_is_the_highest_reading_of_its_test() {
    let labs = "IMPELLA LABS.\n09/15 04:00: LDH 420 U/L (H), Hgb 10.9 g/dL.\n09/16 04:00: LDH 1,260 U/L (H), Hgb 9.2 g/dL (L).\n09/16 14:00 (after repositioning): LDH 1,010 U/L (H).\n09/17 04:00: LDH 690 U/L (H), Hgb 9.0 g/dL (L).";
    expect(
        labs,
        &[
            (
                "LDH peaked at 1,260 U/L on 09/16 and fell to 690 U/L on 09/17.",
                Supported,
            ),
            (
                "LDH peaked at 1,010 U/L on 09/16 and fell to 690 U/L on 09/17.",
                Contradicted,
            ),
            ("Hgb nadir was 9.2 g/dL.", Contradicted),
        ],
    );
}

/// "an air leak lasting 2 days" is "for 2 days": a duration, not the "last 48 h" of
/// another line.
#[test]
fn lasting_leads_a_duration() {
    let note = "Left 14 Fr pigtail chest tube placed in the ED 09/27 with re-expansion; persistent air leak x 4 days.\nTube placed to water seal 10/01; removed 10/02 16:00.\nPain: oxycodone 5 mg PO q6h PRN (3 doses in last 48 h).";
    expect_on(
        "2026-10-02",
        note,
        &[
            (
                "The pigtail catheter was removed on 10/02 after a persistent air leak lasting 4 days.",
                Supported,
            ),
            (
                "The pigtail catheter was removed on 10/02 after a persistent air leak lasting 2 days.",
                Contradicted,
            ),
        ],
    );
}

/// "Time | Plt (150-400 K/uL) | Fibrinogen (200-400 mg/dL)": a header cell's reference
/// range is no reading, so the line is a header, and the unit after the range is the
/// column's.
#[test]
fn a_header_cells_reference_range_leaves_it_a_header() {
    let sheet = "Time | Plt (150-400 K/uL) | Fibrinogen (200-400 mg/dL) | INR | CK (U/L)\n08/12 17:05 | 142 L | 168 L | 1.2 H | 180\n08/12 20:15 | 94 L | 88 L (crit) | 1.4 H | 260\n08/13 00:30 | 118 L | 131 L | 1.3 H | 410 H";
    expect(
        sheet,
        &[
            ("Fibrinogen was 88 mg/dL at 20:15 on 08/12.", Supported),
            ("Fibrinogen was 168 mg/dL at 20:15 on 08/12.", Contradicted),
        ],
    );
}

/// "Left Meckel cave and cavernous sinus are not involved": "not involved" denies its
/// subject, as "not used" does.
#[test]
fn not_involved_denies_its_subject() {
    let mri = "MRI NASOPHARYNX AND NECK (01/15/2026). FINDINGS: Enhancing mass of the left fossa of Rosenmuller eroding the clivus. Left Meckel cave and cavernous sinus are not involved. No perineural spread along V3.\nNodes: left level II 3.8 cm. No supraclavicular nodes.";
    expect(
        mri,
        &[
            (
                "Baseline MRI showed no cavernous sinus or Meckel cave involvement and no supraclavicular nodes.",
                Supported,
            ),
            ("The tumor involved the left cavernous sinus.", Contradicted),
        ],
    );
}

/// "The culture isolated no Burkholderia": the verb whose object is denied is denied with
/// it, as in "No Burkholderia cepacia complex isolated".
#[test]
fn a_verb_before_no_is_denied_with_its_object() {
    let micro = "SPUTUM CULTURE. Culture: Pseudomonas aeruginosa, mucoid, heavy growth.\nFungal culture: no Aspergillus isolated; rare Candida albicans (oral flora).\nNo Burkholderia cepacia complex isolated (BCSA agar).";
    expect(
        micro,
        &[
            (
                "The sputum culture isolated no Burkholderia cepacia complex and no Aspergillus.",
                Supported,
            ),
            (
                "The sputum culture isolated Burkholderia cepacia complex.",
                Contradicted,
            ),
        ],
    );
}

/// "Comparison: TTE 05/2024, TRV 2.9 m/s": a line labelled as a comparison gives an
/// earlier study's values, which answer no claim about the current study.
#[test]
fn a_comparison_lines_values_are_the_earlier_studys() {
    let report = "TRANSTHORACIC ECHOCARDIOGRAM 06/24/2026. Indication: HbSS, pulmonary hypertension screening.\nLV normal size, LVEF 60-65%. Grade I diastolic dysfunction. LA mildly dilated (high-output state).\nRV normal size and function; TAPSE 24 mm.\nPeak tricuspid regurgitant jet velocity (TRV) 2.6 m/s; estimated RVSP 30 mmHg (RAP 3 mmHg).\nNo pericardial effusion. No intracardiac shunt on agitated saline study.\nComparison: TTE 05/2024, TRV 2.9 m/s, RVSP 37 mmHg.\nIMPRESSION: Normal biventricular systolic function. TRV 2.6 m/s, not suggestive of pulmonary hypertension.";
    expect_on(
        "2026-06-24",
        report,
        &[
            (
                "The 06/24 TTE showed a TRV of 2.6 m/s with an estimated RVSP of 30 mmHg.",
                Supported,
            ),
            (
                "The 06/24 TTE showed a TRV of 2.9 m/s with an estimated RVSP of 30 mmHg.",
                Contradicted,
            ),
        ],
    );
}

/// "Hour 24 (05/19 10:05): MTX 38.1 umol/L": a line opened by an hour's place gives the
/// readings of that hour, and a claim's "at 24 h" stamps its value as a day counter does.
#[test]
fn an_hours_place_stamps_the_readings_of_its_line() {
    let levels = "METHOTREXATE LEVELS AND RENAL FUNCTION. Start of MTX infusion: 05/18/2026 10:00.\nHour 24 (05/19 10:05): MTX 38.1 umol/L. Cr 0.61 mg/dL.\nHour 48 (05/20 10:00): MTX 1.9 umol/L (H; expected <1.0). Cr 0.84 mg/dL (H).\nHour 72 (05/21 10:10): MTX 0.41 umol/L (H; expected <0.2). Cr 0.71 mg/dL (H).";
    expect(
        levels,
        &[
            (
                "Methotrexate level was 38.1 umol/L at 24 h and 0.41 umol/L at 72 h.",
                Supported,
            ),
            (
                "Methotrexate level was 1.9 umol/L at 24 h and 0.41 umol/L at 72 h.",
                Contradicted,
            ),
        ],
    );
}

/// "Previously FDG-avid left supraclavicular ... nodes are now subcentimeter and non-avid":
/// what a note says was so "previously" is of the past, as "prior" is, so only the current
/// "non-avid" answers a claim about the interim scan.
#[test]
fn previously_marks_the_past() {
    let pet = "FDG PET/CT (09/08/2026) - interim after 2 cycles. Comparison: baseline PET/CT 06/20/2026.\nFINDINGS: Previously FDG-avid left supraclavicular and left level IV cervical nodes are now subcentimeter and non-avid. No FDG-avid right cervical or axillary nodes. No new lesions.\nIMPRESSION: Complete metabolic response (Deauville 2).";
    expect(
        pet,
        &[
            (
                "Interim PET showed persistent FDG-avid left supraclavicular nodes.",
                Contradicted,
            ),
            (
                "On interim PET the left supraclavicular nodes were non-avid.",
                Supported,
            ),
        ],
    );
}

/// Hydroxyurea (Hydrea), voxelotor, L-glutamine (Endari) and rivastigmine are drugs: a
/// dose of one that no cited source names is not found, not contradicted by another
/// drug's dose.
#[test]
fn sickle_cell_and_dementia_drugs_are_drugs() {
    let meds = "DISCHARGE MEDICATIONS: hydroxyurea 1,500 mg PO daily (continue); folic acid 1 mg PO daily; oxycodone 5 mg PO q6h PRN; donepezil 10 mg PO nightly (continue); memantine 5 mg PO daily (new).";
    expect(
        meds,
        &[
            ("Continued Hydrea 1,500 mg PO daily.", Supported),
            ("Continued Hydrea 1,000 mg PO daily.", Contradicted),
            (
                "Voxelotor 1,500 mg PO daily was started to raise his hemoglobin.",
                Unsupported,
            ),
            (
                "Started L-glutamine (Endari) 15 g PO BID at discharge.",
                Unsupported,
            ),
            (
                "A rivastigmine patch 4.6 mg/24 h was started for cognition.",
                Unsupported,
            ),
        ],
    );
}

/// "denied any change in vision, eye pain or discharge": a denied list that a place ended
/// ("in vision") goes on after the comma, so the pain and the discharge are denied too.
#[test]
fn a_denied_list_goes_on_after_a_place() {
    expect(
        "PATIENT MESSAGE 03/04/2026: The eye drops are going fine. No change in my vision, no pain, and no discharge.",
        &[("Pt denied any change in vision, eye pain or discharge.", Supported)],
    );
    expect(
        "PATIENT MESSAGE 03/04/2026: No change in my vision, but my eye has pain and a yellow discharge since yesterday.",
        &[("Pt denied any change in vision, eye pain or discharge.", Contradicted)],
    );
}

/// Lay names of drug classes: a "water pill" is a diuretic, a "sleeping pill" a hypnotic, a
/// "clot-dissolving drug" a thrombolytic, "vitamin B1" thiamine; and a source sentence
/// naming furosemide, zolpidem, alteplase or glipizide states its class.
#[test]
fn lay_names_of_drug_classes_find_their_drugs() {
    let note = "PLAN: Increase furosemide from 20 mg to 40 mg PO daily; BMP in 1 week. Zolpidem 5 mg last taken 03/01, none since. Alteplase 50 mg IV given during CPR. Thiamine 41 nmol/L (L). Stop glipizide (nocturnal hypoglycemia).";
    expect(
        note,
        &[
            ("Her water pill was increased to 40 mg daily.", Supported),
            ("Her sleeping pill was last taken on 03/01.", Supported),
            ("A clot buster was given during CPR.", Supported),
            ("Her vitamin B1 was low.", Supported),
            ("His sulfonylurea was stopped.", Supported),
        ],
    );
}

/// PSG is polysomnography, RLS restless legs syndrome, MoCA the Montreal Cognitive
/// Assessment, "Phos" phosphorus, ethanol the "EtOH" of a lab sheet, and
/// "postoperatively" is "post-op".
#[test]
fn sleep_study_score_and_lab_abbreviations_are_their_words() {
    let note = "DIAGNOSTIC POLYSOMNOGRAPHY 02/10/2026: AHI 47.4/h, SpO2 nadir 71%.\nIntake: Denies snoring or RLS symptoms. MoCA 24/30.\nLabs: uric acid 11.8 mg/dL, Phos 7.9 mg/dL, serum EtOH <10 mg/dL (negative).\nPost-op: no new neurologic deficits.";
    expect(
        note,
        &[
            ("Baseline PSG showed an AHI of 47.4/h.", Supported),
            ("She denied restless legs symptoms.", Supported),
            (
                "Her Montreal Cognitive Assessment score was 24/30.",
                Supported,
            ),
            ("Phosphorus was 7.9 mg/dL.", Supported),
            ("Serum ethanol was negative.", Supported),
            (
                "Postoperatively he had no new neurologic deficits.",
                Supported,
            ),
        ],
    );
}

/// "DXA T-score -1.8 L femoral neck": a capital L between a reading and a body part is the
/// body part's side, not litres.
#[test]
fn a_capital_l_before_a_body_part_is_its_side() {
    let problems = "PROBLEM LIST. Depression, in remission. Osteopenia (DXA T-score -1.8 L femoral neck, 2025). Resolved: right ankle fracture (2023).";
    expect(
        problems,
        &[
            (
                "DXA showed osteopenia with a T-score of -1.8 at the left femoral neck.",
                Supported,
            ),
            (
                "DXA showed osteopenia with a T-score of -1.8 at the right femoral neck.",
                Contradicted,
            ),
        ],
    );
}

/// "um" (and "µm", "micron") is the micrometre, so "168 um" is not "168 mm".
#[test]
fn micrometres_are_a_length() {
    let consult = "NEURO-OPHTHALMOLOGY CONSULT. OCT RNFL: OD 168 um (swollen), OS 96 um. Impression: R optic neuritis.";
    expect(
        consult,
        &[
            ("OCT RNFL thickness was 168 um in the right eye.", Supported),
            (
                "OCT RNFL thickness was 168 mm in the right eye.",
                Contradicted,
            ),
        ],
    );
}

/// "titer 1:1000" is a dilution, one part in a thousand: "1:100" is another; "1:40" is a
/// dilution after "titer" or "ANA", a time of day elsewhere.
#[test]
fn a_titer_is_a_dilution() {
    let labs =
        "LABS. Serum AQP4-IgG (CBA, 05/02/2026): POSITIVE, titer 1:1000. ANA 1:40, speckled.";
    expect(
        labs,
        &[
            (
                "Serum AQP4-IgG by CBA was positive at a titer of 1:1000.",
                Supported,
            ),
            (
                "Serum AQP4-IgG by CBA was positive at a titer of 1:100.",
                Contradicted,
            ),
            ("ANA was positive at 1:80.", Contradicted),
        ],
    );
}

/// "clonus on the R, none on the L": a capital L or R after "on the" (or "to the") ends a
/// place and is a side; the period after it ends the sentence.
#[test]
fn a_side_after_on_the_is_a_side() {
    let triage = "OB TRIAGE NOTE. BP 164/102. Neuro: DTRs 3+ with 3 beats of clonus on the L, none on the R. No focal deficits.";
    expect(
        triage,
        &[
            ("DTRs 3+ with 3 beats of clonus on the left.", Supported),
            ("DTRs 3+ with 3 beats of clonus on the right.", Contradicted),
        ],
    );
}

/// "1. Left colon (splenic flexure): 12 mm sessile lesion; removed piecemeal by EMR": a part
/// of a semicolon run that does not name the body part takes its side from the nearest
/// earlier part that does.
#[test]
fn a_semicolon_run_keeps_its_side() {
    let report = "COLONOSCOPY REPORT. FINDINGS: Quiescent colitis with scattered inflammatory pseudopolyps in the right colon; no active inflammation.\n1. Left colon (splenic flexure): 16 mm flat, slightly elevated lesion (Paris 0-IIa), Kudo IIIL pit pattern; removed en bloc by EMR after submucosal lift; 2 hemoclips placed.\n2. Rectum at 10 cm: 3 mm polyp, cold snare.\nIMPRESSION: 16 mm splenic flexure lesion removed by EMR.";
    expect(
        report,
        &[
            (
                "A 16 mm flat lesion in the left colon was removed en bloc by EMR.",
                Supported,
            ),
            (
                "A 16 mm flat lesion in the right colon was removed en bloc by EMR.",
                Contradicted,
            ),
        ],
    );
}

/// "SDH, 11 mm, with 6 mm midline shift": the value with the claim's word after it is the
/// one the claim's value speaks of, also beside a value with no word of its own (two values
/// swapped contradict).
#[test]
fn swapped_values_contradict() {
    let ct = "CT HEAD WITHOUT CONTRAST. FINDINGS: Acute right frontoparietal subdural hematoma, maximal thickness 11 mm. IMPRESSION: Acute right convexity SDH, 11 mm, with 6 mm midline shift.";
    expect(
        ct,
        &[
            (
                "CT head: acute right SDH measuring 11 mm with 6 mm midline shift.",
                Supported,
            ),
            (
                "CT head: acute right SDH measuring 6 mm with 11 mm midline shift.",
                Contradicted,
            ),
        ],
    );
}

/// "WBC 14.2 on admission" against a table whose first dated column reads 18.6: the first
/// column is the admission value, also when the dates have no year; the end of a change
/// ("to 9.0") is not.
#[test]
fn the_admission_value_is_the_first_column() {
    let labs = "LABS.\nTest | 05/02 04:10 | 05/03 06:00 | 05/04 05:55\nWBC (K/uL) | 16.1 (H) | 12.3 (H) | 9.0\nHgb (g/dL) | 11.2 (L) | 10.6 (L) | 10.9 (L)";
    expect(
        labs,
        &[
            ("WBC was 16.1 K/uL on admission.", Supported),
            ("WBC was 12.3 K/uL on admission.", Contradicted),
            (
                "WBC fell from 16.1 K/uL on admission to 9.0 K/uL.",
                Supported,
            ),
        ],
    );
}

/// "the 2-hour glucose was 182" against rows "1 h | 182" and "2 h | 151": an hour before the
/// test's name says which reading the value is, and a row named by an hour is that hour's.
#[test]
fn an_hour_names_the_reading() {
    let ogtt = "LAB RESULTS 12/14/2026.\n75 g 2-hour OGTT (6 weeks postpartum):\nTime | Glucose (mg/dL) | Reference\nFasting | 98 | <100\n1 h | 196 | --\n2 h | 163 (H) | <140\nInterpretation: impaired glucose tolerance; not diagnostic of diabetes (fasting <126, 2 h <200).\nHbA1c 5.8% (H). TSH 1.2 mIU/L.";
    expect(
        ogtt,
        &[
            (
                "On the 75 g OGTT, fasting glucose was 98 mg/dL and the 2-hour glucose was 163 mg/dL.",
                Supported,
            ),
            (
                "On the 75 g OGTT, fasting glucose was 98 mg/dL and the 2-hour glucose was 196 mg/dL.",
                Contradicted,
            ),
        ],
    );
}

/// "IV sodium bicarbonate infusion" against "HCO3 7 mmol/L" and "Na 131": an electrolyte
/// given as a salt must be named as a drug, not only as a test.
#[test]
fn a_salt_is_no_lab_value() {
    let note = "ED: VBG pH 7.11, HCO3 7 mmol/L, K 5.4 mmol/L, Na 131 mmol/L. Insulin infusion started at 0.1 units/kg/h after 2 L NS bolus.";
    expect(
        note,
        &[(
            "He was given an IV sodium bicarbonate infusion.",
            Unsupported,
        )],
    );
    let given = "ED: VBG pH 6.92, HCO3 3 mmol/L. Sodium bicarbonate 100 mEq IV given over 1 h; insulin infusion started.";
    expect(given, &[("He was given IV sodium bicarbonate.", Supported)]);
}

/// "wt 71.4 kg (72.9 kg at discharge)": of two readings placed alike, the one its own words
/// give a time point the claim does not name is another time's.
#[test]
fn a_reading_of_another_time_point_in_parentheses() {
    let note = "CARDIOLOGY CLINIC NOTE 12/01/2026. Seen 3 weeks after discharge.\nExam: BP 128/72 mmHg, HR 74, wt 68.2 kg (70.5 kg at discharge), SpO2 97% RA. No edema.";
    expect(
        note,
        &[
            ("Weight at today's visit was 68.2 kg.", Supported),
            ("Weight at today's visit was 70.5 kg.", Contradicted),
        ],
    );
}

/// "Rotavirus, adenovirus 40/41, sapovirus, ... STEC not detected": a list of short names
/// that is the whole statement is denied whole however long, a serotype after a name
/// included.
#[test]
fn a_long_list_of_names_is_denied_whole() {
    let labs = "STOOL STUDIES. Stool GI PCR panel 05/14: norovirus GII DETECTED. Rotavirus, adenovirus 40/41, sapovirus, Salmonella, Shigella, Campylobacter, STEC not detected.";
    expect(
        labs,
        &[
            ("Stool GI PCR panel was positive for norovirus.", Supported),
            (
                "Stool GI PCR panel was positive for rotavirus.",
                Contradicted,
            ),
        ],
    );
}

/// "must not put any weight on her right leg": the body part after a denied action is where
/// it would be done, not what is denied; "no active extravasation from the splenic
/// laceration" leaves its place undenied too ("from", like "around", is a place word).
#[test]
fn the_place_of_a_denial_is_not_denied() {
    let discharge = "DISCHARGE SUMMARY - ORTHOPEDIC TRAUMA. R tibial plateau fracture s/p ORIF 07/02. Right leg wound clean, dry.\nStrict NWB RLE x 6 weeks.";
    expect(
        discharge,
        &[(
            "She must not bear any weight on her right leg for six weeks.",
            Supported,
        )],
    );
    let ct = "CT ABDOMEN/PELVIS WITH CONTRAST. ABDOMEN/PELVIS: Grade III splenic laceration measuring 3.1 cm in depth with moderate perisplenic hemoperitoneum. No active contrast extravasation or pseudoaneurysm. No pelvic fracture.\nIMPRESSION: 1. Grade III splenic laceration without active extravasation. 2. No pelvic fracture.";
    expect(
        ct,
        &[(
            "CT showed no pelvic fracture and no active extravasation from the splenic laceration.",
            Supported,
        )],
    );
}

/// "third- or fourth-degree": a hyphen left hanging before "or" and a hyphenated word is no
/// negative result ("HER2-" is).
#[test]
fn a_hanging_hyphen_is_no_negative_result() {
    let note = "DELIVERY NOTE. SVD of liveborn female. Perineum: 2nd-degree laceration, repaired with 3-0 Vicryl. No third or fourth degree extension; rectal exam intact.";
    expect(
        note,
        &[(
            "There was no third- or fourth-degree extension of the laceration.",
            Supported,
        )],
    );
}

/// "celiac screening was normal" says what "Celiac screen negative" says.
#[test]
fn a_normal_screening_found_nothing() {
    let summary = "DISCHARGE SUMMARY. New type 1 diabetes (GAD65 antibodies positive). Celiac screen negative; TSH normal.";
    expect(
        summary,
        &[
            // (Not contradicted; "normal" itself is not the word the source uses.)
            ("Her celiac screening was normal.", PartiallySupported),
            ("Her celiac screening was positive.", Contradicted),
        ],
    );
}

/// "Discharged on glargine 14 units daily, later reduced to 12 units" against a source with
/// the 14 units only: the change's end is not stated, not contradicted.
#[test]
fn the_unstated_end_of_a_change_is_not_contradicted() {
    let meds = "DISCHARGE MEDICATION LIST 09/10/2026. Insulin glargine 14 units subcut daily at bedtime. Insulin lispro per sliding scale with meals.";
    expect(
        meds,
        &[(
            "Discharged on insulin glargine 14 units daily, which was later reduced to 12 units at the clinic visit.",
            PartiallySupported,
        )],
    );
}

/// "hs-troponin T | 52 | 41" under "04/11 (adm) | 04/12": the admission value is the first
/// dated column's, even when the words place another reading of the row a little better.
#[test]
fn a_rows_first_reading_is_the_admission_one() {
    let labs = "LABORATORY TREND.\nTest | 04/11 19:40 (adm) | 04/12 05:00 | 04/13 05:10\nHgb (g/dL) | 14.1 | 13.6 | 13.2\nhs-troponin T (ng/L) | 52 | 41 | --";
    expect(
        labs,
        &[
            ("Admission hs-troponin T was 52 ng/L.", Supported),
            ("Admission hs-troponin T was 41 ng/L.", Contradicted),
        ],
    );
}

/// "R 20 Fr chest tube": a side before a device's size is the device's side.
#[test]
fn a_side_before_a_size_is_the_devices() {
    let note = "MICU PROGRESS NOTE. R pneumothorax 02/13 (barotrauma) -> R 20 Fr chest tube, on -20 cmH2O suction; no L pneumothorax.";
    expect(
        note,
        &[
            ("A right 20 Fr chest tube was placed on 02/13.", Supported),
            ("A left 20 Fr chest tube was placed on 02/13.", Contradicted),
        ],
    );
}

/// "Left kidney: 10.8 cm. ... Non-obstructing 4 mm calculus in the lower pole.": a line
/// opened by a sided body part as its label speaks of that side in all its sentences.
#[test]
fn a_sided_label_gives_its_line_the_side() {
    let us = "US RENAL COMPLETE.\nRight kidney: 9.4 cm in length, increased echogenicity. No hydronephrosis. No shadowing calculi.\nLeft kidney: 10.8 cm in length. Simple cyst in the upper pole. No hydronephrosis. Non-obstructing 4 mm calculus in the lower pole.\nBladder: normal.";
    expect(
        us,
        &[
            (
                "Renal ultrasound showed a non-obstructing 4 mm calculus in the left lower pole.",
                Supported,
            ),
            (
                "Renal ultrasound showed a non-obstructing 4 mm calculus in the right lower pole.",
                Contradicted,
            ),
        ],
    );
}

/// "endorses ongoing SI": affirming a narrowed word ("ongoing", "active", "new") affirms the
/// word, so a plain denial of it is contradicted (denying the narrowed word denies only
/// that part: "no active bleeding").
#[test]
fn a_narrowed_affirmation_contradicts_a_denial() {
    let note = "ED PROVIDER NOTE. Denies co-ingestion of alcohol. States it was a suicide attempt; endorses ongoing SI, no HI. No AVH.";
    expect(
        note,
        &[
            ("In the ED she denied suicidal ideation.", Contradicted),
            ("In the ED she denied homicidal ideation.", Supported),
        ],
    );
}

/// "212 micrograms per mL" is "212 mcg/mL" ("2 liters per minute" of oxygen stays litres,
/// as "2 L/min" does).
#[test]
fn a_unit_per_a_unit_is_a_compound_unit() {
    let ed =
        "ED NOTE. 4-h APAP level 212 mcg/mL, above the treatment line. Home O2 2 L/min via NC.";
    expect(
        ed,
        &[
            (
                "The four-hour acetaminophen level was 212 micrograms per mL.",
                Supported,
            ),
            (
                "The four-hour acetaminophen level was 212 milligrams per mL.",
                Contradicted,
            ),
        ],
    );
}

/// "CRP mg/dL [<0.5] | 1.4 | 2.2 | 2.9": a row's unit before a bracketed reference range is
/// its readings' unit.
#[test]
fn a_rows_unit_before_a_bracketed_range() {
    let labs = "LABS - RA MONITORING (reference ranges in brackets).\nTest | 12/15/2025 | 03/16/2026 | 06/08/2026\nESR mm/h [0-20] | 32 | 41 | 48\nCRP mg/dL [<0.5] | 1.4 | 2.2 | 2.9";
    expect(
        labs,
        &[
            ("CRP was 2.9 mg/dL on 06/08/2026.", Supported),
            ("CRP was 2.9 mg/L on 06/08/2026.", Contradicted),
        ],
    );
}

/// "Influenza A/B, RSV and SARS-CoV-2 NOT detected": a list of names joined by "and" that
/// is the whole statement is denied whole.
#[test]
fn a_list_joined_by_and_is_denied_whole() {
    let labs = "LABS. Respiratory viral panel 05/18: rhinovirus/enterovirus DETECTED. Influenza A/B, RSV and SARS-CoV-2 NOT detected.";
    expect(
        labs,
        &[
            (
                "The respiratory viral panel detected rhinovirus.",
                Supported,
            ),
            ("The respiratory viral panel detected RSV.", Contradicted),
        ],
    );
}

/// "FINDINGS: Right hand: new 3 mm marginal erosion ...": a sided label after the line's
/// heading gives the line its side too.
#[test]
fn a_sided_label_after_a_heading() {
    let xr = "XR HANDS BILATERAL. HISTORY: Seropositive RA.\nFINDINGS: Right hand: new 3 mm marginal erosion at the radial aspect of the 2nd metacarpal head. Periarticular osteopenia at the 2nd MCP.\nLeft hand: periarticular osteopenia; no erosions.";
    expect(
        xr,
        &[
            (
                "Hand X-ray showed a new marginal erosion at the right 2nd metacarpal head.",
                Supported,
            ),
            (
                "Hand X-ray showed a new marginal erosion at the left 2nd metacarpal head.",
                Contradicted,
            ),
        ],
    );
}

/// "Lupus anticoagulant and anticardiolipin antibodies were negative": a subject of two
/// names opening its sentence is denied whole.
#[test]
fn a_subject_of_two_names_is_denied_whole() {
    let labs = "LABS. Antiphospholipid panel: lupus anticoagulant (dRVVT) negative; anticardiolipin antibodies (IgG/IgM) negative. Direct Coombs negative.";
    expect(
        labs,
        &[(
            "Lupus anticoagulant and anticardiolipin antibodies were negative.",
            Supported,
        )],
    );
}

/// "Donor-specific antibodies (single antigen beads, 08/10): negative": how and when the
/// labelled test was done is no finding the answer denies.
#[test]
fn a_labels_method_is_not_denied() {
    let labs = "TRANSPLANT LABS. Donor-specific antibodies (single antigen beads, 08/10): negative; no donor-directed MFI >1,000. Tacrolimus trough 7.8 ng/mL.";
    expect(
        labs,
        &[(
            "Single antigen bead testing showed no donor-specific antibodies.",
            Supported,
        )],
    );
}

/// "06/03/2026 (12 mo)": a note in a dated header may hold an age, and the table is still
/// read by its columns (its rows' units included).
#[test]
fn a_header_note_may_hold_an_age() {
    let labs = "HEMATOLOGY.\nTest | 12/08/2025 (6 mo) | 06/03/2026 (12 mo) | Reference\nHgb (g/dL) | 11.2 | 9.4 (L) | 10.5-13.5\nLead (mcg/dL) | 1.8 | 2.1 | <3.5";
    expect_on(
        "2026-06-03",
        labs,
        &[
            ("Lead level was 2.1 mcg/dL on 06/03/2026.", Supported),
            ("Lead level was 2.1 mg/dL on 06/03/2026.", Contradicted),
        ],
    );
}

/// "On 04/10/2026, K was 5.1 mmol/L and eGFR was 44": a date opening the claim stamps each
/// reading, and a table's column of that date answers.
#[test]
fn a_leading_date_stamps_every_reading() {
    let labs = "HEART FAILURE LAB TREND\nTest | 01/12/2026 | 03/28/2026 | 04/10/2026 | Ref\nK (mmol/L) | 4.6 | 4.8 | 5.1 (H) | 3.5-5.0\neGFR (mL/min/1.73m2) | 44 | 39 | 41 | >60";
    expect(
        labs,
        &[
            (
                "On 04/10/2026, K was 5.1 mmol/L and eGFR was 41.",
                Supported,
            ),
            (
                "On 04/10/2026, K was 5.1 mmol/L and eGFR was 44.",
                Contradicted,
            ),
        ],
    );
}

/// "10 mg BID x 7 days, then 5 mg BID": the claim's later phase is the source's later
/// phase, so swapped phases disagree.
#[test]
fn swapped_phases_contradict() {
    let summary = "DISCHARGE SUMMARY. Bilateral PE. Transitioned to apixaban 10 mg PO BID x 7 days (through 06/14/2026), then 5 mg PO BID. Tamoxifen discontinued.";
    expect(
        summary,
        &[
            (
                "Apixaban 10 mg PO BID for 7 days, then 5 mg PO BID.",
                Supported,
            ),
            (
                "Apixaban 5 mg PO BID for 7 days, then 10 mg PO BID.",
                Contradicted,
            ),
        ],
    );
}

/// "weaned to 10 mg/h on 01/20 and to intermittent albuterol ... on 01/21": the date right
/// after a value is that value's.
#[test]
fn a_date_right_after_a_value_is_its_own() {
    let summary = "DISCHARGE SUMMARY. PICU course: continuous albuterol 20 mg/h, weaned to 10 mg/h on 01/20 and to intermittent albuterol 8 puffs q2h on 01/21. No intubation.";
    expect(
        summary,
        &[
            (
                "Continuous albuterol 20 mg/h was weaned to 10 mg/h on 01/20.",
                Supported,
            ),
            (
                "Continuous albuterol 20 mg/h was weaned to 10 mg/h on 01/21.",
                Contradicted,
            ),
        ],
    );
}

/// "NIHSS 4 at 24 h; 2 at discharge": a reading opening a later part of a semicolon run
/// goes on with its subject.
#[test]
fn a_semicolon_part_goes_on_with_its_subject() {
    let summary = "DISCHARGE SUMMARY - NEUROLOGY. Acute left MCA stroke; NIHSS 9 on arrival. Tenecteplase given.\nNIHSS 4 at 24 h; 2 at discharge (mild R pronator drift).";
    expect(
        summary,
        &[
            ("NIHSS was 2 at discharge.", Supported),
            ("NIHSS was 4 at discharge.", Contradicted),
        ],
    );
}

/// "DVT of the L CFV, FV, popliteal and calf veins": a side before a list of body parts is
/// each one's.
#[test]
fn a_side_before_a_list_of_body_parts_is_each_ones() {
    let duplex = "VENOUS DUPLEX, BILATERAL LOWER EXTREMITIES. Indication: calf pain after a long flight.\nIMPRESSION: Acute occlusive DVT of the L CFV, FV, popliteal and calf veins. Incidental R Baker cyst.";
    expect(
        duplex,
        &[
            (
                "Duplex showed acute occlusive DVT from the femoral to the popliteal vein in the LLE.",
                Supported,
            ),
            (
                "Duplex showed acute occlusive DVT from the femoral to the popliteal vein in the RLE.",
                Contradicted,
            ),
        ],
    );
}

/// "His passenger (spouse) had a brief LOC": what a companion had is not the patient's.
#[test]
fn a_companions_history_is_not_the_patients() {
    let note = "ED NOTE. 52 y/o M, restrained driver in a side-impact collision. Denies LOC; recalls the entire event. His passenger (spouse) had a brief LOC and was transported separately.";
    expect(
        note,
        &[
            (
                "He had a brief loss of consciousness at the scene.",
                Contradicted,
            ),
            ("He denied loss of consciousness.", Supported),
        ],
    );
}

/// "a 1.5 L/day fluid restriction" is "no more than 1.5 L a day", whatever the patient
/// drank before.
#[test]
fn a_restriction_is_a_maximum() {
    let summary = "DISCHARGE SUMMARY. HFrEF exacerbation. Dietitian visit: pt reports drinking 3 L of fluids daily. Counseled on a 2 g Na diet and a 1.5 L/day fluid restriction.";
    expect(
        summary,
        &[(
            "He was told to drink no more than 1.5 liters a day.",
            Supported,
        )],
    );
}

/// "receded by more than half" is ">50%", not a value of 0.5.
#[test]
fn more_than_half_is_more_than_fifty_percent() {
    let summary = "DISCHARGE SUMMARY. Nonpurulent cellulitis of the R lower leg; borders marked in the ED. Cefazolin 2 g IV q8h; erythema receded >50% from the marked borders by HD 3.";
    expect(
        summary,
        &[
            (
                "The erythema receded by more than half from the marked borders by hospital day 3.",
                Supported,
            ),
            (
                "The erythema receded by more than 80% from the marked borders by hospital day 3.",
                Contradicted,
            ),
        ],
    );
}

/// "no deep venous thrombosis" is a denied DVT, not a denied venous study.
#[test]
fn deep_venous_thrombosis_is_dvt() {
    let report = "VENOUS DUPLEX ULTRASOUND, RIGHT LOWER EXTREMITY 05/20/2026. Indication: R leg cellulitis, calf swelling; hx of LLE DVT.\nFINDINGS: The right common femoral, femoral, popliteal, posterior tibial and peroneal veins are fully compressible with normal phasic flow and augmentation. No intraluminal thrombus. 3.1 x 1.2 cm simple Baker cyst in the right popliteal fossa.\nIMPRESSION: No evidence of deep venous thrombosis in the right lower extremity. Incidental right Baker cyst.";
    expect(
        report,
        &[("Right leg venous duplex was negative for DVT.", Supported)],
    );
}

/// "Net negative 5.8 L" is a fluid balance, not a denial.
#[test]
fn net_negative_is_a_net_diuresis() {
    let summary = "DISCHARGE SUMMARY. ADHF. Diuresed with furosemide 80 mg IV BID. Net negative 5.8 L over the admission. Discharge weight 81.4 kg.";
    expect(
        summary,
        &[
            ("Net diuresis was 5.8 L.", Supported),
            ("Net diuresis was 4.2 L.", Contradicted),
        ],
    );
}

/// A pipe table's rule under its header ("|---|---|") holds no cell, and a column of times
/// may note their day in its header ("Time (09/21/2026)").
#[test]
fn a_pipe_tables_rule_and_a_noted_day_leave_its_header() {
    let gases = "ARTERIAL BLOOD GAS RESULTS.\n| Time (09/21/2026) | Support | pH | pCO2 (mmHg) | pO2 (mmHg) |\n|---|---|---|---|---|\n| 03:40 | 2 L NC | 7.29 | 62 | 58 |\n| 07:15 | BiPAP 12/5 | 7.35 | 53 | 71 |";
    expect(
        gases,
        &[
            ("Initial ABG showed pH 7.29 and pCO2 62 mmHg.", Supported),
            ("Initial ABG showed pH 7.29 and pCO2 58 mmHg.", Contradicted),
        ],
    );
    let trend = "CBC TREND\n| Test | 07/20/26 06:55 (ED) | 07/21/26 05:30 | 07/22/26 05:40 (POD 1) |\n|---|---|---|---|\n| WBC (K/uL) | 16.4 (H) | 13.1 (H) | 9.8 |\n| Hgb (g/dL) | 13.0 | 12.2 | 11.8 (L) |";
    expect(
        trend,
        &[
            ("Admission WBC was 16.4 K/uL.", Supported),
            ("Admission WBC was 9.8 K/uL.", Contradicted),
        ],
    );
}

/// "Creon 36,000 lipase units": an enzyme's units, no milligrams.
#[test]
fn lipase_units_are_units() {
    let list = "MEDICATION LIST\nPancrelipase (Creon) 36,000 lipase units DR cap: 2 caps PO with each meal, 1 cap with snacks.\nPantoprazole 40 mg PO daily.";
    expect(
        list,
        &[
            (
                "Creon 36,000 units, two capsules with each meal.",
                Supported,
            ),
            (
                "Creon 36,000 mg, two capsules with each meal.",
                Contradicted,
            ),
        ],
    );
}

/// "ICA PSV 310 cm/s": a duplex's velocities spelled as abbreviations.
#[test]
fn duplex_velocities_are_spelled_out() {
    let duplex = "CAROTID DUPLEX, BILATERAL.\nRIGHT: CCA PSV 88 cm/s. ICA PSV 98 cm/s, EDV 28 cm/s.\nLEFT: CCA PSV 76 cm/s. ICA PSV 310 cm/s, EDV 112 cm/s.";
    expect(
        duplex,
        &[
            ("Left ICA peak systolic velocity was 310 cm/s.", Supported),
            ("Left ICA peak systolic velocity was 98 cm/s.", Contradicted),
        ],
    );
}

/// "without any breaks" in a course of treatment: no interruptions, not no fractures (which
/// "200 cGy/fx" would seem to state).
#[test]
fn breaks_in_a_course_are_interruptions() {
    let summary = "RADIATION ONCOLOGY TREATMENT SUMMARY. Prescription: 6000 cGy in 30 fractions (200 cGy/fx) to PTV60. Delivered: completed 30/30 fractions as prescribed; no treatment interruptions.";
    expect(
        summary,
        &[(
            "She completed the radiation course without any breaks.",
            Supported,
        )],
    );
}

/// "told not to rub the eye and to wear the shield": the second instruction is not denied.
#[test]
fn a_second_infinitive_is_not_denied() {
    let instructions = "POST-OPERATIVE INSTRUCTIONS - CATARACT SURGERY, LEFT EYE (OS).\nProtection: wear the Fox shield at bedtime x 7 days. No rubbing or pressing on the eye. Sunglasses outdoors.\nActivity: no bending below the waist x 1 week. No eye makeup x 1 week.";
    expect(
        instructions,
        &[(
            "She was told not to rub the operated eye and to wear the protective shield while sleeping for one week.",
            PartiallySupported,
        )],
    );
}

/// "RPR | 05/28/2026 | Nonreactive": a serology's result answers the test before it, and
/// an RPR screens for syphilis.
#[test]
fn nonreactive_answers_its_test() {
    let labs = "PRENATAL LABS - MATERNAL.\n| Test | Date | Result |\n| HBsAg | 01/12/2026 | Negative |\n| HIV-1/2 Ag/Ab | 05/28/2026 | Nonreactive |\n| RPR | 05/28/2026 | Nonreactive |\n| GBS | 06/30/2026 | POSITIVE |";
    expect(
        labs,
        &[
            (
                "Maternal HBsAg, HIV and syphilis screening were all negative.",
                Supported,
            ),
            ("Maternal HIV screening was reactive.", Contradicted),
        ],
    );
}

/// "completed by 3:20 PM" is "completed 15:20".
#[test]
fn a_twelve_hour_time_is_read_on_the_twenty_four_hour_clock() {
    let note = "ED NOTE. Sepsis bundle: LR 2,400 mL (30 mL/kg) started 14:10, completed 15:20. Repeat lactate 2.2 mmol/L at 16:05.";
    expect(
        note,
        &[
            ("The LR bolus was completed at 3:20 PM.", Supported),
            ("The LR bolus was completed at 3:40 PM.", Contradicted),
            ("Repeat lactate was 2.2 mmol/L at 4:05 pm.", Supported),
        ],
    );
}

/// "PROCEDURE NOTE - PANRETINAL PHOTOCOAGULATION. Eye: OS.": a label naming the side a
/// procedure was done on gives it to the note's heading.
#[test]
fn a_side_label_gives_its_side_to_the_heading() {
    let laser = "PROCEDURE NOTE - PANRETINAL PHOTOCOAGULATION, session 1 of 2. Eye: OS. Indication: proliferative diabetic retinopathy.\nLaser: 532 nm, 1,200 spots. Complications: none.";
    expect(
        laser,
        &[
            (
                "Panretinal photocoagulation was performed in the left eye.",
                Supported,
            ),
            (
                "Panretinal photocoagulation was performed in the right eye.",
                Contradicted,
            ),
        ],
    );
    let tap = "PROCEDURE NOTE - THORACENTESIS (IR). Date: 11/03/2026.\nIndication: large right pleural effusion, dyspnea.\nSite: RIGHT posterior chest, 8th intercostal space, ultrasound-guided.\n1.2 L of clear straw-colored fluid removed. Small left effusion unchanged (not tapped).";
    expect(
        tap,
        &[(
            "Underwent left-sided thoracentesis with removal of 1.2 L of fluid.",
            Contradicted,
        )],
    );
}

/// "NON-IMMUNE (immune >=10)": a cutoff's words in parentheses say what a value beyond it
/// would mean, not what this one is.
#[test]
fn a_cutoffs_words_state_nothing() {
    let labs = "PRENATAL PANEL (initial OB labs), collected 01/09/2026.\nRubella IgG 5.2 IU/mL: NON-IMMUNE (immune >=10).\nVaricella IgG: immune. HBsAg nonreactive.";
    expect(
        labs,
        &[
            ("Rubella IgG showed she was non-immune.", Supported),
            ("Rubella IgG showed she was immune.", Contradicted),
        ],
    );
}

/// "MRI LEFT FOOT": an imaging report's title naming a sided body part gives the side to
/// the report's unsided body parts.
#[test]
fn an_imaging_titles_side_holds_for_the_report() {
    let mri = "MRI LEFT FOOT WITHOUT AND WITH CONTRAST (01/20/2026). Clinical: diabetic with 2nd toe ulcer, probe to bone positive.\nFINDINGS: Soft tissue ulcer at the plantar tip of the 2nd toe. Prior R TMA not imaged.\nIMPRESSION: Acute osteomyelitis of the distal and middle phalanges of the 2nd toe. No abscess.";
    expect(
        mri,
        &[
            (
                "MRI showed acute osteomyelitis of the left 2nd toe.",
                Supported,
            ),
            (
                "MRI showed osteomyelitis of the right second toe.",
                Contradicted,
            ),
        ],
    );
}

/// "Meter download (30 days, 58 readings)": a number of readings is a count, no rival of a
/// claimed glucose (the claim's bound "below 70" is not read, so support stays partial;
/// what the rule settles is the false contradiction).
#[test]
fn a_number_of_readings_is_a_count() {
    let note = "DIABETES CLINIC NOTE. Meter download (30 days, 58 readings): no values <70 mg/dL; range 104-236 mg/dL; mean 158 mg/dL; two readings >220 after holiday meals.";
    expect(
        note,
        &[(
            "The 30-day meter download showed no glucose readings below 70 mg/dL.",
            PartiallySupported,
        )],
    );
}

/// "Comparison: TTE 05/2019 showed a small pericardial effusion": a sentence labelled as the
/// comparison speaks of the earlier study, so it does not answer a claim of today's.
#[test]
fn a_comparison_label_speaks_of_the_earlier_study() {
    let tte = "LIMITED TTE 10/21/2026 (day after left atrial appendage occlusion). Indication: evaluate for pericardial effusion.\nLAAO device visualized in expected position. LVEF 55%. No pericardial effusion.\nComparison: TTE 05/2019 showed a small circumferential pericardial effusion (acute pericarditis), since resolved.";
    expect(
        tte,
        &[
            ("TTE showed no pericardial effusion.", Supported),
            ("TTE showed a pericardial effusion.", Contradicted),
        ],
    );
}

/// "Repeat CBC in 1 week (05/15)" in a summary of 05/08: a source that names a later day only
/// as a plan, with no value of the claim's kind beside it, gives no reading of that day, so
/// its other values are of other days and cannot contradict one claimed for it.
#[test]
fn a_planned_day_gives_no_reading_of_that_day() {
    let summary = "DISCHARGE SUMMARY 05/08/2026. Hgb 10.9 -> 7.5 g/dL; 2 units PRBC. Hgb 8.8 g/dL at discharge.\nRepeat CBC in 1 week (05/15) at the infusion center.";
    let got = judge(summary, "Repeat Hgb on 05/15 was 10.2 g/dL.");
    assert_ne!(got, Contradicted);
    expect(
        summary,
        &[("Hgb at discharge was 10.2 g/dL.", Contradicted)],
    );
}

/// "3 caps PO TID (increased from 2 caps TID on 10/20)": the start of a change is the dose
/// of an earlier time, so a drug's dose that names no time is the current one.
#[test]
fn a_drugs_dose_naming_no_time_is_the_current_one() {
    let list = "DIALYSIS UNIT MEDICATION PROFILE (updated 05/08/2026).\nCalcium acetate 667 mg cap: 3 caps PO TID with meals (increased from 2 caps TID on 05/08/2026 for phos 7.2); 1 cap with snacks.\nMidodrine 10 mg PO 30 min pre-HD.";
    expect(
        list,
        &[
            (
                "Calcium acetate 667 mg, three capsules with each meal.",
                Supported,
            ),
            (
                "Calcium acetate 667 mg, two capsules with each meal.",
                Contradicted,
            ),
        ],
    );
}

/// "first outpatient HD Monday 05/11/2026 ... Vascular surgery 05/12/2026 for AVF
/// planning": a sentence of what comes next answers a planned date only when it shares
/// some of the claim's words.
#[test]
fn a_plan_of_another_thing_gives_no_date() {
    let summary = "DISCHARGE SUMMARY - NEPHROLOGY. HD initiated 05/01 via L IJ tunneled catheter.\nOutpatient HD arranged at Harbor Dialysis, MWF 2nd shift; first outpatient HD Monday 05/11/2026 at 10:30.\nVascular surgery (Dr. Ilunga) 05/12/2026 for AVF planning; vein mapping done 05/04.";
    let got = judge_generated(
        &[source("doc-1", summary, "2026-05-05T14:00:00Z")],
        "His first outpatient dialysis session is scheduled for May 12, 2026.",
        &["doc-1"],
        "2026-05-05T16:00:00Z",
    );
    assert_eq!(got.support, Contradicted);
}

/// "HD initiated 05/01", "outpatient HD MWF": without a number "HD" is hemodialysis (with
/// one, "HD 5", it counts hospital days, as blind case b102-16 checks).
#[test]
fn hd_without_a_number_is_hemodialysis() {
    let summary = "DISCHARGE SUMMARY - NEPHROLOGY. HD initiated 05/01 via L IJ tunneled catheter.\nCourse: fever resolved HD 3. Weaned to RA on HD 5 (05/05). Loose stools HD 6: C. difficile PCR negative; resolved.";
    expect(
        summary,
        &[("Hemodialysis was started on 05/01.", Supported)],
    );
}

/// "ED: Afebrile on arrival (T 37.3 C), HR 104, BP 152/88": a blood pressure names no
/// specimen, so the denial of fever is not of another culture site's.
#[test]
fn a_blood_pressure_names_no_specimen() {
    let note = "H&P 05/08/2026. 66 y/o F with COPD presents with 4 days of dyspnea and cough productive of yellow-green sputum.\nED: Afebrile on arrival (T 37.3 C), HR 104, BP 152/88, RR 24, SpO2 87% RA.";
    expect(
        note,
        &[(
            "She was febrile on arrival, with a cough productive of yellow-green sputum.",
            Contradicted,
        )],
    );
}

/// "add lacosamide 50 mg PO BID x 1 wk, then increase to 100 mg PO BID": the dose a drug
/// was started at is the first step's, not the target's.
#[test]
fn a_starting_dose_is_the_first_steps() {
    let plan = "EPILEPSY CLINIC 05/08/2026. On lamotrigine 100 mg BID.\nPlan: add lacosamide 50 mg PO BID x 1 wk, then increase to 100 mg PO BID (target). Continue lamotrigine 100 mg BID.";
    expect(
        plan,
        &[
            ("Lacosamide was started at 50 mg PO BID.", Supported),
            (
                "Lacosamide was started at 100 mg PO BID in addition to lamotrigine 100 mg BID.",
                Contradicted,
            ),
        ],
    );
}

/// "CRP 142.0 mg/L" is "14.2 mg/dL" and "Hgb 98 g/L" is "9.8 g/dL"; the same number in the
/// other unit is a slip.
#[test]
fn per_decilitre_and_per_litre_readings_meet() {
    let labs = "LABS 05/08/2026: ESR 68 mm/h (0-20) H. CRP 142.0 mg/L (<5.0) H. Hgb 98 g/L.";
    expect(
        labs,
        &[
            ("CRP was 14.2 mg/dL.", Supported),
            ("CRP was 14.2 mg/L.", Contradicted),
            ("Hgb was 9.8 g/dL.", Supported),
            ("Hgb was 8.9 g/dL.", Contradicted),
        ],
    );
}

/// "Denies numbness/tingling of hands or feet" against "no numbness or tingling in his
/// hands or feet": a body part after the claim's denial is where, not what is denied.
#[test]
fn a_body_part_after_a_denial_is_where() {
    let ros = "ONCOLOGY VISIT 05/08/2026. Interval: tingling of the lips during the oxaliplatin infusion, resolved.\nROS: Denies numbness/tingling of hands or feet; no cold-induced dysesthesia of fingers.";
    expect(
        ros,
        &[(
            "He has no numbness or tingling in his hands or feet.",
            Supported,
        )],
    );
}

/// "every morning and every night" is twice a day.
#[test]
fn a_dose_morning_and_night_is_twice_daily() {
    let message = "Hi Dr. Feld, I've been taking my Eliquis 5 mg every morning and every night and haven't missed a single one.";
    expect(
        message,
        &[
            ("She takes apixaban 5 mg twice daily.", Supported),
            ("She takes apixaban 5 mg once daily.", Contradicted),
        ],
    );
}

/// "7 mm calculus at the right UVJ (980 HU)": UVJ is the ureterovesical junction and a
/// calculus a stone; the density is read in Hounsfield units (that it is then no rival of a
/// claimed creatinine, blind case b66-35 checks).
#[test]
fn a_stone_at_the_uvj_and_its_density() {
    let ct = "CT A/P WITHOUT CONTRAST (stone protocol) 05/08/2026. FINDINGS: 7 mm calculus at the right UVJ (980 HU) with moderate right hydroureteronephrosis.\nLeft kidney: 3 mm nonobstructing calculus in the lower pole; no left hydronephrosis. Cr 1.6 mg/dL.";
    expect(
        ct,
        &[
            (
                "CT showed a 7 mm stone at the right ureterovesical junction.",
                Supported,
            ),
            (
                "CT showed a 7 mm stone at the left ureterovesical junction.",
                Contradicted,
            ),
            ("The stone measured 980 HU.", Supported),
            ("Creatinine was 1.6 mg/dL.", Supported),
        ],
    );
}

/// "R IJ accessed ... L IJ not accessed": IJ is the internal jugular vein, with its side.
#[test]
fn ij_is_the_internal_jugular() {
    let note = "IR PROCEDURE NOTE 05/08/2026. Procedure: tunneled dialysis catheter placement.\nUS: R IJ patent and compressible; L IJ not accessed (preserving left side for future AVF).\nUnder US and fluoroscopic guidance, R IJ accessed with micropuncture; 19 cm tunneled catheter placed with tip in the right atrium.";
    expect(
        note,
        &[(
            "A tunneled dialysis catheter was placed via the left internal jugular vein.",
            Contradicted,
        )],
    );
}

/// Abbreviations a note writes and a summary spells out: "s/p CABG x3", "L MCA LVO".
#[test]
fn procedure_and_vessel_abbreviations_are_spelled_out() {
    let note = "NEUROLOGY NOTE 05/08/2026. 71 y/o M s/p CABG x3 (2019) with acute L MCA LVO; no SAH on CT.";
    expect(
        note,
        &[
            ("He had a prior coronary artery bypass graft.", Supported),
            (
                "He had an occlusion of the left middle cerebral artery.",
                Supported,
            ),
            ("CT showed a subarachnoid hemorrhage.", Contradicted),
        ],
    );
}

/// "Side: R." labels the procedure's side even as a lone letter; the L of "1.4 L" is litres.
#[test]
fn a_side_labels_lone_letter_is_a_side() {
    let note = "PROCEDURE NOTE - THORACENTESIS (US-guided) 05/08/2026 11:05.\nIndication: symptomatic hepatic hydrothorax.\nSide: R. Site: posterior axillary line, 8th ICS.\nRemoved 1.4 L clear straw-colored fluid. Post-procedure bedside US: no PTX. SpO2 97% on 2 L NC.";
    expect(
        note,
        &[
            (
                "She underwent right-sided thoracentesis with removal of 1.4 L of fluid.",
                Supported,
            ),
            (
                "She underwent left-sided thoracentesis with removal of 1.4 L of fluid.",
                Contradicted,
            ),
        ],
    );
}

/// "CONSULT - DECISION-MAKING CAPACITY. Question: capacity to decline PEG placement": a
/// question a sentence opens with names what was asked, not a finding; the answer decides.
#[test]
fn a_consults_question_is_no_finding() {
    let consult = "PSYCHIATRY C-L CONSULT - DECISION-MAKING CAPACITY. Question: capacity to decline PEG placement and to make code status decisions.\nExam: yes/no answers unreliable; unable to paraphrase risks/benefits.\nAssessment: pt lacks decision-making capacity for PEG placement and code status at this time.";
    expect(
        consult,
        &[
            (
                "Psychiatry found that she had decision-making capacity to decline PEG placement.",
                Contradicted,
            ),
            (
                "Psychiatry found that she lacked decision-making capacity for PEG placement.",
                Supported,
            ),
        ],
    );
}

/// "Post-procedure CXR: no PTX", "JVD 8 cm": more abbreviations a summary spells out.
#[test]
fn ptx_and_jvd_are_spelled_out() {
    let note = "PROCEDURE NOTE 05/08/2026. R IJ central venous catheter placed. Post-procedure CXR: no PTX. Exam: JVD to the angle of the jaw.";
    expect(
        note,
        &[
            (
                "The post-procedure chest X-ray showed no pneumothorax.",
                Supported,
            ),
            (
                "The post-procedure chest X-ray showed a pneumothorax.",
                Contradicted,
            ),
            ("Exam showed jugular venous distension.", Supported),
        ],
    );
}

/// "URINE DRUG SCREEN 05/06/2026 23:30:" heads the panel's lines: for a result of the
/// panel, the lines below it say which way it is, not a comment that names a member of the
/// class ("limited sensitivity for clonazepam and lorazepam").
#[test]
fn a_panels_lines_answer_below_its_heading() {
    let uds = "URINE DRUG SCREEN (immunoassay) 05/06/2026 23:30:\nAmphetamines: negative. Benzodiazepines: negative. Cannabinoids (THC): POSITIVE. Cocaine metabolite: negative.\nComment: immunoassay has limited sensitivity for clonazepam and lorazepam; confirmatory LC-MS/MS available on request.";
    expect(
        uds,
        &[
            (
                "Urine drug screen was positive for benzodiazepines.",
                Contradicted,
            ),
            (
                "Urine drug screen was negative for benzodiazepines.",
                Supported,
            ),
            (
                "Urine drug screen was positive for cannabinoids.",
                Supported,
            ),
        ],
    );
}

/// "SpO2 84% on room air" at triage and "on HFNC 40 L/min, FiO2 60%: SpO2 93%" later: a
/// reading on room air and one on an oxygen device are of two conditions, so the device's
/// reading does not answer a claim of the room-air one (and the other way round).
#[test]
fn room_air_and_oxygen_readings_are_apart() {
    let vitals = "ED VITAL SIGNS 01/27/2026.\n14:02 triage: T 38.6 C, HR 118, BP 104/62, RR 30, SpO2 84% on room air.\n14:10 after 6 L NC: SpO2 89%, RR 28.\n14:35 on HFNC 40 L/min, FiO2 60%: SpO2 93%, HR 108, RR 24.\n16:00 intubated, on ventilator: SpO2 97%.";
    expect(
        vitals,
        &[
            ("SpO2 on arrival was 93% on room air.", Contradicted),
            ("SpO2 on arrival was 84% on room air.", Supported),
            ("SpO2 was 84% on high-flow nasal cannula.", Contradicted),
            ("SpO2 was 97% on room air.", Contradicted),
        ],
    );
}

/// "Sevelamer carbonate 800 mg tab: 2 tabs PO TID": a claim that counts the tablets ("800
/// mg, two tablets") speaks of the tablet's strength, which the lexer reads as a count
/// with its word.
#[test]
fn counted_tablets_speak_of_the_strength() {
    let meds = "DIALYSIS UNIT MEDICATION LIST (reviewed 07/06/2026).\nSevelamer carbonate 800 mg tab: 2 tabs PO TID with meals; 1 tab with snacks.\nCalcitriol 0.25 mcg cap: 1 cap PO daily.";
    expect(
        meds,
        &[
            (
                "Renvela 800 mg, two tablets three times a day with meals.",
                Supported,
            ),
            (
                "Renvela 400 mg, two tablets three times a day with meals.",
                Contradicted,
            ),
        ],
    );
}

/// "I can't even keep water down": "even" is an intensifier, not the evening its stem
/// would be, so the denial says nothing of the evening.
#[test]
fn even_is_no_evening() {
    let message = "Hello, I had my cisplatin and radiation yesterday (week 4).\nI've been throwing up since last night, maybe 6 times now, and I can't even keep water down. Took the ondansetron twice and the prochlorperazine once, didn't help much.\nMy mouth is also sore but I could swallow ok until last night.\nI haven't peed much this morning. No fever, 98.1.";
    let claim =
        "Since the previous evening she has vomited about six times and cannot keep fluids down.";
    assert_ne!(judge(message, claim), Contradicted);
    let evening = "Vomited twice in the evening; no vomiting this morning.";
    assert_eq!(judge(evening, "She vomited in the evening."), Supported);
}

/// "My granddaughter had a fever and a cold last week": a patient's message about a
/// relative says nothing of the patient's own fever.
#[test]
fn a_grandchilds_fever_is_not_the_patients() {
    let message = "Quick update 5 days after my bendamustine.\nI haven't had any fever at all, I checked twice a day and it's been 97.8 to 98.6.\nMy granddaughter had a fever and a cold last week so I have been staying away from her.";
    expect(
        message,
        &[(
            "Pt denies fever at home since his last bendamustine.",
            Supported,
        )],
    );
}

/// "recombinant FVIII 50 IU/kg IV at home": FVIII is factor VIII.
#[test]
fn fviii_is_factor_eight() {
    let note = "Breakthrough bleed plan: recombinant FVIII 50 IU/kg IV at home (supply on hand), then call the HTC.\nDental cleaning scheduled; no extra factor needed for cleaning.";
    assert_ne!(
        judge(
            note,
            "He keeps factor VIII at home to treat breakthrough bleeding."
        ),
        Contradicted
    );
    assert_eq!(
        judge(note, "Recombinant factor VIII 50 IU/kg IV at home."),
        Supported
    );
}

/// "PA 64/25 mmHg, mean 38 mmHg ... systemic BP 118/70": a mean pressure is one number, so
/// a systolic/diastolic pair never answers it; "RHC" is a right heart catheterization and
/// "Wood units" are what "WU" writes.
#[test]
fn a_mean_pressure_is_no_pair() {
    let rhc = "RIGHT HEART CATHETERIZATION - HEMODYNAMICS, 02/24/2026. Access: right internal jugular, 7 Fr.\nRA 9 mmHg. RV 62/8 mmHg. PA 64/25 mmHg, mean 38 mmHg. PAWP 11 mmHg.\nCO (thermodilution) 4.2 L/min; CI 2.3 L/min/m2. PVR 6.4 WU.\nSvO2 64%. SaO2 95% on RA. HR 82, systemic BP 118/70.\nVasoreactivity (inhaled NO 40 ppm): mPAP 36 mmHg, CO 4.3 L/min - negative.";
    expect(
        rhc,
        &[
            (
                "RHC showed a mean PA pressure of 38 mmHg with PAWP 11 mmHg and PVR 6.4 Wood units.",
                Supported,
            ),
            (
                "RHC showed a mean PA pressure of 42 mmHg with PAWP 11 mmHg.",
                Contradicted,
            ),
        ],
    );
}

/// "ABI today: L 0.91 (pre-procedure 0.52)" with "duplex of the stent at 3 months": a bare
/// fraction the claim gives ("up from 0.52 before the stent") is no duration.
#[test]
fn a_bare_fraction_is_no_duration() {
    let note = "VASCULAR SURGERY CLINIC - POST-PROCEDURE VISIT (03/30/2026). 64 y/o F with lifestyle-limiting L calf claudication at 1 block despite supervised exercise and cilostazol.\ns/p L SFA atherectomy and drug-coated balloon angioplasty with a 6 x 100 mm self-expanding stent at the adductor canal on 03/17/2026 (Dr. Varga).\nNow walking >1 mile without calf pain. R leg asymptomatic.\nExam: L groin access site healed, no hematoma or bruit. Palpable L DP and PT pulses.\nABI today: L 0.91 (pre-procedure 0.52); R 0.97 (unchanged).\nPlan: DAPT with aspirin 81 mg daily and clopidogrel 75 mg daily for 6 months, then aspirin alone; continue atorvastatin 80 mg. Cilostazol stopped. Arterial duplex of the stent at 3 months, then every 6 months for the first year.\nSmoking: quit 2025, remains abstinent.";
    expect(
        note,
        &[
            (
                "Left ABI was 0.91, up from 0.52 before the stent.",
                Supported,
            ),
            (
                "Left ABI was 0.91, up from 0.62 before the stent.",
                Contradicted,
            ),
        ],
    );
}

/// "46 y/o R-handed M bitten on the dorsum of the L hand": handedness gives its side to
/// nothing after it, so the bite is the left hand's.
#[test]
fn handedness_is_the_side_of_nothing_after_it() {
    let note = "ED NOTE - ENVENOMATION. 46 y/o R-handed M bitten on the dorsum of the L hand by a rattlesnake while moving firewood at ~15:20 on 06/14/2026. Two fang marks 1 cm apart.\nSwelling extending to the L wrist at arrival (16:05), progressing to the mid-forearm by 17:00.";
    expect(
        note,
        &[
            (
                "Rattlesnake bite to the dorsum of the right hand with swelling extending to the wrist.",
                Contradicted,
            ),
        ],
    );
    assert_ne!(
        judge(
            note,
            "Rattlesnake bite to the dorsum of the left hand with swelling extending to the wrist."
        ),
        Contradicted
    );
}

/// "continuous -125 mmHg" against a claim in cmH2O: centimetres of water are a pressure
/// unit of their own ("cmH2O" or "cm H2O"), so the same number in the other unit disagrees,
/// and the same unit agrees.
#[test]
fn centimetres_of_water_are_a_pressure() {
    let order = "NEGATIVE PRESSURE WOUND THERAPY - ORDER (10/05/2026).\nWound: open R groin incision after debridement.\nDevice settings: continuous -125 mmHg. Do NOT use intermittent mode.";
    expect(
        order,
        &[
            (
                "NPWT to the right groin wound is set at continuous -125 cmH2O.",
                Contradicted,
            ),
            (
                "NPWT to the right groin wound is set at continuous -125 cm H2O.",
                Contradicted,
            ),
            (
                "NPWT to the right groin wound is set at continuous -125 mmHg.",
                Supported,
            ),
        ],
    );
    let vent = "VENT SETTINGS 05/02: AC/VC, TV 420 mL, RR 18, PEEP 8 cm H2O, FiO2 40%.";
    expect(
        vent,
        &[
            ("PEEP was 8 cmH2O.", Supported),
            ("PEEP was 10 cmH2O.", Contradicted),
        ],
    );
}

/// "my fingers on that hand have been numb and cold": the adjectives say what "numbness"
/// and "coldness" say, so a denial of them is contradicted.
#[test]
fn numb_and_cold_are_numbness_and_coldness() {
    let message = "Hi Dr. Osei, I had my fistula done in my left upper arm on April 2. Since the surgery my fingers on that hand have been numb and cold, especially at the end of dialysis. No pain in the arm itself and no bleeding from the cuts.";
    expect(
        message,
        &[(
            "Patient denies hand numbness or coldness since the fistula was created.",
            Contradicted,
        )],
    );
}

/// "NaHCO3 8.4% 150 mEq IV push": NaHCO3 is sodium bicarbonate, whose dose a claim of
/// "100 mEq" gets wrong.
#[test]
fn nahco3_is_sodium_bicarbonate() {
    let note = "ED RESUSCITATION NOTE. 68 y/o F on flecainide 100 mg BID took ~15 tablets. QRS 186 ms.\nNaHCO3 8.4% 150 mEq IV push (3 amps) at 10:22 with QRS narrowing to 142 ms; then infusion of 150 mEq/L in D5W at 100 mL/h.";
    expect(
        note,
        &[
            ("Given sodium bicarbonate 100 mEq IV push.", Contradicted),
            ("Given sodium bicarbonate 150 mEq IV push.", Supported),
        ],
    );
}

/// "March 2026 (drawn 03/04): ... spKt/V 1.52": a report that dates its readings in a
/// month names the month a claim gives by name ("In March").
#[test]
fn a_dated_report_names_its_month() {
    let report = "DIALYSIS ADEQUACY REPORT - Riverside Dialysis. Pt: 63 y/o M, HD MWF, 4.0 h.\nFebruary 2026 (drawn 02/04): pre-BUN 74, post-BUN 24, URR 68%, spKt/V 1.31 (below goal).\nMarch 2026 (drawn 03/04): pre-BUN 70, post-BUN 18, URR 74%, spKt/V 1.52.\nGoal: spKt/V >=1.4, URR >=65%.";
    expect(
        report,
        &[("In March, spKt/V was 1.52 with a URR of 74%.", Supported)],
    );
}

/// "MetHb 32.0% ... MetHb 4.0%": MetHb is methemoglobin (and COHb carboxyhemoglobin).
#[test]
fn methb_is_methemoglobin() {
    let series = "CO-OXIMETRY SERIES (venous).\n07/03/2026 10:45: MetHb 32.0% (critical), COHb 1.2%, pO2 96 mmHg on NRB.\n07/03/2026 12:10 (60 min after methylene blue): MetHb 4.0%.";
    expect(
        series,
        &[
            ("Methemoglobin was 32% on arrival.", Supported),
            ("Methemoglobin was 23% on arrival.", Contradicted),
            ("Carboxyhemoglobin was 1.2%.", Supported),
        ],
    );
}

/// "Great toe pressure 38 mmHg; TBI 0.27": before a number (or "of" and a number) TBI is
/// a toe-brachial index, elsewhere a traumatic brain injury.
#[test]
fn tbi_before_a_number_is_a_toe_brachial_index() {
    let study = "NONINVASIVE ARTERIAL STUDY 05/14/2026.\nRight: ABI 1.09. Great toe pressure 92 mmHg; TBI 0.67.\nLeft: ABI 1.13. Great toe pressure 38 mmHg; TBI 0.27.";
    expect(
        study,
        &[
            (
                "Left great toe pressure was 38 mmHg, with a toe-brachial index of 0.27.",
                Supported,
            ),
            ("Left ABI was 1.13 with a TBI of 0.27.", Supported),
            ("Left ABI was 1.13 with a TBI of 0.37.", Contradicted),
        ],
    );
    expect(
        "PMH: TBI 2019 after a fall, with residual headaches.",
        &[("He has a history of traumatic brain injury.", Supported)],
    );
}

/// "Return precautions: coolness, pallor or numbness of the R foot": "pale" says
/// "pallor" and "coolness" says "cold".
#[test]
fn pale_and_cool_are_pallor_and_cold() {
    let plan = "DISCHARGE INSTRUCTIONS. Call the vascular clinic for coolness, pallor or numbness of the R foot.";
    expect(
        plan,
        &[(
            "She should call if her right foot is cold, pale or numb.",
            Supported,
        )],
    );
}

/// "fluticasone propionate HFA 110 mcg/actuation: 2 puffs": a strength per puff is the mass
/// a claim writes as "110 mcg", and another mass disagrees.
#[test]
fn a_strength_per_puff_is_its_mass() {
    let meds = "DISCHARGE MEDICATIONS - 6 y/o M, 21 kg (asthma exacerbation).\nNEW:\n- fluticasone propionate HFA 110 mcg/actuation: 2 puffs inhaled BID with spacer; rinse mouth after use.\nCONTINUE:\n- cetirizine 5 mg PO daily.";
    expect(
        meds,
        &[
            (
                "Fluticasone HFA 110 mcg, 2 puffs twice daily with a spacer.",
                Supported,
            ),
            (
                "Fluticasone HFA 220 mcg, 2 puffs twice daily with a spacer.",
                Contradicted,
            ),
        ],
    );
}

/// "14:05 (ED triage): T 37.3 C, HR 138, RR 42": a claim's bare number that names no
/// temperature ("her respiratory rate was 42") is no temperature, however close the
/// temperature stands to the claim's other words.
#[test]
fn a_bare_number_is_no_temperature() {
    let vitals = "VITAL SIGNS - 9 y/o F, asthma exacerbation, 04/10/2026.\n14:05 (ED triage): T 37.3 C, HR 138, RR 42, BP 112/68, SpO2 88% RA. PRAM 9.\n14:40: after albuterol-ipratropium neb x3 and dexamethasone: HR 152, RR 34, SpO2 92% on 2 L NC. PRAM 6.\n16:00 (floor arrival): HR 144, RR 30, SpO2 94% on 2 L NC.";
    expect(
        vitals,
        &[
            (
                "At ED triage her respiratory rate was 42 and SpO2 was 88% on room air.",
                Supported,
            ),
            ("At ED triage her temperature was 37.3.", Supported),
        ],
    );
}

/// "2 days of vomiting (about 8 episodes, nonbloody and nonbilious) and watery diarrhea,
/// nonbloody": "no bilious vomiting" denies what vomited, which the source denies too,
/// not the vomiting it states.
#[test]
fn a_denied_modifier_leaves_its_head_stated() {
    let note = "ADMISSION NOTE. 22 m/o F with 2 days of vomiting (about 8 episodes, nonbloody and nonbilious) and watery diarrhea 6-8 times/day, nonbloody.\nPlan: ondansetron 0.15 mg/kg IV q8h PRN; stool pathogen panel.";
    expect(
        note,
        &[
            ("She had no bilious vomiting.", Supported),
            ("She had bilious vomiting.", Contradicted),
        ],
    );
}

/// "No pain with passive stretch of the toes": the manoeuvre that brings a finding out is
/// where it was looked for, as "on" says ("no pain on passive toe stretch"), not denied.
#[test]
fn a_manoeuvre_after_with_is_not_denied() {
    let note = "ORTHOPEDIC TRAUMA PROGRESS NOTE - POD 1. s/p intramedullary nail of L tibial shaft fracture 07/25/2026.\nExam LLE: Anterior, lateral, superficial and deep posterior compartments soft and compressible. No pain with passive stretch of the toes. DP and PT pulses 2+.";
    expect(
        note,
        &[
            (
                "On POD 1 the leg compartments were soft, with no pain on passive toe stretch.",
                Supported,
            ),
            ("On POD 1 he had pain on passive toe stretch.", Contradicted),
        ],
    );
}

/// "Knee ROM at 2 weeks post-op: 5-90 degrees. Today: 0-115 degrees (active)": a bare range
/// ("0 to 115 degrees") is no duration unless its own clause gives one, so "2 weeks" is no
/// rival of it.
#[test]
fn a_bare_range_is_no_duration() {
    let note = "PHYSICAL THERAPY PROGRESS NOTE - 6 WEEKS s/p L TKA (05/19/2026).\nObjective: Knee ROM at 2 weeks post-op: 5-90 degrees. Today: 0-115 degrees (active), 0-118 (passive). TUG 9.8 s (was 16.2 s at 2 weeks).";
    for claim in [
        "Six weeks after surgery, active knee ROM was 0 to 115 degrees and TUG had improved to 9.8 seconds.",
        "Active knee ROM was 0 to 115 degrees.",
    ] {
        assert_ne!(judge(note, claim), Contradicted, "{claim}");
    }
}

/// "Methergine 0.2 mg IM and two doses of Hemabate 250 mcg IM": a value's own clause names
/// the drug it counts, before a drug of an earlier clause does ("methylergonovine 0.2 mg IM
/// x1 and carboprost 250 mcg IM x2").
#[test]
fn a_values_own_clause_names_its_drug() {
    let summary = "DISCHARGE SUMMARY - OBSTETRICS. Course complicated by postpartum hemorrhage from uterine atony, QBL 1,650 mL.\nManaged with bimanual massage, oxytocin 40 units/L infusion, methylergonovine 0.2 mg IM x1 and carboprost 250 mcg IM x2 (15 min apart), with good uterine tone thereafter.";
    expect(
        summary,
        &[
            (
                "Uterine atony was managed with Pitocin, Methergine 0.2 mg IM and two doses of Hemabate 250 mcg IM.",
                Supported,
            ),
            (
                "Uterine atony was managed with Methergine 0.2 mg IM and three doses of Hemabate 250 mcg IM.",
                Contradicted,
            ),
        ],
    );
}

/// A CBC trend ("06/12/2026 06:00 (POD 1): ... Hgb 7.1 (L)") and a summary ("Hgb 11.8
/// (pre-op) -> 7.1 (POD 1) -> 8.6 g/dL"): the nadir a matched reading is called is the
/// claim's framing of the trend the sources give, not a fact they must write.
#[test]
fn a_nadir_names_a_matched_reading() {
    let trend = source("doc-1", "CBC TREND\n06/11/2026 07:10 (pre-op): WBC 9.8 K/uL, Hgb 11.8 g/dL, Hct 35.2%, Plt 221 K/uL.\n06/11/2026 14:45 (post-op, pre-transfusion): Hgb 7.9, Hct 23.6, Plt 168. Fibrinogen 312 mg/dL.\n06/11/2026 21:30 (after 2 u PRBC): Hgb 8.8.\n06/12/2026 06:00 (POD 1): WBC 14.2, Hgb 7.1 (L), Hct 21.4, Plt 155.\n06/13/2026 06:00 (POD 2): Hgb 7.8, Plt 170. Ferritin 9 ng/mL (L).\n06/14/2026 06:05 (POD 3): WBC 10.1, Hgb 8.6 (L), Hct 25.9, Plt 194.\nType & screen: O pos, antibody screen negative.", "2026-06-14T07:30:00Z");
    let summary = source("doc-2", "DISCHARGE SUMMARY - OBSTETRICS\n34 y/o G3P1112 s/p primary LTCS at 39w0d on 06/11/2026 for arrest of descent; male infant 3,920 g.\nCourse c/b PPH due to uterine atony: QBL 1,450 mL. Managed with oxytocin infusion, methylergonovine 0.2 mg IM x1 and carboprost 250 mcg IM x2, bimanual massage; Bakri balloon not required.\nTransfused 2 units PRBC on POD 0. Hgb 11.8 (pre-op) -> 7.1 (POD 1) -> 8.6 g/dL (POD 3, day of d/c). Ferritin 9.\nFerric carboxymaltose 750 mg IV given POD 2.\nAfebrile throughout; incision C/D/I, no erythema or drainage. Tolerating regular diet, ambulating, voiding.\nVTE: SCDs in house; enoxaparin 40 mg SC daily x 6 weeks for VTE prophylaxis (BMI 38, C/S, PPH, transfusion).\nRh pos; rubella non-immune - MMR given 06/13. Tdap given antepartum (28 wk).\nBreastfeeding with supplementation; lactation following.\nD/c home POD 3 with husband. F/u: incision check 1-2 wk; CBC in 1 wk; PP visit 6 wk.", "2026-06-14T16:00:00Z");
    let both = [trend, summary];
    let claim =
        "Hgb reached a nadir of 7.1 g/dL on POD 1 and was 8.6 g/dL on the day of discharge.";
    assert_eq!(
        judge_generated(&both, claim, &["doc-1", "doc-2"], "2026-06-14T18:00:00Z").support,
        Supported
    );
}

/// "Tacrolimus 1 mg cap: 3 caps (3 mg) PO q12h": a capsule's strength counted out is a
/// dose as a tablet's is, so the 1 mg capsule is no rival of "Prograf 3 mg".
#[test]
fn a_capsules_strength_counts_out_a_dose() {
    let meds = "TRANSPLANT MEDICATION LIST (reviewed with pt 05/12/2026).\nTacrolimus 1 mg cap: 3 caps (3 mg) PO q12h at 08:00 and 20:00.\nMycophenolate mofetil 500 mg tab: 2 tabs (1,000 mg) PO BID.";
    expect(
        meds,
        &[
            ("Prograf 3 mg by mouth every 12 hours.", Supported),
            ("Prograf 2 mg by mouth every 12 hours.", Contradicted),
        ],
    );
}

/// "transferrin saturation >45% with ferritin >1,000 ng/mL": a bound is a criterion, not a
/// reading, so a value inside it is no rival of the reading itself; a value outside it is
/// denied, and a claim's own bound is stated by a reading inside it.
#[test]
fn a_bound_is_no_reading() {
    let iron = "IRON STUDIES. Collected 02/02/2026 08:00 (fasting).\nTransferrin saturation: 78% (H; ref 20-50%).\nFerritin: 1,150 ng/mL (H; ref 24-336).\nComment: transferrin saturation >45% with ferritin >1,000 ng/mL in a C282Y homozygote.";
    expect(
        iron,
        &[
            (
                "Transferrin saturation was 78% and ferritin was 1,150 ng/mL.",
                Supported,
            ),
            ("Ferritin was more than 1,000 ng/mL.", Supported),
            ("Transferrin saturation was 38%.", Contradicted),
        ],
    );
    let troponin = "ED LABS 03/04/2026 10:15: hs-troponin T <6 ng/L; BNP 42 pg/mL.";
    expect(troponin, &[("Troponin was 48 ng/L.", Contradicted)]);
}

/// "~7.9 g/day x 5 days from Norco plus OTC Tylenol": the amount of a combination product
/// is an amount of each of its drugs, so the acetaminophen's 7.9 g is found there.
#[test]
fn a_combinations_amount_is_each_drugs() {
    let note = "Admitted with RUQ pain after repeated supratherapeutic acetaminophen ingestion (~7.9 g/day x 5 days from Norco plus OTC Tylenol ES) for a molar abscess.";
    expect(
        note,
        &[
            ("Acetaminophen intake was about 7.9 g/day.", Supported),
            ("Acetaminophen intake was about 9.7 g/day.", Contradicted),
        ],
    );
}

/// "AAST grade III splenic laceration ... with IV contrast": a roman numeral naming a
/// grade is its number, so "grade IV" is another grade, not the route of the contrast.
#[test]
fn a_roman_grade_is_a_number() {
    let ct = "CT ABDOMEN/PELVIS WITH IV CONTRAST 04/03/2026.\nFINDINGS: AAST grade III splenic laceration with a moderate perisplenic hematoma. No active contrast extravasation.";
    expect(
        ct,
        &[
            ("CT showed a grade 3 splenic laceration.", Supported),
            (
                "CT showed an AAST grade IV splenic laceration.",
                Contradicted,
            ),
        ],
    );
}

/// "Bedside arthrocentesis L knee: 45 mL": a procedure written right before a sided body
/// part is of that side, so a right knee arthrocentesis is the other side's.
#[test]
fn a_procedure_before_a_sided_body_part_takes_its_side() {
    let consult = "ORTHOPAEDIC CONSULT. 66 y/o M, R-handed, s/p R TKA (2018), with an acutely swollen L knee.\nR knee: well-healed incision, no effusion.\nBedside arthrocentesis L knee: 45 mL turbid yellow fluid. Synovial WBC 68,000/uL, 92% PMN.";
    expect(
        consult,
        &[
            (
                "Arthrocentesis of the left knee yielded 45 mL of turbid fluid.",
                Supported,
            ),
            (
                "Arthrocentesis of the right knee yielded synovial WBC 68,000/uL.",
                Contradicted,
            ),
        ],
    );
}

/// "VENOUS BLOOD LEAD (confirmatory)." names the test the report is of: it states no
/// result, so the result line answers a claim that the lead was undetectable.
#[test]
fn a_bare_title_states_no_result() {
    let lab = "VENOUS BLOOD LEAD (confirmatory). Collected 06/29/2026 09:45.\nLead, venous whole blood: not detected (<1.0 mcg/dL).\nPrior capillary screen 05/27/2026: 4.2 mcg/dL.";
    expect(
        lab,
        &[(
            "The confirmatory venous lead level was undetectable.",
            Supported,
        )],
    );
}

/// "no acute fracture and normal alignment": a conjunct opening with a finding stated as
/// normal is not denied with the fracture.
#[test]
fn a_normal_conjunct_is_not_denied() {
    let ct = "CT CERVICAL SPINE 02/15/2026.\nFINDINGS: No acute fracture. Alignment is normal; no listhesis.";
    expect(
        ct,
        &[
            (
                "Cervical spine CT showed no acute fracture and normal alignment.",
                Supported,
            ),
            (
                "Cervical spine CT showed an acute fracture and normal alignment.",
                Contradicted,
            ),
        ],
    );
}

/// "negative (visual inspection and spectrophotometry; bilirubin not detected)": a
/// semicolon parts the method from the next finding, so the method is not denied.
#[test]
fn a_denial_does_not_reach_back_past_a_semicolon() {
    let csf = "CSF ANALYSIS 04/16/2026.\nXanthochromia: negative (visual inspection and spectrophotometry; bilirubin not detected).\nProtein 34 mg/dL.";
    expect(
        csf,
        &[(
            "CSF showed no xanthochromia on spectrophotometry.",
            Supported,
        )],
    );
}

/// "7 more days" is a duration of seven days, and "a repeat CT chest in 6-8 weeks" says
/// when, which the antibiotic course's length does not contradict.
#[test]
fn durations_still_to_come_and_due_times() {
    let summary = "DISCHARGE SUMMARY - GENERAL SURGERY. 48 y/o F admitted 06/23/2026 with LLQ pain, fever 38.5 C and WBC 16.2.\nIR placed 8 Fr drain 06/24; 20 mL pus. Drain removed 06/26.\nIV pip-tazo 4.5 g q6h, transitioned to ciprofloxacin 500 mg PO q12h + metronidazole 500 mg PO q8h on 06/26.\nComplete 7 more days of oral antibiotics (through 07/03/2026).\nSurgery clinic in 2 weeks.";
    expect(
        summary,
        &[
            (
                "She will complete one more week of oral antibiotics.",
                Supported,
            ),
            (
                "She will complete ten more days of oral antibiotics.",
                Contradicted,
            ),
        ],
    );
    let plan = "Levofloxacin 750 mg tab - 1 tab PO daily x 5 more days (last dose 04/16/2026); completes 10-day course.";
    assert_ne!(
        judge(
            plan,
            "Discharged on levofloxacin 750 mg PO daily, with a repeat CT chest in 6-8 weeks."
        ),
        Contradicted
    );
}

/// "03/05/2026 (Day 4): 1,860": a day of treatment stamps the row it opens, so "1860 on
/// day 4" is that row's reading, and the days of the claim are found among the rows' days.
#[test]
fn a_day_of_treatment_stamps_its_row() {
    let trend = "SERIAL QUANTITATIVE SERUM hCG (mIU/mL). Single-dose methotrexate 50 mg/m2 IM given 03/02/2026 (Day 1).\n02/28/2026: 1,388\n03/02/2026 (Day 1): 1,742\n03/05/2026 (Day 4): 1,860\n03/08/2026 (Day 7): 1,410\nDay 4 -> Day 7 decline: 24%.";
    assert_ne!(
        judge(
            trend,
            "hCG fell from 1860 on day 4 to 1410 mIU/mL on day 7 after methotrexate, a 24% decline."
        ),
        Contradicted
    );
    assert_eq!(judge(trend, "hCG was 1860 on day 4."), Supported);
}

/// "Hepatitis C antibody: REACTIVE" beside "Hepatitis B surface antigen: negative": which
/// hepatitis is part of the test's name, so the B tests' "negative" says nothing of C.
#[test]
fn hepatitis_b_and_c_are_two_tests() {
    let panel = "INFECTIOUS SCREENING PANEL - collected 09/04/2026 13:15.\nHepatitis C antibody: REACTIVE (S/CO 11.8). Reflex HCV RNA PCR: pending.\nHIV-1/2 antigen/antibody combo: NONREACTIVE.\nHepatitis B surface antigen: negative. Hepatitis B core antibody: negative.";
    expect(
        panel,
        &[
            ("Hepatitis C antibody screening was negative.", Contradicted),
            ("Hepatitis B surface antigen was negative.", Supported),
        ],
    );
}

/// "Squeeze test negative; external rotation test negative": other tests' denials do not
/// deny the anterior drawer, which the note calls positive.
#[test]
fn another_tests_denial_is_no_agreement() {
    let note = "URGENT CARE - SPORTS INJURY 09/19/2026. 31 y/o M inverted his R ankle.\nExam R ankle: moderate lateral swelling; TTP over ATFL (Ottawa negative). Anterior drawer positive (2+ laxity vs L). Talar tilt negative. Squeeze test negative; external rotation test negative.";
    expect(
        note,
        &[(
            "On exam, the anterior drawer test of the right ankle was negative.",
            Contradicted,
        )],
    );
}

/// "MRI SHOULDER RIGHT WITHOUT CONTRAST": the side after the body part is the shoulder's,
/// though the study's contrast follows it.
#[test]
fn a_studys_side_before_its_contrast() {
    let mri = "MRI SHOULDER RIGHT WITHOUT CONTRAST. Date: 03/09/2026.\nFINDINGS: Full-thickness tear of the supraspinatus tendon with 1.4 cm retraction.\nIMPRESSION: Full-thickness supraspinatus tear.";
    expect(
        mri,
        &[(
            "MRI showed a full-thickness supraspinatus tear of the left shoulder.",
            Contradicted,
        )],
    );
}

/// "haloperidol decanoate 100 mg IM q4 weeks": a dose by another route than the claim's
/// is another order, so it is no rival of "100 mg PO BID".
#[test]
fn a_dose_by_another_route_is_no_rival() {
    let consult = "PSYCHIATRY C-L CONSULT. 37 y/o M with schizophrenia on haloperidol decanoate 100 mg IM q4 weeks (last 08/12/2026), plus haloperidol 5 mg PO BID added 08/15 by outpatient team for worsening paranoia.\nAssessment: NMS (criteria met).\nRec: 1) Hold ALL antipsychotics. 2) Lorazepam 2 mg IV q6h. 3) Aggressive IVF, external cooling.";
    assert_ne!(
        judge(
            consult,
            "C-L psychiatry recommended lorazepam 2 mg IV q6h and amantadine 100 mg PO BID."
        ),
        Contradicted
    );
    assert_eq!(
        judge(consult, "C-L psychiatry recommended lorazepam 4 mg IV q6h."),
        Contradicted
    );
}

/// "MELD 3.0: 24. MELD-Na: 23." beside "Na 132 mmol/L": MELD-Na is a score of its own, not
/// sodium.
#[test]
fn meld_na_is_no_sodium() {
    let labs = "HEPATOLOGY LABS (05/19/2026 06:45).\nNa 132 mmol/L (L), Cr 1.4 mg/dL (H), T bili 4.3 mg/dL (H), INR 1.8 (H).\nMELD 3.0: 24. MELD-Na: 23.";
    assert_ne!(
        judge(labs, "MELD-Na was 23 with an INR of 1.8."),
        Contradicted
    );
    assert_eq!(judge(labs, "MELD-Na was 27."), Contradicted);
}

/// "Glucose 1042 mg/dL" on admission and "Repeat 12/03/2026 06:00: glucose 312 mg/dL": the
/// repeat is of a later time than the admission the claim names.
#[test]
fn a_repeat_is_not_the_admission_value() {
    let chem = "ADMISSION CHEMISTRY - collected 12/02/2026 14:22 (ED).\nGlucose 1042 mg/dL (critical). Na 151 mmol/L (H). K 4.8 mmol/L. Cl 112 mmol/L (H). CO2 21 mmol/L (L). Anion gap 18.\nBUN 78 mg/dL (H). Cr 2.6 mg/dL (H).\nSerum osmolality, measured: 348 mOsm/kg (H) (ref 275-295).\nBeta-hydroxybutyrate 0.9 mmol/L. VBG pH 7.36. Lactate 2.4 mmol/L.\nUA: glucose >1000, ketones trace, LE large, nitrite positive, WBC >50/hpf.\nRepeat 12/03/2026 06:00: glucose 312 mg/dL, Na 156 mmol/L, osmolality 331 mOsm/kg.";
    expect(
        chem,
        &[
            (
                "Admission glucose was 1,042 mg/dL with a measured serum osmolality of 348 mOsm/kg.",
                Supported,
            ),
            ("Admission glucose was 1,240 mg/dL.", Contradicted),
        ],
    );
}

/// "No diabetic retinopathy OU": a denial of both eyes answers a claim of no retinopathy in
/// either eye, and the eyes it names are where it was looked for.
#[test]
fn a_denial_of_both_eyes() {
    let exam = "OPHTHALMOLOGY - DIABETIC EYE EXAM. 52 y/o F with T2DM; annual screening. Family hx: father with proliferative diabetic retinopathy s/p PRP.\nPupils dilated with tropicamide/phenylephrine.\nDilated fundus exam: C/D 0.3 OU. No microaneurysms or neovascularization. No diabetic retinopathy OU.\nAssessment: T2DM without retinopathy.";
    expect(
        exam,
        &[(
            "Dilated eye exam showed no diabetic retinopathy in either eye.",
            Supported,
        )],
    );
}

/// "IMPRESSION: No evidence of deep vein thrombosis in the right lower extremity": a claim
/// that names the right side denies only that side's DVT, as the report does.
#[test]
fn a_sided_claim_denies_its_own_side() {
    let duplex = "VENOUS DUPLEX, RIGHT LOWER EXTREMITY. Indication: R calf pain; hx L femoral DVT 2019.\nFINDINGS: Right common femoral, femoral, popliteal and posterior tibial veins are fully compressible.\nIMPRESSION: 1. No evidence of deep vein thrombosis in the right lower extremity. 2. Superficial vein thrombosis of the right GSV.";
    expect(
        duplex,
        &[(
            "Right lower extremity venous duplex showed no deep vein thrombosis.",
            Supported,
        )],
    );
}

/// "Anti-PF4/heparin antibody, IgG-specific ELISA: OD 0.21. Result: NEGATIVE": a bare
/// "Result:" label passes its answer to the test named before it on its line.
#[test]
fn a_result_label_answers_the_test_before_it() {
    let hit = "HIT TESTING - SPECIAL COAGULATION. Collected 07/07/2026 14:20. Patient: 72 y/o M, POD 7 after R hemicolectomy, on enoxaparin 40 mg SC daily prophylaxis; Plt 212 -> 118 K/uL.\nAnti-PF4/heparin antibody, IgG-specific ELISA: OD 0.21. Result: NEGATIVE (cutoff 0.40).\nSerotonin release assay: not performed (ELISA negative, per reflex policy).\nInterpretation: HIT unlikely. Consider alternative causes of thrombocytopenia.\nOther results: blood culture 07/06/2026, 1 of 2 sets positive for coagulase-negative Staphylococcus (likely contaminant).";
    expect(
        hit,
        &[
            (
                "Anti-PF4/heparin antibody ELISA was positive, consistent with HIT.",
                Contradicted,
            ),
            (
                "The anti-PF4/heparin antibody ELISA was negative.",
                Supported,
            ),
        ],
    );
}

/// "MICROBIOLOGY - BLOOD CULTURES." over "Set 2, drawn through R femoral temporary dialysis
/// catheter: YEAST detected": a lab report's title names what each of its lines is a
/// result of, so the catheter set's growth answers a claim of no growth.
#[test]
fn a_lab_reports_title_names_its_lines() {
    let s0 = SourceReference {
        source_type: SourceType::ClinicalNote,
        title: "Infectious Diseases Consult".into(),
        ..source("doc-27552", "INFECTIOUS DISEASES CONSULT 10/13/2026. 64 y/o F in SICU POD 16 after Whipple with pancreatic leak, on CVVHD via R femoral catheter (line day 11), TPN and broad-spectrum antibiotics; new fever 38.7 C on 10/10 with recurrent norepinephrine need (0.06 mcg/kg/min).\nMicro: catheter-drawn culture with Candida parapsilosis; peripheral culture no growth to date.\nAssessment: catheter-related candidemia.\nRecs: catheter removed 10/12 (agree); new dialysis access at a new site (not a guidewire exchange). Start micafungin 100 mg IV daily; switch to fluconazole when clinically stable. Repeat blood cultures daily until negative; treat 14 days from the first negative culture. Dilated fundoscopic exam and TTE.", "2026-10-13T16:00:00Z")
    };
    let s1 = SourceReference {
        source_type: SourceType::LabResult,
        title: "Microbiology - Blood Cultures".into(),
        ..source("doc-27553", "MICROBIOLOGY - BLOOD CULTURES.\nSet 1, peripheral venipuncture (L antecubital), collected 10/10/2026 18:20: no growth at 5 days (final).\nSet 2, drawn through R femoral temporary dialysis catheter, collected 10/10/2026 18:25: YEAST detected at 31 h (10/12 01:40); Gram stain budding yeast; identified as Candida parapsilosis 10/13. Fluconazole S (MIC 1), micafungin S (MIC 2).\nCatheter tip culture (removed 10/12): >15 CFU Candida parapsilosis (semi-quantitative).\nBeta-D-glucan 10/11: 212 pg/mL (positive >80).", "2026-10-15T20:00:00Z")
    };
    assert_eq!(
        judge_generated(
            &[s0, s1],
            "Blood cultures drawn through the dialysis catheter showed no growth.",
            &["doc-27553"],
            "2026-10-16T12:00:00Z"
        )
        .support,
        Contradicted
    );
}

/// "PROGRESS NOTE - DAY OF DISCHARGE 01/07/2029" and "Tmax last 24 h 37.2 C; afebrile since
/// 01/04": when the sentence sharing most of the claim's words does not state its finding,
/// an aligned sentence ranked above it that does speaks for it.
#[test]
fn a_sentence_stating_the_finding_answers_for_one_that_does_not() {
    let note = source("doc-1", "HOSPITAL MEDICINE PROGRESS NOTE - DAY OF DISCHARGE 01/07/2029. 54 y/o F with breast cancer on letrozole, hx febrile neutropenia (2025, during chemo), admitted 01/03 febrile to 39.1 C with cellulitis of the R lower leg.\nS: leg pain 2/10, walking with cane. No chills.\nO: Tmax last 24 h 37.2 C; afebrile since 01/04. HR 76, BP 122/70, SpO2 98% RA. Erythema receded >80%, no bullae.\nLabs: WBC 7.4, ANC 5.1 (not neutropenic). CRP 18 (from 142).\nA/P: cellulitis improving - cefazolin to cephalexin 500 mg PO QID to complete 7 days (through 01/09). Stable for discharge today. Compression stockings after healing; oncology aware.", "2029-01-07T10:15:00Z");
    let vitals = source("doc-2", "VITAL SIGNS TREND (Tmax per day).\n01/03/2029: Tmax 39.1 C (22:10), HR 112, BP 104/62.\n01/04/2029: Tmax 38.0 C (03:00), afebrile after 06:00, HR 94.\n01/05/2029: Tmax 37.3 C, HR 84.\n01/06/2029: Tmax 37.2 C, HR 80, BP 120/72.\n01/07/2029 06:00: T 36.8 C, HR 76, BP 122/70, SpO2 98% RA.\nNo antipyretics given since 01/04.", "2029-01-07T08:30:00Z");
    let note = SourceReference {
        source_type: SourceType::ClinicalNote,
        title: "Hospital Medicine Progress Note - Day of Discharge".into(),
        ..note
    };
    let vitals = SourceReference {
        source_type: SourceType::VitalSigns,
        title: "Vital Signs Trend".into(),
        ..vitals
    };
    assert_eq!(
        judge_generated(
            &[note, vitals],
            "She remained febrile on the day of discharge.",
            &["doc-1", "doc-2"],
            "2029-01-07T14:00:00Z"
        )
        .support,
        Contradicted
    );
}

/// "No filling defect in the main, lobar, segmental or subsegmental pulmonary arteries to
/// suggest pulmonary embolism": what the denied finding would suggest is denied past the
/// places it was looked for.
#[test]
fn a_denial_reaches_what_it_would_suggest_past_its_places() {
    let ctpa = "FINDINGS: Adequate opacification of the pulmonary arteries. No filling defect in the main, lobar, segmental or visualized subsegmental pulmonary arteries to suggest pulmonary embolism. Dense consolidation in the right lower lobe.";
    expect(
        ctpa,
        &[
            ("There was no pulmonary embolism.", Supported),
            ("A pulmonary embolism was seen.", Contradicted),
        ],
    );
}

/// "Maximum intrapartum temperature was 38.4 C" against "03:00: T 38.6 C" and "04:00: T 38.4
/// C": a maximum named at the clause's start is the highest of the readings, so a higher
/// reading of the test denies it.
#[test]
fn a_maximum_opening_the_clause_is_the_highest_reading() {
    let vitals = "INTRAPARTUM VITAL SIGNS 11/03/2026.\n00:00: T 37.2 C, HR 88, BP 118/72.\n02:00: T 37.8 C, HR 96, BP 122/74.\n03:00: T 38.6 C, HR 112, BP 126/78. Provider notified; acetaminophen 1 g PO given 03:10. Fetal baseline 170.\n04:00: T 38.4 C, HR 104.\n05:00: T 38.1 C, HR 100.\n06:00: T 37.7 C, HR 94, BP 120/70.\n07:12: delivery.\n08:00: T 37.3 C, HR 88, BP 116/68.\nTmax 38.6 C (03:00).";
    expect(
        vitals,
        &[
            ("Maximum intrapartum temperature was 38.4 C.", Contradicted),
            ("Maximum intrapartum temperature was 38.6 C.", Supported),
        ],
    );
}

/// "Previous NST 04/10/2026: reactive" and "NST today: ... NST NONREACTIVE" in a note of
/// 04/14: a sentence of another day than the claim's does not agree with it.
#[test]
fn another_days_result_is_no_agreement() {
    let atu = "ANTENATAL TESTING UNIT 04/14/2026 10:05. 37 y/o G1P0 at 36w2d, A2GDM on insulin, FGR (EFW 7th %ile). Twice-weekly testing.\nPrevious NST 04/10/2026: reactive.\nNST today: baseline 135 bpm, moderate variability, no accelerations meeting 15x15 criteria in 40 min, no decelerations. NST NONREACTIVE.\nProceeded to BPP: fetal breathing 2, gross body movements 2, tone 2, AFI 9.8 cm (2). BPP 8/10 (NST 0).\nUA Doppler S/D 3.1 (<95th %ile), forward end-diastolic flow.\nPt reports normal fetal movement; no ctx, LOF or VB.\nDiscussed with MFM (Dr. Haddad): reassuring BPP; continue twice-weekly testing, next 04/17/2026. Pt to call with decreased FM.";
    expect(atu, &[("The NST on 04/14 was reactive.", Contradicted)]);
}

/// "osteomyelitis cannot be excluded radiographically": what is not yet ruled out is stated
/// neither way, so a claim that there was no osteomyelitis is not supported by it.
#[test]
fn a_hedge_supports_no_denial() {
    let xr = "XR FOOT RIGHT 3 VIEWS 05/10/2027 13:48.\nFINDINGS: Soft tissue swelling of the forefoot with a plantar soft tissue defect under the first metatarsal head. No soft tissue gas.\nIMPRESSION: Forefoot soft tissue swelling with plantar ulcer; osteomyelitis cannot be excluded radiographically. MRI recommended.";
    assert_ne!(
        judge(xr, "X-ray of the right foot showed no osteomyelitis."),
        Supported
    );
}

/// "diphenhydramine 1 mg/kg IV, then IVIG 1 g/kg IV x1": IVIG is a drug whose dose is its
/// own, so the antihistamine's 1 mg/kg is no evidence for "IVIG 1 mg/kg".
#[test]
fn ivig_has_its_own_dose() {
    let summary = "Diagnosis: newly diagnosed immune thrombocytopenia.\nPremedicated with acetaminophen 15 mg/kg PO and diphenhydramine 1 mg/kg IV, then IVIG 1 g/kg IV x1 on 02/03/2026; tolerated without reaction.";
    expect(
        summary,
        &[
            ("Received IVIG 1 g/kg IV once.", Supported),
            ("Received IVIG 1 mg/kg IV once.", Contradicted),
        ],
    );
}

/// "RV lead: R wave 12.0 mV, threshold 0.75 V @ 0.4 ms": volts are a unit, so a threshold
/// in millivolts is another amount.
#[test]
fn volts_are_a_unit() {
    let check = "DEVICE INTERROGATION (pre-op).\nRA lead: P wave 2.4 mV, threshold 0.9 V @ 0.4 ms, impedance 512 ohms.\nRV lead: R wave 12.0 mV, threshold 0.75 V @ 0.4 ms, impedance 688 ohms.";
    expect(
        check,
        &[
            ("RV lead capture threshold was 0.75 V at 0.4 ms.", Supported),
            (
                "RV lead capture threshold was 0.75 mV at 0.4 ms.",
                Contradicted,
            ),
        ],
    );
}

/// "7 bands in CSF not present in paired serum": the denial is of the serum, so it takes
/// nothing from "Oligoclonal bands: POSITIVE".
#[test]
fn a_denial_of_another_place_denies_nothing_here() {
    let csf = "CSF ANALYSIS, lumbar puncture 02/16/2026 (paired serum drawn).\nAppearance clear. WBC 6 /uL (lymphocytes 94%), RBC 1 /uL. Protein 41 mg/dL.\nOligoclonal bands: POSITIVE, 7 bands in CSF not present in paired serum.\nIgG index 0.92 (H) (ref <0.70).\nGram stain: no organisms. Bacterial culture: negative at 72 h.\nCSF VDRL: negative. Cytology: negative for malignant cells.";
    expect(
        csf,
        &[
            ("CSF oligoclonal bands were positive.", Supported),
            ("CSF oligoclonal bands were negative.", Contradicted),
        ],
    );
}

/// "Prior HIV-1 RNA: 01/14/2026 <20 copies/mL (undetectable)" is an earlier result of
/// another day: it says nothing of the 05/12/2026 sample the report gives as "DETECTED".
#[test]
fn an_earlier_result_of_another_day_is_another_result() {
    let report = "HIV MONITORING LABS. Collected 05/12/2026 08:40.\nHIV-1 RNA, quantitative real-time PCR: 86 copies/mL (log10 1.93). Result: DETECTED. (Assay range 20-10,000,000 copies/mL; <20 copies/mL reported as not detected.)\nPrior HIV-1 RNA: 01/14/2026 <20 copies/mL (undetectable); 08/19/2025 <20 copies/mL (undetectable).\nCD4 absolute 512 cells/uL, CD4 29%.";
    expect(
        report,
        &[
            ("HIV-1 RNA on 05/12/2026 was undetectable.", Contradicted),
            ("HIV-1 RNA on 01/14/2026 was undetectable.", Supported),
        ],
    );
}

/// "HBsAg: Nonreactive" is the result of the hepatitis B surface antigen, spelled out or not.
#[test]
fn hbsag_is_the_hepatitis_b_surface_antigen() {
    let serologies = "HEPATITIS/INFECTIOUS SEROLOGIES, collected 01/12/2026 for outpatient dialysis admission.\nHBsAg: Nonreactive.\nAnti-HBs (quantitative): 8 mIU/mL (non-immune; immune >=10).\nAnti-HBc total: Nonreactive.\nAnti-HCV: Nonreactive.";
    expect(
        serologies,
        &[
            ("Hepatitis B surface antigen was positive.", Contradicted),
            ("Hepatitis B surface antigen was negative.", Supported),
        ],
    );
}

/// "Influenza A: DETECTED" and "Influenza B: Not detected" are two targets of a panel: the
/// type letter is part of the name.
#[test]
fn influenza_a_and_b_are_two_targets() {
    let panel = "RESPIRATORY PATHOGEN PANEL (multiplex PCR), NP swab collected 12/29/2026 03:15.\nAdenovirus: Not detected\nSARS-CoV-2: Not detected\nInfluenza A: DETECTED (subtype H1-2009)\nInfluenza B: Not detected\nRSV: Not detected";
    expect(
        panel,
        &[
            (
                "Influenza A was not detected on the respiratory panel.",
                Contradicted,
            ),
            (
                "Influenza A was detected on the respiratory panel.",
                Supported,
            ),
            (
                "Influenza B was not detected on the respiratory panel.",
                Supported,
            ),
        ],
    );
}

/// "ANC 3.45 K/uL" is "3,450/uL": a count per microlitre is a blood count in thousands.
#[test]
fn a_count_per_microlitre_is_thousands_per_microlitre() {
    let labs = "LABS - 33-day-old M, collected 09/07/2026 23:50 (ED).\nCBC: WBC 8.9 K/uL, ANC 3.45 K/uL, ALC 4.31 K/uL, Hgb 11.2 g/dL, Plt 388 K/uL.\nProcalcitonin 0.18 ng/mL (ref <0.50).";
    expect(
        labs,
        &[
            ("The ANC was 3,450/uL.", Supported),
            ("The ANC was 3,450 cells/uL.", Supported),
            ("The ANC was 4,350/uL.", Contradicted),
        ],
    );
}

/// "from 40/uL in tube 1 to 8/uL in tube 4": a numbered tube's number starts no range.
#[test]
fn a_numbered_item_starts_no_range() {
    let csf = "CSF ANALYSIS (LP 03/02/2026).\nTube 1: RBC 40/uL, WBC 3/uL.\nTube 4: RBC 8/uL, WBC 2/uL.\nProtein 38 mg/dL, glucose 64 mg/dL.";
    expect(
        csf,
        &[
            (
                "CSF RBC fell from 40/uL in tube 1 to 8/uL in tube 4.",
                Supported,
            ),
            (
                "CSF RBC fell from 40/uL in tube 1 to 18/uL in tube 4.",
                Contradicted,
            ),
        ],
    );
}

/// "target 300 mg qHS reached 11/04": a goal reached is a value, not only an aim.
#[test]
fn a_goal_reached_is_a_value() {
    let note = "PSYCHIATRY PROGRESS NOTE - 11/05/2026.\nClozapine titration: target 300 mg qHS reached 11/04 without orthostasis.\nPlan: continue current dose, metabolic monitoring.";
    expect(
        note,
        &[
            ("Clozapine was titrated to 300 mg nightly.", Supported),
            ("Clozapine was titrated to 350 mg nightly.", Contradicted),
        ],
    );
}

/// "Fentanyl ............. NEGATIVE": dot leaders join a label to its value.
#[test]
fn dot_leaders_join_a_label_to_its_value() {
    let uds = "URINE DRUG SCREEN - ED, collected 01/31/2026 22:10\nAmphetamines ......... POSITIVE (cutoff 500 ng/mL)\nOpiates .............. Negative\nFentanyl ............. NEGATIVE (cutoff 1 ng/mL)\nBenzodiazepines ...... Negative";
    expect(
        uds,
        &[
            ("Urine drug screen was negative for fentanyl.", Supported),
            ("Urine drug screen was positive for fentanyl.", Contradicted),
            (
                "Urine drug screen was positive for amphetamines.",
                Supported,
            ),
        ],
    );
}

/// "Repeat 09/18/2026 08:00: ... AST 188 U/L" is later than the triage a claim names, and
/// "count" says nothing of which count ("CBC" is a complete blood count too).
#[test]
fn a_triage_value_is_not_the_repeat_and_count_names_no_count() {
    let labs = "LABS - L&D TRIAGE 09/18/2026 02:05 (34w2d, BP 158/104).\nCBC: WBC 11.4 K/uL, Hgb 11.1 g/dL, Plt 94 K/uL (L) [prenatal 08/20: Plt 212].\nAST 146 U/L (H), ALT 121 U/L (H), LDH 688 U/L (H), total bilirubin 1.3 mg/dL.\nRepeat 09/18/2026 08:00: Plt 71 K/uL (L), AST 188 U/L, ALT 160 U/L, LDH 802 U/L.";
    expect(
        labs,
        &[
            (
                "Triage platelet count was 94 K/uL, with AST 146 U/L and LDH 688 U/L.",
                Supported,
            ),
            ("Triage AST was 188 U/L.", Contradicted),
        ],
    );
}

/// "6 wks IV from first neg BCx (05/14)": "neg" before what it negates is "negative" there
/// too, the first negative blood culture.
#[test]
fn neg_before_a_noun_negates_the_noun() {
    let summary = "DISCHARGE SUMMARY. MSSA bacteremia (4/4 bottles 05/11).\nCefazolin 2 g IV q8h started 05/12. Repeat BCx 05/14 and 05/15 no growth, final.\nDuration: 6 wks IV from first neg BCx (05/14) -> stop date 06/25/2026.";
    expect(
        summary,
        &[(
            "Intravenous antibiotics are planned for six weeks, counted from the date of the first negative blood culture.",
            Supported,
        )],
    );
}

/// "No evidence of deep venous thrombosis in the right or left lower extremity" is of both
/// legs, as "bilateral" is.
#[test]
fn right_or_left_is_both_sides() {
    let duplex = "VENOUS DUPLEX ULTRASOUND, BILATERAL LOWER EXTREMITIES 05/27/2026. Indication: L calf swelling.\nFINDINGS: The femoral and popliteal veins are fully compressible with normal flow.\nNo evidence of deep venous thrombosis in the right or left lower extremity.\nSubcutaneous edema of the left calf.";
    expect(
        duplex,
        &[(
            "Bilateral lower-extremity duplex found no deep vein thrombosis.",
            Supported,
        )],
    );
}

/// "No hypoglycemic events ... during the admission" denies hypoglycemia: a state's
/// adjective is its name.
#[test]
fn a_states_adjective_is_its_name() {
    let summary = "DISCHARGE SUMMARY - PHM. 6 y/o F, new-onset T1DM in DKA admitted 02/22/2026.\nNo hypoglycemic events (BG <70 mg/dL) during the admission; lowest BG 94 mg/dL on 02/24.\nFamily education: hypoglycemia recognition and treatment, glucagon, ketones.";
    expect(
        summary,
        &[
            (
                "She had no episodes of hypoglycemia during the admission.",
                Supported,
            ),
            ("She had hypoglycemia during the admission.", Contradicted),
        ],
    );
}

/// "Suboxone 8 mg/2 mg": a combination's two amounts, each in its unit, not a concentration
/// per two milligrams.
#[test]
fn a_combinations_amounts_written_with_a_slash() {
    let meds = "DISCHARGE MEDICATION LIST - 05/30/2026\nNEW: buprenorphine-naloxone 8 mg-2 mg SL film - dissolve 1 film under tongue BID (16 mg/4 mg per day).\nCONTINUE: buPROPion XL 150 mg PO daily (depression).";
    expect(
        meds,
        &[
            (
                "Discharged on Suboxone 8 mg/2 mg SL film twice daily.",
                Supported,
            ),
            (
                "Discharged on Suboxone 8 mcg/2 mcg SL film twice daily.",
                Contradicted,
            ),
        ],
    );
}

/// "Sleep: 7-8 h/night for the past 3 nights": hours a night are a duration.
#[test]
fn hours_a_night_are_a_duration() {
    let note = "NURSING SHIFT SUMMARY - night shift 02/11-02/12/2026.\nSleep: 7-8 h/night for the past 3 nights (02/09, 02/10, 02/11); no awakenings documented.\nNo PRN sleep aids requested or given since 02/08.";
    expect(
        note,
        &[
            (
                "She has slept seven to eight hours a night for the past three nights.",
                Supported,
            ),
            (
                "She has slept four to five hours a night for the past three nights.",
                Contradicted,
            ),
        ],
    );
}

/// "No withdrawal seizures occurred during this hospitalization" against "No withdrawal
/// seizures or delirium tremens this admission": "occurred" says nothing, and the
/// hospitalization is the admission.
#[test]
fn a_hospitalization_is_the_admission() {
    let summary = "DISCHARGE SUMMARY. 67 y/o F, AUD, hx of alcohol withdrawal seizure in 2023, admitted with acute pancreatitis and alcohol withdrawal.\nWithdrawal: phenobarbital 10 mg/kg IBW load 12/10 then symptom-triggered lorazepam. CIWA max 13. No withdrawal seizures or delirium tremens this admission.";
    expect(
        summary,
        &[(
            "No withdrawal seizures occurred during this hospitalization.",
            Supported,
        )],
    );
}

/// Myfortic is mycophenolic acid (not mycophenolate mofetil), Envarsus XR tacrolimus.
#[test]
fn transplant_brands_are_their_generics() {
    let meds = "ACTIVE MEDICATIONS (reconciled 10/20/2026)\n- Tacrolimus extended-release 7 mg PO once daily in the AM (decreased from 8 mg)\n- Mycophenolic acid delayed-release 180 mg tab: 4 tabs (720 mg) PO BID\n- Prednisone 5 mg PO daily\nDISCONTINUED: mycophenolate mofetil 1000 mg PO BID (stopped 10/06/2026, GI intolerance)";
    expect(
        meds,
        &[
            ("Myfortic 720 mg PO twice daily.", Supported),
            (
                "Myfortic 720 mg BID was continued and the Envarsus XR dose was lowered to 7 mg once daily.",
                Supported,
            ),
        ],
    );
}

/// "IMPRESSION: Improved LV systolic function (LVEF 25% -> 38%)": a follow-up study's
/// value is the end of the change, and the start is the earlier study's.
#[test]
fn a_follow_up_value_is_the_end_of_a_change() {
    let echo = "TTE - FOLLOW-UP STUDY 01/13/2026. Indication: NICM on GDMT x 6 months.\nComparison: TTE 07/08/2025.\nLV: normal cavity size. Mild global hypokinesis. LVEF 38% by biplane (previously 25%).\nIMPRESSION: Improved LV systolic function (LVEF 25% -> 38%) with reverse remodeling.";
    expect(
        echo,
        &[
            (
                "The follow-up echo on 01/13/2026 showed an LVEF of 25%.",
                Contradicted,
            ),
            (
                "The follow-up echo on 01/13/2026 showed an LVEF of 38%.",
                Supported,
            ),
        ],
    );
}

/// "passed in both ears" is of both sides, so "Left ear REFER (did not pass)" denies it.
#[test]
fn both_ears_are_both_sides() {
    let screen = "NEWBORN HEARING SCREEN RESULT. Method: automated auditory brainstem response (AABR), 35 dB nHL.\nInitial screen 10/18/2026: Right ear PASS. Left ear REFER (did not pass).\nRescreen 10/21/2026 (both ears re-tested): Right ear PASS. Left ear REFER (did not pass).\nDisposition: referred for outpatient diagnostic ABR with audiology.";
    expect(
        screen,
        &[(
            "Newborn hearing screen was passed in both ears.",
            Contradicted,
        )],
    );
}

/// "A 14 Fr pigtail chest tube was placed in the L 2nd intercostal space": what was placed
/// in a sided site is of that side, and "right-sided 14 Fr pigtail" gives its side past
/// the size to the device.
#[test]
fn a_device_placed_in_a_sided_site_takes_its_side() {
    let note = "BRONCHOSCOPY PROCEDURE NOTE. 63 y/o M with a focal LLL consolidation. PMH: RLL wedge resection 2020.\nPost-procedure: pleuritic L chest pain and SpO2 dropped to 89%. CXR showed a moderate L pneumothorax.\nA 14 Fr pigtail chest tube was placed in the L 2nd intercostal space, midclavicular line, by the pulmonary team.";
    expect(
        note,
        &[
            (
                "A right-sided 14 Fr pigtail chest tube was placed for the pneumothorax.",
                Contradicted,
            ),
            (
                "A left-sided 14 Fr pigtail chest tube was placed for the pneumothorax.",
                Supported,
            ),
        ],
    );
}

/// "Nine months after injury, ... No bridging callus ... 2 views": once a duration is
/// found, a bare number ("2 VIEWS") is no rival of it.
#[test]
fn a_bare_number_is_no_rival_of_a_found_duration() {
    let xray = SourceReference {
        source_type: SourceType::ImagingReport,
        title: "XR Humerus Right 2 Views".into(),
        ..source("doc-1", "XR HUMERUS RIGHT 2 VIEWS - 10/05/2026.\nHISTORY: Right humeral shaft fracture 01/03/2026 treated nonoperatively in a functional brace; persistent pain and motion at fracture site.\nCOMPARISON: 07/06/2026, 04/02/2026, 01/03/2026.\nFINDINGS: Nine months after injury, the transverse mid-diaphyseal fracture line remains clearly visible with smooth, sclerotic, rounded fracture ends. No bridging callus across any of the four cortices. 10 degrees varus angulation, unchanged from 07/2026.\nIMPRESSION: Atrophic nonunion of the right humeral shaft fracture.", "2026-10-05T11:10:00Z")
    };
    let claim = "X-rays nine months after the injury show that the humeral shaft fracture has failed to heal.";
    let result = judge_generated(&[xray], claim, &["doc-1"], "2026-10-05T15:00:00Z");
    assert_ne!(result.support, Contradicted, "{result:?}");
}

/// "home log avg 138/84 over 2 weeks": "avg" is the average.
#[test]
fn avg_is_the_average() {
    let note = "Vitals: BP 146/88 (home log avg 138/84 over 2 weeks), HR 78, T 36.7 C.\nA/P: HTN above goal (<130/80): increase amlodipine from 5 mg to 10 mg PO daily.";
    expect(
        note,
        &[
            ("Home BP averaged 146/88 over two weeks.", Contradicted),
            ("Home BP averaged 138/84 over two weeks.", Supported),
        ],
    );
}

/// "A. Sigmoid colon, biopsies: ... CMV immunohistochemistry: negative": a specimen line's
/// heading names what was tested, so the serum's "CMV IgG positive" is no answer.
#[test]
fn a_specimen_lines_heading_names_what_was_tested() {
    let pathology = "SURGICAL PATHOLOGY. Specimens received 05/09/2026.\nA. Sigmoid colon, biopsies: severe active chronic colitis with crypt abscesses, consistent with ulcerative colitis. CMV immunohistochemistry: negative; no viral inclusions identified. Negative for dysplasia.\nB. Rectum, biopsies: moderate active chronic colitis. CMV IHC: negative.\nRelated serology (05/08/2026): CMV IgG positive, consistent with prior exposure; CMV PCR (plasma) not detected.";
    expect(
        pathology,
        &[("Colon biopsies were positive for CMV.", Contradicted)],
    );
}

/// "no widening of the mediastinum": what a denied finding would be of is where it was
/// looked for, so "No widened mediastinum" agrees.
#[test]
fn what_a_denied_finding_would_be_of_keeps_no_polarity() {
    let xray = "XR CHEST PORTABLE 1 VIEW. Indication: MVC, chest wall pain.\nFINDINGS: No widened mediastinum. No pneumothorax. Lungs clear.\nIMPRESSION: No acute traumatic findings.";
    expect(
        xray,
        &[(
            "Chest X-ray showed no widening of the mediastinum.",
            Supported,
        )],
    );
}

/// "QuantiFERON-TB Gold Plus was negative": "Plus" is part of the assay's name, so the
/// result is the assay's.
#[test]
fn quantiferon_gold_plus_is_one_name() {
    let panel = "PRE-BIOLOGIC SCREENING - collected 09/21/2026 08:15.\nQuantiFERON-TB Gold Plus: NEGATIVE. Nil 0.04 IU/mL; TB1-Nil 0.01; Mitogen-Nil >10.00 IU/mL (valid).\nHepatitis B core antibody, total: REACTIVE (positive).";
    expect(
        panel,
        &[
            (
                "Pre-biologic QuantiFERON-TB Gold Plus was negative.",
                Supported,
            ),
            (
                "Pre-biologic QuantiFERON-TB Gold Plus was positive.",
                Contradicted,
            ),
        ],
    );
}

/// "GENTAMICIN, TROUGH (pre-dose #3): 0.7 ug/mL": the number after "#" names the dose, so
/// it is no rival of the trough.
#[test]
fn a_dose_number_after_a_hash_measures_nothing() {
    let tdm = "THERAPEUTIC DRUG MONITORING. Dosing weight 1.65 kg. Gentamicin 6.6 mg (4 mg/kg) IV q24h.\nGENTAMICIN, PEAK (30 min after end of dose #2), 12/03/2026 01:15: 8.4 ug/mL (target 5-12).\nGENTAMICIN, TROUGH (pre-dose #3), 12/03/2026 23:45: 0.7 ug/mL (target <1.0).";
    let result = judge(
        tdm,
        "Gentamicin trough before the third dose was 0.7 mcg/mL.",
    );
    assert_ne!(result, Contradicted);
}

/// "FiO2 0.28" in a flowsheet is 28%: a fraction is its percent.
#[test]
fn a_fraction_is_its_percent() {
    let flowsheet = "RESPIRATORY FLOWSHEET - DOL 12. Mode: conventional ventilation, SIMV-PC + PS.\nTime | PIP | PEEP | Rate | PS | FiO2 | SpO2\n04/27 20:00 | 20 | 6 | 40 | 10 | 0.35 | 91%\n04/28 08:00 | 18 | 6 | 30 | 10 | 0.28 | 94%\n04/28 14:00 | 18 | 6 | 30 | 8 | 0.26 | 95%";
    expect(
        flowsheet,
        &[
            (
                "At 08:00 on 04/28 he was on conventional ventilation with a PEEP of 6 and FiO2 of 28%.",
                Supported,
            ),
            (
                "At 08:00 on 04/28 he was on conventional ventilation with a PEEP of 6 and FiO2 of 40%.",
                Contradicted,
            ),
        ],
    );
}

/// "E-FAST: negative (no pericardial effusion, no free fluid in RUQ/LUQ/pelvis)": a study
/// that was done does not disagree with its negative result.
#[test]
fn a_studys_negative_result_is_no_denial_that_it_was_done() {
    let note = "TRAUMA BAY NOTE - LEVEL 1\n38 y/o M motorcyclist vs car ~40 mph, helmeted, thrown ~10 ft. GCS 15 at scene.\nA: patent, speaking. B: equal breath sounds, RR 22, SpO2 97%. C: HR 124, BP 98/62 on arrival; 1 unit uncrossmatched PRBC given, repeat BP 112/70, HR 106.\nD: GCS 15, moves all extremities. E: abrasions L flank, deformity R forearm.\nE-FAST: negative (no pericardial effusion, no free fluid in RUQ/LUQ/pelvis, lung sliding present bilaterally).\nPelvis stable to compression; pelvic XR without fracture.\nCT pan-scan ordered. Ortho consulted for R distal radius fracture.";
    expect(
        note,
        &[(
            "E-FAST showed no free fluid in the abdomen or pelvis.",
            Supported,
        )],
    );
}

/// "inject 162 mg SC every other week": every other week is a frequency, another one than
/// weekly.
#[test]
fn every_other_week_is_a_frequency() {
    let meds = "MEDICATION LIST (updated 10/20/2026).\nTocilizumab 162 mg/0.9 mL prefilled syringe: inject 162 mg SC every other week (NEW).\nMethotrexate 2.5 mg tab: 6 tabs (15 mg) PO once weekly on Fridays.\nDiscontinued: etanercept 50 mg SC weekly (loss of efficacy).";
    expect(
        meds,
        &[
            (
                "Tocilizumab 162 mg subcut once weekly was started.",
                Contradicted,
            ),
            (
                "Tocilizumab 162 mg subcut every two weeks was started.",
                Supported,
            ),
        ],
    );
}

/// "IR placed L PCN 07/02/2026": beside a word of a tube's placement or care, PCN is a
/// percutaneous nephrostomy (and in an allergy list still penicillin).
#[test]
fn pcn_beside_a_tube_is_a_nephrostomy() {
    let summary = "DISCHARGE SUMMARY. 45 y/o F with hx of R nephrolithiasis (4 mm nonobstructing R lower pole stone), admitted with L flank pain and fever.\nCT: 8 mm obstructing stone at the left UVJ with moderate left hydroureteronephrosis.\nIR placed L PCN 07/02/2026 for obstructed infected system; purulent urine drained.\nPCN to gravity drainage; flush 10 mL NS daily. Allergies: PCN (hives).";
    expect(
        summary,
        &[
            ("IR placed a right percutaneous nephrostomy.", Contradicted),
            ("IR placed a left percutaneous nephrostomy.", Supported),
            ("She is allergic to penicillin.", Supported),
        ],
    );
}

/// Lucentis is ranibizumab, Vabysmo faricimab, Ozurdex the dexamethasone implant, Eylea
/// aflibercept.
#[test]
fn ophthalmic_brands_are_their_generics() {
    let note = "RETINA CLINIC NOTE. DME OD and OS.\nOD: ranibizumab 0.5 mg intravitreal injection OD today.\nOS: dexamethasone 0.7 mg intravitreal implant inserted OS for persistent DME.";
    expect(
        note,
        &[
            ("Lucentis 0.5 mg was injected in the right eye.", Supported),
            (
                "Ozurdex was implanted in the left eye for persistent DME.",
                Supported,
            ),
        ],
    );
}

/// "aflibercept 2 mg q6wk -> extend to q8wk": "from every 6 weeks to every 8 weeks" is the
/// interval's change.
#[test]
fn an_interval_changes_from_every_n_weeks() {
    let note = "RETINA CLINIC NOTE 11/04/2026. 74 y/o F with neovascular AMD OD (dx 03/2026), intermediate non-exudative AMD OS, pseudophakia OU. Here for injection #8 OD, treat-and-extend.\nInterval hx: no new distortion OD; reads with a handheld magnifier. Denies flashes, floaters or eye pain.\nVA cc: OD 20/50 (prior 20/60), OS 20/30. IOP (Tonopen): OD 16, OS 15 mmHg.\nSLE: quiet AC OU, PCIOL OU.\nDFE OD: small area of subretinal fibrosis inferotemporal to fovea, no heme. OS: large soft drusen, no heme.\nOCT OD: resolved SRF; trace IRF nasal; CST 289 um (prior 334 um). OS: drusen, no fluid, CST 262 um.\nA/P: 1. nAMD OD, improving on aflibercept 2 mg q6wk -> extend to q8wk. Injection given today OD, see procedure note.\n2. Intermediate AMD OS: continue AREDS2 1 cap PO BID; Amsler grid daily; call for new distortion OS.\nRTC 8 weeks for OCT + aflibercept OD.";
    expect(
        note,
        &[
            (
                "Eylea interval for the right eye was extended from every 6 weeks to every 8 weeks.",
                Supported,
            ),
            (
                "Eylea interval for the right eye was extended from every 6 weeks to every 10 weeks.",
                Contradicted,
            ),
        ],
    );
}

/// "placement of right 6 Fr x 26 cm double-J ureteral stent": a side before a device's two
/// sizes is the device's.
#[test]
fn a_side_before_two_sizes_is_the_devices() {
    let note = "OPERATIVE NOTE. Pre-op dx: obstructing 8 mm right proximal ureteral calculus with fever.\nProcedure: cystoscopy, right retrograde pyelogram, placement of right 6 Fr x 26 cm double-J ureteral stent.\nFindings: left ureteral orifice normal in position with clear efflux. Right ureteral orifice edematous.";
    expect(
        note,
        &[
            (
                "A left 6 Fr x 26 cm double-J ureteral stent was placed for the obstructing stone.",
                Contradicted,
            ),
            (
                "A right 6 Fr x 26 cm double-J ureteral stent was placed for the obstructing stone.",
                Supported,
            ),
        ],
    );
}

/// "claudication at 1 block x 6 months ... Cilostazol is contraindicated": a bare number
/// is no rival of a dose, and pentoxifylline, a drug the note does not name, is not there
/// at all.
#[test]
fn a_bare_number_is_no_rival_of_a_dose() {
    let clinic = SourceReference {
        source_type: SourceType::ClinicalNote,
        title: "Vascular Surgery Clinic".into(),
        ..source("doc-1", "VASCULAR SURGERY CLINIC. 74 y/o M with HFrEF (LVEF 30%, ICD), CAD s/p CABG 2018 and CKD 3b, with L calf claudication at 1 block x 6 months. No rest pain or wounds.\nABI: R 0.92, L 0.68. Duplex: L distal SFA 70-99% focal stenosis.\nCilostazol is contraindicated given heart failure.\nPlan: home-based structured walking program (30-45 min, 3x/week; walk to moderate pain, rest, repeat) with a step counter; reassess in 3 months. Consider endovascular intervention if still lifestyle-limiting despite exercise.\nContinue aspirin 81 mg, atorvastatin 80 mg, carvedilol 12.5 mg BID and sacubitril-valsartan 49-51 mg BID.\nLDL 58 mg/dL.", "2026-04-08T11:20:00Z")
    };
    let duplex = SourceReference {
        source_type: SourceType::ImagingReport,
        title: "ABI and Arterial Duplex - Bilateral".into(),
        ..source("doc-2", "ABI WITH ARTERIAL DUPLEX, BILATERAL (04/08/2026).\nBrachial: R 128, L 124 mmHg. Ankle: R DP 118 / PT 112 mmHg; L DP 80 / PT 87 mmHg.\nABI: R 0.92, L 0.68.\nL duplex: CFA and proximal SFA triphasic. Distal SFA focal stenosis, PSV 412 cm/s, Vr 4.6 (70-99%). Popliteal monophasic. Three-vessel tibial runoff.\nR duplex: mild diffuse SFA plaque, no hemodynamically significant stenosis.\nIMPRESSION: Hemodynamically significant L distal SFA stenosis; mild R disease.", "2026-04-08T09:30:00Z")
    };
    let claim = "He was started on pentoxifylline 400 mg TID for claudication.";
    let result = judge_generated(&[clinic, duplex], claim, &["doc-1"], "2026-04-08T13:30:00Z");
    assert_eq!(result.support, Unsupported, "{result:?}");
}

/// "drainage of R psoas abscess" beside "Left psoas normal": of the sentences naming the
/// psoas, those that also name the abscess say its side.
#[test]
fn a_sided_phrase_is_judged_by_the_sentences_naming_it() {
    let ct = SourceReference {
        source_type: SourceType::ImagingReport,
        title: "CT Abdomen and Pelvis with Contrast".into(),
        ..source("doc-1", "CT ABDOMEN AND PELVIS WITH IV CONTRAST. History: MRSA bacteremia, back/flank pain.\nFINDINGS: Rim-enhancing fluid collection within the right psoas muscle measuring 4.1 x 2.3 x 6.0 cm, extending from L2 to L4, consistent with abscess. Adjacent L3 vertebral body endplate irregularity, cannot exclude early discitis. Left psoas normal. Left kidney: 1.2 cm simple cyst. Right kidney unremarkable. No free fluid.\nIMPRESSION: Right psoas abscess, 4.1 x 2.3 x 6.0 cm. Possible early L2-L3 discitis - MRI recommended.", "2026-07-21T23:10:00Z")
    };
    let ir = SourceReference {
        source_type: SourceType::ClinicalNote,
        title: "IR Procedure Note - Abscess Drainage".into(),
        ..source("doc-2", "IR PROCEDURE NOTE. Procedure: CT-guided drainage of R psoas abscess.\nPatient prone. Posterior approach; 10 Fr locking pigtail drain placed into the collection. 38 mL of purulent fluid aspirated; sent for Gram stain and culture.\nNo complications. Drain to gravity. Flush 10 mL NS q8h. Repeat CT when output <10 mL/day.\nPt tolerated the procedure well under moderate sedation.", "2026-07-22T14:30:00Z")
    };
    let claim = "IR placed a drain into the left psoas abscess.";
    let result = judge_generated(
        &[ct, ir],
        claim,
        &["doc-1", "doc-2"],
        "2026-07-25T12:00:00Z",
    );
    assert_eq!(result.support, Contradicted, "{result:?}");
}

/// "LDL-C 134 mg/dL" is the LDL cholesterol, not the total cholesterol before it.
#[test]
fn ldl_c_is_the_ldl_cholesterol() {
    let labs = "STROKE RISK FACTOR LABS 10/13/2026 05:40 (fasting).\nHbA1c 7.8% (H) (prior 6.9% on 08/2025).\nLipid panel: total cholesterol 212 mg/dL, LDL-C 134 mg/dL (calculated) (H), HDL 41 mg/dL, triglycerides 185 mg/dL (H), non-HDL 171 mg/dL.\nGlucose 162 mg/dL (H). TSH 2.6 mIU/L.";
    expect(
        labs,
        &[
            (
                "Hemoglobin A1c was 7.8% and LDL cholesterol was 134 mg/dL.",
                Supported,
            ),
            (
                "Hemoglobin A1c was 7.8% and LDL cholesterol was 143 mg/dL.",
                Contradicted,
            ),
        ],
    );
}

/// "Triamcinolone 40 mg was injected into the left knee" against "injection, R knee" and
/// "L knee: conservative management ..., not injected today": the injection has the claim's
/// side, and the knee that was not injected says nothing of it.
#[test]
fn an_injection_into_a_sided_joint_takes_its_side() {
    let note = "PROCEDURE NOTE - PRIMARY CARE. 70 y/o F with T2DM and bilateral knee OA, R worse than L, KL grade 3 on XR 01/2026.\nProcedure: intra-articular corticosteroid injection, R knee, anterolateral approach, after verbal and written consent; time-out performed, site marked.\nPrep: chlorhexidine. Medication: triamcinolone acetonide 40 mg + lidocaine 1% 4 mL. No effusion aspirated. Tolerated well.\nL knee: conservative management (topical diclofenac), not injected today.\nF/u 6 wks; avoid repeat injection <3 mo.";
    expect(
        note,
        &[
            (
                "Triamcinolone 40 mg was injected into the left knee.",
                Contradicted,
            ),
            (
                "Triamcinolone 40 mg was injected into the right knee.",
                Supported,
            ),
        ],
    );
}

/// "Ventricular: capture threshold 1.2 mA": milliamperes are a unit, another one than the
/// millivolts of the sensed wave.
#[test]
fn milliamperes_are_a_unit() {
    let check = "EPICARDIAL PACING WIRE CHECK - POD 2 s/p AVR + CABG x1.\nAtrial: capture threshold 2.8 mA, output set 10 mA; P-wave sensing 1.6 mV, sensitivity set 0.5 mV.\nVentricular: capture threshold 1.2 mA, output set 10 mA; R-wave sensing 6 mV, sensitivity set 2 mV.";
    expect(
        check,
        &[
            (
                "Ventricular pacing capture threshold was 1.2 mA.",
                Supported,
            ),
            (
                "Ventricular pacing capture threshold was 1.2 mV.",
                Contradicted,
            ),
        ],
    );
}

/// "Shingrix #1 given today (L deltoid)": Shingrix is the recombinant zoster vaccine, and a
/// vaccine by its product abbreviation ("PCV20") that no source names is a fact they do not
/// state, however much of the rest they do.
#[test]
fn vaccines_by_brand_and_abbreviation() {
    let note = "RHEUMATOLOGY CLINIC - RETURN VISIT 06/18/2026 (Dr. L. Ibarra)\n54 y/o F, seropositive RA (RF+, anti-CCP+) dx 09/2024, on MTX 15 mg PO weekly (Mondays) + folic acid 1 mg daily since 11/2024. R-handed dental hygienist.\nS: Worse hand pain x 6 wks, AM stiffness ~90 min, trouble gripping instruments at work. Nausea for ~24 h after each MTX dose; some weeks skips it. No mouth sores, cough or SOB. Denies fevers, rash, dry eyes/mouth.\nO: T 36.6, BP 126/78, HR 72, Wt 63 kg.\nJoint exam (28 jt):\n- R hand: 2nd + 3rd MCP swollen and tender; 2nd PIP tender, not swollen.\n- L hand: 3rd PIP swollen/tender. MCPs nontender, no synovitis.\n- Wrists: L wrist boggy synovitis, ext limited to 30 deg. R wrist FROM, no effusion, nontender.\n- Elbows/shoulders FROM. Knees: no effusion bilat.\nTJC 6 / SJC 4. Pt global 6/10. CRP 24 mg/L (06/15). DAS28-CRP 4.9 (moderate).\nLungs clear, no nodules.\nA/P: Active RA, moderate disease activity, on oral MTX 15 mg/wk with GI intolerance and missed doses.\n1. Change MTX to 20 mg subcut once weekly (Mondays). Self-injection taught in clinic; first dose 06/22.\n2. Continue folic acid 1 mg PO daily.\n3. Prednisone bridge 10 mg daily x 2 wks, then 5 mg daily x 2 wks, then off.\n4. Ondansetron 4 mg ODT q8h PRN nausea.\n5. Shingrix #1 given today (L deltoid); #2 due in 2-6 mo.\n6. CBC, CMP in 4 wks, then q8-12 wks.\n7. If not at LDA by 09/2026, escalate to bDMARD.\nRTC 3 mo.";
    assert_eq!(
        judge(
            note,
            "The first recombinant zoster vaccine dose was given in the L deltoid."
        ),
        Supported
    );
    assert_ne!(
        judge(
            note,
            "The first recombinant zoster vaccine dose was given in the L deltoid, and she also received PCV20 today."
        ),
        Supported
    );
}

/// A Tdap booster in a claim, against a laceration repair and its medication record that
/// name none: the vaccine is a drug the sources do not give.
#[test]
fn a_tdap_booster_no_source_names_is_unsupported() {
    let sources = [
        source("doc-1", "ED PROCEDURE NOTE - LACERATION REPAIR 10/10/2026 20:05. 42 y/o M cut the palmar aspect of the L thenar eminence on a broken glass while washing dishes ~1 h PTA.\nExam: 3.5 cm linear laceration, L thenar eminence, through dermis; no tendon exposure; FPL and FDS/FDP of thumb and index intact against resistance; 2-point discrimination 5 mm radial and ulnar digital nerves of thumb; cap refill <2 s.\nXR L hand: no radiopaque foreign body.\nPROCEDURE: local infiltration with 1% lidocaine with epinephrine 5 mL; irrigated with 250 mL NS; explored in a bloodless field, no foreign body or tendon injury; closed with 5 simple interrupted 4-0 nylon sutures. Bacitracin and nonadherent dressing applied.\nComplications: none. Pt tolerated well.\nInstructions: keep dry 24 h, then gentle washing; suture removal in 10-14 days at PCP; return for redness, pus, fever or numbness.", "2026-10-10T20:25:00Z"),
        source("doc-2", "ED MAR 10/10/2026\n19:20 Acetaminophen 1,000 mg PO - given\n19:45 Lidocaine 1% with epinephrine 1:100,000, 5 mL local infiltration - given (procedure)\n20:00 Bacitracin ointment topical - applied\nHome meds: none. Allergies: NKDA.", "2026-10-10T20:30:00Z"),
    ];
    let got = judge_generated(
        &sources,
        "A Tdap booster was given in the ED.",
        &["doc-1", "doc-2"],
        "2026-10-10T21:00:00Z",
    );
    assert_eq!(got.support, Unsupported);
}

/// "Hyponatremia unresolved at discharge (Na 129)" beside "Hypokalemia resolved": what is
/// unresolved is not resolved.
#[test]
fn unresolved_denies_resolved() {
    let summary = "DISCHARGE SUMMARY. 56 y/o M with alcohol use disorder (12-18 beers/day) admitted 12/08/2025 with falls and Na 112 mmol/L from low solute intake ('beer potomania'), with K 2.6.\nHigh ODS risk: DDAVP 2 mcg IV q8h clamp with D5W to limit correction to 6-8 mmol/L/24 h; K repleted.\nCIWA monitoring; lorazepam per protocol x 48 h; thiamine 100 mg daily and folate.\nNa trend 112 -> 118 -> 123 -> 127 -> 129; neuro exam non-focal throughout.\nHypokalemia resolved (K 4.1 on 12/10).\nHyponatremia unresolved at discharge (Na 129); asymptomatic.\nEncouraged solute intake (protein, salt) and alcohol cessation; naltrexone 50 mg daily started.\nBMP in 3 days at PCP; addiction medicine referral.";
    expect(
        summary,
        &[
            (
                "Hyponatremia had resolved by the time of discharge.",
                Contradicted,
            ),
            ("Hypokalemia had resolved.", Supported),
        ],
    );
}

/// "no Hill-Sachs or bony Bankart lesion" against "Small Hill-Sachs lesion" and "No bony
/// Bankart lesion": the denial of the list's second finding, which the report shares, does
/// not carry the first, which the report states the other way with the list's head word.
#[test]
fn a_denied_list_member_stated_with_its_head_the_other_way_is_contradicted() {
    let report = "EXAM: XR SHOULDER LEFT 3 VIEWS (AP, Grashey, axillary), POST-REDUCTION.\nCOMPARISON: Pre-reduction films from earlier today showing anterior subcoracoid dislocation.\nFINDINGS: Interval reduction of the glenohumeral joint, now concentric on the axillary view. Small impaction deformity of the posterolateral humeral head consistent with a Hill-Sachs lesion. No bony Bankart lesion; the anteroinferior glenoid rim is intact. Greater tuberosity intact. Acromioclavicular joint normal. No other fracture.\nIMPRESSION: 1. Successful reduction. 2. Small Hill-Sachs lesion. 3. No osseous Bankart lesion or greater tuberosity fracture.";
    expect(
        report,
        &[
            (
                "Post-reduction radiographs showed a concentric glenohumeral joint with no Hill-Sachs or bony Bankart lesion.",
                Contradicted,
            ),
            (
                "Post-reduction radiographs showed a concentric glenohumeral joint with no bony Bankart lesion.",
                Supported,
            ),
        ],
    );
}

/// "9 x 4 mm rim-enhancing medial subperiosteal abscess along the left lamina papyracea":
/// what lies along (or within) a sided place is of that side, whatever the place is called.
#[test]
fn a_finding_along_a_sided_place_takes_its_side() {
    let sources = [
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "CT Orbits and Sinuses with IV Contrast".into(),
            ..source("doc-1", "CT ORBITS AND SINUSES WITH IV CONTRAST. Indication: 9 y/o F with L eyelid swelling, proptosis and pain with eye movement.\nFINDINGS: Opacification of the left ethmoid air cells and left maxillary sinus. 9 x 4 mm rim-enhancing medial subperiosteal abscess along the left lamina papyracea with lateral displacement of the left medial rectus. Preseptal and postseptal fat stranding on the left. Mild left proptosis. Left globe intact. Right orbit unremarkable. Cavernous sinuses enhance symmetrically.\nIMPRESSION: Left orbital cellulitis with a 9 x 4 mm medial subperiosteal abscess, secondary to left ethmoid sinusitis.", "2026-03-11T21:40:00Z")
        },
        source("doc-2", "PEDIATRIC OPHTHALMOLOGY CONSULT. 9 y/o F admitted for orbital cellulitis OS after 5 days of URI.\nVA: 20/20 OD, 20/25 OS. Pupils: no RAPD. IOP 16 OD, 21 OS. EOM: full OD; OS limited abduction and elevation with pain. Color plates 14/14 OU. Proptosis OS 3 mm by Hertel.\nFundus: normal discs OU.\nA/P: Orbital cellulitis OS with small medial SPA; vision intact.\n- IV ampicillin-sulbactam 50 mg/kg q6h + vancomycin per peds ID.\n- Medical management with q12h vision checks; ENT aware; surgical drainage if vision declines or no improvement in 48 h.", "2026-03-12T09:15:00Z"),
    ];
    for (claim, want) in [
        (
            "CT showed a 9 x 4 mm medial subperiosteal abscess of the right orbit.",
            Contradicted,
        ),
        (
            "CT showed a 9 x 4 mm medial subperiosteal abscess of the left orbit.",
            Supported,
        ),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1", "doc-2"], "2026-03-12T11:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "04/02/2026 22:40 (ED): VBG pH 7.12, pCO2 21 mmHg; ... HCO3 9 mmol/L" then "04/03/2026
/// 06:00: ... HCO3 15 mmol/L": a reading's day is the one its line opens with, across the
/// semicolons, so the admission bicarbonate is the first day's.
#[test]
fn a_reading_takes_the_date_its_line_opens_with() {
    let trend = "CHEMISTRY / VBG TREND.\n04/02/2026 22:40 (ED): VBG pH 7.12, pCO2 21 mmHg; glucose 512 mg/dL; Na 131, K 5.6, Cl 96, HCO3 9 mmol/L, AG 26; BHB 6.8 mmol/L; Cr 1.3 mg/dL.\n04/03/2026 06:00: pH 7.26; glucose 214 mg/dL; Na 136, K 3.2 (L), Cl 105, HCO3 15 mmol/L, AG 16; BHB 2.9 mmol/L.\n04/03/2026 13:00: pH 7.34; glucose 168 mg/dL; Na 138, K 4.1, Cl 106, HCO3 21 mmol/L, AG 11; BHB 0.4 mmol/L; Cr 0.8 mg/dL.\nHbA1c (04/02): 8.6%. Lipase 48 U/L. Serum osm 301 mOsm/kg.";
    expect_on(
        "2026-04-03",
        trend,
        &[
            (
                "Admission VBG pH was 7.12 with a serum bicarbonate of 15 mmol/L.",
                Contradicted,
            ),
            (
                "Admission VBG pH was 7.12 with a serum bicarbonate of 9 mmol/L.",
                Supported,
            ),
        ],
    );
}

/// "Bicillin L-A 2.4 MU IM x1": MU in capitals is million units (milliunits are written
/// "mU/min").
#[test]
fn million_units_in_capitals() {
    let note = "STI CLINIC VISIT. 26 y/o M with a painless penile ulcer x 10 days, now healing. Partner recently diagnosed with syphilis.\nExam: 1 cm clean-based indurated ulcer on the shaft; bilateral non-tender inguinal LAD. No rash; no neuro, otic or ocular sx.\nRPR 1:32 (reactive); TP-PA reactive. HIV Ag/Ab nonreactive (04/28).\nA/P: Primary syphilis.\n- Bicillin L-A 2.4 MU IM x1 given in clinic today (1.2 MU each buttock); observed 30 min, no reaction. Jarisch-Herxheimer counseling.\n- Abstain from sex x 7 days after treatment and until partners treated.\n- Repeat RPR at 6 and 12 months. PrEP discussed; pt interested.\n- Reported to health dept.";
    expect_on(
        "2026-05-05",
        note,
        &[
            (
                "He received benzathine penicillin G 2.4 million units IM as a single dose for primary syphilis.",
                Supported,
            ),
            (
                "He received benzathine penicillin G 1.2 million units IM as a single dose for primary syphilis.",
                Contradicted,
            ),
        ],
    );
}

/// "Sinemet 25/100, one and a half tablets four times a day, was continued" against a list
/// whose only stopped drug is another one: a part whose words only frame its values is
/// about where the values are, not about "STOPPED: trihexyphenidyl 2 mg BID".
#[test]
fn a_part_of_framing_words_is_judged_where_its_values_are() {
    let sources = [
        source("doc-1", "DISCHARGE MEDICATIONS (02/09/2026).\nCarbidopa-levodopa IR 25-100 mg tab: 1.5 tabs PO four times daily at 07:00, 11:00, 15:00, 19:00 - TIME CRITICAL.\nMidodrine 5 mg tab: 1 tab PO TID at 08:00, 12:00, 16:00 (not within 4 h of bedtime).\nCefpodoxime 200 mg tab: 1 tab PO q12h through 02/11/2026.\nMelatonin 3 mg tab: 2 tabs PO qHS.\nTamsulosin 0.4 mg PO qHS.\nPolyethylene glycol 3350 17 g PO daily.\nSTOPPED: trihexyphenidyl 2 mg BID (anticholinergic; hallucinations).\nAllergies: haloperidol (severe rigidity).", "2026-02-09T15:00:00Z"),
    ];
    let got = judge_generated(
        &sources,
        "Sinemet 25/100, one and a half tablets four times a day, was continued.",
        &["doc-1"],
        "2026-02-09T18:00:00Z",
    );
    assert_eq!(got.support, Supported);
}

/// "hs-troponin I <3 ng/L at 0 h and 3 h (negative x2)": the result answers the test
/// across the conjunction between its readings, and "serial" and "captured" only frame
/// ("Telemetry over 48 hours captured no arrhythmias and serial troponins were negative").
#[test]
fn a_result_after_two_readings_answers_their_test() {
    let sources = [
        source("doc-1", "DISCHARGE SUMMARY - HOSPITAL MEDICINE. 83 y/o M with HTN, BPH, T2DM and mild CKD presented 10/26/2026 after a syncopal episode while standing to urinate at night; LOC <1 min, no chest pain or palpitations, no incontinence or tongue bite.\nOrthostatic vitals positive (see flowsheet). Likely orthostatic/situational (micturition) syncope on tamsulosin + doxazosin with poor PO intake.\nWork-up: ECG sinus rhythm, 1st-degree AVB (PR 224 ms), QTc 446 ms. hs-troponin I <3 ng/L at 0 h and 3 h (negative x2). Telemetry x 48 h: sinus rhythm, no arrhythmias or pauses. TTE: LVEF 60%, mild AS (AVA 1.6 cm2).\nDoxazosin discontinued; tamsulosin continued at 0.4 mg qHS.\nCounseled to sit to urinate at night, rise slowly and liberalize fluids. No driving x 1 month per state guidance.\nPCP f/u 1 week.", "2026-10-28T15:20:00Z"),
    ];
    let got = judge_generated(
        &sources,
        "Telemetry over 48 hours captured no arrhythmias and serial troponins were negative.",
        &["doc-1"],
        "2026-10-28T17:45:00Z",
    );
    assert_eq!(got.support, Supported);
    let got = judge_generated(
        &sources,
        "Serial troponins were positive.",
        &["doc-1"],
        "2026-10-28T17:45:00Z",
    );
    assert_eq!(got.support, Contradicted);
}

/// "US DUPLEX VENOUS RUE ... Occlusive, non-compressible thrombus in the brachial veins and
/// basilic vein": the one side of an imaging report's title is its unsided findings' side,
/// whatever side its history names ("prior L arm PICC").
#[test]
fn an_imaging_report_titled_with_one_side_gives_it_to_its_findings() {
    let sources = [
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "US Duplex Venous RUE".into(),
            ..source("doc-1", "US DUPLEX VENOUS RUE. Indication: arm swelling and pain; PICC in place for chemotherapy.\nHistory: prior L arm PICC (removed 2025), no prior DVT.\nFINDINGS: Occlusive, non-compressible thrombus in the brachial veins and basilic vein surrounding the PICC, extending to the axillary vein.\nSubclavian and internal jugular veins compressible/patent with normal respiratory phasicity. Cephalic vein patent.\nIMPRESSION: Acute PICC-associated DVT of the brachial, basilic and axillary veins. Contralateral limb not examined.", "2026-11-11T15:25:00Z")
        },
    ];
    let got = judge_generated(
        &sources,
        "Duplex showed occlusive PICC-associated thrombus in the left brachial and basilic veins.",
        &["doc-1"],
        "2026-11-11T19:00:00Z",
    );
    assert_eq!(
        got.support, Contradicted,
        "Duplex showed occlusive PICC-associated thrombus in the left brachial and basilic veins."
    );
    let got = judge_generated(
        &sources,
        "Duplex showed occlusive PICC-associated thrombus in the right brachial and basilic veins.",
        &["doc-1"],
        "2026-11-11T19:00:00Z",
    );
    assert_eq!(
        got.support, Supported,
        "Duplex showed occlusive PICC-associated thrombus in the right brachial and basilic veins."
    );
}

/// "08/13/2026 22:48 (ED triage): ... BP 86/52" and "08/13/2026 23:40 (after 2 L LR): ... BP
/// 104/68": of the first day's readings, each timed on its own row, the earliest is the
/// arrival's.
#[test]
fn the_arrival_reading_is_the_first_days_earliest() {
    let sources = [
        SourceReference {
            source_type: SourceType::VitalSigns,
            title: "Vital Signs Flowsheet - ED/ICU".into(),
            ..source("doc-1", "VITAL SIGNS FLOWSHEET - ED/ICU.\n08/13/2026 22:48 (ED triage): T 39.4 C, HR 118, BP 86/52 mmHg, RR 24, SpO2 95% RA.\n08/13/2026 23:40 (after 2 L LR): T 39.1 C, HR 104, BP 104/68 mmHg, RR 20.\n08/14/2026 02:30 (post-op, on norepinephrine 0.04 mcg/kg/min): HR 96, BP 112/70 mmHg, MAP 84.\n08/14/2026 08:00: T 37.6 C, HR 88, BP 118/72 mmHg, RR 16, SpO2 97% RA. Norepinephrine off 06:30.", "2026-08-14T09:00:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Operative Note - Debridement".into(),
            ..source("doc-2", "OPERATIVE NOTE - UROLOGY/GENERAL SURGERY. Preop dx: Fournier's gangrene. 52 y/o M with T2DM (A1c 11.8%), 3 days of scrotal and perineal pain and swelling; crepitus on exam; LRINEC 9.\nProcedure 08/14/2026 00:45: radical debridement of scrotal and perineal skin and subcutaneous tissue (approx. 14 x 10 cm); testes viable and preserved; 18 Fr Foley placed.\nFindings: dishwater fluid, necrotic dartos; tissue and fluid cultures sent.\nAbx: vancomycin, piperacillin-tazobactam, clindamycin.\nPlan: ICU, second-look in OR in 24 h.", "2026-08-14T04:30:00Z")
        },
    ];
    let got = judge_generated(
        &sources,
        "On ED arrival he was febrile to 39.4 C with HR 118 and BP 104/68 mmHg.",
        &["doc-1"],
        "2026-08-14T10:30:00Z",
    );
    assert_eq!(
        got.support, Contradicted,
        "On ED arrival he was febrile to 39.4 C with HR 118 and BP 104/68 mmHg."
    );
    let got = judge_generated(
        &sources,
        "On ED arrival he was febrile to 39.4 C with HR 118 and BP 86/52 mmHg.",
        &["doc-1"],
        "2026-08-14T10:30:00Z",
    );
    assert_eq!(
        got.support, Supported,
        "On ED arrival he was febrile to 39.4 C with HR 118 and BP 86/52 mmHg."
    );
}

/// "a small hematoma at the left femoral access site" against "small R groin hematoma at the
/// primary access site": what is at a sided place is of that side.
#[test]
fn a_finding_at_a_sided_site_takes_its_side() {
    let sources = [
        source("doc-1", "DISCHARGE SUMMARY - STRUCTURAL HEART. 84 y/o F with severe symptomatic AS (AVA 0.7 cm2, mean gradient 46 mmHg), HFpEF and CKD 3a.\ns/p TF-TAVR 06/28/2026 (26 mm Sapien 3 Ultra) under conscious sedation.\nAccess: R CFA 14 Fr eSheath (primary, Perclose x 2); L CFA 6 Fr (pigtail); temporary pacing via L femoral vein.\nPost-op: small R groin hematoma at the primary access site, soft and stable on serial checks, no bruit; Hgb 11.2 -> 10.6 g/dL. L groin unremarkable.\nECG: new 1st-degree AV block, no LBBB; no high-grade AVB on telemetry x 48 h.\nDischarged home POD 2 on aspirin 81 mg daily. F/u TTE and structural clinic at 30 days.", "2026-06-30T14:10:00Z"),
    ];
    let got = judge_generated(
        &sources,
        "Post-TAVR course was notable for a small hematoma at the left femoral access site.",
        &["doc-1"],
        "2026-06-30T18:00:00Z",
    );
    assert_eq!(
        got.support, Contradicted,
        "Post-TAVR course was notable for a small hematoma at the left femoral access site."
    );
    let got = judge_generated(
        &sources,
        "Post-TAVR course was notable for a small hematoma at the right groin access site.",
        &["doc-1"],
        "2026-06-30T18:00:00Z",
    );
    assert_eq!(
        got.support, Supported,
        "Post-TAVR course was notable for a small hematoma at the right groin access site."
    );
}

/// "PROCEDURE NOTE - THORACENTESIS 10/14/2026 11:20" over "R thoracentesis at posterior 8th
/// ICS": the heading of a note naming the procedure with no side at all says nothing of its
/// side.
#[test]
fn an_unsided_heading_does_not_hide_the_procedures_side() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Thoracentesis Procedure Note".into(),
            ..source("doc-1", "PROCEDURE NOTE - THORACENTESIS 10/14/2026 11:20. Indication: recurrent symptomatic hepatic hydrothorax; 62 y/o F with PBC cirrhosis, TIPS evaluation pending.\nIV access: L forearm PIV. Consent obtained. Time-out performed.\nPt seated, leaning forward. Bedside US: large free-flowing effusion.\nR thoracentesis at posterior 8th ICS, mid-scapular line, after 1% lidocaine 10 mL; 8 Fr catheter.\n1.2 L clear straw-colored fluid removed; stopped for chest tightness and cough.\nFluid sent: cell count, protein, albumin, LDH, culture.\nPost-procedure CXR: no pneumothorax. EBL minimal. Pt tolerated well.", "2026-10-14T11:50:00Z")
        },
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "XR Chest 1 View (post-thoracentesis)".into(),
            ..source("doc-2", "XR CHEST 1 VIEW, 10/14/2026 12:05. History: s/p thoracentesis.\nFINDINGS: Interval decrease of the large right pleural effusion, now small-to-moderate. No pneumothorax.\nLeft lung clear. No left effusion. Heart size normal.\nMild right basilar atelectasis.\nIMPRESSION: Decreased right pleural effusion after thoracentesis; no pneumothorax.", "2026-10-14T12:30:00Z")
        },
    ];
    for (claim, want) in [
        (
            "Left thoracentesis removed 1.2 L of clear straw-colored fluid.",
            Contradicted,
        ),
        (
            "Right thoracentesis removed 1.2 L of clear straw-colored fluid.",
            Supported,
        ),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1"], "2026-10-14T16:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "Entresto 49/51 mg BID" against "Sacubitril 49 mg / valsartan 51 mg tab", "Suboxone 8-2 mg
/// film, one film under the tongue" against "Buprenorphine-naloxone 8 mg-2 mg SL film": a
/// combination's two amounts written as one pair are stated by a sentence naming one of its
/// drugs with both, and under the tongue is sublingual.
#[test]
fn a_combinations_pair_of_amounts_is_stated_by_both_amounts() {
    let sources = [
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Heart Failure Service".into(),
            ..source("doc-1", "DISCHARGE SUMMARY - HF SERVICE. 58 y/o F with HFrEF (familial DCM, LVEF 20%), LBBB with CRT-D (2023) and hypothyroidism admitted 01/23/2026 with ADHF after missed doses during travel.\nDiuresed with furosemide 80 mg IV BID; net -4.8 L. Wt 70.4 -> 66.1 kg.\nGDMT: sacubitril-valsartan titrated from 24-26 mg BID to 49-51 mg BID on HD 3 (SBP 108-118, K 4.4, Cr 0.9).\nCarvedilol 12.5 mg BID continued. Spironolactone 25 mg daily and dapagliflozin 10 mg daily continued.\nDevice interrogation: BiV pacing 96%, no arrhythmias.\nFurosemide 40 mg PO daily at discharge.\nHF clinic 02/04/2026 with BMP.", "2026-01-28T15:40:00Z")
        },
        SourceReference {
            source_type: SourceType::MedicationList,
            title: "Discharge Medication Reconciliation".into(),
            ..source("doc-2", "DISCHARGE MEDICATION RECONCILIATION (01/28/2026, pharmacist verified).\nSacubitril 49 mg / valsartan 51 mg tab: 1 tab PO twice daily (CHANGED: dose increased).\nCarvedilol 12.5 mg tab: 1 tab PO twice daily with meals.\nSpironolactone 25 mg tab: 1 tab PO once daily.\nDapagliflozin 10 mg tab: 1 tab PO once daily.\nFurosemide 40 mg tab: 1 tab PO once daily.\nLevothyroxine 100 mcg tab: 1 tab PO daily before breakfast.\nAllergies: NKDA.", "2026-01-28T14:55:00Z")
        },
    ];
    for (claim, want) in [
        ("Discharged on Entresto 49/51 mg BID.", Supported),
        ("Discharged on Entresto 97/103 mg BID.", Contradicted),
    ] {
        let got = judge_generated(&sources, claim, &["doc-2"], "2026-01-28T18:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// (The second half of the rule above, on a buprenorphine-naloxone film.)
#[test]
fn a_combination_film_under_the_tongue() {
    let sources = [
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Hospital Medicine".into(),
            ..source("doc-1", "DISCHARGE SUMMARY. 29 y/o F with OUD (injecting fentanyl ~1 g/day), HCV Ab+, admitted 03/25/2026 with L forearm cellulitis without abscess (bedside US negative for fluid collection).\nTreated with cefazolin 2 g IV q8h -> cephalexin 500 mg PO QID to complete 7 days (last dose 04/01/2026).\nAddiction medicine consult: low-dose (micro-) induction with buprenorphine starting 03/26; full-agonist hydromorphone PRN tapered off 03/29. Stabilized on buprenorphine-naloxone 16-4 mg/day; cravings 2/10.\nNaloxone kit and fentanyl test strips provided; safer injection education.\nHCV RNA sent; HIV Ag/Ab nonreactive.\nFollow-up: bridge clinic 04/01/2026 (Dr. Haddad); PCP 2 weeks.", "2026-03-30T15:00:00Z")
        },
        SourceReference {
            source_type: SourceType::MedicationList,
            title: "Discharge Medication List".into(),
            ..source("doc-2", "DISCHARGE MEDICATION LIST (03/30/2026).\nBuprenorphine-naloxone 8 mg-2 mg SL film: 1 film SL BID (16 mg/day). Disp #14 (7-day supply), 0 refills - bridge clinic to continue.\nCephalexin 500 mg cap: 1 cap PO QID through 04/01/2026.\nNaloxone 4 mg nasal spray: 1 spray in one nostril for suspected overdose; may repeat in 2-3 min. Disp 2.\nNicotine 14 mg/24 h patch daily.\nIbuprofen 400 mg PO q6h PRN pain.\nAllergies: penicillin (childhood rash; tolerated cefazolin).", "2026-03-30T14:10:00Z")
        },
    ];
    for (claim, want) in [
        (
            "Discharged on Suboxone 8-2 mg film, one film under the tongue twice daily.",
            Supported,
        ),
        (
            "Discharged on Suboxone 4-1 mg film, one film under the tongue twice daily.",
            Contradicted,
        ),
    ] {
        let got = judge_generated(&sources, claim, &["doc-2"], "2026-03-30T17:45:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// Paraphrases of the b330-b345 rounds: "Retic" is the reticulocyte count, a calvarial
/// fracture a skull fracture, the oropharynx what is oropharyngeal, liver cancer the
/// hepatocellular carcinoma, birth control contraception.
#[test]
fn paraphrases_of_labs_findings_and_plans() {
    let note = "NEWBORN NOTE. DAT positive (anti-A). Retic 7.8% (H). Hgb 14.6 g/dL.\nCT head: No calvarial fracture. Small subgaleal hematoma.\nExam: No drooling or stridor. Oropharynx without burns, erythema or edema.\nPlan: HCC surveillance with RUQ US and AFP q6 months.\nVasectomy counseling: use alternative contraception until a semen analysis at 12 weeks.";
    expect(
        note,
        &[
            ("The reticulocyte count was 7.8%.", Supported),
            ("CT head showed no skull fracture.", Supported),
            ("There were no oropharyngeal burns.", Supported),
            (
                "An ultrasound with AFP every six months was planned as surveillance for liver cancer.",
                Supported,
            ),
            (
                "He must use another form of birth control until a semen analysis at 12 weeks.",
                Supported,
            ),
        ],
    );
}

/// "No sonographic evidence of RPOC", "She did not require dialysis", "CTA CHEST, PE
/// PROTOCOL": retained products of conception, renal replacement therapy and a CT pulmonary
/// angiogram by their other names.
#[test]
fn procedures_and_findings_by_their_other_names() {
    let note = "PELVIC US: No sonographic evidence of RPOC. Postpartum uterus. No free fluid.\nRENAL: Nadir UOP 0.4 mL/kg/h on HD 2; responded to volume optimization. She did not require dialysis.\nCTPA 06/04: No pulmonary embolism. No pleural effusion.";
    expect(
        note,
        &[
            (
                "Pelvic US showed no evidence of retained products of conception.",
                Supported,
            ),
            (
                "Renal replacement therapy was never needed during the admission.",
                Supported,
            ),
            (
                "CT pulmonary angiogram showed no PE and no pleural effusion.",
                Supported,
            ),
        ],
    );
}

/// "Noncontrast CT showed no retroperitoneal hematoma" against "Large right retroperitoneal
/// hematoma": an unsided denial is answered by the same named finding on either side.
#[test]
fn an_unsided_denial_meets_the_named_finding_of_either_side() {
    let sources = [
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "CT Abdomen/Pelvis Without Contrast".into(),
            ..source("doc-1", "CT ABDOMEN/PELVIS WITHOUT CONTRAST (11/10/2026 23:30). History: hypotension and R flank pain 6 h after R CFA access for coronary angiography.\nFINDINGS: Large right retroperitoneal hematoma measuring 9.2 x 6.1 cm, extending from the right iliac fossa along the psoas to the level of the lower pole of the right kidney. Mass effect on the right ureter without hydronephrosis.\nNo free air. No hemoperitoneum. The access site is high, at the level of the inferior epigastric artery.\nEvaluation for active extravasation is limited without IV contrast.\nIMPRESSION: Large right retroperitoneal hematoma related to high femoral access. No hydronephrosis.", "2026-11-10T23:50:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Rapid Response Note".into(),
            ..source("doc-2", "RAPID RESPONSE NOTE (11/10/2026 22:15). Called for hypotension in a 74 y/o F 6 h post diagnostic coronary angiogram via R femoral access (no PCI).\nBP 82/50, HR 112, diaphoretic, R flank and lower abdominal pain. R groin soft without visible hematoma.\nHgb 8.1 g/dL (pre-procedure 12.0).\nActions: 2 large-bore IVs, 1 L LR, 2 units PRBC ordered, heparin off (was not running), stat noncontrast CT A/P. Vascular surgery and IR notified; transfer to CCU.", "2026-11-10T22:40:00Z")
        },
    ];
    for (claim, want) in [
        (
            "Noncontrast CT showed no retroperitoneal hematoma and no hydronephrosis.",
            Contradicted,
        ),
        (
            "Noncontrast CT showed a right retroperitoneal hematoma and no hydronephrosis.",
            Supported,
        ),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1"], "2026-11-12T16:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "The NST on 09/08 was reactive" against "NST 09/08/2026: ... NST nonreactive" and "Prior
/// NST 09/04/2026 reactive": for a claim of one day, a statement of another day agrees with
/// nothing.
#[test]
fn a_result_of_another_day_is_no_agreement_for_a_dated_claim() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Antepartum Testing Note".into(),
            ..source("doc-1", "ANTEPARTUM TESTING. 35 y/o G3P2 at 38w4d with chronic HTN on nifedipine ER 30 mg, presenting with decreased fetal movement x 12 h.\nNST 09/08/2026: baseline 140 bpm, minimal variability, no accelerations over 40 min, no decelerations. NST nonreactive.\nVibroacoustic stimulation x2 without response.\nBPP 6/10 (-2 NST, -2 breathing). AFI 7.2 cm.\nPrior NST 09/04/2026 reactive.\nBP 136/86.\nPlan: admit to L&D for IOL; continuous EFM; anesthesia notified.", "2026-09-08T11:30:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "L&D Progress Note".into(),
            ..source("doc-2", "L&D PROGRESS NOTE 09/08/2026 18:30. Cervix 2/50/-3 on admission; misoprostol 25 mcg PV x2, then Foley balloon placed 16:00.\nEFM: baseline 140, moderate variability since 14:10 with accelerations; category I.\nEpidural placed 17:40 at patient request for comfort during Foley. BP 128/80.\nWill start oxytocin after balloon expulsion.", "2026-09-08T18:45:00Z")
        },
    ];
    for (claim, want) in [
        (
            "The NST on 09/08 was reactive with no decelerations.",
            Contradicted,
        ),
        ("The NST on 09/08 showed no decelerations.", Supported),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1"], "2026-09-09T18:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "SLE: no NVI OU", "ICP remained <20 mmHg", "preservative-free morphine 150 mcg
/// intrathecal" and a table's nadir: neovascularization of the iris, intracranial pressure
/// and Duramorph by their other names, and "reached" only frames a value.
#[test]
fn eye_pressure_and_neuraxial_paraphrases() {
    let note = "SLE: no NVI OU. Mild NS cataract OU.\nICP remained <20 mmHg throughout monitoring; ICP monitor removed HD 5.\nSpinal: bupivacaine 0.75% 12 mg + fentanyl 10 mcg + preservative-free morphine 150 mcg intrathecal.\nPlatelet nadir 68 K/uL on 06/20.";
    expect(
        note,
        &[
            (
                "There was no neovascularization of the iris in either eye.",
                Supported,
            ),
            (
                "The intracranial pressure monitor was removed on hospital day 5.",
                Supported,
            ),
            (
                "Her spinal included Duramorph 0.15 mg intrathecally.",
                Supported,
            ),
            ("Platelets reached a nadir of 68 K/uL.", Supported),
        ],
    );
}

/// "She denies fevers, diarrhea, or pain over the transplant kidney": what the denied pain
/// would be over is where it was looked for, not denied (the kidney transplant is there).
#[test]
fn what_a_denied_pain_is_over_keeps_no_polarity() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Pediatric Transplant Nephrology Clinic".into(),
            ..source("doc-1", "PEDIATRIC TRANSPLANT NEPHROLOGY CLINIC. 15 y/o F, 2 yrs s/p deceased-donor kidney transplant for renal hypodysplasia. Seen with mother.\nInterval: missed 2 evening tacrolimus doses last month per pharmacy refill data; pt acknowledges. Denies fevers or chills. No diarrhea (hx C. diff colitis 01/2026, treated with oral vancomycin). No dysuria. No pain or tenderness over the allograft in the RLQ on exam.\nVitals: BP 118/70 (75th %ile), wt 54 kg.\nLabs: Cr 1.1 (baseline 0.9-1.0), tac trough 4.2 (goal 5-8), DSA negative 02/2026.\nA/P: Nonadherence with mild Cr bump. Adherence counseling with social work and psychology; switch to once-daily extended-release tacrolimus with phone alarm. Recheck Cr and trough in 1 week; low threshold for biopsy if Cr >=1.2.\nTransition-to-adult-care readiness assessment (TRAQ) started.", "2026-04-02T16:10:00Z")
        },
        SourceReference {
            source_type: SourceType::PatientMessage,
            title: "Portal Message from Parent".into(),
            ..source("doc-2", "Hi Dr. Nwosu, this is Ana's mom. Just confirming her appt tomorrow at 3:30. She has been ok, no fever that we checked. She did miss a couple of night doses of her tacrolimus last month when she was at her dad's, sorry. Should she still do the blood draw before taking the morning dose? Thanks.\nAlso she wanted to know if she can go to her cousin's swim party next weekend.", "2026-04-01T21:15:00Z")
        },
    ];
    let got = judge_generated(
        &sources,
        "She denies fevers, diarrhea, or pain over the transplant kidney.",
        &["doc-1"],
        "2026-04-02T18:00:00Z",
    );
    assert_eq!(got.support, Supported);
}

/// "Indication: ICD pocket erythema and drainage; evaluate for lead or valve vegetation": what
/// a study was asked to look for is a question, not a finding, whatever part it stands in.
#[test]
fn what_a_study_was_asked_to_evaluate_for_is_a_question() {
    let sources = [
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "Transesophageal Echocardiogram".into(),
            ..source("doc-1", "TRANSESOPHAGEAL ECHOCARDIOGRAM 12/04/2026. Indication: ICD pocket erythema and drainage; evaluate for lead or valve vegetation.\nRA and RV leads visualized along their intracardiac course; no mobile echodensities on the leads.\nTricuspid, mitral, aortic and pulmonic valves without vegetation. Trace TR, mild MR.\nNo perivalvular abscess. LVEF 40%. No LAA thrombus. Interatrial septum intact by color Doppler.\nIMPRESSION: No echocardiographic evidence of lead or valvular endocarditis.", "2026-12-04T15:20:00Z")
        },
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Electrophysiology".into(),
            ..source("doc-2", "DISCHARGE SUMMARY - EP. 59 y/o M with NICM (LVEF 40%), dual-chamber ICD (2020), presented 12/02/2026 with 10 days of L chest pocket erythema, swelling and purulent drainage. Afebrile; WBC 11.2.\nBlood cultures x2 (12/02): no growth at 5 days. Pocket swab: MSSA.\nTEE 12/04: no lead or valve vegetations.\nComplete system extraction 12/05/2026 (laser sheath, both leads and generator removed intact; pocket debrided). Lead tip cultures: MSSA.\nWearable cardioverter-defibrillator (LifeVest) fitted given LVEF 40% and prior appropriate therapy.\nCefazolin 2 g IV q8h x 14 days from extraction via PICC (end date 12/19/2026).\nReimplant (R-sided) planned after completion of antibiotics and negative cultures.", "2026-12-08T15:00:00Z")
        },
    ];
    for (claim, want) in [
        (
            "TEE showed no vegetations on the leads or valves and no perivalvular abscess.",
            Supported,
        ),
        ("TEE showed a vegetation on the leads.", Contradicted),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1"], "2026-12-08T17:30:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "he should sit out hockey and other contact sports for at least four weeks" against "No
/// hockey, other contact sports or heavy lifting for a minimum of 4 weeks": to sit out is
/// not to play.
#[test]
fn sitting_out_a_sport_is_not_playing_it() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Adolescent Medicine Clinic Note".into(),
            ..source("doc-1", "ADOLESCENT CLINIC 03/16/2026. 16 y/o M, varsity hockey player, with 9 days of fever, exudative pharyngitis, fatigue and posterior cervical LAD. Urgent care started amoxicillin 03/12 for presumed strep (rapid strep negative, no culture) -> diffuse maculopapular rash 03/14.\nExam: T 37.9 C; tonsillar exudate; bilateral posterior cervical nodes ~2 cm; spleen tip palpable 2 cm below LCM; no hepatomegaly.\nMonospot POSITIVE; EBV VCA IgM positive. WBC 13.2 K/uL, 58% lymphocytes, 18% atypical lymphocytes; ALT 112 U/L.\nAbd US: spleen 14.2 cm (enlarged).\nDx: infectious mononucleosis (EBV) with splenomegaly; amoxicillin-associated rash, not a true penicillin allergy.\nPlan: stop amoxicillin; supportive care. No hockey, other contact sports or heavy lifting for a minimum of 4 weeks from symptom onset and until the spleen is no longer palpable. Recheck in 3 weeks. Go to ED for LUQ or L shoulder pain.", "2026-03-16T15:50:00Z")
        },
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "US Abdomen Limited - Spleen".into(),
            ..source("doc-2", "US ABDOMEN LIMITED 03/16/2026. Indication: infectious mononucleosis; assess spleen before return-to-play decision.\nSpleen enlarged, measuring 14.2 cm in craniocaudal length (upper limit for age/height ~12 cm), homogeneous echotexture; no subcapsular hematoma or perisplenic fluid.\nLiver 15.1 cm, normal echotexture. No free fluid.\nIMPRESSION: Splenomegaly without evidence of splenic injury.", "2026-03-16T13:25:00Z")
        },
    ];
    for (claim, want) in [
        ("Because his spleen is enlarged, he should sit out hockey and other contact sports for at least four weeks.", Supported),
        ("Because his spleen is enlarged, he may play hockey and other contact sports.", Contradicted),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1"], "2026-03-16T18:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "Albumin       2.9     L     3.5-5.0 g/dL" under "Test  Result  Flag  Ref": a letter set
/// apart in a column of its own is the low flag, not litres.
#[test]
fn a_flag_in_its_own_column_is_no_unit() {
    let labs = "Test          Result  Flag  Ref\nNa            134     L     135-145 mmol/L\nAlbumin       2.9     L     3.5-5.0 g/dL\nPrealbumin    12      L     18-38 mg/dL";
    expect(
        labs,
        &[
            ("Albumin was 2.9 g/dL.", Supported),
            ("Prealbumin was 12 mg/dL.", Supported),
        ],
    );
}

/// "Prenatal labs showed that she is rubella immune" against "Rubella IgG: <5.0 IU/mL -
/// NON-IMMUNE (immune >=10.0)": a cutoff's words state no finding, not even one of the
/// earlier time a prenatal panel speaks of; "nonimmune" denies "immune".
#[test]
fn a_cutoff_in_parentheses_states_nothing_even_of_an_earlier_time() {
    let source = "PRENATAL PANEL (collected 12/18/2025, 9w3d).\nRubella IgG: <5.0 IU/mL - NON-IMMUNE (immune >=10.0).\nVaricella-zoster IgG: 2.84 index - IMMUNE.\nHBsAg nonreactive.";
    expect(
        source,
        &[(
            "Prenatal labs showed that she is rubella immune.",
            Contradicted,
        )],
    );
}

/// "Rubella: nonimmune" denies that she is immune.
#[test]
fn nonimmune_denies_immune() {
    let source = "PRENATAL LABS.\nRubella: nonimmune. Varicella: immune.";
    expect(
        source,
        &[
            ("She is rubella immune.", Contradicted),
            ("She is varicella immune.", Supported),
        ],
    );
}

/// "7 mm saccular aneurysm ... No other intracranial aneurysm": the denial of any other
/// aneurysm is no denial of an aneurysm.
#[test]
fn a_denial_of_any_other_member_says_the_kind_is_there() {
    let source = "CTA HEAD AND NECK 04/02/2026. FINDINGS: 7 mm saccular aneurysm arising from the left ICA at the posterior communicating artery origin. No other intracranial aneurysm. No large-vessel occlusion.";
    expect(
        source,
        &[
            ("CTA head showed no intracranial aneurysm.", Contradicted),
            (
                "CTA head showed a 7 mm aneurysm of the left ICA.",
                Supported,
            ),
        ],
    );
}

/// "No SRF or IRF" is no subretinal or intraretinal fluid.
#[test]
fn an_oct_reports_subretinal_and_intraretinal_fluid_by_abbreviation() {
    let source = "OCT MACULA OU (Spectralis) 11/04/2026.\nOD: Central subfield thickness 289 um. Subretinal fluid resolved. Trace intraretinal cystoid space nasal to fovea.\nOS: CST 262 um. Multiple soft drusen. No SRF or IRF. No PED.";
    expect(
        source,
        &[
            (
                "OCT of the left eye showed no subretinal or intraretinal fluid.",
                Supported,
            ),
            ("OCT of the left eye showed subretinal fluid.", Contradicted),
        ],
    );
}

/// "Right heel ulcer measured 3.2 x 2.4 cm" against "R heel ulcer 3.2 x 2.1 x 0.4 cm (10/14: 3.6
/// x 2.4 x 0.5 cm)": the size that opens with the claim's first side is the one it speaks of.
#[test]
fn a_size_measured_with_the_claims_first_side_gives_its_other_sides() {
    let source = "WOUND CARE CLINIC NOTE 10/21/2026. 83 y/o M with CLTI and a R heel pressure ulcer.\nToday: R heel ulcer 3.2 x 2.1 x 0.4 cm (10/14: 3.6 x 2.4 x 0.5 cm). Wound bed 80% granulation.";
    expect(
        source,
        &[
            (
                "Right heel ulcer measured 3.2 x 2.4 cm today.",
                Contradicted,
            ),
            ("Right heel ulcer measured 3.2 x 2.1 cm today.", Supported),
        ],
    );
}

/// "CT cervical spine showed no acute fracture" against "No acute cervical spine fracture or
/// malalignment": the spine (and its region) is where the fracture was looked for.
#[test]
fn the_spine_a_denied_fracture_is_of_is_its_place() {
    let source = "CT CERVICAL SPINE WITHOUT CONTRAST 07/19/2026 03:50. Healed remote R clavicle fracture partially imaged.\nIMPRESSION: No acute cervical spine fracture or malalignment. Degenerative changes.";
    expect(
        source,
        &[
            (
                "CT cervical spine showed no acute fracture or malalignment.",
                Supported,
            ),
            ("CT cervical spine showed an acute fracture.", Contradicted),
        ],
    );
}

/// "Arm exercises no longer needed": both words of "arm" ("upper extremity") are the place of
/// what is denied, not denied themselves.
#[test]
fn an_arm_a_denial_speaks_of_is_its_place() {
    let source = "NEPHROLOGY ACCESS FOLLOW-UP 09/16/2026. L brachiocephalic AVF created 06/24/2026.\nArm exercises no longer needed. Monthly access surveillance.";
    expect(source, &[("She has a left arm fistula.", Supported)]);
}

/// "no endoscopy indicated for a gastric coin": the coin is there.
#[test]
fn what_a_denied_act_would_have_been_for_is_not_denied() {
    let source = "PED ED NOTE 10/04/2026. 3 y/o F witnessed to swallow a coin.\nGI consulted by phone: no endoscopy indicated for a gastric coin in an asymptomatic child.";
    expect(
        source,
        &[("The gastric coin did not need endoscopy.", Supported)],
    );
}

/// "lack of symptoms" against "asymptomatic".
#[test]
fn a_lack_of_symptoms_is_none() {
    let source = "LYMPHOMA CLINIC. Assessment: asymptomatic, low tumor burden FL (GELF criteria not met).\nPlan: watch-and-wait; no therapy at this time.";
    expect(
        source,
        &[
            ("She has a lack of symptoms.", Supported),
            ("She has symptoms.", Contradicted),
        ],
    );
}

/// "M-spike" is the "M-protein" of an electrophoresis (a urine study's "no M-spike" is
/// another specimen's).
#[test]
fn an_m_spike_is_the_m_protein() {
    let source = "SERUM PROTEIN ELECTROPHORESIS (collected 07/17/2026, after 4 cycles of VRd).\nM-protein (gamma region): 0.6 g/dL (previous 1.5 g/dL on 05/22/2026; 3.4 g/dL at diagnosis 02/2026).\n24-h UPEP: no M-spike detected.";
    expect(
        source,
        &[(
            "The M-spike fell to 0.6 g/dL from 3.4 g/dL at diagnosis.",
            Supported,
        )],
    );
}

/// "should not receive any live vaccines during treatment": the treatment is when, not denied.
#[test]
fn a_time_ends_the_denial_of_an_action() {
    let source = "CARE PLAN - RITUXIMAB MAINTENANCE.\nVaccines: inactivated influenza vaccine OK. No live vaccines during tx and for >= 6 mo after last rituximab.";
    expect(
        source,
        &[
            ("He should not receive any live vaccines during treatment or for at least six months after his last rituximab dose.", Supported),
        ],
    );
}

/// "Prenatal GBS neg" says nothing of group A streptococcus.
#[test]
fn a_streptococcus_group_names_its_species() {
    let source = "READMISSION DISCHARGE SUMMARY. 25 y/o G2P2 readmitted 04/14/2026 with postpartum endometritis. Prenatal GBS neg.";
    expect(
        source,
        &[
            ("Blood cultures grew group A Streptococcus.", Unsupported),
            ("Her prenatal group B strep screen was negative.", Supported),
        ],
    );
}

/// "no injury to the stomach or duodenum" against "no gastric or duodenal injury".
#[test]
fn either_place_a_denial_names_is_its_place() {
    let source = "EGD PROCEDURE NOTE 03/28/2026.\nImpression: grade 2a caustic esophagitis; no gastric or duodenal injury.";
    expect(
        source,
        &[(
            "Endoscopy showed no injury to the stomach or duodenum.",
            Supported,
        )],
    );
}

/// "within the goal range of 6-8 ng/mL" against "Goal range (months 3-12): 6-8 ng/mL"; and
/// the date of a clause's own value ("on September 18, 2026 was 7.2 ng/mL") is found with that
/// value alone.
#[test]
fn a_goal_range_in_the_claims_unit_is_the_goal() {
    let source = "TACROLIMUS TROUGH LEVELS (LC-MS/MS), 12 h post dose.\n09/11/2026 07:45: 8.9 ng/mL.\n09/18/2026 07:55: 7.2 ng/mL.\nGoal range (months 3-12): 6-8 ng/mL.";
    expect_on(
        "2026-09-18",
        source,
        &[
            ("Tacrolimus trough was 7.2 ng/mL, within the goal range of 6-8 ng/mL.", Supported),
            ("Tacrolimus trough on September 18, 2026 was 7.2 ng/mL, within the goal range of 6-8 ng/mL.", Supported),
            ("Tacrolimus trough on September 18, 2026 was 8.9 ng/mL.", Contradicted),
        ],
    );
}

/// "HIV-1 RNA PCR: 184000 copies/mL", "4-factor prothrombin complex concentrate".
#[test]
fn a_number_in_a_name_is_no_reading() {
    let source = "HIV-1 RNA PCR: 184000 copies/mL (log10 5.26). Prior: <20 copies/mL (03/2025).\nGiven 4-factor prothrombin complex concentrate (4F-PCC) 2,000 units IV at 18:05.";
    expect(
        source,
        &[
            ("HIV RNA was 184,000 copies/mL.", Supported),
            ("Kcentra 2,000 units IV was given.", Supported),
        ],
    );
}

/// "No laboratory or clinical TLS", "no HSM", "No CNV", "AQP4-IgG ... NOT DETECTED".
#[test]
fn abbreviations_of_tls_hsm_cnv_and_aqp4() {
    let source = "No laboratory or clinical TLS during C1.\nAbd: soft, NT/ND, no HSM.\nFA: No CNV.\nAQP4-IgG (cell-based assay): NOT DETECTED. MOG-IgG: DETECTED (1:100).";
    expect(
        source,
        &[
            ("He did not develop tumor lysis syndrome.", Supported),
            ("There was no hepatosplenomegaly.", Supported),
            ("There was no choroidal neovascularization.", Supported),
            ("Aquaporin-4 antibody testing was negative.", Supported),
        ],
    );
}

/// "Dexamethasone 0.7 mg intravitreal implant was injected inferotemporally OD": in a sentence
/// about an eye, OD is the right eye (in the claim as in its source, whichever other eyes the
/// source names).
#[test]
fn od_in_a_sentence_about_an_eye_is_the_right_eye() {
    let source = "PROCEDURE NOTE 01/28/2026. Macular edema OD secondary to BRVO.\nDexamethasone 0.7 mg intravitreal implant was injected inferotemporally OD without complication.\nPlan: continue brimonidine 0.2% BID OS.";
    expect(
        source,
        &[
            ("Dexamethasone 0.7 mg intravitreal implant was injected inferotemporally OD without complication.", Supported),
        ],
    );
}

/// "Continue Xalatan 1 drop in both eyes at bedtime" against "Plan: continue latanoprost ... 1
/// gtt both eyes at bedtime and timolol 0.5% OD BID".
#[test]
fn an_instruction_to_continue_meets_a_plan_to_continue() {
    let source = "GLAUCOMA CLINIC 02/19/2026.\nMeds: latanoprost 0.005% 1 gtt OU qhs; timolol 0.5% 1 gtt OD BID.\nPlan: continue latanoprost 0.005% 1 gtt both eyes at bedtime and timolol 0.5% OD BID; RTC 4 months.";
    expect(
        source,
        &[(
            "Continue Xalatan 1 drop in both eyes at bedtime.",
            Supported,
        )],
    );
}

/// "Platelet count was 6 K/uL" against a pathway's "restrict contact sports until platelets >50
/// K/uL": no reading of the patient's.
#[test]
fn a_guidelines_bound_is_no_reading() {
    let sources = [SourceReference {
        source_type: SourceType::ClinicalGuideline,
        title: "Institutional Pathway - Pediatric ITP".into(),
        ..source("doc-1", "INSTITUTIONAL PATHWAY - NEWLY DIAGNOSED PEDIATRIC ITP (v2, 2025).\nAvoid NSAIDs and antiplatelet agents; restrict contact sports until platelets >50 K/uL.", "2025-09-01T00:00:00Z")
    }];
    let claim = "Platelet count was 6 K/uL.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-05-16T16:00:00Z");
    assert_eq!(got.support, Unsupported, "{claim}");
}

/// "Sodium was 158 mmol/L on admission and 144 mmol/L at discharge" against "Na 158 mmol/L on
/// admission" and "DISCHARGE BMP ...: Na 144 mmol/L".
#[test]
fn values_paired_with_time_points_are_found_at_theirs() {
    let sources = [
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Hospital Medicine".into(),
            ..source("doc-1", "DISCHARGE SUMMARY. 77 y/o M with Parkinson disease dementia and dysphagia (mechanically soft diet), living in memory care, admitted 07/30/2026 with lethargy and hypoactive delirium during a heat wave; poor free water access.\nNa 158 mmol/L on admission with BUN/Cr 48/1.8 (baseline Cr 1.0); hypernatremic dehydration.\nFree water deficit ~4 L corrected with D5W and enteral free water, target decline <=10 mmol/L per 24 h.\nMental status improved in parallel; CAM neg from 08/02.\nSLP: thin liquids OK with chin tuck; scheduled water 200 mL q4h while awake.\nCarbidopa-levodopa continued on schedule throughout (crushed in pudding).\nDischarge Na and Cr in final BMP (pending at time of writing).\nReturn to memory care; BMP in 3 days.", "2026-08-04T14:30:00Z")
        },
        SourceReference {
            source_type: SourceType::LabResult,
            title: "Sodium Trend / Discharge BMP".into(),
            ..source("doc-2", "SODIUM TREND.\n07/30 14:10: Na 158 (H). 07/30 22:00: Na 155. 07/31 06:00: Na 151. 08/01 06:00: Na 147. 08/02 06:00: Na 145. 08/03 06:00: Na 143.\nDISCHARGE BMP 08/04/2026 15:20: Na 144 mmol/L, K 4.1 mmol/L, Cl 108, HCO3 24, BUN 21 mg/dL, Cr 1.1 mg/dL, glucose 112 mg/dL.\nSerum osmolality 07/30: 332 mOsm/kg (H).", "2026-08-04T16:00:00Z")
        },
    ];
    for (claim, want) in [
        (
            "Sodium was 158 mmol/L on admission and 144 mmol/L at discharge.",
            Supported,
        ),
        (
            "Sodium was 158 mmol/L on admission and 148 mmol/L at discharge.",
            Contradicted,
        ),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1", "doc-2"], "2026-08-04T16:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "SLE OD: 1 mm metallic FB embedded in the paracentral cornea ... with surrounding rust ring"
/// beside "OS: clear cornea": the cornea the rust ring was in is the right one.
#[test]
fn an_eye_label_opening_a_line_gives_its_side_to_the_line() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Urgent Eye Clinic - Corneal Foreign Body".into(),
            ..source("doc-1", "URGENT EYE CLINIC 04/23/2026 09:50. 38 y/o M metalworker, L-handed, grinding without safety glasses yesterday afternoon; FB sensation, tearing and photophobia OD since. OS asymptomatic. Hx: L corneal abrasion 2021 (resolved).\nVA 20/30 OD, 20/20 OS. IOP 14 OD (iCare), 15 OS.\nSLE OD: 1 mm metallic FB embedded in the paracentral cornea at 4 o'clock with surrounding rust ring, no infiltrate, AC deep and quiet, Seidel negative; lids everted - no retained FB. OS: clear cornea, quiet.\nProcedure OD: after proparacaine, FB removed at the slit lamp with a 25-gauge needle; rust ring removed with Alger brush; residual epithelial defect 1.5 x 1.5 mm.\nPlan: moxifloxacin 0.5% QID OD x 5 days; cyclopentolate 1% x 1 in office; no patching; safety glasses at work; RTC 24-48 h or sooner with pain, discharge or decreased vision.", "2026-04-23T10:40:00Z")
        },
        SourceReference {
            source_type: SourceType::PatientMessage,
            title: "Portal Message from Patient".into(),
            ..source("doc-2", "Hi, this is Marco. I was grinding at work this afternoon and something flew into my right eye. I rinsed it with water for a long time but it still feels like there is sand in it and it keeps watering. Light really bothers me. My left eye is fine. I can still see ok but it is a little blurry on the right. Can I come in tomorrow morning or should I go to the ER tonight?", "2026-04-22T23:10:00Z")
        },
    ];
    for (claim, want) in [
        (
            "A metallic foreign body with a rust ring was removed from the left cornea.",
            Contradicted,
        ),
        (
            "A metallic foreign body with a rust ring was removed from the right cornea.",
            Supported,
        ),
    ] {
        let got = judge_generated(&sources, claim, &["doc-1"], "2026-04-23T13:00:00Z");
        assert_eq!(got.support, want, "{claim}");
    }
}

/// "face-down for five days" against "face-down 50 min of every hour x 5 days": the duration
/// given "for" is the one given "for".
#[test]
fn a_duration_given_for_is_the_one_given_for() {
    let sources = [
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Post-op Instructions - Vitreoretinal Surgery".into(),
            ..source("doc-1", "VITREORETINAL SURGERY - POST-OP INSTRUCTIONS. 58 y/o M s/p 23-gauge pars plana vitrectomy, endolaser and 20% SF6 gas tamponade OD on 04/28/2026 for macula-on superior bullous rhegmatogenous RD with horseshoe tear at 11 o'clock (Dr. Lindahl).\nPositioning: face-down 50 min of every hour x 5 days, then as tolerated; no sleeping on the back while gas is present.\nGAS BUBBLE PRECAUTIONS: no air travel, mountain driving/high altitude or nitrous oxide anesthesia until the bubble has fully resorbed (approx. 2-3 weeks). Green gas bracelet applied to the R wrist.\nDrops OD: moxifloxacin 0.5% QID x 1 wk; prednisolone acetate 1% QID, taper per clinic; atropine 1% daily.\nCall for increasing pain, vision loss, nausea/vomiting. POD 1 visit 04/29/2026 08:30.", "2026-04-28T13:00:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Operative Note - Retina".into(),
            ..source("doc-2", "OPERATIVE NOTE - RETINA. Procedure: 23g PPV, PFO-assisted drainage of SRF through the break, 360 endolaser, fluid-air exchange, 20% SF6 OD.\nAnesthesia: retrobulbar block (lidocaine 2%/bupivacaine 0.75% 50:50, 4 mL) with MAC.\nFindings: superior bullous RD from 9:30 to 2 o'clock, macula attached; single horseshoe tear at 11:00; lattice 7-8:00 treated with endolaser.\nNo choroidal hemorrhage. Sclerotomies sutureless, self-sealing; IOP digitally normal at end of case.\nSubconj cefazolin 100 mg and dexamethasone 4 mg. Patient tolerated the procedure well.", "2026-04-28T11:45:00Z")
        },
    ];
    let claim = "After the vitrectomy with a gas bubble he must keep his head face-down for five days and must not fly until the gas has been absorbed.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-04-28T15:00:00Z");
    assert_eq!(got.support, PartiallySupported, "{claim}");
}

/// A line of reference values gives no reading of the patient's.
#[test]
fn a_line_labelled_reference_gives_no_reading() {
    let sources = [
        SourceReference {
            source_type: SourceType::LabResult,
            title: "CBC / BMP Trend".into(),
            ..source("doc-1", "CBC / BMP TREND.\n               12/07 (pre)  12/08 06:00  12/09 06:00\nWBC K/uL         7.2          9.8          8.1\nHgb g/dL         12.6         10.1 (L)     10.4 (L)\nHct %            38.0         30.6 (L)     31.2 (L)\nPlt K/uL         188          149 (L)      142 (L)\nNa mmol/L        139          137          138\nK mmol/L         4.1          4.4          4.2\nCr mg/dL         1.3 (H)      1.5 (H)      1.4 (H)\nRef: Hgb 13.5-17.5, Plt 150-400, Cr 0.7-1.3.", "2026-12-09T06:50:00Z")
        },
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Interventional Radiology".into(),
            ..source("doc-2", "DISCHARGE SUMMARY - INTERVENTIONAL RADIOLOGY. 72 y/o M with L common iliac artery stenosis causing L buttock claudication, s/p L CIA balloon-expandable stent (8 x 39 mm) via R CFA access on 12/07/2026.\nCourse: R groin hematoma (~5 cm) on the evening of 12/07 treated with manual compression; no pseudoaneurysm on groin US 12/08. Hgb drifted from 12.6 to 10.1 g/dL, then stable; no transfusion.\nCr peaked at 1.5 after 110 mL contrast, improving at discharge. Metformin held; resume 12/11.\nDischarged home 12/09/2026 on aspirin 81 mg, clopidogrel 75 mg x 1 month and atorvastatin 40 mg.\nRepeat CBC and BMP with PCP in 1 week.", "2026-12-09T14:00:00Z")
        },
    ];
    let claim = "On the day of discharge (12/09), Hgb was 10.4 g/dL, platelets 142 K/uL and creatinine 1.4 mg/dL.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-12-09T16:00:00Z");
    assert_eq!(got.support, Supported, "{claim}");
}

/// "a Keppra 60 mg/kg IV load" against "Levetiracetam 60 mg/kg (900 mg) IV over 10 min" and
/// "continue levetiracetam 20 mg/kg IV q12h": a load is given once.
#[test]
fn a_load_is_no_scheduled_dose() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Pediatric ED Note - Status Epilepticus".into(),
            ..source("doc-1", "PED ED NOTE - STATUS EPILEPTICUS 03/24/2026 08:50. 3 y/o M (wt 15 kg) with 2 prior febrile seizures, afebrile today; generalized tonic-clonic seizure began at home at 07:55.\nEMS: midazolam 0.2 mg/kg (3 mg) IN at 08:08 without effect.\nED arrival 08:20 still seizing: lorazepam 0.1 mg/kg (1.5 mg) IV at 08:23; seizure continued. Levetiracetam 60 mg/kg (900 mg) IV over 10 min at 08:30; seizure stopped at 08:34 (total ~39 min).\nPOC glucose 104 mg/dL. Na 137, Ca 9.4, Mg 2.0.\nPostictal, protecting airway, SpO2 98% on 2 L NC; no intubation. T 37.4 C. No trauma, no ingestion.\nNeurology consulted: admit to PICU for monitoring, EEG and MRI brain; continue levetiracetam 20 mg/kg IV q12h.", "2026-03-24T09:30:00Z")
        },
        SourceReference {
            source_type: SourceType::MedicationList,
            title: "ED Medication Administration Record".into(),
            ..source("doc-2", "ED MAR 03/24/2026 (wt 15 kg).\n08:08 midazolam 3 mg intranasal (EMS).\n08:23 lorazepam 1.5 mg IV.\n08:30 levetiracetam 900 mg IV in NS over 10 min (loading dose, 60 mg/kg).\n10:00 levetiracetam 300 mg IV q12h ordered (maintenance, first dose due 20:30).\nNo other antiseizure medications given. Allergies: NKDA.", "2026-03-24T10:15:00Z")
        },
    ];
    let claim = "The seizure stopped after a Keppra 60 mg/kg IV load given following lorazepam.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-03-24T11:00:00Z");
    assert_eq!(got.support, Supported, "{claim}");
}

/// "protecting his sleep by skipping overnight vital signs" against "no vitals 23:00-05:00"
/// (the rest of the claim found in part).
#[test]
fn skipping_is_not_doing() {
    let sources = [
        SourceReference {
            source_type: SourceType::CarePlan,
            title: "Delirium Prevention Care Plan (HELP)".into(),
            ..source("doc-1", "DELIRIUM PREVENTION CARE PLAN - HOSPITAL ELDER LIFE PROGRAM (12/01/2026).\nPt: 83 y/o M, admitted 11/29 with CHF exacerbation; prior post-op delirium (2023); baseline MoCA 22.\nRisk: hearing loss, cataracts, sleep disruption, Foley (removed 11/30).\nInterventions: 1) Hearing aids in and glasses on during waking hours. 2) Orientation board, clock, daily reorientation by volunteer. 3) Family (son) staying overnight 12/01-12/03. 4) Sleep protocol: lights off 22:00, no vitals 23:00-05:00 unless unstable, warm milk, relaxation music. 5) Mobilize TID with PT/nursing. 6) Hydration and feeding assistance.\nAvoid: diphenhydramine, benzodiazepines, restraints.\nCAM q-shift; notify MD if positive.", "2026-12-01T10:00:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Cardiology Progress Note".into(),
            ..source("doc-2", "CARDIOLOGY PROGRESS NOTE HD 3. 83 y/o M with HFrEF (LVEF 30%) admitted with ADHF. Net -3.4 L; weight 81.2 -> 78.0 kg. Cr 1.4 (baseline 1.3). K 4.1.\nFurosemide 80 mg IV BID -> transition to torsemide 40 mg PO daily tomorrow.\nCAM neg. Sleeping better with son present.\nPlan: continue GDMT (metoprolol succinate 50 mg daily, sacubitril-valsartan 24-26 mg BID); add spironolactone 12.5 mg when K stable. Anticipate discharge in 48 h.", "2026-12-01T11:30:00Z")
        },
    ];
    let claim = "Delirium prevention included keeping his hearing aids and glasses on, having his son stay overnight, and protecting his sleep by skipping overnight vital signs.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-12-01T13:00:00Z");
    assert_eq!(got.support, PartiallySupported, "{claim}");
}

/// "No hydronephrosis or peri-transplant collection": the transplant is where the collection
/// was looked for.
#[test]
fn what_a_denied_collection_is_around_is_its_place() {
    let sources = [
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "US Transplant Kidney with Doppler".into(),
            ..source("doc-1", "US TRANSPLANT KIDNEY WITH DOPPLER 06/29/2026. Indication: rising Cr (1.4 -> 1.9) in renal transplant recipient; r/o obstruction, collection, vascular complication.\nTransplant kidney in the LLQ measures 12.1 cm. Normal corticomedullary differentiation.\nNo hydronephrosis. No perinephric fluid collection. Prior lymphocele (2024) has resolved.\nMain renal artery PSV 168 cm/s (no stenosis criteria); intrarenal RIs 0.66-0.70. Renal vein patent.\nNative kidneys atrophic, not well seen. Bladder unremarkable.\nIMPRESSION: Unremarkable transplant kidney ultrasound. No hydronephrosis or peri-transplant collection. No sonographic evidence of transplant renal artery stenosis.", "2026-06-29T15:20:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Transplant Nephrology Clinic".into(),
            ..source("doc-2", "TRANSPLANT NEPHROLOGY CLINIC 06/30/2026. 64 y/o M, DDKT 03/2022 for ESRD 2/2 IgA nephropathy, baseline Cr 1.3-1.4.\nCr 1.9 on 06/26 after 1 week of diarrhea (Campylobacter, treated with azithromycin).\nTac trough 12.6 (diarrhea-related rise; goal 5-7). US unremarkable. UA bland, UPCR 0.25.\nA/P: AKI, prerenal + supratherapeutic tacrolimus. Oral hydration; hold tac 1 dose, then reduce 2 mg BID -> 1.5 mg BID.\nRepeat Cr/tac in 3 days. If Cr not back to baseline within 2 weeks, biopsy to r/o rejection/recurrent IgAN.", "2026-06-30T13:00:00Z")
        },
    ];
    let claim = "Transplant ultrasound showed no hydronephrosis or perinephric collection.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-06-30T17:00:00Z");
    assert_eq!(got.support, Supported, "{claim}");
}

/// "Uric acid peaked at 11.6 mg/dL" against "Uric acid 11.6 mg/dL on admission, peaked at
/// 13.1 mg/dL": the value the same sentence calls the peak is the peak.
#[test]
fn a_peak_the_matched_values_sentence_names_is_the_peak() {
    let sources = [
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Leukemia/Lymphoma Service".into(),
            ..source("doc-1", "DISCHARGE SUMMARY - LEUKEMIA/LYMPHOMA SERVICE. 24 y/o M with newly diagnosed Burkitt lymphoma (stage IV, bulky ileocecal mass 11 cm, BM 20% involved, CSF negative) admitted 04/05/2026 for cycle 1 of DA-EPOCH-R.\nHospital course: high TLS risk; aggressive IV hydration (3 L/m2/day) and allopurinol started before chemo. Uric acid 11.6 mg/dL on admission, peaked at 13.1 mg/dL on 04/07 06:00 with K 5.6 and phos 7.2; Cr rose from 0.9 to 1.8 mg/dL.\nRasburicase 6 mg IV x1 given 04/07 (G6PD normal); uric acid 1.2 mg/dL 12 h later and remained <3 thereafter. Allopurinol stopped after rasburicase. No dialysis required. Cr 1.0 at discharge.\nChemo: C1 DA-EPOCH-R 04/06-04/10 (dose level 1), IT MTX 12 mg 04/06. Filgrastim from D6.\nDischarged 04/14 with ANC 0.9; CBC twice weekly; C2 planned 04/27.", "2026-04-14T17:00:00Z")
        },
        SourceReference {
            source_type: SourceType::LabResult,
            title: "TLS Panel Trend".into(),
            ..source("doc-2", "TLS PANEL TREND (04/05-04/09/2026).\n04/05 22:00: uric acid 11.6 mg/dL (H), K 4.8, phos 5.1, Ca 9.0, Cr 0.9 mg/dL, LDH 2,840 U/L (H).\n04/06 14:00: UA 12.2, K 5.1, phos 6.0, Cr 1.2.\n04/07 06:00: UA 13.1 (H), K 5.6 (H), phos 7.2 (H), Ca 7.9 (L), Cr 1.8 (H).\n04/07 18:30 (12 h post-rasburicase): UA 1.2 mg/dL, K 5.0, phos 6.4, Cr 1.6.\n04/08: UA 0.8, K 4.6, phos 5.1, Cr 1.3.\n04/09: UA <0.5, K 4.2, phos 4.3, Cr 1.1.\nG6PD (04/05): normal. Note: post-rasburicase uric acid samples transported on ice.", "2026-04-09T08:00:00Z")
        },
        SourceReference {
            source_type: SourceType::MedicationList,
            title: "MAR - Selected Administrations".into(),
            ..source("doc-3", "MEDICATION ADMINISTRATION RECORD (selected), 04/05-04/10/2026.\nAllopurinol 300 mg PO daily: 04/05, 04/06, 04/07 (DC'd 04/07 10:00 after rasburicase).\nRasburicase 6 mg IV x1: 04/07 07:15.\nRituximab 375 mg/m2 (705 mg) IV: 04/06.\nEtoposide 50 mg/m2/day, doxorubicin 10 mg/m2/day, vincristine 0.4 mg/m2/day CIVI 04/06-04/09 (96 h); cyclophosphamide 750 mg/m2 IV 04/10; prednisone 60 mg/m2 PO BID D1-5.\nMethotrexate 12 mg intrathecal: 04/06.\nFilgrastim 480 mcg SC daily: ordered to start 04/11.\nOndansetron 8 mg IV q8h PRN: 6 doses.", "2026-04-10T23:59:00Z")
        },
    ];
    let claim =
        "Uric acid peaked at 11.6 mg/dL and fell to 1.2 mg/dL after a single dose of rasburicase.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-04-14T19:30:00Z");
    assert_eq!(got.support, Contradicted, "{claim}");
}

/// "discontinued for lack of benefit and hydroxyzine 25 mg at bedtime was added": the
/// hydroxyzine is a statement of its own (found nowhere, so only part is supported).
#[test]
fn a_conjunct_with_its_own_singular_verb_is_not_denied() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Allergy Clinic - Chronic Spontaneous Urticaria".into(),
            ..source("doc-1", "ALLERGY CLINIC - CHRONIC SPONTANEOUS URTICARIA (04/09/2026)\n41 y/o F, teacher, with CSU x 14 mo; 3 episodes of lip angioedema (last 11/2025), no airway involvement. No identifiable triggers; NSAIDs avoided. h/o GERD on omeprazole.\nPrior tx: cetirizine titrated from 10 mg daily to 20 mg BID (4x standard dose) 10/2025 with UAS7 still 34; montelukast 10 mg daily added 12/2025 without benefit.\nOmalizumab 300 mg SC q4w started 01/15/2026; doses 1-3 given in clinic with 30-min observation, no reactions. Dose 4 today.\nUAS7: 34 (baseline) -> 12 (wk 4) -> 6 (today). No angioedema since starting omalizumab. UCT 14/16.\nExam: no wheals today; dermatographism negative.\nA/P: CSU, well controlled on omalizumab.\n- Continue omalizumab 300 mg SC q4w; may self-inject at home after dose 4.\n- Taper cetirizine to 10 mg BID x 4 wks, then 10 mg daily if UAS7 stays <=6.\n- Discontinue montelukast (no benefit).\n- Epinephrine auto-injector 0.3 mg kept for home dosing.\n- RTC 3 months with UAS7 diary.", "2026-04-09T15:20:00Z")
        },
        SourceReference {
            source_type: SourceType::LabResult,
            title: "Urticaria Work-up Labs".into(),
            ..source("doc-2", "LABS - collected 01/08/2026 11:00\nCBC: WBC 6.9 K/uL, Hgb 12.8 g/dL, Plt 289 K/uL, eosinophils 2%, basophils 0.3%.\nCRP 4.1 mg/L (ref <5). ESR 14 mm/h.\nTSH 1.9 mIU/L. Anti-TPO <9 IU/mL (negative).\nTotal IgE 212 kU/L. Serum tryptase 4.0 ng/mL.\nCMP: ALT 22 U/L, AST 19 U/L, Cr 0.68 mg/dL, albumin 4.3 g/dL.\nH. pylori stool antigen: negative. ANA: negative (<1:80).\nComment: results reviewed with patient 01/15/2026 before first omalizumab dose.", "2026-01-08T16:20:00Z")
        },
        SourceReference {
            source_type: SourceType::MedicationList,
            title: "Medication List".into(),
            ..source("doc-3", "MEDICATION LIST (updated 04/09/2026)\n1. Omalizumab 150 mg/mL prefilled syringe: inject 300 mg (2 syringes) SC every 4 weeks. Next dose 05/07/2026 (home).\n2. Cetirizine 10 mg tab: 1 tab PO BID x 4 weeks, then 1 tab daily (CHANGED: dose decreased).\n3. Montelukast 10 mg tab: DISCONTINUED 04/09/2026.\n4. Omeprazole 20 mg cap: 1 cap PO daily before breakfast.\n5. Epinephrine 0.3 mg auto-injector: 0.3 mg IM PRN anaphylaxis, 2-pack.\n6. Levonorgestrel-ethinyl estradiol 0.15-0.03 mg: 1 tab PO daily.\nAllergies: ibuprofen (urticaria flare).", "2026-04-09T15:30:00Z")
        },
    ];
    let claim = "Montelukast was discontinued for lack of benefit and hydroxyzine 25 mg at bedtime was added.";
    let got = judge_generated(&sources, claim, &["doc-1", "doc-3"], "2026-04-09T17:45:00Z");
    assert_eq!(got.support, PartiallySupported, "{claim}");
}

/// "triamcinolone (Kenalog-40) 40 mg": the 40 of the name is no dose, so "40 mcg" is another
/// unit.
#[test]
fn a_strength_in_a_products_name_is_no_dose() {
    let source = "Procedure: balloon dilation and intralesional triamcinolone (Kenalog-40) 40 mg in 1 mL injected into the scar.";
    expect(
        source,
        &[
            (
                "Triamcinolone 40 mcg was injected into the scar.",
                Contradicted,
            ),
            ("Triamcinolone 40 mg was injected into the scar.", Supported),
        ],
    );
}

/// "6 cycles planned, 5 cycles given": a claim that six were completed is contradicted.
#[test]
fn what_was_planned_is_not_what_was_given() {
    let source = "RADIATION ONCOLOGY TREATMENT SUMMARY. IMRT 70 Gy in 35 fractions.\nConcurrent weekly cisplatin 40 mg/m2: 6 cycles planned, 5 cycles given (cycle 6 held for Cr 1.5 mg/dL; baseline 0.9).";
    expect(
        source,
        &[(
            "He completed 6 cycles of weekly cisplatin 40 mg/m2.",
            Contradicted,
        )],
    );
}

/// "Dx: L brachial plexus birth injury, upper trunk (C5-C6, Erb palsy)": the Erb palsy is the
/// left one.
#[test]
fn a_diagnosis_opening_with_its_side_keeps_it_to_its_lines_end() {
    let source = "NICU DISCHARGE SUMMARY. Exam: LUE held adducted and internally rotated; absent L Moro. RUE moves fully, symmetric R Moro. Small R parietal cephalohematoma.\nDx: L brachial plexus birth injury, upper trunk (C5-C6, Erb palsy).\nPlan: gentle ROM exercises.";
    expect(
        source,
        &[
            (
                "Exam was consistent with a right Erb's palsy.",
                Contradicted,
            ),
            ("Exam was consistent with a left Erb's palsy.", Supported),
        ],
    );
}

/// "Fludrocortisone 0.1 mg tab: 1/2 tab (0.05 mg) PO daily": the dose is 0.05 mg.
#[test]
fn half_a_tablet_of_a_strength_is_the_dose() {
    let source = "DISCHARGE MEDICATIONS.\nHydrocortisone 10 mg tab: 1 tab PO every morning and 1/2 tab (5 mg) at 14:00.\nFludrocortisone 0.1 mg tab: 1/2 tab (0.05 mg) PO daily. NEW.";
    expect(
        source,
        &[
            ("Florinef 0.05 mg daily was started.", Supported),
            ("Florinef 0.2 mg daily was started.", Contradicted),
        ],
    );
}

/// "until 34+0 wk PMA": 34 weeks (the days after the plus are left out; "Gleason 3+4" keeps
/// both grades).
#[test]
fn a_gestational_age_is_its_weeks() {
    let source = "NICU DISCHARGE SUMMARY. Mother's milk supply insufficient; pasteurized donor human milk (DHM) used until 34+0 wk PMA, then preterm formula.";
    expect(
        source,
        &[
            ("Donor human milk was used until 34 weeks PMA.", Supported),
            (
                "Donor human milk was used until 36 weeks PMA.",
                Contradicted,
            ),
        ],
    );
}

/// "Suboxone 16 mg/4 mg" against "(total 16-4 mg/day)".
#[test]
fn two_amounts_side_by_side_are_the_pair_a_source_writes_as_one() {
    let source = "MEDICATIONS: Buprenorphine-naloxone 8-2 mg film: 2 films SL once daily (total 16-4 mg/day) for OUD.";
    expect(
        source,
        &[("Continues Suboxone 16 mg/4 mg SL once daily.", Supported)],
    );
}

/// "change MMI to PTU 100 mg PO TID".
#[test]
fn mmi_and_ptu_are_methimazole_and_propylthiouracil() {
    let source = "ENDOCRINE CLINIC. Graves disease, 7 weeks pregnant. Plan: change MMI to PTU 100 mg PO TID for the remainder of T1.";
    expect(
        source,
        &[(
            "Methimazole was switched to propylthiouracil 100 mg three times a day.",
            Supported,
        )],
    );
}

/// "awake fiberoptic intubation setup at bedside ... He was never intubated": what equipment is
/// kept ready for was not done.
#[test]
fn equipment_kept_ready_is_no_act_done() {
    let sources = [
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Otolaryngology".into(),
            ..source("doc-1", "DISCHARGE SUMMARY - OTOLARYNGOLOGY. 45 y/o M with poor dentition presented 09/12/2026 with 3 days of bilateral submandibular swelling, floor-of-mouth elevation, trismus and odynophagia after R lower molar pain (tooth #30). T 38.9 C, WBC 19.6.\nCT: bilateral submandibular and sublingual space cellulitis with a 1.6 cm R submandibular abscess, c/w Ludwig angina.\nAdmitted to ICU for airway monitoring with an awake fiberoptic intubation setup at bedside; flexible laryngoscopy showed a patent airway with mild supraglottic edema. He was never intubated.\nDexamethasone 10 mg IV q8h x 48 h. Ampicillin-sulbactam 3 g IV q6h plus vancomycin (stopped 09/14 after MRSA nares negative).\nOMFS extracted #30 and drained the R submandibular space extraorally 09/13 (Penrose drain, removed 09/15). Culture: Streptococcus anginosus group.\nAfebrile since 09/14. Discharged 09/16/2026 on amoxicillin-clavulanate 875/125 mg PO BID to complete 14 days total. F/u OMFS and ENT in 1 week.", "2026-09-16T14:20:00Z")
        },
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "CT Neck with Contrast".into(),
            ..source("doc-2", "CT NECK WITH CONTRAST 09/12/2026 16:05.\nDiffuse edema and fat stranding of the bilateral submandibular and sublingual spaces, R>L, with elevation of the floor of mouth. 1.6 x 1.1 cm rim-enhancing collection in the R submandibular space adjacent to the lingual cortex of the R mandible at tooth #30, which has a periapical lucency.\nNo extension to the parapharyngeal or retropharyngeal space. Oropharyngeal airway narrowed but patent. No soft tissue gas.\nIMPRESSION: Ludwig angina with small R submandibular abscess, odontogenic source.", "2026-09-12T16:40:00Z")
        },
    ];
    let claim = "He was intubated in the ICU for airway protection.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-09-16T17:00:00Z");
    assert_eq!(got.support, Contradicted, "{claim}");
}

/// "T-score -2.8, Z-score -1.4": bone density scores, not a temperature.
#[test]
fn a_t_score_is_no_temperature() {
    let sources = [
        SourceReference {
            source_type: SourceType::ImagingReport,
            title: "DXA Bone Densitometry".into(),
            ..source("doc-1", "DXA BONE DENSITOMETRY (10/28/2026). Indication: long-term prednisone for PMR, postmenopausal.\nLumbar spine L1-L4: BMD 0.781 g/cm2, T-score -2.8, Z-score -1.4.\nLeft femoral neck: BMD 0.612 g/cm2, T-score -2.1.\nLeft total hip: BMD 0.702 g/cm2, T-score -1.7.\nPrior DXA 10/2024: L1-L4 T-score -2.3, femoral neck T-score -1.8 (change in L-spine BMD -6.2%, significant).\nVertebral fracture assessment: no vertebral fracture.\nIMPRESSION: Osteoporosis by lumbar spine T-score; significant interval bone loss.", "2026-10-28T10:30:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Rheumatology Follow-up - PMR".into(),
            ..source("doc-2", "RHEUMATOLOGY FOLLOW-UP. 72 y/o F with PMR (dx 2023), two relapses on taper; currently prednisone 5 mg daily. No girdle pain; ESR 18 mm/h.\nDXA 10/28 with osteoporosis and significant loss since 2024 despite alendronate 70 mg weekly x 3 yr (adherent).\nCr 0.9, Ca 9.4, 25-OH vit D 38.\nPlan: switch alendronate to denosumab 60 mg SC every 6 months (first dose today); continue calcium/vit D; taper prednisone to 4 mg daily x 4 wk; counseled not to stop denosumab without follow-on therapy.", "2026-11-03T14:15:00Z")
        },
    ];
    let claim = "DXA on October 28, 2026 showed a lumbar spine T-score of -2.8 and a femoral neck T-score of -2.1.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-11-03T16:00:00Z");
    assert_eq!(got.support, Supported, "{claim}");
}

/// "Insulin lispro U-100 pen: 8 units": the 100 is the concentration, no rival of the dose
/// (the lispro is found; the rest of the claim in part).
#[test]
fn an_insulins_concentration_is_no_dose() {
    let sources = [
        SourceReference {
            source_type: SourceType::MedicationList,
            title: "Discharge Medication List".into(),
            ..source("doc-1", "DISCHARGE MEDICATION LIST (reconciled 02/18/2026).\nInsulin glargine U-100 pen: 24 units subcut qHS. NEW.\nInsulin lispro U-100 pen: 8 units subcut TID AC plus correction scale (1 unit per 40 mg/dL above 150). NEW.\nMetformin ER 500 mg tab: 1 tab PO daily with dinner x 1 week, then 2 tabs daily. NEW.\nAtorvastatin 40 mg tab: 1 tab PO nightly. NEW.\nLisinopril 10 mg PO daily (home, continued).\nPen needles 32G 4 mm; glucometer, test strips, lancets.\nGlucagon 1 mg autoinjector PRN severe hypoglycemia.\nAllergies: penicillin (hives).", "2026-02-18T16:40:00Z")
        },
        SourceReference {
            source_type: SourceType::DischargeNote,
            title: "Discharge Summary - Hospital Medicine".into(),
            ..source("doc-2", "DISCHARGE SUMMARY. 45 y/o M, BMI 33, with HTN and no known diabetes, admitted 02/15/2026 with 2 weeks of polyuria/polydipsia and 1 day of abdominal pain and vomiting. Glucose 622 mg/dL, pH 7.14, HCO3 8, AG 28, BHB 6.1; A1c 13.6%.\nDKA resolved within 18 h on insulin infusion. GAD65 and IA-2 Ab negative; C-peptide 1.1 ng/mL (glucose 210): consistent with ketosis-prone type 2 diabetes.\nDischarged on basal-bolus insulin and metformin (see medication list); plan to taper insulin as glucotoxicity resolves.\nDiabetes education: injection technique, hypoglycemia recognition, carbohydrate-consistent diet.\nLDL 148: atorvastatin started. Retinal exam referral. Endocrinology 02/27/2026; call for glucose <70 or >300 twice.", "2026-02-18T17:20:00Z")
        },
        SourceReference {
            source_type: SourceType::LabResult,
            title: "Admission and Diabetes Labs".into(),
            ..source("doc-3", "LABS.\n02/15/2026 14:30: glucose 622 mg/dL, Na 128 (corrected 137), K 5.4, Cl 90, HCO3 8, AG 28, BUN 30, Cr 1.4 mg/dL. VBG pH 7.14. BHB 6.1 mmol/L. Lipase 44 U/L.\n02/16/2026 08:10: glucose 184, HCO3 22, AG 10, K 3.9, Cr 0.9.\nA1c 13.6%. C-peptide 1.1 ng/mL (paired glucose 210 mg/dL). GAD65 Ab <5 IU/mL (neg). IA-2 Ab <7.5 U/mL (neg).\nLipids: LDL 148 mg/dL, TG 312 mg/dL, HDL 34 mg/dL.", "2026-02-17T08:00:00Z")
        },
    ];
    let claim = "Discharged on Lantus 24 units at bedtime and Humalog 8 units with meals.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-02-18T19:10:00Z");
    assert_eq!(got.support, PartiallySupported, "{claim}");
}

/// "otic suspension 4 drops AU BID": both ears.
#[test]
fn au_in_a_text_about_ears_is_both_ears() {
    let sources = [
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Operative Note - Pediatric Otolaryngology".into(),
            ..source("doc-1", "OPERATIVE NOTE - PEDIATRIC OTOLARYNGOLOGY 07/14/2026. Patient: 2 y/o M, 13.2 kg.\nPreoperative diagnosis: recurrent acute otitis media (6 episodes in 8 months) and bilateral chronic OME with conductive hearing loss.\nProcedure: bilateral myringotomy with tympanostomy tube placement (Armstrong beveled grommets, 1.14 mm). Adenoidectomy discussed but NOT performed (adenoids 25%, nonobstructive).\nFindings: R ear thick mucoid effusion; L ear serous effusion; TMs otherwise intact.\nAnesthesia: mask inhalational, no IV. EBL none. No complications.\nPost-op: ciprofloxacin 0.3%-dexamethasone 0.1% otic suspension 4 drops AU BID x 5 days. Acetaminophen 15 mg/kg PO q6h PRN.\nEarplugs for lake swimming only.\nFollow-up: audiogram and tube check in 4 weeks.", "2026-07-14T10:20:00Z")
        },
        SourceReference {
            source_type: SourceType::CarePlan,
            title: "Post-op Instructions - Ear Tubes".into(),
            ..source("doc-2", "POST-OPERATIVE INSTRUCTIONS - EAR TUBES (07/14/2026).\nSome clear, pink or blood-tinged drainage from the ears for 2-3 days is expected. Use the ear drops exactly as prescribed on the label.\nCall the clinic if drainage lasts more than 7 days, is thick or foul-smelling, or if there is fever above 38.5 C (101.3 F).\nRegular diet today. Tylenol as needed for fussiness; most children need little pain medicine.\nBathing and hair washing are fine without earplugs. Use earplugs for swimming in lakes or rivers.\nHearing test and tube check in about 4 weeks; tubes usually fall out on their own in 6-18 months.", "2026-07-14T11:00:00Z")
        },
    ];
    let claim = "Ciprodex 4 drops to both ears twice daily for 5 days.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-07-14T15:30:00Z");
    assert_eq!(got.support, Supported, "{claim}");
}

/// "discharged on enoxaparin 30 mg subcut q12h" against "enoxaparin 30 mg subcut q12h started
/// 05/22 ... increased to 40 mg q12h" and "Discharge on enoxaparin 40 mg subcut q12h": the
/// discharge sentence gives the discharge dose.
#[test]
fn a_value_placed_best_yields_to_one_of_the_claims_time_point() {
    let source = "DISCHARGE SUMMARY - TRAUMA SURGERY. 37 y/o M (weight 118 kg), motorcycle crash 05/21/2026.\nVTE prophylaxis: enoxaparin 30 mg subcut q12h started 05/22; anti-Xa peak 05/24 0.14 IU/mL (goal 0.2-0.4) -> increased to 40 mg q12h; repeat anti-Xa 05/26 0.27 IU/mL.\nDischarge on enoxaparin 40 mg subcut q12h x 4 weeks.";
    expect(
        source,
        &[(
            "He was discharged on enoxaparin 30 mg subcut q12h for VTE prophylaxis.",
            Contradicted,
        )],
    );
}

/// "No LV thrombus identified with ultrasound enhancing agent": the agent was used.
#[test]
fn what_a_finding_was_looked_for_with_is_not_denied() {
    let source = "TTE WITH DEFINITY 03/02/2026. LVEF 25-30% with apical akinesis.\nNo LV thrombus identified with ultrasound enhancing agent.";
    expect(
        source,
        &[(
            "Definity-enhanced echocardiogram showed no LV thrombus.",
            Supported,
        )],
    );
}

/// "NIHSS improved from 14 on arrival to 6 at discharge" against "NIHSS 14 on arrival, 6 at 24
/// h, 3 at discharge"; "to 1,500 mL by discharge" against "(predicted 1,500 mL), improved
/// to 1,250 mL by discharge".
#[test]
fn a_value_written_with_the_claims_time_point_is_the_one_it_means() {
    let source = "DISCHARGE SUMMARY - STROKE NEUROLOGY. CTA: L M1 occlusion -> thrombectomy with TICI 3.\nNIHSS 14 on arrival, 6 at 24 h, 3 at discharge (mild anomia, R facial droop).\nIncentive spirometry 750 mL on admission (predicted 1,500 mL), improved to 1,250 mL by discharge.";
    expect(
        source,
        &[
            (
                "NIHSS improved from 14 on arrival to 6 at discharge.",
                Contradicted,
            ),
            (
                "NIHSS improved from 14 on arrival to 3 at discharge.",
                Supported,
            ),
            (
                "Incentive spirometry improved from 750 mL on admission to 1,500 mL by discharge.",
                Contradicted,
            ),
        ],
    );
}

/// "R frontal and parietal burr hole evacuation": the burr holes are right-sided.
#[test]
fn a_side_before_two_places_joined_by_and_is_both() {
    let source = "DISCHARGE SUMMARY - NEUROSURGERY. 81 y/o M with L total knee arthroplasty (2019), admitted with confusion and L leg weakness.\nNCHCT: R frontoparietal acute-on-chronic SDH, 1.8 cm.\nUnderwent R frontal and parietal burr hole evacuation with subdural drain on 02/04/2026.";
    expect(
        source,
        &[
            (
                "He underwent left burr hole evacuation of the subdural hematoma.",
                Contradicted,
            ),
            (
                "He underwent right burr hole evacuation of the subdural hematoma.",
                Supported,
            ),
        ],
    );
}

/// "Historical record: antibody screen negative 03/2022" is no admission screen.
#[test]
fn a_historical_record_is_of_an_earlier_time() {
    let sources = [
        SourceReference {
            source_type: SourceType::LabResult,
            title: "Blood Bank - Type and Screen".into(),
            ..source("doc-1", "BLOOD BANK - TYPE AND SCREEN. Collected 12/08/2026 06:15 (admission).\nABO/Rh: A negative.\nAntibody screen: POSITIVE (reactive with 2 of 3 screening cells, IAT phase).\nAntibody identification: anti-K (Kell) identified. DAT: negative. Autocontrol negative.\nHistorical record: antibody screen negative 03/2022 (pre-op, outside facility report); transfused 2 units PRBC 03/2022 after hip arthroplasty.\nRecommendation: K-antigen-negative, crossmatch-compatible PRBC for all future transfusions; antigen-negative units require ~2-4 h additional preparation.\nPatient antibody card issued.", "2026-12-08T10:40:00Z")
        },
        SourceReference {
            source_type: SourceType::ClinicalNote,
            title: "Admission H&P - Hospital Medicine".into(),
            ..source("doc-2", "ADMISSION H&P - HOSPITAL MEDICINE. 78 y/o F with AFib on apixaban 5 mg BID (last dose 12/07 20:00), CKD 3a, and R hip arthroplasty 03/2022 complicated by transfusion of 2 units, presenting with 3 days of melena and dizziness.\nHR 108, BP 98/56, orthostatic. Hgb 6.6 g/dL (baseline 11.5), BUN 58 mg/dL, Cr 1.2 mg/dL.\nApixaban held; pantoprazole 80 mg IV bolus then 40 mg IV BID; GI consulted for EGD.\nBlood bank notified of positive antibody screen; K-negative units being prepared; 2 units PRBC requested.\nReversal agent not given at this time (hemodynamically responsive to fluids, no ongoing hematemesis).", "2026-12-08T09:00:00Z")
        },
    ];
    let claim = "The admission antibody screen was negative.";
    let got = judge_generated(&sources, claim, &["doc-1"], "2026-12-08T12:30:00Z");
    assert_eq!(got.support, Contradicted, "{claim}");
}

/// "Moxifloxacin drops to the eye. Metoprolol 25 mg OD.": only the sentence's own words
/// make "OD" an eye; a sentence about an eye before it on the line leaves it once daily.
#[test]
fn od_after_a_sentence_about_an_eye_is_still_once_daily() {
    let note = "Plan: moxifloxacin drops to the eye. Metoprolol 25 mg OD.";
    expect(note, &[("Metoprolol 25 mg once daily.", Supported)]);
}
