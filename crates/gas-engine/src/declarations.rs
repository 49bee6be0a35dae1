//! What a project's files declare at their top level: the one thing the compiled code
//! of a file depends on in the other files.
//!
//! A project's files share one global scope. Parsing a file declares its top-level
//! `let`, `const` and `class` names there (boa_ast's GlobalDeclarationInstantiation, in
//! statement order), and compiling resolves every name against it: a name the scope
//! holds is a slot of the global environment, any other a property of the global object.
//! So two versions of a project whose files declare the same names, of the same kinds, in
//! the same order, compile to code for the same scope layout, and can share one template
//! and one live context (compiled.rs): a mutation campaign's mutants change expressions,
//! not declarations, so a mutant needs neither its own prelude nor its own realm.
//!
//! Not here: what the names hold (that is evaluation, every execution), or the prelude's
//! own names (its core and chunks are expressions and declare nothing).

use std::collections::BTreeSet;
use std::ops::Range;

use boa_engine::ast::declaration::{Declaration, LexicalDeclaration};
use boa_engine::ast::operations::{bound_names, lexically_declared_names, var_declared_names};
use boa_engine::ast::scope::Scope;
use boa_engine::ast::StatementListItem;
use boa_engine::interner::Interner;
use boa_engine::parser::Parser;
use boa_engine::{JsString, Source};

use crate::project::Project;
use crate::syntax::parse_alone;

/// How a top-level lexical name is declared: `const` makes an immutable binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum LexicalKind {
    Let,
    Const,
    Class,
}

/// One file's top-level declarations.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct FileDeclarations {
    /// `let`, `const` and `class` names in the order parsing declares them.
    lexical: Vec<(LexicalKind, String)>,
    /// `var` and function names: properties of the global object, not in the scope;
    /// kept because a clash with a lexical name fails the file (`first_redeclaration`).
    vars: BTreeSet<String>,
}

/// The top-level declarations of a project's files, in platform order, up to the first
/// file that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Declarations {
    files: Vec<FileDeclarations>,
    /// Whether every file parsed and each declaration's kind is known (else `files`
    /// stops before the first file where either failed).
    all_parsed: bool,
}

impl Declarations {
    /// Parses each file on its own (a fresh scope each) for its declarations.
    pub(crate) fn of(project: &Project) -> Declarations {
        // Source nested past the stack limit fails to parse with a RangeError.
        let _stack_limit = crate::stack::StackLimit::from_here();
        let mut interner = Interner::default();
        let mut files = Vec::with_capacity(project.files().len());
        for file in project.files() {
            let Ok(parsed) = parse_alone(&file.text, &mut interner) else {
                return Declarations { files, all_parsed: false };
            };
            let name_of = |sym| interner.resolve_expect(sym).to_string();
            let mut lexical = Vec::new();
            for item in parsed.statements().statements() {
                let StatementListItem::Declaration(declaration) = item else { continue };
                let (kind, names) = match declaration.as_ref() {
                    Declaration::ClassDeclaration(class) => (LexicalKind::Class, bound_names(class.as_ref())),
                    Declaration::Lexical(LexicalDeclaration::Let(list)) => (LexicalKind::Let, bound_names(list)),
                    Declaration::Lexical(LexicalDeclaration::Const(list)) => (LexicalKind::Const, bound_names(list)),
                    _ => continue,
                };
                lexical.extend(names.into_iter().map(|sym| (kind, name_of(sym))));
            }
            // Every lexically declared name has a kind above; a kind of declaration this
            // list does not know would go unkeyed, so such a project shares nothing.
            if lexical.len() != lexically_declared_names(&parsed).len() {
                return Declarations { files, all_parsed: false };
            }
            let vars = var_declared_names(&parsed).into_iter().map(name_of).collect();
            files.push(FileDeclarations { lexical, vars });
        }
        Declarations { files, all_parsed: true }
    }

    /// Whether every file parsed and none redeclares another's name: the projects whose
    /// versions can share a template.
    pub(crate) fn shareable(&self) -> bool {
        self.all_parsed && self.first_redeclaration().is_none()
    }

    /// The first file (its index) that declares a top-level `let`/`const`/`class` whose
    /// name an earlier file declared, or a `var`/function whose name an earlier file
    /// declared with `let`/`const`/`class`, and that name. V8 rejects such a file when it
    /// loads it. A file that does not parse ends the search: compilation stops there.
    pub(crate) fn first_redeclaration(&self) -> Option<(usize, String)> {
        let mut var_names = BTreeSet::new();
        let mut lexical_names = BTreeSet::new();
        for (index, file) in self.files.iter().enumerate() {
            let lexical: BTreeSet<&String> = file.lexical.iter().map(|(_, name)| name).collect();
            let clash = lexical
                .iter()
                .find(|name| var_names.contains(**name) || lexical_names.contains(**name))
                .map(|name| (*name).clone())
                .or_else(|| file.vars.iter().find(|name| lexical_names.contains(name)).cloned());
            if let Some(name) = clash {
                return Some((index, name));
            }
            lexical_names.extend(lexical);
            var_names.extend(file.vars.iter());
        }
        None
    }

    /// Declares in `scope` the lexical names of the files in `files`, as parsing them
    /// declares them: by parsing a stub that declares the same names in the same order
    /// (`let a; const b = 0; class C {}`), since only parsing declares a `const`.
    pub(crate) fn declare(&self, files: Range<usize>, scope: &Scope) -> Result<(), String> {
        let Some(files) = self.files.get(files) else {
            return Err("no such files".into());
        };
        let mut stub = String::new();
        for (kind, name) in files.iter().flat_map(|file| &file.lexical) {
            match kind {
                LexicalKind::Let => stub.push_str(&format!("let {name};\n")),
                LexicalKind::Const => stub.push_str(&format!("const {name} = 0;\n")),
                LexicalKind::Class => stub.push_str(&format!("class {name} {{}}\n")),
            }
        }
        Parser::new(Source::from_bytes(stub.as_bytes()))
            .parse_script(scope, &mut Interner::default())
            .map(drop)
            .map_err(|error| error.to_string())
    }

    /// Whether `copy` holds every declared name in the slot `original` holds it in, as
    /// mutable or not alike, and no other binding: code compiled against one runs in a
    /// realm built on the other.
    pub(crate) fn same_layout(&self, original: &Scope, copy: &Scope) -> bool {
        let slot = |scope: &Scope, name: &JsString| {
            scope.get_binding(name).map(|locator| (locator.binding_index(), scope.is_binding_mutable(name)))
        };
        original.num_bindings() == copy.num_bindings()
            && self.files.iter().flat_map(|file| &file.lexical).all(|(_, name)| {
                let name = JsString::from(name.as_str());
                slot(original, &name).is_some() && slot(original, &name) == slot(copy, &name)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::SourceFile;

    fn project(files: &[(&str, &str)]) -> Project {
        let files = files.iter().map(|(name, text)| SourceFile { name: name.to_string(), text: text.to_string() });
        Project::from_sources("UTC", files.collect())
    }

    #[test]
    fn a_changed_expression_keeps_the_declarations_and_a_changed_kind_does_not() {
        let original = Declarations::of(&project(&[("a.gs", "const N = 3;\nfunction f() { return N + 1; }")]));
        let mutant = Declarations::of(&project(&[("a.gs", "const N = 3;\nfunction f() { return N - 1; }")]));
        let kind = Declarations::of(&project(&[("a.gs", "let N = 3;\nfunction f() { return N + 1; }")]));
        let extra = Declarations::of(&project(&[("a.gs", "const N = 3, M = 4;\nfunction f() { return N; }")]));
        assert_eq!(original, mutant);
        assert_ne!(original, kind);
        assert_ne!(original, extra);
        assert!(original.shareable());
    }

    #[test]
    fn a_file_that_does_not_parse_or_redeclares_is_not_shareable() {
        let broken = Declarations::of(&project(&[("a.gs", "const N = 3;"), ("b.gs", "let = ;")]));
        assert!(!broken.shareable());
        let clash = Declarations::of(&project(&[("a.gs", "var N = 1;"), ("b.gs", "const N = 2;")]));
        assert_eq!(clash.first_redeclaration(), Some((1, "N".to_string())));
        assert!(!clash.shareable());
        let lexical_then_var = Declarations::of(&project(&[("a.gs", "class C {}"), ("b.gs", "function C() {}")]));
        assert_eq!(lexical_then_var.first_redeclaration(), Some((1, "C".to_string())));
    }

    #[test]
    fn declaring_by_a_stub_gives_the_layout_parsing_gives_and_another_order_another() {
        let declarations =
            Declarations::of(&project(&[("a.gs", "const A = 1; let B = 2;"), ("b.gs", "class C {} const D = 4;")]));
        let parsed = Scope::new_global();
        let mut interner = Interner::default();
        for file in ["const A = 1; let B = 2;", "class C {} const D = 4;"] {
            Parser::new(Source::from_bytes(file.as_bytes())).parse_script(&parsed, &mut interner).unwrap();
        }
        let copy = Scope::new_global();
        declarations.declare(0..1, &copy).unwrap();
        declarations.declare(1..2, &copy).unwrap();
        assert!(declarations.same_layout(&parsed, &copy));
        assert_eq!(parsed.is_binding_mutable(&JsString::from("A")), Some(false), "const is immutable");
        assert_eq!(parsed.is_binding_mutable(&JsString::from("C")), Some(true));
        let reordered = Scope::new_global();
        declarations.declare(1..2, &reordered).unwrap();
        declarations.declare(0..1, &reordered).unwrap();
        assert!(!declarations.same_layout(&parsed, &reordered));
    }
}
