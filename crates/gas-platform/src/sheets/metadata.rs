//! Developer metadata (`addDeveloperMetadata` on a spreadsheet, a sheet or whole rows or
//! columns, `getDeveloperMetadata`, `DeveloperMetadata`, its location, and the finder):
//! keys and values a script attaches to the parts of a spreadsheet, found again after rows
//! move. Metadata are the spreadsheet's objects (`SpreadsheetObjects::developer_metadata`)
//! with spreadsheet-wide ids; row and column metadata move with their lines
//! (`Spreadsheet::shift_metadata`, as anchored.rs moves a box), and a deleted sheet takes
//! its own with it.
//!
//! | rule | source |
//! |---|---|
//! | a range's metadata must span whole rows or whole columns; another range is refused with `Adding developer metadata to arbitrary ranges is not currently supported. Developer metadata may only be added to the top-level spreadsheet, an individual sheet, or an entire row or column.` | documented (the Sheets API's locations) / observed (the text: a peer's conformance tests) |
//! | visibility `DOCUMENT` unless given | documented |
//! | a spreadsheet's finder sees every metadata; a sheet's its own and its rows' and columns'; a range's the rows and columns wholly inside it (row `3:3` is not in `A1:D5`, it is in `1:5`), or, after `onIntersectingLocations()`, every row and column it touches | documented (the range's rule) / assumed (the sheet's) |
//! | ids 1, 2, ... per spreadsheet, never reused; `find()` and `getDeveloperMetadata()` in id order | assumed |
//! | a removed metadata's handle: `No developer metadata with ID N exists.` | assumed |
//! | at most 10,000 metadata and 1,000,000 characters of keys and values a spreadsheet | gas-sim's bounds |

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::model::Spreadsheet;
use super::shift::{Dim, Shift};
use super::{RangeRef, SheetRef, Spreadsheets};
use crate::error::{ServiceError, ServiceResult};

/// `SpreadsheetApp.DeveloperMetadataVisibility`'s names.
pub const VISIBILITIES: [&str; 2] = ["DOCUMENT", "PROJECT"];
/// `SpreadsheetApp.DeveloperMetadataLocationType`'s names.
pub const LOCATION_TYPES: [&str; 4] = ["SPREADSHEET", "SHEET", "ROW", "COLUMN"];

/// Metadata one spreadsheet holds (gas-sim's bound).
pub const METADATA_PER_SPREADSHEET_MAX: usize = 10_000;
/// Characters of keys and values one spreadsheet holds (gas-sim's bound).
pub const METADATA_CHARS_MAX: usize = 1_000_000;

pub mod text {
    /// A range that is not whole rows or whole columns.
    pub const ARBITRARY_RANGE: &str = "Adding developer metadata to arbitrary ranges is not currently supported. Developer metadata may only be added to the top-level spreadsheet, an individual sheet, or an entire row or column.";
    /// Past the bounds above.
    pub const TOO_MANY: &str =
        "gas-sim: a spreadsheet holds at most 10000 developer metadata of 1000000 characters in all";
    /// A state file's `metadata_count` at u32::MAX (ids are never reused).
    pub const IDS_USED_UP: &str = "gas-sim: this spreadsheet has used every developer metadata id";

    /// A handle to metadata that was removed, or went with its sheet or lines (assumed).
    pub fn no_such(id: u32) -> String {
        format!("No developer metadata with ID {id} exists.")
    }
}

/// Where a metadata is: `SpreadsheetApp.DeveloperMetadataLocationType`'s four.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE", deny_unknown_fields)]
pub enum MetadataLocation {
    Spreadsheet,
    Sheet {
        sheet_id: u32,
    },
    /// Rows `start..start + count` (1-based) of a sheet.
    Row {
        sheet_id: u32,
        start: u32,
        count: u32,
    },
    Column {
        sheet_id: u32,
        start: u32,
        count: u32,
    },
}

impl MetadataLocation {
    pub fn type_name(&self) -> &'static str {
        match self {
            MetadataLocation::Spreadsheet => "SPREADSHEET",
            MetadataLocation::Sheet { .. } => "SHEET",
            MetadataLocation::Row { .. } => "ROW",
            MetadataLocation::Column { .. } => "COLUMN",
        }
    }

    fn sheet_id(&self) -> Option<u32> {
        match *self {
            MetadataLocation::Spreadsheet => None,
            MetadataLocation::Sheet { sheet_id }
            | MetadataLocation::Row { sheet_id, .. }
            | MetadataLocation::Column { sheet_id, .. } => Some(sheet_id),
        }
    }

    /// Its lines as a box of its sheet (a row location's every column), for moves.
    fn as_box(&self, max_rows: u32, max_columns: u32) -> Option<GridBox> {
        match *self {
            MetadataLocation::Row { sheet_id, start, count } => {
                Some(GridBox { sheet_id, row: start, column: 1, num_rows: count, num_columns: max_columns.max(1) })
            }
            MetadataLocation::Column { sheet_id, start, count } => {
                Some(GridBox { sheet_id, row: 1, column: start, num_rows: max_rows.max(1), num_columns: count })
            }
            _ => None,
        }
    }
}

/// One metadata: its id in the spreadsheet, key, value, visibility and place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeveloperMetadata {
    pub id: u32,
    pub key: String,
    #[serde(default)]
    pub value: Option<String>,
    /// `SpreadsheetApp.DeveloperMetadataVisibility`: `DOCUMENT` or `PROJECT`.
    pub visibility: String,
    pub location: MetadataLocation,
}

impl DeveloperMetadata {
    /// Whether it is on sheet `sheet_id` (the sheet itself, or its rows or columns).
    pub fn is_on_sheet(&self, sheet_id: u32) -> bool {
        self.location.sheet_id() == Some(sheet_id)
    }
}

/// A `DeveloperMetadata` handle: its spreadsheet and id (every method finds it again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetadataRef {
    pub spreadsheet_id: String,
    pub id: u32,
}

/// What a metadata is attached to, as the script names it.
pub enum Target<'a> {
    Spreadsheet(&'a str),
    Sheet(&'a SheetRef),
    Range(&'a RangeRef),
}

/// A finder's handle: where it looks and what it matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finder {
    pub spreadsheet_id: String,
    #[serde(default)]
    pub sheet: Option<SheetRef>,
    #[serde(default)]
    pub range: Option<RangeRef>,
    #[serde(default)]
    pub intersecting: bool,
    #[serde(default)]
    pub id: Option<u32>,
    #[serde(default)]
    pub key: Option<String>,
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub visibility: Option<String>,
    #[serde(default)]
    pub location_type: Option<String>,
}

impl Finder {
    /// `createDeveloperMetadataFinder()` of a spreadsheet (no sheet or range), a sheet or
    /// a range: every metadata in that scope until a step narrows it.
    pub fn new(spreadsheet_id: String, sheet: Option<SheetRef>, range: Option<RangeRef>) -> Finder {
        Finder {
            spreadsheet_id,
            sheet,
            range,
            intersecting: false,
            id: None,
            key: None,
            value: None,
            visibility: None,
            location_type: None,
        }
    }
}

/// A location's parts as `DeveloperMetadataLocation` gives them: each null but the one
/// its type names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LocationView {
    pub location_type: &'static str,
    pub spreadsheet: Option<String>,
    pub sheet: Option<SheetRef>,
    pub row: Option<RangeRef>,
    pub column: Option<RangeRef>,
}

impl Spreadsheets {
    /// The location of `target`: a range must be whole rows or whole columns.
    pub fn metadata_location(&self, target: &Target) -> ServiceResult<(String, MetadataLocation)> {
        Ok(match target {
            Target::Spreadsheet(id) => {
                self.open_by_id(id)?;
                (id.to_string(), MetadataLocation::Spreadsheet)
            }
            Target::Sheet(sheet) => {
                self.sheet(sheet)?;
                (sheet.spreadsheet_id.clone(), MetadataLocation::Sheet { sheet_id: sheet.sheet_id })
            }
            Target::Range(range) => {
                let sheet = self.range_sheet(range)?;
                let sheet_id = range.sheet.sheet_id;
                let location = if range.column == 1 && range.num_columns == sheet.max_columns() {
                    MetadataLocation::Row { sheet_id, start: range.row, count: range.num_rows }
                } else if range.row == 1 && range.num_rows == sheet.max_rows() {
                    MetadataLocation::Column { sheet_id, start: range.column, count: range.num_columns }
                } else {
                    return Err(ServiceError::new(text::ARBITRARY_RANGE));
                };
                (range.sheet.spreadsheet_id.clone(), location)
            }
        })
    }

    /// `addDeveloperMetadata(key[, value][, visibility])` on `target`.
    pub fn add_metadata(
        &mut self,
        target: &Target,
        key: &str,
        value: Option<&str>,
        visibility: &str,
    ) -> ServiceResult<MetadataRef> {
        let (spreadsheet_id, location) = self.metadata_location(target)?;
        let objects = self.book_mut(&spreadsheet_id)?.objects_mut();
        let id = objects.metadata_count.checked_add(1).ok_or_else(|| ServiceError::new(text::IDS_USED_UP))?;
        objects.developer_metadata.push(DeveloperMetadata {
            id,
            key: key.to_string(),
            value: value.map(str::to_string),
            visibility: visibility.to_string(),
            location,
        });
        if let Err(error) = check_bounds(&objects.developer_metadata) {
            objects.developer_metadata.pop();
            return Err(ServiceError::new(error));
        }
        objects.metadata_count = id;
        Ok(MetadataRef { spreadsheet_id, id })
    }

    /// `getDeveloperMetadata()` of `target`: the metadata at exactly its location (none
    /// for a range that is not whole rows or columns: no metadata can be there, assumed).
    pub fn metadata_at(&self, target: &Target) -> ServiceResult<Vec<MetadataRef>> {
        let (spreadsheet_id, location) = match self.metadata_location(target) {
            Err(error) if error.message == text::ARBITRARY_RANGE => return Ok(Vec::new()),
            found => found?,
        };
        let book = self.open_by_id(&spreadsheet_id)?;
        let found = book.objects().developer_metadata.iter().filter(|m| m.location == location);
        Ok(found.map(|m| MetadataRef { spreadsheet_id: spreadsheet_id.clone(), id: m.id }).collect())
    }

    /// The metadata a handle names.
    pub fn metadata(&self, handle: &MetadataRef) -> ServiceResult<&DeveloperMetadata> {
        let book = self.open_by_id(&handle.spreadsheet_id)?;
        let found = book.objects().developer_metadata.iter().find(|m| m.id == handle.id);
        found.ok_or_else(|| ServiceError::new(text::no_such(handle.id)))
    }

    /// A change to the metadata a handle names (`setKey`, `setValue`, `setVisibility`).
    pub fn change_metadata(
        &mut self,
        handle: &MetadataRef,
        change: impl FnOnce(&mut DeveloperMetadata),
    ) -> ServiceResult<()> {
        self.metadata(handle)?;
        let all = &mut self.book_mut(&handle.spreadsheet_id)?.objects_mut().developer_metadata;
        let before = all.clone();
        if let Some(found) = all.iter_mut().find(|m| m.id == handle.id) {
            change(found);
        }
        if let Err(error) = check_bounds(all) {
            *all = before;
            return Err(ServiceError::new(error));
        }
        Ok(())
    }

    /// `moveToSpreadsheet()`, `moveToSheet(sheet)`, `moveToRow(range)`, `moveToColumn(range)`:
    /// the metadata to `target`'s location, in the same spreadsheet (a row move needs
    /// whole rows, a column move whole columns).
    pub fn move_metadata(&mut self, handle: &MetadataRef, target: &Target, want: &str) -> ServiceResult<()> {
        let (spreadsheet_id, location) = self.metadata_location(target)?;
        if spreadsheet_id != handle.spreadsheet_id || location.type_name() != want {
            return Err(ServiceError::new(text::ARBITRARY_RANGE));
        }
        self.change_metadata(handle, |m| m.location = location)
    }

    /// `remove()`.
    pub fn remove_metadata(&mut self, handle: &MetadataRef) -> ServiceResult<()> {
        self.metadata(handle)?;
        let all = &mut self.book_mut(&handle.spreadsheet_id)?.objects_mut().developer_metadata;
        all.retain(|m| m.id != handle.id);
        Ok(())
    }

    /// `getLocation()`: the parts of the metadata's place.
    pub fn metadata_location_view(&self, handle: &MetadataRef) -> ServiceResult<LocationView> {
        let location = self.metadata(handle)?.location;
        let id = &handle.spreadsheet_id;
        let sheet_of = |sheet_id: u32| SheetRef { spreadsheet_id: id.clone(), sheet_id };
        let mut view = LocationView {
            location_type: location.type_name(),
            spreadsheet: None,
            sheet: None,
            row: None,
            column: None,
        };
        match location {
            MetadataLocation::Spreadsheet => view.spreadsheet = Some(id.clone()),
            MetadataLocation::Sheet { sheet_id } => view.sheet = Some(sheet_of(sheet_id)),
            MetadataLocation::Row { sheet_id, .. } | MetadataLocation::Column { sheet_id, .. } => {
                let sheet = self.sheet(&sheet_of(sheet_id))?;
                let boxed = location.as_box(sheet.max_rows(), sheet.max_columns()).expect("a line location");
                let range = super::named::range_of(id, &boxed);
                // Whole lines, read back as `9:9` or `J:J` (observed: a peer's conformance tests).
                if location.type_name() == "ROW" {
                    view.row = Some(RangeRef { bounds: super::Bounds::ROWS, ..range });
                } else {
                    view.column = Some(RangeRef { bounds: super::Bounds::COLUMNS, ..range });
                }
            }
        }
        Ok(view)
    }

    /// `DeveloperMetadataFinder.find()`: the matches in id order.
    pub fn find_metadata(&self, finder: &Finder) -> ServiceResult<Vec<MetadataRef>> {
        let book = self.open_by_id(&finder.spreadsheet_id)?;
        let scope: Box<dyn Fn(&MetadataLocation) -> bool> = match (&finder.range, &finder.sheet) {
            (Some(range), _) => {
                let sheet = self.range_sheet(range)?;
                let (max_rows, max_columns) = (sheet.max_rows(), sheet.max_columns());
                let range = range.clone();
                let intersecting = finder.intersecting;
                Box::new(move |location| in_range_scope(location, &range, max_rows, max_columns, intersecting))
            }
            (None, Some(sheet)) => {
                self.sheet(sheet)?;
                let sheet_id = sheet.sheet_id;
                Box::new(move |location| location.sheet_id() == Some(sheet_id))
            }
            (None, None) => Box::new(|_| true),
        };
        let mut found: Vec<&DeveloperMetadata> = book
            .objects()
            .developer_metadata
            .iter()
            .filter(|m| scope(&m.location))
            .filter(|m| finder.id.is_none_or(|id| m.id == id))
            .filter(|m| finder.key.as_ref().is_none_or(|key| &m.key == key))
            .filter(|m| finder.value.as_ref().is_none_or(|value| m.value.as_ref() == Some(value)))
            .filter(|m| finder.visibility.as_ref().is_none_or(|v| &m.visibility == v))
            .filter(|m| finder.location_type.as_ref().is_none_or(|t| m.location.type_name() == t))
            .collect();
        found.sort_by_key(|m| m.id);
        Ok(found.into_iter().map(|m| MetadataRef { spreadsheet_id: finder.spreadsheet_id.clone(), id: m.id }).collect())
    }
}

/// Whether a row or column location is in a range's scope: wholly inside the range
/// (which then spans every column, or every row), or touching it when `intersecting`.
fn in_range_scope(
    location: &MetadataLocation,
    range: &RangeRef,
    max_rows: u32,
    max_columns: u32,
    intersecting: bool,
) -> bool {
    let overlaps = |start: u32, count: u32, from: u32, len: u32| start < from + len && from < start + count;
    let inside = |start: u32, count: u32, from: u32, len: u32| start >= from && start + count <= from + len;
    match *location {
        MetadataLocation::Row { sheet_id, start, count } if sheet_id == range.sheet.sheet_id => {
            if intersecting {
                overlaps(start, count, range.row, range.num_rows)
            } else {
                range.column == 1 && range.num_columns == max_columns && inside(start, count, range.row, range.num_rows)
            }
        }
        MetadataLocation::Column { sheet_id, start, count } if sheet_id == range.sheet.sheet_id => {
            if intersecting {
                overlaps(start, count, range.column, range.num_columns)
            } else {
                range.row == 1 && range.num_rows == max_rows && inside(start, count, range.column, range.num_columns)
            }
        }
        _ => false,
    }
}

fn check_bounds(all: &[DeveloperMetadata]) -> Result<(), String> {
    let chars: usize =
        all.iter().map(|m| m.key.chars().count() + m.value.as_deref().map_or(0, |v| v.chars().count())).sum();
    if all.len() > METADATA_PER_SPREADSHEET_MAX || chars > METADATA_CHARS_MAX {
        return Err(text::TOO_MANY.to_string());
    }
    Ok(())
}

impl Spreadsheet {
    /// Moves row metadata of sheet `sheet_id` with a shift of rows, column metadata with
    /// one of columns (a shift of the other dimension leaves them); metadata whose every
    /// line went goes with them (assumed, as a named range's box).
    pub(super) fn shift_metadata(&mut self, sheet_id: u32, shift: Shift) {
        let dim = shift.dim();
        self.objects_mut().developer_metadata.retain_mut(|m| {
            let (start, count) = match m.location {
                MetadataLocation::Row { sheet_id: on, start, count } if on == sheet_id && dim == Dim::Rows => {
                    (start, count)
                }
                MetadataLocation::Column { sheet_id: on, start, count } if on == sheet_id && dim == Dim::Columns => {
                    (start, count)
                }
                _ => return true,
            };
            // The lines as a box one line across the other way: only this dimension moves.
            let lines = match dim {
                Dim::Rows => GridBox { sheet_id, row: start, column: 1, num_rows: count, num_columns: 1 },
                Dim::Columns => GridBox { sheet_id, row: 1, column: start, num_rows: 1, num_columns: count },
            };
            let Some(moved) = lines.shifted(sheet_id, shift) else { return false };
            m.location = match dim {
                Dim::Rows => MetadataLocation::Row { sheet_id, start: moved.row, count: moved.num_rows },
                Dim::Columns => MetadataLocation::Column { sheet_id, start: moved.column, count: moved.num_columns },
            };
            true
        });
    }
}

/// A state file's metadata: ids unique, at most the count, on sheets of the spreadsheet
/// inside their grids, within the bounds.
pub(super) fn check_metadata(book: &Spreadsheet, all: &[DeveloperMetadata], count: u32) -> Result<(), String> {
    check_bounds(all)?;
    let mut ids = std::collections::BTreeSet::new();
    for m in all {
        if !VISIBILITIES.contains(&m.visibility.as_str()) {
            return Err(format!(
                "developer metadata {} has visibility {:?}, not DOCUMENT or PROJECT",
                m.id, m.visibility
            ));
        }
        if m.id == 0 || m.id > count || !ids.insert(m.id) {
            return Err(format!("developer metadata id {} is 0, repeated or above metadata_count {count}", m.id));
        }
        let Some(sheet_id) = m.location.sheet_id() else { continue };
        let Some(sheet) = book.sheets().iter().find(|s| s.sheet_id() == sheet_id) else {
            return Err(format!("developer metadata {} is not on a sheet of the spreadsheet", m.id));
        };
        let fits = |start: u32, count: u32, max: u32| {
            start >= 1 && count >= 1 && u64::from(start) + u64::from(count) - 1 <= u64::from(max)
        };
        let inside = match m.location {
            MetadataLocation::Row { start, count, .. } => fits(start, count, sheet.max_rows()),
            MetadataLocation::Column { start, count, .. } => fits(start, count, sheet.max_columns()),
            _ => true,
        };
        if !inside {
            return Err(format!("developer metadata {} is outside its sheet's grid", m.id));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> (Spreadsheets, String, SheetRef) {
        let mut books = Spreadsheets::default();
        let id = books.create("Tagged").unwrap();
        let sheet = books.get_sheets(&id).unwrap().remove(0);
        (books, id, sheet)
    }

    /// Cells `row..`, `column..` of `sheet` as a script's `getRange(row, column, rows, columns)`.
    fn cells(sheet: &SheetRef, (row, column): (u32, u32), (num_rows, num_columns): (u32, u32)) -> RangeRef {
        RangeRef { sheet: sheet.clone(), row, column, num_rows, num_columns, bounds: crate::sheets::Bounds::ALL }
    }

    fn rows(sheet: &SheetRef, row: u32, count: u32, books: &Spreadsheets) -> RangeRef {
        cells(sheet, (row, 1), (count, books.sheet(sheet).unwrap().max_columns()))
    }

    #[test]
    fn metadata_attach_to_a_spreadsheet_a_sheet_and_whole_lines_only() {
        let (mut books, id, sheet) = book();
        let top = books.add_metadata(&Target::Spreadsheet(&id), "owner", Some("ops"), "DOCUMENT").unwrap();
        books.add_metadata(&Target::Sheet(&sheet), "kind", None, "PROJECT").unwrap();
        let row = rows(&sheet, 3, 1, &books);
        let tagged = books.add_metadata(&Target::Range(&row), "order", Some("A-17"), "DOCUMENT").unwrap();
        assert_eq!((top.id, tagged.id), (1, 3));
        let cell = cells(&sheet, (1, 1), (5, 4));
        assert_eq!(
            books.add_metadata(&Target::Range(&cell), "x", None, "DOCUMENT").unwrap_err().message,
            text::ARBITRARY_RANGE
        );
        let column = cells(&sheet, (1, 2), (1000, 1));
        books.add_metadata(&Target::Range(&column), "col", None, "DOCUMENT").unwrap();
        assert_eq!(books.metadata_at(&Target::Range(&row)).unwrap(), std::slice::from_ref(&tagged));
        assert_eq!(books.metadata_at(&Target::Spreadsheet(&id)).unwrap(), [top]);
        assert_eq!(
            books.metadata_location_view(&tagged).unwrap().row,
            Some(RangeRef { bounds: crate::sheets::Bounds::ROWS, ..row })
        );
    }

    #[test]
    fn rows_move_with_inserts_and_go_with_their_lines() {
        let (mut books, _, sheet) = book();
        let row = rows(&sheet, 3, 1, &books);
        let tagged = books.add_metadata(&Target::Range(&row), "order", Some("A-17"), "DOCUMENT").unwrap();
        books.insert_rows_before(&sheet, 1, 2).unwrap();
        let moved = books.metadata(&tagged).unwrap().location;
        assert_eq!(moved, MetadataLocation::Row { sheet_id: sheet.sheet_id, start: 5, count: 1 });
        books.delete_rows(&sheet, 5, 1).unwrap();
        assert_eq!(books.metadata(&tagged).unwrap_err().message, text::no_such(1));
        // Lines of the other dimension leave them, however many go (from the first on).
        let tagged = books.add_metadata(&Target::Range(&rows(&sheet, 7, 2, &books)), "r", None, "DOCUMENT").unwrap();
        books.delete_columns(&sheet, 1, 13).unwrap();
        assert_eq!(
            books.metadata(&tagged).unwrap().location,
            MetadataLocation::Row { sheet_id: sheet.sheet_id, start: 7, count: 2 }
        );
        let kept = books.add_metadata(&Target::Sheet(&sheet), "k", None, "DOCUMENT").unwrap();
        let book = books.book_mut(&sheet.spreadsheet_id).unwrap();
        book.shift_metadata(sheet.sheet_id, Shift::Remove { dim: Dim::Columns, start: 1, count: 3 });
        assert!(books.metadata(&kept).is_ok(), "a sheet's metadata does not move");
    }

    #[test]
    fn finders_look_in_their_scope_and_match_every_filter() {
        let (mut books, id, sheet) = book();
        let other = books.insert_sheet(&id, Some("Other")).unwrap();
        for (row, key) in [(3, "a"), (4, "b"), (9, "a")] {
            let lines = rows(&sheet, row, 1, &books);
            books.add_metadata(&Target::Range(&lines), key, Some("v"), "DOCUMENT").unwrap();
        }
        books.add_metadata(&Target::Sheet(&other), "a", None, "PROJECT").unwrap();
        let finder = |range: Option<RangeRef>, sheet: Option<SheetRef>| Finder::new(id.clone(), sheet, range);
        let ids = |f: &Finder| books.find_metadata(f).unwrap().into_iter().map(|m| m.id).collect::<Vec<_>>();
        assert_eq!(ids(&finder(None, None)), [1, 2, 3, 4]);
        assert_eq!(ids(&Finder { key: Some("a".into()), ..finder(None, None) }), [1, 3, 4]);
        assert_eq!(ids(&Finder { location_type: Some("SHEET".into()), ..finder(None, None) }), [4]);
        assert_eq!(ids(&finder(None, Some(sheet.clone()))), [1, 2, 3]);
        // Row 3 is not in A1:D5's scope, but is in 1:5's, and A1:D5 touches it.
        let block = cells(&sheet, (1, 1), (5, 4));
        assert!(ids(&finder(Some(block.clone()), None)).is_empty());
        assert_eq!(ids(&finder(Some(rows(&sheet, 1, 5, &books)), None)), [1, 2]);
        assert_eq!(ids(&Finder { intersecting: true, ..finder(Some(block), None) }), [1, 2]);
    }

    #[test]
    fn bounds_and_a_state_files_metadata_are_checked() {
        let (mut books, id, sheet) = book();
        let big = "x".repeat(METADATA_CHARS_MAX);
        assert_eq!(
            books.add_metadata(&Target::Spreadsheet(&id), "k", Some(&big), "DOCUMENT").unwrap_err().message,
            text::TOO_MANY
        );
        let kept = books.add_metadata(&Target::Spreadsheet(&id), "k", None, "DOCUMENT").unwrap();
        assert_eq!(books.change_metadata(&kept, |m| m.value = Some(big.clone())).unwrap_err().message, text::TOO_MANY);
        assert_eq!(books.metadata(&kept).unwrap().value, None, "a refused change leaves it");
        books.add_metadata(&Target::Range(&rows(&sheet, 2, 1, &books)), "r", None, "DOCUMENT").unwrap();
        let book = books.open_by_id(&id).unwrap().clone();
        let all = book.objects().developer_metadata.clone();
        assert!(check_metadata(&book, &all, 2).is_ok(), "the refused one used no id");
        let mut far = all.clone();
        far[1].location = MetadataLocation::Row { sheet_id: sheet.sheet_id, start: 1000, count: 2 };
        assert!(check_metadata(&book, &far, 2).unwrap_err().contains("outside"));
        assert!(check_metadata(&book, &all, 1).unwrap_err().contains("above metadata_count"));
    }
}
