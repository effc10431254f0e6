//! Safety of a tenant-supplied provider endpoint (contract 4): its form, and the addresses
//! its host resolves to. A tenant key must never be sent to a cloud metadata service.
//!
//! The same address rule guards every connection the factory's HTTP client opens (see
//! [`is_forbidden_ip`] in the client's resolver), so a DNS answer that changes between this
//! check and the call still cannot reach a link-local address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;
use url::{Host, Url};

/// Why an endpoint is refused. Carries no part of the endpoint, so it is safe to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EndpointError {
    #[error("endpoint is not a well-formed provider URL")]
    Malformed,
    #[error("endpoint address is not allowed")]
    NotAllowed,
}

impl EndpointError {
    /// The contract's validation error code.
    pub fn code(&self) -> &'static str {
        match self {
            EndpointError::Malformed => "endpoint_malformed",
            EndpointError::NotAllowed => "endpoint_not_allowed",
        }
    }
}

/// Host names that are cloud metadata services whatever they resolve to at check time.
const METADATA_HOSTS: &[&str] = &["metadata.google.internal", "metadata.goog"];

/// A resolution that takes longer than this is treated like a failed one (see below).
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Well-formed means an absolute `https://` URL with a host (`http://` only when
/// `allow_insecure`), no user info (a credential must never sit in a stored URL), no
/// fragment. Any other scheme, `http://` included when insecure endpoints are not allowed,
/// is malformed; a link-local or metadata host is not allowed.
pub fn check_form(endpoint: &str, allow_insecure: bool) -> Result<Url, EndpointError> {
    let trimmed = endpoint.trim();
    if trimmed.is_empty() || trimmed.len() != endpoint.len() {
        return Err(EndpointError::Malformed);
    }
    let url = Url::parse(endpoint).map_err(|_| EndpointError::Malformed)?;
    match url.scheme() {
        "https" => {}
        "http" if allow_insecure => {}
        _ => return Err(EndpointError::Malformed),
    }
    if url.cannot_be_a_base()
        || !url.username().is_empty()
        || url.password().is_some()
        || url.fragment().is_some()
    {
        return Err(EndpointError::Malformed);
    }
    match url.host() {
        None => Err(EndpointError::Malformed),
        Some(Host::Domain("")) => Err(EndpointError::Malformed),
        Some(Host::Domain(d)) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            if METADATA_HOSTS.contains(&d.as_str()) {
                Err(EndpointError::NotAllowed)
            } else {
                Ok(url)
            }
        }
        Some(Host::Ipv4(ip)) if is_forbidden_ip(IpAddr::V4(ip)) => Err(EndpointError::NotAllowed),
        Some(Host::Ipv6(ip)) if is_forbidden_ip(IpAddr::V6(ip)) => Err(EndpointError::NotAllowed),
        Some(_) => Ok(url),
    }
}

/// Resolves the host and refuses it when any address is link-local or a metadata address.
/// A host that does not resolve (or not within 5 s) passes: it cannot reach anything now,
/// the call will fail as `unavailable`, and the client's resolver re-applies the rule to
/// whatever it resolves to later.
pub async fn check_resolved(url: &Url) -> Result<(), EndpointError> {
    let host = match url.host() {
        None => return Err(EndpointError::Malformed),
        Some(Host::Ipv4(ip)) => return allowed(IpAddr::V4(ip)),
        Some(Host::Ipv6(ip)) => return allowed(IpAddr::V6(ip)),
        Some(Host::Domain(d)) => d.to_owned(),
    };
    let port = url.port_or_known_default().unwrap_or(443);
    let lookup = tokio::net::lookup_host((host.as_str(), port));
    let addrs: Vec<_> = match tokio::time::timeout(RESOLVE_TIMEOUT, lookup).await {
        Ok(Ok(addrs)) => addrs.collect(),
        Ok(Err(_)) | Err(_) => Vec::new(),
    };
    addrs.into_iter().try_for_each(|a| allowed(a.ip()))
}

fn allowed(ip: IpAddr) -> Result<(), EndpointError> {
    if is_forbidden_ip(ip) {
        Err(EndpointError::NotAllowed)
    } else {
        Ok(())
    }
}

/// Link-local (169.254.0.0/16, fe80::/10, where every cloud's metadata service lives),
/// AWS's IPv6 metadata address, and IPv4-mapped / IPv4-compatible spellings of them.
/// Loopback and private ranges stay allowed: a tenant's own local server is a valid target.
pub fn is_forbidden_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_forbidden_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_forbidden_v4(v4);
            }
            let seg = v6.segments();
            // ::a.b.c.d (deprecated IPv4-compatible form) still routes to a.b.c.d on some stacks.
            if seg[..6].iter().all(|s| *s == 0) && (seg[6] != 0 || seg[7] > 1) {
                let compat = Ipv4Addr::new(
                    (seg[6] >> 8) as u8,
                    seg[6] as u8,
                    (seg[7] >> 8) as u8,
                    seg[7] as u8,
                );
                if is_forbidden_v4(compat) {
                    return true;
                }
            }
            (seg[0] & 0xffc0) == 0xfe80 || v6 == AWS_METADATA_V6
        }
    }
}

const AWS_METADATA_V6: Ipv6Addr = Ipv6Addr::new(0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254);

fn is_forbidden_v4(ip: Ipv4Addr) -> bool {
    ip.is_link_local()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_with_a_host_is_well_formed() {
        let url = check_form("https://llm.example.com/v1", false).unwrap();
        assert_eq!(url.host_str(), Some("llm.example.com"));
        assert!(check_form("https://10.0.0.5:8443/v1", false).is_ok());
    }

    #[test]
    fn http_is_malformed_unless_insecure_endpoints_are_allowed() {
        assert_eq!(
            check_form("http://llm.example.com/v1", false),
            Err(EndpointError::Malformed)
        );
        assert!(check_form("http://llm.example.com/v1", true).is_ok());
        assert!(check_form("http://localhost:11434/v1", true).is_ok());
        assert!(check_form("http://127.0.0.1:1234/v1", true).is_ok());
        assert_eq!(
            check_form("http://127.0.0.1:1234/v1", false),
            Err(EndpointError::Malformed)
        );
    }

    #[test]
    fn garbage_and_other_schemes_are_malformed() {
        for bad in [
            "",
            " ",
            "not a url",
            "llm.example.com/v1",
            "/v1/chat",
            "ftp://llm.example.com",
            "file:///etc/passwd",
            "https://",
            "mailto:a@b.c",
            "https://user:pw@llm.example.com/v1",
            "https://key@llm.example.com/v1",
            "https://llm.example.com/v1#frag",
            " https://llm.example.com",
        ] {
            assert_eq!(
                check_form(bad, true),
                Err(EndpointError::Malformed),
                "{bad:?}"
            );
        }
        assert_eq!(EndpointError::Malformed.code(), "endpoint_malformed");
    }

    #[test]
    fn link_local_and_metadata_hosts_are_never_allowed() {
        for bad in [
            "https://169.254.169.254/latest",
            "http://169.254.169.254/",
            "https://169.254.0.1",
            "https://[fe80::1]/v1",
            "https://[febf::1]/v1",
            "https://[::ffff:169.254.169.254]/",
            "https://[fd00:ec2::254]/",
            // The URL parser normalises numeric IPv4 spellings, so these are caught too.
            "http://2852039166/",
            "http://0xa9.0xfe.0xa9.0xfe/",
            "https://metadata.google.internal/computeMetadata/v1",
            "https://METADATA.google.internal./",
        ] {
            assert_eq!(
                check_form(bad, true),
                Err(EndpointError::NotAllowed),
                "{bad:?}"
            );
        }
        assert_eq!(EndpointError::NotAllowed.code(), "endpoint_not_allowed");
        // Just outside the ranges.
        assert!(check_form("https://169.255.0.1", false).is_ok());
        assert!(check_form("https://[fec0::1]", false).is_ok());
    }

    #[tokio::test]
    async fn resolved_link_local_address_is_refused() {
        let url = Url::parse("http://169.254.169.254/").unwrap();
        assert_eq!(check_resolved(&url).await, Err(EndpointError::NotAllowed));
        let url = Url::parse("https://[fe80::1]/").unwrap();
        assert_eq!(check_resolved(&url).await, Err(EndpointError::NotAllowed));
    }

    #[tokio::test]
    async fn localhost_resolves_to_an_allowed_address() {
        let url = check_form("http://localhost:1234/v1", true).unwrap();
        assert_eq!(check_resolved(&url).await, Ok(()));
        let url = check_form("http://127.0.0.1:1234/v1", true).unwrap();
        assert_eq!(check_resolved(&url).await, Ok(()));
    }

    #[test]
    fn forbidden_ip_rule() {
        assert!(is_forbidden_ip("169.254.169.254".parse().unwrap()));
        assert!(is_forbidden_ip("fe80::abcd".parse().unwrap()));
        assert!(is_forbidden_ip("::169.254.169.254".parse().unwrap()));
        assert!(!is_forbidden_ip("127.0.0.1".parse().unwrap()));
        assert!(!is_forbidden_ip("::1".parse().unwrap()));
        assert!(!is_forbidden_ip("10.1.2.3".parse().unwrap()));
        assert!(!is_forbidden_ip("2001:db8::1".parse().unwrap()));
    }
}
