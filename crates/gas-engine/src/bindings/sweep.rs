//! The sweep over every declared method (`crate::methods`): none is declared twice, and
//! each is answered by its declared handler and by no other handler declared for its
//! class, so no arm is dead and none is missing. Each method runs once per handler,
//! without arguments, on a fresh world holding one spreadsheet; an error about the
//! arguments or the handle is an answer, only `unimplemented` for the method itself is not.

use super::Call;
use crate::host::{Failure, Host};
use crate::methods::{self, Handler, Method};
use crate::value::Val;
use gas_platform::{ServiceError, World};

/// A fresh host and the handle a method of `class` is called on.
fn fixture(class: &str) -> (Host, Val) {
    let mut world = World::default();
    let id = world.spreadsheets.create("Sweep").expect("a spreadsheet");
    let sheet = world.spreadsheets.get_sheets(&id).expect("its sheets")[0].clone();
    let range = world.spreadsheets.get_range(&sheet, 1, 1, 2, 2).expect("a range");
    let handle = match class {
        "Spreadsheet" => Val::String(id.clone()),
        "Sheet" => super::args::to_val(&sheet),
        "Range" => super::args::to_val(&range),
        _ => Val::Null,
    };
    (Host::for_test(world, Some(id)), handle)
}

fn class_of(method: &Method) -> &str {
    method.name.split('.').next().unwrap_or("")
}

/// Whether `handler` answers `method` (anything but `unimplemented` for it).
fn answers(handler: Handler, method: &Method) -> bool {
    let (host, handle) = fixture(class_of(method));
    let call = Call { host: &host, method: method.name, handle: &handle, args: &[], respond_with: None };
    let unimplemented = ServiceError::unimplemented(method.name).message;
    let answer = handler(&call);
    !matches!(answer, Err(Failure::Throw(e)) if e.message == unimplemented)
}

/// Whether `handler` is declared for more than one method (a module's or a part's).
fn shared(handler: Handler) -> bool {
    methods::all().iter().filter(|m| std::ptr::fn_addr_eq(m.handler, handler)).nth(1).is_some()
}

#[test]
fn no_method_is_declared_twice() {
    let twice: Vec<&str> = methods::all().windows(2).filter(|w| w[0].name == w[1].name).map(|w| w[0].name).collect();
    assert!(twice.is_empty(), "declared twice: {twice:?}");
}

#[test]
fn every_declared_method_is_answered_by_exactly_its_handler() {
    let mut wrong = Vec::new();
    for method in methods::all() {
        if !answers(method.handler, method) {
            wrong.push(format!("{}: its handler has no arm for it", method.name));
        }
        // The other handlers of its class (SpreadsheetApp's parts and the container share
        // classes): an arm there would be dead. A handler declared for one method only
        // (`Sheet.getRange`'s) is never asked for another, and may send its method to the
        // parts (the A1 form to the surface, the rest to the core).
        if !shared(method.handler) {
            continue;
        }
        let mut others: Vec<Handler> = Vec::new();
        for other in methods::all().iter().filter(|m| class_of(m) == class_of(method)) {
            let seen = others.iter().any(|h| std::ptr::fn_addr_eq(*h, other.handler));
            if !seen && !std::ptr::fn_addr_eq(other.handler, method.handler) && shared(other.handler) {
                others.push(other.handler);
            }
        }
        if others.into_iter().any(|handler| answers(handler, method)) {
            wrong.push(format!("{}: another handler of its class has an arm for it too", method.name));
        }
    }
    assert!(wrong.is_empty(), "each declared method needs exactly one binding arm:\n{}", wrong.join("\n"));
}
