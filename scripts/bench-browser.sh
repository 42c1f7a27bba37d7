#!/usr/bin/env bash
# Monte Carlo throughput in headless Chromium (the browser half of scripts/bench.sh).
#
#   scripts/bench-browser.sh [PAIRS] [RUNS]
#
# Builds the page in release (`trunk build --release` into $BENCH_DIST, default
# target/bench-dist) unless that build is newer than every source file, serves it, and runs the
# Metric reliability view's default Monte Carlo (uniform prior, sigma 0.1, all metrics, PAIRS
# pairs, default 10^6) in ONE web worker, then in navigator.hardwareConcurrency workers (at most
# 8); prints the best pairs/s of RUNS runs (default 3) after a warm-up run, the longest
# main-thread task seen, and checks that every run counted the same mis-ranked pairs.
# Target: >= 5e6 pairs/s on one worker.
#
# Uses Debian's /usr/bin/chromium through Playwright (never `playwright install`).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
PAIRS="${1:-1000000}"
RUNS="${2:-3}"
DIST="${BENCH_DIST:-target/bench-dist}"

stale() {
  [[ ! -f "$DIST/index.html" ]] && return 0
  [[ -n "$(find src style public index.html Cargo.toml Cargo.lock Trunk.toml -newer "$DIST/index.html" -print -quit 2>/dev/null)" ]]
}

if stale; then
  step "building the page for the benchmark (trunk build --release --dist $DIST)"
  if have flock; then
    # Other trunk builds on this machine take the same lock (they must not run at once).
    flock /tmp/trunk-build.lock trunk build --release --dist "$DIST"
  else
    trunk build --release --dist "$DIST"
  fi
fi

step "browser Monte Carlo (headless Chromium): uniform prior, sigma 0.1, all metrics, $PAIRS pairs"
note "load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
node scripts/bench-browser.mjs --dist "$DIST" --pairs "$PAIRS" --runs "$RUNS"
