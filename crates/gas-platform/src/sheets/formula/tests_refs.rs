//! References that follow the spreadsheet's objects: named ranges in formulas, sheets
//! renamed or deleted, copies, and the text Sheets normalises a formula to on entry.

use chrono_tz::Tz;

use super::super::{RangeRef, SheetRef, Spreadsheets};
use crate::time::parse_zone;
use crate::CellValue;

fn utc() -> Tz {
    parse_zone("UTC").unwrap()
}

fn fresh() -> (Spreadsheets, SheetRef) {
    let mut store = Spreadsheets::new();
    let id = store.create("Book").unwrap();
    let sheet = store.get_sheets(&id).unwrap()[0].clone();
    (store, sheet)
}

fn at(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
    store.get_range_a1(sheet, a1).unwrap()
}

/// Writes as a script does (setValue), then recalculates as the binding does.
fn put(store: &mut Spreadsheets, sheet: &SheetRef, a1: &str, value: CellValue) {
    let range = at(store, sheet, a1);
    store.set_value(&range, value, utc()).unwrap();
    store.recalculate_stale(0, utc());
}

fn value(store: &mut Spreadsheets, sheet: &SheetRef, a1: &str) -> CellValue {
    store.recalculate_stale(0, utc());
    store.get_value(&at(store, sheet, a1)).unwrap()
}

fn formula(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> String {
    store.get_formula(&at(store, sheet, a1)).unwrap()
}

fn n(x: f64) -> CellValue {
    CellValue::Number(x)
}

fn s(text: &str) -> CellValue {
    CellValue::String(text.to_string())
}

fn numbers(store: &mut Spreadsheets, sheet: &SheetRef, column: &str, values: &[f64]) {
    for (row, x) in (1..).zip(values) {
        put(store, sheet, &format!("{column}{row}"), n(*x));
    }
}

#[test]
fn a_named_range_in_a_formula_reads_its_cells_and_follows_its_changes() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    numbers(&mut store, &sheet, "A", &[1.0, 2.0, 3.0, 10.0]);
    put(&mut store, &sheet, "C1", s("=SUM(Totals)"));
    assert_eq!(value(&mut store, &sheet, "C1"), s("#NAME?"), "no such name yet: as in Sheets");
    store.set_named_range(&id, "Totals", &at(&store, &sheet, "A1:A3")).unwrap();
    assert_eq!(value(&mut store, &sheet, "C1"), n(6.0));
    put(&mut store, &sheet, "C2", s("=totals*2"));
    put(&mut store, &sheet, "A2", n(20.0));
    assert_eq!(value(&mut store, &sheet, "C1"), n(24.0), "names ignore case; results follow the cells");
    // Rows inserted inside the range grow it: the formula sums the new row too.
    store.insert_rows_before(&sheet, 2, 1).unwrap();
    put(&mut store, &sheet, "A2", n(100.0));
    assert_eq!(value(&mut store, &sheet, "C1"), n(124.0));
    // A new range for the name; then a rename, which the formulas follow.
    store.set_named_range(&id, "Totals", &at(&store, &sheet, "A5:A5")).unwrap();
    assert_eq!(value(&mut store, &sheet, "C1"), n(10.0));
    store.rename_named_range(&id, "Totals", "Sums").unwrap();
    assert_eq!(formula(&store, &sheet, "C1"), "=SUM(Sums)");
    assert_eq!(formula(&store, &sheet, "C3"), "=Sums*2", "C2 moved down with the inserted row");
    assert_eq!(value(&mut store, &sheet, "C1"), n(10.0));
    store.remove_named_range(&id, "Sums").unwrap();
    assert_eq!(value(&mut store, &sheet, "C1"), s("#NAME?"));
    assert_eq!(formula(&store, &sheet, "C1"), "=SUM(Sums)", "the text stays");
}

#[test]
fn a_named_range_on_another_sheet_with_a_spaced_name_is_read() {
    let (mut store, sheet) = fresh();
    let other = store.insert_sheet(&sheet.spreadsheet_id, Some("Tax rates")).unwrap();
    put(&mut store, &other, "B2", n(0.2));
    store.set_named_range(&sheet.spreadsheet_id, "rate", &at(&store, &other, "B2")).unwrap();
    put(&mut store, &sheet, "A1", s("=100*rate"));
    assert_eq!(value(&mut store, &sheet, "A1"), n(20.0));
}

#[test]
fn a_renamed_sheet_is_renamed_in_formulas_and_a_deleted_one_reads_ref() {
    let (mut store, sheet) = fresh();
    let other = store.insert_sheet(&sheet.spreadsheet_id, Some("Old name")).unwrap();
    put(&mut store, &other, "A1", n(5.0));
    put(&mut store, &sheet, "A1", s("='Old name'!A1+1"));
    put(&mut store, &sheet, "A2", s("=\"Old name\"&'old NAME'!A1"));
    put(&mut store, &other, "B1", s("=A1*2"));
    store.rename_sheet(&other, "New name").unwrap();
    assert_eq!(formula(&store, &sheet, "A1"), "='New name'!A1+1");
    assert_eq!(formula(&store, &sheet, "A2"), "=\"Old name\"&'New name'!A1", "text is not a reference");
    assert_eq!(value(&mut store, &sheet, "A1"), n(6.0));
    store.rename_sheet(&other, "Data").unwrap();
    assert_eq!(formula(&store, &sheet, "A1"), "=Data!A1+1", "a plain name needs no quotes");
    store.delete_sheet(&other).unwrap();
    assert_eq!(formula(&store, &sheet, "A1"), "=#REF!+1");
    assert_eq!(value(&mut store, &sheet, "A1"), s("#REF!"));
    // A new sheet with the old name does not bring the reference back.
    let again = store.insert_sheet(&sheet.spreadsheet_id, Some("Data")).unwrap();
    put(&mut store, &again, "A1", n(1.0));
    assert_eq!(value(&mut store, &sheet, "A1"), s("#REF!"));
}

#[test]
fn copies_of_a_sheet_and_a_spreadsheet_keep_their_formulas_computed() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    numbers(&mut store, &sheet, "A", &[1.0, 2.0]);
    put(&mut store, &sheet, "B1", s("=SUM(A1:A2)"));
    let copy = store.copy_sheet(&sheet, &id, true).unwrap();
    put(&mut store, &copy, "A1", n(40.0));
    assert_eq!(value(&mut store, &copy, "B1"), n(42.0), "the copy computes on its own cells");
    assert_eq!(value(&mut store, &sheet, "B1"), n(3.0));
    let other_id = store.copy_spreadsheet(&id, "Copy").unwrap();
    let other = store.get_sheets(&other_id).unwrap()[0].clone();
    assert_eq!(value(&mut store, &other, "B1"), n(3.0));
    put(&mut store, &other, "A2", n(8.0));
    assert_eq!(value(&mut store, &other, "B1"), n(9.0));
    assert_eq!(formula(&store, &other, "B1"), "=SUM(A1:A2)");
}

#[test]
fn formula_text_is_normalised_on_entry_except_inside_strings() {
    let (mut store, sheet) = fresh();
    numbers(&mut store, &sheet, "A", &[1.0, 2.0, 3.0]);
    put(&mut store, &sheet, "B1", s("=sum(a1:a3)"));
    assert_eq!(formula(&store, &sheet, "B1"), "=SUM(A1:A3)");
    assert_eq!(value(&mut store, &sheet, "B1"), n(6.0));
    store.set_formula(&at(&store, &sheet, "B2"), "=if(a1>0,\"sum(a1)\",false)").unwrap();
    assert_eq!(formula(&store, &sheet, "B2"), "=IF(A1>0,\"sum(a1)\",FALSE)");
    assert_eq!(value(&mut store, &sheet, "B2"), s("sum(a1)"));
}

#[test]
fn a_formula_whose_result_is_empty_text_is_content_for_the_last_row() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A1", n(1.0));
    put(&mut store, &sheet, "C4", s("=IF(A1>5,\"big\",\"\")"));
    assert_eq!(value(&mut store, &sheet, "C4"), CellValue::Empty, "reads as an empty cell");
    assert_eq!((store.last_row(&sheet).unwrap(), store.last_column(&sheet).unwrap()), (4, 3), "but it is content");
    store.append_row(&sheet, vec![n(9.0)], utc()).unwrap();
    assert_eq!(value(&mut store, &sheet, "A5"), n(9.0), "appendRow writes below it");
}

#[test]
fn array_results_spill_into_the_cells_beside_and_retreat_when_they_shrink() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A1", s("=SEQUENCE(3)"));
    put(&mut store, &sheet, "C1", s("=SEQUENCE(1,3,10)"));
    let grid = |store: &mut Spreadsheets, a1: &str| {
        store.recalculate_stale(0, utc());
        store.get_values(&at(store, &sheet, a1)).unwrap()
    };
    assert_eq!(grid(&mut store, "A1:A3"), vec![vec![n(1.0)], vec![n(2.0)], vec![n(3.0)]]);
    assert_eq!(grid(&mut store, "C1:E1"), vec![vec![n(10.0), n(11.0), n(12.0)]]);
    assert_eq!(formula(&store, &sheet, "A2"), "", "a spilled cell has no formula");
    assert!(store.take_formula_gaps().is_empty(), "spilling functions are no gaps");
    put(&mut store, &sheet, "A1", s("=SEQUENCE(2)"));
    assert_eq!(grid(&mut store, "A1:A3"), vec![vec![n(1.0)], vec![n(2.0)], vec![CellValue::Empty]]);
    // A value in the way: the array cannot spill (Sheets: #REF!, "would overwrite data").
    put(&mut store, &sheet, "A2", s("x"));
    assert_eq!(grid(&mut store, "A1:A2"), vec![vec![s("#REF!")], vec![s("x")]]);
    put(&mut store, &sheet, "A2", CellValue::Empty);
    assert_eq!(grid(&mut store, "A1:A2"), vec![vec![n(1.0)], vec![n(2.0)]]);
}

#[test]
fn a_moved_spill_spills_again_where_its_formula_lands() {
    // The spilled cells are results: a block move takes the formula, not the values.
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A1", s("=SEQUENCE(3)"));
    let from = at(&store, &sheet, "A1:A3");
    store.move_to(&from, &at(&store, &sheet, "C1")).unwrap();
    let grid = |store: &mut Spreadsheets, a1: &str| {
        store.recalculate_stale(0, utc());
        store.get_values(&at(store, &sheet, a1)).unwrap()
    };
    assert_eq!(grid(&mut store, "C1:C3"), vec![vec![n(1.0)], vec![n(2.0)], vec![n(3.0)]]);
    assert_eq!(grid(&mut store, "A1:A3"), vec![vec![CellValue::Empty]; 3]);
}

#[test]
fn filter_and_unique_spill_and_a_spill_survives_a_state_round_trip() {
    let (mut store, sheet) = fresh();
    for (row, (name, score)) in (1..).zip([("ana", 3.0), ("bo", 9.0), ("ana", 7.0)]) {
        put(&mut store, &sheet, &format!("A{row}"), s(name));
        put(&mut store, &sheet, &format!("B{row}"), n(score));
    }
    put(&mut store, &sheet, "D1", s("=UNIQUE(A1:A3)"));
    put(&mut store, &sheet, "E1", s("=FILTER(B1:B3,B1:B3>5)"));
    put(&mut store, &sheet, "F1", s("=FILTER(B1:B3,B1:B3>50)"));
    let grid = |store: &Spreadsheets, a1: &str| store.get_values(&at(store, &sheet, a1)).unwrap();
    assert_eq!(grid(&store, "D1:E2"), vec![vec![s("ana"), n(9.0)], vec![s("bo"), n(7.0)]]);
    assert_eq!(grid(&store, "F1"), vec![vec![s("#N/A")]], "no match: #N/A as in Sheets");
    let json = serde_json::to_string(&store).unwrap();
    let mut loaded: Spreadsheets = serde_json::from_str(&json).unwrap();
    loaded.recalculate_stale(0, utc());
    assert_eq!(grid(&loaded, "D1:E2"), grid(&store, "D1:E2"), "spilled values are results, not inputs");
}

#[test]
fn copied_and_filled_formulas_move_their_relative_references() {
    use crate::sheets::CopyMode;
    let all = CopyMode { contents: true, values_only: false, formats: true, validations: true, transposed: false };
    let (mut store, sheet) = fresh();
    numbers(&mut store, &sheet, "A", &[1.0, 2.0, 3.0, 4.0]);
    put(&mut store, &sheet, "B1", s("=A1*10+$A$1"));
    store.copy_to(&at(&store, &sheet, "B1"), &at(&store, &sheet, "C3"), all).unwrap();
    assert_eq!(formula(&store, &sheet, "C3"), "=B3*10+$A$1");
    let transposed = CopyMode { transposed: true, ..all };
    put(&mut store, &sheet, "E1", s("=A1"));
    put(&mut store, &sheet, "E2", s("=A2"));
    store.copy_to(&at(&store, &sheet, "E1:E2"), &at(&store, &sheet, "F5"), transposed).unwrap();
    assert_eq!((formula(&store, &sheet, "F5"), formula(&store, &sheet, "G5")), ("=B5".into(), "=C5".into()));
    store.auto_fill(&at(&store, &sheet, "B1"), &at(&store, &sheet, "B1:B4"), true).unwrap();
    assert_eq!(formula(&store, &sheet, "B4"), "=A4*10+$A$1");
    assert_eq!(value(&mut store, &sheet, "B4"), n(41.0));
}

#[test]
fn references_follow_cells_moved_by_move_to_and_shifted_cells() {
    use crate::sheets::shift::Dim;
    let (mut store, sheet) = fresh();
    numbers(&mut store, &sheet, "A", &[1.0, 2.0, 3.0]);
    put(&mut store, &sheet, "B1", s("=A1*2"));
    put(&mut store, &sheet, "C1", s("=B1+1"));
    put(&mut store, &sheet, "C2", s("=SUM(A1:B1)"));
    store.move_to(&at(&store, &sheet, "A1:B1"), &at(&store, &sheet, "A5")).unwrap();
    assert_eq!(formula(&store, &sheet, "B5"), "=A5*2", "a reference inside the moved cells moves");
    assert_eq!(formula(&store, &sheet, "C1"), "=B5+1");
    assert_eq!(formula(&store, &sheet, "C2"), "=SUM(A5:B5)");
    assert_eq!(value(&mut store, &sheet, "C1"), n(3.0));
    // Onto cells a formula names: the reference is lost.
    put(&mut store, &sheet, "D1", s("=E1"));
    store.move_to(&at(&store, &sheet, "A2"), &at(&store, &sheet, "E1")).unwrap();
    assert_eq!(formula(&store, &sheet, "D1"), "=#REF!");
    // To another sheet: the references name it.
    let other = store.insert_sheet(&sheet.spreadsheet_id, Some("Archive")).unwrap();
    store.move_to(&at(&store, &sheet, "A5:B5"), &at(&store, &other, "A1")).unwrap();
    assert_eq!(formula(&store, &sheet, "C1"), "=Archive!B1+1");
    assert_eq!(formula(&store, &other, "B1"), "=A1*2");
    assert_eq!(value(&mut store, &sheet, "C1"), n(3.0));
    // insertCells / deleteCells shift the cells under a range.
    put(&mut store, &sheet, "G1", s("=A3"));
    store.shift_cells(&at(&store, &sheet, "A2"), Dim::Rows, true).unwrap();
    assert_eq!(formula(&store, &sheet, "G1"), "=A4");
    store.shift_cells(&at(&store, &sheet, "A4"), Dim::Rows, false).unwrap();
    assert_eq!(formula(&store, &sheet, "G1"), "=#REF!");
}

#[test]
fn references_follow_moved_rows() {
    let (mut store, sheet) = fresh();
    numbers(&mut store, &sheet, "A", &[1.0, 2.0, 3.0]);
    put(&mut store, &sheet, "C1", s("=A3*10"));
    put(&mut store, &sheet, "C2", s("=SUM(A1:A3)"));
    // Row 3 to the top: C1 (now row 2) still reads the old A3 (now A1).
    store.move_lines(&at(&store, &sheet, "A3"), crate::sheets::shift::Dim::Rows, 1).unwrap();
    assert_eq!(formula(&store, &sheet, "C2"), "=A1*10");
    assert_eq!(value(&mut store, &sheet, "C2"), n(30.0));
    assert_eq!(formula(&store, &sheet, "C3"), "=SUM(A1:A3)", "a range whose corners move apart keeps its cells");
}

#[test]
fn a_sorted_formula_reads_its_own_new_row() {
    let (mut store, sheet) = fresh();
    for (row, (a, b)) in (1..).zip([(3.0, 10.0), (1.0, 20.0), (2.0, 30.0)]) {
        put(&mut store, &sheet, &format!("A{row}"), n(a));
        put(&mut store, &sheet, &format!("B{row}"), n(b));
        put(&mut store, &sheet, &format!("C{row}"), s(&format!("=A{row}*B{row}+$B$1")));
    }
    store.sort_range(&at(&store, &sheet, "A1:C3"), &[(1, true)]).unwrap();
    assert_eq!(formula(&store, &sheet, "C1"), "=A1*B1+$B$1", "row 2's formula, now in row 1");
    assert_eq!(formula(&store, &sheet, "C3"), "=A3*B3+$B$1");
    let grid = |store: &mut Spreadsheets| {
        store.recalculate_stale(0, utc());
        store.get_values(&at(store, &sheet, "C1:C3")).unwrap()
    };
    // Sorted: (1, 20), (2, 30), (3, 10); $B$1 is now 20.
    assert_eq!(grid(&mut store), vec![vec![n(40.0)], vec![n(80.0)], vec![n(50.0)]]);
}
