//! Tests of the Compare view's analysis and verdict against the papers' examples.

use super::*;

use crate::{link, presets};

fn decode(f: &str) -> AppState {
    let d = link::decode(f);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    d.state
}

fn row<'a>(sc: &'a Scenario, key: &str) -> &'a TableRow {
    sc.table
        .iter()
        .find(|r| r.measure.key() == key)
        .unwrap_or_else(|| panic!("no row {key}"))
}

fn two(v: &Score) -> String {
    format!("{:.2}", v.value().unwrap())
}

#[test]
fn factory_table_one() {
    let s = presets::factory();
    let a = analyze(&s).unwrap();
    assert!((a.test.rows[0].yield_value - 3.5).abs() < 1e-12);
    assert!((a.test.rows[1].yield_value + 3.5).abs() < 1e-12);
    assert_eq!(a.test.rows[0].total, Some(350.0));
    assert_eq!(a.test.best, vec![0]);
    // Table 1: every metric but specificity (TNR) favours B.
    for (k, m) in Metric::ALL.iter().enumerate() {
        let fav = &a.test.favoured[k].0;
        match m {
            Metric::Specificity => assert_eq!(fav, &vec![0], "{m:?}"),
            Metric::Npv => {} // not in Table 1
            _ => assert_eq!(fav, &vec![1], "{m:?}"),
        }
    }
    // Table 1's values, to 2 decimals (A, B).
    for (key, a_v, b_v) in [
        ("accuracy", "0.62", "0.75"),
        ("balanced_accuracy", "0.62", "0.75"),
        ("precision", "0.64", "0.70"),
        ("f1", "0.59", "0.77"),
        ("mcc", "0.24", "0.51"),
        ("fowlkes_mallows", "0.59", "0.78"),
        ("recall", "0.54", "0.86"),
        ("specificity", "0.70", "0.64"),
    ] {
        let r = row(&a.test, key);
        assert_eq!(
            (two(&r.values[0]), two(&r.values[1])),
            (a_v.into(), b_v.into()),
            "{key}"
        );
        assert_eq!(r.disfavoured.len(), 1, "{key}");
    }
    assert_eq!(a.test.trivial, vec![-160.0, 65.0]);
    assert_eq!(a.test.trivial_best, Some(1)); // "always short" beats both
    assert!(a.warnings.is_empty());
}

#[test]
fn table_has_yield_first_and_net_benefit_last() {
    let a = analyze(&presets::factory()).unwrap();
    let t = &a.test.table;
    assert_eq!(t.len(), Metric::ALL.len() + 2);
    assert_eq!(t[0].measure, Measure::Yield);
    assert_eq!(t[0].favoured, vec![0]);
    assert_eq!(t[0].disfavoured, vec![1]);
    assert_eq!(t[0].agrees, None);
    assert_eq!(
        t[0].admissibility.utility().unwrap().matrix().to_string(),
        "15,-335;-35,165"
    );
    let nb = t.last().unwrap();
    assert_eq!(nb.measure, Measure::NetBenefit(0.2));
    assert!((nb.values[0].value().unwrap() - (0.27 - 0.15 * 0.25)).abs() < 1e-12);
    assert_eq!(
        nb.admissibility.utility().unwrap().matrix().to_string(),
        "1,-0.25;0,0"
    );
    assert_eq!(nb.agrees, Some(false));
    assert_eq!(a.test.against(), 11);
    assert_eq!(
        row(&a.test, "recall")
            .admissibility
            .utility()
            .unwrap()
            .matrix()
            .to_string(),
        "1,0;0,0"
    );
    assert!(!row(&a.test, "f1").admissibility.is_admissible());
    // No net-benefit row without a threshold.
    let b = analyze_with(&presets::factory(), &Options { threshold: None }).unwrap();
    assert_eq!(b.test.table.len(), Metric::ALL.len() + 1);
    // ... nor for an invalid one.
    let c = analyze_with(
        &presets::factory(),
        &Options {
            threshold: Some(1.0),
        },
    )
    .unwrap();
    assert_eq!(c.test.table.len(), Metric::ALL.len() + 1);
}

#[test]
fn factory_verdict_says_the_majority_is_wrong() {
    let s = presets::factory();
    let v = verdict_of(&s, &analyze(&s).unwrap());
    assert!(v.majority_disagrees && v.trivial_wins);
    assert_eq!(
        v.headline,
        "11 of 12 metrics favour B, yet A has the higher utility yield: 3.5 per item against \
         −3.5 for B."
    );
    assert!(v.details[0].contains("wrong classifier"));
    assert!(
        v.details[1].contains("Deciding 'short' for every item"),
        "{:?}",
        v.details
    );
    assert!(v.details[1].contains("65 per item"));
    // Why (Dyrland et al. 2022, eqs. 1, 2 and 4): half the components are short and earn 165 €,
    // half are long and cost 35 € when judged short; the 335 € mistake is never made, while
    // A makes it on 15 of 100 components and B on 18.
    let n = "\u{202f}";
    assert_eq!(
        v.details[2],
        format!(
            "Why: 'short' gets −35 for each long item and 165 for each short item; the test set \
             is 50{n}% long and 50{n}% short, so it yields 0.5 × (−35) + 0.5 × 165 = 65 per item."
        )
    );
    assert_eq!(
        v.details[3],
        format!(
            "It never makes the costliest mistake, deciding 'long' for a short item (−335 each), \
             which A makes on 15{n}% and B on 18{n}% of the items."
        )
    );
}

#[test]
fn the_trivial_explanation_under_deployment_and_with_many_classes() {
    // Deployment shares 20 % long, 80 % short: "always short" yields 0.2 × (−35) + 0.8 × 165.
    let s = decode(
        "u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short&prev=0.2,0.8",
    );
    let v = verdict_of(&s, &analyze(&s).unwrap());
    let why = v.details.iter().find(|d| d.starts_with("Why:")).unwrap();
    assert!(why.contains("the deployment class shares are 20"), "{why}");
    assert!(
        why.contains("0.2 × (−35) + 0.8 × 165 = 125 per item"),
        "{why}"
    );
    assert!(
        v.details
            .iter()
            .any(|d| d.ends_with("deciding 'long' for a short item (−335 each)."))
    );
    // Five classes, "always e" wins (it never loses 10): the short form.
    let s = decode(
        "u=1,0,0,0,-10;0,1,0,0,-10;0,0,1,0,-10;0,0,0,1,-10;0,0,0,0,0&cm.A=1,0,0,0,1;0,1,0,0,1;0,0,1,0,1;0,0,0,1,1;0,0,0,0,1",
    );
    let v = verdict_of(&s, &analyze(&s).unwrap());
    assert!(v.trivial_wins, "{v:?}");
    assert!(
        v.details
            .iter()
            .any(|d| d.starts_with("Why:") && d.contains("averaged over the class shares")),
        "{v:?}"
    );
}

#[test]
fn variant_agrees_with_metrics() {
    let s = decode(presets::preset("variant").unwrap().fragment);
    let a = analyze(&s).unwrap();
    assert_eq!(a.test.ranking, vec![1, 0]);
    assert!((a.test.rows[1].yield_value - 7.3).abs() < 1e-12);
    assert!((a.test.rows[0].yield_value - 4.7).abs() < 1e-12);
    let v = verdict_of(&s, &a);
    assert!(!v.majority_disagrees);
    assert_eq!(
        v.headline,
        "B has the higher utility yield: 7.3 per item, against 4.7 for A."
    );
    assert_eq!(v.details[0], "1 of 12 metrics favours another classifier.");
    assert!(verdict(&s, &a.test).starts_with("B has the higher"));
}

#[test]
fn medical_is_the_factory_shifted() {
    let s = decode(presets::preset("medical").unwrap().fragment);
    let a = analyze(&s).unwrap();
    assert!((a.test.rows[0].yield_value - 338.5).abs() < 1e-9);
    assert!((a.test.rows[1].yield_value - 331.5).abs() < 1e-9);
    assert_eq!(a.test.best, vec![0]);
    assert!(verdict_of(&s, &a).majority_disagrees);
}

#[test]
fn lottery_flips_under_deployment() {
    let s = decode(presets::preset("lottery").unwrap().fragment);
    let a = analyze(&s).unwrap();
    assert_eq!(a.test.ranking[0], 0); // always buy: 4.5
    let d = a.deployment.as_ref().unwrap();
    assert!((d.rows[0].yield_value + 0.89).abs() < 1e-12);
    assert_eq!(d.ranking[0], 1); // never buy: 0
    let v = verdict_of(&s, &a);
    assert!(
        v.headline
            .starts_with("Under the deployment class shares, never buy has the higher"),
        "{}",
        v.headline
    );
    assert!(
        v.details
            .iter()
            .any(|d| d.contains("ranking is different: always buy comes first")),
        "{:?}",
        v.details
    );
}

#[test]
fn inapplicable_deployment_is_a_warning_not_an_error() {
    // Class 1 has no case in the test set, so it cannot be re-weighted to 50 %.
    let s = decode("u=1,0;0,1&cm.A=5,0;5,0&cm.B=9,0;1,0&prev=0.5,0.5");
    let a = analyze(&s).unwrap();
    assert!(a.deployment.is_none());
    assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    assert!(
        a.warnings[0].contains("applied ('A': class 1 does not occur in the test set"),
        "{}",
        a.warnings[0]
    );
}

#[test]
fn different_test_sets_are_warned() {
    let s = decode("u=1,0;0,1&cm.A=10,0;0,10&cm.B=10,0;0,30");
    assert_eq!(analyze(&s).unwrap().warnings.len(), 1);
}

#[test]
fn undefined_metrics_are_not_favoured() {
    // B never outputs class 0: its precision is undefined; A is favoured by precision.
    let s = decode("u=1,0;0,1&cm.A=5,1;5,9&cm.B=0,0;10,10");
    let a = analyze(&s).unwrap();
    let k = Metric::ALL
        .iter()
        .position(|m| *m == Metric::Precision)
        .unwrap();
    assert!(a.test.rows[1].metrics[k].1.value().is_none());
    assert_eq!(a.test.favoured[k], (vec![], vec![])); // only one defined value
    let r = row(&a.test, "precision");
    assert_eq!(r.agrees, None);
}

#[test]
fn more_classes_have_per_class_rows() {
    let s = decode(presets::preset("pd-example").unwrap().fragment);
    let a = analyze(&s).unwrap();
    let t = &a.test.table;
    assert_eq!(t.len(), Metric::ALL.len() + 1); // no net benefit
    let recall = row(&a.test, "recall");
    assert_eq!(recall.measure.label(3), "Recall (TPR) — macro average");
    assert!(!recall.admissibility.is_admissible());
    assert_eq!(recall.per_class.len(), 3);
    assert_eq!(
        recall.per_class[1]
            .admissibility
            .utility()
            .unwrap()
            .matrix()
            .to_string(),
        "0,0,0;0,1,0;0,0,0"
    );
    assert!(row(&a.test, "accuracy").per_class.is_empty());
    assert_eq!(
        Measure::Metric(Metric::Mcc).label(3),
        "Matthews correlation (R_K)"
    );
    assert_eq!(
        Measure::Metric(Metric::F1).label(3),
        "Macro F1 (mean of per-class F1)"
    );
    let pd = row(&a.test, "preference_driven");
    assert_eq!(format!("{:.3}", pd.values[0].value().unwrap()), "0.656");
    // One classifier: no favourites, a verdict that asks for another.
    let v = verdict_of(&s, &a);
    assert!(v.headline.starts_with("Table 4 yields"), "{}", v.headline);
}

#[test]
fn no_or_one_classifier() {
    let mut s = presets::factory();
    s.change_problem(|p| {
        p.classifiers.clear();
    })
    .unwrap();
    let a = analyze(&s).unwrap();
    assert_eq!(verdict_of(&s, &a).headline, "Add a classifier to compare.");
    assert_eq!(yields_csv(&s, &a).lines().count(), 1); // no test set: no reference rows
    s.change_problem(|p| {
        p.classifiers
            .push(presets::factory().classifiers()[0].clone());
    })
    .unwrap();
    let a = analyze(&s).unwrap();
    let v = verdict_of(&s, &a);
    assert_eq!(
        v.headline,
        "A yields 3.5 per item; add another classifier to compare."
    );
    assert!(v.trivial_wins);
}

#[test]
fn ties_are_said() {
    let s = decode("u=1,0;0,1&cm.A=5,1;1,5&cm.B=5,1;1,5");
    let a = analyze(&s).unwrap();
    assert_eq!(
        verdict_of(&s, &a).headline,
        "All classifiers have the same utility yield."
    );
    let s = decode("u=1,0;0,1&cm.A=5,1;1,5&cm.B=5,1;1,5&cm.C=1,5;5,1");
    let v = verdict_of(&s, &analyze(&s).unwrap());
    assert!(
        v.headline.starts_with("A and B tie for the highest"),
        "{}",
        v.headline
    );
}

#[test]
fn twenty_classes_twenty_classifiers() {
    let n = 20;
    let mut s = presets::factory();
    s.resize_classes(n);
    s.change_problem(|p| {
        p.classifiers.clear();
    })
    .unwrap();
    for k in 0..20 {
        let data: Vec<f64> = (0..n * n)
            .map(|i| ((i * 7 + k * 13) % 17) as f64 + if i % (n + 1) == 0 { 30.0 } else { 0.0 })
            .collect();
        s.change_problem(|p| {
            p.classifiers.push(crate::Classifier {
                name: format!("C{k}"),
                matrix: ulab_core::Matrix::new(n, n, data).unwrap(),
            });
        })
        .unwrap();
    }
    s.validate().unwrap();
    let a = analyze(&s).unwrap();
    assert_eq!(a.test.rows.len(), 20);
    assert_eq!(a.test.favoured.len(), Metric::ALL.len());
    assert_eq!(row(&a.test, "f1").per_class.len(), 20);
}

#[test]
fn a_trivial_extra_decision_that_wins_is_explained_without_indexing_a_classifier_by_it() {
    // Issue 28, item 0: the decision "always 9,9" (an extra decision) beats the classifier;
    // the verdict's reasons must not read the classifier's row of that decision.
    let s = decode("u=1,0;0,1;-1,0;9,9&cm.A=1,0;0,1");
    let a = analyze(&s).unwrap();
    let v = verdict_of(&s, &a);
    assert!(!v.headline.is_empty());
}

/// The factory with "refer" (utility 0) and D, a rule that referred 20 of the 100 items.
fn with_refer() -> AppState {
    crate::link::decode(
        "u=15,-335;-35,165;0,0&cm.A=27,15;23,35&cm.B=43,18;7,32&cm.D=27,5;13,35;10,10&decisions=long,short,refer",
    )
    .state
}

#[test]
fn a_classifier_with_a_row_per_decision_is_ranked_by_its_yield() {
    let s = with_refer();
    assert_eq!(s.problem.all_names(), ["A", "B", "D"]);
    let a = analyze(&s).unwrap();
    // D: (15·27 − 335·5 − 35·13 + 165·35 + 0·20) / 100 = 40.5 per item.
    assert!((a.test.rows[2].yield_value - 40.5).abs() < 1e-12);
    assert_eq!(a.test.rows[2].total, Some(4050.0));
    assert_eq!(a.test.ranking, vec![2, 0, 1]);
    assert_eq!(a.test.best, vec![2]);
    // Every metric is "—" for D, with its reason, and favours among A and B only.
    for row in a.test.metric_rows() {
        assert_eq!(
            row.values[2],
            Score::Undefined(ulab_core::Undefined::RowPerDecision),
            "{:?}",
            row.measure
        );
        assert!(!row.favoured.contains(&2) && !row.disfavoured.contains(&2));
    }
    let accuracy = a
        .test
        .table
        .iter()
        .find(|r| r.measure.key() == "accuracy")
        .unwrap();
    assert_eq!(accuracy.favoured, vec![1]);
    assert_eq!(accuracy.agrees, Some(false));
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    let v = verdict_of(&s, &a).text();
    assert!(v.contains("D"), "{v}");
    let csv = metrics_csv(&s, &a.test);
    assert!(csv.starts_with("key,metric,A,B,D,favoured"), "{csv}");
    let table = yields::yields_table(&s, &a);
    assert_eq!(table.classifiers[0].name, "D");
}

#[test]
fn deployment_reweights_a_row_per_decision_and_how_sure_ranks_it() {
    let mut s = with_refer();
    s.prevalence = Some(vec![0.2, 0.8]);
    let a = analyze(&s).unwrap();
    let d = a.deployment.as_ref().unwrap();
    // Per class the decision rates stay: class 0 → 27/50, 13/50, 10/50 at 20 %.
    let expect =
        0.2 * (15.0 * 27.0 - 35.0 * 13.0) / 50.0 + 0.8 * (-335.0 * 5.0 + 165.0 * 35.0) / 50.0;
    assert!((d.rows[2].yield_value - expect).abs() < 1e-9);
    let r = crate::sure::compare_job(&s).unwrap().run().unwrap();
    assert_eq!(r.names, ["A", "B", "D"]);
    assert_eq!(r.test_items, [100.0, 100.0, 100.0]);
    assert!(r.sure.p_best[2] > 0.9, "{:?}", r.sure.p_best);
    let chart = yields::with_sureness(yields::yields_chart(&s, &a), &r);
    assert!(chart.sure.iter().all(Option::is_some));
}

#[test]
fn other_views_say_they_leave_it_out() {
    let s = with_refer();
    let note = s.problem.left_out_note().unwrap();
    assert_eq!(
        note,
        "This view leaves out 'D', which has a row per decision (it also decides 'refer'): only \
         Compare ranks such classifiers."
    );
    assert_eq!(crate::presets::factory().problem.left_out_note(), None);
}
