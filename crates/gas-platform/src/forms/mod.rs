//! Google Forms behind `FormApp`: forms, their items, responses, the destination
//! spreadsheet a submission appends a row to. No JavaScript: the binding refers to a form
//! by its id, an item by (form id, item id), a response by (form id, response id).
//!
//! # Fidelity
//!
//! Sources: **documented** (Google's reference), **observed** (seen in real executions
//! or reported by users), **assumed** (gas-sim's choice where the platform's behaviour or
//! text is unknown). docs/forms.md has the same table and what is not modelled.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | `create(title)` | a form with that title, no items, accepting responses, no destination; id `form-0001`, ... | documented / assumed (ids) |
//! | `openById` of an unknown id | [`text::OPEN_BY_ID_FAILED`] | assumed (by analogy with SpreadsheetApp's observed text) |
//! | `asXxxItem()` on an item of another type | `Invalid conversion for item type: TYPE` | observed |
//! | `getItemById` of an unknown id | `null` | documented |
//! | item ids | whole numbers from 100000001 up, unique in the world | assumed (real ids are random) |
//! | `createResponse` of a value no choice has (multiple choice, list, checkbox without "other") | [`text::INVALID_CHOICE`] | documented (throws) / assumed (text) |
//! | `ScaleItem.createResponse` outside the bounds | [`text::SCALE_OUT_OF_RANGE`] | documented (throws) / assumed (text) |
//! | `setBounds` lower not 0/1 or upper not 3..10 | [`text::SCALE_BOUNDS`] | documented (ranges) / assumed (text) |
//! | `submit()` of a response submitted already | [`text::ALREADY_SUBMITTED`] | documented (throws) / assumed (text) |
//! | a person's submission to a form not accepting responses, or missing a required answer | refused (a warning; nothing is written) | documented (the form refuses) |
//! | a person's second submission (same email) under `setLimitOneResponsePerUser(true)` | refused (a warning); one without an email is not limited | documented (one response) / assumed (anonymous) |
//! | a script's `submit()` | recorded whatever `isAcceptingResponses` and `isRequired` say | assumed |
//! | `setDestination(SPREADSHEET, id)` | a sheet `Form Responses N` (the first free N) inserted first, header `Timestamp` (+ `Email Address` when collecting), then one column per question; a grid one per row, `Title [Row]` | observed |
//! | a response in the destination | appended as a person's typing (`Form Responses` rows), timestamp a date-time, checkbox answers joined with `, ` | observed |
//! | `getResponses(date)` | responses at or after `date` | documented ("after") / assumed (inclusive) |
//! | `getRespondentEmail()` of a script's response | `""` | assumed |
//! | a person's answer failing its question's validation | refused with the rule's help text (else a default text) | documented (the form checks) / assumed (texts) |
//! | `setValidation` of a rule of another kind of item, a pattern that does not compile | [`validation::BAD_PATTERN`] | assumed |
//! | page navigation (`setGoToPage`, `createChoice(value, navigation)`) | kept and read back, not followed by a person's submission | documented / assumed: [`navigation`]'s table |
//! | `shortenFormUrl(url)` | `https://forms.gle/` and 17 letters and digits, the same for the same URL; a URL not under `https://docs.google.com/forms/` [`NOT_A_FORM_URL`] | documented (throws for another URL) / assumed (code, text) |

mod items;
pub mod media;
pub mod navigation;
pub mod quiz;
mod responses;
#[cfg(test)]
mod tests;
pub mod validation;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use items::{check_conversion, Answer, Choice, Item, ItemKind};
pub use responses::{person_answer, Draft, FormResponse, ItemAnswer, Submitted};

use crate::{ServiceError, ServiceResult};

/// Forms one world may hold (gas-sim's bound on a state file and a runaway script).
pub const FORMS_MAX: usize = 1_000;
/// Items one form may hold (gas-sim's bound).
pub const ITEMS_PER_FORM_MAX: usize = 1_000;
/// Responses one form keeps (gas-sim's bound).
pub const RESPONSES_PER_FORM_MAX: usize = 100_000;
/// The scope FormApp's methods need (documented), refused in a simple trigger.
pub const SCOPE_FORMS: &str = "https://www.googleapis.com/auth/forms";
/// `FormApp.DestinationType`'s one value (documented).
pub const DESTINATION_SPREADSHEET: &str = "SPREADSHEET";
/// The first item id (see the module table).
pub const ITEM_ID_FIRST: i64 = 100_000_001;

/// The platform's messages, each once (the module table says where each comes from).
pub mod text {
    pub const OPEN_BY_ID_FAILED: &str =
        "Unexpected error while getting the method or property openById on object FormApp.";
    pub const OPEN_BY_URL_FAILED: &str =
        "Unexpected error while getting the method or property openByUrl on object FormApp.";
    /// `asXxxItem()` on an item of another type; the type follows.
    pub const INVALID_CONVERSION_PREFIX: &str = "Invalid conversion for item type: ";
    pub const INVALID_CHOICE: &str = "Invalid response submitted to item.";
    pub const SCALE_OUT_OF_RANGE: &str = "Invalid response submitted to item.";
    pub const SCALE_BOUNDS: &str = "Invalid data updating form.";
    pub const ALREADY_SUBMITTED: &str = "This response has already been submitted.";
    pub const NO_SUCH_ITEM: &str = "The item does not exist in the form.";
    pub const NO_SUCH_RESPONSE: &str = "No response with ID %s exists for this form.";
    pub const ITEM_INDEX_OUT_OF_RANGE: &str = "Invalid argument: index";
    pub const DESTINATION_TYPE: &str = "Invalid argument: type";
    pub const TOO_MANY_FORMS: &str = "gas-sim: the world holds 1000 forms, gas-sim's limit";
    pub const TOO_MANY_ITEMS: &str = "gas-sim: a form holds 1000 items, gas-sim's limit";
    pub const TOO_MANY_RESPONSES: &str = "gas-sim: a form keeps 100000 responses, gas-sim's limit";
}

/// Where a form's responses go: a spreadsheet and the sheet made for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Destination {
    pub spreadsheet_id: String,
    pub sheet: String,
}

/// One form: its settings, items and responses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Form {
    pub id: String,
    pub title: String,
    pub description: String,
    pub confirmation_message: String,
    pub custom_closed_form_message: String,
    pub accepting_responses: bool,
    pub collect_email: bool,
    pub limit_one_response_per_user: bool,
    pub allow_response_edits: bool,
    pub progress_bar: bool,
    pub shuffle_questions: bool,
    pub publishing_summary: bool,
    pub require_login: bool,
    pub respond_again_link: bool,
    /// `setIsQuiz(true)`: items have points, responses scores (quiz.rs).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_quiz: bool,
    pub items: Vec<Item>,
    /// Editors a script added (`addEditor`); the owner is not listed here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination: Option<Destination>,
    pub responses: Vec<FormResponse>,
    pub next_response: u64,
}

impl Default for Form {
    fn default() -> Form {
        Form {
            id: String::new(),
            title: String::new(),
            description: String::new(),
            confirmation_message: String::new(),
            custom_closed_form_message: String::new(),
            // Documented: a new form accepts responses.
            accepting_responses: true,
            collect_email: false,
            limit_one_response_per_user: false,
            allow_response_edits: false,
            progress_bar: false,
            shuffle_questions: false,
            publishing_summary: false,
            require_login: false,
            respond_again_link: false,
            is_quiz: false,
            items: Vec::new(),
            editors: Vec::new(),
            destination: None,
            responses: Vec::new(),
            next_response: 0,
        }
    }
}

/// Every form of the world, by id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Forms {
    pub forms: BTreeMap<String, Form>,
    pub next_form: u64,
    pub next_item: i64,
}

/// `https://docs.google.com/forms/d/ID/edit` (documented shape of an edit URL).
pub fn edit_url(id: &str) -> String {
    format!("https://docs.google.com/forms/d/{id}/edit")
}

/// The respondents' URL (assumed: real ones carry a second, published id).
pub fn published_url(id: &str) -> String {
    format!("https://docs.google.com/forms/d/{id}/viewform")
}

/// The summary of responses (assumed shape).
pub fn summary_url(id: &str) -> String {
    format!("https://docs.google.com/forms/d/{id}/viewanalytics")
}

/// The host of short form links (`Form.shortenFormUrl`).
pub const SHORT_URL_PREFIX: &str = "https://forms.gle/";
/// Characters of a short link's code (assumed from the links Forms hands out).
pub const SHORT_CODE_CHARS: usize = 17;
/// A URL that is not a form's (assumed text, in the form of the service's other
/// argument errors).
pub const NOT_A_FORM_URL: &str = "Invalid argument: url";

/// `Form.shortenFormUrl(url)`: a `forms.gle` link for a URL of Google Forms (documented:
/// "Throws an exception if the long URL does not belong to Google Forms"). The code is
/// the URL's SHA-256 in base 62, so the same URL always gets the same link (assumed: the
/// platform's codes are opaque).
pub fn short_url(url: &str) -> ServiceResult<String> {
    use sha2::{Digest, Sha256};
    let is_form = url.starts_with("https://docs.google.com/forms/") && id_from_url(url).is_some();
    if !is_form {
        return Err(ServiceError::new(NOT_A_FORM_URL));
    }
    const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let code: String = Sha256::digest(url.as_bytes())
        .iter()
        .take(SHORT_CODE_CHARS)
        .map(|byte| DIGITS[usize::from(*byte) % DIGITS.len()] as char)
        .collect();
    Ok(format!("{SHORT_URL_PREFIX}{code}"))
}

/// A form id from any of its URLs (`/forms/d/ID/...`); `None` for another URL.
pub fn id_from_url(url: &str) -> Option<&str> {
    let rest = url.split_once("/forms/d/")?.1;
    let rest = rest.strip_prefix("e/").unwrap_or(rest);
    let id = rest.split(['/', '?', '#']).next()?;
    (!id.is_empty()).then_some(id)
}

impl Forms {
    pub fn is_empty(&self) -> bool {
        *self == Forms::default()
    }

    /// The form whose responses go to spreadsheet `spreadsheet_id` (to its sheet
    /// `sheet_name`, when given): `Spreadsheet.getFormUrl()`, `Sheet.getFormUrl()`. With
    /// several the platform's pick is "indeterminate" (documented): here the first by id.
    pub fn form_sending_to(&self, spreadsheet_id: &str, sheet_name: Option<&str>) -> Option<&str> {
        self.forms.values().find_map(|form| {
            let to = form.destination.as_ref()?;
            let sends = to.spreadsheet_id == spreadsheet_id && sheet_name.is_none_or(|name| to.sheet == name);
            sends.then_some(form.id.as_str())
        })
    }

    /// `FormApp.create(title)`.
    pub fn create(&mut self, title: &str) -> ServiceResult<String> {
        if self.forms.len() >= FORMS_MAX {
            return Err(ServiceError::new(text::TOO_MANY_FORMS));
        }
        self.next_form += 1;
        let mut id = format!("form-{:04}", self.next_form);
        while self.forms.contains_key(&id) {
            self.next_form += 1;
            id = format!("form-{:04}", self.next_form);
        }
        self.forms.insert(id.clone(), Form { id: id.clone(), title: title.to_string(), ..Form::default() });
        Ok(id)
    }

    /// A form declared by a scenario (its id kept).
    pub fn add(&mut self, form: Form) -> ServiceResult<()> {
        if self.forms.len() >= FORMS_MAX {
            return Err(ServiceError::new(text::TOO_MANY_FORMS));
        }
        self.forms.insert(form.id.clone(), form);
        Ok(())
    }

    /// `FormApp.openById(id)`: the form, or the platform's error.
    pub fn get(&self, id: &str) -> ServiceResult<&Form> {
        self.forms.get(id).ok_or_else(|| ServiceError::new(text::OPEN_BY_ID_FAILED))
    }

    pub fn get_mut(&mut self, id: &str) -> ServiceResult<&mut Form> {
        self.forms.get_mut(id).ok_or_else(|| ServiceError::new(text::OPEN_BY_ID_FAILED))
    }

    /// `FormApp.openByUrl(url)`.
    pub fn open_by_url(&self, url: &str) -> ServiceResult<&Form> {
        let id = id_from_url(url).ok_or_else(|| ServiceError::new(text::OPEN_BY_URL_FAILED))?;
        self.forms.get(id).ok_or_else(|| ServiceError::new(text::OPEN_BY_URL_FAILED))
    }

    /// A form by id, else by title (the first in id order): how a scenario names one.
    pub fn find(&self, id_or_title: &str) -> Option<&Form> {
        self.forms.get(id_or_title).or_else(|| self.forms.values().find(|f| f.title == id_or_title))
    }

    /// A new item of `kind` at the end of the form.
    pub fn add_item(&mut self, form_id: &str, kind: ItemKind) -> ServiceResult<i64> {
        let next = self.next_item.max(ITEM_ID_FIRST - 1) + 1;
        let form = self.get_mut(form_id)?;
        if form.items.len() >= ITEMS_PER_FORM_MAX {
            return Err(ServiceError::new(text::TOO_MANY_ITEMS));
        }
        // Ids stay unique in the world, also beside a state file's own.
        let taken = form.items.iter().map(|i| i.id).max().unwrap_or(0);
        let id = next.max(taken + 1);
        form.items.push(Item::new(id, kind));
        self.next_item = id;
        Ok(id)
    }

    /// `item.duplicate()`: a copy with a new id, added at the end (documented).
    pub fn duplicate_item(&mut self, form_id: &str, item_id: i64) -> ServiceResult<i64> {
        let original = self.get(form_id)?.item(item_id)?.clone();
        let image = original.image.as_ref().map_or(0, crate::documents::images::Image::byte_len);
        self.get(form_id)?.check_image_room(image, None)?;
        let id = self.add_item(form_id, original.kind)?;
        let form = self.get_mut(form_id)?;
        let copy = form.items.last_mut().expect("just added");
        *copy = Item { id, ..original };
        Ok(id)
    }

    /// What a state file must hold: bounded counts, unique ids, items whose settings the
    /// builder would accept, responses naming items of their form.
    pub fn check_state(&self) -> Result<(), String> {
        if self.forms.len() > FORMS_MAX {
            return Err(format!("forms: at most {FORMS_MAX}"));
        }
        for (key, form) in &self.forms {
            let at = |field: &str| format!("forms[{key:?}].{field}");
            if form.id != *key {
                return Err(format!("{}: {:?} differs from its key", at("id"), form.id));
            }
            if form.items.len() > ITEMS_PER_FORM_MAX || form.responses.len() > RESPONSES_PER_FORM_MAX {
                return Err(format!("{}: too many items or responses", at("items")));
            }
            for (i, item) in form.items.iter().enumerate() {
                if form.items[..i].iter().any(|other| other.id == item.id) {
                    return Err(format!("{}: item id {} is used twice", at(&format!("items[{i}]")), item.id));
                }
                item.check().map_err(|e| format!("{}: {e}", at(&format!("items[{i}]"))))?;
            }
            for (i, response) in form.responses.iter().enumerate() {
                crate::time::check_time_value(response.timestamp_utc_ms)
                    .map_err(|e| format!("{}: {e}", at(&format!("responses[{i}].timestamp_utc_ms"))))?;
            }
        }
        Ok(())
    }
}

impl Form {
    pub fn item(&self, item_id: i64) -> ServiceResult<&Item> {
        self.items.iter().find(|i| i.id == item_id).ok_or_else(|| ServiceError::new(text::NO_SUCH_ITEM))
    }

    pub fn item_mut(&mut self, item_id: i64) -> ServiceResult<&mut Item> {
        self.items.iter_mut().find(|i| i.id == item_id).ok_or_else(|| ServiceError::new(text::NO_SUCH_ITEM))
    }

    /// `item.getIndex()`: its 0-based place in the form.
    pub fn index_of(&self, item_id: i64) -> ServiceResult<usize> {
        self.items.iter().position(|i| i.id == item_id).ok_or_else(|| ServiceError::new(text::NO_SUCH_ITEM))
    }

    /// `getItems([type])`: the item ids, in form order.
    pub fn item_ids(&self, kind: Option<ItemKind>) -> Vec<i64> {
        self.items.iter().filter(|i| kind.is_none_or(|k| i.kind == k)).map(|i| i.id).collect()
    }

    /// `deleteItem(index)`.
    pub fn delete_item_at(&mut self, index: i64) -> ServiceResult<()> {
        let index = self.check_index(index)?;
        self.items.remove(index);
        Ok(())
    }

    /// `moveItem(from, to)`: the moved item's id.
    pub fn move_item(&mut self, from: i64, to: i64) -> ServiceResult<i64> {
        let from = self.check_index(from)?;
        let to = self.check_index(to)?;
        let item = self.items.remove(from);
        let id = item.id;
        self.items.insert(to, item);
        Ok(id)
    }

    fn check_index(&self, index: i64) -> ServiceResult<usize> {
        usize::try_from(index)
            .ok()
            .filter(|i| *i < self.items.len())
            .ok_or_else(|| ServiceError::new(text::ITEM_INDEX_OUT_OF_RANGE))
    }

    /// The destination sheet's header: `Timestamp`, `Email Address` when the form collects
    /// it, then each question's column(s) (see the module table).
    pub fn header(&self) -> Vec<String> {
        let mut header = vec![crate::sheets::people::TIMESTAMP_HEADER.to_string()];
        if self.collect_email {
            header.push(EMAIL_HEADER.to_string());
        }
        header.extend(self.items.iter().flat_map(Item::columns));
        header
    }
}

/// The response sheet's column of respondents' addresses (observed).
pub const EMAIL_HEADER: &str = "Email Address";
