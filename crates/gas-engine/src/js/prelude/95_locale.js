  // ---- Locale-sensitive builtins (en-US): stubs --------------------------------------
  // The implementations are a chunk (81_locale.js, compiled on the first call of any of
  // these); each builtin is a stub that calls its implementation, so the functions a
  // script sees are the same ones before and after. `Reflect.apply` is taken now: a
  // script that replaces Function.prototype.apply changes nothing here.
  (() => {
    const apply = Reflect.apply;
    // `owner.prototype[name]` calls the chunk's `Owner.name`; `localeCompare` takes one
    // argument (its `length`), the others none.
    const stub = (owner, name) => {
      const key = owner.name + '.' + name;
      const fn = name === 'localeCompare'
        ? function (that) { return apply(localeMethods()[key], this, arguments); }
        : function () { return apply(localeMethods()[key], this, arguments); };
      defineOwn(owner.prototype, name, { value: fn, writable: true, enumerable: false, configurable: true });
    };
    stub(Date, 'toLocaleString');
    stub(Date, 'toLocaleDateString');
    stub(Date, 'toLocaleTimeString');
    stub(Array, 'toLocaleString');
    stub(Number, 'toLocaleString');
    stub(BigInt, 'toLocaleString');
    stub(String, 'localeCompare');
  })();
