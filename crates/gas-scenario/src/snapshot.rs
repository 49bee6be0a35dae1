//! Stored snapshots, in insta's `.snap` format, beside the scenarios:
//! `scenarios/snapshots/<scenario>@<Zone_Name>.snap`. `gas-sim test` and the `tests/`
//! suite (with insta itself) read and write the same files; both compare only the
//! contents, never the header.

use std::path::{Path, PathBuf};

/// The snapshot name of a scenario file in a zone (`weekend_outage@America_Los_Angeles`).
pub fn snapshot_name(scenario_path: &Path, zone: &str) -> String {
    let stem = scenario_path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    format!("{stem}@{}", zone.replace(['/', '\\'], "_"))
}

pub fn snapshot_dir(scenario_path: &Path) -> PathBuf {
    scenario_path.parent().unwrap_or(Path::new(".")).join("snapshots")
}

pub fn snapshot_path(scenario_path: &Path, zone: &str) -> PathBuf {
    snapshot_dir(scenario_path).join(format!("{}.snap", snapshot_name(scenario_path, zone)))
}

/// A stored snapshot larger than this is not read (a guard: a snapshot is a report).
pub const SNAPSHOT_BYTES_MAX: u64 = 64 * 1024 * 1024;

/// The stored snapshot at `path` of a scenario whose file rule is `policy`: `Ok(None)`
/// when there is none yet (a dangling link inside the tree too), an error naming the
/// snapshot when it leads out of the scenario's folder tree or into a hidden file (a
/// `x@UTC.snap -> /etc/passwd` would be printed in a diff) or cannot be read.
pub fn read_stored_within(policy: &crate::paths::PathPolicy, path: &Path) -> Result<Option<String>, String> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("snapshot {}: {e}", path.display())),
        Ok(_) => {}
    }
    let resolved = policy.check_path(path).map_err(|why| format!("snapshot {}: {why}", path.display()))?;
    if !resolved.exists() {
        return Ok(None);
    }
    gas_engine::files::read_text(&resolved, SNAPSHOT_BYTES_MAX)
        .map(Some)
        .map_err(|why| format!("snapshot {}: {why}", path.display()))
}

/// The contents of a `.snap` file: what follows the `---`-delimited header.
pub fn parse_snap(text: &str) -> String {
    let mut parts = text.splitn(3, "---\n");
    match (parts.next(), parts.next(), parts.next()) {
        (Some(""), Some(_header), Some(body)) => normalize(body),
        _ => normalize(text),
    }
}

/// A `.snap` file's text for `contents`.
pub fn snap_file(contents: &str, source: &str) -> String {
    format!("---\nsource: {source}\nexpression: snapshot\n---\n{}\n", normalize(contents))
}

/// Snapshots compare without trailing white space at the end, as insta does.
pub fn normalize(contents: &str) -> String {
    contents.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_round_trip() {
        let path = Path::new("scenarios/weekend_outage.toml");
        assert_eq!(snapshot_name(path, "America/Los_Angeles"), "weekend_outage@America_Los_Angeles");
        assert_eq!(snapshot_path(path, "UTC"), Path::new("scenarios/snapshots/weekend_outage@UTC.snap"));
        let file = snap_file("a\nb\n\n", "gas-sim test");
        assert_eq!(parse_snap(&file), "a\nb");
        let insta_written = "---\nsource: tests/scenarios.rs\nassertion_line: 12\nexpression: text\n---\na\nb\n";
        assert_eq!(parse_snap(insta_written), "a\nb");
    }
}
