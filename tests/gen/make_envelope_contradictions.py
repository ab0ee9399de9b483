#!/usr/bin/env python3
"""Write the envelopes of corpora/envelopes/ whose records contradict each other (issue 16)
and whose scoresheets stop at an illegal move (issue 15, item 12), computing the positions
with python-chess (chess==1.11.2), as tests/gen/make_envelope_examples.py does for the
others.  Their expected reports (*.json, *.txt, *.it.txt) are written by the test suite:
UPDATE_GOLDEN=1 cargo test --release --test envelope (review the diff).

Run from the repository root:  python3 tests/gen/make_envelope_contradictions.py
"""

import os
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_envelope_examples import (  # noqa: E402
    CARUANA_CARLSEN, ROSSI_BIANCHI, common, position, sheet, toml, write)

# Morphy and Barnes v Staunton and Owen, London 1858 (consultation game), to White's 45th.
MORPHY = (
    "e4 d5 exd5 Qxd5 Nc3 Qd8 d4 Nf6 Bd3 Nc6 Be3 e6 Nf3 Bd6 O-O O-O Qe2 b6 Bg5 Bb7 Ne4 Be7 "
    "Nxf6+ Bxf6 Qe4 g6 Qh4 Bxg5 Nxg5 h5 c3 Qf6 Rae1 Ne7 f4 Nf5 Qh3 Rfe8 Re5 Rad8 Rfe1 Ng7 "
    "g4 c5 Be4 Ba6 gxh5 Nxh5 Bf3 cxd4 Bxh5 gxh5 Qxh5 Qg7 Kf2 Qf6 Qh4 Bd3 Qg3 Bg6 f5 Bxf5 "
    "Ne4+ Qg6 Nf6+ Kf8 Qxg6 Bxg6 Nxe8 Kxe8 h4 d3 Ke3 Ke7 Kd2 Rd6 Rg5 Kf6 Rf1+ Bf5 Rg8 Rd5 "
    "h5 Re5 Rf2 Re4 Rh2 Bh7"
).split()


def moved(fen, frm, to):
    """The FEN with the piece on `frm` written on `to` instead (a clerk's slip)."""
    b = chess.Board(fen)
    p = b.remove_piece_at(chess.parse_square(frm))
    b.set_piece_at(chess.parse_square(to), p)
    assert b.is_valid(), b.fen()
    return b.fen()


def main():
    M1, M2 = "Morphy, Paul", "Staunton, Howard"
    W, B = "Caruana, Fabiano", "Carlsen, Magnus"
    R, N = "Rossi, Mario", "Bianchi, Luca"
    cc, rb = CARUANA_CARLSEN, ROSSI_BIANCHI

    # ---- the recorded position misplaces a rook; the sealed move is legal in the game played
    p = position(MORPHY)
    wrong = moved(p.fen(), "h2", "g2")
    write("position-contradicted.toml", toml(
        "Guidelines I.3, I.5, Art. 7.6: the envelope records White's rook on g2, where both\n"
        "scoresheets, agreeing move by move and legal throughout, put it on h2. The sealed move\n"
        "`45. Rhh1` is legal in the game actually played, not in the recorded position (no rook\n"
        "on the h-file there). The audit names the difference, decides on the scoresheets'\n"
        "position (play resumes) and says that on the recorded one White would lose (I.8.3).",
        common(M1, M2, wrong, "2:05:00", "2:10:00", "40/7200:3600", "Morphy", 45, "45. Rhh1"),
        ("white_scoresheet", sheet(MORPHY)), ("black_scoresheet", sheet(MORPHY))))

    # ---- the same slip, and a sealed move written against the recorded position: no result
    items = [
        ("bianco", M1), ("nero", M2), ("posizione", wrong),
        ("tempo_bianco", "2:05:00"), ("tempo_nero", "2:10:00"), ("cadenza", "40/7200:3600"),
        ("sigillante", "Morphy"), ("numero_mossa_sigillata", 45), ("offerta_patta", "nessuna"),
        ("data_ripresa", "14 settembre 2026"), ("ora_ripresa", "15:00"),
        ("luogo_ripresa", "Titovo Užice"), ("mossa_sigillata", "45. Tg2-f2"),
    ]
    write("position-contradicted-withheld.toml", toml(
        "Guidelines I.3, I.5: the same misplaced rook (g2 on the envelope, h2 by both\n"
        "scoresheets), Italian keys and notation. The sealed move `Tg2-f2` names the rook where\n"
        "the envelope put it: illegal in the game actually played (no piece on g2), legal in the\n"
        "recorded position. The verdicts differ, and a loss cannot rest on a miswritten\n"
        "envelope: no verdict is given automatically, the arbiter decides.",
        items,
        ("formulario_bianco", sheet(MORPHY, "it")), ("formulario_nero", sheet(MORPHY, "it"))))

    # ---- a pawn on the wrong square and the wrong side to move; the same verdict on both
    p = position(cc[:80])
    b = chess.Board(moved(p.fen(), "b4", "b3"))
    b.turn = chess.BLACK
    write("position-pawn.toml", toml(
        "Guidelines I.3, I.5: the envelope writes Black's pawn on b3 and Black to move, where\n"
        "both scoresheets have it on b4 with White to move. The sealed move `41. Rb7` is legal in\n"
        "the scoresheets' position; play resumes from it, the differences named.",
        common(W, B, b.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41, "41. Rb7"),
        ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))

    # ---- a scoresheet stops at an illegal move before the adjournment (issue 15, item 12)
    p = position(rb[:24])
    bad = sheet(rb[:24], "it").replace("9. Ae3 Ae6", "9. Ae3 Ab4")
    assert bad != sheet(rb[:24], "it")
    write("sheet-illegal.toml", toml(
        "Art. 8.1.1, Guideline I.1.1: Black's scoresheet writes `9...Ab4` (illegal: the\n"
        "bishop on e7 is blocked by the pawn on d6) and cannot be replayed beyond it; White's\n"
        "reaches the recorded position. The audit names the move and why, and play resumes.",
        common(R, N, p.fen(), "1:05:00", "1:12:00", "40/7200:3600", "Rossi", 13, "13.Rh1"),
        ("white_scoresheet", sheet(rb[:24], "it")), ("black_scoresheet", bad)))

    # ---- the recorded position is one move early; I.2.5 and both scoresheets go on
    p = position(cc[:78])
    write("position-earlier.toml", toml(
        "Guideline I.2.5 against I.2.2: the envelope records the position before White's 40th\n"
        "move, but numbers the sealed move 41, and both scoresheets, agreeing, go on to\n"
        "40.d4 b4. The sealed move `41. d5` is legal at move 41, illegal at move 40 (the pawn\n"
        "is on d3). A loss cannot rest on the miswritten position: the arbiter decides.",
        common(W, B, p.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41, "41. d5"),
        ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))

    # ---- the move number in doubt, and the flag with it
    p = position(cc[:78])
    fen41 = p.fen().rsplit(" ", 1)[0] + " 41"
    short = cc[:20]
    write("number-flag.toml", toml(
        "Guideline I.2.5, Art. 6.9: both players stopped recording in time trouble (Art. 8.4),\n"
        "so no scoresheet reaches the recorded position. Its FEN numbers the move 41, the\n"
        "envelope 40; White used 2:00:45 with 40 moves in two hours: White's flag had fallen\n"
        "if this is move 40, not if it is move 41. A loss cannot rest on either clerical\n"
        "record: the arbiter decides.",
        common(W, B, fen41, "2:00:45", "1:51:10", "40/7200:3600", "Caruana", 40, "40. d4"),
        ("white_scoresheet", sheet(short)), ("black_scoresheet", sheet(short))))

    # ---- the sealer's colour in doubt
    b = chess.Board(position(cc[:80]).fen())
    b.turn = chess.BLACK
    write("sealer-colour.toml", toml(
        "Guideline I.2.4, I.1.1: the envelope says White (Caruana) sealed, its FEN has Black to\n"
        "move, and no scoresheet reaches the position (both stop early, Art. 8.4). `41. Rb7` is\n"
        "illegal for Black, legal for White: a loss cannot rest on either record, the arbiter\n"
        "decides.",
        common(W, B, b.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41, "41. Rb7"),
        ("white_scoresheet", sheet(short)), ("black_scoresheet", sheet(short))))


if __name__ == "__main__":
    main()
