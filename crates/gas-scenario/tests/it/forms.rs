//! `[[forms]]` and `[[form_submissions]]` with `form = ...`: bad input is an error naming
//! file, line and key; a person's response is kept by the form, appended to the
//! destination sheet, and starts the form's and the spreadsheet's form-submit triggers
//! with their event objects; a closed form, or an answer its question's validation
//! refuses, refuses it with a warning. A person opening a form or a document starts its
//! open triggers.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, PreparedScenario, RunOptions};

const HEADER: &str = "name = \"v\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

const FORM: &str = "
[[spreadsheets]]
id = \"answers\"

[[forms]]
id = \"signup\"
title = \"Sign-up\"
destination = \"answers\"
collect_email = true
[[forms.items]]
type = \"text\"
title = \"Name\"
required = true
[[forms.items]]
type = \"checkbox\"
title = \"Days\"
choices = [\"Fri\", \"Sat\"]
[[forms.items]]
type = \"scale\"
title = \"Mood\"
bounds = [1, 5]
";

const CODE: &str = "
function onForm(e) {
  return [e.triggerUid, e.source.getTitle(), e.response.getRespondentEmail(),
          e.response.getItemResponses().map(function (r) { return [r.getItem().getTitle(), r.getResponse()]; })];
}
function onSheet(e) { return [e.values.slice(1), e.namedValues.Days, e.range.getA1Notation(), e.source.getId()]; }
function close() { FormApp.openById('signup').setAcceptingResponses(false); }
function opened(e) {
  var title = e.source.getTitle ? e.source.getTitle() : e.source.getName() + ': ' + e.source.getBody().getText();
  return [e.authMode, e.triggerUid, e.user.getEmail(), title];
}
function install() { ScriptApp.newTrigger('opened').forDocument('minutes').onOpen().create(); }
function guard() {
  var rule = FormApp.createTextValidation().requireTextLengthGreaterThanOrEqualTo(3).setHelpText('Full name please').build();
  FormApp.openById('signup').getItems(FormApp.ItemType.TEXT)[0].asTextItem().setValidation(rule);
}
";

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let path = dir.join("v.toml");
    std::fs::write(&path, body).unwrap();
    path
}

fn error_of(body: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &format!("{HEADER}{FORM}{body}"));
    match PreparedScenario::load(&path, &RunOptions::default()) {
        Ok(_) => panic!("accepted:\n{body}"),
        Err(e) => e.0.rsplit('/').next().unwrap_or_default().to_string(),
    }
}

#[test]
fn bad_forms_and_submissions_name_file_line_and_key() {
    let cases = [
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"Nope\"\nanswers = { Name = \"A\" }\n",
            "v.toml:28: form_submissions[0].form: no form \"Nope\" in [[forms]] (forms: [\"Sign-up\"])",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"Sign-up\"\nanswers = { Age = 3 }\n",
            "v.toml:29: form_submissions[0].answers: \"Age\": no such question (questions: [\"Name\", \"Days\", \"Mood\"])",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\nanswers = { Days = [\"Sun\"] }\n",
            "v.toml:29: form_submissions[0].answers: \"Days\": Invalid response submitted to item. (choices: [\"Fri\", \"Sat\"])",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\nanswers = { Mood = 9 }\n",
            "v.toml:29: form_submissions[0].answers: \"Mood\": Invalid response submitted to item.",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\nanswers = { Name = \"A\" }\nrepeat = 0\n",
            "v.toml:30: form_submissions[0].repeat: must be 1 to 1000 responses",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\nanswers = { Name = \"A\" }\nevery = \"soon\"\n",
            "v.toml:30: form_submissions[0].every: bad duration \"soon\"",
        ),
        (
            "[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\n",
            "v.toml:26: form_submissions[0]: a response gives its answers",
        ),
        (
            "[[forms]]\nid = \"x\"\n[[forms.items]]\ntype = \"slider\"\ntitle = \"S\"\n",
            "v.toml:29: forms[1].items[0].type: expected one of text, paragraph_text",
        ),
        (
            "[[forms]]\nid = \"x\"\ndestination = \"nope\"\n",
            "v.toml:28: forms[1].destination: no spreadsheet \"nope\": declare it in [[spreadsheets]]",
        ),
        (
            "[[triggers]]\nfunction = \"onForm\"\non = \"edit\"\nform = \"signup\"\n",
            "v.toml:29: triggers[0]: a form's trigger is on = \"form_submit\" or \"open\"",
        ),
        (
            "[[triggers]]\nfunction = \"onForm\"\non = \"edit\"\ndocument = \"minutes\"\n",
            "v.toml:29: triggers[0]: a document's trigger is on = \"open\"",
        ),
        (
            "[[triggers]]\nfunction = \"onForm\"\non = \"open\"\ndocument = \"minutes\"\n",
            "v.toml:29: triggers[0].document: no document \"minutes\" in [[documents]]",
        ),
        (
            "[[opens]]\nat = \"2025-06-13T10:00\"\ndocument = \"minutes\"\n",
            "v.toml:28: opens[0].document: no document \"minutes\" in [[documents]]",
        ),
        (
            "[[opens]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\nselection = \"A1\"\n",
            "v.toml:29: opens[0].selection: a user opening a form or a document selects no cells",
        ),
        (
            "[[installs]]\nat = \"2025-06-13T10:00\"\nform = \"signup\"\n",
            "v.toml:28: installs[0]: an add-on installs into the bound spreadsheet: drop form and document",
        ),
    ];
    for (body, expected) in cases {
        let error = error_of(body);
        assert!(error.starts_with(expected), "{body}\n got: {error}\nwant: {expected}");
    }
}

#[test]
fn a_response_lands_in_the_sheet_and_starts_the_forms_then_the_spreadsheets_triggers() {
    let body = format!(
        "{HEADER}{FORM}
[[triggers]]
function = \"onForm\"
on = \"form_submit\"
form = \"Sign-up\"

[[triggers]]
function = \"onSheet\"
on = \"form_submit\"
spreadsheet = \"answers\"

[[form_submissions]]
at = \"2025-06-13T10:00\"
form = \"signup\"
email = \"ana@example.com\"
answers = {{ Name = \"Ana\", Days = [\"Fri\", \"Sat\"], Mood = 4 }}

[[runs]]
at = \"2025-06-13T10:10\"
function = \"guard\"

[[form_submissions]]
at = \"2025-06-13T10:20\"
form = \"signup\"
email = \"bo@example.com\"
answers = {{ Name = \"Bo\" }}

[[runs]]
at = \"2025-06-13T10:30\"
function = \"close\"

[[form_submissions]]
at = \"2025-06-13T11:00\"
form = \"signup\"
answers = {{ Name = \"Bo\" }}
"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &body);
    let outcome = run_scenario(&path, &RunOptions::default()).unwrap();
    let zone = &outcome[0];
    let runs: Vec<(String, serde_json::Value)> =
        zone.executions.iter().map(|e| (e.function.clone(), e.result.clone())).collect();
    let expected = vec![
        (
            "onForm".to_string(),
            serde_json::json!([
                "1000001",
                "Sign-up",
                "ana@example.com",
                [["Name", "Ana"], ["Days", ["Fri", "Sat"]], ["Mood", "4"]]
            ]),
        ),
        (
            "onSheet".to_string(),
            serde_json::json!([["ana@example.com", "Ana", "Fri, Sat", "4"], ["Fri, Sat"], "A2:E2", "answers"]),
        ),
        ("guard".to_string(), serde_json::Value::Null),
        ("close".to_string(), serde_json::Value::Null),
    ];
    assert_eq!(runs, expected);
    let warnings = zone.warnings.join("\n");
    assert!(
        warnings.contains("form response refused: someone: the form \"Sign-up\" is not accepting responses"),
        "{warnings}"
    );
    assert!(warnings.contains("form response refused: bo@example.com: \"Name\": Full name please"), "{warnings}");
}

#[test]
fn opening_a_form_or_a_document_starts_its_open_triggers_only() {
    let body = format!(
        "{HEADER}{FORM}
[[documents]]
id = \"minutes\"
name = \"Minutes\"
body = [\"Agenda\"]

[[triggers]]
function = \"opened\"
on = \"open\"
form = \"Sign-up\"

[[triggers]]
function = \"onForm\"
on = \"form_submit\"
form = \"signup\"

[[opens]]
at = \"2025-06-13T09:30\"
form = \"signup\"
user = \"ed@example.com\"

[[opens]]
at = \"2025-06-13T09:40\"
document = \"minutes\"

[[runs]]
at = \"2025-06-13T10:00\"
function = \"install\"

[[opens]]
at = \"2025-06-13T10:30\"
document = \"minutes\"
user = \"ann@example.com\"
"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &body);
    let outcome = run_scenario(&path, &RunOptions::default()).unwrap();
    let zone = &outcome[0];
    let runs: Vec<(String, serde_json::Value)> =
        zone.executions.iter().map(|e| (e.function.clone(), e.result.clone())).collect();
    // The document's first open has no trigger yet; the form's open starts its open
    // trigger, not its form-submit one.
    let expected = vec![
        ("opened".to_string(), serde_json::json!(["FULL", "1000001", "ed@example.com", "Sign-up"])),
        ("install".to_string(), serde_json::Value::Null),
        ("opened".to_string(), serde_json::json!(["FULL", "1000003", "ann@example.com", "Minutes: Agenda"])),
    ];
    assert_eq!(runs, expected, "{}", zone.text());
    let sources: Vec<&str> = zone.executions.iter().map(|e| e.source.as_str()).collect();
    assert_eq!(
        sources,
        [
            "ed@example.com opened the form signup (open trigger)",
            "run install",
            "ann@example.com opened the document minutes (open trigger)"
        ]
    );
}

#[test]
fn a_form_the_script_makes_takes_responses_found_by_its_title_when_they_come() {
    let code = "function make() {
  var form = FormApp.create('Survey');
  form.addTextItem().setTitle('Name').setRequired(true);
  ScriptApp.newTrigger('answered').forForm(form).onFormSubmit().create();
}
function answered(e) { return [e.source.getTitle(), e.response.getItemResponses()[0].getResponse()]; }
";
    let body = format!(
        "{HEADER}
[[form_submissions]]
at = \"2025-06-13T09:10\"
form = \"Survey\"
made_by_script = true
answers = {{ Name = \"Early\" }}

[[runs]]
at = \"2025-06-13T09:30\"
function = \"make\"

[[form_submissions]]
at = \"2025-06-13T10:00\"
form = \"Survey\"
made_by_script = true
answers = {{ Name = \"Ana\" }}

[[form_submissions]]
at = \"2025-06-13T10:05\"
form = \"Survey\"
made_by_script = true
answers = {{ Nickname = \"Bo\" }}
"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &body);
    std::fs::write(dir.path().join("project/Code.gs"), code).unwrap();
    let zone = run_scenario(&path, &RunOptions::default()).unwrap().remove(0);
    let runs: Vec<(String, serde_json::Value)> =
        zone.executions.iter().map(|e| (e.function.clone(), e.result.clone())).collect();
    assert_eq!(
        runs,
        vec![
            ("make".to_string(), serde_json::Value::Null),
            ("answered".to_string(), serde_json::json!(["Survey", "Ana"]))
        ]
    );
    let warnings = zone.warnings.join("\n");
    assert!(
        warnings.contains("form response refused: the script has made no form \"Survey\" by then (forms: [])"),
        "{warnings}"
    );
    assert!(warnings.contains("form \"Survey\" has no question \"Nickname\" now"), "{warnings}");
    // Without made_by_script, an undeclared form is an error that says what to add.
    let error =
        error_of("[[form_submissions]]\nat = \"2025-06-13T10:00\"\nform = \"Survey\"\nanswers = { Name = \"Ana\" }\n");
    assert!(
        error.contains("no form \"Survey\" in [[forms]]") && error.contains("add made_by_script = true"),
        "{error}"
    );
}
