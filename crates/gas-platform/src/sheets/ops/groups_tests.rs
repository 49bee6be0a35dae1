//! Groups on a sheet: collapsing hides rows the way `hideRows` does, expanding shows
//! them, groups follow inserted and deleted rows, a Group found again after changes.

use crate::sheets::groups::TogglePosition;
use crate::sheets::shift::Dim;
use crate::sheets::{text, RangeRef, SheetRef, Spreadsheets, GROUP_GONE};

fn fresh() -> (Spreadsheets, SheetRef) {
    let mut store = Spreadsheets::new();
    let id = store.create("Book").unwrap();
    let sheet = store.get_sheets(&id).unwrap()[0].clone();
    (store, sheet)
}

fn r(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
    store.get_range_a1(sheet, a1).unwrap()
}

fn hidden_rows(store: &Spreadsheets, sheet: &SheetRef, rows: std::ops::RangeInclusive<i64>) -> Vec<i64> {
    rows.filter(|&i| store.is_hidden_by_user(sheet, Dim::Rows, i).unwrap()).collect()
}

#[test]
fn the_documented_example_groups_collapses_and_expands_rows_2_and_3() {
    let (mut store, sheet) = fresh();
    let range = r(&store, &sheet, "2:3");
    store.shift_group_depth(&range, Dim::Rows, 1).unwrap();
    assert_eq!([1, 2, 3, 4].map(|i| store.group_depth(&sheet, Dim::Rows, i).unwrap()), [0, 1, 1, 0]);
    let group = store.group_at(&sheet, Dim::Rows, 2, 1).unwrap().unwrap();
    assert_eq!((group.start, group.end, group.depth), (2, 3, 1));
    assert_eq!(store.group_at(&sheet, Dim::Rows, 4, 1).unwrap(), None);
    assert_eq!(store.group_at(&sheet, Dim::Rows, 2, 2).unwrap(), None);
    store.set_group_collapsed(&group, true).unwrap();
    assert!(store.group(&group).unwrap().collapsed);
    assert_eq!(hidden_rows(&store, &sheet, 1..=5), vec![2, 3], "isRowHiddenByUser reports collapsed rows");
    store.set_group_collapsed(&group, false).unwrap();
    assert!(hidden_rows(&store, &sheet, 1..=5).is_empty());
    // The toggle: before by default (index 1), after on request (documented: 4).
    assert_eq!(store.group_control_index(&group).unwrap(), 1);
    store.set_group_control(&sheet, Dim::Rows, TogglePosition::After).unwrap();
    assert_eq!(store.group_control_index(&group).unwrap(), 4);
    assert_eq!(store.group_control(&sheet, Dim::Columns).unwrap(), TogglePosition::Before);
    let whole = store.group_range(&group).unwrap();
    assert_eq!((whole.row, whole.num_rows, whole.column, whole.num_columns), (2, 2, 1, 26));
}

#[test]
fn collapse_all_expand_up_to_depth_and_range_collapse_and_expand() {
    let (mut store, sheet) = fresh();
    store.shift_group_depth(&r(&store, &sheet, "A2:A9"), Dim::Rows, 1).unwrap();
    store.shift_group_depth(&r(&store, &sheet, "B4:C5"), Dim::Rows, 1).unwrap();
    store.set_all_groups(&sheet, Dim::Rows, true).unwrap();
    assert_eq!(hidden_rows(&store, &sheet, 1..=10), (2..=9).collect::<Vec<_>>());
    store.expand_groups_up_to(&sheet, Dim::Rows, 1).unwrap();
    assert_eq!(hidden_rows(&store, &sheet, 1..=10), vec![4, 5]);
    store.set_all_groups(&sheet, Dim::Rows, false).unwrap();
    assert!(hidden_rows(&store, &sheet, 1..=10).is_empty());
    // Range.collapseGroups on row 4: no group wholly inside, the deepest partly inside is 4:5.
    store.collapse_groups(&r(&store, &sheet, "A4")).unwrap();
    assert_eq!(hidden_rows(&store, &sheet, 1..=10), vec![4, 5]);
    store.collapse_groups(&r(&store, &sheet, "A1:A10")).unwrap();
    assert_eq!(hidden_rows(&store, &sheet, 1..=10).len(), 8);
    // Range.expandGroups on the toggle row (1, before 2:9) opens 2:9; 4:5 stays closed.
    store.expand_groups(&r(&store, &sheet, "A1")).unwrap();
    assert_eq!(hidden_rows(&store, &sheet, 1..=10), vec![4, 5]);
}

#[test]
fn groups_follow_inserted_and_deleted_rows_and_columns_keep_their_own() {
    let (mut store, sheet) = fresh();
    store.shift_group_depth(&r(&store, &sheet, "3:5"), Dim::Rows, 1).unwrap();
    store.shift_group_depth(&r(&store, &sheet, "C:D"), Dim::Columns, 2).unwrap();
    let group = store.group_at(&sheet, Dim::Rows, 3, 1).unwrap().unwrap();
    store.insert_rows_before(&sheet, 1, 2).unwrap();
    assert_eq!(store.group_depth(&sheet, Dim::Rows, 3).unwrap(), 0);
    assert_eq!(store.group_depth(&sheet, Dim::Rows, 5).unwrap(), 1);
    assert_eq!(store.group(&group).unwrap_err().message, GROUP_GONE, "a Group read before is stale");
    store.delete_rows(&sheet, 6, 1).unwrap();
    let moved = store.group_at(&sheet, Dim::Rows, 5, 1).unwrap().unwrap();
    assert_eq!((moved.start, moved.end), (5, 6));
    store.delete_columns(&sheet, 1, 1).unwrap();
    assert_eq!(store.group_depth(&sheet, Dim::Columns, 2).unwrap(), 2);
    let column = store.group_at(&sheet, Dim::Columns, 3, 2).unwrap().unwrap();
    assert_eq!((column.start, column.end), (2, 3));
    store.remove_group(&column).unwrap();
    assert_eq!(store.group_depth(&sheet, Dim::Columns, 2).unwrap(), 1, "remove: one level shallower");
}

#[test]
fn removing_a_collapsed_group_shows_its_rows_and_bad_indexes_fail() {
    let (mut store, sheet) = fresh();
    store.shift_group_depth(&r(&store, &sheet, "2:3"), Dim::Rows, 1).unwrap();
    let group = store.group_at(&sheet, Dim::Rows, 2, 1).unwrap().unwrap();
    store.set_group_collapsed(&group, true).unwrap();
    store.remove_group(&group).unwrap();
    assert!(hidden_rows(&store, &sheet, 1..=5).is_empty());
    assert_eq!(store.set_group_collapsed(&group, true).unwrap_err().message, GROUP_GONE);
    assert_eq!(store.group_depth(&sheet, Dim::Rows, 0).unwrap_err().message, text::ROWS_OUT_OF_BOUNDS);
    assert_eq!(store.group_depth(&sheet, Dim::Rows, 1001).unwrap_err().message, text::ROWS_OUT_OF_BOUNDS);
    assert!(store.group_at(&sheet, Dim::Rows, 2, -1).unwrap().is_none());
    // A sheet with groups writes them; one without writes nothing new.
    let (plain, plain_sheet) = fresh();
    let json = serde_json::to_string(plain.sheet(&plain_sheet).unwrap()).unwrap();
    assert!(!json.contains("groups"));
    store.shift_group_depth(&r(&store, &sheet, "5:6"), Dim::Rows, 1).unwrap();
    let json = serde_json::to_string(store.sheet(&sheet).unwrap()).unwrap();
    assert!(json.contains(r#""groups":{"rows":[{"start":5,"end":6,"depth":1}]}"#), "{json}");
    let back: crate::sheets::Sheet = serde_json::from_str(&json).unwrap();
    assert_eq!(back.groups(), store.sheet(&sheet).unwrap().groups());
}
