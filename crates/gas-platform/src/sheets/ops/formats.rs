//! Formats: number formats, fonts, colours, alignment, notes, borders, rich text; what
//! `getDisplayValue(s)` shows through them; `clearFormat` and `clear(options)`.

use super::super::model::Spreadsheets;

impl Spreadsheets {}
