//! The discrete-event scheduler: runs a plan from start to end.
//!
//! Each execution runs on a worker thread with its own boa context and parks at the
//! gate before every service call. Exactly one execution runs at a time: the scheduler
//! resumes the one whose next call is earliest in virtual time (ties by a seeded order),
//! or starts the next trigger firing, run or request if that comes first. So executions
//! that overlap in virtual time really interleave, and the same plan always gives the
//! same report, whatever the machine.

mod choose;
mod gate;
mod scheduler;
mod starts;
mod summaries;
mod workers;

/// Executions one run may start; past it the run stops with an error (a trigger storm).
pub const EXECUTIONS_PER_RUN_MAX: u64 = 2_000_000;
/// Executions that may be in flight at once (each holds a thread).
pub const OVERLAPPING_EXECUTIONS_MAX: usize = 64;

pub use scheduler::run_plan;
pub use workers::prewarm;
