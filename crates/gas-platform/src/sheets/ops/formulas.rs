//! Formulas: `setFormula(s)`, `setFormulaR1C1(s)`, `getFormula(s)`, `setValue("=...")`,
//! and recomputing the cells that depend on a change.

use super::super::model::Spreadsheets;

impl Spreadsheets {}
