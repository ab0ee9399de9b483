#!/usr/bin/env python3
"""Make the adjourned-game envelopes of corpora/envelopes/real/ from real games.

Real games (pgnmentor player collections, ../shared/corpora) are adjourned at a random
move (seeded); the side to move seals.  Each game gives envelopes whose sealed move is:

  legal        the move actually played next (written in the sealer's notation);
  ambiguous    a legal move whose SAN needs a disambiguator, written without it (I.8.1);
  illegal      a piece the sealer has, sent to a square no such piece can legally reach,
               or castling that is not legal (I.8.3);
  unreadable   text no notation reads: a square off the board, a letter of no language,
               a stray word (I.8.2);
  mating       the last move of a game that ended in checkmate (5.1.1, the sealer wins);
  stalemating  a legal move that stalemates, found by searching real positions (5.2.1).

The expected verdict and rule of each envelope are computed here, with python-chess
(chess==1.11.2) as the independent oracle, and written to expected.tsv:

  file  case  verdict  rule  exception  sealed  fen

The scoresheets are written in the players' own notations (English, Italian, German,
French, Spanish; short or long algebraic), White's and Black's independently; the sealed
move in the sealer's.  The position is recorded as a FEN or as "after N".

Run from the repository root:  python3 tests/gen/make_envelopes.py
"""

import os
import random
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_common import (  # noqa: E402
    REPO,
    lan,
    letter_map,
    load_game,
    split_games,
    translate_san,
    wrap_tokens,
    write_text,
    write_tsv,
)

# Overridable to try many more adjournments without touching the corpus:
#   ENVELOPES_OUT=/tmp/env ENVELOPES_SEED=7 ENVELOPES_GAMES=300 python3 tests/gen/make_envelopes.py
OUT = os.environ.get("ENVELOPES_OUT", os.path.join(REPO, "corpora", "envelopes", "real"))
SEED = int(os.environ.get("ENVELOPES_SEED", "20261122"))
FILES = [
    "pgnmentor-players/Alekhine.pgn",
    "pgnmentor-players/Botvinnik.pgn",
    "pgnmentor-players/Bronstein.pgn",
    "pgnmentor-players/Ding.pgn",
    "pgnmentor-players/Euwe.pgn",
    "pgnmentor-players/Keres.pgn",
    "pgnmentor-players/Lasker.pgn",
    "pgnmentor-players/Nunn.pgn",
    "pgnmentor-players/Petrosian.pgn",
    "pgnmentor-players/PolgarS.pgn",
    "pgnmentor-players/Rubinstein.pgn",
    "pgnmentor-players/Tarrasch.pgn",
]
LANGS = ["en", "it", "de", "fr", "es"]
GAMES = int(os.environ.get("ENVELOPES_GAMES", "24"))


def games(rng):
    """Real games, in a fixed order, shuffled by the seeded RNG."""
    out = []
    for rel in FILES:
        try:
            chunks = split_games(rel)
        except FileNotFoundError:
            print("missing: %s" % rel, file=sys.stderr)
            continue
        for i, c in enumerate(chunks, 1):
            g = load_game(rel, i, c, min_plies=30, max_plies=200, need_full_date=False)
            if g is not None:
                out.append(g)
    rng.shuffle(out)
    return out


def written(board, move, lang, style):
    """A move as a player writing `lang` in `style` (san/lan) writes it."""
    lmap = letter_map(lang)
    if style == "lan":
        return lan(board, move, lmap)
    return translate_san(board.san(move), lmap)


def sheet(g, plies, lang, style, extra=None):
    """A scoresheet: the first `plies` moves (and `extra` as written), numbered."""
    board = chess.Board()
    toks = []
    for i in range(plies):
        mv = g.moves[i]
        if i % 2 == 0:
            toks.append("%d." % (i // 2 + 1))
        toks.append(written(board, mv, lang, style))
        board.push(mv)
    if extra is not None:
        if plies % 2 == 0:
            toks.append("%d." % (plies // 2 + 1))
        else:
            toks.append("%d..." % (plies // 2 + 1))
        toks.append(extra)
    return wrap_tokens(toks)


def opponent_cannot_mate(board):
    """python-chess's sufficient condition: the side not to move has insufficient
    material (then it cannot checkmate by any series of legal moves)."""
    return board.has_insufficient_material(not board.turn)


def expect_legal(board, move):
    b = board.copy()
    b.push(move)
    if b.is_checkmate():
        return ("sealer_wins", "5.1.1", "")
    if b.is_stalemate():
        return ("draw", "5.2.1", "")
    if b.is_insufficient_material():
        return ("draw", "5.2.2", "")
    if b.is_seventyfive_moves():
        return ("draw", "9.6.2", "")
    if b.is_fivefold_repetition():
        return ("draw", "9.6.1", "")
    return ("resume", "I.9.1", "")


def expect_defective(board, rule):
    if opponent_cannot_mate(board):
        return ("draw", rule, "6.9")
    return ("sealer_loses", rule, "")


def ambiguous_text(board, lang):
    """A legal move whose SAN has a disambiguator, written without it; or None."""
    lmap = letter_map(lang)
    for mv in sorted(board.legal_moves, key=lambda m: m.uci()):
        san = board.san(mv)
        piece = board.piece_at(mv.from_square)
        if piece.piece_type == chess.PAWN or san.startswith("O-O"):
            continue
        body = san.rstrip("+#")
        core = body[1:].replace("x", "")
        if len(core) > 2:  # a file or rank (or both) before the destination
            dest = chess.square_name(mv.to_square)
            cap = "x" if "x" in body else ""
            plain = body[0] + cap + dest
            try:
                board.parse_san(plain)
            except chess.AmbiguousMoveError:
                return translate_san(plain, lmap)
            except ValueError:
                continue
    return None


def illegal_text(board, lang, rng):
    """A move no legal move fits: a piece the sealer has sent where none of its kind can
    legally go, or castling that is not legal."""
    lmap = letter_map(lang)
    us = board.turn
    kinds = [pt for pt in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
             if board.pieces(pt, us)]
    for _ in range(200):
        if rng.random() < 0.1:
            text = rng.choice(["O-O", "O-O-O"])
        else:
            pt = rng.choice(kinds)
            sq = rng.randrange(64)
            piece = board.piece_at(sq)
            if piece is not None and piece.color == us:
                continue
            letter = chess.piece_symbol(pt).upper()
            cap = "x" if piece is not None else ""
            text = letter + cap + chess.square_name(sq)
        try:
            board.parse_san(text)
        except chess.IllegalMoveError:
            # the same text without the capture mark must not be legal either
            try:
                board.parse_san(text.replace("x", ""))
                continue
            except chess.IllegalMoveError:
                return translate_san(text, lmap) if not text.startswith("O") else text
            except ValueError:
                continue
        except ValueError:
            continue
    return None


UNREADABLE = ["{P}i4", "{P}e9", "{P}h0", "Xe4", "??", "{P}", "{P}-", "xx4", "e4e", "{P}@f3",
              "0-0-0-0", "illegible", "{P}f", "e"]


def unreadable_text(board, lang, rng):
    lmap = letter_map(lang)
    us = board.turn
    letters = [lmap[chess.piece_symbol(pt).upper()]
               for pt in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
               if board.pieces(pt, us)]
    pattern = rng.choice(UNREADABLE)
    text = pattern.replace("{P}", rng.choice(letters))
    # python-chess must not read it either (its grammar is the oracle here)
    try:
        board.parse_san(text)
        return None
    except chess.InvalidMoveError:
        return text
    except ValueError:
        return None


def toml_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def envelope(g, cut, sealed, case, rng, white_lang, black_lang, styles, comment):
    board = chess.Board()
    for mv in g.moves[:cut]:
        board.push(mv)
    sealer = board.turn
    number = board.fullmove_number
    names = {chess.WHITE: g.tags["White"], chess.BLACK: g.tags["Black"]}
    lines = ["# " + comment,
             "# Source: %s (game %d), adjourned after ply %d; made by tests/gen/make_envelopes.py"
             % (g.rel, g.index, cut), ""]
    lines.append("event = %s" % toml_string("%s, %s" % (g.tags.get("Event", "?"), g.tags.get("Date", "?"))))
    lines.append("white = %s" % toml_string(names[chess.WHITE]))
    lines.append("black = %s" % toml_string(names[chess.BLACK]))
    if rng.random() < 0.75:
        lines.append("position = %s" % toml_string(board.fen()))
    else:
        prev_side = "black" if sealer == chess.WHITE else "white"
        prev_no = number - 1 if sealer == chess.WHITE else number
        lines.append('position = "after %d %s"' % (prev_no, prev_side))
    used = sorted([rng.randrange(1800, 7100), rng.randrange(1800, 7100)])
    lines.append('white_time = "%d:%02d:%02d"' % (used[0] // 3600, used[0] // 60 % 60, used[0] % 60))
    lines.append('black_time = "%d:%02d:%02d"' % (used[1] // 3600, used[1] // 60 % 60, used[1] % 60))
    lines.append('time_control = "40/7200:3600"')
    if rng.random() < 0.5:
        lines.append("sealer = %s" % toml_string(names[sealer]))
    else:
        lines.append('sealer = "%s"' % ("White" if sealer == chess.WHITE else "Black"))
    lines.append("sealed_move_number = %d" % number)
    lines.append('draw_offer = "none"')
    lines.append('resumption_date = "2026-12-%02d 15:00"' % rng.randrange(1, 29))
    lines.append('resumption_place = "Playing hall"')
    lines.append("sealed_move = %s" % toml_string(sealed))
    lines.append('white_scoresheet = """\n%s\n"""' % sheet(g, cut, white_lang, styles[0]))
    lines.append('black_scoresheet = """\n%s\n"""' % sheet(g, cut, black_lang, styles[1]))
    return "\n".join(lines) + "\n", board


def main():
    rng = random.Random(SEED)
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".toml") or f == "expected.tsv":
            os.remove(os.path.join(OUT, f))
    pool = games(rng)
    rows = []
    made = 0

    def emit(name, g, cut, case, sealed_for, expect_for, comment):
        nonlocal made
        white_lang, black_lang = rng.choice(LANGS), rng.choice(LANGS)
        styles = (rng.choice(["san", "san", "lan"]), rng.choice(["san", "san", "lan"]))
        board = chess.Board()
        for mv in g.moves[:cut]:
            board.push(mv)
        sealer_lang = white_lang if board.turn == chess.WHITE else black_lang
        sealer_style = styles[0] if board.turn == chess.WHITE else styles[1]
        sealed = sealed_for(board, sealer_lang, sealer_style)
        if sealed is None:
            return False
        text, board = envelope(g, cut, sealed, case, rng, white_lang, black_lang, styles, comment)
        verdict, rule, exception = expect_for(board)
        write_text(os.path.join(OUT, name + ".toml"), text)
        rows.append((name + ".toml", case, verdict, rule, exception, sealed, board.fen()))
        made += 1
        return True

    # legal, ambiguous, illegal, unreadable: one random adjournment per game and case
    used = 0
    counts = {"legal": 0, "ambiguous": 0, "illegal": 0, "unreadable": 0}
    for g in pool:
        if used >= GAMES:
            break
        used += 1
        n = "%02d" % used
        cut = rng.randrange(16, g.plies - 1)
        emit("g%s-legal" % n, g, cut, "legal",
             lambda b, l, s, g=g, cut=cut: written(b, g.moves[cut], l, s),
             lambda b, g=g, cut=cut: expect_legal(b, g.moves[cut]),
             "The sealed move is the move actually played next.")
        counts["legal"] += 1
        # ambiguous: the first adjournment from the random one on where it can be
        for c in list(range(cut, g.plies)) + list(range(10, cut)):
            board = chess.Board()
            for mv in g.moves[:c]:
                board.push(mv)
            if ambiguous_text(board, "en") is None:
                continue
            if emit("g%s-ambiguous" % n, g, c, "ambiguous",
                    lambda b, l, s: ambiguous_text(b, l),
                    lambda b: expect_defective(b, "I.8.1"),
                    "The sealed move fits two legal moves: it lacks the origin file or rank."):
                counts["ambiguous"] += 1
                break
        cut2 = rng.randrange(16, g.plies - 1)
        if emit("g%s-illegal" % n, g, cut2, "illegal",
                lambda b, l, s: illegal_text(b, l, rng),
                lambda b: expect_defective(b, "I.8.3"),
                "The sealed move names a piece the sealer has but no legal move fits it."):
            counts["illegal"] += 1
        cut3 = rng.randrange(16, g.plies - 1)
        for _ in range(10):
            if emit("g%s-unreadable" % n, g, cut3, "unreadable",
                    lambda b, l, s: unreadable_text(b, l, rng),
                    lambda b: expect_defective(b, "I.8.2"),
                    "The sealed move cannot be read as a move in any notation."):
                counts["unreadable"] += 1
                break

    # mating: games that ended in checkmate, adjourned before the mating move
    mates = [g for g in pool if g.final.is_checkmate()][:max(6, GAMES // 4)]
    for k, g in enumerate(mates, 1):
        emit("m%02d-mating" % k, g, g.plies - 1, "mating",
             lambda b, l, s, g=g: written(b, g.moves[-1], l, s),
             lambda b, g=g: expect_legal(b, g.moves[-1]),
             "The sealed move is checkmate: the sealer wins.")
    # stalemating: real positions where some legal move stalemates
    found = 0
    for g in pool:
        if found >= max(4, GAMES // 6):
            break
        board = chess.Board()
        for c, mv in enumerate(g.moves):
            if c >= 16 and len(board.piece_map()) <= 12:
                stal = [m for m in sorted(board.legal_moves, key=lambda m: m.uci())
                        if _stalemates(board, m)]
                if stal:
                    m = stal[0]
                    found += 1
                    emit("s%02d-stalemating" % found, g, c, "stalemating",
                         lambda b, l, s, m=m: written(b, m, l, s),
                         lambda b, m=m: expect_legal(b, m),
                         "The sealed move (not the one played) stalemates the opponent: drawn.")
                    break
            board.push(mv)
    write_tsv(os.path.join(OUT, "expected.tsv"),
              ["file", "case", "verdict", "rule", "exception", "sealed", "fen"], rows)
    print("%d envelopes: %s, %d mating, %d stalemating" % (made, counts, len(mates), found))


def _stalemates(board, move):
    b = board.copy(stack=False)
    b.push(move)
    return b.is_stalemate()


if __name__ == "__main__":
    main()
