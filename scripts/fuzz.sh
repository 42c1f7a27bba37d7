#!/usr/bin/env bash
# Fuzzing on a stable toolchain (no nightly, no cargo-fuzz): the `fuzz` binary feeds N random
# and grammar-aware hostile inputs per target (links, CSV files, matrix text and edits, core
# functions, `ulab` subcommands in-process, worker messages) and prints per target the inputs
# run, panics, round-trip mismatches, non-finite results and the slowest input.
#
#   scripts/fuzz.sh [N] [SEED] [--target NAME] [--threads T] [--replay INDEX]
#
# N inputs per target (default 170 000: about 10^6 in all, a few minutes on two cores), SEED
# (default 1). A finding names its input's index: rerun it alone with the same N and SEED and
# `--target NAME --replay INDEX`. Exits non-zero if anything was found. scripts/test.sh runs
# `scripts/fuzz.sh 10000 1`. Built with the dev profile (Respects CARGO_TARGET_DIR).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
cargo build --quiet --bin fuzz
# The fuzz driver never reads standard input; /dev/null makes sure of it.
"${CARGO_TARGET_DIR:-target}/debug/fuzz" "$@" </dev/null
