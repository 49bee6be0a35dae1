//! One execution: the thread's live context for the project (`prepared.rs`: the prelude
//! run and the project's files bound once per context, its realm restored from a
//! snapshot after every execution, so each starts from fresh globals), then the entry
//! function called with its event object; the outcome, logs, calls and mail.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use boa_engine::error::RuntimeLimitError;
use boa_engine::{js_string, Context, JsError, JsNativeError, JsResult, JsValue};
use chrono_tz::Tz;
use gas_platform::gaps::GapSite;
use gas_platform::mail::SentMail;
use gas_platform::rng::SeededRng;
use gas_platform::trace::{Bounded, CallRecord, LogLevel, LogLine};
use gas_platform::{ErrorKind, World};
use serde::Serialize;

use crate::gate::Gate;
use crate::host::{Host, Latency, VirtualClock, EXCEEDED_TIME_MESSAGE, EXECUTION_MS_MAX};
use crate::project::Project;
use crate::stack::StackLimit;
use crate::value::Val;

use crate::prepared::{give_back, take_or_build, BoundFile, LiveContext};

/// Engine limits that are gas-sim's, not the platform's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Iterations of one loop before it counts as runaway and is killed.
    pub loop_iterations_max: u64,
    /// Nested calls before `RangeError: Maximum call stack size exceeded` (V8 allows
    /// about 10,000 frames of a small function).
    pub call_depth_max: usize,
    /// Steps of engine work one execution may do (bytecode instructions, native calls,
    /// property reads and writes, sort comparisons, promise jobs, regex backtracking;
    /// vendored boa, patch 0013) before it is killed as the platform kills at 6 minutes.
    /// The platform has no such count; it stands for the 6 minutes of CPU time, which
    /// plain JS does not spend in virtual time, so that no script hangs gas-sim.
    pub steps_max: u64,
    /// Heap an execution may hold (above what its thread held when it started) before
    /// it is killed: the platform's memory limit is not documented, and without a bound
    /// a script that keeps data grows gas-sim until the allocator aborts it. Counted only
    /// in binaries that install [`crate::CountingAllocator`] (gas-sim does).
    pub heap_bytes_max: u64,
}

/// The default step budget: about half a second of simple instructions in a release
/// build (a few seconds for code that allocates in every step), some 90 times what an
/// execution of bench-heavy uses and 300 times the heaviest in scenarios/ (docs/limits.md).
pub const STEPS_MAX_DEFAULT: u64 = 100_000_000;

/// The default heap budget of an execution: 1 GiB, far above what the scenarios and
/// benchmarks hold (bench-heavy's process peaks at about 50 MB) and room for one string
/// of V8's longest length in Latin-1 (512 MiB).
pub const HEAP_BYTES_MAX_DEFAULT: u64 = 1 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            loop_iterations_max: 50_000_000,
            call_depth_max: 5_000,
            steps_max: STEPS_MAX_DEFAULT,
            heap_bytes_max: HEAP_BYTES_MAX_DEFAULT,
        }
    }
}

/// What to run.
#[derive(Debug, Clone)]
pub struct ExecutionSpec {
    pub exec_id: u64,
    pub function: String,
    /// The event object passed to the function (a trigger's or a request's), if any.
    pub event: Option<serde_json::Value>,
    /// A `google.script.run` call from a page: the function gets these arguments instead
    /// of an event, and its return value crosses back under the platform's rules
    /// (`gas_platform::webapp::script_run`).
    pub script_run_args: Option<Vec<serde_json::Value>>,
    pub start_utc_ms: i64,
    pub seed: u64,
    pub latency: Latency,
    pub limits: Limits,
    /// What started it (a trigger, a user at the spreadsheet, ...): decides whether a
    /// UI exists, the auth mode and the time limit (`gas_platform::container`).
    pub invocation: gas_platform::container::Invocation,
    /// Keep each service call's arguments, shortened, in its record (`CallRecord::args`):
    /// `gas-sim call` prints them, an explored schedule's interleaving and a run's HTML
    /// timeline show them. A plain scenario run never reads them, and making the text
    /// of every argument of every call was about 2% of a simulated year.
    pub call_args: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "outcome", rename_all = "lowercase")]
pub enum Outcome {
    Completed { result: serde_json::Value },
    Failed { error: ScriptError },
    Killed { reason: String },
}

impl Outcome {
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Completed { .. } => "completed",
            Outcome::Failed { .. } => "failed",
            Outcome::Killed { .. } => "killed",
        }
    }
}

/// Why a failure happened, when it matters to the caller (bad input vs a script bug).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// An uncaught error thrown while running.
    Uncaught,
    /// A file did not parse.
    Syntax,
    /// The entry function does not exist.
    FunctionNotFound,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScriptError {
    pub kind: FailureKind,
    /// `Error`, `TypeError`, `Exception` (a service's error) ...
    pub name: String,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<u32>,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.message)?;
        if let (Some(file), Some(line)) = (&self.file, self.line) {
            write!(f, " ({file}:{line})")?;
        }
        Ok(())
    }
}

/// Why an execution stopped by the loop-iteration limit was killed.
pub const RUNAWAY_LOOP_MESSAGE: &str = "runaway loop: a loop passed gas-sim's iteration limit";

/// Why an execution stopped by its heap budget was killed.
pub const HEAP_BUDGET_MESSAGE: &str =
    "out of memory: the execution held more than gas-sim's heap budget (heap_bytes_max)";

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExecutionReport {
    pub exec_id: u64,
    pub function: String,
    pub start_utc_ms: i64,
    pub end_utc_ms: i64,
    #[serde(flatten)]
    pub outcome: Outcome,
    pub logs: Bounded<LogLine>,
    pub calls: Bounded<CallRecord>,
    /// Mail sent by this execution.
    pub mail: Vec<SentMail>,
    /// Coverage probes passed, ascending (see `Host::probes`).
    #[serde(skip)]
    pub probes: Vec<u32>,
    /// Calls of what gas-sim does not implement, by call site, sorted (caught or not).
    pub gaps: Vec<GapSite>,
}

/// Runs one execution to its end. Never panics on script behaviour; the world keeps
/// every change the execution made, and its locks are released.
pub fn run_execution(
    project: &Project,
    zone: Tz,
    spec: &ExecutionSpec,
    world: Arc<Mutex<World>>,
    gate: Arc<dyn Gate>,
) -> ExecutionReport {
    let _stack_limit = StackLimit::from_here();
    let prepared = take_or_build(project);
    let clock = match &prepared {
        Ok((_, live)) => live.clock.clone(),
        Err(_) => Rc::new(VirtualClock::new(spec.start_utc_ms)),
    };
    let execution_ms_max = spec.invocation.time_limit_ms().unwrap_or(EXECUTION_MS_MAX).min(EXECUTION_MS_MAX);
    clock.restart(spec.start_utc_ms);
    clock.limit_to(execution_ms_max);
    let mail_before = world.lock().map(|w| w.mail.sent.len()).unwrap_or(0);
    let host = Rc::new(Host {
        world: world.clone(),
        gate: gate.clone(),
        clock: clock.clone(),
        exec_id: spec.exec_id,
        function: spec.function.clone(),
        start_utc_ms: spec.start_utc_ms,
        zone,
        latency: spec.latency.clone(),
        container_id: project.container_id.clone(),
        invocation: spec.invocation.clone(),
        call_args: spec.call_args,
        execution_ms_max,
        selections: RefCell::new(Default::default()),
        active_spreadsheet: RefCell::new(None),
        script_id: project.script_id.clone(),
        html_files: project.html_files.clone(),
        oauth_scopes: project.oauth_scopes.clone(),
        uuid_rng: RefCell::new(SeededRng::derive(spec.seed ^ spec.exec_id, "uuid")),
        sheets_rng: RefCell::new(SeededRng::derive(spec.seed ^ spec.exec_id, "sheets.randomize")),
        calls: RefCell::new(Bounded::default()),
        logs: RefCell::new(Default::default()),
        kill_reason: RefCell::new(None),
        calls_made: std::cell::Cell::new(0),
        probes: RefCell::new(Default::default()),
        gaps: RefCell::new(Default::default()),
        call_site: RefCell::new(String::new()),
        formula_gaps: RefCell::new(Vec::new()),
        steps: Default::default(),
        xml: RefCell::new(Default::default()),
        documents: RefCell::new(Default::default()),
    });
    let refused = trigger_quota_refusal(&host, spec);
    let outcome = match prepared {
        // The day's trigger runtime is used up: the platform fails the execution as it
        // starts, before any of the script runs.
        Ok((template, live)) if refused.is_some() => {
            give_back(&template, live, false);
            Outcome::Failed { error: refused.unwrap_or_else(|| internal_error(String::new())) }
        }
        Ok((template, mut live)) => {
            live.claim(&host, spec);
            let outcome = run_in(&mut live, &host, spec);
            boa_engine::heap_budget::set_budget(None);
            give_back(&template, live, matches!(outcome, Outcome::Killed { .. }));
            outcome
        }
        Err(e) => Outcome::Failed { error: internal_error(format!("gas-sim could not set up the engine: {e}")) },
    };
    let outcome = overtime(outcome, &host);
    if let Outcome::Failed { error } = &outcome {
        if error.kind == FailureKind::Uncaught {
            host.log(LogLevel::Error, format!("{}: {}", error.name, error.message));
        }
    }
    let end_utc_ms = clock.now_utc_ms();
    let holds_a_lock = host.world().locks.held_by(spec.exec_id);
    if holds_a_lock {
        // The locks go when the execution ends, at its end time: executions due before
        // then (waiting for one of them, say) run first. Without this turn, a lock held
        // through a long last call was released at that call's start.
        gate.turn(spec.exec_id, end_utc_ms);
    }
    let mail = {
        let mut w = host.world();
        w.locks.release_all(spec.exec_id);
        if spec.invocation.counts_toward_trigger_runtime() {
            let day = w.quota_day(zone);
            w.quotas.add_trigger_runtime(spec.start_utc_ms, end_utc_ms, day);
        }
        w.mail.sent[mail_before.min(w.mail.sent.len())..].to_vec()
    };
    gate.finished(spec.exec_id, end_utc_ms);
    let logs = std::mem::take(&mut host.logs.borrow_mut().lines);
    let calls = host.calls.borrow().clone();
    let probes = host.probes.borrow().iter().copied().collect();
    let gaps = host.gaps.borrow().sites();
    ExecutionReport {
        exec_id: spec.exec_id,
        function: spec.function.clone(),
        start_utc_ms: spec.start_utc_ms,
        end_utc_ms,
        outcome,
        logs,
        calls,
        mail,
        probes,
        gaps,
    }
}

/// Safety net: an execution whose clock was cut at the 6-minute deadline was killed,
/// whatever it returned (the call that overran kills it, so this should not happen).
fn overtime(outcome: Outcome, host: &Host) -> Outcome {
    let over = host.clock.overran() || host.now() - host.start_utc_ms > host.execution_ms_max;
    match outcome {
        Outcome::Completed { .. } | Outcome::Failed { .. } if over => {
            Outcome::Killed { reason: EXCEEDED_TIME_MESSAGE.to_string() }
        }
        other => other,
    }
}

/// A service's error as a real, catchable `Error` whose `name` is `Exception`, as the
/// platform's are (`String(e)` gives `Exception: <message>`).
pub(crate) fn service_error(error: &gas_platform::ServiceError, context: &mut Context) -> JsError {
    let native = match error.kind {
        ErrorKind::Error => JsNativeError::error(),
        ErrorKind::TypeError => JsNativeError::typ(),
        ErrorKind::RangeError => JsNativeError::range(),
    }
    .with_message(error.message.clone());
    if error.kind != ErrorKind::Error {
        return native.into();
    }
    let object = native.into_opaque(context);
    let _ = object.set(js_string!("name"), js_string!("Exception"), false, context);
    JsError::from_opaque(object.into())
}

fn run_in(live: &mut LiveContext, host: &Rc<Host>, spec: &ExecutionSpec) -> Outcome {
    let outcome = run_files_and_entry(live, host, spec);
    if host.kill_reason.borrow().is_none() && live.context.step_budget_exhausted() {
        // The budget stands for the platform's 6 minutes: the execution ends there, as
        // one killed inside a call does. Checked here rather than from the error, which
        // boa may have wrapped (an internal `expect`) or dropped (an async function's).
        host.clock.advance_to(host.start_utc_ms.saturating_add(host.execution_ms_max).max(host.now()));
        return Outcome::Killed { reason: EXCEEDED_TIME_MESSAGE.to_string() };
    }
    if host.kill_reason.borrow().is_none() && boa_engine::heap_budget::exhausted() {
        // As for the step budget: boa may have wrapped the error (a spec-infallible
        // define that `expect`s success, such as a bound function's name).
        return Outcome::Killed { reason: HEAP_BUDGET_MESSAGE.to_string() };
    }
    outcome
}

fn run_files_and_entry(live: &mut LiveContext, host: &Rc<Host>, spec: &ExecutionSpec) -> Outcome {
    let context = &mut live.context;
    for file in &live.files {
        match file {
            BoundFile::Ready { name, script } => {
                if let Err(error) = script.evaluate(context) {
                    return failure_outcome(error, context, host, Some(name));
                }
            }
            BoundFile::Failed { name, error, last_line } => {
                return syntax_failure(error, context, name, *last_line);
            }
        }
    }
    let global = context.global_object();
    let function = match global.get(js_string!(spec.function.as_str()), context) {
        Ok(value) if value.is_callable() => value,
        _ => {
            return Outcome::Failed {
                error: ScriptError {
                    kind: FailureKind::FunctionNotFound,
                    name: "Exception".into(),
                    // The platform's text for a missing entry function (observed).
                    message: format!("Script function not found: {}", spec.function),
                    file: None,
                    line: None,
                },
            };
        }
    };
    let arguments = match entry_arguments(spec, context) {
        Ok(arguments) => arguments,
        Err(e) => return Outcome::Failed { error: internal_error(format!("bad event object: {e}")) },
    };
    let object = function.as_object().expect("callable values are objects");
    let result = object.call(&JsValue::undefined(), &arguments, context);
    let result = result.and_then(|value| context.run_jobs().map(|()| value));
    match result {
        Ok(value) if spec.script_run_args.is_some() => {
            Outcome::Completed { result: script_run_result(&value, context) }
        }
        Ok(value) => Outcome::Completed { result: result_json(&value, context) },
        Err(error) => failure_outcome(error, context, host, None),
    }
}

/// What the entry function is called with: a `google.script.run` call's arguments, or
/// the event object (opened for a spreadsheet event), or nothing.
fn entry_arguments(spec: &ExecutionSpec, context: &mut Context) -> JsResult<Vec<JsValue>> {
    if let Some(args) = &spec.script_run_args {
        let values = args.iter().map(|json| Val::from_json(json).to_js(context)).collect::<JsResult<Vec<_>>>()?;
        let form = values.first().and_then(JsValue::as_object);
        if let (Some(serde_json::Value::Object(fields)), Some(form)) = (args.first(), form) {
            for (field, value) in fields {
                if let Some(file) = value.get(gas_platform::webapp::script_run::FORM_FILE_KEY) {
                    let blob = form_file_blob(file, context)?;
                    form.set(js_string!(field.as_str()), blob, true, context)?;
                }
            }
        }
        return Ok(values);
    }
    let event = match &spec.event {
        Some(json) => vec![Val::from_json(json).to_js(context)?],
        None => Vec::new(),
    };
    open_event(event, spec, context)
}

/// A form's file (`{"name", "type", "base64"}`, checked by serve) as the Blob the
/// platform documents, made by the script's own `Utilities` (so it is the Blob every
/// other service makes).
fn form_file_blob(file: &serde_json::Value, context: &mut Context) -> JsResult<JsValue> {
    let text = |key: &str| js_string!(file.get(key).and_then(serde_json::Value::as_str).unwrap_or_default());
    let utilities = context.global_object().get(js_string!("Utilities"), context)?;
    let utilities = utilities.as_object().ok_or_else(|| JsNativeError::typ().with_message("no Utilities"))?;
    let call = |name: &str, args: &[JsValue], context: &mut Context| -> JsResult<JsValue> {
        let method = utilities.get(js_string!(name), context)?;
        let method = method.as_callable().ok_or_else(|| JsNativeError::typ().with_message("no Utilities method"))?;
        method.call(&JsValue::from(utilities.clone()), args, context)
    };
    let bytes = call("base64Decode", &[text("base64").into()], context)?;
    call("newBlob", &[bytes, text("type").into(), text("name").into()], context)
}

/// A `google.script.run` function's return value as the page's success handler gets it:
/// JSON, or null when the platform's rules say the value does not cross.
fn script_run_result(value: &JsValue, context: &mut Context) -> serde_json::Value {
    match Val::from_js(value, context) {
        // A service object (a Sheet's handle) is not a value a page can get.
        Ok(Val::Object(pairs)) if pairs.len() == 1 && pairs[0].0 == "_h" => serde_json::Value::Null,
        Ok(val) if gas_platform::webapp::script_run::return_crosses(val.contains_date()) => val.to_json(),
        _ => serde_json::Value::Null,
    }
}

/// A spreadsheet event (simple triggers, installable spreadsheet triggers) gets its
/// `source` (a Spreadsheet), `user` (a User) and `range` (a Range) as objects, which JSON
/// cannot carry: the prelude's hook makes them.
fn open_event(event: Vec<JsValue>, spec: &ExecutionSpec, context: &mut Context) -> Result<Vec<JsValue>, JsError> {
    use gas_platform::container::InvocationKind;
    let spreadsheet_event =
        spec.invocation.is_simple_trigger() || spec.invocation.kind == InvocationKind::SpreadsheetTrigger;
    if !spreadsheet_event || event.is_empty() {
        return Ok(event);
    }
    let hook = context.global_object().get(js_string!("__gas_open_event"), context)?;
    match hook.as_callable() {
        Some(hook) => Ok(vec![hook.call(&JsValue::undefined(), &event, context)?]),
        None => Ok(event),
    }
}

/// A returned value as JSON. A service object (a `TextOutput`, a `Sheet`) shows as its
/// handle, which is what a web-app response or a report needs.
fn result_json(value: &JsValue, context: &mut Context) -> serde_json::Value {
    match Val::from_js(value, context) {
        Ok(Val::Object(pairs)) if pairs.len() == 1 && pairs[0].0 == "_h" => pairs[0].1.to_json(),
        Ok(val) => val.to_json(),
        Err(_) => serde_json::Value::Null,
    }
}

fn failure_outcome(error: JsError, context: &mut Context, host: &Host, loading: Option<&str>) -> Outcome {
    if let Some(reason) = host.kill_reason.borrow().clone() {
        return Outcome::Killed { reason };
    }
    if let Some(engine) = error.as_engine() {
        let reason = match engine {
            boa_engine::error::EngineError::RuntimeLimit(RuntimeLimitError::LoopIteration) => {
                RUNAWAY_LOOP_MESSAGE.to_string()
            }
            boa_engine::error::EngineError::RuntimeLimit(RuntimeLimitError::Heap) => HEAP_BUDGET_MESSAGE.to_string(),
            other => format!("engine error: {other}"),
        };
        return Outcome::Killed { reason };
    }
    let frames = error.frames();
    let user_frame = crate::gaps::project_frame(&frames);
    let (name, message) = error_name_and_message(&error, context);
    let (file, line) = match user_frame {
        Some(frame) => (Some(frame.path.clone()), Some(frame.line)),
        None => (loading.map(String::from), None),
    };
    Outcome::Failed { error: ScriptError { kind: FailureKind::Uncaught, name, message, file, line } }
}

fn error_name_and_message(error: &JsError, context: &mut Context) -> (String, String) {
    let Ok(value) = error.clone().into_opaque(context) else {
        return ("Error".into(), error.to_string());
    };
    let Some(object) = value.as_object() else {
        // `throw "text"`: the platform shows the value itself.
        let text = value.to_string(context).map(|s| s.to_std_string_escaped()).unwrap_or_default();
        return ("Error".into(), text);
    };
    let mut read = |key: &str| {
        object
            .get(js_string!(key), context)
            .ok()
            .filter(|v| !v.is_undefined())
            .and_then(|v| v.to_string(context).ok())
            .map(|s| s.to_std_string_escaped())
    };
    let name = read("name").unwrap_or_else(|| "Error".into());
    let message = read("message").unwrap_or_default();
    (name, message)
}

/// A file that did not compile: a syntax error (or an early error such as a duplicate
/// `let`), placed at boa's line, or at the file's end when boa gives none.
fn syntax_failure(error: &JsError, context: &mut Context, file: &str, last_line: u32) -> Outcome {
    let (name, message) = error_name_and_message(error, context);
    Outcome::Failed {
        error: ScriptError {
            kind: FailureKind::Syntax,
            line: Some(syntax_line(&message).unwrap_or(last_line)),
            name,
            message,
            file: Some(file.to_string()),
        },
    }
}

/// boa's parse errors say `... at line 3, col 7`.
fn syntax_line(message: &str) -> Option<u32> {
    let at = message.rfind("line ")?;
    message[at + 5..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// The platform's error for a trigger execution once the day's trigger runtime is used
/// up (gas-platform's `quotas`), or `None` to run.
fn trigger_quota_refusal(host: &Host, spec: &ExecutionSpec) -> Option<ScriptError> {
    if !spec.invocation.counts_toward_trigger_runtime() {
        return None;
    }
    let mut w = host.world();
    let day = w.quota_day(host.zone);
    let refused = w.quotas.check_trigger_start(spec.start_utc_ms, day).err()?;
    Some(ScriptError {
        kind: FailureKind::Uncaught,
        name: "Exception".into(),
        message: refused.message,
        file: None,
        line: None,
    })
}

fn internal_error(message: String) -> ScriptError {
    ScriptError { kind: FailureKind::Uncaught, name: "InternalError".into(), message, file: None, line: None }
}
