//! The objects a spreadsheet and its sheets keep beside the cells, grouped so the model
//! (model.rs) has one field for them: named ranges, protections, sharing, locale,
//! bandings (per spreadsheet); data validation rules, conditional format rules and the filter (per
//! sheet). Each is
//! absent from state files and snapshots while empty, so existing files read as before.
//!
//! Structural changes move every anchored object through
//! [`Spreadsheet::shift_anchored`]: the one function "structure" (columns, moves) calls
//! after each change, beside `Sheet::shift_layers` for the per-cell layers.

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::banding::Banding;
use super::conditional::ConditionalFormatRule;
use super::layer::CellLayer;
use super::model::{Sheet, Spreadsheet};
use super::named::NamedRange;
use super::protection::Protection;
use super::shift::Shift;
use super::validation::DataValidation;

/// A spreadsheet's objects beside its sheets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SpreadsheetObjects {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named_ranges: Vec<NamedRange>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub protections: Vec<Protection>,
    /// The highest protection id given so far (ids are never reused).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub protection_count: u32,
    /// `None`: the account the scenario runs as (`World::user_email`) owns it (assumed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub viewers: Vec<String>,
    /// `setAnonymousAccess`: whether people who are not signed in may view, and edit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anonymous_read: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anonymous_write: bool,
    /// `None`: `en_US`, the locale of a spreadsheet a script creates (assumed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    /// Alternating colours (banding.rs), in the order they were added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bandings: Vec<Banding>,
    /// The highest banding id given so far (ids are never reused).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub banding_count: u32,
    /// Embedded charts (charts.rs), in the order they were inserted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charts: Vec<super::charts::EmbeddedChart>,
    /// The highest chart id given so far (ids are never reused).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub chart_count: u32,
    /// Images over the grid (images.rs), in the order they were inserted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<super::images::OverGridImage>,
    /// The highest image id given so far (ids are never reused).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub image_count: u32,
    /// Developer metadata (metadata.rs), in the order they were added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub developer_metadata: Vec<super::metadata::DeveloperMetadata>,
    /// The highest developer metadata id given so far (ids are never reused).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub metadata_count: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl SpreadsheetObjects {
    pub fn is_empty(&self) -> bool {
        *self == SpreadsheetObjects::default()
    }
}

/// A sheet's objects beside its cells.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SheetObjects {
    /// Data validation rules by cell; shifted with the other per-cell layers.
    #[serde(default, skip_serializing_if = "CellLayer::is_empty")]
    pub validations: CellLayer<DataValidation>,
    /// `Sheet.setConditionalFormatRules`, in order (the first rule wins in Sheets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional_formats: Vec<ConditionalFormatRule>,
    /// `Range.createFilter()`: at most one per sheet (filter.rs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<super::filter::Filter>,
}

impl SheetObjects {
    pub fn is_empty(&self) -> bool {
        *self == SheetObjects::default()
    }

    /// Every cell the objects name lies in the `max_rows` x `max_columns` grid of sheet
    /// `sheet_id` (a filter names its own sheet).
    pub(super) fn check_fits(&self, sheet_id: u32, max_rows: u32, max_columns: u32) -> Result<(), String> {
        let outside = |row: u32, column: u32| row > max_rows || column > max_columns;
        if let Some(((row, column), _)) = self.validations.iter().find(|((row, column), _)| outside(*row, *column)) {
            return Err(format!(
                "a data validation rule at {} lies outside the grid",
                super::a1::cell_notation(*row, *column)
            ));
        }
        let mut boxes = self.conditional_formats.iter().flat_map(|rule| rule.ranges.iter());
        // In u64: a state file's numbers may be anything up to u32::MAX.
        let bad_box = |boxed: &GridBox| {
            let last = |start: u32, count: u32| u64::from(start) + u64::from(count) - 1;
            boxed.row < 1
                || boxed.column < 1
                || boxed.num_rows < 1
                || boxed.num_columns < 1
                || last(boxed.row, boxed.num_rows) > u64::from(max_rows)
                || last(boxed.column, boxed.num_columns) > u64::from(max_columns)
        };
        if boxes.any(bad_box) {
            return Err("a conditional format rule's range lies outside the grid".to_string());
        }
        if let Some(filter) = &self.filter {
            let b = &filter.range;
            if b.sheet_id != sheet_id {
                return Err(format!("the filter's range names sheet {}, not its own ({sheet_id})", b.sheet_id));
            }
            if bad_box(b) {
                return Err("the filter's range lies outside the grid, or criteria outside its columns".to_string());
            }
            let columns = b.column..b.column + b.num_columns;
            if filter.columns.keys().any(|column| !columns.contains(column)) {
                return Err("the filter's range lies outside the grid, or criteria outside its columns".to_string());
            }
            let too_many = |c: &super::filter::FilterCriteria| {
                c.hidden_values.len().max(c.visible_values.len()) > super::filter::FILTER_VALUES_MAX
            };
            if filter.columns.values().any(too_many) {
                return Err(super::filter::text::TOO_MANY_VALUES.to_string());
            }
        }
        Ok(())
    }
}

impl Spreadsheet {
    /// Moves every object anchored to cells of sheet `sheet_id` after `shift`: named
    /// ranges, protected ranges and bandings (dropped when all their rows or columns
    /// went: assumed), unprotected ranges of sheet protections, the sheet's conditional format
    /// rules' ranges (a rule left with no range is dropped) and its filter (filter.rs). The per-cell layers
    /// (formulas, formats, notes, validations) move in `Sheet::shift_layers`, not here.
    pub fn shift_anchored(&mut self, sheet_id: u32, shift: Shift) {
        let objects = self.objects_mut();
        objects.named_ranges.retain_mut(|named| move_box(&mut named.range, sheet_id, shift));
        objects.bandings.retain_mut(|banding| move_box(&mut banding.range, sheet_id, shift));
        objects.protections.retain_mut(|protection| {
            protection.unprotected.retain_mut(|boxed| move_box(boxed, sheet_id, shift));
            match &mut protection.range {
                Some(boxed) => move_box(boxed, sheet_id, shift),
                None => true,
            }
        });
        if let Some(sheet) = self.sheets_mut().iter_mut().find(|sheet| sheet.sheet_id() == sheet_id) {
            shift_sheet_rules(sheet, shift);
        }
        self.shift_charts(sheet_id, shift);
        self.shift_images(sheet_id, shift);
        self.shift_metadata(sheet_id, shift);
    }

    /// Drops the objects of a deleted sheet (its named ranges, protections, bandings,
    /// charts and images; another sheet's chart loses its ranges there).
    pub(super) fn forget_sheet(&mut self, sheet_id: u32) {
        let objects = self.objects_mut();
        objects.charts.retain(|chart| chart.sheet_id != sheet_id);
        objects.images.retain(|image| image.sheet_id != sheet_id);
        objects.developer_metadata.retain(|m| !m.is_on_sheet(sheet_id));
        for chart in &mut objects.charts {
            chart.ranges.retain(|boxed| boxed.sheet_id != sheet_id);
        }
        objects.named_ranges.retain(|named| named.range.sheet_id != sheet_id);
        objects.bandings.retain(|banding| banding.range.sheet_id != sheet_id);
        objects.protections.retain(|protection| protection.sheet_id != sheet_id);
    }
}

fn shift_sheet_rules(sheet: &mut Sheet, shift: Shift) {
    let sheet_id = sheet.sheet_id();
    let objects = sheet.objects_mut();
    objects.conditional_formats.retain_mut(|rule| {
        rule.ranges.retain_mut(|boxed| move_box(boxed, sheet_id, shift));
        !rule.ranges.is_empty()
    });
    // A filter whose rows or columns all went goes with them (assumed, as a named
    // range's); its criteria move with their columns, a deleted column's are dropped.
    if let Some(filter) = &mut objects.filter {
        if !move_box(&mut filter.range, sheet_id, shift) {
            objects.filter = None;
        } else if shift.dim() == super::shift::Dim::Columns {
            let columns = std::mem::take(&mut filter.columns);
            filter.columns = columns
                .into_iter()
                .filter_map(|(column, criteria)| shift.index(column).map(|moved| (moved, criteria)))
                .collect();
        }
    }
}

/// Shifts one box in place; `false` when it is gone.
fn move_box(boxed: &mut GridBox, sheet_id: u32, shift: Shift) -> bool {
    match boxed.shifted(sheet_id, shift) {
        Some(moved) => {
            *boxed = moved;
            true
        }
        None => false,
    }
}

impl SpreadsheetObjects {
    /// A state file's objects must name sheets the spreadsheet has, inside their grids.
    pub(super) fn check_against(&self, book: &Spreadsheet) -> Result<(), String> {
        let fits = |boxed: &GridBox| {
            book.sheets().iter().any(|sheet| {
                sheet.sheet_id() == boxed.sheet_id
                    && boxed.row >= 1
                    && boxed.column >= 1
                    && boxed.num_rows >= 1
                    && boxed.num_columns >= 1
                    // In u64: a state file's numbers may be anything up to u32::MAX.
                    && u64::from(boxed.row) + u64::from(boxed.num_rows) - 1 <= u64::from(sheet.max_rows())
                    && u64::from(boxed.column) + u64::from(boxed.num_columns) - 1 <= u64::from(sheet.max_columns())
            })
        };
        if let Some(named) = self.named_ranges.iter().find(|named| !fits(&named.range)) {
            return Err(format!("named range {:?} is not on a sheet of the spreadsheet, inside its grid", named.name));
        }
        for protection in &self.protections {
            let on_sheet = book.sheets().iter().any(|sheet| sheet.sheet_id() == protection.sheet_id);
            if !on_sheet || !protection.range.iter().chain(&protection.unprotected).all(fits) {
                return Err(format!(
                    "protection {} is not on a sheet of the spreadsheet, inside its grid",
                    protection.id
                ));
            }
        }
        if self.bandings.len() > super::banding::BANDINGS_PER_SPREADSHEET_MAX {
            return Err(super::banding::text::TOO_MANY.to_string());
        }
        if let Some(banding) = self.bandings.iter().find(|banding| !fits(&banding.range)) {
            return Err(format!("banding {} is not on a sheet of the spreadsheet, inside its grid", banding.id));
        }
        if let Some(chart) = self.charts.iter().find(|chart| !chart.ranges.iter().all(fits)) {
            return Err(format!(
                "chart {} reads a range that is not on a sheet of the spreadsheet, inside its grid",
                chart.id
            ));
        }
        super::charts::check_charts(book, &self.charts, self.chart_count)?;
        super::images::check_images(book, &self.images, self.image_count)?;
        super::metadata::check_metadata(book, &self.developer_metadata, self.metadata_count)?;
        super::banding::check_bandings(&self.bandings, self.banding_count)
    }
}

impl super::Spreadsheets {
    /// The spreadsheet of an id, for changes (the platform's `openById` text when absent).
    pub(super) fn book_mut(&mut self, id: &str) -> crate::ServiceResult<&mut Spreadsheet> {
        self.get_mut(id).ok_or_else(|| crate::ServiceError::new(super::text::OPEN_BY_ID_FAILED))
    }

    /// The sheet of a handle, for changes.
    pub(super) fn sheet_for_change(&mut self, sheet: &super::SheetRef) -> crate::ServiceResult<&mut Sheet> {
        self.book_mut(&sheet.spreadsheet_id)?
            .sheets_mut()
            .iter_mut()
            .find(|candidate| candidate.sheet_id() == sheet.sheet_id)
            .ok_or_else(|| crate::ServiceError::new(super::text::SHEET_DELETED))
    }
}
