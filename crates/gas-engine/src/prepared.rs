//! Contexts built ahead of their executions.
//!
//! Building a fresh realm (500+ builtin objects) is about half of what a light execution
//! costs. A worker that has just finished an execution can build the context for its
//! next one while another worker runs, using the machine's second core. A prepared
//! context is untouched until its execution claims it: the execution's clock, host and
//! random stream are filled into slots the natives read, so it is exactly as fresh as a
//! context built on the spot.

use std::cell::{Cell, RefCell};
use std::mem::ManuallyDrop;
use std::rc::Rc;

use boa_engine::native_function::NativeFunction;
use boa_engine::{js_string, Context, JsError, JsValue};
use chrono_tz::Tz;
use gas_platform::rng::SeededRng;
use gas_platform::trace::LogLevel;

use crate::compiled::{template_for, Template};
use crate::execution::{service_error, ExecutionSpec};
use crate::host::{Failure, Host, VirtualClock};
use crate::project::Project;
use crate::value::Val;
use crate::zone::ZoneHooks;

/// A context and the slots its natives read.
pub struct PreparedContext {
    pub context: Context,
    pub clock: Rc<VirtualClock>,
    host: Rc<RefCell<Option<Rc<Host>>>>,
    random: Rc<RefCell<SeededRng>>,
    template: Rc<Template>,
    zone: Tz,
}

impl PreparedContext {
    /// Builds a context for `project` in `zone`, not yet bound to an execution.
    pub fn build(template: Rc<Template>, zone: Tz) -> Result<PreparedContext, JsError> {
        let clock = Rc::new(VirtualClock::new(0));
        let mut context = Context::builder()
            .host_hooks(Rc::new(ZoneHooks::new(zone)))
            .clock(clock.clone())
            .global_scope(template.scope.clone())
            .build()?;
        let host = Rc::new(RefCell::new(None));
        let random = Rc::new(RefCell::new(SeededRng::new(0)));
        register_natives(&mut context, &host, &random)?;
        Ok(PreparedContext { context, clock, host, random, template, zone })
    }

    /// Binds the context to its execution: start time, host, limits, random stream.
    pub fn claim(mut self, host: &Rc<Host>, spec: &ExecutionSpec) -> Context {
        assert!(Rc::ptr_eq(&self.clock, &host.clock), "a prepared context runs on its own clock");
        *self.host.borrow_mut() = Some(host.clone());
        *self.random.borrow_mut() = SeededRng::derive(spec.seed ^ spec.exec_id, "math.random");
        let limits = self.context.runtime_limits_mut();
        limits.set_loop_iteration_limit(spec.limits.loop_iterations_max);
        limits.set_recursion_limit(spec.limits.call_depth_max);
        limits.set_stack_size_limit(spec.limits.call_depth_max * 64);
        self.context
    }
}

thread_local! {
    // Never dropped at thread exit, for the same reason as the templates (compiled.rs).
    static SPARE: ManuallyDrop<RefCell<Option<PreparedContext>>> = const { ManuallyDrop::new(RefCell::new(None)) };
}

/// The least garbage worth a collection between executions.
const COLLECT_GARBAGE_MIN_BYTES: usize = 256 * 1024;

thread_local! {
    /// Heap bytes left after this thread's last collection between executions.
    static LIVE_AFTER_COLLECT: Cell<usize> = const { Cell::new(0) };
}

/// Collects this thread's garbage once there is at least as much of it as there is live
/// heap (and at least `COLLECT_GARBAGE_MIN_BYTES`). A collection marks the whole live
/// heap, so this spends as much marking as it frees: about one collection per execution
/// for a thread with one compiled project, one every few executions for a thread that
/// keeps several (a mutation campaign's mutants).
fn collect_if_due() {
    let live = LIVE_AFTER_COLLECT.with(Cell::get);
    let garbage = boa_gc::allocated_bytes().saturating_sub(live);
    if garbage >= live.max(COLLECT_GARBAGE_MIN_BYTES) {
        boa_gc::force_collect();
        LIVE_AFTER_COLLECT.with(|l| l.set(boa_gc::allocated_bytes()));
    }
}

/// Collects the garbage of finished executions when it is due, then builds this thread's
/// spare context for the next execution of `project` in `zone`, if it has none. Call it
/// after each execution, when the thread would otherwise wait; in a scenario another
/// worker runs the next execution meanwhile.
///
/// Collecting here rather than at boa's threshold (a safety net, see compiled.rs) is
/// the cheapest policy measured (a simulated year: 12.6 s with a collection every 8 MiB,
/// 7.5 s with about one per execution; peak memory 115 -> 51 MB): the dead realm is
/// freed while it is still in the cache, its memory is reused by the next realm at once,
/// and no execution pauses for a collection.
pub fn prepare_next(project: &Project, zone: Tz) {
    collect_if_due();
    if SPARE.with(|s| s.borrow().is_some()) {
        return;
    }
    if let Ok(prepared) = template_for(project).and_then(|t| PreparedContext::build(t, zone)) {
        SPARE.with(|s| *s.borrow_mut() = Some(prepared));
    }
}

/// This thread's spare context if it fits (same project version and zone), else a new one.
pub fn take_or_build(project: &Project, zone: Tz) -> Result<PreparedContext, JsError> {
    let template = template_for(project)?;
    let spare = SPARE.with(|s| s.borrow_mut().take());
    match spare {
        Some(prepared) if Rc::ptr_eq(&prepared.template, &template) && prepared.zone == zone => Ok(prepared),
        _ => PreparedContext::build(template, zone),
    }
}

fn register_natives(
    context: &mut Context,
    host_slot: &Rc<RefCell<Option<Rc<Host>>>>,
    random: &Rc<RefCell<SeededRng>>,
) -> Result<(), JsError> {
    let call_slot = host_slot.clone();
    // SAFETY: the closure captures only Rc/RefCell values, which hold no GC-managed values.
    let gas_call = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let host = call_slot.borrow().clone().expect("a context runs only after claim()");
            let method = args.first().map(|m| m.to_string(context)).transpose()?.map(|m| m.to_std_string_escaped());
            let handle = Val::from_js(args.get(1).unwrap_or(&JsValue::undefined()), context)?;
            let call_args = match args.get(2).map(|a| Val::from_js(a, context)).transpose()? {
                Some(Val::Array(items)) => items,
                _ => Vec::new(),
            };
            match host.call(method.as_deref().unwrap_or(""), &handle, &call_args) {
                Ok(value) => value.to_js(context),
                Err(Failure::Throw(error)) => Err(service_error(&error, context)),
                // Uncatchable: no catch, no finally runs. The reason is on the host.
                Err(Failure::Kill) => Err(boa_engine::error::RuntimeLimitError::StackSize.into()),
            }
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_call"), 3, gas_call)?;
    let log_slot = host_slot.clone();
    // SAFETY: as above.
    let gas_log = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let host = log_slot.borrow().clone().expect("a context runs only after claim()");
            let level = args.first().map(|v| v.to_string(context)).transpose()?.map(|s| s.to_std_string_escaped());
            let text = args.get(1).map(|v| v.to_string(context)).transpose()?.map(|s| s.to_std_string_escaped());
            host.log(LogLevel::parse(level.as_deref().unwrap_or("info")), text.unwrap_or_default());
            Ok(JsValue::undefined())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_log"), 2, gas_log)?;
    let probe_slot = host_slot.clone();
    // SAFETY: as above.
    let gas_probe = unsafe {
        NativeFunction::from_closure(move |_this, args, _context| {
            let host = probe_slot.borrow().clone().expect("a context runs only after claim()");
            if let Some(id) = args.first().and_then(JsValue::as_number) {
                host.probes.borrow_mut().insert(id as u32);
            }
            Ok(JsValue::undefined())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_probe"), 1, gas_probe)?;
    // boa has no hook for Math.random: replace it with one drawn from the seed.
    let rng = random.clone();
    // SAFETY: captures an Rc<RefCell<SeededRng>>, no GC values.
    let random_fn = unsafe {
        NativeFunction::from_closure(move |_this, _args, _context| Ok(JsValue::from(rng.borrow_mut().next_f64())))
    };
    let math = context.global_object().get(js_string!("Math"), context)?;
    if let Some(math) = math.as_object() {
        let function = random_fn.to_js_function(context.realm());
        math.set(js_string!("random"), function, false, context)?;
    }
    Ok(())
}
