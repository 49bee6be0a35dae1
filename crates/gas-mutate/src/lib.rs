//! Mutation checks: would the scenarios notice if the script were broken?
//!
//! `gas-sim mutate` makes *mutants* of a project's sources (user breakages from a TOML
//! file, and operators named as StrykerJS names them plus Apps Script-aware ones), runs
//! each through the scenarios that load the project, in every zone, and reports which
//! mutants the scenarios killed. Mutants live in memory only: the user's files are read
//! once and never written.
//!
//! This crate decides what a mutant is and what its verdict is. It runs nothing itself:
//! executions are gas-scenario's and gas-engine's.
//!
//! # Map
//!
//! `tokens.rs` is a JS tokenizer with the structure operators need (matched brackets; a `{`
//! is a block, an object literal, a class or switch body; a `/` a regex or a division);
//! `operators.rs` makes operator mutants from tokens (StrykerJS's names plus Apps
//! Script-aware ones) and keeps only those that still parse (`gas_engine::check_syntax`);
//! `breakages.rs` reads user breakages; `directives.rs` reads `// gas-sim disable
//! next-line` comments; `instrument.rs` inserts coverage probes (`__gas_probe(id)` after
//! each block's `{`, no line moves); `campaign.rs` runs the baseline (plain and
//! instrumented, which must agree), then each mutant through the runs that reached it
//! (`PreparedScenario::run_zone_with` with a project whose file text is the mutant's, and a
//! smaller step budget, `CAMPAIGN_STEPS_MAX`, so a mutant that never ends is a Timeout in
//! 0.1 s). A test whose scenario explores (`explore = N` or `--explore N`) runs its
//! baseline under every schedule (and must show each `in = "some"` expectation) and judges
//! a mutant that survives the plain run under the schedules, killed by the first that
//! breaks an expectation; coverage is the union over the schedules. `stryker.rs` writes the
//! mutation-testing-report-schema JSON. `selection.rs` picks the mutants of `--in-diff` and
//! `--lines` (a unified diff read with the `unidiff` crate); `incremental.rs` reuses
//! verdicts (`--incremental`), keyed by a fingerprint of the scenarios and their snapshots
//! and, per file, a line diff (the `similar` crate) that says which mutants still stand on
//! unchanged lines; `merge.rs` joins shard reports into the report one unsharded run
//! writes, refusing reports of different campaigns; `html.rs` puts a report into Stryker's
//! viewer (`mutation-testing-elements` 3.9.0, vendored with its licence in
//! `crates/gas-mutate/vendor/`) as one page that needs no network.

pub mod breakages;
pub mod campaign;
pub mod directives;
pub mod html;
pub mod incremental;
pub mod instrument;
pub mod merge;
pub mod operators;
pub mod selection;
pub mod stryker;
pub mod tokens;

/// A place in a source file, both 1-based; `column` counts characters (not bytes), as
/// the mutation-testing report schema does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

impl Position {
    /// The position of byte `offset` in `text` (`offset` at a char boundary).
    pub fn of(text: &str, offset: usize) -> Position {
        let before = &text[..offset];
        let line = before.matches('\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let column = before[line_start..].chars().count() as u32 + 1;
        Position { line, column }
    }
}

/// One change to one file: replace `text[start_byte..end_byte]` by `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    /// The project file's name as the platform shows it (`ledger.gs`).
    pub file: String,
    /// StrykerJS's mutator name (`EqualityOperator`), an Apps Script-aware one
    /// (`DropLockCall`), or `Breakage` for a user breakage.
    pub mutator: String,
    pub start_byte: usize,
    pub end_byte: usize,
    pub original: String,
    pub replacement: String,
    /// Where the replaced text starts; `end` is the position just after it.
    pub start: Position,
    pub end: Position,
    /// A user breakage's id; empty for operators.
    pub description: String,
}

impl Mutant {
    /// A mutant of `text` replacing `start_byte..end_byte`.
    pub fn new(
        file: &str,
        text: &str,
        mutator: &str,
        start_byte: usize,
        end_byte: usize,
        replacement: String,
    ) -> Mutant {
        assert!(start_byte <= end_byte && end_byte <= text.len(), "mutant span out of the file");
        Mutant {
            file: file.to_string(),
            mutator: mutator.to_string(),
            start_byte,
            end_byte,
            original: text[start_byte..end_byte].to_string(),
            replacement,
            start: Position::of(text, start_byte),
            end: Position::of(text, end_byte),
            description: String::new(),
        }
    }

    /// The mutated file text.
    pub fn apply(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + self.replacement.len());
        out.push_str(&text[..self.start_byte]);
        out.push_str(&self.replacement);
        out.push_str(&text[self.end_byte..]);
        out
    }
}

/// A mutant's verdict, with the mutation-testing report schema's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// An expectation failed, or a run's snapshot text differs from the original's.
    Killed,
    /// Every covering run passed with the original's snapshot text.
    Survived,
    /// A run hit the 6-minute kill (or gas-sim's step budget or loop limit) where the
    /// original did not.
    Timeout,
    /// No execution of any scenario reached the mutated code.
    NoCoverage,
    /// The mutated file does not parse.
    CompileError,
    /// The simulator could not run the mutant at all (not a failed expectation).
    RuntimeError,
    /// Excluded by a `// gas-sim disable next-line` comment.
    Ignored,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Killed => "Killed",
            Status::Survived => "Survived",
            Status::Timeout => "Timeout",
            Status::NoCoverage => "NoCoverage",
            Status::CompileError => "CompileError",
            Status::RuntimeError => "RuntimeError",
            Status::Ignored => "Ignored",
        }
    }

    /// The status a name stands for ([`Status::name`]'s inverse).
    pub fn from_name(name: &str) -> Option<Status> {
        const ALL: [Status; 7] = [
            Status::Killed,
            Status::Survived,
            Status::Timeout,
            Status::NoCoverage,
            Status::CompileError,
            Status::RuntimeError,
            Status::Ignored,
        ];
        ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A mutant with its verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MutantResult {
    /// Stable within a campaign: the mutant's index in generation order, 1-based, as text.
    pub id: String,
    pub mutant: Mutant,
    pub status: Status,
    /// Test ids (see [`TestInfo`]) whose run killed the mutant (at most one: a mutant
    /// stops at its first killing run).
    pub killed_by: Vec<String>,
    /// Test ids whose executions reached the mutated code in the original run.
    pub covered_by: Vec<String>,
    /// Why: the failed expectation, the first differing snapshot line, the disable
    /// comment's reason, the parse error.
    pub status_reason: String,
    /// How many runs the mutant went through.
    pub tests_completed: u32,
}

/// One "test" in the schema's sense: a scenario under one zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestInfo {
    /// `weekend_outage@Asia/Tokyo`.
    pub id: String,
    /// `scenarios/weekend_outage.toml` (the scenario file as given).
    pub file: String,
    pub zone: String,
}
