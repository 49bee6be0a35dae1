  // ---- Locale-sensitive builtins (en-US) ------------------------------------------
  // boa is built without Intl; the platform's V8 formats and collates for en-US. These
  // give V8's en-US results for the default forms. Other locales or options raise an
  // error that names what is missing, rather than return a plausible wrong string.
  // A chunk (gas-engine's prelude.rs): the builtins are the core's stubs (95_locale.js),
  // which load this on their first call and call the implementation made here.
  const localeMethods = once(() => {
    const methods = {};
    const define = (key, fn) => {
      methods[key] = fn;
    };
    const isEnglish = (locales) => {
      if (Array.isArray(locales) && locales.length === 0) return true; // the default locale
      const tag = Array.isArray(locales) && locales.length === 1 ? locales[0] : locales;
      return tag === undefined || tag === 'en' || tag === 'en-US';
    };
    // A gap like any other: counted at the script's line (the report, `--strict`).
    const missing = (what, supported) => {
      gap(what + ' for other locales or with options');
      throw new Error('gas-sim does not implement ' + what + ' for other locales or with options (' + (supported || 'en-US, no options') + ')');
    };
    const NUMBER_SUPPORTED = 'en-US; style decimal, currency or percent, fraction and integer digits, useGrouping';
    const pad2 = (n) => (n < 10 ? '0' : '') + n;

    // Date: `7/5/2024, 11:04:05 PM` in the script's zone.
    const datePart = (d) => (d.getMonth() + 1) + '/' + d.getDate() + '/' + d.getFullYear();
    const timePart = (d) => {
      const hour = d.getHours();
      return (hour % 12 || 12) + ':' + pad2(d.getMinutes()) + ':' + pad2(d.getSeconds()) + ' ' + (hour < 12 ? 'AM' : 'PM');
    };
    const dateFormatter = (name, render) => function () {
      const time = Date.prototype.getTime.call(this); // a TypeError for a non-Date, as V8
      if (!isEnglish(arguments[0]) || arguments[1] !== undefined) missing('Date.prototype.' + name);
      return Number.isNaN(time) ? 'Invalid Date' : render(this);
    };
    define('Date.toLocaleString', dateFormatter('toLocaleString', (d) => datePart(d) + ', ' + timePart(d)));
    define('Date.toLocaleDateString', dateFormatter('toLocaleDateString', datePart));
    define('Date.toLocaleTimeString', dateFormatter('toLocaleTimeString', timePart));
    // V8 joins with a bare comma (the separator is the implementation's choice), and an
    // array met again inside itself gives '' (`inProgress` is emptied as calls return).
    const inProgress = [];
    define('Array.toLocaleString', function () {
      if (this === null || this === undefined) throw new TypeError('Array.prototype.toLocaleString called on null or undefined');
      const list = Object(this);
      if (inProgress.indexOf(list) >= 0) return '';
      inProgress.push(list);
      try {
        const length = Math.min(Math.max(Math.trunc(Number(list.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
        let text = '';
        for (let i = 0; i < length; i++) {
          if (i > 0) text += ',';
          const item = list[i];
          if (item !== null && item !== undefined) text += String(item.toLocaleString(...arguments));
        }
        return text;
      } finally {
        inProgress.pop();
      }
    });

    // Number: grouping commas, at most 3 fraction digits by default. ICU rounds the
    // shortest decimal form (String(x)) half away from zero: 0.0625 -> 0.063, 1.0005 ->
    // 1.001; a percent scales that decimal form by 100 first (0.145 -> 15%).
    const roundedDecimal = (x, fractionMax, shift) => {
      const [mantissa, exponentText] = String(x).split('e');
      const point = mantissa.indexOf('.');
      let digits = mantissa.replace('.', '');
      let pointAt = (point < 0 ? mantissa.length : point) + Number(exponentText || 0) + shift;
      if (pointAt < 0) { digits = '0'.repeat(-pointAt) + digits; pointAt = 0; }
      if (pointAt > digits.length) digits += '0'.repeat(pointAt - digits.length);
      let kept = digits.slice(0, pointAt + fractionMax).split('').map(Number);
      if (digits.length > pointAt + fractionMax && Number(digits[pointAt + fractionMax]) >= 5) {
        let i = kept.length - 1;
        while (i >= 0 && kept[i] === 9) kept[i--] = 0;
        if (i >= 0) kept[i] += 1; else { kept.unshift(1); pointAt += 1; }
      }
      const whole = kept.slice(0, pointAt).join('').replace(/^0+(?=\d)/, '') || '0';
      const fraction = kept.slice(pointAt).join('').replace(/0+$/, '');
      return [whole, fraction];
    };
    // en-US symbols of the common currencies (ICU's); any other code is shown as itself
    // and a no-break space (`CHF 1,234.50`). Minor units are ISO 4217's (ICU's data).
    const CURRENCY_SYMBOLS = {
      USD: '$', EUR: '€', GBP: '£', JPY: '¥', CAD: 'CA$', AUD: 'A$', NZD: 'NZ$', INR: '₹', KRW: '₩',
      BRL: 'R$', MXN: 'MX$', CNY: 'CN¥', HKD: 'HK$', TWD: 'NT$', ILS: '₪', VND: '₫', PHP: '₱',
    };
    const CURRENCY_DIGITS_0 = ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'PYG', 'XAF', 'XOF', 'XPF', 'RWF', 'KMF', 'GNF', 'BIF', 'DJF', 'VUV'];
    const CURRENCY_DIGITS_3 = ['BHD', 'KWD', 'OMR', 'JOD', 'TND', 'IQD', 'LYD'];
    // The options gas-sim formats; any other (notation, signDisplay, significant digits,
    // units...) is a gap, named, rather than a plausible wrong string.
    const NUMBER_OPTIONS = ['style', 'currency', 'currencyDisplay', 'minimumIntegerDigits',
      'minimumFractionDigits', 'maximumFractionDigits', 'useGrouping'];
    const digitsOption = (options, name, min, max) => {
      const value = options[name];
      if (value === undefined) return undefined;
      const n = Number(value);
      if (!(n >= min && n <= max)) throw new RangeError(name + ' value is out of range.');
      return Math.floor(n);
    };
    // ECMA-402's SetNumberFormatDigits for the styles gas-sim formats (V8's texts).
    const numberFormat = (options) => {
      for (const key of Object.keys(options)) {
        if (!NUMBER_OPTIONS.includes(key) || (key === 'currencyDisplay' && options[key] !== 'symbol')) {
          missing('Number.prototype.toLocaleString', NUMBER_SUPPORTED);
        }
      }
      const style = options.style === undefined ? 'decimal' : String(options.style);
      if (!['decimal', 'currency', 'percent'].includes(style)) {
        if (style === 'unit') missing('Number.prototype.toLocaleString', NUMBER_SUPPORTED);
        throw new RangeError('Value ' + style + ' out of range for Number.prototype.toLocaleString options property style');
      }
      let currency;
      if (options.currency !== undefined) {
        currency = String(options.currency);
        if (!/^[A-Za-z]{3}$/.test(currency)) throw new RangeError('Invalid currency code : ' + currency);
        currency = currency.toUpperCase();
      }
      if (style === 'currency' && currency === undefined) throw new TypeError('Currency code is required with currency style.');
      const integerMin = digitsOption(options, 'minimumIntegerDigits', 1, 21) || 1;
      const currencyDigits = CURRENCY_DIGITS_0.includes(currency) ? 0 : CURRENCY_DIGITS_3.includes(currency) ? 3 : 2;
      const minDefault = style === 'currency' ? currencyDigits : 0;
      const maxDefault = style === 'currency' ? currencyDigits : style === 'percent' ? 0 : 3;
      let min = digitsOption(options, 'minimumFractionDigits', 0, 20);
      let max = digitsOption(options, 'maximumFractionDigits', 0, 20);
      if (min === undefined && max === undefined) { min = minDefault; max = Math.max(minDefault, maxDefault); }
      else if (max === undefined) max = Math.max(maxDefault, min);
      else if (min === undefined) min = Math.min(minDefault, max);
      else if (min > max) throw new RangeError('maximumFractionDigits value is out of range.');
      const grouping = options.useGrouping === undefined ? true : Boolean(options.useGrouping);
      const prefix = style !== 'currency' ? '' : (CURRENCY_SYMBOLS[currency] || currency + '\u00a0');
      return { style, prefix, integerMin, min, max, grouping };
    };
    define('Number.toLocaleString', function () {
      const x = Number.prototype.valueOf.call(this);
      if (!isEnglish(arguments[0])) missing('Number.prototype.toLocaleString', NUMBER_SUPPORTED);
      const options = arguments[1];
      const f = options === undefined ? { style: 'decimal', prefix: '', integerMin: 1, min: 0, max: 3, grouping: true }
        : numberFormat(Object(options));
      const suffix = f.style === 'percent' ? '%' : '';
      const sign = x < 0 || Object.is(x, -0) ? '-' : '';
      if (Number.isNaN(x)) return f.prefix + 'NaN' + suffix;
      if (!Number.isFinite(x)) return sign + f.prefix + '∞' + suffix;
      let [whole, fraction] = roundedDecimal(Math.abs(x), f.max, f.style === 'percent' ? 2 : 0);
      if (whole.length < f.integerMin) whole = '0'.repeat(f.integerMin - whole.length) + whole;
      if (fraction.length < f.min) fraction += '0'.repeat(f.min - fraction.length);
      const grouped = f.grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
      return sign + f.prefix + grouped + (fraction ? '.' + fraction : '') + suffix;
    });

    define('BigInt.toLocaleString', function () {
      const text = String(BigInt.prototype.valueOf.call(this));
      if (!isEnglish(arguments[0]) || arguments[1] !== undefined) missing('BigInt.prototype.toLocaleString');
      return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    });

    // String.prototype.localeCompare: the root collation's three levels. Primary: the
    // base character (ASCII punctuation and symbols in ICU's order, then digits, then
    // letters case-blind, then other characters by code point); secondary: accents;
    // tertiary: lower case before upper case.
    const ASCII_ORDER = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz";
    const DIGIT_ZERO = ASCII_ORDER.indexOf('0');
    const LETTER_A = ASCII_ORDER.indexOf('a');
    const isMark = (code) => code >= 0x300 && code <= 0x36f;
    // Accents in the root collation's secondary order (acute before grave, ring before
    // diaeresis, ...); '=' joins accents that weigh the same. Read off Node 20's ICU.
    const MARK_ORDER = '34f 332 313=343 314 301=341 300=340 306 302 30c 30a 342 308 344 30b 303 307 338 327 328 304 30d=30e=312=315=31a=33d=33e=33f=346=34a=34b=34c=350=351=352=357=35b=35d=35e 316=317=318=319=31c=31d=31e=31f=320=329=32a=32b=32c=32f=333=33a=33b=33c=347=348=349=34d=34e=353=354=355=356=359=35a=35c=35f=362 336=337 335 305 309 30f 310 311 31b 321 322 323 324 325 326 32d 32e 330 331 334 339 345 358 360 361 363 368 369 364 36a 365 36b 366 36c 36d 367 36e 36f';
    const MARK_RANK = {};
    MARK_ORDER.split(' ').forEach((group, rank) => group.split('=').forEach((hex) => { MARK_RANK[parseInt(hex, 16)] = rank; }));
    const markWeight = (ch) => String.fromCharCode(0x100 + (MARK_RANK[ch.codePointAt(0)] ?? 0xe00 + ch.codePointAt(0) % 0x100));
    // Letters NFD leaves whole that the root collation sorts as a base letter with an
    // accent (ø as o), or as two letters (æ as ae, ß as ss).
    const FOLDED = {
      'ø': ['o', '\u0338'], 'đ': ['d', '\u0335'], 'ł': ['l', '\u0337'], 'ħ': ['h', '\u0335'],
      'æ': ['ae', '\u00e6'], 'œ': ['oe', '\u0153'], 'ß': ['ss', '\u00df'],
    };
    // Characters the collation ignores: soft hyphen, zero-width joiners and spaces, BOM.
    const IGNORABLE = '\u00ad\u034f\u200b\u200c\u200d\u200e\u200f\u2060\ufeff';
    const collationKey = (text, numeric) => {
      const primary = [], secondary = [], tertiary = [];
      const chars = Array.from(String(text).normalize('NFD'));
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i];
        const code = ch.codePointAt(0);
        if (isMark(code)) {
          // An accent weighs on the letter before it; one that starts the text, alone.
          if (secondary.length > 0) secondary[secondary.length - 1] += markWeight(ch);
          else secondary.push(markWeight(ch));
          continue;
        }
        if ((code < 32 && ASCII_ORDER.indexOf(ch) < 0) || IGNORABLE.indexOf(ch) >= 0) continue;
        const compatible = ch.normalize('NFKD');
        if (compatible !== ch && compatible.length > 0) {
          // A compatibility form (no-break space, fullwidth Ａ, ﬁ, ²) sorts as what it
          // stands for, a tertiary difference after it.
          const [p2, s2, t2] = collationKey(compatible, numeric);
          primary.push(...p2); secondary.push(...s2); tertiary.push(...t2.map((t) => t + 2));
          continue;
        }
        if (numeric && ch >= '0' && ch <= '9') {
          let run = ch;
          while (i + 1 < chars.length && chars[i + 1] >= '0' && chars[i + 1] <= '9') run += chars[++i];
          run = run.replace(/^0+(?=\d)/, '');
          primary.push(DIGIT_ZERO, run.length, ...Array.from(run, Number));
          secondary.push(''); tertiary.push(0);
          continue;
        }
        const lower = ch.toLowerCase();
        const upper = ch !== lower ? 1 : 0;
        const folded = FOLDED[lower];
        if (folded) {
          for (let k = 0; k < folded[0].length; k++) {
            primary.push(ASCII_ORDER.indexOf(folded[0][k]));
            secondary.push(k === 0 ? markWeight(folded[1]) : '');
            tertiary.push(upper);
          }
          continue;
        }
        const ascii = ASCII_ORDER.indexOf(lower);
        let weight;
        if (ascii >= 0 && lower.length === 1) weight = ascii;
        else if (/[\p{L}\p{N}]/u.test(ch)) weight = LETTER_A + 100 + lower.codePointAt(0);
        else weight = DIGIT_ZERO - 1 + code / 0x200000; // other symbols: after ASCII ones, before digits
        primary.push(weight);
        secondary.push('');
        tertiary.push(upper);
      }
      // The fourth list is the case alone (`sensitivity: 'case'` ignores compatibility forms).
      return [primary, secondary, tertiary, tertiary.map((t) => t & 1)];
    };
    const compareLists = (a, b) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
      }
      return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
    };
    const LEVELS = { base: [0], accent: [0, 1], case: [0, 3], variant: [0, 1, 2] };
    define('String.localeCompare', function (that) {
      if (this === null || this === undefined) throw new TypeError('String.prototype.localeCompare called on null or undefined');
      const options = arguments[2] === undefined ? {} : arguments[2];
      const known = ['sensitivity', 'numeric', 'usage'];
      if (!isEnglish(arguments[1]) || Object.keys(options).some((k) => known.indexOf(k) < 0) ||
          (options.usage !== undefined && options.usage !== 'sort')) {
        missing('String.prototype.localeCompare');
      }
      const levels = LEVELS[options.sensitivity === undefined ? 'variant' : options.sensitivity];
      if (!levels) throw new RangeError('Value ' + options.sensitivity + ' out of range for Intl.Collator options property sensitivity');
      const mine = collationKey(String(this), !!options.numeric);
      const theirs = collationKey(String(that), !!options.numeric);
      for (const level of levels) {
        const order = compareLists(mine[level], theirs[level]);
        if (order !== 0) return order;
      }
      return 0;
    });
    return methods;
  });
