//! The spreadsheets' part of a journal line (`crate::journal`): a sheet whose rows alone
//! changed gives the rows that changed (an appended row is one splice), anything else
//! that changed is written whole at the smallest level that holds it (the sheet, the
//! spreadsheet, or all spreadsheets when one was added, removed or moved). Here, beside
//! the model, because it reads the private fields; the JSON paths are their serde names.

use super::{Sheet, Spreadsheet, Spreadsheets, TouchedRows};
use crate::journal::{Key, Ops};

pub(crate) fn record(ops: &mut Ops, now: &mut Spreadsheets, copy: &mut Spreadsheets) -> Result<(), String> {
    let same_books = now.spreadsheets.len() == copy.spreadsheets.len()
        && now.spreadsheets.iter().zip(&copy.spreadsheets).all(|(a, b)| a.id == b.id);
    if !same_books {
        ops.set_at(vec!["spreadsheets".into()], &*now)?;
        copy.clone_from(now);
        untouch(now.spreadsheets.iter_mut().flat_map(|book| book.sheets.iter_mut()));
        return Ok(());
    }
    ops.whole(&["spreadsheets", "created_count"], &now.created_count, &mut copy.created_count)?;
    for (index, (book, written)) in now.spreadsheets.iter_mut().zip(copy.spreadsheets.iter_mut()).enumerate() {
        let path = vec!["spreadsheets".into(), "spreadsheets".into(), Key::Index(index)];
        record_book(ops, path, book, written)?;
    }
    Ok(())
}

fn record_book(ops: &mut Ops, path: Vec<Key>, now: &mut Spreadsheet, copy: &mut Spreadsheet) -> Result<(), String> {
    // Every field but `stale` (not state), so a new field must be placed here.
    let Spreadsheet { id, name, time_zone, sheets, objects, calc, theme, stale: _ } = &mut *now;
    let same_sheets =
        sheets.len() == copy.sheets.len() && sheets.iter().zip(&copy.sheets).all(|(a, b)| a.sheet_id == b.sheet_id);
    if !same_sheets
        || *id != copy.id
        || *name != copy.name
        || *time_zone != copy.time_zone
        || *objects != copy.objects
        || *calc != copy.calc
        || *theme != copy.theme
    {
        ops.set_at(path, &*now)?;
        copy.clone_from(now);
        untouch(now.sheets.iter_mut());
        return Ok(());
    }
    for (index, (sheet, written)) in sheets.iter_mut().zip(copy.sheets.iter_mut()).enumerate() {
        let mut at = path.clone();
        at.extend(["sheets".into(), Key::Index(index)]);
        let touched = std::mem::replace(&mut sheet.touched, TouchedRows::NONE);
        if same_but_rows_and_size(sheet, written) {
            // An append past the grid's last row grows the grid by that row.
            let field = |name: &str| [at.clone(), vec![name.into()]].concat();
            ops.whole_at(field("max_rows"), &sheet.max_rows, &mut written.max_rows)?;
            ops.whole_at(field("max_columns"), &sheet.max_columns, &mut written.max_columns)?;
            let compare = match touched {
                TouchedRows::All => 0..usize::MAX,
                TouchedRows::Range { from, to } => from..to,
            };
            ops.items_at(field("rows"), &sheet.rows, &mut written.rows, compare)?;
        } else {
            ops.set_at(at, &*sheet)?;
            written.clone_from(sheet);
        }
    }
    Ok(())
}

/// Marks `sheets`' rows as all written (they were, whole).
fn untouch<'s>(sheets: impl Iterator<Item = &'s mut Sheet>) {
    for sheet in sheets {
        sheet.touched = TouchedRows::NONE;
    }
}

/// Whether two sheets differ in their rows and grid size at most.
fn same_but_rows_and_size(a: &Sheet, b: &Sheet) -> bool {
    // Every field, so a new field must be compared here.
    let Sheet {
        sheet_id,
        name,
        rows: _,
        max_rows: _,
        max_columns: _,
        formulas,
        formats,
        notes,
        layout,
        objects,
        column_widths,
        row_heights,
        spilled,
        groups,
        settings,
        touched: _,
    } = a;
    *sheet_id == b.sheet_id
        && *name == b.name
        && *formulas == b.formulas
        && *formats == b.formats
        && *notes == b.notes
        && *layout == b.layout
        && *objects == b.objects
        && *column_widths == b.column_widths
        && *row_heights == b.row_heights
        && *spilled == b.spilled
        && *groups == b.groups
        && *settings == b.settings
}
