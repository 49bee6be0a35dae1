//! A picture of a run (`--html`): per zone, the executions as bars on the virtual time
//! axis, the injected faults, cache evictions and lost responses as marks, the mail as
//! ticks, the mail quota as a line and the expectations; a click on a bar shows the
//! execution's calls and logs.
//!
//! What a run keeps for it only when asked (`RunControl::keep_traces`): each execution's
//! trace (`ExecutionTrace`, bounded per run by `TRACE_RECORDS_PER_RUN_MAX`) and the
//! scheduler's evictions (`TimelineData`). `view` turns reports into the page's data (a
//! JSON value, deterministic: Vecs and BTreeMaps only); `html::page` writes the page.

pub mod html;
pub mod trace_events;

use std::sync::Arc;

use gas_platform::mail::Mail;
use gas_platform::time::utc_ms_to_local;
use gas_platform::trace::{CallRecord, LogLine};
use serde::Serialize;
use serde_json::{json, Value};

use crate::report::{ExecutionSummary, ZoneReport};

/// Call records and log lines one run keeps for its page, over all its executions; the
/// executions after that keep none (the page says how many): a year of hourly triggers
/// would otherwise hold every call in memory.
pub const TRACE_RECORDS_PER_RUN_MAX: usize = 100_000;
/// Bytes of log text those traces keep, all executions together (a log line may hold
/// 256 KiB): past it, as past the record count, later executions keep no trace.
pub const TRACE_LOG_BYTES_PER_RUN_MAX: usize = 64 * 1024 * 1024;
/// Lanes of overlapping executions drawn per zone; more overlap shares the last lane
/// (the scheduler allows 64 in flight).
pub const LANES_MAX: usize = 64;
/// Groups of errors the page lists per zone run, and executions it links per group.
const ERROR_GROUPS_MAX: usize = 50;
const GROUP_MEMBERS_MAX: usize = 1_000;
/// Tick marks of one level of the time axis; a finer level with more is left out (minute
/// ticks for a run of a day, 10-minute ticks for ten days: the page's size follows).
const AXIS_TICKS_MAX: usize = 1_500;
/// Points of the mail quota line (two per send and reset at most).
const QUOTA_POINTS_MAX: usize = 200_000;

/// What one execution did, kept for the page.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExecutionTrace {
    pub calls: Vec<CallRecord>,
    pub calls_dropped: u64,
    pub logs: Vec<LogLine>,
    pub logs_dropped: u64,
    /// `[from, to)` of each wait for a lock (`waitLock`/`tryLock` beyond their modelled
    /// latency), with the method.
    pub lock_waits: Vec<LockWait>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LockWait {
    pub from_utc_ms: i64,
    pub until_utc_ms: i64,
    pub method: String,
    pub outcome: String,
}

impl ExecutionTrace {
    /// The trace of `report`; `modelled_latency_ms(method)` is the latency the run's model
    /// gave a call, so what a lock call took beyond it is the wait.
    pub fn of(report: &gas_engine::ExecutionReport, modelled_latency_ms: impl Fn(&str) -> i64) -> ExecutionTrace {
        let lock_waits = report
            .calls
            .items
            .iter()
            .filter(|c| matches!(c.method.as_str(), "Lock.waitLock" | "Lock.tryLock"))
            .filter_map(|c| {
                let waited_ms = c.latency_ms - modelled_latency_ms(&c.method);
                (waited_ms > 0).then(|| LockWait {
                    from_utc_ms: c.at_utc_ms,
                    until_utc_ms: c.at_utc_ms.saturating_add(waited_ms),
                    method: c.method.clone(),
                    outcome: c.outcome.clone(),
                })
            })
            .collect();
        ExecutionTrace {
            calls: report.calls.items.clone(),
            calls_dropped: report.calls.dropped,
            logs: report.logs.items.clone(),
            logs_dropped: report.logs.dropped,
            lock_waits,
        }
    }

    pub fn records(&self) -> usize {
        self.calls.len() + self.logs.len()
    }

    pub fn log_bytes(&self) -> usize {
        self.logs.iter().map(|l| l.text.len()).sum()
    }
}

/// Keeps traces for a run up to `TRACE_RECORDS_PER_RUN_MAX` records.
#[derive(Debug, Default)]
pub struct TraceBudget {
    records: usize,
    log_bytes: usize,
    pub dropped_executions: u64,
    /// Bytes of log text the summaries kept (their `logs` and `warnings`).
    summary_log_bytes: usize,
}

/// Bytes of log text the execution summaries of one run keep, all together (the text
/// report's groups, `logs` expectations, JSON `warnings`): past it an execution's lines
/// are replaced by a note saying how many were not kept.
pub const SUMMARY_LOG_BYTES_PER_RUN_MAX: usize = 64 * 1024 * 1024;

impl TraceBudget {
    /// Keeps `summary`'s log lines and warnings while the run has room for them, else
    /// replaces them with a note (never silently).
    pub fn keep_logs(&mut self, summary: &mut ExecutionSummary) {
        let bytes = summary.logs.iter().map(|l| l.text.len()).sum::<usize>()
            + summary.warnings.iter().map(String::len).sum::<usize>();
        if self.summary_log_bytes + bytes <= SUMMARY_LOG_BYTES_PER_RUN_MAX {
            self.summary_log_bytes += bytes;
            return;
        }
        let lines = summary.logs.len().max(summary.warnings.len());
        summary.logs = Vec::new();
        summary.warnings = vec![format!(
            "gas-sim: {lines} log lines of this execution not kept: a run keeps {SUMMARY_LOG_BYTES_PER_RUN_MAX} bytes of log text"
        )];
    }

    /// `trace` as the summary keeps it, or `None` once the run's budget is spent.
    pub fn keep(&mut self, trace: ExecutionTrace) -> Option<Arc<ExecutionTrace>> {
        let log_bytes = trace.log_bytes();
        if self.records + trace.records() > TRACE_RECORDS_PER_RUN_MAX
            || self.log_bytes + log_bytes > TRACE_LOG_BYTES_PER_RUN_MAX
        {
            self.dropped_executions += 1;
            return None;
        }
        self.records += trace.records();
        self.log_bytes += log_bytes;
        Some(Arc::new(trace))
    }
}

/// A cache eviction the scheduler made: a scenario's `[[evictions]]` entry, or an early
/// eviction (`early_eviction_probability`) that removed at least one key.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Eviction {
    pub at_utc_ms: i64,
    /// `script`, `user` or `document`.
    pub cache: String,
    pub keys_evicted: usize,
    /// The `[[evictions]]` glob; `None` for an early eviction.
    pub pattern: Option<String>,
}

impl Eviction {
    pub fn new(
        at_utc_ms: i64,
        cache: gas_platform::cache::CacheScope,
        keys_evicted: usize,
        pattern: Option<String>,
    ) -> Eviction {
        Eviction { at_utc_ms, cache: format!("{cache:?}").to_lowercase(), keys_evicted, pattern }
    }
}

/// What only the page shows of a run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimelineData {
    /// The run kept traces (else the page has bars without details).
    pub kept: bool,
    pub evictions: Vec<Eviction>,
    /// `(at_utc_ms, recipients remaining)`, a step line from the start to the end.
    pub mail_quota: Vec<(i64, u32)>,
    pub mail_quota_per_day: u32,
    /// Executions whose trace was not kept (`TRACE_RECORDS_PER_RUN_MAX`).
    pub traces_dropped: u64,
}

/// The mail quota over a run: the platform's own rule (`Mail::send`, `Mail::remaining`)
/// replayed over the mail the run sent, from the quota the run started with. A step at
/// each send and at each reset of the quota window.
pub fn mail_quota_line(
    initial: &Mail,
    sent_after: &Mail,
    zone: chrono_tz::Tz,
    start_utc_ms: i64,
    end_utc_ms: i64,
) -> Vec<(i64, u32)> {
    let mut mail = initial.clone();
    let already_sent = initial.sent.len();
    let mut points = vec![(start_utc_ms, mail.remaining(start_utc_ms, zone))];
    let step_to = |mail: &mut Mail, at_utc_ms: i64, points: &mut Vec<(i64, u32)>| {
        // A reset between the last point and this time: the line steps up at the reset.
        if let Some(window_start) = mail.quota.window_start_utc_ms {
            let reset_at = mail.quota_reset.reset_at(window_start, zone);
            if reset_at <= at_utc_ms {
                points.push((reset_at, mail.remaining(reset_at, zone)));
            }
        }
        let _ = mail.remaining(at_utc_ms, zone);
    };
    for sent in sent_after.sent.iter().skip(already_sent) {
        if points.len() >= QUOTA_POINTS_MAX {
            break;
        }
        step_to(&mut mail, sent.at_utc_ms, &mut points);
        // Replayed as sent: it was accepted then, so it is again (same rule, same state).
        let _ = mail.send(sent.mail.clone(), sent.at_utc_ms, zone);
        points.push((sent.at_utc_ms, mail.remaining(sent.at_utc_ms, zone)));
    }
    step_to(&mut mail, end_utc_ms, &mut points);
    points.push((end_utc_ms, mail.remaining(end_utc_ms, zone)));
    points
}

/// Lanes one function's track may take; more overlap of that function shares its last.
pub const LANES_PER_TRACK_MAX: usize = 16;

/// The executions of a zone run by function: one track per function, in order of first
/// start, each with as many lanes as its executions overlap (the first lane free by an
/// execution's start). The page draws a track per function with its label; the trace
/// (`trace_events`) a thread per lane.
#[derive(Debug, Clone, PartialEq)]
pub struct Tracks {
    /// Each track's function and its lane count.
    pub functions: Vec<(String, usize)>,
    /// Each execution's `(track, lane within the track)`, in the order given.
    pub of_execution: Vec<(usize, usize)>,
}

impl Tracks {
    pub fn of(executions: &[ExecutionSummary]) -> Tracks {
        let mut functions: Vec<(String, usize)> = Vec::new();
        // Per track: when each of its lanes is free again.
        let mut lane_ends: Vec<Vec<i64>> = Vec::new();
        let mut of_execution = Vec::with_capacity(executions.len());
        for e in executions {
            let track = match functions.iter().position(|(f, _)| *f == e.function) {
                Some(track) => track,
                None => {
                    functions.push((e.function.clone(), 0));
                    lane_ends.push(Vec::new());
                    functions.len() - 1
                }
            };
            let ends = &mut lane_ends[track];
            let lane = match ends.iter().position(|&end| end <= e.start_utc_ms) {
                Some(lane) => lane,
                None if ends.len() < LANES_PER_TRACK_MAX => {
                    ends.push(i64::MIN);
                    ends.len() - 1
                }
                None => LANES_PER_TRACK_MAX - 1,
            };
            // A refused start has no length: it still takes its place.
            ends[lane] = ends[lane].max(e.end_utc_ms.max(e.start_utc_ms + 1));
            functions[track].1 = ends.len();
            of_execution.push((track, lane));
        }
        Tracks { functions, of_execution }
    }

    /// The first lane of each track when the tracks are stacked, and the total.
    pub fn first_lanes(&self) -> (Vec<usize>, usize) {
        let mut first = Vec::with_capacity(self.functions.len());
        let mut total = 0;
        for (_, lanes) in &self.functions {
            first.push(total);
            total += lanes;
        }
        (first, total)
    }

    /// Each execution's lane on the whole page (tracks stacked), capped at `LANES_MAX`.
    pub fn page_lanes(&self) -> Vec<usize> {
        let (first, _) = self.first_lanes();
        self.of_execution.iter().map(|&(track, lane)| (first[track] + lane).min(LANES_MAX - 1)).collect()
    }
}

/// The time axis (each tick's time from the run's start, and its label): levels of ticks (1 minute to 1 month apart) with local labels, each
/// with at most `AXIS_TICKS_MAX` ticks; the page picks the level that fits its zoom.
fn axis(zone: chrono_tz::Tz, start_utc_ms: i64, end_utc_ms: i64) -> Vec<Value> {
    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;
    let steps: [(i64, &str); 9] = [
        (MINUTE, "%H:%M"),
        (10 * MINUTE, "%H:%M"),
        (HOUR, "%H:%M"),
        (6 * HOUR, "%a %d %H:%M"),
        (24 * HOUR, "%a %d %b"),
        (7 * 24 * HOUR, "%d %b"),
        (30 * 24 * HOUR, "%b %Y"),
        (91 * 24 * HOUR, "%b %Y"),
        (365 * 24 * HOUR, "%Y"),
    ];
    let span_ms = (end_utc_ms - start_utc_ms).max(1);
    steps
        .iter()
        .filter(|(step, _)| span_ms / step < AXIS_TICKS_MAX as i64)
        .map(|&(step_ms, format)| {
            let ticks: Vec<Value> = local_ticks(zone, start_utc_ms, end_utc_ms, step_ms)
                .into_iter()
                // Relative to the run's start: shorter numbers in a page of many runs.
                .map(|at| json!([at - start_utc_ms, utc_ms_to_local(zone, at).format(format).to_string()]))
                .collect();
            json!({ "step_ms": step_ms, "ticks": ticks })
        })
        .collect()
}

/// Offset changes a run of many years still draws (two a year).
const OFFSET_CHANGES_MAX: usize = 200;

/// Where the zone's UTC offset changes inside `[start, end)` (a DST change): the instant
/// (to the minute) and `+01:00 → +02:00`, so the page can mark it on the axis.
pub fn offset_changes(zone: chrono_tz::Tz, start_utc_ms: i64, end_utc_ms: i64) -> Vec<(i64, String)> {
    use gas_platform::time::offset_seconds_at;
    const HOUR_MS: i64 = 3_600_000;
    const MINUTE_MS: i64 = 60_000;
    let shown = |offset_s: i32| {
        let sign = if offset_s < 0 { '-' } else { '+' };
        format!("{sign}{:02}:{:02}", offset_s.abs() / 3600, offset_s.abs() % 3600 / 60)
    };
    let mut changes = Vec::new();
    let mut at = start_utc_ms;
    let mut offset = offset_seconds_at(zone, at);
    while at < end_utc_ms && changes.len() < OFFSET_CHANGES_MAX {
        let next = (at + HOUR_MS).min(end_utc_ms);
        let next_offset = offset_seconds_at(zone, next);
        if next_offset != offset {
            // The first minute with the new offset, between `at` and `next`.
            let (mut low, mut high) = (at, next);
            while high - low > MINUTE_MS {
                let middle = low + (high - low) / 2;
                if offset_seconds_at(zone, middle) == offset {
                    low = middle
                } else {
                    high = middle
                }
            }
            let change = high - high.rem_euclid(MINUTE_MS);
            changes.push((change, format!("{} \u{2192} {}", shown(offset), shown(next_offset))));
            offset = next_offset;
        }
        at = next;
    }
    changes
}

/// Instants in `[start, end]` where local wall time is a multiple of `step_ms` since the
/// local midnight of the start (days and longer: at local midnights, so DST shifts no
/// day tick).
fn local_ticks(zone: chrono_tz::Tz, start_utc_ms: i64, end_utc_ms: i64, step_ms: i64) -> Vec<i64> {
    use chrono::{Datelike, NaiveTime};
    const DAY: i64 = 86_400_000;
    let first_local = utc_ms_to_local(zone, start_utc_ms);
    let mut out = Vec::new();
    if step_ms < DAY {
        let midnight = gas_platform::time::local_to_utc_ms(zone, first_local.date().and_time(NaiveTime::MIN));
        let mut at = midnight + ((start_utc_ms - midnight).max(0) / step_ms) * step_ms;
        while at <= end_utc_ms && out.len() < AXIS_TICKS_MAX {
            if at >= start_utc_ms {
                out.push(at);
            }
            at += step_ms;
        }
        return out;
    }
    let days = (step_ms / DAY) as u64;
    let mut date = first_local.date();
    if days >= 30 {
        date = date.with_day(1).unwrap_or(date);
    }
    loop {
        let at = gas_platform::time::local_to_utc_ms(zone, date.and_time(NaiveTime::MIN));
        if at > end_utc_ms || out.len() >= AXIS_TICKS_MAX {
            return out;
        }
        if at >= start_utc_ms {
            out.push(at);
        }
        date = if days >= 30 {
            let months = (days / 30) as u32;
            date.checked_add_months(chrono::Months::new(if days >= 365 { 12 } else { months }))
        } else {
            date.checked_add_days(chrono::Days::new(days))
        }
        .unwrap_or(chrono::NaiveDate::MAX);
        if date == chrono::NaiveDate::MAX {
            return out;
        }
    }
}

/// Whether an execution ended at the platform's 6-minute limit (or gas-sim's step budget,
/// reported as it).
fn killed_at_limit(e: &ExecutionSummary) -> bool {
    e.ran_too_long()
}

/// The page's data: one object per zone run.
pub fn view(reports: &[ZoneReport]) -> Value {
    let zones: Vec<Value> = reports.iter().map(zone_view).collect();
    json!({ "gas_sim_timeline": 1, "zones": zones })
}

fn zone_view(report: &ZoneReport) -> Value {
    let local = |ms: i64| utc_ms_to_local(report.tz, ms).format("%Y-%m-%d %H:%M:%S%.3f").to_string();
    let tracks = Tracks::of(&report.executions);
    let lanes = tracks.page_lanes();
    let mut marks = Vec::new();
    let executions: Vec<Value> = report
        .executions
        .iter()
        .zip(&lanes)
        .map(|(e, lane)| {
            if let Some(trace) = &e.trace {
                for call in trace.calls.iter().filter(|c| c.fault.is_some()) {
                    marks.push(json!({
                        "kind": "fault",
                        "at": call.at_utc_ms,
                        "exec": e.exec_id,
                        "text": format!("{} {}: fault {} -> {}", local(call.at_utc_ms), call.method, call.fault.as_deref().unwrap_or_default(), call.outcome),
                    }));
                }
            }
            if e.response_lost {
                marks.push(json!({
                    "kind": "lost",
                    "at": e.end_utc_ms,
                    "exec": e.exec_id,
                    "text": format!("{} the response to {} never reached the client", local(e.end_utc_ms), e.source),
                }));
            }
            execution_view(e, *lane, &local)
        })
        .collect();
    for eviction in &report.timeline.evictions {
        let what = match &eviction.pattern {
            Some(pattern) => format!("[[evictions]] {pattern:?}"),
            None => "early eviction".to_string(),
        };
        marks.push(json!({
            "kind": "eviction",
            "at": eviction.at_utc_ms,
            "text": format!("{} {what}: {} key(s) of the {} cache", local(eviction.at_utc_ms), eviction.keys_evicted, eviction.cache),
        }));
    }
    let mail: Vec<Value> = report
        .mail
        .iter()
        .map(|m| json!({ "at": m.at_utc_ms, "local": m.local_time, "to": m.to.join(", "), "subject": m.subject }))
        .collect();
    let expectations: Vec<Value> = report
        .expectations
        .iter()
        .map(|e| json!({ "label": e.label, "passed": e.passed, "expected": e.expected, "actual": e.actual, "evidence": e.evidence }))
        .collect();
    let errors: Vec<Value> = crate::why::error_groups(&report.executions)
        .iter()
        .take(ERROR_GROUPS_MAX)
        .map(|group| {
            let mut members = crate::why::error_group_members(&report.executions, group);
            members.truncate(GROUP_MEMBERS_MAX);
            json!({
                "kind": group.kind, "site": group.site, "text": group.text, "count": group.count,
                "functions": group.functions, "first": local(group.first_utc_ms), "last": local(group.last_utc_ms),
                "execs": members,
            })
        })
        .collect();
    let submissions: Vec<Value> = report
        .submissions
        .iter()
        .map(|sub| {
            let attempts: Vec<Value> = sub
                .attempts
                .iter()
                .map(|a| json!([a.at_utc_ms, a.exec_id, a.outcome, a.status, a.known_at_utc_ms, a.resubmit]))
                .collect();
            let label = sub.label.clone().unwrap_or_else(|| format!("#{}", sub.index));
            json!({ "label": label, "client": sub.client, "concluded": sub.concluded, "attempts": attempts })
        })
        .collect();
    let (first_lanes, _) = tracks.first_lanes();
    let track_views: Vec<Value> = tracks
        .functions
        .iter()
        .zip(&first_lanes)
        .filter(|(_, first)| **first < LANES_MAX)
        .map(|((function, lanes), first)| json!({ "function": function, "lane": first, "lanes": (*lanes).min(LANES_MAX - first) }))
        .collect();
    json!({
        "scenario": report.scenario,
        "zone": report.zone,
        "seed": report.seed,
        "passed": report.passed,
        "replay": report.replay_command(),
        "start": report.start_utc_ms,
        "end": report.end_utc_ms,
        "start_local": local(report.start_utc_ms),
        "end_local": local(report.end_utc_ms),
        "axis": axis(report.tz, report.start_utc_ms, report.end_utc_ms),
        "offset_changes": offset_changes(report.tz, report.start_utc_ms, report.end_utc_ms)
            .into_iter()
            .map(|(at, text)| json!({ "at": at, "text": format!("{} UTC offset {text}", local(at)) }))
            .collect::<Vec<_>>(),
        "tracks": track_views,
        "executions": executions,
        "marks": marks,
        "mail": mail,
        "quota": { "per_day": report.timeline.mail_quota_per_day, "points": report.timeline.mail_quota },
        "expectations": expectations,
        "errors": errors,
        "submissions": submissions,
        "traces_kept": report.timeline.kept,
        "traces_dropped": report.timeline.traces_dropped,
        "warnings": report.warnings,
    })
}

fn execution_view(e: &ExecutionSummary, lane: usize, local: &dyn Fn(i64) -> String) -> Value {
    let (calls, logs, lock_waits, dropped) = match &e.trace {
        Some(t) => {
            let calls: Vec<Value> = t
                .calls
                .iter()
                .map(|c| json!([local(c.at_utc_ms), c.method, c.args, c.outcome, c.latency_ms, c.fault]))
                .collect();
            let logs: Vec<Value> = t.logs.iter().map(|l| json!([local(l.at_utc_ms), l.level.name(), l.text])).collect();
            let waits: Vec<Value> =
                t.lock_waits.iter().map(|w| json!([w.from_utc_ms, w.until_utc_ms, w.method, w.outcome])).collect();
            (calls, logs, waits, json!([t.calls_dropped, t.logs_dropped]))
        }
        None => (Vec::new(), Vec::new(), Vec::new(), Value::Null),
    };
    let mut view = json!({
        "id": e.exec_id,
        "function": e.function,
        "source": e.source,
        "start": e.start_utc_ms,
        "end": e.end_utc_ms,
        "start_local": local(e.start_utc_ms),
        "end_local": local(e.end_utc_ms),
        "outcome": e.outcome,
        "lane": lane,
    });
    // What most executions lack is left out (the page fills in the defaults): a page of
    // thousands of executions stays small.
    let optional = [
        ("killed_at_limit", json!(killed_at_limit(e)), !killed_at_limit(e)),
        ("error", json!(e.error), e.error.is_none()),
        ("warnings", json!(e.warnings), e.warnings.is_empty()),
        ("lock_waits", json!(lock_waits), lock_waits.is_empty()),
        ("calls", json!(calls), calls.is_empty()),
        ("logs", json!(logs), logs.is_empty()),
        ("dropped", dropped, e.trace.is_none()),
        ("has_trace", json!(true), e.trace.is_none()),
    ];
    for (key, value, absent) in optional {
        if !absent {
            view[key] = value;
        }
    }
    view
}

#[cfg(test)]
mod tests;
