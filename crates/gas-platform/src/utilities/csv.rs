//! `Utilities.parseCsv(csv[, delimiter])`: CSV text to rows of strings.
//!
//! The reference documents only the shape (`[["a","b","c"],["d","e","f"]]` for
//! `"a,b,c\nd,e,f"`) and that the delimiter is a `Char`. The rest follows RFC 4180, the
//! form spreadsheets export, and is assumed (README fidelity rows): a quoted field may
//! hold the delimiter, line breaks and `""` for a quote; rows end at `\n`, `\r\n` or
//! `\r`; a final line break adds no empty row; rows keep their own lengths (no padding);
//! a blank line in the middle is a row with one empty field; outside quotes a quote is
//! an ordinary character, and so is text after a closing quote.

use crate::error::{ServiceError, ServiceResult};

/// The most cells one parse returns, a Sheets spreadsheet's cell limit (10 million,
/// documented for Sheets): a script cannot write more anywhere, and a hostile text of
/// commas cannot build an unbounded array. Assumed as a platform limit.
pub const CSV_CELLS_MAX: usize = 10_000_000;

/// The error for a text that is not CSV: a quoted field that never closes. Assumed text.
pub const CSV_PARSE_ERROR: &str = "Could not parse text.";

/// The delimiter argument: one character, `,` when none is given. Java's `char` is one
/// UTF-16 unit, so an empty string or a longer one is no `Char` (text assumed).
pub fn csv_delimiter(arg: Option<&str>) -> ServiceResult<char> {
    let Some(text) = arg else { return Ok(',') };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.len_utf16() == 1 && c != '"' && c != '\n' && c != '\r' => Ok(c),
        _ => Err(ServiceError::new("Invalid argument: delimiter")),
    }
}

/// Parses `text` into rows of fields split at `delimiter`.
pub fn parse_csv(text: &str, delimiter: char) -> ServiceResult<Vec<Vec<String>>> {
    parse_csv_capped(text, delimiter, CSV_CELLS_MAX)
}

fn parse_csv_capped(text: &str, delimiter: char, cells_max: usize) -> ServiceResult<Vec<Vec<String>>> {
    let count_cells = |cells: usize| {
        if cells >= cells_max {
            return Err(ServiceError::new(format!("The CSV text has more than {cells_max} cells.")));
        }
        Ok(cells + 1)
    };
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut cells = 0usize;
    let mut chars = text.chars().peekable();
    let mut in_quotes = false;
    // Whether the current row has begun (so a final line break adds no row).
    let mut row_started = false;
    while let Some(c) = chars.next() {
        if in_quotes {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    in_quotes = false;
                }
            } else {
                field.push(c);
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => in_quotes = true,
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                row.push(std::mem::take(&mut field));
                cells = count_cells(cells)?;
                rows.push(std::mem::take(&mut row));
                row_started = false;
                continue;
            }
            c if c == delimiter => {
                row.push(std::mem::take(&mut field));
                cells = count_cells(cells)?;
            }
            c => field.push(c),
        }
        row_started = true;
    }
    if in_quotes {
        return Err(ServiceError::new(CSV_PARSE_ERROR));
    }
    if row_started {
        row.push(field);
        count_cells(cells)?;
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Vec<Vec<String>> {
        parse_csv(text, ',').unwrap()
    }

    fn v(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect()
    }

    #[test]
    fn the_documented_example() {
        assert_eq!(rows("a,b,c\nd,e,f"), v(&[&["a", "b", "c"], &["d", "e", "f"]]));
        assert_eq!(parse_csv("a\tb\tc\nd\te\tf", '\t').unwrap(), v(&[&["a", "b", "c"], &["d", "e", "f"]]));
    }

    #[test]
    fn quoted_fields_hold_delimiters_line_breaks_and_doubled_quotes() {
        assert_eq!(
            rows("name,note\n\"Smith, John\",\"said \"\"hi\"\"\nthen left\"\n"),
            v(&[&["name", "note"], &["Smith, John", "said \"hi\"\nthen left"]])
        );
        assert_eq!(rows("\"\",x"), v(&[&["", "x"]]));
    }

    #[test]
    fn line_endings_trailing_break_blank_lines_and_ragged_rows() {
        assert_eq!(rows("a,b\r\nc\rd,e,f\n"), v(&[&["a", "b"], &["c"], &["d", "e", "f"]]));
        assert_eq!(rows("a\n\nb"), v(&[&["a"], &[""], &["b"]]));
        assert_eq!(rows("a,\n,"), v(&[&["a", ""], &["", ""]]));
        assert_eq!(rows(""), Vec::<Vec<String>>::new());
        assert_eq!(rows("\n"), v(&[&[""]]));
    }

    #[test]
    fn stray_quotes_are_ordinary_characters() {
        assert_eq!(rows("ab\"c,\"d\"e"), v(&[&["ab\"c", "de"]]));
    }

    #[test]
    fn an_unclosed_quote_is_an_error() {
        assert_eq!(parse_csv("a,\"b\nc", ',').unwrap_err().message, CSV_PARSE_ERROR);
    }

    #[test]
    fn the_delimiter_is_one_character() {
        assert_eq!(csv_delimiter(None), Ok(','));
        assert_eq!(csv_delimiter(Some(";")), Ok(';'));
        for bad in ["", ";;", "\"", "\n", "😀"] {
            assert_eq!(csv_delimiter(Some(bad)).unwrap_err().message, "Invalid argument: delimiter", "{bad:?}");
        }
    }

    #[test]
    fn cells_are_capped() {
        assert_eq!(parse_csv_capped("a,b\nc,d", ',', 4).unwrap().len(), 2);
        assert_eq!(parse_csv_capped("a,b\nc,d,e", ',', 4).unwrap_err().message, "The CSV text has more than 4 cells.");
        assert_eq!(parse_csv_capped("a\n\n\n\n\n", ',', 4).unwrap_err().message, "The CSV text has more than 4 cells.");
    }
}
