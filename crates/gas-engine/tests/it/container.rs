//! A bound container seen from a script: the active sheet, range and cell in each
//! context (a user's page, a trigger), `getUi()` menus and dialogs answered from the
//! world, and the simple trigger's event object and restrictions.

use crate::support;

use std::collections::VecDeque;

use gas_engine::ExecutionSpec;
use gas_platform::container::{Answer, AnswerQueue, Button, Invocation, InvocationKind};
use gas_platform::sheets::{Sheet, Spreadsheet};
use serde_json::json;
use support::*;

const BOUND: &str = "bound-1";
const ANA: &str = "ana@example.com";

/// A world with the bound spreadsheet (sheets Orders, Log) and a project bound to it.
fn bound(src: &str) -> (SharedWorld, gas_engine::Project) {
    let world = new_world();
    let sheets = vec![Sheet::new(0, "Orders"), Sheet::new(3, "Log")];
    state(&world).spreadsheets.add(Spreadsheet::with_sheets(BOUND, "Bound", None, sheets).unwrap()).unwrap();
    let mut project = project("UTC", src);
    project.container_id = Some(BOUND.into());
    (world, project)
}

fn run_as(
    world: &SharedWorld,
    project: &gas_engine::Project,
    function: &str,
    invocation: Invocation,
) -> gas_engine::ExecutionReport {
    let mut spec = ExecutionSpec::new(1, function, START_UTC_MS, SEED);
    spec.invocation = invocation;
    run_spec(world, project, "UTC", &spec)
}

const ACTIVE: &str = "function where() {
  var ss = SpreadsheetApp.getActive();
  return [ss.getActiveSheet().getName(), ss.getActiveRange().getA1Notation(), ss.getCurrentCell().getA1Notation(),
          SpreadsheetApp.getActiveSheet().getName(), SpreadsheetApp.getActiveRange().getA1Notation()];
}
function pick() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  ss.setActiveRange(ss.getSheetByName('Log').getRange('B2:C4'));
  return where();
}
function toLog() { SpreadsheetApp.getActive().getSheetByName('Log').activate(); return where(); }";

#[test]
fn with_no_user_the_active_sheet_is_the_first_and_the_range_its_a1_for_this_execution_only() {
    let (world, project) = bound(ACTIVE);
    let trigger = Invocation::of(InvocationKind::TimeTrigger);
    assert_eq!(
        result(&run_as(&world, &project, "where", trigger.clone())),
        json!(["Orders", "A1", "A1", "Orders", "A1"])
    );
    assert_eq!(
        result(&run_as(&world, &project, "pick", trigger.clone())),
        json!(["Log", "B2:C4", "B2", "Log", "B2:C4"])
    );
    // The next trigger starts again from the first sheet: the selection was the execution's.
    assert_eq!(result(&run_as(&world, &project, "where", trigger)), json!(["Orders", "A1", "A1", "Orders", "A1"]));
    assert!(state(&world).ui.sessions.is_empty());
}

#[test]
fn in_a_users_session_the_selection_persists_from_one_execution_to_the_next() {
    let (world, project) = bound(ACTIVE);
    let menu = Invocation::by_user(InvocationKind::MenuItem, ANA);
    assert_eq!(result(&run_as(&world, &project, "toLog", menu.clone())), json!(["Log", "A1", "A1", "Log", "A1"]));
    assert_eq!(result(&run_as(&world, &project, "where", menu)), json!(["Log", "A1", "A1", "Log", "A1"]));
    let other = Invocation::by_user(InvocationKind::MenuItem, "bob@example.com");
    assert_eq!(result(&run_as(&world, &project, "where", other)), json!(["Orders", "A1", "A1", "Orders", "A1"]));
    // A standalone script has no active spreadsheet, sheet or range.
    let standalone = project_of(
        "UTC",
        &[(
            "Code.gs",
            "function main() { return [SpreadsheetApp.getActiveSheet(), SpreadsheetApp.getActiveRange()]; }",
        )],
    );
    assert_eq!(result(&run_as(&world, &standalone, "main", Invocation::default())), json!([null, null]));
}

#[test]
fn get_ui_throws_the_platforms_text_without_a_user() {
    let src = "function main() { try { SpreadsheetApp.getUi(); return 'ui'; } catch (e) { return String(e); } }";
    let (world, project) = bound(src);
    let text = "Exception: Cannot call SpreadsheetApp.getUi() from this context.";
    for kind in [InvocationKind::TimeTrigger, InvocationKind::WebApp] {
        assert_eq!(result(&run_as(&world, &project, "main", Invocation::of(kind))), json!(text));
    }
    assert_eq!(result(&run_as(&world, &project, "main", Invocation::of(InvocationKind::Manual))), json!("ui"));
    assert_eq!(result(&run(src, "main")), json!(text), "a standalone script");
}

#[test]
fn menus_are_recorded_on_the_users_page() {
    let src = "function onOpen(e) {
      SpreadsheetApp.getUi().createMenu('Reports').addItem('Send', 'send').addSeparator()
        .addSubMenu(SpreadsheetApp.getUi().createMenu('More').addItem('Reset', 'reset')).addToUi();
      SpreadsheetApp.getUi().createAddonMenu().addItem('Start', 'start').addToUi();
      return [e.authMode, e.authMode == ScriptApp.AuthMode.LIMITED, e.source.getId(), e.user.getEmail(), 'triggerUid' in e];
    }";
    let (world, project) = bound(src);
    let mut spec = ExecutionSpec::new(1, "onOpen", START_UTC_MS, SEED);
    spec.invocation = Invocation::by_user(InvocationKind::OnOpen, ANA);
    spec.event = Some(json!({ "authMode": "LIMITED", "source": BOUND, "user": ANA }));
    let report = run_spec(&world, &project, "UTC", &spec);
    assert_eq!(result(&report), json!(["LIMITED", true, BOUND, ANA, false]));
    let ui = state(&world).ui.clone();
    assert_eq!(ui.find_item(ANA, "Reports > Send").as_deref(), Ok("send"));
    assert_eq!(ui.find_item(ANA, "Reports > More > Reset").as_deref(), Ok("reset"));
    assert_eq!(ui.find_item(ANA, "Extensions > memory > Start").as_deref(), Ok("start"), "the script's name");
}

#[test]
fn dialogs_are_answered_from_the_world_and_closed_when_no_answer_is_left() {
    let src = "function ask() {
      var ui = SpreadsheetApp.getUi();
      var r = ui.prompt('Who?', 'Your name', ui.ButtonSet.OK_CANCEL);
      var sure = ui.alert('Sure?', ui.ButtonSet.YES_NO);
      var last = ui.alert('Done');
      return [r.getSelectedButton(), r.getResponseText(), r.getSelectedButton() == ui.Button.OK, sure, last];
    }
    function bad() { try { SpreadsheetApp.getUi().alert('a', 'b'); } catch (e) { return String(e); } }";
    let (world, project) = bound(src);
    state(&world).ui.answers.push(AnswerQueue {
        key: "ui[0]".into(),
        function: Some("ask".into()),
        user: None,
        answers: VecDeque::from([
            Answer { button: Button::Ok, text: "Ada".into() },
            Answer { button: Button::Yes, text: String::new() },
        ]),
        used: 0,
    });
    let menu = Invocation::by_user(InvocationKind::MenuItem, ANA);
    let report = run_as(&world, &project, "ask", menu.clone());
    assert_eq!(result(&report), json!(["OK", "Ada", true, "YES", "CLOSE"]));
    let dialogs = state(&world).ui.dialogs.clone();
    assert_eq!(dialogs.len(), 3);
    assert_eq!(
        (dialogs[0].title.as_deref(), dialogs[0].prompt.as_str(), dialogs[2].scripted),
        (Some("Who?"), "Your name", false)
    );
    // The user takes the modelled time to answer.
    assert_eq!(
        report.end_utc_ms - START_UTC_MS,
        latency_ms("Ui.prompt") + 2 * latency_ms("Ui.alert") + 3 * latency_ms("SpreadsheetApp.getUi")
    );
    assert_eq!(
        result(&run_as(&world, &project, "bad", menu)),
        json!("Exception: The parameters (String,String) don't match the method signature for Ui.alert.")
    );
}

#[test]
fn a_simple_trigger_may_not_create_drive_files_or_open_spreadsheets_by_url() {
    let src = "function onEdit(e) {
      var out = [];
      try { DriveApp.createFile('notes.txt', 'x'); } catch (err) { out.push(String(err)); }
      var url = SpreadsheetApp.getActive().getUrl();
      try { SpreadsheetApp.openByUrl(url); } catch (err) { out.push(String(err)); }
      return out;
    }";
    let (world, project) = bound(src);
    let report = run_as(&world, &project, "onEdit", Invocation::by_user(InvocationKind::OnEdit, ANA));
    assert_eq!(
        result(&report),
        json!([
            "Exception: You do not have permission to call DriveApp.createFile. Required permissions: https://www.googleapis.com/auth/drive",
            "Exception: You do not have permission to call SpreadsheetApp.openByUrl. Required permissions: https://www.googleapis.com/auth/spreadsheets"
        ])
    );
    assert!(state(&world).drive.items.values().all(|item| item.name != "notes.txt"), "nothing was created");
}

#[test]
fn anonymous_access_is_kept_and_refused_to_a_simple_trigger() {
    let src = "function share() {
      var ss = SpreadsheetApp.getActive();
      ss.setAnonymousAccess(true, false);
      return [ss.isAnonymousView(), ss.isAnonymousWrite()];
    }
    function onOpen(e) {
      try { SpreadsheetApp.getActive().setAnonymousAccess(true, true); } catch (err) { return String(err); }
    }";
    let (world, project) = bound(src);
    let menu = Invocation::by_user(InvocationKind::MenuItem, ANA);
    assert_eq!(result(&run_as(&world, &project, "share", menu)), json!([true, false]));
    let open = Invocation::by_user(InvocationKind::OnOpen, ANA);
    assert_eq!(
        result(&run_as(&world, &project, "onOpen", open)),
        json!("Exception: You do not have permission to call Spreadsheet.setAnonymousAccess. Required permissions: https://www.googleapis.com/auth/spreadsheets")
    );
}

#[test]
fn a_simple_trigger_may_not_call_services_that_need_authorization_and_stops_at_30_seconds() {
    let src = "function onOpen(e) {
      var out = [];
      try { MailApp.sendEmail('a@example.com', 's', 'b'); } catch (err) { out.push(String(err)); }
      try { UrlFetchApp.fetch('https://example.com'); } catch (err) { out.push(String(err)); }
      SpreadsheetApp.getActive().getSheets()[0].appendRow(['opened']);
      return out;
    }
    function slow() { Utilities.sleep(20000); Utilities.sleep(20000); return 'done'; }";
    let (world, project) = bound(src);
    let open = Invocation::by_user(InvocationKind::OnOpen, ANA);
    let report = run_as(&world, &project, "onOpen", open.clone());
    assert_eq!(
        result(&report),
        json!([
            "Exception: You do not have permission to call MailApp.sendEmail. Required permissions: https://www.googleapis.com/auth/script.send_mail",
            "Exception: You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request"
        ])
    );
    assert!(state(&world).mail.sent.is_empty());
    assert_eq!(
        state(&world).spreadsheets.get(BOUND).unwrap().sheets()[0].rows().len(),
        1,
        "the bound file is writable"
    );
    let killed = run_as(&world, &project, "slow", open);
    assert_eq!(killed_reason(&killed), "Exceeded maximum execution time");
    assert_eq!(killed.end_utc_ms - START_UTC_MS, 30_000);
    // The same function from a menu item runs as the user, with the full 6 minutes.
    let menu = run_as(&world, &project, "slow", Invocation::by_user(InvocationKind::MenuItem, ANA));
    assert_eq!(result(&menu), json!("done"));
}

#[test]
fn browser_dialogs_answer_with_strings_from_the_same_answers() {
    let src = "function ask() {
      var name = Browser.inputBox('Your name', Browser.Buttons.OK_CANCEL);
      var sure = Browser.msgBox('Delete', 'Delete ' + name + '?', Browser.Buttons.YES_NO);
      var closed = Browser.inputBox('Again?');
      var ok = Browser.msgBox('Done');
      return [name, sure, closed, ok, typeof Browser.Buttons.YES_NO_CANCEL];
    }
    function tick() { try { Browser.msgBox('hi'); } catch (e) { return String(e); } }";
    let (world, project) = bound(src);
    state(&world).ui.answers.push(AnswerQueue {
        key: "ui[0]".into(),
        function: None,
        user: None,
        answers: VecDeque::from([
            Answer { button: Button::Ok, text: "Ada".into() },
            Answer { button: Button::No, text: String::new() },
        ]),
        used: 0,
    });
    let menu = Invocation::by_user(InvocationKind::MenuItem, ANA);
    let report = run_as(&world, &project, "ask", menu);
    assert_eq!(result(&report), json!(["Ada", "no", "cancel", "cancel", "string"]));
    let dialogs = state(&world).ui.dialogs.clone();
    let kinds: Vec<&str> = dialogs.iter().map(|d| d.kind.name()).collect();
    assert_eq!(kinds, ["input_box", "msg_box", "input_box", "msg_box"]);
    assert_eq!((dialogs[1].title.as_deref(), dialogs[1].prompt.as_str()), (Some("Delete"), "Delete Ada?"));
    assert_eq!(report.end_utc_ms - START_UTC_MS, 2 * latency_ms("Browser.inputBox") + 2 * latency_ms("Browser.msgBox"));
    let trigger = run_as(&world, &project, "tick", Invocation::of(InvocationKind::TimeTrigger));
    assert_eq!(
        result(&trigger),
        json!("Exception: Cannot call Browser.msgBox() from this context; have you tried Logger.log() instead?")
    );
}

#[test]
fn html_dialogs_and_sidebars_are_shown_at_once_and_refused_in_simple_triggers() {
    let src = "function open() {
      var ui = SpreadsheetApp.getUi();
      var page = HtmlService.createHtmlOutput('<p>Add a visitor</p>').setWidth(400).setHeight(300);
      ui.showModalDialog(page, 'Add visitor');
      ui.showModelessDialog(HtmlService.createHtmlOutput('<b>x</b>'), 'Notes');
      ui.showSidebar(HtmlService.createHtmlOutput('side').setTitle('Helper'));
      var out = [];
      try { ui.showModalDialog(HtmlService.createTemplate('<?= 1 ?>'), 't'); } catch (e) { out.push(String(e)); }
      return out;
    }
    function onOpen(e) {
      try { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('x')); } catch (err) { return String(err); }
    }";
    let (world, project) = bound(src);
    let menu = Invocation::by_user(InvocationKind::MenuItem, ANA);
    let report = run_as(&world, &project, "open", menu);
    let refused = result(&report);
    assert!(
        refused[0].as_str().is_some_and(|e| e.contains("don't match the method signature for Ui.showModalDialog")),
        "an unevaluated template is no HtmlOutput: {refused}"
    );
    let dialogs = state(&world).ui.dialogs.clone();
    let shown: Vec<(&str, Option<&str>)> = dialogs.iter().map(|d| (d.kind.name(), d.title.as_deref())).collect();
    assert_eq!(
        shown,
        [("modal_dialog", Some("Add visitor")), ("modeless_dialog", Some("Notes")), ("sidebar", Some("Helper"))]
    );
    let page = dialogs[0].page.clone().unwrap();
    assert_eq!((page.width, page.height, page.content_chars), (Some(400), Some(300), 20));
    assert_eq!(dialogs[0].user, ANA);
    let open = Invocation::by_user(InvocationKind::OnOpen, ANA);
    assert_eq!(
        result(&run_as(&world, &project, "onOpen", open)),
        json!("Exception: You do not have permission to call Ui.showSidebar. Required permissions: https://www.googleapis.com/auth/script.container.ui")
    );
    assert_eq!(state(&world).ui.dialogs.len(), 3, "a refused sidebar is not shown");
}

#[test]
fn a_simple_trigger_may_not_make_or_open_documents() {
    let src = "function onEdit(e) {
      var out = [];
      try { DocumentApp.create('notes'); } catch (err) { out.push(String(err)); }
      try { DocumentApp.openById('x'); } catch (err) { out.push(String(err)); }
      return out;
    }";
    let (world, project) = bound(src);
    let report = run_as(&world, &project, "onEdit", Invocation::by_user(InvocationKind::OnEdit, ANA));
    assert_eq!(
        result(&report),
        json!([
            "Exception: You do not have permission to call DocumentApp.create. Required permissions: https://www.googleapis.com/auth/documents",
            "Exception: You do not have permission to call DocumentApp.openById. Required permissions: https://www.googleapis.com/auth/documents"
        ])
    );
    assert!(state(&world).documents.is_empty(), "nothing was made");
}

#[test]
fn spreadsheet_show_is_a_modal_dialog_titled_by_the_page_and_needs_a_user() {
    let src = "function open() {
      SpreadsheetApp.getActiveSpreadsheet().show(HtmlService.createHtmlOutput('<p>Hi</p>').setTitle('Welcome'));
    }
    function tick() {
      try { SpreadsheetApp.getActiveSpreadsheet().show(HtmlService.createHtmlOutput('x')); } catch (e) { return String(e); }
    }";
    let (world, project) = bound(src);
    let report = run_as(&world, &project, "open", Invocation::by_user(InvocationKind::MenuItem, ANA));
    let took = latency_ms("SpreadsheetApp.getActiveSpreadsheet") + latency_ms("Spreadsheet.show");
    assert_eq!(report.end_utc_ms - START_UTC_MS, took, "the script goes on at once");
    let dialogs = state(&world).ui.dialogs.clone();
    let shown: Vec<(&str, Option<&str>)> = dialogs.iter().map(|d| (d.kind.name(), d.title.as_deref())).collect();
    assert_eq!(shown, [("modal_dialog", Some("Welcome"))]);
    assert_eq!(dialogs[0].page.clone().unwrap().content_chars, 9);
    let trigger = run_as(&world, &project, "tick", Invocation::of(InvocationKind::TimeTrigger));
    assert_eq!(
        result(&trigger),
        json!("Exception: Cannot call Spreadsheet.show() from this context; have you tried Logger.log() instead?")
    );
    let open = run_as(&world, &project, "tick", Invocation::by_user(InvocationKind::OnOpen, ANA));
    assert_eq!(
        result(&open),
        json!("Exception: You do not have permission to call Spreadsheet.show. Required permissions: https://www.googleapis.com/auth/script.container.ui")
    );
}
