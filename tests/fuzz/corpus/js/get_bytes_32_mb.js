out.push(Utilities.newBlob('x'.repeat(2 ** 25)).getBytes().length);
