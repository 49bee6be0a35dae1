//! The SpreadsheetApp format methods seen from a script: number formats in display
//! values, plain-text cells, every property's getter and setter with the defaults,
//! colours, notes, clear(options), borders, text styles, sizes.

use crate::support;

use serde_json::json;
use support::*;

/// `SHEET` in a snippet is the first sheet of a new spreadsheet.
fn eval_sheet(body: &str) -> serde_json::Value {
    eval(&format!("function main() {{\n  var SHEET = SpreadsheetApp.create('Test').getSheets()[0];\n  {body}\n}}"))
}

fn thrown_sheet(body: &str) -> String {
    thrown(&format!("var SHEET = SpreadsheetApp.create('Test').getSheets()[0];\n{body}"))
}

#[test]
fn number_formats_drive_display_values() {
    let got = eval_sheet(
        "var r = SHEET.getRange('A1:D1');
         r.setValues([[1234.5, 0.256, 45000.75, -3]]);
         r.setNumberFormats([['#,##0.00', '0%', 'yyyy-mm-dd HH:mm', '$#,##0.00;($#,##0.00)']]);
         SHEET.getRange('E1').setValue(new Date(Date.UTC(2025, 5, 13, 16, 5))).setNumberFormat('h:mm am/pm');
         return [r.getDisplayValues(), SHEET.getRange('E1').getDisplayValue(), r.getNumberFormats(), r.getValues()[0][0]];",
    );
    assert_eq!(
        got,
        json!([
            [["1,234.50", "26%", "2023-03-15 18:00", "($3.00)"]],
            "4:05 PM",
            [["#,##0.00", "0%", "yyyy-mm-dd HH:mm", "$#,##0.00;($#,##0.00)"]],
            1234.5
        ])
    );
}

#[test]
fn plain_text_format_keeps_strings() {
    let got = eval_sheet(
        "var r = SHEET.getRange('A1:A2');
         r.setNumberFormat('@');
         r.setValues([['007'], ['2025-01-01']]);
         SHEET.getRange('B1').setValue('007');
         return [r.getValues(), SHEET.getRange('B1').getValue(), SHEET.getRange('A1').getNumberFormat()];",
    );
    assert_eq!(got, json!([[["007"], ["2025-01-01"]], 7, "@"]));
}

#[test]
fn fresh_cells_have_the_platform_defaults() {
    let got = eval_sheet(
        "var r = SHEET.getRange('A1');
         return [r.getBackground(), r.getFontColor(), r.getFontFamily(), r.getFontSize(), r.getFontWeight(),
                 r.getFontStyle(), r.getFontLine(), r.getHorizontalAlignment(), r.getVerticalAlignment(),
                 r.getNumberFormat(), r.getWrap(), String(r.getWrapStrategy()), r.getTextDirection(),
                 r.getTextRotation().getDegrees(), r.getNote(), SHEET.getColumnWidth(1), SHEET.getRowHeight(1)];",
    );
    assert_eq!(
        got,
        json!([
            "#ffffff",
            "#000000",
            "Arial",
            10,
            "normal",
            "normal",
            "none",
            "general",
            "bottom",
            "0.###############",
            false,
            "OVERFLOW",
            null,
            0,
            "",
            100,
            21
        ])
    );
}

#[test]
fn setters_read_back_singular_and_plural() {
    let got = eval_sheet(
        "var r = SHEET.getRange('A1:B1');
         r.setBackground('red').setFontColor('#00F').setFontWeight('bold').setFontStyle('italic')
          .setFontSize(14).setFontFamily('Roboto').setFontLine('underline')
          .setHorizontalAlignment('center').setVerticalAlignment('middle')
          .setWrap(true).setTextRotation(45).setTextDirection(SpreadsheetApp.TextDirection.RIGHT_TO_LEFT);
         SHEET.getRange('B1').setBackgroundRGB(0, 128, 255);
         return [r.getBackgrounds(), r.getFontColors(), r.getFontWeights(), r.getFontStyles(), r.getFontSizes(),
                 r.getFontFamilies(), r.getFontLines(), r.getHorizontalAlignments(), r.getVerticalAlignments(),
                 r.getWraps(), r.getWrapStrategies().map(function (row) { return row.map(String); }),
                 r.getTextRotations()[0][1].getDegrees(), r.getTextDirections()];",
    );
    assert_eq!(
        got,
        json!([
            [["#ff0000", "#0080ff"]],
            [["#0000ff", "#0000ff"]],
            [["bold", "bold"]],
            [["italic", "italic"]],
            [[14, 14]],
            [["Roboto", "Roboto"]],
            [["underline", "underline"]],
            [["center", "center"]],
            [["middle", "middle"]],
            [[true, true]],
            [["WRAP", "WRAP"]],
            45,
            [["RIGHT_TO_LEFT", "RIGHT_TO_LEFT"]]
        ])
    );
}

#[test]
fn grid_setters_and_null_resets() {
    let got = eval_sheet(
        "var r = SHEET.getRange('A1:B2');
         r.setBackgrounds([['yellow', null], ['#ABCDEF', 'white']]);
         r.setFontWeights([['bold', 'normal'], [null, 'bold']]);
         r.setFontSizes([[8, 9], [10, 11]]);
         r.setHorizontalAlignments([['left', 'right'], ['normal', 'center']]);
         r.setBackground(null);
         return [r.getBackgrounds(), r.getFontWeights(), r.getFontSizes(), r.getHorizontalAlignments()];",
    );
    assert_eq!(
        got,
        json!([
            [["#ffffff", "#ffffff"], ["#ffffff", "#ffffff"]],
            [["bold", "normal"], ["normal", "bold"]],
            [[8, 9], [10, 11]],
            [["left", "right"], ["general-left", "center"]]
        ])
    );
}

#[test]
fn bad_arguments_give_the_platform_texts() {
    assert_eq!(
        thrown_sheet("SHEET.getRange('A1:B2').setBackgrounds([['red', 'blue']]);"),
        "Exception: The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2."
    );
    assert_eq!(
        thrown_sheet("SHEET.getRange('A1:B1').setNotes([['a']]);"),
        "Exception: The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2."
    );
    assert_eq!(thrown_sheet("SHEET.getRange('A1').setBackground('reddish');"), "Exception: Invalid argument: color");
    assert_eq!(thrown_sheet("SHEET.getRange('A1').setFontWeight('heavy');"), "Exception: Invalid argument: fontWeight");
    assert_eq!(thrown_sheet("SHEET.setColumnWidth(27, 10);"), "Exception: Those columns are out of bounds.");
    assert_eq!(thrown_sheet("SHEET.setRowHeight(0, 10);"), "Exception: Those rows are out of bounds.");
    assert!(thrown_sheet("SHEET.getRange('A1').setFontSize('big');").contains("setFontSize"));
}

#[test]
fn notes_and_clear_options() {
    let got = eval_sheet(
        "var r = SHEET.getRange('A1:B1');
         var setup = function () { r.setValues([[1, 2]]).setFontWeight('bold').setNote('n'); };
         var state = function () { return [r.getValues()[0][0], r.getFontWeight(), r.getNote()]; };
         var out = [];
         setup(); r.setNotes([['x', null]]); out.push(r.getNotes());
         setup(); r.clear(); out.push(state());
         setup(); r.clear({formatOnly: true}); out.push(state());
         setup(); r.clear({commentsOnly: true, contentsOnly: true}); out.push(state());
         setup(); r.clear({}); out.push(state());
         setup(); r.clearFormat(); r.clearNote(); out.push(state());
         setup(); SHEET.clearFormats(); SHEET.clearNotes(); out.push(state());
         setup(); SHEET.clear({contentsOnly: true}); out.push(state());
         setup(); SHEET.clear(); out.push(state());
         return out;",
    );
    assert_eq!(
        got,
        json!([
            [["x", ""]],
            ["", "normal", "n"],
            [1, "normal", "n"],
            ["", "bold", ""],
            ["", "normal", ""],
            [1, "normal", ""],
            [1, "normal", ""],
            ["", "bold", "n"],
            ["", "normal", "n"]
        ])
    );
}

#[test]
fn colors_and_text_styles() {
    let got = eval_sheet(
        "var color = SpreadsheetApp.newColor().setRgbColor('Orange').build();
         var rgb = color.asRgbColor();
         var style = SpreadsheetApp.newTextStyle().setBold(true).setFontSize(12).setForegroundColor('green').build();
         var r = SHEET.getRange('A1');
         r.setBackgroundObject(color).setTextStyle(style);
         var read = r.getTextStyle();
         return [String(color.getColorType()), rgb.asHexString(), rgb.getRed(), rgb.getGreen(), rgb.getBlue(),
                 style.isBold(), style.isItalic(), style.getForegroundColor(),
                 r.getBackground(), r.getBackgroundObject().asRgbColor().asHexString(), r.getFontWeight(),
                 read.isBold(), read.isItalic(), read.getFontSize(), read.getForegroundColor(), read.getFontFamily(),
                 style.copy().setItalic(true).build().isItalic()];",
    );
    assert_eq!(
        got,
        json!([
            "RGB",
            "#ffa500",
            255,
            165,
            0,
            true,
            null,
            "#008000",
            "#ffa500",
            "#ffa500",
            "bold",
            true,
            false,
            12,
            "#008000",
            "arial,sans,sans-serif",
            true
        ])
    );
    assert_eq!(thrown("SpreadsheetApp.newColor().setRgbColor('nope');"), "Exception: Invalid argument: color");
    assert_eq!(thrown("SpreadsheetApp.newTextStyle().setFontSize(0).build();"), "Exception: Invalid argument: size");
    assert_eq!(
        thrown("SpreadsheetApp.newColor().setRgbColor('red').build().asThemeColor();"),
        "Error: Object is not of type ThemeColor."
    );
}

#[test]
fn borders_and_sizes_are_stored() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var sheet = SpreadsheetApp.create('Test').getSheets()[0];
           sheet.getRange('A1:B2').setBorder(true, null, true, null, null, true, 'red', SpreadsheetApp.BorderStyle.DASHED);
           sheet.setColumnWidth(2, 250).setColumnWidths(3, 2, 50).setRowHeight(2, 40).setRowHeights(3, 2, 30);
           return [sheet.getColumnWidth(2), sheet.getColumnWidth(4), sheet.getColumnWidth(5), sheet.getRowHeight(2),
                   sheet.getRowHeight(4)];
         }",
    );
    assert_eq!(got, json!([250, 50, 100, 40, 30]));
    let world = state(&world);
    let sheet = &world.spreadsheets.all()[0].sheets()[0];
    let a1 = sheet.formats().get(1, 1).unwrap();
    assert_eq!(a1.borders.top.as_ref().unwrap().color, "#ff0000");
    assert_eq!(a1.borders.top.as_ref().unwrap().style, "DASHED");
    assert!(a1.borders.bottom.is_some() && a1.borders.left.is_none());
}

#[test]
fn rich_text_values() {
    let got = eval_sheet(
        "var bold = SpreadsheetApp.newTextStyle().setBold(true).build();
         var value = SpreadsheetApp.newRichTextValue().setText('Hello world')
           .setTextStyle(0, 5, bold).setLinkUrl(6, 11, 'https://example.com').build();
         var r = SHEET.getRange('A1');
         r.setRichTextValue(value);
         var read = r.getRichTextValue();
         var runs = read.getRuns();
         SHEET.getRange('B1').setValue(5);
         return [r.getValue(), read.getText(), runs.length, runs[2].getText(), runs[2].getStartIndex(),
                 runs[2].getEndIndex(), runs[2].getLinkUrl(), read.getTextStyle(0, 5).isBold(),
                 read.getTextStyle(6, 11).isBold(), read.getTextStyle().isBold(), read.getLinkUrl(),
                 SHEET.getRange('B1').getRichTextValue(), SHEET.getRange('C1').getRichTextValue().getText(),
                 value.copy().setText('x').build().getText()];",
    );
    assert_eq!(
        got,
        json!([
            "Hello world",
            "Hello world",
            3,
            "world",
            6,
            11,
            "https://example.com",
            true,
            false,
            null,
            null,
            null,
            "",
            "x"
        ])
    );
    assert_eq!(
        thrown("SpreadsheetApp.newRichTextValue().setText('ab').setTextStyle(1, 5, null);"),
        "Exception: Invalid argument: offsets"
    );
}

#[test]
fn spreadsheet_sizes_act_on_the_active_sheet() {
    let got = eval(
        "function main() {
           var ss = SpreadsheetApp.create('Test');
           var sheet = ss.setColumnWidth(3, 220).setRowHeight(2, 33);
           return [sheet.getName(), ss.getColumnWidth(3), ss.getRowHeight(2), ss.getSheets()[0].getColumnWidth(3)];
         }",
    );
    assert_eq!(got, json!(["Sheet1", 220, 33, 220]));
}

#[test]
fn formats_show_in_display_values_of_dates_by_zone() {
    let world = new_world();
    let report = run_in(
        &world,
        "America/Los_Angeles",
        "function main() {
           var r = SpreadsheetApp.create('Test').getSheets()[0].getRange('A1');
           r.setValue(new Date(Date.UTC(2025, 5, 13, 16, 0)));
           var before = [r.getDisplayValue(), r.getNumberFormat()];
           r.setNumberFormat('dddd, mmmm d');
           return before.concat([r.getDisplayValue()]);
         }",
        "main",
        START_UTC_MS,
    );
    assert_eq!(result(&report), json!(["6/13/2025 9:00:00", "M/d/yyyy H:mm:ss", "Friday, June 13"]));
}

/// A spreadsheet's theme: the standard one to begin with, changed in place through the
/// object `getSpreadsheetTheme` gives, reset, copied from another spreadsheet, and kept
/// with the spreadsheet (a second `openById` sees it).
#[test]
fn the_spreadsheet_theme_is_live_reset_and_copied() {
    let got = eval(
        "function main() {
           var ss = SpreadsheetApp.create('Themed');
           var theme = ss.getSpreadsheetTheme();
           var T = SpreadsheetApp.ThemeColorType;
           var out = [String(theme), theme.getFontFamily(), theme.getThemeColors().length,
                      theme.getConcreteColor(T.ACCENT1).asRgbColor().asHexString()];
           theme.setConcreteColor(T.ACCENT1, SpreadsheetApp.newColor().setRgbColor('#FF0000').build())
                .setConcreteColor(T.TEXT, 1, 2, 255).setFontFamily('Roboto');
           var again = SpreadsheetApp.openById(ss.getId()).getSpreadsheetTheme();
           out.push(again.getConcreteColor(T.ACCENT1).asRgbColor().asHexString(),
                    again.getConcreteColor(T.TEXT).asRgbColor().asHexString(), again.getFontFamily());
           var other = SpreadsheetApp.create('Plain');
           out.push(other.setSpreadsheetTheme(theme).getFontFamily(), ss.resetSpreadsheetTheme().getFontFamily(),
                    theme.getConcreteColor(T.ACCENT1).asRgbColor().asHexString(),
                    other.getSpreadsheetTheme().getConcreteColor(T.ACCENT1).asRgbColor().asHexString());
           var errors = [];
           try { theme.getConcreteColor(T.UNSUPPORTED); } catch (e) { errors.push(String(e)); }
           try { theme.setConcreteColor(T.TEXT, SpreadsheetApp.newColor().setThemeColor(T.ACCENT2).build()); } catch (e) { errors.push(String(e)); }
           try { theme.setConcreteColor(T.TEXT, 300, 0, 0); } catch (e) { errors.push(String(e)); }
           out.push(errors);
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            "SpreadsheetTheme",
            "Arial",
            9,
            "#4285f4",
            "#ff0000",
            "#0102ff",
            "Roboto",
            "Roboto",
            "Arial",
            "#4285f4",
            "#ff0000",
            [
                "Exception: Invalid argument: themeColorType",
                "Exception: Object is not of type RgbColor.",
                "Exception: Invalid argument: red"
            ]
        ])
    );
}

#[test]
fn theme_colours_on_cells_read_back_as_theme_colours_and_follow_the_theme() {
    let got = eval_sheet(
        "var accent = SpreadsheetApp.newColor().setThemeColor(SpreadsheetApp.ThemeColorType.ACCENT1).build();
         var r = SHEET.getRange('A1:B1');
         r.setBackgroundObject(accent);
         r.setFontColorObjects([[accent, SpreadsheetApp.newColor().setRgbColor('red').build()]]);
         var before = r.getBackground();
         SHEET.getParent().getSpreadsheetTheme().setConcreteColor(SpreadsheetApp.ThemeColorType.ACCENT1,
           SpreadsheetApp.newColor().setRgbColor('#123456').build());
         var style = SpreadsheetApp.newTextStyle()
           .setForegroundColorObject(SpreadsheetApp.newColor().setThemeColor(SpreadsheetApp.ThemeColorType.ACCENT2).build())
           .build();
         SHEET.getRange('C1').setTextStyle(style);
         return [String(r.getBackgroundObject().getColorType()), String(r.getBackgroundObject().asThemeColor().getThemeColorType()),
                 before, r.getBackground(),
                 r.getFontColorObjects()[0].map(function (c) { return String(c.getColorType()); }), r.getFontColors()[0],
                 style.getForegroundColor(), String(style.getForegroundColorObject().asThemeColor().getThemeColorType()),
                 SHEET.getRange('C1').getTextStyle().getForegroundColor(), SHEET.getRange('C1').getFontColor()];",
    );
    assert_eq!(
        got,
        json!([
            "THEME",
            "ACCENT1",
            "#4285f4",
            "#123456",
            ["THEME", "RGB"],
            ["#123456", "#ff0000"],
            "ACCENT2",
            "ACCENT2",
            "ACCENT2",
            "#ea4335"
        ])
    );
}
