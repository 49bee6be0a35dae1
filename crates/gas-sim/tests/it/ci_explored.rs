//! CI output from every run (issue 22): `run` with exploration (`explore = N`,
//! `--explore`, `--schedule`) writes `--junit` (validated against the XSD), `--html` and
//! the annotations as a plain run does, an explored zone is a testcase whose failure
//! names the shrunk failing schedule and its `--schedule` replay, the text report keeps
//! the plain run's grouped errors; and flags that could write nothing are refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{gas_sim, repo_root, stderr, stdout, validate_junit};

/// gas-sim from the repository's root, with GitHub's variables only as given.
fn gas_sim_env(args: &[&str], summary: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gas-sim"));
    command.args(args).current_dir(repo_root()).env_remove("GITHUB_ACTIONS").env_remove("GITHUB_STEP_SUMMARY");
    if let Some(summary) = summary {
        command.env("GITHUB_ACTIONS", "true").env("GITHUB_STEP_SUMMARY", summary);
    }
    command.output().expect("gas-sim runs")
}

/// race_counter.toml with its `in = "some"` loss turned into an expectation of every
/// schedule: the plain run holds it, some explored schedule breaks it.
fn racy_scenario(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(repo_root().join("scenarios/race_counter.toml")).unwrap();
    let project = repo_root().join("fixtures/race-counter").canonicalize().unwrap();
    let text = text
        .replace("project = \"../fixtures/race-counter\"", &format!("project = {:?}", project.display().to_string()))
        .replace("outcome = \"failed\" }\ncount = 1\nin = \"some\"", "outcome = \"failed\" }\ncount = 0");
    assert!(text.contains("count = 0") && !text.contains("count = 1\nin = \"some\""), "{text}");
    let path = dir.join("racy.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_exploration_writes_junit_html_and_annotations_with_its_shrunk_schedule() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = racy_scenario(dir.path());
    let (junit, html, summary) = (dir.path().join("j.xml"), dir.path().join("t.html"), dir.path().join("s.md"));
    let project = repo_root().join("fixtures/race-counter");
    let args = [
        "run",
        scenario.to_str().unwrap(),
        "--tz",
        "UTC",
        "--explore",
        "30",
        "--jobs",
        "2",
        "--junit",
        junit.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--allow-path",
        project.to_str().unwrap(),
    ];
    let out = gas_sim_env(&args, Some(&summary));
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    // The plain run's report, then the exploration's.
    let plain = text.find("race counter (naive) — UTC").expect("the plain run's report");
    let explored = text.find("explored ").expect("the exploration's report");
    assert!(plain < explored, "{text}");
    assert!(text.contains("1 zone exploration(s): 0 passed, 1 failed"), "{text}");
    validate_junit(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("name=\"[UTC] explored 30 schedule(s) after the plain run\""), "{xml}");
    assert!(xml.contains("type=\"exploration\""), "{xml}");
    let message = xml.split("type=\"exploration\"").next().unwrap();
    let message = &message[message.rfind("message=\"").expect("a message")..];
    assert!(message.contains("executions of audit failed"), "what it broke: {message}");
    assert!(message.contains("; shrunk: gs1;"), "the shrunk schedule: {message}");
    assert!(message.contains("--tz UTC --seed 0 --schedule &apos;gs1;"), "its replay: {message}");
    assert!(xml.contains("interleaving of the shrunk schedule"), "the exploration's report as the text: {xml}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("race counter (naive)"), "the plain run's page");
    // Beside it, the first failing schedule, shrunk, drawn with its traces.
    assert!(page.contains("race counter (naive) (explored schedule "), "the failing schedule's run is drawn");
    let annotation = text.lines().find(|l| l.starts_with("::error ") && l.contains("explored::")).expect(&text);
    assert!(annotation.contains("shrunk: gs1;") && annotation.contains("--schedule 'gs1;"), "{annotation}");
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(markdown.contains("### Explored zones: 1, 1 failed"), "{markdown}");
}

#[test]
fn an_explored_run_keeps_the_grouped_errors_and_writes_junit() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("j.xml");
    let args = [
        "run",
        "tests/why_it_failed.toml",
        "--explore",
        "2",
        "--junit",
        junit.to_str().unwrap(),
        "--allow-path",
        dir.path().to_str().unwrap(),
    ];
    let out = gas_sim_env(&args, None);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(text.contains("  failed and killed: "), "the plain run's grouped errors: {text}");
    assert!(text.contains("explored tests/why_it_failed.toml [America/New_York]"), "{text}");
    validate_junit(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("message=\"executions with error /total/: expected 0, got 2\""), "{xml}");
    assert!(xml.contains("explored 2 schedule(s) after the plain run\">"), "a failing case: {xml}");
    assert!(xml.contains(" of 3 explored schedule(s) failed, first the plain run: "), "{xml}");
}

#[test]
fn a_file_that_explores_beside_one_that_does_not_gives_one_junit() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("all.xml");
    let args = [
        "run",
        "scenarios/race_counter_locked.toml",
        "scenarios/quickstart_visits.toml",
        "--tz",
        "UTC",
        "--junit",
        junit.to_str().unwrap(),
        "--allow-path",
        dir.path().to_str().unwrap(),
    ];
    let out = gas_sim_env(&args, None);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    validate_junit(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("file=\"scenarios/race_counter_locked.toml\""), "{xml}");
    assert!(xml.contains("file=\"scenarios/quickstart_visits.toml\""), "{xml}");
    assert!(xml.contains("<testcase classname=\"race counter (locked).UTC\" name=\"[UTC] explored 200 schedule(s) after the plain run\"/>"), "{xml}");
}

#[test]
fn a_replayed_schedule_writes_junit_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let (junit, html) = (dir.path().join("j.xml"), dir.path().join("t.html"));
    let args = [
        "run",
        "scenarios/race_counter.toml",
        "--tz",
        "UTC",
        "--schedule",
        "gs1;base=0;p=1.1",
        "--junit",
        junit.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--allow-path",
        dir.path().to_str().unwrap(),
    ];
    let out = gas_sim_env(&args, None);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}{}", stdout(&out), stderr(&out));
    validate_junit(&junit);
    assert!(std::fs::read_to_string(&junit).unwrap().contains("race counter (naive) [UTC]"));
    assert!(std::fs::read_to_string(&html).unwrap().contains("race counter (naive)"));
}

#[test]
fn flags_that_would_write_nothing_are_refused_before_the_work() {
    let cases: [(&[&str], &str); 4] = [
        (&["test", "--accept", "--junit", "j.xml"], "--accept runs no scenario, so --junit would write nothing"),
        (&["test", "--reject", "--html", "t.html"], "--reject runs no scenario, so --html would write nothing"),
        (&["test", "--accept", "--annotations", "github"], "so --annotations github would write nothing"),
        (
            &["mutate", "--merge", "a.json", "-o", "m.json", "--junit", "j.xml"],
            "--merge joins reports and judges no mutant, so --junit would write nothing",
        ),
    ];
    for (args, expected) in cases {
        let out = gas_sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(expected), "{args:?}: {}", stderr(&out));
        for file in ["j.xml", "t.html", "m.json"] {
            assert!(!repo_root().join(file).exists(), "{args:?} wrote {file}");
        }
    }
}
