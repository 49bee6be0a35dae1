//! State tokens (`ScriptApp.newStateToken()`): what a callback URL carries so that the
//! platform, on `/usercallback?state=TOKEN`, runs the token's function with its arguments
//! (documented: StateTokenBuilder; the OAuth2 library's authorization URL is one).
//!
//! The platform's token is "an encrypted string"; gas-sim's is readable on purpose (its
//! own prefix, then base64url JSON), so a run stays reproducible and a token that leaks
//! into a log is recognisably gas-sim's. Not modelled: a token of another script.

use std::collections::BTreeMap;

use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

/// `withMethod`'s default: a function named `callback` (documented).
pub const METHOD_DEFAULT: &str = "callback";
/// `withTimeout`'s default and its maximum (documented: 60 seconds, at most 3600).
pub const TIMEOUT_S_DEFAULT: i64 = 60;
pub const TIMEOUT_S_MAX: i64 = 3600;
/// Arguments one token carries, and the bytes of its names and values: a URL's query
/// has to hold it (assumed limits; the platform documents none).
pub const ARGUMENTS_MAX: usize = 50;
pub const ARGUMENT_BYTES_MAX: usize = 4 * 1024;
/// What every gas-sim token starts with.
pub const TOKEN_PREFIX: &str = "gas-sim-state-token.";

/// Assumed text: `withTimeout(s)` outside 1 to 3600 seconds, given when the token is made.
pub const TIMEOUT_MESSAGE: &str = "The timeout of a state token must be between 1 and 3600 seconds.";
/// Assumed text: more arguments, or longer ones, than a token carries.
pub const ARGUMENTS_MESSAGE: &str = "A state token carries at most 50 arguments of at most 4096 bytes each.";
/// Assumed texts of `/usercallback` for a token gas-sim cannot read, and for one past its
/// timeout (the platform's pages were not captured).
pub const UNREADABLE_MESSAGE: &str = "Invalid state token.";
pub const EXPIRED_MESSAGE: &str = "The state token has expired.";

/// What a token says: the function to run, its arguments, until when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateToken {
    #[serde(rename = "m")]
    pub method: String,
    #[serde(rename = "a")]
    pub arguments: BTreeMap<String, String>,
    #[serde(rename = "e")]
    pub expires_at_utc_ms: i64,
}

impl StateToken {
    /// The token `createToken()` makes at `now_utc_ms`; a timeout outside 1 to 3600
    /// seconds, or too many arguments, is refused.
    pub fn new(
        method: Option<&str>,
        arguments: BTreeMap<String, String>,
        timeout_s: Option<i64>,
        now_utc_ms: i64,
    ) -> ServiceResult<StateToken> {
        let timeout_s = timeout_s.unwrap_or(TIMEOUT_S_DEFAULT);
        if !(1..=TIMEOUT_S_MAX).contains(&timeout_s) {
            return Err(ServiceError::new(TIMEOUT_MESSAGE));
        }
        let too_long = arguments.iter().any(|(k, v)| k.len() + v.len() > ARGUMENT_BYTES_MAX);
        if arguments.len() > ARGUMENTS_MAX || too_long {
            return Err(ServiceError::new(ARGUMENTS_MESSAGE));
        }
        let method = method.unwrap_or(METHOD_DEFAULT).to_string();
        Ok(StateToken { method, arguments, expires_at_utc_ms: now_utc_ms.saturating_add(timeout_s * 1000) })
    }

    /// The string a callback URL carries.
    pub fn encode(&self) -> String {
        let json = serde_json::to_vec(self).expect("a token is plain data");
        format!("{TOKEN_PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json))
    }

    /// The token `text` is, if gas-sim made it and it has not expired at `now_utc_ms`.
    pub fn decode(text: &str, now_utc_ms: i64) -> Result<StateToken, &'static str> {
        let encoded = text.strip_prefix(TOKEN_PREFIX).ok_or(UNREADABLE_MESSAGE)?;
        let json = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(encoded).map_err(|_| UNREADABLE_MESSAGE)?;
        let token: StateToken = serde_json::from_slice(&json).map_err(|_| UNREADABLE_MESSAGE)?;
        if now_utc_ms >= token.expires_at_utc_ms {
            return Err(EXPIRED_MESSAGE);
        }
        Ok(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_carries_its_method_and_arguments_until_its_timeout() {
        let arguments = BTreeMap::from([("serviceName".to_string(), "github".to_string())]);
        let token = StateToken::new(Some("authCallback"), arguments.clone(), Some(120), 1_000).unwrap();
        let text = token.encode();
        assert!(text.starts_with(TOKEN_PREFIX) && !text.contains(['+', '/', '=', '&', '?']), "{text}");
        assert_eq!(StateToken::decode(&text, 1_000 + 119_999), Ok(token.clone()));
        assert_eq!(StateToken::decode(&text, 1_000 + 120_000), Err(EXPIRED_MESSAGE));
        assert_eq!(StateToken::decode("AKfy-not-ours", 0), Err(UNREADABLE_MESSAGE));
        assert_eq!(StateToken::decode(&format!("{TOKEN_PREFIX}!!"), 0), Err(UNREADABLE_MESSAGE));
        // The same request gives the same token: runs are reproducible.
        assert_eq!(StateToken::new(Some("authCallback"), arguments, Some(120), 1_000).unwrap().encode(), text);
    }

    #[test]
    fn defaults_and_limits() {
        let token = StateToken::new(None, BTreeMap::new(), None, 0).unwrap();
        assert_eq!((token.method.as_str(), token.expires_at_utc_ms), (METHOD_DEFAULT, TIMEOUT_S_DEFAULT * 1000));
        assert!(StateToken::new(None, BTreeMap::new(), Some(TIMEOUT_S_MAX), 0).is_ok());
        for bad in [0, -5, TIMEOUT_S_MAX + 1] {
            assert_eq!(StateToken::new(None, BTreeMap::new(), Some(bad), 0).unwrap_err().message, TIMEOUT_MESSAGE);
        }
        let many: BTreeMap<String, String> = (0..=ARGUMENTS_MAX).map(|i| (i.to_string(), String::new())).collect();
        assert_eq!(StateToken::new(None, many, None, 0).unwrap_err().message, ARGUMENTS_MESSAGE);
        let long = BTreeMap::from([("k".to_string(), "v".repeat(ARGUMENT_BYTES_MAX))]);
        assert_eq!(StateToken::new(None, long, None, 0).unwrap_err().message, ARGUMENTS_MESSAGE);
    }
}
