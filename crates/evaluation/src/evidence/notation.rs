//! Contradictions that the word-by-word polarity check cannot see because the two sides
//! use different words for the two values of one attribute: the oxygen a saturation was
//! measured on (room air or supplemental oxygen), and a patient's allergy status ("NKDA"
//! against "allergic to penicillin").

use super::Checker;
use crate::text::quantity::{Dim, Quantity};
use crate::text::{Analysis, Item, Kind, Term, Vocab};

/// The terms the checks read, interned once per claim.
pub(super) struct NotationTerms {
    oxygen: Term,
    saturation: Term,
    /// Oxygen delivery: "nasal cannula" (NC), "face mask", "non-rebreather", "high-flow",
    /// "BiPAP", "CPAP", "L/min".
    devices: Vec<Term>,
    /// Flow units written as one piece ("3 L/min", "2 lpm").
    flow_units: Vec<Term>,
    /// Also "allergic" (a synonym).
    allergy: Term,
    /// What one is allergic to besides drugs (drugs are known by their names).
    allergens: Vec<Term>,
}

/// The terms, for a claim that states a percentage or an allergy (no other claim can meet
/// these checks, so most claims skip interning them).
pub(super) fn notation_terms(vocab: &mut Vocab, claim: &Analysis) -> Option<NotationTerms> {
    let allergy = vocab.term("allergy");
    let wanted = claim
        .items
        .iter()
        .any(|i| i.term() == Some(allergy) || i.qty().is_some_and(|q| q.dim == Dim::Percent));
    if !wanted {
        return None;
    }
    let terms = |vocab: &mut Vocab, words: &[&str]| words.iter().map(|w| vocab.term(w)).collect();
    Some(NotationTerms {
        oxygen: vocab.term("oxygen"),
        saturation: vocab.term("saturation"),
        devices: terms(
            vocab,
            &[
                "cannula",
                "nasal",
                "mask",
                "rebreather",
                "nonrebreather",
                "venturi",
                "bipap",
                "cpap",
                "hfnc",
                "flow",
                "lpm",
            ],
        ),
        flow_units: ["l/min", "lpm", "l/m"]
            .iter()
            .map(|w| vocab.id(w))
            .collect(),
        allergy,
        allergens: terms(
            vocab,
            &[
                "sulfa",
                "sulfonamide",
                "latex",
                "shellfish",
                "peanut",
                "iodine",
                "contrast",
            ],
        ),
    })
}

/// What a saturation reading was measured on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Support {
    RoomAir,
    Oxygen,
}

impl NotationTerms {
    /// An oxygen flow ("2 L", "3 L/min"): a volume an oxygen source gives, not a bolus.
    fn flow(&self, q: &Quantity) -> bool {
        match q.dim {
            Dim::Volume => (250.0..=15_000.0).contains(&q.a),
            Dim::Compound(t) => self.flow_units.contains(&t),
            _ => false,
        }
    }

    /// A saturation label ends at `k`: "saturation" ("SpO2", "sats", "O2 sat").
    fn label_at(&self, items: &[Item], k: usize) -> bool {
        items.get(k).and_then(Item::term) == Some(self.saturation)
    }

    /// Where the label of the saturation reading at `k` is, if the item is one: a
    /// percentage at most three words after its label ("SpO2 at discharge was 93%").
    fn saturation_label(&self, items: &[Item], k: usize) -> Option<usize> {
        let q = items.get(k)?.qty()?;
        if q.dim != Dim::Percent {
            return None;
        }
        (k.saturating_sub(3)..k)
            .rev()
            .take_while(|j| items[*j].sent == items[k].sent && items[*j].qty().is_none())
            .find(|j| self.label_at(items, *j))
    }

    /// What one item says about oxygen, if anything: room air ("RA", "room air", "no
    /// oxygen"), or an oxygen source (a device, a flow, "on O2").
    fn marker(&self, items: &[Item], j: usize) -> Option<Support> {
        let it = items.get(j)?;
        match it.kind {
            Kind::Qty(q) if self.flow(&q) => Some(Support::Oxygen),
            Kind::Word(t) if t == self.oxygen => {
                if it.neg {
                    Some(Support::RoomAir)
                } else if self.label_at(items, j + 1) {
                    // The next reading's "oxygen saturation".
                    None
                } else {
                    Some(Support::Oxygen)
                }
            }
            Kind::Word(t) if !it.neg && self.devices.contains(&t) => Some(Support::Oxygen),
            _ => None,
        }
    }

    /// What the saturation reading at `k` was measured on: the first mark after it in its
    /// sentence ("97% on 2 L NC", "88% RA on arrival"), else the last one before its label
    /// ("On 2 L NC, SpO2 95%"); never past another percentage or saturation label.
    fn support(&self, items: &[Item], k: usize) -> Option<Support> {
        let sent = items[k].sent;
        let stops = |j: usize| {
            items[j].sent != sent
                || items[j].qty().is_some_and(|q| q.dim == Dim::Percent)
                || self.label_at(items, j)
        };
        for j in (k + 1..items.len()).take(4) {
            if stops(j) {
                break;
            }
            if let Some(s) = self.marker(items, j) {
                return Some(s);
            }
        }
        // Before the label ("oxygen saturation") of the reading.
        let mut j = self.saturation_label(items, k)?.checked_sub(1)?;
        if items[j].term() == Some(self.oxygen) && !items[j].neg {
            j = j.checked_sub(1)?;
        }
        for j in (j.saturating_sub(3)..=j).rev() {
            if stops(j) {
                break;
            }
            if let Some(s) = self.marker(items, j) {
                return Some(s);
            }
        }
        None
    }

    /// Whether the allergy word at `k` names what the patient is allergic to ("allergic to
    /// penicillin", "Allergies: sulfa (hives)", "penicillin allergy"): an affirmed drug or
    /// allergen as the next content word (at most into the next clause), or right before
    /// it. "Allergic rhinitis on loratadine" names a disease, not an allergy to a drug.
    fn named_allergy(&self, items: &[Item], k: usize) -> bool {
        let a = &items[k];
        if a.neg || a.term() != Some(self.allergy) {
            return false;
        }
        let names = |it: &Item| {
            !it.neg
                && it.sent == a.sent
                && (it.drug || it.term().is_some_and(|t| self.allergens.contains(&t)))
        };
        // (Light words such as a route, "IV contrast", are passed over.)
        for it in items[k + 1..].iter().take(3) {
            if it.sent != a.sent || it.clause > a.clause + 1 {
                break;
            }
            if names(it) {
                return true;
            }
            if !it.light {
                break;
            }
        }
        k > 0 && names(&items[k - 1]) && items[k - 1].clause == a.clause
    }

    /// Whether the item at `k` denies allergies ("NKDA", "no known allergies", "Allergies:
    /// none", "denies allergies"); "no new allergies" says less.
    fn denied_allergy(&self, items: &[Item], k: usize) -> bool {
        let it = &items[k];
        it.neg && !it.narrowed && it.term() == Some(self.allergy)
    }
}

impl Checker<'_, '_> {
    /// Contradictions of the claim's oxygen support and allergy status by the usable cited
    /// sources.
    pub(super) fn notation_contradictions(&self, terms: Option<&NotationTerms>) -> Vec<String> {
        let mut out = Vec::new();
        let Some(terms) = terms else {
            return out;
        };
        if self.oxygen_support_differs(terms) {
            out.push("oxygen_support_mismatch".into());
        }
        if self.allergy_status_differs(terms) {
            out.push("negation_mismatch".into());
        }
        out
    }

    /// "SpO2 97% on room air" against "SpO2 97% on 2 L nasal cannula" (and the reverse):
    /// the same reading measured on another oxygen support. Only readings of the claim's
    /// value count, so another time point's reading ("88% on RA at triage, 94% on 4 L
    /// NC") speaks for its own value; any of them on the claim's support agrees.
    fn oxygen_support_differs(&self, terms: &NotationTerms) -> bool {
        let claim = &self.claim.items;
        for k in 0..claim.len() {
            if terms.saturation_label(claim, k).is_none() {
                continue;
            }
            let (Some(q), Some(want)) = (claim[k].qty(), terms.support(claim, k)) else {
                continue;
            };
            let mut same = false;
            let mut other = false;
            for &at in &self.sentences {
                let items = self.corpus.sentence_items(at);
                for j in 0..items.len() {
                    if terms.saturation_label(items, j).is_none()
                        || !items[j].qty().is_some_and(|v| q.matches(v))
                    {
                        continue;
                    }
                    match terms.support(items, j) {
                        Some(s) if s == want => same = true,
                        Some(_) => other = true,
                        None => {}
                    }
                }
            }
            if other && !same {
                return true;
            }
        }
        false
    }

    /// "No known drug allergies" against "Allergic to penicillin (rash)", and "allergic to
    /// penicillin" against "NKDA" when the sources name no allergy at all.
    fn allergy_status_differs(&self, terms: &NotationTerms) -> bool {
        let claim = &self.claim.items;
        let claim_named = (0..claim.len()).any(|k| terms.named_allergy(claim, k));
        let claim_denied = (0..claim.len()).any(|k| terms.denied_allergy(claim, k));
        if claim_named == claim_denied {
            return false;
        }
        let mut named = false;
        let mut denied = false;
        for &at in &self.sentences {
            let items = self.corpus.sentence_items(at);
            for k in 0..items.len() {
                named |= terms.named_allergy(items, k);
                denied |= terms.denied_allergy(items, k);
            }
        }
        if claim_denied {
            named
        } else {
            denied && !named
        }
    }
}
