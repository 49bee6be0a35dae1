//! `gas-sim init`: a starter scenario from a project's code, on copies of the fixtures
//! (gas-sim never writes into a project it is not asked to, and the repository's
//! fixtures stay as they are).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{copy_dir, repo_root, stderr, stdout};

fn gas_sim_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim")).args(args).current_dir(dir).output().expect("gas-sim runs")
}

/// A copy of `fixtures/NAME` in a new temp folder: (the temp folder, the copy's path).
fn fixture_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let temp = tempfile::tempdir().unwrap();
    let copy = temp.path().join(name);
    copy_dir(&repo_root().join("fixtures").join(name), &copy);
    (temp, copy)
}

fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo_root().join("fixtures"))
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().join("appsscript.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `init NAME` in the copy's folder, checked to succeed; the written scenario's text.
fn init(temp: &Path, name: &str) -> String {
    let output = gas_sim_in(temp, &["init", name]);
    assert_eq!(output.status.code(), Some(0), "init {name}: {}{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains(&format!("gas-sim run {name}/scenario.toml")), "{}", stdout(&output));
    std::fs::read_to_string(temp.join(name).join("scenario.toml")).unwrap()
}

#[test]
fn every_fixture_gets_a_scenario_that_loads_and_runs() {
    for name in fixture_names() {
        let (temp, _) = fixture_copy(&name);
        init(temp.path(), &name);
        let scenario = format!("{name}/scenario.toml");
        let run = gas_sim_in(temp.path(), &["run", &scenario]);
        // 0 or 1 (an expectation or execution failed: the user's code meeting the
        // baseline), never 2: the written file is a valid scenario.
        assert!(
            matches!(run.status.code(), Some(0 | 1)),
            "run {scenario}: {:?}\n{}{}",
            run.status,
            stdout(&run),
            stderr(&run)
        );
    }
}

#[test]
fn starters_of_a_bound_script_a_clock_trigger_and_a_web_app() {
    for name in ["sheet-automations", "inbox-processor", "webapp-echo", "result-store-locked"] {
        let (temp, _) = fixture_copy(name);
        let text = init(temp.path(), name);
        insta::assert_snapshot!(format!("init_{name}"), text);
    }
}

#[test]
fn an_existing_file_is_never_overwritten() {
    let (temp, copy) = fixture_copy("quickstart");
    let mine = copy.join("mine.toml");
    std::fs::write(&mine, "# my own scenario\n").unwrap();
    let output = gas_sim_in(temp.path(), &["init", "quickstart", "--out", "quickstart/mine.toml"]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(stderr(&output).contains("never overwrites"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "# my own scenario\n");
    // The project's own files are refused as a target too, even by a new name's rules.
    let output = gas_sim_in(temp.path(), &["init", "quickstart", "--out", "quickstart/Extra.gs"]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(!copy.join("Extra.gs").exists());
}

#[test]
fn a_project_that_starts_nothing_gets_a_scenario_that_says_so() {
    let (temp, _) = fixture_copy("bench-light");
    let text = init(temp.path(), "bench-light");
    assert!(text.contains("# gas-sim init found nothing that starts a function by itself"), "{text}");
    assert!(text.contains("#   [[runs]]"), "{text}");
    assert!(!text.contains("\n[[triggers]]"), "{text}");
}

#[test]
fn builder_chains_become_trigger_keys_and_refused_ones_are_explained() {
    let temp = tempfile::tempdir().unwrap();
    let project = temp.path().join("weekly");
    std::fs::create_dir(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "Asia/Tokyo"}"#).unwrap();
    std::fs::write(
        project.join("Code.gs"),
        "var API = 'https://api.example.com/v2';\n\
         function install() {\n\
           ScriptApp.newTrigger('weeklyReport').timeBased().everyWeeks(1).onWeekDay(ScriptApp.WeekDay.MONDAY).atHour(8).nearMinute(30).create();\n\
           ScriptApp.newTrigger('poll').timeBased().everyHours(3).create();\n\
           ScriptApp.newTrigger('tokyoOnly').timeBased().everyDays(1).inTimezone('Asia/Tokyo').create();\n\
         }\n\
         function weeklyReport() { UrlFetchApp.fetch(API + '/report'); }\n\
         function poll() {}\n",
    )
    .unwrap();
    let text = init(temp.path(), "weekly");
    for expected in [
        "time_zones = [\"Asia/Tokyo\"]",
        "function = \"weeklyReport\"\nevery = \"1w\"\nhour = 8\nminute = 30\nweekday = \"monday\"",
        "# Not declared: the platform refuses everyHours(3): it takes 1, 2, 4, 6, 8, 12",
        "# Not declared: it fires in Asia/Tokyo (inTimezone)",
        "url = \"https://api.example.com/*\"",
        "end = \"2025-06-20T00:00\"",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    let run = gas_sim_in(temp.path(), &["run", "weekly/scenario.toml"]);
    assert_eq!(run.status.code(), Some(0), "{}{}", stdout(&run), stderr(&run));
    assert!(stdout(&run).contains("weeklyReport"), "{}", stdout(&run));
}
