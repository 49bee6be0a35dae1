//! Row and column groups: `Range.shift*GroupDepth`, `collapseGroups`/`expandGroups`,
//! the Sheet group methods and the `Group` class, answered by `dispatch`; the rules are gas-platform's (`sheets::groups`).

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::sheets::groups::TogglePosition;
use gas_platform::sheets::{structure_text as st, Dim, GroupRef, RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "Group.collapse" => 80,
    "Group.expand" => 80,
    "Group.getControlIndex" => 20,
    "Group.getDepth" => 20,
    "Group.getRange" => 20,
    "Group.isCollapsed" => 20,
    "Group.remove" => 80,
    "Range.collapseGroups" => 80,
    "Range.expandGroups" => 80,
    "Range.shiftColumnGroupDepth" => 80,
    "Range.shiftRowGroupDepth" => 80,
    "Sheet.collapseAllColumnGroups" => 80,
    "Sheet.collapseAllRowGroups" => 80,
    "Sheet.expandAllColumnGroups" => 80,
    "Sheet.expandAllRowGroups" => 80,
    "Sheet.expandColumnGroupsUpToDepth" => 80,
    "Sheet.expandRowGroupsUpToDepth" => 80,
    "Sheet.getColumnGroup" => 20,
    "Sheet.getColumnGroupControlPosition" => 20,
    "Sheet.getColumnGroupDepth" => 20,
    "Sheet.getRowGroup" => 20,
    "Sheet.getRowGroupControlPosition" => 20,
    "Sheet.getRowGroupDepth" => 20,
    "Sheet.setColumnGroupControlPosition" => 60,
    "Sheet.setRowGroupControlPosition" => 60,
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
    let _ = host;
    let result = if method.starts_with("Group.") {
        group(books, method, handle)
    } else if method.starts_with("Range.") {
        range(books, method, handle, args)
    } else {
        sheet(books, method, handle, args)
    };
    Some(result.map_err(Into::into))
}

/// `Row`/`Column` in a method's name.
fn dim_of(method: &str) -> Dim {
    if method.contains("Column") {
        Dim::Columns
    } else {
        Dim::Rows
    }
}

fn number(n: u32) -> Val {
    Val::Number(f64::from(n))
}

fn range(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> ServiceResult<Val> {
    let range: RangeRef = handle_of(handle)?;
    match method {
        "Range.shiftRowGroupDepth" | "Range.shiftColumnGroupDepth" => {
            books.shift_group_depth(&range, dim_of(method), int_arg(args, 0, method)?)?
        }
        "Range.collapseGroups" => books.collapse_groups(&range)?,
        "Range.expandGroups" => books.expand_groups(&range)?,
        _ => return Err(ServiceError::unimplemented(method)),
    }
    Ok(Val::Undefined)
}

fn sheet(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> ServiceResult<Val> {
    let sheet: SheetRef = handle_of(handle)?;
    let dim = dim_of(method);
    let name = method.trim_start_matches("Sheet.");
    match name {
        "getRowGroup" | "getColumnGroup" => {
            let found = books.group_at(&sheet, dim, int_arg(args, 0, method)?, int_arg(args, 1, method)?)?;
            Ok(found.map_or(Val::Null, |g| to_val(&g)))
        }
        "getRowGroupDepth" | "getColumnGroupDepth" => {
            Ok(number(books.group_depth(&sheet, dim, int_arg(args, 0, method)?)?))
        }
        "collapseAllRowGroups" | "collapseAllColumnGroups" => unit(books.set_all_groups(&sheet, dim, true)),
        "expandAllRowGroups" | "expandAllColumnGroups" => unit(books.set_all_groups(&sheet, dim, false)),
        "expandRowGroupsUpToDepth" | "expandColumnGroupsUpToDepth" => {
            unit(books.expand_groups_up_to(&sheet, dim, int_arg(args, 0, method)?))
        }
        "getRowGroupControlPosition" | "getColumnGroupControlPosition" => {
            Ok(Val::String(books.group_control(&sheet, dim)?.name().to_string()))
        }
        "setRowGroupControlPosition" | "setColumnGroupControlPosition" => {
            let position = match arg(args, 0) {
                Val::String(s) => TogglePosition::from_name(s),
                _ => None,
            }
            .ok_or_else(|| ServiceError::new(st::invalid_argument("position")))?;
            unit(books.set_group_control(&sheet, dim, position))
        }
        _ => Err(ServiceError::unimplemented(method)),
    }
}

fn group(books: &mut Spreadsheets, method: &str, handle: &Val) -> ServiceResult<Val> {
    let group: GroupRef = handle_of(handle)?;
    match method {
        "Group.collapse" => unit(books.set_group_collapsed(&group, true)),
        "Group.expand" => unit(books.set_group_collapsed(&group, false)),
        "Group.getControlIndex" => Ok(number(books.group_control_index(&group)?)),
        "Group.getDepth" => Ok(number(books.group(&group)?.depth)),
        "Group.getRange" => Ok(to_val(&books.group_range(&group)?)),
        "Group.isCollapsed" => Ok(Val::Bool(books.group(&group)?.collapsed)),
        "Group.remove" => unit(books.remove_group(&group)),
        _ => Err(ServiceError::unimplemented(method)),
    }
}
