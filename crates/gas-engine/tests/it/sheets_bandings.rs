//! Bandings (alternating colours) seen from a script: applied from a theme, read and
//! changed colour by colour, never over another's cells, moving with rows, columns and
//! cut cells, copied with a duplicated sheet.

use crate::support;

use serde_json::json;
use support::*;

/// `SS` is a new spreadsheet, `SHEET` its first sheet.
fn eval_book(body: &str) -> serde_json::Value {
    eval(&format!(
        "function main() {{\n  var SS = SpreadsheetApp.create('Book');\n  var SHEET = SS.getSheets()[0];\n  {body}\n}}"
    ))
}

#[test]
fn a_theme_colours_rows_with_a_header_and_no_footer_by_default() {
    let got = eval_book(
        "var b = SHEET.getRange('A1:C10').applyRowBanding();
         var grey = [b.getHeaderRowColor(), b.getFirstRowColor(), b.getSecondRowColor(), b.getFooterRowColor(),
                     b.getFirstColumnColor()];
         var cyan = SHEET.getRange('E1:F4').applyColumnBanding(SpreadsheetApp.BandingTheme.CYAN, false, true);
         var columns = [cyan.getHeaderColumnColor(), cyan.getFirstColumnColor(), cyan.getFooterColumnColor(),
                        cyan.getHeaderRowColor()];
         var overlap = '';
         try { SHEET.getRange('C10:D12').applyRowBanding(SpreadsheetApp.BandingTheme.BLUE); } catch (e) { overlap = e.message; }
         b.setHeaderRowColor('red').setSecondRowColor('#ABC').setFooterRowColor('#00ff00').setHeaderRowColor(null);
         var changed = [b.getHeaderRowColor(), b.getSecondRowColor(), b.getFooterRowColor()];
         var cleared = '', bad = '';
         try { b.setFirstRowColor(null); } catch (e) { cleared = e.message; }
         try { b.setFirstRowColor('not a colour'); } catch (e) { bad = e.message; }
         return { grey: grey, columns: columns, overlap: overlap, changed: changed, cleared: cleared, bad: bad,
                  background: SHEET.getRange('A2').getBackground(), type: String(b) };",
    );
    assert_eq!(
        got,
        json!({
            "grey": ["#bdbdbd", "#ffffff", "#f3f3f3", null, null],
            "columns": [null, "#ffffff", "#a2e8f1", null],
            "overlap": "You cannot add alternating colors to a range that already has alternating colors.",
            "changed": [null, "#aabbcc", "#00ff00"],
            "cleared": "First row color should not be null.",
            "bad": "Invalid argument: color",
            // A banding is no cell colour: the cell's own background reads as before.
            "background": "#ffffff",
            "type": "Banding",
        })
    );
}

#[test]
fn bandings_are_listed_by_range_sheet_and_spreadsheet_and_follow_the_grid() {
    let got = eval_book(
        "var b = SHEET.getRange('B2:C5').applyRowBanding(SpreadsheetApp.BandingTheme.GREEN);
         var other = SS.insertSheet('Two');
         other.getRange('A1:A3').applyColumnBanding();
         var counts = [SHEET.getRange('A1').getBandings().length, SHEET.getRange('C5:D9').getBandings().length,
                       SHEET.getBandings().length, SS.getBandings().length];
         SHEET.insertRowsBefore(1, 2);
         SHEET.insertColumnBefore(1);
         var moved = b.getRange().getA1Notation();
         SHEET.getRange('C4:D7').moveTo(SHEET.getRange('F10'));
         var cut = SHEET.getBandings()[0].getRange().getA1Notation();
         var copy = b.copyTo(SHEET.getRange('A1:B2'));
         copy.setRange(SHEET.getRange('A20:B22'));
         var dup = SHEET.copyTo(SS);
         var dupRanges = dup.getBandings().map(function (d) { return d.getRange().getA1Notation(); });
         SHEET.deleteRows(10, 4);
         var gone = '';
         try { b.getRange(); } catch (e) { gone = e.message; }
         copy.remove();
         return { counts: counts, moved: moved, cut: cut, dupRanges: dupRanges, gone: gone,
                  left: SHEET.getBandings().length, all: SS.getBandings().length };",
    );
    assert_eq!(
        got,
        json!({
            "counts": [0, 1, 1, 2],
            "moved": "C4:D7",
            "cut": "F10:G13",
            "dupRanges": ["F10:G13", "A20:B22"],
            "gone": "This banding no longer exists.",
            "left": 0,
            "all": 3,
        })
    );
}

#[test]
fn clearing_cells_keeps_a_banding_and_a_theme_must_be_one_of_the_enum() {
    let got = eval_book(
        "SHEET.getRange('A1:B3').setValues([[1, 2], [3, 4], [5, 6]]).setBackground('red');
         SHEET.getRange('A1:B3').applyRowBanding(SpreadsheetApp.BandingTheme.INDIGO, true, true);
         SHEET.clear();
         SHEET.getRange('A1:B3').clearFormat();
         var theme = '', elsewhere = '';
         try { SHEET.getRange('D1:D2').applyRowBanding('PURPLE'); } catch (e) { theme = e.message; }
         try { SHEET.getBandings()[0].setRange(SpreadsheetApp.create('Other').getSheets()[0].getRange('A1')); }
         catch (e) { elsewhere = e.message; }
         return [SHEET.getBandings().length, SHEET.getBandings()[0].getFooterRowColor(), theme, elsewhere];",
    );
    assert_eq!(
        got,
        json!([
            1,
            "#c4c3f7",
            "Invalid argument: bandingTheme",
            "Target range and source range must be on the same spreadsheet."
        ])
    );
}
