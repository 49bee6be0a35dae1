//! The `gas-sim` command as a user runs it: exit codes, reports, state files, bad input.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support;
use support::{gas_sim, repo_root, stderr, stdout};

fn write_project(dir: &Path, code: &str) {
    std::fs::write(dir.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(dir.join("Code.gs"), code).unwrap();
}

#[test]
fn completed_call_prints_result_logs_and_calls() {
    let out = gas_sim(&["call", "fixtures/quickstart", "recordVisit", "--tz", "Asia/Tokyo"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("recordVisit() in Asia/Tokyo at 2025-06-13 09:00:00 (UTC+09:00), seed 7\n"), "{text}");
    assert!(text.contains("result: {\"visits\":1,\"rows\":1}"), "{text}");
    assert!(text.contains("info    visit 1 recorded"), "{text}");
    assert!(text.contains("SpreadsheetApp.create(\"Visit log\")  ok  1500 ms"), "{text}");
}

#[test]
fn json_report_has_the_documented_fields() {
    let out = gas_sim(&["call", "fixtures/quickstart", "recordVisit", "--format", "json", "--at", "2025-06-13T06:00Z"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["gas_sim_call"], 2);
    assert_eq!(json["outcome"], "completed");
    assert_eq!(json["result"]["visits"], 1);
    assert_eq!(json["error"], serde_json::Value::Null);
    assert_eq!(json["start_utc_ms"], 1_749_794_400_000_i64);
    assert!(json["logs"].as_array().unwrap().len() == 1);
    assert!(json["calls"].as_array().unwrap().len() > 10);
    assert_eq!((json["logs_dropped"].as_u64(), json["calls_dropped"].as_u64()), (Some(0), Some(0)));
    assert!(json["mail"].as_array().unwrap().is_empty());
}

#[test]
fn state_file_carries_the_world_from_call_to_call() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let state_arg = state.to_str().unwrap();
    // The state is in a temp folder: outside the project's tree and the current folder.
    let dir_arg = dir.path().to_str().unwrap();
    for expected in ["\"visits\":1", "\"visits\":2"] {
        let out =
            gas_sim(&["call", "fixtures/quickstart", "recordVisit", "--state", state_arg, "--allow-path", dir_arg]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).contains(expected), "{}", stdout(&out));
    }
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["properties"]["script"]["visits"], "2");
    // The first call started at 09:00 Istanbul (06:00Z) and took 2.21 s of virtual time;
    // the second started where the first one's clock stopped.
    let first_end_utc_ms = 1_749_794_400_000_i64 + 2_210;
    assert!(saved["last_utc_ms"].as_i64().unwrap() > first_end_utc_ms);
    let earlier = gas_sim(&[
        "call",
        "fixtures/quickstart",
        "recordVisit",
        "--state",
        state_arg,
        "--at",
        "2025-01-01T00:00",
        "--allow-path",
        dir_arg,
    ]);
    assert_eq!(earlier.status.code(), Some(2));
    assert!(stderr(&earlier).contains("virtual time never goes backwards"), "{}", stderr(&earlier));
}

#[test]
fn failed_execution_exits_1_saves_state_and_prints_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let dir_arg = dir.path().to_str().unwrap();
    let out = gas_sim(&[
        "call",
        "fixtures/quickstart",
        "failOnPurpose",
        "--state",
        state.to_str().unwrap(),
        "--allow-path",
        dir_arg,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("Exception: The starting row of the range is too small. (Code.gs:31)"), "{text}");
    let replay = format!(
        "replay: gas-sim call fixtures/quickstart failOnPurpose --at 2025-06-13T06:00:00.000Z --seed 7 --exec-id 1 \
         --state {} --allow-path {}",
        state.display(),
        dir.path().display()
    );
    assert!(text.contains(&replay), "{text}");
    assert!(state.exists(), "the state is saved after a failed execution too");
}

#[test]
fn calls_on_one_state_are_numbered_so_their_random_values_differ() {
    let dir = tempfile::tempdir().unwrap();
    write_project(
        dir.path(),
        "function f(e) { return [Utilities.getUuid(), Math.random(), e && e.n]; }\n\
         function g(e) { throw new Error(e.n); }",
    );
    let project = dir.path().to_str().unwrap();
    let state = dir.path().join("state.json");
    let state_arg = state.to_str().unwrap();
    let call = |extra: &[&str]| {
        let mut args = vec!["call", project, "f", "--format", "json", "--state", state_arg];
        args.extend_from_slice(extra);
        let out = gas_sim(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        (json["exec_id"].as_u64().unwrap(), json["result"].clone())
    };
    let (first_id, first) = call(&[]);
    let (second_id, second) = call(&[]);
    assert_eq!((first_id, second_id), (1, 2));
    assert_ne!(first, second, "a second call on the same state repeats no UUID or random value");
    // --exec-id (what the replay line prints) gives the first call's values back.
    std::fs::remove_file(&state).unwrap();
    assert_eq!(call(&["--exec-id", "1"]), (1, first));
    // The replay line carries the event too, quoted for the shell.
    let failing = gas_sim(&["call", project, "g", "--event", "{\"n\": \"it's\"}"]);
    assert_eq!(failing.status.code(), Some(1));
    assert!(stdout(&failing).contains(r#" --event '{"n": "it'\''s"}'"#), "{}", stdout(&failing));
}

#[test]
fn a_state_file_in_a_missing_folder_is_refused_before_running() {
    let dir = tempfile::tempdir().unwrap();
    write_project(dir.path(), "function f() { MailApp.sendEmail('a@example.com', 's', 'b'); }");
    let state = dir.path().join("no-such-folder").join("state.json");
    let out = gas_sim(&["call", dir.path().to_str().unwrap(), "f", "--state", state.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("does not exist"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "nothing ran");
}

#[test]
fn killed_execution_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    write_project(dir.path(), "function f() { Utilities.sleep(300000); Utilities.sleep(300000); Utilities.sleep(1); }");
    let out = gas_sim(&["call", dir.path().to_str().unwrap(), "f"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("KILLED after 360.000 s of virtual time: Exceeded maximum execution time"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn the_loop_limit_counts_every_loop_of_a_function_call_and_is_a_setting() {
    let dir = tempfile::tempdir().unwrap();
    // Two loops of 30,000 in one call: 60,000 iterations against the limit.
    write_project(
        dir.path(),
        "function f() { var n = 0; for (var i = 0; i < 30000; i++) n++; for (var j = 0; j < 30000; j++) n++; return n; }",
    );
    let project = dir.path().to_str().unwrap();
    let killed = gas_sim(&["call", project, "f", "--loop-limit", "50000"]);
    assert_eq!(killed.status.code(), Some(1));
    assert!(stdout(&killed).contains("KILLED"), "{}", stdout(&killed));
    assert!(stdout(&killed).contains("--loop-limit 50000"), "the replay line keeps the limit: {}", stdout(&killed));
    let completed = gas_sim(&["call", project, "f", "--loop-limit", "70000"]);
    assert_eq!(completed.status.code(), Some(0), "{}", stdout(&completed));
    assert_eq!(gas_sim(&["call", project, "f", "--loop-limit", "0"]).status.code(), Some(2));
}

#[test]
fn the_step_budget_kills_a_catastrophic_regex_as_the_six_minute_kill_and_is_a_setting() {
    let dir = tempfile::tempdir().unwrap();
    write_project(
        dir.path(),
        "function f() { try { return /(a+)+$/.test('a'.repeat(30) + 'b'); } finally { Logger.log('finally-ran'); } }\nfunction g() { for (var i = 0; i < 1e6; i++) {} }",
    );
    let project = dir.path().to_str().unwrap();
    let killed = gas_sim(&["call", project, "f", "--steps-max", "1000000"]);
    assert_eq!(killed.status.code(), Some(1));
    let text = stdout(&killed);
    assert!(text.contains("KILLED after 360.000 s of virtual time: Exceeded maximum execution time"), "{text}");
    assert!(text.contains("--steps-max 1000000"), "the replay line keeps the budget: {text}");
    assert!(!text.contains("finally-ran"), "no finally runs: {text}");
    assert_eq!(gas_sim(&["call", project, "f", "--steps-max", "0"]).status.code(), Some(2));
    // In a scenario: `steps_max` (g needs a few million steps, well within the default).
    let scenario = dir.path().join("s.toml");
    let body = "name = \"s\"\nproject = \".\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T10:00\"\nsteps_max = 1000000\n[[runs]]\nat = \"2025-06-13T09:00\"\nfunction = \"g\"\n";
    std::fs::write(&scenario, body).unwrap();
    let run = gas_sim(&["run", scenario.to_str().unwrap()]);
    let killed_once = stdout(&run).lines().any(|l| l.split_whitespace().eq(["g", "0", "0", "1", "0"]));
    assert!(killed_once, "g completed 0, failed 0, killed 1, logged errors 0: {}{}", stdout(&run), stderr(&run));
    std::fs::write(&scenario, body.replace("steps_max = 1000000\n", "")).unwrap();
    let run = gas_sim(&["run", scenario.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stdout(&run));
}

#[test]
fn bad_input_is_one_clear_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    write_project(dir.path(), "function f() {\n  return 1;\n}\nfunction broken() { return 1 +; }\n");
    let project = dir.path().to_str().unwrap();
    let bad_state = dir.path().join("bad.json");
    std::fs::write(&bad_state, "{\"gas_sim_state\": 1, \"propertys\": {}}").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["call", "/no/such/project", "f"], "does not exist"),
        (vec!["call", "fixtures", "f"], "appsscript.json"),
        (vec!["call", "fixtures/quickstart", "noSuchFunction"], "Script function not found: noSuchFunction"),
        (vec!["call", "fixtures/quickstart", "eval"], "Script function not found: eval"),
        (vec!["call", "fixtures/quickstart", "constructor"], "Script function not found: constructor"),
        (vec!["call", "fixtures/quickstart", "toString"], "Script function not found: toString"),
        (vec!["call", "fixtures/quickstart", "hasOwnProperty"], "Script function not found: hasOwnProperty"),
        (vec!["call", "fixtures/quickstart", "recordVisit", "--tz", "Mars/Base"], "unknown time zone \"Mars/Base\""),
        (vec!["call", "fixtures/quickstart", "recordVisit", "--at", "tomorrow"], "--at: bad time \"tomorrow\""),
        (
            vec![
                "call",
                "fixtures/quickstart",
                "recordVisit",
                "--state",
                bad_state.to_str().unwrap(),
                "--allow-path",
                project,
            ],
            "unknown field `propertys`",
        ),
        (vec!["call", project, "f"], "Code.gs:4"),
    ];
    for (args, expected) in cases {
        let out = gas_sim(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.starts_with("error: ") && err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    write_project(&project, "function tick() { return 1; }\n");
    let path = dir.join("bad.toml");
    std::fs::write(&path, body).unwrap();
    path
}

const HEADER: &str =
    "name = \"bad\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

#[test]
fn bad_scenarios_name_file_line_and_key_and_exit_2() {
    let cases: Vec<(String, &str)> = vec![
        (format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"7m\"\n"), "bad.toml:7: triggers[0].every: \"7m\" is not an interval the platform allows: time-driven triggers run everyMinutes(1|5|10|15|30): 1m 5m 10m 15m 30m; everyHours(1|2|4|6|8|12): 1h 2h 4h 6h 8h 12h; everyDays(n): Nd"),
        (format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"3h\"\n"), "bad.toml:7: triggers[0].every: \"3h\" is not an interval the platform allows: time-driven triggers run everyMinutes"),
        (format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"24h\"\n"), "bad.toml:7: triggers[0].every: \"24h\" is not an interval the platform allows (a daily trigger is every = \"1d\"): time-driven"),
        (format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"60m\"\n"), "bad.toml:7: triggers[0].every: \"60m\" is not an interval the platform allows"),
        (format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"soon\"\n"), "bad.toml:7: triggers[0].every: bad duration \"soon\""),
        (format!("{HEADER}[[triggers]]\nfunction = \"tock\"\nevery = \"1h\"\n"), "bad.toml:6: triggers[0].function: the project has no function \"tock\""),
        (format!("{HEADER}time_zones = [\"Mars/Base\"]\n"), "bad.toml:5: time_zones: unknown time zone \"Mars/Base\""),
        (format!("{HEADER}[[faults]]\ncall = \"MailApp.sendMail\"\nthrow = \"x\"\n"), "bad.toml:6: faults[0].call: unknown service method \"MailApp.sendMail\": MailApp has MailApp.getRemainingDailyQuota, MailApp.sendEmail"),
        (format!("{HEADER}[[expect]]\nsheet = \"nope/ledger\"\nrows = 1\n"), "bad.toml:6: expect[0]: no spreadsheet \"nope\" in [[spreadsheets]]"),
        (format!("{HEADER}[[tirggers]]\nfunction = \"tick\"\n"), "bad.toml:5: unknown field `tirggers`"),
        (format!("{HEADER}seed = \"seven\"\n"), "bad.toml:5: seed: invalid type: string \"seven\", expected a whole number from 0 to 18446744073709551615"),
        (format!("{HEADER}loop_iterations_max = 0\n"), "bad.toml:5: loop_iterations_max: must be a positive number of iterations"),
        (format!("{HEADER}steps_max = -1\n"), "bad.toml:5: steps_max: must be a positive number of steps"),
        (format!("{HEADER}heap_bytes_max = 1000\n"), "bad.toml:5: heap_bytes_max: must be at least 1048576 bytes (1 MiB)"),
        ("name = \"x\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"yesterday\"\n".to_string(), "bad.toml:4: end: bad time \"yesterday\""),
    ];
    for (body, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let path = write_scenario(dir.path(), &body);
        let out = gas_sim(&["run", path.to_str().unwrap()]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{body}\n{err}");
        assert!(err.contains(expected), "expected {expected:?} in:\n{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Reproducers from the fuzz campaign that panicked a worker or ran silently wrong; each
/// is now refused before the first execution, with file, line and key.
#[test]
fn scenarios_that_panicked_or_were_silently_wrong_are_refused_before_running() {
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{HEADER}[[runs]]\nat = \"2025-06-13T08:00\"\nfunction = \"tick\"\n"),
            "bad.toml:6: runs[0].at: \"2025-06-13T08:00\" is before start",
        ),
        (
            format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nfrom = \"2025-06-12T00:00\"\n"),
            "bad.toml:8: triggers[0].from: \"2025-06-12T00:00\" is before start",
        ),
        (
            format!("{HEADER}[[runs]]\nat = \"2025-06-14T09:00\"\nfunction = \"tick\"\n"),
            "bad.toml:6: runs[0].at: \"2025-06-14T09:00\" is at or after end",
        ),
        (
            format!("{HEADER}[[triggers]]\nfunction = \"tick\"\nevery = \"4294967297d\"\n"),
            "bad.toml:7: triggers[0].every: bad duration \"4294967297d\": at most 3650d",
        ),
        (
            format!("{HEADER}[[triggers]]\nfunction = \"\"\nevery = \"1h\"\n"),
            "bad.toml:6: triggers[0].function: \"\" is not a function name",
        ),
        (
            format!("{HEADER}[[http]]\nurl = \"*\"\nstatus = 0\n"),
            "bad.toml:7: http[0].status: status 0: an HTTP status is 100 to 599",
        ),
        (
            format!("{HEADER}latency = {{ \"Cache.get\" = 9223372036854775807 }}\n"),
            "bad.toml:5: latency.\"Cache.get\": 9223372036854775807 ms",
        ),
        (
            format!("{HEADER}latency = 5\n"),
            "bad.toml:5: latency: expected \"default\", \"none\" or a table of Service.method = ms",
        ),
        (
            "name = \"x\"\nproject = \"project\"\nstart = \"1900-01-01T00:00\"\nend = \"2025-06-13T12:00\"\n"
                .to_string(),
            "bad.toml:3: start: 1900-01-01T00:00:00.000Z is outside the years gas-sim runs in (1970 to 9999)",
        ),
    ];
    for (body, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let path = write_scenario(dir.path(), &body);
        let out = gas_sim(&["run", path.to_str().unwrap()]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{body}\n{err}");
        assert!(err.contains(expected), "expected {expected:?} in:\n{err}");
        assert!(!err.contains("panicked") && !err.contains("untagged enum"), "{err}");
    }
}

/// Every scenario given is loaded and planned before any runs: a bad second file is
/// found before the first one's work, and nothing is reported (`run` and `test` alike).
#[test]
fn a_bad_scenario_after_a_good_one_exits_2_before_any_report() {
    let good_dir = tempfile::tempdir().unwrap();
    let good =
        write_scenario(good_dir.path(), &format!("{HEADER}[[runs]]\nat = \"2025-06-13T10:00\"\nfunction = \"tick\"\n"));
    let bad_dir = tempfile::tempdir().unwrap();
    let bad =
        write_scenario(bad_dir.path(), &format!("{HEADER}[[runs]]\nat = \"2025-06-14T09:00\"\nfunction = \"tick\"\n"));
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let alone = gas_sim(&["run", good]);
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    for command in ["run", "test"] {
        let out = gas_sim(&[command, good, bad]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(err.contains("bad.toml:6: runs[0].at: \"2025-06-14T09:00\" is at or after end"), "{command}: {err}");
        assert_eq!(stdout(&out), "", "{command}: nothing may run before every scenario loaded");
    }
    assert!(!good_dir.path().join("snapshots").exists(), "test wrote a snapshot before the bad file was found");
}

#[test]
fn a_long_scenario_runs_with_a_warning_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let body = "name = \"long\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2027-06-13T09:00\"\n";
    let path = write_scenario(dir.path(), body);
    let out = gas_sim(&["run", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("warning: "), "{}", stderr(&out));
    assert!(stderr(&out).contains("bad.toml:4: end: the scenario runs 730 days, more than 400"), "{}", stderr(&out));
}

/// A mutation campaign shows a scenario's warnings too, once per scenario.
#[test]
fn mutate_prints_a_scenarios_warnings_once() {
    let dir = tempfile::tempdir().unwrap();
    let body = "name = \"long\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2027-06-13T09:00\"\n";
    let path = write_scenario(dir.path(), body);
    let out = gas_sim(&["mutate", path.to_str().unwrap(), "--jobs", "1"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let warning = "warning: ";
    let expected = "bad.toml:4: end: the scenario runs 730 days, more than 400";
    assert_eq!(err.matches(expected).count(), 1, "{err}");
    assert!(err.lines().any(|l| l.starts_with(warning) && l.contains(expected)), "{err}");
}

#[test]
fn state_files_that_break_invariants_are_clear_errors_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let mut entries = serde_json::Map::new();
    for i in 0..1001 {
        entries.insert(format!("k{i}"), serde_json::json!({"value": "v", "expires_at_utc_ms": 1, "inserted_seq": i}));
    }
    let over_cap =
        serde_json::json!({"gas_sim_state": 1, "caches": {"script": {"entries": entries, "next_seq": 1001}}});
    let delay = serde_json::json!({"gas_sim_state": 1, "faults": {"rules": [
        {"call": "SpreadsheetApp.create", "effects": [{"delay_ms": i64::MAX}]}]}});
    for (state, expected) in
        [(over_cap, "caches.script: holds 1001 entries"), (delay, "faults.rules[0].effects: delay_ms")]
    {
        let path = dir.path().join("state.json");
        std::fs::write(&path, state.to_string()).unwrap();
        let allow = dir.path().to_str().unwrap();
        let out = gas_sim(&[
            "call",
            "fixtures/quickstart",
            "recordVisit",
            "--state",
            path.to_str().unwrap(),
            "--allow-path",
            allow,
        ]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with("error: ") && err.contains(expected), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Every value gas-sim writes into a state file loads again: the next call on it runs.
#[test]
fn state_written_after_hostile_calls_loads_again() {
    let dir = tempfile::tempdir().unwrap();
    write_project(
        dir.path(),
        "function hostile() {\n\
           var seen = [];\n\
           function attempt(f) { try { f(); seen.push('ok'); } catch (e) { seen.push(String(e.message)); } }\n\
           var t = function () { return ScriptApp.newTrigger('hostile').timeBased(); };\n\
           attempt(function () { t().after(1e308).create(); });\n\
           attempt(function () { t().after(-1e308).create(); });\n\
           attempt(function () { t().after(NaN).create(); });\n\
           attempt(function () { t().at(new Date(NaN)).create(); });\n\
           attempt(function () { t().at(new Date(8.64e15)).create(); });\n\
           attempt(function () { t().after(1e15).create(); });\n\
           attempt(function () { CacheService.getScriptCache().put('k', 'v', 1e308); });\n\
           attempt(function () { CacheService.getScriptCache().put('k2', 'v', 21600); });\n\
           attempt(function () { LockService.getScriptLock().waitLock(1e308); });\n\
           attempt(function () { MailApp.sendEmail('a@example.com', 's', 'b'); });\n\
           attempt(function () { Utilities.sleep(1e308); });\n\
           return seen;\n\
         }\n\
         function again() { return ScriptApp.getProjectTriggers().length; }\n",
    );
    let project = dir.path().to_str().unwrap();
    let state = dir.path().join("state.json");
    let state = state.to_str().unwrap();
    let out = gas_sim(&["call", project, "hostile", "--state", state, "--at", "9999-12-31T23:53Z", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let seen = report["result"].as_array().unwrap();
    assert_eq!(seen[0], "Invalid argument: durationMilliseconds", "{seen:?}");
    assert_eq!(seen[1], "Invalid argument: durationMilliseconds", "{seen:?}");
    assert_eq!(seen[2], "Invalid argument: durationMilliseconds", "{seen:?}");
    assert_eq!(seen[3], "Invalid argument: date", "{seen:?}");
    assert_eq!(seen[4], "ok", "{seen:?}");
    let out = gas_sim(&["call", project, "again", "--state", state]);
    assert_eq!(out.status.code(), Some(0), "the state gas-sim wrote must load: {}", stderr(&out));

    // The execution number: bounded at the flag, and never written past what loads.
    let out = gas_sim(&["call", project, "again", "--state", state, "--exec-id", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected a whole number from 0 to 9007199254740991"), "{}", stderr(&out));
    let out = gas_sim(&["run", "scenarios/alert_window.toml", "--seed", "99999999999999999999999"]);
    assert!(
        stderr(&out).contains("--seed") && stderr(&out).contains("expected a whole number from 0 to"),
        "{}",
        stderr(&out)
    );
    let out = gas_sim(&["call", project, "again", "--state", state, "--exec-id", "99999999999999999999999"]);
    assert!(stderr(&out).contains("--exec-id") && !stderr(&out).contains("too large"), "{}", stderr(&out));
    let out = gas_sim(&["call", project, "again", "--state", state, "--exec-id", "9007199254740991"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = gas_sim(&["call", project, "again", "--state", state]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("last_exec_id is 9007199254740991"), "{}", stderr(&out));
    let out = gas_sim(&["call", project, "again", "--state", state, "--exec-id", "3"]);
    assert_eq!(out.status.code(), Some(0), "the state must still load: {}", stderr(&out));

    // A start in the last 6 minutes of 9999 could end past what a state file holds.
    let out = gas_sim(&["call", project, "again", "--at", "9999-12-31T23:58Z"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the last start is 9999-12-31T23:53:59.999Z"), "{}", stderr(&out));
}

#[test]
fn run_prints_expectations_and_exits_1_with_a_replay_line_when_one_fails() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!("{HEADER}time_zones = [\"UTC\", \"Asia/Tokyo\"]\nseed = 5\n[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nminute = 0\n[[expect]]\nexecutions = {{ function = \"tick\" }}\ncount = 4\n");
    let path = write_scenario(dir.path(), &body);
    let out = gas_sim(&["run", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("FAIL  executions of tick: expected 4, got 3"), "{text}");
    assert!(text.contains(&format!("replay: gas-sim run {} --tz Asia/Tokyo --seed 5", path.display())), "{text}");
    assert!(text.contains("2 run(s): 0 passed, 2 failed"), "{text}");
}

fn write_mutation_fixture(dir: &Path, expected_total: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    write_project(
        &project,
        "function tick() {\n  var total = 0;\n  for (var i = 0; i < 3; i++) { total += i; }\n  PropertiesService.getScriptProperties().setProperty('total', String(total));\n}\n",
    );
    let scenario = dir.join("tiny.toml");
    std::fs::write(
        &scenario,
        format!(
            "name = \"tiny\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T21:00\"\n\
             [[triggers]]\nfunction = \"tick\"\nevery = \"1m\"\n\
             [[expect]]\nproperty = \"total\"\nequals = \"{expected_total}\"\n"
        ),
    )
    .unwrap();
    scenario
}

#[test]
fn mutate_stops_with_exit_4_when_the_scenarios_fail_unmutated() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = write_mutation_fixture(dir.path(), "4");
    let out = gas_sim(&["mutate", scenario.to_str().unwrap(), "--operators", "NumericConstant", "--jobs", "1"]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("do not pass on the unmutated sources"), "{}", stderr(&out));
    assert!(stderr(&out).contains("expected \"4\", got \"3\""), "{}", stderr(&out));
}

#[test]
fn mutate_reports_survivors_and_the_score_and_honours_break_at() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = write_mutation_fixture(dir.path(), "3");
    let report = dir.path().join("mutation.json");
    let args =
        ["mutate", scenario.to_str().unwrap(), "--operators", "NumericConstant", "--report", report.to_str().unwrap()];
    let out = gas_sim(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // `var i = 0` -> 1 sums 1 + 2 = 3 as well: a survivor, shown with its place.
    assert!(text.contains("project/Code.gs:3:16  NumericConstant  Survived"), "{text}");
    assert!(text.contains("mutation score: "), "{text}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["schemaVersion"], "2");
    let mut strict = args.to_vec();
    strict.extend(["--break-at", "100"]);
    assert_eq!(gas_sim(&strict).status.code(), Some(1), "a score below --break-at fails");
    assert_eq!(gas_sim(&["mutate", scenario.to_str().unwrap(), "--shard", "3/2"]).status.code(), Some(2));
    // A --files glob that matches nothing judged nothing: it passed --break-at 100.
    let mut nothing = strict.clone();
    nothing.extend(["--files", "nomatch.gs"]);
    let out = gas_sim(&nothing);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--files \"nomatch.gs\" matches no mutated file, so --break-at 100"),
        "{}",
        stderr(&out)
    );
    assert_eq!(gas_sim(&["mutate", scenario.to_str().unwrap(), "--operators", "Nope"]).status.code(), Some(2));
}

#[test]
fn killing_a_mutation_run_leaves_the_sources_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = write_mutation_fixture(dir.path(), "3");
    let code = dir.path().join("project/Code.gs");
    let before = std::fs::read(&code).unwrap();
    let log = dir.path().join("stderr.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["mutate", scenario.to_str().unwrap(), "--operators", "default"])
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    // Kill it once it is judging mutants (or after 60 s at the latest).
    for _ in 0..600 {
        if std::fs::read_to_string(&log).unwrap_or_default().contains("[1/") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read(&code).unwrap(), before, "the source is untouched");
    let names: Vec<_> =
        std::fs::read_dir(dir.path().join("project")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "no mutant or temp file was written beside the sources: {names:?}");
}

/// Every scenario gives the same report byte for byte whether executions reuse a thread's
/// context (its realm restored from a snapshot after each one) or each get a context built
/// for them (`GAS_SIM_FRESH_CONTEXTS=1`).
///
/// In one zone with DST changes (America/Los_Angeles), not in each scenario's own: the
/// restore does not depend on the zone, and building a context for each of the ~18,000
/// executions of all the zones took 500 CPU-seconds of a debug build (one zone: about
/// 100). Still the longest test of the suite, it runs as four tests of a quarter of the
/// files each, so that the test threads share it evenly (as halves, one took 45 s and the
/// other 34 s); a context is then reused across the files of one quarter only (the restore
/// under test is the same between any two executions).
fn reused_contexts_give_the_same_reports_as_fresh_ones(quarter: usize) {
    let mut scenarios: Vec<String> = std::fs::read_dir(repo_root().join("scenarios"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .map(|path| format!("scenarios/{}", path.file_name().unwrap().to_string_lossy()))
        .collect();
    assert!(scenarios.len() >= 10, "{scenarios:?}");
    scenarios.sort();
    let scenarios: Vec<String> = scenarios.into_iter().skip(quarter).step_by(4).collect();
    let zone = "America/Los_Angeles";
    let run = |fresh: bool| {
        let mut args = vec!["run", "--format", "json", "--tz", zone];
        args.extend(scenarios.iter().map(String::as_str));
        Command::new(env!("CARGO_BIN_EXE_gas-sim"))
            .args(&args)
            .env("GAS_SIM_FRESH_CONTEXTS", if fresh { "1" } else { "0" })
            .current_dir(repo_root())
            .output()
            .expect("gas-sim runs")
    };
    // Both at once: a run in one zone is one thread.
    let (reused, fresh) = std::thread::scope(|scope| {
        let reused = scope.spawn(|| run(false));
        let fresh = run(true);
        (reused.join().unwrap(), fresh)
    });
    assert_eq!(reused.status.code(), fresh.status.code(), "{}", stderr(&fresh));
    assert!(reused.stdout.len() > 100_000, "{}", stderr(&reused));
    assert!(
        reused.stdout == fresh.stdout,
        "the reports differ: run both ways (--tz {zone}) and compare: {}",
        scenarios.join(" ")
    );
}

#[test]
fn reused_contexts_give_the_same_reports_as_fresh_ones_1_of_4() {
    reused_contexts_give_the_same_reports_as_fresh_ones(0);
}

#[test]
fn reused_contexts_give_the_same_reports_as_fresh_ones_2_of_4() {
    reused_contexts_give_the_same_reports_as_fresh_ones(1);
}

#[test]
fn reused_contexts_give_the_same_reports_as_fresh_ones_3_of_4() {
    reused_contexts_give_the_same_reports_as_fresh_ones(2);
}

#[test]
fn reused_contexts_give_the_same_reports_as_fresh_ones_4_of_4() {
    reused_contexts_give_the_same_reports_as_fresh_ones(3);
}

#[test]
fn numeric_flags_of_mutate_and_bench_name_their_range() {
    let cases: [(&[&str], &str); 4] = [
        (&["mutate", "scenarios/alert_window.toml", "--jobs", "0"], "expected a whole number from 1 to 256"),
        (
            &["mutate", "scenarios/alert_window.toml", "--seed", "99999999999999999999999"],
            "expected a whole number from 0 to",
        ),
        (&["bench", "--executions", "99999999999"], "expected a whole number from 1 to 10000000"),
        (&["bench", "--warmup=99999999999"], "expected a whole number from 0 to 10000000"),
    ];
    for (args, expected) in cases {
        let out = gas_sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(expected) && !stderr(&out).contains("too large"), "{args:?}: {}", stderr(&out));
    }
}

/// Issue 11: a gap the script catches is printed, and `--strict` fails the call.
#[test]
fn call_prints_caught_gaps_and_strict_fails_on_them() {
    let dir = tempfile::tempdir().unwrap();
    let code = "function submit() {\n  try {\n    SpreadsheetApp.create('x').getSheets()[0].getRange('A1').getDataSourceTables();\n  } catch (e) {}\n  return 'ok';\n}\n";
    write_project(dir.path(), code);
    let project = dir.path().to_str().unwrap();
    let out = gas_sim(&["call", project, "submit"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("gas-sim does not implement: Range.getDataSourceTables (Code.gs:3, 1 call)\n"),
        "{}",
        stdout(&out)
    );
    let out = gas_sim(&["call", project, "submit", "--strict"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("FAIL  --strict") && stdout(&out).contains("--strict\n"), "{}", stdout(&out));
    let out = gas_sim(&["call", project, "submit", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json["gaps"],
        serde_json::json!([{"method": "Range.getDataSourceTables", "file": "Code.gs", "line": 3, "calls": 1}])
    );
}

/// The platform runs 30 executions of a user at once; gas-sim holds a worker thread (and
/// its stack reservation) for each. Under an 8 GB address-space limit, 256 MiB stacks
/// failed the 25th with `cannot start a worker thread: resource temporarily unavailable`
/// (exit 2); 30 overlapping executions and the shipped web-app scenario now run there.
#[cfg(target_os = "linux")]
#[test]
fn thirty_overlapping_executions_run_under_an_8_gb_address_space_limit() {
    const ADDRESS_SPACE_KB: u64 = 8 * 1024 * 1024;
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    write_project(&project, "function hold() { Utilities.sleep(60000); return 1; }\n");
    let runs: String = (0..30).map(|_| "[[runs]]\nat = \"2025-06-13T09:00\"\nfunction = \"hold\"\n").collect();
    let scenario = dir.path().join("thirty.toml");
    let expect = "[[expect]]\nexecutions = { function = \"hold\", outcome = \"completed\" }\ncount = 30\n";
    std::fs::write(&scenario, format!("{HEADER}{runs}{expect}").replace("name = \"bad\"", "name = \"thirty\""))
        .unwrap();
    let shipped = repo_root().join("scenarios/webhook_retries.toml");
    for path in [scenario.as_path(), shipped.as_path()] {
        let out = Command::new("sh")
            .args([
                "-c",
                &format!("ulimit -v {ADDRESS_SPACE_KB} && exec \"$0\" run \"$1\""),
                env!("CARGO_BIN_EXE_gas-sim"),
            ])
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}: {}\n{}", path.display(), stderr(&out), stdout(&out));
    }
}

/// 5,000 nested function declarations in one `eval` (the hostile corpus's
/// `nested_function_source`): boa cloned every enclosing function's declarations while
/// compiling the inner ones, memory quadratic in the depth (2.5 GB peak). Borrowed now
/// (boa patch 0026), it completes under a 600 MB address-space limit.
#[cfg(target_os = "linux")]
#[test]
fn deeply_nested_function_declarations_compile_in_little_memory() {
    const ADDRESS_SPACE_KB: u64 = 600 * 1024;
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(repo_root().join("tests/fuzz/corpus/js/nested_function_source.js")).unwrap();
    write_project(
        dir.path(),
        &format!("function hostile() {{\n  const out = [];\n  {source}\n  return out.length;\n}}\n"),
    );
    let out = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v {ADDRESS_SPACE_KB} && exec \"$0\" call \"$1\" hostile"),
            env!("CARGO_BIN_EXE_gas-sim"),
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}\n{}", stderr(&out), stdout(&out));
    assert!(stdout(&out).contains("completed"), "{}", stdout(&out));
}

#[test]
fn a_closed_output_pipe_ends_the_command_by_sigpipe_not_a_panic() {
    // `gas-sim call ... | head` once `head` has gone: the pipe's reading end is closed
    // before gas-sim starts, so its first print meets it (it used to panic, exit 101:
    // "failed printing to stdout").
    let dir = tempfile::tempdir().unwrap();
    write_project(dir.path(), "function main() { return 1; }");
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["call", dir.path().to_str().unwrap(), "main"])
        .stdout(writer)
        .output()
        .expect("gas-sim runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&output.status), Some(13), "{:?}", output.status);
}

#[test]
fn call_with_a_user_agent_runs_as_a_web_app_request_and_replays_it() {
    let project = crate::serve::user_agent_project();
    let dir = project.path().to_str().unwrap();
    let agent = "Mozilla/5.0 (Macintosh) Safari";
    let event = r#"{"parameter":{}}"#;
    let out = gas_sim(&["call", dir, "doGet", "--event", event, "--user-agent", agent]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("agent: Mozilla/5.0 (Macintosh) Safari"), "{}", stdout(&out));
    let without = gas_sim(&["call", dir, "doGet", "--event", event]);
    assert!(stdout(&without).contains("agent: null"), "not a request: {}", stdout(&without));
    let failing = r#"{"parameter":{"fail":"1"}}"#;
    let failed = gas_sim(&["call", dir, "doGet", "--event", failing, "--user-agent", agent]);
    assert_eq!(failed.status.code(), Some(1));
    assert!(stdout(&failed).contains("--user-agent='Mozilla/5.0 (Macintosh) Safari'"), "{}", stdout(&failed));
    // A header that starts like a flag replays as the flag's value; '' is a request without one.
    let dashed = gas_sim(&["call", dir, "doGet", "--event", failing, "--user-agent=--x"]);
    assert!(stdout(&dashed).contains("--user-agent=--x "), "{}", stdout(&dashed));
    let none = gas_sim(&["call", dir, "doGet", "--event", event, "--user-agent="]);
    assert!(stdout(&none).contains("agent: null"), "{}", stdout(&none));
    let bad = gas_sim(&["call", dir, "doGet", "--user-agent", "a\nb"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--user-agent: a user agent is one line of text"), "{}", stderr(&bad));
}
