//! What a project's code says about itself, read without running it: the entry points
//! it defines, the time-driven triggers it creates, the hosts it fetches, the
//! spreadsheets and sheets it opens by a literal name, the script properties it reads.
//! `gas-sim init` turns this into a starter scenario.
//!
//! Not a platform rule and not complete: it finds what the text spells out
//! (`ScriptApp.newTrigger('f').timeBased().everyHours(1).create()` as one chain, a
//! literal URL or name); a trigger built across several statements or a URL computed at
//! run time is not found, and the starter scenario says so.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;

use boa_engine::ast::declaration::{Binding, LexicalDeclaration, VarDeclaration, Variable};
use boa_engine::ast::expression::access::{PropertyAccess, PropertyAccessField};
use boa_engine::ast::expression::literal::{LiteralKind, TemplateElement};
use boa_engine::ast::expression::operator::binary::{ArithmeticOp, BinaryOp};
use boa_engine::ast::expression::Call;
use boa_engine::ast::visitor::{VisitWith, Visitor};
use boa_engine::ast::{Declaration, Expression, Script, Statement, StatementListItem};
use boa_engine::interner::Interner;

use crate::project::Project;
use crate::syntax::parse_alone;

/// Entry points the platform calls by name, in the order a starter scenario lists them.
pub const ENTRY_POINTS: [&str; 5] = ["doGet", "doPost", "onOpen", "onEdit", "onFormSubmit"];

/// What [`outline`] found. Sets are sorted, so the scenario written from it is the
/// same for the same code.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    /// Top-level function declarations, in file and source order.
    pub functions: Vec<String>,
    /// Time-driven triggers the code creates, in source order.
    pub clock_triggers: Vec<CreatedTrigger>,
    /// `forSpreadsheet(...).onEdit()` and the like: (function, event method name).
    pub spreadsheet_triggers: Vec<(String, String)>,
    /// Hosts of literal `UrlFetchApp.fetch` URLs (`https://host` prefix kept).
    pub fetch_origins: BTreeSet<String>,
    /// Literal `SpreadsheetApp.openById` ids.
    pub spreadsheet_ids: BTreeSet<String>,
    /// Literal `getSheetByName` names.
    pub sheet_names: BTreeSet<String>,
    /// Literal `getProperty` keys the code never sets itself (`setProperty`): the
    /// settings a user gives in Project Settings.
    pub property_keys: BTreeSet<String>,
    /// Literal `setProperty` keys.
    pub properties_set: BTreeSet<String>,
    /// The code sends mail (`sendEmail`, a thread's or message's `reply`/`replyAll`).
    pub sends_mail: bool,
    /// The code reads the mailbox (`GmailApp.search`, `GmailApp.getInboxThreads`).
    pub reads_mailbox: bool,
    /// Files that did not parse (their name and boa's message): nothing is read from them.
    pub unparsed: Vec<(String, String)>,
}

impl Outline {
    pub fn defines(&self, function: &str) -> bool {
        self.functions.iter().any(|f| f == function)
    }
}

/// One `ScriptApp.newTrigger(...)...create()` chain of a time-based trigger.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CreatedTrigger {
    /// The function in `newTrigger('f')`; None when it is not a literal.
    pub function: Option<String>,
    /// The builder calls after `timeBased()`, with literal arguments rendered as text
    /// (`everyHours`, `["2"]`), in order.
    pub calls: Vec<(String, Vec<String>)>,
    /// The file and 1-based line where the chain starts.
    pub file: String,
    pub line: u32,
}

impl CreatedTrigger {
    /// The first argument of the builder call `method`, if the chain makes it.
    pub fn argument(&self, method: &str) -> Option<&str> {
        self.calls.iter().find(|(name, _)| name == method).and_then(|(_, args)| args.first()).map(String::as_str)
    }

    pub fn calls_method(&self, method: &str) -> bool {
        self.calls.iter().any(|(name, _)| name == method)
    }
}

/// Reads every file of `project`.
pub fn outline(project: &Project) -> Outline {
    let _stack_limit = crate::stack::StackLimit::from_here();
    let mut outline = Outline::default();
    let mut parsed = Vec::new();
    for file in project.files() {
        let mut interner = Interner::default();
        match parse_alone(&file.text, &mut interner) {
            Ok(script) => parsed.push((file.name.as_str(), script, interner)),
            Err(error) => outline.unparsed.push((file.name.clone(), error.to_string())),
        }
    }
    let constants = string_constants(&parsed);
    for (file, script, interner) in &parsed {
        for item in script.statements().statements() {
            if let StatementListItem::Declaration(declaration) = item {
                if let Declaration::FunctionDeclaration(function) = declaration.as_ref() {
                    outline.functions.push(interner.resolve_expect(function.name().sym()).to_string());
                }
            }
        }
        let mut reader = Reader { interner, outline: &mut outline, file, constants: &constants };
        let _ = script.visit_with(&mut reader);
    }
    let set = std::mem::take(&mut outline.properties_set);
    outline.property_keys.retain(|key| !set.contains(key));
    outline.properties_set = set;
    outline
}

/// Top-level `var`/`let`/`const NAME = 'text'` of every file (the files share one global
/// scope): `openById(SHEET_ID)` reads as `openById('the id')`. A name given two
/// different texts is left out.
fn string_constants(parsed: &[(&str, Script, Interner)]) -> BTreeMap<String, String> {
    let mut constants = BTreeMap::new();
    let mut ambiguous = BTreeSet::new();
    for (_, script, interner) in parsed {
        for item in script.statements().statements() {
            let variables: &[Variable] = match item {
                StatementListItem::Statement(statement) => match statement.as_ref() {
                    Statement::Var(VarDeclaration(list)) => list.as_ref(),
                    _ => continue,
                },
                StatementListItem::Declaration(declaration) => match declaration.as_ref() {
                    Declaration::Lexical(LexicalDeclaration::Const(list) | LexicalDeclaration::Let(list)) => {
                        list.as_ref()
                    }
                    _ => continue,
                },
            };
            for variable in variables {
                let (Binding::Identifier(name), Some(Expression::Literal(literal))) =
                    (variable.binding(), variable.init())
                else {
                    continue;
                };
                let LiteralKind::String(sym) = literal.kind() else { continue };
                let name = interner.resolve_expect(name.sym()).to_string();
                let text = interner.resolve_expect(*sym).to_string();
                if constants.get(&name).is_some_and(|known| *known != text) {
                    ambiguous.insert(name.clone());
                }
                constants.insert(name, text);
            }
        }
    }
    constants.retain(|name, _| !ambiguous.contains(name));
    constants
}

struct Reader<'a> {
    interner: &'a Interner,
    outline: &'a mut Outline,
    file: &'a str,
    constants: &'a BTreeMap<String, String>,
}

impl<'ast> Visitor<'ast> for Reader<'_> {
    type BreakTy = ();

    fn visit_call(&mut self, call: &'ast Call) -> ControlFlow<()> {
        self.read_call(call);
        call.visit_with(self)
    }
}

impl Reader<'_> {
    fn read_call(&mut self, call: &Call) {
        let Some((target, method)) = self.method_of(call) else { return };
        let first_literal = || call.args().first().and_then(|arg| self.string_prefix(arg));
        match method.as_str() {
            "create" => self.read_trigger_chain(call),
            "sendEmail" | "reply" | "replyAll" => self.outline.sends_mail = true,
            "search" | "getInboxThreads" if self.is_global(target, "GmailApp") => self.outline.reads_mailbox = true,
            "fetch" if self.is_global(target, "UrlFetchApp") => {
                if let Some(origin) = first_literal().as_deref().and_then(origin_of) {
                    self.outline.fetch_origins.insert(origin);
                }
            }
            "openById" if self.is_global(target, "SpreadsheetApp") => {
                if let Some(id) = self.literal_argument(call) {
                    self.outline.spreadsheet_ids.insert(id);
                }
            }
            "getSheetByName" => {
                if let Some(name) = self.literal_argument(call) {
                    self.outline.sheet_names.insert(name);
                }
            }
            "getProperty" => {
                if let Some(key) = self.literal_argument(call) {
                    self.outline.property_keys.insert(key);
                }
            }
            "setProperty" => {
                if let Some(key) = self.literal_argument(call) {
                    self.outline.properties_set.insert(key);
                }
            }
            _ => {}
        }
    }

    /// `ScriptApp.newTrigger(f)...create()`: walks the chain down from `create()`.
    fn read_trigger_chain(&mut self, create: &Call) {
        let mut calls = Vec::new();
        let mut current = create;
        loop {
            let Some((target, method)) = self.method_of(current) else { return };
            if method == "newTrigger" {
                if !self.is_global(target, "ScriptApp") {
                    return;
                }
                calls.reverse();
                let function = self.literal_argument(current);
                self.record_trigger(function, calls, current);
                return;
            }
            let args = current.args().iter().map(|arg| self.render(arg)).collect();
            calls.push((method, args));
            match target {
                Expression::Call(inner) => current = inner,
                _ => return,
            }
        }
    }

    fn record_trigger(&mut self, function: Option<String>, calls: Vec<(String, Vec<String>)>, new_trigger: &Call) {
        let spreadsheet_event = calls
            .iter()
            .map(|(name, _)| name.as_str())
            .find(|name| matches!(*name, "onOpen" | "onEdit" | "onChange" | "onFormSubmit"));
        let is_spreadsheet = calls.iter().any(|(name, _)| name == "forSpreadsheet");
        if is_spreadsheet {
            if let (Some(function), Some(event)) = (function, spreadsheet_event) {
                self.outline.spreadsheet_triggers.push((function, event.to_string()));
            }
            return;
        }
        if !calls.iter().any(|(name, _)| name == "timeBased") {
            return;
        }
        let calls = calls.into_iter().filter(|(name, _)| name != "timeBased" && name != "create").collect();
        let line = line_of(new_trigger);
        self.outline.clock_triggers.push(CreatedTrigger { function, calls, file: self.file.to_string(), line });
    }

    /// `target.method(...)` → (target, method).
    fn method_of<'c>(&self, call: &'c Call) -> Option<(&'c Expression, String)> {
        let Expression::PropertyAccess(PropertyAccess::Simple(access)) = call.function() else { return None };
        let PropertyAccessField::Const(name) = access.field() else { return None };
        Some((access.target(), self.interner.resolve_expect(name.sym()).to_string()))
    }

    fn is_global(&self, expression: &Expression, name: &str) -> bool {
        matches!(expression, Expression::Identifier(id) if self.interner.resolve_expect(id.sym()).to_string() == name)
    }

    /// The first argument as text: a string literal, or a name of a string constant.
    fn literal_argument(&self, call: &Call) -> Option<String> {
        match call.args().first()? {
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => Some(self.interner.resolve_expect(*sym).to_string()),
                _ => None,
            },
            Expression::Identifier(name) => self.constant(name.sym()),
            _ => None,
        }
    }

    fn constant(&self, name: boa_engine::interner::Sym) -> Option<String> {
        self.constants.get(&self.interner.resolve_expect(name).to_string()).cloned()
    }

    /// The literal text an expression starts with: a string, a template's first part, or
    /// the left end of a `+` chain (`'https://api.example.com/v1/' + id`).
    fn string_prefix(&self, expression: &Expression) -> Option<String> {
        match expression {
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => Some(self.interner.resolve_expect(*sym).to_string()),
                _ => None,
            },
            Expression::TemplateLiteral(template) => match template.elements().first()? {
                TemplateElement::String(sym) => Some(self.interner.resolve_expect(*sym).to_string()),
                TemplateElement::Expr(_) => None,
            },
            Expression::Binary(binary) if binary.op() == BinaryOp::Arithmetic(ArithmeticOp::Add) => {
                self.string_prefix(binary.lhs())
            }
            Expression::Parenthesized(inner) => self.string_prefix(inner.expression()),
            Expression::Identifier(name) => self.constant(name.sym()),
            _ => None,
        }
    }

    /// A builder argument as text: a number or string literal as written, a dotted name
    /// (`ScriptApp.WeekDay.MONDAY`) as its last part, anything else as `?`.
    fn render(&self, expression: &Expression) -> String {
        match expression {
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => self.interner.resolve_expect(*sym).to_string(),
                LiteralKind::Int(n) => n.to_string(),
                LiteralKind::Num(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", *n as i64),
                LiteralKind::Num(n) => n.to_string(),
                _ => "?".into(),
            },
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => match access.field() {
                PropertyAccessField::Const(name) => self.interner.resolve_expect(name.sym()).to_string(),
                PropertyAccessField::Expr(_) => "?".into(),
            },
            _ => "?".into(),
        }
    }
}

/// The 1-based line where a call starts.
fn line_of(call: &Call) -> u32 {
    use boa_engine::ast::Spanned;
    call.span().start().line_number().max(1)
}

/// `https://api.example.com` of `https://api.example.com/v1/x?y`; None unless the text
/// starts with `http://` or `https://` and names a host.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("https") && !scheme.eq_ignore_ascii_case("http") {
        return None;
    }
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &rest[..host_end];
    if host.is_empty() || host.contains(['$', '{', ' ']) {
        return None;
    }
    Some(format!("{}://{}", scheme.to_ascii_lowercase(), host.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::SourceFile;

    fn outline_of(files: &[(&str, &str)]) -> Outline {
        let files =
            files.iter().map(|(name, text)| SourceFile { name: name.to_string(), text: text.to_string() }).collect();
        outline(&Project::from_sources("UTC", files))
    }

    #[test]
    fn a_trigger_chain_is_read_from_create_down_to_new_trigger() {
        let found = outline_of(&[(
            "Code.gs",
            "function setup() {\n  ScriptApp.newTrigger('report').timeBased().everyWeeks(1)\n    .onWeekDay(ScriptApp.WeekDay.MONDAY).atHour(8).create();\n}\nfunction report() {}",
        )]);
        assert_eq!(found.functions, ["setup", "report"]);
        let trigger = &found.clock_triggers[0];
        assert_eq!(trigger.function.as_deref(), Some("report"));
        assert_eq!((trigger.file.as_str(), trigger.line), ("Code.gs", 2));
        assert_eq!(trigger.argument("everyWeeks"), Some("1"));
        assert_eq!(trigger.argument("onWeekDay"), Some("MONDAY"));
        assert_eq!(trigger.argument("atHour"), Some("8"));
    }

    #[test]
    fn names_given_by_constants_in_any_file_are_followed() {
        let found = outline_of(&[
            ("a.gs", "var BOOK = 'book-1'; const HANDLER = 'sync';"),
            (
                "b.gs",
                "function f() { SpreadsheetApp.openById(BOOK).getSheetByName('Orders');\n\
                 UrlFetchApp.fetch(`https://api.example.com/v1/${1}`); UrlFetchApp.fetch('http://x.test/' + BOOK);\n\
                 ScriptApp.newTrigger(HANDLER).timeBased().everyHours(2).create(); }",
            ),
        ]);
        assert_eq!(found.spreadsheet_ids.iter().collect::<Vec<_>>(), ["book-1"]);
        assert_eq!(found.sheet_names.iter().collect::<Vec<_>>(), ["Orders"]);
        assert_eq!(found.fetch_origins.iter().collect::<Vec<_>>(), ["http://x.test", "https://api.example.com"]);
        assert_eq!(found.clock_triggers[0].function.as_deref(), Some("sync"));
    }

    #[test]
    fn spreadsheet_triggers_properties_and_broken_files() {
        let found = outline_of(&[
            (
                "Code.gs",
                "function i() { ScriptApp.newTrigger('onEd').forSpreadsheet(SpreadsheetApp.getActive()).onEdit().create();\n\
                 var p = PropertiesService.getScriptProperties(); p.getProperty('API_KEY'); p.getProperty('cursor'); p.setProperty('cursor', '1'); }",
            ),
            ("Broken.gs", "function ( {"),
        ]);
        assert_eq!(found.spreadsheet_triggers, [("onEd".to_string(), "onEdit".to_string())]);
        assert!(found.clock_triggers.is_empty());
        assert_eq!(found.property_keys.iter().collect::<Vec<_>>(), ["API_KEY"]);
        assert_eq!(found.unparsed[0].0, "Broken.gs");
    }

    #[test]
    fn an_origin_is_scheme_and_host() {
        assert_eq!(origin_of("https://API.example.com/v1/x?y=1").as_deref(), Some("https://api.example.com"));
        assert_eq!(origin_of("http://h:8080").as_deref(), Some("http://h:8080"));
        assert_eq!(origin_of("https://"), None);
        assert_eq!(origin_of("ftp://x/y"), None);
        assert_eq!(origin_of("/relative"), None);
    }
}
