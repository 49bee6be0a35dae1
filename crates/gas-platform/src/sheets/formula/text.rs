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
    fn a_named_range_rename_rewrites_only_the_name() {
        assert_eq!(with_name_renamed("=SUM(totals)*2", "Totals", "Sums").as_deref(), Some("=SUM(Sums)*2"));
        assert_eq!(with_name_renamed("=Totals(1)+Totals!A1+\"Totals\"", "Totals", "X"), None);
        assert!(uses_name("=SUM(Totals)", "TOTALS"));
        assert!(!uses_name("=SUM(Totals2)", "Totals"));
    }
}
