  // ---- Locale-sensitive builtins (en-US): stubs --------------------------------------
  // The implementations are a chunk (81_locale.js, compiled on the first call of any of
  // them); the builtins a script sees are native stubs that call them (gas-engine's
  // locale_stubs.rs), defined here with the chunk's maker.
  global.__gas_locale_stubs(core.localeMethods);
  delete global.__gas_locale_stubs;
