//! The format operations' rules, one test each.

use chrono_tz::Tz;

use super::super::super::{format::Field, format::FieldValue, RangeRef, SheetRef};
use super::*;
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

fn range(store: &Spreadsheets, sheet: &SheetRef, a1: &str) -> RangeRef {
    store.get_range_a1(sheet, a1).unwrap()
}

fn text(s: &str) -> Option<FieldValue> {
    Some(FieldValue::Text(s.to_string()))
}

fn message<T: std::fmt::Debug>(result: ServiceResult<T>) -> String {
    result.unwrap_err().message
}

#[test]
fn number_formats_drive_display_values() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B1");
    store.set_values(&target, vec![vec![CellValue::Number(1234.5), CellValue::Number(0.25)]], utc()).unwrap();
    let a1 = range(&store, &sheet, "A1");
    let b1 = range(&store, &sheet, "B1");
    store.set_format(&a1, Field::NumberFormat, text("#,##0.00")).unwrap();
    store.set_format(&b1, Field::NumberFormat, text("0%")).unwrap();
    assert_eq!(store.get_display_values(&target, utc()).unwrap(), vec![vec!["1,234.50", "25%"]]);
    assert_eq!(store.get_display_value(&a1, utc()).unwrap(), "1,234.50");
    assert_eq!(store.get_format(&a1, Field::NumberFormat).unwrap(), text("#,##0.00"));
    // The value itself is unchanged.
    assert_eq!(store.get_value(&a1).unwrap(), CellValue::Number(1234.5));
}

#[test]
fn plain_text_cells_keep_strings_as_written() {
    let (mut store, sheet) = fresh();
    let column = range(&store, &sheet, "A1:A2");
    store.set_format(&column, Field::NumberFormat, text("@")).unwrap();
    store.set_value(&column, CellValue::String("007".into()), utc()).unwrap();
    let a3 = range(&store, &sheet, "A3");
    store.set_value(&a3, CellValue::String("007".into()), utc()).unwrap();
    assert_eq!(store.get_value(&range(&store, &sheet, "A1")).unwrap(), CellValue::String("007".into()));
    assert_eq!(store.get_value(&range(&store, &sheet, "A2")).unwrap(), CellValue::String("007".into()));
    assert_eq!(store.get_value(&a3).unwrap(), CellValue::Number(7.0));
    store
        .set_values(&column, vec![vec![CellValue::String("2025-01-01".into())], vec![CellValue::Number(5.0)]], utc())
        .unwrap();
    assert_eq!(store.get_value(&range(&store, &sheet, "A1")).unwrap(), CellValue::String("2025-01-01".into()));
    assert_eq!(store.get_value(&range(&store, &sheet, "A2")).unwrap(), CellValue::Number(5.0));
    store.append_row(&sheet, vec![CellValue::String("1".into())], utc()).unwrap();
    assert_eq!(store.get_value(&range(&store, &sheet, "A4")).unwrap(), CellValue::Number(1.0));
}

#[test]
fn getters_return_the_defaults_of_a_fresh_cell() {
    let (store, sheet) = fresh();
    let a1 = range(&store, &sheet, "A1");
    assert_eq!(store.get_format(&a1, Field::Background).unwrap(), text("#ffffff"));
    assert_eq!(store.get_format(&a1, Field::FontFamily).unwrap(), text("Arial"));
    assert_eq!(store.get_format(&a1, Field::FontSize).unwrap(), Some(FieldValue::Int(10)));
    assert_eq!(store.get_format(&a1, Field::NumberFormat).unwrap(), text("0.###############"));
    assert_eq!(store.get_format(&a1, Field::TextDirection).unwrap(), None);
    assert_eq!(store.get_note(&a1).unwrap(), "");
}

#[test]
fn grid_setters_check_the_shape_with_set_values_texts() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B2");
    assert_eq!(
        message(store.set_format_grid(&target, Field::Background, vec![vec![text("red"), text("blue")]])),
        "The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2."
    );
    assert_eq!(
        message(store.set_notes(&target, vec![vec![None], vec![None, None]])),
        "The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2."
    );
    // One bad value: nothing is written.
    let grid = vec![vec![text("red"), text("blue")], vec![text("green"), text("nope")]];
    assert_eq!(message(store.set_format_grid(&target, Field::Background, grid)), "Invalid argument: color");
    assert_eq!(store.get_format(&target, Field::Background).unwrap(), text("#ffffff"));
    let grid = vec![vec![text("red"), text("#00F")], vec![None, text("White")]];
    store.set_format_grid(&target, Field::Background, grid).unwrap();
    assert_eq!(
        store.get_format_grid(&target, Field::Background).unwrap(),
        vec![vec![text("#ff0000"), text("#0000ff")], vec![text("#ffffff"), text("#ffffff")]]
    );
    // `null` resets: that cell stores no format.
    assert_eq!(store.sheet(&sheet).unwrap().formats().len(), 3);
}

#[test]
fn background_rgb() {
    let (mut store, sheet) = fresh();
    let a1 = range(&store, &sheet, "A1");
    store.set_background_rgb(&a1, 255, 128, 0).unwrap();
    assert_eq!(store.get_format(&a1, Field::Background).unwrap(), text("#ff8000"));
    assert_eq!(message(store.set_background_rgb(&a1, 300, 0, 0)), "Invalid argument: color");
}

#[test]
fn notes_set_read_and_clear() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B1");
    store.set_note(&target, Some("check".into())).unwrap();
    assert_eq!(store.get_notes(&target).unwrap(), vec![vec!["check", "check"]]);
    store.set_notes(&target, vec![vec![Some("x".into()), None]]).unwrap();
    assert_eq!(store.get_notes(&target).unwrap(), vec![vec!["x", ""]]);
    store.clear_notes(&target).unwrap();
    assert!(store.sheet(&sheet).unwrap().notes().is_empty());
    store.set_note(&target, Some("y".into())).unwrap();
    store.clear_sheet_notes(&sheet).unwrap();
    assert!(store.sheet(&sheet).unwrap().notes().is_empty());
}

#[test]
fn clear_and_its_options() {
    let (mut store, sheet) = fresh();
    let a1 = range(&store, &sheet, "A1");
    let setup = |store: &mut Spreadsheets| {
        store.set_value(&a1, CellValue::Number(1.0), utc()).unwrap();
        store.set_format(&a1, Field::FontWeight, text("bold")).unwrap();
        store.set_note(&a1, Some("n".into())).unwrap();
    };
    let state = |store: &Spreadsheets| {
        (
            store.get_value(&a1).unwrap() != CellValue::Empty,
            store.get_format(&a1, Field::FontWeight).unwrap() == text("bold"),
            !store.get_note(&a1).unwrap().is_empty(),
        )
    };
    setup(&mut store);
    store.clear_range(&a1, None, Tz::UTC).unwrap();
    assert_eq!(state(&store), (false, false, true), "clear(): contents and formats");
    setup(&mut store);
    store.clear_range(&a1, Some(ClearOptions::default()), Tz::UTC).unwrap();
    assert_eq!(state(&store), (false, false, false), "clear({{}}): everything");
    setup(&mut store);
    store.clear_range(&a1, Some(ClearOptions { format_only: true, ..Default::default() }), Tz::UTC).unwrap();
    assert_eq!(state(&store), (true, false, true));
    store.clear_range(&a1, Some(ClearOptions { comments_only: true, ..Default::default() }), Tz::UTC).unwrap();
    assert_eq!(state(&store), (true, false, false));
    store.clear_range(&a1, Some(ClearOptions { contents_only: true, ..Default::default() }), Tz::UTC).unwrap();
    assert_eq!(state(&store), (false, false, false));
    setup(&mut store);
    store.clear_format(&a1).unwrap();
    assert_eq!(state(&store), (true, false, true));
    setup(&mut store);
    store.clear_sheet_with(&sheet, Some(ClearOptions { format_only: true, ..Default::default() })).unwrap();
    assert_eq!(state(&store), (true, false, true));
    store.clear_sheet_with(&sheet, None).unwrap();
    assert_eq!(state(&store), (false, false, true));
    setup(&mut store);
    store.clear_sheet_formats(&sheet).unwrap();
    assert_eq!(state(&store), (true, false, true));
}

#[test]
fn formats_move_with_rows() {
    let (mut store, sheet) = fresh();
    let a2 = range(&store, &sheet, "A2");
    store.set_format(&a2, Field::Background, text("red")).unwrap();
    store.set_row_heights(&sheet, 2, 1, 40).unwrap();
    store.insert_rows_before(&sheet, 1, 2).unwrap();
    let a4 = range(&store, &sheet, "A4");
    assert_eq!(store.get_format(&a4, Field::Background).unwrap(), text("#ff0000"));
    assert_eq!(store.row_height(&sheet, 4).unwrap(), 40);
    store.delete_rows(&sheet, 1, 3).unwrap();
    assert_eq!(store.get_format(&range(&store, &sheet, "A1"), Field::Background).unwrap(), text("#ff0000"));
    assert_eq!(store.row_height(&sheet, 1).unwrap(), 40);
}

#[test]
fn borders_draw_edges_and_inner_lines() {
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B2");
    let edit = BorderEdit { top: Some(true), horizontal: Some(true), ..Default::default() };
    store.set_border(&target, edit).unwrap();
    let cell = |store: &Spreadsheets, row, column| store.sheet(&sheet).unwrap().formats().get(row, column).cloned();
    let a1 = cell(&store, 1, 1).unwrap();
    assert!(a1.borders.top.is_some() && a1.borders.bottom.is_some() && a1.borders.left.is_none());
    let a2 = cell(&store, 2, 1).unwrap();
    assert!(a2.borders.top.is_some() && a2.borders.bottom.is_none());
    assert_eq!(a2.borders.top.unwrap().style, "SOLID");
    let bad = BorderEdit { top: Some(true), style: Some("WAVY".into()), ..Default::default() };
    assert_eq!(message(store.set_border(&target, bad)), "Invalid argument: style");
    let remove = BorderEdit { top: Some(false), bottom: Some(false), horizontal: Some(false), ..Default::default() };
    store.set_border(&target, remove).unwrap();
    assert!(store.sheet(&sheet).unwrap().formats().is_empty());
}

#[test]
fn column_widths_and_row_heights() {
    let (mut store, sheet) = fresh();
    assert_eq!(store.column_width(&sheet, 1).unwrap(), 100);
    assert_eq!(store.row_height(&sheet, 1).unwrap(), 21);
    store.set_column_widths(&sheet, 2, 3, 250).unwrap();
    assert_eq!(store.column_width(&sheet, 4).unwrap(), 250);
    assert_eq!(store.column_width(&sheet, 5).unwrap(), 100);
    assert_eq!(message(store.set_column_widths(&sheet, 26, 2, 50)), "Those columns are out of bounds.");
    assert_eq!(message(store.column_width(&sheet, 0)), "Those columns are out of bounds.");
    assert_eq!(message(store.set_column_widths(&sheet, 1, 1, -1)), "Invalid argument: width");
    assert_eq!(message(store.set_row_heights(&sheet, 1000, 2, 30)), "Those rows are out of bounds.");
    store.set_row_heights(&sheet, 3, 1, 50).unwrap();
    assert_eq!(store.row_height(&sheet, 3).unwrap(), 50);
}

#[test]
fn sheets_without_formats_serialize_as_before() {
    let (store, _) = fresh();
    let json = serde_json::to_string(&store).unwrap();
    assert!(!json.contains("formats") && !json.contains("row_heights"), "{json}");
}

#[test]
fn text_styles_on_ranges() {
    use super::super::super::format::TextStyle;
    let (mut store, sheet) = fresh();
    let target = range(&store, &sheet, "A1:B1");
    let style = TextStyle { italic: Some(true), font_size: Some(14), ..TextStyle::default() };
    store.set_text_style(&target, style).unwrap();
    assert_eq!(store.get_format(&target, Field::FontStyle).unwrap(), text("italic"));
    let styles = store.get_text_styles(&target).unwrap();
    assert_eq!(styles[0][1].font_size, Some(14));
    assert_eq!(styles[0][1].bold, Some(false));
    let bad = TextStyle { foreground_color: Some("nope".into()), ..TextStyle::default() };
    assert_eq!(message(store.set_text_style(&target, bad)), "Invalid argument: color");
    assert_eq!(
        message(store.set_text_styles(&target, vec![vec![TextStyle::default()]])),
        "The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2."
    );
}

#[test]
fn rich_text_values_keep_their_runs_while_the_text_stays() {
    use super::super::super::format::TextStyle;
    use super::super::super::rich_text::RichText;
    let (mut store, sheet) = fresh();
    let a1 = range(&store, &sheet, "A1");
    let mut value = RichText::new("Hello world");
    value.set_style(0, 5, Some(&TextStyle { bold: Some(true), ..TextStyle::default() })).unwrap();
    store.set_rich_text_values(&a1, vec![vec![value]]).unwrap();
    assert_eq!(store.get_value(&a1).unwrap(), CellValue::String("Hello world".into()));
    let read = store.get_rich_text_values(&a1).unwrap().remove(0).remove(0).unwrap();
    assert_eq!(read.runs.len(), 2);
    assert_eq!(read.style_between(0, 5).unwrap().bold, Some(true));
    assert_eq!(read.style_between(6, 11).unwrap().bold, Some(false), "the cell's style fills in");
    store.set_value(&a1, CellValue::String("Other".into()), utc()).unwrap();
    assert_eq!(store.get_rich_text_values(&a1).unwrap()[0][0].as_ref().unwrap().runs.len(), 1);
    store.set_value(&a1, CellValue::Number(5.0), utc()).unwrap();
    assert_eq!(store.get_rich_text_values(&a1).unwrap()[0][0], None);
    // A plain value stores no runs.
    store.set_rich_text_values(&a1, vec![vec![RichText::new("007")]]).unwrap();
    assert_eq!(store.get_value(&a1).unwrap(), CellValue::String("007".into()));
    assert!(store.sheet(&sheet).unwrap().formats().is_empty());
}
