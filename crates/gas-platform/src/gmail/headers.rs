//! A message's RFC 2822 headers, as `GmailMessage.getHeader(name)` reads them: the ones
//! its fields make (From, To, Cc, Bcc, Reply-To, Subject, Date, Message-ID) and any others
//! a scenario's `[[inbox]]` gives it (`headers = { "List-Unsubscribe" = "..." }`); and the
//! whole message as `getRawContent()` gives it (Gmail's "Show original").

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
/// The MIME headers `raw_content` writes from the message's body and attachments.
const MIME_HEADERS: [&str; 4] = ["mime-version", "content-type", "content-transfer-encoding", "content-disposition"];

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
    if MIME_HEADERS.contains(&lower.as_str()) {
        return Err(format!("{name:?} comes from the message's body and attachments, not from headers"));
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

    /// `getRawContent()`: the message as RFC 2822 text with MIME parts, lines ending in
    /// CRLF (documented: what Gmail's "Show original" shows). Gmail's own text carries
    /// its Received, DKIM and ARC headers and encodes parts its own way; here (assumed):
    /// the fields' headers that are set, then the extra headers by name, `MIME-Version`;
    /// the plain body alone, or with the HTML as `multipart/alternative`, and attachments
    /// in `multipart/mixed` after it; a part that is not 7-bit ASCII in base64 (76-letter
    /// lines); a non-ASCII subject as an RFC 2047 encoded word; boundaries made from the
    /// message's id, so the same message gives the same text.
    pub fn raw_content(&self) -> String {
        let mut out = String::new();
        for name in ["From", "To", "Cc", "Bcc", "Reply-To", "Subject", "Date", "Message-ID"] {
            let value = self.header(name);
            if value.is_empty() {
                continue;
            }
            let value = if name == "Subject" && !value.is_ascii() { encoded_word(&value) } else { value };
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        for (name, value) in self.headers.iter().filter(|(name, _)| !name.eq_ignore_ascii_case("message-id")) {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str("MIME-Version: 1.0\r\n");
        let text = text_part("text/plain", &self.body);
        let body = match &self.html {
            Some(html) => multipart("alternative", &self.boundary('a'), &[text, text_part("text/html", html)]),
            None => text,
        };
        let body = if self.attachments.is_empty() {
            body
        } else {
            let mut parts = vec![body];
            parts.extend(self.attachments.iter().map(attachment_part));
            multipart("mixed", &self.boundary('m'), &parts)
        };
        out.push_str(&body);
        out
    }

    /// A multipart boundary of this message: Gmail's look (`000000000000` and hex digits,
    /// 29 characters, within RFC 2046's 70), from the id's SHA-1 (as `getHash` takes it) and the level
    /// (`a`lternative, `m`ixed) so that the two never clash.
    fn boundary(&self, level: char) -> String {
        let hash = super::attachment_hash(self.id.as_bytes());
        format!("000000000000{}{level}", &hash[..16])
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

/// Characters of a base64 line in a MIME part (RFC 2045 §6.8).
const BASE64_LINE_CHARS: usize = 76;

/// A MIME part (its headers, a blank line, its content): 7-bit text as it is, with CRLF
/// line ends, anything else in base64.
fn text_part(content_type: &str, text: &str) -> String {
    if text.is_ascii() {
        let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
        format!("Content-Type: {content_type}; charset=\"UTF-8\"\r\n\r\n{crlf}\r\n")
    } else {
        let encoded = base64_lines(text.as_bytes());
        format!("Content-Type: {content_type}; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: base64\r\n\r\n{encoded}")
    }
}

fn attachment_part(attachment: &super::Attachment) -> String {
    let name = attachment.name.replace(['"', '\\', '\r', '\n'], "_");
    format!(
        "Content-Type: {}; name=\"{name}\"\r\nContent-Disposition: attachment; filename=\"{name}\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{}",
        attachment.content_type,
        base64_lines(&attachment.bytes)
    )
}

fn multipart(kind: &str, boundary: &str, parts: &[String]) -> String {
    let mut out = format!("Content-Type: multipart/{kind}; boundary=\"{boundary}\"\r\n\r\n");
    for part in parts {
        out.push_str(&format!("--{boundary}\r\n{part}\r\n"));
    }
    out.push_str(&format!("--{boundary}--\r\n"));
    out
}

/// Base64 in lines of [`BASE64_LINE_CHARS`], each ended by CRLF.
fn base64_lines(bytes: &[u8]) -> String {
    let encoded = crate::utilities::base64_encode(bytes);
    let mut out = String::with_capacity(encoded.len() + encoded.len() / BASE64_LINE_CHARS * 2 + 2);
    for line in encoded.as_bytes().chunks(BASE64_LINE_CHARS) {
        out.push_str(std::str::from_utf8(line).expect("base64 is ASCII"));
        out.push_str("\r\n");
    }
    out
}

/// An RFC 2047 encoded word: `=?UTF-8?B?...?=`.
fn encoded_word(text: &str) -> String {
    format!("=?UTF-8?B?{}?=", crate::utilities::base64_encode(text.as_bytes()))
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
    fn raw_content_is_the_headers_and_the_mime_parts_with_crlf() {
        let mut m = Message {
            id: "18f0000000000002".into(),
            at_utc_ms: 1_749_542_400_000,
            from: "ana@shop.example".into(),
            to: "me@example.com".into(),
            subject: "Order".into(),
            body: "line 1\nline 2".into(),
            ..Default::default()
        };
        m.headers.insert("List-Unsubscribe".into(), "<mailto:u@shop.example>".into());
        assert_eq!(
            m.raw_content(),
            "From: ana@shop.example\r\nTo: me@example.com\r\nSubject: Order\r\n\
             Date: Tue, 10 Jun 2025 08:00:00 +0000\r\nMessage-ID: <18f0000000000002@mail.gmail.com>\r\n\
             List-Unsubscribe: <mailto:u@shop.example>\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=\"UTF-8\"\r\n\r\nline 1\r\nline 2\r\n"
        );
        m.subject = "Sipariş".into();
        m.html = Some("<p>é</p>".into());
        m.attachments.push(super::super::Attachment {
            name: "a.csv".into(),
            content_type: "text/csv".into(),
            bytes: vec![b'x'; 60],
        });
        let raw = m.raw_content();
        assert!(raw.contains("Subject: =?UTF-8?B?U2lwYXJpxZ8=?=\r\n"), "{raw}");
        let (mixed, alternative) = (m.boundary('m'), m.boundary('a'));
        assert_ne!(mixed, alternative);
        assert!(raw.contains(&format!("Content-Type: multipart/mixed; boundary=\"{mixed}\"\r\n\r\n--{mixed}\r\n")));
        assert!(raw.contains(&format!("Content-Type: multipart/alternative; boundary=\"{alternative}\"")));
        assert!(raw.contains(
            "Content-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: base64\r\n\r\nPHA+w6k8L3A+\r\n"
        ));
        // 60 bytes are 80 base64 letters: a line of 76 and one of 4.
        assert!(raw.contains("filename=\"a.csv\"\r\nContent-Transfer-Encoding: base64\r\n\r\neHh4"), "{raw}");
        assert!(raw.contains(&format!("--{alternative}--\r\n\r\n--{mixed}\r\n")), "{raw}");
        assert!(raw.ends_with(&format!("eHh4\r\neHh4\r\n\r\n--{mixed}--\r\n")), "{raw}");
        assert_eq!(raw, m.raw_content(), "the same message, the same text");
    }

    #[test]
    fn extra_headers_are_field_names_of_one_line() {
        assert!(check_header("X-Priority", "1").is_ok());
        assert!(check_header("Message-ID", "<a@b>").is_ok());
        for bad in ["", "X Priority", "X:Y", "Ünicode", &"x".repeat(HEADER_NAME_CHARS_MAX + 1)] {
            assert!(check_header(bad, "v").is_err(), "{bad:?}");
        }
        assert!(check_header("Subject", "x").unwrap_err().contains("own key"));
        assert!(check_header("Content-Type", "text/html").unwrap_err().contains("body and attachments"));
        assert!(check_header("Content-Language", "tr").is_ok());
        assert!(check_header("X-A", "two\nlines").is_err());
        assert!(check_header("X-A", &"v".repeat(HEADER_VALUE_CHARS_MAX + 1)).is_err());
        let mut m = Message::default();
        for i in 0..=HEADERS_PER_MESSAGE_MAX {
            m.headers.insert(format!("X-{i}"), String::new());
        }
        assert!(m.check_extra_headers().is_err());
    }
}
