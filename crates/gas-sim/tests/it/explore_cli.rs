//! `gas-sim run --explore`, `--schedule` and `explore = N` as a user runs them: the
//! exploration's report and exit code, the replay command it prints, bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn gas_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim")).args(args).current_dir(repo_root()).output().expect("gas-sim runs")
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn the_naive_store_shows_its_loss_and_the_replay_command() {
    let out = gas_sim(&["run", "scenarios/race_counter.toml", "--tz", "UTC", "--explore", "30", "--jobs", "2"]);
    let report = text(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("executions of audit failed (in some schedule): held in"), "{report}");
    assert!(report.contains("saveResult Properties.getProperty(\"job_index_v1\")"), "{report}");
    // The shrunk schedule's replay command, run as printed, shows the loss again.
    let line = report.lines().find(|l| l.contains("replay: gas-sim run") && l.contains("gs1;")).unwrap();
    let schedule = line.split("--schedule '").nth(1).unwrap().trim_end_matches('\'');
    let replay = gas_sim(&["run", "scenarios/race_counter.toml", "--tz", "UTC", "--seed", "0", "--schedule", schedule]);
    let replayed = text(&replay);
    assert_eq!(replay.status.code(), Some(0), "{replayed}");
    assert!(replayed.contains("[preempted: waited for another execution's call]"), "{replayed}");
    assert!(replayed.contains("audit                            0       1"), "the audit failed: {replayed}");
    let again = gas_sim(&["run", "scenarios/race_counter.toml", "--tz", "UTC", "--seed", "0", "--schedule", schedule]);
    assert_eq!(replay.stdout, again.stdout, "a replay is the same bytes");
}

#[test]
fn the_locked_store_passes_every_schedule_with_determinism_checked() {
    let args = ["run", "scenarios/race_counter_locked.toml", "--tz", "UTC", "--explore", "20", "--check-determinism"];
    let out = gas_sim(&args);
    let report = text(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("20 schedule(s) after the plain run"), "{report}");
    assert!(report.contains(": 0 failed"), "{report}");
}

#[test]
fn bad_exploration_flags_are_clear_errors() {
    let cases: [(&[&str], &str); 4] = [
        (&["--explore", "0"], "explore at least 1 schedule"),
        (&["--schedule", "gs9;base=0"], "unknown schedule version \"gs9\": this gas-sim reads gs1"),
        (&["--schedule", "@/nonexistent/schedule.txt"], "--schedule @/nonexistent/schedule.txt"),
        (&["--explore", "5", "--format", "json"], "--format json does not apply to an exploration"),
    ];
    for (flags, expected) in cases {
        let mut args = vec!["run", "scenarios/race_counter.toml", "--tz", "UTC"];
        args.extend_from_slice(flags);
        let out = gas_sim(&args);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {}", text(&out));
        assert!(text(&out).contains(expected), "{flags:?}: {}", text(&out));
    }
}

#[test]
fn mutate_explores_and_refuses_explore_zero() {
    let out = gas_sim(&["mutate", "scenarios/race_counter_locked.toml", "--tz", "UTC", "--explore", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("explore at least 1 schedule"), "{}", text(&out));
    // One ArithmeticOperator mutant, `25 * 1000` -> `25 / 1000`: waitLock(25 ms) leaves the
    // plain run alone and times out only when an explored schedule makes the saves contend.
    let out = gas_sim(&[
        "mutate",
        "scenarios/race_counter_locked.toml",
        "--tz",
        "UTC",
        "--operators",
        "ArithmeticOperator",
        "--lines",
        "fixtures/race-counter-locked/Code.gs:23",
        "--jobs",
        "2",
    ]);
    let report = text(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("1 mutant(s): 1 killed"), "{report}");
}

#[test]
fn bench_explore_says_when_there_is_no_rare_schedule_to_search_for() {
    // The naive seed-004 store loses a result in every schedule: its loss is a plain
    // expectation, so PCT and random choices have nothing rarer to find.
    let out = gas_sim(&["bench", "--explore", "scenarios/overlapping_triggers.toml"]);
    let report = text(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("schedules/s"), "{report}");
    assert!(report.contains("nothing to search for: no schedule broke an expectation"), "{report}");
}
