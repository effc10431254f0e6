//! Maps a model's text answer into the parts of an agent output (contract 5). A failure is a
//! short code only, never the text: the answer may hold clinical content and must not leak
//! into errors or logs.

use domain::Claim;
use serde_json::{Map, Value};

/// The model-supplied parts of an agent output; the service adds identity and time.
#[derive(Debug, Clone, PartialEq)]
pub struct MappedOutput {
    pub narrative: String,
    pub claims: Vec<Claim>,
    pub medication_recommendations: Vec<serde_json::Value>,
    pub discharge_instructions_present: bool,
}

/// Error codes of [`map_answer`].
pub const NOT_JSON: &str = "not_json";
pub const NOT_OBJECT: &str = "not_object";
pub const MISSING_FIELD: &str = "missing_field";
pub const WRONG_TYPE: &str = "wrong_type";

/// Parses the answer. Tolerated: surrounding whitespace, a Markdown code fence (```json),
/// and prose around a single JSON object (models without a schema mode sometimes add it).
/// All four fields are required with their schema types; unknown extra fields are ignored,
/// since the service, not the model, decides identity and time.
pub fn map_answer(text: &str) -> Result<MappedOutput, &'static str> {
    let value = parse_lenient(text).ok_or(NOT_JSON)?;
    let obj = value.as_object().ok_or(NOT_OBJECT)?;
    let narrative = string(obj, "narrative")?;
    let claims = array(obj, "claims")?
        .iter()
        .map(claim)
        .collect::<Result<Vec<_>, _>>()?;
    let medication_recommendations = array(obj, "medication_recommendations")?
        .iter()
        .map(|m| {
            if m.is_object() {
                Ok(m.clone())
            } else {
                Err(WRONG_TYPE)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let discharge_instructions_present = match obj.get("discharge_instructions_present") {
        None | Some(Value::Null) => return Err(MISSING_FIELD),
        Some(v) => v.as_bool().ok_or(WRONG_TYPE)?,
    };
    Ok(MappedOutput {
        narrative,
        claims,
        medication_recommendations,
        discharge_instructions_present,
    })
}

fn parse_lenient(text: &str) -> Option<Value> {
    let t = strip_fence(text.trim());
    if let Ok(v) = serde_json::from_str(t) {
        return Some(v);
    }
    let start = t.find('{')?;
    let end = t.rfind('}')?;
    if end <= start {
        return None;
    }
    serde_json::from_str(&t[start..=end]).ok()
}

/// "```json\n{...}\n```" → "{...}"; text without a leading fence is returned as is.
fn strip_fence(t: &str) -> &str {
    let Some(rest) = t.strip_prefix("```") else {
        return t;
    };
    // Drop the info string ("json", "JSON", nothing) up to the end of the fence line.
    let body = match rest.find('\n') {
        Some(i) => &rest[i + 1..],
        None => rest,
    };
    body.trim_end().strip_suffix("```").unwrap_or(body).trim()
}

fn field<'a>(obj: &'a Map<String, Value>, name: &str) -> Result<&'a Value, &'static str> {
    match obj.get(name) {
        None | Some(Value::Null) => Err(MISSING_FIELD),
        Some(v) => Ok(v),
    }
}

fn string(obj: &Map<String, Value>, name: &str) -> Result<String, &'static str> {
    field(obj, name)?
        .as_str()
        .map(str::to_owned)
        .ok_or(WRONG_TYPE)
}

fn array<'a>(obj: &'a Map<String, Value>, name: &str) -> Result<&'a Vec<Value>, &'static str> {
    field(obj, name)?.as_array().ok_or(WRONG_TYPE)
}

fn claim(v: &Value) -> Result<Claim, &'static str> {
    let obj = v.as_object().ok_or(WRONG_TYPE)?;
    let supporting_source_ids = array(obj, "supporting_source_ids")?
        .iter()
        .map(|s| s.as_str().map(str::to_owned).ok_or(WRONG_TYPE))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Claim {
        claim_id: string(obj, "claim_id")?,
        claim_type: string(obj, "claim_type")?,
        statement: string(obj, "statement")?,
        supporting_source_ids,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn answer() -> Value {
        json!({
            "narrative": "Discharge summary draft. Apixaban 5 mg BID was started.",
            "claims": [{
                "claim_id": "claim-1",
                "claim_type": "medication",
                "statement": "Apixaban 5 mg PO BID was started.",
                "supporting_source_ids": ["doc-1"]
            }],
            "medication_recommendations": [{"name": "apixaban", "dose": "5 mg"}],
            "discharge_instructions_present": true
        })
    }

    #[test]
    fn plain_json_maps_every_part() {
        let m = map_answer(&answer().to_string()).unwrap();
        assert_eq!(
            m.narrative,
            "Discharge summary draft. Apixaban 5 mg BID was started."
        );
        assert_eq!(m.claims.len(), 1);
        assert_eq!(m.claims[0].claim_id, "claim-1");
        assert_eq!(m.claims[0].supporting_source_ids, ["doc-1"]);
        assert_eq!(
            m.medication_recommendations,
            [json!({"name": "apixaban", "dose": "5 mg"})]
        );
        assert!(m.discharge_instructions_present);
    }

    #[test]
    fn fenced_json_and_surrounding_prose_are_tolerated() {
        let plain = map_answer(&answer().to_string()).unwrap();
        for wrapped in [
            format!("```json\n{:#}\n```", answer()),
            format!("```\n{}\n```\n", answer()),
            format!("  ```JSON\n{}```", answer()),
            format!("Here is the answer:\n{}\nThanks.", answer()),
        ] {
            assert_eq!(map_answer(&wrapped).unwrap(), plain, "{wrapped}");
        }
    }

    #[test]
    fn non_json_is_not_json() {
        assert_eq!(map_answer("I cannot help with that."), Err(NOT_JSON));
        assert_eq!(map_answer(""), Err(NOT_JSON));
        assert_eq!(map_answer("```json\n{broken\n```"), Err(NOT_JSON));
        assert_eq!(map_answer("[1, 2]"), Err(NOT_OBJECT));
    }

    #[test]
    fn missing_and_mistyped_fields_are_reported_by_code() {
        for (field, code) in [
            ("claims", MISSING_FIELD),
            ("narrative", MISSING_FIELD),
            ("medication_recommendations", MISSING_FIELD),
            ("discharge_instructions_present", MISSING_FIELD),
        ] {
            let mut a = answer();
            a.as_object_mut().unwrap().remove(field);
            assert_eq!(map_answer(&a.to_string()), Err(code), "{field}");
        }
        let mut a = answer();
        a["claims"] = json!("none");
        assert_eq!(map_answer(&a.to_string()), Err(WRONG_TYPE));
        let mut a = answer();
        a["claims"][0]["supporting_source_ids"] = json!([1]);
        assert_eq!(map_answer(&a.to_string()), Err(WRONG_TYPE));
        let mut a = answer();
        a["claims"][0].as_object_mut().unwrap().remove("statement");
        assert_eq!(map_answer(&a.to_string()), Err(MISSING_FIELD));
        let mut a = answer();
        a["discharge_instructions_present"] = json!("yes");
        assert_eq!(map_answer(&a.to_string()), Err(WRONG_TYPE));
        let mut a = answer();
        a["medication_recommendations"] = json!(["apixaban"]);
        assert_eq!(map_answer(&a.to_string()), Err(WRONG_TYPE));
    }

    #[test]
    fn unknown_fields_are_ignored() {
        let mut a = answer();
        a["identity"] = json!({"agent_id": "spoofed"});
        assert!(map_answer(&a.to_string()).is_ok());
    }
}
