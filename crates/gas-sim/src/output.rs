//! Writing files the user asked for (`--state`, `--report`, snapshots) like a careful
//! tool:
//! - checked before any work starts (`check_writable`): the folder exists and takes a
//!   file, the file is not read-only and is a regular file, so a campaign's report is never
//!   lost at the end;
//! - atomically: a temp file beside the target, then a rename, so an interrupted run never
//!   leaves half a file;
//! - through symlinks: a symlinked state file or snapshot is written where it points (the
//!   link stays a link; replacing it with a plain file forked the world);
//! - temp files are removed on every path: on error and panic (dropped), on SIGINT, SIGTERM
//!   and SIGHUP (a signal thread removes the registered ones), and after a `kill -9` the
//!   next write beside the same target sweeps those of processes that are gone.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// Symlinks followed to find the file a path names (as the kernel's own limit).
const SYMLINK_HOPS_MAX: usize = 40;
/// Where gas-sim's temp files start: `.{target name}.gas-sim-{pid}-`.
const TEMP_MARK: &str = ".gas-sim-";
const TEMP_SUFFIX: &str = ".tmp";

/// The file a write to `path` lands in: `path` with its symlinks followed (a dangling one
/// to where it points), relative links resolved against the link's folder.
pub fn target_of(path: &Path) -> Result<PathBuf, String> {
    let mut current = path.to_path_buf();
    for _ in 0..SYMLINK_HOPS_MAX {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current).map_err(|e| format!("{}: {e}", current.display()))?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(format!("{}: a symlink loop (more than {SYMLINK_HOPS_MAX} links)", path.display()))
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// `Err` with what is wrong unless a file can be written at `path` (`what` names the
/// flag in the message, e.g. `--state`). Run it before the work whose result goes there.
pub fn check_writable(path: &Path, what: &str) -> Result<(), String> {
    let fail = |why: String| Err(format!("{what} {}: {why}", path.display()));
    let target = match target_of(path) {
        Ok(target) => target,
        Err(why) => return fail(why),
    };
    let is = if target == path { "is".to_string() } else { format!("points to {}, which is", target.display()) };
    match std::fs::metadata(&target) {
        Ok(meta) if !meta.is_file() => return fail(format!("{is} not a regular file")),
        Ok(meta) if meta.permissions().readonly() || !may_write(&target) => {
            return fail(format!("{is} read-only: gas-sim does not overwrite it"))
        }
        _ => {}
    }
    let folder = folder_of(&target);
    if !folder.is_dir() {
        return fail(format!("the folder {} does not exist", folder.display()));
    }
    // The only sure test that a folder takes a file (modes, ACLs, read-only mounts).
    match temp_file_beside(&target) {
        Ok(probe) => drop(probe),
        Err(e) => return fail(format!("cannot write in {}: {e}", folder.display())),
    }
    Ok(())
}

/// Names the project loader reads, in any folder of a project: writing one there (even
/// a new file) changes the project for every later run (`--state State.gs` broke every
/// later `call`).
fn is_loaded_name(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
    [".gs", ".js", ".html"].iter().any(|ext| name.ends_with(ext)) || name == "appsscript.json" || name == ".clasp.json"
}

/// `Err` when a write to `path` would land on one of gas-sim's inputs: a file of a loaded
/// project (sources, `appsscript.json`, `.clasp.json`), a file in a project's folder tree
/// named like one, or an input file of the command (a scenario being run, a breakages
/// file). Other files inside a project's folder (`state.json`, `mutation.json`) are fine:
/// the loader never reads them.
pub fn check_not_an_input(
    path: &Path,
    what: &str,
    projects: &[&gas_engine::Project],
    inputs: &[&Path],
) -> Result<(), String> {
    let fail = |why: String| Err(format!("{what} {}: {why}", path.display()));
    let target = target_of(path)?;
    let target = gas_scenario::paths::resolve_leniently(&target).unwrap_or(target);
    let same = |file: &Path| file.canonicalize().is_ok_and(|file| file == target);
    if inputs.iter().any(|input| same(input)) {
        return fail("that is an input of this command; gas-sim never writes over its input".to_string());
    }
    for project in projects {
        if project.files_on_disk().iter().any(|file| same(file)) {
            return fail(format!(
                "that is a file of the project {}; gas-sim never writes into a project",
                project.root.display()
            ));
        }
        let root = project.root.canonicalize().unwrap_or_else(|_| project.root.clone());
        if target.starts_with(&root) && is_loaded_name(&target) {
            return fail(format!(
                "inside the project {}, a file named like a source or a manifest (.gs, .js, .html, \
                 appsscript.json, .clasp.json) would be loaded with it; gas-sim never writes one",
                project.root.display()
            ));
        }
    }
    Ok(())
}

/// The one rule for every file a command writes, checked before the work and again at
/// the write: a regular file that can be written (`check_writable`), never one of the
/// command's inputs or a project's file (`check_not_an_input`), and, symlinks followed,
/// inside the folders the command writes in (`PathPolicy::for_writes`: the scenarios'
/// or project's trees, the current folder, `--allow-path`; nothing hidden below them).
pub struct Outputs {
    policy: gas_scenario::paths::PathPolicy,
    projects: Vec<std::sync::Arc<gas_engine::Project>>,
    inputs: Vec<PathBuf>,
}

impl Outputs {
    pub fn new(
        policy: gas_scenario::paths::PathPolicy,
        projects: Vec<std::sync::Arc<gas_engine::Project>>,
        inputs: Vec<PathBuf>,
    ) -> Outputs {
        Outputs { policy, projects, inputs }
    }

    /// The outputs of `run`, `test` and `mutate` on `scenarios` (their files are inputs).
    pub fn of_scenarios(scenarios: &[gas_scenario::PreparedScenario], allowed: &[PathBuf]) -> Outputs {
        let paths: Vec<&Path> = scenarios.iter().map(|s| s.path.as_path()).collect();
        let policy = gas_scenario::paths::PathPolicy::for_writes(&paths, &[], allowed.to_vec());
        let inputs = paths.iter().map(|p| p.to_path_buf()).collect();
        Outputs::new(policy, scenarios.iter().map(|s| s.project.clone()).collect(), inputs)
    }

    /// Adds input files (a breakages file, a diff) that no output may replace.
    pub fn with_inputs<'p>(mut self, inputs: impl IntoIterator<Item = &'p Path>) -> Outputs {
        self.inputs.extend(inputs.into_iter().map(Path::to_path_buf));
        self
    }

    fn not_an_input(&self, path: &Path, what: &str) -> Result<(), String> {
        let projects: Vec<&gas_engine::Project> = self.projects.iter().map(|p| &**p).collect();
        let inputs: Vec<&Path> = self.inputs.iter().map(PathBuf::as_path).collect();
        check_not_an_input(path, what, &projects, &inputs)
    }

    /// `Err` naming `what` (the flag) unless `path` may be written.
    pub fn check(&self, path: &Path, what: &str) -> Result<(), String> {
        check_writable(path, what)?;
        self.not_an_input(path, what)?;
        self.policy.check_path(path).map(|_| ()).map_err(|why| format!("{what} {}: {why}", path.display()))
    }

    /// Checks `path` again (a link may have been planted during the work), then writes
    /// `text` there atomically.
    pub fn write(&self, path: &Path, what: &str, text: &str) -> Result<(), String> {
        self.check(path, what)?;
        write_atomically(path, text)
    }

    /// `write`, going as far as `durability` says before it returns (`serve --sync`).
    pub fn write_with(&self, path: &Path, what: &str, text: &str, durability: Durability) -> Result<(), String> {
        self.check(path, what)?;
        write_atomically_with(path, text, durability)
    }

    /// `Err` unless the step summary file at `path` may be appended to. The runner sets
    /// `GITHUB_STEP_SUMMARY`, not the pull request, and its file lives outside the
    /// workspace (`/home/runner/work/_temp/_runner_file_commands/step_summary_*`), so it
    /// may be outside the roots; but it is a plain file the runner made: never a symlink,
    /// a FIFO or device, an input or a project's file.
    pub fn check_step_summary(&self, path: &Path) -> Result<(), String> {
        let what = "GITHUB_STEP_SUMMARY";
        let fail = |why: &str| Err(format!("{what} {}: {why}", path.display()));
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return fail("is a symlink; the runner's summary file is a plain file, and gas-sim appends only to one")
            }
            Ok(meta) if !meta.is_file() => return fail("is not a regular file"),
            _ => {}
        }
        self.not_an_input(path, what)
    }

    /// Appends `text` to the step summary at `path` (checked again; the runner reads the
    /// file at the step's end, so this is an append, not an atomic replace). Opened
    /// without following a symlink, so one planted after the check is refused too.
    pub fn append_step_summary(&self, path: &Path, text: &str) -> Result<(), String> {
        self.check_step_summary(path)?;
        let fail = |e: std::io::Error| format!("GITHUB_STEP_SUMMARY {}: {e}", path.display());
        let mut options = std::fs::OpenOptions::new();
        options.append(true).create(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let mut file = options.open(path).map_err(fail)?;
        if !file.metadata().map_err(fail)?.is_file() {
            return Err(format!("GITHUB_STEP_SUMMARY {}: is not a regular file", path.display()));
        }
        file.write_all(text.as_bytes()).map_err(fail)
    }
}

/// `message` with the operating system's error texts in words: Rust shows them as
/// `Not a directory (os error 20)`; a user reads `not a directory`. Applied once, where
/// the CLI prints an error.
pub fn plain_os_errors(message: &str) -> String {
    const MARK: &str = " (os error ";
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find(MARK) {
        let after = &rest[at + MARK.len()..];
        let Some(close) = after.find(')').filter(|&c| c > 0 && after[..c].bytes().all(|b| b.is_ascii_digit())) else {
            out.push_str(&rest[..at + MARK.len()]);
            rest = after;
            continue;
        };
        // The OS text starts after the last `: ` before the code; its capital goes.
        let phrase_start = rest[..at].rfind(": ").map_or(0, |k| k + 2);
        out.push_str(&rest[..phrase_start]);
        let mut phrase = rest[phrase_start..at].chars();
        let mut second = phrase.clone().skip(1);
        if let Some(first) = phrase.next() {
            if second.next().is_some_and(|c| c.is_lowercase()) {
                out.extend(first.to_lowercase());
            } else {
                out.push(first);
            }
            out.push_str(phrase.as_str());
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Whether this process may write the existing file `path` (`access(2)`: the mode bits
/// for this user, ACLs, a read-only mount).
fn may_write(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let Ok(name) = std::ffi::CString::new(path.as_os_str().as_bytes()) else { return false };
        // SAFETY: `name` is a NUL-terminated path that outlives the call.
        unsafe { libc::access(name.as_ptr(), libc::W_OK) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        true
    }
}

fn temp_prefix(target: &Path) -> String {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    format!(".{name}{TEMP_MARK}")
}

/// A new temp file in `target`'s folder, named `.{name}.gas-sim-{pid}-{random}.tmp` (the
/// pid tells a sweep whether its writer is still running).
fn temp_file_beside(target: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let prefix = format!("{}{}-", temp_prefix(target), std::process::id());
    tempfile::Builder::new().prefix(&prefix).suffix(TEMP_SUFFIX).tempfile_in(folder_of(target))
}

/// How far an atomic write goes before it returns. Either way the file is never
/// half-written: a reader (or a restart) finds the old file or the new one, whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// The new file's data, then its folder's entry, are on disk (fsync): an OS crash or
    /// a power loss after the return keeps it.
    Disk,
    /// The new file is complete in the OS's cache and renamed into place: the process
    /// can be killed at any moment after the return without losing it (the OS writes it
    /// out in its own time); an OS crash or power loss before the OS has written it out
    /// may bring back the previous file (on some file systems an empty one).
    Os,
}

/// Writes `text` to `path` atomically (through a symlink to its target), its data on
/// disk before the rename. Refuses a read-only file, as `check_writable` does.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    write_atomically_as(path, text, true).map(|_| ())
}

/// `write_atomically` as far as `durability` says.
fn write_atomically_with(path: &Path, text: &str, durability: Durability) -> Result<(), String> {
    let target = write_atomically_as(path, text, durability == Durability::Disk)?;
    if durability == Durability::Disk {
        // The rename is an entry of the folder: on disk only once the folder is synced.
        let dir = folder_of(&target);
        let synced = std::fs::File::open(dir).and_then(|folder| folder.sync_all());
        synced.map_err(|e| format!("cannot write {}: syncing its folder: {e}", target.display()))?;
    }
    Ok(())
}

/// The atomic write; returns the file written (the link's target).
fn write_atomically_as(path: &Path, text: &str, sync_data: bool) -> Result<PathBuf, String> {
    check_writable(path, "cannot write")?;
    let target = target_of(path)?;
    let dir = folder_of(&target);
    sweep_stale_temp_files(&target);
    let temp = temp_file_beside(&target).map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
    let registered = Registered::new(temp.path());
    let written = write_temp(temp, &target, text, sync_data);
    drop(registered);
    written.map(|()| target)
}

/// Writes the new file `path` atomically: complete or absent, never half-written, and
/// never over a file that appeared since the caller looked (`persist_noclobber`).
pub fn write_new_atomically(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut temp = temp_file_beside(path).map_err(fail)?;
    let registered = Registered::new(temp.path());
    let written = (|| {
        temp.write_all(text.as_bytes()).map_err(fail)?;
        temp.as_file().sync_all().map_err(fail)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o644)).map_err(fail)?;
        }
        temp.persist_noclobber(path).map(|_| ()).map_err(|e| fail(e.error))
    })();
    drop(registered);
    written
}

/// Set, a write stops with its temp file complete and waits for stdin to close: the CLI
/// tests send a signal then, to see the temp file removed.
const HOLD_VARIABLE: &str = "GAS_SIM_TEST_HOLD_WRITES";

fn write_temp(mut temp: tempfile::NamedTempFile, target: &Path, text: &str, sync_data: bool) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", target.display());
    temp.write_all(text.as_bytes()).map_err(fail)?;
    if sync_data {
        temp.as_file().sync_all().map_err(fail)?;
    }
    if std::env::var_os(HOLD_VARIABLE).is_some_and(|v| v == "1") {
        eprintln!("holding {}", temp.path().display());
        let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut Vec::new());
    }
    // A temp file is private (0600); the file it replaces keeps its mode, a new one gets
    // the usual 0644, as if written in place.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(target).map(|m| m.permissions().mode() & 0o7777).unwrap_or(0o644);
        std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(mode)).map_err(fail)?;
    }
    temp.persist(target).map_err(|e| fail(e.error))?;
    Ok(())
}

/// Removes gas-sim's temp files beside `target` whose process is gone (a `kill -9` in
/// the middle of a write; a live process's are left alone).
fn sweep_stale_temp_files(target: &Path) {
    let prefix = temp_prefix(target);
    let Ok(entries) = std::fs::read_dir(folder_of(target)) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(TEMP_SUFFIX)) else { continue };
        let Some(pid) = rest.split('-').next().and_then(|pid| pid.parse::<u32>().ok()) else { continue };
        if !process_alive(pid) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
        // SAFETY: signal 0 only checks that the process exists; EPERM means it does.
        unsafe { libc::kill(pid, 0) == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM) }
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Temp files being written now: what the signal thread removes.
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static SIGNALS: Once = Once::new();

/// The command handles SIGINT, SIGTERM and SIGHUP itself (`serve` drains and writes its
/// state, then exits): the cleanup thread must not take them and die. Call before the
/// first write.
pub fn signals_handled_by_caller() {
    SIGNALS.call_once(|| {});
}

/// A temp file registered for removal on a signal while it exists.
struct Registered(PathBuf);

impl Registered {
    fn new(path: &Path) -> Registered {
        SIGNALS.call_once(install_signal_cleanup);
        IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner()).push(path.to_path_buf());
        Registered(path.to_path_buf())
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner()).retain(|p| *p != self.0);
    }
}

/// On SIGINT, SIGTERM or SIGHUP: remove the temp files in flight, then die of the signal
/// as if it had not been caught (same exit status for the shell). The work happens on a
/// thread, not in a signal handler, so it may take a lock and call `remove_file`.
fn install_signal_cleanup() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                for path in IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner()).drain(..) {
                    let _ = std::fs::remove_file(path);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_durability_replaces_the_file_whole_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        for (durability, text) in [(Durability::Os, "{\"a\":1}\n"), (Durability::Disk, "{\"b\":2}\n")] {
            write_atomically_with(&path, text, durability).unwrap();
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{durability:?}");
        }
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("state.json")]);
    }

    #[test]
    fn names_the_project_loader_reads_are_never_written_in_a_project() {
        for name in ["Code.gs", "lib/x.js", "Page.HTML", "appsscript.json", ".clasp.json"] {
            assert!(is_loaded_name(Path::new(name)), "{name}");
        }
        for name in ["state.json", "mutation.json", "x@UTC.snap", "gs", "notes.gs.txt"] {
            assert!(!is_loaded_name(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn os_error_texts_are_shown_in_words() {
        assert_eq!(
            plain_os_errors("--state /a/b: Too many levels of symbolic links (os error 40)"),
            "--state /a/b: too many levels of symbolic links"
        );
        assert_eq!(plain_os_errors("x: Not a directory (os error 20); y"), "x: not a directory; y");
        assert_eq!(plain_os_errors("No such file or directory (os error 2)"), "no such file or directory");
        assert_eq!(plain_os_errors("a (os error x) b"), "a (os error x) b");
        assert_eq!(plain_os_errors("plain"), "plain");
    }

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

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused_and_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        std::fs::write(&path, "kept").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = check_writable(&path, "--state").unwrap_err();
        assert!(err.starts_with("--state ") && err.contains("is read-only"), "{err}");
        assert!(write_atomically(&path, "lost").unwrap_err().contains("read-only"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        let real = dir.path().join("real/state.json");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("state.json");
        std::os::unix::fs::symlink("real/state.json", &link).unwrap();
        write_atomically(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A dangling link creates its target.
        let dangling = dir.path().join("later.json");
        std::os::unix::fs::symlink("real/later.json", &dangling).unwrap();
        write_atomically(&dangling, "made").unwrap();
        assert_eq!(std::fs::read_to_string(dir.path().join("real/later.json")).unwrap(), "made");
        // A loop is an error.
        let a = dir.path().join("a.json");
        std::os::unix::fs::symlink("b.json", &a).unwrap();
        std::os::unix::fs::symlink("a.json", dir.path().join("b.json")).unwrap();
        assert!(check_writable(&a, "--state").unwrap_err().contains("symlink loop"));
    }

    #[test]
    fn folders_that_do_not_exist_and_non_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_writable(&dir.path().join("no/such/state.json"), "--state").unwrap_err();
        assert!(err.contains("does not exist"), "{err}");
        let err = check_writable(dir.path(), "--report").unwrap_err();
        assert!(err.contains("is not a regular file"), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the probe is removed");
    }

    #[cfg(unix)]
    #[test]
    fn stale_temp_files_of_dead_processes_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        // No process has this pid (above Linux's maximum, 2^22).
        let stale = dir.path().join(format!(".state.json{TEMP_MARK}4194305-abc123{TEMP_SUFFIX}"));
        let live = dir.path().join(format!(".state.json{TEMP_MARK}1-abc123{TEMP_SUFFIX}"));
        let other = dir.path().join(".other.json.gas-sim-4194305-x.tmp");
        for file in [&stale, &live, &other] {
            std::fs::write(file, "partial").unwrap();
        }
        write_atomically(&path, "whole").unwrap();
        assert!(!stale.exists(), "a dead process's temp file is removed");
        assert!(live.exists(), "pid 1 is alive: its temp file is left alone");
        assert!(other.exists(), "another target's temp files are not this write's business");
    }
}
