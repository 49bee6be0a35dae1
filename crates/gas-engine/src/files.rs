//! Reading a file a user named (a project source, a CSV) like a careful tool: regular
//! files only, opened without blocking, never more than a cap. A FIFO named as a source
//! blocked loading for ever and `/dev/zero` read until memory ran out.

use std::io::Read;
use std::path::Path;

/// What a file is when it is not a regular file, for the error message.
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// `Err` unless `path` (symlinks followed) is a regular file.
pub fn check_regular(path: &Path) -> Result<std::fs::Metadata, String> {
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if metadata.is_file() {
        Ok(metadata)
    } else {
        Err(format!("{} is {}: only regular files are read", path.display(), kind_of(metadata.file_type())))
    }
}

/// The text of the regular file at `path`, refused when larger than `bytes_max` or not
/// UTF-8. The file is opened non-blocking and checked again once open (it may have been
/// swapped for a FIFO after the first check), and read through a cap (a `/proc` file says
/// it is empty and is not).
pub fn read_text(path: &Path, bytes_max: u64) -> Result<String, String> {
    check_regular(path)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let metadata = file.metadata().map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !metadata.is_file() {
        return Err(format!("{} is {}: only regular files are read", path.display(), kind_of(metadata.file_type())));
    }
    if metadata.len() > bytes_max {
        return Err(too_large(path, bytes_max));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(bytes_max + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > bytes_max {
        return Err(too_large(path, bytes_max));
    }
    String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))
}

fn too_large(path: &Path, bytes_max: u64) -> String {
    format!("{} is larger than {} bytes (the most gas-sim reads)", path.display(), bytes_max)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_cap_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "0123456789").unwrap();
        assert_eq!(read_text(&file, 10).unwrap(), "0123456789");
        assert!(read_text(&file, 9).unwrap_err().contains("larger than 9 bytes"));
        assert!(read_text(dir.path(), 10).unwrap_err().contains("is a folder"));
        assert!(read_text(Path::new("/dev/zero"), 10).unwrap_err().contains("is a device"));
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert!(read_text(&fifo, 10).unwrap_err().contains("is a FIFO"));
        std::fs::write(&file, [0xff, 0xfe]).unwrap();
        assert!(read_text(&file, 10).unwrap_err().contains("not UTF-8"));
    }
}
