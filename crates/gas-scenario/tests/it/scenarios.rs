//! Every scenario in `scenarios/`, in each of its zones: its expectations hold and its
//! snapshot matches `scenarios/snapshots/<scenario>@<Zone>.snap` (insta; in CI a missing
//! or changed snapshot fails and nothing is written). The race scenarios in `races/`
//! likewise, against `races/snapshots/`, and explored as `gas-sim test` explores them.
//! Plus determinism.

use std::path::{Path, PathBuf};

use gas_scenario::snapshot::{snapshot_dir, snapshot_name};
use gas_scenario::{json_document, run_scenario, RunOptions};

const FOUR_ZONES: [&str; 4] = ["UTC", "Europe/Istanbul", "America/Los_Angeles", "Asia/Tokyo"];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn scenario_files() -> Vec<PathBuf> {
    toml_files("scenarios")
}

fn toml_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo_root().join(dir))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_scenario_passes_and_matches_its_snapshots() {
    check_files(&scenario_files());
}

/// `races/` holds scenarios kept out of `scenarios/` (the mutation tests read that
/// folder); each explores (`explore = N`), and every schedule must pass.
#[test]
fn every_race_scenario_passes_matches_its_snapshots_and_every_schedule() {
    let files = toml_files("races");
    assert!(files.iter().any(|p| p.ends_with("invoice_overlap.toml")), "{files:?}");
    check_files(&files);
    for path in &files {
        let scenario = gas_scenario::PreparedScenario::load(path, &RunOptions::default()).unwrap();
        let settings = gas_scenario::explore::Settings::of(&scenario.loaded).unwrap();
        let schedules = settings.schedules.unwrap_or_else(|| panic!("{}: races/ explore", path.display()));
        let options = gas_scenario::explore::ExploreOptions {
            schedules,
            jobs: 2,
            max_failures: Some(1),
            check_determinism: false,
            jitter: Default::default(),
            mode: None,
        };
        for zone in &scenario.zones {
            let explored = gas_scenario::explore::explore_zone(&scenario, zone, &options).unwrap();
            assert!(explored.passed(), "{}", explored.text());
            assert_eq!(explored.schedules_run, schedules);
        }
    }
}

fn check_files(files: &[PathBuf]) {
    assert!(!files.is_empty(), "no scenarios found");
    let mut failures = Vec::new();
    for path in files {
        let reports = run_scenario(path, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let zones: Vec<&str> = reports.iter().map(|r| r.zone.as_str()).collect();
        let is_dst_scenario = path.file_stem().is_some_and(|s| s.to_string_lossy().starts_with("dst"));
        if !is_dst_scenario {
            assert!(
                FOUR_ZONES.iter().all(|z| zones.contains(z)),
                "{}: runs in {zones:?}, not all four zones",
                path.display()
            );
        }
        for report in &reports {
            if !report.passed {
                failures.push(report.text());
            }
            insta::with_settings!({
                snapshot_path => snapshot_dir(path),
                prepend_module_to_snapshot => false,
                omit_expression => true,
            }, {
                insta::assert_snapshot!(snapshot_name(path, &report.zone), report.snapshot());
            });
        }
    }
    assert!(failures.is_empty(), "expectations failed:\n{}", failures.join("\n"));
}

#[test]
fn same_scenario_zone_and_seed_give_identical_bytes() {
    let path = repo_root().join("scenarios/weekend_outage.toml");
    let path = if path.exists() { path } else { scenario_files().remove(0) };
    let options = RunOptions { zone: Some("America/Los_Angeles".into()), ..Default::default() };
    let first = serde_json::to_string(&json_document(&run_scenario(&path, &options).unwrap())).unwrap();
    let second = serde_json::to_string(&json_document(&run_scenario(&path, &options).unwrap())).unwrap();
    assert_eq!(first, second);
}

/// Compiling a project ahead on the pooled workers (`RunOptions::prewarm`) changes no
/// byte of any report: not of the scenario whose project was compiled, nor of one on
/// another project run next on the same workers.
#[test]
fn a_project_compiled_ahead_gives_the_same_reports() {
    let quota = repo_root().join("scenarios/quota_low.toml");
    let other = scenario_files().into_iter().find(|path| {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        !text.contains("fixtures/ledger-fixed\"") && text.contains("project = ")
    });
    let other = other.expect("a scenario on another project than quota_low's");
    let document = |path: &Path, prewarm: bool| {
        let options = RunOptions { prewarm, ..Default::default() };
        serde_json::to_string(&json_document(&run_scenario(path, &options).unwrap())).unwrap()
    };
    let plain = (document(&quota, false), document(&other, false));
    assert_eq!(document(&quota, true), plain.0);
    // The workers hold quota_low's project, compiled ahead, when the other one runs.
    gas_scenario::PreparedScenario::load(&quota, &RunOptions { prewarm: true, ..Default::default() }).unwrap();
    assert_eq!(document(&other, false), plain.1);
}
