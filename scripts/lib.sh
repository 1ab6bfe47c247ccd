# Shared steps of scripts/run.sh and scripts/test.sh. Source it; do not run it.
# Each step does only what is missing, so the second run of either command is quick.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FRONTEND_APPS=(shell mfe-auth mfe-part mfe-component mfe-mat)

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

require_tools() {
  command -v cargo >/dev/null || die "Rust (cargo) is needed: https://rustup.rs"
  command -v node >/dev/null || die "Node.js 20 is needed"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "Node.js 20 or newer is needed (found $(node --version))"
}

# npm ci is refused by this machine's registry mirror (it lacks other platforms' entries), so install
# from the lockfile with npm install, which keeps the lockfile as it is.
install_node_modules() {
  if [ ! -d "$REPO_ROOT/node_modules" ] || [ "$REPO_ROOT/package-lock.json" -nt "$REPO_ROOT/node_modules/.package-lock.json" ]; then
    log "installing npm packages"
    (cd "$REPO_ROOT" && npm install --prefer-offline --no-audit --no-fund)
  fi
}

# Rebuilds an app when its sources, a shared package or the lockfile are newer than its last build.
build_frontend() {
  local app stamp
  for app in "${FRONTEND_APPS[@]}"; do
    stamp="$REPO_ROOT/$app/dist/mf-manifest.json"
    if [ ! -f "$stamp" ] || [ -n "$(find "$REPO_ROOT/$app/src" "$REPO_ROOT/$app/public" "$REPO_ROOT/$app/webpack.config.cjs" \
        "$REPO_ROOT"/packages/*/src "$REPO_ROOT/packages/build-config" "$REPO_ROOT/package-lock.json" \
        -newer "$stamp" -not -path '*/node_modules/*' -print -quit 2>/dev/null)" ]; then
      log "building $app"
      (cd "$REPO_ROOT" && npm run build -w "$app" --silent)
    fi
  done
}

build_portal() {
  log "building the portal binary"
  (cd "$REPO_ROOT" && cargo build --quiet -p portal)
}
