//! `gas-sim run --check-determinism` and `gas-sim test --check-determinism`: a zone's report must not depend on what ran before
//! it in the same process (issue 10: engine state left by one run changed the next). Each
//! scenario's zones, as the command just ran them (after the scenarios before them), are run
//! again in a fresh process, alone (`gas-sim run PATH --tz ZONE --seed SEED`), and once
//! more in this process after everything else; the three JSON reports must be the same
//! bytes. A difference is gas-sim's bug (exit 3), reported at its first differing line.

use std::path::Path;
use std::process::Command;

use gas_scenario::{json_document, PreparedScenario, RunOptions, ZoneReport};

use crate::BadInput;

/// Checks every zone report of `first` (one list per scenario of `scenarios`, as `run`
/// or `test` made them). Returns how many zone runs were compared; differences are recorded as
/// bugs (`gas_scenario::bug`), so the command exits 3.
pub fn check(
    scenarios: &[PreparedScenario],
    first: &[Vec<ZoneReport>],
    options: &RunOptions,
) -> Result<usize, BadInput> {
    let mut compared = 0;
    for (scenario, reports) in scenarios.iter().zip(first) {
        if reports.is_empty() {
            continue; // an explored scenario: its exploration checks each schedule
        }
        let path = &scenario.path;
        let again = scenario.run_all().map_err(|e| BadInput(e.0))?;
        for report in reports {
            let lone = lone_run(path, report, options)?;
            let first_json = rendered(report);
            let again_json = again.iter().find(|r| r.zone == report.zone).map(rendered).unwrap_or_default();
            for (label, other) in
                [("after the other runs", &first_json), ("run again in the same process", &again_json)]
            {
                if let Some(difference) = first_difference(&lone, other) {
                    let what = format!(
                        "{} [{}] is not deterministic: alone in a fresh process and {label} its JSON reports \
                         differ at {difference}",
                        path.display(),
                        report.zone
                    );
                    gas_scenario::bug::record(&what, &report.replay_command());
                }
            }
            compared += 1;
        }
    }
    Ok(compared)
}

/// One zone's report as `gas-sim run --format json` prints it.
fn rendered(report: &ZoneReport) -> String {
    let document = json_document(std::slice::from_ref(report));
    serde_json::to_string_pretty(&document).expect("reports serialize") + "\n"
}

/// The zone run alone in a new gas-sim process (this executable).
fn lone_run(path: &Path, report: &ZoneReport, options: &RunOptions) -> Result<String, BadInput> {
    let exe = std::env::current_exe().map_err(|e| BadInput(format!("cannot find gas-sim's own executable: {e}")))?;
    let seed = report.seed.to_string();
    let args = ["run".as_ref(), path.as_os_str(), "--tz".as_ref(), report.zone.as_ref(), "--seed".as_ref()];
    let output = Command::new(&exe)
        .args(args)
        .args([seed.as_str(), "--format", "json"])
        .args(options.allowed_paths.iter().flat_map(|dir| ["--allow-path".as_ref(), dir.as_os_str()]))
        .output()
        .map_err(|e| BadInput(format!("cannot run {}: {e}", exe.display())))?;
    // 0 passed, 1 an expectation failed: both are reports. Anything else is an error.
    if !matches!(output.status.code(), Some(0 | 1)) {
        return Err(BadInput(format!(
            "--check-determinism: `{}` failed ({}): {}",
            report.replay_command(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// `line N: "<lone>" vs "<other>"` at the first line where the texts differ, if any.
fn first_difference(lone: &str, other: &str) -> Option<String> {
    if lone == other {
        return None;
    }
    let (mut lone_lines, mut other_lines) = (lone.lines(), other.lines());
    let mut line = 1;
    loop {
        match (lone_lines.next(), other_lines.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                return Some(format!(
                    "line {line}: {:?} (alone) vs {:?}",
                    a.unwrap_or("<end of report>"),
                    b.unwrap_or("<end of report>")
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_line_is_named() {
        assert_eq!(first_difference("a\nb\n", "a\nb\n"), None);
        assert_eq!(first_difference("a\nb\nc\n", "a\nB\nc\n").unwrap(), r#"line 2: "b" (alone) vs "B""#);
        assert_eq!(first_difference("a\n", "a\nmore\n").unwrap(), r#"line 2: "<end of report>" (alone) vs "more""#);
        // Only a trailing newline differs: the lines agree, the bytes do not.
        assert_eq!(first_difference("a", "a\n").unwrap(), r#"line 2: "<end of report>" (alone) vs "<end of report>""#);
    }
}
