#!/usr/bin/env python3
"""Generate corpora/localized/: 12 real games rendered in many languages/notations.

Usage (from the repository root; python-chess pinned to 1.11.2):
    pip install chess==1.11.2
    nice -n 19 python3 tests/gen/make_localized.py
    nice -n 19 python3 tests/gen/verify_localized.py     # also run at the end of this script

Deterministic: the only randomness is random.Random(SEED).  The games are
picked from the shared corpora (pgnmentor-players/, chesslablab/; see
corpus_common.py for the "game index" convention) so that together they contain
every feature in REQUIRED; see corpora/localized/README.md.
"""

import os
import random
import re
import sys

import chess

sys.dont_write_bytecode = True  # keep tests/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_common as cc  # noqa: E402

SEED = 20240611
N_GAMES = 12
OUT = os.path.join(cc.REPO, "corpora", "localized")

# feature -> raw-text prefilter (cheap regex on the chunk before parsing)
REQUIRED = [
    ("underpromotion", r"=[RBN]"),
    ("en_passant", r"[a-h]x[a-h][36]"),
    ("checkmate", r'Result "(1-0|0-1)"'),
    ("disamb_rank", r"[NBRQK][1-8]x?[a-h][1-8]"),
    ("castle_w_long", r"O-O-O"),
    ("castle_b_long", r"O-O-O"),
    ("promo_queen", r"=Q"),
    ("disamb_file", r"[NBRQK][a-h]x?[a-h][1-8]"),
    ("capture_check", r"x[a-h][1-8](=[QRBN])?\+"),
    ("castle_w_short", r"O-O"),
    ("castle_b_short", r"O-O"),
    ("draw", r'Result "1/2-1/2"'),
]
# nice to have; taken greedily if found within a bounded scan
EXTRA = [
    ("disamb_both", r"[NBRQK][a-h][1-8]x?[a-h][1-8]"),
    ("promo_capture", r"x[a-h][18]=[QRBN]"),
    ("mate_by_black", r'Result "0-1"'),
    ("mate_by_white", r'Result "1-0"'),
    ("underpromo_knight", r"=N"),
    ("promo_check", r"=[QRBN][+#]"),
    ("castle_check", r"O-O(-O)?\+"),
    ("king_capture", r"Kx"),
]
EXTRA_SCAN_LIMIT = 4000


def features(g):
    f = set()
    for i, (b, mv, san) in enumerate(zip(g.boards_before, g.moves, g.sans)):
        white = b.turn == chess.WHITE
        if b.is_castling(mv):
            long_ = chess.square_file(mv.to_square) < 4
            f.add("castle_%s_%s" % ("w" if white else "b", "long" if long_ else "short"))
            if san.endswith(("+", "#")):
                f.add("castle_check")
        if b.is_en_passant(mv):
            f.add("en_passant")
        if mv.promotion:
            if mv.promotion == chess.QUEEN:
                f.add("promo_queen")
            else:
                f.add("underpromotion")
                if mv.promotion == chess.KNIGHT:
                    f.add("underpromo_knight")
            if b.is_capture(mv):
                f.add("promo_capture")
            if san.endswith(("+", "#")):
                f.add("promo_check")
        if "x" in san and san.endswith("+"):
            f.add("capture_check")
        if re.match(r"^[NBRQK][a-h]x?[a-h][1-8]", san):
            f.add("disamb_file")
        if re.match(r"^[NBRQK][1-8]x?[a-h][1-8]", san):
            f.add("disamb_rank")
        if re.match(r"^[NBRQK][a-h][1-8]x?[a-h][1-8]", san):
            f.add("disamb_both")
        if san.startswith("Kx"):
            f.add("king_capture")
    if g.final.is_checkmate():
        f.add("checkmate")
        f.add("mate_by_black" if g.result == "0-1" else "mate_by_white")
    if g.result == "1/2-1/2":
        f.add("draw")
    return f


def all_pieces_moved(g):
    """Every piece letter K Q R B N appears in a non-castling move, so each game
    alone identifies its language (apart from it=es and de=da=no=sv)."""
    seen = {s[0] for s in g.sans if s[0] in "KQRBN"}
    return seen == set("KQRBN")


def select_games(rng):
    pool = cc.all_chunks()
    rng.shuffle(pool)
    chosen, covered, keys = [], set(), set()
    cache = {}

    def get(item):
        """(game key, features) or None; only the small summary is cached."""
        k = (item[0], item[1])
        if k not in cache:
            g = cc.load_game(item[0], item[1], item[2])
            if g is not None and not all_pieces_moved(g):
                g = None
            cache[k] = None if g is None else (g.key, features(g))
        return cache[k]

    def take(item, why):
        g = cc.load_game(item[0], item[1], item[2])
        chosen.append((g, why))
        keys.add(g.key)
        covered.update(features(g))

    for feat, pre in REQUIRED:
        if feat in covered:
            continue
        rx = re.compile(pre)
        for item in pool:
            if not rx.search(item[2]):
                continue
            s = get(item)
            if s is None or s[0] in keys:
                continue
            if feat in s[1]:
                take(item, feat)
                break
        else:
            if feat == "underpromotion":  # fall back to any promotion (brief)
                print("WARNING: no under-promotion found", file=sys.stderr)
                continue
            raise SystemExit("feature not found: " + feat)
    for feat, pre in EXTRA:
        if feat in covered or len(chosen) >= N_GAMES:
            continue
        rx = re.compile(pre)
        tried = 0
        for item in pool:
            if not rx.search(item[2]):
                continue
            tried += 1
            if tried > EXTRA_SCAN_LIMIT:
                break
            s = get(item)
            if s is None or s[0] in keys:
                continue
            if feat in s[1]:
                take(item, feat)
                break
    # fill: prefer sources not used yet, for variety
    used_files = {g.rel for g, _ in chosen}
    for item in pool:
        if len(chosen) >= N_GAMES:
            break
        if item[0] in used_files:
            continue
        s = get(item)
        if s is None or s[0] in keys:
            continue
        take(item, "fill")
        used_files.add(item[0])
    assert len(chosen) == N_GAMES
    missing = {f for f, _ in REQUIRED} - covered
    assert missing <= {"underpromotion"}, missing
    return chosen


# ------------------------------------------------------------------ rendering

def san_moves(g, lmap_w, lmap_b=None):
    lmap_b = lmap_b or lmap_w
    return [cc.translate_san(s, lmap_w if i % 2 == 0 else lmap_b) for i, s in enumerate(g.sans)]


def lan_moves(g, lmap, sep):
    return [cc.lan(b, m, lmap, sep=sep) for b, m in zip(g.boards_before, g.moves)]


def compact_movetext(moves, result):
    out = []
    for i, m in enumerate(moves):
        m = m.replace("O-O-O", "0-0-0").replace("O-O", "0-0")
        if i % 2 == 0:
            out.append("%d." % (i // 2 + 1))
        out.append(m)
    out.append(result)
    return "".join(out)


def it_date(d):
    y, m, day = d.split(".")
    return "%s/%s/%s" % (day, m, y)


def scoresheet(g, moves, draw_offer_ply):
    t = g.tags
    lines = [
        "Bianco: " + t["White"],
        "Nero: " + t["Black"],
        "Evento: " + t["Event"],
        "Data: " + it_date(t["Date"]),
        "Risultato: " + g.result,
    ]
    toks = []
    for i, (b, mv, m) in enumerate(zip(g.boards_before, g.moves, moves)):
        if b.is_en_passant(mv):
            m += " e.p."
        if i == draw_offer_ply:
            m += " (=)"
        toks.append(m)
    for i in range(0, len(toks), 2):
        lines.append("%d. %s" % (i // 2 + 1, " ".join(toks[i:i + 2])))
    return "\n".join(lines) + "\n"


# file name -> (expected language, candidates that must be included)
FILES = [
    ("source.pgn", "en", ""),
    ("it-san.pgn", "it", "es"),
    ("it-lan.pgn", "it", "es"),
    ("it-lan-nohyphen.pgn", "it", "es"),
    ("it-compact.pgn", "it", "es"),
    ("it-scoresheet.txt", "it", "es"),
    ("de.pgn", "de", "da no sv"),
    ("fr.pgn", "fr", ""),
    ("es.pgn", "it", "es"),
    ("nl.pgn", "nl", ""),
    ("pl.pgn", "pl", ""),
    ("hu.pgn", "hu", ""),
    ("ru.pgn", "ru", ""),
    ("figurine.pgn", "figurine", ""),
    ("figurine-black.pgn", "figurine", ""),
]


def main():
    rng = random.Random(SEED)
    chosen = select_games(rng)
    games = [g for g, _ in chosen]
    os.makedirs(OUT, exist_ok=True)

    it = cc.letter_map("it")
    outputs = {name: [] for name, _, _ in FILES}
    draw_game = next((i for i, g in enumerate(games) if g.result == "1/2-1/2"), 0)
    g = games[draw_game]
    draw_ply = rng.randrange(int(g.plies * 0.4), int(g.plies * 0.8))

    for gi, g in enumerate(games):
        h = g.headers
        outputs["source.pgn"].append(cc.pgn_game(h, g.sans, g.result))
        outputs["it-san.pgn"].append(cc.pgn_game(h, san_moves(g, it), g.result))
        outputs["it-lan.pgn"].append(cc.pgn_game(h, lan_moves(g, it, "-"), g.result))
        outputs["it-lan-nohyphen.pgn"].append(cc.pgn_game(h, lan_moves(g, it, ""), g.result))
        outputs["it-compact.pgn"].append(cc.pgn_tags(h) + "\n\n" + compact_movetext(san_moves(g, it), g.result) + "\n")
        outputs["it-scoresheet.txt"].append(
            scoresheet(g, san_moves(g, it), draw_ply if gi == draw_game else -1))
        for code in ("de", "fr", "es", "nl", "pl", "hu", "ru"):
            outputs[code + ".pgn"].append(cc.pgn_game(h, san_moves(g, cc.letter_map(code)), g.result))
        fw = cc.letter_map("figurine")
        fb = cc.letter_map("figurine", black=True)
        outputs["figurine.pgn"].append(cc.pgn_game(h, san_moves(g, fw), g.result))
        outputs["figurine-black.pgn"].append(cc.pgn_game(h, san_moves(g, fw, fb), g.result))

    for name, parts in outputs.items():
        cc.write_text(os.path.join(OUT, name), "\n".join(parts))

    rows = []
    for name, lang, cands in FILES:
        for gi, g in enumerate(games, 1):
            rows.append([name, gi, lang, cands, g.plies, " ".join(g.sans), g.final.fen()])
    cc.write_tsv(os.path.join(OUT, "expected.tsv"),
                 ["file", "game", "language", "candidates_include", "plies", "san", "fen"], rows)

    sel = []
    for gi, (g, why) in enumerate(chosen, 1):
        feats = sorted(features(g))
        sel.append([gi, g.rel, g.index, g.tags["White"], g.tags["Black"], g.tags["Date"], g.result, g.plies,
                    why, " ".join(feats)])
    cc.write_tsv(os.path.join(OUT, "games.tsv"),
                 ["game", "source_file", "source_index", "white", "black", "date", "result", "plies",
                  "picked_for", "features"], sel)
    print("draw offer (=) in it-scoresheet.txt: game %d after ply %d" % (draw_game + 1, draw_ply + 1))
    for r in sel:
        print("\t".join(str(c) for c in r))

    import verify_localized
    verify_localized.main(OUT)


if __name__ == "__main__":
    main()
