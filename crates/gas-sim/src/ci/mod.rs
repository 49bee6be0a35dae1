//! CI-native output of `run`, `test` and `mutate` (issue 15): `--junit PATH` writes JUnit
//! XML in Jenkins' dialect (`junit`), and on GitHub Actions failed expectations and
//! surviving mutants become `::error` annotations and a Markdown step summary (`github`).
//! Both say the same as the text report, from the same reports: no wall clock, no
//! HashMap order, so the files are the same bytes for the same runs.

pub mod github;
pub mod junit;
pub mod mutants;

use std::path::PathBuf;

use gas_scenario::ZoneReport;

use crate::output::{check_writable, write_atomically};
use crate::BadInput;

#[derive(clap::Args, Debug, Default, Clone)]
pub struct CiArgs {
    /// Write JUnit XML (Jenkins' dialect) here: a testsuite per scenario, a testcase per
    /// zone and expectation.
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
    /// github or none: `::error` annotations and a step summary (default: github when
    /// GITHUB_ACTIONS is true).
    #[arg(long, value_name = "KIND")]
    pub annotations: Option<String>,
}

impl CiArgs {
    /// Checks before the work (a JUnit file that cannot be written would be lost at the end).
    pub fn check(&self, inputs: &[&std::path::Path], projects: &[&gas_engine::Project]) -> Result<(), BadInput> {
        github::Mode::from_flag(self.annotations.as_deref())?;
        if let Some(path) = &self.junit {
            check_writable(path, "--junit").map_err(BadInput)?;
            crate::output::check_not_an_input(path, "--junit", projects, inputs).map_err(BadInput)?;
        }
        Ok(())
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
    ) -> Result<(), BadInput> {
        if let Some(path) = &self.junit {
            write_atomically(path, &junit::write(suites)).map_err(BadInput)?;
        }
        if self.mode() == github::Mode::Github {
            for line in github::lines(annotations) {
                println!("{line}");
            }
            github::append_summary(summary).map_err(BadInput)?;
        }
        Ok(())
    }
}

/// The scenarios' and projects' paths of `reports`' runs: `--junit` must not name one.
pub fn inputs_of(scenarios: &[gas_scenario::PreparedScenario]) -> (Vec<&std::path::Path>, Vec<&gas_engine::Project>) {
    (scenarios.iter().map(|s| s.path.as_path()).collect(), scenarios.iter().map(|s| &*s.project).collect())
}

/// `run`'s and `test`'s CI output from their zone reports; `extra` adds cases per
/// report (the snapshot verdicts of `test`), by index into `reports`.
pub fn finish_runs(
    args: &CiArgs,
    command: &str,
    reports: &[ZoneReport],
    extra: &dyn Fn(usize) -> Vec<junit::Case>,
) -> Result<(), BadInput> {
    if !args.wanted() {
        return Ok(());
    }
    let suites = junit::suites_of_runs(reports, extra);
    let annotations = github::expectation_annotations(reports);
    let summary = github::runs_summary(command, reports);
    args.finish(&suites, &annotations, &summary)
}
