//! Timestamps: RFC 3339 in UTC with `Z`. Service clocks are truncated to milliseconds so a
//! value read back from the store is identical to the one written (replay depends on it).

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, utoipa::ToSchema)]
#[schema(value_type = String, format = DateTime, example = "2026-11-22T10:00:00.123Z")]
pub struct Timestamp(DateTime<Utc>);

impl Timestamp {
    /// Now, truncated to whole milliseconds.
    pub fn now() -> Self {
        Self::from_millis(Utc::now().timestamp_millis())
    }
    pub fn from_millis(ms: i64) -> Self {
        Self(DateTime::from_timestamp_millis(ms).unwrap_or_default())
    }
    pub fn parse(s: &str) -> Result<Self, chrono::ParseError> {
        DateTime::parse_from_rfc3339(s).map(|t| Self(t.with_timezone(&Utc)))
    }
    pub fn millis(self) -> i64 {
        self.0.timestamp_millis()
    }
    pub fn inner(self) -> DateTime<Utc> {
        self.0
    }
    pub fn plus_seconds(self, s: i64) -> Self {
        Self(self.0 + chrono::Duration::seconds(s))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_rfc3339_opts(SecondsFormat::AutoSi, true))
    }
}

impl Serialize for Timestamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Timestamp::parse(&s).map_err(|_| serde::de::Error::custom("must be an RFC 3339 timestamp"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_utc_with_z_and_round_trips() {
        let t = Timestamp::from_millis(1_795_000_000_123);
        let s = serde_json::to_string(&t).unwrap();
        assert!(s.ends_with(".123Z\""), "{s}");
        let back: Timestamp = serde_json::from_str(&s).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn offsets_are_normalised_to_utc() {
        let t = Timestamp::parse("2026-01-19T17:30:00+02:00").unwrap();
        assert_eq!(t.to_string(), "2026-01-19T15:30:00Z");
        assert!(Timestamp::parse("yesterday").is_err());
    }
}
