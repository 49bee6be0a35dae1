try { out.push(Utilities.gzip(Utilities.newBlob('x'.repeat(40 * 1024 * 1024))).getBytes().length); } catch (e) { out.push(String(e)); }
