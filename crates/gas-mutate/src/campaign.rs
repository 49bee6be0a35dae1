//! A mutation campaign: the original run (baseline), the mutants, their verdicts.
//!
//! 1. [`Campaign::prepare`] loads the scenarios and their projects and makes the mutants
//!    (user breakages, then operators, in file order; ids are their 1-based index, so a
//!    shard or a `--files` filter never renumbers a mutant).
//! 2. [`Campaign::baseline`] runs every scenario of a project with a mutant to judge, in
//!    every zone, on the original sources, twice: as written (the reference snapshot
//!    text, which must pass) and with coverage probes (which blocks each run reached). The two must give the same text.
//! 3. [`Campaign::run`] runs each mutant through the runs that reached its code, cheapest
//!    run first, and stops at the first run that kills it. Mutants run in parallel.
//!
//! A scenario that explores (`explore = N` in the file, or the campaign's `--explore N`)
//! is run under its N schedules too (`gas_scenario::explore::sources`): the baseline must
//! pass in every schedule (and show each `in = "some"` expectation in one), a mutant is
//! killed by the first schedule that breaks an expectation. Each exploration runs on one
//! thread, in schedule order, so verdicts stay the same for any number of jobs.
//!
//! Every verdict is decided in virtual time from deterministic runs, so it is the same on
//! any machine and for any number of jobs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use gas_engine::{check_syntax, Limits, Project};
use gas_scenario::explore::sources;
use gas_scenario::{PreparedScenario, RunControl, RunOptions, ZoneReport};

use crate::directives;
use crate::instrument::{self, BlockRegion};
use crate::operators::{self, OperatorSet};
use crate::{breakages, Mutant, MutantResult, Status, TestInfo};

/// Why a campaign could not run; each maps to an exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CampaignError {
    /// Bad input: a scenario, project or breakages file (exit 2).
    Input(String),
    /// The original sources do not pass their own scenarios (exit 4).
    Baseline(String),
}

impl std::fmt::Display for CampaignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CampaignError::Input(m) | CampaignError::Baseline(m) => f.write_str(m),
        }
    }
}

/// `--shard k/n`: the k-th (1-based) of n stable slices of the mutants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text:?}: expected k/n with 1 <= k <= n, e.g. 2/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = k.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Mutant ids are 1-based; id i belongs to shard ((i - 1) mod n) + 1.
    pub fn contains(&self, id: usize) -> bool {
        assert!(id >= 1, "mutant ids start at 1");
        (id - 1) % self.count as usize == (self.index - 1) as usize
    }
}

#[derive(Debug, Clone)]
pub struct CampaignOptions {
    pub scenarios: Vec<PathBuf>,
    pub run: RunOptions,
    /// A breakages TOML file (see [`breakages`]).
    pub breakages: Option<PathBuf>,
    pub operators: OperatorSet,
    /// Only mutate files whose name (or project path) matches this glob.
    pub files: Option<String>,
    /// Only mutants on these lines (`--in-diff`, `--lines`); `None`: every line.
    pub lines: Option<crate::selection::LineSelection>,
    pub shard: Option<Shard>,
    /// Engine limits for the baseline and every mutant. A mutant that never ends
    /// (a loop, a catastrophic regex, a promise job loop) costs the step budget in wall
    /// time per execution, so campaigns use a smaller one than plain runs
    /// ([`CAMPAIGN_STEPS_MAX`]); running out of it is the 6-minute kill, a Timeout.
    pub limits: Limits,
    /// `--explore N`: explore every scenario under N schedules, over its own `explore`.
    pub explore: Option<u64>,
}

/// Steps of engine work before a campaign's execution is killed as the platform kills
/// at 6 minutes: about 0.1 s of boa's time, against 1 s for the default budget, and
/// still 5 times what the heaviest execution of the repository's scenarios uses.
pub const CAMPAIGN_STEPS_MAX: u64 = 20_000_000;

impl CampaignOptions {
    /// Options for `scenarios` with every operator and the campaign's limits.
    pub fn new(scenarios: Vec<PathBuf>) -> CampaignOptions {
        CampaignOptions {
            scenarios,
            run: RunOptions::default(),
            breakages: None,
            operators: OperatorSet::default(),
            files: None,
            lines: None,
            shard: None,
            limits: Limits { steps_max: CAMPAIGN_STEPS_MAX, ..Limits::default() },
            explore: None,
        }
    }
}

/// A project the scenarios load, with its coverage-instrumented twin.
struct ProjectUnderTest {
    /// The project folder as the scenario named it, tidied (`fixtures/ledger-fixed`).
    label: String,
    canonical_root: PathBuf,
    original: Arc<Project>,
    instrumented: Arc<Project>,
    /// Per file (the project's order), its blocks with probe ids.
    blocks: Vec<Vec<BlockRegion>>,
}

/// One scenario in one zone: a "test" in the report schema's sense.
pub struct TestRun {
    pub info: TestInfo,
    scenario: usize,
    project: usize,
    /// Schedules explored after the plain run (`explore = N` or `--explore N`).
    schedules: Option<u64>,
    /// Filled by the baseline.
    reference: Option<Reference>,
}

struct Reference {
    snapshot: String,
    timeouts: usize,
    executions: usize,
    probes: BTreeSet<u32>,
}

/// A mutant on its way through the campaign.
pub struct PlannedMutant {
    pub id: usize,
    pub mutant: Mutant,
    project: usize,
    file_index: usize,
    /// Set by a disable comment.
    ignored: Option<String>,
    /// In a file `--files` selects, on a line `--in-diff`/`--lines` select.
    in_files: bool,
}

pub struct Campaign {
    scenarios: Vec<PreparedScenario>,
    projects: Vec<ProjectUnderTest>,
    pub tests: Vec<TestRun>,
    /// Every mutant made, in id order, whatever `--files` and `--shard` select.
    pub mutants: Vec<PlannedMutant>,
    pub shard: Option<Shard>,
    /// Operator candidates dropped because they did not parse (a generator bug if > 0).
    pub dropped_unparsable: usize,
    /// What deserves a word but does not stop the campaign, `file:line: ...`: each
    /// scenario's own warnings (once per scenario, as `run` prints them), then disable
    /// comments naming mutators that do not exist.
    pub warnings: Vec<String>,
    /// Verdicts taken from an incremental file (`reuse`), by mutant id: not judged again.
    reused: BTreeMap<usize, MutantResult>,
    limits: Limits,
    /// `--explore N` (it changes verdicts, so the incremental fingerprint holds it).
    explore: Option<u64>,
}

impl Campaign {
    pub fn prepare(options: &CampaignOptions) -> Result<Campaign, CampaignError> {
        if options.scenarios.is_empty() {
            return Err(CampaignError::Input("no scenario files given".into()));
        }
        let mut scenarios = Vec::new();
        let mut projects: Vec<ProjectUnderTest> = Vec::new();
        let mut tests = Vec::new();
        let mut warnings = Vec::new();
        for path in &options.scenarios {
            let scenario =
                PreparedScenario::load(path, &options.run).map_err(|e| CampaignError::Input(e.to_string()))?;
            warnings.extend(scenario.warnings.iter().cloned());
            let root = scenario.loaded.project_dir();
            let canonical_root = root.canonicalize().unwrap_or_else(|_| root.clone());
            let project = match projects.iter().position(|p| p.canonical_root == canonical_root) {
                Some(index) => index,
                None => {
                    projects.push(ProjectUnderTest::new(tidy(&root), canonical_root, scenario.project.clone()));
                    projects.len() - 1
                }
            };
            let schedules =
                sources::schedules_of(&scenario, options.explore).map_err(|e| CampaignError::Input(e.to_string()))?;
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            for zone in &scenario.zones {
                tests.push(TestRun {
                    info: TestInfo {
                        id: format!("{stem}@{zone}"),
                        file: path.display().to_string(),
                        zone: zone.clone(),
                    },
                    scenario: scenarios.len(),
                    project,
                    schedules,
                    reference: None,
                });
            }
            scenarios.push(scenario);
        }
        let mut seen = BTreeSet::new();
        for test in &tests {
            if !seen.insert(test.info.id.clone()) {
                return Err(CampaignError::Input(format!(
                    "two runs are both named {}: give the scenario files different names",
                    test.info.id
                )));
            }
        }

        let mut mutants: Vec<(Mutant, usize)> = Vec::new();
        if let Some(path) = &options.breakages {
            let project = breakages_project(path, &projects)?;
            let loaded = breakages::load(path, &projects[project].original).map_err(CampaignError::Input)?;
            mutants.extend(loaded.mutants.into_iter().map(|m| (m, project)));
        }
        let mut dropped_unparsable = 0;
        for (index, project) in projects.iter().enumerate() {
            // Every file, selected or not: ids must not depend on --files.
            for file in project.original.files() {
                if file_selected(options.files.as_deref(), &project.label, &file.name) {
                    for (line, name) in directives::unknown_mutators(&directives::disabled(&file.text)) {
                        warnings.push(format!("{}/{}:{line}: no mutator is named {name:?}", project.label, file.name));
                    }
                }
                let generated = operators::operator_mutants(&file.name, &file.text, &options.operators);
                dropped_unparsable += generated.dropped_unparsable;
                mutants.extend(generated.mutants.into_iter().map(|m| (m, index)));
            }
        }
        let mutants = mutants
            .into_iter()
            .enumerate()
            .map(|(i, (mutant, project))| {
                let file_index = projects[project]
                    .original
                    .files()
                    .iter()
                    .position(|f| f.name == mutant.file)
                    .expect("mutants are made of the project's files");
                let text = &projects[project].original.files()[file_index].text;
                let ignored = directives::ignore_reason(&directives::disabled(text), &mutant);
                let in_lines = options.lines.as_ref().is_none_or(|lines| {
                    // A mutant is on the line it starts on, where the report shows it.
                    lines.selects(&projects[project].label, &mutant.file, mutant.start.line, mutant.start.line)
                });
                let in_files =
                    in_lines && file_selected(options.files.as_deref(), &projects[project].label, &mutant.file);
                PlannedMutant { id: i + 1, mutant, project, file_index, ignored, in_files }
            })
            .collect();
        if let Some(lines) = &options.lines {
            let known: Vec<(String, String)> = projects
                .iter()
                .flat_map(|p| p.original.files().iter().map(move |f| (p.label.clone(), f.name.clone())))
                .collect();
            for path in lines.unmatched(&known) {
                warnings.push(format!("--in-diff/--lines: {path} is no file of the scenarios' projects"));
            }
        }
        Ok(Campaign {
            scenarios,
            projects,
            tests,
            mutants,
            reused: BTreeMap::new(),
            explore: options.explore,
            shard: options.shard,
            dropped_unparsable,
            warnings,
            limits: options.limits,
        })
    }

    /// The mutants this campaign runs: in the files `--files` selects, and in its shard.
    pub fn selected(&self) -> impl Iterator<Item = &PlannedMutant> {
        self.mutants.iter().filter(|m| m.in_files && self.shard.is_none_or(|s| s.contains(m.id)))
    }

    /// The tests the baseline runs: those of a project with a selected mutant to judge
    /// (not ignored). A scenario of any other project can neither reach nor kill one of
    /// them, so its runs would change no verdict.
    pub fn baseline_tests(&self) -> Vec<usize> {
        let judged: BTreeSet<usize> = self.selected().filter(|m| m.ignored.is_none()).map(|m| m.project).collect();
        (0..self.tests.len()).filter(|&t| judged.contains(&self.tests[t].project)).collect()
    }

    /// Runs the original sources (as written, and instrumented for coverage) through
    /// every test of `baseline_tests`. Fails when a run does not pass its expectations
    /// or stored snapshot.
    pub fn baseline(&mut self, jobs: usize) -> Result<(), CampaignError> {
        let this = &*self;
        let baseline_tests = this.baseline_tests();
        let work: Vec<(usize, bool)> = baseline_tests.iter().flat_map(|&t| [(t, false), (t, true)]).collect();
        let outcomes = parallel_map(jobs, &work, |&(t, instrumented)| {
            let test = &this.tests[t];
            let project = &this.projects[test.project];
            let sources = if instrumented { &project.instrumented } else { &project.original };
            let control = RunControl {
                limits: Some(this.limits),
                stop_after_timeouts: None,
                explores: test.schedules.is_some(),
                ..RunControl::default()
            };
            let scenario = &this.scenarios[test.scenario];
            let plain = scenario.run_zone_with(&test.info.zone, sources.clone(), &control)?;
            let explored = match test.schedules {
                Some(n) => {
                    Some(sources::explore_sources(scenario, &test.info.zone, sources.clone(), Some(this.limits), n)?)
                }
                None => None,
            };
            Ok::<_, gas_scenario::ScenarioError>((plain, explored))
        });
        let mut failures = Vec::new();
        let mut references = Vec::new();
        for (pair, test) in outcomes.chunks(2).zip(baseline_tests.iter().map(|&t| &self.tests[t])) {
            let ((plain, explored), (instrumented, explored_instrumented)) = match (&pair[0], &pair[1]) {
                (Ok(plain), Ok(instrumented)) => (plain, instrumented),
                (Err(e), _) | (_, Err(e)) => return Err(CampaignError::Input(e.to_string())),
            };
            if let Some(reason) = baseline_problem(plain, &self.scenarios[test.scenario].loaded.paths) {
                failures.push(format!("  {}: {reason}", test.info.id));
            }
            if let (Some(explored), Some(n)) = (explored, test.schedules) {
                if let Some(reason) = explored.failure(n) {
                    failures.push(format!("  {}: {reason}", test.info.id));
                }
            }
            // Code only some schedules reach (a lock timeout's retry path) is covered too.
            let mut probes = instrumented.probes();
            probes.extend(explored_instrumented.iter().flat_map(|e| e.probes.iter().copied()));
            let snapshot = plain.snapshot();
            if instrumented.snapshot() != snapshot {
                return Err(CampaignError::Input(format!(
                    "{}: the coverage probes changed the run ({}); please report this as a gas-sim bug",
                    test.info.id,
                    first_difference(&snapshot, &instrumented.snapshot())
                )));
            }
            references.push(Reference {
                timeouts: timeouts(plain),
                executions: plain.executions.len() + explored.as_ref().map_or(0, |e| e.executions),
                probes,
                snapshot,
            });
        }
        if !failures.is_empty() {
            return Err(CampaignError::Baseline(format!(
                "the scenarios do not pass on the unmutated sources, so no mutant can be judged:\n{}\n\
                 fix them first: gas-sim test {}",
                failures.join("\n"),
                self.scenarios.iter().map(|s| s.path.display().to_string()).collect::<Vec<_>>().join(" ")
            )));
        }
        for (&t, reference) in baseline_tests.iter().zip(references) {
            self.tests[t].reference = Some(reference);
        }
        Ok(())
    }

    /// The tests the baseline runs whose scenario explores, and the schedules each runs
    /// after the plain run.
    pub fn explored_tests(&self) -> Vec<(&str, u64)> {
        let tests = self.baseline_tests().into_iter().map(|t| &self.tests[t]);
        tests.filter_map(|t| t.schedules.map(|n| (t.info.id.as_str(), n))).collect()
    }

    /// Executions the baseline ran (as written), over all tests.
    pub fn baseline_executions(&self) -> usize {
        self.tests.iter().filter_map(|t| t.reference.as_ref()).map(|r| r.executions).sum()
    }

    /// Judges every selected mutant, `jobs` at a time; `on_result` sees each verdict as
    /// it comes (in completion order). Results come back in id order, each naming its
    /// file by project path (`fixtures/ledger-fixed/ledger.gs`), as [`Campaign::files`] does.
    pub fn run(&self, jobs: usize, on_result: &(dyn Fn(&MutantResult, &Tally) + Sync)) -> (Vec<MutantResult>, Tally) {
        assert!(self.baseline_tests().iter().all(|&t| self.tests[t].reference.is_some()), "run the baseline first");
        let selected: Vec<&PlannedMutant> = self.selected().filter(|m| !self.reused.contains_key(&m.id)).collect();
        let tally = Mutex::new(Tally::default());
        {
            let mut t = tally.lock().unwrap_or_else(|p| p.into_inner());
            for result in self.reused.values() {
                t.done += 1;
                t.reused += 1;
                *t.by_status.entry(result.status).or_default() += 1;
            }
        }
        let judged = parallel_map(jobs, &selected, |planned| {
            let (result, executions) = self.judge_catching_panics(planned);
            let mut t = tally.lock().unwrap_or_else(|p| p.into_inner());
            t.done += 1;
            t.executions += executions;
            *t.by_status.entry(result.status).or_default() += 1;
            on_result(&result, &t);
            result
        });
        let tally = tally.into_inner().unwrap_or_else(|p| p.into_inner());
        let mut results: Vec<MutantResult> = judged;
        results.extend(self.reused.values().cloned());
        results.sort_by_key(|r| r.id.parse::<usize>().unwrap_or(usize::MAX));
        (results, tally)
    }

    /// Takes the verdicts an incremental file still holds for the selected mutants (see
    /// [`crate::incremental`]); returns how many. Call before [`run`](Self::run).
    pub fn reuse(&mut self, reuse: &crate::incremental::Reuse) -> usize {
        let mut reused = BTreeMap::new();
        for planned in self.selected().filter(|m| m.ignored.is_none()) {
            let mut shown = planned.mutant.clone();
            shown.file = format!("{}/{}", self.projects[planned.project].label, planned.mutant.file);
            if let Some(result) = reuse.verdict(&planned.id.to_string(), &shown) {
                reused.insert(planned.id, result);
            }
        }
        self.reused = reused;
        self.reused.len()
    }

    /// The fingerprint of what verdicts depend on besides the mutated files: every
    /// scenario's text and every run's stored snapshot ([`crate::incremental::fingerprint`]).
    pub fn tests_fingerprint(&self) -> String {
        let mut parts = Vec::new();
        for scenario in &self.scenarios {
            parts.push((scenario.path.display().to_string(), std::fs::read_to_string(&scenario.path).ok()));
        }
        for test in &self.tests {
            let scenario = &self.scenarios[test.scenario];
            let stored = gas_scenario::snapshot::snapshot_path(&scenario.path, &test.info.zone);
            let text = gas_scenario::snapshot::read_stored_within(&scenario.loaded.paths, &stored).ok().flatten();
            parts.push((stored.display().to_string(), text));
        }
        // `explore = N` is in the scenario's text; the flag's override is not. Only added
        // when given, so that a cache written without it stays valid.
        if let Some(n) = self.explore {
            parts.push(("--explore".into(), Some(n.to_string())));
        }
        crate::incremental::fingerprint(&parts)
    }

    /// [`judge`](Self::judge), with a panic (gas-sim's bug, never the mutant's) reported
    /// as the mutant's `RuntimeError` and recorded (`gas_scenario::bug`) so that the CLI
    /// exits 3, instead of taking the whole campaign down.
    fn judge_catching_panics(&self, planned: &PlannedMutant) -> (MutantResult, usize) {
        let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.judge(planned)));
        judged.unwrap_or_else(|payload| {
            let what = format!(
                "judging mutant {} panicked: {}",
                planned.id,
                gas_scenario::bug::panic_message(payload.as_ref())
            );
            let replay = format!("gas-sim mutate {} --files {}", self.scenario_paths(), planned.mutant.file);
            let result = MutantResult {
                id: planned.id.to_string(),
                mutant: planned.mutant.clone(),
                status: Status::RuntimeError,
                killed_by: Vec::new(),
                covered_by: Vec::new(),
                status_reason: gas_scenario::bug::record(&what, &replay),
                tests_completed: 0,
            };
            (result, 0)
        })
    }

    fn scenario_paths(&self) -> String {
        self.scenarios.iter().map(|s| s.path.display().to_string()).collect::<Vec<_>>().join(" ")
    }

    /// One mutant's verdict and the executions it took.
    fn judge(&self, planned: &PlannedMutant) -> (MutantResult, usize) {
        let project = &self.projects[planned.project];
        // Reports name files by project path: two projects may both have a Code.gs.
        let mut shown = planned.mutant.clone();
        shown.file = format!("{}/{}", project.label, planned.mutant.file);
        let mut result = MutantResult {
            id: planned.id.to_string(),
            mutant: shown,
            status: Status::Survived,
            killed_by: Vec::new(),
            covered_by: Vec::new(),
            status_reason: String::new(),
            tests_completed: 0,
        };
        if let Some(reason) = &planned.ignored {
            result.status = Status::Ignored;
            result.status_reason = reason.clone();
            return (result, 0);
        }
        let original = &project.original.files()[planned.file_index].text;
        let mutated = planned.mutant.apply(original);
        if let Err(error) = check_syntax(&mutated) {
            result.status = Status::CompileError;
            result.status_reason = error;
            return (result, 0);
        }
        let block = instrument::covering_block(
            &project.blocks[planned.file_index],
            planned.mutant.start_byte,
            planned.mutant.end_byte,
        );
        let mut covering: Vec<&TestRun> = self
            .tests
            .iter()
            .filter(|t| t.project == planned.project)
            .filter(|t| block.is_none_or(|b| t.reference.as_ref().is_some_and(|r| r.probes.contains(&b))))
            .collect();
        result.covered_by = covering.iter().map(|t| t.info.id.clone()).collect();
        if covering.is_empty() {
            result.status = Status::NoCoverage;
            result.status_reason = "no execution of any scenario reached this code".into();
            return (result, 0);
        }
        // Cheapest runs first: most mutants die in the first run that reaches them.
        covering.sort_by_key(|t| t.reference.as_ref().map(|r| r.executions).unwrap_or(0));
        let mut sources = (*project.original).clone();
        sources.set_file_text(planned.file_index, mutated);
        let sources = Arc::new(sources);
        let mut executions = 0;
        for test in covering {
            let reference = test.reference.as_ref().expect("checked above");
            result.tests_completed += 1;
            // Once more executions ran too long than in the original, the verdict is in.
            let control = RunControl {
                limits: Some(self.limits),
                stop_after_timeouts: Some(reference.timeouts),
                explores: test.schedules.is_some(),
                ..RunControl::default()
            };
            let report = match self.scenarios[test.scenario].run_zone_with(&test.info.zone, sources.clone(), &control) {
                Ok(report) => report,
                Err(error) => {
                    result.status = Status::RuntimeError;
                    result.status_reason = error.to_string();
                    return (result, executions);
                }
            };
            executions += report.executions.len();
            let verdict = if timeouts(&report) > reference.timeouts {
                Some((
                    Status::Timeout,
                    "an execution ran into the 6-minute kill (or gas-sim's step budget or loop limit)".to_string(),
                ))
            } else if let Some(failed) = report.expectations.iter().find(|e| !e.passed) {
                Some((Status::Killed, failed.mismatch()))
            } else {
                let snapshot = report.snapshot();
                (snapshot != reference.snapshot)
                    .then(|| (Status::Killed, first_difference(&reference.snapshot, &snapshot)))
            };
            let verdict = match (verdict, test.schedules) {
                (None, Some(n)) => {
                    let scenario = &self.scenarios[test.scenario];
                    match sources::explore_sources(scenario, &test.info.zone, sources.clone(), Some(self.limits), n) {
                        Ok(explored) => {
                            executions += explored.executions;
                            explored.failure(n).map(|reason| (Status::Killed, reason))
                        }
                        Err(error) => {
                            result.status = Status::RuntimeError;
                            result.status_reason = error.to_string();
                            return (result, executions);
                        }
                    }
                }
                (verdict, _) => verdict,
            };
            if let Some((status, reason)) = verdict {
                result.status = status;
                result.status_reason = reason;
                result.killed_by = vec![test.info.id.clone()];
                return (result, executions);
            }
        }
        (result, executions)
    }

    /// The files the report shows: `label/name` and the original text, project order.
    /// The scenarios the campaign runs, as loaded.
    pub fn scenarios(&self) -> &[PreparedScenario] {
        &self.scenarios
    }

    pub fn files(&self) -> Vec<(String, String)> {
        self.projects
            .iter()
            .flat_map(|p| p.original.files().iter().map(move |f| (format!("{}/{}", p.label, f.name), f.text.clone())))
            .collect()
    }

    pub fn test_infos(&self) -> Vec<TestInfo> {
        self.tests.iter().map(|t| t.info.clone()).collect()
    }
}

/// Counts while a campaign runs.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub done: usize,
    /// Of `done`, verdicts taken from an incremental file.
    pub reused: usize,
    pub executions: usize,
    pub by_status: std::collections::BTreeMap<Status, usize>,
}

impl ProjectUnderTest {
    fn new(label: String, canonical_root: PathBuf, original: Arc<Project>) -> ProjectUnderTest {
        let mut instrumented = (*original).clone();
        let mut blocks = Vec::with_capacity(original.files().len());
        for (index, file) in original.files().iter().enumerate() {
            let done = instrument::instrument(&file.text, index as u32);
            instrumented.set_file_text(index, done.text);
            blocks.push(done.blocks);
        }
        ProjectUnderTest { label, canonical_root, original, instrumented: Arc::new(instrumented), blocks }
    }
}

/// Why a baseline run does not count as passing, if it does not.
fn baseline_problem(report: &ZoneReport, paths: &gas_scenario::paths::PathPolicy) -> Option<String> {
    if let Some(failed) = report.expectations.iter().find(|e| !e.passed) {
        return Some(format!("expectation failed: {}", failed.mismatch()));
    }
    let stored = gas_scenario::snapshot::snapshot_path(&report.scenario_path, &report.zone);
    // The stored snapshot is read under the scenario's file rule (a diff of it is shown).
    let text = match gas_scenario::snapshot::read_stored_within(paths, &stored) {
        Ok(text) => text?,
        Err(why) => return Some(why),
    };
    // Both sides normalized as `gas-sim test` compares them.
    let expected = gas_scenario::snapshot::parse_snap(&text);
    let actual = gas_scenario::snapshot::normalize(&report.snapshot());
    (expected != actual).then(|| {
        format!("differs from its stored snapshot {} ({})", stored.display(), first_difference(&expected, &actual))
    })
}

/// Executions the platform (or gas-sim's loop limit) killed for running too long.
fn timeouts(report: &ZoneReport) -> usize {
    report.executions.iter().filter(|e| e.ran_too_long()).count()
}

/// The first line where two snapshot texts differ, both sides.
fn first_difference(expected: &str, actual: &str) -> String {
    let mut expected_lines = expected.lines();
    let mut actual_lines = actual.lines();
    loop {
        match (expected_lines.next(), actual_lines.next()) {
            (Some(e), Some(a)) if e == a => continue,
            (Some(e), Some(a)) => return format!("snapshot differs: expected `{}`, got `{}`", e.trim(), a.trim()),
            (Some(e), None) => return format!("snapshot differs: `{}` is missing", e.trim()),
            (None, Some(a)) => return format!("snapshot differs: unexpected `{}`", a.trim()),
            (None, None) => return "snapshot differs".into(),
        }
    }
}

/// The project a breakages file breaks: the one whose folder holds it, else the only one.
fn breakages_project(path: &Path, projects: &[ProjectUnderTest]) -> Result<usize, CampaignError> {
    let dir =
        path.parent().map(|d| if d.as_os_str().is_empty() { Path::new(".") } else { d }).unwrap_or(Path::new("."));
    let dir = dir.canonicalize().map_err(|e| CampaignError::Input(format!("{}: cannot read: {e}", path.display())))?;
    if let Some(index) = projects.iter().position(|p| dir.starts_with(&p.canonical_root)) {
        return Ok(index);
    }
    match projects {
        [_] => Ok(0),
        _ => Err(CampaignError::Input(format!(
            "{}: the scenarios load several projects ({}); put the breakages file in the folder of the one it breaks",
            path.display(),
            projects.iter().map(|p| p.label.as_str()).collect::<Vec<_>>().join(", ")
        ))),
    }
}

fn file_selected(glob: Option<&str>, label: &str, name: &str) -> bool {
    match glob {
        None => true,
        Some(glob) => {
            gas_platform::glob::glob_matches(glob, name)
                || gas_platform::glob::glob_matches(glob, &format!("{label}/{name}"))
        }
    }
}

/// `scenarios/../fixtures/x` -> `fixtures/x`, without touching the file system.
fn tidy(path: &Path) -> String {
    let mut parts: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let tidied: PathBuf = parts.iter().collect();
    if tidied.as_os_str().is_empty() {
        ".".into()
    } else {
        tidied.display().to_string()
    }
}

/// `f` over `items` on `jobs` threads; results in the items' order.
fn parallel_map<T: Sync, R: Send>(jobs: usize, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let jobs = jobs.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let value = f(item);
                *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(value);
            });
        }
    });
    slots
        .into_iter()
        .map(|s| s.into_inner().unwrap_or_else(|p| p.into_inner()).expect("every item was mapped"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_ids_round_robin_and_reject_nonsense() {
        let shard = Shard::parse("2/3").unwrap();
        let mine: Vec<usize> = (1..=9).filter(|id| shard.contains(*id)).collect();
        assert_eq!(mine, vec![2, 5, 8]);
        for bad in ["0/3", "4/3", "1/0", "x", "1-2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn paths_are_tidied_lexically() {
        assert_eq!(tidy(Path::new("scenarios/../fixtures/ledger-fixed")), "fixtures/ledger-fixed");
        assert_eq!(tidy(Path::new("./a/./b")), "a/b");
        assert_eq!(tidy(Path::new("../x")), "../x");
    }

    #[test]
    fn the_first_difference_names_both_lines() {
        assert_eq!(first_difference("a\nb\n", "a\nc\n"), "snapshot differs: expected `b`, got `c`");
        assert_eq!(first_difference("a\n", "a\nb\n"), "snapshot differs: unexpected `b`");
    }

    #[test]
    fn parallel_map_keeps_order() {
        let items: Vec<u32> = (0..50).collect();
        assert_eq!(parallel_map(3, &items, |x| x * 2), items.iter().map(|x| x * 2).collect::<Vec<_>>());
    }
}
