//! A sheet's layout beside its cells: whether the sheet is hidden, its hidden rows and
//! columns, its frozen rows and columns, and its merged ranges. Every structural change
//! moves it through [`Layout::apply_shift`]; a state file writes it as `layout` (absent
//! when it is the default, so older files and snapshots read as before).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::shift::{CellBox, Dim, Shift};

/// How `merge`, `mergeAcross` and `mergeVertically` split a range into merges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MergeKind {
    All,
    Across,
    Vertically,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// `Sheet.hideSheet()`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Rows hidden by the user or a script (`hideRows`), 1-based.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub hidden_rows: BTreeSet<u32>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub hidden_columns: BTreeSet<u32>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub frozen_rows: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub frozen_columns: u32,
    /// Merged ranges, each at least two cells, none overlapping, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merges: Vec<CellBox>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Layout {
    pub fn is_default(&self) -> bool {
        *self == Layout::default()
    }

    /// The invariants a state file must hold, for a grid of the given size.
    pub fn check(&self, max_rows: u32, max_columns: u32) -> Result<(), String> {
        if let Some(row) = self.hidden_rows.iter().find(|&&r| r < 1 || r > max_rows) {
            return Err(format!("hidden row {row} is outside the sheet's {max_rows} rows"));
        }
        if let Some(column) = self.hidden_columns.iter().find(|&&c| c < 1 || c > max_columns) {
            return Err(format!("hidden column {column} is outside the sheet's {max_columns} columns"));
        }
        if self.frozen_rows >= max_rows || self.frozen_columns >= max_columns {
            return Err(format!(
                "{} frozen rows / {} frozen columns leave no unfrozen row or column in {max_rows} x {max_columns}",
                self.frozen_rows, self.frozen_columns
            ));
        }
        for (i, merge) in self.merges.iter().enumerate() {
            if merge.last_row > max_rows || merge.last_column > max_columns {
                return Err(format!("merge {} is outside the sheet", merge.notation()));
            }
            if merge.is_single_cell() {
                return Err(format!("merge {} is a single cell", merge.notation()));
            }
            if let Some(other) = self.merges[..i].iter().find(|other| other.intersects(merge)) {
                return Err(format!("merges {} and {} overlap", other.notation(), merge.notation()));
            }
        }
        Ok(())
    }

    /// Moves everything with a structural change: hidden rows/columns keep hiding the
    /// same rows (deleted ones go), the frozen area keeps its rows (rows inserted or
    /// deleted inside it change its size), merges widen, narrow, move or vanish with
    /// their cells (a merge narrowed to one cell is no merge).
    pub fn apply_shift(&mut self, shift: &Shift) {
        let (hidden, frozen) = match shift.dim() {
            Dim::Rows => (&mut self.hidden_rows, &mut self.frozen_rows),
            Dim::Columns => (&mut self.hidden_columns, &mut self.frozen_columns),
        };
        *hidden = hidden.iter().filter_map(|&i| shift.index(i)).collect();
        if *frozen > 0 {
            *frozen = shift.span(1, *frozen).map_or(0, |(_, last)| last);
        }
        self.merges = self.merges.iter().filter_map(|&m| shift.cell_box(m)).filter(|m| !m.is_single_cell()).collect();
        self.merges.sort();
    }

    /// The merge that contains a cell.
    pub fn merge_at(&self, row: u32, column: u32) -> Option<CellBox> {
        self.merges.iter().copied().find(|m| m.contains(row, column))
    }

    /// The merges that intersect a box.
    pub fn merges_in(&self, b: &CellBox) -> Vec<CellBox> {
        self.merges.iter().copied().filter(|m| m.intersects(b)).collect()
    }

    /// Adds merges (already checked not to overlap any existing one, nor each other).
    pub fn add_merges(&mut self, merges: impl IntoIterator<Item = CellBox>) {
        self.merges.extend(merges.into_iter().filter(|m| !m.is_single_cell()));
        self.merges.sort();
    }

    /// Removes every merge that intersects the box (`breakApart`).
    pub fn break_apart(&mut self, b: &CellBox) {
        self.merges.retain(|m| !m.intersects(b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> Layout {
        Layout {
            hidden_rows: [2, 5].into(),
            frozen_rows: 2,
            merges: vec![CellBox::new(4, 1, 3, 2), CellBox::new(10, 1, 2, 1)],
            ..Layout::default()
        }
    }

    #[test]
    fn inserted_rows_move_hidden_rows_merges_and_grow_the_frozen_area() {
        let mut l = layout();
        l.apply_shift(&Shift::Insert { dim: Dim::Rows, at: 2, count: 1 });
        assert_eq!(l.hidden_rows, [3, 6].into());
        assert_eq!(l.frozen_rows, 3, "a row inserted inside the frozen rows is frozen");
        assert_eq!(l.merges, vec![CellBox::new(5, 1, 3, 2), CellBox::new(11, 1, 2, 1)]);
        // Inside a merge: the merge grows (its value stays its top-left cell).
        l.apply_shift(&Shift::Insert { dim: Dim::Rows, at: 6, count: 2 });
        assert_eq!(l.merges[0], CellBox::new(5, 1, 5, 2));
    }

    #[test]
    fn deleted_rows_drop_hidden_rows_and_narrow_or_remove_merges() {
        let mut l = layout();
        l.apply_shift(&Shift::Remove { dim: Dim::Rows, start: 2, count: 3 });
        assert_eq!(l.hidden_rows, [2].into(), "row 2 went; row 5 is now row 2");
        assert_eq!(l.frozen_rows, 1);
        assert_eq!(l.merges, vec![CellBox::new(2, 1, 2, 2), CellBox::new(7, 1, 2, 1)]);
        // A merge left with one cell is no merge.
        l.apply_shift(&Shift::Remove { dim: Dim::Rows, start: 7, count: 1 });
        assert_eq!(l.merges, vec![CellBox::new(2, 1, 2, 2)]);
    }

    #[test]
    fn column_shifts_leave_rows_alone() {
        let mut l = Layout { hidden_columns: [3].into(), frozen_columns: 1, ..layout() };
        l.apply_shift(&Shift::Remove { dim: Dim::Columns, start: 1, count: 1 });
        assert_eq!((l.hidden_rows.clone(), l.hidden_columns.clone()), ([2, 5].into(), [2].into()));
        assert_eq!(l.frozen_columns, 0);
        assert_eq!(l.merges, vec![CellBox::new(4, 1, 3, 1)]);
    }

    #[test]
    fn a_state_file_layout_is_checked() {
        assert!(layout().check(20, 5).is_ok());
        let overlapping =
            Layout { merges: vec![CellBox::new(1, 1, 2, 2), CellBox::new(2, 2, 2, 2)], ..Layout::default() };
        assert_eq!(overlapping.check(20, 5).unwrap_err(), "merges A1:B2 and B2:C3 overlap");
        assert!(layout().check(10, 5).unwrap_err().contains("A10:A11 is outside"));
        let json = serde_json::to_string(&layout()).unwrap();
        assert_eq!(json, r#"{"hidden_rows":[2,5],"frozen_rows":2,"merges":["A4:B6","A10:A11"]}"#);
    }
}
