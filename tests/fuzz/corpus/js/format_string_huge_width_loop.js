while (true) { try { out.push(Utilities.formatString('%999999999d', 1).length); } catch (e) { out.push(String(e)); } }
