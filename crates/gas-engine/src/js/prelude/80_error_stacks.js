  // ---- Error stacks ----------------------------------------------------------------
  // V8's `stack` starts with `Name: message`, and the platform's shows no frames of
  // its own services: gas-sim's prelude frames are left out the same way.
  (() => {
    const boaStack = Object.getOwnPropertyDescriptor(Error.prototype, 'stack');
    Object.defineProperty(Error.prototype, 'stack', {
      get() {
        const frames = boaStack.get.call(this);
        if (typeof frames !== 'string') return frames;
        let header;
        try { header = String(this); } catch (e) { header = 'Error'; }
        const kept = frames.split('\n').filter((line) => line !== '' && line.indexOf('(gas-sim:') < 0);
        const stack = [header].concat(kept).join('\n');
        // Fixed at the first read, as V8 fixes it once: a later change of `message` does
        // not show.
        try {
          Object.defineProperty(this, 'stack', { value: stack, writable: true, enumerable: false, configurable: true });
        } catch (e) { /* a frozen error keeps the accessor */ }
        return stack;
      },
      set: boaStack.set,
      enumerable: boaStack.enumerable,
      configurable: true,
    });
  })();

