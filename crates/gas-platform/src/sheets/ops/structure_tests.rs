//! The structure rules, one test each: shifts of values, layers, merges, hidden and
//! frozen rows and columns; merges; navigation; sorting; copying; moving; auto-fill.

use chrono_tz::Tz;

use super::super::arrange::paste_repeats;
use crate::rng::SeededRng;
use crate::sheets::format::CellFormat;
use crate::sheets::shift::{CellBox, Dim};
use crate::sheets::Spreadsheets;
use crate::sheets::{structure_text as st, text, CopyMode, Direction, MergeKind, RangeRef, SheetRef};
use crate::CellValue;

fn utc() -> Tz {
    chrono_tz::UTC
}

fn n(value: f64) -> CellValue {
    CellValue::Number(value)
}

const E: CellValue = CellValue::Empty;

fn s(value: &str) -> CellValue {
    CellValue::String(value.to_string())
}

fn fresh() -> (Spreadsheets, SheetRef) {
    let mut store = Spreadsheets::new();
    let id = store.create("Book").unwrap();
    let sheet = store.get_sheets(&id).unwrap()[0].clone();
    (store, sheet)
}

fn message<T: std::fmt::Debug>(result: crate::ServiceResult<T>) -> String {
    result.unwrap_err().message
}

fn r(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
    store.get_range_a1(sheet, a1).unwrap()
}

fn write(store: &mut Spreadsheets, sheet: &SheetRef, a1: &str, rows: Vec<Vec<CellValue>>) {
    let target = r(store, sheet, a1);
    store.set_values(&target, rows, utc()).unwrap();
}

fn values(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> Vec<Vec<CellValue>> {
    store.get_values(&r(store, sheet, a1)).unwrap()
}

fn note(store: &mut Spreadsheets, sheet: &SheetRef, row: u32, column: u32, text: &str) {
    store.sheet_mut(sheet).unwrap().notes_mut().set(row, column, Some(text.to_string()));
}

fn notes(store: &Spreadsheets, sheet: &SheetRef) -> Vec<((u32, u32), String)> {
    store.sheet(sheet).unwrap().notes().iter().map(|(k, v)| (*k, v.clone())).collect()
}

fn merges(store: &Spreadsheets, sheet: &SheetRef) -> Vec<String> {
    store.sheet(sheet).unwrap().layout().merges.iter().map(CellBox::notation).collect()
}

// ---- columns, the grid, the limits

#[test]
fn inserting_and_deleting_columns_shifts_values_layers_merges_hidden_and_frozen_columns() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:D1", vec![vec![n(1.0), n(2.0), n(3.0), n(4.0)]]);
    note(&mut store, &sheet, 1, 3, "on C1");
    store.merge(&r(&store, &sheet, "C2:D3"), MergeKind::All).unwrap();
    store.set_hidden(&sheet, Dim::Columns, 4, 1, true).unwrap();
    store.set_frozen(&sheet, Dim::Columns, 1).unwrap();

    store.insert_columns(&sheet, 2, 2, false).unwrap();
    assert_eq!(store.max_columns(&sheet).unwrap(), 28);
    assert_eq!(values(&store, &sheet, "A1:F1"), vec![vec![n(1.0), E, E, n(2.0), n(3.0), n(4.0)]]);
    assert_eq!(notes(&store, &sheet), vec![((1, 5), "on C1".to_string())]);
    assert_eq!(merges(&store, &sheet), ["E2:F3"]);
    assert!(store.is_hidden_by_user(&sheet, Dim::Columns, 6).unwrap());
    assert_eq!(store.frozen(&sheet, Dim::Columns).unwrap(), 1, "inserted after the frozen column");

    store.insert_columns(&sheet, 6, 1, true).unwrap();
    assert_eq!(store.get_value(&r(&store, &sheet, "G1")).unwrap(), E, "after F: F keeps its value");
    store.delete_columns(&sheet, 1, 5).unwrap();
    assert_eq!(values(&store, &sheet, "A1:C1"), vec![vec![n(4.0), E, E]]);
    assert!(notes(&store, &sheet).is_empty(), "C1's note went with its column");
    assert_eq!(merges(&store, &sheet), ["A2:A3"], "narrowed to one column, still two cells");
    assert_eq!(store.frozen(&sheet, Dim::Columns).unwrap(), 0);
    assert_eq!(store.max_columns(&sheet).unwrap(), 24);
}

#[test]
fn column_arguments_have_the_platform_texts() {
    let (mut store, sheet) = fresh();
    assert_eq!(message(store.delete_columns(&sheet, 27, 1)), st::COLUMNS_OUT_OF_BOUNDS);
    assert_eq!(message(store.delete_columns(&sheet, 0, 1)), st::COLUMNS_OUT_OF_BOUNDS);
    assert_eq!(message(store.delete_columns(&sheet, 1, 26)), st::DELETE_ALL_COLUMNS);
    assert_eq!(message(store.insert_columns(&sheet, 27, 1, false)), st::COLUMNS_OUT_OF_BOUNDS);
    assert_eq!(message(store.insert_columns(&sheet, 1, 0, true)), st::COLUMNS_OUT_OF_BOUNDS);
    assert_eq!(message(store.insert_columns(&sheet, 1, 18_253, true)), st::COLUMN_LIMIT);
    // 1000 rows x 9,975 more columns is past 10,000,000 cells.
    assert_eq!(message(store.insert_columns(&sheet, 1, 9_975, true)), text::CELL_LIMIT);
    store.insert_columns(&sheet, 26, 9_974, true).unwrap();
    assert_eq!(store.max_columns(&sheet).unwrap(), 10_000);
}

#[test]
fn grids_wider_than_z_have_three_letter_columns() {
    let (mut store, sheet) = fresh();
    assert_eq!(message(store.get_range_a1(&sheet, "AA1")), text::RANGE_NOT_FOUND);
    store.insert_columns(&sheet, 26, 2, true).unwrap();
    write(&mut store, &sheet, "AB3", vec![vec![s("x")]]);
    assert_eq!(store.last_column(&sheet).unwrap(), 28);
    assert_eq!(crate::sheets::a1_notation(&r(&store, &sheet, "Z1:AB3")), "Z1:AB3");
    assert_eq!(r(&store, &sheet, "AA:AB").num_rows, 1000);
    assert_eq!(r(&store, &sheet, "3:5").num_columns, 28);
}

#[test]
fn deleting_rows_must_leave_a_row_below_the_frozen_ones() {
    let (mut store, sheet) = fresh();
    store.set_frozen(&sheet, Dim::Rows, 2).unwrap();
    assert_eq!(message(store.delete_rows(&sheet, 3, 998)), text::DELETE_ALL_ROWS);
    // Deleting frozen rows shrinks the frozen area, and rows stay.
    store.delete_rows(&sheet, 1, 998).unwrap();
    assert_eq!((store.max_rows(&sheet).unwrap(), store.frozen(&sheet, Dim::Rows).unwrap()), (2, 0));
    assert_eq!(message(store.delete_rows(&sheet, 1, 2)), text::DELETE_ALL_ROWS);
}

#[test]
fn inserting_rows_moves_layers_merges_and_hidden_rows() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:A3", vec![vec![n(1.0)], vec![n(2.0)], vec![n(3.0)]]);
    note(&mut store, &sheet, 2, 1, "two");
    store.merge(&r(&store, &sheet, "B2:B3"), MergeKind::All).unwrap();
    store.set_hidden(&sheet, Dim::Rows, 3, 1, true).unwrap();
    store.insert_rows_before(&sheet, 2, 1).unwrap();
    assert_eq!(notes(&store, &sheet), vec![((3, 1), "two".to_string())]);
    assert_eq!(merges(&store, &sheet), ["B3:B4"]);
    assert!(
        store.is_hidden_by_user(&sheet, Dim::Rows, 4).unwrap()
            && !store.is_hidden_by_user(&sheet, Dim::Rows, 3).unwrap()
    );
    store.insert_rows_after(&sheet, 3, 2).unwrap();
    assert_eq!(merges(&store, &sheet), ["B3:B6"], "rows inserted inside a merge widen it");
}

// ---- hiding and freezing

#[test]
fn sheets_hide_until_one_is_left_and_rows_hide_by_range() {
    let (mut store, sheet) = fresh();
    assert_eq!(message(store.hide_sheet(&sheet)), st::HIDE_ALL_SHEETS);
    let second = store.insert_sheet(&sheet.spreadsheet_id, None).unwrap();
    store.hide_sheet(&sheet).unwrap();
    assert!(store.is_sheet_hidden(&sheet).unwrap() && !store.is_sheet_hidden(&second).unwrap());
    assert_eq!(message(store.hide_sheet(&second)), st::HIDE_ALL_SHEETS);
    store.show_sheet(&sheet).unwrap();
    assert!(!store.is_sheet_hidden(&sheet).unwrap());

    store.set_hidden(&sheet, Dim::Rows, 2, 3, true).unwrap();
    store.set_hidden(&sheet, Dim::Rows, 3, 1, false).unwrap();
    let hidden: Vec<bool> = (1..=5).map(|row| store.is_hidden_by_user(&sheet, Dim::Rows, row).unwrap()).collect();
    assert_eq!(hidden, [false, true, false, true, false]);
    assert_eq!(message(store.set_hidden(&sheet, Dim::Rows, 1000, 2, true)), text::ROWS_OUT_OF_BOUNDS);
    assert_eq!(message(store.is_hidden_by_user(&sheet, Dim::Columns, 27)), st::COLUMNS_OUT_OF_BOUNDS);
}

#[test]
fn frozen_rows_leave_one_row_and_do_not_cut_merges() {
    let (mut store, sheet) = fresh();
    store.set_frozen(&sheet, Dim::Rows, 3).unwrap();
    assert_eq!(store.frozen(&sheet, Dim::Rows).unwrap(), 3);
    assert_eq!(message(store.set_frozen(&sheet, Dim::Rows, 1000)), st::FREEZE_ALL_ROWS);
    assert_eq!(message(store.set_frozen(&sheet, Dim::Columns, -1)), st::FREEZE_ALL_COLUMNS);
    store.set_frozen(&sheet, Dim::Rows, 0).unwrap();
    store.merge(&r(&store, &sheet, "A2:B4"), MergeKind::All).unwrap();
    assert_eq!(message(store.set_frozen(&sheet, Dim::Rows, 2)), st::FREEZE_PART_OF_MERGE);
    store.set_frozen(&sheet, Dim::Rows, 4).unwrap();
}

// ---- merges

#[test]
fn a_merge_keeps_its_top_left_value_and_reports_itself() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:B2", vec![vec![n(1.0), n(2.0)], vec![n(3.0), n(4.0)]]);
    let area = r(&store, &sheet, "A1:B2");
    store.merge(&area, MergeKind::All).unwrap();
    assert_eq!(values(&store, &sheet, "A1:B2"), vec![vec![n(1.0), E], vec![E, E]]);
    assert!(store.is_part_of_merge(&r(&store, &sheet, "B2:C3")).unwrap());
    assert!(!store.is_part_of_merge(&r(&store, &sheet, "C1")).unwrap());
    let found = store.merged_ranges(&r(&store, &sheet, "B1")).unwrap();
    assert_eq!(found.iter().map(crate::sheets::a1_notation).collect::<Vec<_>>(), ["A1:B2"]);
    assert_eq!(message(store.merge(&r(&store, &sheet, "B2:C3"), MergeKind::All)), st::PART_OF_MERGE);
    assert_eq!(message(store.break_apart(&r(&store, &sheet, "A1"))), st::PART_OF_MERGE);
    // A bigger merge over a whole one replaces it.
    store.merge(&r(&store, &sheet, "A1:C2"), MergeKind::All).unwrap();
    assert_eq!(merges(&store, &sheet), ["A1:C2"]);
    store.break_apart(&r(&store, &sheet, "A1:D4")).unwrap();
    assert!(merges(&store, &sheet).is_empty());
}

#[test]
fn merging_across_and_vertically_makes_one_merge_per_row_or_column() {
    let (mut store, sheet) = fresh();
    store.merge(&r(&store, &sheet, "A1:C2"), MergeKind::Across).unwrap();
    assert_eq!(merges(&store, &sheet), ["A1:C1", "A2:C2"]);
    store.merge(&r(&store, &sheet, "E1:F3"), MergeKind::Vertically).unwrap();
    assert_eq!(merges(&store, &sheet), ["A1:C1", "E1:E3", "F1:F3", "A2:C2"]);
    // One row: mergeVertically makes single cells, which are no merges.
    store.merge(&r(&store, &sheet, "H1:I1"), MergeKind::Vertically).unwrap();
    assert_eq!(merges(&store, &sheet).len(), 4);
}

#[test]
fn merges_may_not_cross_the_frozen_boundary() {
    let (mut store, sheet) = fresh();
    store.set_frozen(&sheet, Dim::Rows, 1).unwrap();
    store.set_frozen(&sheet, Dim::Columns, 1).unwrap();
    assert_eq!(message(store.merge(&r(&store, &sheet, "B1:B2"), MergeKind::All)), st::MERGE_FROZEN_ROWS);
    assert_eq!(message(store.merge(&r(&store, &sheet, "A2:B2"), MergeKind::All)), st::MERGE_FROZEN_COLUMNS);
    store.merge(&r(&store, &sheet, "B2:C3"), MergeKind::All).unwrap();
}

// ---- navigation

#[test]
fn offset_and_get_cell_stay_in_bounds() {
    let (store, sheet) = fresh();
    let b2 = r(&store, &sheet, "B2:C3");
    let a1 = |range: RangeRef| crate::sheets::a1_notation(&range);
    assert_eq!(a1(store.offset(&b2, 1, 2, None, None).unwrap()), "D3:E4");
    assert_eq!(a1(store.offset(&b2, -1, -1, Some(1), None).unwrap()), "A1:B1");
    assert_eq!(a1(store.offset(&b2, 0, 0, Some(3), Some(1)).unwrap()), "B2:B4");
    assert_eq!(message(store.offset(&b2, -2, 0, None, None)), text::RANGE_START_ROW_TOO_SMALL);
    assert_eq!(message(store.offset(&b2, 0, -2, None, None)), text::RANGE_START_COLUMN_TOO_SMALL);
    assert_eq!(message(store.offset(&b2, 0, 0, Some(0), None)), text::RANGE_ROWS_AT_LEAST_1);
    assert_eq!(message(store.offset(&b2, 998, 0, None, None)), text::RANGE_OUTSIDE_SHEET);
    assert_eq!(a1(store.get_cell(&b2, 2, 1).unwrap()), "B3");
    assert_eq!(message(store.get_cell(&b2, 3, 1)), st::CELL_OUT_OF_RANGE);
    assert_eq!(message(store.get_cell(&b2, 1, 0)), st::CELL_OUT_OF_RANGE);
}

#[test]
fn next_data_cell_moves_like_ctrl_arrow() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A2:A4", vec![vec![n(1.0)], vec![n(2.0)], vec![n(3.0)]]);
    write(&mut store, &sheet, "A8", vec![vec![n(8.0)]]);
    let next = |from: &str, direction| {
        crate::sheets::a1_notation(&store.next_data_cell(&r(&store, &sheet, from), direction).unwrap())
    };
    assert_eq!(next("A1", Direction::Down), "A2", "from an empty cell: the next filled one");
    assert_eq!(next("A2", Direction::Down), "A4", "inside a run: its end");
    assert_eq!(next("A4", Direction::Down), "A8", "at a run's end: the next filled cell");
    assert_eq!(next("A8", Direction::Down), "A1000", "nothing below: the edge");
    assert_eq!(next("A8", Direction::Up), "A4");
    assert_eq!(next("A1", Direction::Up), "A1");
    assert_eq!(next("A3", Direction::Next), "Z3");
    assert_eq!(next("C3", Direction::Previous), "A3");
}

#[test]
fn the_data_region_grows_over_adjacent_data_but_not_diagonally() {
    let (mut store, sheet) = fresh();
    write(
        &mut store,
        &sheet,
        "B2:D4",
        vec![vec![n(1.0), n(2.0), n(3.0)], vec![n(4.0), E, n(6.0)], vec![n(7.0), n(8.0), n(9.0)]],
    );
    write(&mut store, &sheet, "F6", vec![vec![n(1.0)]]);
    let region = |a1: &str, dim| crate::sheets::a1_notation(&store.data_region(&r(&store, &sheet, a1), dim).unwrap());
    assert_eq!(region("C3", None), "B2:D4");
    assert_eq!(region("E5", None), "E5", "E5 touches D4 and F6 only diagonally");
    assert_eq!(region("F6", None), "F6", "only diagonal neighbours: the range itself");
    assert_eq!(region("C3", Some(Dim::Rows)), "C2:C4");
    assert_eq!(region("C3", Some(Dim::Columns)), "B3:D3");
    assert!(store.is_blank(&r(&store, &sheet, "E1:E5")).unwrap());
    assert!(!store.is_blank(&r(&store, &sheet, "A1:B2")).unwrap());
}

// ---- sorting and reordering

#[test]
fn sort_orders_mixed_types_by_several_keys_and_moves_whole_rows() {
    let (mut store, sheet) = fresh();
    write(
        &mut store,
        &sheet,
        "A1:B6",
        vec![
            vec![s("b"), n(2.0)],
            vec![CellValue::Bool(true), n(1.0)],
            vec![E, n(9.0)],
            vec![n(10.0), n(3.0)],
            vec![s("b"), n(1.0)],
            vec![s("A"), n(5.0)],
        ],
    );
    note(&mut store, &sheet, 4, 2, "ten's note");
    let area = r(&store, &sheet, "A1:B6");
    store.sort_range(&area, &[(1, true), (2, false)]).unwrap();
    let got = values(&store, &sheet, "A1:B6");
    let expected = vec![
        vec![n(10.0), n(3.0)],
        vec![s("A"), n(5.0)],
        vec![s("b"), n(2.0)],
        vec![s("b"), n(1.0)],
        vec![CellValue::Bool(true), n(1.0)],
        vec![E, n(9.0)],
    ];
    assert_eq!(got, expected);
    assert_eq!(notes(&store, &sheet), vec![((1, 2), "ten's note".to_string())]);
    assert_eq!(message(store.sort_range(&area, &[(3, true)])), st::SORT_COLUMN_OUT_OF_RANGE);
    assert_eq!(message(store.sort_range(&area, &[])), st::SORT_SPEC_INVALID);
}

#[test]
fn sheet_sort_leaves_the_frozen_rows() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:A4", vec![vec![s("name")], vec![s("c")], vec![s("a")], vec![s("b")]]);
    store.set_frozen(&sheet, Dim::Rows, 1).unwrap();
    store.sort_sheet(&sheet, 1, false).unwrap();
    assert_eq!(values(&store, &sheet, "A1:A4"), vec![vec![s("name")], vec![s("c")], vec![s("b")], vec![s("a")]]);
    assert_eq!(message(store.sort_sheet(&sheet, 0, true)), st::COLUMNS_OUT_OF_BOUNDS);
}

#[test]
fn duplicates_go_ignoring_case_and_the_range_shrinks() {
    let (mut store, sheet) = fresh();
    write(
        &mut store,
        &sheet,
        "A1:B4",
        vec![vec![s("Ana"), n(1.0)], vec![s("ana"), n(2.0)], vec![s("Bo"), n(1.0)], vec![s("ANA"), n(1.0)]],
    );
    let area = r(&store, &sheet, "A1:B4");
    let left = store.remove_duplicates(&area, Some(&[1])).unwrap();
    assert_eq!(crate::sheets::a1_notation(&left), "A1:B2");
    assert_eq!(
        values(&store, &sheet, "A1:B4"),
        vec![vec![s("Ana"), n(1.0)], vec![s("Bo"), n(1.0)], vec![E, E], vec![E, E]]
    );
    assert_eq!(message(store.remove_duplicates(&area, Some(&[3]))), st::DUPLICATE_COLUMN_OUT_OF_RANGE);
    // All columns by default: nothing left to remove.
    assert_eq!(store.remove_duplicates(&area, None).unwrap().num_rows, 3, "two rows and one empty row");
}

#[test]
fn trimming_collapses_whitespace_in_text_only() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:B1", vec![vec![s("  a  b "), n(2.0)]]);
    store.trim_whitespace(&r(&store, &sheet, "A1:B1")).unwrap();
    assert_eq!(values(&store, &sheet, "A1:B1"), vec![vec![s("a b"), n(2.0)]]);
}

#[test]
fn randomize_is_a_seeded_permutation_of_the_rows() {
    let shuffled = |seed: u64| {
        let (mut store, sheet) = fresh();
        let rows: Vec<Vec<CellValue>> = (1..=6).map(|i| vec![n(f64::from(i))]).collect();
        write(&mut store, &sheet, "A1:A6", rows);
        store.randomize(&r(&store, &sheet, "A1:A6"), &mut SeededRng::derive(seed, "sheets.randomize")).unwrap();
        values(&store, &sheet, "A1:A6").into_iter().map(|mut row| row.remove(0)).collect::<Vec<_>>()
    };
    let once = shuffled(7);
    assert_eq!(once, shuffled(7), "same seed, same order");
    assert_ne!(once, (1..=6).map(|i| n(f64::from(i))).collect::<Vec<_>>());
    let mut sorted = once.clone();
    sorted.sort_by(|a, b| crate::sheets::sort::compare(a, b, true));
    assert_eq!(sorted, (1..=6).map(|i| n(f64::from(i))).collect::<Vec<_>>());
}

// ---- copying and moving

const ALL: CopyMode =
    CopyMode { contents: true, values_only: false, formats: true, validations: true, transposed: false };

#[test]
fn copy_to_carries_what_its_mode_says_and_stays_in_the_spreadsheet() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:B1", vec![vec![n(1.0), n(2.0)]]);
    note(&mut store, &sheet, 1, 1, "n");
    let number_format = Some(CellFormat { number_format: Some("0.00".into()), ..CellFormat::default() });
    store.sheet_mut(&sheet).unwrap().formats_mut().set(1, 2, number_format.clone());
    let source = r(&store, &sheet, "A1:B1");
    store.copy_to(&source, &r(&store, &sheet, "D5:F5"), ALL).unwrap();
    assert_eq!(values(&store, &sheet, "D5:F5"), vec![vec![n(1.0), n(2.0), E]], "one whole copy fits");
    assert!(store.sheet(&sheet).unwrap().notes().get(5, 4).is_some());
    let formats_only =
        CopyMode { contents: false, values_only: false, formats: true, validations: true, transposed: false };
    store.copy_to(&source, &r(&store, &sheet, "A3"), formats_only).unwrap();
    assert_eq!(store.get_value(&r(&store, &sheet, "B3")).unwrap(), E);
    assert_eq!(store.sheet(&sheet).unwrap().formats().get(3, 2).cloned(), number_format);
    let transposed = CopyMode { transposed: true, ..ALL };
    store.copy_to(&source, &r(&store, &sheet, "H1"), transposed).unwrap();
    assert_eq!(values(&store, &sheet, "H1:H2"), vec![vec![n(1.0)], vec![n(2.0)]]);
    assert_eq!(message(store.copy_to(&source, &r(&store, &sheet, "Z1"), ALL)), text::RANGE_OUTSIDE_SHEET);
    let other_book = store.create("Other").unwrap();
    let other_sheet = store.get_sheets(&other_book).unwrap()[0].clone();
    let elsewhere = r(&store, &other_sheet, "A1");
    assert_eq!(message(store.copy_to(&source, &elsewhere, ALL)), st::OTHER_SPREADSHEET);
}

#[test]
fn copy_values_to_range_pastes_whole_copies_of_the_source_at_least_once() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:B1", vec![vec![n(1.0), n(2.0)]]);
    let values_only =
        CopyMode { contents: true, values_only: true, formats: false, validations: false, transposed: false };
    store.copy_to_box(&r(&store, &sheet, "A1:B1"), &sheet, 1, 5, 3, 4, values_only).unwrap();
    let row = vec![n(1.0), n(2.0), n(1.0), n(2.0), E];
    assert_eq!(values(&store, &sheet, "A3:E4"), vec![row.clone(), row], "two whole copies fit across, not 2.5");
    store.copy_to_box(&r(&store, &sheet, "A1:B1"), &sheet, 7, 7, 1, 1, values_only).unwrap();
    assert_eq!(values(&store, &sheet, "G1:H1"), vec![vec![n(1.0), n(2.0)]], "a smaller target gets the whole source");
    assert_eq!(
        message(store.copy_to_box(&r(&store, &sheet, "A1"), &sheet, 1, 1, 2, 1, values_only)),
        text::RANGE_ROWS_AT_LEAST_1
    );
}

#[test]
fn copy_to_repeats_the_source_in_a_larger_destination_and_moves_each_copy_s_formulas() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:A2", vec![vec![n(1.0)], vec![n(2.0)]]);
    store.set_formula(&r(&store, &sheet, "B1"), "=A1 * 10").unwrap();
    store.copy_to(&r(&store, &sheet, "A1:B1"), &r(&store, &sheet, "D1:H3"), ALL).unwrap();
    assert_eq!(store.get_formulas(&r(&store, &sheet, "D1:G3")).unwrap()[2], vec!["", "=D3 * 10", "", "=F3 * 10"]);
    assert_eq!(values(&store, &sheet, "H1:H3"), vec![vec![E], vec![E], vec![E]], "no partial copy");
    assert_eq!(paste_repeats((2, 2), (5, 5)), (2, 2));
    assert_eq!(paste_repeats((2, 2), (1, 3)), (1, 1));
}

#[test]
fn move_to_cuts_values_layers_and_merges() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:B2", vec![vec![n(1.0), n(2.0)], vec![n(3.0), n(4.0)]]);
    note(&mut store, &sheet, 2, 2, "four");
    store.merge(&r(&store, &sheet, "A1:B1"), MergeKind::All).unwrap();
    store.move_to(&r(&store, &sheet, "A1:B2"), &r(&store, &sheet, "B2")).unwrap();
    assert_eq!(values(&store, &sheet, "A1:C3"), vec![vec![E, E, E], vec![E, n(1.0), E], vec![E, n(3.0), n(4.0)]]);
    assert_eq!(notes(&store, &sheet), vec![((3, 3), "four".to_string())]);
    assert_eq!(merges(&store, &sheet), ["B2:C2"]);
}

#[test]
fn inserting_and_deleting_cells_shifts_only_the_band() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A1:B3", vec![vec![n(1.0), n(10.0)], vec![n(2.0), n(20.0)], vec![n(3.0), n(30.0)]]);
    note(&mut store, &sheet, 2, 1, "two");
    store.shift_cells(&r(&store, &sheet, "A1"), Dim::Rows, true).unwrap();
    assert_eq!(
        values(&store, &sheet, "A1:B4"),
        vec![vec![E, n(10.0)], vec![n(1.0), n(20.0)], vec![n(2.0), n(30.0)], vec![n(3.0), E]]
    );
    assert_eq!(notes(&store, &sheet), vec![((3, 1), "two".to_string())]);
    store.shift_cells(&r(&store, &sheet, "A1:A2"), Dim::Rows, false).unwrap();
    assert_eq!(values(&store, &sheet, "A1:A3"), vec![vec![n(2.0)], vec![n(3.0)], vec![E]]);
    store.shift_cells(&r(&store, &sheet, "A1"), Dim::Columns, false).unwrap();
    assert_eq!(values(&store, &sheet, "A1:B1"), vec![vec![n(10.0), E]]);
    store.shift_cells(&r(&store, &sheet, "A2"), Dim::Columns, true).unwrap();
    assert_eq!(values(&store, &sheet, "A2:C2"), vec![vec![E, n(3.0), n(20.0)]]);
    store.merge(&r(&store, &sheet, "D1:D2"), MergeKind::All).unwrap();
    assert_eq!(message(store.shift_cells(&r(&store, &sheet, "D2"), Dim::Rows, true)), st::PART_OF_MERGE);
    store.shift_cells(&r(&store, &sheet, "D1"), Dim::Rows, true).unwrap();
    assert_eq!(merges(&store, &sheet), ["D2:D3"]);
}

#[test]
fn auto_fill_continues_simple_series_in_any_direction() {
    let (mut store, sheet) = fresh();
    write(&mut store, &sheet, "A3:C4", vec![vec![n(1.0), s("x"), n(5.0)], vec![n(3.0), s("y"), n(5.0)]]);
    store.auto_fill(&r(&store, &sheet, "A3:C4"), &r(&store, &sheet, "A3:C6"), true).unwrap();
    assert_eq!(values(&store, &sheet, "A5:C6"), vec![vec![n(5.0), s("x"), n(5.0)], vec![n(7.0), s("y"), n(5.0)]]);
    store.auto_fill(&r(&store, &sheet, "A3:A4"), &r(&store, &sheet, "A1:A4"), true).unwrap();
    assert_eq!(values(&store, &sheet, "A1:A2"), vec![vec![n(-3.0)], vec![n(-1.0)]]);
    store.auto_fill(&r(&store, &sheet, "A3:A4"), &r(&store, &sheet, "A3:A5"), false).unwrap();
    assert_eq!(store.get_value(&r(&store, &sheet, "A5")).unwrap(), n(1.0), "ALTERNATE_SERIES copies");
    assert_eq!(
        message(store.auto_fill(&r(&store, &sheet, "A3:A4"), &r(&store, &sheet, "A3:B6"), true)),
        st::AUTOFILL_ONE_DIRECTION
    );
    assert_eq!(
        message(store.auto_fill(&r(&store, &sheet, "A3:A4"), &r(&store, &sheet, "A4:A6"), true)),
        st::AUTOFILL_DESTINATION
    );
}

#[test]
fn auto_fill_to_neighbor_follows_the_next_column() {
    let (mut store, sheet) = fresh();
    let rows: Vec<Vec<CellValue>> = (1..=5).map(|i| vec![n(f64::from(i))]).collect();
    write(&mut store, &sheet, "A1:A5", rows);
    write(&mut store, &sheet, "B1:B2", vec![vec![n(10.0)], vec![n(20.0)]]);
    store.auto_fill_to_neighbor(&r(&store, &sheet, "B1:B2"), true).unwrap();
    assert_eq!(values(&store, &sheet, "B3:B6"), vec![vec![n(30.0)], vec![n(40.0)], vec![n(50.0)], vec![E]]);
}

#[test]
fn moving_rows_and_columns_carries_layers_hidden_state_and_merges() {
    let (mut store, sheet) = fresh();
    let rows: Vec<Vec<CellValue>> = (1..=5).map(|i| vec![n(f64::from(i))]).collect();
    write(&mut store, &sheet, "A1:A5", rows);
    note(&mut store, &sheet, 1, 1, "one");
    store.set_hidden(&sheet, Dim::Rows, 2, 1, true).unwrap();
    store.merge(&r(&store, &sheet, "B1:C2"), MergeKind::All).unwrap();
    // Rows 1-2 to before row 5: 3, 4, 1, 2, 5.
    store.move_lines(&r(&store, &sheet, "A1:A2"), Dim::Rows, 5).unwrap();
    let column_a: Vec<CellValue> = values(&store, &sheet, "A1:A5").into_iter().map(|mut row| row.remove(0)).collect();
    assert_eq!(column_a, [3.0, 4.0, 1.0, 2.0, 5.0].map(n).to_vec());
    assert_eq!(notes(&store, &sheet), vec![((3, 1), "one".to_string())]);
    assert!(store.is_hidden_by_user(&sheet, Dim::Rows, 4).unwrap());
    assert_eq!(merges(&store, &sheet), ["B3:C4"]);
    // Row 5 to the top.
    store.move_lines(&r(&store, &sheet, "A5"), Dim::Rows, 1).unwrap();
    assert_eq!(store.get_value(&r(&store, &sheet, "A1")).unwrap(), n(5.0));
    assert_eq!(message(store.move_lines(&r(&store, &sheet, "A1:A3"), Dim::Rows, 2)), st::MOVE_INTO_ITSELF);
    assert_eq!(merges(&store, &sheet), ["B4:C5"]);
    assert_eq!(message(store.move_lines(&r(&store, &sheet, "A4"), Dim::Rows, 1)), st::PART_OF_MERGE);
    store.move_lines(&r(&store, &sheet, "A1"), Dim::Columns, 4).unwrap();
    assert_eq!(values(&store, &sheet, "C1"), vec![vec![n(5.0)]]);
    assert_eq!(merges(&store, &sheet), ["A4:B5"]);
}

#[test]
fn a_layout_round_trips_through_a_state_file() {
    let (mut store, sheet) = fresh();
    store.merge(&r(&store, &sheet, "A1:B2"), MergeKind::All).unwrap();
    store.set_frozen(&sheet, Dim::Rows, 2).unwrap();
    store.set_hidden(&sheet, Dim::Columns, 3, 1, true).unwrap();
    let json = serde_json::to_string(&store).unwrap();
    assert!(json.contains(r#""layout":{"hidden_columns":[3],"frozen_rows":2,"merges":["A1:B2"]}"#), "{json}");
    let back: Spreadsheets = serde_json::from_str(&json).unwrap();
    assert_eq!(back, store);
    let bad = json.replace("\"A1:B2\"", "\"A1:B1001\"");
    let err = serde_json::from_str::<Spreadsheets>(&bad).unwrap_err().to_string();
    assert!(err.contains("merge A1:B1001 is outside the sheet"), "{err}");
}

// ---- data validation rules go with the cells

#[test]
fn validations_go_with_copy_to_move_to_and_sort_but_not_with_values() {
    use crate::sheets::validation::{CriterionValue, DataValidation};
    let (mut store, sheet) = fresh();
    let rule = DataValidation::builder()
        .with_criteria("VALUE_IN_LIST", vec![CriterionValue::List(vec!["a".into(), "b".into()])])
        .unwrap()
        .build()
        .unwrap();
    write(&mut store, &sheet, "A1:B3", vec![vec![n(3.0), s("x")], vec![n(1.0), s("y")], vec![n(2.0), s("z")]]);
    store.set_data_validation(&r(&store, &sheet, "B1"), Some(rule.clone())).unwrap();
    let rule_at = |store: &Spreadsheets, a1: &str| store.data_validation(&r(store, &sheet, a1)).unwrap();
    let source = r(&store, &sheet, "A1:B1");
    store.copy_to(&source, &r(&store, &sheet, "D1"), ALL).unwrap();
    assert_eq!(rule_at(&store, "E1"), Some(rule.clone()), "a normal paste carries the rule");
    let values_only =
        CopyMode { contents: true, values_only: true, formats: false, validations: false, transposed: false };
    store.copy_to(&source, &r(&store, &sheet, "D5"), values_only).unwrap();
    assert_eq!(rule_at(&store, "E5"), None, "values only: no rule");
    let rules_only =
        CopyMode { contents: false, values_only: false, formats: false, validations: true, transposed: false };
    store.copy_to(&source, &r(&store, &sheet, "D7"), rules_only).unwrap();
    assert_eq!((rule_at(&store, "E7"), store.get_value(&r(&store, &sheet, "E7")).unwrap()), (Some(rule.clone()), E));
    // Sort by column A: row 1 (3, x, the rule) goes last.
    store.sort_range(&r(&store, &sheet, "A1:B3"), &[(1, true)]).unwrap();
    assert_eq!((rule_at(&store, "B1"), rule_at(&store, "B3")), (None, Some(rule.clone())));
    store.move_to(&r(&store, &sheet, "B3"), &r(&store, &sheet, "C9")).unwrap();
    assert_eq!((rule_at(&store, "B3"), rule_at(&store, "C9")), (None, Some(rule)));
}

#[test]
fn colour_rules_are_copied_with_a_paste_and_moved_with_a_cut() {
    use crate::sheets::conditional::RuleBuilder;
    let (mut store, sheet) = fresh();
    let mut rule = RuleBuilder::default().with_criteria("TEXT_CONTAINS", vec![s("late")]).unwrap();
    rule.ranges = vec![r(&store, &sheet, "A1:A10")];
    store.set_conditional_format_rules(&sheet, vec![rule]).unwrap();
    let notations = |store: &Spreadsheets| -> Vec<Vec<String>> {
        let rules = store.conditional_format_rules(&sheet).unwrap();
        rules.iter().map(|rule| rule.ranges.iter().map(crate::sheets::a1_notation).collect()).collect()
    };
    let values_only =
        CopyMode { contents: true, values_only: true, formats: false, validations: false, transposed: false };
    store.copy_to(&r(&store, &sheet, "A2:B3"), &r(&store, &sheet, "D1"), values_only).unwrap();
    assert_eq!(notations(&store).len(), 1, "values only: no rule");
    store.copy_to(&r(&store, &sheet, "A2:B3"), &r(&store, &sheet, "D1"), ALL).unwrap();
    store.move_to(&r(&store, &sheet, "D1:D2"), &r(&store, &sheet, "F5")).unwrap();
    assert_eq!(notations(&store), vec![vec!["A1:A10".to_string()], vec!["F5:F6".to_string()]]);
}

#[test]
fn a_paste_of_many_copies_adds_one_rule_per_source_rule() {
    use crate::sheets::conditional::RuleBuilder;
    let (mut store, sheet) = fresh();
    let mut rule = RuleBuilder::default().with_criteria("TEXT_CONTAINS", vec![s("late")]).unwrap();
    rule.ranges = vec![r(&store, &sheet, "A1"), r(&store, &sheet, "B2")];
    store.set_conditional_format_rules(&sheet, vec![rule]).unwrap();
    store.copy_to(&r(&store, &sheet, "A1"), &r(&store, &sheet, "D1:Z100"), ALL).unwrap();
    store.copy_to(&r(&store, &sheet, "A1:B2"), &r(&store, &sheet, "D101:G104"), ALL).unwrap();
    let rules = store.conditional_format_rules(&sheet).unwrap();
    let notations: Vec<Vec<String>> =
        rules.iter().map(|rule| rule.ranges.iter().map(crate::sheets::a1_notation).collect()).collect();
    assert_eq!(notations[1], ["D1:Z100"], "a 1x1 source's rule: one box over every copy");
    assert_eq!(notations[2], ["D101", "F101", "D103", "F103", "E102", "G102", "E104", "G104"], "one box per copy");
    assert_eq!(rules.len(), 3);
}
