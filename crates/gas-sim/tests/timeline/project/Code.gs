// The HTML timeline's test project: a lock wait, a 6-minute kill, faults, a cache that
// is evicted, and mail subjects and log lines that try to inject markup.

function guarded() {
  var lock = LockService.getScriptLock();
  lock.waitLock(30000);
  Utilities.sleep(10000);
  MailApp.sendEmail('ops@example.com', '<img src=x onerror="document.title=\'pwned\'"></script><b>report</b>', 'body');
  console.log('done </script><script>document.title="pwned"</script>');
  lock.releaseLock();
}

function runaway() {
  console.warn('<b>starting</b> a job that never ends');
  while (true) {
    Utilities.sleep(60000);
  }
}

function remember() {
  CacheService.getScriptCache().put('k1', 'v', 21600);
  CacheService.getScriptCache().put('k2', 'v', 21600);
}

function fetchShop() {
  var text = UrlFetchApp.fetch('https://shop.example.com/orders').getContentText();
  console.log('got ' + text.length + ' bytes & <i>more</i>');
}

function doPost(e) {
  return ContentService.createTextOutput('saved');
}
