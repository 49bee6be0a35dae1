// Deep recursion is a catchable RangeError, as in V8 (patch 0004).
function r(n) { return n <= 0 ? 0 : 1 + r(n - 1); }
try { r(1e6); } catch (e) { out.push(String(e)); }
r(1e6);
