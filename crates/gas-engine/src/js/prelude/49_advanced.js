  // ---- Advanced services (Sheets API v4, Drive API v3) --------------------------------
  // Globals only in a project whose manifest enables them (99_globals.js). A service's
  // root and collections are objects of the catalogue's classes: a method gas-sim
  // declares calls Rust (bindings/advanced/) by the collection's short name
  // (`ValuesCollection.get`), every other one is a named gap; each collection property
  // (`Spreadsheets`, `Values`) holds an object of its class. The root's `newX()` makers
  // give the empty objects a request is built in (assumed: plain objects).
  const advanced = once(() => {
    // Methods whose overloads answer differently (Drive's `Files.get` with `alt: 'media'`
    // answers the content): written here, Rust decides.
    const byHand = {
      'Drive_v3.FilesCollection': { get: c('FilesCollection.get') },
    };
    function collection(qualified) {
      const own = Object.assign({}, byHand[qualified] || {});
      const names = catalogueClass(qualified)[1];
      for (let i = 0; i < names.length; i++) {
        if (/^new[A-Z]/.test(names[i])) own[names[i]] = () => ({});
      }
      const object = service(qualified, own);
      const fields = catalogue.objectFields(qualified);
      const entries = fields === '' ? [] : fields.split(',');
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        const at = entry.indexOf(':');
        Object.defineProperty(object, entry.slice(0, at),
          { value: collection(entry.slice(at + 1)), enumerable: true, writable: true, configurable: true });
      }
      return object;
    }
    return { service: collection };
  });
