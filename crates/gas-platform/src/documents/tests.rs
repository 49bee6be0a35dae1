use super::runs;
use super::search::Found;
use super::*;

fn doc_of(lines: &[&str]) -> Doc {
    let lines: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    Doc::with_paragraphs(&lines, None, None).unwrap()
}

fn first_text(doc: &Doc) -> NodeId {
    doc.texts(doc.body)[0]
}

/// Observed: a new document's body is one empty paragraph, so appending gives "\n" + text.
#[test]
fn a_new_document_holds_one_empty_paragraph() {
    let mut doc = Doc::new();
    assert_eq!(doc.node(doc.body).unwrap().children.len(), 1);
    let p = doc.new_block(Kind::Paragraph, "Hello").unwrap();
    doc.attach(doc.body, None, p).unwrap();
    assert_eq!(doc.text_of(doc.body).unwrap(), "\nHello");
    doc.check().unwrap();
}

/// Observed: the last paragraph of a section cannot be removed.
#[test]
fn the_last_paragraph_of_a_section_stays() {
    let mut doc = doc_of(&["a", "b"]);
    let children = doc.node(doc.body).unwrap().children.clone();
    doc.remove(children[0]).unwrap();
    assert_eq!(doc.remove(children[1]).unwrap_err().message, text::LAST_PARAGRAPH);
    doc.clear(doc.body).unwrap();
    assert_eq!(doc.node(doc.body).unwrap().children.len(), 1, "clear keeps one paragraph");
}

/// Documented: replaceText takes an RE2 pattern, matched in each text element on its own.
#[test]
fn replace_text_is_re2_per_text_element() {
    let mut doc = doc_of(&["Dear {{name}},", "You owe {{amount}}.", "{{name"]);
    // RE2 reads a brace that opens no repetition as a brace: the usual placeholder.
    assert_eq!(doc.replace_text(doc.body, "{{name}}", "Ada").unwrap(), 1);
    assert_eq!(doc.replace_text(doc.body, "\\{\\{amount\\}\\}", "$100.50").unwrap(), 1);
    assert_eq!(doc.text_of(doc.body).unwrap(), "Dear Ada,\nYou owe $100.50.\n{{name");
    // Assumed: `$n` naming a group is the group; other `$` are literal.
    assert_eq!(doc.replace_text(doc.body, "(Dear) (Ada)", "$2, ${1}! $9 $").unwrap(), 1);
    assert!(doc.text_of(doc.body).unwrap().starts_with("Ada, Dear! $9 $,"));
    // A pattern spanning two paragraphs never matches (each text block on its own).
    assert_eq!(doc.replace_text(doc.body, "\\.\\n\\{", "x").unwrap(), 0);
    assert_eq!(doc.replace_text(doc.body, "(", "x").unwrap_err().message, text::BAD_PATTERN);
    // Lookahead is not RE2.
    assert!(doc.replace_text(doc.body, "a(?=b)", "x").is_err());
}

#[test]
fn replaced_text_keeps_the_attributes_of_what_it_replaced() {
    let mut doc = doc_of(&["ab {{x}} cd"]);
    let t = first_text(&doc);
    runs::set_attr(doc.node_mut(t).unwrap(), 3, 8, "BOLD", Some(&AttrValue::Bool(true)));
    doc.replace_text(doc.body, "\\{\\{x\\}\\}", "Grace").unwrap();
    let node = doc.node(t).unwrap();
    assert_eq!(node.text, "ab Grace cd");
    assert_eq!(runs::attrs_at(node, 3).get("BOLD"), Some(&AttrValue::Bool(true)));
    assert_eq!(runs::attrs_at(node, 7).get("BOLD"), Some(&AttrValue::Bool(true)));
    assert_eq!(runs::attrs_at(node, 8).get("BOLD"), None);
    assert_eq!(runs::run_starts(node), vec![0, 3, 8]);
    doc.check().unwrap();
}

#[test]
fn find_text_walks_on_from_a_previous_result() {
    let doc = doc_of(&["one cat", "two cats cat"]);
    let first = doc.find_text(doc.body, "cat", None).unwrap().unwrap();
    assert_eq!((first.start, first.end_inclusive), (4, 6));
    let second = doc.find_text(doc.body, "cat", Some(first)).unwrap().unwrap();
    assert_eq!((second.start, second.end_inclusive), (4, 6));
    assert_ne!(second.element, first.element);
    let third = doc.find_text(doc.body, "cat", Some(second)).unwrap().unwrap();
    assert_eq!(third.start, 9);
    assert_eq!(doc.find_text(doc.body, "cat", Some(third)).unwrap(), None);
    let gone = Found { element: 9_999, start: 0, end_inclusive: 0 };
    assert_eq!(doc.find_text(doc.body, "cat", Some(gone)).unwrap(), None);
}

#[test]
fn text_runs_split_merge_and_inherit() {
    let mut doc = doc_of(&["hello world"]);
    let t = first_text(&doc);
    let node = doc.node_mut(t).unwrap();
    runs::set_attr(node, 0, 5, "ITALIC", Some(&AttrValue::Bool(true)));
    runs::splice(node, 5, 5, "!!");
    assert_eq!(node.text, "hello!! world");
    assert_eq!(runs::attrs_at(node, 6).get("ITALIC"), Some(&AttrValue::Bool(true)), "inserted text inherits");
    runs::set_attr(node, 0, 13, "ITALIC", None);
    assert_eq!(node.runs.len(), 1, "equal neighbours merge");
    assert_eq!(runs::uniform(node, "ITALIC"), None);
    assert_eq!(runs::check_range(3, 0, 3).unwrap_err().message, text::OFFSET);
    assert_eq!(runs::check_range(3, 1, 2).unwrap(), (1, 3));
}

#[test]
fn copies_are_detached_and_insert_anywhere() {
    let mut doc = doc_of(&["template"]);
    let paragraph = doc.node(doc.body).unwrap().children[0];
    let copy = doc.copy_subtree(paragraph).unwrap();
    assert!(!doc.is_attached(copy));
    assert_eq!(doc.attach(doc.body, Some(5), copy).unwrap_err().message, text::CHILD_INDEX);
    doc.attach(doc.body, Some(0), copy).unwrap();
    assert_eq!(doc.attach(doc.body, None, copy).unwrap_err().message, text::NOT_DETACHED);
    let mut other = Doc::new();
    let moved = other.transplant(&doc, copy).unwrap();
    other.attach(other.body, None, moved).unwrap();
    assert_eq!(other.text_of(other.body).unwrap(), "\ntemplate");
    doc.check().unwrap();
    other.check().unwrap();
}

#[test]
fn tables_hold_rows_of_cells() {
    let mut doc = Doc::new();
    let table = doc.new_table(&[vec!["a".into(), "b".into()], vec!["c".into(), "d".into()]]).unwrap();
    doc.attach(doc.body, None, table).unwrap();
    assert_eq!(doc.text_of(table).unwrap(), "a\tb\nc\td");
    let p = doc.new_block(Kind::Paragraph, "x").unwrap();
    assert_eq!(doc.attach(table, None, p).unwrap_err().message, text::NOT_A_CONTAINER);
    doc.check().unwrap();
}

/// Documented: a document holds up to 1.02 million characters.
#[test]
fn a_document_past_its_size_is_refused() {
    let mut doc = doc_of(&["x"]);
    let big = "y".repeat(DOCUMENT_CHARS_MAX + 1);
    let t = first_text(&doc);
    assert_eq!(doc.set_text(t, &big).unwrap_err().message, text::TOO_LARGE);
    assert_eq!(doc.text_of(doc.body).unwrap(), "x", "a refused change changes nothing");
    let ok = "y".repeat(DOCUMENT_CHARS_MAX - 10);
    doc.set_text(t, &ok).unwrap();
}

#[test]
fn open_and_copy_by_id() {
    let mut docs = Documents::default();
    assert_eq!(docs.open("nope", false).unwrap_err().message, text::MISSING);
    assert!(docs.open("made-by-api", true).is_ok(), "a Drive document without content opens empty");
    docs.create("a").unwrap();
    docs.copy_content("a", "b").unwrap();
    assert_eq!(docs.get("a").unwrap(), docs.get("b").unwrap());
    assert_eq!(id_of_url("https://docs.google.com/document/d/abc123/edit?usp=x"), Some("abc123"));
    assert_eq!(id_of_url("https://example.com/x"), None);
}

#[test]
fn pdf_is_deterministic_and_paginates() {
    let mut doc = doc_of(&["Invoice", "Dear Ada, \u{e9}t\u{e9} \u{4e2d}"]);
    let heading = doc.node(doc.body).unwrap().children[0];
    doc.node_mut(heading).unwrap().attrs.insert("HEADING".into(), AttrValue::Text("HEADING1".into()));
    let a = render_pdf(&doc, "Invoice");
    assert!(a.starts_with(b"%PDF-"));
    assert_eq!(a, render_pdf(&doc, "Invoice"), "byte-identical");
    let page_count = |bytes: &[u8]| String::from_utf8_lossy(bytes).matches("/Type /Page\n").count();
    let long: Vec<String> = (0..200).map(|i| format!("line {i}")).collect();
    let long_doc = Doc::with_paragraphs(&long, None, None).unwrap();
    let bytes = render_pdf(&long_doc, "long");
    assert!(String::from_utf8_lossy(&bytes).contains("/Count 5"), "200 lines of 11 pt take 5 pages");
    let _ = page_count;
}

#[test]
fn bad_state_trees_are_refused() {
    let mut doc = doc_of(&["a"]);
    let p = doc.node(doc.body).unwrap().children[0];
    doc.node_mut(p).unwrap().parent = None;
    assert!(doc.check().unwrap_err().contains("does not belong"));
    let mut doc = doc_of(&["a"]);
    let t = first_text(&doc);
    doc.node_mut(t).unwrap().runs[0].len = 7;
    assert!(doc.check().unwrap_err().contains("runs do not cover"));
}

/// Documented: "Docs created" 250 a day for a consumer account (quotas page).
#[test]
fn documents_created_count_toward_the_daily_quota() {
    let mut world = crate::World::new();
    for _ in 0..crate::quotas::DOCUMENTS_CREATED_PER_DAY_CONSUMER {
        world.charge_document_created(chrono_tz::UTC, 1_000).unwrap();
    }
    let err = world.charge_document_created(chrono_tz::UTC, 1_000).unwrap_err();
    assert_eq!(err.message, crate::quotas::DOCUMENTS_QUOTA_MESSAGE);
    assert!(world.charge_document_created(chrono_tz::UTC, 1_000 + crate::time::MS_PER_DAY).is_ok(), "a new day");
}

/// A state file keeps documents as they were (ids as JSON keys), and a broken one is refused
/// with the key.
#[test]
fn documents_round_trip_through_a_state_file() {
    let mut world = crate::World::new();
    let mut doc = doc_of(&["Hello {{name}}"]);
    let t = first_text(&doc);
    runs::set_attr(doc.node_mut(t).unwrap(), 0, 5, "BOLD", Some(&AttrValue::Bool(true)));
    doc.add_section(Kind::HeaderSection).unwrap();
    world.documents.docs.insert("d1".into(), doc);
    let known = crate::calls::MethodNames::default();
    let back = crate::World::from_json(&world.to_json(), &known).unwrap();
    assert_eq!(back, world);
    let broken = world.to_json().replace("\"len\": 5", "\"len\": 50");
    let err = crate::World::from_json(&broken, &known).unwrap_err();
    assert!(err.starts_with("documents.docs.d1: nodes."), "{err}");
}

/// gas-sim's bound: tables nested in cells stop at NESTING_MAX levels, with a message.
#[test]
fn nesting_is_bounded() {
    let mut doc = Doc::new();
    let mut holder = doc.body;
    let mut refused = None;
    for _ in 0..NESTING_MAX {
        let table = doc.new_table(&[vec!["x".into()]]).unwrap();
        if let Err(e) = doc.attach(holder, None, table) {
            refused = Some(e.message);
            break;
        }
        holder = doc.node(doc.node(table).unwrap().children[0]).unwrap().children[0];
    }
    assert_eq!(refused.as_deref(), Some(text::TOO_DEEP));
    assert!(doc.text_of(doc.body).unwrap().ends_with('x'));
    doc.check().unwrap();
}
