//! A message's RFC 2822 headers, as `GmailMessage.getHeader(name)` reads them: the ones
//! its fields make (From, To, Cc, Bcc, Reply-To, Subject, Date, Message-ID) and any others
//! a scenario's `[[inbox]]` gives it (`headers = { "List-Unsubscribe" = "..." }`).

use super::Message;

/// Headers other than the fields' one message may carry (gas-sim's bound, for state files
/// and scenarios; Gmail's is the 25 MB message size).
pub const HEADERS_PER_MESSAGE_MAX: usize = 100;
/// Characters of one header's value (gas-sim's bound; RFC 5322 folds long lines, it does
/// not cap a value).
pub const HEADER_VALUE_CHARS_MAX: usize = 16_384;
/// Characters of a header's name: RFC 5322 §2.1.1's 78-character line, less the colon.
pub const HEADER_NAME_CHARS_MAX: usize = 77;

/// The headers a message's own fields make: a scenario sets them through those fields
/// (`from`, `to`, ...), not as extra headers.
const FIELD_HEADERS: [&str; 8] = ["from", "to", "cc", "bcc", "reply-to", "subject", "date", "message-id"];

/// A header a scenario or state file may add: a field name of RFC 5322 §2.2 (printable
/// ASCII but the colon, at most `HEADER_NAME_CHARS_MAX`), not one of the fields' headers
/// but Message-ID (which an incoming message may bring), a value of one line.
pub fn check_header(name: &str, value: &str) -> Result<(), String> {
    if name.is_empty()
        || name.len() > HEADER_NAME_CHARS_MAX
        || !name.bytes().all(|b| (33..=126).contains(&b) && b != b':')
    {
        return Err(format!(
            "{name:?} is not a header name (1 to {HEADER_NAME_CHARS_MAX} printable ASCII characters, no colon or space)"
        ));
    }
    let lower = name.to_ascii_lowercase();
    if lower != "message-id" && FIELD_HEADERS.contains(&lower.as_str()) {
        return Err(format!(
            "{name:?} comes from the message's own key (from, to, cc, subject, ...), not from headers"
        ));
    }
    if value.chars().count() > HEADER_VALUE_CHARS_MAX || value.contains(['\r', '\n']) {
        return Err(format!("the value of {name:?} must be one line of at most {HEADER_VALUE_CHARS_MAX} characters"));
    }
    Ok(())
}

impl Message {
    /// `getHeader(name)`: the header's value, any case of its name; `""` for a header the
    /// message does not have (documented). Date is RFC 2822 in UTC (the sender's zone is
    /// unknown); a message without its own Message-ID gets `<id@mail.gmail.com>` (assumed
    /// form, stable per message).
    pub fn header(&self, name: &str) -> String {
        if let Some((_, value)) = self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)) {
            return value.clone();
        }
        match name.to_ascii_lowercase().as_str() {
            "from" => self.from.clone(),
            "to" => self.to.clone(),
            "cc" => self.cc.clone(),
            "bcc" => self.bcc.clone(),
            "reply-to" => self.reply_to.clone(),
            "subject" => self.subject.clone(),
            "date" => {
                chrono::DateTime::from_timestamp_millis(self.at_utc_ms).map(|t| t.to_rfc2822()).unwrap_or_default()
            }
            "message-id" => format!("<{}@mail.gmail.com>", self.id),
            _ => String::new(),
        }
    }

    /// The check of the extra headers, for state files and scenarios.
    pub fn check_extra_headers(&self) -> Result<(), String> {
        if self.headers.len() > HEADERS_PER_MESSAGE_MAX {
            return Err(format!("holds {} headers, more than {HEADERS_PER_MESSAGE_MAX}", self.headers.len()));
        }
        let mut names = std::collections::BTreeSet::new();
        for (name, value) in &self.headers {
            check_header(name, value)?;
            if !names.insert(name.to_ascii_lowercase()) {
                return Err(format!("{name:?} is there twice (names are compared in any case)"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_is_read_from_the_fields_or_the_extra_headers_in_any_case() {
        let mut m = Message {
            id: "18f0000000000001".into(),
            at_utc_ms: 1_749_542_400_000,
            from: "Ana <ana@shop.example>".into(),
            to: "me@example.com".into(),
            subject: "Order".into(),
            ..Default::default()
        };
        m.headers.insert("List-Unsubscribe".into(), "<mailto:u@shop.example>".into());
        assert_eq!(m.header("FROM"), "Ana <ana@shop.example>");
        assert_eq!(m.header("subject"), "Order");
        assert_eq!(m.header("Date"), "Tue, 10 Jun 2025 08:00:00 +0000");
        assert_eq!(m.header("list-unsubscribe"), "<mailto:u@shop.example>");
        assert_eq!(m.header("Message-ID"), "<18f0000000000001@mail.gmail.com>");
        assert_eq!(m.header("X-Missing"), "", "documented: empty for a missing header");
        assert_eq!(m.header("Cc"), "");
        m.headers.insert("Message-ID".into(), "<abc@shop.example>".into());
        assert_eq!(m.header("message-id"), "<abc@shop.example>", "an incoming message's own id");
        assert!(m.check_extra_headers().is_ok());
        m.headers.insert("LIST-UNSUBSCRIBE".into(), "x".into());
        assert!(m.check_extra_headers().unwrap_err().contains("twice"));
    }

    #[test]
    fn extra_headers_are_field_names_of_one_line() {
        assert!(check_header("X-Priority", "1").is_ok());
        assert!(check_header("Message-ID", "<a@b>").is_ok());
        for bad in ["", "X Priority", "X:Y", "Ünicode", &"x".repeat(HEADER_NAME_CHARS_MAX + 1)] {
            assert!(check_header(bad, "v").is_err(), "{bad:?}");
        }
        assert!(check_header("Subject", "x").unwrap_err().contains("own key"));
        assert!(check_header("X-A", "two\nlines").is_err());
        assert!(check_header("X-A", &"v".repeat(HEADER_VALUE_CHARS_MAX + 1)).is_err());
        let mut m = Message::default();
        for i in 0..=HEADERS_PER_MESSAGE_MAX {
            m.headers.insert(format!("X-{i}"), String::new());
        }
        assert!(m.check_extra_headers().is_err());
    }
}
