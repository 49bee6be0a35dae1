//! Images over the grid seen from a script: inserted from a blob, read back live,
//! resized, re-anchored, moved with rows, replaced and removed; the refusals and the gap
//! (an image from a URL).

use crate::support;

use serde_json::json;
use support::*;

/// `SS` is a new spreadsheet, `SHEET` its first sheet, `png(w, h)` a PNG blob of that size.
fn eval_book(body: &str) -> serde_json::Value {
    eval(&format!(
        "function png(w, h) {{\n  var be = function (n) {{ return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]; }};\n  \
         var bytes = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82].concat(be(w), be(h), [8, 6, 0, 0, 0, 0, 0, 0, 0]);\n  \
         return Utilities.newBlob(bytes.map(function (b) {{ return b > 127 ? b - 256 : b; }}), 'image/png', 'logo.png');\n}}\n\
         function main() {{\n  var SS = SpreadsheetApp.create('Book');\n  var SHEET = SS.getSheets()[0];\n  {body}\n}}"
    ))
}

#[test]
fn an_inserted_image_is_read_back_live_resized_moved_with_rows_and_removed() {
    let got = eval_book(
        "var img = SHEET.insertImage(png(120, 40), 2, 3, 5, 6);
         var same = SHEET.getImages()[0];
         img.setWidth(60).setAltTextTitle('Logo').assignScript('onLogo');
         SHEET.insertRowsBefore(1, 2);
         var before = [same.getWidth(), same.getHeight(), same.getInherentWidth(), same.getAltTextTitle(), same.getScript(),
                       same.getAnchorCell().getA1Notation(), same.getAnchorCellXOffset(), same.getAnchorCellYOffset(),
                       same.getSheet().getName(), same.getUrl(), String(same)];
         img.setAnchorCell(SHEET.getRange('D9')).setAnchorCellYOffset(0).resetSize();
         var after = [img.getAnchorCell().getA1Notation(), img.getAnchorCellYOffset(), img.getWidth()];
         img.replace(png(10, 8));
         var replaced = [img.getInherentWidth(), img.getInherentHeight(), img.getWidth()];
         var count = SS.getImages().length;
         img.remove();
         var gone = '';
         try { same.getWidth(); } catch (e) { gone = e.message; }
         return { before: before, after: after, replaced: replaced, count: count, left: SS.getImages().length, gone: gone };",
    );
    assert_eq!(
        got,
        json!({
            "before": [60, 40, 120, "Logo", "onLogo", "B5", 5, 6, "Sheet1", null, "OverGridImage"],
            "after": ["D9", 0, 120],
            "replaced": [10, 8, 120],
            "count": 1, "left": 0,
            "gone": "The image does not exist on this sheet.",
        })
    );
}

#[test]
fn refusals_name_what_is_wrong_and_a_url_image_is_a_gap() {
    let got = eval_book(
        "var tries = [
           function () { SHEET.insertImage(Utilities.newBlob('not a picture', 'image/png'), 1, 1); },
           function () { SHEET.insertImage(png(1025, 1024), 1, 1); },
           function () { SHEET.insertImage(png(4, 4), 1, 1001); },
           function () { SHEET.insertImage(png(4, 4), 1, 1).setWidth(-1); },
           function () { SHEET.insertImage('https://example.com/logo.png', 1, 1); },
           function () { SHEET.insertImage(png(4, 4), 1, 1).setAnchorCell(SS.insertSheet('Other').getRange('A1')); },
         ];
         var fromFile = SHEET.insertImage(DriveApp.createFile(png(6, 5)), 1, 1).getInherentWidth();
         var untitled = '';
         try { SHEET.getImages()[0].setAltTextTitle(); } catch (e) { untitled = e.message.indexOf('signature') > 0; }
         return tries.map(function (f) { try { f(); return 'ok'; } catch (e) { return e.message; } })
           .concat([SHEET.getImages().length, SHEET.insertImage(png(1024, 1024), 3, 3).getWidth(), fromFile, untitled]);",
    );
    assert_eq!(
        got,
        json!([
            "Invalid image data.",
            "Invalid image data.",
            "The coordinates of the range are outside the dimensions of the sheet.",
            "Invalid argument: size",
            "gas-sim does not implement Sheet.insertImage with a URL()",
            "The anchor cell must be on the image's sheet.",
            3,
            1024,
            6,
            true
        ])
    );
}

#[test]
fn images_persist_in_the_world_and_a_copied_sheet_copies_them() {
    let world = new_world();
    let insert = "function main() {
        var be = function (n) { return [0, 0, (n >>> 8) & 255, n & 255]; };
        var bytes = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82].concat(be(30), be(20), [8, 6, 0, 0, 0, 0, 0, 0, 0]);
        var ss = SpreadsheetApp.create('Kept');
        ss.getSheets()[0].insertImage(Utilities.newBlob(bytes.map(function (b) { return b > 127 ? b - 256 : b; })), 1, 2);
        return ss.getSheets()[0].copyTo(ss).getImages()[0].getAnchorCell().getA1Notation();
      }";
    assert_eq!(eval_in(&world, insert), json!("A2"));
    let id = state(&world).spreadsheets.all()[0].id().to_string();
    let read = format!(
        "function main() {{ var ss = SpreadsheetApp.openById('{id}');
           return [ss.getImages().length, ss.getSheets().map(function (s) {{ return s.getImages()[0].getWidth(); }})]; }}"
    );
    assert_eq!(eval_in(&world, &read), json!([1, [30, 30]]), "Spreadsheet.getImages: the active sheet's");
}
