//! Where a script hit a gap: a call of something gas-sim does not implement, found at
//! the innermost frame of a project file (not the prelude's wrapper), counted on the
//! host whether or not the script catches the error (`gas_platform::gaps`).

use boa_engine::error::JsErrorFrame;
use boa_engine::{Context, JsError, JsValue};

use crate::host::Host;
use crate::prelude::PRELUDE_PATH;

/// The innermost frame of a project file: the prelude, builtins (`<native>`), `eval`
/// code and frames without a position are skipped.
pub(crate) fn project_frame(frames: &[JsErrorFrame]) -> Option<&JsErrorFrame> {
    frames.iter().find(|f| f.path != PRELUDE_PATH && !f.path.is_empty() && !f.path.starts_with('<') && f.line > 0)
}

/// The script's position now: the backtrace an `Error` built here records (boa's
/// `Error` constructor takes the caller's frames, vendored patch 0003 reads them).
/// Only on the error path of a gap, so its cost does not matter.
fn script_site(context: &mut Context) -> (Option<String>, Option<u32>) {
    let constructor = context.intrinsics().constructors().error().constructor();
    let Ok(error) = constructor.construct(&[], None, context) else { return (None, None) };
    let frames = JsError::from_opaque(JsValue::from(error)).frames();
    match project_frame(&frames) {
        Some(frame) => (Some(frame.path.clone()), Some(frame.line)),
        None => (None, None),
    }
}

/// The project function running now (its innermost frame's name; `(top level)` for
/// top-level code). Only for explored schedules, which name the caller of every call.
pub(crate) fn script_function(context: &mut Context) -> String {
    let constructor = context.intrinsics().constructors().error().constructor();
    let Ok(error) = constructor.construct(&[], None, context) else { return String::new() };
    let frames = JsError::from_opaque(JsValue::from(error)).frames();
    match project_frame(&frames) {
        Some(frame) if frame.function.is_empty() => "(top level)".into(),
        Some(frame) => frame.function.clone(),
        None => String::new(),
    }
}

/// Counts a call of `method` at the script's current position.
pub(crate) fn record(host: &Host, method: &str, context: &mut Context) {
    let (file, line) = script_site(context);
    host.record_gap(method, file.as_deref(), line);
}
