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

  // A form as its only argument: its named fields, a repeated name as an array.
  function formFields(form) {
    var fields = {};
    for (var i = 0; i < form.elements.length; i++) {
      var el = form.elements[i];
      if (!el.name || el.disabled) continue;
      if (el.type === 'file') {
        throw new Error('gas-sim serve does not implement file inputs in a form passed to google.script.run');
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

  function send(call) {
    active++;
    var status = 0;
    fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ function: call.name, args: call.args })
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
    if (args.length === 1 && typeof HTMLFormElement !== 'undefined' && args[0] instanceof HTMLFormElement) {
      args = [formFields(args[0])];
    }
    for (var i = 0; i < args.length; i++) check(args[i], i, []);
    var queued = { name: name, args: args, success: success, failure: failure, user: user };
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
