try { Utilities.newBlob('x'.repeat(50 * 1024 * 1024 + 1)); } catch (e) { out.push(String(e)); }
