#!/usr/bin/env bash
# One-command setup: installs what building and testing Utility Lab needs. Idempotent, and fast
# (a few seconds) when everything is already present. On a fresh Debian machine it installs:
#   * the Rust target wasm32-unknown-unknown (rustup);
#   * trunk 0.21.14, wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock and
#     wasm-split-cli 0.2.4 (cargo install, from crates.io; ~16 min the first time on 2 cores);
#   * the npm packages of package-lock.json (npm ci): binaryen's wasm-opt and Playwright;
#   * Debian's chromium for the end-to-end tests and the build's first page (scripts/prerender.mjs) (apt-get), and a C compiler / Node.js if missing;
#   * the crates of Cargo.lock (cargo fetch), so that Trunk can build offline.
# Nothing else is downloaded: Trunk.toml sets `offline = true`, so Trunk uses these tools
# (found on PATH) and never fetches its own.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

TRUNK_VERSION=0.21.14
WASM_SPLIT_VERSION=0.2.4
# The tools are installed with a faster-to-compile release profile (no LTO, parallel codegen):
# their own speed does not matter, and their Cargo.toml's `lto = true, codegen-units = 1` would
# add many minutes on a 2-core machine.
fast_install() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false cargo install "$@"
}

step "setup: checking tools"

have cargo || die "cargo not found: install Rust (rustup, stable ≥ 1.95) first"
have rustup || die "rustup not found: it is needed to add the wasm32-unknown-unknown target"

# --- Debian packages: only what is missing --------------------------------------------------
apt_packages=()
have cc || apt_packages+=(build-essential)
have node || apt_packages+=(nodejs)
have npm || apt_packages+=(npm)
[ -x /usr/bin/chromium ] || apt_packages+=(chromium chromium-driver)
if [ "${#apt_packages[@]}" -gt 0 ]; then
  step "setup: apt-get install ${apt_packages[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "${apt_packages[@]}"
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 18 ] || die "Node.js ≥ 18 is needed, found $(node --version)"

# --- Rust target ------------------------------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "setup: rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# --- trunk -----------------------------------------------------------------------------------
if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
  step "setup: cargo install trunk $TRUNK_VERSION (takes a while the first time)"
  fast_install trunk --version "$TRUNK_VERSION" --locked
fi

# --- wasm-bindgen-cli: exactly the wasm-bindgen crate of Cargo.lock -----------------------------
bindgen_version="$(cargo_lock_version wasm-bindgen)"
[ -n "$bindgen_version" ] || die "no wasm-bindgen in Cargo.lock"
trunk_bindgen="$(trunk_toml_value wasm_bindgen)"
[ "$trunk_bindgen" = "$bindgen_version" ] ||
  die "Trunk.toml [tools] wasm_bindgen = \"$trunk_bindgen\" but Cargo.lock has wasm-bindgen $bindgen_version: make them equal"
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $bindgen_version" ]; then
  step "setup: cargo install wasm-bindgen-cli $bindgen_version"
  fast_install wasm-bindgen-cli --version "$bindgen_version" --force
fi

# --- wasm-split-cli: cuts the app's wasm into the first page and the views' chunks -------------
# (scripts/app.mjs; the split points are leptos::wasm_split's, crate wasm_split_helpers).
if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  step "setup: cargo install wasm_split_cli_support $WASM_SPLIT_VERSION (wasm-split-cli)"
  fast_install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked --force
fi

# --- npm packages (binaryen's wasm-opt, Playwright) ---------------------------------------------
lock_sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
stamp=node_modules/.setup-package-lock.sha256
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$lock_sum" ] || [ ! -x node_modules/.bin/wasm-opt ] ||
  [ ! -x node_modules/.bin/playwright ]; then
  step "setup: npm ci"
  npm ci --no-audit --no-fund
  echo "$lock_sum" >"$stamp"
fi
wasm_opt_version="version_$(wasm-opt --version | awk '{print $3}')"
trunk_wasm_opt="$(trunk_toml_value wasm_opt)"
[ "$wasm_opt_version" = "$trunk_wasm_opt" ] ||
  die "Trunk.toml [tools] wasm_opt = \"$trunk_wasm_opt\" but node_modules has wasm-opt $wasm_opt_version"

# --- crates, so that Trunk (offline) can build ------------------------------------------------
cargo fetch --quiet

note "rustc:        $(rustc --version)"
note "trunk:        $(trunk --version)"
note "wasm-bindgen: $(wasm-bindgen --version)"
note "wasm-split:   $(cargo install --list | grep '^wasm_split_cli_support')"
note "wasm-opt:     $(wasm-opt --version)"
note "node:         $(node --version)"
note "playwright:   $(playwright --version)"
note "chromium:     $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
