  // ---- Locale-sensitive builtins (en-US): stubs --------------------------------------
  // The implementations are a chunk (81_locale.js, compiled on the first call of any of
  // these); each builtin is a stub that calls its implementation, so the functions a
  // script sees are the same ones before and after. `Reflect.apply` is taken now: a
  // script that replaces Function.prototype.apply changes nothing here.
  (() => {
    const apply = Reflect.apply;
    const define = (object, name, fn) =>
      Object.defineProperty(object, name, { value: fn, writable: true, enumerable: false, configurable: true });
    const impl = (key) => localeMethods()[key];
    define(Date.prototype, 'toLocaleString', function () { return apply(impl('Date.toLocaleString'), this, arguments); });
    define(Date.prototype, 'toLocaleDateString', function () { return apply(impl('Date.toLocaleDateString'), this, arguments); });
    define(Date.prototype, 'toLocaleTimeString', function () { return apply(impl('Date.toLocaleTimeString'), this, arguments); });
    define(Array.prototype, 'toLocaleString', function () { return apply(impl('Array.toLocaleString'), this, arguments); });
    define(Number.prototype, 'toLocaleString', function () { return apply(impl('Number.toLocaleString'), this, arguments); });
    define(BigInt.prototype, 'toLocaleString', function () { return apply(impl('BigInt.toLocaleString'), this, arguments); });
    define(String.prototype, 'localeCompare', function (that) { return apply(impl('String.localeCompare'), this, arguments); });
  })();
