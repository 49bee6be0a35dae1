//! The "why" of a run's text report (issue 15): failed and killed executions grouped by
//! error, warning and error log lines grouped by text (an execution that caught its error
//! and logged it "completed"), and mail grouped by subject; each group with its count,
//! its first and last local time and where it was thrown. Groups are sorted by count,
//! then first time, then text: the same bytes for the same run.

use std::collections::BTreeMap;
use std::fmt::Write;

use gas_platform::trace::LogLevel;

use crate::local_time::LocalTimes;
use crate::report::{ExecutionSummary, MailLine};

/// Groups of one kind the text report shows (`--verbose` shows them all).
pub const GROUPS_SHOWN_MAX: usize = 10;
/// Characters of a group's text on its line.
const GROUP_TEXT_CHARS_MAX: usize = 160;
/// Functions named on a group's line.
const FUNCTIONS_NAMED_MAX: usize = 3;

/// Items with the same key: how many, when first and last, by which functions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// `failed`, `killed`, `warning`, `error`, or empty for mail.
    pub kind: String,
    /// `Code.gs:12` for a thrown error.
    pub site: Option<String>,
    pub text: String,
    pub count: u64,
    pub first_utc_ms: i64,
    pub last_utc_ms: i64,
    pub functions: Vec<String>,
}

type Key = (String, Option<String>, String);

fn add(groups: &mut BTreeMap<Key, Group>, key: Key, at_utc_ms: i64, function: &str) {
    let group = groups.entry(key.clone()).or_insert_with(|| Group {
        kind: key.0,
        site: key.1,
        text: key.2,
        count: 0,
        first_utc_ms: at_utc_ms,
        last_utc_ms: at_utc_ms,
        functions: Vec::new(),
    });
    group.count += 1;
    group.first_utc_ms = group.first_utc_ms.min(at_utc_ms);
    group.last_utc_ms = group.last_utc_ms.max(at_utc_ms);
    if !function.is_empty() && !group.functions.iter().any(|f| f == function) {
        group.functions.push(function.to_string());
    }
}

fn sorted(groups: BTreeMap<Key, Group>) -> Vec<Group> {
    let mut groups: Vec<Group> = groups.into_values().collect();
    groups.sort_by(|a, b| b.count.cmp(&a.count).then(a.first_utc_ms.cmp(&b.first_utc_ms)).then(a.text.cmp(&b.text)));
    groups.iter_mut().for_each(|g| g.functions.sort());
    groups
}

/// The text of an execution's error without its ` (Code.gs:12)` (the group shows the site).
fn error_text(e: &ExecutionSummary) -> String {
    let error = e.error.clone().unwrap_or_default();
    match &e.error_site {
        Some(site) => error.strip_suffix(&format!(" ({site})")).map(str::to_string).unwrap_or(error),
        None => error,
    }
}

/// Failed and killed executions by outcome, site and error text.
pub fn error_groups(executions: &[ExecutionSummary]) -> Vec<Group> {
    let mut groups = BTreeMap::new();
    for e in executions.iter().filter(|e| e.outcome != "completed") {
        add(&mut groups, (e.outcome.clone(), e.error_site.clone(), error_text(e)), e.start_utc_ms, &e.function);
    }
    sorted(groups)
}

/// The executions of an error group (from `error_groups` of the same executions), in order.
pub fn error_group_members(executions: &[ExecutionSummary], group: &Group) -> Vec<u64> {
    executions
        .iter()
        .filter(|e| e.outcome == group.kind && e.error_site == group.site && error_text(e) == group.text)
        .map(|e| e.exec_id)
        .collect()
}

/// Warning and error lines the scripts logged, by level and text; without the line the
/// platform adds for an uncaught error (that execution is in `error_groups`).
pub fn log_groups(executions: &[ExecutionSummary]) -> Vec<Group> {
    let mut groups = BTreeMap::new();
    for e in executions {
        let uncaught = (e.outcome == "failed").then(|| error_text(e));
        for line in &e.logs {
            if !matches!(line.level, LogLevel::Warning | LogLevel::Error) || Some(&line.text) == uncaught.as_ref() {
                continue;
            }
            add(&mut groups, (line.level.name().to_string(), None, line.text.clone()), line.at_utc_ms, &e.function);
        }
    }
    sorted(groups)
}

/// Sent mail by subject.
pub fn subject_groups(mail: &[MailLine]) -> Vec<Group> {
    let mut groups = BTreeMap::new();
    for m in mail {
        add(&mut groups, (String::new(), None, m.subject.clone()), m.at_utc_ms, "");
    }
    sorted(groups)
}

/// Executions that logged a warning or an error line besides their uncaught error's
/// (they may have "completed").
pub fn logged_trouble(e: &ExecutionSummary) -> bool {
    let uncaught = (e.outcome == "failed").then(|| error_text(e));
    e.logs.iter().any(|l| matches!(l.level, LogLevel::Warning | LogLevel::Error) && Some(&l.text) != uncaught.as_ref())
}

/// One group per line, escaped for the terminal: `3x  failed  Code.gs:12  TypeError: x  (do_all; 09:00:00 .. 11:00:00)`.
pub fn render(out: &mut String, groups: &[Group], times: &LocalTimes, all: bool, indent: &str) {
    let shown = if all { groups.len() } else { groups.len().min(GROUPS_SHOWN_MAX) };
    for g in &groups[..shown] {
        let kind = if g.kind.is_empty() { String::new() } else { format!("  {}", g.kind) };
        let site = g.site.as_ref().map(|s| format!("  {s}")).unwrap_or_default();
        let mut functions = g.functions.iter().take(FUNCTIONS_NAMED_MAX).cloned().collect::<Vec<_>>().join(",");
        if g.functions.len() > FUNCTIONS_NAMED_MAX {
            functions.push_str(&format!(",+{}", g.functions.len() - FUNCTIONS_NAMED_MAX));
        }
        let when = if g.first_utc_ms == g.last_utc_ms {
            times.second(g.first_utc_ms)
        } else {
            format!("{} .. {}", times.second(g.first_utc_ms), times.second(g.last_utc_ms))
        };
        let by = if functions.is_empty() { String::new() } else { format!("{functions}; ") };
        let line = format!("{:>4}x{kind}{site}  {}  ({by}{when})", g.count, one_line(&g.text));
        let _ = writeln!(out, "{indent}{}", crate::terminal::escape(&line));
    }
    if shown < groups.len() {
        let rest: u64 = groups[shown..].iter().map(|g| g.count).sum();
        let _ =
            writeln!(out, "{indent}... and {} more kinds ({rest} in all; --verbose lists them)", groups.len() - shown);
    }
}

fn one_line(text: &str) -> String {
    let flat = text.replace('\n', "\\n");
    if flat.chars().count() <= GROUP_TEXT_CHARS_MAX {
        return flat;
    }
    format!("{}...", flat.chars().take(GROUP_TEXT_CHARS_MAX).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    const UTC_TIMES: LocalTimes = LocalTimes { zone: chrono_tz::UTC, offsets: false };
    use gas_platform::trace::LogLine;

    fn execution(
        function: &str,
        at: i64,
        outcome: &str,
        error: Option<(&str, &str)>,
        logs: &[(LogLevel, &str)],
    ) -> ExecutionSummary {
        let mut e = ExecutionSummary::refused(1, function.into(), "trigger".into(), at, "x");
        e.outcome = outcome.into();
        e.error = error.map(|(text, site)| format!("{text} ({site})"));
        e.error_site = error.map(|(_, site)| site.to_string());
        e.logs =
            logs.iter().map(|(level, text)| LogLine { at_utc_ms: at, level: *level, text: text.to_string() }).collect();
        e
    }

    #[test]
    fn errors_group_by_site_and_text_most_first() {
        let executions = vec![
            execution("a", 1_000, "failed", Some(("TypeError: x", "Code.gs:3")), &[]),
            execution("b", 2_000, "failed", Some(("Exception: quota", "Code.gs:9")), &[]),
            execution("a", 3_000, "failed", Some(("TypeError: x", "Code.gs:3")), &[]),
            execution("a", 4_000, "completed", None, &[]),
        ];
        let groups = error_groups(&executions);
        assert_eq!(groups.len(), 2);
        assert_eq!((groups[0].count, groups[0].first_utc_ms, groups[0].last_utc_ms), (2, 1_000, 3_000));
        assert_eq!((groups[0].site.as_deref(), groups[0].text.as_str()), (Some("Code.gs:3"), "TypeError: x"));
        let mut out = String::new();
        render(&mut out, &groups, &UTC_TIMES, false, "  ");
        assert_eq!(
            out,
            "     2x  failed  Code.gs:3  TypeError: x  (a; 1970-01-01 00:00:01 .. 1970-01-01 00:00:03)\n     \
             1x  failed  Code.gs:9  Exception: quota  (b; 1970-01-01 00:00:02)\n"
        );
    }

    #[test]
    fn caught_errors_show_as_logged_lines_but_not_the_uncaught_line() {
        let executions = vec![
            execution("doPost", 0, "completed", None, &[(LogLevel::Error, "lock timeout"), (LogLevel::Info, "ok")]),
            execution("doPost", 5, "completed", None, &[(LogLevel::Error, "lock timeout")]),
            execution("f", 9, "failed", Some(("Error: boom", "Code.gs:1")), &[(LogLevel::Error, "Error: boom")]),
        ];
        let groups = log_groups(&executions);
        assert_eq!(groups.len(), 1, "{groups:?}");
        assert_eq!((groups[0].count, groups[0].kind.as_str(), groups[0].text.as_str()), (2, "error", "lock timeout"));
        assert!(logged_trouble(&executions[0]));
        assert!(!logged_trouble(&executions[2]), "the uncaught error's own line is not a logged error");
    }

    #[test]
    fn long_lists_are_cut_and_say_so() {
        let executions: Vec<ExecutionSummary> =
            (0..15).map(|i| execution("f", i, "failed", Some((&format!("Error: {i}"), "Code.gs:1")), &[])).collect();
        let groups = error_groups(&executions);
        let mut out = String::new();
        render(&mut out, &groups, &UTC_TIMES, false, "");
        assert_eq!(out.lines().count(), GROUPS_SHOWN_MAX + 1);
        assert!(out.ends_with("... and 5 more kinds (5 in all; --verbose lists them)\n"), "{out}");
        let mut all = String::new();
        render(&mut all, &groups, &UTC_TIMES, true, "");
        assert_eq!(all.lines().count(), 15);
    }
}
