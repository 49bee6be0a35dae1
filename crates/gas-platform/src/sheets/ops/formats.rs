//! Formats: number formats, fonts, colours, alignment, notes, borders; what
//! `getDisplayValue(s)` shows through them; `clearFormat` and `clear(options)`; column
//! widths and row heights.
//!
//! Every setter of a grid (`setBackgrounds`, `setNotes`, ...) checks the grid's shape with
//! `setValues`' texts and every value before it writes anything, so a call that fails
//! changes nothing.

use chrono_tz::Tz;

use super::super::format::{
    normalize_color, theme_color_type, Border, CellFormat, Field, FieldValue, TextStyle, BORDER_STYLES,
};
use super::super::locale::{display_value_in, SheetLocale, EN_US};
use super::super::model::{Sheet, Spreadsheets};
use super::super::number_format::{is_plain_text, render_in};
use super::super::rich_text::RichText;
use super::super::values::user_entered;
use super::super::{text, RangeRef, SheetRef};
use super::{check_rows, fail};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// Column width and row height of a new sheet, in pixels (observed).
pub const DEFAULT_COLUMN_WIDTH_PX: u32 = 100;
pub const DEFAULT_ROW_HEIGHT_PX: u32 = 21;
/// The largest width or height gas-sim stores (Sheets' own cap is unknown; assumed).
pub const DIMENSION_PX_MAX: i64 = 10_000;

/// The platform's texts for this part (fidelity: format.rs and the README rows).
pub mod format_text {
    pub const COLUMNS_OUT_OF_BOUNDS: &str = "Those columns are out of bounds.";
    pub const INVALID_WIDTH: &str = "Invalid argument: width";
    pub const INVALID_HEIGHT: &str = "Invalid argument: height";
    pub const INVALID_COLOR: &str = "Invalid argument: color";
    pub const INVALID_STYLE: &str = "Invalid argument: style";
    /// `Color.asRgbColor()` of a theme colour and `asThemeColor()` of an RGB one (assumed).
    pub const COLOR_NOT_RGB: &str = "Object is not of type RgbColor.";
    pub const COLOR_NOT_THEME: &str = "Object is not of type ThemeColor.";

    #[cfg(test)]
    #[test]
    fn a_colour_read_as_the_other_kind() {
        assert_eq!(
            (COLOR_NOT_RGB, COLOR_NOT_THEME),
            ("Object is not of type RgbColor.", "Object is not of type ThemeColor.")
        );
    }
}

/// What `Range.clear(options)` clears. With no option true, everything (documented:
/// "By default all data is cleared").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClearOptions {
    pub contents_only: bool,
    pub format_only: bool,
    pub comments_only: bool,
    pub validations_only: bool,
    /// Leave the rows the sheet's filter hides as they are (sheets/filter.rs).
    pub skip_filtered_rows: bool,
}

impl ClearOptions {
    fn any(self) -> bool {
        self.contents_only || self.format_only || self.comments_only || self.validations_only
    }
}

/// `setBorder`'s arguments: `Some(true)` draws a side, `Some(false)` removes it, `None`
/// leaves it; `vertical`/`horizontal` are the lines between the range's cells.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BorderEdit {
    pub top: Option<bool>,
    pub left: Option<bool>,
    pub bottom: Option<bool>,
    pub right: Option<bool>,
    pub vertical: Option<bool>,
    pub horizontal: Option<bool>,
    /// `None`: black.
    pub color: Option<String>,
    /// A `BorderStyle` name; `None`: `SOLID`.
    pub style: Option<String>,
}

impl Sheet {
    /// The text a cell shows: its value through its number format (`values::display_value`
    /// when it has none, so sheets without formats show exactly what they showed before).
    pub fn display_text(&self, row: u32, column: u32, zone: Tz) -> String {
        self.display_text_in(row, column, zone, &EN_US)
    }

    /// [`Sheet::display_text`] in a spreadsheet locale (locale.rs).
    pub fn display_text_in(&self, row: u32, column: u32, zone: Tz, locale: &SheetLocale) -> String {
        let value = self.cell(row, column);
        match self.formats().get(row, column).and_then(|f| f.number_format.as_deref()) {
            Some(pattern) => render_in(value, pattern, zone, locale),
            None => display_value_in(value, zone, locale),
        }
    }

    /// Whether the cell's number format is plain text (`@`): strings written there stay text.
    pub fn is_plain_text_cell(&self, row: u32, column: u32) -> bool {
        self.formats().get(row, column).and_then(|f| f.number_format.as_deref()).is_some_and(is_plain_text)
    }

    /// What a script's write stores in this cell: strings are read as typed
    /// (`values::user_entered`) unless the cell is plain text, where they stay as written.
    pub(super) fn entered_value(&self, row: u32, column: u32, value: CellValue, zone: Tz) -> CellValue {
        match value {
            CellValue::String(text) if self.is_plain_text_cell(row, column) => {
                if text.is_empty() {
                    CellValue::Empty
                } else {
                    CellValue::String(text)
                }
            }
            other => user_entered(other, zone),
        }
    }

    /// Whether any cell of the box is plain text (`@`).
    pub(super) fn has_plain_text_cell(&self, range: &RangeRef) -> bool {
        self.formats()
            .in_box(range.row, range.column, range.last_row(), range.last_column())
            .any(|(_, f)| f.number_format.as_deref().is_some_and(is_plain_text))
    }

    pub(super) fn edit_format(&mut self, row: u32, column: u32, edit: impl FnOnce(&mut CellFormat)) {
        let mut format = self.formats().get(row, column).cloned().unwrap_or_default();
        edit(&mut format);
        let keep = (!format.is_default()).then_some(format);
        self.formats_mut().set(row, column, keep);
    }
}

fn cells(range: &RangeRef) -> impl Iterator<Item = (u32, u32)> + '_ {
    (range.row..=range.last_row()).flat_map(move |row| (range.column..=range.last_column()).map(move |c| (row, c)))
}

/// The grid must have the range's shape (the texts are `setValues`').
fn check_shape<T>(range: &RangeRef, grid: &[Vec<T>]) -> ServiceResult<()> {
    if grid.len() != range.num_rows as usize {
        return Err(ServiceError::new(text::data_rows_mismatch(grid.len(), range.num_rows)));
    }
    if let Some(row) = grid.iter().find(|row| row.len() != range.num_columns as usize) {
        return Err(ServiceError::new(text::data_columns_mismatch(row.len(), range.num_columns)));
    }
    Ok(())
}

/// Range formats and notes.
impl Spreadsheets {
    /// `getBackgrounds()`, `getFontSizes()`, ...: each cell's value or the default; a
    /// theme colour as the spreadsheet's theme has it now (`#4285f4` for `ACCENT1`).
    pub fn get_format_grid(&self, range: &RangeRef, field: Field) -> ServiceResult<Vec<Vec<Option<FieldValue>>>> {
        let mut grid = self.get_color_object_grid_unchecked(range, field)?;
        if matches!(field, Field::Background | Field::FontColor) {
            let theme = self.open_by_id(&range.sheet.spreadsheet_id)?.theme();
            for value in grid.iter_mut().flatten() {
                if let Some(kind) = value.as_ref().and_then(FieldValue::text).and_then(theme_color_type) {
                    *value = Some(FieldValue::Text(theme.concrete_color(kind)?));
                }
            }
        }
        Ok(grid)
    }

    /// `getBackgroundObjects()`, `getFontColorObjects()`: each cell's colour as stored
    /// (`theme:ACCENT1` for a theme colour) or the default.
    pub fn get_color_object_grid(&self, range: &RangeRef, field: Field) -> ServiceResult<Vec<Vec<Option<FieldValue>>>> {
        debug_assert!(matches!(field, Field::Background | Field::FontColor), "a colour field");
        self.get_color_object_grid_unchecked(range, field)
    }

    fn get_color_object_grid_unchecked(
        &self,
        range: &RangeRef,
        field: Field,
    ) -> ServiceResult<Vec<Vec<Option<FieldValue>>>> {
        let sheet = self.range_sheet(range)?;
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| {
                        let stored = sheet.formats().get(row, column).and_then(|f| field.get(f));
                        let holds_date = matches!(sheet.cell(row, column), CellValue::Date(_));
                        stored.or_else(|| field.default_value(holds_date))
                    })
                    .collect()
            })
            .collect())
    }

    /// `getBackground()`, ...: the top-left cell's.
    pub fn get_format(&self, range: &RangeRef, field: Field) -> ServiceResult<Option<FieldValue>> {
        let corner = range.cell(range.row, range.column);
        Ok(self.get_format_grid(&corner, field)?.remove(0).remove(0))
    }

    /// `setBackground(color)`, ...: every cell of the range gets the value; `None` resets.
    pub fn set_format(&mut self, range: &RangeRef, field: Field, value: Option<FieldValue>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let value = field.accept(value).map_err(|message| ServiceError::new(&message))?;
        self.put_format(range, field, value)
    }

    /// `setBackgroundObject(color)`, `setFontColorObject(color)`: a `Color`'s value
    /// (`Field::accept_color_object`: a theme colour too) in every cell.
    pub fn set_color_object(&mut self, range: &RangeRef, field: Field, value: Option<FieldValue>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let value = field.accept_color_object(value).map_err(|message| ServiceError::new(&message))?;
        self.put_format(range, field, value)
    }

    fn put_format(&mut self, range: &RangeRef, field: Field, value: Option<FieldValue>) -> ServiceResult<()> {
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, column) in cells(range) {
            sheet.edit_format(row, column, |format| field.set(format, value.clone()));
        }
        Ok(())
    }

    /// `setBackgrounds(grid)`, ...: the grid must have the range's shape.
    pub fn set_format_grid(
        &mut self,
        range: &RangeRef,
        field: Field,
        grid: Vec<Vec<Option<FieldValue>>>,
    ) -> ServiceResult<()> {
        self.put_format_grid(range, field, grid, Field::accept)
    }

    /// `setBackgroundObjects(grid)`, `setFontColorObjects(grid)`: `Color`s' values.
    pub fn set_color_object_grid(
        &mut self,
        range: &RangeRef,
        field: Field,
        grid: Vec<Vec<Option<FieldValue>>>,
    ) -> ServiceResult<()> {
        self.put_format_grid(range, field, grid, Field::accept_color_object)
    }

    fn put_format_grid(
        &mut self,
        range: &RangeRef,
        field: Field,
        grid: Vec<Vec<Option<FieldValue>>>,
        accept: fn(Field, Option<FieldValue>) -> Result<Option<FieldValue>, String>,
    ) -> ServiceResult<()> {
        self.range_sheet(range)?;
        check_shape(range, &grid)?;
        let accepted = grid
            .into_iter()
            .map(|row| row.into_iter().map(|v| accept(field, v)).collect::<Result<Vec<_>, String>>())
            .collect::<Result<Vec<_>, String>>()
            .map_err(|message| ServiceError::new(&message))?;
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, values) in (range.row..).zip(accepted) {
            for (column, value) in (range.column..).zip(values) {
                sheet.edit_format(row, column, |format| field.set(format, value));
            }
        }
        Ok(())
    }

    /// `getTextStyles()`: each cell's font as a complete `TextStyle`.
    pub fn get_text_styles(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<TextStyle>>> {
        let sheet = self.range_sheet(range)?;
        let none = CellFormat::default();
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| TextStyle::of(sheet.formats().get(row, column).unwrap_or(&none)))
                    .collect()
            })
            .collect())
    }

    /// `setTextStyles(grid)` (and `setTextStyle(style)` as a grid of one style).
    pub fn set_text_styles(&mut self, range: &RangeRef, grid: Vec<Vec<TextStyle>>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        check_shape(range, &grid)?;
        for style in grid.iter().flatten() {
            style.check().map_err(|message| ServiceError::new(&message))?;
        }
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, styles) in (range.row..).zip(grid) {
            for (column, style) in (range.column..).zip(styles) {
                sheet.edit_format(row, column, |format| style.apply(format));
            }
        }
        Ok(())
    }

    /// `setTextStyle(style)`: every cell.
    pub fn set_text_style(&mut self, range: &RangeRef, style: TextStyle) -> ServiceResult<()> {
        let row = vec![style; range.num_columns as usize];
        self.set_text_styles(range, vec![row; range.num_rows as usize])
    }

    /// `getRichTextValues()`: text cells (an empty cell too) as rich text with the cell's
    /// style under each run's; `None` (JS `null`) for numbers, booleans and dates
    /// (documented: "null if the cell value is not text").
    pub fn get_rich_text_values(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<Option<RichText>>>> {
        let sheet = self.range_sheet(range)?;
        let none = CellFormat::default();
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| {
                        let format = sheet.formats().get(row, column).unwrap_or(&none);
                        let text = match sheet.cell(row, column) {
                            CellValue::String(text) => text.as_str(),
                            CellValue::Empty => "",
                            _ => return None,
                        };
                        let stored = format.rich_text.as_ref().filter(|rich| rich.text == text);
                        let value = stored.cloned().unwrap_or_else(|| RichText::new(text));
                        Some(value.under_cell_style(&TextStyle::of(format)))
                    })
                    .collect()
            })
            .collect())
    }

    /// `setRichTextValues(grid)`: each cell holds the text as written (no parsing) and
    /// keeps its runs.
    pub fn set_rich_text_values(&mut self, range: &RangeRef, grid: Vec<Vec<RichText>>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        check_shape(range, &grid)?;
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, values) in (range.row..).zip(grid) {
            for (column, mut value) in (range.column..).zip(values) {
                let cell = if value.is_empty() { CellValue::Empty } else { CellValue::String(value.text.clone()) };
                sheet.set_cell(row, column, cell);
                value.start_index = 0;
                let runs = (!value.is_plain()).then_some(value);
                sheet.edit_format(row, column, |format| format.rich_text = runs);
            }
        }
        sheet.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `setBackgroundRGB(red, green, blue)`: each in 0..=255.
    pub fn set_background_rgb(&mut self, range: &RangeRef, red: i64, green: i64, blue: i64) -> ServiceResult<()> {
        let hex = super::super::format::rgb_hex(red, green, blue)
            .ok_or_else(|| ServiceError::new(format_text::INVALID_COLOR))?;
        self.set_format(range, Field::Background, Some(FieldValue::Text(hex)))
    }

    /// `getNotes()`: `""` for a cell without one.
    pub fn get_notes(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<String>>> {
        let sheet = self.range_sheet(range)?;
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| sheet.notes().get(row, column).cloned().unwrap_or_default())
                    .collect()
            })
            .collect())
    }

    /// `getNote()`: the top-left cell's.
    pub fn get_note(&self, range: &RangeRef) -> ServiceResult<String> {
        Ok(self.get_notes(&range.cell(range.row, range.column))?.remove(0).remove(0))
    }

    /// `setNote(note)`: every cell; `null` or `""` removes the notes.
    pub fn set_note(&mut self, range: &RangeRef, note: Option<String>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let note = note.filter(|n| !n.is_empty());
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, column) in cells(range) {
            sheet.notes_mut().set(row, column, note.clone());
        }
        Ok(())
    }

    /// `setNotes(grid)`.
    pub fn set_notes(&mut self, range: &RangeRef, grid: Vec<Vec<Option<String>>>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        check_shape(range, &grid)?;
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, notes) in (range.row..).zip(grid) {
            for (column, note) in (range.column..).zip(notes) {
                sheet.notes_mut().set(row, column, note.filter(|n| !n.is_empty()));
            }
        }
        Ok(())
    }

    /// `clearNote()`.
    pub fn clear_notes(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_mut(&range.sheet)?;
        sheet.notes_mut().clear_box(range.row, range.column, range.last_row(), range.last_column());
        Ok(())
    }

    /// `clearFormat()`: every format of the range goes back to the defaults.
    pub fn clear_format(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_mut(&range.sheet)?;
        sheet.formats_mut().clear_box(range.row, range.column, range.last_row(), range.last_column());
        Ok(())
    }

    /// `Range.clear()`: contents and formats (documented); `clear(options)`: what the
    /// options name, everything when none is true.
    pub fn clear_range(
        &mut self,
        range: &RangeRef,
        options: Option<ClearOptions>,
        script_zone: Tz,
    ) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let options = match options {
            None => ClearOptions { contents_only: true, format_only: true, ..ClearOptions::default() },
            Some(options) if !options.any() => ClearOptions {
                contents_only: true,
                format_only: true,
                comments_only: true,
                validations_only: true,
                ..options
            },
            Some(options) => options,
        };
        let parts = match options.skip_filtered_rows {
            true => self.rows_shown_by_filter(range, script_zone)?,
            false => vec![range.clone()],
        };
        for part in &parts {
            if options.contents_only {
                self.clear_content(part)?;
            }
            if options.format_only {
                self.clear_format(part)?;
            }
            if options.comments_only {
                self.clear_notes(part)?;
            }
            if options.validations_only {
                self.clear_validations(part)?;
            }
        }
        Ok(())
    }

    /// The data-validation part of `clear(...)`. Hook for the "objects" part, which owns
    /// validation rules: until they exist there is nothing to clear.
    pub(super) fn clear_validations(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        Ok(())
    }

    /// `setBorder(top, left, bottom, right, vertical, horizontal[, color, style])`.
    pub fn set_border(&mut self, range: &RangeRef, edit: BorderEdit) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let color = match &edit.color {
            Some(color) => normalize_color(color).ok_or_else(|| ServiceError::new(format_text::INVALID_COLOR))?,
            None => "#000000".to_string(),
        };
        let style = edit.style.clone().unwrap_or_else(|| "SOLID".to_string());
        if !BORDER_STYLES.contains(&style.as_str()) {
            return fail(format_text::INVALID_STYLE);
        }
        let line = Border { color, style };
        let sheet = self.sheet_mut(&range.sheet)?;
        let (first_row, last_row, first_column, last_column) =
            (range.row, range.last_row(), range.column, range.last_column());
        for (row, column) in cells(range) {
            // Each side of this cell: the range's outer edge or a line between its cells.
            let top = if row == first_row { edit.top } else { edit.horizontal };
            let bottom = if row == last_row { edit.bottom } else { edit.horizontal };
            let left = if column == first_column { edit.left } else { edit.vertical };
            let right = if column == last_column { edit.right } else { edit.vertical };
            sheet.edit_format(row, column, |format| {
                let sides = &mut format.borders;
                for (side, wanted) in [
                    (&mut sides.top, top),
                    (&mut sides.bottom, bottom),
                    (&mut sides.left, left),
                    (&mut sides.right, right),
                ] {
                    match wanted {
                        Some(true) => *side = Some(line.clone()),
                        Some(false) => *side = None,
                        None => {}
                    }
                }
            });
        }
        Ok(())
    }
}

/// Sheet formats, notes and sizes.
impl Spreadsheets {
    /// `Sheet.clear()` (contents and formats, documented) and `Sheet.clear(options)`
    /// (`formatOnly`, `contentsOnly`; neither true clears both).
    pub fn clear_sheet_with(&mut self, sheet: &SheetRef, options: Option<ClearOptions>) -> ServiceResult<()> {
        let options = options.unwrap_or_default();
        let both = !options.contents_only && !options.format_only;
        if both || options.contents_only {
            self.clear_sheet(sheet)?;
        }
        if both || options.format_only {
            self.clear_sheet_formats(sheet)?;
        }
        Ok(())
    }

    /// `Sheet.clearFormats()`.
    pub fn clear_sheet_formats(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.formats_mut().clear();
        Ok(())
    }

    /// `Sheet.clearNotes()`.
    pub fn clear_sheet_notes(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.notes_mut().clear();
        Ok(())
    }

    /// `Sheet.getColumnWidth(column)` in pixels.
    pub fn column_width(&self, sheet: &SheetRef, column: i64) -> ServiceResult<u32> {
        let found = self.sheet(sheet)?;
        let column = check_columns(found, column, 1)?.0;
        Ok(found.column_widths().get(&column).copied().unwrap_or(DEFAULT_COLUMN_WIDTH_PX))
    }

    /// `Sheet.setColumnWidth(column, width)` and `setColumnWidths(start, count, width)`.
    pub fn set_column_widths(&mut self, sheet: &SheetRef, start: i64, count: i64, width: i64) -> ServiceResult<()> {
        let (start, count) = check_columns(self.sheet(sheet)?, start, count)?;
        let width = check_pixels(width, format_text::INVALID_WIDTH)?;
        let widths = self.sheet_mut(sheet)?.column_widths_mut();
        for column in start..start + count {
            if width == DEFAULT_COLUMN_WIDTH_PX {
                widths.remove(&column);
            } else {
                widths.insert(column, width);
            }
        }
        Ok(())
    }

    /// `Sheet.getRowHeight(row)` in pixels.
    pub fn row_height(&self, sheet: &SheetRef, row: i64) -> ServiceResult<u32> {
        let found = self.sheet(sheet)?;
        let row = check_rows(found, row, 1)?.0;
        Ok(found.row_heights().get(&row).copied().unwrap_or(DEFAULT_ROW_HEIGHT_PX))
    }

    /// `Sheet.setRowHeight(row, height)`, `setRowHeights(start, count, height)` and
    /// `setRowHeightsForced` (gas-sim fits no text to rows, so forcing changes nothing).
    pub fn set_row_heights(&mut self, sheet: &SheetRef, start: i64, count: i64, height: i64) -> ServiceResult<()> {
        let (start, count) = check_rows(self.sheet(sheet)?, start, count)?;
        let height = check_pixels(height, format_text::INVALID_HEIGHT)?;
        let heights = self.sheet_mut(sheet)?.row_heights_mut();
        for row in start..start + count {
            if height == DEFAULT_ROW_HEIGHT_PX {
                heights.remove(&row);
            } else {
                heights.insert(row, height);
            }
        }
        Ok(())
    }
}

/// Columns `start..start + count` must lie in the sheet.
fn check_columns(sheet: &Sheet, start: i64, count: i64) -> ServiceResult<(u32, u32)> {
    if start < 1 || count < 1 || start.saturating_add(count - 1) > i64::from(sheet.max_columns()) {
        return fail(format_text::COLUMNS_OUT_OF_BOUNDS);
    }
    Ok((start as u32, count as u32))
}

fn check_pixels(pixels: i64, invalid: &str) -> ServiceResult<u32> {
    if !(0..=DIMENSION_PX_MAX).contains(&pixels) {
        return fail(invalid);
    }
    Ok(pixels as u32)
}

#[cfg(test)]
#[path = "formats_tests.rs"]
mod tests;
