//! One context per worker thread and template, put back after every execution.
//!
//! Building a fresh realm (about 1,000 builtin objects) and the prelude's service objects
//! cost more than a light execution itself, and so did collecting them afterwards. So a
//! thread builds one context per template (a *live context*; compiled.rs): it runs the
//! prelude once, binds the project's compiled files to the realm (another version's in
//! their place when a version sharing the template runs: `bind_files`), and takes a
//! snapshot of the realm (vendored boa, patch 0009: every object reachable from the
//! realm, its properties, prototype and extensibility, and every environment's bindings). After each execution
//! the realm is restored from the snapshot: every builtin, service object and global an
//! execution changed is put back, its globals and top-level `let`/`const` are gone,
//! pending promise jobs are dropped. The next execution starts exactly as fresh as in a new
//! context (gas-engine's tests/it/realm_restore.rs tries every way a script can change the realm).
//! Nothing else is shared between executions except compiled code and warm inline caches,
//! which hold no values.
//!
//! The execution's clock, host, zone and random stream are slots the natives and hooks
//! read, filled in when an execution claims the context. A context whose execution was
//! killed (stopped at an arbitrary point by an uncatchable error) is dropped, not reused.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use boa_engine::heap_budget;
use boa_engine::job::SimpleJobExecutor;
use boa_engine::native_function::NativeFunction;
use boa_engine::object::{LazyGlobal, RealmSnapshot};
use boa_engine::property::PropertyDescriptor;
use boa_engine::{js_string, Context, JsError, JsNativeError, JsObject, JsString, JsValue, Script};
use chrono_tz::Tz;
use gas_platform::rng::SeededRng;
use gas_platform::trace::LogLevel;

use crate::compiled::{template_for, CompiledFile, Template, Version};
use crate::execution::{service_error, ExecutionSpec};
use crate::host::{Failure, Host, VirtualClock};
use crate::project::Project;
use crate::sandbox::{remove_unbounded_builtins, NoModules};
use crate::value::Val;
use crate::zone::ZoneHooks;

/// A project file bound to a live context's realm, or the compile error that stops the
/// project at this file.
pub enum BoundFile {
    Ready { name: String, script: Script },
    Failed { name: String, error: JsError, last_line: u32 },
}

/// A context kept for the executions of one project on one thread.
pub struct LiveContext {
    pub context: Context,
    pub clock: Rc<VirtualClock>,
    /// The project's files (not the prelude), in platform order, bound to `context`'s realm.
    pub files: Vec<BoundFile>,
    /// `Version::sources_key` of the version `files` are bound from: a version sharing the
    /// template binds its own before it runs (`bind_files`).
    version_key: u64,
    host: Rc<RefCell<Option<Rc<Host>>>>,
    random: Rc<RefCell<SeededRng>>,
    zone: Rc<ZoneHooks>,
    jobs: Rc<SimpleJobExecutor>,
    /// None when every execution gets a new context (`set_fresh_context_per_execution`).
    snapshot: Option<RealmSnapshot>,
    /// The VM's stack and frame depths when no execution runs (`Context::vm_depths`).
    resting_depths: (usize, usize),
    /// The classes whose prototypes were built since the last snapshot (01_kernel.js,
    /// `lazyClass`), by qualified name.
    classes_built: ClassesBuilt,
    /// The prelude's `buildClasses(names)`, which builds them again after a restore.
    class_builder: Option<JsObject>,
}

impl LiveContext {
    /// Builds the context for `template`: a new realm on the template's global scope, the
    /// natives, the prelude evaluated, the snapshot taken, `version`'s files bound.
    pub fn build(template: &Rc<Template>, version: &Version) -> Result<LiveContext, JsError> {
        let clock = Rc::new(VirtualClock::new(0));
        let zone = Rc::new(ZoneHooks::new(Tz::UTC));
        let jobs = Rc::new(SimpleJobExecutor::new());
        let mut context = Context::builder()
            .host_hooks(zone.clone())
            .clock(clock.clone())
            .job_executor(jobs.clone())
            .module_loader(Rc::new(NoModules))
            .global_scope(template.scope.clone())
            .build()?;
        let host = Rc::new(RefCell::new(None));
        let random = Rc::new(RefCell::new(SeededRng::new(0)));
        register_natives(&mut context, &host, &random)?;
        register_chunk_loader(&mut context, template)?;
        register_chunk_makers(&mut context)?;
        register_globals(&mut context, &template.advanced)?;
        let (classes_built, builder_slot) = register_class_hooks(&mut context)?;
        remove_unbounded_builtins(&mut context)?;
        crate::error_stacks::install(&mut context)?;
        crate::locale_stubs::register(&mut context)?;
        let realm = context.realm().clone();
        template.core.rebind(realm, &mut context)?.evaluate(&mut context)?;
        let class_builder = builder_slot.borrow_mut().take();
        // The services the project names, and what the prelude built, are in the
        // snapshot below.
        let global = context.global_object();
        for name in &template.services_named {
            global.get(JsString::from(name.as_str()), &mut context)?;
        }
        let snapshots = !FRESH_CONTEXT_PER_EXECUTION.load(Ordering::Relaxed);
        if let Some(builder) = class_builder.as_ref().filter(|_| snapshots && !template.classes_named.is_empty()) {
            let names = JsValue::from(JsString::from(template.classes_named.as_str()));
            // Only a head start: a class whose build throws stays unbuilt and is built
            // (and fails) where a script makes its first object, as without it.
            let _ = builder.call(&JsValue::undefined(), &[names], &mut context);
        }
        LazyGlobal::take_built(&global);
        classes_built.borrow_mut().clear();
        let snapshot = if snapshots {
            Some(context.snapshot_realm().map_err(|e| JsNativeError::error().with_message(e))?)
        } else {
            None
        };
        let resting_depths = context.vm_depths();
        let mut live = LiveContext {
            context,
            clock,
            files: Vec::new(),
            version_key: version.sources_key,
            host,
            random,
            zone,
            jobs,
            snapshot,
            resting_depths,
            classes_built,
            class_builder,
        };
        live.bind_files(version)?;
        crate::compiled::count(|counts| &mut counts.contexts);
        Ok(live)
    }

    /// Binds `version`'s files to this context's realm in place of the ones bound (the
    /// realm holds none of their objects between executions: files are evaluated by
    /// each execution).
    fn bind_files(&mut self, version: &Version) -> Result<(), JsError> {
        let mut files = Vec::with_capacity(version.files.len());
        for file in &version.files {
            files.push(match file {
                CompiledFile::Ready { name, script } => {
                    let realm = self.context.realm().clone();
                    BoundFile::Ready { name: name.clone(), script: script.rebind(realm, &mut self.context)? }
                }
                CompiledFile::Failed { name, error, last_line } => {
                    BoundFile::Failed { name: name.clone(), error: error.clone(), last_line: *last_line }
                }
            });
        }
        self.files = files;
        self.version_key = version.sources_key;
        Ok(())
    }

    /// Binds the context to its execution: host, zone, limits, random stream.
    pub fn claim(&mut self, host: &Rc<Host>, spec: &ExecutionSpec) {
        assert!(Rc::ptr_eq(&self.clock, &host.clock), "a live context runs on its own clock");
        *self.host.borrow_mut() = Some(host.clone());
        self.zone.set_zone(host.zone);
        *self.random.borrow_mut() = SeededRng::derive(spec.seed ^ spec.exec_id, "math.random");
        let limits = self.context.runtime_limits_mut();
        limits.set_loop_iteration_limit(spec.limits.loop_iterations_max);
        limits.set_recursion_limit(spec.limits.call_depth_max);
        limits.set_stack_size_limit(spec.limits.call_depth_max * 64);
        self.context.set_step_budget(spec.limits.steps_max);
        // The budget counts what the thread holds above this point, and a collection
        // during the execution frees earlier garbage too, which would count in its
        // favour: collect first if earlier executions left much (a scenario's worker has
        // done so after the last one, in `prepare_next`). Set last: what claiming
        // allocated is not the execution's.
        collect_if_due();
        heap_budget::set_budget(Some(usize::try_from(spec.limits.heap_bytes_max).unwrap_or(usize::MAX)));
    }

    /// Whether the VM is back at the depths it rests at between executions. Anything
    /// an execution left on the VM's stack would survive the realm restore and shorten
    /// every later execution's stack (issue 10: boa's throw kept the unwound frames'
    /// values, vendored patch 0016); such a context is dropped instead of reused.
    pub fn vm_at_rest(&self) -> bool {
        self.context.vm_depths() == self.resting_depths
    }

    /// Puts the realm back as the snapshot has it and forgets the execution. Returns the
    /// number of objects the execution had changed.
    pub fn restore(&mut self) -> usize {
        *self.host.borrow_mut() = None;
        self.context.set_step_budget(u64::MAX);
        self.jobs.clear();
        self.context.clear_kept_objects();
        self.snapshot.as_ref().map_or(0, |snapshot| self.context.restore_realm(snapshot))
    }

    /// After `restore`: builds again, in the restored realm, the service globals the
    /// execution built on first touch (the restore put their placeholders back) and the
    /// classes it built on first use, and takes the snapshot again with them, so that
    /// later executions find them built and the restore keeps them as they are now,
    /// exactly as a fresh context would build them. Compiled code's inline caches for
    /// those globals were made after they were built, so they must be built before the
    /// next execution runs: an error here (a gas-sim bug) drops the context. `built` is
    /// what `take_built` gave before the restore.
    fn keep_built(&mut self, built: &Built) -> Result<(), JsError> {
        if built.is_empty() || self.snapshot.is_none() {
            return Ok(());
        }
        let global = self.context.global_object();
        for name in &built.globals {
            global.get(name.clone(), &mut self.context)?;
        }
        if let Some(builder) = &self.class_builder {
            let names = JsValue::from(JsString::from(built.classes.join(",")));
            builder.call(&JsValue::undefined(), &[names], &mut self.context)?;
        }
        // Nothing built again (a class of a service this realm state has not built, as
        // the User of a spreadsheet event's `e.user`): the snapshot still holds.
        if self.take_built().is_empty() {
            return Ok(());
        }
        // The old snapshot goes first: two at once were a thread's peak memory. (On an
        // error the context is dropped anyway.)
        self.snapshot = None;
        self.snapshot = Some(self.context.snapshot_realm().map_err(|e| JsNativeError::error().with_message(e))?);
        Ok(())
    }

    /// The globals and classes built since the last call.
    fn take_built(&self) -> Built {
        Built {
            globals: LazyGlobal::take_built(&self.context.global_object()),
            classes: std::mem::take(&mut *self.classes_built.borrow_mut()),
        }
    }
}

/// Set by [`single_execution_process`].
static SINGLE_EXECUTION_PROCESS: AtomicBool = AtomicBool::new(false);

/// Says this process runs one execution and ends (`gas-sim call`): its execution starts
/// without a collection first (`collect_if_due`).
pub fn single_execution_process() {
    SINGLE_EXECUTION_PROCESS.store(true, Ordering::Relaxed);
}

/// The least garbage worth a collection between executions.
const COLLECT_GARBAGE_MIN_BYTES: usize = 256 * 1024;

/// Growth of everything this thread holds (as the counting allocator sees it) since its
/// last collection that makes one due: array storage and strings that only a collection
/// frees are not in the collector's own count.
const COLLECT_HELD_GROWTH_BYTES: isize = 64 * 1024 * 1024;

thread_local! {
    /// Whether this thread has set the two counts below (a collection, or the first claim
    /// of a `single_execution_process`).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    /// Heap bytes left after this thread's last collection between executions.
    static LIVE_AFTER_COLLECT: Cell<usize> = const { Cell::new(0) };
    /// `heap_budget::held_bytes()` after that collection.
    static HELD_AFTER_COLLECT: Cell<usize> = const { Cell::new(0) };
}

/// Collects this thread's garbage once there is at least as much of it as there is live
/// heap (and at least `COLLECT_GARBAGE_MIN_BYTES`). A collection marks the whole live
/// heap (the templates and their live contexts), so this spends about as much marking as
/// it frees.
fn collect_if_due() {
    // The one execution of a process that runs one (`single_execution_process`): no
    // earlier execution left garbage, and what building the template and the context left
    // is little beside the live heap they made, so a collection would mark it all for
    // nothing (about a twentieth of a `gas-sim call` of a project that uses
    // SpreadsheetApp). Elsewhere it is kept: the heap budget of a thread's first execution
    // must not depend on which thread, or which earlier run, it gets.
    if !COUNTING.with(Cell::get) && SINGLE_EXECUTION_PROCESS.load(Ordering::Relaxed) {
        COUNTING.with(|c| c.set(true));
        LIVE_AFTER_COLLECT.with(|l| l.set(boa_gc::allocated_bytes()));
        HELD_AFTER_COLLECT.with(|h| h.set(heap_budget::held_bytes()));
        return;
    }
    let live = LIVE_AFTER_COLLECT.with(Cell::get);
    let garbage = boa_gc::allocated_bytes().saturating_sub(live);
    let held_growth = heap_budget::held_bytes().wrapping_sub(HELD_AFTER_COLLECT.with(Cell::get)).cast_signed();
    if garbage >= live.max(COLLECT_GARBAGE_MIN_BYTES) || held_growth >= COLLECT_HELD_GROWTH_BYTES {
        boa_gc::force_collect();
        COUNTING.with(|c| c.set(true));
        LIVE_AFTER_COLLECT.with(|l| l.set(boa_gc::allocated_bytes()));
        HELD_AFTER_COLLECT.with(|h| h.set(heap_budget::held_bytes()));
    }
}

/// Work a thread does after an execution, when it would otherwise wait: collects the
/// garbage of finished executions when it is due, and builds the live context of
/// `project` if the thread has none (first use, or the last execution was killed). In a
/// scenario another worker runs the next execution meanwhile.
///
/// Collecting here rather than at boa's threshold (a safety net, see compiled.rs) keeps
/// collections off the path of executions.
pub fn prepare_next(project: &Project) {
    collect_if_due();
    if let Ok((template, version)) = template_for(project) {
        if template.live.borrow().is_none() {
            if let Ok(live) = LiveContext::build(&template, &version) {
                *template.live.borrow_mut() = Some(live);
            }
        }
    }
}

/// This thread's live context of `project`, taken out for one execution (give it back
/// with `give_back`), or a new one.
pub fn take_or_build(project: &Project) -> Result<(Rc<Template>, LiveContext), JsError> {
    let (template, version) = template_for(project)?;
    let fresh = FRESH_CONTEXT_PER_EXECUTION.load(Ordering::Relaxed);
    // A context kept from before the switch to fresh contexts is not used.
    let spare = template.live.borrow_mut().take().filter(|live| !(fresh && live.snapshot.is_some()));
    let live = match spare {
        Some(mut live) => {
            if live.version_key != version.sources_key {
                live.bind_files(&version)?;
            }
            live
        }
        None => LiveContext::build(&template, &version)?,
    };
    Ok((template, live))
}

/// Whether every execution gets a context built for it (the realm snapshot unused).
static FRESH_CONTEXT_PER_EXECUTION: AtomicBool = AtomicBool::new(false);

/// Makes every execution in this process run in a context built for it, as before live
/// contexts existed: slower, and the same results (crates/gas-sim/tests/it/cli.rs compares every scenario's
/// report both ways). The CLI sets it when `GAS_SIM_FRESH_CONTEXTS=1`, for ruling the
/// realm snapshot out when investigating a difference.
pub fn set_fresh_context_per_execution(fresh: bool) {
    FRESH_CONTEXT_PER_EXECUTION.store(fresh, Ordering::Relaxed);
}

/// Live contexts dropped because an execution left their VM off its resting depths.
static CONTEXTS_DROPPED_OFF_REST: AtomicU64 = AtomicU64::new(0);

/// How many live contexts this process dropped because an execution left values on the
/// VM's stack (see `LiveContext::vm_at_rest`); always 0 unless there is a leak.
pub fn contexts_dropped_off_rest() -> u64 {
    CONTEXTS_DROPPED_OFF_REST.load(Ordering::Relaxed)
}

/// Restores `live` after its execution and keeps it for the next one, unless the
/// execution was killed, left the VM off its resting depths (a gas-sim or boa bug, made
/// harmless here; gas-scenario's `tests/it/no_leak.rs` checks it never happens), or every execution gets a
/// new context.
pub fn give_back(template: &Template, mut live: LiveContext, killed: bool) {
    if killed || live.snapshot.is_none() {
        return;
    }
    if !live.vm_at_rest() {
        CONTEXTS_DROPPED_OFF_REST.fetch_add(1, Ordering::Relaxed);
        return;
    }
    let built = live.take_built();
    live.restore();
    if live.keep_built(&built).is_ok() {
        *template.live.borrow_mut() = Some(live);
    }
}

/// `__gas_chunk(name)`: the prelude's chunk `name` (prelude.rs) evaluated in this realm,
/// the function of the core's names it is, compiled on the template the first time. The
/// core's `fromChunk` (90_chunks.js) calls it when a script first touches the chunk's
/// service; the prelude deletes the global.
fn register_chunk_loader(context: &mut Context, template: &Rc<Template>) -> Result<(), JsError> {
    // Weak: the template keeps its live context, which keeps this function.
    let template = Rc::downgrade(template);
    // SAFETY: the closure captures a Weak<Template>; the template's scripts are GC values
    // kept alive by the template itself, not by this closure.
    let load = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let name = args.first().map(|v| v.to_string(context)).transpose()?.map(|s| s.to_std_string_escaped());
            let template = template
                .upgrade()
                .ok_or_else(|| JsNativeError::error().with_message("gas-sim prelude: the template is gone"))?;
            let compiled = template.chunk(name.as_deref().unwrap_or(""))?;
            let realm = context.realm().clone();
            compiled.rebind(realm, context)?.evaluate(context)
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_chunk"), 1, load)?;
    Ok(())
}

/// `__gas_chunk_makers(fromChunk, core)`, which the prelude's core calls once and then
/// deletes (prelude.rs, `core_text`): it puts on `core`, as an object literal would, each
/// chunk's makers, `fromChunk(chunk, name)` for every export of `CHUNKS` in order.
pub(crate) fn register_chunk_makers(context: &mut Context) -> Result<(), JsError> {
    let put = NativeFunction::from_fn_ptr(|_this, args, context| {
        let from_chunk = args.first().and_then(JsValue::as_callable);
        let (Some(from_chunk), Some(core)) = (from_chunk, args.get(1).and_then(JsValue::as_object)) else {
            return Err(JsNativeError::typ()
                .with_message("gas-sim prelude: __gas_chunk_makers(fromChunk, core)")
                .into());
        };
        for chunk in crate::prelude::CHUNKS {
            for export in chunk.exports {
                let (chunk_name, export) = (JsString::from(chunk.name), JsString::from(*export));
                let maker =
                    from_chunk.call(&JsValue::undefined(), &[chunk_name.into(), export.clone().into()], context)?;
                core.create_data_property_or_throw(export, maker, context)?;
            }
        }
        Ok(JsValue::undefined())
    });
    context.register_global_builtin_callable(js_string!("__gas_chunk_makers"), 2, put)?;
    Ok(())
}

/// What an execution built on first use: service globals (vendored boa's `LazyGlobal`)
/// and class prototypes (01_kernel.js, `lazyClass`).
struct Built {
    globals: Vec<JsString>,
    classes: Vec<String>,
}

impl Built {
    fn is_empty(&self) -> bool {
        self.globals.is_empty() && self.classes.is_empty()
    }
}

/// `__gas_class_built(name)`, which the prelude calls when it has built a class's
/// prototype (the names go to the returned list), and `__gas_class_builder(f)`, which it
/// calls once with its `buildClasses` (into the returned slot); it deletes both.
fn register_class_hooks(context: &mut Context) -> Result<(ClassesBuilt, ClassBuilderSlot), JsError> {
    let built: ClassesBuilt = Rc::default();
    let sink = built.clone();
    // SAFETY: the closure captures an Rc<RefCell<..>> of Rust strings, no GC values.
    let class_built = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let name = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
            sink.borrow_mut().push(name);
            crate::compiled::count(|counts| &mut counts.prototypes);
            Ok(JsValue::undefined())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_class_built"), 1, class_built)?;
    let slot: ClassBuilderSlot = Rc::default();
    let fill = slot.clone();
    // SAFETY: the slot holds the function only until `LiveContext::build` takes it out,
    // right after the prelude ran (this native is deleted then), and the function is the
    // prelude's, kept alive by the realm: the closure never drops a GC value in a collection.
    let class_builder = unsafe {
        NativeFunction::from_closure(move |_this, args, _context| {
            *fill.borrow_mut() = args.first().and_then(JsValue::as_object);
            Ok(JsValue::undefined())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_class_builder"), 1, class_builder)?;
    Ok((built, slot))
}

/// Where `__gas_class_built` lists the classes built (qualified names).
type ClassesBuilt = Rc<RefCell<Vec<String>>>;

/// Where `__gas_class_builder` puts the prelude's `buildClasses`.
type ClassBuilderSlot = Rc<RefCell<Option<JsObject>>>;

/// `__gas_advanced()`: the project's advanced services (`Template::advanced`), and
/// `__gas_define_globals(build)`: defines every global the prelude defines
/// (`prelude::global_names`, in that order) as a data property holding `build`, until
/// built (writable, configurable, not enumerable, as the platform's globals), and gives
/// back their names. Each is called once by the prelude (00_core.js, 99_globals.js), which
/// deletes it. Defined here rather than by a loop in the prelude: its descriptor objects
/// and `Object.defineProperty` calls were a twentieth of a `gas-sim call` of a project that
/// names no service.
pub(crate) fn register_globals(context: &mut Context, advanced: &str) -> Result<(), JsError> {
    let text = JsValue::from(JsString::from(advanced));
    let function =
        NativeFunction::from_copy_closure_with_captures(|_this, _args, text, _context| Ok(text.clone()), text);
    context.register_global_builtin_callable(js_string!("__gas_advanced"), 0, function)?;
    let names: Vec<String> = crate::prelude::global_names(advanced).into_iter().map(str::to_string).collect();
    // SAFETY: the closure captures Rust strings, no GC values.
    let define = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            let build = args.first().cloned().unwrap_or_default();
            let global = context.global_object();
            let mut defined = Vec::with_capacity(names.len());
            for name in &names {
                let name = JsString::from(name.as_str());
                let placeholder = PropertyDescriptor::builder()
                    .value(build.clone())
                    .writable(true)
                    .enumerable(false)
                    .configurable(true);
                global.define_property_or_throw(name.clone(), placeholder, context)?;
                defined.push(JsValue::from(name));
            }
            Ok(boa_engine::object::builtins::JsArray::from_iter(defined, context).into())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_define_globals"), 1, define)?;
    Ok(())
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
            // The prelude names a declared method, as a string it keeps (call_names.rs).
            let name = args.first().map(|m| m.to_string(context)).transpose()?.unwrap_or_default();
            let named = crate::call_names::named(&name);
            let unnamed;
            let method = match named {
                Some(named) => named.method.name,
                None => {
                    unnamed = name.to_std_string_escaped();
                    unnamed.as_str()
                }
            };
            let handle = Val::from_js(args.get(1).unwrap_or(&JsValue::undefined()), context)?;
            // A fourth argument `true`: these are the script's own arguments, checked and
            // converted against the catalogue's overloads.
            let call_args = if args.get(3).is_some_and(JsValue::to_boolean) {
                match crate::catalogue::script_args(method, args.get(2), context)? {
                    Ok(checked) => checked,
                    Err(error) => return Err(service_error(&error, context)),
                }
            } else {
                match args.get(2).map(|a| Val::from_js(a, context)).transpose()? {
                    Some(Val::Array(items)) => items,
                    _ => Vec::new(),
                }
            };
            if host.gate.wants_call_sites() {
                *host.call_site.borrow_mut() = crate::gaps::script_function(context);
            }
            // The call's Rust side pays for its size (work.rs) out of what the budget has
            // left; past it the step budget's error ends the execution.
            host.steps.start(context.step_budget_left());
            let result = if host.steps.charge(call_args.iter().map(crate::work::val_steps).sum()) {
                host.call(named, method, &handle, &call_args)
            } else {
                Err(Failure::Kill)
            };
            if let Ok(value) = &result {
                host.steps.charge(crate::work::val_steps(value));
            }
            context.charge_steps(host.steps.take())?;
            // A call can succeed and still be a gap (a formula's unsupported function).
            let found: Vec<String> = std::mem::take(&mut *host.formula_gaps.borrow_mut());
            for name in found {
                crate::gaps::record(&host, &name, context);
            }
            match result {
                Ok(value) => value.to_js(context),
                Err(Failure::Throw(error)) => {
                    // A binding's unsupported overload or option is a gap like a missing method.
                    if let Some(name) = gas_platform::gaps::gap_name(&error.message) {
                        crate::gaps::record(&host, &name, context);
                    }
                    Err(service_error(&error, context))
                }
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
            // Only the start of a huge line is kept: cut before it becomes a Rust string.
            let units_max = gas_platform::trace::LOG_LINE_BYTES_MAX + 1;
            let text = args.get(1).map(|v| v.to_string(context)).transpose()?.map(|s| match s.get(..units_max) {
                Some(start) if s.len() > units_max => start.to_std_string_escaped(),
                _ => s.to_std_string_escaped(),
            });
            host.log(LogLevel::parse(level.as_deref().unwrap_or("info")), text.unwrap_or_default());
            Ok(JsValue::undefined())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_log"), 2, gas_log)?;
    // The catalogue's tables, read once by the prelude (00_core.js), which deletes it.
    let gas_catalogue = NativeFunction::from_fn_ptr(|_this, _args, context| crate::catalogue::tables_object(context));
    context.register_global_builtin_callable(js_string!("__gas_catalogue"), 0, gas_catalogue)?;
    // The prelude's `build(name)` becomes the global object's builder (99_globals.js).
    let gas_lazy = NativeFunction::from_fn_ptr(|_this, args, context| {
        let builder = args.first().and_then(JsValue::as_object);
        Ok(builder.is_some_and(|builder| LazyGlobal::set_builder(&context.global_object(), builder)).into())
    });
    context.register_global_builtin_callable(js_string!("__gas_lazy_globals"), 1, gas_lazy)?;
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
    let gap_slot = host_slot.clone();
    // SAFETY: as above.
    let gas_gap = unsafe {
        NativeFunction::from_closure(move |_this, args, context| {
            // `notImplemented(name)`'s function: counts the call where the script made it
            // and gives the error's message, which the prelude throws.
            let host = gap_slot.borrow().clone().expect("a context runs only after claim()");
            let name = args.first().map(|v| v.to_string(context)).transpose()?.map(|s| s.to_std_string_escaped());
            let name = name.unwrap_or_default();
            crate::gaps::record(&host, &name, context);
            Ok(js_string!(gas_platform::ServiceError::unimplemented(&name).message).into())
        })
    };
    context.register_global_builtin_callable(js_string!("__gas_gap"), 1, gas_gap)?;
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
