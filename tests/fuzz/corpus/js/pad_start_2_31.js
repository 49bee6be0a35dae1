out.push(''.padStart(2 ** 31 - 1).length);
