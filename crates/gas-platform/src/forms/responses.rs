//! Responses: a script's draft (`createResponse` ... `submit`) or a person's submission,
//! kept by the form and appended to its destination sheet.

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::{text, Destination, Form, Forms, Item, ItemKind, RESPONSES_PER_FORM_MAX};
use crate::sheets::people::FormResponse as SheetRow;
use crate::sheets::Spreadsheets;
use crate::{ServiceError, ServiceResult};

use super::items::Answer;

/// One item's answer in a response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemAnswer {
    pub item: i64,
    pub answer: Answer,
}

/// A submitted response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FormResponse {
    pub id: String,
    pub timestamp_utc_ms: i64,
    #[serde(default)]
    pub email: String,
    pub answers: Vec<ItemAnswer>,
    /// Grades a script gave (`submitGrades`), by item id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grades: Vec<super::quiz::ItemGrade>,
}

/// A response being built: the answers in the order given, one per item (a later
/// answer to the same item replaces the earlier, assumed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    pub email: String,
    pub answers: Vec<ItemAnswer>,
}

impl Draft {
    pub fn with(&mut self, item: i64, answer: Answer) {
        match self.answers.iter_mut().find(|a| a.item == item) {
            Some(existing) => existing.answer = answer,
            None => self.answers.push(ItemAnswer { item, answer }),
        }
    }
}

/// What a submission did: the response's id and, with a destination, the row written.
#[derive(Debug, Clone, PartialEq)]
pub struct Submitted {
    pub response_id: String,
    pub row: Option<SheetRow>,
}

impl FormResponse {
    pub fn answer_to(&self, item: i64) -> Option<&Answer> {
        self.answers.iter().find(|a| a.item == item).map(|a| &a.answer)
    }
}

impl Form {
    /// `FormResponse.toPrefilledUrl()`: the form's published address with `answers` as
    /// query fields, `viewform?usp=pp_url&entry.N=value` (the shape of the pre-filled links
    /// the form editor makes). Assumed: an item's entry number is its id (a real form
    /// numbers its entries apart from its items, and no script can read them), a grid's
    /// rows are `entry.N.R` (R from 1) with an unanswered row left out, and the fields come
    /// in the form's order, an item without an answer or deleted since left out. A
    /// checkbox's choices repeat the field, as the editor's links do.
    pub fn prefilled_url(&self, answers: &[ItemAnswer]) -> String {
        let mut fields: Vec<(String, String)> = Vec::new();
        for item in &self.items {
            let Some(answer) = answers.iter().find(|a| a.item == item.id) else { continue };
            let entry = format!("entry.{}", item.id);
            match &answer.answer {
                Answer::Text(value) => fields.push((entry, value.clone())),
                Answer::List(values) if matches!(item.kind, ItemKind::Grid) => {
                    for (row, value) in values.iter().enumerate().filter(|(_, v)| !v.is_empty()) {
                        fields.push((format!("{entry}.{}", row + 1), value.clone()));
                    }
                }
                Answer::List(values) => fields.extend(values.iter().map(|v| (entry.clone(), v.clone()))),
                Answer::Grid(rows) => {
                    for (row, values) in rows.iter().enumerate() {
                        fields.extend(values.iter().map(|v| (format!("{entry}.{}", row + 1), v.clone())));
                    }
                }
            }
        }
        let mut url = format!("{}?usp=pp_url", super::published_url(&self.id));
        if !fields.is_empty() {
            url.push('&');
            url.push_str(&crate::webapp::event::encode_pairs(&fields));
        }
        url
    }

    pub fn response(&self, id: &str) -> ServiceResult<&FormResponse> {
        self.responses
            .iter()
            .find(|r| r.id == id)
            .ok_or_else(|| ServiceError::new(text::NO_SUCH_RESPONSE.replace("%s", id)))
    }

    /// `getResponses([date])`: in submission order.
    pub fn responses_since(&self, since_utc_ms: Option<i64>) -> Vec<&FormResponse> {
        self.responses.iter().filter(|r| since_utc_ms.is_none_or(|t| r.timestamp_utc_ms >= t)).collect()
    }

    /// `deleteResponse(id)`.
    pub fn delete_response(&mut self, id: &str) -> ServiceResult<()> {
        self.response(id)?;
        self.responses.retain(|r| r.id != id);
        Ok(())
    }

    /// Why a person could not submit `draft` now (the form shows its closed message, or
    /// marks the question required), else `None`.
    pub fn refusal(&self, draft: &Draft) -> Option<String> {
        if !self.accepting_responses {
            return Some(format!("the form {:?} is not accepting responses", self.title));
        }
        // Documented: with the limit set, a signed-in person answers once. A respondent
        // a scenario gives no address is not identified, so not limited (assumed).
        let again = self.limit_one_response_per_user
            && !draft.email.is_empty()
            && self.responses.iter().any(|r| r.email == draft.email);
        if again {
            return Some(format!("{} has already responded, and the form limits one response per user", draft.email));
        }
        let missing = self.items.iter().find(|i| i.required && draft.answers.iter().all(|a| a.item != i.id));
        if let Some(item) = missing {
            return Some(format!("{:?} is a required question", item.title));
        }
        // Documented: the form checks each answer against its question's validation.
        self.items.iter().find_map(|item| {
            let answer = draft.answers.iter().find(|a| a.item == item.id)?;
            item.validation.as_ref()?.refusal(item, &answer.answer)
        })
    }

    /// The destination sheet's header cells and the row of `response`, in its columns.
    fn row_of(&self, response: &FormResponse) -> Vec<(String, String)> {
        let mut cells = Vec::new();
        if self.collect_email {
            cells.push((super::EMAIL_HEADER.to_string(), response.email.clone()));
        }
        for item in &self.items {
            let answer = response.answer_to(item.id);
            cells.extend(item.columns().into_iter().zip(item.cells(answer)));
        }
        cells
    }
}

/// The response sheet a new destination gets: `Form Responses N`, N the first free.
fn response_sheet_name(spreadsheets: &Spreadsheets, spreadsheet_id: &str) -> ServiceResult<String> {
    for n in 1..=crate::forms::FORMS_MAX {
        let name = format!("Form Responses {n}");
        if spreadsheets.get_sheet_by_name(spreadsheet_id, &name)?.is_none() {
            return Ok(name);
        }
    }
    Err(ServiceError::new(text::TOO_MANY_FORMS))
}

impl Forms {
    /// `setDestination(SPREADSHEET, id)`: the response sheet is inserted first with the
    /// header row (see the module table).
    pub fn set_destination(
        &mut self,
        form_id: &str,
        spreadsheet_id: &str,
        spreadsheets: &mut Spreadsheets,
        zone: Tz,
    ) -> ServiceResult<()> {
        let header = self.get(form_id)?.header();
        spreadsheets.open_by_id(spreadsheet_id)?;
        let name = response_sheet_name(spreadsheets, spreadsheet_id)?;
        let sheet = spreadsheets.insert_sheet(spreadsheet_id, Some(&name))?;
        spreadsheets.move_sheet(&sheet, 1)?;
        let width = header.len() as i64;
        let range = spreadsheets.get_range(&sheet, 1, 1, 1, width)?;
        let cells = vec![header.into_iter().map(crate::CellValue::String).collect()];
        spreadsheets.set_values(&range, cells, zone)?;
        let form = self.get_mut(form_id)?;
        form.destination = Some(Destination { spreadsheet_id: spreadsheet_id.to_string(), sheet: name });
        Ok(())
    }

    /// Records `draft` as a response at `at_utc_ms` and appends its row to the
    /// destination sheet. A destination gone (the spreadsheet or sheet deleted) keeps the
    /// response and writes no row (assumed).
    pub fn submit(
        &mut self,
        form_id: &str,
        draft: Draft,
        at_utc_ms: i64,
        spreadsheets: &mut Spreadsheets,
        zone: Tz,
    ) -> ServiceResult<Submitted> {
        let form = self.get_mut(form_id)?;
        if form.responses.len() >= RESPONSES_PER_FORM_MAX {
            return Err(ServiceError::new(text::TOO_MANY_RESPONSES));
        }
        for answer in &draft.answers {
            form.item(answer.item)?;
        }
        form.next_response += 1;
        let id = format!("{}-r{:05}", form.id, form.next_response);
        let response = FormResponse {
            id: id.clone(),
            timestamp_utc_ms: at_utc_ms,
            email: draft.email,
            answers: draft.answers,
            grades: Vec::new(),
        };
        let cells = form.row_of(&response);
        if cells.len() > crate::sheets::people::FORM_QUESTIONS_MAX {
            return Err(ServiceError::new(text::TOO_MANY_ITEMS));
        }
        form.responses.push(response);
        let row = match &form.destination {
            Some(Destination { spreadsheet_id, sheet }) if spreadsheets.get(spreadsheet_id).is_some() => {
                Some(spreadsheets.form_response(spreadsheet_id, sheet, at_utc_ms, &cells, zone)?)
            }
            _ => None,
        };
        Ok(Submitted { response_id: id, row })
    }
}

/// A person's answer as a scenario gives it (text or a list), checked against the
/// item as `createResponse` would check a script's.
pub fn person_answer(item: &Item, values: &[String]) -> Result<Answer, String> {
    let one = || match values {
        [value] => Ok(value.as_str()),
        _ => Err(format!("{:?} takes one answer", item.title)),
    };
    let answer = match item.kind {
        ItemKind::Checkbox | ItemKind::Grid => item.answer_list(values.to_vec()),
        ItemKind::CheckboxGrid => {
            // Each row's columns, separated by `;` within a row's answer (gas-sim's notation).
            let rows = values.iter().map(|v| v.split(';').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));
            item.answer_grid(rows.map(Iterator::collect).collect())
        }
        ItemKind::Scale => {
            let n = one()?.trim().parse::<i64>().map_err(|_| format!("{:?} takes a whole number", item.title))?;
            item.answer_scale(n)
        }
        kind if kind.is_question() => item.answer_text(one()?),
        _ => return Err(format!("{:?} is not a question", item.title)),
    };
    answer.map_err(|e| format!("{:?}: {} (choices: {:?})", item.title, e.message, choice_values(item)))
}

fn choice_values(item: &Item) -> Vec<&str> {
    if item.kind.has_choices() {
        item.choices.iter().map(|c| c.value.as_str()).collect()
    } else {
        item.columns.iter().map(String::as_str).collect()
    }
}
