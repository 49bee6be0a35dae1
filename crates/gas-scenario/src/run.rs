//! The discrete-event scheduler: runs a plan from start to end.
//!
//! Each execution runs on a worker thread with its own boa context and parks at the
//! gate before every service call. Exactly one execution runs at a time: the scheduler
//! resumes the one whose next call is earliest in virtual time (ties by a seeded order),
//! or starts the next trigger firing, run or request if that comes first. So executions
//! that overlap in virtual time really interleave, and the same plan always gives the
//! same report, whatever the machine.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};

use gas_engine::{run_execution, ExecutionReport, ExecutionSpec, Gate};
use gas_platform::cache::CacheScope;
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::lock::{LockHolder, LockKind};
use gas_platform::rng::SeededRng;
use gas_platform::time::utc_ms_to_local;
use gas_platform::triggers::{SpreadsheetEvent, TriggerOrigin};
use gas_platform::webapp::delivery::Outcome;
use gas_platform::World;

use crate::plan::{Occurrence, Plan, PlannedEvent};
use crate::report::{ExecutionSummary, ZoneReport};
use crate::schedule::{local_day_start, Firings, Schedule};
use crate::timeline::{mail_quota_line, Eviction, ExecutionTrace, TimelineData, TraceBudget};

/// Executions one run may start; past it the run stops with an error (a trigger storm).
pub const EXECUTIONS_PER_RUN_MAX: u64 = 2_000_000;
/// Executions that may be in flight at once (each holds a thread).
pub const OVERLAPPING_EXECUTIONS_MAX: usize = 64;
/// A worker's stack: deep (but legal) JS recursion re-enters the engine natively, and
/// the engine's stack limit is set for this size (gas_engine::stack).
const WORKER_STACK_BYTES: usize = gas_engine::EXECUTION_STACK_BYTES;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Park {
    /// Waiting to make a service call at this time.
    Turn { at_utc_ms: i64 },
    /// Waiting for a lock; retry when it is free (from `since`) or at `deadline`.
    Lock { kind: LockKind, since_utc_ms: i64, deadline_utc_ms: i64, free_at_utc_ms: Option<i64> },
}

#[derive(Default)]
struct GateState {
    parked: BTreeMap<u64, Park>,
    /// The execution allowed to run now, and for a lock wait the time it retries at.
    granted: Option<(u64, i64)>,
    /// The execution running JS right now (started or granted, not yet parked).
    running: Option<u64>,
    /// The running execution may make calls before this time without a turn: nothing
    /// else (another execution, an event, a trigger) is due before it. A call at or after
    /// it parks, so the scheduler decides exactly as if every call had parked.
    horizon_utc_ms: i64,
    /// The thread of each parked execution, woken alone when it is granted: a shared
    /// condition variable woke every parked execution and the scheduler at every park and
    /// grant, only for all but one to sleep again.
    threads: BTreeMap<u64, std::thread::Thread>,
}

/// The gate shared by the scheduler and every execution of one run.
struct SchedulerGate {
    state: Mutex<GateState>,
    /// Signalled when an execution parks or finishes; only the scheduler waits on it.
    changed: Condvar,
    /// An explored schedule's choices (`crate::explore`); `None` for a plain run.
    choices: Option<Arc<crate::explore::Choices>>,
}

impl SchedulerGate {
    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Parks `exec_id` and blocks until the scheduler grants it; returns the grant time.
    fn park(&self, exec_id: u64, park: Park) -> i64 {
        let mut state = self.lock();
        assert_eq!(state.running, Some(exec_id), "only the running execution may park");
        state.parked.insert(exec_id, park);
        state.threads.insert(exec_id, std::thread::current());
        state.running = None;
        self.changed.notify_one();
        loop {
            if let Some((granted, at)) = state.granted {
                if granted == exec_id {
                    state.granted = None;
                    state.parked.remove(&exec_id);
                    state.threads.remove(&exec_id);
                    state.running = Some(exec_id);
                    return at;
                }
            }
            // `grant` unparks this thread after setting `granted`; an unpark that comes
            // before `park` makes it return at once, so no grant is missed.
            drop(state);
            std::thread::park();
            state = self.lock();
        }
    }
}

impl Gate for SchedulerGate {
    fn turn(&self, exec_id: u64, at_utc_ms: i64) {
        self.turn_at(exec_id, at_utc_ms);
    }

    fn turn_at(&self, exec_id: u64, at_utc_ms: i64) -> i64 {
        {
            let state = self.lock();
            // An explored schedule keeps the horizon too: parking at every call would move
            // when a released lock is seen free (`freed_at`), so its schedule 0 would not be
            // the plain run. Its preemption points are the calls that park.
            if state.running == Some(exec_id) && at_utc_ms < state.horizon_utc_ms {
                return at_utc_ms;
            }
        }
        self.park(exec_id, Park::Turn { at_utc_ms }).max(at_utc_ms)
    }

    fn latency_ms(&self, exec_id: u64, modelled_ms: i64) -> i64 {
        match &self.choices {
            Some(choices) => choices.latency_ms(exec_id, modelled_ms),
            None => modelled_ms,
        }
    }

    fn wants_call_sites(&self) -> bool {
        self.choices.is_some()
    }

    fn schedule_changed(&self, exec_id: u64) {
        let mut state = self.lock();
        if state.running == Some(exec_id) {
            state.horizon_utc_ms = i64::MIN;
        }
    }

    fn wait_for_lock(
        &self,
        exec_id: u64,
        kind: LockKind,
        now_utc_ms: i64,
        deadline_utc_ms: i64,
        free_at_utc_ms: Option<i64>,
    ) -> i64 {
        self.park(exec_id, Park::Lock { kind, since_utc_ms: now_utc_ms, deadline_utc_ms, free_at_utc_ms })
    }

    fn finished(&self, exec_id: u64, _at_utc_ms: i64) {
        let mut state = self.lock();
        if state.running == Some(exec_id) {
            state.running = None;
        }
        self.changed.notify_one();
    }
}

/// Worker threads outlive runs: a run borrows them from this pool and gives the idle
/// ones back, so a thread keeps its compiled templates and its prepared context across
/// runs (a mutation campaign makes thousands of runs; a thread per run would also leak
/// each thread's engine heap until the process ends).
static POOL: Mutex<Vec<Worker>> = Mutex::new(Vec::new());
/// How long a run waits for an idle worker to finish preparing before giving it the next
/// execution anyway (wall time; which worker runs an execution never changes its result).
const WORKER_READY_WAIT_MAX: std::time::Duration = std::time::Duration::from_secs(5);
/// Idle threads the pool keeps; more are let go.
const POOLED_WORKERS_MAX: usize = 64;

/// A worker thread: where its jobs go, and whether it is ready for the next one (has
/// collected its garbage and built its next context) or still busy preparing.
struct Worker {
    jobs: Sender<Job>,
    prepared: Arc<AtomicBool>,
    /// Cleared when the thread ends, however it ends (see `spawn_worker`).
    alive: Arc<AtomicBool>,
}

/// What a worker sends back for a job: the report, or a gas-sim bug (the execution
/// panicked; already recorded in `bug`), with the worker's slot.
type Done = (Result<ExecutionReport, String>, usize);

/// The worker threads one run uses, by slot.
struct Workers {
    threads: Vec<Worker>,
    idle: Vec<usize>,
    /// Reports received but not yet collected, in arrival order.
    received: Vec<ExecutionReport>,
    /// The first bug a worker reported: the run stops with it.
    bug: Option<String>,
    done: Receiver<Done>,
    done_sender: Sender<Done>,
}

struct Job {
    plan: Arc<Plan>,
    spec: ExecutionSpec,
    world: Arc<Mutex<World>>,
    gate: Arc<SchedulerGate>,
    /// Where the report goes, and which of the run's workers sends it.
    done: Sender<Done>,
    slot: usize,
    /// The run's thread, woken when this worker is prepared for its next job.
    scheduler: std::thread::Thread,
}

impl Workers {
    /// Two workers from the start, used in turn: while one runs an execution, the other
    /// collects garbage (`gas_engine::prepare_next`).
    const ALTERNATING: usize = 2;

    fn new() -> Result<Workers, String> {
        let (done_sender, done) = channel();
        let mut workers =
            Workers { threads: Vec::new(), idle: Vec::new(), received: Vec::new(), bug: None, done, done_sender };
        for _ in 0..Workers::ALTERNATING {
            let slot = workers.borrow()?;
            workers.idle.push(slot);
        }
        Ok(workers)
    }

    /// A worker from the pool (or a new one); returns its slot.
    fn borrow(&mut self) -> Result<usize, String> {
        let pooled = POOL.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let worker = match pooled {
            Some(worker) => worker,
            None => spawn_worker()?,
        };
        self.threads.push(worker);
        Ok(self.threads.len() - 1)
    }

    fn start(&mut self, mut job: Job) -> Result<(), String> {
        // A worker that has finished preparing, the longest-idle first. If every idle one
        // is still preparing, wait for the first to finish (each unparks this thread):
        // one may be in a long collection while another is done in a moment, and a job
        // sent to a busy worker waits in its queue. Which worker runs an execution never
        // changes its result.
        let waiting_since = std::time::Instant::now();
        let slot = loop {
            // A worker that finished since the last collect is idle too: its report may
            // not have been read yet (the gate says an execution ended before its report
            // arrives).
            self.receive_finished();
            if self.idle.is_empty() {
                break self.borrow()?;
            }
            if let Some(index) = self.idle.iter().position(|&slot| self.threads[slot].prepared.load(Ordering::Acquire))
            {
                break self.idle.remove(index);
            }
            // A worker that never reports ready (its thread died) gets the job anyway, and
            // sending it fails with a clear error instead of waiting for ever.
            if waiting_since.elapsed() > WORKER_READY_WAIT_MAX {
                break self.idle.remove(0);
            }
            std::thread::park_timeout(std::time::Duration::from_millis(1));
        };
        job.slot = slot;
        job.scheduler = std::thread::current();
        let worker = &self.threads[slot];
        worker.prepared.store(false, Ordering::Release);
        match worker.jobs.send(job) {
            Ok(()) => Ok(()),
            // Its thread is gone (a panic while preparing, recorded as a bug): the slot
            // stays out of `idle`, so the thread never goes back to the pool, and a
            // new worker takes the job.
            Err(returned) => {
                let mut job = returned.0;
                job.slot = self.borrow()?;
                let worker = &self.threads[job.slot];
                worker.prepared.store(false, Ordering::Release);
                worker.jobs.send(job).map_err(|_| "a new worker thread died at once".to_string())
            }
        }
    }

    /// Moves the reports that have arrived to `received`, and their workers to `idle`.
    /// A worker that reported a bug is not idle: its thread has ended.
    fn receive_finished(&mut self) {
        while let Ok(done) = self.done.try_recv() {
            self.take(done);
        }
    }

    fn take(&mut self, (result, slot): Done) {
        match result {
            Ok(report) => {
                self.idle.push(slot);
                self.received.push(report);
            }
            Err(bug) => {
                self.bug.get_or_insert(bug);
            }
        }
    }

    /// Collects finished executions without waiting; a bug a worker met ends the run.
    fn collect(&mut self) -> Result<Vec<ExecutionReport>, String> {
        self.receive_finished();
        match &self.bug {
            Some(bug) => Err(bug.clone()),
            None => Ok(std::mem::take(&mut self.received)),
        }
    }

    /// Waits for the next finished execution.
    fn wait(&mut self) -> Result<ExecutionReport, String> {
        loop {
            if let Some(bug) = &self.bug {
                return Err(bug.clone());
            }
            if !self.received.is_empty() {
                return Ok(self.received.remove(0));
            }
            if self.a_busy_worker_died() {
                return Err("a worker thread ended without reporting its execution (a gas-sim bug)".into());
            }
            match self.done.recv_timeout(DEAD_WORKER_CHECK_INTERVAL) {
                Ok(done) => self.take(done),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Err("a worker thread died".into()),
            }
        }
    }

    /// Whether a worker that was given a job (not idle) has no thread any more. A panic
    /// is caught and reported (`spawn_worker`), so this is the last line of defence
    /// against waiting for ever on a report that cannot come.
    fn a_busy_worker_died(&self) -> bool {
        self.threads
            .iter()
            .enumerate()
            .any(|(slot, worker)| !self.idle.contains(&slot) && !worker.alive.load(Ordering::Acquire))
    }
}

/// How often a scheduler waiting for a worker checks that the worker is still alive
/// (wall time; it changes no result).
const DEAD_WORKER_CHECK_INTERVAL: std::time::Duration = std::time::Duration::from_millis(200);

impl Drop for Workers {
    /// Idle workers go back to the pool. A worker still busy (a run that ended in an
    /// error with executions parked) is let go: its thread ends when its channel does.
    fn drop(&mut self) {
        let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
        let mut threads: Vec<Option<Worker>> = self.threads.drain(..).map(Some).collect();
        for slot in self.idle.drain(..) {
            let alive = threads.get(slot).and_then(Option::as_ref).is_some_and(|w| w.alive.load(Ordering::Acquire));
            if alive && pool.len() < POOLED_WORKERS_MAX {
                if let Some(worker) = threads.get_mut(slot).and_then(Option::take) {
                    pool.push(worker);
                }
            }
        }
    }
}

fn spawn_worker() -> Result<Worker, String> {
    let (sender, jobs) = channel::<Job>();
    // A new thread has nothing to prepare: it builds its first context on the spot.
    let prepared = Arc::new(AtomicBool::new(true));
    let prepared_flag = prepared.clone();
    let alive = Arc::new(AtomicBool::new(true));
    let alive_flag = alive.clone();
    std::thread::Builder::new()
        .name("gas-sim-execution".into())
        .stack_size(WORKER_STACK_BYTES)
        .spawn(move || {
            let _alive = ClearOnDrop(alive_flag);
            for job in jobs {
                if !run_job(&job) {
                    // After a panic the thread's engine state (templates, contexts, heap)
                    // is not to be trusted: the thread ends and is never pooled again.
                    prepared_flag.store(true, Ordering::Release);
                    job.scheduler.unpark();
                    return;
                }
                prepared_flag.store(true, Ordering::Release);
                job.scheduler.unpark();
            }
        })
        .map_err(|e| format!("cannot start a worker thread: {e}"))?;
    Ok(Worker { jobs: sender, prepared, alive })
}

/// Clears its flag when dropped: when the worker thread ends, by returning or unwinding.
struct ClearOnDrop(Arc<AtomicBool>);

impl Drop for ClearOnDrop {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Runs one job on this worker and sends its report, then prepares the next execution.
/// A panic in either is caught and reported as a gas-sim bug with the replay command,
/// never left to make the scheduler wait for ever; returns false after one.
fn run_job(job: &Job) -> bool {
    let replay = || crate::bug::replay_command(&job.plan.scenario_path, &job.plan.zone_name, job.plan.seed);
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        crate::bug::panic_if_hooked(&job.spec.function);
        run_execution(&job.plan.project, job.plan.zone, &job.spec, job.world.clone(), job.gate.clone())
    }));
    let report = ran.map_err(|payload| {
        let what = format!(
            "execution {} ({} at {}) panicked: {}",
            job.spec.exec_id,
            job.spec.function,
            gas_platform::time::iso_utc(job.spec.start_utc_ms),
            crate::bug::panic_message(payload.as_ref())
        );
        crate::bug::record(&what, &replay())
    });
    let panicked = report.is_err();
    // A run that gave up on its executions no longer listens; that is fine.
    let _ = job.done.send((report, job.slot));
    if panicked {
        // The scheduler waits until nothing runs; the report (the bug) is sent first.
        job.gate.finished(job.spec.exec_id, job.spec.start_utc_ms);
        return false;
    }
    // While another worker runs the next execution, build this worker's context for the
    // one after it, on the machine's other core.
    let prepared = std::panic::catch_unwind(|| gas_engine::prepare_next(&job.plan.project));
    if let Err(payload) = prepared {
        let what =
            format!("a worker panicked preparing its next context: {}", crate::bug::panic_message(payload.as_ref()));
        crate::bug::record(&what, &replay());
        return false;
    }
    true
}

/// `triggers[3] (tick) was not installed at 2025-06-13 10:00 (the script had installed 20
/// triggers): <the platform's text>`.
fn refused_trigger_warning(
    index: usize,
    planned: &crate::plan::PlannedTrigger,
    world: &World,
    zone: chrono_tz::Tz,
    message: &str,
) -> String {
    let by_script = world.triggers.installed.iter().filter(|t| t.origin == TriggerOrigin::Script).count();
    let at = utc_ms_to_local(zone, planned.from_utc_ms).format("%Y-%m-%d %H:%M");
    format!(
        "triggers[{index}] ({}) was not installed at {at} (the script had installed {by_script} of the project's {} \
         triggers): {message}",
        planned.function,
        world.triggers.installed.len()
    )
}

/// A trigger the scheduler fires: from the scenario, or installed by the script.
struct ActiveTrigger {
    /// The world's trigger id (scenario triggers are installed into the world too).
    id: String,
    function: String,
    /// When it fires: its schedule, in its own zone, before its `until`.
    firings: Firings,
    next_utc_ms: Option<i64>,
}

enum Next {
    Resume {
        exec_id: u64,
        at_utc_ms: i64,
    },
    Event,
    Trigger(usize),
    /// A web-app client's next attempt or timeout (`crate::clients::driver`).
    Client,
    /// The next execution one user event started beside its first (an edit's onEdit
    /// and its installable triggers), at the same instant.
    Queued,
}

fn earliest(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    [a, b].into_iter().flatten().min()
}

pub fn run_plan(plan: Plan) -> Result<ZoneReport, String> {
    crate::bug::panic_if_hooked(crate::bug::SCHEDULER_HOOK);
    let plan = Arc::new(plan);
    // Info and debug lines are kept only for a `logs` expectation: a long run logs a lot.
    let keep_all_logs = plan.expectations.iter().any(|e| matches!(e.check, crate::expect::Check::Logs(_)));
    let world = Arc::new(Mutex::new(plan.world.clone()));
    let choices = plan.choices.clone();
    let gate = Arc::new(SchedulerGate { state: Mutex::new(GateState::default()), changed: Condvar::new(), choices });
    let mut workers = Workers::new()?;
    // An explored schedule draws its own priorities (its base 0 draws today's).
    let priority_seed = gate.choices.as_ref().map_or(plan.seed, |c| c.priority_seed(plan.seed));
    let mut tie_rng = SeededRng::derive(priority_seed, "ties");
    let mut tie_keys: BTreeMap<u64, u64> = BTreeMap::new();
    let mut eviction_rng = SeededRng::derive(plan.seed, "early-eviction");
    let mut trigger_rng = SeededRng::derive(plan.seed, "installed-triggers");
    let (day_start_utc_ms, first_day) = local_day_start(plan.start_utc_ms, plan.zone);
    let mut triggers: Vec<ActiveTrigger> = Vec::new();
    let mut pending_scenario_triggers: Vec<usize> = (0..plan.triggers.len()).collect();
    // What the run could not do as the scenario said (a refused trigger), for the report.
    let mut warnings: Vec<String> = Vec::new();
    let mut events = plan.events.iter().enumerate().peekable();
    let mut summaries: Vec<ExecutionSummary> = Vec::new();
    let mut meta: BTreeMap<u64, (String, bool)> = BTreeMap::new();
    let mut next_exec_id: u64 = 1;
    let mut now_utc_ms = plan.start_utc_ms;
    // When each lock last came free, as far as the scheduler can tell: the time of the
    // step in which it was released. A waiter takes it no earlier.
    let mut freed_at: BTreeMap<LockKind, i64> = BTreeMap::new();
    let mut held: [Option<LockHolder>; 3] = [None; 3];
    let mut last_step_utc_ms = plan.start_utc_ms;
    // Nothing starts at or after this; earlier than the plan's end once a run has its
    // verdict (`stop_after_timeouts`).
    let mut end_utc_ms = plan.end_utc_ms;
    let mut timeouts = 0;
    let mut clients = crate::clients::driver::Driver::new(&plan.clients, plan.seed, plan.end_utc_ms);
    let mut queued: std::collections::VecDeque<StartRequest> = std::collections::VecDeque::new();
    // What the HTML timeline shows besides the reports (`plan.keep_traces` only).
    let mut evictions: Vec<Eviction> = Vec::new();
    let mut trace_budget = TraceBudget::default();

    loop {
        // Wait until nothing runs: every execution parked or finished.
        {
            let mut state = gate.lock();
            while state.running.is_some() {
                let (next, _) =
                    gate.changed.wait_timeout(state, DEAD_WORKER_CHECK_INTERVAL).unwrap_or_else(|p| p.into_inner());
                state = next;
                if state.running.is_some() && workers.a_busy_worker_died() {
                    workers.receive_finished();
                    return Err(workers.bug.clone().unwrap_or_else(|| {
                        "a worker thread ended without reporting its execution (a gas-sim bug)".into()
                    }));
                }
            }
        }
        let mut finished = workers.collect()?;
        // What a client does next depends on how its attempts ended, so with clients
        // every execution that has finished (nothing runs now) reports before the next
        // choice; without, reports may come later (nothing waits on them).
        while clients.is_active()
            && (next_exec_id - 1).saturating_sub((summaries.len() + finished.len() + gate.lock().parked.len()) as u64)
                > 0
        {
            finished.push(workers.wait()?);
        }
        for report in finished {
            clients.finished(&report, now_utc_ms);
            let (source, lost) = meta.remove(&report.exec_id).unwrap_or_default();
            let mut summary = summarize(&plan, &gate, &report, source, lost, &mut trace_budget);
            summary.trim_logs(keep_all_logs);
            timeouts += usize::from(summary.ran_too_long());
            summaries.push(summary);
        }
        if plan.stop_after_timeouts.is_some_and(|max| timeouts > max) {
            end_utc_ms = end_utc_ms.min(now_utc_ms);
        }
        {
            let w = world.lock().unwrap_or_else(|p| p.into_inner());
            for (i, kind) in [LockKind::Script, LockKind::User, LockKind::Document].into_iter().enumerate() {
                let now_held = w.locks.holder(kind);
                if held[i].is_some() && now_held.is_none() {
                    freed_at.insert(kind, last_step_utc_ms);
                }
                held[i] = now_held;
            }
        }
        // Install scenario triggers whose time has come (in file order), then sync with
        // what scripts installed or deleted.
        {
            let mut w = world.lock().unwrap_or_else(|p| p.into_inner());
            pending_scenario_triggers.retain(|&i| {
                let planned = &plan.triggers[i];
                if planned.from_utc_ms > now_utc_ms {
                    return true;
                }
                match w.triggers.install(
                    &planned.function,
                    planned.schedule.to_spec(),
                    None,
                    planned.from_utc_ms,
                    TriggerOrigin::Scenario,
                ) {
                    Ok(installed) => {
                        let firings = Firings {
                            schedule: planned.schedule.clone(),
                            zone: plan.zone,
                            until_utc_ms: planned.until_utc_ms,
                        };
                        let next_utc_ms = jittered(&gate, &installed.id, firings.next_at_or_after(planned.from_utc_ms));
                        triggers.push(ActiveTrigger {
                            id: installed.id,
                            function: planned.function.clone(),
                            next_utc_ms,
                            firings,
                        })
                    }
                    // The script's own triggers took the 20 places: the platform refuses
                    // the user's too, so the trigger never fires, and the report says so.
                    Err(refused) => warnings.push(refused_trigger_warning(i, planned, &w, plan.zone, &refused.message)),
                }
                false
            });
            sync_installed_triggers(
                &mut triggers,
                &w,
                &plan,
                now_utc_ms,
                (day_start_utc_ms, first_day),
                &mut trigger_rng,
                &gate,
            );
            for t in triggers.iter().filter(|t| t.firings.until_utc_ms <= now_utc_ms) {
                w.triggers.delete(&t.id);
            }
            triggers.retain(|t| t.firings.until_utc_ms > now_utc_ms);
        }
        let mut next = match queued.front() {
            Some(request) => Some((Next::Queued, request.at_utc_ms)),
            None => choose_next(&gate, &world, &freed_at, &mut events, &triggers, &mut tie_keys, &mut tie_rng),
        };
        if let Some(due) = clients.next_due() {
            // A client acts after the file's events and triggers at the same instant, and
            // before a parked execution resumes then (as a request starts).
            let first = match &next {
                None => true,
                Some((Next::Queued, _)) => false,
                Some((Next::Resume { .. }, at)) => due <= *at,
                Some((_, at)) => due < *at,
            };
            if first {
                next = Some((Next::Client, due));
            }
        }
        // A scenario trigger whose `from` comes before anything else happens is installed
        // then (at the top of the loop), so that its first firing is not skipped.
        let next_install_utc_ms = pending_scenario_triggers.iter().map(|&i| plan.triggers[i].from_utc_ms).min();
        if let Some(install_at) = next_install_utc_ms.filter(|t| *t < end_utc_ms) {
            if next.as_ref().is_none_or(|(_, at)| *at > install_at) {
                now_utc_ms = now_utc_ms.max(install_at);
                continue;
            }
        }
        let Some((next, at_utc_ms)) = next else { break };
        let starts_something = !matches!(next, Next::Resume { .. });
        if starts_something && at_utc_ms >= end_utc_ms {
            // Nothing new starts at or after the end; anything still parked finishes.
            if gate.lock().parked.is_empty() {
                break;
            }
            match choose_resume(&gate, &world, &freed_at, &mut tie_keys, &mut tie_rng) {
                Some(Next::Resume { exec_id, at_utc_ms }) => {
                    last_step_utc_ms = at_utc_ms;
                    let horizon_utc_ms = horizon(&gate, Some(exec_id), None, &[]);
                    grant(&gate, exec_id, at_utc_ms, horizon_utc_ms);
                }
                _ => break,
            }
            continue;
        }
        assert!(at_utc_ms >= now_utc_ms || !starts_something, "the scheduler went back in time");
        now_utc_ms = now_utc_ms.max(at_utc_ms);
        last_step_utc_ms = at_utc_ms;
        let to_start: Option<StartRequest> = match next {
            Next::Resume { exec_id, at_utc_ms } => {
                if preempted(&gate, exec_id, at_utc_ms, &mut tie_keys) {
                    continue;
                }
                let next_event = earliest(events.peek().map(|(_, e)| e.at_utc_ms), clients.next_due());
                grant(&gate, exec_id, at_utc_ms, horizon(&gate, Some(exec_id), next_event, &triggers));
                None
            }
            Next::Event => {
                let event: &PlannedEvent = events.next().map(|(_, e)| e).expect("the chosen event was peeked");
                match &event.occurrence {
                    Occurrence::Eviction { cache, keys } => {
                        let mut w = world.lock().unwrap_or_else(|p| p.into_inner());
                        let evicted =
                            w.caches.cache_mut(*cache).evict_matching(|k| gas_platform::glob::glob_matches(keys, k));
                        if plan.keep_traces {
                            evictions.push(Eviction::new(at_utc_ms, *cache, evicted, Some(keys.clone())));
                        }
                        None
                    }
                    Occurrence::Run { function } => Some(StartRequest {
                        function: function.clone(),
                        event: None,
                        at_utc_ms,
                        source: format!("run {function}"),
                        lost: false,
                        invocation: Invocation::of(InvocationKind::Manual),
                    }),
                    Occurrence::Request { method, event, lost } => {
                        let function = if method == "GET" { "doGet" } else { "doPost" };
                        // A delivery fault that loses answers loses a plain request's too
                        // (error-page and timeout need a client: `[[submissions]]`).
                        let picked = clients.pick_for_request(function, at_utc_ms);
                        if let Some(outcome @ (Outcome::ErrorPage | Outcome::Timeout)) = picked {
                            // Never a silent drop: say the fault did nothing here.
                            let at = utc_ms_to_local(plan.zone, at_utc_ms).format("%Y-%m-%d %H:%M:%S");
                            warnings.push(format!(
                                "a delivery fault picked {} for the {method} request at {at}, which only a client's attempt ([[submissions]]) can have: the request was delivered",
                                outcome.name()
                            ));
                        }
                        Some(StartRequest {
                            function: function.to_string(),
                            event: Some(event.clone()),
                            at_utc_ms,
                            source: format!("{method} request"),
                            lost: *lost || picked == Some(Outcome::Lost),
                            invocation: Invocation::of(InvocationKind::WebApp),
                        })
                    }
                    Occurrence::User(user) => {
                        let mut w = world.lock().unwrap_or_else(|p| p.into_inner());
                        let container = plan.project.container_id.as_deref().unwrap_or_default();
                        queued.extend(user_event(user, &mut w, container, at_utc_ms, plan.zone, &mut warnings));
                        queued.pop_front()
                    }
                }
            }
            Next::Queued => queued.pop_front(),
            Next::Client => clients.step(at_utc_ms, next_exec_id).map(|start| StartRequest {
                function: start.function,
                event: Some(start.event),
                at_utc_ms: start.at_utc_ms,
                source: start.source,
                lost: false,
                invocation: Invocation::of(InvocationKind::WebApp),
            }),
            Next::Trigger(index) => {
                let trigger = &mut triggers[index];
                let fire_at = trigger.next_utc_ms.take().expect("chosen triggers have a time");
                // In the trigger's own zone (`inTimezone`), every firing, not only the first.
                // A jitter is shorter than any period: the next firing is the next one.
                trigger.next_utc_ms = jittered(&gate, &trigger.id, trigger.firings.next_at_or_after(fire_at + 1));
                let request = StartRequest {
                    function: trigger.function.clone(),
                    event: Some(gas_platform::trigger_events::time_driven(fire_at, &trigger.id)),
                    at_utc_ms: fire_at,
                    source: "trigger".into(),
                    lost: false,
                    invocation: Invocation::of(InvocationKind::TimeTrigger),
                };
                if matches!(trigger.firings.schedule, Schedule::Once { .. }) {
                    // A one-shot trigger is gone once it has fired (assumed).
                    let id = trigger.id.clone();
                    world.lock().unwrap_or_else(|p| p.into_inner()).triggers.delete(&id);
                    triggers.remove(index);
                }
                Some(request)
            }
        };
        if let Some(request) = to_start {
            // The platform's limit on simultaneous executions: past it the start fails.
            let in_flight = gate.lock().parked.len();
            if let Err(message) = gas_platform::concurrency::admits(in_flight, clients.simultaneous_executions_max()) {
                let exec_id = next_exec_id;
                next_exec_id += 1;
                clients.refused(exec_id, request.at_utc_ms);
                summaries.push(ExecutionSummary::refused(
                    exec_id,
                    request.function,
                    request.source,
                    request.at_utc_ms,
                    message,
                ));
                continue;
            }
            let next_due = earliest(events.peek().map(|(_, e)| e.at_utc_ms), clients.next_due());
            let horizon_utc_ms = horizon(&gate, None, next_due, &triggers);
            let mut run = Starter {
                plan: &plan,
                world: &world,
                gate: &gate,
                workers: &mut workers,
                eviction_rng: &mut eviction_rng,
                evictions: &mut evictions,
            };
            let exec_id = next_exec_id;
            next_exec_id += 1;
            meta.insert(exec_id, (request.source.clone(), request.lost));
            run.start(exec_id, request, horizon_utc_ms)?;
        }
        if next_exec_id > EXECUTIONS_PER_RUN_MAX {
            return Err(format!("more than {EXECUTIONS_PER_RUN_MAX} executions started: a trigger storm?"));
        }
    }
    // Reports still on their way from the workers.
    while (summaries.len() as u64) < next_exec_id - 1 {
        let report = workers.wait()?;
        clients.finished(&report, now_utc_ms);
        let (source, lost) = meta.remove(&report.exec_id).unwrap_or_default();
        let mut summary = summarize(&plan, &gate, &report, source, lost, &mut trace_budget);
        summary.trim_logs(keep_all_logs);
        summaries.push(summary);
    }
    summaries.sort_by_key(|s| (s.start_utc_ms, s.exec_id));
    let world = world.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let timeline = plan.keep_traces.then(|| TimelineData {
        kept: true,
        evictions,
        mail_quota: mail_quota_line(&plan.world.mail, &world.mail, plan.zone, plan.start_utc_ms, plan.end_utc_ms),
        mail_quota_per_day: world.mail.account.recipients_per_day(),
        traces_dropped: trace_budget.dropped_executions,
    });
    let mut report = ZoneReport::new(&plan, summaries, world, warnings, clients.into_reports());
    report.timeline = timeline.unwrap_or_default();
    Ok(report)
}

/// An execution's summary, with its trace when the run keeps them (`--html`).
fn summarize(
    plan: &Plan,
    gate: &SchedulerGate,
    report: &ExecutionReport,
    source: String,
    lost: bool,
    budget: &mut TraceBudget,
) -> ExecutionSummary {
    let mut summary = ExecutionSummary::from_report(report, source, lost);
    budget.keep_logs(&mut summary);
    // An explored schedule's summary keeps its calls (its interleaving shows them).
    if gate.choices.is_some() {
        summary.calls = report.calls.items.clone();
    }
    if plan.keep_traces {
        let modelled = |method: &str| gas_engine::methods::get(method).map_or(0, |info| plan.latency.of(info));
        summary.trace = budget.keep(ExecutionTrace::of(report, modelled));
    }
    summary
}

/// The earliest time anything other than `exclude` is due: the next event or trigger,
/// or another parked execution (a lock waiter counts from when it began to wait).
fn horizon(
    gate: &SchedulerGate,
    exclude: Option<u64>,
    next_event_utc_ms: Option<i64>,
    triggers: &[ActiveTrigger],
) -> i64 {
    let state = gate.lock();
    let parked = state
        .parked
        .iter()
        .filter(|(id, _)| Some(**id) != exclude)
        .map(|(_, park)| match *park {
            Park::Turn { at_utc_ms } => at_utc_ms,
            Park::Lock { since_utc_ms, .. } => since_utc_ms,
        })
        .min();
    let trigger = triggers.iter().filter_map(|t| t.next_utc_ms).min();
    [next_event_utc_ms, trigger, parked].into_iter().flatten().min().unwrap_or(i64::MAX)
}

fn grant(gate: &SchedulerGate, exec_id: u64, at_utc_ms: i64, horizon_utc_ms: i64) {
    let mut state = gate.lock();
    state.horizon_utc_ms = horizon_utc_ms;
    state.granted = Some((exec_id, at_utc_ms));
    // Mark it running now, so the scheduler waits for it to park again or finish.
    state.running = Some(exec_id);
    if let Some(thread) = state.threads.get(&exec_id) {
        thread.unpark();
    }
}

/// What to start: a run, a request or a trigger firing.
struct StartRequest {
    function: String,
    event: Option<serde_json::Value>,
    at_utc_ms: i64,
    /// `trigger`, `run f`, `POST request`: for the report.
    source: String,
    /// A web request whose response never reaches the client.
    lost: bool,
    /// What started it: a trigger, a request, a user at the spreadsheet.
    invocation: Invocation,
}

/// A user at a spreadsheet: opening the bound one starts a new page (and its onOpen and
/// open triggers), a click runs the item's function as the user, an edit or a form
/// response runs their triggers (`crate::sheet_events`). A click on an item the page does
/// not show starts nothing, and the report says so.
fn user_event(
    occurrence: &crate::container::UserEvent,
    world: &mut World,
    container_id: &str,
    at_utc_ms: i64,
    zone: chrono_tz::Tz,
    warnings: &mut Vec<String>,
) -> Vec<StartRequest> {
    let sheet_start = |start: crate::sheet_events::SheetStart| StartRequest {
        function: start.function,
        event: Some(start.event),
        at_utc_ms,
        source: start.source,
        lost: false,
        invocation: start.invocation,
    };
    match occurrence {
        crate::container::UserEvent::Edit { user, cell, typed, simple } => {
            crate::sheet_events::edit(world, user, cell, typed, simple.as_deref(), at_utc_ms, zone, warnings)
                .into_iter()
                .map(sheet_start)
                .collect()
        }
        crate::container::UserEvent::FormSubmit { spreadsheet_id, sheet, answers } => {
            crate::sheet_events::form_submit(world, spreadsheet_id, sheet, answers, at_utc_ms, zone, warnings)
                .into_iter()
                .map(sheet_start)
                .collect()
        }
        crate::container::UserEvent::Open { user, selection, install, function } => {
            if !*install {
                world.ui.open(user, at_utc_ms, selection.clone());
            } else if let Some(selection) = selection {
                world.ui.session_mut(user).selection = Some(selection.clone());
            }
            let kind = if *install { InvocationKind::OnInstall } else { InvocationKind::OnOpen };
            let invocation = Invocation::by_user(kind, user);
            let verb = if *install { "installed" } else { "opened" };
            let source = format!("{user} {verb} the spreadsheet");
            let mut starts = Vec::new();
            if let Some(function) = function {
                starts.push(StartRequest {
                    function: function.clone(),
                    event: Some(crate::container::open_event(invocation.auth_mode(), container_id, user)),
                    at_utc_ms,
                    source: source.clone(),
                    lost: false,
                    invocation,
                });
            }
            if !*install {
                // Installable open triggers run too, after the simple one (assumed order).
                let installed = world.triggers.for_event(container_id, SpreadsheetEvent::Open);
                starts.extend(installed.map(|trigger| {
                    let mut event = crate::container::open_event("FULL", container_id, user);
                    event["triggerUid"] = serde_json::json!(trigger.id);
                    StartRequest {
                        function: trigger.handler.clone(),
                        event: Some(event),
                        at_utc_ms,
                        source: format!("{source} (open trigger)"),
                        lost: false,
                        invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
                    }
                }));
            }
            starts
        }
        crate::container::UserEvent::Click { key, user, target, selection } => {
            let function = match target {
                crate::container::ClickTarget::Function(function) => function.clone(),
                crate::container::ClickTarget::Item(path) => match world.ui.find_item(user, path) {
                    Ok(function) => function,
                    Err(why) => {
                        warnings.push(format!("{key}: {why}"));
                        return Vec::new();
                    }
                },
            };
            if let Some(selection) = selection {
                world.ui.session_mut(user).selection = Some(selection.clone());
            }
            vec![StartRequest {
                source: format!("{user} clicked {function}"),
                function,
                event: None,
                at_utc_ms,
                lost: false,
                invocation: Invocation::by_user(InvocationKind::MenuItem, user),
            }]
        }
    }
}

/// What starting an execution needs from the scheduler.
struct Starter<'a> {
    plan: &'a Arc<Plan>,
    world: &'a Arc<Mutex<World>>,
    gate: &'a Arc<SchedulerGate>,
    workers: &'a mut Workers,
    eviction_rng: &'a mut SeededRng,
    evictions: &'a mut Vec<Eviction>,
}

impl Starter<'_> {
    /// Starts `request` as execution `exec_id` on a worker; it runs until its first call
    /// at or after `horizon_utc_ms` parks it.
    fn start(&mut self, exec_id: u64, request: StartRequest, horizon_utc_ms: i64) -> Result<(), String> {
        if self.gate.lock().parked.len() >= OVERLAPPING_EXECUTIONS_MAX {
            return Err(format!(
                "more than {OVERLAPPING_EXECUTIONS_MAX} executions overlap at {}",
                gas_platform::time::iso_utc(request.at_utc_ms)
            ));
        }
        let p = self.plan.early_eviction_probability;
        if p > 0.0 {
            let mut w = self.world.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let rng = &mut *self.eviction_rng;
            for cache in [CacheScope::Script, CacheScope::User, CacheScope::Document] {
                let evicted = w.caches.cache_mut(cache).evict_matching(|_| rng.next_f64() < p);
                if self.plan.keep_traces && evicted > 0 {
                    self.evictions.push(Eviction::new(request.at_utc_ms, cache, evicted, None));
                }
            }
        }
        let spec = ExecutionSpec {
            exec_id,
            function: request.function,
            event: request.event,
            script_run_args: None,
            start_utc_ms: request.at_utc_ms,
            seed: self.plan.seed,
            latency: self.plan.latency.clone(),
            limits: self.plan.limits,
            invocation: request.invocation,
        };
        {
            let mut state = self.gate.lock();
            state.running = Some(exec_id);
            state.horizon_utc_ms = horizon_utc_ms;
        }
        let done = self.workers.done_sender.clone();
        self.workers.start(Job {
            plan: self.plan.clone(),
            spec,
            world: self.world.clone(),
            gate: self.gate.clone(),
            done,
            slot: usize::MAX,                  // set by `start`
            scheduler: std::thread::current(), // set by `start`
        })
    }
}

/// The next thing to do and its time: resume a parked execution, handle a scenario event,
/// or fire a trigger. Events go before triggers at the same instant (file order), and
/// both before resuming executions at that instant, so a run at 09:00 starts before a
/// parked execution's call at 09:00 proceeds.
fn choose_next<'a>(
    gate: &SchedulerGate,
    world: &Mutex<World>,
    freed_at: &BTreeMap<LockKind, i64>,
    events: &mut std::iter::Peekable<impl Iterator<Item = (usize, &'a PlannedEvent)>>,
    triggers: &[ActiveTrigger],
    tie_keys: &mut BTreeMap<u64, u64>,
    tie_rng: &mut SeededRng,
) -> Option<(Next, i64)> {
    let event = events.peek().map(|(i, e)| (e.at_utc_ms, 0u8, *i as u64));
    let trigger = triggers.iter().enumerate().filter_map(|(i, t)| t.next_utc_ms.map(|at| (at, 1u8, i as u64))).min();
    let resume = choose_resume(gate, world, freed_at, tie_keys, tie_rng);
    let resume_key = match &resume {
        Some(Next::Resume { at_utc_ms, .. }) => Some((*at_utc_ms, 2u8, 0u64)),
        _ => None,
    };
    let best = [event, trigger, resume_key].into_iter().flatten().min()?;
    Some(match best.1 {
        0 => (Next::Event, best.0),
        1 => (Next::Trigger(best.2 as usize), best.0),
        _ => (resume.expect("resume key came from a resume"), best.0),
    })
}

/// The parked execution to resume next: earliest time; ties by a seeded order.
fn choose_resume(
    gate: &SchedulerGate,
    world: &Mutex<World>,
    freed_at: &BTreeMap<LockKind, i64>,
    tie_keys: &mut BTreeMap<u64, u64>,
    tie_rng: &mut SeededRng,
) -> Option<Next> {
    let state = gate.lock();
    let w = world.lock().unwrap_or_else(|p| p.into_inner());
    let mut best: Option<(i64, u64, u64)> = None;
    for (&exec_id, park) in &state.parked {
        let at = match *park {
            Park::Turn { at_utc_ms } => at_utc_ms,
            Park::Lock { kind, since_utc_ms, deadline_utc_ms, free_at_utc_ms } => match w.locks.holder(kind) {
                None => freed_at.get(&kind).copied().unwrap_or(since_utc_ms).clamp(since_utc_ms, deadline_utc_ms),
                Some(LockHolder::Outside { until_utc_ms }) => until_utc_ms.clamp(since_utc_ms, deadline_utc_ms),
                Some(LockHolder::Execution(holder)) => {
                    // Held by a parked execution: it releases at some later call; wake at
                    // its next call time if that is before our deadline, to retry then.
                    let holder_at = match state.parked.get(&holder) {
                        Some(Park::Turn { at_utc_ms }) => Some(*at_utc_ms),
                        _ => None,
                    };
                    let _ = free_at_utc_ms;
                    match holder_at {
                        Some(at) if at > since_utc_ms && at < deadline_utc_ms => at + 1,
                        _ => deadline_utc_ms,
                    }
                }
            },
        };
        let key = *tie_keys.entry(exec_id).or_insert_with(|| tie_rng.next_u64());
        let candidate = (at, key, exec_id);
        if best.is_none_or(|b| (candidate.0, candidate.1) < (b.0, b.1)) {
            best = Some(candidate);
        }
    }
    best.map(|(at_utc_ms, _, exec_id)| Next::Resume { exec_id, at_utc_ms })
}

/// A trigger's firing as an explored schedule moves it within the platform's window.
fn jittered(gate: &SchedulerGate, trigger_id: &str, nominal_utc_ms: Option<i64>) -> Option<i64> {
    match (&gate.choices, nominal_utc_ms) {
        (Some(choices), Some(at)) => Some(at.saturating_add(choices.firing_jitter_ms(trigger_id, at))),
        _ => nominal_utc_ms,
    }
}

/// An explored schedule's preemption point: instead of resuming `exec_id` at
/// `at_utc_ms`, it waits until the next other execution's call (as if its last call took
/// longer) with the lowest priority, so that the other goes first. Returns whether it did.
fn preempted(gate: &SchedulerGate, exec_id: u64, at_utc_ms: i64, tie_keys: &mut BTreeMap<u64, u64>) -> bool {
    let Some(choices) = &gate.choices else { return false };
    let mut state = gate.lock();
    if !matches!(state.parked.get(&exec_id), Some(Park::Turn { .. })) {
        return false;
    }
    let other_utc_ms = state
        .parked
        .iter()
        .filter(|(id, _)| **id != exec_id)
        .filter_map(|(_, park)| match *park {
            Park::Turn { at_utc_ms } => Some(at_utc_ms),
            Park::Lock { .. } => None,
        })
        .filter(|at| *at >= at_utc_ms)
        .min();
    match choices.preempt(exec_id, at_utc_ms, other_utc_ms) {
        Some((delayed_utc_ms, priority)) => {
            state.parked.insert(exec_id, Park::Turn { at_utc_ms: delayed_utc_ms });
            tie_keys.insert(exec_id, priority);
            true
        }
        None => false,
    }
}

fn sync_installed_triggers(
    triggers: &mut Vec<ActiveTrigger>,
    world: &World,
    plan: &Plan,
    now_utc_ms: i64,
    (day_start_utc_ms, first_day): (i64, chrono::NaiveDate),
    rng: &mut SeededRng,
    gate: &SchedulerGate,
) {
    // Deleted by the script (deleteTrigger): stop firing.
    triggers.retain(|t| world.triggers.get(&t.id).is_some());
    for installed in &world.triggers.installed {
        if installed.origin != TriggerOrigin::Script || triggers.iter().any(|t| t.id == installed.id) {
            continue;
        }
        let zone = installed.time_zone.as_deref().and_then(|z| z.parse().ok()).unwrap_or(plan.zone);
        // Days are counted in the trigger's zone (`everyDays(2)` from its local day).
        let (day_start_utc_ms, first_day) =
            if zone == plan.zone { (day_start_utc_ms, first_day) } else { local_day_start(plan.start_utc_ms, zone) };
        let schedule = Schedule::from_spec(&installed.spec, day_start_utc_ms, first_day, rng);
        let firings = Firings { schedule, zone, until_utc_ms: i64::MAX };
        let next_utc_ms = firings.next_at_or_after(installed.created_at_utc_ms.max(now_utc_ms) + 1);
        triggers.push(ActiveTrigger {
            id: installed.id.clone(),
            function: installed.handler.clone(),
            next_utc_ms: jittered(gate, &installed.id, next_utc_ms),
            firings,
        });
    }
}
