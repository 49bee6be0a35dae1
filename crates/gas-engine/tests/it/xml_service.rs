//! XmlService seen from a script: an RSS feed parsed and walked with its namespaces, a
//! document built and formatted raw, compact and pretty, every class's methods, and the
//! platform's errors for malformed input (HTML that is not XHTML).

use crate::support;

use serde_json::json;
use support::*;

const RSS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Example &amp; Co</title>
    <item>
      <title>First</title>
      <guid isPermaLink="false">a-1</guid>
      <dc:creator>Ann</dc:creator>
      <content:encoded><![CDATA[<p>Hello</p>]]></content:encoded>
    </item>
    <item><title>Second</title><guid>a-2</guid><dc:creator>Bob</dc:creator></item>
  </channel>
</rss>"#;

fn with_feed(body: &str) -> String {
    format!("const FEED = {};\nfunction main() {{\n{body}\n}}", serde_json::to_string(RSS).unwrap())
}

#[test]
fn an_rss_feed_is_walked_with_its_namespaces() {
    let got = eval(&with_feed(
        "const root = XmlService.parse(FEED).getRootElement();
         const dc = XmlService.getNamespace('dc', 'http://purl.org/dc/elements/1.1/');
         const content = root.getNamespace('content');
         const channel = root.getChild('channel');
         return {
           root: root.getName(), version: root.getAttribute('version').getValue(),
           title: channel.getChildText('title'),
           items: channel.getChildren('item').map((item) => [
             item.getChildText('title'), item.getChild('guid').getText(), item.getChildText('creator', dc),
             item.getChildText('creator'), item.getChildText('encoded', content),
           ]),
           permalink: channel.getChild('item').getChild('guid').getAttribute('isPermaLink').getValue(),
           prefix: content.getPrefix(), uri: dc.getURI(),
           qualified: channel.getChild('item').getChild('creator', dc).getQualifiedName(),
         };",
    ));
    assert_eq!(
        got,
        json!({
            "root": "rss", "version": "2.0", "title": "Example & Co",
            "items": [["First", "a-1", "Ann", null, "<p>Hello</p>"], ["Second", "a-2", "Bob", null, null]],
            "permalink": "false", "prefix": "content", "uri": "http://purl.org/dc/elements/1.1/",
            "qualified": "dc:creator",
        })
    );
}

#[test]
fn an_atom_feed_needs_its_default_namespace() {
    let got = eval(
        "function main() {
           const doc = XmlService.parse('<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>T</title></entry></feed>');
           const root = doc.getRootElement();
           const atom = XmlService.getNamespace('http://www.w3.org/2005/Atom');
           return [root.getChild('entry'), root.getChild('entry', atom).getChildText('title', atom),
             root.getNamespace().getURI(), root.getNamespace().getPrefix(), XmlService.getNoNamespace().getURI(),
             XmlService.getXmlNamespace().getPrefix()];
         }",
    );
    assert_eq!(got, json!([null, "T", "http://www.w3.org/2005/Atom", "", "", "xml"]));
}

#[test]
fn a_built_document_formats_raw_compact_and_pretty() {
    let got = eval(
        "function main() {
           const root = XmlService.createElement('root').setAttribute('id', '7');
           const a = XmlService.createElement('a');
           a.addContent(XmlService.createElement('b').setText('Text!'));
           a.addContent(XmlService.createElement('b').setText('More text!'));
           root.addContent(a).addContent(XmlService.createComment(' note '));
           root.addContent(XmlService.createElement('empty'));
           const doc = XmlService.createDocument(root);
           return [XmlService.getRawFormat().format(doc), XmlService.getCompactFormat().format(doc),
             XmlService.getPrettyFormat().format(doc),
             XmlService.getPrettyFormat().setIndent('\\t').setLineSeparator('\\n').setOmitDeclaration(true).format(a),
             XmlService.getRawFormat().setOmitEncoding(true).format(XmlService.createDocument(XmlService.createElement('x'))),
             XmlService.getRawFormat().setEncoding('ISO-8859-1').format(XmlService.createElement('y').setText('\\u20ac'))];
         }",
    );
    let decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n";
    let body = "<root id=\"7\"><a><b>Text!</b><b>More text!</b></a><!-- note --><empty /></root>";
    assert_eq!(
        got,
        json!([
            format!("{decl}{body}\r\n"),
            format!("{decl}{body}\r\n"),
            format!("{decl}<root id=\"7\">\r\n  <a>\r\n    <b>Text!</b>\r\n    <b>More text!</b>\r\n  </a>\r\n  <!-- note -->\r\n  <empty />\r\n</root>\r\n"),
            "<a>\n\t<b>Text!</b>\n\t<b>More text!</b>\n</a>",
            "<?xml version=\"1.0\"?>\r\n<x />\r\n",
            "<y>&#x20ac;</y>",
        ])
    );
}

#[test]
fn namespaced_elements_declare_their_namespaces() {
    let got = eval(
        "function main() {
           const atom = XmlService.getNamespace('http://www.w3.org/2005/Atom');
           const media = XmlService.getNamespace('media', 'http://search.yahoo.com/mrss/');
           const feed = XmlService.createElement('feed', atom);
           feed.addContent(XmlService.createElement('thumbnail', media).setAttribute('url', 'u', XmlService.getNamespace('x', 'urn:x')));
           return XmlService.getRawFormat().format(feed);
         }",
    );
    assert_eq!(
        got,
        json!("<feed xmlns=\"http://www.w3.org/2005/Atom\"><media:thumbnail xmlns:media=\"http://search.yahoo.com/mrss/\" xmlns:x=\"urn:x\" x:url=\"u\" /></feed>")
    );
}

#[test]
fn content_nodes_cast_detach_clone_and_remove() {
    let got = eval(
        "function main() {
           const doc = XmlService.parse('<r>one<!--c--><e k=\"v\">two</e><![CDATA[three]]><?pi data?></r>');
           const root = doc.getRootElement();
           const all = root.getAllContent();
           const types = all.map((c) => String(c.getType()));
           const casts = [all[0].asText().getText(), all[0].asElement(), all[1].asComment().getText(),
             all[2].asElement().getName(), all[3].asCdata().getText(), all[4].asProcessingInstruction().getTarget(),
             all[4].asProcessingInstruction().getData()];
           const copy = root.getChild('e').cloneContent();
           const e = root.getChild('e');
           const detached = e.detach();
           const removed = root.removeContent(0);
           const byNode = root.removeContent(all[1]);
           return { types, casts, copy: copy.length, value: root.getValue(), size: root.getContentSize(),
             parent: detached.getParentElement(), removed: removed.getValue(), byNode,
             e: XmlService.getRawFormat().format(e), isRoot: [root.isRootElement(), e.isRootElement()],
             doc: root.getDocument().hasRootElement(), all: root.removeContent().length, after: root.getContentSize(),
             ancestor: root.isAncestorOf(e), text: XmlService.createText('a').append('b').getText(),
             cdata: XmlService.createCdata('x').getValue() };
         }",
    );
    assert_eq!(
        got,
        json!({
            "types": ["TEXT", "COMMENT", "ELEMENT", "CDATA", "PROCESSINGINSTRUCTION"],
            "casts": ["one", null, "c", "e", "three", "pi", "data"],
            "copy": 1, "value": "three", "size": 2, "parent": null, "removed": "one", "byNode": true,
            "e": "<e k=\"v\">two</e>", "isRoot": [true, false], "doc": true, "all": 2, "after": 0,
            "ancestor": false, "text": "ab", "cdata": "x",
        })
    );
}

#[test]
fn documents_attributes_and_doc_types() {
    let got = eval(
        "function main() {
           const doc = XmlService.createDocument();
           const had = doc.hasRootElement();
           doc.addContent(XmlService.createComment('top'));
           doc.setRootElement(XmlService.createElement('html'));
           doc.setDocType(XmlService.createDocType('html', '-//W3C//DTD XHTML 1.0 Strict//EN', 'http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd'));
           const root = doc.getRootElement();
           root.setAttribute('lang', 'en').setAttribute('dir', 'ltr');
           const lang = root.getAttribute('lang');
           lang.setValue('fr');
           const removed = [root.removeAttribute('dir'), root.removeAttribute('nope')];
           const dt = doc.getDocType();
           return { had, out: XmlService.getRawFormat().format(doc), attrs: root.getAttributes().map((a) => a.getName() + '=' + a.getValue()),
             removed, dt: [dt.getElementName(), dt.getPublicId(), dt.getSystemId(), dt.getInternalSubset()],
             size: doc.getContentSize(), descendants: doc.getDescendants().length,
             detached: doc.detachRootElement().getName(), after: doc.getRootElement() };
         }",
    );
    assert_eq!(
        got,
        json!({
            "had": false,
            "out": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><!--top--><html lang=\"fr\" />\r\n",
            "attrs": ["lang=fr"], "removed": [true, false],
            "dt": ["html", "-//W3C//DTD XHTML 1.0 Strict//EN", "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd", null],
            "size": 3, "descendants": 3, "detached": "html", "after": null,
        })
    );
}

#[test]
fn malformed_input_throws_the_platform_errors() {
    let cases = [
        (
            "<html><body><p>a<br></p></body></html>",
            "Exception: Error on line 1: The element type \"br\" must be terminated by the matching end-tag \"</br>\".",
        ),
        ("<p>&nbsp;</p>", "Exception: Error on line 1: The entity \"nbsp\" was referenced, but not declared."),
        ("Not XML", "Exception: Error on line 1: Content is not allowed in prolog."),
        ("", "Exception: Error on line 1: Premature end of file."),
        (
            "<a>\\n<b>\\n</a>",
            "Exception: Error on line 3: The element type \"b\" must be terminated by the matching end-tag \"</b>\".",
        ),
    ];
    for (xml, expected) in cases {
        assert_eq!(thrown(&format!("XmlService.parse('{xml}')")), expected, "{xml}");
    }
}

#[test]
fn the_tree_refuses_what_jdom_refuses() {
    assert_eq!(
        thrown("const a = XmlService.createElement('a'); const b = XmlService.createElement('b'); a.addContent(b); XmlService.createElement('c').addContent(b)"),
        "Exception: The Content already has an existing parent \"a\""
    );
    assert_eq!(
        thrown("XmlService.createElement('1a')"),
        "Exception: The name \"1a\" is not legal for JDOM/XML element: XML names cannot begin with the character \"1\"."
    );
    assert_eq!(
        thrown("XmlService.createDocument(XmlService.createElement('a')).addContent(XmlService.createText('t'))"),
        "Exception: A Text is not allowed at the document root"
    );
    assert!(thrown("XmlService.parse()").starts_with("Exception: "));
}

#[test]
fn every_xml_class_is_implemented() {
    // `gas-sim api XmlService`: a method left out would throw "does not implement".
    let got = eval(
        "function main() {
           const e = XmlService.createElement('e');
           return [typeof e.getChild, typeof XmlService.createDocType('x').setInternalSubset, String(XmlService.ContentTypes.ELEMENT)];
         }",
    );
    assert_eq!(got, json!(["function", "function", "ELEMENT"]));
}
