//! A cell's format: what `setNumberFormat`, `setBackground`, `setFontWeight`, ... store,
//! the values each setter accepts, and what each getter returns for a cell never set
//! (the spreadsheet's en_US defaults). Number-format rendering is `number_format.rs`.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | defaults | background `#ffffff`, font colour `#000000`, `Arial` 10, weight/style `normal`, line `none`, horizontal `general`, vertical `bottom`, wrap strategy `OVERFLOW` (`getWrap()` false), rotation 0, direction `null`, number format `0.###############` (`M/d/yyyy H:mm:ss` for a date), note `""` | observed (fonts, colours, alignments, number format) / assumed (wrap, direction) |
//! | colours | `#RGB`, `#RRGGBB` in any case and the CSS colour names, returned as lower-case `#rrggbb`; `null` resets | observed (lower case, names) |
//! | a bad value (colour, weight, style, line, alignment, size < 1, rotation outside -90..90) | `Invalid argument: NAME` | assumed |

use super::theme::THEME_COLOR_TYPES;
use serde::{Deserialize, Serialize};

use super::number_format::DEFAULT_PATTERN;

pub const DEFAULT_BACKGROUND: &str = "#ffffff";
pub const DEFAULT_FONT_COLOR: &str = "#000000";
pub const DEFAULT_FONT_FAMILY: &str = "Arial";
/// A cell colour that is a theme colour is stored as this prefix and its
/// `ThemeColorType` (`theme:ACCENT1`): the cell follows the spreadsheet's theme
/// (documented: `Color.asThemeColor()`, `SpreadsheetTheme.getConcreteColor`). The string
/// getters (`getBackground()`) read the theme's concrete colour (assumed); the object
/// getters the theme colour.
pub const THEME_COLOR_PREFIX: &str = "theme:";

/// `ACCENT1` of a stored `theme:ACCENT1`.
pub fn theme_color_type(stored: &str) -> Option<&str> {
    stored.strip_prefix(THEME_COLOR_PREFIX)
}
/// A cell's `TextStyle` reads its unset font family as Sheets' font stack, not as the
/// `getFontFamily()` name (observed: a peer's conformance tests, run on the platform).
pub const TEXT_STYLE_DEFAULT_FONT_FAMILY: &str = "arial,sans,sans-serif";
pub const DEFAULT_FONT_SIZE: i64 = 10;
/// `getNumberFormat()` of a cell holding a date a script wrote, with no format set (observed).
pub const DEFAULT_DATE_PATTERN: &str = "M/d/yyyy H:mm:ss";
/// What `Field::TextRotation` reads for a cell with vertical (stacked) text.
pub const VERTICAL_TEXT: &str = "vertical";
/// Font sizes Sheets offers go up to 400 (assumed as the limit).
pub const FONT_SIZE_MAX: i64 = 400;

/// One cell's format; `None` fields are the spreadsheet's defaults. Stored sparsely in
/// the sheet's `formats` layer (layer.rs); a format equal to the default is not stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellFormat {
    /// The number format pattern as the script set it (`0.00`, `@`, `yyyy-mm-dd`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_family: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_size: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_weight: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_style: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_line: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertical_alignment: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrap_strategy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_direction: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_rotation: Option<i64>,
    /// `setVerticalText(true)`: letters stacked (replaces a rotation; read by
    /// `getTextRotation().isVertical()`, `Field::TextRotation` gives [`VERTICAL_TEXT`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vertical_text: bool,
    /// `setShowHyperlink(false)`: links in the cells are shown as plain text (recorded).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hide_hyperlinks: bool,
    /// Borders by side (`top`, `left`, `bottom`, `right`), as `setBorder` drew them.
    #[serde(default, skip_serializing_if = "Borders::is_empty")]
    pub borders: Borders,
    /// Runs of styles and links set by `setRichTextValue`, for the text they were set
    /// with: once the cell holds other text they no longer apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rich_text: Option<super::rich_text::RichText>,
}

impl CellFormat {
    pub fn is_default(&self) -> bool {
        *self == CellFormat::default()
    }
}

/// The sides of a cell's border; `None` is no border.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Borders {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<Border>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<Border>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bottom: Option<Border>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right: Option<Border>,
}

impl Borders {
    pub fn is_empty(&self) -> bool {
        *self == Borders::default()
    }
}

/// One border side: its colour (`#rrggbb`) and `BorderStyle` name (`SOLID`, `DASHED`, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Border {
    pub color: String,
    pub style: String,
}

/// `SpreadsheetApp.BorderStyle`'s values.
pub const BORDER_STYLES: [&str; 6] = ["DOTTED", "DASHED", "SOLID", "SOLID_MEDIUM", "SOLID_THICK", "DOUBLE"];

/// A per-cell format property, as its getter and setter see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    NumberFormat,
    Background,
    FontColor,
    FontFamily,
    FontSize,
    FontWeight,
    FontStyle,
    FontLine,
    HorizontalAlignment,
    VerticalAlignment,
    WrapStrategy,
    TextDirection,
    TextRotation,
}

/// A format property's value: text (colours, names, enum names) or an integer (sizes, degrees).
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue {
    Text(String),
    Int(i64),
}

impl FieldValue {
    pub fn text(&self) -> Option<&str> {
        match self {
            FieldValue::Text(text) => Some(text),
            FieldValue::Int(_) => None,
        }
    }
}

impl Field {
    /// The argument name an invalid value is reported with (`Invalid argument: color`).
    fn argument(self) -> &'static str {
        match self {
            Field::NumberFormat => "numberFormat",
            Field::Background | Field::FontColor => "color",
            Field::FontFamily => "fontFamily",
            Field::FontSize => "size",
            Field::FontWeight => "fontWeight",
            Field::FontStyle => "fontStyle",
            Field::FontLine => "fontLine",
            Field::HorizontalAlignment | Field::VerticalAlignment => "alignment",
            Field::WrapStrategy => "strategy",
            Field::TextDirection => "direction",
            Field::TextRotation => "degrees",
        }
    }

    /// What a setter stores for `value` (`None`: back to the default), or the error text.
    pub fn accept(self, value: Option<FieldValue>) -> Result<Option<FieldValue>, String> {
        let invalid = || format!("Invalid argument: {}", self.argument());
        let Some(value) = value else {
            return Ok(None);
        };
        let word = |allowed: &[&str], default: &str| -> Result<Option<FieldValue>, String> {
            let text = value.text().ok_or_else(invalid)?.to_ascii_lowercase();
            if !allowed.contains(&text.as_str()) {
                return Err(invalid());
            }
            Ok((text != default).then_some(FieldValue::Text(text)))
        };
        let name = |allowed: &[&str]| -> Result<Option<FieldValue>, String> {
            let text = value.text().ok_or_else(invalid)?;
            allowed.contains(&text).then(|| Some(FieldValue::Text(text.to_string()))).ok_or_else(invalid)
        };
        match self {
            // `general` is the default pattern, read back as `0.###############` (observed:
            // a peer's conformance tests).
            Field::NumberFormat if value.text().is_some_and(|t| t.eq_ignore_ascii_case("general")) => Ok(None),
            Field::NumberFormat | Field::FontFamily => match value {
                FieldValue::Text(text) => Ok(Some(FieldValue::Text(text))),
                FieldValue::Int(n) => Ok(Some(FieldValue::Text(n.to_string()))),
            },
            Field::Background | Field::FontColor => {
                let text = value.text().ok_or_else(invalid)?;
                normalize_color(text).map(|hex| Some(FieldValue::Text(hex))).ok_or_else(invalid)
            }
            Field::FontSize => match value {
                FieldValue::Int(n) if (1..=FONT_SIZE_MAX).contains(&n) => Ok(Some(FieldValue::Int(n))),
                _ => Err(invalid()),
            },
            Field::FontWeight => word(&["bold", "normal"], "normal"),
            Field::FontStyle => word(&["italic", "normal"], "normal"),
            Field::FontLine => word(&["underline", "line-through", "none"], "none"),
            // A cell never set reads `general`; one set to `normal` reads `general-left`
            // (observed: a peer's conformance tests, run on the platform).
            Field::HorizontalAlignment => {
                word(&["left", "center", "right", "normal", "general", "general-left"], "general").map(|stored| {
                    match stored {
                        Some(FieldValue::Text(word)) if word == "normal" => {
                            Some(FieldValue::Text("general-left".into()))
                        }
                        other => other,
                    }
                })
            }
            Field::VerticalAlignment => word(&["top", "middle", "bottom"], "bottom"),
            Field::WrapStrategy => name(&["WRAP", "OVERFLOW", "CLIP"]),
            Field::TextDirection => name(&["LEFT_TO_RIGHT", "RIGHT_TO_LEFT"]),
            Field::TextRotation => match value {
                FieldValue::Int(n) if (-90..=90).contains(&n) => Ok((n != 0).then_some(FieldValue::Int(n))),
                _ => Err(invalid()),
            },
        }
    }

    /// What a `Color` object's setter (`setBackgroundObject`, `setFontColorObject`) stores:
    /// a theme colour as [`THEME_COLOR_PREFIX`] and its type, anything else as [`accept`].
    pub fn accept_color_object(self, value: Option<FieldValue>) -> Result<Option<FieldValue>, String> {
        debug_assert!(matches!(self, Field::Background | Field::FontColor), "a colour field");
        match value.as_ref().and_then(FieldValue::text).and_then(theme_color_type) {
            Some(kind) if THEME_COLOR_TYPES.contains(&kind) => Ok(value),
            Some(_) => Err(format!("Invalid argument: {}", self.argument())),
            None => self.accept(value),
        }
    }

    /// The stored value, if any.
    pub fn get(self, format: &CellFormat) -> Option<FieldValue> {
        let text = |v: &Option<String>| v.clone().map(FieldValue::Text);
        match self {
            Field::NumberFormat => text(&format.number_format),
            Field::Background => text(&format.background),
            Field::FontColor => text(&format.font_color),
            Field::FontFamily => text(&format.font_family),
            Field::FontSize => format.font_size.map(FieldValue::Int),
            Field::FontWeight => text(&format.font_weight),
            Field::FontStyle => text(&format.font_style),
            Field::FontLine => text(&format.font_line),
            Field::HorizontalAlignment => text(&format.horizontal_alignment),
            Field::VerticalAlignment => text(&format.vertical_alignment),
            Field::WrapStrategy => text(&format.wrap_strategy),
            Field::TextDirection => text(&format.text_direction),
            Field::TextRotation if format.vertical_text => Some(FieldValue::Text(VERTICAL_TEXT.into())),
            Field::TextRotation => format.text_rotation.map(FieldValue::Int),
        }
    }

    /// Stores an accepted value (see [`Field::accept`]).
    pub fn set(self, format: &mut CellFormat, value: Option<FieldValue>) {
        let text = value.as_ref().and_then(|v| v.text().map(String::from));
        let int = match value {
            Some(FieldValue::Int(n)) => Some(n),
            _ => None,
        };
        match self {
            Field::NumberFormat => format.number_format = text,
            Field::Background => format.background = text,
            Field::FontColor => format.font_color = text,
            Field::FontFamily => format.font_family = text,
            Field::FontSize => format.font_size = int,
            Field::FontWeight => format.font_weight = text,
            Field::FontStyle => format.font_style = text,
            Field::FontLine => format.font_line = text,
            Field::HorizontalAlignment => format.horizontal_alignment = text,
            Field::VerticalAlignment => format.vertical_alignment = text,
            Field::WrapStrategy => format.wrap_strategy = text,
            Field::TextDirection => format.text_direction = text,
            Field::TextRotation => {
                // An angle replaces stacked letters.
                format.text_rotation = int;
                format.vertical_text = false;
            }
        }
    }

    /// What the getter returns for a cell without a value; `None` is JS `null`
    /// (`getTextDirection()`). A date cell's number format is the date-time default.
    pub fn default_value(self, holds_date: bool) -> Option<FieldValue> {
        let text = |s: &str| Some(FieldValue::Text(s.to_string()));
        match self {
            Field::NumberFormat if holds_date => text(DEFAULT_DATE_PATTERN),
            Field::NumberFormat => text(DEFAULT_PATTERN),
            Field::Background => text(DEFAULT_BACKGROUND),
            Field::FontColor => text(DEFAULT_FONT_COLOR),
            Field::FontFamily => text(DEFAULT_FONT_FAMILY),
            Field::FontSize => Some(FieldValue::Int(DEFAULT_FONT_SIZE)),
            Field::FontWeight | Field::FontStyle => text("normal"),
            Field::FontLine => text("none"),
            Field::HorizontalAlignment => text("general"),
            Field::VerticalAlignment => text("bottom"),
            Field::WrapStrategy => text("OVERFLOW"),
            Field::TextDirection => None,
            Field::TextRotation => Some(FieldValue::Int(0)),
        }
    }
}

/// A `TextStyle`: each property `None` where the style leaves it (a built style's
/// getters return `null` there). Applied to a cell it sets the font fields it names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TextStyle {
    pub bold: Option<bool>,
    pub italic: Option<bool>,
    pub underline: Option<bool>,
    pub strikethrough: Option<bool>,
    pub font_family: Option<String>,
    pub font_size: Option<i64>,
    /// `#rrggbb`.
    pub foreground_color: Option<String>,
}

impl TextStyle {
    /// A cell's style as `getTextStyle()` returns it: every property, defaults included.
    pub fn of(format: &CellFormat) -> TextStyle {
        let line = format.font_line.as_deref();
        TextStyle {
            bold: Some(format.font_weight.as_deref() == Some("bold")),
            italic: Some(format.font_style.as_deref() == Some("italic")),
            underline: Some(line == Some("underline")),
            strikethrough: Some(line == Some("line-through")),
            font_family: Some(format.font_family.clone().unwrap_or_else(|| TEXT_STYLE_DEFAULT_FONT_FAMILY.to_string())),
            font_size: Some(format.font_size.unwrap_or(DEFAULT_FONT_SIZE)),
            foreground_color: Some(match format.font_color.as_deref() {
                Some(stored) => theme_color_type(stored).unwrap_or(stored).to_string(),
                None => DEFAULT_FONT_COLOR.to_string(),
            }),
        }
    }

    /// A builder's style as `build()` makes it: checked, its colour as Sheets reads it
    /// back (`#rrggbb`, or a theme colour type's name).
    pub fn built(mut self) -> Result<TextStyle, String> {
        self.check()?;
        self.foreground_color =
            self.foreground_color.and_then(|color| match THEME_COLOR_TYPES.contains(&color.as_str()) {
                true => Some(color),
                false => normalize_color(&color),
            });
        Ok(self)
    }

    /// The checks a builder's values pass (`setFontSize`, `setForegroundColor`).
    pub fn check(&self) -> Result<(), String> {
        if let Some(size) = self.font_size {
            Field::FontSize.accept(Some(FieldValue::Int(size)))?;
        }
        // A theme colour's foreground reads as its type's name (`ACCENT1`: observed, a
        // peer's conformance tests).
        if let Some(color) = self.foreground_color.as_ref().filter(|c| !THEME_COLOR_TYPES.contains(&c.as_str())) {
            Field::FontColor.accept(Some(FieldValue::Text(color.clone())))?;
        }
        Ok(())
    }

    /// `setTextStyle(style)` on one cell: the properties the style sets. A cell holds one
    /// font line, so underline and strikethrough together keep the underline (assumed).
    pub fn apply(&self, format: &mut CellFormat) {
        let word = |on: bool, word: &str| on.then(|| word.to_string());
        if let Some(bold) = self.bold {
            format.font_weight = word(bold, "bold");
        }
        if let Some(italic) = self.italic {
            format.font_style = word(italic, "italic");
        }
        if let Some(strikethrough) = self.strikethrough {
            if strikethrough {
                format.font_line = Some("line-through".to_string());
            } else if format.font_line.as_deref() == Some("line-through") {
                format.font_line = None;
            }
        }
        if let Some(underline) = self.underline {
            if underline {
                format.font_line = Some("underline".to_string());
            } else if format.font_line.as_deref() == Some("underline") {
                format.font_line = None;
            }
        }
        if let Some(family) = &self.font_family {
            // The stack an unset cell's style reads back is no family of its own.
            format.font_family = (family != TEXT_STYLE_DEFAULT_FONT_FAMILY).then(|| family.clone());
        }
        if let Some(size) = self.font_size {
            format.font_size = (size != DEFAULT_FONT_SIZE).then_some(size);
        }
        if let Some(color) = &self.foreground_color {
            format.font_color = match THEME_COLOR_TYPES.contains(&color.as_str()) {
                true => Some(format!("{THEME_COLOR_PREFIX}{color}")),
                false => normalize_color(color),
            };
        }
    }
}

/// A colour as Sheets returns it: `#rrggbb` in lower case, from `#rgb`, `#rrggbb` (any
/// case) or a CSS colour name; `None` when it is none of these.
pub fn normalize_color(color: &str) -> Option<String> {
    let color = color.trim();
    if let Some(hex) = color.strip_prefix('#') {
        if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        return match hex.len() {
            3 => Some(format!("#{}", hex.chars().flat_map(|c| [c, c]).collect::<String>().to_ascii_lowercase())),
            6 => Some(format!("#{}", hex.to_ascii_lowercase())),
            _ => None,
        };
    }
    let lower = color.to_ascii_lowercase();
    CSS_COLORS.iter().find(|(name, _)| *name == lower).map(|(_, hex)| format!("#{hex}"))
}

/// `#rrggbb` from red, green, blue in 0..=255 (`setBackgroundRGB`); `None` outside.
pub fn rgb_hex(red: i64, green: i64, blue: i64) -> Option<String> {
    let part = |n: i64| u8::try_from(n).ok();
    Some(format!("#{:02x}{:02x}{:02x}", part(red)?, part(green)?, part(blue)?))
}

/// The CSS colour names (CSS Color Module Level 4), which Sheets accepts by name.
const CSS_COLORS: &[(&str, &str)] = &[
    ("aliceblue", "f0f8ff"),
    ("antiquewhite", "faebd7"),
    ("aqua", "00ffff"),
    ("aquamarine", "7fffd4"),
    ("azure", "f0ffff"),
    ("beige", "f5f5dc"),
    ("bisque", "ffe4c4"),
    ("black", "000000"),
    ("blanchedalmond", "ffebcd"),
    ("blue", "0000ff"),
    ("blueviolet", "8a2be2"),
    ("brown", "a52a2a"),
    ("burlywood", "deb887"),
    ("cadetblue", "5f9ea0"),
    ("chartreuse", "7fff00"),
    ("chocolate", "d2691e"),
    ("coral", "ff7f50"),
    ("cornflowerblue", "6495ed"),
    ("cornsilk", "fff8dc"),
    ("crimson", "dc143c"),
    ("cyan", "00ffff"),
    ("darkblue", "00008b"),
    ("darkcyan", "008b8b"),
    ("darkgoldenrod", "b8860b"),
    ("darkgray", "a9a9a9"),
    ("darkgreen", "006400"),
    ("darkgrey", "a9a9a9"),
    ("darkkhaki", "bdb76b"),
    ("darkmagenta", "8b008b"),
    ("darkolivegreen", "556b2f"),
    ("darkorange", "ff8c00"),
    ("darkorchid", "9932cc"),
    ("darkred", "8b0000"),
    ("darksalmon", "e9967a"),
    ("darkseagreen", "8fbc8f"),
    ("darkslateblue", "483d8b"),
    ("darkslategray", "2f4f4f"),
    ("darkslategrey", "2f4f4f"),
    ("darkturquoise", "00ced1"),
    ("darkviolet", "9400d3"),
    ("deeppink", "ff1493"),
    ("deepskyblue", "00bfff"),
    ("dimgray", "696969"),
    ("dimgrey", "696969"),
    ("dodgerblue", "1e90ff"),
    ("firebrick", "b22222"),
    ("floralwhite", "fffaf0"),
    ("forestgreen", "228b22"),
    ("fuchsia", "ff00ff"),
    ("gainsboro", "dcdcdc"),
    ("ghostwhite", "f8f8ff"),
    ("gold", "ffd700"),
    ("goldenrod", "daa520"),
    ("gray", "808080"),
    ("green", "008000"),
    ("greenyellow", "adff2f"),
    ("grey", "808080"),
    ("honeydew", "f0fff0"),
    ("hotpink", "ff69b4"),
    ("indianred", "cd5c5c"),
    ("indigo", "4b0082"),
    ("ivory", "fffff0"),
    ("khaki", "f0e68c"),
    ("lavender", "e6e6fa"),
    ("lavenderblush", "fff0f5"),
    ("lawngreen", "7cfc00"),
    ("lemonchiffon", "fffacd"),
    ("lightblue", "add8e6"),
    ("lightcoral", "f08080"),
    ("lightcyan", "e0ffff"),
    ("lightgoldenrodyellow", "fafad2"),
    ("lightgray", "d3d3d3"),
    ("lightgreen", "90ee90"),
    ("lightgrey", "d3d3d3"),
    ("lightpink", "ffb6c1"),
    ("lightsalmon", "ffa07a"),
    ("lightseagreen", "20b2aa"),
    ("lightskyblue", "87cefa"),
    ("lightslategray", "778899"),
    ("lightslategrey", "778899"),
    ("lightsteelblue", "b0c4de"),
    ("lightyellow", "ffffe0"),
    ("lime", "00ff00"),
    ("limegreen", "32cd32"),
    ("linen", "faf0e6"),
    ("magenta", "ff00ff"),
    ("maroon", "800000"),
    ("mediumaquamarine", "66cdaa"),
    ("mediumblue", "0000cd"),
    ("mediumorchid", "ba55d3"),
    ("mediumpurple", "9370db"),
    ("mediumseagreen", "3cb371"),
    ("mediumslateblue", "7b68ee"),
    ("mediumspringgreen", "00fa9a"),
    ("mediumturquoise", "48d1cc"),
    ("mediumvioletred", "c71585"),
    ("midnightblue", "191970"),
    ("mintcream", "f5fffa"),
    ("mistyrose", "ffe4e1"),
    ("moccasin", "ffe4b5"),
    ("navajowhite", "ffdead"),
    ("navy", "000080"),
    ("oldlace", "fdf5e6"),
    ("olive", "808000"),
    ("olivedrab", "6b8e23"),
    ("orange", "ffa500"),
    ("orangered", "ff4500"),
    ("orchid", "da70d6"),
    ("palegoldenrod", "eee8aa"),
    ("palegreen", "98fb98"),
    ("paleturquoise", "afeeee"),
    ("palevioletred", "db7093"),
    ("papayawhip", "ffefd5"),
    ("peachpuff", "ffdab9"),
    ("peru", "cd853f"),
    ("pink", "ffc0cb"),
    ("plum", "dda0dd"),
    ("powderblue", "b0e0e6"),
    ("purple", "800080"),
    ("rebeccapurple", "663399"),
    ("red", "ff0000"),
    ("rosybrown", "bc8f8f"),
    ("royalblue", "4169e1"),
    ("saddlebrown", "8b4513"),
    ("salmon", "fa8072"),
    ("sandybrown", "f4a460"),
    ("seagreen", "2e8b57"),
    ("seashell", "fff5ee"),
    ("sienna", "a0522d"),
    ("silver", "c0c0c0"),
    ("skyblue", "87ceeb"),
    ("slateblue", "6a5acd"),
    ("slategray", "708090"),
    ("slategrey", "708090"),
    ("snow", "fffafa"),
    ("springgreen", "00ff7f"),
    ("steelblue", "4682b4"),
    ("tan", "d2b48c"),
    ("teal", "008080"),
    ("thistle", "d8bfd8"),
    ("tomato", "ff6347"),
    ("turquoise", "40e0d0"),
    ("violet", "ee82ee"),
    ("wheat", "f5deb3"),
    ("white", "ffffff"),
    ("whitesmoke", "f5f5f5"),
    ("yellow", "ffff00"),
    ("yellowgreen", "9acd32"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Option<FieldValue> {
        Some(FieldValue::Text(s.to_string()))
    }

    #[test]
    fn colours_are_lower_case_hex() {
        assert_eq!(normalize_color("#FFFFFF").as_deref(), Some("#ffffff"));
        assert_eq!(normalize_color("#F0a").as_deref(), Some("#ff00aa"));
        assert_eq!(normalize_color("red").as_deref(), Some("#ff0000"));
        assert_eq!(normalize_color("CornflowerBlue").as_deref(), Some("#6495ed"));
        assert_eq!(normalize_color("#12345"), None);
        assert_eq!(normalize_color("#ggg"), None);
        assert_eq!(normalize_color("reddish"), None);
        assert_eq!(rgb_hex(255, 0, 16).as_deref(), Some("#ff0010"));
        assert_eq!(rgb_hex(256, 0, 0), None);
        let names: Vec<&str> = CSS_COLORS.iter().map(|(name, _)| *name).collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
    }

    #[test]
    fn setters_accept_the_platform_values() {
        assert_eq!(Field::Background.accept(text("Blue")), Ok(text("#0000ff")));
        assert_eq!(Field::Background.accept(None), Ok(None));
        assert_eq!(Field::Background.accept(text("nope")), Err("Invalid argument: color".to_string()));
        assert_eq!(Field::FontWeight.accept(text("BOLD")), Ok(text("bold")));
        assert_eq!(Field::FontWeight.accept(text("normal")), Ok(None));
        assert_eq!(Field::FontWeight.accept(text("heavy")), Err("Invalid argument: fontWeight".to_string()));
        assert_eq!(Field::FontStyle.accept(text("italic")), Ok(text("italic")));
        assert_eq!(Field::FontLine.accept(text("line-through")), Ok(text("line-through")));
        assert_eq!(Field::HorizontalAlignment.accept(text("center")), Ok(text("center")));
        assert_eq!(Field::HorizontalAlignment.accept(text("normal")), Ok(text("general-left")));
        assert_eq!(Field::HorizontalAlignment.accept(text("general")), Ok(None));
        assert_eq!(Field::NumberFormat.accept(text("General")), Ok(None), "the default pattern");
        assert_eq!(Field::VerticalAlignment.accept(text("middle")), Ok(text("middle")));
        assert!(Field::VerticalAlignment.accept(text("center")).is_err());
        assert_eq!(Field::FontSize.accept(Some(FieldValue::Int(14))), Ok(Some(FieldValue::Int(14))));
        assert_eq!(Field::FontSize.accept(Some(FieldValue::Int(0))), Err("Invalid argument: size".to_string()));
        assert_eq!(Field::TextRotation.accept(Some(FieldValue::Int(45))), Ok(Some(FieldValue::Int(45))));
        assert!(Field::TextRotation.accept(Some(FieldValue::Int(91))).is_err());
        assert_eq!(Field::WrapStrategy.accept(text("CLIP")), Ok(text("CLIP")));
        assert!(Field::WrapStrategy.accept(text("clip")).is_err());
    }

    #[test]
    fn defaults_as_sheets_returns_them() {
        assert_eq!(Field::Background.default_value(false), text("#ffffff"));
        assert_eq!(Field::FontColor.default_value(false), text("#000000"));
        assert_eq!(Field::FontFamily.default_value(false), text("Arial"));
        assert_eq!(Field::FontSize.default_value(false), Some(FieldValue::Int(10)));
        assert_eq!(Field::FontWeight.default_value(false), text("normal"));
        assert_eq!(Field::HorizontalAlignment.default_value(false), text("general"));
        assert_eq!(Field::VerticalAlignment.default_value(false), text("bottom"));
        assert_eq!(Field::NumberFormat.default_value(false), text("0.###############"));
        assert_eq!(Field::NumberFormat.default_value(true), text("M/d/yyyy H:mm:ss"));
        assert_eq!(Field::TextDirection.default_value(false), None);
    }

    #[test]
    fn text_styles_apply_and_read_back() {
        let mut format = CellFormat::default();
        let style = TextStyle {
            bold: Some(true),
            underline: Some(true),
            foreground_color: Some("red".into()),
            ..TextStyle::default()
        };
        assert_eq!(style.check(), Ok(()));
        style.apply(&mut format);
        let read = TextStyle::of(&format);
        assert_eq!(read.bold, Some(true));
        assert_eq!(read.italic, Some(false));
        assert_eq!(read.underline, Some(true));
        assert_eq!(read.foreground_color.as_deref(), Some("#ff0000"));
        assert_eq!(read.font_family.as_deref(), Some(TEXT_STYLE_DEFAULT_FONT_FAMILY));
        let mut other = CellFormat::default();
        read.apply(&mut other);
        assert_eq!(other.font_family, None, "a style read off a default cell leaves the family unset");
        TextStyle { bold: Some(false), underline: Some(false), ..TextStyle::default() }.apply(&mut format);
        assert_eq!(format.font_weight, None);
        assert_eq!(format.font_line, None);
        let bad = TextStyle { font_size: Some(0), ..TextStyle::default() };
        assert_eq!(bad.check(), Err("Invalid argument: size".to_string()));
    }

    #[test]
    fn a_set_field_reads_back_and_resets() {
        let mut format = CellFormat::default();
        Field::FontSize.set(&mut format, Some(FieldValue::Int(12)));
        assert_eq!(Field::FontSize.get(&format), Some(FieldValue::Int(12)));
        Field::FontSize.set(&mut format, None);
        assert!(format.is_default());
    }
}
