//! The sweep over every implemented method (`gas_platform::calls::METHODS`): each is
//! answered by exactly one binding, so no arm is dead and none is missing. Each method
//! runs once, without arguments, on a fresh world holding one spreadsheet; an error
//! about the arguments or the handle is an answer, only `unimplemented` for the method
//! itself is not.

use super::{binding_of, sheets, Call};
use crate::host::{Failure, Host};
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

fn is_sheets(class: &str) -> bool {
    binding_of(class).is_some_and(|binding| std::ptr::fn_addr_eq(binding, sheets::dispatch as super::Binding))
}

#[test]
fn every_implemented_method_is_answered_by_exactly_one_binding() {
    assert!(is_sheets("Range") && !is_sheets("Cache"), "the sheets classes are told apart");
    let mut wrong = Vec::new();
    for info in gas_platform::calls::METHODS {
        let class = info.name.split('.').next().unwrap_or("");
        let (host, handle) = fixture(class);
        let call = Call { host: &host, method: info.name, handle: &handle, args: &[], respond_with: None };
        if is_sheets(class) {
            let who = sheets::sweep::answering(&call);
            if who.len() != 1 {
                wrong.push(format!("{}: answered by {who:?}", info.name));
            }
            continue;
        }
        let unimplemented = ServiceError::unimplemented(info.name).message;
        let binding = binding_of(class).expect("every class has a binding (tested in mod.rs)");
        if matches!(binding(&call), Err(Failure::Throw(e)) if e.message == unimplemented) {
            wrong.push(format!("{}: answered by none", info.name));
        }
    }
    assert!(wrong.is_empty(), "each implemented method needs exactly one binding arm:\n{}", wrong.join("\n"));
}
