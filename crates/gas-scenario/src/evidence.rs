//! What a failed expectation shows beside "expected E, got A": the nearest evidence, so
//! that the user learns why without opening `--format json` (issue 15). The items that
//! matched (with their local times), or, when none did, the nearest ones: the same
//! filter outside the window, the function's other executions, the subjects that were
//! sent, the cell's row.

use chrono_tz::Tz;
use gas_platform::World;

use crate::clients::report::{ResponseSeen, SubmissionReport};
use crate::expect::{Check, Expectation};
use crate::expect_kinds::{Window, EVIDENCE_LINES_MAX};
use crate::local_time::LocalTimes;
use crate::report::ExecutionSummary;

/// Characters of one evidence line's quoted text (a subject, an error, a log line).
const TEXT_CHARS_MAX: usize = 120;

pub fn of(
    e: &Expectation,
    executions: &[ExecutionSummary],
    world: &World,
    times: &LocalTimes,
    submissions: &[SubmissionReport],
) -> Vec<String> {
    let zone = times.zone;
    let lines = match &e.check {
        Check::Mail { filter, on } => {
            let matching: Vec<_> = world.mail.sent.iter().filter(|s| filter.matches(&s.mail)).collect();
            if matching.is_empty() {
                subjects_sent(world)
            } else {
                matching
                    .iter()
                    .map(|s| {
                        let day_ok =
                            on.is_none_or(|d| gas_platform::time::utc_ms_to_local(zone, s.at_utc_ms).date() == d);
                        let place = where_in(e.window, s.at_utc_ms, day_ok);
                        format!(
                            "mail {} to {}: {}{place}",
                            times.second(s.at_utc_ms),
                            s.mail.to.join(","),
                            short(&s.mail.subject)
                        )
                    })
                    .collect()
            }
        }
        Check::Executions(check) => {
            let matching: Vec<&ExecutionSummary> = executions.iter().filter(|x| check.matches(x, zone)).collect();
            let shown: Vec<&ExecutionSummary> = if matching.is_empty() {
                // The function's executions, whatever they did: which outcome, hour or error they had.
                executions.iter().filter(|x| check.function.as_ref().is_none_or(|f| *f == x.function)).collect()
            } else {
                matching
            };
            if shown.is_empty() {
                vec![format!("no execution of {} ran", check.function.as_deref().unwrap_or("any function"))]
            } else {
                shown.iter().map(|x| execution_line(x, times, e.window)).collect()
            }
        }
        Check::Logs(check) => {
            let line = |x: &ExecutionSummary, l: &gas_platform::trace::LogLine, place: &str| {
                format!("{} {} {}: {}{place}", times.second(l.at_utc_ms), x.function, l.level.name(), short(&l.text))
            };
            let matching: Vec<String> = check
                .lines(executions, Window::default())
                .map(|(x, l)| line(x, l, where_in(e.window, l.at_utc_ms, true)))
                .collect();
            if !matching.is_empty() {
                matching
            } else {
                let logged: Vec<String> = executions
                    .iter()
                    .flat_map(|x| x.logs.iter().map(move |l| (x, l)))
                    .filter(|(_, l)| check.level.is_none_or(|level| l.level == level))
                    .map(|(x, l)| line(x, l, ""))
                    .collect();
                if logged.is_empty() {
                    vec![format!(
                        "nothing was logged{}",
                        check.level.map(|l| format!(" at {}", l.name())).unwrap_or_default()
                    )]
                } else {
                    logged
                }
            }
        }
        Check::Requests(_) => {
            let requests: Vec<String> = executions
                .iter()
                .filter(|x| x.source.ends_with(" request"))
                .filter_map(|x| {
                    let line = x.response_line(TEXT_CHARS_MAX)?;
                    Some(format!("{} {} {} {line}", times.second(x.start_utc_ms), x.source, x.function))
                })
                .collect();
            if requests.is_empty() {
                vec!["no [[requests]] were made".into()]
            } else {
                requests
            }
        }
        Check::Column { spreadsheet, sheet, column, duplicates } => {
            let values = crate::expect_kinds::column_values(world, spreadsheet, sheet, *column, zone);
            let filled: u64 = values.values().sum();
            let mut lines = vec![format!("{filled} non-blank cells, {} distinct values", values.len())];
            let mut repeated: Vec<(&String, &u64)> = values.iter().filter(|(_, n)| **n > 1).collect();
            // Most repeated first, then by value: deterministic.
            repeated.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            lines.extend(repeated.iter().map(|(v, n)| format!("{} occurs {n} times", short(v))));
            if !duplicates && repeated.is_empty() && filled > 0 {
                lines.push("no value occurs twice".into());
            }
            lines
        }
        Check::Cell { spreadsheet, sheet, a1, aspect } => {
            let mut lines = cell_row(world, spreadsheet, sheet, a1, zone);
            if *aspect == crate::expect_cell::CellAspect::Display {
                // What the format was applied to: a wrong value and a wrong format read apart.
                let value = world
                    .spreadsheets
                    .get_sheet_by_name(spreadsheet, sheet)
                    .ok()
                    .flatten()
                    .and_then(|s| world.spreadsheets.get_range_a1(&s, a1).ok())
                    .and_then(|r| world.spreadsheets.get_value(&r).ok());
                if let Some(value) = value {
                    lines.push(format!("its value: {}", short(&crate::expect::cell_text(&value, zone))));
                }
            }
            lines
        }
        Check::Events(check) => {
            // The events that matched, or else every event (what the filter missed).
            let matching: Vec<String> = check.events(world).map(|e| format!("{:?}", e.title)).collect();
            if !matching.is_empty() {
                matching
            } else if world.calendar.events.is_empty() {
                vec!["no calendar event was made".into()]
            } else {
                world
                    .calendar
                    .summary(zone)
                    .iter()
                    .map(|e| format!("{} {:?} in {}", e.when, e.title, e.calendar))
                    .collect()
            }
        }
        Check::Drive(check) => {
            // The items that matched, or else every item (what the filter missed).
            let matching = check.items(world);
            let shown = if matching.is_empty() { world.drive.summary() } else { matching };
            if shown.is_empty() {
                vec!["the Drive holds nothing".into()]
            } else {
                let trash = |trashed: bool| if trashed { "  (in the trash)" } else { "" };
                shown.iter().map(|i| format!("{}  {}{}", i.path, i.mime_type, trash(i.trashed))).collect()
            }
        }
        Check::SheetRows { spreadsheet, sheet } => {
            let rows = world
                .spreadsheets
                .all()
                .iter()
                .find(|b| b.id() == spreadsheet)
                .and_then(|b| b.sheets().iter().find(|s| s.name() == sheet))
                .map(|s| s.rows().to_vec())
                .unwrap_or_default();
            match rows.last() {
                Some(last) => vec![format!("last row ({}): {}", rows.len(), row_text(last, zone))],
                None => vec![format!("no sheet {sheet:?} with rows in {spreadsheet:?}")],
            }
        }
        Check::Property { key } if world.properties.script.get(key).is_none() => {
            let keys: Vec<&String> = world.properties.script.entries().keys().collect();
            vec![format!("script properties set: {}", if keys.is_empty() { "none".into() } else { join_short(&keys) })]
        }
        Check::Submissions(check) => {
            let matching: Vec<&SubmissionReport> = submissions.iter().filter(|s| check.matches(s)).collect();
            if submissions.is_empty() {
                vec!["no [[submissions]] were made".into()]
            } else if !matching.is_empty() {
                matching.iter().map(|s| submission_line(s, times, e.window)).collect()
            } else {
                // The same message (label, client), whatever became of it; else all of them.
                let same: Vec<&SubmissionReport> = submissions
                    .iter()
                    .filter(|s| {
                        check.label.as_ref().is_none_or(|l| s.label.as_ref() == Some(l))
                            && check.client.as_ref().is_none_or(|c| *c == s.client)
                    })
                    .collect();
                let shown = if same.is_empty() { submissions.iter().collect() } else { same };
                let mut lines = vec!["no submission matched; the nearest:".to_string()];
                lines.extend(shown.iter().map(|s| submission_line(s, times, e.window)));
                lines
            }
        }
        Check::Responses(check) => {
            let all = crate::clients::report::responses(submissions, executions);
            let matching: Vec<&ResponseSeen> = all.iter().filter(|r| check.matches(r)).collect();
            if all.is_empty() {
                vec!["no request was made: no response".into()]
            } else if !matching.is_empty() {
                matching.iter().map(|r| response_line(r, times, e.window)).collect()
            } else {
                let same: Vec<&ResponseSeen> =
                    all.iter().filter(|r| check.label.as_ref().is_none_or(|l| r.label == Some(l.as_str()))).collect();
                let shown = if same.is_empty() { all.iter().collect() } else { same };
                let mut lines = vec!["no response matched; the nearest:".to_string()];
                lines.extend(shown.iter().map(|r| response_line(r, times, e.window)));
                lines
            }
        }
        Check::Property { .. } => Vec::new(),
    };
    cap(lines)
}

/// `2025-06-13 09:20:00 #3 "retried" form: saved, attempts 2, rows 1, mails 1`.
fn submission_line(s: &SubmissionReport, times: &LocalTimes, window: Window) -> String {
    let label = s.label.as_ref().map(|l| format!(" {}", short(l))).unwrap_or_default();
    format!(
        "{} #{}{label} {}: {}, attempts {}, rows {}, mails {}{}",
        times.second(s.at_utc_ms),
        s.index,
        s.client,
        s.concluded,
        s.attempts.len(),
        s.rows,
        s.mails,
        where_in(window, s.at_utc_ms, true)
    )
}

/// `2025-06-13 09:00:00 "resubmitted": lost` or `... request: delivered 200 "{...}"`.
fn response_line(r: &ResponseSeen, times: &LocalTimes, window: Window) -> String {
    let to = r.label.map(short).unwrap_or_else(|| "request".into());
    let answer = match (r.status, r.body) {
        (Some(status), Some(body)) => format!(" {status} {}", short(body)),
        (Some(status), None) => format!(" {status}"),
        _ => String::new(),
    };
    format!("{} {to}: {}{answer}{}", times.second(r.sent_utc_ms), r.outcome, where_in(window, r.sent_utc_ms, true))
}

/// ` (outside the window)`, ` (another day)` or nothing.
fn where_in(window: Window, at_utc_ms: i64, day_ok: bool) -> &'static str {
    match (window.contains(at_utc_ms), day_ok) {
        (true, true) => "",
        (false, _) => " (outside the window)",
        (true, false) => " (another day)",
    }
}

fn execution_line(x: &ExecutionSummary, times: &LocalTimes, window: Window) -> String {
    let error = x.error.as_ref().map(|m| format!(": {}", short(m))).unwrap_or_default();
    let place = where_in(window, x.start_utc_ms, true);
    format!("{} {} {}{error}{place}", times.second(x.start_utc_ms), x.function, x.outcome)
}

/// The subjects sent, with how many mails each (nothing matched the filter).
fn subjects_sent(world: &World) -> Vec<String> {
    if world.mail.sent.is_empty() {
        return vec!["no mail was sent".into()];
    }
    let mut by_subject: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    for s in &world.mail.sent {
        *by_subject.entry(s.mail.subject.as_str()).or_default() += 1;
    }
    let mut lines = vec!["no mail matched; subjects sent:".to_string()];
    lines.extend(by_subject.iter().map(|(subject, n)| format!("{n}x {}", short(subject))));
    lines
}

/// The row of a cell, as display text (the cell's value is the report's "got").
fn cell_row(world: &World, spreadsheet: &str, sheet: &str, a1: &str, zone: Tz) -> Vec<String> {
    let Some(range) = gas_platform::sheets::a1::parse(a1) else { return Vec::new() };
    let Some(row_number) = range.start.row else { return Vec::new() };
    let rows = world
        .spreadsheets
        .all()
        .iter()
        .find(|b| b.id() == spreadsheet)
        .and_then(|b| b.sheets().iter().find(|s| s.name() == sheet))
        .map(|s| s.rows().to_vec())
        .unwrap_or_default();
    match rows.get((row_number as usize).saturating_sub(1)) {
        Some(row) => vec![format!("row {row_number}: {}", row_text(row, zone))],
        None => vec![format!("the sheet has {} rows", rows.len())],
    }
}

fn row_text(row: &[gas_platform::CellValue], zone: Tz) -> String {
    let cells: Vec<String> = row.iter().map(|c| crate::expect::cell_text(c, zone)).collect();
    short(&cells.join(","))
}

fn join_short(keys: &[&String]) -> String {
    short(&keys.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", "))
}

/// One line, quoted when cut: `"Watchdog: 2 problems"`.
fn short(text: &str) -> String {
    let one_line = text.replace('\n', "\\n");
    if one_line.chars().count() <= TEXT_CHARS_MAX {
        return format!("{one_line:?}");
    }
    format!("{:?}...", one_line.chars().take(TEXT_CHARS_MAX).collect::<String>())
}

fn cap(mut lines: Vec<String>) -> Vec<String> {
    if lines.len() > EVIDENCE_LINES_MAX {
        let more = lines.len() - (EVIDENCE_LINES_MAX - 1);
        lines.truncate(EVIDENCE_LINES_MAX - 1);
        lines.push(format!("... and {more} more (--format json has the run whole)"));
    }
    lines
}
