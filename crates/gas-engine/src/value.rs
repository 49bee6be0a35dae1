//! `Val`: a JS value copied out of (or into) boa, so bindings can work on plain Rust
//! data. Conversion is bounded in depth and size; a cycle is an error, not a hang.

use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::object::builtins::{JsArray, JsDate};
use boa_engine::object::ObjectInitializer;
use boa_engine::property::{Attribute, PropertyKey};
use boa_engine::{js_string, Context, JsResult, JsValue};
use gas_platform::CellValue;

/// Nesting deeper than this is refused (a cycle, or data no service accepts).
const DEPTH_MAX: usize = 32;
/// Elements in one array converted at most (a sheet of 10M cells is the platform's cap).
const ARRAY_LEN_MAX: u64 = 10_000_000;

#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    /// UTC milliseconds; NaN for an Invalid Date.
    Date(f64),
    Array(Vec<Val>),
    /// Own enumerable string-keyed properties, in property order.
    Object(Vec<(String, Val)>),
    Function,
}

impl Val {
    pub fn from_js(value: &JsValue, context: &mut Context) -> JsResult<Val> {
        from_js(value, context, 0)
    }

    pub fn to_js(&self, context: &mut Context) -> JsResult<JsValue> {
        Ok(match self {
            Val::Undefined | Val::Function => JsValue::undefined(),
            Val::Null => JsValue::null(),
            Val::Bool(b) => JsValue::from(*b),
            Val::Number(n) => JsValue::from(*n),
            Val::String(s) => {
                // UTF-16 in boa: up to two bytes per UTF-8 byte.
                crate::heap::reserve(s.len().saturating_mul(2))?;
                JsValue::from(js_string!(s.as_str()))
            }
            Val::Date(ms) => {
                let date = JsDate::new(context);
                date.set_time(*ms, context)?;
                date.into()
            }
            Val::Array(items) => {
                crate::heap::reserve_elements(items.len(), crate::heap::JS_ELEMENT_BYTES)?;
                let values = items.iter().map(|v| v.to_js(context)).collect::<JsResult<Vec<_>>>()?;
                JsArray::from_iter(values, context).into()
            }
            Val::Object(pairs) => {
                // A shared shape, as an object literal's: `ObjectInitializer::new` gave every
                // object its own property table, built key by key (a fifth of the conversion
                // of a service's handles), where objects with the same keys share one.
                let mut init = ObjectInitializer::with_native_data(OrdinaryObject, context);
                let mut converted = Vec::with_capacity(pairs.len());
                for (key, value) in pairs {
                    converted.push((key.clone(), value.to_js(init.context())?));
                }
                for (key, value) in converted {
                    init.property(js_string!(key.as_str()), value, Attribute::all());
                }
                init.build().into()
            }
        })
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Val::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Val::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn is_nullish(&self) -> bool {
        matches!(self, Val::Undefined | Val::Null)
    }

    /// A property of an object value.
    pub fn get(&self, key: &str) -> Option<&Val> {
        match self {
            Val::Object(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// `String(value)` for the simple cases the platform coerces (keys, property values).
    pub fn to_js_string(&self) -> String {
        match self {
            Val::Undefined => "undefined".into(),
            Val::Null => "null".into(),
            Val::Bool(b) => b.to_string(),
            Val::Number(n) => number_to_string(*n),
            Val::String(s) => s.clone(),
            Val::Date(ms) => gas_platform::time::iso_utc(*ms as i64),
            Val::Array(items) => items.iter().map(Val::to_js_string).collect::<Vec<_>>().join(","),
            Val::Object(_) => "[object Object]".into(),
            Val::Function => "function".into(),
        }
    }

    /// As JSON, for handles and results (Dates become ISO strings, as JSON.stringify does).
    /// Whether a Date is anywhere in the value (a `google.script.run` return with one
    /// does not cross: `gas_platform::webapp::script_run`).
    pub fn contains_date(&self) -> bool {
        match self {
            Val::Date(_) => true,
            Val::Array(items) => items.iter().any(Val::contains_date),
            Val::Object(pairs) => pairs.iter().any(|(_, v)| v.contains_date()),
            _ => false,
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match self {
            Val::Undefined | Val::Function | Val::Null => J::Null,
            Val::Bool(b) => J::Bool(*b),
            // Whole numbers as integers, so handles (row, sheet id) read back as integers.
            Val::Number(n) if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 => J::from(*n as i64),
            Val::Number(n) => serde_json::Number::from_f64(*n).map(J::Number).unwrap_or(J::Null),
            Val::String(s) => J::String(s.clone()),
            Val::Date(ms) if ms.is_finite() => J::String(gas_platform::time::iso_utc(*ms as i64)),
            Val::Date(_) => J::Null,
            Val::Array(items) => J::Array(items.iter().map(Val::to_json).collect()),
            Val::Object(pairs) => J::Object(
                pairs
                    .iter()
                    .filter(|(_, v)| !matches!(v, Val::Undefined | Val::Function))
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }

    pub fn from_json(json: &serde_json::Value) -> Val {
        use serde_json::Value as J;
        match json {
            J::Null => Val::Null,
            J::Bool(b) => Val::Bool(*b),
            J::Number(n) => Val::Number(n.as_f64().unwrap_or(f64::NAN)),
            J::String(s) => Val::String(s.clone()),
            J::Array(items) => Val::Array(items.iter().map(Val::from_json).collect()),
            J::Object(map) => Val::Object(map.iter().map(|(k, v)| (k.clone(), Val::from_json(v))).collect()),
        }
    }

    /// A cell value as a script wrote it (`setValue(x)`): numbers, booleans, strings and
    /// dates as they are; null/undefined empty; anything else as its string.
    pub fn to_cell(&self) -> CellValue {
        match self {
            Val::Undefined | Val::Null => CellValue::Empty,
            Val::Bool(b) => CellValue::Bool(*b),
            Val::Number(n) => CellValue::Number(*n),
            Val::String(s) if s.is_empty() => CellValue::Empty,
            Val::String(s) => CellValue::String(s.clone()),
            Val::Date(ms) => CellValue::Date(*ms as i64),
            other => CellValue::String(other.to_js_string()),
        }
    }

    pub fn from_cell(cell: &CellValue) -> Val {
        match cell {
            CellValue::Empty => Val::String(String::new()),
            CellValue::Number(n) => Val::Number(*n),
            CellValue::Bool(b) => Val::Bool(*b),
            CellValue::String(s) => Val::String(s.clone()),
            CellValue::Date(ms) => Val::Date(*ms as f64),
        }
    }
}

/// ECMAScript Number::toString for the common cases (integers without `.0`).
pub fn number_to_string(n: f64) -> String {
    if n.is_nan() {
        "NaN".into()
    } else if n.is_infinite() {
        if n > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        }
    } else if n == n.trunc() && n.abs() < 1e21 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

fn from_js(value: &JsValue, context: &mut Context, depth: usize) -> JsResult<Val> {
    if depth > DEPTH_MAX {
        return Err(boa_engine::JsNativeError::typ()
            .with_message("gas-sim: value nested too deeply (a cycle?) to pass to a service")
            .into());
    }
    if value.is_undefined() {
        return Ok(Val::Undefined);
    }
    if value.is_null() {
        return Ok(Val::Null);
    }
    if let Some(b) = value.as_boolean() {
        return Ok(Val::Bool(b));
    }
    if let Some(n) = value.as_number() {
        return Ok(Val::Number(n));
    }
    if let Some(s) = value.as_string() {
        // Up to three UTF-8 bytes per UTF-16 unit; the common ASCII case needs one.
        crate::heap::reserve(s.len())?;
        return Ok(Val::String(s.to_std_string_escaped()));
    }
    let Some(object) = value.as_object() else {
        // BigInt, Symbol: pass as their string.
        return Ok(Val::String(value.to_string(context)?.to_std_string_escaped()));
    };
    if object.is_callable() {
        return Ok(Val::Function);
    }
    if let Ok(date) = JsDate::from_object(object.clone()) {
        let ms = date.get_time(context)?.as_number().unwrap_or(f64::NAN);
        return Ok(Val::Date(ms));
    }
    if object.is_array() {
        let array = JsArray::from_object(object.clone())?;
        let len = array.length(context)?;
        if len > ARRAY_LEN_MAX {
            // Never cut silently (a byte array cut short would make a wrong blob).
            return Err(boa_engine::JsNativeError::range()
                .with_message(format!(
                    "gas-sim: an array of {len} elements is longer than gas-sim passes to a service ({ARRAY_LEN_MAX})"
                ))
                .into());
        }
        crate::heap::reserve_elements(len as usize, crate::heap::VAL_ELEMENT_BYTES)?;
        let mut items = Vec::with_capacity(len as usize);
        for i in 0..len {
            items.push(from_js(&array.get(i, context)?, context, depth + 1)?);
        }
        return Ok(Val::Array(items));
    }
    let mut pairs = Vec::new();
    // Own string keys; scripts pass plain literals, whose keys are all enumerable.
    for key in object.own_property_keys(context)? {
        let name = match &key {
            PropertyKey::String(name) => name.to_std_string_escaped(),
            PropertyKey::Index(index) => index.get().to_string(),
            PropertyKey::Symbol(_) => continue,
        };
        let item = object.get(key.clone(), context)?;
        pairs.push((name, from_js(&item, context, depth + 1)?));
    }
    Ok(Val::Object(pairs))
}
