// A service error through nested try/finally into a catch, then rethrown uncaught.
function deep(n) { try { if (n === 0) MailApp.sendEmail('not an address', 's', 'b'); return deep(n - 1); } finally { out.push(n); } }
try { deep(50); } catch (e) { out.push(String(e)); }
deep(10);
