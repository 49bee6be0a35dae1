//! Bandings, a range's alternating colours (`Range.applyRowBanding/applyColumnBanding`,
//! `Banding`, `Range/Sheet/Spreadsheet.getBandings`): a box of cells with colours for
//! its rows (header, first band, second band, footer) and for its columns, as the Sheets
//! API's `BandedRange` holds them. Two bandings never share a cell. A banding paints
//! nothing a script reads back: `getBackground()` is the cell's own colour, with or
//! without a banding over it (assumed, as the API keeps the two apart).
//!
//! Bandings are the spreadsheet's objects (`SpreadsheetObjects::bandings`), each with a
//! spreadsheet-wide id a `Banding` handle names, so one moves with rows and columns
//! (`objects.rs`, `Spreadsheet::shift_anchored`), with a `moveTo` of the cells holding it
//! (`Spreadsheet::move_bandings` below), and a duplicated sheet copies its own.
//!
//! Not here: painting a sheet's cells (gas-sim keeps no rendered colours), and the
//! `*ColorObject` variants (not in the catalogue's types package).

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::format::normalize_color;
use super::model::{Spreadsheet, Spreadsheets};
use super::named::{grid_box, range_of};
use super::shift::{CellBox, Dim};
use super::{RangeRef, SheetRef};
use crate::error::{ServiceError, ServiceResult};

/// Bandings one spreadsheet holds (gas-sim's bound: they never overlap, so a sheet's
/// cells bound them; this keeps the overlap check linear in something small).
pub const BANDINGS_PER_SPREADSHEET_MAX: usize = 1_000;

pub mod text {
    /// A banding over a cell another banding has (assumed: the sentence users report
    /// from Sheets; the reference does not give it).
    pub const OVERLAP: &str = "You cannot add alternating colors to a range that already has alternating colors.";
    /// A `Banding` handle after `remove()` or after its cells were deleted (assumed).
    pub const REMOVED: &str = "This banding no longer exists.";
    /// `applyRowBanding(theme)` with something that is no `BandingTheme` (assumed).
    pub const INVALID_THEME: &str = "Invalid argument: bandingTheme";
    /// `null` for a band's alternating colour (assumed: a peer's text, gas-fakes'), by
    /// dimension (rows, columns) and colour (first, second).
    pub const NOT_NULL: [[&str; 2]; 2] = [
        ["First row color should not be null.", "Second row color should not be null."],
        ["First column color should not be null.", "Second column color should not be null."],
    ];
    /// Past [`super::BANDINGS_PER_SPREADSHEET_MAX`] (gas-sim's bound).
    pub const TOO_MANY: &str = "gas-sim: a spreadsheet holds at most 1000 bandings";
    /// A state file's `banding_count` at u32::MAX (ids are never reused).
    pub const IDS_USED_UP: &str = "gas-sim: this spreadsheet has used every banding id";
}

/// `SpreadsheetApp.BandingTheme`: header, first band, second band and footer colours, in
/// the enum's order (observed: the colours Sheets gives each theme, as a peer project,
/// gas-fakes, records them from the platform; `applyRowBanding()` without a theme takes
/// the first, assumed).
const THEMES: &[(&str, [&str; 4])] = &[
    ("LIGHT_GREY", ["#bdbdbd", "#ffffff", "#f3f3f3", "#dedede"]),
    ("CYAN", ["#4dd0e1", "#ffffff", "#e0f7fa", "#a2e8f1"]),
    ("GREEN", ["#63d297", "#ffffff", "#e7f9ef", "#afe9ca"]),
    ("YELLOW", ["#f7cb4d", "#ffffff", "#fef8e3", "#fce8b2"]),
    ("ORANGE", ["#f46524", "#ffffff", "#ffe6dd", "#ffccbc"]),
    ("BLUE", ["#5b95f9", "#ffffff", "#e8f0fe", "#acc9fe"]),
    ("TEAL", ["#26a69a", "#ffffff", "#ddf2f0", "#8cd3cd"]),
    ("GREY", ["#78909c", "#ffffff", "#ebeff1", "#bbc8ce"]),
    ("BROWN", ["#cca677", "#ffffff", "#f8f2eb", "#e6d3ba"]),
    ("LIGHT_GREEN", ["#8bc34a", "#ffffff", "#eef7e3", "#c4e2a0"]),
    ("INDIGO", ["#8989eb", "#ffffff", "#e8e7fc", "#c4c3f7"]),
    ("PINK", ["#e91d63", "#ffffff", "#fddce8", "#f68ab0"]),
];

/// The theme `applyRowBanding()` / `applyColumnBanding()` use without one.
pub const DEFAULT_THEME: &str = "LIGHT_GREY";

/// One dimension's colours, each `#rrggbb` or unset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BandColors {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub footer: Option<String>,
}

impl BandColors {
    fn is_empty(&self) -> bool {
        *self == BandColors::default()
    }

    fn of_theme(theme: &str, show_header: bool, show_footer: bool) -> ServiceResult<BandColors> {
        let (_, [header, first, second, footer]) =
            THEMES.iter().find(|(name, _)| *name == theme).ok_or_else(|| ServiceError::new(text::INVALID_THEME))?;
        Ok(BandColors {
            header: show_header.then(|| header.to_string()),
            first: Some(first.to_string()),
            second: Some(second.to_string()),
            footer: show_footer.then(|| footer.to_string()),
        })
    }

    fn part_mut(&mut self, part: BandPart) -> &mut Option<String> {
        match part {
            BandPart::Header => &mut self.header,
            BandPart::First => &mut self.first,
            BandPart::Second => &mut self.second,
            BandPart::Footer => &mut self.footer,
        }
    }
}

/// Which colour of a dimension a `getXRowColor` / `setXColumnColor` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BandPart {
    Header,
    First,
    Second,
    Footer,
}

impl BandPart {
    /// The colour a `Banding` method names: `getFirstRowColor` is (`Rows`, `First`).
    pub fn of_method(name: &str) -> Option<(Dim, BandPart)> {
        let name = name.strip_prefix("get").or_else(|| name.strip_prefix("set"))?.strip_suffix("Color")?;
        let (part, dim) = if let Some(part) = name.strip_suffix("Row") {
            (part, Dim::Rows)
        } else {
            (name.strip_suffix("Column")?, Dim::Columns)
        };
        let part = match part {
            "Header" => BandPart::Header,
            "First" => BandPart::First,
            "Second" => BandPart::Second,
            "Footer" => BandPart::Footer,
            _ => return None,
        };
        Some((dim, part))
    }
}

/// One banding: its id in the spreadsheet, its box, its rows' and columns' colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Banding {
    pub id: u32,
    pub range: GridBox,
    #[serde(default, skip_serializing_if = "BandColors::is_empty")]
    pub rows: BandColors,
    #[serde(default, skip_serializing_if = "BandColors::is_empty")]
    pub columns: BandColors,
}

impl Banding {
    fn colors(&self, dim: Dim) -> &BandColors {
        match dim {
            Dim::Rows => &self.rows,
            Dim::Columns => &self.columns,
        }
    }

    fn colors_mut(&mut self, dim: Dim) -> &mut BandColors {
        match dim {
            Dim::Rows => &mut self.rows,
            Dim::Columns => &mut self.columns,
        }
    }
}

/// A script's `Banding`: the spreadsheet and the banding's id there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BandingRef {
    pub spreadsheet_id: String,
    pub banding_id: u32,
}

/// Whether two boxes share a cell.
pub(super) fn overlap(a: &GridBox, b: &GridBox) -> bool {
    a.sheet_id == b.sheet_id && a.cells().intersects(&b.cells())
}

impl Spreadsheet {
    /// Adds a banding on `range` (no other may share a cell), with the next id.
    fn add_banding(&mut self, range: GridBox, rows: BandColors, columns: BandColors) -> ServiceResult<u32> {
        if self.objects().bandings.iter().any(|other| overlap(&other.range, &range)) {
            return Err(ServiceError::new(text::OVERLAP));
        }
        self.check_room_for_bandings(1)?;
        let objects = self.objects_mut();
        let id = objects.banding_count.checked_add(1).ok_or_else(|| ServiceError::new(text::IDS_USED_UP))?;
        objects.banding_count = id;
        objects.bandings.push(Banding { id, range, rows, columns });
        Ok(id)
    }

    /// Fails, before anything changes, when `count` more bandings would not fit.
    pub(super) fn check_room_for_bandings(&self, count: usize) -> ServiceResult<()> {
        if self.objects().bandings.len() + count > BANDINGS_PER_SPREADSHEET_MAX {
            return Err(ServiceError::new(text::TOO_MANY));
        }
        Ok(())
    }

    /// Copies of `from` (a sheet's bandings) on sheet `copy_id` of this spreadsheet, with
    /// new ids (`Sheet.copyTo`, `duplicateActiveSheet`).
    pub(super) fn copy_bandings(&mut self, from: &[Banding], copy_id: u32) -> ServiceResult<()> {
        for banding in from {
            let range = GridBox { sheet_id: copy_id, ..banding.range };
            self.add_banding(range, banding.rows.clone(), banding.columns.clone())?;
        }
        Ok(())
    }

    /// `Range.moveTo`: the bandings lying wholly inside the moved cells (`source` on sheet
    /// `source_id`) go with them to `to` on sheet `target_id`, as a filter does; one that
    /// would then share a cell with a banding that stays, stays too (assumed).
    pub(super) fn move_bandings(&mut self, source_id: u32, source: CellBox, target_id: u32, to: (u32, u32)) {
        let moved_box = |b: &GridBox| GridBox {
            sheet_id: target_id,
            row: b.row - source.row + to.0,
            column: b.column - source.column + to.1,
            ..*b
        };
        let bandings = &mut self.objects_mut().bandings;
        let mut moving: Vec<bool> =
            bandings.iter().map(|b| b.range.sheet_id == source_id && source.covers(&b.range.cells())).collect();
        // Every staying banding is checked once against the moving ones: a moving one that
        // would land on it stays too, and is checked in its turn (moving ones never meet:
        // they move by the same offset).
        let mut staying: Vec<usize> = (0..bandings.len()).filter(|&i| !moving[i]).collect();
        while let Some(j) = staying.pop() {
            for i in 0..bandings.len() {
                if moving[i] && overlap(&bandings[j].range, &moved_box(&bandings[i].range)) {
                    moving[i] = false;
                    staying.push(i);
                }
            }
        }
        for (banding, moves) in bandings.iter_mut().zip(moving) {
            if moves {
                banding.range = moved_box(&banding.range);
            }
        }
    }

    /// The bandings on sheet `sheet_id`, in the order they were added.
    pub(super) fn sheet_bandings(&self, sheet_id: u32) -> Vec<Banding> {
        self.objects().bandings.iter().filter(|b| b.range.sheet_id == sheet_id).cloned().collect()
    }
}

impl Spreadsheets {
    /// `Range.applyRowBanding(theme, showHeader, showFooter)` (`Dim::Rows`) and
    /// `applyColumnBanding`: the theme's colours on the range's rows (columns), the
    /// header's and footer's only when shown (documented: by default a header and no
    /// footer).
    pub fn apply_banding(
        &mut self,
        range: &RangeRef,
        dim: Dim,
        theme: &str,
        show_header: bool,
        show_footer: bool,
    ) -> ServiceResult<BandingRef> {
        self.range_sheet(range)?;
        let colors = BandColors::of_theme(theme, show_header, show_footer)?;
        let (rows, columns) = match dim {
            Dim::Rows => (colors, BandColors::default()),
            Dim::Columns => (BandColors::default(), colors),
        };
        let book = self.book_mut(&range.sheet.spreadsheet_id)?;
        let banding_id = book.add_banding(grid_box(range), rows, columns)?;
        Ok(BandingRef { spreadsheet_id: range.sheet.spreadsheet_id.clone(), banding_id })
    }

    /// `Range.getBandings()`: those over any cell of the range (documented); `Sheet.` and
    /// `Spreadsheet.getBandings()`: those of the sheet, of every sheet (tab order).
    pub fn bandings_in(&self, range: &RangeRef) -> ServiceResult<Vec<BandingRef>> {
        self.range_sheet(range)?;
        let boxed = grid_box(range);
        self.bandings_where(&range.sheet.spreadsheet_id, |b| overlap(&b.range, &boxed))
    }

    pub fn sheet_bandings(&self, sheet: &SheetRef) -> ServiceResult<Vec<BandingRef>> {
        self.sheet(sheet)?;
        self.bandings_where(&sheet.spreadsheet_id, |b| b.range.sheet_id == sheet.sheet_id)
    }

    pub fn spreadsheet_bandings(&self, spreadsheet_id: &str) -> ServiceResult<Vec<BandingRef>> {
        let book = self.open_by_id(spreadsheet_id)?;
        let mut refs = Vec::new();
        for sheet in book.sheets() {
            refs.extend(self.sheet_bandings(&SheetRef {
                spreadsheet_id: spreadsheet_id.to_string(),
                sheet_id: sheet.sheet_id(),
            })?);
        }
        Ok(refs)
    }

    fn bandings_where(&self, spreadsheet_id: &str, keep: impl Fn(&Banding) -> bool) -> ServiceResult<Vec<BandingRef>> {
        let book = self.open_by_id(spreadsheet_id)?;
        let banding_ref = |b: &Banding| BandingRef { spreadsheet_id: spreadsheet_id.to_string(), banding_id: b.id };
        Ok(book.objects().bandings.iter().filter(|b| keep(b)).map(banding_ref).collect())
    }

    /// The banding of a handle: gone after `remove()` or with its cells.
    pub fn banding(&self, handle: &BandingRef) -> ServiceResult<&Banding> {
        let book = self.open_by_id(&handle.spreadsheet_id)?;
        book.objects()
            .bandings
            .iter()
            .find(|b| b.id == handle.banding_id)
            .ok_or_else(|| ServiceError::new(text::REMOVED))
    }

    fn banding_mut(&mut self, handle: &BandingRef) -> ServiceResult<&mut Banding> {
        self.banding(handle)?;
        let book = self.book_mut(&handle.spreadsheet_id)?;
        Ok(book.objects_mut().bandings.iter_mut().find(|b| b.id == handle.banding_id).expect("checked above"))
    }

    /// `Banding.getRange()`.
    pub fn banding_range(&self, handle: &BandingRef) -> ServiceResult<RangeRef> {
        Ok(range_of(&handle.spreadsheet_id, &self.banding(handle)?.range))
    }

    /// `Banding.getFirstRowColor()` and the other seven getters: `#rrggbb`, or `None`
    /// when unset (documented: null).
    pub fn banding_color(&self, handle: &BandingRef, dim: Dim, part: BandPart) -> ServiceResult<Option<String>> {
        let mut colors = self.banding(handle)?.colors(dim).clone();
        Ok(colors.part_mut(part).take())
    }

    /// `Banding.setFirstRowColor(color)` and the other seven setters: a CSS colour
    /// (`Invalid argument: color` otherwise, as `setBackground`); `null` clears a header
    /// or footer colour, while a band's two alternating colours cannot be cleared
    /// (assumed: the API requires them; the text is a peer's, gas-fakes').
    pub fn set_banding_color(
        &mut self,
        handle: &BandingRef,
        dim: Dim,
        part: BandPart,
        color: Option<&str>,
    ) -> ServiceResult<()> {
        self.banding(handle)?;
        let color = match color {
            Some(color) => {
                Some(normalize_color(color).ok_or_else(|| ServiceError::new(super::ops::format_text::INVALID_COLOR))?)
            }
            None if matches!(part, BandPart::First | BandPart::Second) => {
                let texts = text::NOT_NULL[usize::from(dim == Dim::Columns)];
                return Err(ServiceError::new(texts[usize::from(part == BandPart::Second)]));
            }
            None => None,
        };
        *self.banding_mut(handle)?.colors_mut(dim).part_mut(part) = color;
        Ok(())
    }

    /// `Banding.setRange(range)`: the banding moves to the range (on any sheet of its
    /// spreadsheet: another spreadsheet's is refused with the text of a copy between
    /// two, assumed), which no other banding may touch.
    pub fn set_banding_range(&mut self, handle: &BandingRef, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        self.banding(handle)?;
        if range.sheet.spreadsheet_id != handle.spreadsheet_id {
            return Err(ServiceError::new(super::structure_text::OTHER_SPREADSHEET));
        }
        let boxed = grid_box(range);
        let book = self.book_mut(&handle.spreadsheet_id)?;
        let bandings = &mut book.objects_mut().bandings;
        if bandings.iter().any(|b| b.id != handle.banding_id && overlap(&b.range, &boxed)) {
            return Err(ServiceError::new(text::OVERLAP));
        }
        bandings.iter_mut().find(|b| b.id == handle.banding_id).expect("checked above").range = boxed;
        Ok(())
    }

    /// `Banding.copyTo(range)`: a new banding with the same colours on the range.
    pub fn copy_banding(&mut self, handle: &BandingRef, range: &RangeRef) -> ServiceResult<BandingRef> {
        self.range_sheet(range)?;
        let source = self.banding(handle)?.clone();
        let book = self.book_mut(&range.sheet.spreadsheet_id)?;
        let banding_id = book.add_banding(grid_box(range), source.rows, source.columns)?;
        Ok(BandingRef { spreadsheet_id: range.sheet.spreadsheet_id.clone(), banding_id })
    }

    /// `Banding.remove()`.
    pub fn remove_banding(&mut self, handle: &BandingRef) -> ServiceResult<()> {
        self.banding(handle)?;
        let book = self.book_mut(&handle.spreadsheet_id)?;
        book.objects_mut().bandings.retain(|b| b.id != handle.banding_id);
        Ok(())
    }
}

/// A state file's bandings: ids unique and given (at most the count), none overlapping.
pub(super) fn check_bandings(bandings: &[Banding], count: u32) -> Result<(), String> {
    if bandings.len() > BANDINGS_PER_SPREADSHEET_MAX {
        return Err(text::TOO_MANY.to_string());
    }
    for (i, banding) in bandings.iter().enumerate() {
        if banding.id == 0 || banding.id > count {
            return Err(format!("banding {} has an id outside 1..=banding_count ({count})", banding.id));
        }
        let colors =
            [&banding.rows, &banding.columns].into_iter().flat_map(|c| [&c.header, &c.first, &c.second, &c.footer]);
        if let Some(bad) = colors.flatten().find(|color| normalize_color(color).as_ref() != Some(*color)) {
            return Err(format!("banding {} has a colour that is no #rrggbb: {bad:?}", banding.id));
        }
        if let Some(other) = bandings[..i].iter().find(|b| b.id == banding.id || overlap(&b.range, &banding.range)) {
            return Err(format!("bandings {} and {} share an id or a cell", other.id, banding.id));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(row: u32, column: u32, num_rows: u32, num_columns: u32) -> GridBox {
        GridBox { sheet_id: 0, row, column, num_rows, num_columns }
    }

    #[test]
    fn a_theme_gives_its_colours_and_the_header_and_footer_only_when_shown() {
        let colors = BandColors::of_theme("LIGHT_GREY", true, false).unwrap();
        assert_eq!(colors.header.as_deref(), Some("#bdbdbd"));
        assert_eq!((colors.first.as_deref(), colors.second.as_deref()), (Some("#ffffff"), Some("#f3f3f3")));
        assert_eq!(colors.footer, None, "documented: no footer by default");
        let colors = BandColors::of_theme("PINK", false, true).unwrap();
        assert_eq!((colors.header, colors.footer.as_deref()), (None, Some("#f68ab0")));
        assert!(BandColors::of_theme("PURPLE", true, false).is_err());
        assert_eq!(THEMES.len(), 12, "the enum's twelve themes");
    }

    #[test]
    fn method_names_give_the_dimension_and_the_colour() {
        assert_eq!(BandPart::of_method("getFirstRowColor"), Some((Dim::Rows, BandPart::First)));
        assert_eq!(BandPart::of_method("setFooterColumnColor"), Some((Dim::Columns, BandPart::Footer)));
        assert_eq!(BandPart::of_method("getHeaderRowColor"), Some((Dim::Rows, BandPart::Header)));
        assert_eq!(BandPart::of_method("getRange"), None);
    }

    fn fresh() -> (Spreadsheets, SheetRef) {
        let mut store = Spreadsheets::new();
        let id = store.create("Book").unwrap();
        let sheet = store.get_sheets(&id).unwrap()[0].clone();
        (store, sheet)
    }

    fn a1(store: &Spreadsheets, banding: &BandingRef) -> String {
        super::super::a1_notation(&store.banding_range(banding).unwrap())
    }

    #[test]
    fn bandings_never_share_a_cell_and_ids_are_never_reused() {
        let (mut store, sheet) = fresh();
        let at = |store: &Spreadsheets, a1: &str| store.get_range_a1(&sheet, a1).unwrap();
        let first = store.apply_banding(&at(&store, "A1:B4"), Dim::Rows, DEFAULT_THEME, true, false).unwrap();
        let err = store.apply_banding(&at(&store, "B4:C9"), Dim::Columns, "BLUE", true, false).unwrap_err();
        assert_eq!(err.message, text::OVERLAP);
        let second = store.apply_banding(&at(&store, "C1:C9"), Dim::Columns, "BLUE", true, false).unwrap();
        assert_eq!(store.set_banding_range(&second, &at(&store, "B1")).unwrap_err().message, text::OVERLAP);
        store.set_banding_range(&second, &at(&store, "C2:C3")).unwrap();
        assert_eq!(store.copy_banding(&second, &at(&store, "A4")).unwrap_err().message, text::OVERLAP);
        store.remove_banding(&first).unwrap();
        assert_eq!(store.remove_banding(&first).unwrap_err().message, text::REMOVED);
        let third = store.copy_banding(&second, &at(&store, "A1:A2")).unwrap();
        assert_eq!(third.banding_id, 3, "the removed banding's id is not given again");
        assert_eq!(store.banding_color(&third, Dim::Columns, BandPart::First).unwrap().as_deref(), Some("#ffffff"));
        assert_eq!(store.sheet_bandings(&sheet).unwrap(), vec![second, third]);
    }

    #[test]
    fn a_banding_moves_with_rows_and_with_moved_cells_unless_it_would_land_on_another() {
        let (mut store, sheet) = fresh();
        let at = |store: &Spreadsheets, a1: &str| store.get_range_a1(&sheet, a1).unwrap();
        let banding = store.apply_banding(&at(&store, "B2:C5"), Dim::Rows, "TEAL", true, true).unwrap();
        store.insert_rows_before(&sheet, 1, 3).unwrap();
        assert_eq!(a1(&store, &banding), "B5:C8");
        store.delete_rows(&sheet, 6, 2).unwrap();
        assert_eq!(a1(&store, &banding), "B5:C6", "deleted rows inside it shrink it");
        let blocker = store.apply_banding(&at(&store, "H1:H3"), Dim::Rows, "TEAL", true, true).unwrap();
        store.move_to(&at(&store, "B5:C6"), &at(&store, "G2")).unwrap();
        assert_eq!(a1(&store, &banding), "B5:C6", "it would share H2:H3 with another: it stays");
        store.remove_banding(&blocker).unwrap();
        store.move_to(&at(&store, "A4:C6"), &at(&store, "G2")).unwrap();
        assert_eq!(a1(&store, &banding), "H3:I4", "wholly inside the moved cells: it goes with them");
        store.move_to(&at(&store, "H3:H4"), &at(&store, "A1")).unwrap();
        assert_eq!(a1(&store, &banding), "H3:I4", "only partly inside: it stays");
        store.delete_columns(&sheet, 8, 2).unwrap();
        assert_eq!(store.banding(&banding).unwrap_err().message, text::REMOVED, "its every column deleted");
    }

    #[test]
    fn a_move_onto_its_own_cells_and_to_another_spreadsheet() {
        let (mut store, sheet) = fresh();
        let at = |store: &Spreadsheets, a1: &str| store.get_range_a1(&sheet, a1).unwrap();
        // Two bandings move down by one row together: they never meet each other.
        let upper = store.apply_banding(&at(&store, "A1:A2"), Dim::Rows, "GREY", true, false).unwrap();
        let lower = store.apply_banding(&at(&store, "A3:A4"), Dim::Rows, "GREY", true, false).unwrap();
        store.move_to(&at(&store, "A1:A4"), &at(&store, "A2")).unwrap();
        assert_eq!((a1(&store, &upper), a1(&store, &lower)), ("A2:A3".to_string(), "A4:A5".to_string()));
        // A chain: the lower one would land on one that stays, so it stays, and so the
        // upper one would land on it and stays too.
        let _fixed = store.apply_banding(&at(&store, "A7"), Dim::Rows, "GREY", true, false).unwrap();
        store.move_to(&at(&store, "A2:A5"), &at(&store, "A4")).unwrap();
        assert_eq!((a1(&store, &upper), a1(&store, &lower)), ("A2:A3".to_string(), "A4:A5".to_string()));
        let other = store.create("Other").unwrap();
        let elsewhere = store.get_range_a1(&store.get_sheets(&other).unwrap()[0], "B2").unwrap();
        let err = store.set_banding_range(&upper, &elsewhere).unwrap_err();
        assert_eq!(err.message, super::super::structure_text::OTHER_SPREADSHEET);
        let copied = store.copy_banding(&upper, &elsewhere).unwrap();
        assert_eq!((copied.spreadsheet_id.as_str(), copied.banding_id), (other.as_str(), 1), "the other book's ids");
    }

    #[test]
    fn a_copied_sheet_takes_copies_and_a_state_file_keeps_them() {
        let (mut store, sheet) = fresh();
        let range = store.get_range_a1(&sheet, "A1:D9").unwrap();
        let banding = store.apply_banding(&range, Dim::Rows, "ORANGE", false, true).unwrap();
        store.set_banding_color(&banding, Dim::Rows, BandPart::Header, Some("navy")).unwrap();
        let copy = store.copy_sheet(&sheet, &sheet.spreadsheet_id, true).unwrap();
        let copied = store.sheet_bandings(&copy).unwrap();
        assert_eq!(copied.len(), 1);
        assert_eq!(store.banding(&copied[0]).unwrap().rows, store.banding(&banding).unwrap().rows);
        assert_ne!(copied[0], banding, "a new id");
        let json = serde_json::to_string(&store).unwrap();
        let back: Spreadsheets = serde_json::from_str(&json).unwrap();
        assert_eq!(back.banding(&banding).unwrap(), store.banding(&banding).unwrap());
        let past_count = json.replace("\"banding_count\":2", "\"banding_count\":1");
        assert_ne!(past_count, json);
        let err = serde_json::from_str::<Spreadsheets>(&past_count).unwrap_err().to_string();
        assert!(err.contains("banding 2 has an id outside 1..=banding_count (1)"), "{err}");
        let bad_colour = json.replacen("\"#fff", "\"#FFF", 1);
        assert_ne!(bad_colour, json);
        let err = serde_json::from_str::<Spreadsheets>(&bad_colour).unwrap_err().to_string();
        assert!(err.contains("has a colour that is no #rrggbb"), "{err}");
        let used_up = json.replace("\"banding_count\":2", "\"banding_count\":4294967295");
        let mut full: Spreadsheets = serde_json::from_str(&used_up).unwrap();
        let more = full.copy_banding(&banding, &full.get_range_a1(&sheet, "F20").unwrap()).unwrap_err();
        assert_eq!(more.message, text::IDS_USED_UP, "no id past u32::MAX, and nothing added");
        assert_eq!(full.spreadsheet_bandings(&sheet.spreadsheet_id).unwrap().len(), 2);
        store.delete_sheet(&copy).unwrap();
        assert_eq!(store.spreadsheet_bandings(&sheet.spreadsheet_id).unwrap(), vec![banding]);
    }

    #[test]
    fn state_checks_refuse_shared_cells_and_ids_past_the_count() {
        let banding = |id, range| Banding { id, range, rows: BandColors::default(), columns: BandColors::default() };
        let apart = [banding(1, boxed(1, 1, 5, 2)), banding(2, boxed(6, 1, 5, 2))];
        assert_eq!(check_bandings(&apart, 2), Ok(()));
        assert!(check_bandings(&apart, 1).is_err(), "id 2 past a count of 1");
        let touching = [banding(1, boxed(1, 1, 5, 2)), banding(2, boxed(5, 2, 5, 2))];
        assert!(check_bandings(&touching, 2).is_err(), "B5 in both");
        let other_sheet = [banding(1, boxed(1, 1, 5, 2)), banding(2, GridBox { sheet_id: 9, ..boxed(1, 1, 5, 2) })];
        assert_eq!(check_bandings(&other_sheet, 2), Ok(()));
    }
}
