//! Pending snapshots (`.snap.new`, written by `gas-sim test` or insta): `--review` shows
//! each with its diff and asks on the terminal (insta's keys: `a` accept, `r` reject,
//! `s` skip); `--accept` and `--reject` act on all of them at once, for scripts. Only the
//! pending files of the scenarios given (default: `scenarios/`) are touched, each through
//! the scenario's file rule (`PathPolicy`), accepted with an atomic write.

use std::io::Write;
use std::path::{Path, PathBuf};

use gas_scenario::paths::PathPolicy;
use gas_scenario::snapshot::{parse_snap, snapshot_dir, SNAPSHOT_BYTES_MAX};

use crate::output::{check_writable, write_atomically};
use crate::BadInput;

/// Pending snapshots one command looks at; more is a mistake worth stopping at.
const PENDING_MAX: usize = 10_000;

/// One `.snap.new` and the snapshot it would replace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// `scenarios/x.toml [UTC]`: what the user reads.
    pub label: String,
    pub pending: PathBuf,
    pub snap: PathBuf,
    /// The scenario's file rule, checked again when the snapshot is written.
    pub policy: PathPolicy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Accept,
    Reject,
    Skip,
}

/// What a review did, for its closing line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub accepted: usize,
    pub rejected: usize,
    pub skipped: usize,
}

impl Tally {
    pub fn line(&self) -> String {
        format!("{} accepted, {} rejected, {} skipped", self.accepted, self.rejected, self.skipped)
    }
}

/// The pending snapshots of `scenarios` (scenario files), in file and name order: the
/// `.snap.new` files in each one's `snapshots/` named `<stem>@<zone>.snap.new`.
pub fn pending_of(scenarios: &[PathBuf], allowed: &[PathBuf]) -> Result<Vec<Pending>, BadInput> {
    let mut out = Vec::new();
    for scenario in scenarios {
        let dir = snapshot_dir(scenario);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let stem = scenario.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let prefix = format!("{stem}@");
        let mut names: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with(&prefix) && name.ends_with(".snap.new"))
            .collect();
        names.sort();
        let policy = PathPolicy::new(scenario, allowed.to_vec());
        for name in names {
            let pending = dir.join(&name);
            let snap = dir.join(name.trim_end_matches(".new"));
            for file in [&pending, &snap] {
                policy.check_path(file).map_err(|why| BadInput(format!("snapshot {}: {why}", file.display())))?;
            }
            let zone = name[prefix.len()..name.len() - ".snap.new".len()].to_string();
            out.push(Pending {
                label: format!("{} [{zone}]", scenario.display()),
                pending,
                snap,
                policy: policy.clone(),
            });
            if out.len() > PENDING_MAX {
                return Err(BadInput(format!(
                    "more than {PENDING_MAX} pending snapshots: review fewer scenarios at a time"
                )));
            }
        }
    }
    Ok(out)
}

fn read(path: &Path) -> Result<Option<String>, BadInput> {
    if !path.exists() {
        return Ok(None);
    }
    gas_engine::files::read_text(path, SNAPSHOT_BYTES_MAX)
        .map(Some)
        .map_err(|why| BadInput(format!("snapshot {}: {why}", path.display())))
}

/// The `.snap` text an accepted `.snap.new` becomes: the same file without insta's
/// `assertion_line` (which insta also drops when it accepts: it changes with every edit
/// of the test, not with the snapshot).
fn accepted_text(pending_text: &str) -> String {
    let mut parts = pending_text.splitn(3, "---\n");
    match (parts.next(), parts.next(), parts.next()) {
        (Some(""), Some(header), Some(body)) => {
            let header: String =
                header.lines().filter(|l| !l.starts_with("assertion_line:")).map(|l| format!("{l}\n")).collect();
            format!("---\n{header}---\n{body}")
        }
        _ => pending_text.to_string(),
    }
}

/// Carries out `decision` for `item`.
pub fn apply(item: &Pending, decision: Decision) -> Result<(), BadInput> {
    match decision {
        Decision::Skip => Ok(()),
        Decision::Reject => remove(&item.pending),
        Decision::Accept => {
            let text = read(&item.pending)?
                .ok_or_else(|| BadInput(format!("{}: gone before it was accepted", item.pending.display())))?;
            check_writable(&item.snap, "snapshot").map_err(BadInput)?;
            // Checked when listed; again now, as a link may have been planted since
            // (an interactive review can wait minutes between the two).
            item.policy
                .check_path(&item.snap)
                .map_err(|why| BadInput(format!("snapshot {}: {why}", item.snap.display())))?;
            write_atomically(&item.snap, &accepted_text(&text)).map_err(BadInput)?;
            remove(&item.pending)
        }
    }
}

fn remove(path: &Path) -> Result<(), BadInput> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(BadInput(format!("cannot remove {}: {e}", path.display())))
        }
        _ => Ok(()),
    }
}

/// `--accept` / `--reject`: every pending snapshot the same way.
pub fn all(items: &[Pending], decision: Decision, out: &mut dyn Write) -> Result<Tally, BadInput> {
    let mut tally = Tally::default();
    for item in items {
        apply(item, decision)?;
        let verb = if decision == Decision::Accept { "accepted" } else { "rejected" };
        let line = format!("{verb}: {} ({})", item.label, item.snap.display());
        let _ = writeln!(out, "{}", gas_scenario::terminal::guard(&line));
        match decision {
            Decision::Accept => tally.accepted += 1,
            _ => tally.rejected += 1,
        }
    }
    Ok(tally)
}

/// What the reviewer sees of one pending snapshot: its label, whether it is new, and the
/// diff of the contents (every line `+` for a new one).
pub fn describe(item: &Pending) -> Result<String, BadInput> {
    let new = read(&item.pending)?.map(|t| parse_snap(&t)).unwrap_or_default();
    let old = read(&item.snap)?.map(|t| parse_snap(&t));
    let what = if old.is_some() { "changed snapshot" } else { "new snapshot" };
    let text = format!("{what}: {} ({})\n", item.label, item.pending.display());
    Ok(text + &snapshot_diff(old.as_deref().unwrap_or_default(), &new))
}

/// A unified diff of two snapshot texts, old first, with two lines of context. A snapshot
/// file ends in a newline that its parsed text (`parse_snap`) drops; it is put back on
/// both sides, so the diff's last line carries no `\ No newline at end of file`.
pub fn snapshot_diff(old: &str, new: &str) -> String {
    let with_newline =
        |text: &str| if text.is_empty() || text.ends_with('\n') { text.to_string() } else { format!("{text}\n") };
    let (old, new) = (with_newline(old), with_newline(new));
    let diff = similar::TextDiff::from_lines(&old, &new);
    diff.unified_diff().context_radius(2).iter_hunks().map(|hunk| hunk.to_string()).collect()
}

/// `--review`: each pending snapshot, its diff, and a key from `next_key` (`a`, `r`, `s`;
/// `A`, `R`, `S` for this and the rest; other keys ask again; the end of input skips the
/// rest).
pub fn interactive(
    items: &[Pending],
    next_key: &mut dyn FnMut() -> Option<char>,
    out: &mut dyn Write,
) -> Result<Tally, BadInput> {
    /// Keys that are none of a/r/s before one item is skipped (a stuck key, a pipe).
    const WRONG_KEYS_MAX: usize = 100;
    let mut tally = Tally::default();
    // `A`, `R`, `S` (as insta): the same for this one and every one after it.
    let mut for_the_rest: Option<Decision> = None;
    for (i, item) in items.iter().enumerate() {
        // Snapshot lines are script text: shown through the one escaping rule.
        let shown = gas_scenario::terminal::guard(&describe(item)?);
        let _ = write!(out, "\n[{}/{}] {shown}", i + 1, items.len());
        let mut decision = for_the_rest.unwrap_or(Decision::Skip);
        for _ in 0..WRONG_KEYS_MAX {
            if for_the_rest.is_some() {
                break;
            }
            let _ = write!(out, "  a accept   r reject   s skip   (A R S: this and all the rest) > ");
            let _ = out.flush();
            let Some(key) = next_key() else {
                let _ = writeln!(out);
                let skipped_rest = items.len() - i;
                tally.skipped += skipped_rest;
                let _ = writeln!(out, "end of input: {skipped_rest} left pending");
                return Ok(tally);
            };
            let _ = writeln!(out, "{key}");
            decision = match key.to_ascii_lowercase() {
                'a' => Decision::Accept,
                'r' => Decision::Reject,
                's' => Decision::Skip,
                _ => continue,
            };
            if key.is_ascii_uppercase() {
                for_the_rest = Some(decision);
            }
            break;
        }
        apply(item, decision)?;
        match decision {
            Decision::Accept => tally.accepted += 1,
            Decision::Reject => tally.rejected += 1,
            Decision::Skip => tally.skipped += 1,
        }
    }
    Ok(tally)
}

/// The keys of the terminal, one at a time without Enter (as insta reads them); `None`
/// on Ctrl-C, Ctrl-D or Escape.
pub fn terminal_keys() -> impl FnMut() -> Option<char> {
    let term = console::Term::stderr();
    move || match term.read_key() {
        Ok(console::Key::Char(c)) if c != '\u{4}' => Some(c),
        Ok(console::Key::Enter) => Some('\n'),
        Ok(console::Key::Escape) | Err(_) => None,
        Ok(_) => Some('?'),
    }
}

/// Whether there is a terminal to ask on.
pub fn have_terminal() -> bool {
    console::Term::stdout().is_term() && console::user_attended_stderr()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok<T>(result: Result<T, BadInput>) -> T {
        result.unwrap_or_else(|e| panic!("{}", e.0))
    }

    fn setup() -> (tempfile::TempDir, Vec<PathBuf>) {
        let dir = tempfile::tempdir().unwrap();
        let scenarios = dir.path().join("scenarios");
        std::fs::create_dir_all(scenarios.join("snapshots")).unwrap();
        let scenario = scenarios.join("x.toml");
        std::fs::write(&scenario, "").unwrap();
        let snap = |name: &str, body: &str| {
            std::fs::write(
                scenarios.join("snapshots").join(name),
                format!("---\nsource: gas-sim test\nexpression: snapshot\n---\n{body}\n"),
            )
            .unwrap()
        };
        snap("x@UTC.snap", "a\nb");
        snap("x@UTC.snap.new", "a\nc");
        std::fs::write(
            scenarios.join("snapshots/x@Asia_Tokyo.snap.new"),
            "---\nsource: tests/scenarios.rs\nassertion_line: 51\nexpression: snapshot\n---\nnew one\n",
        )
        .unwrap();
        snap("other@UTC.snap.new", "not x's");
        (dir, vec![scenario])
    }

    fn file(dir: &Path, name: &str) -> Option<String> {
        std::fs::read_to_string(dir.join("scenarios/snapshots").join(name)).ok()
    }

    #[test]
    fn finds_only_the_given_scenarios_pending_files() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        let labels: Vec<&str> = items.iter().map(|p| p.label.rsplit(' ').next().unwrap()).collect();
        assert_eq!(labels, ["[Asia_Tokyo]", "[UTC]"]);
        assert!(items[1].snap.ends_with("x@UTC.snap"));
        drop(dir);
    }

    #[test]
    fn accept_all_writes_the_snapshots_and_removes_the_pending_files() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        let mut out = Vec::new();
        assert_eq!(ok(all(&items, Decision::Accept, &mut out)), Tally { accepted: 2, ..Tally::default() });
        assert_eq!(parse_snap(&file(dir.path(), "x@UTC.snap").unwrap()), "a\nc");
        let tokyo = file(dir.path(), "x@Asia_Tokyo.snap").unwrap();
        assert_eq!(
            tokyo, "---\nsource: tests/scenarios.rs\nexpression: snapshot\n---\nnew one\n",
            "assertion_line goes"
        );
        assert_eq!(file(dir.path(), "x@UTC.snap.new"), None);
        assert!(file(dir.path(), "other@UTC.snap.new").is_some(), "another scenario's is left alone");
        assert!(String::from_utf8(out).unwrap().contains("accepted: "));
    }

    #[test]
    fn reject_all_keeps_the_snapshots() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        ok(all(&items, Decision::Reject, &mut Vec::new()));
        assert_eq!(parse_snap(&file(dir.path(), "x@UTC.snap").unwrap()), "a\nb");
        assert_eq!(file(dir.path(), "x@Asia_Tokyo.snap"), None);
        assert!(ok(pending_of(&scenarios, &[])).is_empty());
    }

    #[test]
    fn the_interactive_loop_shows_diffs_and_takes_insta_keys() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        // Tokyo: a wrong key, then reject; UTC: accept.
        let mut keys = "xra".chars();
        let mut out = Vec::new();
        let tally = ok(interactive(&items, &mut || keys.next(), &mut out));
        assert_eq!(tally, Tally { accepted: 1, rejected: 1, skipped: 0 });
        let shown = String::from_utf8(out).unwrap();
        assert!(shown.contains("new snapshot: ") && shown.contains("+new one"), "{shown}");
        assert!(shown.contains("changed snapshot: ") && shown.contains("-b\n") && shown.contains("+c\n"), "{shown}");
        assert_eq!(shown.matches("s skip   (A R S").count(), 3, "asked again after x");
        assert_eq!(file(dir.path(), "x@Asia_Tokyo.snap"), None);
        assert_eq!(parse_snap(&file(dir.path(), "x@UTC.snap").unwrap()), "a\nc");
    }

    #[test]
    fn skip_and_the_end_of_input_leave_files_pending() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        let mut keys = "s".chars();
        let mut out = Vec::new();
        let tally = ok(interactive(&items, &mut || keys.next(), &mut out));
        assert_eq!(tally, Tally { accepted: 0, rejected: 0, skipped: 2 });
        assert!(String::from_utf8(out).unwrap().contains("end of input: 1 left pending"));
        assert_eq!(ok(pending_of(&scenarios, &[])).len(), 2);
        assert_eq!(parse_snap(&file(dir.path(), "x@UTC.snap").unwrap()), "a\nb");
    }

    #[test]
    fn an_uppercase_key_decides_the_rest() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        let mut keys = "A".chars();
        let tally = ok(interactive(&items, &mut || keys.next(), &mut Vec::new()));
        assert_eq!(tally, Tally { accepted: 2, rejected: 0, skipped: 0 });
        assert_eq!(parse_snap(&file(dir.path(), "x@UTC.snap").unwrap()), "a\nc");
    }

    #[cfg(unix)]
    #[test]
    fn a_pending_file_that_leads_out_of_the_tree_is_refused() {
        let (dir, scenarios) = setup();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "x").unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("secret"),
            dir.path().join("scenarios/snapshots/x@Europe_Paris.snap.new"),
        )
        .unwrap();
        let err = pending_of(&scenarios, &[]).unwrap_err();
        assert!(err.0.contains("x@Europe_Paris.snap.new"), "{}", err.0);
    }

    #[test]
    fn a_link_planted_after_the_listing_is_refused_at_the_write() {
        let (dir, scenarios) = setup();
        let items = ok(pending_of(&scenarios, &[]));
        let utc = items.iter().find(|p| p.label.ends_with("[UTC]")).unwrap();
        let outside = tempfile::tempdir().unwrap();
        let victim = outside.path().join("victim");
        std::fs::write(&victim, "kept").unwrap();
        std::fs::remove_file(&utc.snap).unwrap();
        std::os::unix::fs::symlink(&victim, &utc.snap).unwrap();
        let err = apply(utc, Decision::Accept).unwrap_err();
        assert!(err.0.contains("x@UTC.snap"), "{}", err.0);
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "kept");
        assert!(file(dir.path(), "x@UTC.snap.new").is_some(), "the pending file stays");
    }

    #[test]
    fn a_diff_has_no_missing_newline_marker() {
        let diff = snapshot_diff("a\nb\nc", "a\nb\nd");
        assert_eq!(diff, "@@ -1,3 +1,3 @@\n a\n b\n-c\n+d\n");
        assert_eq!(snapshot_diff("", "x"), "@@ -0,0 +1 @@\n+x\n");
    }
}
