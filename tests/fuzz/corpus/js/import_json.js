import('x.json', { with: { type: 'json' } }).then((m) => out.push(m), (e) => out.push(String(e)));
