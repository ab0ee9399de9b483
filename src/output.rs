//! Output files that a failed run never touches: everything is written to a temporary file
//! beside the target, which takes the target's place only when the run says it is done.
//!
//! A run that fails (an input that cannot be read, an interrupt, a panic) drops its
//! [`Replacement`] uncommitted: the temporary file goes, and the file that was there before
//! is as it was. Targets that are not regular files (`/dev/null`, a pipe, a terminal) are
//! written directly: they have nothing to lose and cannot be renamed over.
//!
//! ```ignore
//! use std::io::Write;
//! use scoresheet::output::Replacement;
//! let dir = std::env::temp_dir().join(format!("scoresheet-doc-output-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("report.txt");
//! std::fs::write(&path, "the old report\n").unwrap();
//! {
//!     let mut failed = Replacement::create(&path).unwrap();
//!     failed.write_all(b"half a report").unwrap();
//!     // Dropped without commit: the run failed.
//! }
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old report\n");
//! let mut done = Replacement::create(&path).unwrap();
//! done.write_all(b"the new report\n").unwrap();
//! done.commit().unwrap();
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "the new report\n");
//! # std::fs::remove_dir_all(&dir).ok();
//! ```

use std::{
    fs::{self, File, OpenOptions},
    io::{self, BufWriter, Write},
    path::{Path, PathBuf},
};

/// A file being written in place of `target`.
pub struct Replacement {
    out: BufWriter<File>,
    target: PathBuf,
    /// The temporary file; `None` when the target is written directly.
    temporary: Option<PathBuf>,
    done: bool,
}

impl Replacement {
    /// Start writing in place of `target`. The temporary file is created in the target's
    /// folder (a rename never crosses file systems), with the target's permissions when it
    /// exists. A target that is a symbolic link has the file it points to replaced.
    pub fn create(target: &Path) -> io::Result<Replacement> {
        let target = match fs::canonicalize(target) {
            Ok(real) => real,
            Err(_) => target.to_path_buf(),
        };
        let existing = fs::metadata(&target).ok();
        if existing.as_ref().is_some_and(|m| !m.is_file()) {
            let file = OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(&target)?;
            return Ok(Replacement {
                out: BufWriter::with_capacity(1 << 16, file),
                target,
                temporary: None,
                done: false,
            });
        }
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".into());
        let (file, temporary) = create_beside(&folder, &name)?;
        if let Some(m) = existing {
            // Best effort: a file another user owns may refuse it, and the data matters more.
            let _ = fs::set_permissions(&temporary, m.permissions());
        }
        Ok(Replacement {
            out: BufWriter::with_capacity(1 << 16, file),
            target,
            temporary: Some(temporary),
            done: false,
        })
    }

    /// The file this will replace.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The run is done: everything written takes the target's place.
    pub fn commit(mut self) -> io::Result<()> {
        self.out.flush()?;
        if let Some(temporary) = &self.temporary {
            fs::rename(temporary, &self.target)?;
        }
        self.done = true;
        Ok(())
    }

    /// The run stopped half-way but what it wrote is worth keeping: it goes to `name` (not
    /// the target, which stays as it was). Returns where it went.
    pub fn keep_as(mut self, name: &Path) -> io::Result<PathBuf> {
        self.out.flush()?;
        if let Some(temporary) = &self.temporary {
            fs::rename(temporary, name)?;
        }
        self.done = true;
        Ok(name.to_path_buf())
    }
}

/// A new file in `folder` named after `name`, that no other file had: `.NAME.scoresheet-PID-K`
/// (hidden, and with no game file's extension, so that no directory walk takes it for games).
fn create_beside(folder: &Path, name: &str) -> io::Result<(File, PathBuf)> {
    let pid = std::process::id();
    let mut last = None;
    for k in 0..100u32 {
        let path = folder.join(format!(".{name}.scoresheet-{pid}-{k}"));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(f) => return Ok((f, path)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

impl Write for Replacement {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if !self.done {
            if let Some(temporary) = &self.temporary {
                let _ = fs::remove_file(temporary);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("scoresheet-output-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_panic_half_way_leaves_the_old_file_and_no_temporary() {
        let dir = folder("panic");
        let path = dir.join("out.pgn");
        fs::write(&path, "old").unwrap();
        let result = std::panic::catch_unwind(|| {
            let mut r = Replacement::create(&path).unwrap();
            r.write_all(b"new, half").unwrap();
            panic!("injected");
        });
        assert!(result.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(entries(&dir), vec!["out.pgn"]);
        fs::remove_dir_all(&dir).ok();
    }

    #[cfg(unix)]
    #[test]
    fn commit_replaces_and_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("commit");
        let path = dir.join("out.pgn");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        let mut r = Replacement::create(&path).unwrap();
        r.write_all(b"new").unwrap();
        r.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(entries(&dir), vec!["out.pgn"]);
        fs::remove_dir_all(&dir).ok();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_has_its_file_replaced_and_stays_a_link() {
        let dir = folder("link");
        let real = dir.join("real.pgn");
        let link = dir.join("link.pgn");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let mut r = Replacement::create(&link).unwrap();
        r.write_all(b"new").unwrap();
        r.commit().unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        fs::remove_dir_all(&dir).ok();
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_directly() {
        use std::os::unix::fs::FileTypeExt;
        let mut r = Replacement::create(Path::new("/dev/null")).unwrap();
        r.write_all(b"nothing").unwrap();
        r.commit().unwrap();
        assert!(fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
    }

    #[test]
    fn kept_as_partial_leaves_the_target() {
        let dir = folder("partial");
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        let mut r = Replacement::create(&path).unwrap();
        r.write_all(b"half").unwrap();
        let kept = r.keep_as(&dir.join("out.txt.partial")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_to_string(kept).unwrap(), "half");
        fs::remove_dir_all(&dir).ok();
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples in this file's documentation, run here: the module is not public API.

    #[test]
    fn example_1() {
        use crate::output::Replacement;
        use std::io::Write;
        let dir =
            std::env::temp_dir().join(format!("scoresheet-doc-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("report.txt");
        std::fs::write(&path, "the old report\n").unwrap();
        {
            let mut failed = Replacement::create(&path).unwrap();
            failed.write_all(b"half a report").unwrap();
            // Dropped without commit: the run failed.
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old report\n");
        let mut done = Replacement::create(&path).unwrap();
        done.write_all(b"the new report\n").unwrap();
        done.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the new report\n");
        std::fs::remove_dir_all(&dir).ok();
    }
}
