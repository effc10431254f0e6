//! Source analyses kept across evaluations. The sources of a patient's chart come back
//! again and again (every run of a session, every agent working on the same encounter), and
//! analysing them is most of an evaluation's cost. A kept analysis is the one a fresh
//! analysis gives, term for term ([`PortableSource::adopt`]), so decisions do not depend
//! on what the cache held; replay never uses it, so every replay recomputes from the text.

use crate::evidence::Analysed;
use crate::text::PortableSource;
use domain::SourceReference;
use quick_cache::{sync::Cache, Weighter};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// A bounded, concurrent cache of source analyses, partitioned by tenant: one tenant's
/// timing can never tell whether another tenant submitted the same document. Keys are
/// SHA-256 digests, so the cache holds no source text.
pub struct SourceAnalyses {
    cache: Cache<[u8; 32], Kept, BySize>,
}

/// One entry: a source's analyses, or a whole source set's (its documents, statistics and
/// vocabulary), which a run with exactly those sources takes without any copying of items.
#[derive(Clone)]
enum Kept {
    Source(Arc<PortableSource>),
    Set(Arc<Analysed>),
}

#[derive(Clone)]
struct BySize;

impl Weighter<[u8; 32], Kept> for BySize {
    fn weight(&self, _: &[u8; 32], value: &Kept) -> u64 {
        let size = match value {
            Kept::Source(s) => s.size(),
            Kept::Set(s) => s.size(),
        };
        (size + 64) as u64
    }
}

/// Domain separation of the two kinds of key.
const SOURCE_KEY: u8 = 1;
const SET_KEY: u8 = 2;

/// Typical bytes of one kept analysis (a source of a few KB), to size the table.
const TYPICAL_ENTRY_BYTES: usize = 32 * 1024;

impl SourceAnalyses {
    /// A cache holding about `max_bytes` of analyses.
    pub fn new(max_bytes: usize) -> Self {
        Self {
            cache: Cache::with_weighter(
                (max_bytes / TYPICAL_ENTRY_BYTES).max(16),
                max_bytes as u64,
                BySize,
            ),
        }
    }

    /// The part of the cache one tenant's evaluations use.
    pub fn for_tenant<'a>(&'a self, tenant: &'a str) -> TenantAnalyses<'a> {
        TenantAnalyses {
            cache: self,
            tenant,
        }
    }

    /// Number of analyses held.
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }
}

/// [`SourceAnalyses`] seen by one tenant.
#[derive(Clone, Copy)]
pub struct TenantAnalyses<'a> {
    cache: &'a SourceAnalyses,
    tenant: &'a str,
}

impl TenantAnalyses<'_> {
    fn digest(&self, kind: u8) -> Sha256 {
        let mut digest = Sha256::new();
        digest.update([kind]);
        part(&mut digest, self.tenant);
        digest
    }

    /// The entry under `key`, or `make`'s, kept. A second caller asking for the same key
    /// while the first is making it waits for that one instead of making it again.
    fn kept_or_made(&self, key: [u8; 32], make: impl FnOnce() -> Kept) -> Kept {
        let made = self
            .cache
            .cache
            .get_or_insert_with(&key, || Ok::<_, std::convert::Infallible>(make()));
        match made {
            Ok(kept) => kept,
            Err(never) => match never {},
        }
    }

    /// The analyses of `source`'s body and title, kept or made now.
    pub(crate) fn get(&self, source: &SourceReference) -> Arc<PortableSource> {
        let mut digest = self.digest(SOURCE_KEY);
        part(&mut digest, &source.title);
        part(&mut digest, &source.content);
        let make = || Arc::new(PortableSource::analyze(&source.content, &source.title));
        match self.kept_or_made(digest.finalize().into(), || Kept::Source(make())) {
            Kept::Source(kept) => kept,
            // (The keys' domain byte keeps the kinds apart.)
            Kept::Set(_) => make(),
        }
    }

    /// The analysed source set (in this order, with these authoring times), kept or made
    /// now by `make`.
    pub(crate) fn set(
        &self,
        sources: &[SourceReference],
        make: impl Fn() -> Analysed,
    ) -> Arc<Analysed> {
        let mut digest = self.digest(SET_KEY);
        digest.update((sources.len() as u64).to_le_bytes());
        for s in sources {
            part(&mut digest, &s.title);
            part(&mut digest, &s.content);
            // Dates without a year take theirs from the authoring time.
            part(&mut digest, &s.authored_at.to_string());
        }
        match self.kept_or_made(digest.finalize().into(), || Kept::Set(Arc::new(make()))) {
            Kept::Set(kept) => kept,
            Kept::Source(_) => Arc::new(make()),
        }
    }
}

/// One part of a key, with its length, so no two different sequences give one byte string.
fn part(digest: &mut Sha256, text: &str) {
    digest.update((text.len() as u64).to_le_bytes());
    digest.update(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{SourceType, Timestamp};

    fn source(content: &str) -> SourceReference {
        SourceReference {
            source_id: "doc-1".into(),
            source_type: SourceType::ClinicalNote,
            title: "Progress note".into(),
            content: content.into(),
            authored_at: Timestamp::parse("2026-01-01T00:00:00Z").unwrap(),
        }
    }

    #[test]
    fn each_tenant_has_its_own_entries_and_a_repeat_finds_the_kept_one() {
        let cache = SourceAnalyses::new(1 << 20);
        let note = source("Metoprolol 25 mg PO BID. No fever.");
        let first = cache.for_tenant("tenant-a").get(&note);
        assert_eq!(cache.len(), 1);
        let again = cache.for_tenant("tenant-a").get(&note);
        assert!(
            Arc::ptr_eq(&first, &again),
            "a repeat must find the kept analysis"
        );
        assert_eq!(cache.len(), 1);
        let other = cache.for_tenant("tenant-b").get(&note);
        assert!(
            !Arc::ptr_eq(&first, &other),
            "another tenant must not share it"
        );
        assert_eq!(cache.len(), 2);
        cache
            .for_tenant("tenant-a")
            .get(&source("Metoprolol 50 mg PO BID. No fever."));
        assert_eq!(cache.len(), 3, "different content is a different entry");
    }

    #[test]
    fn a_second_caller_waits_for_the_entry_being_made_instead_of_making_it_again() {
        let cache = SourceAnalyses::new(1 << 20);
        let tenant = cache.for_tenant("t");
        let made = std::sync::atomic::AtomicUsize::new(0);
        let start = std::sync::Barrier::new(2);
        let take = || {
            start.wait();
            tenant.kept_or_made([7; 32], || {
                made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                // Long enough for the other caller to ask meanwhile.
                std::thread::sleep(std::time::Duration::from_millis(100));
                Kept::Source(Arc::new(PortableSource::analyze("No fever.", "Note")))
            })
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(take);
            let b = s.spawn(take);
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!(made.into_inner(), 1, "made once");
        let (Kept::Source(a), Kept::Source(b)) = (a, b) else {
            panic!("a source entry");
        };
        assert!(Arc::ptr_eq(&a, &b), "both callers have the one made");
    }

    #[test]
    fn the_budget_bounds_what_is_kept() {
        let cache = SourceAnalyses::new(64 * 1024);
        for i in 0..200 {
            cache.for_tenant("t").get(&source(
                &format!("Note {i}: metoprolol {i} mg daily. ").repeat(20),
            ));
        }
        assert!(
            cache.cache.weight() <= 64 * 1024,
            "{}",
            cache.cache.weight()
        );
        assert!(cache.len() < 200);
    }
}
