  // ---- DocumentApp ------------------------------------------------------------------
  // A Document's handle is { d, s }, an element's { d, s, e, t } (bindings/documents):
  // every wrapper is derived from the catalogue's return types. A method typed to give
  // an Element or a ContainerElement gives the object of the element's own class, picked
  // by the type its handle names; every element class has Element's casts
  // (`asParagraph()` ...), declared per class (bindings/documents/declared.rs).
  const documents = once(() => {
    session(); // Base.User, which getEditors gives
    const byType = {
      BODY_SECTION: 'Body', HEADER_SECTION: 'HeaderSection', FOOTER_SECTION: 'FooterSection',
      PARAGRAPH: 'Paragraph', LIST_ITEM: 'ListItem', TABLE: 'Table', TABLE_ROW: 'TableRow',
      TABLE_CELL: 'TableCell', TEXT: 'Text', HORIZONTAL_RULE: 'HorizontalRule', PAGE_BREAK: 'PageBreak',
      INLINE_IMAGE: 'InlineImage',
    };
    const classes = {};
    for (const name of Object.keys(byType).map((t) => byType[t])) classes[name] = klass('Document.' + name, {});
    for (const name of ['RangeElement', 'Tab', 'DocumentTab', 'NamedRange', 'Range']) {
      klass('Document.' + name, {});
    }
    // A document open trigger's `e.source` is one (99_globals.js).
    const Document = klass('Document.Document', {});
    klass('Document.RangeBuilder', inPlace('RangeBuilder', ['addElement', 'addRange']));
    klass('Document.Element', {});
    klass('Document.ContainerElement', {});
    function typed(h) {
      return new classes[byType[h.t]](h);
    }
    registerClass('Document.Element', typed);
    registerClass('Document.ContainerElement', typed);
    const DocumentApp = service('Document.DocumentApp', {});
    return { DocumentApp, Document };
  });
