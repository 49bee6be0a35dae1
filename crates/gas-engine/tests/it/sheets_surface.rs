//! The "surface" part of SpreadsheetApp seen from a script: `Spreadsheet.getRange(a1)`,
//! `getSheetValues`, `setSpreadsheetTimeZone` driving formulas, display and typed text,
//! the selection beyond one range (range lists, the current cell, getNextDataRange) in a
//! trigger and in a user's session, sheet and calculation settings, toast, open A1
//! bounds, `canEdit`, `splitTextToColumns`, `addMenu`.

use crate::support;

use gas_engine::ExecutionSpec;
use gas_platform::container::{Invocation, InvocationKind, MenuEntry};
use gas_platform::sheets::{Sheet, Spreadsheet};
use serde_json::json;
use support::*;

/// `SS` is a new spreadsheet, `S` its first sheet.
fn eval_book(body: &str) -> serde_json::Value {
    eval(&format!(
        "function main() {{\n  var SS = SpreadsheetApp.create('Book');\n  var S = SS.getSheets()[0];\n  {body}\n}}"
    ))
}

fn thrown_book(body: &str) -> String {
    thrown(&format!("var SS = SpreadsheetApp.create('Book'); var S = SS.getSheets()[0]; {body}"))
}

#[test]
fn spreadsheet_get_range_names_a_sheet_or_the_active_one() {
    let got = eval_book(
        "var two = SS.insertSheet('Sheet 2');
         two.getRange('A1:B3').setValues([[1, 2], [3, 4], [5, 6]]);
         S.getRange('A1').setValue('first');
         var named = SS.getRange(\"'Sheet 2'!A2:B3\");
         var before = SS.getRange('A1').getValue();
         SS.setActiveSheet(two);
         var after = SS.getRange('A1').getValue();
         return [named.getSheet().getName(), named.getA1Notation(), before, after,
                 two.getSheetValues(1, 1, -1, -1), two.getSheetValues(2, 2, -1, 1), SS.getSheetValues(3, 1, 1, 2),
                 S.getSheetValues(4, 1, -1, -1)];",
    );
    assert_eq!(got, json!(["Sheet 2", "A2:B3", "first", 1, [[1, 2], [3, 4], [5, 6]], [[4], [6]], [[5, 6]], []]));
    assert!(thrown_book("SS.getRange(\"'Nope'!A1\")").starts_with("Exception: Range not found"));
    let small = thrown_book("S.getSheetValues(0, 1, 1, 1)");
    assert_eq!(small, "Exception: The starting row of the range is too small.");
}

#[test]
fn open_a1_ranges_say_which_ends_are_bounded() {
    let got = eval_book(
        "var ends = function (r) { return [r.isStartRowBounded(), r.isEndRowBounded(),
                                          r.isStartColumnBounded(), r.isEndColumnBounded()]; };
         return [ends(S.getRange('A:B')), ends(S.getRange('2:3')), ends(S.getRange('A2:B')),
                 ends(S.getRange('B2:C3')), ends(S.getRange(1, 1, 2, 2)), ends(SS.getRange('Sheet1!C:C')),
                 S.getRange('A:B').getA1Notation()];",
    );
    let all = json!([true, true, true, true]);
    assert_eq!(
        got,
        json!([
            [false, false, true, true],
            [true, true, false, false],
            [true, false, true, true],
            all,
            all,
            [false, false, true, true],
            "A:B"
        ])
    );
}

#[test]
fn the_spreadsheet_zone_drives_now_display_and_typed_dates() {
    let got = eval_book(
        "SS.setSpreadsheetTimeZone('Asia/Tokyo');
         S.getRange('A1').setValue('2025-06-13 09:00');
         S.getRange('B1').setValue(new Date('2025-06-13T16:00:00Z'));
         S.getRange('C1').setFormula('=HOUR(NOW())');
         var tokyo = [SS.getSpreadsheetTimeZone(), S.getRange('A1').getValue().toISOString(),
                      S.getRange('B1').getDisplayValue(), S.getRange('C1').getValue()];
         SS.setSpreadsheetTimeZone('America/Los_Angeles');
         S.getRange('A2').setValue('2025-06-13 09:00');
         var la = [SS.getSpreadsheetTimeZone(), S.getRange('A2').getValue().toISOString(),
                   S.getRange('B1').getDisplayValue(), S.getRange('C1').getValue()];
         return [tokyo, la];",
    );
    // The script's zone is UTC and the virtual clock 2025-06-13 09:00 UTC.
    assert_eq!(
        got,
        json!([
            ["Asia/Tokyo", "2025-06-13T00:00:00.000Z", "6/14/2025 1:00:00", 18],
            ["America/Los_Angeles", "2025-06-13T16:00:00.000Z", "6/13/2025 9:00:00", 2]
        ])
    );
    assert_eq!(thrown_book("SS.setSpreadsheetTimeZone('Mars/Olympus')"), "Exception: Invalid argument: timeZone");
}

#[test]
fn range_lists_and_the_current_cell_in_the_executions_selection() {
    let got = eval_book(
        "var a1 = function (r) { return r.getA1Notation(); };
         S.getRangeList(['A1:B4', 'D1:E4']).activate();
         var sel = S.getSelection();
         var listed = [a1(sel.getCurrentCell()), a1(sel.getActiveRange()), sel.getActiveRangeList().getRanges().map(a1)];
         SS.setCurrentCell(S.getRange('B2'));
         var inside = [a1(SS.getCurrentCell()), a1(SS.getActiveRange()), SS.getActiveRangeList().getRanges().map(a1)];
         S.getRange('H9').activateAsCurrentCell();
         var outside = [a1(S.getActiveRange()), S.getActiveRangeList().getRanges().length];
         SS.setActiveSelection('C3:D4');
         var byA1 = [a1(SS.getActiveRange()), a1(S.getCurrentCell())];
         S.setActiveSelection(S.getRange('E5'));
         var cell = a1(S.getActiveCell());
         SpreadsheetApp.setActiveSpreadsheet(SS);
         var app = [SpreadsheetApp.getActiveSpreadsheet().getName(), a1(SpreadsheetApp.getActiveRange())];
         SpreadsheetApp.setActiveRangeList(S.getRangeList(['A1', 'C1']));
         SpreadsheetApp.setCurrentCell(S.getRange('A1'));
         var appList = [a1(SpreadsheetApp.getActiveRange()), SpreadsheetApp.getActiveRangeList().getRanges().map(a1)];
         S.getRange('A1:A5').setValues([[1], [2], [3], [4], [5]]);
         S.getRange('A1').activate();
         var down = a1(SS.getSelection().getNextDataRange(SpreadsheetApp.Direction.DOWN));
         return [listed, inside, outside, byA1, cell, app, appList, down];",
    );
    assert_eq!(
        got,
        json!([
            ["D1", "D1:E4", ["A1:B4", "D1:E4"]],
            ["B2", "A1:B4", ["D1:E4", "A1:B4"]],
            ["H9", 1],
            ["C3:D4", "C3"],
            "E5",
            ["Book", "E5"],
            ["A1", ["C1", "A1"]],
            "A1:A5"
        ])
    );
    let err = thrown_book("S.getRange('A1:B2').activateAsCurrentCell()");
    assert_eq!(err, "Exception: The current cell must be a single cell.");
}

#[test]
fn delete_active_sheet_leaves_the_first_sheet_active() {
    let got = eval_book(
        "var two = SS.insertSheet('Two');
         two.activate();
         var next = SS.deleteActiveSheet();
         return [next.getName(), SS.getSheets().length, SS.getActiveSheet().getName()];",
    );
    assert_eq!(got, json!(["Sheet1", 1, "Sheet1"]));
    let only = thrown_book("SS.deleteActiveSheet()");
    assert!(only.starts_with("Exception: "), "{only}");
}

#[test]
fn sheet_and_calculation_settings_read_back_with_their_limits() {
    let got = eval_book(
        "S.setTabColor('Red');
         var red = S.getTabColor();
         S.setTabColor(null).setRightToLeft(true).setHiddenGridlines(true);
         var sheet = [red, S.getTabColor(), S.isRightToLeft(), S.hasHiddenGridlines(), String(S.getType()),
                      S.getType() === SpreadsheetApp.SheetType.GRID];
         var defaults = [SS.isIterativeCalculationEnabled(), SS.getMaxIterativeCalculationCycles(),
                         SS.getIterativeCalculationConvergenceThreshold(), String(SS.getRecalculationInterval())];
         SS.setIterativeCalculationEnabled(true).setMaxIterativeCalculationCycles(10000)
           .setIterativeCalculationConvergenceThreshold(0.001)
           .setRecalculationInterval(SpreadsheetApp.RecalculationInterval.HOUR);
         var set = [SS.isIterativeCalculationEnabled(), SS.getMaxIterativeCalculationCycles(),
                    SS.getIterativeCalculationConvergenceThreshold(),
                    SS.getRecalculationInterval() === SpreadsheetApp.RecalculationInterval.HOUR];
         return [sheet, defaults, set, SS.toast('Imported 3 rows', 'Import', 5)];",
    );
    assert_eq!(
        got,
        json!([
            ["#ff0000", null, true, true, "GRID", true],
            [false, 50, 0.05, "ON_CHANGE"],
            [true, 10000, 0.001, true],
            null
        ])
    );
    let cycles = thrown_book("SS.setMaxIterativeCalculationCycles(0)");
    assert_eq!(cycles, "Exception: Invalid argument: maxIterativeCalculationCycles");
    let threshold = thrown_book("SS.setIterativeCalculationConvergenceThreshold(-1)");
    assert_eq!(threshold, "Exception: Invalid argument: minThreshold");
    assert_eq!(thrown_book("S.setTabColor('reddish')"), "Exception: Invalid argument: color");
}

#[test]
fn vertical_text_and_hyperlink_display_through_range_and_range_list() {
    let got = eval_book(
        "S.getRange('A1').setTextRotation(45);
         S.getRangeList(['A1', 'B2']).setVerticalText(true).setShowHyperlink(false);
         var stacked = [S.getRange('A1').getTextRotation().isVertical(), S.getRange('A1').getTextRotation().getDegrees(),
                        S.getRange('B2').getTextRotations()[0][0].isVertical(), S.getRange('C3').getTextRotation().isVertical()];
         S.getRange('C3').setTextRotation(S.getRange('A1').getTextRotation());
         var copied = S.getRange('C3').getTextRotation().isVertical();
         S.getRange('A1').setTextRotation(30);
         S.getRange('B2').setVerticalText(false);
         return [stacked, copied, S.getRange('A1').getTextRotation().isVertical(), S.getRange('A1').getTextRotation().getDegrees(),
                 S.getRange('B2').getTextRotation().isVertical()];",
    );
    assert_eq!(got, json!([[true, 0, true, false], true, false, 30, false]));
}

#[test]
fn a_toast_is_in_the_trace_with_its_message() {
    let report = run("function main() { SpreadsheetApp.create('Book').toast('Imported 3 rows', 'Import'); }", "main");
    let toast = report.calls.items.iter().find(|call| call.method == "Spreadsheet.toast").expect("traced");
    assert!(toast.args.contains("Imported 3 rows") && toast.args.contains("Import"), "{}", toast.args);
}

#[test]
fn split_text_to_columns_in_its_three_forms() {
    let got = eval_book(
        "S.getRange('A1:A2').setValues([['a,1'], ['b;2']]);
         S.getRange('A1:A2').splitTextToColumns();
         var auto = S.getRange('A1:B2').getValues();
         S.getRange('A2').splitTextToColumns(SpreadsheetApp.TextToColumnsDelimiter.SEMICOLON);
         S.getRange('D1').setValue('x|y|z');
         S.getRange('D1').splitTextToColumns('|');
         return [auto, S.getRange('A2:B2').getValues(), S.getRange('D1:F1').getValues()];",
    );
    assert_eq!(got, json!([[["a", 1], ["b;2", ""]], [["b", 2]], [["x", "y", "z"]]]));
    let wide = thrown_book("S.getRange('A1:B1').splitTextToColumns()");
    assert_eq!(wide, "Exception: Split text to columns works on a range of one column.");
}

const BOUND: &str = "bound-1";
const ANA: &str = "ana@example.com";

fn bound(src: &str) -> (SharedWorld, gas_engine::Project) {
    let world = new_world();
    let sheets = vec![Sheet::new(0, "Orders"), Sheet::new(3, "Log")];
    state(&world).spreadsheets.add(Spreadsheet::with_sheets(BOUND, "Bound", None, sheets).unwrap()).unwrap();
    let mut project = project("UTC", src);
    project.container_id = Some(BOUND.into());
    (world, project)
}

fn run_as(
    world: &SharedWorld,
    project: &gas_engine::Project,
    function: &str,
    invocation: Invocation,
) -> serde_json::Value {
    let mut spec = ExecutionSpec::new(1, function, START_UTC_MS, SEED);
    spec.invocation = invocation;
    result(&run_spec(world, project, "UTC", &spec))
}

const SELECTING: &str = "function pick() {
  var log = SpreadsheetApp.getActive().getSheetByName('Log');
  log.getRangeList(['A1:B2', 'D4']).activate();
  return where();
}
function where() {
  var ss = SpreadsheetApp.getActive();
  return [ss.getActiveRangeList().getRanges().map(function (r) { return r.getA1Notation(); }),
          ss.getCurrentCell().getA1Notation()];
}
function menus() {
  var ss = SpreadsheetApp.getActive();
  ss.addMenu('Tools', [{name: 'Run', functionName: 'run'}, null, {name: 'Other', functionName: 'other'}]);
  ss.addMenu('Gone', [{name: 'X', functionName: 'x'}]);
  ss.updateMenu('Tools', [{name: 'Only', functionName: 'only'}]);
  ss.removeMenu('Gone');
}
function edit() {
  var log = SpreadsheetApp.getActive().getSheetByName('Log');
  return [log.getRange('A1').canEdit(), log.getRange('C1:C3').canEdit(), log.getRange('D1').canEdit()];
}
function protectA() {
  var log = SpreadsheetApp.getActive().getSheetByName('Log');
  log.getRange('A1:B2').protect().setDescription('Totals');
  var sheetWide = log.protect();
  sheetWide.setUnprotectedRanges([log.getRange('C1:C9')]);
  sheetWide.addEditor('ana@example.com');
}";

#[test]
fn a_selection_list_is_the_executions_in_a_trigger_and_the_users_in_a_session() {
    let (world, project) = bound(SELECTING);
    let trigger = Invocation::of(InvocationKind::TimeTrigger);
    assert_eq!(run_as(&world, &project, "pick", trigger.clone()), json!([["A1:B2", "D4"], "D4"]));
    // A trigger has no user: the next one starts again from the first sheet's A1.
    assert_eq!(run_as(&world, &project, "where", trigger), json!([["A1"], "A1"]));
    let menu = Invocation::by_user(InvocationKind::MenuItem, ANA);
    assert_eq!(run_as(&world, &project, "pick", menu.clone()), json!([["A1:B2", "D4"], "D4"]));
    assert_eq!(run_as(&world, &project, "where", menu), json!([["A1:B2", "D4"], "D4"]), "the page keeps it");
}

#[test]
fn add_menu_shows_on_the_users_page_and_nothing_happens_without_one() {
    let (world, project) = bound(SELECTING);
    run_as(&world, &project, "menus", Invocation::by_user(InvocationKind::OnOpen, ANA));
    let menus = state(&world).ui.sessions[ANA].menus.clone();
    assert_eq!(menus.len(), 1);
    assert_eq!(menus[0].caption, "Tools");
    assert_eq!(menus[0].entries, vec![MenuEntry::Item { caption: "Only".into(), function: "only".into() }]);
    run_as(&world, &project, "menus", Invocation::of(InvocationKind::TimeTrigger));
    assert_eq!(state(&world).ui.sessions.len(), 1, "a trigger shows no menu");
}

#[test]
fn can_edit_follows_the_protections_for_the_user_running() {
    let (world, project) = bound(SELECTING);
    assert_eq!(run_as(&world, &project, "edit", Invocation::of(InvocationKind::Manual)), json!([true, true, true]));
    run_as(&world, &project, "protectA", Invocation::of(InvocationKind::Manual));
    // The owner (the account) may edit everything; ana only outside the range protection
    // (she is an editor of the sheet protection); bob only the unprotected column C.
    let owner = run_as(&world, &project, "edit", Invocation::of(InvocationKind::Manual));
    assert_eq!(owner, json!([true, true, true]));
    let ana = run_as(&world, &project, "edit", Invocation::by_user(InvocationKind::MenuItem, ANA));
    assert_eq!(ana, json!([false, true, true]));
    let bob = run_as(&world, &project, "edit", Invocation::by_user(InvocationKind::MenuItem, "bob@example.com"));
    assert_eq!(bob, json!([false, true, false]));
}
