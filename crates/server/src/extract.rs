//! Request extractors that turn every malformed input into the contract's 4xx problem:
//! tenant header, JSON bodies (content type, size, syntax, unknown fields, types), list queries.

use crate::context;
use crate::error::{ApiError, FieldError};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use domain::TenantId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

/// The resolved tenant: `X-Tenant-ID`, or the default tenant only when the header is absent.
#[derive(Debug, Clone)]
pub struct Tenant(pub TenantId);

impl FromRequestParts<AppState> for Tenant {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let tenant = resolve_tenant(
            parts.headers.get("x-tenant-id"),
            &state.config.default_tenant,
        )?;
        context::note(|f| f.tenant_id = Some(tenant.as_str().to_owned()));
        Ok(Tenant(tenant))
    }
}

pub fn resolve_tenant(
    header: Option<&axum::http::HeaderValue>,
    default: &TenantId,
) -> Result<TenantId, ApiError> {
    match header {
        None => Ok(default.clone()),
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|s| TenantId::parse(s).ok())
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "invalid_tenant_id",
                    "X-Tenant-ID must be 1-64 characters of [A-Za-z0-9._-]",
                )
            }),
    }
}

/// A JSON body parsed strictly: `application/json` only, within the size limit, no unknown
/// fields, and each type error reported with the path of the offending field.
pub struct ApiJson<T>(pub T);

/// Like [`ApiJson`] but an empty body (with or without a content type) is `T::default()`.
pub struct OptionalJson<T>(pub T);

fn is_json(req: &Request) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|ct| {
            let mime = ct
                .split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            mime == "application/json"
                || (mime.starts_with("application/") && mime.ends_with("+json"))
        })
        .unwrap_or(false)
}

async fn read_body(req: Request, state: &AppState) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|rej| {
        if rej.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                format!(
                    "The body exceeds the limit of {} bytes",
                    state.config.max_body_bytes
                ),
            )
        } else {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "malformed_json",
                "The body could not be read",
            )
        }
    })
}

fn unsupported_media() -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
        "Send the body as application/json",
    )
}

pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // The common case, an object of the right shape, goes straight into `T`; building a
    // `Value` first costs as much again. Any body that fails that, or is not an object (serde
    // would read a struct from an array), takes the two-step parse below, which is what
    // decides the outcome and tells the errors apart; duplicate keys, which `T` refuses and
    // a `Value` keeps the last of, end up there too, so they read as before.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        if let Ok(body) = serde_json::from_slice::<T>(bytes) {
            return Ok(body);
        }
    }
    // Syntax first, so that "not JSON" and "JSON of the wrong shape" get different codes.
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed_json",
            format!(
                "The body is not valid JSON (line {}, column {})",
                e.line(),
                e.column()
            ),
        )
    })?;
    if !value.is_object() {
        return Err(ApiError::invalid_field("body", "must be a JSON object"));
    }
    serde_path_to_error::deserialize::<_, T>(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.inner().to_string();
        let join = |name: &str| {
            if path == "." || path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}.{name}")
            }
        };
        if let Some(name) = backticked(&inner, "unknown field `") {
            let mut e = ApiError::new(
                StatusCode::BAD_REQUEST,
                "unknown_field",
                format!("Unknown field {}", join(&name)),
            );
            e.log_message = Some("the body has an unknown field".into());
            e.errors = Some(vec![FieldError {
                field: join(&name),
                message: "unknown field".into(),
            }]);
            return e;
        }
        if let Some(name) = backticked(&inner, "missing field `") {
            return ApiError::invalid_field(&join(&name), "is required");
        }
        let field = if path == "." || path.is_empty() {
            "body".to_owned()
        } else {
            path
        };
        // serde's messages name types and allowed values, never the submitted text.
        ApiError::invalid_field(&field, safe_message(&inner))
    })
}

fn backticked(msg: &str, prefix: &str) -> Option<String> {
    let rest = msg.strip_prefix(prefix)?;
    rest.split('`').next().map(str::to_owned)
}

/// serde's "unknown variant `x`, expected one of …" quotes the submitted value; drop that part.
fn safe_message(msg: &str) -> String {
    if let Some(idx) = msg.find("expected") {
        if msg.starts_with("unknown variant") || msg.starts_with("invalid value") {
            return msg[idx..].to_owned();
        }
    }
    if msg.starts_with("invalid type") {
        if let Some(idx) = msg.find("expected") {
            return format!("wrong type, {}", &msg[idx..]);
        }
    }
    msg.split(" at line").next().unwrap_or(msg).to_owned()
}

impl<T: DeserializeOwned + Send> FromRequest<AppState> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        if !is_json(&req) {
            return Err(unsupported_media());
        }
        let bytes = read_body(req, state).await?;
        parse_json(&bytes).map(ApiJson)
    }
}

impl<T: DeserializeOwned + Default + Send> FromRequest<AppState> for OptionalJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        let has_type = req.headers().contains_key(header::CONTENT_TYPE);
        let json = is_json(&req);
        let bytes = read_body(req, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        if !json {
            let _ = has_type;
            return Err(unsupported_media());
        }
        parse_json(&bytes).map(OptionalJson)
    }
}

/// `Option<Option<T>>` for PATCH: absent = leave alone, `null` = clear, value = set.
pub fn double_option<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// `?limit=&cursor=` plus the filters each list accepts (unknown parameters are refused).
#[derive(Debug, Default)]
pub struct ListQuery {
    pub limit: u32,
    pub cursor: Option<String>,
    pub filters: Vec<(String, String)>,
}

impl ListQuery {
    pub fn page(&self) -> store::PageRequest {
        store::PageRequest {
            limit: self.limit,
            cursor: self.cursor.clone(),
        }
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.filters
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// A filter whose value must be one of an enum's spellings.
    pub fn enum_filter<E: std::str::FromStr<Err = domain::UnknownValue>>(
        &self,
        name: &str,
    ) -> Result<Option<E>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<E>()
                .map(Some)
                .map_err(|e| ApiError::invalid_field(name, e.to_string())),
        }
    }

    /// Parses the query string, accepting only `limit`, `cursor` and the named filters.
    pub fn parse(query: Option<&str>, allowed: &[&str]) -> Result<Self, ApiError> {
        let mut q = ListQuery {
            limit: 50,
            ..Default::default()
        };
        for (k, v) in url::form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
            match k.as_ref() {
                "limit" => {
                    q.limit = match v.parse::<u32>() {
                        Ok(n) if (1..=200).contains(&n) => n,
                        _ => {
                            return Err(ApiError::invalid_field(
                                "limit",
                                "must be a whole number from 1 to 200",
                            ))
                        }
                    }
                }
                "cursor" => {
                    store::decode_cursor(&v).map_err(|_| {
                        ApiError::invalid_field("cursor", "is not a cursor this list issued")
                    })?;
                    q.cursor = Some(v.into_owned());
                }
                name if allowed.contains(&name) => {
                    if v.is_empty() || v.len() > 256 {
                        return Err(ApiError::invalid_field(name, "must be 1-256 characters"));
                    }
                    q.filters.push((name.to_owned(), v.into_owned()))
                }
                other => {
                    let allowed_list = ["limit", "cursor"]
                        .iter()
                        .chain(allowed)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Err(ApiError::invalid_field(
                        other,
                        format!("unknown query parameter; accepted: {allowed_list}"),
                    ));
                }
            }
        }
        Ok(q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        name: String,
        count: u32,
    }

    #[test]
    fn json_errors_get_the_contract_codes() {
        assert_eq!(
            parse_json::<Body>(b"{nope").unwrap_err().code,
            "malformed_json"
        );
        let e = parse_json::<Body>(br#"{"name":"a","count":1,"extra":1}"#).unwrap_err();
        assert_eq!(e.code, "unknown_field");
        let e = parse_json::<Body>(br#"{"name":"a"}"#).unwrap_err();
        assert_eq!(e.code, "validation_failed");
        assert_eq!(e.errors.unwrap()[0].field, "count");
        let e = parse_json::<Body>(br#"{"name":"SECRET-TEXT","count":"x"}"#).unwrap_err();
        assert_eq!(e.errors.as_ref().unwrap()[0].field, "count");
        assert!(!e.detail.contains("SECRET-TEXT"));
    }

    #[test]
    fn json_bodies_read_the_same_whichever_parse_decides() {
        let b = parse_json::<Body>(b" \n{\"name\":\"a\",\"count\":2}").unwrap();
        assert_eq!((b.name.as_str(), b.count), ("a", 2));
        // A repeated key keeps its last value, as a JSON object read into a map does.
        let b = parse_json::<Body>(br#"{"name":"a","count":1,"count":3}"#).unwrap();
        assert_eq!(b.count, 3);
        // serde reads a struct from an array too; a body must still be an object.
        let e = parse_json::<Body>(br#"["a", 1]"#).unwrap_err();
        assert_eq!(e.errors.unwrap()[0].field, "body");
    }

    #[test]
    fn list_query_refuses_unknown_parameters_and_bad_limits() {
        assert!(ListQuery::parse(Some("limit=0"), &[]).is_err());
        assert!(ListQuery::parse(Some("limit=201"), &[]).is_err());
        assert!(ListQuery::parse(Some("bogus=1"), &["status"]).is_err());
        let q = ListQuery::parse(Some("limit=5&status=active"), &["status"]).unwrap();
        assert_eq!(q.limit, 5);
        assert_eq!(q.get("status"), Some("active"));
    }
}
