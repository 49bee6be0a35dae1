//! Formulas: `setFormula(s)`, `setFormulaR1C1(s)`, `getFormula(s)`, `getFormulaR1C1(s)`,
//! `setValue("=...")`, and recomputing the spreadsheets whose cells changed
//! (the rules are in `sheets/formula/`).

use chrono_tz::Tz;

use super::super::formula::{self, from_r1c1, gap_names, relative_copy, to_r1c1, FORMULAS_PER_SPREADSHEET_MAX};
use super::super::model::{Sheet, Spreadsheets};
use super::super::{text, RangeRef};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// Text Sheets reads as a formula: `=` and something after it (a lone `=` stays text:
/// assumed).
pub(super) fn is_formula_text(value: &CellValue) -> bool {
    matches!(value, CellValue::String(text) if text.len() > 1 && text.starts_with('='))
}

const TOO_MANY_FORMULAS: &str = "gas-sim holds at most 100000 formulas per spreadsheet.";

impl Spreadsheets {
    fn sheet_names(&self, range: &RangeRef) -> ServiceResult<(Vec<String>, String)> {
        let book = self.open_by_id(&range.sheet.spreadsheet_id)?;
        let names = book.sheets().iter().map(|sheet| sheet.name().to_string()).collect();
        Ok((names, self.sheet(&range.sheet)?.name().to_string()))
    }

    /// Stores `formula` in one cell (its result is computed by the next recalculation),
    /// counting the gaps it names. `""` clears the cell.
    pub(super) fn put_formula(
        &mut self,
        range: &RangeRef,
        row: u32,
        column: u32,
        formula: String,
    ) -> ServiceResult<()> {
        let count =
            self.open_by_id(&range.sheet.spreadsheet_id)?.sheets().iter().map(|s| s.formulas().len()).sum::<usize>();
        if count >= FORMULAS_PER_SPREADSHEET_MAX {
            return Err(ServiceError::new(TOO_MANY_FORMULAS));
        }
        self.formula_gaps_mut().extend(gap_names(&formula));
        let sheet: &mut Sheet = self.sheet_mut(&range.sheet)?;
        sheet.set_cell(row, column, CellValue::Empty);
        if formula.is_empty() {
            return Ok(());
        }
        let formula = if formula.starts_with('=') { formula } else { format!("={formula}") };
        // Sheets upper-cases function names and references on entry (observed).
        let formula = formula::normalized(&formula).unwrap_or(formula);
        sheet.formulas_mut().set(row, column, Some(formula));
        Ok(())
    }

    /// `Range.setFormula(formula)`: the top-left cell gets it as written; on a larger range
    /// every other cell gets it with its relative references moved (observed: like filling).
    pub fn set_formula(&mut self, range: &RangeRef, formula: &str) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let (names, sheet) = self.sheet_names(range)?;
        let formula =
            if formula.is_empty() || formula.starts_with('=') { formula.to_string() } else { format!("={formula}") };
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                let text = relative_copy(&formula, &names, &sheet, (range.row, range.column), (row, column));
                self.put_formula(range, row, column, text)?;
            }
        }
        self.sheet_mut(&range.sheet)?.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.setFormulaR1C1(formula)`: each cell gets the formula read against itself.
    pub fn set_formula_r1c1(&mut self, range: &RangeRef, formula: &str) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let (names, sheet) = self.sheet_names(range)?;
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                let text = r1c1_to_a1(formula, &names, &sheet, row, column);
                self.put_formula(range, row, column, text)?;
            }
        }
        self.sheet_mut(&range.sheet)?.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.setFormulas(grid)` / `setFormulasR1C1(grid)`: the grid must have the
    /// range's shape (the texts of `setValues`: assumed).
    pub fn set_formulas(&mut self, range: &RangeRef, formulas: Vec<Vec<String>>, r1c1: bool) -> ServiceResult<()> {
        self.range_sheet(range)?;
        if formulas.len() != range.num_rows as usize {
            return Err(ServiceError::new(text::data_rows_mismatch(formulas.len(), range.num_rows)));
        }
        if let Some(row) = formulas.iter().find(|row| row.len() != range.num_columns as usize) {
            return Err(ServiceError::new(text::data_columns_mismatch(row.len(), range.num_columns)));
        }
        let (names, sheet) = self.sheet_names(range)?;
        for (row, cells) in (range.row..).zip(formulas) {
            for (column, formula) in (range.column..).zip(cells) {
                let text = if r1c1 { r1c1_to_a1(&formula, &names, &sheet, row, column) } else { formula };
                self.put_formula(range, row, column, text)?;
            }
        }
        self.sheet_mut(&range.sheet)?.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.getFormulas()`: each cell's formula, `""` for a cell without one (documented).
    pub fn get_formulas(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<String>>> {
        let sheet = self.range_sheet(range)?;
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| sheet.formulas().get(row, column).cloned().unwrap_or_default())
                    .collect()
            })
            .collect())
    }

    /// `Range.getFormula()`: the top-left cell's formula or `""`.
    pub fn get_formula(&self, range: &RangeRef) -> ServiceResult<String> {
        Ok(self.range_sheet(range)?.formulas().get(range.row, range.column).cloned().unwrap_or_default())
    }

    /// `Range.getFormulasR1C1()`: R1C1 texts, `None` (JS `null`) for a cell without a
    /// formula (documented: "or null if none").
    pub fn get_formulas_r1c1(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<Option<String>>>> {
        let sheet = self.range_sheet(range)?;
        let (names, name) = self.sheet_names(range)?;
        Ok((range.row..=range.last_row())
            .map(|row| {
                (range.column..=range.last_column())
                    .map(|column| {
                        let formula = sheet.formulas().get(row, column)?;
                        Some(to_r1c1(formula, &names, &name, row, column).unwrap_or_else(|| formula.clone()))
                    })
                    .collect()
            })
            .collect())
    }

    /// `Range.getFormulaR1C1()`: the top-left cell's, or `None`.
    pub fn get_formula_r1c1(&self, range: &RangeRef) -> ServiceResult<Option<String>> {
        let top_left = range.cell(range.row, range.column);
        Ok(self.get_formulas_r1c1(&top_left)?.remove(0).remove(0))
    }

    /// A formula of the sheet `source` copied from cell `from` to cell `to` (of any sheet
    /// of the same spreadsheet): its relative references move with it, as a paste or a
    /// fill does in Sheets (`=A1` in B1 copied to B2 reads `=A2`; documented for fills,
    /// observed for paste).
    pub(super) fn copied_formula(&self, source: &RangeRef, formula: &str, from: (u32, u32), to: (u32, u32)) -> String {
        match self.sheet_names(source) {
            Ok((names, sheet)) => relative_copy(formula, &names, &sheet, from, to),
            Err(_) => formula.to_string(),
        }
    }

    /// Before cells of spreadsheet `id` move without a structural change (moveTo,
    /// insertCells/deleteCells): every formula's references follow `map`, which says where
    /// a cell `(sheet gid, row, column)` goes (`None`: deleted, its references `#REF!`).
    pub(super) fn remap_formulas(
        &mut self,
        id: &str,
        map: impl Fn(u32, u32, u32) -> Option<(u32, u32, u32)>,
    ) -> ServiceResult<()> {
        let book = self.open_by_id_mut(id)?;
        let gids: Vec<u32> = book.sheets().iter().map(Sheet::sheet_id).collect();
        let by_index = |index: u32, row: i32, column: i32| -> Option<(u32, i32, i32)> {
            let (Ok(row), Ok(column)) = (u32::try_from(row), u32::try_from(column)) else {
                return Some((index, row, column));
            };
            let (gid, row, column) = map(gids[index as usize], row, column)?;
            let index = gids.iter().position(|&g| g == gid)? as u32;
            Some((index, row as i32, column as i32))
        };
        formula::remap_references(book, &by_index);
        Ok(())
    }

    /// Writes a value a script gave (`setValue(s)`): text starting with `=` is a formula.
    pub(super) fn put_entered(
        &mut self,
        range: &RangeRef,
        row: u32,
        column: u32,
        value: CellValue,
    ) -> ServiceResult<()> {
        if is_formula_text(&value) {
            let CellValue::String(text) = value else { unreachable!("checked above") };
            return self.put_formula(range, row, column, text);
        }
        self.sheet_mut(&range.sheet)?.set_cell(row, column, value);
        Ok(())
    }

    /// The gaps of the formulas written since the last call, for the binding to count at
    /// the script's call site.
    pub fn take_formula_gaps(&mut self) -> Vec<String> {
        std::mem::take(self.formula_gaps_mut())
    }

    /// The work `recalculate_stale` would do now: the cells it loads into the engine
    /// model (every stored cell of each stale spreadsheet with formulas: IronCalc's model
    /// is rebuilt whole) and the formulas it evaluates. Known before the work is done, so
    /// that an execution can be charged for it first (gas-engine's step budget).
    pub fn stale_recalculation_size(&self) -> RecalculationSize {
        let mut size = RecalculationSize::default();
        for book in self.all().iter().filter(|book| book.is_stale() && book.has_formulas()) {
            for sheet in book.sheets() {
                size.cells = size.cells.saturating_add(sheet.rows().iter().map(|row| row.len() as u64).sum());
                size.formulas = size.formulas.saturating_add(sheet.formulas().len() as u64);
            }
        }
        size
    }

    /// Recomputes every spreadsheet written since the last recalculation that has
    /// formulas, at virtual time `now_utc_ms` (`NOW()`), in its zone or `script_zone`.
    /// Cheap when nothing was written or no formula exists.
    pub fn recalculate_stale(&mut self, now_utc_ms: i64, script_zone: Tz) {
        for book in self.books_mut() {
            if book.take_stale() && book.has_formulas() {
                let zone = book.time_zone().and_then(|zone| crate::time::parse_zone(zone).ok()).unwrap_or(script_zone);
                formula::recalculate(book, now_utc_ms, zone);
            }
        }
    }
}

/// R1C1 text read at a cell as A1 text; kept as written when it does not parse (its
/// result is then `#ERROR!`).
fn r1c1_to_a1(formula: &str, names: &[String], sheet: &str, row: u32, column: u32) -> String {
    if formula.is_empty() {
        return String::new();
    }
    let formula = if formula.starts_with('=') { formula.to_string() } else { format!("={formula}") };
    from_r1c1(&formula, names, sheet, row, column).unwrap_or(formula)
}

/// What one `Spreadsheets::recalculate_stale` works through.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecalculationSize {
    /// Stored cells loaded into the engine model (values and formula cells alike).
    pub cells: u64,
    /// Formulas parsed and evaluated.
    pub formulas: u64,
}
