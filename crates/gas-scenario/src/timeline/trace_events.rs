//! `--trace PATH`: the runs in the Chrome Trace Event format, so they open in Perfetto
//! (ui.perfetto.dev) or chrome://tracing. One process per zone run, one thread per
//! function (an execution that overlaps an earlier one of the same function gets a lane
//! of its own, `syncOrders (2)`, since slices on one thread must nest), each execution a
//! complete event, lock waits nested inside it, and instant events for mail, faults and
//! cache evictions.
//!
//! Times are microseconds from the zone run's start (each zone's day 1 lines up with the
//! others'); every event carries its local time in `args`. The format is Google's "Trace
//! Event Format" document: `ph` `X` (complete), `i` (instant, `s` scope `t` or `p`), `M`
//! (metadata: `process_name`, `thread_name`, `thread_sort_index`).

use serde_json::{json, Value};

use crate::report::{ExecutionSummary, ZoneReport};

/// The whole trace of `reports` (one process each, in order).
pub fn chrome_trace(reports: &[ZoneReport]) -> Value {
    let mut events = Vec::new();
    for (index, report) in reports.iter().enumerate() {
        zone_events(report, index as u64 + 1, &mut events);
    }
    json!({ "traceEvents": events, "displayTimeUnit": "ms" })
}

fn zone_events(report: &ZoneReport, pid: u64, events: &mut Vec<Value>) {
    let micros = |at_utc_ms: i64| (at_utc_ms - report.start_utc_ms).saturating_mul(1000);
    let local = |at_utc_ms: i64| local_with_offset(report.tz, at_utc_ms);
    let name = format!("{} — {} (seed {})", report.scenario, report.zone, report.seed);
    events.push(json!({ "ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": { "name": name } }));
    events
        .push(json!({ "ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0, "args": { "sort_index": pid } }));
    let threads = Threads::of(&report.executions);
    for (tid, label) in threads.labels.iter().enumerate() {
        let tid = tid as u64 + 1;
        events.push(json!({ "ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": { "name": label } }));
        events.push(
            json!({ "ph": "M", "name": "thread_sort_index", "pid": pid, "tid": tid, "args": { "sort_index": tid } }),
        );
    }
    for (execution, &tid) in report.executions.iter().zip(&threads.of_execution) {
        let mut args = json!({
            "exec_id": execution.exec_id,
            "source": execution.source,
            "outcome": execution.outcome,
            "start": local(execution.start_utc_ms),
        });
        if let Some(error) = &execution.error {
            args["error"] = json!(error);
        }
        events.push(json!({
            "ph": "X", "cat": "execution", "name": execution.function, "pid": pid, "tid": tid,
            "ts": micros(execution.start_utc_ms),
            "dur": micros(execution.end_utc_ms) - micros(execution.start_utc_ms),
            "args": args,
        }));
        let Some(trace) = &execution.trace else { continue };
        for wait in &trace.lock_waits {
            events.push(json!({
                "ph": "X", "cat": "lock", "name": format!("{} waits", wait.method), "pid": pid, "tid": tid,
                "ts": micros(wait.from_utc_ms), "dur": micros(wait.until_utc_ms) - micros(wait.from_utc_ms),
                "args": { "outcome": wait.outcome, "from": local(wait.from_utc_ms) },
            }));
        }
        for call in trace.calls.iter().filter(|call| call.fault.is_some()) {
            events.push(json!({
                "ph": "i", "s": "t", "cat": "fault", "name": format!("fault: {}", call.method), "pid": pid, "tid": tid,
                "ts": micros(call.at_utc_ms),
                "args": { "fault": call.fault, "outcome": call.outcome, "at": local(call.at_utc_ms) },
            }));
        }
    }
    for mail in &report.mail {
        events.push(json!({
            "ph": "i", "s": "p", "cat": "mail", "name": format!("mail: {}", mail.subject), "pid": pid, "tid": 0,
            "ts": micros(mail.at_utc_ms), "args": { "to": mail.to, "at": mail.local_time },
        }));
    }
    for eviction in &report.timeline.evictions {
        let why = eviction.pattern.as_deref().unwrap_or("early eviction");
        events.push(json!({
            "ph": "i", "s": "p", "cat": "eviction",
            "name": format!("{} cache: {} evicted ({why})", eviction.cache, eviction.keys_evicted),
            "pid": pid, "tid": 0, "ts": micros(eviction.at_utc_ms), "args": { "at": local(eviction.at_utc_ms) },
        }));
    }
}

/// `2025-06-13 09:00:00.000 +03:00`: the local time and its offset from UTC.
fn local_with_offset(zone: chrono_tz::Tz, at_utc_ms: i64) -> String {
    let offset_s = gas_platform::time::offset_seconds_at(zone, at_utc_ms);
    let sign = if offset_s < 0 { '-' } else { '+' };
    let (hours, minutes) = (offset_s.abs() / 3600, offset_s.abs() % 3600 / 60);
    let local = gas_platform::time::utc_ms_to_local(zone, at_utc_ms).format("%Y-%m-%d %H:%M:%S%.3f");
    format!("{local} {sign}{hours:02}:{minutes:02}")
}

/// A thread per lane of each function's track (`super::Tracks`): `sync`, `sync (2)`.
struct Threads {
    labels: Vec<String>,
    of_execution: Vec<u64>,
}

impl Threads {
    fn of(executions: &[ExecutionSummary]) -> Threads {
        let tracks = super::Tracks::of(executions);
        let (first, _) = tracks.first_lanes();
        let mut labels = Vec::new();
        for (function, lanes) in &tracks.functions {
            labels.extend((0..*lanes).map(|lane| match lane {
                0 => function.clone(),
                n => format!("{function} ({})", n + 1),
            }));
        }
        let of_execution = tracks.of_execution.iter().map(|&(track, lane)| (first[track] + lane) as u64 + 1).collect();
        Threads { labels, of_execution }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn execution(exec_id: u64, function: &str, start_utc_ms: i64, end_utc_ms: i64) -> ExecutionSummary {
        let mut summary = ExecutionSummary::refused(exec_id, function.into(), "trigger".into(), start_utc_ms, "");
        summary.end_utc_ms = end_utc_ms;
        summary
    }

    #[test]
    fn local_times_carry_their_offset() {
        // 2025-06-13 06:00 UTC is 09:00 in Istanbul (+03:00) and 23:00 the day before in Los Angeles (-07:00).
        let at = 1_749_794_400_000;
        assert_eq!(local_with_offset(chrono_tz::Europe::Istanbul, at), "2025-06-13 09:00:00.000 +03:00");
        assert_eq!(local_with_offset(chrono_tz::America::Los_Angeles, at), "2025-06-12 23:00:00.000 -07:00");
    }

    #[test]
    fn overlapping_executions_of_one_function_take_lanes_and_others_reuse_them() {
        let executions = [
            execution(1, "sync", 0, 100),
            execution(2, "watch", 10, 20),
            execution(3, "sync", 50, 150),
            execution(4, "sync", 100, 120),
        ];
        let threads = Threads::of(&executions);
        assert_eq!(threads.labels, ["sync", "sync (2)", "watch"]);
        // exec 4 starts when exec 1 ended: it goes back to the first lane.
        assert_eq!(threads.of_execution, [1, 3, 2, 1]);
    }
}
