//! Eight bytes at a time in one `u64` ("SIMD within a register"): the tests of "Bit Twiddling
//! Hacks" for a byte below a bound and for a byte equal to a value, which the lexer, the tag
//! reader and the JSON writer use to look over short strings without a loop a byte.
//!
//! Each answer has the high bit set in the lowest byte of the word (little-endian: the first
//! byte in memory) that has the property, and no bit below it; bytes above that one may be
//! flagged wrongly (a borrow runs upwards), so an answer tells *whether* there is such a byte
//! and *which is the first*, never which others there are.

/// Each of eight bytes, as many times.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each of eight bytes.
const HIGHS: u64 = ONES * 0x80;

/// The eight bytes at the start of `bytes`, the first in the lowest byte.
#[inline(always)]
pub(crate) fn word(bytes: &[u8; 8]) -> u64 {
    u64::from_le_bytes(*bytes)
}

/// The bytes of `word` below `bound` (at most 0x80), flagged as the module says.
#[inline(always)]
pub(crate) fn below(word: u64, bound: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(bound)) & !word & HIGHS
}

/// The bytes of `word` equal to `byte`, flagged as the module says.
#[inline(always)]
pub(crate) fn equal(word: u64, byte: u8) -> u64 {
    below(word ^ (ONES * u64::from(byte)), 1)
}

/// Which byte of the word the lowest flag of `flags` (not zero) stands on.
#[inline(always)]
pub(crate) fn first(flags: u64) -> usize {
    (flags.trailing_zeros() / 8) as usize
}

/// The bytes of `word` at least `bound` (1 to 0x80), every one flagged, not only the first:
/// a byte's low seven bits plus `0x80 - bound` stay within the byte, so no carry crosses
/// into the next.
#[inline(always)]
pub(crate) fn at_least(word: u64, bound: u8) -> u64 {
    (((word & !HIGHS) + ONES * u64::from(0x80 - bound)) | word) & HIGHS
}

/// The bytes of `word` other than `byte`, every one flagged (see [`at_least`]).
#[inline(always)]
pub(crate) fn other_than(word: u64, byte: u8) -> u64 {
    at_least(word ^ (ONES * u64::from(byte)), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first flagged byte is the first byte with the property, for every byte value at
    /// every place of words otherwise filled with one byte.
    #[test]
    fn the_first_flag_is_exact() {
        for fill in [0u8, 1, b' ', b'!', b'"', b'a', 0x7f, 0x80, 0xff] {
            for at in 0..8 {
                for b in 0..=255u8 {
                    let mut bytes = [fill; 8];
                    bytes[at] = b;
                    let w = word(&bytes);
                    for bound in [1u8, 0x20, 0x21, 0x80] {
                        let by_bytes = bytes.iter().position(|&x| x < bound);
                        let flags = below(w, bound);
                        assert_eq!((flags != 0).then(|| first(flags)), by_bytes);
                    }
                    for value in [0u8, b'"', b'\\', b'\n', 0xff] {
                        let by_bytes = bytes.iter().position(|&x| x == value);
                        let flags = equal(w, value);
                        assert_eq!((flags != 0).then(|| first(flags)), by_bytes);
                    }
                    // (these flag every byte exactly)
                    for bound in [1u8, 10, 0x21, 0x80] {
                        let by_bytes = bytes.iter().enumerate().fold(0, |flags, (i, &x)| {
                            flags | u64::from(x >= bound) << (8 * i + 7)
                        });
                        assert_eq!(at_least(w, bound), by_bytes);
                    }
                    for value in [0u8, b'.', b'0', 0xff] {
                        let by_bytes = bytes.iter().enumerate().fold(0, |flags, (i, &x)| {
                            flags | u64::from(x != value) << (8 * i + 7)
                        });
                        assert_eq!(other_than(w, value), by_bytes);
                    }
                }
            }
        }
    }
}
