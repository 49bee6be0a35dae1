//! Nothing leaks between runs in one process (issue 10): 100,000 service errors thrown
//! into a project's scripts (tests/leak/flood.toml), then a scenario on the same project
//! (tests/leak/after.toml) gives the report it gives alone. Before vendored boa patch
//! 0016, every such error left values on the engine's stack of the thread's reused
//! context, and after about 25,000 of them every call threw `RangeError: Maximum call
//! stack size exceeded` instead of its error.
//!
//! It reads a process-wide count, and it wants the thread pool's contexts to itself: it
//! runs alone in a child process of the test binary.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, RunOptions, ZoneReport};

fn leak_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/leak")
}

/// Every zone's text report and snapshot, as one string to compare.
fn rendered(reports: &[ZoneReport]) -> String {
    reports.iter().map(|r| format!("{}\n{}", r.text(), r.snapshot())).collect()
}

#[test]
fn a_hundred_thousand_service_errors_change_nothing_that_runs_after_them() {
    let name = "a_hundred_thousand_service_errors_change_nothing_that_runs_after_them";
    crate::common::alone_in_a_process(module_path!(), name, flood_then_after);
}

fn flood_then_after() {
    let after = leak_dir().join("after.toml");
    let lone = rendered(&run_scenario(&after, &RunOptions::default()).unwrap());
    assert!(lone.contains("-> \"caught: Exception: "), "the probe catches the platform's error:\n{lone}");

    let flood = run_scenario(&leak_dir().join("flood.toml"), &RunOptions::default()).unwrap();
    let flood_text = flood[0].text();
    assert!(flood[0].passed, "{flood_text}");
    assert!(!flood_text.contains("call stack"), "an error turned into a stack overflow:\n{flood_text}");
    let executions = &flood[0].executions;
    assert_eq!(executions.len(), 500, "{flood_text}");
    for execution in executions {
        let error = execution.error.as_deref().unwrap_or("");
        assert!(error.starts_with("Exception: Invalid email"), "execution {}: {error}", execution.exec_id);
    }

    let again = rendered(&run_scenario(&after, &RunOptions::default()).unwrap());
    similar_asserts(&lone, &again);
    assert_eq!(
        gas_engine::contexts_dropped_off_rest(),
        0,
        "an execution left values on the engine's stack (its context was dropped, not reused)"
    );
}

fn similar_asserts(lone: &str, again: &str) {
    if lone != again {
        let first = lone.lines().zip(again.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "after.toml's report differs after the flood, first at line {}:\n  alone: {}\n  after: {}",
            first + 1,
            lone.lines().nth(first).unwrap_or(""),
            again.lines().nth(first).unwrap_or("")
        );
    }
}
