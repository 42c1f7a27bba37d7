//! `ulab roc` (not yet implemented).

/// Arguments of `ulab roc`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> Result<(), String> {
    Err("'roc' is not implemented yet".into())
}
