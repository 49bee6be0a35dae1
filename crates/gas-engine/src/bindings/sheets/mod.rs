//! SpreadsheetApp, Spreadsheet, Sheet, Range and TextFinder: handles to gas-platform's
//! `sheets` model.

mod formats;
mod formulas;
mod groups;
mod objects;
mod structure;
mod surface;

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::value::Val;
use gas_platform::sheets::{RangeRef, SheetRef};
use gas_platform::{ServiceError, ServiceResult};

/// The stages are asked in turn and the first answer wins, so a method is one arm of one
/// stage (`sweep.rs` and `bindings::sweep` check it).
pub(super) fn dispatch(call: &Call) -> CallResult {
    if super::container::handles(call.method) {
        return super::container::dispatch(call);
    }
    if let Some(result) = surface::dispatch_call(call) {
        return result;
    }
    if let Some(result) = objects::dispatch_call(call) {
        return result;
    }
    sheets(call.host, call.method, call.handle, call.args)
}

type Part = fn(&Host, &mut gas_platform::sheets::Spreadsheets, &str, &Val, &[Val]) -> Option<CallResult>;

/// The parts of SpreadsheetApp in their own modules, asked in turn before the core below.
const PARTS: [Part; 4] = [formulas::dispatch, formats::dispatch, structure::dispatch, groups::dispatch];

fn sheets(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let mut world = host.world();
    let books = &mut world.spreadsheets;
    // Formula results follow every write (a state file's formulas before the first read);
    // both are no-ops for spreadsheets without formulas.
    recalculate(host, books)?;
    let result = sheets_call(host, books, method, handle, args);
    recalculate(host, books)?;
    host.formula_gaps.borrow_mut().extend(books.take_formula_gaps());
    result
}

/// `recalculate_stale`, charged to the step budget first (crate::work): one recalculation
/// rebuilds the whole engine model, so a recalculation after each of many edits is
/// quadratic work that must end as any other runaway work does.
pub(in crate::bindings) fn recalculate(
    host: &Host,
    books: &mut gas_platform::sheets::Spreadsheets,
) -> Result<(), crate::host::Failure> {
    let size = books.stale_recalculation_size();
    let steps = size
        .cells
        .saturating_mul(crate::work::STEPS_PER_RECALCULATED_CELL)
        .saturating_add(size.formulas.saturating_mul(crate::work::STEPS_PER_RECALCULATED_FORMULA));
    host.charge_steps(steps)?;
    books.recalculate_stale(host.now(), host.zone);
    Ok(())
}

fn sheets_call(
    host: &Host,
    books: &mut gas_platform::sheets::Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
) -> CallResult {
    for part in PARTS {
        if let Some(result) = part(host, books, method, handle, args) {
            return result;
        }
    }
    core_call(host, books, method, handle, args)
}

/// The methods no part owns; `ServiceError::unimplemented` for the rest.
fn core_call(
    host: &Host,
    books: &mut gas_platform::sheets::Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
) -> CallResult {
    let zone = host.zone;
    let id = || handle.as_str().unwrap_or_default().to_string();
    let value = match method {
        "SpreadsheetApp.create" => Val::String(books.create(&string_arg(args, 0))?),
        "SpreadsheetApp.openById" => Val::String(books.open_by_id(&string_arg(args, 0))?.id().to_string()),
        "SpreadsheetApp.getActiveSpreadsheet" => match super::container::active_spreadsheet_id(host) {
            Some(container) => Val::String(books.open_by_id(&container)?.id().to_string()),
            None => Val::Null,
        },
        "SpreadsheetApp.flush" => Val::Undefined,
        "Spreadsheet.getId" => Val::String(books.open_by_id(&id())?.id().to_string()),
        "Spreadsheet.getName" => Val::String(books.spreadsheet_name(&id())?),
        "Spreadsheet.getUrl" => Val::String(gas_platform::sheets::surface::spreadsheet_url(&id())),
        "Spreadsheet.getSpreadsheetTimeZone" => Val::String(books.spreadsheet_time_zone(&id(), zone)?),
        "Spreadsheet.getSheetByName" => match books.get_sheet_by_name(&id(), &string_arg(args, 0))? {
            Some(sheet) => to_val(&sheet),
            None => Val::Null,
        },
        "Spreadsheet.getSheets" => Val::Array(books.get_sheets(&id())?.iter().map(to_val).collect()),
        "Spreadsheet.insertSheet" => {
            let name = match arg(args, 0) {
                Val::String(s) => Some(s.clone()),
                _ => None,
            };
            to_val(&books.insert_sheet(&id(), name.as_deref())?)
        }
        "Spreadsheet.deleteSheet" => {
            books.delete_sheet(&handle_of::<SheetRef>(arg(args, 0))?)?;
            Val::Undefined
        }
        _ => return sheet_or_range(host, books, method, handle, args),
    };
    Ok(value)
}

fn sheet_or_range(
    host: &Host,
    books: &mut gas_platform::sheets::Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
) -> CallResult {
    let zone = host.zone;
    if method.starts_with("Sheet.") {
        let sheet: SheetRef = handle_of(handle)?;
        let value = match method {
            "Sheet.getName" => Val::String(books.sheet_name(&sheet)?),
            "Sheet.setName" => {
                books.rename_sheet(&sheet, &string_arg(args, 0))?;
                Val::Undefined
            }
            "Sheet.getSheetId" => Val::Number(f64::from(sheet.sheet_id)),
            "Sheet.getLastRow" => Val::Number(f64::from(books.last_row(&sheet)?)),
            "Sheet.getLastColumn" => Val::Number(f64::from(books.last_column(&sheet)?)),
            "Sheet.getMaxRows" => Val::Number(f64::from(books.max_rows(&sheet)?)),
            "Sheet.getMaxColumns" => Val::Number(f64::from(books.max_columns(&sheet)?)),
            "Sheet.getRange" => to_val(&get_range(books, &sheet, args)?),
            "Sheet.getDataRange" => to_val(&books.get_data_range(&sheet)?),
            "Sheet.appendRow" => {
                let Val::Array(cells) = arg(args, 0) else {
                    return Err(signature_error("SpreadsheetApp.Sheet.appendRow", &args[..args.len().min(1)]).into());
                };
                books.append_row(&sheet, cells.iter().map(Val::to_cell).collect(), zone)?;
                Val::Undefined
            }
            "Sheet.deleteRow" => unit(books.delete_row(&sheet, int_arg(args, 0, method)?))?,
            "Sheet.deleteRows" => {
                unit(books.delete_rows(&sheet, int_arg(args, 0, method)?, int_arg(args, 1, method)?))?
            }
            "Sheet.insertRowBefore" => unit(books.insert_row_before(&sheet, int_arg(args, 0, method)?))?,
            "Sheet.insertRowAfter" => unit(books.insert_row_after(&sheet, int_arg(args, 0, method)?))?,
            "Sheet.insertRowsBefore" => {
                unit(books.insert_rows_before(&sheet, int_arg(args, 0, method)?, int_arg(args, 1, method)?))?
            }
            "Sheet.insertRowsAfter" => {
                unit(books.insert_rows_after(&sheet, int_arg(args, 0, method)?, int_arg(args, 1, method)?))?
            }
            "Sheet.clearContents" => unit(books.clear_sheet(&sheet))?,
            _ => return Err(ServiceError::unimplemented(method).into()),
        };
        return Ok(value);
    }
    if !method.starts_with("Range.") {
        // No stage has an arm for it (`sweep.rs` tells this from a handle error).
        return Err(ServiceError::unimplemented(method).into());
    }
    let range: RangeRef = handle_of(handle)?;
    let value = match method {
        "Range.getValues" => grid(books.get_values(&range)?),
        "Range.getValue" => Val::from_cell(&books.get_value(&range)?),
        "Range.getDisplayValues" => Val::Array(
            books
                .get_display_values(&range, zone)?
                .into_iter()
                .map(|row| Val::Array(row.into_iter().map(Val::String).collect()))
                .collect(),
        ),
        "Range.getDisplayValue" => Val::String(books.get_display_value(&range, zone)?),
        "Range.setValues" => {
            unit(books.set_values(&range, cell_rows(arg(args, 0), "SpreadsheetApp.Range.setValues")?, zone))?
        }
        "Range.setValue" => unit(books.set_value(&range, arg(args, 0).to_cell(), zone))?,
        "Range.clearContent" => unit(books.clear_content(&range))?,
        "Range.getA1Notation" => Val::String(gas_platform::sheets::a1_notation(&range)),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// `getRange(row, column[, numRows[, numColumns]])` or `getRange(a1Notation)`.
fn get_range(books: &gas_platform::sheets::Spreadsheets, sheet: &SheetRef, args: &[Val]) -> ServiceResult<RangeRef> {
    if let Val::String(a1) = arg(args, 0) {
        return books.get_range_a1(sheet, a1);
    }
    let method = "SpreadsheetApp.Sheet.getRange";
    let row = int_arg(args, 0, method)?;
    let column = int_arg(args, 1, method)?;
    let num_rows = if args.len() > 2 { int_arg(args, 2, method)? } else { 1 };
    let num_columns = if args.len() > 3 { int_arg(args, 3, method)? } else { 1 };
    books.get_range(sheet, row, column, num_rows, num_columns)
}

fn cell_rows(values: &Val, method: &str) -> ServiceResult<Vec<Vec<gas_platform::CellValue>>> {
    let Val::Array(rows) = values else {
        return Err(signature_error(method, std::slice::from_ref(values)));
    };
    rows.iter()
        .map(|row| match row {
            Val::Array(cells) => Ok(cells.iter().map(Val::to_cell).collect()),
            other => Err(ServiceError::signature_mismatch(&format!("{}[]", type_name(other)), method)),
        })
        .collect()
}

fn grid(rows: Vec<Vec<gas_platform::CellValue>>) -> Val {
    Val::Array(rows.iter().map(|row| Val::Array(row.iter().map(Val::from_cell).collect())).collect())
}

#[cfg(test)]
pub(super) mod sweep;
