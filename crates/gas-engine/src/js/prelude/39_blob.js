  // ---- Blob -----------------------------------------------------------------------
  // A blob's handle is { bytes, contentType, name }, its bytes signed as Java's byte[].
  // Every service that makes or takes blobs (UrlFetchApp, Utilities, mail attachments,
  // web apps) uses this one `Blob` and `blobOf`; the rules (default types, charsets,
  // getAs, the extension table) are in gas_platform::utilities.
  const Blob = klass('Blob', {
    getBytes() { return this._h.bytes.slice(); },
    getContentType() { return this._h.contentType; },
    setContentType(type) { this._h.contentType = type == null ? null : String(type); return this; },
    setContentTypeFromExtension() {
      this._h.contentType = call('Blob.setContentTypeFromExtension', this._h, []);
      return this;
    },
    getName() { return this._h.name; },
    setName(name) { this._h.name = name == null ? null : String(name); return this; },
    setBytes(...args) { this._h.bytes = call('Blob.setBytes', this._h, args); return this; },
    setDataFromString(...args) { this._h.bytes = call('Blob.setDataFromString', this._h, args); return this; },
    getAs(...args) { return new Blob(call('Blob.getAs', this._h, args)); },
    getBlob() { return this; },
    // The blobs a composite blob holds; no blob gas-sim makes is composite (assumed: a
    // plain blob holds itself alone).
    getAllBlobs() { return [this]; },
    copyBlob() { return new Blob(Object.assign({}, this._h, { bytes: this._h.bytes.slice() })); },
  });
  // A BlobSource (a Blob, an HTTPResponse, ...) as its Blob; anything else unchanged, so
  // the binding reports the platform's signature error for it.
  const blobOf = (source) => {
    if (source instanceof Blob) return source;
    if (source != null && typeof source === 'object' && typeof source.getBlob === 'function') {
      const blob = source.getBlob();
      if (blob instanceof Blob) return blob;
    }
    return source;
  };
  // The handle a binding reads for a blob argument.
  const handleOf = (source) => {
    const blob = blobOf(source);
    return blob instanceof Blob ? blob._h : blob;
  };

