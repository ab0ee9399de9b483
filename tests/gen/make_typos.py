#!/usr/bin/env python3
"""Generate corpora/typos/: 40 real games, each with exactly ONE injected typo.

Usage (from the repository root, after make_localized.py, whose games are
excluded here; python-chess pinned to 1.11.2):
    nice -n 19 python3 tests/gen/make_typos.py
    nice -n 19 python3 tests/gen/verify_typos.py      # also run at the end of this script

Typo kinds (10 games each), always at a mainline ply > 10 (past move 5):
  wrong_file              Nf3 -> Ng3   destination file shifted by one; illegal
  wrong_piece             Bc4 -> Nc4   another piece letter; illegal
  missing_disambiguation  Nbd7 -> Nd7  disambiguation dropped; ambiguous
  capture_empty           Nf3 -> Nxf5  capture on an empty square no such piece
                                       can reach (pawns: e4 -> exd5, d5 empty); illegal
python-chess ignores the "x" when parsing SAN, so capture_empty typos go to a
square that is unreachable as well: the move is illegal with or without "x".
"""

import csv
import os
import random
import re
import sys

import chess

sys.dont_write_bytecode = True  # keep tests/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_common as cc  # noqa: E402

SEED = 20240612
PER_KIND = 10
KINDS = ["wrong_file", "wrong_piece", "missing_disambiguation", "capture_empty"]
MIN_PLY = 11  # 1-based; "past move 5"
OUT = os.path.join(cc.REPO, "corpora", "typos")
LOCALIZED_GAMES = os.path.join(cc.REPO, "corpora", "localized", "games.tsv")

PIECE_RE = re.compile(r"^(?P<p>[KQRBN])(?P<d>[a-h]?[1-8]?)(?P<x>x?)(?P<f>[a-h])(?P<r>[1-8])(?P<s>[+#]?)$")
PUSH_RE = re.compile(r"^(?P<f>[a-h])(?P<r>[1-8])(?P<q>=[QRBN])?(?P<s>[+#]?)$")


def outcome(board, text):
    """'legal', 'illegal' or 'ambiguous' as python-chess sees the SAN text."""
    try:
        board.parse_san(text)
        return "legal"
    except chess.AmbiguousMoveError:
        return "ambiguous"
    except chess.IllegalMoveError:
        return "illegal"
    except chess.InvalidMoveError:
        return "invalid"


def typo_options(board, move, san, kind):
    """All typo texts of one kind for one ply (each checked with python-chess)."""
    opts = []
    want = "ambiguous" if kind == "missing_disambiguation" else "illegal"
    m = PIECE_RE.match(san)
    p = PUSH_RE.match(san)
    if kind == "wrong_file":
        mm = m or p
        if mm and not board.is_castling(move):
            f = ord(mm.group("f")) - 97
            for nf in (f - 1, f + 1):
                if 0 <= nf < 8:
                    s = mm.start("f")
                    opts.append(san[:s] + chr(97 + nf) + san[s + 1:])
    elif kind == "wrong_piece":
        if m:
            for q in "KQRBN":
                # a king move never carries disambiguation: skip "Rfd1" -> "Kfd1"
                if q != m.group("p") and not (q == "K" and m.group("d")):
                    opts.append(q + san[1:])
    elif kind == "missing_disambiguation":
        if m and m.group("d"):
            opts.append(m.group("p") + m.group("x") + m.group("f") + m.group("r") + m.group("s"))
    elif kind == "capture_empty":
        if board.is_capture(move) or board.is_castling(move):
            return []
        dest = move.to_square
        if m:
            for sq in chess.SQUARES:
                if sq == dest or board.piece_at(sq) is not None:
                    continue
                if chess.square_distance(sq, dest) > 2:
                    continue
                opts.append(m.group("p") + "x" + chess.square_name(sq))
        elif p and not move.promotion:
            frm = move.from_square
            step = 8 if board.turn == chess.WHITE else -8
            fwd = frm + step
            for df in (-1, 1):
                ff = chess.square_file(frm) + df
                if 0 <= ff < 8:
                    sq = chess.square(ff, chess.square_rank(fwd))
                    if board.piece_at(sq) is None and sq != board.ep_square:
                        opts.append(chess.FILE_NAMES[chess.square_file(frm)] + "x" + chess.square_name(sq))
    return [o for o in opts if outcome(board, o) == want and not cross_reading_legal(board, o)]


IT_TO_EN = {"R": "K", "D": "Q", "T": "R", "A": "B", "C": "N"}


def cross_reading_legal(board, text):
    """True if the typo would be a legal move when the English text is read
    with Italian letters, or the Italian rendering is read with English letters
    (e.g. "Kc1" -> Italian "Rc1", a legal English rook move).  Such typos are
    skipped so that each one is unambiguous whatever letters a reader tries."""
    it_text = cc.translate_san(text, cc.letter_map("it"))
    readings = [it_text]  # Italian text read as English
    if text[0] in IT_TO_EN:  # English text read as Italian
        readings.append(IT_TO_EN[text[0]] + text[1:])
    return any(outcome(board, r) == "legal" for r in readings)


def excluded():
    ex = set()
    if os.path.exists(LOCALIZED_GAMES):
        with open(LOCALIZED_GAMES, encoding="utf-8") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                ex.add((r["source_file"], int(r["source_index"])))
    else:
        print("WARNING: %s missing; run make_localized.py first" % LOCALIZED_GAMES, file=sys.stderr)
    return ex


def main():
    rng = random.Random(SEED)
    ex = excluded()
    ex_keys = set()
    pool = cc.all_chunks()
    for rel, idx, chunk in pool:
        if (rel, idx) in ex:
            g = cc.load_game(rel, idx, chunk)
            if g is not None:
                ex_keys.add(g.key)
    rng.shuffle(pool)
    need = {k: PER_KIND for k in KINDS}
    picks = []  # (game, kind, ply0, text)
    keys = set(ex_keys)
    turn = 0
    for rel, idx, chunk in pool:
        if not any(need.values()):
            break
        if (rel, idx) in ex:
            continue
        g = cc.load_game(rel, idx, chunk, min_plies=40, max_plies=120)
        if g is None or g.key in keys:
            continue
        order = KINDS[turn % 4:] + KINDS[:turn % 4]
        for kind in order:
            if not need[kind]:
                continue
            cands = []
            for i in range(MIN_PLY - 1, g.plies):
                o = typo_options(g.boards_before[i], g.moves[i], g.sans[i], kind)
                if o:
                    cands.append((i, o))
            if not cands:
                continue
            i, opts = rng.choice(cands)
            text = rng.choice(opts)
            picks.append((g, kind, i, text))
            need[kind] -= 1
            keys.add(g.key)
            turn += 1
            break
    assert not any(need.values()), need

    os.makedirs(OUT, exist_ok=True)
    it = cc.letter_map("it")
    en_parts, it_parts, rows, src_rows = [], [], [], []
    for gi, (g, kind, i, text) in enumerate(picks, 1):
        en = list(g.sans)
        en[i] = text
        itm = [cc.translate_san(s, it) for s in g.sans]
        text_it = cc.translate_san(text, it)
        itm[i] = text_it
        en_parts.append(cc.pgn_game(g.headers, en, g.result))
        it_parts.append(cc.pgn_game(g.headers, itm, g.result))
        err = "ambiguous_move" if kind == "missing_disambiguation" else "illegal_move"
        san_it = cc.translate_san(g.sans[i], it)
        rows.append(["typos.pgn", gi, err, i + 1, text, g.sans[i], g.moves[i].uci(), san_it, kind])
        rows.append(["typos-it.pgn", gi, err, i + 1, text_it, g.sans[i], g.moves[i].uci(), san_it, kind])
        src_rows.append([gi, g.rel, g.index, g.tags["White"], g.tags["Black"], g.tags["Date"], g.result, g.plies,
                         kind, i + 1, text, g.sans[i]])
    rows.sort(key=lambda r: (r[0] != "typos.pgn", r[1]))
    cc.write_text(os.path.join(OUT, "typos.pgn"), "\n".join(en_parts))
    cc.write_text(os.path.join(OUT, "typos-it.pgn"), "\n".join(it_parts))
    cc.write_tsv(os.path.join(OUT, "expected.tsv"),
                 ["file", "game", "kind", "ply", "written", "intended_san", "intended_uci", "intended_san_it",
                  "typo"], rows)
    cc.write_tsv(os.path.join(OUT, "games.tsv"),
                 ["game", "source_file", "source_index", "white", "black", "date", "result", "plies", "typo",
                  "ply", "written", "intended_san"], src_rows)
    for r in src_rows:
        print("\t".join(str(c) for c in r))

    import verify_typos
    verify_typos.main(OUT)


if __name__ == "__main__":
    main()
