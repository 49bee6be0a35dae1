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
}
