//! A claim value that belongs to a drug no usable cited source names: no source value can
//! be its value, so none contradicts it. A value of a clause that leaves its subject out is
//! looked for again with that subject.

use super::{owner_drug, Checker, QtyAlign};
use crate::text::quantity::Quantity;
use crate::text::Item;

impl Checker<'_, '_> {
    /// The alignment of a claim quantity, except that a value of a drug the usable cited
    /// sources never name ("montelukast 10 mg nightly" against a list of other drugs) is
    /// not contradicted: the differing source value is another drug's or nobody's, and
    /// the missing drug already keeps the claim from being supported. A date belongs to
    /// no drug ("started on 11/03"), so it is compared as before.
    pub(super) fn owned_alignment(&self, item: &Item, q: &Quantity) -> QtyAlign {
        let mut aligned = self.align_quantity(item, q, &[]);
        #[cfg(test)]
        if std::env::var("DEBUG_EVIDENCE").is_ok() {
            eprintln!("aligned {aligned:?}");
        }
        // "Admission lipase was 2,340 U/L and had fallen to 96 U/L by discharge": a value
        // not found by its own clause's words is looked for again with the subject the
        // clause leaves out; only finding it there counts (never a disagreement).
        if matches!(aligned, QtyAlign::NotFound) {
            let subject = self.elided_subject(item);
            if !subject.is_empty()
                && matches!(self.align_quantity(item, q, &subject), QtyAlign::Matched)
            {
                aligned = QtyAlign::Matched;
            }
        }
        if !matches!(aligned, QtyAlign::Mismatch(_)) || q.is_calendar() {
            return aligned;
        }
        match owner_drug(&self.claim.items, item.pos as usize) {
            Some(drug) if !self.in_any_doc(drug) => QtyAlign::NotFound,
            _ => aligned,
        }
    }
}
