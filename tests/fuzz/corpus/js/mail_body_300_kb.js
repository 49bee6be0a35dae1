try { MailApp.sendEmail('ops@example.com', 's', 'x'.repeat(300 * 1024)); } catch (e) { out.push(String(e)); }
