//! CI-native output of `run`, `test` and `mutate` (issue 15): `--junit PATH` writes JUnit
//! XML in Jenkins' dialect (`junit`), and on GitHub Actions failed expectations and
//! surviving mutants become `::error` annotations and a Markdown step summary (`github`).
//! Both say the same as the text report, from the same reports: no wall clock, no
//! HashMap order, so the files are the same bytes for the same runs.

pub mod explored;
pub mod github;
pub mod junit;
pub mod mutants;

use std::path::PathBuf;

use gas_scenario::explore::ZoneExploration;
use gas_scenario::ZoneReport;

use crate::output::Outputs;
use crate::BadInput;

/// `mutate --junit`'s help: its cases are mutants, not zones (`CiArgs::junit` is `run`'s
/// and `test`'s).
pub const MUTATE_JUNIT_HELP: &str =
    "Write JUnit XML (Jenkins' dialect) here: one testsuite for the campaign, a testcase per mutant (a survivor fails)";

#[derive(clap::Args, Debug, Default, Clone)]
pub struct CiArgs {
    /// Write JUnit XML (Jenkins' dialect) here: a testsuite per scenario, a testcase per
    /// zone, expectation and explored zone (with its failing schedule, shrunk).
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
    /// github or none: `::error` annotations and a step summary (default: github when
    /// GITHUB_ACTIONS is true).
    #[arg(long, value_name = "KIND")]
    pub annotations: Option<String>,
}

impl CiArgs {
    /// Checks before the work (a JUnit file that cannot be written would be lost at the
    /// end; a step summary that is not the runner's file is refused before it is used).
    pub fn check(&self, outputs: &Outputs) -> Result<(), BadInput> {
        let mode = github::Mode::from_flag(self.annotations.as_deref())?;
        if let Some(path) = &self.junit {
            outputs.check(path, "--junit").map_err(BadInput)?;
        }
        if let (github::Mode::Github, Some(path)) = (mode, github::summary_path()) {
            outputs.check_step_summary(&path).map_err(BadInput)?;
        }
        Ok(())
    }

    /// The CI flags given explicitly that ask for output (`--junit`, `--annotations
    /// github`): a command that would produce none refuses them up front.
    pub fn requested_outputs(&self) -> Vec<&'static str> {
        let mut flags = Vec::new();
        if self.junit.is_some() {
            flags.push("--junit");
        }
        if self.annotations.as_deref() == Some("github") {
            flags.push("--annotations github");
        }
        flags
    }

    /// Whether any CI output was asked for (else the reports need not be kept).
    pub fn wanted(&self) -> bool {
        self.junit.is_some() || self.mode() == github::Mode::Github
    }

    pub fn mode(&self) -> github::Mode {
        github::Mode::from_flag(self.annotations.as_deref()).unwrap_or(github::Mode::None)
    }

    /// Writes `--junit` (atomically) and, on GitHub, prints the annotations and appends
    /// the step summary.
    pub fn finish(
        &self,
        suites: &[junit::Suite],
        annotations: &[github::Annotation],
        summary: &str,
        outputs: &Outputs,
    ) -> Result<(), BadInput> {
        if let Some(path) = &self.junit {
            outputs.write(path, "--junit", &junit::write(suites)).map_err(BadInput)?;
        }
        if self.mode() == github::Mode::Github {
            for line in github::lines(annotations) {
                println!("{line}");
            }
            github::append_summary(summary, outputs).map_err(BadInput)?;
        }
        Ok(())
    }
}

/// `run`'s and `test`'s CI output from their zone reports; `extra` adds cases per
/// report (the snapshot verdicts of `test`), by index into `reports`; each explored zone
/// adds its own case (`explored`).
pub fn finish_runs(
    args: &CiArgs,
    command: &str,
    reports: &[ZoneReport],
    extra: &dyn Fn(usize) -> Vec<junit::Case>,
    explored: &[ZoneExploration],
    outputs: &Outputs,
) -> Result<(), BadInput> {
    if !args.wanted() {
        return Ok(());
    }
    let with_explored = |i: usize| {
        let mut cases = extra(i);
        cases.extend(explored::of(&reports[i], explored).map(|e| explored::case(&reports[i], e)));
        cases
    };
    let suites = junit::suites_of_runs(reports, &with_explored);
    let mut annotations = github::expectation_annotations(reports);
    annotations.extend(explored::annotations(reports, explored));
    let summary = github::runs_summary(command, reports) + &explored::summary(reports, explored);
    args.finish(&suites, &annotations, &summary, outputs)
}
