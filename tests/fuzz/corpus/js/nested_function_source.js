out.push(eval('function f() {'.repeat(5000) + '}'.repeat(5000)));
