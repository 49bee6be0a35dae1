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
//! boa's GC heap is per thread, so templates are thread-local; a project's template is
//! keyed by `Project::sources_key`, so a mutant gets its own.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::mem::ManuallyDrop;
use std::path::Path;
use std::rc::Rc;

use boa_engine::ast::operations::{lexically_declared_names, var_declared_names};
use boa_engine::ast::scope::Scope;
use boa_engine::interner::Interner;
use boa_engine::{Context, JsError, JsNativeError, Script, Source};

use crate::prelude::{prelude, CHUNKS, PRELUDE_PATH};
use crate::prepared::LiveContext;
use crate::project::Project;
use crate::sandbox::NoModules;
use crate::stack::StackLimit;
use crate::syntax::parse_alone;

/// Templates kept per thread; the oldest goes first past this. A mutation campaign walks
/// through many project versions but runs one mutant at a time; every template is live
/// heap that each collection marks (a compile-time realm, and its live context once used),
/// so keep few: the campaign took the same time with 3 as with 8, in 177 MB instead of
/// 257 MB (measured before live contexts existed).
const TEMPLATES_PER_THREAD_MAX: usize = 3;

/// One compiled file, or the error that stopped its compilation.
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

pub struct Template {
    /// The compile-time realm (the shared scope's owner), where chunks compile.
    compile_context: RefCell<Context>,
    pub scope: Scope,
    /// The prelude's core first, then the project's files in platform order. Compilation
    /// stops at the first file that fails.
    pub files: Vec<CompiledFile>,
    /// The prelude's chunks (prelude.rs, in `CHUNKS` order), each compiled the first time
    /// an execution of the project touches it.
    chunks: RefCell<Vec<Option<Script>>>,
    /// The service globals the project's files name (`services_named`), built in a live
    /// context before its snapshot.
    pub services_named: Vec<String>,
    /// The project's advanced services as the prelude reads them (`__gas_advanced`,
    /// 99_globals.js): `symbol=Ns.Class` each, or `symbol=!serviceId version` for a
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
            let source = Source::from_bytes(prelude().chunks[index].as_bytes()).with_path(Path::new(PRELUDE_PATH));
            let script = Script::parse(source, None, &mut context)?;
            script.codeblock(&mut context)?;
            Ok(script)
        })?;
        self.chunks.borrow_mut()[index] = Some(script.clone());
        Ok(script)
    }
}

/// This thread's templates, newest last, keyed by `Project::sources_key`.
type Templates = Vec<(u64, Rc<Template>)>;

thread_local! {
    // Never dropped: at thread exit boa's own thread-local GC heap may already be gone,
    // and dropping a Gc handle after it is a use-after-free. The heap's memory goes with
    // the thread either way.
    static TEMPLATES: ManuallyDrop<RefCell<Templates>> =
        const { ManuallyDrop::new(RefCell::new(Vec::new())) };
}

/// This thread's template of `project`, compiled on first use.
pub fn template_for(project: &Project) -> Result<Rc<Template>, JsError> {
    let key = project.sources_key();
    if let Some(found) = TEMPLATES.with(|t| t.borrow().iter().find(|(k, _)| *k == key).map(|(_, t)| t.clone())) {
        return Ok(found);
    }
    let template = Rc::new(compile(project)?);
    TEMPLATES.with(|t| {
        let mut templates = t.borrow_mut();
        if templates.len() >= TEMPLATES_PER_THREAD_MAX {
            templates.remove(0);
        }
        templates.push((key, template.clone()));
    });
    Ok(template)
}

/// The collection threshold of a worker thread's heap: a safety net. Collections are
/// meant to happen between executions (`prepared::prepare_next`), off the path of the
/// execution that is running; this only stops a long execution from growing the heap
/// without bound. (At boa's default of 1 MiB a collection ran every execution or two and
/// marking the live templates took a third of the time.)
pub(crate) const GC_THRESHOLD_BYTES: usize = 32 * 1024 * 1024;

/// Parses every file, then compiles every file. Parsing declares a file's top-level
/// `let`/`const`/`class` in the shared global scope, and compiling resolves names against
/// it: a function in an early file that uses a constant declared in a later one (the
/// usual `Config.gs` after `Code.gs`) must find the global lexical binding, as in V8,
/// where all of a project's files share one global scope.
fn compile(project: &Project) -> Result<Template, JsError> {
    // Source nested past the stack limit fails to parse with a RangeError.
    let _stack_limit = StackLimit::from_here();
    boa_gc::set_collection_threshold(GC_THRESHOLD_BYTES);
    let mut context = Context::builder().module_loader(Rc::new(NoModules)).build()?;
    let scope = context.realm().scope().clone();
    // Files from the first redeclaration on are not compiled: with every file's names in
    // the shared scope, an earlier file's `var x` would be compiled against a later
    // file's `let x`.
    let redeclared = first_redeclaration(project);
    let loaded = redeclared.as_ref().map_or(project.files().len(), |(index, _)| *index);
    let sources = std::iter::once((PRELUDE_PATH, prelude().core.as_str()))
        .chain(project.files()[..loaded].iter().map(|f| (f.name.as_str(), f.text.as_str())));
    let mut parsed = Vec::with_capacity(project.files().len() + 1);
    let mut failed = None;
    for (name, text) in sources {
        let source = Source::from_bytes(text.as_bytes()).with_path(Path::new(name));
        match Script::parse(source, None, &mut context) {
            Ok(script) => parsed.push((name, text, script)),
            Err(error) => {
                failed = Some(failed_file(name, text, error));
                break;
            }
        }
    }
    let mut files = Vec::with_capacity(parsed.len() + 1);
    for (name, text, script) in parsed {
        match script.codeblock(&mut context) {
            Ok(_) => files.push(CompiledFile::Ready { name: name.to_string(), script }),
            Err(error) => {
                failed = Some(failed_file(name, text, error));
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
    Ok(Template {
        compile_context: RefCell::new(context),
        scope,
        files,
        chunks: RefCell::new(CHUNKS.iter().map(|_| None).collect()),
        services_named: services_named(project),
        advanced: advanced_text(project),
        live: RefCell::new(None),
    })
}

/// See [`Template::advanced`].
fn advanced_text(project: &Project) -> String {
    let entry = |service: &crate::AdvancedService| match service.class {
        Some(class) => format!("{}={class}", service.symbol),
        None => format!("{}=!{} {}", service.symbol, service.service_id, service.version),
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
    for file in project.files() {
        let words = file.text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'));
        for word in words {
            let service = crate::catalogue::is_service_global(word)
                || project.advanced_services().iter().any(|s| s.symbol == word && s.class.is_some());
            if !word.is_empty() && service && !named.iter().any(|n| n == word) {
                named.push(word.to_string());
            }
        }
    }
    named
}

/// The first file (its index) that declares a top-level `let`/`const`/`class` whose name
/// an earlier file declared, or a `var`/function whose name an earlier file declared with
/// `let`/`const`/`class`, and that name. V8 rejects such a file when it loads it.
fn first_redeclaration(project: &Project) -> Option<(usize, String)> {
    let mut interner = Interner::default();
    let mut var_names = BTreeSet::new();
    let mut lexical_names = BTreeSet::new();
    for (index, file) in project.files().iter().enumerate() {
        // A file that does not parse ends the search: compilation stops there anyway.
        let parsed = parse_alone(&file.text, &mut interner).ok()?;
        let name_of = |sym| interner.resolve_expect(sym).to_string();
        let lexical: BTreeSet<String> = lexically_declared_names(&parsed).into_iter().map(name_of).collect();
        let vars: BTreeSet<String> = var_declared_names(&parsed).into_iter().map(name_of).collect();
        let clash = lexical
            .iter()
            .find(|name| var_names.contains(*name) || lexical_names.contains(*name))
            .or_else(|| vars.iter().find(|name| lexical_names.contains(*name)));
        if let Some(name) = clash {
            return Some((index, name.clone()));
        }
        lexical_names.extend(lexical);
        var_names.extend(vars);
    }
    None
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
