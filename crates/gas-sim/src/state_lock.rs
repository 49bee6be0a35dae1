//! One user of a state file at a time: whatever loads a state, runs on it and writes it
//! back (`call`, and later `serve`) holds its lock for the whole load-run-write, so two
//! at once neither lose an execution nor get the same execution number (and with it the
//! same UUIDs and `Math.random` values).
//!
//! The lock is on a sidecar file, `{state}.lock` beside the file the state path leads to
//! (symlinks followed, so two links to one state share one lock), never on the state
//! itself: a write replaces the state's inode by a rename, and a lock on the old inode
//! would not stop the next reader. The sidecar is never removed (removing a lock file
//! races with the next locker); the kernel releases the lock when its holder exits, even
//! after a `kill -9`.

use std::fs::File;
use std::path::{Path, PathBuf};

/// How long a user of a state file waits for another one's lock before it gives up
/// (a `call` takes well under a second; a queue of 20 at once a few seconds).
pub const STATE_LOCK_WAIT_MS_MAX: u64 = 60_000;
/// How often a waiting user tries the lock again.
const STATE_LOCK_POLL_MS: u64 = 20;
/// How long a user waits before it says on stderr what it waits for.
const STATE_LOCK_NOTICE_MS: u64 = 1_000;

/// A held lock on a state file; released when dropped.
#[derive(Debug)]
pub struct StateLock {
    file: File,
}

impl Drop for StateLock {
    fn drop(&mut self) {
        // The kernel also releases it when the file closes; said here for the reader.
        let _ = self.file.unlock();
    }
}

/// The sidecar lock file of the state at `state`: beside the file it leads to.
pub fn lock_path_of(state: &Path) -> Result<PathBuf, String> {
    let target = crate::output::target_of(state)?;
    let target = gas_scenario::paths::resolve_leniently(&target).unwrap_or(target);
    let mut name = target.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".lock");
    Ok(target.with_file_name(name))
}

/// Locks the state at `state` for this process, waiting at most `wait_ms_max` for
/// another holder; `what` names the flag in messages (`--state`).
pub fn lock_state(state: &Path, what: &str, wait_ms_max: u64) -> Result<StateLock, String> {
    let path = lock_path_of(state)?;
    let fail = |why: String| format!("{what} {}: {why}", state.display());
    let file = open_lock_file(&path).map_err(fail)?;
    let mut waited_ms = 0;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(StateLock { file }),
            Err(std::fs::TryLockError::WouldBlock) if waited_ms < wait_ms_max => {
                if waited_ms == STATE_LOCK_NOTICE_MS {
                    eprintln!(
                        "gas-sim: {what} {}: waiting for another gas-sim to release its lock ({}), up to {} s",
                        state.display(),
                        path.display(),
                        wait_ms_max / 1000
                    );
                }
                std::thread::sleep(std::time::Duration::from_millis(STATE_LOCK_POLL_MS));
                waited_ms += STATE_LOCK_POLL_MS;
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(fail(format!(
                    "another gas-sim has held its lock ({}) for more than {} s; try again when it has finished",
                    path.display(),
                    wait_ms_max / 1000
                )))
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(fail(format!("cannot lock {}: {e}", path.display()))),
        }
    }
}

/// Opens (or makes) the sidecar without following a symlink and without truncating: a
/// planted `state.json.lock -> /etc/passwd` is refused, not created or emptied.
fn open_lock_file(path: &Path) -> Result<File, String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ELOOP) => format!("its lock file {} is a symlink; gas-sim locks only a plain file", path.display()),
        _ => format!("cannot open its lock file {}: {e}", path.display()),
    })?;
    let meta = file.metadata().map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("its lock file {} is not a regular file", path.display()));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_waits_then_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state.json");
        let held = lock_state(&state, "--state", 0).unwrap();
        assert_eq!(lock_path_of(&state).unwrap(), dir.path().canonicalize().unwrap().join("state.json.lock"));
        let err = lock_state(&state, "--state", 40).unwrap_err();
        assert!(err.starts_with("--state ") && err.contains("another gas-sim has held its lock"), "{err}");
        drop(held);
        assert!(lock_state(&state, "--state", 0).is_ok(), "released on drop");
    }

    #[cfg(unix)]
    #[test]
    fn links_to_one_state_share_its_lock_and_a_linked_lock_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("world.json"), "{}").unwrap();
        std::os::unix::fs::symlink("world.json", dir.path().join("state.json")).unwrap();
        let held = lock_state(&dir.path().join("world.json"), "--state", 0).unwrap();
        assert!(lock_state(&dir.path().join("state.json"), "--state", 0).is_err());
        drop(held);
        let outside = dir.path().join("passwd");
        std::fs::write(&outside, "root").unwrap();
        std::os::unix::fs::symlink(&outside, dir.path().join("other.json.lock")).unwrap();
        let err = lock_state(&dir.path().join("other.json"), "--state", 0).unwrap_err();
        assert!(err.contains("is a symlink"), "{err}");
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "root");
    }
}
