//! Every route out of the sandbox a hostile script tried, each closed: module loading
//! (dynamic `import()` of a script or of JSON, static `import`), `require` and other host
//! globals, `Function`/`eval` (present, but they reach only the realm), host paths in
//! `Error.stack`, WeakRef/FinalizationRegistry across executions, SharedArrayBuffer and
//! Atomics. Files the script names exist for real, next to the current directory, so a
//! test fails if they are read.

use crate::support;

use std::path::PathBuf;

use gas_engine::sandbox::DYNAMIC_IMPORT_MESSAGE;
use gas_engine::ExecutionSpec;
use serde_json::json;
use support::*;

/// A file with a secret in the current directory (the crate's folder under `cargo test`),
/// removed when dropped. Its name is unique per test so that tests can run in parallel.
struct Bait {
    path: PathBuf,
}

const SECRET: &str = "hunter2";

impl Bait {
    fn new(name: &str, text: &str) -> Bait {
        let path = std::env::current_dir().unwrap().join(format!("sandbox-bait-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        Bait { path }
    }

    fn file_name(&self) -> String {
        self.path.file_name().unwrap().to_string_lossy().into_owned()
    }
}

impl Drop for Bait {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// What each `import(...)` call of `calls` settles with, logged after the jobs ran.
fn import_outcomes(calls: &[String]) -> Vec<String> {
    let body: String = calls
        .iter()
        .map(|call| {
            format!("  {call}.then(m => Logger.log('loaded ' + JSON.stringify(m)), e => Logger.log(String(e)));\n")
        })
        .collect();
    logs(&run(&format!("function main() {{\n{body}}}"), "main"))
}

#[test]
fn dynamic_import_of_a_script_rejects_and_reads_nothing() {
    let bait = Bait::new("module.js", &format!("export const secret = '{SECRET}';"));
    let absolute = bait.path.display().to_string();
    let calls = [
        format!("import('./{}')", bait.file_name()),
        format!("import('{}')", bait.file_name()),
        format!("import({absolute:?})"),
        "import('/etc/passwd')".to_string(),
        "import('https://example.com/x.js')".to_string(),
    ];
    let expected = format!("Error: {DYNAMIC_IMPORT_MESSAGE}");
    assert_eq!(import_outcomes(&calls), vec![expected; calls.len()]);
}

#[test]
fn dynamic_import_of_json_rejects_and_reads_nothing() {
    let bait = Bait::new("data.json", &format!("{{\"secret\": \"{SECRET}\"}}"));
    let calls = [
        format!("import('./{}', {{ with: {{ type: 'json' }} }})", bait.file_name()),
        format!("import({:?}, {{ with: {{ type: 'json' }} }})", bait.path.display().to_string()),
        // A file that is not JSON: its existence and fragments used to leak through the
        // parse error.
        "import('/etc/hostname', { with: { type: 'json' } })".to_string(),
    ];
    let outcomes = import_outcomes(&calls);
    assert_eq!(outcomes, vec![format!("Error: {DYNAMIC_IMPORT_MESSAGE}"); calls.len()]);
    assert!(!outcomes.concat().contains(SECRET));
}

#[test]
fn import_from_eval_and_function_rejects_too() {
    let bait = Bait::new("evaled.json", &format!("{{\"secret\": \"{SECRET}\"}}"));
    let specifier = format!("./{}", bait.file_name());
    let calls = [
        format!("eval(\"import('{specifier}', {{ with: {{ type: 'json' }} }})\")"),
        format!("(0, eval)(\"import('{specifier}', {{ with: {{ type: 'json' }} }})\")"),
        format!("new Function(\"return import('{specifier}', {{ with: {{ type: 'json' }} }})\")()"),
    ];
    assert_eq!(import_outcomes(&calls), vec![format!("Error: {DYNAMIC_IMPORT_MESSAGE}"); calls.len()]);
}

#[test]
fn a_static_import_is_a_syntax_error_of_its_file() {
    let bait = Bait::new("static.js", &format!("export const secret = '{SECRET}';"));
    let src = format!("import {{ secret }} from './{}';\nfunction main() {{ return secret; }}", bait.file_name());
    let report = run(&src, "main");
    let error = failure(&report);
    assert_eq!(error.name, "SyntaxError", "{error:?}");
    assert!(!format!("{error:?}").contains(SECRET));
    // `import.meta` exists only in modules.
    assert!(thrown("eval('import.meta')").starts_with("SyntaxError"));
}

#[test]
fn no_host_globals_exist() {
    let names = [
        "require",
        "process",
        "module",
        "exports",
        "Deno",
        "Bun",
        "__dirname",
        "__filename",
        "global",
        "setTimeout",
        "setInterval",
        "fetch",
        "XMLHttpRequest",
        "WebSocket",
        "Worker",
        "importScripts",
        "navigator",
        "location",
        "performance",
    ];
    let checks: Vec<String> = names.iter().map(|n| format!("typeof {n}")).collect();
    let src = format!("function main() {{ return [{}]; }}", checks.join(", "));
    assert_eq!(eval(&src), json!(vec!["undefined"; names.len()]));
    assert_eq!(thrown("require('fs')"), "ReferenceError: require is not defined");
    // Reached through the realm's own objects, not as globals.
    assert_eq!(eval("function main() { return typeof Function('return this')().require; }"), json!("undefined"));
    assert_eq!(eval("function main() { return typeof globalThis.process; }"), json!("undefined"));
}

#[test]
fn function_and_eval_exist_and_reach_only_the_realm() {
    // Apps Script's V8 allows both; they see the same global object as the script.
    let src = "var marker = 41;\nfunction main() {\n  var viaFunction = new Function('return marker + 1')();\n  var viaEval = (0, eval)('marker + 1');\n  var global = Function('return this')();\n  return [viaFunction, viaEval, global === globalThis, typeof global.SpreadsheetApp];\n}";
    assert_eq!(eval(src), json!([42, 42, true, "object"]));
    // The constructor of a function's constructor is Function again, not a host object.
    assert_eq!(eval("function main() { return (function(){}).constructor.constructor === Function; }"), json!(true));
}

#[test]
fn error_stacks_name_project_files_never_host_paths() {
    let src = "function inner() { return new Error('x').stack; }\n\
               function main() {\n\
                 var stacks = [inner()];\n\
                 try { JSON.parse('{'); } catch (e) { stacks.push(String(e.stack)); }\n\
                 try { null.x; } catch (e) { stacks.push(String(e.stack)); }\n\
                 try { eval('1 +'); } catch (e) { stacks.push(String(e.stack)); }\n\
                 try { SpreadsheetApp.openById('no-such-sheet'); } catch (e) { stacks.push(String(e.stack)); }\n\
                 return stacks.join('\\n');\n\
               }";
    let stacks = eval(src).as_str().unwrap().to_string();
    assert!(stacks.contains("Code.gs"), "{stacks}");
    let cwd = std::env::current_dir().unwrap().display().to_string();
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    for host in [cwd.as_str(), env!("CARGO_MANIFEST_DIR"), home.as_str(), ".rs:", "prelude.js", "vendor/", "/"] {
        // A `/` inside a file name is fine (`lib/util.gs`); none of these projects has one.
        assert!(!stacks.contains(host), "a stack shows {host:?}:\n{stacks}");
    }
}

#[test]
fn weak_refs_and_finalization_registries_exist_but_die_with_their_execution() {
    let world = new_world();
    // Registered in one execution: the callback would write a property in a later one.
    let src = "var registry = new FinalizationRegistry(function (held) {\n\
                 PropertiesService.getScriptProperties().setProperty('leaked', held);\n\
               });\n\
               function main() {\n\
                 var ref = new WeakRef({});\n\
                 registry.register({}, 'from an earlier execution');\n\
                 var garbage = [];\n\
                 for (var i = 0; i < 2000; i++) garbage.push(new Array(100).fill(i));\n\
                 return [typeof WeakRef, typeof FinalizationRegistry, typeof ref.deref()];\n\
               }";
    let project = project("UTC", src);
    for exec_id in 1..=5 {
        let report = run_spec(&world, &project, "UTC", &ExecutionSpec::new(exec_id, "main", START_UTC_MS, SEED));
        assert_eq!(result(&report), json!(["function", "function", "object"]));
        // Collect between executions, as a worker does when it is due: the registry's
        // targets die here, and its cleanup must not run in the next execution.
        boa_gc::force_collect();
        gas_engine::prepare_next(&project);
    }
    assert_eq!(state(&world).properties.script.get("leaked"), None);
}

#[test]
fn shared_array_buffer_and_atomics_stay_inside_the_execution() {
    let src = "function main() {\n\
                 var ia = new Int32Array(new SharedArrayBuffer(8));\n\
                 Atomics.store(ia, 0, 5);\n\
                 Atomics.add(ia, 0, 2);\n\
                 var wait;\n\
                 try { Atomics.wait(ia, 0, 7, 1000); wait = 'returned'; } catch (e) { wait = e.name; }\n\
                 return [typeof SharedArrayBuffer, Atomics.load(ia, 0), Atomics.notify(ia, 0, 1), wait, typeof Atomics.waitAsync];\n\
               }";
    // `Atomics.wait` would block the worker's OS thread: refused (boa: the context cannot
    // block). `Atomics.waitAsync` is removed: its timeout spun the job loop for ever.
    assert_eq!(eval(src), json!(["function", 7, 0, "TypeError", "undefined"]));
}
