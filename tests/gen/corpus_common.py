"""Shared helpers for the test-corpus generators in tests/gen/.

Reads real games from the shared corpora (../shared/corpora relative to the
repository root, or $SCORESHEET_CORPORA), validates them with python-chess
(pinned: chess==1.11.2) and writes PGN.  Nothing here is random: the callers
own the seeded RNGs.

Game index convention: a file is split at every line that starts with
`[Event `; the N-th such chunk (1-based) is "game N" of that file.  This is the
same count SOURCES.md uses, and it does not depend on how a PGN parser treats
blank lines.
"""

import csv
import hashlib
import io
import os
import re

import chess
import chess.pgn

if chess.__version__ != "1.11.2":
    import sys
    print("WARNING: python-chess %s; the corpora were generated with 1.11.2" % chess.__version__, file=sys.stderr)

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def corpora_dir():
    env = os.environ.get("SCORESHEET_CORPORA")
    if env:
        return env
    for cand in (os.path.join(REPO, "..", "shared", "corpora"), "/work/shared/corpora"):
        if os.path.isdir(cand):
            return os.path.normpath(cand)
    raise SystemExit("shared corpora not found; set SCORESHEET_CORPORA")


# Ordinary master games only (SOURCES.md): pgnmentor player collections and
# chesslablab player collections.  Engine matches (AlphaZero/Stockfish) are
# excluded.
def source_files():
    root = corpora_dir()
    out = []
    for sub in ("pgnmentor-players", "chesslablab"):
        d = os.path.join(root, sub)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".pgn"):
                continue
            if re.search(r"alphazero|stockfish", name, re.I):
                continue
            out.append(sub + "/" + name)
    return out


def split_games(relpath):
    """Return the list of raw game chunks of one corpus file (see module doc)."""
    path = os.path.join(corpora_dir(), relpath)
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace").replace("\r\n", "\n")
    starts = [m.start() for m in re.finditer(r"(?m)^\[Event ", text)]
    chunks = []
    for i, s in enumerate(starts):
        e = starts[i + 1] if i + 1 < len(starts) else len(text)
        chunks.append(text[s:e])
    return chunks


def all_chunks():
    """[(relpath, 1-based index, chunk)] over every source file, in a fixed order."""
    out = []
    for rel in source_files():
        for i, c in enumerate(split_games(rel), 1):
            out.append((rel, i, c))
    return out


RESULTS = ("1-0", "0-1", "1/2-1/2")
_FULL_DATE = re.compile(r"^\d{4}\.\d{2}\.\d{2}$")
_ONLINE = re.compile(r"\bINT\b|chess\.com|lichess|playchess|\bICC\b|internet|online|titled|blitz|bullet|rapid|speed|armageddon|blindfold|simul", re.I)
_ENGINE = re.compile(r"stockfish|alphazero|komodo|houdini|rybka|fritz|deep ?blue|junior|hydra|leela|computer", re.I)


def raw_tokens(chunk):
    """Movetext tokens of a raw chunk, move numbers/result/comments removed."""
    body = re.sub(r"(?m)^\[.*\]\s*$", "", chunk)
    body = re.sub(r"\{[^}]*\}", " ", body)
    body = re.sub(r"(?m);.*$", " ", body)
    while re.search(r"\([^()]*\)", body):
        body = re.sub(r"\([^()]*\)", " ", body)
    body = re.sub(r"\$\d+", " ", body)
    body = re.sub(r"\d+\.(\.\.)?", " ", body)
    toks = body.split()
    return toks


class Game:
    """A validated real game: tags, moves, SAN list, final board."""

    def __init__(self, rel, index, chunk, pg):
        self.rel = rel
        self.index = index
        self.chunk = chunk
        self.headers = list(pg.headers.items())
        self.tags = dict(self.headers)
        self.result = self.tags["Result"]
        board = pg.board()
        self.moves = []
        self.sans = []
        self.boards_before = []  # board copies before each ply
        for mv in pg.mainline_moves():
            self.boards_before.append(board.copy(stack=False))
            self.sans.append(board.san(mv))
            self.moves.append(mv)
            board.push(mv)
        self.final = board
        # duplicate detection across collections (the same game is often in two
        # players' files, with differently spelled names): the moves alone
        self.key = hashlib.sha1(" ".join(m.uci() for m in self.moves).encode()).hexdigest()

    @property
    def plies(self):
        return len(self.moves)

    def label(self):
        return "%s#%d" % (self.rel, self.index)


def load_game(rel, index, chunk, min_plies=30, max_plies=140, need_full_date=True):
    """Parse and validate one chunk; return Game or None.

    "Real, legal, complete": standard start position, a decisive or drawn
    Result tag equal to the movetext terminator, an over-the-board game at a
    normal time control (online/blitz/rapid/simul events skipped, since the
    project is about scoresheets), no parse errors, every raw
    movetext token equal to python-chess SAN (so the regenerated movetext is
    the original one), human players, a full date, and a final position
    consistent with the result when it is checkmate.
    """
    tags = dict(re.findall(r'(?m)^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]', chunk))
    if tags.get("Result") not in RESULTS:
        return None
    if "FEN" in tags or "SetUp" in tags or "Variant" in tags:
        return None
    if need_full_date and not _FULL_DATE.match(tags.get("Date", "")):
        return None
    if not tags.get("White") or not tags.get("Black") or _ENGINE.search(tags["White"] + tags["Black"]):
        return None
    if _ONLINE.search(tags.get("Site", "") + " " + tags.get("Event", "")):
        return None
    toks = raw_tokens(chunk)
    if not toks or toks[-1] != tags["Result"]:
        return None
    toks = toks[:-1]
    if not (min_plies <= len(toks) <= max_plies):
        return None
    pg = chess.pgn.read_game(io.StringIO(chunk))
    if pg is None or pg.errors:
        return None
    g = Game(rel, index, chunk, pg)
    # check marks are compared loosely: the corpora write mate as "+" and some
    # files carry no check marks at all; the output uses python-chess SAN.
    if [s.rstrip("+#") for s in g.sans] != [t.rstrip("+#") for t in toks]:
        return None
    if g.final.is_checkmate():
        want = "0-1" if g.final.turn == chess.WHITE else "1-0"
        if g.result != want:
            return None
    return g


# ---------------------------------------------------------------- PGN output

def pgn_tags(headers):
    lines = []
    for k, v in headers:
        v = v.replace("\\", "\\\\").replace('"', '\\"')
        lines.append('[%s "%s"]' % (k, v))
    return "\n".join(lines)


def wrap_tokens(tokens, width=79):
    """Join tokens with spaces into lines of at most `width` characters; a move
    number is kept on the same line as the move that follows it."""
    glued = []
    for t in tokens:
        if glued and re.fullmatch(r"\d+\.", glued[-1]):
            glued[-1] += " " + t
        else:
            glued.append(t)
    tokens = glued
    lines, cur = [], ""
    for t in tokens:
        if cur and len(cur) + 1 + len(t) > width:
            lines.append(cur)
            cur = t
        else:
            cur = t if not cur else cur + " " + t
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def numbered_tokens(moves_text, result):
    """['e4','e5',...] -> ['1.', 'e4', 'e5', '2.', ...] + [result]."""
    out = []
    for i, m in enumerate(moves_text):
        if i % 2 == 0:
            out.append("%d." % (i // 2 + 1))
        out.append(m)
    out.append(result)
    return out


def pgn_game(headers, moves_text, result):
    return pgn_tags(headers) + "\n\n" + wrap_tokens(numbered_tokens(moves_text, result)) + "\n"


# ---------------------------------------------------------- piece letters

PIECE_COLS = ("king", "queen", "rook", "bishop", "knight", "pawn")
EN_LETTER = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}
EN_TO_COL = {v: k for k, v in EN_LETTER.items()}


def languages():
    """code -> {piece column -> [alternatives]} from grammar/languages.csv."""
    out = {}
    with open(os.path.join(REPO, "grammar", "languages.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out[row["code"]] = {c: row[c].split("|") for c in PIECE_COLS}
    return out


def letter_map(lang_code, black=False):
    """English piece letter -> canonical letter of the language.

    For figurines, black=True picks the second alternative (black figurine)."""
    lang = languages()[lang_code]
    m = {}
    for col in PIECE_COLS:
        alts = lang[col]
        m[EN_LETTER[col]] = alts[1] if (black and len(alts) > 1) else alts[0]
    return m


_SAN_RE = re.compile(r"^(?:(?P<piece>[KQRBN])(?P<rest>[a-h]?[1-8]?x?[a-h][1-8])"
                     r"|(?P<pawn>[a-h](?:x[a-h])?[1-8])(?:=(?P<promo>[QRBN]))?"
                     r"|(?P<castle>O-O(?:-O)?))(?P<suffix>[+#]?)$")


def translate_san(san, lmap):
    """Translate an English SAN token (python-chess style) with a letter map."""
    m = _SAN_RE.match(san)
    if not m:
        raise ValueError("not SAN: %r" % san)
    if m.group("castle"):
        return san
    if m.group("piece"):
        return lmap[m.group("piece")] + m.group("rest") + m.group("suffix")
    out = m.group("pawn")
    if m.group("promo"):
        out += "=" + lmap[m.group("promo")]
    return out + m.group("suffix")


def check_suffix(board, move):
    b = board.copy(stack=False)
    b.push(move)
    if b.is_checkmate():
        return "#"
    if b.is_check():
        return "+"
    return ""


def lan(board, move, lmap, sep="-", capture="x"):
    """Long algebraic: Cg1-f3, e2-e4, Ad3xh7, e7-e8=D, O-O; sep='' gives Cg1f3."""
    suffix = check_suffix(board, move)
    if board.is_castling(move):
        return ("O-O" if chess.square_file(move.to_square) == 6 else "O-O-O") + suffix
    p = board.piece_at(move.from_square)
    letter = "" if p.piece_type == chess.PAWN else lmap[chess.piece_symbol(p.piece_type).upper()]
    mid = capture if board.is_capture(move) else sep
    out = letter + chess.square_name(move.from_square) + mid + chess.square_name(move.to_square)
    if move.promotion:
        out += "=" + lmap[chess.piece_symbol(move.promotion).upper()]
    return out + suffix


def write_tsv(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(header) + "\n")
        for r in rows:
            for c in r:
                assert "\t" not in str(c) and "\n" not in str(c), c
            f.write("\t".join(str(c) for c in r) + "\n")


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
