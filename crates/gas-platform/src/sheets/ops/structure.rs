//! Structure: columns as well as rows, hiding, freezing, merging, auto-resizing. Every
//! insertion or deletion of rows or columns goes through [`Spreadsheets::shift_sheet`].
//! Navigation, sorting, copying and moving ranges are in `arrange.rs`.

use super::super::layout::{Layout, MergeKind};
use super::super::model::{Sheet, Spreadsheets};
use super::super::shift::{CellBox, Dim, Shift};
use super::super::{structure_text as st, text, RangeRef, SheetRef};
use super::{check_growth, check_rows, fail};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

#[cfg(test)]
#[path = "structure_tests.rs"]
mod tests;

/// Columns in one sheet (documented: 18,278, `ZZZ`).
pub const COLUMNS_PER_SHEET_MAX: u32 = 18_278;

/// Columns `start..start + count` must lie in the sheet.
pub(super) fn check_columns(sheet: &Sheet, start: i64, count: i64) -> ServiceResult<(u32, u32)> {
    if start < 1 || count < 1 || start.saturating_add(count - 1) > i64::from(sheet.max_columns()) {
        return fail(st::COLUMNS_OUT_OF_BOUNDS);
    }
    Ok((start as u32, count as u32))
}

/// Rows or columns of a dimension (`check_rows` / [`check_columns`]).
fn check_span(sheet: &Sheet, dim: Dim, start: i64, count: i64) -> ServiceResult<(u32, u32)> {
    match dim {
        Dim::Rows => check_rows(sheet, start, count),
        Dim::Columns => check_columns(sheet, start, count),
    }
}

fn frozen(layout: &Layout, dim: Dim) -> u32 {
    match dim {
        Dim::Rows => layout.frozen_rows,
        Dim::Columns => layout.frozen_columns,
    }
}

impl Spreadsheets {
    /// The one place rows or columns are inserted or deleted (checked by the caller):
    /// formula references first (they name the cells as they are), then the sheet's
    /// values, grid, per-cell layers and layout (`Sheet::apply_shift`), then the anchored
    /// objects.
    pub(in crate::sheets) fn shift_sheet(&mut self, sheet: &SheetRef, shift: Shift) -> ServiceResult<()> {
        self.shift_formulas(sheet, shift)?;
        self.sheet_mut(sheet)?.apply_shift(shift);
        // Named ranges, protections, conditional format rules and the filter (objects.rs).
        self.shift_anchored(sheet, shift)
    }

    /// Deleting `count` rows or columns must leave at least one that is not frozen
    /// (observed for rows: `Sorry, it is not possible to delete all non-frozen rows.`).
    pub(in crate::sheets) fn check_delete(
        &self,
        sheet: &SheetRef,
        dim: Dim,
        start: i64,
        count: i64,
    ) -> ServiceResult<Shift> {
        let target = self.sheet(sheet)?;
        let (start, count) = check_span(target, dim, start, count)?;
        let shift = Shift::Remove { dim, start, count };
        let size = match dim {
            Dim::Rows => target.max_rows(),
            Dim::Columns => target.max_columns(),
        };
        let frozen_left = match frozen(target.layout(), dim) {
            0 => 0,
            n => shift.span(1, n).map_or(0, |(_, last)| last),
        };
        if size - count <= frozen_left {
            return fail(match dim {
                Dim::Rows => text::DELETE_ALL_ROWS,
                Dim::Columns => st::DELETE_ALL_COLUMNS,
            });
        }
        Ok(shift)
    }

    /// `Sheet.deleteColumn(column)` / `deleteColumns(column, howMany)`.
    pub fn delete_columns(&mut self, sheet: &SheetRef, start: i64, count: i64) -> ServiceResult<()> {
        let shift = self.check_delete(sheet, Dim::Columns, start, count)?;
        self.shift_sheet(sheet, shift)
    }

    /// `insertColumnsBefore(column, howMany)` (`after`: `insertColumnsAfter`); also
    /// `insertColumnBefore/After` and `insertColumns(column[, howMany])`.
    pub fn insert_columns(&mut self, sheet: &SheetRef, column: i64, count: i64, after: bool) -> ServiceResult<()> {
        let target = self.sheet(sheet)?;
        let (column, _) = check_columns(target, column, 1)?;
        if count < 1 {
            return fail(st::COLUMNS_OUT_OF_BOUNDS);
        }
        if i64::from(target.max_columns()).saturating_add(count) > i64::from(COLUMNS_PER_SHEET_MAX) {
            return fail(st::COLUMN_LIMIT);
        }
        let added = (count as u64).saturating_mul(u64::from(target.max_rows()));
        check_growth(self.open_by_id(&sheet.spreadsheet_id)?, added)?;
        let at = if after { column + 1 } else { column };
        self.shift_sheet(sheet, Shift::Insert { dim: Dim::Columns, at, count: count as u32 })
    }

    /// `Sheet.hideSheet()`: at least one sheet stays visible.
    pub fn hide_sheet(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.sheet(sheet)?;
        let book = self.open_by_id(&sheet.spreadsheet_id)?;
        let others_visible =
            book.sheets().iter().any(|other| other.sheet_id() != sheet.sheet_id && !other.layout().hidden);
        if !others_visible {
            return fail(st::HIDE_ALL_SHEETS);
        }
        self.sheet_mut(sheet)?.layout_mut().hidden = true;
        Ok(())
    }

    /// `Sheet.showSheet()`.
    pub fn show_sheet(&mut self, sheet: &SheetRef) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.layout_mut().hidden = false;
        Ok(())
    }

    /// `Sheet.isSheetHidden()`.
    pub fn is_sheet_hidden(&self, sheet: &SheetRef) -> ServiceResult<bool> {
        Ok(self.sheet(sheet)?.layout().hidden)
    }

    /// `hideRows`/`showRows`/`hideColumns`/`showColumns(start[, count])`, `hideRow(range)`, ...
    pub fn set_hidden(
        &mut self,
        sheet: &SheetRef,
        dim: Dim,
        start: i64,
        count: i64,
        hidden: bool,
    ) -> ServiceResult<()> {
        let (start, count) = check_span(self.sheet(sheet)?, dim, start, count)?;
        let layout = self.sheet_mut(sheet)?.layout_mut();
        let set = match dim {
            Dim::Rows => &mut layout.hidden_rows,
            Dim::Columns => &mut layout.hidden_columns,
        };
        for index in start..start + count {
            if hidden {
                set.insert(index);
            } else {
                set.remove(&index);
            }
        }
        Ok(())
    }

    /// A row number a script gave (`isRowHiddenByFilter`), checked as `isRowHiddenByUser`'s.
    pub(in crate::sheets) fn checked_row(&self, sheet: &SheetRef, row: i64) -> ServiceResult<u32> {
        Ok(check_span(self.sheet(sheet)?, Dim::Rows, row, 1)?.0)
    }

    /// `isRowHiddenByUser(row)` / `isColumnHiddenByUser(column)`.
    pub fn is_hidden_by_user(&self, sheet: &SheetRef, dim: Dim, index: i64) -> ServiceResult<bool> {
        let target = self.sheet(sheet)?;
        let (index, _) = check_span(target, dim, index, 1)?;
        let set = match dim {
            Dim::Rows => &target.layout().hidden_rows,
            Dim::Columns => &target.layout().hidden_columns,
        };
        Ok(set.contains(&index))
    }

    /// `setFrozenRows(n)` / `setFrozenColumns(n)`: at least one row (column) stays
    /// unfrozen, and the boundary may not cut a merge.
    pub fn set_frozen(&mut self, sheet: &SheetRef, dim: Dim, count: i64) -> ServiceResult<()> {
        let target = self.sheet(sheet)?;
        let (size, too_many) = match dim {
            Dim::Rows => (target.max_rows(), st::FREEZE_ALL_ROWS),
            Dim::Columns => (target.max_columns(), st::FREEZE_ALL_COLUMNS),
        };
        if count < 0 || count >= i64::from(size) {
            return fail(too_many);
        }
        let count = count as u32;
        let cuts = |m: &CellBox| match dim {
            Dim::Rows => m.row <= count && count < m.last_row,
            Dim::Columns => m.column <= count && count < m.last_column,
        };
        if target.layout().merges.iter().any(cuts) {
            return fail(st::FREEZE_PART_OF_MERGE);
        }
        let layout = self.sheet_mut(sheet)?.layout_mut();
        match dim {
            Dim::Rows => layout.frozen_rows = count,
            Dim::Columns => layout.frozen_columns = count,
        }
        Ok(())
    }

    /// `getFrozenRows()` / `getFrozenColumns()`.
    pub fn frozen(&self, sheet: &SheetRef, dim: Dim) -> ServiceResult<u32> {
        Ok(frozen(self.sheet(sheet)?.layout(), dim))
    }

    /// `autoResizeColumn(s)` / `autoResizeRows`: checked, and recorded in the call trace;
    /// gas-sim keeps no text measurements, so sizes do not change.
    pub fn auto_resize(&self, sheet: &SheetRef, dim: Dim, start: i64, count: i64) -> ServiceResult<()> {
        check_span(self.sheet(sheet)?, dim, start, count)?;
        Ok(())
    }

    /// `Range.merge()`, `mergeAcross()`, `mergeVertically()`: merges already inside the
    /// range are replaced; one the range covers only in part, or a merge across the
    /// frozen boundary, is refused. A merge keeps only its top-left cell's value.
    pub fn merge(&mut self, range: &RangeRef, kind: MergeKind) -> ServiceResult<()> {
        let sheet = self.range_sheet(range)?;
        let area = range_box(range);
        let merges: Vec<CellBox> = match kind {
            MergeKind::All => vec![area],
            MergeKind::Across => (area.row..=area.last_row).map(|row| CellBox { row, last_row: row, ..area }).collect(),
            MergeKind::Vertically => {
                (area.column..=area.last_column).map(|column| CellBox { column, last_column: column, ..area }).collect()
            }
        };
        let layout = sheet.layout();
        let crosses = |first: u32, last: u32, frozen: u32| frozen > 0 && first <= frozen && frozen < last;
        if merges.iter().any(|m| crosses(m.row, m.last_row, layout.frozen_rows)) {
            return fail(st::MERGE_FROZEN_ROWS);
        }
        if merges.iter().any(|m| crosses(m.column, m.last_column, layout.frozen_columns)) {
            return fail(st::MERGE_FROZEN_COLUMNS);
        }
        check_whole_merges(layout, &area)?;
        let target = self.sheet_mut(&range.sheet)?;
        target.layout_mut().break_apart(&area);
        for m in merges.iter().filter(|m| !m.is_single_cell()) {
            for row in m.row..=m.last_row.min(target.last_row()) {
                for column in m.column..=m.last_column {
                    if (row, column) != (m.row, m.column) {
                        target.set_cell(row, column, CellValue::Empty);
                    }
                }
            }
            target.formulas_mut().clear_box(m.row, m.column + 1, m.row, m.last_column);
            target.formulas_mut().clear_box(m.row + 1, m.column, m.last_row, m.last_column);
            target.trim_rows(m.row, m.last_row);
        }
        target.layout_mut().add_merges(merges);
        Ok(())
    }

    /// `Range.breakApart()`: every merge in the range, which must cover each whole.
    pub fn break_apart(&mut self, range: &RangeRef) -> ServiceResult<()> {
        let area = range_box(range);
        check_whole_merges(self.range_sheet(range)?.layout(), &area)?;
        self.sheet_mut(&range.sheet)?.layout_mut().break_apart(&area);
        Ok(())
    }

    /// `Range.getMergedRanges()`: the merges inside the range or overlapping it (documented).
    pub fn merged_ranges(&self, range: &RangeRef) -> ServiceResult<Vec<RangeRef>> {
        let sheet = self.range_sheet(range)?;
        let merges = sheet.layout().merges_in(&range_box(range));
        Ok(merges.iter().map(|m| box_range(&range.sheet, m)).collect())
    }

    /// `Range.isPartOfMerge()`: whether any cell of the range is merged (documented).
    pub fn is_part_of_merge(&self, range: &RangeRef) -> ServiceResult<bool> {
        Ok(!self.range_sheet(range)?.layout().merges_in(&range_box(range)).is_empty())
    }
}

/// Every merge the area touches must lie wholly inside it.
pub(super) fn check_whole_merges(layout: &Layout, area: &CellBox) -> ServiceResult<()> {
    if layout.merges_in(area).iter().any(|m| !area.covers(m)) {
        return Err(ServiceError::new(st::PART_OF_MERGE));
    }
    Ok(())
}

pub(super) fn range_box(range: &RangeRef) -> CellBox {
    CellBox::new(range.row, range.column, range.num_rows, range.num_columns)
}

pub(super) fn box_range(sheet: &SheetRef, b: &CellBox) -> RangeRef {
    RangeRef {
        sheet: sheet.clone(),
        row: b.row,
        column: b.column,
        num_rows: b.num_rows(),
        num_columns: b.num_columns(),
        bounds: crate::sheets::Bounds::ALL,
    }
}
