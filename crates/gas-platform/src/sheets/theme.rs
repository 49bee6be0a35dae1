//! A spreadsheet's theme (`Spreadsheet.getSpreadsheetTheme()`, `SpreadsheetTheme`): a
//! font family and a concrete colour for each theme colour type. A spreadsheet starts
//! with Google Sheets' standard theme; a script changes it in place (the object it gets
//! is the spreadsheet's live theme), resets it or copies another spreadsheet's.
//!
//! A cell whose colour is a theme colour (`setBackgroundObject(themeColor)`) stores the
//! theme colour type (`format::THEME_COLOR_PREFIX`) and reads this theme's colour for it.
//! Not here: `getPredefinedSpreadsheetThemes()` (the list Sheets offers is not documented).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

/// `ThemeColorType`'s values a theme has a colour for, in the enum's order (`UNSUPPORTED`
/// has none).
pub const THEME_COLOR_TYPES: [&str; 9] =
    ["TEXT", "BACKGROUND", "ACCENT1", "ACCENT2", "ACCENT3", "ACCENT4", "ACCENT5", "ACCENT6", "HYPERLINK"];
/// The standard theme's colours, in `THEME_COLOR_TYPES`' order: Google Sheets' default
/// theme as the Sheets API reports it in `spreadsheetTheme` (assumed: docs/fidelity.md).
const STANDARD_COLORS: [&str; 9] =
    ["#000000", "#ffffff", "#4285f4", "#ea4335", "#fbbc04", "#34a853", "#ff6d01", "#46bdc6", "#1155cc"];
/// The standard theme's font (Sheets' default font).
pub const STANDARD_FONT_FAMILY: &str = "Arial";
/// Characters of a font family name (gas-sim's bound, for state files).
pub const FONT_FAMILY_CHARS_MAX: usize = 100;
/// A theme colour type with no colour (`UNSUPPORTED`, or a name that is none); assumed
/// text, in the form of the platform's other argument errors.
pub const INVALID_THEME_COLOR_TYPE: &str = "Invalid argument: themeColorType";
/// An empty font family (assumed text, as above).
pub const INVALID_FONT_FAMILY: &str = "Invalid argument: fontFamily";

/// What a theme differs in from the standard one (empty: the standard theme, left out of
/// state files).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Theme {
    #[serde(skip_serializing_if = "Option::is_none")]
    font_family: Option<String>,
    /// Theme colour type -> `#rrggbb`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    colors: BTreeMap<String, String>,
}

impl Theme {
    pub fn is_standard(&self) -> bool {
        *self == Theme::default()
    }

    pub fn font_family(&self) -> &str {
        self.font_family.as_deref().unwrap_or(STANDARD_FONT_FAMILY)
    }

    /// `getConcreteColor(type)`: the colour as `#rrggbb`.
    pub fn concrete_color(&self, kind: &str) -> ServiceResult<String> {
        let index = color_index(kind)?;
        Ok(self.colors.get(kind).cloned().unwrap_or_else(|| STANDARD_COLORS[index].to_string()))
    }

    /// `setConcreteColor(type, color)` with the colour's `#rrggbb` (a Color's, which
    /// `ColorBuilder.setRgbColor` normalized; anything else is refused, so a state file
    /// saved after it loads again).
    pub fn set_concrete_color(&mut self, kind: &str, hex: &str) -> ServiceResult<()> {
        let index = color_index(kind)?;
        if !is_hex_color(hex) {
            return Err(ServiceError::new(crate::sheets::format_text::INVALID_COLOR));
        }
        let hex = hex.to_ascii_lowercase();
        if hex == STANDARD_COLORS[index] {
            self.colors.remove(kind);
        } else {
            self.colors.insert(kind.to_string(), hex);
        }
        Ok(())
    }

    /// `setConcreteColor(type, red, green, blue)`: each 0 to 255.
    pub fn set_concrete_rgb(&mut self, kind: &str, red: i64, green: i64, blue: i64) -> ServiceResult<()> {
        let part = |value: i64, name: &str| {
            u8::try_from(value).map_err(|_| ServiceError::new(format!("Invalid argument: {name}")))
        };
        let (r, g, b) = (part(red, "red")?, part(green, "green")?, part(blue, "blue")?);
        self.set_concrete_color(kind, &format!("#{r:02x}{g:02x}{b:02x}"))
    }

    /// `setFontFamily(name)`: any non-empty name (Sheets takes fonts by name).
    pub fn set_font_family(&mut self, name: &str) -> ServiceResult<()> {
        if name.trim().is_empty() || name.chars().count() > FONT_FAMILY_CHARS_MAX {
            return Err(ServiceError::new(INVALID_FONT_FAMILY));
        }
        self.font_family = (name != STANDARD_FONT_FAMILY).then(|| name.to_string());
        Ok(())
    }

    /// A theme from a state file: known colour types, `#rrggbb` colours, a font name.
    pub fn check(&self) -> Result<(), String> {
        if let Some(font) = &self.font_family {
            if font.trim().is_empty() || font.chars().count() > FONT_FAMILY_CHARS_MAX {
                return Err(format!("theme.font_family: {font:?} is empty or longer than {FONT_FAMILY_CHARS_MAX}"));
            }
        }
        for (kind, hex) in &self.colors {
            color_index(kind).map_err(|_| format!("theme.colors: {kind:?} is not a theme colour type"))?;
            if !is_hex_color(hex) {
                return Err(format!("theme.colors.{kind}: {hex:?} is not #rrggbb"));
            }
        }
        Ok(())
    }
}

fn is_hex_color(hex: &str) -> bool {
    hex.len() == 7 && hex.starts_with('#') && hex[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn color_index(kind: &str) -> ServiceResult<usize> {
    THEME_COLOR_TYPES.iter().position(|k| *k == kind).ok_or_else(|| ServiceError::new(INVALID_THEME_COLOR_TYPE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_theme_is_the_standard_one() {
        let theme = Theme::default();
        assert_eq!(theme.font_family(), "Arial");
        assert_eq!(theme.concrete_color("ACCENT1").unwrap(), "#4285f4");
        assert_eq!(theme.concrete_color("HYPERLINK").unwrap(), "#1155cc");
        assert_eq!(theme.concrete_color("UNSUPPORTED").unwrap_err().message, INVALID_THEME_COLOR_TYPE);
        assert!(theme.is_standard());
    }

    #[test]
    fn changes_are_kept_and_a_change_back_is_the_standard_theme() {
        let mut theme = Theme::default();
        theme.set_concrete_color("ACCENT1", "#FF0000").unwrap();
        theme.set_concrete_rgb("TEXT", 1, 2, 255).unwrap();
        theme.set_font_family("Roboto").unwrap();
        assert_eq!(theme.concrete_color("ACCENT1").unwrap(), "#ff0000");
        assert_eq!(theme.concrete_color("TEXT").unwrap(), "#0102ff");
        assert_eq!(theme.font_family(), "Roboto");
        assert!(theme.check().is_ok());
        assert_eq!(theme.set_concrete_rgb("TEXT", 256, 0, 0).unwrap_err().message, "Invalid argument: red");
        assert_eq!(theme.set_font_family(" ").unwrap_err().message, INVALID_FONT_FAMILY);
        let not_hex = theme.set_concrete_color("TEXT", "red").unwrap_err().message;
        assert_eq!(not_hex, crate::sheets::format_text::INVALID_COLOR, "a hand-made Color's junk is refused");
        theme.set_concrete_color("ACCENT1", "#4285f4").unwrap();
        theme.set_concrete_rgb("TEXT", 0, 0, 0).unwrap();
        theme.set_font_family("Arial").unwrap();
        assert!(theme.is_standard(), "{theme:?}");
    }

    #[test]
    fn a_state_files_theme_is_checked() {
        let bad: Theme = serde_json::from_str(r##"{"colors": {"ACCENT9": "#000000"}}"##).unwrap();
        assert!(bad.check().unwrap_err().contains("ACCENT9"));
        let bad: Theme = serde_json::from_str(r##"{"colors": {"TEXT": "red"}}"##).unwrap();
        assert!(bad.check().unwrap_err().contains("#rrggbb"));
        assert!(serde_json::from_str::<Theme>(r#"{"font": "x"}"#).is_err(), "unknown keys are refused");
    }
}
