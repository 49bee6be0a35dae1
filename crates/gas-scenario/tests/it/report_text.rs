//! The text report of a failing run says why (issue 15): `tests/why_it_failed.toml` fails
//! every expectation on purpose; its text report (grouped errors, logged errors of
//! executions that "completed", mail by subject, the evidence under each FAIL, one
//! replay line) and its `--verbose` form are snapshots.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, RunOptions};

fn scenario() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/why_it_failed.toml")
}

/// The path as a user types it, so the replay line in the snapshot is the same anywhere.
fn relative_report(verbose: bool) -> String {
    let reports = run_scenario(&scenario(), &RunOptions::default()).unwrap();
    assert_eq!(reports.len(), 1);
    assert!(!reports[0].passed);
    let text = reports[0].text_with(verbose);
    let absolute = scenario().display().to_string();
    text.replace(&absolute, "tests/why_it_failed.toml")
}

#[test]
fn a_failing_run_shows_why() {
    let text = relative_report(false);
    assert_eq!(text.matches("replay:").count(), 1, "one replay line: {text}");
    insta::assert_snapshot!("why_it_failed", text);
}

#[test]
fn verbose_lists_every_execution() {
    let text = relative_report(true);
    let reports = run_scenario(&scenario(), &RunOptions::default()).unwrap();
    let listed = text.lines().filter(|l| l.starts_with("      2025-")).count();
    assert_eq!(listed, reports[0].executions.len(), "{text}");
    assert!(!relative_report(false).lines().any(|l| l.starts_with("      2025-")), "only --verbose lists them");
    insta::assert_snapshot!("why_it_failed_verbose", text);
}

#[test]
fn the_report_is_the_same_bytes_every_time() {
    assert_eq!(relative_report(false), relative_report(false));
}

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

fn run_in(path: &Path, zone: &str) -> gas_scenario::ZoneReport {
    let options = RunOptions { zone: Some(zone.into()), ..RunOptions::default() };
    run_scenario(path, &options).unwrap().remove(0)
}

/// Issue 22: a run that checks nothing passes whatever happens, so the text report warns,
/// and strictness (`--strict`, `strict = true`) fails it.
#[test]
fn a_run_without_expectations_warns_and_strict_fails_it() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), "function tick() { throw new Error('always'); }\n").unwrap();
    let body =
        "name = \"unchecked\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T10:00\"\n\
        [[triggers]]\nfunction = \"tick\"\nevery = \"30m\"\n";
    let path = dir.path().join("unchecked.toml");
    std::fs::write(&path, body).unwrap();
    let mut report = run_in(&path, "UTC");
    assert!(report.passed, "not strict: every execution failed, and the run passes");
    let text = report.text();
    assert!(
        text.contains("  warning: the scenario has no [[expect]]: this run passes whatever its executions do"),
        "{text}"
    );
    assert!(!text.contains("FAIL"), "{text}");
    assert!(!report.snapshot().contains("[[expect]]"), "the snapshot keeps its bytes");
    report.make_strict();
    assert!(!report.passed);
    assert!(report.text().contains("  FAIL  strict: the scenario has no [[expect]], so nothing was checked"));
    assert!(report.text().contains("replay: ") && report.replay_command().ends_with(" --strict"));
    std::fs::write(&path, format!("strict = true\n{body}")).unwrap();
    assert!(!run_in(&path, "UTC").passed, "strict = true in the file fails it too");
    std::fs::write(&path, format!("strict = true\n{body}[[expect]]\nexecutions = {{ function = \"tick\", outcome = \"failed\" }}\ncount = 2\n")).unwrap();
    let checked = run_in(&path, "UTC");
    assert!(checked.passed && !checked.text().contains("no [[expect]]"), "{}", checked.text());
}

/// Issue 22: across a DST change every local time in the text report carries its UTC
/// offset (the two 01:30s of a fall-back night differ); a run across none prints none.
#[test]
fn local_times_carry_their_offset_only_when_the_zone_changes_it() {
    let dst = run_in(&repo_file("scenarios/dst_weekend.toml"), "America/Los_Angeles");
    let text = dst.text_with(true);
    assert!(
        text.contains("— America/Los_Angeles (seed 7), 2025-10-30 08:30 -07:00 to 2025-11-04 12:00 -08:00"),
        "{text}"
    );
    assert!(text.contains(" -07:00  ") && text.contains(" -08:00  "), "every execution line has its offset: {text}");
    assert!(!dst.snapshot().contains(" -08:00"), "the snapshot keeps plain local times");
    let tokyo = run_in(&repo_file("scenarios/dst_weekend.toml"), "Asia/Tokyo");
    assert!(!tokyo.text_with(true).contains("+09:00"), "Tokyo has no DST: {}", tokyo.text_with(true));
}

/// Issue 22: the text report lists each web-app submission with its attempts: up to 20
/// always, any number with `--verbose` (docs/web-apps.md).
#[test]
fn verbose_lists_every_submission_and_its_attempts() {
    let report = run_in(&repo_file("scenarios/webhook_retries.toml"), "UTC");
    assert!(report.submissions.len() > 20, "{}", report.submissions.len());
    let short = report.text();
    assert!(short.contains("  submissions: ") && short.contains("(--verbose lists each submission with its attempts)"));
    assert!(!short.lines().any(|l| l.starts_with("    #1 ")), "{short}");
    let verbose = report.text_with(true);
    let listed = verbose.lines().filter(|l| l.starts_with("    #")).count();
    assert_eq!(listed, report.submissions.len(), "{verbose}");
    let attempts: usize = report.submissions.iter().map(|s| s.attempts.len()).sum();
    let attempt_lines = verbose.lines().filter(|l| l.starts_with("        2025-")).count();
    assert_eq!(attempt_lines, attempts, "{verbose}");
    assert!(verbose.contains("  lost") && verbose.contains("concluded "), "{verbose}");
}
