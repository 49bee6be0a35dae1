  // ---- SpreadsheetApp: objects (see 10_sheets.js for sheetClass/sheetMethods) ----
  // Named ranges, protections, data validation, conditional formats, range lists, the
  // TextFinder, copies, sharing. Builders and finders hold plain data (their handle);
  // every rule is decided by gas-platform through the call.
  const RangeList = sheetClass('RangeList');
  const NamedRange = sheetClass('NamedRange');
  const Protection = sheetClass('Protection');
  const DataValidation = sheetClass('DataValidation');
  const DataValidationBuilder = sheetClass('DataValidationBuilder');
  const ConditionalFormatRule = sheetClass('ConditionalFormatRule');
  const ConditionalFormatRuleBuilder = sheetClass('ConditionalFormatRuleBuilder');
  const BooleanCondition = sheetClass('BooleanCondition');
  const GradientCondition = sheetClass('GradientCondition');
  // A Filter's handle is its sheet's; every method is a declared call (bindings/sheets/filters.rs).
  const Filter = sheetClass('Filter');
  const FilterCriteria = sheetClass('FilterCriteria');
  const FilterCriteriaBuilder = sheetClass('FilterCriteriaBuilder');
  // A Banding's handle is its spreadsheet and id; every method is a declared call
  // (bindings/sheets/bandings.rs).
  const Banding = sheetClass('Banding');
  // An OverGridImage's handle is its spreadsheet and id, as a Banding's
  // (bindings/sheets/images.rs).
  const OverGridImage = sheetClass('OverGridImage');
  Object.assign(sheets, {
    RangeList, NamedRange, Protection, DataValidation, DataValidationBuilder,
    ConditionalFormatRule, ConditionalFormatRuleBuilder, BooleanCondition, GradientCondition,
    Filter, FilterCriteria, FilterCriteriaBuilder, Banding, OverGridImage,
  });

  const maybe = (Ctor, h) => (h === null || h === undefined ? null : new Ctor(h));
  const users = (emails) => emails.map((email) => new (session().User)(email));
  // A value as the handle stores it (CellValue JSON: a date is {date: ISO}).
  const cellOf = (v) => (v !== null && typeof v === 'object' && typeof v.date === 'string' ? new Date(v.date) : v);
  const criterionOf = (v) => {
    if (hasOwn(v, 'list')) return v.list.slice();
    if (hasOwn(v, 'range')) return new Range(v.range);
    return cellOf(v.value);
  };
  // A builder method: the platform returns the builder's next state.
  const step = (method) => function (...args) { this._h = call(method, this._h, args, true); return this; };
  const copyOf = (h) => JSON.parse(JSON.stringify(h));

  // ---- TextFinder
  const finderStep = (method) => function () {
    const r = call(method, this._h, [], true);
    this._h = r.finder;
    return maybe(Range, r.match);
  };
  sheetMethods('TextFinder', {
    matchCase: step('TextFinder.matchCase'),
    matchEntireCell: step('TextFinder.matchEntireCell'),
    useRegularExpression: step('TextFinder.useRegularExpression'),
    ignoreDiacritics: step('TextFinder.ignoreDiacritics'),
    matchFormulaText: step('TextFinder.matchFormulaText'),
    startFrom: step('TextFinder.startFrom'),
    findNext: finderStep('TextFinder.findNext'),
    findPrevious: finderStep('TextFinder.findPrevious'),
    findAll() { return call('TextFinder.findAll', this._h, [], true).map((h) => new Range(h)); },
  });

  // ---- RangeList: each method applies the Range method to every range, in order.
  // Only Range methods gas-sim implements are delegated; the others stay notImplemented.
  const each = (name) => function (...args) {
    for (const h of this._h) new Range(h)[name](...args);
    return this;
  };
  sheetMethods('RangeList', {
    // getRanges: a read of the handle (the list itself).
    // activate: 16_sheets_surface.js (the whole list is selected).
    clear: each('clear'),
    clearContent: each('clearContent'),
    clearDataValidations: each('clearDataValidations'),
    setValue: each('setValue'),
    insertCheckboxes: each('insertCheckboxes'),
    removeCheckboxes: each('removeCheckboxes'),
    check: each('check'),
    uncheck: each('uncheck'),
    // The Range methods of the formats, formulas and structure parts.
    breakApart: each('breakApart'),
    clearFormat: each('clearFormat'),
    clearNote: each('clearNote'),
    setBackground: each('setBackground'),
    setBackgroundRGB: each('setBackgroundRGB'),
    setBorder: each('setBorder'),
    setFontColor: each('setFontColor'),
    setFontFamily: each('setFontFamily'),
    setFontLine: each('setFontLine'),
    setFontSize: each('setFontSize'),
    setFontStyle: each('setFontStyle'),
    setFontWeight: each('setFontWeight'),
    setFormula: each('setFormula'),
    setFormulaR1C1: each('setFormulaR1C1'),
    setHorizontalAlignment: each('setHorizontalAlignment'),
    setNote: each('setNote'),
    setNumberFormat: each('setNumberFormat'),
    setTextDirection: each('setTextDirection'),
    setTextRotation: each('setTextRotation'),
    setShowHyperlink: each('setShowHyperlink'),
    setVerticalText: each('setVerticalText'),
    setVerticalAlignment: each('setVerticalAlignment'),
    setWrap: each('setWrap'),
    setWrapStrategy: each('setWrapStrategy'),
    trimWhitespace: each('trimWhitespace'),
  });
  const rangeList = (method) => function (...args) { return new RangeList(call(method, this._h, args, true)); };

  // ---- NamedRange (handle: spreadsheet id and name)
  sheetMethods('NamedRange', {
    setName: step('NamedRange.setName'),
    setRange: step('NamedRange.setRange'),
  });

  // ---- Protection (handle: spreadsheet id and protection id)
  sheetMethods('Protection', {
    addEditor: step('Protection.addEditor'),
    addEditors: step('Protection.addEditors'),
    removeEditor: step('Protection.removeEditor'),
    removeEditors: step('Protection.removeEditors'),
    setDescription: step('Protection.setDescription'),
    setDomainEdit: step('Protection.setDomainEdit'),
    setWarningOnly: step('Protection.setWarningOnly'),
    setRange: step('Protection.setRange'),
    setRangeName: step('Protection.setRangeName'),
    setNamedRange: step('Protection.setNamedRange'),
    setUnprotectedRanges: step('Protection.setUnprotectedRanges'),
    getEditors() { return users(call('Protection.getEditors', this._h, [], true)); },
  });

  // ---- Data validation (handle: the rule's data)
  const orNull = (v) => (v === undefined || v === null ? null : v);
  const orEmpty = (v) => (v === undefined || v === null ? '' : v);
  const validationGetters = {
    // getAllowInvalid: a read of the handle (bindings/sheets/objects.rs).
    copy() { return new DataValidationBuilder(copyOf(this._h)); },
  };
  // A rule's criteria, as DataValidation and its builder read them: none is null.
  const criteriaType = (name) => function () {
    const type = read(this, name);
    return type === '' ? null : type;
  };
  const criteriaValues = (name) => function () { return (read(this, name) || []).map(criterionOf); };
  sheetMethods('DataValidation', Object.assign({}, validationGetters, {
    getCriteriaType: criteriaType('DataValidation.getCriteriaType'),
    getCriteriaValues: criteriaValues('DataValidation.getCriteriaValues'),
    getHelpText() { return orEmpty(read(this, 'DataValidation.getHelpText')); },
  }));
  const validationSteps = {};
  const validationNames = catalogueClass('DataValidationBuilder')[1];
  for (let i = 0; i < validationNames.length; i++) {
    const name = validationNames[i];
    if (name.indexOf('require') === 0) validationSteps[name] = step('DataValidationBuilder.' + name);
  }
  sheetMethods('DataValidationBuilder', Object.assign({}, validationGetters, validationSteps, {
    getCriteriaType: criteriaType('DataValidationBuilder.getCriteriaType'),
    getCriteriaValues: criteriaValues('DataValidationBuilder.getCriteriaValues'),
    getHelpText() { return orNull(read(this, 'DataValidationBuilder.getHelpText')); },
    setAllowInvalid: step('DataValidationBuilder.setAllowInvalid'),
    setHelpText: step('DataValidationBuilder.setHelpText'),
    withCriteria: step('DataValidationBuilder.withCriteria'),
    build() { return new DataValidation(call('DataValidationBuilder.build', this._h, [], true)); },
  }));

  // ---- Conditional format rules (handle: the rule's data; not rendered)
  // A field the rule leaves out reads as the platform's default for it.
  const readOr = (name, fallback) => function () {
    const value = read(this, name);
    return value === undefined ? fallback : value;
  };
  const readsOr = (className, names, fallback) => {
    const methods = {};
    for (let i = 0; i < names.length; i++) methods[names[i]] = readOr(className + '.' + names[i], fallback);
    return methods;
  };
  const formatGetters = ['getBackground', 'getFontColor', 'getBold', 'getItalic', 'getStrikethrough', 'getUnderline'];
  sheetMethods('BooleanCondition', Object.assign(readsOr('BooleanCondition', formatGetters, null), {
    // getCriteriaType: a read of the handle.
    getCriteriaValues() { return (read(this, 'BooleanCondition.getCriteriaValues') || []).map(cellOf); },
  }));
  // A point's colour and value default to '', its type to null.
  const points = (suffix) => ['Min', 'Mid', 'Max'].map((point) => 'get' + point + suffix);
  sheetMethods('GradientCondition', Object.assign(
    readsOr('GradientCondition', points('Color').concat(points('Value')), ''),
    readsOr('GradientCondition', points('Type'), null),
  ));
  const ruleGetters = {
    getBooleanCondition() {
      const b = read(this, 'ConditionalFormatRule.getBooleanCondition');
      if (b === undefined || b === null) return null;
      const condition = new BooleanCondition(b);
      return condition.getCriteriaType() === '' ? null : condition;
    },
    // getGradientCondition, getRanges: reads of the handle.
    copy() { return new ConditionalFormatRuleBuilder(copyOf(this._h)); },
  };
  sheetMethods('ConditionalFormatRule', Object.assign({}, ruleGetters));
  const ruleSteps = {};
  const ruleNames = catalogueClass('ConditionalFormatRuleBuilder')[1];
  for (let i = 0; i < ruleNames.length; i++) {
    const name = ruleNames[i];
    if (name.indexOf('when') === 0 || name.indexOf('set') === 0) ruleSteps[name] = step('ConditionalFormatRuleBuilder.' + name);
  }
  sheetMethods('ConditionalFormatRuleBuilder', Object.assign({}, ruleGetters, ruleSteps, {
    withCriteria: step('ConditionalFormatRuleBuilder.withCriteria'),
    build() { return new ConditionalFormatRule(call('ConditionalFormatRuleBuilder.build', this._h, [], true)); },
  }));

  // A filter criteria and its builder: values as the script gave them (dates as Dates),
  // lists copied out; the builder's steps change it in place, as the platform's do.
  const criteriaGetters = (className) => ({
    getCriteriaValues() { return (read(this, className + '.getCriteriaValues') || []).map(cellOf); },
    getHiddenValues() { return (read(this, className + '.getHiddenValues') || []).slice(); },
    getVisibleValues() { return (read(this, className + '.getVisibleValues') || []).slice(); },
  });
  sheetMethods('Filter', {});
  sheetMethods('Banding', {});
  // A picture is any BlobSource (a Drive file, an HTTP response): its blob goes to Rust.
  const pictureCall = (method, Returns) => function (source, ...rest) {
    return new Returns(call(method, this._h, [blobOf(source)].concat(rest)));
  };
  sheetMethods('OverGridImage', { replace: pictureCall('OverGridImage.replace', OverGridImage) });
  sheetMethods('Sheet', { insertImage: pictureCall('Sheet.insertImage', OverGridImage) });
  sheetMethods('Spreadsheet', { insertImage: pictureCall('Spreadsheet.insertImage', OverGridImage) });
  sheetMethods('FilterCriteria', criteriaGetters('FilterCriteria'));
  const criteriaSteps = {};
  const criteriaNames = catalogueClass('FilterCriteriaBuilder')[1];
  for (let i = 0; i < criteriaNames.length; i++) {
    const name = criteriaNames[i];
    if (name.indexOf('when') === 0 || name.indexOf('set') === 0 || name === 'withCriteria') {
      criteriaSteps[name] = step('FilterCriteriaBuilder.' + name);
    }
  }
  sheetMethods('FilterCriteriaBuilder', Object.assign(criteriaGetters('FilterCriteriaBuilder'), criteriaSteps));

  // ---- Range, Sheet, Spreadsheet, SpreadsheetApp
  sheetMethods('Range', {
    getDataValidation: wrap(DataValidation, 'Range.getDataValidation'),
    getDataValidations() {
      return call('Range.getDataValidations', this._h, [], true).map((row) => row.map((h) => maybe(DataValidation, h)));
    },
  });
  sheetMethods('Sheet', {
    getRangeList: rangeList('Sheet.getRangeList'),
  });
  sheetMethods('Spreadsheet', {
    getSheetById: wrap(Sheet, 'Spreadsheet.getSheetById'),
    getOwner() { return new (session().User)(call('Spreadsheet.getOwner', this._h, [], true)); },
    getEditors() { return users(call('Spreadsheet.getEditors', this._h, [], true)); },
    getViewers() { return users(call('Spreadsheet.getViewers', this._h, [], true)); },
    getRangeByName: wrap(Range, 'Spreadsheet.getRangeByName'),
    getRangeList: rangeList('Spreadsheet.getRangeList'),
  });
  sheetMethods('SpreadsheetApp', {
    // A Drive File: the spreadsheet its id names.
    open(file) {
      const byId = file !== null && typeof file === 'object' && typeof file.getId === 'function';
      const h = byId ? call('SpreadsheetApp.open', null, [file.getId()]) : call('SpreadsheetApp.open', null, [file], true);
      return new Spreadsheet(h);
    },
  });
