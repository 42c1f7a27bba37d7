//! `ulab eval` (not yet implemented).

/// Arguments of `ulab eval`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> Result<(), String> {
    Err("'eval' is not implemented yet".into())
}
