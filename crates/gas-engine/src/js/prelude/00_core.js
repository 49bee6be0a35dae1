// gas-sim prelude: the Apps Script service objects a script sees.
//
// Every method here is a thin wrapper: it calls the one native entry point,
// __gas_call(method, handle, args), which goes through the gate (clock, faults, trace)
// into gas-platform, where every rule lives. This file only gives results their
// Apps Script shape (Sheet, Range, Lock objects ...). Every object is built from the
// catalogue of the platform (gas_platform::catalogue): a member the platform has and
// gas-sim does not implement is a function that throws "gas-sim does not implement
// X.y()"; a member the platform lacks is undefined, as there.
(function (global) {
  'use strict';
  const call = global.__gas_call;
  const emit = global.__gas_log;
  // Lookups in the catalogue's compiled-in tables (gas-engine/src/catalogue.rs), kept:
  // services are built on first touch (99_globals.js), each from its classes' entries.
  const catalogue = global.__gas_catalogue();
  const gap = global.__gas_gap;
  delete global.__gas_call;
  delete global.__gas_log;
  delete global.__gas_catalogue;
  delete global.__gas_gap;
  const classBuilt = global.__gas_class_built;
  delete global.__gas_class_built;
  const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
  // Builtins as they are before any script runs: the kernel loads when a script first
  // touches a service, after the script may have replaced them (`Date.now = ...`).
  const clockNow = Date.now;
  const keysOf = Object.keys;
  const defineOwn = Object.defineProperty;
  // The project's enabled advanced services, by the symbol the manifest gives each:
  // the catalogue class, or `!serviceId version` for one the catalogue does not hold
  // (appsscript.json `dependencies.enabledAdvancedServices`; the kernel's `makeGlobal`
  // builds them). Read now, while `split` and `slice` are the builtins.
  const advancedOf = Object.create(null);
  const enabledAdvanced = global.__gas_advanced();
  delete global.__gas_advanced;
  if (enabledAdvanced !== '') {
    const entries = enabledAdvanced.split(',');
    for (let i = 0; i < entries.length; i++) {
      const at = entries[i].indexOf('=');
      advancedOf[entries[i].slice(0, at)] = entries[i].slice(at + 1);
    }
  }
  // The helpers every service shares (`klass`, `derived`, `once` ...) and the small
  // services are the *kernel* (01_kernel.js and 20_lock.js to 70_logging.js): a chunk,
  // as the bigger services are, loaded before the first of them (90_chunks.js). A project
  // that touches no service never parses them.

