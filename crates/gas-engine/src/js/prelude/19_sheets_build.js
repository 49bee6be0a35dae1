  // ---- SpreadsheetApp: the service from its parts (10_sheets.js explains) -------------
  // The classes build their prototypes from their parts on first use (sheetClass).
  sheets.SpreadsheetApp = service('SpreadsheetApp', partMethods('SpreadsheetApp'));
  return sheets;
  });
