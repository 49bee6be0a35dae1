//! Objects beside the cells: named ranges, protections, data validation, conditional
//! formats, range lists, the TextFinder, sheet copies and moves, sharing and locale.
//!
//! These methods need the world itself (the account for owners and editors, the user's
//! selection for the active sheet), not only the spreadsheets. Builders and the finder are
//! in `objects/builders.rs`.

mod builders;

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::SCOPE_SPREADSHEETS;
use gas_platform::sheets::protection::{ProtectionChange, ProtectionType};
use gas_platform::sheets::{RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The getters the prelude answers from validation and conditional-format handles
/// (`crate::methods::Read`): the rules' fields as gas-platform serializes them.
pub(in crate::bindings) const READS: &[Read] = reads![
    "BooleanCondition.getBackground" => "background",
    "BooleanCondition.getBold" => "bold",
    "BooleanCondition.getCriteriaType" => "criteria",
    "BooleanCondition.getCriteriaValues" => "values",
    "BooleanCondition.getFontColor" => "font_color",
    "BooleanCondition.getItalic" => "italic",
    "BooleanCondition.getStrikethrough" => "strikethrough",
    "BooleanCondition.getUnderline" => "underline",
    "ConditionalFormatRule.getBooleanCondition" => "boolean",
    "ConditionalFormatRule.getGradientCondition" => "gradient",
    "ConditionalFormatRule.getRanges" => "ranges",
    "ConditionalFormatRuleBuilder.getBooleanCondition" => "boolean",
    "ConditionalFormatRuleBuilder.getGradientCondition" => "gradient",
    "ConditionalFormatRuleBuilder.getRanges" => "ranges",
    "DataValidation.getAllowInvalid" => "allow_invalid",
    "DataValidation.getCriteriaType" => "criteria",
    "DataValidation.getCriteriaValues" => "values",
    "DataValidation.getHelpText" => "help_text",
    "DataValidationBuilder.getAllowInvalid" => "allow_invalid",
    "DataValidationBuilder.getCriteriaType" => "criteria",
    "DataValidationBuilder.getCriteriaValues" => "values",
    "DataValidationBuilder.getHelpText" => "help_text",
    "GradientCondition.getMaxColor" => "max.color",
    "GradientCondition.getMaxType" => "max.interpolation",
    "GradientCondition.getMaxValue" => "max.value",
    "GradientCondition.getMidColor" => "mid.color",
    "GradientCondition.getMidType" => "mid.interpolation",
    "GradientCondition.getMidValue" => "mid.value",
    "GradientCondition.getMinColor" => "min.color",
    "GradientCondition.getMinType" => "min.interpolation",
    "GradientCondition.getMinValue" => "min.value",
];

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(dispatch);
    "ConditionalFormatRuleBuilder.build" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setBackground" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setBold" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setFontColor" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setGradientMaxpoint" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setGradientMaxpointWithValue" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setGradientMidpointWithValue" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setGradientMinpoint" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setGradientMinpointWithValue" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setItalic" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setRanges" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setStrikethrough" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.setUnderline" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenCellEmpty" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenCellNotEmpty" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenDateAfter" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenDateBefore" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenDateEqualTo" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenFormulaSatisfied" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberBetween" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberEqualTo" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberGreaterThan" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberGreaterThanOrEqualTo" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberLessThan" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberLessThanOrEqualTo" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberNotBetween" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenNumberNotEqualTo" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenTextContains" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenTextDoesNotContain" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenTextEndsWith" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenTextEqualTo" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.whenTextStartsWith" => 0 { in_process: true },
    "ConditionalFormatRuleBuilder.withCriteria" => 0 { in_process: true },
    "DataValidationBuilder.build" => 0 { in_process: true },
    "DataValidationBuilder.requireCheckbox" => 0 { in_process: true },
    "DataValidationBuilder.requireDate" => 0 { in_process: true },
    "DataValidationBuilder.requireDateAfter" => 0 { in_process: true },
    "DataValidationBuilder.requireDateBefore" => 0 { in_process: true },
    "DataValidationBuilder.requireDateBetween" => 0 { in_process: true },
    "DataValidationBuilder.requireDateEqualTo" => 0 { in_process: true },
    "DataValidationBuilder.requireDateNotBetween" => 0 { in_process: true },
    "DataValidationBuilder.requireDateOnOrAfter" => 0 { in_process: true },
    "DataValidationBuilder.requireDateOnOrBefore" => 0 { in_process: true },
    "DataValidationBuilder.requireFormulaSatisfied" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberBetween" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberEqualTo" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberGreaterThan" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberGreaterThanOrEqualTo" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberLessThan" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberLessThanOrEqualTo" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberNotBetween" => 0 { in_process: true },
    "DataValidationBuilder.requireNumberNotEqualTo" => 0 { in_process: true },
    "DataValidationBuilder.requireTextContains" => 0 { in_process: true },
    "DataValidationBuilder.requireTextDoesNotContain" => 0 { in_process: true },
    "DataValidationBuilder.requireTextEqualTo" => 0 { in_process: true },
    "DataValidationBuilder.requireTextIsEmail" => 0 { in_process: true },
    "DataValidationBuilder.requireTextIsUrl" => 0 { in_process: true },
    "DataValidationBuilder.requireValueInList" => 0 { in_process: true },
    "DataValidationBuilder.requireValueInRange" => 0 { in_process: true },
    "DataValidationBuilder.setAllowInvalid" => 0 { in_process: true },
    "DataValidationBuilder.setHelpText" => 0 { in_process: true },
    "DataValidationBuilder.withCriteria" => 0 { in_process: true },
    "NamedRange.getRange" => 30,
    "NamedRange.remove" => 80,
    "NamedRange.setName" => 80,
    "NamedRange.setRange" => 80,
    "Protection.addEditor" => 100,
    "Protection.addEditors" => 100,
    "Protection.canDomainEdit" => 30,
    "Protection.canEdit" => 30,
    "Protection.getDescription" => 30,
    "Protection.getEditors" => 30,
    "Protection.getProtectionType" => 30,
    "Protection.getRange" => 30,
    "Protection.getRangeName" => 30,
    "Protection.getUnprotectedRanges" => 30,
    "Protection.isWarningOnly" => 30,
    "Protection.remove" => 100,
    "Protection.removeEditor" => 100,
    "Protection.removeEditors" => 100,
    "Protection.setDescription" => 100,
    "Protection.setDomainEdit" => 100,
    "Protection.setNamedRange" => 100,
    "Protection.setRange" => 100,
    "Protection.setRangeName" => 100,
    "Protection.setUnprotectedRanges" => 100,
    "Protection.setWarningOnly" => 100,
    "Range.check" => 80,
    "Range.clearDataValidations" => 80,
    "Range.createTextFinder" => 0,
    "Range.getDataValidation" => 50,
    "Range.getDataValidations" => 80,
    "Range.insertCheckboxes" => 100,
    "Range.isChecked" => 50,
    "Range.protect" => 150,
    "Range.removeCheckboxes" => 100,
    "Range.setDataValidation" => 100,
    "Range.setDataValidations" => 120,
    "Range.uncheck" => 80,
    "Sheet.clearConditionalFormatRules" => 80,
    "Sheet.copyTo" => 300,
    "Sheet.createTextFinder" => 0,
    "Sheet.getConditionalFormatRules" => 50,
    "Sheet.getIndex" => 20,
    "Sheet.getNamedRanges" => 30,
    "Sheet.getProtections" => 50,
    "Sheet.getRangeList" => 10,
    "Sheet.getSheetName" => 0,
    "Sheet.protect" => 150,
    "Sheet.setConditionalFormatRules" => 100,
    "Spreadsheet.addEditor" => 300,
    "Spreadsheet.addEditors" => 300,
    "Spreadsheet.addViewer" => 300,
    "Spreadsheet.addViewers" => 300,
    "Spreadsheet.copy" => 1500,
    "Spreadsheet.createTextFinder" => 0,
    "Spreadsheet.duplicateActiveSheet" => 200,
    "Spreadsheet.getEditors" => 100,
    "Spreadsheet.getNamedRanges" => 30,
    "Spreadsheet.getNumSheets" => 20,
    "Spreadsheet.getOwner" => 100,
    "Spreadsheet.getProtections" => 50,
    "Spreadsheet.getRangeByName" => 30,
    "Spreadsheet.getRangeList" => 10,
    "Spreadsheet.getSheetById" => 30,
    "Spreadsheet.getSheetId" => 30,
    "Spreadsheet.getSheetName" => 30,
    "Spreadsheet.getSpreadsheetLocale" => 20,
    "Spreadsheet.getViewers" => 100,
    // Who may open the file without signing in is the file's Drive sharing: a simple
    // trigger may not read or change it (assumed, as with Drive's own sharing).
    "Spreadsheet.isAnonymousView" => 100 { scope: Some(SCOPE_SPREADSHEETS) },
    "Spreadsheet.isAnonymousWrite" => 100 { scope: Some(SCOPE_SPREADSHEETS) },
    "Spreadsheet.moveActiveSheet" => 100,
    "Spreadsheet.removeEditor" => 300,
    "Spreadsheet.removeNamedRange" => 80,
    "Spreadsheet.removeViewer" => 300,
    "Spreadsheet.rename" => 100,
    "Spreadsheet.getFormUrl" => 50,
    "Sheet.getFormUrl" => 50,
    "Spreadsheet.renameActiveSheet" => 80,
    "Spreadsheet.setAnonymousAccess" => 300 { scope: Some(SCOPE_SPREADSHEETS) },
    "Spreadsheet.setNamedRange" => 80,
    "Spreadsheet.setSpreadsheetLocale" => 80,
    "SpreadsheetApp.newConditionalFormatRule" => 0,
    "SpreadsheetApp.newDataValidation" => 0,
    "SpreadsheetApp.open" => 150 { scope: Some(SCOPE_SPREADSHEETS) },
    "SpreadsheetApp.openByUrl" => 150 { scope: Some(SCOPE_SPREADSHEETS) },
    "TextFinder.findAll" => 60,
    "TextFinder.findNext" => 40,
    "TextFinder.findPrevious" => 40,
    "TextFinder.ignoreDiacritics" => 0,
    "TextFinder.matchCase" => 0,
    "TextFinder.matchEntireCell" => 0,
    "TextFinder.matchFormulaText" => 0,
    "TextFinder.replaceAllWith" => 150,
    "TextFinder.replaceWith" => 150,
    "TextFinder.startFrom" => 0,
    "TextFinder.useRegularExpression" => 0,
];

/// The methods declared above: builders and the finder (`builders.rs`), named ranges and
/// protections, and the Spreadsheet, Sheet, Range and SpreadsheetApp methods of objects.
pub(super) fn dispatch(call: &Call) -> CallResult {
    if let Some(result) = builders::dispatch(call) {
        return result;
    }
    match call.method.split('.').next().unwrap_or("") {
        "NamedRange" | "Protection" => owned_objects(call),
        _ => objects(call),
    }
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

/// `Spreadsheet.getFormUrl()` / `Sheet.getFormUrl()`: the URL of the form whose responses
/// go to this spreadsheet (or sheet), null for none (documented; with several, the
/// platform's pick is "indeterminate": here the first by id).
fn form_url(world: &gas_platform::World, method: &str, handle: &Val) -> CallResult {
    let books = &world.spreadsheets;
    let (spreadsheet_id, sheet_name) = if method == "Sheet.getFormUrl" {
        let sheet: SheetRef = handle_of(handle)?;
        let name = books.sheet_name(&sheet)?;
        (sheet.spreadsheet_id, Some(name))
    } else {
        let id = handle.as_str().unwrap_or_default().to_string();
        books.open_by_id(&id)?;
        (id, None)
    };
    let form = world.forms.form_sending_to(&spreadsheet_id, sheet_name.as_deref());
    Ok(form.map_or(Val::Null, |id| Val::String(gas_platform::forms::published_url(id))))
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
    if method == "Spreadsheet.getFormUrl" || method == "Sheet.getFormUrl" {
        return form_url(world, method, handle);
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
        "Spreadsheet.setAnonymousAccess" => {
            let allowed = |i: usize| matches!(arg(args, i), Val::Bool(true));
            unit(books.set_anonymous_access(&id(), allowed(0), allowed(1)))?
        }
        "Spreadsheet.isAnonymousView" => Val::Bool(books.is_anonymous_view(&id())?),
        "Spreadsheet.isAnonymousWrite" => Val::Bool(books.is_anonymous_write(&id())?),
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
        _ if method.starts_with("Range.") => return range_objects(books, method, handle, args, &account),
        _ => return Err(ServiceError::unimplemented(method).into()),
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
        bounds: gas_platform::sheets::Bounds::ALL,
    }
}
