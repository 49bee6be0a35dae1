//! Compile once per worker thread, evaluate in every execution.
//!
//! Parsing and compiling a project costs far more than running a typical trigger, so
//! each thread keeps the compiled prelude core and project files (a *template*, with the
//! prelude's chunks compiled as executions first need them, prelude.rs) and binds
//! them to the realm of the template's live context (`Script::rebind`, a patch to the
//! vendored boa; see vendor/README.md and prepared.rs). Compiled code holds no realm
//! objects: functions, regexps and global bindings are created when a script is
//! evaluated, so every execution still starts from fresh globals, exactly as on the
//! platform.
//!
//! boa's GC heap is per thread, so templates are thread-local. A template is keyed by what
//! its files declare at the top level (declarations.rs), not by their text: versions of a
//! project that declare the same names (a mutation campaign's mutants) share one
//! template, its compiled prelude and its live context, and each keeps only its own
//! compiled files (a [`Version`]). A project whose files do not all parse, or redeclare a
//! name, gets a template of its own, keyed by its sources.

use std::cell::RefCell;
use std::mem::ManuallyDrop;
use std::path::Path;
use std::rc::Rc;

use boa_engine::ast::scope::Scope;
use boa_engine::{Context, JsError, JsNativeError, Script, Source};

use crate::declarations::Declarations;
use crate::prelude::{chunk_to_parse, core_to_parse, CHUNKS, PRELUDE_PATH};
use crate::prepared::LiveContext;
use crate::project::Project;
use crate::sandbox::NoModules;
use crate::stack::StackLimit;

/// Templates kept per thread; the least recently used goes first past this. Every
/// template is live heap that each collection marks (a compile-time realm, its builtins
/// left empty, and its live context once used), so keep few: a mutation campaign's
/// mutants share their project's template.
const TEMPLATES_PER_THREAD_MAX: usize = 3;

/// Versions kept per template; the oldest goes first past this (a campaign's workers run
/// one mutant at a time each, the original's version is compiled again when needed).
const VERSIONS_PER_TEMPLATE_MAX: usize = 4;

/// What a thread's templates are keyed by (see the module's comment). Two declaration
/// sets with the same 64-bit hash would share a key (as two texts would share a
/// `sources_key`); `compile_version`'s layout check catches a copy laid out otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TemplateKey {
    /// A hash of the file names, their declarations, the services they name and the
    /// advanced services: every version with these shares the template.
    Declarations(u64),
    /// `Project::sources_key`: this version alone.
    Sources(u64),
}

/// The key of `project`'s template, and what its files declare (worked out once per
/// project: `Project::template_key`).
pub(crate) fn template_key(project: &Project) -> (TemplateKey, Declarations) {
    let declarations = Declarations::of(project);
    if !declarations.shareable() {
        return (TemplateKey::Sources(project.sources_key()), declarations);
    }
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    project.files().iter().map(|file| &file.name).collect::<Vec<_>>().hash(&mut hasher);
    declarations.hash(&mut hasher);
    services_named(project).hash(&mut hasher);
    advanced_text(project).hash(&mut hasher);
    (TemplateKey::Declarations(hasher.finish()), declarations)
}

/// One compiled file, or the error that stopped its compilation.
#[derive(Clone)]
pub enum CompiledFile {
    Ready {
        name: String,
        script: Script,
    },
    /// `last_line` places an error that has no position (an abrupt end of input).
    Failed {
        name: String,
        error: JsError,
        last_line: u32,
    },
}

/// A project's files compiled for a template: one version of its sources.
pub struct Version {
    /// `Project::sources_key` of the sources compiled.
    pub sources_key: u64,
    /// The project's files in platform order. Compilation stops at the first file that
    /// fails.
    pub files: Vec<CompiledFile>,
    /// The text each of `files` was compiled from: a later version reuses a file whose
    /// text is the same.
    texts: Vec<String>,
}

pub struct Template {
    /// The compile-time realm (the shared scope's owner), where the prelude, its chunks
    /// and the first version compile. Built `compile_only`: nothing runs in it.
    compile_context: RefCell<Context>,
    pub scope: Scope,
    /// The prelude's core, compiled.
    pub core: Script,
    /// What the files declare, for a template versions share (`TemplateKey::Declarations`).
    declarations: Option<Declarations>,
    /// The versions compiled on this template, newest last.
    versions: RefCell<Vec<Rc<Version>>>,
    /// The prelude's chunks (prelude.rs, in `CHUNKS` order), each compiled the first time
    /// an execution of the project touches it.
    chunks: RefCell<Vec<Option<Script>>>,
    /// The service globals the project's files name (`services_named`), built in a live
    /// context before its snapshot.
    pub services_named: Vec<String>,
    /// The classes the project's code likely makes objects of (`classes_named`), their
    /// prototypes built in a live context before its snapshot.
    pub classes_named: String,
    /// The project's advanced services as the prelude reads them (`__gas_advanced`,
    /// 00_core.js): `symbol=Ns.Class` each, or `symbol=!serviceId version` for a
    /// service the catalogue does not hold; comma-separated.
    pub advanced: String,
    /// The context this thread's executions of the project run in, between executions
    /// (taken out while one runs; none before the first or after a killed one).
    pub live: RefCell<Option<LiveContext>>,
}

impl Template {
    /// The prelude's chunk `name` compiled, the first time on this template (it compiles
    /// against the project's global scope, as the core does). Not counted against the
    /// heap budget of the execution that first needs it: the code is kept for every later
    /// one, on whichever thread compiles it first.
    pub fn chunk(&self, name: &str) -> Result<Script, JsError> {
        let Some(index) = CHUNKS.iter().position(|chunk| chunk.name == name) else {
            return Err(JsNativeError::error().with_message(format!("gas-sim prelude: no chunk {name}")).into());
        };
        if let Some(script) = &self.chunks.borrow()[index] {
            return Ok(script.clone());
        }
        let script = boa_engine::heap_budget::uncounted(|| -> Result<Script, JsError> {
            let mut context = self.compile_context.borrow_mut();
            let source = Source::from_bytes(chunk_to_parse(index).as_bytes()).with_path(Path::new(PRELUDE_PATH));
            let script = parse_prelude(source, &mut context)?;
            script.codeblock(&mut context)?;
            Ok(script)
        })?;
        self.chunks.borrow_mut()[index] = Some(script.clone());
        Ok(script)
    }
}

/// This thread's templates, newest last.
type Templates = Vec<(TemplateKey, Rc<Template>)>;

/// What this thread has compiled and built so far (`compile_counts`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CompileCounts {
    /// Templates compiled: the prelude and a first version.
    pub templates: u64,
    /// Later versions compiled on a template (files of their own, the prelude shared).
    pub versions: u64,
    /// Live contexts built (a realm and the prelude evaluated in it).
    pub contexts: u64,
    /// Files a later version compiled (a file another version has is not compiled again).
    pub files: u64,
    /// Versions whose copy of the template's scope was laid out otherwise, compiled on a
    /// template of their own instead (never expected).
    pub layout_mismatches: u64,
    /// Class prototypes built (01_kernel.js, `lazyClass`): on an object's first use, and
    /// again after the realm restore that followed (prepared.rs, `keep_built`).
    pub prototypes: u64,
}

thread_local! {
    pub(crate) static COMPILE_COUNTS: std::cell::Cell<CompileCounts> = const {
        std::cell::Cell::new(CompileCounts {
            templates: 0,
            versions: 0,
            contexts: 0,
            files: 0,
            layout_mismatches: 0,
            prototypes: 0,
        })
    };
}

/// What this thread has compiled and built so far: tests check that versions of a
/// project share its template and context.
pub fn compile_counts() -> CompileCounts {
    COMPILE_COUNTS.with(std::cell::Cell::get)
}

/// Adds one to the count `field` picks.
pub(crate) fn count(field: fn(&mut CompileCounts) -> &mut u64) {
    COMPILE_COUNTS.with(|counts| {
        let mut now = counts.get();
        *field(&mut now) += 1;
        counts.set(now);
    });
}

thread_local! {
    // Never dropped: at thread exit boa's own thread-local GC heap may already be gone,
    // and dropping a Gc handle after it is a use-after-free. The heap's memory goes with
    // the thread either way.
    static TEMPLATES: ManuallyDrop<RefCell<Templates>> =
        const { ManuallyDrop::new(RefCell::new(Vec::new())) };
}

/// This thread's template of `project` and the project's version on it, each compiled
/// on first use.
pub fn template_for(project: &Project) -> Result<(Rc<Template>, Rc<Version>), JsError> {
    let key = project.template_key();
    if let Some(template) = newest_first(key) {
        if let Some(version) = template.version(project.sources_key()) {
            return Ok((template, version));
        }
        // A version whose copy of the scope was laid out differently (never expected; see
        // `compile_version`) has a template of its own, found before trying again.
        let own = TemplateKey::Sources(project.sources_key());
        if let Some(version) = newest_first(own).and_then(|own| own.version(project.sources_key()).map(|v| (own, v))) {
            return Ok(version);
        }
        if let Some(version) = compile_version(&template, project)? {
            return Ok((template, version));
        }
        count(|counts| &mut counts.layout_mismatches);
        return template_of_key(own, project);
    }
    template_of_key(key, project)
}

/// This thread's template under `key`, moved to be its newest (the oldest goes first).
fn newest_first(key: TemplateKey) -> Option<Rc<Template>> {
    TEMPLATES.with(|t| {
        let mut templates = t.borrow_mut();
        let index = templates.iter().position(|(k, _)| *k == key)?;
        let entry = templates.remove(index);
        let template = entry.1.clone();
        templates.push(entry);
        Some(template)
    })
}

/// A new template for `project` under `key`, kept as this thread's newest.
fn template_of_key(key: TemplateKey, project: &Project) -> Result<(Rc<Template>, Rc<Version>), JsError> {
    let template = Rc::new(compile(project, matches!(key, TemplateKey::Declarations(_)))?);
    count(|counts| &mut counts.templates);
    let version = template.versions.borrow()[0].clone();
    TEMPLATES.with(|t| {
        let mut templates = t.borrow_mut();
        templates.retain(|(k, _)| *k != key);
        if templates.len() >= TEMPLATES_PER_THREAD_MAX {
            templates.remove(0);
        }
        templates.push((key, template.clone()));
    });
    Ok((template, version))
}

impl Template {
    /// The version of these sources, if compiled on this template.
    fn version(&self, sources_key: u64) -> Option<Rc<Version>> {
        self.versions.borrow().iter().find(|version| version.sources_key == sources_key).cloned()
    }

    /// Keeps `version`, the oldest going first past `VERSIONS_PER_TEMPLATE_MAX`.
    fn keep_version(&self, version: Rc<Version>) {
        let mut versions = self.versions.borrow_mut();
        if versions.len() >= VERSIONS_PER_TEMPLATE_MAX {
            versions.remove(0);
        }
        versions.push(version);
    }
}

/// The collection threshold of a worker thread's heap: a safety net. Collections are
/// meant to happen between executions (`prepared::prepare_next`), off the path of the
/// execution that is running; this only stops a long execution from growing the heap
/// without bound. (At boa's default of 1 MiB a collection ran every execution or two and
/// marking the live templates took a third of the time.)
pub(crate) const GC_THRESHOLD_BYTES: usize = 32 * 1024 * 1024;

thread_local! {
    /// A compile's first steps, taken ahead on this thread (`prime_compiler`) for its next
    /// compile. Never dropped, as `TEMPLATES`: a thread that ends has no heap to drop it in.
    static PRIMED: ManuallyDrop<RefCell<Option<(Context, Script)>>> =
        const { ManuallyDrop::new(RefCell::new(None)) };
}

/// Takes the first steps of this thread's next compile now: they are the same for every
/// project (a compile-time context, the core parsed), and `gas-sim call` has its
/// execution thread take them while the main thread reads the command line and the
/// project (`stack::start_execution_thread`). The compile then goes on exactly as if it
/// had taken them itself.
pub fn prime_compiler() {
    let _stack_limit = StackLimit::from_here();
    if let Ok(started) = start_compile() {
        PRIMED.with(|primed| *primed.borrow_mut() = Some(started));
    }
}

/// A compile's first steps, which do not depend on the project: a compile-time context
/// and the core parsed in it.
fn start_compile() -> Result<(Context, Script), JsError> {
    boa_gc::set_collection_threshold(GC_THRESHOLD_BYTES);
    // Only a compile-time realm: its builtins are never run, so they are left empty
    // (vendored boa, `compile_only`, patch 0039): building them was about a tenth of a
    // `gas-sim call`'s page faults, and every collection marked them for as long as the
    // template lived.
    let mut context = Context::builder().module_loader(Rc::new(NoModules)).compile_only().build()?;
    let core_source = Source::from_bytes(core_to_parse().as_bytes()).with_path(Path::new(PRELUDE_PATH));
    let core = parse_prelude(core_source, &mut context)?;
    Ok((context, core))
}

/// Parses a text of the prelude (its core or a chunk) without boa's AST optimizer, which
/// a project's files keep: folding the prelude's few constant expressions saves nothing
/// measurable when it runs, and walking its whole tree for them was about a twelfth of
/// its parse, which every worker thread pays once per chunk.
fn parse_prelude<R: boa_engine::parser::source::ReadChar>(
    source: Source<'_, R>,
    context: &mut Context,
) -> Result<Script, JsError> {
    let options = context.optimizer_options();
    context.set_optimizer_options(boa_engine::optimizer::OptimizerOptions::empty());
    let parsed = Script::parse(source, None, context);
    context.set_optimizer_options(options);
    parsed
}

/// Parses every file, then compiles every file. Parsing declares a file's top-level
/// `let`/`const`/`class` in the shared global scope, and compiling resolves names against
/// it: a function in an early file that uses a constant declared in a later one (the
/// usual `Config.gs` after `Code.gs`) must find the global lexical binding, as in V8,
/// where all of a project's files share one global scope. `shared` keeps the files'
/// declarations for later versions (`compile_version`).
fn compile(project: &Project, shared: bool) -> Result<Template, JsError> {
    // Source nested past the stack limit fails to parse with a RangeError.
    let _stack_limit = StackLimit::from_here();
    let primed = PRIMED.with(|primed| primed.borrow_mut().take());
    let (mut context, core) = match primed {
        Some(started) => started,
        None => start_compile()?,
    };
    let scope = context.realm().scope().clone();
    let declarations = project.declarations().clone();
    // Files from the first redeclaration on are not compiled: with every file's names in
    // the shared scope, an earlier file's `var x` would be compiled against a later
    // file's `let x`.
    let redeclared = declarations.first_redeclaration();
    let loaded = redeclared.as_ref().map_or(project.files().len(), |(index, _)| *index);
    let mut parsed = Vec::with_capacity(loaded);
    let mut failed = None;
    for file in &project.files()[..loaded] {
        let source = Source::from_bytes(file.text.as_bytes()).with_path(Path::new(&file.name));
        match Script::parse(source, None, &mut context) {
            Ok(script) => parsed.push((file, script)),
            Err(error) => {
                failed = Some(failed_file(&file.name, &file.text, error));
                break;
            }
        }
    }
    core.codeblock(&mut context)?;
    let mut files = Vec::with_capacity(parsed.len() + 1);
    for (file, script) in parsed {
        match script.codeblock(&mut context) {
            Ok(_) => files.push(CompiledFile::Ready { name: file.name.clone(), script }),
            Err(error) => {
                failed = Some(failed_file(&file.name, &file.text, error));
                break;
            }
        }
    }
    if failed.is_none() {
        if let Some((index, name)) = redeclared {
            let file = &project.files()[index];
            // V8's text; the platform fails the execution when it loads this file.
            let error = JsNativeError::syntax().with_message(format!("Identifier '{name}' has already been declared"));
            let line = declaration_line(&file.text, &name);
            failed = Some(CompiledFile::Failed { name: file.name.clone(), error: error.into(), last_line: line });
        }
    }
    files.extend(failed);
    let texts = project.files().iter().take(files.len()).map(|file| file.text.clone()).collect();
    let version = Rc::new(Version { sources_key: project.sources_key(), files, texts });
    let services = services_named(project);
    Ok(Template {
        compile_context: RefCell::new(context),
        scope,
        core,
        declarations: shared.then_some(declarations),
        versions: RefCell::new(vec![version]),
        chunks: RefCell::new(CHUNKS.iter().map(|_| None).collect()),
        classes_named: classes_named(project, &services),
        services_named: services,
        advanced: advanced_text(project),
        live: RefCell::new(None),
    })
}

/// `project`'s files compiled for `template`, whose versions declare what `project`
/// declares (the same `TemplateKey::Declarations`): a file whose text an earlier version
/// has is taken from it; any other is parsed and compiled in a context of its own, on a
/// copy of the template's scope made by declaring the files' names in order (its own by
/// parsing it, which would refuse names already declared). The copy must lay the names
/// out as the template's scope does, since the code runs in realms built on that one;
/// `None` if it does not (never expected: the declarations are the same).
fn compile_version(template: &Template, project: &Project) -> Result<Option<Rc<Version>>, JsError> {
    let Some(declarations) = &template.declarations else {
        return Ok(None);
    };
    let _stack_limit = StackLimit::from_here();
    let versions = template.versions.borrow().clone();
    let mut files = Vec::with_capacity(project.files().len());
    for (index, file) in project.files().iter().enumerate() {
        let compiled_before = versions.iter().find_map(|version| {
            (version.texts.get(index) == Some(&file.text)).then(|| version.files.get(index)).flatten()
        });
        let compiled = match compiled_before {
            Some(compiled) => compiled.clone(),
            None => match compile_on_copy(template, declarations, project, index)? {
                Some(compiled) => compiled,
                None => return Ok(None),
            },
        };
        let stop = matches!(compiled, CompiledFile::Failed { .. });
        files.push(compiled);
        if stop {
            break;
        }
    }
    let texts = project.files().iter().take(files.len()).map(|file| file.text.clone()).collect();
    let version = Rc::new(Version { sources_key: project.sources_key(), files, texts });
    template.keep_version(version.clone());
    count(|counts| &mut counts.versions);
    Ok(Some(version))
}

/// File `index` of `project` compiled for `template` (see `compile_version`), in a context
/// of its own on a copy of the template's scope; `None` if the copy is laid out otherwise.
fn compile_on_copy(
    template: &Template,
    declarations: &Declarations,
    project: &Project,
    index: usize,
) -> Result<Option<CompiledFile>, JsError> {
    let file = &project.files()[index];
    let scope = Scope::new_global();
    if declarations.declare(0..index, &scope).is_err() {
        return Ok(None);
    }
    let mut context =
        Context::builder().module_loader(Rc::new(NoModules)).global_scope(scope.clone()).compile_only().build()?;
    // An identifier no script bound to the template's realms has (tagged templates are
    // cached by it).
    let identifier = template.compile_context.borrow_mut().next_parser_identifier();
    context.advance_parser_identifier_past(identifier - 1);
    count(|counts| &mut counts.files);
    let source = Source::from_bytes(file.text.as_bytes()).with_path(Path::new(&file.name));
    let script = match Script::parse(source, None, &mut context) {
        Ok(script) => script,
        Err(error) => return Ok(Some(failed_file(&file.name, &file.text, error))),
    };
    let declared = declarations.declare(index + 1..project.files().len(), &scope);
    if declared.is_err() || !declarations.same_layout(&template.scope, &scope) {
        return Ok(None);
    }
    if let Err(error) = script.codeblock(&mut context) {
        return Ok(Some(failed_file(&file.name, &file.text, error)));
    }
    // Bound to the template's compile-time realm, so that the version does not keep this
    // context's realm alive.
    let mut compile_context = template.compile_context.borrow_mut();
    let realm = compile_context.realm().clone();
    let script = script.rebind(realm, &mut compile_context)?;
    Ok(Some(CompiledFile::Ready { name: file.name.clone(), script }))
}

/// See [`Template::advanced`].
fn advanced_text(project: &Project) -> String {
    let entry = |service: &crate::AdvancedService| match service.class {
        Some(class) => format!("{}={class}", service.symbol),
        // The service's id and version only name it (the symbol is a gap naming itself,
        // 02_globals.js); a `,` or `=` in them would split the list elsewhere than the
        // prelude and `prelude::global_names` both expect.
        None => {
            let plain = |text: &str| text.replace([',', '='], " ");
            format!("{}=!{} {}", service.symbol, plain(&service.service_id), plain(&service.version))
        }
    };
    project.advanced_services().iter().map(entry).collect::<Vec<_>>().join(",")
}

/// The service globals (`catalogue::is_service_global`) that appear as a word anywhere in
/// the project's files, in order of first appearance. A live context builds these before
/// its snapshot, so that executions find them built instead of building each on first
/// touch and the realm being snapshot again after (prepared.rs, `keep_built_globals`). A
/// word in a comment or a string builds a service for nothing, and a name computed at run
/// time is built on first touch as before: no script can tell when a service was built.
fn services_named(project: &Project) -> Vec<String> {
    let mut named: Vec<String> = Vec::new();
    for word in project.files().iter().flat_map(|file| words(&file.text)) {
        let service = crate::catalogue::is_service_global(word)
            || project.advanced_services().iter().any(|s| s.symbol == word && s.class.is_some());
        if !word.is_empty() && service && !named.iter().any(|n| n == word) {
            named.push(word.to_string());
        }
    }
    named
}

/// A source's identifier-like words (and empty ones between separators).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
}

/// The classes (qualified, comma-separated) a script can reach from the service globals
/// `project`'s files name through methods whose names they contain: `SpreadsheetApp`,
/// `openById`, `getSheetByName` and `getRange` reach `Spreadsheet.Spreadsheet`, `Sheet`
/// and `Range`, each through a method of one reached before it. A live context builds
/// their prototypes before its snapshot, so that the executions that use them neither
/// build them nor leave the restore after them to build them again and take the snapshot
/// anew (about a tenth of a short scenario's time). Unobservable: a script reaches a class
/// only through its objects. A class named but never used costs one build per context;
/// one used but not named (an event's `e.range` alone), a build in the execution and one
/// after its restore. (Every method of the services' namespaces once counted, whatever
/// class it was of: `sort` and `find`, which arrays have too, built `Filter` and
/// `DeveloperMetadata` for the ledger fixture, which uses neither.)
fn classes_named(project: &Project, services: &[String]) -> String {
    if services.is_empty() {
        return String::new();
    }
    let catalogue = gas_platform::catalogue::catalogue();
    let words: std::collections::BTreeSet<&str> = project.files().iter().flat_map(|file| words(&file.text)).collect();
    let mut reached: std::collections::BTreeSet<&str> =
        services.iter().filter_map(|name| catalogue.global(name)).map(|global| global.class).collect();
    let mut to_visit: Vec<&str> = reached.iter().copied().collect();
    let mut classes = std::collections::BTreeSet::new();
    while let Some(name) = to_visit.pop() {
        let Some(class) = catalogue.class(name) else { continue };
        for method in class.methods.iter().filter(|m| words.contains(m.name)) {
            for overload in method.overloads {
                // `X|null` and `X[]` make objects of X (see catalogue.rs, `result_kind`).
                let returned = overload.returns.strip_suffix("|null").unwrap_or(overload.returns);
                if let Some(returned) = catalogue.class(returned.trim_end_matches("[]")).map(|c| c.name) {
                    classes.insert(returned);
                    if reached.insert(returned) {
                        to_visit.push(returned);
                    }
                }
            }
        }
    }
    classes.into_iter().collect::<Vec<_>>().join(",")
}

/// The first line that declares `name`, for the error's position (1 if none is found).
fn declaration_line(text: &str, name: &str) -> u32 {
    let declares = |line: &str| {
        let words: Vec<&str> = line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).collect();
        words
            .windows(2)
            .any(|pair| matches!(pair[0], "let" | "const" | "class" | "var" | "function") && pair[1] == name)
    };
    text.lines().position(declares).map_or(1, |index| index as u32 + 1)
}

fn failed_file(name: &str, text: &str, error: JsError) -> CompiledFile {
    let last_line = text.lines().count().max(1) as u32;
    CompiledFile::Failed { name: name.to_string(), error, last_line }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::SourceFile;

    /// The classes built with a live context are those reached from the globals the source
    /// names, each through a method of one reached before it: a method name that arrays
    /// share (`sort`, `find`) reaches no class the script cannot reach another way.
    #[test]
    fn the_classes_named_are_those_reached_from_the_globals_named() {
        let named = |text: &str| {
            let project = Project::from_sources("UTC", vec![SourceFile { name: "Code.gs".into(), text: text.into() }]);
            classes_named(&project, &services_named(&project))
        };
        let ledger = "function f() { const sheet = SpreadsheetApp.openById('x').getSheetByName('ledger');\n\
                      const rows = sheet.getDataRange().getValues().sort(); return rows.find((r) => r[0]); }";
        assert_eq!(named(ledger), "Spreadsheet.Range,Spreadsheet.Sheet,Spreadsheet.Spreadsheet");
        // Filter only through a Range (`getFilter`), once `sort` is on one.
        let filter = "function f() { return SpreadsheetApp.getActiveRange().getFilter().sort(1, true); }";
        assert_eq!(named(filter), "Spreadsheet.Filter,Spreadsheet.Range");
        assert_eq!(named("function f() { return getRange().sort(); }"), "", "no service global named");
        assert_eq!(named("function f() { return LockService.getScriptLock(); }"), "Lock.Lock");
    }

    /// `prime_compiler`'s head start is used by the thread's next compile, once, and the
    /// files compile against each other as without it (a constant of a later file).
    #[test]
    fn a_primed_compile_is_taken_by_the_next_compile_only() {
        let files = vec![
            SourceFile { name: "Code.gs".into(), text: "function main() { return LIMIT + 1; }".into() },
            SourceFile { name: "Config.gs".into(), text: "const LIMIT = 41;".into() },
        ];
        let project = Project::from_sources("UTC", files);
        // A thread of its own: the templates and the head start are per thread.
        std::thread::spawn(move || {
            prime_compiler();
            assert!(PRIMED.with(|primed| primed.borrow().is_some()), "primed");
            let (_, version) = template_for(&project).expect("the project compiles");
            assert!(matches!(version.files.as_slice(), [CompiledFile::Ready { .. }, CompiledFile::Ready { .. }]));
            assert!(PRIMED.with(|primed| primed.borrow().is_none()), "the compile took the head start");
            // Another project's compile on this thread starts from nothing, and compiles.
            let other = Project::from_sources(
                "UTC",
                vec![SourceFile { name: "Code.gs".into(), text: "function f() {}".into() }],
            );
            assert!(template_for(&other).is_ok());
        })
        .join()
        .expect("the thread compiles");
    }

    /// A template's compile-time realm is built `compile_only` (vendored boa, patch 0039):
    /// nothing runs in it, so its builtins stay empty, while the code it compiled runs.
    #[test]
    fn a_template_compiles_in_a_realm_without_builtins() {
        let text = "function main() { return [1, 2].length; }".to_string();
        let project = Project::from_sources("UTC", vec![SourceFile { name: "Code.gs".into(), text }]);
        let (template, version) = template_for(&project).expect("the project compiles");
        assert!(matches!(version.files.as_slice(), [CompiledFile::Ready { .. }]));
        let context = &mut *template.compile_context.borrow_mut();
        let global = context.global_object();
        for builtin in ["Array", "Object", "Math"] {
            let defined = global.has_own_property(boa_engine::js_string!(builtin), context).expect("a lookup");
            assert!(!defined, "the compile-time realm defines {builtin}");
        }
    }
}
