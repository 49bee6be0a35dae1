//! The catalogue's line format (`catalogue/apps-script.txt`), read at build time.
//!
//! `build.rs` includes this file, parses the text and writes the static tables the
//! library compiles in (`Catalogue`'s `CATALOGUE` and the prelude's tables), so no
//! process parses the text at start. The library's tests include it too, for the
//! parser's own tests. It depends on nothing but `std`.

use std::fmt::Write as _;

/// Where a short class name several namespaces declare is looked up first: the services
/// gas-sim models, the spreadsheet first (`Range`, `Selection`, `Color` in scripts are
/// almost always a sheet's).
pub const PREFERRED_NAMESPACES: &[&str] = &["Base", "Spreadsheet", "Gmail", "Drive", "Script"];

/// The parsed text, borrowing from it.
#[derive(Debug, Default)]
pub struct Parsed<'a> {
    pub source_package: &'a str,
    pub source_version: &'a str,
    pub globals: Vec<(&'a str, &'a str)>,
    /// The advanced services: (default symbol, root class, serviceId, version).
    pub advanced: Vec<(&'a str, &'a str, &'a str, &'a str)>,
    pub classes: Vec<ParsedClass<'a>>,
    pub enums: Vec<(&'a str, Vec<&'a str>)>,
}

/// One overload as written: (returns, params as written `name?:T`).
pub type ParsedOverload<'a> = (&'a str, Vec<&'a str>);

#[derive(Debug)]
pub struct ParsedClass<'a> {
    pub name: &'a str,
    pub extends: Vec<&'a str>,
    /// (name, overloads: (returns, params as written `name?:T`)).
    pub methods: Vec<(&'a str, Vec<ParsedOverload<'a>>)>,
    pub enum_refs: Vec<(&'a str, &'a str)>,
    pub fields: Vec<(&'a str, &'a str)>,
}

/// Reads the generated line format; an error names the line.
pub fn parse(text: &str) -> Result<Parsed<'_>, String> {
    let mut out = Parsed::default();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let bad = || format!("catalogue line {}: {line:?}", i + 1);
        let class = out.classes.last_mut();
        match (fields[0], fields.len()) {
            ("source", 3) => (out.source_package, out.source_version) = (fields[1], fields[2]),
            ("parser", _) => {}
            ("global", 3) => out.globals.push((fields[1], fields[2])),
            ("advanced", 5) => out.advanced.push((fields[1], fields[2], fields[3], fields[4])),
            ("class", n) if n >= 2 => out.classes.push(ParsedClass {
                name: fields[1],
                extends: fields[2..].to_vec(),
                methods: Vec::new(),
                enum_refs: Vec::new(),
                fields: Vec::new(),
            }),
            ("method", n) if n >= 3 => {
                let class = class.ok_or_else(bad)?;
                if fields[3..].iter().any(|p| split_param(p).is_none()) {
                    return Err(bad());
                }
                let overload = (fields[2], fields[3..].to_vec());
                match class.methods.last_mut() {
                    Some(method) if method.0 == fields[1] => method.1.push(overload),
                    _ => class.methods.push((fields[1], vec![overload])),
                }
            }
            ("enumref", 3) => class.ok_or_else(bad)?.enum_refs.push((fields[1], fields[2])),
            ("field", 3) => class.ok_or_else(bad)?.fields.push((fields[1], fields[2])),
            ("enum", n) if n >= 2 => out.enums.push((fields[1], fields[2..].to_vec())),
            _ => return Err(bad()),
        }
    }
    let sorted = |names: Vec<&str>| names.windows(2).all(|w| w[0] < w[1]);
    if !sorted(out.classes.iter().map(|c| c.name).collect())
        || !sorted(out.enums.iter().map(|e| e.0).collect())
        || !sorted(out.globals.iter().map(|g| g.0).collect())
        || out.classes.iter().any(|c| !sorted(c.methods.iter().map(|m| m.0).collect()))
    {
        return Err("catalogue: classes, methods, enums and globals must be sorted and unique".into());
    }
    Ok(out)
}

/// A parameter as written: (name, type, optional, rest).
pub fn split_param(text: &str) -> Option<(&str, &str, bool, bool)> {
    let (rest, text) = match text.strip_prefix("...") {
        Some(after) => (true, after),
        None => (false, text),
    };
    let (name, ty) = text.split_once(':')?;
    let (name, optional) = match name.strip_suffix('?') {
        Some(name) => (name, true),
        None => (name, false),
    };
    Some((name, ty, optional, rest))
}

/// The class part after the namespace: `Range` of `Spreadsheet.Range`.
pub fn short_name(qualified: &str) -> &str {
    qualified.rsplit('.').next().unwrap_or(qualified)
}

pub fn namespace_of(qualified: &str) -> &str {
    qualified.split('.').next().unwrap_or(qualified)
}

/// Each short name's class (an index in `classes`): the only one, or the first of
/// [`PREFERRED_NAMESPACES`], or the first in name order; sorted by short name.
pub fn short_names<'a>(parsed: &Parsed<'a>) -> Vec<(&'a str, usize)> {
    let classes = &parsed.classes;
    let preferred = PREFERRED_NAMESPACES;
    let rank = |i: usize| {
        let ns = namespace_of(classes[i].name);
        (preferred.iter().position(|p| *p == ns).unwrap_or(preferred.len()), classes[i].name)
    };
    let mut all: Vec<(&'a str, usize)> = (0..classes.len()).map(|i| (short_name(classes[i].name), i)).collect();
    all.sort_by(|a, b| a.0.cmp(b.0).then_with(|| rank(a.1).cmp(&rank(b.1))));
    all.dedup_by(|later, first| later.0 == first.0);
    all
}

/// `class` (an index) and every class it extends, nearest first (bounded: the package's
/// hierarchies are two or three deep).
pub fn lineage(parsed: &Parsed<'_>, class: usize) -> Vec<usize> {
    const DEPTH_MAX: usize = 8;
    let find = |name: &str| parsed.classes.binary_search_by(|c| c.name.cmp(name)).ok();
    let mut out = vec![class];
    let mut i = 0;
    while i < out.len() && out.len() < DEPTH_MAX {
        for parent in &parsed.classes[out[i]].extends {
            if let Some(p) = find(parent) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        i += 1;
    }
    out
}

/// The prelude's string for one class: `method,method|Prop:Ns.Enum,...`, its parents'
/// methods (sorted, unique) and enums included.
pub fn prelude_entry(parsed: &Parsed<'_>, class: usize) -> String {
    let line = lineage(parsed, class);
    let mut names: Vec<&str> = line.iter().flat_map(|&c| parsed.classes[c].methods.iter().map(|m| m.0)).collect();
    names.sort_unstable();
    names.dedup();
    let enums: Vec<String> =
        line.iter().flat_map(|&c| parsed.classes[c].enum_refs.iter()).map(|(p, e)| format!("{p}:{e}")).collect();
    format!("{}|{}", names.join(","), enums.join(","))
}

/// Rust source of the static tables: `CATALOGUE: Catalogue` and
/// `PRELUDE_TABLES: PreludeTables`, for `include!` in catalogue.rs.
pub fn generate(parsed: &Parsed<'_>) -> String {
    let mut out = String::with_capacity(2 << 20);
    out.push_str("// Generated by gas-platform's build.rs from catalogue/apps-script.txt; do not edit.\n");
    let _ = writeln!(
        out,
        "pub static CATALOGUE: Catalogue = Catalogue {{ source_package: {:?}, source_version: {:?}, globals: &[",
        parsed.source_package, parsed.source_version
    );
    for (name, class) in &parsed.globals {
        let _ = writeln!(out, "Global {{ name: {name:?}, class: {class:?} }},");
    }
    out.push_str("], advanced: &[\n");
    for (name, class, service_id, version) in &parsed.advanced {
        let _ = writeln!(
            out,
            "Advanced {{ name: {name:?}, class: {class:?}, service_id: {service_id:?}, version: {version:?} }},"
        );
    }
    out.push_str("], classes: &[\n");
    for class in &parsed.classes {
        let _ = write!(out, "Class {{ name: {:?}, extends: &{:?}, methods: &[", class.name, class.extends);
        for (name, overloads) in &class.methods {
            let _ = write!(out, "Method {{ name: {name:?}, overloads: &[");
            for (returns, params) in overloads {
                let _ = write!(out, "Overload {{ returns: {returns:?}, params: &[");
                for param in params {
                    let (name, ty, optional, rest) = split_param(param).expect("checked by parse");
                    let _ = write!(out, "Param {{ name: {name:?}, ty: {ty:?}, optional: {optional}, rest: {rest} }},");
                }
                out.push_str("] },");
            }
            out.push_str("] },\n");
        }
        let _ = writeln!(out, "], enum_refs: &{:?}, fields: &{:?} }},", class.enum_refs, class.fields);
    }
    out.push_str("], enums: &[\n");
    for (name, values) in &parsed.enums {
        let _ = writeln!(out, "Enum {{ name: {name:?}, values: &{values:?} }},");
    }
    let short = short_names(parsed);
    let _ = writeln!(out, "], short_names: &{short:?} }};");
    out.push_str("pub static PRELUDE_TABLES: PreludeTables = PreludeTables { classes: &[\n");
    for i in 0..parsed.classes.len() {
        let _ = writeln!(out, "({:?}, {:?}),", parsed.classes[i].name, prelude_entry(parsed, i));
    }
    let names: Vec<(&str, &str)> = short.iter().map(|(s, i)| (*s, parsed.classes[*i].name)).collect();
    let _ = writeln!(out, "], short_names: &{names:?}, enums: &[");
    for (name, values) in &parsed.enums {
        let _ = writeln!(out, "({name:?}, {:?}),", values.join(","));
    }
    let _ = writeln!(out, "], globals: &{:?} }};", parsed.globals);
    out
}
