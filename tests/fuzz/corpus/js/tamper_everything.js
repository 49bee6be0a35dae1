// The realm restore undoes every change (tests/realm_restore.rs has the full list).
Object.prototype.injected = 1; delete Array.prototype.push; Object.freeze(Object.prototype);
globalThis.SpreadsheetApp = null; Error.prototype.toString = function () { throw 1; };
Promise.resolve().then(() => { throw new Error('late'); });
throw new Error('done');
