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
    assert!(text.lines().any(|l| l.starts_with("Slides ") && l.contains(" 0 ")), "{text}");
    assert_eq!(stdout(&gas_sim(&["api"])), text, "deterministic");

    let out = gas_sim(&["api", "SpreadsheetApp"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l.starts_with("Spreadsheet.Range ")), "{text}");
    assert!(text.contains("getDataSourceTables"), "a missing method is named");
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

/// docs/surface.md's coverage block is `gas-sim api`'s output, never typed by hand:
/// `GAS_SIM_UPDATE_DOCS=1` rewrites it, as insta rewrites a snapshot.
#[test]
fn the_documented_coverage_is_what_the_command_prints() {
    const BEGIN: &str = "<!-- gas-sim api:begin -->\n```\n";
    const END: &str = "```\n<!-- gas-sim api:end -->";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/surface.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let start = doc.find(BEGIN).expect("docs/surface.md has the api block") + BEGIN.len();
    let end = doc[start..].find(END).expect("the api block ends") + start;
    let printed = stdout(&gas_sim(&["api"]));
    let table: String = printed.lines().skip(1).map(|line| format!("{}\n", line.trim_end())).collect();
    if std::env::var_os("GAS_SIM_UPDATE_DOCS").is_some_and(|v| v == "1") {
        std::fs::write(&path, format!("{}{table}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert_eq!(
        &doc[start..end],
        table,
        "docs/surface.md's coverage is stale: GAS_SIM_UPDATE_DOCS=1 cargo test -p gas-sim --test it api::"
    );
}
