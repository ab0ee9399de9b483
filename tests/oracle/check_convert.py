#!/usr/bin/env python3
"""Acceptance check for `scoresheet convert`: python-chess reads what convert writes.

Usage:
    check_convert.py [CORPORA_DIR] [--bin PATH] [--jobs N] [--max-diffs N] [--out F]

For every file of the shared archives (default ../shared/corpora, SOURCES.md and READY
skipped), it runs `scoresheet convert FILE -o OUT` and `scoresheet validate --format
jsonl FILE` (for each game's byte offset), then reads the input and the output with
python-chess 1.11.2 and checks:

* every output game reads without errors (`game.errors` empty), one python-chess game per
  game written;
* for every input game that python-chess reads correctly (no errors, standard chess or
  Chess960, no crash), the output game at the same byte offset has the same mainline moves
  (UCI) and the same final position (`board.fen()`).

Input games are paired with ours by the byte offset of their first line (python-chess
splits a few files differently; those games are counted as unpaired, not compared).
The summary goes to standard output; every difference, as JSON lines, to --out.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from typing import Any, Dict, List, Optional

import chess
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pychess_oracle import LineReader, first_content_line, resync  # noqa: E402

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SKIP = {"SOURCES.md", "READY"}


def files_under(root: str) -> List[str]:
    out = []
    for d, _, names in os.walk(root):
        for n in names:
            if n not in SKIP:
                out.append(os.path.join(d, n))
    return sorted(out)


def game_facts(game: chess.pgn.Game) -> Dict[str, Any]:
    tag = (game.headers.get("Variant") or "").lower().replace(" ", "")
    other_variant = tag not in ("", "standard", "chess", "chess960", "fischerandom", "fromposition")
    try:
        board = game.board()
    except ValueError as e:
        return {"setup_error": str(e), "errors": [str(x) for x in game.errors],
                "other_variant": other_variant}
    facts: Dict[str, Any] = {
        "errors": [str(x) for x in game.errors],
        "variant": type(board) is not chess.Board,
        "other_variant": other_variant,
    }
    moves = []
    for mv in game.mainline_moves():
        moves.append(mv.uci())
        board.push(mv)
    facts["moves"] = moves
    facts["fen"] = board.fen()
    return facts


def read_input(path: str) -> List[Dict[str, Any]]:
    """python-chess's reading of an input file, with the byte offset of each game."""
    with open(path, "rb") as f:
        reader = LineReader(f.read())
    games: List[Dict[str, Any]] = []
    while True:
        start = reader.i
        crash = None
        try:
            game = chess.pgn.read_game(reader)
        except Exception as e:  # python-chess crash (see README.md)
            crash = repr(e)
            game = None
            resync(reader)
        if game is None and crash is None:
            break
        end = min(reader.i, len(reader.lines))
        first = first_content_line(reader, start, end)
        offset = reader.offsets[first] if first < len(reader.offsets) else -1
        facts = game_facts(game) if game is not None else {}
        if crash:
            facts["crash"] = crash
        facts["offset"] = offset
        games.append(facts)
    return games


def read_output(path: str) -> List[Dict[str, Any]]:
    out = []
    with open(path, encoding="utf-8") as f:
        while True:
            try:
                game = chess.pgn.read_game(f)
            except Exception as e:
                out.append({"crash": repr(e), "errors": [repr(e)]})
                break
            if game is None:
                break
            out.append(game_facts(game))
    return out


def check_file(args) -> Dict[str, Any]:
    path, root, binary = args
    rel = os.path.relpath(path, root)
    res: Dict[str, Any] = {
        "file": rel, "games": 0, "output_games": 0, "output_errors": 0,
        "output_errors_variant": 0, "compared": 0, "same": 0, "unpaired": 0,
        "input_not_read": 0, "glued": 0, "exit": None, "diffs": [], "seconds": 0.0,
    }
    with tempfile.TemporaryDirectory() as tmp:
        out_pgn = os.path.join(tmp, "out.pgn")
        t = time.time()
        p = subprocess.run([binary, "convert", "-q", path, "-o", out_pgn],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        res["seconds"] = time.time() - t
        res["exit"] = p.returncode
        v = subprocess.run([binary, "validate", "-q", "--format", "jsonl", path],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        ours = [json.loads(line) for line in v.stdout.decode("utf-8").splitlines() if line]
        res["games"] = len(ours)
        output = read_output(out_pgn)
    res["output_games"] = len(output)
    if len(output) != len(ours):
        res["diffs"].append({"file": rel, "kind": "game_count",
                             "ours": len(ours), "python_chess_output": len(output)})
    for i, o in enumerate(output):
        if o.get("errors") or o.get("setup_error") or o.get("crash"):
            if o.get("other_variant"):
                res["output_errors_variant"] += 1
            else:
                res["output_errors"] += 1
                res["diffs"].append({"file": rel, "game": i + 1, "kind": "output_error",
                                     "errors": o.get("errors") or o.get("setup_error") or o.get("crash")})
    inp = read_input(path)
    our_offsets = {rec["offset"] for rec in ours}
    by_offset: Dict[int, Dict[str, Any]] = {}
    for k, g in enumerate(inp):
        if g["offset"] not in our_offsets:
            continue
        # python-chess ends a game at any blank line: tags + blank + {comment} + blank +
        # moves are two games to it (README.md). Glue a game without moves to the
        # headerless game after it, when that one starts nowhere in our reading.
        if not g.get("moves") and k + 1 < len(inp) and inp[k + 1]["offset"] not in our_offsets:
            nxt = inp[k + 1]
            g = dict(nxt, offset=g["offset"], glued=True,
                     errors=(g.get("errors") or []) + (nxt.get("errors") or []))
            res["glued"] += 1
        by_offset[g["offset"]] = g
    paired = set()
    for i, rec in enumerate(ours):
        src = by_offset.get(rec["offset"])
        if src is None:
            continue
        paired.add(rec["offset"])
        if src.get("errors") or src.get("crash") or src.get("setup_error") or src.get("variant"):
            res["input_not_read"] += 1
            continue
        if i >= len(output):
            continue
        out = output[i]
        res["compared"] += 1
        if out.get("moves") == src.get("moves") and out.get("fen") == src.get("fen"):
            res["same"] += 1
        else:
            sm, om = src.get("moves") or [], out.get("moves") or []
            k = next((j for j, (a, b) in enumerate(zip(sm, om)) if a != b), min(len(sm), len(om)))
            res["diffs"].append({"file": rel, "game": i + 1, "kind": "moves",
                                 "input_plies": len(sm), "output_plies": len(om),
                                 "first_difference_ply": k + 1,
                                 "input_fen": src.get("fen"), "output_fen": out.get("fen")})
    glued_away = res["glued"]
    res["unpaired"] = len([g for g in inp if g["offset"] not in paired]) - glued_away
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default=os.path.join(REPO, "..", "shared", "corpora"))
    ap.add_argument("--bin", default=os.path.join(REPO, "target", "release", "scoresheet"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--max-diffs", type=int, default=20)
    ap.add_argument("--out", default=None, help="write every difference here (JSON lines)")
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    paths = files_under(root)
    started = time.time()
    with Pool(a.jobs) as pool:
        results = pool.map(check_file, [(p, root, a.bin) for p in paths], chunksize=1)
    tot: Dict[str, Any] = {}
    for r in results:
        for k, v in r.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool) and k != "exit":
                tot[k] = tot.get(k, 0) + v
    diffs = [d for r in results for d in r["diffs"]]
    exits: Dict[int, int] = {}
    for r in results:
        exits[r["exit"]] = exits.get(r["exit"], 0) + 1
    print(f"files: {len(paths)} (convert exit status: {dict(sorted(exits.items()))})")
    print(f"games written by convert: {tot['games']}; read back by python-chess: {tot['output_games']}")
    print(f"output games python-chess reads with errors: {tot['output_errors']} "
          f"(+{tot['output_errors_variant']} games of variants python-chess does not play either)")
    print(f"input games python-chess reads correctly, paired with ours: {tot['compared']}; "
          f"same mainline moves and final position: {tot['same']}")
    print(f"input games python-chess reads with errors or as another variant (not compared): "
          f"{tot['input_not_read']}; python-chess games glued back together: {tot['glued']}; "
          f"input games split differently (unpaired): {tot['unpaired']}")
    print(f"convert time (sum over files): {tot['seconds']:.1f} s; wall time: {time.time() - started:.0f} s")
    for d in diffs[: a.max_diffs]:
        print("  ", json.dumps(d, ensure_ascii=False))
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            for d in diffs:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
    return 0 if tot["output_errors"] == 0 and tot["same"] == tot["compared"] else 1


if __name__ == "__main__":
    sys.exit(main())
