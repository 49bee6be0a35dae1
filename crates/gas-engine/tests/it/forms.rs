//! FormApp seen from a script: a form built with the common items, its settings, items
//! found, moved and converted (with the platform's conversion error), responses built,
//! submitted and read back, the destination sheet's rows, and the form-submit trigger of
//! a form with its event object.

use crate::support;

use gas_engine::ExecutionSpec;
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::trigger_events;
use gas_platform::triggers::EventSource;
use serde_json::json;
use support::*;

#[test]
fn a_form_is_built_with_the_common_items_and_read_back() {
    let got = eval(
        "function main() {
           const form = FormApp.create('Registration').setDescription('Sign up').setConfirmationMessage('Thanks!');
           form.setCollectEmail(true).setLimitOneResponsePerUser(true).setAllowResponseEdits(true);
           form.addTextItem().setTitle('Name').setRequired(true).setHelpText('Your full name');
           form.addParagraphTextItem().setTitle('Comments');
           const mc = form.addMultipleChoiceItem().setTitle('Meal');
           mc.setChoices([mc.createChoice('Fish'), mc.createChoice('Veg')]).showOtherOption(true);
           form.addCheckboxItem().setTitle('Days').setChoiceValues(['Fri', 'Sat']);
           form.addListItem().setTitle('Size').setChoiceValues(['S', 'M', 'L']);
           form.addScaleItem().setTitle('Mood').setBounds(0, 10).setLabels('low', 'high');
           form.addDateItem().setTitle('Arrival').setIncludesYear(false);
           form.addTimeItem().setTitle('At');
           form.addGridItem().setTitle('Rate').setRows(['Food', 'Music']).setColumns(['Bad', 'Good']);
           form.addCheckboxGridItem().setTitle('Slots').setRows(['Mon']).setColumns(['AM', 'PM']);
           form.addSectionHeaderItem().setTitle('The end');
           const items = form.getItems();
           const again = FormApp.openById(form.getId());
           return {
             id: form.getId(), title: again.getTitle(), description: again.getDescription(),
             confirmation: again.getConfirmationMessage(), email: again.collectsEmail(),
             one: again.hasLimitOneResponsePerUser(), edits: again.canEditResponse(),
             accepting: again.isAcceptingResponses(), url: again.getEditUrl(),
             byUrl: FormApp.openByUrl(again.getPublishedUrl()).getTitle(),
             types: items.map((i) => String(i.getType())),
             name: [items[0].getTitle(), items[0].asTextItem().isRequired(), items[0].getHelpText()],
             meal: items[2].asMultipleChoiceItem().getChoices().map((c) => c.getValue()),
             other: items[2].asMultipleChoiceItem().hasOtherOption(),
             size: items[4].asListItem().getChoices().map((c) => c.getValue()),
             scale: (s => [s.getLowerBound(), s.getUpperBound(), s.getLeftLabel(), s.getRightLabel()])(items[5].asScaleItem()),
             year: items[6].asDateItem().includesYear(),
             grid: [items[8].asGridItem().getRows(), items[8].asGridItem().getColumns()],
             texts: form.getItems(FormApp.ItemType.TEXT).length, index: items[9].getIndex(),
             same: form.getItemById(items[3].getId()).getTitle(), none: form.getItemById(1),
             isItemType: items[0].getType() === FormApp.ItemType.TEXT,
           };
         }",
    );
    assert_eq!(
        got,
        json!({
            "id": "form-0001", "title": "Registration", "description": "Sign up", "confirmation": "Thanks!",
            "email": true, "one": true, "edits": true, "accepting": true,
            "url": "https://docs.google.com/forms/d/form-0001/edit", "byUrl": "Registration",
            "types": ["TEXT", "PARAGRAPH_TEXT", "MULTIPLE_CHOICE", "CHECKBOX", "LIST", "SCALE", "DATE", "TIME",
                      "GRID", "CHECKBOX_GRID", "SECTION_HEADER"],
            "name": ["Name", true, "Your full name"], "meal": ["Fish", "Veg"], "other": true,
            "size": ["S", "M", "L"], "scale": [0, 10, "low", "high"], "year": false,
            "grid": [["Food", "Music"], ["Bad", "Good"]], "texts": 1, "index": 9, "same": "Days", "none": null,
            "isItemType": true,
        })
    );
}

#[test]
fn a_quiz_scores_choices_by_their_answer_key_and_keeps_the_grades_a_script_gives() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           const form = FormApp.create('Quiz').setIsQuiz(true);
           const q = form.addMultipleChoiceItem().setTitle('2+2?').setPoints(2);
           q.setChoices([q.createChoice('3', false), q.createChoice('4', true)]);
           const why = FormApp.createFeedback().setText('Right').addLink('https://example.com/why', 'why');
           q.setFeedbackForCorrect(why.build());
           const c = form.addCheckboxItem().setTitle('primes').setPoints(3);
           c.setChoices([c.createChoice('2', true), c.createChoice('4', false), c.createChoice('5', true)]);
           const t = form.addTextItem().setTitle('name').setPoints(1);
           form.addSectionHeaderItem().setTitle('end');
           const r = form.createResponse().withItemResponse(q.createResponse('4'))
             .withItemResponse(c.createResponse(['2'])).submit();
           const computed = r.getGradableItemResponses().map((ir) => [ir.getItem().getTitle(), ir.getResponse(), ir.getScore()]);
           const graded = r.getGradableResponseForItem(t).setScore(1)
             .setFeedback(FormApp.createFeedback().setText('ok').build());
           r.withItemGrade(graded);
           form.submitGrades([r]);
           const kept = form.getResponse(r.getId());
           const scores = kept.getGradableItemResponses().map((ir) => ir.getScore());
           let negative = '';
           try { t.setPoints(-1); } catch (e) { negative = e.message; }
           let draft = '';
           try { form.submitGrades([form.createResponse()]); } catch (e) { draft = e.message; }
           const plain = FormApp.create('Survey');
           const p = plain.addTextItem().setTitle('x');
           const pr = plain.createResponse().withItemResponse(p.createResponse('y')).submit();
           const fb = q.getFeedbackForCorrect();
           return {
             quiz: form.isQuiz(), plainQuiz: plain.isQuiz(), points: [q.getPoints(), c.getPoints(), t.getPoints()],
             computed, scores, feedback: kept.getGradableResponseForItem(t).getFeedback().getText(), unanswered: kept.getResponseForItem(t),
             correct: [fb.getText(), fb.getLinkUrls()], incorrect: q.getFeedbackForIncorrect(),
             general: t.getGeneralFeedback(), negative, draft, plainScore: pr.getItemResponses()[0].getScore(),
           };
         }",
    );
    assert_eq!(
        got,
        json!({
            "quiz": true, "plainQuiz": false, "points": [2, 3, 1],
            "computed": [["2+2?", "4", 2], ["primes", ["2"], 0], ["name", "", 0]],
            "scores": [2, 0, 1], "feedback": "ok", "unanswered": null,
            "correct": ["Right", ["https://example.com/why"]], "incorrect": null, "general": null,
            "negative": "Invalid argument: points", "draft": "No response with ID null exists for this form.",
            "plainScore": null,
        })
    );
}

#[test]
fn image_and_video_items_keep_their_media_width_and_alignment() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           const png = Utilities.newBlob(Utilities.base64Decode(
             'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg=='),
             'image/png', 'map.png');
           const form = FormApp.create('Venue');
           const image = form.addImageItem().setTitle('Map');
           const before = [image.getImage(), image.getWidth(), image.getAlignment()];
           image.setImage(png).setAlignment(FormApp.Alignment.CENTER);
           const natural = image.getWidth();
           image.setWidth(300);
           const video = form.addVideoItem().setTitle('Tour').setVideoUrl('https://youtu.be/dQw4w9WgXcQ');
           const errors = [];
           for (const f of [() => video.setVideoUrl('https://vimeo.com/1'), () => image.setImage(Utilities.newBlob('x')),
                            () => video.setWidth(-5)]) {
             try { f(); errors.push('none'); } catch (e) { errors.push(e.message); }
           }
           const blob = form.getItems(FormApp.ItemType.IMAGE)[0].asImageItem().getImage();
           return { before, natural, width: image.getWidth(), align: image.getAlignment(),
                    blob: [blob.getContentType(), blob.getName(), blob.getBytes().length],
                    video: [video.getWidth(), video.getAlignment()], errors };
         }",
    );
    assert_eq!(
        got,
        json!({
            "before": [null, 0, "LEFT"], "natural": 3, "width": 300, "align": "CENTER",
            "blob": ["image/png", "map.png", 73], "video": [320, "LEFT"],
            "errors": ["Invalid argument: youtubeUrl", "Invalid image data.", "Invalid argument: width"],
        })
    );
}

#[test]
fn items_move_duplicate_delete_and_refuse_the_wrong_conversion() {
    let got = eval(
        "function main() {
           const form = FormApp.create('F');
           const a = form.addTextItem().setTitle('a');
           const b = form.getItemById(form.addPageBreakItem().setTitle('b').getId());
           form.addTextItem().setTitle('c');
           const moved = form.moveItem(0, 2);
           const copy = a.duplicate();
           form.deleteItem(b);
           form.deleteItem(0);
           let error = '';
           try { b.asListItem(); } catch (e) { error = e.message; }
           let gone = '';
           const g = FormApp.create('G');
           g.addTextItem();
           try { g.getItems()[0].asPageBreakItem(); } catch (e) { gone = e.message; }
           return { moved: moved.getTitle(), titles: form.getItems().map((i) => i.getTitle()),
                    copy: copy.getIndex(), error, gone };
         }",
    );
    assert_eq!(
        got,
        json!({ "moved": "a", "titles": ["a", "a"], "copy": 1,
                "error": "The item does not exist in the form.",
                "gone": "Invalid conversion for item type: TEXT" })
    );
    assert_eq!(
        thrown("const f = FormApp.create('F'); f.addPageBreakItem(); f.getItems()[0].asListItem()"),
        "Exception: Invalid conversion for item type: PAGE_BREAK"
    );
    assert_eq!(
        thrown("FormApp.openById('nope')"),
        "Exception: Unexpected error while getting the method or property openById on object FormApp."
    );
    assert_eq!(eval("function main() { return FormApp.getActiveForm(); }"), json!(null));
}

const SURVEY: &str = "
  function build() {
    const ss = SpreadsheetApp.create('Answers');
    const form = FormApp.create('Survey').setCollectEmail(true);
    form.addTextItem().setTitle('Name');
    form.addCheckboxItem().setTitle('Days').setChoiceValues(['Fri', 'Sat']);
    form.addScaleItem().setTitle('Mood');
    form.addDateItem().setTitle('Arrival');
    form.setDestination(FormApp.DestinationType.SPREADSHEET, ss.getId());
    return [form, ss];
  }";

#[test]
fn a_scripts_response_is_submitted_read_back_and_appended_to_the_destination() {
    let got = eval(&format!(
        "{SURVEY}
         function main() {{
           const [form, ss] = build();
           const items = form.getItems();
           const r = form.createResponse();
           r.withItemResponse(items[0].asTextItem().createResponse('Ana'));
           r.withItemResponse(items[1].asCheckboxItem().createResponse(['Fri', 'Sat']))
            .withItemResponse(items[2].asScaleItem().createResponse(4))
            .withItemResponse(items[3].asDateItem().createResponse(new Date(Date.UTC(2025, 5, 20))));
           const draftId = r.getId();
           const done = r.submit();
           let again = '';
           try {{ done.submit(); }} catch (e) {{ again = e.message; }}
           let bad = '';
           try {{ items[1].asCheckboxItem().createResponse(['Sun']); }} catch (e) {{ bad = e.message; }}
           const kept = form.getResponses();
           const sheet = ss.getSheetByName('Form Responses 1');
           return {{
             draftId, id: done.getId(), count: kept.length, again, bad,
             first: ss.getSheets()[0].getName(), destination: [form.getDestinationId() === ss.getId(), String(form.getDestinationType())],
             answers: kept[0].getItemResponses().map((ir) => [ir.getItem().getTitle(), ir.getResponse()]),
             forItem: kept[0].getResponseForItem(items[2]).getResponse(),
             stamp: kept[0].getTimestamp() instanceof Date, email: kept[0].getRespondentEmail(),
             byId: form.getResponse(done.getId()).getId(),
             header: sheet.getRange(1, 1, 1, 6).getValues()[0],
             row: sheet.getRange(2, 2, 1, 5).getDisplayValues()[0],
             stampCell: sheet.getRange(2, 1).getValue() instanceof Date,
           }};
         }}"
    ));
    assert_eq!(
        got,
        json!({
            "draftId": null, "id": "form-0001-r00001", "count": 1,
            "again": "This response has already been submitted.", "bad": "Invalid response submitted to item.",
            "first": "Form Responses 1", "destination": [true, "SPREADSHEET"],
            "answers": [["Name", "Ana"], ["Days", ["Fri", "Sat"]], ["Mood", "4"], ["Arrival", "2025-06-20"]],
            "forItem": "4", "stamp": true, "email": "", "byId": "form-0001-r00001",
            "header": ["Timestamp", "Email Address", "Name", "Days", "Mood", "Arrival"],
            "row": ["", "Ana", "Fri, Sat", "4", "6/20/2025 0:00:00"], "stampCell": true,
        })
    );
}

#[test]
fn a_prefilled_url_is_built_from_a_draft_or_a_kept_response() {
    let got = eval(&format!(
        "{SURVEY}
         function main() {{
           const [form] = build();
           const items = form.getItems();
           const ids = items.map((i) => i.getId());
           const r = form.createResponse()
             .withItemResponse(items[1].asCheckboxItem().createResponse(['Fri', 'Sat']))
             .withItemResponse(items[0].asTextItem().createResponse('Ana María'))
             .withItemResponse(items[3].asDateItem().createResponse(new Date(Date.UTC(2025, 5, 20))));
           const draft = r.toPrefilledUrl();
           const kept = r.submit().toPrefilledUrl();
           const empty = form.createResponse().toPrefilledUrl();
           return {{ draft: draft.replace(form.getPublishedUrl(), 'P').replace(/entry\\.(\\d+)/g, (m, id) => 'entry.' + ids.indexOf(Number(id))),
                    same: kept === draft, empty: empty === form.getPublishedUrl() + '?usp=pp_url' }};
         }}"
    ));
    assert_eq!(
        got,
        json!({
            "draft": "P?usp=pp_url&entry.0=Ana+Mar%C3%ADa&entry.1=Fri&entry.1=Sat&entry.3=2025-06-20",
            "same": true, "empty": true,
        })
    );
}

#[test]
fn responses_are_listed_since_a_time_and_deleted() {
    let got = eval(
        "function main() {
           const form = FormApp.create('F');
           const item = form.addTextItem().setTitle('Q');
           for (const v of ['a', 'b']) form.createResponse().withItemResponse(item.createResponse(v)).submit();
           const all = form.getResponses();
           const later = form.getResponses(new Date(all[1].getTimestamp().getTime()));
           form.deleteResponse(all[0].getId());
           const left = form.getResponses().length;
           form.deleteAllResponses();
           return [all.length, later.length, left, form.getResponses().length];
         }",
    );
    assert_eq!(got, json!([2, 1, 1, 0]));
}

#[test]
fn a_form_submit_trigger_is_installed_for_a_form_and_gets_the_response_and_the_form() {
    let world = new_world();
    let src = "
      function setup() {
        const form = FormApp.create('Survey');
        form.addTextItem().setTitle('Name');
        const t = ScriptApp.newTrigger('submitted').forForm(form).onFormSubmit().create();
        const u = ScriptApp.newTrigger('submitted').forForm(form.getId()).onFormSubmit().create();
        return [String(t.getEventType()), String(t.getTriggerSource()), t.getTriggerSourceId(), u.getUniqueId()];
      }
      function submitted(e) {
        const answers = e.response.getItemResponses().map((r) => r.getResponse());
        return [e.authMode, e.triggerUid, e.source.getTitle(), e.response.getId(), answers];
      }";
    let report = run_in(&world, "UTC", src, "setup", START_UTC_MS);
    assert_eq!(result(&report), json!(["ON_FORM_SUBMIT", "FORMS", "form-0001", "1000002"]));
    let response_id = {
        let mut guard = state(&world);
        let w = &mut *guard;
        assert_eq!(w.triggers.for_form_submit("form-0001").count(), 2);
        assert!(w.triggers.on_events.iter().all(|t| t.source == EventSource::Form));
        let item = w.forms.get("form-0001").unwrap().items[0].clone();
        let mut draft = gas_platform::forms::Draft::default();
        draft.with(item.id, item.answer_text("Ana").unwrap());
        w.forms.submit("form-0001", draft, START_UTC_MS, &mut w.spreadsheets, chrono_tz::UTC).unwrap().response_id
    };
    let mut spec = ExecutionSpec::new(2, "submitted", START_UTC_MS + 1000, SEED);
    spec.invocation = Invocation::of(InvocationKind::SpreadsheetTrigger);
    spec.event = Some(trigger_events::form_response("form-0001", &response_id, "1000001"));
    let report = run_spec(&world, &project("UTC", src), "UTC", &spec);
    assert_eq!(result(&report), json!(["FULL", "1000001", "Survey", response_id, ["Ana"]]));
}

/// `forForm(form).onOpen()` and `forDocument(doc).onOpen()`: installed on the form or the
/// document (a missing one is its service's error, no event chosen the builder's), listed
/// by `getUserTriggers(container)`, and their handlers get the documented event, whose
/// `source` is the Form or the Document.
#[test]
fn open_triggers_are_installed_for_a_form_and_a_document_and_get_their_source() {
    let world = new_world();
    let src = "
      function setup() {
        const form = FormApp.create('Survey');
        const doc = DocumentApp.create('Minutes');
        doc.getBody().appendParagraph('Agenda');
        doc.saveAndClose();
        const f = ScriptApp.newTrigger('opened').forForm(form).onOpen().create();
        const d = ScriptApp.newTrigger('opened').forDocument(doc.getId()).onOpen().create();
        const threw = (f) => { try { f(); return 'no error'; } catch (e) { return e.message; } };
        return [
          [String(f.getEventType()), String(f.getTriggerSource()), f.getTriggerSourceId()],
          [String(d.getEventType()), String(d.getTriggerSource()), d.getTriggerSourceId()],
          threw(() => ScriptApp.newTrigger('opened').forDocument(doc).create()),
          threw(() => ScriptApp.newTrigger('opened').forForm(form).create()),
          threw(() => ScriptApp.newTrigger('opened').forDocument('no-such-doc').onOpen().create()),
          ScriptApp.getUserTriggers(DocumentApp.openById(doc.getId())).map((t) => t.getUniqueId()),
          ScriptApp.getUserTriggers(form).map((t) => t.getUniqueId()),
          ScriptApp.getProjectTriggers().length,
        ];
      }
      function opened(e) {
        const source = e.source.getName ? e.source.getName() : e.source.getTitle();
        const text = e.source.getBody ? e.source.getBody().getText() : e.source.getItems().length;
        return [e.authMode, e.triggerUid, e.user.getEmail(), source, text];
      }";
    let report = run_in(&world, "UTC", src, "setup", START_UTC_MS);
    let doc_id = {
        let w = state(&world);
        let trigger = w.triggers.on_events.iter().find(|t| t.source == EventSource::Document).unwrap();
        trigger.spreadsheet_id.clone()
    };
    assert_eq!(
        result(&report),
        json!([
            ["ON_OPEN", "FORMS", "form-0001"],
            ["ON_OPEN", "DOCUMENTS", doc_id],
            gas_platform::script_app::DOCUMENT_TRIGGER_WITHOUT_EVENT,
            gas_platform::script_app::FORM_TRIGGER_WITHOUT_EVENT,
            report_error_of_missing_document(&world),
            ["1000002"],
            ["1000001"],
            2
        ])
    );
    for (number, (source, id, expected)) in [
        (EventSource::Form, "form-0001", json!(["FULL", "1000001", "ann@example.com", "Survey", 0])),
        // A new document starts with one empty paragraph.
        (EventSource::Document, doc_id.as_str(), json!(["FULL", "1000002", "ann@example.com", "Minutes", "\nAgenda"])),
    ]
    .into_iter()
    .enumerate()
    {
        let mut spec = ExecutionSpec::new(2 + number as u64, "opened", START_UTC_MS + 1000, SEED);
        spec.invocation = Invocation::of(InvocationKind::SpreadsheetTrigger);
        let uid = if source == EventSource::Form { "1000001" } else { "1000002" };
        spec.event = Some(trigger_events::opened(source, id, "ann@example.com", uid));
        let report = run_spec(&world, &project("UTC", src), "UTC", &spec);
        assert_eq!(result(&report), expected, "{source:?}");
    }
}

/// The documents service's text for an id it does not hold, as a script sees it.
fn report_error_of_missing_document(world: &SharedWorld) -> serde_json::Value {
    let src = "function main() { try { DocumentApp.openById('no-such-doc'); } catch (e) { return e.message; } }";
    result(&run_in(world, "UTC", src, "main", START_UTC_MS))
}

/// A script's own `submit()` stores the response, but gas-sim starts no trigger from
/// inside an execution: with a form-submit trigger installed that is a named gap, not a
/// silent success; without one nothing is missing.
#[test]
fn a_scripts_submit_with_form_submit_triggers_installed_is_a_named_gap() {
    let world = new_world();
    let src = "
      function send(name) {
        const form = FormApp.openById('form-0001');
        const item = form.getItems()[0].asTextItem();
        form.createResponse().withItemResponse(item.createResponse(name)).submit();
        return form.getResponses().length;
      }
      function setup() {
        FormApp.create('Survey').addTextItem().setTitle('Name');
        return send('Ana');
      }
      function install() {
        ScriptApp.newTrigger('submitted').forForm('form-0001').onFormSubmit().create();
        return send('Bo');
      }
      function submitted(e) {}";
    let report = run_in(&world, "UTC", src, "setup", START_UTC_MS);
    assert_eq!(result(&report), json!(1));
    assert!(report.gaps.is_empty(), "no trigger, nothing missing: {:?}", report.gaps);
    let report = run_in(&world, "UTC", src, "install", START_UTC_MS + 1000);
    assert_eq!(result(&report), json!(2), "the response is stored");
    let gaps: Vec<&str> = report.gaps.iter().map(|g| g.method.as_str()).collect();
    assert_eq!(gaps, ["FormResponse.submit starting form-submit triggers"]);
}

#[test]
fn validation_builders_change_in_place_and_rules_are_set_on_their_items() {
    let got = eval(
        "function main() {
           const form = FormApp.create('F');
           const seats = form.addTextItem().setTitle('Seats');
           const builder = FormApp.createTextValidation();
           builder.requireNumberBetween(1, 4);
           builder.setHelpText('1 to 4 seats');
           seats.setValidation(builder.build());
           const days = form.addCheckboxItem().setTitle('Days').setChoiceValues(['Fri', 'Sat', 'Sun']);
           days.setValidation(FormApp.createCheckboxValidation().requireSelectAtMost(2).build());
           let wrong = '';
           try { days.setValidation(FormApp.createTextValidation().requireTextIsEmail().build()); } catch (e) { wrong = e.message; }
           let bad = '';
           try { FormApp.createParagraphTextValidation().requireTextMatchesPattern('('); } catch (e) { bad = e.message; }
           form.addParagraphTextItem().setValidation(FormApp.createParagraphTextValidation().requireTextLengthLessThanOrEqualTo(10).build())
             .clearValidation();
           form.addGridItem().setValidation(FormApp.createGridValidation().requireLimitOneResponsePerColumn().build());
           return [String(builder), wrong, bad];
         }",
    );
    assert_eq!(got, json!(["TextValidationBuilder", "Invalid data updating form.", "Invalid data updating form."]));
}

/// Page navigation: a page break's `setGoToPage` (a page or a type), choices made with a
/// page or a type, what they read back (null without navigation, `CONTINUE` for a page
/// break by default), a deleted page, and the documented refusals: `GO_TO_PAGE` without
/// its page, a page of another form, navigation mixed with plain choices in one item.
#[test]
fn page_navigation_is_kept_and_read_back() {
    let got = eval(
        "function main() {
           const form = FormApp.create('Survey');
           const mc = form.addMultipleChoiceItem().setTitle('Happy?');
           const two = form.addPageBreakItem().setTitle('Two');
           const three = form.addPageBreakItem().setTitle('Three');
           const list = form.addListItem().setTitle('Size');
           mc.setChoices([mc.createChoice('Yes', FormApp.PageNavigationType.SUBMIT), mc.createChoice('No', three),
             mc.createChoice('Maybe', FormApp.PageNavigationType.CONTINUE)]);
           two.setGoToPage(three);
           three.setGoToPage(FormApp.PageNavigationType.RESTART);
           const choices = form.getItemById(mc.getId()).asMultipleChoiceItem().getChoices();
           const read = choices.map((c) => [c.getValue(), String(c.getPageNavigationType()),
             c.getGotoPage() === null ? null : c.getGotoPage().getTitle()]);
           const isEnum = choices[0].getPageNavigationType() === FormApp.PageNavigationType.SUBMIT;
           const plain = list.createChoice('S');
           const pages = [two, three].map((p) => [String(p.getPageNavigationType()),
             p.getGoToPage() === null ? null : p.getGoToPage().getTitle()]);
           const fresh = form.addPageBreakItem();
           const errors = [];
           for (const bad of [() => mc.createChoice('x', FormApp.PageNavigationType.GO_TO_PAGE),
               () => fresh.setGoToPage(FormApp.PageNavigationType.GO_TO_PAGE),
               () => mc.createChoice('x', FormApp.create('Other').addPageBreakItem()),
               () => list.setChoices([list.createChoice('S'), list.createChoice('M', FormApp.PageNavigationType.SUBMIT)]),
               () => { const other = FormApp.create('Other'); const item = other.addListItem();
                 list.setChoices([item.createChoice('S', other.addPageBreakItem())]); }]) {
             try { bad(); errors.push('no error'); } catch (e) { errors.push(e.message); }
           }
           form.deleteItem(three);
           const afterDelete = [String(form.getItemById(two.getId()).asPageBreakItem().getPageNavigationType()),
             form.getItemById(two.getId()).asPageBreakItem().getGoToPage(),
             String(form.getItemById(mc.getId()).asMultipleChoiceItem().getChoices()[1].getPageNavigationType())];
           return { read, isEnum, plain: [plain.getPageNavigationType(), plain.getGotoPage()], pages,
             fresh: [String(fresh.getPageNavigationType()), fresh.getGoToPage()], errors, afterDelete };
         }",
    );
    assert_eq!(
        got,
        json!({
            "read": [["Yes", "SUBMIT", null], ["No", "GO_TO_PAGE", "Three"], ["Maybe", "CONTINUE", null]],
            "isEnum": true,
            "plain": [null, null],
            "pages": [["GO_TO_PAGE", "Three"], ["RESTART", null]],
            "fresh": ["CONTINUE", null],
            "errors": [
                "Invalid argument: goToPageItem",
                "Invalid argument: goToPageItem",
                "Invalid argument: goToPageItem",
                "Choices that use page navigation cannot be combined in the same item with choices that do not use page navigation.",
                "Invalid argument: goToPageItem"
            ],
            "afterDelete": ["CONTINUE", null, "CONTINUE"]
        })
    );
}

/// A form's editors: the owner first, addresses and User objects added once each,
/// removed by address or User, as a document's editors are; the owner's own address
/// changes nothing.
#[test]
fn a_forms_editors_are_the_owner_and_those_added() {
    let got = eval(
        "function main() {
           const form = FormApp.create('Team');
           const before = form.getEditors().map((u) => u.getEmail());
           form.addEditor('ana@example.com').addEditors(['bo@example.com', 'ana@example.com', Session.getEffectiveUser().getEmail()]);
           const added = form.getEditors().map((u) => u.getEmail());
           form.removeEditor(form.getEditors()[1]).removeEditor(form.getEditors()[0]);
           return { before, added, after: FormApp.openById(form.getId()).getEditors().map((u) => u.getEmail()) };
         }",
    );
    let owner = "user@example.com";
    assert_eq!(
        got,
        json!({
            "before": [owner],
            "added": [owner, "ana@example.com", "bo@example.com"],
            "after": [owner, "bo@example.com"]
        })
    );
}

/// `shortenFormUrl`: a `forms.gle` link, the same for the same URL; another URL refused.
#[test]
fn a_forms_url_is_shortened() {
    let got = eval(
        "function main() {
           var form = FormApp.create('Short');
           var short = form.shortenFormUrl(form.getPublishedUrl());
           var out = [/^https:\\/\\/forms\\.gle\\/[A-Za-z0-9]{17}$/.test(short), form.shortenFormUrl(form.getPublishedUrl()) === short];
           try { form.shortenFormUrl('https://example.com/x'); } catch (e) { out.push(String(e)); }
           return out;
         }",
    );
    assert_eq!(got, json!([true, true, "Exception: Invalid argument: url"]));
}

/// `FormApp.getUi()`: the form editor's Ui where a user has the bound form open (its
/// menus kept on the user's page, as a spreadsheet's); elsewhere the context error.
#[test]
fn the_form_editors_ui_is_there_only_for_a_user_at_the_bound_form() {
    let world = new_world();
    let form_id = state(&world).forms.create("Survey").unwrap();
    let src = "function main() {
                 const ui = FormApp.getUi();
                 ui.createMenu('Tools').addItem('Go', 'go').addToUi();
                 return [typeof ui.alert, String(ui.ButtonSet.OK_CANCEL)];
               }
               function away() { try { FormApp.getUi(); return 'no error'; } catch (e) { return e.message; } }";
    let mut bound = project("UTC", src);
    bound.container_id = Some(form_id);
    let run = |project: &gas_engine::Project, function: &str, kind: InvocationKind| {
        let mut spec = ExecutionSpec::new(1, function, START_UTC_MS, SEED);
        spec.invocation = Invocation::of(kind);
        result(&run_spec(&world, project, "UTC", &spec))
    };
    assert_eq!(run(&bound, "main", InvocationKind::Manual), json!(["function", "OK_CANCEL"]));
    let menus: Vec<String> =
        state(&world).ui.sessions.values().flat_map(|s| s.menus.iter().map(|m| m.caption.clone())).collect();
    assert_eq!(menus, vec!["Tools".to_string()]);
    let context = "Cannot call FormApp.getUi() from this context.";
    assert_eq!(run(&bound, "away", InvocationKind::TimeTrigger), json!(context));
    assert_eq!(run(&project("UTC", src), "away", InvocationKind::Manual), json!(context), "a standalone project");
}

#[test]
fn the_destination_spreadsheet_and_sheet_name_their_form() {
    let got = eval(&format!(
        "{SURVEY}
         function main() {{
           const [form, ss] = build();
           const other = SpreadsheetApp.create('Other');
           const url = ss.getFormUrl();
           return {{
             spreadsheet: url, same: FormApp.openByUrl(url).getId() === form.getId(),
             sheet: ss.getSheetByName('Form Responses 1').getFormUrl() === url,
             first: ss.getSheetByName('Sheet1').getFormUrl(), other: other.getFormUrl(),
             unlinked: (form.removeDestination(), ss.getFormUrl()),
           }};
         }}"
    ));
    let form_url = got["spreadsheet"].as_str().unwrap_or_default().to_string();
    assert!(form_url.starts_with("https://docs.google.com/forms/d/") && form_url.ends_with("/viewform"), "{got}");
    assert_eq!(
        got,
        json!({ "spreadsheet": form_url, "same": true, "sheet": true, "first": null, "other": null, "unlinked": null })
    );
}
