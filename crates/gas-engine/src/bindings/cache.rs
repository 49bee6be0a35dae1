//! CacheService and Cache: gas-platform's `cache`.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::cache::CacheScope;
use gas_platform::ServiceError;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch);
    "Cache.get" => 20,
    "Cache.getAll" => 25,
    "Cache.put" => 30,
    "Cache.putAll" => 40,
    "Cache.remove" => 20,
    "Cache.removeAll" => 30,
    "CacheService.getDocumentCache" => 0,
    "CacheService.getScriptCache" => 0,
    "CacheService.getUserCache" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    cache(call.host, call.method, call.handle, call.args)
}

fn cache(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let scope = match method {
        "CacheService.getScriptCache" => return Ok(Val::String("script".into())),
        "CacheService.getUserCache" => return Ok(Val::String("user".into())),
        "CacheService.getDocumentCache" if host.container_id.is_none() => return Ok(Val::Null),
        "CacheService.getDocumentCache" => return Ok(Val::String("document".into())),
        _ => match handle.as_str() {
            Some("user") => CacheScope::User,
            Some("document") => CacheScope::Document,
            _ => CacheScope::Script,
        },
    };
    let now = host.now();
    let mut world = host.world();
    let cache = world.caches.cache_mut(scope);
    let key = |i: usize| match arg(args, i) {
        Val::Undefined | Val::Null => String::new(),
        other => other.to_js_string(),
    };
    let ttl = |i: usize| match arg(args, i) {
        Val::Number(n) => Some(*n as i64),
        _ => None,
    };
    let keys = |i: usize| match arg(args, i) {
        Val::Array(items) => items.iter().map(Val::to_js_string).collect(),
        _ => Vec::new(),
    };
    let value = match method {
        "Cache.get" => cache.get(&key(0), now)?.map(Val::String).unwrap_or(Val::Null),
        "Cache.put" => unit(cache.put(&key(0), &string_arg(args, 1), ttl(2), now))?,
        "Cache.remove" => unit(cache.remove(&key(0)))?,
        "Cache.getAll" => {
            Val::Object(cache.get_all(&keys(0), now)?.into_iter().map(|(k, v)| (k, Val::String(v))).collect())
        }
        "Cache.putAll" => unit(cache.put_all(&object_pairs(arg(args, 0)), ttl(1), now))?,
        "Cache.removeAll" => unit(cache.remove_all(&keys(0)))?,
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}
