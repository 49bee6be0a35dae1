//! A cell's format: what `setNumberFormat`, `setBackground`, `setFontWeight`, ... store,
//! and how a number format turns a value into its display text.

use serde::{Deserialize, Serialize};

/// One cell's format; `None` fields are the spreadsheet's defaults. Stored sparsely in
/// the sheet's `formats` layer (layer.rs).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellFormat {
    /// The number format pattern as the script set it (`0.00`, `@`, `yyyy-mm-dd`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_format: Option<String>,
}
