//! `gas-sim call PROJECT FUNCTION`: one execution, its report, and optionally a state
//! file that carries the world from one call to the next.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use chrono_tz::Tz;
use gas_engine::{
    on_execution_stack_until_exit, run_execution, ExecutionReport, ExecutionSpec, FailureKind, Latency, Outcome,
    Project, SoloGate,
};
use gas_platform::time::{offset_seconds_at, parse_time_in_zone, parse_zone, utc_ms_to_local};
use gas_platform::World;
use gas_scenario::terminal::escape;

use crate::state_file::{ensure_container, load_state, state_outputs, EXEC_ID_MAX, START_UTC_MS_MAX};
use crate::BadInput;

/// The start of a new world's clock when `--at` is not given: a fixed instant, so a call
/// without flags is reproducible.
const DEFAULT_START: &str = "2025-06-13T09:00";
/// The version of `--format json`'s document.
const CALL_FORMAT_VERSION: u32 = 2;

#[derive(clap::Args)]
pub struct CallArgs {
    /// The project folder (with appsscript.json).
    project: PathBuf,
    /// The function to run.
    function: String,
    /// The script time zone (default: appsscript.json's timeZone).
    #[arg(long)]
    tz: Option<String>,
    /// When the execution starts: wall time in the zone (2025-06-13T09:00) or absolute
    /// (2025-06-13T06:00Z). Default: the state's last time, or 2025-06-13T09:00.
    #[arg(long)]
    at: Option<String>,
    /// A state file (JSON): loaded before, saved after (created when missing).
    #[arg(long)]
    state: Option<PathBuf>,
    /// text or json.
    #[arg(long, default_value = "text")]
    format: String,
    /// Seeds Math.random, Utilities.getUuid and seeded faults.
    #[arg(long, default_value_t = 7, value_parser = |text: &str| whole_number_flag(text, 0, u64::MAX))]
    seed: u64,
    /// default (modelled service latency) or none (the clock stands still).
    #[arg(long, default_value = "default")]
    latency: String,
    /// The event object passed to the function, as JSON.
    #[arg(long)]
    event: Option<String>,
    /// Run as a web app's doGet or doPost answering a request sent with this `User-Agent`
    /// header (what `HtmlService.getUserAgent()` returns; `''`: a request without one;
    /// `gas-sim serve` prints it in a failed request's replay command).
    #[arg(long)]
    user_agent: Option<String>,
    /// The execution's number, which with the seed picks its Math.random and getUuid
    /// values. Default: one more than the state's last (1 without a state file), so
    /// repeated calls on one state do not repeat their random values and UUIDs.
    #[arg(long, value_parser = |text: &str| whole_number_flag(text, 0, EXEC_ID_MAX))]
    exec_id: Option<u64>,
    /// Loop iterations one function call may run (all its loops together) before the
    /// execution is killed as a runaway (default 50,000,000).
    #[arg(long, value_parser = |text: &str| whole_number_flag(text, 1, u64::MAX))]
    loop_limit: Option<u64>,
    /// Steps of engine work (instructions, property accesses, regex steps, promise
    /// jobs) the execution may do before it is killed as the platform kills at 6
    /// minutes (default 100,000,000, about half a second).
    #[arg(long, value_parser = |text: &str| whole_number_flag(text, 1, u64::MAX))]
    steps_max: Option<u64>,
    /// Fail (exit 1) if the execution called something gas-sim does not implement,
    /// even when the script caught the error.
    #[arg(long)]
    strict: bool,
    /// A folder outside the project's folder tree and the current folder that --state
    /// may be in (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    allow_paths: Vec<PathBuf>,
}

/// A numeric flag's value, with its range in the message (clap's own text for
/// `--exec-id 99999999999999999999` is "number too large to fit in target type").
pub(crate) fn whole_number_flag(text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from {min} to {max}")),
    }
}

pub fn run(args: &CallArgs) -> Result<u8, BadInput> {
    let json = match args.format.as_str() {
        "text" => false,
        "json" => true,
        other => return Err(BadInput(format!("unknown --format {other:?}: use text or json"))),
    };
    let latency = match args.latency.as_str() {
        "default" => Latency::default(),
        "none" => Latency::none(),
        other => return Err(BadInput(format!("unknown --latency {other:?}: use default or none"))),
    };
    let project = Project::load(&args.project).map_err(|e| BadInput(e.0))?;
    // Only a function the project's files declare may be called, as in a scenario:
    // `eval`, `constructor` or `toString` would otherwise run a builtin of the global.
    if !project.files().iter().any(|f| gas_scenario::plan::declares_function(&f.text, &args.function)) {
        return Err(BadInput(format!("Script function not found: {}", args.function)));
    }
    let zone_name = args.tz.clone().unwrap_or_else(|| project.time_zone.clone());
    let zone = parse_zone(&zone_name).map_err(BadInput)?;
    let project = Arc::new(project);
    let outputs = state_outputs(&project, &args.allow_paths)?;
    if let Some(path) = &args.state {
        outputs.check(path, "--state").map_err(BadInput)?;
    }
    // Held until the new state is written: no other user loads it in between, so no
    // execution is lost and each gets its own number.
    let _lock = match &args.state {
        Some(path) => Some(
            crate::state_lock::lock_state(path, "--state", crate::state_lock::STATE_LOCK_WAIT_MS_MAX)
                .map_err(BadInput)?,
        ),
        None => None,
    };
    let mut world = load_state(args.state.as_deref())?;
    let exec_id = match args.exec_id {
        Some(id) => id,
        None => world.last_exec_id.unwrap_or(0).checked_add(1).filter(|id| *id <= EXEC_ID_MAX).ok_or_else(|| {
            BadInput(format!(
                "the state's last_exec_id is {EXEC_ID_MAX}, the largest a state file keeps: give --exec-id"
            ))
        })?,
    };
    let start_utc_ms = start_time(args.at.as_deref(), zone, &world)?;
    if let Some(container) = &project.container_id {
        ensure_container(&mut world, container);
    }
    let event = match &args.event {
        Some(text) => Some(serde_json::from_str(text).map_err(|e| BadInput(format!("--event is not JSON: {e}")))?),
        None => None,
    };
    world.faults.rng = gas_platform::rng::SeededRng::derive(args.seed, "faults");
    let mut spec =
        ExecutionSpec { event, latency, ..ExecutionSpec::new(exec_id, &args.function, start_utc_ms, args.seed) };
    if let Some(agent) = &args.user_agent {
        gas_platform::webapp::event::check_user_agent(agent).map_err(|e| BadInput(format!("--user-agent: {e}")))?;
        let header = Some(agent.clone()).filter(|a| !a.is_empty());
        spec.invocation = gas_platform::container::Invocation::request(header);
    }
    if let Some(max) = args.loop_limit {
        if max == 0 {
            return Err(BadInput("--loop-limit must be a positive number of iterations".into()));
        }
        spec.limits.loop_iterations_max = max;
    }
    if let Some(max) = args.steps_max {
        if max == 0 {
            return Err(BadInput("--steps-max must be a positive number of steps".into()));
        }
        spec.limits.steps_max = max;
    }
    let shared = Arc::new(Mutex::new(world));
    // One execution, then the process ends: a realm snapshot to restore for a next
    // execution would be taken and restored for nothing (the same results either way:
    // tests/it/cli.rs compares every scenario's report both ways).
    gas_engine::set_fresh_context_per_execution(true);
    // Nor a collection before it starts, of a heap that is all live.
    gas_engine::single_execution_process();
    let report = {
        let (project, world) = (project.clone(), shared.clone());
        on_execution_stack_until_exit(move || run_execution(&project, zone, &spec, world, Arc::new(SoloGate)))
    };
    if let Outcome::Failed { error } = &report.outcome {
        match error.kind {
            FailureKind::Syntax | FailureKind::FunctionNotFound => return Err(BadInput(error.to_string())),
            FailureKind::Uncaught => {}
        }
    }
    let mut world = shared.lock().unwrap_or_else(|p| p.into_inner()).clone();
    world.last_utc_ms = Some(report.end_utc_ms);
    world.last_exec_id = Some(exec_id);
    if let Some(path) = &args.state {
        outputs.write(path, "--state", &world.to_json()).map_err(BadInput)?;
        // The state now holds what a journal `serve` left said, and the journal no
        // longer follows it.
        crate::state_journal::remove(path).map_err(BadInput)?;
    }
    if json {
        println!(
            "{}",
            gas_scenario::terminal::guard_json(
                &serde_json::to_string_pretty(&json_report(&report, &zone_name)).expect("reports serialize")
            )
        );
    } else {
        out!("{}", text_report(&report, zone, &zone_name, args));
    }
    let strict_failure = args.strict && !report.gaps.is_empty();
    if strict_failure && !json {
        outln!("FAIL  --strict: the execution called what gas-sim does not implement (listed above)");
    }
    Ok(match report.outcome {
        Outcome::Completed { .. } if !strict_failure => 0,
        _ => 1,
    })
}

fn start_time(at: Option<&str>, zone: Tz, world: &World) -> Result<i64, BadInput> {
    let start = match (at, world.last_utc_ms) {
        (Some(text), _) => parse_time_in_zone(text, zone).map_err(|e| BadInput(format!("--at: {e}")))?,
        (None, Some(last)) => last,
        (None, None) => parse_time_in_zone(DEFAULT_START, zone).map_err(BadInput)?,
    };
    // The execution may run its 6 minutes; the state it writes (`last_utc_ms` = its end)
    // must still be a time the next call loads, so the last start is 6 minutes early.
    if !(0..=START_UTC_MS_MAX).contains(&start) {
        return Err(BadInput(format!(
            "--at {}: gas-sim runs between 1970 and 9999 (the last start is {}, 6 minutes before the end)",
            gas_platform::time::iso_utc(start),
            gas_platform::time::iso_utc(START_UTC_MS_MAX)
        )));
    }
    if let Some(last) = world.last_utc_ms {
        if start < last {
            return Err(BadInput(format!(
                "--at {} is before the state's last time {}: virtual time never goes backwards",
                at.unwrap_or_default(),
                gas_platform::time::iso_utc(last)
            )));
        }
    }
    Ok(start)
}

fn json_report(report: &ExecutionReport, zone_name: &str) -> serde_json::Value {
    let mut value = serde_json::to_value(report).expect("reports serialize");
    let object = value.as_object_mut().expect("a report is an object");
    object.insert("gas_sim_call".into(), CALL_FORMAT_VERSION.into());
    object.insert("time_zone".into(), zone_name.into());
    object.entry("result").or_insert(serde_json::Value::Null);
    object.entry("error").or_insert(serde_json::Value::Null);
    // The issue's stable shape: `logs` and `calls` are plain lists; how many records did
    // not fit (`trace::RECORDS_PER_EXECUTION_MAX`) goes beside them.
    for list in ["logs", "calls"] {
        let Some(serde_json::Value::Object(mut bounded)) = object.remove(list) else {
            unreachable!("a report's {list} is a bounded list")
        };
        object.insert(list.into(), bounded.remove("items").unwrap_or_default());
        object.insert(format!("{list}_dropped"), bounded.remove("dropped").unwrap_or_default());
    }
    value
}

/// `09:00:01.750` in the zone.
fn local_clock(at_utc_ms: i64, zone: Tz) -> String {
    utc_ms_to_local(zone, at_utc_ms).format("%H:%M:%S%.3f").to_string()
}

/// The text `call` prints; every field from the script through `terminal::escape` (the
/// printer also guards the whole text).
fn text_report(report: &ExecutionReport, zone: Tz, zone_name: &str, args: &CallArgs) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let start_local = utc_ms_to_local(zone, report.start_utc_ms);
    let offset_s = offset_seconds_at(zone, report.start_utc_ms);
    let _ = writeln!(
        out,
        "{}() in {} at {} (UTC{:+03}:{:02}), seed {}",
        escape(&report.function),
        zone_name,
        start_local.format("%Y-%m-%d %H:%M:%S"),
        offset_s / 3600,
        (offset_s.abs() % 3600) / 60,
        args.seed
    );
    let took_s = (report.end_utc_ms - report.start_utc_ms) as f64 / 1000.0;
    match &report.outcome {
        Outcome::Completed { result } => {
            let _ = writeln!(out, "completed in {took_s:.3} s of virtual time");
            let _ = writeln!(out, "result: {}", serde_json::to_string(result).unwrap_or_default());
        }
        Outcome::Failed { error } => {
            let _ = writeln!(out, "FAILED after {took_s:.3} s of virtual time");
            let _ = writeln!(out, "  {}", escape(&error.to_string()));
        }
        Outcome::Killed { reason } => {
            let _ = writeln!(out, "KILLED after {took_s:.3} s of virtual time: {}", escape(reason));
        }
    }
    // Where the script stopped being simulated, before anything else: a caught gap
    // otherwise passes as success.
    for line in gas_platform::gaps::describe(&report.gaps) {
        let _ = writeln!(out, "gas-sim does not implement: {}", escape(&line));
    }
    section(&mut out, "logs", report.logs.items.len(), report.logs.dropped);
    for line in &report.logs.items {
        let _ =
            writeln!(out, "  {}  {:<7} {}", local_clock(line.at_utc_ms, zone), line.level.name(), escape(&line.text));
    }
    section(&mut out, "mail", report.mail.len(), 0);
    for sent in &report.mail {
        let _ = writeln!(
            out,
            "  {}  to {}  {:?}",
            local_clock(sent.at_utc_ms, zone),
            escape(&sent.mail.to.join(", ")),
            sent.mail.subject
        );
    }
    section(&mut out, "service calls", report.calls.items.len(), report.calls.dropped);
    for call in &report.calls.items {
        let _ = writeln!(
            out,
            "  {}  {}({})  {}  {} ms",
            local_clock(call.at_utc_ms, zone),
            call.method,
            escape(&call.args),
            escape(&call.outcome),
            call.latency_ms
        );
    }
    if let Some(state) = &args.state {
        let _ = writeln!(out, "\nstate saved to {}", state.display());
    }
    if !matches!(report.outcome, Outcome::Completed { .. }) || (args.strict && !report.gaps.is_empty()) {
        let _ = writeln!(out, "\nreplay: {}", replay_command(args, report.start_utc_ms, report.exec_id));
        if args.state.is_some() {
            let _ = writeln!(
                out,
                "        (from a copy of the state file as it was before this call; it has been updated)"
            );
        }
    }
    out
}

fn section(out: &mut String, title: &str, count: usize, dropped: u64) {
    use std::fmt::Write;
    let more = if dropped > 0 { format!(", {dropped} more not kept") } else { String::new() };
    let _ = writeln!(out, "\n{title} ({count}{more}):");
}

/// `word` as one word for a POSIX shell: as it is when it is plainly safe, else in single
/// quotes (a quote inside becomes '\'').
pub(crate) fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./:=@%+,".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The one line that replays this execution.
fn replay_command(args: &CallArgs, start_utc_ms: i64, exec_id: u64) -> String {
    let mut command = format!(
        "gas-sim call {} {} --at {} --seed {} --exec-id {exec_id}",
        shell_word(&args.project.display().to_string()),
        shell_word(&args.function),
        gas_platform::time::iso_utc(start_utc_ms),
        args.seed
    );
    if let Some(state) = &args.state {
        command.push_str(&format!(" --state {}", shell_word(&state.display().to_string())));
    }
    for dir in &args.allow_paths {
        command.push_str(&format!(" --allow-path {}", shell_word(&dir.display().to_string())));
    }
    if let Some(agent) = &args.user_agent {
        command.push_str(&format!(" --user-agent={}", shell_word(agent)));
    }
    if let Some(event) = &args.event {
        command.push_str(&format!(" --event {}", shell_word(event)));
    }
    if let Some(tz) = &args.tz {
        command.push_str(&format!(" --tz {}", shell_word(tz)));
    }
    if args.latency != "default" {
        command.push_str(&format!(" --latency {}", args.latency));
    }
    if let Some(max) = args.loop_limit {
        command.push_str(&format!(" --loop-limit {max}"));
    }
    if let Some(max) = args.steps_max {
        command.push_str(&format!(" --steps-max {max}"));
    }
    if args.strict {
        command.push_str(" --strict");
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_words_are_quoted_only_when_the_shell_needs_it() {
        assert_eq!(shell_word("fixtures/quickstart"), "fixtures/quickstart");
        assert_eq!(shell_word("my project"), "'my project'");
        assert_eq!(shell_word("{\"n\": \"it's\"}"), r#"'{"n": "it'\''s"}'"#);
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn start_times_outside_1970_to_9999_are_bad_input() {
        let world = World::new();
        let zone: Tz = "UTC".parse().unwrap();
        assert!(start_time(Some("1969-12-31T00:00"), zone, &world).unwrap_err().0.contains("between 1970 and 9999"));
        assert!(start_time(Some("2025-06-13T09:00"), zone, &world).is_ok());
    }
}
