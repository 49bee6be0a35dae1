//! `createTextFinder(text)`: finds cells whose displayed text matches. The finder is plain
//! data the binding keeps beside its cursor; the store keeps nothing between calls, so
//! `findNext` takes the previous match and returns the next one.

use chrono_tz::Tz;
use regex::{Regex, RegexBuilder};
use serde::{Deserialize, Serialize};

use super::model::Spreadsheets;
use super::values::display_value;
use super::{text, RangeRef};
use crate::error::{ServiceError, ServiceResult};

/// What `createTextFinder(text).matchCase(..).matchEntireCell(..).useRegularExpression(..)`
/// configured. The defaults are the platform's: case-insensitive, substring, literal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextFinder {
    pub text: String,
    pub match_case: bool,
    pub match_entire_cell: bool,
    pub use_regular_expression: bool,
}

impl TextFinder {
    pub fn new(text: &str) -> TextFinder {
        TextFinder { text: text.to_string(), ..TextFinder::default() }
    }

    fn matcher(&self) -> ServiceResult<Matcher> {
        if self.use_regular_expression {
            let pattern = if self.match_entire_cell { format!("^(?:{})$", self.text) } else { self.text.clone() };
            let regex = RegexBuilder::new(&pattern)
                .case_insensitive(!self.match_case)
                .build()
                .map_err(|_| ServiceError::new(text::invalid_regular_expression(&self.text)))?;
            return Ok(Matcher::Regex(regex));
        }
        let needle = if self.match_case { self.text.clone() } else { self.text.to_lowercase() };
        Ok(Matcher::Text { needle, match_case: self.match_case, match_entire_cell: self.match_entire_cell })
    }
}

enum Matcher {
    Text { needle: String, match_case: bool, match_entire_cell: bool },
    Regex(Regex),
}

impl Matcher {
    fn matches(&self, shown: &str) -> bool {
        match self {
            // An empty search text matches nothing (assumed).
            Matcher::Text { needle, .. } if needle.is_empty() => false,
            Matcher::Text { needle, match_case, match_entire_cell } => {
                let folded;
                let hay = if *match_case {
                    shown
                } else {
                    folded = shown.to_lowercase();
                    folded.as_str()
                };
                if *match_entire_cell {
                    hay == needle
                } else {
                    hay.contains(needle.as_str())
                }
            }
            Matcher::Regex(regex) => regex.is_match(shown),
        }
    }
}

impl Spreadsheets {
    /// `TextFinder.findAll()` over `scope` (a range, or [`Spreadsheets::sheet_range`] for a
    /// sheet): the matching cells in row-major order. Empty cells never match.
    pub fn find_all(&self, scope: &RangeRef, finder: &TextFinder, script_zone: Tz) -> ServiceResult<Vec<RangeRef>> {
        let zone = self.zone_of(&scope.sheet.spreadsheet_id, script_zone)?;
        let matcher = finder.matcher()?;
        let sheet = self.range_sheet(scope)?;
        let last_row = scope.last_row().min(sheet.last_row());
        let mut found = Vec::new();
        // Only the stored content area is visited: a whole-sheet scope costs the used rows.
        for row in scope.row..=last_row {
            let stored_columns = sheet.rows()[row as usize - 1].len() as u32;
            for column in scope.column..=scope.last_column().min(stored_columns) {
                let value = sheet.cell(row, column);
                if !value.is_empty() && matcher.matches(&display_value(value, zone)) {
                    found.push(scope.cell(row, column));
                }
            }
        }
        Ok(found)
    }

    /// `TextFinder.findNext()`: the first match after `after` (the previous match; `None`
    /// starts at the top), or `None` (JS `null`) after the last one: no wrap (assumed).
    pub fn find_next(
        &self,
        scope: &RangeRef,
        finder: &TextFinder,
        after: Option<&RangeRef>,
        script_zone: Tz,
    ) -> ServiceResult<Option<RangeRef>> {
        let matches = self.find_all(scope, finder, script_zone)?;
        let past = |cell: &RangeRef| after.is_none_or(|at| (cell.row, cell.column) > (at.row, at.column));
        Ok(matches.into_iter().find(past))
    }

    /// `TextFinder.findPrevious()`: the last match before `before` (`None` starts at the end).
    pub fn find_previous(
        &self,
        scope: &RangeRef,
        finder: &TextFinder,
        before: Option<&RangeRef>,
        script_zone: Tz,
    ) -> ServiceResult<Option<RangeRef>> {
        let matches = self.find_all(scope, finder, script_zone)?;
        let earlier = |cell: &RangeRef| before.is_none_or(|at| (cell.row, cell.column) < (at.row, at.column));
        Ok(matches.into_iter().rev().find(earlier))
    }
}
