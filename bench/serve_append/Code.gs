// `gas-sim serve`'s throughput benchmark (docs/serve.md, `bench --suite`'s serve_1 and
// serve_16) and its kill -9 test: each POST appends one row (its time and the request's
// `id` parameter) to the bound spreadsheet under the script lock; with `overwrite=1` it
// writes them over the first row instead, so the world stays the same size (the long
// run's memory check, docs/serve.md). Nothing else is read or written per request: a
// script property read each time would meet the platform's 50,000 property reads a day
// within a long run.

const LOG_ID = 'serve-append-log';

function doPost(e) {
  const id = e.parameter.id || '';
  const lock = LockService.getScriptLock();
  lock.waitLock(10000);
  try {
    const sheet = SpreadsheetApp.openById(LOG_ID).getSheets()[0];
    if (e.parameter.overwrite) sheet.getRange(1, 1, 1, 2).setValues([[new Date(), id]]);
    else sheet.appendRow([new Date(), id]);
  } finally {
    lock.releaseLock();
  }
  return ContentService.createTextOutput('saved ' + id);
}
