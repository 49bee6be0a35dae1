//! What a run reports: per execution a summary, per zone the mail, final sheets and
//! properties and the expectations; as readable text, as versioned JSON, and as the
//! snapshot text that `gas-sim test` compares.

use std::collections::BTreeMap;
use std::fmt::Write;

use chrono_tz::Tz;
use gas_engine::{ExecutionReport, Outcome};
use gas_platform::time::utc_ms_to_local;
use gas_platform::trace::LogLevel;
use gas_platform::World;
use serde::Serialize;

use crate::expect::{evaluate, ExpectResult};
use crate::plan::Plan;

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
    /// Coverage probes passed (a mutation campaign's instrumented run only).
    #[serde(skip)]
    pub probes: Vec<u32>,
}

impl ExecutionSummary {
    pub fn from_report(report: &ExecutionReport, source: String, response_lost: bool) -> ExecutionSummary {
        let uncaught = match &report.outcome {
            Outcome::Failed { error } => Some(format!("{}: {}", error.name, error.message)),
            _ => None,
        };
        let warnings = report
            .logs
            .items
            .iter()
            .filter(|l| matches!(l.level, LogLevel::Warning | LogLevel::Error))
            .filter(|l| Some(&l.text) != uncaught.as_ref())
            .map(|l| format!("{}: {}", l.level.name(), l.text))
            .collect();
        let (error, result) = match &report.outcome {
            Outcome::Completed { result } => (None, result.clone()),
            Outcome::Failed { error } => (Some(error.to_string()), serde_json::Value::Null),
            Outcome::Killed { reason } => (Some(reason.clone()), serde_json::Value::Null),
        };
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
            probes: report.probes.clone(),
        }
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
            probes: Vec::new(),
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

#[derive(Debug, Clone, Serialize)]
pub struct MailLine {
    pub at_utc_ms: i64,
    pub local_time: String,
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
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
    /// What the run could not do as the scenario said: a `[[triggers]]` entry the
    /// platform refused because the script's own triggers had taken the 20 places.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Each `[[submissions]]` message: its attempts, conclusion, rows and mails.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub submissions: Vec<crate::clients::report::SubmissionReport>,
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
        let expectations = evaluate(&plan.expectations, &executions, &world, plan.zone, &submissions);
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
            })
            .collect();
        let mut sheets = BTreeMap::new();
        for book in world.spreadsheets.all() {
            let zone = book.time_zone().and_then(|z| z.parse().ok()).unwrap_or(plan.zone);
            for sheet in book.sheets() {
                let rows = sheet
                    .rows()
                    .iter()
                    .map(|row| row.iter().map(|cell| gas_platform::sheets::display_value(cell, zone)).collect())
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
            passed: expectations.iter().all(|e| e.passed),
            executions,
            mail,
            sheets,
            properties: world.properties.script.entries().clone(),
            expectations,
            warnings,
            submissions,
        }
    }

    fn local(&self, at_utc_ms: i64) -> String {
        utc_ms_to_local(self.tz, at_utc_ms).format("%Y-%m-%d %H:%M:%S%.3f").to_string()
    }

    /// The command that replays this run.
    pub fn replay_command(&self) -> String {
        format!("gas-sim run {} --tz {} --seed {}", self.scenario_path.display(), self.zone, self.seed)
    }

    /// The readable report `gas-sim run` prints for one zone.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} — {} (seed {}), {} to {}",
            self.scenario,
            self.zone,
            self.seed,
            &self.local(self.start_utc_ms)[..16],
            &self.local(self.end_utc_ms)[..16]
        );
        for warning in &self.warnings {
            let _ = writeln!(out, "  warning: {warning}");
        }
        let mut by_function: BTreeMap<&str, [u64; 3]> = BTreeMap::new();
        for e in &self.executions {
            let counts = by_function.entry(&e.function).or_default();
            match e.outcome.as_str() {
                "completed" => counts[0] += 1,
                "failed" => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
        let _ = writeln!(out, "  executions: {}", self.executions.len());
        let _ = writeln!(out, "    {:<24} {:>9} {:>7} {:>7}", "function", "completed", "failed", "killed");
        for (function, [ok, failed, killed]) in &by_function {
            let _ = writeln!(out, "    {function:<24} {ok:>9} {failed:>7} {killed:>7}");
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
        out.push_str(&crate::clients::report::render(&self.submissions, &|ms| self.local(ms), false));
        if !self.expectations.is_empty() {
            let _ = writeln!(out, "  expectations:");
        }
        for e in &self.expectations {
            if e.passed {
                let _ = writeln!(out, "    pass  {}: {}", e.label, e.actual);
            } else {
                let _ = writeln!(out, "    FAIL  {}", e.mismatch());
            }
        }
        if !self.passed {
            let _ = writeln!(out, "  replay: {}", self.replay_command());
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
        let _ = writeln!(out, "\nexecutions ({}):", self.executions.len());
        for e in &self.executions {
            let error = e.error.as_ref().map(|m| format!("  {m}")).unwrap_or_default();
            let result = if e.result.is_null() { String::new() } else { format!("  -> {}", e.result) };
            let lost = if e.response_lost { "  (response lost)" } else { "" };
            let _ = writeln!(
                out,
                "  {}  {}  {}{error}{result}{lost}",
                &self.local(e.start_utc_ms)[..19],
                e.function,
                e.outcome
            );
            for warning in &e.warnings {
                let _ = writeln!(out, "      ! {warning}");
            }
        }
        out.push_str(&crate::clients::report::render(&self.submissions, &|ms| self.local(ms), true));
        let _ = writeln!(out, "\nmail ({}):", self.mail.len());
        for m in &self.mail {
            let _ = writeln!(out, "  {}  {}  {}", &m.local_time[..19], m.to.join(","), m.subject);
            // The body too: a changed amount or a missing line is a changed mail.
            for line in m.body.lines() {
                let _ = writeln!(out, "      | {line}");
            }
        }
        for (name, rows) in &self.sheets {
            let _ = writeln!(out, "\nsheet {name} ({} rows):", rows.len());
            for row in rows {
                let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
                let _ = writeln!(out, "  {}", cells.join(","));
            }
        }
        let _ = writeln!(out, "\nscript properties ({}):", self.properties.len());
        for (key, value) in &self.properties {
            let _ = writeln!(out, "  {key} = {value}");
        }
        out
    }
}

fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The JSON document of `gas-sim run --format json`.
pub fn json_document(reports: &[ZoneReport]) -> serde_json::Value {
    serde_json::json!({
        "gas_sim_run": RUN_FORMAT_VERSION,
        "passed": reports.iter().all(|r| r.passed),
        "runs": reports,
    })
}
