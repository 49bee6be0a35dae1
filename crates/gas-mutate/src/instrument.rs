//! Coverage probes: which blocks of the original code a scenario run reached.
//!
//! [`instrument`] inserts `__gas_probe(id);` right after the `{` of every statement
//! block (function, method and arrow bodies, if/else/loop/try/catch/finally bodies,
//! bare blocks; not object literals, class bodies or switch bodies). Nothing else
//! changes and no line break is added, so every line number (and so every error and
//! stack position) stays the original's. The runner defines `__gas_probe` and records
//! the ids; [`covering_block`] maps a mutant to the innermost block holding it.
//!
//! Ids are `file_index * 100_000 + ordinal` (ordinal from 0 in source order), so they are
//! unique across a project's files without the caller offsetting them.

use crate::tokens::{tokenize, BraceKind, TokenKind};

/// The probe function the instrumented code calls.
pub const PROBE_FUNCTION: &str = "__gas_probe";

/// Blocks per file: ids of file `i` are `i * BLOCKS_PER_FILE_MAX ..`.
pub const BLOCKS_PER_FILE_MAX: u32 = 100_000;

/// A block of the original text: `start_byte..end_byte` covers its `{` through `}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockRegion {
    pub id: u32,
    pub start_byte: usize,
    pub end_byte: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instrumented {
    pub text: String,
    /// In source order of their `{`.
    pub blocks: Vec<BlockRegion>,
}

/// `text` with a probe in every statement block. Panics past [`BLOCKS_PER_FILE_MAX`]
/// blocks in one file (ids would collide with the next file's).
pub fn instrument(text: &str, file_index: u32) -> Instrumented {
    let t = tokenize(text);
    let mut blocks = Vec::new();
    let mut inserts: Vec<(usize, String)> = Vec::new();
    for i in 0..t.tokens.len() {
        if !t.is_punct(i, "{") || t.brace_kind(i) != Some(BraceKind::Block) {
            continue;
        }
        let Some(close) = t.tokens[i].partner else { continue };
        let ordinal = blocks.len() as u32;
        assert!(ordinal < BLOCKS_PER_FILE_MAX, "more than {BLOCKS_PER_FILE_MAX} blocks in one file");
        let id = file_index * BLOCKS_PER_FILE_MAX + ordinal;
        blocks.push(BlockRegion { id, start_byte: t.tokens[i].start, end_byte: t.tokens[close].end });
        // After the directive prologue ('use strict'; ...), so that a strict function
        // stays strict: a directive must come first in its body.
        let mut at = t.tokens[i].end;
        // A directive ended by a line break needs its `;` before the probe.
        let mut terminate = false;
        let mut j = i + 1;
        while t.tokens.get(j).is_some_and(|d| d.kind == TokenKind::Str) {
            if t.is_punct(j + 1, ";") {
                at = t.tokens[j + 1].end;
                terminate = false;
                j += 2;
            } else if t.is_punct(j + 1, "}")
                || t.tokens.get(j + 1).is_some_and(|n| n.newline_before && n.kind != TokenKind::Punct)
            {
                at = t.tokens[j].end;
                terminate = true;
                j += 1;
            } else {
                break;
            }
        }
        let separator = if terminate { ";" } else { "" };
        inserts.push((at, format!("{separator}{PROBE_FUNCTION}({id});")));
    }
    let mut out = String::with_capacity(text.len() + inserts.len() * 24);
    let mut copied = 0;
    for (at, probe) in inserts {
        out.push_str(&text[copied..at]);
        out.push_str(&probe);
        copied = at;
    }
    out.push_str(&text[copied..]);
    // The tokenizer's block/object-literal call is a heuristic (destructuring patterns,
    // `a ? f : {b: 1}`); a probe in the wrong place would not parse. Then the file gets
    // no probes at all, and every mutant in it counts as reached by every run (it is
    // judged on all of them, never wrongly called NoCoverage).
    if gas_engine::check_syntax(&out).is_err() && gas_engine::check_syntax(text).is_ok() {
        return Instrumented { text: text.to_string(), blocks: Vec::new() };
    }
    Instrumented { text: out, blocks }
}

/// The innermost block holding all of `start_byte..end_byte`; None for top-level code
/// (run whenever the file loads).
pub fn covering_block(blocks: &[BlockRegion], start_byte: usize, end_byte: usize) -> Option<u32> {
    blocks
        .iter()
        .filter(|b| b.start_byte <= start_byte && end_byte <= b.end_byte)
        .min_by_key(|b| b.end_byte - b.start_byte)
        .map(|b| b.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destructuring_odd_strings_and_prologues_keep_the_program_as_it_was() {
        for source in [
            "const {a, b} = o;\nfor (const {c} of list) { f(c); }\nvar {d = {}} = o;",
            "var x = a ? function () { return 1; } : {b: 1};",
            "function f() { 'use strict'\n  return this; }",
            "function g() { 'use asm'; 'use strict'; return this; }",
        ] {
            let done = instrument(source, 0);
            assert!(gas_engine::check_syntax(&done.text).is_ok(), "{source}\n=> {}", done.text);
        }
        let strict = instrument("function f() { 'use strict'\n  return this; }", 0).text;
        assert!(strict.starts_with("function f() { 'use strict';__gas_probe(0);"), "{strict}");
        let both = instrument("function g() { 'use asm'; 'use strict'; return 1; }", 0).text;
        assert!(both.contains("'use strict';__gas_probe(0);"), "{both}");
        // A broken file does not panic: the baseline reports its syntax error.
        for broken in ["function f() { \"\n}", "function f() { 'é\n}"] {
            let _ = instrument(broken, 0);
        }
    }

    #[test]
    fn probes_every_statement_block_and_nothing_else() {
        let src = "const o = {a: 1};\nfunction f(x) {\n  if (x) { return [x]; } else {}\n  return () => { 'use strict'; g({b: 2}); };\n}\nclass C { m() { switch (1) { case 1: {} } } }";
        let out = instrument(src, 2);
        assert_eq!(
            out.text,
            "const o = {a: 1};\nfunction f(x) {__gas_probe(200000);\n  if (x) {__gas_probe(200001); return [x]; } else {__gas_probe(200002);}\n  return () => { 'use strict';__gas_probe(200003); g({b: 2}); };\n}\nclass C { m() {__gas_probe(200004); switch (1) { case 1: {__gas_probe(200005);} } } }"
        );
        assert_eq!(&src[out.blocks[1].start_byte..out.blocks[1].end_byte], "{ return [x]; }");
        let inner = src.find("[x]").unwrap();
        assert_eq!(covering_block(&out.blocks, inner, inner + 3), Some(200001));
        let cond = src.find("if (x)").unwrap() + 3;
        assert_eq!(covering_block(&out.blocks, cond, cond + 3), Some(200000));
        assert_eq!(covering_block(&out.blocks, 10, 16), None);
        assert!(gas_engine::check_syntax(&out.text).is_ok());
    }

    #[test]
    fn fixtures_stay_valid_with_the_same_lines() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut checked = 0;
        for dir in std::fs::read_dir(root).unwrap() {
            let dir = dir.unwrap().path();
            if !dir.is_dir() {
                continue;
            }
            for f in std::fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_none_or(|e| e != "gs") {
                    continue;
                }
                let src = std::fs::read_to_string(&f).unwrap();
                let out = instrument(&src, 1);
                assert!(!out.blocks.is_empty(), "{}", f.display());
                assert_eq!(out.text.lines().count(), src.lines().count(), "{}", f.display());
                if let Err(e) = gas_engine::check_syntax(&out.text) {
                    panic!("{}: {e}\n{}", f.display(), out.text);
                }
                checked += 1;
            }
        }
        assert!(checked >= 10);
    }
}
