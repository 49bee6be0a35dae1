//! Formats: number formats, fonts, colours, alignment, notes, borders, text rotation,
//! clear(options), column widths and row heights.
//!
//! `dispatch` answers the methods this part declares (`None` for another). The
//! per-cell properties are one table (`FIELDS`): each property's singular and grid getter
//! and setter map to one `Field` of gas-platform, where the values are checked.

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::sheets::format::{normalize_color, Field, FieldValue, TextStyle, THEME_COLOR_PREFIX};
use gas_platform::sheets::rich_text::RichText;
use gas_platform::sheets::{BorderEdit, ClearOptions, RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The getters the prelude answers from a TextStyle's and a RichTextValue's handles
/// (`crate::methods::Read`): `TextStyle` and `RichText` fields.
pub(in crate::bindings) const READS: &[Read] = reads![
    "RichTextValue.getStartIndex" => "start_index",
    "RichTextValue.getText" => "text",
    "TextStyle.getFontFamily" => "font_family",
    "TextStyle.getFontSize" => "font_size",
    "TextStyle.getForegroundColor" => "foreground_color",
    "TextStyle.isBold" => "bold",
    "TextStyle.isItalic" => "italic",
    "TextStyle.isStrikethrough" => "strikethrough",
    "TextStyle.isUnderline" => "underline",
];

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "ColorBuilder.setRgbColor" => 0,
    "Range.clear" => 60,
    "Range.clearFormat" => 60,
    "Range.clearNote" => 60,
    "Range.getBackground" => 50,
    "Range.getBackgroundObject" => 50,
    "Range.getBackgroundObjects" => 80,
    "Range.getBackgrounds" => 80,
    "Range.getFontColor" => 50,
    "Range.getFontColorObject" => 50,
    "Range.getFontColorObjects" => 80,
    "Range.getFontColors" => 80,
    "Range.getFontFamilies" => 80,
    "Range.getFontFamily" => 50,
    "Range.getFontLine" => 50,
    "Range.getFontLines" => 80,
    "Range.getFontSize" => 50,
    "Range.getFontSizes" => 80,
    "Range.getFontStyle" => 50,
    "Range.getFontStyles" => 80,
    "Range.getFontWeight" => 50,
    "Range.getFontWeights" => 80,
    "Range.getHorizontalAlignment" => 50,
    "Range.getHorizontalAlignments" => 80,
    "Range.getNote" => 50,
    "Range.getNotes" => 80,
    "Range.getNumberFormat" => 50,
    "Range.getNumberFormats" => 80,
    "Range.getRichTextValue" => 50,
    "Range.getRichTextValues" => 80,
    "Range.getTextDirection" => 50,
    "Range.getTextDirections" => 80,
    "Range.getTextRotation" => 50,
    "Range.getTextRotations" => 80,
    "Range.getTextStyle" => 50,
    "Range.getTextStyles" => 80,
    "Range.getVerticalAlignment" => 50,
    "Range.getVerticalAlignments" => 80,
    "Range.getWrap" => 50,
    "Range.getWrapStrategies" => 80,
    "Range.getWrapStrategy" => 50,
    "Range.getWraps" => 80,
    "Range.setBackground" => 80,
    "Range.setBackgroundObject" => 80,
    "Range.setBackgroundObjects" => 120,
    "Range.setBackgroundRGB" => 80,
    "Range.setBackgrounds" => 120,
    "Range.setBorder" => 80,
    "Range.setFontColor" => 80,
    "Range.setFontColorObject" => 80,
    "Range.setFontColorObjects" => 120,
    "Range.setFontColors" => 120,
    "Range.setFontFamilies" => 120,
    "Range.setFontFamily" => 80,
    "Range.setFontLine" => 80,
    "Range.setFontLines" => 120,
    "Range.setFontSize" => 80,
    "Range.setFontSizes" => 120,
    "Range.setFontStyle" => 80,
    "Range.setFontStyles" => 120,
    "Range.setFontWeight" => 80,
    "Range.setFontWeights" => 120,
    "Range.setHorizontalAlignment" => 80,
    "Range.setHorizontalAlignments" => 120,
    "Range.setNote" => 80,
    "Range.setNotes" => 120,
    "Range.setNumberFormat" => 80,
    "Range.setNumberFormats" => 120,
    "Range.setRichTextValue" => 80,
    "Range.setRichTextValues" => 120,
    "Range.setTextDirection" => 80,
    "Range.setTextDirections" => 120,
    "Range.setTextRotation" => 80,
    "Range.setTextRotations" => 120,
    "Range.setTextStyle" => 80,
    "Range.setTextStyles" => 120,
    "Range.setVerticalAlignment" => 80,
    "Range.setVerticalAlignments" => 120,
    "Range.setWrap" => 80,
    "Range.setWrapStrategies" => 120,
    "Range.setWrapStrategy" => 80,
    "Range.setWraps" => 120,
    "RichTextValue.getLinkUrl" => 0,
    "RichTextValue.getRuns" => 0,
    "RichTextValue.getTextStyle" => 0,
    "RichTextValueBuilder.setLinkUrl" => 0,
    "RichTextValueBuilder.setText" => 0,
    "RichTextValueBuilder.setTextStyle" => 0,
    "Sheet.clear" => 80,
    "Sheet.clearFormats" => 80,
    "Sheet.clearNotes" => 80,
    "Sheet.getColumnWidth" => 20,
    "Sheet.getRowHeight" => 20,
    "Sheet.setColumnWidth" => 60,
    "Sheet.setColumnWidths" => 60,
    "Sheet.setRowHeight" => 60,
    "Sheet.setRowHeights" => 60,
    "Sheet.setRowHeightsForced" => 60,
    "TextStyleBuilder.build" => 0,
    "TextStyleBuilder.setForegroundColorObject" => 0,
];

/// A property and its four `Range` methods: get, get grid, set, set grid.
struct FieldMethods {
    field: Field,
    names: [&'static str; 4],
}

const fn f(field: Field, names: [&'static str; 4]) -> FieldMethods {
    FieldMethods { field, names }
}

const FIELDS: &[FieldMethods] = &[
    f(Field::NumberFormat, ["getNumberFormat", "getNumberFormats", "setNumberFormat", "setNumberFormats"]),
    f(Field::Background, ["getBackground", "getBackgrounds", "setBackground", "setBackgrounds"]),
    f(Field::FontColor, ["getFontColor", "getFontColors", "setFontColor", "setFontColors"]),
    f(Field::FontFamily, ["getFontFamily", "getFontFamilies", "setFontFamily", "setFontFamilies"]),
    f(Field::FontSize, ["getFontSize", "getFontSizes", "setFontSize", "setFontSizes"]),
    f(Field::FontWeight, ["getFontWeight", "getFontWeights", "setFontWeight", "setFontWeights"]),
    f(Field::FontStyle, ["getFontStyle", "getFontStyles", "setFontStyle", "setFontStyles"]),
    f(Field::FontLine, ["getFontLine", "getFontLines", "setFontLine", "setFontLines"]),
    f(
        Field::HorizontalAlignment,
        ["getHorizontalAlignment", "getHorizontalAlignments", "setHorizontalAlignment", "setHorizontalAlignments"],
    ),
    f(
        Field::VerticalAlignment,
        ["getVerticalAlignment", "getVerticalAlignments", "setVerticalAlignment", "setVerticalAlignments"],
    ),
    f(Field::WrapStrategy, ["getWrapStrategy", "getWrapStrategies", "setWrapStrategy", "setWrapStrategies"]),
    f(Field::TextDirection, ["getTextDirection", "getTextDirections", "setTextDirection", "setTextDirections"]),
    f(Field::TextRotation, ["getTextRotation", "getTextRotations", "setTextRotation", "setTextRotations"]),
];

/// The colour properties again, as `Color` objects: the prelude passes and takes each
/// colour as stored (`#rrggbb`, or `theme:ACCENT1` for a theme colour) and makes the
/// objects (13_sheets_formats.js).
const COLOR_OBJECTS: &[FieldMethods] = &[
    f(
        Field::Background,
        ["getBackgroundObject", "getBackgroundObjects", "setBackgroundObject", "setBackgroundObjects"],
    ),
    f(Field::FontColor, ["getFontColorObject", "getFontColorObjects", "setFontColorObject", "setFontColorObjects"]),
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
    if method == "Range.clear" {
        // `skipFilteredRows` judges dates by the day in the spreadsheet's (else the script's) zone.
        let cleared =
            handle_of::<RangeRef>(handle).and_then(|range| books.clear_range(&range, clear_options(args), host.zone));
        return Some(cleared.map(|()| Val::Undefined).map_err(Into::into));
    }
    if let Some(name) = method.strip_prefix("Range.") {
        if let Some(found) = field_method(FIELDS, name) {
            return Some(field_call(books, method, handle, args, found, false).map_err(Into::into));
        }
        if let Some(found) = field_method(COLOR_OBJECTS, name) {
            return Some(field_call(books, method, handle, args, found, true).map_err(Into::into));
        }
        return range_call(books, method, handle, args).map(|r| r.map_err(Into::into));
    }
    if method.starts_with("Sheet.") {
        return sheet_call(books, method, handle, args).map(|r| r.map_err(Into::into));
    }
    if method.starts_with("RichTextValue") {
        return Some(rich_text_call(method, handle, args).map_err(Into::into));
    }
    if method == "TextStyleBuilder.setForegroundColorObject" {
        // A text style holds a theme colour as its type's name (`ACCENT1`: what its
        // `getForegroundColor()` reads, observed), an RGB one as its hex.
        let color = handle_arg(arg(args, 0));
        let key = if color.get("type").and_then(Val::as_str) == Some("THEME") { "theme" } else { "hex" };
        return Some(Ok(color.get(key).cloned().unwrap_or(Val::Null)));
    }
    if method == "TextStyleBuilder.build" {
        return Some(build_text_style(arg(args, 0)).map_err(Into::into));
    }
    if method == "ColorBuilder.setRgbColor" {
        let color = string_arg(args, 0);
        let result = normalize_color(&color)
            .map(Val::String)
            .ok_or_else(|| ServiceError::new(gas_platform::sheets::format_text::INVALID_COLOR));
        return Some(result.map_err(Into::into));
    }
    None
}

fn field_method(table: &[FieldMethods], name: &str) -> Option<(Field, usize)> {
    table.iter().find_map(|entry| entry.names.iter().position(|n| *n == name).map(|kind| (entry.field, kind)))
}

/// One of a property's four methods (`kind`: get, get grid, set, set grid); with
/// `colors_as_objects` the colour as stored (a theme colour as `theme:ACCENT1`, for the
/// prelude's `Color` objects), else as the string getters read it.
fn field_call(
    books: &mut Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
    (field, kind): (Field, usize),
    colors_as_objects: bool,
) -> ServiceResult<Val> {
    let range: RangeRef = handle_of(handle)?;
    let grid = |books: &Spreadsheets, range: &RangeRef| match colors_as_objects {
        true => books.get_color_object_grid(range, field),
        false => books.get_format_grid(range, field),
    };
    match kind {
        0 => Ok(field_val(grid(books, &range.cell(range.row, range.column))?.remove(0).remove(0))),
        1 => Ok(Val::Array(
            grid(books, &range)?.into_iter().map(|row| Val::Array(row.into_iter().map(field_val).collect())).collect(),
        )),
        2 => {
            let value = val_field(arg(args, 0), field);
            unit(match colors_as_objects {
                true => books.set_color_object(&range, field, value),
                false => books.set_format(&range, field, value),
            })
        }
        _ => {
            let grid = rows_of(arg(args, 0), method)?
                .iter()
                .map(|row| row.iter().map(|v| val_field(v, field)).collect())
                .collect();
            unit(match colors_as_objects {
                true => books.set_color_object_grid(&range, field, grid),
                false => books.set_format_grid(&range, field, grid),
            })
        }
    }
}

fn field_val(value: Option<FieldValue>) -> Val {
    match value {
        Some(FieldValue::Text(text)) => Val::String(text),
        Some(FieldValue::Int(n)) => Val::Number(n as f64),
        None => Val::Null,
    }
}

/// A script's value for a property: text, a whole number (sizes, degrees: a
/// `TextRotation`'s degrees too), a `Color` as stored (`#rrggbb`, or `theme:ACCENT1`
/// for a theme colour: gas-platform's THEME_COLOR_PREFIX); `null` resets.
fn val_field(value: &Val, field: Field) -> Option<FieldValue> {
    let color = handle_arg(value);
    if matches!(color.get("type").and_then(Val::as_str), Some("THEME")) {
        let kind = color.get("theme").map(Val::to_js_string).unwrap_or_default();
        return Some(FieldValue::Text(format!("{THEME_COLOR_PREFIX}{kind}")));
    }
    match value {
        Val::Undefined | Val::Null => None,
        Val::Number(n) if matches!(field, Field::FontSize | Field::TextRotation) => {
            Some(FieldValue::Int(n.trunc() as i64))
        }
        Val::Object(_) if field == Field::TextRotation => {
            Some(FieldValue::Int(value.get("degrees").and_then(Val::as_f64).unwrap_or(0.0) as i64))
        }
        Val::Object(_) => Some(FieldValue::Text(color.get("hex").map(Val::to_js_string).unwrap_or_default())),
        other => Some(FieldValue::Text(other.to_js_string())),
    }
}

fn rows_of<'a>(values: &'a Val, method: &str) -> ServiceResult<Vec<&'a Vec<Val>>> {
    let Val::Array(rows) = values else {
        return Err(signature_error(&format!("SpreadsheetApp.{method}"), std::slice::from_ref(values)));
    };
    rows.iter()
        .map(|row| match row {
            Val::Array(cells) => Ok(cells),
            other => Err(ServiceError::signature_mismatch(
                &format!("{}[]", type_name(other)),
                &format!("SpreadsheetApp.{method}"),
            )),
        })
        .collect()
}

fn flag(value: &Val) -> Option<bool> {
    match value {
        Val::Bool(b) => Some(*b),
        _ => None,
    }
}

fn range_call(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> Option<ServiceResult<Val>> {
    let range = match handle_of::<RangeRef>(handle) {
        Ok(range) => range,
        Err(error) => return Some(Err(error)),
    };
    let result = match method {
        "Range.getWrap" => books
            .get_format(&range, Field::WrapStrategy)
            .map(|v| Val::Bool(v.and_then(|v| v.text().map(|t| t == "WRAP")).unwrap_or(false))),
        "Range.getWraps" => books.get_format_grid(&range, Field::WrapStrategy).map(|grid| {
            Val::Array(
                grid.into_iter()
                    .map(|row| {
                        Val::Array(
                            row.into_iter()
                                .map(|v| Val::Bool(v.and_then(|v| v.text().map(|t| t == "WRAP")).unwrap_or(false)))
                                .collect(),
                        )
                    })
                    .collect(),
            )
        }),
        "Range.setWrap" => unit(books.set_format(&range, Field::WrapStrategy, Some(wrap_value(arg(args, 0))))),
        "Range.setWraps" => rows_of(arg(args, 0), method).and_then(|rows| {
            let grid = rows.iter().map(|row| row.iter().map(|v| Some(wrap_value(v))).collect()).collect();
            unit(books.set_format_grid(&range, Field::WrapStrategy, grid))
        }),
        "Range.setBackgroundRGB" => (|| {
            let (r, g, b) = (int_arg(args, 0, method)?, int_arg(args, 1, method)?, int_arg(args, 2, method)?);
            unit(books.set_background_rgb(&range, r, g, b))
        })(),
        "Range.getTextStyle" => {
            books.get_text_styles(&range.cell(range.row, range.column)).map(|grid| to_val(&grid[0][0]))
        }
        "Range.getTextStyles" => books.get_text_styles(&range).map(|grid| to_val(&grid)),
        "Range.setTextStyle" => {
            handle_of::<TextStyle>(arg(args, 0)).and_then(|style| unit(books.set_text_style(&range, style)))
        }
        "Range.setTextStyles" => {
            handle_of::<Vec<Vec<TextStyle>>>(arg(args, 0)).and_then(|grid| unit(books.set_text_styles(&range, grid)))
        }
        "Range.getRichTextValue" => {
            books.get_rich_text_values(&range.cell(range.row, range.column)).map(|grid| to_val(&grid[0][0]))
        }
        "Range.getRichTextValues" => books.get_rich_text_values(&range).map(|grid| to_val(&grid)),
        "Range.setRichTextValue" => handle_of::<RichText>(arg(args, 0)).and_then(|value| {
            let row = vec![value; range.num_columns as usize];
            unit(books.set_rich_text_values(&range, vec![row; range.num_rows as usize]))
        }),
        "Range.setRichTextValues" => handle_of::<Vec<Vec<RichText>>>(arg(args, 0))
            .and_then(|grid| unit(books.set_rich_text_values(&range, grid))),
        "Range.getNote" => books.get_note(&range).map(Val::String),
        "Range.getNotes" => books.get_notes(&range).map(|grid| {
            Val::Array(grid.into_iter().map(|row| Val::Array(row.into_iter().map(Val::String).collect())).collect())
        }),
        "Range.setNote" => unit(books.set_note(&range, note_of(arg(args, 0)))),
        "Range.setNotes" => rows_of(arg(args, 0), method).and_then(|rows| {
            let grid = rows.iter().map(|row| row.iter().map(note_of).collect()).collect();
            unit(books.set_notes(&range, grid))
        }),
        "Range.clearNote" => unit(books.clear_notes(&range)),
        "Range.clearFormat" => unit(books.clear_format(&range)),
        "Range.setBorder" => unit(books.set_border(
            &range,
            BorderEdit {
                top: flag(arg(args, 0)),
                left: flag(arg(args, 1)),
                bottom: flag(arg(args, 2)),
                right: flag(arg(args, 3)),
                vertical: flag(arg(args, 4)),
                horizontal: flag(arg(args, 5)),
                color: arg(args, 6).as_str().map(String::from),
                style: arg(args, 7).as_str().map(String::from),
            },
        )),
        _ => return None,
    };
    Some(result)
}

/// RichTextValueBuilder's edits (each returns the builder's new value) and the
/// RichTextValue reads that check offsets; `getText`, `getStartIndex` ... are the handle's data.
fn rich_text_call(method: &str, handle: &Val, args: &[Val]) -> ServiceResult<Val> {
    let rule = |result: Result<(), String>| result.map_err(|message| ServiceError::new(&message));
    let offsets = || -> ServiceResult<(usize, usize)> {
        let start = int_arg(args, 0, method)?;
        let end = int_arg(args, 1, method)?;
        match (usize::try_from(start), usize::try_from(end)) {
            (Ok(start), Ok(end)) => Ok((start, end)),
            _ => Err(ServiceError::new(gas_platform::sheets::rich_text::INVALID_OFFSETS)),
        }
    };
    if method == "RichTextValueBuilder.setText" {
        return Ok(to_val(&RichText::new(&string_arg(args, 0))));
    }
    let mut value: RichText = handle_of(handle)?;
    let whole = |value: &RichText| (0, value.len());
    match method {
        "RichTextValueBuilder.setTextStyle" => {
            let (span, style) =
                if args.len() >= 3 { (offsets()?, arg(args, 2)) } else { (whole(&value), arg(args, 0)) };
            let style: Option<TextStyle> = if style.is_nullish() { None } else { Some(handle_of(style)?) };
            if span.0 < span.1 || args.len() >= 3 {
                rule(value.set_style(span.0, span.1, style.as_ref()))?;
            }
            Ok(to_val(&value))
        }
        "RichTextValueBuilder.setLinkUrl" => {
            let (span, url) = if args.len() >= 3 { (offsets()?, arg(args, 2)) } else { (whole(&value), arg(args, 0)) };
            let url = url.as_str().map(String::from);
            if span.0 < span.1 || args.len() >= 3 {
                rule(value.set_link(span.0, span.1, url.as_deref()))?;
            }
            Ok(to_val(&value))
        }
        "RichTextValue.getTextStyle" if args.len() >= 2 => {
            let (start, end) = offsets()?;
            value.style_between(start, end).map(|style| to_val(&style)).map_err(|m| ServiceError::new(&m))
        }
        "RichTextValue.getTextStyle" => Ok(to_val(&value.style())),
        "RichTextValue.getLinkUrl" if args.len() >= 2 => {
            let (start, end) = offsets()?;
            value.link_between(start, end).map(|link| to_val(&link)).map_err(|m| ServiceError::new(&m))
        }
        "RichTextValue.getLinkUrl" => Ok(to_val(&value.link())),
        "RichTextValue.getRuns" => Ok(to_val(&value.run_values())),
        _ => Err(ServiceError::unimplemented(method)),
    }
}

/// `TextStyleBuilder.build()`: the builder's values checked, its colour normalised.
fn build_text_style(style: &Val) -> ServiceResult<Val> {
    let style: TextStyle = handle_of(style)?;
    Ok(to_val(&style.built().map_err(|message| ServiceError::new(&message))?))
}

fn wrap_value(value: &Val) -> FieldValue {
    FieldValue::Text(if matches!(value, Val::Bool(true)) { "WRAP" } else { "OVERFLOW" }.to_string())
}

fn note_of(value: &Val) -> Option<String> {
    match value {
        Val::Undefined | Val::Null => None,
        other => Some(other.to_js_string()),
    }
}

/// `clear(options)`'s flags; no argument is `None` (plain `clear()`).
fn clear_options(args: &[Val]) -> Option<ClearOptions> {
    let options = arg(args, 0);
    if options.is_nullish() {
        return None;
    }
    let set = |name: &str| matches!(options.get(name), Some(Val::Bool(true)));
    Some(ClearOptions {
        contents_only: set("contentsOnly"),
        format_only: set("formatOnly"),
        comments_only: set("commentsOnly"),
        validations_only: set("validationsOnly"),
        skip_filtered_rows: set("skipFilteredRows"),
    })
}

fn sheet_call(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> Option<ServiceResult<Val>> {
    let sheet = match handle_of::<SheetRef>(handle) {
        Ok(sheet) => sheet,
        Err(error) => return Some(Err(error)),
    };
    let int = |i: usize| int_arg(args, i, method);
    let result = match method {
        "Sheet.clear" => unit(books.clear_sheet_with(&sheet, clear_options(args))),
        "Sheet.clearFormats" => unit(books.clear_sheet_formats(&sheet)),
        "Sheet.clearNotes" => unit(books.clear_sheet_notes(&sheet)),
        "Sheet.getColumnWidth" => {
            int(0).and_then(|c| books.column_width(&sheet, c)).map(|px| Val::Number(f64::from(px)))
        }
        "Sheet.getRowHeight" => int(0).and_then(|r| books.row_height(&sheet, r)).map(|px| Val::Number(f64::from(px))),
        "Sheet.setColumnWidth" => (|| unit(books.set_column_widths(&sheet, int(0)?, 1, int(1)?)))(),
        "Sheet.setColumnWidths" => (|| unit(books.set_column_widths(&sheet, int(0)?, int(1)?, int(2)?)))(),
        "Sheet.setRowHeight" => (|| unit(books.set_row_heights(&sheet, int(0)?, 1, int(1)?)))(),
        "Sheet.setRowHeights" | "Sheet.setRowHeightsForced" => {
            (|| unit(books.set_row_heights(&sheet, int(0)?, int(1)?, int(2)?)))()
        }
        _ => return None,
    };
    Some(result)
}
