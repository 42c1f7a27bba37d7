//! The Monte Carlo web worker (built by Trunk for wasm32).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mc_worker is a web worker: it is built by Trunk for the browser.");
    std::process::exit(2);
}
