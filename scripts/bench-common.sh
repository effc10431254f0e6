# Shared by the bench scripts (sourced): a work directory, background processes that are
# stopped on exit, and small loopback helpers.
work="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
wait_http() { # url, seconds
  local i=0
  until curl -fs -o /dev/null "$1"; do
    sleep 0.1; i=$((i + 1))
    if [ "$i" -gt $(( $2 * 10 )) ]; then echo "timed out waiting for $1" >&2; exit 1; fi
  done
}
