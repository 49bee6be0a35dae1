  // ---- Advanced services (Sheets API v4, Drive API v3) --------------------------------
  // Globals only in a project whose manifest enables them (99_globals.js). A service's
  // root and collections are objects of the catalogue's classes: a method gas-sim
  // declares calls Rust (bindings/advanced/) by the collection's short name
  // (`ValuesCollection.get`), every other one is a named gap; each collection property
  // (`Spreadsheets`, `Values`) holds an object of its class. The root's `newX()` makers
  // give the empty objects a request is built in (assumed: plain objects). The root and
  // each collection print as the service's identifier, and the root has `getVersion()`
  // (observed: `AdvancedServiceIdentifier{name=sheets, version=v4}` and `v4`, in a
  // peer's conformance tests run on the platform; neither is in the reference).
  const advanced = once(() => {
    // Methods whose overloads answer differently (Drive's `Files.get` with `alt: 'media'`
    // answers the content): written here, Rust decides.
    const byHand = {
      'Drive_v3.FilesCollection': { get: c('FilesCollection.get') },
    };
    function collection(qualified, root) {
      const own = Object.assign({}, byHand[qualified] || {});
      own.toString = () => 'AdvancedServiceIdentifier{name=' + root.name + ', version=' + root.version + '}';
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
          { value: collection(entry.slice(at + 1), root), enumerable: true, writable: true, configurable: true });
      }
      return object;
    }
    // `Sheets_v4.Sheets`: the API's name and version are the namespace's.
    function advancedService(qualified) {
      const namespace = qualified.slice(0, qualified.indexOf('.'));
      const cut = namespace.lastIndexOf('_');
      const root = { name: namespace.slice(0, cut).toLowerCase(), version: namespace.slice(cut + 1) };
      const object = collection(qualified, root);
      Object.defineProperty(object, 'getVersion', { value: () => root.version, writable: true, configurable: true });
      return object;
    }
    return { service: advancedService };
  });
