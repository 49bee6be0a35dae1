//! The bound container's user side: `SpreadsheetApp.getUi()` (and a bound form's
//! `FormApp.getUi()`), `Ui` dialogs and HTML
//! dialogs and sidebars, `Browser.msgBox`/`inputBox`, `Menu` `addToUi`, and the active
//! sheet, range and cell. Which selection an execution sees
//! (the user's page or its own), whether a UI exists and how a dialog is answered are
//! `gas_platform::container`'s rules; this module converts values.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::{
    self, Answer, ButtonSet, DialogKind, DialogRequest, Menu, MenuEntry, PageShown, SelectionState, SCOPE_CONTAINER_UI,
};
use gas_platform::sheets::{RangeRef, SheetRef};
use gas_platform::{ServiceError, ServiceResult, World};

/// The getters the prelude answers from a prompt's answer (`crate::methods::Read`).
pub(super) const READS: &[Read] = reads![
    "PromptResponse.getResponseText" => "text",
    "PromptResponse.getSelectedButton" => "button",
];

/// The methods answered here, declared once (`crate::methods`): Ui and Menu (and
/// `FormApp.getUi`), and the selection and menu methods of SpreadsheetApp, Spreadsheet,
/// Sheet, Range and Selection.
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch);
    "FormApp.getUi" => 0,
    "Menu.addToUi" => 50,
    "Range.activate" => 50,
    "Range.activateAsCurrentCell" => 50,
    "Selection.getNextDataRange" => 60,
    "Sheet.activate" => 50,
    "Sheet.getActiveCell" => 30,
    "Sheet.getActiveRange" => 30,
    "Sheet.getActiveRangeList" => 30,
    "Sheet.getCurrentCell" => 30,
    "Sheet.setActiveRange" => 50,
    "Sheet.setActiveRangeList" => 50,
    "Sheet.setActiveSelection" => 50,
    "Sheet.setCurrentCell" => 50,
    "Spreadsheet.addMenu" => 50,
    "Spreadsheet.deleteActiveSheet" => 150,
    "Spreadsheet.getActiveCell" => 30,
    "Spreadsheet.getActiveRange" => 30,
    "Spreadsheet.getActiveRangeList" => 30,
    "Spreadsheet.getActiveSheet" => 30,
    "Spreadsheet.getCurrentCell" => 30,
    "Spreadsheet.removeMenu" => 50,
    "Spreadsheet.setActiveRange" => 50,
    "Spreadsheet.setActiveRangeList" => 50,
    "Spreadsheet.setActiveSelection" => 50,
    "Spreadsheet.setActiveSheet" => 50,
    "Spreadsheet.setCurrentCell" => 50,
    "Spreadsheet.updateMenu" => 50,
    "SpreadsheetApp.getActiveRange" => 30,
    "SpreadsheetApp.getActiveRangeList" => 30,
    "SpreadsheetApp.getActiveSheet" => 30,
    "SpreadsheetApp.getCurrentCell" => 30,
    "SpreadsheetApp.getUi" => 0,
    "SpreadsheetApp.setActiveRange" => 50,
    "SpreadsheetApp.setActiveRangeList" => 50,
    "SpreadsheetApp.setActiveSheet" => 50,
    // The name selectors used before the catalogue (its newActiveSpreadsheet).
    "SpreadsheetApp.setActiveSpreadsheet" => 30 { params_override: Some(&["spreadsheet"]) },
    "SpreadsheetApp.setCurrentCell" => 50,
    // The one-argument overload's name; the catalogue's longest starts with the title.
    "Ui.alert" => 3000 { params_override: Some(&["prompt"]) },
    // The one-argument overload's name; the catalogue's longest starts with the title.
    "Ui.prompt" => 5000 { params_override: Some(&["prompt"]) },
    // HTML pages: the script goes on at once (assumed latency: the page is sent, not
    // waited for); refused in simple triggers (the scope's text is observed).
    "Ui.showModalDialog" => 200 { scope: Some(SCOPE_CONTAINER_UI) },
    "Ui.showModelessDialog" => 200 { scope: Some(SCOPE_CONTAINER_UI) },
    "Ui.showSidebar" => 200 { scope: Some(SCOPE_CONTAINER_UI) },
    // A modal dialog titled with the HtmlOutput's own title (documented example).
    "Spreadsheet.show" => 200 { scope: Some(SCOPE_CONTAINER_UI) },
    // As long as alert and prompt take a user (assumed, as theirs).
    // The one-argument overload's name; the catalogue's longest starts with the title.
    "Browser.msgBox" => 3000 { params_override: Some(&["prompt"]) },
    // The one-argument overload's name; the catalogue's longest starts with the title.
    "Browser.inputBox" => 5000 { params_override: Some(&["prompt"]) },
];

/// `SpreadsheetApp.getUi()` / `FormApp.getUi()`: the Ui's handle where a user has the
/// bound container open; the form editor's only for a project bound to a form.
fn ui_handle(host: &Host, world: &World, method: &str) -> CallResult {
    let bound = host.container_id.is_some();
    if method == "SpreadsheetApp.getUi" {
        host.invocation.check_ui(bound)?;
        return Ok(Val::String("spreadsheet".into()));
    }
    let bound_to_form = host.container_id.as_deref().is_some_and(|id| world.forms.forms.contains_key(id));
    host.invocation.check_form_ui(bound_to_form)?;
    Ok(Val::String("form".into()))
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    let host = call.host;
    let mut guard = host.world();
    let world = &mut *guard;
    let bound = host.container_id.is_some();
    match call.method {
        "SpreadsheetApp.getUi" | "FormApp.getUi" => ui_handle(host, world, call.method),
        "Ui.alert" | "Ui.prompt" | "Browser.msgBox" | "Browser.inputBox" => {
            if call.method.starts_with("Browser.") {
                host.invocation.check_browser(bound, call.method)?;
            } else {
                host.invocation.check_ui(bound)?;
            }
            let user = ui_user(host, world);
            let request = dialog_request(call.method, call.args)?;
            let kind = request.kind;
            let answer = world.ui.answer(&user, &host.function, request, host.now())?;
            Ok(answer_val(kind, answer))
        }
        "Ui.showModalDialog" | "Ui.showModelessDialog" | "Ui.showSidebar" | "Spreadsheet.show" => {
            if call.method == "Spreadsheet.show" {
                host.invocation.check_browser(bound, call.method)?;
            } else {
                host.invocation.check_ui(bound)?;
            }
            let (kind, title, page) = page_shown(call.method, call.args)?;
            let user = ui_user(host, world);
            world.ui.show_page(&user, &host.function, kind, title, page, host.now());
            Ok(Val::Undefined)
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
        "Spreadsheet.addMenu" | "Spreadsheet.updateMenu" | "Spreadsheet.removeMenu" => {
            let caption = string_arg(call.args, 0);
            let removing = call.method == "Spreadsheet.removeMenu";
            let entries = if removing { Ok(Vec::new()) } else { menu_entries(call.method, call.args) };
            // Without a user at the bound spreadsheet there is no page to show it
            // (assumed: nothing happens, where getUi() would throw).
            let on_page = call.handle.as_str() == host.container_id.as_deref();
            if !host.invocation.has_user_session(bound) || !on_page {
                return entries.map(|_| Val::Undefined).map_err(Into::into);
            }
            let user = ui_user(host, world);
            if removing {
                world.ui.remove_menu(&user, &caption);
            } else {
                let entries = entries?;
                world.ui.add_menu(&user, Menu { caption, addon: false, entries })?;
            }
            Ok(Val::Undefined)
        }
        "SpreadsheetApp.setActiveSpreadsheet" => {
            let id = handle_arg(arg(call.args, 0)).as_str().unwrap_or_default().to_string();
            world.spreadsheets.open_by_id(&id)?;
            *host.active_spreadsheet.borrow_mut() = Some(id);
            Ok(Val::Undefined)
        }
        method => active(host, world, method, call.handle, call.args),
    }
}

/// The user whose page shows this execution's UI.
fn ui_user(host: &Host, world: &World) -> String {
    host.invocation.user.clone().unwrap_or_else(|| world.user_email.clone())
}

/// `addMenu(name, subMenus)`: each entry `{name, functionName}`, or `null` for a separator.
fn menu_entries(method: &str, args: &[Val]) -> ServiceResult<Vec<MenuEntry>> {
    let Val::Array(items) = arg(args, 1) else {
        return Err(signature_error(&format!("SpreadsheetApp.{method}"), args));
    };
    items
        .iter()
        .map(|item| match item {
            Val::Null | Val::Undefined => Ok(MenuEntry::Separator),
            Val::Object(_) => match (item.get("name"), item.get("functionName")) {
                (Some(Val::String(caption)), Some(Val::String(function))) => {
                    Ok(MenuEntry::Item { caption: caption.clone(), function: function.clone() })
                }
                _ => Err(ServiceError::new(container::MENU_ENTRY_INVALID)),
            },
            _ => Err(ServiceError::new(container::MENU_ENTRY_INVALID)),
        })
        .collect()
}

/// The spreadsheet SpreadsheetApp's methods act on: the one `setActiveSpreadsheet` set,
/// else the bound one.
pub(super) fn active_spreadsheet_id(host: &Host) -> Option<String> {
    host.active_spreadsheet.borrow().clone().or_else(|| host.container_id.clone())
}

/// What the script gets back: Ui's `Button` (alert) or PromptResponse (prompt),
/// Browser's strings (gas-platform's `msg_box_result`, `input_box_result`).
fn answer_val(kind: DialogKind, answer: Answer) -> Val {
    match kind {
        DialogKind::Alert => Val::String(answer.button.name().into()),
        DialogKind::Prompt => Val::Object(vec![
            ("button".into(), Val::String(answer.button.name().into())),
            ("text".into(), Val::String(answer.text)),
        ]),
        DialogKind::MsgBox => Val::String(container::msg_box_result(&answer)),
        DialogKind::InputBox => Val::String(container::input_box_result(&answer)),
        // An HTML page is not answered (`page_shown`).
        DialogKind::ModalDialog | DialogKind::ModelessDialog | DialogKind::Sidebar => Val::Undefined,
    }
}

/// `showModalDialog(html, title)`, `showModelessDialog(html, title)`, `showSidebar(html)`,
/// `Spreadsheet.show(html)` (a modal dialog): the HtmlOutput's handle (a template not yet
/// evaluated is refused as the platform's signature check refuses it), its title (a
/// sidebar's and `show`'s are the output's own), size and length.
fn page_shown(method: &str, args: &[Val]) -> ServiceResult<(DialogKind, Option<String>, PageShown)> {
    let output = handle_arg(arg(args, 0));
    if output.get("__gas_output").and_then(Val::as_str) != Some("html") {
        return Err(signature_error(method, args));
    }
    let text = |key: &str| output.get(key).map(Val::to_js_string).unwrap_or_default();
    let size = |key: &str| {
        output.get(key).and_then(Val::as_f64).filter(|v| *v >= 0.0).map(|v| v.min(f64::from(u32::MAX)) as u32)
    };
    let (kind, title) = match method {
        "Ui.showModalDialog" => (DialogKind::ModalDialog, Some(string_arg(args, 1))),
        "Ui.showModelessDialog" => (DialogKind::ModelessDialog, Some(string_arg(args, 1))),
        "Spreadsheet.show" => (DialogKind::ModalDialog, Some(text("title")).filter(|t| !t.is_empty())),
        _ => (DialogKind::Sidebar, Some(text("title")).filter(|t| !t.is_empty())),
    };
    let page =
        PageShown { width: size("width"), height: size("height"), content_chars: text("content").chars().count() };
    Ok((kind, title, page))
}

/// `alert(prompt)`, `alert(prompt, buttons)`, `alert(title, prompt, buttons)`; prompt,
/// Browser's `msgBox` and `inputBox` alike.
fn dialog_request(method: &str, args: &[Val]) -> ServiceResult<DialogRequest> {
    let kind = match method {
        "Ui.alert" => DialogKind::Alert,
        "Browser.msgBox" => DialogKind::MsgBox,
        "Browser.inputBox" => DialogKind::InputBox,
        _ => DialogKind::Prompt,
    };
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
    let (class, name) = method.split_once('.').unwrap_or((method, ""));
    let id = match class {
        "SpreadsheetApp" => match active_spreadsheet_id(host) {
            Some(id) => id,
            None if name.starts_with("get") => return Ok(Val::Null),
            None => String::new(),
        },
        "Sheet" => handle_of::<SheetRef>(handle)?.spreadsheet_id,
        "Range" => handle_of::<RangeRef>(handle)?.sheet.spreadsheet_id,
        _ => handle.as_str().unwrap_or_default().to_string(),
    };
    // The argument a setter selects (`Range.activate*` select their own range).
    let target = || if class == "Range" { handle } else { arg(args, 0) };
    let value = match name {
        "getActiveSheet" => to_val(&active_range(host, world, &id)?.sheet),
        "getActiveRange" => to_val(&active_range(host, world, &id)?),
        "getCurrentCell" | "getActiveCell" => to_val(&selection(host, world, &id)?.current),
        "getActiveRangeList" => ranges_val(&selection(host, world, &id)?.ranges),
        "activate" if class == "Sheet" => sheet_selected(host, world, handle)?,
        "setActiveSheet" => sheet_selected(host, world, arg(args, 0))?,
        "activate" | "setActiveRange" => {
            let range = fitting(world, &handle_of(target())?)?;
            select(host, world, SelectionState::of_range(range.clone()));
            to_val(&range)
        }
        "setActiveSelection" => {
            let range = match arg(args, 0) {
                Val::String(a1) if class == "Sheet" => world.spreadsheets.get_range_a1(&handle_of(handle)?, a1)?,
                Val::String(a1) => {
                    let sheet = active_sheet(host, world, &id)?;
                    world.spreadsheets.get_range_a1(&sheet, a1)?
                }
                other => fitting(world, &handle_of(handle_arg(other))?)?,
            };
            select(host, world, SelectionState::of_range(range.clone()));
            to_val(&range)
        }
        "setActiveRangeList" => {
            let list = handle_arg(arg(args, 0));
            let ranges: Vec<RangeRef> = match handle_of::<Vec<RangeRef>>(list) {
                Ok(ranges) => ranges,
                Err(_) => return Err(signature_error(&format!("SpreadsheetApp.{method}"), args).into()),
            };
            let ranges = ranges.iter().map(|r| fitting(world, r)).collect::<ServiceResult<Vec<_>>>()?;
            let state = container::select_list(ranges)?;
            let shown = ranges_val(&state.ranges);
            select(host, world, state);
            shown
        }
        "setCurrentCell" | "activateAsCurrentCell" => {
            let cell = fitting(world, &handle_of(handle_arg(target()))?)?;
            let state =
                container::with_current_cell(&selection(host, world, &cell.sheet.spreadsheet_id)?, cell.clone())?;
            select(host, world, state);
            to_val(&cell)
        }
        "getNextDataRange" => {
            let direction = arg(args, 0).as_str().and_then(gas_platform::sheets::Direction::from_name);
            let direction =
                direction.ok_or_else(|| signature_error("SpreadsheetApp.Selection.getNextDataRange", args))?;
            let state = selection(host, world, &id)?;
            to_val(&container::next_data_range(&world.spreadsheets, &state, direction)?)
        }
        "deleteActiveSheet" => {
            let sheet = active_sheet(host, world, &id)?;
            world.spreadsheets.delete_sheet(&sheet)?;
            super::sheets::recalculate(host, &mut world.spreadsheets)?;
            // The selection was on the deleted sheet: the first sheet's A1 now (assumed).
            to_val(&active_sheet(host, world, &id)?)
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn ranges_val(ranges: &[RangeRef]) -> Val {
    Val::Array(ranges.iter().map(to_val).collect())
}

/// A range a script passes, checked against its sheet's current size.
fn fitting(world: &World, range: &RangeRef) -> ServiceResult<RangeRef> {
    world.spreadsheets.get_range(
        &range.sheet,
        i64::from(range.row),
        i64::from(range.column),
        i64::from(range.num_rows),
        i64::from(range.num_columns),
    )
}

/// `Sheet.activate()` / `setActiveSheet(sheet)`: the sheet with A1 selected.
fn sheet_selected(host: &Host, world: &mut World, sheet: &Val) -> CallResult {
    let sheet: SheetRef = handle_of(handle_arg(sheet))?;
    let a1 = container::select_sheet(&world.spreadsheets, &sheet)?;
    select(host, world, SelectionState::of_range(a1));
    Ok(to_val(&sheet))
}

/// The active sheet of spreadsheet `id` for this execution (the user's page or its own).
pub(super) fn active_sheet(host: &Host, world: &World, id: &str) -> ServiceResult<SheetRef> {
    Ok(active_range(host, world, id)?.sheet)
}

fn active_range(host: &Host, world: &World, id: &str) -> ServiceResult<RangeRef> {
    Ok(selection(host, world, id)?.active().clone())
}

/// This execution's whole selection on spreadsheet `id`: the user's page or its own.
fn selection(host: &Host, world: &World, id: &str) -> ServiceResult<SelectionState> {
    let user = host.invocation.session_user(host.container_id.as_deref(), id, &world.user_email);
    match &user {
        Some(user) => {
            let session = world.ui.sessions.get(user);
            let active = session.and_then(|s| s.selection.as_ref());
            container::selection_of(&world.spreadsheets, id, active, session.and_then(|s| s.selection_list.as_ref()))
        }
        None => {
            let kept = host.selections.borrow().get(id).cloned();
            container::selection_of(&world.spreadsheets, id, kept.as_ref().map(SelectionState::active), kept.as_ref())
        }
    }
}

fn select(host: &Host, world: &mut World, state: SelectionState) {
    let id = state.active().sheet.spreadsheet_id.clone();
    match host.invocation.session_user(host.container_id.as_deref(), &id, &world.user_email) {
        Some(user) => {
            let session = world.ui.session_mut(&user);
            session.selection = Some(state.active().clone());
            session.selection_list = (!state.is_plain()).then_some(state);
        }
        None => {
            host.selections.borrow_mut().insert(id, state);
        }
    }
}
