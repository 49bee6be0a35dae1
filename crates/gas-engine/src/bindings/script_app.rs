//! Session, ScriptApp, its Service and the trigger builder.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::SCOPE_SCRIPT_APP;
use gas_platform::script_app;
use gas_platform::triggers::{CalendarTrigger, CALENDAR_EVENT_TYPE, CALENDAR_SOURCE};
use gas_platform::triggers::{ClockBuilder, EventSource, EventTrigger, SpreadsheetEvent, Trigger, TriggerOrigin};
use gas_platform::ServiceError;

/// The getters the prelude answers from a trigger's handle ([`trigger_val`]).
pub(super) const READS: &[Read] = reads![
    "Trigger.getEventType" => "eventType",
    "Trigger.getHandlerFunction" => "handler",
    "Trigger.getTriggerSource" => "source",
    "Trigger.getTriggerSourceId" => "sourceId",
    "Trigger.getUniqueId" => "id",
    "AuthorizationInfo.getAuthorizationStatus" => "status",
    "AuthorizationInfo.getAuthorizationUrl" => "url",
];

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch);
    // The catalogue's create takes nothing; the prelude passes the handler's name.
    "CalendarTriggerBuilder.create" => 300 { scope: Some(SCOPE_SCRIPT_APP), params_override: Some(&["handler"]) },
    "ScriptApp.deleteTrigger" => 200 { scope: Some(SCOPE_SCRIPT_APP) },
    // The catalogue's create takes nothing; the prelude passes the handler's name.
    "DocumentTriggerBuilder.create" => 300 { scope: Some(SCOPE_SCRIPT_APP), params_override: Some(&["handler"]) },
    "ScriptApp.getAuthorizationInfo" => 0,
    "ScriptApp.getInstallationSource" => 0,
    "ScriptApp.getIdentityToken" => 0,
    "ScriptApp.getOAuthToken" => 0,
    // Deprecated on the platform: getScriptId's former name (documented).
    "ScriptApp.getProjectKey" => 0,
    "ScriptApp.requireAllScopes" => 0,
    "ScriptApp.requireScopes" => 0,
    "ScriptApp.getProjectTriggers" => 100 { scope: Some(SCOPE_SCRIPT_APP) },
    "ScriptApp.getScriptId" => 0,
    // Deprecated on the platform: getProjectTriggers's former name (documented).
    "ScriptApp.getScriptTriggers" => 100 { scope: Some(SCOPE_SCRIPT_APP) },
    "ScriptApp.getUserTriggers" => 100 { scope: Some(SCOPE_SCRIPT_APP) },
    "ScriptApp.getService" => 0,
    "ScriptApp.invalidateAuth" => 50,
    "Service.getUrl" => 0,
    "Service.isEnabled" => 0,
    // Made where the script runs (no request), from what the builder recorded.
    "StateTokenBuilder.createToken" => 0 { in_process: true },
    // The catalogue's create takes nothing; the prelude passes the handler's name.
    "FormTriggerBuilder.create" => 300 { scope: Some(SCOPE_SCRIPT_APP), params_override: Some(&["handler"]) },
    // The catalogue's create takes nothing; the prelude passes the handler's name.
    "SpreadsheetTriggerBuilder.create" => 300 { scope: Some(SCOPE_SCRIPT_APP), params_override: Some(&["handler"]) },
    // The catalogue's create takes nothing; the prelude passes the handler's name.
    "TriggerBuilder.create" => 300 { scope: Some(SCOPE_SCRIPT_APP), params_override: Some(&["handler"]) },
];

/// The methods answered here, declared once (`crate::methods`).
pub(super) const SESSION_METHODS: &[Method] = declare![Method::by(dispatch_session).in_process();
    "Session.getActiveUser" => 0,
    "Session.getActiveUserLocale" => 0,
    "Session.getEffectiveUser" => 0,
    "Session.getScriptTimeZone" => 0,
    "Session.getTemporaryActiveUserKey" => 0,
    // Deprecated on the platform, answered as what replaced them: getScriptTimeZone
    // and getActiveUser (documented).
    "Session.getTimeZone" => 0,
    "Session.getUser" => 0,
];

/// `Logger.getLog()`: the prelude passes the lines `Logger.log` wrote (70_logging.js).
pub(super) const LOGGER_METHODS: &[Method] = declare![Method::by(dispatch_logger).in_process();
    "Logger.getLog" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    script_app(call.host, call.method, call.handle, call.args)
}

pub(super) fn dispatch_logger(call: &Call) -> CallResult {
    // [[time value, text], ...]; anything else is a prelude bug, shown as no lines.
    let lines: Vec<(i64, String)> = match call.args.first() {
        Some(Val::Array(items)) => items
            .iter()
            .filter_map(|item| match item {
                Val::Array(pair) => Some((pair.first()?.as_f64()? as i64, pair.get(1)?.to_js_string())),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(Val::String(gas_platform::trace::logger_log_text(&lines, call.host.zone.name())?))
}

pub(super) fn dispatch_session(call: &Call) -> CallResult {
    session(call.host, call.method)
}

fn session(host: &Host, method: &str) -> CallResult {
    let world = host.world();
    let active_user = host.invocation.user.clone().unwrap_or_else(|| world.user_email.clone());
    let text = match method {
        "Session.getScriptTimeZone" | "Session.getTimeZone" => host.zone.name().to_string(),
        // A user at the bound spreadsheet runs its functions as themselves.
        "Session.getActiveUser" | "Session.getEffectiveUser" | "Session.getUser" => active_user,
        "Session.getActiveUserLocale" => {
            world.user_locale.clone().unwrap_or_else(|| script_app::DEFAULT_LOCALE.to_string())
        }
        "Session.getTemporaryActiveUserKey" => script_app::temporary_active_user_key(&host.script_id, &active_user),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(Val::String(text))
}

fn script_app(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let now = host.now();
    match method {
        "ScriptApp.getScriptId" => Ok(Val::String(host.script_id.clone())),
        "ScriptApp.getProjectKey" => Ok(Val::String(script_app::project_key(&host.script_id))),
        "ScriptApp.getInstallationSource" => Ok(Val::String(script_app::INSTALLATION_SOURCE.into())),
        // The mode and the scopes asked about are checked against the catalogue's
        // overloads; the answer is the same for every one (gas-platform's rule).
        "ScriptApp.getAuthorizationInfo" => {
            let info = script_app::authorization_info();
            Ok(Val::Object(vec![
                ("status".into(), Val::String(info.status.into())),
                ("url".into(), info.url.map(Val::String).unwrap_or(Val::Null)),
            ]))
        }
        "ScriptApp.requireScopes" | "ScriptApp.requireAllScopes" => {
            script_app::require_scopes();
            Ok(Val::Undefined)
        }
        "ScriptApp.getOAuthToken" => {
            Ok(Val::String(script_app::oauth_token(&host.script_id, &host.world().user_email)))
        }
        "ScriptApp.getIdentityToken" => {
            let email = host.world().user_email.clone();
            let token =
                script_app::identity_token(&host.script_id, &email, &host.oauth_scopes, host.clock.now_utc_ms());
            Ok(token.map_or(Val::Null, Val::String))
        }
        "ScriptApp.invalidateAuth" => {
            script_app::invalidate_auth();
            Ok(Val::Undefined)
        }
        // The prelude says which entry points the project defines (the handle).
        "ScriptApp.getService" => {
            let defines = |name: &str| matches!(handle.get(name), Some(Val::Bool(true)));
            let deployed = script_app::is_deployed(defines("doGet"), defines("doPost"));
            let url = script_app::web_app_url(&host.script_id, deployed);
            Ok(Val::Object(vec![
                ("enabled".into(), Val::Bool(deployed)),
                ("url".into(), url.map(Val::String).unwrap_or(Val::Null)),
            ]))
        }
        "Service.getUrl" => Ok(handle.get("url").cloned().unwrap_or(Val::Null)),
        "Service.isEnabled" => Ok(Val::Bool(matches!(handle.get("enabled"), Some(Val::Bool(true))))),
        "ScriptApp.getUserTriggers" => Ok(Val::Array(container_triggers(host, handle_arg(arg(args, 0))))),
        "ScriptApp.getProjectTriggers" | "ScriptApp.getScriptTriggers" => {
            let world = host.world();
            let clock = world.triggers.installed.iter().map(|t| (trigger_number(&t.id), trigger_val(t)));
            let events = world.triggers.on_events.iter().map(|t| (trigger_number(&t.id), event_trigger_val(t)));
            // In the order they were installed, whatever their kind (assumed).
            let calendars =
                world.triggers.on_calendars.iter().map(|t| (trigger_number(&t.id), calendar_trigger_val(t)));
            let mut all: Vec<(u64, Val)> = clock.chain(events).chain(calendars).collect();
            all.sort_by_key(|(number, _)| *number);
            Ok(Val::Array(all.into_iter().map(|(_, val)| val).collect()))
        }
        "SpreadsheetTriggerBuilder.create" => {
            let handler = handle.get("handler").map(Val::to_js_string).unwrap_or_default();
            let spreadsheet_id = handle.get("spreadsheet").map(Val::to_js_string).unwrap_or_default();
            let event = handle.get("event").map(Val::to_js_string).and_then(|e| SpreadsheetEvent::parse(&e));
            let Some(event) = event else {
                return Err(ServiceError::new(script_app::SPREADSHEET_TRIGGER_WITHOUT_EVENT).into());
            };
            let mut world = host.world();
            world.spreadsheets.open_by_id(&spreadsheet_id)?;
            let trigger = world.triggers.install_event(&handler, &spreadsheet_id, event, now, TriggerOrigin::Script)?;
            Ok(event_trigger_val(&trigger))
        }
        "CalendarTriggerBuilder.create" => calendar_trigger(host, handle, now),
        "FormTriggerBuilder.create" => {
            let form_id = handle.get("form").map(Val::to_js_string).unwrap_or_default();
            host.world().forms.get(&form_id)?;
            source_trigger(host, handle, EventSource::Form, &form_id, script_app::FORM_TRIGGER_WITHOUT_EVENT, now)
        }
        "DocumentTriggerBuilder.create" => {
            let document_id = handle.get("document").map(Val::to_js_string).unwrap_or_default();
            host.world().documents.get(&document_id)?;
            let without = script_app::DOCUMENT_TRIGGER_WITHOUT_EVENT;
            source_trigger(host, handle, EventSource::Document, &document_id, without, now)
        }
        "StateTokenBuilder.createToken" => state_token(handle, now),
        "ScriptApp.deleteTrigger" => {
            host.world().triggers.delete(&string_arg(args, 0));
            Ok(Val::Undefined)
        }
        "TriggerBuilder.create" => {
            let builder = clock_builder(handle);
            let spec = builder.to_spec(now, host.zone)?;
            let handler = handle.get("handler").map(Val::to_js_string).unwrap_or_default();
            let trigger =
                host.world().triggers.install(&handler, spec, builder.time_zone, now, TriggerOrigin::Script)?;
            Ok(trigger_val(&trigger))
        }
        _ => Err(ServiceError::unimplemented(method).into()),
    }
}

/// `createToken()`: the builder's method, arguments (a later `withArgument` of a name
/// replaces an earlier one) and timeout, as `gas_platform::state_token` encodes them.
fn state_token(handle: &Val, now: i64) -> CallResult {
    let method = handle.get("method").map(Val::to_js_string);
    let arguments = match handle.get("args") {
        Some(Val::Array(pairs)) => pairs
            .iter()
            .filter_map(|pair| match pair {
                Val::Array(kv) if kv.len() == 2 => Some((kv[0].to_js_string(), kv[1].to_js_string())),
                _ => None,
            })
            .collect(),
        _ => Default::default(),
    };
    // A timeout that is no number is outside the allowed range.
    let timeout_s = handle.get("timeout").map(|v| v.as_f64().filter(|s| s.is_finite()).map_or(0, |s| s.trunc() as i64));
    let token = gas_platform::state_token::StateToken::new(method.as_deref(), arguments, timeout_s, now)?;
    Ok(Val::String(token.encode()))
}

/// A form's or document's trigger from its builder: the event the script chose (one the
/// source has), on `id`, which the caller has checked exists.
fn source_trigger(host: &Host, handle: &Val, source: EventSource, id: &str, without: &str, now: i64) -> CallResult {
    let handler = handle.get("handler").map(Val::to_js_string).unwrap_or_default();
    let event = handle.get("event").map(Val::to_js_string).and_then(|e| SpreadsheetEvent::parse(&e));
    let Some(event) = event.filter(|e| source.watches(*e)) else {
        return Err(ServiceError::new(without).into());
    };
    let trigger = host.world().triggers.install_on(source, &handler, id, event, now, TriggerOrigin::Script)?;
    Ok(event_trigger_val(&trigger))
}

/// `getUserTriggers(container)`: the project's triggers on that spreadsheet, form or
/// document (the account is the one user), in install order. A Spreadsheet's handle is
/// its id, a Form's holds `id`, a Document's `d`.
fn container_triggers(host: &Host, container: &Val) -> Vec<Val> {
    let id = container.as_str().or_else(|| container.get("id").and_then(Val::as_str));
    let Some(id) = id.or_else(|| container.get("d").and_then(Val::as_str)) else {
        return Vec::new();
    };
    let world = host.world();
    world.triggers.on_events.iter().filter(|t| t.spreadsheet_id == id).map(event_trigger_val).collect()
}

/// Trigger ids are decimal counters (`Triggers::install`); their order is install order.
fn trigger_number(id: &str) -> u64 {
    id.parse().unwrap_or(u64::MAX)
}

/// A spreadsheet's, form's or document's trigger as the prelude's `Trigger` reads it.
fn event_trigger_val(trigger: &EventTrigger) -> Val {
    Val::Object(vec![
        ("id".into(), Val::String(trigger.id.clone())),
        ("handler".into(), Val::String(trigger.handler.clone())),
        ("eventType".into(), Val::String(trigger.event.event_type().into())),
        ("source".into(), Val::String(trigger.source.trigger_source().into())),
        ("sourceId".into(), Val::String(trigger.spreadsheet_id.clone())),
    ])
}

/// `forUserCalendar(id).onEventUpdated().create()`: on a calendar the account can see
/// (its primary one, by the account's address, exists from the start); another id gives
/// the calendar's not-found error (assumed).
fn calendar_trigger(host: &Host, handle: &Val, now: i64) -> CallResult {
    let handler = handle.get("handler").map(Val::to_js_string).unwrap_or_default();
    let calendar_id = handle.get("calendar").map(Val::to_js_string).unwrap_or_default();
    if !matches!(handle.get("event"), Some(Val::String(e)) if e == "event_updated") {
        return Err(ServiceError::new(gas_platform::triggers::CALENDAR_TRIGGER_WITHOUT_EVENT).into());
    }
    let mut world = host.world();
    let user = world.user_email.clone();
    if calendar_id == user {
        world.calendar.ensure_primary(&user);
    }
    world.calendar.get(&calendar_id)?;
    let trigger = world.triggers.install_calendar(&handler, &calendar_id, now, TriggerOrigin::Script)?;
    Ok(calendar_trigger_val(&trigger))
}

/// A calendar trigger as the prelude's `Trigger` reads it.
fn calendar_trigger_val(trigger: &CalendarTrigger) -> Val {
    Val::Object(vec![
        ("id".into(), Val::String(trigger.id.clone())),
        ("handler".into(), Val::String(trigger.handler.clone())),
        ("eventType".into(), Val::String(CALENDAR_EVENT_TYPE.into())),
        ("source".into(), Val::String(CALENDAR_SOURCE.into())),
        ("sourceId".into(), Val::String(trigger.calendar_id.clone())),
    ])
}

/// A trigger as the prelude's `Trigger` reads it: every getter's value.
fn trigger_val(trigger: &Trigger) -> Val {
    let clock = gas_platform::triggers::CLOCK_EVENT;
    Val::Object(vec![
        ("id".into(), Val::String(trigger.id.clone())),
        ("handler".into(), Val::String(trigger.handler.clone())),
        ("eventType".into(), Val::String(clock.event_type.into())),
        ("source".into(), Val::String(clock.source.into())),
        ("sourceId".into(), clock.source_id.map(|id| Val::String(id.into())).unwrap_or(Val::Null)),
    ])
}

/// What the builder recorded, in the fields the prelude writes. The rules (which
/// combinations, which values) are gas-platform's.
fn clock_builder(builder: &Val) -> ClockBuilder {
    let field = |key: &str| builder.get(key).filter(|v| !v.is_nullish());
    let number = |key: &str| field(key).map(|v| v.as_f64().unwrap_or(f64::NAN));
    let at_date = match field("atDate") {
        Some(Val::Array(parts)) => {
            let part = |i: usize| parts.get(i).and_then(Val::as_f64).unwrap_or(f64::NAN);
            Some((part(0), part(1), part(2)))
        }
        _ => None,
    };
    ClockBuilder {
        every_minutes: number("everyMinutes"),
        every_hours: number("everyHours"),
        every_days: number("everyDays"),
        every_weeks: number("everyWeeks"),
        on_week_day: field("onWeekDay").map(Val::to_js_string),
        on_month_day: number("onMonthDay"),
        at_hour: number("atHour"),
        near_minute: number("nearMinute"),
        at_ms: field("at").map(|v| match v {
            Val::Date(ms) => *ms,
            _ => f64::NAN,
        }),
        after_ms: number("after"),
        at_date,
        time_zone: field("timeZone").map(Val::to_js_string),
    }
}
