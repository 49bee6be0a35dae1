//! The `gas-sim` command as a user runs it: exit codes, reports, state files, bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gas_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("gas-sim runs")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

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
    assert_eq!(json["gas_sim_call"], 1);
    assert_eq!(json["outcome"], "completed");
    assert_eq!(json["result"]["visits"], 1);
    assert_eq!(json["error"], serde_json::Value::Null);
    assert_eq!(json["start_utc_ms"], 1_749_794_400_000_i64);
    assert!(json["logs"]["items"].as_array().unwrap().len() == 1);
    assert!(json["calls"]["items"].as_array().unwrap().len() > 10);
    assert!(json["mail"].as_array().unwrap().is_empty());
}

#[test]
fn state_file_carries_the_world_from_call_to_call() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let state_arg = state.to_str().unwrap();
    for expected in ["\"visits\":1", "\"visits\":2"] {
        let out = gas_sim(&["call", "fixtures/quickstart", "recordVisit", "--state", state_arg]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).contains(expected), "{}", stdout(&out));
    }
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["properties"]["script"]["visits"], "2");
    // The first call started at 09:00 Istanbul (06:00Z) and took 2.21 s of virtual time;
    // the second started where the first one's clock stopped.
    let first_end_utc_ms = 1_749_794_400_000_i64 + 2_210;
    assert!(saved["last_utc_ms"].as_i64().unwrap() > first_end_utc_ms);
    let earlier = gas_sim(&["call", "fixtures/quickstart", "recordVisit", "--state", state_arg, "--at", "2025-01-01T00:00"]);
    assert_eq!(earlier.status.code(), Some(2));
    assert!(stderr(&earlier).contains("virtual time never goes backwards"), "{}", stderr(&earlier));
}

#[test]
fn failed_execution_exits_1_saves_state_and_prints_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let out = gas_sim(&["call", "fixtures/quickstart", "failOnPurpose", "--state", state.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("Exception: The starting row of the range is too small. (Code.gs:31)"), "{text}");
    assert!(text.contains("replay: gas-sim call fixtures/quickstart failOnPurpose --at 2025-06-13T06:00:00.000Z --seed 7"), "{text}");
    assert!(state.exists(), "the state is saved after a failed execution too");
}

#[test]
fn killed_execution_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    write_project(dir.path(), "function f() { Utilities.sleep(300000); Utilities.sleep(300000); Utilities.sleep(1); }");
    let out = gas_sim(&["call", dir.path().to_str().unwrap(), "f"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("KILLED after 600.000 s of virtual time: Exceeded maximum execution time"), "{}", stdout(&out));
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
        (vec!["call", "fixtures/quickstart", "recordVisit", "--tz", "Mars/Base"], "unknown time zone \"Mars/Base\""),
        (vec!["call", "fixtures/quickstart", "recordVisit", "--at", "tomorrow"], "--at: bad time \"tomorrow\""),
        (vec!["call", "fixtures/quickstart", "recordVisit", "--state", bad_state.to_str().unwrap()], "unknown field `propertys`"),
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
