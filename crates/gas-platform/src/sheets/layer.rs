//! Per-cell state beside the values: formulas, formats, notes, ... Each is a sparse
//! [`CellLayer`] keyed by 1-based (row, column), so a sheet with no formats or formulas
//! pays nothing, and every structural change (rows or columns inserted, deleted, moved)
//! shifts every layer the same way, in one place.
//!
//! In state files and snapshots a layer is a JSON object keyed by A1 notation, in row-major
//! order (`{"A1": ..., "B1": ..., "A2": ...}`), and absent when empty.

use std::collections::BTreeMap;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::a1;

/// Sparse per-cell values of one sheet. Invariant: no key has row or column 0.
#[derive(Debug, Clone, PartialEq)]
pub struct CellLayer<T> {
    /// (row, column), 1-based, so iteration is row-major.
    cells: BTreeMap<(u32, u32), T>,
}

impl<T> Default for CellLayer<T> {
    fn default() -> CellLayer<T> {
        CellLayer { cells: BTreeMap::new() }
    }
}

impl<T> CellLayer<T> {
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn get(&self, row: u32, column: u32) -> Option<&T> {
        self.cells.get(&(row, column))
    }

    pub fn get_mut(&mut self, row: u32, column: u32) -> Option<&mut T> {
        self.cells.get_mut(&(row, column))
    }

    /// Sets (`Some`) or removes (`None`) one cell's entry.
    pub fn set(&mut self, row: u32, column: u32, value: Option<T>) {
        assert!(row >= 1 && column >= 1, "layer cells are 1-based");
        match value {
            Some(value) => {
                self.cells.insert((row, column), value);
            }
            None => {
                self.cells.remove(&(row, column));
            }
        }
    }

    /// Every entry, row-major: ((row, column), value).
    pub fn iter(&self) -> impl Iterator<Item = (&(u32, u32), &T)> {
        self.cells.iter()
    }

    /// The entries inside rows `first_row..=last_row` and columns `first_column..=last_column`.
    pub fn in_box(
        &self,
        first_row: u32,
        first_column: u32,
        last_row: u32,
        last_column: u32,
    ) -> impl Iterator<Item = (&(u32, u32), &T)> {
        self.cells
            .range((first_row, first_column)..=(last_row, last_column))
            .filter(move |((_, column), _)| *column >= first_column && *column <= last_column)
    }

    /// Removes every entry in the box.
    pub fn clear_box(&mut self, first_row: u32, first_column: u32, last_row: u32, last_column: u32) {
        self.cells.retain(|&(row, column), _| {
            !(row >= first_row && row <= last_row && column >= first_column && column <= last_column)
        });
    }

    pub fn clear(&mut self) {
        self.cells.clear();
    }

    /// `count` rows inserted so the first new one is row `at`: entries at or below move down.
    pub fn insert_rows(&mut self, at: u32, count: u32) {
        self.remap(|row, column| Some(if row >= at { (row + count, column) } else { (row, column) }));
    }

    /// Rows `start..start + count` deleted: their entries go, those below move up.
    pub fn remove_rows(&mut self, start: u32, count: u32) {
        let end = start + count;
        self.remap(|row, column| match row {
            r if r < start => Some((r, column)),
            r if r < end => None,
            r => Some((r - count, column)),
        });
    }

    /// `count` columns inserted so the first new one is column `at`.
    pub fn insert_columns(&mut self, at: u32, count: u32) {
        self.remap(|row, column| Some(if column >= at { (row, column + count) } else { (row, column) }));
    }

    /// Columns `start..start + count` deleted.
    pub fn remove_columns(&mut self, start: u32, count: u32) {
        let end = start + count;
        self.remap(|row, column| match column {
            c if c < start => Some((row, c)),
            c if c < end => None,
            c => Some((row, c - count)),
        });
    }

    /// Moves every entry to `to(row, column)`, dropping those it maps to `None`. The
    /// mapping must be injective on the kept entries.
    pub fn remap(&mut self, mut to: impl FnMut(u32, u32) -> Option<(u32, u32)>) {
        let before = self.cells.len();
        let old = std::mem::take(&mut self.cells);
        let mut kept = 0usize;
        for ((row, column), value) in old {
            if let Some(key) = to(row, column) {
                assert!(key.0 >= 1 && key.1 >= 1, "a layer entry moved off the sheet");
                kept += 1;
                self.cells.insert(key, value);
            }
        }
        assert_eq!(self.cells.len(), kept, "a layer remap sent two cells to one place");
        debug_assert!(kept <= before);
    }
}

impl<T: Serialize> Serialize for CellLayer<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.cells.len()))?;
        for (&(row, column), value) in &self.cells {
            map.serialize_entry(&a1::cell_notation(row, column), value)?;
        }
        map.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for CellLayer<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct LayerVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for LayerVisitor<T> {
            type Value = CellLayer<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object keyed by cell (A1 notation, e.g. \"B2\")")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<CellLayer<T>, M::Error> {
                let mut layer = CellLayer::default();
                while let Some((key, value)) = map.next_entry::<String, T>()? {
                    let (row, column) = a1::parse_cell(&key).ok_or_else(|| {
                        serde::de::Error::custom(format!("{key:?} is not a cell in A1 notation (e.g. \"B2\")"))
                    })?;
                    if layer.get(row, column).is_some() {
                        return Err(serde::de::Error::custom(format!("cell {key:?} appears twice")));
                    }
                    layer.set(row, column, Some(value));
                }
                Ok(layer)
            }
        }
        d.deserialize_map(LayerVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(entries: &[((u32, u32), &str)]) -> CellLayer<String> {
        let mut layer = CellLayer::default();
        for &((row, column), value) in entries {
            layer.set(row, column, Some(value.to_string()));
        }
        layer
    }

    fn keys(layer: &CellLayer<String>) -> Vec<(u32, u32)> {
        layer.iter().map(|(key, _)| *key).collect()
    }

    #[test]
    fn inserting_rows_moves_entries_at_and_below_down() {
        let mut l = layer(&[((1, 1), "a"), ((2, 1), "b"), ((3, 2), "c")]);
        l.insert_rows(2, 2);
        assert_eq!(keys(&l), vec![(1, 1), (4, 1), (5, 2)]);
    }

    #[test]
    fn removing_rows_drops_theirs_and_moves_the_rest_up() {
        let mut l = layer(&[((1, 1), "a"), ((2, 1), "b"), ((3, 1), "c"), ((5, 3), "d")]);
        l.remove_rows(2, 2);
        assert_eq!(keys(&l), vec![(1, 1), (3, 3)]);
        assert_eq!(l.get(3, 3).map(String::as_str), Some("d"));
    }

    #[test]
    fn columns_shift_like_rows() {
        let mut l = layer(&[((1, 1), "a"), ((1, 2), "b"), ((2, 4), "c")]);
        l.insert_columns(2, 1);
        assert_eq!(keys(&l), vec![(1, 1), (1, 3), (2, 5)]);
        l.remove_columns(1, 3);
        assert_eq!(keys(&l), vec![(2, 2)]);
    }

    #[test]
    fn a_box_selects_only_its_columns() {
        let l = layer(&[((1, 1), "a"), ((1, 3), "b"), ((2, 2), "c"), ((3, 2), "d")]);
        let found: Vec<_> = l.in_box(1, 2, 2, 3).map(|(k, _)| *k).collect();
        assert_eq!(found, vec![(1, 3), (2, 2)]);
    }

    #[test]
    fn json_is_keyed_by_a1_in_row_major_order() {
        let l = layer(&[((2, 1), "x"), ((1, 28), "y")]);
        let json = serde_json::to_string(&l).unwrap();
        assert_eq!(json, r#"{"AB1":"y","A2":"x"}"#);
        let back: CellLayer<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, l);
        let bad = serde_json::from_str::<CellLayer<String>>(r#"{"1A":"x"}"#).unwrap_err();
        assert!(bad.to_string().contains("\"1A\" is not a cell in A1 notation"), "{bad}");
    }
}
