//! `Utilities.zip`/`unzip` and `gzip`/`ungzip`: archives of blobs, their content types
//! and names, and the cap on inflated data that keeps a zip bomb from exhausting memory.
//!
//! Archives are deterministic: every zip entry is dated 1980-01-01 00:00 (the format's
//! epoch) and a gzip stream carries no name and mtime 0, so the same blobs give the same
//! bytes in every run. (Google's bytes differ; scripts compare contents, not archives.)

use std::io::{Cursor, Read, Seek, SeekFrom, Write};

use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::blob::{blob_too_large, content_type_from_extension, BLOB_BYTES_MAX};
use crate::error::{ServiceError, ServiceResult};

/// `Utilities.zip`'s content type. Observed (gas-fakes' suite on live Apps Script).
pub const ZIP_CONTENT_TYPE: &str = "application/zip";
/// `Utilities.gzip`'s content type. Observed (gas-fakes' suite on live Apps Script).
pub const GZIP_CONTENT_TYPE: &str = "application/x-gzip";
/// `Utilities.zip(blobs)`'s name when none is given. Observed (as above).
pub const ZIP_DEFAULT_NAME: &str = "archive.zip";
/// `Utilities.gzip(blob)`'s name when neither the call nor the blob names it. Observed.
pub const GZIP_DEFAULT_NAME: &str = "archive.gz";

/// The most bytes `unzip` or `ungzip` inflates in one call, all entries together: 50 MB,
/// the size the platform allows a blob elsewhere (UrlFetchApp responses, attachments).
/// Past it the call fails instead of growing without bound on a zip bomb. Assumed.
pub const INFLATED_BYTES_MAX: u64 = BLOB_BYTES_MAX as u64;
/// The most entries `zip` writes or `unzip` reads. Assumed (a guard, not a platform figure).
pub const ZIP_ENTRIES_MAX: usize = 10_000;

/// A blob's name and bytes, as an archive holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedBytes {
    pub name: Option<String>,
    pub bytes: Vec<u8>,
}

/// A file taken out of a zip, with the content type its extension implies (observed:
/// `unzip` gives a `.txt` entry `text/plain`; the archive keeps no types).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unzipped {
    pub name: String,
    pub content_type: Option<&'static str>,
    pub bytes: Vec<u8>,
}

fn inflated_too_large() -> ServiceError {
    ServiceError::new(format!(
        "Uncompressed data exceeds the limit of {INFLATED_BYTES_MAX} bytes (gas-sim's guard against zip bombs)."
    ))
}

fn zip_error(error: impl std::fmt::Display) -> ServiceError {
    ServiceError::new(format!("Could not zip the blobs: {error}"))
}

/// `Utilities.zip(blobs)`: a deflated zip of the blobs, each under its own name. A blob
/// without a name cannot be an entry, and two entries may not share one (Java's
/// `ZipOutputStream` says `duplicate entry: NAME`); both texts assumed.
///
/// The archive is a blob: past [`BLOB_BYTES_MAX`] the platform's `File NAME exceeds the
/// maximum file size.` (observed for zips), refused while it is written.
pub fn zip(entries: &[NamedBytes], archive_name: &str) -> ServiceResult<Vec<u8>> {
    zip_capped(entries, archive_name, BLOB_BYTES_MAX)
}

fn zip_capped(entries: &[NamedBytes], archive_name: &str, bytes_max: usize) -> ServiceResult<Vec<u8>> {
    if entries.len() > ZIP_ENTRIES_MAX {
        return Err(ServiceError::new(format!("A zip holds at most {ZIP_ENTRIES_MAX} blobs in gas-sim.")));
    }
    let too_large = || blob_too_large(Some(archive_name));
    let zip_error = |e: zip::result::ZipError| match e {
        zip::result::ZipError::Io(io) if is_capped(&io) => too_large(),
        other => zip_error(other),
    };
    let mut writer = ZipWriter::new(Capped::new(bytes_max));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    let mut names: Vec<&str> = Vec::with_capacity(entries.len());
    for entry in entries {
        let Some(name) = entry.name.as_deref() else {
            return Err(ServiceError::new("Blob object must have non-null name for this operation."));
        };
        if names.contains(&name) {
            return Err(ServiceError::new(format!("duplicate entry: {name}")));
        }
        names.push(name);
        writer.start_file(name, options).map_err(zip_error)?;
        writer.write_all(&entry.bytes).map_err(|e| if is_capped(&e) { too_large() } else { zip_error(e.into()) })?;
    }
    Ok(writer.finish().map_err(zip_error)?.into_inner())
}

/// A growing buffer that refuses to hold more than `max` bytes: an archive's output is
/// capped as it is written, never allocated past the blob limit first.
struct Capped {
    cursor: Cursor<Vec<u8>>,
    max: usize,
}

const CAPPED_ERROR: &str = "gas-sim: archive output past the blob limit";

impl Capped {
    fn new(max: usize) -> Capped {
        Capped { cursor: Cursor::new(Vec::new()), max }
    }

    fn into_inner(self) -> Vec<u8> {
        self.cursor.into_inner()
    }
}

fn is_capped(error: &std::io::Error) -> bool {
    error.get_ref().is_some_and(|inner| inner.to_string() == CAPPED_ERROR)
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let end = (self.cursor.position() as usize).saturating_add(buf.len());
        if end > self.max {
            return Err(std::io::Error::other(CAPPED_ERROR));
        }
        self.cursor.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Seek for Capped {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.cursor.seek(to)
    }
}

/// `Utilities.unzip(blob)`: the files in the zip, in archive order (folders skipped).
/// Bytes that are no zip give no files, as Java's `ZipInputStream` finds no entry in
/// them (assumed); a damaged entry is an error (text assumed).
pub fn unzip(bytes: &[u8]) -> ServiceResult<Vec<Unzipped>> {
    unzip_capped(bytes, INFLATED_BYTES_MAX)
}

fn unzip_capped(bytes: &[u8], inflated_max: u64) -> ServiceResult<Vec<Unzipped>> {
    let Ok(mut archive) = ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(Vec::new());
    };
    if archive.len() > ZIP_ENTRIES_MAX {
        return Err(ServiceError::new(format!("A zip holds at most {ZIP_ENTRIES_MAX} files in gas-sim.")));
    }
    let damaged = |e: zip::result::ZipError| ServiceError::new(format!("Could not unzip the blob: {e}"));
    let mut files = Vec::new();
    let mut inflated_total = 0u64;
    for index in 0..archive.len() {
        let entry = archive.by_index(index).map_err(damaged)?;
        if entry.is_dir() {
            continue;
        }
        let name = entry.name().map_err(damaged)?.to_string();
        let room = inflated_max - inflated_total;
        let data = read_capped(entry, room)?;
        inflated_total += data.len() as u64;
        files.push(Unzipped { content_type: content_type_from_extension(Some(&name)), name, bytes: data });
    }
    Ok(files)
}

/// Reads at most `room` bytes; one byte more means the data is too large. The reader
/// is read, never trusted for its declared size (a zip can lie about it).
fn read_capped(reader: impl Read, room: u64) -> ServiceResult<Vec<u8>> {
    let mut data = Vec::new();
    reader
        .take(room + 1)
        .read_to_end(&mut data)
        .map_err(|e| ServiceError::new(format!("Could not uncompress the blob: {e}")))?;
    if data.len() as u64 > room {
        return Err(inflated_too_large());
    }
    Ok(data)
}

/// `Utilities.gzip(blob)`: the bytes as a gzip stream, a blob named `archive_name`, so at
/// most [`BLOB_BYTES_MAX`] (the text as for zip; assumed for gzip).
pub fn gzip(bytes: &[u8], archive_name: &str) -> ServiceResult<Vec<u8>> {
    gzip_capped(bytes, archive_name, BLOB_BYTES_MAX)
}

fn gzip_capped(bytes: &[u8], archive_name: &str, bytes_max: usize) -> ServiceResult<Vec<u8>> {
    let mut encoder = GzEncoder::new(Capped::new(bytes_max), Compression::default());
    let written = encoder.write_all(bytes).and_then(|()| encoder.try_finish());
    match written {
        Ok(()) => Ok(encoder.finish().map_err(|_| blob_too_large(Some(archive_name)))?.into_inner()),
        Err(e) if is_capped(&e) => Err(blob_too_large(Some(archive_name))),
        Err(e) => Err(ServiceError::new(format!("Could not gzip the blob: {e}"))),
    }
}

/// `Utilities.ungzip(blob)`: the bytes of a gzip stream, every member of it one after the
/// other (Java's `GZIPInputStream`, which the platform uses, reads them all), at most
/// [`INFLATED_BYTES_MAX`]. Bytes that are no gzip fail with its text (assumed).
pub fn ungzip(bytes: &[u8]) -> ServiceResult<Vec<u8>> {
    ungzip_capped(bytes, INFLATED_BYTES_MAX)
}

fn ungzip_capped(bytes: &[u8], inflated_max: u64) -> ServiceResult<Vec<u8>> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(ServiceError::new("Not in GZIP format"));
    }
    read_capped(MultiGzDecoder::new(bytes), inflated_max)
}

/// The name of `gzip`'s blob: the call's name, else the blob's own, else
/// [`GZIP_DEFAULT_NAME`] (observed for the default; the blob's own name is assumed).
pub fn gzip_name(name_arg: Option<&str>, blob_name: Option<&str>) -> String {
    name_arg.or(blob_name).unwrap_or(GZIP_DEFAULT_NAME).to_string()
}

/// The name of `ungzip`'s blob: the gzip blob's name without `.gz` (observed:
/// `archive.gz` gives `archive`, `named` stays `named`). Its content type is `null`.
pub fn ungzip_name(gzip_blob_name: Option<&str>) -> Option<String> {
    gzip_blob_name.map(|n| n.strip_suffix(".gz").unwrap_or(n).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str, text: &str) -> NamedBytes {
        NamedBytes { name: Some(name.into()), bytes: text.as_bytes().to_vec() }
    }

    #[test]
    fn zip_round_trips_names_bytes_and_types() {
        let zipped =
            zip(&[named("b0.txt", "foo is not bar"), named("data/b1.csv", "a,b"), named("x.bin", "")], "archive.zip")
                .unwrap();
        // A local file header first; the same blobs always give the same bytes.
        assert_eq!(&zipped[..4], b"PK\x03\x04");
        assert_eq!(
            zipped,
            zip(&[named("b0.txt", "foo is not bar"), named("data/b1.csv", "a,b"), named("x.bin", "")], "archive.zip")
                .unwrap()
        );
        let files = unzip(&zipped).unwrap();
        let got: Vec<(&str, Option<&str>, &[u8])> =
            files.iter().map(|f| (f.name.as_str(), f.content_type, f.bytes.as_slice())).collect();
        assert_eq!(
            got,
            [
                ("b0.txt", Some("text/plain"), b"foo is not bar".as_slice()),
                ("data/b1.csv", Some("text/csv"), b"a,b".as_slice()),
                ("x.bin", None, b"".as_slice()),
            ]
        );
    }

    #[test]
    fn zip_refuses_unnamed_and_duplicate_entries() {
        let unnamed = NamedBytes { name: None, bytes: vec![1] };
        assert_eq!(
            zip(&[unnamed], "archive.zip").unwrap_err().message,
            "Blob object must have non-null name for this operation."
        );
        assert_eq!(zip(&[named("a", "1"), named("a", "2")], "archive.zip").unwrap_err().message, "duplicate entry: a");
    }

    #[test]
    fn unzip_of_bytes_that_are_no_zip_gives_no_files() {
        assert_eq!(unzip(b"hello").unwrap(), Vec::new());
        assert_eq!(unzip(b"").unwrap(), Vec::new());
    }

    #[test]
    fn unzip_caps_the_inflated_size_of_all_entries() {
        let zeros = NamedBytes { name: Some("zeros".into()), bytes: vec![0; 100_000] };
        let mut more = zeros.clone();
        more.name = Some("more".into());
        let zipped = zip(&[zeros, more], "archive.zip").unwrap();
        assert!(zipped.len() < 2_000, "deflate shrinks zeros: {} bytes", zipped.len());
        assert_eq!(unzip_capped(&zipped, 200_000).unwrap().len(), 2);
        let err = unzip_capped(&zipped, 150_000).unwrap_err().message;
        assert_eq!(err, inflated_too_large().message);
        assert!(err.contains("52428800 bytes"), "{err}");
    }

    #[test]
    fn gzip_round_trips_and_caps_the_inflated_size() {
        let gz = gzip(b"foo is not bar", "archive.gz").unwrap();
        assert_eq!(&gz[..3], [0x1f, 0x8b, 8], "gzip magic and deflate method");
        assert_eq!(gz[4..8], [0, 0, 0, 0], "mtime 0: the same bytes every run");
        assert_eq!(ungzip(&gz).unwrap(), b"foo is not bar");
        let bomb = gzip(&vec![0; 1_000_000], "archive.gz").unwrap();
        assert!(bomb.len() < 5_000);
        assert_eq!(ungzip_capped(&bomb, 1_000_000).unwrap().len(), 1_000_000);
        assert_eq!(ungzip_capped(&bomb, 999_999).unwrap_err(), inflated_too_large());
        assert_eq!(ungzip(b"plain text").unwrap_err().message, "Not in GZIP format");
    }

    fn hex(text: &str) -> Vec<u8> {
        (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
    }

    #[test]
    fn archives_made_by_other_tools_open() {
        // Python's zipfile: a folder, a deflated and a stored entry.
        let python_zip = hex(concat!(
            "504b03041400000000008318225800000000000000000000000005000000646f63732f504b0304140000000800831822",
            "588088f9e50a000000110000000e000000646f63732f68656c6c6f2e747874cb48cdc9c957c8409000504b0304140000",
            "000000831822587f8954080300000003000000070000007261772e62696e000102504b01021403140000000000831822",
            "58000000000000000000000000050000000000000000000000800100000000646f63732f504b01021403140000000800",
            "831822588088f9e50a000000110000000e0000000000000000000000800123000000646f63732f68656c6c6f2e747874",
            "504b01021403140000000000831822587f89540803000000030000000700000000000000000000008001590000007261",
            "772e62696e504b05060000000003000300a4000000810000000000"
        ));
        let files = unzip(&python_zip).unwrap();
        let got: Vec<(&str, Option<&str>, &[u8])> =
            files.iter().map(|f| (f.name.as_str(), f.content_type, f.bytes.as_slice())).collect();
        assert_eq!(
            got,
            [("docs/hello.txt", Some("text/plain"), b"hello hello hello".as_slice()), ("raw.bin", None, &[0, 1, 2])]
        );
        // Python's gzip with the file name in its header.
        let python_gzip = hex("1f8b08080000000002ff68656c6c6f2e74787400cb48cdc9c95748afca2c0000196ad2df0a000000");
        assert_eq!(ungzip(&python_gzip).unwrap(), b"hello gzip");
    }

    #[test]
    fn names_of_gzip_and_ungzip() {
        assert_eq!(gzip_name(None, None), "archive.gz");
        assert_eq!(gzip_name(Some("named"), Some("a.txt")), "named");
        assert_eq!(gzip_name(None, Some("a.txt")), "a.txt");
        assert_eq!(ungzip_name(Some("archive.gz")), Some("archive".into()));
        assert_eq!(ungzip_name(Some("named")), Some("named".into()));
        assert_eq!(ungzip_name(None), None);
    }

    #[test]
    fn ungzip_reads_every_member_as_java_does() {
        let mut two = gzip(b"first ", "a.gz").unwrap();
        two.extend(gzip(b"second", "b.gz").unwrap());
        assert_eq!(ungzip(&two).unwrap(), b"first second");
    }

    /// Bytes that deflate cannot shrink (a xorshift stream), so the output outgrows a cap.
    fn noise(len: usize) -> Vec<u8> {
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect()
    }

    #[test]
    fn zip_and_gzip_output_past_the_cap_is_the_blob_size_error() {
        let data = noise(20_000);
        let err = gzip_capped(&data, "big.gz", 10_000).unwrap_err();
        assert_eq!(err.message, "File big.gz exceeds the maximum file size.");
        let entry = NamedBytes { name: Some("n.bin".into()), bytes: data.clone() };
        let err = zip_capped(std::slice::from_ref(&entry), "archive.zip", 10_000).unwrap_err();
        assert_eq!(err.message, "File archive.zip exceeds the maximum file size.");
        assert!(gzip_capped(&data, "ok.gz", 30_000).is_ok());
        assert!(zip_capped(&[entry], "ok.zip", 30_000).is_ok());
    }
}
