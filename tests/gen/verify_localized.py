#!/usr/bin/env python3
"""Independent reader for corpora/localized/: translate every rendered file back
to English, replay it with python-chess and compare with source.pgn and
expected.tsv.

It deliberately shares no code with the writer (make_localized.py /
corpus_common.py): its piece letters are hard-coded here from
shared/piece-letters.md (PGN Standard §17), not read from grammar/languages.csv.

Usage: nice -n 19 python3 tests/gen/verify_localized.py [corpora/localized]
"""

import csv
import io
import os
import re
import sys

import chess
import chess.pgn

# King, Queen, Rook, Bishop, Knight  (English order K Q R B N)
LETTERS = {
    "en": ["K", "Q", "R", "B", "N"],
    "it": ["R", "D", "T", "A", "C"],
    "es": ["R", "D", "T", "A", "C"],
    "fr": ["R", "D", "T", "F", "C"],
    "de": ["K", "D", "T", "L", "S"],
    "nl": ["K", "D", "T", "L", "P"],
    "pl": ["K", "H", "W", "G", "S"],
    "hu": ["K", "V", "B", "F", "H"],
    "ru": ["Кр", "Ф", "Л", "С", "К"],
    "figw": ["\u2654", "\u2655", "\u2656", "\u2657", "\u2658"],
    "figb": ["\u265a", "\u265b", "\u265c", "\u265d", "\u265e"],
}
EN = "KQRBN"

# file -> (letter set for white moves, for black moves, notation)
FILES = {
    "source.pgn": ("en", "en", "san"),
    "it-san.pgn": ("it", "it", "san"),
    "it-lan.pgn": ("it", "it", "lan"),
    "it-lan-nohyphen.pgn": ("it", "it", "lan0"),
    "it-compact.pgn": ("it", "it", "compact"),
    "it-scoresheet.txt": ("it", "it", "sheet"),
    "de.pgn": ("de", "de", "san"),
    "fr.pgn": ("fr", "fr", "san"),
    "es.pgn": ("es", "es", "san"),
    "nl.pgn": ("nl", "nl", "san"),
    "pl.pgn": ("pl", "pl", "san"),
    "hu.pgn": ("hu", "hu", "san"),
    "ru.pgn": ("ru", "ru", "san"),
    "figurine.pgn": ("figw", "figw", "san"),
    "figurine-black.pgn": ("figw", "figb", "san"),
}
RESULT_RE = r"(?:1-0|0-1|1/2-1/2|\*)"


def to_english(tok, lang):
    """Replace a leading piece symbol and a promotion symbol by English letters."""
    letters = LETTERS[lang]
    # longest symbols first (Russian Кр before К)
    order = sorted(range(5), key=lambda i: -len(letters[i]))
    for i in order:
        if tok.startswith(letters[i]):
            tok = EN[i] + tok[len(letters[i]):]
            break
    m = re.search(r"=(.+?)([+#]?)$", tok)
    if m:
        sym = m.group(1)
        if sym not in letters:
            raise AssertionError("bad promotion symbol %r" % tok)
        tok = tok[:m.start()] + "=" + EN[letters.index(sym)] + m.group(2)
    return tok


def from_english(san, lang):
    letters = LETTERS[lang]
    if san[0] in EN and not san.startswith("O-O"):
        san = letters[EN.index(san[0])] + san[1:]
    m = re.search(r"=([QRBN])", san)
    if m:
        san = san[:m.start() + 1] + letters[EN.index(m.group(1))] + san[m.end():]
    return san


def suffix(board, mv):
    b = board.copy(stack=False)
    b.push(mv)
    return "#" if b.is_checkmate() else "+" if b.is_check() else ""


def play_san(board, tok, lang):
    en = to_english(tok, lang)
    mv = board.parse_san(en)
    assert board.san(mv) == en, "non-canonical SAN %r (%r) vs %r" % (tok, en, board.san(mv))
    return mv


LAN_RE = re.compile(r"^(?P<p>[KQRBN]?)(?P<f>[a-h][1-8])(?P<sep>[-x]?)(?P<t>[a-h][1-8])(?:=(?P<q>[QRBN]))?(?P<s>[+#]?)$")


def play_lan(board, tok, lang, hyphen):
    if tok.rstrip("+#") in ("O-O", "O-O-O"):
        for mv in board.legal_moves:
            if board.is_castling(mv) and (chess.square_file(mv.to_square) == 6) == (tok.rstrip("+#") == "O-O"):
                assert tok[len(tok.rstrip("+#")):] == suffix(board, mv), tok
                return mv
        raise AssertionError("illegal castling " + tok)
    en = to_english(tok, lang)
    m = LAN_RE.match(en)
    assert m, "bad LAN %r" % tok
    mv = chess.Move(chess.parse_square(m.group("f")), chess.parse_square(m.group("t")),
                    chess.Piece.from_symbol(m.group("q")).piece_type if m.group("q") else None)
    assert mv in board.legal_moves, "illegal LAN %r" % tok
    piece = board.piece_at(mv.from_square)
    want_letter = "" if piece.piece_type == chess.PAWN else piece.symbol().upper()
    assert m.group("p") == want_letter, tok
    cap = board.is_capture(mv)
    want_sep = "x" if cap else ("-" if hyphen else "")
    assert m.group("sep") == want_sep, "separator in %r" % tok
    assert m.group("s") == suffix(board, mv), "check mark in %r" % tok
    return mv


def split_pgn(text):
    """[(tags dict, movetext)] -- tags block, blank line, movetext block."""
    games = []
    blocks = re.split(r"\n\s*\n", text.strip("\n"))
    assert len(blocks) % 2 == 0, "odd number of blocks"
    for i in range(0, len(blocks), 2):
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', blocks[i], re.M))
        assert tags, blocks[i][:80]
        games.append((tags, blocks[i + 1]))
    return games


def tokens_pgn(movetext):
    toks = movetext.split()
    res = toks.pop()
    assert re.fullmatch(RESULT_RE, res), res
    moves = []
    n = 0
    for t in toks:
        if re.fullmatch(r"\d+\.", t):
            assert int(t[:-1]) == n // 2 + 1 and n % 2 == 0, "move number %s" % t
            continue
        moves.append(t)
        n += 1
    return moves, res


def replay_compact(s, lang):
    """Tokenise a no-space movetext by replaying: at each point try every legal
    move's canonical SAN (0-0 for castling), longest first, with backtracking."""
    board = chess.Board()
    out = []
    sys.setrecursionlimit(10000)

    def rec(pos):
        ply = len(out)
        if ply % 2 == 0:
            num = "%d." % (ply // 2 + 1)
            m = re.fullmatch(RESULT_RE, s[pos:])
            if m:
                return s[pos:]
            if not s.startswith(num, pos):
                return None
            pos += len(num)
        else:
            m = re.fullmatch(RESULT_RE, s[pos:])
            if m:
                return s[pos:]
        cands = []
        for mv in board.legal_moves:
            t = from_english(board.san(mv), lang)
            if t.startswith("O-O"):
                t = t.replace("O", "0")
            if s.startswith(t, pos):
                cands.append((len(t), t, mv))
        for ln, t, mv in sorted(cands, key=lambda c: (-c[0], c[1])):
            board.push(mv)
            out.append(mv)
            r = rec(pos + ln)
            if r is not None:
                return r
            out.pop()
            board.pop()
        return None

    res = rec(0)
    assert res is not None, "compact movetext does not parse"
    return out, res


def parse_sheet(text):
    games = []
    for block in re.split(r"\n\s*\n", text.strip("\n")):
        lines = block.split("\n")
        hdr = {}
        for ln in lines[:5]:
            k, v = ln.split(": ", 1)
            hdr[k] = v
        assert list(hdr) == ["Bianco", "Nero", "Evento", "Data", "Risultato"], hdr
        moves, eps, offers = [], [], []
        for n, ln in enumerate(lines[5:], 1):
            m = re.fullmatch(r"(\d+)\. (.*)", ln)
            assert m and int(m.group(1)) == n, ln
            toks = m.group(2).split(" ")
            for t in toks:
                if t == "e.p.":
                    eps.append(len(moves) - 1)
                elif t == "(=)":
                    offers.append(len(moves) - 1)
                else:
                    moves.append(t)
            assert len(moves) in (2 * n, 2 * n - 1), ln
        games.append((hdr, moves, eps, offers))
    return games


def main(outdir=None):
    outdir = outdir or (sys.argv[1] if len(sys.argv) > 1 else
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "corpora", "localized"))
    with open(os.path.join(outdir, "source.pgn"), encoding="utf-8") as f:
        src_text = f.read()
    src = []
    pgn = io.StringIO(src_text)
    while True:
        g = chess.pgn.read_game(pgn)
        if g is None:
            break
        assert not g.errors, g.errors
        src.append(g)
    src_moves = [list(g.mainline_moves()) for g in src]
    with open(os.path.join(outdir, "expected.tsv"), encoding="utf-8") as f:
        exp = list(csv.DictReader(f, delimiter="\t"))
    exp_by = {(r["file"], int(r["game"])): r for r in exp}
    assert len(exp) == len(FILES) * len(src), (len(exp), len(FILES), len(src))
    for name, (lw, lb, kind) in FILES.items():
        path = os.path.join(outdir, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert os.path.getsize(path) < 200_000, name
        if kind == "sheet":
            games = parse_sheet(text)
        else:
            games = split_pgn(text)
        assert len(games) == len(src), (name, len(games))
        for gi, item in enumerate(games, 1):
            board = chess.Board()
            moves = []
            sg = src[gi - 1]
            if kind == "sheet":
                hdr, toks, eps, offers = item
                assert hdr["Bianco"] == sg.headers["White"] and hdr["Nero"] == sg.headers["Black"]
                assert hdr["Evento"] == sg.headers["Event"]
                y, mo, d = sg.headers["Date"].split(".")
                assert hdr["Data"] == "%s/%s/%s" % (d, mo, y)
                res = hdr["Risultato"]
            else:
                tags, movetext = item
                assert tags == dict(sg.headers), (name, gi)
            if kind == "compact":
                assert not re.search(r"\s", movetext), "whitespace in compact movetext"
                moves, res = replay_compact(movetext, lw)
            else:
                if kind != "sheet":
                    toks, res = tokens_pgn(movetext)
                for i, t in enumerate(toks):
                    lang = lw if i % 2 == 0 else lb
                    if kind in ("san", "sheet"):
                        mv = play_san(board, t, lang)
                    else:
                        mv = play_lan(board, t, lang, hyphen=(kind == "lan"))
                    if kind == "sheet":
                        assert (i in eps) == board.is_en_passant(mv), (name, gi, t)
                    board.push(mv)
                    moves.append(mv)
            assert moves == src_moves[gi - 1], (name, gi)
            assert res == sg.headers["Result"], (name, gi)
            b = chess.Board()
            sans = []
            for mv in moves:
                sans.append(b.san(mv))
                b.push(mv)
            r = exp_by[(name, gi)]
            assert int(r["plies"]) == len(moves), (name, gi)
            assert r["san"].split(" ") == sans, (name, gi)
            assert r["fen"] == b.fen(), (name, gi)
        print("ok  %-22s %2d games" % (name, len(games)))
    print("verify_localized: all files replay to the source moves")


if __name__ == "__main__":
    main()
