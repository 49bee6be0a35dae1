//! `Utilities.sleep`: the documented limit and the argument errors.

use crate::error::{ServiceError, ServiceResult};

/// The longest `Utilities.sleep` (documented: "The maximum allowed value is 300000 (or
/// 5 minutes)").
pub const SLEEP_MS_MAX: i64 = 300_000;

/// Validates `Utilities.sleep(milliseconds)` and returns the whole milliseconds to
/// sleep (a fraction is dropped, as Java's int conversion does).
///
/// Errors (texts assumed, in Apps Script's forms for argument errors):
/// over 300000 is `Argument too large: milliseconds`, a negative value
/// `Invalid argument: milliseconds`, NaN `Cannot convert NaN to int.`.
pub fn sleep_ms_checked(ms: f64) -> ServiceResult<i64> {
    if ms.is_nan() {
        return Err(ServiceError::new("Cannot convert NaN to int."));
    }
    let whole_ms = ms.trunc();
    if whole_ms > SLEEP_MS_MAX as f64 {
        return Err(ServiceError::new("Argument too large: milliseconds"));
    }
    if whole_ms < 0.0 {
        return Err(ServiceError::new("Invalid argument: milliseconds"));
    }
    Ok(whole_ms as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sleep_limit() {
        assert_eq!(sleep_ms_checked(0.0), Ok(0));
        assert_eq!(sleep_ms_checked(1500.9), Ok(1500));
        assert_eq!(sleep_ms_checked(300_000.0), Ok(SLEEP_MS_MAX));
        assert_eq!(sleep_ms_checked(300_001.0).unwrap_err().message, "Argument too large: milliseconds");
        assert_eq!(sleep_ms_checked(-1.0).unwrap_err().message, "Invalid argument: milliseconds");
        assert_eq!(sleep_ms_checked(f64::NAN).unwrap_err().message, "Cannot convert NaN to int.");
    }
}
