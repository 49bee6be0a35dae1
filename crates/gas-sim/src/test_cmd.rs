//! `gas-sim test [PATHS...]`: runs every scenario in every zone, checks its expectations
//! and compares its snapshot with the stored one (insta's `.snap` format, in
//! `snapshots/` beside the scenarios). New or changed snapshots are written as
//! `.snap.new` for review, or accepted with `--update`; in CI (`CI` set) nothing is
//! written unless `--update` is given.

use std::path::{Path, PathBuf};

use gas_scenario::snapshot::{parse_snap, read_stored, snap_file, snapshot_path};
use gas_scenario::RunOptions;

use crate::output::{check_writable, write_atomically};
use crate::BadInput;

#[derive(clap::Args)]
pub struct TestArgs {
    /// Scenario files or folders of them (default: scenarios).
    paths: Vec<PathBuf>,
    /// Accept new and changed snapshots (write .snap files).
    #[arg(long)]
    update: bool,
    /// A folder outside the scenarios' folder tree that their `project` and `csv` may name
    /// (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    allow_paths: Vec<PathBuf>,
    /// Also run each zone alone in a fresh gas-sim process and once more after all the
    /// others, and fail (exit 3) unless the reports are the same bytes.
    #[arg(long)]
    check_determinism: bool,
}

#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Matched,
    New,
    Changed,
}

pub fn run(args: &TestArgs) -> Result<u8, BadInput> {
    let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    let update = args.update || std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always");
    let scenarios = scenario_files(&args.paths)?;
    if scenarios.is_empty() {
        return Err(BadInput("no scenario files (*.toml) found".into()));
    }
    if update || !in_ci {
        check_snapshot_folders(&scenarios)?;
    }
    let options = RunOptions { allowed_paths: args.allow_paths.clone(), ..RunOptions::default() };
    // Every scenario is loaded and planned before any runs (a bad one is found first).
    let prepared = crate::run::load_all(&scenarios, &options)?;
    let (mut matched, mut new, mut changed, mut failed_expectations) = (0, 0, 0, 0);
    let mut per_scenario = Vec::new();
    for scenario in &prepared {
        let path = &scenario.path;
        let reports = scenario.run_all().map_err(|e| BadInput(e.0))?;
        for report in &reports {
            if !report.passed {
                failed_expectations += 1;
                print!("{}", report.text());
            }
            let snap = snapshot_path(path, &report.zone);
            let verdict = compare(&snap, &report.snapshot(), update, in_ci)?;
            let label = format!("{} [{}]", path.display(), report.zone);
            match verdict {
                Verdict::Matched => matched += 1,
                Verdict::New => {
                    new += 1;
                    println!("new snapshot: {label} -> {}", written_where(&snap, update, in_ci));
                }
                Verdict::Changed => {
                    changed += 1;
                    println!("snapshot changed: {label} -> {}", written_where(&snap, update, in_ci));
                    print!("{}", diff(&parse_snap(&read_stored(&snap).unwrap_or_default()), &report.snapshot()));
                }
            }
        }
        if args.check_determinism {
            per_scenario.push(reports);
        }
    }
    if args.check_determinism {
        let compared = crate::determinism::check(&prepared, &per_scenario, &options)?;
        eprintln!("--check-determinism: {compared} zone run(s) compared alone, after the others and again");
    }
    let failing = failed_expectations + if update { 0 } else { new + changed };
    println!(
        "\n{} snapshot(s): {matched} matched, {new} new, {changed} changed; {failed_expectations} run(s) with failed expectations",
        matched + new + changed
    );
    if !update && new + changed > 0 {
        if in_ci {
            println!("CI: nothing was written. Run `gas-sim test --update` locally and commit the snapshots.");
        } else {
            println!("review the .snap.new files, then accept them with: gas-sim test --update");
        }
    }
    Ok(if failing == 0 { 0 } else { 1 })
}

/// Before running anything: each scenario's `snapshots/` folder takes a file (or the
/// folder it will be made in does), so that a long `test` does not fail at its end.
fn check_snapshot_folders(scenarios: &[PathBuf]) -> Result<(), BadInput> {
    let mut checked = Vec::new();
    for path in scenarios {
        let folder = snapshot_path(path, "UTC").parent().map(Path::to_path_buf).unwrap_or_default();
        if checked.contains(&folder) {
            continue;
        }
        let existing = folder.ancestors().find(|a| a.as_os_str().is_empty() || a.exists()).unwrap_or(Path::new("."));
        if !existing.as_os_str().is_empty() && !existing.is_dir() {
            return Err(BadInput(format!(
                "snapshots: {} is not a folder (the snapshots of {} go to {})",
                existing.display(),
                path.display(),
                folder.display()
            )));
        }
        check_writable(&existing.join("probe.snap"), "snapshots")
            .map_err(|e| BadInput(format!("{e} (the snapshots of {} go to {})", path.display(), folder.display())))?;
        checked.push(folder);
    }
    Ok(())
}

fn written_where(snap: &Path, update: bool, in_ci: bool) -> String {
    match (update, in_ci) {
        (true, _) => format!("written {}", snap.display()),
        (false, true) => "not written (CI)".into(),
        (false, false) => format!("written {}.new", snap.display()),
    }
}

fn compare(snap: &Path, contents: &str, update: bool, in_ci: bool) -> Result<Verdict, BadInput> {
    let stored = read_stored(snap).map(|text| parse_snap(&text));
    let pending = PathBuf::from(format!("{}.new", snap.display()));
    if !in_ci && (update || stored.as_deref() == Some(gas_scenario::snapshot::normalize(contents).as_str())) {
        // A pending review file is stale once the snapshot is accepted or matches.
        let _ = std::fs::remove_file(&pending);
    }
    let verdict = match &stored {
        None => Verdict::New,
        Some(old) if *old == gas_scenario::snapshot::normalize(contents) => return Ok(Verdict::Matched),
        Some(_) => Verdict::Changed,
    };
    let file_text = snap_file(contents, "gas-sim test");
    if update {
        std::fs::create_dir_all(snap.parent().unwrap_or(Path::new("."))).map_err(|e| BadInput(e.to_string()))?;
        write_atomically(snap, &file_text).map_err(BadInput)?;
    } else if !in_ci {
        std::fs::create_dir_all(snap.parent().unwrap_or(Path::new("."))).map_err(|e| BadInput(e.to_string()))?;
        write_atomically(&pending, &file_text).map_err(BadInput)?;
    }
    Ok(verdict)
}

/// A unified diff of two snapshot texts, old first.
fn diff(old: &str, new: &str) -> String {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut out = String::new();
    for hunk in diff.unified_diff().context_radius(2).iter_hunks() {
        out.push_str(&format!("{hunk}"));
    }
    out
}

pub(crate) fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, BadInput> {
    let roots = if paths.is_empty() { vec![PathBuf::from("scenarios")] } else { paths.to_vec() };
    let mut files = Vec::new();
    for root in roots {
        if root.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(&root)
                .map_err(|e| BadInput(format!("cannot read {}: {e}", root.display())))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|ext| ext == "toml"))
                .collect();
            found.sort();
            files.extend(found);
        } else if root.exists() {
            files.push(root);
        } else {
            return Err(BadInput(format!("{} does not exist", root.display())));
        }
    }
    Ok(files)
}
