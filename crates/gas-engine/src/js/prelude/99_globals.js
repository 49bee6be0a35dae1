  // A trigger event's object made from the scheduler's JSON (the kernel's `openEvent`).
  // Defined before the service globals, where it always was.
  Object.defineProperty(global, '__gas_open_event', {
    value: (e) => kernel().openEvent(e),
    writable: true, enumerable: false, configurable: true,
  });

  // ---- The globals ----------------------------------------------------------------
  // Plain data properties, as the platform's globals are: a script may replace them.
  // Each is built the first time anything reads or changes it (the global object is
  // vendored boa's LazyGlobal, patch 0021: until then the property holds `build`, which
  // no script can see; its key, place and attributes are there from the start), so a
  // project pays only for the services it names. Which globals, in which order, is
  // gas-engine's (prelude.rs `global_names`): the implemented services, every other
  // global of the catalogue (a service gas-sim does not implement is there, every method
  // saying so by name), and the symbols of the project's enabled advanced services (only
  // where the manifest enables them: elsewhere `Sheets` is not defined, as on the
  // platform). How each is built is the kernel's (`makeGlobal`, 02_globals.js).
  function build(name) {
    const value = kernel().makeGlobal(name);
    kernel().finishClasses();
    return value;
  }
  // False where the global object cannot build lazily (`gas-sim api`'s run of the
  // prelude, which must see every class built): every global is built now.
  // A string in `gas-sim api SERVICE`'s run: the only globals to build (each keeps its
  // `build` otherwise, which nothing there reads).
  const lazy = global.__gas_lazy_globals(build);
  delete global.__gas_lazy_globals;
  // Every global, holding `build` until it is built (defined natively: prepared.rs).
  const globalNames = global.__gas_define_globals(build);
  delete global.__gas_define_globals;
  if (lazy !== true) kernel().buildGlobalsNow(globalNames, lazy);
  // How gas-engine builds again the classes an execution built (prepared.rs).
  // (Before the kernel is loaded no class is registered, so there is none to build.)
  global.__gas_class_builder((names) => { if (hasOwn(chunks, 'kernel')) core.buildClasses(names); });
  delete global.__gas_class_builder;
