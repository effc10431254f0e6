#!/usr/bin/env bash
# Property-based API test: schemathesis generates inputs from the live /openapi.json and checks
# that nothing answers 5xx and that every response conforms to the schema it documents.
# Starts the debug binary on a free loopback port with a throwaway SQLite database.
set -euo pipefail
cd "$(dirname "$0")/.."
ST_VERSION="4.32.5"
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
if ! .venv/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$ST_VERSION')" 2>/dev/null; then
  .venv/bin/pip install --quiet "schemathesis==$ST_VERSION"
fi
cargo build --quiet -p server --bin runtime-control-service
data="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" CREDENTIAL_STORE=in_memory LOG_LEVEL=silent \
  POLICY_BUNDLE_DIR="$PWD/policies" target/debug/runtime-control-service serve &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break; sleep 0.1; done
.venv/bin/schemathesis run "http://127.0.0.1:$port/openapi.json" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples "${ST_MAX_EXAMPLES:-25}" \
  --workers 2 \
  --seed 1 \
  --no-color
