//! Bindings of `Utilities` (blobs themselves are in `blob.rs`): conversions only; the rules are in
//! `gas_platform::utilities`. Byte arrays cross as JS arrays of signed bytes (Java's
//! `byte[]`, which is what Apps Script hands a script).

use gas_platform::utilities::{self as util, Charset, FormatArg};
use gas_platform::{ServiceError, ServiceResult};

use super::args::signature_error;
use super::blob::{signed, wrap_bytes, BlobParts};
use super::Call;
use crate::host::{CallResult, Failure};
use crate::methods::{declare, Method};
use crate::value::Val;
use crate::work;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).in_process();
    "Utilities.base64Decode" => 0,
    "Utilities.base64DecodeWebSafe" => 0,
    "Utilities.base64Encode" => 0,
    "Utilities.base64EncodeWebSafe" => 0,
    "Utilities.computeDigest" => 0,
    "Utilities.computeHmacSha256Signature" => 0,
    "Utilities.computeHmacSignature" => 0,
    "Utilities.computeRsaSha1Signature" => 0,
    "Utilities.computeRsaSha256Signature" => 0,
    "Utilities.computeRsaSignature" => 0,
    "Utilities.formatDate" => 0,
    "Utilities.formatString" => 0,
    "Utilities.getUuid" => 0,
    // Compression is work on the platform's side: a few ms (assumed, like every latency).
    "Utilities.gzip" => 5,
    "Utilities.newBlob" => 0,
    "Utilities.parseCsv" => 0,
    "Utilities.parseDate" => 0,
    "Utilities.sleep" => 0,
    "Utilities.ungzip" => 5,
    "Utilities.unzip" => 5,
    "Utilities.zip" => 5,
];

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
            let template = arg(0).to_js_string();
            host.charge_steps(work::chars_steps(util::format_string_padding_max(&template)))?;
            let rest: Vec<FormatArg> = args.iter().skip(1).map(format_arg).collect();
            Val::String(util::format_string(&template, &rest)?)
        }
        "Utilities.getUuid" => Val::String(util::uuid_v4(&mut host.uuid_rng.borrow_mut())),
        "Utilities.base64Encode" => Val::String(util::base64_encode(&bytes_of(arg(0), arg(1))?)),
        "Utilities.base64EncodeWebSafe" => Val::String(util::base64_encode_web_safe(&bytes_of(arg(0), arg(1))?)),
        "Utilities.base64Decode" | "Utilities.base64DecodeWebSafe" => {
            let text = arg(0).to_js_string();
            // The decoded bytes (three per four characters) are allocated before `signed`
            // checks their JS array: checked first.
            crate::heap::reserve_for_call(text.len() / 4 * 3)?;
            let decoded = if method == "Utilities.base64Decode" {
                util::base64_decode(&text)?
            } else {
                util::base64_decode_web_safe(&text)?
            };
            signed(&decoded)?
        }
        "Utilities.computeDigest" => {
            let algorithm = util::parse_digest_algorithm(&arg(0).to_js_string())?;
            let data = bytes_of(arg(1), arg(2))?;
            host.charge_steps(work::digest_steps(data.len()))?;
            bytes_val(util::compute_digest(algorithm, &data))
        }
        "Utilities.computeHmacSha256Signature" => {
            let charset = arg(2);
            let (value, key) = (bytes_of(arg(0), charset)?, bytes_of(arg(1), charset)?);
            host.charge_steps(work::digest_steps(value.len() + key.len()))?;
            bytes_val(util::compute_hmac(util::MacAlgorithm::HMAC_SHA_256, &value, &key)?)
        }
        "Utilities.computeHmacSignature" => {
            let algorithm = util::parse_mac_algorithm(&arg(0).to_js_string())?;
            let charset = arg(3);
            let (value, key) = (bytes_of(arg(1), charset)?, bytes_of(arg(2), charset)?);
            host.charge_steps(work::digest_steps(value.len() + key.len()))?;
            bytes_val(util::compute_hmac(algorithm, &value, &key)?)
        }
        "Utilities.computeRsaSha1Signature"
        | "Utilities.computeRsaSha256Signature"
        | "Utilities.computeRsaSignature" => rsa_signature(host, method, args)?,
        "Utilities.newBlob" => new_blob(method, args)?,
        "Utilities.parseCsv" => {
            let Val::String(text) = arg(0) else { return Err(signature_error(method, args).into()) };
            let delimiter = match arg(1) {
                Val::Undefined => util::csv_delimiter(None)?,
                Val::String(d) => util::csv_delimiter(Some(d))?,
                _ => return Err(signature_error(method, args).into()),
            };
            let rows = util::parse_csv(text, delimiter)?;
            Val::Array(rows.into_iter().map(|row| Val::Array(row.into_iter().map(Val::String).collect())).collect())
        }
        "Utilities.zip" => {
            let (Val::Array(items), name) = (arg(0), optional_name(arg(1), method, args)?) else {
                return Err(signature_error(method, args).into());
            };
            let entries = items
                .iter()
                .map(|item| BlobParts::of(item).map(|b| util::NamedBytes { name: b.name, bytes: b.bytes }))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| signature_error(method, args))?;
            let name = name.unwrap_or_else(|| util::ZIP_DEFAULT_NAME.to_string());
            archive_blob(util::zip(&entries, &name)?, util::ZIP_CONTENT_TYPE, Some(name))?
        }
        "Utilities.unzip" => {
            let blob = only_blob(method, args)?;
            let files = util::unzip(&blob.bytes)?;
            Val::Array(
                files
                    .into_iter()
                    .map(|f| {
                        BlobParts {
                            bytes: f.bytes,
                            content_type: f.content_type.map(str::to_string),
                            name: Some(f.name),
                        }
                        .into_val()
                    })
                    .collect::<Result<_, _>>()?,
            )
        }
        "Utilities.gzip" => {
            let Some(blob) = BlobParts::of(arg(0)) else { return Err(signature_error(method, args).into()) };
            let name = util::gzip_name(optional_name(arg(1), method, args)?.as_deref(), blob.name.as_deref());
            archive_blob(util::gzip(&blob.bytes, &name)?, util::GZIP_CONTENT_TYPE, Some(name))?
        }
        "Utilities.ungzip" => {
            let blob = only_blob(method, args)?;
            BlobParts {
                bytes: util::ungzip(&blob.bytes)?,
                content_type: None,
                name: util::ungzip_name(blob.name.as_deref()),
            }
            .into_val()?
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
        Val::Array(items) => Ok(wrap_bytes(items)),
        Val::Undefined | Val::Null => Err(ServiceError::new(util::INVALID_DATA_MESSAGE)),
        other => Ok(util::encode_string(&other.to_js_string(), Charset::US_ASCII)),
    }
}

/// The RSA signatures: `computeRsaSignature(algorithm, value, key[, charset])` and its
/// two shorthands without the algorithm. The key is PEM text (never bytes).
fn rsa_signature(host: &crate::host::Host, method: &str, args: &[Val]) -> Result<Val, Failure> {
    let (algorithm, rest) = match method {
        "Utilities.computeRsaSha1Signature" => (util::RsaAlgorithm::RSA_SHA_1, args),
        "Utilities.computeRsaSha256Signature" => (util::RsaAlgorithm::RSA_SHA_256, args),
        _ => (
            util::parse_rsa_algorithm(&args.first().unwrap_or(&Val::Undefined).to_js_string())?,
            args.get(1..).unwrap_or(&[]),
        ),
    };
    let arg = |i: usize| rest.get(i).unwrap_or(&Val::Undefined);
    let value = bytes_of(arg(0), arg(2))?;
    let key = arg(1).to_js_string();
    // A signature is a modular exponentiation, far more than a digest: counted as a
    // digest of the value, the key and as many bytes again as the largest key has bits.
    host.charge_steps(work::digest_steps(value.len() + key.len() + util::RSA_KEY_BITS_MAX))?;
    Ok(bytes_val(util::compute_rsa_signature(algorithm, &value, &key)?))
}

/// `Utilities.newBlob(data[, contentType[, name]])`: a string's UTF-8 bytes, typed
/// `text/plain` unless a type is given; bytes untyped.
fn new_blob(method: &str, args: &[Val]) -> Result<Val, Failure> {
    let arg = |i: usize| args.get(i).unwrap_or(&Val::Undefined);
    let (bytes, default_type) = match arg(0) {
        Val::String(text) => (text.as_bytes().to_vec(), Some(util::STRING_BLOB_CONTENT_TYPE.to_string())),
        Val::Array(items) => (wrap_bytes(items), None),
        _ => return Err(signature_error(method, args).into()),
    };
    let content_type = match arg(1) {
        Val::Undefined => default_type,
        Val::Null => None,
        other => Some(other.to_js_string()),
    };
    let name = optional_name(arg(2), method, args)?;
    BlobParts { bytes, content_type, name }.into_val()
}

/// A name argument: a string, or nothing.
fn optional_name(value: &Val, method: &str, args: &[Val]) -> ServiceResult<Option<String>> {
    match value {
        Val::Undefined | Val::Null => Ok(None),
        Val::String(name) => Ok(Some(name.clone())),
        _ => Err(signature_error(method, args)),
    }
}

/// The one blob argument of `unzip` and `ungzip`.
fn only_blob(method: &str, args: &[Val]) -> ServiceResult<BlobParts> {
    match (args.len(), args.first().and_then(BlobParts::of)) {
        (1, Some(blob)) => Ok(blob),
        _ => Err(signature_error(method, args)),
    }
}

fn archive_blob(bytes: Vec<u8>, content_type: &str, name: Option<String>) -> Result<Val, Failure> {
    BlobParts { bytes, content_type: Some(content_type.to_string()), name }.into_val()
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
