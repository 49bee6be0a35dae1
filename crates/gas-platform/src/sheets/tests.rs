//! The platform rules, one test each, with the exact texts.

use chrono_tz::Tz;

use super::*;
use crate::time::{iso_utc, parse_iso_utc, parse_zone};
use crate::CellValue;

fn utc() -> Tz {
    parse_zone("UTC").unwrap()
}

fn n(value: f64) -> CellValue {
    CellValue::Number(value)
}

fn s(value: &str) -> CellValue {
    CellValue::String(value.to_string())
}

/// A store with one new spreadsheet; its first sheet.
fn fresh() -> (Spreadsheets, SheetRef) {
    let mut store = Spreadsheets::new();
    let id = store.create("Book").unwrap();
    let sheet = store.get_sheets(&id).unwrap()[0].clone();
    (store, sheet)
}

fn message<T: std::fmt::Debug>(result: crate::ServiceResult<T>) -> String {
    result.unwrap_err().message
}

fn range(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
    store.get_range_a1(sheet, a1).unwrap()
}

fn write(store: &mut Spreadsheets, sheet: &SheetRef, a1: &str, rows: Vec<Vec<CellValue>>) {
    let target = range(store, sheet, a1);
    store.set_values(&target, rows, utc()).unwrap();
}

fn column_a(store: &Spreadsheets, sheet: &SheetRef) -> Vec<CellValue> {
    let last = store.last_row(sheet).unwrap().max(1);
    let values = store.get_values(&store.get_range(sheet, 1, 1, i64::from(last), 1).unwrap()).unwrap();
    values.into_iter().map(|mut row| row.remove(0)).collect()
}

// ---- SpreadsheetApp / Spreadsheet

#[test]
fn a_new_spreadsheet_has_one_empty_sheet1_of_1000_by_26() {
    let (store, sheet) = fresh();
    assert_eq!(sheet.spreadsheet_id, "ss-0001");
    assert_eq!(sheet.sheet_id, 0);
    assert_eq!(store.sheet_name(&sheet).unwrap(), "Sheet1");
    assert_eq!(store.max_rows(&sheet).unwrap(), 1000);
    assert_eq!(store.max_columns(&sheet).unwrap(), 26);
    assert_eq!(store.last_row(&sheet).unwrap(), 0);
    assert_eq!(store.last_column(&sheet).unwrap(), 0);
}

#[test]
fn created_ids_count_up_and_skip_loaded_ones() {
    let mut store = Spreadsheets::new();
    store.add(Spreadsheet::new("ss-0002", "loaded")).unwrap();
    assert_eq!(store.create("a").unwrap(), "ss-0001");
    assert_eq!(store.create("b").unwrap(), "ss-0003");
    assert_eq!(store.spreadsheet_name("ss-0003").unwrap(), "b");
}

#[test]
fn open_by_id_of_an_unknown_id() {
    let (store, _) = fresh();
    assert!(store.open_by_id("ss-0001").is_ok());
    assert_eq!(
        message(store.open_by_id("nope")),
        "Unexpected error while getting the method or property openById on object SpreadsheetApp."
    );
}

#[test]
fn rename_spreadsheet() {
    let (mut store, sheet) = fresh();
    store.rename_spreadsheet(&sheet.spreadsheet_id, "Ledger").unwrap();
    assert_eq!(store.spreadsheet_name(&sheet.spreadsheet_id).unwrap(), "Ledger");
}

#[test]
fn spreadsheet_zone_defaults_to_the_script_zone() {
    let (mut store, sheet) = fresh();
    let tokyo = parse_zone("Asia/Tokyo").unwrap();
    let id = &sheet.spreadsheet_id;
    assert_eq!(store.spreadsheet_time_zone(id, tokyo).unwrap(), "Asia/Tokyo");
    store.set_spreadsheet_time_zone(id, "Europe/Istanbul").unwrap();
    assert_eq!(store.spreadsheet_time_zone(id, tokyo).unwrap(), "Europe/Istanbul");
    assert_eq!(message(store.set_spreadsheet_time_zone(id, "Mars/Olympus")), "Invalid argument: timeZone");
}

#[test]
fn get_sheet_by_name_is_exact_and_none_when_absent() {
    let (store, sheet) = fresh();
    let id = &sheet.spreadsheet_id;
    assert_eq!(store.get_sheet_by_name(id, "Sheet1").unwrap(), Some(sheet.clone()));
    assert_eq!(store.get_sheet_by_name(id, "sheet1").unwrap(), None);
    assert_eq!(store.get_sheet_by_name(id, "ledger").unwrap(), None);
    assert_eq!(store.get_sheet_by_id(id, 0).unwrap(), Some(sheet.clone()));
    assert_eq!(store.get_sheet_by_id(id, 7).unwrap(), None);
}

#[test]
fn insert_sheet_default_names_and_gids() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    let second = store.insert_sheet(&id, None).unwrap();
    assert_eq!(store.sheet_name(&second).unwrap(), "Sheet2");
    assert_eq!(second.sheet_id, 1);
    let named = store.insert_sheet(&id, Some("ledger")).unwrap();
    assert_eq!(store.sheet_index(&named).unwrap(), 3);
    store.rename_sheet(&second, "Sheet4").unwrap();
    // Count + 1 is 4, which is taken, so the next free number.
    let fourth = store.insert_sheet(&id, None).unwrap();
    assert_eq!(store.sheet_name(&fourth).unwrap(), "Sheet5");
    assert_eq!(store.max_rows(&fourth).unwrap(), 1000);
    assert_eq!(store.max_columns(&fourth).unwrap(), 26);
    let names: Vec<String> =
        store.get_sheets(&id).unwrap().iter().map(|sheet| store.sheet_name(sheet).unwrap()).collect();
    assert_eq!(names, ["Sheet1", "Sheet4", "ledger", "Sheet5"]);
}

#[test]
fn insert_sheet_at_an_index_or_from_a_template_and_create_with_a_size() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    store.set_values(&range(&store, &sheet, "A1"), vec![vec![CellValue::Number(7.0)]], utc()).unwrap();
    store.insert_sheet_at(&id, Some("s1"), None, None).unwrap();
    store.insert_sheet_at(&id, Some("s3"), Some(1), None).unwrap();
    let copy = store.insert_sheet_at(&id, Some("s4"), Some(0), Some(&sheet)).unwrap();
    let names: Vec<String> =
        store.get_sheets(&id).unwrap().iter().map(|sheet| store.sheet_name(sheet).unwrap()).collect();
    assert_eq!(names, ["s4", "Sheet1", "s3", "s1"], "0-based positions");
    assert_eq!(store.get_value(&range(&store, &copy, "A1")).unwrap(), CellValue::Number(7.0), "the template's content");
    assert!(store.insert_sheet_at(&id, Some("s9"), Some(5), None).is_err(), "past the last position");
    let sized = store.create_sized("sized", 25, 10).unwrap();
    let first = store.get_sheets(&sized).unwrap()[0].clone();
    assert_eq!((store.max_rows(&first).unwrap(), store.max_columns(&first).unwrap()), (25, 10));
    assert_eq!(message(store.create_sized("none", 0, 10)), "Invalid argument: rows");
    assert_eq!(message(store.create_sized("wide", 1, 20_000)), "Invalid argument: columns");
    assert_eq!(message(store.insert_sheet_at(&sized, None, None, Some(&sheet))), "Invalid argument: template");
    let copied = store.insert_sheet_at(&sized, None, None, Some(&first)).unwrap();
    assert_eq!(store.sheet_name(&copied).unwrap(), "Sheet2", "named before the copy exists");
}

#[test]
fn insert_sheet_with_a_taken_name() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    assert_eq!(
        message(store.insert_sheet(&id, Some("Sheet1"))),
        "A sheet with the name \"Sheet1\" already exists. Please enter another name."
    );
    assert_eq!(
        message(store.insert_sheet(&id, Some("SHEET1"))),
        "A sheet with the name \"SHEET1\" already exists. Please enter another name."
    );
    assert_eq!(store.get_sheets(&id).unwrap().len(), 1, "a failed call changes nothing");
}

#[test]
fn rename_sheet_to_a_taken_name_and_to_its_own_name() {
    let (mut store, sheet) = fresh();
    let other = store.insert_sheet(&sheet.spreadsheet_id, Some("ledger")).unwrap();
    assert_eq!(
        message(store.rename_sheet(&other, "Sheet1")),
        "A sheet with the name \"Sheet1\" already exists. Please enter another name."
    );
    store.rename_sheet(&other, "Ledger").unwrap();
    assert_eq!(store.sheet_name(&other).unwrap(), "Ledger");
}

#[test]
fn sheet_names_longer_than_100_characters() {
    let (mut store, sheet) = fresh();
    let long = "x".repeat(101);
    assert_eq!(
        message(store.insert_sheet(&sheet.spreadsheet_id, Some(&long))),
        "The sheet name cannot be greater than 100 characters."
    );
    assert_eq!(message(store.rename_sheet(&sheet, &long)), "The sheet name cannot be greater than 100 characters.");
    store.rename_sheet(&sheet, &"x".repeat(100)).unwrap();
}

#[test]
fn delete_sheet_and_the_only_sheet() {
    let (mut store, sheet) = fresh();
    assert_eq!(message(store.delete_sheet(&sheet)), "You can't remove all the visible sheets in a document.");
    let other = store.insert_sheet(&sheet.spreadsheet_id, None).unwrap();
    store.delete_sheet(&sheet).unwrap();
    assert_eq!(store.get_sheets(&sheet.spreadsheet_id).unwrap(), vec![other]);
}

#[test]
fn a_handle_to_a_deleted_sheet() {
    let (mut store, sheet) = fresh();
    let kept = store.insert_sheet(&sheet.spreadsheet_id, None).unwrap();
    store.delete_sheet(&kept).unwrap();
    assert_eq!(message(store.last_row(&kept)), "The sheet has been deleted.");
    assert_eq!(message(store.get_range(&kept, 1, 1, 1, 1)), "The sheet has been deleted.");
    assert_eq!(message(store.delete_sheet(&kept)), "The sheet has been deleted.");
}

#[test]
fn the_cell_limit_is_10_million_per_spreadsheet() {
    let big = Sheet::with_size(0, "big", Vec::new(), Some(384_000), Some(26)).unwrap();
    let book = Spreadsheet::with_sheets("big", "big", None, vec![big]).unwrap();
    let mut store = Spreadsheets::new();
    store.add(book).unwrap();
    let sheet = store.get_sheets("big").unwrap()[0].clone();
    // 9,984,000 cells: one more default sheet (26,000) would pass the limit.
    let limit = "This action would increase the number of cells in the workbook above the limit of 10000000 cells.";
    assert_eq!(message(store.insert_sheet("big", None)), limit);
    assert_eq!(message(store.insert_rows_after(&sheet, 1, 1000)), limit);
    store.insert_rows_after(&sheet, 1, 615).unwrap();
    assert_eq!(store.max_rows(&sheet).unwrap(), 384_615);
    assert_eq!(message(store.insert_row_before(&sheet, 1)), limit);
}

#[test]
fn spreadsheet_get_range_uses_the_first_sheet_or_the_named_one() {
    let (mut store, sheet) = fresh();
    let ledger = store.insert_sheet(&sheet.spreadsheet_id, Some("My Ledger")).unwrap();
    let plain = store.get_range_in_spreadsheet(&sheet.spreadsheet_id, "B2").unwrap();
    assert_eq!(plain.sheet, sheet);
    let named = store.get_range_in_spreadsheet(&sheet.spreadsheet_id, "'My Ledger'!A1:B2").unwrap();
    assert_eq!(named.sheet, ledger);
    assert_eq!((named.num_rows, named.num_columns), (2, 2));
}

// ---- Sheet.getRange

#[test]
fn get_range_checks_and_texts() {
    let (store, sheet) = fresh();
    assert_eq!(message(store.get_range(&sheet, 1, 1, 0, 1)), "The number of rows in the range must be at least 1.");
    assert_eq!(message(store.get_range(&sheet, 1, 1, 1, 0)), "The number of columns in the range must be at least 1.");
    assert_eq!(message(store.get_range(&sheet, 0, 1, 1, 1)), "The starting row of the range is too small.");
    assert_eq!(message(store.get_range(&sheet, -1, 1, 1, 1)), "The starting row of the range is too small.");
    assert_eq!(message(store.get_range(&sheet, 1, 0, 1, 1)), "The starting column of the range is too small.");
    // The classic empty-sheet bug: getRange(2, 1, getLastRow() - 1, 3) on an empty sheet.
    assert_eq!(message(store.get_range(&sheet, 2, 1, -1, 3)), "The number of rows in the range must be at least 1.");
}

#[test]
fn get_range_outside_the_sheet() {
    let (store, sheet) = fresh();
    let outside = "The coordinates of the range are outside the dimensions of the sheet.";
    assert_eq!(message(store.get_range(&sheet, 1001, 1, 1, 1)), outside);
    assert_eq!(message(store.get_range(&sheet, 1000, 1, 2, 1)), outside);
    assert_eq!(message(store.get_range(&sheet, 1, 27, 1, 1)), outside);
    assert_eq!(message(store.get_range(&sheet, 1, 1, 1, i64::MAX)), outside);
    let corner = store.get_range(&sheet, 1000, 26, 1, 1).unwrap();
    assert_eq!(a1_notation(&corner), "Z1000");
}

#[test]
fn get_range_a1_forms() {
    let (mut store, sheet) = fresh();
    let other = store.insert_sheet(&sheet.spreadsheet_id, Some("Sheet2")).unwrap();
    let shape = |r: &RangeRef| (r.row, r.column, r.num_rows, r.num_columns);
    assert_eq!(shape(&range(&store, &sheet, "A1:C3")), (1, 1, 3, 3));
    assert_eq!(shape(&range(&store, &sheet, "B2")), (2, 2, 1, 1));
    assert_eq!(shape(&range(&store, &sheet, "A:A")), (1, 1, 1000, 1));
    assert_eq!(shape(&range(&store, &sheet, "2:2")), (2, 1, 1, 26));
    assert_eq!(shape(&range(&store, &sheet, "A2:C")), (2, 1, 999, 3));
    let there = range(&store, &sheet, "Sheet2!A1:B2");
    assert_eq!((there.sheet.clone(), shape(&there)), (other.clone(), (1, 1, 2, 2)));
    assert_eq!(range(&store, &sheet, "sheet2!A1").sheet, other, "sheet names in A1 ignore case");
}

#[test]
fn get_range_a1_bad_notation_unknown_sheet_or_outside() {
    let (store, sheet) = fresh();
    for bad in ["", "A0", "1A", "A1:B2:C3", "Nope!A1", "'Nope'!A1", "A1001", "AA1", "foo bar", "R1C0"] {
        assert_eq!(message(store.get_range_a1(&sheet, bad)), "Range not found", "{bad:?}");
    }
}

#[test]
fn a1_notation_of_ranges() {
    let (store, sheet) = fresh();
    assert_eq!(a1_notation(&store.get_range(&sheet, 1, 1, 3, 3).unwrap()), "A1:C3");
    assert_eq!(a1_notation(&store.get_range(&sheet, 2, 2, 1, 1).unwrap()), "B2");
    assert_eq!(a1_notation(&range(&store, &sheet, "A:A")), "A:A", "whole columns named so");
    assert_eq!(a1_notation(&range(&store, &sheet, "5:2")), "2:5", "whole rows, in order");
    assert_eq!(a1_notation(&range(&store, &sheet, "D:B")), "B:D");
    assert_eq!(a1_notation(&range(&store, &sheet, "A2:B")), "A2:B1000", "an open end is no whole line");
    assert_eq!(a1_notation(&store.get_range(&sheet, 1, 1, 1000, 1).unwrap()), "A1:A1000", "bounds as given");
    assert_eq!(range(&store, &sheet, "2:3").num_columns, 26);
}

// ---- values

#[test]
fn get_values_pads_unset_cells_with_empty() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "B2", vec![vec![n(5.0)]]);
    let values = store.get_values(&range(&store, &sheet, "A1:C3")).unwrap();
    let e = CellValue::Empty;
    assert_eq!(
        values,
        vec![vec![e.clone(), e.clone(), e.clone()], vec![e.clone(), n(5.0), e.clone()], vec![e.clone(); 3]]
    );
    assert_eq!(store.get_value(&range(&store, &sheet, "B2:C3")).unwrap(), n(5.0));
}

#[test]
fn set_values_row_count_mismatch() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:C2");
    assert_eq!(
        message(store.set_values(&target, vec![vec![n(1.0), n(2.0), n(3.0)]], utc())),
        "The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2."
    );
    assert_eq!(
        message(store.set_values(&target, vec![], utc())),
        "The number of rows in the data does not match the number of rows in the range. The data has 0 but the range has 2."
    );
}

#[test]
fn set_values_column_count_mismatch_names_the_first_bad_row() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:C2");
    let data = vec![vec![n(1.0), n(2.0), n(3.0)], vec![n(1.0), n(2.0), n(3.0), n(4.0)]];
    assert_eq!(
        message(store.set_values(&target, data, utc())),
        "The number of columns in the data does not match the number of columns in the range. The data has 4 but the range has 3."
    );
    assert_eq!(store.last_row(&sheet).unwrap(), 0, "a failed setValues writes nothing");
}

#[test]
fn set_values_round_trip_and_last_row_column() {
    let (mut store, sheet) = fresh();
    let at = parse_iso_utc("2025-06-13T09:00:00Z").unwrap();
    let data = vec![
        vec![n(1001.0), s("a@example.com"), n(120.5)],
        vec![CellValue::Bool(true), CellValue::Date(at), CellValue::Empty],
    ];
    write(&mut store, &sheet, "B3:D4", data.clone());
    assert_eq!(store.get_values(&range(&store, &sheet, "B3:D4")).unwrap(), data);
    assert_eq!(store.last_row(&sheet).unwrap(), 4);
    assert_eq!(store.last_column(&sheet).unwrap(), 4);
    let data_range = store.get_data_range(&sheet).unwrap();
    assert_eq!(a1_notation(&data_range), "A1:D4");
}

#[test]
fn writing_empty_values_shrinks_last_row_and_column() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:C3", vec![vec![n(1.0); 3]; 3]);
    write(&mut store, &sheet, "A3:C3", vec![vec![s(""), CellValue::Empty, s("")]]);
    write(&mut store, &sheet, "C1:C2", vec![vec![CellValue::Empty]; 2]);
    assert_eq!((store.last_row(&sheet).unwrap(), store.last_column(&sheet).unwrap()), (2, 2));
    store.clear_content(&range(&store, &sheet, "A1:B2")).unwrap();
    assert_eq!((store.last_row(&sheet).unwrap(), store.last_column(&sheet).unwrap()), (0, 0));
    assert_eq!(a1_notation(&store.get_data_range(&sheet).unwrap()), "A1", "an empty sheet's data range is A1");
}

#[test]
fn set_value_writes_every_cell_of_the_range() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B2");
    store.set_value(&target, s("x"), utc()).unwrap();
    assert_eq!(store.get_values(&target).unwrap(), vec![vec![s("x"), s("x")]; 2]);
}

#[test]
fn a_cell_holds_at_most_50000_characters() {
    use crate::sheets::values::{CELL_CHARS_MAX, CELL_TOO_LONG_MESSAGE};
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B1");
    let most = "é".repeat(CELL_CHARS_MAX);
    store.set_value(&range(&store, &sheet, "A1"), s(&most), utc()).unwrap();
    let over = "x".repeat(CELL_CHARS_MAX + 1);
    let err = store.set_value(&target, s(&over), utc()).unwrap_err();
    assert_eq!(err.message, CELL_TOO_LONG_MESSAGE);
    // All or nothing: the short value of the same call is not written either.
    let err = store.set_values(&target, vec![vec![s("short"), s(&over)]], utc()).unwrap_err();
    assert_eq!(err.message, CELL_TOO_LONG_MESSAGE);
    assert_eq!(store.get_values(&target).unwrap(), vec![vec![s(&most), CellValue::Empty]]);
    let err = store.append_row(&sheet, vec![s(&over)], utc()).unwrap_err();
    assert_eq!(err.message, CELL_TOO_LONG_MESSAGE);
}

#[test]
fn strings_are_read_as_typed_in_the_spreadsheet_zone() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    store.set_spreadsheet_time_zone(&id, "Asia/Tokyo").unwrap();
    let data = vec![vec![s("0123"), s("'0123"), s("TRUE"), s("2025-06-13 09:00"), s("=SUM(A1:A3)"), s("1,234")]];
    write(&mut store, &sheet, "A1:F1", data);
    store.recalculate_stale(0, utc());
    let values = store.get_values(&range(&store, &sheet, "A1:F1")).unwrap().remove(0);
    assert_eq!(values[0], n(123.0));
    assert_eq!(values[1], s("0123"));
    assert_eq!(values[2], CellValue::Bool(true));
    // 09:00 in Tokyo (the spreadsheet's zone, not the script's UTC).
    assert_eq!(values[3], CellValue::Date(parse_iso_utc("2025-06-13T00:00:00Z").unwrap()));
    assert_eq!(values[4], n(123.0), "a formula: its value is its result (formula/tests.rs)");
    assert_eq!(values[5], s("1,234"));
}

#[test]
fn display_values_use_the_spreadsheet_zone() {
    let (mut store, sheet) = fresh();
    let la = parse_zone("America/Los_Angeles").unwrap();
    let at = parse_iso_utc("2025-06-13T16:00:00Z").unwrap();
    write(
        &mut store,
        &sheet,
        "A1:E1",
        vec![vec![CellValue::Date(at), n(1001.0), n(120.5), CellValue::Bool(false), s("x")]],
    );
    let target = range(&store, &sheet, "A1:F1");
    assert_eq!(
        store.get_display_values(&target, la).unwrap(),
        vec![vec!["6/13/2025 9:00:00", "1001", "120.5", "FALSE", "x", ""]]
    );
    store.set_spreadsheet_time_zone(&sheet.spreadsheet_id, "Europe/Istanbul").unwrap();
    assert_eq!(store.get_display_value(&target, la).unwrap(), "6/13/2025 19:00:00");
}

#[test]
fn a_range_left_outside_by_a_row_deletion() {
    let (mut store, sheet) = fresh();
    let bottom = store.get_range(&sheet, 1000, 1, 1, 1).unwrap();
    store.delete_row(&sheet, 1).unwrap();
    let outside = "The coordinates of the range are outside the dimensions of the sheet.";
    assert_eq!(message(store.get_values(&bottom)), outside);
    assert_eq!(message(store.set_value(&bottom, n(1.0), utc())), outside);
}

// ---- appendRow

#[test]
fn append_row_writes_after_the_last_row_with_content() {
    let (mut store, sheet) = fresh();
    store.append_row(&sheet, vec![s("a")], utc()).unwrap();
    write(&mut store, &sheet, "C5", vec![vec![s("far")]]);
    store.append_row(&sheet, vec![s("b"), n(2.0)], utc()).unwrap();
    assert_eq!(store.last_row(&sheet).unwrap(), 6);
    let row6 = store.get_values(&range(&store, &sheet, "A6:C6")).unwrap();
    assert_eq!(row6, vec![vec![s("b"), n(2.0), CellValue::Empty]]);
    assert_eq!(column_a(&store, &sheet)[0], s("a"));
}

#[test]
fn append_row_parses_strings_like_set_values() {
    let (mut store, sheet) = fresh();
    store.append_row(&sheet, vec![s("42"), s("6/13/2025")], utc()).unwrap();
    let values = store.get_values(&range(&store, &sheet, "A1:B1")).unwrap();
    assert_eq!(values, vec![vec![n(42.0), CellValue::Date(parse_iso_utc("2025-06-13T00:00:00Z").unwrap())]]);
}

#[test]
fn append_row_grows_a_full_sheet() {
    let full = Sheet::with_size(0, "full", vec![vec![n(1.0)], vec![n(2.0)]], Some(2), Some(2)).unwrap();
    let mut store = Spreadsheets::new();
    store.add(Spreadsheet::with_sheets("b", "b", None, vec![full]).unwrap()).unwrap();
    let sheet = store.get_sheets("b").unwrap()[0].clone();
    store.append_row(&sheet, vec![n(3.0), n(3.1), n(3.2)], utc()).unwrap();
    assert_eq!((store.max_rows(&sheet).unwrap(), store.max_columns(&sheet).unwrap()), (3, 3));
    assert_eq!(column_a(&store, &sheet), vec![n(1.0), n(2.0), n(3.0)]);
}

#[test]
fn append_row_of_nothing() {
    let (mut store, sheet) = fresh();
    assert_eq!(
        message(store.append_row(&sheet, vec![], utc())),
        "The number of columns in the range must be at least 1."
    );
}

// ---- row deletion and insertion

#[test]
fn delete_rows_moves_the_rest_up_and_shrinks_the_grid() {
    let (mut store, sheet) = fresh();
    for i in 1..=5 {
        store.append_row(&sheet, vec![n(f64::from(i))], utc()).unwrap();
    }
    store.delete_row(&sheet, 2).unwrap();
    store.delete_rows(&sheet, 3, 2).unwrap();
    assert_eq!(column_a(&store, &sheet), vec![n(1.0), n(3.0)]);
    assert_eq!(store.max_rows(&sheet).unwrap(), 997);
    // Deleting empty rows below the content only shrinks the grid.
    store.delete_rows(&sheet, 10, 5).unwrap();
    assert_eq!((store.last_row(&sheet).unwrap(), store.max_rows(&sheet).unwrap()), (2, 992));
}

#[test]
fn delete_rows_out_of_bounds() {
    let (mut store, sheet) = fresh();
    let text = "Those rows are out of bounds.";
    assert_eq!(message(store.delete_row(&sheet, 1001)), text);
    assert_eq!(message(store.delete_row(&sheet, 0)), text);
    assert_eq!(message(store.delete_rows(&sheet, 999, 3)), text);
    assert_eq!(message(store.delete_rows(&sheet, 1, 0)), text);
    assert_eq!(store.max_rows(&sheet).unwrap(), 1000);
}

#[test]
fn delete_every_row() {
    let (mut store, sheet) = fresh();
    assert_eq!(message(store.delete_rows(&sheet, 1, 1000)), "Sorry, it is not possible to delete all non-frozen rows.");
    store.delete_rows(&sheet, 1, 999).unwrap();
    assert_eq!(message(store.delete_row(&sheet, 1)), "Sorry, it is not possible to delete all non-frozen rows.");
}

#[test]
fn insert_rows_before_and_after() {
    let (mut store, sheet) = fresh();
    for i in 1..=3 {
        store.append_row(&sheet, vec![n(f64::from(i))], utc()).unwrap();
    }
    store.insert_row_before(&sheet, 2).unwrap();
    store.insert_rows_after(&sheet, 4, 2).unwrap();
    store.insert_row_after(&sheet, 1).unwrap();
    let e = CellValue::Empty;
    assert_eq!(column_a(&store, &sheet), vec![n(1.0), e.clone(), e.clone(), n(2.0), n(3.0)]);
    assert_eq!(store.max_rows(&sheet).unwrap(), 1004);
    store.insert_rows_before(&sheet, 1004, 1).unwrap();
    store.insert_rows_after(&sheet, 1005, 1).unwrap();
    assert_eq!((store.last_row(&sheet).unwrap(), store.max_rows(&sheet).unwrap()), (5, 1006));
}

#[test]
fn insert_rows_out_of_bounds() {
    let (mut store, sheet) = fresh();
    let text = "Those rows are out of bounds.";
    assert_eq!(message(store.insert_row_before(&sheet, 0)), text);
    assert_eq!(message(store.insert_row_before(&sheet, 1001)), text);
    assert_eq!(message(store.insert_rows_after(&sheet, 1001, 1)), text);
    assert_eq!(message(store.insert_rows_after(&sheet, 1, 0)), text);
    assert_eq!(store.max_rows(&sheet).unwrap(), 1000);
}

#[test]
fn clear_keeps_the_grid() {
    let (mut store, sheet) = fresh();
    store.append_row(&sheet, vec![n(1.0), n(2.0)], utc()).unwrap();
    store.clear_sheet(&sheet).unwrap();
    assert_eq!((store.last_row(&sheet).unwrap(), store.max_rows(&sheet).unwrap()), (0, 1000));
}

#[test]
fn storage_is_sparse() {
    let (mut store, sheet) = fresh();
    for i in 0..3 {
        store.append_row(&sheet, vec![n(f64::from(i))], utc()).unwrap();
    }
    store.clear_content(&range(&store, &sheet, "A5:Z1000")).unwrap();
    let stored = store.sheet(&sheet).unwrap().rows();
    assert_eq!(stored.len(), 3);
    assert!(stored.iter().all(|row| row.len() == 1));
}

// ---- TextFinder

fn finder(text: &str, match_case: bool, match_entire_cell: bool) -> TextFinder {
    TextFinder { match_case, match_entire_cell, ..TextFinder::new(text) }
}

fn ledger() -> (Spreadsheets, SheetRef) {
    let (mut store, sheet) = fresh();
    let at = parse_iso_utc("2025-06-13T09:00:00Z").unwrap();
    write(
        &mut store,
        &sheet,
        "A1:C3",
        vec![
            vec![s("key"), s("state"), n(1001.0)],
            vec![s("order-1001"), s("Done"), CellValue::Date(at)],
            vec![s("ORDER-1002"), s("done"), n(10010.0)],
        ],
    );
    (store, sheet)
}

fn cells(found: &[RangeRef]) -> Vec<String> {
    found.iter().map(a1_notation).collect()
}

#[test]
fn find_all_is_row_major_and_case_insensitive_by_default() {
    let (store, sheet) = ledger();
    let scope = store.sheet_range(&sheet).unwrap();
    let found = store.find_all(&scope, &finder("done", false, false), utc()).unwrap();
    assert_eq!(cells(&found), ["B2", "B3"]);
    let found = store.find_all(&scope, &finder("1001", false, false), utc()).unwrap();
    assert_eq!(cells(&found), ["C1", "A2", "C3"], "numbers match their displayed text");
}

#[test]
fn find_all_match_case_and_entire_cell() {
    let (store, sheet) = ledger();
    let scope = store.sheet_range(&sheet).unwrap();
    assert_eq!(cells(&store.find_all(&scope, &finder("done", true, false), utc()).unwrap()), ["B3"]);
    assert_eq!(cells(&store.find_all(&scope, &finder("1001", false, true), utc()).unwrap()), ["C1"]);
    assert_eq!(cells(&store.find_all(&scope, &finder("order-1002", false, true), utc()).unwrap()), ["A3"]);
    assert_eq!(cells(&store.find_all(&scope, &finder("order-1002", true, true), utc()).unwrap()), Vec::<String>::new());
    assert_eq!(cells(&store.find_all(&scope, &finder("6/13/2025", false, false), utc()).unwrap()), ["C2"]);
    assert!(store.find_all(&scope, &finder("", false, false), utc()).unwrap().is_empty());
}

#[test]
fn find_all_within_a_range() {
    let (store, sheet) = ledger();
    // As the webhook article does: column A from row 1 to getLastRow().
    let column = store.get_range(&sheet, 1, 1, 3, 1).unwrap();
    let found = store.find_all(&column, &finder("order-1001", false, true), utc()).unwrap();
    assert_eq!(cells(&found), ["A2"]);
    assert_eq!(found[0].sheet, sheet);
}

#[test]
fn find_next_walks_the_matches_then_returns_none() {
    let (store, sheet) = ledger();
    let scope = store.sheet_range(&sheet).unwrap();
    let search = finder("1001", false, false);
    let first = store.find_next(&scope, &search, None, utc()).unwrap().unwrap();
    let second = store.find_next(&scope, &search, Some(&first), utc()).unwrap().unwrap();
    let third = store.find_next(&scope, &search, Some(&second), utc()).unwrap().unwrap();
    assert_eq!(cells(&[first, second.clone(), third.clone()]), ["C1", "A2", "C3"]);
    assert_eq!(store.find_next(&scope, &search, Some(&third), utc()).unwrap(), None);
    let back = store.find_previous(&scope, &search, Some(&third), utc()).unwrap().unwrap();
    assert_eq!(back, second);
    assert_eq!(a1_notation(&store.find_previous(&scope, &search, None, utc()).unwrap().unwrap()), "C3");
}

#[test]
fn find_with_regular_expressions() {
    let (store, sheet) = ledger();
    let scope = store.sheet_range(&sheet).unwrap();
    let regex = TextFinder { use_regular_expression: true, ..finder("order-\\d+", false, true) };
    assert_eq!(cells(&store.find_all(&scope, &regex, utc()).unwrap()), ["A2", "A3"]);
    let bad = TextFinder { use_regular_expression: true, ..TextFinder::new("(") };
    assert_eq!(message(store.find_all(&scope, &bad, utc())), "Invalid regular expression: (");
}

// ---- loading and serde

#[test]
fn state_round_trips_through_json_in_a_stable_order() {
    let (mut store, sheet) = ledger();
    store.insert_sheet(&sheet.spreadsheet_id, Some("b")).unwrap();
    store.create("second").unwrap();
    let json = serde_json::to_string(&store).unwrap();
    let back: Spreadsheets = serde_json::from_str(&json).unwrap();
    assert_eq!(back, store);
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    assert!(json.contains(r#"{"date":"2025-06-13T09:00:00.000Z"}"#), "{json}");
    let ids: Vec<&str> = back.all().iter().map(Spreadsheet::id).collect();
    assert_eq!(ids, ["ss-0001", "ss-0002"]);
}

#[test]
fn a_minimal_state_file_takes_the_defaults() {
    let json = r#"{"spreadsheets": [{"id": "log-sheet", "name": "Log",
        "sheets": [{"sheet_id": 0, "name": "orders", "rows": [[1001, "a@example.com", 120.5, ""], []]}]}]}"#;
    let store: Spreadsheets = serde_json::from_str(json).unwrap();
    let sheet = store.get_sheet_by_name("log-sheet", "orders").unwrap().unwrap();
    assert_eq!((store.last_row(&sheet).unwrap(), store.last_column(&sheet).unwrap()), (1, 3));
    assert_eq!((store.max_rows(&sheet).unwrap(), store.max_columns(&sheet).unwrap()), (1000, 26));
    assert_eq!(store.spreadsheet_time_zone("log-sheet", utc()).unwrap(), "UTC");
}

#[test]
fn bad_state_files_are_clear_errors() {
    let cases = [
        (r#"{"spreadsheets": [{"id": "x", "name": "x", "sheets": []}]}"#, "no sheets"),
        (
            r#"{"spreadsheets": [{"id": "x", "name": "x", "sheets": [{"sheet_id": 0, "name": "a"}, {"sheet_id": 1, "name": "A"}]}]}"#,
            "two sheets are named",
        ),
        (
            r#"{"spreadsheets": [{"id": "x", "name": "x", "sheets": [{"sheet_id": 0, "name": "a"}, {"sheet_id": 0, "name": "b"}]}]}"#,
            "two sheets have sheet_id 0",
        ),
        (
            r#"{"spreadsheets": [{"id": "x", "name": "x", "time_zone": "Mars/Olympus", "sheets": [{"sheet_id": 0, "name": "a"}]}]}"#,
            "Mars/Olympus",
        ),
        (
            r#"{"spreadsheets": [{"id": "x", "name": "x", "sheets": [{"sheet_id": 0, "name": "a", "rows": [[1, 2]], "max_columns": 1}]}]}"#,
            "does not fit",
        ),
        (
            r#"{"spreadsheets": [{"id": "x", "name": "x", "sheets": [{"sheet_id": 0, "name": "a"}]}, {"id": "x", "name": "y", "sheets": [{"sheet_id": 0, "name": "a"}]}]}"#,
            "two spreadsheets have the id \"x\"",
        ),
    ];
    for (json, expected) in cases {
        let err = serde_json::from_str::<Spreadsheets>(json).unwrap_err().to_string();
        assert!(err.contains(expected), "{err} should mention {expected}");
    }
}

#[test]
fn dates_keep_their_instant() {
    let (mut store, sheet) = fresh();
    let at = parse_iso_utc("2025-06-13T09:00:00.123Z").unwrap();
    store.set_value(&range(&store, &sheet, "A1"), CellValue::Date(at), utc()).unwrap();
    match store.get_value(&range(&store, &sheet, "A1")).unwrap() {
        CellValue::Date(ms) => assert_eq!(iso_utc(ms), "2025-06-13T09:00:00.123Z"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_malformed_range_handle_is_an_error_not_a_panic() {
    let (mut store, sheet) = fresh();
    let zero = RangeRef {
        sheet: sheet.clone(),
        row: 0,
        column: 1,
        num_rows: 0,
        num_columns: 1,
        bounds: crate::sheets::Bounds::ALL,
    };
    assert_eq!(message(store.get_values(&zero)), "The starting row of the range is too small.");
    let empty = RangeRef { row: 1, ..zero };
    assert_eq!(message(store.set_value(&empty, n(1.0), utc())), "The number of rows in the range must be at least 1.");
    let huge = RangeRef { row: u32::MAX, num_rows: u32::MAX, ..empty };
    assert_eq!(
        message(store.find_all(&huge, &TextFinder::new("x"), utc())),
        "The coordinates of the range are outside the dimensions of the sheet."
    );
}
