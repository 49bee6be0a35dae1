//! The bound container's user side: `SpreadsheetApp.getUi()`, `Ui` dialogs, `Menu`
//! `addToUi`, and the active sheet, range and cell. Which selection an execution sees
//! (the user's page or its own), whether a UI exists and how a dialog is answered are
//! `gas_platform::container`'s rules; this module converts values.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::value::Val;
use gas_platform::container::{self, ButtonSet, DialogKind, DialogRequest, Menu};
use gas_platform::sheets::{RangeRef, SheetRef};
use gas_platform::{ServiceError, ServiceResult, World};

/// The methods of other classes (SpreadsheetApp, Spreadsheet, Sheet, Range) bound here.
const ACTIVE_METHODS: &[&str] = &[
    "Range.activate",
    "Sheet.activate",
    "Spreadsheet.getActiveCell",
    "Spreadsheet.getActiveRange",
    "Spreadsheet.getActiveSheet",
    "Spreadsheet.getCurrentCell",
    "Spreadsheet.setActiveRange",
    "Spreadsheet.setActiveSheet",
    "SpreadsheetApp.getActiveRange",
    "SpreadsheetApp.getActiveSheet",
    "SpreadsheetApp.getCurrentCell",
    "SpreadsheetApp.getUi",
    "SpreadsheetApp.setActiveRange",
    "SpreadsheetApp.setActiveSheet",
];

pub(super) fn handles(method: &str) -> bool {
    ACTIVE_METHODS.binary_search(&method).is_ok()
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    let host = call.host;
    let mut guard = host.world();
    let world = &mut *guard;
    let bound = host.container_id.is_some();
    match call.method {
        "SpreadsheetApp.getUi" => {
            host.invocation.check_ui(bound)?;
            Ok(Val::String("spreadsheet".into()))
        }
        "Ui.alert" | "Ui.prompt" => {
            host.invocation.check_ui(bound)?;
            let user = ui_user(host, world);
            let request = dialog_request(call.method, call.args)?;
            let kind = request.kind;
            let answer = world.ui.answer(&user, &host.function, request, host.now())?;
            Ok(match kind {
                DialogKind::Alert => Val::String(answer.button.name().into()),
                DialogKind::Prompt => Val::Object(vec![
                    ("button".into(), Val::String(answer.button.name().into())),
                    ("text".into(), Val::String(answer.text)),
                ]),
            })
        }
        "Menu.addToUi" => {
            host.invocation.check_ui(bound)?;
            let mut menu: Menu = handle_of(call.handle)?;
            if menu.addon {
                // An add-on's menu shows under Extensions with the project's name.
                menu.caption = host.script_id.clone();
            }
            let user = ui_user(host, world);
            world.ui.add_menu(&user, menu)?;
            Ok(Val::Undefined)
        }
        method => active(host, world, method, call.handle, call.args),
    }
}

/// The user whose page shows this execution's UI.
fn ui_user(host: &Host, world: &World) -> String {
    host.invocation.user.clone().unwrap_or_else(|| world.user_email.clone())
}

/// `alert(prompt)`, `alert(prompt, buttons)`, `alert(title, prompt, buttons)`; prompt alike.
fn dialog_request(method: &str, args: &[Val]) -> ServiceResult<DialogRequest> {
    let kind = if method == "Ui.alert" { DialogKind::Alert } else { DialogKind::Prompt };
    let buttons = |v: &Val| v.as_str().and_then(ButtonSet::parse).ok_or_else(|| signature_error(method, args));
    let (title, prompt, buttons) = match args {
        [prompt] => (None, prompt.to_js_string(), ButtonSet::Ok),
        [prompt, set] => (None, prompt.to_js_string(), buttons(set)?),
        [title, prompt, set] => (Some(title.to_js_string()), prompt.to_js_string(), buttons(set)?),
        _ => return Err(signature_error(method, args)),
    };
    Ok(DialogRequest { kind, title, prompt, buttons })
}

fn active(host: &Host, world: &mut World, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    // SpreadsheetApp's methods act on the active spreadsheet: null for a standalone script.
    let id = match method.split_once('.') {
        Some(("SpreadsheetApp", _)) => match &host.container_id {
            Some(container) => container.clone(),
            None if method.starts_with("SpreadsheetApp.get") => return Ok(Val::Null),
            None => String::new(),
        },
        _ => handle.as_str().unwrap_or_default().to_string(),
    };
    let value = match method {
        "SpreadsheetApp.getActiveSheet" | "Spreadsheet.getActiveSheet" => {
            to_val(&active_range(host, world, &id)?.sheet)
        }
        "SpreadsheetApp.getActiveRange" | "Spreadsheet.getActiveRange" => to_val(&active_range(host, world, &id)?),
        "SpreadsheetApp.getCurrentCell" | "Spreadsheet.getCurrentCell" | "Spreadsheet.getActiveCell" => {
            to_val(&container::current_cell(&active_range(host, world, &id)?))
        }
        "Sheet.activate" | "Spreadsheet.setActiveSheet" | "SpreadsheetApp.setActiveSheet" => {
            let sheet: SheetRef = handle_of(if method == "Sheet.activate" { handle } else { arg(args, 0) })?;
            let a1 = container::select_sheet(&world.spreadsheets, &sheet)?;
            select(host, world, a1);
            to_val(&sheet)
        }
        "Range.activate" | "Spreadsheet.setActiveRange" | "SpreadsheetApp.setActiveRange" => {
            let range: RangeRef = handle_of(if method == "Range.activate" { handle } else { arg(args, 0) })?;
            let fits = world.spreadsheets.get_range(
                &range.sheet,
                i64::from(range.row),
                i64::from(range.column),
                i64::from(range.num_rows),
                i64::from(range.num_columns),
            )?;
            select(host, world, fits.clone());
            to_val(&fits)
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// The active sheet of spreadsheet `id` for this execution (the user's page or its own).
pub(super) fn active_sheet(host: &Host, world: &World, id: &str) -> ServiceResult<SheetRef> {
    Ok(active_range(host, world, id)?.sheet)
}

fn active_range(host: &Host, world: &World, id: &str) -> ServiceResult<RangeRef> {
    let user = host.invocation.session_user(host.container_id.as_deref(), id, &world.user_email);
    let selected = match &user {
        Some(user) => world.ui.sessions.get(user).and_then(|s| s.selection.clone()),
        None => host.selections.borrow().get(id).cloned(),
    };
    container::active_range(&world.spreadsheets, id, selected.as_ref())
}

fn select(host: &Host, world: &mut World, range: RangeRef) {
    let id = range.sheet.spreadsheet_id.clone();
    match host.invocation.session_user(host.container_id.as_deref(), &id, &world.user_email) {
        Some(user) => world.ui.session_mut(&user).selection = Some(range),
        None => {
            host.selections.borrow_mut().insert(id, range);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn active_methods_are_sorted() {
        assert!(super::ACTIVE_METHODS.windows(2).all(|w| w[0] < w[1]));
    }
}
