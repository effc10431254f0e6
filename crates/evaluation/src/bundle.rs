//! The policy bundle: Rego files (plus an optional data.json and thresholds.json) compiled
//! once with regorus and evaluated per decision; a rule that errors or answers malformed
//! output fails closed. The thresholds live in the bundle so that they are part of its
//! content hash: a stored bundle replays with exactly the numbers its decisions used.

use crate::Thresholds;
use domain::{Effect, PolicyResult, Severity};
use regorus::languages::rego::compiler::Compiler;
use regorus::rvm::program::Program;
use regorus::rvm::vm::RegoVM;
use regorus::{CompiledPolicy, Engine, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

/// Every rule is a package directly under this prefix; its last component is the policy id.
const RULE_PREFIX: &str = "data.rce.policies.";
/// Package of the generated module that gathers every rule's result in one evaluation.
const AGGREGATE_PACKAGE: &str = "rce_internal_aggregate";
const DATA_FILE: &str = "data.json";
const THRESHOLDS_FILE: &str = "thresholds.json";
/// Most policy inputs remembered per bundle (under 1 KB each); the memo starts over when
/// full.
const MEMO_CAPACITY: usize = 4096;

/// Policy results by their input's JSON text.
type Memo = HashMap<String, Arc<[PolicyResult]>>;

/// Why a policy bundle could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    #[error("cannot read policy bundle at {path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("policy file {file} is not valid Rego: {message}")]
    Parse { file: String, message: String },
    #[error("{DATA_FILE} of the policy bundle is invalid: {message}")]
    Data { message: String },
    #[error("{THRESHOLDS_FILE} of the policy bundle is invalid: {message}")]
    Thresholds { message: String },
    #[error("policy bundle file {0} is neither a .rego file, {DATA_FILE} nor {THRESHOLDS_FILE}")]
    UnsupportedFile(String),
    #[error("policy bundle file {0} appears more than once")]
    DuplicateFile(String),
    #[error("policy bundle package {0} is not a valid policy id (use [a-z0-9_])")]
    InvalidPolicyId(String),
    #[error("policy bundle defines no rule under package rce.policies")]
    NoPolicies,
}

/// One rule of the bundle, with its entry point compiled on its own so that a fault in
/// one rule can be isolated from the others.
#[derive(Clone)]
struct Rule {
    id: String,
    /// `id` as a Rego value: the rule's key in the aggregate's answer.
    key: Value,
    compiled: Option<CompiledPolicy>,
}

/// Rego policy files with their engine compiled once; cheap to evaluate many times.
#[derive(Clone)]
pub struct PolicyBundle {
    files: Vec<(String, String)>,
    version: String,
    rules: Vec<Rule>,
    /// From `thresholds.json`, or the documented defaults when the bundle has none.
    thresholds: Thresholds,
    /// All rules' results in one query; `None` when it could not be compiled, in which
    /// case every rule is evaluated on its own.
    aggregate: Option<CompiledPolicy>,
    /// The aggregate compiled for regorus's register VM, which evaluates it several times
    /// faster than the tree-walking interpreter; `None` when the VM compiler does not
    /// support something in the bundle. Any VM error falls back to the interpreter.
    program: Option<Arc<Program>>,
    /// Results are a pure function of the bundle and the input, and the input holds only
    /// counts, flags and enums, so the same input recurs run after run: recent answers are
    /// remembered (shared by clones, which have the same content).
    memo: Arc<Mutex<Memo>>,
}

impl std::fmt::Debug for PolicyBundle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PolicyBundle")
            .field("version", &self.version)
            .field(
                "files",
                &self.files.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .field(
                "rules",
                &self.rules.iter().map(|r| &r.id).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl PolicyBundle {
    /// Reads every `*.rego` file of `dir` and an optional `data.json`, sorted by file name.
    /// Subdirectories and other files are ignored.
    pub fn load_dir(dir: &Path) -> Result<Self, BundleError> {
        let io = |source| BundleError::Io {
            path: dir.display().to_string(),
            source,
        };
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let path = entry.path();
            if !path.is_file() {
                continue;
            }
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if name.ends_with(".rego") || name == DATA_FILE || name == THRESHOLDS_FILE {
                let content = std::fs::read_to_string(&path).map_err(|source| BundleError::Io {
                    path: path.display().to_string(),
                    source,
                })?;
                files.push((name.to_owned(), content));
            }
        }
        Self::from_files(files)
    }

    /// Builds a bundle from (file name, content) pairs, e.g. the stored copy of the bundle
    /// a recorded decision used. Order of the input does not matter.
    pub fn from_files(mut files: Vec<(String, String)>) -> Result<Self, BundleError> {
        files.sort();
        for pair in files.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(BundleError::DuplicateFile(pair[0].0.clone()));
            }
        }
        let version = content_version(&files);

        let mut engine = Engine::new();
        let mut ids = BTreeSet::new();
        let mut thresholds = Thresholds::default();
        for (name, content) in &files {
            if name == THRESHOLDS_FILE {
                thresholds =
                    serde_json::from_str(content).map_err(|e| BundleError::Thresholds {
                        message: e.to_string(),
                    })?;
            } else if name == DATA_FILE {
                engine
                    .add_data_json(content)
                    .map_err(|e| BundleError::Data {
                        message: e.to_string(),
                    })?;
            } else if name.ends_with(".rego") {
                let package = engine
                    .add_policy(name.clone(), content.clone())
                    .map_err(|e| BundleError::Parse {
                        file: name.clone(),
                        message: e.to_string(),
                    })?;
                if let Some(id) = package.strip_prefix(RULE_PREFIX) {
                    if !is_policy_id(id) {
                        return Err(BundleError::InvalidPolicyId(package.clone()));
                    }
                    ids.insert(id.to_owned());
                }
            } else {
                return Err(BundleError::UnsupportedFile(name.clone()));
            }
        }
        if ids.is_empty() {
            return Err(BundleError::NoPolicies);
        }

        let rules = ids
            .iter()
            .map(|id| Rule {
                id: id.clone(),
                key: Value::from(id.as_str()),
                compiled: engine
                    .clone()
                    .compile_with_entrypoint(&rule_path(id).into())
                    .ok(),
            })
            .collect::<Vec<_>>();

        // The aggregate names each rule statically: a comprehension over data.rce.policies
        // would make regorus walk every package on every evaluation.
        let mut aggregate_src =
            format!("package {AGGREGATE_PACKAGE}\nimport rego.v1\nresults := {{\n");
        for rule in rules.iter().filter(|r| r.compiled.is_some()) {
            aggregate_src.push_str(&format!("  \"{0}\": {1},\n", rule.id, rule_path(&rule.id)));
        }
        aggregate_src.push_str("}\n");
        let aggregate = engine
            .add_policy(format!("{AGGREGATE_PACKAGE}.rego"), aggregate_src)
            .ok()
            .and_then(|_| {
                engine
                    .compile_with_entrypoint(&format!("data.{AGGREGATE_PACKAGE}.results").into())
                    .ok()
            });
        let program = aggregate.as_ref().and_then(|policy| {
            Compiler::compile_from_policy(policy, &[&format!("data.{AGGREGATE_PACKAGE}.results")])
                .ok()
        });

        Ok(Self {
            files,
            version,
            rules,
            thresholds,
            aggregate,
            program,
            memo: Arc::default(),
        })
    }

    /// `sha256:<hex>` of the bundle's content: for each file in name order, the name's
    /// length, `:`, the name, the content's length, `:`, the content (lengths in bytes,
    /// decimal). Equal content gives an equal version on every machine.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The (file name, content) pairs, sorted by file name.
    pub fn files(&self) -> &[(String, String)] {
        &self.files
    }

    /// The pipeline's tunable numbers for decisions made with this bundle.
    pub fn thresholds(&self) -> &Thresholds {
        &self.thresholds
    }

    /// Number of rules (packages under `rce.policies`), each yielding one result.
    pub fn policy_count(&self) -> usize {
        self.rules.len()
    }

    /// Policy ids in the order their results are reported.
    pub fn policy_ids(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|r| r.id.as_str())
    }

    /// One result per rule, sorted by policy id. A rule that errors, is undefined for the
    /// input or answers something that is not a well-formed result is reported failed
    /// with effect `block` (fail closed).
    pub(crate) fn evaluate(&self, input: serde_json::Value) -> Vec<PolicyResult> {
        let key = input.to_string();
        if let Some(hit) = self.memo.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return hit.to_vec();
        }
        let results = self.evaluate_uncached(Value::from(input));
        if let Ok(mut memo) = self.memo.lock() {
            if memo.len() >= MEMO_CAPACITY {
                memo.clear();
            }
            memo.insert(key, results.as_slice().into());
        }
        results
    }

    fn evaluate_uncached(&self, input: Value) -> Vec<PolicyResult> {
        if let Some(aggregate) = &self.aggregate {
            if let Some(all) = self.eval_aggregate(aggregate, &input) {
                if let Ok(map) = all.as_object() {
                    if self
                        .rules
                        .iter()
                        .all(|r| r.compiled.is_none() || map.contains_key(&r.key))
                    {
                        return self
                            .rules
                            .iter()
                            .map(|rule| match map.get(&rule.key) {
                                Some(v) if rule.compiled.is_some() => parse_result(&rule.id, v)
                                    .unwrap_or_else(|| fail_closed(&rule.id, FailKind::Malformed)),
                                _ => fail_closed(&rule.id, FailKind::Compile),
                            })
                            .collect();
                    }
                }
            }
        }
        // Some rule errored or was undefined: isolate it by evaluating each rule alone.
        self.rules
            .iter()
            .map(|rule| evaluate_rule(rule, input.clone()))
            .collect()
    }

    /// Every rule's result in one evaluation: on the VM when the bundle compiled for it,
    /// else (or when the VM errors) on the interpreter.
    fn eval_aggregate(&self, aggregate: &CompiledPolicy, input: &Value) -> Option<Value> {
        if let Some(program) = &self.program {
            let mut vm = RegoVM::new();
            vm.load_program(Arc::clone(program));
            vm.set_input(input.clone());
            if let Ok(all) = vm.execute() {
                return Some(all);
            }
        }
        aggregate.eval_with_input(input.clone()).ok()
    }
}

fn rule_path(id: &str) -> String {
    format!("{RULE_PREFIX}{id}.result")
}

fn is_policy_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

fn content_version(files: &[(String, String)]) -> String {
    let mut hasher = Sha256::new();
    for (name, content) in files {
        hasher.update(format!("{}:", name.len()).as_bytes());
        hasher.update(name.as_bytes());
        hasher.update(format!("{}:", content.len()).as_bytes());
        hasher.update(content.as_bytes());
    }
    format!("sha256:{}", hex::encode(hasher.finalize()))
}

fn evaluate_rule(rule: &Rule, input: Value) -> PolicyResult {
    let Some(compiled) = &rule.compiled else {
        return fail_closed(&rule.id, FailKind::Compile);
    };
    match compiled.eval_with_input(input) {
        Err(_) => fail_closed(&rule.id, FailKind::Error),
        Ok(Value::Undefined) => fail_closed(&rule.id, FailKind::Undefined),
        Ok(value) => parse_result(&rule.id, &value)
            .unwrap_or_else(|| fail_closed(&rule.id, FailKind::Malformed)),
    }
}

#[derive(Clone, Copy)]
enum FailKind {
    Compile,
    Error,
    Undefined,
    Malformed,
}

/// The result reported for a rule that could not give a verdict: failed, critical, block.
/// The message names the kind of fault only; engine errors may quote policy source.
fn fail_closed(id: &str, kind: FailKind) -> PolicyResult {
    let what = match kind {
        FailKind::Compile => "policy_compile_error",
        FailKind::Error => "policy_evaluation_error",
        FailKind::Undefined => "policy_result_undefined",
        FailKind::Malformed => "policy_result_malformed",
    };
    PolicyResult {
        policy_id: id.to_owned(),
        name: id.to_owned(),
        version: "unknown".to_owned(),
        passed: false,
        severity: Severity::Critical,
        effect: Effect::Block,
        message: format!("{what}: the rule gave no valid verdict, failing closed"),
    }
}

/// A well-formed result: every field present with the right type, allowed enum values,
/// and a `policy_id` equal to the rule's package name (so no rule can speak for another).
fn parse_result(id: &str, value: &Value) -> Option<PolicyResult> {
    let obj = value.as_object().ok()?;
    let field = |key: &str| obj.get(&Value::from(key));
    let text = |key: &str| field(key)?.as_string().ok().map(|s| s.to_string());
    let policy_id = text("policy_id")?;
    if policy_id != id {
        return None;
    }
    let name = text("name").filter(|n| !n.trim().is_empty())?;
    Some(PolicyResult {
        policy_id,
        name,
        version: text("version")?,
        passed: *field("passed")?.as_bool().ok()?,
        severity: Severity::from_str(field("severity")?.as_string().ok()?).ok()?,
        effect: Effect::from_str(field("effect")?.as_string().ok()?).ok()?,
        message: text("message")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn bundle_can_be_shared_across_threads() {
        assert_send_sync::<PolicyBundle>();
    }

    #[test]
    fn version_depends_on_names_and_content_not_order() {
        let a = (
            "a.rego".to_owned(),
            "package rce.policies.a\nresult := 1\n".to_owned(),
        );
        let b = (
            "b.rego".to_owned(),
            "package rce.policies.b\nresult := 1\n".to_owned(),
        );
        let one = PolicyBundle::from_files(vec![a.clone(), b.clone()]).unwrap();
        let two = PolicyBundle::from_files(vec![b.clone(), a.clone()]).unwrap();
        assert_eq!(one.version(), two.version());
        assert!(one.version().starts_with("sha256:"));
        let renamed = ("c.rego".to_owned(), b.1.clone());
        let three = PolicyBundle::from_files(vec![a, renamed]).unwrap();
        assert_ne!(one.version(), three.version());
        assert_eq!(one.policy_count(), 2);
    }

    #[test]
    fn load_errors_are_reported() {
        assert!(matches!(
            PolicyBundle::from_files(vec![("x.rego".into(), "package lib\nx := 1\n".into())]),
            Err(BundleError::NoPolicies)
        ));
        assert!(matches!(
            PolicyBundle::from_files(vec![(
                "x.rego".into(),
                "package rce.policies.x\nresult := \n".into()
            )]),
            Err(BundleError::Parse { .. })
        ));
        assert!(matches!(
            PolicyBundle::from_files(vec![("x.txt".into(), String::new())]),
            Err(BundleError::UnsupportedFile(_))
        ));
    }
}

#[cfg(test)]
mod vm_tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;

    fn load_shipped() -> PolicyBundle {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../policies");
        PolicyBundle::load_dir(Path::new(dir)).expect("shipped bundle loads")
    }

    /// One shipped bundle for the tests that never touch its memo.
    fn shipped() -> &'static PolicyBundle {
        static BUNDLE: std::sync::OnceLock<PolicyBundle> = std::sync::OnceLock::new();
        BUNDLE.get_or_init(load_shipped)
    }

    /// A policy input of the documented shape with arbitrary counts and flags.
    fn policy_input() -> impl Strategy<Value = serde_json::Value> {
        let enums = (
            prop::sample::select(vec![
                "discharge_summary",
                "radiology_follow_up",
                "medication_plan",
            ]),
            prop::sample::select(vec!["external", "internal", "managed"]),
            prop::sample::select(vec!["low", "medium", "high", "critical"]),
        );
        let counts = prop::collection::vec(0u32..6, 6);
        let flags = prop::collection::vec(any::<bool>(), 4);
        let numbers = (0u32..4, 0u32..4, 0u32..9, 0.0f64..1.0);
        (enums, counts, flags, numbers).prop_map(|((task, origin, tier), c, f, n)| {
            let total: u32 = c.iter().sum();
            let ratio = if total == 0 {
                0.0
            } else {
                f64::from(c[1] + c[2]) / f64::from(total)
            };
            serde_json::json!({
                "task_type": task,
                "execution_origin": origin,
                "agent": { "risk_tier": tier },
                "claims": {
                    "total": total, "supported": c[0], "partially_supported": c[1],
                    "unsupported": c[2], "contradicted": c[3], "no_citation": c[4],
                    "citation_not_found": c[5], "unsupported_ratio": ratio,
                },
                "medications": { "recommended": n.0, "ungrounded": n.1.min(n.0) },
                "output": {
                    "narrative_present": f[0], "discharge_instructions_present": f[1],
                    "identity_consistent": f[2], "structured_output_error": f[3],
                },
                "sources": { "count": n.2 },
                "thresholds": { "unsupported_ratio_max": n.3 },
            })
        })
    }

    #[test]
    fn a_remembered_answer_is_the_computed_one_and_inputs_do_not_collide() {
        // A bundle of its own: the memo must start empty.
        let bundle = load_shipped();
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        for _ in 0..50 {
            let input = policy_input()
                .new_tree(&mut runner)
                .expect("input")
                .current();
            let computed = bundle.evaluate_uncached(Value::from(input.clone()));
            assert_eq!(bundle.evaluate(input.clone()), computed, "first (computed)");
            assert_eq!(bundle.evaluate(input), computed, "second (remembered)");
        }
        let memo = bundle.memo.lock().expect("memo");
        assert!(!memo.is_empty() && memo.len() <= 50);
    }

    #[test]
    fn the_shipped_bundle_compiles_for_the_vm() {
        let bundle = shipped();
        assert!(bundle.aggregate.is_some());
        assert!(bundle.program.is_some());
    }

    proptest! {
        /// The VM is only a faster way to the interpreter's answer: on the shipped bundle
        /// both give the same results for any input of the documented shape.
        #[test]
        fn vm_and_interpreter_agree(input in policy_input()) {
            let bundle = shipped();
            let input = Value::from(input);
            let interpreted = bundle
                .aggregate
                .as_ref()
                .expect("aggregate")
                .eval_with_input(input.clone())
                .expect("interpreter");
            let mut vm = RegoVM::new();
            vm.load_program(Arc::clone(bundle.program.as_ref().expect("program")));
            vm.set_input(input);
            prop_assert_eq!(vm.execute().expect("vm"), interpreted);
        }
    }
}
