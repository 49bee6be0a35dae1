//! Structure: columns as well as rows, hiding, freezing, merging, navigation (`offset`,
//! `getNextDataCell`, `getDataRegion`), sorting, copying and moving ranges.

use super::super::model::Spreadsheets;

impl Spreadsheets {}
