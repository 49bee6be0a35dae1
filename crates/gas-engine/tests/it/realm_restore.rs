//! A thread keeps one context per project and puts its realm back after every execution
//! (prepared.rs, vendored boa patch 0009). Every way a script can change the realm must
//! be undone before the next execution: each case below changes it, checks that the
//! change is visible in its own execution, and that the next execution sees the realm
//! as the first one did.

use std::sync::{Arc, Mutex};

use boa_engine::{Context, Source};
use gas_engine::{run_execution, ExecutionReport, ExecutionSpec, Outcome, Project, SoloGate, SourceFile};

const START_UTC_MS: i64 = 1_750_000_000_000;

fn project(code: &str) -> Project {
    Project::from_sources("UTC", vec![SourceFile { name: "Code.gs".into(), text: code.into() }])
}

struct Runner {
    world: Arc<Mutex<gas_platform::World>>,
    next_exec_id: u64,
}

impl Runner {
    fn new() -> Self {
        Runner { world: Arc::new(Mutex::new(gas_platform::World::new())), next_exec_id: 1 }
    }

    fn run_in(&mut self, project: &Project, function: &str, zone: &str, loop_max: Option<u64>) -> ExecutionReport {
        let exec_id = self.next_exec_id;
        self.next_exec_id += 1;
        let mut spec = ExecutionSpec::new(exec_id, function, START_UTC_MS + exec_id as i64 * 60_000, 7);
        if let Some(max) = loop_max {
            spec.limits.loop_iterations_max = max;
        }
        run_execution(project, zone.parse().unwrap(), &spec, self.world.clone(), Arc::new(SoloGate))
    }

    fn result(&mut self, project: &Project, function: &str) -> serde_json::Value {
        let report = self.run_in(project, function, "UTC", None);
        match report.outcome {
            Outcome::Completed { result } => result,
            other => panic!("{function} did not complete: {other:?}"),
        }
    }
}

/// (what a script changes, an expression that shows it)
const CHANGES: &[(&str, &str)] = &[
    ("Array.prototype.map = function () { return 'patched'; }", "String([1].map((x) => x))"),
    ("delete Array.prototype.push", "typeof [].push"),
    (
        "Object.defineProperty(Object.prototype, 'injected', { get() { return 42; }, configurable: true })",
        "String(({}).injected)",
    ),
    ("Object.freeze(Array.prototype)", "Object.isFrozen(Array.prototype)"),
    ("Object.preventExtensions(Math)", "Object.isExtensible(Math)"),
    ("Object.setPrototypeOf(Array.prototype, null)", "Object.getPrototypeOf(Array.prototype) === Object.prototype"),
    ("Array.prototype[0] = 'ghost'", "String([][0])"),
    ("Array.prototype[Symbol.iterator] = function* () { yield 'ghost'; }", "[...[1, 2]].join()"),
    ("Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true })", "[...[1, 2]].length"),
    ("Math.random = () => 4", "Math.random() < 1"),
    ("Date.now = () => 0; Date.prototype.getTime = () => -1", "[Date.now() > 0, new Date(5).getTime()]"),
    ("Function.prototype.call = null", "typeof Function.prototype.call"),
    ("Error.prototype.name = 'Patched'", "String(new Error('x'))"),
    ("JSON.stringify = () => 'patched'", "JSON.stringify({ a: 1 })"),
    ("Number.prototype.toFixed = () => 'patched'", "(1.5).toFixed(0)"),
    ("String.prototype.trim = function () { return 'patched'; }", "' x '.trim()"),
    ("RegExp.prototype.test = () => true", "/a/.test('b')"),
    ("Object.preventExtensions(globalThis)", "Object.isExtensible(globalThis)"),
    ("globalThis.leaked = [1]", "typeof leaked"),
    ("SpreadsheetApp.openById = null", "typeof SpreadsheetApp.openById"),
    ("delete globalThis.Logger", "typeof Logger"),
    ("Logger = { log() {} }", "Object.keys(Logger).length"),
    ("console.log = null", "typeof console.log"),
    // A class prototype reached only through an instance (the prelude keeps its constructor).
    (
        "Object.getPrototypeOf(LockService.getScriptLock()).tryLock = () => 'patched'",
        "String(LockService.getScriptLock().tryLock(1))",
    ),
    // The end of a service's prototype chain (Object.prototype): defining on it is undone.
    (
        "Object.defineProperty(Object.getPrototypeOf(Object.getPrototypeOf(SpreadsheetApp)), 'ghost', { value: 1 })",
        "typeof SpreadsheetApp.ghost",
    ),
    // Builtins have unique shapes, which gain properties in place: a site that found the
    // name on the prototype in an earlier execution must see the new own property (0010).
    ("Math.hasOwnProperty = 'own'", "String(Math.hasOwnProperty).slice(0, 8)"),
    ("Reflect.toString = () => 'mine'", "Reflect.toString === Object.prototype.toString"),
    ("Object.freeze(Math)", "(function () { Math.seen = 5; return String(Math.seen); })()"),
    (
        "Object.defineProperty(globalThis, 'Utilities', { get() { throw new Error('trap'); }, configurable: true })",
        "(() => { try { return typeof Utilities.formatDate; } catch (e) { return e.message; } })()",
    ),
];

#[test]
fn every_change_to_the_realm_is_undone_before_the_next_execution() {
    let mut runner = Runner::new();
    for (change, probe) in CHANGES {
        let p = project(&format!(
            "var counter = 0;\n\
             function probe() {{ counter++; return [counter, {probe}]; }}\n\
             function change() {{ {change}; return probe(); }}\n"
        ));
        let before = runner.result(&p, "probe");
        let changed = runner.result(&p, "change");
        assert_ne!(changed, before, "the change `{change}` is not visible to `{probe}` in its own execution");
        for _ in 0..2 {
            let after = runner.result(&p, "probe");
            assert_eq!(after, before, "after `{change}`, `{probe}` differs in the next execution");
        }
    }
}

#[test]
fn promise_jobs_left_by_a_failed_execution_never_run() {
    let p = project(
        "function fail() { Promise.resolve().then(() => { Logger.log('late'); globalThis.late = 1; }); throw new Error('x'); }\n\
         function probe() { return typeof late; }",
    );
    let mut runner = Runner::new();
    let failed = runner.run_in(&p, "fail", "UTC", None);
    assert!(matches!(failed.outcome, Outcome::Failed { .. }), "{:?}", failed.outcome);
    let next = runner.run_in(&p, "probe", "UTC", None);
    assert_eq!(next.outcome, Outcome::Completed { result: serde_json::json!("undefined") });
    assert!(next.logs.items.iter().all(|line| line.text != "late"), "{:?}", next.logs);
}

#[test]
fn a_killed_execution_leaves_nothing_behind() {
    let p = project(
        "function runaway() { Array.prototype.left = 1; globalThis.left = 1; while (true) {} }\n\
         function probe() { return [typeof [].left, typeof left]; }",
    );
    let mut runner = Runner::new();
    let killed = runner.run_in(&p, "runaway", "UTC", Some(10_000));
    assert!(matches!(killed.outcome, Outcome::Killed { .. }), "{:?}", killed.outcome);
    assert_eq!(runner.result(&p, "probe"), serde_json::json!(["undefined", "undefined"]));
}

/// A class's prototype is built when the class first makes an object (01_kernel.js,
/// `lazyClass`), inside an execution; the restore builds it again in the restored realm
/// and keeps it in the snapshot (prepared.rs, `keep_built`): the next execution builds
/// no prototype and sees none of the first one's changes to it. (Range is reached by a
/// computed name: a method the source names has its class built with the context,
/// `classes_named`, tested below.)
#[test]
fn a_class_an_execution_built_is_kept_built_and_unchanged() {
    let p = project(
        "function use() {\n\
           const range = SpreadsheetApp.create('s').getSheets()[0]['get' + 'Range']('A1');\n\
           const proto = Object.getPrototypeOf(range);\n\
           const before = [String(range.getValue()), Object.keys(proto).length, typeof proto.getDataSourceTables];\n\
           proto.getValue = () => 'patched';\n\
           return before.concat([range.getValue()]);\n\
         }",
    );
    let mut runner = Runner::new();
    let prototypes = || gas_engine::compile_counts().prototypes;
    let start = prototypes();
    let first = runner.result(&p, "use");
    let built = prototypes() - start;
    // Spreadsheet and Sheet with the context (`create`, `getSheets`); Range in the
    // execution, then again after its restore.
    assert_eq!(built, 4, "{built} prototypes built");
    let methods = first[1].as_u64().unwrap();
    assert!(methods > 150, "Range's prototype has every method of the catalogue: {first}");
    assert_eq!(first, serde_json::json!(["", methods, "function", "patched"]));
    let before_second = prototypes();
    assert_eq!(runner.result(&p, "use"), first);
    assert_eq!(prototypes(), before_second, "the second execution found every prototype built");
}

/// The classes returned by methods the source names, of services it names, are built
/// with the live context, before its snapshot (compiled.rs, `classes_named`): an
/// execution that uses them builds none, and the restore after it builds nothing again.
#[test]
fn the_classes_the_source_names_are_built_once_with_the_context() {
    let p = project(
        "function use() {\n\
           const range = SpreadsheetApp.create('s').getSheets()[0].getRange('A1');\n\
           Object.getPrototypeOf(range).getValue = () => 'patched';\n\
           return String(range.getValue());\n\
         }",
    );
    let mut runner = Runner::new();
    let prototypes = || gas_engine::compile_counts().prototypes;
    let start = prototypes();
    assert_eq!(runner.result(&p, "use"), serde_json::json!("patched"));
    // Spreadsheet, Sheet and Range, once each (built again after the restore: 6).
    assert_eq!(prototypes() - start, 3);
    let before_second = prototypes();
    assert_eq!(runner.result(&p, "use"), serde_json::json!("patched"), "the first one's patch is gone");
    assert_eq!(prototypes(), before_second, "the second execution found every prototype built");
}

/// An array shortened through `length` by code run before (its inline cache warm) loses
/// its elements past it, restored realm or not: boa cached the set of an array's `length`
/// as a plain slot write, skipping ArraySetLength (vendored patch 0035), so the second run
/// of `a.length = 0; a[a.length] = 'y'` left `[]` with length 0.
#[test]
fn an_array_shortened_by_warm_code_takes_a_new_element() {
    let mut context = Context::default();
    let setup = "globalThis.a = []; globalThis.f = function () { a[a.length] = 'x'; a.length = 0; a[a.length] = 'y'; return JSON.stringify(a) + a.length; };";
    context.eval(Source::from_bytes(setup)).unwrap();
    let snapshot = context.snapshot_realm().unwrap();
    for run in 0..3 {
        let got = context.eval(Source::from_bytes("f()")).unwrap().display().to_string();
        context.restore_realm(&snapshot);
        assert_eq!(got, "\"[\\\"y\\\"]1\"", "run {run}, after a restore");
    }
    for run in 0..3 {
        let got = context.eval(Source::from_bytes("a = [1, 2, 3]; f()")).unwrap().display().to_string();
        assert_eq!(got, "\"[\\\"y\\\"]1\"", "run {run}, a new array, no restore");
    }
}

#[test]
fn executions_in_different_zones_share_a_context_but_not_a_zone() {
    let p = project("function offset() { return new Date(2024, 0, 1).getTimezoneOffset(); }");
    let mut runner = Runner::new();
    let mut offsets = Vec::new();
    for zone in ["Asia/Tokyo", "UTC", "America/Los_Angeles", "Asia/Tokyo"] {
        match runner.run_in(&p, "offset", zone, None).outcome {
            Outcome::Completed { result } => offsets.push(result),
            other => panic!("{zone}: {other:?}"),
        }
    }
    assert_eq!(offsets, [-540, 0, 480, -540].map(|o| serde_json::json!(o)));
}

#[test]
fn the_snapshot_refuses_objects_whose_state_is_not_in_their_properties() {
    let mut context = Context::default();
    assert!(context.snapshot_realm().is_ok(), "a fresh realm can be snapshot");
    context.eval(Source::from_bytes("globalThis.cache = new Map();")).unwrap();
    let refused = context.snapshot_realm().expect_err("a Map is reachable from the realm");
    assert!(refused.contains("mutable internal data"), "{refused}");
}

#[test]
fn restoring_puts_back_only_what_was_written() {
    let mut context = Context::default();
    let snapshot = context.snapshot_realm().unwrap();
    assert!(snapshot.object_count() > 500, "{snapshot:?}");
    assert_eq!(context.restore_realm(&snapshot), 0, "nothing ran");
    context.eval(Source::from_bytes("Math.answer = 42; globalThis.x = 1;")).unwrap();
    let restored = context.restore_realm(&snapshot);
    assert!((2..20).contains(&restored), "{restored} objects restored");
    let after = context.eval(Source::from_bytes("typeof Math.answer + ' ' + typeof x")).unwrap();
    assert_eq!(after.to_string(&mut context).unwrap().to_std_string_escaped(), "undefined undefined");
}

/// The restore walks a dirty list (vendored patch 0021), kept per thread: two realms on
/// one thread each put back only their own writes, a top-level `let` and a `var` in the
/// global environment included, and a dropped snapshot leaves nothing listed.
#[test]
fn two_realms_on_one_thread_restore_only_their_own_writes() {
    let eval = |context: &mut Context, code: &str| {
        let value = context.eval(Source::from_bytes(code)).unwrap();
        value.to_string(context).unwrap().to_std_string_escaped()
    };
    let mut a = Context::default();
    let mut b = Context::default();
    eval(&mut a, "let counter = 1; var total = 10;");
    let snapshot_a = a.snapshot_realm().unwrap();
    let snapshot_b = b.snapshot_realm().unwrap();
    eval(&mut a, "counter = 2; total = 20; Math.answer = 42;");
    eval(&mut b, "Array.prototype.extra = 1;");
    let restored_b = b.restore_realm(&snapshot_b);
    assert!((1..5).contains(&restored_b), "b wrote Array.prototype, restored {restored_b}");
    assert_eq!(eval(&mut a, "counter + ' ' + total + ' ' + Math.answer"), "2 20 42", "b's restore left a alone");
    let restored = a.restore_realm(&snapshot_a);
    assert!((2..20).contains(&restored), "{restored} objects restored");
    assert_eq!(a.restore_realm(&snapshot_a), 0, "nothing ran since");
    assert_eq!(eval(&mut a, "counter + ' ' + total + ' ' + typeof Math.answer"), "1 10 undefined");
    assert_eq!(eval(&mut b, "typeof [].extra"), "undefined");
    drop(snapshot_b);
    eval(&mut b, "Math.other = 1;");
    let snapshot_b = b.snapshot_realm().unwrap();
    assert_eq!(b.restore_realm(&snapshot_b), 0, "the dropped snapshot's writes are not listed");
    assert_eq!(eval(&mut b, "Math.other"), "1", "the new snapshot has what was there when it was taken");
}

/// boa 0.22 cached a property found on a prototype by its slot in the prototype's
/// storage, and kept reading that slot after a deletion there re-laid it out (the next
/// method, or past the end). Patch 0009 checks the prototype's shape too. Contexts are
/// kept between executions, so a site warmed by one execution must not mislead the next.
#[test]
fn a_site_warmed_before_a_prototype_property_is_deleted_sees_the_deletion() {
    let p = project(
        "function read(o) { return String(o.pop).slice(0, 12); }\n\
         function warm() { return read([]); }\n\
         function main() { const before = read([]); delete Array.prototype.pop; delete Object.prototype.toString;\n\
           return [before, read([]), String(({}).toString)]; }",
    );
    let mut runner = Runner::new();
    assert_eq!(runner.result(&p, "warm"), serde_json::json!("function pop"));
    assert_eq!(runner.result(&p, "main"), serde_json::json!(["function pop", "undefined", "undefined"]));
    assert_eq!(runner.result(&p, "warm"), serde_json::json!("function pop"));
}

/// A failed execution leaves nothing on the reused context either (boa unwinds its frames
/// and stack; the realm is restored): the heap stays flat over hundreds of failures.
#[test]
fn failing_executions_do_not_grow_the_heap() {
    let p = project(
        "var rows = [];\n\
         function fail(n) { rows.push({ n }); if (n > 0) return fail(n - 1); throw new Error('deep ' + rows.length); }\n\
         function main() { Array.prototype.extra = rows; try { fail(20); } finally { globalThis.kept = rows; } }",
    );
    let mut runner = Runner::new();
    let mut heap_bytes = Vec::new();
    for _ in 0..800 {
        let report = runner.run_in(&p, "main", "UTC", None);
        let Outcome::Failed { error } = &report.outcome else { panic!("{:?}", report.outcome) };
        assert_eq!(error.message, "deep 21");
        gas_engine::prepare_next(&p);
        heap_bytes.push(boa_gc::allocated_bytes());
    }
    // Right after a collection the heap is the live heap (see fresh_globals.rs).
    let early_live = heap_bytes[100..400].iter().copied().min().unwrap();
    let late_live = heap_bytes[500..].iter().copied().min().unwrap();
    assert!(late_live <= early_live + early_live / 10, "live heap grew: {early_live} bytes, then {late_live}");
}

#[test]
fn a_revoked_proxy_in_the_snapshot_is_restored() {
    let mut context = Context::default();
    context
        .eval(Source::from_bytes(
            "const r = Proxy.revocable({ a: 1 }, {}); globalThis.rp = r.proxy; globalThis.revoke = r.revoke;",
        ))
        .unwrap();
    let snapshot = context.snapshot_realm().unwrap();
    let revoked = context.eval(Source::from_bytes("revoke(); try { rp.a } catch (e) { e.name }")).unwrap();
    assert_eq!(revoked.to_string(&mut context).unwrap().to_std_string_escaped(), "TypeError");
    context.restore_realm(&snapshot);
    let after = context.eval(Source::from_bytes("rp.a")).unwrap();
    assert_eq!(after.to_string(&mut context).unwrap().to_std_string_escaped(), "1");
}
