use super::*;
use crate::sheets::{Spreadsheet, Spreadsheets};
use crate::CellValue;

const AT: i64 = 1_749_807_005_000; // 2025-06-13 09:30:05 UTC

fn form_with_items() -> (Forms, String, Vec<i64>) {
    let mut forms = Forms::default();
    let id = forms.create("Registration").unwrap();
    let name = forms.add_item(&id, ItemKind::Text).unwrap();
    let color = forms.add_item(&id, ItemKind::MultipleChoice).unwrap();
    let days = forms.add_item(&id, ItemKind::Checkbox).unwrap();
    let form = forms.get_mut(&id).unwrap();
    form.item_mut(name).unwrap().title = "Name".into();
    let item = form.item_mut(color).unwrap();
    item.title = "Colour".into();
    item.choices = vec![Choice::new("Red"), Choice::new("Blue")];
    let item = form.item_mut(days).unwrap();
    item.title = "Days".into();
    item.choices = ["Mon", "Tue"].iter().map(|v| Choice::new(*v)).collect();
    (forms, id, vec![name, color, days])
}

#[test]
fn a_new_form_accepts_responses_and_has_urls_with_its_id() {
    let mut forms = Forms::default();
    let id = forms.create("Survey").unwrap();
    assert_eq!(id, "form-0001");
    let form = forms.get(&id).unwrap();
    assert!(form.accepting_responses && form.items.is_empty() && form.destination.is_none());
    assert_eq!(id_from_url(&edit_url(&id)), Some("form-0001"));
    assert_eq!(id_from_url(&published_url(&id)), Some("form-0001"));
    assert_eq!(forms.open_by_url(&edit_url(&id)).unwrap().title, "Survey");
    assert_eq!(forms.get("nope").unwrap_err().message, text::OPEN_BY_ID_FAILED);
    assert_eq!(forms.open_by_url("https://example.com").unwrap_err().message, text::OPEN_BY_URL_FAILED);
}

#[test]
fn a_form_url_shortens_to_the_same_forms_gle_link() {
    let long = published_url("form-0001");
    let short = short_url(&long).unwrap();
    let code = short.strip_prefix(SHORT_URL_PREFIX).unwrap();
    assert_eq!(code.len(), SHORT_CODE_CHARS);
    assert!(code.chars().all(|c| c.is_ascii_alphanumeric()), "{short}");
    assert_eq!(short_url(&long).unwrap(), short, "the same URL, the same link");
    assert_ne!(short_url(&edit_url("form-0001")).unwrap(), short);
    for bad in ["https://example.com/forms/d/x/viewform", "https://docs.google.com/spreadsheets/d/x/edit", ""] {
        assert_eq!(short_url(bad).unwrap_err().message, NOT_A_FORM_URL, "{bad:?}");
    }
}

#[test]
fn items_have_world_unique_ids_an_index_and_move() {
    let (mut forms, id, ids) = form_with_items();
    assert_eq!(ids, vec![ITEM_ID_FIRST, ITEM_ID_FIRST + 1, ITEM_ID_FIRST + 2]);
    let other = forms.create("Other").unwrap();
    assert_eq!(forms.add_item(&other, ItemKind::Text).unwrap(), ITEM_ID_FIRST + 3);
    let form = forms.get_mut(&id).unwrap();
    assert_eq!(form.move_item(0, 2).unwrap(), ids[0]);
    assert_eq!(form.index_of(ids[0]).unwrap(), 2);
    assert_eq!(form.item_ids(Some(ItemKind::Checkbox)), vec![ids[2]]);
    assert_eq!(form.delete_item_at(3).unwrap_err().message, text::ITEM_INDEX_OUT_OF_RANGE);
    form.delete_item_at(0).unwrap();
    assert_eq!(form.item_ids(None), vec![ids[2], ids[0]]);
    let copy = forms.duplicate_item(&id, ids[2]).unwrap();
    let form = forms.get(&id).unwrap();
    assert_eq!((form.item(copy).unwrap().title.as_str(), form.index_of(copy).unwrap()), ("Days", 2));
}

#[test]
fn conversions_name_the_items_type() {
    assert!(check_conversion(ItemKind::List, "ListItem").is_ok());
    assert_eq!(
        check_conversion(ItemKind::PageBreak, "ListItem").unwrap_err().message,
        "Invalid conversion for item type: PAGE_BREAK"
    );
    assert_eq!(ItemKind::from_type_name("CHECKBOX_GRID"), Some(ItemKind::CheckboxGrid));
    assert_eq!(ItemKind::Datetime.class_name(), "DateTimeItem");
}

#[test]
fn answers_are_checked_against_choices_bounds_and_rows() {
    let (forms, id, ids) = form_with_items();
    let form = forms.get(&id).unwrap();
    let colour = form.item(ids[1]).unwrap();
    assert_eq!(colour.answer_text("Red").unwrap(), Answer::Text("Red".into()));
    assert_eq!(colour.answer_text("Green").unwrap_err().message, text::INVALID_CHOICE);
    let mut other = colour.clone();
    other.other_option = true;
    assert!(other.answer_text("Green").is_ok(), "an 'other' option takes any text");
    let days = form.item(ids[2]).unwrap();
    assert!(days.answer_list(vec!["Mon".into(), "Tue".into()]).is_ok());
    assert!(days.answer_list(vec!["Sun".into()]).is_err());
    let mut scale = Item::new(1, ItemKind::Scale);
    assert_eq!((scale.lower, scale.upper), (1, 5));
    assert_eq!(scale.answer_scale(3).unwrap(), Answer::Text("3".into()));
    assert_eq!(scale.answer_scale(6).unwrap_err().message, text::SCALE_OUT_OF_RANGE);
    assert_eq!(scale.set_bounds(2, 5).unwrap_err().message, text::SCALE_BOUNDS);
    assert_eq!(scale.set_bounds(0, 11).unwrap_err().message, text::SCALE_BOUNDS);
    scale.set_bounds(0, 10).unwrap();
    let mut grid = Item::new(2, ItemKind::Grid);
    grid.rows = vec!["Food".into(), "Music".into()];
    grid.columns = vec!["Bad".into(), "Good".into()];
    assert!(grid.answer_list(vec!["Good".into(), "".into()]).is_ok());
    assert!(grid.answer_list(vec!["Good".into()]).is_err(), "one answer per row");
    grid.title = "Rate".into();
    assert_eq!(grid.columns(), vec!["Rate [Food]".to_string(), "Rate [Music]".to_string()]);
}

#[test]
fn dates_and_times_answer_in_the_documented_formats() {
    let date = Item::new(1, ItemKind::Date);
    let tokyo: chrono_tz::Tz = "Asia/Tokyo".parse().unwrap();
    assert_eq!(date.answer_date(AT, chrono_tz::UTC), Answer::Text("2025-06-13".into()));
    let late = AT + 15 * 3_600_000; // 2025-06-14 00:30 UTC
    assert_eq!(date.answer_date(late, tokyo), Answer::Text("2025-06-14".into()));
    let datetime = Item::new(2, ItemKind::Datetime);
    assert_eq!(datetime.answer_date(AT, tokyo), Answer::Text("2025-06-13 18:30".into()));
    assert_eq!(Item::new(3, ItemKind::Time).answer_time(&[9, 5]), Answer::Text("09:05".into()));
    assert_eq!(Item::new(4, ItemKind::Duration).answer_time(&[1, 2, 3]), Answer::Text("01:02:03".into()));
}

fn book() -> Spreadsheets {
    let mut books = Spreadsheets::new();
    books.add(Spreadsheet::new("ss-1", "Responses")).unwrap();
    books
}

#[test]
fn a_destination_gets_a_first_sheet_with_the_header_and_a_row_per_submission() {
    let (mut forms, id, ids) = form_with_items();
    forms.get_mut(&id).unwrap().collect_email = true;
    let mut books = book();
    forms.set_destination(&id, "ss-1", &mut books, chrono_tz::UTC).unwrap();
    let sheet = books.get_sheet_by_name("ss-1", "Form Responses 1").unwrap().unwrap();
    assert_eq!(books.open_by_id("ss-1").unwrap().sheets()[0].sheet_id(), sheet.sheet_id, "inserted first");
    let mut draft = Draft { email: "ana@example.com".into(), answers: Vec::new() };
    draft.with(ids[0], Answer::Text("Ana".into()));
    draft.with(ids[2], Answer::List(vec!["Mon".into(), "Tue".into()]));
    draft.with(ids[0], Answer::Text("Ana B".into()));
    let submitted = forms.submit(&id, draft, AT, &mut books, chrono_tz::UTC).unwrap();
    assert_eq!(submitted.response_id, "form-0001-r00001");
    let row = submitted.row.unwrap();
    assert_eq!(row.range.row, 2);
    assert_eq!(row.values[1..], ["ana@example.com", "Ana B", "", "Mon, Tue"]);
    let header = books.get_range(&sheet, 1, 1, 1, 5).unwrap();
    let header = books.get_values(&header).unwrap().remove(0);
    let expected = ["Timestamp", "Email Address", "Name", "Colour", "Days"];
    assert_eq!(header, expected.iter().map(|h| CellValue::String(h.to_string())).collect::<Vec<_>>());
    let first = books.get_range(&sheet, 2, 1, 1, 1).unwrap();
    assert_eq!(books.get_values(&first).unwrap()[0][0], CellValue::Date(AT));
    // A second form on the same book gets the next sheet.
    let other = forms.create("Other").unwrap();
    forms.set_destination(&other, "ss-1", &mut books, chrono_tz::UTC).unwrap();
    assert_eq!(forms.get(&other).unwrap().destination.as_ref().unwrap().sheet, "Form Responses 2");
    // getFormUrl: each response sheet names its own form, the spreadsheet the first by id.
    assert_eq!(forms.form_sending_to("ss-1", Some("Form Responses 2")), Some(other.as_str()));
    assert_eq!(forms.form_sending_to("ss-1", Some("Form Responses 1")), Some(id.as_str()));
    assert_eq!(forms.form_sending_to("ss-1", None), Some(id.as_str()));
    assert_eq!(forms.form_sending_to("ss-1", Some("Sheet1")), None);
    assert_eq!(forms.form_sending_to("ss-2", None), None);
}

#[test]
fn responses_are_found_by_id_and_time_and_deleted() {
    let (mut forms, id, ids) = form_with_items();
    let mut books = book();
    for i in 0..3 {
        let mut draft = Draft::default();
        draft.with(ids[0], Answer::Text(format!("n{i}")));
        forms.submit(&id, draft, AT + i * 1000, &mut books, chrono_tz::UTC).unwrap();
    }
    let form = forms.get_mut(&id).unwrap();
    assert_eq!(form.responses_since(Some(AT + 1000)).len(), 2, "at or after");
    assert_eq!(form.response("form-0001-r00002").unwrap().timestamp_utc_ms, AT + 1000);
    assert_eq!(form.response("x").unwrap_err().message, "No response with ID x exists for this form.");
    form.delete_response("form-0001-r00002").unwrap();
    assert_eq!(form.responses.len(), 2);
    assert!(forms.check_state().is_ok());
}

#[test]
fn a_person_is_refused_by_a_closed_form_and_a_missing_required_answer() {
    let (mut forms, id, ids) = form_with_items();
    let form = forms.get_mut(&id).unwrap();
    form.item_mut(ids[1]).unwrap().required = true;
    let mut draft = Draft::default();
    draft.with(ids[0], Answer::Text("Ana".into()));
    assert_eq!(form.refusal(&draft).unwrap(), "\"Colour\" is a required question");
    draft.with(ids[1], Answer::Text("Red".into()));
    assert_eq!(form.refusal(&draft), None);
    form.accepting_responses = false;
    assert!(form.refusal(&draft).unwrap().contains("not accepting"));
}

#[test]
fn with_the_limit_a_person_answers_once_and_an_anonymous_one_is_not_limited() {
    let (mut forms, id, ids) = form_with_items();
    let form = forms.get_mut(&id).unwrap();
    form.limit_one_response_per_user = true;
    let mut draft = Draft { email: "ana@example.com".into(), ..Draft::default() };
    draft.with(ids[0], Answer::Text("Ana".into()));
    assert_eq!(form.refusal(&draft), None);
    let first = FormResponse {
        id: "r1".into(),
        timestamp_utc_ms: AT,
        email: draft.email.clone(),
        answers: draft.answers.clone(),
        grades: Vec::new(),
    };
    form.responses.push(first);
    assert!(form.refusal(&draft).unwrap().starts_with("ana@example.com has already responded"));
    let anonymous = Draft { email: String::new(), ..draft.clone() };
    assert_eq!(form.refusal(&anonymous), None);
    form.limit_one_response_per_user = false;
    assert_eq!(form.refusal(&draft), None);
}

#[test]
fn a_persons_answers_are_read_per_kind() {
    let (forms, id, ids) = form_with_items();
    let form = forms.get(&id).unwrap();
    let days = form.item(ids[2]).unwrap();
    assert_eq!(person_answer(days, &["Mon".into()]).unwrap(), Answer::List(vec!["Mon".into()]));
    let err = person_answer(form.item(ids[1]).unwrap(), &["Green".into()]).unwrap_err();
    assert!(err.contains("\"Colour\"") && err.contains("[\"Red\", \"Blue\"]"), "{err}");
    assert!(person_answer(form.item(ids[0]).unwrap(), &["a".into(), "b".into()]).is_err());
    let mut grid = Item::new(9, ItemKind::CheckboxGrid);
    grid.rows = vec!["A".into()];
    grid.columns = vec!["x".into(), "y".into()];
    assert_eq!(person_answer(&grid, &["x; y".into()]).unwrap(), Answer::Grid(vec![vec!["x".into(), "y".into()]]));
    assert_eq!(grid.cells(Some(&Answer::Grid(vec![vec!["x".into(), "y".into()]]))), vec!["x, y".to_string()]);
}

#[test]
fn a_state_file_with_a_bad_item_or_key_is_refused() {
    let (mut forms, id, ids) = form_with_items();
    forms.get_mut(&id).unwrap().items.push(Item::new(ids[0], ItemKind::Text));
    assert!(forms.check_state().unwrap_err().contains("used twice"));
    let (mut forms, id, _) = form_with_items();
    let mut scale = Item::new(5, ItemKind::Scale);
    scale.upper = 42;
    forms.get_mut(&id).unwrap().items.push(scale);
    assert!(forms.check_state().unwrap_err().contains("scale bounds"));
}

#[test]
fn a_persons_answer_failing_its_validation_is_refused_with_the_help_text() {
    let (mut forms, id, ids) = form_with_items();
    let mut rule = validation::Validation::default();
    validation::apply(&mut rule, "requireSelectAtMost", &[1.0], "").unwrap();
    validation::apply(&mut rule, "setHelpText", &[], "One day only").unwrap();
    let form = forms.get_mut(&id).unwrap();
    form.item_mut(ids[2]).unwrap().set_validation(rule.clone()).unwrap();
    assert!(form.item_mut(ids[0]).unwrap().set_validation(rule).is_err(), "a checkbox rule on a text item");
    let mut draft = Draft::default();
    draft.with(ids[2], Answer::List(vec!["Mon".into(), "Tue".into()]));
    assert_eq!(form.refusal(&draft).unwrap(), "\"Days\": One day only");
    draft.with(ids[2], Answer::List(vec!["Mon".into()]));
    assert_eq!(form.refusal(&draft), None);
}

#[test]
fn a_prefilled_url_carries_the_answers_in_the_forms_order() {
    let (mut forms, id, ids) = form_with_items();
    let grid = forms.add_item(&id, ItemKind::Grid).unwrap();
    let form = forms.get(&id).unwrap();
    let base = format!("{}?usp=pp_url", published_url(&id));
    assert_eq!(form.prefilled_url(&[]), base, "no answers, no fields");
    let answer = |item: i64, answer: Answer| ItemAnswer { item, answer };
    let answers = [
        answer(ids[2], Answer::List(vec!["Mon".into(), "Tue".into()])),
        answer(grid, Answer::List(vec!["Yes".into(), String::new(), "No".into()])),
        answer(ids[0], Answer::Text("Ada Lovelace & co".into())),
        answer(999, Answer::Text("an item deleted since".into())),
    ];
    let (name, days) = (ids[0], ids[2]);
    assert_eq!(
        form.prefilled_url(&answers),
        format!("{base}&entry.{name}=Ada+Lovelace+%26+co&entry.{days}=Mon&entry.{days}=Tue&entry.{grid}.1=Yes&entry.{grid}.3=No")
    );
}
