#!/usr/bin/env node
'use strict';
// Node 20 comparison harness for `gas-sim bench`.
//
//   node bench/node/harness.js <projectDir> <function> <executions> [warmup]
//
// Runs <executions> executions of <function> the way a hand-rolled Node test rig would run
// an Apps Script project: every source file is compiled ONCE (a cached vm.Script per file);
// every execution gets a fresh vm context with fresh service objects (fakes.js) bound to a
// persistent in-memory world, runs every script in it, then calls the entry function.
// Prints one line of JSON:
//   {"executions": N, "total_ms": ..., "mean_ms": ..., "median_ms": ..., "p90_ms": ...}
// total_ms is the wall time of the whole measured loop (so garbage collection of dead
// contexts, wherever it lands, is included) and mean_ms = total_ms / N; median and p90 are
// over the per-execution times (context creation + script runs + call).
// Set BENCH_VERBOSE=1 to get the first and last results and the log count on stderr.

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const fakes = require('./fakes');

function usage(message) {
  if (message) process.stderr.write('error: ' + message + '\n');
  process.stderr.write('usage: node bench/node/harness.js <projectDir> <function> <executions> [warmup]\n');
  process.exit(2);
}

function positiveInt(text, what, allowZero) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) usage(what + ' must be a ' + (allowZero ? 'non-negative' : 'positive') + ' integer, got ' + JSON.stringify(text));
  return n;
}

/** The project's sources in gas-sim's order: .clasp.json filePushOrder first, then by name. */
function loadProject(dir) {
  let sourceRoot = dir;
  let pushOrder = [];
  const claspPath = path.join(dir, '.clasp.json');
  if (fs.existsSync(claspPath)) {
    const clasp = JSON.parse(fs.readFileSync(claspPath, 'utf8'));
    if (clasp.rootDir) sourceRoot = path.join(dir, clasp.rootDir);
    if (Array.isArray(clasp.filePushOrder)) pushOrder = clasp.filePushOrder.map((p) => path.normalize(p));
  }
  const manifestPath = path.join(sourceRoot, 'appsscript.json');
  if (!fs.existsSync(manifestPath)) usage(sourceRoot + ' has no appsscript.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const names = [];
  (function walk(rel) {
    for (const entry of fs.readdirSync(path.join(sourceRoot, rel), { withFileTypes: true })) {
      const name = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') walk(name);
      } else if (/\.(gs|js)$/.test(entry.name)) {
        names.push(name.split(path.sep).join('/'));
      }
    }
  })('');
  names.sort();
  const pushed = pushOrder
    .map((p) => path.relative(sourceRoot, path.resolve(dir, p)).split(path.sep).join('/'))
    .filter((n) => names.includes(n));
  const ordered = pushed.concat(names.filter((n) => !pushed.includes(n)));
  return {
    timeZone: manifest.timeZone || 'America/New_York',
    files: ordered.map((name) => ({ name, text: fs.readFileSync(path.join(sourceRoot, name), 'utf8') })),
  };
}

function main() {
  const [dir, fnName, executionsArg, warmupArg] = process.argv.slice(2);
  if (!dir || !fnName || !executionsArg) usage();
  const executions = positiveInt(executionsArg, 'executions', false);
  const warmup = warmupArg === undefined ? 200 : positiveInt(warmupArg, 'warmup', true);
  const project = loadProject(dir);
  if (project.files.length === 0) usage(dir + ' has no .gs or .js files');

  // The script zone is the JS local zone, as in gas-sim. Node re-reads TZ when it is set.
  process.env.TZ = project.timeZone;

  // Compiled once, run in every execution's context.
  const scripts = project.files.map((f) => new vm.Script(f.text, { filename: f.name }));
  const realmDate = new vm.Script('Date', { filename: '<harness>' });

  const world = fakes.createWorld({ timeZone: project.timeZone });
  let lastResult;
  let logCount = 0;

  function execute() {
    world.execution++;
    const logs = [];
    const sandbox = {};
    vm.createContext(sandbox);
    const realm = { Date: realmDate.runInContext(sandbox) };
    Object.assign(sandbox, fakes.createGlobals(world, realm, logs));
    try {
      for (const script of scripts) script.runInContext(sandbox);
      const fn = sandbox[fnName];
      if (typeof fn !== 'function') throw new Error('Script function not found: ' + fnName);
      lastResult = fn({});
    } finally {
      fakes.endExecution(world);
      logCount += logs.length;
    }
  }

  const verbose = process.env.BENCH_VERBOSE === '1';
  const run = (label) => {
    try {
      execute();
    } catch (e) {
      process.stderr.write('execution ' + world.execution + ' (' + label + ') failed: ' + (e && e.stack || e) + '\n');
      process.exit(1);
    }
  };

  for (let i = 0; i < warmup; i++) run('warmup');
  if (verbose) process.stderr.write('first result: ' + JSON.stringify(lastResult) + '\n');

  const samples = new Float64Array(executions);
  const start = process.hrtime.bigint();
  for (let i = 0; i < executions; i++) {
    const t0 = process.hrtime.bigint();
    run('measured');
    samples[i] = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  // With `node --expose-gc`, collect the dead contexts inside the measured window too.
  if (typeof global.gc === 'function') global.gc();
  const totalMs = Number(process.hrtime.bigint() - start) / 1e6;

  const sorted = Array.from(samples).sort((a, b) => a - b);
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const r3 = (x) => Math.round(x * 1000) / 1000;
  if (verbose) {
    process.stderr.write('last result: ' + JSON.stringify(lastResult) + '\n');
    process.stderr.write('log lines: ' + logCount + ', world: ' + JSON.stringify({
      spreadsheets: Array.from(world.spreadsheets.values()).map((b) => ({ id: b.id, sheets: b.sheets.map((s) => s.name + ':' + s.rows.length) })),
      properties: Object.fromEntries(world.properties.script),
      cacheItems: world.caches.script.size,
    }) + '\n');
  }
  process.stdout.write(JSON.stringify({
    executions,
    total_ms: r3(totalMs),
    mean_ms: r3(totalMs / executions),
    median_ms: r3(rank(0.5)),
    p90_ms: r3(rank(0.9)),
  }) + '\n');
}

main();
