  // ---- Utilities ----------------------------------------------------------------
  const utilities = (() => {
    const bytesOf = (data) => (data instanceof Blob ? data._h.bytes : data);
    const Utilities = service('Utilities', {
      sleep: c('Utilities.sleep'),
      formatDate: c('Utilities.formatDate'),
      parseDate: c('Utilities.parseDate'),
      formatString: c('Utilities.formatString'),
      getUuid: c('Utilities.getUuid'),
      base64Encode(data, charset) { return call('Utilities.base64Encode', null, [bytesOf(data), charset]); },
      base64EncodeWebSafe(data, charset) { return call('Utilities.base64EncodeWebSafe', null, [bytesOf(data), charset]); },
      base64Decode: c('Utilities.base64Decode'),
      base64DecodeWebSafe: c('Utilities.base64DecodeWebSafe'),
      computeDigest(algorithm, value, charset) { return call('Utilities.computeDigest', null, [algorithm, bytesOf(value), charset]); },
      computeHmacSha256Signature(value, key, charset) {
        return call('Utilities.computeHmacSha256Signature', null, [bytesOf(value), bytesOf(key), charset]);
      },
      computeHmacSignature(algorithm, value, key, charset) {
        return call('Utilities.computeHmacSignature', null, [algorithm, bytesOf(value), bytesOf(key), charset]);
      },
      newBlob(...args) { return new Blob(call('Utilities.newBlob', null, [bytesOf(args[0]), ...args.slice(1)])); },
      parseCsv: c('Utilities.parseCsv'),
      zip(blobs, ...rest) {
        return new Blob(call('Utilities.zip', null, [Array.isArray(blobs) ? blobs.map(handleOf) : blobs, ...rest]));
      },
      unzip(...args) { return call('Utilities.unzip', null, [handleOf(args[0]), ...args.slice(1)]).map((h) => new Blob(h)); },
      gzip(...args) { return new Blob(call('Utilities.gzip', null, [handleOf(args[0]), ...args.slice(1)])); },
      ungzip(...args) { return new Blob(call('Utilities.ungzip', null, [handleOf(args[0]), ...args.slice(1)])); },
    });
    hidden(Object.getPrototypeOf(Utilities), 'DigestAlgorithm', enumOf(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']));
    hidden(Object.getPrototypeOf(Utilities), 'MacAlgorithm', enumOf(['HMAC_MD5', 'HMAC_SHA_1', 'HMAC_SHA_256', 'HMAC_SHA_384', 'HMAC_SHA_512']));
    hidden(Object.getPrototypeOf(Utilities), 'Charset', enumOf(['US_ASCII', 'UTF_8']));
    return { bytesOf, Utilities };
  })();

