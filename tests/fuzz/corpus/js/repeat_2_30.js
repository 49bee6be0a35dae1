out.push('x'.repeat(2 ** 30).length);
