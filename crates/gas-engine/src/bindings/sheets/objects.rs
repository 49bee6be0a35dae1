//! Objects beside the cells: named ranges, protections, data validation, conditional formats, range lists.
//!
//! `dispatch` answers the methods this part owns and `None` for every other.

use crate::host::{CallResult, Host};
use crate::value::Val;
use gas_platform::sheets::Spreadsheets;

pub(super) fn dispatch(
    _host: &Host,
    _books: &mut Spreadsheets,
    method: &str,
    _handle: &Val,
    _args: &[Val],
) -> Option<CallResult> {
    let _ = method;
    None
}
