//! `gas-sim test --accept`, `--reject` and `--review` on the pending snapshots of a
//! scenario in a temporary folder: accept makes them the stored snapshots (and the next
//! `test` matches), reject removes them, and `--review` without a terminal refuses.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/timeline/project");
    for name in ["Code.gs", "appsscript.json"] {
        std::fs::copy(fixture.join(name), project.join(name)).unwrap();
    }
    let scenario = dir.path().join("small.toml");
    std::fs::write(
        &scenario,
        "name = \"small\"\nproject = \"project\"\ntime_zones = [\"UTC\", \"Asia/Tokyo\"]\n\
         start = \"2025-06-12T08:00\"\nend = \"2025-06-12T09:00\"\n\
         [[runs]]\nat = \"2025-06-12T08:10\"\nfunction = \"remember\"\n",
    )
    .unwrap();
    (dir, scenario)
}

fn gas_sim(args: &[&str], scenario: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(args)
        .arg(scenario)
        .env_remove("CI")
        .env_remove("INSTA_UPDATE")
        .output()
        .unwrap()
}

fn snapshots(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("snapshots"))
        .map(|entries| entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn accept_stores_the_pending_snapshots_and_the_next_test_matches() {
    let (dir, scenario) = setup();
    let first = gas_sim(&["test"], &scenario);
    assert_eq!(first.status.code(), Some(1), "new snapshots fail a test: {}", stdout(&first));
    assert_eq!(snapshots(dir.path()), ["small@Asia_Tokyo.snap.new", "small@UTC.snap.new"]);
    let accepted = gas_sim(&["test", "--accept"], &scenario);
    assert_eq!(accepted.status.code(), Some(0), "{}", String::from_utf8_lossy(&accepted.stderr));
    assert!(
        stdout(&accepted).contains("2 pending snapshot(s): 2 accepted, 0 rejected, 0 skipped"),
        "{}",
        stdout(&accepted)
    );
    assert_eq!(snapshots(dir.path()), ["small@Asia_Tokyo.snap", "small@UTC.snap"]);
    let again = gas_sim(&["test"], &scenario);
    assert_eq!(again.status.code(), Some(0), "{}", stdout(&again));
    assert!(stdout(&again).contains("2 matched, 0 new, 0 changed"));
}

#[test]
fn reject_removes_the_pending_snapshots_and_keeps_the_stored_ones() {
    let (dir, scenario) = setup();
    gas_sim(&["test"], &scenario);
    gas_sim(&["test", "--accept"], &scenario);
    let stored = std::fs::read_to_string(dir.path().join("snapshots/small@UTC.snap")).unwrap();
    // A second run: a changed snapshot per zone.
    let more =
        std::fs::read_to_string(&scenario).unwrap() + "[[runs]]\nat = \"2025-06-12T08:20\"\nfunction = \"remember\"\n";
    std::fs::write(&scenario, more).unwrap();
    let changed = gas_sim(&["test"], &scenario);
    assert!(stdout(&changed).contains("snapshot changed"), "{}", stdout(&changed));
    let rejected = gas_sim(&["test", "--reject"], &scenario);
    assert_eq!(rejected.status.code(), Some(0));
    assert!(stdout(&rejected).contains("0 accepted, 2 rejected"), "{}", stdout(&rejected));
    assert_eq!(snapshots(dir.path()), ["small@Asia_Tokyo.snap", "small@UTC.snap"]);
    assert_eq!(std::fs::read_to_string(dir.path().join("snapshots/small@UTC.snap")).unwrap(), stored);
}

#[test]
fn review_needs_a_terminal_and_the_flags_exclude_each_other() {
    let (_dir, scenario) = setup();
    let out = gas_sim(&["test", "--review"], &scenario);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--review asks on a terminal"));
    let out = gas_sim(&["test", "--accept", "--reject"], &scenario);
    assert_eq!(out.status.code(), Some(2), "clap refuses both");
    let out = gas_sim(&["test", "--update", "--review"], &scenario);
    assert_eq!(out.status.code(), Some(2));
}
