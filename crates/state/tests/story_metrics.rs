//! Issue 28, item 10: the Story counts the metrics Compare counts. The Story said "7 of 8
//! metrics favour B" (Table 1 of the paper) where Compare, on the same matrices, says "11 of
//! 12": the Story now counts the rows of Compare's metric table, Table 1's first.

use ulab_state::compare::{Measure, analyze, verdict_of};
use ulab_state::story::Story;
use ulab_state::{link, story};

#[test]
fn the_story_counts_the_metrics_compare_counts() {
    let s = Story::new();
    let factory = link::decode(story::compare_fragment("factory")).state;
    let a = analyze(&factory).unwrap();
    let compare: Vec<Measure> = a.test.metric_rows().map(|r| r.measure).collect();
    let mut counted: Vec<Measure> = s.metrics().iter().map(|r| r.measure).collect();
    assert_eq!(counted.len(), compare.len());
    // The same set (the story orders Table 1's metrics first).
    counted.sort_by_key(|m| compare.iter().position(|c| c == m));
    assert_eq!(counted, compare);
    // The same tally: what favours the runner-up in Compare favours the majority's pick in the
    // story, and every metric favours the same classifier in both.
    let votes = s.votes();
    let total = votes[0] + votes[1];
    assert_eq!(total, compare.len());
    assert_eq!(votes[s.majority()], a.test.against());
    for row in s.metrics() {
        let theirs = a
            .test
            .metric_rows()
            .find(|r| r.measure == row.measure)
            .unwrap();
        assert_eq!(
            row.favoured.into_iter().collect::<Vec<_>>(),
            theirs.favoured
        );
    }
    // And the sentences agree: "11 of 12 metrics favour B".
    let headline = verdict_of(&factory, &a).headline;
    let tally = format!(
        "{} of {total} metrics favour {}",
        votes[s.majority()],
        s.names[s.majority()]
    );
    assert_eq!(tally, "11 of 12 metrics favour B");
    assert!(headline.starts_with(&tally), "{headline}");
}
