//! The advanced Sheets service's `Spreadsheets.get`, `create` and `batchUpdate` (Sheets
//! API v4, documented: developers.google.com/sheets/api/reference/rest/v4/spreadsheets).
//! `batchUpdate` applies its requests in order, all or nothing (documented: "if any
//! request is not valid, then the entire request will fail and nothing will be
//! applied"). The requests gas-sim models: addSheet, deleteSheet, updateSheetProperties
//! (title, index), insertDimension, deleteDimension, appendDimension, repeatCell and
//! updateCells with `userEnteredValue`. Any other request, and any format a request
//! asks for, is a gap naming itself.

use chrono_tz::Tz;
use serde_json::{json, Value as Json};

use super::super::model::{Sheet, Spreadsheets};
use super::super::shift::Dim;
use super::super::{RangeRef, SheetRef};
use super::api_v4::{api_error, text};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// Requests in one batchUpdate (gas-sim's guard).
pub const BATCH_REQUESTS_MAX: usize = 1_000;

/// The gap of a request kind, or of a part of one, gas-sim does not model.
fn request_gap(what: &str) -> ServiceError {
    ServiceError::new(format!("{}Spreadsheets.batchUpdate() with {what}", crate::gaps::UNIMPLEMENTED_PREFIX))
}

impl Spreadsheets {
    /// `Spreadsheets.get(spreadsheetId[, options])`: the properties and sheets; grid data
    /// (`includeGridData`, `ranges`) is a gap.
    pub fn api_spreadsheets_get(&self, id: &str, options: &Json, zone: Tz) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.get";
        if options.get("includeGridData").and_then(Json::as_bool) == Some(true) || options.get("ranges").is_some() {
            return Err(ServiceError::unimplemented("Spreadsheets.get with includeGridData or ranges"));
        }
        let book = self.get(id).ok_or_else(|| api_error(call, text::NOT_FOUND))?;
        let sheets: Vec<Json> = book
            .sheets()
            .iter()
            .enumerate()
            .map(|(index, sheet)| {
                let mut resource = json!({ "properties": {
                    "sheetId": sheet.sheet_id(),
                    "title": sheet.name(),
                    "index": index,
                    "sheetType": "GRID",
                    "gridProperties": { "rowCount": sheet.max_rows(), "columnCount": sheet.max_columns() },
                } });
                for (key, dim) in [("rowGroups", Dim::Rows), ("columnGroups", Dim::Columns)] {
                    let groups = dimension_groups(sheet, dim);
                    if !groups.is_empty() {
                        resource[key] = Json::Array(groups);
                    }
                }
                resource
            })
            .collect();
        Ok(json!({
            "spreadsheetId": id,
            "properties": {
                "title": book.name(),
                "locale": book.locale().code,
                "autoRecalc": "ON_CHANGE",
                "timeZone": self.zone_of(id, zone)?.name(),
            },
            "sheets": sheets,
            "spreadsheetUrl": super::super::surface::spreadsheet_url(id),
        }))
    }

    /// `Spreadsheets.create(resource)`: a new spreadsheet titled `properties.title`
    /// ("Untitled spreadsheet" without one, as the API names it), with the sheets the
    /// resource names (else one `Sheet1`); its `Spreadsheet` resource.
    pub fn api_spreadsheets_create(&mut self, resource: &Json, zone: Tz) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.create";
        let title = resource.pointer("/properties/title").and_then(Json::as_str).unwrap_or("Untitled spreadsheet");
        let id = self.create(title)?;
        let titles: Vec<&str> = resource
            .get("sheets")
            .and_then(Json::as_array)
            .map(|sheets| sheets.iter().filter_map(|s| s.pointer("/properties/title").and_then(Json::as_str)).collect())
            .unwrap_or_default();
        for (i, name) in titles.iter().enumerate() {
            let made = if i == 0 {
                let first = self.get_sheets(&id)?.remove(0);
                self.rename_sheet(&first, name)
            } else {
                self.insert_sheet(&id, Some(name)).map(|_| ())
            };
            made.map_err(|e| api_error(call, &e.message))?;
        }
        self.api_spreadsheets_get(&id, &Json::Null, zone)
    }

    /// `Spreadsheets.batchUpdate({ requests }, spreadsheetId)`: every request applied in
    /// order, or none; the `replies` (an empty object for a request without one).
    pub fn api_spreadsheets_batch_update(&mut self, resource: &Json, id: &str, zone: Tz) -> ServiceResult<Json> {
        let call = "sheets.spreadsheets.batchUpdate";
        self.get(id).ok_or_else(|| api_error(call, text::NOT_FOUND))?;
        let requests = resource.get("requests").and_then(Json::as_array).cloned().unwrap_or_default();
        if requests.len() > BATCH_REQUESTS_MAX {
            return Err(api_error(call, &format!("more than {BATCH_REQUESTS_MAX} requests (gas-sim's limit)")));
        }
        let before = self.clone();
        let mut replies = Vec::with_capacity(requests.len());
        for request in &requests {
            match self.apply_request(call, id, request, zone) {
                Ok(reply) => replies.push(reply),
                Err(error) => {
                    *self = before;
                    return Err(error);
                }
            }
        }
        Ok(json!({ "spreadsheetId": id, "replies": replies }))
    }

    fn apply_request(&mut self, call: &str, id: &str, request: &Json, zone: Tz) -> ServiceResult<Json> {
        let Some((kind, body)) = request.as_object().and_then(|o| o.iter().next()) else {
            return Err(api_error(call, "Invalid requests[0]: No request set."));
        };
        match kind.as_str() {
            "addSheet" => self.request_add_sheet(call, id, body, zone),
            "deleteSheet" => {
                let sheet = self.api_sheet(call, id, body.get("sheetId"))?;
                self.delete_sheet(&sheet).map_err(|e| api_error(call, &e.message))?;
                Ok(json!({}))
            }
            "updateSheetProperties" => self.request_update_sheet(call, id, body),
            "insertDimension" | "deleteDimension" => self.request_dimension(call, id, kind, body),
            "updateDimensionProperties" => self.request_dimension_properties(call, id, body),
            "appendDimension" => {
                let sheet = self.api_sheet(call, id, body.get("sheetId"))?;
                let length = body.get("length").and_then(Json::as_i64).unwrap_or(0);
                if body.get("dimension").and_then(Json::as_str) == Some("COLUMNS") {
                    let last = i64::from(self.max_columns(&sheet)?);
                    self.insert_columns(&sheet, last, length, true)?;
                } else {
                    let last = i64::from(self.max_rows(&sheet)?);
                    self.insert_rows_after(&sheet, last, length)?;
                }
                Ok(json!({}))
            }
            "repeatCell" => self.request_repeat_cell(call, id, body, zone),
            "updateCells" => self.request_update_cells(call, id, body, zone),
            other => Err(request_gap(&format!("the {other} request"))),
        }
    }

    /// The sheet a request names by `sheetId` (absent: 0, the API's default).
    fn api_sheet(&self, call: &str, id: &str, sheet_id: Option<&Json>) -> ServiceResult<SheetRef> {
        let sheet_id = sheet_id.and_then(Json::as_i64).unwrap_or(0);
        let found = u32::try_from(sheet_id).ok().and_then(|gid| self.get_sheet_by_id(id, gid).ok().flatten());
        found.ok_or_else(|| api_error(call, &text::no_grid(sheet_id)))
    }

    fn request_add_sheet(&mut self, call: &str, id: &str, body: &Json, zone: Tz) -> ServiceResult<Json> {
        let properties = body.get("properties").cloned().unwrap_or(Json::Null);
        let title = properties.get("title").and_then(Json::as_str);
        let sheet = self.insert_sheet(id, title).map_err(|e| api_error(call, &e.message))?;
        if let Some(index) = properties.get("index").and_then(Json::as_i64) {
            self.move_sheet(&sheet, index + 1).map_err(|e| api_error(call, &e.message))?;
        }
        let grid = properties.get("gridProperties");
        let rows = grid.and_then(|g| g.get("rowCount")).and_then(Json::as_i64);
        let columns = grid.and_then(|g| g.get("columnCount")).and_then(Json::as_i64);
        self.resize_sheet(&sheet, rows, columns).map_err(|e| api_error(call, &e.message))?;
        let answer = self.api_spreadsheets_get(id, &Json::Null, zone)?;
        let added = answer["sheets"]
            .as_array()
            .and_then(|sheets| sheets.iter().find(|s| s["properties"]["sheetId"] == json!(sheet.sheet_id)))
            .map(|s| s["properties"].clone())
            .unwrap_or(Json::Null);
        Ok(json!({ "addSheet": { "properties": added } }))
    }

    /// A sheet grown or shrunk to `rows` x `columns` (each when given).
    fn resize_sheet(&mut self, sheet: &SheetRef, rows: Option<i64>, columns: Option<i64>) -> ServiceResult<()> {
        if let Some(rows) = rows {
            let now = i64::from(self.max_rows(sheet)?);
            if rows > now {
                self.insert_rows_after(sheet, now, rows - now)?;
            } else if rows < now && rows >= 1 {
                self.delete_rows(sheet, rows + 1, now - rows)?;
            }
        }
        if let Some(columns) = columns {
            let now = i64::from(self.max_columns(sheet)?);
            if columns > now {
                self.insert_columns(sheet, now, columns - now, true)?;
            } else if columns < now && columns >= 1 {
                self.delete_columns(sheet, columns + 1, now - columns)?;
            }
        }
        Ok(())
    }

    fn request_update_sheet(&mut self, call: &str, id: &str, body: &Json) -> ServiceResult<Json> {
        let properties = body.get("properties").cloned().unwrap_or(Json::Null);
        let sheet = self.api_sheet(call, id, properties.get("sheetId"))?;
        let fields = body.get("fields").and_then(Json::as_str).unwrap_or("");
        for field in fields.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            match field {
                "title" => {
                    let title = properties.get("title").and_then(Json::as_str).unwrap_or("");
                    self.rename_sheet(&sheet, title).map_err(|e| api_error(call, &e.message))?;
                }
                "index" => {
                    let index = properties.get("index").and_then(Json::as_i64).unwrap_or(0);
                    self.move_sheet(&sheet, index + 1).map_err(|e| api_error(call, &e.message))?;
                }
                "gridProperties.rowCount" | "gridProperties.columnCount" => {
                    let grid = properties.get("gridProperties");
                    let rows = grid.and_then(|g| g.get("rowCount")).and_then(Json::as_i64);
                    let columns = grid.and_then(|g| g.get("columnCount")).and_then(Json::as_i64);
                    let (rows, columns) = if field.ends_with("rowCount") { (rows, None) } else { (None, columns) };
                    self.resize_sheet(&sheet, rows, columns).map_err(|e| api_error(call, &e.message))?;
                }
                other => return Err(request_gap(&format!("updateSheetProperties of {other}"))),
            }
        }
        Ok(json!({}))
    }

    fn request_dimension(&mut self, call: &str, id: &str, kind: &str, body: &Json) -> ServiceResult<Json> {
        let range = body.get("range").cloned().unwrap_or(Json::Null);
        let sheet = self.api_sheet(call, id, range.get("sheetId"))?;
        let start = range.get("startIndex").and_then(Json::as_i64).unwrap_or(0);
        let end = range.get("endIndex").and_then(Json::as_i64).unwrap_or(start);
        let count = end - start;
        if count < 1 {
            return Err(api_error(call, &format!("Invalid {kind}: the range must have a positive length")));
        }
        let columns = range.get("dimension").and_then(Json::as_str) == Some("COLUMNS");
        // The API's indexes are 0-based and half open; SpreadsheetApp's are 1-based.
        let done = match (kind, columns) {
            ("insertDimension", false) => self.insert_rows_before(&sheet, start + 1, count),
            ("insertDimension", true) => self.insert_columns(&sheet, start + 1, count, false),
            (_, false) => self.delete_rows(&sheet, start + 1, count),
            (_, true) => self.delete_columns(&sheet, start + 1, count),
        };
        done.map_err(|e| api_error(call, &e.message))?;
        Ok(json!({}))
    }

    /// `updateDimensionProperties`: the rows' (columns') `pixelSize` and `hiddenByUser`,
    /// as `setRowHeights`/`setColumnWidths` and `hideRows`/`showRows` set them; any
    /// other field (`developerMetadata`, ...) is a gap.
    fn request_dimension_properties(&mut self, call: &str, id: &str, body: &Json) -> ServiceResult<Json> {
        let range = body.get("range").cloned().unwrap_or(Json::Null);
        let sheet = self.api_sheet(call, id, range.get("sheetId"))?;
        let dim =
            if range.get("dimension").and_then(Json::as_str) == Some("COLUMNS") { Dim::Columns } else { Dim::Rows };
        let start = range.get("startIndex").and_then(Json::as_i64).unwrap_or(0);
        let size = match dim {
            Dim::Rows => self.max_rows(&sheet)?,
            Dim::Columns => self.max_columns(&sheet)?,
        };
        let end = range.get("endIndex").and_then(Json::as_i64).unwrap_or(i64::from(size));
        let properties = body.get("properties").cloned().unwrap_or(Json::Null);
        let fields = body.get("fields").and_then(Json::as_str).unwrap_or("");
        let failed = |e: ServiceError| api_error(call, &e.message);
        for field in fields.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            match field {
                "pixelSize" => {
                    let pixels = properties.get("pixelSize").and_then(Json::as_i64).unwrap_or(0);
                    match dim {
                        Dim::Rows => self.set_row_heights(&sheet, start + 1, end - start, pixels),
                        Dim::Columns => self.set_column_widths(&sheet, start + 1, end - start, pixels),
                    }
                    .map_err(failed)?;
                }
                "hiddenByUser" => {
                    let hidden = properties.get("hiddenByUser").and_then(Json::as_bool).unwrap_or(false);
                    self.set_hidden(&sheet, dim, start + 1, end - start, hidden).map_err(failed)?;
                }
                other => return Err(request_gap(&format!("updateDimensionProperties of {other}"))),
            }
        }
        Ok(json!({}))
    }

    /// A `GridRange` (0-based, half open; absent bounds: the sheet's) as a range.
    fn grid_range(&self, call: &str, id: &str, grid: &Json) -> ServiceResult<RangeRef> {
        let sheet = self.api_sheet(call, id, grid.get("sheetId"))?;
        let (max_rows, max_columns) = (i64::from(self.max_rows(&sheet)?), i64::from(self.max_columns(&sheet)?));
        let index = |key: &str, default: i64| grid.get(key).and_then(Json::as_i64).unwrap_or(default);
        let (row, end_row) = (index("startRowIndex", 0), index("endRowIndex", max_rows));
        let (column, end_column) = (index("startColumnIndex", 0), index("endColumnIndex", max_columns));
        let fits = |start: i64, end: i64, max: i64| start >= 0 && end > start && end <= max;
        if !fits(row, end_row, max_rows) || !fits(column, end_column, max_columns) {
            return Err(api_error(call, "Invalid GridRange: outside the sheet or empty"));
        }
        let to_u32 = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(RangeRef {
            sheet,
            row: to_u32(row + 1),
            column: to_u32(column + 1),
            num_rows: to_u32(end_row - row),
            num_columns: to_u32(end_column - column),
            bounds: crate::sheets::Bounds::ALL,
        })
    }

    fn request_repeat_cell(&mut self, call: &str, id: &str, body: &Json, zone: Tz) -> ServiceResult<Json> {
        let fields = body.get("fields").and_then(Json::as_str).unwrap_or("");
        check_value_fields(fields, "repeatCell")?;
        let range = self.grid_range(call, id, body.get("range").unwrap_or(&Json::Null))?;
        let value = entered_value(call, body.pointer("/cell/userEnteredValue"))?;
        let row = vec![value; range.num_columns as usize];
        self.set_values(&range, vec![row; range.num_rows as usize], zone)?;
        Ok(json!({}))
    }

    fn request_update_cells(&mut self, call: &str, id: &str, body: &Json, zone: Tz) -> ServiceResult<Json> {
        let fields = body.get("fields").and_then(Json::as_str).unwrap_or("");
        check_value_fields(fields, "updateCells")?;
        let (sheet_id, row, column) = match (body.get("start"), body.get("range")) {
            (Some(start), _) => (
                start.get("sheetId"),
                start.get("rowIndex").and_then(Json::as_i64).unwrap_or(0),
                start.get("columnIndex").and_then(Json::as_i64).unwrap_or(0),
            ),
            (None, Some(range)) => (
                range.get("sheetId"),
                range.get("startRowIndex").and_then(Json::as_i64).unwrap_or(0),
                range.get("startColumnIndex").and_then(Json::as_i64).unwrap_or(0),
            ),
            (None, None) => return Err(api_error(call, "Invalid updateCells: no start or range")),
        };
        let sheet = self.api_sheet(call, id, sheet_id)?;
        let rows = body.get("rows").and_then(Json::as_array).cloned().unwrap_or_default();
        for (r, data) in rows.iter().enumerate() {
            let cells = data.get("values").and_then(Json::as_array).cloned().unwrap_or_default();
            for (c, cell) in cells.iter().enumerate() {
                let value = entered_value(call, cell.get("userEnteredValue"))?;
                let to_u32 = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
                let at = RangeRef {
                    sheet: sheet.clone(),
                    row: to_u32(row + 1 + r as i64),
                    column: to_u32(column + 1 + c as i64),
                    num_rows: 1,
                    num_columns: 1,
                    bounds: crate::sheets::Bounds::ALL,
                };
                self.set_values(&at, vec![vec![value]], zone).map_err(|e| api_error(call, &e.message))?;
            }
        }
        Ok(json!({}))
    }
}

/// The `fields` mask of a cell request: values only; a format asked for is a gap.
fn check_value_fields(fields: &str, kind: &str) -> ServiceResult<()> {
    for field in fields.split(',').map(str::trim).filter(|f| !f.is_empty()) {
        if field != "userEnteredValue" && !field.starts_with("userEnteredValue.") {
            return Err(request_gap(&format!("{kind} of {field}")));
        }
    }
    Ok(())
}

/// An `ExtendedValue` as the value a script would write (`=...` a formula).
fn entered_value(call: &str, value: Option<&Json>) -> ServiceResult<CellValue> {
    let Some(value) = value.and_then(Json::as_object) else { return Ok(CellValue::Empty) };
    let Some((kind, inner)) = value.iter().next() else { return Ok(CellValue::Empty) };
    Ok(match (kind.as_str(), inner) {
        ("numberValue", Json::Number(n)) => CellValue::Number(n.as_f64().unwrap_or(0.0)),
        ("boolValue", Json::Bool(b)) => CellValue::Bool(*b),
        // Text as it is: the apostrophe keeps `=1` or `12` from being read as typed.
        ("stringValue", Json::String(s)) => CellValue::String(format!("'{s}")),
        ("formulaValue", Json::String(s)) => CellValue::String(s.clone()),
        (other, _) => return Err(api_error(call, &format!("Invalid value at 'userEnteredValue.{other}'"))),
    })
}

/// A sheet's `rowGroups` (`columnGroups`) as the API gives them: each group's range as a
/// `DimensionRange` (0-based, end exclusive), its depth, `collapsed` only when true
/// (documented: `DimensionGroup`; the API leaves out false booleans).
fn dimension_groups(sheet: &Sheet, dim: Dim) -> Vec<Json> {
    let dimension = match dim {
        Dim::Rows => "ROWS",
        Dim::Columns => "COLUMNS",
    };
    sheet
        .groups()
        .dim(dim)
        .groups()
        .iter()
        .map(|group| {
            let mut json = json!({
                "range": { "sheetId": sheet.sheet_id(), "dimension": dimension,
                           "startIndex": group.start - 1, "endIndex": group.end },
                "depth": group.depth,
            });
            if group.collapsed {
                json["collapsed"] = json!(true);
            }
            json
        })
        .collect()
}
