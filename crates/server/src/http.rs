//! Cross-cutting HTTP behaviour: correlation ids, the one JSON log line per request, CORS,
//! body limits, and problem responses for unknown routes and methods.

use crate::config::Config;
use crate::context::{self, LogFields, RequestContext};
use crate::error::ApiError;
use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tower_http::cors::{AllowOrigin, CorsLayer};

pub const CORRELATION_HEADER: &str = "x-correlation-id";

fn valid_correlation(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 128
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
}

/// Outermost middleware: sets up the request context, echoes the correlation id and writes
/// exactly one log line. Only the route template, ids and codes are logged: never a body,
/// a query string or a header value.
pub async fn request_context(default_tenant: Arc<str>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let correlation_id = req
        .headers()
        .get(CORRELATION_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| valid_correlation(v))
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Uuid::now_v7().simple().to_string());
    let method = req.method().clone();
    let path = match req.extensions().get::<MatchedPath>() {
        Some(m) => m.as_str().to_owned(),
        None => req.uri().path().chars().take(256).collect(),
    };
    let header_tenant = req
        .headers()
        .get("x-tenant-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|s| domain::TenantId::parse(s).ok())
        .map(|t| t.as_str().to_owned());
    let fields = Arc::new(Mutex::new(LogFields::default()));
    let ctx = RequestContext {
        correlation_id: correlation_id.clone(),
        fields: fields.clone(),
    };
    let mut response = context::CURRENT.scope(ctx, next.run(req)).await;
    if let Ok(v) = HeaderValue::from_str(&correlation_id) {
        response
            .headers_mut()
            .insert(HeaderName::from_static(CORRELATION_HEADER), v);
    }
    let f = fields.lock().map(|g| g.clone()).unwrap_or_default();
    let tenant = f
        .tenant_id
        .or(header_tenant)
        .unwrap_or_else(|| default_tenant.to_string());
    let status = response.status().as_u16();
    let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
    tracing::info!(
        target: "rce::request",
        method = %method,
        path = %path,
        status,
        duration_ms = (duration_ms * 1000.0).round() / 1000.0,
        correlation_id = %correlation_id,
        tenant_id = %tenant,
        agent_id = f.agent_id.as_deref(),
        session_id = f.session_id.as_deref(),
        run_id = f.run_id.as_deref(),
        decision_id = f.decision_id.as_deref(),
        error.name = f.error_name.as_deref(),
        error.message = f.error_message.as_deref(),
        "request"
    );
    response
}

pub async fn route_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "route_not_found", "No such route")
}

pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "This route does not accept that method",
    )
}

pub fn cors(config: &Config) -> CorsLayer {
    let origin = match &config.cors_allowed_origins {
        None => AllowOrigin::any(),
        Some(list) => AllowOrigin::list(list.iter().filter_map(|o| HeaderValue::from_str(o).ok())),
    };
    CorsLayer::new()
        .allow_origin(origin)
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PATCH,
            Method::DELETE,
            Method::OPTIONS,
        ])
        .allow_headers([
            axum::http::header::CONTENT_TYPE,
            axum::http::header::AUTHORIZATION,
            HeaderName::from_static("x-tenant-id"),
            HeaderName::from_static(CORRELATION_HEADER),
        ])
        .expose_headers([HeaderName::from_static(CORRELATION_HEADER)])
}
