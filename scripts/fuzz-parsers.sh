#!/usr/bin/env bash
# cargo-fuzz over the parsers that read untrusted text (fuzz/: units, search keywords and filters,
# KiCad symbols and footprints, VRML models), each for SECONDS (default 600), one after another.
#   scripts/fuzz-parsers.sh [SECONDS] [TARGET …]
# Needs the nightly toolchain (sanitizers); installs cargo-fuzz when missing. The corpus grows in
# fuzz/corpus/<target> (not committed), seeded from fuzz/seeds/<target> (small files cut from
# data/). A crash leaves its input in fuzz/artifacts/<target>/ and fails the script; replay it
# with `cargo +nightly fuzz run <target> <file>` from fuzz/. Not part of scripts/test.sh: it needs
# nightly and minutes.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${1:-600}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz-parsers.sh [SECONDS] [TARGET …]" >&2
  exit 2
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(units search_query kicad_symbol kicad_footprint mesh_vrml)
fi
if ! rustup toolchain list | grep -q '^nightly'; then
  echo "the nightly toolchain is missing: rustup toolchain install nightly" >&2
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
# Every target once, so that a build error shows here and not as a failed run.
cargo +nightly fuzz build -O

failed=0
summary=()
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target" "artifacts/$target"
  log="artifacts/$target/run.log"
  started="artifacts/$target/.started"
  touch "$started"
  echo "== $target: ${seconds}s" >&2
  set +e
  # -rss_limit_mb: a parser that needs more than 2 GB for one input is a finding too.
  cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 >"$log" 2>&1
  status=$?
  set -e
  runs=$(grep -E '^stat::number_of_executed_units:' "$log" | awk '{s += $2} END {print s + 0}')
  corpus=$(find "corpus/$target" -type f | wc -l)
  # Findings of this run only (older ones stay for replaying until deleted).
  crashes=$(find "artifacts/$target" -type f -newer "$started" \( -name 'crash-*' -o -name 'oom-*' \
    -o -name 'timeout-*' -o -name 'leak-*' -o -name 'slow-unit-*' \) | wc -l)
  if [ "$status" -eq 0 ] && [ "$crashes" -eq 0 ]; then
    result="ok"
  else
    result="FAILED (exit $status, $crashes finding(s) in fuzz/artifacts/$target, log $log)"
    failed=1
    tail -n 30 "$log" >&2
  fi
  summary+=("$(printf '%-16s %10s executions  corpus %5s  %s' "$target" "$runs" "$corpus" "$result")")
done
printf '%s\n' "${summary[@]}"
exit "$failed"
