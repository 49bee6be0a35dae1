//! Bindings of `Utilities` and `Blob`: conversions only; the rules are in
//! `gas_platform::utilities`.

use crate::host::{CallResult, Host};
use crate::value::Val;
use gas_platform::ServiceError;

pub fn dispatch(host: &Host, method: &str, args: &[Val]) -> CallResult {
    let _ = (host, args);
    Err(ServiceError::unimplemented(method).into())
}
