//! Running an exploration: the plain run first (schedule 0, which also counts the
//! contended steps PCT draws its change points from), then schedules 1..=N on `jobs`
//! threads. Results are collected by schedule number and read in that order, so the
//! report is the same for any `jobs`; `max_failures` stops at the N-th failing
//! schedule in that order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::choices::{Choices, Decisions};
use super::{interleaving, schedule_text, shrink, verdict, Mode, Settings};
use crate::model::ScenarioError;
use crate::plan::Plan;
use crate::report::ZoneReport;
use crate::terminal::escape;
use crate::PreparedScenario;

/// Threads one exploration may use.
pub const JOBS_MAX: usize = 64;

#[derive(Debug, Clone)]
pub struct ExploreOptions {
    /// Explored schedules after the plain run.
    pub schedules: u64,
    pub jobs: usize,
    /// Stop at this many failing schedules (in schedule order).
    pub max_failures: Option<u64>,
    /// Run every schedule twice and compare the traces.
    pub check_determinism: bool,
    /// `--latency-jitter` / `--firing-jitter`: instead of the scenario's.
    pub jitter: Jitter,
    /// Instead of the scenario's mode (`gas-sim bench` compares PCT with depth 1).
    pub mode: Option<Mode>,
}

/// Jitter bounds given on the command line, over the scenario's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Jitter {
    pub latency_pm: Option<u32>,
    pub firing_ms: Option<i64>,
}

impl Jitter {
    pub fn apply(&self, settings: &mut Settings) {
        if let Some(pm) = self.latency_pm {
            settings.latency_jitter_pm = pm;
        }
        if let Some(ms) = self.firing_ms {
            settings.firing_jitter_ms = ms;
        }
    }

    /// The flags that give these bounds again (for a replay command).
    pub fn flags(&self) -> String {
        let mut out = String::new();
        if let Some(pm) = self.latency_pm {
            out.push_str(&format!(" --latency-jitter {}%", pm / 10));
        }
        if let Some(ms) = self.firing_ms {
            out.push_str(&format!(" --firing-jitter {}s", ms / 1000));
        }
        out
    }
}

/// One schedule's run.
#[derive(Debug, Clone)]
pub struct ScheduleRun {
    pub report: ZoneReport,
    /// What it decided (replaying these gives the same run).
    pub decisions: Decisions,
    /// The expectations it broke; empty when it passed.
    pub broken: Vec<String>,
    pub some_held: Vec<bool>,
    pub contended_steps: u64,
    /// The order its calls were made in (`interleaving::lines` reads it).
    pub call_order: BTreeMap<(u64, u64), u64>,
}

/// The zone's plan, as every schedule of the exploration starts from it.
pub fn zone_plan(scenario: &PreparedScenario, zone: &str) -> Result<Plan, ScenarioError> {
    crate::plan::plan(&scenario.loaded, scenario.project.clone(), zone, scenario.seed)
}

/// Runs `plan` under `choices`.
pub fn run_with(scenario: &PreparedScenario, plan: &Plan, choices: Choices) -> Result<ScheduleRun, ScenarioError> {
    let choices = Arc::new(choices);
    let mut plan = plan.clone();
    plan.world.faults.rng = gas_platform::rng::SeededRng::derive(choices.priority_seed(plan.seed), "faults");
    plan.choices = Some(choices.clone());
    let expectations_plan = plan.clone();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| crate::run::run_plan(plan)));
    let report = ran
        .unwrap_or_else(|payload| {
            let what = format!("the scheduler panicked: {}", crate::bug::panic_message(payload.as_ref()));
            let replay = crate::bug::replay_command(&scenario.path, &expectations_plan.zone_name, scenario.seed);
            Err(crate::bug::record(&what, &replay))
        })
        .map_err(|e| ScenarioError(format!("{}: {e}", scenario.path.display())))?;
    Ok(ScheduleRun {
        broken: verdict::broken(&expectations_plan, &report),
        some_held: verdict::some_held(&expectations_plan, &report),
        decisions: choices.realized(),
        contended_steps: choices.contended_steps(),
        call_order: choices.call_order(),
        report,
    })
}

/// The choices of explored schedule `index` (>= 1); `None` past the exhaustive mode's
/// last schedule.
pub(crate) fn choices_for(
    settings: &Settings,
    plan_seed: u64,
    index: u64,
    steps: u64,
    combos: &[Vec<u64>],
) -> Option<Choices> {
    match settings.mode {
        Mode::Pct { depth } => {
            Some(Choices::pct(plan_seed, index, depth, steps, settings.latency_jitter_pm, settings.firing_jitter_ms))
        }
        Mode::Exhaustive { .. } => combos.get(index as usize - 1).map(|steps| Choices::at_steps(steps.clone())),
    }
}

/// Every set of 1..=`size_max` steps of `1..=steps`, smallest sets first, at most `max`.
pub fn combinations(steps: u64, size_max: u32, max: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    for size in 1..=size_max as usize {
        let mut combo: Vec<u64> = (1..=size as u64).collect();
        if size as u64 > steps {
            break;
        }
        loop {
            if out.len() as u64 >= max {
                return out;
            }
            out.push(combo.clone());
            // The next combination in lexicographic order.
            let mut i = size;
            while i > 0 && combo[i - 1] == steps - (size - i) as u64 {
                i -= 1;
            }
            if i == 0 {
                break;
            }
            combo[i - 1] += 1;
            for j in i..size {
                combo[j] = combo[j - 1] + 1;
            }
        }
    }
    out
}

/// Runs schedule `index` of `zone` (0: the plain run) as `--schedule N` replays it.
pub fn run_schedule(
    scenario: &PreparedScenario,
    zone: &str,
    schedule: &super::ScheduleArg,
    jitter: Jitter,
) -> Result<ScheduleRun, ScenarioError> {
    run_schedule_with(scenario, zone, schedule, jitter, false)
}

/// [`run_schedule`], keeping the traces the HTML timeline draws when `keep_traces`
/// (`run --schedule S --html PATH`).
pub fn run_schedule_with(
    scenario: &PreparedScenario,
    zone: &str,
    schedule: &super::ScheduleArg,
    jitter: Jitter,
    keep_traces: bool,
) -> Result<ScheduleRun, ScenarioError> {
    let mut settings = Settings::of(&scenario.loaded)?;
    jitter.apply(&mut settings);
    let mut plan = zone_plan(scenario, zone)?;
    plan.keep_traces = keep_traces;
    match schedule {
        super::ScheduleArg::Given(decisions) => run_with(scenario, &plan, Choices::given(decisions.clone())),
        super::ScheduleArg::Index(0) => run_with(scenario, &plan, Choices::baseline()),
        super::ScheduleArg::Index(index) => {
            let baseline = run_with(scenario, &plan, Choices::baseline())?;
            let combos = match settings.mode {
                Mode::Exhaustive { preemptions_max } => combinations(baseline.contended_steps, preemptions_max, *index),
                Mode::Pct { .. } => Vec::new(),
            };
            let choices =
                choices_for(&settings, plan.seed, *index, baseline.contended_steps, &combos).ok_or_else(|| {
                    ScenarioError(format!(
                        "{}: --schedule {index}: the exhaustive mode has only {} schedules in {zone}",
                        scenario.path.display(),
                        combos.len()
                    ))
                })?;
            run_with(scenario, &plan, choices)
        }
    }
}

/// The first failing schedule, and its shrunk form.
#[derive(Debug, Clone)]
pub struct FirstFailure {
    pub index: u64,
    pub original: Decisions,
    pub broken: Vec<String>,
    pub shrunk: Decisions,
    pub shrunk_broken: Vec<String>,
    pub shrunk_report: ZoneReport,
    pub shrunk_order: BTreeMap<(u64, u64), u64>,
    pub shrink_runs: u32,
    /// The schedule had more decisions than a schedule text holds.
    pub cut: bool,
}

/// An `in = "some"` expectation across the schedules.
#[derive(Debug, Clone)]
pub struct SomeResult {
    pub label: String,
    /// Schedules it held in, the plain run included.
    pub held_in: u64,
    pub first: Option<u64>,
    /// The first schedule that showed it, shrunk (only for the first such expectation:
    /// the one a naive store's loss is about).
    pub shrunk: Option<(Decisions, ScheduleRun, u32)>,
}

/// What exploring one zone found.
#[derive(Debug, Clone)]
pub struct ZoneExploration {
    pub scenario_path: std::path::PathBuf,
    pub zone: String,
    pub seed: u64,
    pub settings: Settings,
    /// Schedules run besides the plain one (fewer when stopped early, or when the
    /// exhaustive mode has fewer).
    pub schedules_run: u64,
    pub stopped_early: bool,
    pub failed: u64,
    pub contended_steps: u64,
    pub first: Option<FirstFailure>,
    /// Each `in = "some"` expectation: in how many schedules it held, the first, shrunk.
    pub some: Vec<SomeResult>,
    /// Schedules whose two runs differed (`check_determinism`): gas-sim bugs.
    pub nondeterministic: Vec<u64>,
    pub jitter: Jitter,
}

#[derive(Debug, Clone)]
struct Outcome {
    broken: Vec<String>,
    some_held: Vec<bool>,
    decisions: Decisions,
}

/// Explores `zone` of `scenario`: the plain run, then `options.schedules` schedules.
pub fn explore_zone(
    scenario: &PreparedScenario,
    zone: &str,
    options: &ExploreOptions,
) -> Result<ZoneExploration, ScenarioError> {
    let mut settings = Settings::of(&scenario.loaded)?;
    options.jitter.apply(&mut settings);
    if let Some(mode) = options.mode {
        settings.mode = mode;
    }
    let plan = zone_plan(scenario, zone)?;
    let baseline = run_with(scenario, &plan, Choices::baseline())?;
    let steps = baseline.contended_steps;
    let combos = match settings.mode {
        Mode::Exhaustive { preemptions_max } => combinations(steps, preemptions_max, options.schedules),
        Mode::Pct { .. } => Vec::new(),
    };
    let last = match settings.mode {
        Mode::Exhaustive { .. } => combos.len() as u64,
        Mode::Pct { .. } => options.schedules,
    };
    let results: Mutex<BTreeMap<u64, Result<Outcome, ScenarioError>>> = Mutex::new(BTreeMap::new());
    let nondeterministic: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    let first_outcome = Outcome {
        broken: baseline.broken.clone(),
        some_held: baseline.some_held.clone(),
        decisions: baseline.decisions,
    };
    results.lock().unwrap_or_else(|p| p.into_inner()).insert(0, Ok(first_outcome));
    let next = AtomicU64::new(1);
    let stop_at = AtomicU64::new(u64::MAX);
    let update_stop = |results: &BTreeMap<u64, Result<Outcome, ScenarioError>>| {
        let Some(max) = options.max_failures else { return };
        let mut failures = 0;
        for (expected, (index, outcome)) in results.iter().enumerate() {
            if *index != expected as u64 {
                return; // a gap: an earlier schedule is still running
            }
            let failed = outcome.as_ref().map_or(true, |o| !o.broken.is_empty());
            failures += u64::from(failed);
            if failures >= max {
                stop_at.fetch_min(*index, Ordering::SeqCst);
                return;
            }
        }
    };
    update_stop(&results.lock().unwrap_or_else(|p| p.into_inner()));
    let jobs = options.jobs.clamp(1, JOBS_MAX);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index > last || index > stop_at.load(Ordering::SeqCst) {
                    break;
                }
                let choices = || choices_for(&settings, plan.seed, index, steps, &combos).expect("index <= last");
                let ran = run_with(scenario, &plan, choices());
                if options.check_determinism {
                    if let (Ok(first), Ok(again)) = (&ran, &run_with(scenario, &plan, choices())) {
                        let (a, b) = (interleaving::full_trace(&first.report), interleaving::full_trace(&again.report));
                        if a != b {
                            record_nondeterminism(scenario, zone, index, &a, &b);
                            nondeterministic.lock().unwrap_or_else(|p| p.into_inner()).push(index);
                        }
                    }
                }
                let outcome = ran.map(|r| Outcome { broken: r.broken, some_held: r.some_held, decisions: r.decisions });
                let mut results = results.lock().unwrap_or_else(|p| p.into_inner());
                results.insert(index, outcome);
                update_stop(&results);
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|p| p.into_inner());
    let cutoff = stop_at.load(Ordering::SeqCst);
    let mut failed = 0;
    let mut first: Option<(u64, Outcome)> = None;
    let labels = verdict::some_labels(&plan);
    let mut some: Vec<SomeResult> =
        labels.into_iter().map(|label| SomeResult { label, held_in: 0, first: None, shrunk: None }).collect();
    let mut first_showing: Option<Decisions> = None;
    let mut schedules_run = 0;
    for (index, outcome) in results.into_iter().filter(|(index, _)| *index <= cutoff) {
        let outcome = outcome?;
        schedules_run += u64::from(index > 0);
        for (i, (slot, held)) in some.iter_mut().zip(&outcome.some_held).enumerate() {
            if *held {
                slot.held_in += 1;
                if slot.first.is_none() {
                    slot.first = Some(index);
                    if i == 0 {
                        first_showing = Some(outcome.decisions.clone());
                    }
                }
            }
        }
        if !outcome.broken.is_empty() {
            failed += 1;
            if first.is_none() {
                first = Some((index, outcome));
            }
        }
    }
    let first = match first {
        Some((index, outcome)) => Some(shrink_failure(scenario, &plan, index, outcome)?),
        None => None,
    };
    if let (Some(original), Some(slot)) = (first_showing, some.first_mut()) {
        if slot.first != Some(0) {
            let (original, _) = schedule_text::bounded(&original);
            let shown = |ran: &ScheduleRun| ran.some_held.first().copied().unwrap_or(false);
            let shrunk = shrink::shrink(&original, shown, |decisions| {
                run_with(scenario, &plan, Choices::given(decisions.clone()))
            })?;
            slot.shrunk = Some((original, shrunk.run, shrunk.runs));
        }
    }
    let mut nondeterministic = nondeterministic.into_inner().unwrap_or_else(|p| p.into_inner());
    nondeterministic.sort_unstable();
    Ok(ZoneExploration {
        scenario_path: scenario.path.clone(),
        zone: zone.to_string(),
        seed: scenario.seed,
        settings,
        schedules_run,
        stopped_early: cutoff < last,
        failed,
        contended_steps: steps,
        first,
        some,
        nondeterministic,
        jitter: options.jitter,
    })
}

fn shrink_failure(
    scenario: &PreparedScenario,
    plan: &Plan,
    index: u64,
    outcome: Outcome,
) -> Result<FirstFailure, ScenarioError> {
    let (original, cut) = schedule_text::bounded(&outcome.decisions);
    let shrunk = shrink::shrink(&original, shrink::breaks_one_of(&outcome.broken), |decisions| {
        run_with(scenario, plan, Choices::given(decisions.clone()))
    })?;
    Ok(FirstFailure {
        index,
        original,
        broken: outcome.broken,
        shrunk: shrunk.run.decisions.clone(),
        shrunk_broken: shrunk.run.broken.clone(),
        shrunk_order: shrunk.run.call_order,
        shrunk_report: shrunk.run.report,
        shrink_runs: shrunk.runs,
        cut,
    })
}

/// Two runs of one schedule differed: gas-sim's bug, with both traces (cut).
fn record_nondeterminism(scenario: &PreparedScenario, zone: &str, index: u64, first: &str, again: &str) {
    const TRACE_CHARS_MAX: usize = 4_000;
    let cut = |t: &str| t.chars().take(TRACE_CHARS_MAX).collect::<String>();
    let what = format!(
        "{} [{zone}] schedule {index} is not deterministic: two runs gave different traces\n--- first run:\n{}\n--- second run:\n{}",
        scenario.path.display(),
        cut(first),
        cut(again)
    );
    let replay = format!(
        "gas-sim run {} --tz {zone} --seed {} --schedule {index} --check-determinism",
        scenario.path.display(),
        scenario.seed
    );
    crate::bug::record(&what, &replay);
}

impl ZoneExploration {
    /// No schedule broke an expectation, every `in = "some"` one showed, no run differed.
    pub fn passed(&self) -> bool {
        self.failed == 0 && self.some.iter().all(|s| s.first.is_some()) && self.nondeterministic.is_empty()
    }

    /// The command that replays a schedule.
    pub fn replay_command(&self, schedule: &str) -> String {
        let quoted =
            if schedule.bytes().all(|b| b.is_ascii_digit()) { schedule.to_string() } else { format!("'{schedule}'") };
        format!(
            "gas-sim run {} --tz {} --seed {} --schedule {quoted}{}",
            self.scenario_path.display(),
            self.zone,
            self.seed,
            self.jitter.flags()
        )
    }

    /// Why the exploration failed, on one line (a JUnit failure's message, a GitHub
    /// annotation's first line): the first failing schedule, what it broke, its shrunk
    /// form and the `--schedule` command that replays that; `None` when it passed.
    pub fn failure_line(&self) -> Option<String> {
        if let Some(first) = &self.first {
            let name = if first.index == 0 { "the plain run".to_string() } else { format!("schedule {}", first.index) };
            let broken = first.shrunk_broken.first().or(first.broken.first()).cloned().unwrap_or_default();
            let more = first.shrunk_broken.len().max(first.broken.len()).saturating_sub(1);
            let more = if more > 0 { format!(" (and {more} more)") } else { String::new() };
            let shrunk = schedule_text::format(&first.shrunk);
            return Some(format!(
                "{} of {} explored schedule(s) failed, first {name}: {broken}{more}; shrunk: {shrunk}; replay: {}",
                self.failed,
                self.schedules_run + 1,
                self.replay_command(&shrunk)
            ));
        }
        if let Some(missing) = self.some.iter().find(|s| s.first.is_none()) {
            return Some(format!(
                "{}: shown in none of the {} explored schedule(s)",
                missing.label,
                self.schedules_run + 1
            ));
        }
        self.nondeterministic.first().map(|index| {
            format!(
                "schedule {index}: two runs differed (a gas-sim bug); replay: {}",
                self.replay_command(&index.to_string())
            )
        })
    }

    /// The readable summary `run` and `test` print for the zone; script and scenario text
    /// (expectations, calls) through `terminal::escape`.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let stopped = if self.stopped_early { " (stopped at --max-failures)" } else { "" };
        out.push_str(&format!(
            "explored {} [{}] seed {}: {} schedule(s) after the plain run{stopped} ({}; {}; {} contended step(s) in the plain run): {} failed\n",
            escape(&self.scenario_path.display().to_string()),
            self.zone,
            self.seed,
            self.schedules_run,
            self.settings.mode.describe(),
            self.settings.describe_jitter(),
            self.contended_steps,
            self.failed
        ));
        if let Some(first) = &self.first {
            let name = if first.index == 0 {
                "the plain run (schedule 0)".to_string()
            } else {
                format!("schedule {}", first.index)
            };
            out.push_str(&format!("  first failing: {name}, {}\n", describe(&first.original)));
            for line in &first.broken {
                out.push_str(&format!("    {}\n", escape(line)));
            }
            out.push_str(&format!("    replay: {}\n", self.replay_command(&first.index.to_string())));
            out.push_str(&format!("  shrunk in {} run(s): {}\n", first.shrink_runs, describe(&first.shrunk)));
            for line in &first.shrunk_broken {
                out.push_str(&format!("    {}\n", escape(line)));
            }
            out.push_str(&format!("    replay: {}\n", self.replay_command(&schedule_text::format(&first.shrunk))));
            if first.cut {
                out.push_str("    (the original had more decisions than a schedule text holds: it was cut first)\n");
            }
            out.push_str("  interleaving of the shrunk schedule (calls of the executions that overlapped):\n");
            for line in interleaving::lines(&first.shrunk_report, &first.shrunk, &first.shrunk_order) {
                out.push_str(&format!("    {}\n", escape(&line)));
            }
        }
        let total = self.schedules_run + 1;
        for result in &self.some {
            let Some(index) = result.first else {
                out.push_str(&format!("  {}: FAILED, in none of the {total} schedule(s)\n", escape(&result.label)));
                continue;
            };
            out.push_str(&format!(
                "  {}: held in {} of {total} schedule(s), first in schedule {index}\n",
                escape(&result.label),
                result.held_in
            ));
            if let Some((original, shrunk_run, runs)) = &result.shrunk {
                let shrunk = &shrunk_run.decisions;
                out.push_str(&format!("    replay: {}\n", self.replay_command(&index.to_string())));
                out.push_str(&format!("    schedule {index}: {}\n", describe(original)));
                out.push_str(&format!("    shrunk in {runs} run(s): {}\n", describe(shrunk)));
                out.push_str(&format!("    replay: {}\n", self.replay_command(&schedule_text::format(shrunk))));
                out.push_str("    interleaving of the shrunk schedule (calls of the executions that overlapped):\n");
                for line in interleaving::lines(&shrunk_run.report, shrunk, &shrunk_run.call_order) {
                    out.push_str(&format!("      {}\n", escape(&line)));
                }
            }
        }
        for index in &self.nondeterministic {
            out.push_str(&format!("  schedule {index}: two runs differed (a gas-sim bug, see above)\n"));
        }
        out
    }
}

/// `2 preemption(s), 14 latency change(s), 1 firing delay(s), priorities of schedule 12`.
pub fn describe(decisions: &Decisions) -> String {
    let priorities = if decisions.base == 0 {
        "the plain run's priorities".to_string()
    } else {
        format!("priorities of schedule {}", decisions.base)
    };
    format!(
        "{} preemption(s), {} latency change(s), {} firing delay(s), {priorities}",
        decisions.preemption_count(),
        decisions.latency_pm.len(),
        decisions.firing_ms.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_smallest_first() {
        assert_eq!(combinations(3, 2, 100), vec![vec![1], vec![2], vec![3], vec![1, 2], vec![1, 3], vec![2, 3]]);
        assert_eq!(combinations(3, 2, 4).len(), 4);
        assert!(combinations(0, 2, 10).is_empty());
        assert_eq!(combinations(2, 3, 100).len(), 3, "no set larger than the steps");
    }
}
