//! The objects a spreadsheet keeps beside its cells: named ranges, protections, data
//! validation rules, conditional format rules; range lists; sheet copies.

use super::super::model::Spreadsheets;

impl Spreadsheets {}
