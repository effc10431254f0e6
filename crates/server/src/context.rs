//! Per-request context (correlation id, tenant, ids resolved on the way) held in a task-local,
//! so error bodies and the single request log line can use it without threading it through.

use std::sync::{Arc, Mutex};

#[derive(Debug, Default, Clone)]
pub struct LogFields {
    pub tenant_id: Option<String>,
    pub agent_id: Option<String>,
    pub session_id: Option<String>,
    pub run_id: Option<String>,
    pub decision_id: Option<String>,
    pub error_name: Option<String>,
    pub error_message: Option<String>,
}

#[derive(Debug, Clone)]
pub struct RequestContext {
    pub correlation_id: String,
    pub fields: Arc<Mutex<LogFields>>,
}

tokio::task_local! {
    pub static CURRENT: RequestContext;
}

/// The current request's correlation id, if inside a request.
pub fn correlation_id() -> Option<String> {
    CURRENT.try_with(|c| c.correlation_id.clone()).ok()
}

/// Records ids and error names for the request log line. Only ids and codes go here.
pub fn note(f: impl FnOnce(&mut LogFields)) {
    let _ = CURRENT.try_with(|c| {
        if let Ok(mut fields) = c.fields.lock() {
            f(&mut fields);
        }
    });
}
