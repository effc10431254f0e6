#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use domain::{
    AgentOutput, Claim, ExecutionOrigin, OutputIdentity, RiskTier, SourceReference, TaskType,
    Timestamp,
};
use evaluation::{evaluate, AgentSnapshot, PipelineInput, PolicyBundle, Thresholds};
use serde::Deserialize;
use std::path::Path;

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/benches/data/pipeline_input.json"
);
const POLICIES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../policies");

#[derive(Deserialize)]
struct Data {
    sources: Vec<SourceReference>,
    claims: Vec<Claim>,
    medication_recommendations: Vec<serde_json::Value>,
}

#[test]
fn timing() {
    let data: Data = serde_json::from_str(&std::fs::read_to_string(DATA).unwrap()).unwrap();
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let thresholds = Thresholds::default();
    let agent = AgentSnapshot {
        agent_id: "bench-agent".into(),
        agent_version: "1".into(),
        risk_tier: RiskTier::Medium,
        model_provider: "reference".into(),
        model_version: "m1".into(),
    };
    let mk = |claims: Vec<Claim>, meds: Vec<serde_json::Value>| AgentOutput {
        identity: OutputIdentity {
            agent_id: "bench-agent".into(),
            agent_version: "1".into(),
            model_provider: "reference".into(),
            model_version: "m1".into(),
            task_type: "discharge_summary".into(),
        },
        generated_at: Timestamp::parse("2026-10-01T00:00:00Z").unwrap(),
        narrative: "x".into(),
        claims,
        medication_recommendations: meds,
        discharge_instructions_present: true,
    };
    let full = mk(data.claims.clone(), data.medication_recommendations.clone());
    let empty = mk(vec![], vec![]);
    let nosrc: Vec<SourceReference> = vec![];
    for (label, out, srcs) in [
        ("full", &full, &data.sources),
        ("no claims, sources", &empty, &data.sources),
        ("nothing", &empty, &nosrc),
    ] {
        let input = PipelineInput {
            case_id: "bench",
            task_type: TaskType::DischargeSummary,
            user_role: None,
            execution_origin: ExecutionOrigin::External,
            agent: &agent,
            sources: srcs,
            output: out,
            structured_output_error: None,
            evaluated_at: Timestamp::parse("2026-10-01T00:00:01Z").unwrap(),
        };
        let _ = evaluate(&input, &bundle, &thresholds);
        let t = std::time::Instant::now();
        for _ in 0..50 {
            std::hint::black_box(evaluate(&input, &bundle, &thresholds));
        }
        println!("{label}: {:?}", t.elapsed() / 50);
    }
}
