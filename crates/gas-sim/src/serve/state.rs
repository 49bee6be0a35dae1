//! The world `serve` runs on, and its `--state` file.
//!
//! Executions share one `World` (as in a scenario). After each one ends, the state is
//! written before its client is answered, so every answer a client got is in the file.
//! A write is a line of the state's journal (`state_journal`): what changed since the
//! last write (`gas_platform::journal::Recorder` keeps the world as written and diffs
//! it), so it costs the size of the change, not of the world; when the journal outgrows
//! the state, the state is written whole (atomically: a temp file, then a rename) and a
//! new journal begins. At the start and at a clean stop the state is written whole, and
//! the stop removes the journal. One write covers many executions: the ones that end
//! while a write is under way wait for the next one, a single write for all of them (a
//! group commit). `--sync` says how far a write goes before its clients are answered
//! ([`Durability`]): into the OS (the default; a `kill -9` of gas-sim cannot undo it) or
//! onto the disk (fsync; an OS crash or power loss cannot either). What is written
//! leaves out the locks of executions still running (a state file between executions
//! holds none, `World::check_state`); what such an execution has already done stays, as
//! on the platform, which does not roll a script back.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};

use gas_platform::journal::Recorder;
use gas_platform::World;

use crate::output::{Durability, Outputs};
use crate::state_journal::{Appender, COMPACT_BYTES_MIN};
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
    /// The world as written, and the journal: set by the first whole write; used by the
    /// writer's loop alone after that.
    journal: Mutex<Option<Journal>>,
}

struct Journal {
    recorder: Recorder,
    appender: Appender,
    /// The size of the state file as last written whole.
    state_bytes: u64,
}

impl StateWriter {
    pub fn new(world: Arc<Mutex<World>>, file: Option<StateFile>) -> Arc<StateWriter> {
        Arc::new(StateWriter {
            world,
            file,
            progress: Mutex::new(Progress::default()),
            ended: Condvar::new(),
            written: Condvar::new(),
            journal: Mutex::new(None),
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
            let result = self.write_changes(file);
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

    /// Writes the world whole now and begins a new journal (at the start, so a new state
    /// file exists from the first request).
    pub fn write_now(&self) -> Result<(), String> {
        let Some(file) = &self.file else { return Ok(()) };
        let mut journal = self.journal.lock().unwrap_or_else(|p| p.into_inner());
        *journal = Some(write_whole(file, self.copy_as_written())?);
        Ok(())
    }

    /// Writes the world whole and removes the journal (at a clean stop, after the loop).
    pub fn write_final(&self) -> Result<(), String> {
        let Some(file) = &self.file else { return Ok(()) };
        write_state(file, &self.copy_as_written())?;
        crate::state_journal::remove(&file.path)
    }

    /// A line of what changed since the last write; the state whole instead when the
    /// journal has outgrown it.
    fn write_changes(&self, file: &StateFile) -> Result<(), String> {
        let mut slot = self.journal.lock().unwrap_or_else(|p| p.into_inner());
        let Some(journal) = slot.as_mut() else {
            *slot = Some(write_whole(file, self.copy_as_written())?);
            return Ok(());
        };
        let recorded = {
            let mut world = self.world.lock().unwrap_or_else(|p| p.into_inner());
            let locks = without_running_holders(&world.locks);
            journal.recorder.record(&mut world, &locks)
        };
        let ops = match recorded {
            Ok(ops) => ops,
            Err(error) => {
                *slot = None; // the copy may be part way: the next write is whole
                return Err(error);
            }
        };
        if ops.is_empty() {
            return Ok(());
        }
        if let Err(error) = journal.appender.append(ops, file.durability) {
            *slot = None; // the copy is ahead of the file: the next write is whole
            return Err(error);
        }
        if journal.appender.bytes() > journal.state_bytes.max(COMPACT_BYTES_MIN) {
            let written = slot.take().expect("matched above").recorder.into_written();
            *slot = Some(write_whole(file, written)?);
        }
        Ok(())
    }

    /// The world as a state file keeps it (no lock of a running execution).
    fn copy_as_written(&self) -> World {
        let world = self.world.lock().unwrap_or_else(|p| p.into_inner());
        let mut copy = world.clone();
        copy.locks = without_running_holders(&world.locks);
        copy
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

/// Writes `world` as the whole state, then a new journal that follows it.
fn write_whole(file: &StateFile, world: World) -> Result<Journal, String> {
    let text = write_state(file, &world)?;
    let appender = Appender::start(&file.outputs, &file.path, &text, file.durability)?;
    Ok(Journal { recorder: Recorder::new(world), appender, state_bytes: text.len() as u64 })
}

/// The state file whole (atomically), its text given back.
fn write_state(file: &StateFile, world: &World) -> Result<String, String> {
    // One line: a third of `World::to_json`'s indented size (a sheet's row is an array of
    // cells), and a third of the time to write; `call` and `serve` load either.
    let mut text =
        serde_json::to_string(world).map_err(|e| format!("gas-sim bug: the world does not serialize: {e}"))?;
    text.push('\n');
    file.outputs.write_with(&file.path, "--state", &text, file.durability)?;
    Ok(text)
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

    /// A writer on `dir/state.json`, and the world it writes.
    fn writer_in(dir: &std::path::Path) -> (Arc<StateWriter>, Arc<Mutex<World>>, PathBuf) {
        let path = dir.join("state.json");
        let policy = gas_scenario::paths::PathPolicy::for_writes(&[], &[], vec![dir.to_path_buf()]);
        let file = StateFile {
            path: path.clone(),
            outputs: Outputs::new(policy, Vec::new(), Vec::new()),
            durability: Durability::Os,
            _lock: crate::state_lock::lock_state(&path, "--state", 0).unwrap(),
        };
        let world = Arc::new(Mutex::new(World::new()));
        (StateWriter::new(world.clone(), Some(file)), world, path)
    }

    /// Sets 50 script properties of 9 KB each (about 450 KB written per change).
    fn fill_properties(world: &Mutex<World>, round: usize) {
        let mut world = world.lock().unwrap();
        let value = format!("{round}").repeat(9 * 1024 - 8);
        for key in 0..50 {
            world.properties.script.set(&format!("k{key:02}"), &value).unwrap();
        }
    }

    fn loaded(path: &std::path::Path) -> World {
        crate::state_file::load_state(Some(path)).map_err(|e| e.0).unwrap()
    }

    #[test]
    fn writes_go_to_the_journal_until_it_outgrows_the_state_then_the_state_is_written_whole() {
        let dir = tempfile::tempdir().unwrap();
        let (writer, world, path) = writer_in(dir.path());
        let journal = crate::state_journal::path_of(&path).unwrap();
        writer.write_now().unwrap();
        let file = writer.file.as_ref().unwrap();
        for round in 0..2 {
            fill_properties(&world, round);
            writer.write_changes(file).unwrap();
            assert_eq!(std::fs::read_to_string(&journal).unwrap().lines().count(), round + 2);
            assert!(loaded(&path) == *world.lock().unwrap(), "the state and its journal hold the world");
        }
        assert!(!std::fs::read_to_string(&path).unwrap().contains("k00"), "the state is as at the start");
        // A third change takes the journal past 1 MiB: the state is written whole.
        fill_properties(&world, 2);
        writer.write_changes(file).unwrap();
        assert_eq!(std::fs::read_to_string(&journal).unwrap().lines().count(), 1, "a new journal");
        assert!(std::fs::read_to_string(&path).unwrap().contains("k00"));
        assert!(loaded(&path) == *world.lock().unwrap());
        // Nothing changed: no line. The final write removes the journal.
        writer.write_changes(file).unwrap();
        assert_eq!(std::fs::read_to_string(&journal).unwrap().lines().count(), 1);
        writer.write_final().unwrap();
        assert!(!journal.exists());
        assert!(loaded(&path) == *world.lock().unwrap());
    }

    #[test]
    fn someones_file_where_the_journal_goes_is_refused_not_replayed_or_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        let journal = crate::state_journal::path_of(&path).unwrap();
        std::fs::write(&journal, "my notes\n").unwrap();
        let load = |p: &std::path::Path| crate::state_file::load_state(Some(p)).map_err(|e| e.0);
        let err = load(&path).unwrap_err();
        assert!(err.contains("is there but its state") && err.contains("is not"), "{err}");
        std::fs::write(&path, serde_json::to_string(&World::new()).unwrap()).unwrap();
        let err = load(&path).unwrap_err();
        assert!(err.contains("line 1: not a gas-sim journal"), "{err}");
        assert_eq!(std::fs::read_to_string(&journal).unwrap(), "my notes\n", "left as it was");
        std::fs::write(&journal, "").unwrap();
        assert!(load(&path).is_ok(), "an empty journal: an OS crash's, nothing to replay");
    }

    #[test]
    fn without_a_state_file_an_ended_execution_is_answered_at_once() {
        let writer = StateWriter::new(Arc::new(Mutex::new(World::new())), None);
        assert_eq!(writer.ended(), Ok(()));
        writer.run();
    }
}
