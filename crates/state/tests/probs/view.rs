//! The view's logic on the built-in samples: the story each tells, the recalibration job, the
//! recognition of ROC files, the exports and sentences.

use ulab_probs::recalibrate::cross_fit;
use ulab_state::probs::analysis::{RuleKind, analyse};
use ulab_state::probs::calibration::{BINS, RecalibrationJob, calibrate, recalibrate_all};
use ulab_state::probs::curve::{threshold_curves, thresholds};
use ulab_state::probs::export::{calibration_csv, decisions_csv};
use ulab_state::probs::file::{ProbsOptions, ProbsParser, parse_probs};
use ulab_state::probs::howsure::{WHY_PAIRED, bootstrap, sentences};
use ulab_state::probs::recognise::{recognise, scores_as_probabilities};
use ulab_state::probs::sample::{SAMPLES, sample};
use ulab_state::probs::sentences::verdict;
use ulab_state::roc::scores::parse_scores;

#[test]
fn triage_trusting_overconfident_probabilities_costs_and_recalibrating_wins_it_back() {
    let s = sample("triage", 1).unwrap();
    let recal = recalibrate_all(&s.file).unwrap();
    let with: Vec<_> = recal.iter().cloned().map(Some).collect();
    let r = analyse(&s.file, &with, &s.utility, None).unwrap();
    let (cal, over) = (&r.models[0], &r.models[1]);
    // The calibrated model: the optimal rule beats the most probable class, and
    // recalibration changes little.
    assert!(cal.outcome.gain() > 1.0, "{}", cal.outcome.gain());
    let cal_recal = cal.recalibrated.as_ref().unwrap().yield_per_item;
    assert!((cal_recal - cal.outcome.optimal.yield_per_item).abs() < 0.5);
    // The overconfident one: the same ranking of classes, so the same most probable class…
    assert_eq!(over.outcome.most_probable, cal.outcome.most_probable);
    // …but its optimal decisions yield less, and recalibrated more.
    let (trust, fixed) = (
        over.outcome.optimal.yield_per_item,
        over.recalibrated.as_ref().unwrap().yield_per_item,
    );
    assert!(trust < cal.outcome.optimal.yield_per_item - 0.5);
    assert!(fixed > trust + 0.5, "trust {trust}, recalibrated {fixed}");
    // "refer" is used.
    assert!(cal.outcome.optimal.counts.row(3).iter().sum::<f64>() > 0.0);
    let cals: Vec<_> = s
        .file
        .table
        .models()
        .iter()
        .map(|m| calibrate(&s.file, m, BINS).unwrap())
        .collect();
    assert!(cals[1].mean_error().unwrap() > 2.0 * cals[0].mean_error().unwrap());
    let v = verdict(&r, &cals);
    assert!(v.iter().any(|l| l.starts_with("overconfident's probabilities are off (mean calibration error")), "{v:#?}");
    let csv = decisions_csv(&r, &s.file.classes, &s.decisions);
    assert_eq!(csv.lines().count(), 1 + 6);
    assert!(
        csv.lines()
            .nth(6)
            .unwrap()
            .starts_with("overconfident,recalibrated,")
    );
    assert_eq!(
        calibration_csv(&cals, &s.file.classes).lines().count(),
        1 + 2 * 3 * BINS
    );
}

#[test]
fn screening_a_timid_model_loses_with_the_optimal_rule() {
    let s = sample("screening", 1).unwrap();
    assert_eq!(s.file.classes, ["1", "0"]);
    let r = analyse(&s.file, &[], &s.utility, None).unwrap();
    let timid = &r.models[1];
    assert!(timid.outcome.gain() < 0.0, "{}", timid.outcome.gain());
    let v = verdict(&r, &[]);
    assert!(
        v.iter()
            .any(|l| l.starts_with("timid: the optimal rule loses")),
        "{v:#?}"
    );
    // The threshold the matrix implies, (0 + 10)/((50 + 100) + 10), against the best on the data.
    let t = thresholds(&threshold_curves(&s.file, None).unwrap(), &s.utility).unwrap();
    assert_eq!(t[0].implied, Some(10.0 / 160.0));
    for m in &t {
        assert!(m.best.yield_per_item >= m.at_implied.unwrap());
    }
    // The calibrated model's implied threshold is nearly the best.
    assert!(
        t[0].best.yield_per_item - t[0].at_implied.unwrap() < 0.1 * t[0].best.yield_per_item.abs()
    );
    // Renormalized rows are said.
    let f = parse_probs("label,A:x,A:y\nx,0.5,0.5\ny,0.5,0.495\n", None).unwrap();
    let r0 = analyse(
        &f,
        &[],
        &ulab_core::UtilityMatrix::identity(2).unwrap(),
        None,
    )
    .unwrap();
    assert_eq!(
        verdict(&r0, &[]).last().unwrap(),
        "Rows renormalized (their probabilities summed to 1 only within 1 %): 1 of A's."
    );
    // Deployment shares: said.
    let r = analyse(&s.file, &[], &s.utility, Some(&[0.05, 0.95])).unwrap();
    assert!(
        verdict(&r, &[])
            .last()
            .unwrap()
            .starts_with("In deployment the classes occur")
    );
}

#[test]
fn samples_are_deterministic_and_seeded() {
    for name in SAMPLES {
        let a = sample(name, 1).unwrap();
        assert_eq!(a, sample(name, 1).unwrap());
        assert_ne!(a.csv, sample(name, 2).unwrap().csv);
        assert_eq!(parse_probs(&a.csv, None).unwrap(), a.file);
    }
}

#[test]
fn the_recalibration_job_is_the_cores_cross_fit() {
    let s = sample("triage", 3).unwrap();
    let mut job = RecalibrationJob::new(1);
    let mut steps = 0;
    while !job.step(&s.file).unwrap() {
        steps += 1;
        let (done, all) = job.progress(&s.file);
        assert!(done <= all);
    }
    // Five fits, each a start and a few Newton iterations a step, then one slice of 2000 items.
    assert!(steps > 10 && steps < 5 * 20, "{steps}");
    let r = job.finish(&s.file).unwrap();
    let m = &s.file.table.models()[1];
    let direct = cross_fit(&s.file.table, m, 5)
        .unwrap()
        .apply(&s.file.table, m, "x")
        .unwrap();
    assert_eq!(r.values(), direct.values());
    assert_eq!(r.name(), "overconfident (recalibrated)");
}

#[test]
fn how_sure_on_a_sample() {
    let s = sample("triage", 1).unwrap();
    let recal = recalibrate_all(&s.file).unwrap();
    let (b, names) = bootstrap(&s.file, &recal[1..], &s.utility, None, 11).unwrap();
    assert_eq!(names.len(), 6);
    assert_eq!(
        names[5],
        format!(
            "overconfident (recalibrated), {}",
            RuleKind::Optimal.label()
        )
    );
    let summary = b.run(0..400).summary();
    let lines = sentences(&summary, &names, &b.observed());
    assert_eq!(lines.last().unwrap(), WHY_PAIRED);
    assert!(lines[1].starts_with("P(it yields more than "), "{lines:#?}");
}

#[test]
fn roc_files_that_are_probability_files() {
    // proba_0, proba_1: renamed and read.
    let text = "y_true,proba_0,proba_1\n0,0.8,0.2\n1,0.3,0.7\n";
    let header: Vec<String> = ["y_true", "proba_0", "proba_1"].map(String::from).to_vec();
    let labels: Vec<String> = ["0", "1"].map(String::from).to_vec();
    let rec = recognise(&header, &labels).unwrap();
    let mut p = ProbsParser::streaming(ProbsOptions {
        header: Some(rec.header),
        ..ProbsOptions::default()
    });
    p.push_str(text).unwrap();
    let f = p.finish().unwrap();
    assert_eq!(
        (f.classes.clone(), f.models()),
        (labels, vec!["proba".to_string()])
    );
    assert_eq!(f.table.models()[0].item(1), &[0.3, 0.7]);
    // A scores table whose scores are probabilities.
    let t = parse_scores("label,A,B\n1,0.9,0.6\n0,0.2,0.3\n").unwrap();
    let f = scores_as_probabilities(&t, None).unwrap().unwrap();
    assert_eq!(f.models(), ["A", "B"]);
    assert_eq!(f.table.models()[1].item(1), &[0.3, 0.7]);
}

#[test]
fn the_page_s_jobs_in_slices_give_the_numbers_at_once() {
    use ulab_state::probs::analysis::AnalysisJob;
    use ulab_state::probs::howsure::BootstrapJob;
    let s = sample("triage", 1).unwrap();
    let recal = recalibrate_all(&s.file).unwrap();
    // Only the second model recalibrated: the job keeps each recalibration with its model.
    let with = vec![None, Some(recal[1].clone())];
    let prev = [0.3, 0.4, 0.3];
    let mut job = AnalysisJob::new(&s.file, &with, &s.utility, Some(&prev)).unwrap();
    let mut steps = 0;
    while !job.step(&s.file, &with, 333).unwrap() {
        steps += 1;
        let (done, all) = job.progress();
        assert!(done < all);
    }
    assert_eq!(steps + 1, 3 * 2000usize.div_ceil(333));
    let sliced = job.finish(&s.file).unwrap();
    assert_eq!(
        sliced,
        analyse(&s.file, &with, &s.utility, Some(&prev)).unwrap()
    );
    assert!(sliced.models[0].recalibrated.is_none() && sliced.models[1].recalibrated.is_some());
    // The bootstrap job: the same resamples as the bootstrap run at once.
    let mut job = BootstrapJob::new(&s.file, &recal[1..], &s.utility, Some(&prev), 5, 300).unwrap();
    let mut last = 0.0;
    while !job.step(&s.file, &recal[1..]).unwrap() {
        assert!(job.progress() >= last);
        last = job.progress();
    }
    let (b, names) = bootstrap(&s.file, &recal[1..], &s.utility, Some(&prev), 5).unwrap();
    assert_eq!(job.summary(), b.run(0..300).summary());
    assert_eq!((job.names(), job.observed()), (&names[..], b.observed()));
    assert_eq!(
        names[5],
        "overconfident (recalibrated), optimal (max expected utility)"
    );
}
