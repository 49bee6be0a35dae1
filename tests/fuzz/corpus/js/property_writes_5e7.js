const o = {}; for (let i = 0; i < 5e7; i++) o['k' + (i % 1000)] = i;
