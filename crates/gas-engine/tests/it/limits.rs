//! Bounds that end one execution with a clear outcome instead of aborting gas-sim: native
//! recursion (the parser, JSON, toString, eval) as V8's catchable RangeError, strings
//! and arrays past V8's lengths, and the heap budget.
//!
//! These inputs used to abort the whole process. Each case runs in a child process of
//! this test binary, so a regression fails its test instead of killing the run.

use std::process::Command;

use gas_engine::{on_execution_stack, ExecutionSpec, Latency, HEAP_BUDGET_MESSAGE};

use crate::support::*;

/// Set in the child process that runs one test's body.
const CHILD_ENV: &str = "GAS_SIM_LIMITS_CHILD";

/// Runs `body` in a child process (this binary, running only the test `name`) and fails
/// if the child fails or aborts; in the child, runs `body` on an execution's stack.
fn isolated(name: &str, body: impl FnOnce() + Send) {
    if std::env::var_os(CHILD_ENV).is_some() {
        on_execution_stack(body);
        return;
    }
    // libtest names a test by its module path below the crate: `limits::<name>`.
    let test = format!("{}::{name}", module_path!().split_once("::").map_or("", |(_, module)| module));
    let exe = std::env::current_exe().expect("the test binary's path");
    let output = Command::new(exe)
        .args([test.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD_ENV, "1")
        .output()
        .expect("the test binary runs");
    assert!(
        output.status.success(),
        "{name} failed in its child process ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // A name that matches no test would pass without running anything.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("test result: ok. 1 passed"), "{test} did not run in its child process:\n{stdout}");
}

const STACK_OVERFLOW: &str = "RangeError: Maximum call stack size exceeded";

#[test]
fn json_stringify_of_a_deep_object_throws_a_range_error() {
    isolated("json_stringify_of_a_deep_object_throws_a_range_error", || {
        let deep = "let o = {}; for (let i = 0; i < 20000; i++) o = {a: o}";
        assert_eq!(thrown(&format!("{deep}; JSON.stringify(o)")), STACK_OVERFLOW);
        // Arrays too, and depths V8 serializes still work.
        let arrays = "let a = []; for (let i = 0; i < 20000; i++) a = [a]";
        assert_eq!(thrown(&format!("{arrays}; JSON.stringify(a)")), STACK_OVERFLOW);
        let src =
            "function main() { let o = 1; for (let i = 0; i < 1000; i++) o = {a: o}; return JSON.stringify(o).length }";
        assert_eq!(eval(src), 1000 * 6 + 1);
    });
}

#[test]
fn string_of_a_deeply_nested_array_throws_a_range_error() {
    isolated("string_of_a_deeply_nested_array_throws_a_range_error", || {
        let deep = "let a = []; for (let i = 0; i < 20000; i++) a = [a]";
        assert_eq!(thrown(&format!("{deep}; String(a)")), STACK_OVERFLOW);
        assert_eq!(thrown(&format!("{deep}; a.join('-')")), STACK_OVERFLOW);
        assert_eq!(thrown(&format!("{deep}; a.flat(Infinity)")), STACK_OVERFLOW);
        let src = "function main() { let a = [1]; for (let i = 0; i < 1000; i++) a = [a]; return String(a) }";
        assert_eq!(eval(src), "1");
    });
}

#[test]
fn eval_of_deeply_nested_source_throws_a_range_error() {
    isolated("eval_of_deeply_nested_source_throws_a_range_error", || {
        // The parser stops at about 3,000 parentheses (`print_thresholds`), V8 at about 1,600.
        let parens = "eval('('.repeat(10000) + '1' + ')'.repeat(10000))";
        assert_eq!(thrown(parens), STACK_OVERFLOW);
        let objects = "eval('x = ' + '{a: '.repeat(5000) + '1' + '}'.repeat(5000))";
        assert_eq!(thrown(objects), STACK_OVERFLOW);
        let arrays = "eval('['.repeat(5000) + ']'.repeat(5000))";
        assert_eq!(thrown(arrays), STACK_OVERFLOW);
        let unary = "eval('!'.repeat(50000) + '1')";
        assert_eq!(thrown(unary), STACK_OVERFLOW);
        let function = "new Function('return ' + '('.repeat(10000) + '1' + ')'.repeat(10000))";
        assert_eq!(thrown(function), STACK_OVERFLOW);
        // What V8 parses (it stops at about 1,600 parentheses) still parses.
        assert_eq!(eval("function main() { return eval('('.repeat(500) + '7' + ')'.repeat(500)) }"), 7);
    });
}

#[test]
fn a_deeply_nested_project_file_fails_to_load_with_a_range_error() {
    isolated("a_deeply_nested_project_file_fails_to_load_with_a_range_error", || {
        let nested = format!("{}{}", "function f() {".repeat(5000), "}".repeat(5000));
        let src = format!("function main() {{ return 1 }}\n{nested}\n");
        let report = run(&src, "main");
        let error = failure(&report);
        assert_eq!(error.kind, gas_engine::FailureKind::Syntax);
        assert_eq!(format!("{}: {}", error.name, error.message), STACK_OVERFLOW);
        assert_eq!(error.file.as_deref(), Some("Code.gs"));
        // The syntax check the mutation campaign uses says the same, without aborting.
        let checked = gas_engine::check_syntax(&nested).unwrap_err();
        assert!(checked.starts_with("Maximum call stack size exceeded at line 1, col "), "{checked}");
    });
}

#[test]
fn json_parse_of_deep_input_does_not_abort() {
    isolated("json_parse_of_deep_input_does_not_abort", || {
        // V8 parses any depth; boa parses JSON as source, so past about 3,400 nested
        // arrays it is the parser's RangeError.
        let deep = "JSON.parse('['.repeat(100000) + ']'.repeat(100000))";
        assert_eq!(thrown(deep), STACK_OVERFLOW);
        let objects = "JSON.parse('{\"a\":'.repeat(100000) + '1' + '}'.repeat(100000))";
        assert_eq!(thrown(objects), STACK_OVERFLOW);
        // Deeper than serde_json's 128 but within the stack: parsed, as in V8.
        let src = "function main() { const n = 500; const v = JSON.parse('['.repeat(n) + '1' + ']'.repeat(n)); return JSON.stringify(v).length }";
        assert_eq!(eval(src), 1001);
        // Still a SyntaxError when deep text is not JSON.
        assert!(thrown("JSON.parse('['.repeat(200) + '1,' + ']'.repeat(200))").starts_with("SyntaxError"));
    });
}

#[test]
#[ignore]
fn print_thresholds() {
    on_execution_stack(|| {
        let src = r#"function main() {
  const t = (f) => { try { f(); return true } catch (e) { return false } };
  function thr(mk) { let lo = 1, hi = 1 << 20; if (t(() => mk(hi))) return '>' + hi; while (lo < hi - 1) { const m = (lo + hi) >> 1; if (t(() => mk(m))) lo = m; else hi = m; } return lo; }
  return [
    'parens ' + thr(n => eval('('.repeat(n) + '1' + ')'.repeat(n))),
    'arraylit ' + thr(n => eval('['.repeat(n) + ']'.repeat(n))),
    'objlit ' + thr(n => eval('x={a:'.repeat(n) + '1' + '}'.repeat(n))),
    'func ' + thr(n => eval('function f(){'.repeat(n) + '}'.repeat(n))),
    'unary ' + thr(n => eval('!'.repeat(n) + '1')),
    'json.parse ' + thr(n => JSON.parse('['.repeat(n) + ']'.repeat(n))),
    'json.stringify ' + thr(n => { let o = {}; for (let i = 0; i < n; i++) o = {a: o}; return JSON.stringify(o) }),
    'String(arr) ' + thr(n => { let a = []; for (let i = 0; i < n; i++) a = [a]; return String(a) }),
  ].join('\n');
}"#;
        println!("{}", eval(src).as_str().unwrap());
    });
}

/// IronCalc parses formulas by recursive descent: 100,000 nested parentheses overflowed
/// the native stack and aborted. Past gas-platform's nesting bound a formula is never
/// parsed and reads `#ERROR!`, as a formula Sheets cannot parse does.
#[test]
fn a_formula_nested_too_deep_reads_error_instead_of_aborting() {
    isolated("a_formula_nested_too_deep_reads_error_instead_of_aborting", || {
        let src = "function main() {\n  const sheet = SpreadsheetApp.create('x').getActiveSheet();\n  const deep = '=' + '('.repeat(100000) + '1' + ')'.repeat(100000);\n  sheet.getRange('A1').setFormula(deep);\n  sheet.getRange('A2').setValue('=' + '-'.repeat(20000) + '1');\n  sheet.insertRowsBefore(1, 1);\n  return [sheet.getRange('A2').getValue(), sheet.getRange('A2').getFormula() === deep, sheet.getRange('A3').getValue()];\n}";
        assert_eq!(eval(src), serde_json::json!(["#ERROR!", true, "#ERROR!"]));
    });
}

const INVALID_STRING_LENGTH: &str = "RangeError: Invalid string length";

#[test]
fn strings_past_v8s_length_throw_invalid_string_length() {
    isolated("strings_past_v8s_length_throw_invalid_string_length", || {
        assert_eq!(thrown("'x'.repeat(2 ** 30)"), INVALID_STRING_LENGTH);
        assert_eq!(thrown("''.padStart(2 ** 31 - 1)"), INVALID_STRING_LENGTH);
        assert_eq!(thrown("''.padEnd(2 ** 29, 'ab')"), INVALID_STRING_LENGTH);
        assert_eq!(thrown("const a = []; a.length = 2 ** 32 - 1; a.join()"), INVALID_STRING_LENGTH);
        assert_eq!(thrown("Array(2 ** 28).join('ab')"), INVALID_STRING_LENGTH);
        assert_eq!(thrown("let s = 'x'; for (;;) s += s"), INVALID_STRING_LENGTH);
        let big = "const s = 'x'.repeat(2 ** 28)";
        assert_eq!(thrown(&format!("{big}; `${{s}}${{s}}${{s}}`")), INVALID_STRING_LENGTH);
        assert_eq!(thrown(&format!("{big}; s.concat(s, s)")), INVALID_STRING_LENGTH);
        assert_eq!(thrown(&format!("{big}; [s, s, s].join('')")), INVALID_STRING_LENGTH);
        assert_eq!(thrown(&format!("{big}; JSON.stringify([s, s, s])")), INVALID_STRING_LENGTH);
        assert_eq!(thrown(&format!("{big}; JSON.stringify({{a: s, b: s, c: s}})")), INVALID_STRING_LENGTH);
        // V8's longest string (2^29 - 24 code units) is still a string.
        let longest = "function main() { const s = 'x'.repeat(2 ** 29 - 24); try { s + 'y' } catch (e) { return [s.length, String(e)] } }";
        assert_eq!(eval(longest), serde_json::json!([536_870_888, INVALID_STRING_LENGTH]));
    });
}

#[test]
fn arrays_past_v8s_length_throw_invalid_array_length() {
    assert_eq!(thrown("new Array(2 ** 32)"), "RangeError: Invalid array length");
    assert_eq!(thrown("[].length = 2 ** 32"), "RangeError: Invalid array length");
    assert_eq!(thrown("new Array(-1)"), "RangeError: Invalid array length");
}

/// `main` of `src` run with a heap budget of `heap_bytes_max`.
fn run_with_heap(src: &str, heap_bytes_max: u64) -> gas_engine::ExecutionReport {
    let mut spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    spec.latency = Latency::none();
    spec.limits.heap_bytes_max = heap_bytes_max;
    // The heap alone bounds these: the step budget would stop the loops too.
    spec.limits.steps_max = u64::MAX;
    run_spec(&new_world(), &project("UTC", src), "UTC", &spec)
}

const HEAP_64_MIB: u64 = 64 << 20;

#[test]
fn an_execution_over_its_heap_budget_is_killed() {
    isolated("an_execution_over_its_heap_budget_is_killed", || {
        let keeps = "function main() { const kept = []; while (true) kept.push(new Array(1000).fill(1)); }";
        assert_eq!(killed_reason(&run_with_heap(keeps, HEAP_64_MIB)), HEAP_BUDGET_MESSAGE);
        // A builtin that grows one array without a call or a loop iteration in between.
        let fill = "function main() { new Array(2 ** 31).fill(0); }";
        assert_eq!(killed_reason(&run_with_heap(fill, HEAP_64_MIB)), HEAP_BUDGET_MESSAGE);
        // One string larger than the budget is refused before it is allocated.
        let string = "function main() { try { 'x'.repeat(2 ** 27) } catch (e) { return String(e) } }";
        assert_eq!(killed_reason(&run_with_heap(string, HEAP_64_MIB)), HEAP_BUDGET_MESSAGE);
        // Past the budget inside a step boa expects to succeed (a bound function's name
        // grows by "bound " each time: 20,000 of them hold 1.2 GB): still the heap kill.
        let names = "function main() { let f = function () {}; for (let i = 0; i < 20000; i++) f = f.bind(null); }";
        assert_eq!(killed_reason(&run_with_heap(names, HEAP_64_MIB)), HEAP_BUDGET_MESSAGE);
        // Garbage does not count: it is collected.
        let churn = "function main() { let n = 0; for (let i = 0; i < 2000; i++) n += new Array(10000).fill(i).length; return n }";
        assert_eq!(result(&run_with_heap(churn, HEAP_64_MIB)), 20_000_000);
        // The next execution on this thread runs as usual.
        assert_eq!(eval("function main() { return [1, 2, 3].join('') }"), "123");
    });
}

/// `JSON.parse` of one flat object (an id-keyed map) past the budget is the heap kill,
/// not a completed execution or an aborted process: its properties go in without a check
/// each (vendored boa patch 0040).
#[test]
fn json_parse_of_a_huge_flat_object_is_killed_at_the_heap_budget() {
    isolated("json_parse_of_a_huge_flat_object_is_killed_at_the_heap_budget", || {
        let src = "function main() {
          const chunks = [];
          for (let c = 0; c < 300; c++) {
            const keys = [];
            for (let i = c * 1000; i < (c + 1) * 1000; i++) keys.push('\"k' + i + '\":' + i);
            chunks.push(keys.join(','));
          }
          const text = '{' + chunks.join(',') + '}';
          return Object.keys(JSON.parse(text)).length;
        }";
        // The text alone fits half the budget: the parse is what goes past it.
        let text_only = src.replace("Object.keys(JSON.parse(text)).length", "text.length");
        assert_eq!(result(&run_with_heap(&text_only, HEAP_64_MIB / 2)), 4_877_781);
        assert_eq!(killed_reason(&run_with_heap(src, HEAP_64_MIB)), HEAP_BUDGET_MESSAGE);
        assert_eq!(result(&run_with_heap(src, 1 << 30)), 300_000);
    });
}

#[test]
fn json_stringify_builds_the_same_text_from_strings() {
    // Checked against Node 20: the serializer now joins strings instead of UTF-16 copies.
    let src = r#"function main() { return [JSON.stringify({a: [1, {b: 2}], c: "x\u0001\"y"}, null, 2), JSON.stringify([{}, [], "\ud800", {a: undefined}])] }"#;
    let expected = serde_json::json!([
        "{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ],\n  \"c\": \"x\\u0001\\\"y\"\n}",
        "[{},[],\"\\ud800\",{}]"
    ]);
    assert_eq!(eval(src), expected);
}

#[test]
fn service_results_past_the_heap_budget_are_killed_not_aborted() {
    isolated("service_results_past_the_heap_budget_are_killed_not_aborted", || {
        // Each of these built a Rust-side array of one value per byte, tens of times the
        // bytes, without asking the budget: the process aborted past what the OS gave.
        for call in [
            "Utilities.base64Decode('A'.repeat(2 ** 25))",
            "Utilities.newBlob('x'.repeat(2 ** 24)).getBytes()",
            "Utilities.base64Encode(Utilities.newBlob('x'.repeat(2 ** 24)).getBytes())",
        ] {
            // Caught or not: the heap kill is uncatchable.
            let src = format!("function main() {{ try {{ return {call} }} catch (e) {{ return String(e) }} }}");
            assert_eq!(killed_reason(&run_with_heap(&src, HEAP_64_MIB)), HEAP_BUDGET_MESSAGE, "{call}");
        }
        // Within the budget the same calls work.
        let small =
            "function main() { return Utilities.base64Decode(Utilities.base64Encode('x'.repeat(1000))).length }";
        assert_eq!(result(&run_with_heap(small, HEAP_64_MIB)), 1000);
    });
}

#[test]
fn a_huge_log_is_cut_and_counted_not_kept_whole() {
    isolated("a_huge_log_is_cut_and_counted_not_kept_whole", || {
        use gas_platform::trace::{LOG_BYTES_PER_EXECUTION_MAX, LOG_LINE_BYTES_MAX, LOG_LINE_CUT_MARK};
        let src = "function main() { var line = 'x'.repeat(1 << 20); for (var i = 0; i < 500; i++) console.log(line); return 1 }";
        let report = run_with_heap(src, 1 << 30);
        assert_eq!(result(&report), 1);
        let kept = LOG_BYTES_PER_EXECUTION_MAX / LOG_LINE_BYTES_MAX;
        assert_eq!(report.logs.items.len(), kept);
        assert_eq!(report.logs.dropped, (500 - kept) as u64);
        assert!(report
            .logs
            .items
            .iter()
            .all(|l| l.text.len() <= LOG_LINE_BYTES_MAX && l.text.ends_with(LOG_LINE_CUT_MARK)));
    });
}

/// What gas-sim compiles in the middle of an execution and keeps for later ones (a
/// prelude chunk, prelude.rs) is not the execution's heap: run `uncounted`, it leaves the
/// budget's count as it was, whichever thread compiled it first.
#[test]
fn work_run_uncounted_is_not_counted_against_the_budget() {
    use boa_engine::heap_budget;
    heap_budget::set_budget(Some(1 << 30));
    let kept = heap_budget::uncounted(|| vec![1u8; 4 << 20]);
    assert!(heap_budget::held_since_budget() < 1 << 20, "{}", heap_budget::held_since_budget());
    let counted = vec![1u8; 4 << 20];
    assert!(heap_budget::held_since_budget() >= 4 << 20, "{}", heap_budget::held_since_budget());
    heap_budget::set_budget(None);
    assert_eq!(kept.len() + counted.len(), 8 << 20);
}

/// The first execution on a thread to touch SpreadsheetApp compiles its chunk (by a name
/// made at run time: a service the source names is built before the execution). The
/// execution itself needs about 1.25 MiB (it builds the service: 1,275 KiB measured with
/// the declared reads of methods::Read); counted, the compilation took it past 1.5 MiB,
/// so a budget between the two tells them apart.
#[test]
fn compiling_a_service_on_first_touch_is_not_the_executions_heap() {
    // A thread of its own: its first execution compiles the chunk.
    let outcome = std::thread::Builder::new()
        .stack_size(gas_engine::EXECUTION_STACK_BYTES)
        .spawn(|| {
            let src = "function main() { const app = globalThis['Spreadsheet' + 'App'];\n  return typeof app.create('x').getActiveSheet().getRange('A1').getValue(); }";
            let report = run_with_heap(src, 1408 << 10);
            (report.outcome.name().to_string(), result(&report))
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(outcome, ("completed".to_string(), serde_json::json!("string")));
}
