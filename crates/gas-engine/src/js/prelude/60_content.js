  // ---- ContentService (web-app responses) ---------------------------------------
  // A TextOutput is a handle the script fills; the platform serves what it holds when
  // doGet/doPost returns it (gas_platform::webapp::response, through `__gas_output`).
  const content = once(() => {
    const text = (value) => String(value);
    const TextOutput = klass('TextOutput', {
      getContent() { return this._h.content; },
      setContent(content) { this._h.content = text(content); return this; },
      append(addedContent) { this._h.content += text(addedContent); return this; },
      clear() { this._h.content = ''; return this; },
      getMimeType() { return this._h.mimeType; },
      setMimeType(mimeType) { this._h.mimeType = call('TextOutput.setMimeType', null, [mimeType], true); return this; },
      downloadAsFile(filename) { this._h.fileName = text(filename); return this; },
      getFileName() { return this._h.fileName; },
    });
    const ContentService = service('ContentService', {
      createTextOutput(content) {
        return new TextOutput({
          __gas_output: 'text', content: content === undefined ? '' : text(content), mimeType: 'TEXT', fileName: null,
        });
      },
    });
    hidden(Object.getPrototypeOf(ContentService), 'MimeType',
      enumOf(['ATOM', 'CSV', 'ICAL', 'JAVASCRIPT', 'JSON', 'RSS', 'TEXT', 'VCARD', 'XML']));
    return { TextOutput, ContentService };
  });

