#!/usr/bin/env bash
# Monte Carlo throughput benchmark (speed is measured by a benchmark command, not by
# timed tests).
#
#   scripts/bench.sh [PAIRS] [RUNS]
#
# Native part: builds `ulab` in release and runs `ulab mc --prior uniform --sigma 0.1` (all
# metrics) on PAIRS pairs (default 10^6), with --threads 1 and --threads $(nproc), RUNS times
# each (default 3), and prints the best pairs/s. Targets: >= 10^7 pairs/s on one native thread.
#
# Browser part: see the marked section at the end (headless Chromium, the web worker).
#
# Respects CARGO_TARGET_DIR. Exits non-zero if a command fails (not if a target is missed:
# speed depends on the machine and its load; the numbers are for people to read).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
PAIRS="${1:-1000000}"
RUNS="${2:-3}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
ULAB="$TARGET_DIR/release/ulab"
NPROC="$(nproc 2>/dev/null || echo 1)"

step "building ulab (release)"
cargo build --release --bin ulab --quiet

# Extracts a numeric JSON field from one line of `ulab mc --json` output.
field() { sed -n "s/.*\"$1\": *\([0-9.eE+-]*\).*/\1/p" | head -n1; }

best_rate() {
  local threads="$1" best="0" rate
  for _ in $(seq "$RUNS"); do
    rate="$("$ULAB" mc --prior uniform --sigma 0.1 --pairs "$PAIRS" --seed 1 \
      --threads "$threads" --json | tr -d '\n' | field pairs_per_second)"
    best="$(awk -v a="$best" -v b="$rate" 'BEGIN { print (b > a ? b : a) }')"
  done
  echo "$best"
}

step "native Monte Carlo: uniform prior, sigma 0.1, all metrics, $PAIRS pairs, best of $RUNS"
note "machine: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//') ($NPROC logical cores), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
ONE="$(best_rate 1)"
ALL="$(best_rate "$NPROC")"
awk -v r="$ONE" 'BEGIN { printf "    --threads 1:  %.3e pairs/s%s\n", r, (r >= 1e7 ? "" : "  (target 1e7 on one thread)") }'
awk -v r="$ALL" -v n="$NPROC" 'BEGIN { printf "    --threads %d:  %.3e pairs/s\n", n, r }'

# ---------------------------------------------------------------------------------------------
# BROWSER PART (scripts/bench-browser.sh): builds the page in release (or reuses a build newer
# than the sources), serves it, and in headless Chromium (Debian's, through Playwright) runs the
# Metric reliability view's Monte Carlo (uniform, sigma 0.1, all metrics, $PAIRS pairs, seed 1)
# in ONE web worker, then in navigator.hardwareConcurrency workers; prints the best pairs/s of
# $RUNS runs each, the longest main-thread task, and checks that every run counted the same
# mis-ranked pairs. Target: >= 5e6 pairs/s on one worker. BENCH_BROWSER=0 skips it.
if [[ "${BENCH_BROWSER:-1}" == "1" ]]; then
  scripts/bench-browser.sh "$PAIRS" "$RUNS"
fi
# ---------------------------------------------------------------------------------------------
