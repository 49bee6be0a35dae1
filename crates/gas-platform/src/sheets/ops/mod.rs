//! The operations of `SpreadsheetApp`, `Spreadsheet`, `Sheet` and `Range`, as methods on
//! the store. Each validates its arguments with the platform's texts first, then changes
//! the model; a call that fails changes nothing.

pub mod api_v4;
mod api_v4_spreadsheets;
mod arrange;
mod formats;
mod formulas;
mod groups;
pub(super) mod objects;
pub mod people;
mod structure;
mod surface;

pub use arrange::{CopyMode, Direction};
pub use formats::{format_text, BorderEdit, ClearOptions, DEFAULT_COLUMN_WIDTH_PX, DEFAULT_ROW_HEIGHT_PX};
pub use formulas::RecalculationSize;
pub use groups::{GroupRef, GROUP_GONE};
pub use structure::COLUMNS_PER_SHEET_MAX;

use chrono_tz::Tz;

use super::formula::shift_references;
use super::model::{same_sheet_name, Sheet, Spreadsheet, Spreadsheets};
use super::shift::Shift;
use super::values::user_entered;
use super::{a1, text, RangeRef, SheetRef};
use super::{CELLS_PER_SPREADSHEET_MAX, DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS, SHEET_NAME_CHARS_MAX};
use crate::error::{ServiceError, ServiceResult};
use crate::time::parse_zone;
use crate::CellValue;

fn fail<T>(message: &str) -> ServiceResult<T> {
    Err(ServiceError::new(message))
}

/// `getRange(row, column, numRows, numColumns)`'s checks, in the platform's order.
fn check_range(sheet: &Sheet, row: i64, column: i64, num_rows: i64, num_columns: i64) -> ServiceResult<()> {
    if row < 1 {
        return fail(text::RANGE_START_ROW_TOO_SMALL);
    }
    if column < 1 {
        return fail(text::RANGE_START_COLUMN_TOO_SMALL);
    }
    if num_rows < 1 {
        return fail(text::RANGE_ROWS_AT_LEAST_1);
    }
    if num_columns < 1 {
        return fail(text::RANGE_COLUMNS_AT_LEAST_1);
    }
    let last_row = row.saturating_add(num_rows - 1);
    let last_column = column.saturating_add(num_columns - 1);
    if last_row > i64::from(sheet.max_rows()) || last_column > i64::from(sheet.max_columns()) {
        return fail(text::RANGE_OUTSIDE_SHEET);
    }
    Ok(())
}

/// Rows `start..start + count` must lie in the sheet (`deleteRows`, `insertRows*`).
fn check_rows(sheet: &Sheet, start: i64, count: i64) -> ServiceResult<(u32, u32)> {
    if start < 1 || count < 1 || start.saturating_add(count - 1) > i64::from(sheet.max_rows()) {
        return fail(text::ROWS_OUT_OF_BOUNDS);
    }
    Ok((start as u32, count as u32))
}

/// Growing a spreadsheet by `added_cells` must keep it within the 10-million-cell limit.
fn check_growth(book: &Spreadsheet, added_cells: u64) -> ServiceResult<()> {
    if book.cell_count() + added_cells > CELLS_PER_SPREADSHEET_MAX {
        return fail(text::CELL_LIMIT);
    }
    Ok(())
}

fn check_sheet_name(book: &Spreadsheet, name: &str, except_sheet_id: Option<u32>) -> ServiceResult<()> {
    if name.chars().count() > SHEET_NAME_CHARS_MAX {
        return fail(text::SHEET_NAME_TOO_LONG);
    }
    let taken = book
        .sheets()
        .iter()
        .any(|sheet| Some(sheet.sheet_id()) != except_sheet_id && same_sheet_name(sheet.name(), name));
    if taken {
        return Err(ServiceError::new(text::sheet_name_taken(name)));
    }
    Ok(())
}

fn sheet_ref(book: &Spreadsheet, sheet: &Sheet) -> SheetRef {
    SheetRef { spreadsheet_id: book.id().to_string(), sheet_id: sheet.sheet_id() }
}

fn whole_range(sheet: SheetRef, num_rows: u32, num_columns: u32) -> RangeRef {
    RangeRef { sheet, row: 1, column: 1, num_rows, num_columns, bounds: crate::sheets::Bounds::ALL }
}

/// SpreadsheetApp and Spreadsheet.
impl Spreadsheets {
    /// `SpreadsheetApp.create(name)`: a new spreadsheet with one empty `Sheet1`; its id.
    pub fn create(&mut self, name: &str) -> ServiceResult<String> {
        let id = self.next_created_id();
        self.push(Spreadsheet::new(&id, name));
        Ok(id)
    }

    /// `SpreadsheetApp.create(name, rows, columns)`: its one sheet has that many rows and
    /// columns (documented). Fewer than one of either is `Invalid argument: rows` (or
    /// `columns`: assumed, the platform's pattern), more cells than a spreadsheet holds
    /// `text::CELL_LIMIT`.
    pub fn create_sized(&mut self, name: &str, rows: i64, columns: i64) -> ServiceResult<String> {
        for (count, argument) in [(rows, "rows"), (columns, "columns")] {
            if count < 1 {
                return fail(&super::structure_text::invalid_argument(argument));
            }
        }
        if (rows as u64).saturating_mul(columns as u64) > CELLS_PER_SPREADSHEET_MAX {
            return fail(text::CELL_LIMIT);
        }
        if columns > i64::from(structure::COLUMNS_PER_SHEET_MAX) {
            return fail(&super::structure_text::invalid_argument("columns"));
        }
        let id = self.create(name)?;
        let sheet = Sheet::with_size(0, "Sheet1", Vec::new(), Some(rows as u32), Some(columns as u32))
            .map_err(|message| ServiceError::new(&message))?;
        self.book_mut(&id)?.sheets_mut()[0] = sheet;
        Ok(id)
    }

    /// `SpreadsheetApp.openById(id)`.
    pub fn open_by_id(&self, id: &str) -> ServiceResult<&Spreadsheet> {
        self.get(id).ok_or_else(|| ServiceError::new(text::OPEN_BY_ID_FAILED))
    }

    fn open_by_id_mut(&mut self, id: &str) -> ServiceResult<&mut Spreadsheet> {
        self.get_mut(id).ok_or_else(|| ServiceError::new(text::OPEN_BY_ID_FAILED))
    }

    /// `Spreadsheet.getName()`.
    pub fn spreadsheet_name(&self, id: &str) -> ServiceResult<String> {
        Ok(self.open_by_id(id)?.name().to_string())
    }

    /// `Spreadsheet.rename(name)`.
    pub fn rename_spreadsheet(&mut self, id: &str, name: &str) -> ServiceResult<()> {
        self.open_by_id_mut(id)?.set_name(name);
        Ok(())
    }

    /// `Spreadsheet.getSpreadsheetTimeZone()`: its own zone, or the script's.
    pub fn spreadsheet_time_zone(&self, id: &str, script_zone: Tz) -> ServiceResult<String> {
        Ok(self.zone_of(id, script_zone)?.name().to_string())
    }

    /// `Spreadsheet.setSpreadsheetTimeZone(zone)`.
    pub fn set_spreadsheet_time_zone(&mut self, id: &str, zone: &str) -> ServiceResult<()> {
        let book = self.open_by_id_mut(id)?;
        parse_zone(zone).map_err(|_| ServiceError::new(text::INVALID_TIME_ZONE))?;
        book.set_time_zone(zone);
        Ok(())
    }

    /// The zone a spreadsheet reads typed dates in and displays dates in.
    pub fn zone_of(&self, id: &str, script_zone: Tz) -> ServiceResult<Tz> {
        let book = self.open_by_id(id)?;
        // A stored zone was checked when it was set or loaded.
        Ok(book.time_zone().and_then(|zone| parse_zone(zone).ok()).unwrap_or(script_zone))
    }

    /// `Spreadsheet.getSheets()`, in tab order.
    pub fn get_sheets(&self, id: &str) -> ServiceResult<Vec<SheetRef>> {
        let book = self.open_by_id(id)?;
        Ok(book.sheets().iter().map(|sheet| sheet_ref(book, sheet)).collect())
    }

    /// `Spreadsheet.getSheetByName(name)`: `None` (JS `null`) when no sheet has that exact name.
    pub fn get_sheet_by_name(&self, id: &str, name: &str) -> ServiceResult<Option<SheetRef>> {
        let book = self.open_by_id(id)?;
        Ok(book.sheet_by_name(name).map(|sheet| sheet_ref(book, sheet)))
    }

    /// `Spreadsheet.getSheetById(gid)`: `None` when absent.
    pub fn get_sheet_by_id(&self, id: &str, sheet_id: u32) -> ServiceResult<Option<SheetRef>> {
        let book = self.open_by_id(id)?;
        Ok(book.sheets().iter().find(|sheet| sheet.sheet_id() == sheet_id).map(|sheet| sheet_ref(book, sheet)))
    }

    /// `Spreadsheet.getActiveSheet()` for a script without a UI: the first sheet (assumed).
    pub fn active_sheet(&self, id: &str) -> ServiceResult<SheetRef> {
        let book = self.open_by_id(id)?;
        Ok(sheet_ref(book, &book.sheets()[0]))
    }

    /// `Spreadsheet.insertSheet()` / `insertSheet(name)`: a 1000 x 26 sheet added last.
    pub fn insert_sheet(&mut self, id: &str, name: Option<&str>) -> ServiceResult<SheetRef> {
        self.insert_sheet_at(id, name, None, None)
    }

    /// `Spreadsheet.insertSheet([name][, index][, {template}])`: a new sheet at 0-based tab
    /// position `index` (documented: 0 inserts it first; last when not given), empty or a
    /// copy of `template`'s sheet (documented: "the template sheet's content"). An index
    /// outside `0..=sheet count` is refused with `texts::SHEET_POSITION` (assumed).
    pub fn insert_sheet_at(
        &mut self,
        id: &str,
        name: Option<&str>,
        index: Option<i64>,
        template: Option<&SheetRef>,
    ) -> ServiceResult<SheetRef> {
        let count = self.open_by_id(id)?.sheets().len() as i64;
        if index.is_some_and(|index| !(0..=count).contains(&index)) {
            return fail(objects::texts::SHEET_POSITION);
        }
        let made = match template {
            Some(template) => {
                // The template is a sheet of this spreadsheet (documented); another's is
                // `Invalid argument: template` (assumed, the platform's pattern).
                if template.spreadsheet_id != id {
                    return fail(&super::structure_text::invalid_argument("template"));
                }
                let book = self.open_by_id(id)?;
                let name = match name {
                    Some(name) => {
                        check_sheet_name(book, name, None)?;
                        name.to_string()
                    }
                    None => default_sheet_name(book),
                };
                let copy = self.copy_sheet(template, id, false)?;
                self.rename_sheet(&copy, &name)?;
                copy
            }
            None => self.insert_empty_sheet(id, name)?,
        };
        if let Some(index) = index {
            self.move_sheet(&made, index + 1)?;
        }
        Ok(made)
    }

    fn insert_empty_sheet(&mut self, id: &str, name: Option<&str>) -> ServiceResult<SheetRef> {
        let book = self.open_by_id_mut(id)?;
        let name = match name {
            Some(name) => {
                check_sheet_name(book, name, None)?;
                name.to_string()
            }
            None => default_sheet_name(book),
        };
        check_growth(book, u64::from(DEFAULT_MAX_ROWS) * u64::from(DEFAULT_MAX_COLUMNS))?;
        let sheet_id = book.sheets().iter().map(Sheet::sheet_id).max().map_or(0, |gid| gid + 1);
        book.sheets_mut().push(Sheet::new(sheet_id, &name));
        Ok(SheetRef { spreadsheet_id: id.to_string(), sheet_id })
    }

    /// `Spreadsheet.deleteSheet(sheet)`.
    pub fn delete_sheet(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.sheet(sheet)?;
        let book = self.open_by_id_mut(&sheet.spreadsheet_id)?;
        if book.sheets().len() == 1 {
            return fail(text::DELETE_ONLY_SHEET);
        }
        super::formula::drop_sheet_references(book, sheet.sheet_id);
        book.sheets_mut().retain(|candidate| candidate.sheet_id() != sheet.sheet_id);
        book.forget_sheet(sheet.sheet_id);
        Ok(())
    }

    /// `Spreadsheet.getRange(a1)`: a sheet-less notation names the active (first) sheet.
    pub fn get_range_in_spreadsheet(&self, id: &str, a1_notation: &str) -> ServiceResult<RangeRef> {
        let first = self.active_sheet(id)?;
        self.get_range_a1(&first, a1_notation)
    }
}

/// `Sheet`N for the first N from the sheet count + 1 that no sheet has.
fn default_sheet_name(book: &Spreadsheet) -> String {
    let taken = |name: &str| book.sheets().iter().any(|sheet| same_sheet_name(sheet.name(), name));
    (book.sheets().len() + 1..)
        .map(|n| format!("Sheet{n}"))
        .find(|name| !taken(name))
        .expect("one of count + 1 names is free")
}

/// Sheet.
impl Spreadsheets {
    /// The sheet a handle names.
    pub fn sheet(&self, sheet: &SheetRef) -> ServiceResult<&Sheet> {
        let book = self.open_by_id(&sheet.spreadsheet_id)?;
        book.sheets()
            .iter()
            .find(|candidate| candidate.sheet_id() == sheet.sheet_id)
            .ok_or_else(|| ServiceError::new(text::SHEET_DELETED))
    }

    fn sheet_mut(&mut self, sheet: &SheetRef) -> ServiceResult<&mut Sheet> {
        let book = self.open_by_id_mut(&sheet.spreadsheet_id)?;
        book.sheets_mut()
            .iter_mut()
            .find(|candidate| candidate.sheet_id() == sheet.sheet_id)
            .ok_or_else(|| ServiceError::new(text::SHEET_DELETED))
    }

    /// `Sheet.getName()`.
    pub fn sheet_name(&self, sheet: &SheetRef) -> ServiceResult<String> {
        Ok(self.sheet(sheet)?.name().to_string())
    }

    /// `Sheet.setName(name)`.
    pub fn rename_sheet(&mut self, sheet: &SheetRef, name: &str) -> ServiceResult<()> {
        self.sheet(sheet)?;
        check_sheet_name(self.open_by_id(&sheet.spreadsheet_id)?, name, Some(sheet.sheet_id))?;
        let old = self.sheet(sheet)?.name().to_string();
        // Sheets re-points formulas naming the sheet (observed).
        let book = self.open_by_id_mut(&sheet.spreadsheet_id)?;
        super::formula::rewrite_formulas(book, |formula| super::formula::with_sheet_renamed(formula, &old, name));
        self.sheet_mut(sheet)?.set_name(name);
        Ok(())
    }

    /// `Sheet.getIndex()`: the 1-based tab position.
    pub fn sheet_index(&self, sheet: &SheetRef) -> ServiceResult<u32> {
        self.sheet(sheet)?;
        let book = self.open_by_id(&sheet.spreadsheet_id)?;
        let index = book.sheets().iter().position(|candidate| candidate.sheet_id() == sheet.sheet_id);
        Ok(index.map_or(0, |i| i as u32 + 1))
    }

    /// `Sheet.getLastRow()`: the last row with content, 0 on an empty sheet.
    pub fn last_row(&self, sheet: &SheetRef) -> ServiceResult<u32> {
        Ok(self.sheet(sheet)?.last_row())
    }

    /// `Sheet.getLastColumn()`: the last column with content, 0 on an empty sheet.
    pub fn last_column(&self, sheet: &SheetRef) -> ServiceResult<u32> {
        Ok(self.sheet(sheet)?.last_column())
    }

    /// `Sheet.getMaxRows()`.
    pub fn max_rows(&self, sheet: &SheetRef) -> ServiceResult<u32> {
        Ok(self.sheet(sheet)?.max_rows())
    }

    /// `Sheet.getMaxColumns()`.
    pub fn max_columns(&self, sheet: &SheetRef) -> ServiceResult<u32> {
        Ok(self.sheet(sheet)?.max_columns())
    }

    /// `Sheet.getRange(row, column, numRows, numColumns)`; the binding passes 1 for the
    /// counts the script leaves out. Arguments are i64 so a script's 0 or -1 reaches the
    /// platform's check.
    pub fn get_range(
        &self,
        sheet: &SheetRef,
        row: i64,
        column: i64,
        num_rows: i64,
        num_columns: i64,
    ) -> ServiceResult<RangeRef> {
        check_range(self.sheet(sheet)?, row, column, num_rows, num_columns)?;
        Ok(RangeRef {
            sheet: sheet.clone(),
            row: row as u32,
            column: column as u32,
            num_rows: num_rows as u32,
            num_columns: num_columns as u32,
            bounds: crate::sheets::Bounds::ALL,
        })
    }

    /// `Sheet.getRange(a1)`: `B2`, `A1:C3`, `A:A`, `2:2`, `A2:C`, or with a `Sheet2!` /
    /// `'My Sheet'!` prefix naming another sheet of the same spreadsheet.
    pub fn get_range_a1(&self, sheet: &SheetRef, a1_notation: &str) -> ServiceResult<RangeRef> {
        let here = self.sheet(sheet)?;
        let parsed = a1::parse(a1_notation).ok_or_else(|| ServiceError::new(text::RANGE_NOT_FOUND))?;
        let (target, target_ref) = match &parsed.sheet_name {
            None => (here, sheet.clone()),
            Some(name) => {
                let book = self.open_by_id(&sheet.spreadsheet_id)?;
                let found = book.sheets().iter().find(|candidate| same_sheet_name(candidate.name(), name));
                let found = found.ok_or_else(|| ServiceError::new(text::RANGE_NOT_FOUND))?;
                (found, sheet_ref(book, found))
            }
        };
        let found = parsed
            .resolve(target.max_rows(), target.max_columns())
            .ok_or_else(|| ServiceError::new(text::RANGE_NOT_FOUND))?;
        Ok(RangeRef {
            sheet: target_ref,
            row: found.row,
            column: found.column,
            num_rows: found.last_row - found.row + 1,
            num_columns: found.last_column - found.column + 1,
            bounds: super::Bounds::of_parsed(&parsed),
        })
    }

    /// `Sheet.getDataRange()`: A1 to the last row and column with content, at least A1.
    pub fn get_data_range(&self, sheet: &SheetRef) -> ServiceResult<RangeRef> {
        let found = self.sheet(sheet)?;
        Ok(whole_range(sheet.clone(), found.last_row().max(1), found.last_column().max(1)))
    }

    /// The whole grid of a sheet: what `Sheet.createTextFinder` searches.
    pub fn sheet_range(&self, sheet: &SheetRef) -> ServiceResult<RangeRef> {
        let found = self.sheet(sheet)?;
        Ok(whole_range(sheet.clone(), found.max_rows(), found.max_columns()))
    }

    /// `Sheet.appendRow(values)`: writes after the last row with content (documented),
    /// adding a row, or columns, when the sheet is full (assumed).
    pub fn append_row(&mut self, sheet: &SheetRef, values: Vec<CellValue>, script_zone: Tz) -> ServiceResult<()> {
        let zone = self.zone_of(&sheet.spreadsheet_id, script_zone)?;
        let target = self.sheet(sheet)?;
        if values.is_empty() {
            return fail(text::RANGE_COLUMNS_AT_LEAST_1);
        }
        values.iter().try_for_each(crate::sheets::values::check_cell_chars)?;
        let row = target.last_row() + 1;
        let width = u32::try_from(values.len()).unwrap_or(u32::MAX);
        let (old_rows, old_columns) = (u64::from(target.max_rows()), u64::from(target.max_columns()));
        let new_rows = old_rows.max(u64::from(row));
        let new_columns = old_columns.max(u64::from(width));
        check_growth(self.open_by_id(&sheet.spreadsheet_id)?, new_rows * new_columns - old_rows * old_columns)?;

        let target = self.sheet_mut(sheet)?;
        if row > target.max_rows() {
            target.add_rows(row, row - target.max_rows());
        }
        if width > target.max_columns() {
            target.add_columns(width - target.max_columns());
        }
        for (column, value) in (1..).zip(values) {
            let value = target.entered_value(row, column, value, zone);
            target.set_cell(row, column, value);
        }
        target.trim_rows(row, row);
        Ok(())
    }

    /// `Sheet.deleteRow(row)`.
    pub fn delete_row(&mut self, sheet: &SheetRef, row: i64) -> ServiceResult<()> {
        self.delete_rows(sheet, row, 1)
    }

    /// `Sheet.deleteRows(start, count)`: the rows below move up and the grid shrinks.
    pub fn delete_rows(&mut self, sheet: &SheetRef, start: i64, count: i64) -> ServiceResult<()> {
        let shift = self.check_delete(sheet, super::shift::Dim::Rows, start, count)?;
        self.shift_sheet(sheet, shift)
    }

    /// `Sheet.insertRowBefore(row)`.
    pub fn insert_row_before(&mut self, sheet: &SheetRef, row: i64) -> ServiceResult<()> {
        self.insert_rows_before(sheet, row, 1)
    }

    /// `Sheet.insertRowAfter(row)`.
    pub fn insert_row_after(&mut self, sheet: &SheetRef, row: i64) -> ServiceResult<()> {
        self.insert_rows_after(sheet, row, 1)
    }

    /// `Sheet.insertRowsBefore(row, count)` and `Sheet.insertRows(row, count)`.
    pub fn insert_rows_before(&mut self, sheet: &SheetRef, row: i64, count: i64) -> ServiceResult<()> {
        let (at, count) = self.check_insert(sheet, row, count)?;
        self.shift_sheet(sheet, super::shift::Shift::Insert { dim: super::shift::Dim::Rows, at, count })
    }

    /// `Sheet.insertRowsAfter(row, count)`.
    pub fn insert_rows_after(&mut self, sheet: &SheetRef, row: i64, count: i64) -> ServiceResult<()> {
        let (row, count) = self.check_insert(sheet, row, count)?;
        self.shift_sheet(sheet, super::shift::Shift::Insert { dim: super::shift::Dim::Rows, at: row + 1, count })
    }

    /// Moves the named ranges, protections, conditional format rules and filter anchored to
    /// the sheet's cells after a structural change (objects.rs; every structural op calls it).
    pub(super) fn shift_anchored(&mut self, sheet: &SheetRef, shift: Shift) -> ServiceResult<()> {
        self.book_mut(&sheet.spreadsheet_id)?.shift_anchored(sheet.sheet_id, shift);
        Ok(())
    }

    /// Keeps every formula of the spreadsheet pointing at the same cells (formula/).
    /// Formula references after a structural change, before the cells move
    /// (`formula::shift_references`: every formula of the spreadsheet naming the sheet).
    pub(super) fn shift_formulas(&mut self, sheet: &SheetRef, shift: Shift) -> ServiceResult<()> {
        shift_references(self.open_by_id_mut(&sheet.spreadsheet_id)?, sheet.sheet_id, shift);
        Ok(())
    }

    /// The position must be a row of the sheet, the count at least 1, and the new rows
    /// must fit in the cell limit.
    fn check_insert(&self, sheet: &SheetRef, row: i64, count: i64) -> ServiceResult<(u32, u32)> {
        let target = self.sheet(sheet)?;
        let (row, _) = check_rows(target, row, 1)?;
        if count < 1 {
            return fail(text::ROWS_OUT_OF_BOUNDS);
        }
        let added = u64::try_from(count).unwrap_or(u64::MAX).saturating_mul(u64::from(target.max_columns()));
        check_growth(self.open_by_id(&sheet.spreadsheet_id)?, added)?;
        Ok((row, count as u32))
    }

    /// `Sheet.clear()` / `Sheet.clearContents()`: every value goes; the grid stays.
    pub fn clear_sheet(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.clear();
        Ok(())
    }
}

/// Range.
impl Spreadsheets {
    /// The sheet of a range that still lies in it (a row deletion can shrink the sheet
    /// under a range the script holds).
    pub(super) fn range_sheet(&self, range: &RangeRef) -> ServiceResult<&Sheet> {
        let sheet = self.sheet(&range.sheet)?;
        let (row, column) = (i64::from(range.row), i64::from(range.column));
        check_range(sheet, row, column, i64::from(range.num_rows), i64::from(range.num_columns))?;
        Ok(sheet)
    }

    /// `Range.getValues()`: the range's shape, `Empty` (JS `""`) for empty cells.
    pub fn get_values(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<CellValue>>> {
        let sheet = self.range_sheet(range)?;
        Ok((range.row..=range.last_row())
            .map(|row| (range.column..=range.last_column()).map(|column| sheet.cell(row, column).clone()).collect())
            .collect())
    }

    /// `Range.getValue()`: the top-left cell.
    pub fn get_value(&self, range: &RangeRef) -> ServiceResult<CellValue> {
        Ok(self.range_sheet(range)?.cell(range.row, range.column).clone())
    }

    /// `Range.getDisplayValues()`: each cell as Sheets shows it, through its number format
    /// (ops/formats.rs), dates in the spreadsheet's zone.
    pub fn get_display_values(&self, range: &RangeRef, script_zone: Tz) -> ServiceResult<Vec<Vec<String>>> {
        let zone = self.zone_of(&range.sheet.spreadsheet_id, script_zone)?;
        let locale = self.locale_of(&range.sheet.spreadsheet_id)?;
        let sheet = self.range_sheet(range)?;
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| sheet.display_text_in(row, column, zone, locale))
                    .collect()
            })
            .collect())
    }

    /// `Range.getDisplayValue()`: the top-left cell as shown.
    pub fn get_display_value(&self, range: &RangeRef, script_zone: Tz) -> ServiceResult<String> {
        let zone = self.zone_of(&range.sheet.spreadsheet_id, script_zone)?;
        let locale = self.locale_of(&range.sheet.spreadsheet_id)?;
        Ok(self.range_sheet(range)?.display_text_in(range.row, range.column, zone, locale))
    }

    /// `Range.setValues(values)`: the data must have the range's shape; strings are read
    /// as typed (see [`user_entered`]).
    pub fn set_values(&mut self, range: &RangeRef, values: Vec<Vec<CellValue>>, script_zone: Tz) -> ServiceResult<()> {
        let zone = self.zone_of(&range.sheet.spreadsheet_id, script_zone)?;
        self.range_sheet(range)?;
        if values.len() != range.num_rows as usize {
            return Err(ServiceError::new(text::data_rows_mismatch(values.len(), range.num_rows)));
        }
        if let Some(row) = values.iter().find(|row| row.len() != range.num_columns as usize) {
            return Err(ServiceError::new(text::data_columns_mismatch(row.len(), range.num_columns)));
        }
        values.iter().flatten().try_for_each(crate::sheets::values::check_cell_chars)?;
        for (row, cells) in (range.row..).zip(values) {
            for (column, value) in (range.column..).zip(cells) {
                let sheet = self.range_sheet(range)?;
                let plain = sheet.is_plain_text_cell(row, column);
                let value = sheet.entered_value(row, column, value, zone);
                if plain {
                    self.sheet_mut(&range.sheet)?.set_cell(row, column, value);
                } else {
                    self.put_entered(range, row, column, value)?;
                }
            }
        }
        self.sheet_mut(&range.sheet)?.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.setValue(value)`: every cell of the range gets the value (observed).
    pub fn set_value(&mut self, range: &RangeRef, value: CellValue, script_zone: Tz) -> ServiceResult<()> {
        let zone = self.zone_of(&range.sheet.spreadsheet_id, script_zone)?;
        let sheet = self.range_sheet(range)?;
        crate::sheets::values::check_cell_chars(&value)?;
        if matches!(value, CellValue::String(_)) && sheet.has_plain_text_cell(range) {
            // Plain-text cells keep the string as written: each cell decides (ops/formats.rs).
            let row = vec![value; range.num_columns as usize];
            return self.set_values(range, vec![row; range.num_rows as usize], script_zone);
        }
        let value = user_entered(value, zone);
        if formulas::is_formula_text(&value) {
            // Like setFormula: relative references move from cell to cell (observed).
            let CellValue::String(formula) = value else { unreachable!("checked above") };
            return self.set_formula(range, &formula);
        }
        self.fill(range, &value)
    }

    /// `Range.clearContent()` (and `Range.clear()`: gas-sim keeps no formats).
    pub fn clear_content(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        self.fill(range, &CellValue::Empty)
    }

    fn fill(&mut self, range: &RangeRef, value: &CellValue) -> ServiceResult<()> {
        let sheet = self.sheet_mut(&range.sheet)?;
        if !sheet.formulas().is_empty() {
            sheet.formulas_mut().clear_box(range.row, range.column, range.last_row(), range.last_column());
        }
        // Clearing touches only stored cells, so clearing `A:Z` of a 3-row sheet is cheap.
        let last_row = if value.is_empty() { range.last_row().min(sheet.last_row()) } else { range.last_row() };
        for row in range.row..=last_row {
            for column in range.column..=range.last_column() {
                sheet.set_cell(row, column, value.clone());
            }
        }
        sheet.trim_rows(range.row, range.last_row());
        Ok(())
    }
}
