//! The list of the app's views (SPEC §4). Only the overview exists yet; the others are shown
//! as coming, and become links as they are built.

use leptos::prelude::*;

/// One entry of the navigation.
struct ViewEntry {
    /// The `view=` key of links (SPEC §6).
    key: &'static str,
    /// What the user reads.
    label: &'static str,
    /// Whether the view exists yet.
    available: bool,
}

const VIEWS: &[ViewEntry] = &[
    ViewEntry {
        key: "overview",
        label: "Overview",
        available: true,
    },
    ViewEntry {
        key: "compare",
        label: "Compare",
        available: false,
    },
    ViewEntry {
        key: "space",
        label: "Utility space",
        available: false,
    },
    ViewEntry {
        key: "reliability",
        label: "Metric reliability",
        available: false,
    },
    ViewEntry {
        key: "roc",
        label: "ROC & thresholds",
        available: false,
    },
    ViewEntry {
        key: "decide",
        label: "Decide",
        available: false,
    },
    ViewEntry {
        key: "pd",
        label: "Preference-driven",
        available: false,
    },
    ViewEntry {
        key: "story",
        label: "Story",
        available: false,
    },
];

/// The views, the current one marked.
#[component]
pub fn ViewNav() -> impl IntoView {
    view! {
        <nav class="view-nav" aria-label="Views">
            <ul>
                {VIEWS
                    .iter()
                    .map(|v| {
                        if v.available {
                            view! {
                                <li>
                                    <span class="view-nav-item" aria-current="page" data-view=v.key>
                                        {v.label}
                                    </span>
                                </li>
                            }
                            .into_any()
                        } else {
                            view! {
                                <li>
                                    <span
                                        class="view-nav-item is-soon"
                                        aria-disabled="true"
                                        title="Coming soon"
                                        data-view=v.key
                                    >
                                        {v.label}
                                    </span>
                                </li>
                            }
                            .into_any()
                        }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}
