//! The campaign as a mutation-testing report (the JSON StrykerJS writes as `mutation.json`),
//! so StrykerJS's HTML report and the Stryker Dashboard can show it. Field rules follow the
//! `mutation-testing-report-schema` package vendored in `tests/fixtures/`.
//!
//! The report carries no timestamps and no durations (the schema's `performance` and
//! per-mutant `duration` are optional): the same campaign gives the same bytes, so reports can
//! be diffed and snapshotted.

use std::collections::HashSet;
use std::path::Path;

use serde_json::{json, Map, Value};

use crate::{MutantResult, Status, TestInfo};

/// The schema accepts majors 1 and 2; 2 is what current StrykerJS writes.
pub const SCHEMA_VERSION: &str = "2";

/// Mutation-score bands, as StrykerJS's `thresholds` option: a score at or above `high` is
/// good, below `low` is bad, and below `break_score` fails the campaign.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// Percent; an integer because the schema's `thresholds.high` is one.
    pub high: u8,
    /// Percent; an integer because the schema's `thresholds.low` is one.
    pub low: u8,
    /// Percent; `None` never fails. Written as `break`, as StrykerJS does (the schema ignores it).
    pub break_score: Option<f64>,
}

impl Default for Thresholds {
    /// StrykerJS's defaults, so a report reads the same in its tools as one of its own.
    fn default() -> Thresholds {
        Thresholds { high: 80, low: 60, break_score: None }
    }
}

impl Thresholds {
    /// Checked user input; the message names the rule broken, as StrykerJS's option check does.
    pub fn new(high: u8, low: u8, break_score: Option<f64>) -> Result<Thresholds, String> {
        if high > 100 || low > 100 {
            return Err(format!("thresholds must be between 0 and 100 (high {high}, low {low})"));
        }
        if low > high {
            return Err(format!("threshold low ({low}) must not be above high ({high})"));
        }
        if let Some(b) = break_score {
            if !(0.0..=100.0).contains(&b) {
                return Err(format!("threshold break ({b}) must be between 0 and 100"));
            }
        }
        Ok(Thresholds { high, low, break_score })
    }
}

/// StrykerJS's mutation score: detected over valid mutants, in percent. Mutants that did not
/// compile, could not run, or were disabled say nothing about the scenarios, so they count on
/// neither side; `None` when no mutant is valid (a score of 0 or 100 would both mislead).
pub fn mutation_score(results: &[MutantResult]) -> Option<f64> {
    let count = |wanted: &[Status]| results.iter().filter(|r| wanted.contains(&r.status)).count();
    let detected = count(&[Status::Killed, Status::Timeout]);
    let undetected = count(&[Status::Survived, Status::NoCoverage]);
    let valid = detected + undetected;
    if valid == 0 {
        return None;
    }
    Some(100.0 * detected as f64 / valid as f64)
}

/// The report. `files` are `(name, source)` in the order the report lists them; every
/// mutant's file must be among them, and every test id in `killed_by`/`covered_by` among
/// `tests` (a broken link is a gas-sim bug, so it panics). Mutants keep `results`' order.
pub fn report(
    project_root: &str,
    files: &[(String, String)],
    results: &[MutantResult],
    tests: &[TestInfo],
    thresholds: Thresholds,
) -> Value {
    let test_ids = unique_test_ids(tests);
    let mut files_json = Map::new();
    for (name, source) in files {
        let file = json!({ "language": "javascript", "source": source, "mutants": [] });
        let previous = files_json.insert(name.clone(), file);
        assert!(previous.is_none(), "file {name} listed twice in the report");
    }
    for result in results {
        let Some(file) = files_json.get_mut(&result.mutant.file) else {
            panic!("mutant {} is in {}, which is not among the report's files", result.id, result.mutant.file);
        };
        file["mutants"].as_array_mut().expect("mutants is an array").push(mutant_json(result, &test_ids));
    }
    json!({
        "schemaVersion": SCHEMA_VERSION,
        "thresholds": {
            "high": thresholds.high,
            "low": thresholds.low,
            "break": thresholds.break_score,
        },
        "projectRoot": project_root,
        "files": files_json,
        "testFiles": test_files_json(tests),
        "framework": { "name": "gas-sim", "version": env!("CARGO_PKG_VERSION") },
    })
}

/// Pretty JSON ending with a newline, as a file on disk should.
pub fn write_pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("a serde_json::Value always serializes");
    text.push('\n');
    text
}

fn unique_test_ids(tests: &[TestInfo]) -> HashSet<&str> {
    let mut ids = HashSet::new();
    for test in tests {
        assert!(ids.insert(test.id.as_str()), "test id {} listed twice", test.id);
    }
    ids
}

fn mutant_json(result: &MutantResult, test_ids: &HashSet<&str>) -> Value {
    for id in result.killed_by.iter().chain(&result.covered_by) {
        assert!(test_ids.contains(id.as_str()), "mutant {} refers to unknown test {id}", result.id);
    }
    let mutant = &result.mutant;
    let mut out = Map::new();
    out.insert("id".into(), json!(result.id));
    out.insert("mutatorName".into(), json!(mutant.mutator));
    out.insert("replacement".into(), json!(mutant.replacement));
    // Both columns count chars from 1 and `end` is exclusive, as the schema's `location` is.
    out.insert(
        "location".into(),
        json!({
            "start": { "line": mutant.start.line, "column": mutant.start.column },
            "end": { "line": mutant.end.line, "column": mutant.end.column },
        }),
    );
    out.insert("status".into(), json!(result.status.name()));
    // Empty strings would show as blank lines in the HTML report; absent is cleaner.
    if !result.status_reason.is_empty() {
        out.insert("statusReason".into(), json!(result.status_reason));
    }
    if !mutant.description.is_empty() {
        out.insert("description".into(), json!(mutant.description));
    }
    out.insert("killedBy".into(), json!(result.killed_by));
    out.insert("coveredBy".into(), json!(result.covered_by));
    out.insert("testsCompleted".into(), json!(result.tests_completed));
    // Every mutant is tried in a fresh run of the whole project, so none is "static" in
    // StrykerJS's sense (loaded once and untestable per test).
    out.insert("static".into(), json!(false));
    Value::Object(out)
}

/// Scenario file -> its zones as tests, files in order of first appearance.
fn test_files_json(tests: &[TestInfo]) -> Value {
    let mut by_file = Map::new();
    for test in tests {
        let entry = by_file.entry(test.file.clone()).or_insert_with(|| json!({ "tests": [] }));
        let name = format!("{} in {}", scenario_stem(&test.file), test.zone);
        entry["tests"].as_array_mut().expect("tests is an array").push(json!({ "id": test.id, "name": name }));
    }
    Value::Object(by_file)
}

fn scenario_stem(file: &str) -> &str {
    Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or(file)
}
