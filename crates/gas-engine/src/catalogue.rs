//! The catalogue in the engine: the tables the prelude builds every service object from
//! (`__gas_catalogue()`, called once while the prelude runs), and the one place a
//! script's arguments are checked and converted against the catalogue's overloads
//! (`script_args`, for every call the prelude passes the script's own arguments to). The
//! rules are `gas_platform::catalogue`'s; this only reads JS values and converts them.

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{js_string, Context, JsResult, JsValue};
use gas_platform::catalogue::{self, ArgType, Conversion};
use gas_platform::ServiceError;

use crate::value::Val;

/// Arguments read from one call at most (the platform's methods take a handful; a rest
/// parameter such as `formatString`'s more).
const ARGS_MAX: u64 = 10_000;

/// `{ classes, shortNames, enums, globals }`: objects from names to the strings of
/// `gas_platform::catalogue::PreludeTables`.
pub(crate) fn tables_object(context: &mut Context) -> JsResult<JsValue> {
    let tables = catalogue::catalogue().prelude_tables();
    let table = |pairs: &mut dyn Iterator<Item = (&str, &str)>, context: &mut Context| -> JsValue {
        let mut init = ObjectInitializer::new(context);
        for (key, value) in pairs {
            init.property(js_string!(key), js_string!(value), Attribute::all());
        }
        init.build().into()
    };
    let classes = table(&mut tables.classes.iter().map(|(k, v)| (*k, v.as_str())), context);
    let short_names = table(&mut tables.short_names.iter().copied(), context);
    let enums = table(&mut tables.enums.iter().map(|(k, v)| (*k, v.as_str())), context);
    let globals = table(&mut tables.globals.iter().copied(), context);
    let mut init = ObjectInitializer::new(context);
    init.property(js_string!("classes"), classes, Attribute::all())
        .property(js_string!("shortNames"), short_names, Attribute::all())
        .property(js_string!("enums"), enums, Attribute::all())
        .property(js_string!("globals"), globals, Attribute::all());
    Ok(init.build().into())
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
