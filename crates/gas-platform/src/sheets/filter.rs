//! Filters (`Range.createFilter()`, `Sheet.getFilter()`, `Filter`, `FilterCriteria`): at
//! most one per sheet (documented), a box of cells whose first row is the header. Each
//! column of the box may have criteria; a row below the header is hidden by the filter
//! when one of its cells fails its column's criteria (`Sheet.isRowHiddenByFilter`). A
//! filter never changes a value: `getValues()` reads hidden rows like any other, as on the
//! platform. The box moves with the sheet's structural changes (`objects.rs`,
//! `Spreadsheet::shift_anchored`), its criteria with their columns.

use std::collections::BTreeMap;

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::conditional::when_criteria;
use super::model::Spreadsheets;
use super::named::{grid_box, range_of};
use super::{RangeRef, SheetRef};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// Strings one criteria's hidden or visible values may hold (gas-sim's bound: a list of
/// distinct shown values past this is a script's bug, not a column's).
pub const FILTER_VALUES_MAX: usize = 10_000;

pub mod text {
    /// `createFilter()` on a sheet that has one (assumed: the sentence Sheets shows).
    pub const FILTER_EXISTS: &str = "You can't create a filter in a sheet that already has a filter.";
    /// A column position outside the filter's range (assumed).
    pub const COLUMN_OUT_OF_RANGE: &str = "The column position is out of range.";
    /// A filter's handle after `remove()` (assumed).
    pub const FILTER_REMOVED: &str = "The filter no longer exists on this sheet.";
    /// Past [`super::FILTER_VALUES_MAX`] (gas-sim's bound).
    pub const TOO_MANY_VALUES: &str = "gas-sim: a filter criteria holds at most 10000 hidden or visible values";
}

/// `FilterCriteria` and its builder's state: a condition (`whenX`, `withCriteria`), the
/// values to hide, or the values to show (setting one list clears the other, documented).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FilterCriteria {
    /// A `SpreadsheetApp.BooleanCriteria` name; `None` (null) without a condition.
    #[serde(default)]
    pub criteria: Option<String>,
    // Always written: a script's handle reads them (`getCriteriaValues()` is `[]`).
    #[serde(default)]
    pub values: Vec<CellValue>,
    #[serde(default)]
    pub hidden_values: Vec<String>,
    #[serde(default)]
    pub visible_values: Vec<String>,
}

/// A sheet's filter: its box and the criteria of its columns, by the sheet's column number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Filter {
    pub range: GridBox,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub columns: BTreeMap<u32, FilterCriteria>,
}

impl FilterCriteria {
    /// `whenX(...)`: the condition `method` sets, with its values (the conditional-format
    /// builder's table of methods; a `RelativeDate` argument picks the relative form).
    pub fn when(self, method: &str, relative_date: bool, values: Vec<CellValue>) -> ServiceResult<FilterCriteria> {
        let criteria = when_criteria(method, relative_date).ok_or_else(|| ServiceError::unimplemented(method))?;
        self.with_criteria(criteria, values)
    }

    /// `withCriteria(criteria, args)` / `whenX`: the number of values is the criteria's
    /// (the conditional-format builder checks it: the same `BooleanCriteria`).
    pub fn with_criteria(self, criteria: &str, values: Vec<CellValue>) -> ServiceResult<FilterCriteria> {
        let checked = super::conditional::RuleBuilder::default().with_criteria(criteria, values)?;
        let condition = checked.boolean.unwrap_or_default();
        Ok(FilterCriteria { criteria: Some(condition.criteria), values: condition.values, ..self })
    }

    /// `setHiddenValues(values)`: clears the visible values (documented).
    pub fn hiding(self, values: Vec<String>) -> ServiceResult<FilterCriteria> {
        check_values(&values)?;
        Ok(FilterCriteria { hidden_values: values, visible_values: Vec::new(), ..self })
    }

    /// `setVisibleValues(values)`: clears the hidden values (documented).
    pub fn showing(self, values: Vec<String>) -> ServiceResult<FilterCriteria> {
        check_values(&values)?;
        Ok(FilterCriteria { visible_values: values, hidden_values: Vec::new(), ..self })
    }

    /// Whether a cell with `value`, shown as `shown`, passes: its condition and its value
    /// lists. `None` for a condition gas-sim does not evaluate (a custom formula, a
    /// relative date): the caller reports it as a gap, never as a pass.
    pub fn passes(&self, value: &CellValue, shown: &str, zone: Tz) -> Option<bool> {
        if self.hidden_values.iter().any(|hidden| hidden == shown) {
            return Some(false);
        }
        if !self.visible_values.is_empty() && !self.visible_values.iter().any(|visible| visible == shown) {
            return Some(false);
        }
        match &self.criteria {
            None => Some(true),
            Some(criteria) => condition_holds(criteria, &self.values, value, shown, zone),
        }
    }
}

fn check_values(values: &[String]) -> ServiceResult<()> {
    if values.len() > FILTER_VALUES_MAX {
        return Err(ServiceError::new(text::TOO_MANY_VALUES));
    }
    Ok(())
}

/// One `BooleanCriteria` on a cell, as a filter condition in Sheets: text conditions on
/// the shown text without regard to case, number conditions on numbers only (text and
/// empty cells fail them, and so pass the negated ones, not equal and not between), date
/// conditions on the day in the spreadsheet's zone (assumed, from Sheets' filter menu;
/// the reference documents the criteria, not their matching).
fn condition_holds(criteria: &str, values: &[CellValue], value: &CellValue, shown: &str, zone: Tz) -> Option<bool> {
    let text =
        |i: usize| values.get(i).map(|v| super::values::display_value(v, zone).to_lowercase()).unwrap_or_default();
    let shown = shown.to_lowercase();
    let number = |v: &CellValue| match v {
        CellValue::Number(n) => Some(*n),
        _ => None,
    };
    let operand = |i: usize| values.get(i).and_then(number);
    let cell = number(value);
    let compare = |holds: fn(f64, f64) -> bool| Some(matches!((cell, operand(0)), (Some(c), Some(o)) if holds(c, o)));
    let between = || match (cell, operand(0), operand(1)) {
        (Some(c), Some(a), Some(b)) => Some(c >= a.min(b) && c <= a.max(b)),
        _ => None,
    };
    let day = |v: &CellValue| match v {
        CellValue::Date(ms) => {
            chrono::DateTime::from_timestamp_millis(*ms).map(|t| t.with_timezone(&zone).date_naive())
        }
        _ => None,
    };
    let date = |holds: fn(chrono::NaiveDate, chrono::NaiveDate) -> bool| {
        Some(matches!((day(value), values.first().and_then(day)), (Some(c), Some(o)) if holds(c, o)))
    };
    match criteria {
        "CELL_EMPTY" => Some(matches!(value, CellValue::Empty)),
        "CELL_NOT_EMPTY" => Some(!matches!(value, CellValue::Empty)),
        "TEXT_CONTAINS" => Some(shown.contains(&text(0))),
        "TEXT_DOES_NOT_CONTAIN" => Some(!shown.contains(&text(0))),
        "TEXT_STARTS_WITH" => Some(shown.starts_with(&text(0))),
        "TEXT_ENDS_WITH" => Some(shown.ends_with(&text(0))),
        "TEXT_EQUAL_TO" => Some(shown == text(0)),
        "NUMBER_EQUAL_TO" => compare(|c, o| c == o),
        "NUMBER_NOT_EQUAL_TO" => Some(!compare(|c, o| c == o).unwrap_or(false)),
        "NUMBER_GREATER_THAN" => compare(|c, o| c > o),
        "NUMBER_GREATER_THAN_OR_EQUAL_TO" => compare(|c, o| c >= o),
        "NUMBER_LESS_THAN" => compare(|c, o| c < o),
        "NUMBER_LESS_THAN_OR_EQUAL_TO" => compare(|c, o| c <= o),
        "NUMBER_BETWEEN" => Some(between().unwrap_or(false)),
        "NUMBER_NOT_BETWEEN" => Some(!between().unwrap_or(false)),
        "DATE_EQUAL_TO" => date(|c, o| c == o),
        "DATE_BEFORE" => date(|c, o| c < o),
        "DATE_AFTER" => date(|c, o| c > o),
        // Custom formulas and relative dates: not evaluated (gas-sim limitation).
        _ => None,
    }
}

impl Spreadsheets {
    /// `Range.createFilter()`: a filter on the range's cells (one per sheet).
    pub fn create_filter(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_for_change(&range.sheet)?;
        if sheet.objects().filter.is_some() {
            return Err(ServiceError::new(text::FILTER_EXISTS));
        }
        sheet.objects_mut().filter = Some(Filter { range: grid_box(range), columns: BTreeMap::new() });
        Ok(())
    }

    /// The sheet's filter, if it has one (`Sheet.getFilter()`, `Range.getFilter()`).
    pub fn filter(&self, sheet: &SheetRef) -> ServiceResult<Option<&Filter>> {
        Ok(self.sheet(sheet)?.objects().filter.as_ref())
    }

    /// The sheet's filter, for a `Filter` handle's methods: gone after `remove()`.
    fn existing_filter(&self, sheet: &SheetRef) -> ServiceResult<&Filter> {
        self.filter(sheet)?.ok_or_else(|| ServiceError::new(text::FILTER_REMOVED))
    }

    /// `Filter.getRange()`.
    pub fn filter_range(&self, sheet: &SheetRef) -> ServiceResult<RangeRef> {
        Ok(range_of(&sheet.spreadsheet_id, &self.existing_filter(sheet)?.range))
    }

    /// `Filter.remove()`.
    pub fn remove_filter(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.existing_filter(sheet)?;
        self.sheet_for_change(sheet)?.objects_mut().filter = None;
        Ok(())
    }

    /// The sheet column `column_position` of the filter, checked to lie in its range.
    fn filter_column(&self, sheet: &SheetRef, column_position: i64) -> ServiceResult<u32> {
        let boxed = &self.existing_filter(sheet)?.range;
        let columns = i64::from(boxed.column)..i64::from(boxed.column + boxed.num_columns);
        if !columns.contains(&column_position) {
            return Err(ServiceError::new(text::COLUMN_OUT_OF_RANGE));
        }
        Ok(column_position as u32)
    }

    /// `Filter.getColumnFilterCriteria(columnPosition)`: `None` without criteria (documented: null).
    pub fn filter_criteria(&self, sheet: &SheetRef, column_position: i64) -> ServiceResult<Option<FilterCriteria>> {
        let column = self.filter_column(sheet, column_position)?;
        Ok(self.existing_filter(sheet)?.columns.get(&column).cloned())
    }

    /// `Filter.setColumnFilterCriteria(columnPosition, criteria)` (`None`, as `null` or
    /// `removeColumnFilterCriteria`, removes them).
    pub fn set_filter_criteria(
        &mut self,
        sheet: &SheetRef,
        column_position: i64,
        criteria: Option<FilterCriteria>,
    ) -> ServiceResult<()> {
        let column = self.filter_column(sheet, column_position)?;
        let filter = self.sheet_for_change(sheet)?.objects_mut().filter.as_mut().expect("checked above");
        match criteria {
            Some(criteria) => filter.columns.insert(column, criteria),
            None => filter.columns.remove(&column),
        };
        Ok(())
    }

    /// `Filter.sort(columnPosition, ascending)`: the rows below the header, by one column.
    pub fn sort_filter(&mut self, sheet: &SheetRef, column_position: i64, ascending: bool) -> ServiceResult<()> {
        self.filter_column(sheet, column_position)?;
        let range = self.filter_range(sheet)?;
        if range.num_rows < 2 {
            return Ok(());
        }
        let body =
            RangeRef { row: range.row + 1, num_rows: range.num_rows - 1, bounds: crate::sheets::Bounds::ALL, ..range };
        self.sort_range(&body, &[(column_position, ascending)])
    }

    /// `Sheet.isRowHiddenByFilter(rowPosition)`: the row is below the header of the
    /// filter's range and one of its cells fails its column's criteria. `Err` names the
    /// criteria gas-sim cannot evaluate when no other column hides the row (a gap, never
    /// a guess).
    pub fn is_row_hidden_by_filter(&self, sheet_ref: &SheetRef, row: i64, script_zone: Tz) -> ServiceResult<bool> {
        let row = self.checked_row(sheet_ref, row)?;
        let zone = self.zone_of(&sheet_ref.spreadsheet_id, script_zone)?;
        let locale = self.locale_of(&sheet_ref.spreadsheet_id)?;
        let sheet = self.sheet(sheet_ref)?;
        let Some(filter) = sheet.objects().filter.as_ref() else { return Ok(false) };
        let boxed = &filter.range;
        if row <= boxed.row || row >= boxed.row + boxed.num_rows {
            return Ok(false);
        }
        let mut unknown = None;
        for (&column, criteria) in &filter.columns {
            let shown = sheet.display_text_in(row, column, zone, locale);
            match criteria.passes(sheet.cell(row, column), &shown, zone) {
                Some(true) => {}
                Some(false) => return Ok(true),
                None => unknown = unknown.or(criteria.criteria.as_deref()),
            }
        }
        match unknown {
            None => Ok(false),
            Some(name) => {
                let prefix = crate::gaps::UNIMPLEMENTED_PREFIX;
                Err(ServiceError::new(format!("{prefix}Sheet.isRowHiddenByFilter() with {name} criteria")))
            }
        }
    }

    /// The parts of `range` whose rows the sheet's filter shows, as runs of consecutive
    /// rows (`Range.clear({skipFilteredRows: true})`); the whole range without a filter.
    pub fn rows_shown_by_filter(&self, range: &RangeRef, script_zone: Tz) -> ServiceResult<Vec<RangeRef>> {
        if self.filter(&range.sheet)?.is_none() {
            return Ok(vec![range.clone()]);
        }
        let mut parts = Vec::new();
        let mut run: Option<(u32, u32)> = None;
        for row in range.row..=range.last_row() {
            if self.is_row_hidden_by_filter(&range.sheet, i64::from(row), script_zone)? {
                parts.extend(run.take().map(|(first, last)| rows_of(range, first, last)));
            } else {
                run = Some(run.map_or((row, row), |(first, _)| (first, row)));
            }
        }
        parts.extend(run.map(|(first, last)| rows_of(range, first, last)));
        Ok(parts)
    }
}

/// `range`'s rows `first..=last`.
fn rows_of(range: &RangeRef, first: u32, last: u32) -> RangeRef {
    RangeRef { row: first, num_rows: last - first + 1, bounds: crate::sheets::Bounds::ALL, ..range.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: i64 = 86_400_000;

    fn passes(criteria: &str, values: Vec<CellValue>, cell: CellValue) -> Option<bool> {
        let c = FilterCriteria::default().with_criteria(criteria, values).unwrap();
        let shown = super::super::values::display_value(&cell, Tz::UTC);
        c.passes(&cell, &shown, Tz::UTC)
    }

    #[test]
    fn text_conditions_ignore_case_and_number_conditions_take_numbers_only() {
        let s = |t: &str| CellValue::String(t.into());
        assert_eq!(passes("TEXT_CONTAINS", vec![s("PAID")], s("unpaid invoice")), Some(true));
        assert_eq!(passes("TEXT_EQUAL_TO", vec![s("Paid")], s("paid")), Some(true));
        assert_eq!(passes("TEXT_STARTS_WITH", vec![s("inv")], s("Invoice")), Some(true));
        assert_eq!(passes("TEXT_DOES_NOT_CONTAIN", vec![s("x")], s("xyz")), Some(false));
        assert_eq!(passes("NUMBER_GREATER_THAN", vec![CellValue::Number(5.0)], CellValue::Number(6.0)), Some(true));
        assert_eq!(passes("NUMBER_GREATER_THAN", vec![CellValue::Number(5.0)], s("6")), Some(false), "text fails");
        assert_eq!(passes("NUMBER_LESS_THAN", vec![CellValue::Number(5.0)], CellValue::Empty), Some(false));
        let between = vec![CellValue::Number(10.0), CellValue::Number(1.0)];
        assert_eq!(passes("NUMBER_BETWEEN", between.clone(), CellValue::Number(10.0)), Some(true), "inclusive");
        assert_eq!(passes("NUMBER_NOT_BETWEEN", between.clone(), CellValue::Number(11.0)), Some(true));
        // Text and empty cells fail the number conditions, so they pass the negated ones.
        assert_eq!(passes("NUMBER_NOT_BETWEEN", between, s("n/a")), Some(true));
        assert_eq!(passes("NUMBER_NOT_EQUAL_TO", vec![CellValue::Number(5.0)], CellValue::Empty), Some(true));
        assert_eq!(passes("NUMBER_EQUAL_TO", vec![CellValue::Number(5.0)], s("5")), Some(false));
        assert_eq!(passes("CELL_EMPTY", vec![], CellValue::Empty), Some(true));
        assert_eq!(passes("CELL_NOT_EMPTY", vec![], s("")), Some(true), "an empty string is a value");
    }

    #[test]
    fn date_conditions_compare_days_and_custom_formulas_are_not_guessed() {
        let noon = CellValue::Date(20_000 * DAY_MS + DAY_MS / 2);
        let midnight = CellValue::Date(20_000 * DAY_MS);
        assert_eq!(passes("DATE_EQUAL_TO", vec![midnight.clone()], noon.clone()), Some(true));
        assert_eq!(passes("DATE_AFTER", vec![midnight.clone()], noon.clone()), Some(false));
        assert_eq!(passes("DATE_BEFORE", vec![CellValue::Date(20_001 * DAY_MS)], noon), Some(true));
        assert_eq!(passes("CUSTOM_FORMULA", vec![CellValue::String("=A2>1".into())], midnight), None);
    }

    #[test]
    fn hidden_and_visible_values_match_the_shown_text_and_replace_each_other() {
        let c = FilterCriteria::default().hiding(vec!["Done".into()]).unwrap();
        assert_eq!(c.passes(&CellValue::String("Done".into()), "Done", Tz::UTC), Some(false));
        assert_eq!(c.passes(&CellValue::String("Open".into()), "Open", Tz::UTC), Some(true));
        let c = c.showing(vec!["Open".into()]).unwrap();
        assert!(c.hidden_values.is_empty(), "documented: setting visible values clears hidden ones");
        assert_eq!(c.passes(&CellValue::String("Late".into()), "Late", Tz::UTC), Some(false));
        assert!(FilterCriteria::default().hiding(vec![String::new(); FILTER_VALUES_MAX + 1]).is_err());
        assert!(FilterCriteria::default().with_criteria("NUMBER_BETWEEN", vec![CellValue::Number(1.0)]).is_err());
    }
}
