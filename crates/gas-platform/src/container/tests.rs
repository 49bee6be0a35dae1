//! The container rules, tested together (a session, a selection and a dialog meet in one user).

use super::*;
use crate::sheets::{RangeRef, Sheet, SheetRef, Spreadsheet, Spreadsheets};

fn books() -> Spreadsheets {
    let mut books = Spreadsheets::new();
    let sheets = vec![Sheet::new(0, "Orders"), Sheet::new(7, "Log")];
    books.add(Spreadsheet::with_sheets("bound", "Bound", None, sheets).unwrap()).unwrap();
    books
}

#[test]
fn only_installable_triggers_count_toward_trigger_runtime() {
    use InvocationKind::*;
    for (kind, counts) in [
        (TimeTrigger, true),
        (SpreadsheetTrigger, true),
        (CalendarTrigger, true),
        (OnEdit, false),
        (Manual, false),
        (WebApp, false),
        (OnOpen, false),
        (OnInstall, false),
        (MenuItem, false),
    ] {
        assert_eq!(Invocation::of(kind).counts_toward_trigger_runtime(), counts, "{kind:?}");
    }
}

#[test]
fn on_edit_is_a_simple_trigger_and_installable_ones_run_full() {
    let edit = Invocation::by_user(InvocationKind::OnEdit, "a@x.com");
    assert_eq!((edit.auth_mode(), edit.time_limit_ms()), ("LIMITED", Some(SIMPLE_TRIGGER_MS_MAX)));
    assert!(edit.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).is_err());
    assert!(edit.check_ui(true).is_ok());
    let installed = Invocation::by_user(InvocationKind::SpreadsheetTrigger, "a@x.com");
    assert_eq!((installed.auth_mode(), installed.time_limit_ms()), ("FULL", None));
    assert!(installed.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).is_ok());
    assert!(installed.check_ui(true).is_err());
}

#[test]
fn ui_exists_only_where_a_user_has_the_spreadsheet_open() {
    for kind in [InvocationKind::TimeTrigger, InvocationKind::WebApp] {
        let err = Invocation::of(kind).check_ui(true).unwrap_err();
        assert_eq!(err.message, "Cannot call SpreadsheetApp.getUi() from this context.");
    }
    assert!(Invocation::of(InvocationKind::Manual).check_ui(false).is_err(), "standalone");
    assert!(Invocation::of(InvocationKind::Manual).check_ui(true).is_ok());
    assert!(Invocation::by_user(InvocationKind::OnOpen, "a@x.com").check_ui(true).is_ok());
    assert!(Invocation::by_user(InvocationKind::MenuItem, "a@x.com").check_ui(true).is_ok());
}

#[test]
fn a_selection_lives_in_the_users_session_only_on_the_bound_spreadsheet() {
    let menu = Invocation::by_user(InvocationKind::MenuItem, "ana@x.com");
    assert_eq!(menu.session_user(Some("bound"), "bound", "me@x.com").as_deref(), Some("ana@x.com"));
    assert_eq!(menu.session_user(Some("bound"), "other", "me@x.com"), None, "opened by id");
    let manual = Invocation::of(InvocationKind::Manual);
    assert_eq!(manual.session_user(Some("bound"), "bound", "me@x.com").as_deref(), Some("me@x.com"));
    assert_eq!(manual.session_user(None, "bound", "me@x.com"), None, "standalone");
    let trigger = Invocation::of(InvocationKind::TimeTrigger);
    assert_eq!(trigger.session_user(Some("bound"), "bound", "me@x.com"), None);
}

#[test]
fn simple_triggers_are_limited_and_short() {
    let open = Invocation::by_user(InvocationKind::OnOpen, "a@x.com");
    assert_eq!((open.auth_mode(), open.time_limit_ms()), ("LIMITED", Some(30_000)));
    let install = Invocation::of(InvocationKind::OnInstall);
    assert_eq!((install.auth_mode(), install.time_limit_ms()), ("FULL", Some(30_000)));
    let menu = Invocation::of(InvocationKind::MenuItem);
    assert_eq!((menu.auth_mode(), menu.time_limit_ms()), ("FULL", None));
    let err = open.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).unwrap_err();
    assert_eq!(
        err.message,
        "You do not have permission to call MailApp.sendEmail. Required permissions: https://www.googleapis.com/auth/script.send_mail"
    );
    let trigger = open.check_authorized("TriggerBuilder.create", Some(SCOPE_SCRIPT_APP)).unwrap_err();
    assert!(trigger.message.starts_with("You do not have permission to call ScriptApp.newTrigger."), "{trigger}");
    let spreadsheet_trigger = open.check_authorized("SpreadsheetTriggerBuilder.create", Some(SCOPE_SCRIPT_APP));
    assert!(spreadsheet_trigger
        .unwrap_err()
        .message
        .starts_with("You do not have permission to call ScriptApp.newTrigger."));
    assert!(open.check_authorized("Sheet.appendRow", None).is_ok());
    assert!(menu.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).is_ok());
}

#[test]
fn the_active_range_is_the_selection_while_it_fits_else_the_first_sheets_a1() {
    let books = books();
    let first = active_range(&books, "bound", None).unwrap();
    assert_eq!((first.sheet.sheet_id, first.row, first.column, first.num_rows), (0, 1, 1, 1));
    let log = books.get_sheet_by_id("bound", 7).unwrap().unwrap();
    let picked = books.get_range(&log, 2, 3, 2, 2).unwrap();
    assert_eq!(active_range(&books, "bound", Some(&picked)).unwrap(), picked);
    let a1 = select_sheet(&books, &log).unwrap();
    assert_eq!((a1.sheet.sheet_id, a1.row, a1.column), (7, 1, 1));
    assert_eq!(current_cell(&picked), picked.cell(2, 3));
    // A selection on another spreadsheet, or outside its sheet, is not this one's.
    let mut outside = picked.clone();
    outside.row = 5000;
    assert_eq!(active_range(&books, "bound", Some(&outside)).unwrap(), first);
    let mut elsewhere = picked.clone();
    elsewhere.sheet.spreadsheet_id = "other".into();
    assert_eq!(active_range(&books, "bound", Some(&elsewhere)).unwrap(), first);
}

#[test]
fn range_lists_and_the_current_cell() {
    let books = books();
    let log = books.get_sheet_by_id("bound", 7).unwrap().unwrap();
    let ab = books.get_range(&log, 1, 1, 4, 2).unwrap();
    let de = books.get_range(&log, 1, 4, 4, 2).unwrap();
    let list = select_list(vec![ab.clone(), de.clone()]).unwrap();
    assert_eq!((list.active(), &list.current), (&de, &de.cell(1, 4)), "documented: current cell D1");
    assert!(!list.is_plain());
    assert_eq!(select_list(Vec::new()).unwrap_err().message, RANGE_LIST_EMPTY);
    let first = books.active_sheet("bound").unwrap();
    let elsewhere = books.get_range(&first, 1, 1, 1, 1).unwrap();
    assert_eq!(select_list(vec![ab.clone(), elsewhere]).unwrap_err().message, RANGE_LIST_SHEETS);
    // A current cell inside a selected range makes that range active.
    let inside = with_current_cell(&list, ab.cell(3, 2)).unwrap();
    assert_eq!((inside.active(), &inside.current, inside.ranges.len()), (&ab, &ab.cell(3, 2), 2));
    let outside = with_current_cell(&list, ab.cell(9, 9)).unwrap();
    assert_eq!(outside, SelectionState::of_range(ab.cell(9, 9)));
    assert_eq!(with_current_cell(&list, ab.clone()).unwrap_err().message, CURRENT_CELL_NOT_ONE_CELL);
    // Kept only while it belongs to the active range and fits.
    assert_eq!(selection_of(&books, "bound", Some(&de), Some(&list)).unwrap(), list);
    assert_eq!(selection_of(&books, "bound", Some(&ab), Some(&list)).unwrap(), SelectionState::of_range(ab.clone()));
    // A state file's current cell outside the active range is not kept.
    let stray = SelectionState { ranges: vec![de.clone()], current: ab.cell(1, 1) };
    assert_eq!(selection_of(&books, "bound", Some(&de), Some(&stray)).unwrap(), SelectionState::of_range(de));
}

#[test]
fn next_data_range_moves_the_edge_away_from_the_current_cell() {
    use crate::sheets::Direction;
    let mut books = books();
    let log = books.get_sheet_by_id("bound", 7).unwrap().unwrap();
    let utc = crate::time::parse_zone("UTC").unwrap();
    let column = books.get_range(&log, 1, 1, 5, 1).unwrap();
    let rows = vec![vec![crate::CellValue::Number(1.0)]; 5];
    books.set_values(&column, rows, utc).unwrap();
    let state = SelectionState::of_range(log_cell(&books, &log, 1, 1));
    let down = next_data_range(&books, &state, Direction::Down).unwrap();
    assert_eq!((down.row, down.num_rows), (1, 5), "A1 down to the end of the run A1:A5");
    // The current cell at the top of A2:A5: Up shrinks the bottom edge toward it.
    let picked = SelectionState {
        ranges: vec![books.get_range(&log, 2, 1, 4, 1).unwrap()],
        current: log_cell(&books, &log, 2, 1),
    };
    let shrunk = next_data_range(&books, &picked, Direction::Up).unwrap();
    assert_eq!((shrunk.row, shrunk.num_rows), (2, 1));
    let whole = books.get_range(&log, 1, 1, books.max_rows(&log).unwrap().into(), 1).unwrap();
    let unbounded = SelectionState::of_range(whole.clone());
    assert_eq!(next_data_range(&books, &unbounded, Direction::Down).unwrap(), whole);
}

fn log_cell(books: &Spreadsheets, sheet: &SheetRef, row: i64, column: i64) -> RangeRef {
    books.get_range(sheet, row, column, 1, 1).unwrap()
}

fn menu() -> Menu {
    Menu {
        caption: "Reports".into(),
        addon: false,
        entries: vec![
            MenuEntry::Item { caption: "Send".into(), function: "sendReport".into() },
            MenuEntry::Separator,
            MenuEntry::SubMenu(Menu {
                caption: "More".into(),
                addon: false,
                entries: vec![MenuEntry::Item { caption: "Reset".into(), function: "reset".into() }],
            }),
        ],
    }
}

#[test]
fn menus_are_per_user_page_and_opening_resets_them() {
    let mut ui = ContainerUi::default();
    ui.open("ana@x.com", 0, None);
    ui.add_menu("ana@x.com", menu()).unwrap();
    assert_eq!(ui.find_item("ana@x.com", "Reports > Send").as_deref(), Ok("sendReport"));
    assert_eq!(ui.find_item("ana@x.com", "Reports>More>Reset").as_deref(), Ok("reset"));
    let err = ui.find_item("bob@x.com", "Reports > Send").unwrap_err();
    assert!(err.contains("no custom menus"), "{err}");
    let err = ui.find_item("ana@x.com", "Reports > Nope").unwrap_err();
    assert!(err.contains("Reports > Send  -> sendReport; Reports > ---; Reports > More > Reset  -> reset"), "{err}");
    ui.add_menu("ana@x.com", menu()).unwrap();
    assert_eq!(ui.sessions["ana@x.com"].menus.len(), 1, "the same caption replaces");
    ui.open("ana@x.com", 10, None);
    assert!(ui.find_item("ana@x.com", "Reports > Send").is_err(), "a new page");
    let addon = Menu { caption: "Tool".into(), addon: true, ..menu() };
    ui.add_menu("ana@x.com", addon).unwrap();
    assert_eq!(ui.find_item("ana@x.com", "Extensions > Tool > Send").as_deref(), Ok("sendReport"));
    let mut deep = menu();
    for _ in 0..SUBMENU_DEPTH_MAX + 1 {
        deep = Menu { caption: "x".into(), addon: false, entries: vec![MenuEntry::SubMenu(deep)] };
    }
    assert!(ui.add_menu("ana@x.com", deep).is_err());
}

fn ask(buttons: ButtonSet) -> DialogRequest {
    DialogRequest { kind: DialogKind::Prompt, title: None, prompt: "Name?".into(), buttons }
}

#[test]
fn dialogs_take_the_next_fitting_answer_or_are_closed() {
    let mut ui = ContainerUi::default();
    ui.answers.push(AnswerQueue {
        key: "ui[0]".into(),
        function: Some("askName".into()),
        user: None,
        answers: [
            Answer { button: Button::Ok, text: "Ada".into() },
            Answer { button: Button::Yes, text: String::new() },
        ]
        .into(),
        used: 0,
    });
    let other = ui.answer("a@x.com", "other", ask(ButtonSet::Ok), 1).unwrap();
    assert_eq!((other.button, ui.dialogs[0].scripted), (Button::Close, false), "not for this function");
    let first = ui.answer("a@x.com", "askName", ask(ButtonSet::OkCancel), 2).unwrap();
    assert_eq!(first, Answer { button: Button::Ok, text: "Ada".into() });
    let err = ui.answer("a@x.com", "askName", ask(ButtonSet::OkCancel), 3).unwrap_err();
    assert!(err.message.contains("ui[0].answers[1] presses YES on a dialog that offers OK, CANCEL"), "{err}");
    assert_eq!(ui.answer("a@x.com", "askName", ask(ButtonSet::Ok), 4).unwrap().button, Button::Close, "used up");
    assert_eq!(ui.dialogs.len(), 3);
    assert!(ButtonSet::YesNo.allows(Button::Close) && !ButtonSet::Ok.allows(Button::Cancel));
    assert_eq!(Button::parse("NO"), Ok(Button::No));
    assert!(Button::parse("Ok").unwrap_err().contains("OK, CANCEL, YES, NO or CLOSE"));
    assert_eq!(ButtonSet::parse("YES_NO_CANCEL"), Some(ButtonSet::YesNoCancel));
}

#[test]
fn browser_dialogs_return_lower_case_button_names_or_the_text() {
    let answer = |button, text: &str| Answer { button, text: text.into() };
    assert_eq!(msg_box_result(&answer(Button::Ok, "")), "ok");
    assert_eq!(msg_box_result(&answer(Button::Yes, "")), "yes");
    assert_eq!(msg_box_result(&answer(Button::No, "")), "no");
    assert_eq!(msg_box_result(&answer(Button::Cancel, "")), "cancel");
    assert_eq!(msg_box_result(&answer(Button::Close, "")), BROWSER_CANCEL, "closing is cancel");
    assert_eq!(input_box_result(&answer(Button::Ok, "Ada")), "Ada");
    assert_eq!(input_box_result(&answer(Button::Yes, "")), "");
    assert_eq!(input_box_result(&answer(Button::Cancel, "Ada")), "cancel");
    assert_eq!(input_box_result(&answer(Button::Close, "")), "cancel");
    assert_eq!(input_box_result(&answer(Button::No, "Ada")), "no");
    // Only where a user has the spreadsheet open, with Browser's own text.
    let trigger = Invocation::of(InvocationKind::TimeTrigger);
    assert_eq!(
        trigger.check_browser(true, "Browser.msgBox").unwrap_err().message,
        "Cannot call Browser.msgBox() from this context; have you tried Logger.log() instead?"
    );
    assert!(Invocation::of(InvocationKind::MenuItem).check_browser(true, "Browser.inputBox").is_ok());
    // `Spreadsheet.show` is refused as Browser's dialogs are, and in a simple trigger by its scope.
    assert_eq!(
        trigger.check_browser(true, "Spreadsheet.show").unwrap_err().message,
        "Cannot call Spreadsheet.show() from this context; have you tried Logger.log() instead?"
    );
    let open = Invocation::by_user(InvocationKind::OnOpen, "a@x.com");
    assert_eq!(
        open.check_authorized("Spreadsheet.show", Some(SCOPE_CONTAINER_UI)).unwrap_err().message,
        "You do not have permission to call Spreadsheet.show. Required permissions: https://www.googleapis.com/auth/script.container.ui"
    );
    assert!(Invocation::of(InvocationKind::Manual).check_browser(false, "Browser.inputBox").is_err(), "standalone");
}

#[test]
fn the_form_editors_ui_needs_a_user_at_the_bound_form() {
    assert!(Invocation::of(InvocationKind::Manual).check_form_ui(true).is_ok());
    assert!(Invocation::by_user(InvocationKind::OnOpen, "a@x.com").check_form_ui(true).is_ok());
    let away = Invocation::of(InvocationKind::TimeTrigger).check_form_ui(true).unwrap_err();
    assert_eq!(away.message, "Cannot call FormApp.getUi() from this context.");
    assert!(Invocation::of(InvocationKind::Manual).check_form_ui(false).is_err(), "not bound to a form");
}

#[test]
fn html_pages_are_recorded_and_refused_in_simple_triggers() {
    let mut ui = ContainerUi::default();
    let page = PageShown { width: Some(400), height: None, content_chars: 12 };
    ui.show_page("a@x.com", "openForm", DialogKind::ModalDialog, Some("Add".into()), page.clone(), 5);
    assert_eq!(ui.dialogs[0].kind.name(), "modal_dialog");
    assert_eq!((ui.dialogs[0].buttons, ui.dialogs[0].answer.clone()), (None, None), "a page has no answer");
    assert_eq!(ui.dialogs[0].page.as_ref(), Some(&page));
    // The page a scenario's `[[ui]] dialog` acts on: shown to that user, by then.
    assert!(ui.page_shown("a@x.com", "Add", 5) && !ui.page_shown("a@x.com", "Add", 4));
    assert!(!ui.page_shown("b@x.com", "Add", 5) && !ui.page_shown("a@x.com", "Other", 5));
    assert_eq!(ui.page_titles("a@x.com"), ["Add"]);
    // google.script.host.close(): closed from then on, open before; a second close finds none.
    assert!(ui.close_page("a@x.com", "Add", 9) && !ui.close_page("a@x.com", "Add", 9));
    assert!(ui.page_shown("a@x.com", "Add", 8) && !ui.page_shown("a@x.com", "Add", 9));
    assert_eq!(ui.dialogs[0].closed_at_utc_ms, Some(9));
    // Pages and answered dialogs share the bound of the report's list.
    for at in 0..DIALOGS_MAX {
        ui.show_page("a@x.com", "f", DialogKind::Sidebar, None, page.clone(), at as i64);
    }
    assert_eq!((ui.dialogs.len(), ui.dialogs[0].kind), (DIALOGS_MAX, DialogKind::Sidebar));
    let on_edit = Invocation::of(InvocationKind::OnEdit);
    assert_eq!(
        on_edit.check_authorized("Ui.showModalDialog", Some(SCOPE_CONTAINER_UI)).unwrap_err().message,
        "You do not have permission to call Ui.showModalDialog. Required permissions: https://www.googleapis.com/auth/script.container.ui"
    );
    assert!(Invocation::of(InvocationKind::MenuItem)
        .check_authorized("Ui.showSidebar", Some(SCOPE_CONTAINER_UI))
        .is_ok());
}
