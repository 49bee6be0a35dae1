//! Quizzes: points and feedback on gradable items, a response's score per item, and the
//! grades a script gives (`ItemResponse.setScore`, `FormResponse.withItemGrade`,
//! `Form.submitGrades`).
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | gradable items | checkbox, date, date-time, duration, list, multiple choice, paragraph, scale, text, time (the classes with `setPoints`) | documented |
//! | a new item's points | 0 | documented |
//! | a choice item's score | its points when the answer is a correct choice (a checkbox: exactly the correct choices), else 0 | documented (answer key) / assumed (checkbox all-or-nothing, as the editor's default) |
//! | another gradable item's score | 0 until a script grades it | assumed (no answer key through Apps Script) |
//! | a grade given | kept per response and item by `submitGrades`; it replaces the computed score | documented |
//! | `getScore()` on a form that is not a quiz | `null` | assumed |
//! | points below 0 | [`NEGATIVE_POINTS`] | assumed (text) |

use serde::{Deserialize, Serialize};

use super::{Answer, Form, FormResponse, Item, ItemKind};
use crate::{ServiceError, ServiceResult};

/// `setPoints` below 0 (assumed text: the editor refuses negative points).
pub const NEGATIVE_POINTS: &str = "Invalid argument: points";
/// Links one feedback holds (gas-sim's bound).
pub const FEEDBACK_LINKS_MAX: usize = 100;
/// Past [`FEEDBACK_LINKS_MAX`].
pub const TOO_MANY_LINKS: &str = "gas-sim: a feedback holds at most 100 links";

/// `QuizFeedback`: text and links, made by `FormApp.createFeedback()`'s builder.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QuizFeedback {
    pub text: String,
    /// The links' URLs, with their display texts at the same positions ("" when none).
    pub urls: Vec<String>,
    pub displays: Vec<String>,
}

impl QuizFeedback {
    /// `addLink(url[, displayText])`: within [`FEEDBACK_LINKS_MAX`].
    pub fn add_link(&mut self, url: String, display: Option<String>) -> ServiceResult<()> {
        if self.urls.len() >= FEEDBACK_LINKS_MAX {
            return Err(ServiceError::new(TOO_MANY_LINKS));
        }
        self.urls.push(url);
        self.displays.push(display.unwrap_or_default());
        Ok(())
    }
}

/// A grade a script gave one item of one response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemGrade {
    pub item: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feedback: Option<QuizFeedback>,
}

/// Whether an item of this kind has points (documented: the classes with `setPoints`).
pub fn is_gradable(kind: ItemKind) -> bool {
    matches!(
        kind,
        ItemKind::Checkbox
            | ItemKind::Date
            | ItemKind::Datetime
            | ItemKind::Duration
            | ItemKind::List
            | ItemKind::MultipleChoice
            | ItemKind::ParagraphText
            | ItemKind::Scale
            | ItemKind::Text
            | ItemKind::Time
    )
}

/// `setPoints(points)`.
pub fn check_points(points: i64) -> ServiceResult<i64> {
    if points < 0 {
        return Err(ServiceError::new(NEGATIVE_POINTS));
    }
    Ok(points)
}

/// The score an answer earns by the item's answer key (see the module table).
pub fn auto_score(item: &Item, answer: Option<&Answer>) -> f64 {
    let correct: Vec<&str> = item.choices.iter().filter(|c| c.correct).map(|c| c.value.as_str()).collect();
    let right = match (item.kind, answer) {
        (ItemKind::MultipleChoice | ItemKind::List, Some(Answer::Text(value))) => correct.contains(&value.as_str()),
        (ItemKind::Checkbox, Some(Answer::List(values))) => {
            let mut chosen: Vec<&str> = values.iter().map(String::as_str).collect();
            let mut key = correct.clone();
            chosen.sort_unstable();
            chosen.dedup();
            key.sort_unstable();
            !key.is_empty() && chosen == key
        }
        _ => false,
    };
    if right {
        item.points as f64
    } else {
        0.0
    }
}

impl Form {
    /// `ItemResponse.getScore()` of a kept response's answer to `item`: the grade given,
    /// else the answer key's; `None` when the form is not a quiz or the item not gradable.
    pub fn score_of(&self, response: &FormResponse, item: &Item) -> Option<f64> {
        if !self.is_quiz || !is_gradable(item.kind) {
            return None;
        }
        let given = response.grades.iter().find(|g| g.item == item.id).and_then(|g| g.score);
        Some(given.unwrap_or_else(|| auto_score(item, response.answer_to(item.id))))
    }

    /// `ItemResponse.getFeedback()` of a kept response: the feedback a grade gave.
    pub fn feedback_of(&self, response: &FormResponse, item: i64) -> Option<QuizFeedback> {
        response.grades.iter().find(|g| g.item == item).and_then(|g| g.feedback.clone())
    }

    /// `submitGrades(responses)`: each response's grades kept, a later grade of an item
    /// replacing the earlier. Every response must be one the form keeps.
    pub fn submit_grades(&mut self, graded: &[(String, Vec<ItemGrade>)]) -> ServiceResult<()> {
        for (id, _) in graded {
            self.response(id)?;
        }
        for (id, grades) in graded {
            let response = self.responses.iter_mut().find(|r| r.id == *id).expect("checked above");
            for grade in grades {
                response.grades.retain(|g| g.item != grade.item);
                response.grades.push(grade.clone());
            }
            response.grades.sort_by_key(|g| g.item);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::Choice;

    fn choice_item(kind: ItemKind, correct: &[&str], points: i64) -> Item {
        let mut item = Item::new(7, kind);
        item.points = points;
        item.choices =
            ["a", "b", "c"].iter().map(|v| Choice { correct: correct.contains(v), ..Choice::new(*v) }).collect();
        item
    }

    #[test]
    fn a_choice_earns_its_points_only_when_correct_and_a_checkbox_only_when_exact() {
        let multiple = choice_item(ItemKind::MultipleChoice, &["b"], 3);
        assert_eq!(auto_score(&multiple, Some(&Answer::Text("b".into()))), 3.0);
        assert_eq!(auto_score(&multiple, Some(&Answer::Text("a".into()))), 0.0);
        assert_eq!(auto_score(&multiple, None), 0.0);
        let checkbox = choice_item(ItemKind::Checkbox, &["a", "c"], 2);
        let list = |v: &[&str]| Answer::List(v.iter().map(|s| s.to_string()).collect());
        assert_eq!(auto_score(&checkbox, Some(&list(&["c", "a"]))), 2.0);
        assert_eq!(auto_score(&checkbox, Some(&list(&["a"]))), 0.0);
        assert_eq!(auto_score(&checkbox, Some(&list(&["a", "b", "c"]))), 0.0);
        let no_key = choice_item(ItemKind::Checkbox, &[], 2);
        assert_eq!(auto_score(&no_key, Some(&list(&[]))), 0.0);
        let text = Item { points: 5, ..Item::new(8, ItemKind::Text) };
        assert_eq!(auto_score(&text, Some(&Answer::Text("anything".into()))), 0.0);
    }

    #[test]
    fn gradable_kinds_and_points() {
        assert!(is_gradable(ItemKind::Scale) && is_gradable(ItemKind::Time));
        assert!(!is_gradable(ItemKind::Grid) && !is_gradable(ItemKind::SectionHeader));
        assert_eq!(check_points(0), Ok(0));
        assert_eq!(check_points(-1).unwrap_err().message, NEGATIVE_POINTS);
    }
}
