#!/usr/bin/env bash
# Time from process start to /ready answering 200 on a fresh SQLite data directory (first start,
# migrations included) and on a second start, plus idle resident memory. Loopback only.
# Usage: scripts/measure-startup.sh [binary]   (default: target/release/runtime-control-service)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-target/release/runtime-control-service}"
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
measure() {
  local start end pid
  start=$(date +%s%N)
  PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" LOG_LEVEL=silent POLICY_BUNDLE_DIR="$PWD/policies" "$bin" serve &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/ready"; do sleep 0.005; done
  end=$(date +%s%N)
  echo "$1: ready after $(( (end - start) / 1000000 )) ms"
  sleep 2
  echo "$1: idle RSS $(awk '/VmRSS/ {print $2, $3}' /proc/$pid/status)"
  kill -TERM "$pid"; wait "$pid" || true
}
measure "first start (creates database and key)"
measure "second start"
