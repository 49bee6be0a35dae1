const a = []; a.length = 2 ** 32 - 1; out.push(a.join().length);
