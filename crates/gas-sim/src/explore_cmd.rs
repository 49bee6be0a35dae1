//! `gas-sim run --explore N` (or `explore = N` in a scenario): each zone under N
//! schedules (`gas_scenario::explore`), with the first failing schedule, its shrunk
//! form and the commands that replay both; `gas-sim run --schedule S` replays one.

use gas_scenario::explore::{self, ExploreOptions, ScheduleArg, Settings};
use gas_scenario::PreparedScenario;

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

/// Whether a run explores: the flag, or the file's `explore`.
pub fn explores(scenarios: &[PreparedScenario], flags: &ExploreFlags) -> Result<bool, BadInput> {
    if flags.explore.is_some() {
        return Ok(true);
    }
    for scenario in scenarios {
        if Settings::of(&scenario.loaded).map_err(|e| BadInput(e.0))?.schedules.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// Explores every zone of every scenario; returns how many zones failed.
pub fn explore_all(scenarios: &[PreparedScenario], flags: &ExploreFlags) -> Result<usize, BadInput> {
    let mut failed = 0;
    let mut zones = 0;
    for scenario in scenarios {
        let settings = Settings::of(&scenario.loaded).map_err(|e| BadInput(e.0))?;
        let Some(schedules) = flags.explore.or(settings.schedules) else {
            // A scenario that does not explore, given with one that does: its plain run.
            for report in scenario.run_all().map_err(|e| BadInput(e.0))? {
                outln!("{}", report.text());
                zones += 1;
                failed += usize::from(!report.passed);
            }
            continue;
        };
        let options = ExploreOptions {
            schedules,
            jobs: flags.jobs.unwrap_or_else(default_jobs),
            max_failures: flags.max_failures,
            check_determinism: flags.check_determinism,
            jitter: flags.jitter,
            mode: None,
        };
        for zone in &scenario.zones {
            let exploration = explore::explore_zone(scenario, zone, &options).map_err(|e| BadInput(e.0))?;
            out!("{}", exploration.text());
            zones += 1;
            failed += usize::from(!exploration.passed());
        }
    }
    outln!("{zones} zone exploration(s): {} passed, {failed} failed", zones - failed);
    Ok(failed)
}

/// `gas-sim test`: the scenarios with `explore = N` explored too; prints the failing
/// zones' explorations. Returns how many zones failed.
pub fn explore_for_test(scenarios: &[PreparedScenario]) -> Result<usize, BadInput> {
    let mut failed = 0;
    for scenario in scenarios {
        let settings = Settings::of(&scenario.loaded).map_err(|e| BadInput(e.0))?;
        let Some(schedules) = settings.schedules else { continue };
        let options = ExploreOptions {
            schedules,
            jobs: default_jobs(),
            max_failures: None,
            check_determinism: false,
            jitter: explore::Jitter::default(),
            mode: None,
        };
        for zone in &scenario.zones {
            let exploration = explore::explore_zone(scenario, zone, &options).map_err(|e| BadInput(e.0))?;
            if exploration.passed() {
                outln!(
                    "{} [{zone}]: {} explored schedule(s) passed",
                    scenario.path.display(),
                    exploration.schedules_run
                );
            } else {
                out!("{}", exploration.text());
                failed += 1;
            }
        }
    }
    Ok(failed)
}

/// `--schedule S`: the schedule's report in each zone, and its interleaving.
pub fn replay(
    scenarios: &[PreparedScenario],
    schedule: &str,
    check_determinism: bool,
    jitter: explore::Jitter,
) -> Result<u8, BadInput> {
    let schedule = explore::parse_arg(schedule).map_err(BadInput)?;
    let mut failed = 0;
    let mut runs = 0;
    for scenario in scenarios {
        for zone in &scenario.zones {
            let ran = explore::run_schedule(scenario, zone, &schedule, jitter).map_err(|e| BadInput(e.0))?;
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
            runs += 1;
            failed += usize::from(!ran.broken.is_empty());
        }
    }
    outln!("{runs} run(s): {} passed, {failed} failed", runs - failed);
    Ok(if failed == 0 { 0 } else { 1 })
}
