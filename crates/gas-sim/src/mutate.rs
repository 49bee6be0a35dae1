//! `gas-sim mutate SCENARIO...`: breaks the project on purpose, mutant by mutant, and
//! reports which breakages the scenarios did not notice.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use gas_mutate::campaign::{Campaign, CampaignError, CampaignOptions, Shard, Tally};
use gas_mutate::operators::OperatorSet;
use gas_mutate::stryker;
use gas_mutate::{MutantResult, Status};
use gas_scenario::RunOptions;

use crate::output::check_writable;
use crate::test_cmd::scenario_files;
use crate::BadInput;

use crate::call::whole_number_flag;

#[derive(clap::Args)]
#[command(mut_arg("junit", |arg| arg.help(crate::ci::MUTATE_JUNIT_HELP)))]
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
    /// Also write the report as one HTML page in Stryker's viewer (no network needed).
    #[arg(long)]
    html: Option<PathBuf>,
    /// Only mutants on the lines a unified diff adds or changes (`git diff main > pr.diff`).
    #[arg(long = "in-diff", value_name = "DIFF")]
    in_diff: Option<PathBuf>,
    /// Only mutants on these lines: FILE:FROM-TO or FILE:LINE (repeatable).
    #[arg(long, value_name = "FILE:FROM-TO")]
    lines: Vec<String>,
    /// Reuse the verdicts this file holds where nothing they depend on changed, and write
    /// this campaign's verdicts to it.
    #[arg(long, value_name = "FILE")]
    incremental: Option<PathBuf>,
    /// Join shard reports (`--report` of `--shard k/n` runs) into one report (-o); runs nothing.
    #[arg(long, num_args = 1.., value_name = "REPORT")]
    merge: Vec<PathBuf>,
    /// Where --merge writes the joined report.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    output: Option<PathBuf>,
    /// Exit 1 when the mutation score is below this percentage (default 0: never).
    #[arg(long, default_value_t = 0.0)]
    break_at: f64,
    /// Run only in this zone.
    #[arg(long)]
    tz: Option<String>,
    /// Override the scenarios' seeds.
    #[arg(long, value_parser = |text: &str| whole_number_flag(text, 0, u64::MAX))]
    seed: Option<u64>,
    /// Explore every scenario under N schedules (over its own `explore = N`): a mutant is
    /// killed by the first schedule that breaks an expectation.
    #[arg(long, value_name = "N", value_parser = crate::explore_cmd::schedules_flag)]
    explore: Option<u64>,
    /// A folder outside the scenarios' folder tree that their `project` and `csv` may name,
    /// and that --report, --html, --junit, --incremental and -o may write in (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    allow_paths: Vec<PathBuf>,
    #[command(flatten)]
    ci: crate::ci::CiArgs,
}

/// The baseline failed: cargo-mutants' code for it.
const EXIT_BASELINE_FAILED: u8 = 4;

/// The largest `--in-diff` read: a pull request's diff is far smaller.
const DIFF_BYTES_MAX: u64 = 64 * 1024 * 1024;
/// The largest report `--merge` reads.
const MERGE_REPORT_BYTES_MAX: u64 = 256 * 1024 * 1024;

/// The most mutants judged at once: each job is a thread with a 64 MiB stack reserved (`gas_engine::EXECUTION_STACK_BYTES`).
const JOBS_MAX: usize = 256;

pub fn run(args: &MutateArgs) -> Result<u8, BadInput> {
    if !args.merge.is_empty() {
        return merge(args);
    }
    if args.output.is_some() {
        return Err(BadInput("-o/--output is where --merge writes; use --report for a campaign's report".into()));
    }
    if !(0.0..=100.0).contains(&args.break_at) {
        return Err(BadInput(format!("--break-at {}: a percentage from 0 to 100", args.break_at)));
    }
    let operators = OperatorSet::parse(&args.operators).map_err(BadInput)?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose().map_err(BadInput)?;
    if let Some(zone) = &args.tz {
        gas_platform::time::parse_zone(zone).map_err(BadInput)?;
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).max(1);
    let lines = line_selection(args)?;
    let options = CampaignOptions {
        run: RunOptions {
            zone: args.tz.clone(),
            seed: args.seed,
            allowed_paths: args.allow_paths.clone(),
            ..RunOptions::default()
        },
        breakages: args.mutations.clone(),
        operators,
        files: args.files.clone(),
        lines,
        shard,
        explore: args.explore,
        ..CampaignOptions::new(scenario_files(&args.scenarios)?)
    };
    // Before the campaign: a report that cannot be written would be lost at its end.
    for (path, flag) in [(&args.report, "--report"), (&args.html, "--html"), (&args.incremental, "--incremental")] {
        if let Some(path) = path {
            check_writable(path, flag).map_err(BadInput)?;
        }
    }
    gas_scenario::paths::check_allowed(&args.allow_paths).map_err(BadInput)?;
    let started = Instant::now();
    let mut campaign = Campaign::prepare(&options).map_err(|e| BadInput(e.to_string()))?;
    // Checked once the inputs are known, before any run.
    let outputs = crate::output::Outputs::of_scenarios(campaign.scenarios(), &args.allow_paths)
        .with_inputs(args.mutations.as_deref())
        .with_inputs(args.in_diff.as_deref());
    for (path, flag) in [(&args.report, "--report"), (&args.html, "--html"), (&args.incremental, "--incremental")] {
        if let Some(path) = path {
            outputs.check(path, flag).map_err(BadInput)?;
        }
    }
    args.ci.check(&outputs)?;
    // Read only once the rule allows it there: it is written back at the end.
    let incremental = match &args.incremental {
        Some(path) => read_incremental(path)?,
        None => None,
    };
    for warning in &campaign.warnings {
        errln!("warning: {warning}");
    }
    let selected = campaign.selected().count();
    if selected == 0 {
        let why = match &args.files {
            Some(glob) => format!("--files {glob:?} matches no mutated file"),
            None if args.in_diff.is_some() || !args.lines.is_empty() => {
                "--in-diff/--lines select no mutant".to_string()
            }
            None if args.shard.is_some() => "this --shard holds no mutant".to_string(),
            None => "the project has no mutant".to_string(),
        };
        if args.break_at > 0.0 {
            // No mutant means no score: --break-at would pass on nothing judged.
            return Err(BadInput(format!("{why}, so --break-at {} has nothing to judge", args.break_at)));
        }
        // The baseline only prepares the mutants' verdicts: with none, it is a minute
        // spent on nothing (a pull request that touched no script file).
        errln!("0 of {} mutant(s) selected: {why}; the baseline run is skipped", campaign.mutants.len());
        let judged = Judged { results: Vec::new(), tally: Tally::default(), fingerprint: None, baseline_executions: 0 };
        return finish(args, &campaign, &outputs, &judged, started);
    }
    let baseline_runs = campaign.baseline_tests().len();
    errln!(
        "{} mutant(s) made{}; running the original sources through {} run(s) first{}",
        campaign.mutants.len(),
        if selected == campaign.mutants.len() {
            String::new()
        } else {
            format!(", {selected} selected by --files/--in-diff/--lines/--shard")
        },
        baseline_runs,
        match campaign.tests.len() - baseline_runs {
            0 => String::new(),
            skipped => format!(" ({skipped} run(s) of scenarios whose project has no mutant to judge are not run)"),
        }
    );
    let explored = campaign.explored_tests();
    if let Some((_, schedules)) = explored.first() {
        errln!(
            "{} run(s) explore (e.g. {}: {schedules} schedule(s)): a mutant that passes the plain run is judged under every schedule, up to the first that fails",
            explored.len(),
            explored[0].0
        );
    }
    match campaign.baseline(jobs) {
        Ok(()) => {}
        Err(CampaignError::Baseline(message)) => {
            errln!("error: {message}");
            return Ok(EXIT_BASELINE_FAILED);
        }
        Err(CampaignError::Input(message)) => return Err(BadInput(message)),
    }
    let baseline_executions = campaign.baseline_executions();
    let fingerprint = campaign.tests_fingerprint();
    let files = campaign.files();
    let reused = match incremental
        .as_ref()
        .and_then(|cache| gas_mutate::incremental::Reuse::new(cache, &fingerprint, &files))
    {
        Some(reuse) => campaign.reuse(&reuse),
        None => {
            if incremental.is_some() {
                errln!("incremental: the scenarios or their snapshots changed since the file was written: judging every mutant");
            }
            0
        }
    };
    if args.incremental.is_some() {
        errln!(
            "incremental: {reused} of {selected} verdict(s) reused, {} to judge (disabled ones included)",
            selected - reused
        );
    }
    errln!(
        "baseline passed ({baseline_executions} executions); judging {} mutant(s) on {jobs} job(s)",
        selected - reused
    );
    let progress = Progress::new(selected);
    let (results, tally) = campaign.run(jobs, &|result, tally| progress.show(result, tally));
    progress.finish();
    let judged = Judged { results, tally, fingerprint: Some(fingerprint), baseline_executions };
    finish(args, &campaign, &outputs, &judged, started)
}

/// What a campaign judged; `fingerprint` is `None` when it judged nothing (the
/// incremental file then keeps its verdicts).
struct Judged {
    results: Vec<MutantResult>,
    tally: Tally,
    fingerprint: Option<String>,
    baseline_executions: usize,
}

/// The summary, every file asked for (`--junit`, annotations, `--report`, `--html`,
/// `--incremental`), and the exit code, from what the campaign judged (perhaps nothing).
fn finish(
    args: &MutateArgs,
    campaign: &Campaign,
    outputs: &crate::output::Outputs,
    judged: &Judged,
    started: Instant,
) -> Result<u8, BadInput> {
    let Judged { results, tally, .. } = judged;
    let files = campaign.files();
    let by_name: BTreeMap<String, String> = files.iter().cloned().collect();
    out!("{}", summary_text(results, tally, &by_name));
    if args.incremental.is_some() {
        outln!(
            "incremental: {} verdict(s) reused from {}",
            tally.reused,
            args.incremental.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
        );
    }
    let score = stryker::mutation_score(results);
    let scenarios = args.scenarios.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" ");
    if args.ci.wanted() {
        let rerun = format!("gas-sim mutate {scenarios}");
        let ci = crate::ci::mutants::Outputs::of(results, &by_name, tally, &rerun);
        args.ci.finish(&ci.suites, &ci.annotations, &ci.summary, outputs)?;
    }
    if args.report.is_some() || args.html.is_some() {
        let report = stryker::report(".", &files, results, &campaign.test_infos(), stryker::Thresholds::default());
        if let Some(path) = &args.report {
            outputs.write(path, "--report", &stryker::write_pretty(&report)).map_err(BadInput)?;
            outln!("report: {} (open it with Stryker's mutation-testing-elements viewer)", path.display());
        }
        if let Some(path) = &args.html {
            let title = format!("gas-sim mutate {scenarios}");
            outputs.write(path, "--html", &gas_mutate::html::report_html(&report, &title)).map_err(BadInput)?;
            outln!("html report: {} (opens without network)", path.display());
        }
    }
    match (&args.incremental, &judged.fingerprint) {
        (Some(path), Some(fingerprint)) => {
            let cache = gas_mutate::incremental::IncrementalCache::from_results(fingerprint.clone(), &files, results);
            outputs.write(path, "--incremental", &cache.to_json()).map_err(BadInput)?;
        }
        (Some(path), None) => outln!("incremental: {} left as it was (no mutant was judged)", path.display()),
        (None, _) => {}
    }
    let seconds = started.elapsed().as_secs_f64();
    let executions = judged.baseline_executions * 2 + tally.executions;
    errln!(
        "{} mutant(s) judged in {seconds:.1} s: {executions} executions, {:.0} executions/s",
        results.len(),
        executions as f64 / seconds.max(1e-9)
    );
    let below = score.is_some_and(|s| s < args.break_at);
    if below {
        outln!("mutation score {:.2}% is below --break-at {}", score.unwrap_or(0.0), args.break_at);
    }
    Ok(if below { 1 } else { 0 })
}

/// `--in-diff` and `--lines`, as one selection; `None` when neither is given.
fn line_selection(args: &MutateArgs) -> Result<Option<gas_mutate::selection::LineSelection>, BadInput> {
    if args.in_diff.is_none() && args.lines.is_empty() {
        return Ok(None);
    }
    let mut selection = match &args.in_diff {
        Some(path) => {
            let text = gas_engine::files::read_text(path, DIFF_BYTES_MAX)
                .map_err(|e| BadInput(format!("--in-diff {}: {e}", path.display())))?;
            gas_mutate::selection::LineSelection::from_unified_diff(&text)
                .map_err(|e| BadInput(format!("--in-diff {}: {e}", path.display())))?
        }
        None => gas_mutate::selection::LineSelection::default(),
    };
    for spec in &args.lines {
        selection.add_lines_flag(spec).map_err(BadInput)?;
    }
    Ok(Some(selection))
}

/// The incremental file, or `None` when it does not exist yet (the first run makes it).
fn read_incremental(path: &std::path::Path) -> Result<Option<gas_mutate::incremental::IncrementalCache>, BadInput> {
    if !path.exists() {
        return Ok(None);
    }
    let text = gas_engine::files::read_text(path, gas_mutate::incremental::INCREMENTAL_BYTES_MAX as u64)
        .map_err(|e| BadInput(format!("--incremental {}: {e}", path.display())))?;
    gas_mutate::incremental::IncrementalCache::parse(&text, &path.display().to_string()).map(Some).map_err(BadInput)
}

/// `--merge a.json b.json -o all.json`.
fn merge(args: &MutateArgs) -> Result<u8, BadInput> {
    let Some(output) = &args.output else {
        return Err(BadInput("--merge needs -o PATH: where the joined report goes".into()));
    };
    // --merge judges nothing, so these would write nothing: refused, not skipped.
    let mut unproduced = args.ci.requested_outputs();
    unproduced.extend(args.report.as_ref().map(|_| "--report"));
    unproduced.extend(args.incremental.as_ref().map(|_| "--incremental"));
    if let Some(flag) = unproduced.first() {
        return Err(BadInput(format!(
            "--merge joins reports and judges no mutant, so {flag} would write nothing: -o is the joined report, --html its page"
        )));
    }
    // No scenario: the current folder and --allow-path are where it may write.
    let policy = gas_scenario::paths::PathPolicy::for_writes(&[], &[], args.allow_paths.clone());
    let outputs = crate::output::Outputs::new(policy, Vec::new(), args.merge.clone());
    outputs.check(output, "-o").map_err(BadInput)?;
    if let Some(path) = &args.html {
        outputs.check(path, "--html").map_err(BadInput)?;
    }
    let mut reports = Vec::new();
    for path in &args.merge {
        if path == output {
            return Err(BadInput(format!("-o {}: is one of the reports being merged", output.display())));
        }
        let text = gas_engine::files::read_text(path, MERGE_REPORT_BYTES_MAX)
            .map_err(|e| BadInput(format!("--merge {}: {e}", path.display())))?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| BadInput(format!("--merge {}: not JSON: {e}", path.display())))?;
        reports.push((path.display().to_string(), value));
    }
    let merged = gas_mutate::merge::merge_reports(&reports).map_err(BadInput)?;
    outputs.write(output, "-o", &stryker::write_pretty(&merged)).map_err(BadInput)?;
    let mutants: usize = merged["files"]
        .as_object()
        .map(|files| files.values().filter_map(|f| f["mutants"].as_array()).map(Vec::len).sum())
        .unwrap_or(0);
    outln!("merged {} report(s), {mutants} mutant(s): {}", reports.len(), output.display());
    if let Some(path) = &args.html {
        let page = gas_mutate::html::report_html(&merged, "gas-sim mutate (merged)");
        outputs.write(path, "--html", &page).map_err(BadInput)?;
        outln!("html report: {} (opens without network)", path.display());
    }
    Ok(0)
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
        errln!(
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
