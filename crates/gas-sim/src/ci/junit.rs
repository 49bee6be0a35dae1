//! JUnit XML in Jenkins' dialect (the xunit plugin's `junit-10.xsd`, vendored as
//! `tests/fixtures/junit/junit-10.xsd`): `<testsuites>` of a `<testsuite>` per scenario
//! (or one for a mutation campaign), a `<testcase>` per zone and per expectation; a
//! failure carries the message and, in its text, the evidence and the replay command.
//! No `time` or `timestamp` attributes: they are optional, and would make two runs of
//! the same scenario differ.

use std::io::Cursor;

use gas_scenario::ZoneReport;
use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suite {
    pub name: String,
    /// The scenario file (Jenkins shows it).
    pub file: Option<String>,
    pub cases: Vec<Case>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub classname: String,
    pub name: String,
    pub failure: Option<Failure>,
    /// The zone's text report, for the zone's own case.
    pub system_out: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// One line: `mail subject /x/: expected 3, got 1`.
    pub message: String,
    /// `expectation`, `strict`, `snapshot`, `survived`, ...
    pub kind: String,
    /// The evidence and the command that replays it.
    pub text: String,
}

impl Case {
    pub fn passed(classname: &str, name: String) -> Case {
        Case { classname: classname.to_string(), name, failure: None, system_out: None }
    }
}

/// The document, indented by two spaces, ending with a newline.
pub fn write(suites: &[Suite]) -> String {
    let mut writer = Writer::new_with_indent(Cursor::new(Vec::new()), b' ', 2);
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let failures: usize = suites.iter().map(failures_of).sum();
    let result = writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).and_then(|()| {
        writer
            .create_element("testsuites")
            .with_attribute(("name", "gas-sim"))
            .with_attribute(("tests", tests.to_string().as_str()))
            .with_attribute(("failures", failures.to_string().as_str()))
            .with_attribute(("errors", "0"))
            .write_inner_content(|w| suites.iter().try_for_each(|suite| write_suite(w, suite)))
            .map(|_| ())
    });
    result.expect("writing to memory does not fail");
    let mut text = String::from_utf8(writer.into_inner().into_inner()).expect("the writer was given UTF-8");
    text.push('\n');
    text
}

fn failures_of(suite: &Suite) -> usize {
    suite.cases.iter().filter(|c| c.failure.is_some()).count()
}

fn write_suite(w: &mut Writer<Cursor<Vec<u8>>>, suite: &Suite) -> std::io::Result<()> {
    let mut element = w
        .create_element("testsuite")
        .with_attribute(("name", xml_text(&suite.name).as_str()))
        .with_attribute(("tests", suite.cases.len().to_string().as_str()))
        .with_attribute(("failures", failures_of(suite).to_string().as_str()))
        .with_attribute(("errors", "0"))
        .with_attribute(("skipped", "0"));
    if let Some(file) = &suite.file {
        element = element.with_attribute(("file", xml_text(file).as_str()));
    }
    if suite.cases.is_empty() {
        return element.write_empty().map(|_| ());
    }
    element.write_inner_content(|w| suite.cases.iter().try_for_each(|case| write_case(w, case))).map(|_| ())
}

fn write_case(w: &mut Writer<Cursor<Vec<u8>>>, case: &Case) -> std::io::Result<()> {
    let element = w
        .create_element("testcase")
        .with_attribute(("classname", xml_text(&case.classname).as_str()))
        .with_attribute(("name", xml_text(&case.name).as_str()));
    if case.failure.is_none() && case.system_out.is_none() {
        return element.write_empty().map(|_| ());
    }
    element
        .write_inner_content(|w| {
            if let Some(failure) = &case.failure {
                w.create_element("failure")
                    .with_attribute(("message", xml_text(&failure.message).as_str()))
                    .with_attribute(("type", failure.kind.as_str()))
                    .write_text_content(BytesText::new(&xml_text(&failure.text)))?;
            }
            if let Some(out) = &case.system_out {
                w.create_element("system-out").write_text_content(BytesText::new(&xml_text(out)))?;
            }
            Ok(())
        })
        .map(|_| ())
}

/// Text XML 1.0 can hold: the characters it forbids (C0 controls but tab and line ends,
/// U+FFFE, U+FFFF; a script can log any) shown as `\u001b`, as the terminal rule shows
/// them. A lone surrogate from JS reaches Rust as the text `\uD800` already (boa's
/// escaped conversion). Escaping `<`, `>` (so
/// `]]>` too), `&` and quotes is the writer's.
fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// A testsuite per scenario (in the order they ran), each zone's cases in turn: the zone
/// itself (its text report as output; failing on its own only for a strict run's gaps or
/// a gas-sim bug), then one per expectation, then `extra(i)` (`test`'s snapshot case).
pub fn suites_of_runs(reports: &[ZoneReport], extra: &dyn Fn(usize) -> Vec<Case>) -> Vec<Suite> {
    let mut suites: Vec<Suite> = Vec::new();
    for (i, report) in reports.iter().enumerate() {
        let file = report.scenario_path.display().to_string();
        if suites.last().is_none_or(|s| s.file.as_deref() != Some(file.as_str())) {
            suites.push(Suite { name: report.scenario.clone(), file: Some(file.clone()), cases: Vec::new() });
        }
        let classname = format!("{}.{}", report.scenario, report.zone);
        let suite = suites.last_mut().expect("pushed above");
        let replay = format!("replay: {}", report.replay_command());
        let strict_failure = match (report.strict, report.has_gaps(), report.lacks_expectations()) {
            (true, true, _) => Some(Failure {
                message: "strict: the run called methods gas-sim does not implement".into(),
                kind: "strict".into(),
                text: format!("{}\n{replay}\n", report.gap_lines().join("\n")),
            }),
            (true, false, true) => Some(Failure {
                message: "strict: the scenario has no [[expect]], so nothing was checked".into(),
                kind: "strict".into(),
                text: format!("{}\n{replay}\n", gas_scenario::report::NO_EXPECTATIONS),
            }),
            _ => None,
        };
        suite.cases.push(Case {
            classname: classname.clone(),
            name: format!("{} [{}]", report.scenario, report.zone),
            failure: strict_failure,
            system_out: Some(report.text()),
        });
        for e in &report.expectations {
            let name = format!("[{}] {}", report.zone, e.label);
            suite.cases.push(Case {
                failure: (!e.passed).then(|| {
                    let mut text = String::new();
                    for line in &e.evidence {
                        text.push_str(&format!("{line}\n"));
                    }
                    text.push_str(&format!("{replay}\n"));
                    Failure { message: e.mismatch(), kind: "expectation".into(), text }
                }),
                ..Case::passed(&classname, name)
            });
        }
        suite.cases.extend(extra(i));
    }
    suites
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_counts() {
        let suites = vec![Suite {
            name: "s <1>".into(),
            file: Some("scenarios/s.toml".into()),
            cases: vec![
                Case::passed("s.UTC", "[UTC] ok".into()),
                Case {
                    failure: Some(Failure {
                        message: "mail subject \"a&b\": expected 1, got 0".into(),
                        kind: "expectation".into(),
                        text: "no mail \u{1} was sent ]]> \u{FFFF}\nreplay: gas-sim run s.toml --tz UTC --seed 0\n"
                            .into(),
                    }),
                    ..Case::passed("s.UTC", "[UTC] mail".into())
                },
            ],
        }];
        let xml = write(&suites);
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gas-sim\" tests=\"2\" failures=\"1\" errors=\"0\">"), "{xml}");
        assert!(xml.contains("<testsuite name=\"s &lt;1&gt;\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" file=\"scenarios/s.toml\">"), "{xml}");
        assert!(
            xml.contains("message=\"mail subject &quot;a&amp;b&quot;: expected 1, got 0\" type=\"expectation\""),
            "{xml}"
        );
        assert!(xml.contains("no mail \\u0001 was sent ]]&gt; \\uffff"), "a control character is not XML: {xml}");
        assert!(xml.contains("<testcase classname=\"s.UTC\" name=\"[UTC] ok\"/>"), "{xml}");
        assert!(xml.ends_with("</testsuites>\n"));
    }
}
