//! Filters: `Range.createFilter()`, `Sheet.getFilter()`, `Filter`, and the
//! `FilterCriteria` a script builds with `SpreadsheetApp.newFilterCriteria()`. A Filter's
//! handle is its sheet's (a sheet has one filter at most); a criteria's is the plain data
//! gas-platform's `sheets::filter::FilterCriteria` serializes, changed in the script's
//! process by the builder. gas-platform decides every rule (`sheets/filter.rs`).

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::sheets::filter::FilterCriteria;
use gas_platform::sheets::{RangeRef, SheetRef, Spreadsheets};
use gas_platform::{CellValue, ServiceError, ServiceResult};

/// The criteria's getters (`crate::methods::Read`), on the criteria and on its builder.
pub(in crate::bindings) const READS: &[Read] = reads![
    "FilterCriteria.getCriteriaType" => "criteria",
    "FilterCriteria.getCriteriaValues" => "values",
    "FilterCriteria.getHiddenValues" => "hidden_values",
    "FilterCriteria.getVisibleValues" => "visible_values",
    "FilterCriteriaBuilder.getCriteriaType" => "criteria",
    "FilterCriteriaBuilder.getCriteriaValues" => "values",
    "FilterCriteriaBuilder.getHiddenValues" => "hidden_values",
    "FilterCriteriaBuilder.getVisibleValues" => "visible_values",
];

/// The methods answered here, declared once (`crate::methods`). A filter's reads and
/// changes cost what the sheet's structure calls cost (structure.rs).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "Filter.getColumnFilterCriteria" => 50,
    "Filter.getRange" => 50,
    "Filter.remove" => 150,
    "Filter.removeColumnFilterCriteria" => 150,
    "Filter.setColumnFilterCriteria" => 150,
    "Filter.sort" => 150,
    "FilterCriteria.copy" => 0 { in_process: true },
    "FilterCriteriaBuilder.build" => 0 { in_process: true },
    "FilterCriteriaBuilder.copy" => 0 { in_process: true },
    "FilterCriteriaBuilder.setHiddenValues" => 0 { in_process: true },
    "FilterCriteriaBuilder.setVisibleValues" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenCellEmpty" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenCellNotEmpty" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenDateAfter" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenDateBefore" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenDateEqualTo" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenFormulaSatisfied" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberBetween" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberEqualTo" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberGreaterThan" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberGreaterThanOrEqualTo" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberLessThan" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberLessThanOrEqualTo" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberNotBetween" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenNumberNotEqualTo" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenTextContains" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenTextDoesNotContain" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenTextEndsWith" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenTextEqualTo" => 0 { in_process: true },
    "FilterCriteriaBuilder.whenTextStartsWith" => 0 { in_process: true },
    "FilterCriteriaBuilder.withCriteria" => 0 { in_process: true },
    "Range.createFilter" => 150,
    "Range.getFilter" => 50,
    "Sheet.getFilter" => 50,
    "Sheet.isRowHiddenByFilter" => 20,
    "SpreadsheetApp.newFilterCriteria" => 0 { in_process: true },
];

fn answer(call: &Call) -> CallResult {
    if let Some(builder) = criteria_call(call) {
        return builder;
    }
    super::in_books(call, dispatch)
}

fn dispatch(host: &Host, books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> Option<CallResult> {
    let filter_of = |sheet: &SheetRef, books: &Spreadsheets| -> ServiceResult<Val> {
        Ok(match books.filter(sheet)? {
            Some(_) => to_val(sheet),
            None => Val::Null,
        })
    };
    // The first argument: a column position, or isRowHiddenByFilter's row.
    let position = || int_arg(args, 0, method);
    let result: ServiceResult<Val> = (|| match method {
        "Range.createFilter" => {
            let range: RangeRef = handle_of(handle)?;
            books.create_filter(&range)?;
            Ok(to_val(&range.sheet))
        }
        "Range.getFilter" => filter_of(&handle_of::<RangeRef>(handle)?.sheet, books),
        "Sheet.getFilter" => filter_of(&handle_of::<SheetRef>(handle)?, books),
        "Sheet.isRowHiddenByFilter" => {
            Ok(Val::Bool(books.is_row_hidden_by_filter(&handle_of(handle)?, position()?, host.zone)?))
        }
        "Filter.getRange" => Ok(to_val(&books.filter_range(&handle_of(handle)?)?)),
        "Filter.remove" => books.remove_filter(&handle_of(handle)?).map(|()| Val::Undefined),
        "Filter.getColumnFilterCriteria" => {
            Ok(books.filter_criteria(&handle_of(handle)?, position()?)?.map_or(Val::Null, |c| to_val(&c)))
        }
        "Filter.setColumnFilterCriteria" | "Filter.removeColumnFilterCriteria" => {
            let criteria = match arg(args, 1) {
                _ if method == "Filter.removeColumnFilterCriteria" => None,
                value if value.is_nullish() => None,
                value => Some(handle_of::<FilterCriteria>(handle_arg(value))?),
            };
            books.set_filter_criteria(&handle_of(handle)?, position()?, criteria)?;
            Ok(handle.clone())
        }
        "Filter.sort" => {
            let ascending = matches!(arg(args, 1), Val::Bool(true));
            books.sort_filter(&handle_of(handle)?, position()?, ascending)?;
            Ok(handle.clone())
        }
        _ => Err(ServiceError::unimplemented(method)),
    })();
    Some(result.map_err(Into::into))
}

/// The builder and the criteria: plain data in the script's process.
fn criteria_call(call: &Call) -> Option<CallResult> {
    let (class, name) = call.method.split_once('.')?;
    let args = call.args;
    let next = || -> ServiceResult<FilterCriteria> {
        if class == "SpreadsheetApp" {
            return Ok(FilterCriteria::default());
        }
        let criteria: FilterCriteria = handle_of(call.handle)?;
        match name {
            "build" | "copy" => Ok(criteria),
            "setHiddenValues" => criteria.hiding(strings(call.method, args)?),
            "setVisibleValues" => criteria.showing(strings(call.method, args)?),
            "withCriteria" => {
                let Val::Array(items) = arg(args, 1) else {
                    return Err(signature_error("SpreadsheetApp.FilterCriteriaBuilder.withCriteria", args));
                };
                criteria.with_criteria(&string_arg(args, 0), items.iter().map(Val::to_cell).collect())
            }
            _ => {
                // A `RelativeDate` is passed as its name (a string); a Date is a date.
                let relative = matches!(arg(args, 0), Val::String(_)) && name.starts_with("whenDate");
                let values: Vec<CellValue> = args.iter().map(Val::to_cell).collect();
                criteria.when(name, relative, values)
            }
        }
    };
    match (class, name) {
        ("SpreadsheetApp", "newFilterCriteria") | ("FilterCriteria" | "FilterCriteriaBuilder", _) => {
            Some(next().map(|c| to_val(&c)).map_err(Into::into))
        }
        _ => None,
    }
}

/// `setHiddenValues(values)` / `setVisibleValues(values)`: an array of strings.
fn strings(method: &str, args: &[Val]) -> ServiceResult<Vec<String>> {
    match arg(args, 0) {
        Val::Array(items) => Ok(items.iter().map(Val::to_js_string).collect()),
        _ => Err(signature_error(&format!("SpreadsheetApp.{method}"), args)),
    }
}
