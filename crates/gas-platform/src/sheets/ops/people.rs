//! What people do to a spreadsheet, as opposed to scripts: typing into a cell (what
//! fires onEdit) and a Google Form's response landing in its response sheet (what fires
//! onFormSubmit). The scenario's `[[edits]]` and `[[form_submissions]]` come here; the
//! event objects the triggers get are built from what these return.

use chrono_tz::Tz;

use super::super::model::Spreadsheets;
use super::super::{RangeRef, SheetRef};
use super::fail;
use crate::error::ServiceResult;
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

impl Spreadsheets {
    /// A user types `typed` into one cell: read as typed, like `setValue` of a string.
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
