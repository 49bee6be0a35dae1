//! `createTextFinder(text)`: finds cells whose displayed text (or formula, with
//! `matchFormulaText`) matches, and replaces matches. The finder is plain data the
//! binding keeps as its handle (options, scopes, where it started and its current match);
//! the store keeps nothing between calls.
//!
//! Rules (documented unless marked): case-insensitive substring by default; `matchCase`,
//! `matchEntireCell`, `useRegularExpression` (RE2 syntax on the platform; gas-sim uses the
//! `regex` crate, the same syntax family), `ignoreDiacritics` (gas-sim folds the Latin
//! letters with diacritics: assumed subset), `matchFormulaText` (a formula cell is matched
//! on its formula, others on their displayed text). Search is row-major within each
//! scope, sheets in tab order for `Spreadsheet.createTextFinder`; `findNext` after the
//! last match is `null` (no wrap: assumed); `startFrom(range)` starts after the range's
//! bottom-right cell (assumed reading of "immediately after the specified cell range").
//! `replaceWith`/`replaceAllWith` return the number of occurrences replaced; the new text
//! is read as typed (so `"10"` becomes a number: assumed); formula cells are left to the
//! formula part (a gap when matched with `matchFormulaText`).

use chrono_tz::Tz;
use regex::{Regex, RegexBuilder};
use serde::{Deserialize, Serialize};

use super::model::{Sheet, Spreadsheets};
use super::values::{display_value, user_entered};
use super::{text, RangeRef};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// What `createTextFinder(text)` and its option setters configured, and the search's
/// position. The defaults are the platform's: case-insensitive, substring, literal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextFinder {
    pub text: String,
    #[serde(default)]
    pub match_case: bool,
    #[serde(default)]
    pub match_entire_cell: bool,
    #[serde(default)]
    pub use_regular_expression: bool,
    #[serde(default)]
    pub ignore_diacritics: bool,
    #[serde(default)]
    pub match_formula_text: bool,
    /// Where it searches, in order: a range, a sheet's grid, or every sheet's grid.
    #[serde(default)]
    pub scopes: Vec<RangeRef>,
    /// `startFrom(range)`: the search starts after this cell.
    #[serde(default)]
    pub start_after: Option<RangeRef>,
    /// The last match `findNext`/`findPrevious` returned (`getCurrentMatch`).
    #[serde(default)]
    pub current: Option<RangeRef>,
}

impl TextFinder {
    pub fn new(text: &str) -> TextFinder {
        TextFinder { text: text.to_string(), ..TextFinder::default() }
    }

    fn matcher(&self) -> ServiceResult<Matcher> {
        if self.use_regular_expression {
            let text = crate::re2::for_regex_crate(&self.text);
            let pattern = if self.match_entire_cell { format!("^(?:{text})$") } else { text.into_owned() };
            let regex = RegexBuilder::new(&pattern)
                .case_insensitive(!self.match_case)
                .size_limit(REGEX_SIZE_BYTES_MAX)
                .build()
                .map_err(|_| ServiceError::new(text::invalid_regular_expression(&self.text)))?;
            return Ok(Matcher { kind: Kind::Regex(regex), fold_case: false, fold_marks: self.ignore_diacritics });
        }
        let fold_case = !self.match_case;
        let needle = fold(&self.text, fold_case, self.ignore_diacritics);
        Ok(Matcher {
            kind: Kind::Text { needle, match_entire_cell: self.match_entire_cell },
            fold_case,
            fold_marks: self.ignore_diacritics,
        })
    }
}

/// The compiled size a search pattern may reach (the `regex` crate's own default is 10 MiB).
const REGEX_SIZE_BYTES_MAX: usize = 1 << 20;

struct Matcher {
    kind: Kind,
    fold_case: bool,
    fold_marks: bool,
}

enum Kind {
    Text { needle: String, match_entire_cell: bool },
    Regex(Regex),
}

impl Matcher {
    /// The byte spans of `shown` that match, left to right, not overlapping. Folding maps
    /// one char to one char, so a span of the folded text is the same chars of `shown`.
    fn spans(&self, shown: &str) -> Vec<(usize, usize)> {
        let hay = fold(shown, self.fold_case, self.fold_marks);
        let folded_spans: Vec<(usize, usize)> = match &self.kind {
            // An empty search text matches nothing (assumed).
            Kind::Text { needle, .. } if needle.is_empty() => Vec::new(),
            Kind::Text { needle, match_entire_cell: true } => {
                if hay == *needle {
                    vec![(0, hay.len())]
                } else {
                    Vec::new()
                }
            }
            Kind::Text { needle, .. } => hay.match_indices(needle.as_str()).map(|(at, m)| (at, at + m.len())).collect(),
            Kind::Regex(regex) => {
                regex.find_iter(&hay).filter(|m| !m.is_empty()).map(|m| (m.start(), m.end())).collect()
            }
        };
        folded_spans
            .into_iter()
            .map(|(start, end)| (to_original(&hay, shown, start), to_original(&hay, shown, end)))
            .collect()
    }

    fn matches(&self, shown: &str) -> bool {
        !self.spans(shown).is_empty()
    }
}

/// The byte offset in `original` of the char at byte `offset` of `folded` (same char count).
fn to_original(folded: &str, original: &str, offset: usize) -> usize {
    let index = folded[..offset].chars().count();
    original.char_indices().nth(index).map_or(original.len(), |(at, _)| at)
}

/// Case and diacritic folding, one char for one char.
pub fn fold(text: &str, fold_case: bool, fold_marks: bool) -> String {
    text.chars()
        .map(|ch| {
            let ch = if fold_marks { strip_mark(ch) } else { ch };
            if fold_case {
                let mut lower = ch.to_lowercase();
                match (lower.next(), lower.next()) {
                    (Some(one), None) => one,
                    _ => ch,
                }
            } else {
                ch
            }
        })
        .collect()
}

/// The base letter of a Latin letter with a diacritic (Latin-1 Supplement and Latin
/// Extended-A); other chars as they are.
fn strip_mark(ch: char) -> char {
    const FROM: &str = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ\
        ĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž";
    const TO: &str = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy\
        AaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZz";
    match FROM.chars().position(|from| from == ch) {
        Some(i) => TO.chars().nth(i).unwrap_or(ch),
        None => ch,
    }
}

/// What a cell is searched as: its formula with `matchFormulaText`, else its shown text.
fn searched_text(sheet: &Sheet, row: u32, column: u32, finder: &TextFinder, zone: Tz) -> Option<(String, bool)> {
    if finder.match_formula_text {
        if let Some(formula) = sheet.formulas().get(row, column) {
            return Some((formula.clone(), true));
        }
    }
    let value = sheet.cell(row, column);
    (!value.is_empty()).then(|| (display_value(value, zone), false))
}

impl Spreadsheets {
    /// `TextFinder.findAll()` over `scope`: the matching cells in row-major order. Empty
    /// cells never match.
    pub fn find_all(&self, scope: &RangeRef, finder: &TextFinder, script_zone: Tz) -> ServiceResult<Vec<RangeRef>> {
        let matcher = finder.matcher()?;
        self.matches_in(scope, finder, &matcher, script_zone)
    }

    fn matches_in(
        &self,
        scope: &RangeRef,
        finder: &TextFinder,
        matcher: &Matcher,
        script_zone: Tz,
    ) -> ServiceResult<Vec<RangeRef>> {
        let zone = self.zone_of(&scope.sheet.spreadsheet_id, script_zone)?;
        let sheet = self.range_sheet(scope)?;
        let mut found = Vec::new();
        for (row, column) in searched_cells(sheet, scope, finder.match_formula_text) {
            if let Some((shown, _)) = searched_text(sheet, row, column, finder, zone) {
                if matcher.matches(&shown) {
                    found.push(scope.cell(row, column));
                }
            }
        }
        Ok(found)
    }

    /// Every match of the finder's scopes, in search order.
    pub fn find_all_scopes(&self, finder: &TextFinder, script_zone: Tz) -> ServiceResult<Vec<RangeRef>> {
        let matcher = finder.matcher()?;
        let mut found = Vec::new();
        for scope in &finder.scopes {
            found.extend(self.matches_in(scope, finder, &matcher, script_zone)?);
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

    /// `findNext()` (`forward`) or `findPrevious()` over the finder's scopes, from its
    /// current match or `startFrom` cell; the finder's new current match.
    pub fn find_step(&self, finder: &TextFinder, forward: bool, script_zone: Tz) -> ServiceResult<Option<RangeRef>> {
        let matches = self.find_all_scopes(finder, script_zone)?;
        let from = finder
            .current
            .clone()
            .or_else(|| finder.start_after.as_ref().map(|start| start.cell(start.last_row(), start.last_column())));
        let order = |cell: &RangeRef| (sheet_position(&finder.scopes, cell), cell.row, cell.column);
        let Some(from) = from else {
            return Ok(if forward { matches.first().cloned() } else { matches.last().cloned() });
        };
        let at = order(&from);
        Ok(if forward {
            matches.into_iter().find(|cell| order(cell) > at)
        } else {
            matches.into_iter().rev().find(|cell| order(cell) < at)
        })
    }

    /// `TextFinder.replaceWith(text)`: replaces the matches in the current match's cell;
    /// the number of occurrences replaced (0 without a current match: assumed).
    pub fn replace_current(&mut self, finder: &TextFinder, replacement: &str, script_zone: Tz) -> ServiceResult<u32> {
        let Some(cell) = finder.current.clone() else {
            return Ok(0);
        };
        let matcher = finder.matcher()?;
        self.replace_in_cells(&[cell], finder, &matcher, replacement, script_zone)
    }

    /// `TextFinder.replaceAllWith(text)`: replaces every match in the scopes; the number
    /// of occurrences replaced.
    pub fn replace_all(&mut self, finder: &TextFinder, replacement: &str, script_zone: Tz) -> ServiceResult<u32> {
        let matcher = finder.matcher()?;
        let cells = self.find_all_scopes(finder, script_zone)?;
        self.replace_in_cells(&cells, finder, &matcher, replacement, script_zone)
    }

    fn replace_in_cells(
        &mut self,
        cells: &[RangeRef],
        finder: &TextFinder,
        matcher: &Matcher,
        replacement: &str,
        script_zone: Tz,
    ) -> ServiceResult<u32> {
        // Work out every new value first, so a failure changes nothing.
        let mut writes = Vec::new();
        let mut count = 0u32;
        for cell in cells {
            let zone = self.zone_of(&cell.sheet.spreadsheet_id, script_zone)?;
            let sheet = self.range_sheet(cell)?;
            let Some((shown, is_formula)) = searched_text(sheet, cell.row, cell.column, finder, zone) else {
                continue;
            };
            if is_formula || sheet.formulas().get(cell.row, cell.column).is_some() {
                // A formula's text belongs to the formula part, which recomputes it.
                return Err(ServiceError::unimplemented("TextFinder.replaceWith (in a formula cell)"));
            }
            let spans = matcher.spans(&shown);
            if spans.is_empty() {
                continue;
            }
            count += spans.len() as u32;
            let replaced = match &matcher.kind {
                Kind::Regex(regex) if !matcher.fold_marks => regex.replace_all(&shown, replacement).into_owned(),
                _ => splice(&shown, &spans, replacement),
            };
            writes.push((cell.clone(), user_entered(CellValue::String(replaced), zone)));
        }
        for (cell, value) in writes {
            let sheet = self.sheet_for_change(&cell.sheet)?;
            sheet.set_cell(cell.row, cell.column, value);
            sheet.trim_rows(cell.row, cell.row);
        }
        Ok(count)
    }
}

/// `shown` with each span replaced by `replacement`.
fn splice(shown: &str, spans: &[(usize, usize)], replacement: &str) -> String {
    let mut out = String::with_capacity(shown.len());
    let mut at = 0;
    for &(start, end) in spans {
        out.push_str(&shown[at..start]);
        out.push_str(replacement);
        at = end;
    }
    out.push_str(&shown[at..]);
    out
}

/// A cell's scope index, so matches order by scope (sheet) first.
fn sheet_position(scopes: &[RangeRef], cell: &RangeRef) -> usize {
    scopes.iter().position(|scope| scope.sheet == cell.sheet).unwrap_or(usize::MAX)
}

/// The cells of `scope` that can match, row-major: only the stored content area (a
/// whole-sheet scope costs the used rows), and formula cells when formulas are searched.
fn searched_cells(sheet: &Sheet, scope: &RangeRef, formulas: bool) -> Vec<(u32, u32)> {
    let mut cells = Vec::new();
    // The stored rows (`last_row()` also counts formula rows whose result is empty).
    let last_row = scope.last_row().min(sheet.rows().len() as u32);
    for row in scope.row..=last_row {
        let stored_columns = sheet.rows()[row as usize - 1].len() as u32;
        for column in scope.column..=scope.last_column().min(stored_columns) {
            cells.push((row, column));
        }
    }
    if formulas {
        let boxed = sheet.formulas().in_box(scope.row, scope.column, scope.last_row(), scope.last_column());
        cells.extend(boxed.map(|(&cell, _)| cell));
        cells.sort_unstable();
        cells.dedup();
    }
    cells
}
