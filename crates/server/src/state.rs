//! Shared application state handed to every handler.

use crate::config::Config;
use credentials::CredentialStore;
use evaluation::PolicyBundle;
use providers::{AdapterFactory, AdapterRegistry};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use store::Store;

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: Store,
    pub credentials: Arc<dyn CredentialStore>,
    pub adapters: Arc<RwLock<AdapterRegistry>>,
    pub factory: Arc<AdapterFactory>,
    /// The bundle loaded at start, with its thresholds; every new decision uses it.
    pub policy: Arc<PolicyBundle>,
    /// Older bundles loaded for replay, by version.
    pub bundle_cache: Arc<Mutex<HashMap<String, Arc<PolicyBundle>>>>,
    /// Source analyses kept across evaluations, per tenant (`None` when turned off).
    pub source_analyses: Option<Arc<evaluation::SourceAnalyses>>,
}
