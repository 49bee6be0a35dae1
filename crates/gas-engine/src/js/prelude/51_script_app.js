  // ---- ScriptApp and triggers ---------------------------------------------------
  const scriptApp = (() => {
    const Trigger = klass('Trigger', {
      getUniqueId() { return this._h.id; },
      getHandlerFunction() { return this._h.handler; },
      getEventType() { return 'CLOCK'; },
      getTriggerSource() { return 'CLOCK'; },
      getTriggerSourceId() { return null; },
    });
    // The builder only records what the script asked for, in the fields that
    // bindings::trigger_spec reads; the rules (allowed intervals, hours) are gas-platform's.
    const ClockTriggerBuilder = klass('ClockTriggerBuilder', {
      everyMinutes(n) { this._h.everyMinutes = n; return this; },
      everyHours(n) { this._h.everyHours = n; return this; },
      everyDays(n) { this._h.everyDays = n; return this; },
      everyWeeks(n) { this._h.everyWeeks = n; return this; },
      onWeekDay(day) { this._h.onWeekDay = day; return this; },
      atHour(h) { this._h.hour = h; return this; },
      nearMinute(m) { this._h.minute = m; return this; },
      at(date) { this._h.at = date; return this; },
      after(ms) { this._h.after = ms; return this; },
      atDate(year, month, day) {
        Object.assign(this._h, { atDateYear: year, atDateMonth: month, atDateDay: day });
        return this;
      },
      inTimezone(tz) { this._h.timeZone = tz; return this; },
      create() { return new Trigger(call('TriggerBuilder.create', this._h, [this._h.handler])); },
    });
    const TriggerBuilder = klass('TriggerBuilder', {
      timeBased() { return new ClockTriggerBuilder(this._h); },
    });
    const ScriptApp = service('ScriptApp', {
      newTrigger(handler) { return new TriggerBuilder({ handler: String(handler) }); },
      getProjectTriggers: wrapAll(Trigger, 'ScriptApp.getProjectTriggers'),
      deleteTrigger(trigger) { return call('ScriptApp.deleteTrigger', null, [trigger && trigger._h && trigger._h.id]); },
      getScriptId: c('ScriptApp.getScriptId'),
    });
    hidden(Object.getPrototypeOf(ScriptApp), 'WeekDay',
      Object.freeze({ MONDAY: 1, TUESDAY: 2, WEDNESDAY: 3, THURSDAY: 4, FRIDAY: 5, SATURDAY: 6, SUNDAY: 7 }));
    hidden(Object.getPrototypeOf(ScriptApp), 'EventType', enumOf(['CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE']));
    hidden(Object.getPrototypeOf(ScriptApp), 'TriggerSource', enumOf(['CLOCK', 'SPREADSHEETS', 'FORMS', 'DOCUMENTS', 'CALENDAR']));
    hidden(Object.getPrototypeOf(ScriptApp), 'AuthMode', enumOf(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']));
    return { Trigger, ClockTriggerBuilder, TriggerBuilder, ScriptApp  };
  })();

