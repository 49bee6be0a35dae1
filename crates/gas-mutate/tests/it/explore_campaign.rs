//! Mutation campaigns over scenarios that explore (`explore = N`, or `--explore N`): a
//! mutant only a rare interleaving kills (the script lock that no longer waits) is killed
//! with exploration and survives without; verdicts are the same for any number of jobs;
//! the incremental fingerprint holds the `--explore` override.

use std::path::{Path, PathBuf};

use gas_mutate::campaign::{Campaign, CampaignOptions};
use gas_mutate::operators::OperatorSet;
use gas_mutate::{breakages, MutantResult, Status};
use gas_scenario::RunOptions;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `tryLock(0)` instead of `waitLock(25 s)`: the lock is free in the plain run (same
/// calls, same latencies, same snapshot), but under contention the save runs without
/// it and one entry is lost. Waiting 20 s instead of 25 s changes nothing anywhere.
const BREAKAGES: &str = r#"
[[mutation]]
id = "lock-not-awaited"
file = "Code.gs"
find = "lock.waitLock(25 * 1000);"
replace = "lock.tryLock(0);"

[[mutation]]
id = "shorter-wait"
file = "Code.gs"
find = "25 * 1000"
replace = "20 * 1000"
"#;

/// A copy of race-counter-locked and its scenario in `dir`, with `explore = 200` or not.
fn locked_campaign(dir: &Path, explore_in_file: bool) -> CampaignOptions {
    let root = repo_root();
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    for name in ["Code.gs", "appsscript.json"] {
        std::fs::copy(root.join("fixtures/race-counter-locked").join(name), project.join(name)).unwrap();
    }
    std::fs::write(project.join("breakages.toml"), BREAKAGES).unwrap();
    let scenario = std::fs::read_to_string(root.join("scenarios/race_counter_locked.toml")).unwrap();
    let mut scenario = scenario.replace("project = \"../fixtures/race-counter-locked\"", "project = \"project\"");
    if !explore_in_file {
        scenario = scenario.replace("explore = 200\n", "");
    }
    assert!(scenario.contains("project = \"project\""));
    std::fs::write(dir.join("locked.toml"), scenario).unwrap();
    CampaignOptions {
        run: RunOptions { zone: Some("UTC".into()), ..RunOptions::default() },
        breakages: Some(project.join("breakages.toml")),
        operators: OperatorSet::none(),
        ..CampaignOptions::new(vec![dir.join("locked.toml")])
    }
}

fn judge(options: &CampaignOptions, jobs: usize) -> Vec<MutantResult> {
    let mut campaign = Campaign::prepare(options).unwrap_or_else(|e| panic!("{e}"));
    campaign.baseline(jobs).unwrap_or_else(|e| panic!("{e}"));
    campaign.run(jobs, &|_, _| {}).0
}

fn verdict<'a>(results: &'a [MutantResult], id: &str) -> &'a MutantResult {
    results.iter().find(|r| breakages::breakage_id(&r.mutant) == id).unwrap_or_else(|| panic!("no breakage {id}"))
}

#[test]
fn a_mutant_only_an_interleaving_kills_is_killed_with_exploration_and_survives_without() {
    let dir = tempfile::tempdir().unwrap();
    let explored = judge(&locked_campaign(dir.path(), true), 2);
    let lock = verdict(&explored, "lock-not-awaited");
    assert_eq!(lock.status, Status::Killed, "{}", lock.status_reason);
    assert!(lock.status_reason.starts_with("explored schedule "), "{}", lock.status_reason);
    assert!(lock.status_reason.contains("(stopped there): executions of audit"), "{}", lock.status_reason);
    assert_eq!(lock.killed_by, vec!["locked@UTC"]);
    assert_eq!(verdict(&explored, "shorter-wait").status, Status::Survived);

    let other = tempfile::tempdir().unwrap();
    let plain = judge(&locked_campaign(other.path(), false), 2);
    assert_eq!(verdict(&plain, "lock-not-awaited").status, Status::Survived, "the plain run cannot see the race");

    // `--explore N` explores a scenario that does not ask for it.
    let flagged = CampaignOptions { explore: Some(50), ..locked_campaign(other.path(), false) };
    let results = judge(&flagged, 1);
    let lock = verdict(&results, "lock-not-awaited");
    assert_eq!(lock.status, Status::Killed, "{}", lock.status_reason);
    assert!(lock.status_reason.contains(" of 50 broke"), "{}", lock.status_reason);
}

#[test]
fn explored_verdicts_are_the_same_for_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let options = locked_campaign(dir.path(), true);
    let one = judge(&options, 1);
    let two = judge(&options, 2);
    let summary = |results: &[MutantResult]| {
        results
            .iter()
            .map(|r| (r.id.clone(), r.status, r.status_reason.clone(), r.killed_by.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(summary(&one), summary(&two));
}

#[test]
fn the_baseline_must_show_an_in_some_expectation_in_one_schedule() {
    let root = repo_root();
    // The naive store: its loss is `in = "some"`, shown by exploration only.
    let options = CampaignOptions {
        run: RunOptions { zone: Some("UTC".into()), ..RunOptions::default() },
        // Mutants of the project, so that the baseline runs its scenario (none are judged).
        operators: OperatorSet::parse("StringLiteral").unwrap(),
        ..CampaignOptions::new(vec![root.join("scenarios/race_counter.toml")])
    };
    let mut campaign = Campaign::prepare(&options).unwrap();
    assert!(!campaign.baseline_tests().is_empty(), "the baseline runs the scenario");
    campaign.baseline(2).unwrap_or_else(|e| panic!("{e}"));
    // With a single schedule the loss (first in schedule 2) is never shown.
    let mut campaign = Campaign::prepare(&CampaignOptions { explore: Some(1), ..options.clone() }).unwrap();
    let error = campaign.baseline(2).unwrap_err().to_string();
    assert!(error.contains("(in = \"some\"): shown in none of the 2 schedule(s)"), "{error}");
}

#[test]
fn the_incremental_fingerprint_holds_the_explore_flag() {
    let dir = tempfile::tempdir().unwrap();
    let options = locked_campaign(dir.path(), false);
    let fingerprint =
        |explore| Campaign::prepare(&CampaignOptions { explore, ..options.clone() }).unwrap().tests_fingerprint();
    assert_eq!(fingerprint(None), fingerprint(None));
    assert_ne!(fingerprint(None), fingerprint(Some(200)));
    assert_ne!(fingerprint(Some(100)), fingerprint(Some(200)));
}
