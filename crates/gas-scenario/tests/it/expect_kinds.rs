//! The expectation kinds of issue 15, each with a scenario that passes, one that fails
//! with a clear text, and the scenario errors that name file, line and key.

use crate::common;

use gas_scenario::ZoneReport;

const HEADER: &str = "name = \"k\"\nproject = \"project\"\ntime_zones = [\"America/New_York\"]\n\
    start = \"2025-06-13T07:00\"\nend = \"2025-06-15T07:00\"\n";

const CODE: &str = "function daily() {
  console.log('expected value 30');
  MailApp.sendEmail('ops@example.com', 'Daily', 'x');
}
function failing() {
  console.warn('about to fail');
  throw new Error('quota exceeded for today');
}
function fill() {
  SpreadsheetApp.openById('s').getSheetByName('S').appendRow(['a', '']);
}
function doGet(e) {
  return ContentService.createTextOutput('hello ' + (e.parameter.n || ''));
}
";

const EVENTS: &str = "[[spreadsheets]]\nid = \"s\"\n[spreadsheets.sheets.S]\nrows = [[\"a\", 1], [\"b\", \"\"], [\"c\", 1], [\"\", 2]]\n\
    [[triggers]]\nfunction = \"daily\"\nevery = \"1d\"\nhour = 8\nminute = 0\n\
    [[runs]]\nat = \"2025-06-13T12:00\"\nfunction = \"failing\"\n\
    [[runs]]\nat = \"2025-06-14T12:00\"\nfunction = \"fill\"\n\
    [[requests]]\nat = \"2025-06-13T13:00\"\nquery = { n = \"1\" }\n";

const FIXTURE: common::Fixture = common::Fixture { zone: "America/New_York", code: CODE, file_name: "k.toml" };

fn run(body: &str) -> ZoneReport {
    FIXTURE.run(&format!("{HEADER}{EVENTS}{body}"))
}

fn error(body: &str) -> String {
    FIXTURE.error(&format!("{HEADER}{EVENTS}{body}"))
}

/// `(passed, "label: expected E, got A")` of the only expectation.
fn verdict(expect: &str) -> (bool, String) {
    FIXTURE.verdict(&format!("{HEADER}{EVENTS}"), expect)
}

#[test]
fn windows_count_what_happened_inside_from_inclusive_until_exclusive() {
    let mail = "mail = { subject = \"Daily\" }";
    assert!(verdict(&format!("{mail}\nfrom = \"2025-06-13T08:00\"\nuntil = \"2025-06-14T08:00\"\ncount = 1")).0);
    assert!(verdict(&format!("{mail}\nfrom = \"2025-06-13T08:00:01\"\ncount = 1")).0, "the 14th's only");
    let (passed, text) =
        verdict(&format!("{mail}\nfrom = \"2025-06-13T12:30\"\nuntil = \"2025-06-13T14:00\"\nat_least = 1"));
    assert!(!passed);
    assert_eq!(text, "mail subject Daily from 2025-06-13T12:30 until 2025-06-13T14:00: expected at least 1, got 0");
    assert!(verdict("executions = { function = \"failing\" }\nuntil = \"2025-06-13T12:00\"\nnever = true").0);
    assert!(verdict("logs = { text = \"expected\" }\nfrom = \"2025-06-14T00:00\"\ncount = 1").0);
}

#[test]
fn executions_by_local_hour_weekday_and_error() {
    assert!(verdict("executions = { function = \"daily\", local_hour = 8 }\ncount = 2").0);
    let (passed, text) = verdict("executions = { function = \"daily\", local_hour = 9 }\nat_least = 1");
    assert!(!passed);
    assert_eq!(text, "executions of daily at local hour 9: expected at least 1, got 0");
    assert!(verdict("executions = { function = \"daily\", weekday = \"saturday\" }\ncount = 1").0, "the 14th");
    assert!(verdict("executions = { error = \"/quota/\" }\ncount = 1").0);
    let (passed, text) = verdict("executions = { error = \"/quota/\" }\nnever = true");
    assert!(!passed);
    assert_eq!(text, "executions with error /quota/: expected 0, got 1");
    let report = run("[[expect]]\nexecutions = { error = \"/quota/\" }\nnever = true\n");
    assert_eq!(
        report.expectations[0].evidence,
        vec!["2025-06-13 12:00:00 failing failed: \"Error: quota exceeded for today (Code.gs:7)\""]
    );
}

#[test]
fn log_lines_by_level_and_text() {
    assert!(verdict("logs = { level = \"info\", text = \"/expected value/\" }\ncount = 2").0);
    assert!(verdict("logs = { level = \"warning\", function = \"failing\" }\ncount = 1").0);
    assert!(verdict("logs = { level = \"error\", text = \"about\" }\nnever = true").0, "levels are exact");
    let (passed, text) = verdict("logs = { level = \"info\", text = \"expected value 31\" }\ncount = 2");
    assert!(!passed);
    assert_eq!(text, "log lines at info expected value 31: expected 2, got 0");
}

#[test]
fn distinct_and_duplicated_values_of_a_column_without_blanks() {
    // Column A: a, b, c, (blank), a (appended); column B: 1, (blank), 1, 2, (blank).
    assert!(verdict("sheet = \"s/S\"\ndistinct = \"A\"\ncount = 3").0);
    assert!(verdict("sheet = \"s/S\"\nduplicates = \"A\"\ncount = 1").0);
    assert!(verdict("sheet = \"s/S\"\ndistinct = \"B\"\ncount = 2").0);
    let (passed, text) = verdict("sheet = \"s/S\"\nduplicates = \"A\"\nnever = true");
    assert!(!passed);
    assert_eq!(text, "duplicated values in s/S!A: expected 0, got 1");
    let report = run("[[expect]]\nsheet = \"s/S\"\nduplicates = \"a\"\nnever = true\n");
    assert_eq!(report.expectations[0].evidence, vec!["4 non-blank cells, 3 distinct values", "\"a\" occurs 2 times"]);
}

#[test]
fn requests_by_method_status_and_body() {
    assert!(verdict("requests = { method = \"GET\", status = 200, body = \"/^hello 1$/\" }\ncount = 1").0);
    assert!(verdict("requests = { method = \"POST\" }\nnever = true").0);
    let (passed, text) = verdict("requests = { function = \"doGet\", body = \"bye\" }\ncount = 1");
    assert!(!passed);
    assert_eq!(text, "requests to doGet body bye: expected 1, got 0");
}

#[test]
fn bad_expectations_name_file_line_and_key() {
    let cases = [
        (
            "executions = { function = \"daily\", local_hour = 24 }\ncount = 1",
            "k.toml:25: expect[0].executions.local_hour: an hour from 0 to 23",
        ),
        (
            "executions = { weekday = \"mon\" }\ncount = 1",
            "k.toml:25: expect[0].executions.weekday: want monday .. sunday",
        ),
        ("executions = { error = \"/(/\" }\ncount = 1", "k.toml:25: expect[0].executions.error: bad regex /(/"),
        (
            "logs = { level = \"loud\" }\ncount = 1",
            "k.toml:25: expect[0].logs.level: \"loud\": use debug, info, warning or error",
        ),
        ("logs = { function = \"nope\" }\ncount = 1", "expect[0].logs.function"),
        (
            "mail = { subject = \"x\" }\nnever = false",
            "k.toml:26: expect[0].never: never = false says nothing: leave it out",
        ),
        (
            "mail = { subject = \"x\" }\nnever = true\ncount = 0",
            "k.toml:26: expect[0].never: never = true is count = 0",
        ),
        (
            "cell = \"s/S!A1\"\nequals = \"a\"\nfrom = \"2025-06-13T08:00\"",
            "k.toml:27: expect[0].from: from/until apply to mail, executions, logs, requests, submissions and responses",
        ),
        (
            "mail = { subject = \"x\" }\nfrom = \"2025-06-14T08:00\"\nuntil = \"2025-06-13T08:00\"\nnever = true",
            "expect[0].until: until is not after from",
        ),
        ("mail = { subject = \"x\" }\nfrom = \"soon\"\nnever = true", "k.toml:26: expect[0].from: bad time \"soon\""),
        (
            "sheet = \"s/S\"\ndistinct = \"B2\"\ncount = 1",
            "k.toml:26: expect[0].distinct: want a column's letters (B, AA)",
        ),
        (
            "sheet = \"s/S\"\ndistinct = \"B\"\nrows = 3",
            "expect[0].distinct: a sheet expectation checks one of rows, distinct or duplicates",
        ),
        (
            "requests = { method = \"PUT\" }\ncount = 1",
            "k.toml:25: expect[0].requests.method: a web app answers GET or POST",
        ),
        (
            "logs = { text = \"x\" }\nmail = { subject = \"y\" }\ncount = 1",
            "one expectation checks one thing, but this one has mail and logs",
        ),
        (
            "cell = \"s/S!A1\"\nequals = \"a\"\nnever = true",
            "k.toml:27: expect[0].never: never = true counts: this expectation compares",
        ),
        (
            "mail = { subject = \"x\" }\ndistinct = \"A\"\ncount = 1",
            "k.toml:26: expect[0]: distinct and duplicates count a column of a sheet",
        ),
    ];
    for (expect, want) in cases {
        let err = error(&format!("[[expect]]\n{expect}\n"));
        assert!(err.contains(want), "{expect}\n  got: {err}\n  want: {want}");
        assert!(err.starts_with("DIR/k.toml"), "{err}");
    }
}

const DRIVE_CODE: &str = "function files() {
  const folder = DriveApp.createFolder('invoices');
  folder.createFile('Invoice 1.pdf', 'a', 'application/pdf');
  folder.createFile('Invoice 2.pdf', 'b', 'application/pdf');
  DriveApp.createFile('notes.txt', 'c').setTrashed(true);
}
";

const DRIVE_FIXTURE: common::Fixture =
    common::Fixture { zone: "America/New_York", code: DRIVE_CODE, file_name: "k.toml" };

#[test]
fn drive_items_by_name_path_type_and_trash() {
    let setup = format!("{HEADER}[[runs]]\nat = \"2025-06-13T12:00\"\nfunction = \"files\"\n");
    let verdict = |expect: &str| DRIVE_FIXTURE.verdict(&setup, expect);
    assert!(verdict("drive = { name = \"/^Invoice \\\\d\\\\.pdf$/\", type = \"application/pdf\" }\ncount = 2").0);
    assert!(verdict("drive = { path = \"My Drive/invoices/\" }\ncount = 2").0);
    assert!(verdict("drive = { type = \"folder\" }\ncount = 1").0);
    assert!(verdict("drive = { name = \"notes\" }\nnever = true").0, "a trashed file is not counted");
    assert!(verdict("drive = { name = \"notes\", trashed = true }\ncount = 1").0);
    let (passed, text) = verdict("drive = { name = \"Invoice 3\" }\ncount = 1");
    assert!(!passed);
    assert_eq!(text, "Drive items named Invoice 3: expected 1, got 0");
    let report = DRIVE_FIXTURE.run(&format!("{setup}[[expect]]\ndrive = {{ name = \"Invoice 3\" }}\ncount = 1\n"));
    let text = report.text();
    assert!(text.contains("My Drive/invoices/Invoice 1.pdf  application/pdf"), "{text}");
    assert!(text.contains("My Drive/notes.txt  text/plain  (in the trash)"), "{text}");
    let error = DRIVE_FIXTURE.error(&format!("{setup}[[expect]]\ndrive = {{ name = \"/(/\" }}\ncount = 1\n"));
    assert!(error.contains("expect[0].drive.name: bad regex /(/"), "{error}");
}

const HOSTILE_CODE: &str = "function files() {
  DriveApp.createFile('a\\u001b[2Jb', 'x');
  DocumentApp.create('d').getBody().appendParagraph('x\\r::error::pwned');
}
";

/// A script's names and paragraphs reach the text report's drive and documents sections
/// with their control characters escaped, so none can start a line of CI output.
#[test]
fn drive_and_document_texts_are_escaped_in_the_report() {
    let fixture = common::Fixture { zone: "America/New_York", code: HOSTILE_CODE, file_name: "k.toml" };
    let report = fixture.run(&format!("{HEADER}[[runs]]\nat = \"2025-06-13T12:00\"\nfunction = \"files\"\n"));
    let text = report.snapshot();
    assert!(text.contains("My Drive/a\\u001b[2Jb"), "{text}");
    assert!(text.contains("| x\\r::error::pwned"), "{text}");
    assert!(!text.contains('\u{1b}') && !text.contains('\r'), "{text}");
}
