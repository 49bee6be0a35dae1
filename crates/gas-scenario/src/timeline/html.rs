//! The page: one self-contained HTML file (the CSS and the script inline, the run's data
//! as JSON in a `<script type="application/json">`), so it opens without a network.
//! Nothing from the run becomes markup: the few texts written here are escaped
//! (`escape`), the data is JSON with `<`, `>` and `&` escaped (`json_for_script`), and
//! the script puts it into the page through `textContent` only.

use serde_json::Value;

use crate::report::ZoneReport;

const STYLE: &str = include_str!("timeline.css");
const SCRIPT: &str = include_str!("timeline.js");

/// Text for HTML element content or a quoted attribute value (the one HTML escape rule,
/// HtmlService's).
pub fn escape(text: &str) -> String {
    gas_platform::webapp::template::escape_html(text)
}

/// JSON that may stand inside a `<script>` element: `</script>` or `<!--` in a string
/// cannot end or change the element. `<`, `>` and `&` occur in JSON only inside strings,
/// where `\u003c` means the same; U+2028/U+2029 are escaped for older parsers.
pub fn json_for_script(value: &Value) -> String {
    let text = serde_json::to_string(value).expect("a JSON value serializes");
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

/// The page for `reports` (one section per zone run, in order). The same reports give
/// the same bytes.
/// Scenarios the page's title names; with more it says how many.
const TITLE_SCENARIOS_MAX: usize = 3;

pub fn page(reports: &[ZoneReport]) -> String {
    let mut scenarios: Vec<&str> = Vec::new();
    for report in reports {
        if !scenarios.contains(&report.scenario.as_str()) {
            scenarios.push(&report.scenario);
        }
    }
    // A page of a whole `test` run names how many, not every scenario.
    let title = match scenarios.len() {
        0..=TITLE_SCENARIOS_MAX => format!("gas-sim timeline: {}", scenarios.join(", ")),
        n => format!("gas-sim timeline: {n} scenarios"),
    };
    let passed = reports.iter().filter(|r| r.passed).count();
    let summary = format!("{} run(s): {passed} passed, {} failed", reports.len(), reports.len() - passed);
    let data = json_for_script(&super::view(reports));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"generator\" content=\"gas-sim\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n<p class=\"span\">{summary}. \
         Virtual time runs left to right; hover for details, click an execution for its calls and logs.</p>\n\
         <noscript><p class=\"warning\">This page draws the timeline with JavaScript.</p></noscript>\n\
         <div id=\"gas-sim-timeline\"></div>\n\
         <script type=\"application/json\" id=\"gas-sim-data\">{data}</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        title = escape(&title),
        summary = escape(&summary),
    )
}
