//! Spreadsheet locales (`setSpreadsheetLocale`): what a locale changes in display values.
//! A number-format pattern is written the same in every locale (`#,##0.00`); the locale
//! decides the characters shown for its decimal point and grouping comma, the "Automatic"
//! display of dates, and the currency symbol of an empty currency bracket (`[$]`).
//!
//! A small table, not a locale crate: Sheets' automatic date-time displays are its own
//! (`dd.MM.yyyy HH:mm:ss` in de_DE, where CLDR's medium pattern has a comma), and the
//! separators of seven locales did not justify ICU4X's data crates (README fidelity rows).
//! Separators are CLDR's; fr_FR groups with U+202F (narrow no-break space) as CLDR 34+
//! and Google's Closure data do. Codes not in the table use their language's entry
//! (`de_AT` as `de_DE`), else en_US (assumed).

use chrono_tz::Tz;

use super::model::{Spreadsheet, Spreadsheets};
use super::number_format::render;
use super::values::{display_number, display_value};
use crate::error::ServiceResult;
use crate::CellValue;

#[derive(Debug, PartialEq, Eq)]
pub struct SheetLocale {
    pub code: &'static str,
    pub decimal: char,
    pub group: char,
    /// The pattern a date value without a number format shows through.
    pub date_time: &'static str,
    /// What `[$]` shows.
    pub currency: &'static str,
}

pub const EN_US: SheetLocale =
    SheetLocale { code: "en_US", decimal: '.', group: ',', date_time: "M/d/yyyy H:mm:ss", currency: "$" };

const LOCALES: [SheetLocale; 8] = [
    EN_US,
    SheetLocale { code: "en_GB", decimal: '.', group: ',', date_time: "dd/MM/yyyy HH:mm:ss", currency: "£" },
    SheetLocale { code: "de_DE", decimal: ',', group: '.', date_time: "dd.MM.yyyy HH:mm:ss", currency: "€" },
    SheetLocale { code: "fr_FR", decimal: ',', group: '\u{202F}', date_time: "dd/MM/yyyy HH:mm:ss", currency: "€" },
    SheetLocale { code: "tr_TR", decimal: ',', group: '.', date_time: "dd.MM.yyyy HH:mm:ss", currency: "₺" },
    SheetLocale { code: "ja_JP", decimal: '.', group: ',', date_time: "yyyy/MM/dd H:mm:ss", currency: "￥" },
    SheetLocale { code: "pt_BR", decimal: ',', group: '.', date_time: "dd/MM/yyyy HH:mm:ss", currency: "R$" },
    SheetLocale { code: "es_ES", decimal: ',', group: '.', date_time: "dd/MM/yyyy H:mm:ss", currency: "€" },
];

/// The locale a spreadsheet's code names: the code itself, else its language, else en_US.
pub fn locale_for(code: &str) -> &'static SheetLocale {
    let language = code.split('_').next().unwrap_or_default();
    LOCALES
        .iter()
        .find(|l| l.code == code)
        .or_else(|| LOCALES.iter().find(|l| l.code.split('_').next() == Some(language)))
        .unwrap_or(&LOCALES[0])
}

impl Spreadsheet {
    /// The locale its display values use (`setSpreadsheetLocale`; en_US until set).
    pub fn locale(&self) -> &'static SheetLocale {
        self.objects().locale.as_deref().map_or(&EN_US, locale_for)
    }
}

impl Spreadsheets {
    pub fn locale_of(&self, id: &str) -> ServiceResult<&'static SheetLocale> {
        Ok(self.open_by_id(id)?.locale())
    }
}

/// Stand-ins the renderer writes for the locale's characters (private-use code points, so
/// no pattern literal can be mistaken for them); [`localize`] replaces them.
pub(super) const DECIMAL_MARK: char = '\u{E000}';
pub(super) const GROUP_MARK: char = '\u{E001}';
pub(super) const CURRENCY_MARK: char = '\u{E002}';

/// The renderer's text with the locale's characters in place of the stand-ins.
pub(super) fn localize(text: &str, locale: &SheetLocale) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            DECIMAL_MARK => out.push(locale.decimal),
            GROUP_MARK => out.push(locale.group),
            CURRENCY_MARK => out.push_str(locale.currency),
            ch => out.push(ch),
        }
    }
    out
}

/// A cell without a number format as the locale shows it: "Automatic" numbers with its
/// decimal point, dates through its date-time pattern.
pub fn display_value_in(value: &CellValue, zone: Tz, locale: &SheetLocale) -> String {
    match value {
        _ if *locale == EN_US => display_value(value, zone),
        CellValue::Number(n) => display_number(*n).replace('.', &locale.decimal.to_string()),
        CellValue::Date(_) => render(value, locale.date_time, zone),
        other => display_value(other, zone),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::number_format::render_in;

    fn utc() -> Tz {
        chrono_tz::UTC
    }

    #[test]
    fn codes_fall_back_to_their_language_then_en_us() {
        assert_eq!(locale_for("de_DE").code, "de_DE");
        assert_eq!(locale_for("de_AT").code, "de_DE");
        assert_eq!(locale_for("en_AU").code, "en_US", "en's first entry");
        assert_eq!(locale_for("ko_KR").code, "en_US");
    }

    /// Separators: CLDR's (assumed to be what Sheets shows for each locale).
    #[test]
    fn patterns_show_the_locales_separators() {
        let cases = [
            ("en_US", "1,234,567.50"),
            ("en_GB", "1,234,567.50"),
            ("de_DE", "1.234.567,50"),
            ("fr_FR", "1\u{202F}234\u{202F}567,50"),
            ("tr_TR", "1.234.567,50"),
            ("ja_JP", "1,234,567.50"),
            ("pt_BR", "1.234.567,50"),
            ("es_ES", "1.234.567,50"),
        ];
        for (code, shown) in cases {
            let value = CellValue::Number(1_234_567.5);
            assert_eq!(render_in(&value, "#,##0.00", utc(), locale_for(code)), shown, "{code}");
        }
        let de = locale_for("de_DE");
        assert_eq!(render_in(&CellValue::Number(0.125), "0.0%", utc(), de), "12,5%");
        assert_eq!(render_in(&CellValue::Number(1234.5), "[$]#,##0.00", utc(), de), "€1.234,50");
        assert_eq!(render_in(&CellValue::Number(1234.5), "[$]#,##0.00", utc(), &EN_US), "$1,234.50");
        assert_eq!(render_in(&CellValue::Number(1.5), "0.00\" kg.\"", utc(), de), "1,50 kg.", "literals stay");
        assert_eq!(render_in(&CellValue::Number(1234.5), "0.###############", utc(), de), "1234,5");
    }

    /// Automatic date-times: Sheets' Format > Number > Date time of each locale (assumed).
    #[test]
    fn dates_without_a_format_show_the_locales_date_time() {
        // 2025-06-13 16:05:09 UTC.
        let at = CellValue::Date(1_749_830_709_000);
        let cases = [
            ("en_US", "6/13/2025 16:05:09"),
            ("en_GB", "13/06/2025 16:05:09"),
            ("de_DE", "13.06.2025 16:05:09"),
            ("fr_FR", "13/06/2025 16:05:09"),
            ("tr_TR", "13.06.2025 16:05:09"),
            ("ja_JP", "2025/06/13 16:05:09"),
            ("pt_BR", "13/06/2025 16:05:09"),
            ("es_ES", "13/06/2025 16:05:09"),
        ];
        for (code, shown) in cases {
            assert_eq!(display_value_in(&at, utc(), locale_for(code)), shown, "{code}");
        }
        assert_eq!(display_value_in(&CellValue::Number(-0.5), utc(), locale_for("pt_BR")), "-0,5");
        assert_eq!(display_value_in(&CellValue::Bool(true), utc(), locale_for("de_DE")), "TRUE");
    }
}
