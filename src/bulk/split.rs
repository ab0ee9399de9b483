//! `--split-clean` / `--split-bad`: every game copied, byte for byte, to the archive its
//! verdict sends it to.

use std::{io, io::Write, path::Path};

use super::Progress;
use crate::{bulk::batches::Batch, notation::split::MAX_GAME_BYTES};

/// Copy each game's bytes of a batch, whole, to the clean or the bad archive; a game over
/// [`MAX_GAME_BYTES`] has the rest of its bytes read again from its file (`path`). A game
/// whose rest cannot be read is copied as far as it was held, and said to `progress`.
pub(crate) fn write(
    batch: &Batch,
    bad: &[bool],
    path: &Path,
    clean_out: &mut Option<&mut dyn Write>,
    bad_out: &mut Option<&mut dyn Write>,
    progress: &mut dyn Progress,
) -> io::Result<()> {
    let (mut clean_buf, mut bad_buf) = (Vec::new(), Vec::new());
    for (g, &is_bad) in batch.games.iter().zip(bad) {
        let buf = if is_bad { &mut bad_buf } else { &mut clean_buf };
        let wanted = if is_bad {
            bad_out.is_some()
        } else {
            clean_out.is_some()
        };
        if !wanted {
            continue;
        }
        buf.extend_from_slice(&g.bytes);
        if g.dropped_bytes > 0 {
            let start = g.offset - g.lead as u64 + g.bytes.len() as u64;
            if let Err(e) = crate::input::copy_range(path, start, g.dropped_bytes, buf) {
                progress.note(&format!(
                    "{}: game {}: its last {} bytes (over {} MiB) are not in the split file: {e}",
                    path.display(),
                    g.index,
                    g.dropped_bytes,
                    MAX_GAME_BYTES >> 20,
                ));
            }
        }
    }
    if let Some(f) = clean_out {
        f.write_all(&clean_buf)?;
    }
    if let Some(f) = bad_out {
        f.write_all(&bad_buf)?;
    }
    Ok(())
}
