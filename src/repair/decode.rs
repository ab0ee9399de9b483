//! Candidate readings of an OCR engine, decoded into the most likely legal game.
