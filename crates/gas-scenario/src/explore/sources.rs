//! Exploring one zone on another version of the project's sources, as a mutation
//! campaign does for its baseline and for each mutant: the schedules of
//! [`explore_zone`](super::explore_zone) (the same choices for the same index), run one
//! after another on one thread, stopping at the first schedule that breaks an
//! expectation. The campaign runs mutants in parallel, so a sequential exploration per
//! mutant keeps its verdict the same for any `--jobs`. No shrinking: a campaign wants a
//! verdict, not a readable race.

use std::collections::BTreeSet;
use std::sync::Arc;

use gas_engine::{Limits, Project};

use super::choices::Choices;
use super::run::{choices_for, combinations, run_with};
use super::{verdict, Mode, Settings};
use crate::model::ScenarioError;
use crate::plan::Plan;
use crate::PreparedScenario;

/// What the schedules of one zone on one version of the sources showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourcesExploration {
    /// Schedules run after the plain run (fewer than asked when one failed).
    pub schedules_run: u64,
    /// Executions over those schedules and the plain run the explorer makes first.
    pub executions: usize,
    /// The first schedule (>= 1) that broke an expectation, and the first it broke.
    pub first_failing: Option<(u64, String)>,
    /// The `in = "some"` expectations no schedule showed (the plain run included);
    /// only decided when no schedule failed.
    pub never_shown: Vec<String>,
    /// Coverage probes reached in any schedule (instrumented sources only).
    pub probes: BTreeSet<u32>,
}

impl SourcesExploration {
    /// Why these sources fail the exploration, if they do (a mutant's kill reason).
    pub fn failure(&self, schedules: u64) -> Option<String> {
        if let Some((index, broken)) = &self.first_failing {
            return Some(format!(
                "explored schedule {index} of {schedules} broke an expectation (stopped there): {broken}"
            ));
        }
        self.never_shown.first().map(|label| {
            format!("{label} (in = \"some\"): shown in none of the {} schedule(s)", self.schedules_run + 1)
        })
    }
}

/// The schedules `scenario` explores by (its `explore = N`, or `schedules_override`);
/// `None` when it does not explore.
pub fn schedules_of(
    scenario: &PreparedScenario,
    schedules_override: Option<u64>,
) -> Result<Option<u64>, ScenarioError> {
    Ok(schedules_override.or(Settings::of(&scenario.loaded)?.schedules))
}

/// Explores `zone` of `scenario` on `project` under `schedules` schedules with the
/// campaign's engine `limits`, stopping at the first failing schedule.
pub fn explore_sources(
    scenario: &PreparedScenario,
    zone: &str,
    project: Arc<Project>,
    limits: Option<Limits>,
    schedules: u64,
) -> Result<SourcesExploration, ScenarioError> {
    let settings = Settings::of(&scenario.loaded)?;
    let mut plan = crate::plan::plan(&scenario.loaded, project, zone, scenario.seed)?;
    apply_limits(&mut plan, limits);
    // The plain run under the explorer's eyes counts the contended steps PCT draws from.
    let baseline = run_with(scenario, &plan, Choices::baseline())?;
    let steps = baseline.contended_steps;
    let combos = match settings.mode {
        Mode::Exhaustive { preemptions_max } => combinations(steps, preemptions_max, schedules),
        Mode::Pct { .. } => Vec::new(),
    };
    let last = match settings.mode {
        Mode::Exhaustive { .. } => combos.len() as u64,
        Mode::Pct { .. } => schedules,
    };
    let labels = verdict::some_labels(&plan);
    let mut shown = baseline.some_held.clone();
    let mut out = SourcesExploration {
        schedules_run: 0,
        executions: baseline.report.executions.len(),
        first_failing: None,
        never_shown: Vec::new(),
        probes: baseline.report.probes(),
    };
    for index in 1..=last {
        let choices = choices_for(&settings, plan.seed, index, steps, &combos).expect("index <= last");
        let ran = run_with(scenario, &plan, choices)?;
        out.schedules_run += 1;
        out.executions += ran.report.executions.len();
        out.probes.extend(ran.report.probes());
        for (slot, held) in shown.iter_mut().zip(&ran.some_held) {
            *slot |= *held;
        }
        if let Some(broken) = ran.broken.first() {
            out.first_failing = Some((index, broken.clone()));
            return Ok(out);
        }
    }
    out.never_shown = labels.into_iter().zip(&shown).filter(|(_, held)| !**held).map(|(label, _)| label).collect();
    Ok(out)
}

/// A campaign's lower step budget, as `PreparedScenario::run_zone_with` applies it.
fn apply_limits(plan: &mut Plan, limits: Option<Limits>) {
    if let (false, Some(limits)) = (plan.limits_from_scenario, limits) {
        let heap_bytes_max = plan.limits.heap_bytes_max;
        plan.limits = Limits { heap_bytes_max, ..limits };
    }
}
