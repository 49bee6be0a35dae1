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
//!
//! # Map
//!
//! `model.rs` is the TOML file as written (every value keeps its span, so errors name file,
//! line and key); `plan.rs` resolves it for one zone (instants, the initial world, fault
//! rules, events; one small function per kind of section); `schedule.rs` says when triggers
//! fire; `run/` is the discrete-event scheduler: `workers.rs`, a process-wide pool of
//! worker threads that runs borrow and give back (each thread keeps its compiled templates
//! and live contexts across runs; a run uses two in turn, and starts each execution on one
//! that has finished preparing, so collecting garbage happens on the other core);
//! `gate.rs`, the gate that parks every execution at each service call; `scheduler.rs`, the
//! loop (a `Scheduler` that owns the run's state, one method per step: wait until idle,
//! take in what finished, install due triggers, choose, do); `choose.rs`, what comes next
//! (the earliest event, firing or parked execution, ties by a seeded order, the horizon, an
//! explored schedule's preemptions); `starts.rs`, what an event or a user at a spreadsheet
//! starts. An execution may go on without a turn while nothing else is due before its next
//! call (the horizon), which gives the same order as parking every time. A parked
//! execution's thread is woken alone when granted (its `Thread` kept in the gate), and only
//! the scheduler waits on the gate's condition variable. `explore/` explores schedules:
//! `choices.rs` is one schedule's choices (tie priorities, PCT preemption points, latency
//! and firing jitter), drawn from the schedule's seed, keyed by what they decide, recorded
//! as `Decisions` (replaying them gives the same run); `run.rs` runs the plain run and
//! schedules 1..=N on `--jobs` threads and reads the results in schedule order; `shrink.rs`
//! is ddmin over a failing schedule's decisions; `sources.rs` explores one zone on another
//! version of the sources for a mutation campaign (the same schedules as `explore_zone` for
//! the same index, sequential, stopping at the first schedule that breaks an expectation,
//! no shrinking, collecting the coverage probes any schedule reached;
//! `RunControl::explores` is a campaign's `--explore N`: the plain run leaves `in = "some"`
//! to the schedules); `interleaving.rs` renders a schedule's calls in domain terms;
//! `schedule_text.rs` is the versioned schedule text (`gs1;...`); `verdict.rs` says which
//! expectations a single run decides (`in = "some"` is the exploration's). The scheduler
//! asks a plan's `choices` (if any) at three points: tie priorities (`priority_seed`), each
//! resume (`preempted`: may delay the call to another execution's next call) and each
//! trigger firing (`jittered`). Explored schedules keep the horizon: parking at every call
//! would change when the scheduler sees a released lock as free (`freed_at`), so schedule 0
//! would differ from the plain run on scenarios with lock waits; the preemption points are
//! the calls that park. `paths.rs` is the one rule for files a scenario names (`project`,
//! `csv`): inside the scenario's folder tree or an `--allow-path` folder, symlinks resolved
//! first, nothing hidden; and the snapshots `test` reads and writes
//! (`PathPolicy::check_path`, `snapshot::read_stored_within`), and, with more roots (the
//! current folder, `call`'s project tree), every file a command writes
//! (`PathPolicy::for_writes`). `PreparedScenario::load` plans every zone, so every input
//! error is found before any zone runs (`run_all` then runs each zone; the CLI loads every
//! scenario it is given, `run::load_all`, before running any); `requests.rs` reads
//! `[[requests]]` into `webapp::event::Request`s; `inbox.rs` puts `[[inbox]]` mail into the
//! initial world, `documents.rs` its `[[documents]]`, `calendars.rs` its `[[calendars]]` and their events, `calendar_changes.rs`
//! plans `[[calendar_changes]]` and makes one happen (the change, then the calendar's
//! onEventUpdated triggers, queued as an edit's are); `container.rs` plans `[[opens]]`, `[[installs]]`, `[[clicks]]` and
//! `[[ui]]`; `forms.rs` puts `[[forms]]` into the initial world and plans and makes the
//! `[[form_submissions]]` that name a form; `sheet_events.rs` plans `[[edits]]`, `[[form_submissions]]` and the
//! `[[triggers]]` with `on = ...`, and when one happens writes the cell or response row and
//! makes the executions it starts (onEdit, then the installable triggers; the scheduler
//! starts the rest of one event's executions at the same instant, `Next::Queued`);
//! `clients/` is the web-app clients (`mod.rs` reads `[[clients]]`, `[[submissions]]` and
//! delivery faults, `driver.rs` is their state at run time: the scheduler asks it for the
//! next attempt or timeout, `Next::Client`, and tells it when an execution ends;
//! `report.rs` renders submissions and says which instant a submission (its first attempt)
//! and a response (its request sent) have, `ResponseSeen`; with clients, every finished
//! execution reports before the scheduler's next choice, since a client's next step depends
//! on how its attempt ended); `plan::warnings` (a scenario longer than
//! `length_days_warning`) are printed by `run_scenario`. `bug.rs` records gas-sim's own
//! bugs: a panic on a worker (caught around each execution and preparation; the thread then
//! ends and is never pooled) or in the scheduler ends that zone's run with `gas-sim bug:
//! ... (replay: ...)`, and the CLI exits 3; the scheduler never waits on a dead worker.
//! `expect.rs` reads and counts `[[expect]]`; `expect_kinds.rs` has the filters beyond mail
//! and rows (windows: `Window`, from/until and `on`, applied to every `Check` with times,
//! `Check::has_times`; executions by error, local hour and weekday, log lines, a column's
//! distinct and duplicated values, plain requests, calendar events, Drive items); `evidence.rs` says what a failed
//! expectation shows beside its mismatch; `report.rs` renders text, JSON and snapshots,
//! with `why.rs` grouping the text report's errors, logged lines and mail subjects (sorted
//! by count, then time, then text: no map order); `local_time.rs` is how the text report
//! prints local times (with the UTC offset when the zone changes offset inside the run;
//! snapshots and JSON keep plain local times); `snapshot.rs` names and reads `.snap`
//! files; `terminal.rs` is the one escaping rule for printed text (issue 25). `timeline/`
//! is the HTML picture of runs (`--html`): `mod.rs` the data (lanes, the time axis's local
//! ticks, the mail quota line replayed with gas-platform's rule, lock waits from the trace)
//! as one JSON value; `html.rs` the page (inline CSS and script, the data in a `<script
//! type="application/json">` with `<`, `>`, `&` escaped); `timeline.js` draws it with
//! `textContent` only. A run keeps what only the page needs (each execution's calls and
//! logs, `ExecutionSummary::trace`; evictions and the quota line, `ZoneReport::timeline`)
//! only when `RunControl::keep_traces` is set, bounded by `TRACE_RECORDS_PER_RUN_MAX`.

pub mod bug;
pub mod calendar_changes;
pub mod calendars;
pub mod clients;
pub mod container;
pub mod documents;
pub mod evidence;
pub mod expect;
pub mod expect_cell;
mod expect_kinds;
pub mod explore;
pub mod forms;
pub mod inbox;
pub mod local_time;
pub mod model;
pub mod paths;
pub mod plan;
pub mod report;
pub mod requests;
pub mod run;
pub mod schedule;
pub mod sheet_events;
pub mod snapshot;
pub mod terminal;
pub mod timeline;
pub mod why;

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
    /// Folders outside the scenario's tree that its file keys may name (`--allow-path`).
    pub allowed_paths: Vec<PathBuf>,
    /// Start compiling the project on worker threads while the zones are planned
    /// (`run::prewarm`): for a command that runs the scenario it loads next.
    pub prewarm: bool,
}

/// How a run may differ from a plain one (a mutation campaign's needs).
#[derive(Debug, Clone, Copy, Default)]
pub struct RunControl {
    /// Engine limits instead of the defaults.
    pub limits: Option<Limits>,
    /// Stop starting executions once more than this many ran too long.
    pub stop_after_timeouts: Option<usize>,
    /// Keep each execution's calls and logs and the scheduler's evictions for the HTML
    /// timeline (`ExecutionSummary::trace`, `ZoneReport::timeline`).
    pub keep_traces: bool,
    /// The run is an exploration's plain run (a campaign's `--explore N`): it leaves the
    /// `in = "some"` expectations to the schedules, as `explore = N` in the file does.
    pub explores: bool,
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
    /// What the file deserves a word about but may still run (`file:line: key: ...`):
    /// [`run_scenario`] prints them on stderr; a campaign may show them its own way.
    pub warnings: Vec<String>,
}

impl PreparedScenario {
    pub fn load(path: &Path, options: &RunOptions) -> Result<PreparedScenario, ScenarioError> {
        let mut loaded = LoadedScenario::load(path)?;
        loaded.paths = paths::PathPolicy::new(path, options.allowed_paths.clone());
        let project_dir = paths::project_dir(&loaded)?;
        let project = Project::load(&project_dir).map_err(|e| loaded.error_at(&loaded.file.project, "project", e))?;
        let zones = match &options.zone {
            Some(zone) => vec![zone.clone()],
            None => plan::zones_of(&loaded, &project)?,
        };
        let seed = options.seed.unwrap_or(loaded.file.seed);
        // Plan every zone once now: a bad time or name is an error before any zone runs
        // (a zone's run plans again, with its own project version).
        let project = Arc::new(project);
        if options.prewarm {
            run::prewarm(&project, zones.len());
        }
        for zone in &zones {
            plan::plan(&loaded, project.clone(), zone, seed)?;
        }
        explore::Settings::of(&loaded)?;
        let warnings = plan::warnings(&loaded)?;
        Ok(PreparedScenario { path: path.to_path_buf(), loaded, project, zones, seed, warnings })
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
            // A campaign lowers the step budget (its Timeout verdict); the heap budget stays.
            let heap_bytes_max = plan.limits.heap_bytes_max;
            plan.limits = Limits { heap_bytes_max, ..control.limits.unwrap_or(plan.limits) };
        }
        plan.stop_after_timeouts = control.stop_after_timeouts;
        plan.keep_traces = control.keep_traces;
        plan.explores |= control.explores;
        // A panic in the scheduler (an assertion) is gas-sim's bug, reported as one;
        // the workers catch their own (run.rs).
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run::run_plan(plan)));
        let result = ran.unwrap_or_else(|payload| {
            let what = format!("the scheduler panicked: {}", bug::panic_message(payload.as_ref()));
            Err(bug::record(&what, &bug::replay_command(&self.path, zone, self.seed)))
        });
        result.map_err(|e| ScenarioError(format!("{}: {e}", self.path.display())))
    }

    /// The warnings on stderr, one `warning: ` line each, as every command shows them.
    pub fn print_warnings(&self) {
        for warning in &self.warnings {
            eprintln!("{}", terminal::guard(&format!("warning: {warning}")));
        }
    }

    /// Runs the scenario in each of its zones on its own project, as [`run_scenario`]
    /// does (which also loads it): a command given several scenarios loads them all
    /// first, so that a bad one is found before any work.
    pub fn run_all(&self) -> Result<Vec<ZoneReport>, ScenarioError> {
        self.run_all_with(&RunControl::default())
    }

    /// [`run_all`](Self::run_all) with `control` for every zone (`--html` keeps traces).
    /// Zones run on as many threads as the machine has cores, each thread taking the next
    /// zone as it finishes one (a zone's work does not wait for a slower one's); after a
    /// zone fails, no thread starts another beyond the first one each thread takes.
    pub fn run_all_with(&self, control: &RunControl) -> Result<Vec<ZoneReport>, ScenarioError> {
        let parallel = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).max(1);
        let next_zone = std::sync::atomic::AtomicUsize::new(0);
        let failed = std::sync::atomic::AtomicBool::new(false);
        let results: std::sync::Mutex<Vec<Option<Result<ZoneReport, ScenarioError>>>> =
            std::sync::Mutex::new((0..self.zones.len()).map(|_| None).collect());
        std::thread::scope(|scope| {
            for _ in 0..parallel.min(self.zones.len()) {
                scope.spawn(|| {
                    // Each thread's first zone runs whatever the others do (they start
                    // together, and each one's bug is reported); a later one only while
                    // no zone has failed.
                    let mut first = true;
                    while first || !failed.load(std::sync::atomic::Ordering::Acquire) {
                        first = false;
                        let index = next_zone.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
                        let Some(zone) = self.zones.get(index) else { break };
                        let result = self.run_zone_caught(zone, control);
                        if result.is_err() {
                            failed.store(true, std::sync::atomic::Ordering::Release);
                        }
                        results.lock().unwrap_or_else(|p| p.into_inner())[index] = Some(result);
                    }
                });
            }
        });
        let mut reports = Vec::with_capacity(self.zones.len());
        // A zone left unrun comes after the one that failed (zones are taken in order).
        for result in results.into_inner().unwrap_or_else(|p| p.into_inner()).into_iter().flatten() {
            reports.push(result?);
        }
        Ok(reports)
    }

    /// One zone's run, a panic in it turned into a gas-sim bug report with its replay.
    fn run_zone_caught(&self, zone: &str, control: &RunControl) -> Result<ZoneReport, ScenarioError> {
        let path = &self.path;
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run_zone_with(zone, self.project.clone(), control)
        }))
        .unwrap_or_else(|payload| {
            let what = format!("a zone's run panicked: {}", bug::panic_message(payload.as_ref()));
            let replay = format!("gas-sim run {}", path.display());
            Err(ScenarioError(format!("{}: {}", path.display(), bug::record(&what, &replay))))
        })
    }
}

/// Loads, plans and runs a scenario in each of its zones (in parallel, on at most as many
/// threads as the machine has cores), printing its warnings on stderr.
/// Reports come in the file's zone order.
pub fn run_scenario(path: &Path, options: &RunOptions) -> Result<Vec<ZoneReport>, ScenarioError> {
    let scenario = PreparedScenario::load(path, options)?;
    scenario.print_warnings();
    scenario.run_all()
}
