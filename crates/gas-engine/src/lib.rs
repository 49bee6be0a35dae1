//! The JavaScript side of gas-sim: runs one Apps Script execution on boa.
//!
//! Each execution starts from fresh globals in a boa context whose clock is the virtual
//! clock and whose local time zone is the script's, with the prelude's service objects,
//! evaluates every project file in the platform's order, then calls the entry function.
//! (A worker thread keeps one context per project and restores its realm from a snapshot
//! after every execution: see `prepared.rs`.)
//! Every service call goes through one gate ([`host::Host::call`]): the kill check, the
//! scheduler's turn, fault rules, the service in gas-platform, modelled latency, the
//! trace. This crate converts values and maps errors; it never decides a platform rule
//! (a test checks that no binding or prelude fragment writes a platform error text).
//! It does not schedule executions either: that is gas-scenario's, through [`gate::Gate`].
//!
//! ```no_run
//! use std::sync::{Arc, Mutex};
//! use gas_engine::{run_execution, ExecutionSpec, Project, SoloGate};
//! let project = Project::load("fixtures/ledger-fixed".as_ref()).unwrap();
//! let world = Arc::new(Mutex::new(gas_platform::World::new()));
//! let spec = ExecutionSpec::new(1, "syncOrders", 1_750_000_000_000, 7);
//! let zone = "UTC".parse().unwrap();
//! let report = run_execution(&project, zone, &spec, world, Arc::new(SoloGate));
//! println!("{}", report.outcome.name());
//! ```

mod bindings;
mod catalogue;
mod compiled;
pub mod execution;
pub mod files;
mod gaps;
pub mod gate;
pub mod heap;
pub mod host;
pub mod methods;
mod prelude;
mod prepared;
pub mod project;
pub mod sandbox;
pub mod stack;
pub mod syntax;
pub mod value;
pub mod work;
pub mod zone;

pub use catalogue::implemented_methods;
pub use execution::{
    run_execution, ExecutionReport, ExecutionSpec, FailureKind, Limits, Outcome, ScriptError, HEAP_BUDGET_MESSAGE,
    HEAP_BYTES_MAX_DEFAULT, RUNAWAY_LOOP_MESSAGE, STEPS_MAX_DEFAULT,
};
pub use gate::{Gate, SoloGate};
pub use heap::CountingAllocator;
pub use host::Latency;
pub use prepared::{contexts_dropped_off_rest, prepare_next, set_fresh_context_per_execution};
pub use project::{Project, ProjectError, SourceFile};
pub use stack::{on_execution_stack, EXECUTION_STACK_BYTES};
pub use syntax::check_syntax;

impl ExecutionSpec {
    pub fn new(exec_id: u64, function: &str, start_utc_ms: i64, seed: u64) -> ExecutionSpec {
        ExecutionSpec {
            exec_id,
            function: function.to_string(),
            event: None,
            script_run_args: None,
            start_utc_ms,
            seed,
            latency: Latency::default(),
            limits: Limits::default(),
            invocation: gas_platform::container::Invocation::default(),
        }
    }
}
