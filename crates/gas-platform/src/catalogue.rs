//! The catalogue of the Apps Script platform: every built-in service's classes, their
//! methods (each overload's parameter names and types, its return type), enums and the
//! globals scripts reach them through. Facts only, generated from
//! `@types/google-apps-script` by `tools/catalogue/generate.js` into
//! `catalogue/apps-script.txt` (checked in), which `build.rs` turns into static tables
//! compiled in (`catalogue_format.rs`): nothing parses the text when a process starts.
//!
//! It is the one list of names: the prelude builds every service object from it (a
//! member the platform lacks is `undefined`, a real one gas-sim lacks says so by name),
//! `gas-sim api` prints coverage from it, and [`check_args`] checks and converts every
//! call's arguments against its overloads.
//!
//! Short class names (`Range`, `Sheet`, as gas-sim's method names spell them) are
//! resolved by [`Catalogue::resolve_class`]: a name one namespace declares is that one;
//! a name several declare (`Range`: Spreadsheet and Document; `User`: Base and Drive) is
//! the first of [`PREFERRED_NAMESPACES`] that declares it, else the first in name order.

use crate::ServiceError;

// The parser and generator are build.rs's; the library uses the name helpers (and its
// tests the parser).
#[allow(dead_code)]
#[path = "catalogue_format.rs"]
mod format;

use format::namespace_of;
pub use format::{short_name, PREFERRED_NAMESPACES};

/// The generated data (see the module documentation), as checked in.
pub const DATA: &str = include_str!("../catalogue/apps-script.txt");

/// gas-sim method names (kept: scenarios' fault selectors name them) that the platform
/// spells otherwise: gas-sim's one builder stands for the time-based one.
pub const ALIASES: &[(&str, &str)] = &[("TriggerBuilder.create", "ClockTriggerBuilder.create")];

#[derive(Debug)]
pub struct Catalogue {
    /// `@types/google-apps-script` and the version the data came from.
    pub source_package: &'static str,
    pub source_version: &'static str,
    /// Sorted by name.
    pub globals: &'static [Global],
    /// The advanced services a project may enable (appsscript.json), in the data's order.
    pub advanced: &'static [Advanced],
    /// Sorted by qualified name (`Spreadsheet.Range`).
    pub classes: &'static [Class],
    /// Sorted by qualified name.
    pub enums: &'static [Enum],
    /// Every short class name and the class it resolves to (an index in `classes`),
    /// sorted by short name.
    short_names: &'static [(&'static str, usize)],
}

#[derive(Debug)]
pub struct Global {
    pub name: &'static str,
    /// The qualified class of the object (`Spreadsheet.SpreadsheetApp`).
    pub class: &'static str,
}

/// An advanced service: a global only in a project whose manifest enables it
/// (`dependencies.enabledAdvancedServices`), under the `userSymbol` the manifest gives.
#[derive(Debug)]
pub struct Advanced {
    /// The symbol the editor proposes (`Sheets`).
    pub name: &'static str,
    /// The root object's class (`Sheets_v4.Sheets`).
    pub class: &'static str,
    /// The manifest's `serviceId` and `version` (`sheets`, `v4`).
    pub service_id: &'static str,
    pub version: &'static str,
}

#[derive(Debug)]
pub struct Class {
    /// Qualified: `Spreadsheet.Range`.
    pub name: &'static str,
    pub extends: &'static [&'static str],
    /// Own methods, sorted by name.
    pub methods: &'static [Method],
    /// Properties holding an enum (`SpreadsheetApp.BorderStyle`): (property, enum).
    pub enum_refs: &'static [(&'static str, &'static str)],
    /// Other properties (`MimeType.GOOGLE_SHEETS: string`): (property, type).
    pub fields: &'static [(&'static str, &'static str)],
}

#[derive(Debug)]
pub struct Method {
    pub name: &'static str,
    /// In the package's declaration order.
    pub overloads: &'static [Overload],
}

#[derive(Debug)]
pub struct Overload {
    pub returns: &'static str,
    pub params: &'static [Param],
}

#[derive(Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub ty: &'static str,
    pub optional: bool,
    pub rest: bool,
}

#[derive(Debug)]
pub struct Enum {
    pub name: &'static str,
    pub values: &'static [&'static str],
}

include!(concat!(env!("OUT_DIR"), "/catalogue_data.rs"));

/// The catalogue, compiled in.
pub fn catalogue() -> &'static Catalogue {
    &CATALOGUE
}

impl Catalogue {
    pub fn class(&self, qualified: &str) -> Option<&Class> {
        self.classes.binary_search_by(|c| c.name.cmp(qualified)).ok().map(|i| &self.classes[i])
    }

    pub fn enum_named(&self, qualified: &str) -> Option<&Enum> {
        self.enums.binary_search_by(|e| e.name.cmp(qualified)).ok().map(|i| &self.enums[i])
    }

    /// The advanced service a manifest names by `serviceId` and `version`.
    pub fn advanced_service(&self, service_id: &str, version: &str) -> Option<&Advanced> {
        self.advanced.iter().find(|a| a.service_id == service_id && a.version == version)
    }

    pub fn global(&self, name: &str) -> Option<&Global> {
        self.globals.binary_search_by(|g| g.name.cmp(name)).ok().map(|i| &self.globals[i])
    }

    /// A class by qualified name (`Document.Range`) or short name (`Range`: see the module
    /// documentation for names several namespaces declare).
    pub fn resolve_class(&self, name: &str) -> Option<&Class> {
        if name.contains('.') {
            return self.class(name);
        }
        let i = self.short_names.binary_search_by(|(short, _)| short.cmp(&name)).ok()?;
        Some(&self.classes[self.short_names[i].1])
    }

    /// A method of `class` or of a class it extends (the nearest declares it).
    pub fn method<'a>(&'a self, class: &'a Class, name: &str) -> Option<&'a Method> {
        if let Ok(i) = class.methods.binary_search_by(|m| m.name.cmp(name)) {
            return Some(&class.methods[i]);
        }
        self.lineage(class).into_iter().find_map(|c| c.methods.iter().find(|m| m.name == name))
    }

    /// `class` and every class it extends, nearest first (bounded: the package's
    /// hierarchies are two or three deep).
    fn lineage<'a>(&'a self, class: &'a Class) -> Vec<&'a Class> {
        const DEPTH_MAX: usize = 8;
        let mut out = vec![class];
        let mut i = 0;
        while i < out.len() && out.len() < DEPTH_MAX {
            for parent in out[i].extends {
                if let Some(p) = self.class(parent) {
                    if !out.iter().any(|c| c.name == p.name) {
                        out.push(p);
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// Every method name of `class`, its parents' included, sorted and unique.
    pub fn method_names<'a>(&'a self, class: &'a Class) -> Vec<&'static str> {
        let mut names: Vec<&'static str> =
            self.lineage(class).iter().flat_map(|c| c.methods.iter().map(|m| m.name)).collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The global a namespace's service is reached through (`SpreadsheetApp` for
    /// `Spreadsheet`, `UrlFetchApp` for `URL_Fetch`): one named `...App` or `...Service`,
    /// else one named as the namespace, else the only one; none for `Base`, which has
    /// several (Browser, Logger, Session ...). An advanced service's is the symbol the
    /// editor proposes (`Sheets` for `Sheets_v4`).
    pub fn service_global(&self, namespace: &str) -> Option<&'static str> {
        if let Some(advanced) = self.advanced.iter().find(|a| namespace_of(a.class) == namespace) {
            return Some(advanced.name);
        }
        let globals: Vec<&Global> = self.globals.iter().filter(|g| namespace_of(g.class) == namespace).collect();
        let named = globals.iter().find(|g| g.name.ends_with("App") || g.name.ends_with("Service"));
        let named = named.or_else(|| globals.iter().find(|g| g.name == namespace));
        named.or(if globals.len() == 1 { globals.first() } else { None }).map(|g| g.name)
    }

    /// How the platform names a method in its errors: `SpreadsheetApp.Sheet.getRange`,
    /// `SpreadsheetApp.create` (the service's own methods), `Blob.getAs` (Base classes).
    pub fn display_name(&self, class: &Class, method: &str) -> String {
        let short = short_name(class.name);
        match self.service_global(namespace_of(class.name)) {
            Some(global) if self.global(global).is_some_and(|g| g.class == class.name) => format!("{global}.{method}"),
            Some(global) => format!("{global}.{short}.{method}"),
            None => format!("{short}.{method}"),
        }
    }

    /// What the prelude builds its objects from, one string per class and enum, split
    /// only for the classes it builds: `classes` maps a qualified class to
    /// `method,method|Prop:Ns.Enum,Prop:Ns.Enum` (its parents' methods included),
    /// `short_names` each short name to its class, `enums` each enum to `VALUE,VALUE`,
    /// `globals` each global to its class or enum. Compiled in, sorted by key.
    pub fn prelude_tables(&self) -> &'static PreludeTables {
        &PRELUDE_TABLES
    }

    /// The class and method of a gas-sim method name (`Sheet.getRange`).
    pub fn method_of_call(&self, call: &str) -> Option<(&Class, &Method)> {
        let call = ALIASES.iter().find(|(alias, _)| *alias == call).map_or(call, |(_, real)| real);
        let (class, method) = call.rsplit_once('.')?;
        let class = self.resolve_class(class)?;
        Some((class, self.method(class, method)?))
    }
}

/// See [`Catalogue::prelude_tables`]. Every table is sorted by its key.
#[derive(Debug)]
pub struct PreludeTables {
    pub classes: &'static [(&'static str, &'static str)],
    pub short_names: &'static [(&'static str, &'static str)],
    pub enums: &'static [(&'static str, &'static str)],
    pub globals: &'static [(&'static str, &'static str)],
}

impl PreludeTables {
    /// A table's value for `key` (tables are sorted by key).
    pub fn lookup(table: &[(&'static str, &'static str)], key: &str) -> Option<&'static str> {
        table.binary_search_by(|(k, _)| (*k).cmp(key)).ok().map(|i| table[i].1)
    }
}

/// A JS argument's type, as the platform spells it in a signature error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgType {
    Undefined,
    Null,
    Boolean,
    Number,
    String,
    /// A string that reads as a number (`"5"`): it converts to a number parameter.
    NumericString,
    Date,
    Array,
    Object,
    Function,
}

impl ArgType {
    pub fn name(self) -> &'static str {
        match self {
            ArgType::Undefined => "undefined",
            ArgType::Null => "null",
            ArgType::Boolean => "Boolean",
            ArgType::Number => "number",
            ArgType::String | ArgType::NumericString => "String",
            ArgType::Date => "Date",
            ArgType::Array => "Array",
            ArgType::Object => "Object",
            ArgType::Function => "Function",
        }
    }
}

/// What to do with one argument before the service sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conversion {
    Keep,
    /// `String(value)`: a number, boolean, date or object given for a String parameter.
    ToString,
    /// `Number(value)`: a numeric string given for a number parameter.
    ToNumber,
}

/// Checks a call's arguments against the method's overloads and says how to convert
/// them. Assumed rules (the bridge between the script's JS values and the platform's
/// Java methods):
/// - an overload fits when the argument count is between its required and total
///   parameters (a rest parameter takes any number) and every argument fits its type;
/// - exact types first: the first overload every argument fits exactly wins;
/// - otherwise, when only one overload takes that many arguments, it is chosen with
///   conversions: a String parameter takes any value but null and undefined as
///   `String(value)` (a number, an object for a mail body), a number parameter a numeric
///   string;
/// - null and undefined fit object parameters (strings, dates, arrays, objects, classes,
///   enums) but not numbers or booleans, as Java's null does;
/// - anything else: `The parameters (number,String) don't match the method signature
///   for SpreadsheetApp.Sheet.getRange.`
///
/// A method the catalogue does not know is not checked (every argument kept).
///
/// The answer depends only on the method and the argument types, so each thread keeps
/// it (`checked_args`): a script calls the same few methods with the same types
/// thousands of times, and finding the class, method and overloads by name each time
/// was a tenth of a simulated year's service-call cost (perf, issue 26).
pub fn check_args(call: &str, args: &[ArgType]) -> Result<Vec<Conversion>, ServiceError> {
    checked_args::get_or_check(call, args, check_args_uncached)
}

fn check_args_uncached(call: &str, args: &[ArgType]) -> Result<Vec<Conversion>, ServiceError> {
    let catalogue = catalogue();
    let Some((class, method)) = catalogue.method_of_call(call) else {
        return Ok(vec![Conversion::Keep; args.len()]);
    };
    let omittable = |overload: &Overload| {
        let omits = |p: &&Param| OMITTABLE_PARAMETERS.contains(&(class.name, method.name, p.name));
        overload.params.iter().filter(omits).count()
    };
    let fitting: Vec<&Overload> =
        method.overloads.iter().filter(|o| takes_count(o, args.len(), omittable(o))).collect();
    for overload in &fitting {
        let conversions: Option<Vec<Conversion>> =
            args.iter().enumerate().map(|(i, a)| fit(catalogue, param_type(overload, i), *a, false)).collect();
        if conversions.is_some_and(|c| c.iter().all(|c| *c == Conversion::Keep)) {
            return Ok(vec![Conversion::Keep; args.len()]);
        }
    }
    if let [only] = fitting.as_slice() {
        let conversions: Option<Vec<Conversion>> =
            args.iter().enumerate().map(|(i, a)| fit(catalogue, param_type(only, i), *a, true)).collect();
        if let Some(conversions) = conversions {
            return Ok(conversions);
        }
    }
    let types: Vec<&str> = args.iter().map(|a| a.name()).collect();
    Err(ServiceError::signature_mismatch(&types.join(","), &catalogue.display_name(class, method.name)))
}

/// The per-thread memory of [`check_args`]'s answers.
mod checked_args {
    use std::cell::RefCell;
    use std::collections::HashMap;

    use super::{ArgType, Conversion, ServiceError};

    type Answer = Result<Vec<Conversion>, ServiceError>;
    /// The answers counted, and by method name one per argument-type list seen.
    type Answers = (usize, HashMap<String, Vec<(Vec<ArgType>, Answer)>>);

    /// Answers kept per thread; all are forgotten past this (a script calls a few dozen
    /// methods, each with a type list or two; this bounds a fuzzer's or a mutant's).
    pub(super) const ANSWERS_MAX: usize = 4096;

    thread_local! {
        static ANSWERS: RefCell<Answers> = RefCell::new((0, HashMap::new()));
    }

    pub(super) fn get_or_check(call: &str, args: &[ArgType], check: fn(&str, &[ArgType]) -> Answer) -> Answer {
        let known = ANSWERS.with(|answers| {
            let answers = answers.borrow();
            let seen = answers.1.get(call)?;
            seen.iter().find(|(types, _)| types.as_slice() == args).map(|(_, answer)| answer.clone())
        });
        if let Some(answer) = known {
            return answer;
        }
        let answer = check(call, args);
        ANSWERS.with(|answers| {
            let mut answers = answers.borrow_mut();
            if answers.0 >= ANSWERS_MAX {
                *answers = (0, HashMap::new());
            }
            answers.0 += 1;
            answers.1.entry(call.to_string()).or_default().push((args.to_vec(), answer.clone()));
        });
        answer
    }
}

/// Parameters the platform lets a script leave out though the types package does not
/// mark them optional (class, method, parameter; each a trailing one):
/// `range.copyTo(target, SpreadsheetApp.CopyPasteType.PASTE_VALUES)` pastes values, not
/// transposed (observed: a peer's conformance tests, run on the platform).
const OMITTABLE_PARAMETERS: &[(&str, &str, &str)] = &[("Spreadsheet.Range", "copyTo", "transposed")];

/// Whether `overload` takes `count` arguments, `omittable` of its required ones being
/// ones the platform lets a script leave out.
fn takes_count(overload: &Overload, count: usize, omittable: usize) -> bool {
    let required = overload.params.iter().filter(|p| !p.optional && !p.rest).count().saturating_sub(omittable);
    let rest = overload.params.last().is_some_and(|p| p.rest);
    count >= required && (rest || count <= overload.params.len())
}

/// The type argument `i` must have: a rest parameter's element type for it and after.
fn param_type(overload: &Overload, i: usize) -> &'static str {
    match overload.params.get(i) {
        Some(p) if !p.rest => p.ty,
        _ => {
            let rest = overload.params.last().expect("only a rest parameter takes more arguments");
            rest.ty.strip_suffix("[]").unwrap_or(rest.ty)
        }
    }
}

/// How `arg` fits a parameter of type `ty`; None when it does not (`convert`: whether
/// conversions are allowed).
fn fit(catalogue: &Catalogue, ty: &str, arg: ArgType, convert: bool) -> Option<Conversion> {
    use ArgType as A;
    // A union fits when a member does, an exact member first.
    if ty.contains('|') && !ty.starts_with('{') && !ty.starts_with('(') {
        let members: Vec<&str> = ty.split('|').collect();
        if members.contains(&"null") && arg == A::Null {
            return Some(Conversion::Keep);
        }
        let results: Vec<Conversion> = members.iter().filter_map(|m| fit(catalogue, m, arg, convert)).collect();
        return results.iter().copied().find(|c| *c == Conversion::Keep).or(results.first().copied());
    }
    let nullish = matches!(arg, A::Null | A::Undefined);
    let kept = |fits: bool| fits.then_some(Conversion::Keep);
    match ty {
        "any" | "Object" | "object" => Some(Conversion::Keep),
        "string" | "Char" | "String" => match arg {
            A::String | A::NumericString => Some(Conversion::Keep),
            _ if nullish => Some(Conversion::Keep),
            _ if convert => Some(Conversion::ToString),
            _ => None,
        },
        "number" | "Integer" | "Byte" | "BigNumber" => match arg {
            A::Number => Some(Conversion::Keep),
            A::NumericString if convert => Some(Conversion::ToNumber),
            _ => None,
        },
        "boolean" => kept(arg == A::Boolean),
        "Base.Date" | "Date" => kept(arg == A::Date || nullish),
        _ if ty.ends_with("[]") => kept(arg == A::Array || nullish),
        _ if ty.starts_with('{') => kept(matches!(arg, A::Object | A::Array) || nullish),
        _ if ty.starts_with('(') => kept(arg == A::Function || nullish),
        // Enums: gas-sim's enum values are their names (strings) or, for `Weekday`,
        // numbers.
        _ if catalogue.enum_named(ty).is_some() => kept(!matches!(arg, A::Boolean | A::Function)),
        // Classes: a service object (a script's own object too: its handle is checked
        // later), never a primitive (`copyTo("A1")` is a signature error: observed).
        _ if catalogue.class(ty).is_some() => kept(matches!(arg, A::Object) || nullish),
        // A type the package spells some other way: not checked.
        _ => Some(Conversion::Keep),
    }
}

/// Whether every overload of an implemented method returns nothing: the platform then
/// gives `null` (not `undefined`), e.g. `Cache.put` (observed, issue 11).
pub fn returns_void(call: &str) -> bool {
    catalogue().method_of_call(call).is_some_and(|(_, m)| m.overloads.iter().all(|o| o.returns == "void"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ArgType as A;

    #[test]
    fn the_data_says_where_it_came_from() {
        let c = catalogue();
        assert_eq!(c.source_package, "@types/google-apps-script");
        // The pinned version of tools/catalogue/package.json.
        let package = include_str!("../../../tools/catalogue/package.json");
        assert!(package.contains(&format!("\"@types/google-apps-script\": \"{}\"", c.source_version)), "{package}");
        assert!(c.classes.len() > 400 && c.enums.len() > 100, "{} classes", c.classes.len());
    }

    #[test]
    fn services_classes_methods_and_enums() {
        let c = catalogue();
        assert_eq!(c.global("SpreadsheetApp").unwrap().class, "Spreadsheet.SpreadsheetApp");
        assert_eq!(c.global("UrlFetchApp").unwrap().class, "URL_Fetch.UrlFetchApp");
        let range = c.resolve_class("Range").unwrap();
        assert_eq!(range.name, "Spreadsheet.Range", "the preferred namespace");
        assert_eq!(c.resolve_class("User").unwrap().name, "Base.User");
        assert_eq!(c.resolve_class("Document.Range").unwrap().name, "Document.Range");
        assert!(c.resolve_class("NoSuchClass").is_none());
        assert!(c.method(range, "setBackground").is_some());
        assert!(c.method(range, "isFake").is_none());
        let put = c.method_of_call("Cache.put").unwrap().1;
        assert_eq!(put.overloads.len(), 2);
        assert_eq!(
            put.overloads[1].params[2],
            Param { name: "expirationInSeconds", ty: "Integer", optional: false, rest: false }
        );
        let border = c.enum_named("Spreadsheet.BorderStyle").unwrap();
        assert!(border.values.contains(&"DOTTED"));
        let app = c.class("Spreadsheet.SpreadsheetApp").unwrap();
        assert!(app.enum_refs.contains(&("BorderStyle", "Spreadsheet.BorderStyle")));
        // Inherited methods: a Blob is a BlobSource.
        let blob = c.resolve_class("Blob").unwrap();
        assert!(c.method_names(blob).contains(&"getAs"));
    }

    #[test]
    fn errors_name_methods_as_the_platform_does() {
        let c = catalogue();
        let sheet = c.resolve_class("Sheet").unwrap();
        assert_eq!(c.display_name(sheet, "getRange"), "SpreadsheetApp.Sheet.getRange");
        assert_eq!(c.display_name(c.class("Spreadsheet.SpreadsheetApp").unwrap(), "create"), "SpreadsheetApp.create");
        assert_eq!(c.display_name(c.resolve_class("Cache").unwrap(), "put"), "CacheService.Cache.put");
        assert_eq!(c.display_name(c.resolve_class("Utilities").unwrap(), "sleep"), "Utilities.sleep");
        assert_eq!(c.display_name(c.resolve_class("Blob").unwrap(), "getAs"), "Blob.getAs");
    }

    #[test]
    fn arguments_fit_overloads_or_give_the_platform_error() {
        let keep = |n| Ok(vec![Conversion::Keep; n]);
        assert_eq!(check_args("Sheet.getRange", &[A::Number, A::Number]), keep(2));
        assert_eq!(check_args("Sheet.getRange", &[A::String]), keep(1));
        assert_eq!(
            check_args("Sheet.getRange", &[A::Number; 5]).unwrap_err().message,
            "The parameters (number,number,number,number,number) don't match the method signature for SpreadsheetApp.Sheet.getRange."
        );
        // One overload takes two arguments: a numeric string converts.
        assert_eq!(
            check_args("Sheet.getRange", &[A::NumericString, A::Number]),
            Ok(vec![Conversion::ToNumber, Conversion::Keep])
        );
        // Three overloads take one argument: no conversion chooses between them.
        assert_eq!(check_args("Spreadsheet.insertSheet", &[A::Number]), keep(1));
        assert!(check_args("Spreadsheet.insertSheet", &[A::Boolean]).is_err());
        assert!(check_args("Sheet.getRange", &[A::Boolean, A::Number]).is_err());
        assert!(check_args("Sheet.getRange", &[A::Null, A::Number]).is_err());
        assert_eq!(
            check_args("Cache.put", &[A::String]).unwrap_err().message,
            "The parameters (String) don't match the method signature for CacheService.Cache.put."
        );
        assert_eq!(check_args("Cache.put", &[A::String, A::String, A::Number]), keep(3));
        // Rest parameters take any number of arguments.
        assert_eq!(check_args("Utilities.formatString", &[A::String, A::Number, A::Object]), keep(3));
        assert!(check_args("Utilities.formatString", &[]).is_err());
        // Methods the catalogue lacks are not checked.
        assert_eq!(check_args("Nope.nothing", &[A::Number]), keep(1));
        // A class parameter takes a service object, never a primitive.
        assert_eq!(
            check_args("Range.copyTo", &[A::String]).unwrap_err().message,
            "The parameters (String) don't match the method signature for SpreadsheetApp.Range.copyTo."
        );
        assert_eq!(check_args("Range.copyTo", &[A::Object]), keep(1));
        // `transposed` may be left out (OMITTABLE_PARAMETERS); a third argument is still checked.
        assert_eq!(check_args("Range.copyTo", &[A::Object, A::String]), keep(2));
        assert_eq!(check_args("Range.copyTo", &[A::Object, A::String, A::Boolean]), keep(3));
        assert!(check_args("Range.copyTo", &[A::Object, A::String, A::String]).is_err());
    }

    #[test]
    fn a_kept_answer_is_the_answer_and_the_memory_stays_bounded() {
        let cases: [(&str, &[A]); 4] = [
            ("Sheet.getRange", &[A::Number, A::Number]),
            ("Sheet.getRange", &[A::Number; 5]),
            ("Cache.put", &[A::Number, A::Number]),
            ("Nope.nothing", &[A::Number]),
        ];
        for (call, args) in cases {
            let fresh = check_args_uncached(call, args);
            assert_eq!(check_args(call, args), fresh, "{call} first");
            assert_eq!(check_args(call, args), fresh, "{call} kept");
        }
        // Past the bound everything is forgotten, and answers stay right.
        for i in 0..=checked_args::ANSWERS_MAX {
            let _ = check_args(&format!("Nope.n{i}"), &[A::Number]);
        }
        assert_eq!(
            check_args("Sheet.getRange", &[A::Number; 5]),
            check_args_uncached("Sheet.getRange", &[A::Number; 5])
        );
    }

    #[test]
    fn arguments_convert_as_the_platform_converts_them() {
        use Conversion::*;
        // A number for a String parameter becomes its string.
        assert_eq!(check_args("Cache.put", &[A::Number, A::Number]), Ok(vec![ToString, ToString]));
        assert_eq!(check_args("Properties.setProperty", &[A::String, A::Boolean]), Ok(vec![Keep, ToString]));
        // An object for a mail body: only one three-argument overload.
        assert_eq!(check_args("MailApp.sendEmail", &[A::String, A::String, A::Object]), Ok(vec![Keep, Keep, ToString]));
        // A numeric string for a number parameter.
        assert_eq!(check_args("Lock.tryLock", &[A::NumericString]), Ok(vec![ToNumber]));
        assert!(check_args("Lock.tryLock", &[A::String]).is_err());
        assert!(check_args("Lock.tryLock", &[A::Null]).is_err(), "null is no number");
        // null and undefined fit object parameters as Java's null does.
        assert_eq!(check_args("Cache.get", &[A::Null]), Ok(vec![Keep]));
    }

    #[test]
    fn the_prelude_tables_list_members_and_enums() {
        let tables = catalogue().prelude_tables();
        let blob = &tables.classes.iter().find(|(name, _)| *name == "Base.Blob").unwrap().1;
        assert!(blob.starts_with("copyBlob,") && blob.contains(",getAs,"), "{blob}");
        let app = &tables.classes.iter().find(|(name, _)| *name == "Spreadsheet.SpreadsheetApp").unwrap().1;
        assert!(app.contains("|") && app.contains("BorderStyle:Spreadsheet.BorderStyle"), "{app}");
        assert!(tables.short_names.contains(&("Range", "Spreadsheet.Range")));
        assert!(tables.short_names.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(tables.globals.contains(&("Charset", "Utilities.Charset")));
    }

    #[test]
    fn void_methods() {
        assert!(returns_void("Cache.put") && returns_void("Cache.remove") && returns_void("Utilities.sleep"));
        assert!(!returns_void("Cache.get") && !returns_void("Sheet.getRange") && !returns_void("Nope.x"));
    }

    #[test]
    fn parse_errors_name_the_line() {
        use format::parse;
        assert!(parse("class\tA.B\nbogus\tline\n").unwrap_err().contains("line 2"));
        assert!(parse("method\tx\tvoid\n").is_err(), "a method outside a class");
        assert!(parse("class\tB.B\nclass\tA.A\n").is_err(), "unsorted");
        assert!(parse("class\tA.B\nmethod\tx\tvoid\tnoType\n").unwrap_err().contains("line 2"), "a bad parameter");
    }

    #[test]
    fn the_compiled_tables_are_the_checked_in_text() {
        // build.rs generates the tables from DATA; a stale OUT_DIR would differ here.
        let parsed = format::parse(DATA).unwrap();
        let c = catalogue();
        assert_eq!(parsed.classes.len(), c.classes.len());
        assert_eq!(parsed.enums.len(), c.enums.len());
        assert_eq!(parsed.globals.len(), c.globals.len());
        let overloads =
            |c: &Catalogue| c.classes.iter().flat_map(|k| k.methods).map(|m| m.overloads.len()).sum::<usize>();
        let parsed_overloads: usize = parsed.classes.iter().flat_map(|k| &k.methods).map(|m| m.1.len()).sum();
        assert_eq!(parsed_overloads, overloads(c));
        assert!(c.short_names.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
