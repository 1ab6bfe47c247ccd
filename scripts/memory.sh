#!/usr/bin/env bash
# Resident memory of the portal under attack-shaped bursts (logins, large part PUTs); see scripts/memory.py.
# Builds nothing: run `cargo build --release -p portal` first (figures come from release builds).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/memory.py "$@"
