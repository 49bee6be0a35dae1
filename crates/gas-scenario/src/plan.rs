//! A scenario resolved for one zone: every time an instant, every name checked, the
//! initial world built. Everything a run needs, nothing it computes.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono_tz::Tz;
use gas_engine::{Latency, Limits, Project};
use gas_platform::faults::{FaultEffect, FaultRule, KillPoint};
use gas_platform::mail::{AccountType, QuotaReset};
use gas_platform::rng::SeededRng;
use gas_platform::sheets::{Sheet, Spreadsheet};
use gas_platform::time::{parse_time_in_zone, parse_zone};
use gas_platform::urlfetch::HttpRule;
use gas_platform::{CellValue, World};
use toml::Spanned;

use crate::expect::Expectation;
use crate::model::{LatencySetting, LoadedScenario, ScenarioError, SheetSection};
use crate::schedule::{local_day_start, parse_duration_ms, Schedule};

pub const DEFAULT_ZONES: [&str; 1] = ["UTC"];
/// The smallest `heap_bytes_max` a scenario may set: below it the prelude alone could
/// not run.
pub const HEAP_BYTES_MIN: i64 = 1 << 20;

/// Past this many days a scenario gets a warning unless it sets `length_days_warning`:
/// a year and a month covers the longest schedules people test (monthly and yearly
/// jobs), and a longer run is usually a typo in a year.
pub const LENGTH_DAYS_WARNING_DEFAULT: i64 = 400;

/// What starts executions, besides script-installed triggers.
#[derive(Debug, Clone)]
pub enum Occurrence {
    Run {
        function: String,
    },
    Request {
        method: String,
        event: serde_json::Value,
        lost: bool,
        /// The request's `User-Agent`, `None` for a request without one.
        user_agent: Option<String>,
    },
    Eviction {
        cache: gas_platform::cache::CacheScope,
        keys: String,
    },
    User(crate::container::UserEvent),
    /// Someone else changes a calendar's events (`[[calendar_changes]]`).
    CalendarChange(crate::calendar_changes::CalendarChange),
}

#[derive(Debug, Clone)]
pub struct PlannedEvent {
    pub at_utc_ms: i64,
    /// Position in the file: runs and requests at the same instant go in file order.
    pub order: usize,
    pub occurrence: Occurrence,
}

#[derive(Debug, Clone)]
pub struct PlannedTrigger {
    pub function: String,
    pub schedule: Schedule,
    pub from_utc_ms: i64,
    pub until_utc_ms: i64,
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub scenario_name: String,
    pub scenario_path: std::path::PathBuf,
    pub zone: Tz,
    pub zone_name: String,
    pub seed: u64,
    pub start_utc_ms: i64,
    pub end_utc_ms: i64,
    pub latency: Latency,
    pub project: Arc<Project>,
    pub world: World,
    pub events: Vec<PlannedEvent>,
    pub triggers: Vec<PlannedTrigger>,
    pub early_eviction_probability: f64,
    pub expectations: Vec<Expectation>,
    /// Engine limits for every execution (a mutation campaign lowers the loop limit).
    pub limits: Limits,
    /// The scenario set its own loop limit: a campaign's lower default does not replace
    /// it (the scenario's legitimate work needs it).
    pub limits_from_scenario: bool,
    /// Stop starting executions once more than this many were killed for running too
    /// long (the 6-minute kill or the loop limit): a mutation campaign has its verdict
    /// then. `None`: run to the end.
    pub stop_after_timeouts: Option<usize>,
    /// `strict = true`: any call of what gas-sim does not implement fails the run.
    pub strict: bool,
    /// `file:line` of each `[[faults]]` and `[[http]]` rule, for the warning about a
    /// rule that never matched.
    pub fault_places: Vec<String>,
    pub http_places: Vec<String>,
    /// `[[clients]]`, `[[submissions]]`, delivery faults, the concurrency limit.
    pub clients: crate::clients::ClientsPlan,
    /// Keep traces for the HTML timeline (`RunControl::keep_traces`).
    pub keep_traces: bool,
    /// The choices of an explored schedule (`crate::explore`); `None`: a plain run.
    pub choices: Option<Arc<crate::explore::Choices>>,
    /// The scenario explores (`explore = N`): an `in = "some"` expectation is the
    /// exploration's verdict, not one run's.
    pub explores: bool,
}

/// The zones a scenario runs in: its `time_zones`, or the project's zone.
pub fn zones_of(loaded: &LoadedScenario, project: &Project) -> Result<Vec<String>, ScenarioError> {
    match &loaded.file.time_zones {
        Some(zones) if zones.is_empty() => Err(loaded.error("time_zones", "must name at least one zone")),
        Some(zones) if zones.iter().enumerate().any(|(i, z)| zones[..i].contains(z)) => {
            let (i, twin) = zones.iter().enumerate().find(|(i, z)| zones[..*i].contains(z)).expect("just found");
            Err(loaded.error_at(twin, &format!("time_zones[{i}]"), format!("{:?} is named twice", twin.get_ref())))
        }
        Some(zones) => zones
            .iter()
            .map(|z| {
                parse_zone(z.get_ref()).map(|_| z.get_ref().clone()).map_err(|e| loaded.error_at(z, "time_zones", e))
            })
            .collect(),
        None => Ok(vec![project.time_zone.clone()]),
    }
}

pub fn plan(loaded: &LoadedScenario, project: Arc<Project>, zone_name: &str, seed: u64) -> Result<Plan, ScenarioError> {
    let file = &loaded.file;
    let zone = parse_zone(zone_name).map_err(|e| loaded.error("--tz", e))?;
    let time = |value: &Spanned<String>, key: &str| {
        parse_time_in_zone(value.get_ref(), zone)
            .and_then(gas_platform::time::check_instant)
            .map_err(|e| loaded.error_at(value, key, e))
    };
    let start_utc_ms = time(&file.start, "start")?;
    let end_utc_ms = time(&file.end, "end")?;
    if end_utc_ms <= start_utc_ms {
        return Err(loaded.error_at(&file.end, "end", "must be after start"));
    }
    // When something starts: within [start, end), or it could never happen (the
    // scheduler runs nothing before start and starts nothing at or after end).
    let window = Window { loaded, zone_name, start: &file.start, start_utc_ms, end: &file.end, end_utc_ms };
    let start_time = |value: &Spanned<String>, key: &str| -> Result<i64, ScenarioError> {
        window.check(value, key, time(value, key)?)
    };
    let known_function = |name: &Spanned<String>, key: &str| -> Result<String, ScenarioError> {
        if !is_identifier(name.get_ref()) {
            return Err(loaded.error_at(name, key, format!("{:?} is not a function name", name.get_ref())));
        }
        let declared = project.files().iter().any(|f| declares_function(&f.text, name.get_ref()));
        if declared {
            Ok(name.get_ref().clone())
        } else {
            Err(loaded.error_at(name, key, format!("the project has no function {:?}", name.get_ref())))
        }
    };
    let limits = limits_of(loaded)?;
    let latency = latency_of(loaded)?;
    let mut world = initial_world(loaded, zone)?;
    crate::inbox::add_to_world(loaded, &mut world, zone, start_utc_ms, &start_time)?;
    crate::calendars::add_to_world(loaded, &mut world, start_utc_ms, &time)?;
    world.faults.rng = SeededRng::derive(seed, "faults");
    world.faults.rules.extend(fault_rules(loaded, &time, &known_function)?);
    let span = (start_utc_ms, end_utc_ms);
    let triggers = scenario_triggers(loaded, zone, seed, span, &time, &start_time, &known_function)?;
    let mut events = run_events(loaded, &start_time, &known_function)?;
    events.extend(request_events(loaded, &start_time)?);
    events.extend(eviction_events(loaded, &start_time)?);
    let checks = crate::container::Checks { start_time: &start_time, known_function: &known_function };
    let order_base = file.runs.len() + file.requests.len() + file.evictions.len();
    events.extend(crate::container::plan_container(loaded, &project, &mut world, &checks, order_base)?);
    let order_base = events.len();
    events.extend(crate::calendar_changes::plan_calendar_changes(loaded, &mut world, &start_time, &time, order_base)?);
    events.sort_by_key(|e| (e.at_utc_ms, e.order));
    let has_do_post = project.files().iter().any(|f| declares_function(&f.text, "doPost"));
    let clients = crate::clients::plan(loaded, seed, has_do_post, &start_time, &time)?;
    let early_eviction_probability = file.cache.early_eviction_probability.unwrap_or(0.0);
    if !(0.0..=1.0).contains(&early_eviction_probability) {
        return Err(loaded.error("cache.early_eviction_probability", "must be between 0 and 1"));
    }
    check_expectation_functions(loaded, &known_function)?;
    let declared_zones = zones_of(loaded, &project)?;
    let expectations = crate::expect::resolve(loaded, zone_name, &declared_zones, &world)?;
    Ok(Plan {
        scenario_name: file.name.clone(),
        scenario_path: loaded.path.clone(),
        zone,
        zone_name: zone_name.to_string(),
        seed,
        start_utc_ms,
        end_utc_ms,
        latency,
        project,
        world,
        events,
        triggers,
        early_eviction_probability,
        limits,
        limits_from_scenario: file.loop_iterations_max.is_some() || file.steps_max.is_some(),
        stop_after_timeouts: None,
        expectations,
        strict: file.strict.as_ref().is_some_and(|s| *s.get_ref()),
        fault_places: (0..file.faults.len()).map(|i| loaded.place(&format!("faults[{i}]"))).collect(),
        http_places: (0..file.http.len()).map(|i| loaded.place(&format!("http[{i}]"))).collect(),
        clients,
        keep_traces: false,
        choices: None,
        explores: file.explore.is_some(),
    })
}

/// What a check of a time or a function name in the scenario file is: the value read,
/// or the error at its key.
pub type TimeCheck<'a> = dyn Fn(&Spanned<String>, &str) -> Result<i64, ScenarioError> + 'a;
pub type FunctionCheck<'a> = dyn Fn(&Spanned<String>, &str) -> Result<String, ScenarioError> + 'a;

/// `loop_iterations_max`, `steps_max` and `heap_bytes_max`, over the defaults.
fn limits_of(loaded: &LoadedScenario) -> Result<Limits, ScenarioError> {
    let file = &loaded.file;
    let mut limits = Limits::default();
    match &file.loop_iterations_max {
        None => {}
        Some(max) if *max.get_ref() > 0 => limits.loop_iterations_max = *max.get_ref() as u64,
        Some(max) => {
            return Err(loaded.error_at(max, "loop_iterations_max", "must be a positive number of iterations"))
        }
    }
    match &file.steps_max {
        None => {}
        Some(max) if *max.get_ref() > 0 => limits.steps_max = *max.get_ref() as u64,
        Some(max) => return Err(loaded.error_at(max, "steps_max", "must be a positive number of steps")),
    }
    match &file.heap_bytes_max {
        None => {}
        Some(max) if *max.get_ref() >= HEAP_BYTES_MIN => limits.heap_bytes_max = *max.get_ref() as u64,
        Some(max) => {
            let message = format!("must be at least {HEAP_BYTES_MIN} bytes (1 MiB)");
            return Err(loaded.error_at(max, "heap_bytes_max", message));
        }
    }
    Ok(limits)
}

/// `latency`: the default model, none, or per-method overrides.
fn latency_of(loaded: &LoadedScenario) -> Result<Latency, ScenarioError> {
    let file = &loaded.file;
    Ok(match file.latency.as_ref().map(|l| (l, l.get_ref())) {
        None => Latency::default(),
        Some((_, LatencySetting::Mode(mode))) if mode == "default" => Latency::default(),
        Some((_, LatencySetting::Mode(mode))) if mode == "none" => Latency::none(),
        Some((spanned, LatencySetting::Mode(mode))) => {
            return Err(loaded.error_at(
                spanned,
                "latency",
                format!("{mode:?}: use \"default\", \"none\" or a table of Service.method = ms"),
            ))
        }
        Some((spanned, LatencySetting::Overrides(table))) => {
            for (method, ms) in table {
                gas_engine::methods::names().check(method).map_err(|e| loaded.error_at(spanned, "latency", e))?;
                gas_platform::calls::check_latency_ms(*ms)
                    .map_err(|e| loaded.error_at(spanned, &format!("latency.{method:?}"), e))?;
            }
            Latency { frozen: false, overrides_ms: table.clone() }
        }
    })
}

/// `[[faults]]` other than delivery faults (those are `crate::clients`'), as the world's rules.
fn fault_rules(
    loaded: &LoadedScenario,
    time: &TimeCheck<'_>,
    known_function: &FunctionCheck<'_>,
) -> Result<Vec<FaultRule>, ScenarioError> {
    let mut rules = Vec::new();
    for (i, fault) in loaded.file.faults.iter().enumerate() {
        let key = format!("faults[{i}]");
        if fault.outcome.is_some() {
            continue; // a delivery fault: `crate::clients`
        }
        let call = fault.call.get_ref();
        gas_engine::methods::names()
            .check(call)
            .map_err(|e| loaded.error_at(&fault.call, &format!("{key}.call"), e))?;
        let effects = fault_effects(loaded, &key, fault)?;
        if effects.is_empty() {
            return Err(loaded.error_at(
                &fault.call,
                &key,
                "a fault needs an effect: throw, throw_after, kill, delay or respond",
            ));
        }
        gas_platform::faults::check_nth(&fault.nth).map_err(|e| loaded.error(&format!("{key}.nth"), e))?;
        if let Some(p) = fault.probability {
            if !(0.0..=1.0).contains(&p) {
                return Err(loaded.error_at(&fault.call, &format!("{key}.probability"), "must be between 0 and 1"));
            }
        }
        let from_utc_ms = fault.from.as_ref().map(|t| time(t, &format!("{key}.from"))).transpose()?;
        let until_utc_ms = fault.until.as_ref().map(|t| time(t, &format!("{key}.until"))).transpose()?;
        if let (Some(from), Some(until), Some(until_text)) = (from_utc_ms, until_utc_ms, &fault.until) {
            if until <= from {
                return Err(loaded.error_at(until_text, &format!("{key}.until"), "must be after from"));
            }
        }
        rules.push(FaultRule {
            call: call.clone(),
            from_utc_ms,
            until_utc_ms,
            nth: fault.nth.clone(),
            function: fault.function.as_ref().map(|f| known_function(f, &format!("{key}.function"))).transpose()?,
            probability: fault.probability,
            args: fault.args.clone(),
            effects,
            matched_count: 0,
        });
    }
    Ok(rules)
}

/// What a fault does when it matches: its delay, throw, throw_after, kill and respond.
fn fault_effects(
    loaded: &LoadedScenario,
    key: &str,
    fault: &crate::model::FaultSection,
) -> Result<Vec<FaultEffect>, ScenarioError> {
    let mut effects = Vec::new();
    if let Some(delay) = &fault.delay {
        let ms = parse_duration_ms(delay.get_ref())
            .and_then(gas_platform::faults::check_delay_ms)
            .map_err(|e| loaded.error_at(delay, &format!("{key}.delay"), e))?;
        effects.push(FaultEffect::DelayMs(ms));
    }
    if let Some(message) = &fault.throw {
        effects.push(FaultEffect::Throw(message.clone()));
    }
    if let Some(message) = &fault.throw_after {
        effects.push(FaultEffect::ThrowAfter(message.clone()));
    }
    if let Some(kill) = &fault.kill {
        let point = match kill.get_ref().as_str() {
            "before" => KillPoint::Before,
            "after" => KillPoint::After,
            other => {
                return Err(loaded.error_at(
                    kill,
                    &format!("{key}.kill"),
                    format!("{other:?}: use \"before\" or \"after\""),
                ))
            }
        };
        effects.push(FaultEffect::Kill(point));
    }
    if let Some(respond) = &fault.respond {
        let status = gas_platform::urlfetch::check_status(*respond.status.get_ref())
            .map_err(|e| loaded.error_at(&respond.status, &format!("{key}.respond.status"), e))?;
        effects.push(FaultEffect::Respond { status, body: respond.body.clone() });
    }
    Ok(effects)
}

/// `[[triggers]]` with a clock (`every` or `at`); spreadsheet triggers are installed by
/// `crate::sheet_events`.
fn scenario_triggers(
    loaded: &LoadedScenario,
    zone: Tz,
    seed: u64,
    (start_utc_ms, end_utc_ms): (i64, i64),
    time: &TimeCheck<'_>,
    start_time: &TimeCheck<'_>,
    known_function: &FunctionCheck<'_>,
) -> Result<Vec<PlannedTrigger>, ScenarioError> {
    let file = &loaded.file;
    let (day_start_utc_ms, first_day) = local_day_start(start_utc_ms, zone);
    let mut trigger_rng = SeededRng::derive(seed, "scenario-triggers");
    let mut triggers = Vec::new();
    if let Some(over) = file.triggers.get(gas_platform::triggers::TRIGGERS_PER_SCRIPT_MAX) {
        // The platform refuses the 21st trigger with this text; a scenario cannot declare
        // what the project could not have installed.
        let key = format!("triggers[{}]", gas_platform::triggers::TRIGGERS_PER_SCRIPT_MAX);
        return Err(loaded.error_at(
            &over.function,
            &key,
            format!("{} triggers: {}", file.triggers.len(), gas_platform::triggers::TOO_MANY_TRIGGERS_MESSAGE),
        ));
    }
    for (i, trigger) in file.triggers.iter().enumerate() {
        if trigger.on.is_some() {
            continue; // a spreadsheet trigger: crate::sheet_events installs it
        }
        let key = format!("triggers[{i}]");
        let function = known_function(&trigger.function, &format!("{key}.function"))?;
        let schedule = match (&trigger.every, &trigger.at) {
            (Some(every), None) if every.get_ref().trim() == MONTHLY => {
                monthly(trigger, &mut trigger_rng).map_err(|(field, e)| match trigger.day {
                    // A missing day is the monthly `every`'s error.
                    None if field == "day" => loaded.error_at(every, &format!("{key}.day"), e),
                    _ => loaded.error(&format!("{key}.{field}"), e),
                })?
            }
            (Some(every), None) => {
                let period_ms = parse_duration_ms(every.get_ref())
                    .map_err(|e| loaded.error_at(every, &format!("{key}.every"), e))?;
                let interval = Interval { period_ms, text: every.get_ref() };
                periodic(interval, trigger, first_day, day_start_utc_ms, &mut trigger_rng).map_err(|(field, e)| {
                    match field {
                        // A bad minute, hour or weekday is that key's error, not every's.
                        Some(field) => loaded.error(&format!("{key}.{field}"), e),
                        None => loaded.error_at(every, &format!("{key}.every"), e),
                    }
                })?
            }
            (None, Some(at)) => Schedule::Once { at_utc_ms: start_time(at, &format!("{key}.at"))? },
            _ => return Err(loaded.error_at(&trigger.function, &key, "a trigger needs exactly one of every or at")),
        };
        let from_utc_ms =
            trigger.from.as_ref().map(|t| start_time(t, &format!("{key}.from"))).transpose()?.unwrap_or(start_utc_ms);
        // `until` may pass the end (the trigger then lasts the whole run), but must come
        // after `from`, or the trigger would never be there.
        let until_utc_ms = match &trigger.until {
            Some(until) => {
                let until_utc_ms = time(until, &format!("{key}.until"))?;
                if until_utc_ms <= from_utc_ms {
                    let from = trigger.from.as_ref().map_or("start", |_| "from");
                    return Err(loaded.error_at(until, &format!("{key}.until"), format!("must be after {from}")));
                }
                until_utc_ms
            }
            None => end_utc_ms,
        };
        triggers.push(PlannedTrigger { function, schedule, from_utc_ms, until_utc_ms });
    }
    Ok(triggers)
}

/// `[[runs]]`: like pressing Run in the editor.
fn run_events(
    loaded: &LoadedScenario,
    start_time: &TimeCheck<'_>,
    known_function: &FunctionCheck<'_>,
) -> Result<Vec<PlannedEvent>, ScenarioError> {
    let file = &loaded.file;
    let mut events = Vec::new();
    for (i, run) in file.runs.iter().enumerate() {
        let function = known_function(&run.function, &format!("runs[{i}].function"))?;
        events.push(PlannedEvent {
            at_utc_ms: start_time(&run.at, &format!("runs[{i}].at"))?,
            order: i,
            occurrence: Occurrence::Run { function },
        });
    }
    Ok(events)
}

/// `[[requests]]`: doGet and doPost, each expanded by `repeat`, ordered after the runs.
fn request_events(loaded: &LoadedScenario, start_time: &TimeCheck<'_>) -> Result<Vec<PlannedEvent>, ScenarioError> {
    let file = &loaded.file;
    let mut events = Vec::new();
    let mut request_body_bytes = 0usize;
    for (i, request) in file.requests.iter().enumerate() {
        let key = format!("requests[{i}]");
        // A project without the handler still gets its requests: the platform answers
        // them with "Script function not found" (the report shows that page).
        let requests = crate::requests::expand(loaded, &key, request)?;
        let block_bytes: usize = requests.iter().filter_map(|r| r.body.as_ref()).map(|b| b.contents.len()).sum();
        request_body_bytes = request_body_bytes.saturating_add(block_bytes);
        if request_body_bytes > crate::requests::BODY_BYTES_TOTAL_MAX {
            return Err(loaded.error_at(&request.at, &key, crate::requests::bodies_too_large(request_body_bytes)));
        }
        let lost = match request.response.as_ref().map(|r| (r, r.get_ref().as_str())) {
            None | Some((_, "delivered")) => false,
            Some((_, "lost")) => true,
            Some((r, other)) => {
                return Err(loaded.error_at(
                    r,
                    &format!("{key}.response"),
                    format!("{other:?}: use \"delivered\" or \"lost\""),
                ))
            }
        };
        let at_utc_ms = start_time(&request.at, &format!("{key}.at"))?;
        for planned in requests {
            events.push(PlannedEvent {
                at_utc_ms,
                order: file.runs.len() + i,
                occurrence: Occurrence::Request {
                    event: gas_platform::webapp::event::build_event(&planned),
                    method: planned.method,
                    lost,
                    user_agent: planned.user_agent,
                },
            });
        }
    }
    Ok(events)
}

/// `[[evictions]]`, ordered after the runs and requests.
fn eviction_events(loaded: &LoadedScenario, start_time: &TimeCheck<'_>) -> Result<Vec<PlannedEvent>, ScenarioError> {
    let file = &loaded.file;
    let mut events = Vec::new();
    for (i, eviction) in file.evictions.iter().enumerate() {
        let key = format!("evictions[{i}]");
        let cache = match eviction.cache.get_ref().as_str() {
            "script" => gas_platform::cache::CacheScope::Script,
            "user" => gas_platform::cache::CacheScope::User,
            "document" => gas_platform::cache::CacheScope::Document,
            other => {
                return Err(loaded.error_at(
                    &eviction.cache,
                    &format!("{key}.cache"),
                    format!("{other:?}: use script, user or document"),
                ))
            }
        };
        events.push(PlannedEvent {
            at_utc_ms: start_time(&eviction.at, &format!("{key}.at"))?,
            order: file.runs.len() + file.requests.len() + i,
            occurrence: Occurrence::Eviction { cache, keys: eviction.keys.clone() },
        });
    }
    Ok(events)
}

/// Counting executions (or logs, or requests) of a function the project lacks always
/// counts 0: such an expectation is a typo.
fn check_expectation_functions(
    loaded: &LoadedScenario,
    known_function: &FunctionCheck<'_>,
) -> Result<(), ScenarioError> {
    for (i, section) in loaded.file.expect.iter().enumerate() {
        // Counting executions of a function the project lacks always counts 0.
        if let Some(function) = section.executions.as_ref().and_then(|e| e.function.as_ref()) {
            known_function(function, &format!("expect[{i}].executions.function"))?;
        }
        if let Some(function) = section.logs.as_ref().and_then(|l| l.function.as_ref()) {
            known_function(function, &format!("expect[{i}].logs.function"))?;
        }
        if let Some(function) = section.requests.as_ref().and_then(|r| r.function.as_ref()) {
            known_function(function, &format!("expect[{i}].requests.function"))?;
        }
    }
    Ok(())
}

/// A trigger's `every`: its length, and the text it was written as (its unit says which
/// builder method it stands for).
struct Interval<'a> {
    period_ms: i64,
    text: &'a str,
}

/// Every interval the platform's builder takes, for the error on one it does not.
fn allowed_intervals() -> String {
    use gas_platform::triggers::{EVERY_HOURS_ALLOWED, EVERY_MINUTES_ALLOWED};
    let list = |values: &[u32], unit: &str| values.iter().map(|v| format!("{v}{unit}")).collect::<Vec<_>>().join(" ");
    format!(
        "time-driven triggers run everyMinutes(1|5|10|15|30): {}; everyHours(1|2|4|6|8|12): {}; \
         everyDays(n): Nd (once a day at `hour`, local time); everyWeeks(n): Nw (with `weekday`); \
         onMonthDay(d): month (with `day`)",
        list(&EVERY_MINUTES_ALLOWED, "m"),
        list(&EVERY_HOURS_ALLOWED, "h")
    )
}

/// `every = "month"`: the trigger editor's month timer, `onMonthDay(day)` of the builder.
const MONTHLY: &str = "month";

/// A monthly trigger: `day` (1-31) of each month that has it, at `hour:minute` local (each
/// drawn from the seed when not given, as a daily trigger's).
fn monthly(trigger: &crate::model::TriggerSection, rng: &mut SeededRng) -> Result<Schedule, (&'static str, String)> {
    use gas_platform::triggers::{MONTH_DAY_MAX, MONTH_DAY_MIN};
    if trigger.weekday.is_some() {
        return Err(("weekday", "weekday is for weekly triggers (every = Nw)".into()));
    }
    let Some(month_day) = trigger.day else {
        return Err(("day", format!("a monthly trigger needs day = {MONTH_DAY_MIN} to {MONTH_DAY_MAX}")));
    };
    assert!((MONTH_DAY_MIN..=MONTH_DAY_MAX).contains(&month_day), "the reader checks the day (model.rs)");
    let hour = trigger.hour.unwrap_or_else(|| rng.below(24) as u32);
    let minute = trigger.minute.unwrap_or_else(|| rng.below(60) as u32);
    Ok(Schedule::Monthly { month_day, hour, minute, offset_minutes: 0 })
}

fn periodic(
    interval: Interval,
    trigger: &crate::model::TriggerSection,
    first_day: chrono::NaiveDate,
    day_start_utc_ms: i64,
    rng: &mut SeededRng,
) -> Result<Schedule, (Option<&'static str>, String)> {
    use gas_platform::time::{MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE};
    use gas_platform::triggers::{EVERY_HOURS_ALLOWED, EVERY_MINUTES_ALLOWED};
    let period_ms = interval.period_ms;
    // The reader refused an hour past 23 and a minute past 59 (model.rs, `UpTo`).
    let minute = trigger.minute;
    // The unit names the builder method (`24h` is not everyHours(24), which the platform
    // refuses, and `1d` is everyDays(1): once a day at a local hour, not every 24 hours).
    let unit = interval.text.trim().trim_start_matches(|c: char| c.is_ascii_digit());
    let allowed = |values: &[u32], unit_ms: i64| values.iter().any(|v| i64::from(*v) * unit_ms == period_ms);
    let fits = match unit {
        "m" => allowed(&EVERY_MINUTES_ALLOWED, MS_PER_MINUTE),
        "h" => allowed(&EVERY_HOURS_ALLOWED, MS_PER_HOUR),
        "d" | "w" => true,
        _ => false,
    };
    if !fits {
        let daily =
            if unit == "h" && period_ms % MS_PER_DAY == 0 { " (a daily trigger is every = \"1d\")" } else { "" };
        return Err((
            None,
            format!("{:?} is not an interval the platform allows{daily}: {}", interval.text, allowed_intervals()),
        ));
    }
    // Keys the schedule would ignore are typos, not settings (as the builder's atHour
    // and onWeekDay belong to everyDays and everyWeeks).
    if trigger.hour.is_some() && period_ms < MS_PER_DAY {
        return Err((Some("hour"), "hour is for daily, weekly and monthly triggers (every = Nd, Nw or month)".into()));
    }
    if trigger.weekday.is_some() && period_ms % (7 * MS_PER_DAY) != 0 {
        return Err((Some("weekday"), "weekday is for weekly triggers (every = Nw)".into()));
    }
    if trigger.day.is_some() {
        return Err((Some("day"), format!("day is for monthly triggers (every = \"{MONTHLY}\")")));
    }
    if period_ms < MS_PER_DAY {
        return Ok(Schedule::every(period_ms, minute, day_start_utc_ms, rng));
    }
    let hour = trigger.hour.unwrap_or_else(|| rng.below(24) as u32);
    let minute = minute.unwrap_or_else(|| rng.below(60) as u32);
    if period_ms % (7 * MS_PER_DAY) == 0 && trigger.weekday.is_some() {
        let weekday = match trigger.weekday.as_ref().map(|w| w.get_ref().to_lowercase()).as_deref() {
            Some("monday") => 1,
            Some("tuesday") => 2,
            Some("wednesday") => 3,
            Some("thursday") => 4,
            Some("friday") => 5,
            Some("saturday") => 6,
            Some("sunday") => 7,
            _ => return Err((Some("weekday"), "weekday must be monday .. sunday".into())),
        };
        let weeks = u32::try_from(period_ms / (7 * MS_PER_DAY)).map_err(|_| (None, "too many weeks".to_string()))?;
        return Ok(Schedule::Weekly { weeks, weekday, first_day, hour, minute, offset_minutes: 0 });
    }
    let days = u32::try_from(period_ms / MS_PER_DAY).map_err(|_| (None, "too many days".to_string()))?;
    Ok(Schedule::Daily { days, first_day, hour, minute, offset_minutes: 0 })
}

/// The world a scenario declares before its first event: the account, properties,
/// spreadsheets, forms, documents and HTTP rules (not its inbox, whose messages arrive at times of the run).
/// `gas-sim serve --scenario` starts from it too.
pub fn initial_world(loaded: &LoadedScenario, zone: Tz) -> Result<World, ScenarioError> {
    let file = &loaded.file;
    let mut world = World::new();
    if let Some(email) = &file.account.email {
        world.user_email = email.clone();
    }
    world.user_locale = file.account.locale.clone();
    world.mail.account = match file.account.account_type.as_ref().map(|t| (t, t.get_ref().as_str())) {
        None | Some((_, "consumer")) => AccountType::Consumer,
        Some((_, "workspace")) => AccountType::Workspace,
        Some((t, other)) => {
            return Err(loaded.error_at(t, "account.type", format!("{other:?}: use consumer or workspace")))
        }
    };
    if let Some(reset) = &file.account.mail_quota_reset {
        world.mail.quota_reset =
            QuotaReset::parse(reset.get_ref()).map_err(|e| loaded.error_at(reset, "account.mail_quota_reset", e))?;
    }
    if let Some(aliases) = &file.account.aliases {
        gas_platform::gmail::check_aliases(aliases.get_ref())
            .map_err(|e| loaded.error_at(aliases, "account.aliases", e))?;
        world.gmail.aliases = aliases.get_ref().clone();
    }
    let pairs = |map: &BTreeMap<String, String>| map.iter().map(|(k, v)| (k.clone(), v.clone())).collect::<Vec<_>>();
    // A property the store refuses on its own is named by its key; else the total is.
    let set = |store: &mut gas_platform::properties::PropertyStore, map: &BTreeMap<String, String>, name: &str| {
        for (k, v) in map {
            let alone = [(k.clone(), v.clone())];
            gas_platform::properties::PropertyStore::default()
                .set_all(&alone, false)
                .map_err(|e| loaded.error(&format!("{name}.{k}"), e))?;
        }
        store.set_all(&pairs(map), false).map_err(|e| loaded.error(name, e))
    };
    set(&mut world.properties.script, &file.script_properties, "script_properties")?;
    set(&mut world.properties.user, &file.user_properties, "user_properties")?;
    for (i, book) in file.spreadsheets.iter().enumerate() {
        let key = format!("spreadsheets[{i}]");
        let book_zone = match &book.time_zone {
            Some(z) => Some(parse_zone(z.get_ref()).map_err(|e| loaded.error_at(z, &format!("{key}.time_zone"), e))?),
            None => None,
        };
        let mut sheets = Vec::new();
        for (gid, (name, value)) in book.sheets.iter().enumerate() {
            let section: SheetSection = value.clone().try_into().map_err(|e: toml::de::Error| {
                let message = gas_platform::error::plain_serde_message(e.message(), "a table");
                loaded.error(&format!("{key}.sheets.{name}"), message)
            })?;
            let rows = sheet_rows(loaded, &section, book_zone.unwrap_or(zone), &format!("{key}.sheets.{name}"))?;
            sheets.push(
                Sheet::with_rows(gid as u32, name, rows)
                    .map_err(|e| loaded.error(&format!("{key}.sheets.{name}"), e))?,
            );
        }
        let name = book.name.clone().unwrap_or_else(|| book.id.clone());
        let spreadsheet = if sheets.is_empty() {
            Spreadsheet::new(&book.id, &name)
        } else {
            Spreadsheet::with_sheets(&book.id, &name, book.time_zone.as_ref().map(|z| z.get_ref().clone()), sheets)
                .map_err(|e| loaded.error(&key, e))?
        };
        world.spreadsheets.add(spreadsheet).map_err(|e| loaded.error(&key, e))?;
    }
    crate::forms::declare_forms(loaded, &mut world, zone)?;
    crate::documents::declare_documents(loaded, &mut world)?;
    world.http.rules = file
        .http
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let status = gas_platform::urlfetch::check_status(*h.status.get_ref())
                .map_err(|e| loaded.error_at(&h.status, &format!("http[{i}].status"), e))?;
            Ok(HttpRule {
                url: h.url.clone(),
                method: h.method.clone(),
                status,
                body: h.body.clone(),
                headers: h.headers.clone(),
                matched_count: 0,
            })
        })
        .collect::<Result<_, ScenarioError>>()?;
    Ok(world)
}

/// Rows from `rows = [[...]]` or a CSV file beside the scenario; strings are read as a
/// user would type them into the sheet (numbers, dates), as the platform does.
fn sheet_rows(
    loaded: &LoadedScenario,
    section: &SheetSection,
    zone: Tz,
    key: &str,
) -> Result<Vec<Vec<CellValue>>, ScenarioError> {
    let raw: Vec<Vec<CellValue>> = match &section.csv {
        Some(csv) => {
            let text = crate::paths::read_csv(loaded, csv, &format!("{key}.csv"))?;
            text.lines().map(|line| parse_csv_line(line).into_iter().map(CellValue::String).collect()).collect()
        }
        None => section
            .rows
            .iter()
            .map(|row| row.iter().map(toml_cell).collect::<Result<Vec<_>, _>>())
            .collect::<Result<_, _>>()
            .map_err(|e| loaded.error(&format!("{key}.rows"), e))?,
    };
    Ok(raw
        .into_iter()
        .map(|row| row.into_iter().map(|cell| gas_platform::sheets::user_entered(cell, zone)).collect())
        .collect())
}

fn toml_cell(value: &toml::Value) -> Result<CellValue, String> {
    Ok(match value {
        toml::Value::String(s) => CellValue::String(s.clone()),
        toml::Value::Integer(n) => CellValue::Number(*n as f64),
        toml::Value::Float(f) => CellValue::Number(*f),
        toml::Value::Boolean(b) => CellValue::Bool(*b),
        toml::Value::Datetime(d) => CellValue::String(d.to_string()),
        other => return Err(format!("a cell cannot hold {other}")),
    })
}

/// One CSV line: commas, double quotes with `""` escapes.
fn parse_csv_line(line: &str) -> Vec<String> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => cells.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}

/// Whether some file declares `function NAME(` (or `NAME = function` / arrow at top
/// level). A scan, not a parse: it only guards against typos in the scenario.
pub fn declares_function(source: &str, name: &str) -> bool {
    let patterns = [
        format!("function {name}("),
        format!("function {name} ("),
        format!("{name} = function"),
        format!("{name} = ("),
        format!("{name} = async"),
    ];
    patterns.iter().any(|p| source.contains(p.as_str()))
}

/// The run's window, `[start, end)`: what starts an execution must fall in it.
struct Window<'a> {
    loaded: &'a LoadedScenario,
    /// Named in the message: a time with `Z` may fit one zone's window and not another's.
    zone_name: &'a str,
    start: &'a Spanned<String>,
    start_utc_ms: i64,
    end: &'a Spanned<String>,
    end_utc_ms: i64,
}

impl Window<'_> {
    fn check(&self, value: &Spanned<String>, key: &str, at_utc_ms: i64) -> Result<i64, ScenarioError> {
        if at_utc_ms < self.start_utc_ms {
            return Err(self.loaded.error_at(
                value,
                key,
                format!(
                    "{:?} is before start ({:?} in {}): nothing runs then",
                    value.get_ref(),
                    self.start.get_ref(),
                    self.zone_name
                ),
            ));
        }
        if at_utc_ms >= self.end_utc_ms {
            return Err(self.loaded.error_at(
                value,
                key,
                format!(
                    "{:?} is at or after end ({:?} in {}): nothing starts then; move it or the end",
                    value.get_ref(),
                    self.end.get_ref(),
                    self.zone_name
                ),
            ));
        }
        Ok(at_utc_ms)
    }
}

/// A JS identifier as a function name in a scenario can be (ASCII letters, digits, `_`,
/// `$`, not starting with a digit): an empty or odd name is a typo, not a function.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// Warnings a scenario deserves before it runs (it still runs): a length past
/// `length_days_warning` (default [`LENGTH_DAYS_WARNING_DEFAULT`]). Times are read in UTC
/// here: a day more or less does not change the verdict.
pub fn warnings(loaded: &LoadedScenario) -> Result<Vec<String>, ScenarioError> {
    let file = &loaded.file;
    let days_max = match &file.length_days_warning {
        Some(days) if *days.get_ref() > 0 => *days.get_ref(),
        Some(days) => return Err(loaded.error_at(days, "length_days_warning", "must be a positive number of days")),
        None => LENGTH_DAYS_WARNING_DEFAULT,
    };
    let utc = |value: &Spanned<String>| parse_time_in_zone(value.get_ref(), chrono_tz::UTC).ok();
    let (Some(start), Some(end)) = (utc(&file.start), utc(&file.end)) else { return Ok(Vec::new()) };
    let days = end.saturating_sub(start) / gas_platform::time::MS_PER_DAY;
    if days <= days_max {
        return Ok(Vec::new());
    }
    let message = format!(
        "the scenario runs {days} days, more than {days_max}: check the years of start and end, or set length_days_warning = {days}"
    );
    Ok(vec![loaded.error_at(&file.end, "end", message).0])
}
