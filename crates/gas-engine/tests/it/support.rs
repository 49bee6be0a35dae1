//! Shared helpers of the engine's snippet tests: run a JS snippet as a one-file project
//! and read what the execution left (result, logs, failure, kill reason).
//!
//! Every test file includes this module and uses a different subset of it.
#![allow(dead_code)]

use std::sync::{Arc, Mutex, MutexGuard};

use chrono_tz::Tz;
use gas_engine::{
    run_execution, ExecutionReport, ExecutionSpec, Latency, Outcome, Project, ScriptError, SoloGate, SourceFile,
};
use gas_platform::trace::LogLevel;
use gas_platform::World;
use serde_json::Value as Json;

/// 2025-06-13T09:00:00Z, a Friday: the start of every execution unless a test says otherwise.
pub const START_UTC_MS: i64 = 1_749_805_200_000;
/// The seed of every execution unless a test says otherwise.
pub const SEED: u64 = 7;

pub type SharedWorld = Arc<Mutex<World>>;

pub fn new_world() -> SharedWorld {
    Arc::new(Mutex::new(World::new()))
}

pub fn state(shared: &SharedWorld) -> MutexGuard<'_, World> {
    shared.lock().expect("the world lock is not poisoned")
}

pub fn zone(name: &str) -> Tz {
    name.parse().expect("a valid IANA zone")
}

/// A project of one file, `Code.gs`.
pub fn project(zone_name: &str, src: &str) -> Project {
    project_of(zone_name, &[("Code.gs", src)])
}

/// A project of several files, evaluated in the given order.
pub fn project_of(zone_name: &str, files: &[(&str, &str)]) -> Project {
    let files =
        files.iter().map(|(name, text)| SourceFile { name: name.to_string(), text: text.to_string() }).collect();
    Project::from_sources(zone_name, files)
}

/// Runs `function` of a one-file project in UTC, at `START_UTC_MS`, against a fresh world.
pub fn run(src: &str, function: &str) -> ExecutionReport {
    run_in(&new_world(), "UTC", src, function, START_UTC_MS)
}

/// Runs `function` of a one-file project in `zone_name`, starting at `start_utc_ms`.
pub fn run_in(world: &SharedWorld, zone_name: &str, src: &str, function: &str, start_utc_ms: i64) -> ExecutionReport {
    let spec = ExecutionSpec::new(1, function, start_utc_ms, SEED);
    run_spec(world, &project(zone_name, src), zone_name, &spec)
}

pub fn run_spec(world: &SharedWorld, project: &Project, zone_name: &str, spec: &ExecutionSpec) -> ExecutionReport {
    run_execution(project, zone(zone_name), spec, world.clone(), Arc::new(SoloGate))
}

/// Runs `main` in UTC at `START_UTC_MS` with `Latency::none()`: service calls take no
/// virtual time, so only waits (sleep, locks, delay faults) move the clock.
pub fn run_frozen(world: &SharedWorld, src: &str) -> ExecutionReport {
    run_frozen_at(world, src, START_UTC_MS)
}

pub fn run_frozen_at(world: &SharedWorld, src: &str, start_utc_ms: i64) -> ExecutionReport {
    let mut spec = ExecutionSpec::new(1, "main", start_utc_ms, SEED);
    spec.latency = Latency::none();
    run_spec(world, &project("UTC", src), "UTC", &spec)
}

/// The value `main` of `src` returns, run in UTC against a fresh world.
pub fn eval(src: &str) -> Json {
    result(&run(src, "main"))
}

/// The value `main` of `src` returns, against `world`, in UTC.
pub fn eval_in(world: &SharedWorld, src: &str) -> Json {
    result(&run_in(world, "UTC", src, "main", START_UTC_MS))
}

/// What `body` throws, as `String(e)`; `"no error"` if it throws nothing.
pub fn thrown(body: &str) -> String {
    thrown_in(&new_world(), body)
}

pub fn thrown_in(world: &SharedWorld, body: &str) -> String {
    let src = format!("function main() {{\n  try {{\n    {body};\n  }} catch (e) {{\n    return String(e);\n  }}\n  return 'no error';\n}}");
    match eval_in(world, &src) {
        Json::String(text) => text,
        other => panic!("expected a string, got {other}"),
    }
}

/// The returned value of a completed execution; panics with the outcome and logs otherwise.
pub fn result(report: &ExecutionReport) -> Json {
    match &report.outcome {
        Outcome::Completed { result } => result.clone(),
        other => panic!("expected a completed execution, got {other:?}\nlogs: {:?}", logs(report)),
    }
}

pub fn failure(report: &ExecutionReport) -> &ScriptError {
    match &report.outcome {
        Outcome::Failed { error } => error,
        other => panic!("expected a failed execution, got {other:?}\nlogs: {:?}", logs(report)),
    }
}

pub fn killed_reason(report: &ExecutionReport) -> &str {
    match &report.outcome {
        Outcome::Killed { reason } => reason,
        other => panic!("expected a killed execution, got {other:?}\nlogs: {:?}", logs(report)),
    }
}

/// The log lines' texts, in order.
pub fn logs(report: &ExecutionReport) -> Vec<String> {
    report.logs.items.iter().map(|line| line.text.clone()).collect()
}

/// The log lines as (level, text).
pub fn leveled_logs(report: &ExecutionReport) -> Vec<(LogLevel, String)> {
    report.logs.items.iter().map(|line| (line.level, line.text.clone())).collect()
}

/// The modelled latency of a declared method, in ms.
pub fn latency_ms(method: &str) -> i64 {
    gas_engine::methods::get(method).unwrap_or_else(|| panic!("{method} is not declared")).latency_ms
}
