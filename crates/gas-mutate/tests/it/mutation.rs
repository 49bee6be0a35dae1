//! Mutation campaigns end to end: every breakage of ledger-fixed is killed (and the
//! README says by which scenario), each verdict a small project can produce, the same
//! report for the same seed and any number of jobs, and sources left untouched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gas_mutate::campaign::{Campaign, CampaignOptions};
use gas_mutate::operators::OperatorSet;
use gas_mutate::{stryker, MutantResult, Status};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The scenario files under scenarios/ that load fixtures/ledger-fixed, in name order.
fn ledger_fixed_scenarios(root: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root.join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter(|p| std::fs::read_to_string(p).unwrap().contains("project = \"../fixtures/ledger-fixed\""))
        .collect();
    found.sort();
    found
}

/// Every file under `dir` with its bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(tree(&path));
        } else {
            out.insert(path.clone(), std::fs::read(&path).unwrap());
        }
    }
    out
}

fn judge(options: &CampaignOptions, jobs: usize) -> Vec<MutantResult> {
    let mut campaign = Campaign::prepare(options).unwrap_or_else(|e| panic!("{e}"));
    campaign.baseline(jobs).unwrap_or_else(|e| panic!("{e}"));
    campaign.run(jobs, &|_, _| {}).0
}

#[test]
fn every_breakage_of_ledger_fixed_is_killed_and_the_readme_says_by_what() {
    let root = repo_root();
    let before = tree(&root.join("fixtures/ledger-fixed"));
    let scenarios = ledger_fixed_scenarios(&root);
    assert!(scenarios.len() >= 12, "{scenarios:?}");
    let options = CampaignOptions {
        breakages: Some(root.join("fixtures/ledger-fixed/breakages.toml")),
        operators: OperatorSet::none(),
        ..CampaignOptions::new(scenarios)
    };
    let results = judge(&options, 2);
    assert!(results.len() >= 15, "the issue asks for at least 15 breakages, found {}", results.len());
    let readme = std::fs::read_to_string(root.join("docs/mutation.md")).unwrap();
    for result in &results {
        let id = gas_mutate::breakages::breakage_id(&result.mutant);
        assert_eq!(result.status, Status::Killed, "breakage {id} was not caught: {}", result.status_reason);
        let row = format!("| `{id}` | {} |", result.killed_by.join(", "));
        assert!(readme.contains(&row), "docs/mutation.md should have the row\n{row}");
    }
    assert_eq!(tree(&root.join("fixtures/ledger-fixed")), before, "a campaign never writes the user's files");
}

/// A project small enough to produce every verdict on purpose.
const TINY_CODE: &str = "\
function tick() {
  var total = 0;
  for (var i = 0; i < 3; i++) { total += i; }
  // gas-sim disable next-line NumericConstant: a demonstration of an ignored mutant
  var unused = 5;
  PropertiesService.getScriptProperties().setProperty('total', String(total));
}

function neverCalled() {
  return 42;
}
";

const TINY_SCENARIO: &str = r#"
name = "tiny"
project = "project"
time_zones = ["UTC", "Asia/Tokyo"]
start = "2025-06-13T09:00"
end = "2025-06-13T10:00"
seed = 7

[[runs]]
at = "2025-06-13T09:00"
function = "tick"

[[expect]]
property = "total"
equals = "3"
"#;

const TINY_BREAKAGES: &str = r#"
[[mutation]]
id = "loop-for-ever"
file = "Code.gs"
find = "i++"
replace = "i--"

[[mutation]]
id = "catastrophic-regex"
file = "Code.gs"
find = "var total = 0;"
replace = "var total = /(a+)+$/.test('a'.repeat(30) + 'b') ? 1 : 0;"

[[mutation]]
id = "dead-code"
file = "Code.gs"
find = "return 42;"
replace = "return 43;"

[[mutation]]
id = "does-not-parse"
file = "Code.gs"
find = "total += i;"
replace = "total += ;"

[[mutation]]
id = "off-by-one"
file = "Code.gs"
find = "String(total)"
replace = "String(total + 1)"
"#;

fn tiny_campaign(dir: &Path) -> CampaignOptions {
    std::fs::create_dir_all(dir.join("project")).unwrap();
    std::fs::write(dir.join("project/appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(dir.join("project/Code.gs"), TINY_CODE).unwrap();
    std::fs::write(dir.join("project/breakages.toml"), TINY_BREAKAGES).unwrap();
    std::fs::write(dir.join("tiny.toml"), TINY_SCENARIO).unwrap();
    CampaignOptions {
        breakages: Some(dir.join("project/breakages.toml")),
        operators: OperatorSet::parse("NumericConstant").unwrap(),
        ..CampaignOptions::new(vec![dir.join("tiny.toml")])
    }
}

#[test]
fn each_verdict_as_stryker_defines_it() {
    let dir = tempfile::tempdir().unwrap();
    let results = judge(&tiny_campaign(dir.path()), 2);
    let verdict = |id: &str| {
        results
            .iter()
            .find(|r| gas_mutate::breakages::breakage_id(&r.mutant) == id)
            .unwrap_or_else(|| panic!("no breakage {id}"))
    };
    let looping = verdict("loop-for-ever");
    assert_eq!(looping.status, Status::Timeout, "{}", looping.status_reason);
    assert_eq!(looping.killed_by.len(), 1);
    // Backtracking for ever inside one regex call: stopped by the step budget.
    let regex = verdict("catastrophic-regex");
    assert_eq!(regex.status, Status::Timeout, "{}", regex.status_reason);
    assert_eq!(verdict("dead-code").status, Status::NoCoverage);
    assert!(verdict("dead-code").covered_by.is_empty());
    assert_eq!(verdict("does-not-parse").status, Status::CompileError);
    let killed = verdict("off-by-one");
    assert_eq!(killed.status, Status::Killed);
    assert!(killed.status_reason.contains("expected \"3\", got \"4\""), "{}", killed.status_reason);
    assert_eq!(killed.covered_by, vec!["tiny@UTC", "tiny@Asia/Tokyo"]);

    let numeric = |line: u32| {
        results.iter().filter(move |r| r.mutant.mutator == "NumericConstant" && r.mutant.start.line == line)
    };
    // `var unused = 5` is disabled by its comment; the loop bound 3 -> 4 and 2 change the total.
    assert!(numeric(5).all(|r| r.status == Status::Ignored && r.status_reason.contains("demonstration")));
    assert_eq!(numeric(5).count(), 2);
    assert!(numeric(3).filter(|r| r.mutant.original == "3").all(|r| r.status == Status::Killed));
    // `return 42` is never reached.
    assert!(numeric(10).all(|r| r.status == Status::NoCoverage));
    // 5 breakage-or-operator verdicts at least; the score leaves out ignored and compile errors.
    let score = stryker::mutation_score(&results).unwrap();
    assert!(score > 0.0 && score < 100.0, "{score}");
}

#[test]
fn the_baseline_runs_only_the_scenarios_of_projects_with_a_mutant_to_judge() {
    let dir = tempfile::tempdir().unwrap();
    let mut options = tiny_campaign(dir.path());
    // A second project whose scenario fails on its own sources.
    std::fs::create_dir_all(dir.path().join("other")).unwrap();
    std::fs::write(dir.path().join("other/appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(dir.path().join("other/Code.gs"), TINY_CODE).unwrap();
    let failing = TINY_SCENARIO.replace("project = \"project\"", "project = \"other\"").replace("\"3\"", "\"4\"");
    std::fs::write(dir.path().join("other.toml"), failing).unwrap();
    options.scenarios.push(dir.path().join("other.toml"));

    // Both projects' mutants: the other's scenario is run, and fails the baseline.
    let mut both = Campaign::prepare(&options).unwrap();
    assert_eq!(both.baseline_tests().len(), 4);
    assert!(both.baseline(2).is_err(), "the other project's failing scenario stops the campaign");

    // Only this project's file: the other's runs could kill none of its mutants.
    options.files = Some(format!("{}/project/Code.gs", dir.path().display()));
    let mut one = Campaign::prepare(&options).unwrap();
    let tests = one.test_infos();
    let run: Vec<&str> = one.baseline_tests().iter().map(|&t| tests[t].id.as_str()).collect();
    assert_eq!(run, ["tiny@UTC", "tiny@Asia/Tokyo"]);
    one.baseline(2).unwrap_or_else(|e| panic!("{e}"));
    let results = one.run(2, &|_, _| {}).0;
    assert!(results.iter().any(|r| r.status == Status::Killed));
    assert_eq!(one.test_infos().len(), 4, "the report still lists every run");
}

#[test]
fn the_same_seed_gives_the_same_report_with_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let options = tiny_campaign(dir.path());
    let report = |jobs: usize| {
        let mut campaign = Campaign::prepare(&options).unwrap();
        campaign.baseline(jobs).unwrap();
        let results = campaign.run(jobs, &|_, _| {}).0;
        stryker::write_pretty(&stryker::report(
            ".",
            &campaign.files(),
            &results,
            &campaign.test_infos(),
            stryker::Thresholds::default(),
        ))
    };
    let first = report(1);
    assert_eq!(first, report(2));
    assert_eq!(first, report(2));
    // A real campaign's report is what Stryker's viewer reads.
    let schema_text = include_str!("../fixtures/mutation-testing-report-schema.json");
    let schema: serde_json::Value = serde_json::from_str(schema_text).unwrap();
    let validator = jsonschema::draft7::new(&schema).unwrap();
    let report: serde_json::Value = serde_json::from_str(&first).unwrap();
    let errors: Vec<String> = validator.iter_errors(&report).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let statuses: std::collections::BTreeSet<&str> = report["files"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|f| f["mutants"].as_array().unwrap().iter().map(|m| m["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        statuses.into_iter().collect::<Vec<_>>(),
        ["CompileError", "Ignored", "Killed", "NoCoverage", "Survived", "Timeout"]
    );
}

#[test]
fn a_breakage_whose_find_is_not_unique_stops_the_campaign_before_any_run() {
    let dir = tempfile::tempdir().unwrap();
    let options = tiny_campaign(dir.path());
    std::fs::write(
        dir.path().join("project/breakages.toml"),
        "[[mutation]]\nid = \"twice\"\nfile = \"Code.gs\"\nfind = \"total\"\nreplace = \"sum\"\n",
    )
    .unwrap();
    let error = Campaign::prepare(&options).err().expect("a clear error").to_string();
    assert!(error.contains("breakages.toml:1: mutation \"twice\": find occurs 4 times in Code.gs"), "{error}");
}

#[test]
fn shards_split_a_campaign_without_overlap_or_gaps() {
    let dir = tempfile::tempdir().unwrap();
    let options = tiny_campaign(dir.path());
    let all: Vec<usize> = Campaign::prepare(&options).unwrap().selected().map(|m| m.id).collect();
    let mut union = Vec::new();
    for index in 1..=3 {
        let shard = gas_mutate::campaign::Shard { index, count: 3 };
        let campaign = Campaign::prepare(&CampaignOptions { shard: Some(shard), ..options.clone() }).unwrap();
        union.extend(campaign.selected().map(|m| m.id));
    }
    union.sort();
    assert_eq!(union, all);
    assert!(all.len() > 3);
    // --files selects without renumbering: a mutant keeps its id.
    let none = Campaign::prepare(&CampaignOptions { files: Some("Other.gs".into()), ..options.clone() }).unwrap();
    assert_eq!(none.selected().count(), 0);
    let same = Campaign::prepare(&CampaignOptions { files: Some("Code.gs".into()), ..options.clone() }).unwrap();
    assert_eq!(same.selected().map(|m| m.id).collect::<Vec<_>>(), all);
}

/// Issue 12: dropping the lock or the id check of the two idempotent web apps (and the
/// other listed breakages) is killed by their scenarios.
#[test]
fn every_breakage_of_the_idempotent_web_apps_is_killed() {
    let root = repo_root();
    for (fixture, scenario) in
        [("contact-webhook-idempotent", "webhook_retries.toml"), ("draft-pipeline", "draft_pipeline.toml")]
    {
        let options = CampaignOptions {
            breakages: Some(root.join("fixtures").join(fixture).join("breakages.toml")),
            operators: OperatorSet::none(),
            ..CampaignOptions::new(vec![root.join("scenarios").join(scenario)])
        };
        let results = judge(&options, 2);
        let ids: Vec<&str> = results.iter().map(|r| gas_mutate::breakages::breakage_id(&r.mutant)).collect();
        assert!(ids.contains(&"no-lock"), "{fixture}: {ids:?}");
        for result in &results {
            let id = gas_mutate::breakages::breakage_id(&result.mutant);
            assert_eq!(result.status, Status::Killed, "{fixture}: breakage {id} survived: {}", result.status_reason);
        }
    }
}

/// Issue 24: the Docs mail merge's obvious breakages (a sent row mailed again, the PDF
/// left out, the template filled in instead of a copy ...) are killed by its scenario.
#[test]
fn every_breakage_of_the_docs_mail_merge_is_killed() {
    let root = repo_root();
    let options = CampaignOptions {
        breakages: Some(root.join("fixtures/docs-mail-merge/breakages.toml")),
        operators: OperatorSet::none(),
        ..CampaignOptions::new(vec![root.join("scenarios/docs_mail_merge.toml")])
    };
    let results = judge(&options, 2);
    assert_eq!(results.len(), 6);
    for result in &results {
        let id = gas_mutate::breakages::breakage_id(&result.mutant);
        assert_eq!(result.status, Status::Killed, "breakage {id} survived: {}", result.status_reason);
    }
}
