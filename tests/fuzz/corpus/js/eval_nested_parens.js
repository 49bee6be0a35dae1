out.push(eval('('.repeat(3000) + '1' + ')'.repeat(3000)));
