//! The store side of `sheets/surface.rs`: sheet and calculation settings, `getSheetValues`,
//! `splitTextToColumns`, `Range.canEdit`.

use chrono_tz::Tz;

use super::super::anchored::GridBox;
use super::super::model::Spreadsheets;
use super::super::surface::{self as rules, CalcSettings, SheetSettings};
use super::super::{format::normalize_color, RangeRef, SheetRef};
use super::fail;
use crate::error::ServiceResult;
use crate::CellValue;

impl Spreadsheets {
    /// A sheet's settings (`getTabColor`, `isRightToLeft`, `hasHiddenGridlines`).
    pub fn sheet_settings(&self, sheet: &SheetRef) -> ServiceResult<&SheetSettings> {
        Ok(self.sheet(sheet)?.settings())
    }

    /// `setTabColor(color)`: `None` (JS `null`) resets.
    pub fn set_tab_color(&mut self, sheet: &SheetRef, color: Option<&str>) -> ServiceResult<()> {
        let color = match color {
            Some(color) => Some(normalize_color(color).ok_or_else(|| crate::ServiceError::new(rules::INVALID_COLOR))?),
            None => None,
        };
        self.sheet_mut(sheet)?.settings_mut().tab_color = color;
        Ok(())
    }

    /// `setRightToLeft(rightToLeft)`.
    pub fn set_right_to_left(&mut self, sheet: &SheetRef, right_to_left: bool) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.settings_mut().right_to_left = right_to_left;
        Ok(())
    }

    /// `setHiddenGridlines(hideGridlines)`.
    pub fn set_hidden_gridlines(&mut self, sheet: &SheetRef, hidden: bool) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.settings_mut().hidden_gridlines = hidden;
        Ok(())
    }

    /// A spreadsheet's calculation settings.
    pub fn calc_settings(&self, id: &str) -> ServiceResult<&CalcSettings> {
        Ok(self.open_by_id(id)?.calc())
    }

    /// Changes a spreadsheet's theme with `change` (which checks its values).
    pub fn change_theme(
        &mut self,
        id: &str,
        change: impl FnOnce(&mut crate::sheets::theme::Theme) -> ServiceResult<()>,
    ) -> ServiceResult<()> {
        change(self.open_by_id_mut(id)?.theme_mut())
    }

    /// Changes a spreadsheet's calculation settings with `change` (which checks its value).
    pub fn change_calc_settings(
        &mut self,
        id: &str,
        change: impl FnOnce(&mut CalcSettings) -> ServiceResult<()>,
    ) -> ServiceResult<()> {
        change(self.open_by_id_mut(id)?.calc_mut())
    }

    /// `setIterativeCalculationEnabled(on)`: recorded, and read back by its getter. gas-sim
    /// does not iterate circular formulas (they still read `#REF!`), so turning it on is a
    /// gap of the run, never a silent success.
    pub fn set_iterative_calculation(&mut self, id: &str, on: bool) -> ServiceResult<()> {
        self.open_by_id_mut(id)?.calc_mut().iterative = on;
        if on {
            self.formula_gaps_mut().push(rules::ITERATIVE_CALCULATION_GAP.to_string());
        }
        Ok(())
    }

    /// `getSheetValues(startRow, startColumn, numRows, numColumns)`, `-1` meaning the last
    /// row or column with content (rules::sheet_values_span).
    pub fn get_sheet_values(
        &self,
        sheet: &SheetRef,
        start_row: i64,
        start_column: i64,
        num_rows: i64,
        num_columns: i64,
    ) -> ServiceResult<Vec<Vec<CellValue>>> {
        let found = self.sheet(sheet)?;
        let (row, rows) = rules::sheet_values_span(start_row, num_rows, found.last_row());
        let (column, columns) = rules::sheet_values_span(start_column, num_columns, found.last_column());
        // A -1 count below the content reads nothing (assumed) rather than a 0-row error.
        if (rows == 0 && num_rows == -1) || (columns == 0 && num_columns == -1) {
            return Ok(Vec::new());
        }
        let range = self.get_range(sheet, row, column, rows, columns)?;
        self.get_values(&range)
    }

    /// `splitTextToColumns([delimiter])`: each text cell of the one-column range split at
    /// `delimiter` (`None`: detected), the pieces written from that cell rightwards and read
    /// as typed. Other values stay.
    pub fn split_text_to_columns(
        &mut self,
        range: &RangeRef,
        delimiter: Option<&str>,
        script_zone: Tz,
    ) -> ServiceResult<()> {
        if delimiter == Some("") {
            return fail(rules::INVALID_DELIMITER);
        }
        if range.num_columns != 1 {
            return fail(rules::SPLIT_ONE_COLUMN);
        }
        let values = self.get_values(range)?;
        let texts: Vec<(u32, String)> = values
            .into_iter()
            .zip(range.row..)
            .filter_map(|(mut row, at)| match row.pop() {
                Some(CellValue::String(text)) => Some((at, text)),
                _ => None,
            })
            .collect();
        let delimiter = match delimiter {
            Some(delimiter) => delimiter.to_string(),
            None => match rules::detect_delimiter(texts.iter().map(|(_, text)| text.as_str())) {
                Some(found) => found.to_string(),
                None => return Ok(()),
            },
        };
        // Check every target fits before writing any (a split is one edit).
        let mut writes = Vec::new();
        for (row, text) in &texts {
            let pieces: Vec<CellValue> =
                rules::split_text(text, &delimiter).into_iter().map(|p| CellValue::String(p.to_string())).collect();
            let target =
                self.get_range(&range.sheet, i64::from(*row), i64::from(range.column), 1, pieces.len() as i64)?;
            writes.push((target, pieces));
        }
        for (target, pieces) in writes {
            self.set_values(&target, vec![pieces], script_zone)?;
        }
        Ok(())
    }

    /// `setVerticalText(isVertical)`: stacked letters (replacing a rotation), or none.
    pub fn set_vertical_text(&mut self, range: &RangeRef, vertical: bool) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, column) in cells(range) {
            sheet.edit_format(row, column, |format| {
                if vertical {
                    format.text_rotation = None;
                }
                format.vertical_text = vertical;
            });
        }
        Ok(())
    }

    /// `setShowHyperlink(showHyperlink)`: recorded per cell (the UI's rendering).
    pub fn set_show_hyperlink(&mut self, range: &RangeRef, show: bool) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, column) in cells(range) {
            sheet.edit_format(row, column, |format| format.hide_hyperlinks = !show);
        }
        Ok(())
    }

    /// `Range.canEdit()`: whether `user` may edit every cell of `range`: no protection
    /// covering a cell of it refuses them (`protection_can_edit`). A sheet protection
    /// does not cover cells inside one of its unprotected ranges.
    pub fn range_can_edit(&self, range: &RangeRef, user: &str, account: &str) -> ServiceResult<bool> {
        self.range_sheet(range)?;
        let id = &range.sheet.spreadsheet_id;
        let book = self.open_by_id(id)?;
        let boxed = super::super::named::grid_box(range);
        for protection in book.objects().protections.iter().filter(|p| p.sheet_id == range.sheet.sheet_id) {
            let covers = match &protection.range {
                Some(protected) => overlaps(protected, &boxed),
                None => !protection.unprotected.iter().any(|open| contains(open, &boxed)),
            };
            if covers && !self.protection_can_edit(id, protection.id, user, account)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

fn cells(range: &RangeRef) -> impl Iterator<Item = (u32, u32)> + '_ {
    (range.row..=range.last_row())
        .flat_map(move |row| (range.column..=range.last_column()).map(move |column| (row, column)))
}

fn overlaps(a: &GridBox, b: &GridBox) -> bool {
    let a_last_row = a.row + a.num_rows - 1;
    let a_last_column = a.column + a.num_columns - 1;
    let b_last_row = b.row + b.num_rows - 1;
    let b_last_column = b.column + b.num_columns - 1;
    a.row <= b_last_row && b.row <= a_last_row && a.column <= b_last_column && b.column <= a_last_column
}

fn contains(outer: &GridBox, inner: &GridBox) -> bool {
    outer.row <= inner.row
        && outer.column <= inner.column
        && inner.row + inner.num_rows <= outer.row + outer.num_rows
        && inner.column + inner.num_columns <= outer.column + outer.num_columns
}

#[cfg(test)]
mod tests {
    use super::super::super::surface::{INVALID_COLOR, INVALID_DELIMITER, SPLIT_ONE_COLUMN};
    use super::super::super::{RangeRef, SheetRef};
    use crate::sheets::Spreadsheets;
    use crate::time::parse_zone;
    use crate::CellValue;

    fn fresh() -> (Spreadsheets, SheetRef) {
        let mut store = Spreadsheets::new();
        let id = store.create("Book").unwrap();
        let sheet = store.get_sheets(&id).unwrap().remove(0);
        (store, sheet)
    }

    fn at(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
        store.get_range_a1(sheet, a1).unwrap()
    }

    fn s(text: &str) -> CellValue {
        CellValue::String(text.into())
    }

    #[test]
    fn turning_iterative_calculation_on_is_kept_and_is_a_gap() {
        let (mut store, sheet) = fresh();
        let id = sheet.spreadsheet_id.clone();
        store.set_iterative_calculation(&id, false).unwrap();
        assert!(store.take_formula_gaps().is_empty(), "off is what gas-sim does");
        store.set_iterative_calculation(&id, true).unwrap();
        assert!(store.calc_settings(&id).unwrap().iterative);
        assert_eq!(store.take_formula_gaps(), vec![super::rules::ITERATIVE_CALCULATION_GAP.to_string()]);
    }

    #[test]
    fn tab_colour_and_flags_are_kept_and_reset() {
        let (mut store, sheet) = fresh();
        assert_eq!(store.sheet_settings(&sheet).unwrap().tab_color, None);
        store.set_tab_color(&sheet, Some("Red")).unwrap();
        assert_eq!(store.sheet_settings(&sheet).unwrap().tab_color.as_deref(), Some("#ff0000"));
        assert_eq!(store.set_tab_color(&sheet, Some("reddish")).unwrap_err().message, INVALID_COLOR);
        store.set_tab_color(&sheet, None).unwrap();
        store.set_right_to_left(&sheet, true).unwrap();
        store.set_hidden_gridlines(&sheet, true).unwrap();
        let settings = store.sheet_settings(&sheet).unwrap();
        assert!(settings.tab_color.is_none() && settings.right_to_left && settings.hidden_gridlines);
    }

    #[test]
    fn vertical_text_replaces_a_rotation_and_an_angle_replaces_it() {
        use crate::sheets::format::{Field, FieldValue, VERTICAL_TEXT};
        let (mut store, sheet) = fresh();
        let cell = at(&store, &sheet, "B2");
        store.set_format(&cell, Field::TextRotation, Some(FieldValue::Int(45))).unwrap();
        store.set_vertical_text(&cell, true).unwrap();
        let vertical = Some(FieldValue::Text(VERTICAL_TEXT.into()));
        assert_eq!(store.get_format(&cell, Field::TextRotation).unwrap(), vertical);
        store.set_format(&cell, Field::TextRotation, Some(FieldValue::Int(30))).unwrap();
        assert_eq!(store.get_format(&cell, Field::TextRotation).unwrap(), Some(FieldValue::Int(30)));
        store.set_vertical_text(&cell, true).unwrap();
        store.set_vertical_text(&cell, false).unwrap();
        assert_eq!(store.get_format(&cell, Field::TextRotation).unwrap(), Some(FieldValue::Int(0)));
        store.set_show_hyperlink(&cell, false).unwrap();
        assert!(store.sheet(&sheet).unwrap().formats().get(2, 2).unwrap().hide_hyperlinks);
        store.set_show_hyperlink(&cell, true).unwrap();
        assert!(store.sheet(&sheet).unwrap().formats().get(2, 2).is_none(), "the default is not stored");
    }

    #[test]
    fn sheet_values_with_minus_one_read_to_the_content() {
        let utc = parse_zone("UTC").unwrap();
        let (mut store, sheet) = fresh();
        let block = at(&store, &sheet, "A1:C3");
        let rows = vec![vec![CellValue::Number(1.0), s("b"), s("c")]; 3];
        store.set_values(&block, rows.clone(), utc).unwrap();
        assert_eq!(store.get_sheet_values(&sheet, 1, 1, -1, -1).unwrap(), rows);
        assert_eq!(store.get_sheet_values(&sheet, 2, 2, -1, 1).unwrap(), vec![vec![s("b")]; 2]);
        assert_eq!(store.get_sheet_values(&sheet, 5, 1, -1, -1).unwrap(), Vec::<Vec<CellValue>>::new());
        let too_small = store.get_sheet_values(&sheet, 0, 1, 1, 1).unwrap_err().message;
        assert_eq!(too_small, "The starting row of the range is too small.");
    }

    #[test]
    fn split_text_to_columns_detects_or_takes_the_delimiter() {
        let utc = parse_zone("UTC").unwrap();
        let (mut store, sheet) = fresh();
        let column = at(&store, &sheet, "A1:A3");
        store.set_values(&column, vec![vec![s("a,1")], vec![CellValue::Number(2.5)], vec![s("b,2,x")]], utc).unwrap();
        store.split_text_to_columns(&column, None, utc).unwrap();
        let values = store.get_values(&at(&store, &sheet, "A1:C3")).unwrap();
        assert_eq!(values[0], vec![s("a"), CellValue::Number(1.0), CellValue::Empty]);
        assert_eq!(
            values[1],
            vec![CellValue::Number(2.5), CellValue::Empty, CellValue::Empty],
            "a number is not split"
        );
        assert_eq!(values[2], vec![s("b"), CellValue::Number(2.0), s("x")]);
        store.set_value(&at(&store, &sheet, "D1"), s("p q"), utc).unwrap();
        store.split_text_to_columns(&at(&store, &sheet, "D1"), Some(" "), utc).unwrap();
        assert_eq!(store.get_values(&at(&store, &sheet, "D1:E1")).unwrap(), vec![vec![s("p"), s("q")]]);
        let wide = at(&store, &sheet, "A1:B1");
        assert_eq!(store.split_text_to_columns(&wide, None, utc).unwrap_err().message, SPLIT_ONE_COLUMN);
        assert_eq!(store.split_text_to_columns(&column, Some(""), utc).unwrap_err().message, INVALID_DELIMITER);
        // Pieces past the sheet's last column: refused before anything is written.
        store.set_value(&at(&store, &sheet, "Z1"), s("l,m"), utc).unwrap();
        assert!(store.split_text_to_columns(&at(&store, &sheet, "Z1"), None, utc).is_err());
        assert_eq!(store.get_values(&at(&store, &sheet, "Z1")).unwrap(), vec![vec![s("l,m")]]);
    }
}
