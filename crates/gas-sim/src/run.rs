//! `gas-sim run SCENARIO...`: runs each scenario in each of its zones and prints what
//! happened and which expectations held.

use std::path::PathBuf;

use gas_scenario::explore::ZoneExploration;
use gas_scenario::{json_document, PreparedScenario, RunControl, RunOptions, ZoneReport};

use crate::BadInput;

/// The flags `run` and `test` share: where scenarios may reach, how strictly and how
/// often they run, what is printed, and the files of runs written beside the report.
#[derive(clap::Args)]
pub struct ScenarioFlags {
    /// A folder outside the scenarios' folder tree that their `project` and `csv` may name,
    /// and that --html and --junit may write in (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    pub allow_paths: Vec<PathBuf>,
    /// Also run each zone alone in a fresh gas-sim process and once more after all the
    /// others, and fail (exit 3) unless the reports are the same bytes.
    #[arg(long)]
    pub check_determinism: bool,
    /// Fail (exit 1) any run that called something gas-sim does not implement, even
    /// when the script caught the error (as `strict = true` in a scenario does).
    #[arg(long)]
    pub strict: bool,
    /// List every execution of each run printed (and every group of errors, log lines
    /// and subjects).
    #[arg(long)]
    pub verbose: bool,
    #[command(flatten)]
    pub ci: crate::ci::CiArgs,
    /// Also write a picture of the runs: one self-contained HTML file with each zone's
    /// timeline (executions, faults, evictions, mail, quota, expectations).
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct RunArgs {
    /// Scenario files (TOML).
    #[arg(required = true)]
    scenarios: Vec<PathBuf>,
    /// Run only in this zone.
    #[arg(long)]
    tz: Option<String>,
    /// Override the scenario's seed.
    #[arg(long, value_parser = |text: &str| crate::call::whole_number_flag(text, 0, u64::MAX))]
    seed: Option<u64>,
    /// text or json.
    #[arg(long, default_value = "text")]
    format: String,
    #[command(flatten)]
    shared: ScenarioFlags,
    /// Also write the runs in the Chrome Trace Event format (JSON), to open in Perfetto
    /// or chrome://tracing: a process per zone, a thread per function, mail, faults,
    /// lock waits and evictions.
    #[arg(long, value_name = "PATH")]
    trace: Option<PathBuf>,
    /// Explore N schedules per zone (as `explore = N` in a scenario does): tie orders,
    /// preemptions, latency and firing jitter; report the first failing one, shrunk.
    #[arg(long, value_name = "N", value_parser = crate::explore_cmd::schedules_flag)]
    explore: Option<u64>,
    /// Threads for --explore (default: the machine's cores); the report is the same for any.
    #[arg(long, value_parser = |text: &str| crate::call::whole_number_flag(text, 1, 64).map(|n| n as usize))]
    jobs: Option<usize>,
    /// Stop exploring a zone at its N-th failing schedule.
    #[arg(long, value_name = "N", value_parser = |text: &str| crate::call::whole_number_flag(text, 1, u64::MAX))]
    max_failures: Option<u64>,
    /// Replay one schedule: a number from an exploration's report, or its schedule text
    /// (`gs1;...`, or `@FILE`).
    #[arg(long, value_name = "S")]
    schedule: Option<String>,
    /// With --explore or --schedule: each call's latency may vary this much (`±30%`),
    /// instead of the scenario's `latency_jitter`.
    #[arg(long, value_name = "PCT", value_parser = crate::explore_cmd::latency_jitter_flag)]
    latency_jitter: Option<u32>,
    /// With --explore or --schedule: a trigger may fire up to this late (`20s`), instead
    /// of the scenario's `firing_jitter`.
    #[arg(long, value_name = "DURATION", value_parser = crate::explore_cmd::firing_jitter_flag)]
    firing_jitter: Option<i64>,
}

pub fn run(args: &RunArgs) -> Result<u8, BadInput> {
    let json = match args.format.as_str() {
        "text" => false,
        "json" => true,
        other => return Err(BadInput(format!("unknown --format {other:?}: use text or json"))),
    };
    if let Some(zone) = &args.tz {
        gas_platform::time::parse_zone(zone).map_err(BadInput)?;
    }
    let options = RunOptions {
        zone: args.tz.clone(),
        seed: args.seed,
        allowed_paths: args.shared.allow_paths.clone(),
        prewarm: true,
    };
    // Every scenario is loaded (and planned in every zone) before any runs: a bad last
    // file is found before the work on the others, not after it.
    crate::html::check_writable_early(args.shared.html.as_deref())?;
    crate::trace_file::check_writable_early(args.trace.as_deref())?;
    let scenarios = load_all(&args.scenarios, &options)?;
    let outputs = crate::output::Outputs::of_scenarios(&scenarios, &args.shared.allow_paths);
    args.shared.ci.check(&outputs)?;
    crate::html::check_not_an_input_of(args.shared.html.as_deref(), &outputs)?;
    crate::trace_file::check_not_an_input_of(args.trace.as_deref(), &outputs)?;
    let mut control = crate::html::control(args.shared.html.as_deref());
    control.keep_traces |= args.trace.is_some();
    let jitter = gas_scenario::explore::Jitter { latency_pm: args.latency_jitter, firing_ms: args.firing_jitter };
    if let Some(schedule) = &args.schedule {
        let keep_traces = control.keep_traces;
        let (reports, failed) =
            crate::explore_cmd::replay(&scenarios, schedule, args.shared.check_determinism, jitter, keep_traces)?;
        finish(args, &reports, &[], &outputs)?;
        return Ok(if failed == 0 { 0 } else { 1 });
    }
    let flags = crate::explore_cmd::ExploreFlags {
        explore: args.explore,
        jobs: args.jobs,
        max_failures: args.max_failures,
        check_determinism: args.shared.check_determinism,
        jitter,
    };
    if json && args.explore.is_some() {
        return Err(BadInput("--format json does not apply to an exploration (--explore)".into()));
    }
    let ran = run_scenarios(args, &scenarios, &flags, control, json)?;
    let (mut all, explored) = (ran.reports, ran.explored);
    if args.shared.check_determinism {
        let compared = crate::determinism::check(&scenarios, &ran.per_scenario, &options)?;
        errln!("--check-determinism: {compared} zone run(s) compared alone, after the others and again");
    }
    // The page draws the runs and after them the failing schedules; the rest reads the runs
    // alone. Not copied: a year's report is megabytes.
    let runs = all.len();
    all.extend(crate::html::failing_schedules(args.shared.html.is_some(), &explored, &scenarios)?);
    finish(args, &all, &explored, &outputs)?;
    let all = &all[..runs];
    let failed = all.iter().filter(|r| !r.passed || crate::ci::explored::failed(r, &explored)).count();
    if json {
        println!(
            "{}",
            gas_scenario::terminal::guard_json(
                &serde_json::to_string_pretty(&json_document(all)).expect("reports serialize")
            )
        );
    } else {
        if !explored.is_empty() {
            let explored_failed = explored.iter().filter(|e| !e.passed()).count();
            outln!(
                "{} zone exploration(s): {} passed, {explored_failed} failed",
                explored.len(),
                explored.len() - explored_failed
            );
        }
        // Each failed zone's text ends with its replay line: not repeated here.
        outln!("{} run(s): {} passed, {} failed", all.len(), all.len() - failed, failed);
    }
    Ok(if failed == 0 { 0 } else { 1 })
}

/// What `run` ran: every zone's plain report, the explorations, and (for
/// `--check-determinism`) each scenario's reports as the lone runs give them.
struct Ran {
    reports: Vec<ZoneReport>,
    explored: Vec<ZoneExploration>,
    per_scenario: Vec<Vec<ZoneReport>>,
}

/// Runs each scenario's zones, printing each report (text), and explores the zones of
/// a scenario that explores after its plain run.
fn run_scenarios(
    args: &RunArgs,
    scenarios: &[PreparedScenario],
    flags: &crate::explore_cmd::ExploreFlags,
    control: RunControl,
    json: bool,
) -> Result<Ran, BadInput> {
    let mut ran = Ran { reports: Vec::new(), explored: Vec::new(), per_scenario: Vec::new() };
    for scenario in scenarios {
        // With --format json, a file's `explore = N` gives its plain runs' JSON reports.
        let schedules = if json { None } else { crate::explore_cmd::schedules_of(scenario, flags)? };
        let control = RunControl { explores: schedules.is_some(), ..control };
        let mut reports = scenario.run_all_with(&control).map_err(|e| BadInput(e.0))?;
        if args.shared.check_determinism {
            // As the lone runs (without --strict) report them. An explored zone is
            // checked schedule by schedule instead (the exploration's own check).
            ran.per_scenario.push(if schedules.is_some() { Vec::new() } else { reports.clone() });
        }
        if args.shared.strict {
            reports.iter_mut().for_each(gas_scenario::ZoneReport::make_strict);
        }
        for report in &reports {
            if !json {
                outln!("{}", report.text_with(args.shared.verbose));
            }
            // The plain run's report first (its errors, grouped), then what the
            // schedules found.
            if let Some(schedules) = schedules {
                let exploration = crate::explore_cmd::explore_zone(scenario, &report.zone, schedules, flags)?;
                out!("{}", exploration.text());
                ran.explored.push(exploration);
            }
        }
        ran.reports.extend(reports);
    }
    Ok(ran)
}

/// The files and annotations every run writes, explored or not: `--junit`, GitHub's
/// annotations and step summary, `--html`.
fn finish(
    args: &RunArgs,
    reports: &[ZoneReport],
    explored: &[ZoneExploration],
    outputs: &crate::output::Outputs,
) -> Result<(), BadInput> {
    crate::ci::finish_runs(&args.shared.ci, "run", reports, &|_| Vec::new(), explored, outputs)?;
    crate::html::write(args.shared.html.as_deref(), reports, outputs)?;
    crate::trace_file::write(args.trace.as_deref(), reports, outputs)
}

/// Loads every scenario of `paths`, in order, and prints each one's warnings once.
pub(crate) fn load_all(paths: &[PathBuf], options: &RunOptions) -> Result<Vec<PreparedScenario>, BadInput> {
    gas_scenario::paths::check_allowed(&options.allowed_paths).map_err(BadInput)?;
    let mut scenarios = Vec::with_capacity(paths.len());
    for (index, path) in paths.iter().enumerate() {
        // Only the first file's project is compiled ahead (`RunOptions::prewarm`): the
        // first run needs it first, and a later file's queued on the same workers would
        // hold that run's first execution back.
        let options = RunOptions { prewarm: options.prewarm && index == 0, ..options.clone() };
        let scenario = PreparedScenario::load(path, &options).map_err(|e| BadInput(e.0))?;
        scenario.print_warnings();
        scenarios.push(scenario);
    }
    Ok(scenarios)
}
