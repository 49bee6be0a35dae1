//! LockService and Lock: gas-platform's `lock` rules through the host's gate.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::lock::LockKind;
use gas_platform::ServiceError;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch);
    "Lock.hasLock" => 0,
    "Lock.releaseLock" => 20,
    "Lock.tryLock" => 20,
    "Lock.waitLock" => 20,
    "LockService.getDocumentLock" => 0,
    "LockService.getScriptLock" => 0,
    "LockService.getUserLock" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    lock(call.host, call.method, call.handle, call.args)
}

fn lock(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let kind = match method {
        "LockService.getScriptLock" => return Ok(Val::String("script".into())),
        "LockService.getUserLock" => return Ok(Val::String("user".into())),
        // A standalone script has no document: the platform returns null.
        "LockService.getDocumentLock" if host.container_id.is_none() => return Ok(Val::Null),
        "LockService.getDocumentLock" => return Ok(Val::String("document".into())),
        _ => match handle.as_str() {
            Some("user") => LockKind::User,
            Some("document") => LockKind::Document,
            _ => LockKind::Script,
        },
    };
    match method {
        "Lock.hasLock" => Ok(Val::Bool(host.world().locks.has_lock(kind, host.exec_id))),
        "Lock.releaseLock" => {
            host.world().locks.release(kind, host.exec_id);
            Ok(Val::Undefined)
        }
        "Lock.tryLock" => Ok(Val::Bool(host.acquire_lock(kind, int_arg(args, 0, "LockService.Lock.tryLock")?)?)),
        "Lock.waitLock" => match host.acquire_lock(kind, int_arg(args, 0, "LockService.Lock.waitLock")?)? {
            true => Ok(Val::Undefined),
            false => Err(Host::lock_timeout()),
        },
        _ => Err(ServiceError::unimplemented(method).into()),
    }
}
