//! Bindings of `Blob` (and `HTTPResponse.getBlob`): a blob crosses as its handle
//! `{ bytes, contentType, name }`, bytes as signed Java bytes. The rules are in
//! `gas_platform::utilities` (default types, the extension table, getAs, charsets).

use gas_platform::utilities::{self as util, GetAs, JavaCharset};
use gas_platform::{ServiceError, ServiceResult};

use super::args::{arg, signature_error};
use super::Call;
use crate::host::{CallResult, Failure};
use crate::methods::{declare, Method};
use crate::value::Val;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).in_process();
    "Blob.getAs" => 0,
    "Blob.getDataAsString" => 0,
    "Blob.isGoogleType" => 0,
    "Blob.setBytes" => 0,
    "Blob.setContentTypeFromExtension" => 0,
    "Blob.setDataFromString" => 0,
    "HTTPResponse.getBlob" => 0,
    "HTTPResponse.getContent" => 0,
];

/// A blob as a binding reads it from its handle.
pub(super) struct BlobParts {
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
    pub name: Option<String>,
}

impl BlobParts {
    /// The handle's parts, or `None` for a value that is no blob handle.
    pub(super) fn of(value: &Val) -> Option<BlobParts> {
        let Some(Val::Array(items)) = value.get("bytes") else { return None };
        let text = |key: &str| value.get(key).and_then(Val::as_str).map(str::to_string);
        Some(BlobParts { bytes: wrap_bytes(items), content_type: text("contentType"), name: text("name") })
    }

    /// The handle, for a blob of at most the platform's 50 MB whose bytes fit the
    /// execution's heap budget as JS values.
    pub(super) fn into_val(self) -> Result<Val, Failure> {
        let text = |v: Option<String>| v.map_or(Val::Null, Val::String);
        let bytes = blob_bytes(&self.bytes, self.name.as_deref())?;
        Ok(Val::Object(vec![
            ("bytes".into(), bytes),
            ("contentType".into(), text(self.content_type)),
            ("name".into(), text(self.name)),
        ]))
    }
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    let (method, args) = (call.method, call.args);
    let blob = || BlobParts::of(call.handle).ok_or_else(|| ServiceError::new("gas-sim: a Blob without its data"));
    let value = match method {
        "Blob.getDataAsString" => {
            let charset = optional_charset(arg(args, 0), method, args)?;
            Val::String(util::decode_bytes(&blob()?.bytes, charset))
        }
        "Blob.setDataFromString" => {
            let Val::String(text) = arg(args, 0) else { return Err(signature_error(method, args).into()) };
            let charset = optional_charset(arg(args, 1), method, args)?;
            blob_bytes(&util::encode_text(text, charset), blob()?.name.as_deref())?
        }
        "Blob.setBytes" => match arg(args, 0) {
            Val::Array(items) if args.len() == 1 => blob_bytes(&wrap_bytes(items), blob()?.name.as_deref())?,
            _ => return Err(signature_error(method, args).into()),
        },
        "Blob.setContentTypeFromExtension" => {
            util::content_type_from_extension(blob()?.name.as_deref()).map_or(Val::Null, |t| Val::String(t.into()))
        }
        "Blob.isGoogleType" => Val::Bool(util::is_google_type(blob()?.content_type.as_deref())),
        "Blob.getAs" => {
            let Val::String(target) = arg(args, 0) else { return Err(signature_error(method, args).into()) };
            let source = blob()?;
            match util::get_as(source.content_type.as_deref(), target, source.name.as_deref())? {
                GetAs::Copy { content_type, name } => {
                    BlobParts { bytes: source.bytes, content_type: Some(content_type), name }.into_val()?
                }
                GetAs::Unimplemented(text) => return Err(ServiceError::new(text).into()),
            }
        }
        "HTTPResponse.getBlob" => {
            // The response body as the blob's bytes (UTF-8).
            Val::Object(vec![("bytes".into(), blob_bytes(arg(args, 0).to_js_string().as_bytes(), None)?)])
        }
        // The same bytes alone: "the raw binary content of an HTTP response" (documented).
        "HTTPResponse.getContent" => blob_bytes(arg(args, 0).to_js_string().as_bytes(), None)?,
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// A charset argument named as Java names it; UTF-8 when none is given (documented for
/// getDataAsString and setDataFromString).
fn optional_charset(value: &Val, method: &str, args: &[Val]) -> ServiceResult<JavaCharset> {
    match value {
        Val::Undefined => Ok(JavaCharset::Utf8),
        Val::String(name) => util::parse_java_charset(name),
        _ => Err(signature_error(method, args)),
    }
}

/// Signed (-128..127) and unsigned (0..255) both wrap to a byte, as Java's cast does.
pub(super) fn wrap_bytes(items: &[Val]) -> Vec<u8> {
    items.iter().map(|v| v.as_f64().unwrap_or(0.0) as i64 as u8).collect()
}

/// Bytes as a JS array of signed bytes, once the array fits the heap budget: each byte
/// becomes a `Val` here and a JS value later, 30-odd times its size.
pub(super) fn signed(bytes: &[u8]) -> Result<Val, Failure> {
    crate::heap::reserve_for_call(bytes.len().saturating_mul(crate::heap::VAL_ELEMENT_BYTES))?;
    Ok(Val::Array(bytes.iter().map(|b| Val::Number(f64::from(*b as i8))).collect()))
}

/// A blob's bytes: refused past the platform's blob size, then as [`signed`].
pub(super) fn blob_bytes(bytes: &[u8], name: Option<&str>) -> Result<Val, Failure> {
    util::check_blob_size(bytes.len(), name)?;
    signed(bytes)
}
