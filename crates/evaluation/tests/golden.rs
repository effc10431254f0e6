#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Golden fixtures: each `tests/golden/<name>.input.json` is evaluated with the default
//! policy bundle and must serialise byte-identically to `<name>.expected.json`.
//! `UPDATE_GOLDEN=1 cargo test -p evaluation --test golden` rewrites the expected files
//! (review the diff before committing it).

use domain::{
    AgentOutput, ControlAction, DecisionStatus, ExecutionOrigin, SourceReference, Support,
    TaskType, Timestamp, UserRole,
};
use evaluation::{
    evaluate_with, input_context_hash, AgentSnapshot, PipelineInput, PipelineOutcome, PolicyBundle,
    SourceAnalyses, Thresholds,
};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
const POLICIES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../policies");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    case_id: String,
    task_type: TaskType,
    user_role: Option<UserRole>,
    execution_origin: ExecutionOrigin,
    agent: AgentSnapshot,
    sources: Vec<SourceReference>,
    output: AgentOutput,
    structured_output_error: Option<String>,
    evaluated_at: Timestamp,
    #[serde(default)]
    thresholds: Option<Thresholds>,
}

fn fixtures() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(GOLDEN)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p
                .file_name()?
                .to_str()?
                .strip_suffix(".input.json")?
                .to_owned();
            Some((name, p))
        })
        .collect();
    out.sort();
    out
}

fn run(fx: &Fixture, bundle: &PolicyBundle, kept: Option<&SourceAnalyses>) -> PipelineOutcome {
    let input = PipelineInput {
        case_id: &fx.case_id,
        task_type: fx.task_type,
        user_role: fx.user_role,
        execution_origin: fx.execution_origin,
        agent: &fx.agent,
        sources: &fx.sources,
        output: &fx.output,
        structured_output_error: fx.structured_output_error.as_deref(),
        evaluated_at: fx.evaluated_at,
    };
    evaluate_with(
        &input,
        bundle,
        &fx.thresholds.clone().unwrap_or_default(),
        kept.map(|k| k.for_tenant("golden")),
    )
}

/// What is recorded for a fixture: the outcome plus the hash and versions a decision
/// record would carry, so a change to any of them shows up in review.
fn render(fx: &Fixture, bundle: &PolicyBundle, outcome: &PipelineOutcome) -> String {
    let doc = serde_json::json!({
        "input_context_hash": input_context_hash(&fx.case_id, fx.task_type, fx.user_role, None, &fx.sources),
        "pipeline_version": evaluation::PIPELINE_VERSION,
        "policy_set_version": bundle.version(),
        "outcome": outcome,
    });
    let mut s = serde_json::to_string_pretty(&doc).unwrap();
    s.push('\n');
    s
}

fn load(path: &Path) -> Fixture {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn golden_outcomes_are_byte_identical() {
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let update = std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let all = fixtures();
    assert!(all.len() >= 15, "golden fixtures missing");
    let kept = SourceAnalyses::new(16 << 20);
    for (name, path) in &all {
        let fx = load(path);
        let first = render(&fx, &bundle, &run(&fx, &bundle, None));
        let second = render(&fx, &bundle, &run(&fx, &bundle, None));
        assert_eq!(first, second, "{name}: two evaluations differ");
        // The service's path: source analyses made (then found) in a cache shared by all
        // fixtures decide byte for byte as a fresh evaluation.
        for pass in ["made", "found"] {
            let cached = render(&fx, &bundle, &run(&fx, &bundle, Some(&kept)));
            assert_eq!(first, cached, "{name}: analyses {pass} in the cache differ");
        }
        let expected_path = Path::new(GOLDEN).join(format!("{name}.expected.json"));
        if update {
            std::fs::write(&expected_path, &first).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != first {
            failures.push(name.clone());
        }
    }
    assert!(
        failures.is_empty(),
        "golden outcome changed for {failures:?}; rerun with UPDATE_GOLDEN=1 and review the diff"
    );
}

/// The fixtures really cover every verdict, every control action and every default
/// policy failing (a golden file that stopped covering one would go unnoticed).
#[test]
fn golden_fixtures_cover_every_verdict_action_and_policy() {
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let mut verdicts = BTreeSet::new();
    let mut actions = BTreeSet::new();
    let mut failed = BTreeSet::new();
    for (_, path) in fixtures() {
        let outcome = run(&load(&path), &bundle, None);
        verdicts.extend(outcome.evidence_results.iter().map(|r| r.support));
        actions.insert(outcome.control_action);
        failed.extend(
            outcome
                .policy_results
                .iter()
                .filter(|p| !p.passed)
                .map(|p| p.policy_id.clone()),
        );
    }
    for s in [
        Support::Supported,
        Support::PartiallySupported,
        Support::Unsupported,
        Support::Contradicted,
        Support::NoCitation,
        Support::CitationNotFound,
    ] {
        assert!(verdicts.contains(&s), "no fixture yields {s}");
    }
    for a in ControlAction::ALL {
        assert!(actions.contains(a), "no fixture yields {a}");
    }
    let all: BTreeSet<String> = bundle.policy_ids().map(str::to_owned).collect();
    assert_eq!(
        failed, all,
        "some default policy never fails in the fixtures"
    );
}

/// Spot checks of the contract's minimum behaviour on the fixtures, independent of the
/// expected files (so a wrong expected file cannot make a wrong behaviour pass).
#[test]
fn fixtures_follow_the_contract_minimum() {
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    for (name, path) in fixtures() {
        let outcome = run(&load(&path), &bundle, None);
        let expected = if name.starts_with("auto_approve") {
            ControlAction::AutoApprove
        } else if name.starts_with("review") {
            ControlAction::RequireReview
        } else if name.starts_with("block") {
            ControlAction::Block
        } else if name.starts_with("reject") {
            ControlAction::Reject
        } else if name == "verdicts_all_kinds" {
            ControlAction::Block
        } else {
            panic!("fixture {name} does not say its control action");
        };
        assert_eq!(outcome.control_action, expected, "{name}");
        let status = match expected {
            ControlAction::AutoApprove => DecisionStatus::Finalized,
            ControlAction::RequireReview => DecisionStatus::AwaitingHumanReview,
            ControlAction::Block => DecisionStatus::Blocked,
            ControlAction::Reject => DecisionStatus::IntakeRejected,
        };
        assert_eq!(outcome.decision_status, status, "{name}");
        assert_eq!(
            outcome.review_required,
            expected == ControlAction::RequireReview,
            "{name}"
        );
        let types: Vec<&str> = outcome.events.iter().map(|e| e.event_type).collect();
        if expected == ControlAction::Reject {
            assert_eq!(
                types,
                ["intake.rejected", "risk.scored", "decision.made"],
                "{name}"
            );
        } else {
            assert_eq!(
                types,
                [
                    "intake.accepted",
                    "evidence.evaluated",
                    "policy.evaluated",
                    "risk.scored",
                    "decision.made"
                ],
                "{name}"
            );
        }
    }
}
