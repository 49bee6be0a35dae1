//! References kept on their cells when cells move without a structural change of the
//! grid: `moveTo` (cut and paste) and `insertCells`/`deleteCells` (cells shifted in a
//! band). Sheets re-points every formula that names a moved cell, the moved formulas
//! included (observed for cut and paste in its UI); `sort` is not a move (the values
//! change places, references stay: Sheets' documented behaviour for sorting).

use ironcalc_base::expressions::lexer::LexerMode;
use ironcalc_base::expressions::parser::Node;
use ironcalc_base::expressions::token::Error as EngineError;

use super::super::model::Spreadsheet;
use super::refs::{children, context, parse, printed};

/// Where a cell goes: `(sheet index, row, column)`, `None` when it is deleted.
pub type CellMap<'a> = &'a dyn Fn(u32, i32, i32) -> Option<(u32, i32, i32)>;

/// Rewrites every formula of `book` so its references follow `map` (a reference to a
/// deleted cell reads `#REF!`). A range follows when both its corners move alike (the
/// same sheet, the same displacement); a range only partly moved keeps its cells
/// (assumed). Each formula is read at its old cell and written for the cell `map`
/// gives it. Call it before the cells are moved; formulas that do not change keep their text.
pub fn remap_references(book: &mut Spreadsheet, map: CellMap) {
    if book.sheets().iter().all(|sheet| sheet.formulas().is_empty()) {
        return;
    }
    let names: Vec<String> = book.sheets().iter().map(|sheet| sheet.name().to_string()).collect();
    for (index, sheet) in book.sheets_mut().iter_mut().enumerate() {
        let index = index as u32;
        let mut rewritten = Vec::new();
        for (&(row, column), formula) in sheet.formulas().iter() {
            let name = &names[index as usize];
            let Some(mut node) = parse(formula, &names, name, row, column, LexerMode::A1) else { continue };
            let (home, new_row, new_column) = match map(index, row as i32, column as i32) {
                Some(place) => place,
                None => continue, // deleted with its cell
            };
            let mut walk = Walk {
                map,
                names: &names,
                home,
                old: (row as i32, column as i32),
                new: (new_row, new_column),
                changed: false,
            };
            walk.node(&mut node);
            if walk.changed {
                let text = printed(formula, &node, &context(&names[home as usize], new_row as u32, new_column as u32));
                rewritten.push(((row, column), text));
            }
        }
        for ((row, column), text) in rewritten {
            sheet.formulas_mut().set(row, column, Some(text));
        }
    }
}

struct Walk<'a> {
    map: CellMap<'a>,
    names: &'a [String],
    /// The sheet the formula ends up on.
    home: u32,
    old: (i32, i32),
    new: (i32, i32),
    changed: bool,
}

impl Walk<'_> {
    fn absolute(&self, absolute: (bool, bool), stored: (i32, i32)) -> (i32, i32) {
        (
            if absolute.0 { stored.0 } else { stored.0 + self.old.0 },
            if absolute.1 { stored.1 } else { stored.1 + self.old.1 },
        )
    }

    fn stored(&self, absolute: (bool, bool), at: (i32, i32)) -> (i32, i32) {
        (if absolute.0 { at.0 } else { at.0 - self.new.0 }, if absolute.1 { at.1 } else { at.1 - self.new.1 })
    }

    /// Points a reference at `sheet`, with the sheet prefix it needs from the formula's
    /// (new) sheet: none for its own sheet when it moved there, the name otherwise.
    fn point_at(&mut self, sheet_name: &mut Option<String>, sheet_index: &mut u32, sheet: u32) {
        if sheet != *sheet_index {
            *sheet_index = sheet;
            *sheet_name = (sheet != self.home).then(|| self.names[sheet as usize].clone());
            self.changed = true;
        } else if sheet != self.home && sheet_name.is_none() {
            *sheet_name = Some(self.names[sheet as usize].clone());
            self.changed = true;
        }
    }

    fn node(&mut self, node: &mut Node) {
        match node {
            Node::ReferenceKind { sheet_name, sheet_index, absolute_row, absolute_column, row, column } => {
                let abs = (*absolute_row, *absolute_column);
                let at = self.absolute(abs, (*row, *column));
                match (self.map)(*sheet_index, at.0, at.1) {
                    Some((sheet, r, c)) => {
                        self.changed |= (r, c) != at;
                        self.point_at(sheet_name, sheet_index, sheet);
                        (*row, *column) = self.stored(abs, (r, c));
                    }
                    None => {
                        self.changed = true;
                        *node = Node::ErrorKind(EngineError::REF);
                    }
                }
            }
            Node::RangeKind {
                sheet_name,
                sheet_index,
                absolute_row1,
                absolute_column1,
                row1,
                column1,
                absolute_row2,
                absolute_column2,
                row2,
                column2,
            } => {
                let (abs1, abs2) = ((*absolute_row1, *absolute_column1), (*absolute_row2, *absolute_column2));
                let (a, b) = (self.absolute(abs1, (*row1, *column1)), self.absolute(abs2, (*row2, *column2)));
                let (ma, mb) = ((self.map)(*sheet_index, a.0, a.1), (self.map)(*sheet_index, b.0, b.1));
                let (sheet, new_a, new_b) = match (ma, mb) {
                    (None, None) => {
                        self.changed = true;
                        *node = Node::ErrorKind(EngineError::REF);
                        return;
                    }
                    (Some((sa, ra, ca)), Some((sb, rb, cb)))
                        if sa == sb && (ra - a.0, ca - a.1) == (rb - b.0, cb - b.1) =>
                    {
                        (sa, (ra, ca), (rb, cb))
                    }
                    // Partly moved or partly deleted: the range keeps its cells.
                    _ => (*sheet_index, a, b),
                };
                self.changed |= (new_a, new_b) != (a, b);
                self.point_at(sheet_name, sheet_index, sheet);
                (*row1, *column1) = self.stored(abs1, new_a);
                (*row2, *column2) = self.stored(abs2, new_b);
            }
            _ => {
                for child in children(node) {
                    self.node(child);
                }
            }
        }
    }
}
