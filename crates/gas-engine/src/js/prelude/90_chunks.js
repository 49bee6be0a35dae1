  // ---- Services compiled on first need ----------------------------------------------
  // The services are not in this script: each is a *chunk* (gas-engine's prelude.rs),
  // compiled the first time a script touches one of its globals and evaluated then, to a
  // function of `core` (the shared names below) that returns the chunk's `once` makers.
  // prelude.rs writes after this file the `core` object, on which gas-engine puts one
  // maker per export (`core.gmail = fromChunk('gmail', 'gmail')`, prepared.rs).
  const loadChunk = global.__gas_chunk;
  delete global.__gas_chunk;
  // No prototype: a setter a script put on Object.prototype never sees a chunk.
  const chunks = Object.create(null);
  // The kernel chunk first: the helpers it returns join `core`, which every other chunk
  // reads them from (and the globals below, as `kernel().service`).
  function kernel() {
    if (!hasOwn(chunks, 'kernel')) {
      const made = loadChunk('kernel')(core);
      const names = keysOf(made);
      // Defined, not assigned: an assignment would call a setter a script put on
      // Object.prototype under a helper's name, and the helper would be missing.
      for (let i = 0; i < names.length; i++) {
        defineOwn(core, names[i], { value: made[names[i]], writable: true, enumerable: true, configurable: true });
      }
      chunks.kernel = made;
    }
    return core;
  }
  const fromChunk = (chunk, name) => () => {
    if (!hasOwn(chunks, chunk)) {
      kernel();
      if (!hasOwn(chunks, chunk)) chunks[chunk] = loadChunk(chunk)(core);
    }
    return chunks[chunk][name]();
  };
