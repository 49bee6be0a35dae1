//! CI-native output (issue 15): `--junit` is valid JUnit XML in Jenkins' dialect
//! (checked against the xunit plugin's XSD with `xmllint --schema`), and on GitHub
//! Actions failed expectations become `::error` annotations and the step summary gets a
//! Markdown report.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{gas_sim, repo_root, stderr, stdout};

const FAILING: &str = "tests/why_it_failed.toml";
const XSD: &str = "tests/fixtures/junit/junit-10.xsd";

/// gas-sim from the repository's root, with GitHub's variables only as given.
fn gas_sim_env(args: &[&str], env: &[(&str, &Path)], github: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gas-sim"));
    command.args(args).current_dir(repo_root()).env_remove("GITHUB_ACTIONS").env_remove("GITHUB_STEP_SUMMARY");
    if github {
        command.env("GITHUB_ACTIONS", "true");
    }
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("gas-sim runs")
}

/// `xmllint --schema` on `xml`: the XSD's verdict.
fn validate(xml: &Path) {
    let out = Command::new("xmllint")
        .args(["--noout", "--schema", XSD])
        .arg(xml)
        .current_dir(repo_root())
        .output()
        .expect("xmllint runs (apt-get install libxml2-utils; .ci/run installs it)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn junit_of_a_failing_run_is_valid_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("junit.xml");
    let allow = ["--allow-path", dir.path().to_str().unwrap()];
    let out = gas_sim_env(&[&["run", FAILING, "--junit", junit.to_str().unwrap()][..], &allow].concat(), &[], false);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!stdout(&out).contains("::error"), "no annotations off GitHub");
    validate(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testsuites name=\"gas-sim\" tests=\"10\" failures=\"9\" errors=\"0\">"), "{xml}");
    assert!(xml.contains("<testsuite name=\"why it failed\" tests=\"10\" failures=\"9\""), "{xml}");
    assert!(xml.contains("message=\"executions with error /total/: expected 0, got 2\" type=\"expectation\""), "{xml}");
    assert!(xml.contains("replay: gas-sim run tests/why_it_failed.toml --tz America/New_York --seed 3"), "{xml}");
    let again = dir.path().join("again.xml");
    gas_sim_env(&[&["run", FAILING, "--junit", again.to_str().unwrap()][..], &allow].concat(), &[], false);
    assert_eq!(xml, std::fs::read_to_string(&again).unwrap(), "the same bytes for the same run");
}

#[test]
fn junit_of_test_has_a_snapshot_case_per_zone() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("junit.xml");
    let args = ["test", "scenarios/quickstart_visits.toml", "--junit", junit.to_str().unwrap(), "--allow-path"];
    let out = gas_sim_env(&[&args[..], &[dir.path().to_str().unwrap()]].concat(), &[], false);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    validate(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("failures=\"0\""), "{xml}");
    assert_eq!(xml.matches("] snapshot scenarios/snapshots/quickstart_visits@").count(), 4, "{xml}");
}

#[test]
fn junit_refuses_to_overwrite_an_input() {
    let out = gas_sim(&["run", FAILING, "--junit", FAILING, "--annotations", "none"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--junit"), "{}", stderr(&out));
}

#[test]
fn github_actions_get_annotations_and_a_step_summary() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let out = gas_sim_env(&["run", FAILING], &[("GITHUB_STEP_SUMMARY", &summary)], true);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(errors.len(), 9, "{text}");
    assert!(
        errors[0].starts_with(
            "::error file=tests/why_it_failed.toml,line=33,title=why it failed [America/New_York]::mail subject Daily report from"
        ),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("%0Areplay: gas-sim run tests/why_it_failed.toml --tz America/New_York --seed 3"));
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(
        markdown.starts_with("earlier step\n## gas-sim run: 1 run(s), 0 passed, 1 failed\n"),
        "appended: {markdown}"
    );
    assert!(markdown.contains("| why it failed | America/New_York | 3 | **failed** | 0/9 held |"), "{markdown}");
    assert!(
        markdown.contains("- **why it failed [America/New_York]** cell orders/Orders!C4: expected \"31\", got \"30\"")
    );
    assert!(markdown.contains("```sh\ngas-sim run tests/why_it_failed.toml --tz America/New_York --seed 3\n```"));
    let off = gas_sim_env(&["run", FAILING, "--annotations", "none"], &[], true);
    assert!(!stdout(&off).contains("::error"), "--annotations none wins over GITHUB_ACTIONS");
    let bad = gas_sim_env(&["run", FAILING, "--annotations", "gitlab"], &[], false);
    assert_eq!(bad.status.code(), Some(2));
}

/// A project whose `var i = 0` -> 1 mutant survives (1 + 2 is 3 too).
fn survivor_fixture(dir: &Path) -> std::path::PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(
        project.join("Code.gs"),
        "function tick() {\n  var total = 0;\n  for (var i = 0; i < 3; i++) { total += i; }\n  PropertiesService.getScriptProperties().setProperty('total', String(total));\n}\n",
    )
    .unwrap();
    let scenario = dir.join("tiny.toml");
    std::fs::write(
        &scenario,
        "name = \"tiny\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T10:00\"\n\
         [[triggers]]\nfunction = \"tick\"\nevery = \"30m\"\n[[expect]]\nproperty = \"total\"\nequals = \"3\"\n",
    )
    .unwrap();
    scenario
}

#[test]
fn mutate_annotates_survivors_and_writes_junit() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = survivor_fixture(dir.path());
    let junit = dir.path().join("mutants.xml");
    let summary = dir.path().join("summary.md");
    let args = [
        "mutate",
        scenario.to_str().unwrap(),
        "--operators",
        "NumericConstant",
        "--jobs",
        "1",
        "--junit",
        junit.to_str().unwrap(),
    ];
    let out = gas_sim_env(&args, &[("GITHUB_STEP_SUMMARY", &summary)], true);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let code = format!("{}/project/Code.gs", dir.path().display());
    let annotation = format!("::error file={code},line=3,title=mutant #");
    let text = stdout(&out);
    let survivors: Vec<&str> = text.lines().filter(|l| l.starts_with(&annotation)).collect();
    assert_eq!(survivors.len(), 1, "{text}");
    assert!(survivors[0].contains("NumericConstant Survived::the scenarios did not notice:%0A- "), "{}", survivors[0]);
    validate(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testsuite name=\"gas-sim mutate\""), "{xml}");
    assert!(xml.contains("type=\"Survived\""), "{xml}");
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(markdown.starts_with("## gas-sim mutate: mutation score "), "{markdown}");
    assert!(markdown.contains("mutant(s) the scenarios did not catch"), "{markdown}");
}
