#!/usr/bin/env bash
# Installs what the tests need and runs every test: ESLint and Prettier, cargo nextest (Rust unit + integration),
# vitest (packages, apps, install checks), the generated API types against the OpenAPI documents and Playwright
# (browser journeys against the built portal binary).
# Rust and browser tests run on SQLite and on PostgreSQL and Redis. The Rust tests of PostgreSQL/Redis fail when
# those do not answer (a test that did not run is not a pass); the browser tests add the PostgreSQL project when
# both answer. PORTAL_TEST_REQUIRE_SERVICES=1 (set by .ci/run) also stops the command at once when they are missing.
# Ends with one line `N passed, N failed` over all runners; exits non-zero if anything failed.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
require_tools

POSTGRES_URL="${PORTAL_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
REDIS_URL="${PORTAL_TEST_REDIS_URL:-redis://127.0.0.1:6379}"
REPORTS="$REPO_ROOT/reports"

install_system_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
  # CalculiX solves the materials' exported CAE cards (backends/mat-cae tests/solver).
  command -v ccx >/dev/null || missing+=(calculix-ccx)
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]} (browser tests: without the CJK fonts Chinese renders as boxes; ccx: the CAE export check)"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
    || die "could not install ${missing[*]}"
}

# The accounts tests send e-mail to a real SMTP server process: aiosmtpd from PyPI.
# The file tests run the S3 store against a real S3-compatible server process: moto[server].
install_python_packages() {
  if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
    log "installing aiosmtpd (SMTP server for the accounts e-mail tests)"
    python3 -m pip install --quiet --disable-pip-version-check aiosmtpd==1.4.6 || die "could not install aiosmtpd"
  fi
  if ! command -v st >/dev/null; then
    log "installing schemathesis (API fuzzing against the OpenAPI documents)"
    python3 -m pip install --quiet --disable-pip-version-check 'schemathesis==4.32.5' || die "could not install schemathesis"
  fi
  if ! python3 -c 'import ezdxf' 2>/dev/null; then
    log "installing ezdxf (reads the generated parts' DXF drawings)"
    python3 -m pip install --quiet --disable-pip-version-check 'ezdxf==1.4.3' || die "could not install ezdxf"
  fi
  if ! python3 -c 'import moto.server, flask' 2>/dev/null; then
    log "installing moto[server] (S3-compatible server for the file storage tests)"
    python3 -m pip install --quiet --disable-pip-version-check 'moto[server]==5.2.1' || die "could not install moto[server]"
  fi
}

ensure_nextest() {
  cargo nextest --version >/dev/null 2>&1 && return 0
  log "installing cargo-nextest"
  cargo install --locked cargo-nextest >/dev/null || die "could not install cargo-nextest"
}

tcp_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

host_port_of() { # postgres://user@host:port/db or redis://host:port → "host port"
  local rest="${1#*://}"; rest="${rest#*@}"; rest="${rest%%/*}"
  echo "${rest%%:*} ${rest##*:}"
}

detect_services() {
  local pg redis
  read -r pg_host pg_port <<<"$(host_port_of "$POSTGRES_URL")"
  read -r redis_host redis_port <<<"$(host_port_of "$REDIS_URL")"
  if tcp_open "$pg_host" "$pg_port"; then pg=1; else pg=0; fi
  if tcp_open "$redis_host" "$redis_port"; then redis=1; else redis=0; fi
  if [ "${PORTAL_TEST_REQUIRE_SERVICES:-0}" = 1 ]; then
    [ $pg = 1 ] || die "PostgreSQL is required but $POSTGRES_URL does not answer"
    [ $redis = 1 ] || die "Redis is required but $REDIS_URL does not answer"
  fi
  if [ $pg = 1 ]; then export PORTAL_TEST_POSTGRES_URL="$POSTGRES_URL"; log "PostgreSQL: $POSTGRES_URL"; else log "PostgreSQL not reachable: its Rust tests will fail, browser tests on SQLite only"; fi
  if [ $redis = 1 ]; then export PORTAL_TEST_REDIS_URL="$REDIS_URL"; log "Redis: $REDIS_URL"; else log "Redis not reachable: its Rust tests will fail"; fi
  if [ $pg = 1 ] && [ $redis = 1 ]; then
    # The browser tests' second portal keeps its databases apart from anyone else's on that server.
    export E2E_POSTGRES_URL="${POSTGRES_URL%/*}" E2E_REDIS_URL="$REDIS_URL"
  fi
}

status=0
step() { # name command...: runs a step, remembers a failure, carries on so every runner reports
  local name="$1"; shift
  log "$name"
  if ! "$@"; then
    printf '\033[1;31mFAILED:\033[0m %s\n' "$name" >&2
    status=1
  fi
}

install_system_packages
install_python_packages
install_node_modules
ensure_nextest
detect_services
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
cd "$REPO_ROOT"

step "type check (tsc)" npx tsc -p tsconfig.json --noEmit
step "type check (e2e)" npx tsc -p e2e/tsconfig.json --noEmit
step "lint (eslint)" node scripts/lint.mjs --junit "$REPORTS/lint.xml"
step "format (prettier)" node scripts/format-check.mjs --junit "$REPORTS/format.xml"
step "vitest" npx vitest run --reporter=default --reporter=junit --outputFile.junit="$REPORTS/vitest.xml"
step "cargo nextest" cargo nextest run --workspace --profile ci --no-fail-fast
cp target/nextest/ci/junit.xml "$REPORTS/nextest.xml" 2>/dev/null
# Generated standard parts read back by OpenCascade, the glTF validator and ezdxf (issue 16).
step "part geometry against real readers" node scripts/part-geometry-check.mjs --junit "$REPORTS/part-geometry.xml"
step "build the front-end" build_frontend
step "build the portal" build_portal
# The committed TypeScript API types are what the services' OpenAPI documents give today (issue 15).
step "generated API types (packages/api-types) match the OpenAPI documents" node scripts/api-types.mjs --check --junit "$REPORTS/api-types.xml"
# First-load JavaScript of the library pages, measured in Chromium against the built portal (issue 13).
step "bundle budget (first-load JS no heavier than today; target 250 KB gzipped)" node scripts/bundle-budget.mjs --junit "$REPORTS/bundle-budget.xml"
step "fuzz the APIs (schemathesis, short run)" scripts/fuzz.sh --quick --report-dir "$REPORTS"
# Two lanes side by side, each with its own portal, port and report (e2e/playwright.config.ts): the shell's
# journeys on SQLite, the storage journeys on PostgreSQL + Redis. In one process, with the storage journeys
# on both storages, the journeys took 40 of CI's 90 minutes and CI ran out of time (docs/testing.md).
playwright_lanes() {
  local pids=() lane status=0
  for lane in shell storage; do
    local sqlite_port=18080 standin_port=18395
    [ "$lane" = shell ] && sqlite_port=18082 standin_port=18396
    (cd "$REPO_ROOT/e2e" && E2E_LANE=$lane E2E_SQLITE_PORT=$sqlite_port E2E_WECHAT_STANDIN_PORT=$standin_port \
      npx playwright test 2>&1 | sed -u "s/^/[$lane] /") &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  return $status
}
step "playwright" playwright_lanes

python3 "$REPO_ROOT/scripts/junit-summary.py" "$REPORTS/nextest.xml" "$REPORTS/vitest.xml" "$REPORTS/playwright-shell.xml" "$REPORTS/playwright-storage.xml" \
  "$REPORTS"/fuzz-{system,component,part,mat}.xml "$REPORTS/bundle-budget.xml" \
  "$REPORTS/lint.xml" "$REPORTS/format.xml" "$REPORTS/api-types.xml" "$REPORTS/part-geometry.xml" | tail -1 > "$REPORTS/summary.txt"
summary="$(cat "$REPORTS/summary.txt")"
case "$summary" in *" 0 failed") ;; *) status=1 ;; esac
echo "$summary"
exit $status
