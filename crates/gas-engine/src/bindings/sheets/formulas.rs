//! Formulas: setFormula(s), getFormula(s), the R1C1 forms (rules in
//! `gas_platform::sheets::formula` and `ops/formulas.rs`).
//!
//! `dispatch` answers the methods this part declares.

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::sheets::{RangeRef, Spreadsheets};
use gas_platform::ServiceResult;

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "Range.getFormula" => 50,
    "Range.getFormulaR1C1" => 50,
    "Range.getFormulas" => 80,
    "Range.getFormulasR1C1" => 80,
    "Range.setFormula" => 80,
    "Range.setFormulaR1C1" => 80,
    "Range.setFormulas" => 120,
    "Range.setFormulasR1C1" => 120,
];

/// This part's methods (the table above), on the spreadsheets.
fn answer(call: &Call) -> CallResult {
    super::in_books(call, dispatch)
}

pub(super) fn dispatch(
    _host: &Host,
    books: &mut Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
) -> Option<CallResult> {
    Some(range_call(books, method, handle, args))
}

fn range_call(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let range: RangeRef = handle_of(handle)?;
    let value = match method {
        "Range.setFormula" => unit(books.set_formula(&range, &string_arg(args, 0)))?,
        "Range.setFormulaR1C1" => unit(books.set_formula_r1c1(&range, &string_arg(args, 0)))?,
        "Range.setFormulas" => unit(books.set_formulas(&range, text_rows(arg(args, 0), method)?, false))?,
        "Range.setFormulasR1C1" => unit(books.set_formulas(&range, text_rows(arg(args, 0), method)?, true))?,
        "Range.getFormula" => Val::String(books.get_formula(&range)?),
        "Range.getFormulas" => Val::Array(
            books
                .get_formulas(&range)?
                .into_iter()
                .map(|row| Val::Array(row.into_iter().map(Val::String).collect()))
                .collect(),
        ),
        "Range.getFormulaR1C1" => books.get_formula_r1c1(&range)?.map_or(Val::Null, Val::String),
        "Range.getFormulasR1C1" => Val::Array(
            books
                .get_formulas_r1c1(&range)?
                .into_iter()
                .map(|row| Val::Array(row.into_iter().map(|cell| cell.map_or(Val::Null, Val::String)).collect()))
                .collect(),
        ),
        _ => return Err(gas_platform::ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// A `string[][]` argument (checked against the catalogue already); each cell as JS text.
fn text_rows(values: &Val, method: &str) -> ServiceResult<Vec<Vec<String>>> {
    let method = format!("SpreadsheetApp.{method}");
    let Val::Array(rows) = values else {
        return Err(signature_error(&method, std::slice::from_ref(values)));
    };
    rows.iter()
        .map(|row| match row {
            // A null or undefined cell clears its formula, as `""` does (observed: a peer's
            // conformance tests read `""` back, not `=null`).
            Val::Array(cells) => Ok(cells
                .iter()
                .map(
                    |cell| if matches!(cell, Val::Null | Val::Undefined) { String::new() } else { cell.to_js_string() },
                )
                .collect()),
            other => Err(gas_platform::ServiceError::signature_mismatch(&format!("{}[]", type_name(other)), &method)),
        })
        .collect()
}
