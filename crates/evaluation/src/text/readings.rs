//! Clinical readings whose meaning needs a value's neighbours: a temperature says whether
//! the patient was febrile, a monovalent ion's mEq/L is its mmol/L, and two Apgar scores
//! are one pair however they are written.

use super::quantity::{Dim, Quantity, Shape};
use super::{Analysis, Item, Kind, Parser, Term, TokKind, Vocab};

/// The usual clinical cut-off of fever: 38.0 °C (100.4 °F). A reading at or above it is a
/// fever, one below it is not ("afebrile").
const FEVER_C: f64 = 38.0;

/// Readings outside this range (°C) are not a body temperature ("stored at 4 C").
const BODY_C: std::ops::RangeInclusive<f64> = 30.0..=45.0;

/// Ions of one charge, for which 1 mmol/L is 1 mEq/L (lithium, sodium, potassium, chloride,
/// bicarbonate). Divalent ions (magnesium, calcium) are 2 mEq per mmol.
const MONOVALENT: &[&str] = &["lithium", "sodium", "potassium", "chloride", "bicarbonate"];
const POLYVALENT: &[&str] = &["magnesium", "calcium", "phosphate", "phosphorus"];

/// Applies the readings to a finished analysis of `lower` (the lowercased text).
pub(super) fn apply(a: &mut Analysis, lower: &str, vocab: &mut Vocab) {
    monovalent_ions(a, lower, vocab);
    fever_from_temperatures(a, lower, vocab);
}

/// "Lithium 0.8 mEq/L" is "lithium 0.8 mmol/L": the unit of a value that a monovalent ion
/// names (the nearest analyte before it in its sentence) is read as mmol/L, so the two
/// spellings match and a different number in either contradicts.
fn monovalent_ions(a: &mut Analysis, lower: &str, vocab: &mut Vocab) {
    if !lower.contains("meq/l") {
        return;
    }
    let meq = Dim::Compound(vocab.id("meq/l"));
    if !a
        .items
        .iter()
        .any(|i| i.qty().is_some_and(|q| q.dim == meq))
    {
        return;
    }
    let mmol = Dim::Compound(vocab.id("mmol/l"));
    let one: Vec<Term> = MONOVALENT.iter().map(|w| vocab.term(w)).collect();
    let other: Vec<Term> = POLYVALENT.iter().map(|w| vocab.term(w)).collect();
    for k in 0..a.items.len() {
        let Kind::Qty(q) = a.items[k].kind else {
            continue;
        };
        if q.dim != meq {
            continue;
        }
        let sent = a.items[k].sent;
        // Earlier values of the sentence are skipped: "lithium 1.8 mEq/L on admission,
        // 0.9 mEq/L at discharge" names the ion once.
        let analyte = a.items[..k]
            .iter()
            .rev()
            .take_while(|it| it.sent == sent)
            .filter_map(Item::term)
            .take(6)
            .find(|t| one.contains(t) || other.contains(t));
        if analyte.is_some_and(|t| one.contains(&t)) {
            a.items[k].kind = Kind::Qty(Quantity { dim: mmol, ..q });
        }
    }
}

/// A body temperature reading, in °C, if the item at `k` is one: a temperature value, or a
/// bare number right after "temperature"/"T"/"Tmax" (a plausible Celsius or Fahrenheit
/// value).
fn reading(items: &[Item], k: usize, labels: &[Term]) -> Option<f64> {
    let q = items.get(k)?.qty()?;
    if q.shape != Shape::Single {
        return None;
    }
    let c = match q.dim {
        Dim::Temperature => q.a,
        Dim::None => {
            let label = k
                .checked_sub(1)
                .and_then(|p| items.get(p))
                .filter(|p| p.sent == items[k].sent)
                .and_then(Item::term)?;
            if !labels.contains(&label) {
                return None;
            }
            match q.a {
                v if (34.0..=43.0).contains(&v) => v,
                v if (93.0..=110.0).contains(&v) => (v - 32.0) * 5.0 / 9.0,
                _ => return None,
            }
        }
        _ => return None,
    };
    BODY_C.contains(&c).then_some(c)
}

/// A sentence that gives a temperature as a limit or an instruction ("return for fever >
/// 38.5 C", "call if temperature of 38.0 or higher"), not as a reading.
fn threshold(sentence: &str) -> bool {
    const CUES: &[&str] = &[
        ">",
        "<",
        "≥",
        "≤",
        "greater than",
        "higher than",
        "more than",
        "above",
        "or higher",
        "or greater",
        "or more",
        "at least",
        "return",
        "call ",
        "seek",
        "if ",
        "goal",
    ];
    CUES.iter().any(|c| sentence.contains(c))
}

/// Each body temperature reading also states the fever it shows: a "fever" word, denied
/// below [`FEVER_C`], affirmed at or above it, added (unless its clause already says it in
/// words) at the end of the reading's sentence in the reading's clause, as a drug's class
/// word is, so the words around values stay as written. "Afebrile at discharge" then finds
/// "Vitals at discharge: T 36.8 C" and is contradicted by "T 38.6 C" there, while a reading
/// of another time point sits in another sentence or clause, which the claim's time words
/// tell apart.
fn fever_from_temperatures(a: &mut Analysis, lower: &str, vocab: &mut Vocab) {
    let plausible = |i: &Item| {
        i.qty().is_some_and(|q| {
            q.dim == Dim::Temperature || (q.dim == Dim::None && q.shape == Shape::Single)
        })
    };
    if !a.items.iter().any(plausible) {
        return;
    }
    let labels = [vocab.term("temperature"), vocab.term("tmax")];
    let fever = vocab.term("fever");
    // (sentence, clause, run, denied) of each reading.
    let mut found: Vec<(u32, u32, u32, bool)> = Vec::new();
    for (si, s) in a.sentences.iter().enumerate() {
        let items = &a.items[s.items.clone()];
        let mut text: Option<bool> = None;
        for k in 0..items.len() {
            let Some(c) = reading(items, k, &labels) else {
                continue;
            };
            let limit = *text.get_or_insert_with(|| {
                lower
                    .get(s.start as usize..s.end as usize)
                    .is_none_or(threshold)
            });
            if limit {
                break;
            }
            let it = &items[k];
            let denied = c < FEVER_C - 1e-9;
            // "Presented with fever to 39.4 C": the clause says it in words already; and a
            // sentence that says the opposite in words ("febrile, with a Tmax of 37.6 C")
            // is judged by its words, not by a reading its writer did not call a fever.
            if items
                .iter()
                .any(|o| o.term() == Some(fever) && (o.clause == it.clause || o.neg != denied))
            {
                continue;
            }
            let entry = (si as u32, it.clause, it.run, denied);
            if !found
                .iter()
                .any(|f| (f.0, f.1, f.3) == (entry.0, entry.1, entry.3))
            {
                found.push(entry);
            }
        }
    }
    if found.is_empty() {
        return;
    }
    let n = a.items.len();
    let old = std::mem::take(&mut a.items);
    let mut items: Vec<Item> = Vec::with_capacity(n + found.len());
    // Old item index -> new one (one past the end too, for the splits).
    let mut moved = vec![0usize; n + 1];
    let push = |items: &mut Vec<Item>, mut it: Item| {
        it.pos = items.len() as u32;
        items.push(it);
    };
    let mut next = 0usize;
    for (si, s) in a.sentences.iter_mut().enumerate() {
        while next < s.items.start.min(n) {
            moved[next] = items.len();
            push(&mut items, old[next]);
            next += 1;
        }
        let start = items.len();
        for k in s.items.clone() {
            moved[k] = items.len();
            push(&mut items, old[k]);
        }
        next = next.max(s.items.end);
        for &(_, clause, run, denied) in found.iter().filter(|f| f.0 as usize == si) {
            let Some(prev) = items.last().copied() else {
                continue;
            };
            let counts =
                matches!(prev.kind, Kind::Qty(q) if !matches!(q.dim, Dim::Frequency | Dim::Count));
            push(
                &mut items,
                Item {
                    kind: Kind::Word(fever),
                    clause,
                    run,
                    neg: denied,
                    side: None,
                    drug: false,
                    light: false,
                    when: false,
                    values_before: prev.values_before + u32::from(counts),
                    lead: super::Lead::None,
                    purpose: false,
                    narrowed: false,
                    ..prev
                },
            );
        }
        s.items = start..items.len();
    }
    while next < n {
        moved[next] = items.len();
        push(&mut items, old[next]);
        next += 1;
    }
    moved[n] = items.len();
    for (at, _) in &mut a.splits {
        *at = moved[(*at).min(n)];
    }
    a.items = items;
}

impl Parser<'_, '_> {
    /// "Apgars 8 and 9", "Apgar scores of 8 and 9 at 1 and 5 minutes", "Apgars 8 at 1
    /// minute and 9 at 5 minutes": the two scores as one pair, as "Apgars 8/9" writes them
    /// (the 1- and 5-minute times define the pair; they are no values of their own).
    /// Returns the next lexeme index when lexeme `i` (of value `n`) starts such a pair.
    pub(super) fn apgar_pair(&mut self, i: usize, n: f64) -> Option<usize> {
        let score = |v: f64| (0.0..=10.0).contains(&v) && v.fract() == 0.0;
        if !score(n) || !self.after_apgar(i) {
            return None;
        }
        let at_minute = |p: &Self, j: usize, minute: f64| -> Option<usize> {
            (p.text(j) == Some("at")
                && p.num_at(j + 1) == Some(minute)
                && matches!(p.text(j + 2), Some("minute" | "minutes" | "min" | "mins")))
            .then_some(j + 3)
        };
        let first_timed = at_minute(self, i + 1, 1.0);
        let j = first_timed.unwrap_or(i + 1);
        if !matches!(self.text(j), Some("and" | ",")) {
            return None;
        }
        let m = self.num_at(j + 1).filter(|m| score(*m))?;
        let next = match first_timed {
            Some(_) => at_minute(self, j + 2, 5.0)?,
            None => self.apgar_times(j + 2).unwrap_or(j + 2),
        };
        let q = Quantity::two(Dim::None, Shape::Pair, n, m, 1.0);
        let (start, end) = (self.lexes[i].start, self.lexes[next - 1].end);
        self.emit(TokKind::Qty(q), start, end);
        Some(next)
    }

    /// After a pair of Apgar scores, "at 1 and 5 minutes": the index past it.
    pub(super) fn apgar_times(&self, j: usize) -> Option<usize> {
        (self.text(j) == Some("at")
            && self.num_at(j + 1) == Some(1.0)
            && matches!(self.text(j + 2), Some("and" | ","))
            && self.num_at(j + 3) == Some(5.0)
            && matches!(
                self.text(j + 4),
                Some("minute" | "minutes" | "min" | "mins")
            ))
        .then_some(j + 5)
    }

    /// Whether the value at lexeme `i` follows "Apgar" ("Apgars", "Apgar scores of",
    /// "APGAR:").
    pub(super) fn after_apgar(&self, i: usize) -> bool {
        for k in (i.saturating_sub(4)..i).rev() {
            match self.text(k) {
                Some("apgar" | "apgars") => return true,
                Some("score" | "scores" | "of" | "were" | "was" | "are" | "is" | ":" | "=") => {}
                _ => return false,
            }
        }
        false
    }
}
