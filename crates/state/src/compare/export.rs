//! The Compare view's tables as CSV files ([`ulab_csv::write`]): the yields and the metric
//! table. What the user typed (the utility matrix) is written as typed; computed values by
//! [`exported`] (12 significant digits, no floating-point noise); an undefined value is an
//! empty cell.

use super::{Analysis, Measure, Scenario};
use crate::AppState;
use ulab_core::Matrix;
use ulab_core::metrics::Admissibility;
use ulab_core::text::exported;

/// A computed value for a cell: [`exported`], empty if undefined.
fn cell(v: Option<f64>) -> String {
    v.map(exported).unwrap_or_default()
}

/// A computed matrix in the matrix syntax, each value by [`exported`].
fn computed_matrix(m: &Matrix) -> String {
    (0..m.rows())
        .map(|i| {
            m.row(i)
                .iter()
                .map(|v| exported(*v))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The yields table as CSV (header first): each classifier in ranking order, then the
/// trivial classifiers "always decide d" as reference rows.
///
/// Columns: `kind` (`classifier` or `reference`), `rank`, `name`, `yield_per_item`,
/// `total_test_set`, and with deployment shares `deployment_yield_per_item`,
/// `deployment_rank`.
pub fn yields_csv(state: &AppState, a: &Analysis) -> String {
    let dep = a.deployment.as_ref();
    let mut header: Vec<String> = ["kind", "rank", "name", "yield_per_item", "total_test_set"]
        .map(String::from)
        .to_vec();
    if dep.is_some() {
        header.push("deployment_yield_per_item".into());
        header.push("deployment_rank".into());
    }
    let names = state.problem.all_names();
    let mut out = vec![header];
    for (rank, &i) in a.test.ranking.iter().enumerate() {
        let row = &a.test.rows[i];
        let mut line = vec![
            "classifier".to_string(),
            (rank + 1).to_string(),
            names[i].clone(),
            cell(Some(row.yield_value)),
            cell(row.total),
        ];
        if let Some(d) = dep {
            line.push(cell(Some(d.rows[i].yield_value)));
            let r = d.ranking.iter().position(|j| *j == i).unwrap_or(0) + 1;
            line.push(r.to_string());
        }
        out.push(line);
    }
    for (k, y) in a.test.trivial.iter().enumerate() {
        let name = state.decisions().get(k).cloned().unwrap_or_default();
        let mut line = vec![
            "reference".to_string(),
            String::new(),
            format!("always {name}"),
            cell(Some(*y)),
            String::new(),
        ];
        if let Some(d) = dep {
            line.push(cell(d.trivial.get(k).copied()));
            line.push(String::new());
        }
        out.push(line);
    }
    ulab_csv::write(&out)
}

/// The metric table of one scenario as CSV (header first): one row per table row (per class
/// values follow their macro average for more than two classes).
///
/// Columns: `key`, `metric`, one column per classifier, `favoured`, `disfavoured`,
/// `agrees_with_yield`, `admissible`, `equivalent_utility_matrix` (matrix syntax), `formula`.
pub fn metrics_csv(state: &AppState, sc: &Scenario) -> String {
    let n = state.n();
    let names: Vec<String> = state.problem.all_names();
    let mut header = vec!["key".to_string(), "metric".to_string()];
    header.extend(names.iter().cloned());
    header.extend(
        [
            "favoured",
            "disfavoured",
            "agrees_with_yield",
            "admissible",
            "equivalent_utility_matrix",
            "formula",
        ]
        .map(String::from),
    );
    let who = |ix: &[usize]| {
        ix.iter()
            .map(|i| names[*i].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // The yield row's matrix is the user's, written as typed; the others are computed.
    let adm = |a: &Admissibility, typed: bool| match a {
        Admissibility::Admissible(u) if typed => ("yes".to_string(), u.matrix().to_string()),
        Admissibility::Admissible(u) => ("yes".to_string(), computed_matrix(u.matrix())),
        Admissibility::Inadmissible(_) => ("no".to_string(), String::new()),
    };
    let mut out = vec![header];
    for r in &sc.table {
        let mut line = vec![r.measure.key().to_string(), r.measure.label(n)];
        line.extend(r.values.iter().map(|v| cell(v.value())));
        let (yes, u) = adm(&r.admissibility, r.measure == Measure::Yield);
        let agrees = match r.agrees {
            Some(true) => "yes",
            Some(false) => "no",
            None => "",
        };
        line.extend([
            who(&r.favoured),
            who(&r.disfavoured),
            agrees.to_string(),
            yes,
            u,
            r.measure.formula().to_string(),
        ]);
        out.push(line);
        for c in &r.per_class {
            let class = state.classes().get(c.class).cloned().unwrap_or_default();
            let label = match r.measure {
                Measure::Metric(m) => m.label().to_string(),
                _ => r.measure.label(n),
            };
            let mut line = vec![
                format!("{}:{class}", r.measure.key()),
                format!("{label} — class {class}"),
            ];
            line.extend(c.values.iter().map(|v| cell(v.value())));
            let (yes, u) = adm(&c.admissibility, false);
            line.extend([
                who(&c.favoured),
                who(&c.disfavoured),
                String::new(),
                yes,
                u,
                String::new(),
            ]);
            out.push(line);
        }
    }
    ulab_csv::write(&out)
}

#[cfg(test)]
mod tests {
    use super::super::{Options, analyze, analyze_with};
    use super::*;
    use crate::{link, presets};

    fn decode(f: &str) -> AppState {
        let d = link::decode(f);
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        d.state
    }

    fn rows(text: &str) -> Vec<Vec<String>> {
        ulab_csv::read(text)
            .unwrap()
            .into_iter()
            .map(|r| r.fields)
            .collect()
    }

    #[test]
    fn yields_csv_lists_classifiers_then_references() {
        let s = decode(presets::preset("lottery").unwrap().fragment);
        let a = analyze(&s).unwrap();
        let rows = rows(&yields_csv(&s, &a));
        assert_eq!(rows[0].len(), 7);
        assert_eq!(
            rows[1],
            vec!["classifier", "1", "always buy", "4.5", "450", "-0.89", "2"]
        );
        assert_eq!(rows[3][0], "reference");
        assert_eq!(rows[3][2], "always buy");
        assert_eq!(rows.len(), 5);
        let f = analyze(&presets::factory()).unwrap();
        let text = yields_csv(&presets::factory(), &f);
        assert!(
            text.starts_with(
                "kind,rank,name,yield_per_item,total_test_set\nclassifier,1,A,3.5,350\n\
                 classifier,2,B,-3.5,-350\nreference,,always long,-160,\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn exports_carry_no_floating_point_noise() {
        // A's yield is 0.5159999999999999 per item and 51.59999999999999 in total in
        // floating point: the file has 0.516 and 51.6.
        let s = decode("u=0.1,0.7;0.3,0.9&cm.A=27,15;23,35&cm.B=43,18;7,32");
        let a = analyze(&s).unwrap();
        assert_eq!(
            a.test.rows[0].total.unwrap().to_string(),
            "51.59999999999999"
        );
        let text = yields_csv(&s, &a);
        assert!(text.contains("\nclassifier,1,A,0.516,51.6\n"), "{text}");
        // The net benefit's matrix is computed: 12 significant digits; the user's as typed.
        let opts = Options {
            threshold: Some(0.3),
        };
        let s = presets::factory();
        let m = metrics_csv(&s, &analyze_with(&s, &opts).unwrap().test);
        let nb = m.lines().find(|l| l.starts_with("net_benefit,")).unwrap();
        assert!(nb.contains(",\"1,-0.428571428571;0,0\","), "{nb}");
        let y = m.lines().find(|l| l.starts_with("utility_yield,")).unwrap();
        assert!(y.contains(",\"15,-335;-35,165\","), "{y}");
    }

    #[test]
    fn undefined_metrics_are_empty_cells() {
        // B never outputs class 0: its precision is undefined.
        let s = decode("u=1,0;0,1&cm.A=5,1;5,9&cm.B=0,0;10,10");
        let a = analyze(&s).unwrap();
        let csv = metrics_csv(&s, &a.test);
        assert!(
            csv.contains("\nprecision,Precision,0.833333333333,,,,,no,"),
            "{csv}"
        );
    }

    #[test]
    fn more_classes_have_per_class_rows() {
        let s = decode(presets::preset("pd-example").unwrap().fragment);
        let a = analyze(&s).unwrap();
        let csv = rows(&metrics_csv(&s, &a.test));
        assert_eq!(csv.len(), 1 + a.test.table.len() + 6 * 3);
        assert!(csv.iter().any(|r| r[0] == "recall:2" && r[6] == "yes"));
        for r in &csv {
            assert_eq!(r.len(), csv[0].len());
        }
    }
}
