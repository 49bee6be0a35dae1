  // ---- Mail ---------------------------------------------------------------------
  const mail = once(() => {
    const MailApp = service('MailApp', {
      sendEmail: c('MailApp.sendEmail'),
      getRemainingDailyQuota: c('MailApp.getRemainingDailyQuota'),
    });
    // GmailApp is in 31_gmail.js.
    return { MailApp };
  });

