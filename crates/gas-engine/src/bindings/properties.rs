//! PropertiesService and Properties: gas-platform's `properties`.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::properties::PropertyScope;
use gas_platform::ServiceError;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch);
    "Properties.deleteAllProperties" => 50,
    "Properties.deleteProperty" => 40,
    "Properties.getKeys" => 30,
    "Properties.getProperties" => 30,
    "Properties.getProperty" => 30,
    "Properties.setProperties" => 50,
    "Properties.setProperty" => 40,
    "PropertiesService.getDocumentProperties" => 0,
    "PropertiesService.getScriptProperties" => 0,
    "PropertiesService.getUserProperties" => 0,
    // The deprecated globals, each one store: the script's and the user's.
    "ScriptProperties.deleteAllProperties" => 50,
    "ScriptProperties.deleteProperty" => 40,
    "ScriptProperties.getKeys" => 30,
    "ScriptProperties.getProperties" => 30,
    "ScriptProperties.getProperty" => 30,
    "ScriptProperties.setProperties" => 50,
    "ScriptProperties.setProperty" => 40,
    "UserProperties.deleteAllProperties" => 50,
    "UserProperties.deleteProperty" => 40,
    "UserProperties.getKeys" => 30,
    "UserProperties.getProperties" => 30,
    "UserProperties.getProperty" => 30,
    "UserProperties.setProperties" => 50,
    "UserProperties.setProperty" => 40,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    // The deprecated globals are each one store's Properties: `ScriptProperties.getProperty(k)`
    // is the script store's `getProperty(k)`; their setters give back the global itself
    // (the prelude's chain).
    let store = match call.method.split_once('.') {
        Some(("ScriptProperties", name)) => Some(("script", name)),
        Some(("UserProperties", name)) => Some(("user", name)),
        _ => None,
    };
    match store {
        Some((store, name)) => {
            properties(call.host, &format!("Properties.{name}"), &Val::String(store.into()), call.args)
        }
        None => properties(call.host, call.method, call.handle, call.args),
    }
}

fn properties(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let scope = match method {
        "PropertiesService.getScriptProperties" => return Ok(Val::String("script".into())),
        "PropertiesService.getUserProperties" => return Ok(Val::String("user".into())),
        "PropertiesService.getDocumentProperties" if host.container_id.is_none() => return Ok(Val::Null),
        "PropertiesService.getDocumentProperties" => return Ok(Val::String("document".into())),
        _ => match handle.as_str() {
            Some("user") => PropertyScope::User,
            Some("document") => PropertyScope::Document,
            _ => PropertyScope::Script,
        },
    };
    let mut world = host.world();
    world.charge_properties_call(method, host.zone, host.now())?;
    let store = world.properties.store_mut(scope);
    let key = match arg(args, 0) {
        Val::Undefined | Val::Null => String::new(),
        other => other.to_js_string(),
    };
    let value = match method {
        "Properties.getProperty" => store.lookup(&key)?.map(|v| Val::String(v.to_string())).unwrap_or(Val::Null),
        "Properties.setProperty" => unit(store.set(&key, &string_arg(args, 1)))?,
        "Properties.deleteProperty" => unit(store.delete(&key))?,
        "Properties.getProperties" => {
            Val::Object(store.entries().iter().map(|(k, v)| (k.clone(), Val::String(v.clone()))).collect())
        }
        "Properties.setProperties" => {
            let delete_others = matches!(arg(args, 1), Val::Bool(true));
            unit(store.set_all(&object_pairs(arg(args, 0)), delete_others))?
        }
        "Properties.getKeys" => Val::Array(store.keys().into_iter().map(Val::String).collect()),
        "Properties.deleteAllProperties" => {
            store.delete_all();
            Val::Undefined
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}
