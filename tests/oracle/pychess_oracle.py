#!/usr/bin/env python3
"""python-chess oracle for scoresheet.

Usage:
    pychess_oracle.py FILE_OR_DIR... [--out OUT.jsonl] [--progress]

Reads every file with python-chess (tested with chess==1.11.2) the way a
python-chess user would: `chess.pgn.read_game(handle)` in a loop on a text
handle, and writes one JSON line per game (see README.md for the fields).
Directories are walked recursively (SOURCES.md and READY are skipped).

The handle is a small line reader that hands python-chess exactly the lines
`open(path, encoding=ENC, errors="replace")` would (universal newlines:
\\r\\n, \\r and \\n all end a line and become \\n), but also knows the byte
offset and line number of every line.  `--selfcheck` verifies that claim
against a real `open()` for every file given.

Encoding: UTF-8/UTF-16/UTF-32 BOM -> that codec (BOM dropped); else strict
UTF-8 if the whole file decodes; else latin-1 (python-chess itself only sees
str; the tokens that matter for moves are ASCII in every case).
"""

from __future__ import annotations

import argparse
import codecs
import json
import logging
import os
import re
import sys
import time
import traceback
from typing import Any, Dict, List, Optional

import chess
import chess.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

SKIP_NAMES = {"SOURCES.md", "READY"}

BOMS = [
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # must precede UTF-16 LE (prefix)
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
]

# Same line splitting as io.TextIOWrapper(newline=None) (universal newlines).
LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class LineReader:
    """Minimal text handle: python-chess's read_game only calls readline()."""

    def __init__(self, raw: bytes):
        self.encoding = "utf-8"
        bom_len = 0
        for bom, enc in BOMS:
            if raw.startswith(bom):
                self.encoding, bom_len = enc, len(bom)
                break
        body = raw[bom_len:]
        if bom_len:
            text = body.decode(self.encoding, errors="replace")
        else:
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                self.encoding = "latin-1"
                text = body.decode("latin-1")
        self.bom = bom_len > 0
        self.lines: List[str] = []
        self.offsets: List[int] = []  # byte offset of each line start
        single_byte = self.encoding == "latin-1"
        ascii_compat = self.encoding in ("utf-8", "latin-1")
        pos = bom_len
        for m in LINE_RE.finditer(text):
            s = m.group(0)
            self.offsets.append(pos)
            if single_byte:
                pos += len(s)
            elif ascii_compat:
                pos += len(s.encode("utf-8", errors="surrogatepass")) if not s.isascii() else len(s)
            else:
                pos += len(s.encode(self.encoding, errors="replace"))
            if s.endswith("\r\n"):
                s = s[:-2] + "\n"
            elif s.endswith("\r"):
                s = s[:-1] + "\n"
            self.lines.append(s)
        self.offsets.append(pos)
        self.i = 0  # index of next line to hand out

    def readline(self) -> str:
        if self.i >= len(self.lines):
            self.i = len(self.lines) + 1  # mark "EOF was read"
            return ""
        s = self.lines[self.i]
        self.i += 1
        return s

    def eof(self) -> bool:
        return self.i >= len(self.lines)


# ---------------------------------------------------------------------------
# Diagnostics that do not change python-chess's behaviour.
#
# read_game looks up the module global chess.pgn.MOVETEXT_REGEX on every
# movetext line (pgn.py 1679) and iterates `finditer(line)`.  The proxy below
# yields exactly the same match objects, but records the text *between*
# matches that python-chess silently ignores (e.g. the "C" of "Cf3"), and
# lines that look like a PGN tag but are being read as movetext.
_REAL_MOVETEXT_REGEX = chess.pgn.MOVETEXT_REGEX
# move numbers, dots, check/mate marks and whitespace are expected gaps
_IGNORABLE_GAP = re.compile(r"\d+\s*(?:\.+|\u2026)|\.+|\u2026|[+#]|\s+")


class _Diag:
    ignored: List[str] = []
    ignored_count = 0
    tag_lines: List[str] = []


class _MovetextRegexProxy:
    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def _gap(self, text: str) -> None:
        if text and not text.isspace():
            rest = _IGNORABLE_GAP.sub(" ", text).strip()
            if rest:
                _Diag.ignored_count += 1
                if len(_Diag.ignored) < 20:
                    _Diag.ignored.append(rest[:40])

    def finditer(self, line: str):
        if line.startswith("[") and chess.pgn.TAG_REGEX.match(line) and len(_Diag.tag_lines) < 5:
            _Diag.tag_lines.append(line.rstrip("\n")[:80])
        pos = 0
        for m in self.real.finditer(line):
            self._gap(line[pos:m.start()])
            pos = m.end()
            yield m
        self._gap(line[pos:])


chess.pgn.MOVETEXT_REGEX = _MovetextRegexProxy(_REAL_MOVETEXT_REGEX)


class OracleBuilder(chess.pgn.GameBuilder):
    """GameBuilder that additionally records *where* each error happened.

    Behaviour is unchanged: every hook calls the GameBuilder implementation.
    """

    def begin_game(self) -> None:
        super().begin_game()
        self.raw_tags: Dict[str, str] = {}
        self.phase = "setup"  # becomes "movetext" once read_game built the board
        self.last_san: Optional[str] = None
        self.err_info: List[Dict[str, Any]] = []
        self.result_tokens: List[str] = []
        self.moves_after_result = 0
        _Diag.ignored = []
        _Diag.ignored_count = 0
        _Diag.tag_lines = []

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.raw_tags[tagname] = tagvalue
        super().visit_header(tagname, tagvalue)

    def visit_board(self, board: chess.Board) -> None:
        self.phase = "movetext"

    def begin_parse_san(self, board: chess.Board, san: str):
        self.last_san = san
        return None

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if self.result_tokens:
            self.moves_after_result += 1
        super().visit_move(board, move)

    def visit_result(self, result: str) -> None:
        self.result_tokens.append(result)
        super().visit_result(result)

    def handle_error(self, error: Exception) -> None:
        info: Dict[str, Any] = {"type": type(error).__name__, "phase": self.phase}
        if self.phase == "movetext":
            stack = self.variation_stack
            if stack:
                node = stack[-1]
                depth = 0
                while node.parent is not None:
                    depth += 1
                    node = node.parent
                info["mainline"] = len(stack) == 1
                info["ply"] = depth + 1
            else:  # stack emptied by a stray ')' (python-chess bug)
                info["mainline"] = None
                info["ply"] = None
            info["san"] = self.last_san
        self.err_info.append(info)
        super().handle_error(error)


def setup_board(headers: chess.pgn.Headers):
    """Replicates read_game's board construction (pgn.py 1620-1635)."""
    try:
        VariantBoard = headers.variant()
    except ValueError:
        VariantBoard = chess.Board
    fen = headers.get("FEN", VariantBoard.starting_fen)
    board = VariantBoard(fen, chess960=headers.is_chess960())
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def replay_stats(board: chess.Board, moves: List[chess.Move], check_legal: bool) -> Dict[str, Any]:
    """Replays the mainline; per-ply rule events. Ply p = position after p half-moves."""
    out: Dict[str, Any] = {
        "threefold_ply": None, "fivefold_ply": None,
        "fifty_ply": None, "seventyfive_ply": None,
        "replay_illegal_ply": None,
    }
    # Incremental equivalent of Board.is_repetition(n): positions since (and
    # including the one right after) the last irreversible move.
    counts: Dict[Any, int] = {board._transposition_key(): 1}
    if board.halfmove_clock >= 100:
        out["fifty_ply"] = 0
    if board.halfmove_clock >= 150:
        out["seventyfive_ply"] = 0
    for p, move in enumerate(moves, 1):
        if check_legal and out["replay_illegal_ply"] is None and move and not board.is_legal(move):
            out["replay_illegal_ply"] = p
        if board.is_irreversible(move):
            counts.clear()
        board.push(move)
        key = board._transposition_key()
        c = counts.get(key, 0) + 1
        counts[key] = c
        if c >= 3 and out["threefold_ply"] is None:
            out["threefold_ply"] = p
        if c >= 5 and out["fivefold_ply"] is None:
            out["fivefold_ply"] = p
        hm = board.halfmove_clock
        if hm >= 100 and out["fifty_ply"] is None:
            out["fifty_ply"] = p
        if hm >= 150 and out["seventyfive_ply"] is None:
            out["seventyfive_ply"] = p
    out["final_fen"] = board.fen()
    out["checkmate"] = board.is_checkmate()
    out["stalemate"] = board.is_stalemate()
    out["insufficient"] = board.is_insufficient_material()
    return out


def resync(reader: LineReader) -> None:
    """After a crash inside read_game, skip the rest of that game the way
    read_game's own skip loop does (pgn.py 1641-1660)."""
    in_comment = False
    while True:
        line = reader.readline()
        if not line:
            return
        if not in_comment:
            if line.isspace():
                return
            if line.startswith("%"):
                continue
        for m in chess.pgn.SKIP_MOVETEXT_REGEX.finditer(line):
            tok = m.group(0)
            if tok == "{":
                in_comment = True
            elif not in_comment and tok == ";":
                break
            elif tok == "}":
                in_comment = False


def first_content_line(reader: LineReader, start: int, end: int) -> int:
    for i in range(start, min(end, len(reader.lines))):
        s = reader.lines[i]
        if not (s.isspace() or s.startswith("%") or s.startswith(";")):
            return i
    return start


def hidden_tag_lines(reader: LineReader, first: int, end: int) -> int:
    """Lines matching TAG_REGEX inside this game's line range after its first
    non-tag line (i.e. tags read as movetext or swallowed by a comment)."""
    i = first
    n = len(reader.lines)
    end = min(end, n)
    # skip the header block as read_game does (one blank line allowed)
    while i < end and (reader.lines[i].startswith("[") or reader.lines[i].isspace()
                       or reader.lines[i].startswith("%") or reader.lines[i].startswith(";")):
        i += 1
    cnt = 0
    tag_re = chess.pgn.TAG_REGEX
    for j in range(i, end):
        s = reader.lines[j]
        if s.startswith("[") and tag_re.match(s):
            cnt += 1
    return cnt


def process_file(path: str, out, verify_rep: bool = False) -> Dict[str, int]:
    stats = {"games": 0, "bad": 0, "skipped": 0, "crash": 0}
    try:
        with open(path, "rb") as f:
            raw = f.read()
        reader = LineReader(raw)
    except Exception as e:  # unreadable file
        out.write(json.dumps({"file": path, "game": None, "file_error": repr(e)}) + "\n")
        return stats
    game_no = 0
    after_crash = False
    while True:
        start_line = reader.i
        visitor_box: List[OracleBuilder] = []

        def make_visitor() -> OracleBuilder:
            v = OracleBuilder()
            visitor_box.append(v)
            return v

        crash = None
        try:
            game = chess.pgn.read_game(reader, Visitor=make_visitor)
        except Exception as e:
            crash = f"{type(e).__name__}: {e}"
            game = visitor_box[0].game if visitor_box and hasattr(visitor_box[0], "game") else None
            resync(reader)
        if game is None and crash is None:
            break
        game_no += 1
        end_line = min(reader.i, len(reader.lines))  # exclusive
        first = first_content_line(reader, start_line, end_line)
        v = visitor_box[0] if visitor_box else None
        rec: Dict[str, Any] = {
            "file": path,
            "game": game_no,
            "offset": reader.offsets[first] if first < len(reader.offsets) else None,
            "read_offset": reader.offsets[start_line] if start_line < len(reader.offsets) else None,
            "line": first + 1,
            "end_line": end_line,  # last line consumed (1-based, inclusive)
            "encoding": reader.encoding,
            "headers": dict(v.raw_tags) if v else {},
            "variant": None, "chess960": False,
            "plies": 0, "first_bad_ply": None, "errors": [], "error_info": [],
        }
        if after_crash:
            rec["after_crash"] = True
        after_crash = False
        try:
            if game is None:
                raise RuntimeError("no game object")
            rec["variant"] = game.headers.get("Variant")
            rec["errors"] = [str(e) for e in game.errors]
            rec["error_info"] = v.err_info if v else []
            rec["result_tokens"] = v.result_tokens if v else []
            if v and v.moves_after_result:
                rec["moves_after_result"] = v.moves_after_result
            if _Diag.ignored_count:
                rec["ignored_text"] = list(_Diag.ignored)
                rec["ignored_text_count"] = _Diag.ignored_count
            if _Diag.tag_lines:
                rec["tag_lines_in_movetext"] = list(_Diag.tag_lines)
            n_hidden = hidden_tag_lines(reader, first, end_line)
            if n_hidden:
                rec["tag_lines_after_movetext_start"] = n_hidden
            if crash:
                rec["crash"] = crash
                after_crash = True
                stats["crash"] += 1
            setup_errs = [i for i in rec["error_info"] if i.get("phase") == "setup"]
            if setup_errs:
                rec["setup_error"] = [str(e) for e, i in zip(game.errors, rec["error_info"]) if i.get("phase") == "setup"]
            try:
                board = setup_board(game.headers)
            except ValueError as e:
                # read_game skipped the movetext (invalid FEN): no board at all
                rec["skipped"] = f"invalid setup: {e}"
                stats["skipped"] += 1
                raise _Done()
            rec["chess960"] = bool(board.chess960)
            if type(board) is not chess.Board:
                rec["skipped"] = f"variant {game.headers.get('Variant')!r} ({board.uci_variant})"
                stats["skipped"] += 1
            moves = list(game.mainline_moves())
            rec["plies"] = len(moves)
            main_errs = [i for i in rec["error_info"] if i.get("phase") == "movetext" and i.get("mainline")]
            if main_errs:
                rec["first_bad_ply"] = main_errs[0]["ply"]
                rec["bad_san"] = main_errs[0].get("san")
                rec["bad_type"] = main_errs[0]["type"]
                if main_errs[0]["ply"] != len(moves) + 1:
                    rec["note"] = "mainline error ply != plies+1"
            # python-chess bug: an error inside a variation leaves that
            # variation's board on read_game's board_stack (pgn.py 1715-1717
            # pops only the visitor), so later mainline SAN is parsed on the
            # wrong board.
            leak = any(i.get("phase") == "movetext" and i.get("mainline") is False for i in rec["error_info"])
            if leak:
                rec["pychess_board_leak"] = True
            if "skipped" not in rec:
                rec.update(replay_stats(board, moves, check_legal=leak or bool(crash)))
                if verify_rep:
                    verify_repetition(game, rec)
            else:
                rec["final_fen"] = None
            if rec["first_bad_ply"] is not None and "skipped" not in rec:
                stats["bad"] += 1
        except _Done:
            rec["final_fen"] = None
        except Exception as e:
            rec["oracle_error"] = f"{type(e).__name__}: {e}"
            rec["oracle_traceback"] = traceback.format_exc(limit=3)
        stats["games"] += 1
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return stats


class _Done(Exception):
    pass


def verify_repetition(game, rec) -> None:
    board = setup_board(game.headers)
    tf = ff = None
    for p, mv in enumerate(game.mainline_moves(), 1):
        board.push(mv)
        if tf is None and board.is_repetition(3):
            tf = p
        if ff is None and board.is_repetition(5):
            ff = p
    if (tf, ff) != (rec["threefold_ply"], rec["fivefold_ply"]):
        raise AssertionError(f"repetition mismatch: is_repetition gives {tf},{ff}; incremental {rec['threefold_ply']},{rec['fivefold_ply']}")


def expand(paths: List[str]) -> List[str]:
    files: List[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs.sort()
                for n in sorted(names):
                    if n in SKIP_NAMES:
                        continue
                    files.append(os.path.join(root, n))
        else:
            files.append(p)
    return files


def selfcheck(path: str) -> Optional[str]:
    with open(path, "rb") as f:
        raw = f.read()
    reader = LineReader(raw)
    enc = reader.encoding
    enc_open = "utf-8-sig" if enc == "utf-8" else ("utf-16" if enc.startswith("utf-16") else ("utf-32" if enc.startswith("utf-32") else enc))
    with open(path, encoding=enc_open, errors="replace") as f:
        real = f.readlines()
    if real != reader.lines:
        for i, (a, b) in enumerate(zip(real, reader.lines)):
            if a != b:
                return f"{path}: line {i+1} differs: {a!r} vs {b!r}"
        return f"{path}: {len(real)} lines via open() vs {len(reader.lines)}"
    for i in range(len(reader.lines)):
        if reader.lines[i].isascii() and enc in ("utf-8", "latin-1"):
            end = reader.offsets[i + 1]
            seg = raw[reader.offsets[i]:end].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            if seg.decode("latin-1") != reader.lines[i]:
                return f"{path}: byte offset mismatch at line {i+1}"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--out", default="-")
    ap.add_argument("--progress", action="store_true", help="per-file timing on stderr")
    ap.add_argument("--selfcheck", action="store_true", help="only verify LineReader == open() line for line")
    ap.add_argument("--verify-repetition", action="store_true", help="cross-check threefold/fivefold with Board.is_repetition (slow)")
    args = ap.parse_args(argv)
    files = expand(args.paths)
    if args.selfcheck:
        bad = 0
        for p in files:
            msg = selfcheck(p)
            if msg:
                bad += 1
                print(msg)
        print(f"selfcheck: {len(files)} files, {bad} mismatches")
        return 1 if bad else 0
    if args.out != "-" and os.path.dirname(args.out):
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    t0 = time.time()
    tot = {"games": 0, "bad": 0, "skipped": 0, "crash": 0}
    for p in files:
        t1 = time.time()
        st = process_file(p, out, verify_rep=args.verify_repetition)
        for k in tot:
            tot[k] += st[k]
        if args.progress:
            print(f"{time.time()-t1:8.2f}s {st['games']:7d} games {st['bad']:5d} bad {st['skipped']:4d} skipped {st['crash']:3d} crash  {p}", file=sys.stderr, flush=True)
    if out is not sys.stdout:
        out.close()
    print(f"total: {len(files)} files, {tot['games']} games, {tot['bad']} with first_bad_ply, "
          f"{tot['skipped']} skipped, {tot['crash']} crashes, {time.time()-t0:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
