//! What a script can reach outside its realm: nothing. Apps Script has no modules (a
//! project is one global scope of classic scripts), so every `import()` is refused here,
//! before boa looks at the specifier: the fallback boa would otherwise use reads files
//! from the current directory (vendor patch 0015 removes that fallback too).

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::module::{ModuleLoader, ModuleRequest, Referrer};
use boa_engine::{js_string, Context, JsNativeError, JsResult, Module};

/// What a dynamic `import()` rejects with. V8 rejects with `Error: Not supported` when
/// its embedder installs no dynamic-import callback (`Isolate::RunHostImportModuleDynamicallyCallback`,
/// `MessageTemplate::kUnsupported`); Apps Script's exact text is not documented (assumed).
pub const DYNAMIC_IMPORT_MESSAGE: &str = "Not supported";

/// The module loader of every context gas-sim builds: it loads nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoModules;

impl ModuleLoader for NoModules {
    async fn load_imported_module(
        self: Rc<Self>,
        _referrer: Referrer,
        _request: ModuleRequest,
        _context: &RefCell<&mut Context>,
    ) -> JsResult<Module> {
        Err(JsNativeError::error().with_message(DYNAMIC_IMPORT_MESSAGE).into())
    }
}

/// Deletes the builtins that would outlive or stall an execution. `Atomics.waitAsync`
/// registers its waiter in boa's process-wide futex list (holding the buffer for ever when
/// nothing notifies it, and nothing can: an execution is the only agent) and, with a
/// timeout, queues a clock job that the job loop spins on, since virtual time does not
/// move while promise jobs run: `Atomics.waitAsync(ia, 0, 0, 1000)` hung the worker.
/// (`Atomics.wait` stays: boa refuses it with a TypeError, as the context cannot block.)
pub(crate) fn remove_unbounded_builtins(context: &mut Context) -> JsResult<()> {
    let atomics = context.global_object().get(js_string!("Atomics"), context)?;
    if let Some(atomics) = atomics.as_object() {
        atomics.delete_property_or_throw(js_string!("waitAsync"), context)?;
    }
    Ok(())
}
