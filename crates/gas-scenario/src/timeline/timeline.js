// gas-sim's HTML timeline: draws each zone run of the data in #gas-sim-data.
// Everything from the run (names, subjects, logs, errors) reaches the page through
// textContent or setAttribute only, never as markup.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var LANE_PX = 16, AXIS_PX = 26, ROW_PX = 18, QUOTA_PX = 64, GAP_PX = 6;
  var ZOOM_MAX = 4096, TICK_SPACING_PX = 80, BAR_PX_MIN = 2;
  var data = JSON.parse(document.getElementById('gas-sim-data').textContent);
  var root = document.getElementById('gas-sim-timeline');

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    setAll(node, attrs);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svg(tag, attrs, title) {
    var node = document.createElementNS(SVG, tag);
    setAll(node, attrs);
    if (title) {
      var t = document.createElementNS(SVG, 'title');
      t.textContent = title;
      node.appendChild(t);
    }
    return node;
  }
  function setAll(node, attrs) {
    for (var key in attrs || {}) {
      if (Object.prototype.hasOwnProperty.call(attrs, key)) node.setAttribute(key, String(attrs[key]));
    }
  }
  function duration(ms) {
    if (ms < 1000) return ms + ' ms';
    if (ms < 120000) return (ms / 1000).toFixed(1) + ' s';
    return (ms / 60000).toFixed(1) + ' min';
  }

  function Zone(z, index) {
    this.z = z;
    this.index = index;
    this.zoom = 1;
    this.lanes = 1;
    for (var i = 0; i < z.executions.length; i++) {
      var e = z.executions[i];
      // The data leaves out what an execution lacks: the defaults, in one place.
      e.killed_at_limit = e.killed_at_limit || false;
      e.error = e.error || null;
      e.warnings = e.warnings || [];
      e.lock_waits = e.lock_waits || [];
      e.calls = e.calls || [];
      e.logs = e.logs || [];
      e.dropped = e.dropped || null;
      e.has_trace = e.has_trace || false;
      this.lanes = Math.max(this.lanes, e.lane + 1);
    }
  }

  Zone.prototype.build = function () {
    var z = this.z, self = this;
    var section = el('section', { 'class': 'zone ' + (z.passed ? 'passed' : 'failed'), id: 'zone-' + this.index });
    var head = el('h2', {});
    head.appendChild(el('span', { 'class': 'verdict' }, z.passed ? 'passed' : 'FAILED'));
    head.appendChild(document.createTextNode(' ' + z.scenario + ' \u2014 ' + z.zone + ' (seed ' + z.seed + ')'));
    section.appendChild(head);
    section.appendChild(el('p', { 'class': 'span' }, z.start_local + ' to ' + z.end_local + ' (' + z.zone + ' local time); ' +
      z.executions.length + ' executions, ' + z.mail.length + ' mails, ' + z.marks.length + ' marks'));
    if (!z.passed) section.appendChild(el('p', { 'class': 'replay' }, 'replay: ' + z.replay));
    for (var w = 0; w < z.warnings.length; w++) section.appendChild(el('p', { 'class': 'warning' }, 'warning: ' + z.warnings[w]));
    if (!z.traces_kept && z.passed) {
      section.appendChild(el('p', { 'class': 'hint' }, 'This run passed: its calls and logs are not on this page ' +
        '(gas-sim test keeps them for failed runs; gas-sim run with --html keeps them all).'));
    }
    if (z.traces_dropped > 0) {
      section.appendChild(el('p', { 'class': 'warning' }, z.traces_dropped +
        ' executions have no calls or logs here: the run keeps at most its first 100,000 records for the page'));
    }
    var controls = el('div', { 'class': 'controls' });
    var zoomOut = el('button', { type: 'button', 'class': 'zoom-out' }, '\u2212');
    var zoomIn = el('button', { type: 'button', 'class': 'zoom-in' }, '+');
    var zoomFit = el('button', { type: 'button', 'class': 'zoom-fit' }, 'fit');
    this.zoomLabel = el('span', { 'class': 'zoom-label' }, 'zoom \u00d71');
    zoomOut.addEventListener('click', function () { self.setZoom(self.zoom / 2); });
    zoomIn.addEventListener('click', function () { self.setZoom(self.zoom * 2); });
    zoomFit.addEventListener('click', function () { self.setZoom(1); });
    controls.appendChild(zoomOut); controls.appendChild(zoomIn); controls.appendChild(zoomFit); controls.appendChild(this.zoomLabel);
    controls.appendChild(this.navigation());
    controls.appendChild(legend());
    section.appendChild(controls);
    this.scroller = el('div', { 'class': 'scroller' });
    section.appendChild(this.scroller);
    this.details = el('div', { 'class': 'details', id: 'details-' + this.index });
    this.details.appendChild(el('p', { 'class': 'hint' }, 'Click an execution to see its calls and logs.'));
    section.appendChild(this.details);
    if ((z.errors || []).length) section.appendChild(this.errorList());
    section.appendChild(expectations(z));
    this.section = section;
    this.zoom = this.interestingZoom();
    this.zoomLabel.textContent = 'zoom \u00d7' + this.zoom;
    this.draw();
    this.scrollTo(this.interestingStart);
    return section;
  };

  // Failed and killed executions grouped as in the text report; a click on a group shows
  // its next execution (its calls and logs below the picture), round the group.
  Zone.prototype.errorList = function () {
    var self = this, list = el('div', { 'class': 'errors' });
    list.appendChild(el('h3', {}, 'failed and killed (' + this.z.errors.length + ' kinds of error)'));
    for (var i = 0; i < this.z.errors.length; i++) {
      (function (g) {
        var next = 0;
        var item = el('button', { type: 'button', 'class': 'error-group', 'data-kind': g.kind },
          g.count + '\u00d7 ' + g.kind + (g.site ? ' ' + g.site : '') + '  ' + g.text + '  (' + g.functions.join(', ') +
          '; ' + g.first + ' .. ' + g.last + ')');
        item.addEventListener('click', function () {
          if (!g.execs.length) return;
          self.show(g.execs[next % g.execs.length]);
          next++;
          self.details.scrollIntoView({ block: 'nearest' });
        });
        list.appendChild(item);
      })(this.z.errors[i]);
    }
    return list;
  };

  // "next failure", "next lock wait", "next kill": each steps through those executions,
  // showing one and scrolling the picture to its bar.
  Zone.prototype.navigation = function () {
    var self = this, nav = el('span', { 'class': 'navigation' });
    var kinds = [
      ['failure', function (e) { return e.outcome === 'failed'; }],
      ['lock wait', function (e) { return e.lock_waits.length > 0; }],
      ['kill', function (e) { return e.outcome === 'killed'; }],
    ];
    for (var k = 0; k < kinds.length; k++) {
      (function (name, test) {
        var ids = [];
        for (var i = 0; i < self.z.executions.length; i++) if (test(self.z.executions[i])) ids.push(self.z.executions[i]);
        if (!ids.length) return;
        var next = 0;
        var button = el('button', { type: 'button', 'class': 'next-' + name.replace(' ', '-') }, 'next ' + name + ' (' + ids.length + ')');
        button.addEventListener('click', function () {
          var e = ids[next % ids.length];
          next++;
          self.show(e.id);
          var span = Math.max(1, self.z.end - self.z.start);
          var px = ((e.start - self.z.start) / span) * self.scroller.scrollWidth;
          self.scroller.scrollLeft = Math.max(0, px - self.scroller.clientWidth / 2);
        });
        nav.appendChild(button);
      })(kinds[k][0], kinds[k][1]);
    }
    return nav;
  };

  // A long run opens on what needs a look: the span of its failed and killed executions
  // and lock waits (zoomed so it fills the view, at most 64x); "fit" shows the whole run.
  Zone.prototype.interestingZoom = function () {
    var z = this.z, first = null, last = null;
    for (var i = 0; i < z.executions.length; i++) {
      var e = z.executions[i];
      if (e.outcome === 'completed' && !e.lock_waits.length) continue;
      first = first === null ? e.start : Math.min(first, e.start);
      last = last === null ? e.end : Math.max(last, e.end);
    }
    this.interestingStart = first;
    var span = Math.max(1, z.end - z.start);
    if (first === null || span < 86400000) return 1;
    var wanted = Math.max(3600000, (last - first) * 1.2);
    var zoom = 1;
    while (zoom * 2 <= 64 && span / (zoom * 2) >= wanted) zoom *= 2;
    return zoom;
  };

  Zone.prototype.scrollTo = function (at) {
    if (at === null || at === undefined) return;
    var span = Math.max(1, this.z.end - this.z.start);
    var px = ((at - this.z.start) / span) * this.scroller.scrollWidth;
    this.scroller.scrollLeft = Math.max(0, px - 40);
  };

  Zone.prototype.setZoom = function (zoom) {
    this.zoom = Math.max(1, Math.min(ZOOM_MAX, zoom));
    this.zoomLabel.textContent = 'zoom \u00d7' + this.zoom;
    this.draw();
  };

  Zone.prototype.draw = function () {
    var z = this.z, self = this;
    var base = Math.max(600, (root.clientWidth || 1200) - 32);
    var width = Math.round(base * this.zoom);
    var span = Math.max(1, z.end - z.start);
    var x = function (t) { return ((t - z.start) / span) * width; };
    var lanesTop = AXIS_PX;
    var marksTop = lanesTop + this.lanes * LANE_PX + GAP_PX;
    var webTop = marksTop + ROW_PX;
    var webRows = (z.submissions || []).length ? ROW_PX : 0;
    var mailTop = webTop + webRows;
    var quotaTop = mailTop + ROW_PX + GAP_PX;
    var height = quotaTop + QUOTA_PX + 4;
    var s = svg('svg', { 'class': 'timeline', width: width, height: height, viewBox: '0 0 ' + width + ' ' + height });
    this.drawAxis(s, x, span, width, height);
    // DST: where the zone's offset changes, a line across the zone with the offsets.
    var changes = z.offset_changes || [];
    for (var c = 0; c < changes.length; c++) {
      var cx = x(changes[c].at);
      s.appendChild(svg('line', { 'class': 'dst-line', x1: cx, x2: cx, y1: 0, y2: height }, changes[c].text));
      s.appendChild(svg('text', { 'class': 'dst-label', x: cx + 2, y: AXIS_PX - 8 })).textContent = changes[c].text.split(' UTC offset ')[1];
    }
    s.appendChild(svg('text', { 'class': 'row-label', x: 2, y: marksTop + 12 }, null)).textContent = 'faults \u00b7 evictions';
    s.appendChild(svg('text', { 'class': 'row-label', x: 2, y: mailTop + 12 }, null)).textContent = 'mail';
    this.drawTracks(s, width, lanesTop, false);
    for (var i = 0; i < z.executions.length; i++) this.drawExecution(s, z.executions[i], x, lanesTop);
    this.drawTracks(s, width, lanesTop, true);
    for (var m = 0; m < z.marks.length; m++) drawMark(s, z.marks[m], x(z.marks[m].at), marksTop);
    for (var k = 0; k < z.mail.length; k++) {
      var mail = z.mail[k], mx = x(mail.at);
      s.appendChild(svg('line', { 'class': 'tick-mail', x1: mx, x2: mx, y1: mailTop + 2, y2: mailTop + ROW_PX - 2 },
        mail.local + '  to ' + mail.to + '\n' + mail.subject));
    }
    if (webRows) this.drawSubmissions(s, x, webTop);
    this.drawQuota(s, x, quotaTop, width);
    while (this.scroller.firstChild) this.scroller.removeChild(this.scroller.firstChild);
    this.scroller.appendChild(s);
    s.addEventListener('click', function (event) {
      var target = event.target;
      while (target && target !== s && !target.hasAttribute('data-exec')) target = target.parentNode;
      if (target && target !== s) self.show(Number(target.getAttribute('data-exec')));
    });
  };

  // One track per function: a band with the function's name, its executions stacked in
  // its lanes when they overlap (so syncOrders is told from watchdog at a glance).
  // The bands go under the bars, the labels over them.
  Zone.prototype.drawTracks = function (s, width, lanesTop, labels) {
    var tracks = this.z.tracks || [];
    for (var i = 0; i < tracks.length; i++) {
      var t = tracks[i], top = lanesTop + t.lane * LANE_PX;
      if (labels) {
        s.appendChild(svg('text', { 'class': 'track-label', x: 2, y: top + LANE_PX - 6, 'data-track': t.function })).textContent = t.function;
      } else {
        s.appendChild(svg('rect', { 'class': 'track track-' + (i % 2), x: 0, y: top, width: width, height: t.lanes * LANE_PX }));
      }
    }
  };

  Zone.prototype.drawAxis = function (s, x, span, width, height) {
    var levels = this.z.axis, level = null;
    for (var i = 0; i < levels.length; i++) {
      if ((levels[i].step_ms / span) * width >= TICK_SPACING_PX) { level = levels[i]; break; }
    }
    if (!level && levels.length) level = levels[levels.length - 1];
    if (!level) return;
    for (var t = 0; t < level.ticks.length; t++) {
      var tx = x(this.z.start + level.ticks[t][0]);
      s.appendChild(svg('line', { 'class': 'grid', x1: tx, x2: tx, y1: AXIS_PX - 6, y2: height }));
      s.appendChild(svg('text', { 'class': 'axis-label', x: tx + 2, y: 14 })).textContent = level.ticks[t][1];
    }
  };

  Zone.prototype.drawExecution = function (s, e, x, lanesTop) {
    var y = lanesTop + e.lane * LANE_PX + 2;
    var x0 = x(e.start), w = Math.max(BAR_PX_MIN, x(e.end) - x0);
    var outcome = e.killed_at_limit ? 'killed-limit' : e.outcome;
    var title = e.function + ' (' + e.source + ')\n' + e.start_local + ' \u2192 ' + e.end_local +
      ' (' + duration(e.end - e.start) + ')\n' + e.outcome + (e.error ? ': ' + e.error : '');
    var g = svg('g', { 'class': 'execution', 'data-exec': e.id });
    g.appendChild(svg('rect', { 'class': 'bar outcome-' + outcome, x: x0, y: y, width: w, height: LANE_PX - 4, 'data-exec': e.id }, title));
    for (var i = 0; i < e.lock_waits.length; i++) {
      var wait = e.lock_waits[i], wx = x(wait[0]);
      g.appendChild(svg('rect', { 'class': 'lock-wait', x: wx, y: y + 3, width: Math.max(1, x(wait[1]) - wx), height: LANE_PX - 10 },
        wait[2] + ': waited ' + duration(wait[1] - wait[0]) + ' for the lock (' + wait[3] + ')'));
    }
    if (e.killed_at_limit) {
      var kx = x0 + w;
      g.appendChild(svg('line', { 'class': 'kill-line', x1: kx, x2: kx, y1: y - 2, y2: y + LANE_PX - 2 }, 'killed: ' + (e.error || '')));
    }
    s.appendChild(g);
  };

  // The web app's clients: each submission a line from its first attempt to when its
  // client knew the last one's answer, each attempt a dot coloured by how it ended
  // (delivered, lost, error page, timeout); a click on a dot shows its execution.
  Zone.prototype.drawSubmissions = function (s, x, top) {
    s.appendChild(svg('text', { 'class': 'row-label', x: 2, y: top + 12 })).textContent = 'web app';
    var cy = top + ROW_PX / 2;
    for (var i = 0; i < this.z.submissions.length; i++) {
      var sub = this.z.submissions[i], a = sub.attempts;
      if (!a.length) continue;
      var last = a[a.length - 1], end = last[4] === null || last[4] === undefined ? last[0] : last[4];
      s.appendChild(svg('line', { 'class': 'submission concluded-' + sub.concluded, x1: x(a[0][0]), x2: x(end), y1: cy, y2: cy },
        sub.label + ' (' + sub.client + '): ' + a.length + ' attempt(s), concluded ' + sub.concluded));
      for (var k = 0; k < a.length; k++) {
        var title = sub.label + ' attempt ' + (k + 1) + (a[k][5] ? ' (sent again)' : '') + ': ' + a[k][2] +
          (a[k][3] ? ' ' + a[k][3] : '') + '; concluded ' + sub.concluded;
        s.appendChild(svg('circle', { 'class': 'attempt attempt-' + a[k][2], cx: x(a[k][0]), cy: cy, r: 4, 'data-exec': a[k][1] }, title));
      }
    }
  };

  Zone.prototype.drawQuota = function (s, x, top, width) {
    var q = this.z.quota;
    s.appendChild(svg('rect', { 'class': 'quota-frame', x: 0, y: top, width: width, height: QUOTA_PX }));
    s.appendChild(svg('text', { 'class': 'row-label', x: 2, y: top + 12 })).textContent =
      'mail quota left (of ' + q.per_day + ' recipients a day)';
    if (!q.points.length || q.per_day <= 0) return;
    var y = function (v) { return top + QUOTA_PX - (v / q.per_day) * (QUOTA_PX - 4) - 2; };
    var d = 'M' + x(q.points[0][0]).toFixed(1) + ' ' + y(q.points[0][1]).toFixed(1);
    for (var i = 1; i < q.points.length; i++) {
      var px = x(q.points[i][0]).toFixed(1);
      d += ' H' + px + ' V' + y(q.points[i][1]).toFixed(1);
    }
    var last = q.points[q.points.length - 1];
    s.appendChild(svg('path', { 'class': 'quota-line', d: d }, 'recipients left at the end: ' + last[1]));
  };

  Zone.prototype.show = function (id) {
    var e = null;
    for (var i = 0; i < this.z.executions.length; i++) if (this.z.executions[i].id === id) e = this.z.executions[i];
    if (!e) return;
    var d = this.details;
    while (d.firstChild) d.removeChild(d.firstChild);
    d.setAttribute('data-shown', String(id));
    d.appendChild(el('h3', {}, 'execution ' + e.id + ': ' + e.function + ' (' + e.source + ')'));
    d.appendChild(el('p', { 'class': 'outcome outcome-' + e.outcome }, e.start_local + ' \u2192 ' + e.end_local + '  ' +
      e.outcome + (e.error ? ': ' + e.error : '')));
    if (!e.has_trace) {
      d.appendChild(el('p', { 'class': 'hint' }, 'No calls or logs were kept for this execution.'));
      return;
    }
    d.appendChild(table('calls (' + e.calls.length + ')', 'call-row', ['time', 'method', 'arguments', 'outcome', 'latency', 'fault'],
      e.calls.map(function (c) { return [c[0], c[1], c[2], c[3], c[4] + ' ms', c[5] || '']; })));
    d.appendChild(table('logs (' + e.logs.length + ')', 'log-row', ['time', 'level', 'text'], e.logs));
    if (e.dropped && (e.dropped[0] > 0 || e.dropped[1] > 0)) {
      d.appendChild(el('p', { 'class': 'warning' }, e.dropped[0] + ' calls and ' + e.dropped[1] + ' log lines past the trace limit are not shown'));
    }
  };

  function table(caption, rowClass, headers, rows) {
    var t = el('table', { 'class': rowClass + 's' });
    t.appendChild(el('caption', {}, caption));
    var head = el('tr', {});
    for (var h = 0; h < headers.length; h++) head.appendChild(el('th', {}, headers[h]));
    t.appendChild(head);
    for (var r = 0; r < rows.length; r++) {
      var tr = el('tr', { 'class': rowClass });
      for (var c = 0; c < rows[r].length; c++) tr.appendChild(el('td', {}, rows[r][c]));
      t.appendChild(tr);
    }
    return t;
  }

  function drawMark(s, mark, mx, top) {
    var cy = top + ROW_PX / 2, shape;
    if (mark.kind === 'fault') {
      shape = svg('path', { 'class': 'mark mark-fault', d: 'M' + mx + ' ' + (cy - 6) + ' l5 10 h-10 z' }, mark.text);
    } else if (mark.kind === 'eviction') {
      shape = svg('rect', { 'class': 'mark mark-eviction', x: mx - 4, y: cy - 4, width: 8, height: 8,
        transform: 'rotate(45 ' + mx + ' ' + cy + ')' }, mark.text);
    } else {
      shape = svg('circle', { 'class': 'mark mark-' + mark.kind, cx: mx, cy: cy, r: 4 }, mark.text);
    }
    if (mark.exec !== undefined) shape.setAttribute('data-exec', String(mark.exec));
    s.appendChild(shape);
  }

  function legend() {
    var l = el('span', { 'class': 'legend' });
    var items = [['outcome-completed', 'completed'], ['outcome-failed', 'failed'], ['outcome-killed', 'killed'],
      ['outcome-killed-limit', 'killed at the 6-minute limit'], ['lock-wait', 'waiting for a lock'],
      ['mark-fault', 'injected fault'], ['mark-eviction', 'cache eviction'], ['mark-lost', 'response lost'],
      ['tick-mail', 'mail']];
    for (var i = 0; i < items.length; i++) {
      l.appendChild(el('span', { 'class': 'swatch ' + items[i][0] }));
      l.appendChild(el('span', { 'class': 'legend-text' }, items[i][1]));
    }
    return l;
  }

  function expectations(z) {
    var t = el('table', { 'class': 'expectations' });
    t.appendChild(el('caption', {}, 'expectations (' + z.expectations.length + ')'));
    for (var i = 0; i < z.expectations.length; i++) {
      var x = z.expectations[i];
      var tr = el('tr', { 'class': 'expect-row ' + (x.passed ? 'pass' : 'fail') });
      tr.appendChild(el('td', { 'class': 'verdict' }, x.passed ? 'pass' : 'FAIL'));
      tr.appendChild(el('td', {}, x.label));
      tr.appendChild(el('td', {}, 'expected ' + x.expected));
      tr.appendChild(el('td', {}, 'got ' + x.actual));
      t.appendChild(tr);
      // Under a FAIL, the evidence the text report prints: what came nearest.
      for (var k = 0; k < (x.evidence || []).length; k++) {
        var ev = el('tr', { 'class': 'evidence-row' });
        ev.appendChild(el('td', {}, ''));
        ev.appendChild(el('td', { colspan: 3 }, x.evidence[k]));
        t.appendChild(ev);
      }
    }
    return t;
  }

  // With several runs, an index first: the failed ones first, each linking to its run.
  if (data.zones.length > 1) {
    var nav = el('nav', { 'class': 'index' });
    nav.appendChild(el('h2', {}, 'runs'));
    var order = [];
    for (var f = 0; f < data.zones.length; f++) order.push(f);
    order.sort(function (a, b) { return (data.zones[a].passed - data.zones[b].passed) || (a - b); });
    for (var o = 0; o < order.length; o++) {
      var zi = data.zones[order[o]];
      var link = el('a', { href: '#zone-' + order[o], 'class': 'index-link ' + (zi.passed ? 'passed' : 'failed') },
        (zi.passed ? 'passed  ' : 'FAILED  ') + zi.scenario + ' \u2014 ' + zi.zone);
      nav.appendChild(link);
    }
    root.appendChild(nav);
  }
  var zones = [];
  for (var i = 0; i < data.zones.length; i++) {
    var zone = new Zone(data.zones[i], i);
    zones.push(zone);
    root.appendChild(zone.build());
  }
  // A test hook: `#click=ZONE:EXEC` clicks that execution's bar once the page is drawn,
  // as a user would (a real click event), so a headless browser can check the details.
  var hook = /^#click=(\d+):(\d+)$/.exec(location.hash);
  if (hook && zones[Number(hook[1])]) {
    var bar = zones[Number(hook[1])].scroller.querySelector('rect.bar[data-exec="' + Number(hook[2]) + '"]');
    if (bar) bar.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }
  document.body.setAttribute('data-rendered', String(zones.length));
})();
