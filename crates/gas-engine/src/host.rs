//! The per-execution host: the virtual clock, the shared world, the gate, and the one
//! function every service call goes through (`Host::call`): kill check, turn at the
//! gate, fault rules, the service itself, modelled latency, trace.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use boa_engine::context::time::JsInstant;
use boa_engine::context::Clock;
use chrono_tz::Tz;
use gas_platform::calls;
use gas_platform::faults::{CallView, FaultEffect, KillPoint};
use gas_platform::gaps::GapLog;
use gas_platform::lock::{Acquire, LockKind, TIMEOUT_MESSAGE};
use gas_platform::rng::SeededRng;
use gas_platform::trace::{shorten, Bounded, CallRecord, ExecutionLog, LogLevel};
use gas_platform::{ServiceError, World};

use crate::bindings;
use crate::call_names::Named;
use crate::gate::Gate;
use crate::methods::Method;
use crate::value::Val;

pub use gas_platform::calls::{EXCEEDED_TIME_MESSAGE, EXECUTION_MS_MAX};

/// How service calls advance the clock.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Latency {
    /// `latency = "none"`: the clock stands still within an execution (as simple JS fakes
    /// do); only `Utilities.sleep`, lock waits and `delay` faults move it.
    pub frozen: bool,
    /// Per-method overrides in ms (`Class.method` -> ms).
    pub overrides_ms: BTreeMap<String, i64>,
}

impl Latency {
    pub fn none() -> Latency {
        Latency { frozen: true, overrides_ms: BTreeMap::new() }
    }

    pub fn of(&self, method: &Method) -> i64 {
        if self.frozen {
            return 0;
        }
        self.overrides_ms.get(method.name).copied().unwrap_or(method.latency_ms)
    }
}

/// The virtual clock boa reads for `Date.now()` and `new Date()`.
#[derive(Debug)]
pub struct VirtualClock {
    now_utc_ms: Cell<i64>,
    /// The platform kills an execution at 6 minutes, in the middle of whatever call or
    /// sleep is running then: the clock stops there, and `overran` says a wait was cut.
    deadline_utc_ms: Cell<i64>,
    overran: Cell<bool>,
}

impl VirtualClock {
    pub fn new(start_utc_ms: i64) -> VirtualClock {
        VirtualClock {
            now_utc_ms: Cell::new(start_utc_ms),
            deadline_utc_ms: Cell::new(start_utc_ms.saturating_add(EXECUTION_MS_MAX)),
            overran: Cell::new(false),
        }
    }

    pub fn now_utc_ms(&self) -> i64 {
        self.now_utc_ms.get()
    }

    /// Sets the start of a clock that no execution has read yet (a prepared context's).
    pub fn restart(&self, start_utc_ms: i64) {
        self.now_utc_ms.set(start_utc_ms);
        self.deadline_utc_ms.set(start_utc_ms.saturating_add(EXECUTION_MS_MAX));
        self.overran.set(false);
    }

    /// Brings the deadline closer: `limit_ms` after now (a simple trigger's 30 seconds).
    pub fn limit_to(&self, limit_ms: i64) {
        let limited = self.now_utc_ms.get().saturating_add(limit_ms.max(0));
        self.deadline_utc_ms.set(self.deadline_utc_ms.get().min(limited));
    }

    /// Whether a wait was cut at the 6-minute deadline: the execution is to be killed.
    pub fn overran(&self) -> bool {
        self.overran.get()
    }

    /// Moves the clock forward, never past the execution's deadline; virtual time never
    /// goes backwards.
    pub fn advance_to(&self, at_utc_ms: i64) {
        assert!(at_utc_ms >= self.now_utc_ms.get(), "virtual time went backwards");
        let deadline = self.deadline_utc_ms.get();
        if at_utc_ms > deadline {
            self.overran.set(true);
        }
        self.now_utc_ms.set(at_utc_ms.min(deadline.max(self.now_utc_ms.get())));
    }

    /// Moves the clock `ms` forward. Saturating: a latency, delay or sleep near i64::MAX
    /// (the inputs are bounded, this is the last line) ends at the deadline instead of
    /// wrapping backwards.
    pub fn advance_by(&self, ms: i64) {
        self.advance_to(self.now_utc_ms.get().saturating_add(ms.max(0)));
    }
}

impl Clock for VirtualClock {
    fn now(&self) -> JsInstant {
        JsInstant::new(
            self.now_utc_ms.get().max(0) as u64 / 1000,
            (self.now_utc_ms.get().max(0) as u64 % 1000) as u32 * 1_000_000,
        )
    }

    fn system_time_millis(&self) -> i64 {
        self.now_utc_ms.get()
    }
}

/// Why a service call did not return a value.
#[derive(Debug)]
pub enum Failure {
    /// A catchable platform error.
    Throw(ServiceError),
    /// The execution is over: nothing more runs, no catch, no finally.
    Kill,
}

impl From<ServiceError> for Failure {
    fn from(e: ServiceError) -> Failure {
        Failure::Throw(e)
    }
}

pub type CallResult = Result<Val, Failure>;

/// Everything one execution needs from outside its JS context.
pub struct Host {
    pub world: Arc<Mutex<World>>,
    pub gate: Arc<dyn Gate>,
    pub clock: std::rc::Rc<VirtualClock>,
    pub exec_id: u64,
    pub function: String,
    pub start_utc_ms: i64,
    pub zone: Tz,
    pub latency: Latency,
    pub container_id: Option<String>,
    /// What started the execution (`gas_platform::container`).
    pub invocation: gas_platform::container::Invocation,
    /// Whether call records keep their arguments (`ExecutionSpec::call_args`).
    pub call_args: bool,
    /// The platform's 6 minutes, or a simple trigger's 30 seconds.
    pub execution_ms_max: i64,
    /// The execution's own selection per spreadsheet id, where no user session holds it.
    pub selections: RefCell<BTreeMap<String, gas_platform::container::SelectionState>>,
    /// `SpreadsheetApp.setActiveSpreadsheet`: the spreadsheet SpreadsheetApp acts on
    /// for the rest of the execution (else the bound one).
    pub active_spreadsheet: RefCell<Option<String>>,
    pub script_id: String,
    /// The project's HTML files, for HtmlService.
    pub html_files: Arc<Vec<crate::project::SourceFile>>,
    /// The manifest's `oauthScopes` (`Project::oauth_scopes`).
    pub oauth_scopes: Arc<Vec<String>>,
    pub uuid_rng: RefCell<SeededRng>,
    /// `Range.randomize`'s stream (its own, so shuffling does not change later UUIDs).
    pub sheets_rng: RefCell<SeededRng>,
    pub calls: RefCell<Bounded<CallRecord>>,
    pub logs: RefCell<ExecutionLog>,
    pub kill_reason: RefCell<Option<String>>,
    /// Service calls so far (see `calls::SERVICE_CALLS_PER_EXECUTION_MAX`).
    pub calls_made: Cell<u64>,
    /// Coverage probes (`__gas_probe(id)`) this execution passed; only a mutation
    /// campaign's instrumented sources call them.
    pub probes: RefCell<std::collections::BTreeSet<u32>>,
    /// Calls of what gas-sim does not implement, by script position, caught or not.
    pub gaps: RefCell<GapLog>,
    /// The script function making the current call, when the gate wants call sites.
    pub call_site: RefCell<String>,
    /// Gaps a call that succeeded found (a formula using a function gas-sim does not
    /// evaluate), counted at the script's position once the call returns.
    pub formula_gaps: RefCell<Vec<String>>,
    /// The step budget a call's Rust side may spend (`work.rs`), paid after the call.
    pub steps: crate::work::StepMeter,
    /// Every XmlService object this execution made (`gas_platform::xml::Store`).
    pub xml: RefCell<gas_platform::xml::Store>,
    /// The Document objects this execution opened and closed (DocumentApp).
    pub documents: RefCell<gas_platform::documents::Sessions>,
}

impl Host {
    /// A host for binding unit tests: a solo gate, UTC, bound to `container_id`.
    #[cfg(test)]
    pub(crate) fn for_test(world: World, container_id: Option<String>) -> Host {
        Host {
            world: Arc::new(Mutex::new(world)),
            gate: Arc::new(crate::gate::SoloGate),
            clock: std::rc::Rc::new(VirtualClock::new(0)),
            exec_id: 1,
            function: "test".into(),
            start_utc_ms: 0,
            zone: Tz::UTC,
            latency: Latency::default(),
            container_id,
            invocation: Default::default(),
            call_args: true,
            execution_ms_max: EXECUTION_MS_MAX,
            selections: RefCell::new(Default::default()),
            active_spreadsheet: RefCell::new(None),
            script_id: "script".into(),
            html_files: Arc::new(Vec::new()),
            oauth_scopes: Arc::new(Vec::new()),
            uuid_rng: RefCell::new(SeededRng::derive(1, "uuid")),
            sheets_rng: RefCell::new(SeededRng::derive(1, "sheets.randomize")),
            calls: RefCell::new(Bounded::default()),
            logs: RefCell::new(ExecutionLog::default()),
            kill_reason: RefCell::new(None),
            calls_made: Cell::new(0),
            probes: RefCell::new(Default::default()),
            gaps: RefCell::new(Default::default()),
            call_site: RefCell::new(String::new()),
            formula_gaps: RefCell::new(Vec::new()),
            steps: Default::default(),
            xml: RefCell::new(Default::default()),
            documents: RefCell::new(Default::default()),
        }
    }

    pub fn now(&self) -> i64 {
        self.clock.now_utc_ms()
    }

    /// A call's arguments as its record shows them, if records keep them.
    fn args_shown(&self, args: &[Val]) -> String {
        if self.call_args {
            summarize(args)
        } else {
            String::new()
        }
    }

    pub fn world(&self) -> MutexGuard<'_, World> {
        // A panic elsewhere poisons the lock; the world itself is still consistent
        // (every service change is all-or-nothing), so carry on.
        self.world.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn log(&self, level: LogLevel, text: String) {
        self.logs.borrow_mut().push(self.now(), level, text);
    }

    /// Counts a call of a method (or overload, or option) gas-sim does not implement at
    /// the script's `file:line`: the prelude's `notImplemented` and every binding that
    /// answers `ServiceError::unimplemented` come here (`gaps.rs` finds the position).
    pub fn record_gap(&self, method: &str, file: Option<&str>, line: Option<u32>) {
        self.gaps.borrow_mut().record(method, file, line, 1);
    }

    /// Charges `steps` of Rust-side work to the execution's step budget, before the work
    /// is done: past the budget the call ends the execution (`__gas_call` pays the meter
    /// to the context, which then reports the step budget's end, the 6-minute kill).
    pub fn charge_steps(&self, steps: u64) -> Result<(), Failure> {
        if self.steps.charge(steps) {
            Ok(())
        } else {
            Err(Failure::Kill)
        }
    }

    fn kill(&self, reason: String) -> Failure {
        self.kill_reason.borrow_mut().get_or_insert(reason);
        Failure::Kill
    }

    /// The one path of every service call.
    pub(crate) fn call(&self, named: Option<Named>, method: &str, handle: &Val, args: &[Val]) -> CallResult {
        let Some(Named { method: info, returns_void }) = named else {
            // The prelude only names catalogued methods; anything else is a gas-sim bug
            // surfaced as a script error rather than a panic.
            return Err(Failure::Throw(ServiceError::unimplemented(method)));
        };
        debug_assert_eq!(info.name, method, "a call's method is the one its name names");
        if self.kill_reason.borrow().is_some() {
            return Err(Failure::Kill);
        }
        if self.now() - self.start_utc_ms >= self.execution_ms_max {
            return Err(self.kill(EXCEEDED_TIME_MESSAGE.to_string()));
        }
        if let Err(denied) = self.invocation.check_authorized(method, info.scope) {
            // A simple trigger's LIMITED mode: refused before it reaches the service.
            self.record(info, self.now(), self.args_shown(args), format!("threw: {}", shorten(&denied.message, 120)));
            return Err(Failure::Throw(denied));
        }
        if !info.in_process {
            self.calls_made.set(self.calls_made.get() + 1);
            if self.calls_made.get() > calls::SERVICE_CALLS_PER_EXECUTION_MAX {
                return Err(self.kill(EXCEEDED_TIME_MESSAGE.to_string()));
            }
        }
        let asked_at = self.now();
        let called_at = self.gate.turn_at(self.exec_id, asked_at);
        if called_at > asked_at {
            // An explored schedule delayed the call (a preemption).
            self.clock.advance_to(called_at);
            if self.clock.overran() {
                return Err(self.killed_at_deadline(info, asked_at, self.args_shown(args)));
            }
        }
        let called_at = self.now();
        let effects = {
            let mut world = self.world();
            if world.faults.rules.is_empty() {
                Vec::new()
            } else {
                // A rule that selects no call of this method by its arguments never reads them.
                let named =
                    if world.faults.selects_by_args(method) { bindings::named_args(method, args) } else { Vec::new() };
                let view = CallView { method, at_utc_ms: called_at, function: &self.function, args: &named };
                world.faults.effects_for(&view)
            }
        };
        // Whatever path the call leaves by, its trace record names the faults that picked it.
        let _noted = FaultNote {
            host: self,
            note: gas_platform::faults::describe(&effects),
            calls_before: self.calls.borrow().items.len(),
        };
        let summary = self.args_shown(args);
        let mut respond_with = None;
        let mut throw_after = None;
        for effect in &effects {
            match effect {
                FaultEffect::DelayMs(ms) => self.clock.advance_by(*ms),
                FaultEffect::Kill(KillPoint::Before) => {
                    self.record(info, called_at, summary, "killed by fault (before)".into());
                    return Err(self.kill(format!("killed by a fault before {method}")));
                }
                FaultEffect::Throw(message) => {
                    self.clock.advance_by(self.gate.latency_ms(self.exec_id, self.latency.of(info)));
                    if self.clock.overran() {
                        return Err(self.killed_at_deadline(info, called_at, summary));
                    }
                    self.record(info, called_at, summary, format!("threw (fault): {message}"));
                    return Err(Failure::Throw(ServiceError::new(message.clone())));
                }
                FaultEffect::ThrowAfter(message) => throw_after = Some(message.clone()),
                FaultEffect::Respond { status, body } => respond_with = Some((*status, body.clone())),
                FaultEffect::Kill(KillPoint::After) => {}
            }
        }
        if self.clock.overran() {
            // A delay fault ran past the deadline before the call reached the service.
            return Err(self.killed_at_deadline(info, called_at, summary));
        }
        let result = match bindings::dispatch(self, info, handle, args, respond_with) {
            // The platform's void methods give null (Cache.put, Lock.releaseLock ...).
            Ok(Val::Undefined) if returns_void => Ok(Val::Null),
            other => other,
        };
        self.clock.advance_by(self.gate.latency_ms(self.exec_id, self.latency.of(info)));
        if self.clock.overran() {
            // Killed while the call (or sleep) ran: what the service did stands, but the
            // script never sees the result.
            return Err(self.killed_at_deadline(info, called_at, summary));
        }
        if matches!(method, "TriggerBuilder.create" | "ScriptApp.deleteTrigger" | "Lock.releaseLock") {
            self.gate.schedule_changed(self.exec_id);
        }
        if effects.contains(&FaultEffect::Kill(KillPoint::After)) {
            self.record(info, called_at, summary, "killed by fault (after)".into());
            return Err(self.kill(format!("killed by a fault after {method}")));
        }
        let result = match (result, throw_after) {
            (Ok(_), Some(message)) => Err(Failure::Throw(ServiceError::new(message))),
            (other, _) => other,
        };
        let outcome = match &result {
            Ok(_) => "ok".to_string(),
            Err(Failure::Throw(e)) => format!("threw: {}", shorten(&e.message, 120)),
            Err(Failure::Kill) => "killed".to_string(),
        };
        self.record(info, called_at, summary, outcome);
        result
    }

    fn killed_at_deadline(&self, info: &Method, called_at_utc_ms: i64, args: String) -> Failure {
        self.record(info, called_at_utc_ms, args, format!("killed: {EXCEEDED_TIME_MESSAGE}"));
        self.kill(EXCEEDED_TIME_MESSAGE.to_string())
    }

    fn record(&self, info: &Method, at_utc_ms: i64, args: String, outcome: String) {
        let latency_ms = self.now() - at_utc_ms;
        self.calls.borrow_mut().push(CallRecord {
            at_utc_ms,
            method: info.name.to_string(),
            args,
            outcome,
            latency_ms,
            fault: None,
            function: self.call_site.borrow().clone(),
        });
    }

    /// `waitLock` / `tryLock`: take the lock or wait for it in virtual time, at most
    /// `timeout_ms`. Returns whether it was taken.
    pub fn acquire_lock(&self, kind: LockKind, timeout_ms: i64) -> Result<bool, Failure> {
        let Some(timeout_ms) = gas_platform::lock::wait_budget_ms(timeout_ms) else { return Ok(false) };
        // Never park past the 6-minute kill: the execution ends there, locks and all.
        let deadline =
            self.now().saturating_add(timeout_ms).min(self.start_utc_ms.saturating_add(self.execution_ms_max));
        loop {
            let attempt = self.world().locks.try_acquire(kind, self.exec_id, self.now());
            let free_at = match attempt {
                Acquire::Acquired => return Ok(true),
                Acquire::Busy { free_at_utc_ms } => free_at_utc_ms,
            };
            if self.now() >= deadline {
                return Ok(false);
            }
            let retry_at = self.gate.wait_for_lock(self.exec_id, kind, self.now(), deadline, free_at);
            assert!(retry_at >= self.now() && retry_at <= deadline, "the gate must wake a lock wait within its window");
            self.clock.advance_to(retry_at);
            if self.clock.overran() || self.now() - self.start_utc_ms >= self.execution_ms_max {
                return Err(self.kill(EXCEEDED_TIME_MESSAGE.to_string()));
            }
        }
    }

    pub fn lock_timeout() -> Failure {
        Failure::Throw(ServiceError::new(TIMEOUT_MESSAGE))
    }
}

/// Sets `fault` on the record a call made, when it leaves `Host::call` (every return
/// path, so none can forget it).
struct FaultNote<'a> {
    host: &'a Host,
    note: Option<String>,
    calls_before: usize,
}

impl Drop for FaultNote<'_> {
    fn drop(&mut self) {
        let Some(note) = self.note.take() else { return };
        let mut calls = self.host.calls.borrow_mut();
        if calls.items.len() > self.calls_before {
            if let Some(record) = calls.items.last_mut() {
                record.fault = Some(note);
            }
        }
    }
}

/// A short, readable rendering of a call's arguments for the trace: strings quoted,
/// numbers plain, arrays and objects abbreviated.
fn summarize(args: &[Val]) -> String {
    const SHOWN_ARGS_MAX: usize = 4;
    let mut parts: Vec<String> = args.iter().take(SHOWN_ARGS_MAX).map(|a| show_arg(a, 0)).collect();
    if args.len() > SHOWN_ARGS_MAX {
        parts.push("…".into());
    }
    parts.join(", ")
}

fn show_arg(value: &Val, depth: usize) -> String {
    match value {
        Val::String(s) => format!("{:?}", shorten(s, 60)),
        Val::Array(items) if depth > 0 || items.len() > 6 => format!("[{} items]", items.len()),
        Val::Array(items) => {
            format!("[{}]", items.iter().map(|v| show_arg(v, depth + 1)).collect::<Vec<_>>().join(", "))
        }
        Val::Object(pairs) if pairs.is_empty() => "{}".into(),
        Val::Object(pairs) => {
            format!("{{{}}}", pairs.iter().take(4).map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(", "))
        }
        other => other.to_js_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_stops_at_the_six_minute_deadline() {
        let clock = VirtualClock::new(1_000);
        clock.advance_by(EXECUTION_MS_MAX);
        assert_eq!((clock.now_utc_ms(), clock.overran()), (1_000 + EXECUTION_MS_MAX, false), "exactly at it");
        clock.advance_by(5);
        assert_eq!((clock.now_utc_ms(), clock.overran()), (1_000 + EXECUTION_MS_MAX, true), "cut there");
        clock.restart(50_000);
        assert_eq!((clock.now_utc_ms(), clock.overran()), (50_000, false));
        clock.advance_to(50_000 + 2 * EXECUTION_MS_MAX);
        assert_eq!((clock.now_utc_ms(), clock.overran()), (50_000 + EXECUTION_MS_MAX, true));
        // A latency or delay near i64::MAX saturates at the deadline (it overflowed).
        clock.restart(1_000);
        clock.advance_by(i64::MAX);
        assert_eq!((clock.now_utc_ms(), clock.overran()), (1_000 + EXECUTION_MS_MAX, true));
        clock.advance_by(i64::MAX);
        assert_eq!(clock.now_utc_ms(), 1_000 + EXECUTION_MS_MAX);
    }
}
