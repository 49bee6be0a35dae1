//! The step budget (vendored boa, patch 0013): every way a script can keep the engine
//! busy without a service call (loops of builtins, callbacks, regex backtracking, promise
//! jobs) ends, deterministically, as the platform's 6-minute kill: `Exceeded maximum
//! execution time`, uncatchable, at 6:00 of virtual time.

use crate::support;

use gas_engine::{ExecutionReport, ExecutionSpec, Limits, STEPS_MAX_DEFAULT};
use serde_json::json;
use support::*;

/// Small enough that every reproducer ends in a few milliseconds even in a debug build;
/// the default budget (`STEPS_MAX_DEFAULT`) ends them too, in about a second of release
/// time each (measured with `gas-sim call`, see the README).
const TEST_STEPS_MAX: u64 = 2_000_000;

fn run_with_steps(src: &str, steps_max: u64) -> ExecutionReport {
    let mut spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    spec.limits = Limits { steps_max, ..Limits::default() };
    run_spec(&new_world(), &project("UTC", src), "UTC", &spec)
}

/// `body` runs inside a try/catch/finally that logs: a budget kill runs neither.
fn assert_killed_by_steps(body: &str) {
    let src = format!(
        "function main() {{\n  try {{\n{body}\n  }} catch (e) {{ console.log('caught ' + e); }} finally {{ console.log('finally'); }}\n  return 'done';\n}}"
    );
    let report = run_with_steps(&src, TEST_STEPS_MAX);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time", "{body}");
    assert_eq!(logs(&report), Vec::<String>::new(), "no catch or finally runs: {body}");
    assert_eq!(report.end_utc_ms - report.start_utc_ms, 360_000, "ends at the 6-minute kill: {body}");
}

#[test]
fn a_catastrophic_regex_is_stopped_by_steps() {
    assert_killed_by_steps("    /(a+)+$/.test('a'.repeat(30) + 'b');");
    // In a loop of replace and split as well, and on a UTF-16 (non-Latin-1) input.
    assert_killed_by_steps("    ('\\u0101'.repeat(28) + 'b').replace(/(\\u0101+)+$/g, 'x');");
    assert_killed_by_steps("    ('a'.repeat(40) + '!').split(/(a|a)*$/);");
}

#[test]
fn the_default_budget_stops_a_catastrophic_regex() {
    let src = "function main() { return /(a+)+$/.test('a'.repeat(30) + 'b'); }";
    let report = run_with_steps(src, STEPS_MAX_DEFAULT);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
    assert_eq!(Limits::default().steps_max, STEPS_MAX_DEFAULT);
}

/// `body` queues promise jobs that never stop: main returns, then the job queue runs
/// until the budget ends it.
fn assert_jobs_killed_by_steps(body: &str) {
    let src = format!("function main() {{\n{body}\n  console.log('main returned');\n}}");
    let report = run_with_steps(&src, TEST_STEPS_MAX);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time", "{body}");
    assert_eq!(logs(&report), ["main returned"], "{body}");
    assert_eq!(report.end_utc_ms - report.start_utc_ms, 360_000, "ends at the 6-minute kill: {body}");
}

#[test]
fn promise_job_loops_are_stopped_by_steps() {
    assert_jobs_killed_by_steps("  Promise.resolve().then(function spin() { return Promise.resolve().then(spin); });");
    assert_jobs_killed_by_steps("  (async function f() { while (true) await null; })();");
    // Inside an async function, past an await: no catch or finally runs there either.
    assert_jobs_killed_by_steps(
        "  (async function f() { try { await null; while (true) {} } finally { console.log('finally'); } })();",
    );
    // A job queue of builtins only: each job is a step.
    assert_jobs_killed_by_steps(
        "  var p = Promise.resolve(); function again() { p.then(again); p.then(Math.abs); } again();",
    );
}

#[test]
fn an_async_entry_function_that_never_stops_awaiting_is_killed() {
    let report = run_with_steps("async function main() { while (true) await null; }", TEST_STEPS_MAX);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
}

#[test]
fn builtins_over_huge_lengths_are_stopped_by_steps() {
    assert_killed_by_steps("    Array.from({length: 2**32 - 1}, function f(x, i) { return i; });");
    assert_killed_by_steps("    Array.from({length: 2**32 - 1}, Math.abs);");
    assert_killed_by_steps("    new Array(2**31).fill(0);");
    assert_killed_by_steps("    var a = []; a.length = 2**32 - 1; a.indexOf(1);");
    assert_killed_by_steps("    var a = []; a.length = 2**32 - 1; a.reverse();");
    assert_killed_by_steps("    new Uint8Array(2**24).fill(1).map(Math.abs);");
}

#[test]
fn callbacks_inside_sort_and_replace_that_spin_are_stopped_by_steps() {
    let spin = "for (var i = 0; i < 1e6; i++) {}";
    assert_killed_by_steps(&format!(
        "    Array.from({{length: 1000}}, function (_, i) {{ return -i; }}).sort(function (a, b) {{ {spin} return a - b; }});"
    ));
    assert_killed_by_steps(&format!("    'x'.repeat(1000).replace(/x/g, function () {{ {spin} return 'y'; }});"));
    // A comparator that is a builtin runs no instructions: each comparison is a step.
    assert_killed_by_steps(
        "    var a = Array.from({length: 1e6}, function (_, i) { return -i; }); while (true) a.sort(Math.max);",
    );
}

#[test]
fn many_property_writes_and_loops_of_builtins_are_stopped_by_steps() {
    assert_killed_by_steps("    var o = {}; for (var i = 0; i < 5e7; i++) { o['k' + (i % 1000)] = i; }");
    // Each forEach call has its own loop count: the loop limit does not see this one.
    assert_killed_by_steps("    var arr = [1, 2, 3]; while (true) arr.forEach(function f(x) { return x; });");
    assert_killed_by_steps("    var arr = [1, 2, 3]; while (true) arr.forEach(Math.abs);");
    assert_killed_by_steps(
        "    var o = {}; for (var i = 0; i < 1000; i++) o['k' + i] = i; while (true) Object.keys(o);",
    );
}

#[test]
fn the_budget_is_the_same_on_every_run_and_only_bounds_what_exceeds_it() {
    // A loop of 10,000 iterations needs some tens of thousands of steps.
    let src = "function main() { var n = 0; for (var i = 0; i < 10000; i++) { n += [i].map(Math.abs)[0]; } return n; }";
    assert_eq!(result(&run_with_steps(src, TEST_STEPS_MAX)), json!(49_995_000));
    let too_few = run_with_steps(src, 20_000);
    assert_eq!(killed_reason(&too_few), "Exceeded maximum execution time");
    // Deterministic: the same budget always ends at the same point.
    let counting =
        "var n = 0;\nfunction main() { try { while (true) { n++; console.log(n); } } finally { console.log('no'); } }";
    let first = run_with_steps(counting, 10_000);
    let second = run_with_steps(counting, 10_000);
    assert_eq!(killed_reason(&first), "Exceeded maximum execution time");
    assert_eq!(logs(&first), logs(&second));
    assert!(logs(&first).len() > 10, "{}", logs(&first).len());
}

#[test]
fn a_budget_kill_leaves_the_next_execution_untouched() {
    let world = new_world();
    let p = project(
        "UTC",
        "var n = 0;\nfunction spin() { n++; while (true) [].concat([n]); }\nfunction main() { n++; return n; }",
    );
    let mut spec = ExecutionSpec::new(1, "spin", START_UTC_MS, SEED);
    spec.limits.steps_max = TEST_STEPS_MAX;
    assert_eq!(killed_reason(&run_spec(&world, &p, "UTC", &spec)), "Exceeded maximum execution time");
    let next = ExecutionSpec::new(2, "main", START_UTC_MS, SEED);
    assert_eq!(result(&run_spec(&world, &p, "UTC", &next)), json!(1));
}

#[test]
fn a_budget_kill_makes_no_further_service_calls() {
    let src = "function main() {\n  try { /(a+)+$/.test('a'.repeat(30) + 'b'); } finally { PropertiesService.getScriptProperties().setProperty('k', 'v'); }\n}";
    let world = new_world();
    let mut spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    spec.limits.steps_max = TEST_STEPS_MAX;
    let report = run_spec(&world, &project("UTC", src), "UTC", &spec);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
    assert!(report.calls.items.is_empty(), "{:?}", report.calls);
}

/// Service calls whose Rust side works in proportion to its input (crate `work`) pay
/// for it: a loop of them used to run for ever without spending a step.
#[test]
fn rust_side_work_of_service_calls_is_charged_to_the_budget() {
    // A digest of a large string: the string crossing to Rust and the bytes hashed.
    assert_killed_by_steps(
        "    const s = 'x'.repeat(1000000);\n    while (true) Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, s);",
    );
    assert_killed_by_steps(
        "    const k = 'k'.repeat(1000000);\n    while (true) Utilities.computeHmacSha256Signature('v', k);",
    );
    // A huge width: charged before the string is built (this one is never built).
    assert_killed_by_steps("    while (true) { try { Utilities.formatString('%100000000d', 1); } catch (e) {} }");
    // Templates: the source compiled and the output put together.
    assert_killed_by_steps(
        "    const big = 'x'.repeat(2000000);\n    while (true) HtmlService.createTemplate(big).evaluate().getContent();",
    );
    // Formula edits: each recalculates the whole spreadsheet, so the work grows with
    // the square of the edits (100,000 of them ran for hours).
    assert_killed_by_steps(
        "    const sheet = SpreadsheetApp.create('x').getActiveSheet();\n    for (let i = 1; ; i++) sheet.getRange(i, 1).setFormula('=ROW()*2');",
    );
}

#[test]
fn a_few_formula_edits_and_small_calls_stay_far_inside_the_default_budget() {
    let src = "function main() {\n  const sheet = SpreadsheetApp.create('x').getActiveSheet();\n  for (let i = 1; i <= 300; i++) sheet.getRange(i, 1).setFormula('=ROW()*2');\n  let d; for (let i = 0; i < 300; i++) d = Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'abc' + i);\n  return [sheet.getRange(300, 1).getValue(), d.length, Utilities.formatString('%5d|%-3s|', 42, 'a')];\n}";
    let report = run_with_steps(src, STEPS_MAX_DEFAULT);
    assert_eq!(result(&report), json!([600, 16, "   42|a  |"]));
}
