//! SpreadsheetApp, Spreadsheet, Sheet, Range and TextFinder: handles to gas-platform's
//! `sheets` model. Each part declares the methods it answers (`METHODS`, see
//! `crate::methods`): this core the values and the sheets themselves, and `formats`,
//! `formulas`, `groups`, `objects`, `structure`, `surface` the rest (the selection and
//! menus are `bindings/container.rs`'s). The parts that work on the spreadsheets alone
//! answer through [`in_books`], which recalculates formulas around the call.

pub(in crate::bindings) mod bandings;
pub(in crate::bindings) mod charts;
pub(in crate::bindings) mod export;
pub(in crate::bindings) mod filters;
pub(in crate::bindings) mod formats;
pub(in crate::bindings) mod formulas;
pub(in crate::bindings) mod groups;
pub(in crate::bindings) mod images;
pub(in crate::bindings) mod metadata;
pub(in crate::bindings) mod objects;
pub(in crate::bindings) mod structure;
pub(in crate::bindings) mod surface;

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::SCOPE_SPREADSHEETS;
use gas_platform::sheets::{RangeRef, SheetRef};
use gas_platform::{ServiceError, ServiceResult};

/// The getters the prelude answers from a Range's, Sheet's, RangeList's, TextFinder's
/// and NamedRange's handles (`crate::methods::Read`): `RangeRef` and `SheetRef` fields.
pub(in crate::bindings) const READS: &[Read] = reads![
    "NamedRange.getName" => "name",
    "Range.getColumn" => "column",
    "Range.getGridId" => "sheet.sheet_id",
    "Range.getHeight" => "num_rows",
    "Range.getLastColumn" => "column + num_columns - 1",
    "Range.getLastRow" => "row + num_rows - 1",
    "Range.getNumColumns" => "num_columns",
    "Range.getNumRows" => "num_rows",
    "Range.getRow" => "row",
    "Range.getRowIndex" => "row",
    "Range.getSheet" => "sheet",
    "Range.getWidth" => "num_columns",
    "RangeList.getRanges" => "",
    "Sheet.getParent" => "spreadsheet_id",
    "Sheet.getSelection" => "spreadsheet_id",
    "TextFinder.getCurrentMatch" => "current",
];

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(core);
    "Range.clearContent" => 60,
    "Range.getA1Notation" => 0,
    "Range.getDisplayValue" => 60,
    "Range.getDisplayValues" => 80,
    "Range.getValue" => 50,
    "Range.getValues" => 80,
    "Range.setValue" => 80,
    "Range.setValues" => 120,
    "Sheet.appendRow" => 150,
    "Sheet.clearContents" => 80,
    "Sheet.deleteRow" => 120,
    "Sheet.deleteRows" => 120,
    "Sheet.getDataRange" => 40,
    "Sheet.getLastColumn" => 40,
    "Sheet.getLastRow" => 40,
    "Sheet.getMaxColumns" => 20,
    "Sheet.getMaxRows" => 20,
    "Sheet.getName" => 0,
    // Selectors have named the A1 form since before the catalogue.
    "Sheet.getRange" => 10 { handler: sheet_get_range, params_override: Some(&["a1Notation"]) },
    "Sheet.getSheetId" => 0,
    "Sheet.insertRowAfter" => 120,
    "Sheet.insertRowBefore" => 120,
    "Sheet.insertRowsAfter" => 120,
    "Sheet.insertRowsBefore" => 120,
    "Sheet.setName" => 80,
    "Spreadsheet.deleteSheet" => 150,
    "Spreadsheet.getId" => 0,
    "Spreadsheet.getName" => 0,
    "Spreadsheet.getSheetByName" => 30,
    "Spreadsheet.getSheets" => 30,
    "Spreadsheet.getSpreadsheetTimeZone" => 20,
    "Spreadsheet.getUrl" => 0,
    "Spreadsheet.insertSheet" => 200,
    "SpreadsheetApp.create" => 1500 { scope: Some(SCOPE_SPREADSHEETS) },
    "SpreadsheetApp.flush" => 50,
    "SpreadsheetApp.getActiveSpreadsheet" => 100,
    "SpreadsheetApp.openById" => 150 { scope: Some(SCOPE_SPREADSHEETS) },
];

/// A part's answer on the spreadsheets: `None` for a method it has no arm for.
pub(in crate::bindings) type Part =
    fn(&Host, &mut gas_platform::sheets::Spreadsheets, &str, &Val, &[Val]) -> Option<CallResult>;

/// `part`'s answer to `call`, with formula results following every write (a state file's
/// formulas before the first read); both recalculations are no-ops for spreadsheets
/// without formulas.
pub(in crate::bindings) fn in_books(call: &Call, part: Part) -> CallResult {
    let host = call.host;
    let mut world = host.world();
    let books = &mut world.spreadsheets;
    recalculate(host, books)?;
    let result = part(host, books, call.method, call.handle, call.args)
        .unwrap_or_else(|| Err(ServiceError::unimplemented(call.method).into()));
    recalculate(host, books)?;
    host.formula_gaps.borrow_mut().extend(books.take_formula_gaps());
    result
}

/// The core's methods (the table above).
fn core(call: &Call) -> CallResult {
    in_books(call, |host, books, method, handle, args| Some(core_call(host, books, method, handle, args)))
}

/// `Sheet.getRange`: from an A1 notation the surface part's (the range carries its open
/// bounds), else the core's.
fn sheet_get_range(call: &Call) -> CallResult {
    if matches!(call.args, [Val::String(_)]) {
        surface::dispatch(call)
    } else {
        core(call)
    }
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

/// The core's answer; `ServiceError::unimplemented` for a method it has no arm for.
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
        "SpreadsheetApp.create" => match (arg(args, 1).as_f64(), arg(args, 2).as_f64()) {
            (Some(rows), Some(columns)) => {
                Val::String(books.create_sized(&string_arg(args, 0), rows as i64, columns as i64)?)
            }
            _ => Val::String(books.create(&string_arg(args, 0))?),
        },
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
            // (name?, index?, options?): each overload's arguments in this order.
            let mut rest = args.iter().peekable();
            let name = rest.next_if(|a| matches!(a, Val::String(_))).and_then(Val::as_str).map(str::to_string);
            let index = rest.next_if(|a| matches!(a, Val::Number(_))).and_then(Val::as_f64).map(|n| n as i64);
            let template = match rest.next().map(|options| options.get("template")) {
                Some(Some(template)) if !matches!(template, Val::Null | Val::Undefined) => {
                    Some(handle_of::<SheetRef>(template)?)
                }
                _ => None,
            };
            to_val(&books.insert_sheet_at(&id(), name.as_deref(), index, template.as_ref())?)
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
