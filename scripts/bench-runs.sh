#!/usr/bin/env bash
# Load run of POST /runtime/agent-runs against the release binary on loopback, on SQLite and
# (when it answers on 127.0.0.1:5432) on a fresh PostgreSQL database. Every acknowledged run is
# a committed session + run + decision record + timeline + counters.
#
# Two bodies: "small" (1 source, 2 claims) and "bench" (the criterion bench's input: 8 sources
# of about 1.5 KB, 12 claims, 3 medication recommendations). For each: a closed loop at
# concurrency C (throughput, p50/p99), then the same body paced at 1,000 runs/s (p99 at a fixed
# rate). The load generator shares the machine's cores with the service. Not part of CI.
#
# Usage: scripts/bench-runs.sh [concurrency=32] [requests=20000]
set -euo pipefail
cd "$(dirname "$0")/.."
conc="${1:-32}"
total="${2:-20000}"
# shellcheck source=scripts/bench-common.sh
source scripts/bench-common.sh

echo "== building (release): service and load generator"
cargo build --release -q -p server --bin runtime-control-service --example load
bin=target/release/runtime-control-service
load=target/release/examples/load

python3 - "$work" <<'EOF'
import json, sys
work = sys.argv[1]
identity = {"agent_id": "load-agent", "agent_version": "1.0.0", "model_provider": "acme",
            "model_version": "m1", "task_type": "discharge_summary"}
def run(sources, claims, meds):
    return {"agent_id": "load-agent", "case_id": "case-load", "task_type": "discharge_summary",
            "model_provider": "acme", "model_version": "m1", "source_references": sources,
            "agent_output": {"identity": identity, "generated_at": "2026-10-01T00:00:00Z",
                             "narrative": "Discharge summary draft.", "claims": claims,
                             "medication_recommendations": meds,
                             "discharge_instructions_present": True}}
small = run(
    [{"source_id": "note-1", "source_type": "discharge_note", "title": "Discharge note",
      "content": "Admitted with pneumonia. Treated with ceftriaxone 1 g IV daily. Afebrile for 48 hours.",
      "authored_at": "2026-01-10T08:00:00Z"}],
    [{"claim_id": "c1", "claim_type": "diagnosis", "statement": "Admitted with pneumonia.",
      "supporting_source_ids": ["note-1"]},
     {"claim_id": "c2", "claim_type": "medication", "statement": "Treated with ceftriaxone 1 g IV daily.",
      "supporting_source_ids": ["note-1"]}],
    [])
d = json.load(open("crates/evaluation/benches/data/pipeline_input.json"))
bench = run(d["sources"], d["claims"], d["medication_recommendations"])
json.dump(small, open(f"{work}/small.json", "w"))
json.dump(bench, open(f"{work}/bench.json", "w"))
print(f"   bodies: small {len(json.dumps(small))} B, bench {len(json.dumps(bench))} B")
EOF

bench_backend() { # label database_url
  local label="$1" url="$2" port svc
  port="$(free_port)"
  mkdir -p "$work/$label"
  PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/$label" DATABASE_URL="$url" LOG_LEVEL="${LOG_LEVEL:-info}" \
    CREDENTIAL_STORE=in_memory POLICY_BUNDLE_DIR="$PWD/policies" "$bin" serve > "$work/$label.log" 2>&1 &
  pids+=($!)
  svc="http://127.0.0.1:$port"
  wait_http "$svc/ready" 60
  curl -fsS -X POST -H 'content-type: application/json' "$svc/runtime/agents" -d '{"agent_id":"load-agent",
    "name":"Load","owner":"bench","version":"1.0.0","clinical_domain":"medicine","allowed_tasks":["discharge_summary"],
    "capabilities":["summarization"],"model_provider":"acme","model_version":"m1","risk_tier":"medium","status":"active"}' > /dev/null
  for body in small bench; do
    "$load" "$svc/runtime/agent-runs" "$work/$body.json" "$conc" 500 > /dev/null   # warm-up
    echo "$label $body closed loop c=$conc: $("$load" "$svc/runtime/agent-runs" "$work/$body.json" "$conc" "$total")"
    echo "$label $body paced 1000/s c=$conc: $("$load" "$svc/runtime/agent-runs" "$work/$body.json" "$conc" 10000 1000)"
  done
  local m
  m="$(curl -fsS "$svc/runtime/metrics")"
  echo "$label runs recorded (metrics): $(echo "$m" | python3 -c 'import json,sys; print(json.load(sys.stdin)["runs"]["total"])')"
  kill -TERM "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; unset 'pids[-1]'
}

echo "== SQLite (WAL, synchronous=NORMAL)"
bench_backend sqlite "sqlite://$work/sqlite/bench.db"

if pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  db="rce_bench_$$"
  psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $db" postgres
  echo "== PostgreSQL ($db)"
  bench_backend postgres "postgres://postgres@127.0.0.1:5432/$db"
  psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE $db WITH (FORCE)" postgres
else
  echo "== PostgreSQL not reachable: skipped"
fi
