//! gas-sim's own bugs end a command with exit code 3 and the replay command, never a hang;
//! `run --check-determinism` compares each zone alone and after other runs (issue 10).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs gas-sim, killing it if it has not ended after `limit` (a hang fails the test).
fn gas_sim_within(limit: Duration, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gas-sim"));
    command.args(args).current_dir(repo_root()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("gas-sim starts");
    let started = Instant::now();
    while child.try_wait().expect("gas-sim can be waited for").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("gas-sim {args:?} still running after {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("gas-sim's output")
}

#[test]
fn a_panicking_worker_is_reported_as_a_bug_with_exit_code_3() {
    let out = gas_sim_within(
        Duration::from_secs(60),
        &[("GAS_SIM_TEST_PANIC_IN", "probeUncaught"), ("RUST_BACKTRACE", "0")],
        &["run", "tests/leak/after.toml", "--tz", "UTC"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "gas-sim bug: execution 2 (probeUncaught at 2025-06-16T09:30:00.000Z) panicked: test hook: gas-sim \
             panics running probeUncaught (GAS_SIM_TEST_PANIC_IN) (replay: gas-sim run tests/leak/after.toml --tz \
             UTC --seed 7)"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("this is a bug in gas-sim, not in the scenario"), "{stderr}");
}

#[test]
fn a_panic_in_every_zone_is_reported_for_each_and_nothing_waits() {
    let out = gas_sim_within(
        Duration::from_secs(60),
        &[("GAS_SIM_TEST_PANIC_IN", "probe"), ("RUST_BACKTRACE", "0")],
        &["run", "tests/leak/after.toml"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("--tz Asia/Tokyo --seed 7)"), "{stderr}");
    assert!(stderr.contains("--tz UTC --seed 7)"), "{stderr}");
}

#[test]
fn a_panic_while_judging_a_mutant_is_a_bug_not_a_hang() {
    // The hook fires in every run of probeUncaught: the baseline's first.
    let out = gas_sim_within(
        Duration::from_secs(120),
        &[("GAS_SIM_TEST_PANIC_IN", "probeUncaught"), ("RUST_BACKTRACE", "0")],
        &["mutate", "tests/leak/after.toml", "--tz", "UTC"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("gas-sim bug: execution 2 (probeUncaught"), "{stderr}");
}

#[test]
fn check_determinism_compares_each_zone_alone_and_after_the_others() {
    let out = gas_sim_within(
        Duration::from_secs(120),
        &[],
        &["run", "scenarios/quickstart_visits.toml", "tests/leak/after.toml", "--check-determinism"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("--check-determinism: 6 zone run(s) compared alone, after the others and again"),
        "{stderr}"
    );
}

/// `test --check-determinism` checks each zone `test` ran, as `run --check-determinism`
/// does (the snapshots are written to a temporary folder with `--update`).
#[test]
fn test_check_determinism_compares_each_zone_it_tested() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(
        project.join("Code.gs"),
        "function tick() { var p = PropertiesService.getScriptProperties();\n\
         p.setProperty('n', String(Number(p.getProperty('n') || 0) + 1)); }\n",
    )
    .unwrap();
    let scenario = dir.path().join("twice.toml");
    std::fs::write(
        &scenario,
        "name = \"twice\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n\
         time_zones = [\"UTC\", \"Asia/Tokyo\"]\n[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\n",
    )
    .unwrap();
    let scenario = scenario.to_str().unwrap();
    let out = gas_sim_within(Duration::from_secs(120), &[], &["test", scenario, "--update", "--check-determinism"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}\n{}", String::from_utf8_lossy(&out.stdout));
    assert!(
        stderr.contains("--check-determinism: 2 zone run(s) compared alone, after the others and again"),
        "{stderr}"
    );
    // Without the flag nothing is compared.
    let out = gas_sim_within(Duration::from_secs(120), &[], &["test", scenario]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("--check-determinism"));
}
