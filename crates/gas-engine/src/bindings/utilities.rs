//! Bindings of `Utilities` and `Blob`: conversions only; the rules are in
//! `gas_platform::utilities`. Byte arrays cross as JS arrays of signed bytes (Java's
//! `byte[]`, which is what Apps Script hands a script).

use gas_platform::utilities::{self as util, Charset, FormatArg};
use gas_platform::{ServiceError, ServiceResult};

use super::args::signature_error;
use super::Call;
use crate::host::CallResult;
use crate::value::Val;

pub(super) fn dispatch(call: &Call) -> CallResult {
    let (host, method, args) = (call.host, call.method, call.args);
    let arg = |i: usize| args.get(i).unwrap_or(&Val::Undefined);
    let value = match method {
        "Utilities.sleep" => {
            let ms = util::sleep_ms_checked(arg(0).as_f64().unwrap_or(f64::NAN))?;
            host.clock.advance_by(ms);
            Val::Undefined
        }
        "Utilities.formatDate" => {
            let Val::Date(at_ms) = arg(0) else {
                return Err(signature_error(method, args).into());
            };
            Val::String(util::format_date(*at_ms as i64, &arg(1).to_js_string(), &arg(2).to_js_string())?)
        }
        "Utilities.parseDate" => Val::Date(util::parse_date_at(
            &arg(0).to_js_string(),
            &arg(1).to_js_string(),
            &arg(2).to_js_string(),
            host.now(),
        )? as f64),
        "Utilities.formatString" => {
            let rest: Vec<FormatArg> = args.iter().skip(1).map(format_arg).collect();
            Val::String(util::format_string(&arg(0).to_js_string(), &rest)?)
        }
        "Utilities.getUuid" => Val::String(util::uuid_v4(&mut host.uuid_rng.borrow_mut())),
        "Utilities.base64Encode" => Val::String(util::base64_encode(&bytes_of(arg(0), arg(1))?)),
        "Utilities.base64EncodeWebSafe" => Val::String(util::base64_encode_web_safe(&bytes_of(arg(0), arg(1))?)),
        "Utilities.base64Decode" => signed(&util::base64_decode(&arg(0).to_js_string())?),
        "Utilities.base64DecodeWebSafe" => signed(&util::base64_decode_web_safe(&arg(0).to_js_string())?),
        "Utilities.computeDigest" => {
            let algorithm = util::parse_digest_algorithm(&arg(0).to_js_string())?;
            bytes_val(util::compute_digest(algorithm, &bytes_of(arg(1), arg(2))?))
        }
        "Utilities.computeHmacSha256Signature" => {
            let charset = arg(2);
            bytes_val(util::compute_hmac(
                util::MacAlgorithm::HMAC_SHA_256,
                &bytes_of(arg(0), charset)?,
                &bytes_of(arg(1), charset)?,
            )?)
        }
        "Utilities.computeHmacSignature" => {
            let algorithm = util::parse_mac_algorithm(&arg(0).to_js_string())?;
            let charset = arg(3);
            bytes_val(util::compute_hmac(algorithm, &bytes_of(arg(1), charset)?, &bytes_of(arg(2), charset)?)?)
        }
        "HTTPResponse.getBlob" => {
            // The response body as the blob's bytes (UTF-8).
            Val::Object(vec![("bytes".into(), signed(arg(0).to_js_string().as_bytes()))])
        }
        "Utilities.newBlob" => {
            // A blob made from a string holds its UTF-8 bytes.
            let bytes = match arg(0) {
                Val::String(text) => text.as_bytes().to_vec(),
                other => bytes_of(other, &Val::Undefined)?,
            };
            Val::Object(vec![("bytes".into(), signed(&bytes))])
        }
        "Blob.getDataAsString" => {
            let bytes = bytes_of(arg(0), &Val::Undefined)?;
            Val::String(String::from_utf8_lossy(&bytes).into_owned())
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// A string (encoded with `charset`, US-ASCII when none is given, as the platform does:
/// `base64Encode("é")` is `Pw==`) or an array of bytes.
fn bytes_of(data: &Val, charset: &Val) -> ServiceResult<Vec<u8>> {
    match data {
        Val::String(text) => {
            let charset = match charset {
                Val::Undefined | Val::Null => Charset::US_ASCII,
                other => util::parse_charset(&other.to_js_string())?,
            };
            Ok(util::encode_string(text, charset))
        }
        // Signed (-128..127) and unsigned (0..255) both wrap to a byte, as Java's cast does.
        Val::Array(items) => Ok(items.iter().map(|v| v.as_f64().unwrap_or(0.0) as i64 as u8).collect()),
        Val::Undefined | Val::Null => Err(ServiceError::new("Invalid argument: data")),
        other => Ok(util::encode_string(&other.to_js_string(), Charset::US_ASCII)),
    }
}

fn signed(bytes: &[u8]) -> Val {
    Val::Array(bytes.iter().map(|b| Val::Number(f64::from(*b as i8))).collect())
}

fn bytes_val(bytes: Vec<i8>) -> Val {
    Val::Array(bytes.into_iter().map(|b| Val::Number(f64::from(b))).collect())
}

fn format_arg(value: &Val) -> FormatArg {
    match value {
        Val::Number(n) => FormatArg::Number(*n),
        Val::Bool(b) => FormatArg::Bool(*b),
        other => FormatArg::String(other.to_js_string()),
    }
}
