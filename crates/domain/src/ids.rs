//! Typed identifiers. Caller-chosen ids (tenant, agent) are parsed once at the edge;
//! service-minted ids are a prefix plus a time-ordered UUIDv7 so they sort by creation.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a caller-supplied identifier was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be 1-{max} characters of [A-Za-z0-9._-]")]
pub struct InvalidId {
    pub max: usize,
}

fn check_caller_id(s: &str, max: usize) -> Result<(), InvalidId> {
    let ok = !s.is_empty()
        && s.len() <= max
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if ok {
        Ok(())
    } else {
        Err(InvalidId { max })
    }
}

/// Tenant from `X-Tenant-ID` (1-64 of `[A-Za-z0-9._-]`). Every store call takes one first.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct TenantId(String);

impl TenantId {
    pub fn parse(s: &str) -> Result<Self, InvalidId> {
        check_caller_id(s, 64).map(|_| Self(s.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for TenantId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        TenantId::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for TenantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Caller-chosen agent id (1-128 of `[A-Za-z0-9._-]`), unique within a tenant.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(transparent)]
#[schema(value_type = String, pattern = "^[A-Za-z0-9._-]{1,128}$")]
pub struct AgentId(String);

impl AgentId {
    pub fn parse(s: &str) -> Result<Self, InvalidId> {
        check_caller_id(s, 128).map(|_| Self(s.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for AgentId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        AgentId::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for AgentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! minted_id {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(transparent)]
        #[schema(value_type = String, example = json!(concat!($prefix, "_0193a5b2c3d47e8f9a0b1c2d3e4f5a6b")))]
        pub struct $name(String);

        impl $name {
            pub const PREFIX: &'static str = $prefix;

            /// A fresh, time-ordered id.
            pub fn generate() -> Self {
                Self(format!("{}_{}", $prefix, uuid::Uuid::now_v7().simple()))
            }
            /// Wraps an id read from a path or the store. Unknown ids simply find nothing.
            pub fn from_string(s: impl Into<String>) -> Self {
                Self(s.into())
            }
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

minted_id!(/// Provider connection id.
    ConnectionId, "conn");
minted_id!(/// Execution profile id.
    ProfileId, "prof");
minted_id!(/// Runtime session id.
    SessionId, "sess");
minted_id!(/// Agent run id.
    RunId, "run");
minted_id!(/// Decision record id.
    DecisionId, "dec");
minted_id!(/// Runtime event id.
    EventId, "evt");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenant_ids_follow_the_contract() {
        assert!(TenantId::parse("tenant_default").is_ok());
        assert!(TenantId::parse("a.b-c_9").is_ok());
        assert!(TenantId::parse("").is_err());
        assert!(TenantId::parse("has space").is_err());
        assert!(TenantId::parse(&"x".repeat(64)).is_ok());
        assert!(TenantId::parse(&"x".repeat(65)).is_err());
    }

    #[test]
    fn agent_ids_allow_128() {
        assert!(AgentId::parse(&"a".repeat(128)).is_ok());
        assert!(AgentId::parse(&"a".repeat(129)).is_err());
        assert!(AgentId::parse("bad/slash").is_err());
    }

    #[test]
    fn minted_ids_are_prefixed_and_time_ordered() {
        let a = SessionId::generate();
        let b = SessionId::generate();
        assert!(a.as_str().starts_with("sess_"));
        assert_eq!(a.as_str().len(), 5 + 32);
        assert!(a < b);
    }
}
