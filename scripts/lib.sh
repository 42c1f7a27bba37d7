# Shared by scripts/*.sh (sourced, not run). Puts the project's tools first on PATH:
# ~/.cargo/bin (trunk, wasm-bindgen) and node_modules/.bin (binaryen's wasm-opt, playwright),
# so that Trunk finds the exact versions named in Trunk.toml and never downloads anything.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$ROOT/node_modules/.bin:$CARGO_BIN:$PATH"
# Trunk's check for a newer version of itself is a network request; skip it.
export TRUNK_SKIP_VERSION_CHECK=true

step() {
  printf '\n\033[1m==> %s\033[0m\n' "$*"
}

note() {
  printf '    %s\n' "$*"
}

die() {
  printf '\033[31merror:\033[0m %s\n' "$*" >&2
  exit 1
}

have() {
  command -v "$1" >/dev/null 2>&1
}

# Runs a command as root: directly if we are root, else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif have sudo; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

# The version of a package in Cargo.lock (the first entry with that name).
cargo_lock_version() {
  awk -v want="$1" '
    $0 == "name = \"" want "\"" { found = 1; next }
    found && /^version = / { gsub(/version = |"/, ""); print; exit }
  ' "$ROOT/Cargo.lock"
}

# The value of `key = "value"` in Trunk.toml.
trunk_toml_value() {
  sed -n "s/^$1 *= *\"\\([^\"]*\\)\".*/\\1/p" "$ROOT/Trunk.toml" | head -n 1
}

# Seconds since the epoch, for timings.
now() {
  date +%s
}
