//! Gaps are never silent (issue 11): a run lists every call of what gas-sim does not
//! implement by call site, `strict = true` fails the run on any, and fault and HTTP
//! rules that matched nothing are warnings.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, RunOptions, ZoneReport};

const HEADER: &str = "name = \"g\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

/// The issue's story: every submission catches gas-sim's error and answers success.
const CODE: &str = "function submit() {
  const sheet = SpreadsheetApp.create('x').getSheets()[0];
  try {
    sheet.getRange('A1').getDataSourceTables();
  } catch (e) {
    return 'ok';
  }
  return 'written';
}
function fetchIt() {
  return UrlFetchApp.fetch('https://api.example.com/v1/items').getResponseCode();
}
";

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let path = dir.join("g.toml");
    std::fs::write(&path, format!("{HEADER}{body}")).unwrap();
    path
}

fn run(body: &str) -> ZoneReport {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), body);
    let mut reports = run_scenario(&path, &RunOptions::default()).unwrap();
    reports.remove(0)
}

const THREE_SUBMISSIONS: &str = "[[runs]]\nat = \"2025-06-13T09:00\"\nfunction = \"submit\"\n\
    [[runs]]\nat = \"2025-06-13T10:00\"\nfunction = \"submit\"\n\
    [[runs]]\nat = \"2025-06-13T11:00\"\nfunction = \"submit\"\n";

#[test]
fn caught_gaps_are_listed_by_call_site_in_text_json_and_snapshot() {
    let report = run(THREE_SUBMISSIONS);
    assert!(report.passed, "not strict: the run still passes");
    assert!(report.executions.iter().all(|e| e.outcome == "completed"));
    assert_eq!(report.gap_lines(), vec!["gas-sim does not implement: Range.getDataSourceTables (Code.gs:4, 3 calls)"]);
    assert!(report.text().contains("  gas-sim does not implement: Range.getDataSourceTables (Code.gs:4, 3 calls)\n"));
    assert!(
        report
            .snapshot()
            .contains("\ngaps (1):\n  gas-sim does not implement: Range.getDataSourceTables (Code.gs:4, 3 calls)\n"),
        "{}",
        report.snapshot()
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(
        json["gaps"],
        serde_json::json!([{"method": "Range.getDataSourceTables", "file": "Code.gs", "line": 4, "calls": 3}])
    );
    assert_eq!(json["executions"][0]["gaps"][0]["calls"], 1);
    assert_eq!(json["strict"], false);
}

#[test]
fn strict_fails_a_run_that_hit_a_gap() {
    let report = run(&format!("strict = true\n{THREE_SUBMISSIONS}"));
    assert!(!report.passed);
    assert!(
        report.text().contains("FAIL  strict: the run called 1 method(s) gas-sim does not implement"),
        "{}",
        report.text()
    );
    // `--strict` on the command line does the same, and its replay says so.
    let mut report = run(THREE_SUBMISSIONS);
    report.make_strict();
    assert!(!report.passed && report.replay_command().ends_with(" --strict"), "{}", report.replay_command());
    // Without gaps (and with an expectation), strict changes nothing.
    let mut clean = run("strict = true\n[[expect]]\nmail = {}\ncount = 0\n");
    assert!(clean.passed && clean.gaps.is_empty() && !clean.snapshot().contains("gaps ("));
    clean.make_strict();
    assert!(clean.passed);
}

#[test]
fn rules_that_never_matched_are_warnings() {
    let body = "[[http]]\nurl = \"https://api.example.com/v1/*\"\n\
        [[http]]\nurl = \"https://api.exmaple.com/*\"\n\
        [[faults]]\ncall = \"UrlFetchApp.fetch\"\nargs = { url = \"*/v2/*\" }\nthrow = \"boom\"\n\
        [[faults]]\ncall = \"UrlFetchApp.fetch\"\ndelay = \"1s\"\n\
        [[runs]]\nat = \"2025-06-13T09:00\"\nfunction = \"fetchIt\"\n";
    let report = run(body);
    let file = |line: u32| format!("g.toml:{line}");
    let warnings: Vec<String> =
        report.warnings.iter().map(|w| w.replace(&format!("{}", std::env::temp_dir().display()), "")).collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].starts_with("fault rule 1 (")
            && warnings[0].ends_with(&format!("{}) never matched a call", file(9))),
        "{warnings:?}"
    );
    assert!(
        warnings[1].starts_with("http rule 2 (")
            && warnings[1].ends_with(&format!("{}) never matched a request", file(7))),
        "{warnings:?}"
    );
    assert!(report.snapshot().contains("never matched a call"));
}
