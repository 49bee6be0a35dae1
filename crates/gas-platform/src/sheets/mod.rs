//! The Google Sheets model behind `SpreadsheetApp`: spreadsheets, their sheets, cell
//! values, and the platform's rules and exact error texts, with no JavaScript.
//!
//! The JS binding refers to objects by handle: a spreadsheet by its id, a sheet by
//! [`SheetRef`], a range by [`RangeRef`] (plain data, 1-based). Every operation is a method
//! on [`Spreadsheets`] (the store, see `ops/`) that takes handles and returns a
//! [`ServiceResult`](crate::ServiceResult); a stale handle (a deleted sheet) is an error, never a panic.
//! Dates are UTC instants; the spreadsheet's zone (`None` = the script's, passed in as
//! `script_zone`) applies only where a string is read as a date or a value is shown as text.
//!
//! Storage is sparse: a sheet keeps only its content area, each row without trailing
//! empty cells and no trailing empty rows, so `getLastRow()` is `rows.len()` (or a lower
//! formula's row: a formula whose result is `""` is content) and a
//! 1000-row sheet with 3 used rows holds 3 short vectors.
//!
//! # Fidelity
//!
//! Sources: **documented** (Google's reference), **observed** (seen in real executions or
//! widely reported by users), **assumed** (gas-sim's choice where the platform's behaviour
//! or text is unknown; change it when someone observes the real one). Texts are in [`text`].
//!
//! | rule | error text | source |
//! |---|---|---|
//! | `openById` of an unknown id (also any handle to one) | `Unexpected error while getting the method or property openById on object SpreadsheetApp.` | observed |
//! | `getRange(row, col, 0, n)` | `The number of rows in the range must be at least 1.` | observed |
//! | `getRange(row, col, n, 0)` | `The number of columns in the range must be at least 1.` | observed |
//! | `getRange(0, col)` | `The starting row of the range is too small.` | observed |
//! | `getRange(row, 0)` | `The starting column of the range is too small.` | observed |
//! | `getRange` past `getMaxRows()`/`getMaxColumns()`; using a range a row deletion left outside the sheet | `The coordinates of the range are outside the dimensions of the sheet.` | observed |
//! | `getRange("...")`: bad A1 notation or unknown sheet name | `Range not found` | observed |
//! | `getRange("...")` valid notation outside the sheet (`A1001` on 1000 rows) | `Range not found` | assumed |
//! | `setValues` row count differs | `The number of rows in the data does not match the number of rows in the range. The data has N but the range has M.` | observed |
//! | `setValues` a row's length differs (first such row) | `The number of columns in the data does not match the number of columns in the range. The data has N but the range has M.` | observed |
//! | `insertSheet(name)` / `setName(name)` taken (compared case-insensitively: assumed) | `A sheet with the name "X" already exists. Please enter another name.` | observed |
//! | sheet name longer than 100 characters | `The sheet name cannot be greater than 100 characters.` | assumed |
//! | `deleteSheet` of the only sheet | `You can't remove all the visible sheets in a document.` | observed (Sheets API text) |
//! | `deleteRow(s)` outside `1..=getMaxRows()` | `Those rows are out of bounds.` | observed |
//! | `deleteRows(start, 0)`; `insertRows*` at a row outside the sheet or with a count < 1 | `Those rows are out of bounds.` | assumed |
//! | `deleteRow(s)` leaving no row that is not frozen | `Sorry, it is not possible to delete all non-frozen rows.` | observed |
//! | a spreadsheet above 10,000,000 cells (`insertSheet`, `insertRows*`, `appendRow` growth) | `This action would increase the number of cells in the workbook above the limit of 10000000 cells.` | documented limit, observed text |
//! | `appendRow([])` | `The number of columns in the range must be at least 1.` | assumed |
//! | any call through a handle to a deleted sheet | `The sheet has been deleted.` | assumed |
//! | `setSpreadsheetTimeZone` with an unknown zone | `Invalid argument: timeZone` | assumed |
//! | `createTextFinder(..).useRegularExpression(true)` with a bad pattern | `Invalid regular expression: PATTERN` | assumed |
//!
//! | behaviour | gas-sim | source |
//! |---|---|---|
//! | a new spreadsheet | one sheet `Sheet1`, gid 0, 1000 rows x 26 columns | documented / observed |
//! | `create(name)` id | `ss-0001`, `ss-0002`, ... (real ids are random); loaded ids are kept | assumed |
//! | `insertSheet()` | named `SheetN`, N = sheet count + 1 (then the next free N), 1000 x 26, added last, gid = highest + 1 | assumed |
//! | `getSheetByName` | exact, case-sensitive name; `null` when absent | documented (null) / observed (case) |
//! | `getRange("Sheet2!A1")` sheet names | case-insensitive, as in formulas | assumed |
//! | `getLastRow()` / `getLastColumn()` | last row / column with content, 0 on an empty sheet | documented |
//! | `getDataRange()` | A1 to (last row, last column), at least A1 | documented |
//! | `getValues()` | Number, Boolean, Date or String, `""` for an empty cell | documented |
//! | `appendRow` | writes after the last row with content | documented |
//! | `appendRow` on a full sheet / a wider row | adds the row / the columns | assumed |
//! | `setValue` on a multi-cell range | writes every cell | observed |
//! | strings written by a script | parsed as typed (en_US): plain numbers, `true`/`false`, ISO and `M/d/yyyy` dates in the spreadsheet's zone, `'` keeps text; currency, percent, grouped and time-only strings stay text | documented (parsing) / assumed (the subset) |
//! | strings starting with `=` (`setValue(s)`) | a formula (see `formula/`): the cell's formula is stored, its value is the result; on a multi-cell range relative references move from cell to cell, as `setFormula` does | documented (formula) / assumed (multi-cell) |
//! | `setFormula` on a multi-cell range | every cell, relative references moved like a fill | observed |
//! | `setFormula("A1+1")` (no `=`) | stored as `=A1+1` | assumed |
//! | `getFormula(s)` of a cell without a formula | `""` | documented |
//! | `getFormulaR1C1(s)` of a cell without a formula | `null` | documented ("or null if none") |
//! | `getFormulaR1C1` text | `R[-1]C[0]`, `R1C1` (IronCalc's stringifier, always with `[0]`) | documented form (setFormulaR1C1's example) |
//! | formula errors | `#DIV/0!`, `#REF!`, `#NAME?` (unknown function), `#N/A`, `#VALUE!`, `#NUM!`, `#NULL!`, `#ERROR!` (parse error); IronCalc's `#CIRC!`/`#SPILL!` read `#REF!`, `#CALC!` `#N/A` | documented (Sheets' error values) / assumed (mapping) |
//! | a formula's result type | Number, String, Boolean; a number the engine formats as a date (NOW, TODAY, DATE, ...) is a Date; an error is its text | observed (getValue of `=NOW()` is a Date) / assumed (the engine decides the date formats) |
//! | Sheets-only functions (QUERY, ARRAYFORMULA, IMPORTRANGE, GOOGLEFINANCE, SPLIT, REGEXMATCH, ...), RAND/RANDBETWEEN/RANDARRAY | `#NAME?` and a gap (`formula function QUERY`) at the call that wrote the formula | gas-sim limitation |
//! | array results (FILTER, UNIQUE, SORT, SEQUENCE, ...) | spill into the cells beside (the sheet's `spilled` layer, cleared by any write to them) | documented (Sheets' array results) / assumed (IronCalc's spill) |
//! | recalculation | after every write to the spreadsheet; NOW()/TODAY() change only then (Sheets' default "on change") | documented setting / assumed timing |
//! | rows inserted/deleted | formula references follow their cells; references into deleted rows read `#REF!`; ranges shrink | observed |
//! | `getDisplayValues()` | dates `M/d/yyyy H:mm:ss` in the spreadsheet's zone; "Automatic" numbers approximated (10 decimals, 15 digits, `1E+15`) | assumed |
//! | `getA1Notation()` of an open range (`A:A`) | the closed range (`A1:A1000`) | gas-sim limitation |
//! | `TextFinder` | matches displayed text, row-major; `findNext` after the last match is `null` (no wrap); empty search text matches nothing | assumed |
//! | row deletion / insertion | existing `RangeRef`s keep their coordinates | assumed |

pub mod a1;
pub mod anchored;
pub mod banding;
mod block;
pub mod charts;
pub mod conditional;
mod export;
pub use export::SPREADSHEET_MIME_TYPE;
pub mod filter;
mod finder;
pub mod format;
pub mod formula;
pub mod groups;
pub mod images;
pub mod layer;
pub mod layout;
pub mod locale;
pub mod metadata;
mod model;
pub(crate) use model::journal;
pub mod named;
pub mod number_format;
pub mod objects;
mod ops;
pub use ops::people;
pub mod protection;
mod r1c1;
pub mod rich_text;
mod rule_moves;
pub mod series;
pub mod shift;
pub mod sort;
pub mod structure_text;
pub mod surface;
pub use surface::Bounds;
pub mod theme;
pub mod user_input;
pub mod validation;
pub mod values;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_objects;

pub use finder::{fold, TextFinder};
pub use layout::MergeKind;
pub use model::{Sheet, Spreadsheet, Spreadsheets};
pub use ops::objects::is_valid_locale;
pub use ops::{format_text, BorderEdit, ClearOptions, DEFAULT_COLUMN_WIDTH_PX, DEFAULT_ROW_HEIGHT_PX};
pub use ops::{CopyMode, Direction, RecalculationSize, COLUMNS_PER_SHEET_MAX};
pub use ops::{GroupRef, GROUP_GONE};
pub use shift::Dim;
pub use values::{display_value, user_entered};

use serde::{Deserialize, Serialize};

/// Rows of a sheet the platform creates (documented default grid: 1000 x 26).
pub const DEFAULT_MAX_ROWS: u32 = 1000;
/// Columns of a sheet the platform creates.
pub const DEFAULT_MAX_COLUMNS: u32 = 26;
/// Cells in one spreadsheet, all sheets' grids counted (documented limit: 10 million).
pub const CELLS_PER_SPREADSHEET_MAX: u64 = 10_000_000;
/// Characters in a sheet name.
pub const SHEET_NAME_CHARS_MAX: usize = 100;

/// A sheet: its spreadsheet's id and its stable gid (`getSheetId()`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SheetRef {
    pub spreadsheet_id: String,
    pub sheet_id: u32,
}

/// A rectangle of cells on a sheet, 1-based, at least 1 x 1.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RangeRef {
    pub sheet: SheetRef,
    pub row: u32,
    pub column: u32,
    pub num_rows: u32,
    pub num_columns: u32,
    /// Which ends the range's A1 notation left open (`getRange('A:B')` has no rows): the
    /// `isStartRowBounded()` family reads them and `getA1Notation()` gives whole lines
    /// back as named (`D:F`, `5:7`: observed, a peer's conformance tests); every other
    /// range, however many cells it spans, is bounded (`getRange(5, 1, 3, 26)` reads
    /// `A5:Z7`: assumed, the platform keeps the bounds it was given).
    #[serde(default = "Bounds::all", skip_serializing_if = "Bounds::is_all")]
    pub bounds: Bounds,
}

impl RangeRef {
    /// `getLastRow()` of the range: its bottom row. (Saturating, so a malformed handle
    /// reaches the store's range checks instead of overflowing here.)
    pub fn last_row(&self) -> u32 {
        self.row.saturating_add(self.num_rows.saturating_sub(1))
    }

    /// `getLastColumn()` of the range: its rightmost column.
    pub fn last_column(&self) -> u32 {
        self.column.saturating_add(self.num_columns.saturating_sub(1))
    }

    /// The one-cell range at (row, column) of the same sheet.
    pub fn cell(&self, row: u32, column: u32) -> RangeRef {
        RangeRef {
            sheet: self.sheet.clone(),
            row,
            column,
            num_rows: 1,
            num_columns: 1,
            bounds: crate::sheets::Bounds::ALL,
        }
    }

    fn a1_box(&self) -> a1::A1Box {
        a1::A1Box { row: self.row, column: self.column, last_row: self.last_row(), last_column: self.last_column() }
    }
}

/// `Range.getA1Notation()`: `B2` for one cell, `A1:C3` otherwise, `2:5` or `A:C` for
/// whole lines named so (`RangeRef::bounds`), without the sheet name.
pub fn a1_notation(range: &RangeRef) -> String {
    let b = range.bounds;
    if b.start_row && b.end_row && !b.start_column && !b.end_column {
        format!("{}:{}", range.row, range.last_row())
    } else if !b.start_row && !b.end_row && b.start_column && b.end_column {
        format!("{}:{}", a1::column_letters(range.column), a1::column_letters(range.last_column()))
    } else {
        a1::notation(range.a1_box())
    }
}

/// The platform's messages, each once. The module doc's table says where each comes from.
pub mod text {
    pub const OPEN_BY_ID_FAILED: &str =
        "Unexpected error while getting the method or property openById on object SpreadsheetApp.";
    /// Assumed by analogy with `openById`'s (observed) text.
    pub const OPEN_BY_URL_FAILED: &str =
        "Unexpected error while getting the method or property openByUrl on object SpreadsheetApp.";
    pub const RANGE_ROWS_AT_LEAST_1: &str = "The number of rows in the range must be at least 1.";
    pub const RANGE_COLUMNS_AT_LEAST_1: &str = "The number of columns in the range must be at least 1.";
    pub const RANGE_START_ROW_TOO_SMALL: &str = "The starting row of the range is too small.";
    pub const RANGE_START_COLUMN_TOO_SMALL: &str = "The starting column of the range is too small.";
    pub const RANGE_OUTSIDE_SHEET: &str = "The coordinates of the range are outside the dimensions of the sheet.";
    pub const RANGE_NOT_FOUND: &str = "Range not found";
    pub const ROWS_OUT_OF_BOUNDS: &str = "Those rows are out of bounds.";
    pub const DELETE_ALL_ROWS: &str = "Sorry, it is not possible to delete all non-frozen rows.";
    pub const DELETE_ONLY_SHEET: &str = "You can't remove all the visible sheets in a document.";
    pub const CELL_LIMIT: &str =
        "This action would increase the number of cells in the workbook above the limit of 10000000 cells.";
    pub const SHEET_NAME_TOO_LONG: &str = "The sheet name cannot be greater than 100 characters.";
    pub const SHEET_DELETED: &str = "The sheet has been deleted.";
    pub const INVALID_TIME_ZONE: &str = "Invalid argument: timeZone";

    pub fn sheet_name_taken(name: &str) -> String {
        format!("A sheet with the name \"{name}\" already exists. Please enter another name.")
    }

    pub fn data_rows_mismatch(data_rows: usize, range_rows: u32) -> String {
        format!(
            "The number of rows in the data does not match the number of rows in the range. \
             The data has {data_rows} but the range has {range_rows}."
        )
    }

    pub fn data_columns_mismatch(data_columns: usize, range_columns: u32) -> String {
        format!(
            "The number of columns in the data does not match the number of columns in the range. \
             The data has {data_columns} but the range has {range_columns}."
        )
    }

    pub fn invalid_regular_expression(pattern: &str) -> String {
        format!("Invalid regular expression: {pattern}")
    }
}
