//! The "objects" part of SpreadsheetApp seen from a script: named ranges, protections,
//! data validation, conditional format rules, RangeList, TextFinder options, copies,
//! sharing, locale, open/openByUrl, the enums.

use crate::support;

use serde_json::json;
use support::*;

/// `SS` is a new spreadsheet, `SHEET` its first sheet.
fn eval_book(body: &str) -> serde_json::Value {
    eval(&format!(
        "function main() {{\n  var SS = SpreadsheetApp.create('Book');\n  var SHEET = SS.getSheets()[0];\n  {body}\n}}"
    ))
}

fn thrown_book(body: &str) -> String {
    thrown(&format!("var SS = SpreadsheetApp.create('Book'); var SHEET = SS.getSheets()[0]; {body}"))
}

#[test]
fn named_ranges_read_back_and_follow_row_changes() {
    let got = eval_book(
        "SS.setNamedRange('Totals', SHEET.getRange('B2:C3'));
         var before = SS.getRangeByName('totals').getA1Notation();
         SHEET.insertRowsBefore(1, 2);
         var moved = SS.getRangeByName('Totals').getA1Notation();
         var named = SS.getNamedRanges()[0];
         named.setName('Sums').setRange(SHEET.getRange('D1'));
         var list = SHEET.getNamedRanges().map(function (n) { return [n.getName(), n.getRange().getA1Notation()]; });
         SS.removeNamedRange('sums');
         return [before, moved, list, SS.getRangeByName('Sums'), SS.getNamedRanges().length];",
    );
    assert_eq!(got, json!(["B2:C3", "B4:C5", [["Sums", "D1"]], null, 0]));
    let err = thrown_book("SS.setNamedRange('1st', SHEET.getRange('A1'))");
    assert!(err.starts_with("Exception: The range name \"1st\" is not valid."), "{err}");
}

#[test]
fn protections_are_stored_and_read_back() {
    let got = eval_book(
        "var p = SHEET.getRange('A1:B2').protect().setDescription('Totals');
         p.addEditor('ana@example.com').addEditors(['bo@example.com']);
         p.removeEditor(Session.getEffectiveUser().getEmail() === 'x' ? 'x' : 'bo@example.com');
         var sheetP = SHEET.protect();
         sheetP.setUnprotectedRanges([SHEET.getRange('C1')]).setWarningOnly(true);
         var ranges = SS.getProtections(SpreadsheetApp.ProtectionType.RANGE);
         var r = ranges[0];
         var out = [ranges.length, r.getDescription(), r.getEditors().map(String), r.getRange().getA1Notation(),
                    String(r.getProtectionType()), r.canEdit(), r.isWarningOnly(),
                    SHEET.getProtections(SpreadsheetApp.ProtectionType.SHEET).length,
                    sheetP.isWarningOnly(), sheetP.getEditors().length, sheetP.getUnprotectedRanges()[0].getA1Notation(),
                    sheetP.getRange().getA1Notation(), SHEET.protect().getDescription() === sheetP.getDescription()];
         r.remove();
         out.push(SS.getProtections(SpreadsheetApp.ProtectionType.RANGE).length);
         return out;",
    );
    assert_eq!(
        got,
        json!([
            1,
            "Totals",
            ["user@example.com", "ana@example.com"],
            "A1:B2",
            "RANGE",
            true,
            false,
            1,
            true,
            0,
            "C1",
            "A1:Z1000",
            true,
            0
        ])
    );
    let err = thrown_book("SHEET.protect().setWarningOnly(true).addEditor('a@example.com')");
    assert_eq!(err, format!("Exception: {}", gas_platform::sheets::protection::text::WARNING_ONLY_EDITORS));
}

#[test]
fn data_validation_builders_and_rules() {
    let got = eval_book(
        "var rule = SpreadsheetApp.newDataValidation().requireValueInList(['yes', 'no'], false)
           .setAllowInvalid(false).setHelpText('yes or no').build();
         SHEET.getRange('B2:B3').setDataValidation(rule);
         SHEET.getRange('B2').setValue('maybe');
         var read = SHEET.getRange('B3').getDataValidation();
         var between = SpreadsheetApp.newDataValidation().requireNumberBetween(1, 10).build();
         var copy = read.copy().requireCheckbox().build();
         var grid = SHEET.getRange('B1:B2').getDataValidations().map(function (row) {
           return row.map(function (r) { return r === null ? null : String(r.getCriteriaType()); });
         });
         var byRange = SpreadsheetApp.newDataValidation().requireValueInRange(SHEET.getRange('A1:A3')).build();
         return [String(read.getCriteriaType()), read.getCriteriaValues(), read.getAllowInvalid(), read.getHelpText(),
                 SHEET.getRange('B2').getValue(), String(between.getCriteriaType()), between.getCriteriaValues(),
                 between.getAllowInvalid(), String(copy.getCriteriaType()), copy.getHelpText(), grid,
                 byRange.getCriteriaValues()[0].getA1Notation(), byRange.getCriteriaValues()[1],
                 SpreadsheetApp.DataValidationCriteria.VALUE_IN_LIST === read.getCriteriaType(),
                 SpreadsheetApp.newDataValidation().getHelpText()];",
    );
    assert_eq!(
        got,
        json!([
            "VALUE_IN_LIST",
            [["yes", "no"], false],
            false,
            "yes or no",
            "maybe",
            "NUMBER_BETWEEN",
            [1, 10],
            true,
            "CHECKBOX",
            "yes or no",
            [[null], ["VALUE_IN_LIST"]],
            "A1:A3",
            true,
            true,
            null
        ])
    );
    let err = thrown_book("SpreadsheetApp.newDataValidation().build()");
    assert_eq!(err, format!("Exception: {}", gas_platform::sheets::validation::text::NO_CRITERIA));
    let err = thrown_book("SpreadsheetApp.newDataValidation().requireNumberBetween('a')");
    assert!(err.contains("don't match the method signature"), "{err}");
    let cleared = eval_book(
        "SHEET.getRange('A1').setDataValidation(SpreadsheetApp.newDataValidation().requireDate().build());
         SHEET.getRange('A1').setDataValidation(null);
         return SHEET.getRange('A1').getDataValidation();",
    );
    assert_eq!(cleared, json!(null));
}

#[test]
fn conditional_format_rules_are_stored_and_read_back() {
    let got = eval_book(
        "var rule = SpreadsheetApp.newConditionalFormatRule().whenNumberGreaterThan(5)
           .setBackground('#ff0000').setBold(true).setRanges([SHEET.getRange('A1:A10')]).build();
         var scale = SpreadsheetApp.newConditionalFormatRule().setGradientMinpoint('#ffffff')
           .setGradientMaxpointWithValue('#00ff00', SpreadsheetApp.InterpolationType.NUMBER, '100')
           .setRanges([SHEET.getRange('B1:B10')]).build();
         SHEET.setConditionalFormatRules([rule, scale]);
         SHEET.deleteRow(1);
         var rules = SHEET.getConditionalFormatRules();
         var b = rules[0].getBooleanCondition();
         var g = rules[1].getGradientCondition();
         var out = [rules.length, String(b.getCriteriaType()), b.getCriteriaValues(), b.getBackground(), b.getBold(),
                    b.getItalic(), rules[0].getRanges()[0].getA1Notation(), rules[0].getGradientCondition(),
                    g.getMinColor(), g.getMinType(), g.getMaxColor(), String(g.getMaxType()), g.getMaxValue(),
                    rules[0].copy().whenTextContains('x').build().getBooleanCondition().getCriteriaValues()];
         SHEET.clearConditionalFormatRules();
         out.push(SHEET.getConditionalFormatRules().length);
         return out;",
    );
    assert_eq!(
        got,
        json!([
            2,
            "NUMBER_GREATER_THAN",
            [5],
            "#ff0000",
            true,
            null,
            "A1:A9",
            null,
            "#ffffff",
            null,
            "#00ff00",
            "NUMBER",
            "100",
            ["x"],
            0
        ])
    );
    let err = thrown_book("SpreadsheetApp.newConditionalFormatRule().whenCellEmpty().build()");
    assert_eq!(err, format!("Exception: {}", gas_platform::sheets::conditional::text::NO_RANGES));
}

#[test]
fn range_lists_apply_the_range_methods() {
    let got = eval_book(
        "var list = SHEET.getRangeList(['A1', 'B2:C2']);
         list.setValue('x');
         var values = SHEET.getRange('A1:C2').getValues();
         list.clearContent();
         return [list.getRanges().map(function (r) { return r.getA1Notation(); }), values,
                 SHEET.getLastRow(), SS.getRangeList(['D4']).getRanges()[0].getA1Notation()];",
    );
    assert_eq!(got, json!([["A1", "B2:C2"], [["x", "", ""], ["", "x", "x"]], 0, "D4"]));
    // Every RangeList method delegates now (setVerticalText: tests/sheets_surface.rs).
}

#[test]
fn text_finder_options_and_replace() {
    let got = eval_book(
        "SHEET.getRange('A1:B3').setValues([['Café', 'cafe'], ['order 10', 'ORDER 11'], ['x', 'cafés']]);
         var a1 = function (ranges) { return ranges.map(function (r) { return r.getA1Notation(); }); };
         var f = SS.createTextFinder('order');
         var first = f.findNext().getA1Notation();
         var second = f.findNext().getA1Notation();
         var none = f.findNext();
         var current = f.getCurrentMatch().getA1Notation();
         var back = f.findPrevious().getA1Notation();
         var from = SHEET.createTextFinder('order').startFrom(SHEET.getRange('A2')).findNext().getA1Notation();
         var count = SHEET.createTextFinder('order (\\\\d+)').useRegularExpression(true).replaceAllWith('$1');
         var n = SHEET.getRange('A2').getValue();
         var folded = a1(SHEET.createTextFinder('cafe').ignoreDiacritics(true).findAll());
         var one = SHEET.createTextFinder('caf');
         one.findNext();
         var replaced = one.replaceWith('CAF');
         return [first, second, none, current, back, from, count, n, typeof n, folded, replaced,
                 SHEET.getRange('A1').getValue(), SHEET.createTextFinder('x').matchFormulaText(true).findAll().length];",
    );
    assert_eq!(got, json!(["A2", "B2", null, "B2", "A2", "B2", 2, 10, "number", ["A1", "B1", "B3"], 1, "CAFé", 1]));
    let err = thrown_book("SHEET.createTextFinder('(').useRegularExpression(true).findAll()");
    assert_eq!(err, "Exception: Invalid regular expression: (");
}

#[test]
fn sheets_copy_move_and_look_up() {
    let got = eval_book(
        "SHEET.getRange('A1').setValue('v');
         var dup = SS.duplicateActiveSheet();
         var other = SpreadsheetApp.create('Other');
         var there = SHEET.copyTo(other);
         SS.setActiveSheet(dup);
         SS.moveActiveSheet(1);
         var copy = SS.copy('Copy of Book');
         return [dup.getName(), dup.getIndex(), dup.getRange('A1').getValue(), there.getName(), other.getNumSheets(),
                 SS.getNumSheets(), SS.getSheetById(dup.getSheetId()).getName(), SS.getSheetById(99), SS.getSheetName(),
                 SS.getSheetId() === dup.getSheetId(), SHEET.getSheetName(), copy.getName(), copy.getNumSheets(),
                 copy.getId() !== SS.getId()];",
    );
    assert_eq!(
        got,
        json!([
            "Copy of Sheet1",
            1,
            "v",
            "Copy of Sheet1",
            2,
            2,
            "Copy of Sheet1",
            null,
            "Copy of Sheet1",
            true,
            "Sheet1",
            "Copy of Book",
            2,
            true
        ])
    );
    let err = thrown_book("SS.moveActiveSheet(5)");
    assert_eq!(err, "Exception: The sheet position is out of range.");
}

#[test]
fn sharing_locale_rename_and_open() {
    let got = eval_book(
        "SS.addEditor('ana@example.com').addViewers(['vi@example.com', 'ana@example.com']);
         SS.removeViewer('nobody@example.com');
         SS.setSpreadsheetLocale('de_DE');
         SS.rename('Renamed');
         var byUrl = SpreadsheetApp.openByUrl(SS.getUrl());
         var byFile = SpreadsheetApp.open({ getId: function () { return SS.getId(); } });
         return [String(SS.getOwner()), SS.getOwner().getEmail(), SS.getEditors().map(String), SS.getViewers().map(String),
                 SS.getSpreadsheetLocale(), byUrl.getName(), byFile.getId() === SS.getId()];",
    );
    assert_eq!(
        got,
        json!([
            "user@example.com",
            "user@example.com",
            ["user@example.com", "ana@example.com"],
            ["vi@example.com"],
            "de_DE",
            "Renamed",
            true
        ])
    );
    assert_eq!(thrown_book("SS.addEditor('not an email')"), "Exception: Invalid email: not an email");
    assert_eq!(thrown_book("SS.setSpreadsheetLocale('German')"), "Exception: Invalid argument: locale");
    let err = thrown_book("SpreadsheetApp.openByUrl('https://docs.google.com/spreadsheets/d/nope/edit')");
    assert_eq!(err, format!("Exception: {}", gas_platform::sheets::text::OPEN_BY_URL_FAILED));
}

#[test]
fn the_enums_exist() {
    let got = eval(
        "function main() {
           return [SpreadsheetApp.ProtectionType.SHEET, SpreadsheetApp.DataValidationCriteria.CHECKBOX,
                   SpreadsheetApp.BooleanCriteria.CELL_EMPTY, SpreadsheetApp.InterpolationType.PERCENTILE,
                   SpreadsheetApp.RelativeDate.TODAY];
         }",
    );
    assert_eq!(got, json!(["SHEET", "CHECKBOX", "CELL_EMPTY", "PERCENTILE", "TODAY"]));
}

#[test]
fn checkboxes_and_their_states() {
    let got = eval_book(
        "var r = SHEET.getRange('A1:A2').insertCheckboxes();
         var before = [r.getValues(), r.isChecked(), String(r.getDataValidation().getCriteriaType())];
         SHEET.getRange('A1').check();
         var mixed = r.isChecked();
         SHEET.getRangeList(['A1:A2']).check();
         var all = r.isChecked();
         SHEET.getRange('B1').insertCheckboxes('yes', 'no').check();
         var custom = SHEET.getRange('B1').getValue();
         r.removeCheckboxes();
         return [before, mixed, all, custom, r.getValues(), r.isChecked()];",
    );
    assert_eq!(got, json!([[[[false], [false]], false, "CHECKBOX"], null, true, "yes", [[""], [""]], null]));
}

#[test]
fn a_range_list_applies_format_formula_and_structure_methods_to_every_range() {
    let got = eval_book(
        "SHEET.getRange('A1:B2').setValues([[1, 2], [3, 4]]);
         var list = SHEET.getRangeList(['C1', 'D2']);
         list.setFormula('=A1+B1').setBackground('red').setNumberFormat('0.00').setNote('n');
         return [SHEET.getRange('C1').getValue(), SHEET.getRange('D2').getDisplayValue(),
                 SHEET.getRange('C1').getBackground(), SHEET.getRange('D2').getNote(),
                 SHEET.getRange('D2').getFormula()];",
    );
    // setFormula writes the same text into every cell (it is not a fill).
    assert_eq!(got, json!([3, "3.00", "#ff0000", "n", "=A1+B1"]));
}

#[test]
fn the_spreadsheet_forms_of_sheet_methods_act_on_the_active_sheet() {
    let got = eval_book(
        "var second = SS.insertSheet('Two');
         SS.setActiveSheet(second);
         var returned = SS.appendRow(['a', 'b']);
         SS.insertColumnAfter(1).setFrozenRows(1);
         SS.hideRow(second.getRange('A1'));
         return [returned.getName(), SS.getLastRow(), SS.getLastColumn(), SS.getFrozenRows(),
                 SS.isRowHiddenByUser(1), SHEET.getLastRow(), SS.getDataRange().getA1Notation()];",
    );
    assert_eq!(got, json!(["Two", 1, 3, 1, true, 0, "A1:C1"]));
}

/// A filter: one per sheet, criteria per column, rows hidden by the criteria (values are
/// never changed), a sort below the header, the box moving with inserted columns.
#[test]
fn a_filter_hides_rows_by_its_columns_criteria_and_moves_with_the_sheet() {
    let got = eval_book(
        "SHEET.getRange('A1:C5').setValues([['Name', 'Status', 'Total'], ['Ana', 'Paid', 30],
           ['Bo', 'unpaid', 5], ['Cy', 'PAID', 12], ['Di', 'Open', '']]);
         var before = SHEET.getFilter();
         var filter = SHEET.getRange('A1:C5').createFilter();
         var again = '';
         try { SHEET.getRange('A1').createFilter(); } catch (e) { again = e.message; }
         filter.setColumnFilterCriteria(2, SpreadsheetApp.newFilterCriteria().whenTextContains('paid').build());
         var b = SpreadsheetApp.newFilterCriteria();
         b.whenNumberGreaterThan(10);
         filter.setColumnFilterCriteria(3, b.build());
         var hidden = [1, 2, 3, 4, 5, 6].filter(function (r) { return SHEET.isRowHiddenByFilter(r); });
         var c = filter.getColumnFilterCriteria(3);
         var criteria = [String(c.getCriteriaType()), c.getCriteriaValues(), filter.getColumnFilterCriteria(1)];
         var outside = '';
         try { filter.getColumnFilterCriteria(4); } catch (e) { outside = e.message; }
         filter.sort(3, false);
         var sorted = SHEET.getRange('A2:A5').getValues().map(function (r) { return r[0]; });
         SHEET.insertColumnBefore(1);
         var moved = [SHEET.getFilter().getRange().getA1Notation(), String(SHEET.getFilter().getColumnFilterCriteria(4).getCriteriaType())];
         filter.removeColumnFilterCriteria(4).setColumnFilterCriteria(3,
           SpreadsheetApp.newFilterCriteria().setHiddenValues(['Open']).build());
         var byValue = [2, 3, 4, 5].filter(function (r) { return SHEET.isRowHiddenByFilter(r); });
         var viaRange = SHEET.getRange('Z9').getFilter().getRange().getA1Notation();
         SHEET.getRange('B2:D5').clear({ contentsOnly: true, skipFilteredRows: true });
         var kept = SHEET.getRange('B2:B5').getValues().map(function (r) { return r[0]; });
         var onActive = SS.isRowHiddenByFilter(5);
         var badRow = '';
         try { SHEET.isRowHiddenByFilter(0); } catch (e) { badRow = e.message; }
         filter.remove();
         var removed = '';
         try { filter.getRange(); } catch (e) { removed = e.message; }
         return { before: before, again: again, hidden: hidden, criteria: criteria, outside: outside, sorted: sorted,
                  moved: moved, byValue: byValue, viaRange: viaRange, after: SHEET.getFilter(), removed: removed,
                  kept: kept, onActive: onActive, badRow: badRow };",
    );
    assert_eq!(
        got,
        json!({
            "before": null, "again": "You can't create a filter in a sheet that already has a filter.",
            "hidden": [3, 5], "criteria": ["NUMBER_GREATER_THAN", [10], null],
            "outside": "The column position is out of range.",
            "sorted": ["Ana", "Cy", "Bo", "Di"],
            "moved": ["B1:D5", "NUMBER_GREATER_THAN"], "byValue": [5],
            "viaRange": "B1:D5", "after": null, "removed": "The filter no longer exists on this sheet.",
            "kept": ["", "", "", "Di"], "onActive": true, "badRow": "Those rows are out of bounds.",
        })
    );
}

/// Builders change in place, copies are apart; a custom formula is not evaluated: asking
/// whether a row is hidden by one is a named gap, never a guess.
#[test]
fn filter_criteria_builders_and_the_custom_formula_gap() {
    let got = eval_book(
        "var b = SpreadsheetApp.newFilterCriteria().setVisibleValues(['a', 'b']);
         var copy = b.build().copy().setHiddenValues(['c']);
         var lists = [b.getVisibleValues(), b.getHiddenValues(), copy.getVisibleValues(), copy.getHiddenValues()];
         var when = SpreadsheetApp.newFilterCriteria().whenDateBefore(new Date(Date.UTC(2025, 0, 2)));
         var date = when.getCriteriaValues()[0] instanceof Date;
         var wrong = '';
         try { SpreadsheetApp.newFilterCriteria().withCriteria(SpreadsheetApp.BooleanCriteria.NUMBER_BETWEEN, [1]); }
         catch (e) { wrong = e.message; }
         SHEET.getRange('A1:A3').setValues([['h'], [1], [2]]);
         var f = SHEET.getRange('A1:A3').createFilter();
         f.setColumnFilterCriteria(1, SpreadsheetApp.newFilterCriteria().whenFormulaSatisfied('=A2>1').build());
         var gap = '';
         try { SHEET.isRowHiddenByFilter(2); } catch (e) { gap = e.message; }
         return [lists, date, wrong, gap];",
    );
    assert_eq!(
        got,
        json!([
            [["a", "b"], [], [], ["c"]],
            true,
            "The criteria NUMBER_BETWEEN takes 2 values, not 1.",
            "gas-sim does not implement Sheet.isRowHiddenByFilter() with CUSTOM_FORMULA criteria"
        ])
    );
}

#[test]
fn the_pdf_export_holds_the_visible_sheets_as_shown_and_mail_attaches_it() {
    let world = new_world();
    let got = result(&run_in(
        &world,
        "Europe/Istanbul",
        "function main() {
           var ss = SpreadsheetApp.create('Sales.2025 Q3');
           ss.getSheets()[0].getRange('A1:C2').setValues([['Region', 'Total', 'When'],
                                                         ['North', 1234.5, new Date('2025-06-16T08:00:00Z')]]);
           var hidden = ss.insertSheet('Salaries');
           hidden.getRange('A1').setValue('secret');
           hidden.hideSheet();
           var pdf = ss.getAs(MimeType.PDF);
           var text = pdf.getDataAsString();
           var refused = '';
           try { ss.getAs('text/csv'); } catch (e) { refused = e.message; }
           MailApp.sendEmail({ to: 'boss@example.com', subject: 'Q3', body: 'attached', attachments: [ss.getBlob()] });
           return { name: pdf.getName(), type: pdf.getContentType(), head: text.slice(0, 5),
                    row: text.indexOf('(North   1234.5   6/16/2025 11:00:00)') > 0,
                    hidden: text.indexOf('secret') >= 0, blob: ss.getBlob().getName(), refused: refused };
         }",
        "main",
        START_UTC_MS,
    ));
    assert_eq!(
        got,
        json!({ "name": "Sales.pdf", "type": "application/pdf", "head": "%PDF-", "row": true, "hidden": false,
                "blob": "Sales.pdf",
                "refused": "Converting from application/vnd.google-apps.spreadsheet to text/csv is not supported." })
    );
    let state = state(&world);
    let attachment = &state.mail.sent[0].mail.attachments[0];
    assert_eq!((attachment.name.as_str(), attachment.content_type.as_str()), ("Sales.pdf", "application/pdf"));
}
