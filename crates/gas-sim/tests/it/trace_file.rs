//! `run --trace PATH`: the Chrome Trace Event JSON, one process per zone run, one thread
//! per function, a complete event per execution, instants for mail.

use crate::support::{gas_sim, stderr};

#[test]
fn a_trace_has_a_process_per_zone_and_an_event_per_execution() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("visits.json");
    let folder = dir.path().to_str().unwrap();
    let output = gas_sim(&[
        "run",
        "scenarios/quickstart_visits.toml",
        "--trace",
        path.to_str().unwrap(),
        "--allow-path",
        folder,
    ]);
    assert!(output.status.code().is_some_and(|c| c <= 1), "{}", stderr(&output));
    let trace: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    let named = |what: &str| -> Vec<String> {
        events
            .iter()
            .filter(|e| e["ph"] == "M" && e["name"] == what)
            .map(|e| e["args"]["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        named("process_name"),
        ["UTC", "Europe/Istanbul", "America/Los_Angeles", "Asia/Tokyo"]
            .map(|zone| format!("quickstart visits — {zone} (seed 7)"))
    );
    assert!(named("thread_name").iter().any(|t| t == "recordVisit"), "{:?}", named("thread_name"));
    let executions: Vec<_> = events.iter().filter(|e| e["ph"] == "X" && e["cat"] == "execution").collect();
    // 48 hourly visits, 3 summaries (two daily firings and one run) in each of 4 zones.
    assert_eq!(executions.len(), 4 * (48 + 3));
    assert!(executions.iter().all(|e| e["ts"].as_i64().unwrap() >= 0 && e["dur"].as_i64().unwrap() >= 0));
    let mail = events.iter().filter(|e| e["cat"] == "mail").count();
    assert_eq!(mail, 4 * 2, "the summary mail, twice in each zone");
}

#[test]
fn a_trace_path_outside_the_allowed_folders_is_refused_before_the_work() {
    let output = gas_sim(&["run", "scenarios/quickstart_visits.toml", "--trace", "/etc/gas-sim-trace.json"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("--trace"), "{}", stderr(&output));
}
