//! Which lines a campaign mutates, for a pull request: `--in-diff FILE` (a unified diff,
//! as `git diff` writes it: only mutants on the lines it adds or changes, as
//! cargo-mutants' `--in-diff` does) and `--lines file.gs:10-40` (repeatable). A mutant is
//! selected when its span overlaps a selected line of its file.
//!
//! Files are matched by path: a diff names files from the repository's root
//! (`b/fixtures/ledger-fixed/ledger.gs`), `--lines` as the user types them (`ledger.gs`,
//! `fixtures/ledger-fixed/ledger.gs`). A mutant's file matches when the given path is its
//! project path (`fixtures/ledger-fixed/ledger.gs`), ends with `/` and it, or is its bare
//! name.

use std::ops::RangeInclusive;

/// Bounds on what a selection holds: a diff bigger than this is not a pull request.
pub const SELECTED_FILES_MAX: usize = 10_000;
pub const LINE_RANGES_PER_FILE_MAX: usize = 100_000;

/// Lines per file; empty selects nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineSelection {
    /// (path as given, 1-based inclusive line ranges), in the order given.
    files: Vec<(String, Vec<RangeInclusive<u32>>)>,
}

impl LineSelection {
    /// Adds `--lines PATH:FROM-TO` (or `PATH:LINE`).
    pub fn add_lines_flag(&mut self, spec: &str) -> Result<(), String> {
        let bad = || format!("--lines {spec:?}: expected FILE:FROM-TO or FILE:LINE, e.g. ledger.gs:10-40");
        let (path, lines) = spec.rsplit_once(':').ok_or_else(bad)?;
        let (from, to) = match lines.split_once('-') {
            Some((from, to)) => (from, to),
            None => (lines, lines),
        };
        let from: u32 = from.trim().parse().map_err(|_| bad())?;
        let to: u32 = to.trim().parse().map_err(|_| bad())?;
        if path.is_empty() || from == 0 || to < from {
            return Err(bad());
        }
        self.add(path.trim(), from..=to)
    }

    /// The lines a unified diff adds or changes, in each file it leaves (deleted files
    /// and removed lines select nothing: there is nothing left to mutate).
    pub fn from_unified_diff(diff: &str) -> Result<LineSelection, String> {
        let mut patch = unidiff::PatchSet::new();
        patch.parse(diff).map_err(|e| format!("not a unified diff: {e}"))?;
        let mut selection = LineSelection::default();
        for file in patch.files() {
            if file.target_file == "/dev/null" {
                continue;
            }
            let path = file.target_file.strip_prefix("b/").unwrap_or(&file.target_file).to_string();
            for hunk in file.hunks() {
                for line in hunk.lines().iter().filter(|l| l.is_added()) {
                    let number = line.target_line_no.and_then(|n| u32::try_from(n).ok()).unwrap_or(0);
                    if number >= 1 {
                        selection.add(&path, number..=number)?;
                    }
                }
            }
        }
        Ok(selection)
    }

    fn add(&mut self, path: &str, lines: RangeInclusive<u32>) -> Result<(), String> {
        let index = match self.files.iter().position(|(p, _)| p == path) {
            Some(index) => index,
            None => {
                if self.files.len() >= SELECTED_FILES_MAX {
                    return Err(format!("more than {SELECTED_FILES_MAX} files selected"));
                }
                self.files.push((path.to_string(), Vec::new()));
                self.files.len() - 1
            }
        };
        let ranges = &mut self.files[index].1;
        if ranges.len() >= LINE_RANGES_PER_FILE_MAX {
            return Err(format!("{path}: more than {LINE_RANGES_PER_FILE_MAX} line ranges"));
        }
        // A diff gives one line at a time: extend the last range when contiguous.
        if let Some(last) = ranges.last_mut() {
            if *last.end() + 1 == *lines.start() {
                *last = *last.start()..=*lines.end();
                return Ok(());
            }
        }
        ranges.push(lines);
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Whether lines `first..=last` of `file_name` in the project at `project_path`
    /// overlap the selection.
    pub fn selects(&self, project_path: &str, file_name: &str, first: u32, last: u32) -> bool {
        let full = format!("{}/{file_name}", project_path.trim_end_matches('/'));
        self.files
            .iter()
            .filter(|(path, _)| path_matches(path, &full, file_name))
            .any(|(_, ranges)| ranges.iter().any(|r| *r.start() <= last && first <= *r.end()))
    }

    /// Paths the selection names that match no file of `files` ((project path, name)
    /// pairs): worth a warning, as a typo selects nothing.
    pub fn unmatched<'a>(&'a self, files: &[(String, String)]) -> Vec<&'a str> {
        self.files
            .iter()
            .map(|(path, _)| path.as_str())
            .filter(|path| {
                !files.iter().any(|(project, name)| {
                    path_matches(path, &format!("{}/{name}", project.trim_end_matches('/')), name)
                })
            })
            .collect()
    }
}

fn path_matches(given: &str, full: &str, file_name: &str) -> bool {
    let given = given.strip_prefix("./").unwrap_or(given);
    let full = full.strip_prefix("./").unwrap_or(full);
    given == full || given == file_name || full.ends_with(&format!("/{given}")) || given.ends_with(&format!("/{full}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIFF: &str = "diff --git a/fixtures/ledger-fixed/ledger.gs b/fixtures/ledger-fixed/ledger.gs
index 1111111..2222222 100644
--- a/fixtures/ledger-fixed/ledger.gs
+++ b/fixtures/ledger-fixed/ledger.gs
@@ -10,4 +10,5 @@ function send() {
 var a = 1;
-var b = 2;
+var b = 3;
+var c = 4;
 var d = 5;
 var e = 6;
diff --git a/old.gs b/old.gs
deleted file mode 100644
--- a/old.gs
+++ /dev/null
@@ -1,1 +0,0 @@
-gone();
";

    #[test]
    fn a_diff_selects_the_lines_it_adds_in_the_files_it_keeps() {
        let selection = LineSelection::from_unified_diff(DIFF).unwrap();
        let project = "fixtures/ledger-fixed";
        assert!(!selection.selects(project, "ledger.gs", 10, 10), "context line");
        assert!(selection.selects(project, "ledger.gs", 11, 11));
        assert!(selection.selects(project, "ledger.gs", 12, 12));
        assert!(!selection.selects(project, "ledger.gs", 13, 13), "context line");
        assert!(selection.selects(project, "ledger.gs", 9, 11), "a span overlapping the change");
        assert!(!selection.selects(project, "other.gs", 11, 11));
        assert!(!selection.selects("fixtures/elsewhere", "ledger.gs", 11, 11), "another project");
        assert!(!selection.selects(project, "old.gs", 1, 1), "a deleted file");
    }

    #[test]
    fn lines_flags_name_a_file_by_its_name_or_its_path() {
        let mut selection = LineSelection::default();
        selection.add_lines_flag("ledger.gs:10-40").unwrap();
        selection.add_lines_flag("fixtures/x/util.gs:7").unwrap();
        assert!(selection.selects("fixtures/ledger-fixed", "ledger.gs", 40, 41));
        assert!(!selection.selects("fixtures/ledger-fixed", "ledger.gs", 41, 45));
        assert!(selection.selects("fixtures/x", "util.gs", 7, 7));
        assert!(!selection.selects("fixtures/x", "util.gs", 8, 8));
        assert!(selection.selects("../repo/fixtures/x", "util.gs", 7, 7), "a project path seen from elsewhere");
        for bad in ["ledger.gs", "ledger.gs:0-3", "ledger.gs:9-3", ":1-2", "ledger.gs:a-b"] {
            let err = LineSelection::default().add_lines_flag(bad).unwrap_err();
            assert!(err.contains("expected FILE:FROM-TO"), "{bad}: {err}");
        }
        let files = vec![("fixtures/ledger-fixed".to_string(), "ledger.gs".to_string())];
        assert_eq!(selection.unmatched(&files), ["fixtures/x/util.gs"]);
    }

    #[test]
    fn text_that_is_not_a_diff_selects_nothing_or_is_refused() {
        let selection = LineSelection::from_unified_diff("hello\n").unwrap();
        assert!(selection.is_empty());
    }
}
