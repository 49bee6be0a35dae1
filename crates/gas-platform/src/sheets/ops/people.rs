//! What people do to a spreadsheet, as opposed to scripts: typing into a cell (what
//! fires onEdit) and a Google Form's response landing in its response sheet (what fires
//! onFormSubmit). The scenario's `[[edits]]` and `[[form_submissions]]` come here; the
//! event objects the triggers get are built from what these return.

use chrono_tz::Tz;

use super::super::model::Spreadsheets;
use super::super::{RangeRef, SheetRef};
use super::fail;
use super::formulas::is_formula_text;
use crate::error::ServiceResult;
use crate::sheets::user_input::{self, Judgement};
use crate::sheets::validation::CriterionValue;
use crate::sheets::values::user_entered;
use crate::CellValue;

/// The sheet a form writes to when the scenario does not name one (documented: Forms
/// names it "Form Responses 1").
pub const FORM_RESPONSES_SHEET: &str = "Form Responses 1";
/// The first column of a response sheet (documented).
pub const TIMESTAMP_HEADER: &str = "Timestamp";
/// Questions one form response may answer (a form's own limit is far higher; this
/// bounds a scenario entry).
pub const FORM_QUESTIONS_MAX: usize = 1_000;

/// A user's edit of one cell, as the edit event object reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct UserEdit {
    pub range: RangeRef,
    /// `e.value`: the new value as the cell shows it (a string: a ticked checkbox
    /// gives `"TRUE"`, observed).
    pub value: String,
    /// `e.oldValue`: the value before, as shown; `None` when the cell was empty (the
    /// event then has no oldValue, observed).
    pub old_value: Option<String>,
}

/// A form response as written to the response sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct FormResponse {
    /// The row it went to.
    pub range: RangeRef,
    /// `e.values`: the row as shown, timestamp first.
    pub values: Vec<String>,
    /// `e.namedValues`: each header with the answers (one each), in header order.
    pub named_values: Vec<(String, Vec<String>)>,
}

/// What became of a person's typing (`user_input`).
#[derive(Debug, Clone, PartialEq)]
pub enum EditOutcome {
    /// Written. `warnings`: why the cell shows a warning (an invalid entry its rule
    /// allows, a warning-only protection) or what gas-sim did not judge.
    Written { edit: UserEdit, warnings: Vec<String> },
    /// Refused, with the dialog's text: the cell keeps its value and no trigger fires.
    Refused(String),
}

impl Spreadsheets {
    /// A person types `typed` into one cell as the Sheets UI takes it: a protection
    /// `user` may not edit refuses it (`account`: the owner when the state names none),
    /// so does the cell's validation rule when the entry fails it and invalid input is
    /// not allowed; otherwise it is written as `user_edit` writes it.
    pub fn user_input(
        &mut self,
        cell: &RangeRef,
        typed: &str,
        script_zone: Tz,
        user: &str,
        account: &str,
    ) -> ServiceResult<EditOutcome> {
        if cell.num_rows != 1 || cell.num_columns != 1 {
            return fail("A user edit writes one cell: give a single cell such as Sheet1!C5.");
        }
        let id = cell.sheet.spreadsheet_id.clone();
        let mut warnings = Vec::new();
        // Protection first: a protected cell cannot even be typed into.
        let on_sheet: Vec<u32> = self
            .open_by_id(&id)?
            .objects()
            .protections
            .iter()
            .filter(|p| p.sheet_id == cell.sheet.sheet_id)
            .map(|p| p.id)
            .collect();
        for protection_id in on_sheet {
            let protection = self.protection(&id, protection_id)?;
            let covers = match protection.range {
                Some(_) => within(&self.protection_range(&id, protection_id)?, cell.row, cell.column),
                None => !protection.unprotected.iter().any(|b| {
                    (b.row..b.row + b.num_rows).contains(&cell.row)
                        && (b.column..b.column + b.num_columns).contains(&cell.column)
                }),
            };
            if !covers {
                continue;
            }
            if protection.warning_only {
                warnings.push(format!("warning-only protection: {}", user_input::text::WARNING_ONLY));
            } else if !self.protection_can_edit(&id, protection_id, user, account)? {
                return Ok(EditOutcome::Refused(user_input::text::PROTECTED.to_string()));
            }
        }
        let zone = self.zone_of(&id, script_zone)?;
        let sheet = self.range_sheet(cell)?;
        let entered = if sheet.has_plain_text_cell(cell) {
            CellValue::String(typed.to_string())
        } else {
            user_entered(CellValue::String(typed.to_string()), zone)
        };
        if let Some(rule) = sheet.objects().validations.get(cell.row, cell.column).cloned() {
            let judgement = if is_formula_text(&entered) {
                Judgement::CannotJudge(user_input::text::FORMULA_ENTERED)
            } else {
                let items = match rule.values.first() {
                    Some(CriterionValue::Range(range)) if rule.criteria == "VALUE_IN_RANGE" => {
                        let rows = self.get_display_values(range, script_zone)?;
                        Some(rows.into_iter().flatten().filter(|v| !v.is_empty()).collect::<Vec<_>>())
                    }
                    _ => None,
                };
                rule.accepts(&entered, zone, items.as_deref())
            };
            match judgement {
                Judgement::Valid => {}
                Judgement::Invalid(why) if !rule.allow_invalid => return Ok(EditOutcome::Refused(why)),
                Judgement::Invalid(why) => warnings.push(format!("invalid input: {why}")),
                Judgement::CannotJudge(note) => warnings.push(note.to_string()),
            }
        }
        let edit = self.user_edit(cell, typed, script_zone)?;
        Ok(EditOutcome::Written { edit, warnings })
    }

    /// A user types `typed` into one cell: read as typed, like `setValue` of a string
    /// (no validation or protection: `user_input` checks those first).
    pub fn user_edit(&mut self, cell: &RangeRef, typed: &str, script_zone: Tz) -> ServiceResult<UserEdit> {
        if cell.num_rows != 1 || cell.num_columns != 1 {
            return fail("A user edit writes one cell: give a single cell such as Sheet1!C5.");
        }
        let old = self.get_value(cell)?;
        let old_value = (!old.is_empty()).then(|| self.get_display_value(cell, script_zone)).transpose()?;
        self.set_value(cell, CellValue::String(typed.to_string()), script_zone)?;
        let value = self.get_display_value(cell, script_zone)?;
        Ok(UserEdit { range: cell.clone(), value, old_value })
    }

    /// A form response submitted at `at_utc_ms`: appended to `sheet_name` (created with
    /// a header row when missing), a column added for a question the header lacks (as
    /// Forms does when a question is added), the answers read as typed.
    pub fn form_response(
        &mut self,
        spreadsheet_id: &str,
        sheet_name: &str,
        at_utc_ms: i64,
        answers: &[(String, String)],
        script_zone: Tz,
    ) -> ServiceResult<FormResponse> {
        assert!(answers.len() <= FORM_QUESTIONS_MAX, "the scenario bounds a response's questions");
        let sheet: SheetRef = match self.get_sheet_by_name(spreadsheet_id, sheet_name)? {
            Some(sheet) => sheet,
            None => self.insert_sheet(spreadsheet_id, Some(sheet_name))?,
        };
        let mut header = self.header_row(&sheet)?;
        if header.is_empty() {
            header.push(TIMESTAMP_HEADER.to_string());
        }
        for (question, _) in answers {
            if !header.iter().any(|h| h == question) {
                header.push(question.clone());
            }
        }
        let width = header.len() as i64;
        let header_cells = vec![header.iter().map(|h| CellValue::String(h.clone())).collect()];
        let header_range = self.get_range(&sheet, 1, 1, 1, width)?;
        self.set_values(&header_range, header_cells, script_zone)?;

        let row = i64::from(self.last_row(&sheet)?) + 1;
        let mut cells = vec![CellValue::Empty; header.len()];
        cells[0] = CellValue::Date(at_utc_ms);
        for (question, answer) in answers {
            let column = header.iter().position(|h| h == question).expect("every question is in the header");
            cells[column] = CellValue::String(answer.clone());
        }
        if row > i64::from(self.max_rows(&sheet)?) {
            self.insert_rows_after(&sheet, i64::from(self.max_rows(&sheet)?), 1)?;
        }
        let range = self.get_range(&sheet, row, 1, 1, width)?;
        self.set_values(&range, vec![cells], script_zone)?;
        let values = self.get_display_values(&range, script_zone)?.remove(0);
        let named_values = header.iter().cloned().zip(values.iter().map(|v| vec![v.clone()])).collect();
        Ok(FormResponse { range, values, named_values })
    }

    /// Row 1 as text, up to its last non-empty cell.
    fn header_row(&self, sheet: &SheetRef) -> ServiceResult<Vec<String>> {
        let columns = self.last_column(sheet)?;
        if columns == 0 {
            return Ok(Vec::new());
        }
        let range = self.get_range(sheet, 1, 1, 1, i64::from(columns))?;
        Ok(self.get_display_values(&range, chrono_tz::UTC)?.remove(0))
    }
}

/// Whether the cell at (row, column) is inside `range`.
fn within(range: &RangeRef, row: u32, column: u32) -> bool {
    (range.row..=range.last_row()).contains(&row) && (range.column..=range.last_column()).contains(&column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::Spreadsheet;

    fn store() -> Spreadsheets {
        let mut books = Spreadsheets::new();
        books.add(Spreadsheet::new("ss-1", "Book")).unwrap();
        books
    }

    fn cell(books: &Spreadsheets, a1: &str) -> RangeRef {
        books.get_range_in_spreadsheet("ss-1", a1).unwrap()
    }

    #[test]
    fn an_edit_reports_old_and_new_values_as_shown() {
        let mut books = store();
        let c5 = cell(&books, "Sheet1!C5");
        let first = books.user_edit(&c5, "42", chrono_tz::UTC).unwrap();
        assert_eq!((first.value.as_str(), first.old_value), ("42", None));
        assert_eq!(books.get_value(&c5).unwrap(), CellValue::Number(42.0));
        let second = books.user_edit(&c5, "true", chrono_tz::UTC).unwrap();
        assert_eq!((second.value.as_str(), second.old_value.as_deref()), ("TRUE", Some("42")));
        let wide = books.get_range_in_spreadsheet("ss-1", "Sheet1!A1:B1").unwrap();
        assert!(books.user_edit(&wide, "x", chrono_tz::UTC).is_err());
    }

    const OWNER: &str = "owner@example.com";

    fn refused(outcome: EditOutcome) -> String {
        match outcome {
            EditOutcome::Refused(why) => why,
            other => panic!("written: {other:?}"),
        }
    }

    fn written(outcome: EditOutcome) -> (UserEdit, Vec<String>) {
        match outcome {
            EditOutcome::Written { edit, warnings } => (edit, warnings),
            EditOutcome::Refused(why) => panic!("refused: {why}"),
        }
    }

    #[test]
    fn a_rule_that_rejects_keeps_the_old_value_and_one_that_warns_keeps_the_entry() {
        use crate::sheets::validation::{CriterionValue, DataValidation};
        let mut books = store();
        let c2 = cell(&books, "Sheet1!C2");
        books.set_value(&c2, CellValue::String("new".into()), chrono_tz::UTC).unwrap();
        let list = CriterionValue::List(vec!["new".into(), "shipped".into()]);
        let mut strict = DataValidation::builder().with_criteria("VALUE_IN_LIST", vec![list]).unwrap();
        strict.allow_invalid = false;
        books.set_data_validation(&c2, Some(strict)).unwrap();
        let why = refused(books.user_input(&c2, "lost", chrono_tz::UTC, "ana@example.com", OWNER).unwrap());
        assert_eq!(why, "Input must be an item on the specified list.");
        assert_eq!(books.get_value(&c2).unwrap(), CellValue::String("new".into()), "the old value stays");
        let (edit, warnings) =
            written(books.user_input(&c2, "shipped", chrono_tz::UTC, "ana@example.com", OWNER).unwrap());
        assert_eq!((edit.value.as_str(), edit.old_value.as_deref(), warnings.len()), ("shipped", Some("new"), 0));

        let b2 = cell(&books, "Sheet1!B2");
        let email = DataValidation::builder().with_criteria("TEXT_IS_VALID_EMAIL", vec![]).unwrap();
        assert!(email.allow_invalid, "the builder's default: a warning");
        books.set_data_validation(&b2, Some(email)).unwrap();
        let (edit, warnings) =
            written(books.user_input(&b2, "not an email", chrono_tz::UTC, "ana@example.com", OWNER).unwrap());
        assert_eq!(edit.value, "not an email");
        assert_eq!(warnings, ["invalid input: Input must be a valid email address."]);
        // A number typed into a number rule is judged as the number it becomes.
        let d2 = cell(&books, "Sheet1!D2");
        let seats = CriterionValue::Value(CellValue::Number(1.0));
        let mut at_least_one =
            DataValidation::builder().with_criteria("NUMBER_GREATER_THAN_OR_EQUAL_TO", vec![seats]).unwrap();
        at_least_one.allow_invalid = false;
        books.set_data_validation(&d2, Some(at_least_one)).unwrap();
        written(books.user_input(&d2, "3", chrono_tz::UTC, "ana@example.com", OWNER).unwrap());
        refused(books.user_input(&d2, "0", chrono_tz::UTC, "ana@example.com", OWNER).unwrap());
        assert_eq!(books.get_value(&d2).unwrap(), CellValue::Number(3.0));
        // Clearing is not input: it passes.
        written(books.user_input(&d2, "", chrono_tz::UTC, "ana@example.com", OWNER).unwrap());
    }

    #[test]
    fn a_protection_refuses_people_who_may_not_edit_it() {
        use crate::sheets::protection::ProtectionChange;
        let mut books = store();
        let a2 = cell(&books, "Sheet1!A2");
        books.set_value(&a2, CellValue::String("A-100".into()), chrono_tz::UTC).unwrap();
        let protected = books.get_range_in_spreadsheet("ss-1", "Sheet1!A2:A10").unwrap();
        let id = books.protect_range(&protected, OWNER).unwrap();
        let why = refused(books.user_input(&a2, "A-999", chrono_tz::UTC, "bo@example.com", OWNER).unwrap());
        assert_eq!(why, user_input::text::PROTECTED);
        assert_eq!(books.get_value(&a2).unwrap(), CellValue::String("A-100".into()));
        // Outside the protected box, and the owner inside it, may edit.
        written(books.user_input(&cell(&books, "Sheet1!B2"), "x", chrono_tz::UTC, "bo@example.com", OWNER).unwrap());
        written(books.user_input(&a2, "A-101", chrono_tz::UTC, OWNER, OWNER).unwrap());
        // A listed editor may; a warning-only protection lets anyone, with its warning.
        books
            .change_protection("ss-1", id, ProtectionChange::AddEditors(vec!["bo@example.com".into()]), OWNER)
            .unwrap();
        written(books.user_input(&a2, "A-102", chrono_tz::UTC, "bo@example.com", OWNER).unwrap());
        books.change_protection("ss-1", id, ProtectionChange::WarningOnly(true), OWNER).unwrap();
        let (_, warnings) = written(books.user_input(&a2, "A-103", chrono_tz::UTC, "cy@example.com", OWNER).unwrap());
        assert!(warnings[0].starts_with("warning-only protection: Heads up!"), "{warnings:?}");

        // A sheet protection covers every cell but its unprotected ranges.
        let sheet = books.get_sheet_by_name("ss-1", "Sheet1").unwrap().unwrap();
        let whole = books.protect_sheet(&sheet, OWNER).unwrap();
        let open = books.get_range_in_spreadsheet("ss-1", "Sheet1!C1:C5").unwrap();
        books.change_protection("ss-1", whole, ProtectionChange::UnprotectedRanges(vec![open]), OWNER).unwrap();
        written(books.user_input(&cell(&books, "Sheet1!C3"), "ok", chrono_tz::UTC, "bo@example.com", OWNER).unwrap());
        refused(books.user_input(&cell(&books, "Sheet1!D3"), "no", chrono_tz::UTC, "bo@example.com", OWNER).unwrap());
    }

    #[test]
    fn responses_make_the_sheet_then_append_and_widen() {
        let mut books = store();
        let at = 1_750_000_000_000;
        let answers = vec![("Name".to_string(), "Ana".to_string()), ("Seats".to_string(), "3".to_string())];
        let first = books.form_response("ss-1", FORM_RESPONSES_SHEET, at, &answers, chrono_tz::UTC).unwrap();
        assert_eq!(first.range.row, 2);
        assert_eq!(first.values, ["6/15/2025 15:06:40", "Ana", "3"]);
        assert_eq!(first.named_values[0], ("Timestamp".to_string(), vec!["6/15/2025 15:06:40".to_string()]));
        let more = vec![("Diet".to_string(), "vegan".to_string()), ("Name".to_string(), "Bo".to_string())];
        let second = books.form_response("ss-1", FORM_RESPONSES_SHEET, at + 1000, &more, chrono_tz::UTC).unwrap();
        assert_eq!(second.range.row, 3);
        assert_eq!(second.values, ["6/15/2025 15:06:41", "Bo", "", "vegan"]);
        let sheet = books.get_sheet_by_name("ss-1", FORM_RESPONSES_SHEET).unwrap().unwrap();
        let header = books.get_range(&sheet, 1, 1, 1, 4).unwrap();
        assert_eq!(
            books.get_display_values(&header, chrono_tz::UTC).unwrap()[0],
            ["Timestamp", "Name", "Seats", "Diet"]
        );
        let seats = books.get_range(&sheet, 2, 3, 1, 1).unwrap();
        assert_eq!(books.get_value(&seats).unwrap(), CellValue::Number(3.0));
    }
}
