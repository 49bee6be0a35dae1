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

use std::path::Path;
use std::sync::Arc;

use gas_engine::Project;

pub use model::{LoadedScenario, ScenarioError};
pub use report::{json_document, ZoneReport};

/// What the command line may override.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Only this zone (it need not be in the file's list).
    pub zone: Option<String>,
    pub seed: Option<u64>,
}

/// Loads, plans and runs a scenario in each of its zones (in parallel, one thread per
/// zone, at most as many as the machine has cores). Reports come in the file's zone order.
pub fn run_scenario(path: &Path, options: &RunOptions) -> Result<Vec<ZoneReport>, ScenarioError> {
    let loaded = LoadedScenario::load(path)?;
    let project =
        Project::load(&loaded.project_dir()).map_err(|e| loaded.error_at(&loaded.file.project, "project", e))?;
    let project = Arc::new(project);
    let zones = match &options.zone {
        Some(zone) => vec![zone.clone()],
        None => plan::zones_of(&loaded, &project)?,
    };
    let seed = options.seed.unwrap_or(loaded.file.seed);
    let plans =
        zones.iter().map(|zone| plan::plan(&loaded, project.clone(), zone, seed)).collect::<Result<Vec<_>, _>>()?;
    let parallel = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).max(1);
    let mut reports = Vec::with_capacity(plans.len());
    let mut plans = plans.into_iter().peekable();
    while plans.peek().is_some() {
        let batch: Vec<_> = plans.by_ref().take(parallel).collect();
        let results: Vec<Result<ZoneReport, String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch.into_iter().map(|plan| scope.spawn(move || run::run_plan(plan))).collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a zone's run panicked".into()))).collect()
        });
        for result in results {
            reports.push(result.map_err(|e| ScenarioError(format!("{}: {e}", path.display())))?);
        }
    }
    Ok(reports)
}
