  // ---- SpreadsheetApp: formats (see 10_sheets.js for sheetClass/sheetMethods) ----
  // Cell formats live in gas-platform (sheets/format.rs, ops/formats.rs); these are the
  // Range/Sheet methods that reach them, and the value objects scripts build: Color,
  // TextStyle, TextRotation. A value object's handle is plain data (`_h`); the rules
  // (colour names, sizes) are checked by the platform when it is built or applied.
  const TextRotation = sheetClass('TextRotation');
  const Color = sheetClass('Color');
  const ColorBuilder = sheetClass('ColorBuilder');
  const RgbColor = sheetClass('RgbColor');
  const ThemeColor = sheetClass('ThemeColor');
  const TextStyle = sheetClass('TextStyle');
  const TextStyleBuilder = sheetClass('TextStyleBuilder');
  // A spreadsheet's live theme; its methods are all declared in Rust (bindings/sheets/surface.rs).
  const SpreadsheetTheme = sheetClass('SpreadsheetTheme');
  Object.assign(sheets, { TextRotation, Color, ColorBuilder, RgbColor, ThemeColor, TextStyle, TextStyleBuilder, SpreadsheetTheme });

  const hexPart = (hex, i) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  // Apps Script's texts when a colour is read as the other kind (gas-platform's format_text).
  const { COLOR_NOT_RGB, COLOR_NOT_THEME } = catalogue.table('texts');
  const notOfType = (text) => { throw new Error(text); };
  const colorMethods = {
    getColorType() { return this._h.type; },
    asRgbColor() { return this._h.type === 'RGB' ? new RgbColor(this._h) : notOfType(COLOR_NOT_RGB); },
    asThemeColor() { return this._h.type === 'THEME' ? new ThemeColor(this._h) : notOfType(COLOR_NOT_THEME); },
  };
  sheetMethods('Color', colorMethods);
  sheetMethods('ColorBuilder', Object.assign({}, colorMethods, {
    setRgbColor(cssString) {
      this._h = { type: 'RGB', hex: call('ColorBuilder.setRgbColor', null, [cssString], true) };
      return this;
    },
    setThemeColor(themeColorType) {
      this._h = { type: 'THEME', theme: String(themeColorType) };
      return this;
    },
    build() { return new Color(Object.assign({}, this._h)); },
  }));
  sheetMethods('RgbColor', {
    getColorType() { return 'RGB'; },
    asHexString() { return this._h.hex; },
    getRed() { return hexPart(this._h.hex, 0); },
    getGreen() { return hexPart(this._h.hex, 1); },
    getBlue() { return hexPart(this._h.hex, 2); },
  });
  sheetMethods('ThemeColor', {
    getColorType() { return 'THEME'; },
    getThemeColorType() { return this._h.theme; },
  });
  const rgb = (hex) => new Color({ type: 'RGB', hex });
  // A cell's colour as the object getters read it: `#rrggbb`, or `theme:ACCENT1` for a
  // theme colour (gas_platform::sheets::format::THEME_COLOR_PREFIX). The setters pass the
  // script's Color objects, checked against the catalogue (bindings/sheets/formats.rs).
  const THEME_PREFIX = 'theme:';
  const colorOf = (stored) => (typeof stored === 'string' && stored.indexOf(THEME_PREFIX) === 0
    ? new Color({ type: 'THEME', theme: stored.slice(THEME_PREFIX.length) })
    : rgb(stored));
  // A TextStyle's foreground: a theme colour reads as its type's name (`ACCENT1`).
  const isThemeType = (value) => typeof value === 'string' && value.length > 0 && value[0] !== '#';

  // A cell with vertical (stacked) text reads 'vertical' (gas_platform's VERTICAL_TEXT).
  const rotationOf = (degrees) =>
    new TextRotation(degrees === 'vertical' ? { degrees: 0, vertical: true } : { degrees });
  sheetMethods('TextRotation', {
    getDegrees() { return this._h.degrees; },
    isVertical() { return this._h.vertical === true; },
  });
  // The other getters are reads of the handle (bindings/sheets/formats.rs).
  const styleGetters = {
    getForegroundColorObject() {
      const color = this.getForegroundColor();
      if (color === null) return null;
      return isThemeType(color) ? new Color({ type: 'THEME', theme: color }) : rgb(color);
    },
  };
  // A builder's handle has the fields the TextStyle's reads take, by those reads' names
  // (`readKey` builds the TextStyle class first if it was not, for its reads' fields).
  const STYLE_GETTERS = ['isBold', 'isItalic', 'isUnderline', 'isStrikethrough', 'getFontFamily', 'getFontSize', 'getForegroundColor'];
  const styleKey = (getter) => readKey('TextStyle.' + getter);
  const emptyStyle = () => {
    const style = {};
    for (const getter of STYLE_GETTERS) style[styleKey(getter)] = null;
    return style;
  };
  sheetMethods('TextStyle', Object.assign({}, styleGetters, {
    copy() { return new TextStyleBuilder(Object.assign({}, this._h)); },
  }));
  const styleSetter = (getter, convert) => function (value) {
    this._h[styleKey(getter)] = convert(value);
    return this;
  };
  sheetMethods('TextStyleBuilder', {
    setBold: styleSetter('isBold', Boolean),
    setItalic: styleSetter('isItalic', Boolean),
    setUnderline: styleSetter('isUnderline', Boolean),
    setStrikethrough: styleSetter('isStrikethrough', Boolean),
    setFontFamily: styleSetter('getFontFamily', String),
    setFontSize: styleSetter('getFontSize', Number),
    setForegroundColor: styleSetter('getForegroundColor', String),
    // The Color checked and read by Rust: `#rrggbb`, or a theme colour's type name.
    setForegroundColorObject(color) {
      this._h[styleKey('getForegroundColor')] = call('TextStyleBuilder.setForegroundColorObject', null, [color], true);
      return this;
    },
    build() { return new TextStyle(call('TextStyleBuilder.build', null, [this._h])); },
  });

  const grid = (rows, f) => rows.map((row) => row.map(f));
  sheetMethods('Range', {
    getBackgroundObject() { return colorOf(call('Range.getBackgroundObject', this._h, [])); },
    getBackgroundObjects() { return grid(call('Range.getBackgroundObjects', this._h, []), colorOf); },
    setBackgroundObject(color) { call('Range.setBackgroundObject', this._h, [color], true); return this; },
    setBackgroundObjects(colors) { call('Range.setBackgroundObjects', this._h, [colors], true); return this; },
    // Strings and Color objects mixed (the types package allows both).
    setFontColors(colors) {
      const objects = Array.isArray(colors)
        && colors.some((row) => Array.isArray(row) && row.some((v) => v !== null && typeof v === 'object'));
      call(objects ? 'Range.setFontColorObjects' : 'Range.setFontColors', this._h, [colors]);
      return this;
    },
    getFontColorObject() { return colorOf(call('Range.getFontColorObject', this._h, [])); },
    getFontColorObjects() { return grid(call('Range.getFontColorObjects', this._h, []), colorOf); },
    setFontColorObject(color) { call('Range.setFontColorObject', this._h, [color], true); return this; },
    setFontColorObjects(colors) { call('Range.setFontColorObjects', this._h, [colors], true); return this; },
    getTextRotation() { return rotationOf(call('Range.getTextRotation', this._h, [])); },
    getTextRotations() {
      return grid(call('Range.getTextRotations', this._h, []), rotationOf);
    },
    setTextRotation(rotation) {
      if (rotation instanceof TextRotation && rotation.isVertical()) return this.setVerticalText(true);
      const degrees = rotation instanceof TextRotation ? rotation.getDegrees() : rotation;
      call('Range.setTextRotation', this._h, [degrees], true);
      return this;
    },
    setTextRotations(rotations) {
      call('Range.setTextRotations', this._h, [grid(rotations, (r) => (r instanceof TextRotation ? r.getDegrees() : r))]);
      return this;
    },
    getTextStyle() { return new TextStyle(call('Range.getTextStyle', this._h, [])); },
    getTextStyles() { return grid(call('Range.getTextStyles', this._h, []), (h) => new TextStyle(h)); },
    setTextStyles(styles) { call('Range.setTextStyles', this._h, [grid(styles, (s) => s && s._h)]); return this; },
  });
  sheetMethods('Sheet', {});
  // The Spreadsheet forms act on the active sheet and return it (documented).
  const onActiveSheet = (name) => function (...args) {
    const sheet = this.getActiveSheet();
    const result = sheet[name](...args);
    return typeof result === 'number' ? result : sheet;
  };
  sheetMethods('Spreadsheet', {
    getColumnWidth: onActiveSheet('getColumnWidth'),
    setColumnWidth: onActiveSheet('setColumnWidth'),
    getRowHeight: onActiveSheet('getRowHeight'),
    setRowHeight: onActiveSheet('setRowHeight'),
  });
  sheetMethods('SpreadsheetApp', {
    newColor() { return new ColorBuilder({ type: 'UNSUPPORTED' }); },
    newTextStyle() { return new TextStyleBuilder(emptyStyle()); },
  });

  // Rich text: the value's handle is gas-platform's RichText (text, runs, start_index);
  // edits and reads across offsets are checked there.
  const RichTextValue = sheetClass('RichTextValue');
  const RichTextValueBuilder = sheetClass('RichTextValueBuilder');
  Object.assign(sheets, { RichTextValue, RichTextValueBuilder });
  const styleHandle = (style) => (style === null || style === undefined ? null : style._h);
  sheetMethods('RichTextValue', {
    // getText, getStartIndex: reads of the handle (bindings/sheets/formats.rs); indexes
    // count UTF-16 units, as JS lengths do.
    getEndIndex() { return this.getStartIndex() + this.getText().length; },
    getTextStyle(...args) { return new TextStyle(call('RichTextValue.getTextStyle', this._h, args, true)); },
    getLinkUrl(...args) { return call('RichTextValue.getLinkUrl', this._h, args, true); },
    getRuns() { return call('RichTextValue.getRuns', this._h, []).map((h) => new RichTextValue(h)); },
    copy() { return new RichTextValueBuilder(Object.assign({}, this._h, { start_index: 0 })); },
  });
  sheetMethods('RichTextValueBuilder', {
    setText(text) { this._h = call('RichTextValueBuilder.setText', null, [text], true); return this; },
    setTextStyle(...args) {
      const last = args.length - 1;
      const converted = args.map((a, i) => (i === last ? styleHandle(a) : a));
      this._h = call('RichTextValueBuilder.setTextStyle', this._h, converted);
      return this;
    },
    setLinkUrl(...args) { this._h = call('RichTextValueBuilder.setLinkUrl', this._h, args, true); return this; },
    build() { return new RichTextValue(Object.assign({}, this._h)); },
  });
  sheetMethods('Range', {
    getRichTextValue() {
      const h = call('Range.getRichTextValue', this._h, []);
      return h === null ? null : new RichTextValue(h);
    },
    getRichTextValues() {
      return grid(call('Range.getRichTextValues', this._h, []), (h) => (h === null ? null : new RichTextValue(h)));
    },
    setRichTextValues(values) { call('Range.setRichTextValues', this._h, [grid(values, (v) => v && v._h)]); return this; },
  });
  sheetMethods('SpreadsheetApp', {
    newRichTextValue() { return new RichTextValueBuilder({ text: '', runs: [], start_index: 0 }); },
  });
