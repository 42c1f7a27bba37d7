//! `ulab pd` (not yet implemented).

/// Arguments of `ulab pd`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> Result<(), String> {
    Err("'pd' is not implemented yet".into())
}
