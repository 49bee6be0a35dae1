const r = SpreadsheetApp.create('x').getActiveSheet().getRange('A1'); r.setFormula('=' + '('.repeat(100000) + '1' + ')'.repeat(100000)); out.push(r.getValue());
