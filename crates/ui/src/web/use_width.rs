//! [`use_width`]: an element's width, followed as it changes.

use crate::Var;
use leptos::html::ElementType;
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::ResizeObserver;

/// The width in CSS pixels of the element behind `target` (its `clientWidth`): 0 until it is
/// on the page and measured, then followed with a `ResizeObserver` (whose first report comes
/// when observing starts) until the calling component goes.
///
/// Each report measures in a task of its own: when several elements appear at once (the plots
/// of a finished Monte Carlo run), whatever follows their widths (drawing) runs in one task
/// each rather than all in one animation frame, so the page stays responsive between them.
/// Without a `ResizeObserver` (very old browsers) the width is measured once.
///
/// ```ignore
/// let box_ref = NodeRef::<html::Div>::new();
/// let width = use_width(box_ref);
/// view! { <div node_ref=box_ref>{move || format!("{} px", width.get())}</div> }
/// ```
pub fn use_width<E>(target: NodeRef<E>) -> Signal<u32>
where
    E: ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let width = Var::new(0u32);
    let measure = move || {
        if let Some(el) = target.try_get_untracked().flatten() {
            let w = el.unchecked_ref::<web_sys::Element>().client_width().max(0) as u32;
            if width.try_get_untracked().is_some_and(|old| old != w) {
                width.set(w);
            }
        }
    };
    let observer = StoredValue::new_local(None::<(ResizeObserver, Closure<dyn FnMut()>)>);
    target.on_load(move |el| {
        let on_resize = Closure::<dyn FnMut()>::new(move || {
            set_timeout(measure, Duration::ZERO);
        });
        match ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
            Ok(o) => {
                o.observe(el.unchecked_ref());
                observer.set_value(Some((o, on_resize)));
            }
            Err(_) => set_timeout(measure, Duration::ZERO),
        }
    });
    on_cleanup(move || {
        if let Some(Some((o, _on_resize))) = observer.try_update_value(Option::take) {
            o.disconnect();
        }
    });
    width.into()
}
