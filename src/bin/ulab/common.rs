//! Helpers shared by the subcommands: matrix arguments and error wording.
#![allow(dead_code)]

use utility_lab::core::{CoreError, Matrix};

/// Parses a matrix argument, naming the option in the error.
pub fn matrix_arg(option: &str, text: &str) -> Result<Matrix, String> {
    Matrix::parse(text).map_err(|e| format!("{option}: {e}"))
}

/// Parses a comma-separated list of numbers.
pub fn list_arg(option: &str, text: &str) -> Result<Vec<f64>, String> {
    let row = Matrix::parse(text).map_err(|e: CoreError| format!("{option}: {e}"))?;
    if row.rows() != 1 {
        return Err(format!("{option}: expected one row of numbers separated by ','"));
    }
    Ok(row.data().to_vec())
}
