//! The Stryker report validates against the vendored mutation-testing-report-schema, so
//! StrykerJS's HTML report and the Stryker Dashboard accept it; and it is deterministic.

use gas_mutate::stryker::{self, Thresholds};
use gas_mutate::{Mutant, MutantResult, Status, TestInfo};
use serde_json::Value;

const SCHEMA: &str = include_str!("../fixtures/mutation-testing-report-schema.json");

// A non-ASCII char before a mutated span checks that columns count chars, not bytes.
const LEDGER: &str = "function total(rows) {
  var sum = 0; // «Σ»
  for (var i = 0; i < rows.length; i++) {
    if (rows[i] > 0) sum += rows[i];
  }
  LockService.getScriptLock().waitLock(1000);
  return sum;
}
";

const UNUSED: &str = "function neverCalled() {\n  return 1 + 2;\n}\n";

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(SCHEMA).expect("vendored schema is JSON");
    assert_eq!(
        schema["$schema"], "http://json-schema.org/draft-07/schema#",
        "schema draft changed; recheck the validator"
    );
    jsonschema::draft7::new(&schema).expect("vendored schema compiles")
}

fn mutant(file: &str, text: &str, mutator: &str, original: &str, nth: usize, replacement: &str) -> Mutant {
    let (start, _) = text.match_indices(original).nth(nth).unwrap_or_else(|| panic!("{original:?} not in {file}"));
    Mutant::new(file, text, mutator, start, start + original.len(), replacement.to_string())
}

fn result(
    id: usize,
    mutant: Mutant,
    status: Status,
    killed_by: &[&str],
    covered_by: &[&str],
    reason: &str,
) -> MutantResult {
    MutantResult {
        id: id.to_string(),
        mutant,
        status,
        killed_by: killed_by.iter().map(|s| s.to_string()).collect(),
        covered_by: covered_by.iter().map(|s| s.to_string()).collect(),
        status_reason: reason.to_string(),
        tests_completed: killed_by.len().max(covered_by.len()) as u32,
    }
}

fn tests() -> Vec<TestInfo> {
    let test = |stem: &str, zone: &str| TestInfo {
        id: format!("{stem}@{zone}"),
        file: format!("scenarios/{stem}.toml"),
        zone: zone.to_string(),
    };
    vec![
        test("weekend_outage", "Asia/Tokyo"),
        test("weekend_outage", "America/New_York"),
        test("month_end", "Asia/Tokyo"),
    ]
}

const TOKYO: &str = "weekend_outage@Asia/Tokyo";
const NEW_YORK: &str = "weekend_outage@America/New_York";
const MONTH_END: &str = "month_end@Asia/Tokyo";

/// One mutant per status, plus a user breakage.
fn results() -> Vec<MutantResult> {
    let all = [TOKYO, NEW_YORK, MONTH_END];
    let mut breakage = mutant("ledger.gs", LEDGER, "Breakage", "LockService.getScriptLock().waitLock(1000);", 0, "");
    breakage.description = "no_lock".to_string();
    vec![
        result(
            1,
            mutant("ledger.gs", LEDGER, "EqualityOperator", "<", 0, "<="),
            Status::Killed,
            &[NEW_YORK],
            &all,
            "expected 3 rows, got 4",
        ),
        result(2, mutant("ledger.gs", LEDGER, "EqualityOperator", ">", 0, ">="), Status::Survived, &[], &all, ""),
        result(
            3,
            mutant("ledger.gs", LEDGER, "UpdateOperator", "i++", 0, "i--"),
            Status::Timeout,
            &[],
            &all,
            "loop limit",
        ),
        result(4, mutant("unused.gs", UNUSED, "ArithmeticOperator", "+", 0, "-"), Status::NoCoverage, &[], &[], ""),
        result(
            5,
            mutant("ledger.gs", LEDGER, "BlockStatement", "{", 1, ""),
            Status::CompileError,
            &[],
            &all,
            "SyntaxError: line 3",
        ),
        result(
            6,
            mutant("ledger.gs", LEDGER, "NumberLiteral", "0", 0, "'0'"),
            Status::RuntimeError,
            &[],
            &all,
            "simulator error",
        ),
        result(
            7,
            mutant("ledger.gs", LEDGER, "NumberLiteral", "1000", 0, "0"),
            Status::Ignored,
            &[],
            &[],
            "lock timeout is tuning",
        ),
        result(8, breakage, Status::Killed, &[MONTH_END], &[MONTH_END], "snapshot differs at line 2"),
    ]
}

fn files() -> Vec<(String, String)> {
    vec![("ledger.gs".to_string(), LEDGER.to_string()), ("unused.gs".to_string(), UNUSED.to_string())]
}

fn report() -> Value {
    stryker::report("examples/ledger", &files(), &results(), &tests(), Thresholds::default())
}

fn errors(validator: &jsonschema::Validator, report: &Value) -> Vec<String> {
    validator.iter_errors(report).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

#[test]
fn report_is_valid_against_the_vendored_schema() {
    let report = report();
    let errors = errors(&validator(), &report);
    assert!(
        errors.is_empty(),
        "report does not match the schema:\n{}\n{}",
        errors.join("\n"),
        stryker::write_pretty(&report)
    );
    assert_eq!(report["schemaVersion"], "2");
    let statuses: Vec<&str> = report["files"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|f| f["mutants"].as_array().unwrap())
        .map(|m| m["status"].as_str().unwrap())
        .collect();
    for status in [
        Status::Killed,
        Status::Survived,
        Status::Timeout,
        Status::NoCoverage,
        Status::CompileError,
        Status::RuntimeError,
        Status::Ignored,
    ] {
        assert!(statuses.contains(&status.name()), "no {} mutant in the report", status.name());
    }
}

#[test]
fn schema_rejects_broken_reports() {
    let validator = validator();
    let mut dead = report();
    dead["files"]["ledger.gs"]["mutants"][0]["status"] = "Dead".into();
    assert!(!validator.is_valid(&dead), "status Dead accepted");

    let mut no_source = report();
    no_source["files"]["ledger.gs"].as_object_mut().unwrap().remove("source");
    assert!(!validator.is_valid(&no_source), "file without source accepted");

    let mut column_zero = report();
    column_zero["files"]["ledger.gs"]["mutants"][0]["location"]["start"]["column"] = 0.into();
    assert!(!validator.is_valid(&column_zero), "0-based column accepted");

    let mut version_three = report();
    version_three["schemaVersion"] = "3".into();
    assert!(!validator.is_valid(&version_three), "schemaVersion 3 accepted");
}

#[test]
fn report_fields_follow_the_results() {
    let report = report();
    assert_eq!(report["projectRoot"], "examples/ledger");
    assert_eq!(report["thresholds"], serde_json::json!({ "high": 80, "low": 60, "break": null }));
    assert_eq!(report["framework"]["name"], "gas-sim");
    let file_names: Vec<&String> = report["files"].as_object().unwrap().keys().collect();
    assert_eq!(file_names, ["ledger.gs", "unused.gs"]);

    let ledger = &report["files"]["ledger.gs"];
    assert_eq!(ledger["language"], "javascript");
    assert_eq!(ledger["source"], LEDGER);
    let ids: Vec<&str> = ledger["mutants"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["1", "2", "3", "5", "6", "7", "8"], "mutants keep the results' order");

    // `<` on line 3: "  for (var i = 0; i " is 20 chars, so column 21; end is exclusive.
    let first = &ledger["mutants"][0];
    assert_eq!(
        first["location"],
        serde_json::json!({ "start": { "line": 3, "column": 21 }, "end": { "line": 3, "column": 22 } })
    );
    assert_eq!(first["mutatorName"], "EqualityOperator");
    assert_eq!(first["replacement"], "<=");
    assert_eq!(first["killedBy"], serde_json::json!([NEW_YORK]));
    assert_eq!(first["static"], false);
    let ignored = &ledger["mutants"][5];
    assert_eq!(ignored["status"], "Ignored");
    assert_eq!(ignored["statusReason"], "lock timeout is tuning");
    let breakage = &ledger["mutants"][6];
    assert_eq!(breakage["description"], "no_lock");
    assert!(ledger["mutants"][1].get("statusReason").is_none(), "empty reason written");
    assert!(ledger["mutants"][1].get("description").is_none(), "empty description written");

    // Every test a mutant names is defined in testFiles, named "<stem> in <zone>".
    let tests = &report["testFiles"];
    assert_eq!(
        tests.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["scenarios/weekend_outage.toml", "scenarios/month_end.toml"]
    );
    assert_eq!(
        tests["scenarios/weekend_outage.toml"]["tests"][1],
        serde_json::json!({ "id": NEW_YORK, "name": "weekend_outage in America/New_York" })
    );
    let defined: Vec<&str> = tests
        .as_object()
        .unwrap()
        .values()
        .flat_map(|f| f["tests"].as_array().unwrap())
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    for file in report["files"].as_object().unwrap().values() {
        for m in file["mutants"].as_array().unwrap() {
            for id in m["killedBy"].as_array().unwrap().iter().chain(m["coveredBy"].as_array().unwrap()) {
                assert!(defined.contains(&id.as_str().unwrap()), "mutant {} names undefined test {id}", m["id"]);
            }
        }
    }
}

#[test]
fn columns_count_chars_after_non_ascii() {
    let text = "var s = '«Σ»' + x;\n";
    let m = mutant("a.gs", text, "ArithmeticOperator", "+", 0, "-");
    let r = result(1, m, Status::Survived, &[], &[], "");
    let report = stryker::report(".", &[("a.gs".to_string(), text.to_string())], &[r], &[], Thresholds::default());
    // "var s = '«Σ»' " is 14 chars (but 18 bytes).
    assert_eq!(
        report["files"]["a.gs"]["mutants"][0]["location"]["start"],
        serde_json::json!({ "line": 1, "column": 15 })
    );
}

#[test]
fn same_input_gives_same_bytes() {
    let first = stryker::write_pretty(&report());
    let second = stryker::write_pretty(&report());
    assert_eq!(first, second);
    assert!(first.ends_with("}\n"));
    for clock_field in ["duration", "performance", "timestamp", "\"system\""] {
        assert!(!first.contains(clock_field), "report carries {clock_field}, which varies between runs");
    }
}

#[test]
#[should_panic(expected = "unknown test")]
fn a_mutant_naming_an_unknown_test_is_a_bug() {
    let m = mutant("ledger.gs", LEDGER, "EqualityOperator", "<", 0, "<=");
    let r = result(1, m, Status::Killed, &["nope@UTC"], &["nope@UTC"], "");
    stryker::report(".", &files(), &[r], &tests(), Thresholds::default());
}

#[test]
fn mutation_score_counts_detected_over_valid() {
    // Detected: 2 killed + 1 timeout = 3. Valid: 3 + 1 survived + 1 no coverage = 5.
    // The compile error, runtime error and ignored mutants count on neither side.
    let all = results();
    assert_eq!(stryker::mutation_score(&all), Some(60.0));
    let without_no_coverage: Vec<MutantResult> =
        all.iter().filter(|r| r.status != Status::NoCoverage).cloned().collect();
    assert_eq!(stryker::mutation_score(&without_no_coverage), Some(75.0));

    let only_invalid: Vec<MutantResult> = all
        .iter()
        .filter(|r| matches!(r.status, Status::CompileError | Status::RuntimeError | Status::Ignored))
        .cloned()
        .collect();
    assert_eq!(stryker::mutation_score(&only_invalid), None);
    assert_eq!(stryker::mutation_score(&[]), None);
}

#[test]
fn thresholds_reject_bad_input() {
    assert_eq!(Thresholds::new(80, 60, None), Ok(Thresholds::default()));
    assert!(Thresholds::new(60, 80, None).unwrap_err().contains("low (80)"));
    assert!(Thresholds::new(101, 60, None).is_err());
    assert!(Thresholds::new(80, 60, Some(-1.0)).is_err());
}
