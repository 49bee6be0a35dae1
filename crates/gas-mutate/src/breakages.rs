//! User breakages: a TOML file of deliberate changes the scenarios must notice.
//!
//! ```toml
//! [[mutation]]
//! id = "retry-in-progress"
//! file = "ledger.gs"
//! find = "if (state !== 'failed') return"
//! replace = "if (state === 'done') return"
//! ```
//!
//! `find` is exact text and must occur exactly once in `file` (a name as the project
//! shows it), so a breakage cannot silently land somewhere else after an edit.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use gas_engine::Project;
use gas_scenario::model::line_of;
use serde::Deserialize;
use toml::Spanned;

use crate::Mutant;

/// A breakages file larger than this is refused (a guard, not a rule).
const BREAKAGES_BYTES_MAX: u64 = 1024 * 1024;

/// The mutator name user breakages report under.
pub const BREAKAGE_MUTATOR: &str = "Breakage";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BreakagesFile {
    #[serde(default)]
    mutation: Vec<Spanned<BreakageEntry>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BreakageEntry {
    id: String,
    file: String,
    find: String,
    replace: String,
    /// What the breakage stands for (shown in reports); optional.
    #[serde(default)]
    description: String,
}

/// A breakages file, read and checked against the project it breaks.
#[derive(Debug, Clone)]
pub struct Breakages {
    pub path: PathBuf,
    pub mutants: Vec<Mutant>,
}

/// Reads `path` and turns each `[[mutation]]` into a mutant of `project`. Every error
/// names the file, the line of the entry and the breakage's id.
pub fn load(path: &Path, project: &Project) -> Result<Breakages, String> {
    let text = gas_engine::files::read_text(path, BREAKAGES_BYTES_MAX)?;
    parse(path, &text, project)
}

/// [`load`] on text already read.
pub fn parse(path: &Path, text: &str, project: &Project) -> Result<Breakages, String> {
    let file: BreakagesFile = toml::from_str(text).map_err(|e| match e.span() {
        Some(span) => format!("{}:{}: {}", path.display(), line_of(text, span.start), e.message()),
        None => format!("{}: {}", path.display(), e.message()),
    })?;
    if file.mutation.is_empty() {
        return Err(format!("{}: no [[mutation]] entries", path.display()));
    }
    let mut seen = BTreeSet::new();
    let mut mutants = Vec::with_capacity(file.mutation.len());
    for entry in &file.mutation {
        let line = line_of(text, entry.span().start);
        let entry = entry.get_ref();
        let at = |message: String| format!("{}:{line}: mutation {:?}: {message}", path.display(), entry.id);
        if entry.id.trim().is_empty() {
            return Err(format!("{}:{line}: mutation: id must not be empty", path.display()));
        }
        if !seen.insert(entry.id.clone()) {
            return Err(at("the id is used twice; ids name breakages in reports, keep them unique".into()));
        }
        if entry.find.is_empty() {
            return Err(at("find must not be empty".into()));
        }
        if entry.find == entry.replace {
            return Err(at("replace is the same as find: that breaks nothing".into()));
        }
        let source = project.files().iter().find(|f| f.name == entry.file).ok_or_else(|| {
            let names: Vec<&str> = project.files().iter().map(|f| f.name.as_str()).collect();
            at(format!("the project has no file {:?} (it has {})", entry.file, names.join(", ")))
        })?;
        let occurrences: Vec<usize> = source.text.match_indices(&entry.find).map(|(i, _)| i).collect();
        let start = match occurrences.as_slice() {
            [only] => *only,
            [] => return Err(at(format!("find does not occur in {}: {:?}", entry.file, entry.find))),
            many => {
                let lines: Vec<String> = many.iter().map(|i| line_of(&source.text, *i).to_string()).collect();
                return Err(at(format!(
                    "find occurs {} times in {} (lines {}); make it longer so it occurs exactly once",
                    many.len(),
                    entry.file,
                    lines.join(", ")
                )));
            }
        };
        let mut mutant = Mutant::new(
            &entry.file,
            &source.text,
            BREAKAGE_MUTATOR,
            start,
            start + entry.find.len(),
            entry.replace.clone(),
        );
        mutant.description = if entry.description.is_empty() {
            entry.id.clone()
        } else {
            format!("{}: {}", entry.id, entry.description)
        };
        mutants.push(mutant);
    }
    Ok(Breakages { path: path.to_path_buf(), mutants })
}

/// The breakage id of a mutant made by [`parse`] (its description up to the first `:`).
pub fn breakage_id(mutant: &Mutant) -> &str {
    mutant.description.split(':').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gas_engine::SourceFile;

    fn project() -> Project {
        Project::from_sources(
            "UTC",
            vec![SourceFile {
                name: "Code.gs".into(),
                text: "function f(x) {\n  if (x === 1) return 'a';\n  if (x === 2) return 'b';\n}\n".into(),
            }],
        )
    }

    fn parse_text(text: &str) -> Result<Breakages, String> {
        parse(Path::new("breakages.toml"), text, &project())
    }

    #[test]
    fn a_find_that_occurs_once_becomes_a_mutant_at_its_place() {
        let b = parse_text(
            "[[mutation]]\nid = \"one\"\nfile = \"Code.gs\"\nfind = \"x === 1\"\nreplace = \"x !== 1\"\ndescription = \"inverted\"\n",
        )
        .unwrap();
        let m = &b.mutants[0];
        assert_eq!((m.start.line, m.start.column, m.end.column), (2, 7, 14));
        assert_eq!(m.original, "x === 1");
        assert_eq!(m.mutator, BREAKAGE_MUTATOR);
        assert_eq!(breakage_id(m), "one");
        assert!(m.apply(&project().files()[0].text).contains("if (x !== 1) return 'a'"));
    }

    #[test]
    fn a_find_that_occurs_twice_or_never_is_a_clear_error() {
        let twice =
            parse_text("[[mutation]]\nid = \"dup\"\nfile = \"Code.gs\"\nfind = \"return\"\nreplace = \"void\"\n");
        assert_eq!(
            twice.unwrap_err(),
            "breakages.toml:1: mutation \"dup\": find occurs 2 times in Code.gs (lines 2, 3); make it longer so it occurs exactly once"
        );
        let never =
            parse_text("\n[[mutation]]\nid = \"gone\"\nfile = \"Code.gs\"\nfind = \"x === 3\"\nreplace = \"x\"\n");
        assert_eq!(
            never.unwrap_err(),
            "breakages.toml:2: mutation \"gone\": find does not occur in Code.gs: \"x === 3\""
        );
    }

    #[test]
    fn unknown_files_duplicate_ids_and_toml_errors_name_the_place() {
        let file = parse_text("[[mutation]]\nid = \"a\"\nfile = \"Nope.gs\"\nfind = \"x\"\nreplace = \"y\"\n");
        assert!(file.unwrap_err().contains("mutation \"a\": the project has no file \"Nope.gs\" (it has Code.gs)"));
        let entry = "[[mutation]]\nid = \"a\"\nfile = \"Code.gs\"\nfind = \"x === 1\"\nreplace = \"y\"\n";
        let dup = parse_text(&format!("{entry}{entry}"));
        assert!(dup.unwrap_err().starts_with("breakages.toml:6: mutation \"a\": the id is used twice"));
        let typo = parse_text("[[mutation]]\nid = \"a\"\nfiel = \"Code.gs\"\n");
        assert!(typo.unwrap_err().starts_with("breakages.toml:3: unknown field `fiel`"), "typo");
        assert!(parse_text("").unwrap_err().contains("no [[mutation]] entries"));
    }
}
