//! `run --trace PATH`: the runs in the Chrome Trace Event format
//! (`gas_scenario::timeline::trace_events`), for Perfetto or chrome://tracing; written
//! like every file gas-sim writes (`output.rs`): checked before the work, never over an
//! input, atomically at the end.

use std::path::Path;

use gas_scenario::ZoneReport;

use crate::output::{check_writable, Outputs};
use crate::BadInput;

/// Before anything is loaded: the trace can be written there.
pub fn check_writable_early(path: Option<&Path>) -> Result<(), BadInput> {
    path.map_or(Ok(()), |path| check_writable(path, "--trace").map_err(BadInput))
}

/// Once the scenarios are loaded: the trace would not land on an input or outside the
/// folders written files may be in.
pub fn check_not_an_input_of(path: Option<&Path>, outputs: &Outputs) -> Result<(), BadInput> {
    path.map_or(Ok(()), |path| outputs.check(path, "--trace").map_err(BadInput))
}

pub fn write(path: Option<&Path>, reports: &[ZoneReport], outputs: &Outputs) -> Result<(), BadInput> {
    let Some(path) = path else { return Ok(()) };
    let trace = gas_scenario::timeline::trace_events::chrome_trace(reports);
    let text = serde_json::to_string(&trace).expect("a trace serializes");
    outputs.write(path, "--trace", &text).map_err(BadInput)?;
    errln!("trace: {} (open it in https://ui.perfetto.dev or chrome://tracing)", path.display());
    Ok(())
}
