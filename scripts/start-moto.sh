#!/usr/bin/env bash
# Starts a moto server (AWS emulator) on loopback for the credentials crate's Secrets Manager
# tests, so they run against a real HTTP API instead of skipping.
#
# Usage:
#   source scripts/start-moto.sh [port]      # exports MOTO_ENDPOINT and MOTO_PID in this shell
#   eval "$(scripts/start-moto.sh [port])"   # same, from a subshell: prints export lines
#   cargo test -p credentials
#   kill "$MOTO_PID"                          # when done
#
# Without a port a free one is picked. Creates <repo>/.venv on first use and installs the pinned
# moto[server] into it (PyPI access needed once). Log: <repo>/target/moto.log.

MOTO_VERSION="5.2.5"

_moto_main() {
    local root venv port log pid i
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
    venv="$root/.venv"
    log="$root/target/moto.log"

    if [ ! -x "$venv/bin/moto_server" ] ||
        ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('moto') != '$MOTO_VERSION')" 2>/dev/null; then
        echo "installing moto[server]==$MOTO_VERSION into $venv" >&2
        python3 -m venv "$venv" >&2 || return 1
        "$venv/bin/pip" install --quiet "moto[server]==$MOTO_VERSION" >&2 || return 1
    fi

    port="${1:-}"
    if [ -z "$port" ]; then
        # Bind port 0 to let the kernel choose; the tiny window before moto binds it is fine.
        port="$("$venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')" || return 1
    fi

    mkdir -p "$root/target"
    nohup "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$log" 2>&1 &
    pid=$!

    # moto answers /moto-api/ once it is serving; give it up to 30 s on a busy machine.
    for i in $(seq 1 150); do
        if "$venv/bin/python" -c "import urllib.request, sys; urllib.request.urlopen('http://127.0.0.1:$port/moto-api/', timeout=1)" 2>/dev/null; then
            MOTO_ENDPOINT="http://127.0.0.1:$port"
            MOTO_PID="$pid"
            echo "export MOTO_ENDPOINT=$MOTO_ENDPOINT"
            echo "export MOTO_PID=$MOTO_PID"
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "moto_server exited early; see $log" >&2
            return 1
        fi
        sleep 0.2
    done
    echo "moto_server did not answer on port $port within 30 s; see $log" >&2
    kill "$pid" 2>/dev/null
    return 1
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
    # Sourced: export into the caller's shell.
    if _moto_main "$@" >/dev/null; then
        export MOTO_ENDPOINT MOTO_PID
        echo "MOTO_ENDPOINT=$MOTO_ENDPOINT (pid $MOTO_PID)" >&2
    else
        return 1
    fi
else
    set -u
    _moto_main "$@" || exit 1
fi
