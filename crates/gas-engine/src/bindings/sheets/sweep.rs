//! Which stage of [`super::dispatch`]'s chain answers a call: the chain asks each in turn
//! and the first `Some` wins, so a method two stages answer runs only in the first (the
//! other arm is dead). `bindings::sweep` checks every implemented method has exactly one.

use super::super::{container, Call};
use super::{core_call, objects, surface, PARTS};
use crate::host::Failure;
use gas_platform::ServiceError;

const PART_NAMES: [&str; 4] = ["formulas", "formats", "structure", "groups"];

/// The stages that answer `call` (a stage answering `unimplemented` for exactly this
/// method does not count: that is the core's "no arm").
pub(in crate::bindings) fn answering(call: &Call) -> Vec<&'static str> {
    let mut who = Vec::new();
    if container::handles(call.method) {
        who.push("container");
    }
    if surface::dispatch_call(call).is_some() {
        who.push("surface");
    }
    if objects::dispatch_call(call).is_some() {
        who.push("objects");
    }
    let host = call.host;
    for (name, part) in PART_NAMES.into_iter().zip(PARTS) {
        let mut world = host.world();
        if part(host, &mut world.spreadsheets, call.method, call.handle, call.args).is_some() {
            who.push(name);
        }
    }
    let mut world = host.world();
    let core = core_call(host, &mut world.spreadsheets, call.method, call.handle, call.args);
    let unimplemented = ServiceError::unimplemented(call.method).message;
    if !matches!(core, Err(Failure::Throw(e)) if e.message == unimplemented) {
        who.push("core");
    }
    who
}
