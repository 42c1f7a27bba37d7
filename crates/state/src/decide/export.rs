//! The Decide view's tables as CSV (written with [`csv::write`], computed numbers with
//! [`exported`]): the expected utilities of one item, and a classifier's remapping table.

use super::classifier::LabelOnly;
use super::error::{DecideError, check_names};
use super::one_item::OneItem;
use ulab_core::text::exported;
use ulab_csv as csv;

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// One item's expected utilities as CSV, long format with a `kind` column: first one row per
/// class (`probability,<class>,p_c,`), then one per decision
/// (`expected_utility,<decision>,Ū_d,<optimal: yes|no>`), in decision order. Header:
/// `kind,name,value,optimal`.
///
/// # Errors
/// Names that do not match the item (one per class, one per decision).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::decide::{export::expected_utilities_csv, one_item::one_item};
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();
/// let item = one_item(&u, &[0.2, 0.8]).unwrap();
/// let names = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let csv = expected_utilities_csv(&item, &names("buy,not-buy"), &names("win,lose")).unwrap();
/// assert_eq!(csv, "kind,name,value,optimal\nprobability,win,0.2,\nprobability,lose,0.8,\n\
///     expected_utility,buy,1.2,yes\nexpected_utility,not-buy,0,no\n");
/// ```
pub fn expected_utilities_csv(
    item: &OneItem,
    decisions: &[String],
    classes: &[String],
) -> Result<String, DecideError> {
    check_names(decisions, item.expected.len(), classes, item.p.len())?;
    let mut rows = vec![vec![
        "kind".to_string(),
        "name".into(),
        "value".into(),
        "optimal".into(),
    ]];
    for (c, name) in classes.iter().enumerate() {
        rows.push(vec![
            "probability".into(),
            name.clone(),
            exported(item.p[c]),
            String::new(),
        ]);
    }
    for (d, name) in decisions.iter().enumerate() {
        rows.push(vec![
            "expected_utility".into(),
            name.clone(),
            exported(item.expected[d]),
            yes(item.tied.contains(&d)),
        ]);
    }
    Ok(csv::write(&rows))
}

/// A classifier's remapping table as CSV: one row per output label, then a row `all` with the
/// totals per item. Columns: `output`, `p_output` (`p(o)` in deployment), `p(<class> | output)`
/// for each class, `most_probable_class`, `raw_decision`, `optimal_decision`, `changed`,
/// `expected_utility_raw`, `expected_utility_optimal` (`Ū` given the output),
/// `yield_raw_per_item`, `yield_remapped_per_item` (each output's share of the yields, `p(o)·Ū`).
///
/// # Errors
/// Names that do not match (one per class, one per decision).
///
/// # Examples
///
/// ```
/// use ulab_core::{Matrix, UtilityMatrix};
/// use ulab_state::decide::{classifier::label_only, export::remap_csv};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let r = label_only("A", &Matrix::parse("27,15;23,35").unwrap(), &u, 0.0, None, None).unwrap();
/// let names = vec!["long".to_string(), "short".to_string()];
/// let csv = remap_csv(&r, &names, &names).unwrap();
/// let lines: Vec<&str> = csv.lines().collect();
/// assert_eq!(lines[0], "output,p_output,p(long | output),p(short | output),most_probable_class,\
///     raw_decision,optimal_decision,changed,expected_utility_raw,expected_utility_optimal,\
///     yield_raw_per_item,yield_remapped_per_item");
/// assert_eq!(lines[1], "long,0.42,0.642857142857,0.357142857143,long,long,short,yes,-110,\
///     36.4285714286,-46.2,15.3");
/// assert_eq!(lines[3], "all,1,,,,,,,,,3.5,65");
/// ```
pub fn remap_csv(
    r: &LabelOnly,
    decisions: &[String],
    classes: &[String],
) -> Result<String, DecideError> {
    let n = r.outputs.len();
    let n_d = r.outputs.first().map_or(0, |o| o.expected.len());
    check_names(decisions, n_d, classes, n)?;
    let mut header = vec!["output".to_string(), "p_output".into()];
    header.extend(classes.iter().map(|c| format!("p({c} | output)")));
    header.extend(
        [
            "most_probable_class",
            "raw_decision",
            "optimal_decision",
            "changed",
            "expected_utility_raw",
            "expected_utility_optimal",
            "yield_raw_per_item",
            "yield_remapped_per_item",
        ]
        .map(String::from),
    );
    let mut rows = vec![header];
    for o in &r.outputs {
        let mut row = vec![classes[o.output].clone(), exported(o.probability)];
        row.extend(o.posterior.iter().map(|v| exported(*v)));
        row.extend([
            classes[o.most_probable].clone(),
            decisions[o.output].clone(),
            decisions[o.decision].clone(),
            yes(o.changed),
            exported(o.expected[o.output]),
            exported(o.expected[o.decision]),
            exported(o.raw_contribution),
            exported(o.remapped_contribution),
        ]);
        rows.push(row);
    }
    let mut all = vec![
        "all".to_string(),
        exported(r.outputs.iter().map(|o| o.probability).sum()),
    ];
    all.extend(std::iter::repeat_n(String::new(), n + 6));
    all.push(exported(r.raw_yield));
    all.push(exported(r.remapped_yield));
    rows.push(all);
    Ok(csv::write(&rows))
}
