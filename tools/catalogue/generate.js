#!/usr/bin/env node
// Generates gas-sim's catalogue of the Apps Script platform from @types/google-apps-script
// (the versions pinned in package-lock.json), with the TypeScript compiler's parser.
//
//   npm ci && node generate.js          writes crates/gas-platform/catalogue/apps-script.txt
//   node generate.js --check            exits 1 if the checked-in file differs
//
// The output is facts only (names, parameter and return types), in a line format that
// crates/gas-platform/src/catalogue.rs reads; see the header it writes. Every list is
// sorted or kept in declaration order (overloads, enum values), so the same package
// versions give the same bytes on any machine.
//
// Covered: the built-in services (every google-apps-script.*.d.ts beside index.d.ts).
// Left out: the advanced services (apis/*.d.ts: REST wrappers such as Drive v3, which a
// project enables per service), event objects (google-apps-script-events.d.ts) and
// add-on event objects (addons/), which no script reaches through a global.
'use strict';

const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const PACKAGE = '@types/google-apps-script';
const ROOT = path.join(__dirname, 'node_modules', PACKAGE);
const OUTPUT = path.join(__dirname, '..', '..', 'crates', 'gas-platform', 'catalogue', 'apps-script.txt');
// `Date2` is a typing device of the package (a Date constructor type), not a global the
// platform defines.
const NOT_GLOBALS = new Set(['Date2']);

function packageVersion(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

// One namespace's declarations: interfaces (classes), enums, and their names, read first so
// a bare reference (`Range` inside `Spreadsheet`) can be resolved to its namespace.
function readFiles() {
  const files = fs.readdirSync(ROOT).filter((f) => /^google-apps-script\..*\.d\.ts$/.test(f)).sort();
  const namespaces = new Map(); // name -> { interfaces: [node], enums: [node], names: Set }
  const globals = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (ts.isModuleDeclaration(statement) && statement.name.text === 'GoogleAppsScript') {
        for (const inner of statement.body.statements) {
          if (!ts.isModuleDeclaration(inner)) continue;
          const name = inner.name.text;
          if (!namespaces.has(name)) namespaces.set(name, { interfaces: [], enums: [], names: new Set() });
          const ns = namespaces.get(name);
          for (const decl of inner.body.statements) {
            if (ts.isInterfaceDeclaration(decl)) ns.interfaces.push(decl);
            else if (ts.isEnumDeclaration(decl)) ns.enums.push(decl);
            else continue;
            ns.names.add(decl.name.text);
          }
        }
      } else if (ts.isVariableStatement(statement)) {
        for (const decl of statement.declarationList.declarations) {
          const type = decl.type && decl.type.getText(source);
          if (!type || !type.startsWith('GoogleAppsScript.') || NOT_GLOBALS.has(decl.name.text)) continue;
          globals.push([decl.name.text, type.slice('GoogleAppsScript.'.length)]);
        }
      }
    }
  }
  return { namespaces, globals };
}

// A type as text without spaces, its references qualified by namespace (`Spreadsheet.Range`).
function typeText(node, ns, namespaces) {
  if (!node) return 'any';
  const sourceFile = node.getSourceFile();
  const resolve = (name) => {
    if (name.startsWith('GoogleAppsScript.')) return name.slice('GoogleAppsScript.'.length);
    const first = name.split('.')[0];
    if (!name.includes('.') && namespaces.get(ns).names.has(name)) return ns + '.' + name;
    if (name.includes('.') && namespaces.has(first)) return name;
    return name;
  };
  const walk = (n) => {
    switch (n.kind) {
      case ts.SyntaxKind.TypeReference: {
        const args = n.typeArguments ? '<' + n.typeArguments.map(walk).join(',') + '>' : '';
        return resolve(n.typeName.getText(sourceFile)) + args;
      }
      case ts.SyntaxKind.ArrayType:
        return walk(n.elementType) + '[]';
      case ts.SyntaxKind.UnionType:
        return n.types.map(walk).join('|');
      case ts.SyntaxKind.ParenthesizedType:
        return '(' + walk(n.type) + ')';
      case ts.SyntaxKind.TypeQuery:
        return 'typeof ' + resolve(n.exprName.getText(sourceFile));
      default:
        return n.getText(sourceFile).replace(/\s+/g, '');
    }
  };
  return walk(node);
}

function paramText(p, ns, namespaces) {
  const sourceFile = p.getSourceFile();
  const rest = p.dotDotDotToken ? '...' : '';
  const optional = p.questionToken || p.initializer ? '?' : '';
  return rest + p.name.getText(sourceFile) + optional + ':' + typeText(p.type, ns, namespaces);
}

function generate() {
  const { namespaces, globals } = readFiles();
  const lines = [];
  lines.push('# The Apps Script platform\'s built-in services, as gas-sim knows them. Generated by');
  lines.push('# tools/catalogue/generate.js; do not edit (regenerate: see tools/catalogue/README.md).');
  lines.push('# Tab-separated. `class Ns.Name [extends]` opens a class (an interface of the package);');
  lines.push('# `method name return params...` is one overload (`name?:T` optional, `...name:T[]` rest);');
  lines.push('# `enumref name Ns.Enum` a property holding an enum; `field name type` another property;');
  lines.push('# `enum Ns.Name values...` an enum; `global Name Ns.Class` a global and its class.');
  lines.push(['source', PACKAGE, packageVersion(ROOT)].join('\t'));
  lines.push(['parser', 'typescript', ts.version].join('\t'));
  for (const [name, type] of globals.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    lines.push(['global', name, type].join('\t'));
  }
  const qualifiedSorted = (items, ns) => items.map((d) => [ns + '.' + d.name.text, d]);
  const classes = [];
  const enums = [];
  for (const [ns, decls] of namespaces) {
    classes.push(...qualifiedSorted(decls.interfaces, ns).map((x) => [...x, ns]));
    enums.push(...qualifiedSorted(decls.enums, ns));
  }
  const byName = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  classes.sort(byName);
  enums.sort(byName);
  for (const [qualified, decl, ns] of classes) {
    const sourceFile = decl.getSourceFile();
    const extendsNames = (decl.heritageClauses || []).flatMap((h) =>
      h.types.map((t) => {
        const name = t.expression.getText(sourceFile);
        return namespaces.get(ns).names.has(name) ? ns + '.' + name : name.replace(/^GoogleAppsScript\./, '');
      }));
    lines.push(['class', qualified, ...extendsNames].join('\t'));
    const members = [];
    decl.members.forEach((member, order) => {
      if (!member.name) return;
      const name = member.name.getText(sourceFile);
      if (ts.isMethodSignature(member)) {
        const params = member.parameters.map((p) => paramText(p, ns, namespaces));
        members.push([name, order, ['method', name, typeText(member.type, ns, namespaces), ...params].join('\t')]);
      } else if (ts.isPropertySignature(member)) {
        const type = typeText(member.type, ns, namespaces);
        const line = type.startsWith('typeof ')
          ? ['enumref', name, type.slice('typeof '.length)].join('\t')
          : ['field', name, type].join('\t');
        members.push([name, order, line]);
      }
    });
    // By name; a name's overloads stay in declaration order.
    members.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    for (const [, , line] of members) lines.push(line);
  }
  for (const [qualified, decl] of enums) {
    const sourceFile = decl.getSourceFile();
    lines.push(['enum', qualified, ...decl.members.map((m) => m.name.getText(sourceFile))].join('\t'));
  }
  return lines.join('\n') + '\n';
}

const text = generate();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '';
  if (current !== text) {
    console.error(`${path.relative(process.cwd(), OUTPUT)} is out of date: run node generate.js`);
    process.exit(1);
  }
  console.log('catalogue up to date');
} else {
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, text);
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)} (${text.length} bytes)`);
}
