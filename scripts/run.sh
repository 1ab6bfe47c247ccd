#!/usr/bin/env bash
# Builds what is missing and starts the all-in-one portal (embedded default: SQLite files, in-process
# cache, development outbox) on PORTAL_ADDR (default 127.0.0.1:8080) with the seed data under
# PORTAL_DATA_DIR (default ./var). The portal prints its URL once it listens.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
require_tools
install_node_modules
build_frontend
build_portal
cd "$REPO_ROOT"
exec "$REPO_ROOT/target/debug/portal" serve
