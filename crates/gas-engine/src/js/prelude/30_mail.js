  // ---- Mail ---------------------------------------------------------------------
  const mail = once(() => {
    const MailApp = service('MailApp', {});
    // GmailApp is in 31_gmail.js.
    return { MailApp };
  });

