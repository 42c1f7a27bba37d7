#!/usr/bin/env bash
# Builds the app and serves it locally, rebuilding on change: scripts/serve.sh [PORT]
# (default 8080; ADDRESS=0.0.0.0 to listen on every interface). Runs scripts/setup.sh first.
# Set SERVE_DEBUG=1 for a faster, unoptimized debug build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

"$ROOT/scripts/setup.sh"

port="${1:-${PORT:-8080}}"
address="${ADDRESS:-127.0.0.1}"
release=(--release)
[ "${SERVE_DEBUG:-0}" = 1 ] && release=()

step "serve: http://$address:$port/  (Ctrl-C to stop; the first build takes a few minutes)"
exec trunk serve "${release[@]}" --address "$address" --port "$port"
