//! `gas-sim mutate` for a pull request: `--in-diff` and `--lines` select exactly the
//! mutants on those lines, `--incremental` reuses every verdict when nothing changed (and
//! gives the same report), `--merge` joins shard reports into the unsharded report, and
//! `--html` writes Stryker's viewer page without network.

use std::path::{Path, PathBuf};

use crate::support;
use support::{gas_sim, stderr, stdout};

const CODE: &str = "function tick() {
  var total = 0;
  for (var i = 0; i < 3; i++) { total += i; }
  var label = 'n' + 1;
  PropertiesService.getScriptProperties().setProperty('total', String(total));
  PropertiesService.getScriptProperties().setProperty('label', label);
}
";

/// A project and a scenario whose expectations catch some mutants and miss others.
fn fixture(dir: &Path) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let scenario = dir.join("tiny.toml");
    std::fs::write(
        &scenario,
        "name = \"tiny\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T10:00\"\n\
         [[triggers]]\nfunction = \"tick\"\nevery = \"30m\"\n\
         [[expect]]\nproperty = \"total\"\nequals = \"3\"\n",
    )
    .unwrap();
    scenario
}

fn mutate(scenario: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["mutate", scenario.to_str().unwrap(), "--jobs", "2"];
    args.extend_from_slice(extra);
    gas_sim(&args)
}

fn report_of(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// (line, mutator) of every mutant in a report.
fn places(report: &serde_json::Value) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    for file in report["files"].as_object().unwrap().values() {
        for m in file["mutants"].as_array().unwrap() {
            out.push((
                m["location"]["start"]["line"].as_u64().unwrap(),
                m["mutatorName"].as_str().unwrap().to_string(),
            ));
        }
    }
    out
}

#[test]
fn in_diff_and_lines_select_exactly_the_mutants_on_those_lines() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = fixture(dir.path());
    let all = dir.path().join("all.json");
    let out = mutate(&scenario, &["--report", all.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let every = places(&report_of(&all));
    assert!(every.iter().any(|(line, _)| *line == 3) && every.iter().any(|(line, _)| *line == 4), "{every:?}");

    let diff = dir.path().join("pr.diff");
    std::fs::write(
        &diff,
        "--- a/project/Code.gs\n+++ b/project/Code.gs\n@@ -3,2 +3,2 @@\n-  for (var i = 0; i < 2; i++) { total += i; }\n+  for (var i = 0; i < 3; i++) { total += i; }\n   var label = 'n' + 1;\n",
    )
    .unwrap();
    let picked = dir.path().join("diff.json");
    let out = mutate(&scenario, &["--in-diff", diff.to_str().unwrap(), "--report", picked.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let on_line_3: Vec<_> = every.iter().filter(|(line, _)| *line == 3).cloned().collect();
    assert_eq!(places(&report_of(&picked)), on_line_3);

    let lines = dir.path().join("lines.json");
    let out = mutate(&scenario, &["--lines", "Code.gs:4-5", "--report", lines.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let on_4_and_5: Vec<_> = every.iter().filter(|(line, _)| (4..=5).contains(line)).cloned().collect();
    assert_eq!(places(&report_of(&lines)), on_4_and_5);

    let out = mutate(&scenario, &["--lines", "Code.gs:4-3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected FILE:FROM-TO"), "{}", stderr(&out));
    let out = mutate(&scenario, &["--lines", "Other.gs:1-9", "--break-at", "50"]);
    assert_eq!(out.status.code(), Some(2), "nothing selected has no score");
    assert!(stderr(&out).contains("Other.gs is no file"), "{}", stderr(&out));
}

#[test]
fn a_second_incremental_run_with_no_change_reuses_every_verdict_and_gives_the_same_report() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = fixture(dir.path());
    let cache = dir.path().join("mutation-cache.json");
    let (first, second) = (dir.path().join("first.json"), dir.path().join("second.json"));
    let out = mutate(&scenario, &["--incremental", cache.to_str().unwrap(), "--report", first.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("incremental: 0 verdict(s) reused"), "{}", stdout(&out));
    let out = mutate(&scenario, &["--incremental", cache.to_str().unwrap(), "--report", second.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let judged = places(&report_of(&first)).len();
    assert!(stdout(&out).contains(&format!("incremental: {judged} verdict(s) reused")), "{}", stdout(&out));
    assert_eq!(std::fs::read(&first).unwrap(), std::fs::read(&second).unwrap());

    // A mutant whose code includes the changed line is judged again (on it, or a block
    // around it); the rest is reused.
    let code = dir.path().join("project/Code.gs");
    std::fs::write(&code, CODE.replace("'n' + 1", "'m' + 2")).unwrap();
    let out = mutate(&scenario, &["--incremental", cache.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = report_of(&first);
    let spans_line_4 = report["files"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|f| f["mutants"].as_array().unwrap())
        .filter(|m| {
            m["location"]["start"]["line"].as_u64() <= Some(4) && m["location"]["end"]["line"].as_u64() >= Some(4)
        })
        .count();
    assert!(spans_line_4 >= 2, "line 4's mutants and the function's block");
    let reused = format!("incremental: {} verdict(s) reused", judged - spans_line_4);
    assert!(stdout(&out).contains(&reused), "want {reused}\n{}", stdout(&out));

    // A changed scenario invalidates everything.
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(&scenario, format!("{text}# a comment\n")).unwrap();
    let out = mutate(&scenario, &["--incremental", cache.to_str().unwrap()]);
    assert!(stdout(&out).contains("incremental: 0 verdict(s) reused"), "{}", stdout(&out));

    std::fs::write(&cache, "{\"gas_sim_incremental\": 7}").unwrap();
    let out = mutate(&scenario, &["--incremental", cache.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("gas_sim_incremental 7"), "{}", stderr(&out));
}

#[test]
fn merged_shard_reports_equal_the_unsharded_report_and_the_html_needs_no_network() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = fixture(dir.path());
    let whole = dir.path().join("whole.json");
    assert_eq!(mutate(&scenario, &["--report", whole.to_str().unwrap()]).status.code(), Some(0));
    let mut shards = Vec::new();
    for k in 1..=3 {
        let path = dir.path().join(format!("shard{k}.json"));
        let shard = format!("{k}/3");
        let out = mutate(&scenario, &["--shard", &shard, "--report", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        shards.push(path);
    }
    let merged = dir.path().join("merged.json");
    let html = dir.path().join("merged.html");
    let mut args = vec!["mutate", "--merge"];
    args.extend(shards.iter().rev().map(|p| p.to_str().unwrap()));
    // A merge names no scenario: its output folder is allowed by name.
    let folder = dir.path().to_str().unwrap();
    args.extend(["-o", merged.to_str().unwrap(), "--html", html.to_str().unwrap(), "--allow-path", folder]);
    let out = gas_sim(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), std::fs::read_to_string(&whole).unwrap());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<mutation-test-report-app"), "the viewer element");
    // Nothing is fetched: no external script, stylesheet or import (the viewer's one
    // outside link is a documentation anchor a person may click).
    for fetch in ["src=\"http", "<link", "url(http", "@import", "src='http"] {
        assert!(!page.contains(fetch), "{fetch}");
    }

    let out = gas_sim(&["mutate", "--merge", shards[0].to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--merge needs -o"), "{}", stderr(&out));
}

/// Issue 22: a pull request that selects no mutant skips the baseline (a minute on a real
/// project) and says so; the files asked for are still written. The scenario's baseline
/// would fail (exit 4) if it ran.
#[test]
fn no_mutant_selected_skips_the_baseline_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = fixture(dir.path());
    let failing = std::fs::read_to_string(&scenario).unwrap().replace("equals = \"3\"", "equals = \"4\"");
    std::fs::write(&scenario, failing).unwrap();
    let report = dir.path().join("none.json");
    let junit = dir.path().join("none.xml");
    let out = mutate(
        &scenario,
        &["--files", "Other.gs", "--report", report.to_str().unwrap(), "--junit", junit.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "the baseline did not run: {}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("mutant(s) selected: --files \"Other.gs\" matches no mutated file; the baseline run is skipped"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("baseline passed"), "{}", stderr(&out));
    assert!(stdout(&out).contains("mutation score: n/a (no mutant was judged)"), "{}", stdout(&out));
    assert!(places(&report_of(&report)).is_empty());
    assert!(std::fs::read_to_string(&junit).unwrap().contains("<testsuites"), "--junit is written too");
}
