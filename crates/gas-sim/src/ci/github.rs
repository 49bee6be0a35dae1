//! GitHub Actions: workflow commands (`::error file=...,line=...::message`) for failed
//! expectations and surviving mutants, at most `ANNOTATIONS_PER_KIND_MAX` of each kind
//! (GitHub shows only the first ten error annotations of a step), the rest summarised in
//! one line; and a Markdown summary appended to `$GITHUB_STEP_SUMMARY`.

use gas_scenario::{terminal, ZoneReport};

use crate::BadInput;

/// Error annotations printed per kind; GitHub keeps 10 per step.
pub const ANNOTATIONS_PER_KIND_MAX: usize = 10;
/// Failures listed by name in a step summary (the rest are counted).
const SUMMARY_ITEMS_MAX: usize = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Github,
    None,
}

impl Mode {
    /// `--annotations github|none`, else GitHub when `GITHUB_ACTIONS` is `true` (as the runner sets it).
    pub fn from_flag(flag: Option<&str>) -> Result<Mode, BadInput> {
        match flag {
            Some("github") => Ok(Mode::Github),
            Some("none") => Ok(Mode::None),
            Some(other) => Err(BadInput(format!("unknown --annotations {other:?}: use github or none"))),
            None if std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true") => Ok(Mode::Github),
            None => Ok(Mode::None),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Annotation {
    /// `expectation` or `mutant`: the cap is per kind.
    pub kind: &'static str,
    pub file: String,
    pub line: Option<usize>,
    pub title: String,
    pub message: String,
}

/// A workflow command's data: `%`, CR and LF escaped (GitHub's toolkit `escapeData`,
/// documented), then any other control character and the legacy `##[` shown as the
/// terminal rule shows them (an ESC or a U+2028 would reach the log raw).
fn escape_data(text: &str) -> String {
    let data = text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A");
    terminal::escape_in_command(&data)
}

/// A workflow command's property value: also `:` and `,` (`escapeProperty`).
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The command lines: each kind's first `ANNOTATIONS_PER_KIND_MAX`, in order, then one
/// `::warning::` line per kind that had more.
pub fn lines(annotations: &[Annotation]) -> Vec<String> {
    let mut kinds: Vec<&str> = Vec::new();
    for a in annotations {
        if !kinds.contains(&a.kind) {
            kinds.push(a.kind);
        }
    }
    let mut out = Vec::new();
    for kind in kinds {
        let of_kind: Vec<&Annotation> = annotations.iter().filter(|a| a.kind == kind).collect();
        for a in of_kind.iter().take(ANNOTATIONS_PER_KIND_MAX) {
            let line = a.line.map(|l| format!(",line={l}")).unwrap_or_default();
            out.push(format!(
                "::error file={}{line},title={}::{}",
                escape_property(&a.file),
                escape_property(&a.title),
                escape_data(&a.message)
            ));
        }
        if of_kind.len() > ANNOTATIONS_PER_KIND_MAX {
            out.push(format!(
                "::warning title={}::{} more {kind} failure(s) not annotated (GitHub shows 10 per step); the step summary and the log list them all",
                escape_property(&format!("gas-sim: more {kind} failures")),
                of_kind.len() - ANNOTATIONS_PER_KIND_MAX
            ));
        }
    }
    out
}

/// Each failed expectation, at its `[[expect]]` line in the scenario file.
pub fn expectation_annotations(reports: &[ZoneReport]) -> Vec<Annotation> {
    let mut out = Vec::new();
    for report in reports {
        for e in report.expectations.iter().filter(|e| !e.passed) {
            let mut message = e.mismatch();
            for line in &e.evidence {
                message.push_str(&format!("\n  {line}"));
            }
            message.push_str(&format!("\nreplay: {}", report.replay_command()));
            out.push(Annotation {
                kind: "expectation",
                file: report.scenario_path.display().to_string(),
                line: e.line,
                title: format!("{} [{}]", report.scenario, report.zone),
                message,
            });
        }
    }
    out
}

/// The step summary of `run`/`test`: a table of the zone runs, then each failure.
pub fn runs_summary(command: &str, reports: &[ZoneReport]) -> String {
    let failed = reports.iter().filter(|r| !r.passed).count();
    let mut out = format!(
        "## gas-sim {command}: {} run(s), {} passed, {failed} failed\n\n| scenario | zone | seed | result | expectations |\n|---|---|---|---|---|\n",
        reports.len(),
        reports.len() - failed
    );
    // A zone is an IANA name gas-sim parsed (no Markdown in it); names and texts go through `cell`.
    for r in reports {
        let held = r.expectations.iter().filter(|e| e.passed).count();
        let result = if r.passed { "passed" } else { "**failed**" };
        out.push_str(&format!(
            "| {} | {} | {} | {result} | {held}/{} held |\n",
            cell(&r.scenario),
            r.zone,
            r.seed,
            r.expectations.len()
        ));
    }
    let failures: Vec<(&ZoneReport, &gas_scenario::expect::ExpectResult)> =
        reports.iter().flat_map(|r| r.expectations.iter().filter(|e| !e.passed).map(move |e| (r, e))).collect();
    if !failures.is_empty() {
        out.push_str("\n### Failed expectations\n\n");
    }
    for (r, e) in failures.iter().take(SUMMARY_ITEMS_MAX) {
        out.push_str(&format!("- **{} [{}]** {}\n", cell(&r.scenario), r.zone, cell(&e.mismatch())));
        for line in &e.evidence {
            out.push_str(&format!("  - {}\n", cell(line)));
        }
    }
    if failures.len() > SUMMARY_ITEMS_MAX {
        out.push_str(&format!("- ... and {} more\n", failures.len() - SUMMARY_ITEMS_MAX));
    }
    // One line each (a path's newline escaped): no line of the fence can close it.
    let replays: Vec<String> =
        reports.iter().filter(|r| !r.passed).map(|r| terminal::escape(&r.replay_command()).into_owned()).collect();
    if !replays.is_empty() {
        out.push_str(&format!("\nReplay locally:\n\n```sh\n{}\n```\n", replays.join("\n")));
    }
    out
}

/// Script or scenario text in a Markdown table cell or list item of the step summary,
/// rendered as the text it is: control characters as the terminal rule shows them (no
/// line break), HTML's `&`, `<`, `>` as entities (no tag), and the Markdown punctuation
/// that could start emphasis, code, a link, strikethrough, math or a cell backslash-escaped.
pub fn cell(text: &str) -> String {
    let chars: Vec<char> = terminal::escape(text).chars().collect();
    let mut out = String::with_capacity(chars.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        // `_` between two letters or digits emphasises nothing (GFM's flanking rules):
        // `my_scenario` stays readable in the file.
        let alnum = |j: Option<usize>| j.and_then(|j| chars.get(j)).is_some_and(|c| c.is_alphanumeric());
        let intraword = c == '_' && alnum(i.checked_sub(1)) && alnum(Some(i + 1));
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' | '$' if !intraword => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Script text inside a Markdown code span: backslashes and entities mean nothing there,
/// so a backtick (which would end it) becomes `'` and control characters are escaped.
pub fn code(text: &str) -> String {
    terminal::escape(text).replace('`', "'")
}

/// The file `$GITHUB_STEP_SUMMARY` names (`None` when unset).
pub fn summary_path() -> Option<std::path::PathBuf> {
    std::env::var_os("GITHUB_STEP_SUMMARY").filter(|p| !p.is_empty()).map(std::path::PathBuf::from)
}

/// Appends to the file `$GITHUB_STEP_SUMMARY` names (nothing when unset), by the rule
/// for that file (`Outputs::append_step_summary`).
pub fn append_summary(markdown: &str, outputs: &crate::output::Outputs) -> Result<(), String> {
    let Some(path) = summary_path() else { return Ok(()) };
    outputs.append_step_summary(&path, &format!("{markdown}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn annotation(kind: &'static str, i: usize) -> Annotation {
        Annotation {
            kind,
            file: "scenarios/a,b.toml".into(),
            line: Some(i),
            title: "s [UTC]".into(),
            message: format!("m{i}: 100%\nreplay: x"),
        }
    }

    #[test]
    fn lines_are_escaped_workflow_commands() {
        let lines = lines(&[annotation("expectation", 7)]);
        assert_eq!(lines, vec!["::error file=scenarios/a%2Cb.toml,line=7,title=s [UTC]::m7: 100%25%0Areplay: x"]);
        let no_line = Annotation { line: None, ..annotation("mutant", 1) };
        assert!(super::lines(&[no_line])[0].starts_with("::error file=scenarios/a%2Cb.toml,title="));
    }

    #[test]
    fn at_most_ten_per_kind_and_the_rest_summarised() {
        let mut all: Vec<Annotation> = (0..13).map(|i| annotation("expectation", i)).collect();
        all.extend((0..4).map(|i| annotation("mutant", i)));
        let lines = lines(&all);
        assert_eq!(lines.iter().filter(|l| l.starts_with("::error") && l.contains("line=")).count(), 14);
        assert_eq!(lines.len(), 10 + 1 + 4, "{lines:#?}");
        assert!(lines[10]
            .starts_with("::warning title=gas-sim%3A more expectation failures::3 more expectation failure(s)"));
        assert!(!lines.iter().any(|l| l.contains("more mutant")), "four mutants are all annotated");
        assert!(lines[9].contains("line=9") && lines[11].contains("m0"));
    }

    #[test]
    fn hostile_text_cannot_break_out() {
        let line = &lines(&[Annotation {
            kind: "expectation",
            file: "a:b".into(),
            line: None,
            title: "t\r\n::error::x".into(),
            message: "m\r::stop-commands::x\n\u{1b}[31m".into(),
        }])[0];
        assert_eq!(line, "::error file=a%3Ab,title=t%0D%0A%3A%3Aerror%3A%3Ax::m%0D::stop-commands::x%0A\\u001b[31m");
        assert_eq!(cell("a|b\r\n<b>&`*_[x](y)~$ \\"), "a\\|b\\\\r\\\\n&lt;b&gt;&amp;\\`\\*\\_\\[x\\](y)\\~\\$ \\\\");
        assert_eq!(code("x`y\n"), "x'y\\n");
        assert_eq!(cell("my_scenario _x_ a_"), "my_scenario \\_x\\_ a\\_");
    }

    #[test]
    fn modes_from_the_flag() {
        assert_eq!(Mode::from_flag(Some("github")).ok(), Some(Mode::Github));
        assert_eq!(Mode::from_flag(Some("none")).ok(), Some(Mode::None));
        assert!(Mode::from_flag(Some("gitlab")).is_err());
    }
}
