//! What is "active" for an execution: the sheet, the selected range or range list, the
//! current cell, and Ctrl+arrow's next data edge.

use serde::{Deserialize, Serialize};

use crate::sheets::{RangeRef, SheetRef, Spreadsheets};
use crate::{ServiceError, ServiceResult};

/// The range a selection stands for now: the selected range while its sheet exists and
/// it fits the sheet, else the first sheet's A1 (what a page without a selection shows).
pub fn active_range(books: &Spreadsheets, id: &str, selected: Option<&RangeRef>) -> ServiceResult<RangeRef> {
    if let Some(range) = selected.filter(|r| r.sheet.spreadsheet_id == id) {
        if let Ok(fits) = books.get_range(
            &range.sheet,
            i64::from(range.row),
            i64::from(range.column),
            i64::from(range.num_rows),
            i64::from(range.num_columns),
        ) {
            return Ok(fits);
        }
    }
    let first = books.active_sheet(id)?;
    books.get_range(&first, 1, 1, 1, 1)
}

/// `setActiveSheet(sheet)`: the sheet's A1 becomes the selection.
pub fn select_sheet(books: &Spreadsheets, sheet: &SheetRef) -> ServiceResult<RangeRef> {
    books.get_range(sheet, 1, 1, 1, 1)
}

/// `getCurrentCell()` after a script set the selection: the range's top-left cell
/// (documented for `setActiveRange`).
pub fn current_cell(range: &RangeRef) -> RangeRef {
    range.cell(range.row, range.column)
}

/// A selection beyond one range: the selected ranges, the active range last, and the
/// current cell (`setActiveRangeList`, `setCurrentCell`). Kept beside the active range
/// (`UserSession::selection`, the execution's own) and only while its last range is that
/// range, so whoever sets the active range alone (a scenario's `selection`) resets it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectionState {
    pub ranges: Vec<RangeRef>,
    pub current: RangeRef,
}

/// The ranges a selection may hold (gas-sim's limit: the UI has no documented one).
pub const SELECTED_RANGES_MAX: usize = 1_000;
pub const CURRENT_CELL_NOT_ONE_CELL: &str = "The current cell must be a single cell.";
pub const RANGE_LIST_EMPTY: &str = "The range list is empty.";
pub const RANGE_LIST_SHEETS: &str = "The ranges of a range list must be on one sheet.";

impl SelectionState {
    /// `setActiveRange(range)`: one range, its top-left cell current (documented).
    pub fn of_range(range: RangeRef) -> SelectionState {
        SelectionState { current: current_cell(&range), ranges: vec![range] }
    }

    /// The active range: the last selected.
    pub fn active(&self) -> &RangeRef {
        self.ranges.last().expect("a selection holds at least one range")
    }

    /// Whether this selection says more than its active range alone.
    pub fn is_plain(&self) -> bool {
        self.ranges.len() == 1 && self.current == current_cell(self.active())
    }

    /// The state to keep beside `active`: this one while it belongs to that range.
    pub fn belongs_to(&self, active: &RangeRef) -> bool {
        self.ranges.last() == Some(active)
    }
}

/// `setActiveRangeList(rangeList)` / `RangeList.activate()`: every range selected, the
/// last active, its top-left cell current (documented: "Current Cell: D1" after
/// activating `A1:B4, D1:E4`).
pub fn select_list(ranges: Vec<RangeRef>) -> ServiceResult<SelectionState> {
    let Some(last) = ranges.last() else {
        return Err(ServiceError::new(RANGE_LIST_EMPTY));
    };
    if ranges.iter().any(|r| r.sheet != last.sheet) {
        return Err(ServiceError::new(RANGE_LIST_SHEETS));
    }
    if ranges.len() > SELECTED_RANGES_MAX {
        return Err(ServiceError::new(format!("gas-sim: a selection holds at most {SELECTED_RANGES_MAX} ranges")));
    }
    Ok(SelectionState { current: current_cell(last), ranges })
}

/// `setCurrentCell(cell)` / `Range.activateAsCurrentCell()` (documented): inside a
/// selected range, that range becomes active with the cell current; else the cell alone
/// is the selection.
pub fn with_current_cell(state: &SelectionState, cell: RangeRef) -> ServiceResult<SelectionState> {
    if cell.num_rows != 1 || cell.num_columns != 1 {
        return Err(ServiceError::new(CURRENT_CELL_NOT_ONE_CELL));
    }
    let inside = |r: &RangeRef| {
        r.sheet == cell.sheet
            && (r.row..=r.last_row()).contains(&cell.row)
            && (r.column..=r.last_column()).contains(&cell.column)
    };
    match state.ranges.iter().rposition(inside) {
        Some(i) => {
            let mut ranges = state.ranges.clone();
            let chosen = ranges.remove(i);
            ranges.push(chosen);
            Ok(SelectionState { ranges, current: cell })
        }
        None => Ok(SelectionState::of_range(cell)),
    }
}

/// The whole selection of spreadsheet `id`: the kept state while it belongs to the
/// active range and all its ranges still fit, else the active range alone.
pub fn selection_of(
    books: &Spreadsheets,
    id: &str,
    selected: Option<&RangeRef>,
    kept: Option<&SelectionState>,
) -> ServiceResult<SelectionState> {
    let active = active_range(books, id, selected)?;
    if let Some(state) = kept.filter(|s| s.belongs_to(&active)) {
        let fits = |r: &RangeRef| active_range(books, id, Some(r)).is_ok_and(|fit| fit == *r);
        // A state file could hold a current cell outside the active range, which
        // `next_data_range` relies on never happening.
        let (range, cell) = (state.active(), &state.current);
        let inside = cell.row >= range.row
            && cell.last_row() <= range.last_row()
            && cell.column >= range.column
            && cell.last_column() <= range.last_column();
        if state.ranges.iter().all(fits) && fits(&state.current) && inside {
            return Ok(state.clone());
        }
    }
    Ok(SelectionState::of_range(active))
}

/// `Selection.getNextDataRange(direction)`: the active range with one edge moved to the
/// next data cell (`Range.getNextDataCell`), still covering the current cell, as
/// Ctrl+Shift+arrow does: the edge away from the current cell moves (so a range that
/// extends past the current cell in that direction shrinks toward it). A range spanning
/// the whole sheet along that dimension is returned as it is (documented: "unbounded").
pub fn next_data_range(
    books: &Spreadsheets,
    state: &SelectionState,
    direction: crate::sheets::Direction,
) -> ServiceResult<RangeRef> {
    use crate::sheets::Direction;
    let active = state.active().clone();
    let current = &state.current;
    let max_rows = books.max_rows(&active.sheet)?;
    let max_columns = books.max_columns(&active.sheet)?;
    let vertical = matches!(direction, Direction::Up | Direction::Down);
    if (vertical && active.row == 1 && active.last_row() == max_rows)
        || (!vertical && active.column == 1 && active.last_column() == max_columns)
    {
        return Ok(active);
    }
    let (mut top, mut left, mut bottom, mut right) =
        (active.row, active.column, active.last_row(), active.last_column());
    let step = |row: u32, column: u32| books.next_data_cell(&active.cell(row, column), direction);
    match direction {
        Direction::Up if bottom > current.row => bottom = step(bottom, current.column)?.row.max(current.row),
        Direction::Up => top = step(top, current.column)?.row,
        Direction::Down if top < current.row => top = step(top, current.column)?.row.min(current.row),
        Direction::Down => bottom = step(bottom, current.column)?.row,
        Direction::Previous if right > current.column => right = step(current.row, right)?.column.max(current.column),
        Direction::Previous => left = step(current.row, left)?.column,
        Direction::Next if left < current.column => left = step(current.row, left)?.column.min(current.column),
        Direction::Next => right = step(current.row, right)?.column,
    }
    Ok(RangeRef {
        sheet: active.sheet,
        row: top,
        column: left,
        num_rows: bottom - top + 1,
        num_columns: right - left + 1,
        bounds: crate::sheets::Bounds::ALL,
    })
}
