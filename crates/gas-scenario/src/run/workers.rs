//! The worker threads that run executions: borrowed from a process-wide pool, so a
//! thread keeps its compiled templates and prepared context from one run to the next.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use gas_engine::{run_execution, ExecutionReport, ExecutionSpec, Gate};
use gas_platform::World;

use super::gate::SchedulerGate;
use crate::plan::Plan;

/// A worker's stack: deep (but legal) JS recursion re-enters the engine natively, and
/// the engine's stack limit is set for this size (gas_engine::stack).
const WORKER_STACK_BYTES: usize = gas_engine::EXECUTION_STACK_BYTES;

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
/// The runs of this process in progress (each holds a `Workers`): zones run side by side
/// (`PreparedScenario::run_all_with`), explorations and mutation campaigns run several.
static RUNS_IN_PROGRESS: AtomicUsize = AtomicUsize::new(0);

/// Whether a run's second thread could find a core of its own: fewer runs are in progress
/// than the machine has cores. When every core already runs a run, a run's second worker
/// would compile its template and build its context on a core another run needs (a small
/// scenario's four zones, two at a time on two cores, started two more threads that way:
/// about a quarter of the process's CPU time). (Polling for a hand-off, `POLL_BEFORE_SLEEP`,
/// is kept when every core is busy: it yields between looks, and sleeping instead doubled
/// the context switches and cost more CPU than the polls.)
fn a_core_is_free() -> bool {
    RUNS_IN_PROGRESS.load(Ordering::Acquire) < cores()
}

/// The machine's cores, as the operating system gives them to this process (asked once).
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
}

/// What a worker thread is sent. (A job moves through the channel by value, as it did
/// alone; boxing it would add an allocation per execution for a rare small variant.)
#[allow(clippy::large_enum_variant)]
enum Task {
    /// Run one execution.
    Run(Job),
    /// Compile a project's template and build its context (`gas_engine::prepare_next`)
    /// before the run that needs it starts (`prewarm`).
    Prepare(Arc<gas_engine::Project>),
}

/// A worker thread: where its jobs go, and whether it is ready for the next one (has
/// collected its garbage and built its next context) or still busy preparing.
struct Worker {
    jobs: Sender<Task>,
    prepared: Arc<AtomicBool>,
    /// Cleared when the thread ends, however it ends (see `spawn_worker`).
    alive: Arc<AtomicBool>,
}

/// What a worker sends back for a job: the report, or a gas-sim bug (the execution
/// panicked; already recorded in `bug`), with the worker's slot.
pub(super) type Done = (Result<ExecutionReport, String>, usize);

/// The worker threads one run uses, by slot.
pub(super) struct Workers {
    threads: Vec<Worker>,
    idle: Vec<usize>,
    /// How long this run has waited for its one worker to be ready (see
    /// `NEW_SECOND_WORKER_AFTER_WAITING`), after its first job.
    waited_for_one: std::time::Duration,
    /// Jobs sent so far. Before the first, the one worker may still be compiling the
    /// project ahead (`prewarm`): what a second worker would have to do too, so the run
    /// waits for it instead of counting the wait as the price of not having a second.
    jobs_sent: u64,
    /// Reports received but not yet collected, in arrival order.
    received: Vec<ExecutionReport>,
    /// The first bug a worker reported: the run stops with it.
    pub(super) bug: Option<String>,
    done: Receiver<Done>,
    pub(super) done_sender: Sender<Done>,
}

pub(super) struct Job {
    pub(super) plan: Arc<Plan>,
    pub(super) spec: ExecutionSpec,
    pub(super) world: Arc<Mutex<World>>,
    pub(super) gate: Arc<SchedulerGate>,
    /// Where the report goes, and which of the run's workers sends it.
    pub(super) done: Sender<Done>,
    pub(super) slot: usize,
    /// The run's thread, woken when this worker is prepared for its next job.
    pub(super) scheduler: std::thread::Thread,
}

impl Workers {
    /// Two workers used in turn: while one runs an execution, the other collects garbage
    /// (`gas_engine::prepare_next`). The second is borrowed only when the first is still
    /// busy (preparing, or holding a parked execution) as the next execution starts: a run
    /// of a few short executions then builds one template and context, not two (each
    /// thread builds its own: a few milliseconds, and every zone of a scenario runs apart).
    const ALTERNATING: usize = 2;
    /// How long a run with one worker waits for it to finish reporting and preparing
    /// before it borrows a second that the pool holds ready (wall time; which worker runs
    /// an execution never changes its result).
    const SECOND_WORKER_WAIT: std::time::Duration = std::time::Duration::from_micros(300);
    /// How long, over the whole run, a run with one worker waits for it before it starts a
    /// new thread as the second: a new thread compiles its template and builds its context
    /// first (5-25 ms, the prelude parsed again), which a short run never earns back by
    /// not waiting for one worker's collections (a rent-or-buy rule: buy once the rent paid
    /// reaches the price).
    const NEW_SECOND_WORKER_AFTER_WAITING: std::time::Duration = std::time::Duration::from_millis(4);

    pub(super) fn new() -> Result<Workers, String> {
        let (done_sender, done) = channel();
        let mut workers = Workers {
            threads: Vec::new(),
            idle: Vec::new(),
            waited_for_one: std::time::Duration::ZERO,
            jobs_sent: 0,
            received: Vec::new(),
            bug: None,
            done,
            done_sender,
        };
        RUNS_IN_PROGRESS.fetch_add(1, Ordering::AcqRel);
        let slot = workers.borrow()?;
        workers.idle.push(slot);
        Ok(workers)
    }

    /// A worker from the pool, a ready one first (or a new one); returns its slot.
    fn borrow(&mut self) -> Result<usize, String> {
        let pooled = {
            let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
            match pool.iter().rposition(|w| w.prepared.load(Ordering::Acquire)) {
                Some(ready) => Some(pool.remove(ready)),
                None => pool.pop(),
            }
        };
        let worker = match pooled {
            Some(worker) => worker,
            None => spawn_worker()?,
        };
        Ok(self.keep(worker))
    }

    /// A ready worker from the pool, if it holds one; its slot.
    fn borrow_ready(&mut self) -> Option<usize> {
        let worker = {
            let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
            let ready = pool.iter().rposition(|w| w.prepared.load(Ordering::Acquire))?;
            pool.remove(ready)
        };
        Some(self.keep(worker))
    }

    fn keep(&mut self, worker: Worker) -> usize {
        self.threads.push(worker);
        self.threads.len() - 1
    }

    /// Sends `job` to a worker; `parked` executions are waiting at the gate (each holds
    /// its worker).
    pub(super) fn start(&mut self, mut job: Job, parked: usize) -> Result<(), String> {
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
            if let Some(index) = self.idle.iter().position(|&slot| self.threads[slot].prepared.load(Ordering::Acquire))
            {
                break self.idle.remove(index);
            }
            // Workers that hold no parked execution: they are reporting or preparing.
            let finishing = self.threads.len().saturating_sub(parked);
            if finishing == 0 {
                break self.borrow()?;
            }
            let second = if self.jobs_sent == 0 { None } else { self.second_due(waiting_since.elapsed()) };
            match second {
                Some(Second::New) => break self.borrow()?,
                Some(Second::FromPool) => {
                    if let Some(slot) = self.borrow_ready() {
                        break slot;
                    }
                }
                None => {}
            }
            if self.idle.is_empty() {
                if let Some(bug) = &self.bug {
                    return Err(bug.clone());
                }
                if self.a_busy_worker_died() || waiting_since.elapsed() > WORKER_READY_WAIT_MAX {
                    break self.borrow()?;
                }
                // A worker's report is on its way: it is idle in a moment.
                std::thread::yield_now();
                continue;
            }
            // A worker that never reports ready (its thread died) gets the job anyway, and
            // sending it fails with a clear error instead of waiting for ever.
            if waiting_since.elapsed() > WORKER_READY_WAIT_MAX {
                break self.idle.remove(0);
            }
            // With one worker, look again when the second is due.
            let nap = if self.threads.len() < Workers::ALTERNATING {
                Workers::SECOND_WORKER_WAIT
            } else {
                std::time::Duration::from_millis(1)
            };
            std::thread::park_timeout(nap);
        };
        if self.threads.len() == 1 && self.jobs_sent > 0 {
            self.waited_for_one += waiting_since.elapsed();
        }
        self.jobs_sent += 1;
        job.slot = slot;
        job.scheduler = std::thread::current();
        let worker = &self.threads[slot];
        worker.prepared.store(false, Ordering::Release);
        match worker.jobs.send(Task::Run(job)) {
            Ok(()) => Ok(()),
            // Its thread is gone (a panic while preparing, recorded as a bug): the slot
            // stays out of `idle`, so the thread never goes back to the pool, and a
            // new worker takes the job.
            Err(std::sync::mpsc::SendError(Task::Run(mut job))) => {
                job.slot = self.borrow()?;
                let worker = &self.threads[job.slot];
                worker.prepared.store(false, Ordering::Release);
                worker.jobs.send(Task::Run(job)).map_err(|_| "a new worker thread died at once".to_string())
            }
            Err(std::sync::mpsc::SendError(Task::Prepare(_))) => Err("a job was sent as a preparation".to_string()),
        }
    }

    /// Whether a run with one worker, after waiting `waited` for it this time, takes a
    /// second: a ready one from the pool at once, any (a new thread if need be) only once
    /// the whole run's waiting has reached what starting one costs, and a core is free to
    /// run it (`a_core_is_free`).
    fn second_due(&self, waited: std::time::Duration) -> Option<Second> {
        second_worker(self.threads.len(), self.waited_for_one + waited, waited, a_core_is_free)
    }

    /// Moves the reports that have arrived to `received`, and their workers to `idle`.
    /// A worker that reported a bug is not idle: its thread has ended.
    pub(super) fn receive_finished(&mut self) {
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
    pub(super) fn collect(&mut self) -> Result<Vec<ExecutionReport>, String> {
        self.receive_finished();
        match &self.bug {
            Some(bug) => Err(bug.clone()),
            None => Ok(std::mem::take(&mut self.received)),
        }
    }

    /// Waits for the next finished execution.
    pub(super) fn wait(&mut self) -> Result<ExecutionReport, String> {
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
    pub(super) fn a_busy_worker_died(&self) -> bool {
        self.threads
            .iter()
            .enumerate()
            .any(|(slot, worker)| !self.idle.contains(&slot) && !worker.alive.load(Ordering::Acquire))
    }
}

/// [`Workers::second_due`]'s rule: `threads` the run holds, `waited_in_all` for its one
/// worker over the run (this wait included), `waited` this time. `core_free` is asked last
/// (it reads a process-wide count).
fn second_worker(
    threads: usize,
    waited_in_all: std::time::Duration,
    waited: std::time::Duration,
    core_free: impl Fn() -> bool,
) -> Option<Second> {
    if threads >= Workers::ALTERNATING || waited < Workers::SECOND_WORKER_WAIT {
        return None;
    }
    if waited_in_all >= Workers::NEW_SECOND_WORKER_AFTER_WAITING && core_free() {
        return Some(Second::New);
    }
    Some(Second::FromPool)
}

/// Where a run's second worker may come from (`Workers::second_due`).
#[derive(Debug, PartialEq, Eq)]
enum Second {
    /// Only a ready one the pool holds.
    FromPool,
    /// The pool's, or a new thread.
    New,
}

/// How often a scheduler waiting for a worker checks that the worker is still alive
/// (wall time; it changes no result).
pub(super) const DEAD_WORKER_CHECK_INTERVAL: std::time::Duration = std::time::Duration::from_millis(200);

impl Drop for Workers {
    /// Idle workers go back to the pool. A worker still busy (a run that ended in an
    /// error with executions parked) is let go: its thread ends when its channel does.
    fn drop(&mut self) {
        RUNS_IN_PROGRESS.fetch_sub(1, Ordering::AcqRel);
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

/// Starts compiling `project` on the pooled workers that the zones of a scenario about to
/// run will borrow (at most `zones`, at most one per core), new threads if the pool holds
/// fewer: the template and the context are built while the scenario is still being
/// planned, instead of after it by the first execution of each zone (a small scenario
/// spent about a fifth of its wall time there). A worker that already holds the project
/// only collects its garbage if due. Changes no result: which worker runs an execution,
/// and when its context was built, never does.
pub fn prewarm(project: &Arc<gas_engine::Project>, zones: usize) {
    let wanted = zones.min(cores());
    let mut pool = POOL.lock().unwrap_or_else(|p| p.into_inner());
    while pool.len() < wanted {
        match spawn_worker() {
            Ok(worker) => pool.push(worker),
            // No thread now: the run starts its own (and says why if it cannot).
            Err(_) => break,
        }
    }
    // The pool lends its last workers first (`Workers::borrow`).
    let start = pool.len() - wanted.min(pool.len());
    for worker in &pool[start..] {
        worker.prepared.store(false, Ordering::Release);
        if worker.jobs.send(Task::Prepare(project.clone())).is_err() {
            worker.prepared.store(true, Ordering::Release);
        }
    }
}

fn spawn_worker() -> Result<Worker, String> {
    let (sender, jobs) = channel::<Task>();
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
            while let Some(task) = next_job(&jobs) {
                let job = match task {
                    Task::Run(job) => job,
                    Task::Prepare(project) => {
                        // A panic here would come again in the run that compiles the
                        // project, which reports it; this thread is not pooled again.
                        let prepared = std::panic::catch_unwind(|| gas_engine::prepare_next(&project));
                        prepared_flag.store(true, Ordering::Release);
                        if prepared.is_err() {
                            return;
                        }
                        continue;
                    }
                };
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

/// The worker's next job, or `None` once the run that holds its sender is gone. Polls
/// for at most `POLL_BEFORE_SLEEP` first (see `SchedulerGate::poll_until_idle`): the next
/// job usually comes as soon as the other worker's execution ends.
fn next_job(jobs: &Receiver<Task>) -> Option<Task> {
    let since = std::time::Instant::now();
    while since.elapsed() < super::gate::POLL_BEFORE_SLEEP {
        match jobs.try_recv() {
            Ok(job) => return Some(job),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => return None,
            Err(std::sync::mpsc::TryRecvError::Empty) => std::thread::yield_now(),
        }
    }
    jobs.recv().ok()
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_second_worker_is_a_new_thread_only_once_waiting_has_cost_as_much_and_a_core_is_free() {
        let short = Workers::SECOND_WORKER_WAIT - Duration::from_micros(1);
        let long = Workers::NEW_SECOND_WORKER_AFTER_WAITING;
        // Not yet waited long enough this time, or already two: no second.
        assert_eq!(second_worker(1, long, short, || true), None);
        assert_eq!(second_worker(Workers::ALTERNATING, long, long, || true), None);
        // Waited, but not yet what a new thread costs: only a ready one from the pool.
        assert_eq!(
            second_worker(1, long - Duration::from_micros(1), Workers::SECOND_WORKER_WAIT, || true),
            Some(Second::FromPool)
        );
        // Waited as much as a new thread costs: a new one if a core is free for it.
        assert_eq!(second_worker(1, long, Workers::SECOND_WORKER_WAIT, || true), Some(Second::New));
        // Every core runs a run: a new thread would only take turns with them.
        assert_eq!(second_worker(1, long, Workers::SECOND_WORKER_WAIT, || false), Some(Second::FromPool));
    }
}
