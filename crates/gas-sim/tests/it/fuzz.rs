//! The fuzz harness (issue 10): generated and mutated inputs for the three surfaces a
//! hostile user controls, each of which must end with an outcome or a clear error, never
//! a panic, an abort or a hang:
//! - scenario files (mutated TOML): loading and planning give `Ok` or an error naming the
//!   file;
//! - state files (`gas-sim call --state`, mutated JSON): loading gives `Ok` or an error,
//!   and an execution on a loaded state ends;
//! - scripts (generated hostile function bodies, `fuzz/js.rs`): every execution ends with
//!   an outcome, leaves the engine at rest (`contexts_dropped_off_rest`) and the realm as
//!   it found it (a probe function reports the same before and after).
//!
//! The seed corpus in `tests/fuzz/corpus/` (the crashes of the issue, and valid seeds) runs
//! on every test run; generated scripts mix in the constructs that used to hang or abort
//! (`js::UNBOUNDED`), generated state files numbers that overflow virtual-time arithmetic.
//! A newly found crash whose fix is not written yet goes to `tests/fuzz/corpus/pending/`
//! (listed with its reason in that folder's README), which runs only with
//! `GAS_SIM_FUZZ_PENDING=1`.
//!
//! Knobs: `GAS_SIM_FUZZ_CASES` (generated cases per surface; default 48, a few seconds in
//! a debug build), `GAS_SIM_FUZZ_SEED` (a number; default a fixed seed, so CI is
//! reproducible). A longer campaign:
//! `GAS_SIM_FUZZ_CASES=20000 GAS_SIM_FUZZ_SEED=$RANDOM cargo test --release -p gas-sim --test it fuzz::`.

mod js;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use gas_engine::{run_execution, ExecutionReport, ExecutionSpec, Latency, Project, SoloGate, SourceFile};
use gas_platform::World;
use gas_scenario::{plan, PreparedScenario, RunOptions};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

/// As in gas-sim's binary: the heap budget (and the checks before big Rust-side buffers)
/// counts only through this allocator, so the corpus's huge blobs and logs meet it here.
#[global_allocator]
static ALLOCATOR: gas_engine::CountingAllocator<std::alloc::System> = gas_engine::CountingAllocator(std::alloc::System);

const START_UTC_MS: i64 = 1_750_000_000_000;
/// The stack of gas-sim's execution workers (gas-scenario's run.rs): deep but legal
/// recursion re-enters the engine natively.
const ENGINE_STACK_BYTES: usize = gas_engine::EXECUTION_STACK_BYTES;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus(kind: &str) -> Vec<PathBuf> {
    files_in(&repo_root().join("tests/fuzz/corpus").join(kind))
}

fn pending(kind: &str) -> Vec<PathBuf> {
    files_in(&repo_root().join("tests/fuzz/corpus/pending").join(kind))
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

fn pending_enabled() -> bool {
    std::env::var_os("GAS_SIM_FUZZ_PENDING").is_some_and(|v| v == "1")
}

/// A runner for `cases` generated cases: a fixed seed unless `GAS_SIM_FUZZ_SEED` is set,
/// no regression files written into the repository.
fn runner() -> TestRunner {
    let cases = std::env::var("GAS_SIM_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48);
    let config = Config { cases, failure_persistence: None, max_shrink_iters: 512, ..Config::default() };
    let mut seed = [7u8; 32];
    if let Some(n) = std::env::var("GAS_SIM_FUZZ_SEED").ok().and_then(|v| v.parse::<u64>().ok()) {
        seed[..8].copy_from_slice(&n.to_le_bytes());
    }
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed))
}

/// Runs `f` on a thread with the workers' stack and fails the test with its panic.
fn on_engine_stack(f: impl FnOnce() + Send + 'static) {
    let joined = std::thread::Builder::new().stack_size(ENGINE_STACK_BYTES).spawn(f).expect("a thread").join();
    if let Err(payload) = joined {
        std::panic::resume_unwind(payload);
    }
}

fn check<T: std::fmt::Debug>(result: Result<(), proptest::test_runner::TestError<T>>) {
    if let Err(error) = result {
        panic!("{error}");
    }
}

// ---- scripts ------------------------------------------------------------------------

/// What the probe reads of the realm: the prelude's services, builtins, an error's shape.
const PROBE: &str = r#"
function probe() {
  let caught = '';
  try { SpreadsheetApp.openById('missing'); } catch (e) { caught = String(e) + '/' + e.name; }
  return [
    Object.getOwnPropertyNames(globalThis).sort().join(),
    typeof SpreadsheetApp.openById, typeof MailApp.sendEmail, String(CacheService.getScriptCache()),
    Object.getOwnPropertyNames(Object.prototype).length, Object.getOwnPropertyNames(Array.prototype).length,
    Object.isFrozen(Object.prototype), Object.getPrototypeOf(Array.prototype) === Object.prototype,
    String([1, 2].map((x) => x * 2)), JSON.stringify({ a: [1, 'x'] }), String(new Error('m')),
    typeof Date, typeof Promise.prototype.then, caught, Math.random(),
  ].join('|');
}
"#;

fn script_project(body: &str) -> Project {
    let code = format!("function hostile() {{\n  const out = [];\n  {body}\n  return out.length;\n}}\n{PROBE}");
    Project::from_sources("UTC", vec![SourceFile { name: "Code.gs".into(), text: code }])
}

fn execute(project: &Project, function: &str, exec_id: u64) -> ExecutionReport {
    let mut spec = ExecutionSpec::new(exec_id, function, START_UTC_MS, 7);
    spec.latency = Latency::none();
    run_execution(project, chrono_tz::UTC, &spec, Arc::new(Mutex::new(World::new())), Arc::new(SoloGate))
}

/// The properties every script must keep; returns the hostile execution's outcome.
fn run_script(body: &str) -> Result<&'static str, TestCaseError> {
    let project = script_project(body);
    let dropped_before = gas_engine::contexts_dropped_off_rest();
    let probe_before = execute(&project, "probe", 1);
    let hostile = execute(&project, "hostile", 2);
    let probe_after = execute(&project, "probe", 1);
    prop_assert_eq!(
        gas_engine::contexts_dropped_off_rest(),
        dropped_before,
        "the execution left values on the engine's stack ({:?})",
        hostile.outcome
    );
    prop_assert_eq!(probe_before, probe_after, "the realm changed for the next execution ({:?})", hostile.outcome);
    Ok(match &hostile.outcome {
        gas_engine::Outcome::Failed { error } if error.kind == gas_engine::FailureKind::Syntax => "syntax error",
        outcome => outcome.name(),
    })
}

#[test]
fn generated_scripts_end_with_an_outcome_and_change_nothing_for_the_next() {
    on_engine_stack(|| {
        let outcomes = Mutex::new(std::collections::BTreeMap::<&str, u32>::new());
        check(runner().run(&js::script(), |body| {
            let outcome = run_script(&body)?;
            *outcomes.lock().unwrap().entry(outcome).or_default() += 1;
            Ok(())
        }));
        // A generator that made only syntax errors would test nothing.
        let outcomes = outcomes.into_inner().unwrap();
        let ran = outcomes.get("completed").copied().unwrap_or(0) + outcomes.get("failed").copied().unwrap_or(0);
        assert!(ran * 2 > outcomes.values().sum::<u32>(), "most scripts should run: {outcomes:?}");
        eprintln!("generated scripts: {outcomes:?}");
    });
}

/// The script corpus runs in shards, each a test of its own: its scripts run the engine to
/// its limits (a debug build takes about a second each), and one test of them all was the
/// suite's longest after the reused-contexts test, on one of the machine's two cores.
const CORPUS_SHARDS: usize = 3;

fn run_corpus_shard(shard: usize) {
    let mut files = corpus("js");
    assert!(files.len() >= CORPUS_SHARDS, "fewer scripts in the corpus than shards");
    if pending_enabled() {
        files.extend(pending("js"));
    }
    let files: Vec<PathBuf> = files.into_iter().skip(shard).step_by(CORPUS_SHARDS).collect();
    on_engine_stack(move || {
        for file in files {
            let body = std::fs::read_to_string(&file).unwrap();
            if let Err(error) = run_script(&body) {
                panic!("{}: {error}", file.display());
            }
        }
    });
}

#[test]
fn the_script_corpus_ends_with_an_outcome_and_changes_nothing_for_the_next_1_of_3() {
    run_corpus_shard(0);
}

#[test]
fn the_script_corpus_ends_with_an_outcome_and_changes_nothing_for_the_next_2_of_3() {
    run_corpus_shard(1);
}

#[test]
fn the_script_corpus_ends_with_an_outcome_and_changes_nothing_for_the_next_3_of_3() {
    run_corpus_shard(2);
}

// ---- state files --------------------------------------------------------------------

/// A script that uses every part of a loaded state.
const STATE_PROBE: &str = r#"
function useState() {
  const out = [];
  const attempt = (f) => { try { out.push(String(f())); } catch (e) { out.push('threw ' + e); } };
  attempt(() => CacheService.getScriptCache().get('k'));
  attempt(() => CacheService.getScriptCache().put('new', 'v', 60));
  attempt(() => CacheService.getUserCache().getAll(['u', 'k']));
  attempt(() => PropertiesService.getScriptProperties().getProperties());
  attempt(() => PropertiesService.getUserProperties().setProperty('Q', 'z'));
  attempt(() => SpreadsheetApp.openById('ss-0001').getSheets()[0].getDataRange().getValues());
  attempt(() => SpreadsheetApp.create('more').getId());
  attempt(() => ScriptApp.getProjectTriggers().length);
  attempt(() => ScriptApp.newTrigger('useState').timeBased().everyHours(2).create());
  attempt(() => MailApp.getRemainingDailyQuota());
  attempt(() => MailApp.sendEmail('ops@example.com', 's', 'b'));
  attempt(() => LockService.getScriptLock().tryLock(100));
  attempt(() => UrlFetchApp.fetch('https://example.com/x').getResponseCode());
  return out;
}
"#;

/// Loads a state file's text as `gas-sim call --state` does and, when it loads, runs one
/// execution on it and saves it again.
fn use_state(text: &str) -> Result<(), TestCaseError> {
    let world = match World::from_json(text, gas_engine::methods::names()) {
        Ok(world) => world,
        Err(message) => {
            prop_assert!(!message.is_empty(), "an error says what is wrong");
            return Ok(());
        }
    };
    let start_utc_ms = world.last_utc_ms.unwrap_or(START_UTC_MS);
    let project = Project::from_sources("UTC", vec![SourceFile { name: "Code.gs".into(), text: STATE_PROBE.into() }]);
    let shared = Arc::new(Mutex::new(world));
    let spec = ExecutionSpec::new(2, "useState", start_utc_ms, 7);
    let _report = run_execution(&project, chrono_tz::UTC, &spec, shared.clone(), Arc::new(SoloGate));
    let saved = shared.lock().unwrap().to_json();
    prop_assert!(
        World::from_json(&saved, gas_engine::methods::names()).is_ok(),
        "a saved state loads again:\n{}",
        saved
    );
    Ok(())
}

/// Hostile JSON values for one node of a state file.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::json;
    prop_oneof![
        Just(json!(null)),
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(u64::MAX)),
        Just(json!(1.5)),
        Just(json!(1e300)),
        Just(json!("")),
        Just(json!("x")),
        Just(json!("UrlFetchApp.fetch")),
        Just(json!("1000001")),
        Just(json!([])),
        Just(json!([1, "a", null])),
        Just(json!({})),
        Just(json!({ "k": { "value": "v", "expires_at_utc_ms": 0, "inserted_seq": 0 } })),
        Just(json!(true)),
    ]
}

/// Numbers a state file may hold where the code expects others.
const ODD_NUMBERS: &[i64] = &[-1, 0, 1, 4_294_967_297];
/// Numbers that overflow virtual-time arithmetic unless a state file is checked first.
const OVERFLOWING_NUMBERS: &[i64] = &[i64::MAX, i64::MIN, i64::MAX / 2, 253_402_300_800_000];

fn hostile_numbers() -> Vec<i64> {
    [ODD_NUMBERS, OVERFLOWING_NUMBERS].concat()
}

/// How many nodes a JSON tree has (pre-order).
fn node_count(value: &serde_json::Value) -> usize {
    1 + match value {
        serde_json::Value::Array(items) => items.iter().map(node_count).sum(),
        serde_json::Value::Object(map) => map.values().map(node_count).sum(),
        _ => 0,
    }
}

/// Applies `edit` to node `index` (pre-order, the root is 0).
fn edit_node(value: &mut serde_json::Value, index: &mut usize, edit: &mut dyn FnMut(&mut serde_json::Value)) -> bool {
    if *index == 0 {
        edit(value);
        return true;
    }
    *index -= 1;
    let children: Vec<&mut serde_json::Value> = match value {
        serde_json::Value::Array(items) => items.iter_mut().collect(),
        serde_json::Value::Object(map) => map.values_mut().collect(),
        _ => Vec::new(),
    };
    children.into_iter().any(|child| edit_node(child, index, edit))
}

/// One change to a state file's tree.
#[derive(Debug, Clone)]
enum StateEdit {
    /// The node becomes this value.
    Replace(serde_json::Value),
    /// A number node becomes a hostile number (other nodes stay).
    Number(i64),
    /// An object or array node gets this many copies of its first entry (past caps).
    Grow(usize),
}

fn apply(edit: &StateEdit, node: &mut serde_json::Value) {
    match (edit, node) {
        (StateEdit::Replace(with), node) => *node = with.clone(),
        (StateEdit::Number(n), node) if node.is_number() => *node = serde_json::json!(n),
        (StateEdit::Grow(copies), serde_json::Value::Array(items)) if !items.is_empty() => {
            let first = items[0].clone();
            items.extend(std::iter::repeat_n(first, *copies));
        }
        (StateEdit::Grow(copies), serde_json::Value::Object(map)) if !map.is_empty() => {
            let (key, first) = map.iter().next().map(|(k, v)| (k.clone(), v.clone())).unwrap();
            for i in 0..*copies {
                map.insert(format!("{key}{i}"), first.clone());
            }
        }
        _ => {}
    }
}

fn state_edit() -> impl Strategy<Value = StateEdit> {
    prop_oneof![
        2 => json_value().prop_map(StateEdit::Replace),
        3 => prop::sample::select(hostile_numbers()).prop_map(StateEdit::Number),
        1 => prop_oneof![Just(2usize), Just(25), Just(1_001)].prop_map(StateEdit::Grow),
    ]
}

fn mutated_state() -> impl Strategy<Value = String> {
    let seed_text = std::fs::read_to_string(repo_root().join("tests/fuzz/corpus/state/seed.json")).unwrap();
    let seed: serde_json::Value = serde_json::from_str(&seed_text).unwrap();
    let nodes = node_count(&seed);
    let edits = prop::collection::vec((1..nodes, state_edit()), 1..4);
    let text_cut = prop::option::weighted(0.1, 0..seed_text.len());
    (edits, text_cut).prop_map(move |(edits, cut)| {
        if let Some(cut) = cut {
            // A state file cut short (a kill during a write, before gas-sim wrote atomically).
            return seed_text.chars().take(cut).collect();
        }
        let mut value = seed.clone();
        for (index, edit) in edits {
            edit_node(&mut value, &mut index.clone(), &mut |node| apply(&edit, node));
        }
        serde_json::to_string_pretty(&value).unwrap()
    })
}

#[test]
fn mutated_state_files_load_or_are_refused_and_never_panic() {
    on_engine_stack(|| check(runner().run(&mutated_state(), |text| use_state(&text))));
}

#[test]
fn the_state_corpus_loads_or_is_refused_and_never_panics() {
    let mut files = corpus("state");
    if pending_enabled() {
        files.extend(pending("state"));
    }
    assert!(!files.is_empty(), "no state corpus");
    on_engine_stack(move || {
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            if let Err(error) = use_state(&text) {
                panic!("{}: {error}", file.display());
            }
        }
    });
}

// ---- scenario files -----------------------------------------------------------------

/// A scenario text written to a new folder beside a copy of the corpus project (so
/// `project = "project"` finds it wherever the text came from).
fn in_sandbox(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    for name in ["Code.gs", "appsscript.json"] {
        std::fs::copy(repo_root().join("tests/fuzz/corpus/scenario/project").join(name), project.join(name)).unwrap();
    }
    let path = dir.path().join("fuzzed.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Loads and plans a scenario text, as `gas-sim run` would before running it.
fn load_and_plan(text: &str) -> Result<(), TestCaseError> {
    let (_dir, path) = in_sandbox(text);
    let named = |message: &str| message.contains(&path.display().to_string());
    let prepared = match PreparedScenario::load(&path, &RunOptions::default()) {
        Ok(prepared) => prepared,
        Err(error) => {
            prop_assert!(named(&error.0), "the error names the file: {}", error.0);
            return Ok(());
        }
    };
    for zone in &prepared.zones {
        if let Err(error) = plan::plan(&prepared.loaded, prepared.project.clone(), zone, prepared.seed) {
            prop_assert!(named(&error.0), "the error names the file: {}", error.0);
        }
    }
    Ok(())
}

/// Values a mutated scenario line may get.
const TOML_VALUES: &[&str] = &[
    "0",
    "-1",
    "9223372036854775807",
    "-9223372036854775808",
    "1.5",
    "inf",
    "nan",
    "true",
    "\"\"",
    "\"x\"",
    "\"UTC\"",
    "\"Mars/Olympus\"",
    "\"4294967297d\"",
    "\"0m\"",
    "\"-1h\"",
    "\"1m\"",
    "\"2025-06-16T08:00\"",
    "\"2025-06-15T23:59\"",
    "\"1969-12-31T23:59\"",
    "\"10000-01-01T00:00\"",
    "1979-05-27T07:32:00Z",
    "[]",
    "[1, \"a\"]",
    "{}",
    "{ status = 0 }",
    "{ function = \"probe\", outcome = \"nonsense\" }",
    "\"*\"",
    "\"probe\"",
];

/// Keys an inserted line may use (never `project` or file paths: loading those reads the
/// host's files, which is the sandbox's business and its tests').
const TOML_KEYS: &[&str] = &[
    "name",
    "seed",
    "start",
    "end",
    "latency",
    "time_zones",
    "at",
    "function",
    "every",
    "minute",
    "hour",
    "count",
    "status",
    "body",
    "delay",
    "nth",
    "zones",
    "outcome",
    "from",
    "until",
    "url",
    "keys",
    "subject",
];

fn mutated_scenario() -> impl Strategy<Value = String> {
    let seeds: Vec<String> = corpus("scenario")
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(!seeds.is_empty(), "no scenario corpus");
    let edit =
        (0..4u8, any::<prop::sample::Index>(), prop::sample::select(TOML_KEYS), prop::sample::select(TOML_VALUES));
    (prop::sample::select(seeds), prop::collection::vec(edit, 1..5)).prop_map(|(seed, edits)| {
        let mut lines: Vec<String> = seed.lines().map(str::to_string).collect();
        for (kind, at, key, value) in edits {
            let i = at.index(lines.len().max(1)).min(lines.len().saturating_sub(1));
            let is_path = lines.get(i).is_some_and(|l| l.trim_start().starts_with("project") || l.contains("csv"));
            match kind {
                // A value replaced.
                0 if !is_path => {
                    if let Some((k, _)) = lines[i].split_once('=') {
                        lines[i] = format!("{k}= {value}");
                    }
                }
                1 if !is_path && !lines.is_empty() => {
                    lines.remove(i);
                }
                2 => {
                    let copy = lines.get(i).cloned().unwrap_or_default();
                    lines.insert(i, copy);
                }
                _ => lines.insert(i, format!("{key} = {value}")),
            }
        }
        lines.join("\n") + "\n"
    })
}

#[test]
fn mutated_scenarios_load_or_are_refused_naming_the_file_and_never_panic() {
    on_engine_stack(|| check(runner().run(&mutated_scenario(), |text| load_and_plan(&text))));
}

/// Corpus scenarios are small: they also run, and may not meet a gas-sim bug.
#[test]
fn the_scenario_corpus_loads_plans_and_runs_without_a_bug() {
    let mut files: Vec<PathBuf> =
        corpus("scenario").into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml")).collect();
    if pending_enabled() {
        files.extend(pending("scenario").into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml")));
    }
    assert!(!files.is_empty(), "no scenario corpus");
    on_engine_stack(move || {
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            if let Err(error) = load_and_plan(&text) {
                panic!("{}: {error}", file.display());
            }
            let (_dir, path) = in_sandbox(&text);
            let ran = gas_scenario::run_scenario(&path, &RunOptions::default());
            let bugs = gas_scenario::bug::take_all();
            assert!(bugs.is_empty(), "{}: {bugs:?}", file.display());
            if let Err(error) = ran {
                assert!(error.0.contains(&path.display().to_string()), "{}: {}", file.display(), error.0);
            }
        }
    });
}

#[test]
fn every_pending_corpus_entry_says_why() {
    let readme = std::fs::read_to_string(repo_root().join("tests/fuzz/corpus/pending/README.md")).unwrap();
    for kind in ["js", "scenario", "state"] {
        for file in pending(kind) {
            let name = format!("{kind}/{}", file.file_name().unwrap().to_string_lossy());
            assert!(readme.contains(&format!("`{name}`")), "tests/fuzz/corpus/pending/README.md does not list {name}");
        }
    }
}

// ---- printed text -------------------------------------------------------------------

/// Strings a hostile script or scenario would print: workflow commands, line breaks,
/// escapes, separators and bidi controls, glued to arbitrary text (issue 25).
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("::".to_string()),
        Just("##[".to_string()),
        Just("#".to_string()),
        Just(":".to_string()),
        Just("[".to_string()),
        prop::sample::select(vec![
            '\r', '\n', '\t', ' ', '\u{a0}', '\u{0}', '\u{1b}', '\u{7f}', '\u{85}', '\u{9b}', '\u{2028}', '\u{2029}',
            '\u{202e}', '\u{2066}', '\u{3000}'
        ])
        .prop_map(String::from),
        any::<String>(),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

#[test]
fn escaped_text_never_starts_a_workflow_command_nor_carries_a_control_character() {
    use gas_scenario::terminal::{escape, guard, guard_json, is_guarded};
    check(runner().run(&(hostile_text(), hostile_text()), |(field, text)| {
        let line = format!("  log: {}", escape(&field));
        prop_assert!(!line.contains('\n') && !line.contains('\r'), "one line: {line:?}");
        for shown in [guard(&text), guard(&line), guard(&format!("{text}\n{line}"))] {
            prop_assert!(is_guarded(&shown), "{shown:?}");
            for l in shown.split('\n') {
                prop_assert!(!l.trim_start().starts_with("::") && !l.contains("##["), "{l:?}");
                prop_assert!(!l.chars().any(|c| c.is_control()), "{l:?}");
            }
        }
        prop_assert_eq!(guard(&text).split('\n').count(), text.split('\n').count(), "line ends kept");
        let json = serde_json::to_string_pretty(&serde_json::json!({ "text": text, "field": field })).unwrap();
        let shown = guard_json(&json);
        prop_assert!(is_guarded(&shown), "{shown:?}");
        let back: serde_json::Value = serde_json::from_str(&shown).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, serde_json::json!({ "text": text, "field": field }));
        Ok(())
    }));
}
