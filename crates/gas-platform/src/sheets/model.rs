//! The stored data: [`Spreadsheets`] holds [`Spreadsheet`]s, each holds [`Sheet`]s, each
//! holds its content rows. Loading (serde or the constructors) checks the invariants once;
//! the operations in `ops/` keep them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::format::CellFormat;
use super::formula::{PendingGaps, Stale};
use super::groups::SheetGroups;
use super::layer::CellLayer;
use super::layout::Layout;
use super::objects::{SheetObjects, SpreadsheetObjects};
use super::shift::{Dim, Shift};
use super::surface::{CalcSettings, SheetSettings};
use super::theme::Theme;
use super::{CELLS_PER_SPREADSHEET_MAX, DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS, SHEET_NAME_CHARS_MAX};
use crate::time::parse_zone;
use crate::CellValue;

pub(crate) mod journal;

static EMPTY: CellValue = CellValue::Empty;

/// One sheet (tab). Invariants: `rows` holds only the content area (no row ends with an
/// empty cell, the last row is not empty), it fits in `max_rows` x `max_columns`, and
/// both maxima are at least 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SheetData")]
pub struct Sheet {
    sheet_id: u32,
    name: String,
    rows: Vec<Vec<CellValue>>,
    max_rows: u32,
    max_columns: u32,
    /// Per-cell state beside the values (layer.rs): every structural change shifts all of
    /// them with the rows. Absent from JSON when empty, so sheets without them read as before.
    #[serde(skip_serializing_if = "CellLayer::is_empty")]
    formulas: CellLayer<String>,
    #[serde(skip_serializing_if = "CellLayer::is_empty")]
    formats: CellLayer<CellFormat>,
    #[serde(skip_serializing_if = "CellLayer::is_empty")]
    notes: CellLayer<String>,
    /// Hidden, frozen and merged rows and columns (layout.rs); moved by every structural change.
    #[serde(skip_serializing_if = "Layout::is_default")]
    layout: Layout,
    /// Data validation and conditional format rules (objects.rs).
    #[serde(default, skip_serializing_if = "SheetObjects::is_empty")]
    objects: SheetObjects,
    /// Pixel sizes set by a script, by 1-based column / row; absent ones are the defaults
    /// (ops/formats.rs); they move with their rows and columns (`apply_shift`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    column_widths: BTreeMap<u32, u32>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    row_heights: BTreeMap<u32, u32>,
    /// Cells whose value is spilled by an array formula beside it (formula/engine.rs):
    /// results, not inputs. A write to one makes it a plain value again.
    #[serde(default, skip_serializing_if = "CellLayer::is_empty")]
    spilled: CellLayer<bool>,
    /// Row and column groups (groups.rs); moved by every structural change.
    #[serde(default, skip_serializing_if = "SheetGroups::is_default")]
    groups: SheetGroups,
    /// Tab colour, right to left, gridlines (surface.rs).
    #[serde(default, skip_serializing_if = "SheetSettings::is_default")]
    settings: SheetSettings,
    /// The rows written since the state's journal last looked: not state.
    #[serde(skip)]
    touched: TouchedRows,
}

/// Which rows of a sheet changed since `journal::record` last took them, so a write of
/// `serve`'s state compares those rows, not the whole sheet. Every change to `rows` goes
/// through the few methods below that mark it (the field is private to this file). Not
/// state: equal to any other; a new, loaded or cloned sheet starts as `All` (its history
/// unknown to whoever holds it).
#[derive(Debug, Default)]
pub(crate) enum TouchedRows {
    #[default]
    All,
    /// Rows `from..to` (0-based); `from >= to` is none.
    Range { from: usize, to: usize },
}

impl TouchedRows {
    pub(crate) const NONE: TouchedRows = TouchedRows::Range { from: usize::MAX, to: 0 };

    fn touch(&mut self, from: usize, to: usize) {
        if let TouchedRows::Range { from: first, to: end } = self {
            *first = (*first).min(from);
            *end = (*end).max(to);
        }
    }
}

impl Sheet {
    /// The rows marked touched (`None`: all of them).
    #[cfg(test)]
    pub(crate) fn touched_rows(&self) -> Option<std::ops::Range<usize>> {
        match self.touched {
            TouchedRows::All => None,
            TouchedRows::Range { from, to } => Some(from..to),
        }
    }
}

impl Clone for TouchedRows {
    fn clone(&self) -> TouchedRows {
        TouchedRows::All
    }
}

impl PartialEq for TouchedRows {
    fn eq(&self, _other: &TouchedRows) -> bool {
        true
    }
}

/// A sheet as a state file writes it; `max_rows`/`max_columns` default to the platform's
/// 1000 x 26, or the content's size when larger.
#[derive(Deserialize)]
struct SheetData {
    sheet_id: u32,
    name: String,
    #[serde(default)]
    rows: Vec<Vec<CellValue>>,
    max_rows: Option<u32>,
    max_columns: Option<u32>,
    #[serde(default)]
    formulas: CellLayer<String>,
    #[serde(default)]
    formats: CellLayer<CellFormat>,
    #[serde(default)]
    notes: CellLayer<String>,
    #[serde(default)]
    layout: Layout,
    #[serde(default)]
    objects: SheetObjects,
    #[serde(default)]
    column_widths: BTreeMap<u32, u32>,
    #[serde(default)]
    row_heights: BTreeMap<u32, u32>,
    #[serde(default)]
    spilled: CellLayer<bool>,
    #[serde(default)]
    groups: SheetGroups,
    #[serde(default)]
    settings: SheetSettings,
}

impl TryFrom<SheetData> for Sheet {
    type Error = String;

    fn try_from(data: SheetData) -> Result<Sheet, String> {
        let mut sheet = Sheet::with_size(data.sheet_id, &data.name, data.rows, data.max_rows, data.max_columns)?;
        for (what, cells) in [
            ("formulas", data.formulas.iter().map(|(key, _)| *key).collect::<Vec<_>>()),
            ("formats", data.formats.iter().map(|(key, _)| *key).collect()),
            ("notes", data.notes.iter().map(|(key, _)| *key).collect()),
            ("spilled", data.spilled.iter().map(|(key, _)| *key).collect()),
        ] {
            if let Some(&(row, column)) =
                cells.iter().find(|&&(row, column)| row > sheet.max_rows || column > sheet.max_columns)
            {
                return Err(format!(
                    "sheet {:?}: {what} has cell {} outside its {} x {} grid",
                    data.name,
                    super::a1::cell_notation(row, column),
                    sheet.max_rows,
                    sheet.max_columns
                ));
            }
        }
        data.layout.check(sheet.max_rows, sheet.max_columns).map_err(|err| format!("sheet {:?}: {err}", data.name))?;
        sheet.formulas = data.formulas;
        sheet.formats = data.formats;
        sheet.notes = data.notes;
        sheet.layout = data.layout;
        data.objects
            .check_fits(data.sheet_id, sheet.max_rows, sheet.max_columns)
            .map_err(|err| format!("sheet {:?}: {err}", data.name))?;
        sheet.objects = data.objects;
        let outside = |sizes: &BTreeMap<u32, u32>, max: u32| sizes.keys().any(|&k| k == 0 || k > max);
        if outside(&data.column_widths, sheet.max_columns) || outside(&data.row_heights, sheet.max_rows) {
            return Err(format!("sheet {:?}: a column width or row height is outside its grid", data.name));
        }
        sheet.column_widths = data.column_widths;
        sheet.row_heights = data.row_heights;
        sheet.spilled = data.spilled;
        data.groups.check(sheet.max_rows, sheet.max_columns).map_err(|err| format!("sheet {:?}: {err}", data.name))?;
        sheet.groups = data.groups;
        sheet.settings = data.settings;
        Ok(sheet)
    }
}

impl Sheet {
    /// An empty sheet of the platform's default size.
    pub fn new(sheet_id: u32, name: &str) -> Sheet {
        Sheet {
            sheet_id,
            name: name.to_string(),
            rows: Vec::new(),
            max_rows: DEFAULT_MAX_ROWS,
            max_columns: DEFAULT_MAX_COLUMNS,
            formulas: CellLayer::default(),
            formats: CellLayer::default(),
            notes: CellLayer::default(),
            layout: Layout::default(),
            objects: SheetObjects::default(),
            column_widths: BTreeMap::new(),
            row_heights: BTreeMap::new(),
            spilled: CellLayer::default(),
            groups: SheetGroups::default(),
            settings: SheetSettings::default(),
            touched: TouchedRows::All,
        }
    }

    /// A sheet holding `rows` (as stored values: no string parsing), at the default size
    /// or larger when the rows need it.
    pub fn with_rows(sheet_id: u32, name: &str, rows: Vec<Vec<CellValue>>) -> Result<Sheet, String> {
        Sheet::with_size(sheet_id, name, rows, None, None)
    }

    /// A sheet holding `rows` in a grid of the given size (default: 1000 x 26, grown to fit).
    pub fn with_size(
        sheet_id: u32,
        name: &str,
        rows: Vec<Vec<CellValue>>,
        max_rows: Option<u32>,
        max_columns: Option<u32>,
    ) -> Result<Sheet, String> {
        if name.chars().count() > SHEET_NAME_CHARS_MAX {
            return Err(format!("sheet name {name:?} is longer than {SHEET_NAME_CHARS_MAX} characters"));
        }
        let mut sheet = Sheet { rows, ..Sheet::new(sheet_id, name) };
        for row in &mut sheet.rows {
            for cell in row.iter_mut() {
                if cell.is_empty() {
                    *cell = CellValue::Empty;
                }
            }
        }
        sheet.trim_rows(1, sheet.rows.len() as u32);
        let content_rows = sheet.last_row();
        let content_columns = sheet.last_column();
        sheet.max_rows = max_rows.unwrap_or(DEFAULT_MAX_ROWS.max(content_rows));
        sheet.max_columns = max_columns.unwrap_or(DEFAULT_MAX_COLUMNS.max(content_columns));
        if sheet.max_rows < content_rows.max(1) || sheet.max_columns < content_columns.max(1) {
            return Err(format!(
                "sheet {name:?}: its {content_rows} x {content_columns} content does not fit in max_rows = {} x max_columns = {} (both at least 1)",
                sheet.max_rows, sheet.max_columns
            ));
        }
        Ok(sheet)
    }

    /// The stable gid (`getSheetId()`).
    pub fn sheet_id(&self) -> u32 {
        self.sheet_id
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The content rows, 0-based: row 1 is `rows()[0]`; short rows end in empty cells.
    pub fn rows(&self) -> &[Vec<CellValue>] {
        &self.rows
    }

    pub fn max_rows(&self) -> u32 {
        self.max_rows
    }

    pub fn max_columns(&self) -> u32 {
        self.max_columns
    }

    /// The last row with content, 0 when the sheet is empty (`getLastRow()`). A formula
    /// is content even when its result is `""` (an empty value here): Sheets counts it.
    pub fn last_row(&self) -> u32 {
        let formulas = self.formulas.iter().map(|(&(row, _), _)| row).max().unwrap_or(0);
        (self.rows.len() as u32).max(formulas)
    }

    /// The last column with content, 0 when the sheet is empty (`getLastColumn()`),
    /// formulas counted as in [`Sheet::last_row`].
    pub fn last_column(&self) -> u32 {
        let formulas = self.formulas.iter().map(|(&(_, column), _)| column).max().unwrap_or(0);
        (self.rows.iter().map(Vec::len).max().unwrap_or(0) as u32).max(formulas)
    }

    /// The cell at 1-based (row, column); empty outside the content area.
    pub fn cell(&self, row: u32, column: u32) -> &CellValue {
        let (Some(r), Some(c)) = (row.checked_sub(1), column.checked_sub(1)) else {
            return &EMPTY;
        };
        self.rows.get(r as usize).and_then(|cells| cells.get(c as usize)).unwrap_or(&EMPTY)
    }

    /// Formulas as written (`=SUM(A1:A3)`), by cell; the values grid holds their results.
    pub fn formulas(&self) -> &CellLayer<String> {
        &self.formulas
    }

    /// Formats by cell (number format, font, colours, ...); a cell without one has the defaults.
    pub fn formats(&self) -> &CellLayer<CellFormat> {
        &self.formats
    }

    /// Notes by cell (`Range.setNote`).
    pub fn notes(&self) -> &CellLayer<String> {
        &self.notes
    }

    /// Hidden, frozen and merged rows and columns.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub(super) fn layout_mut(&mut self) -> &mut Layout {
        &mut self.layout
    }

    /// Cells holding an array formula's spilled values (formula/engine.rs).
    pub fn spilled(&self) -> &CellLayer<bool> {
        &self.spilled
    }

    pub(super) fn spilled_mut(&mut self) -> &mut CellLayer<bool> {
        &mut self.spilled
    }

    pub fn groups(&self) -> &SheetGroups {
        &self.groups
    }

    pub(super) fn groups_mut(&mut self) -> &mut SheetGroups {
        &mut self.groups
    }

    pub(super) fn formulas_mut(&mut self) -> &mut CellLayer<String> {
        &mut self.formulas
    }

    pub(super) fn formats_mut(&mut self) -> &mut CellLayer<CellFormat> {
        &mut self.formats
    }

    pub(super) fn notes_mut(&mut self) -> &mut CellLayer<String> {
        &mut self.notes
    }

    /// Column widths in pixels by column (only those a script set).
    pub fn column_widths(&self) -> &BTreeMap<u32, u32> {
        &self.column_widths
    }

    /// Row heights in pixels by row (only those a script set).
    pub fn row_heights(&self) -> &BTreeMap<u32, u32> {
        &self.row_heights
    }

    pub(super) fn column_widths_mut(&mut self) -> &mut BTreeMap<u32, u32> {
        &mut self.column_widths
    }

    pub(super) fn row_heights_mut(&mut self) -> &mut BTreeMap<u32, u32> {
        &mut self.row_heights
    }

    /// Every per-cell layer, for structural changes that move all of them alike.
    fn shift_layers(&mut self, mut shift: impl FnMut(&mut dyn LayerShift)) {
        shift(&mut self.formulas);
        shift(&mut self.formats);
        shift(&mut self.notes);
        shift(&mut self.objects.validations);
        shift(&mut self.spilled);
    }

    /// Data validation and conditional format rules.
    pub fn objects(&self) -> &SheetObjects {
        &self.objects
    }

    pub(super) fn objects_mut(&mut self) -> &mut SheetObjects {
        &mut self.objects
    }

    /// Tab colour, right to left, gridlines.
    pub fn settings(&self) -> &SheetSettings {
        &self.settings
    }

    pub(super) fn settings_mut(&mut self) -> &mut SheetSettings {
        &mut self.settings
    }

    /// A copy of this sheet under another gid and name (`copyTo`, `duplicateActiveSheet`).
    pub(super) fn copied(&self, sheet_id: u32, name: &str) -> Sheet {
        Sheet { sheet_id, name: name.to_string(), ..self.clone() }
    }

    pub(super) fn cell_count(&self) -> u64 {
        u64::from(self.max_rows) * u64::from(self.max_columns)
    }

    pub(super) fn set_name(&mut self, name: &str) {
        self.name = name.to_string();
    }

    /// Writes one cell (a value replaces the cell's formula, as in Sheets); the caller
    /// calls [`Sheet::trim_rows`] after a batch of writes.
    pub(super) fn set_cell(&mut self, row: u32, column: u32, value: CellValue) {
        if !self.formulas.is_empty() {
            self.formulas.set(row, column, None);
        }
        if !self.spilled.is_empty() {
            self.spilled.set(row, column, None);
        }
        self.set_result(row, column, value);
    }

    /// Writes one cell's value and keeps its formula: a formula's result (formula/).
    pub(super) fn set_result(&mut self, row: u32, column: u32, value: CellValue) {
        debug_assert!(row >= 1 && row <= self.max_rows && column >= 1 && column <= self.max_columns);
        let (r, c) = ((row - 1) as usize, (column - 1) as usize);
        if value.is_empty() && self.cell(row, column).is_empty() {
            return;
        }
        if self.rows.len() <= r {
            self.rows.resize_with(r + 1, Vec::new);
        }
        self.touched.touch(r, r + 1);
        let cells = &mut self.rows[r];
        if cells.len() <= c {
            cells.resize(c + 1, CellValue::Empty);
        }
        cells[c] = if value.is_empty() { CellValue::Empty } else { value };
    }

    /// Restores the storage invariant after writes to rows `first..=last`.
    pub(super) fn trim_rows(&mut self, first: u32, last: u32) {
        let end = (last as usize).min(self.rows.len());
        let start = (first.max(1) as usize - 1).min(end);
        self.touched.touch(start, end);
        for cells in &mut self.rows[start..end] {
            while cells.last().is_some_and(CellValue::is_empty) {
                cells.pop();
            }
        }
        self.drop_trailing_empty_rows();
    }

    fn drop_trailing_empty_rows(&mut self) {
        while self.rows.last().is_some_and(Vec::is_empty) {
            self.rows.pop();
        }
    }

    /// Inserts `count` empty rows so the first of them is row `at` (1-based, at most
    /// `max_rows + 1`).
    pub(super) fn add_rows(&mut self, at: u32, count: u32) {
        debug_assert!(at >= 1 && at <= self.max_rows + 1);
        self.apply_shift(Shift::Insert { dim: Dim::Rows, at, count });
    }

    /// Adds `count` columns after the last one.
    pub(super) fn add_columns(&mut self, count: u32) {
        self.apply_shift(Shift::Insert { dim: Dim::Columns, at: self.max_columns + 1, count });
    }

    /// The one structural change every row and column insertion or deletion goes
    /// through: the values, the grid's size, every per-cell layer and the layout move
    /// alike (already checked: inside the grid, at least one row and column left).
    pub(super) fn apply_shift(&mut self, shift: Shift) {
        // The rows from the first one moved on (all of them when columns move); growing
        // the grid below the content (as an append past the last row does) moves none.
        let first_moved = match shift {
            Shift::Insert { dim: Dim::Rows, at, .. } => at as usize - 1,
            Shift::Remove { dim: Dim::Rows, start, .. } => start as usize - 1,
            Shift::Insert { dim: Dim::Columns, .. } | Shift::Remove { dim: Dim::Columns, .. } => 0,
        };
        if first_moved < self.rows.len() {
            self.touched.touch(first_moved, usize::MAX);
        }
        match shift {
            Shift::Insert { dim: Dim::Rows, at, count } => {
                let index = at as usize - 1;
                if index < self.rows.len() {
                    self.rows.splice(index..index, std::iter::repeat_with(Vec::new).take(count as usize));
                }
                self.max_rows += count;
            }
            Shift::Remove { dim: Dim::Rows, start, count } => {
                let from = (start as usize - 1).min(self.rows.len());
                let to = (from + count as usize).min(self.rows.len());
                self.rows.drain(from..to);
                self.max_rows -= count;
            }
            Shift::Insert { dim: Dim::Columns, at, count } => {
                let index = at as usize - 1;
                for cells in self.rows.iter_mut().filter(|cells| cells.len() > index) {
                    cells.splice(index..index, std::iter::repeat_n(CellValue::Empty, count as usize));
                }
                self.max_columns += count;
            }
            Shift::Remove { dim: Dim::Columns, start, count } => {
                for cells in &mut self.rows {
                    let from = (start as usize - 1).min(cells.len());
                    let to = (from + count as usize).min(cells.len());
                    cells.drain(from..to);
                    while cells.last().is_some_and(CellValue::is_empty) {
                        cells.pop();
                    }
                }
                self.max_columns -= count;
            }
        }
        self.drop_trailing_empty_rows();
        self.shift_layers(|layer| match shift {
            Shift::Insert { dim: Dim::Rows, at, count } => layer.insert_rows(at, count),
            Shift::Remove { dim: Dim::Rows, start, count } => layer.remove_rows(start, count),
            Shift::Insert { dim: Dim::Columns, at, count } => layer.insert_columns(at, count),
            Shift::Remove { dim: Dim::Columns, start, count } => layer.remove_columns(start, count),
        });
        self.layout.apply_shift(&shift);
        self.groups.apply_shift(&shift);
        // Sizes set by a script move with their row or column; a deleted one's goes.
        let sizes = match shift.dim() {
            Dim::Rows => &mut self.row_heights,
            Dim::Columns => &mut self.column_widths,
        };
        *sizes = std::mem::take(sizes).into_iter().filter_map(|(i, px)| Some((shift.index(i)?, px))).collect();
    }

    /// Clears the contents (values and formulas); formats and notes stay.
    pub(super) fn clear(&mut self) {
        self.touched = TouchedRows::All;
        self.rows.clear();
        self.formulas.clear();
    }
}

/// The structural shifts every [`CellLayer`] supports, whatever it holds.
pub(super) trait LayerShift {
    fn insert_rows(&mut self, at: u32, count: u32);
    fn remove_rows(&mut self, start: u32, count: u32);
    fn insert_columns(&mut self, at: u32, count: u32);
    fn remove_columns(&mut self, start: u32, count: u32);
}

impl<T> LayerShift for CellLayer<T> {
    fn insert_rows(&mut self, at: u32, count: u32) {
        CellLayer::insert_rows(self, at, count);
    }
    fn remove_rows(&mut self, start: u32, count: u32) {
        CellLayer::remove_rows(self, start, count);
    }
    fn insert_columns(&mut self, at: u32, count: u32) {
        CellLayer::insert_columns(self, at, count);
    }
    fn remove_columns(&mut self, start: u32, count: u32) {
        CellLayer::remove_columns(self, start, count);
    }
}

/// One spreadsheet. Invariants: at least one sheet; sheet names unique ignoring case;
/// gids unique; `time_zone`, when set, a known IANA name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SpreadsheetData")]
pub struct Spreadsheet {
    id: String,
    name: String,
    /// `None`: the script's zone (a spreadsheet a script creates takes the script's zone).
    time_zone: Option<String>,
    sheets: Vec<Sheet>,
    /// Named ranges, protections, sharing, locale (objects.rs).
    #[serde(default, skip_serializing_if = "SpreadsheetObjects::is_empty")]
    objects: SpreadsheetObjects,
    /// Iterative calculation and the recalculation interval (surface.rs).
    #[serde(default, skip_serializing_if = "CalcSettings::is_default")]
    calc: CalcSettings,
    /// Its theme's colours and font (theme.rs).
    #[serde(default, skip_serializing_if = "Theme::is_standard")]
    theme: Theme,
    /// Formula results out of date (formula/): set by every mutable access, not state.
    #[serde(skip)]
    stale: Stale,
}

#[derive(Deserialize)]
struct SpreadsheetData {
    id: String,
    name: String,
    #[serde(default)]
    time_zone: Option<String>,
    sheets: Vec<Sheet>,
    #[serde(default)]
    objects: SpreadsheetObjects,
    #[serde(default)]
    calc: CalcSettings,
    #[serde(default)]
    theme: Theme,
}

impl TryFrom<SpreadsheetData> for Spreadsheet {
    type Error = String;

    fn try_from(data: SpreadsheetData) -> Result<Spreadsheet, String> {
        let mut book = Spreadsheet::with_sheets(&data.id, &data.name, data.time_zone, data.sheets)?;
        data.objects.check_against(&book).map_err(|err| format!("spreadsheet {:?}: {err}", data.id))?;
        book.objects = data.objects;
        book.calc = data.calc;
        data.theme.check().map_err(|err| format!("spreadsheet {:?}: {err}", data.id))?;
        book.theme = data.theme;
        // A state file's formulas are computed before a script reads them.
        book.stale.0 = book.sheets.iter().any(|sheet| !sheet.formulas().is_empty());
        Ok(book)
    }
}

impl Spreadsheet {
    /// A new spreadsheet as the platform makes one: a single empty `Sheet1` with gid 0.
    pub fn new(id: &str, name: &str) -> Spreadsheet {
        Spreadsheet {
            id: id.to_string(),
            name: name.to_string(),
            time_zone: None,
            sheets: vec![Sheet::new(0, "Sheet1")],
            objects: SpreadsheetObjects::default(),
            calc: CalcSettings::default(),
            theme: Theme::default(),
            stale: Stale::default(),
        }
    }

    /// A spreadsheet from a scenario or a state file, checked.
    pub fn with_sheets(
        id: &str,
        name: &str,
        time_zone: Option<String>,
        sheets: Vec<Sheet>,
    ) -> Result<Spreadsheet, String> {
        if sheets.is_empty() {
            return Err(format!("spreadsheet {id:?} has no sheets: it needs at least one"));
        }
        if let Some(zone) = &time_zone {
            parse_zone(zone).map_err(|err| format!("spreadsheet {id:?}: {err}"))?;
        }
        for (i, sheet) in sheets.iter().enumerate() {
            for earlier in &sheets[..i] {
                if same_sheet_name(earlier.name(), sheet.name()) {
                    return Err(format!("spreadsheet {id:?}: two sheets are named {:?}", sheet.name()));
                }
                if earlier.sheet_id() == sheet.sheet_id() {
                    return Err(format!("spreadsheet {id:?}: two sheets have sheet_id {}", sheet.sheet_id()));
                }
            }
        }
        let book = Spreadsheet {
            id: id.to_string(),
            name: name.to_string(),
            time_zone,
            sheets,
            objects: SpreadsheetObjects::default(),
            calc: CalcSettings::default(),
            theme: Theme::default(),
            stale: Stale::default(),
        };
        if book.cell_count() > CELLS_PER_SPREADSHEET_MAX {
            return Err(format!(
                "spreadsheet {id:?} has {} cells; Sheets allows at most {CELLS_PER_SPREADSHEET_MAX}",
                book.cell_count()
            ));
        }
        Ok(book)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The spreadsheet's own zone; `None` means the script's.
    pub fn time_zone(&self) -> Option<&str> {
        self.time_zone.as_deref()
    }

    /// The sheets in tab order.
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    /// The sheet with exactly this name.
    pub fn sheet_by_name(&self, name: &str) -> Option<&Sheet> {
        self.sheets.iter().find(|sheet| sheet.name() == name)
    }

    /// Grid cells of all sheets, the quantity the 10-million-cell limit counts.
    pub fn cell_count(&self) -> u64 {
        self.sheets.iter().map(Sheet::cell_count).sum()
    }

    pub(super) fn set_name(&mut self, name: &str) {
        self.name = name.to_string();
    }

    pub(super) fn set_time_zone(&mut self, zone: &str) {
        self.time_zone = Some(zone.to_string());
    }

    /// Named ranges, protections, sharing, locale.
    pub fn objects(&self) -> &SpreadsheetObjects {
        &self.objects
    }

    pub(super) fn objects_mut(&mut self) -> &mut SpreadsheetObjects {
        &mut self.objects
    }

    /// Iterative calculation and the recalculation interval.
    pub fn calc(&self) -> &CalcSettings {
        &self.calc
    }

    pub(super) fn calc_mut(&mut self) -> &mut CalcSettings {
        &mut self.calc
    }

    /// Its theme (theme.rs).
    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    pub(super) fn theme_mut(&mut self) -> &mut Theme {
        &mut self.theme
    }

    /// A copy under another id and name (`Spreadsheet.copy`): sheets, named ranges and
    /// protections come along; sharing does not (a copy is its maker's: assumed).
    pub(super) fn copied(&self, id: &str, name: &str) -> Spreadsheet {
        let mut copy = Spreadsheet { id: id.to_string(), name: name.to_string(), ..self.clone() };
        copy.objects.owner = None;
        copy.objects.editors.clear();
        copy.objects.viewers.clear();
        copy
    }

    pub(super) fn sheets_mut(&mut self) -> &mut Vec<Sheet> {
        &mut self.sheets
    }

    /// Whether the formula results may be out of date (written since the last
    /// recalculation).
    pub(super) fn is_stale(&self) -> bool {
        self.stale.0
    }

    /// Whether the formula results may be out of date; `take` clears the mark.
    pub(super) fn take_stale(&mut self) -> bool {
        std::mem::take(&mut self.stale.0)
    }

    /// Does any sheet hold a formula?
    pub fn has_formulas(&self) -> bool {
        self.sheets.iter().any(|sheet| !sheet.formulas().is_empty())
    }
}

/// Sheet names are unique ignoring case (assumed, as the Sheets UI refuses `data` beside
/// `Data`).
pub(super) fn same_sheet_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// Every spreadsheet of a run, in the order they were loaded or created.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SpreadsheetsData")]
pub struct Spreadsheets {
    spreadsheets: Vec<Spreadsheet>,
    /// How many `create` calls made an id; the next id is `ss-{created_count + 1:04}`.
    created_count: u32,
    /// Formula gaps since the binding last took them (formula/); not state.
    #[serde(skip)]
    formula_gaps: PendingGaps,
}

#[derive(Deserialize)]
struct SpreadsheetsData {
    #[serde(default)]
    spreadsheets: Vec<Spreadsheet>,
    #[serde(default)]
    created_count: u32,
}

impl TryFrom<SpreadsheetsData> for Spreadsheets {
    type Error = String;

    fn try_from(data: SpreadsheetsData) -> Result<Spreadsheets, String> {
        let mut store = Spreadsheets {
            spreadsheets: Vec::new(),
            created_count: data.created_count,
            formula_gaps: PendingGaps::default(),
        };
        for book in data.spreadsheets {
            store.add(book)?;
        }
        Ok(store)
    }
}

impl Spreadsheets {
    pub fn new() -> Spreadsheets {
        Spreadsheets::default()
    }

    /// Adds a loaded spreadsheet, keeping its id; an id already present is an error.
    pub fn add(&mut self, book: Spreadsheet) -> Result<(), String> {
        if self.get(book.id()).is_some() {
            return Err(format!("two spreadsheets have the id {:?}", book.id()));
        }
        self.spreadsheets.push(book);
        Ok(())
    }

    /// All spreadsheets, in load/creation order.
    pub fn all(&self) -> &[Spreadsheet] {
        &self.spreadsheets
    }

    pub fn get(&self, id: &str) -> Option<&Spreadsheet> {
        self.spreadsheets.iter().find(|book| book.id() == id)
    }

    /// Every write goes through here, so it marks the spreadsheet's formulas stale.
    pub(super) fn get_mut(&mut self, id: &str) -> Option<&mut Spreadsheet> {
        let book = self.spreadsheets.iter_mut().find(|book| book.id() == id)?;
        book.stale.0 = true;
        Some(book)
    }

    /// All spreadsheets, for recalculation (does not mark them stale).
    pub(super) fn books_mut(&mut self) -> &mut [Spreadsheet] {
        &mut self.spreadsheets
    }

    pub(super) fn formula_gaps_mut(&mut self) -> &mut Vec<String> {
        &mut self.formula_gaps.0
    }

    /// The next `ss-NNNN` id no spreadsheet has, counting the call.
    pub(super) fn next_created_id(&mut self) -> String {
        loop {
            self.created_count += 1;
            let id = format!("ss-{:04}", self.created_count);
            if self.get(&id).is_none() {
                return id;
            }
        }
    }

    pub(super) fn push(&mut self, book: Spreadsheet) {
        debug_assert!(self.get(book.id()).is_none());
        self.spreadsheets.push(book);
    }

    /// A spreadsheet gone for good (its Drive file removed: `drive/spreadsheet_files.rs`).
    pub(crate) fn remove(&mut self, id: &str) {
        self.spreadsheets.retain(|book| book.id() != id);
    }
}
