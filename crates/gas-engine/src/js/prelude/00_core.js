// gas-sim prelude: the Apps Script service objects a script sees.
//
// Every method here is a thin wrapper: it calls the one native entry point,
// __gas_call(method, handle, args), which goes through the gate (clock, faults, trace)
// into gas-platform, where every rule lives. This file only gives results their
// Apps Script shape (Sheet, Range, Lock objects ...). A property a script asks for
// that gas-sim does not implement throws "gas-sim does not implement X.y()" instead of
// giving undefined: every class's prototype chain ends in a Proxy that says so.
(function (global) {
  'use strict';
  const call = global.__gas_call;
  const emit = global.__gas_log;
  const gap = global.__gas_gap;
  delete global.__gas_call;
  delete global.__gas_log;
  delete global.__gas_gap;

  // A plain frozen object, not a Set: the realm snapshot (prepared.rs) accepts only
  // objects whose state is all in their properties.
  const PASS_THROUGH = Object.freeze(Object.assign(Object.create(null),
    { toJSON: true, then: true, constructor: true, inspect: true, length: true, prototype: true }));
  // The end of every class's prototype chain. One handler serves all classes: the class
  // name is on the proxy's target, under a symbol no script can name.
  const CLASS_NAME = Symbol('gas-sim class');
  const MISSING = {
    get(target, key, receiver) {
      if (typeof key !== 'string' || PASS_THROUGH[key] === true || key in target || key.startsWith('_')) {
        return Reflect.get(target, key, receiver);
      }
      return notImplemented(target[CLASS_NAME] + '.' + key);
    },
  };
  // The one place a method gas-sim lacks is turned into a function that says so by name.
  // Each call is counted at the script's file:line by the native (the report lists it,
  // `--strict` fails on it), even when the script catches the error.
  function notImplemented(name) {
    return function () {
      throw new Error(gap(name));
    };
  }
  const missing = (className) => new Proxy({ [CLASS_NAME]: className }, MISSING);
  // `methods` becomes the prototype itself: its properties are defined once, by the
  // object literal. (Copying them onto an object whose chain ends in the Proxy costs a
  // [[Set]] through the Proxy per method, the larger part of building a service.)
  function prototypeOf(className, methods) {
    Object.setPrototypeOf(methods, missing(className));
    if (!Object.prototype.hasOwnProperty.call(methods, 'toString')) {
      Object.defineProperty(methods, 'toString', { value: () => className, enumerable: false, writable: true });
    }
    return methods;
  }
  function service(className, methods) {
    return Object.create(prototypeOf(className, methods));
  }
  const NO_HANDLE = { value: null, writable: true, enumerable: false };
  function klass(className, methods) {
    function Ctor(handle) {
      this._h = handle;
    }
    Ctor.prototype = prototypeOf(className, methods);
    Object.defineProperty(Ctor.prototype, '_h', NO_HANDLE);
    return Ctor;
  }
  // Method makers: most methods only pass their arguments to the service and give the
  // result its Apps Script shape. Rest parameters, not `arguments`: no arguments object
  // per call. (The services are built once per worker thread, so how they are built
  // costs nothing per execution.)
  const c = (method) => function (...args) { return call(method, this._h, args); };
  const chain = (method) => function (...args) { call(method, this._h, args); return this; };
  const wrap = (Ctor, method) => function (...args) {
    const h = call(method, this._h, args);
    return h === null ? null : new Ctor(h);
  };
  const wrapAll = (Ctor, method) => function (...args) {
    return call(method, this._h, args).map((h) => new Ctor(h));
  };
  const hidden = (obj, name, value) =>
    Object.defineProperty(obj, name, { value, enumerable: false, writable: false });

  // Every service is built here, once per worker thread and project: the realm this
  // prelude ran in is snapshot afterwards and put back after every execution
  // (prepared.rs), so no execution pays for building them and none sees another's changes.
  const enumOf = (names) => Object.freeze(names.reduce((o, n) => ((o[n] = n), o), {}));

