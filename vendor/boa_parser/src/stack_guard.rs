//! gas-sim patch: a native stack limit, as V8 has.
//!
//! The parser, the JSON builtins and other natively recursive parts of boa recurse on
//! the Rust stack as deep as their input nests; past the stack's end the process
//! aborts. V8 compares the stack pointer with a limit at such points and throws
//! `RangeError: Maximum call stack size exceeded` instead. The embedder sets the lowest
//! stack address the engine may reach on this thread ([`set_limit`]); [`exceeded`] says
//! whether the current frame is below it. A limit of 0 (the default) never trips.

use std::cell::Cell;

/// V8's message for a native stack overflow, thrown as a `RangeError`.
pub const STACK_OVERFLOW_MESSAGE: &str = "Maximum call stack size exceeded";

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(0) };
}

/// Sets this thread's stack limit (an address; the stack grows down) and returns the
/// previous one, for the caller to put back.
pub fn set_limit(address: usize) -> usize {
    LIMIT.with(|limit| limit.replace(address))
}

/// The address of the caller's frame, near enough.
#[inline(always)]
#[must_use]
pub fn stack_address() -> usize {
    let marker = 0u8;
    std::ptr::from_ref(std::hint::black_box(&marker)) as usize
}

/// Whether the current frame is below this thread's stack limit.
#[inline]
#[must_use]
pub fn exceeded() -> bool {
    stack_address() < LIMIT.with(Cell::get)
}
