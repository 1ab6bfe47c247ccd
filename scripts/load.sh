#!/usr/bin/env bash
# Mixed-traffic load over loopback (wrk): 500 connections for 60 s by default, figures per route.
# Builds nothing: run `cargo build --release -p portal` first (figures come from release builds).
# Arguments go to scripts/load.py (--connections, --duration, --url).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
exec python3 scripts/load.py "$@"
