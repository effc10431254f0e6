#!/usr/bin/env bash
# The whole test suite: format, lint, and every test on SQLite; then the storage-touching
# tests again on PostgreSQL, the AWS backend against moto, and schemathesis against the live
# schema. Steps whose external service is missing are skipped locally and fail in CI (CI=true).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# Same rule as the tests' own skip logic: any non-empty CI means "never pass by skipping".
in_ci() { [ -n "${CI:-}" ]; }
runner() {
  if cargo nextest --version >/dev/null 2>&1; then cargo nextest run --no-fail-fast "$@"; else cargo test --no-fail-fast "$@"; fi
}
# The PostgreSQL run selects the storage-touching packages by a filter, not by `-p`: with `-p`
# cargo unifies features over fewer packages and builds every dependency a second time, which
# doubles the target directory (CI once ran out of disk on it).
storage_runner() {
  if cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --no-fail-fast --workspace -E 'package(server) | package(store)'
  else
    cargo test --no-fail-fast --workspace
  fi
}

echo "== fmt"; cargo fmt --all -- --check
echo "== clippy"; cargo clippy --workspace --all-targets -- -D warnings

# moto (AWS Secrets Manager emulator) for the credentials and server AWS tests, when available.
# Sourcing exports MOTO_ENDPOINT into this shell, so every cargo test process below sees it;
# a failure to start stops the script (set -e). Stopped again when this script exits.
if [ -z "${MOTO_ENDPOINT:-}" ] && { in_ci || [ -x .venv/bin/moto_server ]; }; then
  # shellcheck disable=SC1091
  source scripts/start-moto.sh
  trap 'kill "$MOTO_PID" 2>/dev/null || true' EXIT
fi
if [ -n "${MOTO_ENDPOINT:-}" ]; then
  echo "== moto at $MOTO_ENDPOINT"
else
  echo "== moto not available: the Secrets Manager tests print SKIPPED (CI runs them)"
fi

echo "== tests on SQLite"
runner --workspace

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  echo "== tests on PostgreSQL"
  TEST_DATABASE_URL="$PG_URL" storage_runner
elif in_ci; then
  echo "PostgreSQL is required in CI but is not reachable" >&2; exit 1
else
  echo "== PostgreSQL not reachable: skipped the PostgreSQL run (CI runs it)"
fi

if [ -x scripts/schemathesis.sh ]; then
  echo "== schemathesis"
  scripts/schemathesis.sh
fi
