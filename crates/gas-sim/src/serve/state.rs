//! The world `serve` runs on, and its `--state` file.
//!
//! Executions share one `World` (as in a scenario). After each one ends, the state is
//! written before its client is answered, so every answer a client got is in the file:
//! a writer thread takes a copy of the world and writes it atomically
//! (`output::Outputs::write_with`: a temp file, then a rename), covering every execution
//! that had ended when it took the copy. One write covers many: the executions that end
//! while a write is under way wait for the next one, a single write for all of them (a
//! group commit), so under load the writes per second stay about the same while the
//! executions per write grow. `--sync` says how far a write goes before its clients are
//! answered ([`Durability`]): into the OS (the default; a `kill -9` of gas-sim cannot undo
//! it) or onto the disk (fsync; an OS crash or power loss cannot either). The copy
//! leaves out the locks of executions still running (a state file between executions
//! holds none, `World::check_state`); what such an execution has already done stays, as
//! on the platform, which does not roll a script back.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};

use gas_platform::World;

use crate::output::{Durability, Outputs};
use crate::state_lock::StateLock;

/// Where the state goes, and the lock held on it while serving.
pub struct StateFile {
    pub path: PathBuf,
    pub outputs: Outputs,
    /// How far each write goes before the executions it covers are answered (`--sync`).
    pub durability: Durability,
    /// Held until `serve` exits: no `call` or second `serve` loads the state meanwhile.
    pub _lock: StateLock,
}

#[derive(Default)]
struct Progress {
    /// Executions ended so far (each one's number is its position).
    ended: u64,
    /// Executions ended when the last written copy was taken.
    written: u64,
    /// Writes done by the loop (each covers one execution or more).
    writes: u64,
    /// The last write's error, until a write succeeds.
    error: Option<String>,
    stop: bool,
}

/// Writes the state after executions end; answers whether an ended execution is in the
/// file.
pub struct StateWriter {
    world: Arc<Mutex<World>>,
    file: Option<StateFile>,
    progress: Mutex<Progress>,
    /// The writer waits here for an execution to end (or the stop).
    ended: Condvar,
    /// Ended executions wait here for the write that covers them.
    written: Condvar,
}

impl StateWriter {
    pub fn new(world: Arc<Mutex<World>>, file: Option<StateFile>) -> Arc<StateWriter> {
        Arc::new(StateWriter {
            world,
            file,
            progress: Mutex::new(Progress::default()),
            ended: Condvar::new(),
            written: Condvar::new(),
        })
    }

    pub fn path(&self) -> Option<&std::path::Path> {
        self.file.as_ref().map(|f| f.path.as_path())
    }

    fn progress(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// An execution has ended (its effects are in the world): returns once a state file
    /// that holds it is written, or the write's error. Without `--state`, at once.
    pub fn ended(&self) -> Result<(), String> {
        if self.file.is_none() {
            return Ok(());
        }
        let mut progress = self.progress();
        progress.ended += 1;
        let mine = progress.ended;
        self.ended.notify_one();
        loop {
            if progress.written >= mine {
                return Ok(());
            }
            if let Some(error) = &progress.error {
                return Err(error.clone());
            }
            if progress.stop {
                return Err("gas-sim serve is stopping; the state was not written".into());
            }
            progress = self.written.wait(progress).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// The writer's loop: runs until `stop`, then writes once more if anything ended
    /// since the last write.
    pub fn run(&self) {
        let Some(file) = &self.file else { return };
        loop {
            let target = {
                let mut progress = self.progress();
                while progress.ended == progress.written && !progress.stop {
                    progress = self.ended.wait(progress).unwrap_or_else(|p| p.into_inner());
                }
                if progress.ended == progress.written {
                    return;
                }
                progress.error = None;
                progress.ended
            };
            let result = write_copy(&self.world, file);
            let mut progress = self.progress();
            match result {
                Ok(()) => {
                    progress.written = target;
                    progress.writes += 1;
                }
                Err(error) => progress.error = Some(error),
            }
            self.written.notify_all();
        }
    }

    /// Writes the world now (at the start, so a new state file exists from the first
    /// request; and at the end).
    pub fn write_now(&self) -> Result<(), String> {
        match &self.file {
            Some(file) => write_copy(&self.world, file),
            None => Ok(()),
        }
    }

    /// Executions ended and the loop's writes that covered them, so far.
    pub fn counts(&self) -> (u64, u64) {
        let progress = self.progress();
        (progress.ended, progress.writes)
    }

    /// Asks the loop to finish (after a last write).
    pub fn stop(&self) {
        self.progress().stop = true;
        self.ended.notify_all();
        self.written.notify_all();
    }
}

fn write_copy(world: &Mutex<World>, file: &StateFile) -> Result<(), String> {
    let copy = {
        let world = world.lock().unwrap_or_else(|p| p.into_inner());
        let mut copy = world.clone();
        copy.locks = without_running_holders(&world.locks);
        copy
    };
    // One line: a third of `World::to_json`'s indented size (a sheet's row is an array of
    // cells), and a third of the time to write; `call` and `serve` load either.
    let mut text =
        serde_json::to_string(&copy).map_err(|e| format!("gas-sim bug: the world does not serialize: {e}"))?;
    text.push('\n');
    file.outputs.write_with(&file.path, "--state", &text, file.durability)
}

/// The locks as a state file keeps them: an execution that is still running holds none.
fn without_running_holders(locks: &gas_platform::lock::Locks) -> gas_platform::lock::Locks {
    use gas_platform::lock::LockHolder;
    let keep = |holder: Option<LockHolder>| holder.filter(|h| !matches!(h, LockHolder::Execution(_)));
    gas_platform::lock::Locks { script: keep(locks.script), user: keep(locks.user), document: keep(locks.document) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gas_platform::lock::{LockHolder, LockKind, Locks};

    #[test]
    fn a_running_executions_lock_is_not_written() {
        let mut locks = Locks::default();
        let _ = locks.try_acquire(LockKind::Script, 7, 0);
        locks.user = Some(LockHolder::Outside { until_utc_ms: 5 });
        let kept = without_running_holders(&locks);
        assert_eq!(kept.script, None);
        assert_eq!(kept.user, Some(LockHolder::Outside { until_utc_ms: 5 }));
        assert!(kept.check_state().is_ok());
    }

    #[test]
    fn without_a_state_file_an_ended_execution_is_answered_at_once() {
        let writer = StateWriter::new(Arc::new(Mutex::new(World::new())), None);
        assert_eq!(writer.ended(), Ok(()));
        writer.run();
    }
}
