//! Objects anchored to a box of cells (named ranges, protected ranges, conditional format
//! rules' ranges, a filter's range, bandings): how a box moves when rows or columns are inserted or deleted. This is
//! the one rule every such object follows, so a structural operation calls
//! [`Spreadsheet::shift_anchored`](super::Spreadsheet::shift_anchored) once per change.
//!
//! Sheets' behaviour (documented for named ranges and formulas, observed in the UI):
//! lines inserted before a box move it; inserted inside it (after its first line) grow
//! it; inserted after its last line leave it. Deleted lines before it move it up, deleted
//! lines inside it shrink it. A box whose every row (or column) is deleted is gone
//! (Sheets keeps such a named range as `#REF!`; gas-sim drops it: assumed).

use serde::{Deserialize, Serialize};

use super::shift::{Dim, Shift};

/// A box of cells on one sheet (the sheet's gid), 1-based, at least 1 x 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GridBox {
    pub sheet_id: u32,
    pub row: u32,
    pub column: u32,
    pub num_rows: u32,
    pub num_columns: u32,
}

impl GridBox {
    /// Its cells, without the sheet (to compare with another box of the same sheet).
    pub fn cells(&self) -> super::shift::CellBox {
        super::shift::CellBox::new(self.row, self.column, self.num_rows, self.num_columns)
    }

    /// The box after `shift` on sheet `sheet_id`; `None` when all its rows or columns went.
    pub fn shifted(self, sheet_id: u32, shift: Shift) -> Option<GridBox> {
        if sheet_id != self.sheet_id {
            return Some(self);
        }
        let mut moved = self;
        match shift {
            Shift::Insert { dim: Dim::Rows, at, count } => {
                (moved.row, moved.num_rows) = insert_span(self.row, self.num_rows, at, count)
            }
            Shift::Remove { dim: Dim::Rows, start, count } => {
                (moved.row, moved.num_rows) = remove_span(self.row, self.num_rows, start, count)?
            }
            Shift::Insert { dim: Dim::Columns, at, count } => {
                (moved.column, moved.num_columns) = insert_span(self.column, self.num_columns, at, count)
            }
            Shift::Remove { dim: Dim::Columns, start, count } => {
                (moved.column, moved.num_columns) = remove_span(self.column, self.num_columns, start, count)?
            }
        }
        Some(moved)
    }
}

/// Where an object anchored to cell (`row`, `column`) of sheet `sheet_id` is after
/// `shift` (a chart's or an image's top-left corner): it moves with its cell; when its
/// row or column is deleted, to the line before the deleted ones (the first line at
/// least; assumed, as Sheets keeps the object on the sheet).
pub fn moved_anchor(sheet_id: u32, (row, column): (u32, u32), shift: Shift) -> (u32, u32) {
    let anchor = GridBox { sheet_id, row, column, num_rows: 1, num_columns: 1 };
    match (anchor.shifted(sheet_id, shift), shift) {
        (Some(moved), _) => (moved.row, moved.column),
        (None, Shift::Remove { dim: Dim::Rows, start, .. }) => (start.saturating_sub(1).max(1), column),
        (None, Shift::Remove { start, .. }) => (row, start.saturating_sub(1).max(1)),
        (None, Shift::Insert { .. }) => (row, column),
    }
}

/// A span of lines `start..start + len` after `count` lines are inserted at `at`.
fn insert_span(start: u32, len: u32, at: u32, count: u32) -> (u32, u32) {
    if at <= start {
        (start + count, len)
    } else if at < start + len {
        (start, len + count)
    } else {
        (start, len)
    }
}

/// A span after lines `del..del + count` are deleted; `None` when none of it is left.
fn remove_span(start: u32, len: u32, del: u32, count: u32) -> Option<(u32, u32)> {
    let end = start + len; // exclusive
    let del_end = del + count;
    let kept_before = del.clamp(start, end) - start;
    let kept_after = end - del_end.clamp(start, end);
    let kept = kept_before + kept_after;
    if kept == 0 {
        return None;
    }
    let removed_above = del_end.min(start).saturating_sub(del);
    Some((start - removed_above, kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(row: u32, num_rows: u32) -> GridBox {
        GridBox { sheet_id: 0, row, column: 2, num_rows, num_columns: 3 }
    }

    #[test]
    fn inserted_rows_move_grow_or_leave_a_box() {
        // B3:D5 (rows 3..=5).
        assert_eq!(b(3, 3).shifted(0, Shift::Insert { dim: Dim::Rows, at: 1, count: 2 }), Some(b(5, 3)));
        assert_eq!(
            b(3, 3).shifted(0, Shift::Insert { dim: Dim::Rows, at: 3, count: 2 }),
            Some(b(5, 3)),
            "before its first row"
        );
        assert_eq!(b(3, 3).shifted(0, Shift::Insert { dim: Dim::Rows, at: 4, count: 2 }), Some(b(3, 5)), "inside");
        assert_eq!(
            b(3, 3).shifted(0, Shift::Insert { dim: Dim::Rows, at: 6, count: 2 }),
            Some(b(3, 3)),
            "after its last row"
        );
        assert_eq!(
            b(3, 3).shifted(1, Shift::Insert { dim: Dim::Rows, at: 1, count: 2 }),
            Some(b(3, 3)),
            "another sheet"
        );
    }

    #[test]
    fn deleted_rows_move_shrink_or_remove_a_box() {
        assert_eq!(b(3, 3).shifted(0, Shift::Remove { dim: Dim::Rows, start: 1, count: 2 }), Some(b(1, 3)));
        assert_eq!(
            b(3, 3).shifted(0, Shift::Remove { dim: Dim::Rows, start: 2, count: 2 }),
            Some(b(2, 2)),
            "overlapping the top"
        );
        assert_eq!(b(3, 3).shifted(0, Shift::Remove { dim: Dim::Rows, start: 4, count: 1 }), Some(b(3, 2)), "inside");
        assert_eq!(
            b(3, 3).shifted(0, Shift::Remove { dim: Dim::Rows, start: 5, count: 9 }),
            Some(b(3, 2)),
            "overlapping the bottom"
        );
        assert_eq!(b(3, 3).shifted(0, Shift::Remove { dim: Dim::Rows, start: 6, count: 9 }), Some(b(3, 3)), "below");
        assert_eq!(b(3, 3).shifted(0, Shift::Remove { dim: Dim::Rows, start: 2, count: 5 }), None, "all of its rows");
    }

    #[test]
    fn an_anchor_moves_with_its_cell_and_to_the_line_before_when_its_line_goes() {
        let at = (5, 3);
        assert_eq!(moved_anchor(0, at, Shift::Insert { dim: Dim::Rows, at: 2, count: 2 }), (7, 3));
        assert_eq!(moved_anchor(0, at, Shift::Remove { dim: Dim::Rows, start: 4, count: 3 }), (3, 3));
        assert_eq!(moved_anchor(0, at, Shift::Remove { dim: Dim::Columns, start: 1, count: 5 }), (5, 1));
        assert_eq!(moved_anchor(0, at, Shift::Remove { dim: Dim::Columns, start: 1, count: 1 }), (5, 2));
    }

    #[test]
    fn columns_shift_like_rows() {
        let boxed = b(3, 3); // columns 2..=4
        let moved = boxed.shifted(0, Shift::Insert { dim: Dim::Columns, at: 3, count: 1 }).unwrap();
        assert_eq!((moved.column, moved.num_columns), (2, 4));
        let moved = boxed.shifted(0, Shift::Remove { dim: Dim::Columns, start: 1, count: 1 }).unwrap();
        assert_eq!((moved.column, moved.num_columns), (1, 3));
        assert_eq!(boxed.shifted(0, Shift::Remove { dim: Dim::Columns, start: 2, count: 3 }), None);
    }
}
