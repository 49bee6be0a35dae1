//! `[[edits]]`, `[[form_submissions]]` and `[[triggers]]` with `on = ...`: bad input is
//! an error naming file, line and key; good input writes the cell or the response row
//! and runs onEdit and the installable triggers with their event objects.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, PreparedScenario, RunOptions};

const HEADER: &str = "name = \"v\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

const CODE: &str = "function onEdit(e) { return [e.range.getA1Notation(), e.value, e.oldValue === undefined ? null : e.oldValue, e.user.getEmail()]; }
function watch(e) { return [e.triggerUid, e.changeType === undefined ? 'edit' : e.changeType]; }
function signup(e) { return [e.values, e.namedValues, e.range.getRow(), e.range.getSheet().getName()]; }
function rules() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
  var between = function () { return SpreadsheetApp.newDataValidation().requireNumberBetween(1, 10); };
  sheet.getRange('B2').setDataValidation(between().setAllowInvalid(false).build());
  sheet.getRange('C2').setDataValidation(between().build());
  sheet.getRange('A1').protect();
}
";

fn write_scenario(dir: &Path, body: &str, bound: bool) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    if bound {
        std::fs::write(project.join(".clasp.json"), r#"{"scriptId": "s", "parentId": "book"}"#).unwrap();
    }
    let path = dir.join("v.toml");
    std::fs::write(&path, body).unwrap();
    path
}

fn error_of(body: &str, bound: bool) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &format!("{HEADER}{body}"), bound);
    match PreparedScenario::load(&path, &RunOptions::default()) {
        Ok(_) => panic!("accepted:\n{body}"),
        Err(e) => e.0.rsplit('/').next().unwrap_or_default().to_string(),
    }
}

#[test]
fn bad_keys_name_file_line_and_key() {
    let cases = [
        (
            "[[edits]]\nat = \"2025-06-13T10:00\"\nrange = \"Sheet1!A1\"\nvalue = 1\n",
            false,
            "v.toml:5: edits[0]: the project is not bound to a spreadsheet",
        ),
        (
            "[[edits]]\nat = \"2025-06-13T10:00\"\nrange = \"Sheet1!A1:B2\"\nvalue = 1\n",
            true,
            "v.toml:7: edits[0].range: an edit writes one cell",
        ),
        (
            "[[edits]]\nat = \"2025-06-13T10:00\"\nrange = \"Nope!A1\"\nvalue = 1\n",
            true,
            "v.toml:7: edits[0].range: \"Nope!A1\": Range not found",
        ),
        (
            "[[edits]]\nat = \"2025-06-13T10:00\"\nrange = \"A1\"\nvalue = [1]\n",
            true,
            "v.toml:8: edits[0].value: a user types a string, number or boolean",
        ),
        (
            "[[edits]]\nat = \"2025-06-13T10:00\"\nrange = \"A1\"\nvalue = 1\nspreadsheet = \"other\"\n",
            true,
            "v.toml:9: edits[0].spreadsheet: no spreadsheet \"other\"",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nvalues = {}\n",
            true,
            "v.toml:7: form_submissions[0].values: a response answers at least one question",
        ),
        (
            "[[triggers]]\nfunction = \"watch\"\non = \"edited\"\n",
            true,
            "v.toml:7: triggers[0].on: expected one of open, edit, change, form_submit",
        ),
        (
            "[[triggers]]\nfunction = \"watch\"\non = \"edit\"\nevery = \"1h\"\n",
            true,
            "v.toml:7: triggers[0]: a trigger with on = ... fires on the spreadsheet's events",
        ),
    ];
    for (body, bound, expected) in cases {
        let error = error_of(body, bound);
        assert!(error.starts_with(expected), "{body}\n got: {error}\nwant: {expected}");
    }
}

#[test]
fn an_edit_runs_on_edit_then_the_edit_and_change_triggers_and_a_response_its_triggers() {
    let body = format!(
        "{HEADER}
[[triggers]]
function = \"watch\"
on = \"edit\"

[[triggers]]
function = \"watch\"
on = \"change\"

[[triggers]]
function = \"signup\"
on = \"form_submit\"

[[edits]]
at = \"2025-06-13T10:00\"
user = \"ana@example.com\"
range = \"Sheet1!B2\"
value = \"5\"

[[edits]]
at = \"2025-06-13T10:05\"
range = \"Sheet1!B2\"
value = true

[[form_submissions]]
at = \"2025-06-13T11:00\"
values = {{ Name = \"Ana\", Seats = 2 }}
"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &body, true);
    let outcome = run_scenario(&path, &RunOptions::default()).unwrap();
    let zone = &outcome[0];
    let runs: Vec<(String, String, serde_json::Value)> =
        zone.executions.iter().map(|e| (e.function.clone(), e.source.clone(), e.result.clone())).collect();
    let uid_edit = "1000001";
    let uid_change = "1000002";
    let expected = vec![
        ("onEdit", "ana@example.com edited Sheet1!B2", serde_json::json!(["B2", "5", null, "ana@example.com"])),
        ("watch", "ana@example.com edited Sheet1!B2 (edit trigger)", serde_json::json!([uid_edit, "edit"])),
        ("watch", "ana@example.com edited Sheet1!B2 (change trigger)", serde_json::json!([uid_change, "EDIT"])),
        ("onEdit", "user@example.com edited Sheet1!B2", serde_json::json!(["B2", "TRUE", "5", "user@example.com"])),
        ("watch", "user@example.com edited Sheet1!B2 (edit trigger)", serde_json::json!([uid_edit, "edit"])),
        ("watch", "user@example.com edited Sheet1!B2 (change trigger)", serde_json::json!([uid_change, "EDIT"])),
        (
            "signup",
            "form response in Form Responses 1 row 2",
            serde_json::json!([
                ["6/13/2025 11:00:00", "Ana", "2"],
                { "Timestamp": ["6/13/2025 11:00:00"], "Name": ["Ana"], "Seats": ["2"] },
                2,
                "Form Responses 1"
            ]),
        ),
    ];
    let expected: Vec<(String, String, serde_json::Value)> =
        expected.into_iter().map(|(f, s, r)| (f.to_string(), s.to_string(), r)).collect();
    assert_eq!(runs, expected);
}

#[test]
fn the_sheet_refuses_what_its_rules_and_protections_refuse_and_then_nothing_runs() {
    let edit = |at: &str, user: &str, range: &str, value: &str| {
        format!(
            "[[edits]]\nat = \"2025-06-13T{at}\"\nuser = \"{user}\"\nrange = \"Sheet1!{range}\"\nvalue = \"{value}\"\n"
        )
    };
    let body = [
        format!("{HEADER}[[runs]]\nat = \"2025-06-13T09:30\"\nfunction = \"rules\"\n"),
        edit("10:00", "ana@example.com", "B2", "5"),
        edit("10:05", "ana@example.com", "B2", "50"),
        edit("10:10", "ana@example.com", "C2", "50"),
        edit("10:15", "ana@example.com", "A1", "x"),
        edit("10:20", "user@example.com", "A1", "y"),
    ]
    .concat();
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &body, true);
    let zone = run_scenario(&path, &RunOptions::default()).unwrap().remove(0);
    let on_edit: Vec<serde_json::Value> =
        zone.executions.iter().filter(|e| e.function == "onEdit").map(|e| e.result.clone()).collect();
    assert_eq!(
        on_edit,
        [
            serde_json::json!(["B2", "5", null, "ana@example.com"]),
            serde_json::json!(["C2", "50", null, "ana@example.com"]),
            serde_json::json!(["A1", "y", null, "user@example.com"]),
        ],
        "the refused edits started nothing"
    );
    assert_eq!(
        zone.warnings,
        [
            "edit refused: ana@example.com typed \"50\" into Sheet1!B2 at 2025-06-13 10:05:00: Input must be a number \
             between 1 and 10.",
            "edit kept with a warning: ana@example.com typed \"50\" into Sheet1!C2 at 2025-06-13 10:10:00: invalid \
             input: Input must be a number between 1 and 10.",
            "edit refused: ana@example.com typed \"x\" into Sheet1!A1 at 2025-06-13 10:15:00: You are trying to edit \
             a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.",
        ]
    );
    let rows = &zone.sheets["book/Sheet1"];
    assert_eq!(rows[0][0], "y", "the owner may edit the protected cell");
    assert_eq!(rows[1][1..3], ["5".to_string(), "50".to_string()], "B2 kept 5; C2 took 50 with a warning");
    assert!(zone.text().contains("warning: edit refused: ana@example.com typed \"50\""), "the text report says it");
}
