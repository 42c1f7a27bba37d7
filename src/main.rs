//! The Utility Lab web app (built by Trunk for wasm32): `crates/ui`.
#[cfg(target_arch = "wasm32")]
fn main() {
    ulab_ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "utility-lab is the web app: build it with `trunk build` (see README). For the command line, use `ulab`."
    );
    std::process::exit(2);
}
