//! `--incremental FILE`: verdicts kept from the last campaign and reused, as StrykerJS's
//! incremental mode does. A verdict is reused when the scenarios and their stored
//! snapshots are byte for byte the same (one fingerprint over them and gas-sim's version)
//! and the mutant is the same change at the same place of unchanged code: same mutator,
//! original and replacement text, columns, on lines the file's diff since then leaves
//! alone (lines moved by an edit above them still match). A mutant on a changed line is
//! judged again.
//!
//! Like StrykerJS's, this trusts that an edit elsewhere in the file or in another file
//! does not change a distant mutant's verdict; a full run (without the file) is the
//! reference, and the report says how many verdicts were reused.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::{Mutant, MutantResult, Position, Status};

/// The file format's version; another version is refused with a clear error.
pub const INCREMENTAL_VERSION: u32 = 1;
/// A cache file larger than this is refused (a campaign keeps well under a MiB per
/// thousand mutants).
pub const INCREMENTAL_BYTES_MAX: usize = 256 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncrementalCache {
    pub gas_sim_incremental: u32,
    /// [`fingerprint`] of the scenarios, their snapshots and gas-sim.
    pub tests_sha256: String,
    /// By file (`fixtures/ledger-fixed/ledger.gs`): its text then, and its verdicts.
    pub files: BTreeMap<String, CachedFile>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CachedFile {
    pub text: String,
    pub verdicts: Vec<CachedVerdict>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CachedVerdict {
    pub mutator: String,
    pub original: String,
    pub replacement: String,
    pub start: Position,
    pub end: Position,
    pub status: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub status_reason: String,
    #[serde(default)]
    pub killed_by: Vec<String>,
    #[serde(default)]
    pub covered_by: Vec<String>,
    #[serde(default)]
    pub tests_completed: u32,
}

/// The fingerprint of what verdicts depend on besides the mutated file: each scenario's
/// path and text, each of its zones' stored snapshot (or its absence), gas-sim's version.
pub fn fingerprint(parts: &[(String, Option<String>)]) -> String {
    let mut hash = Sha256::new();
    hash.update(env!("CARGO_PKG_VERSION").as_bytes());
    for (name, text) in parts {
        hash.update((name.len() as u64).to_le_bytes());
        hash.update(name.as_bytes());
        match text {
            Some(text) => {
                hash.update([1]);
                hash.update((text.len() as u64).to_le_bytes());
                hash.update(text.as_bytes());
            }
            None => hash.update([0]),
        }
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl IncrementalCache {
    pub fn parse(text: &str, path: &str) -> Result<IncrementalCache, String> {
        if text.len() > INCREMENTAL_BYTES_MAX {
            return Err(format!("{path}: larger than {INCREMENTAL_BYTES_MAX} bytes"));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("{path}: not an incremental file: {e}"))?;
        match value.get("gas_sim_incremental").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(INCREMENTAL_VERSION) => {}
            Some(v) => {
                return Err(format!(
                    "{path}: gas_sim_incremental {v}: this gas-sim reads version {INCREMENTAL_VERSION}; delete the file to start over"
                ))
            }
            None => return Err(format!("{path}: not an incremental file (no gas_sim_incremental)")),
        }
        serde_json::from_value(value).map_err(|e| format!("{path}: {e}"))
    }

    /// A cache of this campaign's verdicts. `files` are (name, text) as the results name them.
    pub fn from_results(
        tests_sha256: String,
        files: &[(String, String)],
        results: &[MutantResult],
    ) -> IncrementalCache {
        let mut by_file: BTreeMap<String, CachedFile> = BTreeMap::new();
        for result in results.iter().filter(|r| r.status != Status::Ignored) {
            let Some((_, text)) = files.iter().find(|(name, _)| *name == result.mutant.file) else { continue };
            let file = by_file
                .entry(result.mutant.file.clone())
                .or_insert_with(|| CachedFile { text: text.clone(), verdicts: Vec::new() });
            let m = &result.mutant;
            file.verdicts.push(CachedVerdict {
                mutator: m.mutator.clone(),
                original: m.original.clone(),
                replacement: m.replacement.clone(),
                start: m.start,
                end: m.end,
                status: result.status.name().to_string(),
                status_reason: result.status_reason.clone(),
                killed_by: result.killed_by.clone(),
                covered_by: result.covered_by.clone(),
                tests_completed: result.tests_completed,
            });
        }
        IncrementalCache { gas_sim_incremental: INCREMENTAL_VERSION, tests_sha256, files: by_file }
    }

    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the cache serializes");
        text.push('\n');
        text
    }
}

/// The verdicts of a cache that still apply, found by mutant.
pub struct Reuse<'a> {
    cache: &'a IncrementalCache,
    /// Per file: new line (1-based index) -> old line, for lines the edit left alone.
    line_maps: BTreeMap<&'a str, Vec<Option<u32>>>,
}

impl<'a> Reuse<'a> {
    /// Nothing is reusable when the fingerprint differs.
    pub fn new(cache: &'a IncrementalCache, tests_sha256: &str, files: &[(String, String)]) -> Option<Reuse<'a>> {
        if cache.tests_sha256 != tests_sha256 {
            return None;
        }
        let mut line_maps = BTreeMap::new();
        for (name, cached) in &cache.files {
            if let Some((_, text)) = files.iter().find(|(n, _)| n == name) {
                line_maps.insert(name.as_str(), unchanged_lines(&cached.text, text));
            }
        }
        Some(Reuse { cache, line_maps })
    }

    /// The earlier verdict of `mutant` (its file named as results name it), as a result
    /// with id `id`.
    pub fn verdict(&self, id: &str, mutant: &Mutant) -> Option<MutantResult> {
        let map = self.line_maps.get(mutant.file.as_str())?;
        let old_line = |line: u32| map.get(line.checked_sub(1)? as usize).copied().flatten();
        let (old_start, old_end) = (old_line(mutant.start.line)?, old_line(mutant.end.line)?);
        // Every line of the span unchanged, and still one block.
        if old_end - old_start != mutant.end.line - mutant.start.line {
            return None;
        }
        let cached = &self.cache.files.get(&mutant.file)?.verdicts;
        let found = cached.iter().find(|v| {
            v.mutator == mutant.mutator
                && v.original == mutant.original
                && v.replacement == mutant.replacement
                && v.start == Position { line: old_start, column: mutant.start.column }
                && v.end == Position { line: old_end, column: mutant.end.column }
        })?;
        let status = Status::from_name(&found.status)?;
        Some(MutantResult {
            id: id.to_string(),
            mutant: mutant.clone(),
            status,
            killed_by: found.killed_by.clone(),
            covered_by: found.covered_by.clone(),
            status_reason: found.status_reason.clone(),
            tests_completed: found.tests_completed,
        })
    }
}

/// For each line of `new`, the line of `old` it is unchanged from (a line diff).
fn unchanged_lines(old: &str, new: &str) -> Vec<Option<u32>> {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut map = vec![None; new.lines().count().max(new.split_inclusive('\n').count())];
    for op in diff.ops() {
        if let similar::DiffOp::Equal { old_index, new_index, len } = *op {
            for i in 0..len {
                if let Some(slot) = map.get_mut(new_index + i) {
                    *slot = Some((old_index + i + 1) as u32);
                }
            }
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutant(file: &str, text: &str, find: &str, replacement: &str) -> Mutant {
        let start = text.find(find).unwrap();
        Mutant::new(file, text, "EqualityOperator", start, start + find.len(), replacement.to_string())
    }

    fn result(m: &Mutant, status: Status) -> MutantResult {
        MutantResult {
            id: "1".into(),
            mutant: m.clone(),
            status,
            killed_by: vec!["s@UTC".into()],
            covered_by: vec!["s@UTC".into()],
            status_reason: "why".into(),
            tests_completed: 1,
        }
    }

    const OLD: &str = "function a() {\n  return x === 1;\n}\nfunction b() {\n  return y === 2;\n}\n";

    #[test]
    fn a_verdict_is_reused_where_the_code_is_unchanged_even_when_it_moved() {
        let files = vec![("p/Code.gs".to_string(), OLD.to_string())];
        let old_a = mutant("p/Code.gs", OLD, "x === 1", "x !== 1");
        let old_b = mutant("p/Code.gs", OLD, "y === 2", "y !== 2");
        let cache = IncrementalCache::from_results(
            "t".into(),
            &files,
            &[result(&old_a, Status::Killed), result(&old_b, Status::Survived)],
        );
        // One line added at the top, and b's line changed.
        let new = format!("// header\n{}", OLD.replace("y === 2", "y === 3"));
        let new_files = vec![("p/Code.gs".to_string(), new.clone())];
        let reuse = Reuse::new(&cache, "t", &new_files).unwrap();
        let new_a = mutant("p/Code.gs", &new, "x === 1", "x !== 1");
        let got = reuse.verdict("7", &new_a).unwrap();
        assert_eq!((got.id.as_str(), got.status, got.mutant.start.line), ("7", Status::Killed, 3));
        let new_b = mutant("p/Code.gs", &new, "y === 3", "y !== 3");
        assert!(reuse.verdict("8", &new_b).is_none(), "a changed line is judged again");
        assert!(Reuse::new(&cache, "other scenarios", &new_files).is_none());
    }

    #[test]
    fn the_file_round_trips_and_other_versions_are_refused() {
        let files = vec![("p/Code.gs".to_string(), OLD.to_string())];
        let m = mutant("p/Code.gs", OLD, "x === 1", "x !== 1");
        let cache = IncrementalCache::from_results("t".into(), &files, &[result(&m, Status::Timeout)]);
        let text = cache.to_json();
        assert_eq!(IncrementalCache::parse(&text, "c.json").unwrap(), cache);
        let future = text.replace("\"gas_sim_incremental\": 1", "\"gas_sim_incremental\": 9");
        assert!(IncrementalCache::parse(&future, "c.json").unwrap_err().contains("gas_sim_incremental 9"));
        assert!(IncrementalCache::parse("{}", "c.json").unwrap_err().contains("not an incremental file"));
    }

    #[test]
    fn the_fingerprint_sees_every_part() {
        let a = fingerprint(&[("s.toml".into(), Some("x".into())), ("s@UTC.snap".into(), None)]);
        let b = fingerprint(&[("s.toml".into(), Some("x".into())), ("s@UTC.snap".into(), Some(String::new()))]);
        let c = fingerprint(&[("s.toml".into(), Some("y".into())), ("s@UTC.snap".into(), None)]);
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_eq!(a, fingerprint(&[("s.toml".into(), Some("x".into())), ("s@UTC.snap".into(), None)]));
    }
}
