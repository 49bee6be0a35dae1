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
// Covered: the built-in services (every google-apps-script.*.d.ts beside index.d.ts), and
// the advanced services of ADVANCED (apis/*.d.ts: REST wrappers a project enables per
// service in appsscript.json): their collections as classes of a namespace of their own
// (`Sheets_v4.ValuesCollection`), their root as `advanced` lines. Their Schema types are
// plain data (the `newX()` makers give empty objects), named but not listed.
// Left out: the other advanced services, event objects (google-apps-script-events.d.ts)
// and add-on event objects (addons/), which no script reaches through a global.
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
// The advanced services read from apis/: file, the namespace their classes get, and the
// manifest's serviceId and version (appsscript.json `enabledAdvancedServices`).
const ADVANCED = [
  { file: 'sheets_v4.d.ts', ns: 'Sheets_v4', serviceId: 'sheets', version: 'v4' },
  { file: 'drive_v3.d.ts', ns: 'Drive_v3', serviceId: 'drive', version: 'v3' },
];

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

// One advanced service's file: every interface outside its Schema namespaces (the
// collections, at any depth) and the root interface the global's type names, all in the
// namespace `ns`, with their short names; and the global.
function readAdvanced({ file, ns, serviceId, version }) {
  const text = fs.readFileSync(path.join(ROOT, 'apis', file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const interfaces = [];
  const visit = (body, inSchema) => {
    for (const decl of body.statements) {
      if (ts.isModuleDeclaration(decl)) visit(decl.body, inSchema || decl.name.text === 'Schema');
      else if (ts.isInterfaceDeclaration(decl) && !inSchema) interfaces.push(decl);
    }
  };
  let global;
  for (const statement of source.statements) {
    if (ts.isModuleDeclaration(statement) && statement.name.text === 'GoogleAppsScript') visit(statement.body, false);
    if (ts.isVariableStatement(statement)) {
      const decl = statement.declarationList.declarations[0];
      const type = decl.type.getText(source).split('|')[0].trim();
      global = { name: decl.name.text, root: type.slice('GoogleAppsScript.'.length) };
    }
  }
  const names = new Set(interfaces.map((d) => d.name.text));
  return { ns, serviceId, version, interfaces, names, global };
}

// A type of an advanced service as text: a collection is `ns.Name`, a schema type
// `ns.Schema.Name`, a built-in type its catalogue name (`Base.Blob`).
function advancedTypeText(node, api) {
  return typeTextWith(node, (name) => {
    if (name.startsWith('GoogleAppsScript.')) return name.slice('GoogleAppsScript.'.length);
    const parts = name.split('.');
    const last = parts[parts.length - 1];
    if (parts.includes('Schema')) return api.ns + '.Schema.' + last;
    if (api.names.has(last)) return api.ns + '.' + last;
    return name;
  });
}

// A type as text without spaces, its references qualified by namespace (`Spreadsheet.Range`).
function typeText(node, ns, namespaces) {
  return typeTextWith(node, (name) => {
    if (name.startsWith('GoogleAppsScript.')) return name.slice('GoogleAppsScript.'.length);
    const first = name.split('.')[0];
    if (!name.includes('.') && namespaces.get(ns).names.has(name)) return ns + '.' + name;
    if (name.includes('.') && namespaces.has(first)) return name;
    return name;
  });
}

// A type as text without spaces, each name it references written as `resolve` says.
function typeTextWith(node, resolve) {
  if (!node) return 'any';
  const sourceFile = node.getSourceFile();
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
      case ts.SyntaxKind.IntersectionType:
        return n.types.map(walk).join('&');
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

function paramText(p, typeOf) {
  const sourceFile = p.getSourceFile();
  const rest = p.dotDotDotToken ? '...' : '';
  const optional = p.questionToken || p.initializer ? '?' : '';
  return rest + p.name.getText(sourceFile) + optional + ':' + typeOf(p.type);
}

function generate() {
  const { namespaces, globals } = readFiles();
  const lines = [];
  lines.push('# The Apps Script platform\'s built-in services, as gas-sim knows them. Generated by');
  lines.push('# tools/catalogue/generate.js; do not edit (regenerate: see tools/catalogue/README.md).');
  lines.push('# Tab-separated. `class Ns.Name [extends]` opens a class (an interface of the package);');
  lines.push('# `method name return params...` is one overload (`name?:T` optional, `...name:T[]` rest);');
  lines.push('# `enumref name Ns.Enum` a property holding an enum; `field name type` another property;');
  lines.push('# `enum Ns.Name values...` an enum; `global Name Ns.Class` a global and its class;');
  lines.push('# `advanced Name Ns.Class serviceId version` an advanced service, a global only where');
  lines.push('# the project enables it (appsscript.json), under the symbol the project gives it.');
  lines.push(['source', PACKAGE, packageVersion(ROOT)].join('\t'));
  lines.push(['parser', 'typescript', ts.version].join('\t'));
  for (const [name, type] of globals.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    lines.push(['global', name, type].join('\t'));
  }
  const advanced = ADVANCED.map(readAdvanced);
  for (const api of advanced) {
    lines.push(['advanced', api.global.name, api.ns + '.' + api.global.root, api.serviceId, api.version].join('\t'));
  }
  const qualifiedSorted = (items, ns) => items.map((d) => [ns + '.' + d.name.text, d]);
  const classes = [];
  const enums = [];
  for (const [ns, decls] of namespaces) {
    const typeOf = (node) => typeText(node, ns, namespaces);
    const extendsName = (name) => (decls.names.has(name) ? ns + '.' + name : name.replace(/^GoogleAppsScript\./, ''));
    classes.push(...qualifiedSorted(decls.interfaces, ns).map((x) => [...x, typeOf, extendsName]));
    enums.push(...qualifiedSorted(decls.enums, ns));
  }
  for (const api of advanced) {
    const typeOf = (node) => advancedTypeText(node, api);
    classes.push(...qualifiedSorted(api.interfaces, api.ns).map((x) => [...x, typeOf, (name) => name]));
  }
  const byName = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  classes.sort(byName);
  enums.sort(byName);
  for (const [qualified, decl, typeOf, extendsName] of classes) {
    const sourceFile = decl.getSourceFile();
    const extendsNames = (decl.heritageClauses || []).flatMap((h) =>
      h.types.map((t) => extendsName(t.expression.getText(sourceFile))));
    lines.push(['class', qualified, ...extendsNames].join('\t'));
    const members = [];
    decl.members.forEach((member, order) => {
      if (!member.name) return;
      const name = member.name.getText(sourceFile);
      if (ts.isMethodSignature(member)) {
        const params = member.parameters.map((p) => paramText(p, typeOf));
        members.push([name, order, ['method', name, typeOf(member.type), ...params].join('\t')]);
      } else if (ts.isPropertySignature(member)) {
        const type = typeOf(member.type);
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
