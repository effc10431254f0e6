//! How each resource maps onto its table: id, creation time and promoted (filterable) columns.

use domain::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A tenant-scoped resource stored as a JSON document with promoted columns.
pub trait Record: Serialize + DeserializeOwned + Send + Sync {
    const TABLE: &'static str;
    fn id(&self) -> &str;
    fn created_ms(&self) -> i64;
    /// Promoted columns besides tenant_id, id, revision, created_ms and doc.
    fn promoted(&self) -> Vec<(&'static str, Option<String>)>;
    /// Kinds that keep their source documents in the shared `source_sets` (see that
    /// module): the table has a `sources_hash` column and `sources_mut` gives the list.
    const SHARES_SOURCES: bool = false;
    fn sources_mut(&mut self) -> Option<&mut Vec<SourceReference>> {
        None
    }
}

impl Record for Agent {
    const TABLE: &'static str = "agents";
    fn id(&self) -> &str {
        self.agent_id.as_str()
    }
    fn created_ms(&self) -> i64 {
        self.created_at.millis()
    }
    fn promoted(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("status", Some(self.status.as_str().to_owned())),
            (
                "execution_profile_id",
                self.execution_profile_id
                    .as_ref()
                    .map(|p| p.as_str().to_owned()),
            ),
        ]
    }
}

impl Record for ExecutionProfile {
    const TABLE: &'static str = "profiles";
    fn id(&self) -> &str {
        self.profile_id.as_str()
    }
    fn created_ms(&self) -> i64 {
        self.created_at.millis()
    }
    fn promoted(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("status", Some(self.status.as_str().to_owned())),
            ("provider", Some(self.provider.as_str().to_owned())),
            (
                "provider_connection_id",
                self.provider_connection_id
                    .as_ref()
                    .map(|c| c.as_str().to_owned()),
            ),
        ]
    }
}

impl Record for ProviderConnection {
    const TABLE: &'static str = "connections";
    fn id(&self) -> &str {
        self.connection_id.as_str()
    }
    fn created_ms(&self) -> i64 {
        self.created_at.millis()
    }
    fn promoted(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("status", Some(self.status.as_str().to_owned())),
            ("provider", Some(self.provider.as_str().to_owned())),
        ]
    }
}

impl Record for Session {
    const TABLE: &'static str = "sessions";
    fn id(&self) -> &str {
        self.session_id.as_str()
    }
    fn created_ms(&self) -> i64 {
        self.created_at.millis()
    }
    fn promoted(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("state", Some(self.current_state.as_str().to_owned())),
            ("agent_id", Some(self.agent_id.as_str().to_owned())),
            ("case_id", Some(self.case_id.clone())),
        ]
    }
}

impl Record for AgentRun {
    const TABLE: &'static str = "runs";
    fn id(&self) -> &str {
        self.run_id.as_str()
    }
    fn created_ms(&self) -> i64 {
        self.created_at.millis()
    }
    fn promoted(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("session_id", Some(self.session_id.as_str().to_owned())),
            ("sequence", Some(self.sequence.to_string())),
        ]
    }
}

impl Record for DecisionRecord {
    const TABLE: &'static str = "decisions";
    const SHARES_SOURCES: bool = true;
    fn sources_mut(&mut self) -> Option<&mut Vec<SourceReference>> {
        Some(&mut self.retrieved_sources)
    }
    fn id(&self) -> &str {
        self.decision_id.as_str()
    }
    fn created_ms(&self) -> i64 {
        self.created_at.millis()
    }
    fn promoted(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("status", Some(self.status.as_str().to_owned())),
            ("agent_id", Some(self.agent_id.as_str().to_owned())),
            ("session_id", Some(self.session_id.as_str().to_owned())),
            ("case_id", Some(self.case_id.clone())),
        ]
    }
}
