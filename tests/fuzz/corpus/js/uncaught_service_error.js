// issue 10: each uncaught service error left values on boa's stack (patch 0016).
SpreadsheetApp.openById('missing');
