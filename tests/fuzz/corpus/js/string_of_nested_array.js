let n = []; for (let i = 0; i < 20000; i++) n = [n]; out.push(String(n).length);
