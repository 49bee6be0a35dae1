//! Embedded charts (`Sheet.newChart/insertChart/getCharts/updateChart/removeChart`, the
//! `Embedded*ChartBuilder`s, `EmbeddedChart`, `ContainerInfo`): what a chart is, as the
//! builders make it and a sheet keeps it. A chart is its type, its data ranges, its place
//! (an anchor cell and pixel offsets) and its options, a flat map of Google Charts
//! ("Gviz") option paths (`title`, `hAxis.title`, `legend.position`) as `setOption`
//! writes them (documented: "see the Gviz documentation"); each builder setter writes
//! one such path (`SETTERS`; the paths are Gviz's, the mapping assumed).
//!
//! A chart draws nothing: gas-sim renders no chart, so `EmbeddedChart.getAs/getBlob` are
//! gaps. Charts are the spreadsheet's objects (`SpreadsheetObjects::charts`) with
//! spreadsheet-wide ids; their ranges and anchor move with rows and columns
//! (`Spreadsheet::shift_charts`), a deleted sheet's charts go with it, a copied sheet's
//! are copied (`Spreadsheet::copy_charts`). Not modelled: hidden rows left out of a chart
//! (nothing reads a chart's data).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::model::Spreadsheet;
use super::named::{grid_box, range_of};
use super::shift::Shift;
use super::{RangeRef, SheetRef, Spreadsheets};
use crate::error::{ServiceError, ServiceResult};

/// Charts one spreadsheet holds (gas-sim's bound; the platform documents none).
pub const CHARTS_PER_SPREADSHEET_MAX: usize = 1_000;
/// Ranges one chart reads (gas-sim's bound).
pub const RANGES_PER_CHART_MAX: usize = 100;
/// Options one chart holds, and their size as JSON (gas-sim's bounds: a builder's whole
/// state crosses into Rust at every step).
pub const OPTIONS_PER_CHART_MAX: usize = 500;
pub const OPTIONS_BYTES_MAX: usize = 64 * 1024;

pub mod text {
    /// `updateChart`/`removeChart` of a chart that is not on the sheet: never inserted,
    /// removed, or another sheet's (assumed).
    pub const NOT_ON_SHEET: &str = "The chart does not exist on this sheet.";
    /// `addRange` of another spreadsheet's range (assumed).
    pub const OTHER_SPREADSHEET: &str = "The range must be in the same spreadsheet as the chart.";
    /// `setPosition` with an anchor row or column below 1 (assumed).
    pub const BAD_ANCHOR: &str = "The chart's anchor row and column must be at least 1.";
    /// `insertChart`/`updateChart` of a chart anchored past the sheet's last row or
    /// column (assumed).
    pub const ANCHOR_OUTSIDE: &str = "The chart's anchor cell is outside the sheet.";
    /// Past the bounds above.
    pub const TOO_MANY_CHARTS: &str = "gas-sim: a spreadsheet holds at most 1000 charts";
    pub const TOO_MANY_RANGES: &str = "gas-sim: a chart reads at most 100 ranges";
    pub const TOO_MANY_OPTIONS: &str = "gas-sim: a chart holds at most 500 options of 64 KB in all";
    /// A state file's `chart_count` at u32::MAX (ids are never reused).
    pub const IDS_USED_UP: &str = "gas-sim: this spreadsheet has used every chart id";
}

/// A chart's place: the cell its top-left corner is anchored to (1-based) and its offset
/// from that cell's corner in pixels (`ContainerInfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartPosition {
    pub anchor_row: u32,
    pub anchor_column: u32,
    pub offset_x_px: i32,
    pub offset_y_px: i32,
}

/// A new chart's place until `setPosition` (assumed: the sheet's first cell).
const DEFAULT_POSITION: ChartPosition =
    ChartPosition { anchor_row: 1, anchor_column: 1, offset_x_px: 0, offset_y_px: 0 };

/// What a chart is beside its sheet and id, as a builder holds it and a sheet keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChartSpec {
    /// `Charts.ChartType`'s name; `None` until a type is set (`getChartType()` null).
    #[serde(default)]
    pub chart_type: Option<String>,
    pub position: ChartPosition,
    /// Gviz option paths and their values, sorted by path.
    #[serde(default)]
    pub options: BTreeMap<String, serde_json::Value>,
    /// `Charts.ChartHiddenDimensionStrategy`: `IGNORE_BOTH` by default (documented).
    pub hidden_dimension_strategy: String,
    /// `Charts.ChartMergeStrategy`: `MERGE_COLUMNS` by default (assumed: the enum's first).
    pub merge_strategy: String,
    /// Rows (or columns) of the data read as headers; -1 until set: Sheets decides (assumed).
    pub num_headers: i32,
    pub transpose: bool,
}

impl Default for ChartSpec {
    fn default() -> ChartSpec {
        ChartSpec {
            chart_type: None,
            position: DEFAULT_POSITION,
            options: BTreeMap::new(),
            hidden_dimension_strategy: "IGNORE_BOTH".into(),
            merge_strategy: "MERGE_COLUMNS".into(),
            num_headers: -1,
            transpose: false,
        }
    }
}

/// A builder's or an `EmbeddedChart`'s handle: the chart's sheet, its id once inserted,
/// its ranges as `Range` handles, and the rest of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChartHandle {
    pub sheet: SheetRef,
    #[serde(default)]
    pub chart_id: Option<u32>,
    #[serde(default)]
    pub ranges: Vec<RangeRef>,
    /// An `EmbeddedChart`'s (`build()`, `getCharts()`), not a builder's: only a built
    /// chart goes into a sheet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub built: bool,
    #[serde(flatten)]
    pub spec: ChartSpec,
}

/// A chart a sheet holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmbeddedChart {
    pub id: u32,
    pub sheet_id: u32,
    #[serde(default)]
    pub ranges: Vec<GridBox>,
    #[serde(flatten)]
    pub spec: ChartSpec,
}

/// Charts' `TextStyle` (`Charts.newTextStyle()`: a builder's and a style's handle), with
/// Gviz's textStyle field names, so an option holding one is Gviz's object. Unset fields
/// are null (the platform's defaults are not documented).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TextStyle {
    pub color: Option<String>,
    #[serde(rename = "fontName")]
    pub font_name: Option<String>,
    #[serde(rename = "fontSize")]
    pub font_size: Option<f64>,
}

/// How a builder setter writes its option: the value as given, a constant, a `Charts`
/// enum's name in lower case, a curve style's Gviz name, or a [min, max] window.
#[derive(Debug, Clone, Copy)]
pub enum Write {
    Value,
    Constant(bool),
    Number(i64),
    LowerCase,
    Curve,
    Window,
}

/// A builder setter: the method, the option path it writes (on a bar chart, whose axes
/// are swapped, the second path), and how.
pub struct Setter {
    pub method: &'static str,
    pub path: &'static str,
    pub bar_path: Option<&'static str>,
    pub write: Write,
}

const fn setter(method: &'static str, path: &'static str, write: Write) -> Setter {
    Setter { method, path, bar_path: None, write }
}

const fn axis(method: &'static str, path: &'static str, bar_path: &'static str, write: Write) -> Setter {
    Setter { method, path, bar_path: Some(bar_path), write }
}

/// Every builder setter that writes one option (the Gviz paths: assumed mapping).
pub static SETTERS: &[Setter] = &[
    setter("setTitle", "title", Write::Value),
    setter("setTitleTextStyle", "titleTextStyle", Write::Value),
    setter("setBackgroundColor", "backgroundColor", Write::Value),
    setter("setColors", "colors", Write::Value),
    setter("setLegendPosition", "legend.position", Write::LowerCase),
    setter("setLegendTextStyle", "legend.textStyle", Write::Value),
    setter("setXAxisTitle", "hAxis.title", Write::Value),
    setter("setXAxisTextStyle", "hAxis.textStyle", Write::Value),
    setter("setXAxisTitleTextStyle", "hAxis.titleTextStyle", Write::Value),
    setter("setYAxisTitle", "vAxis.title", Write::Value),
    setter("setYAxisTextStyle", "vAxis.textStyle", Write::Value),
    setter("setYAxisTitleTextStyle", "vAxis.titleTextStyle", Write::Value),
    setter("setPointStyle", "pointShape", Write::LowerCase),
    setter("setCurveStyle", "curveType", Write::Curve),
    setter("setStacked", "isStacked", Write::Constant(true)),
    setter("set3D", "is3D", Write::Constant(true)),
    setter("reverseCategories", "reverseCategories", Write::Constant(true)),
    setter("reverseDirection", "hAxis.direction", Write::Number(-1)),
    axis("useLogScale", "vAxis.logScale", "hAxis.logScale", Write::Constant(true)),
    axis("setRange", "vAxis.viewWindow", "hAxis.viewWindow", Write::Window),
    setter("setXAxisLogScale", "hAxis.logScale", Write::Constant(true)),
    setter("setYAxisLogScale", "vAxis.logScale", Write::Constant(true)),
    setter("setXAxisRange", "hAxis.viewWindow", Write::Window),
    setter("setYAxisRange", "vAxis.viewWindow", Write::Window),
    setter("enableRtlTable", "rtlTable", Write::Value),
    setter("setFirstRowNumber", "firstRowNumber", Write::Value),
    setter("showRowNumberColumn", "showRowNumber", Write::Value),
    setter("useAlternatingRowStyle", "alternatingRowStyle", Write::Value),
];

/// The setter `method` of the builders, if it writes one option.
pub fn setter_of(method: &str) -> Option<&'static Setter> {
    SETTERS.iter().find(|s| s.method == method)
}

impl ChartSpec {
    /// `setter` applied with the script's arguments (already checked against the
    /// catalogue's signature), on a bar chart's builder when `bar`.
    pub fn apply(&mut self, setter: &Setter, args: &[serde_json::Value], bar: bool) -> ServiceResult<()> {
        let path = if bar { setter.bar_path.unwrap_or(setter.path) } else { setter.path };
        let first = args.first().cloned().unwrap_or(serde_json::Value::Null);
        match setter.write {
            Write::Value => self.set_option(path, first),
            Write::Constant(value) => self.set_option(path, value.into()),
            Write::Number(value) => self.set_option(path, value.into()),
            Write::LowerCase => self.set_option(path, first.as_str().unwrap_or_default().to_lowercase().into()),
            // Gviz's curveType: "function" smooths the line, "none" draws it straight.
            Write::Curve => {
                let curve = if first.as_str() == Some("SMOOTH") { "function" } else { "none" };
                self.set_option(path, curve.into())
            }
            Write::Window => {
                self.set_option(&format!("{path}.min"), first)?;
                self.set_option(&format!("{path}.max"), args.get(1).cloned().unwrap_or(serde_json::Value::Null))
            }
        }
    }

    /// `setOption(path, value)`, within the bounds above.
    pub fn set_option(&mut self, path: &str, value: serde_json::Value) -> ServiceResult<()> {
        self.options.insert(path.to_string(), value);
        self.check_options().map_err(ServiceError::new)
    }

    /// `enablePaging(enable)`, `enablePaging(pageSize)`, `enablePaging(pageSize, startPage)`:
    /// Gviz's `page`, `pageSize` and `startPage`.
    pub fn enable_paging(&mut self, args: &[serde_json::Value]) -> ServiceResult<()> {
        match args.first() {
            Some(serde_json::Value::Bool(enable)) => {
                self.set_option("page", if *enable { "enable" } else { "disable" }.into())
            }
            Some(size) => {
                self.set_option("page", "enable".into())?;
                self.set_option("pageSize", size.clone())?;
                match args.get(1) {
                    Some(start) => self.set_option("startPage", start.clone()),
                    None => Ok(()),
                }
            }
            None => Ok(()),
        }
    }

    /// `setInitialSortingAscending(column)` / `Descending`: Gviz's `sortColumn` (0-based
    /// in Gviz; the script's number as given) and `sortAscending`.
    pub fn sort_initially(&mut self, column: serde_json::Value, ascending: bool) -> ServiceResult<()> {
        self.set_option("sortColumn", column)?;
        self.set_option("sortAscending", ascending.into())
    }

    /// `setPosition(anchorRowPos, anchorColPos, offsetX, offsetY)`.
    pub fn set_position(&mut self, row: f64, column: f64, offset_x: f64, offset_y: f64) -> ServiceResult<()> {
        if !(row >= 1.0 && column >= 1.0) {
            return Err(ServiceError::new(text::BAD_ANCHOR));
        }
        if !(row.is_finite() && column.is_finite()) {
            return Err(ServiceError::new(text::ANCHOR_OUTSIDE));
        }
        // An anchor past the sheet is refused where the chart goes in (the builder does
        // not know the sheet's size); past u32 it is past every sheet.
        let pixels = |v: f64| v.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
        self.position = ChartPosition {
            anchor_row: row.min(f64::from(u32::MAX)).trunc() as u32,
            anchor_column: column.min(f64::from(u32::MAX)).trunc() as u32,
            offset_x_px: pixels(offset_x),
            offset_y_px: pixels(offset_y),
        };
        Ok(())
    }

    fn check_options(&self) -> Result<(), String> {
        let bytes: usize = self.options.iter().map(|(k, v)| k.len() + v.to_string().len()).sum();
        if self.options.len() > OPTIONS_PER_CHART_MAX || bytes > OPTIONS_BYTES_MAX {
            return Err(text::TOO_MANY_OPTIONS.to_string());
        }
        Ok(())
    }
}

impl ChartHandle {
    /// `Sheet.newChart()`: a builder for a chart on `sheet`.
    pub fn new_on(sheet: SheetRef) -> ChartHandle {
        ChartHandle { sheet, chart_id: None, ranges: Vec::new(), built: false, spec: ChartSpec::default() }
    }

    /// `addRange(range)`: a range of the chart's spreadsheet, at most `RANGES_PER_CHART_MAX`.
    pub fn add_range(&mut self, range: RangeRef) -> ServiceResult<()> {
        if range.sheet.spreadsheet_id != self.sheet.spreadsheet_id {
            return Err(ServiceError::new(text::OTHER_SPREADSHEET));
        }
        if self.ranges.len() >= RANGES_PER_CHART_MAX {
            return Err(ServiceError::new(text::TOO_MANY_RANGES));
        }
        self.ranges.push(range);
        Ok(())
    }

    /// `removeRange(range)`: every range with the same cells (none: nothing changes).
    pub fn remove_range(&mut self, range: &RangeRef) {
        let cells = |r: &RangeRef| (r.sheet.clone(), r.row, r.column, r.num_rows, r.num_columns);
        self.ranges.retain(|kept| cells(kept) != cells(range));
    }
}

impl Spreadsheets {
    /// `Sheet.insertChart(chart)`: the chart on `sheet` with a new id (a chart that was
    /// inserted already goes in again as a copy: assumed).
    pub fn insert_chart(&mut self, sheet: &SheetRef, chart: &ChartHandle) -> ServiceResult<u32> {
        let stored = self.chart_to_store(sheet, chart)?;
        let book = self.book_mut(&sheet.spreadsheet_id)?;
        let objects = book.objects_mut();
        if objects.charts.len() >= CHARTS_PER_SPREADSHEET_MAX {
            return Err(ServiceError::new(text::TOO_MANY_CHARTS));
        }
        let id = objects.chart_count.checked_add(1).ok_or_else(|| ServiceError::new(text::IDS_USED_UP))?;
        objects.chart_count = id;
        objects.charts.push(EmbeddedChart { id, ..stored });
        Ok(id)
    }

    /// `Sheet.getCharts()`, in the order they were inserted.
    pub fn charts_of(&self, sheet: &SheetRef) -> ServiceResult<Vec<ChartHandle>> {
        self.sheet(sheet)?;
        let book = self.open_by_id(&sheet.spreadsheet_id)?;
        let on_sheet = book.objects().charts.iter().filter(|chart| chart.sheet_id == sheet.sheet_id);
        Ok(on_sheet.map(|chart| handle_of(&sheet.spreadsheet_id, chart)).collect())
    }

    /// `Sheet.updateChart(chart)`: the chart with the same id on `sheet` becomes `chart`.
    pub fn update_chart(&mut self, sheet: &SheetRef, chart: &ChartHandle) -> ServiceResult<()> {
        let stored = self.chart_to_store(sheet, chart)?;
        let book = self.book_mut(&sheet.spreadsheet_id)?;
        let kept = book.objects_mut().charts.iter_mut().find(|kept| on_sheet(kept, sheet, chart));
        let kept = kept.ok_or_else(|| ServiceError::new(text::NOT_ON_SHEET))?;
        *kept = EmbeddedChart { id: kept.id, ..stored };
        Ok(())
    }

    /// `Sheet.removeChart(chart)`.
    pub fn remove_chart(&mut self, sheet: &SheetRef, chart: &ChartHandle) -> ServiceResult<()> {
        self.sheet(sheet)?;
        let charts = &mut self.book_mut(&sheet.spreadsheet_id)?.objects_mut().charts;
        let index = charts.iter().position(|kept| on_sheet(kept, sheet, chart));
        charts.remove(index.ok_or_else(|| ServiceError::new(text::NOT_ON_SHEET))?);
        Ok(())
    }
}

impl Spreadsheets {
    /// The chart `sheet` keeps for `chart` (id 0 until given one): its ranges still in
    /// their sheets (a range the script holds may have lost its rows, or its sheet), its
    /// anchor a cell of `sheet`, within the bounds.
    fn chart_to_store(&self, sheet: &SheetRef, chart: &ChartHandle) -> ServiceResult<EmbeddedChart> {
        let grid = self.sheet(sheet)?;
        let position = &chart.spec.position;
        if position.anchor_row > grid.max_rows() || position.anchor_column > grid.max_columns() {
            return Err(ServiceError::new(text::ANCHOR_OUTSIDE));
        }
        if chart.ranges.iter().any(|range| range.sheet.spreadsheet_id != sheet.spreadsheet_id) {
            return Err(ServiceError::new(text::OTHER_SPREADSHEET));
        }
        for range in &chart.ranges {
            self.range_sheet(range)?;
        }
        stored_chart(sheet, chart)
    }
}

fn on_sheet(kept: &EmbeddedChart, sheet: &SheetRef, chart: &ChartHandle) -> bool {
    kept.sheet_id == sheet.sheet_id && Some(kept.id) == chart.chart_id
}

/// The chart a sheet keeps for `chart` (id 0 until given one), its bounds checked.
fn stored_chart(sheet: &SheetRef, chart: &ChartHandle) -> ServiceResult<EmbeddedChart> {
    if chart.ranges.len() > RANGES_PER_CHART_MAX {
        return Err(ServiceError::new(text::TOO_MANY_RANGES));
    }
    chart.spec.check_options().map_err(ServiceError::new)?;
    let ranges = chart.ranges.iter().map(grid_box).collect();
    Ok(EmbeddedChart { id: 0, sheet_id: sheet.sheet_id, ranges, spec: chart.spec.clone() })
}

/// An `EmbeddedChart`'s handle for a chart of spreadsheet `spreadsheet_id`.
fn handle_of(spreadsheet_id: &str, chart: &EmbeddedChart) -> ChartHandle {
    ChartHandle {
        sheet: SheetRef { spreadsheet_id: spreadsheet_id.to_string(), sheet_id: chart.sheet_id },
        chart_id: Some(chart.id),
        ranges: chart.ranges.iter().map(|boxed| range_of(spreadsheet_id, boxed)).collect(),
        built: true,
        spec: chart.spec.clone(),
    }
}

impl Spreadsheet {
    /// Moves the charts' ranges and anchors after `shift` on sheet `sheet_id`: a range
    /// whose rows or columns all went leaves its chart (which stays, assumed, as the
    /// anchored objects' rule); the anchor as `anchored::moved_anchor` moves it.
    pub(super) fn shift_charts(&mut self, sheet_id: u32, shift: Shift) {
        for chart in &mut self.objects_mut().charts {
            chart.ranges.retain_mut(|boxed| match boxed.shifted(sheet_id, shift) {
                Some(moved) => {
                    *boxed = moved;
                    true
                }
                None => false,
            });
            if chart.sheet_id != sheet_id {
                continue;
            }
            let position = &mut chart.spec.position;
            (position.anchor_row, position.anchor_column) =
                super::anchored::moved_anchor(sheet_id, (position.anchor_row, position.anchor_column), shift);
        }
    }
}

impl Spreadsheet {
    /// The charts of sheet `source_id` of `charts` copied onto sheet `copy_id` of this
    /// spreadsheet with new ids (`Sheet.copyTo`, `duplicateActiveSheet`): a range of the
    /// source sheet reads the copy's cells; a range of another sheet stays in a copy
    /// within the spreadsheet and is left out of one in another spreadsheet (assumed, as
    /// Sheets' "Duplicate"). Refused whole past `CHARTS_PER_SPREADSHEET_MAX`.
    pub(super) fn copy_charts(
        &mut self,
        charts: &[EmbeddedChart],
        source_id: u32,
        copy_id: u32,
        same_spreadsheet: bool,
    ) -> ServiceResult<()> {
        let copies: Vec<&EmbeddedChart> = charts.iter().filter(|chart| chart.sheet_id == source_id).collect();
        let objects = self.objects_mut();
        if objects.charts.len() + copies.len() > CHARTS_PER_SPREADSHEET_MAX {
            return Err(ServiceError::new(text::TOO_MANY_CHARTS));
        }
        for chart in copies {
            let id = objects.chart_count.checked_add(1).ok_or_else(|| ServiceError::new(text::IDS_USED_UP))?;
            objects.chart_count = id;
            let ranges = chart
                .ranges
                .iter()
                .filter(|boxed| same_spreadsheet || boxed.sheet_id == source_id)
                .map(|boxed| if boxed.sheet_id == source_id { GridBox { sheet_id: copy_id, ..*boxed } } else { *boxed })
                .collect();
            objects.charts.push(EmbeddedChart { id, sheet_id: copy_id, ranges, spec: chart.spec.clone() });
        }
        Ok(())
    }
}

/// A state file's charts: on sheets of the spreadsheet, inside their grids, ids unique
/// and below the count, within the bounds.
pub(super) fn check_charts(book: &Spreadsheet, charts: &[EmbeddedChart], chart_count: u32) -> Result<(), String> {
    if charts.len() > CHARTS_PER_SPREADSHEET_MAX {
        return Err(text::TOO_MANY_CHARTS.to_string());
    }
    let mut ids = std::collections::BTreeSet::new();
    for chart in charts {
        let Some(sheet) = book.sheets().iter().find(|sheet| sheet.sheet_id() == chart.sheet_id) else {
            return Err(format!("chart {} is not on a sheet of the spreadsheet", chart.id));
        };
        if chart.id == 0 || chart.id > chart_count || !ids.insert(chart.id) {
            return Err(format!("chart id {} is 0, repeated or above chart_count {chart_count}", chart.id));
        }
        let position = &chart.spec.position;
        if position.anchor_row == 0
            || position.anchor_column == 0
            || position.anchor_row > sheet.max_rows()
            || position.anchor_column > sheet.max_columns()
        {
            return Err(format!("chart {}'s anchor is outside its sheet", chart.id));
        }
        if chart.ranges.len() > RANGES_PER_CHART_MAX {
            return Err(text::TOO_MANY_RANGES.to_string());
        }
        chart.spec.check_options()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::shift::Dim;

    fn book_with_sheet() -> (Spreadsheets, SheetRef) {
        let mut books = Spreadsheets::default();
        let id = books.create("Report").unwrap();
        let sheet = books.get_sheets(&id).unwrap().remove(0);
        (books, sheet)
    }

    fn range(sheet: &SheetRef, row: u32, column: u32, num_rows: u32, num_columns: u32) -> RangeRef {
        RangeRef { sheet: sheet.clone(), row, column, num_rows, num_columns, bounds: crate::sheets::Bounds::ALL }
    }

    #[test]
    fn setters_write_gviz_paths_and_a_bar_chart_swaps_its_axes() {
        let mut spec = ChartSpec::default();
        spec.apply(setter_of("setTitle").unwrap(), &["Sales".into()], false).unwrap();
        spec.apply(setter_of("setLegendPosition").unwrap(), &["BOTTOM".into()], false).unwrap();
        spec.apply(setter_of("setCurveStyle").unwrap(), &["SMOOTH".into()], false).unwrap();
        spec.apply(setter_of("setRange").unwrap(), &[0.into(), 100.into()], true).unwrap();
        spec.apply(setter_of("useLogScale").unwrap(), &[], false).unwrap();
        let paths: Vec<(&str, String)> = spec.options.iter().map(|(k, v)| (k.as_str(), v.to_string())).collect();
        assert_eq!(
            paths,
            [
                ("curveType", "\"function\"".to_string()),
                ("hAxis.viewWindow.max", "100".into()),
                ("hAxis.viewWindow.min", "0".into()),
                ("legend.position", "\"bottom\"".into()),
                ("title", "\"Sales\"".into()),
                ("vAxis.logScale", "true".into()),
            ]
        );
        let methods: std::collections::BTreeSet<&str> = SETTERS.iter().map(|s| s.method).collect();
        assert_eq!(methods.len(), SETTERS.len(), "one row per method");
    }

    #[test]
    fn options_and_ranges_are_bounded_and_ranges_stay_in_their_spreadsheet() {
        let mut spec = ChartSpec::default();
        for i in 0..OPTIONS_PER_CHART_MAX {
            spec.set_option(&format!("o{i}"), 1.into()).unwrap();
        }
        assert_eq!(spec.set_option("one.more", 1.into()).unwrap_err().message, text::TOO_MANY_OPTIONS);
        assert_eq!(
            ChartSpec::default().set_option("big", "x".repeat(OPTIONS_BYTES_MAX).into()).unwrap_err().message,
            text::TOO_MANY_OPTIONS
        );
        let (_, sheet) = book_with_sheet();
        let mut chart = ChartHandle::new_on(sheet.clone());
        let elsewhere = SheetRef { spreadsheet_id: "other".into(), sheet_id: 0 };
        assert_eq!(chart.add_range(range(&elsewhere, 1, 1, 1, 1)).unwrap_err().message, text::OTHER_SPREADSHEET);
        for _ in 0..RANGES_PER_CHART_MAX {
            chart.add_range(range(&sheet, 1, 1, 2, 2)).unwrap();
        }
        assert_eq!(chart.add_range(range(&sheet, 1, 1, 2, 2)).unwrap_err().message, text::TOO_MANY_RANGES);
        chart.remove_range(&range(&sheet, 1, 1, 2, 2));
        assert!(chart.ranges.is_empty(), "every range with the same cells goes");
        assert_eq!(ChartSpec::default().set_position(0.0, 3.0, 0.0, 0.0).unwrap_err().message, text::BAD_ANCHOR);
    }

    #[test]
    fn inserted_charts_get_ids_update_in_place_and_are_removed() {
        let (mut books, sheet) = book_with_sheet();
        let mut chart = ChartHandle::new_on(sheet.clone());
        chart.add_range(range(&sheet, 1, 1, 5, 2)).unwrap();
        chart.spec.chart_type = Some("LINE".into());
        let first = books.insert_chart(&sheet, &chart).unwrap();
        let second = books.insert_chart(&sheet, &chart).unwrap();
        assert_eq!((first, second), (1, 2));
        let mut kept = books.charts_of(&sheet).unwrap().remove(0);
        assert_eq!((kept.chart_id, kept.ranges.clone()), (Some(1), chart.ranges.clone()));
        kept.spec.set_option("title", "Updated".into()).unwrap();
        books.update_chart(&sheet, &kept).unwrap();
        assert_eq!(books.charts_of(&sheet).unwrap()[0].spec.options["title"], "Updated");
        books.remove_chart(&sheet, &kept).unwrap();
        assert_eq!(books.remove_chart(&sheet, &kept).unwrap_err().message, text::NOT_ON_SHEET);
        assert_eq!(books.update_chart(&sheet, &chart).unwrap_err().message, text::NOT_ON_SHEET, "never inserted");
        assert_eq!(books.charts_of(&sheet).unwrap().iter().map(|c| c.chart_id).collect::<Vec<_>>(), [Some(2)]);
        assert_eq!(books.insert_chart(&sheet, &chart).unwrap(), 3, "ids are never reused");
        let mut far = chart.clone();
        far.spec.set_position(5_000.0, 1.0, 0.0, 0.0).unwrap();
        assert_eq!(books.insert_chart(&sheet, &far).unwrap_err().message, text::ANCHOR_OUTSIDE);
        assert_eq!(
            ChartSpec::default().set_position(f64::INFINITY, 1.0, 0.0, 0.0).unwrap_err().message,
            text::ANCHOR_OUTSIDE
        );
        // A range that lost its rows, or its sheet, is refused, not stored.
        let mut stale = ChartHandle::new_on(sheet.clone());
        stale.add_range(range(&sheet, 990, 1, 10, 1)).unwrap();
        books.delete_rows(&sheet, 1, 20).unwrap();
        assert!(books.insert_chart(&sheet, &stale).is_err());
    }

    #[test]
    fn ranges_and_anchors_move_with_rows_and_a_deleted_sheet_takes_its_charts() {
        let (mut books, sheet) = book_with_sheet();
        let mut chart = ChartHandle::new_on(sheet.clone());
        chart.add_range(range(&sheet, 2, 1, 3, 2)).unwrap();
        chart.add_range(range(&sheet, 10, 1, 1, 1)).unwrap();
        chart.spec.set_position(6.0, 4.0, 5.0, 0.0).unwrap();
        books.insert_chart(&sheet, &chart).unwrap();
        let book = books.book_mut(&sheet.spreadsheet_id).unwrap();
        book.shift_charts(sheet.sheet_id, Shift::Insert { dim: Dim::Rows, at: 1, count: 2 });
        book.shift_charts(sheet.sheet_id, Shift::Remove { dim: Dim::Rows, start: 12, count: 1 });
        let moved = &book.objects().charts[0];
        assert_eq!(
            moved.ranges,
            [GridBox { sheet_id: sheet.sheet_id, row: 4, column: 1, num_rows: 3, num_columns: 2 }]
        );
        assert_eq!((moved.spec.position.anchor_row, moved.spec.position.anchor_column), (8, 4));
        book.shift_charts(sheet.sheet_id, Shift::Remove { dim: Dim::Rows, start: 7, count: 3 });
        assert_eq!(book.objects().charts[0].spec.position.anchor_row, 6, "the line before the deleted ones");
        let other = books.insert_sheet(&sheet.spreadsheet_id, Some("Other")).unwrap();
        books.delete_sheet(&sheet).unwrap();
        assert!(books.open_by_id(&other.spreadsheet_id).unwrap().objects().charts.is_empty());
    }

    #[test]
    fn a_copied_sheet_takes_copies_of_its_charts_reading_its_own_cells() {
        let (mut books, sheet) = book_with_sheet();
        let other = books.insert_sheet(&sheet.spreadsheet_id, Some("Data")).unwrap();
        let mut chart = ChartHandle::new_on(sheet.clone());
        chart.add_range(range(&sheet, 1, 1, 3, 2)).unwrap();
        chart.add_range(range(&other, 1, 1, 2, 2)).unwrap();
        books.insert_chart(&sheet, &chart).unwrap();
        let copy = books.copy_sheet(&sheet, &sheet.spreadsheet_id.clone(), true).unwrap();
        let copied = books.charts_of(&copy).unwrap();
        assert_eq!(copied.len(), 1);
        assert_eq!(copied[0].chart_id, Some(2), "a new id");
        let sheets: Vec<u32> = copied[0].ranges.iter().map(|r| r.sheet.sheet_id).collect();
        assert_eq!(sheets, [copy.sheet_id, other.sheet_id], "its own cells, the other sheet's kept");
        let elsewhere = books.create("Elsewhere").unwrap();
        let moved = books.copy_sheet(&sheet, &elsewhere, false).unwrap();
        let there = books.charts_of(&moved).unwrap();
        assert_eq!(there[0].ranges.len(), 1, "another spreadsheet's copy reads only its own cells");
        assert_eq!((there[0].chart_id, there[0].ranges[0].sheet.sheet_id), (Some(1), moved.sheet_id));
    }

    #[test]
    fn a_state_files_charts_are_checked() {
        let (mut books, sheet) = book_with_sheet();
        books.insert_chart(&sheet, &ChartHandle::new_on(sheet.clone())).unwrap();
        let book = books.open_by_id(&sheet.spreadsheet_id).unwrap().clone();
        let charts = book.objects().charts.clone();
        assert!(check_charts(&book, &charts, 1).is_ok());
        assert!(check_charts(&book, &charts, 0).unwrap_err().contains("above chart_count"));
        let mut astray = charts.clone();
        astray[0].sheet_id = 99;
        assert!(check_charts(&book, &astray, 1).unwrap_err().contains("not on a sheet"));
        let mut far = charts;
        far[0].spec.position.anchor_row = 5_000;
        assert!(check_charts(&book, &far, 1).unwrap_err().contains("outside its sheet"));
    }
}
