//! `gas-sim test [PATHS...]`: runs every scenario in every zone, checks its expectations
//! and compares its snapshot with the stored one (insta's `.snap` format, in
//! `snapshots/` beside the scenarios). New or changed snapshots are written as
//! `.snap.new` for review (`--review`, `--accept`, `--reject`: `review.rs`), or accepted
//! with `--update`; in CI (`CI` set) nothing is written unless `--update` is given.

use std::path::{Path, PathBuf};

use gas_scenario::snapshot::{parse_snap, read_stored_within, snap_file, snapshot_path};
use gas_scenario::{PreparedScenario, RunOptions};

use crate::output::{check_writable, write_atomically};
use crate::{review, BadInput};

/// What `gas-sim test` exits with (`--help` shows it; the README says the same).
pub const EXIT_CODES: &str = "Exit codes:
  0  every run passed, every explored schedule passed and every snapshot matched
     (or --update wrote it); --accept and --reject exit 0
  1  an expectation failed, an explored schedule failed, a snapshot is new or changed
     and not accepted (review it: gas-sim test --review; or --accept, --update), or
     --review left some pending
  2  bad input (a flag, a scenario, a project, a snapshot path)
  3  a bug in gas-sim (printed with the command that replays it)";

#[derive(clap::Args)]
pub struct TestArgs {
    /// Scenario files or folders of them (default: scenarios).
    paths: Vec<PathBuf>,
    /// Accept new and changed snapshots (write .snap files).
    #[arg(long)]
    update: bool,
    #[command(flatten)]
    shared: crate::run::ScenarioFlags,
    /// After the runs, show each pending .snap.new with its diff and ask: a accept,
    /// r reject, s skip (insta's keys; needs a terminal).
    #[arg(long, conflicts_with_all = ["update", "accept", "reject"])]
    review: bool,
    /// Accept the pending .snap.new files of these scenarios (all under scenarios/ by
    /// default) without running anything: for scripts.
    #[arg(long, conflicts_with_all = ["update", "reject"])]
    accept: bool,
    /// Remove the pending .snap.new files of these scenarios without running anything.
    #[arg(long, conflicts_with = "update")]
    reject: bool,
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
    if args.accept || args.reject {
        // They run nothing, so a file of runs asked for beside them would never be written.
        let flag = if args.accept { "--accept" } else { "--reject" };
        if let Some(output) =
            args.shared.ci.requested_outputs().into_iter().chain(args.shared.html.as_ref().map(|_| "--html")).next()
        {
            return Err(BadInput(format!(
                "{flag} runs no scenario, so {output} would write nothing: run `gas-sim test {output} ...` without {flag}"
            )));
        }
        // Asked for by name, so CI may do it too (the rule is: nothing unless asked).
        let decision = if args.accept { review::Decision::Accept } else { review::Decision::Reject };
        let pending = review::pending_of(&scenarios, &args.shared.allow_paths)?;
        let tally = review::all(&pending, decision, &mut std::io::stdout())?;
        outln!("{} pending snapshot(s): {}", pending.len(), tally.line());
        return Ok(0);
    }
    if args.review && (in_ci || !review::have_terminal()) {
        return Err(BadInput(
            "--review asks on a terminal (a accept, r reject, s skip); in CI or a script use --accept or --reject"
                .into(),
        ));
    }
    if update || !in_ci {
        check_snapshot_folders(&scenarios)?;
    }
    crate::html::check_writable_early(args.shared.html.as_deref())?;
    let options = RunOptions { allowed_paths: args.shared.allow_paths.clone(), prewarm: true, ..RunOptions::default() };
    // Every scenario is loaded and planned before any runs (a bad one is found first).
    let prepared = crate::run::load_all(&scenarios, &options)?;
    let outputs = crate::output::Outputs::of_scenarios(&prepared, &args.shared.allow_paths);
    crate::html::check_not_an_input_of(args.shared.html.as_deref(), &outputs)?;
    let control = crate::html::control(args.shared.html.as_deref());
    check_snapshot_paths(&prepared, in_ci)?;
    args.shared.ci.check(&outputs)?;
    // For --junit, the GitHub summary and --html: every zone's report (and for CI output
    // its snapshot's case, at the same index).
    let mut all_reports = Vec::new();
    let mut snapshot_cases = Vec::new();
    let mut planned = Planned::default();
    let (mut matched, mut new, mut changed, mut failed_expectations) = (0, 0, 0, 0);
    let mut per_scenario = Vec::new();
    for scenario in &prepared {
        let path = &scenario.path;
        let mut reports = scenario.run_all_with(&control).map_err(|e| BadInput(e.0))?;
        if args.shared.check_determinism {
            // As the lone runs (without --strict) report them.
            per_scenario.push(reports.clone());
        }
        if args.shared.strict {
            reports.iter_mut().for_each(gas_scenario::ZoneReport::make_strict);
        }
        for report in &reports {
            if !report.passed {
                failed_expectations += 1;
                out!("{}", report.text_with(args.shared.verbose));
            }
            let snap = snapshot_path(path, &report.zone);
            let stored = read_stored_within(&scenario.loaded.paths, &snap).map_err(BadInput)?.map(|t| parse_snap(&t));
            let verdict = compare(&snap, stored.as_deref(), &report.snapshot(), update, in_ci, &mut planned);
            let label = format!("{} [{}]", path.display(), report.zone);
            if report.passed {
                // A failed run's text (above) lists them already.
                for line in report.gap_lines() {
                    outln!("{label}: {line}");
                }
            }
            if args.shared.ci.wanted() {
                snapshot_cases.push(snapshot_case(report, &snap, &verdict, update, in_ci));
                all_reports.push(report.clone());
            }
            match verdict {
                Verdict::Matched => matched += 1,
                Verdict::New => {
                    new += 1;
                    outln!("new snapshot: {label} -> {}", written_where(&snap, update, in_ci));
                }
                Verdict::Changed => {
                    changed += 1;
                    outln!("snapshot changed: {label} -> {}", written_where(&snap, update, in_ci));
                    out!("{}", crate::review::snapshot_diff(stored.as_deref().unwrap_or_default(), &report.snapshot()));
                }
            }
        }
        if args.shared.html.is_some() && !args.shared.ci.wanted() {
            all_reports.extend(reports);
        }
    }
    planned.apply(&prepared, in_ci)?;
    let explored = crate::explore_cmd::explore_for_test(&prepared)?;
    failed_expectations += explored.iter().filter(|e| !e.passed()).count();
    let snapshot_case = |i: usize| vec![snapshot_cases[i].clone()];
    crate::ci::finish_runs(&args.shared.ci, "test", &all_reports, &snapshot_case, &explored, &outputs)?;
    crate::html::details_of_failed_runs_only(&mut all_reports);
    crate::html::write(args.shared.html.as_deref(), &all_reports, &outputs)?;
    if args.shared.check_determinism {
        let compared = crate::determinism::check(&prepared, &per_scenario, &options)?;
        errln!("--check-determinism: {compared} zone run(s) compared alone, after the others and again");
    }
    if args.review {
        let pending = review::pending_of(&scenarios, &args.shared.allow_paths)?;
        let tally = review::interactive(&pending, &mut review::terminal_keys(), &mut std::io::stdout())?;
        outln!("\nreview: {}", tally.line());
        let still_pending = tally.rejected + tally.skipped;
        return Ok(if failed_expectations == 0 && still_pending == 0 { 0 } else { 1 });
    }
    let failing = failed_expectations + if update { 0 } else { new + changed };
    outln!(
        "\n{} snapshot(s): {matched} matched, {new} new, {changed} changed; {failed_expectations} run(s) with failed expectations",
        matched + new + changed
    );
    if !update && new + changed > 0 {
        if in_ci {
            outln!("CI: nothing was written. Run `gas-sim test --update` locally and commit the snapshots.");
        } else {
            outln!(
                "review them: gas-sim test --review (or cargo insta review); or accept them all: gas-sim test --accept"
            );
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

/// The JUnit case of a zone's snapshot: failing when new or changed and not accepted.
fn snapshot_case(
    report: &gas_scenario::ZoneReport,
    snap: &Path,
    verdict: &Verdict,
    update: bool,
    in_ci: bool,
) -> crate::ci::junit::Case {
    let classname = format!("{}.{}", report.scenario, report.zone);
    let name = format!("[{}] snapshot {}", report.zone, snap.display());
    let what = match verdict {
        Verdict::Matched => None,
        Verdict::New => Some("new snapshot"),
        Verdict::Changed => Some("snapshot changed"),
    };
    crate::ci::junit::Case {
        failure: what.filter(|_| !update).map(|what| crate::ci::junit::Failure {
            message: format!("{what}: {} -> {}", snap.display(), written_where(snap, update, in_ci)),
            kind: "snapshot".into(),
            text: "run `gas-sim test --update` locally, review the snapshots and commit them\n".into(),
        }),
        ..crate::ci::junit::Case::passed(&classname, name)
    }
}

fn written_where(snap: &Path, update: bool, in_ci: bool) -> String {
    match (update, in_ci) {
        (true, _) => format!("written {}", snap.display()),
        (false, true) => "not written (CI)".into(),
        (false, false) => format!("written {}.new", snap.display()),
    }
}

/// The snapshot files to write and the stale review files to remove, done only once every
/// scenario has run and every target is known to take its file: a read-only snapshot
/// found after others were accepted left a half-updated folder.
#[derive(Default)]
struct Planned {
    writes: Vec<(PathBuf, String)>,
    removals: Vec<PathBuf>,
}

impl Planned {
    /// Checks every snapshot path of `prepared` again (a link may have been planted while
    /// the scenarios ran), then writes. Nothing is written or removed unless all pass.
    fn apply(self, prepared: &[PreparedScenario], in_ci: bool) -> Result<(), BadInput> {
        check_snapshot_paths(prepared, in_ci)
            .map_err(|e| BadInput(format!("{}; no snapshot was written or removed", e.0)))?;
        for (path, _) in &self.writes {
            // The folder was checked before the runs; made now so its files can be checked.
            std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).map_err(|e| BadInput(e.to_string()))?;
            check_writable(path, "snapshot")
                .map_err(|e| BadInput(format!("{e}; no snapshot was written or removed")))?;
        }
        for path in &self.removals {
            let _ = std::fs::remove_file(path);
        }
        for (path, text) in &self.writes {
            write_atomically(path, text).map_err(BadInput)?;
        }
        Ok(())
    }
}

/// Before running anything: every snapshot file `test` reads or writes (`.snap`, and
/// `.snap.new` outside CI) leads, through its symlinks, to a place inside its scenario's
/// folder tree (the rule of `project` and `csv`), so a hostile link cannot make `test`
/// print or overwrite a host file.
fn check_snapshot_paths(prepared: &[PreparedScenario], in_ci: bool) -> Result<(), BadInput> {
    let inputs: Vec<&Path> = prepared.iter().map(|s| s.path.as_path()).collect();
    for scenario in prepared {
        for zone in &scenario.zones {
            let snap = snapshot_path(&scenario.path, zone);
            let pending = PathBuf::from(format!("{}.new", snap.display()));
            let files = if in_ci { vec![snap] } else { vec![snap, pending] };
            for file in files {
                scenario
                    .loaded
                    .paths
                    .check_path(&file)
                    .map_err(|why| BadInput(format!("snapshot {}: {why}", file.display())))?;
                crate::output::check_not_an_input(&file, "snapshot", &[&*scenario.project], &inputs)
                    .map_err(BadInput)?;
            }
        }
    }
    Ok(())
}

fn compare(
    snap: &Path,
    stored: Option<&str>,
    contents: &str,
    update: bool,
    in_ci: bool,
    planned: &mut Planned,
) -> Verdict {
    let pending = PathBuf::from(format!("{}.new", snap.display()));
    let normalized = gas_scenario::snapshot::normalize(contents);
    if !in_ci && (update || stored == Some(normalized.as_str())) {
        // A pending review file is stale once the snapshot is accepted or matches.
        planned.removals.push(pending.clone());
    }
    let verdict = match stored {
        None => Verdict::New,
        Some(old) if old == normalized => return Verdict::Matched,
        Some(_) => Verdict::Changed,
    };
    let file_text = snap_file(contents, "gas-sim test");
    if update {
        planned.writes.push((snap.to_path_buf(), file_text));
    } else if !in_ci {
        planned.writes.push((pending, file_text));
    }
    verdict
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
