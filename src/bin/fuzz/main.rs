//! `fuzz`: feeds random and grammar-aware hostile inputs to every decoder, importer, parser,
//! edit, core function, `ulab` subcommand and worker message, and reports per target the
//! inputs run, panics, round-trip mismatches, non-finite results and the slowest input. No
//! nightly toolchain: a seeded driver with `catch_unwind`.
//!
//! ```text
//! fuzz [N] [SEED] [--target NAME] [--threads T] [--replay INDEX]
//! ```
//!
//! `N` inputs per target (default 170 000: 1.02·10⁶ in all), `SEED` (default 1). Input `i` of
//! target `t` is generated from `(SEED, t, i)` alone, so a failure is replayed with
//! `--target t --replay i` and the same seed. Exits with 1 if anything was found.
//! `scripts/fuzz.sh` runs it; `scripts/test.sh` runs a short fixed-seed run.
//!
//! The `ulab` subcommands run in-process, through the `ulab-cli` crate's `cli::run`.

#[cfg(not(target_arch = "wasm32"))]
mod inputs;
#[cfg(not(target_arch = "wasm32"))]
mod report;
#[cfg(not(target_arch = "wasm32"))]
mod targets;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(report::main());
}

#[cfg(target_arch = "wasm32")]
fn main() {}
