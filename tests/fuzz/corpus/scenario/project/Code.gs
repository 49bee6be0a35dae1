// The project of the fuzz corpus's scenarios (crates/gas-sim/tests/fuzz.rs).

function probe() {
  const sheet = SpreadsheetApp.openById('sheet').getSheets()[0];
  sheet.appendRow(['probe', new Date().toISOString()]);
  CacheService.getScriptCache().put('seen', String(sheet.getLastRow()), 600);
  return sheet.getLastRow();
}

function fetchIt() {
  return UrlFetchApp.fetch('https://shop.example.com/orders').getResponseCode();
}

function notify() {
  MailApp.sendEmail(PropertiesService.getScriptProperties().getProperty('TO'), 'hello', 'body');
}

function doGet(e) {
  return ContentService.createTextOutput(JSON.stringify(e.parameter || {}));
}

function doPost(e) {
  return ContentService.createTextOutput('posted');
}
