//! Writing files the user asked for: atomically (a temp file in the same folder, then a
//! rename), so an interrupted run never leaves half a file.

use std::io::Write;
use std::path::Path;

pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
    temp.write_all(text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    temp.as_file().sync_all().map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    // A temp file is private (0600); the file it replaces keeps its mode, a new one gets
    // the usual 0644, as if written in place.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map(|m| m.permissions().mode() & 0o7777).unwrap_or(0o644);
        std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(mode))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    temp.persist(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        write_atomically(&path, "first").unwrap();
        write_atomically(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temp file left behind");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_0644_and_a_replaced_one_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        write_atomically(&path, "first").unwrap();
        assert_eq!(mode(&path), 0o644);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_atomically(&path, "second").unwrap();
        assert_eq!(mode(&path), 0o600);
    }
}
