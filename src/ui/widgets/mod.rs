//! Building blocks shared by the views: an editable matrix ([`matrix_editor`]), a read-only
//! one ([`matrix_table`]), a plot with PNG/SVG export ([`plot_canvas`]), a number field
//! ([`number_field`]), a job's progress ([`job_progress`]), the paste box ([`paste_box`]), the
//! CSV import panel ([`import_dialog`]) and small input helpers ([`input_kit`]).

pub mod import_dialog;
pub mod input_kit;
pub mod job_progress;
pub mod matrix_editor;
pub mod matrix_table;
pub mod number_field;
pub mod paste_box;
pub mod plot_canvas;
