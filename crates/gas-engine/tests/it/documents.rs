//! DocumentApp seen from a script: documents made and opened, the body's paragraphs,
//! list items and tables, text and its attributes, replaceText and findText, headers and
//! footers, copies through DriveApp, saveAndClose, the PDF export mailed as an
//! attachment, and the platform's errors.

use crate::support;

use serde_json::json;
use support::*;

fn main_of(body: &str) -> String {
    format!("function main() {{\n{body}\n}}")
}

fn eval_body(world: &SharedWorld, body: &str) -> serde_json::Value {
    eval_in(world, &main_of(body))
}

#[test]
fn a_document_holds_paragraphs_list_items_and_tables() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const doc = DocumentApp.create('Report');
         const body = doc.getBody();
         const title = body.appendParagraph('Quarterly report');
         title.setHeading(DocumentApp.ParagraphHeading.HEADING1).setAlignment(DocumentApp.HorizontalAlignment.CENTER);
         body.appendListItem('first').setGlyphType(DocumentApp.GlyphType.NUMBER);
         body.appendListItem('second').setNestingLevel(1);
         const table = body.appendTable([['a', 'b'], ['c', 'd']]);
         body.insertParagraph(0, 'Top');
         const child = body.getChild(2);
         return {
           id: doc.getId() === DriveApp.getFilesByType(MimeType.GOOGLE_DOCS).next().getId(),
           name: doc.getName(), url: /^https:\\/\\/docs\\.google\\.com\\/document\\/d\\//.test(doc.getUrl()),
           text: body.getText(), n: body.getNumChildren(),
           heading: title.getHeading() === DocumentApp.ParagraphHeading.HEADING1, align: title.getAlignment(),
           type: String(child.getType()), cls: String(child), asP: child.asParagraph().getText(),
           items: body.getListItems().map((li) => [li.getText(), li.getNestingLevel(), li.getGlyphType()]),
           sameList: body.getListItems()[0].getListId() === body.getListItems()[1].getListId(),
           paragraphs: body.getParagraphs().length,
           cell: table.getCell(1, 0).getText(), rows: table.getNumRows(), cells: table.getRow(0).getNumCells(),
           cellParent: String(table.getCell(0, 1).getParentTable()),
           index: body.getChildIndex(table), parent: String(title.getParent().getType()),
           next: title.getNextSibling().getText(), prev: String(title.getPreviousSibling().getType()),
           end: table.isAtDocumentEnd(),
         };",
    );
    assert_eq!(
        got,
        json!({
            "id": true, "name": "Report", "url": true,
            "text": "Top\n\nQuarterly report\nfirst\nsecond\na\tb\nc\td", "n": 6,
            "heading": true, "align": "CENTER",
            "type": "PARAGRAPH", "cls": "Paragraph", "asP": "Quarterly report",
            "items": [["first", 0, "NUMBER"], ["second", 1, "BULLET"]], "sameList": true,
            "paragraphs": 9, "cell": "c", "rows": 2, "cells": 2, "cellParent": "Table",
            "index": 5, "parent": "BODY_SECTION", "next": "first", "prev": "PARAGRAPH", "end": true,
        })
    );
}

#[test]
fn a_document_has_one_tab_whose_body_header_and_footer_are_the_documents() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const doc = DocumentApp.create('Tabs');
         doc.getBody().appendParagraph('in the body');
         const tabs = doc.getTabs();
         const tab = tabs[0];
         const docTab = tab.asDocumentTab();
         docTab.getBody().appendParagraph('through the tab');
         docTab.addHeader().appendParagraph('head');
         let gap = '';
         try { docTab.getBookmark('b'); } catch (e) { gap = e.message; }
         return {
           n: tabs.length, id: tab.getId(), title: tab.getTitle(), index: tab.getIndex(),
           type: String(tab.getType()), children: tab.getChildTabs().length,
           cls: String(tab), docCls: String(docTab),
           same: doc.getTab(tab.getId()).getTitle(), none: doc.getTab('t.nope'),
           text: doc.getBody().getText(), header: doc.getHeader().getText(),
           viaTab: docTab.getHeader().getText(), bookmarks: docTab.getBookmarks().length + doc.getBookmarks().length + doc.getFootnotes().length, gap,
         };",
    );
    assert_eq!(
        got,
        json!({
            "n": 1, "id": "t.0", "title": "Tab 1", "index": 0, "type": "DOCUMENT_TAB", "children": 0,
            "cls": "Tab", "docCls": "DocumentTab", "same": "Tab 1", "none": null,
            "text": "\nin the body\nthrough the tab", "header": "\nhead", "viaTab": "\nhead", "bookmarks": 0,
            "gap": "gas-sim does not implement DocumentTab.getBookmark()",
        })
    );
}

/// A 3 x 2 PNG, base64 (gas-platform's documents/images.rs has its bytes).
const PNG_3X2_BASE64: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg==";

#[test]
fn inline_images_go_into_paragraphs_keep_their_bytes_and_refuse_what_is_no_image() {
    let world = new_world();
    let got = eval_body(
        &world,
        &format!(
            "const png = Utilities.newBlob(Utilities.base64Decode('{PNG_3X2_BASE64}'), 'application/octet-stream', 'logo.png');
             const doc = DocumentApp.create('Letter');
             const body = doc.getBody();
             const image = body.appendImage(png);
             const p = body.appendParagraph('Signed: ');
             const sig = p.appendInlineImage(png).setWidth(30).setHeight(20).setAltTitle('signature');
             sig.setLinkUrl('https://example.com');
             let bad = '';
             try {{ body.appendImage(Utilities.newBlob('not an image', 'image/png', 'x.png')); }} catch (e) {{ bad = e.message; }}
             let convert = '';
             try {{ image.getAs('image/jpeg'); }} catch (e) {{ convert = e.message; }}
             const blob = image.getBlob();
             return {{
               cls: String(image), type: String(image.getType()), parent: String(image.getParent()),
               size: [image.getWidth(), image.getHeight()], sig: [sig.getWidth(), sig.getHeight(), sig.getAltTitle(),
               sig.getAltDescription(), sig.getLinkUrl()], text: p.getText(), children: p.getNumChildren(),
               images: body.getImages().length, blob: [blob.getContentType(), blob.getName(), blob.getBytes().length],
               same: Utilities.base64Encode(blob.getBytes()) === '{PNG_3X2_BASE64}',
               attrs: image.getAttributes()[DocumentApp.Attribute.WIDTH], asImage: String(body.getChild(1).getChild(0).asInlineImage()),
               copied: String(image.copy()), bad, convert,
             }};"
        ),
    );
    assert_eq!(
        got,
        json!({
            "cls": "InlineImage", "type": "INLINE_IMAGE", "parent": "Paragraph", "size": [3, 2],
            "sig": [30, 20, "signature", null, "https://example.com"], "text": "Signed: ", "children": 2,
            "images": 2, "blob": ["image/png", "logo.png", 73], "same": true, "attrs": 3, "asImage": "InlineImage",
            "copied": "InlineImage", "bad": "Invalid image data.",
            "convert": "gas-sim does not implement Blob.getAs() from image/png to image/jpeg",
        })
    );
}

#[test]
fn named_ranges_mark_elements_a_template_fills_and_drop_removed_ones() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const doc = DocumentApp.create('Template');
         const body = doc.getBody();
         const greeting = body.appendParagraph('Dear NAME,');
         const total = body.appendParagraph('Total: AMOUNT');
         const text = total.editAsText();
         const range = doc.newRange().addElement(greeting).addElement(text, 7, 12).build();
         const named = doc.addNamedRange('fields', range);
         doc.addNamedRange('other', doc.newRange().addElement(total).build());
         const id = named.getId();
         const parts = doc.getNamedRangeById(id).getRange().getRangeElements()
           .map((re) => [String(re.getElement().getType()), re.isPartial(), re.getStartOffset(), re.getEndOffsetInclusive()]);
         greeting.removeFromParent();
         const after = doc.getNamedRanges('fields')[0].getRange().getRangeElements().length;
         let bad = '';
         try { doc.addNamedRange('', range); } catch (e) { bad = e.message; }
         doc.getNamedRanges('other')[0].remove();
         const reopened = DocumentApp.openById(doc.getId());
         return {
           id: id.startsWith('kix.'), name: named.getName(), parts, after, bad,
           names: reopened.getNamedRanges().map((r) => r.getName()), tab: doc.getTabs()[0].asDocumentTab().getNamedRanges().length,
           none: doc.getNamedRangeById('kix.nope'),
         };",
    );
    assert_eq!(
        got,
        json!({
            "id": true, "name": "fields", "parts": [["PARAGRAPH", false, -1, -1], ["TEXT", true, 7, 12]],
            "after": 1, "bad": "Invalid argument: name", "names": ["fields"], "tab": 1, "none": null,
        })
    );
}

#[test]
fn text_attributes_are_kept_per_character() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const body = DocumentApp.create('T').getBody();
         const p = body.appendParagraph('Hello ');
         p.appendText('world').setBold(true).setForegroundColor('#ff0000');
         const text = p.editAsText();
         text.setItalic(0, 4, true).setLinkUrl(0, 4, 'https://example.com').setFontSize(14);
         text.insertText(0, '>> ');
         text.deleteText(0, 2);
         const attrs = text.getAttributes(6);
         return {
           text: text.getText(), bold: [text.isBold(0), text.isBold(7), text.isBold()],
           italic: text.isItalic(1), link: text.getLinkUrl(1), size: text.getFontSize(),
           color: text.getForegroundColor(8), indices: text.getTextAttributeIndices(),
           attrs: [attrs[DocumentApp.Attribute.BOLD], attrs[DocumentApp.Attribute.FONT_SIZE]],
           pAttrs: p.getAttributes()[DocumentApp.Attribute.HEADING],
           badOffset: (() => { try { text.isBold(99); return 'no error'; } catch (e) { return String(e); } })(),
         };",
    );
    assert_eq!(
        got,
        json!({
            "text": "Hello world", "bold": [false, true, null], "italic": true, "link": "https://example.com",
            "size": 14, "color": "#ff0000", "indices": [0, 5, 6],
            "attrs": [true, 14], "pAttrs": "NORMAL",
            "badOffset": "Exception: Invalid argument: offset",
        })
    );
}

#[test]
fn replace_text_takes_re2_patterns_and_literal_replacements() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const doc = DocumentApp.create('Letter');
         const body = doc.getBody();
         body.setText('Dear {{name}},');
         body.appendParagraph('You owe {{amount}} (due {{ date }}).');
         body.replaceText('\\\\{\\\\{name\\\\}\\\\}', 'Ada');
         body.replaceText('\\\\{\\\\{amount\\\\}\\\\}', '$1,200.50 (a+b)*');
         body.replaceText('\\\\{\\\\{\\\\s*date\\\\s*\\\\}\\\\}', '2026-12-31');
         const found = body.findText('[0-9]+\\\\.[0-9]+');
         const next = body.findText('Ada', found);
         const bad = (() => { try { body.replaceText('(', 'x'); return 'no error'; } catch (e) { return String(e); } })();
         return {
           text: body.getText(), found: found.getElement().asText().getText().slice(found.getStartOffset(), found.getEndOffsetInclusive() + 1),
           partial: found.isPartial(), next, bad,
         };",
    );
    assert_eq!(
        got,
        json!({
            "text": "Dear Ada,\nYou owe $1,200.50 (a+b)* (due 2026-12-31).",
            "found": "200.50", "partial": true, "next": null,
            "bad": "Exception: Invalid regular expression pattern.",
        })
    );
}

#[test]
fn headers_footers_and_a_template_copied_through_drive() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const template = DocumentApp.create('Template');
         template.getBody().setText('Hello {{name}}');
         template.addHeader().setText('ACME');
         template.addFooter().appendParagraph('page');
         template.saveAndClose();
         const copyId = DriveApp.getFileById(template.getId()).makeCopy('Letter for Ada').getId();
         const copy = DocumentApp.openById(copyId);
         copy.getBody().replaceText('\\\\{\\\\{name\\\\}\\\\}', 'Ada');
         const url = DocumentApp.openByUrl(copy.getUrl()).getName();
         const merged = DocumentApp.create('All letters');
         merged.getBody().appendParagraph(copy.getBody().getChild(0).copy());
         merged.getBody().appendTable(DocumentApp.create('T').getBody().appendTable([['x']]).copy());
         return {
           copy: copy.getBody().getText(), header: copy.getHeader().getText(), footer: copy.getFooter().getText(),
           original: DocumentApp.openById(template.getId()).getBody().getText(), url,
           headerType: String(copy.getHeader().getType()),
           merged: merged.getBody().getText(),
         };",
    );
    assert_eq!(
        got,
        json!({
            "copy": "Hello Ada", "header": "ACME", "footer": "\npage",
            "original": "Hello {{name}}", "url": "Letter for Ada", "headerType": "HEADER_SECTION",
            "merged": "\nHello Ada\nx",
        })
    );
}

#[test]
fn a_closed_document_refuses_calls_and_unknown_ids_are_errors() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const attempt = (f) => { try { f(); return 'no error'; } catch (e) { return String(e); } };
         const doc = DocumentApp.create('Closed');
         const body = doc.getBody();
         doc.saveAndClose();
         return {
           doc: attempt(() => doc.getName()), body: attempt(() => body.appendParagraph('x')),
           reopened: DocumentApp.openById(doc.getId()).getName(),
           unknown: attempt(() => DocumentApp.openById('nope')),
           badUrl: attempt(() => DocumentApp.openByUrl('https://example.com/x')),
           active: DocumentApp.getActiveDocument(),
           ui: attempt(() => DocumentApp.getUi()),
           last: attempt(() => DocumentApp.create('One').getBody().getChild(0).removeFromParent()),
           gap: attempt(() => DocumentApp.create('G').getBody().getHeadingAttributes(DocumentApp.ParagraphHeading.TITLE)),
         };",
    );
    assert_eq!(
        got,
        json!({
            "doc": "Exception: Document is closed, its contents cannot be updated.",
            "body": "Exception: Document is closed, its contents cannot be updated.",
            "reopened": "Closed",
            "unknown": "Exception: Document is missing (perhaps it was deleted, or you don't have read access?)",
            "badUrl": "Exception: Document is missing (perhaps it was deleted, or you don't have read access?)",
            "active": null,
            "ui": "Exception: Cannot call DocumentApp.getUi() from this context.",
            "last": "Exception: Can't remove the last paragraph in a document section.",
            "gap": "Error: gas-sim does not implement Body.getHeadingAttributes()",
        })
    );
}

#[test]
fn the_pdf_export_is_a_real_pdf_that_mail_attaches() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const doc = DocumentApp.create('Invoice 7');
         doc.getBody().appendParagraph('Total: 10').setHeading(DocumentApp.ParagraphHeading.TITLE);
         doc.saveAndClose();
         const pdf = DriveApp.getFileById(doc.getId()).getAs(MimeType.PDF);
         const again = DocumentApp.openById(doc.getId()).getAs('application/pdf');
         MailApp.sendEmail({ to: 'ada@example.com', subject: 'Invoice', body: 'attached', attachments: [pdf] });
         return {
           name: pdf.getName(), type: pdf.getContentType(), head: pdf.getDataAsString().slice(0, 5),
           same: Utilities.base64Encode(pdf.getBytes()) === Utilities.base64Encode(again.getBytes()),
           blob: DocumentApp.openById(doc.getId()).getBlob().getName(),
           md: DocumentApp.openById(doc.getId()).getAs('text/markdown').getDataAsString(),
         };",
    );
    assert_eq!(
        got,
        json!({ "name": "Invoice 7.pdf", "type": "application/pdf", "head": "%PDF-", "same": true,
                "blob": "Invoice 7.pdf", "md": "\n\n# Total: 10\n" })
    );
    let state = state(&world);
    let attachment = &state.mail.sent[0].mail.attachments[0];
    assert_eq!((attachment.name.as_str(), attachment.content_type.as_str()), ("Invoice 7.pdf", "application/pdf"));
}

#[test]
fn casts_merges_and_sharing() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const attempt = (f) => { try { return f(); } catch (e) { return String(e); } };
         const doc = DocumentApp.create('M');
         const body = doc.getBody();
         body.appendParagraph('one');
         body.appendParagraph('two');
         const merged = body.getChild(2).merge();
         doc.addEditors(['b@example.com', 'c@example.com']).addViewer('d@example.com').removeEditor('c@example.com');
         return {
           merged: merged.getText(), n: body.getNumChildren(),
           cast: attempt(() => body.getChild(0).asTable()), date: attempt(() => body.getChild(0).asDate()),
           noMerge: attempt(() => body.getChild(0).merge()),
           editors: doc.getEditors().map((u) => u.getEmail()), viewers: doc.getViewers().map(String),
         };",
    );
    assert_eq!(
        got,
        json!({
            "merged": "onetwo", "n": 2,
            "cast": "Exception: Invalid cast: the element is of another type.",
            "date": "Exception: Invalid cast: the element is of another type.",
            "noMerge": "Exception: Element must have a preceding sibling of the same type to merge with.",
            "editors": ["user@example.com", "b@example.com"], "viewers": ["d@example.com"],
        })
    );
}

#[test]
fn the_daily_document_quota_refuses_the_251st_create() {
    let world = new_world();
    let got = eval_body(
        &world,
        "let made = 0;
         try { for (let i = 0; i < 300; i++) { DocumentApp.create('d' + i); made++; } } catch (e) { return [made, String(e)]; }
         return [made, 'no error'];",
    );
    assert_eq!(got, json!([250, "Exception: Service invoked too many times for one day: docs create."]));
}

#[test]
fn a_bodys_edit_as_text_spans_its_paragraphs() {
    let world = new_world();
    let got = eval_body(
        &world,
        "const body = DocumentApp.create('V').getBody();
         body.setText('ab');
         body.appendParagraph('cd');
         const text = body.editAsText();
         text.setBold(1, 3, true);
         text.insertText(3, 'X');
         text.deleteText(0, 0);
         text.appendText('!');
         const p = body.getChild(1).asParagraph().editAsText();
         return {
           all: text.getText(), paragraphs: body.getParagraphs().map((q) => q.getText()),
           bold: [text.isBold(0), text.isBold(2), text.isBold(3), text.isBold(4), text.isBold(5), p.isBold(0), p.isBold(1)],
           type: String(text.getType()), same: text.editAsText().getText(),
           found: text.findText('d!').getStartOffset(),
         };",
    );
    assert_eq!(
        got,
        json!({
            "all": "b\nXcd!", "paragraphs": ["b", "Xcd!"],
            // "X" went in before the bold "c" and took its attributes; "!" after "d".
            "bold": [true, true, true, false, false, true, true],
            "type": "TEXT", "same": "b\nXcd!", "found": 2,
        })
    );
}
