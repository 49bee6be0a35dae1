//! ContentService and HtmlService seen from a script: every method, the templates
//! (scriptlets, variables, globals, `include()`), and the platform's texts.

use crate::support;

use gas_engine::{ExecutionSpec, SourceFile};
use gas_platform::webapp::response::{invalid_mime_type_message, Output};
use gas_platform::webapp::template::no_file_message;
use serde_json::json;
use support::*;

/// `main` of `src`, in a project with these HTML files (names without `.html`).
fn eval_with_html(src: &str, html: &[(&str, &str)]) -> serde_json::Value {
    let files = html.iter().map(|(n, t)| SourceFile { name: n.to_string(), text: t.to_string() }).collect();
    let project = project("UTC", src).with_html_files(files);
    result(&run_spec(&new_world(), &project, "UTC", &ExecutionSpec::new(1, "main", START_UTC_MS, SEED)))
}

#[test]
fn text_output_methods() {
    let got = eval(
        "function main() {
           var out = ContentService.createTextOutput();
           var empty = out.getContent();
           out.setContent('a').append('b').append(1);
           var before = [out.getMimeType(), out.getFileName()];
           out.setMimeType(ContentService.MimeType.JSON).downloadAsFile('x.json');
           var after = [out.getContent(), out.getMimeType(), out.getFileName()];
           out.clear();
           return [empty, before, after, out.getContent(), ContentService.createTextOutput('hi').getContent()];
         }",
    );
    assert_eq!(got, json!(["", ["TEXT", null], ["ab1", "JSON", "x.json"], "", "hi"]));
}

#[test]
fn every_mime_type_is_settable_and_others_throw() {
    let got = eval(
        "function main() {
           var M = ContentService.MimeType, out = ContentService.createTextOutput('x');
           return Object.keys(M).map(function (k) { return out.setMimeType(M[k]).getMimeType(); });
         }",
    );
    assert_eq!(got, json!(["ATOM", "CSV", "ICAL", "JAVASCRIPT", "JSON", "RSS", "TEXT", "VCARD", "XML"]));
    let err = thrown("ContentService.createTextOutput('x').setMimeType('application/json')");
    assert_eq!(err, format!("Exception: {}", invalid_mime_type_message("application/json")));
}

#[test]
fn a_returned_text_output_is_what_the_platform_serves() {
    let got = eval(
        "function main() {
           return ContentService.createTextOutput('{\"ok\":true}').setMimeType(ContentService.MimeType.JSON);
         }",
    );
    let output = Output::from_result(&got).expect("an output");
    assert_eq!(output, Output::Text { content: "{\"ok\":true}".into(), mime_type: "JSON".into(), file_name: None });
    assert_eq!(Output::from_result(&eval("function main() { return {content: 'x'}; }")), None);
}

#[test]
fn html_output_methods() {
    let got = eval(
        "function main() {
           var out = HtmlService.createHtmlOutput('<b>hi</b>');
           out.append('<i>x</i>').appendUntrusted('<script>&\\'\"');
           out.setTitle('T').addMetaTag('viewport', 'width=device-width');
           out.setXFrameOptionsMode(HtmlService.XFrameOptionsMode.ALLOWALL);
           out.setSandboxMode(HtmlService.SandboxMode.IFRAME).setFaviconUrl('https://x/f.ico');
           out.setWidth(300).setHeight('200');
           var tags = out.getMetaTags().map(function (t) { return t.getName() + '=' + t.getContent(); });
           var blob = out.getBlob();
           return [out.getContent(), out.getTitle(), tags, out.getFaviconUrl(), out.getWidth(), out.getHeight(),
                   blob.getContentType(), blob.getDataAsString(), out.getAs('text/plain').getContentType(),
                   HtmlService.createHtmlOutput().getContent(), HtmlService.createHtmlOutput().getTitle(),
                   HtmlService.createHtmlOutput(Utilities.newBlob('<p>blob</p>')).getContent(),
                   out.clear().getContent()];
         }",
    );
    assert_eq!(
        got,
        json!([
            "<b>hi</b><i>x</i>&lt;script&gt;&amp;&#39;&quot;",
            "T",
            ["viewport=width=device-width"],
            "https://x/f.ico",
            300,
            200,
            "text/html",
            "<b>hi</b><i>x</i>&lt;script&gt;&amp;&#39;&quot;",
            "text/plain",
            "",
            "",
            "<p>blob</p>",
            ""
        ])
    );
    let output = Output::from_result(&eval(
        "function main() { return HtmlService.createHtmlOutput('<p>x</p>').setTitle('Hi'); }",
    ));
    assert_eq!(
        output,
        Some(Output::Html { content: "<p>x</p>".into(), title: "Hi".into(), x_frame_options: "DEFAULT".into() })
    );
    assert_eq!(
        thrown("HtmlService.createHtmlOutput('x').getAs('application/pdf')"),
        "Error: gas-sim does not implement HtmlOutput.getAs(application/pdf)()"
    );
}

#[test]
fn enums() {
    let got = eval(
        "function main() {
           return [Object.keys(HtmlService.XFrameOptionsMode), Object.keys(HtmlService.SandboxMode)];
         }",
    );
    assert_eq!(got, json!([["ALLOWALL", "DEFAULT"], ["EMULATED", "IFRAME", "NATIVE"]]));
}

#[test]
fn html_files_by_name_and_the_missing_file_text() {
    let html = [("Index", "<p>index</p>"), ("parts/Nav", "<nav></nav>")];
    let got = eval_with_html(
        "function main() {
           return [HtmlService.createHtmlOutputFromFile('Index').getContent(),
                   HtmlService.createHtmlOutputFromFile('Index.html').getContent(),
                   HtmlService.createHtmlOutputFromFile('parts/Nav').getContent()];
         }",
        &html,
    );
    assert_eq!(got, json!(["<p>index</p>", "<p>index</p>", "<nav></nav>"]));
    let got = eval_with_html(
        "function main() {
           var out = [];
           ['index', 'Nope'].forEach(function (n) {
             try { HtmlService.createHtmlOutputFromFile(n); } catch (e) { out.push(String(e)); }
             try { HtmlService.createTemplateFromFile(n); } catch (e) { out.push(e.message); }
           });
           return out;
         }",
        &html,
    );
    let index = no_file_message("index");
    let nope = no_file_message("Nope");
    assert_eq!(got, json!([format!("Exception: {index}"), index, format!("Exception: {nope}"), nope]));
}

#[test]
fn templates_print_escaped_and_raw_with_variables_and_globals() {
    let page = "<h1><?= title ?></h1><? for (var i = 0; i < items.length; i++) { ?><li><?= items[i] ?></li><? } ?>\
                <p><?!= raw ?> <?= SITE ?> <?= shout('x'); ?></p><script>var data = <?= data ?>;</script>";
    let got = eval_with_html(
        "var SITE = 'Site & Co';
         function shout(s) { return s.toUpperCase() + '!'; }
         function main() {
           var t = HtmlService.createTemplateFromFile('Page');
           t.title = '<Hello>';
           t.items = ['a', 'b<'];
           t.raw = '<em>raw</em>';
           t.data = {n: 1, s: '</script>'};
           return t.evaluate().getContent();
         }",
        &[("Page", page)],
    );
    assert_eq!(
        got,
        json!(
            "<h1>&lt;Hello&gt;</h1><li>a</li><li>b&lt;</li><p><em>raw</em> Site &amp; Co X!</p>\
             <script>var data = {\"n\":1,\"s\":\"\\u003c/script\\u003e\"};</script>"
        )
    );
}

#[test]
fn the_include_pattern() {
    let got = eval_with_html(
        "function include(name) { return HtmlService.createHtmlOutputFromFile(name).getContent(); }
         function main() {
           return HtmlService.createTemplateFromFile('Index').evaluate().setTitle('Home').getContent();
         }",
        &[("Index", "<head><?!= include('Style'); ?></head><body>x</body>"), ("Style", "<style>b{}</style>")],
    );
    assert_eq!(got, json!("<head><style>b{}</style></head><body>x</body>"));
}

#[test]
fn template_from_a_string_its_code_and_errors() {
    let got = eval(
        "function main() {
           var t = HtmlService.createTemplate('a<?= x ?>b');
           t.x = 1;
           var again = HtmlService.createHtmlOutput('<?= 2 + 2 ?>').asTemplate().evaluate().getContent();
           return [t.evaluate().getContent(), t.getRawContent(), t.getCode(), t.getCodeWithComments().indexOf('/* <?= x ?> */'),
                   again, t.evaluate().getTitle()];
         }",
    );
    assert_eq!(
        got,
        json!(["a1b", "a<?= x ?>b", "__gas_out.t(\"a\");\n__gas_out.p((x));\n__gas_out.t(\"b\");\n", 18, "4", ""])
    );
    let err = thrown("HtmlService.createTemplate('<?= missing ?>').evaluate()");
    assert_eq!(err, "ReferenceError: missing is not defined");
}

#[test]
fn get_user_agent_is_the_requests_header_in_a_web_app_and_null_elsewhere() {
    let src = "function doGet(e) { return HtmlService.getUserAgent(); }";
    let project = project("UTC", src);
    let world = new_world();
    let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile";
    let mut spec = ExecutionSpec::new(1, "doGet", START_UTC_MS, SEED);
    spec.invocation = gas_platform::container::Invocation::request(Some(agent.into()));
    assert_eq!(result(&run_spec(&world, &project, "UTC", &spec)), json!(agent));
    // A request sent without the header, a manual run, a trigger: null.
    spec.invocation = gas_platform::container::Invocation::request(None);
    assert_eq!(result(&run_spec(&world, &project, "UTC", &spec)), json!(null));
    assert_eq!(
        result(&run_spec(&world, &project, "UTC", &ExecutionSpec::new(2, "doGet", START_UTC_MS, SEED))),
        json!(null)
    );
}
