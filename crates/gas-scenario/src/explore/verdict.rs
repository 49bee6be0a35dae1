//! Which expectations decide one run, and which only the exploration: an
//! `in = "some"` expectation holds when at least one schedule shows it, so under
//! exploration a single run does not fail on it.

use crate::expect::ExpectResult;
use crate::plan::Plan;
use crate::report::ZoneReport;

/// A plain run of a scenario that explores: its `in = "some"` expectations are the
/// exploration's to decide, so this run neither fails on them nor claims them.
pub fn settle_plain(plan: &Plan, results: &mut [ExpectResult]) {
    if !plan.explores || plan.choices.is_some() {
        return;
    }
    for (result, expectation) in results.iter_mut().zip(&plan.expectations) {
        if expectation.in_some && !result.passed {
            result.passed = true;
            result.expected = format!("{} in some explored schedule (not this plain run)", result.expected);
        }
    }
}

/// Whether one run passed its expectations (the report's `passed`, before strictness).
pub fn run_passed(plan: &Plan, results: &[ExpectResult]) -> bool {
    let exploring = plan.explores || plan.choices.is_some();
    results
        .iter()
        .zip(&plan.expectations)
        .all(|(result, expectation)| result.passed || (exploring && expectation.in_some))
}

/// The expectations a schedule broke (`label: expected E, got A`), those that must hold
/// in every schedule; empty when it passed.
pub fn broken(plan: &Plan, report: &ZoneReport) -> Vec<String> {
    let mut broken: Vec<String> = report
        .expectations
        .iter()
        .zip(&plan.expectations)
        .filter(|(result, expectation)| !result.passed && !expectation.in_some)
        .map(|(result, _)| result.mismatch())
        .collect();
    if plan.strict && report.has_gaps() {
        broken.push("strict: the run called what gas-sim does not implement".into());
    }
    broken
}

/// Which `in = "some"` expectations held in this run, by their index in the plan.
pub fn some_held(plan: &Plan, report: &ZoneReport) -> Vec<bool> {
    report
        .expectations
        .iter()
        .zip(&plan.expectations)
        .filter(|(_, expectation)| expectation.in_some)
        .map(|(result, _)| result.passed)
        .collect()
}

/// The labels of the plan's `in = "some"` expectations, in order.
pub fn some_labels(plan: &Plan) -> Vec<String> {
    plan.expectations.iter().filter(|e| e.in_some).map(|e| e.label.clone()).collect()
}
