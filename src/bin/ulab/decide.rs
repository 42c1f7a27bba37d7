//! `ulab decide` (not yet implemented).

/// Arguments of `ulab decide`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> Result<(), String> {
    Err("'decide' is not implemented yet".into())
}
