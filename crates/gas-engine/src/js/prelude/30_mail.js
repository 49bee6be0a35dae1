  // ---- Mail ---------------------------------------------------------------------
  const mail = (() => {
    const MailApp = service('MailApp', {
      sendEmail: c('MailApp.sendEmail'),
      getRemainingDailyQuota: c('MailApp.getRemainingDailyQuota'),
    });
    const GmailApp = service('GmailApp', {
      sendEmail(recipient, subject, body, options) {
        call('GmailApp.sendEmail', null, Array.prototype.slice.call(arguments));
        return GmailApp;
      },
    });
    return { MailApp, GmailApp  };
  })();

