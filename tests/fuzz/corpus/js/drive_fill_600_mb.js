const s = 'x'.repeat(50 * 1024 * 1024 - 1); try { for (let i = 0; i < 12; i++) DriveApp.createFile('f' + i, s); } catch (e) { out.push(String(e)); }
