//! Dialogs and sidebars in a scenario: `Browser.inputBox`/`msgBox` answered from `[[ui]]`
//! as alerts and prompts are, HTML dialogs and sidebars recorded as shown (the snapshot
//! and the JSON say what the user saw), a shown page's `google.script.run` calls driven
//! by `[[ui]] dialog = ...` (one execution per call, as the user), and onOpen's refusal
//! of a sidebar with the platform's text.

use std::path::Path;

use gas_scenario::{run_scenario, RunOptions};

const SCENARIO: &str = "name = \"d\"\nproject = \"project\"\ntime_zones = [\"UTC\"]\n\
    start = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n\
    [[opens]]\nat = \"2025-06-13T10:00\"\nuser = \"ana@example.com\"\n\
    [[clicks]]\nat = \"2025-06-13T10:01\"\nuser = \"ana@example.com\"\nitem = \"Visitors > Add\"\n\
    [[ui]]\nfunction = \"add\"\nanswers = [{ button = \"OK\", text = \"Grace\" }, { button = \"YES\" }]\n\
    [[ui]]\ndialog = \"Added\"\nat = \"2025-06-13T10:02\"\nuser = \"ana@example.com\"\n\
    calls = [{ function = \"save\", args = [{ name = \"Grace\", n = 2 }, [1, \"x\"]] }, { function = \"when\" }]\n\
    [[ui]]\ndialog = \"Nope\"\nat = \"2025-06-13T10:03\"\nuser = \"ana@example.com\"\ncalls = [{ function = \"save\" }]\n\
    [[expect]]\nexecutions = { outcome = \"failed\" }\nnever = true\n";

const CODE: &str = "function onOpen(e) {
  SpreadsheetApp.getUi().createMenu('Visitors').addItem('Add', 'add').addToUi();
  try { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>Help</p>')); } catch (err) { return String(err); }
}
function add() {
  var name = Browser.inputBox('Visitor', 'Name?', Browser.Buttons.OK_CANCEL);
  var sure = Browser.msgBox('Add ' + name + '?', Browser.Buttons.YES_NO);
  SpreadsheetApp.getUi().showModalDialog(HtmlService.createHtmlOutput('<p>Added ' + name + '</p>').setWidth(300).setHeight(120), 'Added');
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>List</p>').setTitle('Visitors'));
  return [name, sure];
}
function save(visitor, list) {
  SpreadsheetApp.getActive().getSheets()[0].appendRow([visitor.name, visitor.n, list.length, Session.getActiveUser().getEmail()]);
  return 'saved ' + visitor.name;
}
function when() { return { at: new Date(0) }; }
function save_() {}
";

fn write(dir: &Path) -> std::path::PathBuf {
    write_with(dir, SCENARIO)
}

fn write_with(dir: &Path, scenario: &str) -> std::path::PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    std::fs::write(project.join(".clasp.json"), r#"{"scriptId": "s", "parentId": "book"}"#).unwrap();
    let path = dir.join("d.toml");
    std::fs::write(&path, scenario).unwrap();
    path
}

#[test]
fn browser_dialogs_are_answered_and_pages_are_shown_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let report = run_scenario(&write(dir.path()), &RunOptions::default()).unwrap().remove(0);
    assert!(report.passed, "{}", report.snapshot());
    let results: Vec<String> = report.executions.iter().map(|e| e.result.to_string()).collect();
    assert_eq!(
        results,
        [
            "\"Exception: You do not have permission to call Ui.showSidebar. Required permissions: https://www.googleapis.com/auth/script.container.ui\"",
            "[\"Grace\",\"yes\"]",
            // Each call an execution of its own; a Date does not cross back (null).
            "\"saved Grace\"",
            "null",
        ]
    );
    let sources: Vec<&str> = report.executions[2..].iter().map(|e| e.source.as_str()).collect();
    assert_eq!(
        sources,
        [
            "ana@example.com in \"Added\": google.script.run.save",
            "ana@example.com in \"Added\": google.script.run.when"
        ]
    );
    assert_eq!(report.sheets["book/Sheet1"], [vec!["Grace", "2", "2", "ana@example.com"]], "run as the user");
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert!(
        report.warnings[0].starts_with("ui[2]: ana@example.com has no dialog or sidebar \"Nope\" open"),
        "{:?}",
        report.warnings
    );
    let snapshot = report.snapshot();
    for line in [
        "ana@example.com  add  input_box \"Visitor\" \"Name?\" [OK_CANCEL] -> OK \"Grace\"",
        "ana@example.com  add  msg_box \"Add Grace?\" [YES_NO] -> YES",
        "ana@example.com  add  modal_dialog \"Added\" shown (300x120, 18 characters of HTML)",
        "ana@example.com  add  sidebar \"Visitors\" shown (11 characters of HTML)",
    ] {
        assert!(snapshot.contains(line), "{line:?} in:\n{snapshot}");
    }
    assert!(snapshot.contains("\ndialogs (4):\n"), "the refused sidebar was not shown: {snapshot}");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["dialogs"][2]["kind"], "modal_dialog");
    assert_eq!(json["dialogs"][2]["page"], serde_json::json!({ "width": 300, "height": 120, "content_chars": 18 }));
    assert!(json["dialogs"][2].get("buttons").is_none(), "a page has no buttons");
    assert_eq!(json["dialogs"][1]["button"], "YES");
}

#[test]
fn a_dialogs_calls_are_checked_as_a_pages_calls_are() {
    let head = SCENARIO.split("[[opens]]").next().unwrap();
    let cases = [
        (
            "[[ui]]\ndialog = \"Added\"\nat = \"2025-06-13T10:02\"\ncalls = [{ function = \"save_\" }]\n",
            "d.toml:9: ui[0].calls[0].function: save_ is private",
        ),
        (
            "[[ui]]\ndialog = \"Added\"\nat = \"2025-06-13T10:02\"\ncalls = [{ function = \"nope\" }]\n",
            "d.toml:9: ui[0].calls[0].function: the project has no function \"nope\"",
        ),
        (
            "[[ui]]\ndialog = \"Added\"\nat = \"2025-06-13T10:02\"\ncalls = [{ function = \"save\", args = [{ when = 2025-06-13 }] }]\n",
            "d.toml:9: ui[0].calls[0].args[0]: Failed due to illegal value in property: when",
        ),
        ("[[ui]]\ndialog = \"Added\"\ncalls = [{ function = \"save\" }]\n", "d.toml:7: ui[0]: a dialog's calls need `at`"),
        (
            "[[ui]]\ndialog = \"Added\"\nat = \"2025-06-13T10:02\"\nanswers = [{ button = \"OK\" }]\ncalls = [{ function = \"save\" }]\n",
            "d.toml:7: ui[0]: a dialog's page makes calls; answers and function go in an [[ui]] entry of their own",
        ),
        ("[[ui]]\nanswers = [{ button = \"OK\" }]\nat = \"2025-06-13T10:02\"\n", "d.toml:8: ui[0].at: `at` goes with `dialog`"),
        (
            "[[ui]]\ndialog = \"Added\"\nat = \"2025-06-13T10:02\"\ncalls = []\n",
            "d.toml:7: ui[0]: calls is empty",
        ),
    ];
    for (tail, want) in cases {
        let dir = tempfile::tempdir().unwrap();
        let path = write_with(dir.path(), &format!("{head}{tail}"));
        let error = match run_scenario(&path, &RunOptions::default()) {
            Ok(_) => panic!("accepted:\n{tail}"),
            Err(e) => e.0.replace(&format!("{}/", dir.path().display()), ""),
        };
        assert!(error.contains(want), "{want:?} in {error:?}");
    }
}

#[test]
fn a_page_closed_by_its_script_takes_no_more_calls_and_the_report_says_when() {
    let scenario = SCENARIO
        .replace("{ function = \"when\" }]\n", "{ function = \"when\" }]\nclose = true\n")
        .replace("dialog = \"Nope\"", "dialog = \"Added\"");
    let dir = tempfile::tempdir().unwrap();
    let report = run_scenario(&write_with(dir.path(), &scenario), &RunOptions::default()).unwrap().remove(0);
    assert_eq!(report.executions.len(), 4, "the calls before the close ran, none after");
    assert!(
        report.warnings.iter().any(|w| w.starts_with("ui[2]: ana@example.com has no dialog or sidebar \"Added\" open")),
        "{:?}",
        report.warnings
    );
    let snapshot = report.snapshot();
    let line = "modal_dialog \"Added\" shown (300x120, 18 characters of HTML), closed at ";
    assert!(snapshot.contains(line), "{line:?} in:\n{snapshot}");
    assert!(serde_json::to_value(&report).unwrap()["dialogs"][2]["closed"].is_string());
    // A close without calls is a page's script closing it at once; an empty entry is refused.
    let only_close = SCENARIO.replace(
        "dialog = \"Nope\"\nat = \"2025-06-13T10:03\"\nuser = \"ana@example.com\"\ncalls = [{ function = \"save\" }]\n",
        "dialog = \"Added\"\nat = \"2025-06-13T10:03\"\nuser = \"ana@example.com\"\nclose = true\n",
    );
    let report = run_scenario(&write_with(dir.path(), &only_close), &RunOptions::default()).unwrap().remove(0);
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let answers_close = SCENARIO.replace(
        "answers = [{ button = \"OK\", text = \"Grace\" }, { button = \"YES\" }]\n",
        "answers = [{ button = \"OK\", text = \"Grace\" }, { button = \"YES\" }]\nclose = true\n",
    );
    let error = run_scenario(&write_with(dir.path(), &answers_close), &RunOptions::default()).unwrap_err().to_string();
    assert!(error.contains("close goes with `dialog"), "{error}");
    let empty = only_close.replace("close = true\n", "");
    let error = run_scenario(&write_with(dir.path(), &empty), &RunOptions::default()).unwrap_err().to_string();
    assert!(error.contains("calls is empty: give at least one { function = \"...\" }, or close = true"), "{error}");
}
