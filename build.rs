//! Build script: links the web app's wasm (bin `utility-lab`, wasm32 only) with its
//! relocations kept (`--emit-relocs`), which the splitter of `scripts/app.mjs` needs to cut it
//! into the first page's module and the views' chunks (`src/ui/lazy.rs`). Nothing else is
//! done here, and nothing at all for a native build.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bin=utility-lab=--emit-relocs");
    }
}
