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
    /// A hash of every file's name and text: the key of the compiled version of the
    /// project a worker thread keeps (compiled.rs). Computed once here, not per execution.
    sources_key: u64,
    /// The spreadsheet a bound script belongs to (`.clasp.json` `parentId`).
    pub container_id: Option<String>,
    /// `.clasp.json` `scriptId`, or a name derived from the folder.
    pub script_id: String,
    /// Where the sources are (`root`, or its `rootDir`); `<memory>` for an in-memory project.
    source_root: PathBuf,
    /// The project's HTML files (`HtmlService.createHtmlOutputFromFile`), named as the
    /// platform names them: the path without `.html` (clasp pushes `page.html` as the
    /// HTML file `page`). Read at run time through the host, so not in `sources_key`.
    pub html_files: std::sync::Arc<Vec<SourceFile>>,
    /// The advanced services the manifest enables (`dependencies.enabledAdvancedServices`),
    /// in its order. Private so that `sources_key` always covers them.
    advanced_services: Vec<AdvancedService>,
    /// The manifest's `oauthScopes` (`ScriptApp.getIdentityToken` needs `openid` there);
    /// empty when it lists none (the platform then infers scopes from the code).
    pub oauth_scopes: std::sync::Arc<Vec<String>>,
    /// The key of the project's compiled template (compiled.rs) and what its files declare,
    /// worked out on first use (it parses every file); reset with `sources_key`.
    template_key: std::sync::OnceLock<(crate::compiled::TemplateKey, crate::declarations::Declarations)>,
}

/// An advanced service a project enables: a global named `symbol` (the manifest's
/// `userSymbol`), built from the catalogue's class for it when gas-sim models the
/// service (`class`), else an object each of whose uses is a named gap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdvancedService {
    pub symbol: String,
    pub service_id: String,
    pub version: String,
    /// The catalogue's root class (`Sheets_v4.Sheets`); `None` for a service the
    /// catalogue does not hold.
    pub class: Option<&'static str>,
}

/// Advanced services one manifest may enable (gas-sim's guard; the platform lists about 30).
const ADVANCED_SERVICES_MAX: usize = 64;

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
pub const SOURCE_BYTES_MAX: u64 = 10 * 1024 * 1024;
/// All the sources together: a guard, not a platform rule.
pub const PROJECT_BYTES_MAX: u64 = 50 * 1024 * 1024;
pub const SOURCE_FILES_MAX: usize = 1_000;
/// `appsscript.json` and `.clasp.json`.
const MANIFEST_BYTES_MAX: u64 = 1024 * 1024;
/// Folders below the source root, symlinked ones included.
const FOLDER_DEPTH_MAX: usize = 32;

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
        let tree = Tree::of(root, &source_root)?;
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
        let mut ancestors = vec![tree.source_root.clone()];
        collect_sources(&tree, &source_root, 0, &mut ancestors, &mut names)?;
        names.sort();
        let (html_names, names): (Vec<String>, Vec<String>) = names.into_iter().partition(|n| n.ends_with(".html"));
        let mut bytes_total = 0;
        let html_files = html_names
            .into_iter()
            .map(|name| {
                let mut file = read_source(&source_root, name, &mut bytes_total)?;
                file.name.truncate(file.name.len() - ".html".len());
                Ok(file)
            })
            .collect::<Result<Vec<_>, ProjectError>>()?;
        let files = order_files(names, &push_order, root, &source_root)
            .into_iter()
            .map(|name| read_source(&source_root, name, &mut bytes_total))
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
        let advanced_services = advanced_services(&manifest, &manifest_path)?;
        let oauth_scopes = std::sync::Arc::new(oauth_scopes(&manifest, &manifest_path)?);
        let sources_key = sources_hash(&files, &advanced_services);
        Ok(Project {
            root: root.to_path_buf(),
            time_zone,
            files,
            sources_key,
            container_id,
            script_id,
            source_root,
            html_files: std::sync::Arc::new(html_files),
            advanced_services,
            oauth_scopes,
            template_key: Default::default(),
        })
    }

    /// A project built in memory (tests, mutants).
    pub fn from_sources(time_zone: &str, files: Vec<SourceFile>) -> Project {
        Project {
            root: PathBuf::from("<memory>"),
            time_zone: time_zone.to_string(),
            sources_key: sources_hash(&files, &[]),
            files,
            container_id: None,
            script_id: "memory".into(),
            source_root: PathBuf::from("<memory>"),
            html_files: Default::default(),
            advanced_services: Vec::new(),
            oauth_scopes: Default::default(),
            template_key: Default::default(),
        }
    }

    /// The same project with these advanced services enabled (tests; a manifest on disk
    /// gives them to [`Project::load`]).
    pub fn with_advanced_services(mut self, services: Vec<AdvancedService>) -> Project {
        self.advanced_services = services;
        self.sources_key = sources_hash(&self.files, &self.advanced_services);
        self.template_key = Default::default();
        self
    }

    /// The advanced services the manifest enables.
    pub fn advanced_services(&self) -> &[AdvancedService] {
        &self.advanced_services
    }

    /// The same project with these HTML files (names without `.html`).
    pub fn with_html_files(mut self, files: Vec<SourceFile>) -> Project {
        self.html_files = std::sync::Arc::new(files);
        self
    }

    /// Sources in the order the platform evaluates them.
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// Replaces the text of file `index` (a mutant, an instrumented copy).
    pub fn set_file_text(&mut self, index: usize, text: String) {
        self.files[index].text = text;
        self.sources_key = sources_hash(&self.files, &self.advanced_services);
        self.template_key = Default::default();
    }

    /// The files the project was read from: its sources, `appsscript.json` and
    /// `.clasp.json` (which gas-sim never writes).
    pub fn files_on_disk(&self) -> Vec<PathBuf> {
        let mut paths = vec![self.root.join(".clasp.json"), self.source_root.join("appsscript.json")];
        paths.extend(self.files.iter().map(|file| self.source_root.join(&file.name)));
        paths.extend(self.html_files.iter().map(|file| self.source_root.join(format!("{}.html", file.name))));
        paths
    }

    /// Different for any change to any file's name or text (see `sources_key`).
    pub fn sources_key(&self) -> u64 {
        self.sources_key
    }

    /// The key of the template this project's executions compile to and run on: shared
    /// by every version of the project that declares the same names (compiled.rs).
    pub(crate) fn template_key(&self) -> crate::compiled::TemplateKey {
        self.template_key.get_or_init(|| crate::compiled::template_key(self)).0
    }

    /// What the project's files declare at their top level (parsed once, with the key).
    pub(crate) fn declarations(&self) -> &crate::declarations::Declarations {
        &self.template_key.get_or_init(|| crate::compiled::template_key(self)).1
    }
}

impl AdvancedService {
    /// The service `serviceId` `version` under `symbol`, the catalogue's class when it
    /// has one.
    pub fn new(symbol: &str, service_id: &str, version: &str) -> AdvancedService {
        let class = gas_platform::catalogue::catalogue().advanced_service(service_id, version).map(|a| a.class);
        AdvancedService { symbol: symbol.into(), service_id: service_id.into(), version: version.into(), class }
    }
}

/// Scopes one manifest may list (gas-sim's guard; a project needs a few dozen at most).
const OAUTH_SCOPES_MAX: usize = 256;

/// `oauthScopes` of a manifest: a list of strings, or absent.
fn oauth_scopes(manifest: &Json, path: &Path) -> Result<Vec<String>, ProjectError> {
    let Some(list) = manifest.get("oauthScopes") else { return Ok(Vec::new()) };
    let bad = |why: &str| ProjectError(format!("{}: oauthScopes: {why}", path.display()));
    let items = list.as_array().ok_or_else(|| bad("must be a list of scope strings"))?;
    if items.len() > OAUTH_SCOPES_MAX {
        return Err(bad(&format!("more than {OAUTH_SCOPES_MAX} scopes")));
    }
    items.iter().map(|item| item.as_str().map(String::from).ok_or_else(|| bad("every scope is a string"))).collect()
}

/// `dependencies.enabledAdvancedServices` of a manifest: each entry's `userSymbol`,
/// `serviceId` and `version`, the symbol a JS identifier no built-in global has.
fn advanced_services(manifest: &Json, path: &Path) -> Result<Vec<AdvancedService>, ProjectError> {
    let key = "dependencies.enabledAdvancedServices";
    let Some(list) = manifest.get("dependencies").and_then(|d| d.get("enabledAdvancedServices")) else {
        return Ok(Vec::new());
    };
    let bad = |why: String| ProjectError(format!("{}: {key}: {why}", path.display()));
    let items = list.as_array().ok_or_else(|| bad("must be a list".into()))?;
    if items.len() > ADVANCED_SERVICES_MAX {
        return Err(bad(format!("more than {ADVANCED_SERVICES_MAX} services")));
    }
    let mut services: Vec<AdvancedService> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let text = |name: &str| {
            item.get(name)
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
                .ok_or_else(|| bad(format!("entry {} has no {name} (a string)", i + 1)))
        };
        let (symbol, service_id, version) = (text("userSymbol")?, text("serviceId")?, text("version")?);
        let identifier = symbol.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
            && symbol.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        if !identifier {
            return Err(bad(format!("userSymbol {symbol:?} is not a JavaScript identifier")));
        }
        if gas_platform::catalogue::catalogue().global(symbol).is_some() || symbol == "console" {
            return Err(bad(format!("userSymbol {symbol:?} is the name of a built-in service")));
        }
        if services.iter().any(|s| s.symbol == symbol) {
            return Err(bad(format!("userSymbol {symbol:?} is given twice")));
        }
        services.push(AdvancedService::new(symbol, service_id, version));
    }
    Ok(services)
}

/// FNV-1a over file names and texts and the enabled advanced services: stable across
/// runs, cheap, and a different key for any change to any file.
fn sources_hash(files: &[SourceFile], advanced: &[AdvancedService]) -> u64 {
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
    for service in advanced {
        feed(service.symbol.as_bytes());
        feed(service.service_id.as_bytes());
        feed(service.version.as_bytes());
    }
    hash
}

fn read_json_if_present(path: &Path) -> Result<Option<Json>, ProjectError> {
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::files::read_text(path, MANIFEST_BYTES_MAX).map_err(ProjectError)?;
    serde_json::from_str(&text).map(Some).map_err(|e| ProjectError(format!("{}: {e}", path.display())))
}

/// The project folder as the filesystem names it (symlinks resolved): every source, and
/// every folder and file a symlink in it points to, must be inside it. A project is a
/// folder a user hands over; a symlink in it to `~/.clasprc.json` or `/etc` is not part
/// of it.
struct Tree {
    root: PathBuf,
    source_root: PathBuf,
    /// The source root as given (the prefix of every path `collect_sources` builds).
    source_dir: PathBuf,
}

impl Tree {
    fn of(root: &Path, source_root: &Path) -> Result<Tree, ProjectError> {
        let canonical =
            |path: &Path| path.canonicalize().map_err(|e| ProjectError(format!("cannot read {}: {e}", path.display())));
        let tree = Tree {
            root: canonical(root)?,
            source_root: canonical(source_root)?,
            source_dir: source_root.to_path_buf(),
        };
        if !tree.source_root.starts_with(&tree.root) {
            return Err(ProjectError(format!(
                "{}: rootDir {} is outside the project folder",
                root.join(".clasp.json").display(),
                source_root.display()
            )));
        }
        Ok(tree)
    }

    /// Where the symlink at `path` points, if that is inside the project; a loop or a
    /// dangling link is an error naming it.
    fn resolve_link(&self, path: &Path) -> Result<PathBuf, ProjectError> {
        let target = path.canonicalize().map_err(|e| {
            let why = if e.raw_os_error() == Some(libc::ELOOP) { "a symlink loop".to_string() } else { e.to_string() };
            ProjectError(format!("{}: cannot follow the symlink: {why}", path.display()))
        })?;
        if !target.starts_with(&self.root) {
            return Err(ProjectError(format!(
                "{} is a symlink to {}, outside the project folder {}",
                path.display(),
                target.display(),
                self.root.display()
            )));
        }
        // The listing skips hidden names (`.env`, `.git/`); a link must not bring one back.
        let below = target.strip_prefix(&self.root).unwrap_or(&target);
        if let Some(hidden) = below.components().find(|c| c.as_os_str().to_string_lossy().starts_with('.')) {
            return Err(ProjectError(format!(
                "{} is a symlink to {}, a hidden file or folder ({}): gas-sim loads none as a source",
                path.display(),
                target.display(),
                hidden.as_os_str().to_string_lossy()
            )));
        }
        Ok(target)
    }
}

/// Source names below `dir`, relative to the source root. Symlinks are followed when they
/// stay in the project; a folder inside itself (`ancestors` holds the folders from the
/// source root down to `dir`: a symlink loop) is an error, as is a FIFO, a device or
/// anything else that is not a regular file or a folder.
fn collect_sources(
    tree: &Tree,
    dir: &Path,
    depth: usize,
    ancestors: &mut Vec<PathBuf>,
    out: &mut Vec<String>,
) -> Result<(), ProjectError> {
    if depth > FOLDER_DEPTH_MAX {
        return Err(ProjectError(format!("{} is more than {FOLDER_DEPTH_MAX} folders deep", dir.display())));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| ProjectError(format!("cannot read {}: {e}", dir.display())))?;
    let mut entries = entries
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ProjectError(format!("cannot read {}: {e}", dir.display())))?;
    // Visit in name order so that the first error (and the file cap) is the same on any
    // filesystem.
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "node_modules" {
            continue;
        }
        let is_source = name.ends_with(".gs") || name.ends_with(".js") || name.ends_with(".html");
        let file_type = entry.file_type().map_err(|e| ProjectError(format!("cannot read {}: {e}", path.display())))?;
        let (is_dir, target) = if file_type.is_symlink() {
            let target = tree.resolve_link(&path)?;
            (target.is_dir(), target)
        } else {
            (file_type.is_dir(), path.clone())
        };
        if is_dir {
            let canonical = target.canonicalize().unwrap_or(target);
            if ancestors.contains(&canonical) {
                return Err(ProjectError(format!(
                    "{}: a symlink loop ({} is inside itself)",
                    path.display(),
                    canonical.display()
                )));
            }
            ancestors.push(canonical);
            collect_sources(tree, &path, depth + 1, ancestors, out)?;
            ancestors.pop();
        } else if is_source {
            crate::files::check_regular(&path).map_err(ProjectError)?;
            let relative = path.strip_prefix(&tree.source_dir).unwrap_or(&path);
            out.push(relative.to_string_lossy().replace('\\', "/"));
        }
        if out.len() > SOURCE_FILES_MAX {
            return Err(ProjectError(format!(
                "{} has more than {SOURCE_FILES_MAX} source files",
                tree.source_root.display()
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

fn read_source(source_root: &Path, name: String, bytes_total: &mut u64) -> Result<SourceFile, ProjectError> {
    let path = source_root.join(&name);
    let text = crate::files::read_text(&path, SOURCE_BYTES_MAX).map_err(ProjectError)?;
    *bytes_total += text.len() as u64;
    if *bytes_total > PROJECT_BYTES_MAX {
        return Err(ProjectError(format!(
            "{}: the sources are larger than {PROJECT_BYTES_MAX} bytes together",
            source_root.display()
        )));
    }
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

    /// clasp pushes `.html` files as HTML files named without the extension; they are
    /// not sources.
    #[test]
    fn html_files_are_kept_by_name_apart_from_sources() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "appsscript.json", r#"{"timeZone":"UTC"}"#);
        write(dir.path(), "Code.gs", "function doGet() {}");
        write(dir.path(), "Index.html", "<p>hi</p>");
        write(dir.path(), "parts/Style.html", "<style></style>");
        let project = Project::load(dir.path()).unwrap();
        let names: Vec<&str> = project.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["Code.gs"]);
        let html: Vec<(&str, &str)> = project.html_files.iter().map(|f| (f.name.as_str(), f.text.as_str())).collect();
        assert_eq!(html, [("Index", "<p>hi</p>"), ("parts/Style", "<style></style>")]);
        assert!(project.files_on_disk().contains(&dir.path().join("parts/Style.html")));
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
    fn the_manifest_enables_advanced_services_under_their_symbols() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "Code.gs", "function main() {}");
        let manifest =
            |services: &str| format!(r#"{{"timeZone":"UTC","dependencies":{{"enabledAdvancedServices":{services}}}}}"#);
        let load = |services: &str| {
            write(dir.path(), "appsscript.json", &manifest(services));
            Project::load(dir.path())
        };
        let project = load(
            r#"[{"userSymbol":"SheetsApi","serviceId":"sheets","version":"v4"},
                {"userSymbol":"Gmail","serviceId":"gmail","version":"v1"}]"#,
        )
        .unwrap();
        let services = project.advanced_services();
        assert_eq!((services[0].symbol.as_str(), services[0].class), ("SheetsApi", Some("Sheets_v4.Sheets")));
        assert_eq!((services[1].symbol.as_str(), services[1].class), ("Gmail", None), "named, not modelled");
        let without = load("[]").unwrap();
        assert_ne!(project.sources_key(), without.sources_key(), "the services are part of the compiled key");
        let error = |services: &str| load(services).unwrap_err().0;
        assert!(error(r#"{}"#).ends_with("dependencies.enabledAdvancedServices: must be a list"));
        assert!(
            error(r#"[{"userSymbol":"Sheets","serviceId":"sheets"}]"#).ends_with("entry 1 has no version (a string)")
        );
        let symbol = |s: &str| error(&format!(r#"[{{"userSymbol":"{s}","serviceId":"sheets","version":"v4"}}]"#));
        assert!(symbol("2x").ends_with("userSymbol \"2x\" is not a JavaScript identifier"));
        assert!(symbol("SpreadsheetApp").ends_with("userSymbol \"SpreadsheetApp\" is the name of a built-in service"));
        let twice = r#"[{"userSymbol":"S","serviceId":"sheets","version":"v4"},{"userSymbol":"S","serviceId":"drive","version":"v3"}]"#;
        assert!(error(twice).ends_with("userSymbol \"S\" is given twice"));
    }

    #[test]
    fn oauth_scopes_are_read_from_the_manifest_and_checked() {
        let load = |manifest: &str| {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "appsscript.json", manifest);
            write(dir.path(), "Code.gs", "function f() {}");
            Project::load(dir.path()).map(|p| p.oauth_scopes.as_ref().clone()).map_err(|e| e.0)
        };
        assert_eq!(load(r#"{"timeZone":"UTC"}"#).unwrap(), Vec::<String>::new());
        assert_eq!(load(r#"{"oauthScopes":["openid","x"]}"#).unwrap(), ["openid", "x"]);
        assert!(load(r#"{"oauthScopes":"openid"}"#)
            .unwrap_err()
            .ends_with("oauthScopes: must be a list of scope strings"));
        assert!(load(r#"{"oauthScopes":[1]}"#).unwrap_err().ends_with("oauthScopes: every scope is a string"));
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

#[cfg(all(test, unix))]
mod hostile_tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn project_dir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("appsscript.json"), r#"{"timeZone":"UTC"}"#).unwrap();
        std::fs::write(dir.path().join("Code.gs"), "function f() {}").unwrap();
        dir
    }

    #[test]
    fn symlink_loops_are_errors_not_hangs() {
        let dir = project_dir();
        // Two links back to the root: without loop detection, 2^depth folders to visit.
        symlink(dir.path(), dir.path().join("a")).unwrap();
        symlink(dir.path(), dir.path().join("b")).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("symlink loop"), "{err}");
        // A link to itself cannot be resolved at all.
        let dir = project_dir();
        symlink(dir.path().join("self.gs"), dir.path().join("self.gs")).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("self.gs") && err.0.contains("symlink loop"), "{err}");
    }

    #[test]
    fn symlinks_inside_the_project_are_followed_and_outside_refused() {
        let dir = project_dir();
        std::fs::create_dir(dir.path().join("lib")).unwrap();
        std::fs::write(dir.path().join("lib/util.gs"), "var util;").unwrap();
        symlink(dir.path().join("lib"), dir.path().join("shared")).unwrap();
        let names: Vec<String> = Project::load(dir.path()).unwrap().files.iter().map(|f| f.name.clone()).collect();
        assert_eq!(names, ["Code.gs", "lib/util.gs", "shared/util.gs"]);

        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.js"), "var token = 'hunter2';").unwrap();
        symlink(outside.path().join("secret.js"), dir.path().join("secret.js")).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("secret.js") && err.0.contains("outside the project folder"), "{err}");
    }

    #[test]
    fn a_symlink_to_a_hidden_file_inside_the_project_is_refused() {
        let dir = project_dir();
        std::fs::write(dir.path().join(".env"), "var token = 'hunter2';").unwrap();
        symlink(".env", dir.path().join("Lib.gs")).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("Lib.gs") && err.0.contains("hidden file or folder (.env)"), "{err}");
        std::fs::remove_file(dir.path().join("Lib.gs")).unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".git/hook.js"), "var x;").unwrap();
        symlink(".git", dir.path().join("lib")).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("hidden file or folder (.git)"), "{err}");
    }

    #[test]
    fn a_root_dir_outside_the_project_is_refused() {
        let dir = project_dir();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("appsscript.json"), "{}").unwrap();
        std::fs::write(outside.path().join("x.gs"), "var x;").unwrap();
        let clasp = format!(r#"{{"rootDir":{:?}}}"#, outside.path().display().to_string());
        std::fs::write(dir.path().join(".clasp.json"), clasp).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("rootDir") && err.0.contains("outside the project folder"), "{err}");
    }

    #[test]
    fn fifos_devices_and_huge_files_are_refused() {
        let dir = project_dir();
        let fifo = dir.path().join("pipe.gs");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("pipe.gs is a FIFO"), "{err}");
        std::fs::remove_file(&fifo).unwrap();

        // A link to a device is outside the project, and refused as such.
        symlink("/dev/zero", dir.path().join("zero.gs")).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("zero.gs") && err.0.contains("outside the project folder"), "{err}");
        std::fs::remove_file(dir.path().join("zero.gs")).unwrap();

        let big = dir.path().join("big.gs");
        std::fs::write(&big, vec![b' '; SOURCE_BYTES_MAX as usize + 1]).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("big.gs is larger than"), "{err}");
    }

    #[test]
    fn the_number_of_files_is_bounded() {
        let dir = project_dir();
        for i in 0..=SOURCE_FILES_MAX {
            std::fs::write(dir.path().join(format!("f{i}.gs")), "").unwrap();
        }
        let err = Project::load(dir.path()).unwrap_err();
        assert!(err.0.contains("more than 1000 source files"), "{err}");
    }
}
