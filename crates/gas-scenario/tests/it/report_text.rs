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
