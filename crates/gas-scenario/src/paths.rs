//! Which files a scenario may name (`project =`, `csv =`): only files in the scenario's
//! folder tree, or in a folder the command line allows (`--allow-path DIR`). A scenario is
//! often someone else's file; without this rule `csv = "/etc/shadow"` or
//! `csv = "../../.clasprc.json"` put a host file's content in reports and snapshots.
//!
//! The rule, once: a path is joined to the scenario's folder, resolved (symlinks and `..`,
//! so a link cannot lead out), and must then be inside one of the allowed roots:
//! - the scenario's folder tree: the folder that holds the scenario file's folder (a
//!   repository's `scenarios/x.toml` may name `../fixtures/p`, a project's
//!   `scenarios/x.toml` may name `project = ".."`), except when that folder is `/`, the
//!   home folder or above it, or a shared scratch folder (sticky, like `/tmp`), where the
//!   tree is the scenario's own folder;
//! - each `--allow-path` folder.
//!
//! Below its root (and the scenario's own folder), no part of the path may be hidden
//! (`.name`): that is where secrets live (`.clasprc.json`, `.ssh/`, `.env`), and no
//! scenario needs one.

use std::path::{Path, PathBuf};

use crate::model::LoadedScenario;
use crate::ScenarioError;

/// A CSV file larger than this is refused (a sheet holds at most 10 million cells; a
/// scenario's sheets are far smaller).
pub const CSV_BYTES_MAX: u64 = 10 * 1024 * 1024;

/// What a rule guards: the files a scenario names (read), or the files a command
/// writes (`--report`, `--junit`, `--html`, `--state`, ...).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Access {
    #[default]
    Read,
    Write,
}

/// The folders a scenario may read files from, or a command may write files in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathPolicy {
    /// The scenario files' folders, as given.
    scenario_dirs: Vec<PathBuf>,
    /// `--allow-path` folders, as given.
    allowed: Vec<PathBuf>,
    /// For writes, the other roots, resolved: the current folder, `call`'s project tree.
    write_roots: Vec<PathBuf>,
    access: Access,
}

impl PathPolicy {
    pub fn new(scenario_path: &Path, allowed: Vec<PathBuf>) -> PathPolicy {
        PathPolicy { scenario_dirs: vec![folder_of(scenario_path)], allowed, ..PathPolicy::default() }
    }

    /// The rule for the files a command writes: the same roots as a scenario's reads
    /// (each scenario's tree, `--allow-path`), and also the current folder (unless it is
    /// `/` or a shared folder such as `/tmp`) and each project's folder tree (`call`'s
    /// state beside its project). A symlink planted in the tree (`report.xml ->
    /// /etc/passwd`) is followed before the check, so it cannot lead a write out.
    pub fn for_writes(scenario_paths: &[&Path], project_dirs: &[&Path], allowed: Vec<PathBuf>) -> PathPolicy {
        let mut write_roots = Vec::new();
        let cwd = std::env::current_dir().and_then(|dir| dir.canonicalize()).ok();
        if let Some(cwd) = cwd.filter(|dir| dir.parent().is_some() && !is_shared(dir)) {
            write_roots.push(cwd);
        }
        for dir in project_dirs {
            let Ok(dir) = dir.canonicalize() else { continue };
            write_roots.extend(tree_root(&dir, home().as_deref(), is_shared));
            write_roots.push(dir);
        }
        let scenario_dirs = scenario_paths.iter().map(|path| folder_of(path)).collect();
        PathPolicy { scenario_dirs, allowed, write_roots, access: Access::Write }
    }

    /// The allowed roots, resolved: each scenario's tree and resolved folder, the other
    /// roots; and the resolved scenario folders that have no tree of their own.
    fn roots(&self) -> Result<(Vec<PathBuf>, Vec<PathBuf>), String> {
        let mut roots = Vec::new();
        let mut treeless = Vec::new();
        for dir in &self.scenario_dirs {
            let scenario_dir = canonical(dir)?;
            match tree_root(&scenario_dir, home().as_deref(), is_shared) {
                Some(tree) => roots.extend([tree, scenario_dir]),
                None => treeless.push(scenario_dir),
            }
        }
        roots.extend(self.write_roots.iter().cloned());
        for dir in &self.allowed {
            let root = canonical(dir).map_err(|e| format!("--allow-path {}: {e}", dir.display()))?;
            if !root.is_dir() {
                return Err(format!("--allow-path {}: not a folder", dir.display()));
            }
            roots.push(root);
        }
        // The tree is often the scenario's own folder: named once in messages.
        let mut unique = Vec::with_capacity(roots.len());
        for root in roots {
            if !unique.contains(&root) {
                unique.push(root);
            }
        }
        Ok((unique, treeless))
    }

    /// `check_inside`, with a word for a scenario that has no tree of its own.
    fn check(&self, resolved: &Path) -> Result<(), String> {
        let (roots, treeless) = self.roots()?;
        let inside = roots.iter().any(|root| resolved.starts_with(root));
        let Some(scenario_dir) = treeless.first().filter(|_| !inside && self.access == Access::Read) else {
            return check_inside_for(resolved, &roots, self.access);
        };
        Err(format!(
            "{} cannot be read: the scenario is directly in {}, the root, home or a shared folder, whose \
             other files are not its own; move it into a folder of its own, or pass --allow-path with the \
             folder it may read",
            resolved.display(),
            scenario_dir.display()
        ))
    }

    /// `path`, a file gas-sim reads or writes for the scenario (a stored snapshot, a
    /// `.snap.new`), resolved where a read or a write would land, if the rule allows it:
    /// symlinks followed (a dangling one to where it points), a file that does not exist
    /// yet by its nearest existing folder. A link out of the tree is refused, so a
    /// snapshot can neither print nor overwrite a host file.
    pub fn check_path(&self, path: &Path) -> Result<PathBuf, String> {
        let resolved = resolve_leniently(path)?;
        self.check(&resolved)?;
        Ok(resolved)
    }

    /// `relative` (as written in the scenario) resolved against the scenario's folder,
    /// if the rule allows it.
    pub fn resolve(&self, relative: &str) -> Result<PathBuf, String> {
        // A read rule is one scenario's: its folder is the first.
        let base = self.scenario_dirs.first().cloned().unwrap_or_else(|| PathBuf::from("."));
        let joined = base.join(relative);
        let resolved = joined.canonicalize().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{} does not exist", joined.display()),
            _ => format!("{}: {e}", joined.display()),
        })?;
        self.check(&resolved).map_err(|why| format!("{relative}: {why}"))?;
        Ok(resolved)
    }
}

/// Symlinks followed to find where a path leads (the kernel's own limit).
const SYMLINK_HOPS_MAX: usize = 40;

/// `path` with every symlink and `..` resolved, even when its last parts do not exist
/// (where a write to it would land).
pub fn resolve_leniently(path: &Path) -> Result<PathBuf, String> {
    resolve_from(path, 0)
}

fn resolve_from(path: &Path, hops: usize) -> Result<PathBuf, String> {
    let mut current = path.to_path_buf();
    for hop in hops..SYMLINK_HOPS_MAX {
        match current.canonicalize() {
            Ok(resolved) => return Ok(resolved),
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(format!("{}: {e}", path.display())),
            Err(_) => {}
        }
        if std::fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink()) {
            let link = std::fs::read_link(&current).map_err(|e| format!("{}: {e}", current.display()))?;
            current = match current.parent() {
                Some(parent) if link.is_relative() => parent.join(link),
                _ => link,
            };
            continue;
        }
        let (Some(parent), Some(name)) = (current.parent(), current.file_name()) else {
            return Err(format!("{}: cannot be resolved", path.display()));
        };
        let parent = if parent.as_os_str().is_empty() { Path::new(".") } else { parent };
        return Ok(resolve_from(parent, hop + 1)?.join(name));
    }
    Err(format!("{}: a symlink loop (more than {SYMLINK_HOPS_MAX} links)", path.display()))
}

/// `Err` naming the flag when an `--allow-path` folder cannot be used (checked once,
/// before any scenario, so the error names `--allow-path`, not a scenario's key).
pub fn check_allowed(dirs: &[PathBuf]) -> Result<(), String> {
    for dir in dirs {
        let root = canonical(dir).map_err(|e| format!("--allow-path {}: {e}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("--allow-path {}: not a folder", dir.display()));
        }
    }
    Ok(())
}

fn canonical(path: &Path) -> Result<PathBuf, String> {
    path.canonicalize().map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// A folder anyone may write to and that only the sticky bit keeps apart (`/tmp`).
fn is_shared(dir: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o1000 != 0)
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        false
    }
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME").filter(|h| !h.is_empty()).and_then(|h| PathBuf::from(h).canonicalize().ok())
}

/// The root of the scenario's tree, from its folder (resolved) and the home folder: the
/// folder above, except when that is `/`, the home folder or above it, or a shared
/// folder (then the scenario's own folder). `None` when the scenario's own folder is
/// one of those: a scenario dropped directly in `/tmp` or `~` has no tree (its
/// neighbours are other people's files, or the user's secrets).
pub fn tree_root(scenario_dir: &Path, home: Option<&Path>, is_shared: impl Fn(&Path) -> bool) -> Option<PathBuf> {
    let unsafe_root =
        |dir: &Path| dir.parent().is_none() || home.is_some_and(|home| home.starts_with(dir)) || is_shared(dir);
    if unsafe_root(scenario_dir) {
        return None;
    }
    match scenario_dir.parent() {
        Some(parent) if !unsafe_root(parent) => Some(parent.to_path_buf()),
        _ => Some(scenario_dir.to_path_buf()),
    }
}

/// `Ok` when `resolved` is inside a root and nothing below the deepest root that holds
/// it is hidden.
pub fn check_inside(resolved: &Path, roots: &[PathBuf]) -> Result<(), String> {
    check_inside_for(resolved, roots, Access::Read)
}

fn check_inside_for(resolved: &Path, roots: &[PathBuf], access: Access) -> Result<(), String> {
    let holding = roots.iter().filter(|root| resolved.starts_with(root));
    let Some(root) = holding.max_by_key(|root| root.components().count()) else {
        // A root inside another (the scenario's folder in its tree) adds nothing to say.
        let outermost = roots.iter().filter(|r| !roots.iter().any(|o| o != *r && r.starts_with(o)));
        let allowed: Vec<String> = outermost.map(|r| r.display().to_string()).collect();
        return Err(match access {
            Access::Read => format!(
                "{} is outside the scenario's folder tree ({}); to read it, pass --allow-path with its folder",
                resolved.display(),
                allowed.join(", ")
            ),
            Access::Write => format!(
                "{} is outside the folders gas-sim writes in (the scenario's or project's folder tree, the \
                 current folder: {}); to write there, pass --allow-path with its folder",
                resolved.display(),
                allowed.join(", ")
            ),
        });
    };
    let below = resolved.strip_prefix(root).unwrap_or(resolved);
    if let Some(hidden) = below.components().find(|c| c.as_os_str().to_string_lossy().starts_with('.')) {
        let (verb, through) = match access {
            Access::Read => ("reads", "through a scenario"),
            Access::Write => ("writes", "unless --allow-path names its folder"),
        };
        return Err(format!(
            "{} is in a hidden file or folder ({}): gas-sim {verb} none {through}",
            resolved.display(),
            hidden.as_os_str().to_string_lossy()
        ));
    }
    Ok(())
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The line of the first `key = "value"` in `text` (sheet sections lose their spans when
/// they are read as tables).
fn line_of_setting(text: &str, key: &str, value: &str) -> Option<usize> {
    let quoted = toml::Value::String(value.to_string()).to_string();
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            line.starts_with(key) && line[key.len()..].trim_start().starts_with('=') && line.contains(quoted.as_str())
        })
        .map(|index| index + 1)
}

/// The text of the CSV file that `csv = "..."` at `key` names.
pub fn read_csv(loaded: &LoadedScenario, csv: &str, key: &str) -> Result<String, ScenarioError> {
    let error = |message: String| match line_of_setting(&loaded.text, "csv", csv) {
        Some(line) => ScenarioError(format!("{}:{line}: {key}: {message}", loaded.path.display())),
        None => loaded.error(key, message),
    };
    let path = loaded.paths.resolve(csv).map_err(error)?;
    gas_engine::files::read_text(&path, CSV_BYTES_MAX).map_err(error)
}

/// The project folder that `project = "..."` names.
pub fn project_dir(loaded: &LoadedScenario) -> Result<PathBuf, ScenarioError> {
    let project = &loaded.file.project;
    let dir = loaded.paths.resolve(project.get_ref()).map_err(|e| loaded.error_at(project, "project", e))?;
    if !dir.is_dir() {
        let message = format!("{} is not a folder: a project is a folder with appsscript.json", dir.display());
        return Err(loaded.error_at(project, "project", message));
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(paths: &[&str]) -> Vec<PathBuf> {
        paths.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn the_tree_is_the_folder_above_the_scenarios_folder() {
        let home = Some(Path::new("/home/ann"));
        let shared = |dir: &Path| dir == Path::new("/tmp");
        let root = |dir: &str, home: Option<&Path>| tree_root(Path::new(dir), home, shared);
        let some = |dir: &str| Some(PathBuf::from(dir));
        assert_eq!(root("/repo/scenarios", home), some("/repo"));
        assert_eq!(root("/home/ann/proj/scenarios", home), some("/home/ann/proj"));
        assert_eq!(root("/srv/x/scenarios", None), some("/srv/x"));
        // Never the home folder, anything above it, `/` or a shared folder: then the
        // scenario's own folder.
        assert_eq!(root("/home/ann/proj", home), some("/home/ann/proj"));
        assert_eq!(root("/srv", None), some("/srv"));
        assert_eq!(root("/tmp/.tmpA1", home), some("/tmp/.tmpA1"));
        // A scenario directly in one of those has no tree at all (`/tmp/x.toml` read
        // `/tmp/secret.csv`).
        assert_eq!(root("/home/ann", home), None);
        assert_eq!(root("/home", home), None);
        assert_eq!(root("/", None), None);
        assert_eq!(root("/tmp", home), None);
    }

    #[test]
    fn a_path_must_be_inside_a_root_and_not_hidden() {
        let allowed = roots(&["/repo", "/data/shared"]);
        assert!(check_inside(Path::new("/repo/fixtures/p"), &allowed).is_ok());
        assert!(check_inside(Path::new("/data/shared/sheet.csv"), &allowed).is_ok());
        let err = check_inside(Path::new("/etc/shadow"), &allowed).unwrap_err();
        assert!(err.contains("outside the scenario's folder tree (/repo, /data/shared)"), "{err}");
        // The scenario's own folder may be hidden (a temporary folder); what is below it not.
        let with_own = roots(&["/tmp", "/tmp/.tmpA1"]);
        assert!(check_inside(Path::new("/tmp/.tmpA1/project"), &with_own).is_ok());
        assert!(check_inside(Path::new("/tmp/.tmpA1/.env"), &with_own).is_err());
        assert!(err.contains("--allow-path"), "{err}");
        // `starts_with` compares components: /repository is not inside /repo.
        assert!(check_inside(Path::new("/repository/x.csv"), &allowed).is_err());
        let err = check_inside(Path::new("/repo/.clasprc.json"), &allowed).unwrap_err();
        assert!(err.contains("hidden file or folder (.clasprc.json)"), "{err}");
        assert!(check_inside(Path::new("/repo/.ssh/id_rsa"), &allowed).is_err());
        // A hidden folder above the root is the user's business.
        assert!(check_inside(Path::new("/home/ann/.ci/repo/x.csv"), &roots(&["/home/ann/.ci/repo"])).is_ok());
    }

    #[test]
    fn resolving_follows_symlinks_before_checking() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.csv"), "hunter2").unwrap();
        let repo = tempfile::tempdir().unwrap();
        let scenarios = repo.path().join("scenarios");
        std::fs::create_dir(&scenarios).unwrap();
        std::fs::write(repo.path().join("ok.csv"), "a,b").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.path().join("secret.csv"), scenarios.join("link.csv")).unwrap();
        let policy = PathPolicy::new(&scenarios.join("x.toml"), Vec::new());
        assert!(policy.resolve("../ok.csv").is_ok());
        #[cfg(unix)]
        assert!(policy.resolve("link.csv").unwrap_err().contains("outside the scenario's folder tree"));
        let err = policy.resolve(&outside.path().join("secret.csv").display().to_string()).unwrap_err();
        assert!(err.contains("outside"), "{err}");
        let allowed = PathPolicy::new(&scenarios.join("x.toml"), vec![outside.path().to_path_buf()]);
        assert!(allowed.resolve("link.csv").is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn files_written_for_a_scenario_are_checked_where_they_land() {
        let outside = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let snapshots = repo.path().join("scenarios/snapshots");
        std::fs::create_dir_all(&snapshots).unwrap();
        let policy = PathPolicy::new(&repo.path().join("scenarios/x.toml"), Vec::new());
        // Not there yet, in a folder not there yet: resolved by the folders that are.
        assert!(policy.check_path(&repo.path().join("scenarios/new/x@UTC.snap")).is_ok());
        // A dangling link leads where the write would land.
        let link = snapshots.join("x@UTC.snap.new");
        std::os::unix::fs::symlink(outside.path().join("victim.txt"), &link).unwrap();
        assert!(policy.check_path(&link).unwrap_err().contains("outside the scenario's folder tree"));
        std::os::unix::fs::symlink("../../.env", snapshots.join("h.snap")).unwrap();
        assert!(policy.check_path(&snapshots.join("h.snap")).unwrap_err().contains("hidden"));
        std::os::unix::fs::symlink("../../kept.snap", snapshots.join("k.snap")).unwrap();
        assert_eq!(
            policy.check_path(&snapshots.join("k.snap")).unwrap(),
            repo.path().canonicalize().unwrap().join("kept.snap")
        );
        let allowed = PathPolicy::new(&repo.path().join("scenarios/x.toml"), vec![outside.path().to_path_buf()]);
        assert!(allowed.check_path(&link).is_ok());
    }

    #[test]
    fn a_scenario_directly_in_a_shared_folder_reads_nothing_unless_allowed() {
        let shared = std::env::temp_dir().canonicalize().unwrap();
        if !is_shared(&shared) {
            return; // No sticky temp folder here: the rule is covered by tree_root's test.
        }
        let secret = tempfile::Builder::new().prefix("gas-sim-secret-").suffix(".csv").tempfile_in(&shared).unwrap();
        let name = secret.path().file_name().unwrap().to_string_lossy().into_owned();
        let policy = PathPolicy::new(&shared.join("x.toml"), Vec::new());
        let err = policy.resolve(&name).unwrap_err();
        assert!(err.contains("the scenario is directly in") && err.contains("--allow-path"), "{err}");
        assert!(policy.check_path(&shared.join("snapshots/x@UTC.snap")).is_err());
        let allowed = PathPolicy::new(&shared.join("x.toml"), vec![shared.clone()]);
        assert!(allowed.resolve(&name).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn writes_follow_links_and_may_land_in_the_trees_and_the_current_folder() {
        let outside = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(repo.path().join("scenarios")).unwrap();
        std::fs::create_dir_all(repo.path().join("work/p")).unwrap();
        let scenario = repo.path().join("scenarios/x.toml");
        let policy = PathPolicy::for_writes(&[&scenario], &[], Vec::new());
        assert!(policy.check_path(&repo.path().join("report.xml")).is_ok());
        let link = repo.path().join("junit.xml");
        std::os::unix::fs::symlink(outside.path().join("passwd"), &link).unwrap();
        let err = policy.check_path(&link).unwrap_err();
        assert!(err.contains("is outside the folders gas-sim writes in") && err.contains("--allow-path"), "{err}");
        std::os::unix::fs::symlink(".git/hooks/pre-commit", repo.path().join("hook.xml")).unwrap();
        let err = policy.check_path(&repo.path().join("hook.xml")).unwrap_err();
        assert!(err.contains("hidden file or folder (.git)") && err.contains("unless --allow-path"), "{err}");
        assert!(PathPolicy::for_writes(&[&scenario], &[], vec![outside.path().into()]).check_path(&link).is_ok());
        // A project's tree: its folder and the folder holding it.
        let project = repo.path().join("work/p");
        let for_call = PathPolicy::for_writes(&[], &[&project], Vec::new());
        assert!(for_call.check_path(&repo.path().join("work/state.json")).is_ok());
        assert!(for_call.check_path(&outside.path().join("state.json")).is_err());
        // The current folder (this test's: the crate's folder).
        let cwd = std::env::current_dir().unwrap().join("report.json");
        assert!(PathPolicy::for_writes(&[], &[], Vec::new()).check_path(&cwd).is_ok());
    }

    #[test]
    fn a_bad_allow_path_names_the_flag() {
        let err = check_allowed(&[PathBuf::from("/no/such/folder")]).unwrap_err();
        assert!(err.starts_with("--allow-path /no/such/folder: "), "{err}");
        let file = tempfile::NamedTempFile::new().unwrap();
        assert!(check_allowed(&[file.path().to_path_buf()]).unwrap_err().contains("not a folder"));
        assert!(check_allowed(&[std::env::temp_dir()]).is_ok());
    }

    #[test]
    fn a_csv_setting_is_found_by_line() {
        let text = "name = \"x\"\n[spreadsheets.sheets.Log]\ncsv = \"../a.csv\"\n";
        assert_eq!(line_of_setting(text, "csv", "../a.csv"), Some(3));
        assert_eq!(line_of_setting(text, "csv", "b.csv"), None);
    }
}
