//! Submissions in the report: each one's attempts (when, how they ended for the client),
//! what the client concluded, and the rows and mails its executions caused.

use std::fmt::Write;

use gas_platform::webapp::response::Page;
use serde::Serialize;

use super::{ResponseCheck, SubmissionCheck};
use crate::expect_kinds::Window;
use crate::report::ExecutionSummary;

/// Body characters the text and snapshot show of a response (the JSON has it whole).
const BODY_CHARS_SHOWN: usize = 120;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttemptReport {
    pub at_utc_ms: i64,
    pub exec_id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Started by the visitor pressing Send again, not by the client's retry.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub resubmit: bool,
    /// `delivered`, `lost`, `error-page`, `timeout`.
    pub outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known_at_utc_ms: Option<i64>,
    /// False when the platform refused to start it (too many simultaneous executions).
    pub script_ran: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// Rows its execution appended, mails it sent.
    pub rows: u64,
    pub mails: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubmissionReport {
    /// 1-based, in the order the file makes them (a `repeat` counts each).
    pub index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub client: String,
    pub key_policy: String,
    pub at_utc_ms: i64,
    /// `saved`, `rejected` or `unknown`.
    pub concluded: String,
    pub attempts: Vec<AttemptReport>,
    pub rows: u64,
    pub mails: u64,
}

/// A line as the snapshot stores it (`full`), or escaped for the terminal (the text report).
fn push_line(out: &mut String, line: &str, full: bool) {
    let shown = if full { line.into() } else { crate::terminal::escape(line) };
    out.push_str(&shown);
    out.push('\n');
}

/// How the submissions section is shown.
#[derive(Debug, Clone, Copy)]
pub struct Shown {
    /// The snapshot's form (raw text, its own heading); else the text report's (escaped,
    /// a summary line first).
    pub full: bool,
    /// Every submission with its attempts, however many (the snapshot, `--verbose`).
    pub each: bool,
}

/// Submissions the text report lists one by one without `--verbose`.
const SUBMISSIONS_LISTED_MAX: usize = 20;

/// The submissions section of the text report and the snapshot; empty without any, so
/// a scenario without clients keeps its bytes. `local` gives a time to the second.
pub fn render(submissions: &[SubmissionReport], local: &dyn Fn(i64) -> String, shown: Shown) -> String {
    let mut out = String::new();
    let full = shown.full;
    if submissions.is_empty() {
        return out;
    }
    if !full {
        let count = |c: &str| submissions.iter().filter(|s| s.concluded == c).count();
        let _ = writeln!(
            out,
            "  submissions: {} (saved {}, rejected {}, unknown {}); attempts {}, rows {}, mails {}",
            submissions.len(),
            count("saved"),
            count("rejected"),
            count("unknown"),
            submissions.iter().map(|s| s.attempts.len()).sum::<usize>(),
            submissions.iter().map(|s| s.rows).sum::<u64>(),
            submissions.iter().map(|s| s.mails).sum::<u64>()
        );
        // Each one only while it stays readable (or asked for); the JSON has them all.
        if submissions.len() > SUBMISSIONS_LISTED_MAX && !shown.each {
            let _ = writeln!(out, "    (--verbose lists each submission with its attempts)");
            return out;
        }
    } else {
        let _ = writeln!(out, "\nsubmissions ({}):", submissions.len());
    }
    let indent = if full { "  " } else { "    " };
    for s in submissions {
        let line = format!(
            "{indent}#{}{} {} ({})  {}  concluded {}  rows {}  mails {}",
            s.index,
            s.label.as_ref().map(|l| format!(" {l}")).unwrap_or_default(),
            s.client,
            s.key_policy,
            local(s.at_utc_ms),
            s.concluded,
            s.rows,
            s.mails
        );
        push_line(&mut out, &line, full);
        for a in &s.attempts {
            let key = a.key.as_ref().map(|k| format!("  key {}", &k[..k.len().min(8)])).unwrap_or_default();
            let resubmit = if a.resubmit { "  (sent again)" } else { "" };
            let refused = if a.script_ran { "" } else { "  (not run)" };
            let answer = match (&a.status, &a.body) {
                (Some(status), Some(body)) => {
                    let shown: String = body.chars().take(BODY_CHARS_SHOWN).collect();
                    let more = if shown.len() < body.len() { "…" } else { "" };
                    format!("  {status} {shown}{more}")
                }
                _ => String::new(),
            };
            let line = format!(
                "{indent}    {}  {}{answer}{key}{resubmit}{refused}  rows {} mails {}",
                local(a.at_utc_ms),
                a.outcome,
                a.rows,
                a.mails
            );
            push_line(&mut out, &line, full);
        }
    }
    out
}

impl SubmissionCheck {
    /// Whether `s` counts, but for the window (`count_submissions` adds it).
    pub fn matches(&self, s: &SubmissionReport) -> bool {
        self.client.as_ref().is_none_or(|c| *c == s.client)
            && self.label.as_ref().is_none_or(|l| s.label.as_ref() == Some(l))
            && self.rows.is_none_or(|n| n == s.rows)
            && self.mails.is_none_or(|n| n == s.mails)
            && self.concluded.is_none_or(|c| c.name() == s.concluded)
            && self.attempts.is_none_or(|n| n == s.attempts.len() as u64)
    }
}

/// A submission is in a window when it was made there: the visitor's first press of
/// Send (its first attempt). Its retries and resubmits do not move it, so a message
/// sent at 12:59 that is retried at 13:01 is a 12:59 submission; `response` counts
/// each attempt at its own time.
pub fn count_submissions(check: &SubmissionCheck, submissions: &[SubmissionReport], window: Window) -> u64 {
    submissions.iter().filter(|s| check.matches(s) && window.contains(s.at_utc_ms)).count() as u64
}

/// One response a client got (or did not: `lost`, `timeout`): a submission's attempt or
/// a plain `[[requests]]` execution.
#[derive(Debug, Clone, PartialEq)]
pub struct ResponseSeen<'a> {
    /// When its request was sent: the one instant every response has (a lost one has
    /// no time of arrival), and the instant `requests` expectations use.
    pub sent_utc_ms: i64,
    /// The submission's label; none for a plain request.
    pub label: Option<&'a str>,
    /// `delivered`, `lost`, `error-page`, `timeout`.
    pub outcome: &'a str,
    pub status: Option<u16>,
    pub body: Option<&'a str>,
}

/// Every response, submissions' attempts first (in submission order), then the plain
/// requests in execution order.
pub fn responses<'a>(submissions: &'a [SubmissionReport], executions: &'a [ExecutionSummary]) -> Vec<ResponseSeen<'a>> {
    let mut seen: Vec<ResponseSeen> = submissions
        .iter()
        .flat_map(|s| {
            s.attempts.iter().map(move |a| ResponseSeen {
                sent_utc_ms: a.at_utc_ms,
                label: s.label.as_deref(),
                outcome: a.outcome.as_str(),
                status: a.status,
                body: a.body.as_deref(),
            })
        })
        .collect();
    for e in executions.iter().filter(|e| e.source.ends_with(" request")) {
        // The response the report shows for the request (webapp::response).
        let (outcome, status, body) = if e.response_lost {
            ("lost", None, None)
        } else {
            match &e.response {
                Some(r) if matches!(r.page, Page::Output | Page::NoOutput) => {
                    ("delivered", Some(r.status), Some(r.body.as_str()))
                }
                _ => ("error-page", None, None),
            }
        };
        seen.push(ResponseSeen { sent_utc_ms: e.start_utc_ms, label: None, outcome, status, body });
    }
    seen
}

impl ResponseCheck {
    /// Whether `r` counts, but for the window. With a label, only that submission's
    /// attempts (plain requests have none).
    pub fn matches(&self, r: &ResponseSeen) -> bool {
        self.label.as_ref().is_none_or(|l| r.label == Some(l.as_str()))
            && self.outcome.is_none_or(|o| o.name() == r.outcome)
            && self.status.is_none_or(|s| r.status == Some(s))
            && self.body.as_ref().is_none_or(|m| r.body.is_some_and(|b| m.matches(b)))
    }
}

/// Responses clients got: every submission attempt, and every plain `[[requests]]`
/// execution (delivered unless its response was lost), sent inside the window.
pub fn count_responses(
    check: &ResponseCheck,
    submissions: &[SubmissionReport],
    executions: &[ExecutionSummary],
    window: Window,
) -> u64 {
    responses(submissions, executions).iter().filter(|r| check.matches(r) && window.contains(r.sent_utc_ms)).count()
        as u64
}
