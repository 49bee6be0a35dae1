  // ---- Blob and UrlFetchApp -----------------------------------------------------
  const fetch = (() => {
    const Blob = klass('Blob', {
      getBytes() { return this._h.bytes.slice(); },
      getDataAsString(charset) { return call('Blob.getDataAsString', null, [this._h.bytes, charset]); },
      getContentType() { return this._h.contentType; },
      setContentType(type) { this._h.contentType = type; return this; },
      getName() { return this._h.name; },
      setName(name) { this._h.name = name; return this; },
      copyBlob() { return new Blob(Object.assign({}, this._h, { bytes: this._h.bytes.slice() })); },
      isGoogleType() { return false; },
    });
    const HTTPResponse = klass('HTTPResponse', {
      getResponseCode() { return this._h.status; },
      getContentText(charset) { return this._h.body; },
      getHeaders() { return Object.assign({}, this._h.headers); },
      getAllHeaders() { return Object.assign({}, this._h.headers); },
      getBlob() { return new Blob({ bytes: call('HTTPResponse.getBlob', null, [this._h.body]).bytes, contentType: this._h.headers['Content-Type'] || null, name: null }); },
      getAs(type) { return this.getBlob().setContentType(type); },
    });
    const UrlFetchApp = service('UrlFetchApp', {
      fetch(url, params) { return new HTTPResponse(call('UrlFetchApp.fetch', null, [url, params || {}])); },
      fetchAll(requests) {
        return call('UrlFetchApp.fetchAll', null, [requests]).map((h) => new HTTPResponse(h));
      },
    });
    return { Blob, HTTPResponse, UrlFetchApp  };
  })();

