//! LockService: who holds the script, user and document locks.
//!
//! A lock has at most one holder. Holders are executions (by id) or, in a state file, an
//! outside process that holds the lock until a given time (so a single `gas-sim call` can
//! meet contention). Waiting is not decided here: the gate parks a waiting execution and
//! the scheduler wakes it; this module only answers "can this execution take it now"
//! and "when will it be free, if we know".

use serde::{Deserialize, Serialize};

use crate::time::iso_utc;

pub const TIMEOUT_MESSAGE: &str = "Lock timeout: another process was holding the lock for too long.";

/// How long `tryLock(ms)` / `waitLock(ms)` may wait for the lock, or `None` when the
/// attempt fails at once: a negative timeout takes no lock at all, not even a free one
/// (`tryLock(-100)` is false, `waitLock(-100)` throws the timeout error), as the live
/// platform answers (issue 11, from conformance files that pass on Apps Script).
pub fn wait_budget_ms(timeout_ms: i64) -> Option<i64> {
    (timeout_ms >= 0).then_some(timeout_ms)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LockKind {
    Script,
    User,
    Document,
}

impl LockKind {
    pub fn name(self) -> &'static str {
        match self {
            LockKind::Script => "script",
            LockKind::User => "user",
            LockKind::Document => "document",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LockHolder {
    /// An execution of this run.
    Execution(u64),
    /// Another process, outside the simulation, until this instant.
    Outside { until_utc_ms: i64 },
}

const ALL_KINDS: [LockKind; 3] = [LockKind::Script, LockKind::User, LockKind::Document];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Locks {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<LockHolder>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<LockHolder>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document: Option<LockHolder>,
}

/// What an attempt to take a lock found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acquire {
    Acquired,
    /// Held by someone else; `free_at_utc_ms` is known for an outside holder.
    Busy {
        free_at_utc_ms: Option<i64>,
    },
}

impl Locks {
    fn slot(&mut self, kind: LockKind) -> &mut Option<LockHolder> {
        match kind {
            LockKind::Script => &mut self.script,
            LockKind::User => &mut self.user,
            LockKind::Document => &mut self.document,
        }
    }

    pub fn holder(&self, kind: LockKind) -> Option<LockHolder> {
        match kind {
            LockKind::Script => self.script,
            LockKind::User => self.user,
            LockKind::Document => self.document,
        }
    }

    /// Takes the lock for `exec_id` if it is free (or already its own: the platform's
    /// locks are re-entrant for the holder). An outside hold ends at its time.
    pub fn try_acquire(&mut self, kind: LockKind, exec_id: u64, now_utc_ms: i64) -> Acquire {
        let slot = self.slot(kind);
        match *slot {
            Some(LockHolder::Execution(id)) if id != exec_id => Acquire::Busy { free_at_utc_ms: None },
            Some(LockHolder::Outside { until_utc_ms }) if now_utc_ms < until_utc_ms => {
                Acquire::Busy { free_at_utc_ms: Some(until_utc_ms) }
            }
            _ => {
                *slot = Some(LockHolder::Execution(exec_id));
                Acquire::Acquired
            }
        }
    }

    /// What a hand-written state file may hold: between calls no execution runs, so a
    /// lock is free or held by an outside process until a time a Date could hold.
    pub fn check_state(&self) -> Result<(), String> {
        for kind in ALL_KINDS {
            match self.holder(kind) {
                None => {}
                Some(LockHolder::Outside { until_utc_ms }) => {
                    crate::time::check_time_value(until_utc_ms)
                        .map_err(|e| format!("locks.{}: outside until_utc_ms {e}", kind.name()))?;
                }
                Some(LockHolder::Execution(id)) => {
                    return Err(format!(
                        "locks.{}: held by execution {id}, but no execution runs between calls; \
                         write {{\"outside\": {{\"until_utc_ms\": ...}}}} for another process's hold",
                        kind.name()
                    ))
                }
            }
        }
        Ok(())
    }

    pub fn has_lock(&self, kind: LockKind, exec_id: u64) -> bool {
        self.holder(kind) == Some(LockHolder::Execution(exec_id))
    }

    /// `releaseLock()`: a no-op unless `exec_id` holds it (as on the platform).
    pub fn release(&mut self, kind: LockKind, exec_id: u64) -> bool {
        let slot = self.slot(kind);
        if *slot == Some(LockHolder::Execution(exec_id)) {
            *slot = None;
            return true;
        }
        false
    }

    /// Releases every lock `exec_id` holds: locks end with their execution, however it ends.
    pub fn release_all(&mut self, exec_id: u64) -> Vec<LockKind> {
        ALL_KINDS.into_iter().filter(|&kind| self.release(kind, exec_id)).collect()
    }

    /// Whether `exec_id` holds any lock.
    pub fn held_by(&self, exec_id: u64) -> bool {
        ALL_KINDS.into_iter().any(|kind| self.holder(kind) == Some(LockHolder::Execution(exec_id)))
    }

    /// A readable line for traces: `script lock held by execution 3`.
    pub fn describe(&self, kind: LockKind) -> String {
        match self.holder(kind) {
            None => format!("{} lock free", kind.name()),
            Some(LockHolder::Execution(id)) => format!("{} lock held by execution {id}", kind.name()),
            Some(LockHolder::Outside { until_utc_ms }) => {
                format!("{} lock held outside until {}", kind.name(), iso_utc(until_utc_ms))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_files_hold_free_or_outside_locks_only() {
        let mut locks = Locks { script: Some(LockHolder::Outside { until_utc_ms: 1_000 }), ..Default::default() };
        assert!(locks.check_state().is_ok());
        locks.user = Some(LockHolder::Execution(3));
        assert!(locks.check_state().unwrap_err().starts_with("locks.user: held by execution 3"));
        locks.user = None;
        locks.document = Some(LockHolder::Outside { until_utc_ms: i64::MAX });
        assert!(locks.check_state().unwrap_err().contains("range of a Date"));
    }

    #[test]
    fn one_holder_reentrant_and_released() {
        let mut locks = Locks::default();
        assert_eq!(locks.try_acquire(LockKind::Script, 1, 0), Acquire::Acquired);
        assert_eq!(locks.try_acquire(LockKind::Script, 1, 0), Acquire::Acquired);
        assert_eq!(locks.try_acquire(LockKind::Script, 2, 0), Acquire::Busy { free_at_utc_ms: None });
        assert!(locks.has_lock(LockKind::Script, 1));
        assert!(!locks.has_lock(LockKind::Script, 2));
        assert!(!locks.release(LockKind::Script, 2), "a non-holder's release is a no-op");
        assert!(locks.release(LockKind::Script, 1));
        assert_eq!(locks.try_acquire(LockKind::Script, 2, 0), Acquire::Acquired);
    }

    #[test]
    fn kinds_are_independent_and_release_all_frees_them() {
        let mut locks = Locks::default();
        locks.try_acquire(LockKind::Script, 1, 0);
        locks.try_acquire(LockKind::User, 1, 0);
        assert_eq!(locks.try_acquire(LockKind::Document, 2, 0), Acquire::Acquired);
        assert!(locks.held_by(1) && locks.held_by(2) && !locks.held_by(3));
        assert_eq!(locks.release_all(1), vec![LockKind::Script, LockKind::User]);
        assert!(!locks.held_by(1));
        assert_eq!(locks.holder(LockKind::Script), None);
        assert!(locks.has_lock(LockKind::Document, 2));
    }

    #[test]
    fn a_negative_timeout_is_no_attempt_zero_is_one() {
        assert_eq!(wait_budget_ms(-100), None);
        assert_eq!(wait_budget_ms(-1), None);
        assert_eq!(wait_budget_ms(0), Some(0));
        assert_eq!(wait_budget_ms(30_000), Some(30_000));
    }

    #[test]
    fn outside_holder_blocks_until_its_time() {
        let mut locks = Locks { script: Some(LockHolder::Outside { until_utc_ms: 5_000 }), ..Default::default() };
        assert_eq!(locks.try_acquire(LockKind::Script, 1, 4_999), Acquire::Busy { free_at_utc_ms: Some(5_000) });
        assert_eq!(locks.try_acquire(LockKind::Script, 1, 5_000), Acquire::Acquired);
    }
}
