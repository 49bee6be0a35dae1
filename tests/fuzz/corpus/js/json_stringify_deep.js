let d = {}; for (let i = 0; i < 20000; i++) d = { d }; out.push(JSON.stringify(d).length);
