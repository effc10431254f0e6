//! The claim's time point in the polarity check.

use super::{Checker, Ranked};
use crate::text::{Item, Term};

impl Checker<'_, '_> {
    /// Ranked sentences beyond `aligned` that name every time point of the fact ("at
    /// discharge") and some of its content: they speak for the claim even when a sentence
    /// of another time point ranks higher ("Presented with fever to 39.4 C" against
    /// "Vitals at discharge: T 36.8 C" for "Afebrile at discharge"), so the polarity
    /// check weighs them too (and takes the one stating most of the fact).
    pub(super) fn timed_sentences(
        &self,
        fact: &[Item],
        ranked: &Ranked,
        aligned: &[(usize, usize)],
    ) -> Vec<(usize, usize)> {
        let times: Vec<Term> = fact
            .iter()
            .filter(|i| i.when)
            .filter_map(Item::term)
            .collect();
        if times.is_empty() {
            return Vec::new();
        }
        ranked
            .iter()
            .map(|(at, _)| *at)
            .filter(|at| !aligned.contains(at))
            .filter(|at| {
                let items = self.corpus.sentence_items(*at);
                let has = |t: Term| items.iter().any(|i| i.term() == Some(t));
                times.iter().all(|t| has(*t))
                    && fact.iter().any(|f| !f.light && f.term().is_some_and(has))
            })
            .collect()
    }
}
