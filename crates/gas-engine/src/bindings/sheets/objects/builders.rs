//! The builders (`DataValidationBuilder`, `ConditionalFormatRuleBuilder`) and the
//! `TextFinder`: plain-data handles the script holds; each call takes the handle and
//! returns the new one (or a result), and gas-platform decides every rule.

use super::super::super::args::*;
use super::super::super::Call;
use super::handle_arg;
use crate::host::CallResult;
use crate::value::Val;
use gas_platform::sheets::conditional::{self, GradientPoint, RuleBuilder};
use gas_platform::sheets::validation::{self, CriterionValue, DataValidation};
use gas_platform::sheets::{RangeRef, SheetRef, TextFinder};
use gas_platform::{CellValue, ServiceError, ServiceResult};

pub(super) fn dispatch(call: &Call) -> Option<CallResult> {
    let (class, name) = call.method.split_once('.')?;
    Some(match (class, name) {
        ("SpreadsheetApp", "newDataValidation") => Ok(to_val(&DataValidation::builder())),
        ("SpreadsheetApp", "newConditionalFormatRule") => Ok(to_val(&RuleBuilder::default())),
        ("Spreadsheet" | "Sheet" | "Range", "createTextFinder") => create_finder(call),
        ("DataValidationBuilder", _) => validation_builder(call, name),
        ("ConditionalFormatRuleBuilder", _) => rule_builder(call, name),
        ("TextFinder", _) => finder(call, name),
        _ => return None,
    })
}

/// A criterion value from a script: a range object, a list of strings, or a scalar.
fn criterion_value(value: &Val) -> CriterionValue {
    let inner = handle_arg(value);
    if let Ok(range) = handle_of::<RangeRef>(inner) {
        if value.get("_h").is_some() {
            return CriterionValue::Range(range);
        }
    }
    match value {
        Val::Array(items) => CriterionValue::List(items.iter().map(Val::to_js_string).collect()),
        other => CriterionValue::Value(other.to_cell()),
    }
}

fn validation_builder(call: &Call, name: &str) -> CallResult {
    let builder: DataValidation = handle_of(call.handle)?;
    let args = call.args;
    let next = match name {
        "build" => builder.build()?,
        "copy" => builder,
        "setAllowInvalid" => DataValidation { allow_invalid: matches!(arg(args, 0), Val::Bool(true)), ..builder },
        "setHelpText" => DataValidation { help_text: Some(string_arg(args, 0)), ..builder },
        "withCriteria" => {
            let criteria = string_arg(args, 0);
            let values = match arg(args, 1) {
                Val::Array(items) => items.iter().map(criterion_value).collect(),
                _ => return Err(signature_error("SpreadsheetApp.DataValidationBuilder.withCriteria", args).into()),
            };
            builder.with_criteria(&criteria, values)?
        }
        _ => match validation::builder_criteria(name) {
            Some(criteria) => builder.with_criteria(criteria, args.iter().map(criterion_value).collect())?,
            None => return Err(ServiceError::unimplemented(call.method).into()),
        },
    };
    Ok(to_val(&next))
}

fn rule_builder(call: &Call, name: &str) -> CallResult {
    let builder: RuleBuilder = handle_of(call.handle)?;
    let args = call.args;
    let color = || match arg(args, 0) {
        value if value.is_nullish() => None,
        value => Some(value.to_js_string()),
    };
    let flag = || match arg(args, 0) {
        Val::Bool(on) => Some(*on),
        _ => None,
    };
    let point = |with_value: bool| GradientPoint {
        color: string_arg(args, 0),
        interpolation: with_value.then(|| string_arg(args, 1)),
        value: if with_value { string_arg(args, 2) } else { String::new() },
    };
    let next = match name {
        "build" => builder.build()?,
        "copy" => builder,
        "setRanges" => {
            let Val::Array(items) = arg(args, 0) else {
                return Err(signature_error("SpreadsheetApp.ConditionalFormatRuleBuilder.setRanges", args).into());
            };
            let ranges: ServiceResult<Vec<RangeRef>> = items.iter().map(|item| handle_of(handle_arg(item))).collect();
            RuleBuilder { ranges: ranges?, ..builder }
        }
        "setBackground" => builder.format(|c| c.background = color()),
        "setFontColor" => builder.format(|c| c.font_color = color()),
        "setBold" => builder.format(|c| c.bold = flag()),
        "setItalic" => builder.format(|c| c.italic = flag()),
        "setStrikethrough" => builder.format(|c| c.strikethrough = flag()),
        "setUnderline" => builder.format(|c| c.underline = flag()),
        "setGradientMinpoint" => builder.gradient_point("min", point(false)),
        "setGradientMaxpoint" => builder.gradient_point("max", point(false)),
        "setGradientMinpointWithValue" => builder.gradient_point("min", point(true)),
        "setGradientMidpointWithValue" => builder.gradient_point("mid", point(true)),
        "setGradientMaxpointWithValue" => builder.gradient_point("max", point(true)),
        "withCriteria" => {
            let values = match arg(args, 1) {
                Val::Array(items) => items.iter().map(Val::to_cell).collect(),
                _ => {
                    return Err(signature_error("SpreadsheetApp.ConditionalFormatRuleBuilder.withCriteria", args).into())
                }
            };
            builder.with_criteria(&string_arg(args, 0), values)?
        }
        _ => {
            // A `RelativeDate` is passed as its name (a string); a Date is a date.
            let relative = matches!(arg(args, 0), Val::String(_)) && name.starts_with("whenDate");
            let Some(criteria) = conditional::when_criteria(name, relative) else {
                return Err(ServiceError::unimplemented(call.method).into());
            };
            let values: Vec<CellValue> = args.iter().map(Val::to_cell).collect();
            builder.with_criteria(criteria, values)?
        }
    };
    Ok(to_val(&next))
}

fn create_finder(call: &Call) -> CallResult {
    let world = call.host.world();
    let books = &world.spreadsheets;
    let scopes = match call.method {
        "Spreadsheet.createTextFinder" => {
            let id = call.handle.as_str().unwrap_or_default();
            let sheets = books.get_sheets(id)?;
            sheets.iter().map(|sheet| books.sheet_range(sheet)).collect::<ServiceResult<Vec<_>>>()?
        }
        "Sheet.createTextFinder" => vec![books.sheet_range(&handle_of::<SheetRef>(call.handle)?)?],
        _ => vec![handle_of::<RangeRef>(call.handle)?],
    };
    Ok(to_val(&TextFinder { scopes, ..TextFinder::new(&string_arg(call.args, 0)) }))
}

fn finder(call: &Call, name: &str) -> CallResult {
    let mut finder: TextFinder = handle_of(call.handle)?;
    let on = matches!(arg(call.args, 0), Val::Bool(true));
    match name {
        "matchCase" => finder.match_case = on,
        "matchEntireCell" => finder.match_entire_cell = on,
        "useRegularExpression" => finder.use_regular_expression = on,
        "ignoreDiacritics" => finder.ignore_diacritics = on,
        "matchFormulaText" => finder.match_formula_text = on,
        "startFrom" => {
            finder.start_after = Some(handle_of(handle_arg(arg(call.args, 0)))?);
            finder.current = None;
        }
        _ => return finder_search(call, name, finder),
    }
    Ok(to_val(&finder))
}

fn finder_search(call: &Call, name: &str, mut finder: TextFinder) -> CallResult {
    let zone = call.host.zone;
    let mut world = call.host.world();
    let books = &mut world.spreadsheets;
    match name {
        "findAll" => Ok(Val::Array(books.find_all_scopes(&finder, zone)?.iter().map(to_val).collect())),
        "findNext" | "findPrevious" => {
            let found = books.find_step(&finder, name == "findNext", zone)?;
            if found.is_some() {
                finder.current = found.clone();
            }
            Ok(Val::Object(vec![
                ("finder".into(), to_val(&finder)),
                ("match".into(), found.as_ref().map_or(Val::Null, to_val)),
            ]))
        }
        "replaceWith" => Ok(Val::Number(f64::from(books.replace_current(&finder, &string_arg(call.args, 0), zone)?))),
        "replaceAllWith" => Ok(Val::Number(f64::from(books.replace_all(&finder, &string_arg(call.args, 0), zone)?))),
        _ => Err(ServiceError::unimplemented(call.method).into()),
    }
}
