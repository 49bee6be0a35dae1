//! The text of a starter scenario: a pure function of the project and its outline, so
//! the same code always gives the same file (snapshot-tested).

use std::fmt::Write as _;

use gas_engine::outline::{CreatedTrigger, Outline, ENTRY_POINTS};
use gas_engine::Project;
use gas_platform::triggers::{MONTH_DAY_MAX, MONTH_DAY_MIN};

/// The first local day the starter runs (a fixed date: the same file for the same code;
/// the comment beside it says to move it).
const START_DAY: &str = "2025-06-12";
/// Days a starter runs unless a trigger needs more: every daily trigger fires twice.
const RUN_DAYS_MIN: u32 = 2;
/// The longest run a starter proposes, whatever its triggers' periods (weeks).
const RUN_DAYS_MAX: u32 = 29;
/// The sheet a bound spreadsheet starts with when the code names none.
const DEFAULT_SHEET: &str = "Sheet1";
/// The days of a month the longest starter run (June 12 to July 10) does not hold.
const MONTH_DAYS_OUTSIDE_THE_RUN: [u32; 2] = [11, 31];
/// The platform's everyMinutes and everyHours values (ClockTriggerBuilder reference).
const EVERY_MINUTES_ALLOWED: [u32; 5] = [1, 5, 10, 15, 30];
const EVERY_HOURS_ALLOWED: [u32; 6] = [1, 2, 4, 6, 8, 12];

/// A TOML basic string of `text`, escaped by the toml crate.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// One line of what was found, for the command's output.
pub fn summary(project: &Project, found: &Outline) -> String {
    let mut parts = Vec::new();
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let triggers = found.clock_triggers.len() + found.spreadsheet_triggers.len();
    if triggers > 0 {
        parts.push(plural(triggers, "trigger", "triggers"));
    }
    for entry in ENTRY_POINTS.iter().filter(|e| found.defines(e)) {
        parts.push(entry.to_string());
    }
    if !found.fetch_origins.is_empty() {
        parts.push(plural(found.fetch_origins.len(), "host", "hosts"));
    }
    let sheets = found.sheet_names.len();
    if sheets > 0 {
        parts.push(plural(sheets, "sheet", "sheets"));
    }
    if !starts_something(found) {
        parts.push(format!(
            "nothing in {} starts a function by itself (no trigger, doGet/doPost or onOpen/onEdit/onFormSubmit): the file says what to add",
            project.script_id
        ));
    }
    parts.join(", ")
}

/// Whether the code sets up anything that runs a function without a person pressing Run.
fn starts_something(found: &Outline) -> bool {
    !found.clock_triggers.is_empty()
        || !found.spreadsheet_triggers.is_empty()
        || ENTRY_POINTS.iter().any(|e| found.defines(e))
}

/// The whole scenario file.
pub fn scenario_text(project: &Project, found: &Outline, project_key: &str) -> String {
    let mut out = String::new();
    let spreadsheet = Spreadsheets::of(project, found);
    header(&mut out, project, found);
    top_keys(&mut out, project, found, project_key);
    script_properties(&mut out, found);
    spreadsheet.write(&mut out, found);
    clock_triggers(&mut out, found);
    spreadsheet_triggers(&mut out, found, &spreadsheet);
    http_rules(&mut out, found);
    web_requests(&mut out, found);
    inbox_message(&mut out, found);
    simple_trigger_events(&mut out, project, found, &spreadsheet);
    nothing_starts_note(&mut out, found);
    expectations(&mut out, found, &spreadsheet);
    out
}

fn header(out: &mut String, project: &Project, found: &Outline) {
    let _ = writeln!(out, "# A first scenario for {}, written by `gas-sim init` from its code.", project.script_id);
    out.push_str(
        "# It replays what the code sets up (its triggers, web requests and sheet events) for a\n\
         # few days in the manifest's time zone; each key is explained beside it, and the\n\
         # scenario reference is gas-sim's docs/scenarios.md. Fill in the TODOs: only you\n\
         # know which mail, rows and answers your code should produce.\n",
    );
    for (file, error) in &found.unparsed {
        let _ = writeln!(out, "# {file} did not parse, so nothing was read from it: {}", one_line(error));
    }
    out.push('\n');
}

fn top_keys(out: &mut String, project: &Project, found: &Outline, project_key: &str) {
    let days = run_days(found);
    let end_day = chrono::NaiveDate::parse_from_str(START_DAY, "%Y-%m-%d")
        .map(|d| d + chrono::Days::new(u64::from(days)))
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| START_DAY.to_string());
    let _ = writeln!(out, "name = {}", quoted(&format!("{} starter", project.script_id)));
    let _ =
        writeln!(out, "description = {}", quoted("What the code sets up, over a few days. Written by gas-sim init."));
    let _ =
        writeln!(out, "project = {}  # the folder with appsscript.json, from this file's folder", quoted(project_key));
    out.push_str("# The manifest's zone. Add more (\"UTC\", \"America/Los_Angeles\", \"Asia/Tokyo\") to run\n");
    out.push_str("# the same days in each: mail quotas, daily triggers and dates move with the zone.\n");
    let _ = writeln!(out, "time_zones = [{}]", quoted(&project.time_zone));
    let _ = writeln!(out, "start = \"{START_DAY}T00:00\"  # local wall time in each zone; move it to days that matter");
    let _ = writeln!(out, "end = \"{end_day}T00:00\"    # {days} days");
    out.push_str("seed = 7                    # picks Math.random, Utilities.getUuid and seeded faults\n\n");
}

/// Long enough for every trigger found to fire at least twice (a monthly one once),
/// within the bounds.
fn run_days(found: &Outline) -> u32 {
    let mut days = RUN_DAYS_MIN;
    for trigger in &found.clock_triggers {
        let count = |method: &str| trigger.argument(method).and_then(|n| n.parse::<u32>().ok());
        if count("onMonthDay").is_some() {
            // Once a month: the longest run, which holds days 12 to 30 of June and 1 to
            // 10 of July (`trigger_keys` says so for the 11th and the 31st).
            days = RUN_DAYS_MAX;
        } else if let Some(weeks) = count("everyWeeks") {
            days = days.max(weeks.saturating_mul(7).saturating_add(1));
        } else if let Some(every_days) = count("everyDays") {
            days = days.max(every_days.saturating_add(1));
        }
    }
    days.min(RUN_DAYS_MAX)
}

fn script_properties(out: &mut String, found: &Outline) {
    if found.property_keys.is_empty() {
        return;
    }
    out.push_str("# The code reads these properties (getProperty). TODO: give the script properties\n");
    out.push_str("# their values, as in the editor's Project Settings (remove the #).\n");
    out.push_str("[script_properties]\n");
    for key in &found.property_keys {
        let _ = writeln!(out, "# {} = \"\"", toml_key(key));
    }
    out.push('\n');
}

/// A bare key when TOML allows one, else a quoted one.
fn toml_key(key: &str) -> String {
    let bare = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        key.to_string()
    } else {
        quoted(key)
    }
}

/// The spreadsheets a starter declares: the bound one (`.clasp.json` parentId) and the
/// literal ids the code opens; the sheets the code names go in the first of them.
struct Spreadsheets {
    ids: Vec<String>,
    bound: bool,
}

impl Spreadsheets {
    fn of(project: &Project, found: &Outline) -> Spreadsheets {
        let mut ids: Vec<String> = project.container_id.iter().cloned().collect();
        ids.extend(found.spreadsheet_ids.iter().filter(|id| !ids.contains(id)).cloned().collect::<Vec<_>>());
        Spreadsheets { ids, bound: project.container_id.is_some() }
    }

    fn first(&self) -> Option<&str> {
        self.ids.first().map(String::as_str)
    }

    /// The sheets of the first spreadsheet: the names the code opens, or a default one.
    fn sheet_names<'a>(&self, found: &'a Outline) -> Vec<&'a str> {
        if found.sheet_names.is_empty() {
            vec![DEFAULT_SHEET]
        } else {
            found.sheet_names.iter().map(String::as_str).collect()
        }
    }

    fn write(&self, out: &mut String, found: &Outline) {
        if self.ids.is_empty() {
            if !found.sheet_names.is_empty() {
                out.push_str("# The code opens sheets by name (");
                out.push_str(&found.sheet_names.iter().map(|n| quoted(n)).collect::<Vec<_>>().join(", "));
                out.push_str(") but names no spreadsheet gas-sim can see: TODO: declare it,\n");
                out.push_str("# [[spreadsheets]] id = \"...\" with its sheets, and open it by that id.\n\n");
            }
            return;
        }
        for (index, id) in self.ids.iter().enumerate() {
            let why = if index == 0 && self.bound {
                "the spreadsheet this script is bound to (.clasp.json parentId)"
            } else {
                "SpreadsheetApp.openById in the code"
            };
            let _ = writeln!(out, "[[spreadsheets]]\nid = {}  # {why}", quoted(id));
            if index == 0 {
                for name in self.sheet_names(found) {
                    let _ = writeln!(out, "[spreadsheets.sheets.{}]", toml_key(name));
                    out.push_str(
                        "rows = []  # TODO: the rows it starts with, or csv = \"file.csv\" beside this file\n",
                    );
                }
            }
            out.push('\n');
        }
        if self.ids.len() > 1 && !found.sheet_names.is_empty() {
            out.push_str("# (gas-sim cannot tell which spreadsheet each sheet name belongs to: move them.)\n\n");
        }
    }
}

fn clock_triggers(out: &mut String, found: &Outline) {
    for trigger in &found.clock_triggers {
        let place = format!("{}:{}", trigger.file, trigger.line);
        let Some(function) = &trigger.function else {
            let _ = writeln!(
                out,
                "# {place} creates a time-driven trigger whose function is not a literal name: TODO: add it.\n"
            );
            continue;
        };
        let chain = trigger
            .calls
            .iter()
            .map(|(name, args)| format!("{name}({})", args.join(", ")))
            .collect::<Vec<_>>()
            .join(".");
        let _ = writeln!(out, "# {place} creates this trigger: newTrigger('{function}').timeBased().{chain}");
        match trigger_keys(trigger) {
            Ok(keys) => {
                if !found.defines(function) {
                    let _ = writeln!(
                        out,
                        "# ({function} is not a function of the project: the platform fails each firing.)"
                    );
                }
                out.push_str(
                    "# Declared here as installed from the start (not by running the code that creates it).\n",
                );
                let _ = writeln!(out, "[[triggers]]\nfunction = {}", quoted(function));
                for (key, value) in keys {
                    let _ = writeln!(out, "{key} = {value}");
                }
            }
            Err(why) => {
                let _ = writeln!(out, "# Not declared: {why}");
            }
        }
        out.push('\n');
    }
}

/// The `[[triggers]]` keys of a clock trigger, or why it cannot be declared.
fn trigger_keys(trigger: &CreatedTrigger) -> Result<Vec<(&'static str, String)>, String> {
    let number = |method: &str| -> Result<Option<u32>, String> {
        match trigger.argument(method) {
            None if trigger.calls_method(method) => Err(format!("{method}() without an argument")),
            None => Ok(None),
            Some(text) => text.parse().map(Some).map_err(|_| format!("{method}({text}) is not a literal whole number")),
        }
    };
    for once in ["at", "atDate", "after"] {
        if trigger.calls_method(once) {
            return Err(format!(
                "{once}() makes a one-off trigger; TODO: run the function that creates it with [[runs]], or give at = \"...\""
            ));
        }
    }
    if let Some(zone) = trigger.argument("inTimezone") {
        return Err(format!(
            "it fires in {zone} (inTimezone); TODO: run the function that creates it with [[runs]] so the trigger keeps its zone"
        ));
    }
    let every = if let Some(day) = number("onMonthDay")? {
        if !(MONTH_DAY_MIN..=MONTH_DAY_MAX).contains(&day) {
            return Err(format!("onMonthDay({day}) is no day of a month, {MONTH_DAY_MIN}-{MONTH_DAY_MAX}"));
        }
        if MONTH_DAYS_OUTSIDE_THE_RUN.contains(&day) {
            return Err(format!(
                "onMonthDay({day}) never fires in the starter's days ({START_DAY} and {RUN_DAYS_MAX} after); TODO: declare it with every = \"month\", day = {day} and a start before that day"
            ));
        }
        "month".to_string()
    } else if let Some(n) = number("everyMinutes")? {
        allowed(n, &EVERY_MINUTES_ALLOWED, "everyMinutes")?;
        format!("{n}m")
    } else if let Some(n) = number("everyHours")? {
        allowed(n, &EVERY_HOURS_ALLOWED, "everyHours")?;
        format!("{n}h")
    } else if let Some(n) = number("everyDays")? {
        format!("{}d", n.max(1))
    } else if let Some(n) = number("everyWeeks")? {
        format!("{}w", n.max(1))
    } else {
        return Err(
            "no everyMinutes/everyHours/everyDays/everyWeeks in the chain; TODO: add it with every = \"...\"".into()
        );
    };
    let mut keys = vec![("every", quoted(&every))];
    if let Some(day) = number("onMonthDay")? {
        keys.push(("day", day.to_string()));
    }
    let daily = every.ends_with('d') || every.ends_with('w') || every == "month";
    if let Some(hour) = number("atHour")? {
        if !daily || hour > 23 {
            return Err(format!("atHour({hour}) belongs to a daily, weekly or monthly trigger, 0-23"));
        }
        keys.push(("hour", hour.to_string()));
    }
    if let Some(minute) = number("nearMinute")? {
        if minute > 59 {
            return Err(format!("nearMinute({minute}) is past 59"));
        }
        keys.push(("minute", minute.to_string()));
    }
    if let Some(day) = trigger.argument("onWeekDay") {
        let day = day.to_lowercase();
        const DAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
        if !every.ends_with('w') || !DAYS.contains(&day.as_str()) {
            return Err(format!("onWeekDay({day}) belongs to a weekly trigger, with a ScriptApp.WeekDay"));
        }
        keys.push(("weekday", quoted(&day)));
    }
    Ok(keys)
}

fn allowed(n: u32, values: &[u32], method: &str) -> Result<(), String> {
    if values.contains(&n) {
        return Ok(());
    }
    let list = values.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    Err(format!("the platform refuses {method}({n}): it takes {list}"))
}

fn spreadsheet_triggers(out: &mut String, found: &Outline, spreadsheets: &Spreadsheets) {
    for (function, event) in &found.spreadsheet_triggers {
        let on = match event.as_str() {
            "onOpen" => "open",
            "onEdit" => "edit",
            "onChange" => "change",
            _ => "form_submit",
        };
        let _ = writeln!(out, "# The code installs {function} on the spreadsheet's {event} (forSpreadsheet).");
        match spreadsheets.first() {
            Some(id) => {
                let _ = writeln!(
                    out,
                    "[[triggers]]\nfunction = {}\non = \"{on}\"\nspreadsheet = {}\n",
                    quoted(function),
                    quoted(id)
                );
            }
            None => out.push_str("# Not declared: TODO: declare the spreadsheet it watches first.\n\n"),
        }
    }
}

fn http_rules(out: &mut String, found: &Outline) {
    for origin in &found.fetch_origins {
        let _ = writeln!(out, "# UrlFetchApp.fetch reaches {origin}: there is no real network, this rule answers.");
        let _ = writeln!(out, "[[http]]\nurl = {}", quoted(&format!("{origin}/*")));
        out.push_str(
            "status = 200\nbody = \"\"  # TODO: what the service answers (a [[faults]] rule makes it fail)\n\n",
        );
    }
}

fn web_requests(out: &mut String, found: &Outline) {
    if found.defines("doGet") {
        out.push_str(
            "# A visit to the web app's /exec URL: doGet(e). Add query = { name = \"value\" } for e.parameter.\n",
        );
        let _ = writeln!(out, "[[requests]]\nat = \"{START_DAY}T10:00\"\nmethod = \"GET\"\n");
    }
    if found.defines("doPost") {
        out.push_str("# A POST to the web app: doPost(e). TODO: the body your clients send (json, form or body).\n");
        let _ = writeln!(out, "[[requests]]\nat = \"{START_DAY}T10:30\"\nmethod = \"POST\"\njson = {{}}\n");
    }
}

fn inbox_message(out: &mut String, found: &Outline) {
    if !found.reads_mailbox {
        return;
    }
    out.push_str("# The code reads the mailbox (GmailApp): a message arrives. TODO: the mail it looks for.\n");
    let _ = writeln!(
        out,
        "[[inbox]]\nat = \"{START_DAY}T08:00\"\nfrom = \"client@example.com\"\nsubject = \"TODO\"\nbody = \"TODO\"\n"
    );
}

fn simple_trigger_events(out: &mut String, project: &Project, found: &Outline, spreadsheets: &Spreadsheets) {
    let simple: Vec<&str> = ["onOpen", "onEdit", "onFormSubmit"].into_iter().filter(|f| found.defines(f)).collect();
    if simple.is_empty() {
        return;
    }
    if project.container_id.is_none() {
        let _ = writeln!(
            out,
            "# The code defines {}: simple triggers of a bound script, but this project has no\n\
             # .clasp.json parentId, so no spreadsheet calls them. TODO: bind it, or use [[runs]].\n",
            simple.join(", ")
        );
        return;
    }
    let sheet = spreadsheets.sheet_names(found)[0];
    if found.defines("onOpen") {
        out.push_str("# Someone opens the spreadsheet: onOpen(e) (menus are added then).\n");
        let _ = writeln!(out, "[[opens]]\nat = \"{START_DAY}T09:00\"\nuser = \"ana@example.com\"\n");
    }
    if found.defines("onEdit") {
        out.push_str("# Someone types in a cell: onEdit(e). TODO: the cell and value that matter.\n");
        let range = quoted(&format!("{}!A2", sheet_ref(sheet)));
        let _ = writeln!(
            out,
            "[[edits]]\nat = \"{START_DAY}T09:05\"\nrange = {range}\nvalue = \"TODO\"\nuser = \"ana@example.com\"\n"
        );
    }
    if found.defines("onFormSubmit") {
        out.push_str("# A form response arrives: onFormSubmit(e). TODO: the form's questions and answers.\n");
        let _ = writeln!(out, "[[form_submissions]]\nat = \"{START_DAY}T09:10\"\nvalues = {{ Name = \"Ana\", Email = \"ana@example.com\" }}\n");
    }
}

/// A sheet name as A1 notation spells it: quoted when it has more than letters, digits
/// and underscores.
fn sheet_ref(name: &str) -> String {
    if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\'', "''"))
    }
}

fn nothing_starts_note(out: &mut String, found: &Outline) {
    if starts_something(found) {
        return;
    }
    out.push_str(
        "# gas-sim init found nothing that starts a function by itself: no time-driven trigger\n\
         # (ScriptApp.newTrigger(...).timeBased()...create()), no doGet/doPost and no\n\
         # onOpen/onEdit/onFormSubmit. TODO: say what runs, e.g. a trigger installed in the editor:\n\
         #   [[triggers]]\n\
         #   function = \"myFunction\"\n\
         #   every = \"1h\"\n\
         # or a run by hand, as the editor's Run button does:\n\
         #   [[runs]]\n",
    );
    let _ = writeln!(out, "#   at = \"{START_DAY}T09:00\"");
    let example = found.functions.first().map_or("myFunction", String::as_str);
    let _ = writeln!(out, "#   function = {}\n", quoted(example));
}

fn expectations(out: &mut String, found: &Outline, spreadsheets: &Spreadsheets) {
    out.push_str("# The baseline: no execution failed or was killed (at 6 minutes, or by a limit).\n");
    out.push_str("[[expect]]\nexecutions = { outcome = \"failed\" }\ncount = 0\n\n");
    out.push_str("[[expect]]\nexecutions = { outcome = \"killed\" }\ncount = 0\n\n");
    let sheet_hint = spreadsheets.first().is_some();
    if !found.sends_mail && !sheet_hint {
        out.push_str(
            "# TODO: what should happen: mail = ..., sheet = ..., property = ... (docs/scenarios.md, \"Expectations\").\n",
        );
        return;
    }
    out.push_str("# TODO: what should happen. For example (remove the # and put your numbers):\n");
    if found.sends_mail {
        out.push_str(
            "# [[expect]]\n# mail = { subject = \"/Daily report/\" }  # a substring, or /a regex/\n# count = 2\n",
        );
    }
    if let Some(id) = spreadsheets.first() {
        let sheet = spreadsheets.sheet_names(found)[0];
        let _ = writeln!(out, "# [[expect]]\n# sheet = {}\n# rows = 10", quoted(&format!("{id}/{sheet}")));
    }
}

/// The first line of a message, for a one-line comment.
fn one_line(text: &str) -> String {
    text.lines().next().unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trigger(calls: &[(&str, &[&str])]) -> CreatedTrigger {
        CreatedTrigger {
            function: Some("f".into()),
            calls: calls.iter().map(|(n, a)| (n.to_string(), a.iter().map(|s| s.to_string()).collect())).collect(),
            file: "Code.gs".into(),
            line: 1,
        }
    }

    #[test]
    fn clock_builders_become_scenario_keys() {
        let keys = trigger_keys(&trigger(&[("everyDays", &["1"]), ("atHour", &["9"]), ("nearMinute", &["15"])]));
        assert_eq!(
            keys.unwrap(),
            vec![("every", "\"1d\"".to_string()), ("hour", "9".to_string()), ("minute", "15".to_string())]
        );
        let weekly = trigger_keys(&trigger(&[("everyWeeks", &["1"]), ("onWeekDay", &["MONDAY"])]));
        assert_eq!(weekly.unwrap()[1], ("weekday", "\"monday\"".to_string()));
        let monthly = trigger_keys(&trigger(&[("onMonthDay", &["30"]), ("atHour", &["6"])]));
        assert_eq!(
            monthly.unwrap(),
            vec![("every", "\"month\"".to_string()), ("day", "30".to_string()), ("hour", "6".to_string())]
        );
        assert!(trigger_keys(&trigger(&[("onMonthDay", &["32"])])).unwrap_err().contains("no day of a month"));
        for outside in ["11", "31"] {
            assert!(trigger_keys(&trigger(&[("onMonthDay", &[outside])])).unwrap_err().contains("TODO: declare it"));
        }
        assert_eq!(trigger_keys(&trigger(&[("everyMinutes", &["5"])])).unwrap(), vec![("every", "\"5m\"".to_string())]);
    }

    #[test]
    fn what_the_platform_refuses_is_explained_not_declared() {
        let refused = trigger_keys(&trigger(&[("everyHours", &["3"])])).unwrap_err();
        assert!(refused.contains("takes 1, 2, 4, 6, 8, 12"), "{refused}");
        assert!(trigger_keys(&trigger(&[("everyHours", &["?"])])).unwrap_err().contains("not a literal"));
        assert!(trigger_keys(&trigger(&[("after", &["600000"])])).unwrap_err().contains("[[runs]]"));
        assert!(trigger_keys(&trigger(&[("everyHours", &["1"]), ("atHour", &["9"])])).is_err());
    }

    #[test]
    fn sheet_names_are_quoted_as_a1_notation_wants() {
        assert_eq!(sheet_ref("Orders"), "Orders");
        assert_eq!(sheet_ref("Bob's list"), "'Bob''s list'");
    }
}
