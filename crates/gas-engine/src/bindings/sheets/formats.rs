//! Formats: number formats, fonts, colours, alignment, notes, borders, rich text, text styles and colours.
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
