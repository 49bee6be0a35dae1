import('some/file.js').then((m) => out.push(m), (e) => out.push(String(e)));
