//! The one HTTP exchange every provider adapter makes: one POST, one attempt, a hard timeout,
//! a capped body read, and the contract's mapping of what went wrong to an error class.
//!
//! Nothing here logs or returns a body, a header value or a URL: only status, class, latency.

use crate::endpoint::is_forbidden_ip;
use crate::ProviderError;
use domain::{ProviderErrorClass, ProviderKind};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT};
use reqwest::{Client, StatusCode};
use secrecy::zeroize::Zeroizing;
use serde::Serialize;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use url::Url;

/// A completion is a few KiB; anything near this is not an answer we can use.
pub(crate) const MAX_RESPONSE_BYTES: usize = 4 * 1024 * 1024;

/// Longest provider-issued token (request id, model, finish reason) we pass on.
const MAX_TOKEN_CHARS: usize = 200;

/// A successful (2xx) answer, fully read.
pub(crate) struct RawResponse {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    pub latency_ms: u64,
}

/// Who is calling, for the one log line per call (ids only).
#[derive(Clone, Copy)]
pub(crate) struct CallLabel<'a> {
    pub adapter_id: &'a str,
    pub provider: ProviderKind,
}

/// `base` + `/` + `suffix`, whatever trailing slashes `base` has; its query is kept (some
/// gateways route on it) and any fragment dropped.
pub(crate) fn join(base: &Url, suffix: &str) -> Url {
    let mut url = base.clone();
    let path = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        suffix.trim_start_matches('/')
    );
    url.set_path(&path);
    url.set_fragment(None);
    url
}

/// A header value built from a secret: marked sensitive so hyper never prints it, and the
/// formatted copy is wiped once the header holds its own bytes. A key that cannot be a
/// header value (a newline, say) can never authenticate, hence `auth_failed` with no call.
pub(crate) fn secret_header(prefix: &str, secret: &str) -> Result<HeaderValue, ProviderError> {
    let text = Zeroizing::new(format!("{prefix}{secret}"));
    let mut value = HeaderValue::from_str(&text).map_err(|_| ProviderError::Failed {
        class: ProviderErrorClass::AuthFailed,
        http_status: None,
        latency_ms: 0,
    })?;
    value.set_sensitive(true);
    Ok(value)
}

/// A failure before any latency is known: its class and the HTTP status, if one came.
struct Failure(ProviderErrorClass, Option<u16>);

/// POSTs `body` as JSON and reads a 2xx answer, all within `timeout`; exactly one attempt.
pub(crate) async fn post_json<B: Serialize + ?Sized>(
    client: &Client,
    label: CallLabel<'_>,
    url: Url,
    mut headers: HeaderMap,
    body: &B,
    timeout: Duration,
) -> Result<RawResponse, ProviderError> {
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    let start = Instant::now();
    let exchange = async {
        let resp = client
            .post(url)
            .headers(headers)
            .json(body)
            .send()
            .await
            .map_err(|e| Failure(send_error_class(&e), None))?;
        let status = resp.status();
        if !status.is_success() {
            // The body of an error answer is never read: it may echo the prompt.
            return Err(Failure(status_class(status), Some(status.as_u16())));
        }
        let headers = resp.headers().clone();
        let body = read_capped(resp, status).await?;
        Ok((headers, body, status))
    };
    let outcome = tokio::time::timeout(timeout, exchange).await;
    let latency_ms = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    match outcome {
        Err(_) => {
            tracing::warn!(
                adapter_id = label.adapter_id,
                provider = label.provider.as_str(),
                latency_ms,
                outcome = "timeout",
                "provider call timed out"
            );
            Err(ProviderError::Timeout { latency_ms })
        }
        Ok(Err(Failure(class, http_status))) => {
            tracing::warn!(
                adapter_id = label.adapter_id,
                provider = label.provider.as_str(),
                latency_ms,
                http_status,
                error_class = class.as_str(),
                "provider call failed"
            );
            Err(ProviderError::Failed {
                class,
                http_status,
                latency_ms,
            })
        }
        Ok(Ok((headers, body, status))) => {
            tracing::info!(
                adapter_id = label.adapter_id,
                provider = label.provider.as_str(),
                latency_ms,
                http_status = status.as_u16(),
                response_bytes = body.len(),
                "provider call answered"
            );
            Ok(RawResponse {
                status: status.as_u16(),
                headers,
                body,
                latency_ms,
            })
        }
    }
}

/// The contract's classes: 401/403 auth, 429 rate limit, 5xx unavailable, other 4xx bad
/// request. A 3xx is not followed (a key must not travel to wherever it points) and is not
/// a completion either, so it is `invalid_response`.
fn status_class(status: StatusCode) -> ProviderErrorClass {
    match status.as_u16() {
        401 | 403 => ProviderErrorClass::AuthFailed,
        429 => ProviderErrorClass::RateLimited,
        500..=599 => ProviderErrorClass::Unavailable,
        400..=499 => ProviderErrorClass::BadRequest,
        _ => ProviderErrorClass::InvalidResponse,
    }
}

/// No answer at all: refused, reset, DNS failure, TLS failure. A request we could not even
/// build is our configuration's fault, not the provider's, and is reported as a bad request.
fn send_error_class(e: &reqwest::Error) -> ProviderErrorClass {
    if e.is_builder() {
        ProviderErrorClass::BadRequest
    } else {
        ProviderErrorClass::Unavailable
    }
}

async fn read_capped(mut resp: reqwest::Response, status: StatusCode) -> Result<Vec<u8>, Failure> {
    let code = Some(status.as_u16());
    let too_big = Failure(ProviderErrorClass::InvalidResponse, code);
    if resp
        .content_length()
        .is_some_and(|n| n > MAX_RESPONSE_BYTES as u64)
    {
        return Err(too_big);
    }
    let mut body = Vec::new();
    loop {
        match resp.chunk().await {
            Ok(Some(chunk)) => {
                if body.len() + chunk.len() > MAX_RESPONSE_BYTES {
                    return Err(too_big);
                }
                body.extend_from_slice(&chunk);
            }
            Ok(None) => return Ok(body),
            // The connection dropped mid-answer.
            Err(_) => return Err(Failure(ProviderErrorClass::Unavailable, code)),
        }
    }
}

/// Parses a 2xx body as the provider's completion type; anything else is `invalid_response`.
pub(crate) fn parse_body<T: serde::de::DeserializeOwned>(
    raw: &RawResponse,
) -> Result<T, ProviderError> {
    serde_json::from_slice(&raw.body).map_err(|_| invalid_response(raw))
}

pub(crate) fn invalid_response(raw: &RawResponse) -> ProviderError {
    ProviderError::Failed {
        class: ProviderErrorClass::InvalidResponse,
        http_status: Some(raw.status),
        latency_ms: raw.latency_ms,
    }
}

/// A provider-issued token fit for metadata and logs: a bounded run of harmless characters,
/// so a hostile server cannot smuggle text (or log-line breaks) in through it.
pub(crate) fn safe_token(s: &str) -> Option<String> {
    let t: String = s
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "._:/@+-".contains(*c))
        .take(MAX_TOKEN_CHARS)
        .collect();
    (!t.is_empty()).then_some(t)
}

pub(crate) fn header_token(headers: &HeaderMap, name: &'static str) -> Option<String> {
    headers
        .get(HeaderName::from_static(name))
        .and_then(|v| v.to_str().ok())
        .and_then(safe_token)
}

/// Resolves like the system resolver but never hands out a link-local or metadata address,
/// so no connection of the shared client can reach one, whatever DNS answers at call time.
pub(crate) struct GuardedResolver;

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| !is_forbidden_ip(a.ip()))
                .collect();
            if addrs.is_empty() {
                return Err("host has no allowed address".into());
            }
            let addrs: Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_handles_trailing_slashes_and_keeps_query() {
        let cases = [
            (
                "http://127.0.0.1:1234/v1",
                "http://127.0.0.1:1234/v1/chat/completions",
            ),
            (
                "http://127.0.0.1:1234/v1/",
                "http://127.0.0.1:1234/v1/chat/completions",
            ),
            (
                "http://127.0.0.1:1234/v1//",
                "http://127.0.0.1:1234/v1/chat/completions",
            ),
            (
                "http://127.0.0.1:1234",
                "http://127.0.0.1:1234/chat/completions",
            ),
            (
                "https://gw.example.com/x?tenant=a",
                "https://gw.example.com/x/chat/completions?tenant=a",
            ),
        ];
        for (base, want) in cases {
            let got = join(&Url::parse(base).unwrap(), "chat/completions");
            assert_eq!(got.as_str(), want, "{base}");
        }
        let got = join(
            &Url::parse("https://api.anthropic.com").unwrap(),
            "/v1/messages",
        );
        assert_eq!(got.as_str(), "https://api.anthropic.com/v1/messages");
    }

    #[test]
    fn status_classes_follow_the_contract() {
        let class = |c: u16| status_class(StatusCode::from_u16(c).unwrap());
        assert_eq!(class(401), ProviderErrorClass::AuthFailed);
        assert_eq!(class(403), ProviderErrorClass::AuthFailed);
        assert_eq!(class(429), ProviderErrorClass::RateLimited);
        assert_eq!(class(500), ProviderErrorClass::Unavailable);
        assert_eq!(class(529), ProviderErrorClass::Unavailable);
        assert_eq!(class(400), ProviderErrorClass::BadRequest);
        assert_eq!(class(404), ProviderErrorClass::BadRequest);
        assert_eq!(class(302), ProviderErrorClass::InvalidResponse);
    }

    #[test]
    fn safe_token_strips_hostile_characters() {
        assert_eq!(safe_token("req_abc-123").as_deref(), Some("req_abc-123"));
        assert_eq!(safe_token("a\nb c<script>").as_deref(), Some("abcscript"));
        assert_eq!(safe_token(" \n"), None);
        assert_eq!(
            safe_token(&"x".repeat(1000)).map(|s| s.len()),
            Some(MAX_TOKEN_CHARS)
        );
    }

    #[test]
    fn secret_header_is_sensitive() {
        let v = secret_header("Bearer ", "sk-test").unwrap();
        assert!(v.is_sensitive());
        assert_eq!(format!("{v:?}"), "Sensitive");
        assert!(secret_header("Bearer ", "bad\nkey").is_err());
    }
}
