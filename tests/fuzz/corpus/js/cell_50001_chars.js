try { SpreadsheetApp.create('t').getSheets()[0].getRange('A1').setValue('x'.repeat(50001)); } catch (e) { out.push(String(e)); }
