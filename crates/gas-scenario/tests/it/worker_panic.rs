//! A panic on a worker thread is gas-sim's bug, reported as one with the command that
//! replays it; it never leaves the scheduler waiting for ever (issue 10: a clock overflow
//! panicked a worker and `gas-sim run` then waited for ever). The panic is made with the
//! hidden test hook (`bug::set_panic_in_function`), which is process-wide: the test
//! runs alone in a child process of the test binary.

use std::path::Path;
use std::sync::mpsc::channel;
use std::time::Duration;

use gas_scenario::{bug, run_scenario, RunOptions};

#[test]
fn a_worker_panic_ends_the_run_with_a_bug_report_and_the_pool_carries_on() {
    let name = "a_worker_panic_ends_the_run_with_a_bug_report_and_the_pool_carries_on";
    crate::common::alone_in_a_process(module_path!(), name, panic_then_carry_on);
}

fn panic_then_carry_on() {
    let after = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/leak/after.toml");
    bug::set_panic_in_function(Some("probeUncaught".into()));
    let (sender, result) = channel();
    let path = after.clone();
    std::thread::spawn(move || {
        let options = RunOptions { zone: Some("UTC".into()), seed: None, ..RunOptions::default() };
        let _ = sender.send(run_scenario(&path, &options));
    });
    // Far more than the run takes; a hang fails here instead of hanging the test.
    let outcome = result.recv_timeout(Duration::from_secs(120)).expect("the run ended instead of hanging");
    let error = outcome.expect_err("a run with a panicked execution is an error").0;
    assert!(error.contains("gas-sim bug: execution 2 (probeUncaught at 2025-06-16T09:30:00"), "{error}");
    assert!(error.contains("panicked: test hook"), "{error}");
    assert!(error.contains(&format!("(replay: gas-sim run {} --tz UTC --seed 7)", after.display())), "{error}");
    let bugs = bug::take_all();
    assert_eq!(bugs.len(), 1, "{bugs:?}");
    assert!(error.ends_with(&bugs[0]), "the run's error is the recorded bug");

    // A panic in the scheduler itself is reported the same way.
    bug::set_panic_in_function(Some(bug::SCHEDULER_HOOK.into()));
    let error = run_scenario(&after, &RunOptions { zone: Some("UTC".into()), seed: None, ..RunOptions::default() })
        .unwrap_err()
        .0;
    assert!(error.contains("gas-sim bug: the scheduler panicked: test hook"), "{error}");
    assert!(error.contains("--tz UTC --seed 7)"), "{error}");
    assert_eq!(bug::take_all().len(), 1);

    // The worker that panicked is never reused; the next runs get healthy ones.
    bug::set_panic_in_function(None);
    for _ in 0..3 {
        let reports = run_scenario(&after, &RunOptions::default()).expect("runs after the panic");
        assert!(reports.iter().all(|r| r.passed));
    }
    assert!(bug::take_all().is_empty());
}
