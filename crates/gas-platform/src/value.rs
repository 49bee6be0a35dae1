//! The values that cross between a script and a service: what a cell holds, what a
//! service method takes and returns. Dates are instants in UTC milliseconds; zones are
//! applied only when something is displayed.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What one spreadsheet cell holds. `getValues()` gives Number, Boolean, Date or String,
/// and `""` for an empty cell (documented).
#[derive(Debug, Clone, PartialEq, Default)]
pub enum CellValue {
    #[default]
    Empty,
    Number(f64),
    Bool(bool),
    String(String),
    /// An instant, UTC milliseconds since the epoch.
    Date(i64),
}

impl CellValue {
    pub fn is_empty(&self) -> bool {
        matches!(self, CellValue::Empty) || matches!(self, CellValue::String(s) if s.is_empty())
    }
}

/// In a state file a cell is a JSON number, boolean or string (`""` is empty), and a date
/// is `{"date": "2025-06-13T09:00:00.000Z"}`, so the file stays readable and a date
/// never turns into a number on the way back.
impl Serialize for CellValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CellValue::Empty => s.serialize_str(""),
            CellValue::Number(n) => s.serialize_f64(*n),
            CellValue::Bool(b) => s.serialize_bool(*b),
            CellValue::String(text) => s.serialize_str(text),
            CellValue::Date(ms) => {
                use serde::ser::SerializeMap;
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("date", &crate::time::iso_utc(*ms))?;
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for CellValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let json = serde_json::Value::deserialize(d)?;
        CellValue::from_json(&json).map_err(serde::de::Error::custom)
    }
}

impl CellValue {
    /// Reads a cell from its state-file / scenario JSON form.
    pub fn from_json(json: &serde_json::Value) -> Result<CellValue, String> {
        use serde_json::Value as J;
        Ok(match json {
            J::Null => CellValue::Empty,
            J::Bool(b) => CellValue::Bool(*b),
            J::Number(n) => CellValue::Number(n.as_f64().unwrap_or(f64::NAN)),
            J::String(s) if s.is_empty() => CellValue::Empty,
            J::String(s) => CellValue::String(s.clone()),
            J::Object(map) => match map.get("date").and_then(|d| d.as_str()) {
                Some(text) => CellValue::Date(
                    crate::time::parse_iso_utc(text)
                        .ok_or_else(|| format!("bad date {text:?}: want 2025-06-13T09:00:00Z"))?,
                ),
                None => return Err("a cell object must be {\"date\": \"...\"}".into()),
            },
            J::Array(_) => return Err("a cell cannot hold an array".into()),
        })
    }
}
