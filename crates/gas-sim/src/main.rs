//! The gas-sim command line: `call` runs one execution of an Apps Script project;
//! `run` replays scenarios; `test` snapshot-tests them; `mutate` checks that they catch
//! deliberate breakages; `bench` measures what an execution costs.
//!
//! Exit codes: 0 success (the execution completed, every expectation held), 1 an
//! execution failed or an expectation did not hold, 2 bad input (flags, project, scenario,
//! state file, a syntax error, an unknown function), 3 gas-sim met a bug of its own (a
//! panic on a worker or scheduler thread; printed with the command that replays it);
//! `mutate` also exits 1 when the mutation score is below `--break-at` and 4 when the
//! scenarios fail unmutated.
//!
//! # Map
//!
//! The CLI (clap): `run.rs`, `test_cmd.rs` (snapshots), `mutate.rs`, `call.rs`, `bench.rs`,
//! `init/` (`gas-sim init`: a starter scenario from `gas_engine::outline`, written new,
//! never over a file), `api.rs` (coverage per service and class, from the catalogue and the
//! prelude), `determinism.rs` (`--check-determinism`: each zone alone in a new process,
//! after the others and again), `explore_cmd.rs` (`run --explore`, `--schedule`, `explore =
//! N` in `run` and `test`: an explored zone's plain run is reported and written as any
//! run is, then its exploration; a replayed schedule's reports go to the same CI output
//! and page), `html.rs` (`--html` of `run` and `test`), `review.rs` (`test
//! --review/--accept/--reject`: pending `.snap.new` files), `bench_explore.rs` (`bench
//! --explore`), `bench_incremental.rs` (`bench --mutation-incremental`), `bench_suite.rs`
//! and `bench_results.rs` (`bench --suite`: every benchmark as whole processes of any
//! binary, a baseline JSON, the README's generated "Speed" block), `bench_serve.rs` (the
//! suite's `serve` throughput, with its socket clients). `ci/` is the CI output
//! of `run`, `test` and `mutate`: `junit.rs` (quick-xml, Jenkins' dialect), `github.rs`
//! (workflow-command annotations, capped per kind, and the step summary), `explored.rs` (an
//! explored zone's testcase, annotation and summary line: the first failing schedule,
//! shrunk, with its `--schedule` replay), `mutants.rs` (a campaign's cases, annotations and
//! summary). `--junit` and `--html` go through
//! `output.rs` like `--report`; the step summary is appended (the runner's file). Exit
//! codes: 0 passed, 1 an expectation failed, 2 bad input, 3 a bug in gas-sim (a recorded
//! panic or a nondeterministic report). Writes files through `output.rs`: output paths
//! checked before the work, atomically, through symlinks, temp files removed on signals and
//! swept after a kill; never one of its inputs (`check_not_an_input`). `output::Outputs` is
//! the one rule for every output (`--state`, `--report`, `--html`, `--junit`,
//! `--incremental`, `-o`, the step summary): writable, not an input, inside
//! `PathPolicy::for_writes`; checked before the work and again at the write.
//! `state_lock.rs` serialises users of one state file (a sidecar `STATE.lock`, held from
//! load to write).
//!
//! `state_file.rs` is the `--state` file `call` and `serve` share (where it may be written,
//! load, a bound script's spreadsheet, the counters' bounds); `state_lock.rs` holds it;
//! `state_journal.rs` is the journal `serve` appends beside it (each write's changes,
//! from `gas_platform::journal`), replayed by every load.
//! `serve/` is `gas-sim serve` (hyper on tokio): `http.rs` the routes, limits and the
//! platform's answers (the event object from `gas_platform::webapp::event`, the answer from
//! `gas_scenario::report::web_response`, the 302's one-time results), `executions.rs`
//! admission (30 at once), execution numbers and a pool of execution threads that keep the
//! project's live context, `gate.rs` the real-time `ServeClock` and `RealTimeGate` (lock
//! waits and sleeps in real time), `state.rs` the shared world and its state file (a writer
//! thread, a write covering every execution ended before it began: a journal line, or the
//! state whole when the journal outgrew it; each client answered after the file holds its
//! execution), `delivery.rs` `--lose-response`/`--error-page`
//! through the platform's `DeliveryFaults`, `script_run.rs` with `client.js`
//! `google.script.run` (rules in `gas_platform::webapp::script_run`), `flags.rs`
//! percentages, durations, sizes. `output::signals_handled_by_caller` keeps output.rs's
//! signal cleanup away: `serve` drains on SIGINT/SIGTERM and exits 0.

/// `println!` through the one escaping rule (`gas_scenario::terminal::guard`): what
/// gas-sim prints to stdout, script text included, can start no workflow command and
/// carries no raw control character. Only `--annotations github`'s own lines bypass it.
macro_rules! outln {
    ($($arg:tt)*) => { println!("{}", gas_scenario::terminal::guard(&format!($($arg)*))) };
}

/// `print!` through the same rule.
macro_rules! out {
    ($($arg:tt)*) => { print!("{}", gas_scenario::terminal::guard(&format!($($arg)*))) };
}

/// `eprintln!` through the same rule.
macro_rules! errln {
    ($($arg:tt)*) => { eprintln!("{}", gas_scenario::terminal::guard(&format!($($arg)*))) };
}

mod api;
mod bench;
mod bench_explore;
mod bench_incremental;
mod bench_results;
mod bench_serve;
mod bench_suite;
mod call;
mod ci;
mod determinism;
mod explore_cmd;
mod html;
mod init;
mod mutate;
mod output;
mod review;
mod run;
mod serve;
mod state_file;
mod state_journal;
mod state_lock;
mod test_cmd;
mod trace_file;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Executions allocate and free many small objects (JS values, sheet rows, reports); the
/// system allocator spent about a third of a long run freeing them. Counted, for each
/// execution's heap budget (`heap_bytes_max`).
#[global_allocator]
static ALLOCATOR: gas_engine::CountingAllocator<mimalloc::MiMalloc> = gas_engine::CountingAllocator(mimalloc::MiMalloc);

#[derive(Parser)]
#[command(name = "gas-sim", version, about = "Runs Google Apps Script projects on a simulated Apps Script platform")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run one execution of a project's function, as the platform would.
    Call(Deferred<call::CallArgs>),
    /// Run scenarios (days of triggers, faults and requests) in each of their zones.
    Run(Deferred<run::RunArgs>),
    /// Run every scenario in every zone and compare with the stored snapshots.
    #[command(after_help = test_cmd::EXIT_CODES)]
    Test(Deferred<test_cmd::TestArgs>),
    /// Measure what one execution costs, against Node's vm module when available.
    Bench(Deferred<bench::BenchArgs>),
    /// Break the project on purpose (mutants) and check that the scenarios notice.
    Mutate(Deferred<mutate::MutateArgs>),
    /// Write a starter scenario for a project, from the triggers and entry points its code sets up.
    Init(Deferred<init::InitArgs>),
    /// Serve the project's web app (doGet/doPost, HtmlService pages, google.script.run) on real HTTP.
    Serve(Deferred<serve::ServeArgs>),
    /// Coverage of the platform: per service, or per class of one service with the methods it lacks.
    Api(Deferred<api::ApiArgs>),
}

/// A subcommand's arguments, added to it only when it is the one run (clap's
/// `Command::defer`): building every subcommand's arguments, help texts included, was
/// about half of what parsing a `gas-sim call`'s command line cost.
struct Deferred<T>(T);

impl<T> std::ops::Deref for Deferred<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }
    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }
    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.defer(|command| with_texts_of(command, T::augment_args))
    }
    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        command.defer(|command| with_texts_of(command, T::augment_args_for_update))
    }
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `add_arguments(command)` keeping `command`'s descriptions. Without deferral, clap
/// sets a subcommand's own description (its variant's doc comment) after adding its
/// arguments, so that it wins over one a flattened struct's doc comment sets
/// (`ScenarioFlags`); deferred, the arguments come last, so the description is put back.
fn with_texts_of(command: clap::Command, add_arguments: fn(clap::Command) -> clap::Command) -> clap::Command {
    let (about, long_about) = (command.get_about().cloned(), command.get_long_about().cloned());
    let command = add_arguments(command);
    let command = match about {
        Some(text) => command.about(text),
        None => command.about(None::<&str>),
    };
    match long_about {
        Some(text) => command.long_about(text),
        None => command.long_about(None::<&str>),
    }
}

/// A user error: printed as one line, exit code 2.
pub struct BadInput(pub String);

/// mimalloc's `mi_option_purge_delay` (its index in `mimalloc.h`, v2 and v3 alike).
const MI_OPTION_PURGE_DELAY: i32 = 15;
/// Freed memory stays with the process (-1: never purged): purging made the kernel zero
/// the same pages again and again (a simulated year when every execution built a realm:
/// 24.1 s -> 18.2 s).
const PURGE_DELAY_MS: std::os::raw::c_long = -1;
/// mimalloc's `mi_option_arena_eager_commit` (index in `mimalloc.h`, v2 and v3 alike).
const MI_OPTION_ARENA_EAGER_COMMIT: i32 = 4;
/// Commit arena memory as it is used (mimalloc's default, 2, commits arenas up front on
/// Linux): a simulated year's peak memory 74-93 MB -> 37-45 MB at the same speed.
const ARENA_EAGER_COMMIT: std::os::raw::c_long = 0;

/// mimalloc's `mi_option_arena_reserve` (index in `mimalloc.h`, v2 and v3 alike).
const MI_OPTION_ARENA_RESERVE: i32 = 23;
/// The address space an arena reserves, in KiB (the option's unit): 64 MiB, not the
/// default 1 GiB, whose bitmaps a process zeroes when it reserves its first arena: a
/// one-line `gas-sim call`'s page faults 525 -> 488 and its wall time 2.5% less; the
/// simulated year (56 MB) and the mutation campaign (about 160 MB, three arenas) ran as
/// fast, at the same peaks.
const ARENA_RESERVE_KIB: std::os::raw::c_long = 64 * 1024;

/// Sets the allocator options above, unless the user set them with `MIMALLOC_*`
/// variables. It must run before the allocator reserves its first arena, so on Linux it
/// runs as an initializer, before `main`.
extern "C" fn tune_allocator() {
    extern "C" {
        fn getenv(name: *const std::os::raw::c_char) -> *mut std::os::raw::c_char;
    }
    let options = [
        (c"MIMALLOC_PURGE_DELAY", MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS),
        (c"MIMALLOC_ARENA_EAGER_COMMIT", MI_OPTION_ARENA_EAGER_COMMIT, ARENA_EAGER_COMMIT),
        (c"MIMALLOC_ARENA_RESERVE", MI_OPTION_ARENA_RESERVE, ARENA_RESERVE_KIB),
    ];
    for (variable, option, value) in options {
        // SAFETY: `getenv` reads a NUL-terminated name and allocates nothing (std's
        // `var_os` would allocate, and so reserve the first arena before the options
        // apply); `mi_option_set` is a plain option call.
        unsafe {
            if getenv(variable.as_ptr()).is_null() {
                libmimalloc_sys::mi_option_set(option, value);
            }
        }
    }
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static TUNE_ALLOCATOR_AT_LOAD: extern "C" fn() = tune_allocator;

fn main() -> ExitCode {
    #[cfg(not(target_os = "linux"))]
    tune_allocator();
    // `call` runs one execution: its thread starts now and compiles what every project
    // needs while the command line and the project are read (about a twentieth of a
    // first call: docs/bench.md).
    if std::env::args_os().nth(1).is_some_and(|command| command == "call") {
        gas_engine::start_execution_thread(gas_engine::prime_compiler);
    }
    if std::env::var_os("GAS_SIM_FRESH_CONTEXTS").is_some_and(|v| v == "1") {
        gas_engine::set_fresh_context_per_execution(true);
    }
    // Hidden test hook: a worker panics running this function (crates/gas-sim/tests/it/cli.rs).
    if let Some(function) = std::env::var_os("GAS_SIM_TEST_PANIC_IN") {
        gas_scenario::bug::set_panic_in_function(Some(function.to_string_lossy().into_owned()));
    }
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve(_) | Command::Bench(_)) {
        end_quietly_when_stdout_closes();
    }
    let result = match cli.command {
        Command::Call(args) => call::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Test(args) => test_cmd::run(&args),
        Command::Mutate(args) => mutate::run(&args),
        Command::Api(args) => api::run(&args),
        Command::Init(args) => init::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    let code = match result {
        Ok(code) => code,
        Err(BadInput(message)) => {
            errln!("error: {}", output::plain_os_errors(&message));
            2
        }
    };
    let bugs = gas_scenario::bug::take_all();
    if bugs.is_empty() {
        return ExitCode::from(code);
    }
    for bug in &bugs {
        errln!("{bug}");
    }
    eprintln!("this is a bug in gas-sim, not in the scenario: please report it with the replay command above");
    ExitCode::from(EXIT_GAS_SIM_BUG)
}

/// Gives SIGPIPE its default action back, so that `gas-sim run ... | head` ends when
/// `head` has read its lines, as other command-line tools do. Rust ignores SIGPIPE, so a
/// print to a closed pipe is an error, and `println!` panics on it ("failed printing to
/// stdout"). Not for `serve`, which must outlive a client that hangs up, nor `bench`,
/// which talks to child processes through pipes. Whatever the signal stops, the files
/// gas-sim writes are written whole or not at all (atomically), and a state file's lock
/// is released by the kernel.
fn end_quietly_when_stdout_closes() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signal: std::os::raw::c_int, handler: usize) -> usize;
        }
        const SIGPIPE: std::os::raw::c_int = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: `signal` with the default action has no handler to run and no memory
        // to reach; nothing else in gas-sim handles SIGPIPE.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

/// gas-sim met a bug of its own (see `gas_scenario::bug`), whatever else happened.
const EXIT_GAS_SIM_BUG: u8 = 3;

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// clap's own checks of every subcommand, its deferred arguments built (`Deferred`):
    /// a name used twice, a `mut_arg` of an argument the command lacks, ... panic here.
    #[test]
    fn every_subcommand_builds_with_its_arguments() {
        let mut command = Cli::command();
        command.build();
        command.clone().debug_assert();
        let mutate = command.find_subcommand("mutate").expect("a mutate subcommand");
        let junit = mutate.get_arguments().find(|arg| arg.get_id() == "junit").expect("mutate --junit");
        assert_eq!(junit.get_help().map(ToString::to_string).as_deref(), Some(crate::ci::MUTATE_JUNIT_HELP));
        let described = [
            ("call", "Run one execution"),
            ("run", "Run scenarios"),
            ("test", "Run every scenario"),
            ("bench", "Measure what one execution costs"),
            ("mutate", "Break the project"),
            ("init", "Write a starter scenario"),
            ("serve", "Serve the project's web app"),
            ("api", "Coverage of the platform"),
        ];
        for (name, about) in described {
            let sub = command.find_subcommand(name).expect("the subcommand");
            assert!(sub.get_arguments().count() > 1, "{name} has its arguments once built");
            // Its own description, not one of a struct it flattens (`ScenarioFlags`).
            let text = sub.get_about().map(ToString::to_string).unwrap_or_default();
            assert!(text.starts_with(about), "{name}: {text}");
        }
    }
}
