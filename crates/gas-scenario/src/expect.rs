//! `[[expect]]`: what must be true at the end of a run (mail counted by filter and local
//! day, sheet rows, a cell, a property, executions by function and outcome, log lines,
//! a column's distinct or duplicated values, plain requests; `expect_kinds` has the
//! filters and windows).

use chrono::NaiveDate;
use chrono_tz::Tz;
use gas_platform::time::utc_ms_to_local;
use gas_platform::{CellValue, World};
use regex::Regex;

use crate::expect_kinds::{ExecMatch, LogMatch, RequestMatch, Window};
use crate::model::{LoadedScenario, ScenarioError};
use crate::report::ExecutionSummary;

#[derive(Debug, Clone)]
pub enum TextMatch {
    Substring(String),
    Pattern(Regex),
}

impl TextMatch {
    pub fn parse(text: &str) -> Result<TextMatch, String> {
        if text.len() >= 2 && text.starts_with('/') && text.ends_with('/') {
            Regex::new(&text[1..text.len() - 1]).map(TextMatch::Pattern).map_err(|e| format!("bad regex {text}: {e}"))
        } else {
            Ok(TextMatch::Substring(text.to_string()))
        }
    }

    pub fn matches(&self, text: &str) -> bool {
        match self {
            TextMatch::Substring(s) => text.contains(s.as_str()),
            TextMatch::Pattern(re) => re.is_match(text),
        }
    }
}

#[derive(Debug, Clone)]
pub enum Check {
    Mail {
        filter: MailMatch,
        on: Option<NaiveDate>,
    },
    Executions(ExecMatch),
    SheetRows {
        spreadsheet: String,
        sheet: String,
    },
    Cell {
        spreadsheet: String,
        sheet: String,
        a1: String,
        /// The value, as shown, the note or the format.
        aspect: crate::expect_cell::CellAspect,
    },
    Property {
        key: String,
    },
    Submissions(crate::clients::SubmissionCheck),
    Responses(crate::clients::ResponseCheck),
    Logs(LogMatch),
    /// Calendar events at the end of the run.
    Events(crate::expect_kinds::EventMatch),
    /// Drive files and folders at the end of the run.
    Drive(crate::expect_kinds::DriveMatch),
    /// A column's distinct values (`duplicates`: the values occurring more than once).
    Column {
        spreadsheet: String,
        sheet: String,
        column: usize,
        duplicates: bool,
    },
    Requests(RequestMatch),
}

impl Check {
    /// Whether what it counts happens at an instant, so `from`/`until`/`on` can select
    /// (a sheet, a cell or a property is read at the end of the run).
    pub fn has_times(&self) -> bool {
        match self {
            Check::Mail { .. }
            | Check::Executions(_)
            | Check::Logs(_)
            | Check::Requests(_)
            | Check::Submissions(_)
            | Check::Responses(_) => true,
            Check::SheetRows { .. }
            | Check::Cell { .. }
            | Check::Property { .. }
            | Check::Column { .. }
            | Check::Events(_)
            | Check::Drive(_) => false,
        }
    }
}

/// Which mail a mail expectation counts: each filter given must match.
#[derive(Debug, Clone)]
pub struct MailMatch {
    pub to: Option<TextMatch>,
    pub subject: Option<TextMatch>,
    pub body: Option<TextMatch>,
    /// The HTML body; a mail without one matches only a filter that matches "".
    pub html: Option<TextMatch>,
    /// An attachment's name and content type: with either, a mail matches when one of
    /// its attachments matches both (a mail without attachments never does).
    pub attachment: Option<TextMatch>,
    pub attachment_type: Option<TextMatch>,
}

impl MailMatch {
    pub fn matches(&self, mail: &gas_platform::mail::OutgoingMail) -> bool {
        let opt = |m: &Option<TextMatch>, text: &str| m.as_ref().is_none_or(|m| m.matches(text));
        opt(&self.to, &mail.to.join(","))
            && opt(&self.subject, &mail.subject)
            && opt(&self.body, &mail.body)
            && opt(&self.html, mail.html_body.as_deref().unwrap_or(""))
            && ((self.attachment.is_none() && self.attachment_type.is_none())
                || mail
                    .attachments
                    .iter()
                    .any(|a| opt(&self.attachment, &a.name) && opt(&self.attachment_type, &a.content_type)))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Want {
    Count { at_least: u64, at_most: u64 },
    Equals(String),
}

#[derive(Debug, Clone)]
pub struct Expectation {
    /// How the file wrote it, for the report (`mail subject /watchdog/ on 2025-06-14`).
    pub label: String,
    pub check: Check,
    pub want: Want,
    /// `from`/`until`: only what happened in it counts.
    pub window: Window,
    /// The line of its `[[expect]]` in the scenario file (CI annotations point there).
    pub line: Option<usize>,
    /// `in = "some"`: at least one explored schedule shows it (`crate::explore`).
    pub in_some: bool,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ExpectResult {
    pub label: String,
    pub passed: bool,
    pub expected: String,
    pub actual: String,
    /// For a failed one: what is nearest to what was expected (the matching mails' times,
    /// the executions' errors, the duplicated values), at most `EVIDENCE_LINES_MAX` lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub evidence: Vec<String>,
    /// The line of its `[[expect]]` in the scenario file.
    #[serde(skip)]
    pub line: Option<usize>,
}

impl ExpectResult {
    /// `label: expected E, got A`, as reports show a failed expectation.
    pub fn mismatch(&self) -> String {
        format!("{}: expected {}, got {}", self.label, self.expected, self.actual)
    }
}

/// The expectations that apply in `zone_name`. `declared_zones` are the scenario's
/// (`time_zones`, or the project's zone): an expectation's `zones` must name only those,
/// or a typo would silently never check anything.
pub fn resolve(
    loaded: &LoadedScenario,
    zone_name: &str,
    declared_zones: &[String],
    world: &World,
) -> Result<Vec<Expectation>, ScenarioError> {
    let mut out = Vec::new();
    let zone = gas_platform::time::parse_zone(zone_name).map_err(|e| loaded.error("time_zones", e))?;
    for (i, section) in loaded.file.expect.iter().enumerate() {
        let key = format!("expect[{i}]");
        check_one_subject(loaded, section, &key)?;
        if !applies_in_zone(loaded, section, &key, zone_name, declared_zones)? {
            continue;
        }
        let (check, want, label) = subject_check(loaded, section, &key, world)?;
        check_keys_fit(loaded, section, &key, &check)?;
        let has_times = check.has_times();
        let (mut window, mut window_label) = Window::read(loaded, section, &key, zone, has_times)?;
        // A mail's `on` is part of its filter (its evidence says "another day"); for the
        // other kinds with times it narrows the window to that local day.
        if let (Some(day), false) = (&section.on, matches!(check, Check::Mail { .. })) {
            window = window.on_local_day(loaded, day, &key, zone, has_times)?;
            window_label.push_str(&format!(" on {}", day.get_ref()));
        }
        let in_some = match section.in_schedules.as_ref().map(|v| (v, v.get_ref().as_str())) {
            None | Some((_, "every")) => false,
            Some((_, "some")) => true,
            Some((v, other)) => {
                return Err(loaded.error_at(v, &format!("{key}.in"), format!("{other:?}: use \"every\" or \"some\"")))
            }
        };
        let label = format!("{label}{window_label}");
        let label = if in_some { format!("{label} (in some schedule)") } else { label };
        out.push(Expectation { label, check, want, window, line: loaded.line_of_key(&key), in_some });
    }
    Ok(out)
}

type Section = crate::model::ExpectSection;

/// One subject per expectation: with two, all but the first would be silently ignored.
fn check_one_subject(loaded: &LoadedScenario, section: &Section, key: &str) -> Result<(), ScenarioError> {
    let subjects: Vec<&str> = [
        ("mail", section.mail.is_some()),
        ("executions", section.executions.is_some()),
        ("sheet", section.sheet.is_some()),
        ("cell", section.cell.is_some()),
        ("property", section.property.is_some()),
        ("submission", section.submission.is_some()),
        ("response", section.response.is_some()),
        ("logs", section.logs.is_some()),
        ("requests", section.requests.is_some()),
        ("events", section.events.is_some()),
        ("drive", section.drive.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, given)| given.then_some(name))
    .collect();
    if subjects.len() > 1 {
        return Err(loaded.error(
            &format!("{key}.{}", subjects[1]),
            format!(
                "one expectation checks one thing, but this one has {}: split it into two [[expect]]",
                subjects.join(" and ")
            ),
        ));
    }
    Ok(())
}

/// Whether the expectation's `zones` (all when absent) include this run's zone.
fn applies_in_zone(
    loaded: &LoadedScenario,
    section: &Section,
    key: &str,
    zone_name: &str,
    declared_zones: &[String],
) -> Result<bool, ScenarioError> {
    let Some(zones) = &section.zones else { return Ok(true) };
    if zones.is_empty() {
        return Err(loaded.error(
            &format!("{key}.zones"),
            "an empty list would check nothing: name zones, or leave zones out for all",
        ));
    }
    if let Some(unknown) = zones.iter().find(|z| !declared_zones.contains(z.get_ref())) {
        return Err(loaded.error_at(
            unknown,
            &format!("{key}.zones"),
            format!("{:?} is not one of the scenario's zones ({})", unknown.get_ref(), declared_zones.join(", ")),
        ));
    }
    Ok(zones.iter().any(|z| z.get_ref() == zone_name))
}

/// `count`, `at_least`/`at_most` or `never = true`: how many an expectation that counts wants.
fn count_want(loaded: &LoadedScenario, section: &Section, key: &str) -> Result<Want, ScenarioError> {
    if let Some(never) = &section.never {
        if !*never.get_ref() {
            return Err(loaded.error_at(never, &format!("{key}.never"), "never = false says nothing: leave it out"));
        }
        if section.count.is_some() || section.at_least.is_some() || section.at_most.is_some() {
            return Err(loaded.error_at(
                never,
                &format!("{key}.never"),
                "never = true is count = 0: leave out count, at_least and at_most",
            ));
        }
        return Ok(Want::Count { at_least: 0, at_most: 0 });
    }
    match (section.count, section.at_least, section.at_most) {
        (Some(n), None, None) => Ok(Want::Count { at_least: n, at_most: n }),
        (None, least, most) if least.is_some() || most.is_some() => {
            let (at_least, at_most) = (least.unwrap_or(0), most.unwrap_or(u64::MAX));
            if at_least > at_most {
                // It could never pass: a typo, not an expectation.
                return Err(loaded.error(key, format!("at_least {at_least} is more than at_most {at_most}")));
            }
            Ok(Want::Count { at_least, at_most })
        }
        _ => Err(loaded.error(key, "give count, at_least and/or at_most, or never = true")),
    }
}

/// What the expectation checks, what it wants, and its label in the report.
fn subject_check(
    loaded: &LoadedScenario,
    section: &Section,
    key: &str,
    world: &World,
) -> Result<(Check, Want, String), ScenarioError> {
    let counted = |(check, label): (Check, String)| -> Result<(Check, Want, String), ScenarioError> {
        Ok((check, count_want(loaded, section, key)?, label))
    };
    if let Some(mail) = &section.mail {
        return counted(mail_check(loaded, section, mail, key)?);
    }
    if let Some(filter) = &section.executions {
        let (check, label) = ExecMatch::read(loaded, filter, key)?;
        return counted((Check::Executions(check), label));
    }
    if let Some(filter) = &section.logs {
        let (check, label) = LogMatch::read(loaded, filter, key)?;
        return counted((Check::Logs(check), label));
    }
    if let Some(filter) = &section.requests {
        let (check, label) = RequestMatch::read(loaded, filter, key)?;
        return counted((Check::Requests(check), label));
    }
    if let Some(filter) = &section.events {
        let (check, label) = crate::expect_kinds::EventMatch::read(loaded, filter, key)?;
        return counted((Check::Events(check), label));
    }
    if let Some(filter) = &section.drive {
        let (check, label) = crate::expect_kinds::DriveMatch::read(loaded, filter, key)?;
        return counted((Check::Drive(check), label));
    }
    if let (Some(sheet), Some(column)) = (&section.sheet, column_of(section)) {
        return counted(column_check(loaded, section, sheet, column, key, world)?);
    }
    if let Some(sheet) = &section.sheet {
        return rows_check(loaded, section, sheet, key, world);
    }
    if let Some(cell) = &section.cell {
        return cell_check(loaded, section, cell, key, world);
    }
    if let Some(property) = &section.property {
        if property.is_empty() {
            return Err(loaded.error(&format!("{key}.property"), "a property key cannot be empty"));
        }
        let equals = equals_text(section.equals.as_ref())
            .ok_or_else(|| loaded.error(key, "a property expectation needs equals = ..."))?;
        return Ok((
            Check::Property { key: property.clone() },
            Want::Equals(equals),
            format!("script property {property}"),
        ));
    }
    if let Some(filter) = &section.submission {
        let (check, label) = crate::clients::submission_check(loaded, filter, key)?;
        return counted((Check::Submissions(check), label));
    }
    if let Some(filter) = &section.response {
        let (check, label) = crate::clients::response_check(loaded, filter, key)?;
        return counted((Check::Responses(check), label));
    }
    Err(loaded.error(
        key,
        "an expectation needs one of mail, executions, logs, requests, sheet, cell, property, submission, response, events or drive",
    ))
}

fn mail_check(
    loaded: &LoadedScenario,
    section: &Section,
    mail: &crate::model::MailFilter,
    key: &str,
) -> Result<(Check, String), ScenarioError> {
    let text = |value: &Option<String>, name: &str| {
        value.as_deref().map(TextMatch::parse).transpose().map_err(|e| loaded.error(&format!("{key}.{name}"), e))
    };
    let on = match &section.on {
        Some(day) => Some(
            NaiveDate::parse_from_str(day.get_ref(), "%Y-%m-%d")
                .map_err(|_| loaded.error_at(day, &format!("{key}.on"), "want a local day like 2025-06-14"))?,
        ),
        None => None,
    };
    let mut label = "mail".to_string();
    let named = [
        ("to", &mail.to),
        ("subject", &mail.subject),
        ("body", &mail.body),
        ("html", &mail.html),
        ("attachment", &mail.attachment),
        ("attachment_type", &mail.attachment_type),
    ];
    for (name, value) in named {
        if let Some(v) = value {
            label.push_str(&format!(" {name} {v}"));
        }
    }
    if let Some(day) = on {
        label.push_str(&format!(" on {day}"));
    }
    let filter = MailMatch {
        to: text(&mail.to, "mail.to")?,
        subject: text(&mail.subject, "mail.subject")?,
        body: text(&mail.body, "mail.body")?,
        html: text(&mail.html, "mail.html")?,
        attachment: text(&mail.attachment, "mail.attachment")?,
        attachment_type: text(&mail.attachment_type, "mail.attachment_type")?,
    };
    let check = Check::Mail { filter, on };
    Ok((check, label))
}

/// `distinct` or `duplicates`: values of one column of a sheet.
fn column_check(
    loaded: &LoadedScenario,
    section: &Section,
    sheet: &toml::Spanned<String>,
    (letters, duplicates): (&toml::Spanned<String>, bool),
    key: &str,
    world: &World,
) -> Result<(Check, String), ScenarioError> {
    let name = if duplicates { "duplicates" } else { "distinct" };
    let what = if duplicates { "duplicated" } else { "distinct" };
    if section.rows.is_some() || (section.distinct.is_some() && section.duplicates.is_some()) {
        return Err(loaded.error_at(
            letters,
            &format!("{key}.{name}"),
            "a sheet expectation checks one of rows, distinct or duplicates: split it",
        ));
    }
    let column = crate::expect_kinds::parse_column(letters.get_ref())
        .ok_or_else(|| loaded.error_at(letters, &format!("{key}.{name}"), "want a column's letters (B, AA)"))?;
    let (spreadsheet, sheet_name) = split_sheet(loaded, sheet, key, world)?;
    let label = format!("{what} values in {}!{}", sheet.get_ref(), letters.get_ref().to_ascii_uppercase());
    Ok((Check::Column { spreadsheet, sheet: sheet_name, column, duplicates }, label))
}

fn rows_check(
    loaded: &LoadedScenario,
    section: &Section,
    sheet: &toml::Spanned<String>,
    key: &str,
    world: &World,
) -> Result<(Check, Want, String), ScenarioError> {
    let (spreadsheet, name) = split_sheet(loaded, sheet, key, world)?;
    let rows = section.rows.ok_or_else(|| loaded.error(key, "a sheet expectation needs rows = N"))?;
    // More rows than a spreadsheet has cells can never be: a typo, not a check.
    let rows_max = gas_platform::sheets::CELLS_PER_SPREADSHEET_MAX;
    if rows > rows_max {
        return Err(loaded.error(
            &format!("{key}.rows"),
            format!("{rows}: a sheet has at most {rows_max} rows (a spreadsheet's 10 million cells)"),
        ));
    }
    let label = format!("rows of {}", sheet.get_ref());
    Ok((Check::SheetRows { spreadsheet, sheet: name }, Want::Count { at_least: rows, at_most: rows }, label))
}

fn cell_check(
    loaded: &LoadedScenario,
    section: &Section,
    cell: &toml::Spanned<String>,
    key: &str,
    world: &World,
) -> Result<(Check, Want, String), ScenarioError> {
    let (path, a1) = cell
        .get_ref()
        .split_once('!')
        .ok_or_else(|| loaded.error_at(cell, &format!("{key}.cell"), "want id/sheet!A1"))?;
    if !is_one_cell(a1) {
        return Err(loaded.error_at(
            cell,
            &format!("{key}.cell"),
            format!("{a1:?} is not one cell in A1 notation (A1, $B$2)"),
        ));
    }
    let spanned = toml::Spanned::new(cell.span(), path.to_string());
    let (spreadsheet, sheet) = split_sheet(loaded, &spanned, key, world)?;
    let (aspect, want) = crate::expect_cell::read(loaded, section, key)?.ok_or_else(|| {
        loaded.error(key, "a cell expectation needs equals = ..., display = ..., note = ... or format = { ... }")
    })?;
    let label = format!("cell {}{}", cell.get_ref(), crate::expect_cell::label_suffix(&aspect));
    Ok((Check::Cell { spreadsheet, sheet, a1: a1.to_string(), aspect }, Want::Equals(want), label))
}

/// Keys that do not fit the expectation's kind are typos, not settings.
fn check_keys_fit(loaded: &LoadedScenario, section: &Section, key: &str, check: &Check) -> Result<(), ScenarioError> {
    if let (Some(never), Check::SheetRows { .. } | Check::Cell { .. } | Check::Property { .. }) =
        (&section.never, check)
    {
        return Err(loaded.error_at(never, &format!("{key}.never"), "never = true counts: this expectation compares"));
    }
    let cell_only = [("note", section.note.is_some()), ("format", section.format.is_some())];
    if let Some((name, _)) = cell_only.iter().find(|(_, given)| *given).filter(|_| !matches!(check, Check::Cell { .. }))
    {
        return Err(loaded
            .error(&format!("{key}.{name}"), format!("{name} compares one cell: use it with cell = \"id/sheet!A1\"")));
    }
    if let (Some(_), false) = (&section.display, matches!(check, Check::Cell { .. })) {
        return Err(loaded.error(
            &format!("{key}.display"),
            "display compares one cell as Sheets shows it: use it with cell = \"id/sheet!A1\"",
        ));
    }
    if let (None, Some((letters, _))) = (&section.sheet, column_of(section)) {
        return Err(loaded.error_at(
            letters,
            key,
            "distinct and duplicates count a column of a sheet: add sheet = \"id/name\"",
        ));
    }
    Ok(())
}

/// The column a sheet expectation counts values of, and whether it counts duplicates.
fn column_of(section: &crate::model::ExpectSection) -> Option<(&toml::Spanned<String>, bool)> {
    section.duplicates.as_ref().map(|d| (d, true)).or(section.distinct.as_ref().map(|d| (d, false)))
}

/// `A1` or `$B$2`: one cell, on no other sheet (the sheet comes before the `!`).
fn is_one_cell(a1: &str) -> bool {
    gas_platform::sheets::a1::parse(a1).is_some_and(|r| {
        r.sheet_name.is_none()
            && r.start == r.end
            && r.start.row.is_some_and(|row| row >= 1)
            && r.start.column.is_some_and(|column| column >= 1)
    })
}

fn equals_text(value: Option<&toml::Value>) -> Option<String> {
    value.map(|v| match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    })
}

fn split_sheet(
    loaded: &LoadedScenario,
    value: &toml::Spanned<String>,
    key: &str,
    world: &World,
) -> Result<(String, String), ScenarioError> {
    let (id, sheet) =
        value.get_ref().split_once('/').ok_or_else(|| loaded.error_at(value, key, "want spreadsheet-id/sheet-name"))?;
    if world.spreadsheets.get(id).is_none() {
        return Err(loaded.error_at(value, key, format!("no spreadsheet {id:?} in [[spreadsheets]]")));
    }
    Ok((id.to_string(), sheet.to_string()))
}

pub fn evaluate(
    expectations: &[Expectation],
    executions: &[ExecutionSummary],
    world: &World,
    times: &crate::local_time::LocalTimes,
    submissions: &[crate::clients::report::SubmissionReport],
) -> Vec<ExpectResult> {
    expectations
        .iter()
        .map(|e| {
            let zone = times.zone;
            let actual = measure(e, executions, world, zone, submissions);
            let (passed, expected) = match (&e.want, &actual) {
                (Want::Count { at_least, at_most }, Measured::Count(n)) => (
                    n >= at_least && n <= at_most,
                    if at_least == at_most {
                        at_least.to_string()
                    } else if *at_most == u64::MAX {
                        format!("at least {at_least}")
                    } else {
                        format!("{at_least}..={at_most}")
                    },
                ),
                (Want::Equals(want), Measured::Text(got)) => {
                    (got.as_deref() == Some(want.as_str()), format!("{want:?}"))
                }
                (Want::Count { .. }, Measured::Text(_)) | (Want::Equals(_), Measured::Count(_)) => (false, "?".into()),
            };
            let evidence =
                if passed { Vec::new() } else { crate::evidence::of(e, executions, world, times, submissions) };
            ExpectResult { label: e.label.clone(), passed, expected, actual: actual.describe(), evidence, line: e.line }
        })
        .collect()
}

enum Measured {
    Count(u64),
    Text(Option<String>),
}

impl Measured {
    fn describe(&self) -> String {
        match self {
            Measured::Count(n) => n.to_string(),
            Measured::Text(Some(text)) => format!("{text:?}"),
            Measured::Text(None) => "(nothing)".into(),
        }
    }
}

fn measure(
    expectation: &Expectation,
    executions: &[ExecutionSummary],
    world: &World,
    zone: Tz,
    submissions: &[crate::clients::report::SubmissionReport],
) -> Measured {
    let window = expectation.window;
    match &expectation.check {
        Check::Mail { filter, on } => Measured::Count(
            world
                .mail
                .sent
                .iter()
                .filter(|s| {
                    filter.matches(&s.mail)
                        && on.is_none_or(|day| utc_ms_to_local(zone, s.at_utc_ms).date() == day)
                        && window.contains(s.at_utc_ms)
                })
                .count() as u64,
        ),
        Check::Executions(check) => Measured::Count(
            executions.iter().filter(|e| check.matches(e, zone) && window.contains(e.start_utc_ms)).count() as u64,
        ),
        Check::Logs(check) => Measured::Count(check.lines(executions, window).count() as u64),
        Check::Events(check) => Measured::Count(check.events(world).count() as u64),
        Check::Drive(check) => Measured::Count(check.items(world).len() as u64),
        Check::Requests(check) => Measured::Count(
            executions.iter().filter(|e| check.matches(e) && window.contains(e.start_utc_ms)).count() as u64,
        ),
        Check::Column { spreadsheet, sheet, column, duplicates } => {
            let values = crate::expect_kinds::column_values(world, spreadsheet, sheet, *column, zone);
            let counted = if *duplicates { values.values().filter(|n| **n > 1).count() } else { values.len() };
            Measured::Count(counted as u64)
        }
        Check::SheetRows { spreadsheet, sheet } => Measured::Count(
            world
                .spreadsheets
                .get_sheet_by_name(spreadsheet, sheet)
                .ok()
                .flatten()
                .and_then(|s| world.spreadsheets.last_row(&s).ok())
                .unwrap_or(0) as u64,
        ),
        Check::Cell { spreadsheet, sheet, a1, aspect } => {
            Measured::Text(crate::expect_cell::measure(world, spreadsheet, sheet, a1, aspect, zone))
        }
        Check::Property { key } => Measured::Text(world.properties.script.get(key).map(String::from)),
        Check::Submissions(check) => {
            Measured::Count(crate::clients::report::count_submissions(check, submissions, window))
        }
        Check::Responses(check) => {
            Measured::Count(crate::clients::report::count_responses(check, submissions, executions, window))
        }
    }
}

/// A cell as an expectation compares it: its display text in the zone.
pub(crate) fn cell_text(value: &CellValue, zone: Tz) -> String {
    gas_platform::sheets::display_value(value, zone)
}
