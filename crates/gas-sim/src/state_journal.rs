//! The journal beside a `--state` file: `serve` appends what each group of executions
//! changed (`gas_platform::journal`'s ops, one line per write) to `{state}.journal`
//! instead of rewriting the whole state, so a write costs the size of the change, not
//! of the world; every loader of a state (`state_file::load_state`) replays it.
//!
//! Not a second state: the state file stays a whole world `call` writes and reads, and
//! `serve` rewrites it whole (a compaction) when the journal grows past it, and at a
//! clean exit, after which it removes the journal.
//!
//! Crash safety, with no order between the two files to trust:
//! - The journal's first line names the state it follows by the SHA-256 of its text. A
//!   compaction writes the state first (atomically), then a new journal (atomically):
//!   killed in between, the old journal names a state that is gone, and is ignored (the
//!   new state holds all it said). A `call` that writes the state makes any journal
//!   stale the same way, and removes it.
//! - Each further line is `{"n":N,"ops":[...]}`, N counting from 1, written with one
//!   `write` before the executions it covers are answered. A last line without its
//!   newline was cut by a crash before anyone was answered for it, and is skipped; any
//!   other line that does not read is an error naming the file and line, as is a gap
//!   in N.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use gas_platform::journal::Op;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::output::{Durability, Outputs};

/// The journal format's version (the header's `gas_sim_journal`).
const JOURNAL_FORMAT_VERSION: u32 = 1;
/// A journal is compacted into the state once it is larger than the state and this.
pub const COMPACT_BYTES_MIN: u64 = 1024 * 1024;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    gas_sim_journal: u32,
    follows_sha256: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    n: u64,
    ops: Vec<Op>,
}

/// The journal of the state at `state`: beside the file it leads to (as its lock is).
pub fn path_of(state: &Path) -> Result<PathBuf, String> {
    let target = crate::output::target_of(state)?;
    let mut name = target.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".journal");
    Ok(target.with_file_name(name))
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The state's text with its journal's lines applied, when the journal follows it;
/// otherwise the state's text as it is.
pub fn replay(state_text: String, journal_path: &Path, journal_text: &str) -> Result<String, String> {
    let where_ = |line: usize| format!("{} line {line}", journal_path.display());
    let mut lines = journal_text.split_inclusive('\n');
    // The header is written atomically, so a file there is a journal from its first line
    // (an empty one only an OS crash leaves); anything else is someone's file, refused
    // rather than replayed, overwritten or removed.
    let Some(first) = lines.next() else { return Ok(state_text) };
    let header: Header =
        serde_json::from_str(first).map_err(|e| format!("{}: not a gas-sim journal ({e}); move it away", where_(1)))?;
    if header.gas_sim_journal != JOURNAL_FORMAT_VERSION {
        return Err(format!(
            "{}: gas_sim_journal {} is not a version this gas-sim reads",
            where_(1),
            header.gas_sim_journal
        ));
    }
    if header.follows_sha256 != sha256_hex(&state_text) {
        // A journal of an earlier state, which the state holds (a crash between a
        // compaction's two writes, or a `call` that wrote the state).
        eprintln!("gas-sim: {} follows an earlier state than its state file; not replayed", journal_path.display());
        return Ok(state_text);
    }
    let mut json: serde_json::Value =
        serde_json::from_str(&state_text).map_err(|e| format!("{}: {e}", journal_path.with_extension("").display()))?;
    for (index, text) in lines.enumerate() {
        let number = index + 2;
        if !text.ends_with('\n') {
            break; // cut by a crash before the executions it covers were answered
        }
        let line: Line = serde_json::from_str(text).map_err(|e| format!("{}: {e}", where_(number)))?;
        if line.n != index as u64 + 1 {
            return Err(format!("{}: line n {} where {} was expected", where_(number), line.n, index + 1));
        }
        gas_platform::journal::apply(&mut json, &line.ops).map_err(|e| format!("{}: {e}", where_(number)))?;
    }
    Ok(json.to_string())
}

/// The journal `serve` appends to.
pub struct Appender {
    path: PathBuf,
    file: File,
    lines: u64,
    bytes: u64,
}

impl Appender {
    /// A new journal that follows `state_text` (just written to the state file): its
    /// header written atomically over any journal there, then opened to append.
    pub fn start(
        outputs: &Outputs,
        state: &Path,
        state_text: &str,
        durability: Durability,
    ) -> Result<Appender, String> {
        let path = path_of(state)?;
        let header = Header { gas_sim_journal: JOURNAL_FORMAT_VERSION, follows_sha256: sha256_hex(state_text) };
        let mut text = serde_json::to_string(&header).expect("a header serializes");
        text.push('\n');
        outputs.write_with(&path, "--state's journal", &text, durability)?;
        let mut options = std::fs::OpenOptions::new();
        options.append(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // A symlink planted after the write is refused, not followed.
            options.custom_flags(libc::O_NOFOLLOW);
        }
        let file = options.open(&path).map_err(|e| format!("cannot append to {}: {e}", path.display()))?;
        Ok(Appender { path, file, lines: 0, bytes: text.len() as u64 })
    }

    /// Appends one line of `ops`, as far as `durability` says, in one write.
    pub fn append(&mut self, ops: Vec<Op>, durability: Durability) -> Result<(), String> {
        let line = Line { n: self.lines + 1, ops };
        let mut text =
            serde_json::to_string(&line).map_err(|e| format!("gas-sim bug: a journal line does not serialize: {e}"))?;
        text.push('\n');
        let fail = |e: std::io::Error| format!("cannot append to {}: {e}", self.path.display());
        self.file.write_all(text.as_bytes()).map_err(fail)?;
        if durability == Durability::Disk {
            self.file.sync_data().map_err(fail)?;
        }
        self.lines += 1;
        self.bytes += text.len() as u64;
        Ok(())
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// The journal of `state`'s text, `None` when there is none; a journal without its
/// state (the state removed after a kill) is refused, so that no one's file beside a new
/// state is overwritten or removed.
pub fn read(state: &Path, bytes_max: u64) -> Result<Option<(PathBuf, String)>, String> {
    let path = path_of(state)?;
    if !path.exists() {
        return Ok(None);
    }
    let text = gas_engine::files::read_text(&path, bytes_max)?;
    if !state.exists() && !text.is_empty() {
        return Err(format!(
            "{} is there but its state {} is not: remove the journal to start a new world",
            path.display(),
            state.display()
        ));
    }
    Ok(Some((path, text)))
}

/// Removes the journal of `state` (after the state was written whole, by a command that
/// loaded it, so it is a journal); no journal is fine.
pub fn remove(state: &Path) -> Result<(), String> {
    let path = path_of(state)?;
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("cannot remove {}: {e}", path.display())),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn journal(state: &str, lines: &[&str]) -> String {
        let header = format!("{{\"gas_sim_journal\":1,\"follows_sha256\":\"{}\"}}\n", sha256_hex(state));
        header + &lines.concat()
    }

    const STATE: &str = r#"{"a":[1],"b":"x"}"#;
    const LINE_1: &str = "{\"n\":1,\"ops\":[{\"splice\":[\"a\"],\"keep\":1,\"items\":[2]}]}\n";
    const LINE_2: &str = "{\"n\":2,\"ops\":[{\"set\":[\"b\"],\"value\":\"y\"}]}\n";

    fn replayed(text: &str) -> Result<String, String> {
        replay(STATE.to_string(), Path::new("s.json.journal"), text)
    }

    #[test]
    fn lines_apply_in_order_and_a_cut_last_line_is_skipped() {
        assert_eq!(replayed(&journal(STATE, &[LINE_1, LINE_2])).unwrap(), r#"{"a":[1,2],"b":"y"}"#);
        let cut = journal(STATE, &[LINE_1, LINE_2.trim_end()]);
        assert_eq!(replayed(&cut).unwrap(), r#"{"a":[1,2],"b":"x"}"#);
    }

    #[test]
    fn a_journal_of_another_state_is_ignored_and_a_file_that_is_no_journal_refused() {
        assert_eq!(replayed(&journal("{}", &[LINE_1])).unwrap(), STATE);
        assert_eq!(replayed("").unwrap(), STATE, "an empty file: an OS crash's");
        let err = replayed("{\"gas_sim_jour").unwrap_err();
        assert!(err.starts_with("s.json.journal line 1: not a gas-sim journal ("), "{err}");
        let err = replayed("my notes\n").unwrap_err();
        assert!(err.ends_with("; move it away"), "{err}");
    }

    #[test]
    fn a_bad_whole_line_or_a_gap_is_an_error_naming_the_line() {
        let err = replayed(&journal(STATE, &[LINE_1, "{\"n\":2,\"ops\":[{\"set\":\n"])).unwrap_err();
        assert!(err.starts_with("s.json.journal line 3: "), "{err}");
        let err = replayed(&journal(STATE, &[LINE_2])).unwrap_err();
        assert_eq!(err, "s.json.journal line 2: line n 2 where 1 was expected");
        let err = replayed(&journal(STATE, &["{\"n\":1,\"ops\":[{\"set\":[\"c\",0],\"value\":1}]}\n"])).unwrap_err();
        assert_eq!(err, "s.json.journal line 2: c is not in the state");
    }
}
