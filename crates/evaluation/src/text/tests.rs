//! Token-level checks of the analyser: negation scope, sides, units, number words, dates,
//! frequencies, brand names and abbreviations.

use super::quantity::{Dim, Quantity, Shape};
use super::*;

struct Seen {
    vocab: Vocab,
    a: Analysis,
}

fn run(text: &str) -> Seen {
    let mut vocab = Vocab::default();
    let a = analyze(text, &mut vocab);
    Seen { vocab, a }
}

impl Seen {
    fn word(&mut self, w: &str) -> Vec<Item> {
        let canonical = canonical(w, lexicon());
        let id = self.vocab.id(&canonical);
        self.a
            .items
            .iter()
            .filter(|i| i.term() == Some(id))
            .copied()
            .collect()
    }
    fn has(&mut self, w: &str) -> bool {
        !self.word(w).is_empty()
    }
    fn negated(&mut self, w: &str) -> bool {
        let items = self.word(w);
        assert!(!items.is_empty(), "{w} not found");
        items.iter().all(|i| i.neg)
    }
    fn side(&mut self, w: &str) -> Option<Side> {
        self.word(w).first().and_then(|i| i.side)
    }
    fn qtys(&self) -> Vec<Quantity> {
        self.a
            .items
            .iter()
            .filter_map(|i| i.qty().copied())
            .collect()
    }
}

fn mass(mg: f64) -> Quantity {
    Quantity::single(Dim::Mass, mg, 1.0)
}

#[test]
fn negation_cues_and_their_scope() {
    let mut s = run("Denies fever, chest pain or leg swelling. Reports dyspnea.");
    assert!(s.negated("fever") && s.negated("chest") && s.negated("edema"));
    assert!(!s.negated("dyspnea"), "scope ends at the sentence");

    let mut s = run("No fever, tolerating regular diet.");
    assert!(s.negated("fever"));
    assert!(!s.negated("diet"), "a comma without a list ends the scope");

    let mut s = run("H. pylori biopsy negative. Urine culture positive.");
    assert!(s.negated("pylori") && s.negated("biopsy"));
    assert!(!s.negated("culture"));

    let mut s =
        run("Afebrile since admission. Abnormal EEG. CT without contrast. Negative for PE.");
    assert!(s.negated("fever"), "afebrile negates fever");
    assert!(
        s.negated("normal") && !s.negated("electroencephalogram"),
        "abnormal negates only normal"
    );
    assert!(s.negated("contrast"));
    assert!(s.negated("pulmonary") && s.negated("embolism"));

    let mut s = run("Normal EEG.");
    assert!(
        !s.negated("normal"),
        "'normal' inside 'abnormal' must not match the other way"
    );

    let mut s = run("Mild delirium, resolved with non-pharmacologic measures.");
    assert!(!s.negated("delirium"));
    assert!(
        s.negated("medication"),
        "non-pharmacologic is 'without medication'"
    );
}

#[test]
fn sides_attach_to_the_body_part() {
    let mut s = run("WBAT LLE.");
    assert_eq!(s.side("extremity"), Some(Side::Left));
    assert!(s.has("weight") && s.has("bearing") && s.has("tolerated"));

    let mut s = run("Pain migrated to the RLQ. L hip pain. R-sided stranding.");
    assert_eq!(s.side("quadrant"), Some(Side::Right));
    assert_eq!(s.side("hip"), Some(Side::Left));
    assert_eq!(s.side("sided"), Some(Side::Right));

    let mut s = run("Hgb 7.9 g/dL (L). XR HIP LEFT 2 VIEWS.");
    assert_eq!(
        s.side("hemoglobin"),
        None,
        "(L) after a lab value is a flag, not a side"
    );
    assert_eq!(
        s.side("hip"),
        Some(Side::Left),
        "a trailing side applies to the body part before it"
    );

    let mut s = run("Resolved: left ankle sprain. Cellulitis of the right lower extremity.");
    assert_eq!(s.side("ankle"), Some(Side::Left));
    assert_eq!(s.side("extremity"), Some(Side::Right));
}

#[test]
fn units_convert_within_a_dimension() {
    let s = run("Acetaminophen 1 g q8h. Tiotropium 18 mcg. Ulcer 1.5 cm. Fluids 2 L.");
    let q = s.qtys();
    assert!(q.iter().any(|x| x.matches(&mass(1000.0))), "1 g is 1000 mg");
    assert!(
        q.iter().any(|x| x.matches(&mass(0.018))),
        "18 mcg is 0.018 mg"
    );
    assert!(
        !q.iter().any(|x| x.matches(&mass(18.0))),
        "18 mcg is not 18 mg"
    );
    assert!(
        q.iter()
            .any(|x| x.matches(&Quantity::single(Dim::Length, 15.0, 1.0))),
        "1.5 cm is 15 mm"
    );
    assert!(
        q.iter()
            .any(|x| x.matches(&Quantity::single(Dim::Volume, 2000.0, 1.0))),
        "2 L after a number is litres"
    );
    assert!(
        q.iter().any(|x| x.dim == Dim::Frequency && x.a == 3.0),
        "q8h is three a day"
    );

    let s = run("Furosemide 40mg daily, 1,000 mg acetaminophen, glargine 22 units.");
    let q = s.qtys();
    assert!(
        q.iter().any(|x| x.matches(&mass(40.0))),
        "glued number and unit"
    );
    assert!(
        q.iter().any(|x| x.matches(&mass(1000.0))),
        "thousands separator"
    );
    assert!(q.iter().any(|x| x.dim == Dim::Units && x.a == 22.0));
}

#[test]
fn number_words_and_durations() {
    let s = run("Antibiotics for two weeks in total. Follow up in 14 days. Twice daily dosing.");
    let q = s.qtys();
    let two_weeks = Quantity::single(Dim::Time, 2.0, 168.0);
    assert!(
        q.iter().filter(|x| x.matches(&two_weeks)).count() >= 2,
        "two weeks == 14 days: {q:?}"
    );
    assert!(
        q.iter().any(|x| x.dim == Dim::Frequency && x.a == 2.0),
        "twice daily is BID"
    );

    let s = run("Every 12 hours. Three times a day. Every other day. 2x/week.");
    let f: Vec<f64> = s
        .qtys()
        .iter()
        .filter(|x| x.dim == Dim::Frequency)
        .map(|x| x.a)
        .collect();
    assert_eq!(f.len(), 4, "{f:?}");
    assert_eq!(f[0], 2.0);
    assert_eq!(f[1], 3.0);
    assert_eq!(f[2], 0.5);
    assert!((f[3] - 2.0 / 7.0).abs() < 1e-9);
}

#[test]
fn dates_in_several_formats_agree() {
    let date = |t: &str| -> Vec<Quantity> {
        run(t)
            .qtys()
            .into_iter()
            .filter(|q| q.dim == Dim::Date)
            .collect()
    };
    let reference = date("Follow-up 09/24/2026.");
    assert_eq!(reference.len(), 1);
    for t in [
        "Follow-up September 24, 2026.",
        "Follow-up Sept 24 2026.",
        "Follow-up 24 September 2026.",
        "Follow-up 2026-09-24.",
        "Follow-up on 09/24.",
    ] {
        let d = date(t);
        assert_eq!(d.len(), 1, "{t}");
        assert!(d[0].matches(&reference[0]), "{t}");
    }
    assert!(!date("Follow-up September 25, 2026.")[0].matches(&reference[0]));
    assert!(date("It may be 5 mg.").is_empty(), "'may' is not a month");
    let my = run("Onset 12/2025.").qtys();
    assert_eq!(my[0].dim, Dim::MonthYear);
}

#[test]
fn blood_pressure_ranges_and_decades() {
    let q = run("BP 148/92, SpO2 88-92%, HR 140s.").qtys();
    assert_eq!(q[0].shape, Shape::Pair);
    assert!(q[0].matches(&Quantity::two(Dim::None, Shape::Pair, 148.0, 92.0, 1.0)));
    assert!(!q[0].matches(&Quantity::two(Dim::None, Shape::Pair, 158.0, 92.0, 1.0)));
    assert!(Quantity::single(Dim::Percent, 90.0, 1.0).matches(&q[1]));
    assert!(Quantity::single(Dim::None, 142.0, 1.0).matches(&q[2]));
}

#[test]
fn brand_and_generic_names_meet() {
    let mut s = run("Lasix 40 mg. Zosyn 4.5 g. Bactrim SS. Eliquis.");
    assert!(s.has("furosemide"));
    assert!(s.has("piperacillin") && s.has("tazobactam"));
    assert!(s.has("trimethoprim") && s.has("sulfamethoxazole") && s.has("single"));
    assert!(s.has("apixaban"));
    assert!(s.word("furosemide")[0].drug, "brand expansions are drugs");
    let mut s = run("Started dapagliflozin and metoprolol.");
    assert!(
        s.word("dapagliflozin")[0].drug && s.word("metoprolol")[0].drug,
        "drug suffixes"
    );
    assert!(!s.word("started")[0].drug);
}

#[test]
fn abbreviations_expand() {
    let mut s = run("New-onset AFib with RVR. HTN. Denies SI/HI. NKDA. Vanc 1 g IV. s/p ORIF.");
    assert!(s.has("atrial") && s.has("fibrillation"));
    assert!(s.has("rapid") && s.has("ventricular"));
    assert!(s.has("hypertension"));
    assert!(s.negated("suicidal") && s.negated("homicidal"));
    assert!(s.negated("allergy"), "NKDA is no known drug allergies");
    assert!(s.has("vancomycin"));
    assert!(s.has("reduction") && s.has("fixation"));
    let mut s = run("PT evaluation. Pt ambulating.");
    assert!(
        s.has("physical") && s.has("therapy"),
        "PT in capitals is physical therapy"
    );
    assert!(s.has("ambulating"));
}

#[test]
fn sentences_and_spans() {
    let text = "E. coli grew. Dr. Smith saw him. Lactate 1.2 mmol/L.";
    let s = run(text);
    assert_eq!(
        s.a.sentences.len(),
        3,
        "initials and titles do not end sentences"
    );
    let last = &s.a.sentences[2];
    assert_eq!(
        &text[last.start as usize..last.end as usize],
        "Lactate 1.2 mmol/L"
    );
}

#[test]
fn stemming_meets_inflections() {
    for (a, b) in [
        ("controlled", "control"),
        ("resolved", "resolve"),
        ("biopsies", "biopsy"),
        ("running", "runs"),
        ("doses", "dose"),
        ("increased", "increase"),
        ("qualified", "qualify"),
        ("identified", "identifies"),
    ] {
        assert_eq!(stem(a), stem(b), "{a} / {b}");
    }
    assert_ne!(stem("normal"), stem("abnormal"));
    // An anatomical plane is no plan ("on the AC-PC plane").
    assert_eq!(stem("planes"), stem("plane"));
    assert_ne!(stem("plane"), stem("planned"));
}

#[test]
fn a_copula_after_the_negated_subject_ends_the_scope() {
    let mut s = run("No pneumothorax was seen on the chest radiograph.");
    assert!(s.negated("pneumothorax"));
    assert!(!s.negated("chest"), "the predicate is not negated");
    // A post cue still reaches back over the copula.
    let mut s = run("H. pylori biopsy was negative.");
    assert!(s.negated("biopsy"));
}

#[test]
fn negative_before_a_word_negates_what_follows() {
    let mut s = run("Vancomycin continues from the first negative blood culture.");
    assert!(s.negated("culture") && s.negated("blood"));
    assert!(
        !s.negated("vancomycin"),
        "nothing before the cue is negated"
    );
    let mut s = run("Blood cultures negative.");
    assert!(s.negated("culture"));
}

#[test]
fn an_amount_per_day_is_the_amount_daily() {
    let per_day = run("Fluid restriction 1.5 L/day.").qtys();
    let daily = run("Limit fluids to 1.5 liters daily.").qtys();
    assert_eq!(per_day, daily);
    assert_eq!(per_day.len(), 2);
    assert!(per_day[0].matches(&Quantity::single(Dim::Volume, 1500.0, 1.0)));
    assert!(per_day[1].matches(&Quantity::single(Dim::Frequency, 1.0, 1.0)));
}

#[test]
fn picograms_and_milli_international_units_are_units() {
    let q = run("NT-proBNP 4,820 pg/mL, TSH 2.3 mIU/L.").qtys();
    assert_eq!(q.len(), 2);
    assert!(q.iter().all(|q| matches!(q.dim, Dim::Compound(_))), "{q:?}");
}

/// Punctuation lexemes take the empty entry without a lookup, which is right only while
/// the lexicon lists no punctuation.
#[test]
fn the_lexicon_lists_no_punctuation() {
    let lex = lexicon();
    for p in [
        "\n", ";", ",", ":", "(", ")", "[", "]", "<", ">", "/", "=", ".", "!", "?",
    ] {
        assert!(!lex.entries.contains_key(p), "{p:?} has an entry");
    }
}

#[test]
fn an_age_and_sex_is_no_length_and_a_balloon_pressure_is_no_length_either() {
    let s = run("67M with ulcer. 19F POD1.");
    assert_eq!(
        s.qtys()
            .iter()
            .map(|q| (q.dim, q.a))
            .take(2)
            .collect::<Vec<_>>(),
        vec![(Dim::None, 67.0), (Dim::None, 19.0)]
    );
    let s = run("Tmax 101F overnight.");
    assert_eq!(s.qtys().first().map(|q| q.dim), Some(Dim::Temperature));
    let s = run("3.0 x 18 mm DES deployed at 14 atm.");
    assert_eq!(s.qtys().last().map(|q| q.dim), Some(Dim::Pressure));
}

#[test]
fn va_is_visual_acuity_only_beside_the_eyes() {
    let mut s = run("VA sc: OD 20/25, OS 20/40.");
    assert!(s.has("acuity"));
    assert_eq!(s.side("eye"), Some(Side::Right));
    let mut s = run("DLCO/VA 72% pred.");
    assert!(!s.has("acuity"));
}

/// "Hives" is urticaria, but its stem is HIV's: HIV stays HIV.
#[test]
fn hives_is_urticaria_and_hiv_is_not() {
    let mut s = run("Developed hives. Rapid HIV-1/2 Ag/Ab nonreactive.");
    assert!(s.has("urticaria"));
    assert!(s.has("hiv"));
    assert_eq!(s.word("urticaria").len(), 1, "only the hives are urticaria");
}

/// A capital H closing a reading is its flag ("11/14 4.1 H;"), but after "x" it is hours.
#[test]
fn a_closing_capital_h_is_a_flag_unless_a_duration() {
    let dims = |text: &str| run(text).qtys().iter().map(|q| q.dim).collect::<Vec<_>>();
    assert_eq!(
        dims("CRP 11/14 4.1 H; 11/15 3.2 H."),
        [Dim::Date, Dim::None, Dim::Date, Dim::None]
    );
    assert_eq!(dims("Flat bedrest x 24 H."), [Dim::Time]);
    assert_eq!(dims("Surgery lasted 4 h."), [Dim::Time]);
}

/// "25-OH vitamin D" and "25-hydroxyvitamin D" name the hydroxyl's carbon: no value of 25.
#[test]
fn the_25_of_25_oh_vitamin_d_is_no_value() {
    for text in [
        "25-OH vitamin D was low.",
        "25-hydroxyvitamin D level was low.",
    ] {
        let mut s = run(text);
        assert!(s.qtys().is_empty(), "{text}: {:?}", s.qtys());
        assert!(s.has("vitamin"), "{text}");
    }
}

/// "(adm)" in a column's header is the admission.
#[test]
fn adm_is_admission() {
    let mut s = run("Test | 04/11 19:40 (adm) | 04/12 05:00\nHgb (g/dL) | 14.1 | 13.6");
    assert!(s.has("admission"));
}

#[test]
fn cholesterol_is_no_drug_though_it_ends_as_albuterol_does() {
    assert!(lexicon::drug_shaped("albuterol"));
    assert!(lexicon::drug_shaped("formoterol"));
    assert!(!lexicon::drug_shaped("cholesterol"));
}
