  // ---- Session ------------------------------------------------------------------
  const session = once(() => {
    const User = klass('User', {
      getEmail() { return this._h; },
      // Deprecated: the address, as getEmail (documented).
      getUserLoginId() { return this._h; },
      toString() { return this._h; },
    });
    const Session = service('Session', {});
    return { User, Session  };
  });

