//! The Spreadsheet-family methods of the "surface" part: `Spreadsheet.getRange(a1)` and
//! `getSheetValues` (on the active sheet), `setSpreadsheetTimeZone`, sheet settings
//! (tab colour, right to left, gridlines, type), calculation settings, `toast`, the
//! bounds of an open A1 range, `Range.canEdit`, `splitTextToColumns`, the spreadsheet's
//! theme. Rules in
//! `gas_platform::sheets::surface` and `ops/surface.rs`.
//!
//! These need the world (the active sheet, the account), not only the spreadsheets.

use super::super::args::*;
use super::super::Call;
use crate::host::CallResult;
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::sheets::surface::{delimiter_of_enum, RecalculationInterval};
use gas_platform::sheets::theme::{Theme, THEME_COLOR_TYPES};
use gas_platform::sheets::{RangeRef, SheetRef};
use gas_platform::{ServiceError, World};

/// The getters the prelude answers from the open ends the A1 notation left in a Range's
/// handle (`crate::methods::Read`; a range without them is bounded).
pub(in crate::bindings) const READS: &[Read] = reads![
    "Range.isEndColumnBounded" => "bounds.end_column",
    "Range.isEndRowBounded" => "bounds.end_row",
    "Range.isStartColumnBounded" => "bounds.start_column",
    "Range.isStartRowBounded" => "bounds.start_row",
];

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(dispatch);
    "Range.canEdit" => 30,
    "Range.setShowHyperlink" => 80,
    "Range.setVerticalText" => 80,
    "Range.splitTextToColumns" => 150,
    "Sheet.getSheetValues" => 100,
    "Sheet.getTabColor" => 20,
    "Sheet.getType" => 0,
    "Sheet.hasHiddenGridlines" => 20,
    "Sheet.isRightToLeft" => 20,
    "Sheet.setHiddenGridlines" => 80,
    "Sheet.setRightToLeft" => 80,
    "Sheet.setTabColor" => 80,
    "Spreadsheet.getIterativeCalculationConvergenceThreshold" => 20,
    "Spreadsheet.getMaxIterativeCalculationCycles" => 20,
    "Spreadsheet.getRange" => 20,
    "Spreadsheet.getRecalculationInterval" => 20,
    "Spreadsheet.getSheetValues" => 100,
    "Spreadsheet.getSpreadsheetTheme" => 20,
    "Spreadsheet.resetSpreadsheetTheme" => 80,
    "Spreadsheet.setSpreadsheetTheme" => 80,
    "Spreadsheet.isIterativeCalculationEnabled" => 20,
    "Spreadsheet.setIterativeCalculationConvergenceThreshold" => 80,
    "Spreadsheet.setIterativeCalculationEnabled" => 80,
    "Spreadsheet.setMaxIterativeCalculationCycles" => 80,
    "Spreadsheet.setRecalculationInterval" => 80,
    "Spreadsheet.setSpreadsheetTimeZone" => 100,
    "Spreadsheet.toast" => 50,
    "SpreadsheetTheme.getConcreteColor" => 20,
    "SpreadsheetTheme.getFontFamily" => 20,
    "SpreadsheetTheme.getThemeColors" => 0,
    "SpreadsheetTheme.setConcreteColor" => 80,
    "SpreadsheetTheme.setFontFamily" => 80,
];

/// A spreadsheet's theme (`gas_platform::sheets::theme`): its handle is the spreadsheet's id.
fn theme(call: &Call, books: &mut gas_platform::sheets::Spreadsheets) -> CallResult {
    let (method, args) = (call.method, call.args);
    let id = call.handle.as_str().unwrap_or_default().to_string();
    let kind = || string_arg(args, 0);
    let value = match method {
        "SpreadsheetTheme.getFontFamily" => Val::String(books.open_by_id(&id)?.theme().font_family().to_string()),
        "SpreadsheetTheme.getThemeColors" => {
            books.open_by_id(&id)?;
            Val::Array(THEME_COLOR_TYPES.iter().map(|kind| Val::String((*kind).to_string())).collect())
        }
        "SpreadsheetTheme.getConcreteColor" => {
            let hex = books.open_by_id(&id)?.theme().concrete_color(&kind())?;
            Val::Object(vec![("type".into(), Val::String("RGB".into())), ("hex".into(), Val::String(hex))])
        }
        "SpreadsheetTheme.setConcreteColor" if args.len() >= 4 => {
            let (red, green, blue) = (int_arg(args, 1, method)?, int_arg(args, 2, method)?, int_arg(args, 3, method)?);
            unit(books.change_theme(&id, |theme| theme.set_concrete_rgb(&kind(), red, green, blue)))?
        }
        "SpreadsheetTheme.setConcreteColor" => {
            // A theme colour has no concrete colour to give: read as RGB, it is refused
            // with the platform's text for that (assumed to be what the platform does).
            let color = handle_arg(arg(args, 1));
            let hex = match (color.get("type").and_then(Val::as_str), color.get("hex").and_then(Val::as_str)) {
                (Some("RGB"), Some(hex)) => hex.to_string(),
                _ => return Err(ServiceError::new(gas_platform::sheets::format_text::COLOR_NOT_RGB).into()),
            };
            unit(books.change_theme(&id, |theme| theme.set_concrete_color(&kind(), &hex)))?
        }
        "SpreadsheetTheme.setFontFamily" => {
            unit(books.change_theme(&id, |theme| theme.set_font_family(&string_arg(args, 0))))?
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// The methods declared above, and `Sheet.getRange(a1)` (for its bounds: the core's
/// `sheet_get_range` sends it here).
pub(super) fn dispatch(call: &Call) -> CallResult {
    let host = call.host;
    let mut guard = host.world();
    let world = &mut *guard;
    super::recalculate(host, &mut world.spreadsheets)?;
    let result = surface(call, world);
    super::recalculate(host, &mut world.spreadsheets)?;
    host.formula_gaps.borrow_mut().extend(world.spreadsheets.take_formula_gaps());
    result
}

fn surface(call: &Call, world: &mut World) -> CallResult {
    let (method, handle, args, host) = (call.method, call.handle, call.args, call.host);
    let id = || handle.as_str().unwrap_or_default().to_string();
    let books = &mut world.spreadsheets;
    if method.starts_with("SpreadsheetTheme.") {
        return theme(call, books);
    }
    if method.starts_with("Spreadsheet.") {
        let value = match method {
            "Spreadsheet.getRange" | "Spreadsheet.getSheetValues" => {
                // A sheet-less notation names the active sheet (documented).
                let active = super::super::container::active_sheet(host, world, &id())?;
                return on_sheet(call, world, &active);
            }
            // A theme's handle is its spreadsheet's id: the object is the live theme.
            "Spreadsheet.getSpreadsheetTheme" => {
                books.open_by_id(&id())?;
                Val::String(id())
            }
            "Spreadsheet.resetSpreadsheetTheme" => {
                books.change_theme(&id(), |theme| {
                    *theme = Theme::default();
                    Ok(())
                })?;
                Val::String(id())
            }
            "Spreadsheet.setSpreadsheetTheme" => {
                let source = handle_arg(arg(args, 0)).as_str().unwrap_or_default().to_string();
                let copied = books.open_by_id(&source)?.theme().clone();
                books.change_theme(&id(), |theme| {
                    *theme = copied;
                    Ok(())
                })?;
                Val::String(id())
            }
            "Spreadsheet.setSpreadsheetTimeZone" => unit(books.set_spreadsheet_time_zone(&id(), &string_arg(args, 0)))?,
            "Spreadsheet.isIterativeCalculationEnabled" => Val::Bool(books.calc_settings(&id())?.iterative),
            "Spreadsheet.getMaxIterativeCalculationCycles" => {
                Val::Number(books.calc_settings(&id())?.max_cycles() as f64)
            }
            "Spreadsheet.getIterativeCalculationConvergenceThreshold" => {
                Val::Number(books.calc_settings(&id())?.threshold())
            }
            "Spreadsheet.getRecalculationInterval" => {
                Val::String(books.calc_settings(&id())?.recalculation.name().to_string())
            }
            "Spreadsheet.setIterativeCalculationEnabled" => {
                unit(books.set_iterative_calculation(&id(), bool_arg(args, 0)))?
            }
            "Spreadsheet.setMaxIterativeCalculationCycles" => {
                let cycles = int_arg(args, 0, method)?;
                unit(books.change_calc_settings(&id(), |calc| calc.set_max_cycles(cycles)))?
            }
            "Spreadsheet.setIterativeCalculationConvergenceThreshold" => {
                let threshold = arg(args, 0).as_f64().unwrap_or(f64::NAN);
                unit(books.change_calc_settings(&id(), |calc| calc.set_threshold(threshold)))?
            }
            "Spreadsheet.setRecalculationInterval" => {
                let interval = RecalculationInterval::parse(&string_arg(args, 0))?;
                unit(books.change_calc_settings(&id(), |calc| {
                    calc.recalculation = interval;
                    Ok(())
                }))?
            }
            // A toast shows for a moment and returns nothing; the trace records the call
            // with its message and title, which is how a run shows it.
            "Spreadsheet.toast" => {
                books.open_by_id(&id())?;
                Val::Undefined
            }
            _ => return Err(ServiceError::unimplemented(method).into()),
        };
        return Ok(value);
    }
    if method.starts_with("Sheet.") {
        let sheet: SheetRef = handle_of(handle)?;
        return on_sheet(call, world, &sheet);
    }
    let range: RangeRef = handle_of(handle)?;
    let value = match method {
        "Range.canEdit" => {
            let account = world.user_email.clone();
            let user = host.invocation.user.clone().unwrap_or_else(|| account.clone());
            Val::Bool(world.spreadsheets.range_can_edit(&range, &user, &account)?)
        }
        "Range.setVerticalText" => unit(world.spreadsheets.set_vertical_text(&range, bool_arg(args, 0)))?,
        "Range.setShowHyperlink" => unit(world.spreadsheets.set_show_hyperlink(&range, bool_arg(args, 0)))?,
        "Range.splitTextToColumns" => {
            let delimiter = match arg(args, 0) {
                Val::Undefined => None,
                // The enum's values are their names (`COMMA`): those mean the enum.
                Val::String(name) => Some(delimiter_of_enum(name).map(str::to_string).unwrap_or_else(|_| name.clone())),
                other => Some(other.to_js_string()),
            };
            unit(world.spreadsheets.split_text_to_columns(&range, delimiter.as_deref(), host.zone))?
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// The Sheet methods, and the Spreadsheet forms on the active sheet.
fn on_sheet(call: &Call, world: &mut World, sheet: &SheetRef) -> CallResult {
    let (method, args) = (call.method, call.args);
    let books = &mut world.spreadsheets;
    let name = method.split_once('.').map_or(method, |(_, name)| name);
    let value = match name {
        "getRange" => {
            let a1 = string_arg(args, 0);
            let range = books.get_range_a1(sheet, &a1)?;
            to_val(&range)
        }
        "getSheetValues" => {
            let int = |i| int_arg(args, i, method);
            let rows = books.get_sheet_values(sheet, int(0)?, int(1)?, int(2)?, int(3)?)?;
            Val::Array(rows.iter().map(|row| Val::Array(row.iter().map(Val::from_cell).collect())).collect())
        }
        "getTabColor" => books.sheet_settings(sheet)?.tab_color.clone().map_or(Val::Null, Val::String),
        "setTabColor" => {
            let color = match arg(args, 0) {
                Val::Null | Val::Undefined => None,
                other => Some(other.to_js_string()),
            };
            unit(books.set_tab_color(sheet, color.as_deref()))?
        }
        "isRightToLeft" => Val::Bool(books.sheet_settings(sheet)?.right_to_left),
        "setRightToLeft" => unit(books.set_right_to_left(sheet, bool_arg(args, 0)))?,
        "hasHiddenGridlines" => Val::Bool(books.sheet_settings(sheet)?.hidden_gridlines),
        "setHiddenGridlines" => unit(books.set_hidden_gridlines(sheet, bool_arg(args, 0)))?,
        // Every sheet gas-sim models is a grid (chart sheets are not modelled).
        "getType" => {
            books.sheet(sheet)?;
            Val::String("GRID".into())
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn bool_arg(args: &[Val], i: usize) -> bool {
    matches!(arg(args, i), Val::Bool(true))
}
