  // ---- Session ------------------------------------------------------------------
  const session = once(() => {
    const User = klass('User', { getEmail() { return this._h; }, toString() { return this._h; } });
    const Session = service('Session', {
      getScriptTimeZone: c('Session.getScriptTimeZone'),
      getActiveUser: wrap(User, 'Session.getActiveUser'),
      getEffectiveUser: wrap(User, 'Session.getEffectiveUser'),
      getActiveUserLocale: c('Session.getActiveUserLocale'),
      getTemporaryActiveUserKey: c('Session.getTemporaryActiveUserKey'),
    });
    return { User, Session  };
  });

