// `gas-sim serve`'s throughput benchmark (docs/serve.md) and its kill -9 test: each POST
// appends one row (its time and the request's `id` parameter) under the script lock.
// The spreadsheet is made by the first request and found through a script property.

function doPost(e) {
  const lock = LockService.getScriptLock();
  lock.waitLock(10000);
  try {
    sheet_().appendRow([new Date(), e.parameter.id || '']);
  } finally {
    lock.releaseLock();
  }
  return ContentService.createTextOutput('saved ' + (e.parameter.id || ''));
}

function sheet_() {
  const props = PropertiesService.getScriptProperties();
  const id = props.getProperty('sheet');
  if (id) return SpreadsheetApp.openById(id).getSheets()[0];
  const book = SpreadsheetApp.create('serve-append');
  props.setProperty('sheet', book.getId());
  return book.getSheets()[0];
}
