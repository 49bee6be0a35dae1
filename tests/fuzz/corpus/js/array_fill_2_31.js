out.push(new Array(2 ** 31).fill(0).length);
