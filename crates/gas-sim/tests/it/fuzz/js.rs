//! Generated hostile scripts: service calls with odd arguments, values whose coercion
//! throws, tampered builtins and prelude objects, throws through try/finally, promise jobs,
//! generators, eval. Only constructs gas-sim bounds today are generated; those that still
//! hang or abort the process are generated only with `GAS_SIM_FUZZ_PENDING=1` (see
//! `UNBOUNDED`), for when the engine's budget and limits land.

use proptest::prelude::*;

/// Values a script passes around.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("0".to_string()),
        Just("-1".to_string()),
        Just("-0".to_string()),
        Just("2 ** 31".to_string()),
        Just("2 ** 53 + 1".to_string()),
        Just("1e308 * 10".to_string()),
        Just("NaN".to_string()),
        Just("''".to_string()),
        Just("'not an address'".to_string()),
        Just("'ops@example.com'".to_string()),
        Just("'https://example.com/x'".to_string()),
        Just("'\\u0000\\ud800%s{}'".to_string()),
        Just("'x'.repeat(200)".to_string()),
        Just("null".to_string()),
        Just("undefined".to_string()),
        Just("[]".to_string()),
        Just("[[1, 'a'], [null]]".to_string()),
        Just("{}".to_string()),
        Just("{ a: { b: [1, 2] } }".to_string()),
        Just("new Date(NaN)".to_string()),
        Just("new Date(8.64e15)".to_string()),
        Just("Symbol('s')".to_string()),
        Just("10n".to_string()),
        Just("({ toString() { throw new Error('coerced') } })".to_string()),
        Just("({ valueOf() { return 7; }, toString() { return 'seven'; } })".to_string()),
        Just("({ [Symbol.toPrimitive]() { throw new TypeError('primitive') } })".to_string()),
        Just("({ get x() { throw 'getter'; } })".to_string()),
        Just("new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw 1; } })".to_string()),
        Just("function () { return 1; }".to_string()),
        Just("SpreadsheetApp".to_string()),
        Just("globalThis".to_string()),
    ]
}

/// A call into a service, with generated arguments.
fn service_call() -> impl Strategy<Value = String> {
    let calls = prop_oneof![
        Just("SpreadsheetApp.openById($A)"),
        Just("SpreadsheetApp.getActiveSpreadsheet().getSheetByName($A)"),
        Just("SpreadsheetApp.create($A).getSheets()[0].getRange(1, 1, 2, 2).setValues($B)"),
        Just("SpreadsheetApp.create('s').getSheets()[0].appendRow($B)"),
        Just("SpreadsheetApp.create('s').getSheets()[0].getRange($A)"),
        Just("MailApp.sendEmail($A, $B, $C)"),
        Just("MailApp.sendEmail({ to: $A, subject: $B, body: $C })"),
        Just("GmailApp.sendEmail($A, $B, $C)"),
        Just("CacheService.getScriptCache().put($A, $B, $C)"),
        Just("CacheService.getScriptCache().get($A)"),
        Just("CacheService.getUserCache().putAll($B, $C)"),
        Just("PropertiesService.getScriptProperties().setProperty($A, $B)"),
        Just("PropertiesService.getScriptProperties().setProperties($B, $C)"),
        Just("PropertiesService.getUserProperties().getProperty($A)"),
        Just("LockService.getScriptLock().tryLock($A)"),
        Just("LockService.getScriptLock().waitLock($A)"),
        Just("LockService.getScriptLock().releaseLock()"),
        Just("UrlFetchApp.fetch($A, $B)"),
        Just("Utilities.formatDate(new Date($A), $B, 'yyyy-MM-dd HH:mm')"),
        Just("Utilities.formatString($A, $B, $C)"),
        Just("Utilities.base64Encode($A)"),
        Just("Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, $A)"),
        Just("Utilities.newBlob($A).getDataAsString()"),
        Just("Utilities.parseCsv($A)"),
        Just("Utilities.sleep($A)"),
        Just("Utilities.getUuid()"),
        Just("Session.getScriptTimeZone()"),
        Just("ScriptApp.newTrigger($A).timeBased().after($B).create()"),
        Just("ScriptApp.getProjectTriggers().forEach((t) => ScriptApp.deleteTrigger(t))"),
        Just("ContentService.createTextOutput($A).setMimeType($B)"),
        Just("console.log($A, $B)"),
        Just("Logger.log($A)"),
        Just("SpreadsheetApp.noSuchMethod($A)"),
    ];
    (calls, value(), value(), value()).prop_map(|(call, a, b, c)| {
        call.replace("$A", &format!("({a})")).replace("$B", &format!("({b})")).replace("$C", &format!("({c})"))
    })
}

/// Changes to the realm and the prelude's objects (undone by the realm restore).
fn tamper() -> impl Strategy<Value = String> {
    let changes = prop_oneof![
        Just("Object.prototype.injected = $V"),
        Just("Array.prototype.map = function () { return $V; }"),
        Just("delete Array.prototype.push"),
        Just("Object.freeze(Object.prototype)"),
        Just("Object.setPrototypeOf(Array.prototype, null)"),
        Just("Error.prototype.toString = function () { throw $V; }"),
        Just("Object.defineProperty(Error.prototype, 'message', { get() { throw $V; } })"),
        Just("String.prototype.toString = () => $V"),
        Just("JSON.stringify = () => $V"),
        Just("globalThis.SpreadsheetApp = $V"),
        Just("delete globalThis.MailApp"),
        Just("Object.freeze(CacheService)"),
        Just("Object.setPrototypeOf(SpreadsheetApp, $V)"),
        Just("Object.defineProperty(globalThis, 'Date', { value: $V })"),
        Just("Function.prototype.call = $V"),
        Just("Symbol.prototype.toString = $V"),
        Just("Promise.prototype.then = function () { throw $V; }"),
    ];
    (changes, value()).prop_map(|(change, v)| format!("{};", change.replace("$V", &format!("({v})"))))
}

/// One statement of a hostile script.
fn statement() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        3 => service_call().prop_map(|c| format!("out.push({c});")),
        2 => tamper(),
        1 => value().prop_map(|v| format!("throw {v};")),
        1 => value().prop_map(|v| format!("out.push(String({v}));")),
        1 => value().prop_map(|v| format!("out.push(JSON.stringify({v}));")),
        1 => value().prop_map(|v| format!("out.push(JSON.parse({v}));")),
        1 => value().prop_map(|v| format!("out.push(eval({v}));")),
        1 => value().prop_map(|v| format!("out.push(new Function('a', String({v}))(1));")),
        1 => (0u32..20_000).prop_map(|n| format!(
            "function r(n) {{ return n <= 0 ? 0 : 1 + r(n - 1); }} out.push(r({n}));"
        )),
        1 => value().prop_map(|v| format!("Promise.resolve({v}).then((x) => {{ out.push(x); throw x; }});")),
        1 => value().prop_map(|v| format!("Promise.reject({v});")),
        1 => value().prop_map(|v| format!("(async () => {{ await null; out.push({v}); }})();")),
        1 => value().prop_map(|v| format!("out.push([...(function* () {{ yield 1; throw {v}; }})()]);")),
        1 => (1u32..200).prop_map(|n| format!("for (let i = 0; i < {n}; i++) {{ out.push(i); }}")),
        1 => Just("out.length = 0;".to_string()),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4)
                .prop_map(|body| format!("try {{ {} }} catch (e) {{ out.push(String(e)); }}", body.join(" "))),
            (prop::collection::vec(inner.clone(), 1..3), prop::collection::vec(inner.clone(), 0..2)).prop_map(
                |(body, finally)| format!("try {{ {} }} finally {{ {} }}", body.join(" "), finally.join(" "))
            ),
            prop::collection::vec(inner.clone(), 1..3)
                .prop_map(|body| format!("(function () {{ {} }})();", body.join(" "))),
            (1u32..10, prop::collection::vec(inner, 1..3))
                .prop_map(|(n, body)| format!("for (let k = 0; k < {n}; k++) {{ {} }}", body.join(" "))),
        ]
    })
}

/// Constructs that hung, aborted or read host files before issue 10's limits (the step
/// budget, V8's string and array lengths, the native stack limit, no module loading):
/// each must now end by one of them.
pub const UNBOUNDED: &[&str] = &[
    "out.push('x'.repeat(2 ** 30).length);",
    "out.push(''.padStart(2 ** 31 - 1).length);",
    "const a = []; a.length = 2 ** 32 - 1; out.push(a.join().length);",
    "out.push(/(a+)+$/.test('a'.repeat(30) + '!'));",
    "out.push(Array.from({ length: 2 ** 32 - 1 }, (x, i) => i).length);",
    "out.push(new Array(2 ** 31).fill(0).length);",
    "Promise.resolve().then(function spin() { return Promise.resolve().then(spin); });",
    "(async () => { while (true) await null; })();",
    "let d = {}; for (let i = 0; i < 20000; i++) d = { d }; out.push(JSON.stringify(d).length);",
    "let n = []; for (let i = 0; i < 20000; i++) n = [n]; out.push(String(n).length);",
    "out.push(eval('('.repeat(3000) + '1' + ')'.repeat(3000)));",
    "const o = {}; for (let i = 0; i < 5e7; i++) o['k' + (i % 1000)] = i;",
    "out.push([3, 1, 2].sort(() => { while (true) {} }));",
    "import('some/file.js').then((m) => out.push(m), (e) => out.push(String(e)));",
    // Rust-side work of service calls (charged to the step budget) and a formula IronCalc
    // would parse recursively.
    "const s = 'x'.repeat(1000000); while (true) Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, s);",
    "while (true) { try { Utilities.formatString('%999999999d', 1); } catch (e) {} }",
    "const r = SpreadsheetApp.create('x').getActiveSheet().getRange('A1'); r.setFormula('=' + '('.repeat(100000) + '1' + ')'.repeat(100000)); out.push(r.getValue());",
];

/// A whole hostile function body.
pub fn script() -> BoxedStrategy<String> {
    let statements = prop::collection::vec(statement(), 1..6);
    let unbounded = prop::sample::select(UNBOUNDED.to_vec()).prop_map(str::to_string);
    (statements, prop::collection::vec(unbounded, 0..2))
        .prop_map(|(mut body, extra)| {
            body.extend(extra);
            body.join("\n  ")
        })
        .boxed()
}
