//! DriveApp's state across processes: `gas-sim call --state` runs seed 004's locked store
//! one execution at a time; the Drive (folders, files, contents) and the index survive in
//! the state file, and a re-run of the same job finds its file and its entry.

use std::path::Path;
use std::process::{Command, Output};

fn call(state: &Path, function: &str, at: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["call", "fixtures/result-store-locked", function, "--at", at, "--state"])
        .arg(state)
        // The state is in a temp folder: outside the project's tree and the current folder.
        .arg("--allow-path")
        .arg(state.parent().unwrap())
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("gas-sim runs")
}

fn ok(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    text
}

#[test]
fn drive_files_and_the_index_round_trip_through_a_state_file() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let body = r#"{"text":"three lines"}"#;
    let initial = serde_json::json!({
        "gas_sim_state": 1,
        "http": { "rules": [{ "url": "https://model.example.com/*", "status": 200, "body": body }] }
    });
    std::fs::write(&state, initial.to_string()).unwrap();
    ok(&call(&state, "setup", "2025-06-16T09:00Z"));
    ok(&call(&state, "summarizeOrders", "2025-06-16T10:00Z"));
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    let items = saved["drive"]["items"].as_object().unwrap();
    assert_eq!(items.len(), 3, "root, the sink folder, one result: {items:?}");
    let file = items.values().find(|i| i["name"] == "result_orders-2025-06-16T10.txt").unwrap();
    assert_eq!((file["mime_type"].as_str(), file["content"]["text"].as_str()), (Some("text/plain"), Some(body)));
    let index: serde_json::Value =
        serde_json::from_str(saved["properties"]["script"]["job_index_v1"].as_str().unwrap()).unwrap();
    let entry = &index["orders-2025-06-16T10"];
    assert_eq!(entry["len"], body.len());
    assert_eq!(entry["idem"].as_str().unwrap().len(), 64, "hex SHA-256");
    let file_id = entry["fileId"].as_str().unwrap().to_string();
    assert!(items.contains_key(&file_id));

    // The same job again: the state file's index and Drive say it is done.
    let again = ok(&call(&state, "summarizeOrders", "2025-06-16T10:20Z"));
    assert!(again.contains(&format!("result: \"{file_id}\"")), "{again}");
    assert!(!again.contains("UrlFetchApp.fetch"), "no second model call: {again}");
    let audit = ok(&call(&state, "auditIndex", "2025-06-16T11:00Z"));
    assert!(audit.contains("result: \"1 results, all indexed\""), "{audit}");
    let after: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(after["drive"], saved["drive"], "nothing in Drive changed");
}
