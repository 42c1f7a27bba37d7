//! `ulab mc` (not yet implemented).

/// Arguments of `ulab mc`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: &Args) -> Result<(), String> {
    Err("'mc' is not implemented yet".into())
}
