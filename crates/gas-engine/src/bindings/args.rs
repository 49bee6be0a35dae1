//! Argument conversions every service binding shares: a missing argument is
//! `undefined`, a whole number converts as the platform converts it, and arguments that
//! fit no overload give the platform's signature error.

use gas_platform::{ServiceError, ServiceResult};

use crate::value::Val;

pub(super) fn arg(args: &[Val], i: usize) -> &Val {
    args.get(i).unwrap_or(&Val::Undefined)
}

pub(super) fn string_arg(args: &[Val], i: usize) -> String {
    arg(args, i).to_js_string()
}

/// A whole-number argument; the platform's "Cannot convert" text for anything else.
pub(super) fn int_arg(args: &[Val], i: usize, method: &str) -> ServiceResult<i64> {
    match arg(args, i) {
        Val::Number(n) if n.is_finite() => Ok(n.trunc() as i64),
        Val::String(s) if s.trim().parse::<f64>().is_ok() => Ok(s.trim().parse::<f64>().unwrap_or(0.0) as i64),
        other => Err(signature_error(method, std::slice::from_ref(other))),
    }
}

/// The platform's error for arguments that fit no overload of `method`.
pub(super) fn signature_error(method: &str, args: &[Val]) -> ServiceError {
    ServiceError::signature_mismatch(&args.iter().map(type_name).collect::<Vec<_>>().join(","), method)
}

pub(super) fn type_name(value: &Val) -> &'static str {
    match value {
        Val::Undefined => "undefined",
        Val::Null => "null",
        Val::Bool(_) => "Boolean",
        Val::Number(_) => "number",
        Val::String(_) => "String",
        Val::Date(_) => "Date",
        Val::Array(_) => "Array",
        Val::Object(_) => "Object",
        Val::Function => "Function",
    }
}

/// The handle a script's object stands for, as the prelude gave it (`sheet._h`), or the
/// value itself when it is a handle already (the object a method is called on, a handle
/// inside a list): the one place an argument's handle is unwrapped, so the prelude passes
/// a script's objects as they are.
pub(super) fn handle_arg(value: &Val) -> &Val {
    value.get("_h").unwrap_or(value)
}

/// A handle (or a script's object, see [`handle_arg`]) as the Rust value it serializes.
pub(super) fn handle_of<T: serde::de::DeserializeOwned>(handle: &Val) -> ServiceResult<T> {
    serde_json::from_value(handle_arg(handle).to_json())
        .map_err(|e| ServiceError::new(format!("gas-sim: bad object handle ({e}); was the object built by hand?")))
}

pub(super) fn to_val<T: serde::Serialize>(value: &T) -> Val {
    Val::from_json(&serde_json::to_value(value).unwrap_or(serde_json::Value::Null))
}

pub(super) fn unit(result: ServiceResult<()>) -> ServiceResult<Val> {
    result.map(|()| Val::Undefined)
}

pub(super) fn object_pairs(value: &Val) -> Vec<(String, String)> {
    match value {
        Val::Object(pairs) => pairs.iter().map(|(k, v)| (k.clone(), v.to_js_string())).collect(),
        _ => Vec::new(),
    }
}

/// Users as the script gets them (a User's handle is its address): the owner first, for
/// editors.
pub(super) fn people(emails: &[String], owner: Option<&str>) -> Val {
    let all = owner.into_iter().map(str::to_string).chain(emails.iter().cloned());
    Val::Array(all.map(Val::String).collect())
}

/// An address or a User object (its handle is its address).
fn email_of(value: &Val) -> String {
    handle_arg(value).to_js_string()
}

/// `addEditor(s)`, `addViewer(s)`, `removeEditor`, `removeViewer` of a document or a
/// form (`name` says which): the list it keeps, each address once, never the owner's
/// (the owner is always an editor: adding or removing it changes nothing; no mail is
/// sent, no access is checked: assumed).
pub(super) fn share(list: &mut Vec<String>, owner: &str, name: &str, method: &str, args: &[Val]) -> ServiceResult<()> {
    let emails: Vec<String> = match arg(args, 0) {
        Val::Array(items) => items.iter().map(email_of).collect(),
        Val::Undefined | Val::Null => return Err(signature_error(method, args)),
        other => vec![email_of(other)],
    };
    for email in emails.into_iter().filter(|email| email != owner) {
        if name.starts_with("remove") {
            list.retain(|e| *e != email);
        } else if !list.contains(&email) {
            list.push(email);
        }
    }
    Ok(())
}
