//! CI-native output (issue 15): `--junit` is valid JUnit XML in Jenkins' dialect
//! (checked against the xunit plugin's XSD with `xmllint --schema`), and on GitHub
//! Actions failed expectations become `::error` annotations and the step summary gets a
//! Markdown report.

use std::path::Path;
use std::process::{Command, Output};

use crate::support;
use crate::support::{copy_dir, validate_junit};
use support::{gas_sim, repo_root, stderr, stdout};

const FAILING: &str = "tests/why_it_failed.toml";

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

#[test]
fn junit_of_a_failing_run_is_valid_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let junit = dir.path().join("junit.xml");
    let allow = ["--allow-path", dir.path().to_str().unwrap()];
    let out = gas_sim_env(&[&["run", FAILING, "--junit", junit.to_str().unwrap()][..], &allow].concat(), &[], false);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!stdout(&out).contains("::error"), "no annotations off GitHub");
    validate_junit(&junit);
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
    validate_junit(&junit);
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
    validate_junit(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testsuite name=\"gas-sim mutate\""), "{xml}");
    assert!(xml.contains("type=\"Survived\""), "{xml}");
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(markdown.starts_with("## gas-sim mutate: mutation score "), "{markdown}");
    assert!(markdown.contains("mutant(s) the scenarios did not catch"), "{markdown}");
}

// ---- issue 25: one hostile script through every output ------------------------------

/// gas-sim in `dir` (the hostile fixture's copy: every output lands inside its tree).
fn gas_sim_in(dir: &Path, args: &[&str], env: &[(&str, &Path)], github: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gas-sim"));
    command.args(args).current_dir(dir).env_remove("GITHUB_ACTIONS").env_remove("GITHUB_STEP_SUMMARY");
    if github {
        command.env("GITHUB_ACTIONS", "true");
    }
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("gas-sim runs")
}

/// Characters no printed line may carry raw (besides `\n` between lines): what would
/// start a line, recolour the terminal or reorder text.
fn raw_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The workflow-command rule of issue 25 on one channel's text: no line starts with `::`
/// after whitespace (but gas-sim's own annotations, when `annotations`) or carries `##[`
/// anywhere (the runner's legacy syntax), and no raw control character.
fn assert_guarded(channel: &str, text: &str, annotations: bool) {
    for line in text.split('\n') {
        assert!(!line.chars().any(raw_control), "{channel}: a raw control character in {line:?}");
        assert!(!line.contains("##["), "{channel}: a legacy workflow command in {line:?}");
        let own = annotations && (line.starts_with("::error file=") || line.starts_with("::warning title="));
        assert!(own || !line.trim_start().starts_with("::"), "{channel}: a workflow command in {line:?}");
    }
}

fn assert_output_guarded(channel: &str, out: &Output, annotations: bool) {
    assert_guarded(&format!("{channel} stdout"), &stdout(out), annotations);
    assert_guarded(&format!("{channel} stderr"), &stderr(out), false);
}

fn holds_string(value: &serde_json::Value, wanted: &str) -> bool {
    match value {
        serde_json::Value::String(s) => s == wanted,
        serde_json::Value::Array(items) => items.iter().any(|v| holds_string(v, wanted)),
        serde_json::Value::Object(map) => map.values().any(|v| holds_string(v, wanted)),
        _ => false,
    }
}

const HOSTILE_NAME: &str = "hostile\n::error::name ##[error]n \u{1b}[31m|<b>";

#[test]
fn hostile_text_reaches_no_channel_raw() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy_dir(&repo_root().join("tests/fixtures/hostile"), d);

    let run = gas_sim_in(d, &["run", "hostile.toml", "--annotations", "none"], &[], false);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    assert_output_guarded("run", &run, false);
    let text = stdout(&run);
    assert!(text.starts_with("hostile\\n::error::name #\\u0023[error]n \\u001b[31m|<b> — UTC (seed 1)"), "{text}");
    assert!(text.contains("warning  \\r::stop-commands::x  (hostile;"), "{text}");
    assert!(text.contains("boom \\r::stop-commands::x \\n::error::pwned #\\u0023[error]x"), "{text}");

    let verbose = gas_sim_in(d, &["run", "hostile.toml", "--verbose", "--annotations", "none"], &[], false);
    assert_output_guarded("run --verbose", &verbose, false);
    assert!(stdout(&verbose).contains("fails  failed  Error: boom \\r::"), "{}", stdout(&verbose));

    let json = gas_sim_in(d, &["run", "hostile.toml", "--format", "json", "--annotations", "none"], &[], false);
    assert_output_guarded("run --format json", &json, false);
    let value: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("valid JSON");
    assert!(holds_string(&value, HOSTILE_NAME), "the JSON keeps the name as it is");
    assert!(
        holds_string(&value, "warning: \u{1b}[31m") && holds_string(&value, "warning: ##[error]x"),
        "and the logged lines as they are"
    );

    let junit = d.join("junit.xml");
    let out = gas_sim_in(d, &["run", "hostile.toml", "--junit", "junit.xml", "--annotations", "none"], &[], false);
    assert_output_guarded("run --junit", &out, false);
    validate_junit(&junit);

    let summary = d.join("summary.md");
    let github = gas_sim_in(d, &["run", "hostile.toml"], &[("GITHUB_STEP_SUMMARY", &summary)], true);
    assert_output_guarded("run on GitHub", &github, true);
    let annotations: Vec<String> = stdout(&github).lines().filter(|l| l.starts_with("::")).map(String::from).collect();
    assert_eq!(annotations.len(), 2, "{annotations:?}");
    assert!(annotations[0].starts_with("::error file=hostile.toml,line="), "{}", annotations[0]);
    assert!(annotations[0].contains(",title=hostile%0A%3A%3Aerror%3A%3Aname #\\u0023[error]n \\u001b[31m|<b> [UTC]::"));
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(!markdown.chars().any(|c| raw_control(c) && c != '\n'), "{markdown:?}");
    for raw in ["<b>", "</script>", "<script>", "\n::", "##[error]"] {
        assert!(!markdown.contains(raw), "{raw:?} in the step summary: {markdown}");
    }
    let row = markdown.lines().find(|l| l.starts_with("| hostile")).expect("a row for the run");
    assert_eq!(row.replace("\\|", "").matches('|').count(), 6, "one row of five cells: {row}");

    let page = d.join("page.html");
    let html = gas_sim_in(d, &["run", "hostile.toml", "--html", "page.html", "--annotations", "none"], &[], false);
    assert_output_guarded("run --html", &html, false);
    let page = std::fs::read_to_string(&page).unwrap();
    assert_eq!((page.matches("<script").count(), page.matches("</script").count()), (2, 2), "no script of the run's");
    assert!(!page.contains("<b>") && !page.contains('\u{2028}') && !page.contains("<!--"), "the data is no markup");

    hostile_call_and_test(d);
    hostile_mutate(d);
}

fn hostile_call_and_test(d: &Path) {
    let call = gas_sim_in(d, &["call", "project", "hostile"], &[], false);
    assert_eq!(call.status.code(), Some(0), "{}", stderr(&call));
    assert_output_guarded("call", &call, false);
    assert!(stdout(&call).contains("info    log \\r::stop-commands::x"), "{}", stdout(&call));
    let failed = gas_sim_in(d, &["call", "project", "fails"], &[], false);
    assert_eq!(failed.status.code(), Some(1), "{}", stderr(&failed));
    assert_output_guarded("call (failed)", &failed, false);

    let first = gas_sim_in(d, &["test", "hostile.toml", "--update", "--annotations", "none"], &[], false);
    assert_output_guarded("test --update", &first, false);
    let snap = std::fs::read_dir(d.join("snapshots")).unwrap().next().unwrap().unwrap().path();
    let stored = std::fs::read_to_string(&snap).unwrap();
    assert!(stored.contains('\u{1b}') && stored.contains("##[error]x"), "the snapshot keeps the data as it is");
    std::fs::write(&snap, stored.replace("ops@example.com", "someone@example.com")).unwrap();
    let changed = gas_sim_in(d, &["test", "hostile.toml", "--annotations", "none"], &[], false);
    assert_eq!(changed.status.code(), Some(1));
    assert_output_guarded("test (a changed snapshot)", &changed, false);
    assert!(stdout(&changed).contains("snapshot changed"), "{}", stdout(&changed));
}

fn hostile_mutate(d: &Path) {
    // Without the failing expectations (mutate needs a passing baseline): every mutant survives.
    let scenario = std::fs::read_to_string(d.join("hostile.toml")).unwrap();
    let passing = &scenario[..scenario.find("[[expect]]").unwrap()];
    std::fs::write(d.join("passing.toml"), passing).unwrap();
    let summary = d.join("mutants.md");
    let args = [
        "mutate",
        "passing.toml",
        "--operators",
        "StringLiteral",
        "--lines",
        "Code.gs:20",
        "--jobs",
        "1",
        "--junit",
        "mutants.xml",
        "--html",
        "mutants.html",
    ];
    let out = gas_sim_in(d, &args, &[("GITHUB_STEP_SUMMARY", &summary)], true);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_output_guarded("mutate", &out, true);
    assert!(stdout(&out).contains("#\\u0023[warning]raw"), "the source line shows: {}", stdout(&out));
    validate_junit(&d.join("mutants.xml"));
    let markdown = std::fs::read_to_string(&summary).unwrap();
    assert!(!markdown.chars().any(|c| raw_control(c) && c != '\n'), "{markdown:?}");
    assert!(markdown.contains("\\u001b[31m ##[warning]raw"), "a code span shows the literal: {markdown}");
    let page = std::fs::read_to_string(d.join("mutants.html")).unwrap();
    let script_ends = page.matches("</script").count();
    assert_eq!(script_ends, 2, "the viewer's and the data's script elements only");
    assert!(!page.contains("</script><script>alert"), "the sources are data");
}
