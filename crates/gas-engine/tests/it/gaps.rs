//! Gaps: every call of something gas-sim does not implement is counted at the script's
//! file:line, caught or not (issue 11, "gaps are never silent").

use crate::support;

use gas_engine::{ExecutionSpec, Outcome};
use gas_platform::gaps::GapSite;
use support::*;

fn site(method: &str, file: &str, line: u32, calls: u64) -> GapSite {
    GapSite { method: method.into(), file: Some(file.into()), line: Some(line), calls }
}

#[test]
fn a_caught_missing_method_is_counted_at_its_call_site() {
    let src = "function main() {
  const range = SpreadsheetApp.create('x').getSheets()[0].getRange('A1');
  let written = 0;
  for (let i = 0; i < 27; i++) {
    try {
      range.getDataSourceTables();
      written++;
    } catch (e) {
      // the script answers success anyway
    }
  }
  try { LanguageApp.translate(); } catch (e) {}
  return written;
}";
    let report = run(src, "main");
    assert!(matches!(report.outcome, Outcome::Completed { .. }), "{:?}", report.outcome);
    assert_eq!(
        report.gaps,
        vec![site("LanguageApp.translate", "Code.gs", 12, 1), site("Range.getDataSourceTables", "Code.gs", 6, 27)]
    );
}

#[test]
fn the_error_keeps_its_text_and_an_uncaught_gap_is_counted_too() {
    let report = run("function main() {\n\n  LanguageApp.translate();\n}", "main");
    let error = failure(&report);
    assert_eq!(error.message, "gas-sim does not implement LanguageApp.translate()");
    assert_eq!((error.file.as_deref(), error.line), (Some("Code.gs"), Some(3)));
    assert_eq!(report.gaps, vec![site("LanguageApp.translate", "Code.gs", 3, 1)]);
    let got = eval(
        "function main() { try { SpreadsheetApp.create('x').getSheets()[0].getSlicers(); } catch (e) { return [e.name, e.message]; } }",
    );
    assert_eq!(got, serde_json::json!(["Error", "gas-sim does not implement Sheet.getSlicers()"]));
}

#[test]
fn the_innermost_project_frame_is_the_site_not_the_caller_or_the_prelude() {
    let project = project_of(
        "UTC",
        &[
            ("Code.gs", "function main() {\n  paint();\n  paint();\n  return 1;\n}"),
            ("Util.gs", "function paint() {\n  try {\n    SpreadsheetApp.create('x').getSheets()[0].getRange('A1').getDataSourceTables();\n  } catch (e) {}\n}"),
        ],
    );
    let report = run_spec(&new_world(), &project, "UTC", &ExecutionSpec::new(1, "main", START_UTC_MS, SEED));
    assert_eq!(report.gaps, vec![site("Range.getDataSourceTables", "Util.gs", 3, 2)]);
}

#[test]
fn an_unsupported_option_of_an_implemented_method_is_a_gap() {
    let src = "function main() {
  try {
    Utilities.computeDigest(Utilities.DigestAlgorithm.MD2, 'x');
  } catch (e) {
    return e.message;
  }
}";
    let report = run(src, "main");
    assert_eq!(
        result(&report),
        serde_json::json!("gas-sim does not implement Utilities.computeDigest() with DigestAlgorithm.MD2")
    );
    assert_eq!(report.gaps, vec![site("Utilities.computeDigest with DigestAlgorithm.MD2", "Code.gs", 3, 1)]);
}

#[test]
fn another_locale_of_a_locale_builtin_is_a_gap() {
    let src = "function main() {
  try { (1).toLocaleString('de-DE'); } catch (e) {}
  try { 'a'.localeCompare('b', 'sv'); } catch (e) {}
  return (1234).toLocaleString();
}";
    let report = run(src, "main");
    assert_eq!(result(&report), serde_json::json!("1,234"));
    assert_eq!(
        report.gaps,
        vec![
            site("Number.prototype.toLocaleString for other locales or with options", "Code.gs", 2, 1),
            site("String.prototype.localeCompare for other locales or with options", "Code.gs", 3, 1),
        ]
    );
}

#[test]
fn a_run_without_gaps_has_none_and_gaps_do_not_carry_over() {
    let world = new_world();
    let with_gap = run_in(
        &world,
        "UTC",
        "function main() { try { LanguageApp.translate(); } catch (e) {} }",
        "main",
        START_UTC_MS,
    );
    assert_eq!(with_gap.gaps.len(), 1);
    let clean = run_in(
        &world,
        "UTC",
        "function main() { return CacheService.getScriptCache().get('k'); }",
        "main",
        START_UTC_MS,
    );
    assert!(clean.gaps.is_empty(), "{:?}", clean.gaps);
}
