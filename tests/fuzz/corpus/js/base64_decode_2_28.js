try { out.push(Utilities.base64Decode('A'.repeat(2 ** 28)).length); } catch (e) { out.push(String(e)); }
