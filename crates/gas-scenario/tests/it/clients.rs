//! Web-app clients: bad input is a clear error naming file, line and key; the client
//! model makes its attempts at the right times, keeps or renews its key as its policy
//! says, overlaps a slow attempt for real, and gives the same report for the same seed.

use std::path::{Path, PathBuf};

use gas_scenario::{plan, run_scenario, PreparedScenario, RunOptions, ZoneReport};

const HEADER: &str =
    "name = \"c\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\nseed = 5\n";

/// Saves each id once under the script lock; counts attempts in a property.
const CODE: &str = r#"
function doPost(e) {
  const data = JSON.parse(e.postData.contents);
  const props = PropertiesService.getScriptProperties();
  props.setProperty('attempts', String(Number(props.getProperty('attempts') || 0) + 1));
  props.setProperty('last_id', String(data.id));
  if (data.reject) return out({ ok: false });
  const lock = LockService.getScriptLock();
  lock.waitLock(20000);
  try {
    // Slow the first time an id comes (the retry of a slow attempt is quick).
    if (data.slow_ms && !props.getProperty('slept:' + data.id)) {
      props.setProperty('slept:' + data.id, '1');
      Utilities.sleep(data.slow_ms);
    }
    if (!props.getProperty('seen:' + data.id)) {
      props.setProperty('seen:' + data.id, '1');
      SpreadsheetApp.openById('book').getSheetByName('Rows').appendRow([String(data.id)]);
    }
  } finally {
    lock.releaseLock();
  }
  return out({ ok: true });
}
function out(v) { return ContentService.createTextOutput(JSON.stringify(v)).setMimeType(ContentService.MimeType.JSON); }
"#;

const BOOK: &str = "[[spreadsheets]]\nid = \"book\"\n[spreadsheets.sheets.Rows]\nrows = [[\"id\"]]\n";

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let path = dir.join("c.toml");
    std::fs::write(&path, format!("{HEADER}{body}")).unwrap();
    path
}

fn error_of(body: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), body);
    let planned = PreparedScenario::load(&path, &RunOptions::default()).and_then(|prepared| {
        for zone in &prepared.zones {
            plan::plan(&prepared.loaded, prepared.project.clone(), zone, prepared.seed)?;
        }
        Ok(())
    });
    match planned {
        Ok(()) => panic!("accepted:\n{body}"),
        Err(e) => e.0,
    }
}

fn run(body: &str) -> ZoneReport {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &format!("{body}{BOOK}"));
    let mut reports = run_scenario(&path, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    reports.remove(0)
}

const CLIENT: &str =
    "[[clients]]\nname = \"form\"\ntimeout = \"20s\"\nattempts = 2\nbackoff = \"2s\"\nkey = \"per-message\"\n";

#[test]
fn bad_clients_and_submissions_name_file_line_and_key() {
    let sub = "[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\njson = { a = 1 }\n";
    let cases = [
        (
            format!("{CLIENT}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"from\"\njson = {{ a = 1 }}\n"),
            "c.toml:14: submissions[0].client: no [[clients]] named \"from\" (clients: form)",
        ),
        (
            CLIENT.replace("timeout = \"20s\"", "timeout = \"-5s\"") + sub,
            "c.toml:8: clients[0].timeout: bad duration \"-5s\"",
        ),
        (
            CLIENT.replace("attempts = 2", "attempts = 0") + sub,
            "c.toml:9: clients[0].attempts: 0: a client makes 1 to 10 attempts",
        ),
        (
            CLIENT.replace("key = \"per-message\"", "key = \"per-visit\"") + sub,
            "c.toml:11: clients[0].key: \"per-visit\": use",
        ),
        (
            format!("{CLIENT}retry_on = [\"lost\", \"404\"]\n{sub}"),
            "c.toml:12: clients[0].retry_on: \"404\": retry on lost, timeout, error-page, 5xx",
        ),
        (
            format!("{CLIENT}{sub}outcomes = [\"lost\", \"dropped\"]\n"),
            "c.toml:16: submissions[0].outcomes: \"dropped\" is not a delivery outcome",
        ),
        (
            format!("{CLIENT}{sub}outcomes = [\"lost\", \"lost\", \"lost\"]\n"),
            "submissions[0].outcomes: 3 outcomes, but client \"form\" makes at most 2 attempts",
        ),
        (
            format!("{CLIENT}{sub}form = {{ a = \"1\" }}\n"),
            "c.toml:16: submissions[0].form: a submission has one body, but this one has json and form",
        ),
        (
            format!("{CLIENT}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\nbody = \"raw\"\n"),
            "submissions[0].client: this client adds a key to the body",
        ),
        (
            format!("{CLIENT}{sub}content_type = \"text/csv\"\n"),
            "c.toml:16: submissions[0].content_type: content_type goes with a raw body",
        ),
        (
            format!("{CLIENT}[[submissions]]\nat = \"2025-06-13T13:00\"\nclient = \"form\"\njson = {{ a = 1 }}\n"),
            "c.toml:13: submissions[0].at: \"2025-06-13T13:00\" is at or after end",
        ),
        (
            format!("{CLIENT}{sub}repeat = 3\nevery = \"2h\"\n"),
            "submissions[0].every: submission 3 of 3 would start at or after end",
        ),
        (format!("{CLIENT}{CLIENT}"), "c.toml:13: clients[1].name: \"form\" is named twice"),
        (
            "[[faults]]\ncall = \"Sheet.appendRow\"\noutcome = \"lost\"\n".to_string(),
            "c.toml:7: faults[0].call: \"Sheet.appendRow\": an outcome picks web-app deliveries",
        ),
        (
            "[[faults]]\ncall = \"doPost\"\noutcome = \"gone\"\n".to_string(),
            "c.toml:8: faults[0].outcome: \"gone\" is not a delivery outcome",
        ),
        (
            "[[faults]]\ncall = \"doPost\"\noutcome = \"lost\"\nthrow = \"x\"\n".to_string(),
            "c.toml:9: faults[0].throw: a delivery fault picks an outcome only",
        ),
        (
            "simultaneous_executions_max = 0\n".to_string(),
            "c.toml:6: simultaneous_executions_max: 0: simultaneous executions are limited to 1 to 64",
        ),
        (
            format!("{CLIENT}{sub}[[expect]]\nsubmission = {{ client = \"forms\" }}\ncount = 1\n"),
            "expect[0].submission.client: no [[clients]] named \"forms\"",
        ),
        (
            format!("{CLIENT}{sub}[[expect]]\nsubmission = {{ concluded = \"done\" }}\ncount = 1\n"),
            "expect[0].submission.concluded: \"done\": use saved, rejected, unknown",
        ),
        (
            format!("{CLIENT}{sub}[[expect]]\nresponse = {{ body = \"/(/\" }}\ncount = 1\n"),
            "expect[0].response.body: bad regex",
        ),
    ];
    for (body, want) in cases {
        let err = error_of(&body);
        assert!(err.contains(want), "expected {want:?} in {err:?}\nfor:\n{body}");
        assert!(err.contains("c.toml"), "names the file: {err}");
    }
}

#[test]
fn submission_bodies_past_256_mib_are_refused_before_they_are_built() {
    // 20,000 submissions of 20 KB: 400 MB held from the plan on, refused at load.
    let client = CLIENT.replace("key = \"per-message\"", "key = \"none\"");
    let body = "x".repeat(20_000);
    let sub =
        format!("[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\nrepeat = 20000\nbody = \"{body}\"\n");
    let err = error_of(&format!("{client}{sub}"));
    assert!(err.contains("c.toml:") && err.contains("submissions[0]"), "{err}");
    assert!(err.contains("the submissions' bodies come to more than 268435456 bytes (gas-sim's limit)"), "{err}");
}

#[test]
fn a_lost_answer_is_retried_after_the_backoff_with_the_same_key_and_a_resubmit_keeps_it() {
    let report = run(&format!(
        "{CLIENT}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\njson = {{ name = \"a\" }}\n\
         outcomes = [\"lost\", \"lost\"]\nresubmit_after = \"30s\"\n\
         [[expect]]\nsubmission = {{ client = \"form\", concluded = \"saved\", attempts = 3, rows = 1 }}\ncount = 1\n"
    ));
    assert!(report.passed, "{}", report.text());
    let s = &report.submissions[0];
    let keys: Vec<_> = s.attempts.iter().map(|a| a.key.clone().unwrap()).collect();
    assert!(keys.iter().all(|k| *k == keys[0]), "per-message: one key for every attempt {keys:?}");
    assert_eq!(keys[0].len(), 36, "a UUID's shape");
    let (first, second, third) = (&s.attempts[0], &s.attempts[1], &s.attempts[2]);
    assert_eq!(
        (first.outcome.as_str(), second.outcome.as_str(), third.outcome.as_str()),
        ("lost", "lost", "delivered")
    );
    assert_eq!(second.at_utc_ms, first.known_at_utc_ms.unwrap() + 2_000, "the backoff after the 404");
    assert_eq!(third.at_utc_ms, second.known_at_utc_ms.unwrap() + 30_000, "the visitor presses Send 30 s later");
    assert!(third.resubmit && !second.resubmit);
    assert_eq!(report.properties["attempts"], "3", "the script ran every time");
}

#[test]
fn per_attempt_keys_change_and_a_rejection_is_not_retried() {
    let client = CLIENT.replace("per-message", "per-attempt");
    let report = run(&format!(
        "{client}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\njson = {{ n = 1 }}\noutcomes = [\"lost\"]\n\
         [[submissions]]\nat = \"2025-06-13T10:00\"\nclient = \"form\"\njson = {{ reject = true }}\n"
    ));
    let keys: Vec<_> = report.submissions[0].attempts.iter().map(|a| a.key.clone().unwrap()).collect();
    assert_eq!(keys.len(), 2);
    assert_ne!(keys[0], keys[1], "a new key for every attempt");
    assert_eq!(report.sheets["book/Rows"].len(), 3, "header + a row per key: the retry duplicated");
    let rejected = &report.submissions[1];
    assert_eq!((rejected.concluded.as_str(), rejected.attempts.len()), ("rejected", 1));
}

#[test]
fn a_slow_attempt_times_out_and_the_retry_overlaps_it_waiting_for_the_lock() {
    let report = run(&format!(
        "{CLIENT}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\njson = {{ slow_ms = 25000 }}\n"
    ));
    let s = &report.submissions[0];
    assert_eq!(s.attempts[0].outcome, "timeout");
    assert_eq!(s.attempts[0].known_at_utc_ms, Some(s.attempts[0].at_utc_ms + 20_000));
    assert_eq!(s.attempts[1].at_utc_ms, s.attempts[0].at_utc_ms + 22_000, "timeout + backoff");
    let first = report.executions.iter().find(|e| e.exec_id == s.attempts[0].exec_id).unwrap();
    assert!(first.end_utc_ms > s.attempts[1].at_utc_ms, "the first still runs when the retry starts");
    assert_eq!(s.attempts[1].outcome, "delivered");
    assert_eq!(s.concluded, "saved");
    assert_eq!(report.sheets["book/Rows"].len(), 2, "one row: the retry found the id under the lock");
}

#[test]
fn past_the_simultaneous_limit_a_start_fails_before_the_script_runs() {
    let report = run(&format!(
        "simultaneous_executions_max = 2\n{CLIENT}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\n\
         repeat = 3\njson = {{ slow_ms = 1000 }}\n"
    ));
    let refused: Vec<_> = report.executions.iter().filter(|e| e.outcome == "failed").collect();
    assert_eq!(refused.len(), 1, "{}", report.snapshot());
    assert!(refused[0].error.as_deref().unwrap().contains("exec maxSimultaneous"));
    let third = &report.submissions[2];
    assert_eq!(third.attempts[0].outcome, "error-page");
    assert!(!third.attempts[0].script_ran);
    assert_eq!(third.attempts[1].outcome, "delivered", "the retry 2 s later gets in");
    assert_eq!(report.sheets["book/Rows"].len(), 4);
}

#[test]
fn delivery_faults_pick_outcomes_and_the_same_seed_gives_the_same_report() {
    let body = format!(
        "{CLIENT}[[submissions]]\nat = \"2025-06-13T09:00\"\nclient = \"form\"\nrepeat = 20\nevery = \"1m\"\njson = {{ n = \"{{n}}\" }}\n\
         [[faults]]\ncall = \"doPost\"\noutcome = \"lost\"\nprobability = 0.5\n"
    );
    let a = run(&body);
    let lost = a.submissions.iter().flat_map(|s| &s.attempts).filter(|at| at.outcome == "lost").count();
    assert!((3..=20).contains(&lost), "about half of the first attempts and their retries: {lost}");
    assert!(a.submissions.iter().all(|s| s.rows == 1), "per-message keys: one row each, however many attempts");
    let b = run(&body);
    assert_eq!(a.snapshot(), b.snapshot());
    assert!(a.snapshot().contains("submissions (20):"));
}

#[test]
fn a_delivery_fault_loses_plain_requests_answers_too() {
    let request = |n: u32| format!("[[requests]]\nat = \"2025-06-13T09:0{n}\"\njson = {{ id = \"r{n}\" }}\n");
    let body = format!(
        "{}{}{}[[faults]]\ncall = \"doPost\"\noutcome = \"lost\"\nnth = [2]\n",
        request(1),
        request(2),
        request(3)
    );
    let report = run(&body);
    let lost: Vec<bool> = report.executions.iter().map(|e| e.response_lost).collect();
    assert_eq!(lost, [false, true, false], "the second request's answer lost: {}", report.snapshot());
    assert!(report.executions.iter().all(|e| e.outcome == "completed"), "the script ran every time");
    assert_eq!(report.sheets["book/Rows"].len(), 4, "three rows and the header");
}

#[test]
fn a_delivery_fault_a_plain_request_cannot_have_is_a_warning_not_a_silent_drop() {
    let body = "[[requests]]\nat = \"2025-06-13T09:01\"\njson = { id = \"r1\" }\n\
                [[faults]]\ncall = \"doPost\"\noutcome = \"error-page\"\n";
    let report = run(body);
    assert_eq!(report.executions.len(), 1);
    assert!(!report.executions[0].response_lost);
    assert_eq!(
        report.warnings,
        ["a delivery fault picked error-page for the POST request at 2025-06-13 09:01:00, which only a client's attempt ([[submissions]]) can have: the request was delivered"],
        "{}",
        report.snapshot()
    );
}
