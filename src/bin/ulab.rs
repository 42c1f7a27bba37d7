//! `ulab`: Utility Lab's command line (`crates/cli`), built from the same core as the web app.
//! Errors are one line on stderr and exit code 2.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(ulab_cli::main(std::env::args_os()));
}

#[cfg(target_arch = "wasm32")]
fn main() {}
