//! The bridge to IronCalc: one recalculation builds an engine model of the whole
//! spreadsheet (every sheet's values and formulas), evaluates it, and writes each
//! formula's result into the values grid. Rebuilding, rather than keeping a model beside
//! the world, keeps the world one plain value (clone, compare, serialize) and makes a
//! result a function of the stored cells alone.

use std::panic::{catch_unwind, AssertUnwindSafe};

use chrono::NaiveDate;
use chrono_tz::Tz;
use ironcalc_base::cell::CellValue as EngineValue;
use ironcalc_base::types::{ArrayKind, Cell, CellType};
use ironcalc_base::Model;

use ironcalc_base::expressions::utils::quote_name;

use super::super::a1::column_letters;
use super::super::anchored::GridBox;
use super::super::model::{same_sheet_name, Sheet, Spreadsheet};
use super::text::OpenEnd;
use super::{functions_in, is_unsupported, returns_date, sheets_error_text, too_deep};
use crate::time::{local_to_utc_ms, utc_ms_to_local};
use crate::CellValue;

/// A formula IronCalc answers `#NAME?` for: what an unsupported one is evaluated as.
const UNSUPPORTED_STAND_IN: &str = "=GASSIM.UNSUPPORTED.FUNCTION()";
const MS_PER_DAY: f64 = 86_400_000.0;

/// Does IronCalc know this function (English names)?
pub(super) fn has_function(name: &str) -> bool {
    ironcalc_base::language::get_language("en").is_ok_and(|language| language.functions.lookup(name).is_some())
}

/// Sheets' serial day 0: 1899-12-30 (documented: DATE(1899,12,30) is 0).
fn epoch() -> chrono::NaiveDateTime {
    NaiveDate::from_ymd_opt(1899, 12, 30).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("a valid date")
}

fn serial_of(at_utc_ms: i64, zone: Tz) -> f64 {
    (utc_ms_to_local(zone, at_utc_ms) - epoch()).num_milliseconds() as f64 / MS_PER_DAY
}

fn instant_of(serial: f64, zone: Tz) -> Option<i64> {
    let ms = (serial * MS_PER_DAY).round();
    if !ms.is_finite() || ms.abs() > 1e15 {
        return None;
    }
    let local = epoch().checked_add_signed(chrono::Duration::milliseconds(ms as i64))?;
    Some(local_to_utc_ms(zone, local))
}

/// Recomputes every formula of `book` at virtual time `now_utc_ms` in `zone`.
pub(crate) fn recalculate(book: &mut Spreadsheet, now_utc_ms: i64, zone: Tz) {
    ironcalc_base::mock_time::set_mock_time(now_utc_ms);
    // An engine panic is a bug in it, not in the script: every formula then reads `#ERROR!`
    // rather than the run dying with the world locked.
    let results = catch_unwind(AssertUnwindSafe(|| evaluate(book, zone))).unwrap_or_else(|_| error_results(book));
    for (sheet, cells) in book.sheets_mut().iter_mut().zip(results) {
        let (mut first, mut last) = (u32::MAX, 0);
        // Last time's spilled values go; this time's are written below.
        let old_spill: Vec<(u32, u32)> = sheet.spilled().iter().map(|(&key, _)| key).collect();
        sheet.spilled_mut().clear();
        for (row, column) in old_spill {
            sheet.set_result(row, column, CellValue::Empty);
            first = first.min(row);
            last = last.max(row);
        }
        for Result { at: (row, column), value, spilled } in cells {
            sheet.set_result(row, column, value);
            if spilled {
                sheet.spilled_mut().set(row, column, Some(true));
            }
            first = first.min(row);
            last = last.max(row);
        }
        if last > 0 {
            sheet.trim_rows(first, last);
        }
    }
}

/// One cell a recalculation writes: a formula's result, or a value its array spilled.
struct Result {
    at: (u32, u32),
    value: CellValue,
    spilled: bool,
}

type Results = Vec<Vec<Result>>;

/// `formula` with its half-open ranges (`A2:A`, which IronCalc does not read) closed at
/// their sheet's last row or column (`A2:A$1000` on a 1000-row sheet), or at the range's
/// own start when that lies past it; `None` when it has none. Sheets reads `A2:A` to the
/// sheet's end (documented); past it there are no cells, so the sheet's edge gives the
/// same result without IronCalc walking a million empty cells.
fn closed_at_sheet_edge(book: &Spreadsheet, own: &Sheet, formula: &str) -> Option<String> {
    let (text, _) = super::text::closed_ranges(formula, |name, open, start| {
        let named = name.and_then(|name| book.sheets().iter().find(|sheet| same_sheet_name(sheet.name(), name)));
        let sheet = named.unwrap_or(own);
        let edge = match open {
            OpenEnd::Below => sheet.max_rows(),
            OpenEnd::Right => sheet.max_columns(),
        };
        edge.max(start)
    })?;
    Some(text)
}

fn evaluate(book: &Spreadsheet, zone: Tz) -> Results {
    let Ok(mut model) = Model::new_empty("gas-sim", "en", zone.name(), "en") else {
        return error_results(book);
    };
    let mut engine_names: Vec<String> = Vec::with_capacity(book.sheets().len());
    for (index, sheet) in book.sheets().iter().enumerate() {
        let index = index as u32;
        // IronCalc checks names as Excel does (31 characters, no `[]:*?/\`); a sheet it
        // refuses gets a stand-in name, so references to it by name read `#REF!`.
        let stand_in = format!("GasSimSheet{index}");
        let add = |model: &mut Model, name: &str| {
            if index == 0 {
                model.rename_sheet_by_index(0, name)
            } else {
                model.add_sheet(name)
            }
        };
        let engine_name = if add(&mut model, sheet.name()).is_ok() {
            sheet.name().to_string()
        } else if add(&mut model, &stand_in).is_ok() {
            stand_in
        } else {
            return error_results(book);
        };
        engine_names.push(engine_name);
        for (r, cells) in (1..).zip(sheet.rows()) {
            for (c, value) in (1..).zip(cells) {
                // A formula is given below; a spilled value is a result, not an input.
                if sheet.formulas().get(r as u32, c as u32).is_some()
                    || sheet.spilled().get(r as u32, c as u32).is_some()
                {
                    continue;
                }
                let _ = match value {
                    CellValue::Empty => Ok(()),
                    CellValue::Number(n) => model.update_cell_with_number(index, r, c, *n),
                    CellValue::Bool(b) => model.update_cell_with_bool(index, r, c, *b),
                    CellValue::String(text) => model.update_cell_with_text(index, r, c, text),
                    CellValue::Date(ms) => model.update_cell_with_number(index, r, c, serial_of(*ms, zone)),
                };
            }
        }
    }
    define_names(&mut model, book, &engine_names);
    for (index, sheet) in book.sheets().iter().enumerate() {
        for (&(row, column), formula) in sheet.formulas().iter() {
            let (r, c) = (row as i32, column as i32);
            if too_deep(formula) {
                // Never handed to IronCalc's recursive parser: a parse error.
                let _ = model.update_cell_with_text(index as u32, r, c, "#ERROR!");
                continue;
            }
            let supported = !functions_in(formula).iter().any(|name| is_unsupported(name));
            let text = match supported {
                true => closed_at_sheet_edge(book, sheet, formula).unwrap_or_else(|| formula.clone()),
                false => UNSUPPORTED_STAND_IN.to_string(),
            };
            if model.update_cell_with_formula(index as u32, r, c, text).is_err() {
                let _ = model.update_cell_with_text(index as u32, r, c, "#ERROR!");
            }
        }
    }
    model.evaluate();
    book.sheets()
        .iter()
        .enumerate()
        .map(|(index, sheet)| {
            let mut cells = Vec::new();
            for (&(row, column), formula) in sheet.formulas().iter() {
                let date = returns_date(formula);
                let value = result_of(&model, index as u32, row, column, date, zone);
                let spill = spill_area(&model, index as u32, row, column);
                let fits = spill.is_none_or(|(height, width)| {
                    row + height - 1 <= sheet.max_rows() && column + width - 1 <= sheet.max_columns()
                });
                if !fits {
                    // Sheets does not grow the grid for an array result (it reads `#REF!`).
                    cells.push(Result { at: (row, column), value: CellValue::String("#REF!".into()), spilled: false });
                    continue;
                }
                cells.push(Result { at: (row, column), value, spilled: false });
                let Some((height, width)) = spill else { continue };
                for r in row..row + height {
                    for c in column..column + width {
                        if (r, c) != (row, column) {
                            let value = result_of(&model, index as u32, r, c, false, zone);
                            cells.push(Result { at: (r, c), value, spilled: true });
                        }
                    }
                }
            }
            cells
        })
        .collect()
}

/// The (height, width) a dynamic array formula's result spilled over, its own cell
/// included; `None` for a single value.
fn spill_area(model: &Model, sheet: u32, row: u32, column: u32) -> Option<(u32, u32)> {
    let worksheet = model.workbook.worksheet(sheet).ok()?;
    match worksheet.cell(row as i32, column as i32).as_deref() {
        // IronCalc keeps the area as (width, height).
        Some(Cell::ArrayFormula { r: (width, height), kind: ArrayKind::Dynamic, .. })
            if *width >= 1 && *height >= 1 && (*width, *height) != (1, 1) =>
        {
            Some((*height as u32, *width as u32))
        }
        _ => None,
    }
}

/// The spreadsheet's named ranges as IronCalc's workbook-wide defined names
/// (`Totals` = `'Sheet1'!$A$1:$A$3`), given before any formula is parsed so `=SUM(Totals)`
/// reads them. A name IronCalc refuses (its identifier rules are Excel's, a little
/// narrower than Sheets') is left out: a formula using it reads `#NAME?`.
fn define_names(model: &mut Model, book: &Spreadsheet, engine_names: &[String]) {
    for named in &book.objects().named_ranges {
        let Some(index) = book.sheets().iter().position(|sheet| sheet.sheet_id() == named.range.sheet_id) else {
            continue;
        };
        let formula = format!("{}!{}", quote_name(&engine_names[index]), absolute_box(&named.range));
        let _ = model.new_defined_name(&named.name, None, &formula);
    }
}

/// `$A$1` or `$A$1:$B$3`.
fn absolute_box(boxed: &GridBox) -> String {
    let cell = |row: u32, column: u32| format!("${}${row}", column_letters(column));
    let first = cell(boxed.row, boxed.column);
    if boxed.num_rows == 1 && boxed.num_columns == 1 {
        return first;
    }
    format!("{first}:{}", cell(boxed.row + boxed.num_rows - 1, boxed.column + boxed.num_columns - 1))
}

fn error_results(book: &Spreadsheet) -> Results {
    book.sheets()
        .iter()
        .map(|sheet| {
            let error = || CellValue::String("#ERROR!".into());
            sheet.formulas().iter().map(|(&at, _)| Result { at, value: error(), spilled: false }).collect()
        })
        .collect()
}

/// A formula cell's result as Sheets gives it to a script: an error as its text
/// (`#DIV/0!`), a date function's number (`date`) or a number in a date format as a
/// Date, `""` as empty.
fn result_of(model: &Model, sheet: u32, row: u32, column: u32, date: bool, zone: Tz) -> CellValue {
    let (r, c) = (row as i32, column as i32);
    let Ok(value) = model.get_cell_value_by_index(sheet, r, c) else {
        return CellValue::String("#ERROR!".into());
    };
    if matches!(model.get_cell_type(sheet, r, c), Ok(CellType::ErrorValue)) {
        let text = match &value {
            EngineValue::String(text) => text.as_str(),
            _ => "",
        };
        return CellValue::String(sheets_error_text(text).to_string());
    }
    match value {
        EngineValue::None => CellValue::Empty,
        EngineValue::String(text) if text.is_empty() => CellValue::Empty,
        EngineValue::String(text) => CellValue::String(text),
        EngineValue::Boolean(b) => CellValue::Bool(b),
        EngineValue::Number(n) => {
            let date_format = date
                || model
                    .get_style_for_cell(sheet, r, c)
                    .is_ok_and(|style| ironcalc_base::formatter::lexer::is_likely_date_number_format(&style.num_fmt));
            match date_format.then(|| instant_of(n, zone)).flatten() {
                Some(at_utc_ms) => CellValue::Date(at_utc_ms),
                None if n == 0.0 => CellValue::Number(0.0),
                None => CellValue::Number(n),
            }
        }
    }
}
