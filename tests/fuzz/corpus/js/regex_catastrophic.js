out.push(/(a+)+$/.test('a'.repeat(30) + '!'));
