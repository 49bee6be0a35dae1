//! The bound-container keys (`[[opens]]`, `[[installs]]`, `[[clicks]]`, `[[ui]]`): bad
//! input is an error naming file, line and key; good input runs the simple triggers and
//! menu items as the user.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, PreparedScenario, RunOptions};

const HEADER: &str = "name = \"v\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

const CODE: &str = "function onOpen(e) { SpreadsheetApp.getUi().createMenu('Tools').addItem('Go', 'go').addToUi(); return e.authMode; }
function onInstall(e) { return e.authMode + ' ' + e.source.getId(); }
function go() { var r = SpreadsheetApp.getUi().prompt('Name?'); return [r.getResponseText(), SpreadsheetApp.getActiveRange().getA1Notation(), Session.getActiveUser().getEmail()]; }
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
    let prepared = PreparedScenario::load(&path, &RunOptions::default());
    match prepared {
        Ok(_) => panic!("accepted:\n{body}"),
        Err(e) => e.0.rsplit('/').next().unwrap_or_default().to_string(),
    }
}

#[test]
fn bad_container_keys_name_file_line_and_key() {
    let cases = [
        (
            "[[opens]]\nat = \"2025-06-13T10:00\"\n",
            false,
            "v.toml:6: opens[0]: the project is not bound to a spreadsheet",
        ),
        (
            "[[clicks]]\nat = \"2025-06-13T10:00\"\nfunction = \"go\"\n",
            false,
            "v.toml:6: clicks[0]: the project is not bound",
        ),
        ("[[opens]]\nat = \"2025-06-13T08:00\"\n", true, "v.toml:6: opens[0].at: \"2025-06-13T08:00\" is before start"),
        (
            "[[installs]]\nat = \"2025-06-13T10:00\"\nselection = \"Nope!A1\"\n",
            true,
            "v.toml:7: installs[0].selection: \"Nope!A1\": Range not found",
        ),
        (
            "[[clicks]]\nat = \"2025-06-13T10:00\"\nitem = \"Tools > Go\"\nfunction = \"go\"\n",
            true,
            "v.toml:6: clicks[0]: a click needs exactly one of item or function",
        ),
        ("[[clicks]]\nat = \"2025-06-13T10:00\"\n", true, "v.toml:6: clicks[0]: a click needs exactly one"),
        (
            "[[clicks]]\nat = \"2025-06-13T10:00\"\nitem = \"Go\"\n",
            true,
            "v.toml:7: clicks[0].item: write the menu path",
        ),
        (
            "[[clicks]]\nat = \"2025-06-13T10:00\"\nfunction = \"gone\"\n",
            true,
            "v.toml:7: clicks[0].function: the project has no function \"gone\"",
        ),
        (
            "[[ui]]\nanswers = [{ button = \"Okay\" }]\n",
            true,
            "v.toml:6: ui[0].answers[0].button: \"Okay\" is not a button: use OK, CANCEL, YES, NO or CLOSE",
        ),
        ("[[ui]]\nanswers = []\n", true, "v.toml:5: ui[0]: answers is empty"),
        (
            "[[ui]]\nfunction = \"nope\"\nanswers = [{ button = \"OK\" }]\n",
            true,
            "v.toml:6: ui[0].function: the project has no function \"nope\"",
        ),
        (
            "[[ui]]\nanswers = [{ button = \"OK\", txt = \"a\" }]\n",
            true,
            "v.toml:6: ui[0].answers: unknown field `txt`, expected `button` or `text`",
        ),
    ];
    for (body, bound, want) in cases {
        let err = error_of(body, bound);
        assert!(err.starts_with(want), "{body}\n  gave {err}\n  want {want}");
    }
}

#[test]
fn opens_installs_and_clicks_run_as_the_user() {
    let body = "[[opens]]\nat = \"2025-06-13T10:00\"\nuser = \"ana@example.com\"\n\
                [[installs]]\nat = \"2025-06-13T10:30\"\n\
                [[clicks]]\nat = \"2025-06-13T11:00\"\nuser = \"ana@example.com\"\nitem = \"Tools > Go\"\nselection = \"Sheet1!C3:D4\"\n\
                [[clicks]]\nat = \"2025-06-13T11:10\"\nitem = \"Tools > Go\"\n\
                [[ui]]\nanswers = [{ button = \"OK\", text = \"Ada\" }]\n";
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &format!("{HEADER}{body}"), true);
    let reports = run_scenario(&path, &RunOptions::default()).unwrap();
    let report = &reports[0];
    let got: Vec<(String, String, String)> =
        report.executions.iter().map(|e| (e.function.clone(), e.source.clone(), e.result.to_string())).collect();
    assert_eq!(
        got,
        [
            ("onOpen".to_string(), "ana@example.com opened the spreadsheet".to_string(), "\"LIMITED\"".to_string()),
            ("onInstall".into(), "user@example.com installed the spreadsheet".into(), "\"FULL book\"".into()),
            ("go".into(), "ana@example.com clicked go".into(), "[\"Ada\",\"C3:D4\",\"ana@example.com\"]".into()),
        ]
    );
    // The account's user never opened the page: the click finds no menu there.
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert!(report.warnings[0].starts_with("clicks[1]: user@example.com has no menu item \"Tools > Go\""));
    assert_eq!(report.menus["ana@example.com"], ["Tools > Go  -> go"]);
    assert_eq!(report.dialogs.len(), 1);
}
