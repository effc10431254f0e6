#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The whole pipeline on a realistic output: 12 claims, 8 sources of about 1.5 KB and
//! 3 medication recommendations, with the default policy bundle (compiled once): fresh, and
//! with the sources' analyses kept from an earlier run.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use domain::{
    AgentOutput, Claim, ExecutionOrigin, OutputIdentity, RiskTier, SourceReference, TaskType,
    Timestamp,
};
use evaluation::{
    evaluate, evaluate_with, AgentSnapshot, PipelineInput, PolicyBundle, SourceAnalyses, Thresholds,
};
use serde::Deserialize;
use std::path::Path;

/// The service's allocator (see the server's `main.rs`), so the figures are the service's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

fn pipeline(c: &mut Criterion) {
    let data: Data = serde_json::from_str(&std::fs::read_to_string(DATA).unwrap()).unwrap();
    assert_eq!(data.claims.len(), 12);
    assert_eq!(data.sources.len(), 8);
    assert_eq!(data.medication_recommendations.len(), 3);
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let thresholds = Thresholds::default();
    let agent = AgentSnapshot {
        agent_id: "bench-agent".into(),
        agent_version: "1".into(),
        risk_tier: RiskTier::Medium,
        model_provider: "reference".into(),
        model_version: "m1".into(),
    };
    let output = AgentOutput {
        identity: OutputIdentity {
            agent_id: "bench-agent".into(),
            agent_version: "1".into(),
            model_provider: "reference".into(),
            model_version: "m1".into(),
            task_type: "discharge_summary".into(),
        },
        generated_at: Timestamp::parse("2026-10-01T00:00:00Z").unwrap(),
        narrative: "Discharge summary draft.".into(),
        claims: data.claims,
        medication_recommendations: data.medication_recommendations,
        discharge_instructions_present: true,
    };
    let input = PipelineInput {
        case_id: "bench",
        task_type: TaskType::DischargeSummary,
        user_role: None,
        execution_origin: ExecutionOrigin::External,
        agent: &agent,
        sources: &data.sources,
        output: &output,
        structured_output_error: None,
        evaluated_at: Timestamp::parse("2026-10-01T00:00:01Z").unwrap(),
    };
    let outcome = evaluate(&input, &bundle, &thresholds);
    assert_eq!(outcome.evidence_results.len(), 12);
    c.bench_function("pipeline_12_claims_8_sources_3_meds", |b| {
        b.iter(|| {
            evaluate(
                black_box(&input),
                black_box(&bundle),
                black_box(&thresholds),
            )
        })
    });
    // The service's path when this source set was evaluated before (a session's next run,
    // a retry): the analysed set comes from the cache, the claims' checks are redone.
    let kept = SourceAnalyses::new(64 << 20);
    c.bench_function("pipeline_12_claims_8_kept_sources_3_meds", |b| {
        b.iter(|| {
            evaluate_with(
                black_box(&input),
                black_box(&bundle),
                black_box(&thresholds),
                Some(kept.for_tenant("bench")),
            )
        })
    });
    // Each source seen before, but never this set (another agent's run on the same chart
    // with other documents beside): one source's authoring time moves by a second per
    // iteration, which changes the set's key and nothing else.
    let one_by_one = SourceAnalyses::new(64 << 20);
    let authored = data.sources[0].authored_at;
    let mut shift = 0;
    c.bench_function("pipeline_12_claims_8_sources_kept_one_by_one_3_meds", |b| {
        b.iter_batched(
            || {
                shift += 1;
                let mut sources = data.sources.clone();
                sources[0].authored_at = authored.plus_seconds(-shift);
                sources
            },
            |sources| {
                let input = PipelineInput {
                    sources: &sources,
                    ..input.clone()
                };
                evaluate_with(
                    black_box(&input),
                    black_box(&bundle),
                    black_box(&thresholds),
                    Some(one_by_one.for_tenant("bench")),
                )
            },
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
