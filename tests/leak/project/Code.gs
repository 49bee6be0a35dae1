// The project of the leak test (issue 10): service errors thrown into the script in
// every way a reused engine context could keep something of them.

/** A failing service call one frame down, so the error unwinds a frame to be caught. */
function openMissing(i) {
  return SpreadsheetApp.openById('missing-' + i);
}

/** `depth` frames down, then a failing service call nobody catches. */
function failDeep(depth) {
  if (depth === 0) {
    MailApp.sendEmail('not an address', 'subject', 'body');
  }
  return failDeep(depth - 1);
}

/** 199 caught service errors (one frame down, or thrown straight into the catch), then
 *  one uncaught one 20 frames down: the execution fails with the platform's error. */
function flood() {
  for (let i = 0; i < 199; i++) {
    try {
      if (i % 2 === 0) {
        openMissing(i);
      } else {
        SpreadsheetApp.openById('missing');
      }
    } catch (e) {
      if (String(e).indexOf('call stack') >= 0) {
        throw e;
      }
    }
  }
  failDeep(20);
}

/** What a scenario after the flood sees: one service error, caught and logged. */
function probe() {
  let caught = '';
  try {
    openMissing(0);
  } catch (e) {
    caught = 'caught: ' + e;
  }
  const sheet = SpreadsheetApp.openById('sheet').getSheets()[0];
  sheet.appendRow(['probe', new Date().toISOString()]);
  return caught;
}

/** And one it does not catch. */
function probeUncaught() {
  failDeep(3);
}
