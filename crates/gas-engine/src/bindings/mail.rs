//! MailApp and GmailApp.sendEmail: every `sendEmail` overload read into an
//! `OutgoingMail` for gas-platform's `mail`.

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::container::SCOPE_SEND_MAIL;
use gas_platform::gmail::{check_compose, Compose};
use gas_platform::mail::{split_recipients, OutgoingMail};
use gas_platform::ServiceResult;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_SEND_MAIL);
    "MailApp.getRemainingDailyQuota" => 30,
    "MailApp.sendEmail" => 800,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    mail(call.host, call.method, call.args)
}

fn mail(host: &Host, method: &str, args: &[Val]) -> CallResult {
    let now = host.now();
    let mut world = host.world();
    match method {
        "MailApp.getRemainingDailyQuota" => Ok(Val::Number(f64::from(world.mail.remaining(now, host.zone)))),
        _ => {
            let mail = mail_from_args(method, args)?;
            // The platform's message limits (body size, attachments) hold for MailApp
            // as for GmailApp: checked the same way; the log keeps the attachments'
            // names, types and sizes.
            let options = args.last().filter(|a| matches!(a, Val::Object(_)));
            let attachments = options.map(super::gmail::attachments_of).unwrap_or_default();
            let compose = Compose { mail, attachments, no_reply: false, from: None };
            check_compose(&compose, world.mail.account)?;
            world.mail.send(compose.outgoing(), now, host.zone)?;
            Ok(Val::Undefined)
        }
    }
}

/// All `sendEmail` overloads: `(message)`, `(to, subject, body)`,
/// `(to, subject, body, options)` and MailApp's `(to, replyTo, subject, body)`.
pub(crate) fn mail_from_args(method: &str, args: &[Val]) -> ServiceResult<OutgoingMail> {
    let via = method.split('.').next().unwrap_or("MailApp").to_string();
    let text = |v: Option<&Val>| v.filter(|v| !v.is_nullish()).map(Val::to_js_string);
    let list = |v: Option<&Val>| text(v).map(|s| split_recipients(&s)).unwrap_or_default();
    let (to, subject, body, options) = match args {
        [message @ Val::Object(_)] => {
            let mut mail = options_into(OutgoingMail { via, ..Default::default() }, message);
            mail.to = list(message.get("to"));
            mail.subject = text(message.get("subject")).unwrap_or_default();
            mail.body = text(message.get("body")).unwrap_or_default();
            return Ok(mail);
        }
        [to, reply_to, subject, Val::String(body)] if method == "MailApp.sendEmail" => {
            let mut mail = OutgoingMail { via, ..Default::default() };
            mail.to = list(Some(to));
            mail.reply_to = text(Some(reply_to));
            mail.subject = subject.to_js_string();
            mail.body = body.clone();
            return Ok(mail);
        }
        [to, subject, body] => (to, subject, body, None),
        [to, subject, body, options, ..] => (to, subject, body, Some(options)),
        _ => return Err(signature_error(method, args)),
    };
    let mut mail = OutgoingMail { via, ..Default::default() };
    if let Some(options) = options {
        mail = options_into(mail, options);
    }
    mail.to = list(Some(to));
    mail.subject = subject.to_js_string();
    mail.body = body.to_js_string();
    Ok(mail)
}

pub(super) fn options_into(mut mail: OutgoingMail, options: &Val) -> OutgoingMail {
    let text = |key: &str| options.get(key).filter(|v| !v.is_nullish()).map(Val::to_js_string);
    mail.cc = text("cc").map(|s| split_recipients(&s)).unwrap_or_default();
    mail.bcc = text("bcc").map(|s| split_recipients(&s)).unwrap_or_default();
    mail.html_body = text("htmlBody");
    mail.name = text("name");
    mail.reply_to = text("replyTo");
    mail
}
