//! Formula text rewritten token by token, keeping everything else as written (spacing,
//! string literals, the order of arguments): Sheets' normalisation on entry (function
//! names and references upper-cased), and the renames Sheets follows (a sheet, a named
//! range). A parse tree would re-print the whole formula in IronCalc's style; these
//! rewrites touch only the names they are about.

use ironcalc_base::expressions::utils::quote_name;

use super::super::a1;

/// Characters a formula may have for the scanner to look at it (longer text is left as
/// written: Sheets itself caps a formula's length far below this).
const FORMULA_CHARS_MAX: usize = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `"text"`, with its quotes (`""` inside is a quote).
    Text,
    /// `'Sheet name'`, with its quotes (`''` inside is a quote).
    Quoted,
    /// A name, a reference part, `TRUE`: letters, digits, `_`, `.`, `$`, not starting with a digit.
    Word,
    /// A number, with its exponent (`1.5E-3`).
    Number,
    /// An error value (`#REF!`, `#N/A`).
    Error,
    /// Any other single character (operators, parentheses, `!`, `:`, spaces).
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Piece {
    kind: Kind,
    start: usize,
    end: usize,
}

fn is_word_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_' || ch == '.' || ch == '$'
}

/// The pieces of `body` (the text after `=`).
fn pieces(body: &str) -> Vec<Piece> {
    let chars: Vec<(usize, char)> = body.char_indices().collect();
    let at = |i: usize| chars.get(i).map(|&(_, ch)| ch);
    let offset = |i: usize| chars.get(i).map_or(body.len(), |&(o, _)| o);
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i].1;
        let start = i;
        let kind = match ch {
            '"' | '\'' => {
                i += 1;
                loop {
                    match at(i) {
                        None => break,
                        Some(c) if c == ch && at(i + 1) == Some(ch) => i += 2,
                        Some(c) if c == ch => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                if ch == '"' {
                    Kind::Text
                } else {
                    Kind::Quoted
                }
            }
            '#' => {
                i += 1;
                while at(i).is_some_and(|c| c.is_ascii_alphanumeric() || c == '/') {
                    i += 1;
                }
                if matches!(at(i), Some('!') | Some('?')) {
                    i += 1;
                }
                Kind::Error
            }
            c if c.is_ascii_digit() => {
                while at(i).is_some_and(|c| c.is_ascii_digit() || c == '.') {
                    i += 1;
                }
                let sign = matches!(at(i + 1), Some('+') | Some('-'));
                let digit_at = if sign { i + 2 } else { i + 1 };
                if matches!(at(i), Some('e') | Some('E')) && at(digit_at).is_some_and(|c| c.is_ascii_digit()) {
                    i = digit_at;
                    while at(i).is_some_and(|c| c.is_ascii_digit()) {
                        i += 1;
                    }
                }
                Kind::Number
            }
            c if is_word_char(c) => {
                while at(i).is_some_and(is_word_char) {
                    i += 1;
                }
                Kind::Word
            }
            _ => {
                i += 1;
                Kind::Other
            }
        };
        out.push(Piece { kind, start: offset(start), end: offset(i) });
    }
    out
}

/// The formula's body split into pieces, or `None` for text that is no formula or too long.
fn scan(formula: &str) -> Option<(&str, Vec<Piece>)> {
    let body = formula.strip_prefix('=')?;
    (body.len() <= FORMULA_CHARS_MAX).then(|| (body, pieces(body)))
}

fn char_at(body: &str, piece: Option<&Piece>) -> Option<char> {
    let piece = piece.filter(|p| p.kind == Kind::Other)?;
    body[piece.start..piece.end].chars().next()
}

/// The next piece that is not a space.
fn next_solid<'p>(pieces: &'p [Piece], body: &str, from: usize) -> Option<&'p Piece> {
    pieces[from..].iter().find(|p| !(p.kind == Kind::Other && body[p.start..p.end].trim().is_empty()))
}

/// A piece's text un-quoted (`'It''s'` is `It's`).
fn unquoted(text: &str) -> String {
    match text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
        Some(inner) => inner.replace("''", "'"),
        None => text.to_string(),
    }
}

/// Rebuilds the formula, replacing the pieces `replace` answers for.
fn rewrite(formula: &str, mut replace: impl FnMut(&str, &[Piece], usize) -> Option<String>) -> Option<String> {
    let (body, pieces) = scan(formula)?;
    let mut out = String::with_capacity(formula.len() + 8);
    out.push('=');
    let mut changed = false;
    for (index, piece) in pieces.iter().enumerate() {
        let text = &body[piece.start..piece.end];
        match replace(body, &pieces, index) {
            Some(new) if new != text => {
                changed = true;
                out.push_str(&new);
            }
            _ => out.push_str(text),
        }
    }
    changed.then_some(out)
}

/// Is the word a cell reference (`a1`, `$B$2`, `aa10`), read as Sheets does, any case?
fn is_cell_word(word: &str) -> bool {
    let plain: String = word.chars().filter(|&c| c != '$').collect::<String>().to_ascii_uppercase();
    let dollars_ok = word.starts_with('$') || !word.contains('$') || word.matches('$').count() == 1;
    dollars_ok && a1::parse_cell(&plain).is_some()
}

/// Is the word a column's letters (`a` in `a:a`, `$B`)?
fn is_column_word(word: &str) -> bool {
    let plain = word.strip_prefix('$').unwrap_or(word);
    a1::column_number(plain).is_some() && plain.chars().all(|c| c.is_ascii_alphabetic())
}

/// Sheets' normalisation of a formula typed or set by a script (observed: `=sum(a1:a3)`
/// reads back `=SUM(A1:A3)`): function names, cell and column references and `TRUE`/`FALSE`
/// are upper-cased; string literals, sheet names, named ranges and spacing are kept.
/// `None` when nothing changes.
pub fn normalized(formula: &str) -> Option<String> {
    rewrite(formula, |body, pieces, index| {
        let piece = &pieces[index];
        if piece.kind != Kind::Word {
            return None;
        }
        let word = &body[piece.start..piece.end];
        let next = char_at(body, next_solid(pieces, body, index + 1));
        let following = char_at(body, pieces.get(index + 1));
        let previous = index.checked_sub(1).and_then(|i| char_at(body, pieces.get(i)));
        if following == Some('!') {
            return None; // a sheet name
        }
        let is_function = next == Some('(');
        let is_boolean = word.eq_ignore_ascii_case("true") || word.eq_ignore_ascii_case("false");
        let is_reference =
            is_cell_word(word) || (is_column_word(word) && (following == Some(':') || previous == Some(':')));
        (is_function || is_boolean || is_reference).then(|| word.to_ascii_uppercase())
    })
}

/// The formula with its references to sheet `old` (any case, quoted or not) naming `new`
/// instead, quoted where a sheet name needs it (Sheets rewrites them when a sheet is
/// renamed: observed). `None` when it names no `old`.
pub fn with_sheet_renamed(formula: &str, old: &str, new: &str) -> Option<String> {
    rewrite(formula, |body, pieces, index| {
        let piece = &pieces[index];
        if !matches!(piece.kind, Kind::Word | Kind::Quoted) || char_at(body, pieces.get(index + 1)) != Some('!') {
            return None;
        }
        let name = unquoted(&body[piece.start..piece.end]);
        (name.to_lowercase() == old.to_lowercase()).then(|| quote_name(new))
    })
}

/// The formula with the named range `old` (any case) called `new`; `None` when it does
/// not use `old`. A word followed by `(` is a function, by `!` a sheet; after `!` a reference.
pub fn with_name_renamed(formula: &str, old: &str, new: &str) -> Option<String> {
    rewrite(formula, |body, pieces, index| {
        let piece = &pieces[index];
        if piece.kind != Kind::Word {
            return None;
        }
        let word = &body[piece.start..piece.end];
        let following = char_at(body, pieces.get(index + 1));
        let previous = index.checked_sub(1).and_then(|i| char_at(body, pieces.get(i)));
        let next = char_at(body, next_solid(pieces, body, index + 1));
        let is_name = following != Some('!') && previous != Some('!') && next != Some('(');
        (is_name && word.eq_ignore_ascii_case(old)).then(|| new.to_string())
    })
}

/// Which end of a half-open range is open: `A2:A` runs down to the sheet's last row,
/// `B3:3` right to its last column (documented: Sheets' range notation, "A2:A" in the
/// Sheets API's A1 notation guide).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OpenEnd {
    Below,
    Right,
}

/// A half-open range closed in a formula's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ClosedEnd {
    /// Where the closed end stops: a char index of the closed formula's body (the text
    /// after `=`), just after the range.
    pub end_char: usize,
    pub open: OpenEnd,
}

/// `formula` with each half-open range closed at the position `edge` gives for the
/// range's sheet (`None`: the formula's own), open end and first row (column) of the
/// range (`2` in `A2:A`): `A2:A` becomes `A2:A$1000`
/// and `B3:3` becomes `B3:$Z3` (the added part absolute, so a copy keeps it), with where
/// each closed end is. `None` when the formula has none. IronCalc reads neither form,
/// and a range cannot be closed at the grid's last row for evaluation: IronCalc walks a
/// range cell by cell (`A2:A1048576` is a million cells).
pub(super) fn closed_ranges(
    formula: &str,
    mut edge: impl FnMut(Option<&str>, OpenEnd, u32) -> u32,
) -> Option<(String, Vec<ClosedEnd>)> {
    if !may_have_open_end(formula) {
        return None; // the cheap answer for almost every formula, at every recalculation
    }
    let (body, pieces) = scan(formula)?;
    let mut out = String::with_capacity(formula.len() + 16);
    out.push('=');
    let (mut ends, mut body_chars) = (Vec::new(), 0);
    for index in 0..pieces.len() {
        let text = &body[pieces[index].start..pieces[index].end];
        let found = open_end_at(body, &pieces, index);
        let written = match &found {
            Some((OpenEnd::Below, sheet, start)) => {
                format!("{text}${}", edge(sheet.as_deref(), OpenEnd::Below, *start))
            }
            Some((OpenEnd::Right, sheet, start)) => {
                format!("${}{text}", a1::column_letters(edge(sheet.as_deref(), OpenEnd::Right, *start)))
            }
            None => text.to_string(),
        };
        body_chars += written.chars().count();
        out.push_str(&written);
        if let Some((open, _, _)) = found {
            ends.push(ClosedEnd { end_char: body_chars, open });
        }
    }
    (!ends.is_empty()).then_some((out, ends))
}

/// Whether `formula` may hold a half-open range, by its bytes alone: a `:` followed by
/// letters and then no digit (`A2:A)`, `A2:$A`), or by a digit (`B3:3`), after a digit.
/// `A1:B2` and `A:A` are not; the scanner decides for the rest.
fn may_have_open_end(formula: &str) -> bool {
    let bytes = formula.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        // The range's start is a cell: it ends in a digit (`A2:`), which `A:A` does not.
        if b != b':' || i == 0 || !bytes[i - 1].is_ascii_digit() {
            return false;
        }
        let rest = &bytes[i + 1..];
        let rest = rest.strip_prefix(b"$").unwrap_or(rest);
        let letters = rest.iter().take_while(|c| c.is_ascii_alphabetic()).count();
        if letters > 0 {
            return !matches!(rest.get(letters), Some(b'0'..=b'9' | b'$'));
        }
        rest.first().is_some_and(u8::is_ascii_digit)
    })
}

/// Whether piece `index` is the open end of a half-open range (`A` or `$A` in `A2:A`, `3`
/// or `$3` in `B3:3`), and the range's sheet name when it names one. A name called as a
/// function (`A1:ABS(B1)`) is none; a word that is a column's letters is a column, even
/// if a named range has that name (assumed). With it: the range's first row (`Below`)
/// or column (`Right`).
fn open_end_at(body: &str, pieces: &[Piece], index: usize) -> Option<(OpenEnd, Option<String>, u32)> {
    let text = |i: usize| &body[pieces[i].start..pieces[i].end];
    let cell = index.checked_sub(2)?;
    if char_at(body, pieces.get(index - 1)) != Some(':') || pieces[cell].kind != Kind::Word || !is_cell_word(text(cell))
    {
        return None;
    }
    let after = pieces.get(index + 1);
    if after.is_some_and(|p| p.kind != Kind::Other) || matches!(char_at(body, after), Some('(' | '!' | ':' | '[')) {
        return None;
    }
    // A range `A1:B2:C` or a row range's end is no half-open range.
    if cell >= 1 && char_at(body, pieces.get(cell - 1)) == Some(':') {
        return None;
    }
    let word = text(index);
    let plain = word.strip_prefix('$').unwrap_or(word);
    let open = match pieces[index].kind {
        Kind::Word if is_column_word(word) && plain.len() <= 3 => OpenEnd::Below,
        Kind::Word if !plain.is_empty() && plain.chars().all(|c| c.is_ascii_digit()) => OpenEnd::Right,
        Kind::Number if word.chars().all(|c| c.is_ascii_digit()) => OpenEnd::Right,
        _ => return None,
    };
    if open == OpenEnd::Right && plain.parse::<u32>().map_or(true, |row| row == 0) {
        return None;
    }
    let sheet = cell
        .checked_sub(2)
        .filter(|&name| {
            char_at(body, pieces.get(cell - 1)) == Some('!') && matches!(pieces[name].kind, Kind::Word | Kind::Quoted)
        })
        .map(|name| unquoted(text(name)));
    let plain_cell: String = text(cell).chars().filter(|&c| c != '$').collect::<String>().to_ascii_uppercase();
    let (row, column) = a1::parse_cell(&plain_cell)?;
    Some((open, sheet, if open == OpenEnd::Below { row } else { column }))
}

/// Does the formula use the word `name` as a name (a named range's)?
pub fn uses_name(formula: &str, name: &str) -> bool {
    with_name_renamed(formula, name, "\u{1}").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_upper_cases_functions_and_references_but_not_strings() {
        assert_eq!(normalized("=sum(a1:a3)").as_deref(), Some("=SUM(A1:A3)"));
        assert_eq!(normalized("=SUM(A1:A3)"), None, "already normal");
        assert_eq!(
            normalized("=if(b2>0, \"yes sum(a1)\", 'my data'!c$3 & Totals)").as_deref(),
            Some("=IF(B2>0, \"yes sum(a1)\", 'my data'!C$3 & Totals)")
        );
        assert_eq!(normalized("=vlookup(x1,data!a:b,2,false)").as_deref(), Some("=VLOOKUP(X1,data!A:B,2,FALSE)"));
        assert_eq!(normalized("=1e5+2.5e-3*aa10").as_deref(), Some("=1e5+2.5e-3*AA10"), "exponents stay");
        assert_eq!(normalized("=workday.intl(a1,3)").as_deref(), Some("=WORKDAY.INTL(A1,3)"));
        assert_eq!(normalized("=#ref!+1"), None, "error values are left alone");
        assert_eq!(normalized("=taxRate*2"), None, "a named range keeps its case");
    }

    #[test]
    fn a_sheet_rename_rewrites_quoted_and_plain_references() {
        assert_eq!(with_sheet_renamed("='Old name'!A1", "Old name", "New name").as_deref(), Some("='New name'!A1"));
        assert_eq!(with_sheet_renamed("=data!A1+Data!B2", "Data", "Costs").as_deref(), Some("=Costs!A1+Costs!B2"));
        assert_eq!(with_sheet_renamed("=Data!A1", "Data", "It's 2025").as_deref(), Some("='It''s 2025'!A1"));
        assert_eq!(with_sheet_renamed("='It''s'!A1", "It's", "B").as_deref(), Some("=B!A1"));
        assert_eq!(with_sheet_renamed("=\"Data!A1\"&Data", "Data", "X"), None, "text and names are not sheets");
        assert_eq!(
            with_sheet_renamed("=Data!A1", "Data", "A1").as_deref(),
            Some("='A1'!A1"),
            "a reference-like name is quoted"
        );
    }

    #[test]
    fn half_open_ranges_are_closed_where_the_edge_says() {
        let edge = |sheet: Option<&str>, open, start: u32| match (sheet, open) {
            (Some("Big"), OpenEnd::Below) => 5000,
            (_, OpenEnd::Below) => 1000.max(start),
            (_, OpenEnd::Right) => 26,
        };
        let closed = |formula: &str| closed_ranges(formula, edge).map(|(text, _)| text);
        assert_eq!(closed("=SUM(A2:A) + SUM(C3:3)").unwrap(), "=SUM(A2:A$1000) + SUM(C3:$Z3)");
        assert_eq!(closed("=SUM(Big!A2:$B)+'Big'!C1:$4").unwrap(), "=SUM(Big!A2:$B$5000)+'Big'!C1:$Z$4");
        assert_eq!(closed("=SUM(A2000:A)").unwrap(), "=SUM(A2000:A$2000)");
        let (text, ends) = closed_ranges("=A2:A+1", edge).unwrap();
        assert_eq!((text.as_str(), ends), ("=A2:A$1000+1", vec![ClosedEnd { end_char: 9, open: OpenEnd::Below }]));
        for whole in
            ["=SUM(A1:B2)", "=SUM(A:A)", "=SUM(2:3)", "=A1:ABS(B1)", "=\"A2:A\"", "=A1:B2:C", "=A1:2.5", "=A2:TOTALS"]
        {
            assert_eq!(closed(whole), None, "{whole}");
        }
        assert!(!may_have_open_end("=SUM(A1:B20)*$C$1:$D$2") && !may_have_open_end("=SUM(A:A)"));
        assert!(may_have_open_end("=SUM(A2:A)") && may_have_open_end("=SUM(A2:$A)") && may_have_open_end("=B3:3"));
    }

    #[test]
    fn a_named_range_rename_rewrites_only_the_name() {
        assert_eq!(with_name_renamed("=SUM(totals)*2", "Totals", "Sums").as_deref(), Some("=SUM(Sums)*2"));
        assert_eq!(with_name_renamed("=Totals(1)+Totals!A1+\"Totals\"", "Totals", "X"), None);
        assert!(uses_name("=SUM(Totals)", "TOTALS"));
        assert!(!uses_name("=SUM(Totals2)", "Totals"));
    }
}
