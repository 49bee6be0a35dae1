  // ---- SpreadsheetApp: formulas (see 10_sheets.js for sheetClass/sheetMethods) ----
  sheetMethods('Range', {
    setFormula: chain('Range.setFormula'),
    setFormulaR1C1: chain('Range.setFormulaR1C1'),
    setFormulas: chain('Range.setFormulas'),
    setFormulasR1C1: chain('Range.setFormulasR1C1'),
    getFormula: c('Range.getFormula'),
    getFormulas: c('Range.getFormulas'),
    getFormulaR1C1: c('Range.getFormulaR1C1'),
    getFormulasR1C1: c('Range.getFormulasR1C1'),
  });
