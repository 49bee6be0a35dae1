//! Every scenario input is checked before anything runs: each reproducer from the fuzz
//! campaign (issue 10) is a clear error naming file, line and key, never a panic, a
//! wrapped number or a silently dropped entry.

use std::path::{Path, PathBuf};

use gas_scenario::{plan, PreparedScenario, RunOptions};

const HEADER: &str = "name = \"v\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), "function tick() { return 1; }\nfunction doGet() { return 1; }\n").unwrap();
    let path = dir.join("v.toml");
    std::fs::write(&path, body).unwrap();
    path
}

/// Loads and plans `body` in each of its zones, as a run does before its first execution.
fn check(body: &str) -> Result<Vec<String>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), body);
    let prepared = PreparedScenario::load(&path, &RunOptions::default()).map_err(|e| e.0)?;
    for zone in &prepared.zones {
        plan::plan(&prepared.loaded, prepared.project.clone(), zone, prepared.seed).map_err(|e| e.0)?;
    }
    Ok(prepared.warnings)
}

fn error_of(body: &str) -> String {
    match check(body) {
        Ok(_) => panic!("accepted:\n{body}"),
        Err(e) => e.replace(&format!("{}", std::env::temp_dir().display()), "TMP"),
    }
}

fn assert_refused(body: &str, expected: &str) {
    let err = error_of(body);
    assert!(err.contains(expected), "expected {expected:?} in {err:?}\nfor:\n{body}");
    assert!(err.contains("v.toml:"), "names the file and line: {err}");
}

#[test]
fn times_outside_start_and_end_are_errors() {
    let cases = [
        // "the scheduler went back in time" panicked a run for these.
        ("[[runs]]\nat = \"2025-06-13T08:00\"\nfunction = \"tick\"\n", "v.toml:6: runs[0].at: \"2025-06-13T08:00\" is before start (\"2025-06-13T09:00\" in UTC)"),
        ("[[requests]]\nat = \"2025-06-12T08:00\"\n", "v.toml:6: requests[0].at: \"2025-06-12T08:00\" is before start"),
        ("[[evictions]]\nat = \"2025-06-13T08:59\"\n", "v.toml:6: evictions[0].at: \"2025-06-13T08:59\" is before start"),
        ("[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nfrom = \"2025-06-13T08:00\"\n", "v.toml:8: triggers[0].from: \"2025-06-13T08:00\" is before start"),
        ("[[triggers]]\nfunction = \"tick\"\nat = \"2025-06-13T08:00\"\n", "v.toml:7: triggers[0].at: \"2025-06-13T08:00\" is before start"),
        // Silently dropped before: nothing starts at or after the end.
        ("[[runs]]\nat = \"2025-06-13T12:00\"\nfunction = \"tick\"\n", "v.toml:6: runs[0].at: \"2025-06-13T12:00\" is at or after end (\"2025-06-13T12:00\" in UTC)"),
        ("[[runs]]\nat = \"2025-06-14T12:00\"\nfunction = \"tick\"\n", "runs[0].at: \"2025-06-14T12:00\" is at or after end"),
        ("[[triggers]]\nfunction = \"tick\"\nat = \"2025-06-13T13:00\"\n", "triggers[0].at: \"2025-06-13T13:00\" is at or after end"),
        ("[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nfrom = \"2025-06-13T12:00\"\n", "triggers[0].from: \"2025-06-13T12:00\" is at or after end"),
        ("[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nuntil = \"2025-06-13T09:00\"\n", "v.toml:8: triggers[0].until: must be after start"),
        ("[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nfrom = \"2025-06-13T10:00\"\nuntil = \"2025-06-13T10:00\"\n", "v.toml:9: triggers[0].until: must be after from"),
        ("[[faults]]\ncall = \"Cache.get\"\nthrow = \"x\"\nfrom = \"2025-06-13T10:00\"\nuntil = \"2025-06-13T09:30\"\n", "v.toml:9: faults[0].until: must be after from"),
        ("[[faults]]\ncall = \"Cache.get\"\nthrow = \"x\"\nnth = [0]\n", "v.toml:8: faults[0].nth: counts matching calls from 1"),
    ];
    for (tail, expected) in cases {
        assert_refused(&format!("{HEADER}{tail}"), expected);
    }
}

#[test]
fn a_trigger_until_past_the_end_is_fine() {
    let body = format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nuntil = \"2025-07-01T00:00\"\n");
    assert_eq!(check(&body), Ok(vec![]));
}

#[test]
fn the_scenario_runs_between_1970_and_9999() {
    for start in ["1900-01-01T00:00", "1969-12-31T23:59"] {
        let body = format!("name = \"v\"\nproject = \"project\"\nstart = \"{start}\"\nend = \"2025-06-13T12:00\"\n");
        assert_refused(&body, &format!("v.toml:3: start: {start}"));
        assert_refused(&body, "is outside the years gas-sim runs in (1970 to 9999)");
    }
    let body = "name = \"v\"\nproject = \"project\"\nstart = \"-0001-01-01T00:00\"\nend = \"2025-06-13T12:00\"\n";
    assert_refused(body, "v.toml:3: start:");
    let body = "name = \"v\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"+10000-01-01T00:00\"\n";
    assert_refused(body, "v.toml:4: end:");
}

#[test]
fn a_long_scenario_is_a_warning_that_a_key_raises() {
    let long = "name = \"v\"\nproject = \"project\"\nstart = \"2025-01-01T00:00\"\nend = \"2026-06-01T00:00\"\n";
    let warnings = check(long).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("v.toml:4: end: the scenario runs 516 days, more than 400"), "{warnings:?}");
    assert!(warnings[0].contains("length_days_warning = 516"), "{warnings:?}");
    assert_eq!(check(&format!("{long}length_days_warning = 600\n")), Ok(vec![]));
    assert_refused(&format!("{long}length_days_warning = 0\n"), "v.toml:5: length_days_warning: must be a positive");
    assert_eq!(check(HEADER), Ok(vec![]));
}

#[test]
fn durations_are_checked_and_bounded() {
    let cases = [
        // Wrapped to a daily trigger before.
        (
            "[[triggers]]\nfunction = \"tick\"\nevery = \"4294967297d\"\n",
            "v.toml:7: triggers[0].every: bad duration \"4294967297d\": at most 3650d",
        ),
        ("[[triggers]]\nfunction = \"tick\"\nevery = \"99999999999999999999w\"\n", "triggers[0].every: bad duration"),
        // Became no delay at all before.
        (
            "[[faults]]\ncall = \"Cache.get\"\ndelay = \"9223372036854775807ms\"\n",
            "v.toml:7: faults[0].delay: bad duration",
        ),
        (
            "[[faults]]\ncall = \"Cache.get\"\ndelay = \"2d\"\n",
            "v.toml:7: faults[0].delay: 172800000 ms: a delay is 1 to 86400000 ms",
        ),
    ];
    for (tail, expected) in cases {
        assert_refused(&format!("{HEADER}{tail}"), expected);
    }
    // A delay past the 6-minute kill is legal: the call is killed at the deadline.
    let body = format!("{HEADER}[[faults]]\ncall = \"Cache.get\"\ndelay = \"10m\"\n");
    assert_eq!(check(&body), Ok(vec![]));
}

#[test]
fn trigger_keys_the_schedule_would_ignore_are_errors() {
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nhour = 9\n"),
        "v.toml:8: triggers[0].hour: hour is for daily, weekly and monthly triggers",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1d\"\nweekday = \"monday\"\n"),
        "v.toml:8: triggers[0].weekday: weekday is for weekly triggers (every = Nw)",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1w\"\nweekday = \"mnday\"\n"),
        "v.toml:8: triggers[0].weekday: weekday must be monday .. sunday",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1d\"\nminute = 60\n"),
        "v.toml:8: triggers[0].minute: invalid value: integer `60`, expected a minute from 0 to 59",
    );
    let weekly = format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"2w\"\nweekday = \"monday\"\nhour = 9\n");
    assert_eq!(check(&weekly), Ok(vec![]));
    // Monthly: `day` belongs to `every = "month"` alone, which needs it, from 1 to 31.
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1d\"\nday = 5\n"),
        "v.toml:8: triggers[0].day: day is for monthly triggers (every = \"month\")",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"month\"\n"),
        "v.toml:7: triggers[0].day: a monthly trigger needs day = 1 to 31",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"month\"\nday = 0\n"),
        "expected a day of the month from 1 to 31",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"month\"\nday = 32\n"),
        "expected a day of the month from 1 to 31",
    );
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"month\"\nday = 3\nweekday = \"monday\"\n"),
        "v.toml:9: triggers[0].weekday: weekday is for weekly triggers (every = Nw)",
    );
    let monthly = format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"month\"\nday = 31\nhour = 9\n");
    assert_eq!(check(&monthly), Ok(vec![]));
}

#[test]
fn latencies_are_bounded() {
    assert_refused(
        &format!("{HEADER}latency = {{ \"Cache.get\" = 9223372036854775807 }}\n"),
        "v.toml:5: latency.\"Cache.get\": 9223372036854775807 ms: a latency is 0 to 86400000 ms",
    );
    assert_refused(&format!("{HEADER}latency = {{ \"Cache.get\" = -5 }}\n"), "latency.\"Cache.get\": -5 ms");
    assert_eq!(check(&format!("{HEADER}latency = {{ \"Cache.get\" = 400000 }}\n")), Ok(vec![]));
}

#[test]
fn triggers_need_a_function_and_stop_at_twenty() {
    assert_refused(
        &format!("{HEADER}[[triggers]]\nfunction = \"\"\nevery = \"1h\"\n"),
        "v.toml:6: triggers[0].function: \"\" is not a function name",
    );
    assert_refused(
        &format!("{HEADER}[[runs]]\nat = \"2025-06-13T10:00\"\nfunction = \" tick\"\n"),
        "runs[0].function: \" tick\" is not a function name",
    );
    let twenty = "[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\n".repeat(20);
    assert_eq!(check(&format!("{HEADER}{twenty}")), Ok(vec![]));
    let err = error_of(&format!("{HEADER}{twenty}[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\n"));
    assert!(
        err.ends_with(
            "v.toml:66: triggers[20]: 21 triggers: This script has too many triggers. Triggers must be deleted from the script before more can be added."
        ),
        "{err}"
    );
}

#[test]
fn expectation_zones_must_be_the_scenarios() {
    let body = format!(
        "{HEADER}time_zones = [\"UTC\", \"Europe/Istanbul\"]\n[[expect]]\nexecutions = {{ function = \"tick\" }}\ncount = 0\nzones = [\"Europe/Istambul\"]\n"
    );
    assert_refused(
        &body,
        "v.toml:9: expect[0].zones: \"Europe/Istambul\" is not one of the scenario's zones (UTC, Europe/Istanbul)",
    );
    let good = body.replace("Istambul", "Istanbul");
    assert_eq!(check(&good), Ok(vec![]));
    // Without time_zones the scenario runs in the project's zone.
    let project_zone =
        format!("{HEADER}[[expect]]\nexecutions = {{ function = \"tick\" }}\ncount = 0\nzones = [\"UTC\"]\n");
    assert_eq!(check(&project_zone), Ok(vec![]));
}

#[test]
fn http_statuses_are_100_to_599() {
    assert_refused(
        &format!("{HEADER}[[http]]\nurl = \"https://x.example/*\"\nstatus = 0\n"),
        "v.toml:7: http[0].status: status 0: an HTTP status is 100 to 599",
    );
    assert_refused(
        &format!("{HEADER}[[faults]]\ncall = \"UrlFetchApp.fetch\"\nrespond = {{ status = 600 }}\n"),
        "v.toml:7: faults[0].respond.status: status 600",
    );
    assert_eq!(check(&format!("{HEADER}[[http]]\nurl = \"https://x.example/*\"\nstatus = 503\n")), Ok(vec![]));
}

#[test]
fn type_errors_name_the_scenario_form() {
    assert_refused(
        &format!("{HEADER}latency = [1, 2]\n"),
        "v.toml:5: latency: expected \"default\", \"none\" or a table of Service.method = ms",
    );
    let err = error_of(&format!("{HEADER}[[spreadsheets]]\nid = \"b\"\nsheets = {{ ledger = 5 }}\n"));
    assert!(
        err.ends_with("v.toml:7: spreadsheets[0].sheets.ledger: invalid type: integer `5`, expected a table"),
        "{err}"
    );
}

#[test]
fn every_zone_is_planned_before_any_runs() {
    // 10:00Z is within 09:00-12:00 in UTC but after a 12:00 end in Tokyo (03:00Z):
    // loading finds it, not Tokyo's run after UTC's.
    let body = format!(
        "{HEADER}time_zones = [\"UTC\", \"Asia/Tokyo\"]\n[[runs]]\nat = \"2025-06-13T10:00Z\"\nfunction = \"tick\"\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), &body);
    let err = PreparedScenario::load(&path, &RunOptions::default()).unwrap_err();
    assert!(
        err.0.contains(
            "v.toml:7: runs[0].at: \"2025-06-13T10:00Z\" is at or after end (\"2025-06-13T12:00\" in Asia/Tokyo)"
        ),
        "{err}"
    );
}

#[test]
fn expectations_that_could_never_check_anything_are_errors() {
    let book = "[[spreadsheets]]\nid = \"b\"\nsheets = { s = { rows = [[1]] } }\n";
    let cases = [
        (
            "[[expect]]\ncell = \"b/s!ZZZZ1\"\nequals = 1\n",
            "v.toml:9: expect[0].cell: \"ZZZZ1\" is not one cell in A1 notation",
        ),
        ("[[expect]]\ncell = \"b/s!A0\"\nequals = 1\n", "expect[0].cell: \"A0\" is not one cell"),
        ("[[expect]]\ncell = \"b/s!A1:B2\"\nequals = 1\n", "expect[0].cell: \"A1:B2\" is not one cell"),
        ("[[expect]]\nmail = {}\nat_least = 5\nat_most = 1\n", "expect[0]: at_least 5 is more than at_most 1"),
        ("[[expect]]\nproperty = \"\"\nequals = 1\n", "expect[0].property: a property key cannot be empty"),
        (
            "[[expect]]\nexecutions = { function = \"tikc\" }\ncount = 0\n",
            "v.toml:9: expect[0].executions.function: the project has no function \"tikc\"",
        ),
        (
            "[[expect]]\nsheet = \"b/s\"\nrows = 18446744073709551615\n",
            "v.toml:10: expect[0].rows: the number is too large",
        ),
    ];
    for (tail, expected) in cases {
        let err = error_of(&format!("{HEADER}{book}{tail}"));
        assert!(err.contains(expected), "expected {expected:?} in {err:?}");
    }
    let good = format!("{HEADER}{book}[[expect]]\ncell = \"b/s!$A$1\"\nequals = 1\n");
    assert_eq!(check(&good), Ok(vec![]));
}

#[test]
fn an_expectation_checks_one_thing_in_at_least_one_zone() {
    assert_refused(
        &format!("{HEADER}[[expect]]\nexecutions = {{ function = \"tick\" }}\nmail = {{}}\ncount = 1\n"),
        "v.toml:6: expect[0].executions: one expectation checks one thing, but this one has mail and executions",
    );
    assert_refused(
        &format!("{HEADER}[[expect]]\nproperty = \"p\"\nequals = \"1\"\nzones = []\n"),
        "v.toml:8: expect[0].zones: an empty list would check nothing",
    );
}

#[test]
fn a_property_too_large_is_named_by_its_key() {
    let big = "x".repeat(10 * 1024);
    assert_refused(
        &format!("{HEADER}[script_properties]\nsmall = \"1\"\nbig = \"{big}\"\n"),
        "v.toml:7: script_properties.big:",
    );
}

/// Errors found after parsing (by key, not by span) still name their line.
#[test]
fn errors_found_after_parsing_name_their_line() {
    let cases = [
        ("[[expect]]\nmail = {}\ncount = 1\nat_least = 1\n", "v.toml:5: expect[0]: give count"),
        ("[[expect]]\nzones = [\"UTC\"]\n", "v.toml:5: expect[0]: an expectation needs one of"),
        (
            "[[expect]]\nexecutions = { outcome = \"done\" }\ncount = 1\n",
            "v.toml:6: expect[0].executions.outcome: \"done\"",
        ),
        ("[[expect]]\nmail = { subject = \"/(/\" }\ncount = 1\n", "v.toml:6: expect[0].mail.subject:"),
        ("[cache]\nearly_eviction_probability = 2.0\n", "v.toml:6: cache.early_eviction_probability:"),
        ("[cache]\nearly_eviction_probability = nan\n", "v.toml:6: cache.early_eviction_probability:"),
        ("time_zones = [\"UTC\", \"\"]\n", "v.toml:5: time_zones:"),
        (
            "[[spreadsheets]]\nid = \"b\"\n[[expect]]\nsheet = \"b/Sheet1\"\nrows = 99999999999\n",
            "v.toml:9: expect[0].rows: 99999999999: a sheet has at most 10000000 rows",
        ),
        ("time_zones = [\"UTC\", \"Asia/Tokyo\", \"UTC\"]\n", "v.toml:5: time_zones[2]: \"UTC\" is named twice"),
        ("[[spreadsheets]]\nid = \"b\"\n[[spreadsheets]]\nid = \"b\"\n", "v.toml:7: spreadsheets[1]:"),
    ];
    for (tail, expected) in cases {
        let err = error_of(&format!("{HEADER}{tail}"));
        assert!(err.contains(expected), "expected {expected:?} in {err:?}");
    }
}

/// A scenario trigger the platform refuses at run time, because the script's own
/// `ScriptApp.newTrigger(...).create()` calls took the 20 places first, is reported in
/// the zone's report (text, JSON, snapshot) with the platform's text; it never fires.
#[test]
fn a_scenario_trigger_refused_because_the_script_installed_twenty_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(
        project.join("Code.gs"),
        "function setup() { for (var i = 0; i < 20; i++) ScriptApp.newTrigger('tick').timeBased().after(36e5).create(); }\n\
         function tick() { return 1; }\nfunction late() { return 2; }\n",
    )
    .unwrap();
    let path = dir.path().join("v.toml");
    let body = format!(
        "{HEADER}[[runs]]\nat = \"2025-06-13T09:00\"\nfunction = \"setup\"\n\
         [[triggers]]\nfunction = \"late\"\nevery = \"1h\"\nfrom = \"2025-06-13T09:30\"\n"
    );
    std::fs::write(&path, &body).unwrap();
    let reports = gas_scenario::run_scenario(&path, &RunOptions::default()).unwrap();
    let report = &reports[0];
    let expected = "triggers[0] (late) was not installed at 2025-06-13 09:30 (the script had installed 20 of the \
                    project's 20 triggers): This script has too many triggers. Triggers must be deleted from the \
                    script before more can be added.";
    assert_eq!(report.warnings, [expected]);
    assert!(report.executions.iter().all(|e| e.function != "late"), "a refused trigger never fires");
    assert_eq!(report.executions.iter().filter(|e| e.function == "tick").count(), 20, "the script's triggers fire");
    assert!(report.text().contains(&format!("  warning: {expected}\n")), "{}", report.text());
    assert!(report.snapshot().contains(&format!("\nwarnings (1):\n  {expected}\n")), "{}", report.snapshot());
    let json = serde_json::to_value(report).unwrap();
    assert_eq!(json["warnings"], serde_json::json!([expected]));

    // Installed before the script's triggers, the scenario's takes a place and fires;
    // nothing is reported, and the JSON has no `warnings` key.
    std::fs::write(&path, body.replace("2025-06-13T09:30", "2025-06-13T09:00")).unwrap();
    let reports = gas_scenario::run_scenario(&path, &RunOptions::default()).unwrap();
    assert!(reports[0].warnings.is_empty());
    assert!(reports[0].executions.iter().any(|e| e.function == "late"));
    assert!(serde_json::to_value(&reports[0]).unwrap().get("warnings").is_none());
    assert!(!reports[0].snapshot().contains("warnings ("));
}
