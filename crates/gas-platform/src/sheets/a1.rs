//! A1 notation: parsing what a script passes to `getRange("...")` and printing what
//! `getA1Notation()` returns. Pure functions; the sheet's size is applied by the caller.

/// Columns are letters `A`..`ZZZ`: Sheets allows at most 18,278 columns (documented), which
/// is exactly three letters, so a fourth letter can never name a column.
pub const COLUMN_LETTERS_MAX: usize = 3;

/// One corner of an A1 reference; `None` is an open end (`A:A` has no rows, `2:2` no column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct A1Corner {
    pub row: Option<u32>,
    pub column: Option<u32>,
}

/// A parsed A1 reference, before the sheet's size closes its open ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct A1Ref {
    /// `Sheet2` in `Sheet2!A1`, unquoted (`'It''s'` gives `It's`).
    pub sheet_name: Option<String>,
    pub start: A1Corner,
    pub end: A1Corner,
}

/// A rectangle in 1-based inclusive coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct A1Box {
    pub row: u32,
    pub column: u32,
    pub last_row: u32,
    pub last_column: u32,
}

/// Parses `A1`, `A1:C3`, `A:A`, `2:2`, `A2:C`, `$A$1`, with an optional `Sheet2!` or
/// `'My Sheet'!` prefix, and the R1C1 references the platform reads too (`r1c1`).
/// `None` for anything else (the caller raises `Range not found`).
pub fn parse(text: &str) -> Option<A1Ref> {
    let (sheet_name, cells) = split_sheet_name(text.trim())?;
    // Not A1: the live platform also reads R1C1 references (`R5C3`).
    let (start, end) = parse_cells(cells).or_else(|| super::r1c1::parse_cells(cells))?;
    Some(A1Ref { sheet_name, start, end })
}

/// The corners of an A1 reference without its sheet name.
fn parse_cells(cells: &str) -> Option<(A1Corner, A1Corner)> {
    let (start_text, end_text) = match cells.split_once(':') {
        Some((start, end)) => (start, Some(end)),
        None => (cells, None),
    };
    let start = parse_corner(start_text)?;
    let end = match end_text {
        Some(end) => parse_corner(end)?,
        None => start,
    };
    let shape_ok = match end_text {
        // A single reference must name a cell: `A` or `2` alone is no range.
        None => start.row.is_some() && start.column.is_some(),
        // `A1:C3`, `A:C`, `2:5`, and `A2:C` (columns from row 2 to the last row).
        Some(_) => matches!(
            (start.row, start.column, end.row, end.column),
            (Some(_), Some(_), Some(_), Some(_))
                | (None, Some(_), None, Some(_))
                | (Some(_), None, Some(_), None)
                | (Some(_), Some(_), None, Some(_))
        ),
    };
    shape_ok.then_some((start, end))
}

impl A1Ref {
    /// Closes the open ends with the sheet's size and orders the corners (`C3:A1` is
    /// `A1:C3`, as Sheets reads it). `None` when the range leaves the sheet.
    pub fn resolve(&self, max_rows: u32, max_columns: u32) -> Option<A1Box> {
        let start_row = self.start.row.unwrap_or(1);
        let start_column = self.start.column.unwrap_or(1);
        let end_row = self.end.row.unwrap_or(max_rows);
        let end_column = self.end.column.unwrap_or(max_columns);
        let found = A1Box {
            row: start_row.min(end_row),
            column: start_column.min(end_column),
            last_row: start_row.max(end_row),
            last_column: start_column.max(end_column),
        };
        (found.last_row <= max_rows && found.last_column <= max_columns).then_some(found)
    }
}

/// Splits `'My Sheet'!A1` into (`My Sheet`, `A1`); a doubled quote inside quotes is one quote.
fn split_sheet_name(text: &str) -> Option<(Option<String>, &str)> {
    if let Some(quoted) = text.strip_prefix('\'') {
        let mut name = String::new();
        let mut chars = quoted.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\'' {
                name.push(c);
                continue;
            }
            let rest = &quoted[i + 1..];
            if rest.starts_with('\'') {
                name.push('\'');
                chars.next();
                continue;
            }
            return rest.strip_prefix('!').map(|cells| (Some(name), cells));
        }
        return None;
    }
    // An empty name (`!C2:E5`) is the range's own sheet (observed: a peer's conformance
    // tests, run on the platform).
    match text.rsplit_once('!') {
        Some((name, cells)) if !name.is_empty() => Some((Some(name.to_string()), cells)),
        Some(("", cells)) => Some((None, cells)),
        Some(_) => None,
        None => Some((None, text)),
    }
}

/// `$A$1`, `A1`, `A`, `1` (letters first, then digits; `$` allowed before each part).
fn parse_corner(text: &str) -> Option<A1Corner> {
    let text = text.strip_prefix('$').unwrap_or(text);
    let letters_len = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (letters, rest) = text.split_at(letters_len);
    let digits = match rest.strip_prefix('$') {
        Some(digits) if !letters.is_empty() => digits,
        Some(_) => return None,
        None => rest,
    };
    if letters.is_empty() && digits.is_empty() {
        return None;
    }
    let column = if letters.is_empty() { None } else { Some(column_number(letters)?) };
    let row = if digits.is_empty() { None } else { Some(row_number(digits)?) };
    Some(A1Corner { row, column })
}

fn row_number(digits: &str) -> Option<u32> {
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u32>().ok().filter(|&row| row >= 1)
}

/// `A` = 1, `Z` = 26, `AA` = 27, `ZZZ` = 18,278.
pub fn column_number(letters: &str) -> Option<u32> {
    if letters.is_empty() || letters.len() > COLUMN_LETTERS_MAX {
        return None;
    }
    letters.bytes().try_fold(0u32, |acc, b| {
        b.is_ascii_alphabetic().then(|| acc * 26 + u32::from(b.to_ascii_uppercase() - b'A' + 1))
    })
}

/// 1 = `A`, 27 = `AA`.
pub fn column_letters(mut column: u32) -> String {
    let mut letters = Vec::new();
    while column > 0 {
        let digit = (column - 1) % 26;
        letters.push(b'A' + digit as u8);
        column = (column - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// One cell's notation, `B2`.
pub fn cell_notation(row: u32, column: u32) -> String {
    format!("{}{row}", column_letters(column))
}

/// One cell without `$` or a sheet name (`B2`), as layers are keyed in state files.
pub fn parse_cell(text: &str) -> Option<(u32, u32)> {
    let letters_len = text.bytes().take_while(u8::is_ascii_uppercase).count();
    let (letters, digits) = text.split_at(letters_len);
    Some((row_number(digits)?, column_number(letters)?))
}

/// `B2` for one cell, `A1:C3` otherwise: what `Range.getA1Notation()` returns.
pub fn notation(found: A1Box) -> String {
    let start = format!("{}{}", column_letters(found.column), found.row);
    if found.row == found.last_row && found.column == found.last_column {
        return start;
    }
    format!("{start}:{}{}", column_letters(found.last_column), found.last_row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(text: &str) -> Option<A1Box> {
        parse(text)?.resolve(1000, 26)
    }

    fn b(row: u32, column: u32, last_row: u32, last_column: u32) -> Option<A1Box> {
        Some(A1Box { row, column, last_row, last_column })
    }

    #[test]
    fn cells_and_rectangles() {
        assert_eq!(boxed("B2"), b(2, 2, 2, 2));
        assert_eq!(boxed("A1:C3"), b(1, 1, 3, 3));
        assert_eq!(boxed("$A$1:$C$3"), b(1, 1, 3, 3));
        assert_eq!(boxed("a1:c3"), b(1, 1, 3, 3));
        assert_eq!(boxed("C3:A1"), b(1, 1, 3, 3), "corners are ordered");
        assert_eq!(boxed(" A1 "), b(1, 1, 1, 1));
    }

    #[test]
    fn open_ended_ranges_take_the_sheet_size() {
        assert_eq!(boxed("A:A"), b(1, 1, 1000, 1));
        assert_eq!(boxed("B:D"), b(1, 2, 1000, 4));
        assert_eq!(boxed("2:2"), b(2, 1, 2, 26));
        assert_eq!(boxed("A2:C"), b(2, 1, 1000, 3));
    }

    #[test]
    fn sheet_prefixes() {
        let parsed = parse("Sheet2!A1:B2").unwrap();
        assert_eq!(parsed.sheet_name.as_deref(), Some("Sheet2"));
        assert_eq!(parse("'My Sheet'!A1").unwrap().sheet_name.as_deref(), Some("My Sheet"));
        assert_eq!(parse("'It''s'!A1").unwrap().sheet_name.as_deref(), Some("It's"));
        assert_eq!(parse("'a!b'!C3").unwrap().sheet_name.as_deref(), Some("a!b"));
        assert_eq!(parse("A1").unwrap().sheet_name, None);
        let own = parse("!c2:e5").unwrap();
        assert_eq!(
            (own.sheet_name.clone(), own.resolve(1000, 26)),
            (None, Some(A1Box { row: 2, column: 3, last_row: 5, last_column: 5 })),
            "an empty name is the own sheet"
        );
    }

    #[test]
    fn bad_notation_is_none() {
        for text in [
            "",
            "A",
            "2",
            "A0",
            "1A",
            "A1:",
            ":A1",
            "A1:B2:C3",
            "'Sheet1!A1",
            "AAAA1",
            "A-1",
            "R1C1x",
            "A1B2",
            "A:2",
            "2:A",
        ] {
            assert_eq!(parse(text).and_then(|r| r.resolve(1000, 26)), None, "{text:?}");
        }
    }

    #[test]
    fn ranges_outside_the_sheet_do_not_resolve() {
        assert_eq!(boxed("A1001"), None);
        assert_eq!(boxed("AA1"), None);
        assert_eq!(boxed("A1:Z1000"), b(1, 1, 1000, 26));
    }

    #[test]
    fn column_letters_round_trip() {
        for (n, letters) in [(1, "A"), (26, "Z"), (27, "AA"), (52, "AZ"), (703, "AAA"), (18_278, "ZZZ")] {
            assert_eq!(column_letters(n), letters);
            assert_eq!(column_number(letters), Some(n));
        }
    }

    #[test]
    fn notation_of_a_cell_and_a_block() {
        assert_eq!(notation(A1Box { row: 2, column: 2, last_row: 2, last_column: 2 }), "B2");
        assert_eq!(notation(A1Box { row: 1, column: 1, last_row: 3, last_column: 3 }), "A1:C3");
    }
}
