//! Exploring schedules (`gas_scenario::explore`) on the race-counter fixtures: the
//! naive store loses an entry in some schedule, the locked one in none; a schedule
//! replays to the same trace; a shrunk schedule still shows what it showed, with no more
//! preemptions; the report is the same for any number of jobs; bad input is an error.

use std::path::{Path, PathBuf};

use gas_scenario::explore::{self, interleaving, ExploreOptions, ScheduleArg};
use gas_scenario::{json_document, PreparedScenario, RunOptions};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn load(name: &str) -> PreparedScenario {
    let options = RunOptions { zone: Some("UTC".into()), ..RunOptions::default() };
    PreparedScenario::load(&repo_root().join("scenarios").join(name), &options).unwrap()
}

fn options(schedules: u64, jobs: usize) -> ExploreOptions {
    ExploreOptions {
        schedules,
        jobs,
        max_failures: None,
        check_determinism: false,
        jitter: Default::default(),
        mode: None,
    }
}

/// A copy of the naive scenario whose loss breaks an every-schedule expectation.
fn failing_copy(dir: &Path) -> PreparedScenario {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    for file in ["Code.gs", "appsscript.json"] {
        std::fs::copy(repo_root().join("fixtures/race-counter").join(file), project.join(file)).unwrap();
    }
    let text = std::fs::read_to_string(repo_root().join("scenarios/race_counter.toml")).unwrap();
    let text = text
        .replace("../fixtures/race-counter", "project")
        .replace("outcome = \"failed\" }\ncount = 1\nin = \"some\"", "outcome = \"completed\" }\ncount = 1");
    let path = dir.join("race.toml");
    std::fs::write(&path, text).unwrap();
    let options = RunOptions { zone: Some("UTC".into()), ..RunOptions::default() };
    PreparedScenario::load(&path, &options).unwrap()
}

/// Schedule 0 under the explorer's eyes (every call parks, call sites recorded) is the
/// plain run, byte for byte: also on a web-app scenario with clients and lock waits.
#[test]
fn schedule_zero_is_the_plain_run() {
    for name in ["race_counter_locked.toml", "webhook_retries.toml"] {
        let scenario = load(name);
        let plain = scenario.run_zone("UTC", scenario.project.clone()).unwrap();
        let explored = explore::run_schedule(&scenario, "UTC", &ScheduleArg::Index(0), Default::default()).unwrap();
        let json =
            |r: &gas_scenario::ZoneReport| serde_json::to_string(&json_document(std::slice::from_ref(r))).unwrap();
        let (a, b) = (json(&plain), json(&explored.report));
        if a != b {
            let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(0);
            let from = at.saturating_sub(600);
            panic!(
                "{name}: differ at {at}:\nplain: {}\nexplored: {}",
                &a[from..(at + 300).min(a.len())],
                &b[from..(at + 300).min(b.len())]
            );
        }
        assert!(explored.decisions.is_plain());
        assert!(explored.contended_steps > 0, "{name}: executions overlap");
    }
}

#[test]
fn the_naive_store_loses_an_entry_the_locked_one_never() {
    let naive = load("race_counter.toml");
    let found = explore::explore_zone(&naive, "UTC", &options(40, 2)).unwrap();
    assert!(found.passed(), "{}", found.text());
    let loss = &found.some[0];
    let index = loss.first.expect("a schedule loses an entry");
    assert!(index > 0, "the plain run keeps both");
    // Replaying that seed's schedule gives the same trace, twice, and from its text.
    let replay = explore::run_schedule(&naive, "UTC", &ScheduleArg::Index(index), Default::default()).unwrap();
    let again = explore::run_schedule(&naive, "UTC", &ScheduleArg::Index(index), Default::default()).unwrap();
    assert_eq!(interleaving::full_trace(&replay.report), interleaving::full_trace(&again.report));
    assert_eq!(replay.some_held, vec![true], "schedule {index} shows the loss");
    let text = explore::schedule_text::format(&replay.decisions);
    let ScheduleArg::Given(decisions) = explore::parse_arg(&text).unwrap() else { panic!("{text}") };
    let from_text = explore::run_schedule(&naive, "UTC", &ScheduleArg::Given(decisions), Default::default()).unwrap();
    assert_eq!(interleaving::full_trace(&replay.report), interleaving::full_trace(&from_text.report));
    // The locked store under the same schedule keeps both entries.
    let locked = load("race_counter_locked.toml");
    let same = explore::run_schedule(&locked, "UTC", &ScheduleArg::Index(index), Default::default()).unwrap();
    assert!(same.broken.is_empty(), "{:?}", same.broken);
    let audit = same.report.executions.iter().find(|e| e.function == "audit").unwrap();
    assert_eq!(audit.outcome, "completed");
    let explored = explore::explore_zone(&locked, "UTC", &options(150, 2)).unwrap();
    assert!(explored.passed() && explored.failed == 0, "{}", explored.text());
}

#[test]
fn a_failing_schedule_shrinks_and_still_fails() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = failing_copy(dir.path());
    let found = explore::explore_zone(&scenario, "UTC", &options(40, 2)).unwrap();
    assert!(!found.passed() && found.failed > 0, "{}", found.text());
    let first = found.first.as_ref().unwrap();
    assert!(first.shrunk.preemption_count() <= first.original.preemption_count());
    assert!(first.shrunk.latency_pm.len() <= first.original.latency_pm.len());
    let shrunk =
        explore::run_schedule(&scenario, "UTC", &ScheduleArg::Given(first.shrunk.clone()), Default::default()).unwrap();
    assert!(!shrunk.broken.is_empty(), "the shrunk schedule still fails");
    assert_eq!(shrunk.broken, first.shrunk_broken);
    let text = found.text();
    assert!(text.contains("saveResult Properties.getProperty(\"job_index_v1\")"), "{text}");
    assert!(text.contains(&format!("--schedule {}", first.index)), "{text}");
    // --max-failures 1 stops at the first failing schedule, whatever the jobs.
    let stop = ExploreOptions { max_failures: Some(1), ..options(40, 2) };
    let stopped = explore::explore_zone(&scenario, "UTC", &stop).unwrap();
    assert_eq!(stopped.failed, 1);
    assert_eq!(stopped.schedules_run, first.index);
}

#[test]
fn the_report_is_the_same_for_any_jobs() {
    let scenario = load("race_counter.toml");
    let one = explore::explore_zone(&scenario, "UTC", &options(30, 1)).unwrap().text();
    let two = explore::explore_zone(&scenario, "UTC", &options(30, 2)).unwrap().text();
    assert_eq!(one, two);
    let dir = tempfile::tempdir().unwrap();
    let failing = failing_copy(dir.path());
    let stop = |jobs| ExploreOptions { max_failures: Some(2), ..options(30, jobs) };
    let one = explore::explore_zone(&failing, "UTC", &stop(1)).unwrap().text();
    let two = explore::explore_zone(&failing, "UTC", &stop(2)).unwrap().text();
    assert_eq!(one, two);
}

#[test]
fn the_exhaustive_mode_runs_every_small_set_of_preemptions() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = failing_copy(dir.path());
    let text = std::fs::read_to_string(&scenario.path).unwrap().replace(
        "explore = 200\nlatency_jitter = \"±30%\"\nfiring_jitter = \"20s\"",
        "explore = 200\nexplore_mode = \"exhaustive\"\nexplore_preemptions_max = 1",
    );
    std::fs::write(&scenario.path, text).unwrap();
    let scenario =
        PreparedScenario::load(&scenario.path, &RunOptions { zone: Some("UTC".into()), ..RunOptions::default() })
            .unwrap();
    let found = explore::explore_zone(&scenario, "UTC", &options(200, 2)).unwrap();
    assert_eq!(found.schedules_run, found.contended_steps, "one schedule per contended step");
    assert!(found.failed > 0, "one preemption suffices: {}", found.text());
}

#[test]
fn bad_exploration_input_is_an_error_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = failing_copy(dir.path());
    let base = std::fs::read_to_string(&scenario.path).unwrap();
    let cases = [
        ("explore = 200", "explore = 0", "explore: 0: explore at least 1 schedule"),
        (
            "explore = 200",
            "explore = 200\nexplore_mode = \"dfs\"",
            "explore_mode: \"dfs\": use \"pct\" or \"exhaustive\"",
        ),
        ("explore = 200", "explore = 200\nexplore_depth = 0", "explore_depth: must be 1 to 8"),
        ("latency_jitter = \"±30%\"", "latency_jitter = \"30\"", "latency_jitter: \"30\": want a percentage"),
        ("firing_jitter = \"20s\"", "firing_jitter = \"2m\"", "firing_jitter: \"2m\": whole seconds, at most 30s"),
        ("count = 1\n", "count = 1\nin = \"most\"\n", "expect[0].in: \"most\": use \"every\" or \"some\""),
    ];
    for (from, to, expected) in cases {
        std::fs::write(&scenario.path, base.replacen(from, to, 1)).unwrap();
        let err = PreparedScenario::load(&scenario.path, &RunOptions::default()).map(|_| ()).unwrap_err().0;
        assert!(err.contains(expected), "{expected:?} not in {err:?}");
        assert!(err.contains("race.toml:"), "names file and line: {err}");
    }
    assert!(explore::parse_arg("gs2;base=0").unwrap_err().contains("unknown schedule version \"gs2\""));
}

/// Seed 004 (the result-store fixtures): under the same schedules the naive store loses
/// a result (its audit fails) and the locked one keeps every result; the schedule that
/// once started the triggers before `setup` stored the folder id (setup now runs 5
/// minutes earlier) passes.
#[test]
fn seed_004_the_naive_store_loses_a_result_the_locked_one_none_under_the_same_schedules() {
    let naive = load("overlapping_triggers.toml");
    let locked = load("overlapping_triggers_locked.toml");
    let audit = |run: &explore::run::ScheduleRun| {
        run.report.executions.iter().find(|e| e.function == "auditIndex").map(|e| e.outcome.clone())
    };
    for index in [0, 3] {
        let lost = explore::run_schedule(&naive, "UTC", &ScheduleArg::Index(index), Default::default()).unwrap();
        assert_eq!(audit(&lost).as_deref(), Some("failed"), "schedule {index}: the naive store loses a result");
        let kept = explore::run_schedule(&locked, "UTC", &ScheduleArg::Index(index), Default::default()).unwrap();
        assert!(kept.broken.is_empty(), "schedule {index}: {:?}", kept.broken);
        assert_eq!(audit(&kept).as_deref(), Some("completed"), "schedule {index}");
    }
    let ScheduleArg::Given(old_race) = explore::parse_arg("gs1;base=214;p=1.3").unwrap() else { panic!() };
    let ran = explore::run_schedule(&locked, "UTC", &ScheduleArg::Given(old_race.clone()), Default::default()).unwrap();
    assert!(ran.broken.is_empty(), "{:?}", ran.broken);
    // With setup at the triggers' instant, as the scenario was, that schedule fails.
    let dir = tempfile::tempdir().unwrap();
    let fixtures = repo_root().join("fixtures");
    let text = std::fs::read_to_string(&locked.path)
        .unwrap()
        .replace("\"../fixtures/", &format!("\"{}/", fixtures.display()))
        .replace("2025-10-31T23:55:00Z", "2025-11-01T00:00:00Z");
    let path = dir.path().join("old_locked.toml");
    std::fs::write(&path, text).unwrap();
    let options = RunOptions { zone: Some("UTC".into()), allowed_paths: vec![fixtures], ..RunOptions::default() };
    let old = PreparedScenario::load(&path, &options).unwrap();
    let ran = explore::run_schedule(&old, "UTC", &ScheduleArg::Given(old_race), Default::default()).unwrap();
    assert!(!ran.broken.is_empty(), "the old scenario's race: {}", ran.report.text());
}
