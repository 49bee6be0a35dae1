//! The gas-sim command line: `call` runs one execution of an Apps Script project;
//! `run` replays scenarios; `test` snapshot-tests them; `mutate` checks that they catch
//! deliberate breakages; `bench` measures what an execution costs.
//!
//! Exit codes: 0 success (the execution completed, every expectation held), 1 an
//! execution failed or an expectation did not hold, 2 bad input (flags, project, scenario,
//! state file, a syntax error, an unknown function); `mutate` also exits 1 when the
//! mutation score is below `--break-at` and 4 when the scenarios fail unmutated.

mod bench;
mod call;
mod mutate;
mod output;
mod run;
mod test_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Every execution builds and drops a whole JS realm (thousands of small objects); the
/// system allocator spent about a third of a long run freeing them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "gas-sim", version, about = "Runs Google Apps Script projects on a simulated Apps Script platform")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run one execution of a project's function, as the platform would.
    Call(call::CallArgs),
    /// Run scenarios (days of triggers, faults and requests) in each of their zones.
    Run(run::RunArgs),
    /// Run every scenario in every zone and compare with the stored snapshots.
    Test(test_cmd::TestArgs),
    /// Measure what one execution costs, against Node's vm module when available.
    Bench(bench::BenchArgs),
    /// Break the project on purpose (mutants) and check that the scenarios notice.
    Mutate(mutate::MutateArgs),
}

/// A user error: printed as one line, exit code 2.
pub struct BadInput(pub String);

/// mimalloc's `mi_option_purge_delay` (its index in `mimalloc.h`, v2 and v3 alike).
const MI_OPTION_PURGE_DELAY: i32 = 15;
/// mimalloc's default for it, in ms: how the index is checked before it is set.
const MI_PURGE_DELAY_DEFAULT_MS: std::os::raw::c_long = 10;
/// Freed memory stays with the process (-1: never purged). Every execution frees a whole
/// realm and the next allocates one again; at mimalloc's 10 ms the kernel spent a fifth
/// of a run zeroing the same pages again (a simulated year: 24.1 s -> 18.2 s; 1,000 ms
/// gave 22.4 s). Peak memory stays bounded by the working set: 103 MB for a month, 146 MB
/// for a year, 182 MB for two (the run log sheet and the report grow with the run).
const PURGE_DELAY_MS: std::os::raw::c_long = -1;

fn keep_freed_memory() {
    // SAFETY: plain option calls into the allocator; no pointers are involved.
    unsafe {
        if libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) == MI_PURGE_DELAY_DEFAULT_MS {
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
        }
    }
}

fn main() -> ExitCode {
    keep_freed_memory();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Call(args) => call::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Test(args) => test_cmd::run(&args),
        Command::Mutate(args) => mutate::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(BadInput(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
