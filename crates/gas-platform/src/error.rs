//! The error a service call raises: the platform's exact message, nothing else.

use std::fmt;

/// An error raised by a simulated service. `message` is the text the platform puts in
/// `err.message` (the platform logs it as `Exception: <message>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceError {
    pub message: String,
    /// The JS error constructor the engine should use (`Error` for service exceptions,
    /// `TypeError`/`RangeError` where the platform raises those).
    pub kind: ErrorKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Error,
    TypeError,
    RangeError,
}

impl ServiceError {
    pub fn new(message: impl Into<String>) -> Self {
        ServiceError { message: message.into(), kind: ErrorKind::Error }
    }

    pub fn type_error(message: impl Into<String>) -> Self {
        ServiceError { message: message.into(), kind: ErrorKind::TypeError }
    }

    /// A call whose arguments fit no overload (observed text; `types` as the platform
    /// lists them, e.g. `String,number`).
    pub fn signature_mismatch(types: &str, method: &str) -> Self {
        ServiceError::new(format!("The parameters ({types}) don't match the method signature for {method}."))
    }

    /// The error for an API gas-sim does not implement, naming it
    /// (`gas-sim does not implement Sheet.getCharts()`).
    pub fn unimplemented(api: &str) -> Self {
        ServiceError::new(format!("gas-sim does not implement {api}()"))
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ServiceError {}

pub type ServiceResult<T> = Result<T, ServiceError>;
