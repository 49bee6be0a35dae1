//! `Spreadsheet.getAs('application/pdf')` and `getBlob()`: the spreadsheet's text as a PDF
//! (`text_pdf.rs`), not a rendering of its grid (assumed; the README's fidelity table).
//! The visible sheets in tab order, each from a new page: its name in bold, then each
//! row up to the last with content, the cells as `getDisplayValues()` shows them (the
//! spreadsheet's zone, locale and number formats) separated by three spaces, blank
//! cells at a row's end left out. Hidden sheets are not exported, as the platform's PDF
//! export leaves them out by default (assumed).

use chrono_tz::Tz;

use super::{RangeRef, Spreadsheets};
use crate::error::ServiceResult;
use crate::text_pdf::{push_wrapped, render, win_ansi, Line, BODY_SIZE_PT};
use crate::utilities;

/// A spreadsheet's MIME type (Drive's `MimeType.GOOGLE_SHEETS`), the source of its
/// conversions.
pub const SPREADSHEET_MIME_TYPE: &str = "application/vnd.google-apps.spreadsheet";

/// The size of a sheet's name above its rows.
const SHEET_NAME_SIZE_PT: f32 = 13.0;
/// What separates two cells of a row.
const CELL_SEPARATOR: &str = "   ";

impl Spreadsheets {
    /// `Spreadsheet.getAs(target)` (`getBlob()`: PDF): the bytes and the blob's name, the
    /// spreadsheet's with the part after its last period replaced (documented). PDF is
    /// the one conversion (documented: "For most blobs, 'application/pdf' is the only
    /// valid option"); another is refused as Blob.getAs refuses it.
    pub fn export_as(&self, id: &str, target: &str, script_zone: Tz) -> ServiceResult<(Vec<u8>, String)> {
        let name = self.spreadsheet_name(id)?;
        utilities::get_as(Some(SPREADSHEET_MIME_TYPE), target, Some(&name))?;
        if target != "application/pdf" {
            return Err(crate::error::ServiceError::unimplemented(&format!("Spreadsheet.getAs to {target}")));
        }
        Ok((self.export_pdf(id, script_zone)?, utilities::renamed(&name, "pdf")))
    }

    /// The PDF export of spreadsheet `id`, titled with its name.
    /// Past a blob's size in text alone, it stops with the blob's error (a PDF holds at
    /// least its text) before building the rest.
    pub fn export_pdf(&self, id: &str, script_zone: Tz) -> ServiceResult<Vec<u8>> {
        let name = self.spreadsheet_name(id)?;
        let too_large = || utilities::blob_too_large(Some(&utilities::renamed(&name, "pdf")));
        let mut text_bytes = 0usize;
        let mut lines = Vec::new();
        for sheet in self.get_sheets(id)? {
            if self.is_sheet_hidden(&sheet)? {
                continue;
            }
            if !lines.is_empty() {
                lines.push(Line::page_break());
            }
            push_wrapped(&mut lines, &win_ansi(&self.sheet_name(&sheet)?), SHEET_NAME_SIZE_PT, true, 0.0);
            let (last_row, last_column) = (self.last_row(&sheet)?, self.last_column(&sheet)?);
            if last_row == 0 || last_column == 0 {
                continue;
            }
            let all = RangeRef {
                sheet,
                row: 1,
                column: 1,
                num_rows: last_row,
                num_columns: last_column,
                bounds: crate::sheets::Bounds::ALL,
            };
            for row in self.get_display_values(&all, script_zone)? {
                let shown = row.iter().rposition(|cell| !cell.is_empty()).map_or(0, |last| last + 1);
                let text = win_ansi(&row[..shown].join(CELL_SEPARATOR));
                text_bytes += text.len();
                if text_bytes > utilities::BLOB_BYTES_MAX {
                    return Err(too_large());
                }
                push_wrapped(&mut lines, &text, BODY_SIZE_PT, false, 0.0);
            }
        }
        Ok(render(lines, &name, b"gas-sim-spreadsheet"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CellValue;

    fn text_of(pdf: &[u8]) -> String {
        String::from_utf8_lossy(pdf).into_owned()
    }

    #[test]
    fn the_visible_sheets_rows_are_exported_as_shown() {
        let mut books = Spreadsheets::default();
        let id = books.create("Q3 report").unwrap();
        let first = books.get_sheets(&id).unwrap().remove(0);
        let rows = vec![
            vec![CellValue::String("Region".into()), CellValue::String("Total".into()), CellValue::Empty],
            vec![CellValue::String("North".into()), CellValue::Number(1234.5), CellValue::Empty],
        ];
        let range = RangeRef {
            sheet: first.clone(),
            row: 1,
            column: 1,
            num_rows: 2,
            num_columns: 3,
            bounds: crate::sheets::Bounds::ALL,
        };
        books.set_values(&range, rows, Tz::UTC).unwrap();
        let secret = books.insert_sheet(&id, Some("Secret")).unwrap();
        let cell = RangeRef {
            sheet: secret.clone(),
            row: 1,
            column: 1,
            num_rows: 1,
            num_columns: 1,
            bounds: crate::sheets::Bounds::ALL,
        };
        books.set_value(&cell, CellValue::String("hidden salary".into()), Tz::UTC).unwrap();
        books.hide_sheet(&secret).unwrap();
        books.insert_sheet(&id, Some("Empty")).unwrap();

        let pdf = books.export_pdf(&id, Tz::UTC).unwrap();
        let text = text_of(&pdf);
        assert!(pdf.starts_with(b"%PDF-"));
        assert!(text.contains("(Sheet1)") && text.contains("(Empty)"), "each visible sheet's name");
        assert!(text.contains("(Region   Total)"), "cells three spaces apart, the blank one at the end left out");
        assert!(text.contains("(North   1234.5)"), "numbers as getDisplayValues shows them");
        assert!(!text.contains("hidden salary") && !text.contains("(Secret)"), "a hidden sheet is not exported");
        assert!(text.contains("/Count 2"), "each sheet from a new page");
        assert!(text.contains("(Q3 report)"), "titled with the spreadsheet's name");
        assert_eq!(pdf, books.export_pdf(&id, Tz::UTC).unwrap(), "byte-identical");
    }

    #[test]
    fn an_unknown_spreadsheet_is_refused() {
        assert!(Spreadsheets::default().export_pdf("no-such-id", Tz::UTC).is_err());
    }
}
