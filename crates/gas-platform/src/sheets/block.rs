//! A block of cells lifted off a sheet with everything per-cell it holds (values,
//! formulas, formats, notes, data validation rules), to be put down elsewhere: what `copyTo`, `moveTo`, `sort`,
//! `randomize`, `insertCells`/`deleteCells` and `moveRows` are made of. A new per-cell
//! layer must be added to [`CellBlock`] and [`Parts`] here.

use super::format::CellFormat;
use super::layer::CellLayer;
use super::model::Sheet;
use super::shift::CellBox;
use super::validation::DataValidation;
use crate::CellValue;

/// Which kinds of per-cell state an operation carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Parts {
    /// Values and formulas (a cell's contents).
    pub contents: bool,
    pub formats: bool,
    pub notes: bool,
    /// Data validation rules (they go where the cells go: copy, move, sort).
    pub validations: bool,
}

impl Parts {
    pub const ALL: Parts = Parts { contents: true, formats: true, notes: true, validations: true };
}

/// Cells of a box, at 0-based offsets from its top-left corner.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct CellBlock {
    pub num_rows: u32,
    pub num_columns: u32,
    /// Row-major, only rows up to the sheet's content (short rows end in empty cells).
    pub values: Vec<Vec<CellValue>>,
    pub formulas: Vec<((u32, u32), String)>,
    pub formats: Vec<((u32, u32), CellFormat)>,
    pub notes: Vec<((u32, u32), String)>,
    pub validations: Vec<((u32, u32), DataValidation)>,
    /// For each row of the block, the row it was when taken (reorderings keep it), so a
    /// sort can move its formulas' relative references with their rows.
    pub row_origins: Vec<u32>,
}

fn take_layer<T: Clone>(layer: &CellLayer<T>, b: CellBox) -> Vec<((u32, u32), T)> {
    layer
        .in_box(b.row, b.column, b.last_row, b.last_column)
        .map(|(&(row, column), value)| ((row - b.row, column - b.column), value.clone()))
        .collect()
}

fn put_layer<T: Clone>(layer: &mut CellLayer<T>, row: u32, column: u32, entries: &[((u32, u32), T)]) {
    for ((r, c), value) in entries {
        layer.set(row + r, column + c, Some(value.clone()));
    }
}

impl CellBlock {
    /// The value at an offset (empty past the stored content).
    pub fn value(&self, r: u32, c: u32) -> &CellValue {
        static EMPTY: CellValue = CellValue::Empty;
        self.values.get(r as usize).and_then(|row| row.get(c as usize)).unwrap_or(&EMPTY)
    }

    /// Reorders the block's rows: row `i` of the result is row `order[i]` of the block.
    pub fn permute_rows(&mut self, order: &[u32]) {
        debug_assert_eq!(order.len(), self.num_rows as usize);
        let mut new_of_old = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_of_old[old as usize] = new as u32;
        }
        let values: Vec<Vec<CellValue>> =
            order.iter().map(|&old| self.values.get(old as usize).cloned().unwrap_or_default()).collect();
        self.values = values;
        self.row_origins =
            order.iter().map(|&old| self.row_origins.get(old as usize).copied().unwrap_or(old)).collect();
        let remap = |key: &mut (u32, u32)| key.0 = new_of_old[key.0 as usize];
        self.formulas.iter_mut().for_each(|(key, _)| remap(key));
        self.formats.iter_mut().for_each(|(key, _)| remap(key));
        self.notes.iter_mut().for_each(|(key, _)| remap(key));
        self.validations.iter_mut().for_each(|(key, _)| remap(key));
    }

    /// The same reordering for columns.
    pub fn permute_columns(&mut self, order: &[u32]) {
        debug_assert_eq!(order.len(), self.num_columns as usize);
        let mut new_of_old = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_of_old[old as usize] = new as u32;
        }
        for row in &mut self.values {
            *row = order.iter().map(|&old| row.get(old as usize).cloned().unwrap_or_default()).collect();
        }
        let remap = |key: &mut (u32, u32)| key.1 = new_of_old[key.1 as usize];
        self.formulas.iter_mut().for_each(|(key, _)| remap(key));
        self.formats.iter_mut().for_each(|(key, _)| remap(key));
        self.notes.iter_mut().for_each(|(key, _)| remap(key));
        self.validations.iter_mut().for_each(|(key, _)| remap(key));
    }

    /// The block flipped over its diagonal (`copyTo(.., transposed = true)`).
    pub fn transposed(&self) -> CellBlock {
        fn flip<T: Clone>(entries: &[((u32, u32), T)]) -> Vec<((u32, u32), T)> {
            entries.iter().map(|((r, c), v)| ((*c, *r), v.clone())).collect()
        }
        let values = (0..self.num_columns)
            .map(|c| {
                let mut cells: Vec<CellValue> = (0..self.num_rows).map(|r| self.value(r, c).clone()).collect();
                while cells.last().is_some_and(CellValue::is_empty) {
                    cells.pop();
                }
                cells
            })
            .collect();
        CellBlock {
            num_rows: self.num_columns,
            num_columns: self.num_rows,
            values,
            formulas: flip(&self.formulas),
            formats: flip(&self.formats),
            notes: flip(&self.notes),
            validations: flip(&self.validations),
            row_origins: Vec::new(),
        }
    }

    /// A block of the given size made of this one repeated, or cut (`copyValuesToRange`:
    /// "the source is repeated or truncated accordingly", documented).
    pub fn tiled(&self, num_rows: u32, num_columns: u32) -> CellBlock {
        let (h, w) = (self.num_rows, self.num_columns);
        let values = (0..num_rows)
            .map(|r| {
                let mut cells: Vec<CellValue> = (0..num_columns).map(|c| self.value(r % h, c % w).clone()).collect();
                while cells.last().is_some_and(CellValue::is_empty) {
                    cells.pop();
                }
                cells
            })
            .collect();
        fn tile<T: Clone>(entries: &[((u32, u32), T)], h: u32, w: u32, rows: u32, cols: u32) -> Vec<((u32, u32), T)> {
            let mut out = Vec::new();
            for ((r, c), v) in entries {
                for tr in (*r..rows).step_by(h as usize) {
                    for tc in (*c..cols).step_by(w as usize) {
                        out.push(((tr, tc), v.clone()));
                    }
                }
            }
            out
        }
        CellBlock {
            num_rows,
            num_columns,
            values,
            formulas: tile(&self.formulas, h, w, num_rows, num_columns),
            formats: tile(&self.formats, h, w, num_rows, num_columns),
            notes: tile(&self.notes, h, w, num_rows, num_columns),
            validations: tile(&self.validations, h, w, num_rows, num_columns),
            row_origins: Vec::new(),
        }
    }

    /// Keeps only the rows at these offsets, in this order (the rest of the block's
    /// height is left empty).
    pub fn keep_rows(&mut self, kept: &[u32]) {
        let mut order: Vec<u32> = kept.to_vec();
        let dropped: Vec<u32> = (0..self.num_rows).filter(|r| !kept.contains(r)).collect();
        order.extend(&dropped);
        self.permute_rows(&order);
        let height = kept.len() as u32;
        self.values.truncate(height as usize);
        self.row_origins.truncate(height as usize);
        self.formulas.retain(|((r, _), _)| *r < height);
        self.formats.retain(|((r, _), _)| *r < height);
        self.notes.retain(|((r, _), _)| *r < height);
        self.validations.retain(|((r, _), _)| *r < height);
    }
}

impl Sheet {
    /// A copy of everything in the box.
    pub(super) fn take_block(&self, b: CellBox) -> CellBlock {
        let last_row = b.last_row.min(self.last_row());
        let values = (b.row..=last_row)
            .map(|row| {
                // A spilled value is its formula's result, not content: the formula
                // spills again wherever it lands (copied as a value it would block it).
                let mut cells: Vec<CellValue> = (b.column..=b.last_column)
                    .map(|column| match self.spilled().get(row, column) {
                        Some(_) => CellValue::Empty,
                        None => self.cell(row, column).clone(),
                    })
                    .collect();
                while cells.last().is_some_and(CellValue::is_empty) {
                    cells.pop();
                }
                cells
            })
            .collect();
        CellBlock {
            num_rows: b.num_rows(),
            num_columns: b.num_columns(),
            values,
            formulas: take_layer(self.formulas(), b),
            formats: take_layer(self.formats(), b),
            notes: take_layer(self.notes(), b),
            validations: take_layer(&self.objects().validations, b),
            row_origins: (0..b.num_rows()).collect(),
        }
    }

    /// Empties the box of the given parts.
    pub(super) fn clear_block(&mut self, b: CellBox, parts: Parts) {
        if parts.contents {
            for row in b.row..=b.last_row.min(self.last_row()) {
                for column in b.column..=b.last_column {
                    self.set_cell(row, column, CellValue::Empty);
                }
            }
            self.trim_rows(b.row, b.last_row);
            self.formulas_mut().clear_box(b.row, b.column, b.last_row, b.last_column);
        }
        if parts.formats {
            self.formats_mut().clear_box(b.row, b.column, b.last_row, b.last_column);
        }
        if parts.notes {
            self.notes_mut().clear_box(b.row, b.column, b.last_row, b.last_column);
        }
        if parts.validations {
            self.objects_mut().validations.clear_box(b.row, b.column, b.last_row, b.last_column);
        }
    }

    /// Puts a block down with its top-left corner at (row, column): the block's box
    /// becomes exactly the block for the given parts (its empty cells clear). The caller
    /// has checked that it fits in the grid.
    pub(super) fn put_block(&mut self, row: u32, column: u32, block: &CellBlock, parts: Parts) {
        let target = CellBox::new(row, column, block.num_rows, block.num_columns);
        debug_assert!(target.last_row <= self.max_rows() && target.last_column <= self.max_columns());
        self.clear_block(target, parts);
        if parts.contents {
            for (r, cells) in (0..).zip(&block.values) {
                for (c, value) in (0..).zip(cells) {
                    self.set_cell(row + r, column + c, value.clone());
                }
            }
            self.trim_rows(target.row, target.last_row);
            put_layer(self.formulas_mut(), row, column, &block.formulas);
        }
        if parts.formats {
            put_layer(self.formats_mut(), row, column, &block.formats);
        }
        if parts.notes {
            put_layer(self.notes_mut(), row, column, &block.notes);
        }
        if parts.validations {
            put_layer(&mut self.objects_mut().validations, row, column, &block.validations);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> Sheet {
        let n = CellValue::Number;
        let mut sheet =
            Sheet::with_rows(0, "S", vec![vec![n(1.0), n(2.0)], vec![n(3.0)], vec![n(5.0), n(6.0)]]).unwrap();
        sheet.notes_mut().set(2, 1, Some("three".into()));
        sheet.formats_mut().set(3, 2, Some(CellFormat { number_format: Some("0.00".into()), ..CellFormat::default() }));
        sheet
    }

    #[test]
    fn a_block_moves_with_its_layers_and_clears_what_it_covers() {
        let mut s = sheet();
        let block = s.take_block(CellBox::new(2, 1, 2, 2));
        assert_eq!(block.notes, vec![((0, 0), "three".to_string())]);
        s.put_block(1, 2, &block, Parts::ALL);
        let n = CellValue::Number;
        assert_eq!(s.rows(), &[vec![n(1.0), n(3.0)], vec![n(3.0), n(5.0), n(6.0)], vec![n(5.0), n(6.0)]]);
        assert_eq!(s.notes().get(1, 2).map(String::as_str), Some("three"));
        assert!(s.formats().get(2, 3).is_some() && s.formats().get(3, 2).is_some(), "B3's format copied to C2");
    }

    #[test]
    fn permuting_rows_moves_values_and_layers_together() {
        let mut block = sheet().take_block(CellBox::new(1, 1, 3, 2));
        block.permute_rows(&[2, 0, 1]);
        assert_eq!(block.value(0, 0), &CellValue::Number(5.0));
        assert_eq!(block.notes, vec![((2, 0), "three".to_string())]);
        assert_eq!(block.formats[0].0, (0, 1));
        block.keep_rows(&[1]);
        assert_eq!((block.values.len(), block.value(0, 0)), (1, &CellValue::Number(1.0)));
        assert!(block.notes.is_empty());
    }
}
