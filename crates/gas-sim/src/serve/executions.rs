//! Running executions for `serve`: admission (the platform's 30 simultaneous executions),
//! execution numbers, the start time (the request's wall time, never before the state's
//! last time), and a pool of execution threads. A thread keeps the project's compiled
//! template and live context between executions (as a scenario's workers do), so a
//! request costs an execution, not a compilation; every execution still starts from
//! fresh globals (the realm restore, `gas_engine::prepared`).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use chrono_tz::Tz;
use gas_engine::{run_execution, ExecutionReport, ExecutionSpec, Latency, Project};
use gas_platform::concurrency::{admits, SIMULTANEOUS_EXECUTIONS_PER_USER_MAX};
use gas_platform::container::Invocation;
use gas_platform::World;

use super::gate::RealTimeGate;
use super::state::StateWriter;
use crate::state_file::{EXEC_ID_MAX, START_UTC_MS_MAX};

/// Execution threads `serve` keeps: one per execution the platform lets run at once.
pub const EXECUTION_THREADS_MAX: usize = SIMULTANEOUS_EXECUTIONS_PER_USER_MAX;

/// How one request's execution went, as the HTTP side needs it.
pub enum Ran {
    /// It ran; `saved` says whether the state file holding it was written (always `Ok`
    /// without `--state`).
    Report { report: Box<ExecutionReport>, saved: Result<(), String> },
    /// The platform refused to start it (the limit on simultaneous executions).
    Refused(&'static str),
    /// gas-sim could not run it (a bug of its own, or no execution number left).
    Failed(String),
}

/// What one execution needs besides its spec.
struct Shared {
    project: Arc<Project>,
    zone: Tz,
    world: Arc<Mutex<World>>,
    gate: Arc<RealTimeGate>,
    writer: Arc<StateWriter>,
}

struct Job {
    spec: ExecutionSpec,
    reply: tokio::sync::oneshot::Sender<Ran>,
    /// Held until the execution ends, even if its client has gone.
    slot: Slot,
}

/// How many threads exist and how many wait for a job.
struct Threads {
    spawned: usize,
    idle: usize,
}

pub struct Executions {
    shared: Arc<Shared>,
    seed: u64,
    running: Arc<AtomicUsize>,
    next_exec_id: AtomicU64,
    jobs: Mutex<Sender<Job>>,
    queue: Arc<Mutex<Receiver<Job>>>,
    threads: Arc<Mutex<Threads>>,
}

impl Executions {
    pub fn new(
        project: Arc<Project>,
        zone: Tz,
        world: Arc<Mutex<World>>,
        gate: Arc<RealTimeGate>,
        writer: Arc<StateWriter>,
        seed: u64,
    ) -> Executions {
        let last_exec_id = world.lock().unwrap_or_else(|p| p.into_inner()).last_exec_id.unwrap_or(0);
        let (jobs, queue) = channel();
        Executions {
            shared: Arc::new(Shared { project, zone, world, gate, writer }),
            seed,
            running: Arc::new(AtomicUsize::new(0)),
            next_exec_id: AtomicU64::new(last_exec_id.saturating_add(1)),
            jobs: Mutex::new(jobs),
            queue: Arc::new(Mutex::new(queue)),
            threads: Arc::new(Mutex::new(Threads { spawned: 0, idle: 0 })),
        }
    }

    /// Executions running now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Acquire)
    }

    /// Runs `function` with the event (a request, sent with `user_agent`) or the arguments
    /// (a page's `google.script.run`), as the web app's owner, starting now.
    pub async fn run(
        &self,
        function: &str,
        event: Option<serde_json::Value>,
        args: Option<Vec<serde_json::Value>>,
        user_agent: Option<String>,
    ) -> Ran {
        let Some(slot) = self.admit() else {
            return Ran::Refused(gas_platform::concurrency::TOO_MANY_SIMULTANEOUS_MESSAGE);
        };
        let exec_id = self.next_exec_id.fetch_add(1, Ordering::AcqRel);
        if exec_id > EXEC_ID_MAX {
            return Ran::Failed(format!("the state has used every execution number (up to {EXEC_ID_MAX})"));
        }
        let start_utc_ms = self.start_utc_ms();
        if start_utc_ms > START_UTC_MS_MAX {
            return Ran::Failed("the clock is past the last time gas-sim simulates (9999)".into());
        }
        let spec = ExecutionSpec {
            event,
            script_run_args: args,
            // Service calls take the time they really take: the clock is the wall clock.
            latency: Latency::none(),
            invocation: Invocation::request(user_agent),
            ..ExecutionSpec::new(exec_id, function, start_utc_ms, self.seed)
        };
        let (reply, answer) = tokio::sync::oneshot::channel();
        if let Err(e) = self.submit(Job { spec, reply, slot }) {
            return Ran::Failed(e);
        }
        answer.await.unwrap_or_else(|_| Ran::Failed("an execution thread stopped without an answer".into()))
    }

    /// A slot among the simultaneous executions, released when dropped; `None` when all
    /// are taken.
    fn admit(&self) -> Option<Slot> {
        let mut running = self.running.load(Ordering::Acquire);
        loop {
            admits(running, SIMULTANEOUS_EXECUTIONS_PER_USER_MAX).ok()?;
            match self.running.compare_exchange(running, running + 1, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => return Some(Slot(self.running.clone())),
                Err(now) => running = now,
            }
        }
    }

    /// The time an execution starting now starts at: what a state token's timeout is
    /// measured against.
    pub fn now_utc_ms(&self) -> i64 {
        self.start_utc_ms()
    }

    /// The request's wall time, never before the world's last time.
    fn start_utc_ms(&self) -> i64 {
        let last = self.shared.world.lock().unwrap_or_else(|p| p.into_inner()).last_utc_ms.unwrap_or(i64::MIN);
        self.shared.gate.clock().now_utc_ms().max(last)
    }

    fn submit(&self, job: Job) -> Result<(), String> {
        let spawn = {
            let mut threads = self.threads.lock().unwrap_or_else(|p| p.into_inner());
            let spawn = threads.idle == 0 && threads.spawned < EXECUTION_THREADS_MAX;
            if spawn {
                threads.spawned += 1;
            }
            spawn
        };
        if spawn {
            self.spawn_thread()?;
        }
        self.jobs.lock().unwrap_or_else(|p| p.into_inner()).send(job).map_err(|_| "no execution thread".to_string())
    }

    fn spawn_thread(&self) -> Result<(), String> {
        let (shared, queue, threads) = (self.shared.clone(), self.queue.clone(), self.threads.clone());
        let started = std::thread::Builder::new()
            .name("gas-sim-execution".into())
            .stack_size(gas_engine::EXECUTION_STACK_BYTES)
            .spawn(move || execution_thread(&shared, &queue, &threads));
        started.map(|_| ()).map_err(|e| {
            self.threads.lock().unwrap_or_else(|p| p.into_inner()).spawned -= 1;
            format!("cannot start an execution thread: {e}")
        })
    }
}

/// One of the simultaneous executions; gives its place back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Takes jobs until the pool goes away or an execution panics (after a panic the
/// thread's engine state is not to be trusted: it ends, and a new one is started).
fn execution_thread(shared: &Shared, queue: &Mutex<Receiver<Job>>, threads: &Mutex<Threads>) {
    loop {
        threads.lock().unwrap_or_else(|p| p.into_inner()).idle += 1;
        let job = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
        threads.lock().unwrap_or_else(|p| p.into_inner()).idle -= 1;
        let Ok(job) = job else { break };
        let panicked = !run_job(shared, job);
        let prepared = !panicked && std::panic::catch_unwind(|| gas_engine::prepare_next(&shared.project)).is_ok();
        if !prepared {
            break;
        }
    }
    threads.lock().unwrap_or_else(|p| p.into_inner()).spawned -= 1;
}

/// Runs one job and answers it; false when the execution panicked.
fn run_job(shared: &Shared, job: Job) -> bool {
    let Job { spec, reply, slot } = job;
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_execution(&shared.project, shared.zone, &spec, shared.world.clone(), shared.gate.clone())
    }));
    let report = match ran {
        Ok(report) => report,
        Err(payload) => {
            // Its locks would otherwise be held for ever by an execution that is gone.
            shared.world.lock().unwrap_or_else(|p| p.into_inner()).locks.release_all(spec.exec_id);
            gas_engine::Gate::finished(&*shared.gate, spec.exec_id, spec.start_utc_ms);
            let message = gas_scenario::bug::panic_message(payload.as_ref());
            let _ = reply.send(Ran::Failed(format!(
                "gas-sim bug: execution {} of {} panicked: {message}",
                spec.exec_id, spec.function
            )));
            return false;
        }
    };
    {
        let mut world = shared.world.lock().unwrap_or_else(|p| p.into_inner());
        world.last_utc_ms = Some(world.last_utc_ms.unwrap_or(i64::MIN).max(report.end_utc_ms));
        world.last_exec_id = Some(world.last_exec_id.unwrap_or(0).max(spec.exec_id));
    }
    let saved = shared.writer.ended();
    drop(slot);
    // The client may have gone (a dropped connection): the execution stands all the same.
    let _ = reply.send(Ran::Report { report: Box::new(report), saved });
    true
}
