  // ---- ContentService (web-app responses) ---------------------------------------
  const content = (() => {
    const TextOutput = klass('TextOutput', {
      getContent() { return this._h.content; },
      setContent(text) { this._h.content = String(text); return this; },
      append(text) { this._h.content += String(text); return this; },
      getMimeType() { return this._h.mimeType; },
      setMimeType(type) { this._h.mimeType = type; return this; },
    });
    const ContentService = service('ContentService', {
      createTextOutput(content) { return new TextOutput({ content: content === undefined ? '' : String(content), mimeType: 'TEXT' }); },
    });
    hidden(Object.getPrototypeOf(ContentService), 'MimeType',
      enumOf(['ATOM', 'CSV', 'ICAL', 'JAVASCRIPT', 'JSON', 'RSS', 'TEXT', 'VCARD', 'XML']));
    return { TextOutput, ContentService  };
  })();

