//! The platform's messages for the structure operations (columns, hiding, freezing,
//! merging, navigation, sorting, copying), each once. Sources are in docs/fidelity.md's
//! fidelity rows: "observed" where a real execution showed the text, else "assumed".

/// `deleteColumn(s)`, `insertColumn*`, `hideColumns`, `autoResizeColumns` outside the grid
/// (observed for deleteColumns; assumed for the others, as rows share one text).
pub const COLUMNS_OUT_OF_BOUNDS: &str = "Those columns are out of bounds.";
/// Deleting every non-frozen column (assumed, as the rows' text).
pub const DELETE_ALL_COLUMNS: &str = "Sorry, it is not possible to delete all non-frozen columns.";
/// More columns than Sheets' 18,278 (`ZZZ`, documented limit; text assumed).
pub const COLUMN_LIMIT: &str =
    "This action would increase the number of columns in the sheet above the limit of 18278.";
/// `hideSheet` of the last visible sheet (assumed).
pub const HIDE_ALL_SHEETS: &str = "You can't hide all the sheets in a document.";
/// `setFrozenRows(n)` with no unfrozen row left, or a negative count (assumed).
pub const FREEZE_ALL_ROWS: &str = "You can't freeze all visible rows on the sheet.";
pub const FREEZE_ALL_COLUMNS: &str = "You can't freeze all visible columns on the sheet.";
/// Freezing through a merged range (assumed).
pub const FREEZE_PART_OF_MERGE: &str = "Sorry, it is not possible to freeze only part of a merged cell.";
/// A merge across the frozen boundary (assumed).
pub const MERGE_FROZEN_ROWS: &str = "You can't merge frozen and non-frozen rows.";
pub const MERGE_FROZEN_COLUMNS: &str = "You can't merge frozen and non-frozen columns.";
/// A merge or an unmerge that covers only part of an existing merge; also a cell shift
/// or move that would cut one (Sheets' UI text, assumed for Apps Script).
pub const PART_OF_MERGE: &str = "You must select all cells in a merged range to merge or unmerge them.";
/// `getCell(row, column)` outside the range (assumed).
pub const CELL_OUT_OF_RANGE: &str = "Cell reference out of range";
/// A sort key naming a column outside the range (assumed).
pub const SORT_COLUMN_OUT_OF_RANGE: &str = "The sort column must be within the specified range.";
/// A sort spec that is no column number, `{column, ascending}` object or array of them (assumed).
pub const SORT_SPEC_INVALID: &str = "Invalid argument: sortSpecObj";
/// `removeDuplicates(columns)` naming a column outside the range (assumed).
pub const DUPLICATE_COLUMN_OUT_OF_RANGE: &str = "The column index is out of range.";
/// `copyTo`, `moveTo`, `copyValuesToRange`, `copyFormatToRange` onto another spreadsheet (observed).
pub const OTHER_SPREADSHEET: &str = "Target range and source range must be on the same spreadsheet.";
/// `autoFill` whose destination does not contain the source (assumed).
pub const AUTOFILL_DESTINATION: &str =
    "The destination range must contain the source range and extend it in only one direction.";
/// `autoFill` whose destination contains the source but grows it two ways (observed: a
/// peer's conformance tests).
pub const AUTOFILL_ONE_DIRECTION: &str =
    "AutoFill destination range must extend the source range in only one direction.";
/// `moveRows`/`moveColumns` with a destination inside the moved rows (assumed).
pub const MOVE_INTO_ITSELF: &str = "The destination index must not be within the rows or columns being moved.";

/// An enum argument with a value its enum lacks (assumed: the platform's `Invalid argument: NAME`).
pub fn invalid_argument(name: &str) -> String {
    format!("Invalid argument: {name}")
}
