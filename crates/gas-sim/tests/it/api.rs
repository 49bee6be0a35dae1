//! `gas-sim api`: coverage of the platform from the catalogue, deterministic.

use std::process::{Command, Output};

fn gas_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim")).args(args).output().expect("gas-sim runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn api_prints_coverage_per_service_and_per_class() {
    let out = gas_sim(&["api"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.contains("@types/google-apps-script 2.0.13"), "{text}");
    let cache = text.lines().find(|l| l.starts_with("Cache ")).expect("a Cache line");
    // CacheService 3 of 3, Cache 6 of 6.
    assert!(cache.split_whitespace().collect::<Vec<_>>().ends_with(&["2", "9", "9"]), "{cache}");
    assert!(text.lines().any(|l| l.starts_with("Calendar ") && l.contains(" 0 ")), "{text}");
    assert_eq!(stdout(&gas_sim(&["api"])), text, "deterministic");

    let out = gas_sim(&["api", "SpreadsheetApp"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l.starts_with("Spreadsheet.Range ")), "{text}");
    assert!(text.contains("createFilter"), "a missing method is named");
    assert!(!text.contains("Cache.Cache"), "only the service asked for");
    assert_eq!(stdout(&gas_sim(&["api", "Spreadsheet"])), text, "namespace or global");

    let out = gas_sim(&["api", "Cache", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["services"][0]["service"], "Cache");
    assert_eq!(json["services"][0]["implemented"], 9);
    let cache = &json["services"][0]["classes"][0];
    assert_eq!((cache["class"].as_str(), cache["missing"].as_array().map(Vec::len)), (Some("Cache.Cache"), Some(0)));

    let out = gas_sim(&["api", "Nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown service \"Nope\""));
}
