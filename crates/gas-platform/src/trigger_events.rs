//! The event objects triggers receive (`e`), as the platform builds them: time-driven,
//! open, edit, change and form submit, a spreadsheet's, a form's or a document's
//! (`webapp::event` is doGet/doPost's). Plain JSON; the prelude turns `source`, `range`
//! and `user` into a Spreadsheet (a Form, a Document), a Range and a User.
//! Fields are documented ("Event objects"); `triggerUid` only installable triggers have.

use chrono::{Datelike, Timelike};
use serde_json::{json, Value};

use crate::time::utc_ms_to_local;

/// A time-driven trigger's event; its fields are in UTC (`"timezone": "UTC"`, observed).
pub fn time_driven(at_utc_ms: i64, trigger_uid: &str) -> Value {
    let t = utc_ms_to_local(chrono_tz::UTC, at_utc_ms);
    json!({
        "authMode": "FULL",
        "triggerUid": trigger_uid,
        "year": t.year(),
        "calendar-month": t.month(),
        "day-of-month": t.day(),
        "day-of-week": t.weekday().number_from_monday(),
        "week-of-year": t.iso_week().week(),
        "hour": t.hour(),
        "minute": t.minute(),
        "second": t.second(),
        "timezone": "UTC",
    })
}

fn with_uid(mut event: Value, trigger_uid: Option<&str>) -> Value {
    if let Some(uid) = trigger_uid {
        event["triggerUid"] = json!(uid);
    }
    event
}

/// onOpen's event (authMode, source, user), or an installable open trigger's with its uid.
pub fn open(auth_mode: &str, spreadsheet_id: &str, user: &str, trigger_uid: Option<&str>) -> Value {
    with_uid(json!({ "authMode": auth_mode, "source": spreadsheet_id, "user": user }), trigger_uid)
}

/// What a person's edit of one range was: the range's handle, the value typed and the
/// cell's value before (absent when the edit was of several cells, documented).
pub struct Edit<'a> {
    pub range: Value,
    pub spreadsheet_id: &'a str,
    pub user: &'a str,
    pub value: &'a str,
    pub old_value: Option<&'a str>,
}

/// onEdit's event, or an installable edit trigger's with its uid.
pub fn edit(edit: &Edit, auth_mode: &str, trigger_uid: Option<&str>) -> Value {
    let mut event = json!({
        "authMode": auth_mode,
        "range": edit.range,
        "source": edit.spreadsheet_id,
        "user": edit.user,
        "value": edit.value,
    });
    if let Some(old) = edit.old_value {
        event["oldValue"] = json!(old);
    }
    with_uid(event, trigger_uid)
}

/// A change trigger's event for a typed edit (`changeType` `EDIT`).
pub fn change_by_edit(spreadsheet_id: &str, user: &str, trigger_uid: &str) -> Value {
    json!({
        "authMode": "FULL",
        "changeType": "EDIT",
        "source": spreadsheet_id,
        "user": user,
        "triggerUid": trigger_uid,
    })
}

/// A form-submit trigger's event: the answers by question, the row's range and values.
pub fn form_submit(
    named_values: serde_json::Map<String, Value>,
    range: Value,
    spreadsheet_id: &str,
    trigger_uid: &str,
    values: Value,
) -> Value {
    json!({
        "authMode": "FULL",
        "namedValues": named_values,
        "range": range,
        "source": spreadsheet_id,
        "triggerUid": trigger_uid,
        "values": values,
    })
}

/// A calendar trigger's event (documented, "Event objects", Calendar event updates:
/// `authMode`, `calendarId`, `triggerUid`). It says which calendar changed, not which
/// event: the script looks (`getEvents`, or the advanced service's sync token).
pub fn calendar_event_updated(calendar_id: &str, trigger_uid: &str) -> Value {
    json!({ "authMode": "FULL", "calendarId": calendar_id, "triggerUid": trigger_uid })
}

/// A form's form-submit trigger's event (documented: `authMode`, `response`, `source`,
/// `triggerUid`): the response's and the form's handles, which the prelude makes a
/// FormResponse and a Form.
pub fn form_response(form_id: &str, response_id: &str, trigger_uid: &str) -> Value {
    json!({
        "authMode": "FULL",
        "response": { "form": form_id, "id": response_id },
        "source": { "id": form_id },
        "triggerUid": trigger_uid,
    })
}

/// An installable open trigger's event on a form or a document (documented, "Event
/// objects": Forms and Docs "Open", `authMode`, `source`, `triggerUid`, `user`): `source`
/// is the form's handle, or the document's in the event's own document session (0: no
/// `openById` opens it), which the prelude makes a Form or a Document.
pub fn opened(source: crate::triggers::EventSource, id: &str, user: &str, trigger_uid: &str) -> Value {
    let source = match source {
        crate::triggers::EventSource::Document => json!({ "d": id, "s": 0 }),
        crate::triggers::EventSource::Form => json!({ "id": id }),
        crate::triggers::EventSource::Spreadsheet => json!(id),
    };
    json!({ "authMode": "FULL", "source": source, "triggerUid": trigger_uid, "user": user })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_driven_event_is_in_utc() {
        // 2025-06-13 09:30:05 UTC, a Friday in ISO week 24.
        let event = time_driven(1_749_807_005_000, "t1");
        assert_eq!(
            event,
            json!({"authMode": "FULL", "triggerUid": "t1", "year": 2025, "calendar-month": 6, "day-of-month": 13,
                   "day-of-week": 5, "week-of-year": 24, "hour": 9, "minute": 30, "second": 5, "timezone": "UTC"})
        );
    }

    #[test]
    fn only_installable_triggers_carry_their_uid() {
        assert_eq!(
            open("LIMITED", "s", "a@x.com", None),
            json!({"authMode": "LIMITED", "source": "s", "user": "a@x.com"})
        );
        assert_eq!(open("FULL", "s", "a@x.com", Some("t2"))["triggerUid"], "t2");
        let typed =
            Edit { range: json!({"row": 1}), spreadsheet_id: "s", user: "a@x.com", value: "x", old_value: None };
        let simple = edit(&typed, "LIMITED", None);
        assert!(simple.get("triggerUid").is_none() && simple.get("oldValue").is_none(), "{simple}");
        let changed = Edit { old_value: Some("w"), ..typed };
        assert_eq!(edit(&changed, "FULL", Some("t3"))["oldValue"], "w");
        assert_eq!(change_by_edit("s", "a@x.com", "t4")["changeType"], "EDIT");
        assert_eq!(form_submit(Default::default(), json!(null), "s", "t5", json!([]))["namedValues"], json!({}));
        let of_form = form_response("form-0001", "form-0001-r00001", "t6");
        assert_eq!(of_form["response"], json!({"form": "form-0001", "id": "form-0001-r00001"}));
        assert_eq!((of_form["source"]["id"].as_str(), of_form["triggerUid"].as_str()), (Some("form-0001"), Some("t6")));
        use crate::triggers::EventSource;
        let doc = opened(EventSource::Document, "doc-1", "a@x.com", "t7");
        assert_eq!(
            doc,
            json!({"authMode": "FULL", "source": {"d": "doc-1", "s": 0}, "triggerUid": "t7", "user": "a@x.com"})
        );
        assert_eq!(opened(EventSource::Form, "form-0001", "a@x.com", "t8")["source"], json!({"id": "form-0001"}));
    }

    #[test]
    fn a_calendar_event_names_the_calendar_only() {
        assert_eq!(
            calendar_event_updated("me@x.com", "t6"),
            json!({"authMode": "FULL", "calendarId": "me@x.com", "triggerUid": "t6"})
        );
    }
}
