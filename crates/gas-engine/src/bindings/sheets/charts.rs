//! Embedded charts: `Sheet.newChart/insertChart/getCharts/updateChart/removeChart`, the
//! ten `Embedded*ChartBuilder`s (one family, `BUILDERS`: each method declared once, on
//! every builder the catalogue gives it), `EmbeddedChart`, `ContainerInfo`,
//! `ChartOptions`, and Charts' text styles. A builder's and a chart's handle is
//! gas-platform's `ChartHandle`; gas-platform holds the rules (`sheets/charts.rs`).
//! `EmbeddedChart.getAs/getBlob` stay gaps: gas-sim renders no chart.

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Family, Method, Read};
use crate::value::Val;
use gas_platform::sheets::charts::{setter_of, ChartHandle, TextStyle};
use gas_platform::sheets::{RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The sheet's chart methods, declared once (`crate::methods`); costs as a banding's.
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    // A builder is the script's own object until a chart goes in (no round trip).
    "Sheet.newChart" => 0 { in_process: true },
    "Sheet.insertChart" => 150,
    "Sheet.getCharts" => 50,
    "Sheet.updateChart" => 150,
    "Sheet.removeChart" => 150,
];

/// The methods that only read or remake a handle, in the script's process.
pub(in crate::bindings) const HANDLE_METHODS: &[Method] = declare![Method::by(answer_handle).in_process();
    "EmbeddedChart.modify" => 0,
    "ChartOptions.get" => 0,
    "Charts.newTextStyle" => 0,
    "Charts.TextStyleBuilder.build" => 0,
    "Charts.TextStyleBuilder.setColor" => 0,
    "Charts.TextStyleBuilder.setFontName" => 0,
    "Charts.TextStyleBuilder.setFontSize" => 0,
];

/// The getters the prelude answers from a chart's, a position's and a text style's
/// handle (`crate::methods::Read`). A text style's fields are Gviz's names, as an option
/// holding one keeps them.
pub(in crate::bindings) const READS: &[Read] = reads![
    "Charts.TextStyle.getColor" => "color",
    "Charts.TextStyle.getFontName" => "fontName",
    "Charts.TextStyle.getFontSize" => "fontSize",
    "ContainerInfo.getAnchorColumn" => "anchor_column",
    "ContainerInfo.getAnchorRow" => "anchor_row",
    "ContainerInfo.getOffsetX" => "offset_x_px",
    "ContainerInfo.getOffsetY" => "offset_y_px",
    "EmbeddedChart.getChartId" => "chart_id",
    "EmbeddedChart.getContainerInfo" => "position",
    "EmbeddedChart.getHiddenDimensionStrategy" => "hidden_dimension_strategy",
    "EmbeddedChart.getMergeStrategy" => "merge_strategy",
    "EmbeddedChart.getNumHeaders" => "num_headers",
    "EmbeddedChart.getOptions" => "options",
    "EmbeddedChart.getRanges" => "ranges",
    "EmbeddedChart.getTransposeRowsAndColumns" => "transpose",
];

/// The builders: each row on every builder class the catalogue gives the method.
pub(in crate::bindings) const BUILDERS: Family = Family {
    classes: &[
        "EmbeddedChartBuilder",
        "EmbeddedAreaChartBuilder",
        "EmbeddedBarChartBuilder",
        "EmbeddedColumnChartBuilder",
        "EmbeddedComboChartBuilder",
        "EmbeddedHistogramChartBuilder",
        "EmbeddedLineChartBuilder",
        "EmbeddedPieChartBuilder",
        "EmbeddedScatterChartBuilder",
        "EmbeddedTableChartBuilder",
    ],
    methods: declare![Method::by(answer_builder).in_process();
        "addRange" => 0,
        "asAreaChart" => 0,
        "asBarChart" => 0,
        "asColumnChart" => 0,
        "asComboChart" => 0,
        "asHistogramChart" => 0,
        "asLineChart" => 0,
        "asPieChart" => 0,
        "asScatterChart" => 0,
        "asTableChart" => 0,
        "build" => 0,
        "clearRanges" => 0,
        "enablePaging" => 0,
        "enableRtlTable" => 0,
        "enableSorting" => 0,
        "removeRange" => 0,
        "reverseCategories" => 0,
        "reverseDirection" => 0,
        "set3D" => 0,
        "setBackgroundColor" => 0,
        "setChartType" => 0,
        "setColors" => 0,
        "setCurveStyle" => 0,
        "setFirstRowNumber" => 0,
        "setHiddenDimensionStrategy" => 0,
        "setInitialSortingAscending" => 0,
        "setInitialSortingDescending" => 0,
        "setLegendPosition" => 0,
        "setLegendTextStyle" => 0,
        "setMergeStrategy" => 0,
        "setNumHeaders" => 0,
        "setOption" => 0,
        "setPointStyle" => 0,
        "setPosition" => 0,
        "setRange" => 0,
        "setStacked" => 0,
        "setTitle" => 0,
        "setTitleTextStyle" => 0,
        "setTransposeRowsAndColumns" => 0,
        "setXAxisLogScale" => 0,
        "setXAxisRange" => 0,
        "setXAxisTextStyle" => 0,
        "setXAxisTitle" => 0,
        "setXAxisTitleTextStyle" => 0,
        "setYAxisLogScale" => 0,
        "setYAxisRange" => 0,
        "setYAxisTextStyle" => 0,
        "setYAxisTitle" => 0,
        "setYAxisTitleTextStyle" => 0,
        "showRowNumberColumn" => 0,
        "useAlternatingRowStyle" => 0,
        "useLogScale" => 0,
    ],
    reads: reads![
        "getChartType" => "chart_type",
        "getContainer" => "position",
        "getRanges" => "ranges",
    ],
};

fn answer(call: &Call) -> CallResult {
    super::in_books(call, |_host: &Host, books, method, handle, args| Some(sheet_call(books, method, handle, args)))
}

fn sheet_call(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let sheet: SheetRef = handle_of(handle)?;
    // A builder where a chart is due (`.build()` forgotten) fails the signature check.
    let chart = || match handle_of::<ChartHandle>(handle_arg(arg(args, 0))) {
        Ok(chart) if chart.built => Ok(chart),
        _ => Err(signature_error(method, args)),
    };
    let value = match method {
        "Sheet.newChart" => {
            books.sheet(&sheet)?;
            to_val(&ChartHandle::new_on(sheet))
        }
        "Sheet.insertChart" => books.insert_chart(&sheet, &chart()?).map(|_| Val::Undefined)?,
        "Sheet.getCharts" => Val::Array(books.charts_of(&sheet)?.iter().map(to_val).collect()),
        "Sheet.updateChart" => books.update_chart(&sheet, &chart()?).map(|()| Val::Undefined)?,
        "Sheet.removeChart" => books.remove_chart(&sheet, &chart()?).map(|()| Val::Undefined)?,
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn answer_handle(call: &Call) -> CallResult {
    let (method, handle, args) = (call.method, call.handle, call.args);
    let value = match method {
        // The builder of the chart: the same chart (its id kept, for updateChart).
        "EmbeddedChart.modify" => {
            let mut chart: ChartHandle = handle_of(handle)?;
            chart.built = false;
            to_val(&chart)
        }
        "ChartOptions.get" => handle.get(&string_arg(args, 0)).cloned().unwrap_or(Val::Null),
        "Charts.newTextStyle" => to_val(&TextStyle::default()),
        "Charts.TextStyleBuilder.build" => handle.clone(),
        _ => {
            let mut style: TextStyle = handle_of(handle)?;
            match method {
                "Charts.TextStyleBuilder.setColor" => style.color = Some(string_arg(args, 0)),
                "Charts.TextStyleBuilder.setFontName" => style.font_name = Some(string_arg(args, 0)),
                "Charts.TextStyleBuilder.setFontSize" => style.font_size = arg(args, 0).as_f64(),
                _ => return Err(ServiceError::unimplemented(method).into()),
            }
            to_val(&style)
        }
    };
    Ok(value)
}

fn answer_builder(call: &Call) -> CallResult {
    let (class, name) = call.method.split_once('.').unwrap_or((call.method, ""));
    let mut chart: ChartHandle = handle_of(call.handle)?;
    // An object argument (a Range, a TextStyle) is its handle.
    let json_args: Vec<serde_json::Value> = call.args.iter().map(|a| handle_arg(a).to_json()).collect();
    if name == "build" {
        chart.built = true;
        return Ok(to_val(&chart));
    }
    builder_step(&mut chart, class, name, call.args, &json_args)?;
    Ok(to_val(&chart))
}

/// One builder step on `chart`, as the builder class `class` does it.
fn builder_step(
    chart: &mut ChartHandle,
    class: &str,
    name: &str,
    args: &[Val],
    json: &[serde_json::Value],
) -> ServiceResult<()> {
    let number = |i: usize| arg(args, i).as_f64().unwrap_or(0.0);
    let text = |i: usize| arg(args, i).to_js_string();
    let range = || handle_of::<RangeRef>(handle_arg(arg(args, 0)));
    match name {
        "addRange" => return chart.add_range(range()?),
        "removeRange" => {
            chart.remove_range(&range()?);
            return Ok(());
        }
        "clearRanges" => {
            chart.ranges.clear();
            return Ok(());
        }
        _ => {}
    }
    let spec = &mut chart.spec;
    match name {
        "setChartType" => spec.chart_type = Some(text(0)),
        "setHiddenDimensionStrategy" => spec.hidden_dimension_strategy = text(0),
        "setMergeStrategy" => spec.merge_strategy = text(0),
        "setNumHeaders" => spec.num_headers = number(0).clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32,
        "setTransposeRowsAndColumns" => spec.transpose = arg(args, 0).to_json().as_bool().unwrap_or(false),
        "setOption" => spec.set_option(&text(0), json.get(1).cloned().unwrap_or(serde_json::Value::Null))?,
        "setPosition" => spec.set_position(number(0), number(1), number(2), number(3))?,
        "enablePaging" => spec.enable_paging(json)?,
        "enableSorting" => {
            let sort =
                if json.first().and_then(serde_json::Value::as_bool) == Some(true) { "enable" } else { "disable" };
            spec.set_option("sort", sort.into())?;
        }
        "setInitialSortingAscending" | "setInitialSortingDescending" => {
            spec.sort_initially(json.first().cloned().unwrap_or_default(), name.ends_with("Ascending"))?
        }
        _ => match (name.strip_prefix("as"), setter_of(name)) {
            // asLineChart(): a line chart, from now on (`Charts.ChartType`'s name).
            (Some(kind), _) if kind.ends_with("Chart") => {
                spec.chart_type = Some(kind.trim_end_matches("Chart").to_uppercase());
            }
            (_, Some(setter)) => spec.apply(setter, json, class == "EmbeddedBarChartBuilder")?,
            _ => return Err(ServiceError::unimplemented(&format!("{class}.{name}"))),
        },
    }
    Ok(())
}
