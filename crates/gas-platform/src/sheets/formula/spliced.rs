//! References rewritten in a formula's own text: the R1C1 forms and a formula copied to
//! another cell change its references and keep every other character as written.
//! Sheets keeps a formula's spacing (`=H14 & " text"` stays spaced when read back as
//! R1C1 or filled down: observed); IronCalc's printer would respace it. The parse tree
//! still decides whether the text is a formula at all (`refs::parse`); the lexer (the
//! same one the parser uses) finds the references and where they are.

use std::borrow::Cow;

use ironcalc_base::expressions::lexer::{Lexer, LexerMode};
use ironcalc_base::expressions::token::TokenType;
use ironcalc_base::expressions::types::ParsedReference;
use ironcalc_base::expressions::utils::number_to_column;
use ironcalc_base::language::get_default_language;
use ironcalc_base::locale::get_default_locale;

use super::text::{closed_ranges, ClosedEnd, OpenEnd};

/// IronCalc's grid (Excel's): an open range `A:A` is rows 1..=LAST_ROW.
const LAST_ROW: i32 = 1_048_576;
const LAST_COLUMN: i32 = 16_384;

/// A cell reference or range as the lexer read it: in A1 text every position is
/// absolute (1-based); in R1C1 text a relative part is an offset.
#[derive(Clone, Copy)]
pub(super) struct Reference {
    pub left: Corner,
    pub right: Option<Corner>,
    /// A half-open range (`A2:A`): `right` holds the grid's edge on the open side.
    pub open: Option<OpenEnd>,
}

/// One corner of a reference: row and column, each absolute or not.
#[derive(Clone, Copy)]
pub(super) struct Corner {
    pub row: i32,
    pub column: i32,
    pub absolute_row: bool,
    pub absolute_column: bool,
}

impl From<&ParsedReference> for Corner {
    fn from(parsed: &ParsedReference) -> Self {
        Corner {
            row: parsed.row,
            column: parsed.column,
            absolute_row: parsed.absolute_row,
            absolute_column: parsed.absolute_column,
        }
    }
}

impl Reference {
    /// `A:C` (rows 1 to the grid's last, as IronCalc reads an open column range).
    fn is_column_range(&self) -> bool {
        self.right.is_some_and(|right| self.left.row == 1 && right.row == LAST_ROW && self.left.absolute_row)
    }

    /// `2:5`.
    fn is_row_range(&self) -> bool {
        self.right
            .is_some_and(|right| self.left.column == 1 && right.column == LAST_COLUMN && self.left.absolute_column)
    }

    /// The open end of a range that reaches the grid's last row (column) from anywhere
    /// but its first: how R1C1 text and IronCalc's printer write a half-open range.
    fn open_at_grid_edge(&self) -> Option<OpenEnd> {
        let right = self.right?;
        if right.absolute_row && right.row == LAST_ROW && !self.is_column_range() {
            Some(OpenEnd::Below)
        } else if right.absolute_column && right.column == LAST_COLUMN && !self.is_row_range() {
            Some(OpenEnd::Right)
        } else {
            None
        }
    }
}

/// `formula` (A1) with its half-open ranges closed at the grid's edge, for IronCalc's
/// lexer and parser (which read neither `A2:A` nor `B3:3`); `None` when it has none.
pub(super) fn closed_at_grid_edge(formula: &str) -> Option<(String, Vec<ClosedEnd>)> {
    closed_ranges(formula, |_, open, _| match open {
        OpenEnd::Below => LAST_ROW as u32,
        OpenEnd::Right => LAST_COLUMN as u32,
    })
}

/// For each range of `formula` (A1) that reaches the grid's edge, in order, whether it
/// is half-open (`A2:A`) rather than written to the edge (`A2:A$1048576`).
pub(super) fn edge_ranges(formula: &str) -> Vec<bool> {
    let mut open = Vec::new();
    splice(formula, LexerMode::A1, |reference| {
        if reference.open_at_grid_edge().is_some() {
            open.push(reference.open.is_some());
        }
        String::new()
    });
    open
}

/// Text IronCalc's printer made from a formula that had half-open ranges (closed at the
/// grid's edge to be parsed) with those ranges open again: `open` is the original's
/// [`edge_ranges`]. When the printed text has another count of such ranges (one became
/// `#REF!`), every range to the edge reads as open (the same cells on the sheet).
/// `None` when nothing changes.
pub(super) fn reopened(formula: &str, open: &[bool]) -> Option<String> {
    let count = edge_ranges(formula).len();
    let (mut changed, mut index) = (false, 0);
    let text = splice(formula, LexerMode::A1, |mut reference| {
        if reference.open.is_none() {
            if let Some(end) = reference.open_at_grid_edge() {
                let was_open = if count == open.len() { open[index] } else { true };
                index += 1;
                if was_open {
                    reference.open = Some(end);
                    changed = true;
                }
            }
        }
        a1_text(reference)
    })?;
    changed.then_some(text)
}

/// `formula` (with its `=`) with each reference replaced by what `write` makes of it,
/// the sheet prefix (`'My sheet'!`) and everything else kept; `None` when the lexer
/// finds an illegal token.
/// In A1 text a half-open range (`A2:A`) comes to `write` closed at the grid's edge,
/// marked `open`, and is written open again by [`a1_text`].
fn splice(formula: &str, mode: LexerMode, mut write: impl FnMut(Reference) -> String) -> Option<String> {
    let closed = if mode == LexerMode::A1 { closed_at_grid_edge(formula) } else { None };
    let (formula, closed_ends) = match &closed {
        Some((text, ends)) => (text.as_str(), ends.as_slice()),
        None => (formula, &[][..]),
    };
    let body = formula.strip_prefix('=')?;
    let chars: Vec<char> = body.chars().collect();
    let mut lexer = Lexer::new(body, mode, get_default_locale(), get_default_language());
    let mut out = String::with_capacity(formula.len() + 8);
    out.push('=');
    let mut copied = 0;
    loop {
        let before = lexer.get_position() as usize;
        let token = lexer.next_token();
        let after = (lexer.get_position() as usize).min(chars.len());
        let reference = match token {
            TokenType::EOF => break,
            TokenType::Illegal(_) => return None,
            TokenType::Reference { row, column, absolute_row, absolute_column, .. } => {
                Reference { left: Corner { row, column, absolute_row, absolute_column }, right: None, open: None }
            }
            TokenType::Range { left, right, .. } => {
                let open = closed_ends.iter().find(|end| end.end_char > before && end.end_char <= after);
                Reference { left: (&left).into(), right: Some((&right).into()), open: open.map(|end| end.open) }
            }
            _ => continue,
        };
        let start = (before..after).find(|&i| !chars[i].is_whitespace()).unwrap_or(before);
        let prefix_end = chars[start..after].iter().rposition(|&c| c == '!').map_or(start, |bang| start + bang + 1);
        out.extend(&chars[copied..prefix_end]);
        out.push_str(&write(reference));
        copied = after;
    }
    out.extend(&chars[copied..]);
    Some(out)
}

/// A1 text of `formula` (A1) as R1C1 text read at `(row, column)`: `R[-1]C[0]` for a
/// relative part (the documented canonical form), `R1C1` for an absolute one. An open
/// range is written with the grid's edges (`A:A` at B1 is `R1C[-1]:R1048576C[-1]`), the
/// form IronCalc's R1C1 lexer reads back (assumed: Sheets' own R1C1 text for `A:A` is
/// not documented).
pub(super) fn a1_to_r1c1(formula: &str, row: u32, column: u32) -> Option<String> {
    let (row, column) = (row as i32, column as i32);
    let row_part = |part: &Corner| rc_part(part.row, part.absolute_row, row);
    let column_part = |part: &Corner| rc_part(part.column, part.absolute_column, column);
    splice(formula, LexerMode::A1, |reference| match reference.right {
        Some(right) if reference.is_column_range() => {
            format!("R1C{}:R{LAST_ROW}C{}", column_part(&reference.left), column_part(&right))
        }
        Some(right) if reference.is_row_range() => {
            format!("R{}C1:R{}C{LAST_COLUMN}", row_part(&reference.left), row_part(&right))
        }
        Some(right) => format!(
            "R{}C{}:R{}C{}",
            row_part(&reference.left),
            column_part(&reference.left),
            row_part(&right),
            column_part(&right)
        ),
        None => format!("R{}C{}", row_part(&reference.left), column_part(&reference.left)),
    })
}

fn rc_part(position: i32, absolute: bool, base: i32) -> String {
    if absolute {
        position.to_string()
    } else {
        format!("[{}]", position - base)
    }
}

/// R1C1 text read at `(row, column)` as A1 text; a reference off the grid is `#REF!`.
pub(super) fn r1c1_to_a1(formula: &str, row: u32, column: u32) -> Option<String> {
    let formula = explicit_r1c1_offsets(formula);
    let (row, column) = (row as i32, column as i32);
    splice(&formula, LexerMode::R1C1, |reference| {
        let resolve = |part: Corner| Corner {
            row: if part.absolute_row { part.row } else { row + part.row },
            column: if part.absolute_column { part.column } else { column + part.column },
            ..part
        };
        let resolved = Reference { left: resolve(reference.left), right: reference.right.map(resolve), open: None };
        a1_text(Reference { open: resolved.open_at_grid_edge(), ..resolved })
    })
}

/// A1 `formula` written for `from`, as it reads in `to`: relative parts move by the
/// distance; a reference moved off the grid is `#REF!`.
pub(super) fn moved(formula: &str, from: (u32, u32), to: (u32, u32)) -> Option<String> {
    let rows = to.0 as i32 - from.0 as i32;
    let columns = to.1 as i32 - from.1 as i32;
    splice(formula, LexerMode::A1, |reference| {
        let (column_range, row_range) = (reference.is_column_range(), reference.is_row_range());
        let shift = |part: Corner| Corner {
            row: if part.absolute_row || column_range { part.row } else { part.row + rows },
            column: if part.absolute_column || row_range { part.column } else { part.column + columns },
            ..part
        };
        a1_text(Reference { left: shift(reference.left), right: reference.right.map(shift), ..reference })
    })
}

/// `$B$2`, `B2:C3`, `A:C`, `2:5`, `A2:A`, `B3:3`; `#REF!` off the grid.
fn a1_text(reference: Reference) -> String {
    let on_grid = |part: &Corner| (1..=LAST_ROW).contains(&part.row) && (1..=LAST_COLUMN).contains(&part.column);
    if !on_grid(&reference.left) || !reference.right.as_ref().is_none_or(on_grid) {
        return "#REF!".to_string();
    }
    let dollar = |absolute: bool| if absolute { "$" } else { "" };
    let column = |part: &Corner| {
        format!("{}{}", dollar(part.absolute_column), number_to_column(part.column).unwrap_or_default())
    };
    let row = |part: &Corner| format!("{}{}", dollar(part.absolute_row), part.row);
    let cell = |part: &Corner| format!("{}{}", column(part), row(part));
    // A half-open range first: `A$1:A` closes as `A:A` does, and stays as written.
    match reference.right {
        Some(right) if reference.open == Some(OpenEnd::Below) => {
            format!("{}:{}", cell(&reference.left), column(&right))
        }
        Some(right) if reference.open == Some(OpenEnd::Right) => format!("{}:{}", cell(&reference.left), row(&right)),
        Some(right) if reference.is_column_range() => format!("{}:{}", column(&reference.left), column(&right)),
        Some(right) if reference.is_row_range() => format!("{}:{}", row(&reference.left), row(&right)),
        Some(right) => format!("{}:{}", cell(&reference.left), cell(&right)),
        None => cell(&reference.left),
    }
}

/// R1C1 text with every bare `R` or `C` of a cell reference written as `R[0]`/`C[0]`:
/// Sheets reads `=R[-1]C` as the cell above (documented: "R[-1]C" in the R1C1 examples
/// of `setFormulaR1C1`), IronCalc's lexer only the bracketed form. String literals and
/// quoted sheet names are left alone, and so is a name that merely starts with R or C.
pub(super) fn explicit_r1c1_offsets(formula: &str) -> Cow<'_, str> {
    let chars: Vec<char> = formula.chars().collect();
    let mut out = String::with_capacity(formula.len() + 8);
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' || c == '\'' {
            let end = quoted_end(&chars, i);
            out.extend(&chars[i..end]);
            i = end;
            continue;
        }
        let starts_token = i == 0 || !is_name_char(chars[i - 1]);
        if starts_token && c == 'R' {
            if let Some((end, text)) = r1c1_reference(&chars, i) {
                changed |= text.len() != end - i;
                out.push_str(&text);
                i = end;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(formula)
    }
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '$' | ']' | '\\')
}

/// The index after the literal quoted by `chars[start]` (a doubled quote stays inside).
fn quoted_end(chars: &[char], start: usize) -> usize {
    let quote = chars[start];
    let mut i = start + 1;
    while i < chars.len() {
        if chars[i] == quote {
            if chars.get(i + 1) == Some(&quote) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i += 1;
    }
    chars.len()
}

/// A reference `R<part>C<part>` at `start` (a part: `[n]`, `n` or nothing), as text with
/// both parts written out; `None` when the token is something else (`ROUND(`, `RATE`).
fn r1c1_reference(chars: &[char], start: usize) -> Option<(usize, String)> {
    let (after_row, row) = r1c1_part(chars, start + 1);
    if chars.get(after_row) != Some(&'C') {
        return None;
    }
    let (end, column) = r1c1_part(chars, after_row + 1);
    if chars.get(end).is_some_and(|&c| is_name_char(c) || c == '(' || c == '[') {
        return None;
    }
    Some((end, format!("{}{row}{}{column}", chars[start], chars[after_row])))
}

/// A row or column part at `start`: `[n]` or digits as written, `[0]` when there is none.
fn r1c1_part(chars: &[char], start: usize) -> (usize, String) {
    let digits_end = |from: usize| (from..chars.len()).find(|&i| !chars[i].is_ascii_digit()).unwrap_or(chars.len());
    match chars.get(start) {
        Some('[') => {
            let from = if chars.get(start + 1) == Some(&'-') { start + 2 } else { start + 1 };
            let end = digits_end(from);
            if end > from && chars.get(end) == Some(&']') {
                return (end + 1, chars[start..=end].iter().collect());
            }
            (start, "[0]".to_string())
        }
        Some(c) if c.is_ascii_digit() => {
            let end = digits_end(start);
            (end, chars[start..end].iter().collect())
        }
        _ => (start, "[0]".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copied_formula_keeps_its_spacing_and_moves_only_relative_parts() {
        assert_eq!(moved("=SUM( A1 , $B$1 ) & \" A1 \"", (1, 3), (2, 4)).unwrap(), "=SUM( B2 , $B$1 ) & \" A1 \"");
        assert_eq!(moved("='My sheet'!A$1+Other!$A1", (1, 1), (3, 2)).unwrap(), "='My sheet'!B$1+Other!$A3");
        assert_eq!(
            moved("=SUM(A:B)+SUM(2:3)", (1, 1), (5, 2)).unwrap(),
            "=SUM(B:C)+SUM(6:7)",
            "open ranges move along"
        );
        assert_eq!(moved("=A1+1", (2, 2), (1, 1)).unwrap(), "=#REF!+1", "off the grid");
        assert_eq!(moved("=LOG10(A1)", (1, 1), (2, 1)).unwrap(), "=LOG10(A2)", "a function name is no reference");
    }

    #[test]
    fn half_open_ranges_move_whole_and_read_as_r1c1() {
        assert_eq!(moved("=SUM(A2:A)", (1, 2), (1, 3)).unwrap(), "=SUM(B2:B)");
        assert_eq!(moved("=SUM(B3:3)*2", (1, 1), (2, 1)).unwrap(), "=SUM(B4:4)*2");
        assert_eq!(moved("=SUM($A2:$A)", (1, 1), (2, 2)).unwrap(), "=SUM($A3:$A)");
        assert_eq!(moved("=SUM('My data'!A2:A)", (1, 1), (1, 2)).unwrap(), "=SUM('My data'!B2:B)");
        assert_eq!(moved("=A1:ABS(B1)", (1, 1), (1, 2)).unwrap(), "=B1:ABS(C1)", "a function is no column");
        assert_eq!(
            moved("=SUM($A$2:$A$1048576)", (1, 1), (2, 1)).unwrap(),
            "=SUM($A$2:$A$1048576)",
            "a range written to the grid's edge is no half-open range"
        );
        assert_eq!(moved("=SUM(A:A)+SUM(2:3)", (1, 1), (2, 2)).unwrap(), "=SUM(B:B)+SUM(3:4)");
        let r1c1 = a1_to_r1c1("=SUM(A2:A)", 1, 2).unwrap();
        assert_eq!(r1c1, "=SUM(R[1]C[-1]:R1048576C[-1])");
        assert_eq!(r1c1_to_a1(&r1c1, 1, 2).unwrap(), "=SUM(A2:A)");
        assert_eq!(reopened("=SUM(A3:A$1048576)+B2:$XFD2", &[true, true]).unwrap(), "=SUM(A3:A)+B2:2");
        assert_eq!(
            reopened("=SUM(A3:A$1048576)+SUM($A$3:$A$1048576)", &[true, false]).unwrap(),
            "=SUM(A3:A)+SUM($A$3:$A$1048576)",
            "a range written to the edge stays so"
        );
        assert_eq!(edge_ranges("=SUM(A2:A)+SUM($A$2:$A$1048576)+SUM(B1:B2)"), vec![true, false]);
        assert_eq!(reopened("=SUM(A:A)", &[]), None);
        assert_eq!(moved("=SUM($A$1:$A)+SUM(A$1:1)", (1, 1), (2, 2)).unwrap(), "=SUM($A$1:$A)+SUM(B$1:2)");
    }

    #[test]
    fn r1c1_forms_round_trip_at_a_cell() {
        assert_eq!(a1_to_r1c1("=$A$1+B2 - C$1", 2, 2).unwrap(), "=R1C1+R[0]C[0] - R1C[1]");
        assert_eq!(a1_to_r1c1("=SUM(A1:C1)", 2, 1).unwrap(), "=SUM(R[-1]C[0]:R[-1]C[2])");
        assert_eq!(r1c1_to_a1("=SUM(R[-1]C:R[-1]C[2])", 2, 1).unwrap(), "=SUM(A1:C1)");
        assert_eq!(r1c1_to_a1("=R[-2]C[-1] & \"R1C1\"", 5, 5).unwrap(), "=D3 & \"R1C1\"");
        assert_eq!(r1c1_to_a1("=R[-1]C", 1, 1).unwrap(), "=#REF!");
        let open = a1_to_r1c1("=SUM(A:A)+SUM($2:3)", 1, 2).unwrap();
        assert_eq!(open, "=SUM(R1C[-1]:R1048576C[-1])+SUM(R2C1:R[2]C16384)");
        assert_eq!(r1c1_to_a1(&open, 1, 2).unwrap(), "=SUM(A:A)+SUM($2:3)", "open ranges round-trip");
    }
}
