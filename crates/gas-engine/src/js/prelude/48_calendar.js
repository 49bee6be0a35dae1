  // ---- CalendarApp ------------------------------------------------------------------
  // A Calendar's handle is { id }, an event's { id } and, for one instance of a series,
  // its times (bindings/calendar): every wrapper is derived from the catalogue's return
  // types. EventRecurrence and RecurrenceRule are builders: they record the script's
  // rules in their handle, in the fields gas-platform's calendar::Recurrence reads (a
  // rule's handle names the recurrence it adds to); the rules' meaning and checks are
  // gas-platform's, when a series is made.
  const calendar = once(() => {
    for (const name of ['Calendar', 'CalendarEvent', 'CalendarEventSeries', 'EventGuest']) {
      klass('Calendar.' + name, {});
    }
    let EventRecurrence, RecurrenceRule;
    const recOf = (object) => (object._h.rec === undefined ? object._h : object._h.rec);
    const ruleOf = (object) => object._h.rec.rules[object._h.rule];
    const addRule = (frequency, exclusion) => function () {
      const rec = recOf(this);
      rec.rules.push({ frequency, exclusion });
      return new RecurrenceRule({ rec, rule: rec.rules.length - 1 });
    };
    const dates = (key) => function (date) {
      recOf(this)[key].push(+date);
      return this instanceof EventRecurrence ? this : new EventRecurrence(recOf(this));
    };
    const recurrenceMethods = () => ({
      addDailyRule: addRule('DAILY', false),
      addWeeklyRule: addRule('WEEKLY', false),
      addMonthlyRule: addRule('MONTHLY', false),
      addYearlyRule: addRule('YEARLY', false),
      addDailyExclusion: addRule('DAILY', true),
      addWeeklyExclusion: addRule('WEEKLY', true),
      addMonthlyExclusion: addRule('MONTHLY', true),
      addYearlyExclusion: addRule('YEARLY', true),
      addDate: dates('dates'),
      addDateExclusion: dates('exclusionDates'),
      setTimeZone(timeZone) { recOf(this).timeZone = String(timeZone); return this; },
    });
    const set = (key, convert) => function (value) { ruleOf(this)[key] = convert(value); return this; };
    const list = (convert) => (values) => Array.prototype.map.call(values, convert);
    EventRecurrence = klass('Calendar.EventRecurrence', recurrenceMethods());
    RecurrenceRule = klass('Calendar.RecurrenceRule', Object.assign(recurrenceMethods(), {
      interval: set('interval', Number),
      times: set('times', Number),
      until: set('until', (date) => +date),
      onlyOnWeekday: set('weekdays', (day) => [String(day)]),
      onlyOnWeekdays: set('weekdays', list(String)),
      onlyOnMonthDay: set('monthDays', (day) => [Number(day)]),
      onlyOnMonthDays: set('monthDays', list(Number)),
      onlyInMonth: set('months', (month) => [String(month)]),
      onlyInMonths: set('months', list(String)),
      onlyOnYearDay: set('yearDays', (day) => [Number(day)]),
      onlyOnYearDays: set('yearDays', list(Number)),
      onlyOnWeek: set('weeks', (week) => [Number(week)]),
      onlyOnWeeks: set('weeks', list(Number)),
      weekStartsOn: set('weekStart', String),
    }));
    const CalendarApp = service('Calendar.CalendarApp', {
      newRecurrence() { return new EventRecurrence({ rules: [], dates: [], exclusionDates: [] }); },
    });
    // The platform's values (gas_platform::calendar): EventColor's numbers, Color's hex.
    const enums = Object.getPrototypeOf(CalendarApp);
    hidden(enums, 'EventColor', Object.freeze(Object.assign({}, catalogue.table('eventColors'))));
    hidden(enums, 'Color', Object.freeze(Object.assign({}, catalogue.table('calendarColors'))));
    return { CalendarApp };
  });
