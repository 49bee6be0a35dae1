//! An explored zone in CI output: a JUnit testcase of its own beside the plain run's
//! cases, a GitHub annotation and a step-summary line when a schedule failed. Each
//! failure names the first failing schedule, its shrunk form and the `--schedule`
//! command that replays it (`ZoneExploration::failure_line`).

use gas_scenario::explore::ZoneExploration;
use gas_scenario::ZoneReport;

use super::github::{cell, code, Annotation};
use super::junit::{Case, Failure};

/// The explorations of `report`'s zone (a scenario is explored once per zone).
pub fn of<'a>(report: &'a ZoneReport, explored: &'a [ZoneExploration]) -> impl Iterator<Item = &'a ZoneExploration> {
    explored.iter().filter(|e| e.scenario_path == report.scenario_path && e.zone == report.zone)
}

/// Whether `report`'s zone was explored and a schedule failed.
pub fn failed(report: &ZoneReport, explored: &[ZoneExploration]) -> bool {
    of(report, explored).any(|e| !e.passed())
}

/// `[zone] explored N schedule(s)`: failing with the first failing schedule, shrunk; its
/// text is the exploration's report.
pub fn case(report: &ZoneReport, exploration: &ZoneExploration) -> Case {
    let classname = format!("{}.{}", report.scenario, report.zone);
    let name = format!("[{}] explored {} schedule(s) after the plain run", report.zone, exploration.schedules_run);
    Case {
        failure: exploration.failure_line().map(|message| Failure {
            message,
            kind: "exploration".into(),
            text: exploration.text(),
        }),
        ..Case::passed(&classname, name)
    }
}

/// One annotation per failed exploration, on the scenario file.
pub fn annotations(reports: &[ZoneReport], explored: &[ZoneExploration]) -> Vec<Annotation> {
    let mut out = Vec::new();
    for report in reports {
        for exploration in of(report, explored) {
            let Some(message) = exploration.failure_line() else { continue };
            out.push(Annotation {
                kind: "exploration",
                file: report.scenario_path.display().to_string(),
                line: None,
                title: format!("{} [{}] explored", report.scenario, report.zone),
                message,
            });
        }
    }
    out
}

/// The step summary's section on explorations; empty when none ran.
pub fn summary(reports: &[ZoneReport], explored: &[ZoneExploration]) -> String {
    if explored.is_empty() {
        return String::new();
    }
    let failed = explored.iter().filter(|e| !e.passed()).count();
    let mut out = format!("\n### Explored zones: {}, {failed} failed\n\n", explored.len());
    for report in reports {
        for exploration in of(report, explored) {
            let verdict = match exploration.failure_line() {
                None => format!("{} schedule(s) passed", exploration.schedules_run + 1),
                Some(line) => format!("**failed**: `{}`", code(&line)),
            };
            out.push_str(&format!("- **{} [{}]** {verdict}\n", cell(&report.scenario), report.zone));
        }
    }
    out
}
