const line = 'x'.repeat(1 << 20); for (let i = 0; i < 500; i++) console.log(line);
