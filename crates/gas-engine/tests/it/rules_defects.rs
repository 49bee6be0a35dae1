//! Issue 11's fidelity defects, seen from a script: negative lock timeouts, R1C1 ranges,
//! ScriptApp and Session.

use crate::support;

use gas_engine::ExecutionSpec;
use gas_platform::lock::{LockHolder, TIMEOUT_MESSAGE};
use gas_platform::quotas::{
    DailyCount, PROPERTY_READS_QUOTA_MESSAGE, PROPERTY_WRITES_QUOTA_MESSAGE, TRIGGER_RUNTIME_QUOTA_MESSAGE,
    URLFETCH_QUOTA_MESSAGE,
};
use gas_platform::triggers::{self, TimeSpec};
use serde_json::json;
use support::*;

fn world_with_outside_holder(until_utc_ms: i64) -> SharedWorld {
    let world = new_world();
    state(&world).locks.script = Some(LockHolder::Outside { until_utc_ms });
    world
}

// ---- Lock: a negative timeout is no wait at all ---------------------------------------

#[test]
fn negative_lock_timeouts_do_not_wait_and_fail_on_a_held_lock() {
    let world = world_with_outside_holder(START_UTC_MS + 60_000);
    let got = result(&run_frozen(
        &world,
        "function main() {
           var lock = LockService.getScriptLock(), t = Date.now(), out = [lock.tryLock(-100), Date.now() - t];
           try { lock.waitLock(-100); out.push('no error'); } catch (e) { out.push(String(e)); }
           out.push(Date.now() - t, lock.hasLock());
           return out;
         }",
    ));
    assert_eq!(got, json!([false, 0, format!("Exception: {TIMEOUT_MESSAGE}"), 0, false]));
}

#[test]
fn negative_lock_timeouts_take_no_lock_even_a_free_one() {
    let world = new_world();
    let got = result(&run_frozen(
        &world,
        "function main() {
           var lock = LockService.getScriptLock(), out = [lock.tryLock(-100), lock.hasLock()];
           try { lock.waitLock(-100); out.push('no error'); } catch (e) { out.push(String(e)); }
           out.push(lock.hasLock(), lock.tryLock(0), lock.hasLock());
           return out;
         }",
    ));
    assert_eq!(got, json!([false, false, format!("Exception: {TIMEOUT_MESSAGE}"), false, true, true]));
}

// ---- Sheet.getRange: R1C1 references ---------------------------------------------------

#[test]
fn get_range_reads_r1c1_references() {
    let got = eval(
        "function main() {
           var sheet = SpreadsheetApp.create('t').getSheets()[0];
           sheet.getRange('R5C3').setValue('here');
           var block = sheet.getRange('R2C2:R4C5');
           return [sheet.getRange('C5').getValue(), sheet.getRange('R5C3').getA1Notation(), block.getA1Notation(),
                   block.getNumRows(), block.getNumColumns(), sheet.getRange('R10C5:R1C2').getA1Notation(),
                   sheet.getRange('r1c1:r2c2').getA1Notation(), sheet.getRange('R5').getA1Notation(),
                   sheet.getRange('R' + 2 + 'C' + 3).getRow()];
         }",
    );
    assert_eq!(got, json!(["here", "C5", "B2:E4", 3, 4, "B1:E10", "A1:B2", "R5", 2]));
}

#[test]
fn relative_r1c1_references_are_not_found() {
    assert_eq!(thrown("SpreadsheetApp.create('t').getSheets()[0].getRange('R[1]C[1]')"), "Exception: Range not found");
}

// ---- ScriptApp and Session -------------------------------------------------------------

#[test]
fn script_app_identity_values_are_deterministic_and_fake() {
    let src = "function main() {
       return [ScriptApp.getOAuthToken(), ScriptApp.getScriptId(), Session.getTemporaryActiveUserKey(),
               Session.getActiveUserLocale(), ScriptApp.getService().isEnabled(), ScriptApp.getService().getUrl(),
               ScriptApp.invalidateAuth()];
     }";
    let got = eval(src);
    let script = gas_platform::script_app::oauth_token("memory", "user@example.com");
    let key = gas_platform::script_app::temporary_active_user_key("memory", "user@example.com");
    assert_eq!(got, json!([script, "memory", key, "en", false, null, null]));
    assert_eq!(eval(src), got, "the same in every run");
    assert!(got[0].as_str().unwrap().starts_with("gas-sim-fake-oauth-token."));
}

#[test]
fn get_identity_token_is_a_jwt_with_the_openid_scope_and_null_without() {
    // The documented way to read the script's client id (guides/services/cloud-run).
    let src = "function main() {
       const idToken = ScriptApp.getIdentityToken();
       if (idToken === null) return null;
       const body = idToken.split('.')[1];
       const payload = JSON.parse(Utilities.newBlob(Utilities.base64DecodeWebSafe(body)).getDataAsString());
       return [idToken.split('.').length, payload.aud, payload.iat, payload.email || null];
     }";
    let world = new_world();
    let mut p = project("UTC", src);
    assert_eq!(result(&run_spec(&world, &p, "UTC", &ExecutionSpec::new(1, "main", START_UTC_MS, SEED))), json!(null));
    let scopes = ["openid", gas_platform::script_app::EMAIL_SCOPE];
    p.oauth_scopes = std::sync::Arc::new(scopes.iter().map(|s| s.to_string()).collect());
    let got = result(&run_spec(&world, &p, "UTC", &ExecutionSpec::new(2, "main", START_UTC_MS, SEED)));
    assert_eq!(got[0], json!(3));
    assert!(got[1].as_str().unwrap().ends_with(".apps.googleusercontent.com"), "{got}");
    let issued_s = got[2].as_i64().unwrap();
    assert!((START_UTC_MS / 1000..START_UTC_MS / 1000 + 5).contains(&issued_s), "issued at the call: {got}");
    assert_eq!(got[3], json!("user@example.com"));
}

#[test]
fn a_project_with_do_get_has_a_web_app_url_and_the_scenario_locale() {
    let world = new_world();
    state(&world).user_locale = Some("fr".into());
    let got = eval_in(
        &world,
        "function doGet() {}
         function main() { var s = ScriptApp.getService(); return [s.isEnabled(), s.getUrl(), Session.getActiveUserLocale()]; }",
    );
    let url = gas_platform::script_app::web_app_url("memory", true).unwrap();
    assert!(url.starts_with("https://script.google.com/macros/s/AKfycb") && url.ends_with("/exec"));
    assert_eq!(got, json!([true, url, "fr"]));
}

#[test]
fn every_trigger_getter_and_the_enums() {
    let got = eval(
        "function main() {
           var t = ScriptApp.newTrigger('job').timeBased().onWeekDay(ScriptApp.WeekDay.FRIDAY).atHour(18).create();
           var listed = ScriptApp.getProjectTriggers()[0];
           return [t.getUniqueId() === listed.getUniqueId(), listed.getHandlerFunction(), listed.getEventType(),
                   listed.getEventType() === ScriptApp.EventType.CLOCK, listed.getTriggerSource(),
                   listed.getTriggerSource() === ScriptApp.TriggerSource.CLOCK, listed.getTriggerSourceId(),
                   String(ScriptApp.WeekDay.MONDAY), ScriptApp.AuthMode.FULL, ScriptApp.EventType.ON_EVENT_UPDATED];
         }",
    );
    assert_eq!(got, json!([true, "job", "CLOCK", true, "CLOCK", true, null, "MONDAY", "FULL", "ON_EVENT_UPDATED"]));
}

#[test]
fn every_time_based_builder_form() {
    let world = new_world();
    result(&run_frozen(
        &world,
        "function main() {
           var b = function () { return ScriptApp.newTrigger('f').timeBased(); };
           [1, 5, 10, 15, 30].forEach(function (n) { b().everyMinutes(n).create(); });
           [1, 2, 4, 6, 8, 12].forEach(function (n) { b().everyHours(n).create(); });
           b().everyDays(3).atHour(7).nearMinute(15).create();
           b().everyWeeks(2).onWeekDay(ScriptApp.WeekDay.SUNDAY).atHour(6).create();
           b().at(new Date(Date.now() + 1000)).create();
           b().after(60000).create();
           b().atDate(2025, 7, 1).inTimezone('Asia/Tokyo').create();
         }",
    ));
    let installed = state(&world).triggers.installed.clone();
    assert_eq!(installed.len(), 16);
    assert_eq!(installed[11].spec, TimeSpec::EveryDays { days: 3, at_hour: 7, near_minute: Some(15) });
    assert_eq!(installed[12].spec, TimeSpec::EveryWeeks { weeks: 2, weekday: 7, at_hour: 6, near_minute: None });
    assert_eq!(installed[13].spec, TimeSpec::At { at_utc_ms: START_UTC_MS + 1000 });
    assert_eq!(installed[14].spec, TimeSpec::At { at_utc_ms: START_UTC_MS + 60_000 });
    // Midnight of 2025-07-01 in Tokyo, the trigger's zone, not the script's UTC.
    assert_eq!(installed[15].spec, TimeSpec::OnDate { at_utc_ms: 1_751_295_600_000 });
    assert_eq!(installed[15].time_zone.as_deref(), Some("Asia/Tokyo"));
}

#[test]
fn builder_combinations_the_platform_refuses_throw_its_text() {
    let cases = [
        ("everyMinutes(5).everyHours(1)", triggers::TWO_SCHEDULES_MESSAGE),
        ("everyHours(1).atHour(5)", triggers::HOUR_WITHOUT_DAYS_MESSAGE),
        ("everyWeeks(2)", triggers::WEEKS_WITHOUT_DAY_MESSAGE),
        ("atHour(5)", triggers::NO_SCHEDULE_MESSAGE),
        ("everyDays(1).inTimezone('Mars/Base')", triggers::INVALID_ZONE_MESSAGE),
        ("everyHours(3)", "The value passed to everyHours() must be one of 1, 2, 4, 6, 8 or 12."),
    ];
    for (builder, message) in cases {
        assert_eq!(
            thrown(&format!("ScriptApp.newTrigger('f').timeBased().{builder}.create()")),
            format!("Exception: {message}"),
            "{builder}"
        );
    }
}

// ---- Daily quotas ----------------------------------------------------------------------

fn world_with_quota_used(set: impl FnOnce(&mut gas_platform::quotas::Quotas)) -> SharedWorld {
    let world = new_world();
    {
        let mut w = state(&world);
        w.http.rules.push(gas_platform::urlfetch::HttpRule {
            url: "https://api.example.com/*".into(),
            method: None,
            status: 200,
            body: "ok".into(),
            headers: Default::default(),
            matched_count: 0,
        });
        set(&mut w.quotas);
    }
    world
}

fn used(count: u64) -> DailyCount {
    DailyCount { window_start_utc_ms: Some(START_UTC_MS - 3_600_000), used: count }
}

#[test]
fn the_day_after_the_last_allowed_fetch_is_the_platform_error() {
    let world = world_with_quota_used(|q| q.urlfetch_calls = used(19_999));
    let got = eval_in(
        &world,
        "function main() {
           var out = [UrlFetchApp.fetch('https://api.example.com/a').getContentText()];
           try { UrlFetchApp.fetch('https://api.example.com/b'); out.push('no error'); } catch (e) { out.push(String(e)); }
           try { UrlFetchApp.fetchAll(['https://api.example.com/c']); } catch (e) { out.push(String(e)); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!(["ok", format!("Exception: {URLFETCH_QUOTA_MESSAGE}"), format!("Exception: {URLFETCH_QUOTA_MESSAGE}")])
    );
    assert_eq!(state(&world).quotas.urlfetch_calls.used, 20_000);
}

#[test]
fn property_reads_and_writes_share_the_daily_quota() {
    let world = world_with_quota_used(|q| q.property_reads_writes = used(49_999));
    let got = eval_in(
        &world,
        "function main() {
           var p = PropertiesService.getScriptProperties(), out = [];
           p.setProperty('a', '1');
           try { p.getProperty('a'); } catch (e) { out.push(String(e)); }
           try { p.setProperty('b', '2'); } catch (e) { out.push(String(e)); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            format!("Exception: {PROPERTY_READS_QUOTA_MESSAGE}"),
            format!("Exception: {PROPERTY_WRITES_QUOTA_MESSAGE}")
        ])
    );
}

#[test]
fn a_trigger_execution_fails_as_it_starts_once_the_day_s_trigger_runtime_is_used_up() {
    let src = "function main() { PropertiesService.getScriptProperties().setProperty('ran', 'yes'); Utilities.sleep(60000); }";
    let by_trigger = |world: &SharedWorld| {
        let mut spec = gas_engine::ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
        spec.invocation = gas_platform::container::Invocation::of(gas_platform::container::InvocationKind::TimeTrigger);
        run_spec(world, &project("UTC", src), "UTC", &spec)
    };
    // 89 minutes used: this one runs, and its minute and a bit count.
    let world = world_with_quota_used(|q| q.trigger_runtime_ms = used(89 * 60_000));
    result(&by_trigger(&world));
    let after = state(&world).quotas.trigger_runtime_ms.used;
    assert!(after > 90 * 60_000, "{after}");
    // Used up: the next fails before any of the script runs.
    state(&world).properties.script.delete("ran").unwrap();
    let report = by_trigger(&world);
    assert_eq!(failure(&report).to_string(), format!("Exception: {TRIGGER_RUNTIME_QUOTA_MESSAGE}"));
    assert_eq!(state(&world).properties.script.get("ran"), None);
    // A run that no trigger started does not count and is not refused.
    result(&run_in(&world, "UTC", src, "main", START_UTC_MS));
    assert_eq!(state(&world).quotas.trigger_runtime_ms.used, after + (report.end_utc_ms - report.start_utc_ms) as u64);
}
