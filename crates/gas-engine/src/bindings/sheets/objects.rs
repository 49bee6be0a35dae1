//! Objects beside the cells: named ranges, protections, data validation, conditional
//! formats, range lists, the TextFinder, sheet copies and moves, sharing and locale.
//!
//! These methods need the world itself (the account for owners and editors, the user's
//! selection for the active sheet), so `dispatch_call` answers them before the core takes
//! the world; `dispatch` (the parts table) answers nothing. Builders and the finder are
//! in `objects/builders.rs`.

mod builders;

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::value::Val;
use gas_platform::sheets::protection::{ProtectionChange, ProtectionType};
use gas_platform::sheets::{RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The methods this part owns; `None` for every other.
pub(super) fn dispatch_call(call: &Call) -> Option<CallResult> {
    let method = call.method;
    let class = method.split('.').next().unwrap_or("");
    match class {
        "DataValidationBuilder" | "ConditionalFormatRuleBuilder" | "TextFinder" => builders::dispatch(call),
        "NamedRange" | "Protection" => Some(owned_objects(call)),
        "Spreadsheet" | "Sheet" | "Range" | "SpreadsheetApp" => {
            if let Some(result) = builders::dispatch(call) {
                return Some(result);
            }
            owns(method).then(|| objects(call))
        }
        _ => None,
    }
}

/// The Spreadsheet, Sheet, Range and SpreadsheetApp methods answered here. Sorted.
const OWNED: &[&str] = &[
    "Range.check",
    "Range.clearDataValidations",
    "Range.getDataValidation",
    "Range.getDataValidations",
    "Range.insertCheckboxes",
    "Range.isChecked",
    "Range.protect",
    "Range.removeCheckboxes",
    "Range.setDataValidation",
    "Range.setDataValidations",
    "Range.uncheck",
    "Sheet.clearConditionalFormatRules",
    "Sheet.copyTo",
    "Sheet.getConditionalFormatRules",
    "Sheet.getIndex",
    "Sheet.getNamedRanges",
    "Sheet.getProtections",
    "Sheet.getRangeList",
    "Sheet.getSheetName",
    "Sheet.protect",
    "Sheet.setConditionalFormatRules",
    "Spreadsheet.addEditor",
    "Spreadsheet.addEditors",
    "Spreadsheet.addViewer",
    "Spreadsheet.addViewers",
    "Spreadsheet.copy",
    "Spreadsheet.duplicateActiveSheet",
    "Spreadsheet.getEditors",
    "Spreadsheet.getNamedRanges",
    "Spreadsheet.getNumSheets",
    "Spreadsheet.getOwner",
    "Spreadsheet.getProtections",
    "Spreadsheet.getRangeByName",
    "Spreadsheet.getRangeList",
    "Spreadsheet.getSheetById",
    "Spreadsheet.getSheetId",
    "Spreadsheet.getSheetName",
    "Spreadsheet.getSpreadsheetLocale",
    "Spreadsheet.getViewers",
    "Spreadsheet.moveActiveSheet",
    "Spreadsheet.removeEditor",
    "Spreadsheet.removeNamedRange",
    "Spreadsheet.removeViewer",
    "Spreadsheet.rename",
    "Spreadsheet.renameActiveSheet",
    "Spreadsheet.setNamedRange",
    "Spreadsheet.setSpreadsheetLocale",
    "SpreadsheetApp.open",
    "SpreadsheetApp.openByUrl",
];

fn owns(method: &str) -> bool {
    OWNED.binary_search(&method).is_ok()
}

/// A script's object argument: its handle (`_h`) when it is a gas-sim object.
pub(super) fn handle_arg(value: &Val) -> &Val {
    value.get("_h").unwrap_or(value)
}

/// An email argument, or a `User` object's (its handle is the address).
fn email_arg(value: &Val) -> String {
    handle_arg(value).to_js_string()
}

fn emails_arg(value: &Val) -> Vec<String> {
    match value {
        Val::Array(items) => items.iter().map(email_arg).collect(),
        other => vec![email_arg(other)],
    }
}

fn sheet_val(sheet: &SheetRef) -> Val {
    to_val(sheet)
}

fn ranges_val(ranges: &[RangeRef]) -> Val {
    Val::Array(ranges.iter().map(to_val).collect())
}

fn protection_val(id: &str, protection_id: u32) -> Val {
    Val::Object(vec![
        ("spreadsheet_id".into(), Val::String(id.to_string())),
        ("id".into(), Val::Number(f64::from(protection_id))),
    ])
}

fn named_val(id: &str, name: &str) -> Val {
    Val::Object(vec![
        ("spreadsheet_id".into(), Val::String(id.to_string())),
        ("name".into(), Val::String(name.to_string())),
    ])
}

fn protection_type(value: &Val, method: &str) -> ServiceResult<ProtectionType> {
    value.as_str().and_then(ProtectionType::parse).ok_or_else(|| signature_error(method, std::slice::from_ref(value)))
}

/// The user a protection's `canEdit` asks about: the one running the execution.
fn current_user(host: &Host, account: &str) -> String {
    host.invocation.user.clone().unwrap_or_else(|| account.to_string())
}

fn range_list(books: &Spreadsheets, sheet: &SheetRef, args: &[Val], method: &str) -> ServiceResult<Val> {
    let Val::Array(notations) = arg(args, 0) else {
        return Err(signature_error(method, args));
    };
    let ranges: ServiceResult<Vec<RangeRef>> =
        notations.iter().map(|a1| books.get_range_a1(sheet, &a1.to_js_string())).collect();
    Ok(ranges_val(&ranges?))
}

fn objects(call: &Call) -> CallResult {
    let (host, method, handle, args) = (call.host, call.method, call.handle, call.args);
    let mut guard = host.world();
    let world = &mut *guard;
    let account = world.user_email.clone();
    if method.starts_with("Spreadsheet.") && method.contains("ActiveSheet")
        || method == "Spreadsheet.getSheetName"
        || method == "Spreadsheet.getSheetId"
    {
        let id = handle.as_str().unwrap_or_default().to_string();
        let active = super::super::container::active_sheet(host, world, &id)?;
        return active_sheet(&mut world.spreadsheets, method, &active, args);
    }
    let books = &mut world.spreadsheets;
    let id = || handle.as_str().unwrap_or_default().to_string();
    let value = match method {
        "SpreadsheetApp.open" => {
            // A Drive `File` of a spreadsheet: its id (gas-sim has no DriveApp yet, so
            // any object with `getId`'s handle, or the id itself).
            let file = handle_arg(arg(args, 0));
            let file_id = file.get("id").map(Val::to_js_string).unwrap_or_else(|| file.to_js_string());
            Val::String(books.open_by_id(&file_id)?.id().to_string())
        }
        "SpreadsheetApp.openByUrl" => {
            let url = string_arg(args, 0);
            // The platform's text for a URL naming no spreadsheet it can open (assumed
            // the same as openById's, with the method's name).
            let found = gas_platform::sheets::surface::id_from_url(&url).and_then(|found| books.get(found));
            match found {
                Some(book) => Val::String(book.id().to_string()),
                None => return Err(ServiceError::new(gas_platform::sheets::text::OPEN_BY_URL_FAILED).into()),
            }
        }
        "Spreadsheet.getNumSheets" => Val::Number(f64::from(books.num_sheets(&id())?)),
        "Spreadsheet.getSheetById" => {
            let gid = arg(args, 0).as_f64().unwrap_or(f64::NAN);
            // A gid is a whole number; any other number names no sheet.
            let found = if gid.fract() == 0.0 && gid >= 0.0 && gid <= f64::from(u32::MAX) {
                books.get_sheet_by_id(&id(), gid as u32)?
            } else {
                books.open_by_id(&id())?;
                None
            };
            found.as_ref().map_or(Val::Null, sheet_val)
        }
        "Spreadsheet.copy" => Val::String(books.copy_spreadsheet(&id(), &string_arg(args, 0))?),
        "Spreadsheet.rename" => unit(books.rename_spreadsheet(&id(), &string_arg(args, 0)))?,
        "Spreadsheet.getOwner" => Val::String(books.spreadsheet_owner(&id(), &account)?),
        "Spreadsheet.getEditors" => {
            Val::Array(books.spreadsheet_editors(&id(), &account)?.into_iter().map(Val::String).collect())
        }
        "Spreadsheet.getViewers" => {
            Val::Array(books.spreadsheet_viewers(&id())?.into_iter().map(Val::String).collect())
        }
        "Spreadsheet.addEditor" | "Spreadsheet.addEditors" => {
            unit(books.add_spreadsheet_editors(&id(), emails_arg(arg(args, 0))))?
        }
        "Spreadsheet.addViewer" | "Spreadsheet.addViewers" => {
            unit(books.add_spreadsheet_viewers(&id(), emails_arg(arg(args, 0))))?
        }
        "Spreadsheet.removeEditor" => unit(books.remove_spreadsheet_user(&id(), &email_arg(arg(args, 0)), true))?,
        "Spreadsheet.removeViewer" => unit(books.remove_spreadsheet_user(&id(), &email_arg(arg(args, 0)), false))?,
        "Spreadsheet.getSpreadsheetLocale" => Val::String(books.spreadsheet_locale(&id())?),
        "Spreadsheet.setSpreadsheetLocale" => unit(books.set_spreadsheet_locale(&id(), &string_arg(args, 0)))?,
        "Spreadsheet.setNamedRange" => {
            let range: RangeRef = handle_of(handle_arg(arg(args, 1)))?;
            unit(books.set_named_range(&id(), &string_arg(args, 0), &range))?
        }
        "Spreadsheet.getNamedRanges" => named_list(books, &id(), None)?,
        "Spreadsheet.getRangeByName" => {
            books.range_by_name(&id(), &string_arg(args, 0))?.as_ref().map_or(Val::Null, to_val)
        }
        "Spreadsheet.removeNamedRange" => unit(books.remove_named_range(&id(), &string_arg(args, 0)))?,
        "Spreadsheet.getProtections" => {
            let kind = protection_type(arg(args, 0), "SpreadsheetApp.Spreadsheet.getProtections")?;
            let ids = books.protections(&id(), None, kind)?;
            Val::Array(ids.into_iter().map(|pid| protection_val(&id(), pid)).collect())
        }
        "Spreadsheet.getRangeList" => {
            let active = books.active_sheet(&id())?;
            range_list(books, &active, args, "SpreadsheetApp.Spreadsheet.getRangeList")?
        }
        _ if method.starts_with("Sheet.") => return sheet_objects(books, method, handle, args, &account),
        _ => return range_objects(books, method, handle, args, &account),
    };
    Ok(value)
}

/// The Spreadsheet methods on its active sheet (the user's page or the execution's own).
fn active_sheet(books: &mut Spreadsheets, method: &str, active: &SheetRef, args: &[Val]) -> CallResult {
    let value = match method {
        "Spreadsheet.duplicateActiveSheet" => sheet_val(&books.copy_sheet(active, &active.spreadsheet_id, true)?),
        "Spreadsheet.moveActiveSheet" => {
            unit(books.move_sheet(active, int_arg(args, 0, "SpreadsheetApp.Spreadsheet.moveActiveSheet")?))?
        }
        "Spreadsheet.renameActiveSheet" => unit(books.rename_sheet(active, &string_arg(args, 0)))?,
        "Spreadsheet.getSheetName" => Val::String(books.sheet_name(active)?),
        "Spreadsheet.getSheetId" => Val::Number(f64::from(active.sheet_id)),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn named_list(books: &Spreadsheets, id: &str, sheet: Option<&SheetRef>) -> ServiceResult<Val> {
    Ok(Val::Array(books.named_ranges(id, sheet)?.iter().map(|named| named_val(id, &named.name)).collect()))
}

fn sheet_objects(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val], account: &str) -> CallResult {
    let sheet: SheetRef = handle_of(handle)?;
    let id = sheet.spreadsheet_id.clone();
    let value = match method {
        "Sheet.getSheetName" => Val::String(books.sheet_name(&sheet)?),
        "Sheet.getIndex" => Val::Number(f64::from(books.sheet_index(&sheet)?)),
        "Sheet.copyTo" => {
            let destination = handle_arg(arg(args, 0)).to_js_string();
            books.open_by_id(&destination)?;
            sheet_val(&books.copy_sheet(&sheet, &destination, false)?)
        }
        "Sheet.getNamedRanges" => named_list(books, &id, Some(&sheet))?,
        "Sheet.protect" => protection_val(&id, books.protect_sheet(&sheet, account)?),
        "Sheet.getProtections" => {
            let kind = protection_type(arg(args, 0), "SpreadsheetApp.Sheet.getProtections")?;
            Val::Array(
                books.protections(&id, Some(&sheet), kind)?.into_iter().map(|pid| protection_val(&id, pid)).collect(),
            )
        }
        "Sheet.getRangeList" => range_list(books, &sheet, args, "SpreadsheetApp.Sheet.getRangeList")?,
        "Sheet.getConditionalFormatRules" => to_val(&books.conditional_format_rules(&sheet)?),
        "Sheet.setConditionalFormatRules" => {
            let Val::Array(rules) = arg(args, 0) else {
                return Err(signature_error("SpreadsheetApp.Sheet.setConditionalFormatRules", args).into());
            };
            let rules: ServiceResult<Vec<_>> = rules.iter().map(|rule| handle_of(handle_arg(rule))).collect();
            unit(books.set_conditional_format_rules(&sheet, rules?))?
        }
        "Sheet.clearConditionalFormatRules" => unit(books.set_conditional_format_rules(&sheet, Vec::new()))?,
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn range_objects(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val], account: &str) -> CallResult {
    let range: RangeRef = handle_of(handle)?;
    let value = match method {
        "Range.protect" => protection_val(&range.sheet.spreadsheet_id, books.protect_range(&range, account)?),
        "Range.setDataValidation" => {
            let rule = match arg(args, 0) {
                value if value.is_nullish() => None,
                value => Some(handle_of(handle_arg(value))?),
            };
            unit(books.set_data_validation(&range, rule))?
        }
        "Range.setDataValidations" => {
            let method = "SpreadsheetApp.Range.setDataValidations";
            let Val::Array(rows) = arg(args, 0) else {
                return Err(signature_error(method, args).into());
            };
            let mut rules = Vec::new();
            for row in rows {
                let Val::Array(cells) = row else {
                    return Err(ServiceError::signature_mismatch(&format!("{}[]", type_name(row)), method).into());
                };
                let cells: ServiceResult<Vec<_>> = cells
                    .iter()
                    .map(|cell| if cell.is_nullish() { Ok(None) } else { handle_of(handle_arg(cell)).map(Some) })
                    .collect();
                rules.push(cells?);
            }
            unit(books.set_data_validations(&range, rules))?
        }
        "Range.getDataValidation" => books.data_validation(&range)?.as_ref().map_or(Val::Null, to_val),
        "Range.getDataValidations" => Val::Array(
            books
                .data_validations(&range)?
                .iter()
                .map(|row| Val::Array(row.iter().map(|rule| rule.as_ref().map_or(Val::Null, to_val)).collect()))
                .collect(),
        ),
        "Range.clearDataValidations" => unit(books.clear_data_validations(&range))?,
        "Range.insertCheckboxes" => unit(books.insert_checkboxes(&range, args.iter().map(Val::to_cell).collect()))?,
        "Range.removeCheckboxes" => unit(books.remove_checkboxes(&range))?,
        "Range.check" => unit(books.set_checked(&range, true))?,
        "Range.uncheck" => unit(books.set_checked(&range, false))?,
        "Range.isChecked" => books.is_checked(&range)?.map_or(Val::Null, Val::Bool),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// `NamedRange.*` (handle: spreadsheet id and name) and `Protection.*` (id and number).
fn owned_objects(call: &Call) -> CallResult {
    let (host, method, handle, args) = (call.host, call.method, call.handle, call.args);
    let mut guard = host.world();
    let world = &mut *guard;
    let account = world.user_email.clone();
    let user = current_user(host, &account);
    let books = &mut world.spreadsheets;
    let id = handle.get("spreadsheet_id").map(Val::to_js_string).unwrap_or_default();
    if method.starts_with("NamedRange.") {
        let name = handle.get("name").map(Val::to_js_string).unwrap_or_default();
        let value = match method {
            "NamedRange.getRange" => to_val(&books.named_range_range(&id, &name)?),
            "NamedRange.setName" => {
                let new = string_arg(args, 0);
                books.rename_named_range(&id, &name, &new)?;
                named_val(&id, &new)
            }
            "NamedRange.setRange" => {
                let range: RangeRef = handle_of(handle_arg(arg(args, 0)))?;
                books.set_named_range_range(&id, &name, &range)?;
                named_val(&id, &name)
            }
            "NamedRange.remove" => unit(books.remove_named_range(&id, &name))?,
            _ => return Err(ServiceError::unimplemented(method).into()),
        };
        return Ok(value);
    }
    let pid = handle.get("id").and_then(Val::as_f64).unwrap_or(0.0) as u32;
    let change = match method {
        "Protection.addEditor" | "Protection.addEditors" => ProtectionChange::AddEditors(emails_arg(arg(args, 0))),
        "Protection.removeEditor" | "Protection.removeEditors" => {
            ProtectionChange::RemoveEditors(emails_arg(arg(args, 0)))
        }
        "Protection.setDescription" => ProtectionChange::Description(string_arg(args, 0)),
        "Protection.setDomainEdit" => ProtectionChange::DomainEdit(matches!(arg(args, 0), Val::Bool(true))),
        "Protection.setWarningOnly" => ProtectionChange::WarningOnly(matches!(arg(args, 0), Val::Bool(true))),
        "Protection.setRange" => ProtectionChange::Range(handle_of(handle_arg(arg(args, 0)))?),
        "Protection.setRangeName" => ProtectionChange::RangeName(string_arg(args, 0)),
        "Protection.setNamedRange" => {
            ProtectionChange::RangeName(handle_arg(arg(args, 0)).get("name").map(Val::to_js_string).unwrap_or_default())
        }
        "Protection.setUnprotectedRanges" => {
            let Val::Array(items) = arg(args, 0) else {
                return Err(signature_error("SpreadsheetApp.Protection.setUnprotectedRanges", args).into());
            };
            let ranges: ServiceResult<Vec<RangeRef>> = items.iter().map(|item| handle_of(handle_arg(item))).collect();
            ProtectionChange::UnprotectedRanges(ranges?)
        }
        _ => return protection_getter(books, method, &id, pid, &user, &account),
    };
    books.change_protection(&id, pid, change, &account)?;
    Ok(handle.clone())
}

fn protection_getter(
    books: &mut Spreadsheets,
    method: &str,
    id: &str,
    pid: u32,
    user: &str,
    account: &str,
) -> CallResult {
    if method == "Protection.remove" {
        return Ok(unit(books.remove_protection(id, pid))?);
    }
    if method == "Protection.getRange" {
        return Ok(to_val(&books.protection_range(id, pid)?));
    }
    if method == "Protection.canEdit" {
        return Ok(Val::Bool(books.protection_can_edit(id, pid, user, account)?));
    }
    let protection = books.protection(id, pid)?;
    let value = match method {
        "Protection.canDomainEdit" => Val::Bool(protection.domain_edit),
        "Protection.getDescription" => Val::String(protection.description.clone()),
        "Protection.getEditors" => Val::Array(protection.editors.iter().cloned().map(Val::String).collect()),
        "Protection.getProtectionType" => Val::String(protection.protection_type.name().to_string()),
        "Protection.getRangeName" => protection.range_name.clone().map_or(Val::Null, Val::String),
        "Protection.getUnprotectedRanges" => {
            Val::Array(protection.unprotected.iter().map(|boxed| to_val(&range_ref(id, boxed))).collect())
        }
        "Protection.isWarningOnly" => Val::Bool(protection.warning_only),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn range_ref(id: &str, boxed: &gas_platform::sheets::anchored::GridBox) -> RangeRef {
    RangeRef {
        sheet: SheetRef { spreadsheet_id: id.to_string(), sheet_id: boxed.sheet_id },
        row: boxed.row,
        column: boxed.column,
        num_rows: boxed.num_rows,
        num_columns: boxed.num_columns,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn owned_methods_are_sorted() {
        assert!(super::OWNED.windows(2).all(|w| w[0] < w[1]));
    }
}
