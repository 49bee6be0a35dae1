//! Time windows on the web-app client expectations (issue 15): a submission counts at
//! its first attempt (the visitor's press of Send), a response at the time its request
//! was sent; `on` narrows any expectation with times to a local day; a failed one shows
//! the submissions or responses with `(outside the window)`.

use crate::common;

use gas_scenario::ZoneReport;

const HEADER: &str = "name = \"w\"\nproject = \"project\"\ntime_zones = [\"America/New_York\"]\n\
    start = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\nseed = 7\n";

const CODE: &str = r#"
function doPost(e) {
  SpreadsheetApp.openById('book').getSheetByName('Rows').appendRow([e.postData.contents]);
  return ContentService.createTextOutput(JSON.stringify({ ok: true })).setMimeType(ContentService.MimeType.JSON);
}
function doGet(e) {
  return ContentService.createTextOutput('hello');
}
"#;

/// `early` at 09:00 loses its first answer, its retry (2 s later) is delivered; `late`
/// at 10:00 is delivered; a plain GET at 11:00.
const EVENTS: &str = "[[spreadsheets]]\nid = \"book\"\n[spreadsheets.sheets.Rows]\nrows = [[\"body\"]]\n\
    [[clients]]\nname = \"form\"\ntimeout = \"20s\"\nattempts = 2\nbackoff = \"2s\"\nkey = \"per-message\"\n\
    [[submissions]]\nlabel = \"early\"\nat = \"2025-06-13T09:00\"\nclient = \"form\"\njson = { n = 1 }\noutcomes = [\"lost\"]\n\
    [[submissions]]\nlabel = \"late\"\nat = \"2025-06-13T10:00\"\nclient = \"form\"\njson = { n = 2 }\n\
    [[requests]]\nat = \"2025-06-13T11:00\"\n";

const FIXTURE: common::Fixture = common::Fixture { zone: "America/New_York", code: CODE, file_name: "w.toml" };

fn run(body: &str) -> ZoneReport {
    FIXTURE.run(&format!("{HEADER}{EVENTS}{body}"))
}

fn error(body: &str) -> String {
    FIXTURE.error(&format!("{HEADER}{EVENTS}{body}"))
}

/// Every expectation of `expects` (separated by blank lines) must give `want`.
fn verdicts(expects: &[&str]) -> Vec<(bool, String, Vec<String>)> {
    let body: String = expects.iter().map(|e| format!("[[expect]]\n{e}\n")).collect();
    let report = run(&body);
    report.expectations.iter().map(|e| (e.passed, e.mismatch(), e.evidence.clone())).collect()
}

#[test]
fn the_run_is_what_the_windows_are_tested_on() {
    let report = run("");
    let early = &report.submissions[0];
    assert_eq!(early.attempts.len(), 2);
    assert_eq!(early.attempts[0].outcome, "lost");
    assert!(early.attempts[1].at_utc_ms > early.at_utc_ms, "the retry comes after the first attempt");
    assert_eq!(early.at_utc_ms, early.attempts[0].at_utc_ms, "a submission is made at its first attempt");
}

#[test]
fn a_submission_counts_at_its_first_attempt() {
    let results = verdicts(&[
        "submission = { client = \"form\" }\nfrom = \"2025-06-13T09:30\"\ncount = 1",
        "submission = { client = \"form\" }\nuntil = \"2025-06-13T09:30\"\ncount = 1",
        // Its retry at 09:00:02 does not make it a later submission.
        "submission = { label = \"early\" }\nfrom = \"2025-06-13T09:00:01\"\nnever = true",
        "submission = { label = \"early\" }\nfrom = \"2025-06-13T09:00\"\nuntil = \"2025-06-13T09:00:01\"\ncount = 1",
        // An absolute time selects the same instant in any zone.
        "submission = { label = \"late\" }\nfrom = \"2025-06-13T14:00Z\"\nuntil = \"2025-06-13T14:00:01Z\"\ncount = 1",
    ]);
    for (passed, text, evidence) in &results {
        assert!(passed, "{text}\n{evidence:?}");
    }
}

#[test]
fn a_response_counts_when_its_request_was_sent() {
    let results = verdicts(&[
        // The lost first attempt at 09:00, the delivered retry at 09:00:02.
        "response = { label = \"early\" }\nfrom = \"2025-06-13T09:00:01\"\ncount = 1",
        "response = { label = \"early\", outcome = \"delivered\" }\nfrom = \"2025-06-13T09:00:01\"\ncount = 1",
        "response = { outcome = \"lost\" }\nuntil = \"2025-06-13T09:00:01\"\ncount = 1",
        // Plain requests are responses too: the GET at 11:00.
        "response = { status = 200 }\nfrom = \"2025-06-13T10:30\"\ncount = 1",
        "response = { status = 200, body = \"hello\" }\nuntil = \"2025-06-13T10:30\"\nnever = true",
    ]);
    for (passed, text, evidence) in &results {
        assert!(passed, "{text}\n{evidence:?}");
    }
}

#[test]
fn on_narrows_every_kind_with_times_to_a_local_day() {
    let results = verdicts(&[
        "submission = { client = \"form\" }\non = \"2025-06-13\"\ncount = 2",
        "submission = { client = \"form\" }\non = \"2025-06-14\"\nnever = true",
        "response = { status = 200 }\non = \"2025-06-13\"\nfrom = \"2025-06-13T10:30\"\ncount = 1",
        "executions = { function = \"doPost\" }\non = \"2025-06-13\"\ncount = 3",
        "executions = { function = \"doPost\" }\non = \"2025-06-12\"\nnever = true",
        "requests = { method = \"GET\" }\non = \"2025-06-13\"\ncount = 1",
    ]);
    for (passed, text, evidence) in &results {
        assert!(passed, "{text}\n{evidence:?}");
    }
}

#[test]
fn failed_windowed_expectations_say_what_was_outside() {
    let results = verdicts(&[
        "submission = { label = \"late\" }\nuntil = \"2025-06-13T09:30\"\ncount = 1",
        "response = { label = \"early\", outcome = \"lost\" }\nfrom = \"2025-06-13T09:00:01\"\ncount = 1",
        "submission = { label = \"late\", concluded = \"rejected\" }\ncount = 1",
        "response = { status = 404 }\non = \"2025-06-13\"\nat_least = 1",
    ]);
    let (passed, text, evidence) = &results[0];
    assert!(!passed);
    assert_eq!(text, "submissions \"late\" until 2025-06-13T09:30: expected 1, got 0");
    assert_eq!(
        evidence,
        &["2025-06-13 10:00:00 #2 \"late\" form: saved, attempts 1, rows 1, mails 0 (outside the window)".to_string()]
    );
    let (passed, text, evidence) = &results[1];
    assert!(!passed);
    assert_eq!(text, "responses to \"early\" lost from 2025-06-13T09:00:01: expected 1, got 0");
    assert_eq!(evidence, &["2025-06-13 09:00:00 \"early\": lost (outside the window)".to_string()]);
    // No submission matched the filter: the nearest ones (the same label) are shown.
    let (passed, _, evidence) = &results[2];
    assert!(!passed);
    assert_eq!(evidence[0], "no submission matched; the nearest:");
    assert_eq!(evidence[1], "2025-06-13 10:00:00 #2 \"late\" form: saved, attempts 1, rows 1, mails 0");
    let (passed, text, evidence) = &results[3];
    assert!(!passed);
    assert_eq!(text, "responses status 404 on 2025-06-13: expected at least 1, got 0");
    assert_eq!(evidence[0], "no response matched; the nearest:");
    assert!(evidence[1].starts_with("2025-06-13 09:00:00 \"early\": lost"), "{evidence:?}");
    assert!(evidence.iter().any(|l| l.contains("request: delivered 200 \"hello\"")), "{evidence:?}");
}

#[test]
fn windows_and_days_that_cannot_check_anything_are_errors() {
    let cases = [
        (
            "cell = \"book/Rows!A1\"\nequals = \"body\"\non = \"2025-06-13\"",
            "w.toml:33: expect[0].on: on applies to mail, executions, logs, requests, submissions and responses; \
             a sheet, cell or property is checked at the end of the run",
        ),
        (
            "sheet = \"book/Rows\"\nrows = 3\nuntil = \"2025-06-13T10:00\"",
            "w.toml:33: expect[0].until: from/until apply to mail, executions, logs, requests, submissions and responses",
        ),
        ("property = \"x\"\nequals = \"1\"\nfrom = \"2025-06-13T10:00\"", "expect[0].from: from/until apply to"),
        ("submission = { client = \"form\" }\non = \"13 June\"\ncount = 1", "expect[0].on: want a local day like 2025-06-14"),
        (
            "response = { status = 200 }\non = \"2025-06-13\"\nfrom = \"2025-06-14T00:00\"\ncount = 1",
            "expect[0].on: from/until leave nothing of this day: the window is empty",
        ),
        (
            "submission = { client = \"form\" }\nfrom = \"2025-06-13T10:00\"\nuntil = \"2025-06-13T10:00\"\ncount = 1",
            "expect[0].until: until is not after from",
        ),
    ];
    for (expect, want) in cases {
        let err = error(&format!("[[expect]]\n{expect}\n"));
        assert!(err.contains(want), "{expect}\n  got: {err}\n  want: {want}");
        assert!(err.starts_with("DIR/w.toml"), "{err}");
    }
}
