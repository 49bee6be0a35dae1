//! What a cell expectation compares: the value's text (`equals`), the text Sheets shows
//! (`display`), the cell's note (`note`), or some of its format (`format = { bold = true,
//! font_color = "#ff0000" }`), each read at the end of the run the way the script's
//! getters read it (`getNote`, `getFontWeight`, `getBackground`, ...).

use chrono_tz::Tz;
use gas_platform::sheets::format::{Field, FieldValue};
use gas_platform::World;

use crate::model::{ExpectSection, LoadedScenario, ScenarioError};

/// Which side of the cell an expectation compares.
#[derive(Debug, Clone, PartialEq)]
pub enum CellAspect {
    Value,
    /// As Sheets shows it (number format applied).
    Display,
    Note,
    /// The listed format properties, each as its getter returns it.
    Format(Vec<(String, Field)>),
}

/// The `format` table's keys: a property by its getter's name in snake case, with the
/// value that getter returns (`font_weight = "bold"`, `background = "#ffff00"`).
const FORMAT_KEYS: [(&str, Field); 13] = [
    ("number_format", Field::NumberFormat),
    ("background", Field::Background),
    ("font_color", Field::FontColor),
    ("font_family", Field::FontFamily),
    ("font_size", Field::FontSize),
    ("font_weight", Field::FontWeight),
    ("font_style", Field::FontStyle),
    ("font_line", Field::FontLine),
    ("horizontal_alignment", Field::HorizontalAlignment),
    ("vertical_alignment", Field::VerticalAlignment),
    ("wrap_strategy", Field::WrapStrategy),
    ("text_direction", Field::TextDirection),
    ("text_rotation", Field::TextRotation),
];

/// Shorthands a person writes for the commonest flags: `bold = true` is `font_weight =
/// "bold"` (false: `"normal"`), `italic` is `font_style`, `underline` and
/// `strikethrough` are `font_line`.
const FLAG_KEYS: [(&str, &str, &str, &str); 4] = [
    ("bold", "font_weight", "bold", "normal"),
    ("italic", "font_style", "italic", "normal"),
    ("underline", "font_line", "underline", "none"),
    ("strikethrough", "font_line", "line-through", "none"),
];

/// The aspect a section compares and the text it wants; `None` when it names none of
/// `equals`, `display`, `note`, `format`.
pub fn read(
    loaded: &LoadedScenario,
    section: &ExpectSection,
    key: &str,
) -> Result<Option<(CellAspect, String)>, ScenarioError> {
    let given: Vec<&str> = [
        ("equals", section.equals.is_some()),
        ("display", section.display.is_some()),
        ("note", section.note.is_some()),
        ("format", section.format.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, given)| given.then_some(name))
    .collect();
    if given == ["equals", "display"] {
        let message = "give equals (the value's text) or display (as Sheets shows it), not both";
        return Err(loaded.error(&format!("{key}.display"), message));
    }
    if given.len() > 1 {
        let message =
            format!("a cell expectation compares one of equals, display, note or format, not {}", given.join(" and "));
        return Err(loaded.error(&format!("{key}.{}", given[1]), message));
    }
    if let Some(value) = &section.equals {
        return Ok(Some((CellAspect::Value, text_of(value))));
    }
    if let Some(value) = &section.display {
        return Ok(Some((CellAspect::Display, text_of(value))));
    }
    if let Some(note) = &section.note {
        return Ok(Some((CellAspect::Note, note.clone())));
    }
    let Some(table) = &section.format else { return Ok(None) };
    let wanted = format_wanted(loaded, table, &format!("{key}.format"))?;
    let fields = wanted.iter().map(|(name, field, _)| (name.clone(), *field)).collect();
    Ok(Some((
        CellAspect::Format(fields),
        format_text(wanted.iter().map(|(name, _, value)| (name.as_str(), value.as_str()))),
    )))
}

/// A TOML value as the text a getter's result is compared with.
pub fn text_of(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Each property the table names (shorthands resolved), in table order.
fn format_wanted(
    loaded: &LoadedScenario,
    table: &toml::Table,
    key: &str,
) -> Result<Vec<(String, Field, String)>, ScenarioError> {
    if table.is_empty() {
        return Err(loaded.error(key, "an empty format checks nothing: name properties, e.g. { bold = true }"));
    }
    let mut wanted: Vec<(String, Field, String)> = Vec::new();
    for (name, value) in table {
        let (property, text) = match FLAG_KEYS.iter().find(|(flag, ..)| flag == name) {
            Some((_, property, on, off)) => match value {
                toml::Value::Boolean(set) => (*property, if *set { *on } else { *off }.to_string()),
                _ => return Err(loaded.error(&format!("{key}.{name}"), format!("{name} is true or false"))),
            },
            None => (name.as_str(), normalized(name, &text_of(value))),
        };
        let Some((_, field)) = FORMAT_KEYS.iter().find(|(known, _)| *known == property) else {
            let names: Vec<&str> = FORMAT_KEYS.iter().map(|(n, _)| *n).chain(FLAG_KEYS.iter().map(|f| f.0)).collect();
            return Err(loaded.error(
                &format!("{key}.{name}"),
                format!("{name:?} is not a format property: use {}", names.join(", ")),
            ));
        };
        if wanted.iter().any(|(known, ..)| known == property) {
            return Err(loaded.error(&format!("{key}.{name}"), format!("{property} is given twice")));
        }
        wanted.push((property.to_string(), *field, text));
    }
    Ok(wanted)
}

/// Colours compare in the getters' lower-case `#rrggbb`.
fn normalized(property: &str, text: &str) -> String {
    if matches!(property, "background" | "font_color") {
        text.to_ascii_lowercase()
    } else {
        text.to_string()
    }
}

/// `bold: font_weight=bold, background=#ffff00` style text of some properties' values.
fn format_text<'a>(values: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    values.map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(", ")
}

/// The aspect's text at the end of the run; `None` when the sheet or cell is gone.
pub fn measure(
    world: &World,
    spreadsheet: &str,
    sheet: &str,
    a1: &str,
    aspect: &CellAspect,
    zone: Tz,
) -> Option<String> {
    let books = &world.spreadsheets;
    let sheet = books.get_sheet_by_name(spreadsheet, sheet).ok().flatten()?;
    let range = books.get_range_a1(&sheet, a1).ok()?;
    match aspect {
        CellAspect::Value => books.get_value(&range).ok().map(|v| crate::expect::cell_text(&v, zone)),
        // getDisplayValue: the number format applied, in the spreadsheet's zone.
        CellAspect::Display => books.get_display_value(&range, zone).ok(),
        CellAspect::Note => books.get_note(&range).ok(),
        CellAspect::Format(fields) => {
            let mut values = Vec::with_capacity(fields.len());
            for (name, field) in fields {
                let value = match books.get_format(&range, *field).ok()? {
                    Some(FieldValue::Text(text)) => normalized(name, &text),
                    Some(FieldValue::Int(n)) => n.to_string(),
                    None => String::new(),
                };
                values.push((name.as_str(), value));
            }
            Some(format_text(values.iter().map(|(n, v)| (*n, v.as_str()))))
        }
    }
}

/// The label's suffix: how the cell is read.
pub fn label_suffix(aspect: &CellAspect) -> &'static str {
    match aspect {
        CellAspect::Value => "",
        CellAspect::Display => " as shown",
        CellAspect::Note => " note",
        CellAspect::Format(_) => " format",
    }
}
