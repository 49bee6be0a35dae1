//! Session, ScriptApp and the trigger builder.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::value::Val;
use gas_platform::time::local_to_utc_ms;
use gas_platform::triggers::{TimeSpec, TriggerOrigin};
use gas_platform::{ServiceError, ServiceResult};

pub(super) fn dispatch(call: &Call) -> CallResult {
    script_app(call.host, call.method, call.handle, call.args)
}

pub(super) fn dispatch_session(call: &Call) -> CallResult {
    session(call.host, call.method)
}

fn session(host: &Host, method: &str) -> CallResult {
    match method {
        "Session.getScriptTimeZone" => Ok(Val::String(host.zone.name().to_string())),
        // A user at the bound spreadsheet runs its functions as themselves.
        _ => Ok(Val::String(host.invocation.user.clone().unwrap_or_else(|| host.world().user_email.clone()))),
    }
}

fn script_app(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let now = host.now();
    match method {
        "ScriptApp.getScriptId" => Ok(Val::String(host.script_id.clone())),
        "ScriptApp.getProjectTriggers" => {
            let world = host.world();
            Ok(Val::Array(world.triggers.installed.iter().map(trigger_val).collect()))
        }
        "ScriptApp.deleteTrigger" => {
            host.world().triggers.delete(&string_arg(args, 0));
            Ok(Val::Undefined)
        }
        "TriggerBuilder.create" => {
            let spec = trigger_spec(handle, now, host.zone)?;
            let zone = handle.get("timeZone").filter(|v| !v.is_nullish()).map(Val::to_js_string);
            let handler = handle.get("handler").map(Val::to_js_string).unwrap_or_default();
            let trigger = host.world().triggers.install(&handler, spec, zone, now, TriggerOrigin::Script)?;
            Ok(trigger_val(&trigger))
        }
        _ => Err(ServiceError::unimplemented(method).into()),
    }
}

fn trigger_val(trigger: &gas_platform::triggers::Trigger) -> Val {
    Val::Object(vec![
        ("id".into(), Val::String(trigger.id.clone())),
        ("handler".into(), Val::String(trigger.handler.clone())),
    ])
}

/// Reads what the builder recorded. The builder methods only record; the rules (allowed
/// intervals, hours) are gas-platform's `validate_spec`.
fn trigger_spec(builder: &Val, now_utc_ms: i64, zone: chrono_tz::Tz) -> ServiceResult<TimeSpec> {
    let number = |key: &str| builder.get(key).and_then(Val::as_f64).map(|n| n as u32);
    let hour = number("hour").unwrap_or(0);
    let minute = number("minute");
    if let Some(minutes) = number("everyMinutes") {
        return Ok(TimeSpec::EveryMinutes { minutes });
    }
    if let Some(hours) = number("everyHours") {
        return Ok(TimeSpec::EveryHours { hours });
    }
    if let Some(weekday) = number("onWeekDay") {
        return Ok(TimeSpec::EveryWeeks {
            weeks: number("everyWeeks").unwrap_or(1),
            weekday,
            at_hour: hour,
            near_minute: minute,
        });
    }
    if let Some(days) = number("everyDays") {
        return Ok(TimeSpec::EveryDays { days, at_hour: hour, near_minute: minute });
    }
    if let Some(Val::Date(ms)) = builder.get("at") {
        return Ok(TimeSpec::At { at_utc_ms: gas_platform::triggers::date_to_at_utc_ms(*ms)? });
    }
    if let Some(after_ms) = builder.get("after").and_then(Val::as_f64) {
        // A time a Date cannot hold (`after(1e308)`) is refused: it could not be saved.
        return Ok(TimeSpec::At { at_utc_ms: gas_platform::triggers::after_to_at_utc_ms(now_utc_ms, after_ms)? });
    }
    if let (Some(year), Some(month), Some(day)) = (number("atDateYear"), number("atDateMonth"), number("atDateDay")) {
        let date = chrono::NaiveDate::from_ymd_opt(year as i32, month, day)
            .ok_or_else(|| ServiceError::new("Invalid argument: atDate"))?;
        return Ok(TimeSpec::At { at_utc_ms: local_to_utc_ms(zone, date.and_hms_opt(0, 0, 0).unwrap_or_default()) });
    }
    // Assumed text: the builder needs a schedule before create().
    Err(ServiceError::new("Time-based triggers must have a schedule: call everyMinutes, everyHours, everyDays, onWeekDay, at or after before create()."))
}
