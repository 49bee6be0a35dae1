//! The catalogue in the engine: the tables the prelude builds every service object from
//! (`__gas_catalogue()`, called once while the prelude runs: lookups in the tables
//! compiled into gas-platform), and the one place a
//! script's arguments are checked and converted against the catalogue's overloads
//! (`script_args`, for every call the prelude passes the script's own arguments to). The
//! rules are `gas_platform::catalogue`'s; this only reads JS values and converts them.
//! [`declared_on`] tells the prelude the shape of each declared method's result, so it
//! makes their wrappers itself (`derived` in 01_kernel.js). [`implemented_methods`] runs
//! the prelude alone to learn which methods it implements, for `gas-sim api`.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::LazyLock;

use boa_engine::native_function::NativeFunction;
use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{js_string, Context, JsResult, JsString, JsValue, Source};
use gas_platform::catalogue::{self, ArgType, Conversion, PreludeTables};
use gas_platform::ServiceError;

use crate::prelude::{PreludeText, CHUNKS};
use crate::value::Val;

/// Arguments read from one call at most (the platform's methods take a handful; a rest
/// parameter such as `formatString`'s more).
const ARGS_MAX: u64 = 10_000;

/// The platform texts the prelude throws itself (a value object's own checks), by the
/// name the prelude reads them as (`texts.COLOR_NOT_RGB`); gas-platform holds each once.
const PRELUDE_TEXTS: &[(&str, &str)] = &[
    ("COLOR_NOT_RGB", gas_platform::sheets::format_text::COLOR_NOT_RGB),
    ("COLOR_NOT_THEME", gas_platform::sheets::format_text::COLOR_NOT_THEME),
];

/// `{ globalClass, table, qualify, classEntry, enumValues, declared, objectFields }`:
/// lookups in `gas_platform::catalogue::PreludeTables` (compiled in) for the classes and
/// enums the prelude builds, so a start pays for what it builds, not for the whole
/// catalogue (`declared`: the methods gas-sim declares on a class, with their results'
/// shapes); `globalClass` gives a global's class or enum, `table` the tables of
/// `table_fn`.
pub(crate) fn tables_object(context: &mut Context) -> JsResult<JsValue> {
    tables_with_report(context, None)
}

/// A lookup in one of the prelude tables: its string, or undefined.
fn lookup_fn(table: fn() -> &'static [(&'static str, &'static str)]) -> NativeFunction {
    NativeFunction::from_copy_closure(move |_this, args, context| {
        let key = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
        Ok(PreludeTables::lookup(table(), &key).map_or(JsValue::undefined(), |v| js_string!(v).into()))
    })
}

/// `table(name)`: one of the tables a service copies into its objects, as a new object of
/// its keys and values: the MimeType global's values (a platform table, not the
/// package's: it has names only), CalendarApp's EventColor and Color values (the package
/// has their names only), and the platform texts above. Made when a service asks, not
/// with the catalogue object every context makes.
fn table_fn(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let name = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
    let pairs: &[(&str, &str)] = match name.as_str() {
        "mimeTypes" => gas_platform::drive::mime::MIME_TYPES,
        "eventColors" => gas_platform::calendar::EVENT_COLORS,
        "calendarColors" => gas_platform::calendar::CALENDAR_COLORS,
        "texts" => PRELUDE_TEXTS,
        _ => return Ok(JsValue::undefined()),
    };
    let mut init = ObjectInitializer::new(context);
    for (key, value) in pairs {
        init.property(js_string!(*key), js_string!(*value), Attribute::all());
    }
    Ok(init.build().into())
}

/// The tables, with `report(class, methods)` when given: the prelude then calls it for
/// every class it builds, with the methods it implements.
fn tables_with_report(context: &mut Context, report: Option<NativeFunction>) -> JsResult<JsValue> {
    let mut init = ObjectInitializer::new(context);
    init.function(lookup_fn(|| tables().globals), js_string!("globalClass"), 1)
        .function(NativeFunction::from_fn_ptr(table_fn), js_string!("table"), 1)
        .function(lookup_fn(|| tables().short_names), js_string!("qualify"), 1)
        .function(lookup_fn(|| tables().classes), js_string!("classEntry"), 1)
        .function(lookup_fn(|| tables().enums), js_string!("enumValues"), 1)
        .function(NativeFunction::from_fn_ptr(declared_fn), js_string!("declared"), 1)
        .function(NativeFunction::from_fn_ptr(object_fields_fn), js_string!("objectFields"), 1);
    if let Some(report) = report {
        let function = report.to_js_function(init.context().realm());
        init.property(js_string!("report"), function, Attribute::all());
    }
    Ok(init.build().into())
}

/// `objectFields(qualified)`: the class's properties that hold an object of another
/// class (an advanced service's collections: `Values:Sheets_v4.ValuesCollection`),
/// comma-separated.
fn object_fields_fn(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let qualified = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
    let catalogue = catalogue::catalogue();
    let fields = catalogue.class(&qualified).map_or_else(Vec::new, |class| {
        class
            .fields
            .iter()
            .filter(|(_, ty)| catalogue.class(ty).is_some())
            .map(|(name, ty)| format!("{name}:{ty}"))
            .collect()
    });
    Ok(js_string!(fields.join(",").as_str()).into())
}

/// `declared(qualified)`: see [`declared_on`]. Its answer depends on the compiled-in
/// tables alone, so each class's is worked out once per process (every new context asks
/// for every class it builds: 4% of building one); one entry per class the prelude
/// builds (the catalogue bounds them; scripts cannot call this).
fn declared_fn(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    static ANSWERS: LazyLock<std::sync::Mutex<BTreeMap<String, String>>> = LazyLock::new(Default::default);
    let qualified = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
    let mut answers = ANSWERS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !answers.contains_key(&qualified) {
        // The registry first, on its own: `uncounted` calls must not nest (each would
        // give the same bytes back).
        crate::methods::all();
        // Kept for the process: not the heap of the execution that first asks (it builds
        // the class on first touch), or a first execution would pay for what later ones
        // share.
        boa_engine::heap_budget::uncounted(|| {
            let answer = declared_on(&qualified);
            answers.insert(qualified.clone(), answer);
        });
    }
    Ok(js_string!(answers[&qualified].as_str()).into())
}

/// `declared(qualified)`: the methods gas-sim declares on that class
/// ([`crate::methods`]) as `Class.method=kind`, comma-separated, for the wrappers the
/// prelude makes for those it does not write by hand (`derived` in 01_kernel.js). The kind
/// is the shape of the result, from the catalogue's return type: `value` (void or a
/// plain value), `self` (the class itself), a qualified class, or one followed by `[]`;
/// a read ([`crate::methods::Read`]) adds `@` and its handle's field (`date@at_utc_ms`).
/// A method whose overloads return different types is left out (the prelude writes it).
pub(crate) fn declared_on(qualified: &str) -> String {
    let catalogue = catalogue::catalogue();
    let short = qualified.rsplit('.').next().unwrap_or(qualified);
    // A class whose short name is another's (XmlService's `Element`) declares its
    // methods by qualified name.
    let declared_as = if catalogue.resolve_class(short).is_some_and(|class| class.name == qualified) {
        short
    } else if catalogue.class(qualified).is_some() {
        qualified
    } else {
        return String::new();
    };
    let kinds = crate::methods::of_class(declared_as).into_iter().filter_map(|m| {
        // A call's Date comes back a Date (`value.rs`): a plain value to the wrapper.
        let kind = result_kind(qualified, m.name)?;
        Some(format!("{}={}", m.name, if kind == "Base.Date" { "value" } else { kind.as_str() }))
    });
    // A read's kind is where its answer is: `kind@key`, a Date made from epoch ms.
    let reads = crate::methods::reads_of_class(declared_as).into_iter().map(|r| {
        let kind = match result_kind(qualified, r.name) {
            Some(kind) if kind == "Base.Date" => "date".to_string(),
            Some(kind) => kind,
            None => panic!("{}: a read's overloads must return one type", r.name),
        };
        format!("{}={kind}@{}", r.name, r.key)
    });
    kinds.chain(reads).collect::<Vec<_>>().join(",")
}

/// See [`declared_on`].
fn result_kind(qualified: &str, name: &str) -> Option<String> {
    let (_, method) = catalogue::catalogue().method_of_call(name)?;
    // `X|null`: the wrapper gives null for a null handle (01_kernel.js `derived`), so an
    // overload returning `X` and one returning `X|null` have one shape.
    let shape = |returns: &'static str| returns.strip_suffix("|null").unwrap_or(returns);
    let returns = shape(method.overloads.first()?.returns);
    if method.overloads.iter().any(|o| shape(o.returns) != returns) {
        return None;
    }
    let (class, array) = match returns.strip_suffix("[]") {
        Some(class) => (class, true),
        None => (returns, false),
    };
    Some(match catalogue::catalogue().class(class) {
        None => "value".to_string(),
        Some(_) if array => returns.to_string(),
        Some(_) if class == qualified => "self".to_string(),
        Some(_) => class.to_string(),
    })
}

/// Whether `name` is a global the prelude builds on first touch (`prelude::global_names`
/// of a project without advanced services: every global of the catalogue, and `console`).
pub(crate) fn is_service_global(name: &str) -> bool {
    // A set, made once: every word of every project file is asked (compiled.rs).
    static NAMES: LazyLock<BTreeSet<&'static str>> =
        LazyLock::new(|| crate::prelude::global_names("").into_iter().collect());
    NAMES.contains(name)
}

/// The catalogue's globals, in its order (the global object's, after the ones the prelude
/// implements first: `prelude::global_names`).
pub(crate) fn catalogue_globals() -> impl Iterator<Item = &'static str> {
    tables().globals.iter().map(|(global, _)| *global)
}

fn tables() -> &'static PreludeTables {
    catalogue::catalogue().prelude_tables()
}

/// The methods the prelude implements (its own, not `notImplemented`), by qualified
/// class: the prelude run alone in a context of its own, natives that do nothing.
pub fn implemented_methods() -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    run_prelude_alone(&prelude_as_parsed(), None)
}

/// [`implemented_methods`] of the classes of one namespace (`Lock`, `Spreadsheet`):
/// only the globals that build them are built (`gas-sim api SERVICE`: a fifth of the
/// time of building them all). The same sets as `implemented_methods` gives for that
/// namespace's classes (a unit test checks every namespace).
pub fn implemented_methods_of(namespace: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let mut found = run_prelude_alone(&prelude_as_parsed(), Some(&globals_building(namespace)))?;
    found.retain(|class, _| class.split('.').next() == Some(namespace));
    Ok(found)
}

/// The globals whose building registers the classes of `namespace`: its own (and its
/// advanced service's symbol), and those of the services that make its objects
/// elsewhere (`SpreadsheetApp.getUi()` makes Base's Ui).
fn globals_building(namespace: &str) -> Vec<&'static str> {
    /// Namespaces whose classes other services build (found by the unit test below).
    const BUILT_BY_OTHERS: &[(&str, &[&str])] = &[
        // Ui, Menu and PromptResponse are the sheets chunk's (11_ui.js), RgbColor its colours'.
        ("Base", &["SpreadsheetApp"]),
    ];
    let catalogue = catalogue::catalogue();
    let in_namespace = |class: &str| class.split('.').next() == Some(namespace);
    let own = catalogue.globals.iter().filter(|g| in_namespace(g.class)).map(|g| g.name);
    let advanced = catalogue.advanced.iter().filter(|a| in_namespace(a.class)).map(|a| a.name);
    let others =
        BUILT_BY_OTHERS.iter().filter(|(n, _)| *n == namespace).flat_map(|(_, globals)| globals.iter().copied());
    own.chain(advanced).chain(others).collect()
}

/// The standard prelude as the engine parses it (without comments: half the text).
fn prelude_as_parsed() -> PreludeText {
    use crate::prelude::{chunk_to_parse, core_to_parse};
    PreludeText {
        core: core_to_parse().to_string(),
        chunks: (0..CHUNKS.len()).map(|i| chunk_to_parse(i).to_string()).collect(),
    }
}

/// Runs `prelude` alone; builds every global, or only `only` (and every class the
/// services built register).
fn run_prelude_alone(
    prelude: &PreludeText,
    only: Option<&[&str]>,
) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let found: Rc<RefCell<BTreeMap<String, BTreeSet<String>>>> = Rc::default();
    // Building every class makes a heap of a few MB that all stays live: at boa's default
    // threshold (1 MiB) it was marked again and again, a sixth of `gas-sim api`'s time.
    boa_gc::set_collection_threshold(crate::compiled::GC_THRESHOLD_BYTES);
    let mut context = Context::default();
    let sink = found.clone();
    // SAFETY: the closure captures an Rc<RefCell<..>> of Rust strings, no GC values.
    let report = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let text = |i: usize, context: &mut Context| -> JsResult<String> {
                Ok(args.get(i).cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped())
            };
            let (class, methods) = (text(0, context)?, text(1, context)?);
            let mut found = sink.borrow_mut();
            let set = found.entry(class).or_default();
            set.extend(methods.split(',').filter(|m| !m.is_empty()).map(str::to_string));
            Ok(JsValue::undefined())
        })
    };
    let nothing = NativeFunction::from_fn_ptr(|_this, _args, _context| Ok(JsValue::undefined()));
    let tables = tables_with_report(&mut context, Some(report)).map_err(|e| e.to_string())?;
    let tables_fn =
        NativeFunction::from_copy_closure_with_captures(|_this, _args, tables, _context| Ok(tables.clone()), tables);
    let register = |context: &mut Context, name, function: NativeFunction| {
        context.register_global_builtin_callable(name, 0, function).map_err(|e| e.to_string())
    };
    register(&mut context, js_string!("__gas_call"), nothing.clone())?;
    register(&mut context, js_string!("__gas_log"), nothing)?;
    register(&mut context, js_string!("__gas_catalogue"), tables_fn)?;
    // No lazy globals here: the prelude builds every one (or those named), so every
    // class they register reports (99_globals.js).
    let eager = match only {
        None => NativeFunction::from_fn_ptr(|_this, _args, _context| Ok(false.into())),
        Some(names) => NativeFunction::from_copy_closure_with_captures(
            |_this, _args, names, _context| Ok(names.clone().into()),
            JsString::from(names.join(",")),
        ),
    };
    register(&mut context, js_string!("__gas_lazy_globals"), eager)?;
    // The prelude builds every class here (no lazy globals: `buildEveryClass`).
    let nothing_to_keep = NativeFunction::from_fn_ptr(|_this, _args, _context| Ok(JsValue::undefined()));
    register(&mut context, js_string!("__gas_class_built"), nothing_to_keep.clone())?;
    register(&mut context, js_string!("__gas_class_builder"), nothing_to_keep)?;
    let chunks: Vec<(&'static str, String)> =
        CHUNKS.iter().map(|chunk| chunk.name).zip(prelude.chunks.iter().cloned()).collect();
    // SAFETY: the closure captures Rust strings, no GC values.
    let load_chunk = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let name = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
            let text = chunks.iter().find(|(chunk, _)| *chunk == name).map(|(_, text)| text.as_str()).unwrap_or("");
            context.eval(Source::from_bytes(text))
        })
    };
    register(&mut context, js_string!("__gas_chunk"), load_chunk)?;
    // Every advanced service of the catalogue, under its usual symbol, so its classes report.
    let advanced: Vec<String> =
        catalogue::catalogue().advanced.iter().map(|a| format!("{}={}", a.name, a.class)).collect();
    crate::prepared::register_globals(&mut context, &advanced.join(",")).map_err(|e| e.to_string())?;
    crate::locale_stubs::register(&mut context).map_err(|e| e.to_string())?;
    crate::prepared::register_chunk_makers(&mut context).map_err(|e| e.to_string())?;
    context.eval(Source::from_bytes(&prelude.core)).map_err(|e| e.to_string())?;
    let mut found = found.take();
    for (class, object) in ENGINE_CLASSES {
        let methods = engine_methods(class, object, &mut context).map_err(|e| e.to_string())?;
        found.entry(class.to_string()).or_default().extend(methods);
    }
    drop(context);
    Ok(found)
}

/// The catalogue's classes that are the JS engine's own objects, not a service's (the
/// types package types `Date` for the methods that take or return one): what the engine
/// has of them is what a script has, so it counts as implemented.
const ENGINE_CLASSES: [(&str, &str); 2] = [("Base.Date", "Date.prototype"), ("Base.DateConstructor", "Date")];

/// The methods of catalogue class `class` that the engine's `object` (a path from the
/// global object) has as functions.
fn engine_methods(class: &str, object: &str, context: &mut Context) -> JsResult<Vec<String>> {
    let catalogue = catalogue::catalogue();
    let Some(class) = catalogue.class(class) else {
        return Ok(Vec::new());
    };
    let object = context.eval(Source::from_bytes(object))?;
    let Some(object) = object.as_object() else {
        return Ok(Vec::new());
    };
    let mut methods = Vec::new();
    for name in catalogue.method_names(class) {
        if object.get(JsString::from(name), context)?.is_callable() {
            methods.push(name.to_string());
        }
    }
    Ok(methods)
}

/// The script's arguments to `method`, checked against its overloads and converted as
/// the platform converts them (`String(value)` with the value's own `toString`, so a
/// service object reads as the prelude shows it); the platform's signature error when no
/// overload fits.
pub(crate) fn script_args(
    method: &str,
    list: Option<&JsValue>,
    context: &mut Context,
) -> JsResult<Result<Vec<Val>, ServiceError>> {
    let mut items = Vec::new();
    if let Some(array) = list.and_then(JsValue::as_object) {
        let length = array.get(js_string!("length"), context)?.to_length(context)?;
        for i in 0..length.min(ARGS_MAX) {
            items.push(array.get(i, context)?);
        }
    }
    let mut vals = items.iter().map(|v| Val::from_js(v, context)).collect::<JsResult<Vec<_>>>()?;
    let types: Vec<ArgType> = vals.iter().map(arg_type).collect();
    let conversions = match catalogue::check_args(method, &types) {
        Ok(conversions) => conversions,
        Err(error) => return Ok(Err(error)),
    };
    for (i, conversion) in conversions.iter().enumerate() {
        match conversion {
            Conversion::Keep => {}
            Conversion::ToString => vals[i] = Val::String(items[i].to_string(context)?.to_std_string_escaped()),
            Conversion::ToNumber => vals[i] = Val::Number(items[i].to_number(context)?),
        }
    }
    Ok(Ok(vals))
}

fn arg_type(value: &Val) -> ArgType {
    match value {
        Val::Undefined => ArgType::Undefined,
        Val::Null => ArgType::Null,
        Val::Bool(_) => ArgType::Boolean,
        Val::Number(_) => ArgType::Number,
        Val::String(s) if s.trim().parse::<f64>().is_ok_and(f64::is_finite) => ArgType::NumericString,
        Val::String(_) => ArgType::String,
        Val::Date(_) => ArgType::Date,
        Val::Array(_) => ArgType::Array,
        Val::Object(_) => ArgType::Object,
        Val::Function => ArgType::Function,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::prelude;

    #[test]
    fn the_prelude_implements_catalogue_methods_only() {
        let implemented = implemented_methods().unwrap();
        let cache = implemented.get("Cache.Cache").unwrap();
        assert_eq!(
            cache.iter().map(String::as_str).collect::<Vec<_>>(),
            ["get", "getAll", "put", "putAll", "remove", "removeAll"]
        );
        assert!(implemented.get("Spreadsheet.Range").unwrap().contains("getValues"));
        // The engine's own Date, which the catalogue types as Base classes.
        let date = implemented.get("Base.Date").unwrap();
        assert!(["getTime", "toISOString", "setUTCHours", "valueOf"].iter().all(|m| date.contains(*m)), "{date:?}");
        let date_constructor = implemented.get("Base.DateConstructor").unwrap();
        assert_eq!(date_constructor.iter().map(String::as_str).collect::<Vec<_>>(), ["UTC", "now", "parse"]);
        // A method the catalogue does not have stops the prelude, naming it.
        let marker = "  // ---- SpreadsheetApp";
        let bad = prelude().replaced(marker, "  klass('Range', { isFake() {} });\n  // ---- SpreadsheetApp");
        let error = run_prelude_alone(&bad, None).unwrap_err();
        assert!(error.contains("Range.isFake is not a method of Spreadsheet.Range in the catalogue"), "{error}");
        let bad = prelude().replaced(marker, "  klass('NoSuchClass', {});\n  // ---- SpreadsheetApp");
        assert!(run_prelude_alone(&bad, None).unwrap_err().contains("NoSuchClass is no class of the catalogue"));
    }

    #[test]
    fn one_namespaces_methods_are_those_of_the_whole_run() {
        let all = implemented_methods().unwrap();
        let namespaces: BTreeSet<&str> =
            catalogue::catalogue().classes.iter().filter_map(|c| c.name.split('.').next()).collect();
        let mut differ = Vec::new();
        for namespace in namespaces {
            let of = implemented_methods_of(namespace).unwrap();
            let mut expected = all.clone();
            expected.retain(|class, _| class.split('.').next() == Some(namespace));
            if of != expected {
                let missing: Vec<&String> = expected.keys().filter(|k| of.get(*k) != expected.get(*k)).collect();
                differ.push(format!("{namespace}: {missing:?}"));
            }
        }
        assert!(differ.is_empty(), "namespaces whose classes other services build (BUILT_BY_OTHERS): {differ:?}");
    }

    #[test]
    fn every_declared_method_is_reachable_from_the_prelude() {
        // Written by hand or derived from the catalogue's return type (01_kernel.js).
        let implemented = implemented_methods().unwrap();
        let catalogue = catalogue::catalogue();
        let missing: Vec<&str> = crate::methods::all()
            .iter()
            .map(|m| m.name)
            .filter(|name| {
                // Through the catalogue's aliases (`TriggerBuilder.create` is ClockTriggerBuilder's).
                let Some((class, method)) = catalogue.method_of_call(name) else { return true };
                !implemented.get(class.name).is_some_and(|methods| methods.contains(method.name))
            })
            .collect();
        assert!(missing.is_empty(), "declared but never called from the prelude: {missing:?}");
    }

    /// The prelude lines that write `name: c('Class.name')` (or `chain`) for a declared
    /// method whose derived wrapper is the same (01_kernel.js `derived`).
    fn restated(prelude: &str) -> Vec<&str> {
        let restates = |line: &str| -> Option<bool> {
            let (key, rest) = line.split_once(": ")?;
            let (want, name) = match rest.split_once("('")? {
                ("c", name) => ("value", name),
                ("chain", name) => ("self", name),
                _ => return Some(false),
            };
            let name = name.strip_suffix("'),")?;
            let (class, method) = name.split_once('.')?;
            let qualified = catalogue::catalogue().resolve_class(class)?.name;
            let derived = result_kind(qualified, name);
            Some(key == method && crate::methods::get(name).is_some() && derived.as_deref() == Some(want))
        };
        prelude.lines().map(str::trim).filter(|line| restates(line) == Some(true)).collect()
    }

    /// A tidy test: no prelude line restates what the prelude derives.
    #[test]
    fn no_prelude_line_restates_a_derived_wrapper() {
        let found: Vec<&str> = prelude().parts().flat_map(restated).collect();
        assert!(found.is_empty(), "the prelude derives these, delete them: {found:?}");
        let restating =
            "  sheetMethods('Range', {\n    getValues: c('Range.getValues'),\n    setValue: chain('Range.setValue'),\n";
        assert_eq!(restated(restating), ["getValues: c('Range.getValues'),", "setValue: chain('Range.setValue'),"]);
    }
}
