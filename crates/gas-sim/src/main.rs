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

fn main() -> ExitCode {
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
