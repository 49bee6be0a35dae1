// A project that goes wrong in the ways issue 15's users met: a daily job that throws,
// a web app that catches every error and answers success, and a sheet with a doubled row.
function dailyReport() {
  const sheet = SpreadsheetApp.openById('orders').getSheetByName('Orders');
  const rows = sheet.getDataRange().getValues();
  MailApp.sendEmail('ops@example.com', 'Daily report', rows.length + ' rows');
  if (rows.length > 3) {
    null.total();
  }
}

function doPost(e) {
  try {
    LockService.getScriptLock().waitLock(1);
    throw new Error('Service Spreadsheets failed: quota exceeded');
  } catch (err) {
    console.error('could not append: ' + err.message);
    return ContentService.createTextOutput('{"ok":true}').setMimeType(ContentService.MimeType.JSON);
  }
}

function appendOrder() {
  const sheet = SpreadsheetApp.openById('orders').getSheetByName('Orders');
  sheet.appendRow(['o-3', 'Ada', 30]);
  console.warn('appended twice?');
  console.log('expected value 30');
  MailApp.sendEmail('ops@example.com', 'Order o-3', 'appended');
}
