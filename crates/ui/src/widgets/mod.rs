//! Building blocks shared by the views: a view's panel ([`card`]), an editable matrix
//! ([`matrix_editor`]), a read-only one ([`matrix_table`]), a plot with PNG/SVG export
//! ([`plot_canvas`]), a number field and settings tables of them ([`number_field`]), a job's
//! progress and its Cancel button ([`job_progress`]), the paste box ([`paste_box`]), the CSV
//! import panel ([`import_dialog`]), a file's drop zone, paste box and reading ([`file_drop`]), small input helpers ([`input_kit`]), one classifier's
//! confusion-matrix editor ([`confusion_editor`]), the "×" of a list item
//! ([`remove_button`]), a labelled drop-down list ([`select_field`]), a radio button bound to
//! a choice ([`radio`]), the utility matrix's editor ([`utility_editor`]), and the editors of
//! the classes and decisions ([`classes_editor`]) and of the deployment class shares
//! ([`deployment_editor`]) that the Compare and Decide views share, a sideways-scrolling
//! table that keyboards can reach ([`table_scroll`]), the "How sure" card of a ranking
//! ([`sure_card`]), and a keyed list compiled once for every list ([`keyed`]).

pub mod card;
pub mod classes_editor;
pub mod confusion_editor;
pub mod deployment_editor;
pub mod file_drop;
pub mod import_dialog;
pub mod input_kit;
pub mod job_progress;
pub mod keyed;
pub mod matrix_editor;
pub mod matrix_table;
pub mod number_field;
pub mod paste_box;
pub mod plot_canvas;
pub mod radio;
pub mod remove_button;
pub mod select_field;
pub mod sure_card;
pub mod table_scroll;
pub mod utility_editor;
