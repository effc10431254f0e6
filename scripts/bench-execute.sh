#!/usr/bin/env bash
# Added latency of managed execution, measured on loopback against a zero-delay mock provider:
#   (a) the mock called directly (baseline),
#   (b) POST /runtime/agents/{id}/execute through this service (release build, SQLite),
#   (c) LiteLLM's proxy in front of the same mock (optional; needs litellm[proxy] in .venv).
# Each target gets the same closed-loop load (concurrency C, N requests after a warm-up) from
# crates/server/examples/load.rs; the script prints p50/p90/p99 and the added latency of (b) and
# (c), percentile by percentile, over (a). All traffic stays on 127.0.0.1; counts are bounded.
# Not part of CI.
#
# Usage: scripts/bench-execute.sh [concurrency=32] [requests=3000] [warmup=300]
# Env:   LITELLM=0 skips (c); LITELLM_WORKERS (default 1); LOG_LEVEL for the service (info).
# LiteLLM setup (its own venv, kept apart from the test tools'):
#   python3 -m venv .venv-litellm && .venv-litellm/bin/pip install 'litellm[proxy]==1.106.2'
set -euo pipefail
cd "$(dirname "$0")/.."

conc="${1:-32}"
total="${2:-3000}"
warm="${3:-300}"
litellm_bin="${LITELLM_BIN:-$PWD/.venv-litellm/bin/litellm}"
# shellcheck source=scripts/bench-common.sh
source scripts/bench-common.sh

echo "== building (release): service, load generator, mock provider"
cargo build --release -q -p server --bin runtime-control-service --example load --example mock_provider
bin=target/release/runtime-control-service
load=target/release/examples/load
mock=target/release/examples/mock_provider

# ---- the mock provider ----
mock_port="$(free_port)"
"$mock" "$mock_port" > "$work/mock.out" &
pids+=($!)
until grep -q listening "$work/mock.out" 2>/dev/null; do sleep 0.05; done
mock_base="http://127.0.0.1:$mock_port/v1"

NOTE="Patient admitted with community-acquired pneumonia. Treated with ceftriaxone 1 g IV daily. Afebrile for 48 hours before discharge. Follow-up with primary care in two weeks."
INSTRUCTIONS="Write the discharge summary for the primary care team."

# A chat request of the size the service sends (system rules + schema, user prompt with source).
python3 - "$work" "$NOTE" "$INSTRUCTIONS" <<'EOF'
import json, sys
work, note, instructions = sys.argv[1:4]
system = "You are a clinical documentation agent. Rules: use only facts from the sources; " * 40
user = f"Task type: discharge_summary\n\nInstructions:\n{instructions}\n\n<source source_id=\"src-1\">\n{note}\n</source>\n"
chat = {"model": "bench-model", "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}], "max_tokens": 900}
json.dump(chat, open(f"{work}/chat.json", "w"))
execute = {"case_id": "case-bench-1", "task_type": "discharge_summary", "instructions": instructions,
           "source_references": [{"source_id": "src-1", "source_type": "discharge_note", "title": "Discharge note",
                                   "content": note, "authored_at": "2026-01-10T08:00:00Z"}],
           "user_role": "physician"}
json.dump(execute, open(f"{work}/execute.json", "w"))
EOF

# Besides the closed loop (every target saturated at concurrency $conc, so the added latency
# is mostly queueing), each target is also driven open loop at a fixed rate with the same
# concurrency cap: at a rate every target sustains, the added latency is the proxy's own
# cost per request. Rates: $paced_all/s for all three, $paced_fast/s for direct and this service.
paced_all="${PACED_ALL:-50}"
paced_fast="${PACED_FAST:-500}"

run_load() { # label url body [rate] -> prints the load line, records it
  local label="$1" url="$2" body="$3" rate="${4:-}" line
  if [ -z "$rate" ]; then
    "$load" "$url" "$body" "$conc" "$warm" > /dev/null
    line="$("$load" "$url" "$body" "$conc" "$total")"
  else
    # About 20 seconds (at least 1,000 requests) at the given rate.
    line="$("$load" "$url" "$body" "$conc" "$(( rate * 20 > 1000 ? rate * 20 : 1000 ))" "$rate")"
  fi
  echo "$label${rate:+ @${rate}/s}: $line"
  echo "$label $line" >> "$work/results${rate:+-$rate}"
}

echo "== (a) direct to the mock (concurrency $conc, $total requests, $warm warm-up)"
run_load direct "$mock_base/chat/completions" "$work/chat.json"
run_load direct "$mock_base/chat/completions" "$work/chat.json" "$paced_all"
run_load direct "$mock_base/chat/completions" "$work/chat.json" "$paced_fast"

# ---- (b) this service ----
svc_port="$(free_port)"
mkdir -p "$work/data"
PORT="$svc_port" HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL="${LOG_LEVEL:-info}" \
  POLICY_BUNDLE_DIR="$PWD/policies" OPENAI_BASE_URL="$mock_base" \
  "$bin" serve > "$work/service.log" 2>&1 &
pids+=($!)
svc="http://127.0.0.1:$svc_port"
wait_http "$svc/ready" 60
# Default tenant: the load generator sends no X-Tenant-ID.
post() { curl -fsS -X POST -H 'content-type: application/json' "$svc$1" ${2:+-d "$2"}; }
conn_id="$(post /runtime/provider-connections '{"provider":"openai","display_name":"Bench account","credential":"sk-bench-tenant"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["connection_id"])')"
post "/runtime/provider-connections/$conn_id/validate" > /dev/null
prof_id="$(post /runtime/execution-profiles "{\"display_name\":\"Bench\",\"provider\":\"openai\",\"adapter_id\":\"openai\",\"provider_connection_id\":\"$conn_id\",\"model\":\"bench-model\",\"max_output_tokens\":900,\"timeout_ms\":30000,\"status\":\"active\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["profile_id"])')"
post /runtime/agents "{\"agent_id\":\"bench-agent\",\"name\":\"Bench\",\"owner\":\"bench\",\"version\":\"1.0.0\",\"clinical_domain\":\"medicine\",\"allowed_tasks\":[\"discharge_summary\"],\"capabilities\":[\"summarization\"],\"model_provider\":\"openai\",\"model_version\":\"bench-model\",\"risk_tier\":\"medium\",\"status\":\"active\",\"execution_profile_id\":\"$prof_id\"}" > /dev/null
check="$(curl -fsS -X POST -H 'content-type: application/json' "$svc/runtime/agents/bench-agent/execute" -d @"$work/execute.json")"
echo "   one execution: $(echo "$check" | python3 -c 'import json,sys; b=json.load(sys.stdin); print(b["control_action"], b["execution_metadata"])')"

echo "== (b) POST /runtime/agents/{id}/execute through this service (release, SQLite)"
run_load service "$svc/runtime/agents/bench-agent/execute" "$work/execute.json"
run_load service "$svc/runtime/agents/bench-agent/execute" "$work/execute.json" "$paced_all"
run_load service "$svc/runtime/agents/bench-agent/execute" "$work/execute.json" "$paced_fast"
kill -TERM "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; unset 'pids[-1]'

# ---- (c) LiteLLM proxy ----
if [ "${LITELLM:-1}" != "0" ] && [ -x "$litellm_bin" ]; then
  ll_port="$(free_port)"
  cat > "$work/litellm.yaml" <<EOF
model_list:
  - model_name: bench-model
    litellm_params:
      model: openai/bench-model
      api_base: $mock_base
      api_key: sk-bench-tenant
litellm_settings:
  telemetry: false
  callbacks: []
  success_callback: []
  failure_callback: []
  turn_off_message_logging: true
  set_verbose: false
  json_logs: false
general_settings:
  disable_spend_logs: true
  disable_error_logs: true
EOF
  echo "== (c) LiteLLM $("$(dirname "$litellm_bin")/pip" show litellm 2>/dev/null | awk '/^Version/ {print $2}') proxy, ${LITELLM_WORKERS:-1} worker(s)"
  # Local cost map (no fetch from the internet), no telemetry, loopback only.
  # No master key: like this service (API_KEY_REQUIRED=false), no auth on the loopback path,
  # which LiteLLM now only allows with an explicit development-only switch.
  LITELLM_DANGEROUSLY_PERMIT_WEAK_OR_UNSET_MASTER_KEY=true \
  LITELLM_LOCAL_MODEL_COST_MAP=True LITELLM_TELEMETRY=False LITELLM_LOG=ERROR NO_PROXY='*' \
    "$litellm_bin" --config "$work/litellm.yaml" --host 127.0.0.1 --port "$ll_port" \
    --num_workers "${LITELLM_WORKERS:-1}" --telemetry False > "$work/litellm.log" 2>&1 &
  pids+=($!)
  ( wait_http "http://127.0.0.1:$ll_port/health/liveliness" 120 ) || { tail -20 "$work/litellm.log"; exit 1; }
  run_load litellm "http://127.0.0.1:$ll_port/v1/chat/completions" "$work/chat.json"
  run_load litellm "http://127.0.0.1:$ll_port/v1/chat/completions" "$work/chat.json" "$paced_all"
else
  echo "== (c) LiteLLM skipped (LITELLM=0 or no $litellm_bin)"
fi

echo "== added latency over direct (percentile by percentile)"
for results in "$work/results" "$work/results-$paced_all" "$work/results-$paced_fast"; do
  case "$results" in
    */results) echo "-- closed loop, concurrency $conc" ;;
    *) echo "-- open loop at ${results##*-} req/s, concurrency cap $conc" ;;
  esac
  python3 - "$results" <<'EOF'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    label, rest = line.split(" ", 1)
    rows[label] = {k: float(v.rstrip("ms/s")) for k, v in re.findall(r"(\w+)=([\d.]+(?:ms|/s)?)", rest)}
base = rows["direct"]
print(f"{'target':<10}{'rps':>8}{'p50 ms':>10}{'p90 ms':>10}{'p99 ms':>10}{'+p50 ms':>10}{'+p90 ms':>10}{'+p99 ms':>10}{'errors':>8}")
for label, r in rows.items():
    add = lambda p: r[p] - base[p]
    print(f"{label:<10}{r['throughput']:>8.0f}{r['p50']:>10.2f}{r['p90']:>10.2f}{r['p99']:>10.2f}"
          f"{add('p50'):>10.2f}{add('p90'):>10.2f}{add('p99'):>10.2f}{int(r['errors']):>8}")
EOF
done
