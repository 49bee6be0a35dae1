//! `Error.prototype.stack` as a script reads it: V8's shape, without gas-sim's own frames.
//!
//! V8's `stack` starts with `Name: message` (the error's `String`), and the platform's
//! shows no frames of its own services; boa's getter gives the frames alone, one
//! `    at ...` line each. So every live context replaces boa's getter with one that puts
//! the header first and leaves out every frame of the prelude (`GAS_SIM_FRAME_MARK`), and
//! that fixes the text at its first read, as V8 fixes it when the error is made: a later
//! change of `message` does not show. The setter stays boa's.
//!
//! The getter is native, not prelude JS: it was an eighth of the prelude core's tokens,
//! which every context parses before a script's first line (a first `gas-sim call`
//! spends half its instructions parsing the core).

use boa_engine::native_function::NativeFunction;
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{js_string, Context, JsObject, JsResult, JsString, JsValue};

/// What every frame of the prelude's code holds: its path, [`PRELUDE_PATH`] and any
/// other `gas-sim:` name, in the frame's parentheses.
///
/// [`PRELUDE_PATH`]: crate::prelude::PRELUDE_PATH
const GAS_SIM_FRAME_MARK: &str = "(gas-sim:";

/// Replaces `Error.prototype.stack`'s getter (see the module's comment). The accessor
/// keeps its place among the prototype's keys, its setter, and its attributes:
/// configurable, not enumerable.
pub(crate) fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().error().prototype();
    let boa_accessor =
        prototype.borrow().properties().get(&js_string!("stack").into()).expect("boa defines Error.prototype.stack");
    let boa_getter = boa_accessor.get().and_then(JsValue::as_object).expect("boa's stack has a getter");
    // Captured by the native getter, which a realm snapshot does not walk (vendored boa,
    // object/snapshot.rs): safe because no script can reach boa's getter, so none can
    // change it.
    let getter = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(stack_of, boa_getter),
    )
    .name(js_string!("get"))
    .length(0)
    .build();
    let accessor = PropertyDescriptor::builder()
        .get(getter)
        .maybe_set(boa_accessor.set().cloned())
        .enumerable(false)
        .configurable(true);
    prototype.define_property_or_throw(js_string!("stack"), accessor, context)?;
    Ok(())
}

/// The getter: boa's frames under the error's `String`, the prelude's left out, then kept
/// on the error as its own `stack` (unless it is frozen: then the accessor answers again
/// next time). A value that is no error gets boa's answer (undefined).
fn stack_of(this: &JsValue, _args: &[JsValue], boa_getter: &JsObject, context: &mut Context) -> JsResult<JsValue> {
    let frames = boa_getter.call(this, &[], context)?;
    let Some(frames) = frames.as_string() else {
        return Ok(frames);
    };
    // A `toString` that throws gives the plain header; one the engine stops (a runtime
    // limit) stops the getter too, as it would stop a script's own `try`.
    let header = match this.to_string(context) {
        Ok(header) => header,
        Err(error) if error.as_engine().is_none() => js_string!("Error"),
        Err(error) => return Err(error),
    };
    let hidden: Vec<u16> = GAS_SIM_FRAME_MARK.encode_utf16().collect();
    let newline = js_string!("\n");
    let mut parts: Vec<JsString> = vec![header];
    for line in frames.to_vec().split(|unit| *unit == u16::from(b'\n')) {
        if !line.is_empty() && !line.windows(hidden.len()).any(|window| window == hidden.as_slice()) {
            parts.push(newline.clone());
            parts.push(JsString::from(line));
        }
    }
    let parts: Vec<boa_engine::string::JsStr<'_>> = parts.iter().map(JsString::as_str).collect();
    let stack = JsString::concat_array(&parts);
    if let Some(error) = this.as_object() {
        let own =
            PropertyDescriptor::builder().value(stack.clone()).writable(true).enumerable(false).configurable(true);
        match error.define_property_or_throw(js_string!("stack"), own, context) {
            Ok(_) => {}
            // A frozen error keeps the accessor, as a script's `try` around it would.
            Err(error) if error.as_engine().is_none() => {}
            Err(error) => return Err(error),
        }
    }
    Ok(stack.into())
}
