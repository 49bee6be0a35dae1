//! How an execution behaves as a JS program: fresh globals, file order, error mapping,
//! kill, runaway loops and recursion, seeded randomness, the virtual clock, unimplemented
//! APIs, missing functions, and injected faults.

use crate::support;

use std::collections::BTreeMap;

use gas_engine::{ExecutionSpec, FailureKind, Latency, Limits};
use gas_platform::faults::{FaultEffect, FaultRule, KillPoint};
use gas_platform::lock::LockHolder;
use gas_platform::trace::LogLevel;
use serde_json::json;
use support::*;

#[test]
fn every_execution_starts_from_fresh_globals() {
    let project = project("UTC", "var counter = 0;\nfunction main() { counter++; return counter; }");
    let world = new_world();
    let results: Vec<_> = (1..=3)
        .map(|exec_id| {
            result(&run_spec(&world, &project, "UTC", &ExecutionSpec::new(exec_id, "main", START_UTC_MS, SEED)))
        })
        .collect();
    assert_eq!(results, [json!(1), json!(1), json!(1)]);
}

#[test]
fn files_are_evaluated_in_the_given_order() {
    let a = ("a.gs", "var order = ['a'];");
    let b = ("b.gs", "order.push('b');\nfunction main() { return order.join(','); }");
    let spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    let report = run_spec(&new_world(), &project_of("UTC", &[a, b]), "UTC", &spec);
    assert_eq!(result(&report), json!("a,b"));

    let report = run_spec(&new_world(), &project_of("UTC", &[b, a]), "UTC", &spec);
    let error = failure(&report);
    assert_eq!(
        (error.kind, error.name.as_str(), error.message.as_str()),
        (FailureKind::Uncaught, "ReferenceError", "order is not defined")
    );
    assert_eq!(error.file.as_deref(), Some("b.gs"));
}

#[test]
fn a_reference_error_keeps_its_line() {
    let cases = [
        ("function main() {\n  var a = 1;\n  missing.push(1);\n}", Some(3)),
        ("var a = 1;\nmissing.push(1);\nfunction main() {}", Some(2)),
    ];
    for (src, line) in cases {
        let report = run(src, "main");
        let error = failure(&report);
        assert_eq!((error.name.as_str(), error.message.as_str()), ("ReferenceError", "missing is not defined"));
        assert_eq!((error.file.as_deref(), error.line), (Some("Code.gs"), line), "{src}");
    }
}

#[test]
fn an_uncaught_error_keeps_its_file_and_line() {
    let lib = ("Lib.gs", "function helper() {\n  var x = null;\n  return x.field;\n}");
    let code = (
        "Code.gs",
        "function main() {\n  return helper();\n}\nfunction thrower() {\n\n  throw new Error('bad input');\n}",
    );
    let project = project_of("UTC", &[lib, code]);
    let report = run_spec(&new_world(), &project, "UTC", &ExecutionSpec::new(1, "main", START_UTC_MS, SEED));
    let error = failure(&report);
    assert_eq!((error.kind, error.name.as_str()), (FailureKind::Uncaught, "TypeError"));
    assert_eq!((error.file.as_deref(), error.line), (Some("Lib.gs"), Some(3)));

    let report = run_spec(&new_world(), &project, "UTC", &ExecutionSpec::new(1, "thrower", START_UTC_MS, SEED));
    let error = failure(&report);
    assert_eq!((error.name.as_str(), error.message.as_str()), ("Error", "bad input"));
    assert_eq!((error.file.as_deref(), error.line), (Some("Code.gs"), Some(6)));

    let report = run("var ok = 1;\n\nvar config = JSON.parse('{bad');\nfunction main() {}", "main");
    let error = failure(&report);
    assert_eq!((error.name.as_str(), error.file.as_deref(), error.line), ("SyntaxError", Some("Code.gs"), Some(3)));
}

fn syntax_error_of(bad_source: &str) -> gas_engine::ScriptError {
    let good = ("Good.gs", "function main() { return 1; }");
    let files = [good, ("Bad.gs", bad_source)];
    let report =
        run_spec(&new_world(), &project_of("UTC", &files), "UTC", &ExecutionSpec::new(1, "main", START_UTC_MS, SEED));
    failure(&report).clone()
}

/// All of a project's files share one global scope, as in V8: a function in an early
/// file sees the `const`/`let`/`class` of a later one once that file has run (a
/// `Code.gs` that reads the constants of a `Config.gs` loaded after it).
#[test]
fn a_function_sees_the_top_level_let_const_and_class_of_a_later_file() {
    let code = ("Code.gs", "function main() { return [LIMIT, typeof Store, typeof later]; }");
    let config = ("Config.gs", "const LIMIT = 3;\nclass Store {}\nlet later = 'x';");
    let spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    let report = run_spec(&new_world(), &project_of("UTC", &[code, config]), "UTC", &spec);
    assert_eq!(result(&report), json!([3, "function", "string"]));
}

/// V8 rejects a file that declares with `let`/`const`/`class` a name an earlier file
/// declared (or that declares with `var` a name an earlier file declared with `let`):
/// "Identifier 'x' has already been declared", at the later file.
#[test]
fn a_later_file_redeclaring_a_global_is_a_syntax_error_there() {
    let a = ("a.gs", "var shared = 1;\nfunction main() { return shared; }");
    let b = ("b.gs", "// b\nlet shared = 2;");
    let spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    for files in
        [[a, b], [("a.gs", "const shared = 1;\nfunction main() { return shared; }"), ("b.gs", "// b\nvar shared = 2;")]]
    {
        let report = run_spec(&new_world(), &project_of("UTC", &files), "UTC", &spec);
        let error = failure(&report);
        assert_eq!(
            (error.kind, error.name.as_str(), error.message.as_str()),
            (FailureKind::Syntax, "SyntaxError", "Identifier 'shared' has already been declared")
        );
        assert_eq!((error.file.as_deref(), error.line), (Some("b.gs"), Some(2)));
    }
}

#[test]
fn a_syntax_error_names_its_file_and_line() {
    let error = syntax_error_of("// line 1\nvar ok = 1;\nvar broken = ;\n");
    assert_eq!((error.kind, error.name.as_str()), (FailureKind::Syntax, "SyntaxError"));
    assert_eq!((error.file.as_deref(), error.line), (Some("Bad.gs"), Some(3)));
}

#[test]
fn a_syntax_error_at_the_end_of_input_names_the_last_line() {
    let error = syntax_error_of("// line 1\nvar ok = 1;\nfunction broken() {\n  return 1;\n");
    assert_eq!((error.kind, error.name.as_str()), (FailureKind::Syntax, "SyntaxError"));
    assert_eq!((error.file.as_deref(), error.line), (Some("Bad.gs"), Some(4)));
}

#[test]
fn service_errors_are_catchable_exceptions_with_the_platform_text() {
    let got = eval(
        "function main() {
           try { CacheService.getScriptCache().put('', 'x'); }
           catch (e) { return [e instanceof Error, e.name, e.message, String(e)]; }
         }",
    );
    assert_eq!(got, json!([true, "Exception", "Invalid argument: key", "Exception: Invalid argument: key"]));
}

#[test]
fn an_uncaught_service_error_fails_at_the_script_line_and_is_logged() {
    let report =
        run("function main() {\n  console.log('before');\n  CacheService.getScriptCache().get('');\n}", "main");
    let error = failure(&report);
    assert_eq!((error.kind, error.name.as_str()), (FailureKind::Uncaught, "Exception"));
    assert_eq!(error.message, "Invalid argument: key");
    assert_eq!((error.file.as_deref(), error.line), (Some("Code.gs"), Some(3)));
    assert_eq!(
        leveled_logs(&report),
        [(LogLevel::Info, "before".to_string()), (LogLevel::Error, "Exception: Invalid argument: key".to_string())]
    );
}

fn fault(call: &str, effects: Vec<FaultEffect>) -> FaultRule {
    FaultRule {
        call: call.into(),
        from_utc_ms: None,
        until_utc_ms: None,
        nth: vec![],
        function: None,
        probability: None,
        args: BTreeMap::new(),
        effects,
        matched_count: 0,
    }
}

/// A script that holds the script lock, then makes three cache calls in a try with catch
/// and finally; the tests make the clock jump at the cache calls.
const LOCKED_CACHE_CALLS: &str = "function main() {
  LockService.getScriptLock().waitLock(1000);
  try {
    var cache = CacheService.getScriptCache();
    cache.get('a');
    console.log('first');
    cache.get('a');
    console.log('second');
    cache.get('a');
    console.log('third');
  } catch (e) {
    console.log('catch ' + e);
  } finally {
    console.log('finally');
  }
}";

#[test]
fn an_execution_is_killed_in_the_call_that_crosses_six_minutes_without_catch_or_finally() {
    let world = new_world();
    state(&world).faults.rules.push(fault("Cache.get", vec![FaultEffect::DelayMs(180_000)]));
    let report = run_in(&world, "UTC", LOCKED_CACHE_CALLS, "main", START_UTC_MS);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
    // The second get's delay runs past 6 minutes (180 s + latency each): killed there.
    assert_eq!(logs(&report), ["first"]);
    assert_eq!(report.end_utc_ms - report.start_utc_ms, 360_000);
    assert_eq!(state(&world).locks.script, None, "the lock is released when the execution ends");
}

#[test]
fn a_runaway_loop_is_killed() {
    // A small limit keeps the test fast; the default (50 million) takes seconds in a debug build.
    let mut spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    spec.limits = Limits { loop_iterations_max: 10_000, ..Limits::default() };
    let src = "function main() {\n  try { while (true) {} } catch (e) { console.log('caught'); } finally { console.log('finally'); }\n}";
    let report = run_spec(&new_world(), &project("UTC", src), "UTC", &spec);
    assert_eq!(killed_reason(&report), "runaway loop: a loop passed gas-sim's iteration limit");
    assert_eq!(logs(&report), Vec::<String>::new());

    let bounded = "function main() { var n = 0; for (var i = 0; i < 9000; i++) { n++; } return n; }";
    assert_eq!(result(&run_spec(&new_world(), &project("UTC", bounded), "UTC", &spec)), json!(9000));
}

#[test]
fn deep_recursion_is_a_catchable_range_error() {
    let got = eval(
        "function down(n) { return down(n + 1) + 1; }
         function main() {
           try { down(0); } catch (e) { return [e instanceof RangeError, e.name, e.message]; }
           return 'no error';
         }",
    );
    assert_eq!(got, json!([true, "RangeError", "Maximum call stack size exceeded"]));
}

#[test]
fn math_random_is_seeded_by_seed_and_execution() {
    let src = "function main() { return [Math.random(), Math.random(), Math.random()]; }";
    let draw = |seed: u64, exec_id: u64| {
        let spec = ExecutionSpec::new(exec_id, "main", START_UTC_MS, seed);
        result(&run_spec(&new_world(), &project("UTC", src), "UTC", &spec))
    };
    let first = draw(7, 1);
    assert_eq!(first, draw(7, 1));
    assert_ne!(first, draw(8, 1));
    assert_ne!(first, draw(7, 2));
    let numbers: Vec<f64> = first.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert!(numbers.iter().all(|n| (0.0..1.0).contains(n)), "{numbers:?}");
    assert_ne!(numbers[0], numbers[1]);
}

const CLOCK_SNIPPET: &str = "function main() {
  var start = Date.now();
  var props = PropertiesService.getScriptProperties();
  props.getProperty('a');
  var afterGet = Date.now();
  props.setProperty('a', 'x');
  return [start, new Date().getTime() - start, afterGet - start];
}";

#[test]
fn the_clock_is_virtual_and_advances_by_each_calls_latency() {
    let got = eval(CLOCK_SNIPPET);
    let get = latency_ms("Properties.getProperty");
    let set = latency_ms("Properties.setProperty");
    assert!(get > 0 && set > 0, "the catalogue models these latencies");
    assert_eq!(got, json!([START_UTC_MS, get + set, get]));

    let mut spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    spec.latency = Latency::none();
    let report = run_spec(&new_world(), &project("UTC", CLOCK_SNIPPET), "UTC", &spec);
    assert_eq!(result(&report), json!([START_UTC_MS, 0, 0]));
    assert_eq!(report.end_utc_ms, START_UTC_MS);
}

#[test]
fn latency_overrides_apply_per_method() {
    let mut spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    spec.latency.overrides_ms.insert("Properties.getProperty".into(), 5_000);
    let report = run_spec(&new_world(), &project("UTC", CLOCK_SNIPPET), "UTC", &spec);
    assert_eq!(result(&report), json!([START_UTC_MS, 5_000 + latency_ms("Properties.setProperty"), 5_000]));
}

#[test]
fn an_unimplemented_api_throws_a_clear_error_naming_it() {
    let cases = [
        ("SpreadsheetApp.newDataSourceSpec()", "gas-sim does not implement SpreadsheetApp.newDataSourceSpec()"),
        ("SpreadsheetApp.create('x').getSheets()[0].getSlicers()", "gas-sim does not implement Sheet.getSlicers()"),
        ("LanguageApp.translate()", "gas-sim does not implement LanguageApp.translate()"),
        (
            "SpreadsheetApp.create('x').getSheets()[0].getRange('A1').getDataSourceTables()",
            "gas-sim does not implement Range.getDataSourceTables()",
        ),
    ];
    for (snippet, message) in cases {
        let got = eval(&format!(
            "function main() {{ try {{ {snippet}; }} catch (e) {{ return e.message; }} return 'no error'; }}"
        ));
        assert_eq!(got, json!(message), "{snippet}");
    }
    let report = run("function main() {\n\n  LanguageApp.translate();\n}", "main");
    let error = failure(&report);
    assert_eq!(error.message, "gas-sim does not implement LanguageApp.translate()");
    assert_eq!((error.file.as_deref(), error.line), (Some("Code.gs"), Some(3)));
}

#[test]
fn the_entry_function_gets_its_event_object_and_returns_json() {
    let mut spec = ExecutionSpec::new(1, "doGet", START_UTC_MS, SEED);
    spec.event = Some(json!({"parameter": {"id": "7"}, "when": 3}));
    let src = "function doGet(e) {
      return { id: e.parameter.id, when: e.when, none: null, list: [1, 'a', true], at: new Date(0) };
    }";
    let report = run_spec(&new_world(), &project("UTC", src), "UTC", &spec);
    assert_eq!(
        result(&report),
        json!({"id": "7", "when": 3, "none": null, "list": [1, "a", true], "at": "1970-01-01T00:00:00.000Z"})
    );
}

#[test]
fn a_missing_entry_function_is_function_not_found() {
    let report = run("function main() {}\nvar notAFunction = 1;", "nope");
    let error = failure(&report);
    assert_eq!(error.kind, FailureKind::FunctionNotFound);
    assert_eq!((error.name.as_str(), error.message.as_str()), ("Exception", "Script function not found: nope"));
    let report = run("var notAFunction = 1;", "notAFunction");
    assert_eq!(failure(&report).message, "Script function not found: notAFunction");
}

// ---- faults --------------------------------------------------------------------------

const SEND_AND_REPORT: &str = "function main() {
  try {
    MailApp.sendEmail('a@example.com', 'Invoice', 'Body');
    console.log('sent');
  } catch (e) {
    console.log('caught ' + e.name + ': ' + e.message);
  } finally {
    console.log('finally');
  }
  return 'done';
}";

fn run_with_faults(rules: Vec<FaultRule>, src: &str) -> (SharedWorld, gas_engine::ExecutionReport) {
    let world = new_world();
    state(&world).faults.rules = rules;
    let report = run_in(&world, "UTC", src, "main", START_UTC_MS);
    (world, report)
}

#[test]
fn a_throw_fault_throws_and_has_no_effect() {
    let (world, report) = run_with_faults(
        vec![fault("MailApp.sendEmail", vec![FaultEffect::Throw("Mail service down".into())])],
        SEND_AND_REPORT,
    );
    assert_eq!(result(&report), json!("done"));
    assert_eq!(logs(&report), ["caught Exception: Mail service down", "finally"]);
    assert_eq!(state(&world).mail.sent.len(), 0);
}

#[test]
fn a_throw_after_fault_has_its_effect_then_throws() {
    let (world, report) = run_with_faults(
        vec![fault("MailApp.sendEmail", vec![FaultEffect::ThrowAfter("Timeout".into())])],
        SEND_AND_REPORT,
    );
    assert_eq!(logs(&report), ["caught Exception: Timeout", "finally"]);
    let world = state(&world);
    assert_eq!(world.mail.sent.len(), 1);
    assert_eq!(world.mail.sent[0].mail.subject, "Invoice");
    assert_eq!(report.mail.len(), 1);
}

#[test]
fn kill_faults_stop_the_execution_before_or_after_the_effect() {
    let cases = [
        (KillPoint::Before, "killed by a fault before MailApp.sendEmail", 0),
        (KillPoint::After, "killed by a fault after MailApp.sendEmail", 1),
    ];
    for (point, reason, sent) in cases {
        let (world, report) =
            run_with_faults(vec![fault("MailApp.sendEmail", vec![FaultEffect::Kill(point)])], SEND_AND_REPORT);
        assert_eq!(killed_reason(&report), reason);
        assert_eq!(logs(&report), Vec::<String>::new(), "no catch, no finally after a kill");
        assert_eq!(state(&world).mail.sent.len(), sent, "{point:?}");
    }
}

#[test]
fn a_delay_fault_moves_the_clock() {
    let src =
        "function main() { var t = Date.now(); MailApp.sendEmail('a@example.com', 's', 'b'); return Date.now() - t; }";
    let (_, report) = run_with_faults(vec![fault("MailApp.sendEmail", vec![FaultEffect::DelayMs(20_000)])], src);
    assert_eq!(result(&report), json!(20_000 + latency_ms("MailApp.sendEmail")));
}

#[test]
fn a_respond_fault_answers_url_fetch() {
    let respond = || vec![fault("UrlFetchApp.fetch", vec![FaultEffect::Respond { status: 503, body: "down".into() }])];
    let src = "function main() {
      var r = UrlFetchApp.fetch('https://shop.example.com/orders', { muteHttpExceptions: true });
      return [r.getResponseCode(), r.getContentText()];
    }";
    assert_eq!(result(&run_with_faults(respond(), src).1), json!([503, "down"]));
    let src = "function main() { try { UrlFetchApp.fetch('https://shop.example.com/orders'); } catch (e) { return e.message; } }";
    assert_eq!(
        result(&run_with_faults(respond(), src).1),
        json!("Request failed for https://shop.example.com returned code 503. Truncated server response: down (use muteHttpExceptions option to examine full response)")
    );
}

const THREE_GETS: &str = "function main() {
  var cache = CacheService.getScriptCache();
  var out = [];
  for (var i = 0; i < 3; i++) {
    try { cache.get('k'); out.push('ok'); } catch (e) { out.push(e.message); }
  }
  return out;
}";

#[test]
fn nth_and_function_selectors_pick_calls() {
    let mut second = fault("Cache.get", vec![FaultEffect::Throw("boom".into())]);
    second.nth = vec![2];
    assert_eq!(result(&run_with_faults(vec![second], THREE_GETS).1), json!(["ok", "boom", "ok"]));

    let mut elsewhere = fault("Cache.get", vec![FaultEffect::Throw("boom".into())]);
    elsewhere.function = Some("other".into());
    assert_eq!(result(&run_with_faults(vec![elsewhere], THREE_GETS).1), json!(["ok", "ok", "ok"]));

    let mut here = fault("Cache.get", vec![FaultEffect::Throw("boom".into())]);
    here.function = Some("main".into());
    assert_eq!(result(&run_with_faults(vec![here], THREE_GETS).1), json!(["boom", "boom", "boom"]));
}

#[test]
fn an_args_glob_on_to_picks_mail_by_recipient() {
    let mut rule = fault("MailApp.sendEmail", vec![FaultEffect::Throw("rejected".into())]);
    rule.args.insert("to".into(), "*@bad.example.com".into());
    let src = "function main() {
      return ['ok@good.example.com', 'x@bad.example.com'].map(function (to) {
        try { MailApp.sendEmail(to, 's', 'b'); return 'sent'; } catch (e) { return e.message; }
      });
    }";
    let (world, report) = run_with_faults(vec![rule], src);
    assert_eq!(result(&report), json!(["sent", "rejected"]));
    assert_eq!(state(&world).mail.sent[0].mail.to, ["ok@good.example.com"]);
}

#[test]
fn a_lock_is_released_when_a_fault_kills_the_execution() {
    let (world, report) =
        run_with_faults(vec![fault("Cache.get", vec![FaultEffect::Kill(KillPoint::Before)])], LOCKED_CACHE_CALLS);
    assert_eq!(killed_reason(&report), "killed by a fault before Cache.get");
    assert_eq!(state(&world).locks.script, None);
    // An outside holder is not this execution's to release.
    let world = new_world();
    state(&world).locks.script = Some(LockHolder::Outside { until_utc_ms: START_UTC_MS - 1 });
    assert_eq!(
        result(&run_in(
            &world,
            "UTC",
            "function main() { return LockService.getScriptLock().tryLock(0); }",
            "main",
            START_UTC_MS
        )),
        json!(true)
    );
    assert_eq!(state(&world).locks.script, None);
}

#[test]
fn coverage_probes_are_recorded_per_execution_and_cost_no_virtual_time() {
    let src =
        "function main() { __gas_probe(7); if (false) { __gas_probe(8); } __gas_probe(3); __gas_probe(7); return 1; }";
    let report = run(src, "main");
    assert_eq!(report.probes, vec![3, 7]);
    assert_eq!(report.end_utc_ms, report.start_utc_ms, "a probe is not a service call");
    assert!(report.calls.items.is_empty(), "a probe is not traced");
}

#[test]
fn string_searches_start_at_their_position() {
    // Vendored boa_string patch 0011: index_of starts at `from_index` instead of stepping
    // through the windows before it. Latin-1 and UTF-16 strings (the '€' ones), mixed, and
    // the edges. Expected values printed once by Node 20 (`node -e` on this same function).
    let src = "function main() {\n\
      const long = Array.from({ length: 50 }, (_, i) => 'line' + i).join('\\n');\n\
      const wide = '€' + long;\n\
      return [\n\
        'abcabc'.indexOf('c', 3), 'abcabc'.indexOf('c', 6), 'abcabc'.indexOf('', 6), 'abcabc'.indexOf('', 7),\n\
        'abcabc'.indexOf('bc', 5), 'abcabc'.indexOf('abc', 1), 'abcabc'.indexOf('abcabcd'), 'aab'.indexOf('ab'),\n\
        'héllo wörld'.indexOf('ö', 2), 'abc'.indexOf('€'), '€abc€abc'.indexOf('c', 4), '€abc€abc'.indexOf('€a', 1),\n\
        'abcabc'.includes('ca', 2), 'abcabc'.includes('ca', 3), 'abcabc'.lastIndexOf('b', 3),\n\
        long.split('\\n').length, long.split('\\n')[49], wide.split('\\n')[0], wide.split('\\n').length,\n\
        'a-b-c-d'.replaceAll('-', '+'), '€-b-c'.replaceAll('-', ''), 'xyxyx'.split('yx'), 'aaaa'.split('aa'),\n\
        long.indexOf('line49'), wide.indexOf('line49', 400), long.indexOf('line7', 30),\n\
      ];\n\
    }";
    let node = r#"[5,-1,6,6,-1,3,-1,1,7,-1,7,4,true,false,1,50,"line49","€line0",50,"a+b+c+d","€bc",["x","",""],["","",""],333,-1,42]"#;
    assert_eq!(result(&run(src, "main")), serde_json::from_str::<serde_json::Value>(node).unwrap());
}

#[test]
fn locale_methods_give_v8_en_us_results() {
    // boa has no Intl; the prelude gives en-US toLocaleString/DateString/TimeString for
    // Date, Number and Array, and root-collation localeCompare (sensitivity, numeric).
    // Expected: `TZ=America/Los_Angeles node -e "<this source>; console.log(JSON.stringify(main()))"`
    // with Node 20.
    let src = r##"function main() {
  const d = new Date(Date.UTC(2024, 6, 6, 6, 4, 5));
  const dates = [d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString(), new Date(Date.UTC(2024,0,1,8,0,0)).toLocaleString(),
    new Date(Date.UTC(2024,0,1,20,9,0)).toLocaleTimeString(), new Date(NaN).toLocaleString(), d.toLocaleString('en-US'), [d, 1234.5].toLocaleString()];
  const nums = [1234567.891, 0.0625, 1.0005, -1234.5, 1e21, NaN, Infinity, -Infinity, -0, 0.1 + 0.2, 999.9999, 2.5e-7, 123, 1234.5678,
    -0.0001, 0.0005, 0.00049, 1.23e-5, 999999.9995, 12345678901234567890, 5e-324, 0, 7, 100, 1000, 0.9995, 99.99951, 1e-7, 123456.7894]
    .map((n) => n.toLocaleString());
  const words = ['C','a','b','ä','B','A','_x','1','10','2','é','e','f','Z','z',' a','a-b','ab','résumé','resume','Resume','Émile','emile',
    'item 10','item 9','item 1','Item 2','naïve','naive','Zoë','zoe','co-op','coop','O\'Brien','obrien','x.y','x,y','x y','x_y','x$y','x~y',
    '$5','€5','5%','#1','@me','[a]','(a)','{a}','Ärger','Arg','apple','Apple','APPLE','Åse','ase','Ösel','oz','Øre','ore','über','uber','Uber',
    'façade','facade','Straße','strasse','','a\tb','a b','ab ','AB','aB','Ab'];
  const sorted = words.slice().sort((x, y) => x.localeCompare(y));
  const numeric = ['item 10','item 9','item 1','Item 2','file2.txt','file10.txt','file1.txt','a01','a1','a001b'].sort((x, y) => x.localeCompare(y, undefined, { numeric: true }));
  const base = [['a','A'],['a','á'],['a','b'],['résumé','RESUME']].map(([x, y]) => [x.localeCompare(y, undefined, { sensitivity: 'base' }), x.localeCompare(y, 'en', { sensitivity: 'accent' }), x.localeCompare(y, 'en-US', { sensitivity: 'case' })]);
  return [dates, nums, sorted, numeric, base];
}"##;
    let node = r##"[["7/5/2024, 11:04:05 PM","7/5/2024","11:04:05 PM","1/1/2024, 12:00:00 AM","12:09:00 PM","Invalid Date","7/5/2024, 11:04:05 PM","7/5/2024, 11:04:05 PM,1,234.5"],["1,234,567.891","0.063","1.001","-1,234.5","1,000,000,000,000,000,000,000","NaN","∞","-∞","-0","0.3","1,000","0","123","1,234.568","-0","0.001","0","0","1,000,000","12,345,678,901,234,567,000","0","0","7","100","1,000","1","100","0","123,456.789"],[""," a","_x","(a)","[a]","{a}","@me","#1","$5","€5","1","10","2","5%","a","A","ä","a\tb","a b","a-b","ab","aB","Ab","AB","ab ","apple","Apple","APPLE","Arg","Ärger","ase","Åse","b","B","C","co-op","coop","e","é","emile","Émile","f","facade","façade","item 1","item 10","Item 2","item 9","naive","naïve","O'Brien","obrien","ore","Øre","Ösel","oz","resume","Resume","résumé","strasse","Straße","uber","Uber","über","x y","x_y","x,y","x.y","x~y","x$y","z","Z","zoe","Zoë"],["a01","a1","a001b","file1.txt","file2.txt","file10.txt","item 1","Item 2","item 9","item 10"],[[0,0,-1],[0,-1,0],[-1,-1,-1],[0,1,-1]]]"##;
    let spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    let report = run_spec(&new_world(), &project("America/Los_Angeles", src), "America/Los_Angeles", &spec);
    assert_eq!(result(&report), serde_json::from_str::<serde_json::Value>(node).unwrap());
}

#[test]
fn other_locales_and_options_name_what_is_missing() {
    let src = "function main() {\n\
      const tries = [() => (1).toLocaleString('de-DE'), () => new Date(0).toLocaleDateString('en-US', { weekday: 'long' }),\n\
        () => 'a'.localeCompare('b', 'sv'), () => 'a'.localeCompare('b', undefined, { caseFirst: 'upper' })];\n\
      return tries.map((f) => { try { return f(); } catch (e) { return e.message; } });\n\
    }";
    let says = |method: &str| {
        format!("gas-sim does not implement {method} for other locales or with options (en-US, no options)")
    };
    assert_eq!(
        result(&run(src, "main")),
        json!([
            "gas-sim does not implement Number.prototype.toLocaleString for other locales or with options (en-US; style \
             decimal, currency or percent, fraction and integer digits, useGrouping)",
            says("Date.prototype.toLocaleDateString"),
            says("String.prototype.localeCompare"),
            says("String.prototype.localeCompare")
        ])
    );
}

#[test]
fn number_to_locale_string_with_options_formats_as_v8_does_for_en_us() {
    // The expected strings and errors printed by Node 20 (`node -e`) for the same calls.
    let src = "function main() {\n\
      const cases = [[1234.5, {minimumFractionDigits: 2, maximumFractionDigits: 2}], [1234.5, {style: 'currency', currency: 'USD'}],\n\
        [-1234.567, {style: 'currency', currency: 'USD'}], [1234.5, {style: 'currency', currency: 'EUR'}],\n\
        [1234.5, {style: 'currency', currency: 'JPY'}], [1234.5, {style: 'currency', currency: 'CHF'}], [0.256, {style: 'percent'}],\n\
        [0.2567, {style: 'percent', minimumFractionDigits: 1}], [1234567.891, {useGrouping: false}], [5, {minimumIntegerDigits: 3}],\n\
        [1.005, {maximumFractionDigits: 2}], [2.5, {maximumFractionDigits: 0}], [1234.5, {minimumFractionDigits: 2}],\n\
        [1234.5678, {maximumFractionDigits: 1}], [-0.5, {style: 'percent'}], [0.145, {style: 'percent'}], [1e21, {}],\n\
        [NaN, {style: 'currency', currency: 'USD'}], [-Infinity, {style: 'percent'}], [0.5, {style: 'currency', currency: 'usd', minimumFractionDigits: 0}]];\n\
      const out = cases.map(([x, o]) => x.toLocaleString('en-US', o));\n\
      const bad = [{maximumFractionDigits: 25}, {minimumFractionDigits: 3, maximumFractionDigits: 1}, {style: 'currency'}, {style: 'bogus'}, {style: 'currency', currency: 'US'}];\n\
      return out.concat(bad.map((o) => { try { return (1).toLocaleString('en-US', o); } catch (e) { return e.name + ': ' + e.message; } }));\n\
    }";
    let node = json!([
        "1,234.50",
        "$1,234.50",
        "-$1,234.57",
        "€1,234.50",
        "¥1,235",
        "CHF\u{a0}1,234.50",
        "26%",
        "25.7%",
        "1234567.891",
        "005",
        "1.01",
        "3",
        "1,234.50",
        "1,234.6",
        "-50%",
        "15%",
        "1,000,000,000,000,000,000,000",
        "$NaN",
        "-∞%",
        "$0.5",
        "RangeError: maximumFractionDigits value is out of range.",
        "RangeError: maximumFractionDigits value is out of range.",
        "TypeError: Currency code is required with currency style.",
        "RangeError: Value bogus out of range for Number.prototype.toLocaleString options property style",
        "RangeError: Invalid currency code : US"
    ]);
    assert_eq!(result(&run(src, "main")), node);
}

#[test]
fn type_errors_and_stacks_read_as_in_v8() {
    // Vendor patch 0012 and the prelude's `stack`. Expected texts printed by Node 20 for
    // the same statements (`node -e`), the stack's frames by gas-sim's own file:line.
    let src = "function inner() { throw new Error('boom'); }\n\
      function main() {\n\
        const out = [];\n\
        const tries = [\n\
          () => { const o = null; return o.x; },\n\
          () => { const o = undefined; return o.x.y; },\n\
          () => { const o = {}; return o.bar(); },\n\
          () => { const o = {}; return o.a.b; },\n\
          () => { const f = 5; return f(); },\n\
          () => null[0],\n\
          () => { const o = {}; o.x.y = 1; },\n\
          () => { const a = null; a.push(1); },\n\
          () => { const a = [1]; return a[0](); },\n\
          () => { const a = [1]; let i = 0; return a[i](); },\n\
          () => { const s = { getRange() { return {}; } }; return s.getRange(1, 2).getValues(); },\n\
          () => { const o = { x: {} }; return new o.x(); },\n\
          () => { const o = { x: {} }; return o['x'](); },\n\
          () => { const k = 'p'; const o = undefined; o[k] = 1; },\n\
          () => { const o = null; o[{ toString() { throw new Error('key converted'); } }]; },\n\
          () => { const o = {}; const args = [1]; o.a(...args); },\n\
          () => { const o = {}; new o.a(...[1]); },\n\
          () => { const o = undefined; o[{}] = 1; },\n\
        ];\n\
        for (const f of tries) { try { f(); out.push('no error'); } catch (e) { out.push(e.name + ': ' + e.message); } }\n\
        try { inner(); } catch (e) { out.push(e.stack); }\n\
        try { CacheService.getScriptCache().put('', 'x'); } catch (e) { out.push(e.stack); }\n\
        return out;\n\
      }";
    assert_eq!(
        result(&run(src, "main")),
        json!([
            "TypeError: Cannot read properties of null (reading 'x')",
            "TypeError: Cannot read properties of undefined (reading 'x')",
            "TypeError: o.bar is not a function",
            "TypeError: Cannot read properties of undefined (reading 'b')",
            "TypeError: f is not a function",
            "TypeError: Cannot read properties of null (reading '0')",
            "TypeError: Cannot set properties of undefined (setting 'y')",
            "TypeError: Cannot read properties of null (reading 'push')",
            "TypeError: a[0] is not a function",
            "TypeError: a[i] is not a function",
            "TypeError: s.getRange(...).getValues is not a function",
            "TypeError: o.x is not a constructor",
            "TypeError: o.x is not a function",
            "TypeError: Cannot set properties of undefined (setting 'p')",
            "TypeError: Cannot read properties of null",
            "TypeError: o.a is not a function",
            "TypeError: o.a is not a constructor",
            "TypeError: Cannot set properties of undefined (setting '#<Object>')",
            "Error: boom\n    at inner (Code.gs:1:26)\n    at main (Code.gs:25:12)",
            "Exception: Invalid argument: key\n    at main (Code.gs:26:40)"
        ])
    );
}

#[test]
fn a_polling_loop_on_calls_that_take_no_time_is_killed() {
    // Under `latency = "none"` the clock never reaches 6 minutes; the call cap does.
    let src = "function main() { const cache = CacheService.getScriptCache(); while (!cache.get('done')) {} }";
    let spec =
        ExecutionSpec { latency: gas_engine::Latency::none(), ..ExecutionSpec::new(1, "main", START_UTC_MS, SEED) };
    let report = run_spec(&new_world(), &project("UTC", src), "UTC", &spec);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
    let calls = report.calls.items.len() as u64 + report.calls.dropped;
    assert_eq!(
        calls,
        gas_platform::calls::SERVICE_CALLS_PER_EXECUTION_MAX,
        "getScriptCache, then get until the cap; the next is killed"
    );
}

#[test]
fn locale_edge_cases_match_v8() {
    // Compatibility forms, ignorable characters, a leading accent, cyclic arrays, BigInt,
    // `[]` as the default locale, and `stack` fixed at its first read. Expected: Node 20,
    // `node -e "<this source>; console.log(JSON.stringify(main()))"`.
    let src = r##"function main() {
  const cmp = (a, b, o) => [a.localeCompare(b), a.localeCompare(b, undefined, { sensitivity: 'base' }), a.localeCompare(b, undefined, o || { sensitivity: 'case' })];
  const pairs = [['a\u00a0b', 'a b'], ['co\u00adop', 'coop'], ['a\u200db', 'ab'], ['\u0301a', 'a'], ['Ａ', 'a'], ['Ａ', 'b'], ['ﬁ', 'fi'], ['ﬁx', 'fj'], ['²', '2'], ['x²', 'x3'], ['ı', 'i'], ['', 'a'], ['', '']];
  const a = [1]; a.push(a);
  let tl;
  try { Array.prototype.toLocaleString.call(null); tl = 'no error'; } catch (e) { tl = e.name; }
  const e = new Error('orig'); const first = e.stack.split('\n')[0]; e.message = 'changed';
  return [pairs.map(([x, y]) => cmp(x, y)), a.toLocaleString(), tl, (5).toLocaleString([]), (12345678901234567890n).toLocaleString(), (-1234n).toLocaleString(),
    [first, e.stack.split('\n')[0]], [1, 'a', null, undefined, new Date(0)].toLocaleString()];
}"##;
    let node = r##"[[[1,0,0],[0,0,0],[0,0,0],[1,0,0],[1,0,1],[-1,-1,-1],[1,0,0],[-1,-1,-1],[1,0,0],[-1,-1,-1],[1,1,1],[-1,-1,-1],[0,0,0]],"1,","TypeError","5","12,345,678,901,234,567,890","-1,234",["Error: orig","Error: orig"],"1,a,,,1/1/1970, 12:00:00 AM"]"##;
    assert_eq!(result(&run(src, "main")), serde_json::from_str::<serde_json::Value>(node).unwrap());
}

/// `JSON.parse` without a reviver builds its value straight from serde_json (vendored boa
/// patch 0029) and with one parses the text as a script: both as V8 does (Node 20):
/// integer keys first, a repeated key in its first place with its last value,
/// `__proto__` an own property, `-0`, numbers rounded to the nearest double, surrogate
/// pairs from escapes.
#[test]
fn json_parse_gives_v8s_values_with_and_without_a_reviver() {
    let src = r#"function main() {
  const text = '{"b":1,"a":2,"2":3,"1":4,"b":5,"__proto__":6}';
  const o = JSON.parse(text);
  const own = Object.prototype.hasOwnProperty.call(o, '__proto__') && Object.getPrototypeOf(o) === Object.prototype;
  const nums = JSON.parse('[1, -1, 1.5, 1e2, 12345678901234567890, 0.1, 2147483648, -2147483649, 5e-324]');
  const revived = JSON.parse(text, (k, v) => (typeof v === 'number' ? v * 10 : v));
  const s = JSON.parse('"\\u00e9\\ud83d\\ude00x"');
  return [Object.keys(o), o.b, own, Object.is(JSON.parse('-0'), -0), nums.map(String), Object.keys(revived), revived.b,
          s, s.length, Array.isArray(JSON.parse('[[]]')[0]), JSON.parse(' null ')];
}"#;
    assert_eq!(
        eval(src),
        json!([
            ["1", "2", "b", "a", "__proto__"],
            5,
            true,
            true,
            ["1", "-1", "1.5", "100", "12345678901234567000", "0.1", "2147483648", "-2147483649", "5e-324"],
            ["1", "2", "b", "a", "__proto__"],
            50,
            "\u{e9}\u{1f600}x",
            4,
            true,
            null
        ])
    );
}

/// Strings read in place and one-character strings from a static table (vendored boa
/// patches 0030/0030a): `===` of every kind of value, `s[i]` in and past a string (past
/// it, String.prototype may answer, as in V8), `charAt`, `for...of` over surrogate pairs
/// and lone surrogates, `length`, and concatenations of zero, one and more code units.
#[test]
fn string_reads_and_strict_equality_keep_their_semantics() {
    let src = r#"function main() {
  const s = 'a"\u00e9\u20ac\ud83d\ude00\ud800z';
  String.prototype[40] = 'from the prototype';
  const chars = [];
  for (let i = 0; i < s.length; i++) chars.push(s[i].length + ':' + s.charCodeAt(i).toString(16));
  const iterated = [];
  for (const c of s) iterated.push(c.length);
  let built = '';
  for (const c of 'x,"y') built += c;
  const o = {}, sym = Symbol('k'), big = 10n;
  const equal = [NaN === NaN, 0 === -0, -0 === 0, 1 === 1.0, 'ab' === 'a' + 'b', o === o, o === {}, sym === sym,
    sym === Symbol('k'), big === 10n, null === null, undefined === undefined, null === undefined, true === true,
    '' === '' + '', 'é' === s[2], s[0] === 'a', s[40], s[41], s[-1], s[1.5], ''.length, s.length];
  delete String.prototype[40];
  return [chars, iterated, built, built.length, s.charAt(3), s.charAt(99), 'ab'[1] + 'cd'[0], ('' + 'q') === 'q', equal, s[40]];
}"#;
    assert_eq!(
        eval(src),
        json!([
            ["1:61", "1:22", "1:e9", "1:20ac", "1:d83d", "1:de00", "1:d800", "1:7a"],
            [1, 1, 1, 1, 2, 1, 1],
            "x,\"y",
            4,
            "\u{20ac}",
            "",
            "bc",
            true,
            [
                false,
                true,
                true,
                true,
                true,
                true,
                false,
                true,
                false,
                true,
                true,
                true,
                false,
                true,
                true,
                true,
                true,
                "from the prototype",
                null,
                null,
                null,
                0,
                8
            ],
            null
        ])
    );
}

/// `JSON.stringify` writes one text (vendored boa patch 0031) with V8's results (Node 20
/// printed the expected list): nesting, gaps as numbers and strings, `toJSON`, replacer
/// functions and lists, members that serialize to nothing, escapes, lone surrogates,
/// wide characters after Latin-1 ones, empty objects and arrays with a gap, wrappers.
#[test]
fn json_stringify_gives_v8s_text() {
    let src = r#"function main() {
  const nested = { a: [1, 'two', { three: 3, u: undefined, f() {}, s: Symbol('x') }, [], {}], b: { c: { d: [null, true, false] } },
    e: 'caf\u00e9 \u20ac "q" \\ \n\t\u0001 \ud800 \ud83d\ude00', n: [NaN, Infinity, -0, 1e21, 0.1, -5], w: [new Number(3), new String('s'), new Boolean(false)] };
  const withJson = { when: { toJSON(key) { return 'key:' + key; } }, list: [{ toJSON() { return undefined; } }] };
  const out = [
    JSON.stringify(nested),
    JSON.stringify(nested, null, 2),
    JSON.stringify(nested, null, '--'),
    JSON.stringify(nested, null, 20),
    JSON.stringify(withJson),
    JSON.stringify(nested, (k, v) => (typeof v === 'number' ? v * 2 : v)),
    JSON.stringify(nested, ['a', 'e', 'three']),
    JSON.stringify(nested, ['b', 'c'], 1),
    JSON.stringify([undefined, function () {}, Symbol('y')]),
    JSON.stringify({ u: undefined, f() {} }, null, 2),
    JSON.stringify([[], {}, [[]], [{}]], null, 2),
    JSON.stringify('\u2028\u2029\u00ff'),
    String(JSON.stringify(undefined)), String(JSON.stringify(() => 1)),
    JSON.stringify({ only: undefined, then: 1 }), JSON.stringify({ first: 1, last: undefined }, null, 1),
  ];
  let cyclic = {}; cyclic.self = cyclic;
  try { JSON.stringify(cyclic); out.push('no error'); } catch (e) { out.push(e.name); }
  try { JSON.stringify({ big: 1n }); out.push('no error'); } catch (e) { out.push(e.name); }
  out.push(JSON.stringify({ a: [1, 2] }, null, 0));
  return out;
}
"#;
    let expected: serde_json::Value = serde_json::from_str(r#"["{\"a\":[1,\"two\",{\"three\":3},[],{}],\"b\":{\"c\":{\"d\":[null,true,false]}},\"e\":\"café € \\\"q\\\" \\\\ \\n\\t\\u0001 \\ud800 😀\",\"n\":[null,null,0,1e+21,0.1,-5],\"w\":[3,\"s\",false]}","{\n  \"a\": [\n    1,\n    \"two\",\n    {\n      \"three\": 3\n    },\n    [],\n    {}\n  ],\n  \"b\": {\n    \"c\": {\n      \"d\": [\n        null,\n        true,\n        false\n      ]\n    }\n  },\n  \"e\": \"café € \\\"q\\\" \\\\ \\n\\t\\u0001 \\ud800 😀\",\n  \"n\": [\n    null,\n    null,\n    0,\n    1e+21,\n    0.1,\n    -5\n  ],\n  \"w\": [\n    3,\n    \"s\",\n    false\n  ]\n}","{\n--\"a\": [\n----1,\n----\"two\",\n----{\n------\"three\": 3\n----},\n----[],\n----{}\n--],\n--\"b\": {\n----\"c\": {\n------\"d\": [\n--------null,\n--------true,\n--------false\n------]\n----}\n--},\n--\"e\": \"café € \\\"q\\\" \\\\ \\n\\t\\u0001 \\ud800 😀\",\n--\"n\": [\n----null,\n----null,\n----0,\n----1e+21,\n----0.1,\n-----5\n--],\n--\"w\": [\n----3,\n----\"s\",\n----false\n--]\n}","{\n          \"a\": [\n                    1,\n                    \"two\",\n                    {\n                              \"three\": 3\n                    },\n                    [],\n                    {}\n          ],\n          \"b\": {\n                    \"c\": {\n                              \"d\": [\n                                        null,\n                                        true,\n                                        false\n                              ]\n                    }\n          },\n          \"e\": \"café € \\\"q\\\" \\\\ \\n\\t\\u0001 \\ud800 😀\",\n          \"n\": [\n                    null,\n                    null,\n                    0,\n                    1e+21,\n                    0.1,\n                    -5\n          ],\n          \"w\": [\n                    3,\n                    \"s\",\n                    false\n          ]\n}","{\"when\":\"key:when\",\"list\":[null]}","{\"a\":[2,\"two\",{\"three\":6},[],{}],\"b\":{\"c\":{\"d\":[null,true,false]}},\"e\":\"café € \\\"q\\\" \\\\ \\n\\t\\u0001 \\ud800 😀\",\"n\":[null,null,0,2e+21,0.2,-10],\"w\":[3,\"s\",false]}","{\"a\":[1,\"two\",{\"three\":3},[],{}],\"e\":\"café € \\\"q\\\" \\\\ \\n\\t\\u0001 \\ud800 😀\"}","{\n \"b\": {\n  \"c\": {}\n }\n}","[null,null,null]","{}","[\n  [],\n  {},\n  [\n    []\n  ],\n  [\n    {}\n  ]\n]","\"  ÿ\"","undefined","undefined","{\"then\":1}","{\n \"first\": 1\n}","TypeError","TypeError","{\"a\":[1,2]}"]"#).unwrap();
    assert_eq!(eval(src), expected);
}

#[test]
fn setters_a_script_puts_on_object_prototype_do_not_reach_the_services_loading() {
    // The services load when the script first touches one, after these setters exist: the
    // prelude defines what it keeps, so they never swallow a helper or a chunk.
    let src = "function main() {
      ['klass', 'derived', 'once', 'kernel', 'sheets', 'logging'].forEach(function (name) {
        Object.defineProperty(Object.prototype, name, { set: function () {}, configurable: true });
      });
      // Named by computed keys: a service the source names is built before the script runs.
      var logger = globalThis['Log' + 'ger'];
      logger.log('ok');
      var sheet = globalThis['Spreadsheet' + 'App'].create('s').getActiveSheet();
      sheet.getRange('A1').setValue(3);
      return [sheet.getRange('A1').getValue(), logger.getLog().indexOf('ok') > 0];
    }";
    let first = eval(src);
    assert_eq!(first, json!([3, true]));
    assert_eq!(eval(src), first);
}
