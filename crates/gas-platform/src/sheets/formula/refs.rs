//! Formula text transformations, on IronCalc's parse tree: the R1C1 forms, a formula
//! copied to another cell (relative references move with it), and references kept
//! pointing at the same cells when rows or columns are inserted or deleted.

use std::collections::HashMap;

use ironcalc_base::expressions::lexer::LexerMode;
use ironcalc_base::expressions::parser::stringify::to_english_string;
use ironcalc_base::expressions::parser::{new_parser_english, Node};
use ironcalc_base::expressions::token::Error as EngineError;
use ironcalc_base::expressions::types::CellReferenceRC;

use super::super::model::Spreadsheet;
use super::spliced;
use crate::sheets::shift::{Dim, Shift};

/// IronCalc's open ranges: `A:A` is rows 1..=1048576, `1:1` columns 1..=16384 (Excel's grid).
const ENGINE_LAST_ROW: i32 = 1_048_576;
const ENGINE_LAST_COLUMN: i32 = 16_384;

/// A structural change as a formula's references see it: positions in IronCalc's `i32`
/// (a reference past the grid's edge is still a position).
trait ReferenceShift {
    fn reference_position(self, p: i32) -> Option<i32>;
    fn reference_span(self, first: i32, last: i32) -> Option<(i32, i32)>;
}

impl ReferenceShift for Shift {
    /// Where a row (or column, along the shift's axis) goes; `None` when deleted.
    fn reference_position(self, p: i32) -> Option<i32> {
        match self {
            Shift::Insert { at, count, .. } => Some(if p >= at as i32 { p + count as i32 } else { p }),
            Shift::Remove { start, count, .. } => {
                let (start, count) = (start as i32, count as i32);
                if p < start {
                    Some(p)
                } else if p < start + count {
                    None
                } else {
                    Some(p - count)
                }
            }
        }
    }

    /// A range's span `first..=last` after the change (a deletion inside it shrinks it, as
    /// in Sheets); `None` when every row of it was deleted.
    fn reference_span(self, first: i32, last: i32) -> Option<(i32, i32)> {
        match self {
            Shift::Insert { .. } => Some((self.reference_position(first)?, self.reference_position(last)?)),
            Shift::Remove { start, count, .. } => {
                let (start, count) = (start as i32, count as i32);
                let new_first = if first < start {
                    first
                } else if first < start + count {
                    start
                } else {
                    first - count
                };
                let new_last = if last < start {
                    last
                } else if last < start + count {
                    start - 1
                } else {
                    last - count
                };
                (new_first <= new_last).then_some((new_first, new_last))
            }
        }
    }
}

pub(super) fn context(sheet: &str, row: u32, column: u32) -> CellReferenceRC {
    CellReferenceRC { sheet: sheet.to_string(), row: row as i32, column: column as i32 }
}

/// The formula IronCalc's printer makes of `node`, the tree [`parse`] made of `original`
/// (A1), read at `at`: its half-open ranges, closed to be parsed, open again.
pub(super) fn printed(original: &str, node: &Node, at: &CellReferenceRC) -> String {
    let text = format!("={}", to_english_string(node, at));
    match spliced::closed_at_grid_edge(original) {
        Some(_) => spliced::reopened(&text, &spliced::edge_ranges(original)).unwrap_or(text),
        None => text,
    }
}

/// The parse tree of `formula` (with its `=`) written at (row, column) of `sheet`; `None`
/// for text that does not parse (its result is `#ERROR!`; gas-sim leaves the text as is),
/// and for text nesting too deep for IronCalc's recursive parser (`super::too_deep`).
pub(super) fn parse(
    formula: &str,
    sheet_names: &[String],
    sheet: &str,
    row: u32,
    column: u32,
    mode: LexerMode,
) -> Option<Node> {
    let closed = if mode == LexerMode::A1 { spliced::closed_at_grid_edge(formula) } else { None };
    let formula = closed.as_ref().map_or(formula, |(text, _)| text.as_str());
    let body = formula.strip_prefix('=')?;
    if super::too_deep(body) {
        return None;
    }
    let mut parser = new_parser_english(sheet_names.to_vec(), Vec::new(), HashMap::new());
    parser.set_lexer_mode(mode);
    let node = parser.parse(body, &context(sheet, row, column));
    (!has_parse_error(&node)).then_some(node)
}

pub(super) fn children(node: &mut Node) -> Vec<&mut Node> {
    match node {
        Node::OpRangeKind { left, right }
        | Node::OpConcatenateKind { left, right }
        | Node::OpSumKind { left, right, .. }
        | Node::OpProductKind { left, right, .. }
        | Node::OpPowerKind { left, right }
        | Node::CompareKind { left, right, .. } => vec![left.as_mut(), right.as_mut()],
        Node::FunctionKind { args, .. } | Node::NamedFunctionKind { args, .. } => args.iter_mut().collect(),
        Node::LambdaDefKind { body, .. } => vec![body.as_mut()],
        Node::LambdaCallKind { lambda, args } => {
            let mut all = vec![lambda.as_mut()];
            all.extend(args.iter_mut());
            all
        }
        Node::ImplicitIntersection { child, .. } | Node::SpillRangeOperator { child } => vec![child.as_mut()],
        Node::UnaryKind { right, .. } => vec![right.as_mut()],
        _ => Vec::new(),
    }
}

fn has_parse_error(node: &Node) -> bool {
    let mut copy = node.clone();
    any_node(&mut copy, &|n| matches!(n, Node::ParseErrorKind { .. }))
}

fn any_node(node: &mut Node, test: &dyn Fn(&Node) -> bool) -> bool {
    test(node) || children(node).into_iter().any(|child| any_node(child, test))
}

/// `formula` written at `(row, column)` as R1C1 text (`=SUM(R[-3]C[0]:R[-1]C[0])`, the
/// documented form); `None` when it does not parse.
pub fn to_r1c1(formula: &str, sheet_names: &[String], sheet: &str, row: u32, column: u32) -> Option<String> {
    parse(formula, sheet_names, sheet, row, column, LexerMode::A1)?;
    spliced::a1_to_r1c1(formula, row, column)
}

/// An R1C1 formula written at `(row, column)` as A1 text; `None` when it does not parse.
pub fn from_r1c1(formula: &str, sheet_names: &[String], sheet: &str, row: u32, column: u32) -> Option<String> {
    let formula = spliced::explicit_r1c1_offsets(formula);
    parse(&formula, sheet_names, sheet, row, column, LexerMode::R1C1)?;
    spliced::r1c1_to_a1(&formula, row, column)
}

/// `formula`, written for `from`, as it reads in cell `to` (relative references move
/// with it: `=A1` from B1 is `=A2` in B2); as written when it does not parse.
pub(in crate::sheets) fn relative_copy(
    formula: &str,
    sheet_names: &[String],
    sheet: &str,
    from: (u32, u32),
    to: (u32, u32),
) -> String {
    if from == to {
        return formula.to_string();
    }
    parse(formula, sheet_names, sheet, from.0, from.1, LexerMode::A1)
        .and_then(|_| spliced::moved(formula, from, to))
        .unwrap_or_else(|| formula.to_string())
}

/// Keeps every formula of `book` pointing at the same cells when `shift` is applied to
/// the sheet with gid `sheet_id`: references into the deleted rows become `#REF!`,
/// ranges shrink or grow. Call it *before* moving the sheet's cells (the formulas are
/// read at their old positions); formulas whose references do not move keep their text.
/// For "structure" (columns, cells) and the row operations in `ops/mod.rs`.
pub fn shift_references(book: &mut Spreadsheet, sheet_id: u32, shift: Shift) {
    if book.sheets().iter().all(|sheet| sheet.formulas().is_empty()) {
        return;
    }
    let names: Vec<String> = book.sheets().iter().map(|sheet| sheet.name().to_string()).collect();
    let Some(target) = book.sheets().iter().position(|sheet| sheet.sheet_id() == sheet_id) else {
        return;
    };
    for (index, sheet) in book.sheets_mut().iter_mut().enumerate() {
        let name = names[index].clone();
        let mut rewritten = Vec::new();
        for (&(row, column), formula) in sheet.formulas().iter() {
            let Some(mut node) = parse(formula, &names, &name, row, column, LexerMode::A1) else { continue };
            // Where the formula itself goes (it moves only with its own sheet).
            let (new_row, new_column) = if index == target {
                let moved = if shift.dim() == Dim::Rows {
                    shift.reference_position(row as i32).map(|r| (r, column as i32))
                } else {
                    shift.reference_position(column as i32).map(|c| (row as i32, c))
                };
                match moved {
                    Some(place) => place,
                    None => continue, // deleted with its row
                }
            } else {
                (row as i32, column as i32)
            };
            let mut walk = Walk {
                target: target as u32,
                shift,
                old: (row as i32, column as i32),
                new: (new_row, new_column),
                changed: false,
            };
            walk.node(&mut node);
            if walk.changed {
                let text = printed(formula, &node, &context(&name, new_row as u32, new_column as u32));
                rewritten.push(((row, column), text));
            }
        }
        let layer = sheet.formulas_mut();
        for ((row, column), text) in rewritten {
            layer.set(row, column, Some(text));
        }
    }
}

/// One formula's references: each target's position is made absolute against the
/// formula's old cell, moved by the shift when it lies on the changed sheet (`changed`
/// when one moves or is deleted), and stored again relative to the formula's new cell,
/// which is what IronCalc's tree holds for a relative reference.
struct Walk {
    target: u32,
    shift: Shift,
    old: (i32, i32),
    new: (i32, i32),
    changed: bool,
}

impl Walk {
    /// A reference's new (stored row, stored column), or `None` when its cell was deleted.
    fn point(&mut self, on_target: bool, absolute: (bool, bool), stored: (i32, i32)) -> Option<(i32, i32)> {
        let row = if absolute.0 { stored.0 } else { stored.0 + self.old.0 };
        let column = if absolute.1 { stored.1 } else { stored.1 + self.old.1 };
        let (new_row, new_column) = match (on_target, self.shift.dim() == Dim::Rows) {
            (false, _) => (row, column),
            (true, true) => (self.shift.reference_position(row)?, column),
            (true, false) => (row, self.shift.reference_position(column)?),
        };
        self.changed |= (new_row, new_column) != (row, column);
        Some(self.stored(absolute, (new_row, new_column)))
    }

    fn stored(&self, absolute: (bool, bool), at: (i32, i32)) -> (i32, i32) {
        (if absolute.0 { at.0 } else { at.0 - self.new.0 }, if absolute.1 { at.1 } else { at.1 - self.new.1 })
    }

    fn node(&mut self, node: &mut Node) {
        match node {
            Node::ReferenceKind { sheet_index, absolute_row, absolute_column, row, column, .. } => {
                let on_target = *sheet_index == self.target;
                match self.point(on_target, (*absolute_row, *absolute_column), (*row, *column)) {
                    Some((r, c)) => (*row, *column) = (r, c),
                    None => {
                        self.changed = true;
                        *node = Node::ErrorKind(EngineError::REF);
                    }
                }
            }
            Node::RangeKind {
                sheet_index,
                absolute_row1,
                absolute_column1,
                row1,
                column1,
                absolute_row2,
                absolute_column2,
                row2,
                column2,
                ..
            } => {
                let abs1 = (*absolute_row1, *absolute_column1);
                let abs2 = (*absolute_row2, *absolute_column2);
                let at = |abs: (bool, bool), r: i32, c: i32, old: (i32, i32)| {
                    (if abs.0 { r } else { r + old.0 }, if abs.1 { c } else { c + old.1 })
                };
                let (mut a, mut b) = (at(abs1, *row1, *column1, self.old), at(abs2, *row2, *column2, self.old));
                // `A:A` (all rows) keeps its rows; `1:1` its columns.
                let open = if self.shift.dim() == Dim::Rows {
                    abs1.0 && abs2.0 && a.0 == 1 && b.0 == ENGINE_LAST_ROW
                } else {
                    abs1.1 && abs2.1 && a.1 == 1 && b.1 == ENGINE_LAST_COLUMN
                };
                // A range to the grid's edge stays there (`A2:A`, half-open, is `A3:A` after
                // a row is inserted above it).
                let to_edge = if self.shift.dim() == Dim::Rows {
                    abs2.0 && b.0 == ENGINE_LAST_ROW
                } else {
                    abs2.1 && b.1 == ENGINE_LAST_COLUMN
                };
                if *sheet_index == self.target && !open {
                    let (lo, hi) =
                        if self.shift.dim() == Dim::Rows { (&mut a.0, &mut b.0) } else { (&mut a.1, &mut b.1) };
                    let (first, last) = ((*lo).min(*hi), (*lo).max(*hi));
                    match self.shift.reference_span(first, last) {
                        Some((new_first, new_last)) => {
                            let new_last = if to_edge { last } else { new_last };
                            self.changed |= (new_first, new_last) != (first, last);
                            let forward = *lo <= *hi;
                            (*lo, *hi) = if forward { (new_first, new_last) } else { (new_last, new_first) };
                        }
                        None => {
                            self.changed = true;
                            *node = Node::ErrorKind(EngineError::REF);
                            return;
                        }
                    }
                }
                (*row1, *column1) = self.stored(abs1, a);
                (*row2, *column2) = self.stored(abs2, b);
            }
            _ => {
                for child in children(node) {
                    self.node(child);
                }
            }
        }
    }
}

/// Rewrites every formula of `book` that `rewrite` changes (a rename's text rewrite).
pub fn rewrite_formulas(book: &mut Spreadsheet, rewrite: impl Fn(&str) -> Option<String>) {
    for sheet in book.sheets_mut() {
        let changed: Vec<((u32, u32), String)> =
            sheet.formulas().iter().filter_map(|(&key, formula)| Some((key, rewrite(formula)?))).collect();
        for ((row, column), text) in changed {
            sheet.formulas_mut().set(row, column, Some(text));
        }
    }
}

/// Before the sheet with gid `sheet_id` is deleted: every reference to it in the other
/// sheets' formulas becomes `#REF!` (`=Data!A1+1` reads `=#REF!+1`; assumed text, as
/// Excel and Sheets show a reference whose sheet is gone as `#REF!`). The rest of each
/// such formula is re-printed by IronCalc; formulas that do not name it keep their text.
pub fn drop_sheet_references(book: &mut Spreadsheet, sheet_id: u32) {
    let names: Vec<String> = book.sheets().iter().map(|sheet| sheet.name().to_string()).collect();
    let Some(target) = book.sheets().iter().position(|sheet| sheet.sheet_id() == sheet_id) else {
        return;
    };
    for (index, sheet) in book.sheets_mut().iter_mut().enumerate() {
        if index == target {
            continue;
        }
        let name = &names[index];
        let mut rewritten = Vec::new();
        for (&(row, column), formula) in sheet.formulas().iter() {
            let Some(mut node) = parse(formula, &names, name, row, column, LexerMode::A1) else { continue };
            if cut_sheet(&mut node, target as u32) {
                rewritten.push(((row, column), printed(formula, &node, &context(name, row, column))));
            }
        }
        for ((row, column), text) in rewritten {
            sheet.formulas_mut().set(row, column, Some(text));
        }
    }
}

/// Replaces each reference to sheet `target` by `#REF!`; whether one was.
fn cut_sheet(node: &mut Node, target: u32) -> bool {
    match node {
        Node::ReferenceKind { sheet_index, .. } | Node::RangeKind { sheet_index, .. } if *sheet_index == target => {
            *node = Node::ErrorKind(EngineError::REF);
            true
        }
        _ => children(node).into_iter().fold(false, |cut, child| cut_sheet(child, target) | cut),
    }
}
