//! The advanced Sheets service (`Sheets.Spreadsheets.Values.*`, `Sheets.Spreadsheets.get`,
//! `create` and a core of `batchUpdate`): the Sheets API v4 on the same spreadsheets
//! SpreadsheetApp reads and writes. Requests and answers are the REST API's JSON
//! (documented: developers.google.com/sheets/api/reference/rest); what a request asks
//! that gas-sim does not model is a gap naming itself, never a silent success.
//!
//! Rules, with their sources:
//! - A range is `Sheet!A1:B2`, `Sheet!A:C`, `Sheet!2:4`, `A1:B2` (the first sheet) or a
//!   sheet's name alone (the whole grid); a name with other than letters, digits and `_`
//!   is quoted in answers (`'My Sheet'!A1:B2`) (documented: "A1 notation").
//! - `values` in an answer leave out trailing empty rows and each row's trailing empty
//!   cells; no `values` key when nothing is left (documented: "Empty trailing rows and
//!   columns are omitted").
//! - `valueRenderOption`: FORMATTED_VALUE (default, the display text), UNFORMATTED_VALUE,
//!   FORMULA; `dateTimeRenderOption` SERIAL_NUMBER (default) or FORMATTED_STRING
//!   (documented). `majorDimension` ROWS (default) or COLUMNS (documented).
//! - Writes need `valueInputOption` RAW (stored as given) or USER_ENTERED (parsed as if
//!   typed: numbers, dates, formulas) (documented); a `null` leaves a cell as it is, `""`
//!   clears it (documented: "null values will be skipped").
//! - An update writes from the range's top-left cell; data past a range of more than one
//!   cell is refused, data past the grid too (observed texts, [`text`]).
//! - `append` writes after the last row with content in the range's columns (the
//!   "table"), from the range's first column, adding rows when the grid is full
//!   (documented behaviour, the table search simplified: assumed).
//! - Errors are `API call to sheets.spreadsheets.values.get failed with error: ...`
//!   (observed form of the advanced services' errors).

use chrono::TimeZone;
use chrono_tz::Tz;
use serde_json::{json, Map, Value as Json};

use super::super::model::Spreadsheets;
use super::super::{a1, a1_notation, RangeRef, SheetRef};
use super::{fail, whole_range};
use crate::error::{ServiceError, ServiceResult};
use crate::sheets::values;
use crate::CellValue;

/// The texts of the Sheets API gas-sim writes (observed in public issue threads unless
/// marked).
pub mod text {
    pub const NOT_FOUND: &str = "Requested entity was not found.";
    pub const INPUT_OPTION_REQUIRED: &str = "'valueInputOption' is required but not specified";

    pub fn unparsable_range(range: &str) -> String {
        format!("Unable to parse range: {range}")
    }

    pub fn invalid_option(name: &str, value: &str) -> String {
        format!("Invalid {name}: {value}")
    }

    pub fn writing_outside(range: &str, kind: &str, index: u32) -> String {
        format!("Requested writing within range [{range}], but tried writing to {kind} [{index}]")
    }

    pub fn exceeds_grid(range: &str, rows: u32, columns: u32) -> String {
        format!("Range ({range}) exceeds grid limits. Max rows: {rows}, max columns: {columns}")
    }

    /// Assumed: the API's text for a request to a sheet id the spreadsheet lacks.
    pub fn no_grid(sheet_id: i64) -> String {
        format!("No grid with id: {sheet_id}")
    }

    /// The form every advanced-service error takes (observed).
    pub fn api_call_failed(call: &str, message: &str) -> String {
        format!("API call to {call} failed with error: {message}")
    }
}

/// Cells one request may read or write (gas-sim's guard; the API's is its 10 MB request).
pub const API_CELLS_MAX: u64 = 2_000_000;
/// Ranges in one batch request (gas-sim's guard).
pub const BATCH_RANGES_MAX: usize = 1_000;

/// An error of the call `call` (`sheets.spreadsheets.values.get`).
pub fn api_error(call: &str, message: &str) -> ServiceError {
    ServiceError::new(text::api_call_failed(call, message))
}

/// How values are read: `valueRenderOption` and `dateTimeRenderOption`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Render {
    Formatted,
    Unformatted { dates_as_text: bool },
    Formula { dates_as_text: bool },
}

/// The options of a read, from the request's optional arguments.
#[derive(Debug, Clone, Copy)]
struct ReadOptions {
    render: Render,
    columns_major: bool,
}

fn option<'a>(options: &'a Json, name: &str) -> Option<&'a str> {
    options.get(name).and_then(Json::as_str)
}

fn read_options(options: &Json) -> Result<ReadOptions, String> {
    let dates_as_text = match option(options, "dateTimeRenderOption") {
        None | Some("SERIAL_NUMBER") => false,
        Some("FORMATTED_STRING") => true,
        Some(other) => return Err(text::invalid_option("dateTimeRenderOption", other)),
    };
    let render = match option(options, "valueRenderOption") {
        None | Some("FORMATTED_VALUE") => Render::Formatted,
        Some("UNFORMATTED_VALUE") => Render::Unformatted { dates_as_text },
        Some("FORMULA") => Render::Formula { dates_as_text },
        Some(other) => return Err(text::invalid_option("valueRenderOption", other)),
    };
    Ok(ReadOptions { render, columns_major: major_is_columns(options)? })
}

fn major_is_columns(options: &Json) -> Result<bool, String> {
    match option(options, "majorDimension") {
        None | Some("ROWS") | Some("DIMENSION_UNSPECIFIED") => Ok(false),
        Some("COLUMNS") => Ok(true),
        Some(other) => Err(text::invalid_option("majorDimension", other)),
    }
}

/// The `valueInputOption` of a write `call` (in its options or resource): `Ok(true)` for
/// USER_ENTERED, `Ok(false)` for RAW; required.
fn input_is_user_entered(call: &str, options: &Json) -> ServiceResult<bool> {
    match option(options, "valueInputOption") {
        None | Some("INPUT_VALUE_OPTION_UNSPECIFIED") => Err(api_error(call, text::INPUT_OPTION_REQUIRED)),
        Some("RAW") => Ok(false),
        Some("USER_ENTERED") => Ok(true),
        Some(other) => Err(api_error(call, &text::invalid_option("valueInputOption", other))),
    }
}

/// A sheet's name as answers write it: quoted unless letters, digits and `_` only.
fn quoted_sheet_name(name: &str) -> String {
    let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\'', "''"))
    }
}

impl Spreadsheets {
    /// The range `text` names in spreadsheet `id`, or the API's message.
    fn api_range(&self, id: &str, text: &str) -> Result<RangeRef, String> {
        let book = self.get(id).ok_or_else(|| text::NOT_FOUND.to_string())?;
        let trimmed = text.trim();
        let unquoted = trimmed
            .strip_prefix('\'')
            .and_then(|t| t.strip_suffix('\''))
            .map(|t| t.replace("''", "'"))
            .unwrap_or_else(|| trimmed.to_string());
        if let Some(sheet) = book.sheet_by_name(&unquoted) {
            let sheet_ref = SheetRef { spreadsheet_id: id.to_string(), sheet_id: sheet.sheet_id() };
            return Ok(whole_range(sheet_ref, sheet.max_rows(), sheet.max_columns()));
        }
        if trimmed.is_empty() || a1::parse(trimmed).is_none() {
            return Err(text::unparsable_range(text));
        }
        self.get_range_in_spreadsheet(id, trimmed).map_err(|_| text::unparsable_range(text))
    }

    /// `Sheet1!A1:C3`: a range as the API's answers name it, always as cells (`A:B` is
    /// answered `A1:B1000`, documented in the API's examples).
    pub fn api_range_text(&self, range: &RangeRef) -> String {
        let name = self.sheet_name(&range.sheet).unwrap_or_default();
        let cells = RangeRef { bounds: crate::sheets::Bounds::ALL, ..range.clone() };
        format!("{}!{}", quoted_sheet_name(&name), a1_notation(&cells))
    }

    /// One cell as `render` shows it.
    fn rendered_cell(&self, range: &RangeRef, row: u32, column: u32, render: Render, zone: Tz) -> ServiceResult<Json> {
        let sheet = self.sheet(&range.sheet)?;
        let locale = self.locale_of(&range.sheet.spreadsheet_id)?;
        let dates_as_text = match render {
            Render::Formatted => return Ok(Json::String(sheet.display_text_in(row, column, zone, locale))),
            Render::Formula { dates_as_text } => {
                let cell = RangeRef {
                    sheet: range.sheet.clone(),
                    row,
                    column,
                    num_rows: 1,
                    num_columns: 1,
                    bounds: crate::sheets::Bounds::ALL,
                };
                let formula = self.get_formula(&cell)?;
                if !formula.is_empty() {
                    return Ok(Json::String(formula));
                }
                dates_as_text
            }
            Render::Unformatted { dates_as_text } => dates_as_text,
        };
        Ok(match sheet.cell(row, column) {
            CellValue::Empty => Json::String(String::new()),
            CellValue::Number(n) => json!(n),
            CellValue::Bool(b) => Json::Bool(*b),
            CellValue::String(s) => Json::String(s.clone()),
            CellValue::Date(_) if dates_as_text => Json::String(sheet.display_text_in(row, column, zone, locale)),
            CellValue::Date(ms) => {
                let local = zone.timestamp_millis_opt(*ms).single().map(|t| t.naive_local());
                local.map_or(Json::Null, |local| json!(crate::sheets::number_format::serial_of(local)))
            }
        })
    }

    /// A `ValueRange` of `range`: trailing empty rows and cells left out.
    fn value_range(&self, range: &RangeRef, options: ReadOptions, zone: Tz) -> ServiceResult<Json> {
        check_cells(u64::from(range.num_rows) * u64::from(range.num_columns))?;
        let sheet = self.sheet(&range.sheet)?;
        let empty = |row: u32, column: u32| sheet.cell(row, column).is_empty();
        let (outer, inner) = if options.columns_major {
            (
                (range.column..=range.last_column()).collect::<Vec<_>>(),
                (range.row..=range.last_row()).collect::<Vec<_>>(),
            )
        } else {
            ((range.row..=range.last_row()).collect(), (range.column..=range.last_column()).collect())
        };
        let at = |o: u32, i: u32| if options.columns_major { (i, o) } else { (o, i) };
        let mut lines: Vec<Json> = Vec::new();
        for &o in &outer {
            let Some(last) = inner.iter().rposition(|&i| {
                let (row, column) = at(o, i);
                !empty(row, column)
            }) else {
                lines.push(Json::Array(Vec::new()));
                continue;
            };
            let cells = inner[..=last]
                .iter()
                .map(|&i| {
                    let (row, column) = at(o, i);
                    self.rendered_cell(range, row, column, options.render, zone)
                })
                .collect::<ServiceResult<Vec<_>>>()?;
            lines.push(Json::Array(cells));
        }
        while lines.last().is_some_and(|line| line.as_array().is_some_and(Vec::is_empty)) {
            lines.pop();
        }
        let mut answer = Map::new();
        answer.insert("range".into(), Json::String(self.api_range_text(range)));
        answer.insert("majorDimension".into(), json!(if options.columns_major { "COLUMNS" } else { "ROWS" }));
        if !lines.is_empty() {
            answer.insert("values".into(), Json::Array(lines));
        }
        Ok(Json::Object(answer))
    }

    /// `Values.get(spreadsheetId, range[, options])`.
    pub fn api_values_get(&self, id: &str, range: &str, options: &Json, zone: Tz) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.get";
        let options = read_options(options).map_err(|m| api_error(call, &m))?;
        let range = self.api_range(id, range).map_err(|m| api_error(call, &m))?;
        self.value_range(&range, options, zone)
    }

    /// `Values.batchGet(spreadsheetId, { ranges, ... })`.
    pub fn api_values_batch_get(&self, id: &str, options: &Json, zone: Tz) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.batchGet";
        let read = read_options(options).map_err(|m| api_error(call, &m))?;
        let ranges = string_list(options.get("ranges"));
        if ranges.len() > BATCH_RANGES_MAX {
            return Err(api_error(call, &format!("more than {BATCH_RANGES_MAX} ranges (gas-sim's limit)")));
        }
        self.get(id).ok_or_else(|| api_error(call, text::NOT_FOUND))?;
        let value_ranges = ranges
            .iter()
            .map(|text| {
                let range = self.api_range(id, text).map_err(|m| api_error(call, &m))?;
                self.value_range(&range, read, zone)
            })
            .collect::<ServiceResult<Vec<_>>>()?;
        Ok(json!({ "spreadsheetId": id, "valueRanges": value_ranges }))
    }

    /// `Values.update(resource, spreadsheetId, range, { valueInputOption })`.
    pub fn api_values_update(
        &mut self,
        resource: &Json,
        id: &str,
        range: &str,
        options: &Json,
        zone: Tz,
    ) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.update";
        let user_entered = input_is_user_entered(call, options)?;
        self.write_value_range(call, id, range, resource, user_entered, zone)
    }

    /// `Values.batchUpdate({ valueInputOption, data: [ValueRange] }, spreadsheetId)`.
    pub fn api_values_batch_update(&mut self, resource: &Json, id: &str, zone: Tz) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.batchUpdate";
        let user_entered = input_is_user_entered(call, resource)?;
        let data = resource.get("data").and_then(Json::as_array).cloned().unwrap_or_default();
        if data.len() > BATCH_RANGES_MAX {
            return Err(api_error(call, &format!("more than {BATCH_RANGES_MAX} ranges (gas-sim's limit)")));
        }
        self.get(id).ok_or_else(|| api_error(call, text::NOT_FOUND))?;
        // All or nothing, as the API applies a batch.
        let before = self.clone();
        let mut responses = Vec::new();
        for item in &data {
            let range = option(item, "range").unwrap_or_default().to_string();
            match self.write_value_range(call, id, &range, item, user_entered, zone) {
                Ok(answer) => responses.push(answer),
                Err(error) => {
                    *self = before;
                    return Err(error);
                }
            }
        }
        let total = |key: &str| responses.iter().map(|r| r.get(key).and_then(Json::as_u64).unwrap_or(0)).sum::<u64>();
        let sheets: std::collections::BTreeSet<String> = responses
            .iter()
            .filter_map(|r| r.get("updatedRange").and_then(Json::as_str))
            .filter_map(|r| r.rsplit_once('!').map(|(sheet, _)| sheet.to_string()))
            .collect();
        Ok(json!({
            "spreadsheetId": id,
            "totalUpdatedRows": total("updatedRows"),
            "totalUpdatedColumns": total("updatedColumns"),
            "totalUpdatedCells": total("updatedCells"),
            "totalUpdatedSheets": sheets.len(),
            "responses": responses,
        }))
    }

    /// `Values.append(resource, spreadsheetId, range, { valueInputOption, insertDataOption })`.
    pub fn api_values_append(
        &mut self,
        resource: &Json,
        id: &str,
        range: &str,
        options: &Json,
        zone: Tz,
    ) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.append";
        let user_entered = input_is_user_entered(call, options)?;
        let insert_rows = match option(options, "insertDataOption") {
            None | Some("OVERWRITE") => false,
            Some("INSERT_ROWS") => true,
            Some(other) => return Err(api_error(call, &text::invalid_option("insertDataOption", other))),
        };
        let target = self.api_range(id, range).map_err(|m| api_error(call, &m))?;
        let rows = value_rows(resource, call)?;
        let sheet = self.sheet(&target.sheet)?;
        // The table: the rows with content in the range's columns, from its first row.
        let last_content = (target.row..=sheet.max_rows())
            .rev()
            .find(|&row| (target.column..=target.last_column()).any(|column| !sheet.cell(row, column).is_empty()));
        // Its columns: those with content in its rows; new rows start at its first.
        let table_range = last_content.and_then(|last| {
            let filled = |column: u32| (target.row..=last).any(|row| !sheet.cell(row, column).is_empty());
            let first_column = (target.column..=target.last_column()).find(|&c| filled(c))?;
            let last_column = (target.column..=target.last_column()).rev().find(|&c| filled(c))?;
            Some(RangeRef {
                sheet: target.sheet.clone(),
                row: target.row,
                column: first_column,
                num_rows: last - target.row + 1,
                num_columns: last_column - first_column + 1,
                bounds: crate::sheets::Bounds::ALL,
            })
        });
        let start_row = last_content.map_or(target.row, |last| last + 1);
        let height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        if height > 0 {
            let max_rows = sheet.max_rows();
            if insert_rows && start_row <= max_rows {
                self.insert_rows_before(&target.sheet, i64::from(start_row), i64::from(height))?;
            } else if start_row.saturating_add(height - 1) > max_rows {
                let missing = start_row.saturating_add(height - 1) - max_rows;
                self.insert_rows_after(&target.sheet, i64::from(max_rows), i64::from(missing))?;
            }
        }
        let column = table_range.as_ref().map_or(target.column, |table| table.column);
        let at = RangeRef {
            sheet: target.sheet.clone(),
            row: start_row,
            column,
            num_rows: 1,
            num_columns: 1,
            bounds: crate::sheets::Bounds::ALL,
        };
        let updates = self.write_rows(call, &at, false, &rows, user_entered, zone)?;
        let mut answer = Map::new();
        answer.insert("spreadsheetId".into(), json!(id));
        if let Some(table) = table_range {
            answer.insert("tableRange".into(), json!(self.api_range_text(&table)));
        }
        answer.insert("updates".into(), updates);
        Ok(Json::Object(answer))
    }

    /// `Values.clear(resource, spreadsheetId, range)`: values and formulas go, formats stay.
    pub fn api_values_clear(&mut self, id: &str, range: &str) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.clear";
        let range = self.api_range(id, range).map_err(|m| api_error(call, &m))?;
        self.clear_content(&range)?;
        Ok(json!({ "spreadsheetId": id, "clearedRange": self.api_range_text(&range) }))
    }

    /// `Values.batchClear({ ranges }, spreadsheetId)`.
    pub fn api_values_batch_clear(&mut self, resource: &Json, id: &str) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.values.batchClear";
        let texts = string_list(resource.get("ranges"));
        let ranges = texts
            .iter()
            .map(|text| self.api_range(id, text).map_err(|m| api_error(call, &m)))
            .collect::<ServiceResult<Vec<_>>>()?;
        let mut cleared = Vec::new();
        for range in &ranges {
            self.clear_content(range)?;
            cleared.push(self.api_range_text(range));
        }
        Ok(json!({ "spreadsheetId": id, "clearedRanges": cleared }))
    }

    /// One ValueRange written at `range`: its rows from the top-left cell.
    fn write_value_range(
        &mut self,
        call: &str,
        id: &str,
        range: &str,
        resource: &Json,
        user_entered: bool,
        zone: Tz,
    ) -> ServiceResult<Json> {
        let target = self.api_range(id, range).map_err(|m| api_error(call, &m))?;
        let mut rows = value_rows(resource, call)?;
        if major_is_columns(resource).map_err(|m| api_error(call, &m))? {
            rows = transpose(rows);
        }
        let bounded = target.num_rows > 1 || target.num_columns > 1;
        self.write_rows(call, &target, bounded, &rows, user_entered, zone)
    }

    /// `rows` written from `target`'s top-left cell: within `target` when `bounded`,
    /// within the grid always. The `UpdateValuesResponse`.
    fn write_rows(
        &mut self,
        call: &str,
        target: &RangeRef,
        bounded: bool,
        rows: &[Vec<Json>],
        user_entered: bool,
        zone: Tz,
    ) -> ServiceResult<Json> {
        let height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let width = u32::try_from(rows.iter().map(Vec::len).max().unwrap_or(0)).unwrap_or(u32::MAX);
        check_cells(u64::from(height) * u64::from(width))?;
        let id = target.sheet.spreadsheet_id.clone();
        if height == 0 || width == 0 {
            return Ok(json!({ "spreadsheetId": id, "updatedRange": self.api_range_text(target) }));
        }
        if bounded && height > target.num_rows {
            let message = text::writing_outside(&self.api_range_text(target), "row", target.row + target.num_rows);
            return Err(api_error(call, &message));
        }
        if bounded && width > target.num_columns {
            let column = target.column + target.num_columns;
            let message = text::writing_outside(&self.api_range_text(target), "column", column);
            return Err(api_error(call, &message));
        }
        let written =
            RangeRef { num_rows: height, num_columns: width, bounds: crate::sheets::Bounds::ALL, ..target.clone() };
        let sheet = self.sheet(&target.sheet)?;
        if written.last_row() > sheet.max_rows() || written.last_column() > sheet.max_columns() {
            let name = quoted_sheet_name(&self.sheet_name(&target.sheet)?);
            let shown = format!("{name}!{}", a1_notation(&written));
            let message = text::exceeds_grid(&shown, sheet.max_rows(), sheet.max_columns());
            return Err(api_error(call, &message));
        }
        let book_zone = self.zone_of(&id, zone)?;
        let mut cells = 0u64;
        for (row, line) in (written.row..).zip(rows) {
            for (column, value) in (written.column..).zip(line) {
                let Some(cell) = cell_of(value) else { continue };
                crate::sheets::values::check_cell_chars(&cell)?;
                cells += 1;
                if user_entered {
                    let entered = values::user_entered(cell, book_zone);
                    self.put_entered(&written, row, column, entered)?;
                } else {
                    self.sheet_mut(&written.sheet)?.set_cell(row, column, cell);
                }
            }
        }
        self.sheet_mut(&written.sheet)?.trim_rows(written.row, written.last_row());
        Ok(json!({
            "spreadsheetId": id,
            "updatedRange": self.api_range_text(&written),
            "updatedRows": rows.iter().filter(|line| line.iter().any(|v| !v.is_null())).count(),
            "updatedColumns": width,
            "updatedCells": cells,
        }))
    }
}

/// A JSON value of a write as a cell: `None` for `null` (the cell is left as it is).
fn cell_of(value: &Json) -> Option<CellValue> {
    Some(match value {
        Json::Null => return None,
        Json::Bool(b) => CellValue::Bool(*b),
        Json::Number(n) => CellValue::Number(n.as_f64().unwrap_or(0.0)),
        Json::String(s) if s.is_empty() => CellValue::Empty,
        Json::String(s) => CellValue::String(s.clone()),
        // The API refuses these; the advanced service sends their JSON text (assumed).
        other => CellValue::String(other.to_string()),
    })
}

/// The `values` of a ValueRange as rows; a row that is not a list is refused.
fn value_rows(resource: &Json, call: &str) -> ServiceResult<Vec<Vec<Json>>> {
    match resource.get("values") {
        None | Some(Json::Null) => Ok(Vec::new()),
        Some(Json::Array(rows)) => rows
            .iter()
            .map(|row| match row {
                Json::Array(cells) => Ok(cells.clone()),
                _ => Err(api_error(call, "Invalid values[0]: a row must be a list of values")),
            })
            .collect(),
        Some(_) => Err(api_error(call, "Invalid value at 'data.values'")),
    }
}

fn transpose(rows: Vec<Vec<Json>>) -> Vec<Vec<Json>> {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    (0..width).map(|i| rows.iter().map(|row| row.get(i).cloned().unwrap_or(Json::Null)).collect()).collect()
}

/// A list of strings, or one string, as the optional arguments give ranges.
fn string_list(value: Option<&Json>) -> Vec<String> {
    match value {
        Some(Json::String(s)) => vec![s.clone()],
        Some(Json::Array(items)) => {
            items.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), String::from)).collect()
        }
        _ => Vec::new(),
    }
}

fn check_cells(cells: u64) -> ServiceResult<()> {
    if cells > API_CELLS_MAX {
        return fail(&format!("a request of more than {API_CELLS_MAX} cells (gas-sim's limit)"));
    }
    Ok(())
}

#[cfg(test)]
#[path = "api_v4_tests.rs"]
mod tests;
