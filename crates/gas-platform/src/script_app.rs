//! ScriptApp's and Session's values that are about the script and its user, not about
//! triggers: the OAuth token, the web app's URL, the temporary user key, the locale.
//! Each is deterministic (derived from the script id and the user's address), so a run
//! is reproducible, and none looks like a real secret.

use base64::Engine;
use sha2::{Digest, Sha256};

/// `create()` of a spreadsheet trigger builder with no event chosen (assumed text: the
/// platform's was not captured).
pub const SPREADSHEET_TRIGGER_WITHOUT_EVENT: &str =
    "A spreadsheet trigger needs its event: call onOpen(), onEdit(), onChange() or onFormSubmit() before create().";

/// `create()` of a form trigger builder with no event chosen (assumed text, as above).
pub const FORM_TRIGGER_WITHOUT_EVENT: &str =
    "A form trigger needs its event: call onFormSubmit() or onOpen() before create().";

/// `create()` of a document trigger builder with no event chosen (assumed text, as above).
pub const DOCUMENT_TRIGGER_WITHOUT_EVENT: &str = "A document trigger needs its event: call onOpen() before create().";

/// `Session.getActiveUserLocale()` when the scenario names none (`[account] locale`): the
/// reference's own example ("for example, en for English"). Assumed for a real account.
pub const DEFAULT_LOCALE: &str = "en";

/// What every fake token starts with: no Google token does (theirs start `ya29.`), so a
/// token that leaks into a log or a request is recognisably gas-sim's.
pub const OAUTH_TOKEN_PREFIX: &str = "gas-sim-fake-oauth-token.";

/// The scope `ScriptApp.getIdentityToken()` needs in the manifest's `oauthScopes`, and the
/// one that adds the user's address to the token (documented: guides/services/cloud-run,
/// "Enable the openid scope"). A scope inferred from the code is never `openid`.
pub const OPENID_SCOPE: &str = "openid";
pub const EMAIL_SCOPE: &str = "https://www.googleapis.com/auth/userinfo.email";
/// An identity token's lifetime: `exp` is `iat` plus an hour (assumed: Google's ID tokens).
pub const IDENTITY_TOKEN_SECONDS: i64 = 3600;

/// `ScriptApp.getIdentityToken()`: an OpenID Connect ID token (a JWT: header, payload and
/// signature, each base64url without padding) for the effective user, or `None` (the
/// script's null) unless the manifest lists the `openid` scope. The payload has the
/// documented use's claims: `aud` (the script's client id, which the documented sample
/// reads), `azp`, `iss`, `sub`, `iat`, `exp`, and `email` with `email_verified` when the
/// manifest lists `userinfo.email`. The signature is not Google's (gas-sim has no key): a
/// service that verifies the token refuses it. Deterministic for a script, user and time.
pub fn identity_token(script_id: &str, user_email: &str, scopes: &[String], now_utc_ms: i64) -> Option<String> {
    if !scopes.iter().any(|s| s == OPENID_SCOPE) {
        return None;
    }
    let issued_s = now_utc_ms.div_euclid(1000);
    let client: String =
        digest_b64(&["client", script_id]).chars().filter(char::is_ascii_alphanumeric).take(32).collect();
    let audience = format!("gas-sim-{}.apps.googleusercontent.com", client.to_ascii_lowercase());
    let subject: String =
        digest_b64(&["subject", user_email]).bytes().take(21).map(|b| char::from(b'0' + b % 10)).collect();
    let mut payload = serde_json::json!({
        "aud": audience, "azp": audience, "exp": issued_s + IDENTITY_TOKEN_SECONDS, "iat": issued_s,
        "iss": "https://accounts.google.com", "sub": subject,
    });
    if scopes.iter().any(|s| s == EMAIL_SCOPE) {
        payload["email"] = serde_json::json!(user_email);
        payload["email_verified"] = serde_json::json!(true);
    }
    let segment =
        |value: &serde_json::Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value.to_string());
    let signed = format!(
        "{}.{}",
        segment(&serde_json::json!({"alg": "RS256", "kid": "gas-sim", "typ": "JWT"})),
        segment(&payload)
    );
    let signature = digest_b64(&["gas-sim-identity-token", &signed]);
    Some(format!("{signed}.{signature}"))
}

fn digest_b64(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0u8]);
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(hasher.finalize())
}

/// `ScriptApp.getOAuthToken()`: the same for a script and user in every run; useless
/// against any real API (the simulated UrlFetchApp answers from the scenario's rules).
pub fn oauth_token(script_id: &str, user_email: &str) -> String {
    format!("{OAUTH_TOKEN_PREFIX}{}", &digest_b64(&["oauth", script_id, user_email])[..32])
}

/// `Session.getTemporaryActiveUserKey()`: unique to the user and the script, revealing
/// neither. The platform rotates it every 30 days (documented); gas-sim keeps it stable
/// (assumed: when the rotation happens is not documented).
pub fn temporary_active_user_key(script_id: &str, user_email: &str) -> String {
    digest_b64(&["temporary-user-key", script_id, user_email])[..43].to_string()
}

/// The web app's deployment id: `AKfycb` and 66 more characters, the shape of a real one,
/// derived from the script id.
pub fn deployment_id(script_id: &str) -> String {
    let digest = digest_b64(&["deployment", script_id]) + &digest_b64(&["deployment-2", script_id]);
    format!("AKfycb{}", &digest[..66])
}

/// Whether the script counts as deployed as a web app: it defines `doGet` or `doPost`
/// (assumed; a simulation has no deployments, and scenario requests reach such a project).
pub fn is_deployed(defines_do_get: bool, defines_do_post: bool) -> bool {
    defines_do_get || defines_do_post
}

/// `ScriptApp.getService().getUrl()`: the web app's `/exec` URL once the script is
/// deployed as one, else `null` (documented: "if it has been deployed"). gas-sim counts a
/// project that defines `doGet` or `doPost` as deployed, since scenario requests reach
/// it (assumed).
pub fn web_app_url(script_id: &str, deployed: bool) -> Option<String> {
    deployed.then(|| format!("https://script.google.com/macros/s/{}/exec", deployment_id(script_id)))
}

/// `ScriptApp.invalidateAuth()`: on the platform it revokes the user's authorization and
/// throws if the script cannot be reauthorized; a simulation has no authorization to
/// revoke, so it does nothing (documented in docs/fidelity.md).
pub fn invalidate_auth() {}

/// `ScriptApp.getAuthorizationInfo(authMode)`: whether the user must still authorize the
/// script, and the URL to do it at (documented: `null` when no authorization is needed).
/// gas-sim runs every execution as a user who has authorized every scope the script
/// uses (assumed: consent is not modelled), so it is never needed, in any mode.
pub struct AuthorizationInfo {
    pub status: &'static str,
    pub url: Option<String>,
}

/// See [`AuthorizationInfo`]; `ScriptApp.AuthorizationStatus.NOT_REQUIRED` (documented value).
pub fn authorization_info() -> AuthorizationInfo {
    AuthorizationInfo { status: "NOT_REQUIRED", url: None }
}

/// `ScriptApp.requireScopes` and `requireAllScopes`: the platform ends the execution and
/// shows a consent prompt when a scope lacks consent (documented); every scope has it
/// here (see [`authorization_info`]), so the execution goes on.
pub fn require_scopes() {}

/// `ScriptApp.getInstallationSource()`: how the script was installed as an add-on;
/// `ScriptApp.InstallationSource.NONE` for a script that is not one (documented value),
/// which every gas-sim project is (assumed: add-on installs are not modelled).
pub const INSTALLATION_SOURCE: &str = "NONE";

/// `ScriptApp.getProjectKey()` (deprecated: "use getScriptId() instead", documented):
/// the script id (assumed; the project key of old scripts no longer exists apart from it).
pub fn project_key(script_id: &str) -> String {
    script_id.to_string()
}

#[cfg(test)]
mod tests {

    #[test]
    fn an_identity_token_needs_the_openid_scope_and_carries_the_email_only_with_its_scope() {
        let at_ms = 1_750_000_000_123;
        assert_eq!(identity_token("s1", "ana@example.com", &[], at_ms), None);
        let openid = vec![OPENID_SCOPE.to_string()];
        let token = identity_token("s1", "ana@example.com", &openid, at_ms).unwrap();
        assert_eq!(token, identity_token("s1", "ana@example.com", &openid, at_ms).unwrap(), "deterministic");
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let decode = |s: &str| -> serde_json::Value {
            serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(s).unwrap()).unwrap()
        };
        assert_eq!(decode(parts[0])["alg"], "RS256");
        let payload = decode(parts[1]);
        assert_eq!(payload["iat"], 1_750_000_000);
        assert_eq!(payload["exp"], 1_750_000_000 + IDENTITY_TOKEN_SECONDS);
        assert_eq!(payload["iss"], "https://accounts.google.com");
        assert!(payload["aud"].as_str().unwrap().ends_with(".apps.googleusercontent.com"));
        assert_eq!(payload["sub"].as_str().unwrap().len(), 21);
        assert!(payload.get("email").is_none(), "no email without its scope");
        let with_email = vec![OPENID_SCOPE.to_string(), EMAIL_SCOPE.to_string()];
        let token = identity_token("s1", "ana@example.com", &with_email, at_ms).unwrap();
        let payload = decode(token.split('.').nth(1).unwrap());
        assert_eq!(
            (payload["email"].as_str(), payload["email_verified"].as_bool()),
            (Some("ana@example.com"), Some(true))
        );
        assert_ne!(
            identity_token("s2", "ana@example.com", &openid, at_ms).unwrap(),
            identity_token("s1", "ana@example.com", &openid, at_ms).unwrap()
        );
    }

    use super::*;

    #[test]
    fn tokens_and_keys_are_stable_per_script_and_user() {
        let token = oauth_token("abc", "user@example.com");
        assert!(token.starts_with(OAUTH_TOKEN_PREFIX) && !token.starts_with("ya29."));
        assert_eq!(token, oauth_token("abc", "user@example.com"));
        assert_ne!(token, oauth_token("abc", "other@example.com"));
        assert_ne!(token, oauth_token("xyz", "user@example.com"));
        let key = temporary_active_user_key("abc", "user@example.com");
        assert_eq!(key.len(), 43);
        assert_eq!(key, temporary_active_user_key("abc", "user@example.com"));
        assert_ne!(key, temporary_active_user_key("abc", "other@example.com"));
        assert_ne!(key, temporary_active_user_key("xyz", "user@example.com"));
        assert!(!key.contains("user") && !key.contains('@'));
    }

    #[test]
    fn the_web_app_url_is_derived_from_the_script_id_once_deployed() {
        let url = web_app_url("abc", true).unwrap();
        assert!(url.starts_with("https://script.google.com/macros/s/AKfycb") && url.ends_with("/exec"), "{url}");
        assert_eq!(deployment_id("abc").len(), 72);
        assert_eq!(Some(url), web_app_url("abc", true));
        assert_ne!(web_app_url("abc", true), web_app_url("abd", true));
        assert_eq!(web_app_url("abc", false), None);
    }

    #[test]
    fn the_user_has_authorized_every_scope_and_the_project_is_no_add_on() {
        let info = authorization_info();
        assert_eq!((info.status, info.url), ("NOT_REQUIRED", None));
        require_scopes();
        assert_eq!(INSTALLATION_SOURCE, "NONE");
        assert_eq!(project_key("abc"), "abc");
    }
}
