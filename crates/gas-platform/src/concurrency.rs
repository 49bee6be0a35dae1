//! The platform's limit on simultaneous executions: at most 30 per user (documented in
//! the quotas table, "Simultaneous executions per user: 30 / user"). A web app that runs
//! as its owner counts every visitor's request against the owner's 30.

/// The documented limit, and the default a scenario runs with.
pub const SIMULTANEOUS_EXECUTIONS_PER_USER_MAX: usize = 30;

/// What a request or trigger gets when the limit is reached. Observed: users quote
/// "Service invoked too many times in a short time: exec maxSimultaneous" (and an
/// `exec qps` variant); the full text with the advice is assumed to follow the other
/// "too many times in a short time" errors.
pub const TOO_MANY_SIMULTANEOUS_MESSAGE: &str =
    "Service invoked too many times in a short time: exec maxSimultaneous. Try Utilities.sleep(1000) between calls.";

/// A scenario's `simultaneous_executions_max`: 1 to `ceiling` (the scheduler's own
/// bound on overlapping executions, each of which holds a thread).
pub fn check_limit(max: i64, ceiling: usize) -> Result<usize, String> {
    match usize::try_from(max) {
        Ok(n) if (1..=ceiling).contains(&n) => Ok(n),
        _ => Err(format!("{max}: simultaneous executions are limited to 1 to {ceiling} (the platform's is 30)")),
    }
}

/// Whether a new execution may start while `running` others are in flight.
pub fn admits(running: usize, max: usize) -> Result<(), &'static str> {
    if running >= max {
        Err(TOO_MANY_SIMULTANEOUS_MESSAGE)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thirty_first_is_refused() {
        assert!(admits(0, SIMULTANEOUS_EXECUTIONS_PER_USER_MAX).is_ok());
        assert!(admits(29, SIMULTANEOUS_EXECUTIONS_PER_USER_MAX).is_ok());
        assert_eq!(admits(30, SIMULTANEOUS_EXECUTIONS_PER_USER_MAX), Err(TOO_MANY_SIMULTANEOUS_MESSAGE));
    }

    #[test]
    fn a_limit_is_positive_and_bounded() {
        assert_eq!(check_limit(30, 64), Ok(30));
        assert!(check_limit(0, 64).unwrap_err().contains("1 to 64"));
        assert!(check_limit(-3, 64).is_err());
        assert!(check_limit(65, 64).is_err());
    }
}
