//! The bindings of LockService, CacheService, PropertiesService, MailApp/GmailApp,
//! UrlFetchApp, Session, ScriptApp triggers, and Logger/console, seen from a script.

use crate::support;

use std::collections::BTreeMap;

use gas_platform::lock::{LockHolder, TIMEOUT_MESSAGE};
use gas_platform::mail::QUOTA_MESSAGE;
use gas_platform::properties::STORE_QUOTA_MESSAGE;
use gas_platform::trace::LogLevel;
use gas_platform::triggers::{TimeSpec, TOO_MANY_TRIGGERS_MESSAGE};
use gas_platform::urlfetch::HttpRule;
use serde_json::json;
use support::*;

// ---- LockService ---------------------------------------------------------------------

#[test]
fn lock_try_wait_has_and_release() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var lock = LockService.getScriptLock();
           var out = [lock.hasLock(), lock.tryLock(100), lock.hasLock()];
           lock.releaseLock();
           out.push(lock.hasLock());
           lock.waitLock(100);
           out.push(lock.hasLock(), LockService.getUserLock().hasLock(), LockService.getDocumentLock());
           return out;
         }",
    );
    assert_eq!(got, json!([false, true, true, false, true, false, null]));
    assert_eq!(state(&world).locks.script, None, "released when the execution ends");
}

const WAIT_FOR_BUSY_LOCK: &str = "function main() {
  var lock = LockService.getScriptLock();
  var start = Date.now();
  try { lock.waitLock(1000); } catch (e) { return [String(e), Date.now() - start, lock.hasLock()]; }
  return ['acquired', Date.now() - start, lock.hasLock()];
}";

fn world_with_outside_holder(until_utc_ms: i64) -> SharedWorld {
    let world = new_world();
    state(&world).locks.script = Some(LockHolder::Outside { until_utc_ms });
    world
}

#[test]
fn wait_lock_times_out_after_exactly_its_timeout() {
    let world = world_with_outside_holder(START_UTC_MS + 60_000);
    let got = result(&run_frozen(&world, WAIT_FOR_BUSY_LOCK));
    assert_eq!(got, json!([format!("Exception: {TIMEOUT_MESSAGE}"), 1000, false]));
    assert_eq!(state(&world).locks.script, Some(LockHolder::Outside { until_utc_ms: START_UTC_MS + 60_000 }));

    let world = world_with_outside_holder(START_UTC_MS + 60_000);
    let got = eval_in(&world, WAIT_FOR_BUSY_LOCK);
    assert_eq!(got, json!([format!("Exception: {TIMEOUT_MESSAGE}"), 1000 + latency_ms("Lock.waitLock"), false]));
}

#[test]
fn try_lock_returns_false_after_its_timeout() {
    let world = world_with_outside_holder(START_UTC_MS + 60_000);
    let got = result(&run_frozen(
        &world,
        "function main() { var t = Date.now(); var lock = LockService.getScriptLock(); return [lock.tryLock(1000), Date.now() - t, lock.tryLock(0)]; }",
    ));
    assert_eq!(got, json!([false, 1000, false]));
}

#[test]
fn wait_lock_gets_the_lock_when_the_holder_frees_it_in_time() {
    let world = world_with_outside_holder(START_UTC_MS + 400);
    let got = result(&run_frozen(&world, WAIT_FOR_BUSY_LOCK));
    assert_eq!(got, json!(["acquired", 400, true]));
    assert_eq!(state(&world).locks.script, None);
}

// ---- CacheService --------------------------------------------------------------------

#[test]
fn cache_put_get_remove_and_the_all_variants() {
    let got = eval(
        "function main() {
           var c = CacheService.getScriptCache();
           c.put('a', '1');
           c.put('n', 5);
           var out = [c.get('a'), c.get('n'), c.get('missing')];
           c.remove('a');
           out.push(c.get('a'));
           c.putAll({ x: '1', y: '2', z: '3' });
           out.push(c.getAll(['x', 'y', 'nope']));
           c.removeAll(['x', 'y']);
           out.push(c.getAll(['x', 'y', 'z']));
           out.push(CacheService.getUserCache().get('z'), CacheService.getDocumentCache());
           return out;
         }",
    );
    assert_eq!(got, json!(["1", "5", null, null, {"x": "1", "y": "2"}, {"z": "3"}, null, null]));
}

#[test]
fn cache_entries_expire_on_the_virtual_clock() {
    let world = new_world();
    let put =
        "function main() { var c = CacheService.getScriptCache(); c.put('short', 'v', 60); c.put('default', 'v'); }";
    result(&run_frozen(&world, put));
    let read_at = |offset_ms: i64| {
        let src =
            "function main() { var c = CacheService.getScriptCache(); return [c.get('short'), c.get('default')]; }";
        result(&run_frozen_at(&world, src, START_UTC_MS + offset_ms))
    };
    assert_eq!(read_at(59_999), json!(["v", "v"]));
    assert_eq!(read_at(60_000), json!([null, "v"]));
    assert_eq!(read_at(599_999), json!([null, "v"]));
    assert_eq!(read_at(600_000), json!([null, null]));
}

#[test]
fn cache_key_and_value_errors_have_the_platform_text() {
    let cases = [
        ("c.put('', 'v')", "Exception: Invalid argument: key"),
        ("c.get(null)", "Exception: Invalid argument: key"),
        ("c.put('k', 'x'.repeat(102401))", "Exception: Argument too large: value"),
        ("c.put('k', 'x'.repeat(102400))", "no error"),
        ("c.put('k'.repeat(251), 'v')", "Exception: Argument too large: key"),
        ("c.put('k'.repeat(250), 'v')", "no error"),
        ("c.getAll(['ok', ''])", "Exception: Invalid argument: key"),
    ];
    for (snippet, expected) in cases {
        assert_eq!(thrown(&format!("var c = CacheService.getScriptCache(); {snippet}")), expected, "{snippet}");
    }
}

// ---- PropertiesService ---------------------------------------------------------------

#[test]
fn property_values_become_strings() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var p = PropertiesService.getScriptProperties();
           p.setProperty('n', 5).setProperty('b', true).setProperty('o', { a: 1 });
           return [p.getProperty('n'), typeof p.getProperty('n'), p.getProperty('b'), p.getProperty('o'), p.getProperty('nope')];
         }",
    );
    assert_eq!(got, json!(["5", "string", "true", "[object Object]", null]));
    assert_eq!(state(&world).properties.script.get("n"), Some("5"));
}

#[test]
fn properties_bulk_operations() {
    let got = eval(
        "function main() {
           var p = PropertiesService.getScriptProperties();
           p.setProperties({ b: 2, a: 'one' });
           var out = [p.getProperties(), p.getKeys()];
           p.setProperties({ c: '3' });
           out.push(p.getKeys());
           p.setProperties({ z: '26' }, true);
           out.push(p.getProperties());
           p.deleteProperty('z');
           p.setProperty('y', '25');
           p.deleteAllProperties();
           out.push(p.getKeys(), PropertiesService.getUserProperties().getKeys(), PropertiesService.getDocumentProperties());
           return out;
         }",
    );
    assert_eq!(got, json!([{"a": "one", "b": "2"}, ["a", "b"], ["a", "b", "c"], {"z": "26"}, [], [], null]));
}

#[test]
fn the_deprecated_script_and_user_properties_globals_are_the_two_stores() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var chained = ScriptProperties.setProperty('a', 1).setProperties({ b: '2' });
           UserProperties.setProperty('u', 'me').deleteProperty('gone');
           return [
             chained === ScriptProperties, ScriptProperties.getProperties(), ScriptProperties.getKeys(),
             PropertiesService.getScriptProperties().getProperty('a'), UserProperties.getProperty('u'),
             PropertiesService.getUserProperties().getKeys(), ScriptProperties.getProperty('u'),
             String(ScriptProperties), String(UserProperties.deleteAllProperties()), UserProperties.getKeys(),
           ];
         }",
    );
    assert_eq!(
        got,
        json!([true, {"a": "1", "b": "2"}, ["a", "b"], "1", "me", ["u"], null, "ScriptProperties", "UserProperties", []])
    );
    assert_eq!(state(&world).properties.script.get("b"), Some("2"));
    assert_eq!(thrown("ScriptProperties.getProperty('')"), "Exception: Invalid argument: key");
}

#[test]
fn properties_errors_have_the_platform_text() {
    let got = eval(
        "function main() {
           var p = PropertiesService.getScriptProperties();
           var big = 'x'.repeat(9000);
           for (var i = 0; i < 100; i++) {
             try { p.setProperty('k' + i, big); } catch (e) { return [i, String(e), p.getKeys().length]; }
           }
           return 'no error';
         }",
    );
    // k0..k9 take 9,002 bytes each, k10.. 9,003: the 57th property passes 500 KB.
    assert_eq!(got, json!([56, format!("Exception: {STORE_QUOTA_MESSAGE}"), 56]));
    let cases = [
        ("p.getProperty('')", "Exception: Invalid argument: key"),
        ("p.setProperty('', 'v')", "Exception: Invalid argument: key"),
        ("p.setProperty('k', 'x'.repeat(9300))", "Exception: Argument too large: value"),
    ];
    for (snippet, expected) in cases {
        assert_eq!(
            thrown(&format!("var p = PropertiesService.getScriptProperties(); {snippet}")),
            expected,
            "{snippet}"
        );
    }
}

// ---- MailApp / GmailApp --------------------------------------------------------------

#[test]
fn send_email_overloads_and_gmail() {
    let world = new_world();
    eval_in(
        &world,
        "function main() {
           MailApp.sendEmail('a@example.com', 'One', 'Body 1');
           MailApp.sendEmail('a@example.com, b@example.com', 'Two', 'Body 2',
             { cc: 'c@example.com', bcc: 'd@example.com', htmlBody: '<b>2</b>', name: 'Bot', replyTo: 'r@example.com' });
           MailApp.sendEmail({ to: 'e@example.com', subject: 'Three', body: 'Body 3', cc: 'f@example.com', htmlBody: '<i>3</i>' });
           MailApp.sendEmail('g@example.com', 'reply@example.com', 'Four', 'Body 4');
           GmailApp.sendEmail('h@example.com', 'Five', 'Body 5', { name: 'Gmail Bot' });
         }",
    );
    let sent: Vec<_> = state(&world).mail.sent.iter().map(|s| serde_json::to_value(&s.mail).unwrap()).collect();
    assert_eq!(
        sent,
        [
            json!({"to": ["a@example.com"], "subject": "One", "body": "Body 1", "via": "MailApp"}),
            json!({"to": ["a@example.com", "b@example.com"], "cc": ["c@example.com"], "bcc": ["d@example.com"], "subject": "Two",
                   "body": "Body 2", "html_body": "<b>2</b>", "name": "Bot", "reply_to": "r@example.com", "via": "MailApp"}),
            json!({"to": ["e@example.com"], "cc": ["f@example.com"], "subject": "Three", "body": "Body 3", "html_body": "<i>3</i>", "via": "MailApp"}),
            json!({"to": ["g@example.com"], "subject": "Four", "body": "Body 4", "reply_to": "reply@example.com", "via": "MailApp"}),
            json!({"to": ["h@example.com"], "subject": "Five", "body": "Body 5", "name": "Gmail Bot", "via": "GmailApp"}),
        ]
    );
}

#[test]
fn recipients_count_cc_and_bcc_against_the_daily_quota() {
    let got = eval(
        "function main() {
           var before = MailApp.getRemainingDailyQuota();
           MailApp.sendEmail('a@example.com,b@example.com', 's', 'b', { cc: 'c@example.com', bcc: 'd@example.com,e@example.com' });
           return [before, MailApp.getRemainingDailyQuota()];
         }",
    );
    assert_eq!(got, json!([100, 95]));
}

#[test]
fn the_101st_recipient_of_the_day_throws() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           for (var i = 0; i < 101; i++) {
             try { MailApp.sendEmail('user' + i + '@example.com', 'n' + i, 'b'); }
             catch (e) { return [i, String(e), MailApp.getRemainingDailyQuota()]; }
           }
           return 'no error';
         }",
    );
    assert_eq!(got, json!([100, format!("Exception: {QUOTA_MESSAGE}"), 0]));
    assert_eq!(state(&world).mail.sent.len(), 100);
}

// ---- UrlFetchApp ---------------------------------------------------------------------

fn http_world() -> SharedWorld {
    let world = new_world();
    let rule = |url: &str, status: u16, body: String| HttpRule {
        url: url.into(),
        method: None,
        status,
        body,
        headers: BTreeMap::new(),
        matched_count: 0,
    };
    let mut ok = rule("https://api.example.com/ok*", 200, "{\"ok\":true}".into());
    ok.headers.insert("Content-Type".into(), "application/json".into());
    let busy = rule("https://api.example.com/busy", 503, format!("{}tail", "e".repeat(100)));
    state(&world).http.rules = vec![ok, busy];
    world
}

#[test]
fn fetch_answers_from_the_rules() {
    let got = eval_in(
        &http_world(),
        "function main() {
           var r = UrlFetchApp.fetch('https://api.example.com/ok?page=1');
           return [r.getResponseCode(), r.getContentText(), JSON.parse(r.getContentText()).ok, r.getHeaders()];
         }",
    );
    assert_eq!(got, json!([200, "{\"ok\":true}", true, {"Content-Type": "application/json"}]));
}

#[test]
fn a_response_blob_holds_the_body_and_the_trace_names_get_blob() {
    let world = http_world();
    let src = "function main() {
           var response = UrlFetchApp.fetch('https://api.example.com/ok');
           var blob = response.getBlob();
           var raw = response.getContent();
           return [blob.getDataAsString(), blob.getContentType(), blob.getBytes().length,
                   String(raw) === String(blob.getBytes())];
         }";
    let report = run_in(&world, "UTC", src, "main", START_UTC_MS);
    assert_eq!(result(&report), json!(["{\"ok\":true}", "application/json", 11, true]));
    let methods: Vec<&str> = report.calls.items.iter().map(|c| c.method.as_str()).collect();
    assert_eq!(
        methods,
        ["UrlFetchApp.fetch", "HTTPResponse.getBlob", "HTTPResponse.getContent", "Blob.getDataAsString"]
    );
}

#[test]
fn fetch_errors_have_the_platform_text() {
    let world = http_world();
    assert_eq!(
        thrown_in(&world, "UrlFetchApp.fetch('https://api.example.com/busy')"),
        format!(
            "Exception: Request failed for https://api.example.com returned code 503. Truncated server response: {} (use muteHttpExceptions option to examine full response)",
            "e".repeat(100)
        )
    );
    assert_eq!(
        thrown_in(&world, "UrlFetchApp.fetch('https://nowhere.example.com/x')"),
        "Exception: gas-sim has no network: no [[http]] rule matches GET https://nowhere.example.com/x (add one to the scenario or state file)"
    );
    let got = eval_in(
        &world,
        "function main() { var r = UrlFetchApp.fetch('https://api.example.com/busy', { muteHttpExceptions: true }); return [r.getResponseCode(), r.getContentText().length]; }",
    );
    assert_eq!(got, json!([503, 104]));
}

#[test]
fn fetch_requests_are_logged_with_method_and_payload() {
    let world = http_world();
    eval_in(
        &world,
        "function main() {
           UrlFetchApp.fetch('https://api.example.com/ok');
           UrlFetchApp.fetch('https://api.example.com/ok/post', { method: 'post', contentType: 'application/json', payload: JSON.stringify({ a: 1 }) });
           UrlFetchApp.fetch('https://api.example.com/ok/form', { method: 'put', payload: { a: 1, b: 'two' } });
         }",
    );
    let log: Vec<_> = state(&world)
        .http
        .log
        .iter()
        .map(|l| {
            (
                l.at_utc_ms - START_UTC_MS,
                l.request.method.clone(),
                l.request.payload.clone(),
                l.request.headers.clone(),
                l.status,
            )
        })
        .collect();
    let fetch_ms = latency_ms("UrlFetchApp.fetch");
    let json_type = BTreeMap::from([("Content-Type".to_string(), "application/json".to_string())]);
    assert_eq!(
        log,
        [
            (0, "GET".to_string(), None, BTreeMap::new(), 200),
            (fetch_ms, "POST".to_string(), Some("{\"a\":1}".to_string()), json_type, 200),
            (2 * fetch_ms, "PUT".to_string(), Some("a=1&b=two".to_string()), BTreeMap::new(), 200),
        ]
    );
}

#[test]
fn get_request_shows_what_fetch_would_send_and_sends_nothing() {
    let world = http_world();
    let got = eval_in(
        &world,
        "function main() {
           var form = UrlFetchApp.getRequest('https://api.example.com/ok', { method: 'put', payload: { a: 1, b: 'two' }, headers: { 'X-Key': 'k' }, followRedirects: false });
           var plain = UrlFetchApp.getRequest('https://api.example.com/ok');
           var json = UrlFetchApp.getRequest('https://api.example.com/ok', { method: 'post', contentType: 'application/json', payload: '{}' });
           var headed = UrlFetchApp.getRequest('https://api.example.com/ok', { headers: { 'Content-Type': 'text/csv' } });
           return [form, plain.method, plain.payload, plain.contentType, plain.followRedirects, json.contentType, json.headers,
                   headed.contentType, headed.headers];
         }",
    );
    assert_eq!(
        got,
        json!([
            {"url": "https://api.example.com/ok", "method": "put", "contentType": "application/x-www-form-urlencoded",
             "payload": "a=1&b=two", "headers": {"X-Key": "k"}, "followRedirects": false,
             "validateHttpsCertificates": true, "useIntranet": false},
            "get", "", "application/x-www-form-urlencoded", true, "application/json", {},
            "text/csv", {"Content-Type": "text/csv"}
        ])
    );
    let state = state(&world);
    assert!(state.http.log.is_empty(), "getRequest sent a request");
    assert!(state.quotas.urlfetch_calls.is_unused(), "getRequest used a quota");
}

// ---- Session -------------------------------------------------------------------------

#[test]
fn session_gives_the_script_zone_and_the_user() {
    let world = new_world();
    state(&world).user_email = "ops@example.com".into();
    let src = "function main() {
      Logger.log(Session.getActiveUser());
      return [Session.getScriptTimeZone(), Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), String(Session.getActiveUser())];
    }";
    let report = run_in(&world, "Asia/Tokyo", src, "main", START_UTC_MS);
    assert_eq!(result(&report), json!(["Asia/Tokyo", "ops@example.com", "ops@example.com", "ops@example.com"]));
    assert_eq!(logs(&report), ["ops@example.com"]);
}

// ---- ScriptApp triggers --------------------------------------------------------------

#[test]
fn triggers_are_created_listed_and_deleted() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var t = ScriptApp.newTrigger('hourly').timeBased().everyHours(1).create();
           var all = ScriptApp.getProjectTriggers();
           var out = [all.length, all[0].getHandlerFunction(), t.getHandlerFunction(), all[0].getUniqueId() === t.getUniqueId()];
           ScriptApp.deleteTrigger(all[0]);
           out.push(ScriptApp.getProjectTriggers().length);
           ScriptApp.newTrigger('daily').timeBased().everyDays(1).atHour(9).create();
           ScriptApp.newTrigger('often').timeBased().everyMinutes(5).create();
           return out;
         }",
    );
    assert_eq!(got, json!([1, "hourly", "hourly", true, 0]));
    let installed: Vec<_> =
        state(&world).triggers.installed.iter().map(|t| (t.handler.clone(), t.spec.clone())).collect();
    assert_eq!(
        installed,
        [
            ("daily".to_string(), TimeSpec::EveryDays { days: 1, at_hour: 9, near_minute: None }),
            ("often".to_string(), TimeSpec::EveryMinutes { minutes: 5 }),
        ]
    );
}

#[test]
fn trigger_builders_record_their_schedule() {
    let cases = [
        ("everyMinutes(30)", TimeSpec::EveryMinutes { minutes: 30 }, None),
        ("everyHours(12)", TimeSpec::EveryHours { hours: 12 }, None),
        ("atHour(6).everyDays(2)", TimeSpec::EveryDays { days: 2, at_hour: 6, near_minute: None }, None),
        (
            "everyWeeks(2).onWeekDay(ScriptApp.WeekDay.FRIDAY).atHour(18).nearMinute(30)",
            TimeSpec::EveryWeeks { weeks: 2, weekday: 5, at_hour: 18, near_minute: Some(30) },
            None,
        ),
        (
            "onWeekDay(ScriptApp.WeekDay.MONDAY)",
            TimeSpec::EveryWeeks { weeks: 1, weekday: 1, at_hour: 0, near_minute: None },
            None,
        ),
        (
            "onMonthDay(31).atHour(23).nearMinute(45)",
            TimeSpec::OnMonthDay { month_day: 31, at_hour: 23, near_minute: Some(45) },
            None,
        ),
        ("at(new Date(Date.now() + 3600000))", TimeSpec::At { at_utc_ms: START_UTC_MS + 3_600_000 }, None),
        ("after(60000)", TimeSpec::At { at_utc_ms: START_UTC_MS + 60_000 }, None),
        ("atDate(2025, 7, 1)", TimeSpec::OnDate { at_utc_ms: 1_751_328_000_000 }, None),
        (
            "everyDays(1).atHour(9).inTimezone('America/New_York')",
            TimeSpec::EveryDays { days: 1, at_hour: 9, near_minute: None },
            Some("America/New_York".to_string()),
        ),
    ];
    for (builder, spec, zone) in cases {
        let world = new_world();
        result(&run_frozen(
            &world,
            &format!("function main() {{ ScriptApp.newTrigger('f').timeBased().{builder}.create(); }}"),
        ));
        let installed = state(&world).triggers.installed.clone();
        assert_eq!(installed.len(), 1, "{builder}");
        assert_eq!(
            (&installed[0].handler, &installed[0].spec, &installed[0].time_zone),
            (&"f".to_string(), &spec, &zone),
            "{builder}"
        );
    }
}

#[test]
fn trigger_limits_have_the_platform_text() {
    let got = eval(
        "function main() {
           for (var i = 0; i < 21; i++) {
             try { ScriptApp.newTrigger('f' + i).timeBased().everyHours(1).create(); }
             catch (e) { return [i, String(e), ScriptApp.getProjectTriggers().length]; }
           }
           return 'no error';
         }",
    );
    assert_eq!(got, json!([20, format!("Exception: {TOO_MANY_TRIGGERS_MESSAGE}"), 20]));
    assert_eq!(
        thrown("ScriptApp.newTrigger('f').timeBased().everyMinutes(7).create()"),
        "Exception: The value passed to everyMinutes() must be one of 1, 5, 10, 15 or 30."
    );
}

// ---- Logger and console --------------------------------------------------------------

/// `Logger.getLog()`: what Logger.log wrote in this execution (not console's), stamped
/// in the script's zone on the virtual clock; `clear()` empties it. With the deprecated
/// Session and User getters, answered as what replaced them.
#[test]
fn the_user_has_authorized_the_script_which_is_no_add_on() {
    let got = eval(
        "function main() {
           var info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
           var limited = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.LIMITED);
           ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, ['https://www.googleapis.com/auth/spreadsheets']);
           ScriptApp.requireAllScopes(ScriptApp.AuthMode.FULL);
           return [info.getAuthorizationStatus() === ScriptApp.AuthorizationStatus.NOT_REQUIRED, info.getAuthorizationUrl(),
                   limited.getAuthorizationStatus(), ScriptApp.getInstallationSource() === ScriptApp.InstallationSource.NONE,
                   ScriptApp.getProjectKey() === ScriptApp.getScriptId()];
         }",
    );
    assert_eq!(got, json!([true, null, "NOT_REQUIRED", true, true]));
    assert_eq!(
        thrown("ScriptApp.requireScopes(ScriptApp.AuthMode.FULL)"),
        "Exception: The parameters (String) don't match the method signature for ScriptApp.requireScopes."
    );
}

#[test]
fn a_date_now_replaced_before_the_first_service_does_not_reach_the_log() {
    // The kernel (Logger's code) loads at the first service a script touches, after this
    // script replaced Date.now; twice, the second on the thread's live context, where the
    // kernel is already loaded.
    let run_once = || {
        let src = "function main() { Date.now = () => 0; Logger.log('x'); return Logger.getLog(); }";
        result(&run_in(&new_world(), "UTC", src, "main", START_UTC_MS))
    };
    let first = run_once();
    assert_eq!(first, json!("[25-06-13 09:00:00:000 UTC] x\n"));
    assert_eq!(run_once(), first);
}

#[test]
fn logger_get_log_and_the_deprecated_session_getters() {
    // Twice, the second on the thread's live context: no line of the first is in it.
    let run_once = || {
        run_in(
        &new_world(),
        "Europe/Istanbul",
        "function main() {
           Logger.log('first');
           console.log('not in it');
           Utilities.sleep(1500);
           Logger.log('n=%s', 2);
           Date.now = () => 0;
           Logger.log('third');
           const before = Logger.getLog();
           Logger.clear();
           Logger.log('after');
           const user = Session.getUser();
           return [before, Logger.getLog(), Session.getTimeZone(), user.getEmail() === Session.getActiveUser().getEmail(),
                   user.getUserLoginId() === user.getEmail()];
         }",
        "main",
        START_UTC_MS,
    )
    };
    let report = run_once();
    assert_eq!(result(&run_once()), result(&report));
    // START_UTC_MS is 2025-06-13 09:00 UTC: 12:00 in Istanbul (GMT+03:00, as formatDate's `z`).
    assert_eq!(
        result(&report),
        json!([
            "[25-06-13 12:00:00:000 GMT+03:00] first\n[25-06-13 12:00:01:500 GMT+03:00] n=2\n[25-06-13 12:00:01:500 GMT+03:00] third\n",
            "[25-06-13 12:00:01:500 GMT+03:00] after\n",
            "Europe/Istanbul",
            true,
            true
        ])
    );
}

#[test]
fn logger_and_console_lines_have_their_levels() {
    let report = run(
        "function main() {
           Logger.log('total %s for %s', 3, 'ops');
           Logger.log({ a: 1 });
           Logger.log('%s and %s', 'one');
           console.log('x', 1, true);
           console.info('info');
           console.warn('careful');
           console.error('bad', new Error('boom'));
           Logger.log(SpreadsheetApp.create('x').getSheets()[0]);
           console.log(new Date(0), null, undefined, [1, 'a']);
         }",
        "main",
    );
    let s = |text: &str| text.to_string();
    assert_eq!(
        leveled_logs(&report),
        [
            (LogLevel::Info, s("total 3 for ops")),
            (LogLevel::Info, s("{\"a\":1}")),
            (LogLevel::Info, s("one and %s")),
            (LogLevel::Info, s("x 1 true")),
            (LogLevel::Info, s("info")),
            (LogLevel::Warning, s("careful")),
            (LogLevel::Error, s("bad Error: boom")),
            (LogLevel::Info, s("Sheet")),
            (
                LogLevel::Info,
                s("Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) null undefined [1,\"a\"]")
            ),
        ]
    );
}

#[test]
fn console_format_specifiers_work_as_in_v8() {
    // Expected lines printed by Node 20's console.log for the same calls.
    let report = run(
        "function main() {
           console.log('%d items', 3);
           console.log('%s has %d rows and %i cols, ratio %f', 'Sheet1', '42', 7.9, '0.25');
           console.log('%% done: %d%%', 50);
           console.log('100%%');
           console.log('%d', {a:1});
           console.log('%s', 'a', 'extra', 5);
           console.log('%c styled', 'color: red');
           console.log('%s and %s', 'one');
           console.log(5, '%d', 6);
           console.warn('%x %d', 1);
           console.log('%d', [5]);
           console.log('%d %s', -0, -0);
           console.log('%i', '0x10');
           console.log('%d', 12n);
         }",
        "main",
    );
    assert_eq!(
        logs(&report),
        [
            "3 items",
            "Sheet1 has 42 rows and 7 cols, ratio 0.25",
            "% done: 50%",
            "100%%",
            "NaN",
            "a extra 5",
            " styled",
            "one and %s",
            "5 %d 6",
            "%x 1",
            "5",
            "-0 -0",
            "16",
            "12n"
        ]
    );
}

/// `ScriptApp.newStateToken()`: the token carries the method (default `callback`), the
/// arguments (a later value of a name wins) and the timeout (default 60 s, at most 3600),
/// measured from the execution's virtual time; the same builder gives the same token.
#[test]
fn a_state_token_carries_its_method_arguments_and_timeout() {
    use gas_platform::state_token::{StateToken, METHOD_DEFAULT, TIMEOUT_MESSAGE};
    let got = eval(
        "function main() {
           const built = ScriptApp.newStateToken().withMethod('authCallback').withArgument('serviceName', 'github')
             .withArgument('n', 1).withArgument('n', 2).withTimeout(120);
           const threw = (f) => { try { f(); return 'no error'; } catch (e) { return e.message; } };
           return [built.createToken(), built.createToken(), ScriptApp.newStateToken().createToken(),
                   threw(() => ScriptApp.newStateToken().withTimeout(3601).createToken()),
                   threw(() => ScriptApp.newStateToken().withTimeout('soon').createToken())];
         }",
    );
    let token = StateToken::decode(got[0].as_str().unwrap(), START_UTC_MS).unwrap();
    assert_eq!(token.method, "authCallback");
    let arguments: Vec<(&str, &str)> = token.arguments.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(arguments, [("n", "2"), ("serviceName", "github")]);
    assert_eq!(token.expires_at_utc_ms, START_UTC_MS + 120_000);
    assert_eq!(got[0], got[1]);
    let plain = StateToken::decode(got[2].as_str().unwrap(), START_UTC_MS).unwrap();
    assert_eq!((plain.method.as_str(), plain.expires_at_utc_ms), (METHOD_DEFAULT, START_UTC_MS + 60_000));
    assert_eq!((got[3].as_str(), got[4].as_str()), (Some(TIMEOUT_MESSAGE), Some(TIMEOUT_MESSAGE)));
}

/// A call's record keeps its arguments only when asked (`ExecutionSpec::call_args`:
/// `gas-sim call`, an explored schedule, the HTML timeline); the method, outcome and
/// time are kept either way (a web app's client counts its rows and mails from them).
#[test]
fn call_records_keep_arguments_only_when_asked() {
    use gas_engine::ExecutionSpec;
    let src = "function main() { CacheService.getScriptCache().put('k', 'v', 60); return 1; }";
    let records = |call_args: bool| {
        let world = new_world();
        let spec = ExecutionSpec { call_args, ..ExecutionSpec::new(1, "main", START_UTC_MS, 7) };
        let report = run_spec(&world, &project("UTC", src), "UTC", &spec);
        report.calls.items.iter().map(|c| (c.method.clone(), c.args.clone(), c.outcome.clone())).collect::<Vec<_>>()
    };
    let put = |args: &str| ("Cache.put".to_string(), args.to_string(), "ok".to_string());
    assert!(records(true).contains(&put("\"k\", \"v\", 60")), "{:?}", records(true));
    assert!(records(false).contains(&put("")), "{:?}", records(false));
    assert_eq!(records(true).len(), records(false).len());
}
