//! The one error type of the HTTP API: RFC 9457 problem details with the contract's stable
//! codes. Internal failures are logged once (without request data) and answered as a bare 500.

use crate::context;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

/// Problem details body (RFC 9457) with the contract's extensions.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Problem {
    #[serde(rename = "type")]
    pub problem_type: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    pub code: String,
    pub correlation_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldError>>,
    /// Managed execution only: class of the provider failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_error_class: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision_id: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: String,
    pub detail: String,
    pub errors: Option<Vec<FieldError>>,
    pub provider_error_class: Option<&'static str>,
    /// Boxed, like `log_message`, to keep `Result<_, ApiError>` small on the happy path.
    pub ids: Option<Box<(String, String, String)>>,
    /// What the request log says; never derived from the request body.
    pub log_message: Option<Box<str>>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: impl Into<String>, detail: impl Into<String>) -> Self {
        Self {
            status,
            code: code.into(),
            detail: detail.into(),
            errors: None,
            provider_error_class: None,
            ids: None,
            log_message: None,
        }
    }

    pub fn not_found(code: &str, what: &str, id: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            code,
            format!("{what} {id} was not found"),
        )
    }

    pub fn conflict(code: &str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, detail)
    }

    pub fn validation(errors: Vec<FieldError>) -> Self {
        let detail = match errors.first() {
            Some(e) if errors.len() == 1 => format!("{}: {}", e.field, e.message),
            _ => format!("{} fields are invalid", errors.len()),
        };
        let mut e = Self::new(StatusCode::BAD_REQUEST, "validation_failed", detail);
        e.log_message = Some(format!("{} invalid field(s)", errors.len()).into());
        e.errors = Some(errors);
        e
    }

    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        Self::validation(vec![FieldError {
            field: field.into(),
            message: message.into(),
        }])
    }

    pub fn transition(e: domain::InvalidTransition) -> Self {
        Self::conflict("invalid_state_transition", e.to_string())
    }

    /// An unexpected failure. The cause goes to the log (it holds no request data); the
    /// caller gets a bare 500.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(target: "rce::internal", correlation_id = context::correlation_id().unwrap_or_default(), cause = %cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "An internal error occurred",
        )
    }

    pub fn with_ids(mut self, session: &str, run: &str, decision: &str) -> Self {
        self.ids = Some(Box::new((session.into(), run.into(), decision.into())));
        self
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> Self {
        match e {
            store::StoreError::Conflict => ApiError::conflict(
                "concurrent_modification",
                "The resource was changed by another request; retry",
            ),
            other => ApiError::internal(other),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let correlation_id = context::correlation_id().unwrap_or_default();
        context::note(|f| {
            f.error_name = Some(self.code.clone());
            f.error_message = Some(
                self.log_message
                    .as_deref()
                    .map_or_else(|| self.detail.clone(), str::to_owned),
            );
        });
        let title = self.status.canonical_reason().unwrap_or("Error").to_owned();
        let (session_id, run_id, decision_id) = match self.ids.map(|b| *b) {
            Some((s, r, d)) => (Some(s), Some(r), Some(d)),
            None => (None, None, None),
        };
        let body = Problem {
            problem_type: "about:blank".into(),
            title,
            status: self.status.as_u16(),
            detail: self.detail,
            code: self.code,
            correlation_id,
            errors: self.errors,
            provider_error_class: self.provider_error_class.map(str::to_owned),
            session_id,
            run_id,
            decision_id,
        };
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        let mut resp = (self.status, bytes).into_response();
        resp.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        resp
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
