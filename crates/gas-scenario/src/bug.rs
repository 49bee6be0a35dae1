//! gas-sim's own bugs met while running: a panic on a worker thread (in an execution or
//! while preparing the next one) or on a zone's scheduler. A panic is never a verdict on
//! the user's scenario and never a hang: the run that met it stops with an error that
//! says it is gas-sim's bug and how to replay it, and the bug is recorded here so that
//! the CLI exits with its own code (3) after whatever the command printed.

use std::any::Any;
use std::sync::Mutex;

/// Bugs met in this process, in the order they were met.
static BUGS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Records a bug and returns the one-line text the failed run reports:
/// `gas-sim bug: <what> (replay: <command>)`.
pub fn record(what: &str, replay: &str) -> String {
    let text = format!("gas-sim bug: {what} (replay: {replay})");
    BUGS.lock().unwrap_or_else(|p| p.into_inner()).push(text.clone());
    text
}

/// The bugs recorded so far, sorted (zones run in parallel: the order they were met in
/// is not deterministic), forgotten once taken.
pub fn take_all() -> Vec<String> {
    let mut bugs = std::mem::take(&mut *BUGS.lock().unwrap_or_else(|p| p.into_inner()));
    bugs.sort();
    bugs
}

/// A panic's message (`panic!` gives a `&str` or a `String`).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// The command that replays one zone's run.
pub fn replay_command(scenario_path: &std::path::Path, zone: &str, seed: u64) -> String {
    format!("gas-sim run {} --tz {zone} --seed {seed}", scenario_path.display())
}

/// The hook's name for the scheduler: it panics as a zone's run starts.
pub const SCHEDULER_HOOK: &str = "<scheduler>";

/// Makes a worker panic when it starts an execution of `function`, or the scheduler
/// when a zone's run starts if it is [`SCHEDULER_HOOK`] (`None`: never). Only for tests
/// of the above: the CLI sets it from `GAS_SIM_TEST_PANIC_IN`.
#[doc(hidden)]
pub fn set_panic_in_function(function: Option<String>) {
    *PANIC_IN_FUNCTION.lock().unwrap_or_else(|p| p.into_inner()) = function;
}

static PANIC_IN_FUNCTION: Mutex<Option<String>> = Mutex::new(None);

/// The test hook's panic, on a worker about to run `function` (or the scheduler).
pub(crate) fn panic_if_hooked(function: &str) {
    let hooked = PANIC_IN_FUNCTION.lock().unwrap_or_else(|p| p.into_inner()).as_deref() == Some(function);
    if hooked {
        panic!("test hook: gas-sim panics running {function} (GAS_SIM_TEST_PANIC_IN)");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_message_is_read_from_either_payload() {
        let boxed: Box<dyn Any + Send> = Box::new("static text");
        assert_eq!(panic_message(boxed.as_ref()), "static text");
        let boxed: Box<dyn Any + Send> = Box::new(format!("formatted {}", 1));
        assert_eq!(panic_message(boxed.as_ref()), "formatted 1");
        let boxed: Box<dyn Any + Send> = Box::new(7u8);
        assert_eq!(panic_message(boxed.as_ref()), "a panic without a message");
    }
}
