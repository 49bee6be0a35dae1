//! `--html PATH` of `run` and `test`: the page of every zone run (`gas_scenario::timeline`),
//! written like every file gas-sim writes (`output.rs`): checked before the work, never
//! over an input, atomically at the end.

use std::path::Path;

use gas_scenario::{RunControl, ZoneReport};

use crate::output::{check_writable, Outputs};
use crate::BadInput;

/// Before anything is loaded: the page can be written there.
pub fn check_writable_early(path: Option<&Path>) -> Result<(), BadInput> {
    path.map_or(Ok(()), |path| check_writable(path, "--html").map_err(BadInput))
}

/// Once the scenarios are loaded, before any runs: the page would land where the rule
/// for written files allows, not on one of them or a project's file.
pub fn check_not_an_input_of(path: Option<&Path>, outputs: &Outputs) -> Result<(), BadInput> {
    path.map_or(Ok(()), |path| outputs.check(path, "--html").map_err(BadInput))
}

/// How the runs go: with traces kept when there is a page to draw.
pub fn control(path: Option<&Path>) -> RunControl {
    RunControl { keep_traces: path.is_some(), ..RunControl::default() }
}

pub fn write(path: Option<&Path>, reports: &[ZoneReport], outputs: &Outputs) -> Result<(), BadInput> {
    let Some(path) = path else { return Ok(()) };
    outputs.write(path, "--html", &gas_scenario::timeline::html::page(reports)).map_err(BadInput)?;
    errln!("timeline: {}", path.display());
    Ok(())
}

/// `test --html` of many runs: the calls and logs of the runs that passed are left out
/// (their bars, marks and mail stay), so the page grows with what needs a look; `run
/// SCENARIO --html` keeps every run's.
pub fn details_of_failed_runs_only(reports: &mut [ZoneReport]) {
    for report in reports.iter_mut().filter(|r| r.passed) {
        report.timeline.kept = false;
        for execution in &mut report.executions {
            execution.trace = None;
        }
    }
}

/// What a page draws beside the runs: each explored zone's first failing schedule
/// (shrunk), run again with its traces and named as such, so the interleaving that broke
/// an expectation is on the page beside the plain run. None without a page.
pub fn failing_schedules(
    page: bool,
    explored: &[gas_scenario::explore::ZoneExploration],
    scenarios: &[gas_scenario::PreparedScenario],
) -> Result<Vec<ZoneReport>, BadInput> {
    let mut drawn = Vec::new();
    if !page {
        return Ok(drawn);
    }
    for exploration in explored {
        let Some(first) = &exploration.first else { continue };
        let Some(scenario) = scenarios.iter().find(|s| s.path == exploration.scenario_path) else { continue };
        let schedule = gas_scenario::explore::ScheduleArg::Given(first.shrunk.clone());
        let mut ran =
            gas_scenario::explore::run_schedule_with(scenario, &exploration.zone, &schedule, exploration.jitter, true)
                .map_err(|e| BadInput(e.0))?;
        ran.report.scenario = format!("{} (explored schedule {}, shrunk)", ran.report.scenario, first.index);
        drawn.push(ran.report);
    }
    Ok(drawn)
}
