//! Bandings: `Range.applyRowBanding/applyColumnBanding`, `getBandings` on a range, a sheet
//! and a spreadsheet, and `Banding`. A Banding's handle is gas-platform's `BandingRef`
//! (its spreadsheet and id); gas-platform decides every rule (`sheets/banding.rs`).

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::sheets::banding::{BandPart, BandingRef, DEFAULT_THEME};
use gas_platform::sheets::{Dim, RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The methods answered here, declared once (`crate::methods`); costs as a filter's.
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "Banding.copyTo" => 150,
    "Banding.getFirstColumnColor" => 20,
    "Banding.getFirstRowColor" => 20,
    "Banding.getFooterColumnColor" => 20,
    "Banding.getFooterRowColor" => 20,
    "Banding.getHeaderColumnColor" => 20,
    "Banding.getHeaderRowColor" => 20,
    "Banding.getRange" => 50,
    "Banding.getSecondColumnColor" => 20,
    "Banding.getSecondRowColor" => 20,
    "Banding.remove" => 150,
    "Banding.setFirstColumnColor" => 150,
    "Banding.setFirstRowColor" => 150,
    "Banding.setFooterColumnColor" => 150,
    "Banding.setFooterRowColor" => 150,
    "Banding.setHeaderColumnColor" => 150,
    "Banding.setHeaderRowColor" => 150,
    "Banding.setRange" => 150,
    "Banding.setSecondColumnColor" => 150,
    "Banding.setSecondRowColor" => 150,
    "Range.applyColumnBanding" => 150,
    "Range.applyRowBanding" => 150,
    "Range.getBandings" => 50,
    "Sheet.getBandings" => 50,
    "Spreadsheet.getBandings" => 50,
];

fn answer(call: &Call) -> CallResult {
    super::in_books(call, |_host: &Host, books, method, handle, args| Some(dispatch(books, method, handle, args)))
}

fn dispatch(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let list = |refs: Vec<BandingRef>| Val::Array(refs.iter().map(to_val).collect());
    let result: ServiceResult<Val> = match method {
        "Range.applyRowBanding" | "Range.applyColumnBanding" => {
            let dim = if method == "Range.applyRowBanding" { Dim::Rows } else { Dim::Columns };
            let theme = match arg(args, 0) {
                Val::Undefined => DEFAULT_THEME.to_string(),
                other => other.to_js_string(),
            };
            // Documented: a header and no footer unless the three-argument form says.
            let (header, footer) = match (arg(args, 1), arg(args, 2)) {
                (Val::Bool(header), Val::Bool(footer)) => (*header, *footer),
                _ => (true, false),
            };
            books.apply_banding(&handle_of(handle)?, dim, &theme, header, footer).map(|b| to_val(&b))
        }
        "Range.getBandings" => books.bandings_in(&handle_of::<RangeRef>(handle)?).map(list),
        "Sheet.getBandings" => books.sheet_bandings(&handle_of::<SheetRef>(handle)?).map(list),
        "Spreadsheet.getBandings" => books.spreadsheet_bandings(handle.as_str().unwrap_or_default()).map(list),
        _ => match method.strip_prefix("Banding.") {
            Some(name) => banding_call(books, name, &handle_of(handle)?, args),
            None => Err(ServiceError::unimplemented(method)),
        },
    };
    result.map_err(Into::into)
}

/// A `Banding`'s own methods.
fn banding_call(books: &mut Spreadsheets, name: &str, banding: &BandingRef, args: &[Val]) -> ServiceResult<Val> {
    let range = || handle_of::<RangeRef>(arg(args, 0));
    match name {
        "getRange" => Ok(to_val(&books.banding_range(banding)?)),
        "setRange" => books.set_banding_range(banding, &range()?).map(|()| to_val(banding)),
        "copyTo" => Ok(to_val(&books.copy_banding(banding, &range()?)?)),
        "remove" => books.remove_banding(banding).map(|()| Val::Undefined),
        _ => {
            let (dim, part) =
                BandPart::of_method(name).ok_or_else(|| ServiceError::unimplemented(&format!("Banding.{name}")))?;
            if name.starts_with("get") {
                return Ok(books.banding_color(banding, dim, part)?.map_or(Val::Null, Val::String));
            }
            let color = match arg(args, 0) {
                Val::Null | Val::Undefined => None,
                other => Some(other.to_js_string()),
            };
            books.set_banding_color(banding, dim, part, color.as_deref())?;
            Ok(to_val(banding))
        }
    }
}
