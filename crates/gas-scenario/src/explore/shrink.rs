//! Shrinking a failing schedule: delta debugging (Zeller's ddmin) over its decisions,
//! fewest preemptions first, then latency changes, then firing delays, then the plain
//! run's priorities and fault stream instead of the schedule's own. A candidate is kept
//! when it still breaks one of the expectations the original broke. Every decision is
//! keyed by what it decides (`exec#2`'s call 4), so dropping one leaves the others as
//! they were. The result is the run of the smallest failing candidate, with the
//! decisions that run actually made (a subset of the candidate's).

use super::choices::Decisions;
use super::run::ScheduleRun;
use crate::model::ScenarioError;

/// Runs one shrink may make; past it, the smallest failing schedule found so far.
pub const SHRINK_RUNS_MAX: u32 = 400;

pub struct Shrunk {
    pub run: ScheduleRun,
    /// Runs made while shrinking.
    pub runs: u32,
}

/// The expectation a `label: expected E, got A` line is about.
fn label(line: &str) -> &str {
    line.split(": expected ").next().unwrap_or(line)
}

/// Whether a run still breaks one of the expectations `broken` lists.
pub fn breaks_one_of(broken: &[String]) -> impl Fn(&ScheduleRun) -> bool + '_ {
    move |ran| ran.broken.iter().any(|l| broken.iter().any(|b| label(b) == label(l)))
}

/// Shrinks `original`, whose run `shows` what is looked for (a broken expectation, or
/// an `in = "some"` one holding); `run` runs a candidate.
pub fn shrink(
    original: &Decisions,
    shows: impl Fn(&ScheduleRun) -> bool,
    mut run: impl FnMut(&Decisions) -> Result<ScheduleRun, ScenarioError>,
) -> Result<Shrunk, ScenarioError> {
    let mut runs = 0u32;
    let mut best = run(original)?;
    runs += 1;
    let mut current = original.clone();
    let mut still_fails =
        |candidate: &Decisions, best: &mut ScheduleRun, runs: &mut u32| -> Result<bool, ScenarioError> {
            if *runs >= SHRINK_RUNS_MAX {
                return Ok(false);
            }
            *runs += 1;
            let ran = run(candidate)?;
            let fails = shows(&ran);
            if fails {
                *best = ran;
            }
            Ok(fails)
        };
    if !shows(&best) {
        // The replay did not fail (it should: a gas-sim bug, which --check-determinism
        // names); show the original as it is.
        return Ok(Shrunk { run: best, runs });
    }
    // Preemptions, one unit per preemption (a call preempted twice is two units).
    let units: Vec<(u64, u64)> =
        current.preemptions.iter().flat_map(|(key, n)| std::iter::repeat_n(*key, *n as usize)).collect();
    let kept = ddmin(units, |subset| {
        let mut candidate = current.clone();
        candidate.preemptions.clear();
        for key in subset {
            *candidate.preemptions.entry(*key).or_insert(0) += 1;
        }
        still_fails(&candidate, &mut best, &mut runs)
    })?;
    current.preemptions.clear();
    for key in kept {
        *current.preemptions.entry(key).or_insert(0) += 1;
    }
    let latency: Vec<((u64, u64), i32)> = current.latency_pm.iter().map(|(k, v)| (*k, *v)).collect();
    let kept = ddmin(latency, |subset| {
        let candidate = Decisions { latency_pm: subset.iter().copied().collect(), ..current.clone() };
        still_fails(&candidate, &mut best, &mut runs)
    })?;
    current.latency_pm = kept.into_iter().collect();
    let firing: Vec<((String, i64), i64)> = current.firing_ms.iter().map(|(k, v)| (k.clone(), *v)).collect();
    let kept = ddmin(firing, |subset| {
        let candidate = Decisions { firing_ms: subset.iter().cloned().collect(), ..current.clone() };
        still_fails(&candidate, &mut best, &mut runs)
    })?;
    current.firing_ms = kept.into_iter().collect();
    if current.base != 0 {
        let candidate = Decisions { base: 0, ..current.clone() };
        if still_fails(&candidate, &mut best, &mut runs)? {
            current = candidate;
        }
    }
    // `best` is the run of the last candidate that failed, which is `current` (each
    // step keeps the candidate it last accepted). Its realized decisions replay it.
    let _ = current;
    Ok(Shrunk { run: best, runs })
}

/// Zeller and Hildebrandt's ddmin: a 1-minimal subset of `items` for which `fails`
/// holds (it holds for `items`). Tries the empty set first: most decisions of a random
/// schedule do not matter.
pub fn ddmin<T: Clone>(
    items: Vec<T>,
    mut fails: impl FnMut(&[T]) -> Result<bool, ScenarioError>,
) -> Result<Vec<T>, ScenarioError> {
    if items.is_empty() || fails(&[])? {
        return Ok(Vec::new());
    }
    let mut items = items;
    let mut n = 2usize;
    while items.len() >= 2 {
        let chunk = items.len().div_ceil(n);
        let mut reduced = false;
        for start in (0..items.len()).step_by(chunk) {
            let end = (start + chunk).min(items.len());
            // The subset alone, then its complement.
            let subset: Vec<T> = items[start..end].to_vec();
            if subset.len() < items.len() && fails(&subset)? {
                items = subset;
                n = 2;
                reduced = true;
                break;
            }
            let complement: Vec<T> = items[..start].iter().chain(&items[end..]).cloned().collect();
            if !complement.is_empty() && fails(&complement)? {
                items = complement;
                n = (n - 1).max(2);
                reduced = true;
                break;
            }
        }
        if !reduced {
            if n >= items.len() {
                break;
            }
            n = (n * 2).min(items.len());
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddmin_finds_the_two_that_matter() {
        let items: Vec<u32> = (0..40).collect();
        let mut tests = 0;
        let kept = ddmin(items, |subset| {
            tests += 1;
            Ok(subset.contains(&7) && subset.contains(&31))
        })
        .unwrap();
        assert_eq!(kept, vec![7, 31]);
        assert!(tests < 60, "{tests} tests");
    }

    #[test]
    fn ddmin_of_what_never_mattered_is_empty() {
        assert!(ddmin(vec![1, 2, 3], |_| Ok(true)).unwrap().is_empty());
    }
}
