//! Import a classifier from a CSV file or pasted text: a confusion matrix (either orientation,
//! optional header of class names) or two columns `y_true,y_pred` (optional header). Errors
//! name their line and nothing is applied; success adds the classifier under the name the user
//! picks, or replaces the classifier of that name.

use crate::{Computed, Var, cond, handler, memo, on_checked, on_value, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use super::input_kit::next_id;
use super::radio::radio;
use crate::context::{AppContext, use_app};
use crate::lazy::{deferred, split_entry};
use crate::web::sliced::{Sliced, feed};
use ulab_core::Orientation;
use ulab_core::text::{capitalize, percent};
use ulab_state::edit::import::stream::ImportStream;
use ulab_state::edit::{
    ImportKind, ImportOptions, ImportOutcome, import_classifier, import_read, next_classifier_name,
};

/// Files up to this size (bytes) are read at once, as a pasted text is (~10⁵ label rows: a
/// few tens of milliseconds); larger ones in slices ([`ImportStream`]).
const WHOLE_BYTES: f64 = 1_000_000.0;

/// Lines read per step of a file's import.
const LINES_PER_STEP: usize = 500;

/// The import of a file, read [`LINES_PER_STEP`] lines per step.
impl Sliced for ImportStream {
    fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), String> {
        ImportStream::push_bytes(self, bytes).map_err(|e| e.to_string())
    }
    fn end(&mut self) {
        ImportStream::end(self);
    }
    fn step(&mut self) -> Result<(), String> {
        ImportStream::step(self, LINES_PER_STEP).map_err(|e| e.to_string())
    }
    fn is_done(&self) -> bool {
        ImportStream::is_done(self)
    }
    fn bytes(&self) -> (usize, usize) {
        self.progress()
    }
}

/// What the import panel holds: the choices, the text, a file being read, the last outcome.
#[derive(Clone, Copy)]
struct ImportForm {
    ctx: AppContext,
    /// The name typed (empty: the next free name).
    name: Var<String>,
    /// The text pasted.
    text: Var<String>,
    kind: Var<ImportKind>,
    orientation: Var<Orientation>,
    use_file_classes: Var<bool>,
    /// The fraction of a file read, while one is.
    busy: Var<Option<f64>>,
    /// The last outcome: whether it is an error, and what to say.
    message: Var<Option<(bool, String)>>,
    /// The next free classifier name.
    default_name: Computed<String>,
}

impl ImportForm {
    fn new(ctx: AppContext) -> ImportForm {
        ImportForm {
            ctx,
            name: Var::new(String::new()),
            text: Var::new(String::new()),
            kind: Var::new(ImportKind::Auto),
            orientation: Var::new(Orientation::OutputRows),
            use_file_classes: Var::new(false),
            busy: Var::new(None),
            message: Var::new(None),
            default_name: memo(move |_| ctx.state.with(|s| next_classifier_name(s.classifiers()))),
        }
    }

    /// The import's options as chosen now.
    fn options(&self) -> ImportOptions {
        let typed = self.name.get_untracked();
        ImportOptions {
            kind: self.kind.get_untracked(),
            orientation: self.orientation.get_untracked(),
            name: if typed.trim().is_empty() {
                self.default_name.get_untracked()
            } else {
                typed
            },
            use_file_classes: self.use_file_classes.get_untracked(),
        }
    }

    /// Applies an import's outcome (`source`: the file's name) and says what happened.
    fn apply(&self, outcome: Result<ImportOutcome, String>, source: Option<String>) {
        let from = source.map(|s| format!("{s}: ")).unwrap_or_default();
        let message = self.message;
        match outcome {
            Ok(out) => match self.ctx.edit(|s| *s = out.state) {
                Ok(()) => {
                    message.set(Some((false, format!("{from}{}", out.message))));
                    self.ctx.say(out.message);
                    self.text.set(String::new());
                    self.name.set(String::new());
                }
                Err(e) => message.set(Some((true, format!("{from}{e}. Nothing was changed.")))),
            },
            Err(e) => message.set(Some((
                true,
                format!("{from}{}. Nothing was changed.", capitalize(&e)),
            ))),
        }
    }

    /// Imports the text pasted.
    fn import_text(&self) {
        let opts = self.options();
        let text = self.text.get_untracked();
        let outcome = self
            .ctx
            .state
            .with_untracked(|s| import_classifier(s, &text, &opts));
        self.apply(outcome.map_err(|e| e.to_string()), None);
    }

    /// Imports a file: a small one read at once, as a pasted text is; a large one in slices,
    /// counted as it comes, so the page stays responsive.
    fn import_file(self, file: web_sys::File) {
        let file_name = file.name();
        if file.size() > ulab_csv::MAX_CSV_BYTES as f64 {
            self.message.set(Some((
                true,
                format!("{file_name}: the file is larger than 50 MB. Nothing was changed."),
            )));
            return;
        }
        let (ctx, busy) = (self.ctx, self.busy);
        busy.set(Some(0.0));
        self.message.set(None);
        let opts = self.options();
        leptos::task::spawn_local(async move {
            let stale = || busy.try_get_untracked().is_none();
            let outcome = if file.size() <= WHOLE_BYTES {
                let read = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                read.map_err(|_| "the file could not be read".to_string())
                    .and_then(|t| {
                        let t = t.as_string().unwrap_or_default();
                        ctx.state
                            .with_untracked(|s| import_classifier(s, &t, &opts))
                            .map_err(|e| e.to_string())
                    })
            } else {
                let mut reader = ImportStream::new(opts.kind);
                let progress = |f: f64, _: &ImportStream| busy.set(Some(f));
                let read = feed(&mut reader, Some(&file), "import", progress, stale).await;
                read.and_then(|_| {
                    let imported = reader.finish().map_err(|e| e.to_string())?;
                    ctx.state
                        .with_untracked(|s| import_read(s, imported, &opts))
                        .map_err(|e| e.to_string())
                })
            };
            if stale() {
                return;
            }
            busy.set(None);
            self.apply(outcome, Some(file_name));
        });
    }
}

split_entry!(
    /// The panel's form and the readers behind it (`ulab_state::edit::import`, the CSV
    /// reader), in the chunk `later` (`ui::lazy`) with the How sure card: fetched after the
    /// editors, not on their way.
    import_entry,
    later,
    (ImportForm, usize, String, String),
    |(form, uid, panel_id, msg_id)| {
        view! {
            <div class="import-panel" id=panel_id role="group" aria-label="Import a classifier">
                <p class="hint">
                    "A confusion matrix (CSV, cells copied from a spreadsheet, or 27,15;23,35), or two columns y_true,y_pred with one row per test item (any labels; a header row is optional)."
                </p>
                {import_options(form, uid)}
                {import_source(form, uid, msg_id)}
            </div>
        }
        .into_any()
    }
);

/// The import panel (a disclosure under the classifier cards): the toggle, the panel while
/// open, and the last outcome.
#[component]
pub fn ImportPanel() -> impl IntoView {
    let ctx = use_app();
    let form = ImportForm::new(ctx);
    let open = Var::new(false);
    let uid = next_id();
    let panel_id = format!("import-panel-{uid}");
    let msg_id = format!("import-msg-{uid}");
    let toggle = move |_| {
        let now = !open.get_untracked();
        if now {
            form.orientation
                .set(ctx.state.with_untracked(|s| s.orientation));
        }
        open.set(now);
    };
    let (panel_id2, msg_id2) = (panel_id.clone(), msg_id.clone());
    let message = form.message;
    view! {
        <div class="card import" data-testid="import">
            <button
                type="button"
                class="btn import-toggle"
                aria-expanded=rx(move || if open.get() { "true" } else { "false" })
                aria-controls=panel_id
                on:click=handler(toggle)
                data-testid="import-open"
            >
                {rx(move || if open.get() { "▾ Import a classifier" } else { "▸ Import a classifier (CSV, spreadsheet, labels)…" })}
            </button>
            <Show when=cond(move || open.get())>
                {deferred("the import form", import_entry, (form, uid, panel_id2.clone(), msg_id2.clone()))}
            </Show>
            <p
                id=msg_id
                class=rx(move || match message.get() {
                    Some((true, _)) => "notice is-error import-message",
                    Some((false, _)) => "notice import-message",
                    None => "import-message is-empty",
                })
                role="status"
                aria-live="polite"
                data-testid="import-message"
                data-error=rx(move || if matches!(message.get(), Some((true, _))) { "true" } else { "false" })
            >
                {rx(move || message.get().map(|(_, m)| m))}
            </p>
        </div>
    }
}

/// The import's choices: the classifier's name (an existing one is replaced), what the text
/// holds, which way a matrix's rows go, and whether the file's classes replace the app's.
fn import_options(form: ImportForm, uid: usize) -> impl IntoView {
    let ctx = form.ctx;
    let names = memo(move |_| ctx.state.with(|s| s.problem.names()));
    let classes = memo(move |_| ctx.state.with(|s| s.classes().join(", ")));
    let (name, kind, orientation, use_file_classes) = (
        form.name,
        form.kind,
        form.orientation,
        form.use_file_classes,
    );
    let replaces = memo(move |_| {
        let typed = name.get();
        let t = typed.trim();
        names
            .with(|n| n.iter().any(|c| c == t))
            .then(|| t.to_string())
    });
    let kind_name = format!("import-kind-{uid}");
    let orient_name = format!("import-orient-{uid}");
    let name_id = format!("import-name-{uid}");
    let list_id = format!("import-names-{uid}");
    view! {
        <div class="import-options">
            <label class="stack-label" for=name_id.clone()>
                "Name"
            </label>
            <input
                type="text"
                id=name_id.clone()
                class="import-name"
                maxlength="80"
                autocomplete="off"
                list=list_id.clone()
                placeholder=rx(move || form.default_name.get())
                prop:value=rx(move || name.get())
                on:input=on_value(move |v| name.set(v))
                aria-describedby=format!("{}-hint", name_id.clone())
                data-testid="import-name"
            />
            <datalist id=list_id.clone()>
                {rx(move || names.get().into_iter().map(|n| view! { <option value=n></option> }).collect_view())}
            </datalist>
            <p class="hint" id=format!("{}-hint", name_id.clone()) data-testid="import-target">
                {rx(move || match replaces.get() {
                    Some(n) => format!("Replaces classifier {n}."),
                    None => "Adds a new classifier; the name of an existing one replaces it.".to_string(),
                })}
            </p>
            <fieldset class="segmented">
                <legend>"The text holds"</legend>
                {radio(kind, ImportKind::Auto, kind_name.clone(), "detect", "import-kind-auto".into())}
                {radio(kind, ImportKind::Matrix, kind_name.clone(), "a matrix", "import-kind-matrix".into())}
                {radio(kind, ImportKind::Labels, kind_name.clone(), "y_true, y_pred", "import-kind-labels".into())}
            </fieldset>
            <fieldset class="segmented">
                <legend>"A matrix's rows are"</legend>
                {radio(orientation, Orientation::OutputRows, orient_name.clone(), "the output (papers)", "import-output-rows".into())}
                {radio(orientation, Orientation::TrueRows, orient_name.clone(), "the true class (scikit-learn)", "import-true-rows".into())}
            </fieldset>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=rx(move || use_file_classes.get())
                    on:change=on_checked(move |on| use_file_classes.set(on))
                    data-testid="import-use-classes"
                />
                <span>{rx(move || format!(" Use the file's classes instead of {}", classes.get()))}</span>
            </label>
        </div>
    }
}

/// What is imported: the text pasted (with "Import the text"), or a file chosen.
fn import_source(form: ImportForm, uid: usize, msg_id: String) -> impl IntoView {
    let (text, busy) = (form.text, form.busy);
    let text_id = format!("import-text-{uid}");
    let import_file = move |ev: Targeted<Event, HtmlInputElement>| {
        let input = ev.target();
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        form.import_file(file);
    };
    view! {
        <label class="stack-label" for=text_id.clone()>"Text"</label>
        <textarea
            id=text_id.clone()
            rows="6"
            spellcheck="false"
            placeholder="y_true,y_pred\nlong,long\nshort,long\n…"
            aria-describedby=msg_id
            prop:value=rx(move || text.get())
            on:input=on_value(move |v| text.set(v))
            data-testid="import-text"
        ></textarea>
        <div class="row-actions">
            <button type="button" class="btn btn-primary" on:click=handler(move |_| form.import_text()) data-testid="import-apply">
                "Import the text"
            </button>
            <label class="btn file-btn">
                {rx(move || match busy.get() {
                    Some(f) => format!("Reading… {}", percent(f, 0)),
                    None => "Choose a CSV file…".to_string(),
                })}
                <input
                    type="file"
                    prop:disabled=rx(move || busy.get().is_some())
                    accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
                    on:change:target=import_file
                    data-testid="import-file"
                />
            </label>
        </div>
    }
}
