out.push(Array.from({ length: 2 ** 32 - 1 }, (x, i) => i).length);
