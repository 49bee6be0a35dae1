//! `gas-sim run --explore N` (or `explore = N` in a scenario): each zone under N
//! schedules (`gas_scenario::explore`), with the first failing schedule, its shrunk
//! form and the commands that replay both; `gas-sim run --schedule S` replays one.

use gas_scenario::explore::{self, ExploreOptions, ScheduleArg, Settings, ZoneExploration};
use gas_scenario::{PreparedScenario, ZoneReport};

use crate::BadInput;

/// What `run` passes on from its flags.
pub struct ExploreFlags {
    pub explore: Option<u64>,
    pub jobs: Option<usize>,
    pub max_failures: Option<u64>,
    pub check_determinism: bool,
    pub jitter: explore::Jitter,
}

/// `--explore N`: at least 1 (`explore 0` is a clear error, not a plain run).
pub fn schedules_flag(text: &str) -> Result<u64, String> {
    let n: i64 = text.trim().parse().map_err(|_| format!("{text:?}: expected a whole number of schedules"))?;
    explore::check_schedules(n)
}

/// `--latency-jitter ±30%`.
pub fn latency_jitter_flag(text: &str) -> Result<u32, String> {
    explore::parse_jitter_pct(text).map(|pct| pct * 10)
}

/// `--firing-jitter 20s`.
pub fn firing_jitter_flag(text: &str) -> Result<i64, String> {
    let ms = gas_scenario::schedule::parse_duration_ms(text)?;
    if ms > explore::FIRING_JITTER_MS_MAX || ms % 1000 != 0 {
        return Err(format!("{text:?}: whole seconds, at most 30s (a trigger fires within its window)"));
    }
    Ok(ms)
}

/// The schedules `scenario` is explored under: `--explore N`, else its file's `explore = N`.
pub fn schedules_of(scenario: &PreparedScenario, flags: &ExploreFlags) -> Result<Option<u64>, BadInput> {
    let settings = Settings::of(&scenario.loaded).map_err(|e| BadInput(e.0))?;
    Ok(flags.explore.or(settings.schedules))
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// Explores one zone of `scenario` under `schedules` schedules after its plain run.
pub fn explore_zone(
    scenario: &PreparedScenario,
    zone: &str,
    schedules: u64,
    flags: &ExploreFlags,
) -> Result<ZoneExploration, BadInput> {
    let options = ExploreOptions {
        schedules,
        jobs: flags.jobs.unwrap_or_else(default_jobs),
        max_failures: flags.max_failures,
        check_determinism: flags.check_determinism,
        jitter: flags.jitter,
        mode: None,
    };
    explore::explore_zone(scenario, zone, &options).map_err(|e| BadInput(e.0))
}

/// `gas-sim test`: the scenarios with `explore = N` explored too; prints the failing
/// zones' explorations. Returns every exploration (its CI output is a case of its own).
pub fn explore_for_test(scenarios: &[PreparedScenario]) -> Result<Vec<ZoneExploration>, BadInput> {
    let flags = ExploreFlags {
        explore: None,
        jobs: None,
        max_failures: None,
        check_determinism: false,
        jitter: explore::Jitter::default(),
    };
    let mut explorations = Vec::new();
    for scenario in scenarios {
        let Some(schedules) = schedules_of(scenario, &flags)? else { continue };
        for zone in &scenario.zones {
            let exploration = explore_zone(scenario, zone, schedules, &flags)?;
            if exploration.passed() {
                outln!(
                    "{} [{zone}]: {} explored schedule(s) passed",
                    scenario.path.display(),
                    exploration.schedules_run
                );
            } else {
                out!("{}", exploration.text());
            }
            explorations.push(exploration);
        }
    }
    Ok(explorations)
}

/// `--schedule S`: the schedule's report in each zone, and its interleaving. Returns
/// the reports (for `--junit`, `--html` and annotations; traces kept when `keep_traces`)
/// and how many broke an expectation.
pub fn replay(
    scenarios: &[PreparedScenario],
    schedule: &str,
    check_determinism: bool,
    jitter: explore::Jitter,
    keep_traces: bool,
) -> Result<(Vec<ZoneReport>, usize), BadInput> {
    let schedule = explore::parse_arg(schedule).map_err(BadInput)?;
    let mut failed = 0;
    let mut reports = Vec::new();
    for scenario in scenarios {
        for zone in &scenario.zones {
            let ran = explore::run_schedule_with(scenario, zone, &schedule, jitter, keep_traces)
                .map_err(|e| BadInput(e.0))?;
            if check_determinism {
                let again = explore::run_schedule(scenario, zone, &schedule, jitter).map_err(|e| BadInput(e.0))?;
                let (a, b) =
                    (explore::interleaving::full_trace(&ran.report), explore::interleaving::full_trace(&again.report));
                if a != b {
                    let what = format!(
                        "{} [{zone}] schedule is not deterministic: two runs gave different traces\n--- first run:\n{a}\n--- second run:\n{b}",
                        scenario.path.display()
                    );
                    gas_scenario::bug::record(&what, &ran.report.replay_command());
                }
            }
            outln!("{}", ran.report.text());
            let name = match &schedule {
                ScheduleArg::Index(n) => format!("schedule {n}"),
                ScheduleArg::Given(_) => "the given schedule".to_string(),
            };
            outln!("{name}: {}", explore::run::describe(&ran.decisions));
            outln!("  as text: {}", explore::schedule_text::format(&ran.decisions));
            for line in &ran.broken {
                outln!("  broken: {}", gas_scenario::terminal::escape(line));
            }
            outln!("  interleaving (calls of the executions that overlapped):");
            for line in explore::interleaving::lines(&ran.report, &ran.decisions, &ran.call_order) {
                outln!("    {}", gas_scenario::terminal::escape(&line));
            }
            failed += usize::from(!ran.broken.is_empty());
            reports.push(ran.report);
        }
    }
    outln!("{} run(s): {} passed, {failed} failed", reports.len(), reports.len() - failed);
    Ok((reports, failed))
}
