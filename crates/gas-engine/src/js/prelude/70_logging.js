  // ---- Logger and console -------------------------------------------------------
  // The virtual clock as the core found it (`clockNow`): a script may replace Date.now.
  const loggedAt = clockNow;
  const logging = once(() => {
    // What Logger.log wrote in this execution, as [time value, text], for getLog (the
    // realm restore empties it); clear() starts a new one.
    let logged = [];
    const show = (v) => {
      if (typeof v === 'string') return v;
      if (v instanceof Error) return String(v);
      if (v instanceof Date) return v.toString();
      // A service object logs as the platform shows it (`Sheet`, a user's email), not as
      // its handle.
      if (v !== null && typeof v === 'object' && '_h' in v) return String(v);
      if (v !== null && typeof v === 'object') {
        try { return JSON.stringify(v); } catch (e) { return String(v); }
      }
      return String(v);
    };
    const Logger = service('Logger', {
      log(data) {
        let text = show(data);
        if (arguments.length > 1 && typeof data === 'string') {
          let i = 1;
          const rest = arguments;
          text = data.replace(/%s/g, () => (i < rest.length ? show(rest[i++]) : '%s'));
        }
        emit('info', text);
        logged[logged.length] = [loggedAt(), text]; // not push: a script may replace it
        return Logger;
      },
      clear() { logged = []; },
      getLog() { return call('Logger.getLog', null, [logged]); },
    });
    // console's format specifiers, as V8's console does them: %s %d %i %f %o %O %c
    // and %%, only when the first argument is a string followed by others; the
    // arguments no specifier took are appended.
    const formatConsole = (args) => {
      const first = args[0];
      if (typeof first !== 'string' || args.length < 2) return Array.prototype.map.call(args, show).join(' ');
      let next = 1;
      let text = first.replace(/%([sdifoOc%])/g, (match, spec) => {
        if (spec === '%') return '%';
        if (next >= args.length) return match;
        const value = args[next++];
        const number = (n) => (Object.is(n, -0) ? '-0' : String(n));
        const symbol = typeof value === 'symbol';
        switch (spec) {
          case 'd': return symbol ? 'NaN' : typeof value === 'bigint' ? value + 'n' : number(Number(value));
          case 'i': return symbol ? 'NaN' : typeof value === 'bigint' ? value + 'n' : number(parseInt(value));
          case 'f': return symbol ? 'NaN' : number(parseFloat(value));
          case 'c': return '';
          case 's': return typeof value === 'number' ? number(value) : show(value);
          default: return show(value);
        }
      });
      for (; next < args.length; next++) text += ' ' + show(args[next]);
      return text;
    };
    const consoleAt = (level) => function () {
      emit(level, formatConsole(arguments));
    };
    const console = {
      log: consoleAt('info'), info: consoleAt('info'), warn: consoleAt('warning'),
      error: consoleAt('error'), debug: consoleAt('debug'),
    };
    return { show, Logger, consoleAt, console  };
  });

