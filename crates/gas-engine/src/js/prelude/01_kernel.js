  // ---- The kernel: what every service is built with -----------------------------
  // A chunk (prelude.rs, `KERNEL`), loaded the first time a script touches any service
  // (90_chunks.js, `kernel`): what it defines and `KERNEL_NAMES` lists joins `core`,
  // where the other chunks and the core's globals (99_globals.js) read it.

  // The one place a method gas-sim lacks is turned into a function that says so by name.
  // Each call is counted at the script's file:line by the native (the report lists it,
  // `--strict` fails on it), even when the script catches the error.
  function notImplemented(name) {
    return function () {
      throw new Error(gap(name));
    };
  }
  // Every prototype built, with its catalogue enums, for `finishClasses` (a service's,
  // 99_globals.js) and `finishClass` (a class's, `lazyClass`).
  let built = [];
  // Each declared read's path in its handle, by `Class.method` (`reader`, `read` below).
  const readPaths = Object.create(null);
  // A class the prelude names, short (`Range`: the catalogue's rule picks Spreadsheet's)
  // or qualified (`Document.Range`), as [qualified name, its methods, its enums].
  function catalogueClass(className) {
    const qualified = className.indexOf('.') >= 0 ? className : catalogue.qualify(className);
    const entry = qualified === undefined ? undefined : catalogue.classEntry(qualified);
    if (entry === undefined) throw new Error('gas-sim prelude: ' + className + ' is no class of the catalogue');
    const bar = entry.indexOf('|');
    const methods = entry.slice(0, bar), enums = entry.slice(bar + 1);
    return [qualified, methods === '' ? [] : methods.split(','), enums === '' ? [] : enums.split(',')];
  }
  // `methods` becomes the prototype itself: the methods the prelude writes by hand, then
  // every other method gas-sim declares (gas-engine's `methods` registry) with its
  // wrapper made from the catalogue's return type (`derived`), then every other method of
  // the catalogue's class as notImplemented. A method the catalogue does not know is a
  // gas-sim bug, found here when the class is built: for every class, by the prelude's
  // eager run (`gas-sim api`, gas-engine's catalogue.rs tests).
  // Index loops and no array destructuring here and in the other loops a context runs as
  // it builds its services: boa runs `for...of` and `[a, b] = ...` through the iterator
  // protocol, a call and an object per step (with them, building a context per execution
  // took about 40% more CPU).
  function prototypeOf(className, methods) {
    const found = catalogueClass(className);
    const qualified = found[0], names = found[1], enums = found[2];
    const shown = className.slice(className.lastIndexOf('.') + 1);
    // A lookup, not `names.indexOf`: Range has about 200 methods.
    const isMethod = Object.create(null);
    for (let i = 0; i < names.length; i++) isMethod[names[i]] = true;
    const own = Object.keys(methods);
    for (let i = 0; i < own.length; i++) {
      const key = own[i];
      if (key !== 'toString' && key[0] !== '_' && isMethod[key] !== true) {
        throw new Error('gas-sim prelude: ' + shown + '.' + key + ' is not a method of ' + qualified + ' in the catalogue');
      }
    }
    const declared = catalogue.declared(qualified);
    const entries = declared === '' ? [] : declared.split(',');
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const equals = entry.indexOf('=');
      const name = entry.slice(0, equals), shape = entry.slice(equals + 1);
      const at = shape.indexOf('@');
      const kind = at < 0 ? shape : shape.slice(0, at);
      if (at >= 0) {
        const key = shape.slice(at + 1);
        readPaths[name] = key === '' ? [] : key.indexOf(' ') >= 0 ? null : key.split('.');
      }
      const method = name.slice(name.lastIndexOf('.') + 1);
      if (hasOwn(methods, method) || isMethod[method] !== true) continue;
      methods[method] = at < 0 ? derived(qualified, name, kind) : reader(qualified, name, kind, readPaths[name]);
    }
    if (catalogue.report !== undefined) {
      catalogue.report(qualified, Object.keys(methods).filter((key) => isMethod[key] === true).join(','));
    }
    for (let i = 0; i < names.length; i++) {
      if (!hasOwn(methods, names[i])) methods[names[i]] = notImplemented(shown + '.' + names[i]);
    }
    if (!hasOwn(methods, 'toString')) {
      Object.defineProperty(methods, 'toString', { value: () => shown, enumerable: false, writable: true });
    }
    built.push([methods, enums]);
    return methods;
  }
  // The constructor of each class the prelude builds, by qualified name, for the
  // wrappers `derived` makes: `klass` registers its own, the sheets classes theirs
  // (10_sheets.js, `sheetClass`). Looked up at call time, so classes may name each other
  // in any order.
  const ctors = {};
  function registerClass(className, Ctor) {
    ctors[catalogueClass(className)[0]] = Ctor;
    return Ctor;
  }
  function ctorOf(qualified) {
    const Ctor = ctors[qualified];
    if (Ctor === undefined) throw new Error('gas-sim prelude: no class built for ' + qualified);
    return Ctor;
  }
  // A declared method's wrapper from its catalogue return type, as the native says it
  // (gas-engine's catalogue.rs, `declared`): `value` (void or a plain value: c), `self`
  // (the class itself: the object, changed, or another of its class), `X` (another class),
  // `X[]` (an array of one).
  function derived(qualified, name, kind) {
    if (kind === 'value') return c(name);
    if (kind === 'self') {
      // A setter gives nothing back (the object itself, as chain); a getter a handle.
      return function (...args) {
        const h = call(name, this._h, args, true);
        return h === undefined ? this : h === null ? null : new (ctorOf(qualified))(h);
      };
    }
    if (kind.endsWith('[]')) {
      const target = kind.slice(0, -2);
      // An empty list needs no class (Document.getBookmarks of a class gas-sim lacks).
      return function (...args) {
        const handles = call(name, this._h, args, true);
        return handles.length === 0 ? handles : handles.map((h) => new (ctorOf(target))(h));
      };
    }
    return function (...args) {
      const h = call(name, this._h, args, true);
      return h === null ? null : new (ctorOf(kind))(h);
    };
  }
  // A declared read's getter (gas-engine's `methods::Read`): the handle's field that
  // Rust named, shaped by the catalogue's return type as `derived` shapes a call's result.
  // One or two keys are read directly: `getRow` stays one property read.
  function reader(qualified, name, kind, path) {
    // A sum of fields (`row + num_rows - 1`): the kernel's getter for it (prelude.rs).
    if (path === null) return sumReaders[name];
    const a = path[0];
    const b = path[1];
    // One field: the kernel's getter with the field's name (prelude.rs, `field_readers`).
    if (kind === 'value' && path.length === 1) return fieldReaders[a];
    const get = path.length === 0 ? (h) => h : path.length === 1 ? (h) => h[a] : (h) => (h[a] == null ? undefined : h[a][b]);
    if (kind === 'value') return function () { return get(this._h); };
    if (kind === 'date') return function () { return new Date(get(this._h)); };
    if (kind.endsWith('[]')) {
      const target = kind.slice(0, -2);
      return function () {
        const Ctor = ctorOf(target);
        return get(this._h).map((h) => new Ctor(h));
      };
    }
    const target = kind === 'self' ? qualified : kind;
    return function () {
      const h = get(this._h);
      return h === null || h === undefined ? null : new (ctorOf(target))(h);
    };
  }
  // Methods that change the object the script holds, as the platform's builders and
  // drafts do: each keeps the handle Rust gives back and returns the object itself
  // (`Class.method` as declared; a validation builder's steps, withItemResponse ...).
  function inPlace(className, methods) {
    const steps = {};
    for (let i = 0; i < methods.length; i++) {
      const method = methods[i];
      const qualified = className + '.' + method;
      steps[method] = function (...args) { this._h = call(qualified, this._h, args, true); return this; };
    }
    return steps;
  }
  // A declared read's path, its class built first if it was not (`lazyClass`): a
  // builder reads the paths of the class it builds before any object of it exists.
  function readPathOf(name) {
    if (!(name in readPaths)) {
      const className = name.slice(0, name.lastIndexOf('.'));
      const qualified = className.indexOf('.') >= 0 ? className : catalogue.qualify(className);
      if (qualified !== undefined && classBuilders[qualified] !== undefined) classBuilders[qualified]();
    }
    return readPaths[name];
  }
  // A declared read's raw value, for the methods that reshape it by hand (a default for a
  // missing field, a copy): `read(this, 'BooleanCondition.getBackground')`.
  function read(object, name) {
    const path = readPathOf(name);
    if (!path) throw new Error('gas-sim prelude: no field read declared for ' + name);
    let h = object._h;
    for (let i = 0; i < path.length; i++) {
      if (h === null || h === undefined) return undefined;
      h = h[path[i]];
    }
    return h;
  }
  // The one field a declared read takes, for a builder that writes what the read reads
  // (TextStyleBuilder: `readKey('TextStyle.isBold')`).
  function readKey(name) {
    const path = readPathOf(name);
    if (!path || path.length !== 1) throw new Error('gas-sim prelude: no one-field read declared for ' + name);
    return path[0];
  }
  function service(className, methods) {
    return Object.create(prototypeOf(className, methods));
  }
  const NO_HANDLE = { value: null, writable: true, enumerable: false };
  // A class whose prototype is built the first time it makes an object: building a
  // service registers its classes, and a project that uses Sheet and Range builds those
  // two of SpreadsheetApp's forty (a prototype is a function per catalogue method, Range
  // has about 200). `methods()` gives the hand-written methods then; `finish(prototype)`
  // adds what the service file sets on it (before the catalogue's enums). Scripts never
  // reach a constructor, only its objects, so they cannot tell when it was built.
  // `classBuilt` tells gas-engine (prepared.rs), which builds again, after the realm
  // restore, what an execution built, and takes the snapshot anew with it, as it does
  // for the globals (99_globals.js).
  // Each class's `build`: by qualified name, and every one in order. (Also the
  // constructor's own `build`: no Map, which the realm snapshot cannot hold.)
  const classBuilders = Object.create(null);
  const everyBuild = [];
  function lazyClass(className, methods, finish) {
    const qualified = catalogueClass(className)[0];
    let ready = false;
    function Ctor(handle) {
      if (!ready) {
        build();
        return new Ctor(handle);
      }
      this._h = handle;
    }
    // Ready only once the whole prototype is: a build that throws (a RangeError near the
    // stack limit) leaves the class to be built again at its next object.
    function build() {
      if (ready) return Ctor.prototype;
      const prototype = prototypeOf(className, methods());
      Object.defineProperty(prototype, '_h', NO_HANDLE);
      if (finish !== undefined) finish(prototype);
      finishClass(prototype);
      Ctor.prototype = prototype;
      ready = true;
      classBuilt(qualified);
      return prototype;
    }
    registerClass(className, Ctor);
    classBuilders[qualified] = build;
    everyBuild.push(build);
    Object.defineProperty(Ctor, 'build', { value: build });
    return Ctor;
  }
  function klass(className, methods, finish) {
    return lazyClass(className, () => methods, finish);
  }
  // A class's prototype, built now if it was not (a service that borrows its methods).
  const builtPrototype = (Ctor) => Ctor.build();
  // gas-engine's rebuild after a restore: the classes named (comma-separated) that are
  // registered in this realm state (a class of a service not built again is left out).
  function buildClasses(names) {
    const list = names === '' ? [] : names.split(',');
    for (let i = 0; i < list.length; i++) {
      if (classBuilders[list[i]] !== undefined) classBuilders[list[i]]();
    }
  }
  // Every class registered so far (`gas-sim api`'s eager run: each reports its methods).
  function buildEveryClass() {
    for (let i = 0; i < everyBuild.length; i++) everyBuild[i]();
  }
  // Method makers: most methods only pass their arguments to the service and give the
  // result its Apps Script shape; `derived` makes those of every declared method a
  // prelude object leaves out, so the service files write only what needs JS (a getter
  // read from the handle, an argument unwrapped, a value object built). Rest parameters, not `arguments`: no arguments object
  // per call. (The services are built once per worker thread, so how they are built
  // costs nothing per execution.)
  // They pass the script's own arguments (the fourth argument `true`): gas-engine checks
  // and converts them against the catalogue's overloads.
  const c = (method) => function (...args) { return call(method, this._h, args, true); };
  const chain = (method) => function (...args) { call(method, this._h, args, true); return this; };
  const wrap = (Ctor, method) => function (...args) {
    const h = call(method, this._h, args, true);
    return h === null ? null : new Ctor(h);
  };
  const wrapAll = (Ctor, method) => function (...args) {
    return call(method, this._h, args, true).map((h) => new Ctor(h));
  };
  const hidden = (obj, name, value) =>
    Object.defineProperty(obj, name, { value, enumerable: false, writable: false });

  // Every service is built the first time a script touches its global (99_globals.js),
  // once per worker thread and project: the realm is snapshot again with it and put back
  // after every execution (prepared.rs), so no execution pays for building it twice and
  // none sees another's changes.
  // A service's objects, made on first use and then the same ones.
  const once = (make) => {
    let made = false;
    let value;
    return () => {
      if (!made) {
        value = make();
        made = true;
      }
      return value;
    };
  };
  const enumOf = (names) => Object.freeze(names.reduce((o, n) => ((o[n] = n), o), {}));
  const catalogueEnum = (qualified) => enumOf(catalogue.enumValues(qualified).split(','));
  // The catalogue's enums on every prototype built (`SpreadsheetApp.BorderStyle`), after
  // the service files defined theirs (those win: `ScriptApp.WeekDay` keeps its numbers).
  function finishClasses() {
    for (let i = 0; i < built.length; i++) addEnums(built[i][0], built[i][1]);
    built = [];
  }
  // One class's prototype alone: a class built while its service is being built must not
  // finish the service's prototype before the service file has set its own enums.
  function finishClass(proto) {
    const rest = [];
    for (let i = 0; i < built.length; i++) {
      if (built[i][0] === proto) addEnums(proto, built[i][1]);
      else rest[rest.length] = built[i];
    }
    built = rest;
  }
  function addEnums(proto, enums) {
    for (let j = 0; j < enums.length; j++) {
      const colon = enums[j].indexOf(':');
      const prop = enums[j].slice(0, colon);
      if (!(prop in proto)) hidden(proto, prop, catalogueEnum(enums[j].slice(colon + 1)));
    }
  }

