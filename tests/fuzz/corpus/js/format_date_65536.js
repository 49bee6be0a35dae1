out.push(Utilities.formatDate(new Date(0), 'UTC', 'y'.repeat(65536)).length);
