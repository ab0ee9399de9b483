#!/usr/bin/env python3
"""Independent check of corpora/typos/: replay typos.pgn and typos-it.pgn with
python-chess; every move except the listed typo must be canonical SAN of a
legal move, the typo must be illegal / ambiguous as expected.tsv says, and the
intended move must be the original game's move (re-read from the shared
corpora via games.tsv when they are present).

Shares no code with the writer; piece letters are hard-coded (PGN Standard §17).
Usage: nice -n 19 python3 tests/gen/verify_typos.py [corpora/typos]
"""

import csv
import io
import os
import re
import sys

import chess
import chess.pgn

LETTERS = {"typos.pgn": "KQRBN", "typos-it.pgn": "RDTAC"}
EN = "KQRBN"


def to_en(tok, letters):
    if tok[0] in letters and not tok.startswith("O-O"):
        tok = EN[letters.index(tok[0])] + tok[1:]
    m = re.search(r"=(.)", tok)
    if m:
        tok = tok[:m.start(1)] + EN[letters.index(m.group(1))] + tok[m.end(1):]
    return tok


def split_pgn(text):
    blocks = re.split(r"\n\s*\n", text.strip("\n"))
    assert len(blocks) % 2 == 0
    out = []
    for i in range(0, len(blocks), 2):
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', blocks[i], re.M))
        toks = blocks[i + 1].split()
        res = toks.pop()
        moves = [t for t in toks if not re.fullmatch(r"\d+\.", t)]
        out.append((tags, moves, res))
    return out


def corpus_game(rel, index):
    for root in (os.environ.get("SCORESHEET_CORPORA", ""),
                 os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpora"),
                 "/work/shared/corpora"):
        path = os.path.join(root, rel) if root else ""
        if path and os.path.exists(path):
            text = open(path, "rb").read().decode("utf-8", "replace").replace("\r\n", "\n")
            starts = [m.start() for m in re.finditer(r"(?m)^\[Event ", text)]
            chunk = text[starts[index - 1]:starts[index] if index < len(starts) else len(text)]
            return chess.pgn.read_game(io.StringIO(chunk))
    return None


def main(outdir=None):
    outdir = outdir or (sys.argv[1] if len(sys.argv) > 1 else
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "corpora", "typos"))
    with open(os.path.join(outdir, "expected.tsv"), encoding="utf-8") as f:
        exp = {(r["file"], int(r["game"])): r for r in csv.DictReader(f, delimiter="\t")}
    with open(os.path.join(outdir, "games.tsv"), encoding="utf-8") as f:
        src = {int(r["game"]): r for r in csv.DictReader(f, delimiter="\t")}
    kinds = {}
    checked_src = 0
    for name, letters in LETTERS.items():
        path = os.path.join(outdir, name)
        assert os.path.getsize(path) < 200_000
        games = split_pgn(open(path, encoding="utf-8").read())
        assert len(games) == len(src) == 40, len(games)
        for gi, (tags, toks, res) in enumerate(games, 1):
            r = exp[(name, gi)]
            ply = int(r["ply"])
            assert ply > 10
            board = chess.Board()
            moves = []
            for i, t in enumerate(toks, 1):
                en = to_en(t, letters)
                if i == ply:
                    assert t == r["written"], (name, gi, t, r["written"])
                    try:
                        board.parse_san(en)
                        got = "legal"
                    except chess.AmbiguousMoveError:
                        got = "ambiguous_move"
                    except chess.IllegalMoveError:
                        got = "illegal_move"
                    assert got == r["kind"], (name, gi, t, got)
                    # nor legal when read with the other file's letters
                    other = "RDTAC" if letters == "KQRBN" else "KQRBN"
                    if t[0] in other:
                        try:
                            board.parse_san(to_en(t, other))
                            raise AssertionError("typo legal in the other reading: %s %d %s" % (name, gi, t))
                        except (chess.IllegalMoveError, chess.AmbiguousMoveError):
                            pass
                    mv = chess.Move.from_uci(r["intended_uci"])
                    assert mv in board.legal_moves
                    assert board.san(mv) == r["intended_san"]
                    assert to_en(r["intended_san_it"], "RDTAC") == r["intended_san"]
                    if r["typo"] == "missing_disambiguation":
                        assert re.sub(r"^([KQRBN])[a-h]?[1-8]?", r"\1", board.san(mv)) == en
                    if r["typo"] == "capture_empty":
                        sq = chess.parse_square(re.search(r"x([a-h][1-8])", en).group(1))
                        assert board.piece_at(sq) is None and sq != board.ep_square
                else:
                    mv = board.parse_san(en)
                    assert board.san(mv) == en, (name, gi, i, t)
                board.push(mv)
                moves.append(mv)
            assert res == tags["Result"]
            kinds[r["typo"]] = kinds.get(r["typo"], 0) + (name == "typos.pgn")
            s = src[gi]
            if name == "typos.pgn":
                pg = corpus_game(s["source_file"], int(s["source_index"]))
                if pg is not None:
                    assert list(pg.mainline_moves()) == moves, (gi, s["source_file"], s["source_index"])
                    assert dict(pg.headers) == tags
                    checked_src += 1
        print("ok  %-14s %d games" % (name, len(games)))
    assert kinds == {"wrong_file": 10, "wrong_piece": 10, "missing_disambiguation": 10, "capture_empty": 10}, kinds
    print("verify_typos: ok (%d games compared with the shared corpora)" % checked_src)


if __name__ == "__main__":
    main()
