out.push([3, 1, 2].sort(() => { for (;;) {} }));
