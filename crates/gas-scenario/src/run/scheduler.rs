//! The loop of one run: a `Scheduler` owns what the run has done so far (the triggers it
//! fires, the executions it started and their summaries, the clock) and, step by step,
//! waits until no execution runs, takes in what finished, installs the triggers that are
//! due, chooses what comes next in virtual time and does it.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};

use gas_engine::{ExecutionReport, ExecutionSpec};
use gas_platform::cache::CacheScope;
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::lock::{LockHolder, LockKind};
use gas_platform::rng::SeededRng;
use gas_platform::time::utc_ms_to_local;
use gas_platform::triggers::TriggerOrigin;
use gas_platform::webapp::delivery::Outcome;
use gas_platform::World;

use super::choose::{choose_next, choose_resume, earliest, grant, horizon, jittered, preempted, ActiveTrigger, Next};
use super::gate::{GateState, SchedulerGate};
use super::starts::{user_event, StartRequest};
use super::workers::{Job, Workers, DEAD_WORKER_CHECK_INTERVAL};
use super::{EXECUTIONS_PER_RUN_MAX, OVERLAPPING_EXECUTIONS_MAX};
use crate::clients::driver::Driver;
use crate::plan::{Occurrence, Plan, PlannedEvent};
use crate::report::{ExecutionSummary, ZoneReport};
use crate::schedule::{local_day_start, Firings, Schedule};
use crate::timeline::{mail_quota_line, Eviction, ExecutionTrace, TimelineData, TraceBudget};

pub fn run_plan(plan: Plan) -> Result<ZoneReport, String> {
    crate::bug::panic_if_hooked(crate::bug::SCHEDULER_HOOK);
    let mut scheduler = Scheduler::new(plan)?;
    loop {
        scheduler.wait_until_idle()?;
        scheduler.take_finished()?;
        scheduler.note_released_locks();
        scheduler.install_due_triggers();
        match scheduler.choose() {
            Choice::Done => break,
            Choice::Again => continue,
            Choice::Do(next, at_utc_ms) => scheduler.take_step(next, at_utc_ms)?,
        }
        if scheduler.next_exec_id > EXECUTIONS_PER_RUN_MAX {
            return Err(format!("more than {EXECUTIONS_PER_RUN_MAX} executions started: a trigger storm?"));
        }
    }
    scheduler.finish()
}

/// What the loop does after choosing.
enum Choice {
    /// Nothing is left to start or resume.
    Done,
    /// The clock moved or a parked execution was resumed past the end: look again.
    Again,
    Do(Next, i64),
}

/// One run's state between steps.
struct Scheduler {
    plan: Arc<Plan>,
    /// Info and debug lines are kept only for a `logs` expectation: a long run logs a lot.
    keep_all_logs: bool,
    world: Arc<Mutex<World>>,
    gate: Arc<SchedulerGate>,
    workers: Workers,
    tie_rng: SeededRng,
    tie_keys: BTreeMap<u64, u64>,
    eviction_rng: SeededRng,
    trigger_rng: SeededRng,
    /// The run's first local day and when it starts (UTC), in the run's zone.
    day_start_utc_ms: i64,
    first_day: chrono::NaiveDate,
    triggers: Vec<ActiveTrigger>,
    /// Scenario triggers not yet installed (their `from` is still to come), by index.
    pending_scenario_triggers: Vec<usize>,
    /// What the run could not do as the scenario said (a refused trigger), for the report.
    warnings: Vec<String>,
    /// The index in `plan.events` of the next event.
    next_event: usize,
    summaries: super::summaries::Summaries,
    /// Each started execution's source and whether its response is lost, until it reports.
    meta: BTreeMap<u64, (String, bool)>,
    next_exec_id: u64,
    now_utc_ms: i64,
    /// When each lock last came free, as far as the scheduler can tell: the time of the
    /// step in which it was released. A waiter takes it no earlier.
    freed_at: BTreeMap<LockKind, i64>,
    held: [Option<LockHolder>; 3],
    last_step_utc_ms: i64,
    /// Nothing starts at or after this; earlier than the plan's end once a run has its
    /// verdict (`stop_after_timeouts`).
    end_utc_ms: i64,
    timeouts: usize,
    clients: Driver,
    /// Executions one user event started beside its first, to start at the same instant.
    queued: VecDeque<StartRequest>,
    /// What the HTML timeline shows besides the reports (`plan.keep_traces` only).
    evictions: Vec<Eviction>,
    trace_budget: TraceBudget,
}

impl Scheduler {
    fn new(plan: Plan) -> Result<Scheduler, String> {
        let plan = Arc::new(plan);
        let keep_all_logs = plan.expectations.iter().any(|e| matches!(e.check, crate::expect::Check::Logs(_)));
        let choices = plan.choices.clone();
        let gate =
            Arc::new(SchedulerGate { state: Mutex::new(GateState::default()), changed: Condvar::new(), choices });
        // An explored schedule draws its own priorities (its base 0 draws today's).
        let priority_seed = gate.choices.as_ref().map_or(plan.seed, |c| c.priority_seed(plan.seed));
        let (day_start_utc_ms, first_day) = local_day_start(plan.start_utc_ms, plan.zone);
        Ok(Scheduler {
            keep_all_logs,
            world: Arc::new(Mutex::new(plan.world.clone())),
            workers: Workers::new()?,
            tie_rng: SeededRng::derive(priority_seed, "ties"),
            tie_keys: BTreeMap::new(),
            eviction_rng: SeededRng::derive(plan.seed, "early-eviction"),
            trigger_rng: SeededRng::derive(plan.seed, "installed-triggers"),
            day_start_utc_ms,
            first_day,
            triggers: Vec::new(),
            pending_scenario_triggers: (0..plan.triggers.len()).collect(),
            warnings: Vec::new(),
            next_event: 0,
            summaries: Default::default(),
            meta: BTreeMap::new(),
            next_exec_id: 1,
            now_utc_ms: plan.start_utc_ms,
            freed_at: BTreeMap::new(),
            held: [None; 3],
            last_step_utc_ms: plan.start_utc_ms,
            end_utc_ms: plan.end_utc_ms,
            timeouts: 0,
            clients: Driver::new(&plan.clients, plan.seed, plan.end_utc_ms),
            queued: VecDeque::new(),
            evictions: Vec::new(),
            trace_budget: TraceBudget::default(),
            gate,
            plan,
        })
    }

    fn world(&self) -> std::sync::MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn peek_event(&self) -> Option<(usize, &PlannedEvent)> {
        self.plan.events.get(self.next_event).map(|event| (self.next_event, event))
    }

    /// The next event's or client attempt's time, whichever is first.
    fn next_due_utc_ms(&self) -> Option<i64> {
        earliest(self.peek_event().map(|(_, e)| e.at_utc_ms), self.clients.next_due())
    }

    /// Waits until nothing runs: every execution parked or finished.
    fn wait_until_idle(&mut self) -> Result<(), String> {
        self.gate.poll_until_idle();
        let mut state = self.gate.lock();
        while state.running.is_some() {
            let (next, _) =
                self.gate.changed.wait_timeout(state, DEAD_WORKER_CHECK_INTERVAL).unwrap_or_else(|p| p.into_inner());
            state = next;
            if state.running.is_some() && self.workers.a_busy_worker_died() {
                self.workers.receive_finished();
                return Err(self.workers.bug.clone().unwrap_or_else(|| {
                    "a worker thread ended without reporting its execution (a gas-sim bug)".into()
                }));
            }
        }
        Ok(())
    }

    /// Takes in the reports of finished executions.
    fn take_finished(&mut self) -> Result<(), String> {
        let mut finished = self.workers.collect()?;
        // What a client does next depends on how its attempts ended, so with clients
        // every execution that has finished (nothing runs now) reports before the next
        // choice; without, reports may come later (nothing waits on them).
        while self.clients.is_active() && self.unreported(finished.len()) > 0 {
            finished.push(self.workers.wait()?);
        }
        for report in finished {
            self.record(report);
        }
        if self.plan.stop_after_timeouts.is_some_and(|max| self.timeouts > max) {
            self.end_utc_ms = self.end_utc_ms.min(self.now_utc_ms);
        }
        Ok(())
    }

    /// Executions started that have neither reported (beside `received` just now) nor parked.
    fn unreported(&self, received: usize) -> u64 {
        let accounted = self.summaries.len() + received + self.gate.lock().parked.len();
        (self.next_exec_id - 1).saturating_sub(accounted as u64)
    }

    fn record(&mut self, report: ExecutionReport) {
        self.clients.finished(&report, self.now_utc_ms);
        let (source, lost) = self.meta.remove(&report.exec_id).unwrap_or_default();
        let mut summary = summarize(&self.plan, &self.gate, &report, source, lost, &mut self.trace_budget);
        summary.trim_logs(self.keep_all_logs);
        self.timeouts += usize::from(summary.ran_too_long());
        self.summaries.push(summary);
    }

    fn note_released_locks(&mut self) {
        let w = self.world.lock().unwrap_or_else(|p| p.into_inner());
        for (i, kind) in [LockKind::Script, LockKind::User, LockKind::Document].into_iter().enumerate() {
            let now_held = w.locks.holder(kind);
            if self.held[i].is_some() && now_held.is_none() {
                self.freed_at.insert(kind, self.last_step_utc_ms);
            }
            self.held[i] = now_held;
        }
    }

    /// Installs scenario triggers whose time has come (in file order), then syncs with
    /// what scripts installed or deleted.
    fn install_due_triggers(&mut self) {
        let mut w = self.world.lock().unwrap_or_else(|p| p.into_inner());
        let (plan, gate, now_utc_ms) = (&self.plan, &self.gate, self.now_utc_ms);
        let (triggers, warnings) = (&mut self.triggers, &mut self.warnings);
        self.pending_scenario_triggers.retain(|&i| {
            let planned = &plan.triggers[i];
            if planned.from_utc_ms > now_utc_ms {
                return true;
            }
            let installed = w.triggers.install(
                &planned.function,
                planned.schedule.to_spec(),
                None,
                planned.from_utc_ms,
                TriggerOrigin::Scenario,
            );
            match installed {
                Ok(installed) => {
                    let firings = Firings {
                        schedule: planned.schedule.clone(),
                        zone: plan.zone,
                        until_utc_ms: planned.until_utc_ms,
                    };
                    let next_utc_ms = jittered(gate, &installed.id, firings.next_at_or_after(planned.from_utc_ms));
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
        let first_day = (self.day_start_utc_ms, self.first_day);
        sync_installed_triggers(
            &mut self.triggers,
            &w,
            &self.plan,
            now_utc_ms,
            first_day,
            &mut self.trigger_rng,
            &self.gate,
        );
        for t in self.triggers.iter().filter(|t| t.firings.until_utc_ms <= now_utc_ms) {
            w.triggers.delete(&t.id);
        }
        self.triggers.retain(|t| t.firings.until_utc_ms > now_utc_ms);
    }

    /// What comes next in virtual time, if anything.
    fn choose(&mut self) -> Choice {
        let mut next = match self.queued.front() {
            Some(request) => Some((Next::Queued, request.at_utc_ms)),
            None => {
                let event = self.plan.events.get(self.next_event).map(|event| (self.next_event, event));
                choose_next(
                    &self.gate,
                    &self.world,
                    &self.freed_at,
                    event,
                    &self.triggers,
                    &mut self.tie_keys,
                    &mut self.tie_rng,
                )
            }
        };
        if let Some(due) = self.clients.next_due() {
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
        let next_install_utc_ms =
            self.pending_scenario_triggers.iter().map(|&i| self.plan.triggers[i].from_utc_ms).min();
        if let Some(install_at) = next_install_utc_ms.filter(|t| *t < self.end_utc_ms) {
            if next.as_ref().is_none_or(|(_, at)| *at > install_at) {
                self.now_utc_ms = self.now_utc_ms.max(install_at);
                return Choice::Again;
            }
        }
        let Some((next, at_utc_ms)) = next else { return Choice::Done };
        let starts_something = !matches!(next, Next::Resume { .. });
        if starts_something && at_utc_ms >= self.end_utc_ms {
            // Nothing new starts at or after the end; anything still parked finishes.
            return if self.resume_after_end() { Choice::Again } else { Choice::Done };
        }
        Choice::Do(next, at_utc_ms)
    }

    /// Resumes the next parked execution once nothing new may start; false if none is left.
    fn resume_after_end(&mut self) -> bool {
        if self.gate.lock().parked.is_empty() {
            return false;
        }
        match choose_resume(&self.gate, &self.world, &self.freed_at, &mut self.tie_keys, &mut self.tie_rng) {
            Some(Next::Resume { exec_id, at_utc_ms }) => {
                self.last_step_utc_ms = at_utc_ms;
                let horizon_utc_ms = horizon(&self.gate, Some(exec_id), None, &[]);
                grant(&self.gate, exec_id, at_utc_ms, horizon_utc_ms);
                true
            }
            _ => false,
        }
    }

    /// Does what was chosen: resumes an execution, or starts what an event, a client, a
    /// trigger or a queued user event starts.
    fn take_step(&mut self, next: Next, at_utc_ms: i64) -> Result<(), String> {
        let starts_something = !matches!(next, Next::Resume { .. });
        assert!(at_utc_ms >= self.now_utc_ms || !starts_something, "the scheduler went back in time");
        self.now_utc_ms = self.now_utc_ms.max(at_utc_ms);
        self.last_step_utc_ms = at_utc_ms;
        let to_start = match next {
            Next::Resume { exec_id, at_utc_ms } => {
                self.resume(exec_id, at_utc_ms);
                None
            }
            Next::Event => self.take_event(at_utc_ms),
            Next::Queued => self.queued.pop_front(),
            Next::Client => self.clients.step(at_utc_ms, self.next_exec_id).map(|start| StartRequest {
                function: start.function,
                event: Some(start.event),
                at_utc_ms: start.at_utc_ms,
                source: start.source,
                lost: false,
                invocation: Invocation::request(start.user_agent),
                script_run_args: None,
            }),
            Next::Trigger(index) => Some(self.fire(index)),
        };
        match to_start {
            Some(request) => self.start(request),
            None => Ok(()),
        }
    }

    fn resume(&mut self, exec_id: u64, at_utc_ms: i64) {
        if preempted(&self.gate, exec_id, at_utc_ms, &mut self.tie_keys) {
            return;
        }
        let horizon_utc_ms = horizon(&self.gate, Some(exec_id), self.next_due_utc_ms(), &self.triggers);
        grant(&self.gate, exec_id, at_utc_ms, horizon_utc_ms);
    }

    /// The next scenario event: an eviction happens now; the rest start an execution.
    fn take_event(&mut self, at_utc_ms: i64) -> Option<StartRequest> {
        let plan = self.plan.clone();
        let event: &PlannedEvent = plan.events.get(self.next_event).expect("the chosen event was peeked");
        self.next_event += 1;
        match &event.occurrence {
            Occurrence::Eviction { cache, keys } => {
                let evicted =
                    self.world().caches.cache_mut(*cache).evict_matching(|k| gas_platform::glob::glob_matches(keys, k));
                if plan.keep_traces {
                    self.evictions.push(Eviction::new(at_utc_ms, *cache, evicted, Some(keys.clone())));
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
                script_run_args: None,
            }),
            Occurrence::Request { method, event, lost, user_agent } => {
                Some(self.request(method, event, *lost, user_agent.clone(), at_utc_ms))
            }
            Occurrence::User(user) => {
                let container = plan.project.container_id.as_deref().unwrap_or_default();
                let mut w = self.world.lock().unwrap_or_else(|p| p.into_inner());
                self.queued.extend(user_event(user, &mut w, container, at_utc_ms, plan.zone, &mut self.warnings));
                drop(w);
                self.queued.pop_front()
            }
            Occurrence::CalendarChange(change) => {
                let mut w = self.world.lock().unwrap_or_else(|p| p.into_inner());
                let starts = crate::calendar_changes::happen(change, &mut w, at_utc_ms, plan.zone, &mut self.warnings);
                drop(w);
                self.queued.extend(starts.into_iter().map(|start| StartRequest::of_trigger(start, at_utc_ms)));
                self.queued.pop_front()
            }
        }
    }

    /// A `[[requests]]` entry: doGet or doPost, with what a delivery fault picks for it.
    fn request(
        &mut self,
        method: &str,
        event: &serde_json::Value,
        lost: bool,
        user_agent: Option<String>,
        at_utc_ms: i64,
    ) -> StartRequest {
        let function = if method == "GET" { "doGet" } else { "doPost" };
        // A delivery fault that loses answers loses a plain request's too
        // (error-page and timeout need a client: `[[submissions]]`).
        let picked = self.clients.pick_for_request(function, at_utc_ms);
        if let Some(outcome @ (Outcome::ErrorPage | Outcome::Timeout)) = picked {
            // Never a silent drop: say the fault did nothing here.
            let at = utc_ms_to_local(self.plan.zone, at_utc_ms).format("%Y-%m-%d %H:%M:%S");
            self.warnings.push(format!(
                "a delivery fault picked {} for the {method} request at {at}, which only a client's attempt ([[submissions]]) can have: the request was delivered",
                outcome.name()
            ));
        }
        StartRequest {
            function: function.to_string(),
            event: Some(event.clone()),
            at_utc_ms,
            source: format!("{method} request"),
            lost: lost || picked == Some(Outcome::Lost),
            invocation: Invocation::request(user_agent),
            script_run_args: None,
        }
    }

    /// Fires trigger `index` and schedules its next firing.
    fn fire(&mut self, index: usize) -> StartRequest {
        let trigger = &mut self.triggers[index];
        let fire_at = trigger.next_utc_ms.take().expect("chosen triggers have a time");
        // In the trigger's own zone (`inTimezone`), every firing, not only the first.
        // A jitter is shorter than any period: the next firing is the next one.
        trigger.next_utc_ms = jittered(&self.gate, &trigger.id, trigger.firings.next_at_or_after(fire_at + 1));
        let request = StartRequest {
            function: trigger.function.clone(),
            event: Some(gas_platform::trigger_events::time_driven(fire_at, &trigger.id)),
            at_utc_ms: fire_at,
            source: "trigger".into(),
            lost: false,
            invocation: Invocation::of(InvocationKind::TimeTrigger),
            script_run_args: None,
        };
        if matches!(trigger.firings.schedule, Schedule::Once { .. }) {
            // A one-shot trigger is gone once it has fired (assumed).
            let id = trigger.id.clone();
            self.world().triggers.delete(&id);
            self.triggers.remove(index);
        }
        request
    }

    /// Starts `request` as the next execution, unless the platform's limit on
    /// simultaneous executions refuses it (then its start fails, as a summary).
    fn start(&mut self, request: StartRequest) -> Result<(), String> {
        let exec_id = self.next_exec_id;
        self.next_exec_id += 1;
        let in_flight = self.gate.lock().parked.len();
        if let Err(message) = gas_platform::concurrency::admits(in_flight, self.clients.simultaneous_executions_max()) {
            self.clients.refused(exec_id, request.at_utc_ms);
            let refused =
                ExecutionSummary::refused(exec_id, request.function, request.source, request.at_utc_ms, message);
            self.summaries.push(refused);
            return Ok(());
        }
        let horizon_utc_ms = horizon(&self.gate, None, self.next_due_utc_ms(), &self.triggers);
        self.meta.insert(exec_id, (request.source.clone(), request.lost));
        self.launch(exec_id, request, horizon_utc_ms)
    }

    /// Starts `request` as execution `exec_id` on a worker; it runs until its first call
    /// at or after `horizon_utc_ms` parks it.
    fn launch(&mut self, exec_id: u64, request: StartRequest, horizon_utc_ms: i64) -> Result<(), String> {
        if self.gate.lock().parked.len() >= OVERLAPPING_EXECUTIONS_MAX {
            return Err(format!(
                "more than {OVERLAPPING_EXECUTIONS_MAX} executions overlap at {}",
                gas_platform::time::iso_utc(request.at_utc_ms)
            ));
        }
        self.evict_early(request.at_utc_ms);
        let spec = ExecutionSpec {
            exec_id,
            function: request.function,
            event: request.event,
            script_run_args: request.script_run_args,
            start_utc_ms: request.at_utc_ms,
            seed: self.plan.seed,
            latency: self.plan.latency.clone(),
            limits: self.plan.limits,
            invocation: request.invocation,
            // Only the HTML timeline and an explored schedule show a call's arguments.
            call_args: self.plan.keep_traces || self.gate.choices.is_some(),
        };
        {
            let mut state = self.gate.lock();
            state.running = Some(exec_id);
            state.horizon_utc_ms = horizon_utc_ms;
        }
        let done = self.workers.done_sender.clone();
        let parked = self.gate.lock().parked.len();
        self.workers.start(
            Job {
                plan: self.plan.clone(),
                spec,
                world: self.world.clone(),
                gate: self.gate.clone(),
                done,
                slot: usize::MAX,                  // set by `start`
                scheduler: std::thread::current(), // set by `start`
            },
            parked,
        )
    }

    /// `[cache] early_eviction_probability`: before each execution, each entry may go.
    fn evict_early(&mut self, at_utc_ms: i64) {
        let p = self.plan.early_eviction_probability;
        if p <= 0.0 {
            return;
        }
        let mut w = self.world.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let rng = &mut self.eviction_rng;
        for cache in [CacheScope::Script, CacheScope::User, CacheScope::Document] {
            let evicted = w.caches.cache_mut(cache).evict_matching(|_| rng.next_f64() < p);
            if self.plan.keep_traces && evicted > 0 {
                self.evictions.push(Eviction::new(at_utc_ms, cache, evicted, None));
            }
        }
    }

    /// Waits for the reports still on their way, and makes the zone's report.
    fn finish(mut self) -> Result<ZoneReport, String> {
        while (self.summaries.len() as u64) < self.next_exec_id - 1 {
            let report = self.workers.wait()?;
            self.record(report);
        }
        // Every execution has reported: nothing reads the world any more, so it is taken,
        // not copied (a year's run log is megabytes).
        let world = std::mem::take(&mut *self.world());
        let Scheduler { plan, summaries, warnings, clients, evictions, trace_budget, .. } = self;
        let summaries = summaries.into_sorted();
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
