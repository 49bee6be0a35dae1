//! The "objects" rules through the store: named ranges after structure changes,
//! protections, validations, conditional formats, TextFinder options, copies, sharing.

use chrono_tz::Tz;

use super::conditional::RuleBuilder;
use super::protection::{ProtectionChange, ProtectionType};
use super::validation::{CriterionValue, DataValidation};
use super::*;
use crate::time::parse_zone;
use crate::CellValue;

fn utc() -> Tz {
    parse_zone("UTC").unwrap()
}

fn s(value: &str) -> CellValue {
    CellValue::String(value.to_string())
}

fn fresh() -> (Spreadsheets, SheetRef) {
    let mut store = Spreadsheets::new();
    let id = store.create("Book").unwrap();
    let sheet = store.get_sheets(&id).unwrap()[0].clone();
    (store, sheet)
}

fn range(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
    store.get_range_a1(sheet, a1).unwrap()
}

fn a1(range: &RangeRef) -> String {
    a1_notation(range)
}

const ME: &str = "me@example.com";

// ---- named ranges

#[test]
fn named_ranges_are_set_read_and_removed_ignoring_case() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    let totals = range(&store, &sheet, "B2:C4");
    store.set_named_range(&id, "Totals", &totals).unwrap();
    assert_eq!(store.range_by_name(&id, "totals").unwrap().map(|r| a1(&r)), Some("B2:C4".into()));
    assert_eq!(store.range_by_name(&id, "Other").unwrap(), None);
    let err = store.set_named_range(&id, "A1", &totals).unwrap_err();
    assert!(err.message.starts_with("The range name \"A1\" is not valid."), "{}", err.message);
    // The same name again takes the new range.
    store.set_named_range(&id, "TOTALS", &range(&store, &sheet, "D1")).unwrap();
    assert_eq!(store.named_ranges(&id, None).unwrap().len(), 1);
    store.rename_named_range(&id, "totals", "Sum_2025").unwrap();
    assert_eq!(store.named_ranges(&id, None).unwrap()[0].name, "Sum_2025");
    store.remove_named_range(&id, "sum_2025").unwrap();
    assert!(store.named_ranges(&id, None).unwrap().is_empty());
    assert_eq!(store.remove_named_range(&id, "Sum_2025").unwrap_err().message, named::text::no_named_range("Sum_2025"));
}

#[test]
fn named_ranges_follow_row_inserts_and_deletes() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    store.set_named_range(&id, "Block", &range(&store, &sheet, "B3:C5")).unwrap();
    store.set_named_range(&id, "Ninth", &range(&store, &sheet, "A9")).unwrap();
    let block = |store: &Spreadsheets| store.range_by_name(&id, "Block").unwrap().map(|r| a1(&r));
    store.insert_rows_before(&sheet, 1, 2).unwrap();
    assert_eq!(block(&store).as_deref(), Some("B5:C7"), "rows inserted above move it");
    store.insert_row_after(&sheet, 5).unwrap();
    assert_eq!(block(&store).as_deref(), Some("B5:C8"), "a row inserted inside grows it");
    store.insert_row_after(&sheet, 8).unwrap();
    assert_eq!(block(&store).as_deref(), Some("B5:C8"), "a row inserted after it leaves it");
    store.delete_rows(&sheet, 4, 2).unwrap();
    assert_eq!(block(&store).as_deref(), Some("B4:C6"), "deleting across its top shrinks and moves it");
    store.delete_rows(&sheet, 4, 3).unwrap();
    assert_eq!(block(&store), None, "deleting all its rows removes it");
    assert_eq!(store.range_by_name(&id, "Ninth").unwrap().map(|r| a1(&r)).as_deref(), Some("A8"));
}

#[test]
fn a_deleted_sheet_takes_its_named_ranges_and_protections() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    let second = store.insert_sheet(&id, Some("Two")).unwrap();
    store.set_named_range(&id, "There", &range(&store, &second, "A1")).unwrap();
    store.protect_sheet(&second, ME).unwrap();
    store.delete_sheet(&second).unwrap();
    assert!(store.named_ranges(&id, None).unwrap().is_empty());
    assert!(store.protections(&id, None, ProtectionType::Sheet).unwrap().is_empty());
}

// ---- protections

#[test]
fn protections_mirror_the_spreadsheet_editors_and_read_back() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    store.add_spreadsheet_editors(&id, vec!["ana@example.com".into()]).unwrap();
    let pid = store.protect_range(&range(&store, &sheet, "A1:B2"), ME).unwrap();
    assert_eq!(store.protection(&id, pid).unwrap().editors, [ME, "ana@example.com"]);
    store
        .change_protection(&id, pid, ProtectionChange::RemoveEditors(vec![ME.into(), "ana@example.com".into()]), ME)
        .unwrap();
    assert_eq!(store.protection(&id, pid).unwrap().editors, [ME], "the owner stays");
    assert!(!store.protection_can_edit(&id, pid, "ana@example.com", ME).unwrap());
    store.change_protection(&id, pid, ProtectionChange::Description("Totals".into()), ME).unwrap();
    store.change_protection(&id, pid, ProtectionChange::WarningOnly(true), ME).unwrap();
    let warned = store.protection(&id, pid).unwrap();
    assert!(warned.warning_only && warned.editors.is_empty() && warned.description == "Totals");
    assert!(store.protection_can_edit(&id, pid, "ana@example.com", ME).unwrap());
    let err = store.change_protection(&id, pid, ProtectionChange::AddEditors(vec!["bo@example.com".into()]), ME);
    assert_eq!(err.unwrap_err().message, protection::text::WARNING_ONLY_EDITORS);
    // A second protect of the range adds another; a sheet has one protection.
    store.protect_range(&range(&store, &sheet, "A1"), ME).unwrap();
    assert_eq!(store.protections(&id, None, ProtectionType::Range).unwrap().len(), 2);
    let first = store.protect_sheet(&sheet, ME).unwrap();
    assert_eq!(store.protect_sheet(&sheet, ME).unwrap(), first);
    let err = store.change_protection(&id, first, ProtectionChange::Range(range(&store, &sheet, "A1")), ME);
    assert_eq!(err.unwrap_err().message, protection::text::SHEET_PROTECTION_RANGE);
    assert_eq!(a1(&store.protection_range(&id, first).unwrap()), "A1:Z1000");
    let err = store.change_protection(&id, pid, ProtectionChange::AddEditors(vec!["not an email".into()]), ME);
    assert!(err.is_err());
    store.remove_protection(&id, pid).unwrap();
    assert_eq!(store.protection(&id, pid).unwrap_err().message, protection::text::PROTECTION_REMOVED);
}

#[test]
fn protected_ranges_follow_row_deletes() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    let pid = store.protect_range(&range(&store, &sheet, "A5:A6"), ME).unwrap();
    store.delete_row(&sheet, 1).unwrap();
    assert_eq!(a1(&store.protection_range(&id, pid).unwrap()), "A4:A5");
}

// ---- data validation

#[test]
fn validations_are_stored_per_cell_move_with_rows_and_never_refuse_a_script() {
    let (mut store, sheet) = fresh();
    let rule = DataValidation::builder()
        .with_criteria("VALUE_IN_LIST", vec![CriterionValue::List(vec!["yes".into(), "no".into()])])
        .unwrap();
    let rule = DataValidation { allow_invalid: false, ..rule }.build().unwrap();
    let target = range(&store, &sheet, "B2:B3");
    store.set_data_validation(&target, Some(rule.clone())).unwrap();
    store.set_value(&range(&store, &sheet, "B2"), s("maybe"), utc()).unwrap();
    assert_eq!(store.get_value(&range(&store, &sheet, "B2")).unwrap(), s("maybe"), "scripts write any value");
    store.insert_row_before(&sheet, 1).unwrap();
    let moved = store.data_validations(&range(&store, &sheet, "B2:B4")).unwrap();
    assert_eq!(moved, vec![vec![None], vec![Some(rule.clone())], vec![Some(rule)]]);
    let err = store.set_data_validations(&range(&store, &sheet, "B3:B4"), vec![vec![None]]).unwrap_err();
    assert_eq!(err.message, text::data_rows_mismatch(1, 2));
    store.clear_data_validations(&range(&store, &sheet, "A1:Z1000")).unwrap();
    assert_eq!(store.data_validation(&range(&store, &sheet, "B3")).unwrap(), None);
}

// ---- conditional formats

#[test]
fn conditional_format_rules_are_stored_read_back_and_shifted() {
    let (mut store, sheet) = fresh();
    let mut rule = RuleBuilder::default()
        .with_criteria("TEXT_CONTAINS", vec![s("late")])
        .unwrap()
        .format(|c| c.background = Some("#ff0000".into()));
    rule.ranges = vec![range(&store, &sheet, "C2:C10")];
    store.set_conditional_format_rules(&sheet, vec![rule.clone()]).unwrap();
    assert_eq!(store.conditional_format_rules(&sheet).unwrap(), vec![rule.clone()]);
    store.delete_rows(&sheet, 1, 1).unwrap();
    let shifted = store.conditional_format_rules(&sheet).unwrap();
    assert_eq!(a1(&shifted[0].ranges[0]), "C1:C9");
    let other = store.insert_sheet(&sheet.spreadsheet_id, None).unwrap();
    let err = store.set_conditional_format_rules(&other, vec![rule]).unwrap_err();
    assert_eq!(err.message, conditional::text::RANGE_ON_OTHER_SHEET);
}

#[test]
fn a_filter_moves_with_rows_and_columns_and_its_criteria_with_their_columns() {
    let (mut store, sheet) = fresh();
    store.create_filter(&range(&store, &sheet, "B2:D6")).unwrap();
    let first = store.create_filter(&range(&store, &sheet, "A1")).unwrap_err();
    assert_eq!(first.message, filter::text::FILTER_EXISTS);
    let late = filter::FilterCriteria::default().with_criteria("TEXT_CONTAINS", vec![s("late")]).unwrap();
    store.set_filter_criteria(&sheet, 3, Some(late.clone())).unwrap();
    store.set_filter_criteria(&sheet, 4, Some(late.clone())).unwrap();
    let outside = store.set_filter_criteria(&sheet, 5, Some(late.clone())).unwrap_err();
    assert_eq!(outside.message, filter::text::COLUMN_OUT_OF_RANGE);
    store.insert_rows_before(&sheet, 1, 2).unwrap();
    store.insert_columns(&sheet, 1, 1, false).unwrap();
    assert_eq!(a1(&store.filter_range(&sheet).unwrap()), "C4:E8");
    store.delete_columns(&sheet, 4, 1).unwrap();
    assert_eq!(a1(&store.filter_range(&sheet).unwrap()), "C4:D8");
    let columns: Vec<u32> = store.filter(&sheet).unwrap().unwrap().columns.keys().copied().collect();
    assert_eq!(columns, vec![4], "the deleted column's criteria went with it, the next moved left");
    assert_eq!(store.filter_criteria(&sheet, 4).unwrap(), Some(late));
    let second = range(&store, &sheet, "D1");
    store.move_lines(&second, Dim::Columns, 3).unwrap();
    let columns: Vec<u32> = store.filter(&sheet).unwrap().unwrap().columns.keys().copied().collect();
    assert_eq!(columns, vec![3], "moveColumns: the criteria went with their column's data");
    assert_eq!(a1(&store.filter_range(&sheet).unwrap()), "C4:D8", "the range stays");
    store.delete_columns(&sheet, 3, 2).unwrap();
    assert!(store.filter(&sheet).unwrap().is_none(), "every column of the filter deleted: the filter too");
    assert_eq!(store.remove_filter(&sheet).unwrap_err().message, filter::text::FILTER_REMOVED);
}

#[test]
fn a_filter_wholly_inside_moved_cells_moves_with_them() {
    let (mut store, sheet) = fresh();
    store.create_filter(&range(&store, &sheet, "B2:C4")).unwrap();
    let late = filter::FilterCriteria::default().with_criteria("TEXT_CONTAINS", vec![s("late")]).unwrap();
    store.set_filter_criteria(&sheet, 3, Some(late.clone())).unwrap();
    store.move_to(&range(&store, &sheet, "A1:C2"), &range(&store, &sheet, "F1")).unwrap();
    assert_eq!(a1(&store.filter_range(&sheet).unwrap()), "B2:C4", "only partly inside: it stays");
    store.move_to(&range(&store, &sheet, "B2:C4"), &range(&store, &sheet, "E10")).unwrap();
    assert_eq!(a1(&store.filter_range(&sheet).unwrap()), "E10:F12");
    assert_eq!(store.filter_criteria(&sheet, 6).unwrap(), Some(late), "the criteria went with their column");
    let other = store.insert_sheet(&sheet.spreadsheet_id, None).unwrap();
    store.create_filter(&range(&store, &other, "A1:A2")).unwrap();
    store.move_to(&range(&store, &sheet, "E10:F12"), &range(&store, &other, "C1")).unwrap();
    assert_eq!(a1(&store.filter_range(&sheet).unwrap()), "E10:F12", "the other sheet has one: it stays");
}

#[test]
fn a_state_files_filter_must_lie_in_its_sheet() {
    let (mut store, sheet) = fresh();
    store.create_filter(&range(&store, &sheet, "A1:B3")).unwrap();
    store.set_filter_criteria(&sheet, 2, Some(filter::FilterCriteria::default())).unwrap();
    let json = serde_json::to_string(&store).unwrap();
    let back: Spreadsheets = serde_json::from_str(&json).unwrap();
    assert_eq!(back.filter(&sheet).unwrap(), store.filter(&sheet).unwrap(), "kept across a state file");
    let bad = json.replace("\"2\":{", "\"7\":{");
    assert_ne!(bad, json);
    let err = serde_json::from_str::<Spreadsheets>(&bad).unwrap_err().to_string();
    assert!(err.contains("the filter's range lies outside the grid, or criteria outside its columns"), "{err}");
    let other_sheet =
        json.replace(&format!("\"range\":{{\"sheet_id\":{}", sheet.sheet_id), "\"range\":{\"sheet_id\":77");
    assert_ne!(other_sheet, json);
    let err = serde_json::from_str::<Spreadsheets>(&other_sheet).unwrap_err().to_string();
    assert!(err.contains("the filter's range names sheet 77"), "{err}");
}

// ---- TextFinder

fn finder_over(store: &mut Spreadsheets, sheet: &SheetRef, text_: &str) -> TextFinder {
    let scope = store.sheet_range(sheet).unwrap();
    TextFinder { scopes: vec![scope], ..TextFinder::new(text_) }
}

fn cells(found: &[RangeRef]) -> Vec<String> {
    found.iter().map(a1).collect()
}

fn seed(store: &mut Spreadsheets, sheet: &SheetRef) {
    let target = range(store, sheet, "A1:B3");
    let rows = vec![vec![s("Café crème"), s("cafe")], vec![s("order 10"), s("ORDER 11")], vec![s("x"), s("cafés")]];
    store.set_values(&target, rows, utc()).unwrap();
}

#[test]
fn ignore_diacritics_folds_accented_letters() {
    let (mut store, sheet) = fresh();
    seed(&mut store, &sheet);
    let plain = finder_over(&mut store, &sheet, "cafe");
    assert_eq!(cells(&store.find_all_scopes(&plain, utc()).unwrap()), ["B1"]);
    let folded = TextFinder { ignore_diacritics: true, ..plain };
    assert_eq!(cells(&store.find_all_scopes(&folded, utc()).unwrap()), ["A1", "B1", "B3"]);
    assert_eq!(fold("Ça Ñandú", true, true), "ca nandu");
}

#[test]
fn find_next_previous_and_start_from() {
    let (mut store, sheet) = fresh();
    seed(&mut store, &sheet);
    let mut finder = finder_over(&mut store, &sheet, "order");
    let first = store.find_step(&finder, true, utc()).unwrap().unwrap();
    assert_eq!(a1(&first), "A2");
    finder.current = Some(first);
    let second = store.find_step(&finder, true, utc()).unwrap().unwrap();
    assert_eq!(a1(&second), "B2");
    finder.current = Some(second.clone());
    assert_eq!(store.find_step(&finder, true, utc()).unwrap(), None, "no wrap");
    assert_eq!(a1(&store.find_step(&finder, false, utc()).unwrap().unwrap()), "A2");
    let started = TextFinder { current: None, start_after: Some(range(&store, &sheet, "A2")), ..finder };
    assert_eq!(store.find_step(&started, true, utc()).unwrap(), Some(second));
}

#[test]
fn replace_all_counts_occurrences_and_reads_the_result_as_typed() {
    let (mut store, sheet) = fresh();
    seed(&mut store, &sheet);
    let finder = TextFinder { use_regular_expression: true, ..finder_over(&mut store, &sheet, "order (\\d+)") };
    assert_eq!(store.replace_all(&finder, "$1", utc()).unwrap(), 2);
    let values = store.get_values(&range(&store, &sheet, "A2:B2")).unwrap();
    assert_eq!(values, vec![vec![CellValue::Number(10.0), CellValue::Number(11.0)]]);
    let literal = TextFinder { ignore_diacritics: true, ..finder_over(&mut store, &sheet, "e") };
    // "Café crème" has é, e (crème's è and e): é→e, è→e, e → 4 occurrences with ignoreDiacritics.
    let count = store.replace_all(&literal, "E", utc()).unwrap();
    assert_eq!(store.get_value(&range(&store, &sheet, "A1")).unwrap(), s("CafE crEmE"));
    assert_eq!(count, 3 + 1 + 1, "A1 has 3, B1 cafe 1, B3 cafés 1");
    let none = finder_over(&mut store, &sheet, "zzz");
    assert_eq!(store.replace_all(&none, "y", utc()).unwrap(), 0);
    let current = TextFinder { current: Some(range(&store, &sheet, "B1")), ..finder_over(&mut store, &sheet, "E") };
    assert_eq!(store.replace_current(&current, "e", utc()).unwrap(), 1);
    assert_eq!(store.get_value(&range(&store, &sheet, "B1")).unwrap(), s("cafe"));
}

#[test]
fn match_formula_text_searches_formulas() {
    let (mut store, sheet) = fresh();
    seed(&mut store, &sheet);
    store.sheet_for_change(&sheet).unwrap().formulas_mut().set(4, 1, Some("=SUM(A1:A3)".into()));
    let plain = finder_over(&mut store, &sheet, "sum");
    assert!(store.find_all_scopes(&plain, utc()).unwrap().is_empty());
    let formulas = TextFinder { match_formula_text: true, ..plain };
    assert_eq!(cells(&store.find_all_scopes(&formulas, utc()).unwrap()), ["A4"]);
    let err = store.replace_all(&formulas, "AVERAGE", utc()).unwrap_err();
    assert!(err.message.starts_with(crate::gaps::UNIMPLEMENTED_PREFIX), "{}", err.message);
}

#[test]
fn a_bad_regular_expression_is_the_platform_error() {
    let (mut store, sheet) = fresh();
    let finder = TextFinder { use_regular_expression: true, ..finder_over(&mut store, &sheet, "(") };
    assert_eq!(store.find_all_scopes(&finder, utc()).unwrap_err().message, text::invalid_regular_expression("("));
}

// ---- copies, moves, sharing, locale

#[test]
fn sheet_copies_and_moves() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    seed(&mut store, &sheet);
    let copy = store.copy_sheet(&sheet, &id, true).unwrap();
    assert_eq!(store.sheet_name(&copy).unwrap(), "Copy of Sheet1");
    assert_eq!(store.sheet_index(&copy).unwrap(), 2);
    let again = store.copy_sheet(&sheet, &id, false).unwrap();
    assert_eq!(store.sheet_name(&again).unwrap(), "Copy of Sheet1 2");
    assert_eq!(store.get_value(&store.get_range(&again, 1, 2, 1, 1).unwrap()).unwrap(), s("cafe"));
    store.move_sheet(&again, 1).unwrap();
    assert_eq!(store.sheet_index(&again).unwrap(), 1);
    assert_eq!(store.move_sheet(&again, 4).unwrap_err().message, ops::objects::texts::SHEET_POSITION);
    assert_eq!(store.num_sheets(&id).unwrap(), 3);
    let other = store.copy_spreadsheet(&id, "Copy").unwrap();
    assert_eq!(store.num_sheets(&other).unwrap(), 3);
    assert_eq!(store.spreadsheet_name(&other).unwrap(), "Copy");
}

#[test]
fn sharing_and_locale_are_recorded() {
    let (mut store, sheet) = fresh();
    let id = sheet.spreadsheet_id.clone();
    store.add_spreadsheet_viewers(&id, vec!["v@example.com".into()]).unwrap();
    store.add_spreadsheet_editors(&id, vec!["v@example.com".into(), "e@example.com".into()]).unwrap();
    assert_eq!(store.spreadsheet_editors(&id, ME).unwrap(), [ME, "v@example.com", "e@example.com"]);
    assert!(store.spreadsheet_viewers(&id).unwrap().is_empty());
    store.remove_spreadsheet_user(&id, "v@example.com", true).unwrap();
    assert_eq!(store.spreadsheet_editors(&id, ME).unwrap(), [ME, "e@example.com"]);
    assert_eq!(store.add_spreadsheet_editors(&id, vec!["nope".into()]).unwrap_err().message, "Invalid email: nope");
    assert_eq!(store.spreadsheet_locale(&id).unwrap(), "en_US");
    store.set_spreadsheet_locale(&id, "de_DE").unwrap();
    assert_eq!(store.spreadsheet_locale(&id).unwrap(), "de_DE");
    assert!(store.set_spreadsheet_locale(&id, "German").is_err());
    // Recorded in the state, and read back from it.
    let json = serde_json::to_string(&store).unwrap();
    let back: Spreadsheets = serde_json::from_str(&json).unwrap();
    assert_eq!(back.spreadsheet_locale(&id).unwrap(), "de_DE");
    assert_eq!(back, store);
}

#[test]
fn a_state_file_without_objects_is_unchanged_and_bad_objects_are_refused() {
    let (store, _) = fresh();
    let json = serde_json::to_string(&store).unwrap();
    assert!(!json.contains("objects"), "{json}");
    let bad = json.replace(
        "\"sheets\":[",
        "\"objects\":{\"named_ranges\":[{\"name\":\"X\",\"range\":{\"sheet_id\":9,\"row\":1,\"column\":1,\"num_rows\":1,\"num_columns\":1}}]},\"sheets\":[",
    );
    let err = serde_json::from_str::<Spreadsheets>(&bad).unwrap_err().to_string();
    assert!(err.contains("named range \"X\""), "{err}");
}
