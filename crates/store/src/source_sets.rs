//! Source documents stored once per tenant and content. A run's sources are most of what it
//! writes (a discharge case's notes run to kilobytes), and the same set recurs: the session's
//! inputs and its decision record hold it, every retry and every run on the same case again.
//! So a decision record's document and a session's inputs are written without their sources
//! and name a row of `source_sets` (tenant, hex SHA-256 of the set's JSON, the JSON) instead;
//! reads put the sources back, so no caller sees the difference. A set row is never updated
//! or deleted, which is what lets a process remember the sets it has committed and skip
//! writing (and compressing) them again. Rows written before sets existed keep their
//! sources inline, with no reference, and read unchanged.

use crate::StoreError;
use domain::SourceReference;
use sha2::{Digest, Sha256};

/// A set ready to be written: its key and its JSON.
#[derive(Debug)]
pub(crate) struct SourceSet {
    pub hash: String,
    pub doc: String,
}

impl SourceSet {
    pub(crate) fn of(sources: &[SourceReference]) -> Result<Self, StoreError> {
        let doc = crate::to_doc(sources)?;
        let hash = hex::encode(Sha256::digest(doc.as_bytes()));
        Ok(Self { hash, doc })
    }
}

pub(crate) fn parse(doc: &str) -> Result<Vec<SourceReference>, StoreError> {
    serde_json::from_str(doc).map_err(|e| StoreError::Corrupt(format!("source set: {e}")))
}

/// The sets this process has seen committed, per tenant: a unit whose set is known here
/// does not write it again. Bounded; forgetting a set only costs one redundant (ignored)
/// insert. Safe across replicas because rows are never removed.
pub(crate) struct Known(quick_cache::sync::Cache<(String, String), ()>);

impl Default for Known {
    fn default() -> Self {
        Self(quick_cache::sync::Cache::new(4096))
    }
}

impl Known {
    pub(crate) fn contains(&self, tenant: &str, hash: &str) -> bool {
        self.0.get(&(tenant.to_owned(), hash.to_owned())).is_some()
    }
    pub(crate) fn remember(&self, tenant: &str, hash: String) {
        self.0.insert((tenant.to_owned(), hash), ());
    }
}
