//! Embedded charts seen from a script: built through the ten builders, inserted, read
//! back, modified and updated, moved with rows, removed; Charts' text styles; the gaps
//! that stay (a chart's image).

use crate::support;

use serde_json::json;
use support::*;

/// `SS` is a new spreadsheet, `SHEET` its first sheet holding a small table in A1:B4.
fn eval_book(body: &str) -> serde_json::Value {
    eval(&format!(
        "function main() {{\n  var SS = SpreadsheetApp.create('Book');\n  var SHEET = SS.getSheets()[0];\n  \
         SHEET.getRange('A1:B4').setValues([['Month', 'Sales'], ['Jan', 10], ['Feb', 20], ['Mar', 15]]);\n  {body}\n}}"
    ))
}

#[test]
fn a_built_chart_is_inserted_read_back_moved_with_rows_updated_and_removed() {
    let got = eval_book(
        "var style = Charts.newTextStyle().setColor('#ff0000').setFontSize(14).build();
         var builder = SHEET.newChart().asLineChart();
         builder.addRange(SHEET.getRange('A1:B4'));
         builder.setTitle('Sales').setTitleTextStyle(style).setCurveStyle(Charts.CurveStyle.SMOOTH)
           .setLegendPosition(Charts.Position.BOTTOM).setPosition(5, 4, 10, 0);
         var chart = builder.build();
         var before = chart.getChartId();
         SHEET.insertChart(chart);
         SHEET.insertRowsBefore(1, 2);
         var c = SHEET.getCharts()[0];
         var info = c.getContainerInfo();
         var options = c.getOptions();
         SHEET.updateChart(c.modify().setOption('title', 'Updated').setOption('animation.duration', 500).build());
         var after = SHEET.getCharts()[0].getOptions();
         SHEET.removeChart(c);
         var again = '';
         try { SHEET.removeChart(c); } catch (e) { again = e.message; }
         return {
           before: before, id: c.getChartId(), type: String(builder.getChartType()),
           ranges: c.getRanges().map(function (r) { return r.getA1Notation(); }),
           anchor: [info.getAnchorRow(), info.getAnchorColumn(), info.getOffsetX(), info.getOffsetY()],
           options: [options.get('title'), options.get('curveType'), options.get('legend.position'),
                     options.get('titleTextStyle'), options.get('missing')],
           updated: [after.get('title'), after.get('animation.duration')],
           style: [style.getColor(), style.getFontSize(), style.getFontName()],
           defaults: [String(c.getHiddenDimensionStrategy()), String(c.getMergeStrategy()), c.getNumHeaders(),
                      c.getTransposeRowsAndColumns()],
           left: SHEET.getCharts().length, again: again,
         };",
    );
    assert_eq!(
        got,
        json!({
            "before": null, "id": 1, "type": "LINE", "ranges": ["A3:B6"], "anchor": [7, 4, 10, 0],
            "options": ["Sales", "function", "bottom", { "color": "#ff0000", "fontName": null, "fontSize": 14 }, null],
            "updated": ["Updated", 500], "style": ["#ff0000", 14, null],
            "defaults": ["IGNORE_BOTH", "MERGE_COLUMNS", -1, false], "left": 0,
            "again": "The chart does not exist on this sheet.",
        })
    );
}

#[test]
fn each_builder_has_its_catalogue_methods_and_every_step_but_as_returns_the_builder_itself() {
    let got = eval_book(
        "var base = SHEET.newChart();
         var bar = base.asBarChart();
         var fromBase = bar.addRange(SHEET.getRange('A1:B4'));
         bar.setRange(0, 50).useLogScale().reverseDirection().setStacked();
         var table = SHEET.newChart().asTableChart().enablePaging(10, 2).enableSorting(true)
           .setInitialSortingDescending(1).showRowNumberColumn(true);
         var scatter = SHEET.newChart().asScatterChart().setXAxisRange(1, 9).setYAxisLogScale();
         var pie = SHEET.newChart().asPieChart().set3D();
         var noStack = '';
         try { fromBase.setStacked(); } catch (e) { noStack = e.name; }
         var o = function (b) { return b.build().getOptions(); };
         return {
           classes: [String(base), String(bar), String(fromBase), String(table), String(pie)],
           inPlace: bar.getRanges().length, types: [String(base.getChartType()), String(bar.getChartType())],
           bar: [o(bar).get('hAxis.viewWindow.min'), o(bar).get('hAxis.viewWindow.max'), o(bar).get('hAxis.logScale'),
                 o(bar).get('hAxis.direction'), o(bar).get('isStacked'), o(bar).get('vAxis.logScale')],
           table: [o(table).get('page'), o(table).get('pageSize'), o(table).get('startPage'), o(table).get('sort'),
                   o(table).get('sortColumn'), o(table).get('sortAscending'), o(table).get('showRowNumber')],
           scatter: [o(scatter).get('hAxis.viewWindow.min'), o(scatter).get('vAxis.logScale')],
           pie: [o(pie).get('is3D'), typeof pie.setStacked], noStack: noStack,
         };",
    );
    assert_eq!(
        got,
        json!({
            "classes": ["com.google.apps.maestro.server.beans.trix.impl.ChartPropertyApiEmbeddedChartBuilder@1f000001", "EmbeddedBarChartBuilder", "EmbeddedBarChartBuilder",
                        "EmbeddedTableChartBuilder", "EmbeddedPieChartBuilder"],
            "inPlace": 1, "types": ["BAR", "BAR"],
            "bar": [0, 50, true, -1, true, null],
            "table": ["enable", 10, 2, "enable", 1, false, true],
            "scatter": [1, true], "pie": [true, "undefined"], "noStack": "",
        })
    );
}

#[test]
fn refusals_and_gaps_say_what_is_wrong() {
    let got = eval_book(
        "var other = SpreadsheetApp.create('Other').getSheets()[0].getRange('A1');
         var out = [];
         try { SHEET.newChart().addRange(other); } catch (e) { out.push(e.message); }
         try { SHEET.newChart().setPosition(0, 1, 0, 0); } catch (e) { out.push(e.message); }
         try { SHEET.updateChart(SHEET.newChart().build()); } catch (e) { out.push(e.message); }
         try { SHEET.insertChart(SHEET.newChart().asPieChart()); } catch (e) { out.push(e.message.indexOf('method signature for Sheet.insertChart') > 0); }
         try { SHEET.newChart().setPosition(1001, 1, 0, 0).build(); SHEET.insertChart(SHEET.newChart().setPosition(1001, 1, 0, 0).build()); } catch (e) { out.push(e.message); }
         SHEET.insertChart(SHEET.newChart().asColumnChart().build());
         try { SHEET.getCharts()[0].getAs('image/png'); } catch (e) { out.push(e.message); }
         return out;",
    );
    assert_eq!(
        got,
        json!([
            "The range must be in the same spreadsheet as the chart.",
            "The chart's anchor row and column must be at least 1.",
            "The chart does not exist on this sheet.",
            true,
            "The chart's anchor cell is outside the sheet.",
            "gas-sim does not implement EmbeddedChart.getAs()",
        ])
    );
}

#[test]
fn charts_persist_in_the_world_between_executions() {
    let world = new_world();
    let insert = "function main() { var s = SpreadsheetApp.create('Keep').getSheets()[0];
      s.insertChart(s.newChart().asPieChart().addRange(s.getRange('A1:B3')).setOption('title', 'Share').build());
      return SpreadsheetApp.getActiveSpreadsheet() === null; }";
    assert_eq!(eval_in(&world, insert), json!(true));
    let id = state(&world).spreadsheets.all()[0].id().to_string();
    let read = format!(
        "function main() {{ var c = SpreadsheetApp.openById('{id}').getSheets()[0].getCharts()[0];
           return [c.getChartId(), c.getOptions().get('title'), c.modify().getChartType() + '']; }}"
    );
    assert_eq!(eval_in(&world, &read), json!([1, "Share", "PIE"]));
}

#[test]
fn a_copied_sheet_brings_its_charts_reading_its_own_cells() {
    let got = eval_book(
        "SHEET.insertChart(SHEET.newChart().asLineChart().addRange(SHEET.getRange('A1:B4')).build());
         var copy = SHEET.copyTo(SS);
         var chart = copy.getCharts()[0];
         var range = chart.getRanges()[0];
         return [copy.getCharts().length, chart.getChartId(), range.getSheet().getName(), range.getA1Notation(),
                 SHEET.getCharts()[0].getChartId()];",
    );
    assert_eq!(got, json!([1, 2, "Copy of Sheet1", "A1:B4", 1]));
}

#[test]
fn a_new_builder_prints_as_the_platform_s_java_class_with_a_number_per_builder() {
    let got = eval_book(
        "var a = SHEET.newChart(), b = SHEET.newChart();
         return [String(a), String(b), String(a), String(a.asPieChart()).indexOf('@')];",
    );
    let java = "com.google.apps.maestro.server.beans.trix.impl.ChartPropertyApiEmbeddedChartBuilder@";
    assert_eq!(got, json!([format!("{java}1f000001"), format!("{java}1f000002"), format!("{java}1f000001"), -1]));
}
