  // ---- XmlService -------------------------------------------------------------------
  // An object's handle is its id in the execution's XML store (gas_platform::xml); every
  // wrapper is derived from the catalogue's return types but removeContent, whose
  // overloads give a list of nodes, a boolean or one node.
  const xml = once(() => {
    let Content;
    const removeContent = (cls) => function (...args) {
      const r = call(cls + '.removeContent', this._h, args, true);
      if (Array.isArray(r)) return r.map((h) => new Content(h));
      return typeof r === 'number' ? new Content(r) : r;
    };
    for (const name of ['Attribute', 'Cdata', 'Comment', 'DocType', 'EntityRef', 'Format', 'Namespace',
      'ProcessingInstruction', 'Text']) {
      klass('XML_Service.' + name, {});
    }
    Content = klass('XML_Service.Content', {});
    klass('XML_Service.Document', { removeContent: removeContent('XML_Service.Document') });
    klass('XML_Service.Element', { removeContent: removeContent('XML_Service.Element') });
    const XmlService = service('XML_Service.XmlService', {});
    return { XmlService };
  });
