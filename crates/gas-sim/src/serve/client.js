// gas-sim serve: google.script.run, google.script.url and google.script.host for an
// HtmlService page (crates/gas-sim/src/serve/script_run.rs injects this into every
// text/html output). Each call is a POST to serve's endpoint, which runs the function as
// its own execution; the rules are gas_platform::webapp::script_run's.
(function () {
  'use strict';
  var ENDPOINT = '__ENDPOINT__';
  var CALLS_MAX = __CALLS_MAX__;
  var ILLEGAL = '__ILLEGAL__';
  var NETWORK = '__NETWORK__';
  var FORM_FILES = '__FORM_FILES__';
  var FILE_FAILURE = '__FILE_FAILURE__';
  // The client library's listener key, random per page load (as the platform's is).
  var LISTENER_KEY = (Math.random() * 1e6) | 0;
  var active = 0;
  var waiting = [];

  function illegal(key) {
    return new TypeError(ILLEGAL + key);
  }

  // Throws for a value that may not cross (a Date, a function, a DOM node, a cycle).
  function check(value, key, path) {
    if (value === null || value === undefined) return;
    var type = typeof value;
    if (type === 'number' || type === 'boolean' || type === 'string') return;
    if (type !== 'object' || value instanceof Date) throw illegal(key);
    if (typeof Node !== 'undefined' && value instanceof Node) throw illegal(key);
    if (path.indexOf(value) >= 0) throw illegal(key);
    path.push(value);
    if (Array.isArray(value)) {
      for (var i = 0; i < value.length; i++) check(value[i], i, path);
    } else {
      for (var k in value) {
        if (Object.prototype.hasOwnProperty.call(value, k)) check(value[k], k, path);
      }
    }
    path.pop();
  }

  // A form as its only argument: its named fields, a repeated name as an array; a file
  // input's first file goes to `files` (read and sent beside the fields), or the call
  // fails as it does on the platform (serve's --form-files).
  function formFields(form, files) {
    var fields = {};
    for (var i = 0; i < form.elements.length; i++) {
      var el = form.elements[i];
      if (!el.name || el.disabled) continue;
      if (el.type === 'file') {
        if (FORM_FILES !== 'blob') throw new TypeError(FILE_FAILURE + LISTENER_KEY + "')");
        files[el.name] = el.files && el.files.length > 0 ? el.files[0] : null;
        continue;
      }
      if ((el.type === 'checkbox' || el.type === 'radio') && !el.checked) continue;
      var value = el.value;
      if (Object.prototype.hasOwnProperty.call(fields, el.name)) {
        fields[el.name] = [].concat(fields[el.name], value);
      } else {
        fields[el.name] = value;
      }
    }
    return fields;
  }

  function report(handler, value, user, isError) {
    if (handler) {
      handler(value, user);
    } else if (isError) {
      setTimeout(function () { throw value; });
    }
  }

  // Each file as {name, type, base64}; an empty input as an empty file.
  function readFiles(files) {
    var names = Object.keys(files);
    return Promise.all(names.map(function (name) {
      var file = files[name];
      if (!file) return { name: '', type: '', base64: '' };
      return new Promise(function (resolve, reject) {
        var reader = new FileReader();
        reader.onload = function () {
          var url = String(reader.result);
          resolve({ name: file.name, type: file.type, base64: url.slice(url.indexOf(',') + 1) });
        };
        reader.onerror = function () { reject(reader.error); };
        reader.readAsDataURL(file);
      });
    })).then(function (read) {
      var out = {};
      names.forEach(function (name, i) { out[name] = read[i]; });
      return out;
    });
  }

  function send(call) {
    active++;
    var status = 0;
    readFiles(call.files)
      .then(function (formFiles) {
        var body = { function: call.name, args: call.args };
        if (Object.keys(formFiles).length > 0) body.form_files = formFiles;
        return fetch(ENDPOINT, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body)
        });
      })
      .then(function (response) {
        status = response.status;
        return status === 200 ? response.json() : null;
      })
      .catch(function () { return null; })
      .then(function (answer) {
        if (answer && answer.ok === true) {
          report(call.success, answer.value, call.user, false);
        } else if (answer && answer.error) {
          var error = new Error(answer.error.message);
          error.name = answer.error.name;
          report(call.failure, error, call.user, true);
        } else {
          report(call.failure, new Error(NETWORK + status), call.user, true);
        }
      })
      .then(finish, finish);
  }

  function finish() {
    active--;
    if (waiting.length > 0 && active < CALLS_MAX) send(waiting.shift());
  }

  function call(name, args, success, failure, user) {
    var files = {};
    if (args.length === 1 && typeof HTMLFormElement !== 'undefined' && args[0] instanceof HTMLFormElement) {
      args = [formFields(args[0], files)];
    }
    for (var i = 0; i < args.length; i++) check(args[i], i, []);
    var queued = { name: name, args: args, files: files, success: success, failure: failure, user: user };
    if (active < CALLS_MAX) send(queued); else waiting.push(queued);
  }

  function runner(success, failure, user) {
    var own = {
      withSuccessHandler: function (f) { return runner(f, failure, user); },
      withFailureHandler: function (f) { return runner(success, f, user); },
      withUserObject: function (o) { return runner(success, failure, o); }
    };
    return new Proxy(own, {
      get: function (target, name) {
        if (typeof name !== 'string') return undefined;
        if (Object.prototype.hasOwnProperty.call(target, name)) return target[name];
        // Private functions (a trailing underscore) are not on google.script.run.
        if (name.slice(-1) === '_' || name === 'then') return undefined;
        return function () {
          call(name, Array.prototype.slice.call(arguments), success, failure, user);
        };
      }
    });
  }

  function location() {
    var parameter = {};
    var parameters = {};
    new URLSearchParams(window.location.search).forEach(function (value, key) {
      if (!(key in parameter)) parameter[key] = value;
      (parameters[key] = parameters[key] || []).push(value);
    });
    return { hash: window.location.hash.replace(/^#/, ''), parameter: parameter, parameters: parameters };
  }

  function notInDialog(name) {
    return function () {
      throw new Error('google.script.host.' + name + ' works in a dialog or sidebar; gas-sim serve serves a web app');
    };
  }

  window.google = window.google || {};
  window.google.script = {
    run: runner(null, null, undefined),
    url: { getLocation: function (callback) { callback(location()); } },
    host: {
      origin: window.location.origin,
      close: notInDialog('close'),
      setHeight: notInDialog('setHeight'),
      setWidth: notInDialog('setWidth'),
      editor: { focus: notInDialog('editor.focus') }
    }
  };
})();
