// issue 10: 2,000 caught service errors, one frame down, in one execution.
function open(i) { return SpreadsheetApp.openById('missing-' + i); }
for (let i = 0; i < 2000; i++) { try { open(i); } catch (e) { out.push(e.name); } }
