#!/usr/bin/env bash
# The shape of the code, checked: each crate depends only on the layers below it (and no
# source file names a crate above its own), no crate has an import circle between its files,
# and no UI view folder names another view (tests/it/architecture.rs says how each is read).
# `cargo test` runs the same tests; this prints what they measured.
#
#   scripts/layers.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
cargo test --quiet -p utility-lab --test it architecture -- --nocapture --test-threads 1
