//! Versions of a project (a mutation campaign's mutants) that declare the same top-level
//! names share one template and one live context on a thread (compiled.rs,
//! declarations.rs): each runs its own code, in a realm as fresh as ever, and a version
//! that declares anything differently gets a template of its own.

use gas_engine::{compile_counts, CompileCounts, Project};
use serde_json::json;

use crate::support::{failure, new_world, project_of, result, run_spec, START_UTC_MS};

const RATES: &str = "const RATE = 3;\nlet runs = 0;\nfunction total(n) { runs += 1; return n * RATE + runs * 100; }";
const MAIN: &str = "function tag(strings) { return strings[0]; }\n\
                    function main() { return [total(2), tag`original`]; }\n\
                    function setRate() { RATE = 4; return RATE; }";

fn version(rates: &str, main: &str) -> Project {
    project_of("UTC", &[("rates.gs", rates), ("main.gs", main)])
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
    }
}

#[test]
fn a_mutant_runs_its_own_code_in_the_originals_context() {
    let original = version(RATES, MAIN);
    let mutant = version(&RATES.replace("n * RATE", "n / RATE"), &MAIN.replace("tag`original`", "tag`mutant`"));
    let first = counted(|| assert_eq!(result(&run(&original, "main")), json!([106, "original"])));
    assert_eq!((first.templates, first.contexts), (1, 1), "{first:?}");
    // Its own code, its own template literal, a realm as fresh as the original's
    // (`runs` starts at 0 again), and nothing compiled but its two files.
    let shared = counted(|| {
        let [total, tagged] = [0, 1].map(|i| result(&run(&mutant, "main"))[i].clone());
        assert_eq!((total.as_f64().map(|t| (t * 3.0).round()), tagged), (Some(302.0), json!("mutant")));
        assert_eq!(result(&run(&original, "main")), json!([106, "original"]), "the original again");
    });
    assert_eq!(shared, CompileCounts { templates: 0, versions: 1, contexts: 0 });
}

#[test]
fn a_mutant_that_changes_only_the_second_file_reuses_the_first() {
    let original = version(RATES, MAIN);
    let mutant = version(RATES, &MAIN.replace("total(2)", "total(3)"));
    assert_eq!(result(&run(&original, "main")), json!([106, "original"]));
    let counts = counted(|| assert_eq!(result(&run(&mutant, "main")), json!([109, "original"])));
    assert_eq!(counts, CompileCounts { templates: 0, versions: 1, contexts: 0 });
}

#[test]
fn a_version_that_declares_differently_gets_its_own_template() {
    let original = version(RATES, MAIN);
    // `const` -> `let`: assigning to RATE is a TypeError in one and not the other, so
    // the two cannot share a scope.
    let as_let = version(&RATES.replace("const RATE", "let RATE"), MAIN);
    assert_eq!(failure(&run(&original, "setRate")).name, "TypeError");
    let counts = counted(|| assert_eq!(result(&run(&as_let, "setRate")), json!(4)));
    assert_eq!((counts.templates, counts.versions), (1, 0), "{counts:?}");
    // A name more, or a file that does not parse: a template each too.
    let more = version(&format!("{RATES}\nconst EXTRA = 1;"), MAIN);
    let broken = version(RATES, "function main( {");
    let counts = counted(|| {
        assert_eq!(result(&run(&more, "main")), json!([106, "original"]));
        assert_eq!(failure(&run(&broken, "main")).name, "SyntaxError");
    });
    assert_eq!((counts.templates, counts.versions), (2, 0), "{counts:?}");
}
