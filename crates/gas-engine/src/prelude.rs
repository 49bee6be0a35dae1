//! The prelude's text: a core every context runs, and services compiled on first need.
//!
//! The prelude (`js/prelude/`, one file per service) builds the Apps Script globals.
//! Parsing and compiling all of it (about 90 KB of JS) was most of a first `gas-sim call`
//! and grew with every service added, so it comes in two kinds of parts:
//! - the *core*: the natives the prelude keeps (00_core.js), the chunk loader and the
//!   chunks' makers (90_chunks.js, `core_text`), the locale builtins' stubs (95_locale.js)
//!   and the globals (99_globals.js), each a placeholder until first read. It is compiled
//!   with the project (compiled.rs) and run in every new context, so it is kept small:
//!   parsing it was most of a `gas-sim call`, and what needs no JS of its own is native
//!   (the makers, the locale stubs: locale_stubs.rs; the `stack` getter:
//!   error_stacks.rs). Which globals
//!   there are, in which order, is [`global_names`]'s; what builds each is the kernel's
//!   (02_globals.js, `makeGlobal`, with `globalMakers` made from [`GLOBALS_FIRST`] and
//!   [`GLOBALS_IN_CATALOGUE_PLACE`]).
//! - *chunks*: the services, each compiled the first time a script touches one of its
//!   globals (once per thread and project: `Template::chunk`) and evaluated in the realm
//!   then (prepared.rs, the `__gas_chunk` native). The [`KERNEL`] chunk (the helpers every
//!   service is built with, and the small services) loads before any other. A project that
//!   never names a service never parses one; one that names SpreadsheetApp parses the
//!   kernel and the sheets chunk, not Gmail's.
//!
//! A chunk's text is its files inside a function of the core's shared names:
//! `(function (core) { 'use strict'; const { call, klass, ... } = core; <files> return { sheetsService }; })`.
//! The core holds, for each name a chunk exports, a function that loads the chunk (once
//! per realm state: the realm restore forgets it with the service) and calls the export
//! (`fromChunk`, 90_chunks.js). What a chunk reads from the core is [`CORE_NAMES`] and,
//! but for the kernel itself, [`KERNEL_NAMES`] (the kernel adds them to `core` when it
//! loads); unit tests below check that no chunk names a definition it is not given.
//!
//! This is not where services are *built* on first touch: that is the global object's
//! (vendored boa's `LazyGlobal`, 99_globals.js). Chunks make the first build pay for
//! compiling its service, and a project that never builds it pay nothing. A service's
//! classes are only registered when it is built; each builds its prototype when it makes
//! its first object (01_kernel.js, `lazyClass`).

use std::sync::{LazyLock, OnceLock};

/// Where every prelude frame says it is: gaps (gaps.rs) and error stacks (error_stacks.rs)
/// leave out frames from here.
pub const PRELUDE_PATH: &str = "gas-sim:prelude.js";

/// One service compiled on first need: its name (what `__gas_chunk` is given), the core
/// names it defines (each a `once` maker the core calls through `fromChunk`), its files.
pub struct Chunk {
    pub name: &'static str,
    pub exports: &'static [&'static str],
    files: &'static str,
}

/// The chunk every other chunk needs first: the helpers services are built with
/// (`klass`, `derived`, `once` ...) and the small services (Lock, Cache, Properties, Mail,
/// Session, Logger and console, the Blob class). Besides its `once` makers it gives the
/// other chunks [`KERNEL_NAMES`] (90_chunks.js, `kernel`, adds them to `core`).
pub const KERNEL: &str = "kernel";

/// The chunks, in the order of their files, the kernel first.
pub const CHUNKS: &[Chunk] = &[
    Chunk {
        name: KERNEL,
        exports: &["locks", "caches", "properties", "mail", "session", "logging"],
        files: concat!(
            include_str!("js/prelude/01_kernel.js"),
            include_str!("js/prelude/02_globals.js"),
            include_str!("js/prelude/20_lock.js"),
            include_str!("js/prelude/21_cache.js"),
            include_str!("js/prelude/22_properties.js"),
            include_str!("js/prelude/30_mail.js"),
            include_str!("js/prelude/39_blob.js"),
            include_str!("js/prelude/50_session.js"),
            include_str!("js/prelude/70_logging.js"),
        ),
    },
    Chunk {
        name: "sheets",
        exports: &["sheetsService"],
        files: concat!(
            include_str!("js/prelude/10_sheets.js"),
            include_str!("js/prelude/11_ui.js"),
            include_str!("js/prelude/12_sheets_formulas.js"),
            include_str!("js/prelude/13_sheets_formats.js"),
            include_str!("js/prelude/14_sheets_structure.js"),
            include_str!("js/prelude/15_sheets_objects.js"),
            include_str!("js/prelude/16_sheets_surface.js"),
            include_str!("js/prelude/17_sheets_groups.js"),
            include_str!("js/prelude/18_sheets_charts.js"),
            include_str!("js/prelude/18_sheets_metadata.js"),
            include_str!("js/prelude/19_sheets_build.js"),
        ),
    },
    Chunk { name: "gmail", exports: &["gmail"], files: include_str!("js/prelude/31_gmail.js") },
    Chunk { name: "urlfetch", exports: &["fetch"], files: include_str!("js/prelude/40_urlfetch.js") },
    Chunk { name: "utilities", exports: &["utilities"], files: include_str!("js/prelude/41_utilities.js") },
    Chunk { name: "drive", exports: &["drive"], files: include_str!("js/prelude/45_drive.js") },
    Chunk { name: "documents", exports: &["documents"], files: include_str!("js/prelude/46_documents.js") },
    Chunk { name: "xml", exports: &["xml"], files: include_str!("js/prelude/47_xml.js") },
    Chunk { name: "calendar", exports: &["calendar"], files: include_str!("js/prelude/48_calendar.js") },
    Chunk { name: "forms", exports: &["forms"], files: include_str!("js/prelude/48_forms.js") },
    Chunk { name: "advanced", exports: &["advanced"], files: include_str!("js/prelude/49_advanced.js") },
    Chunk { name: "script_app", exports: &["scriptApp"], files: include_str!("js/prelude/51_script_app.js") },
    Chunk { name: "content", exports: &["content"], files: include_str!("js/prelude/60_content.js") },
    Chunk { name: "html", exports: &["html"], files: include_str!("js/prelude/61_html.js") },
    Chunk { name: "locale", exports: &["localeMethods"], files: include_str!("js/prelude/81_locale.js") },
];

/// The core's files before the chunk table, run in every context in this order:
/// 00_core.js opens the function the others share, zz_close.js closes it.
const CORE_BEFORE_CHUNKS: &str =
    concat!(include_str!("js/prelude/00_core.js"), include_str!("js/prelude/90_chunks.js"),);
const CORE_AFTER_CHUNKS: &str = concat!(
    include_str!("js/prelude/95_locale.js"),
    include_str!("js/prelude/99_globals.js"),
    include_str!("js/prelude/zz_close.js"),
);

/// The globals the prelude implements, each with what builds it (an expression in the
/// kernel, where every chunk's maker is in reach: 02_globals.js, `makeGlobal`), in the
/// order the global object has always listed them first. The catalogue's other globals
/// come after them ([`global_names`]).
const GLOBALS_FIRST: &[(&str, &str)] = &[
    ("SpreadsheetApp", "sheetsService().SpreadsheetApp"),
    ("LockService", "locks().LockService"),
    ("CacheService", "caches().CacheService"),
    ("PropertiesService", "properties().PropertiesService"),
    ("MailApp", "mail().MailApp"),
    ("GmailApp", "gmail().GmailApp"),
    ("UrlFetchApp", "fetch().UrlFetchApp"),
    ("Utilities", "utilities().Utilities"),
    ("Session", "session().Session"),
    ("ScriptApp", "scriptApp().ScriptApp"),
    ("ContentService", "content().ContentService"),
    ("HtmlService", "html().HtmlService"),
    ("Logger", "logging().Logger"),
    ("console", "logging().console"),
    ("DriveApp", "drive().DriveApp"),
    ("MimeType", "drive().MimeType"),
];

/// Globals implemented after that order was fixed: each keeps its place among the
/// catalogue's (a script listing the global object sees the order it always saw).
const GLOBALS_IN_CATALOGUE_PLACE: &[(&str, &str)] = &[
    ("XmlService", "xml().XmlService"),
    ("Charts", "sheetsService().Charts"),
    ("CalendarApp", "calendar().CalendarApp"),
    ("FormApp", "forms().FormApp"),
    ("DocumentApp", "documents().DocumentApp"),
    ("ScriptProperties", "properties().ScriptProperties"),
    ("UserProperties", "properties().UserProperties"),
];

/// Every global the prelude defines (99_globals.js, each built on first touch), in the
/// global object's order: [`GLOBALS_FIRST`], the catalogue's others (an unimplemented
/// service or an enum each, or one of [`GLOBALS_IN_CATALOGUE_PLACE`]), then the symbols
/// of the project's enabled advanced services (`advanced`: `Template::advanced`'s text,
/// `Symbol=Class` entries) that no global has taken. Computed here, not by the core: its
/// loop over the catalogue was a tenth of a `gas-sim call` of a project that names no
/// service.
pub fn global_names<'a>(advanced: &'a str) -> Vec<&'a str> {
    let mut names: Vec<&'a str> = Vec::with_capacity(GLOBALS_FIRST.len() + 96);
    let mut listed: std::collections::BTreeSet<&'a str> = std::collections::BTreeSet::new();
    let first = GLOBALS_FIRST.iter().map(|(name, _)| *name);
    let late = GLOBALS_IN_CATALOGUE_PLACE.iter().map(|(name, _)| *name);
    for name in first.chain(crate::catalogue::catalogue_globals()).chain(late) {
        if listed.insert(name) {
            names.push(name);
        }
    }
    for entry in advanced.split(',').filter(|entry| !entry.is_empty()) {
        let symbol = entry.split_once('=').map_or(entry, |(symbol, _)| symbol);
        if listed.insert(symbol) {
            names.push(symbol);
        }
    }
    names
}

/// `globalMakers` (02_globals.js): a function per implemented global that builds it.
fn global_makers() -> String {
    let makers: Vec<String> = GLOBALS_FIRST
        .iter()
        .chain(GLOBALS_IN_CATALOGUE_PLACE)
        .map(|(name, made_by)| format!("    {name}: () => {made_by},\n"))
        .collect();
    format!("  const globalMakers = {{\n{}  }};\n", makers.concat())
}

/// The core's definitions a chunk may use, passed to every chunk as `core` (less the
/// chunk's own exports, which it defines). A chunk's export is here too, so that other
/// chunks and the core reach it.
pub const CORE_NAMES: &[&str] = &[
    "global",
    "call",
    "emit",
    "catalogue",
    "gap",
    "hasOwn",
    "classBuilt",
    "clockNow",
    "advancedOf",
    "locks",
    "caches",
    "properties",
    "mail",
    "session",
    "logging",
    "sheetsService",
    "gmail",
    "fetch",
    "utilities",
    "drive",
    "documents",
    "xml",
    "calendar",
    "forms",
    "advanced",
    "scriptApp",
    "content",
    "html",
    "localeMethods",
];

/// The kernel's definitions every other chunk is given (in `core`, once the kernel is
/// loaded), and the core reads as `kernel().name`.
pub const KERNEL_NAMES: &[&str] = &[
    "notImplemented",
    "catalogueClass",
    "prototypeOf",
    "registerClass",
    "ctorOf",
    "derived",
    "read",
    "readKey",
    "inPlace",
    "service",
    "NO_HANDLE",
    "klass",
    "lazyClass",
    "builtPrototype",
    "c",
    "chain",
    "wrap",
    "wrapAll",
    "hidden",
    "once",
    "enumOf",
    "catalogueEnum",
    "finishClasses",
    "Blob",
    "blobOf",
    "handleOf",
    "buildClasses",
    "buildEveryClass",
    "makeGlobal",
    "openEvent",
    "buildGlobalsNow",
];

/// The prelude's texts: the core and each chunk's (in `CHUNKS` order), wrapped.
pub struct PreludeText {
    pub core: String,
    pub chunks: Vec<String>,
}

impl PreludeText {
    #[cfg(test)]
    fn standard() -> PreludeText {
        PreludeText { core: core_text(), chunks: CHUNKS.iter().map(chunk_text).collect() }
    }

    /// The chunk named `name`'s text.
    #[cfg(test)]
    pub fn chunk(&self, name: &str) -> Option<&str> {
        CHUNKS.iter().position(|chunk| chunk.name == name).map(|index| self.chunks[index].as_str())
    }

    /// Every part, the core first: for reading the whole prelude (tidy tests).
    #[cfg(test)]
    pub fn parts(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.core.as_str()).chain(self.chunks.iter().map(String::as_str))
    }

    /// The prelude with the first `from` in any part replaced (tests that break it).
    #[cfg(test)]
    pub fn replaced(&self, from: &str, to: &str) -> PreludeText {
        let mut done = false;
        let mut edit = |text: &String| {
            if !done && text.contains(from) {
                done = true;
                return text.replacen(from, to, 1);
            }
            text.clone()
        };
        let core = edit(&self.core);
        let chunks = self.chunks.iter().map(&mut edit).collect();
        assert!(done, "no prelude part contains {from:?}");
        PreludeText { core, chunks }
    }
}

/// The prelude as written, with its comments: for tests that read or break it.
#[cfg(test)]
pub fn prelude() -> &'static PreludeText {
    static TEXT: LazyLock<PreludeText> = LazyLock::new(PreludeText::standard);
    &TEXT
}

/// The core as the engine parses it: without its comment lines and indentation
/// (`without_comments`). Made alone, not with every chunk's text: a `gas-sim call` of a
/// project that touches one service reads two chunks of fifteen.
pub fn core_to_parse() -> &'static str {
    static TEXT: LazyLock<String> = LazyLock::new(|| without_comments(&core_text()));
    &TEXT
}

/// Chunk `index` of [`CHUNKS`] as the engine parses it, made the first time it is asked for.
pub fn chunk_to_parse(index: usize) -> &'static str {
    static TEXTS: [OnceLock<String>; CHUNKS.len()] = [const { OnceLock::new() }; CHUNKS.len()];
    TEXTS[index].get_or_init(|| without_comments(&chunk_text(&CHUNKS[index])))
}

/// `text` with every line that is only a `//` comment left empty and every line's
/// indentation removed. boa's lexer reads a comment or a space as slowly as code, and
/// about half of the core's text was comments and indentation: parsing it was about
/// half of a first `gas-sim call`. Lines stay where they were, so a prelude error's
/// line is the file's. Safe because no prelude string or template literal spans lines
/// (a unit test below checks).
fn without_comments(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    for line in text.lines() {
        // Spaces and tabs only: U+2028 and U+2029 end a line in JS.
        let code = line.trim_start_matches([' ', '\t']);
        if !code.starts_with("//") {
            kept.push_str(code);
        }
        kept.push('\n');
    }
    kept
}

/// The core: its files, then the `core` object that chunks are given, its makers put on
/// it natively (`__gas_chunk_makers`, prepared.rs: `fromChunk(chunk, name)` for every
/// export of [`CHUNKS`], in order), then the globals. (As a `const` line per export, the
/// makers were a fifth of the core's tokens, which every context parses before a
/// script's first line; one destructuring line for all, `const { locks, ... } =
/// fromChunks('kernel:locks,...')`, cost at run time what it saved in the parse.)
fn core_text() -> String {
    let mut text = String::from(CORE_BEFORE_CHUNKS);
    let own: Vec<&str> = CORE_NAMES.iter().copied().filter(|name| !is_chunk_export(name)).collect();
    text.push_str(&format!("  const core = {{ {} }};\n", own.join(", ")));
    text.push_str("  global.__gas_chunk_makers(fromChunk, core);\n  delete global.__gas_chunk_makers;\n");
    text.push_str(CORE_AFTER_CHUNKS);
    text
}

/// Whether `name` is a chunk's export (a maker the core puts on `core`).
fn is_chunk_export(name: &str) -> bool {
    CHUNKS.iter().any(|chunk| chunk.exports.contains(&name))
}

/// `fieldReaders`: a getter per field a declared read takes (`methods::Read`), written
/// with the field's name (`row() { return this._h.row; }`), so a read costs what a
/// property read costs (boa caches a named property's place by the object's shape; a
/// computed key, `this._h[key]`, it looks up every time). `reader` (01_kernel.js) uses them.
/// A read whose key is a sum (`row + num_rows - 1`) gets a getter of its own in
/// `sumReaders`, by method name, each field read as `this._h.field`.
fn field_readers() -> String {
    // The tables in their order, not the sorted registry: the core's text needs no
    // registry built before the project's first service call.
    let families = crate::bindings::FAMILIES.iter().flat_map(|family| family.reads.iter());
    let reads: Vec<&crate::methods::Read> =
        crate::bindings::READ_TABLES.iter().flat_map(|table| table.iter()).chain(families).collect();
    let is_field = |key: &str| !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let fields: std::collections::BTreeSet<&str> =
        reads.iter().map(|read| read.key).filter(|key| is_field(key)).collect();
    let getters: Vec<String> =
        fields.iter().map(|field| format!("    {field}() {{ return this._h.{field}; }},\n")).collect();
    let sums: Vec<String> = reads
        .iter()
        .filter(|read| read.key.contains(' '))
        .map(|read| {
            let terms: Vec<String> = read
                .key
                .split(' ')
                .map(|term| {
                    if is_field(term) && !term.starts_with(|c: char| c.is_ascii_digit()) {
                        format!("this._h.{term}")
                    } else {
                        term.to_string()
                    }
                })
                .collect();
            format!("    '{}'() {{ return {}; }},\n", read.name, terms.join(" "))
        })
        .collect();
    format!("  const fieldReaders = {{\n{}  }};\n  const sumReaders = {{\n{}  }};\n", getters.concat(), sums.concat())
}

/// A chunk's files as the function the core calls with `core` (on one line before the
/// files, so their line numbers are off by one only). The kernel is given the core's
/// names and gives back its own as well; its text ends with the field readers `reader`
/// uses. Every other chunk is given both.
fn chunk_text(chunk: &Chunk) -> String {
    let is_kernel = chunk.name == KERNEL;
    let given = if is_kernel { CORE_NAMES.to_vec() } else { [CORE_NAMES, KERNEL_NAMES].concat() };
    let imports: Vec<&str> = given.into_iter().filter(|name| !chunk.exports.contains(name)).collect();
    let mut exports = chunk.exports.to_vec();
    let mut files = String::from(chunk.files);
    if is_kernel {
        exports.extend_from_slice(KERNEL_NAMES);
        files.push_str(&field_readers());
        files.push_str(&global_makers());
    }
    format!(
        "(function (core) {{ 'use strict'; const {{ {} }} = core;\n{files}  return {{ {} }};\n}})\n",
        imports.join(", "),
        exports.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The identifiers `text` refers to, roughly: comments, string literals and property
    /// names after a dot left out.
    fn identifiers(text: &str) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            let mut in_string = None;
            let mut word = String::new();
            let mut word_after_dot = false;
            let mut previous = ' ';
            for ch in code.chars().chain(std::iter::once(' ')) {
                if let Some(quote) = in_string {
                    if ch == quote && previous != '\\' {
                        in_string = None;
                    }
                } else if ch.is_alphanumeric() || ch == '_' || ch == '$' {
                    if word.is_empty() {
                        word_after_dot = previous == '.';
                    }
                    word.push(ch);
                } else {
                    if !word.is_empty() && !word_after_dot && !word.starts_with(|c: char| c.is_ascii_digit()) {
                        found.insert(word.clone());
                    }
                    word.clear();
                    if ch == '\'' || ch == '"' || ch == '`' {
                        in_string = Some(ch);
                    }
                }
                previous = ch;
            }
        }
        found
    }

    /// The names `text` defines at its top level (two-space indent, as every prelude file).
    fn top_level_definitions(text: &str) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("  ") else { continue };
            for keyword in ["const ", "let ", "function "] {
                if let Some(name) = rest.strip_prefix(keyword) {
                    let name: String =
                        name.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
                    names.insert(name);
                }
            }
        }
        names
    }

    /// What the core defines: its top-level names and the makers it puts on `core`.
    fn core_definitions() -> BTreeSet<String> {
        let makers = CHUNKS.iter().flat_map(|chunk| chunk.exports.iter().map(|name| name.to_string()));
        top_level_definitions(&prelude().core).into_iter().chain(makers).collect()
    }

    fn kernel_definitions() -> BTreeSet<String> {
        top_level_definitions(prelude().chunk(KERNEL).unwrap())
    }

    #[test]
    fn every_name_given_to_chunks_is_defined_by_the_core_or_the_kernel() {
        let (core, kernel) = (core_definitions(), kernel_definitions());
        let missing: Vec<&&str> =
            CORE_NAMES.iter().filter(|name| **name != "global" && !core.contains(**name)).collect();
        assert!(missing.is_empty(), "CORE_NAMES that the core does not define: {missing:?}");
        let missing: Vec<&&str> = KERNEL_NAMES.iter().filter(|name| !kernel.contains(**name)).collect();
        assert!(missing.is_empty(), "KERNEL_NAMES that the kernel does not define: {missing:?}");
    }

    /// The core runs before the kernel is loaded: it reads a kernel name only as a
    /// property (`kernel().service`), never as a binding it would not find.
    #[test]
    fn the_core_names_no_kernel_definition() {
        let kernel: BTreeSet<String> = kernel_definitions().into_iter().filter(|name| name != "c").collect();
        let used = identifiers(&prelude().core);
        let core = core_definitions();
        let missing: Vec<&String> =
            used.iter().filter(|name| kernel.contains(*name) && !core.contains(*name)).collect();
        assert!(missing.is_empty(), "the core names kernel definitions: {missing:?}");
    }

    #[test]
    fn no_chunk_names_a_core_definition_it_is_not_given() {
        let defined: BTreeSet<String> = core_definitions().union(&kernel_definitions()).cloned().collect();
        for chunk in CHUNKS {
            let given: BTreeSet<&str> = if chunk.name == KERNEL {
                CORE_NAMES.iter().copied().collect()
            } else {
                CORE_NAMES.iter().chain(KERNEL_NAMES).copied().collect()
            };
            let defined: BTreeSet<String> = if chunk.name == KERNEL { core_definitions() } else { defined.clone() };
            let used = identifiers(chunk.files);
            // A chunk's own definitions may shadow a core name (a local `c`): those are
            // fine where the chunk defines them; only a name neither given nor defined
            // here is a reference that would miss at run time.
            let own = identifiers_defined(chunk.files);
            let missing: Vec<&String> = used
                .iter()
                .filter(|name| defined.contains(*name) && !given.contains(name.as_str()) && !own.contains(*name))
                .collect();
            assert!(missing.is_empty(), "chunk {} uses core definitions it is not given: {missing:?}", chunk.name);
        }
    }

    /// Names `text` declares anywhere (`const x`, `let x`, `function x`, a method `x() {`;
    /// parameters aside).
    fn identifiers_defined(text: &str) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        for line in text.lines().map(str::trim_start) {
            let name: String = line.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
            if !name.is_empty() && line[name.len()..].starts_with('(') && line.contains(") {") {
                names.insert(name);
            }
        }
        for keyword in ["const ", "let ", "var ", "function "] {
            for piece in text.split(keyword).skip(1) {
                let name: String =
                    piece.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        }
        names
    }

    #[test]
    fn the_finder_sees_a_missing_import() {
        let used = identifiers("  const x = klass('Lock', {}); // once(\n  const s = 'hasOwn';\n");
        assert!(used.contains("klass") && used.contains("x"));
        assert!(!used.contains("once") && !used.contains("hasOwn"));
    }

    #[test]
    fn reads_become_getters_with_their_fields_named() {
        let text = field_readers();
        assert!(text.contains("    row() { return this._h.row; },\n"), "{text}");
        assert!(text.contains("    'Range.getLastRow'() { return this._h.row + this._h.num_rows - 1; },\n"), "{text}");
        // A nested field is read by `reader` (01_kernel.js), not here.
        assert!(!text.contains("sheet.sheet_id"), "{text}");
    }

    /// Whether a template literal or a string (continued with `\\`) is open at the end of
    /// `code`, read roughly: quotes, backticks and escapes, up to a `//` comment.
    fn literal_left_open(code: &str) -> bool {
        let mut open: Option<char> = None;
        let mut chars = code.chars().peekable();
        while let Some(ch) = chars.next() {
            match (open, ch) {
                // An escape: the guard takes the escaped character; none left is a `\\`
                // continuing the literal on the next line.
                (Some(_), '\\') if chars.next().is_none() => return true,
                (Some(quote), _) if ch == quote => open = None,
                (None, '\'' | '"' | '`') => open = Some(ch),
                (None, '/') if chars.peek() == Some(&'/') => break,
                _ => {}
            }
        }
        open == Some('`')
    }

    #[test]
    fn the_parsed_prelude_keeps_every_line_and_no_literal_spans_lines() {
        let parsed_parts = std::iter::once(core_to_parse()).chain((0..CHUNKS.len()).map(chunk_to_parse));
        for (text, parsed) in prelude().parts().zip(parsed_parts) {
            assert_eq!(text.lines().count(), parsed.lines().count());
            for (number, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                assert!(!literal_left_open(code), "line {}: {line}", number + 1);
                // A block comment left open would hide a `//` line that closes it.
                if let Some(open) = code.find("/*") {
                    assert!(code[open..].contains("*/"), "a block comment spans lines at line {}: {line}", number + 1);
                }
            }
        }
        assert_eq!(without_comments("  // why\n  const a = 1; // a\n\tb();\n"), "\nconst a = 1; // a\nb();\n");
        assert!(literal_left_open("  const t = `a ${b}") && literal_left_open("  const s = 'a\\"));
        assert!(!literal_left_open("  const t = `a` + \"`\"; // `"));
    }

    #[test]
    fn a_chunk_is_a_function_of_the_core_that_returns_its_exports() {
        let text = prelude().chunk("gmail").unwrap();
        assert!(text.starts_with("(function (core) { 'use strict'; const { global, call,"));
        assert!(!text.lines().next().unwrap().contains(" gmail,"), "a chunk does not import its own export");
        assert!(text.ends_with("  return { gmail };\n})\n"));
        // The core's object holds its own names; gas-engine puts the makers on it.
        let core = &prelude().core;
        assert!(core.contains(
            "  const core = { global, call, emit, catalogue, gap, hasOwn, classBuilt, clockNow, advancedOf };\n"
        ));
        assert!(core.contains("  global.__gas_chunk_makers(fromChunk, core);\n"));
    }

    #[test]
    fn the_globals_are_the_implemented_ones_then_the_catalogues_then_advanced_symbols() {
        let names = global_names("");
        let first: Vec<&str> = GLOBALS_FIRST.iter().map(|(name, _)| *name).collect();
        assert_eq!(names[..first.len()], first[..]);
        let catalogue: Vec<&str> = crate::catalogue::catalogue_globals().filter(|name| !first.contains(name)).collect();
        assert_eq!(names[first.len()..], catalogue[..], "the others in the catalogue's order, each once");
        for (late, _) in GLOBALS_IN_CATALOGUE_PLACE {
            assert!(catalogue.contains(late), "{late} keeps a place among the catalogue's");
        }
        // An advanced symbol no global has is added once, at the end; one a global has
        // keeps that global's place (its service wins when built: 02_globals.js).
        let with_advanced = global_names("Sheets=Sheets_v4.Sheets,DriveApp=Drive_v2.Drive,Zzz=!nosuch v1,Sheets=x");
        assert_eq!(with_advanced[..names.len()], names[..]);
        assert_eq!(with_advanced[names.len()..], ["Sheets", "Zzz"]);
    }

    #[test]
    fn the_kernel_makes_every_implemented_global() {
        let kernel = prelude().chunk(KERNEL).unwrap();
        for (name, made_by) in GLOBALS_FIRST.iter().chain(GLOBALS_IN_CATALOGUE_PLACE) {
            assert!(kernel.contains(&format!("    {name}: () => {made_by},\n")), "{name}");
        }
        assert!(!prelude().core.contains("sheetsService().SpreadsheetApp"), "the core only names the globals");
    }
}
