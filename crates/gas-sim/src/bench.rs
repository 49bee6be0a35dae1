//! `gas-sim bench`: what one execution costs. Runs each benchmark project's entry
//! function many times against one world (fresh JS context each time, as on the
//! platform), and, when Node is installed, the same scripts under Node with
//! `vm.createContext` per execution and JS fakes (bench/node/harness.js), in the same
//! run, so the ratio is measured under the same machine load.
//!
//! It reads the wall clock to time gas-sim itself; no report or snapshot depends on it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use gas_engine::{on_execution_stack, prepare_next, run_execution, ExecutionSpec, Outcome, Project, SoloGate};
use gas_platform::time::{parse_time_in_zone, parse_zone};
use gas_platform::World;

use crate::BadInput;

use crate::call::whole_number_flag;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Project folders to measure (default: fixtures/bench-light and fixtures/bench-heavy).
    projects: Vec<PathBuf>,
    /// The entry function.
    #[arg(long, default_value = "main")]
    function: String,
    /// Measured executions per project.
    #[arg(long, default_value_t = 2000, value_parser = |text: &str| whole_number_flag(text, 1, EXECUTIONS_MAX).map(|n| n as u32))]
    executions: u32,
    /// Unmeasured executions first.
    #[arg(long, default_value_t = 200, value_parser = |text: &str| whole_number_flag(text, 0, EXECUTIONS_MAX).map(|n| n as u32))]
    warmup: u32,
    /// Skip the Node comparison.
    #[arg(long)]
    no_node: bool,
    /// Time whole scenario runs instead (all their zones, in parallel as `run` does).
    #[arg(long)]
    scenario: Vec<PathBuf>,
    /// Time `mutate --incremental` after a one-line change against the full campaign
    /// (ledger-fixed, in a temporary copy).
    #[arg(long)]
    mutation_incremental: bool,
    /// Measure exploration on this racy scenario instead: schedules per second, and how
    /// many schedules PCT needs to find its failure versus random choices alone.
    #[arg(long, value_name = "SCENARIO")]
    explore: Option<PathBuf>,
    /// The spreadsheet case (issue 14): a 10,000-row sheet with 1,000 formula cells
    /// (fixtures/bench-sheet-formulas) and without (bench-sheet-plain); each execution
    /// after the first is one edit and a getValues of the whole range.
    #[arg(long)]
    sheets: bool,
    /// Run the benchmark suite instead: every benchmark (call, a small scenario, every
    /// scenario file, the year, the bench-* projects, explore, the mutation campaign) as
    /// whole processes, each repeated: the median and its min-max band.
    #[arg(long)]
    suite: bool,
    /// The gas-sim binary the suite runs (default: this one), e.g. a release build of an
    /// older commit, to alternate two binaries in the same minutes.
    #[arg(long, value_name = "PATH", requires = "suite")]
    binary: Option<PathBuf>,
    /// Repetitions of every benchmark (default: each one's own, 1 to 20).
    #[arg(long, value_name = "N", requires = "suite", value_parser = |text: &str| whole_number_flag(text, 1, crate::bench_suite::REPEAT_MAX).map(|n| n as u32))]
    repeat: Option<u32>,
    /// Only these benchmarks (comma-separated names, as the suite prints them).
    #[arg(long, value_name = "NAMES", requires = "suite", value_delimiter = ',')]
    only: Vec<String>,
    /// Print each result as a ratio to this baseline (a file `--save` wrote, e.g.
    /// bench/baseline.json); above 1 is slower.
    #[arg(long, value_name = "BASELINE.json", requires = "suite")]
    compare: Option<PathBuf>,
    /// Save the results as JSON (a baseline for `--compare`).
    #[arg(long, value_name = "PATH", requires = "suite")]
    save: Option<PathBuf>,
    /// Rewrite README.md's generated bench block from the results.
    #[arg(long, requires = "suite")]
    write_readme: bool,
}

/// Edits the `--sheets` case measures per project.
const SHEET_EDITS: u32 = 100;

#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub mean_ms: f64,
    pub median_ms: f64,
    pub p90_ms: f64,
}

impl Timing {
    fn from_samples(mut samples_ms: Vec<f64>) -> Timing {
        assert!(!samples_ms.is_empty(), "no samples to summarize");
        samples_ms.sort_by(f64::total_cmp);
        let at = |q: f64| samples_ms[((samples_ms.len() - 1) as f64 * q).round() as usize];
        Timing {
            mean_ms: samples_ms.iter().sum::<f64>() / samples_ms.len() as f64,
            median_ms: at(0.5),
            p90_ms: at(0.9),
        }
    }
}

/// The most executions `bench` measures (or warms up with) per project.
const EXECUTIONS_MAX: u64 = 10_000_000;

pub fn run(args: &BenchArgs) -> Result<u8, BadInput> {
    if args.suite {
        let this = std::env::current_exe().map_err(|e| BadInput(format!("this binary's path: {e}")))?;
        return crate::bench_suite::run(&crate::bench_suite::SuiteOptions {
            binary: args.binary.clone().unwrap_or(this),
            repeat: args.repeat,
            only: args.only.clone(),
            compare: args.compare.clone(),
            save: args.save.clone(),
            write_readme: args.write_readme,
        });
    }
    if args.mutation_incremental {
        let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        return crate::bench_incremental::run(jobs);
    }
    if let Some(path) = &args.explore {
        return crate::bench_explore::run(path);
    }
    if !args.scenario.is_empty() {
        return bench_scenarios(&args.scenario);
    }
    if args.sheets {
        println!("gas-sim bench --sheets: {SHEET_EDITS} edits, each followed by getValues of A1:C10000 (ms per edit)");
        for path in [Path::new("fixtures/bench-sheet-formulas"), Path::new("fixtures/bench-sheet-plain")] {
            // The first execution builds the sheet; it is the one warm-up.
            print_row(path, "gas-sim", bench_gas_sim(path, &args.function, SHEET_EDITS, 1)?);
        }
        return Ok(0);
    }
    let projects = if args.projects.is_empty() {
        vec![PathBuf::from("fixtures/bench-light"), PathBuf::from("fixtures/bench-heavy")]
    } else {
        args.projects.clone()
    };
    println!(
        "gas-sim bench: {} executions each after {} warm-up, fresh globals per execution",
        args.executions, args.warmup
    );
    println!(
        "{:<24} {:>10} {:>10} {:>10} {:>10} {:>12}",
        "project", "engine", "mean ms", "median ms", "p90 ms", "execs/s"
    );
    for path in &projects {
        let gas = bench_gas_sim(path, &args.function, args.executions, args.warmup)?;
        print_row(path, "gas-sim", gas);
        if args.no_node {
            continue;
        }
        match bench_node(path, &args.function, args.executions, args.warmup) {
            Ok(node) => {
                print_row(path, "node vm", node);
                println!(
                    "{:<24} {:>10} gas-sim/node per execution: mean {:.2}x, median {:.2}x",
                    "",
                    "ratio",
                    gas.mean_ms / node.mean_ms,
                    gas.median_ms / node.median_ms
                );
            }
            Err(why) => println!("{:<24} {:>10} skipped: {why}", "", "node vm"),
        }
    }
    Ok(0)
}

fn print_row(path: &Path, engine: &str, t: Timing) {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    println!(
        "{:<24} {:>10} {:>10.3} {:>10.3} {:>10.3} {:>12.0}",
        name,
        engine,
        t.mean_ms,
        t.median_ms,
        t.p90_ms,
        1000.0 / t.mean_ms
    );
}

/// Runs `function` `warmup + executions` times on one thread (with an execution's stack)
/// against one world.
pub fn bench_gas_sim(path: &Path, function: &str, executions: u32, warmup: u32) -> Result<Timing, BadInput> {
    on_execution_stack(|| bench_on_this_thread(path, function, executions, warmup))
}

fn bench_on_this_thread(path: &Path, function: &str, executions: u32, warmup: u32) -> Result<Timing, BadInput> {
    let project = Project::load(path).map_err(|e| BadInput(e.0))?;
    let zone = parse_zone(&project.time_zone).map_err(BadInput)?;
    let world = Arc::new(Mutex::new(World::new()));
    let gate = Arc::new(SoloGate);
    let mut at_utc_ms = parse_time_in_zone("2025-06-13T09:00", zone).map_err(BadInput)?;
    let mut samples_ms = Vec::with_capacity(executions as usize);
    for i in 0..(warmup + executions) {
        // As a scenario's plain run makes it: call records without their arguments.
        let spec = ExecutionSpec { call_args: false, ..ExecutionSpec::new(u64::from(i) + 1, function, at_utc_ms, 7) };
        let started = Instant::now();
        let report = run_execution(&project, zone, &spec, world.clone(), gate.clone());
        // Everything an execution costs this thread: also restoring the realm and
        // collecting garbage, as a scenario's worker does after each execution.
        prepare_next(&project);
        let took_ms = started.elapsed().as_secs_f64() * 1000.0;
        if let Outcome::Failed { error } = &report.outcome {
            return Err(BadInput(format!("{}: {function}() failed: {error}", path.display())));
        }
        // Next run a minute after this one ends, like a trigger would.
        at_utc_ms = report.end_utc_ms + 60_000;
        if i >= warmup {
            samples_ms.push(took_ms);
        }
    }
    Ok(Timing::from_samples(samples_ms))
}

fn bench_node(path: &Path, function: &str, executions: u32, warmup: u32) -> Result<Timing, String> {
    let harness = Path::new("bench/node/harness.js");
    if !harness.exists() {
        return Err("bench/node/harness.js not found (run from the repository root)".into());
    }
    let output = Command::new("node")
        .arg(harness)
        .arg(path)
        .arg(function)
        .arg(executions.to_string())
        .arg(warmup.to_string())
        .output()
        .map_err(|e| format!("node not runnable: {e}"))?;
    if !output.status.success() {
        return Err(format!("node harness failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    let line = String::from_utf8_lossy(&output.stdout);
    let json: serde_json::Value = serde_json::from_str(line.trim()).map_err(|e| format!("bad harness output: {e}"))?;
    let field =
        |k: &str| json.get(k).and_then(serde_json::Value::as_f64).ok_or_else(|| format!("harness output lacks {k}"));
    Ok(Timing { mean_ms: field("mean_ms")?, median_ms: field("median_ms")?, p90_ms: field("p90_ms")? })
}

/// Wall time and simulated executions per second of whole scenario runs, and the peak
/// memory of the process so far.
fn bench_scenarios(paths: &[PathBuf]) -> Result<u8, BadInput> {
    println!("{:<40} {:>6} {:>11} {:>10} {:>12}", "scenario", "zones", "executions", "wall s", "execs/s");
    for path in paths {
        let started = Instant::now();
        let reports =
            gas_scenario::run_scenario(path, &gas_scenario::RunOptions::default()).map_err(|e| BadInput(e.0))?;
        let wall_s = started.elapsed().as_secs_f64();
        let executions: usize = reports.iter().map(|r| r.executions.len()).sum();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        println!(
            "{:<40} {:>6} {:>11} {:>10.2} {:>12.0}",
            name,
            reports.len(),
            executions,
            wall_s,
            executions as f64 / wall_s
        );
        if reports.iter().any(|r| !r.passed) {
            println!("  (expectations failed: see gas-sim run {})", path.display());
        }
    }
    if let Some(peak_kib) = peak_memory_kib() {
        println!("peak memory (VmHWM): {:.1} MiB", peak_kib as f64 / 1024.0);
    }
    Ok(0)
}

/// Linux's high-water mark of resident memory, from /proc.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
