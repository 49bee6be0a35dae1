//! Every execution starts from fresh globals, also now that each thread compiles a
//! project once and re-binds the compiled code to every new context.

use std::sync::{Arc, Mutex};

use gas_engine::{run_execution, ExecutionReport, ExecutionSpec, Outcome, Project, SoloGate, SourceFile};

const START_UTC_MS: i64 = 1_750_000_000_000;

fn project(files: &[(&str, &str)]) -> Project {
    Project::from_sources(
        "UTC",
        files.iter().map(|(name, text)| SourceFile { name: name.to_string(), text: text.to_string() }).collect(),
    )
}

/// Runs `function` `times` times against one world, on this thread (one template).
fn run_times(project: &Project, function: &str, times: u64) -> Vec<ExecutionReport> {
    let world = Arc::new(Mutex::new(gas_platform::World::new()));
    (1..=times)
        .map(|exec_id| {
            let spec = ExecutionSpec::new(exec_id, function, START_UTC_MS + exec_id as i64 * 60_000, 7);
            run_execution(project, "UTC".parse().unwrap(), &spec, world.clone(), Arc::new(SoloGate))
        })
        .collect()
}

fn result(report: &ExecutionReport) -> serde_json::Value {
    match &report.outcome {
        Outcome::Completed { result } => result.clone(),
        other => panic!("execution {} did not complete: {other:?}", report.exec_id),
    }
}

#[test]
fn top_level_var_let_const_class_start_fresh_every_time() {
    let p = project(&[(
        "Code.gs",
        "var counter = 0; let list = []; const seen = {}; class Box { static made = 0; }\n\
         function main() { counter++; list.push(1); seen.x = (seen.x || 0) + 1; Box.made++;\n\
           return [counter, list.length, seen.x, Box.made]; }",
    )]);
    for report in run_times(&p, "main", 300) {
        assert_eq!(result(&report), serde_json::json!([1, 1, 1, 1]), "execution {}", report.exec_id);
    }
}

#[test]
fn nothing_leaks_through_globalthis_or_prototypes() {
    let p = project(&[(
        "Code.gs",
        "function main() {\n\
           const before = [typeof globalThis.leaked, typeof Object.prototype.leaked, typeof Array.prototype.leaked,\n\
                           typeof Math.leaked, String(JSON.stringify.leaked)];\n\
           globalThis.leaked = 1; Object.prototype.leaked = 1; Array.prototype.leaked = 1; Math.leaked = 1;\n\
           JSON.stringify.leaked = 1;\n\
           return before; }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(
            result(&report),
            serde_json::json!(["undefined", "undefined", "undefined", "undefined", "undefined"]),
            "execution {}",
            report.exec_id
        );
    }
}

#[test]
fn functions_are_new_objects_in_every_execution() {
    let p = project(&[(
        "Code.gs",
        "function helper() {}\n\
         function main() { const seen = helper.marked === true; helper.marked = true; return seen; }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(result(&report), serde_json::json!(false));
    }
}

#[test]
fn errors_keep_file_and_line_after_rebinding() {
    let p = project(&[
        ("a.gs", "var A = 1;\n"),
        ("b.gs", "function main() {\n  const x = 1;\n  throw new Error('boom ' + x);\n}\n"),
    ]);
    for report in run_times(&p, "main", 3) {
        let Outcome::Failed { error } = &report.outcome else { panic!("{:?}", report.outcome) };
        assert_eq!((error.file.as_deref(), error.line, error.message.as_str()), (Some("b.gs"), Some(3), "boom 1"));
    }
}

#[test]
fn tagged_templates_and_eval_do_not_collide_across_executions() {
    let p = project(&[(
        "Code.gs",
        "function tag(strings) { return strings; }\n\
         function site() { return tag`a${1}b`; }\n\
         function main() { const first = site(); const again = site(); const evald = eval('tag`x${2}y`');\n\
           return [first === again, evald.join('|'), first.join('|')]; }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(result(&report), serde_json::json!([true, "x|y", "a|b"]), "execution {}", report.exec_id);
    }
}

#[test]
fn regex_literals_keep_no_state_between_executions() {
    let p = project(&[(
        "Code.gs",
        "const RE = /a/g;\nfunction main() { const at = RE.lastIndex; RE.test('aaa'); return at; }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(result(&report), serde_json::json!(0));
    }
}

#[test]
fn a_service_read_twice_from_one_site_stays_callable() {
    // Regression: the prelude's lazy globals once turned from accessors into data
    // properties on first read, and boa's inline cache at this site kept calling the old
    // getter on the second read ("not a callable function").
    let p = project(&[(
        "Code.gs",
        "function read(name) { return PropertiesService.getScriptProperties().getProperty(name); }\n\
         function main() { read('a'); read('b'); Logger.log('x'); Logger.log('y'); return read('c'); }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(result(&report), serde_json::Value::Null, "execution {}", report.exec_id);
    }
}

/// Executions with the between-executions work a scenario's worker does (collect when
/// due) leave a heap that stays the same size: everything an execution made is collected,
/// also its classes and constructors (new prototypes every execution, which boa's shape
/// tree keys transitions by).
#[test]
fn the_heap_does_not_grow_with_executions_collected_between_them() {
    let p = project(&[(
        "Code.gs",
        "class Row { constructor(i) { this.i = i; } }\n\
         function Cell(v) { this.v = v; }\n\
         function main() { const rows = []; for (let i = 0; i < 50; i++) rows.push({ i }, new Row(i), new Cell(i));\n\
           return rows.length / 3; }",
    )]);
    let world = Arc::new(Mutex::new(gas_platform::World::new()));
    let zone: chrono_tz::Tz = "UTC".parse().unwrap();
    let mut heap_bytes = Vec::new();
    for exec_id in 1..=800u64 {
        let spec = ExecutionSpec::new(exec_id, "main", START_UTC_MS + exec_id as i64 * 60_000, 7);
        let report = run_execution(&p, zone, &spec, world.clone(), Arc::new(SoloGate));
        assert_eq!(result(&report), serde_json::json!(50));
        gas_engine::prepare_next(&p);
        heap_bytes.push(boa_gc::allocated_bytes());
    }
    // The heap right after each collection is the live heap: it must not grow. (Between
    // collections it saws up to about twice that: garbage is collected once it outweighs
    // the live heap.)
    let early_live = heap_bytes[100..400].iter().copied().min().unwrap();
    let late_live = heap_bytes[500..].iter().copied().min().unwrap();
    assert!(
        late_live <= early_live + early_live / 10,
        "live heap grew: {early_live} bytes after 400 executions, {late_live} after 800"
    );
    let late_max = heap_bytes[500..].iter().copied().max().unwrap();
    // About 380 KB live, under 1 MB at most measured; not boa's 32 MiB threshold.
    assert!(late_max < 4 * 1024 * 1024, "{late_max} heap bytes between executions");
}

/// Compiled regex matchers are shared per thread by pattern and flags (vendor patch 0008):
/// the flags still count, and every RegExp object keeps its own state.
#[test]
fn regexps_with_the_same_pattern_keep_their_own_flags_and_state() {
    let p = project(&[(
        "Code.gs",
        "function main() {\n\
           const g1 = /a/g, g2 = /a/g;\n\
           g1.exec('aa');\n\
           return [/a/i.test('A'), /a/.test('A'), new RegExp('a', 'i').test('A'), new RegExp('a').test('A'),\n\
                   g1.lastIndex, g2.lastIndex, g1 === g2, 'xAx'.replace(/a/i, '-'), 'xAx'.replace(/a/, '-')];\n\
         }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(result(&report), serde_json::json!([true, false, true, false, 1, 0, false, "x-x", "xAx"]));
    }
}

/// The globals as a script saw them before services were built on first touch
/// (0e3d1ed, `Object.getOwnPropertyNames(globalThis)` of a one-function project).
const GLOBAL_NAMES_BEFORE_LAZY_SERVICES: &str = "globalThis,Infinity,NaN,undefined,Function,Object,Math,JSON,Array,\
Proxy,ArrayBuffer,SharedArrayBuffer,BigInt,Boolean,Date,DataView,Map,isFinite,isNaN,parseInt,parseFloat,Number,eval,\
Set,String,RegExp,TypedArray,Int8Array,Uint8Array,Uint8ClampedArray,Int16Array,Uint16Array,Int32Array,Uint32Array,\
BigInt64Array,BigUint64Array,Float16Array,Float32Array,Float64Array,Symbol,Error,RangeError,ReferenceError,TypeError,\
SyntaxError,EvalError,URIError,AggregateError,Reflect,Promise,encodeURI,encodeURIComponent,decodeURI,\
decodeURIComponent,WeakRef,WeakMap,WeakSet,Iterator,Atomics,FinalizationRegistry,escape,unescape,__gas_probe,\
__gas_open_event,SpreadsheetApp,LockService,CacheService,PropertiesService,MailApp,GmailApp,UrlFetchApp,Utilities,\
Session,ScriptApp,ContentService,HtmlService,Logger,console,DriveApp,MimeType,Browser,CalendarApp,CardService,\
Charset,Charts,ConferenceDataService,ContactsApp,DataStudioApp,DigestAlgorithm,DocumentApp,FormApp,GroupsApp,Jdbc,\
LanguageApp,LinearOptimizationService,MacAlgorithm,Maps,RsaAlgorithm,ScriptProperties,SitesApp,SlidesApp,\
UserProperties,XmlService,main";

/// Services are built the first time a script touches their global (vendored boa patch
/// 0021): no script can tell. A project that never names GmailApp sees it as before, with
/// the same keys in the same order and the same descriptors, in every execution, before
/// and after other executions built it or other services.
#[test]
fn a_project_that_never_names_gmail_sees_the_globals_as_before() {
    let p = project(&[(
        "Code.gs",
        "function main() {\n\
           var name = ['Gmail', 'App'].join('');\n\
           var names = Object.getOwnPropertyNames(globalThis).join();\n\
           var d = Object.getOwnPropertyDescriptor(globalThis, name);\n\
           return [Object.keys(globalThis), names, typeof globalThis[name], d.writable, d.enumerable,\n\
                   d.configurable, 'get' in d, typeof d.value.getInboxThreads, String(d.value)];\n\
         }",
    )]);
    let expected = serde_json::json!([
        ["main"],
        GLOBAL_NAMES_BEFORE_LAZY_SERVICES,
        "object",
        true,
        false,
        true,
        false,
        "function",
        "GmailApp"
    ]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(result(&report), expected, "execution {}", report.exec_id);
    }
}

/// A service built during one execution (here on first touch, then changed) is the
/// fresh one in the next, whichever global the next touches first; a global replaced
/// or deleted before anything built it is gone for that execution only.
#[test]
fn services_built_on_first_touch_start_fresh_every_execution() {
    let p = project(&[(
        "Code.gs",
        "function change() {\n\
           var before = [typeof DriveApp.marker, Object.getPrototypeOf(GmailApp).getInboxThreads === GmailApp.getInboxThreads];\n\
           GmailApp.marker = 1; Object.getPrototypeOf(GmailApp).getInboxThreads = null; DriveApp.marker = 2;\n\
           delete globalThis.HtmlService; CalendarApp = 5;\n\
           return before.concat([typeof HtmlService === 'undefined', CalendarApp]);\n\
         }\n\
         function look() {\n\
           return [typeof GmailApp.marker, typeof GmailApp.getInboxThreads, typeof DriveApp.marker,\n\
                   typeof HtmlService.createHtmlOutput, typeof CalendarApp.getDefaultCalendar];\n\
         }",
    )]);
    let world = Arc::new(Mutex::new(gas_platform::World::new()));
    let run = |exec_id: u64, function: &str| {
        let spec = ExecutionSpec::new(exec_id, function, START_UTC_MS + exec_id as i64 * 60_000, 7);
        result(&run_execution(&p, "UTC".parse().unwrap(), &spec, world.clone(), Arc::new(SoloGate)))
    };
    let fresh = serde_json::json!(["undefined", "function", "undefined", "function", "function"]);
    for exec_id in [1, 3] {
        assert_eq!(run(exec_id, "change"), serde_json::json!(["undefined", true, true, 5]));
        assert_eq!(run(exec_id + 1, "look"), fresh, "after execution {exec_id}");
    }
}

/// The locale-sensitive builtins are stubs whose implementations compile on the first
/// call (prelude.rs, the `locale` chunk): the functions a script holds are the same before
/// and after; their names, lengths and own keys are V8's, and they are no constructors, as
/// V8's builtins (native stubs, locale_stubs.rs); a script that breaks
/// `Function.prototype.apply` first changes nothing. (Node 20 gives the same answers.)
#[test]
fn locale_builtins_are_the_same_functions_before_and_after_their_first_call() {
    let p = project(&[(
        "Code.gs",
        "function main() {\n\
           var held = Date.prototype.toLocaleString;\n\
           Function.prototype.apply = null;\n\
           var first = [(1234.5).toLocaleString(), 'a'.localeCompare('b'), [1000, 2].toLocaleString()];\n\
           var construct = function () { try { new Date.prototype.toLocaleDateString(); return 'constructed'; } catch (e) { return e.name; } };\n\
           return first.concat([held === Date.prototype.toLocaleString, String.prototype.localeCompare.length,\n\
             Number.prototype.toLocaleString.length, new Date(0).toLocaleDateString(), held.name,\n\
             String.prototype.localeCompare.name, construct(), Object.getOwnPropertyNames(held).sort()]);\n\
         }",
    )]);
    let expected = serde_json::json!([
        "1,234.5",
        -1,
        "1,000,2",
        true,
        1,
        0,
        "1/1/1970",
        "toLocaleString",
        "localeCompare",
        "TypeError",
        ["length", "name"]
    ]);
    for report in run_times(&p, "main", 2) {
        assert_eq!(result(&report), expected, "execution {}", report.exec_id);
    }
}

/// A service reached only by a name made at run time is compiled and built then, in the
/// execution, and is the same service as one the source names.
#[test]
fn a_service_named_only_at_run_time_is_built_on_first_touch() {
    let p = project(&[(
        "Code.gs",
        "function main() {\n\
           var app = globalThis['Html' + 'Service'];\n\
           return [typeof app.createHtmlOutput, app.createHtmlOutput('<b>x</b>').getContent(), String(app)];\n\
         }",
    )]);
    for report in run_times(&p, "main", 3) {
        assert_eq!(
            result(&report),
            serde_json::json!(["function", "<b>x</b>", "HtmlService"]),
            "execution {}",
            report.exec_id
        );
    }
}
