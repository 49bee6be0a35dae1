//! An Apps Script project on disk, clasp layout: a folder with `appsscript.json` and
//! `.gs`/`.js` sources, optionally `.clasp.json` (`rootDir`, `filePushOrder`,
//! `parentId` for a container-bound script). Loading reads everything once; the
//! engine never touches the folder again (and never writes to it).

use std::path::{Path, PathBuf};

use serde_json::Value as Json;

/// One source file: `name` is its path relative to the source root, as the platform
/// shows it in error messages (`Code.gs`, `lib/util.gs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone)]
pub struct Project {
    pub root: PathBuf,
    /// `appsscript.json` `timeZone`.
    pub time_zone: String,
    /// Sources in the order the platform evaluates them. Private so that `sources_key`
    /// always matches them: change a text with `set_file_text`.
    files: Vec<SourceFile>,
    /// A hash of every file's name and text: the key of the compiled template a worker
    /// thread keeps (compiled.rs). Computed once here, not per execution.
    sources_key: u64,
    /// The spreadsheet a bound script belongs to (`.clasp.json` `parentId`).
    pub container_id: Option<String>,
    /// `.clasp.json` `scriptId`, or a name derived from the folder.
    pub script_id: String,
}

/// Why a project could not be loaded; always a user error (exit code 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectError(pub String);

impl std::fmt::Display for ProjectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProjectError {}

/// How far up from a source folder to look for the `.clasp.json` that names it.
const CLASP_SEARCH_LEVELS_MAX: usize = 4;

/// The folder above `source_root` whose `.clasp.json` has it as `rootDir`, if any.
fn clasp_root_above(source_root: &Path) -> Option<PathBuf> {
    let source_root = source_root.canonicalize().ok()?;
    source_root.ancestors().skip(1).take(CLASP_SEARCH_LEVELS_MAX).find_map(|folder| {
        let clasp = read_json_if_present(&folder.join(".clasp.json")).ok()??;
        let root_dir = clasp.get("rootDir")?.as_str()?;
        let names_it = folder.join(root_dir).canonicalize().ok()? == source_root;
        names_it.then(|| folder.to_path_buf())
    })
}

/// Source files larger than this are refused: a guard, not a platform rule.
const SOURCE_BYTES_MAX: u64 = 10 * 1024 * 1024;
const SOURCE_FILES_MAX: usize = 1_000;

impl Project {
    pub fn load(root: &Path) -> Result<Project, ProjectError> {
        if !root.is_dir() {
            return Err(ProjectError(format!("project folder {} does not exist", root.display())));
        }
        if !root.join(".clasp.json").exists() {
            if let Some(clasp_root) = clasp_root_above(root) {
                // `src/` of a clasp project whose `.clasp.json` (`rootDir: "src"`) is above
                // it: load it as clasp pushes it, with its file order and script id.
                return Project::load(&clasp_root);
            }
        }
        let clasp = read_json_if_present(&root.join(".clasp.json"))?;
        let source_root = match clasp.as_ref().and_then(|c| c.get("rootDir")).and_then(Json::as_str) {
            Some(dir) if !dir.is_empty() => root.join(dir),
            _ => root.to_path_buf(),
        };
        let manifest_path = source_root.join("appsscript.json");
        let manifest = read_json_if_present(&manifest_path)?.ok_or_else(|| {
            ProjectError(format!(
                "{} has no appsscript.json: a project folder needs one (clasp layout)",
                source_root.display()
            ))
        })?;
        let time_zone = manifest
            .get("timeZone")
            .and_then(Json::as_str)
            .unwrap_or("America/New_York") // the platform's default for a new project
            .to_string();
        let push_order: Vec<String> = clasp
            .as_ref()
            .and_then(|c| c.get("filePushOrder"))
            .and_then(Json::as_array)
            .map(|items| items.iter().filter_map(Json::as_str).map(String::from).collect())
            .unwrap_or_default();
        let mut names = Vec::new();
        collect_sources(&source_root, &source_root, &mut names)?;
        names.sort();
        let files = order_files(names, &push_order, root, &source_root)
            .into_iter()
            .map(|name| read_source(&source_root, name))
            .collect::<Result<Vec<_>, _>>()?;
        if files.is_empty() {
            return Err(ProjectError(format!("{} has no .gs or .js files", source_root.display())));
        }
        let container_id = clasp.as_ref().and_then(|c| c.get("parentId")).and_then(|p| match p {
            Json::String(s) => Some(s.clone()),
            Json::Array(items) => items.first().and_then(Json::as_str).map(String::from),
            _ => None,
        });
        let script_id =
            clasp.as_ref().and_then(|c| c.get("scriptId")).and_then(Json::as_str).map(String::from).unwrap_or_else(
                || root.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "script".into()),
            );
        let sources_key = sources_hash(&files);
        Ok(Project { root: root.to_path_buf(), time_zone, files, sources_key, container_id, script_id })
    }

    /// A project built in memory (tests, mutants).
    pub fn from_sources(time_zone: &str, files: Vec<SourceFile>) -> Project {
        Project {
            root: PathBuf::from("<memory>"),
            time_zone: time_zone.to_string(),
            sources_key: sources_hash(&files),
            files,
            container_id: None,
            script_id: "memory".into(),
        }
    }

    /// Sources in the order the platform evaluates them.
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// Replaces the text of file `index` (a mutant, an instrumented copy).
    pub fn set_file_text(&mut self, index: usize, text: String) {
        self.files[index].text = text;
        self.sources_key = sources_hash(&self.files);
    }

    /// Different for any change to any file's name or text (see `sources_key`).
    pub fn sources_key(&self) -> u64 {
        self.sources_key
    }
}

/// FNV-1a over file names and texts: stable across runs, cheap, and a different key
/// for any change to any file.
fn sources_hash(files: &[SourceFile]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for byte in bytes {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash ^= 0xff;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    for file in files {
        feed(file.name.as_bytes());
        feed(file.text.as_bytes());
    }
    hash
}

fn read_json_if_present(path: &Path) -> Result<Option<Json>, ProjectError> {
    if !path.exists() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| ProjectError(format!("cannot read {}: {e}", path.display())))?;
    serde_json::from_str(&text).map(Some).map_err(|e| ProjectError(format!("{}: {e}", path.display())))
}

fn collect_sources(source_root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), ProjectError> {
    let entries = std::fs::read_dir(dir).map_err(|e| ProjectError(format!("cannot read {}: {e}", dir.display())))?;
    for entry in entries {
        let entry = entry.map_err(|e| ProjectError(format!("cannot read {}: {e}", dir.display())))?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "node_modules" {
            continue;
        }
        if path.is_dir() {
            collect_sources(source_root, &path, out)?;
        } else if name.ends_with(".gs") || name.ends_with(".js") {
            let relative = path.strip_prefix(source_root).unwrap_or(&path);
            out.push(relative.to_string_lossy().replace('\\', "/"));
        }
        if out.len() > SOURCE_FILES_MAX {
            return Err(ProjectError(format!(
                "{} has more than {SOURCE_FILES_MAX} source files",
                source_root.display()
            )));
        }
    }
    Ok(())
}

/// `filePushOrder` first (its paths may be relative to the project or the source root),
/// then the rest by name.
fn order_files(names: Vec<String>, push_order: &[String], root: &Path, source_root: &Path) -> Vec<String> {
    let prefix = source_root.strip_prefix(root).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
    let normalise = |entry: &str| -> String {
        let entry = entry.trim_start_matches("./");
        match entry.strip_prefix(&format!("{prefix}/")) {
            Some(rest) if !prefix.is_empty() => rest.to_string(),
            _ => entry.to_string(),
        }
    };
    let mut ordered: Vec<String> = Vec::with_capacity(names.len());
    for entry in push_order {
        let wanted = normalise(entry);
        if let Some(found) = names.iter().find(|n| **n == wanted) {
            if !ordered.contains(found) {
                ordered.push(found.clone());
            }
        }
    }
    for name in names {
        if !ordered.contains(&name) {
            ordered.push(name);
        }
    }
    ordered
}

fn read_source(source_root: &Path, name: String) -> Result<SourceFile, ProjectError> {
    let path = source_root.join(&name);
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    if size > SOURCE_BYTES_MAX {
        return Err(ProjectError(format!("{} is larger than {SOURCE_BYTES_MAX} bytes", path.display())));
    }
    let text =
        std::fs::read_to_string(&path).map_err(|e| ProjectError(format!("cannot read {}: {e}", path.display())))?;
    Ok(SourceFile { name, text })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn push_order_first_then_by_name() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "src/appsscript.json", r#"{"timeZone":"Asia/Tokyo"}"#);
        write(dir.path(), "src/b.gs", "var b;");
        write(dir.path(), "src/a.gs", "var a;");
        write(dir.path(), "src/lib/z.js", "var z;");
        write(
            dir.path(),
            ".clasp.json",
            r#"{"rootDir":"src","filePushOrder":["src/lib/z.js"],"parentId":["sheet-1"]}"#,
        );
        let project = Project::load(dir.path()).unwrap();
        let names: Vec<&str> = project.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["lib/z.js", "a.gs", "b.gs"]);
        assert_eq!(project.time_zone, "Asia/Tokyo");
        assert_eq!(project.container_id.as_deref(), Some("sheet-1"));
    }

    #[test]
    fn the_source_folder_of_a_clasp_project_loads_as_the_project() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "src/appsscript.json", r#"{"timeZone":"UTC"}"#);
        write(dir.path(), "src/a.gs", "var a;");
        write(dir.path(), "src/z.gs", "var z;");
        write(dir.path(), ".clasp.json", r#"{"rootDir":"src","filePushOrder":["src/z.gs"],"scriptId":"abc"}"#);
        let project = Project::load(&dir.path().join("src")).unwrap();
        let names: Vec<&str> = project.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!((names, project.script_id.as_str()), (vec!["z.gs", "a.gs"], "abc"));
        // A .clasp.json above that names another folder is not this project's.
        write(dir.path(), ".clasp.json", r#"{"rootDir":"other","filePushOrder":["src/z.gs"]}"#);
        let names: Vec<String> =
            Project::load(&dir.path().join("src")).unwrap().files.iter().map(|f| f.name.clone()).collect();
        assert_eq!(names, ["a.gs", "z.gs"]);
    }

    #[test]
    fn missing_folder_and_manifest_are_clear_errors() {
        let err = Project::load(Path::new("/no/such/project")).unwrap_err();
        assert!(err.0.contains("does not exist"), "{err}");
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "Code.gs", "function f() {}");
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("appsscript.json"), "{err}");
    }
}
