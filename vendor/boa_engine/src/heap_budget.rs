//! gas-sim patch: a heap budget per execution.
//!
//! boa allocates without bound: a script that keeps data or builds a huge array grows
//! the process until the allocator fails and aborts it. The embedder's global allocator
//! reports every allocation and free on this thread ([`allocated`], [`freed`]); the
//! embedder sets a budget for an execution ([`set_budget`]). The engine polls at the
//! points where it can throw (every call, every loop iteration, every property defined
//! by a builtin, every long string before it is built): once the thread holds more than
//! the budget above what it held when the budget was set, it collects garbage and, if
//! that is still so, stops the execution with the uncatchable
//! `RuntimeLimitError::Heap`. Memory freed by the collection that earlier work left
//! behind counts for the execution, so the bound is approximate by that much.
//! Without a counting allocator nothing is counted and the budget never trips.

use std::cell::Cell;

use crate::{JsResult, error::RuntimeLimitError};

thread_local! {
    /// Bytes allocated less bytes freed on this thread, wrapping: frees of memory
    /// allocated on another thread can outnumber this thread's allocations, so only
    /// differences of two readings mean anything.
    static HELD: Cell<usize> = const { Cell::new(0) };
    /// `HELD` when the budget was set.
    static BASE: Cell<usize> = const { Cell::new(0) };
    /// The budget, in bytes (`isize::MAX`: none).
    static BUDGET: Cell<isize> = const { Cell::new(isize::MAX) };
    /// Bytes held above `BASE` past which the next poll collects and compares with the
    /// budget.
    static NEXT_CHECK: Cell<isize> = const { Cell::new(isize::MAX) };
    /// Whether the budget ran out since it was set (patch 0017): boa turns some errors
    /// into an internal `PanicError` (a spec-infallible step's `expect`), so the embedder
    /// asks this instead of looking at the error.
    static EXHAUSTED: Cell<bool> = const { Cell::new(false) };
}

/// Records `bytes` allocated on this thread. For a global allocator: allocates nothing.
#[inline]
pub fn allocated(bytes: usize) {
    HELD.with(|held| held.set(held.get().wrapping_add(bytes)));
}

/// Records `bytes` freed on this thread. For a global allocator: allocates nothing.
#[inline]
pub fn freed(bytes: usize) {
    HELD.with(|held| held.set(held.get().wrapping_sub(bytes)));
}

/// Bytes allocated less bytes freed on this thread, wrapping (compare two readings).
#[inline]
#[must_use]
pub fn held_bytes() -> usize {
    HELD.with(Cell::get)
}

/// Bytes held on this thread above what it held when the budget was set (negative when
/// it freed more than it allocated since).
#[inline]
#[must_use]
pub fn held_since_budget() -> isize {
    HELD.with(Cell::get).wrapping_sub(BASE.with(Cell::get)).cast_signed()
}

/// Gives the work that follows on this thread `bytes` of heap above what the thread holds
/// now (`None`: no budget).
pub fn set_budget(bytes: Option<usize>) {
    let budget = bytes.map_or(isize::MAX, |b| isize::try_from(b).unwrap_or(isize::MAX));
    BASE.with(|base| base.set(HELD.with(Cell::get)));
    BUDGET.with(|b| b.set(budget));
    NEXT_CHECK.with(|n| n.set(budget));
    EXHAUSTED.with(|e| e.set(false));
}

/// Runs `work` without counting what it leaves held against the budget (gas-sim patch
/// 0027): the embedder's own work in the middle of an execution (compiling code it keeps
/// for every later execution) is not the execution's, and counting it would make the
/// budget depend on which thread did that work first.
pub fn uncounted<T>(work: impl FnOnce() -> T) -> T {
    let before = HELD.with(Cell::get);
    let result = work();
    let grown = HELD.with(Cell::get).wrapping_sub(before);
    BASE.with(|base| base.set(base.get().wrapping_add(grown)));
    result
}

/// Whether the work since the last [`set_budget`] ran out of its heap budget, however
/// boa passed the error on.
#[must_use]
pub fn exhausted() -> bool {
    EXHAUSTED.with(Cell::get)
}

/// The error past the budget, remembered for [`exhausted`].
fn over_budget<T>() -> JsResult<T> {
    EXHAUSTED.with(|e| e.set(true));
    Err(RuntimeLimitError::Heap.into())
}

/// `Err(RuntimeLimitError::Heap)` when this thread is over its budget, after a collection.
#[inline]
pub(crate) fn check() -> JsResult<()> {
    if held_since_budget() > NEXT_CHECK.with(Cell::get) {
        return over_next_check();
    }
    Ok(())
}

/// As [`check`], for `bytes` about to be allocated at once (a long string), so that an
/// allocation past the budget is never attempted. Public (patch 0019) so that the
/// embedder checks its own big buffers (a blob's bytes, a converted array) the same way.
#[inline]
pub fn check_reserve(bytes: usize) -> JsResult<()> {
    let bytes = isize::try_from(bytes).unwrap_or(isize::MAX);
    if held_since_budget().saturating_add(bytes) > NEXT_CHECK.with(Cell::get) {
        return reserve_slow(bytes);
    }
    Ok(())
}

/// Whether `bytes` more fit in the budget now (gas-sim patch 0031): a question, not a
/// check, so the budget is not marked exhausted (a buffer asks before it doubles).
#[must_use]
pub(crate) fn has_room(bytes: usize) -> bool {
    let bytes = isize::try_from(bytes).unwrap_or(isize::MAX);
    held_since_budget().saturating_add(bytes) <= BUDGET.with(Cell::get)
}

#[cold]
fn reserve_slow(bytes: isize) -> JsResult<()> {
    boa_gc::force_collect();
    if held_since_budget().saturating_add(bytes) > BUDGET.with(Cell::get) {
        return over_budget();
    }
    Ok(())
}

#[cold]
fn over_next_check() -> JsResult<()> {
    let budget = BUDGET.with(Cell::get);
    boa_gc::force_collect();
    let held = held_since_budget();
    if held > budget {
        return over_budget();
    }
    // Under the budget after collecting: poll again once an eighth of the budget more
    // is held, so that a thread close to its budget does not collect at every poll.
    let slack = (budget / 8).max(1 << 20);
    NEXT_CHECK.with(|n| n.set(budget.max(held.saturating_add(slack))));
    Ok(())
}
