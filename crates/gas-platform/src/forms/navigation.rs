//! Page navigation: where a form goes after a page, chosen by a page break
//! (`PageBreakItem.setGoToPage`) or by the choice a respondent picks
//! (`createChoice(value, navigation)` on multiple-choice and list items).
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | `FormApp.PageNavigationType` | `CONTINUE`, `GO_TO_PAGE`, `RESTART`, `SUBMIT` | documented |
//! | `createChoice(value, pageBreakItem)` | a `GO_TO_PAGE` choice to that page | documented |
//! | `createChoice(value, type)`, `setGoToPage(type)` with `GO_TO_PAGE` (no page given) | [`NAVIGATION_NEEDS_PAGE`] | documented ("for GO_TO_PAGE, just pass in the page break item") / assumed (text) |
//! | a page of another form as the destination | [`NAVIGATION_NEEDS_PAGE`] | assumed |
//! | choices with and without navigation in one item | [`NAVIGATION_MIXED`] | documented (cannot be combined) / assumed (text) |
//! | `Choice.getPageNavigationType()` of a choice made without navigation | `null` | assumed (scripts in the wild test it against `null`) |
//! | `PageBreakItem.getPageNavigationType()` before `setGoToPage` | `CONTINUE` | documented ("normally the default") |
//! | `getGotoPage()` / `getGoToPage()` without a `GO_TO_PAGE` destination | `null` | documented (choice) / assumed (page break) |
//! | a `GO_TO_PAGE` whose page break was deleted | reads as `CONTINUE`, no page | assumed (the form editor sends such a jump to the next section) |
//! | which pages a person's `[[form_submissions]]` answers | not checked: navigation is kept and read back, not followed | assumed (gas-sim does not model a respondent's path) |

use serde::{Deserialize, Serialize};

use super::{Form, Item, ItemKind};
use crate::{ServiceError, ServiceResult};

/// A `GO_TO_PAGE` without a page break of the same form (assumed text).
pub const NAVIGATION_NEEDS_PAGE: &str = "Invalid argument: goToPageItem";
/// Choices with and without navigation in one item (assumed text).
pub const NAVIGATION_MIXED: &str =
    "Choices that use page navigation cannot be combined in the same item with choices that do not use page navigation.";

/// Where the form goes after a page (`FormApp.PageNavigationType`, documented), the page
/// of a `GO_TO_PAGE` named by its page break's item id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Navigation {
    Continue,
    GoToPage(i64),
    Restart,
    Submit,
}

impl Navigation {
    /// `FormApp.PageNavigationType`'s name.
    pub fn type_name(self) -> &'static str {
        match self {
            Navigation::Continue => "CONTINUE",
            Navigation::GoToPage(_) => "GO_TO_PAGE",
            Navigation::Restart => "RESTART",
            Navigation::Submit => "SUBMIT",
        }
    }

    /// A navigation given as a type (`GO_TO_PAGE` needs its page: refused).
    pub fn of_type(name: &str) -> ServiceResult<Navigation> {
        match name {
            "CONTINUE" => Ok(Navigation::Continue),
            "RESTART" => Ok(Navigation::Restart),
            "SUBMIT" => Ok(Navigation::Submit),
            _ => Err(ServiceError::new(NAVIGATION_NEEDS_PAGE)),
        }
    }

    /// What it reads as in `form`: a `GO_TO_PAGE` whose page is gone is `CONTINUE`.
    pub fn resolved(self, form: &Form) -> Navigation {
        match self {
            Navigation::GoToPage(_) if self.page(form).is_none() => Navigation::Continue,
            _ => self,
        }
    }

    /// The page a `GO_TO_PAGE` goes to, while that page break is still in `form`.
    pub fn page(self, form: &Form) -> Option<&Item> {
        let Navigation::GoToPage(id) = self else { return None };
        form.items.iter().find(|item| item.id == id && item.kind == ItemKind::PageBreak)
    }
}

impl Form {
    /// A `GO_TO_PAGE` to `item_id`, which must be one of this form's page breaks.
    pub fn go_to_page(&self, item_id: i64) -> ServiceResult<Navigation> {
        let navigation = Navigation::GoToPage(item_id);
        match navigation.page(self) {
            Some(_) => Ok(navigation),
            None => Err(ServiceError::new(NAVIGATION_NEEDS_PAGE)),
        }
    }
}

/// `setChoices(choices)`: all with navigation or none (documented).
pub fn check_choices(choices: &[super::Choice]) -> ServiceResult<()> {
    let with_navigation = choices.iter().filter(|choice| choice.navigation.is_some()).count();
    if with_navigation != 0 && with_navigation != choices.len() {
        return Err(ServiceError::new(NAVIGATION_MIXED));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::Choice;

    fn choice(value: &str, navigation: Option<Navigation>) -> Choice {
        Choice { navigation, ..Choice::new(value) }
    }

    #[test]
    fn go_to_page_is_named_by_its_page_break_and_other_types_by_name() {
        assert_eq!(Navigation::of_type("SUBMIT").unwrap(), Navigation::Submit);
        assert_eq!(Navigation::of_type("GO_TO_PAGE").unwrap_err().message, NAVIGATION_NEEDS_PAGE);
        let mut form = Form::default();
        form.items.push(Item::new(1, ItemKind::PageBreak));
        form.items.push(Item::new(2, ItemKind::Text));
        assert_eq!(form.go_to_page(1).unwrap(), Navigation::GoToPage(1));
        assert_eq!(form.go_to_page(2).unwrap_err().message, NAVIGATION_NEEDS_PAGE);
        assert_eq!(form.go_to_page(3).unwrap_err().message, NAVIGATION_NEEDS_PAGE);
        // A deleted page is no destination any more.
        let navigation = Navigation::GoToPage(1);
        assert_eq!(navigation.resolved(&form), navigation);
        form.items.remove(0);
        assert!(navigation.page(&form).is_none());
        assert_eq!(navigation.resolved(&form), Navigation::Continue);
        assert_eq!(Navigation::GoToPage(1).type_name(), "GO_TO_PAGE");
    }

    #[test]
    fn choices_with_and_without_navigation_do_not_mix() {
        assert!(check_choices(&[choice("a", None), choice("b", None)]).is_ok());
        assert!(
            check_choices(&[choice("a", Some(Navigation::Submit)), choice("b", Some(Navigation::Continue))]).is_ok()
        );
        let mixed = check_choices(&[choice("a", Some(Navigation::Submit)), choice("b", None)]);
        assert_eq!(mixed.unwrap_err().message, NAVIGATION_MIXED);
        assert!(check_choices(&[]).is_ok());
    }
}
