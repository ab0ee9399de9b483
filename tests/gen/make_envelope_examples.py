#!/usr/bin/env python3
"""Write the hand-made envelopes of corpora/envelopes/ (one per verdict, per Guideline I.8
case and per malformation), computing their positions with python-chess (chess==1.11.2).

corpora/envelopes/resume.toml is the fully commented example and is written by hand; this
script writes the others.  Their expected reports (*.json, *.txt) are written by the test
suite: UPDATE_GOLDEN=1 cargo test --release --test envelope (review the diff).

Run from the repository root:  python3 tests/gen/make_envelope_examples.py
"""

import os

import chess

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(REPO, "corpora", "envelopes")

IT = {"K": "R", "Q": "D", "R": "T", "B": "A", "N": "C"}

CARUANA_CARLSEN = (
    "e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Bc5 Bg5 h6 Bh4 Be7 Bg3 d6 a4 O-O a5 Be6 Bxe6 fxe6 O-O b5 "
    "axb6 axb6 Nc3 Qd7 Qd2 Nd4 Nxd4 exd4 Ne2 e5 c3 c5 cxd4 cxd4 Qb4 b5 Qb3+ Kh7 Rxa8 Rxa8 "
    "h3 Rc8 f4 Nh5 fxe5 Nxg3 Nxg3 dxe5 Rf7 Qd8 Qe6 Bf8 Nf5 Rc1+ Kh2 Qg5 Nh4 Bb4 Nf3 Qg6 "
    "Qxg6+ Kxg6 Nxe5+ Kh7 Rd7 Rc2 Rxd4 Bd2 Kg3 Be1+ Kf3 Rf2+ Ke3 Rxb2 Rd7 Rxg2 d4 b4 Rb7 "
    "Bc3 Nf3 Rg3 d5 Kg6 Kf4 Rxh3 e5"
).split()
ROSSI_BIANCHI = (
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2 e5 Nb3 Be7 O-O O-O Be3 Be6 Qd2 Nbd7 a4 Rc8 "
    "f3 Qb6 Kh1 Nc5 Nd5 Bxd5 exd5 Ng4"
).split()


def it(san):
    if san[0] in IT:
        san = IT[san[0]] + san[1:]
    if "=" in san:
        i = san.index("=")
        san = san[: i + 1] + IT[san[i + 1]] + san[i + 2:]
    return san


def sheet(sans, lang="en", fen=None, tags=None, extra=None, offers=()):
    """Numbered movetext; `offers`: plies (1-based) after which `(=)` is written."""
    board = chess.Board(fen) if fen else chess.Board()
    toks = []
    head = ""
    if fen:
        head = '[SetUp "1"]\n[FEN "%s"]\n\n' % fen
    if tags:
        head = "".join('[%s "%s"]\n' % kv for kv in tags) + ("\n" if not fen else "") + head
    for i, san in enumerate(sans + ([extra] if extra else [])):
        if board.turn == chess.WHITE:
            toks.append("%d." % board.fullmove_number)
        elif i == 0:
            toks.append("%d..." % board.fullmove_number)
        mv = board.parse_san(san)
        canon = board.san(mv)
        toks.append(it(canon) if lang == "it" else canon)
        board.push(mv)
        if i + 1 in offers:
            toks.append("(=)")
    lines, cur = [], ""
    for t in toks:
        if cur and len(cur) + 1 + len(t) > 78:
            lines.append(cur)
            cur = t
        else:
            cur = t if not cur else cur + " " + t
    lines.append(cur)
    return head + "\n".join(lines)


def position(sans, fen=None):
    board = chess.Board(fen) if fen else chess.Board()
    for san in sans:
        board.push_san(san)
    return board


def toml(comment, items, w_sheet=None, b_sheet=None):
    out = ["# " + line if line else "#" for line in comment.strip().splitlines()]
    out.append("# (written by tests/gen/make_envelope_examples.py)")
    out.append("")
    for k, v in items:
        if v is None:
            continue
        if isinstance(v, int):
            out.append("%s = %d" % (k, v))
        elif k.startswith("#"):
            out.append(k)
        else:
            out.append('%s = "%s"' % (k, v.replace("\\", "\\\\").replace('"', '\\"')))
    if w_sheet is not None:
        out.append('%s = """\n%s\n"""' % (w_sheet[0], w_sheet[1]))
    if b_sheet is not None:
        out.append('%s = """\n%s\n"""' % (b_sheet[0], b_sheet[1]))
    return "\n".join(out) + "\n"


def write(name, text):
    with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def common(white, black, fen, wt, bt, tc, sealer, number, sealed, offer="none",
           date="2026-11-29", time="15:00", place="Circolo Scacchistico Milanese"):
    return [
        ("white", white), ("black", black), ("position", fen),
        ("white_time", wt), ("black_time", bt), ("time_control", tc),
        ("sealer", sealer), ("sealed_move_number", number), ("draw_offer", offer),
        ("resumption_date", date), ("resumption_time", time), ("resumption_place", place),
        ("sealed_move", sealed),
    ]


def main():
    cc = CARUANA_CARLSEN
    rb = ROSSI_BIANCHI
    W, B = "Caruana, Fabiano", "Carlsen, Magnus"
    R, N = "Rossi, Mario", "Bianchi, Luca"

    # ---- I.8.1 ambiguous: two knights can go to d7
    p = position(rb[:19])
    write("ambiguous.toml", toml(
        "Guideline I.8.1: the sealed move `Cd7` fits two legal moves (Cbd7 and Cfd7).\n"
        "Black seals move 10 and loses the game.",
        common(R, N, p.fen(), "0:41:00", "0:52:30", "40/7200:3600", "Bianchi", 10, "10... Cd7"),
        ("white_scoresheet", sheet(rb[:19], "it")), ("black_scoresheet", sheet(rb[:19], "it"))))

    # ---- I.8.2 unreadable text
    write("unreadable.toml", toml(
        "Guideline I.8.2: the sealed move `C?d7` cannot be read as a move: its true meaning\n"
        "cannot be established. Black loses.",
        common(R, N, p.fen(), "0:41:00", "0:52:30", "40/7200:3600", "Black", 10, "C?d7"),
        ("white_scoresheet", sheet(rb[:19], "it")), ("black_scoresheet", sheet(rb[:19], "it"))))

    # ---- I.8.2 a letter the sealer's notation does not have, legal in none that has it
    p = position(cc[:80])
    write("unreadable-letter.toml", toml(
        "Guideline I.8.2: both scoresheets are in English; the sealed move `Cd5` has a letter\n"
        "English does not have, and in no notation where C is a piece (a knight) does a legal\n"
        "move fit. Its true meaning cannot be established: White loses.",
        common(W, B, p.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41, "41. Cd5"),
        ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))

    # ---- legal only in another notation: read, with a note
    write("other-notation.toml", toml(
        "Both scoresheets are in English, the sealed move `Tb7` in Italian (T = rook): exactly\n"
        "one legal move fits it in the notations that have the letter, so its meaning is\n"
        "established (with a note) and play resumes.",
        common(W, B, p.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41, "41. Tb7"),
        ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))

    # ---- I.8.3 illegal
    p = position(rb[:17])
    write("illegal.toml", toml(
        "Guideline I.8.3: the sealed move `Ab4` is illegal (the bishop on e7 is blocked by the\n"
        "pawn on d6). Black loses.",
        common(R, N, p.fen(), "0:38:00", "0:47:15", "40/7200:3600", "Bianchi", 9, "9... Ab4"),
        ("white_scoresheet", sheet(rb[:17], "it")), ("black_scoresheet", sheet(rb[:17], "it"))))

    # ---- I.8.3 illegal, but the opponent cannot mate: drawn (Art. 6.9)
    start = "8/8/8/4k3/8/8/2Q5/4K3 w - - 0 60"
    moves = ["Kd2", "Kd5", "Kd3", "Ke5"]
    p = position(moves, start)
    write("illegal-draw.toml", toml(
        "Guideline I.8.3 with the exception of Art. 6.9: White (king and queen) seals the\n"
        "illegal `Df8`, but Black has a bare king and cannot checkmate White by any series of\n"
        "legal moves: the game is drawn. The scoresheets start from the position of move 60.",
        common("Verdi, Anna", "Neri, Paolo", p.fen(), "2:10:00", "2:05:00", "40/7200:3600",
               "Verdi", 62, "Df8"),
        ("white_scoresheet", sheet(moves, "it", start)), ("black_scoresheet", sheet(moves, "it", start))))

    # ---- I.8.1 a promotion without its piece
    start = "8/4P1k1/8/8/8/8/r7/6K1 b - - 0 70"
    moves = ["Kf7", "Kf1", "Ra8"]
    p = position(moves, start)
    write("promotion.toml", toml(
        "Guideline I.8.1: the sealed move `e8` promotes without naming the piece: queen, rook,\n"
        "bishop and knight all fit. White loses.",
        common("Verdi, Anna", "Neri, Paolo", p.fen(), "2:20:00", "2:25:00", "40/7200:3600",
               "White", 72, "e8"),
        ("white_scoresheet", sheet(moves, "en", start)), ("black_scoresheet", sheet(moves, "en", start))))

    # ---- 5.1.1 mate
    mate = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]
    p = position(mate)
    write("mate.toml", toml(
        "Art. 5.1.1 and Guideline I.10: the sealed move `Dxf7#` is checkmate; White wins, even\n"
        "if White is late at the resumption.",
        common(R, N, p.fen(), "0:05:00", "0:07:30", "40/7200:3600", "White", 4, "4. Dxf7#",
               offer="Nero"),
        ("white_scoresheet", sheet(mate, "it")), ("black_scoresheet", sheet(mate, "it", offers=(6,)))))

    # ---- 5.2.1 stalemate (Sam Loyd's ten-move stalemate)
    loyd = ("e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6").split()
    p = position(loyd)
    write("stalemate.toml", toml(
        "Art. 5.2.1: the sealed move `Qe6` stalemates Black (Loyd's ten-move stalemate): drawn.",
        common("Loyd, Sam", "Nobody, N", p.fen(), "0:12:00", "0:10:00", "40/7200:3600", "White",
               10, "10. Qe6"),
        ("white_scoresheet", sheet(loyd)), ("black_scoresheet", sheet(loyd))))

    # ---- 5.2.2 dead after the sealed move
    start = "8/8/4k3/8/8/2n5/3B4/4K3 w - - 0 60"
    moves = ["Kf2", "Nd5", "Kf3", "Nb4"]
    p = position(moves, start)
    write("dead.toml", toml(
        "Art. 5.2.2: the sealed move `Axb4` leaves king and bishop against king, a dead\n"
        "position: drawn.",
        common("Verdi, Anna", "Neri, Paolo", p.fen(), "2:31:00", "2:40:00", "40/7200:3600",
               "Verdi", 62, "62.Axb4"),
        ("white_scoresheet", sheet(moves, "it", start)), ("black_scoresheet", sheet(moves, "it", start))))

    # ---- the game had already ended before the adjournment (dead)
    moves2 = moves + ["Bxb4", "Kd5"]
    p = position(moves2, start)
    write("already-over.toml", toml(
        "Art. 5.2.2: the position before the sealed move is king and bishop against king: the\n"
        "game had already ended (at 62.Axb4), and the sealed move is void. Drawn.",
        common("Verdi, Anna", "Neri, Paolo", p.fen(), "2:33:00", "2:41:00", "40/7200:3600",
               "Verdi", 63, "Re3"),
        ("white_scoresheet", sheet(moves2, "it", start)), ("black_scoresheet", sheet(moves2, "it", start))))

    # ---- 9.6.1 fivefold
    five = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split()
    p = position(five)
    write("fivefold.toml", toml(
        "Art. 9.6.1: the sealed move `Cg8` brings the starting position for the fifth time: drawn.",
        common(R, N, p.fen(), "0:02:00", "0:02:10", "40/7200:3600", "Bianchi", 8, "8...Cg8"),
        ("white_scoresheet", sheet(five, "it")), ("black_scoresheet", sheet(five, "it"))))

    # ---- 9.6.2 seventy-five moves
    start = "8/8/4k3/8/8/3K4/R7/7r w - - 140 120"
    moves = "Ra3 Rh2 Ra2 Rh1 Ra3 Rh2 Ra2 Rh1 Ra3".split()
    p = position(moves, start)
    write("seventy-five.toml", toml(
        "Art. 9.6.2: the sealed move `Rh2` is the 75th move of each player without a pawn move\n"
        "or a capture: drawn. The scoresheets start from the position of move 120.",
        common("Verdi, Anna", "Neri, Paolo", p.fen(), "2:40:00", "2:35:00", "40/7200:20/3600:1800",
               "Neri", 124, "124... Rh2"),
        ("white_scoresheet", sheet(moves, "en", start)), ("black_scoresheet", sheet(moves, "en", start))))

    # ---- 6.9 the sealer's flag had fallen
    p = position(cc[:78])
    write("flag-sealer.toml", toml(
        "Art. 6.9: White sealed move 40 with 2:00:45 used, beyond the two hours for 40 moves:\n"
        "White's flag had fallen, and Black can still checkmate. White loses.",
        common(W, B, p.fen(), "2:00:45", "1:51:10", "40/7200:3600", "Caruana", 40, "40. d4"),
        ("white_scoresheet", sheet(cc[:78])), ("black_scoresheet", sheet(cc[:78]))))

    # ---- 6.9 the opponent's flag had fallen
    p = position(cc[:80])
    write("flag-opponent.toml", toml(
        "Art. 6.9: Black completed move 40 with 2:01:30 used: Black's flag had fallen before the\n"
        "adjournment, and White can checkmate. White, who sealed, wins.",
        common(W, B, p.fen(), "1:58:40", "2:01:30", "40/7200:3600", "Caruana", 41, "41. Rb7"),
        ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))

    # ---- 6.9 a flag fell but the other side cannot mate
    start = "8/8/8/4k3/8/8/2Q5/4K3 w - - 0 60"
    moves = ["Kd2", "Kd5", "Kd3", "Ke5"]
    p = position(moves, start)
    write("flag-draw.toml", toml(
        "Art. 6.9: White (king and queen) sealed move 62 after 3:05:00, beyond the three hours\n"
        "for 62 moves: White's flag had fallen, but Black (a bare king) cannot checkmate: drawn.",
        common("Verdi, Anna", "Neri, Paolo", p.fen(), "3:05:00", "2:05:00", "40/7200:3600",
               "Verdi", 62, "Dc7"),
        ("white_scoresheet", sheet(moves, "it", start)), ("black_scoresheet", sheet(moves, "it", start))))

    # ---- III.3.1.2 both flags in the last period
    p = position(cc[:88])
    write("both-flags.toml", toml(
        "Guideline III.3.1.2: both players are beyond the time control (40 moves in 2 hours, then\n"
        "30 minutes for the rest) and which flag fell first cannot be established; this is the\n"
        "last period, so the game is drawn.",
        common(W, B, p.fen(), "2:31:00", "2:30:40", "40/7200:1800", "Caruana", 45, "45. e5"),
        ("white_scoresheet", sheet(cc[:88])), ("black_scoresheet", sheet(cc[:88]))))

    # ---- Italian keys, `dopo N`, a standing draw offer
    p = position(rb[:24])
    text = toml(
        "Chiavi in italiano, posizione come `dopo la mossa 12 del Nero`, offerta di patta in\n"
        "vigore: il Nero ha offerto patta con 12...Db6 (=), il Bianco deve rispondere. La mossa\n"
        "sigillata e` legale: si riprende il gioco (I.9.1).",
        [("evento", "Campionato sociale 2025, turno 3"), ("bianco", R), ("nero", N),
         ("posizione", "dopo la mossa 12 del Nero"), ("tempo_bianco", "1:05"),
         ("tempo_nero", "1:12"), ("cadenza", "40/2h:1h"), ("sigillante", "Rossi"),
         ("numero_mossa_sigillata", 13), ("offerta_patta", "Bianchi"),
         ("data_ripresa", "21 marzo 2025"), ("ora_ripresa", "ore 20:30"),
         ("luogo_ripresa", "Milano, sede del circolo"), ("mossa_sigillata", "13.Rh1"),
         ("arbitro", "Gialli, Carla")],
        ("formulario_bianco", sheet(rb[:24], "it", offers=(24,))),
        ("formulario_nero", sheet(rb[:24], "it", offers=(24,))))
    write("draw-offer.toml", text)

    # ---- the sealed move only on the sealer's scoresheet
    p = position(rb[:27])
    write("sealed-on-scoresheet.toml", toml(
        "The envelope has no `sealed_move`: the sealed move is read from the end of the sealer's\n"
        "scoresheet (I.1.1: the player writes it there). Black's scoresheet ends with 14...Axd5.",
        [kv for kv in common(R, N, p.fen(), "1:10:00", "1:21:00", "40/7200:3600", "Bianchi", 14,
                             None) if kv[0] != "sealed_move"],
        ("white_scoresheet", sheet(rb[:27], "it")),
        ("black_scoresheet", sheet(rb[:27], "it", extra="Bxd5"))))

    # ---- the scoresheets disagree
    bad = cc[:78] + ["h4", "b4"]
    p = position(cc[:80])
    write("disagree.toml", toml(
        "Art. 7.5.1: the scoresheets disagree at ply 79 (White's has 40.d4, Black's 40.h4); only\n"
        "White's reaches the recorded position, so Black's record is wrong from there. The\n"
        "recorded position governs (I.3, I.5) and play resumes.",
        common(W, B, p.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41, "41. Rb7"),
        ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(bad))))

    # ---- no position and disagreeing scoresheets: I.12.2
    items = [kv for kv in common(W, B, None, "1:58:40", "1:55:10", "40/7200:3600", "Caruana", 41,
                                 "41. Rb7") if kv[0] != "position"]
    write("position-lost.toml", toml(
        "Guideline I.12.2: no position is recorded and the scoresheets disagree before the\n"
        "adjournment: the position cannot be re-established, so no verdict is given (and the\n"
        "envelope is not well-formed: `position` is missing).",
        items, ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(bad))))

    # ---- I.2.5 wrong number
    p = position(rb[:24])
    write("wrong-number.toml", toml(
        "Guideline I.2.5: the envelope says move 14, but the position before the sealed move is\n"
        "at move 13 and the sealed move is written `14.Rh1`. The position identifies the move,\n"
        "which is legal: the check fails, and play resumes.",
        common(R, N, p.fen(), "1:05:00", "1:12:00", "40/7200:3600", "Rossi", 14, "14.Rh1"),
        ("white_scoresheet", sheet(rb[:24], "it")), ("black_scoresheet", sheet(rb[:24], "it"))))

    # ---- scoresheets as files
    os.makedirs(os.path.join(OUT, "sheets"), exist_ok=True)
    bare = ["Bianco: Rossi, Mario", "Nero: Bianchi, Luca", "Data: 14/03/2025", ""]
    board = chess.Board()
    for i in range(0, 24, 2):
        a = it(board.san(board.parse_san(rb[i])))
        board.push_san(rb[i])
        b = it(board.san(board.parse_san(rb[i + 1])))
        board.push_san(rb[i + 1])
        bare.append("%d. %s %s" % (i // 2 + 1, a, b))
    with open(os.path.join(OUT, "sheets", "rossi.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(bare) + "\n")
    with open(os.path.join(OUT, "sheets", "bianchi.pgn"), "w", encoding="utf-8") as f:
        f.write(sheet(rb[:24], "en", tags=[("White", R), ("Black", N), ("Result", "*")]) + " *\n")
    p = position(rb[:24])
    items = common(R, N, p.fen(), "1:05:00", "1:12:00", "40/7200:3600", "Rossi", 13, "Kh1")
    write("files.toml", toml(
        "The scoresheets are files beside the envelope: White's a bare Italian scoresheet,\n"
        "Black's a PGN in English. Play resumes.",
        items + [("white_scoresheet_file", "sheets/rossi.txt"),
                 ("black_scoresheet_file", "sheets/bianchi.pgn")]))

    # ---- malformed envelopes (exit status 2)
    p = position(cc[:80])
    items = [kv for kv in common(W, B, p.fen(), "1:58:40", "1:55:10", "40/7200:3600", "Caruana",
                                 41, "41. Rb7") if kv[0] not in ("black_time", "resumption_place")]
    write("malformed-missing.toml", toml(
        "Malformed: `black_time` (I.2.3) and `resumption_place` (I.2.7) are missing. The errors\n"
        "name them; the verdict is still computed.",
        items, ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))
    items = common(W, B, "8/3R2pk/7p/4N3/1p1PP3/4K2P/6r1 w - - 0 41", "1:58:40", "1:55:10",
                   "40/7200:3600", "Caruana", 41, "41. Rb7")
    write("malformed-fen.toml", toml(
        "Malformed: the FEN has seven ranks. The error names `position` and its line; the\n"
        "scoresheets establish the position (from the sealer and the move number) and the\n"
        "verdict is still computed.",
        items, ("white_scoresheet", sheet(cc[:80])), ("black_scoresheet", sheet(cc[:80]))))
    write("malformed-unknown.toml", toml(
        "Malformed: `colore_bianco` is not an envelope item. Nothing else is read.",
        [("white", W), ("black", B), ("colore_bianco", "Caruana")]))
    write("malformed-syntax.toml",
          "# Malformed: a string that is never closed (TOML syntax).\n"
          "# (written by tests/gen/make_envelope_examples.py)\n\n"
          'white = "Caruana, Fabiano\nblack = "Carlsen, Magnus"\n')
    write("malformed-type.toml",
          "# Malformed: a player's name must be a string.\n"
          "# (written by tests/gen/make_envelope_examples.py)\n\n"
          'white = 42\nblack = "Carlsen, Magnus"\n')
    write("malformed-values.toml", toml(
        "Malformed values: a negative time, an impossible date, a sealer who is not a player, a\n"
        "time control that cannot be read. Each error names its item and line.",
        common(W, B, position(cc[:80]).fen(), "-0:05:00", "1:55:10", "40/two hours", "Kasparov",
               41, "41. Rb7", date="31/02/2026") +
        [("white_scoresheet_file", "sheets/missing.pgn")],
        None, ("black_scoresheet", sheet(cc[:80]))))


if __name__ == "__main__":
    main()
