  // ---- HtmlService (web-app pages and templates) --------------------------------
  // An HtmlOutput is a handle like a TextOutput. A template is compiled by gas-platform
  // (webapp::template) to JS that runs here, in the script's global scope with the
  // template's variables in front (`with`), as the platform's templates see globals
  // and `template.foo = ...`; the printed values go back to gas-platform to be escaped
  // for where they land.
  const html = once(() => {
    const MakeFunction = global.Function;
    const text = (value) => String(value);
    const MetaTag = klass('HtmlOutputMetaTag', {
      getName() { return this._h.name; },
      getContent() { return this._h.content; },
    });
    const newOutput = (content) => new HtmlOutput({
      __gas_output: 'html', content, title: '', metaTags: [], xFrameOptionsMode: 'DEFAULT',
      sandboxMode: 'IFRAME', faviconUrl: null, width: null, height: null,
    });
    const blobOf = (h, contentType) => utilities().Utilities.newBlob(h.content, contentType, h.title === '' ? null : h.title);
    const HtmlOutput = klass('HtmlOutput', {
      getContent() { return this._h.content; },
      setContent(content) { this._h.content = text(content); return this; },
      append(addedContent) { this._h.content += text(addedContent); return this; },
      appendUntrusted(addedContent) {
        this._h.content += call('HtmlOutput.appendUntrusted', null, [text(addedContent)]);
        return this;
      },
      clear() { this._h.content = ''; return this; },
      getTitle() { return this._h.title; },
      setTitle(title) { this._h.title = text(title); return this; },
      addMetaTag(name, content) { this._h.metaTags.push({ name: text(name), content: text(content) }); return this; },
      getMetaTags() { return this._h.metaTags.map((t) => new MetaTag({ name: t.name, content: t.content })); },
      setXFrameOptionsMode(mode) { this._h.xFrameOptionsMode = text(mode); return this; },
      setSandboxMode(mode) { this._h.sandboxMode = text(mode); return this; },
      getFaviconUrl() { return this._h.faviconUrl; },
      setFaviconUrl(iconUrl) { this._h.faviconUrl = text(iconUrl); return this; },
      getWidth() { return this._h.width; },
      setWidth(width) { this._h.width = Number(width); return this; },
      getHeight() { return this._h.height; },
      setHeight(height) { this._h.height = Number(height); return this; },
      getBlob() { return blobOf(this._h, 'text/html'); },
      getAs(contentType) {
        // Only the page's own text: converting HTML to PDF is beyond gas-sim.
        if (contentType !== 'text/html' && contentType !== 'text/plain') {
          return notImplemented('HtmlOutput.getAs(' + contentType + ')')();
        }
        return blobOf(this._h, contentType);
      },
      asTemplate() { return new HtmlTemplate(call('HtmlService.createTemplate', null, [this._h.content])); },
    });
    const printer = (parts) => ({
      t(s) { parts.push([0, s]); },
      p(v) {
        let json = null;
        try { json = JSON.stringify(v); } catch (e) { json = null; }
        parts.push([1, text(v), json === undefined ? null : json]);
      },
      r(v) { parts.push([2, text(v)]); },
    });
    const HtmlTemplate = klass('HtmlTemplate', {
      evaluate() {
        const vars = Object.create(null);
        for (const key of Object.keys(this)) if (key !== '_h') vars[key] = this[key];
        const parts = [];
        const run = new MakeFunction('__gas_out', '__gas_vars', 'with (__gas_vars) {\n' + this._h.code + '\n}');
        run(printer(parts), vars);
        return newOutput(call('HtmlTemplate.evaluate', null, [parts]));
      },
      getCode() { return this._h.code; },
      getCodeWithComments() { return this._h.codeWithComments; },
      getRawContent() { return this._h.source; },
    });
    // `html` may be a string, a Blob or a BlobSource (anything with getBlob), or nothing.
    const sourceOf = (html) => {
      if (html === undefined || html === null) return '';
      if (typeof html === 'object' && typeof html.getDataAsString === 'function') return html.getDataAsString();
      if (typeof html === 'object' && typeof html.getBlob === 'function') return html.getBlob().getDataAsString();
      return text(html);
    };
    const HtmlService = service('HtmlService', {
      createHtmlOutput(html) { return newOutput(sourceOf(html)); },
      createHtmlOutputFromFile(filename) { return newOutput(call('HtmlService.createHtmlOutputFromFile', null, [filename], true)); },
      createTemplate(html) { return new HtmlTemplate(call('HtmlService.createTemplate', null, [sourceOf(html)])); },
      createTemplateFromFile(filename) {
        return new HtmlTemplate(call('HtmlService.createTemplateFromFile', null, [filename], true));
      },
    });
    const proto = Object.getPrototypeOf(HtmlService);
    hidden(proto, 'XFrameOptionsMode', enumOf(['ALLOWALL', 'DEFAULT']));
    hidden(proto, 'SandboxMode', enumOf(['EMULATED', 'IFRAME', 'NATIVE']));
    return { HtmlOutput, HtmlTemplate, HtmlService };
  });

