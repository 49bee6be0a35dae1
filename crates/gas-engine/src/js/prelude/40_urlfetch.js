  // ---- UrlFetchApp (Blob is in 39_blob.js) -----------------------------------------
  const fetch = once(() => {
    const HTTPResponse = klass('HTTPResponse', {
      // getResponseCode, getContentText: reads of the handle (bindings/urlfetch.rs); the
      // headers are copied, so a script that changes them changes its copy.
      getHeaders() { return Object.assign({}, read(this, 'HTTPResponse.getHeaders')); },
      getAllHeaders() { return Object.assign({}, read(this, 'HTTPResponse.getAllHeaders')); },
      getBlob() {
        const bytes = call('HTTPResponse.getBlob', null, [this.getContentText()]).bytes;
        return new Blob({ bytes, contentType: read(this, 'HTTPResponse.getHeaders')['Content-Type'] || null, name: null });
      },
      getAs(type) { return this.getBlob().getAs(type); },
      getContent() { return call('HTTPResponse.getContent', null, [this.getContentText()]); },
    });
    const UrlFetchApp = service('UrlFetchApp', {
      fetch(url, params, ...more) { return new HTTPResponse(call('UrlFetchApp.fetch', null, [url, params || {}, ...more], true)); },
      // A plain object, as on the platform (the catalogue's type is the params' interface).
      getRequest(...args) { return call('UrlFetchApp.getRequest', null, args, true); },
      fetchAll(requests) {
        return call('UrlFetchApp.fetchAll', null, [requests], true).map((h) => new HTTPResponse(h));
      },
    });
    return { Blob, HTTPResponse, UrlFetchApp  };
  });

