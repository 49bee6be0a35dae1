//! A schedule's interleaving in domain terms: one line per call that matters (a call
//! that leaves the script's process: properties, locks, caches, sheets, fetches, mail)
//! of the executions that overlapped another, in virtual time, with the script function
//! that made it:
//! `12:00:20.150 exec#2 saveResult PropertiesService.getProperty("job_index_v1")`.
//! A preempted call is marked: it waited for another execution's call.

use std::collections::BTreeMap;

use chrono_tz::Tz;
use gas_platform::time::utc_ms_to_local;

use super::choices::Decisions;
use crate::report::{ExecutionSummary, ZoneReport};

/// Lines an interleaving shows; past it, a count.
pub const LINES_MAX: usize = 80;

/// The executions that overlapped another in virtual time.
pub fn overlapping(executions: &[ExecutionSummary]) -> Vec<&ExecutionSummary> {
    executions
        .iter()
        .filter(|e| {
            executions.iter().any(|other| {
                other.exec_id != e.exec_id && other.start_utc_ms < e.end_utc_ms && e.start_utc_ms < other.end_utc_ms
            })
        })
        .collect()
}

/// The interleaving's lines (at most [`LINES_MAX`], then `... N more`).
/// `order` is the order the calls were made in (`Choices::call_order`): calls at one
/// instant are listed in it.
pub fn lines(report: &ZoneReport, decisions: &Decisions, order: &BTreeMap<(u64, u64), u64>) -> Vec<String> {
    let involved = overlapping(&report.executions);
    // (time, kind: start 0 / call 1 / end 2, position in the call order, exec, text)
    let mut events: Vec<(i64, u8, u64, u64, String)> = Vec::new();
    let day = |ms: i64| utc_ms_to_local(report.tz, ms).date();
    let with_date = involved
        .iter()
        .any(|e| day(e.start_utc_ms) != day(involved[0].start_utc_ms) || day(e.end_utc_ms) != day(e.start_utc_ms));
    let time = |ms: i64| clock(report.tz, ms, with_date);
    for execution in &involved {
        let id = execution.exec_id;
        events.push((
            execution.start_utc_ms,
            0,
            0,
            id,
            format!("{} exec#{id} starts {} ({})", time(execution.start_utc_ms), execution.function, execution.source),
        ));
        for (index, call) in execution.calls.iter().enumerate() {
            if gas_engine::methods::get(&call.method).is_some_and(|m| m.in_process) {
                continue;
            }
            let function = if call.function.is_empty() { execution.function.as_str() } else { call.function.as_str() };
            let outcome = if call.outcome == "ok" { String::new() } else { format!(" -> {}", call.outcome) };
            let preempted = match decisions.preemptions.get(&(id, index as u64)) {
                Some(_) => "  [preempted: waited for another execution's call]",
                None => "",
            };
            events.push((
                call.at_utc_ms,
                1,
                order.get(&(id, index as u64)).copied().unwrap_or(u64::MAX),
                id,
                format!(
                    "{} exec#{id} {function} {}({}){outcome}{preempted}",
                    time(call.at_utc_ms),
                    call.method,
                    call.args
                ),
            ));
        }
        let ending = match &execution.error {
            Some(error) => format!("{}: {error}", execution.outcome),
            None => execution.outcome.clone(),
        };
        events.push((
            execution.end_utc_ms,
            2,
            u64::MAX,
            id,
            format!("{} exec#{id} ends: {ending}", time(execution.end_utc_ms)),
        ));
    }
    events.sort_by_key(|e| (e.0, e.1, e.2, e.3));
    let total = events.len();
    let mut out: Vec<String> = events.into_iter().take(LINES_MAX).map(|e| e.4).collect();
    if total > LINES_MAX {
        out.push(format!("... {} more", total - LINES_MAX));
    }
    if out.is_empty() {
        out.push("(no executions overlapped)".into());
    }
    out
}

/// `12:00:20.150` local, or with the date when the executions span days.
fn clock(zone: Tz, at_utc_ms: i64, with_date: bool) -> String {
    let format = if with_date { "%Y-%m-%d %H:%M:%S%.3f" } else { "%H:%M:%S%.3f" };
    utc_ms_to_local(zone, at_utc_ms).format(format).to_string()
}

/// Every call of every execution, one line each: what `--check-determinism` compares.
pub fn full_trace(report: &ZoneReport) -> String {
    let mut out = String::new();
    for execution in &report.executions {
        out.push_str(&format!(
            "exec#{} {} {}..{} {}\n",
            execution.exec_id, execution.function, execution.start_utc_ms, execution.end_utc_ms, execution.outcome
        ));
        for call in &execution.calls {
            out.push_str(&format!(
                "  {} {} {}({}) {} +{}ms\n",
                call.at_utc_ms, call.function, call.method, call.args, call.outcome, call.latency_ms
            ));
        }
    }
    out.push_str(&serde_json::to_string(&report.properties).unwrap_or_default());
    out
}
