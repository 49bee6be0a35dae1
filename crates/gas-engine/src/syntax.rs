//! A syntax check without running anything: the mutation campaign keeps only mutants
//! that still parse.

use boa_engine::ast::scope::Scope;
use boa_engine::ast::Script;
use boa_engine::interner::Interner;
use boa_engine::parser::Parser;
use boa_engine::Source;

/// Parses `text` as a classic script (as the platform loads a `.gs` file). `Err` holds
/// boa's message, which includes the line and column.
pub fn check_syntax(text: &str) -> Result<(), String> {
    let _stack_limit = crate::stack::StackLimit::from_here();
    parse_alone(text, &mut Interner::default()).map(|_| ()).map_err(|e| e.to_string())
}

/// `text` parsed as a script on its own (its own global scope, nothing declared), with
/// names interned in `interner`.
pub(crate) fn parse_alone(text: &str, interner: &mut Interner) -> Result<Script, boa_engine::parser::Error> {
    Parser::new(Source::from_bytes(text.as_bytes())).parse_script(&Scope::new_global(), interner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_scripts_and_rejects_broken_ones() {
        assert!(check_syntax("function f(a) { return a === 1 ? [a] : {b: /x+/g}; }").is_ok());
        assert!(check_syntax("let x = ;").is_err());
        assert!(check_syntax("if (a) { ").is_err());
    }
}
