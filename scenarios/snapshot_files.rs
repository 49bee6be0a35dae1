//! Every stored snapshot in `scenarios/snapshots/` is `<scenario>@<Zone>.snap` of a
//! scenario file here and one of its zones: a renamed scenario or a dropped zone leaves
//! no stale snapshot behind that nothing compares any more.
//!
//! This file lives in `scenarios/` on purpose: cargo-insta looks for pending snapshots
//! only in the folders of a package's manifest and of its targets' sources, so this
//! target (of gas-scenario) is what lets `cargo insta review` and `cargo insta accept`
//! find the `.snap.new` files that `gas-sim test` and `crates/gas-scenario/tests/it/scenarios.rs` write here.

use std::collections::BTreeSet;
use std::path::Path;

use gas_scenario::snapshot::snapshot_name;
use gas_scenario::{PreparedScenario, RunOptions};

#[test]
fn every_stored_snapshot_belongs_to_a_scenario_and_one_of_its_zones() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut expected = BTreeSet::new();
    for entry in std::fs::read_dir(&here).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let scenario = PreparedScenario::load(&path, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
            for zone in &scenario.zones {
                expected.insert(format!("{}.snap", snapshot_name(&path, zone)));
            }
        }
    }
    let stale: Vec<String> = std::fs::read_dir(here.join("snapshots"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".snap") && !expected.contains(name))
        .collect();
    assert!(stale.is_empty(), "snapshots of no scenario and zone (remove them): {stale:?}");
}
