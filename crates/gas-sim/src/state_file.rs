//! The `--state` file that `call` and `serve` share: where it may be written, how it is
//! loaded (checked by `World::from_json` before any execution sees it), what a new world
//! holds, and the bounds its counters keep. Both hold its lock (`state_lock`) from load
//! to their last write and write it with `output::Outputs::write` (a temp file, then a
//! rename), so a `kill -9` never leaves half a file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gas_engine::Project;
use gas_platform::World;

use crate::BadInput;

/// A state file larger than this is refused (a guard: a world with its sheets at the
/// platform's caps is far smaller).
pub const STATE_BYTES_MAX: u64 = 256 * 1024 * 1024;

/// The largest execution number: the state file keeps it, and a state file's counters
/// stay below 2^53 (what `World::check_state` accepts), so every id gas-sim writes loads.
pub const EXEC_ID_MAX: u64 = gas_platform::cache::STATE_COUNTER_MAX;

/// The latest start whose end (at most the 6-minute kill later) a state file accepts.
pub const START_UTC_MS_MAX: i64 = gas_platform::world::LAST_UTC_MS_MAX - gas_engine::host::EXECUTION_MS_MAX;

/// Where a command may write its state: in the project's folder tree, the current folder
/// or an `--allow-path` folder; never over one of the project's files.
pub fn state_outputs(project: &Arc<Project>, allowed: &[PathBuf]) -> Result<crate::output::Outputs, BadInput> {
    gas_scenario::paths::check_allowed(allowed).map_err(BadInput)?;
    let policy = gas_scenario::paths::PathPolicy::for_writes(&[], &[&project.root], allowed.to_vec());
    Ok(crate::output::Outputs::new(policy, vec![project.clone()], Vec::new()))
}

/// The world in the state file at `path` (with its journal replayed), or a new one (no
/// path, or no file yet).
pub fn load_state(path: Option<&Path>) -> Result<World, BadInput> {
    let Some(path) = path else { return Ok(World::new()) };
    // What `serve` appended since it last wrote the state whole (state_journal.rs).
    let journal = crate::state_journal::read(path, STATE_BYTES_MAX).map_err(BadInput)?;
    if !path.exists() {
        return Ok(World::new());
    }
    let mut text = gas_engine::files::read_text(path, STATE_BYTES_MAX).map_err(BadInput)?;
    if let Some((journal, lines)) = journal {
        text = crate::state_journal::replay(text, &journal, &lines).map_err(BadInput)?;
    }
    World::from_json(&text, gas_engine::methods::names()).map_err(|e| BadInput(format!("{}: {e}", path.display())))
}

/// A bound script's spreadsheet exists from the start, even in a new world.
pub fn ensure_container(world: &mut World, container_id: &str) {
    if world.spreadsheets.get(container_id).is_none() {
        let book = gas_platform::sheets::Spreadsheet::new(container_id, "Bound spreadsheet");
        world.spreadsheets.add(book).expect("the id was just checked to be free");
    }
}
