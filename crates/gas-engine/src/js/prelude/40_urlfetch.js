  // ---- UrlFetchApp (Blob is in 39_blob.js) -----------------------------------------
  const fetch = once(() => {
    const HTTPResponse = klass('HTTPResponse', {
      getResponseCode() { return this._h.status; },
      getContentText(charset) { return this._h.body; },
      getHeaders() { return Object.assign({}, this._h.headers); },
      getAllHeaders() { return Object.assign({}, this._h.headers); },
      getBlob() { return new Blob({ bytes: call('HTTPResponse.getBlob', null, [this._h.body]).bytes, contentType: this._h.headers['Content-Type'] || null, name: null }); },
      getAs(type) { return this.getBlob().getAs(type); },
    });
    const UrlFetchApp = service('UrlFetchApp', {
      fetch(url, params) { return new HTTPResponse(call('UrlFetchApp.fetch', null, [url, params || {}])); },
      fetchAll(requests) {
        return call('UrlFetchApp.fetchAll', null, [requests]).map((h) => new HTTPResponse(h));
      },
    });
    return { Blob, HTTPResponse, UrlFetchApp  };
  });

