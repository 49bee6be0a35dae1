//! Structure: columns, hiding, freezing, merging, navigation, sorting, copying and moving.
//!
//! `dispatch` answers the methods this part declares. Arguments
//! arrive checked against the catalogue (the prelude's makers); here they are read into
//! gas-platform's types, enums by name.

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::sheets::{
    structure_text as st, CopyMode, Dim, Direction, MergeKind, RangeRef, SheetRef, Spreadsheets,
};
use gas_platform::{ServiceError, ServiceResult};

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "Range.autoFill" => 150,
    "Range.autoFillToNeighbor" => 150,
    "Range.breakApart" => 80,
    // The catalogue lists the gridId overload first; gas-sim takes the sheet.
    "Range.copyFormatToRange" => 120 { params_override: Some(&["sheet", "column", "columnEnd", "row", "rowEnd"]) },
    "Range.copyTo" => 120,
    // The catalogue lists the gridId overload first; gas-sim takes the sheet.
    "Range.copyValuesToRange" => 120 { params_override: Some(&["sheet", "column", "columnEnd", "row", "rowEnd"]) },
    "Range.deleteCells" => 120,
    "Range.getCell" => 0,
    "Range.getDataRegion" => 50,
    "Range.getMergedRanges" => 50,
    "Range.getNextDataCell" => 50,
    "Range.insertCells" => 120,
    "Range.isBlank" => 50,
    "Range.isPartOfMerge" => 50,
    "Range.merge" => 80,
    "Range.mergeAcross" => 80,
    "Range.mergeVertically" => 80,
    "Range.moveTo" => 120,
    "Range.offset" => 0,
    "Range.randomize" => 120,
    "Range.removeDuplicates" => 150,
    "Range.sort" => 150,
    "Range.trimWhitespace" => 120,
    "Sheet.autoResizeColumn" => 100,
    "Sheet.autoResizeColumns" => 100,
    "Sheet.autoResizeRows" => 100,
    "Sheet.deleteColumn" => 120,
    "Sheet.deleteColumns" => 120,
    "Sheet.getFrozenColumns" => 20,
    "Sheet.getFrozenRows" => 20,
    "Sheet.hideColumn" => 80,
    "Sheet.hideColumns" => 80,
    "Sheet.hideRow" => 80,
    "Sheet.hideRows" => 80,
    "Sheet.hideSheet" => 80,
    "Sheet.insertColumnAfter" => 120,
    "Sheet.insertColumnBefore" => 120,
    "Sheet.insertColumns" => 120,
    "Sheet.insertColumnsAfter" => 120,
    "Sheet.insertColumnsBefore" => 120,
    "Sheet.insertRows" => 120,
    "Sheet.isColumnHiddenByUser" => 20,
    "Sheet.isRowHiddenByUser" => 20,
    "Sheet.isSheetHidden" => 20,
    "Sheet.moveColumns" => 120,
    "Sheet.moveRows" => 120,
    "Sheet.setFrozenColumns" => 80,
    "Sheet.setFrozenRows" => 80,
    "Sheet.showColumns" => 80,
    "Sheet.showRows" => 80,
    "Sheet.showSheet" => 80,
    "Sheet.sort" => 150,
    "Sheet.unhideColumn" => 80,
    "Sheet.unhideRow" => 80,
];

/// This part's methods (the table above), on the spreadsheets.
fn answer(call: &Call) -> CallResult {
    super::in_books(call, dispatch)
}

pub(super) fn dispatch(
    host: &Host,
    books: &mut Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
) -> Option<CallResult> {
    let result = if method.starts_with("Sheet.") {
        sheet(host, books, method, handle, args)
    } else if method.starts_with("Range.") {
        range(host, books, method, handle, args)
    } else {
        return None;
    };
    Some(result.map_err(Into::into))
}

/// An optional whole-number argument (`hideRows(row[, count])`).
fn count_arg(args: &[Val], i: usize, method: &str) -> ServiceResult<i64> {
    match arg(args, i) {
        Val::Undefined => Ok(1),
        _ => int_arg(args, i, method),
    }
}

fn enum_arg<T>(args: &[Val], i: usize, name: &str, read: fn(&str) -> Option<T>) -> ServiceResult<T> {
    match arg(args, i) {
        Val::String(s) => read(s),
        _ => None,
    }
    .ok_or_else(|| ServiceError::new(st::invalid_argument(name)))
}

fn void(result: ServiceResult<()>) -> ServiceResult<Val> {
    result.map(|()| Val::Undefined)
}

fn sheet(host: &Host, books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> ServiceResult<Val> {
    let _ = host;
    let sheet: SheetRef = handle_of(handle)?;
    let int = |i: usize| int_arg(args, i, method);
    let lines_of = |i: usize, dim: Dim| -> ServiceResult<(i64, i64)> {
        let range: RangeRef = handle_of(arg(args, i))?;
        Ok(match dim {
            Dim::Rows => (i64::from(range.row), i64::from(range.num_rows)),
            Dim::Columns => (i64::from(range.column), i64::from(range.num_columns)),
        })
    };
    match method {
        "Sheet.insertColumnBefore" => void(books.insert_columns(&sheet, int(0)?, 1, false)),
        "Sheet.insertColumnAfter" => void(books.insert_columns(&sheet, int(0)?, 1, true)),
        "Sheet.insertColumnsBefore" => void(books.insert_columns(&sheet, int(0)?, int(1)?, false)),
        "Sheet.insertColumnsAfter" => void(books.insert_columns(&sheet, int(0)?, int(1)?, true)),
        "Sheet.insertColumns" => void(books.insert_columns(&sheet, int(0)?, count_arg(args, 1, method)?, false)),
        "Sheet.insertRows" => void(books.insert_rows_before(&sheet, int(0)?, count_arg(args, 1, method)?)),
        "Sheet.deleteColumn" => void(books.delete_columns(&sheet, int(0)?, 1)),
        "Sheet.deleteColumns" => void(books.delete_columns(&sheet, int(0)?, int(1)?)),
        "Sheet.hideSheet" => void(books.hide_sheet(&sheet)),
        "Sheet.showSheet" => void(books.show_sheet(&sheet)),
        "Sheet.isSheetHidden" => Ok(Val::Bool(books.is_sheet_hidden(&sheet)?)),
        "Sheet.hideRows" | "Sheet.showRows" | "Sheet.hideColumns" | "Sheet.showColumns" => {
            let dim = if method.ends_with("Rows") { Dim::Rows } else { Dim::Columns };
            let hide = method.starts_with("Sheet.hide");
            void(books.set_hidden(&sheet, dim, int(0)?, count_arg(args, 1, method)?, hide))
        }
        "Sheet.hideRow" | "Sheet.unhideRow" | "Sheet.hideColumn" | "Sheet.unhideColumn" => {
            let dim = if method.ends_with("Row") { Dim::Rows } else { Dim::Columns };
            let (start, count) = lines_of(0, dim)?;
            void(books.set_hidden(&sheet, dim, start, count, method.starts_with("Sheet.hide")))
        }
        "Sheet.isRowHiddenByUser" => Ok(Val::Bool(books.is_hidden_by_user(&sheet, Dim::Rows, int(0)?)?)),
        "Sheet.isColumnHiddenByUser" => Ok(Val::Bool(books.is_hidden_by_user(&sheet, Dim::Columns, int(0)?)?)),
        "Sheet.setFrozenRows" => void(books.set_frozen(&sheet, Dim::Rows, int(0)?)),
        "Sheet.setFrozenColumns" => void(books.set_frozen(&sheet, Dim::Columns, int(0)?)),
        "Sheet.getFrozenRows" => Ok(Val::Number(f64::from(books.frozen(&sheet, Dim::Rows)?))),
        "Sheet.getFrozenColumns" => Ok(Val::Number(f64::from(books.frozen(&sheet, Dim::Columns)?))),
        "Sheet.autoResizeColumn" => void(books.auto_resize(&sheet, Dim::Columns, int(0)?, 1)),
        "Sheet.autoResizeColumns" => void(books.auto_resize(&sheet, Dim::Columns, int(0)?, int(1)?)),
        "Sheet.autoResizeRows" => void(books.auto_resize(&sheet, Dim::Rows, int(0)?, int(1)?)),
        "Sheet.sort" => {
            let ascending = !matches!(arg(args, 1), Val::Bool(false));
            void(books.sort_sheet(&sheet, int(0)?, ascending))
        }
        "Sheet.moveRows" | "Sheet.moveColumns" => {
            // The spec names rows (columns) of this sheet by its position.
            let spec = RangeRef { sheet: sheet.clone(), ..handle_of(arg(args, 0))? };
            let dim = if method == "Sheet.moveRows" { Dim::Rows } else { Dim::Columns };
            void(books.move_lines(&spec, dim, int(1)?))
        }
        _ => Err(ServiceError::unimplemented(method)),
    }
}

fn range(host: &Host, books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> ServiceResult<Val> {
    let range: RangeRef = handle_of(handle)?;
    let int = |i: usize| int_arg(args, i, method);
    let optional_int = |i: usize| match arg(args, i) {
        Val::Undefined => Ok(None),
        _ => int(i).map(Some),
    };
    let series = |i: usize| enum_arg(args, i, "series", increments_of);
    match method {
        "Range.merge" => void(books.merge(&range, MergeKind::All)),
        "Range.mergeAcross" => void(books.merge(&range, MergeKind::Across)),
        "Range.mergeVertically" => void(books.merge(&range, MergeKind::Vertically)),
        "Range.breakApart" => void(books.break_apart(&range)),
        "Range.getMergedRanges" => Ok(Val::Array(books.merged_ranges(&range)?.iter().map(to_val).collect())),
        "Range.isPartOfMerge" => Ok(Val::Bool(books.is_part_of_merge(&range)?)),
        "Range.offset" => Ok(to_val(&books.offset(&range, int(0)?, int(1)?, optional_int(2)?, optional_int(3)?)?)),
        "Range.getCell" => Ok(to_val(&books.get_cell(&range, int(0)?, int(1)?)?)),
        "Range.getNextDataCell" => {
            let direction = enum_arg(args, 0, "direction", Direction::from_name)?;
            Ok(to_val(&books.next_data_cell(&range, direction)?))
        }
        "Range.getDataRegion" => {
            let dim = match arg(args, 0) {
                Val::Undefined => None,
                _ => Some(enum_arg(args, 0, "dimension", Dim::from_name)?),
            };
            Ok(to_val(&books.data_region(&range, dim)?))
        }
        "Range.isBlank" => Ok(Val::Bool(books.is_blank(&range)?)),
        "Range.sort" => void(books.sort_range(&range, &sort_keys(arg(args, 0))?)),
        "Range.removeDuplicates" => {
            let columns = match arg(args, 0) {
                Val::Undefined | Val::Null => None,
                Val::Array(items) => Some(items.iter().map(column_number).collect::<ServiceResult<Vec<i64>>>()?),
                other => {
                    return Err(signature_error("SpreadsheetApp.Range.removeDuplicates", std::slice::from_ref(other)))
                }
            };
            Ok(to_val(&books.remove_duplicates(&range, columns.as_deref())?))
        }
        "Range.trimWhitespace" => void(books.trim_whitespace(&range)),
        "Range.randomize" => void(books.randomize(&range, &mut host.sheets_rng.borrow_mut())),
        "Range.copyTo" => {
            let destination: RangeRef = handle_of(arg(args, 0))?;
            void(books.copy_to(&range, &destination, copy_mode(args)?))
        }
        "Range.copyValuesToRange" | "Range.copyFormatToRange" => {
            let target = match arg(args, 0) {
                Val::Number(grid_id) => {
                    SheetRef { spreadsheet_id: range.sheet.spreadsheet_id.clone(), sheet_id: *grid_id as u32 }
                }
                other => handle_of(other)?,
            };
            let mode = if method == "Range.copyValuesToRange" {
                CopyMode { contents: true, values_only: true, formats: false, validations: false, transposed: false }
            } else {
                CopyMode { contents: false, values_only: false, formats: true, validations: true, transposed: false }
            };
            void(books.copy_to_box(&range, &target, int(1)?, int(2)?, int(3)?, int(4)?, mode))
        }
        "Range.moveTo" => void(books.move_to(&range, &handle_of(arg(args, 0))?)),
        "Range.insertCells" => {
            void(books.shift_cells(&range, enum_arg(args, 0, "shiftDimension", Dim::from_name)?, true))
        }
        "Range.deleteCells" => {
            void(books.shift_cells(&range, enum_arg(args, 0, "shiftDimension", Dim::from_name)?, false))
        }
        "Range.autoFill" => {
            let destination: RangeRef = handle_of(arg(args, 0))?;
            void(books.auto_fill(&range, &destination, series(1)?))
        }
        "Range.autoFillToNeighbor" => void(books.auto_fill_to_neighbor(&range, series(0)?)),
        _ => Err(ServiceError::unimplemented(method)),
    }
}

/// `SpreadsheetApp.AutoFillSeries`: whether the series increments.
fn increments_of(name: &str) -> Option<bool> {
    match name {
        "DEFAULT_SERIES" => Some(true),
        "ALTERNATE_SERIES" => Some(false),
        _ => None,
    }
}

fn column_number(value: &Val) -> ServiceResult<i64> {
    match value {
        Val::Number(n) if n.is_finite() => Ok(n.trunc() as i64),
        _ => Err(ServiceError::new(st::DUPLICATE_COLUMN_OUT_OF_RANGE)),
    }
}

/// `Range.sort(spec)`: a column number, `{column, ascending}`, or an array of either
/// (documented forms); ascending unless `ascending: false`.
fn sort_keys(spec: &Val) -> ServiceResult<Vec<(i64, bool)>> {
    let key = |item: &Val| -> ServiceResult<(i64, bool)> {
        match item {
            Val::Number(n) if n.is_finite() => Ok((n.trunc() as i64, true)),
            Val::Object(_) => {
                let column = match item.get("column") {
                    Some(Val::Number(n)) if n.is_finite() => n.trunc() as i64,
                    _ => return Err(ServiceError::new(st::SORT_SPEC_INVALID)),
                };
                let ascending = match item.get("ascending") {
                    None | Some(Val::Undefined) => true,
                    Some(Val::Bool(b)) => *b,
                    Some(_) => return Err(ServiceError::new(st::SORT_SPEC_INVALID)),
                };
                Ok((column, ascending))
            }
            _ => Err(ServiceError::new(st::SORT_SPEC_INVALID)),
        }
    };
    match spec {
        Val::Array(items) => items.iter().map(key).collect(),
        single => Ok(vec![key(single)?]),
    }
}

/// `copyTo(destination)`, `copyTo(destination, {formatOnly, contentsOnly})`,
/// `copyTo(destination, copyPasteType, transposed)`.
fn copy_mode(args: &[Val]) -> ServiceResult<CopyMode> {
    let all = CopyMode { contents: true, values_only: false, formats: true, validations: true, transposed: false };
    match arg(args, 1) {
        Val::Undefined => Ok(all),
        options @ Val::Object(_) => {
            let flag = |name: &str| matches!(options.get(name), Some(Val::Bool(true)));
            Ok(match (flag("formatOnly"), flag("contentsOnly")) {
                (true, false) => CopyMode { contents: false, ..all },
                (false, true) => CopyMode { formats: false, validations: false, ..all },
                _ => all,
            })
        }
        Val::String(kind) => {
            let transposed = matches!(arg(args, 2), Val::Bool(true));
            let mode = match kind.as_str() {
                "PASTE_NORMAL" | "PASTE_NO_BORDERS" => all,
                "PASTE_VALUES" => CopyMode { values_only: true, formats: false, validations: false, ..all },
                "PASTE_FORMULA" => CopyMode { formats: false, validations: false, ..all },
                "PASTE_FORMAT" => CopyMode { contents: false, ..all },
                "PASTE_DATA_VALIDATION" => CopyMode { contents: false, formats: false, ..all },
                // Conditional formats and column widths are not carried by copyTo yet.
                "PASTE_CONDITIONAL_FORMATTING" | "PASTE_COLUMN_WIDTHS" => {
                    return Err(ServiceError::unimplemented(&format!("CopyPasteType.{kind} in Range.copyTo")));
                }
                _ => return Err(ServiceError::new(st::invalid_argument("copyPasteType"))),
            };
            Ok(CopyMode { transposed, ..mode })
        }
        other => Err(signature_error("SpreadsheetApp.Range.copyTo", std::slice::from_ref(other))),
    }
}
