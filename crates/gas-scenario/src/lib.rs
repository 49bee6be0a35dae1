//! Scenarios: days of triggers, runs, web requests, faults and cache evictions, replayed
//! on gas-engine in virtual time, deterministically, once per time zone.
//!
//! [`run_scenario`] is the API boundary the CLI and the tests use: a scenario file in, a
//! report per zone out. The scheduler (`run`) alone decides which execution runs next;
//! executions interleave at service calls through the engine's gate. This crate reads
//! scenario files and checks expectations; it decides no platform rule.
//!
//! ```no_run
//! let reports = gas_scenario::run_scenario("scenarios/weekend_outage.toml".as_ref(), &Default::default()).unwrap();
//! for report in &reports {
//!     print!("{}", report.text());
//! }
//! ```

pub mod expect;
pub mod model;
pub mod plan;
pub mod report;
pub mod run;
pub mod schedule;
pub mod snapshot;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gas_engine::{Limits, Project};

pub use model::{LoadedScenario, ScenarioError};
pub use report::{json_document, ZoneReport};

/// What the command line may override.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Only this zone (it need not be in the file's list).
    pub zone: Option<String>,
    pub seed: Option<u64>,
}

/// How a run may differ from a plain one (a mutation campaign's needs).
#[derive(Debug, Clone, Copy, Default)]
pub struct RunControl {
    /// Engine limits instead of the defaults.
    pub limits: Option<Limits>,
    /// Stop starting executions once more than this many ran too long.
    pub stop_after_timeouts: Option<usize>,
}

/// A scenario file loaded with its project, ready to run in any zone, also with another
/// version of the project's sources (a mutation campaign runs each mutant this way).
#[derive(Debug, Clone)]
pub struct PreparedScenario {
    pub path: PathBuf,
    pub loaded: LoadedScenario,
    /// The project as read from disk.
    pub project: Arc<Project>,
    /// In the file's order (or the one `--tz` zone).
    pub zones: Vec<String>,
    pub seed: u64,
}

impl PreparedScenario {
    pub fn load(path: &Path, options: &RunOptions) -> Result<PreparedScenario, ScenarioError> {
        let loaded = LoadedScenario::load(path)?;
        let project =
            Project::load(&loaded.project_dir()).map_err(|e| loaded.error_at(&loaded.file.project, "project", e))?;
        let zones = match &options.zone {
            Some(zone) => vec![zone.clone()],
            None => plan::zones_of(&loaded, &project)?,
        };
        let seed = options.seed.unwrap_or(loaded.file.seed);
        Ok(PreparedScenario { path: path.to_path_buf(), loaded, project: Arc::new(project), zones, seed })
    }

    /// Runs the scenario in `zone` on `project` (the scenario's own, or a version of it).
    pub fn run_zone(&self, zone: &str, project: Arc<Project>) -> Result<ZoneReport, ScenarioError> {
        self.run_zone_with(zone, project, &RunControl::default())
    }

    /// [`run_zone`](Self::run_zone) with engine limits and an early stop.
    pub fn run_zone_with(
        &self,
        zone: &str,
        project: Arc<Project>,
        control: &RunControl,
    ) -> Result<ZoneReport, ScenarioError> {
        let mut plan = plan::plan(&self.loaded, project, zone, self.seed)?;
        if !plan.limits_from_scenario {
            // A campaign lowers the loop limit only; the scenario's heap budget stays.
            let heap_bytes_max = plan.limits.heap_bytes_max;
            plan.limits = Limits { heap_bytes_max, ..control.limits.unwrap_or(plan.limits) };
        }
        plan.stop_after_timeouts = control.stop_after_timeouts;
        run::run_plan(plan).map_err(|e| ScenarioError(format!("{}: {e}", self.path.display())))
    }
}

/// Loads, plans and runs a scenario in each of its zones (in parallel, one thread per
/// zone, at most as many as the machine has cores). Reports come in the file's zone order.
pub fn run_scenario(path: &Path, options: &RunOptions) -> Result<Vec<ZoneReport>, ScenarioError> {
    let scenario = PreparedScenario::load(path, options)?;
    let parallel = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).max(1);
    let mut reports = Vec::with_capacity(scenario.zones.len());
    for batch in scenario.zones.chunks(parallel) {
        let results: Vec<Result<ZoneReport, ScenarioError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .iter()
                .map(|zone| {
                    let scenario = &scenario;
                    scope.spawn(move || scenario.run_zone(zone, scenario.project.clone()))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(ScenarioError(format!("{}: a zone's run panicked", path.display()))))
                })
                .collect()
        });
        for result in results {
            reports.push(result?);
        }
    }
    Ok(reports)
}
