out.push('aaa'.replace(/a/g, () => { for (;;) {} }));
