//! Compile once per worker thread, evaluate in every execution.
//!
//! Parsing and compiling a project costs far more than running a typical trigger, so
//! each thread keeps the compiled prelude and project files (a *template*) and binds
//! them to the realm of the template's live context (`Script::rebind`, a patch to the
//! vendored boa; see vendor/README.md and prepared.rs). Compiled code holds no realm
//! objects: functions, regexps and global bindings are created when a script is
//! evaluated, so every execution still starts from fresh globals, exactly as on the
//! platform.
//!
//! boa's GC heap is per thread, so templates are thread-local; a project's template is
//! keyed by `Project::sources_key`, so a mutant gets its own.

use std::cell::RefCell;
use std::mem::ManuallyDrop;
use std::path::Path;
use std::rc::Rc;

use boa_engine::ast::scope::Scope;
use boa_engine::{Context, JsError, Script, Source};

use crate::prepared::LiveContext;
use crate::project::Project;

pub const PRELUDE: &str = include_str!("js/prelude.js");
pub const PRELUDE_PATH: &str = "gas-sim:prelude.js";

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
    /// Keeps the compile-time realm (and so the shared scope's owner) alive.
    _context: Context,
    pub scope: Scope,
    /// The prelude first, then the project's files in platform order. Compilation stops
    /// at the first file that fails.
    pub files: Vec<CompiledFile>,
    /// The context this thread's executions of the project run in, between executions
    /// (taken out while one runs; none before the first or after a killed one).
    pub live: RefCell<Option<LiveContext>>,
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
const GC_THRESHOLD_BYTES: usize = 32 * 1024 * 1024;

fn compile(project: &Project) -> Result<Template, JsError> {
    boa_gc::set_collection_threshold(GC_THRESHOLD_BYTES);
    let mut context = Context::builder().build()?;
    let scope = context.realm().scope().clone();
    let mut files = Vec::with_capacity(project.files().len() + 1);
    let sources = std::iter::once((PRELUDE_PATH, PRELUDE))
        .chain(project.files().iter().map(|f| (f.name.as_str(), f.text.as_str())));
    for (name, text) in sources {
        let source = Source::from_bytes(text.as_bytes()).with_path(Path::new(name));
        let compiled = Script::parse(source, None, &mut context).and_then(|script| {
            script.codeblock(&mut context)?;
            Ok(script)
        });
        match compiled {
            Ok(script) => files.push(CompiledFile::Ready { name: name.to_string(), script }),
            Err(error) => {
                let last_line = text.lines().count().max(1) as u32;
                files.push(CompiledFile::Failed { name: name.to_string(), error, last_line });
                break;
            }
        }
    }
    Ok(Template { _context: context, scope, files, live: RefCell::new(None) })
}
