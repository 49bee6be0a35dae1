//! The locale-sensitive builtins a script sees: native stubs that call their en-US
//! implementations, which the prelude's `locale` chunk makes (81_locale.js) on the first
//! call of any of them.
//!
//! boa is built without Intl, and the implementations are JS that most executions never
//! run, so they are a chunk compiled on first need. The builtins themselves must exist
//! from a script's first line and stay the same functions before and after that first
//! call (a script may hold one): each is a stub defined when a context is built. They are
//! native, with V8's names and lengths, not constructors, as V8's builtins are; as prelude
//! JS they were an eighth of the core that every context parses before a script runs.

use boa_engine::native_function::NativeFunction;
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{js_string, Context, JsNativeError, JsObject, JsResult, JsString, JsValue};

/// Each stub: the constructor whose prototype holds it, its name, its `length` (V8's).
/// The chunk's implementation of a stub is its method `Owner.name` (81_locale.js).
const STUBS: &[(&str, &str, usize)] = &[
    ("Date", "toLocaleString", 0),
    ("Date", "toLocaleDateString", 0),
    ("Date", "toLocaleTimeString", 0),
    ("Array", "toLocaleString", 0),
    ("Number", "toLocaleString", 0),
    ("BigInt", "toLocaleString", 0),
    ("String", "localeCompare", 1),
];

/// `__gas_locale_stubs(localeMethods)`, which the prelude's core calls once with its maker
/// of the chunk's methods (`fromChunk('locale', 'localeMethods')`) and then deletes: it
/// defines every stub, as a builtin method is defined (writable, configurable, not
/// enumerable).
pub(crate) fn register(context: &mut Context) -> JsResult<()> {
    context.register_global_builtin_callable(js_string!("__gas_locale_stubs"), 1, NativeFunction::from_fn_ptr(define))
}

fn define(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(methods_maker) = args.first().and_then(JsValue::as_object) else {
        return Err(JsNativeError::typ().with_message("gas-sim prelude: no locale methods' maker").into());
    };
    for &(owner, name, length) in STUBS {
        let constructors = context.intrinsics().constructors();
        let prototype = match owner {
            "Date" => constructors.date().prototype(),
            "Array" => constructors.array().prototype(),
            "Number" => constructors.number().prototype(),
            "BigInt" => constructors.bigint().prototype(),
            "String" => constructors.string().prototype(),
            other => unreachable!("no locale stub on {other}"),
        };
        // The maker is captured by each stub, and a realm snapshot does not walk a
        // native's captures (vendored boa, object/snapshot.rs): it is also `core`'s
        // `localeMethods`, reached and restored through the core's closures, and no
        // script can reach it.
        let key = JsString::from(format!("{owner}.{name}"));
        let stub = NativeFunction::from_copy_closure_with_captures(
            |this, args, (methods_maker, key): &(JsObject, JsString), context| {
                call_implementation(key, this, args, methods_maker, context)
            },
            (methods_maker.clone(), key),
        );
        let function =
            FunctionObjectBuilder::new(context.realm(), stub).name(JsString::from(name)).length(length).build();
        let method = PropertyDescriptor::builder().value(function).writable(true).enumerable(false).configurable(true);
        prototype.define_property_or_throw(JsString::from(name), method, context)?;
    }
    Ok(JsValue::undefined())
}

/// A stub's call: the chunk's method `key`, called with the stub's `this` and arguments.
fn call_implementation(
    key: &JsString,
    this: &JsValue,
    args: &[JsValue],
    methods_maker: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    let methods = methods_maker.call(&JsValue::undefined(), &[], context)?;
    let implementation = methods.to_object(context)?.get(key.clone(), context)?;
    let Some(implementation) = implementation.as_callable() else {
        return Err(JsNativeError::typ()
            .with_message(format!("gas-sim prelude: no locale method {}", key.to_std_string_escaped()))
            .into());
    };
    implementation.call(this, args, context)
}
