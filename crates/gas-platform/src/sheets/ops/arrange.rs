//! Ranges arranged: navigation (`offset`, `getCell`, `getNextDataCell`, `getDataRegion`,
//! `isBlank`), sorting, duplicates, whitespace, shuffling, copying and moving, cells
//! shifted, auto-fill, and rows or columns moved. Blocks of cells move with every
//! per-cell layer (`block.rs`).

use super::super::block::{CellBlock, Parts};
use super::super::model::{Sheet, Spreadsheets};
use super::super::rule_moves::{take_moved_filter, take_moved_rules, tiled_copied_rules};
use super::super::shift::{CellBox, Dim};
use super::super::sort::{compare, duplicate_key, trim_whitespace};
use super::super::{series, structure_text as st, text, RangeRef, SheetRef};
use super::check_range;
use super::structure::{box_range, check_whole_merges, range_box};
use crate::error::{ServiceError, ServiceResult};
use crate::rng::SeededRng;
use crate::CellValue;

/// `SpreadsheetApp.Direction`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Previous,
    Next,
}

impl Direction {
    pub fn from_name(name: &str) -> Option<Direction> {
        match name {
            "UP" => Some(Direction::Up),
            "DOWN" => Some(Direction::Down),
            "PREVIOUS" => Some(Direction::Previous),
            "NEXT" => Some(Direction::Next),
            _ => None,
        }
    }
}

/// What `copyTo` carries (`CopyPasteType` and the options object, decided by the binding).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopyMode {
    pub contents: bool,
    /// Results only: formulas are dropped (`PASTE_VALUES`).
    pub values_only: bool,
    pub formats: bool,
    /// Data validation rules: with a normal paste and with formats (the Sheets API
    /// documents `PASTE_FORMAT` as "the format and data validation only").
    pub validations: bool,
    pub transposed: bool,
}

fn filled(sheet: &Sheet, row: u32, column: u32) -> bool {
    !sheet.cell(row, column).is_empty() || sheet.formulas().get(row, column).is_some()
}

/// How many whole copies of a `(rows, columns)` source a paste into a `target` of that
/// shape makes, down and across: as many as fit, and at least one, so that a smaller
/// target still gets the whole source and a 5x5 target of a 2x2 source gets 4x4
/// (observed: a peer's conformance tests, run on the platform; the reference's
/// `copyValuesToRange` says "repeated or truncated").
pub(crate) fn paste_repeats(source: (u32, u32), target: (u32, u32)) -> (u32, u32) {
    debug_assert!(source.0 > 0 && source.1 > 0, "a range has at least one cell");
    ((target.0 / source.0.max(1)).max(1), (target.1 / source.1.max(1)).max(1))
}

fn same_book(a: &RangeRef, b: &SheetRef) -> ServiceResult<()> {
    if a.sheet.spreadsheet_id != b.spreadsheet_id {
        return Err(ServiceError::new(st::OTHER_SPREADSHEET));
    }
    Ok(())
}

fn parts_of(mode: CopyMode) -> Parts {
    Parts {
        contents: mode.contents,
        formats: mode.formats,
        notes: mode.contents && mode.formats,
        validations: mode.validations,
    }
}

impl Spreadsheets {
    /// `Range.offset(rows, columns[, numRows[, numColumns]])`: the size defaults to the
    /// range's; the result must lie in the sheet (`getRange`'s checks and texts).
    pub fn offset(
        &self,
        range: &RangeRef,
        row_offset: i64,
        column_offset: i64,
        num_rows: Option<i64>,
        num_columns: Option<i64>,
    ) -> ServiceResult<RangeRef> {
        self.range_sheet(range)?;
        let row = i64::from(range.row).saturating_add(row_offset);
        let column = i64::from(range.column).saturating_add(column_offset);
        let num_rows = num_rows.unwrap_or(i64::from(range.num_rows));
        let num_columns = num_columns.unwrap_or(i64::from(range.num_columns));
        self.get_range(&range.sheet, row, column, num_rows, num_columns)
    }

    /// `Range.getCell(row, column)`: 1-based inside the range.
    pub fn get_cell(&self, range: &RangeRef, row: i64, column: i64) -> ServiceResult<RangeRef> {
        self.range_sheet(range)?;
        let inside =
            (1..=i64::from(range.num_rows)).contains(&row) && (1..=i64::from(range.num_columns)).contains(&column);
        if !inside {
            return Err(ServiceError::new(st::CELL_OUT_OF_RANGE));
        }
        Ok(range.cell(range.row + row as u32 - 1, range.column + column as u32 - 1))
    }

    /// `Range.isBlank()`: no value and no formula in any cell (formats do not count).
    pub fn is_blank(&self, range: &RangeRef) -> ServiceResult<bool> {
        let sheet = self.range_sheet(range)?;
        let b = range_box(range);
        let no_values = (b.row..=b.last_row.min(sheet.last_row()))
            .all(|row| (b.column..=b.last_column).all(|column| sheet.cell(row, column).is_empty()));
        Ok(no_values && sheet.formulas().in_box(b.row, b.column, b.last_row, b.last_column).next().is_none())
    }

    /// `Range.getNextDataCell(direction)`: from the range's top-left cell, what Ctrl+arrow
    /// reaches (documented): the end of the run of filled cells it is in, else the next
    /// filled cell, else the sheet's edge.
    pub fn next_data_cell(&self, range: &RangeRef, direction: Direction) -> ServiceResult<RangeRef> {
        let sheet = self.range_sheet(range)?;
        let (max_rows, max_columns) = (sheet.max_rows(), sheet.max_columns());
        let step = |(r, c): (u32, u32)| -> Option<(u32, u32)> {
            match direction {
                Direction::Up => (r > 1).then(|| (r - 1, c)),
                Direction::Down => (r < max_rows).then_some((r + 1, c)),
                Direction::Previous => (c > 1).then(|| (r, c - 1)),
                Direction::Next => (c < max_columns).then_some((r, c + 1)),
            }
        };
        // Past the content area nothing is filled: jump to the edge.
        let beyond = |(r, c): (u32, u32)| match direction {
            Direction::Down => r > sheet.last_row(),
            Direction::Next => c > sheet.rows().get(r as usize - 1).map_or(0, |cells| cells.len() as u32),
            _ => false,
        };
        let edge = |(r, c): (u32, u32)| match direction {
            Direction::Down => (max_rows, c),
            Direction::Next => (r, max_columns),
            _ => (r, c),
        };
        let start = (range.row, range.column);
        let Some(next) = step(start) else { return Ok(range.cell(start.0, start.1)) };
        let mut at = next;
        if filled(sheet, start.0, start.1) && filled(sheet, next.0, next.1) {
            while let Some(further) = step(at).filter(|&(r, c)| filled(sheet, r, c)) {
                at = further;
            }
        } else {
            while !filled(sheet, at.0, at.1) {
                if beyond(at) {
                    at = edge(at);
                    break;
                }
                match step(at) {
                    Some(further) => at = further,
                    None => break,
                }
            }
        }
        Ok(range.cell(at.0, at.1))
    }

    /// `Range.getDataRegion([dimension])`: the range grown up, down, left and right while
    /// a cell beside it (not diagonally) holds data (documented: Ctrl+A). With a
    /// dimension, the region's rows (or columns) and the range's columns (or rows)
    /// (assumed reading of "expanded UP and DOWN").
    pub fn data_region(&self, range: &RangeRef, dim: Option<Dim>) -> ServiceResult<RangeRef> {
        let sheet = self.range_sheet(range)?;
        let mut b = range_box(range);
        let any_in_row = |row: u32, b: &CellBox| (b.column..=b.last_column).any(|c| filled(sheet, row, c));
        let any_in_column = |column: u32, b: &CellBox| (b.row..=b.last_row).any(|r| filled(sheet, r, column));
        loop {
            let before = b;
            if b.row > 1 && any_in_row(b.row - 1, &b) {
                b.row -= 1;
            }
            if b.last_row < sheet.max_rows() && any_in_row(b.last_row + 1, &b) {
                b.last_row += 1;
            }
            if b.column > 1 && any_in_column(b.column - 1, &b) {
                b.column -= 1;
            }
            if b.last_column < sheet.max_columns() && any_in_column(b.last_column + 1, &b) {
                b.last_column += 1;
            }
            if b == before {
                break;
            }
        }
        let found = match dim {
            None => b,
            Some(Dim::Rows) => CellBox { column: range.column, last_column: range.last_column(), ..b },
            Some(Dim::Columns) => CellBox { row: range.row, last_row: range.last_row(), ..b },
        };
        Ok(box_range(&range.sheet, &found))
    }

    /// `Range.sort(spec)` with the spec read into (column, ascending) keys, first key
    /// first; columns are the sheet's, inside the range. Rows move whole (values,
    /// formulas, formats, notes); the order of types is `sort.rs`'s.
    pub fn sort_range(&mut self, range: &RangeRef, keys: &[(i64, bool)]) -> ServiceResult<()> {
        self.range_sheet(range)?;
        if keys.is_empty() {
            return Err(ServiceError::new(st::SORT_SPEC_INVALID));
        }
        let columns = i64::from(range.column)..=i64::from(range.last_column());
        if keys.iter().any(|(column, _)| !columns.contains(column)) {
            return Err(ServiceError::new(st::SORT_COLUMN_OUT_OF_RANGE));
        }
        let keys: Vec<(u32, bool)> = keys.iter().map(|&(c, up)| (c as u32 - range.column, up)).collect();
        self.rearrange_rows(range, |block| {
            let mut order: Vec<u32> = (0..block.num_rows).collect();
            order.sort_by(|&a, &b| {
                keys.iter().fold(std::cmp::Ordering::Equal, |so_far, &(c, up)| {
                    so_far.then_with(|| compare(block.value(a, c), block.value(b, c), up))
                })
            });
            block.permute_rows(&order);
        })
    }

    /// `Sheet.sort(column[, ascending])`: every row below the frozen rows, up to the last
    /// with content (documented: the sheet by column).
    pub fn sort_sheet(&mut self, sheet: &SheetRef, column: i64, ascending: bool) -> ServiceResult<()> {
        let target = self.sheet(sheet)?;
        if column < 1 || column > i64::from(target.max_columns()) {
            return Err(ServiceError::new(st::COLUMNS_OUT_OF_BOUNDS));
        }
        let first = target.layout().frozen_rows + 1;
        let (last_row, last_column) = (target.last_row(), target.last_column().max(column as u32));
        if last_row < first {
            return Ok(());
        }
        let range = RangeRef {
            sheet: sheet.clone(),
            row: first,
            column: 1,
            num_rows: last_row - first + 1,
            num_columns: last_column,
            bounds: crate::sheets::Bounds::ALL,
        };
        self.sort_range(&range, &[(column, ascending)])
    }

    /// `Range.removeDuplicates([columns])`: rows equal (ignoring case) to an earlier row on
    /// the compared columns go; the rest move up within the range. Returns the shrunken range.
    pub fn remove_duplicates(&mut self, range: &RangeRef, columns: Option<&[i64]>) -> ServiceResult<RangeRef> {
        self.range_sheet(range)?;
        let all: Vec<i64> = (i64::from(range.column)..=i64::from(range.last_column())).collect();
        let columns = columns.unwrap_or(&all);
        if columns.iter().any(|c| !all.contains(c)) {
            return Err(ServiceError::new(st::DUPLICATE_COLUMN_OUT_OF_RANGE));
        }
        let offsets: Vec<u32> = columns.iter().map(|&c| c as u32 - range.column).collect();
        let mut kept_rows = 0;
        self.rearrange_rows(range, |block| {
            let mut seen = std::collections::BTreeSet::new();
            let kept: Vec<u32> = (0..block.num_rows)
                .filter(|&r| seen.insert(offsets.iter().map(|&c| duplicate_key(block.value(r, c))).collect::<Vec<_>>()))
                .collect();
            kept_rows = kept.len() as u32;
            block.keep_rows(&kept);
        })?;
        Ok(RangeRef { num_rows: kept_rows.max(1), bounds: crate::sheets::Bounds::ALL, ..range.clone() })
    }

    /// `Range.randomize()`: the rows in an order drawn from the execution's seeded stream.
    pub fn randomize(&mut self, range: &RangeRef, rng: &mut SeededRng) -> ServiceResult<()> {
        self.rearrange_rows(range, |block| {
            let mut order: Vec<u32> = (0..block.num_rows).collect();
            for i in (1..order.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                order.swap(i, j);
            }
            block.permute_rows(&order);
        })
    }

    /// Lifts the range's block, lets `change` reorder or drop its rows, and puts it back
    /// (rows the change dropped are left empty).
    fn rearrange_rows(&mut self, range: &RangeRef, change: impl FnOnce(&mut CellBlock)) -> ServiceResult<()> {
        let b = range_box(range);
        let mut block = self.range_sheet(range)?.take_block(b);
        let height = block.num_rows;
        change(&mut block);
        block.num_rows = height;
        // A formula that changed rows reads its own new row, as if copied there (assumed,
        // as in Excel: a per-row formula such as `=A2*B2` keeps working after a sort).
        let CellBlock { formulas, row_origins, .. } = &mut block;
        for ((r, c), formula) in formulas.iter_mut() {
            let old = row_origins.get(*r as usize).copied().unwrap_or(*r);
            if old != *r {
                let column = b.column + *c;
                *formula = self.copied_formula(range, formula, (b.row + old, column), (b.row + *r, column));
            }
        }
        let sheet = self.sheet_mut(&range.sheet)?;
        sheet.put_block(b.row, b.column, &block, Parts::ALL);
        Ok(())
    }

    /// `Range.trimWhitespace()`: every text cell trimmed (documented); the result stays text.
    pub fn trim_whitespace(&mut self, range: &RangeRef) -> ServiceResult<()> {
        let sheet = self.range_sheet(range)?;
        let mut changes = Vec::new();
        for row in range.row..=range.last_row().min(sheet.last_row()) {
            for column in range.column..=range.last_column() {
                if let CellValue::String(s) = sheet.cell(row, column) {
                    let trimmed = trim_whitespace(s);
                    if trimmed != *s && sheet.formulas().get(row, column).is_none() {
                        changes.push((row, column, CellValue::String(trimmed)));
                    }
                }
            }
        }
        let sheet = self.sheet_mut(&range.sheet)?;
        for (row, column, value) in changes {
            sheet.set_cell(row, column, value);
        }
        sheet.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.copyTo(destination[, ...])`: the block from the destination's top-left cell
    /// (documented), as many whole times as fit in the destination, at least once
    /// ([`paste_repeats`]), on any sheet of the same spreadsheet.
    pub fn copy_to(&mut self, range: &RangeRef, destination: &RangeRef, mode: CopyMode) -> ServiceResult<()> {
        same_book(range, &destination.sheet)?;
        let mut block = self.range_sheet(range)?.take_block(range_box(range));
        if mode.transposed {
            block = block.transposed();
        }
        let (height, width) = (block.num_rows, block.num_columns);
        let (down, across) = paste_repeats((height, width), (destination.num_rows, destination.num_columns));
        let mut block = block.tiled(height * down, width * across);
        let to = (destination.row, destination.column);
        for ((r, c), formula) in &mut block.formulas {
            let (tile_r, tile_c) = (*r % height, *c % width);
            let (source_r, source_c) = if mode.transposed { (tile_c, tile_r) } else { (tile_r, tile_c) };
            let from = (range.row + source_r, range.column + source_c);
            *formula = self.copied_formula(range, formula, from, (to.0 + *r, to.1 + *c));
        }
        // Colour rules go with a paste of formats (not transposed: assumed).
        let rules = match mode.formats && !mode.transposed {
            true => {
                let source = self.range_sheet(range)?;
                tiled_copied_rules(source, range_box(range), destination.sheet.sheet_id, to, (down, across))
            }
            false => Vec::new(),
        };
        self.put_at(&destination.sheet, to.0, to.1, block, mode)?;
        self.sheet_mut(&destination.sheet)?.objects_mut().conditional_formats.extend(rules);
        Ok(())
    }

    /// `copyValuesToRange` / `copyFormatToRange(sheet, column, columnEnd, row, rowEnd)`:
    /// the source as many whole times as fit in the target, at least once
    /// ([`paste_repeats`]).
    #[allow(clippy::too_many_arguments)]
    pub fn copy_to_box(
        &mut self,
        range: &RangeRef,
        sheet: &SheetRef,
        column: i64,
        column_end: i64,
        row: i64,
        row_end: i64,
        mode: CopyMode,
    ) -> ServiceResult<()> {
        same_book(range, sheet)?;
        let target = self.sheet(sheet)?;
        let (num_rows, num_columns) = (row_end.saturating_sub(row) + 1, column_end.saturating_sub(column) + 1);
        check_range(target, row, column, num_rows, num_columns)?;
        let (down, across) = paste_repeats((range.num_rows, range.num_columns), (num_rows as u32, num_columns as u32));
        let block = self
            .range_sheet(range)?
            .take_block(range_box(range))
            .tiled(range.num_rows * down, range.num_columns * across);
        self.put_at(sheet, row as u32, column as u32, block, mode)
    }

    fn put_at(
        &mut self,
        sheet: &SheetRef,
        row: u32,
        column: u32,
        mut block: CellBlock,
        mode: CopyMode,
    ) -> ServiceResult<()> {
        let target = self.sheet(sheet)?;
        check_range(
            target,
            i64::from(row),
            i64::from(column),
            i64::from(block.num_rows),
            i64::from(block.num_columns),
        )?;
        if mode.values_only {
            block.formulas.clear();
        }
        self.sheet_mut(sheet)?.put_block(row, column, &block, parts_of(mode));
        Ok(())
    }

    /// `Range.moveTo(target)`: cut and paste, values and formats (documented); merges
    /// wholly inside the source move with it.
    pub fn move_to(&mut self, range: &RangeRef, destination: &RangeRef) -> ServiceResult<()> {
        same_book(range, &destination.sheet)?;
        let source_box = range_box(range);
        let source = self.range_sheet(range)?;
        check_whole_merges(source.layout(), &source_box)?;
        let block = source.take_block(source_box);
        let merges = source.layout().merges_in(&source_box);
        let target = self.sheet(&destination.sheet)?;
        let (row, column) = (destination.row, destination.column);
        check_range(
            target,
            i64::from(row),
            i64::from(column),
            i64::from(block.num_rows),
            i64::from(block.num_columns),
        )?;
        let target_box = CellBox::new(row, column, block.num_rows, block.num_columns);
        check_whole_merges(target.layout(), &target_box)?;

        // References to the moved cells follow them (the moved formulas' too); those to
        // cells the paste overwrites read `#REF!` (assumed, as in Excel's cut and paste).
        let (source_id, target_id) = (range.sheet.sheet_id, destination.sheet.sheet_id);
        self.remap_formulas(&range.sheet.spreadsheet_id, |gid, r, c| {
            if gid == source_id && source_box.contains(r, c) {
                Some((target_id, r - source_box.row + row, c - source_box.column + column))
            } else if gid == target_id && target_box.contains(r, c) {
                None
            } else {
                Some((gid, r, c))
            }
        })?;
        let block = self.range_sheet(range)?.take_block(source_box);
        let target_has_filter = source_id != target_id && self.sheet(&destination.sheet)?.objects().filter.is_some();
        let source = self.sheet_mut(&range.sheet)?;
        source.clear_block(source_box, Parts::ALL);
        source.layout_mut().break_apart(&source_box);
        let rules = take_moved_rules(source, source_box, target_id, (row, column));
        let filter =
            if target_has_filter { None } else { take_moved_filter(source, source_box, target_id, (row, column)) };
        let target = self.sheet_mut(&destination.sheet)?;
        target.put_block(row, column, &block, Parts::ALL);
        target.objects_mut().conditional_formats.extend(rules);
        if filter.is_some() {
            target.objects_mut().filter = filter;
        }
        target.layout_mut().break_apart(&target_box);
        let moved = merges.iter().map(|m| CellBox {
            row: m.row - source_box.row + row,
            last_row: m.last_row - source_box.row + row,
            column: m.column - source_box.column + column,
            last_column: m.last_column - source_box.column + column,
        });
        target.layout_mut().add_merges(moved);
        self.book_mut(&range.sheet.spreadsheet_id)?.move_bandings(source_id, source_box, target_id, (row, column));
        Ok(())
    }

    /// `Range.insertCells(dimension)` (`insert`) / `deleteCells(dimension)`: the cells
    /// below (`ROWS`) or to the right (`COLUMNS`) of the range, in its columns (rows),
    /// move by its height (width). The grid keeps its size: inserted cells push the
    /// last ones off the sheet (assumed). Merges in the moving band move; one it cuts is refused.
    pub fn shift_cells(&mut self, range: &RangeRef, dim: Dim, insert: bool) -> ServiceResult<()> {
        let sheet = self.range_sheet(range)?;
        let (max_rows, max_columns) = (sheet.max_rows(), sheet.max_columns());
        let band = match dim {
            Dim::Rows => CellBox { last_row: max_rows, ..range_box(range) },
            Dim::Columns => CellBox { last_column: max_columns, ..range_box(range) },
        };
        check_whole_merges(sheet.layout(), &band)?;
        let k = match dim {
            Dim::Rows => range.num_rows,
            Dim::Columns => range.num_columns,
        };
        let moved = |b: CellBox| -> Option<CellBox> {
            let (first, last, limit) = match dim {
                Dim::Rows => (b.row, b.last_row, max_rows),
                Dim::Columns => (b.column, b.last_column, max_columns),
            };
            let (first, last) = if insert {
                (first + k, last + k)
            } else {
                let start = match dim {
                    Dim::Rows => band.row,
                    Dim::Columns => band.column,
                };
                if first < start + k {
                    return None;
                }
                (first - k, last - k)
            };
            if last > limit {
                return None;
            }
            Some(match dim {
                Dim::Rows => CellBox { row: first, last_row: last, ..b },
                Dim::Columns => CellBox { column: first, last_column: last, ..b },
            })
        };
        // The part of the band that stays on the sheet, and where it goes.
        let source = match (dim, insert) {
            (Dim::Rows, true) => (band.row + k <= max_rows).then(|| CellBox { last_row: max_rows - k, ..band }),
            (Dim::Rows, false) => (band.row + k <= max_rows).then(|| CellBox { row: band.row + k, ..band }),
            (Dim::Columns, true) => {
                (band.column + k <= max_columns).then(|| CellBox { last_column: max_columns - k, ..band })
            }
            (Dim::Columns, false) => {
                (band.column + k <= max_columns).then(|| CellBox { column: band.column + k, ..band })
            }
        };
        let merges: Vec<CellBox> = sheet.layout().merges_in(&band).into_iter().filter_map(moved).collect();
        // References follow the shifted cells; those to deleted or pushed-off cells read `#REF!`.
        let cut = range_box(range);
        let gid = range.sheet.sheet_id;
        self.remap_formulas(&range.sheet.spreadsheet_id, |g, r, c| {
            if g != gid || !band.contains(r, c) {
                return Some((g, r, c));
            }
            if !insert && cut.contains(r, c) {
                return None;
            }
            moved(CellBox::new(r, c, 1, 1)).map(|to| (g, to.row, to.column))
        })?;
        let sheet = self.range_sheet(range)?;
        let block = source.map(|b| (b, sheet.take_block(b)));
        let target = self.sheet_mut(&range.sheet)?;
        target.clear_block(band, Parts::ALL);
        target.layout_mut().break_apart(&band);
        if let Some((b, block)) = block {
            let to = moved(b).map_or((band.row, band.column), |to| (to.row, to.column));
            target.put_block(to.0, to.1, &block, Parts::ALL);
        }
        target.layout_mut().add_merges(merges);
        Ok(())
    }

    /// `Range.autoFill(destination, series)`: the destination must hold the source and
    /// extend it one way; every line of the source continues its series (`series.rs`),
    /// formats repeat.
    pub fn auto_fill(&mut self, range: &RangeRef, destination: &RangeRef, increments: bool) -> ServiceResult<()> {
        let sheet = self.range_sheet(range)?;
        if destination.sheet != range.sheet {
            return Err(ServiceError::new(st::AUTOFILL_DESTINATION));
        }
        check_range(
            sheet,
            i64::from(destination.row),
            i64::from(destination.column),
            i64::from(destination.num_rows),
            i64::from(destination.num_columns),
        )?;
        let (src, dst) = (range_box(range), range_box(destination));
        let same_columns = src.column == dst.column && src.last_column == dst.last_column;
        let same_rows = src.row == dst.row && src.last_row == dst.last_row;
        // (dimension, forwards, new cells)
        let fill = if same_columns && dst.row == src.row && dst.last_row > src.last_row {
            (Dim::Rows, true, dst.last_row - src.last_row)
        } else if same_columns && dst.last_row == src.last_row && dst.row < src.row {
            (Dim::Rows, false, src.row - dst.row)
        } else if same_rows && dst.column == src.column && dst.last_column > src.last_column {
            (Dim::Columns, true, dst.last_column - src.last_column)
        } else if same_rows && dst.last_column == src.last_column && dst.column < src.column {
            (Dim::Columns, false, src.column - dst.column)
        } else if src == dst {
            return Ok(());
        } else if dst.contains(src.row, src.column) && dst.contains(src.last_row, src.last_column) {
            return Err(ServiceError::new(st::AUTOFILL_ONE_DIRECTION));
        } else {
            return Err(ServiceError::new(st::AUTOFILL_DESTINATION));
        };
        let (dim, forwards, count) = fill;
        let lines = match dim {
            Dim::Rows => src.column..=src.last_column,
            Dim::Columns => src.row..=src.last_row,
        };
        let mut writes = Vec::new();
        for line in lines {
            // The source line's cells, in fill order.
            let mut cells: Vec<(u32, u32)> = match dim {
                Dim::Rows => (src.row..=src.last_row).map(|r| (r, line)).collect(),
                Dim::Columns => (src.column..=src.last_column).map(|c| (line, c)).collect(),
            };
            if !forwards {
                cells.reverse();
            }
            let values: Vec<CellValue> = cells.iter().map(|&(r, c)| sheet.cell(r, c).clone()).collect();
            let (last_r, last_c) = *cells.last().expect("a range has a cell");
            for step in 1..=count {
                let to = match (dim, forwards) {
                    (Dim::Rows, true) => (last_r + step, last_c),
                    (Dim::Rows, false) => (last_r - step, last_c),
                    (Dim::Columns, true) => (last_r, last_c + step),
                    (Dim::Columns, false) => (last_r, last_c - step),
                };
                let from = cells[(step as usize - 1) % cells.len()];
                let format = sheet.formats().get(from.0, from.1).cloned();
                // A formula is filled as a copy (its relative references move), not as a series.
                let formula = sheet.formulas().get(from.0, from.1).map(|f| self.copied_formula(range, f, from, to));
                writes.push((to, series::next_value(&values, step, increments), format, formula));
            }
        }
        let target = self.sheet_mut(&range.sheet)?;
        for ((row, column), value, format, formula) in writes {
            let value = if formula.is_some() { CellValue::Empty } else { value };
            target.set_cell(row, column, value);
            target.formulas_mut().set(row, column, formula);
            target.formats_mut().set(row, column, format);
        }
        target.trim_rows(dst.row, dst.last_row);
        Ok(())
    }

    /// `Range.autoFillToNeighbor(series)`: down as far as the column beside the range
    /// (left or right, the longer) has data below the range's first row (documented example).
    pub fn auto_fill_to_neighbor(&mut self, range: &RangeRef, increments: bool) -> ServiceResult<()> {
        let sheet = self.range_sheet(range)?;
        let reach = |column: u32| {
            let mut row = range.last_row();
            while row < sheet.max_rows() && filled(sheet, row + 1, column) {
                row += 1;
            }
            row
        };
        let mut last = range.last_row();
        if range.column > 1 {
            last = last.max(reach(range.column - 1));
        }
        if range.last_column() < sheet.max_columns() {
            last = last.max(reach(range.last_column() + 1));
        }
        let destination =
            RangeRef { num_rows: last - range.row + 1, bounds: crate::sheets::Bounds::ALL, ..range.clone() };
        self.auto_fill(range, &destination, increments)
    }

    /// `Sheet.moveRows(rowSpec, destinationIndex)` / `moveColumns`: the spec's rows
    /// (columns) move to before the destination index (documented, indexes as before
    /// the move), with every layer, their hidden state, and merges wholly inside them.
    pub fn move_lines(&mut self, spec: &RangeRef, dim: Dim, destination: i64) -> ServiceResult<()> {
        let sheet = self.range_sheet(spec)?;
        let (start, count, size) = match dim {
            Dim::Rows => (spec.row, spec.num_rows, sheet.max_rows()),
            Dim::Columns => (spec.column, spec.num_columns, sheet.max_columns()),
        };
        if destination < 1 || destination > i64::from(size) + 1 {
            return Err(ServiceError::new(match dim {
                Dim::Rows => text::ROWS_OUT_OF_BOUNDS,
                Dim::Columns => st::COLUMNS_OUT_OF_BOUNDS,
            }));
        }
        let dest = destination as u32;
        let end = start + count;
        if dest > start && dest < end {
            return Err(ServiceError::new(st::MOVE_INTO_ITSELF));
        }
        if dest == start || dest == end {
            return Ok(());
        }
        // The affected lines lo..=hi and their new order (original indexes).
        let (lo, hi, order): (u32, u32, Vec<u32>) = if dest < start {
            (dest, end - 1, (start..end).chain(dest..start).collect())
        } else {
            (start, dest - 1, (end..dest).chain(start..end).collect())
        };
        let new_index = |i: u32| -> u32 {
            if i < lo || i > hi {
                i
            } else {
                lo + order.iter().position(|&o| o == i).expect("every line of the span is in the order") as u32
            }
        };
        let area = match dim {
            Dim::Rows => CellBox { row: lo, last_row: hi, column: 1, last_column: sheet.max_columns() },
            Dim::Columns => CellBox { row: 1, last_row: sheet.max_rows(), column: lo, last_column: hi },
        };
        let mut merges = Vec::new();
        for m in sheet.layout().merges_in(&area) {
            let (first, last) = match dim {
                Dim::Rows => (m.row, m.last_row),
                Dim::Columns => (m.column, m.last_column),
            };
            let (a, b) = (new_index(first), new_index(last));
            if b < a || b - a != last - first || (first..=last).any(|i| new_index(i) != a + (i - first)) {
                return Err(ServiceError::new(st::PART_OF_MERGE));
            }
            merges.push(match dim {
                Dim::Rows => CellBox { row: a, last_row: b, ..m },
                Dim::Columns => CellBox { column: a, last_column: b, ..m },
            });
        }
        // References follow the moved rows (columns): formulas keep pointing at the same
        // data, as when rows are dragged in Sheets (assumed for moveRows).
        let gid = spec.sheet.sheet_id;
        self.remap_formulas(&spec.sheet.spreadsheet_id, |g, r, c| {
            Some(match (g == gid, dim) {
                (false, _) => (g, r, c),
                (true, Dim::Rows) => (g, new_index(r), c),
                (true, Dim::Columns) => (g, r, new_index(c)),
            })
        })?;
        let mut block = self.range_sheet(spec)?.take_block(area);
        let offsets: Vec<u32> = order.iter().map(|&o| o - lo).collect();
        match dim {
            Dim::Rows => block.permute_rows(&offsets),
            Dim::Columns => block.permute_columns(&offsets),
        }
        let target = self.sheet_mut(&spec.sheet)?;
        target.put_block(area.row, area.column, &block, Parts::ALL);
        let layout = target.layout_mut();
        layout.break_apart(&area);
        layout.add_merges(merges);
        let hidden = match dim {
            Dim::Rows => &mut layout.hidden_rows,
            Dim::Columns => &mut layout.hidden_columns,
        };
        *hidden = hidden.iter().map(|&i| new_index(i)).collect();
        target.groups_mut().dim_mut(dim).move_lines(lo, hi, new_index);
        // A filter's criteria follow their columns' data; one moved out of the filter's
        // range goes (assumed). The range itself stays where it is.
        if let (Dim::Columns, Some(filter)) = (dim, &mut target.objects_mut().filter) {
            let columns = filter.range.column..filter.range.column + filter.range.num_columns;
            let criteria = std::mem::take(&mut filter.columns);
            filter.columns =
                criteria.into_iter().map(|(c, k)| (new_index(c), k)).filter(|(c, _)| columns.contains(c)).collect();
        }
        Ok(())
    }
}
