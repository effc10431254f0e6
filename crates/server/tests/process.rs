//! The built binary as an operator runs it: settings refused at start, one JSON log line per
//! request, graceful shutdown, and no credential or body text in the log on any path.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_runtime-control-service");

fn policies() -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../policies")
        .display()
        .to_string()
}

#[test]
fn invalid_critical_settings_stop_the_process_naming_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("PORT", "notaport-canary"),
        ("PORT", "70000"),
        ("LOG_LEVEL", "chatty-canary"),
        ("DATABASE_URL", "mysql://canary-host/db"),
        ("CREDENTIAL_ENCRYPTION_KEY", "c2hvcnQtY2FuYXJ5"),
    ];
    for (name, value) in cases {
        let out = Command::new(BIN)
            .arg("serve")
            .env("DATA_DIR", dir.path())
            .env("POLICY_BUNDLE_DIR", policies())
            .env(name, value)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}={value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(name), "{err}");
        assert!(
            !err.contains(value) && !err.contains("canary"),
            "the value must not be echoed: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let out = Command::new(BIN)
        .arg("serve")
        .env("DATA_DIR", dir.path())
        .env("ENVIRONMENT", "production")
        .env("CREDENTIAL_STORE", "in_memory")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("CREDENTIAL_STORE"));
    let ok = Command::new(BIN)
        .arg("check-config")
        .env("DATA_DIR", dir.path())
        .output()
        .unwrap();
    assert!(ok.status.success());
    let schema = Command::new(BIN).arg("openapi").output().unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&schema.stdout).unwrap();
    assert!(doc["paths"]["/runtime/agent-runs"].is_object());
    let migrate = Command::new(BIN)
        .arg("migrate")
        .env("DATA_DIR", dir.path())
        .output()
        .unwrap();
    assert!(
        migrate.status.success(),
        "{}",
        String::from_utf8_lossy(&migrate.stderr)
    );
}

struct Service {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    addr: String,
    _dir: tempfile::TempDir,
}

fn start(extra: &[(&str, &str)]) -> Service {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(BIN);
    cmd.arg("serve")
        .env("PORT", "0")
        .env("HOST", "127.0.0.1")
        .env("DATA_DIR", dir.path())
        .env("POLICY_BUNDLE_DIR", policies())
        .env("LOG_LEVEL", "trace")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in extra {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut addr = None;
    while addr.is_none() {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("a listening line");
        let v: serde_json::Value = serde_json::from_str(&line).expect("every log line is JSON");
        if v["message"] == "listening" {
            addr = v["address"].as_str().map(str::to_owned);
        }
    }
    Service {
        child,
        lines: rx,
        addr: format!("http://{}", addr.unwrap()),
        _dir: dir,
    }
}

impl Service {
    /// Stops with SIGTERM and returns every log line written after start.
    fn stop(mut self) -> (Vec<String>, std::process::ExitStatus) {
        Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        let status = self.child.wait().unwrap();
        let mut lines = vec![];
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(500)) {
            lines.push(l);
        }
        (lines, status)
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn logs_carry_one_json_line_per_request_and_never_a_secret_or_body() {
    let svc = start(&[]);
    let c = reqwest::Client::new();
    let b = svc.addr.clone();
    let secret = "sk-CANARY-SECRET-4f9a";
    let rotated = "sk-CANARY-ROTATED-77b1";
    let body_text = "CANARY-BODY-TEXT-93c2";
    let mut requests = 0;
    let mut send = |r: reqwest::RequestBuilder| {
        requests += 1;
        r
    };
    let conn: serde_json::Value = send(c.post(format!("{b}/runtime/provider-connections")))
        .header("x-tenant-id", "hosp-1")
        .header("authorization", "Bearer CANARY-BEARER-TOKEN")
        .json(&serde_json::json!({"provider": "openai", "display_name": body_text, "credential": secret}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = conn["connection_id"].as_str().unwrap().to_owned();
    let path = format!("{b}/runtime/provider-connections/{id}");
    send(c.post(format!("{path}/rotate-credential")))
        .header("x-tenant-id", "hosp-1")
        .json(&serde_json::json!({"credential": rotated}))
        .send()
        .await
        .unwrap();
    send(c.post(format!("{path}/validate")))
        .header("x-tenant-id", "hosp-1")
        .send()
        .await
        .unwrap();
    send(c.patch(&path))
        .header("x-tenant-id", "hosp-1")
        .json(&serde_json::json!({"display_name": body_text, "metadata": {"note": body_text}}))
        .send()
        .await
        .unwrap();
    // Error paths, each carrying canaries in the body or query string.
    send(c.patch(&path))
        .header("x-tenant-id", "hosp-1")
        .json(&serde_json::json!({"CANARY-FIELD-NAME": body_text}))
        .send()
        .await
        .unwrap();
    send(c.post(format!("{b}/runtime/provider-connections")))
        .header("content-type", "application/json")
        .body(format!("{{\"credential\": \"{secret}\""))
        .send()
        .await
        .unwrap();
    send(c.post(format!("{b}/runtime/provider-connections")))
        .json(
            &serde_json::json!({"provider": body_text, "display_name": "x", "credential": secret}),
        )
        .send()
        .await
        .unwrap();
    send(c.post(format!("{b}/runtime/provider-connections")))
        .header("content-type", "text/plain")
        .body(secret)
        .send()
        .await
        .unwrap();
    send(c.get(format!("{b}/runtime/agents?status={body_text}")))
        .send()
        .await
        .unwrap();
    send(c.get(format!("{b}/runtime/agents?cursor={secret}")))
        .send()
        .await
        .unwrap();
    send(c.post(format!("{b}/runtime/agent-runs")))
        .json(&serde_json::json!({"agent_id": "x", "case_id": body_text}))
        .send()
        .await
        .unwrap();
    send(c.get(format!("{b}/runtime/nowhere/{body_text}")))
        .send()
        .await
        .unwrap();
    send(c.get(path.to_string()))
        .header("x-tenant-id", "hosp-2")
        .send()
        .await
        .unwrap();
    let (lines, status) = svc.stop();
    assert!(status.success(), "graceful shutdown exits 0");
    let all = lines.join("\n");
    for canary in [
        secret,
        rotated,
        body_text,
        "CANARY-BEARER-TOKEN",
        "CANARY-FIELD-NAME",
    ] {
        // The 404 route line logs the raw path of an unknown route; bodies and queries never.
        let offending: Vec<&String> = lines
            .iter()
            .filter(|l| l.contains(canary) && !l.contains("route_not_found"))
            .collect();
        assert!(offending.is_empty(), "{canary} leaked: {offending:?}");
    }
    assert!(!all.contains(secret) && !all.contains(rotated));
    let request_lines: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON line"))
        .filter(|v| v["message"] == "request")
        .collect();
    assert_eq!(
        request_lines.len(),
        requests,
        "exactly one line per request"
    );
    for v in &request_lines {
        for k in [
            "method",
            "path",
            "status",
            "duration_ms",
            "correlation_id",
            "tenant_id",
        ] {
            assert!(!v[k].is_null(), "{k} missing in {v}");
        }
        assert!(
            !v["path"].as_str().unwrap().contains('?'),
            "no query string in {v}"
        );
        if v["status"].as_u64().unwrap() >= 400 {
            assert!(v["error.name"].is_string(), "errors add error.name: {v}");
            assert!(
                v["error.message"].is_string(),
                "errors add error.message: {v}"
            );
        }
    }
    assert_eq!(request_lines[0]["tenant_id"], "hosp-1");
    assert_eq!(request_lines[0]["path"], "/runtime/provider-connections");
    assert!(request_lines
        .iter()
        .any(|v| v["path"] == "/runtime/provider-connections/{id}/validate"));
}

#[test]
fn silent_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let child = Command::new(BIN)
        .arg("serve")
        .env("PORT", "0")
        .env("HOST", "127.0.0.1")
        .env("DATA_DIR", dir.path())
        .env("POLICY_BUNDLE_DIR", policies())
        .env("LOG_LEVEL", "silent")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(2));
    Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
