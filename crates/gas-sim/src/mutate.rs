//! `gas-sim mutate SCENARIO...`: breaks the project on purpose, mutant by mutant, and
//! reports which breakages the scenarios did not notice.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use gas_mutate::campaign::{Campaign, CampaignError, CampaignOptions, Shard, Tally};
use gas_mutate::operators::OperatorSet;
use gas_mutate::stryker;
use gas_mutate::{MutantResult, Status};
use gas_scenario::RunOptions;

use crate::output::{check_writable, write_atomically};
use crate::test_cmd::scenario_files;
use crate::BadInput;

use crate::call::whole_number_flag;

#[derive(clap::Args)]
pub struct MutateArgs {
    /// Scenario files or folders of them (default: scenarios).
    scenarios: Vec<PathBuf>,
    /// A breakages TOML file: [[mutation]] id, file, find, replace.
    #[arg(long)]
    mutations: Option<PathBuf>,
    /// default (every operator), none (breakages only), or a comma-separated list.
    #[arg(long, default_value = "default")]
    operators: String,
    /// Mutate only files whose name or project path matches this glob (`ledger.gs`, `fixtures/ledger-fixed/*`).
    #[arg(long)]
    files: Option<String>,
    /// Mutants judged at once (default: the machine's cores).
    #[arg(long, value_parser = |text: &str| whole_number_flag(text, 1, JOBS_MAX as u64).map(|n| n as usize))]
    jobs: Option<usize>,
    /// Run only the k-th of n slices of the mutants, e.g. 2/4 (1-based, stable).
    #[arg(long)]
    shard: Option<String>,
    /// Write a mutation-testing-report-schema JSON report (Stryker's HTML viewer reads it).
    #[arg(long)]
    report: Option<PathBuf>,
    /// Exit 1 when the mutation score is below this percentage (default 0: never).
    #[arg(long, default_value_t = 0.0)]
    break_at: f64,
    /// Run only in this zone.
    #[arg(long)]
    tz: Option<String>,
    /// Override the scenarios' seeds.
    #[arg(long, value_parser = |text: &str| whole_number_flag(text, 0, u64::MAX))]
    seed: Option<u64>,
    /// A folder outside the scenarios' folder tree that their `project` and `csv` may name
    /// (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    allow_paths: Vec<PathBuf>,
    #[command(flatten)]
    ci: crate::ci::CiArgs,
}

/// The baseline failed: cargo-mutants' code for it.
const EXIT_BASELINE_FAILED: u8 = 4;

/// The most mutants judged at once: each job is a thread with a 256 MiB stack reserved.
const JOBS_MAX: usize = 256;

pub fn run(args: &MutateArgs) -> Result<u8, BadInput> {
    if !(0.0..=100.0).contains(&args.break_at) {
        return Err(BadInput(format!("--break-at {}: a percentage from 0 to 100", args.break_at)));
    }
    let operators = OperatorSet::parse(&args.operators).map_err(BadInput)?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose().map_err(BadInput)?;
    if let Some(zone) = &args.tz {
        gas_platform::time::parse_zone(zone).map_err(BadInput)?;
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).max(1);
    let options = CampaignOptions {
        run: RunOptions { zone: args.tz.clone(), seed: args.seed, allowed_paths: args.allow_paths.clone() },
        breakages: args.mutations.clone(),
        operators,
        files: args.files.clone(),
        shard,
        ..CampaignOptions::new(scenario_files(&args.scenarios)?)
    };
    // Before the campaign: a report that cannot be written would be lost at its end.
    if let Some(path) = &args.report {
        check_writable(path, "--report").map_err(BadInput)?;
    }
    gas_scenario::paths::check_allowed(&args.allow_paths).map_err(BadInput)?;
    let started = Instant::now();
    let mut campaign = Campaign::prepare(&options).map_err(|e| BadInput(e.to_string()))?;
    if let Some(path) = &args.report {
        // Checked once the inputs are known, before any run.
        let projects: Vec<&gas_engine::Project> = campaign.scenarios().iter().map(|s| &*s.project).collect();
        let mut inputs: Vec<&std::path::Path> = campaign.scenarios().iter().map(|s| s.path.as_path()).collect();
        inputs.extend(args.mutations.as_deref());
        crate::output::check_not_an_input(path, "--report", &projects, &inputs).map_err(BadInput)?;
    }
    {
        let projects: Vec<&gas_engine::Project> = campaign.scenarios().iter().map(|s| &*s.project).collect();
        let mut inputs: Vec<&std::path::Path> = campaign.scenarios().iter().map(|s| s.path.as_path()).collect();
        inputs.extend(args.mutations.as_deref());
        args.ci.check(&inputs, &projects)?;
    }
    for warning in &campaign.warnings {
        eprintln!("warning: {warning}");
    }
    let selected = campaign.selected().count();
    if selected == 0 && args.break_at > 0.0 {
        // No mutant means no score: --break-at would pass on nothing judged.
        let why = match &args.files {
            Some(glob) => format!("--files {glob:?} matches no mutated file"),
            None if args.shard.is_some() => "this --shard holds no mutant".to_string(),
            None => "the project has no mutant".to_string(),
        };
        return Err(BadInput(format!("{why}, so --break-at {} has nothing to judge", args.break_at)));
    }
    eprintln!(
        "{} mutant(s) made{}; running the original sources through {} run(s) first",
        campaign.mutants.len(),
        if selected == campaign.mutants.len() {
            String::new()
        } else {
            format!(", {selected} selected by --files/--shard")
        },
        campaign.tests.len()
    );
    match campaign.baseline(jobs) {
        Ok(()) => {}
        Err(CampaignError::Baseline(message)) => {
            eprintln!("error: {message}");
            return Ok(EXIT_BASELINE_FAILED);
        }
        Err(CampaignError::Input(message)) => return Err(BadInput(message)),
    }
    let baseline_executions = campaign.baseline_executions();
    eprintln!("baseline passed ({baseline_executions} executions); judging {selected} mutant(s) on {jobs} job(s)");
    let progress = Progress::new(selected);
    let (results, tally) = campaign.run(jobs, &|result, tally| progress.show(result, tally));
    progress.finish();
    let files: BTreeMap<String, String> = campaign.files().into_iter().collect();
    print!("{}", summary_text(&results, &tally, &files));
    let score = stryker::mutation_score(&results);
    if args.ci.wanted() {
        let rerun = format!(
            "gas-sim mutate {}",
            args.scenarios.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" ")
        );
        let ci = crate::ci::mutants::Outputs::of(&results, &files, &tally, &rerun);
        args.ci.finish(&ci.suites, &ci.annotations, &ci.summary)?;
    }
    if let Some(path) = &args.report {
        let report =
            stryker::report(".", &campaign.files(), &results, &campaign.test_infos(), stryker::Thresholds::default());
        write_atomically(path, &stryker::write_pretty(&report)).map_err(BadInput)?;
        println!("report: {} (open it with Stryker's mutation-testing-elements viewer)", path.display());
    }
    let seconds = started.elapsed().as_secs_f64();
    let executions = baseline_executions * 2 + tally.executions;
    eprintln!(
        "{} mutant(s) judged in {seconds:.1} s: {executions} executions, {:.0} executions/s",
        results.len(),
        executions as f64 / seconds.max(1e-9)
    );
    let below = score.is_some_and(|s| s < args.break_at);
    if below {
        println!("mutation score {:.2}% is below --break-at {}", score.unwrap_or(0.0), args.break_at);
    }
    Ok(if below { 1 } else { 0 })
}

/// The survivors table and the totals, deterministic for the same campaign. `files`
/// maps the results' file names to their original text.
pub fn summary_text(results: &[MutantResult], tally: &Tally, files: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let undetected: Vec<&MutantResult> =
        results.iter().filter(|r| matches!(r.status, Status::Survived | Status::NoCoverage)).collect();
    if !undetected.is_empty() {
        out.push_str(&format!("\n{} mutant(s) the scenarios did not catch:\n", undetected.len()));
        for r in &undetected {
            let m = &r.mutant;
            let (before, after) = changed_line(m, files.get(&m.file).map(String::as_str));
            out.push_str(&format!(
                "  #{:<4} {}:{}:{}  {}  {}\n        - {before}\n        + {after}\n",
                r.id,
                m.file,
                m.start.line,
                m.start.column,
                m.mutator,
                r.status.name(),
            ));
        }
    }
    let count = |s: Status| tally.by_status.get(&s).copied().unwrap_or(0);
    out.push_str(&format!(
        "\n{} mutant(s): {} killed, {} timeout, {} survived, {} no coverage, {} ignored, {} compile error, {} runtime error\n",
        results.len(),
        count(Status::Killed),
        count(Status::Timeout),
        count(Status::Survived),
        count(Status::NoCoverage),
        count(Status::Ignored),
        count(Status::CompileError),
        count(Status::RuntimeError)
    ));
    match stryker::mutation_score(results) {
        Some(score) => out.push_str(&format!(
            "mutation score: {score:.2}% (killed + timeout) / (killed + timeout + survived + no coverage)\n"
        )),
        None => out.push_str("mutation score: n/a (no mutant was judged)\n"),
    }
    if !undetected.is_empty() {
        out.push_str(
            "for each survivor: add a scenario or expectation that notices it, or, if it cannot change\n\
             behaviour, mark it: // gas-sim disable next-line Mutator: why it is equivalent\n",
        );
    }
    out
}

/// The mutated line before and after, or just the replaced code when the mutant spans
/// several lines.
pub(crate) fn changed_line(m: &gas_mutate::Mutant, text: Option<&str>) -> (String, String) {
    let Some(text) = text.filter(|_| m.start.line == m.end.line && !m.original.contains('\n')) else {
        return (one_line(&m.original), one_line(&m.replacement));
    };
    let line_start = text[..m.start_byte].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line_end = text[m.end_byte..].find('\n').map(|i| m.end_byte + i).unwrap_or(text.len());
    let mutated = format!("{}{}{}", &text[line_start..m.start_byte], m.replacement, &text[m.end_byte..line_end]);
    (one_line(&text[line_start..line_end]), one_line(&mutated))
}

/// Code on one line, shortened for the table.
fn one_line(code: &str) -> String {
    let flat: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 120 {
        format!("{}…", flat.chars().take(119).collect::<String>())
    } else {
        flat
    }
}

/// A bar on a terminal (indicatif), one line per mutant otherwise (CI logs).
struct Progress {
    total: usize,
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total as u64);
            let style = indicatif::ProgressStyle::with_template("[{bar:30}] {pos}/{len} mutants, {msg}, {elapsed}")
                .expect("the template is valid")
                .progress_chars("#>-");
            bar.set_style(style);
            bar
        });
        Progress { total, bar }
    }

    fn show(&self, result: &MutantResult, tally: &Tally) {
        if let Some(bar) = &self.bar {
            let survived = tally.by_status.get(&Status::Survived).copied().unwrap_or(0);
            bar.set_message(format!("{survived} survived"));
            bar.set_position(tally.done as u64);
            return;
        }
        let m = &result.mutant;
        let _ = writeln!(
            std::io::stderr().lock(),
            "[{}/{}] #{} {:<12} {}:{} {}",
            tally.done,
            self.total,
            result.id,
            result.status.name(),
            m.file,
            m.start.line,
            m.mutator
        );
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
    }
}
