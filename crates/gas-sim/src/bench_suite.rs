//! `gas-sim bench --suite`: every benchmark of issue 26, each as whole processes of one
//! gas-sim binary (`--binary`, default this one), repeated, so a binary built from an
//! older commit can be measured the same way and alternated with this one. Each result is
//! the median with its min-max band; `--compare BASELINE.json` prints the ratio to a
//! baseline saved with `--save` and says "slower" only when the bands do not overlap.
//! `--write-readme` rewrites the README's marked block from the results. A benchmark, not
//! a test: CI never runs it, and it reads the wall clock by design.

use std::fs::File;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use crate::bench_results::{Measured, Results, Unit};
use crate::BadInput;

/// What `--suite` was asked.
pub struct SuiteOptions {
    pub binary: PathBuf,
    /// Repetitions of every benchmark, instead of each one's own default.
    pub repeat: Option<u32>,
    /// Only the benchmarks with these names (all when empty).
    pub only: Vec<String>,
    pub compare: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub write_readme: bool,
}

/// The most repetitions `--repeat` takes.
pub const REPEAT_MAX: u64 = 1000;

/// Processes at once for the scenario files (the "2 at a time": this machine has 2 cores).
const SCENARIO_PROCESSES: usize = 2;
/// Executions per repetition of a `fixtures/bench-*` project (and its warm-up), fewer than
/// `bench`'s default so that bench-heavy's repetition stays near 10 s.
const PROJECT_EXECUTIONS: &str = "500";
const PROJECT_WARMUP: &str = "50";
/// The heavy fixtures that look like real work (bench-csv-orders, bench-json-filter) take
/// 50-300 ms an execution: fewer of them keep a repetition near 10 s too.
const HEAVY_PROJECT_EXECUTIONS: &str = "40";
const HEAVY_PROJECT_WARMUP: &str = "5";

/// Executions and warm-ups of `bench` for a project: bench-light and bench-heavy get
/// `PROJECT_EXECUTIONS`, the other (heavier) projects `HEAVY_PROJECT_EXECUTIONS`.
fn project_executions(path: &Path) -> (&'static str, &'static str) {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if name == "bench-light" || name == "bench-heavy" {
        (PROJECT_EXECUTIONS, PROJECT_WARMUP)
    } else {
        (HEAVY_PROJECT_EXECUTIONS, HEAVY_PROJECT_WARMUP)
    }
}

/// One benchmark: a name (the baseline's key), what it measures, and its default repeats.
struct Bench {
    name: String,
    what: String,
    unit: Unit,
    repeat: u32,
    kind: Kind,
}

enum Kind {
    /// One process of these arguments; its wall time in `unit`.
    Process(Vec<String>),
    /// One process per scenario file, `SCENARIO_PROCESSES` at a time; the total wall time.
    Scenarios(Vec<PathBuf>),
    /// `bench PROJECT`: the mean gas-sim execution, and Node's when Node is installed.
    Project(PathBuf),
    /// `bench --explore SCENARIO`: schedules per second.
    Explore(PathBuf),
    /// `serve bench/serve_append --state` under this many clients: requests per second
    /// (`bench_serve`).
    Serve(usize),
}

pub fn run(options: &SuiteOptions) -> Result<u8, BadInput> {
    if !Path::new("scenarios").is_dir() || !Path::new("bench/year_hourly.toml").is_file() {
        return Err(BadInput(
            "gas-sim bench --suite: run it from the repository's root (scenarios/ and bench/ not found)".into(),
        ));
    }
    let baseline = match &options.compare {
        Some(path) => Some(Results::load(path)?),
        None => None,
    };
    let benches: Vec<Bench> =
        benches()?.into_iter().filter(|b| options.only.is_empty() || options.only.contains(&b.name)).collect();
    if benches.is_empty() {
        return Err(BadInput(format!("--only {}: no such benchmark", options.only.join(","))));
    }
    let mut results = Results::new(&options.binary);
    println!("gas-sim bench --suite: {} ({})", options.binary.display(), results.tree_commit);
    for bench in &benches {
        let repeat = options.repeat.unwrap_or(bench.repeat);
        let mut samples = Vec::new();
        let mut error = None;
        for _ in 0..repeat {
            match measure(&options.binary, &bench.kind, bench.unit) {
                Ok(sample) => samples.push(sample),
                Err(why) => {
                    error = Some(why);
                    break;
                }
            }
        }
        let entry = results.add(&bench.name, &bench.what, bench.unit, samples, error);
        println!("{}", entry.line(baseline.as_ref().and_then(|b| b.get(&bench.name))));
    }
    if let Some(path) = &options.save {
        results.save(path)?;
        println!("saved: {}", path.display());
    }
    if options.write_readme {
        crate::bench_results::write_readme(Path::new("README.md"), &results, baseline.as_ref())?;
        println!("README.md: the bench suite's block rewritten");
    }
    Ok(0)
}

/// Every benchmark, in the order printed.
fn benches() -> Result<Vec<Bench>, BadInput> {
    let args = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<String>>();
    let mut benches = vec![
        Bench {
            name: "call".into(),
            what: "`gas-sim call` of a one-line project (bench/one_line), whole process".into(),
            unit: Unit::Ms,
            repeat: 20,
            kind: Kind::Process(args(&["call", "bench/one_line", "main"])),
        },
        Bench {
            name: "scenario_small".into(),
            what: "`gas-sim run scenarios/quota_low.toml` (4 zones), whole process".into(),
            unit: Unit::Ms,
            repeat: 10,
            kind: Kind::Process(args(&["run", "scenarios/quota_low.toml"])),
        },
    ];
    let scenarios = toml_files(Path::new("scenarios"))?;
    benches.push(Bench {
        name: "scenarios_all".into(),
        what: format!("the {} files of scenarios/, one `run` process each, 2 at a time", scenarios.len()),
        unit: Unit::S,
        repeat: 3,
        kind: Kind::Scenarios(scenarios),
    });
    benches.push(Bench {
        name: "year".into(),
        what: "`gas-sim run bench/year_hourly.toml` (17,520 executions), whole process".into(),
        unit: Unit::S,
        repeat: 3,
        kind: Kind::Process(args(&["run", "bench/year_hourly.toml"])),
    });
    for project in bench_projects()? {
        let name = project.file_name().map(|n| n.to_string_lossy().replace('-', "_")).unwrap_or_default();
        benches.push(Bench {
            what: format!(
                "one execution of {} (`gas-sim bench`, mean of {})",
                project.display(),
                project_executions(&project).0
            ),
            name,
            unit: Unit::Ms,
            repeat: 3,
            kind: Kind::Project(project),
        });
    }
    benches.push(Bench {
        name: "explore".into(),
        what: "`gas-sim bench --explore scenarios/race_counter.toml`, one thread".into(),
        unit: Unit::PerS,
        repeat: 3,
        kind: Kind::Explore(PathBuf::from("scenarios/race_counter.toml")),
    });
    for clients in [1, 16] {
        benches.push(Bench {
            name: format!("serve_{clients}"),
            what: format!(
                "`gas-sim serve bench/serve_append --state` (a row under the script lock per POST), {} requests from {clients} client(s)",
                crate::bench_serve::SERVE_REQUESTS
            ),
            unit: Unit::PerS,
            repeat: 3,
            kind: Kind::Serve(clients),
        });
    }
    let mut mutate = args(&["mutate"]);
    mutate.extend(toml_files(Path::new("scenarios"))?.iter().map(|p| p.display().to_string()));
    mutate.extend(args(&["--files", "fixtures/ledger-fixed/*", "--mutations", "fixtures/ledger-fixed/breakages.toml"]));
    benches.push(Bench {
        name: "mutation".into(),
        what: "the ledger-fixed mutation campaign (docs/mutation.md, \"What a campaign costs\"), whole process".into(),
        unit: Unit::S,
        repeat: 1,
        kind: Kind::Process(mutate),
    });
    Ok(benches)
}

/// The `.toml` files of `dir`, sorted.
fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, BadInput> {
    let entries = std::fs::read_dir(dir).map_err(|e| BadInput(format!("{}: {e}", dir.display())))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

/// `fixtures/bench-*` projects, sorted, except the sheet ones (`bench --sheets` times an
/// edit, not an execution): bench-light, bench-heavy and any heavy fixture added later.
fn bench_projects() -> Result<Vec<PathBuf>, BadInput> {
    let entries = std::fs::read_dir("fixtures").map_err(|e| BadInput(format!("fixtures: {e}")))?;
    let mut projects: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            p.is_dir() && name.starts_with("bench-") && !name.starts_with("bench-sheet")
        })
        .collect();
    projects.sort();
    Ok(projects)
}

/// One repetition of `kind` with `binary`.
fn measure(binary: &Path, kind: &Kind, unit: Unit) -> Result<Measured, String> {
    match kind {
        Kind::Process(args) => {
            let (mut finished, _) = run_one(binary, args)?;
            finished.value = unit.of_wall_s(finished.value);
            Ok(finished)
        }
        Kind::Scenarios(files) => run_scenarios(binary, files),
        Kind::Project(path) => {
            let args = [
                "bench",
                &path.display().to_string(),
                "--executions",
                project_executions(path).0,
                "--warmup",
                project_executions(path).1,
            ];
            let (mut finished, stdout) = run_one(binary, &args.map(String::from))?;
            finished.value = row_mean_ms(&stdout, "gas-sim").ok_or_else(|| format!("no gas-sim row in:\n{stdout}"))?;
            finished.node_ms = row_mean_ms(&stdout, "node vm");
            Ok(finished)
        }
        Kind::Explore(path) => {
            let args = ["bench".to_string(), "--explore".into(), path.display().to_string()];
            let (mut finished, stdout) = run_one(binary, &args)?;
            finished.value = schedules_per_s(&stdout).ok_or_else(|| format!("no schedules/s in:\n{stdout}"))?;
            Ok(finished)
        }
        Kind::Serve(clients) => crate::bench_serve::measure_serve(binary, *clients),
    }
}

/// The mean ms of `bench`'s row for `engine` (`NAME ENGINE MEAN MEDIAN P90 EXECS/S`).
fn row_mean_ms(stdout: &str, engine: &str) -> Option<f64> {
    stdout.lines().find_map(|line| {
        let rest = line.split_once(&format!(" {engine} "))?.1;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// `bench --explore`'s "N schedules/s".
fn schedules_per_s(stdout: &str) -> Option<f64> {
    let before = stdout.split_once(" schedules/s")?.0;
    before.rsplit(' ').next()?.parse().ok()
}

/// A child process of the suite, its output in temporary files.
pub(crate) struct Running {
    pub(crate) child: Child,
    pub(crate) label: String,
    started: Instant,
    pub(crate) stdout: File,
    pub(crate) stderr: File,
}

pub(crate) fn spawn(binary: &Path, args: &[String]) -> Result<Running, String> {
    let temp = || tempfile::tempfile().map_err(|e| format!("a temporary file: {e}"));
    let (stdout, stderr) = (temp()?, temp()?);
    let redirect = |file: &File| file.try_clone().map(Stdio::from).map_err(|e| format!("a temporary file: {e}"));
    let started = Instant::now();
    let child = Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .stdout(redirect(&stdout)?)
        .stderr(redirect(&stderr)?)
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    Ok(Running { child, label: args.join(" "), started, stdout, stderr })
}

/// Runs one process to its end.
fn run_one(binary: &Path, args: &[String]) -> Result<(Measured, String), String> {
    let mut running = spawn(binary, args)?;
    let (code, usage) = wait(Some(running.child.id()))?.1;
    let wall_s = running.started.elapsed().as_secs_f64();
    let stdout = read_all(&mut running.stdout);
    check_exit(code, &running.label, &mut running.stderr)?;
    Ok((Measured::of_process(wall_s, &usage), stdout))
}

/// Every scenario file in its own process, `SCENARIO_PROCESSES` at a time: the total wall
/// time, the summed CPU, the largest peak.
fn run_scenarios(binary: &Path, files: &[PathBuf]) -> Result<Measured, String> {
    let started = Instant::now();
    let mut pending: Vec<&PathBuf> = files.iter().rev().collect();
    let mut running: Vec<Running> = Vec::new();
    let mut total = Measured::default();
    while !pending.is_empty() || !running.is_empty() {
        while running.len() < SCENARIO_PROCESSES {
            let Some(file) = pending.pop() else { break };
            running.push(spawn(binary, &["run".into(), file.display().to_string()])?);
        }
        let (pid, (code, usage)) = wait(None)?;
        let at = running.iter().position(|r| r.child.id() == pid).ok_or("a child the suite did not start")?;
        let mut done = running.swap_remove(at);
        check_exit(code, &done.label, &mut done.stderr)?;
        total.add_process(&Measured::of_process(0.0, &usage));
    }
    total.value = started.elapsed().as_secs_f64();
    Ok(total)
}

/// `run` and `mutate` exit 1 when an expectation fails (some scenarios show a failure on
/// purpose); 2 and above is bad input or a bug, and the benchmark is not measured.
pub(crate) fn check_exit(code: i32, label: &str, stderr: &mut File) -> Result<(), String> {
    if code <= 1 {
        return Ok(());
    }
    let text = read_all(stderr);
    let first = text.lines().next().unwrap_or("");
    Err(format!("`{label}` exited with {code}: {first}"))
}

pub(crate) fn read_all(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.rewind().and_then(|_| file.read_to_string(&mut text));
    text
}

/// Waits for the child `pid` (any child: `None`), reaping it: its pid, exit code (128 +
/// the signal when killed by one) and resource usage.
pub(crate) fn wait(pid: Option<u32>) -> Result<(u32, (i32, libc::rusage)), String> {
    let target = pid.map_or(-1, |p| p as libc::pid_t);
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in; a zeroed one is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only to the two pointers, which are valid for its call.
    let reaped = unsafe { libc::wait4(target, &mut status, 0, &mut usage) };
    if reaped < 0 {
        return Err(format!("wait4: {}", std::io::Error::last_os_error()));
    }
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { 128 + libc::WTERMSIG(status) };
    Ok((reaped as u32, (code, usage)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bench_rows_and_explore_rates() {
        let bench = "project engine mean ms\nbench-light                 gas-sim      0.262      0.231\n\
                     bench-light                 node vm      0.701      0.580\n";
        assert_eq!(row_mean_ms(bench, "gas-sim"), Some(0.262));
        assert_eq!(row_mean_ms(bench, "node vm"), Some(0.701));
        assert_eq!(row_mean_ms("bench-light node vm skipped: no node", "node vm"), None);
        let explore =
            "scenarios/race_counter.toml [UTC]: 201 schedules in 1.02 s on one thread: 197 schedules/s (first";
        assert_eq!(schedules_per_s(explore), Some(197.0));
    }
}
