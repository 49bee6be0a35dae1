  // ---- SpreadsheetApp: the service from its parts (10_sheets.js explains) -------------
  // The classes build their prototypes from their parts on first use (sheetClass).
  sheets.SpreadsheetApp = service('SpreadsheetApp', partMethods('SpreadsheetApp'));
  // Charts: every method declared (Charts.newTextStyle), its classes 18_sheets_charts.js's.
  sheets.Charts = service(catalogue.globalClass('Charts'), {});
  return sheets;
  });
