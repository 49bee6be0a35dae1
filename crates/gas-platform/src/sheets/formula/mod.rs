//! Formulas, computed by a real spreadsheet engine (IronCalc, crate `ironcalc_base`).
//!
//! A cell's formula, as written (`=SUM(A1:A3)`), lives in its sheet's `formulas` layer;
//! the values grid holds its result, so every reader (`getValues`, display values,
//! snapshots, TextFinder) sees results without knowing about formulas. A spreadsheet
//! whose sheets have no formula never builds an engine model: formula work is off the
//! path of every other sheet.
//!
//! When: every write to a spreadsheet marks it stale ([`Stale`], set by the store's
//! mutable access); `Spreadsheets::recalculate_stale` (called by the binding around every
//! SpreadsheetApp call, and on loading a state file) evaluates each stale spreadsheet that
//! has formulas, all its sheets at once (cross-sheet references), with `NOW()`/`TODAY()`
//! reading the virtual clock in the spreadsheet's zone (`ironcalc_base`'s `mock_time`, a
//! per-thread clock). Like Sheets' default "on change" recalculation, a volatile function
//! changes only when something is written.
//!
//! References follow what Sheets moves (refs.rs, remap.rs, text.rs): rows and columns
//! inserted or deleted, cells moved or shifted, rows sorted, formulas copied or filled,
//! sheets and named ranges renamed, sheets deleted (`#REF!`). Named ranges are given to
//! IronCalc as defined names; an array result spills into the cells beside its formula
//! (marked in the sheet's `spilled` layer: results, not inputs).
//!
//! What the engine lacks or gas-sim refuses is listed here ([`SHEETS_ONLY_FUNCTIONS`],
//! [`REFUSED_FUNCTIONS`]): such a formula evaluates to `#NAME?` and its function is a gap
//! at the script's call site ([`gap_names`]).

mod engine;
mod refs;
mod remap;
mod spliced;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_refs;
mod text;

pub use refs::{drop_sheet_references, from_r1c1, rewrite_formulas, shift_references, to_r1c1};
pub use remap::{remap_references, CellMap};
pub use text::{normalized, uses_name, with_name_renamed, with_sheet_renamed};

pub(super) use engine::recalculate;
pub(super) use refs::relative_copy;

/// Functions of Google Sheets that IronCalc does not have (checked by a test): a formula
/// using one evaluates to `#NAME?` (as IronCalc gives for any unknown function) and
/// counts as a gap. A function that neither has is a typo: `#NAME?`, as in Sheets, no gap.
pub const SHEETS_ONLY_FUNCTIONS: &[&str] = &[
    "ARRAY_CONSTRAIN",
    "ARRAYFORMULA",
    "CONTINUE",
    "COUNTUNIQUE",
    "COUNTUNIQUEIFS",
    "DETECTLANGUAGE",
    "EPOCHTODATE",
    "FLATTEN",
    "GOOGLEFINANCE",
    "GOOGLETRANSLATE",
    "IMAGE",
    "IMPORTDATA",
    "IMPORTFEED",
    "IMPORTHTML",
    "IMPORTRANGE",
    "IMPORTXML",
    "ISEMAIL",
    "ISURL",
    "JOIN",
    "QUERY",
    "REGEXMATCH",
    "SORTN",
    "SPARKLINE",
    "SPLIT",
    "TO_DATE",
    "TO_DOLLARS",
    "TO_PERCENT",
    "TO_PURE_NUMBER",
    "TO_TEXT",
    "GETPIVOTDATA",
    "ISBETWEEN",
    "MARGINOFERROR",
];

/// Functions IronCalc has that gas-sim does not let it run: their results come from an
/// unseeded random source, which would make a run differ between machines (the
/// determinism invariant). They evaluate to `#NAME?` and count as gaps.
pub const REFUSED_FUNCTIONS: &[&str] = &["RAND", "RANDARRAY", "RANDBETWEEN"];

/// Functions whose result is an array that Sheets spills into the cells beside the
/// formula. IronCalc 0.9.1 has dynamic arrays: the values spill the same way (engine.rs
/// writes them into the cells beside, marked as spilled), so these are no gaps.
pub const SPILLING_FUNCTIONS: &[&str] =
    &["FILTER", "SEQUENCE", "SORT", "SORTBY", "TEXTSPLIT", "TRANSPOSE", "UNIQUE", "MAKEARRAY"];

/// Functions whose result Sheets formats as a date or time on its own, so a script's
/// `getValue()` of `=NOW()` is a Date (observed). A formula whose outermost call is one
/// of them gives a Date (IronCalc keeps the serial number unformatted); any other
/// number stays a Number until "formats" gives the cell a date format.
pub const DATE_FUNCTIONS: &[&str] =
    &["DATE", "DATEVALUE", "EDATE", "EOMONTH", "NOW", "TIME", "TIMEVALUE", "TODAY", "WORKDAY", "WORKDAY.INTL"];

/// Does the formula's result come from a [`DATE_FUNCTIONS`] call at its top (`=NOW()`,
/// `=DATE(2025,1,2)`; not `=YEAR(NOW())`)?
pub fn returns_date(formula: &str) -> bool {
    let body = formula.trim_start_matches('=').trim_start();
    let Some(open) = body.find('(') else { return false };
    let name = body[..open].trim().to_ascii_uppercase();
    DATE_FUNCTIONS.contains(&name.as_str()) && body.trim_end().ends_with(')') && closes_at_end(&body[open..])
}

/// Whether the parenthesis opening `text` closes at its very end (outside strings).
fn closes_at_end(text: &str) -> bool {
    let (mut depth, mut in_string) = (0i32, false);
    let trimmed = text.trim_end();
    for (i, ch) in trimmed.char_indices() {
        match ch {
            '"' => in_string = !in_string,
            '(' if !in_string => depth += 1,
            ')' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return i + 1 == trimmed.len();
                }
            }
            _ => {}
        }
    }
    false
}

/// The prefix of a formula gap's name: `formula function QUERY`.
pub const GAP_PREFIX: &str = "formula function ";

/// Formulas per spreadsheet: a limit on the work one recalculation does.
pub const FORMULAS_PER_SPREADSHEET_MAX: usize = 100_000;

/// The deepest formula gas-sim hands to IronCalc, as [`nesting_depth`] counts it. IronCalc
/// parses by recursive descent and evaluates, prints and drops its parse tree recursively,
/// on the native stack, as deep as the formula nests: 100,000 nested parentheses aborted
/// the process. Deeper text is never parsed: its cell reads `#ERROR!`, as a formula Sheets
/// cannot parse does ("Formula parse error."; Sheets' own limit and text for too-deep
/// formulas are unknown: assumed). Far above what people write (Excel allows 64 nested
/// functions) and within a 2 MiB thread stack in a debug build.
pub const FORMULA_NESTING_MAX: usize = 500;

/// An upper bound on the depth of a formula's parse tree: each bracket (`(`, `{`: a call,
/// a group, an array) is a level, and so is each operator inside one (a chain of `+` is
/// a left-deep tree, `---1` a chain of negations). Strings and quoted sheet names do not
/// count. Linear, without recursion.
pub fn nesting_depth(formula: &str) -> usize {
    // Per open bracket: operators met in it, and the deepest group closed inside it.
    let mut groups: Vec<(usize, usize)> = vec![(0, 0)];
    let formula = formula.strip_prefix('=').unwrap_or(formula);
    let mut quote: Option<char> = None;
    let close = |groups: &mut Vec<(usize, usize)>| {
        if let Some((operators, deepest)) = groups.pop() {
            if let Some(parent) = groups.last_mut() {
                parent.1 = parent.1.max(operators + deepest + 1);
            }
        }
    };
    for ch in formula.chars() {
        if let Some(open) = quote {
            // `""` inside a string closes and reopens it: the same as staying inside.
            if ch == open {
                quote = None;
            }
            continue;
        }
        match ch {
            '"' | '\'' => quote = Some(ch),
            '(' | '{' => groups.push((0, 0)),
            ')' | '}' if groups.len() > 1 => close(&mut groups),
            '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<' | '>' | '%' | ':' | '@' | '#' => {
                if let Some(group) = groups.last_mut() {
                    group.0 += 1;
                }
            }
            _ => {}
        }
    }
    while groups.len() > 1 {
        close(&mut groups);
    }
    groups.first().map_or(0, |(operators, deepest)| operators + deepest)
}

/// Whether a formula nests too deep to be parsed ([`FORMULA_NESTING_MAX`]).
pub fn too_deep(formula: &str) -> bool {
    nesting_depth(formula) > FORMULA_NESTING_MAX
}

/// The function names a formula calls (`NAME(`), upper-cased, outside string literals,
/// in order of first use.
pub fn functions_in(formula: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let chars = formula.char_indices();
    let mut in_string = false;
    let mut name_start: Option<usize> = None;
    for (i, ch) in chars {
        if in_string {
            if ch == '"' {
                in_string = false;
            }
            continue;
        }
        let name_char = ch.is_ascii_alphanumeric() || ch == '_' || ch == '.';
        match (name_start, name_char) {
            (None, true) if ch.is_ascii_alphabetic() || ch == '_' => name_start = Some(i),
            (Some(_), true) => {}
            (Some(start), false) => {
                if ch == '(' {
                    let name = formula[start..i].to_ascii_uppercase();
                    if !found.contains(&name) {
                        found.push(name);
                    }
                }
                name_start = None;
            }
            _ => {}
        }
        if ch == '"' {
            in_string = true;
            name_start = None;
        }
    }
    found
}

/// Is this function one gas-sim does not evaluate (Sheets-only or refused)?
pub fn is_unsupported(name: &str) -> bool {
    REFUSED_FUNCTIONS.contains(&name) || (SHEETS_ONLY_FUNCTIONS.contains(&name) && !engine::has_function(name))
}

/// The gaps a formula is: one per Sheets function it uses that gas-sim does not
/// evaluate, named `formula function NAME`.
pub fn gap_names(formula: &str) -> Vec<String> {
    functions_in(formula)
        .into_iter()
        .filter(|name| is_unsupported(name))
        .map(|name| format!("{GAP_PREFIX}{name}"))
        .collect()
}

/// Sheets' text for an error value IronCalc gives (`#DIV/0!`, `#N/A`, ...). Sheets has no
/// `#SPILL!`, `#CIRC!`, `#CALC!` or `#N/IMPL!`: it shows a circular reference and an
/// array that cannot expand as `#REF!`, an empty FILTER as `#N/A` (documented in
/// Sheets' function help), and gas-sim shows an engine's unimplemented case as `#NAME?`
/// (assumed).
pub fn sheets_error_text(engine_text: &str) -> &'static str {
    match engine_text {
        "#DIV/0!" => "#DIV/0!",
        "#N/A" => "#N/A",
        "#NAME?" | "#N/IMPL!" | "#N/IMPL" => "#NAME?",
        "#NULL!" => "#NULL!",
        "#NUM!" => "#NUM!",
        "#REF!" | "#SPILL!" | "#CIRC!" => "#REF!",
        "#VALUE!" => "#VALUE!",
        "#CALC!" => "#N/A",
        _ => "#ERROR!",
    }
}

/// Whether a spreadsheet's formula results are out of date: set by every write (the
/// store's mutable access), cleared by a recalculation. Not state: two worlds that
/// differ only here are equal, and it is not written to state files.
#[derive(Debug, Clone, Default)]
pub struct Stale(pub(super) bool);

impl PartialEq for Stale {
    fn eq(&self, _other: &Stale) -> bool {
        true
    }
}

/// Gaps the formulas written since the binding last asked (`take_formula_gaps`); not state.
#[derive(Debug, Clone, Default)]
pub struct PendingGaps(pub(super) Vec<String>);

impl PartialEq for PendingGaps {
    fn eq(&self, _other: &PendingGaps) -> bool {
        true
    }
}
