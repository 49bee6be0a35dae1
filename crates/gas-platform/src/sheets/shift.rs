//! Structural changes of a sheet's grid (rows or columns inserted or deleted) as one value,
//! [`Shift`], and what a change does to a position, a span and a box. Every position-based
//! state of a sheet (values, the per-cell layers, merges, hidden rows and columns, frozen
//! rows and columns) moves through these functions, so they all move alike.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::a1;

/// Rows or columns (`SpreadsheetApp.Dimension`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dim {
    Rows,
    Columns,
}

impl Dim {
    /// `SpreadsheetApp.Dimension.ROWS` / `COLUMNS` (gas-sim's enum values are their names).
    pub fn from_name(name: &str) -> Option<Dim> {
        match name {
            "ROWS" => Some(Dim::Rows),
            "COLUMNS" => Some(Dim::Columns),
            _ => None,
        }
    }
}

/// One structural change of a sheet's grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    /// `count` rows or columns inserted so the first new one is at index `at`.
    Insert { dim: Dim, at: u32, count: u32 },
    /// `count` rows or columns deleted, the first at index `start`.
    Remove { dim: Dim, start: u32, count: u32 },
}

impl Shift {
    pub fn dim(&self) -> Dim {
        match *self {
            Shift::Insert { dim, .. } | Shift::Remove { dim, .. } => dim,
        }
    }

    /// Where index `i` of the shift's dimension goes; `None` when it is deleted.
    pub fn index(&self, i: u32) -> Option<u32> {
        match *self {
            Shift::Insert { at, count, .. } => Some(if i >= at { i + count } else { i }),
            Shift::Remove { start, count, .. } => match i {
                i if i < start => Some(i),
                i if i < start + count => None,
                i => Some(i - count),
            },
        }
    }

    /// Where the cell (row, column) goes; `None` when its row or column is deleted.
    pub fn cell(&self, row: u32, column: u32) -> Option<(u32, u32)> {
        match self.dim() {
            Dim::Rows => self.index(row).map(|row| (row, column)),
            Dim::Columns => self.index(column).map(|column| (row, column)),
        }
    }

    /// The span `first..=last` of the shift's dimension afterwards: rows inserted inside
    /// it widen it, deleted ones narrow it; `None` when all of it is deleted.
    pub fn span(&self, first: u32, last: u32) -> Option<(u32, u32)> {
        debug_assert!(first <= last);
        match *self {
            Shift::Insert { at, count, .. } if at <= first => Some((first + count, last + count)),
            Shift::Insert { at, count, .. } if at <= last => Some((first, last + count)),
            Shift::Insert { .. } => Some((first, last)),
            Shift::Remove { start, count, .. } => {
                let end = start + count;
                let new_first = match first {
                    f if f < start => f,
                    f if f < end => start,
                    f => f - count,
                };
                let new_last = match last {
                    l if l < start => l,
                    l if l < end => start.checked_sub(1)?,
                    l => l - count,
                };
                (new_last >= new_first).then_some((new_first, new_last))
            }
        }
    }

    /// A box afterwards (see [`Shift::span`]).
    pub fn cell_box(&self, b: CellBox) -> Option<CellBox> {
        match self.dim() {
            Dim::Rows => self.span(b.row, b.last_row).map(|(row, last_row)| CellBox { row, last_row, ..b }),
            Dim::Columns => {
                self.span(b.column, b.last_column).map(|(column, last_column)| CellBox { column, last_column, ..b })
            }
        }
    }
}

/// A rectangle of cells, 1-based and inclusive. In state files it is its A1 notation
/// (`"A1:B2"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellBox {
    pub row: u32,
    pub column: u32,
    pub last_row: u32,
    pub last_column: u32,
}

impl CellBox {
    pub fn new(row: u32, column: u32, num_rows: u32, num_columns: u32) -> CellBox {
        debug_assert!(row >= 1 && column >= 1 && num_rows >= 1 && num_columns >= 1);
        CellBox { row, column, last_row: row + num_rows - 1, last_column: column + num_columns - 1 }
    }

    pub fn num_rows(&self) -> u32 {
        self.last_row - self.row + 1
    }

    pub fn num_columns(&self) -> u32 {
        self.last_column - self.column + 1
    }

    pub fn contains(&self, row: u32, column: u32) -> bool {
        (self.row..=self.last_row).contains(&row) && (self.column..=self.last_column).contains(&column)
    }

    pub fn intersects(&self, other: &CellBox) -> bool {
        self.row <= other.last_row
            && other.row <= self.last_row
            && self.column <= other.last_column
            && other.column <= self.last_column
    }

    /// Whether `other` lies wholly inside this box.
    pub fn covers(&self, other: &CellBox) -> bool {
        self.contains(other.row, other.column) && self.contains(other.last_row, other.last_column)
    }

    pub fn is_single_cell(&self) -> bool {
        self.row == self.last_row && self.column == self.last_column
    }

    pub fn notation(&self) -> String {
        a1::notation(a1::A1Box {
            row: self.row,
            column: self.column,
            last_row: self.last_row,
            last_column: self.last_column,
        })
    }

    /// A closed A1 box (`B2`, `A1:C3`), as a state file writes one.
    pub fn parse(text: &str) -> Option<CellBox> {
        let parsed = a1::parse(text)?;
        let closed = parsed.sheet_name.is_none()
            && [parsed.start.row, parsed.start.column, parsed.end.row, parsed.end.column].iter().all(Option::is_some);
        let found = parsed.resolve(u32::MAX, u32::MAX).filter(|_| closed)?;
        Some(CellBox { row: found.row, column: found.column, last_row: found.last_row, last_column: found.last_column })
    }
}

impl Serialize for CellBox {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.notation())
    }
}

impl<'de> Deserialize<'de> for CellBox {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CellBox, D::Error> {
        let text = String::deserialize(d)?;
        CellBox::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a range in A1 notation (e.g. \"A1:B2\")")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INSERT_2_AT_3: Shift = Shift::Insert { dim: Dim::Rows, at: 3, count: 2 };
    const REMOVE_2_AT_3: Shift = Shift::Remove { dim: Dim::Rows, start: 3, count: 2 };

    #[test]
    fn indexes_move_past_an_insertion_and_vanish_in_a_deletion() {
        assert_eq!([2, 3, 9].map(|i| INSERT_2_AT_3.index(i)), [Some(2), Some(5), Some(11)]);
        assert_eq!([2, 3, 4, 5].map(|i| REMOVE_2_AT_3.index(i)), [Some(2), None, None, Some(3)]);
        // A row shift leaves columns alone.
        assert_eq!(REMOVE_2_AT_3.cell(7, 3), Some((5, 3)));
        assert_eq!(Shift::Insert { dim: Dim::Columns, at: 1, count: 1 }.cell(7, 3), Some((7, 4)));
    }

    #[test]
    fn spans_widen_inside_an_insertion_and_narrow_inside_a_deletion() {
        assert_eq!(INSERT_2_AT_3.span(3, 4), Some((5, 6)), "inserted above: moves");
        assert_eq!(INSERT_2_AT_3.span(2, 4), Some((2, 6)), "inserted inside: widens");
        assert_eq!(INSERT_2_AT_3.span(1, 2), Some((1, 2)), "inserted below: stays");
        assert_eq!(REMOVE_2_AT_3.span(2, 6), Some((2, 4)));
        assert_eq!(REMOVE_2_AT_3.span(4, 6), Some((3, 4)));
        assert_eq!(REMOVE_2_AT_3.span(3, 4), None);
        assert_eq!(Shift::Remove { dim: Dim::Rows, start: 1, count: 1 }.span(1, 1), None);
    }

    #[test]
    fn boxes_round_trip_through_a1() {
        let b = CellBox::new(2, 27, 2, 3);
        assert_eq!(b.notation(), "AA2:AC3");
        assert_eq!(CellBox::parse("AA2:AC3"), Some(b));
        assert_eq!(CellBox::parse("A:A"), None, "open ranges are no box");
        assert_eq!(serde_json::to_string(&b).unwrap(), "\"AA2:AC3\"");
        assert!(b.covers(&CellBox::new(2, 28, 1, 1)) && !b.covers(&CellBox::new(1, 28, 2, 1)));
        assert!(b.intersects(&CellBox::new(1, 28, 2, 1)));
    }
}
