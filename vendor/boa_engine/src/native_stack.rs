//! gas-sim patch: natively recursive builtins stop at the embedder's stack limit
//! (`boa_parser::stack_guard`) with V8's catchable `RangeError`, never a process abort.

use std::{cell::Cell, thread::LocalKey};

use crate::{JsNativeError, JsResult};
use boa_parser::stack_guard;

/// `Err(RangeError: Maximum call stack size exceeded)` once the current frame is below
/// this thread's stack limit.
#[inline]
pub(crate) fn check() -> JsResult<()> {
    if stack_guard::exceeded() {
        return Err(overflow().into());
    }
    Ok(())
}

/// The error V8 throws for a native stack overflow.
pub(crate) fn overflow() -> JsNativeError {
    JsNativeError::range().with_message(stack_guard::STACK_OVERFLOW_MESSAGE)
}

/// One level of a natively recursive builtin in progress on this thread, counted in a
/// thread-local so that it stops at V8's depth (deterministically, whatever stack is
/// left); leaves the level on drop.
pub(crate) struct Nesting(&'static LocalKey<Cell<usize>>);

impl Nesting {
    /// Enters a level, or `RangeError: Maximum call stack size exceeded` past `max`.
    pub(crate) fn enter(depth: &'static LocalKey<Cell<usize>>, max: usize) -> JsResult<Self> {
        let current = depth.with(Cell::get);
        if current >= max {
            return Err(overflow().into());
        }
        depth.with(|d| d.set(current + 1));
        Ok(Nesting(depth))
    }
}

impl Drop for Nesting {
    fn drop(&mut self) {
        self.0.with(|d| d.set(d.get().saturating_sub(1)));
    }
}
