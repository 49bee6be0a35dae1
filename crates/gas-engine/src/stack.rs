//! The native stack an execution may use.
//!
//! boa's parser, its JSON builtins and natives that call natives (`join` calling
//! `toString`) recurse on the Rust stack as deep as their input nests. V8 checks the
//! stack pointer against a limit at such points and throws a catchable
//! `RangeError: Maximum call stack size exceeded`; the vendored boa does the same
//! (`boa_parser::stack_guard`, patch 0014a) against the limit set here. JS calling JS does
//! not use the native stack (boa's frames are on its own stack, see `Limits::call_depth_max`).
//!
//! The limit is `NATIVE_STACK_BYTES_MAX` below the frame where the execution (or a
//! compilation) starts, and never closer than `STACK_RED_ZONE_BYTES` to the thread's real
//! end, so a thread with a smaller stack (a test's) throws sooner instead of aborting.
//! Executions run on threads of `EXECUTION_STACK_BYTES` (gas-scenario's workers,
//! [`on_execution_stack`] for `gas-sim call` and `bench`), where the first bound is the one
//! that holds, so the depth at which a script sees the RangeError does not depend on the
//! command that ran it.

use boa_engine::parser::stack_guard;

/// The stack of a thread that runs executions. Only what is used is committed, but the
/// whole reservation counts toward the process's address space: the platform's 30
/// simultaneous executions (`gas_platform::concurrency`) must fit under an 8 GB
/// `ulimit -v` with room for the heap (256 MiB each failed to start the 25th thread).
/// The native budget below plus 16 MiB of headroom for what does not check.
pub const EXECUTION_STACK_BYTES: usize = NATIVE_STACK_BYTES_MAX + 16 * 1024 * 1024;

/// Native stack an execution's recursive natives may use below its first frame. boa's
/// parser takes about 28 KB a level of brackets, so this is about 1,700 nested
/// parentheses, 1,900 array literals or 1,600 object literals in source, close to V8
/// (Node 20 stops at 1,638, 2,009 and 1,092). `JSON.stringify` and `join` stop at V8's
/// depths before this (vendored boa, patch 0014). The rest of `EXECUTION_STACK_BYTES` is
/// headroom for the parts that do not check (compiling an AST the parser accepted: its
/// recursion takes far less stack a level; `limits.rs` compiles source at the parser's
/// limit on an execution's stack).
pub const NATIVE_STACK_BYTES_MAX: usize = 48 * 1024 * 1024;

/// What is kept free at the end of a thread's stack when its stack is smaller than the
/// budget (a frame between two checks, and the compiler's recursion after the parser's,
/// which takes far less stack a level).
const STACK_RED_ZONE_BYTES: usize = 256 * 1024;

/// The stack limit of this thread while it lives; the one before is put back on drop.
/// Nested limits keep the outer one when it is stricter.
pub struct StackLimit {
    previous: usize,
}

impl StackLimit {
    /// A limit `NATIVE_STACK_BYTES_MAX` below the caller's frame (or the red zone above the
    /// thread's end, whichever is higher).
    pub fn from_here() -> StackLimit {
        let here = stack_guard::stack_address();
        let mut limit = here.saturating_sub(NATIVE_STACK_BYTES_MAX);
        if let Some(end) = thread_stack_end() {
            limit = limit.max(end.saturating_add(STACK_RED_ZONE_BYTES).min(here));
        }
        let previous = stack_guard::set_limit(0);
        stack_guard::set_limit(limit.max(previous));
        StackLimit { previous }
    }
}

impl Drop for StackLimit {
    fn drop(&mut self) {
        stack_guard::set_limit(self.previous);
    }
}

/// Work for the execution thread of a process that runs one execution.
type Job = Box<dyn FnOnce() + Send>;

/// The thread [`start_execution_thread`] started, waiting for its work.
static STARTED_THREAD: std::sync::Mutex<Option<std::sync::mpsc::SyncSender<Job>>> = std::sync::Mutex::new(None);

/// Starts the thread [`on_execution_stack_until_exit`] runs its work on, now, and has it
/// run `prepare` while it waits: `gas-sim call` starts it before it reads its arguments
/// and the project, so that what every execution needs first (compiled.rs,
/// `prime_compiler`) is done meanwhile, on the other core. Called once per process: the
/// thread takes one job.
pub fn start_execution_thread(prepare: fn()) {
    let (send, receive) = std::sync::mpsc::sync_channel::<Job>(1);
    let started = std::thread::Builder::new().name("gas-sim-execution".into()).stack_size(EXECUTION_STACK_BYTES).spawn(
        move || {
            // Only a head start: a panic here leaves the work to do it all again.
            let _ = std::panic::catch_unwind(prepare);
            if let Ok(job) = receive.recv() {
                job();
            }
            park_until_exit()
        },
    );
    if started.is_ok() {
        *STARTED_THREAD.lock().unwrap_or_else(|p| p.into_inner()) = Some(send);
    }
}

/// `on_execution_stack` for a process that runs one execution and then ends (`gas-sim
/// call`): the thread never ends, so the engine state it holds in thread-locals (the
/// template, the context and their heap) is not torn down object by object, about a
/// tenth of such a process's time; the OS takes the memory back when the process exits.
/// The thread is the one [`start_execution_thread`] started, if any.
pub fn on_execution_stack_until_exit<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::sync_channel(1);
    let job: Job = Box::new(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        let _ = send.send(result);
    });
    let started = STARTED_THREAD.lock().unwrap_or_else(|p| p.into_inner()).take();
    // A started thread that is gone gives the job back, to run on a new one.
    let job = match started {
        Some(thread) => thread.send(job).err().map(|std::sync::mpsc::SendError(job)| job),
        None => Some(job),
    };
    if let Some(job) = job {
        std::thread::Builder::new()
            .name("gas-sim-execution".into())
            .stack_size(EXECUTION_STACK_BYTES)
            .spawn(move || {
                job();
                park_until_exit()
            })
            .expect("the OS gives a thread for the execution");
    }
    match receive.recv() {
        Ok(Ok(value)) => value,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => panic!("the execution thread ended without a result"),
    }
}

/// Keeps a thread that holds engine state from ending (see `on_execution_stack_until_exit`).
fn park_until_exit() -> ! {
    loop {
        std::thread::park();
    }
}

/// Runs `work` on a new thread with an execution's stack and waits for it, so that a
/// command running one execution sees the same depth limits as a scenario.
pub fn on_execution_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("gas-sim-execution".into())
            .stack_size(EXECUTION_STACK_BYTES)
            .spawn_scoped(scope, work)
            .expect("the OS gives a thread for the execution");
        match thread.join() {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

thread_local! {
    /// The lowest address of this thread's stack, read once.
    static STACK_END: Option<usize> = read_thread_stack_end();
}

fn thread_stack_end() -> Option<usize> {
    STACK_END.with(|end| *end)
}

#[cfg(target_os = "linux")]
fn read_thread_stack_end() -> Option<usize> {
    // SAFETY: `attr` is initialised by pthread_getattr_np before it is read and destroyed
    // once; the calls only write through the pointers given.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut address: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let read = libc::pthread_attr_getstack(&attr, &mut address, &mut size);
        libc::pthread_attr_destroy(&mut attr);
        (read == 0).then_some(address as usize)
    }
}

#[cfg(target_os = "macos")]
fn read_thread_stack_end() -> Option<usize> {
    // SAFETY: both calls only read the current thread's attributes.
    unsafe {
        let thread = libc::pthread_self();
        let top = libc::pthread_get_stackaddr_np(thread) as usize;
        Some(top.saturating_sub(libc::pthread_get_stacksize_np(thread)))
    }
}

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn read_thread_stack_end() -> Option<usize> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static PREPARED: Cell<bool> = const { Cell::new(false) };
    }

    fn prepare() {
        PREPARED.with(|prepared| prepared.set(true));
    }

    #[test]
    fn a_started_thread_prepares_and_then_runs_the_work() {
        start_execution_thread(prepare);
        let (name, prepared) = on_execution_stack_until_exit(|| {
            (std::thread::current().name().map(String::from), PREPARED.with(Cell::get))
        });
        assert_eq!(name.as_deref(), Some("gas-sim-execution"));
        assert!(prepared, "the work ran on the thread that prepared");
        // The started thread takes one job; the next runs on a new thread.
        assert!(!on_execution_stack_until_exit(|| PREPARED.with(Cell::get)));
    }
}
