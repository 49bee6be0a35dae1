//! The formula rules, one test each (results as Sheets shows them).

use chrono_tz::Tz;

use super::super::{RangeRef, SheetRef, Spreadsheets};
use super::*;
use crate::sheets::shift::{Dim, Shift};
use crate::time::{iso_utc, parse_iso_utc, parse_zone};
use crate::CellValue;

const NOW_ISO: &str = "2025-06-13T21:30:00.000Z";

fn zone(name: &str) -> Tz {
    parse_zone(name).unwrap()
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
    store.set_value(&range, value, zone("UTC")).unwrap();
    store.recalculate_stale(parse_iso_utc(NOW_ISO).unwrap(), zone("UTC"));
}

fn value(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> CellValue {
    store.get_value(&at(store, sheet, a1)).unwrap()
}

fn n(x: f64) -> CellValue {
    CellValue::Number(x)
}

fn s(text: &str) -> CellValue {
    CellValue::String(text.to_string())
}

#[test]
fn half_open_ranges_evaluate_to_the_sheet_s_edge_and_keep_their_text() {
    let (mut store, sheet) = fresh();
    for (i, x) in [1.0, 2.0, 3.0, 4.0].into_iter().enumerate() {
        put(&mut store, &sheet, &format!("A{}", i + 1), n(x));
    }
    put(&mut store, &sheet, "B1", s("=SUM(A2:A)"));
    put(&mut store, &sheet, "C1", s("=COUNT(A3:3)"));
    put(&mut store, &sheet, "D1", s("=SUM(Sheet1!$A$3:$A)"));
    put(&mut store, &sheet, "E1", s("=SUM(A2000:A)"));
    assert_eq!(value(&store, &sheet, "B1"), n(9.0), "rows 2 to the last");
    assert_eq!(value(&store, &sheet, "C1"), n(1.0), "row 3 from column A on");
    assert_eq!(value(&store, &sheet, "D1"), n(7.0), "with a sheet name and $");
    assert_eq!(value(&store, &sheet, "E1"), n(0.0), "starting past the sheet's last row: no cells");
    assert_eq!(store.get_formula(&at(&store, &sheet, "B1")).unwrap(), "=SUM(A2:A)", "the text as written");
    put(&mut store, &sheet, "A1000", n(10.0));
    assert_eq!(value(&store, &sheet, "B1"), n(19.0), "the last row counts");
}

#[test]
fn half_open_ranges_follow_inserted_rows_and_columns_and_keep_their_open_end() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "C1", s("=SUM(A2:A)+SUM($A$2:$A$1000)+COUNT(B3:3)"));
    put(&mut store, &sheet, "D1", s("=SUM(A2:A)+SUM($A$2:$A$1048576)"));
    let formula = |store: &Spreadsheets, a1: &str| store.get_formula(&at(store, &sheet, a1)).unwrap();
    store.insert_rows_before(&sheet, 1, 1).unwrap();
    assert_eq!(formula(&store, "C2"), "=SUM(A3:A)+SUM($A$3:$A$1001)+COUNT(B4:4)");
    assert_eq!(formula(&store, "D2"), "=SUM(A3:A)+SUM($A$3:$A$1048576)", "a range written to the edge stays so");
    store.delete_rows(&sheet, 5, 2).unwrap();
    assert_eq!(formula(&store, "C2"), "=SUM(A3:A)+SUM($A$3:$A$999)+COUNT(B4:4)", "the open end stays open");
    let book = store.books_mut().iter_mut().next().unwrap();
    shift_references(book, sheet.sheet_id, Shift::Insert { dim: Dim::Columns, at: 1, count: 1 });
    assert_eq!(formula(&store, "C2"), "=SUM(B3:B)+SUM($B$3:$B$999)+COUNT(C4:4)");
}

#[test]
fn a_formula_written_with_set_value_is_stored_and_its_result_is_the_value() {
    let (mut store, sheet) = fresh();
    for (i, x) in [1.0, 2.0, 3.0].into_iter().enumerate() {
        put(&mut store, &sheet, &format!("A{}", i + 1), n(x));
    }
    put(&mut store, &sheet, "B1", s("=SUM(A1:A3)"));
    assert_eq!(value(&store, &sheet, "B1"), n(6.0));
    assert_eq!(store.get_formula(&at(&store, &sheet, "B1")).unwrap(), "=SUM(A1:A3)");
    assert_eq!(store.get_formula(&at(&store, &sheet, "A1")).unwrap(), "", "a plain value has no formula");
    put(&mut store, &sheet, "C1", s("=A1&\"x\""));
    put(&mut store, &sheet, "C2", s("=A1>0"));
    assert_eq!(value(&store, &sheet, "C1"), s("1x"));
    assert_eq!(value(&store, &sheet, "C2"), CellValue::Bool(true));
}

#[test]
fn results_follow_their_inputs_and_a_value_replaces_a_formula() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A1", n(2.0));
    put(&mut store, &sheet, "B1", s("=A1*10"));
    put(&mut store, &sheet, "A1", n(5.0));
    assert_eq!(value(&store, &sheet, "B1"), n(50.0));
    put(&mut store, &sheet, "B1", n(7.0));
    assert_eq!(store.get_formula(&at(&store, &sheet, "B1")).unwrap(), "");
    put(&mut store, &sheet, "A1", n(9.0));
    assert_eq!(value(&store, &sheet, "B1"), n(7.0));
}

#[test]
fn references_to_another_sheet_are_computed() {
    let (mut store, sheet) = fresh();
    let other = store.insert_sheet(&sheet.spreadsheet_id, Some("Data")).unwrap();
    put(&mut store, &other, "A1", n(4.0));
    put(&mut store, &sheet, "A1", s("=Data!A1+1"));
    assert_eq!(value(&store, &sheet, "A1"), n(5.0));
    put(&mut store, &other, "A1", n(40.0));
    assert_eq!(value(&store, &sheet, "A1"), n(41.0));
}

#[test]
fn errors_read_as_sheets_shows_them() {
    let (mut store, sheet) = fresh();
    for (formula, shown) in [
        ("=1/0", "#DIV/0!"),
        ("=NOSUCHFUNCTION(1)", "#NAME?"),
        ("=NA()", "#N/A"),
        ("=1+\"a\"", "#VALUE!"),
        ("=SUM(", "#ERROR!"),
        ("=VLOOKUP(99,A5:B6,2,FALSE)", "#N/A"),
        ("=SQRT(-1)", "#NUM!"),
    ] {
        put(&mut store, &sheet, "A1", s(formula));
        assert_eq!(value(&store, &sheet, "A1"), s(shown), "{formula}");
    }
}

#[test]
fn now_and_today_read_the_virtual_clock_in_the_spreadsheets_zone() {
    let (mut store, sheet) = fresh();
    store.set_spreadsheet_time_zone(&sheet.spreadsheet_id, "Europe/Istanbul").unwrap();
    put(&mut store, &sheet, "A1", s("=NOW()"));
    put(&mut store, &sheet, "A2", s("=TODAY()"));
    put(&mut store, &sheet, "A3", s("=TEXT(NOW(),\"yyyy-mm-dd hh:mm\")"));
    assert_eq!(value(&store, &sheet, "A1"), CellValue::Date(parse_iso_utc(NOW_ISO).unwrap()));
    // 21:30 UTC is 00:30 on the 14th in Istanbul (UTC+3): today there is the 14th.
    let CellValue::Date(today) = value(&store, &sheet, "A2") else { panic!("TODAY() is a date") };
    assert_eq!(iso_utc(today), "2025-06-13T21:00:00.000Z");
    assert_eq!(value(&store, &sheet, "A3"), s("2025-06-14 00:30"));
    put(&mut store, &sheet, "A4", s("=YEAR(NOW())"));
    assert_eq!(value(&store, &sheet, "A4"), n(2025.0), "only a date function at the top gives a Date");
    assert!(returns_date("=DATE(2025,1,2)") && !returns_date("=DATE(2025,1,2)-NOW()"));
}

#[test]
fn inserted_and_deleted_rows_keep_references_on_their_cells() {
    let (mut store, sheet) = fresh();
    for row in 1..=5 {
        put(&mut store, &sheet, &format!("A{row}"), n(f64::from(row)));
    }
    put(&mut store, &sheet, "B1", s("=SUM(A1:A5)"));
    put(&mut store, &sheet, "C1", s("=A4*2"));
    put(&mut store, &sheet, "D1", s("=$A$5"));
    store.insert_rows_before(&sheet, 3, 2).unwrap();
    let formula = |store: &Spreadsheets, a1: &str| store.get_formula(&at(store, &sheet, a1)).unwrap();
    assert_eq!(formula(&store, "B1"), "=SUM(A1:A7)");
    assert_eq!(formula(&store, "C1"), "=A6*2");
    assert_eq!(formula(&store, "D1"), "=$A$7");
    store.delete_rows(&sheet, 6, 1).unwrap(); // the old A4
    store.recalculate_stale(0, zone("UTC"));
    assert_eq!(formula(&store, "B1"), "=SUM(A1:A6)");
    assert_eq!(formula(&store, "C1"), "=#REF!*2");
    assert_eq!(value(&store, &sheet, "C1"), s("#REF!"));
    assert_eq!(value(&store, &sheet, "B1"), n(11.0));
}

#[test]
fn a_formula_moves_with_its_row_and_keeps_relative_references() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A3", n(3.0));
    put(&mut store, &sheet, "B3", s("=A3+1"));
    put(&mut store, &sheet, "B4", s("=A1"));
    store.insert_rows_before(&sheet, 2, 1).unwrap();
    store.recalculate_stale(0, zone("UTC"));
    assert_eq!(store.get_formula(&at(&store, &sheet, "B4")).unwrap(), "=A4+1");
    assert_eq!(value(&store, &sheet, "B4"), n(4.0));
    assert_eq!(store.get_formula(&at(&store, &sheet, "B5")).unwrap(), "=A1", "an untouched reference keeps its text");
}

#[test]
fn columns_shift_for_structure() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A1", s("=C1+D1"));
    let book = store.books_mut().iter_mut().next().unwrap();
    shift_references(book, sheet.sheet_id, Shift::Remove { dim: Dim::Columns, start: 3, count: 1 });
    assert_eq!(store.get_formula(&at(&store, &sheet, "A1")).unwrap(), "=#REF!+C1");
}

#[test]
fn unsupported_functions_give_name_and_a_gap() {
    let (mut store, sheet) = fresh();
    put(&mut store, &sheet, "A1", s("=QUERY(B1:C3,\"select B\")"));
    put(&mut store, &sheet, "A2", s("=RAND()"));
    put(&mut store, &sheet, "A3", s("=NOSUCH(1)"));
    assert_eq!(value(&store, &sheet, "A1"), s("#NAME?"));
    assert_eq!(value(&store, &sheet, "A2"), s("#NAME?"), "refused: not deterministic");
    assert_eq!(store.take_formula_gaps(), vec!["formula function QUERY", "formula function RAND"]);
    assert!(store.take_formula_gaps().is_empty());
    assert_eq!(functions_in("=IF(A1,\"SUM(\",len(B1))"), vec!["IF", "LEN"]);
}

#[test]
fn every_sheets_only_function_is_one_the_engine_lacks() {
    for name in SHEETS_ONLY_FUNCTIONS {
        assert!(!engine::has_function(name), "IronCalc has {name}: take it off SHEETS_ONLY_FUNCTIONS");
    }
    for name in REFUSED_FUNCTIONS.iter().chain(SPILLING_FUNCTIONS) {
        assert!(engine::has_function(name), "IronCalc lacks {name}");
    }
}

#[test]
fn r1c1_forms_read_and_write_relative_references() {
    let (mut store, sheet) = fresh();
    let range = at(&store, &sheet, "B2:B3");
    store.set_formula_r1c1(&range, "=R[0]C[-1]*2").unwrap();
    assert_eq!(store.get_formulas(&range).unwrap(), vec![vec!["=A2*2".to_string()], vec!["=A3*2".to_string()]]);
    assert_eq!(store.get_formula_r1c1(&range).unwrap().as_deref(), Some("=R[0]C[-1]*2"));
    assert_eq!(store.get_formula_r1c1(&at(&store, &sheet, "A1")).unwrap(), None);
    let fill = at(&store, &sheet, "C1:C2");
    store.set_formula(&fill, "=A1+$A$1").unwrap();
    assert_eq!(store.get_formula(&at(&store, &sheet, "C2")).unwrap(), "=A2+$A$1");
}

#[test]
fn r1c1_bare_row_and_column_parts_are_offsets_of_zero() {
    use super::spliced::explicit_r1c1_offsets;
    assert_eq!(explicit_r1c1_offsets("=R[1]C"), "=R[1]C[0]");
    assert_eq!(explicit_r1c1_offsets("=SUM(R[-1]C:R[-1]C[2])"), "=SUM(R[-1]C[0]:R[-1]C[2])");
    assert_eq!(explicit_r1c1_offsets("=RC+rc1"), "=R[0]C[0]+rc1", "IronCalc reads upper case only");
    assert_eq!(explicit_r1c1_offsets("=R1C1*R[2]C[-3]"), "=R1C1*R[2]C[-3]", "complete references stay");
    assert_eq!(explicit_r1c1_offsets("=ROUND(RC,2)&\" RC \"&'RC'!RC"), "=ROUND(R[0]C[0],2)&\" RC \"&'RC'!R[0]C[0]");
    assert_eq!(explicit_r1c1_offsets("=RC(1)+ARC+RCX"), "=RC(1)+ARC+RCX", "names are not references");
    let (mut store, sheet) = fresh();
    let cell = at(&store, &sheet, "H15");
    store.set_formula_r1c1(&cell, "=R[-1]C & \" R1C1 \"").unwrap();
    assert_eq!(store.get_formula(&cell).unwrap(), "=H14 & \" R1C1 \"");
    assert_eq!(store.get_formula_r1c1(&cell).unwrap().as_deref(), Some("=R[-1]C[0] & \" R1C1 \""));
}

#[test]
fn set_formulas_checks_the_shape_and_a_sheet_without_formulas_stays_plain() {
    let (mut store, sheet) = fresh();
    let range = at(&store, &sheet, "A1:B1");
    let err = store.set_formulas(&range, vec![vec!["=1".into()]], false).unwrap_err();
    assert!(err.message.starts_with("The number of columns in the data"), "{}", err.message);
    put(&mut store, &sheet, "A1", n(1.0));
    assert!(!store.get(&sheet.spreadsheet_id).unwrap().has_formulas());
}

#[test]
fn nesting_depth_counts_brackets_and_operators_outside_strings() {
    assert_eq!(nesting_depth("=1"), 0);
    assert_eq!(nesting_depth("=SUM(A1:A3)"), 2, "a call and its range operator");
    assert_eq!(nesting_depth("=((1))"), 2);
    assert_eq!(nesting_depth("=1+2+3"), 2, "a chain of operators is a left-deep tree");
    assert_eq!(nesting_depth("=---1"), 3);
    assert_eq!(nesting_depth("=IF(A1>0,{1,2},\"((((\")"), 3, "strings do not count");
    assert_eq!(nesting_depth("='a(b'!A1+1"), 1, "nor quoted sheet names");
    assert_eq!(nesting_depth("=((((1"), 4, "unclosed brackets count");
    assert!(!too_deep(&format!("={}1{}", "(".repeat(FORMULA_NESTING_MAX), ")".repeat(FORMULA_NESTING_MAX))));
    assert!(too_deep(&format!("={}1", "(".repeat(FORMULA_NESTING_MAX + 1))));
    assert!(too_deep(&format!("=1{}", "+1".repeat(FORMULA_NESTING_MAX + 1))));
}

/// The deepest formulas IronCalc is given still parse, evaluate and move with their
/// cells on a test thread's 2 MiB stack (debug build); deeper ones are `#ERROR!` without
/// reaching IronCalc's recursive parser (100,000 nested parentheses aborted the process).
#[test]
fn formulas_nested_past_the_limit_read_error_and_the_limit_still_evaluates() {
    let (mut store, sheet) = fresh();
    let deep = FORMULA_NESTING_MAX;
    let parens = format!("={}1{}", "(".repeat(deep), ")".repeat(deep));
    let calls = format!("={}-1{}", "ABS(".repeat(deep - 1), ")".repeat(deep - 1));
    let chain = format!("=1{}", "+1".repeat(deep));
    let negations = format!("={}2", "-".repeat(deep));
    for (a1, text, expected) in
        [("A1", &parens, 1.0), ("A2", &calls, 1.0), ("A3", &chain, (deep + 1) as f64), ("A4", &negations, 2.0)]
    {
        put(&mut store, &sheet, a1, CellValue::String(text.clone()));
        assert_eq!(value(&store, &sheet, a1), n(expected), "{a1}");
    }
    // References in them still move with a structural change (IronCalc's tree, printed back).
    let at_limit = format!("={}B1{}", "(".repeat(deep), ")".repeat(deep));
    put(&mut store, &sheet, "A5", CellValue::String(at_limit));
    store.insert_rows_before(&sheet, 1, 1).unwrap();
    let moved = store.get_formula(&at(&store, &sheet, "A6")).unwrap();
    assert!(moved.contains("B2"), "{}", &moved[..moved.len().min(40)]);
    let too_deep_texts = [
        // Deep, and within a cell's 50,000 characters (a longer text is refused first).
        format!("={}1{}", "(".repeat(20_000), ")".repeat(20_000)),
        format!("={}1", "(".repeat(20_000)),
        format!("=1{}", "+1".repeat(20_000)),
        format!("={}1", "-".repeat(20_000)),
    ];
    for text in too_deep_texts {
        put(&mut store, &sheet, "C1", CellValue::String(text.clone()));
        assert_eq!(value(&store, &sheet, "C1"), CellValue::String("#ERROR!".into()));
        assert_eq!(store.get_formula(&at(&store, &sheet, "C1")).unwrap(), text, "kept as written");
        // Moving it keeps the text (it is not parsed to be moved).
        store.insert_rows_before(&sheet, 1, 1).unwrap();
        assert_eq!(store.get_formula(&at(&store, &sheet, "C2")).unwrap(), text);
        store.delete_rows(&sheet, 1, 1).unwrap();
    }
}
