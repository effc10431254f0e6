#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The policy stage fails closed: a rule that errors, is undefined or answers a malformed
//! result is reported failed with effect block, never passed; bundles replay by content.

use domain::{
    AgentOutput, Claim, ControlAction, Effect, ExecutionOrigin, OutputIdentity, RiskTier, Severity,
    SourceReference, SourceType, TaskType, Timestamp,
};
use evaluation::{
    evaluate, AgentSnapshot, BundleError, PipelineInput, PipelineOutcome, PolicyBundle, Thresholds,
};
use std::path::Path;

const POLICIES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../policies");

fn agent(tier: RiskTier) -> AgentSnapshot {
    AgentSnapshot {
        agent_id: "a1".into(),
        agent_version: "1".into(),
        risk_tier: tier,
        model_provider: "reference".into(),
        model_version: "m1".into(),
    }
}

fn sources() -> Vec<SourceReference> {
    vec![SourceReference {
        source_id: "doc-1".into(),
        source_type: SourceType::LabResult,
        title: "Labs".into(),
        content: "Hgb 9.2 g/dL. Platelets 210 K/uL.".into(),
        authored_at: Timestamp::parse("2026-01-01T08:00:00Z").unwrap(),
    }]
}

fn output(statement: &str) -> AgentOutput {
    AgentOutput {
        identity: OutputIdentity {
            agent_id: "a1".into(),
            agent_version: "1".into(),
            model_provider: "reference".into(),
            model_version: "m1".into(),
            task_type: "clinical_summary".into(),
        },
        generated_at: Timestamp::parse("2026-01-01T09:00:00Z").unwrap(),
        narrative: "Summary.".into(),
        claims: vec![Claim {
            claim_id: "c1".into(),
            claim_type: "lab_result".into(),
            statement: statement.into(),
            supporting_source_ids: vec!["doc-1".into()],
        }],
        medication_recommendations: vec![],
        discharge_instructions_present: false,
    }
}

fn run(bundle: &PolicyBundle, tier: RiskTier, statement: &str) -> PipelineOutcome {
    let a = agent(tier);
    let s = sources();
    let o = output(statement);
    let input = PipelineInput {
        case_id: "case-1",
        task_type: TaskType::ClinicalSummary,
        user_role: None,
        execution_origin: ExecutionOrigin::External,
        agent: &a,
        sources: &s,
        output: &o,
        structured_output_error: None,
        evaluated_at: Timestamp::parse("2026-01-01T09:00:01Z").unwrap(),
    };
    evaluate(&input, bundle, &Thresholds::default())
}

fn default_files() -> Vec<(String, String)> {
    PolicyBundle::load_dir(Path::new(POLICIES))
        .unwrap()
        .files()
        .to_vec()
}

fn with_rule(name: &str, rego: &str) -> PolicyBundle {
    let mut files = default_files();
    files.push((format!("{name}.rego"), rego.to_owned()));
    PolicyBundle::from_files(files).unwrap()
}

fn assert_fails_closed(outcome: &PipelineOutcome, id: &str) {
    let r = outcome
        .policy_results
        .iter()
        .find(|p| p.policy_id == id)
        .unwrap_or_else(|| panic!("{id} missing"));
    assert!(!r.passed, "{id} must fail closed");
    assert_eq!(r.effect, Effect::Block);
    assert_eq!(r.severity, Severity::Critical);
    assert_eq!(outcome.control_action, ControlAction::Block);
    // The healthy rules still give their own verdicts.
    let healthy = outcome
        .policy_results
        .iter()
        .find(|p| p.policy_id == "no_contradicted_claims")
        .unwrap();
    assert!(healthy.passed);
}

#[test]
fn default_bundle_auto_approves_a_supported_claim() {
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let outcome = run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL.");
    assert_eq!(
        outcome.control_action,
        ControlAction::AutoApprove,
        "{:#?}",
        outcome.policy_results
    );
    assert_eq!(outcome.policy_results.len(), bundle.policy_count());
    assert!(outcome.policy_results.iter().all(|p| p.passed));
}

#[test]
fn a_rule_that_errors_fails_closed() {
    let bundle = with_rule(
        "zz_conflict",
        "package rce.policies.zz_conflict\nimport rego.v1\nresult := {\"a\": 1} if true\nresult := {\"a\": 2} if true\n",
    );
    assert_fails_closed(
        &run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL."),
        "zz_conflict",
    );

    let bundle = with_rule(
        "zz_builtin",
        "package rce.policies.zz_builtin\nimport rego.v1\nresult := to_number(\"not a number\")\n",
    );
    assert_fails_closed(
        &run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL."),
        "zz_builtin",
    );
}

#[test]
fn an_undefined_rule_fails_closed() {
    let bundle = with_rule(
        "zz_undefined",
        "package rce.policies.zz_undefined\nimport rego.v1\nresult := {\"policy_id\": \"zz_undefined\", \"passed\": input.no.such.field}\n",
    );
    assert_fails_closed(
        &run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL."),
        "zz_undefined",
    );

    let bundle = with_rule(
        "zz_no_result",
        "package rce.policies.zz_no_result\nimport rego.v1\nother := 1\n",
    );
    assert_fails_closed(
        &run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL."),
        "zz_no_result",
    );
}

#[test]
fn a_malformed_result_fails_closed() {
    let cases = [
        // severity outside the enum
        r#"{"policy_id": "zz_bad", "name": "n", "version": "1", "passed": true, "severity": "huge", "effect": "none", "message": "m"}"#,
        // passed is not a boolean
        r#"{"policy_id": "zz_bad", "name": "n", "version": "1", "passed": "yes", "severity": "low", "effect": "none", "message": "m"}"#,
        // speaks for another policy
        r#"{"policy_id": "no_contradicted_claims", "name": "n", "version": "1", "passed": true, "severity": "low", "effect": "none", "message": "m"}"#,
        // missing message
        r#"{"policy_id": "zz_bad", "name": "n", "version": "1", "passed": true, "severity": "low", "effect": "none"}"#,
        // not an object
        r#"true"#,
    ];
    for body in cases {
        let bundle = with_rule(
            "zz_bad",
            &format!("package rce.policies.zz_bad\nimport rego.v1\nresult := {body}\n"),
        );
        let outcome = run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL.");
        assert_fails_closed(&outcome, "zz_bad");
        assert_eq!(
            outcome
                .policy_results
                .iter()
                .filter(|p| p.policy_id == "no_contradicted_claims")
                .count(),
            1
        );
    }
}

#[test]
fn every_rule_yields_one_result_sorted_by_id() {
    let bundle = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let outcome = run(&bundle, RiskTier::High, "Hgb was 9.9 g/dL.");
    let ids: Vec<&str> = outcome
        .policy_results
        .iter()
        .map(|p| p.policy_id.as_str())
        .collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted);
    assert_eq!(ids, bundle.policy_ids().collect::<Vec<_>>());
    assert!(bundle.policy_count() >= 11);
    assert_eq!(
        outcome.control_action,
        ControlAction::Block,
        "a contradicted value blocks"
    );
}

#[test]
fn data_json_is_available_to_rules() {
    let mut files = default_files();
    files.push((
        "data.json".into(),
        r#"{"limits": {"max_claims": 0}}"#.into(),
    ));
    files.push((
        "zz_limit.rego".into(),
        r#"package rce.policies.zz_limit
import rego.v1
result := {"policy_id": "zz_limit", "name": "Claim limit", "version": "1", "passed": input.claims.total <= data.limits.max_claims, "severity": "low", "effect": "review", "message": "limit"}
"#
        .into(),
    ));
    let bundle = PolicyBundle::from_files(files).unwrap();
    let outcome = run(&bundle, RiskTier::Low, "Hgb was 9.2 g/dL.");
    let r = outcome
        .policy_results
        .iter()
        .find(|p| p.policy_id == "zz_limit")
        .unwrap();
    assert!(!r.passed);
    assert_eq!(r.effect, Effect::Review);
    assert_eq!(outcome.control_action, ControlAction::RequireReview);
}

#[test]
fn stored_files_replay_to_the_same_version_and_outcome() {
    let original = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    let replayed = PolicyBundle::from_files(original.files().to_vec()).unwrap();
    assert_eq!(original.version(), replayed.version());
    assert_eq!(
        run(&original, RiskTier::Medium, "Hgb was 9.2 g/dL."),
        run(&replayed, RiskTier::Medium, "Hgb was 9.2 g/dL.")
    );
    let mut edited = original.files().to_vec();
    edited[0].1.push_str("\n# edited\n");
    assert_ne!(
        PolicyBundle::from_files(edited).unwrap().version(),
        original.version()
    );
}

#[test]
fn broken_bundles_are_refused_at_load() {
    assert!(matches!(
        PolicyBundle::from_files(vec![]),
        Err(BundleError::NoPolicies)
    ));
    assert!(matches!(
        PolicyBundle::from_files(vec![(
            "a.rego".into(),
            "package rce.policies.a\nresult := {\n".into()
        )]),
        Err(BundleError::Parse { .. })
    ));
    assert!(matches!(
        PolicyBundle::from_files(vec![
            (
                "a.rego".into(),
                "package rce.policies.a\nresult := 1\n".into()
            ),
            ("a.rego".into(), String::new())
        ]),
        Err(BundleError::DuplicateFile(_))
    ));
    assert!(matches!(
        PolicyBundle::from_files(vec![
            ("data.json".into(), "{not json".into()),
            (
                "a.rego".into(),
                "package rce.policies.a\nresult := 1\n".into()
            )
        ]),
        Err(BundleError::Data { .. })
    ));
    assert!(PolicyBundle::load_dir(Path::new("/nonexistent/policies")).is_err());
}

#[test]
fn thresholds_travel_with_the_bundle_and_change_its_version() {
    let default = PolicyBundle::load_dir(Path::new(POLICIES)).unwrap();
    assert_eq!(default.thresholds(), &Thresholds::default());

    let mut files = default_files();
    files.push((
        "thresholds.json".into(),
        r#"{"unsupported_ratio_max": 1.0, "review_at_risk_level": "critical"}"#.into(),
    ));
    let tuned = PolicyBundle::from_files(files).unwrap();
    assert_ne!(tuned.version(), default.version());
    assert_eq!(tuned.thresholds().unsupported_ratio_max, 1.0);

    // A statement its source does not state: the default bundle's ratio rule fails,
    // the tuned bundle's tolerates it.
    let ratio = |o: &PipelineOutcome| {
        o.policy_results
            .iter()
            .find(|p| p.policy_id == "unsupported_claim_ratio")
            .unwrap()
            .passed
    };
    let statement = "Patient has a history of atrial fibrillation.";
    let a = agent(RiskTier::Low);
    let s = sources();
    let o = output(statement);
    let input = PipelineInput {
        case_id: "case-1",
        task_type: TaskType::ClinicalSummary,
        user_role: None,
        execution_origin: ExecutionOrigin::External,
        agent: &a,
        sources: &s,
        output: &o,
        structured_output_error: None,
        evaluated_at: Timestamp::parse("2026-01-01T09:00:01Z").unwrap(),
    };
    assert!(!ratio(&evaluate(&input, &default, default.thresholds())));
    assert!(ratio(&evaluate(&input, &tuned, tuned.thresholds())));
}

#[test]
fn a_malformed_thresholds_file_refuses_the_bundle() {
    let mut files = default_files();
    files.push(("thresholds.json".into(), r#"{"no_such_number": 1}"#.into()));
    assert!(matches!(
        PolicyBundle::from_files(files),
        Err(BundleError::Thresholds { .. })
    ));
}
