//! How sure the Decide view's ranking of the remapped classifiers is: each label-only
//! classifier, remapped to its optimal decisions, drawn from the Dirichlet(M + 1) posterior of
//! its own output counts (the core's question with a remap: cell `(o, c)` is worth
//! `U_{d(o) c}`), at the base rates in force — the same engine and sentences as Compare
//! ([`crate::sure`]).

use super::view::DecideView;
use crate::sure::{SureError, SureJob};
use ulab_core::UtilityMatrix;
use ulab_core::mc::question::QuestionConfig;

/// The job for the classifiers the view could remap (at least two: with one, nothing is
/// ranked), or `None`; `base_rates` the deployment's (`prev`), as the view used them.
///
/// # Errors
/// What the core refuses.
///
/// # Examples
///
/// ```
/// use ulab_state::decide::{sure::remapped_job, view::{analyze, DecideInputs}};
/// use ulab_state::AppState;
/// let s = AppState::default(); // the factory: A and B, remapped
/// let p = s.decide.probabilities(s.n());
/// let view = analyze(&DecideInputs::from_app(&s, &p));
/// let r = remapped_job(&view, s.utility_matrix(), None).unwrap().unwrap().run().unwrap();
/// assert_eq!(r.names, ["A", "B"]);
/// assert!((r.sure.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
/// ```
pub fn remapped_job(
    view: &DecideView,
    utility: &UtilityMatrix,
    base_rates: Option<&[f64]>,
) -> Result<Option<SureJob>, SureError> {
    let mut names = Vec::new();
    let mut counts = Vec::new();
    let mut remap = Vec::new();
    let mut assumed_size = Vec::new();
    for part in &view.classifiers {
        let Ok(r) = &part.remap else { continue };
        // Fractions without a test-set size have no posterior to draw.
        if r.counts.test_size.is_none() {
            continue;
        }
        if r.counts.from_fractions {
            assumed_size.push(part.name.clone());
        }
        names.push(part.name.clone());
        counts.push(r.counts.cm.clone());
        remap.push(r.outputs.iter().map(|o| o.decision).collect());
    }
    if names.len() < 2 {
        return Ok(None);
    }
    let mut config = QuestionConfig::how_sure(utility.clone(), counts);
    config.remap = Some(remap);
    // The deployment base rates in force; without them each classifier at its own test set's.
    config.prevalence = base_rates.map(<[f64]>::to_vec);
    config.draws = crate::sure::draws_for(&config);
    SureJob::new(config, names, assumed_size).map(Some)
}
