//! A form's items: their kinds (`FormApp.ItemType`), settings, and the answers each kind
//! takes (`createResponse`), as `ItemResponse.getResponse()` gives them back and as the
//! destination sheet shows them.

use chrono::{Datelike, Timelike};
use serde::{Deserialize, Serialize};

use super::text;
use crate::{ServiceError, ServiceResult};

/// `FormApp.ItemType` (documented), less `FILE_UPLOAD`, which scripts cannot add.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ItemKind {
    Checkbox,
    CheckboxGrid,
    Date,
    Datetime,
    Duration,
    Grid,
    Image,
    List,
    MultipleChoice,
    PageBreak,
    ParagraphText,
    Scale,
    SectionHeader,
    Text,
    Time,
    Video,
}

const KINDS: [(ItemKind, &str, &str); 16] = [
    (ItemKind::Checkbox, "CHECKBOX", "CheckboxItem"),
    (ItemKind::CheckboxGrid, "CHECKBOX_GRID", "CheckboxGridItem"),
    (ItemKind::Date, "DATE", "DateItem"),
    (ItemKind::Datetime, "DATETIME", "DateTimeItem"),
    (ItemKind::Duration, "DURATION", "DurationItem"),
    (ItemKind::Grid, "GRID", "GridItem"),
    (ItemKind::Image, "IMAGE", "ImageItem"),
    (ItemKind::List, "LIST", "ListItem"),
    (ItemKind::MultipleChoice, "MULTIPLE_CHOICE", "MultipleChoiceItem"),
    (ItemKind::PageBreak, "PAGE_BREAK", "PageBreakItem"),
    (ItemKind::ParagraphText, "PARAGRAPH_TEXT", "ParagraphTextItem"),
    (ItemKind::Scale, "SCALE", "ScaleItem"),
    (ItemKind::SectionHeader, "SECTION_HEADER", "SectionHeaderItem"),
    (ItemKind::Text, "TEXT", "TextItem"),
    (ItemKind::Time, "TIME", "TimeItem"),
    (ItemKind::Video, "VIDEO", "VideoItem"),
];

impl ItemKind {
    /// `FormApp.ItemType`'s name (`MULTIPLE_CHOICE`).
    pub fn type_name(self) -> &'static str {
        KINDS.iter().find(|(k, _, _)| *k == self).map_or("", |(_, name, _)| name)
    }

    /// The class a script holds it as (`MultipleChoiceItem`).
    pub fn class_name(self) -> &'static str {
        KINDS.iter().find(|(k, _, _)| *k == self).map_or("", |(_, _, class)| class)
    }

    pub fn from_type_name(name: &str) -> Option<ItemKind> {
        KINDS.iter().find(|(_, n, _)| *n == name).map(|(k, _, _)| *k)
    }

    pub fn from_class_name(name: &str) -> Option<ItemKind> {
        KINDS.iter().find(|(_, _, c)| *c == name).map(|(k, _, _)| *k)
    }

    /// Whether a respondent answers it (layout items have no column and no response).
    pub fn is_question(self) -> bool {
        !matches!(self, ItemKind::Image | ItemKind::PageBreak | ItemKind::SectionHeader | ItemKind::Video)
    }

    /// Whether its answers are among its choices.
    pub fn has_choices(self) -> bool {
        matches!(self, ItemKind::Checkbox | ItemKind::List | ItemKind::MultipleChoice)
    }
}

/// `asXxxItem()`: the item as `class`, or the platform's error (observed text).
pub fn check_conversion(kind: ItemKind, class: &str) -> ServiceResult<()> {
    if kind.class_name() == class {
        return Ok(());
    }
    Err(ServiceError::new(format!("{}{}", text::INVALID_CONVERSION_PREFIX, kind.type_name())))
}

/// One of a choice item's answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub value: String,
    #[serde(default)]
    pub correct: bool,
    /// Where the form goes after a page when this is picked (navigation.rs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub navigation: Option<super::navigation::Navigation>,
}

impl Choice {
    /// A choice without a right answer or navigation (`createChoice(value)`).
    pub fn new(value: impl Into<String>) -> Choice {
        Choice { value: value.into(), correct: false, navigation: None }
    }
}

/// One item and every setting any kind has (a kind reads only its own).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Item {
    pub id: i64,
    pub kind: ItemKind,
    pub title: String,
    pub help_text: String,
    pub required: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    pub other_option: bool,
    /// ScaleItem: bounds and labels (documented default: 1 to 5, no labels).
    pub lower: i64,
    pub upper: i64,
    pub left_label: String,
    pub right_label: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
    /// DateItem / DateTimeItem (documented default: true).
    pub includes_year: bool,
    pub points: i64,
    /// A quiz's feedback: for a right and a wrong choice (choice items), or general.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback_correct: Option<super::quiz::QuizFeedback>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback_incorrect: Option<super::quiz::QuizFeedback>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub general_feedback: Option<super::quiz::QuizFeedback>,
    /// ImageItem's image and VideoItem's video, with their width and alignment
    /// (media.rs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<crate::documents::images::Image>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub video_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alignment: Option<String>,
    /// `setValidation(rule)`: what a person's answer must pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validation: Option<super::validation::Validation>,
    /// PageBreakItem's `setGoToPage`: where the form goes after the page before it
    /// (navigation.rs); `None` is `CONTINUE`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub go_to_page: Option<super::navigation::Navigation>,
}

impl Default for Item {
    fn default() -> Item {
        Item::new(0, ItemKind::Text)
    }
}

/// ScaleItem's allowed bounds (documented: lower 0 or 1, upper 3 to 10).
pub const SCALE_LOWER_ALLOWED: [i64; 2] = [0, 1];
pub const SCALE_UPPER_MIN: i64 = 3;
pub const SCALE_UPPER_MAX: i64 = 10;

impl Item {
    pub fn new(id: i64, kind: ItemKind) -> Item {
        Item {
            id,
            kind,
            title: String::new(),
            help_text: String::new(),
            required: false,
            choices: Vec::new(),
            other_option: false,
            lower: 1,
            upper: 5,
            left_label: String::new(),
            right_label: String::new(),
            rows: Vec::new(),
            columns: Vec::new(),
            includes_year: true,
            points: 0,
            feedback_correct: None,
            feedback_incorrect: None,
            general_feedback: None,
            image: None,
            video_url: None,
            width: None,
            alignment: None,
            validation: None,
            go_to_page: None,
        }
    }

    /// `ScaleItem.setBounds(lower, upper)`.
    pub fn set_bounds(&mut self, lower: i64, upper: i64) -> ServiceResult<()> {
        if !SCALE_LOWER_ALLOWED.contains(&lower) || !(SCALE_UPPER_MIN..=SCALE_UPPER_MAX).contains(&upper) {
            return Err(ServiceError::new(text::SCALE_BOUNDS));
        }
        self.lower = lower;
        self.upper = upper;
        Ok(())
    }

    /// `setValidation(rule)`: a rule of another kind of item is refused (assumed text).
    pub fn set_validation(&mut self, validation: super::validation::Validation) -> ServiceResult<()> {
        if !super::validation::fits(&validation.rule, self.kind) {
            return Err(ServiceError::new(super::validation::BAD_PATTERN));
        }
        self.validation = Some(validation);
        Ok(())
    }

    /// The destination sheet's columns for it: its title, or `Title [Row]` per grid row.
    pub fn columns(&self) -> Vec<String> {
        match self.kind {
            ItemKind::Grid | ItemKind::CheckboxGrid => {
                self.rows.iter().map(|row| format!("{} [{row}]", self.title)).collect()
            }
            kind if kind.is_question() => vec![self.title.clone()],
            _ => Vec::new(),
        }
    }

    /// What a state file's item must be: a scale's bounds allowed.
    pub fn check(&self) -> Result<(), String> {
        if self.kind == ItemKind::Scale {
            let mut copy = self.clone();
            copy.set_bounds(self.lower, self.upper)
                .map_err(|_| format!("scale bounds {}..{}", self.lower, self.upper))?;
        }
        Ok(())
    }

    fn check_choice(&self, value: &str) -> ServiceResult<()> {
        if self.other_option || self.choices.iter().any(|c| c.value == value) {
            return Ok(());
        }
        Err(ServiceError::new(text::INVALID_CHOICE))
    }

    /// `createResponse(...)` of a text, paragraph, multiple choice or list item.
    pub fn answer_text(&self, value: &str) -> ServiceResult<Answer> {
        if matches!(self.kind, ItemKind::MultipleChoice | ItemKind::List) {
            self.check_choice(value)?;
        }
        Ok(Answer::Text(value.to_string()))
    }

    /// `CheckboxItem.createResponse(values)` and `GridItem.createResponse(values)`.
    pub fn answer_list(&self, values: Vec<String>) -> ServiceResult<Answer> {
        match self.kind {
            ItemKind::Checkbox => values.iter().try_for_each(|v| self.check_choice(v))?,
            // One column (or empty: no answer) per row (documented).
            ItemKind::Grid => {
                let fits =
                    values.len() == self.rows.len() && values.iter().all(|v| v.is_empty() || self.columns.contains(v));
                if !fits {
                    return Err(ServiceError::new(text::INVALID_CHOICE));
                }
            }
            _ => {}
        }
        Ok(Answer::List(values))
    }

    /// `CheckboxGridItem.createResponse(values)`: columns chosen per row.
    pub fn answer_grid(&self, values: Vec<Vec<String>>) -> ServiceResult<Answer> {
        let fits = values.len() == self.rows.len() && values.iter().flatten().all(|v| self.columns.contains(v));
        if !fits {
            return Err(ServiceError::new(text::INVALID_CHOICE));
        }
        Ok(Answer::Grid(values))
    }

    /// `ScaleItem.createResponse(n)`: the number as text (documented: a String).
    pub fn answer_scale(&self, value: i64) -> ServiceResult<Answer> {
        if !(self.lower..=self.upper).contains(&value) {
            return Err(ServiceError::new(text::SCALE_OUT_OF_RANGE));
        }
        Ok(Answer::Text(value.to_string()))
    }

    /// `DateItem` / `DateTimeItem.createResponse(date)`: `YYYY-MM-DD` (`YYYY-MM-DD HH:MM`)
    /// of the date in the script's zone (documented formats; the zone assumed).
    pub fn answer_date(&self, at_utc_ms: i64, zone: chrono_tz::Tz) -> Answer {
        let t = crate::time::utc_ms_to_local(zone, at_utc_ms);
        let day = format!("{:04}-{:02}-{:02}", t.year(), t.month(), t.day());
        match self.kind {
            ItemKind::Datetime => Answer::Text(format!("{day} {:02}:{:02}", t.hour(), t.minute())),
            _ => Answer::Text(day),
        }
    }

    /// `TimeItem.createResponse(h, m)`: `HH:MM`; `DurationItem`'s `HH:MM:SS` (documented).
    pub fn answer_time(&self, parts: &[i64]) -> Answer {
        let text: Vec<String> = parts.iter().map(|p| format!("{p:02}")).collect();
        Answer::Text(text.join(":"))
    }

    /// The sheet cells of an answer to it, one per column of [`Item::columns`].
    pub fn cells(&self, answer: Option<&Answer>) -> Vec<String> {
        let joined = |values: &[String]| values.join(", ");
        match (self.kind, answer) {
            (ItemKind::Grid, Some(Answer::List(values))) => {
                (0..self.rows.len()).map(|i| values.get(i).cloned().unwrap_or_default()).collect()
            }
            (ItemKind::CheckboxGrid, Some(Answer::Grid(values))) => {
                (0..self.rows.len()).map(|i| values.get(i).map(|v| joined(v)).unwrap_or_default()).collect()
            }
            (_, Some(Answer::Text(value))) => vec![value.clone()],
            (_, Some(Answer::List(values))) => vec![joined(values)],
            _ => vec![String::new(); self.columns().len()],
        }
    }
}

/// An answer as `ItemResponse.getResponse()` gives it: a string, an array of strings
/// (checkbox, grid) or of arrays (checkbox grid), documented.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    Text(String),
    List(Vec<String>),
    Grid(Vec<Vec<String>>),
}
