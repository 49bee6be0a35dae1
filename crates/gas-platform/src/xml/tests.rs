//! The XmlService rules: parse (and its error texts), the tree's checks, Format's output.

use super::*;

fn parsed(text: &str) -> (Store, Id) {
    let mut store = Store::default();
    let document = store.parse(text).unwrap();
    (store, document)
}

fn parse_error(text: &str) -> String {
    Store::default().parse(text).unwrap_err().message
}

fn root(store: &Store, document: Id) -> Id {
    store.root_element(document).unwrap().unwrap()
}

#[test]
fn parse_builds_elements_text_and_attributes() {
    let (store, document) = parsed("<root a=\"1\"><b>Text!</b><b>More &amp; &#65;</b><!--c--></root>");
    let root = root(&store, document);
    assert_eq!(store.element(root).unwrap().name, "root");
    let b = store.children(root, Some("b"), NO_NAMESPACE).unwrap();
    assert_eq!(b.len(), 2);
    assert_eq!(store.element_text(b[1]).unwrap(), "More & A");
    assert_eq!(store.value(root).unwrap(), "Text!More & A");
    let a = store.attribute_named(root, "a", NO_NAMESPACE).unwrap().unwrap();
    assert_eq!(store.attribute(a).unwrap().value, "1");
    assert_eq!(store.content(root).unwrap().len(), 3);
    assert_eq!(store.parent_element(b[0]), Some(root));
    assert_eq!(store.parent_element(root), None);
}

#[test]
fn names_without_a_namespace_find_only_elements_in_no_namespace() {
    // JDOM: getChild(name) is getChild(name, NO_NAMESPACE); an Atom feed needs its namespace.
    let (mut store, document) = parsed(
        r#"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>T</title><media:group x="1"/></feed>"#,
    );
    let feed = root(&store, document);
    assert!(store.children(feed, Some("title"), NO_NAMESPACE).unwrap().is_empty());
    let atom = store.get_namespace("", "http://www.w3.org/2005/Atom").unwrap();
    assert_eq!(store.children(feed, Some("title"), atom).unwrap().len(), 1);
    let media = store.namespace_in_scope(feed, "media").unwrap().unwrap();
    assert_eq!(store.namespace(media).unwrap().uri, "http://search.yahoo.com/mrss/");
    let group = store.children(feed, Some("group"), media).unwrap()[0];
    assert_eq!(store.qualified_name(group).unwrap(), "media:group");
    assert_eq!(store.namespace_in_scope(group, "").unwrap(), Some(atom));
}

#[test]
fn parse_errors_are_xerces_texts_with_their_line() {
    assert_eq!(
        parse_error("<html><body><p>a<br></p></body></html>"),
        "Error on line 1: The element type \"br\" must be terminated by the matching end-tag \"</br>\"."
    );
    assert_eq!(parse_error(""), "Error on line 1: Premature end of file.");
    assert_eq!(parse_error("{\"json\": 1}"), "Error on line 1: Content is not allowed in prolog.");
    assert_eq!(parse_error("<a>\n<b>\n</a>").split(':').next().unwrap(), "Error on line 3");
    assert_eq!(parse_error("<a>&nbsp;</a>"), "Error on line 1: The entity \"nbsp\" was referenced, but not declared.");
    assert_eq!(
        parse_error("<a>x</a><b/>"),
        "Error on line 1: The markup in the document following the root element must be well-formed."
    );
    assert_eq!(parse_error("<a>x</a>tail"), "Error on line 1: Content is not allowed in trailing section.");
    assert_eq!(
        parse_error("</a>"),
        "Error on line 1: The markup in the document preceding the root element must be well-formed."
    );
    assert_eq!(
        parse_error("<a>\n<b>"),
        "Error on line 2: XML document structures must start and end within the same entity."
    );
    assert_eq!(parse_error("<p:a/>"), "Error on line 1: The prefix \"p\" for element \"p:a\" is not bound.");
    assert_eq!(
        parse_error("<a href=\"?x=1&y=2\"/>"),
        "Error on line 1: The reference to entity \"y\" must end with the ';' delimiter."
    );
    assert_eq!(
        parse_error("<input disabled/>"),
        "Error on line 1: Attribute name \"disabled\" associated with an element type \"input\" must be followed by the ' = ' character."
    );
    assert_eq!(
        parse_error("<a b=\"1\" b=\"2\"/>"),
        "Error on line 1: Attribute \"b\" was already specified for element \"a\"."
    );
}

#[test]
fn parse_keeps_the_prolog_and_doctype() {
    let (store, document) = parsed("<?xml version=\"1.0\"?>\n<!DOCTYPE rss SYSTEM \"rss.dtd\">\n<!--top--><rss/>");
    let content = store.content(document).unwrap();
    assert_eq!(content.len(), 3);
    let doc_type = store.doc_type_of(document).unwrap().unwrap();
    match store.node(doc_type).unwrap() {
        Node::DocType(d) => assert_eq!((d.element_name.as_str(), d.system_id.as_deref()), ("rss", Some("rss.dtd"))),
        other => panic!("{other:?}"),
    }
}

#[test]
fn limits_are_named_errors() {
    let deep = "<a>".repeat(XML_DEPTH_MAX + 1);
    assert!(parse_error(&deep).contains("XML_DEPTH_MAX"));
}

#[test]
fn formats_match_jdom_output() {
    let (mut store, document) = parsed("<root><a><b>Text!</b><b>More text!</b></a></root>");
    let raw = store.format_document(&Format::raw(), document).unwrap();
    assert_eq!(
        raw,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<root><a><b>Text!</b><b>More text!</b></a></root>\r\n"
    );
    let pretty = store.format_document(&Format::pretty(), document).unwrap();
    assert_eq!(
        pretty,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<root>\r\n  <a>\r\n    <b>Text!</b>\r\n    <b>More text!</b>\r\n  </a>\r\n</root>\r\n"
    );
    let root = root(&store, document);
    let empty = store.create_element("empty", NO_NAMESPACE).unwrap();
    store.add_content(root, None, empty).unwrap();
    let compact = Format { omit_declaration: true, ..Format::compact() };
    assert_eq!(
        store.format_document(&compact, document).unwrap(),
        "<root><a><b>Text!</b><b>More text!</b></a><empty /></root>\r\n"
    );
    assert_eq!(store.format_element(&Format::pretty(), empty).unwrap(), "<empty />");
}

#[test]
fn text_modes_and_escapes() {
    let (store, document) = parsed("<r x=\"a&quot;b\tc\">  one   two &lt; \u{e9} </r>");
    let root = root(&store, document);
    let r = |format: Format| store.format_element(&format, root).unwrap();
    assert_eq!(r(Format::raw()), "<r x=\"a&quot;b c\">  one   two &lt; \u{e9} </r>");
    assert_eq!(r(Format::compact()), "<r x=\"a&quot;b c\">one two &lt; \u{e9}</r>");
    assert_eq!(r(Format::pretty()), "<r x=\"a&quot;b c\">one   two &lt; \u{e9}</r>");
    let ascii = Format { encoding: "US-ASCII".into(), ..Format::raw() };
    assert!(r(ascii).contains("&#xe9;"));
}

#[test]
fn namespaces_are_declared_where_first_needed() {
    let mut store = Store::default();
    let atom = store.get_namespace("", "http://www.w3.org/2005/Atom").unwrap();
    let media = store.get_namespace("media", "http://search.yahoo.com/mrss/").unwrap();
    let feed = store.create_element("feed", atom).unwrap();
    let entry = store.create_element("entry", atom).unwrap();
    let thumb = store.create_element("thumbnail", media).unwrap();
    store.add_content(feed, None, entry).unwrap();
    store.add_content(entry, None, thumb).unwrap();
    assert_eq!(
        store.format_element(&Format::raw(), feed).unwrap(),
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><media:thumbnail xmlns:media=\"http://search.yahoo.com/mrss/\" /></entry></feed>"
    );
    assert!(store
        .get_namespace("p", "")
        .unwrap_err()
        .message
        .contains("Namespace URIs must be non-null and non-empty"));
}

#[test]
fn the_tree_refuses_what_jdom_refuses() {
    let mut store = Store::default();
    let a = store.create_element("a", NO_NAMESPACE).unwrap();
    let b = store.create_element("b", NO_NAMESPACE).unwrap();
    store.add_content(a, None, b).unwrap();
    assert_eq!(
        store.add_content(b, None, a).unwrap_err().message,
        "The Element cannot be added as a descendent of itself"
    );
    assert_eq!(store.add_content(a, None, a).unwrap_err().message, "The Element cannot be added to itself");
    let c = store.create_element("c", NO_NAMESPACE).unwrap();
    assert_eq!(store.add_content(c, None, b).unwrap_err().message, "The Content already has an existing parent \"a\"");
    let document = store.create_document().unwrap();
    store.add_content(document, None, a).unwrap();
    assert_eq!(
        store.add_content(document, None, c).unwrap_err().message,
        "Cannot add a second root element, only one is allowed"
    );
    let text = store.create_text("t").unwrap();
    assert_eq!(
        store.add_content(document, None, text).unwrap_err().message,
        "A Text is not allowed at the document root"
    );
    assert_eq!(
        store.create_element("1a", NO_NAMESPACE).unwrap_err().message,
        "The name \"1a\" is not legal for JDOM/XML element: XML names cannot begin with the character \"1\"."
    );
    assert_eq!(
        store.create_comment("a--b").unwrap_err().message,
        "The data \"a--b\" is not legal for a JDOM comment: Comments cannot contain double hyphens (--)."
    );
    assert_eq!(store.add_content(a, Some(5), c).unwrap_err().message, "Index: 5 Size: 1");
}

#[test]
fn detach_clone_and_set_text() {
    let (mut store, document) = parsed("<r><a k=\"v\">x<b>y</b></a></r>");
    let root = root(&store, document);
    let a = store.children(root, Some("a"), NO_NAMESPACE).unwrap()[0];
    let copy = store.clone_node(a).unwrap();
    assert_eq!(store.parent(copy), None);
    assert_eq!(store.format_element(&Format::raw(), copy).unwrap(), "<a k=\"v\">x<b>y</b></a>");
    store.detach(a).unwrap();
    assert!(store.content(root).unwrap().is_empty());
    store.set_element_text(copy, "z").unwrap();
    assert_eq!(store.value(copy).unwrap(), "z");
    assert_eq!(store.descendants(copy).unwrap().len(), 1);
    store.set_attribute_value(copy, "k", "w", NO_NAMESPACE).unwrap();
    assert_eq!(store.format_element(&Format::raw(), copy).unwrap(), "<a k=\"w\">z</a>");
}

#[test]
fn malformed_input_is_an_error_never_a_panic() {
    let inputs = [
        "<\u{e9} a b/>",
        "<a \u{e9}=x/>",
        "<a \u{e9}=\"1\" \u{e9}=\"2\"/>",
        "&",
        "<a>&#xD800;</a>",
        "<a>&#99999999;</a>",
        "<a>&#x;</a>",
        "<![CDATA[x]]>",
        "<?xml version=\"1.0\"?><?xml x?><a/>",
        "<a><?xml x?></a>",
        "<!DOCTYPE>",
        "<a/><!DOCTYPE a>",
        "</a>",
        "<a></b>",
        "<a\u{0}/>",
        "<a>\u{1}</a>",
        "<a b='<'/>",
        "<a>]]></a>",
        "<a><!-- x -- y --></a>",
        "<a b=\"&#1;\"/>",
        "<a b=\"&unknown;\"/>",
        "<a:b:c/>",
        "<a xmlns:p=\"\"><p:b/></a>",
        "\u{feff}<a/>",
    ];
    for input in inputs {
        if let Err(error) = Store::default().parse(input) {
            assert!(error.message.starts_with("Error on line "), "{input:?}: {}", error.message);
        }
    }
}
