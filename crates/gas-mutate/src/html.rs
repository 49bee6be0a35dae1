//! `gas-sim mutate --html PATH`: the report as one HTML page in Stryker's own viewer
//! (mutation-testing-elements 3.9.0, vendored in `vendor/` with its licence and inlined),
//! so it opens from disk with no network, as StrykerJS's html reporter writes it.

use serde_json::Value;

/// The viewer's bundle, unchanged from the npm package (vendor/README.md).
const VIEWER_JS: &str = include_str!("../vendor/mutation-testing-elements/mutation-test-elements.js");
pub const VIEWER_VERSION: &str = "3.9.0";

/// The page for `report` (a mutation-testing-report-schema JSON value). Deterministic.
pub fn report_html(report: &Value, title: &str) -> String {
    // Inside <script>, `</script>` or `<!--` in the data would end or change the element:
    // escape `<` (and the line separators JSON allows but JS once did not).
    let json = serde_json::to_string(report)
        .expect("a serde_json::Value always serializes")
        .replace('<', "\\u003c")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029");
    let title = gas_platform::webapp::template::escape_html(title);
    assert!(!VIEWER_JS.contains("</script"), "the vendored viewer must not end its own script element");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n<!-- mutation-testing-elements {VIEWER_VERSION}, Apache-2.0 (c) Stryker Mutator contributors -->\n<script>\n{VIEWER_JS}\n</script>\n</head>\n<body>\n<mutation-test-report-app title-postfix=\"gas-sim\">\n<span slot=\"title\">{title}</span>\n</mutation-test-report-app>\n<script>\ndocument.querySelector('mutation-test-report-app').report = {json};\n</script>\n</body>\n</html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_page_inlines_the_viewer_and_the_report_safely() {
        let report = json!({ "files": { "a.gs": { "source": "var s = '</script><b>';" } } });
        let page = report_html(&report, "ledger <fixed>");
        assert!(page.contains("customElements.define"), "the viewer is inlined");
        assert!(!page.contains("src=\"http"), "nothing is fetched");
        assert_eq!(page.matches("</script>").count(), 2, "only the two script elements end");
        assert!(page.contains("\\u003c/script>\\u003cb>"));
        assert!(page.contains("<title>ledger &lt;fixed&gt;</title>"));
        assert_eq!(page, report_html(&report, "ledger <fixed>"));
    }
}
