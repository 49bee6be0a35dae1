//! Versions of a project (a mutation campaign's mutants) that declare the same top-level
//! names share one template and one live context on a thread (compiled.rs,
//! declarations.rs): each runs its own code, in a realm as fresh as ever, and a version
//! that declares anything differently gets a template of its own.

use gas_engine::{compile_counts, CompileCounts, Project};
use serde_json::json;

use crate::support::{failure, new_world, project_of, result, run_spec, START_UTC_MS};

const RATES: &str = "function tag(strings) { return strings[0]; }\n\
                     const RATE = 3;\nlet runs = 0;\nconst FIRST = tag`first`;\n\
                     function total(n) { runs += 1; return n * RATE + runs * 100 + LATER; }";
const MAIN: &str = "function main() { return [total(2), FIRST, tag`original`]; }\n\
                    function setRate() { RATE = 4; return RATE; }";
/// Declared after the files that use it: a changed `rates.gs` is compiled on a scope that
/// holds this file's names too.
const CONFIG: &str = "const LATER = 1000;";

fn version(rates: &str, main: &str) -> Project {
    project_of("UTC", &[("rates.gs", rates), ("main.gs", main), ("config.gs", CONFIG)])
}

fn run(project: &Project, function: &str) -> gas_engine::ExecutionReport {
    let spec = gas_engine::ExecutionSpec::new(1, function, START_UTC_MS, 7);
    run_spec(&new_world(), project, "UTC", &spec)
}

/// What this thread compiled and built while `work` ran.
fn counted(work: impl FnOnce()) -> CompileCounts {
    let before = compile_counts();
    work();
    let after = compile_counts();
    CompileCounts {
        templates: after.templates - before.templates,
        versions: after.versions - before.versions,
        contexts: after.contexts - before.contexts,
        files: after.files - before.files,
        layout_mismatches: after.layout_mismatches - before.layout_mismatches,
        prototypes: after.prototypes - before.prototypes,
    }
}

const ORIGINAL: [&str; 3] = ["1106", "first", "original"];

/// `main`'s result as texts (the total rounded to a whole number).
fn main_of(project: &Project) -> Vec<String> {
    let value = result(&run(project, "main"));
    let texts = value.as_array().unwrap().iter().map(|v| match v {
        serde_json::Value::Number(n) => format!("{:.0}", n.as_f64().unwrap()),
        other => other.as_str().unwrap().to_string(),
    });
    texts.collect()
}

#[test]
fn a_mutant_runs_its_own_code_in_the_originals_context() {
    let original = version(RATES, MAIN);
    let mutant = version(
        &RATES.replace("n * RATE", "n / RATE").replace("tag`first`", "tag`changed`"),
        &MAIN.replace("tag`original`", "tag`mutant`"),
    );
    let first = counted(|| assert_eq!(main_of(&original), ORIGINAL));
    assert_eq!((first.templates, first.contexts), (1, 1), "{first:?}");
    // Its own code, its own template literals (two files compiled apart, each with its own
    // tagged template, evaluated in one execution), a realm as fresh as the original's
    // (`runs` starts at 0 again), and nothing compiled but its two changed files.
    let shared = counted(|| {
        assert_eq!(main_of(&mutant), ["1101", "changed", "mutant"]);
        assert_eq!(main_of(&original), ORIGINAL, "the original again");
    });
    assert_eq!(
        shared,
        CompileCounts { templates: 0, versions: 1, contexts: 0, files: 2, layout_mismatches: 0, prototypes: 0 }
    );
}

#[test]
fn a_mutant_that_changes_one_file_compiles_that_file_alone() {
    let original = version(RATES, MAIN);
    assert_eq!(main_of(&original), ORIGINAL);
    let counts = counted(|| {
        for (i, n) in [3, 4, 5, 6, 7, 8].into_iter().enumerate() {
            let mutant = version(RATES, &MAIN.replace("total(2)", &format!("total({n})")));
            assert_eq!(main_of(&mutant)[0], format!("{}", 1100 + 3 * n), "mutant {i}");
        }
        // More versions than a template keeps: the original's is compiled again.
        assert_eq!(main_of(&original), ORIGINAL);
    });
    assert_eq!(
        counts,
        CompileCounts { templates: 0, versions: 7, contexts: 0, files: 7, layout_mismatches: 0, prototypes: 0 }
    );
}

#[test]
fn a_mutant_that_fails_leaves_the_context_as_fresh_for_the_next() {
    let original = version(RATES, MAIN);
    assert_eq!(main_of(&original), ORIGINAL);
    let throws = version(&format!("{RATES}\nthrow new Error('at load');"), MAIN);
    assert_eq!(failure(&run(&throws, "main")).message, "at load");
    // A service the original never touched, built in the shared context by a mutant.
    let touches = version(RATES, &MAIN.replace("return [", "Utilities.getUuid(); return ["));
    assert_eq!(main_of(&touches), ORIGINAL);
    assert_eq!(main_of(&original), ORIGINAL);
}

#[test]
fn a_version_that_declares_differently_gets_its_own_template() {
    let original = version(RATES, MAIN);
    // `const` -> `let`: assigning to RATE is a TypeError in one and not the other, so
    // the two cannot share a scope.
    let as_let = version(&RATES.replace("const RATE", "let RATE"), MAIN);
    assert_eq!(failure(&run(&original, "setRate")).message, "Assignment to constant variable.");
    let counts = counted(|| assert_eq!(result(&run(&as_let, "setRate")), json!(4)));
    assert_eq!((counts.templates, counts.versions), (1, 0), "{counts:?}");
    // A name more, or a file that does not parse: a template each too.
    let more = version(&format!("{RATES}\nconst EXTRA = 1;"), MAIN);
    let broken = version(RATES, "function main( {");
    let counts = counted(|| {
        assert_eq!(main_of(&more), ORIGINAL);
        assert_eq!(failure(&run(&broken, "main")).name, "SyntaxError");
    });
    assert_eq!((counts.templates, counts.versions, counts.layout_mismatches), (2, 0, 0), "{counts:?}");
}
