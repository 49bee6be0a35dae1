//! What a run reports: per execution a summary, per zone the mail, final sheets and
//! properties and the expectations; as readable text, as versioned JSON, and as the
//! snapshot text that `gas-sim test` compares.

use std::collections::BTreeMap;
use std::fmt::Write;

use chrono_tz::Tz;
use gas_engine::{ExecutionReport, Outcome};
use gas_platform::gaps::{describe, GapLog, GapSite};
use gas_platform::time::utc_ms_to_local;
use gas_platform::trace::LogLevel;
use gas_platform::World;
use serde::Serialize;

use gas_platform::webapp::response::{
    echo_url, function_not_found_message, respond, Ending, Output, Page, WebResponse, NO_OUTPUT_MESSAGE,
};

use crate::expect::{evaluate, ExpectResult};
use crate::local_time::LocalTimes;
use crate::plan::Plan;
use crate::terminal::escape;

/// The version of `gas-sim run --format json`.
pub const RUN_FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExecutionSummary {
    pub exec_id: u64,
    pub function: String,
    /// `trigger`, `run f`, `POST request`.
    pub source: String,
    pub start_utc_ms: i64,
    pub end_utc_ms: i64,
    pub outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What a completed execution returned, as JSON (`null` for undefined). The platform
    /// drops a trigger's return value, but it shows what each run decided.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub result: serde_json::Value,
    /// What the script logged at warning or error level (`console.warn`/`console.error`),
    /// without the line the platform adds for an uncaught error (that is `error`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// A web-app response the client never got.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub response_lost: bool,
    /// What the client of a web request got (or would have, when the response was lost).
    /// Boxed: most executions are not requests, and a long run keeps every summary (a year
    /// of hourly triggers, tens of thousands).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<Box<WebResponse>>,
    /// Coverage probes passed (a mutation campaign's instrumented run only).
    #[serde(skip)]
    pub probes: Vec<u32>,
    /// Calls of what gas-sim does not implement, by call site (caught or not).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gaps: Vec<GapSite>,
    /// The lines the script logged (as kept: `trace::RECORDS_PER_EXECUTION_MAX`): at
    /// warning and error level for the text report's groups, at every level when a `logs`
    /// expectation counts them (`trim_logs`). Not in the JSON (`warnings` has them).
    #[serde(skip)]
    pub logs: Vec<gas_platform::trace::LogLine>,
    /// `Code.gs:12`, where an uncaught error was thrown (the end of `error`'s text too).
    #[serde(skip)]
    pub error_site: Option<String>,
    /// The execution's calls and logs, kept only for the HTML timeline (`--html`).
    #[serde(skip)]
    pub trace: Option<std::sync::Arc<crate::timeline::ExecutionTrace>>,
    /// The service calls it made (an explored schedule's interleaving shows them).
    #[serde(skip)]
    pub calls: Vec<gas_platform::trace::CallRecord>,
}

/// The note of an execution that logged more than it keeps.
pub fn logs_dropped_note(lines: u64) -> String {
    use gas_platform::trace::{LOG_BYTES_PER_EXECUTION_MAX, RECORDS_PER_EXECUTION_MAX};
    format!(
        "gas-sim: {lines} log lines not kept (an execution keeps {RECORDS_PER_EXECUTION_MAX} lines and {LOG_BYTES_PER_EXECUTION_MAX} bytes of log)"
    )
}

impl ExecutionSummary {
    pub fn from_report(report: &ExecutionReport, source: String, response_lost: bool) -> ExecutionSummary {
        let uncaught = match &report.outcome {
            Outcome::Failed { error } => Some(format!("{}: {}", error.name, error.message)),
            _ => None,
        };
        let mut warnings: Vec<String> = report
            .logs
            .items
            .iter()
            .filter(|l| matches!(l.level, LogLevel::Warning | LogLevel::Error))
            .filter(|l| Some(&l.text) != uncaught.as_ref())
            .map(|l| format!("{}: {}", l.level.name(), l.text))
            .collect();
        if report.logs.dropped > 0 {
            // Never silent: the lines past the execution's log limits are counted.
            warnings.push(logs_dropped_note(report.logs.dropped));
        }
        let (error, result) = match &report.outcome {
            Outcome::Completed { result } => (None, result.clone()),
            Outcome::Failed { error } => (Some(error.to_string()), serde_json::Value::Null),
            Outcome::Killed { reason } => (Some(reason.clone()), serde_json::Value::Null),
        };
        // A submission's attempt is a request too: its line shows what the platform
        // answered (the submissions section says whether the client got it).
        let is_request = source.ends_with(" request") || source.starts_with("submission ");
        let response = is_request.then(|| Box::new(web_response(report)));
        ExecutionSummary {
            exec_id: report.exec_id,
            function: report.function.clone(),
            source,
            start_utc_ms: report.start_utc_ms,
            end_utc_ms: report.end_utc_ms,
            outcome: report.outcome.name().to_string(),
            error,
            result,
            warnings,
            response_lost,
            response,
            probes: report.probes.clone(),
            gaps: report.gaps.clone(),
            logs: report.logs.items.clone(),
            error_site: match &report.outcome {
                Outcome::Failed { error } => match (&error.file, error.line) {
                    (Some(file), Some(line)) => Some(format!("{file}:{line}")),
                    _ => None,
                },
                _ => None,
            },
            trace: None,
            calls: Vec::new(),
        }
    }

    /// The request line of a snapshot or report: `=> 200 application/json (after a 302): {"ok":true}`.
    pub fn response_line(&self, body_chars_max: usize) -> Option<String> {
        let response = self.response.as_ref()?;
        let via = if response.redirect.is_some() { " (after a 302)" } else { "" };
        let body = match response.page {
            Page::Output => format!(": {}", truncate(&response.body, body_chars_max)),
            Page::Error => " [the platform's error page]".to_string(),
            Page::NoOutput => format!(" [the platform's page: {NO_OUTPUT_MESSAGE}]"),
            Page::NotFound => format!(" [the platform's page: {}]", function_not_found_message(&self.function)),
        };
        Some(format!("=> {} {}{via}{body}", response.status, response.content_type))
    }

    /// A start the platform refused (too many simultaneous executions): it failed at once.
    pub fn refused(exec_id: u64, function: String, source: String, at_utc_ms: i64, message: &str) -> ExecutionSummary {
        ExecutionSummary {
            exec_id,
            function,
            source,
            start_utc_ms: at_utc_ms,
            end_utc_ms: at_utc_ms,
            outcome: "failed".into(),
            error: Some(format!("Exception: {message}")),
            result: serde_json::Value::Null,
            warnings: Vec::new(),
            response_lost: false,
            response: None,
            gaps: Vec::new(),
            probes: Vec::new(),
            calls: Vec::new(),
            logs: Vec::new(),
            error_site: None,
            trace: None,
        }
    }

    /// Keeps only the warning and error lines (what the text report groups) unless
    /// `keep_all` (a `logs` expectation counts lines of any level).
    pub fn trim_logs(&mut self, keep_all: bool) {
        if !keep_all {
            self.logs.retain(|l| matches!(l.level, LogLevel::Warning | LogLevel::Error));
            self.logs.shrink_to_fit();
        }
    }

    /// Killed for running too long: the platform's 6-minute limit, or gas-sim's loop
    /// limit (a runaway loop).
    pub fn ran_too_long(&self) -> bool {
        self.outcome == "killed"
            && self.error.as_deref().is_some_and(|m| {
                m.starts_with(gas_engine::host::EXCEEDED_TIME_MESSAGE)
                    || m.starts_with(gas_engine::RUNAWAY_LOOP_MESSAGE)
            })
    }
}

/// What the platform answers the client of a request that ended as `report` did.
pub fn web_response(report: &ExecutionReport) -> WebResponse {
    let ending = match &report.outcome {
        Outcome::Completed { result } => Ending::Returned(Output::from_result(result)),
        Outcome::Failed { error } if error.kind == gas_engine::FailureKind::FunctionNotFound => {
            Ending::NoFunction { function: report.function.clone() }
        }
        Outcome::Failed { error } => Ending::Threw {
            error: format!("{}: {}", error.name, error.message),
            file: error.file.clone(),
            line: error.line,
        },
        Outcome::Killed { reason } => Ending::Killed { reason: reason.clone() },
    };
    respond(&ending, || echo_url("gas-sim", report.exec_id))
}

/// The first `chars_max` characters of `text` on one line (newlines as `\n`), with the
/// full size when cut.
fn truncate(text: &str, chars_max: usize) -> String {
    let one_line = text.replace('\n', "\\n");
    if one_line.chars().count() <= chars_max {
        return one_line;
    }
    let cut: String = one_line.chars().take(chars_max).collect();
    format!("{cut}... ({} bytes)", text.len())
}

/// The text report's warning on a run without expectations (the snapshot and JSON, which
/// list the expectations, are unchanged).
pub const NO_EXPECTATIONS: &str =
    "the scenario has no [[expect]]: this run passes whatever its executions do (add expectations; --strict fails it)";

/// Request lines the text report shows (the JSON report has every response whole).
const REQUEST_LINES_MAX: usize = 20;
/// Characters of a response body on a line of the text report.
const BODY_CHARS_MAX: usize = 160;
/// Characters of a response body in a snapshot: enough for a small page, so that a
/// changed escape shows in the diff.
const SNAPSHOT_BODY_CHARS_MAX: usize = 1_000;

#[derive(Debug, Clone, Serialize)]
pub struct MailLine {
    pub at_utc_ms: i64,
    pub local_time: String,
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
    /// `htmlBody`, when the mail has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// The attachments' names, types and sizes, when it has any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<gas_platform::mail::SentAttachment>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ZoneReport {
    pub scenario: String,
    #[serde(skip)]
    pub scenario_path: std::path::PathBuf,
    pub zone: String,
    #[serde(skip)]
    pub tz: Tz,
    pub seed: u64,
    pub start_utc_ms: i64,
    pub end_utc_ms: i64,
    pub passed: bool,
    pub executions: Vec<ExecutionSummary>,
    pub mail: Vec<MailLine>,
    /// `id/sheet` -> rows as display text.
    pub sheets: BTreeMap<String, Vec<Vec<String>>>,
    pub properties: BTreeMap<String, String>,
    pub expectations: Vec<ExpectResult>,
    /// GmailApp's mailbox at the end: counts only (the sent mail is in `mail`). Absent
    /// when the run never touched a mailbox.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mailbox: Option<gas_platform::gmail::MailboxSummary>,
    /// DriveApp's files and folders at the end (root left out); absent when the run never
    /// touched Drive.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drive: Vec<gas_platform::drive::ItemSummary>,
    /// DocumentApp's documents at the end (their body's text); absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub documents: Vec<gas_platform::documents::DocumentSummary>,
    /// CalendarApp's events at the end; absent when the run made none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calendar_events: Vec<gas_platform::calendar::EventSummary>,
    /// What the run could not do as the scenario said: a `[[triggers]]` entry the
    /// platform refused because the script's own triggers had taken the 20 places.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// The custom menus each user's page shows at the end (`Reports > Send  -> send`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub menus: BTreeMap<String, Vec<String>>,
    /// Every dialog a user saw, with the answer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dialogs: Vec<DialogLine>,
    /// The daily quotas the run used (besides mail's), at its end: JSON only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub quotas: Vec<QuotaLine>,
    /// Every execution's gaps merged by call site, sorted (method, file, line).
    pub gaps: Vec<GapSite>,
    /// Gap calls at sites past `gaps::GAP_SITES_MAX`, only counted.
    #[serde(skip_serializing_if = "is_zero")]
    pub gap_calls_dropped: u64,
    /// Whether a gap fails the run (`strict = true` in the scenario, or `--strict`).
    pub strict: bool,
    /// `--strict` made the run strict (so the replay command needs it).
    #[serde(skip)]
    pub strict_by_flag: bool,
    /// Each `[[submissions]]` message: its attempts, conclusion, rows and mails.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub submissions: Vec<crate::clients::report::SubmissionReport>,
    /// What only the HTML timeline shows (cache evictions, the mail quota over time):
    /// filled when the run kept traces (`RunControl::keep_traces`).
    #[serde(skip)]
    pub timeline: crate::timeline::TimelineData,
}

/// One daily quota at the end of a run: how much of the day's figure its window used.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuotaLine {
    pub quota: String,
    pub used: u64,
    pub per_day: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct DialogLine {
    pub at_utc_ms: i64,
    pub local_time: String,
    pub user: String,
    pub function: String,
    /// `alert`, `prompt`, `msg_box`, `input_box`, `modal_dialog`, `modeless_dialog` or
    /// `sidebar`.
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub prompt: String,
    /// The buttons offered and the one pressed (a dialog the script waits for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buttons: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button: Option<String>,
    /// What the user typed (prompts and input boxes only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// A `[[ui]]` answer gave it; else the user closed the dialog.
    pub scripted: bool,
    /// An HTML page's size and length (dialogs and sidebars shown with HtmlService).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<gas_platform::container::PageShown>,
    /// When the page's script closed it (`google.script.host.close()`), local time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<String>,
}

impl DialogLine {
    fn of(dialog: &gas_platform::container::Dialog, local_time: String, closed: Option<String>) -> DialogLine {
        let answer = dialog.answer.as_ref();
        DialogLine {
            at_utc_ms: dialog.at_utc_ms,
            local_time,
            user: dialog.user.clone(),
            function: dialog.function.clone(),
            kind: dialog.kind.name().into(),
            title: dialog.title.clone(),
            prompt: dialog.prompt.clone(),
            buttons: dialog.buttons.map(|b| b.name().into()),
            button: answer.map(|a| a.button.name().into()),
            text: answer.filter(|_| dialog.kind.takes_text()).map(|a| a.text.clone()),
            scripted: dialog.scripted,
            page: dialog.page.clone(),
            closed,
        }
    }

    /// One snapshot line: `prompt "Name?" [OK_CANCEL] -> OK "Ada"`, or for an HTML page
    /// `modal_dialog "Add visitor" shown (400x300, 812 characters of HTML)`.
    fn line(&self) -> String {
        let title = self.title.as_ref().map(|t| format!("{t:?} ")).unwrap_or_default();
        if let Some(page) = &self.page {
            let size = match (page.width, page.height) {
                (None, None) => String::new(),
                (w, h) => format!(
                    "{}x{}, ",
                    w.map_or("default".to_string(), |w| w.to_string()),
                    h.map_or("default".to_string(), |h| h.to_string())
                ),
            };
            let closed = self.closed.as_ref().map(|at| format!(", closed at {at}")).unwrap_or_default();
            return format!("{} {title}shown ({size}{} characters of HTML){closed}", self.kind, page.content_chars);
        }
        let text = self.text.as_ref().map(|t| format!(" {t:?}")).unwrap_or_default();
        let closed = if self.scripted { "" } else { " (no [[ui]] answer: closed)" };
        format!(
            "{} {title}{:?} [{}] -> {}{text}{closed}",
            self.kind,
            self.prompt,
            self.buttons.as_deref().unwrap_or_default(),
            self.button.as_deref().unwrap_or_default()
        )
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The warnings about `[[faults]]` and `[[http]]` rules that matched nothing in the run:
/// a mistyped method, glob or window fails silently otherwise.
fn unmatched_rule_warnings(plan: &Plan, world: &World) -> Vec<String> {
    let place = |places: &[String], i: usize| places.get(i).cloned().unwrap_or_else(|| "a state file".into());
    let faults = world
        .faults
        .unmatched_since(&plan.world.faults)
        .into_iter()
        .map(|i| format!("fault rule {} ({}) never matched a call", i + 1, place(&plan.fault_places, i)));
    let http = world
        .http
        .unmatched_since(&plan.world.http)
        .into_iter()
        .map(|i| format!("http rule {} ({}) never matched a request", i + 1, place(&plan.http_places, i)));
    faults.chain(http).chain(unknown_calendar_warnings(plan, world)).collect()
}

/// An `events` expectation whose `calendar` names no calendar there is at the start or
/// the end of the run: a mistyped name would count 0 events and pass a `never` silently
/// otherwise (a calendar made and deleted within the run warns too).
fn unknown_calendar_warnings<'a>(plan: &'a Plan, world: &'a World) -> impl Iterator<Item = String> + 'a {
    plan.expectations.iter().filter_map(move |expectation| {
        let crate::expect::Check::Events(check) = &expectation.check else { return None };
        let wanted = check.calendar.as_ref()?;
        let mut calendars = plan.world.calendar.calendars.iter().chain(&world.calendar.calendars);
        if calendars.any(|(id, c)| wanted.matches(id) || wanted.matches(&c.name)) {
            return None;
        }
        let names: std::collections::BTreeSet<&str> =
            world.calendar.calendars.values().map(|c| c.name.as_str()).collect();
        Some(format!(
            "expectation {:?} names no calendar there is at the start or the end of the run (calendars: {names:?})",
            expectation.label
        ))
    })
}

impl ZoneReport {
    /// Every coverage probe any execution passed.
    pub fn probes(&self) -> std::collections::BTreeSet<u32> {
        self.executions.iter().flat_map(|e| e.probes.iter().copied()).collect()
    }

    pub fn new(
        plan: &Plan,
        executions: Vec<ExecutionSummary>,
        world: World,
        warnings: Vec<String>,
        submissions: Vec<crate::clients::report::SubmissionReport>,
    ) -> ZoneReport {
        // Evidence prints local times as the text report does (offsets across a DST change).
        let times = LocalTimes::for_run(plan.zone, plan.start_utc_ms, plan.end_utc_ms);
        let mut expectations = evaluate(&plan.expectations, &executions, &world, &times, &submissions);
        crate::explore::verdict::settle_plain(plan, &mut expectations);
        let mut gap_log = GapLog::default();
        for execution in &executions {
            gap_log.merge(&execution.gaps);
        }
        let mut warnings = warnings;
        warnings.extend(unmatched_rule_warnings(plan, &world));
        let local = |ms: i64| utc_ms_to_local(plan.zone, ms).format("%Y-%m-%d %H:%M:%S%.3f").to_string();
        let mail = world
            .mail
            .sent
            .iter()
            .map(|s| MailLine {
                at_utc_ms: s.at_utc_ms,
                local_time: local(s.at_utc_ms),
                to: s.mail.to.clone(),
                subject: s.mail.subject.clone(),
                body: s.mail.body.clone(),
                html: s.mail.html_body.clone(),
                attachments: s.mail.attachments.clone(),
            })
            .collect();
        let mut sheets = BTreeMap::new();
        for book in world.spreadsheets.all() {
            let zone = book.time_zone().and_then(|z| z.parse().ok()).unwrap_or(plan.zone);
            let locale = book.locale();
            for sheet in book.sheets() {
                // Display values through each cell's number format (a cell without one
                // shows as `display_value` always did, so unformatted sheets are unchanged).
                let rows = (1..)
                    .zip(sheet.rows())
                    .map(|(r, row)| (1..=row.len() as u32).map(|c| sheet.display_text_in(r, c, zone, locale)).collect())
                    .collect();
                sheets.insert(format!("{}/{}", book.id(), sheet.name()), rows);
            }
        }
        ZoneReport {
            scenario: plan.scenario_name.clone(),
            scenario_path: plan.scenario_path.clone(),
            zone: plan.zone_name.clone(),
            tz: plan.zone,
            seed: plan.seed,
            start_utc_ms: plan.start_utc_ms,
            end_utc_ms: plan.end_utc_ms,
            passed: crate::explore::verdict::run_passed(plan, &expectations)
                && (!plan.strict || (gap_log.is_empty() && !plan.expectations.is_empty())),
            executions,
            mail,
            sheets,
            properties: world.properties.script.entries().clone(),
            expectations,
            mailbox: (world.gmail != gas_platform::gmail::Mailbox::default())
                .then(|| world.gmail.summary(plan.end_utc_ms)),
            drive: world.drive.summary(),
            calendar_events: world.calendar.summary(plan.zone),
            documents: world.documents.summary(),
            warnings,
            menus: world
                .ui
                .sessions
                .iter()
                .filter(|(_, session)| !session.menus.is_empty())
                .map(|(user, session)| {
                    let mut lines = Vec::new();
                    for menu in &session.menus {
                        menu.lines(if menu.addon { "Extensions" } else { "" }, &mut lines);
                    }
                    (user.clone(), lines)
                })
                .collect(),
            dialogs: world
                .ui
                .dialogs
                .iter()
                .map(|d| DialogLine::of(d, local(d.at_utc_ms), d.closed_at_utc_ms.map(&local)))
                .collect(),
            quotas: world
                .quotas
                .usage(world.mail.account)
                .into_iter()
                .map(|(quota, used, per_day)| QuotaLine { quota: quota.into(), used, per_day })
                .collect(),
            gaps: gap_log.sites(),
            gap_calls_dropped: gap_log.dropped_calls,
            strict: plan.strict,
            strict_by_flag: false,
            submissions,
            timeline: Default::default(),
        }
    }

    /// `--strict`: any gap fails this run, and so does a scenario without expectations.
    pub fn make_strict(&mut self) {
        if !self.strict {
            self.strict = true;
            self.strict_by_flag = true;
            self.passed &= !self.has_gaps() && !self.lacks_expectations();
        }
    }

    /// The scenario has no `[[expect]]`: the run passes whatever its executions do, so
    /// the text report warns and a strict run fails.
    pub fn lacks_expectations(&self) -> bool {
        self.expectations.is_empty()
    }

    pub fn has_gaps(&self) -> bool {
        !self.gaps.is_empty() || self.gap_calls_dropped > 0
    }

    /// `gas-sim does not implement: Range.setBackground (Code.gs:41, 27 calls)` lines.
    pub fn gap_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> =
            describe(&self.gaps).into_iter().map(|line| format!("gas-sim does not implement: {line}")).collect();
        if self.gap_calls_dropped > 0 {
            lines.push(format!("gas-sim does not implement: {} more calls at other sites", self.gap_calls_dropped));
        }
        lines
    }

    fn local(&self, at_utc_ms: i64) -> String {
        utc_ms_to_local(self.tz, at_utc_ms).format("%Y-%m-%d %H:%M:%S%.3f").to_string()
    }

    /// The command that replays this run.
    pub fn replay_command(&self) -> String {
        let strict = if self.strict_by_flag { " --strict" } else { "" };
        format!("gas-sim run {} --tz {} --seed {}{strict}", self.scenario_path.display(), self.zone, self.seed)
    }

    /// The readable report `gas-sim run` prints for one zone.
    pub fn text(&self) -> String {
        self.text_with(false)
    }

    /// The readable report; `verbose` lists every execution and every group. Every
    /// script- or scenario-controlled field goes through `terminal::escape` (the snapshot
    /// keeps them raw); the printer still `terminal::guard`s the whole text.
    pub fn text_with(&self, verbose: bool) -> String {
        let mut out = String::new();
        let times = LocalTimes::for_run(self.tz, self.start_utc_ms, self.end_utc_ms);
        let _ = writeln!(
            out,
            "{} — {} (seed {}), {} to {}",
            escape(&self.scenario),
            self.zone,
            self.seed,
            times.minute(self.start_utc_ms),
            times.minute(self.end_utc_ms)
        );
        for warning in &self.warnings {
            let _ = writeln!(out, "  warning: {}", escape(warning));
        }
        for line in self.gap_lines() {
            let _ = writeln!(out, "  {}", escape(&line));
        }
        if self.lacks_expectations() {
            let _ = writeln!(out, "  warning: {NO_EXPECTATIONS}");
        }
        let mut by_function: BTreeMap<&str, [u64; 4]> = BTreeMap::new();
        for e in &self.executions {
            let counts = by_function.entry(&e.function).or_default();
            match e.outcome.as_str() {
                "completed" => counts[0] += 1,
                "failed" => counts[1] += 1,
                _ => counts[2] += 1,
            }
            // "27 completed" when each caught its error and logged it: this column says so.
            if crate::why::logged_trouble(e) {
                counts[3] += 1;
            }
        }
        let _ = writeln!(out, "  executions: {}", self.executions.len());
        let _ = writeln!(
            out,
            "    {:<24} {:>9} {:>7} {:>7} {:>14}",
            "function", "completed", "failed", "killed", "logged errors"
        );
        for (function, [ok, failed, killed, logged]) in &by_function {
            let function = escape(function);
            let _ = writeln!(out, "    {function:<24} {ok:>9} {failed:>7} {killed:>7} {logged:>14}");
        }
        if verbose {
            for e in &self.executions {
                let _ = writeln!(out, "      {}", escape(&execution_line(e, &times.second(e.start_utc_ms))));
                for warning in &e.warnings {
                    let _ = writeln!(out, "          ! {}", escape(warning));
                }
            }
        }
        let errors = crate::why::error_groups(&self.executions);
        if !errors.is_empty() {
            let count: u64 = errors.iter().map(|g| g.count).sum();
            let _ = writeln!(out, "  failed and killed: {count} execution(s), {} kind(s) of error", errors.len());
            crate::why::render(&mut out, &errors, &times, verbose, "    ");
        }
        let logged = crate::why::log_groups(&self.executions);
        if !logged.is_empty() {
            let count: u64 = logged.iter().map(|g| g.count).sum();
            let _ = writeln!(out, "  logged warnings and errors: {count} line(s), {} kind(s)", logged.len());
            crate::why::render(&mut out, &logged, &times, verbose, "    ");
        }
        // Plain `[[requests]]` only: the submissions section lists the attempts.
        let requests: Vec<&ExecutionSummary> =
            self.executions.iter().filter(|e| e.response.is_some() && e.source.ends_with(" request")).collect();
        if !requests.is_empty() {
            let _ = writeln!(out, "  requests: {}", requests.len());
        }
        for e in requests.iter().take(REQUEST_LINES_MAX) {
            let lost = if e.response_lost { " (response lost)" } else { "" };
            let line = e.response_line(BODY_CHARS_MAX).unwrap_or_default();
            let line = format!("{}  {}  {line}{lost}", times.second(e.start_utc_ms), e.source);
            let _ = writeln!(out, "    {}", escape(&line));
        }
        if requests.len() > REQUEST_LINES_MAX {
            let _ =
                writeln!(out, "    ... and {} more (--format json has them all)", requests.len() - REQUEST_LINES_MAX);
        }
        let mut by_day: BTreeMap<String, u64> = BTreeMap::new();
        for m in &self.mail {
            *by_day.entry(m.local_time[..10].to_string()).or_default() += 1;
        }
        let _ = writeln!(out, "  mail: {}", self.mail.len());
        for (day, count) in &by_day {
            let weekday = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
                .map(|d| d.format("%a").to_string())
                .unwrap_or_default();
            let _ = writeln!(out, "    {day} {weekday}  {count:>4}");
        }
        let subjects = crate::why::subject_groups(&self.mail);
        if !subjects.is_empty() {
            let _ = writeln!(out, "    by subject ({}):", subjects.len());
            crate::why::render(&mut out, &subjects, &times, verbose, "    ");
        }
        for (user, lines) in &self.menus {
            let _ = writeln!(out, "  menus of {}: {}", escape(user), lines.len());
        }
        if !self.dialogs.is_empty() {
            let _ = writeln!(out, "  dialogs: {}", self.dialogs.len());
        }
        if let Some(mailbox) = &self.mailbox {
            let _ = writeln!(out, "  {}", mailbox_line(mailbox));
        }
        let shown = crate::clients::report::Shown { full: false, each: verbose };
        out.push_str(&crate::clients::report::render(&self.submissions, &|ms| times.second(ms), shown));
        if !self.expectations.is_empty() {
            let _ = writeln!(out, "  expectations:");
        }
        for e in &self.expectations {
            if e.passed {
                let _ = writeln!(out, "    pass  {}: {}", escape(&e.label), escape(&e.actual));
            } else {
                let _ = writeln!(out, "    FAIL  {}", escape(&e.mismatch()));
                for line in &e.evidence {
                    let _ = writeln!(out, "            {}", escape(line));
                }
            }
        }
        if self.strict && self.has_gaps() {
            let methods = describe(&self.gaps).len();
            let _ = writeln!(
                out,
                "  FAIL  strict: the run called {methods} method(s) gas-sim does not implement (listed above)"
            );
        }
        if self.strict && self.lacks_expectations() {
            let _ = writeln!(out, "  FAIL  strict: the scenario has no [[expect]], so nothing was checked");
        }
        if !self.passed {
            let _ = writeln!(out, "  replay: {}", escape(&self.replay_command()));
        }
        out
    }

    /// The deterministic, diff-friendly text a snapshot stores.
    pub fn snapshot(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "scenario: {}\nzone: {}\nseed: {}", self.scenario, self.zone, self.seed);
        // Only when there are any: a snapshot without warnings keeps its bytes.
        if !self.warnings.is_empty() {
            let _ = writeln!(out, "\nwarnings ({}):", self.warnings.len());
            for warning in &self.warnings {
                let _ = writeln!(out, "  {warning}");
            }
        }
        if self.has_gaps() {
            let lines = self.gap_lines();
            let _ = writeln!(out, "\ngaps ({}):", lines.len());
            for line in lines {
                let _ = writeln!(out, "  {line}");
            }
        }
        let _ = writeln!(out, "\nexecutions ({}):", self.executions.len());
        for e in &self.executions {
            let _ = writeln!(out, "  {}", execution_line(e, &self.local(e.start_utc_ms)[..19]));
            for warning in &e.warnings {
                let _ = writeln!(out, "      ! {warning}");
            }
        }
        let shown = crate::clients::report::Shown { full: true, each: true };
        out.push_str(&crate::clients::report::render(&self.submissions, &|ms| self.local(ms)[..19].to_string(), shown));
        let _ = writeln!(out, "\nmail ({}):", self.mail.len());
        for m in &self.mail {
            let _ = writeln!(out, "  {}  {}  {}", &m.local_time[..19], m.to.join(","), m.subject);
            // The body too: a changed amount or a missing line is a changed mail.
            for line in m.body.lines() {
                let _ = writeln!(out, "      | {line}");
            }
            // An HTML body apart: a mail sent with only htmlBody is not an empty mail.
            for line in m.html.iter().flat_map(|html| html.lines()) {
                let _ = writeln!(out, "      html| {line}");
            }
            for attachment in &m.attachments {
                let _ = writeln!(out, "      attachment| {}", attachment.line());
            }
        }
        for (name, rows) in &self.sheets {
            let _ = writeln!(out, "\nsheet {name} ({} rows):", rows.len());
            for row in rows {
                let _ = writeln!(out, "  {}", csv_line(row));
            }
        }
        // Only for a bound project's users: other snapshots keep their bytes.
        for (user, lines) in &self.menus {
            let _ = writeln!(out, "\nmenus of {user} ({}):", lines.len());
            for line in lines {
                let _ = writeln!(out, "  {line}");
            }
        }
        if !self.dialogs.is_empty() {
            let _ = writeln!(out, "\ndialogs ({}):", self.dialogs.len());
            for d in &self.dialogs {
                let _ = writeln!(out, "  {}  {}  {}  {}", &d.local_time[..19], d.user, d.function, d.line());
            }
        }
        if let Some(mailbox) = &self.mailbox {
            let _ = writeln!(out, "\n{}", mailbox_line(mailbox));
            for (label, threads) in &mailbox.labels {
                let _ = writeln!(out, "  label {label}: {threads} threads");
            }
        }
        // Only when the run used Drive: other snapshots keep their bytes.
        if !self.drive.is_empty() {
            let _ = writeln!(out, "\ndrive ({} items):", self.drive.len());
            for item in &self.drive {
                let trashed = if item.trashed { "  trashed" } else { "" };
                let _ = writeln!(
                    out,
                    "  {}  {}  {} bytes  {}  created {}  updated {}{trashed}",
                    escape(&item.path),
                    item.id,
                    item.size_bytes,
                    escape(&item.mime_type),
                    &self.local(item.created_utc_ms)[..19],
                    &self.local(item.updated_utc_ms)[..19]
                );
            }
        }
        // Only when the world holds documents: other snapshots keep their bytes.
        if !self.documents.is_empty() {
            let _ = writeln!(out, "\ndocuments ({}):", self.documents.len());
            for document in &self.documents {
                let _ = writeln!(out, "  {}", escape(&document.id));
                for line in &document.body {
                    let _ = writeln!(out, "      | {}", escape(line));
                }
                if document.more > 0 {
                    let _ = writeln!(out, "      | ... {} more paragraphs", document.more);
                }
            }
        }
        // Only when the run made events: other snapshots keep their bytes.
        if !self.calendar_events.is_empty() {
            let _ = writeln!(out, "\ncalendar events ({}):", self.calendar_events.len());
            for event in &self.calendar_events {
                let series = if event.series { "  (series)" } else { "" };
                let guests = if event.guests.is_empty() {
                    String::new()
                } else {
                    format!("  guests {}", event.guests.join(", "))
                };
                let _ = writeln!(out, "  {}  {}  {}{series}{guests}", event.calendar, event.when, event.title);
            }
        }
        let _ = writeln!(out, "\nscript properties ({}):", self.properties.len());
        for (key, value) in &self.properties {
            let _ = writeln!(out, "  {key} = {value}");
        }
        out
    }
}

/// One execution as a snapshot (and `--verbose`) lists it: local start (`started`),
/// function, outcome, error or result or response.
fn execution_line(e: &ExecutionSummary, started: &str) -> String {
    let error = e.error.as_ref().map(|m| format!("  {m}")).unwrap_or_default();
    let result = match e.response_line(SNAPSHOT_BODY_CHARS_MAX) {
        Some(line) => format!("  {line}"),
        None if e.result.is_null() => String::new(),
        None => format!("  -> {}", e.result),
    };
    let lost = if e.response_lost { "  (response lost)" } else { "" };
    format!("{started}  {}  {}{error}{result}{lost}", e.function, e.outcome)
}

/// `mailbox: 5 threads (2 unread, 3 in inbox), 4 sent, 0 drafts`.
fn mailbox_line(m: &gas_platform::gmail::MailboxSummary) -> String {
    format!(
        "mailbox: {} threads ({} unread, {} in inbox), {} sent, {} drafts",
        m.threads, m.unread_threads, m.inbox_threads, m.sent_messages, m.drafts
    )
}

/// A row as one CSV line (the csv crate, quoting only where needed), without its end of
/// line. A lone empty cell is written as nothing, as before the crate: snapshots keep
/// their bytes (the crate writes `""` there, to tell it from an empty record).
fn csv_line(row: &[String]) -> String {
    if row.iter().all(String::is_empty) {
        return ",".repeat(row.len().saturating_sub(1));
    }
    let mut writer = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::Necessary)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    writer.write_record(row).expect("writing to memory does not fail");
    let bytes = writer.into_inner().expect("writing to memory does not fail");
    let mut line = String::from_utf8(bytes).expect("the cells are UTF-8");
    line.pop();
    line
}

/// The JSON document of `gas-sim run --format json`.
pub fn json_document(reports: &[ZoneReport]) -> serde_json::Value {
    serde_json::json!({
        "gas_sim_run": RUN_FORMAT_VERSION,
        "passed": reports.iter().all(|r| r.passed),
        "runs": reports,
    })
}

#[cfg(test)]
mod tests {
    use super::csv_line;

    #[test]
    fn csv_lines_quote_only_where_needed() {
        let row = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(csv_line(&row(&["a", "b c", ""])), "a,b c,");
        assert_eq!(csv_line(&row(&["x,y", "say \"hi\"", "two\nlines"])), "\"x,y\",\"say \"\"hi\"\"\",\"two\nlines\"");
        assert_eq!(csv_line(&row(&[""])), "");
        assert_eq!(csv_line(&row(&["", ""])), ",");
        assert_eq!(csv_line(&[]), "");
    }
}
