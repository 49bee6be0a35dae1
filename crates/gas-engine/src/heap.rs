//! Counting the heap an execution holds, for its budget (`Limits::heap_bytes_max`).
//!
//! The vendored boa polls a per-thread count of held bytes (`boa_engine::heap_budget`,
//! patch 0014) and stops an execution that holds more than its budget, after a
//! collection. The count comes from the process's global allocator: a binary that wants
//! the budget wraps its allocator in [`CountingAllocator`] (gas-sim does); without it
//! nothing is counted and the budget never trips.

use std::alloc::{GlobalAlloc, Layout};

use boa_engine::heap_budget;

/// A global allocator that reports every allocation and free of the current thread to
/// the engine's heap budget. Adds a thread-local addition to each call.
pub struct CountingAllocator<A>(pub A);

// SAFETY: every call is forwarded to the wrapped allocator unchanged; the bookkeeping
// touches only const-initialised thread-locals without destructors, which neither
// allocate nor unwind.
unsafe impl<A: GlobalAlloc> GlobalAlloc for CountingAllocator<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let block = unsafe { self.0.alloc(layout) };
        if !block.is_null() {
            heap_budget::allocated(layout.size());
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let block = unsafe { self.0.alloc_zeroed(layout) };
        if !block.is_null() {
            heap_budget::allocated(layout.size());
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        heap_budget::freed(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.0.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's guarantees.
        let moved = unsafe { self.0.realloc(block, layout, new_size) };
        if !moved.is_null() {
            heap_budget::freed(layout.size());
            heap_budget::allocated(new_size);
        }
        moved
    }
}

/// Bytes one element of a `Val::Array` holds (a blob's byte crosses as one).
pub(crate) const VAL_ELEMENT_BYTES: usize = std::mem::size_of::<crate::value::Val>();
/// Bytes one element of a JS array built from a `Val::Array` holds while it is built:
/// the converted value collected first, then boa's own slot for it.
pub(crate) const JS_ELEMENT_BYTES: usize = 2 * std::mem::size_of::<boa_engine::JsValue>();

/// Refuses, before it is allocated, a buffer of `bytes` that would take the execution
/// past its heap budget (after a collection): the execution is then killed with the
/// heap reason (`heap_budget::exhausted`), where allocating could abort the process.
/// Rust-side buffers count on this thread like the engine's own, but only the engine's
/// polls compared them with the budget, after the allocation.
pub(crate) fn reserve(bytes: usize) -> boa_engine::JsResult<()> {
    boa_engine::heap_budget::check_reserve(bytes)
}

/// [`reserve`] for a service call's result: past the budget the call kills the execution.
pub(crate) fn reserve_for_call(bytes: usize) -> Result<(), crate::host::Failure> {
    reserve(bytes).map_err(|_| crate::host::Failure::Kill)
}

/// [`reserve`] for `count` array elements of `element_bytes` each.
pub(crate) fn reserve_elements(count: usize, element_bytes: usize) -> boa_engine::JsResult<()> {
    reserve(count.saturating_mul(element_bytes))
}
