//! `gas-sim mutate`'s CI output: a JUnit testsuite with a testcase per judged mutant
//! (a survivor or an uncovered one fails, with the changed line), an annotation per
//! survivor at its line, and a step summary with the score and the survivors.

use std::collections::BTreeMap;

use gas_mutate::campaign::Tally;
use gas_mutate::{MutantResult, Status};

use super::github::{code, Annotation};
use super::junit::{Case, Failure, Suite};

/// Survivors listed by name in the step summary.
const SURVIVORS_LISTED_MAX: usize = 50;

pub struct Outputs {
    pub suites: Vec<Suite>,
    pub annotations: Vec<Annotation>,
    pub summary: String,
}

fn undetected(r: &MutantResult) -> bool {
    matches!(r.status, Status::Survived | Status::NoCoverage)
}

impl Outputs {
    /// `files` maps the results' file names to their text; `rerun` is the campaign's command.
    pub fn of(results: &[MutantResult], files: &BTreeMap<String, String>, tally: &Tally, rerun: &str) -> Outputs {
        let mut cases = Vec::new();
        let mut annotations = Vec::new();
        for r in results {
            let m = &r.mutant;
            let (before, after) = crate::mutate::changed_line(m, files.get(&m.file).map(String::as_str));
            let name = format!("#{} {}:{}:{} {}", r.id, m.file, m.start.line, m.start.column, m.mutator);
            let failure = undetected(r).then(|| Failure {
                message: format!("{}: {} at {}:{}", r.status.name(), m.mutator, m.file, m.start.line),
                kind: r.status.name().to_string(),
                text: format!(
                    "- {before}\n+ {after}\nrerun: {rerun} --files {}\nadd a scenario or expectation that notices it, or mark it: // gas-sim disable next-line {}: why it is equivalent\n",
                    m.file, m.mutator
                ),
            });
            if undetected(r) {
                annotations.push(Annotation {
                    kind: "mutant",
                    file: m.file.clone(),
                    line: Some(m.start.line as usize),
                    title: format!("mutant #{} {} {}", r.id, m.mutator, r.status.name()),
                    message: format!("the scenarios did not notice:\n- {before}\n+ {after}"),
                });
            }
            cases.push(Case { failure, ..Case::passed(&m.file, name) });
        }
        let suites = vec![Suite { name: "gas-sim mutate".into(), file: None, cases }];
        Outputs { suites, annotations, summary: summary(results, tally) }
    }
}

fn summary(results: &[MutantResult], tally: &Tally) -> String {
    let count = |s: Status| tally.by_status.get(&s).copied().unwrap_or(0);
    let score =
        gas_mutate::stryker::mutation_score(results).map(|s| format!("{s:.2}%")).unwrap_or_else(|| "n/a".into());
    let mut out = format!(
        "## gas-sim mutate: mutation score {score}\n\n| killed | timeout | survived | no coverage | ignored | compile error | runtime error |\n|---|---|---|---|---|---|---|\n| {} | {} | {} | {} | {} | {} | {} |\n",
        count(Status::Killed),
        count(Status::Timeout),
        count(Status::Survived),
        count(Status::NoCoverage),
        count(Status::Ignored),
        count(Status::CompileError),
        count(Status::RuntimeError)
    );
    let survivors: Vec<&MutantResult> = results.iter().filter(|r| undetected(r)).collect();
    if !survivors.is_empty() {
        out.push_str(&format!("\n### {} mutant(s) the scenarios did not catch\n\n", survivors.len()));
    }
    for r in survivors.iter().take(SURVIVORS_LISTED_MAX) {
        let m = &r.mutant;
        out.push_str(&format!(
            "- #{} `{}:{}:{}` {} ({}): `{}` -> `{}`\n",
            r.id,
            code(&m.file),
            m.start.line,
            m.start.column,
            m.mutator,
            r.status.name(),
            code(&m.original),
            code(&m.replacement)
        ));
    }
    if survivors.len() > SURVIVORS_LISTED_MAX {
        out.push_str(&format!("- ... and {} more\n", survivors.len() - SURVIVORS_LISTED_MAX));
    }
    out
}
