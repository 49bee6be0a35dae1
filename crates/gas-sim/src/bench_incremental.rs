//! `gas-sim bench --mutation-incremental`: what `mutate --incremental` saves in a pull
//! request. Copies fixtures/ledger-fixed and three of its scenarios into a temporary
//! folder (the repository's files are never touched), runs the full campaign writing an
//! incremental file, makes a one-line change to ledger.gs (a comment appended to the
//! line of its first mutant: every verdict on that line must be judged again), and runs
//! the campaign again reusing the file. Prints both wall times and their ratio (the goal:
//! under a tenth). Reads the wall clock, by design.

use std::path::{Path, PathBuf};
use std::time::Instant;

use gas_mutate::campaign::{Campaign, CampaignOptions};
use gas_mutate::incremental::{IncrementalCache, Reuse};

use crate::BadInput;

/// The scenarios the campaign runs, from scenarios/.
const SCENARIOS: [&str; 3] = ["alert_window.toml", "weekend_outage.toml", "failed_send.toml"];
const PROJECT: &str = "fixtures/ledger-fixed";
const EDITED_FILE: &str = "ledger.gs";

pub fn run(jobs: usize) -> Result<u8, BadInput> {
    let work = tempfile::tempdir().map_err(|e| BadInput(format!("a temporary folder: {e}")))?;
    copy_tree(Path::new(PROJECT), &work.path().join(PROJECT))?;
    let scenarios_dir = work.path().join("scenarios");
    copy_tree(Path::new("scenarios/snapshots"), &scenarios_dir.join("snapshots"))?;
    let scenarios: Vec<PathBuf> = SCENARIOS.iter().map(|name| scenarios_dir.join(name)).collect();
    for name in SCENARIOS {
        std::fs::copy(Path::new("scenarios").join(name), scenarios_dir.join(name))
            .map_err(|e| BadInput(format!("scenarios/{name}: {e}")))?;
    }
    println!("mutation campaign on {PROJECT} ({}), {jobs} job(s)", SCENARIOS.join(", "));

    let started = Instant::now();
    let (mutants, cache, _) = campaign(&scenarios, jobs, None)?;
    let full_s = started.elapsed().as_secs_f64();
    println!("{:<34} {:>8} mutants {:>9.1} s", "full campaign", mutants, full_s);

    edit_one_line(&work.path().join(PROJECT).join(EDITED_FILE), &cache)?;
    let started = Instant::now();
    let (mutants, _, reused) = campaign(&scenarios, jobs, Some(&cache))?;
    let incremental_s = started.elapsed().as_secs_f64();
    println!(
        "{:<34} {:>8} mutants {:>9.1} s ({reused} verdicts reused)",
        "after a one-line change", mutants, incremental_s
    );
    println!("incremental / full: {:.3} (goal: under 0.1)", incremental_s / full_s.max(1e-9));
    Ok(0)
}

/// One campaign (with `cache` reused when given): mutants judged, the new cache, reused count.
fn campaign(
    scenarios: &[PathBuf],
    jobs: usize,
    cache: Option<&IncrementalCache>,
) -> Result<(usize, IncrementalCache, usize), BadInput> {
    let options = CampaignOptions::new(scenarios.to_vec());
    let mut campaign = Campaign::prepare(&options).map_err(|e| BadInput(e.to_string()))?;
    campaign.baseline(jobs).map_err(|e| BadInput(e.to_string()))?;
    let fingerprint = campaign.tests_fingerprint();
    let files = campaign.files();
    let reused = match cache.and_then(|c| Reuse::new(c, &fingerprint, &files)) {
        Some(reuse) => campaign.reuse(&reuse),
        None => 0,
    };
    let (results, _) = campaign.run(jobs, &|_, _| {});
    Ok((results.len(), IncrementalCache::from_results(fingerprint, &files, &results), reused))
}

/// Appends a comment to the line of the file's first cached mutant.
fn edit_one_line(path: &Path, cache: &IncrementalCache) -> Result<(), BadInput> {
    // The cache names files by project path, here inside the temporary folder.
    let key = format!("{PROJECT}/{EDITED_FILE}");
    let line = cache
        .files
        .iter()
        .find(|(name, _)| name.ends_with(&key))
        .and_then(|(_, f)| f.verdicts.first())
        .map(|v| v.start.line)
        .ok_or_else(|| BadInput(format!("{key}: the campaign made no mutant there")))?;
    let text = std::fs::read_to_string(path).map_err(|e| BadInput(format!("{}: {e}", path.display())))?;
    let edited: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == line as usize { format!("{l} // edited by gas-sim bench") } else { l.to_string() })
        .collect();
    std::fs::write(path, edited.join("\n") + "\n").map_err(|e| BadInput(format!("{}: {e}", path.display())))
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), BadInput> {
    std::fs::create_dir_all(to).map_err(|e| BadInput(format!("{}: {e}", to.display())))?;
    let entries = std::fs::read_dir(from)
        .map_err(|e| BadInput(format!("{}: {e} (run from the repository's root)", from.display())))?;
    for entry in entries {
        let entry = entry.map_err(|e| BadInput(e.to_string()))?;
        let target = to.join(entry.file_name());
        if entry.file_type().map_err(|e| BadInput(e.to_string()))?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target).map_err(|e| BadInput(format!("{}: {e}", target.display())))?;
        }
    }
    Ok(())
}
