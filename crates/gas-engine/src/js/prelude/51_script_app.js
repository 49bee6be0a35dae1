  // ---- ScriptApp and triggers ---------------------------------------------------
  const scriptApp = once(() => {
    // Its getters are reads of the handle (bindings::script_app::trigger_val).
    const Trigger = klass('Trigger', {});
    // The builder only records what the script asked for, in the fields that
    // bindings::script_app::clock_builder reads; the rules (which combinations, allowed
    // intervals, hours) are gas-platform's.
    const ClockTriggerBuilder = klass('ClockTriggerBuilder', {
      everyMinutes(n) { this._h.everyMinutes = n; return this; },
      everyHours(n) { this._h.everyHours = n; return this; },
      everyDays(n) { this._h.everyDays = n; return this; },
      everyWeeks(n) { this._h.everyWeeks = n; return this; },
      onWeekDay(day) { this._h.onWeekDay = String(day); return this; },
      onMonthDay(day) { this._h.onMonthDay = day; return this; },
      atHour(h) { this._h.atHour = h; return this; },
      nearMinute(m) { this._h.nearMinute = m; return this; },
      at(date) { this._h.at = date; return this; },
      after(ms) { this._h.after = ms; return this; },
      atDate(year, month, day) { this._h.atDate = [year, month, day]; return this; },
      inTimezone(tz) { this._h.timeZone = String(tz); return this; },
      create() { return new Trigger(call('TriggerBuilder.create', this._h, [this._h.handler])); },
    });
    // `forSpreadsheet(ss)` takes a Spreadsheet or its id (documented); the binding checks
    // the spreadsheet exists when the trigger is created.
    const SpreadsheetTriggerBuilder = klass('SpreadsheetTriggerBuilder', {
      onOpen() { this._h.event = 'open'; return this; },
      onEdit() { this._h.event = 'edit'; return this; },
      onChange() { this._h.event = 'change'; return this; },
      onFormSubmit() { this._h.event = 'form_submit'; return this; },
      create() { return new Trigger(call('SpreadsheetTriggerBuilder.create', this._h, [this._h.handler])); },
    });
    // `forUserCalendar(id)` takes the calendar's id (the primary one's is the address);
    // the binding checks the account can see it when the trigger is created.
    const CalendarTriggerBuilder = klass('CalendarTriggerBuilder', {
      onEventUpdated() { this._h.event = 'event_updated'; return this; },
      create() { return new Trigger(call('CalendarTriggerBuilder.create', this._h, [this._h.handler])); },
    });
    // `forForm(form)` takes a Form or its id (documented); create checks the form exists.
    const FormTriggerBuilder = klass('FormTriggerBuilder', {
      onFormSubmit() { this._h.event = 'form_submit'; return this; },
      onOpen() { this._h.event = 'open'; return this; },
      create() { return new Trigger(call('FormTriggerBuilder.create', this._h, [this._h.handler])); },
    });
    // `forDocument(doc)` takes a Document or its id (documented); create checks the
    // document exists.
    const DocumentTriggerBuilder = klass('DocumentTriggerBuilder', {
      onOpen() { this._h.event = 'open'; return this; },
      create() { return new Trigger(call('DocumentTriggerBuilder.create', this._h, [this._h.handler])); },
    });
    const TriggerBuilder = klass('TriggerBuilder', {
      timeBased() { return new ClockTriggerBuilder(this._h); },
      forSpreadsheet(key) {
        const id = key instanceof sheetsService().Spreadsheet ? key._h : String(key);
        return new SpreadsheetTriggerBuilder({ handler: this._h.handler, spreadsheet: id });
      },
      forUserCalendar(id) {
        return new CalendarTriggerBuilder({ handler: this._h.handler, calendar: String(id) });
      },
      forForm(key) {
        const id = key instanceof forms().Form ? key.getId() : String(key);
        return new FormTriggerBuilder({ handler: this._h.handler, form: id });
      },
      forDocument(key) {
        const id = key instanceof documents().Document ? key.getId() : String(key);
        return new DocumentTriggerBuilder({ handler: this._h.handler, document: id });
      },
    });
    // The builder records what the script asked for; createToken makes the token
    // (bindings::script_app::state_token, the rules in gas_platform::state_token).
    const StateTokenBuilder = klass('StateTokenBuilder', {
      withMethod(method) { this._h.method = String(method); return this; },
      withArgument(name, value) { this._h.args.push([String(name), String(value)]); return this; },
      withTimeout(seconds) { this._h.timeout = Number(seconds); return this; },
      createToken() { return call('StateTokenBuilder.createToken', this._h, []); },
    });
    const Service = klass('Service', {});
    // Its getters are reads of the handle (bindings::script_app, getAuthorizationInfo).
    klass('AuthorizationInfo', {});
    const ScriptApp = service('ScriptApp', {
      newTrigger(handler) { return new TriggerBuilder({ handler: String(handler) }); },
      newStateToken() { return new StateTokenBuilder({ args: [] }); },
      deleteTrigger(trigger) {
        const id = trigger instanceof Trigger ? trigger.getUniqueId() : undefined;
        return call('ScriptApp.deleteTrigger', null, [id]);
      },
      // The facts the platform's rule needs (which entry points the project defines),
      // read when the script asks: the project's functions are globals by then.
      getService() {
        const defines = (name) => typeof global[name] === 'function';
        return new Service(call('ScriptApp.getService', { doGet: defines('doGet'), doPost: defines('doPost') }, []));
      },
    });
    const enums = Object.getPrototypeOf(ScriptApp);
    hidden(enums, 'WeekDay',
      enumOf(['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']));
    hidden(enums, 'EventType', enumOf(['CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE', 'ON_EVENT_UPDATED']));
    hidden(enums, 'TriggerSource', enumOf(['SPREADSHEETS', 'CLOCK', 'FORMS', 'DOCUMENTS', 'CALENDAR']));
    hidden(enums, 'AuthMode', enumOf(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']));
    hidden(enums, 'AuthorizationStatus', enumOf(['REQUIRED', 'NOT_REQUIRED']));
    hidden(enums, 'InstallationSource', enumOf(['APPS_MARKETPLACE_DOMAIN_ADD_ON', 'NONE', 'WEB_STORE_ADD_ON']));
    return { Trigger, ClockTriggerBuilder, SpreadsheetTriggerBuilder, CalendarTriggerBuilder, TriggerBuilder, Service, ScriptApp  };
  });

