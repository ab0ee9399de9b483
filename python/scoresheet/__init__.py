"""scoresheet for Python: read chess games the way players and arbiters write them, replay
them under the FIDE Laws and say what is wrong with them.

Each record is a ``dict`` equal to the JSON Lines record ``scoresheet validate --format jsonl``
writes for the same file and options::

    import scoresheet
    for record in scoresheet.validate("games.pgn"):
        if record["status"] == "error":
            print(record["game"], record["findings"][0]["message"])
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

from . import _native

__version__: str = _native.__version__

Path = Union[str, "os.PathLike[str]"]

__all__ = ["validate", "validate_text", "convert", "position", "envelope", "reconcile", "ConversionError"]


def _paths(paths: Union[Path, Iterable[Path]]) -> List[str]:
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    out = [os.fsdecode(p) for p in paths]
    for p in out:
        # A missing input is an error at once, as the CLI says it before reading anything.
        if p != "-":
            os.stat(p)
    return out


def _records(run: "_native.Validation") -> Iterator[Dict[str, Any]]:
    for chunk in run:
        for line in chunk.splitlines():
            if line:
                yield json.loads(line)


def validate(
    paths: Union[Path, Iterable[Path]],
    *,
    lang: str = "auto",
    jobs: int = 0,
    repair: bool = False,
    illegal: str = "stop",
    laws: bool = True,
    strict_notation: bool = False,
    dead_positions: str = "verdict",
    report_lang: str = "en",
    prose: bool = False,
) -> Iterator[Dict[str, Any]]:
    """Validate the games of files or directories (compressed, ZIP archives too), as
    ``scoresheet validate --format jsonl`` does: an iterator of records in input order.

    The games are replayed on ``jobs`` threads (0: one per core) without the GIL, a bounded
    number of records ahead of the iterator; Ctrl-C stops the run. A missing file raises
    ``FileNotFoundError`` at once; an input that cannot be read raises ``OSError`` once the
    records of the others are given. Bad options raise ``ValueError``.
    """
    if jobs < 0:
        raise ValueError("jobs is 0 (one per core) or more")
    run = _native.Validation(
        _paths(paths), lang, jobs, repair, illegal, laws, strict_notation, dead_positions, report_lang, prose
    )
    return _records(run)


def validate_text(
    text: str,
    *,
    name: str = "-",
    lang: str = "auto",
    repair: bool = False,
    illegal: str = "stop",
    laws: bool = True,
    strict_notation: bool = False,
    dead_positions: str = "verdict",
    report_lang: str = "en",
    prose: bool = False,
) -> List[Dict[str, Any]]:
    """The records of the games in ``text`` (``file`` is ``name``: ``-`` as the CLI names
    standard input)."""
    lines = _native.validate_text(
        text, name, lang, repair, illegal, laws, strict_notation, dead_positions, report_lang, prose
    )
    return [json.loads(line) for line in lines]


class ConversionError(ValueError):
    """Raised by ``convert(..., strict=True)`` when a game is not converted whole."""


def convert(
    text: str,
    *,
    from_lang: str = "auto",
    to_lang: str = "en",
    notation: str = "san",
    repair: bool = False,
    prose: bool = False,
    name: str = "-",
    strict: bool = False,
) -> str:
    """The PGN ``scoresheet convert`` writes for ``text`` (``prose=True``: the games read out of
    running text, an article or a column, as ``--prose`` reads them). A game that cannot be converted
    whole is written up to its last good move with a comment that says why; with
    ``strict=True`` that raises ``ConversionError`` instead."""
    pgn, notes = _native.convert(text, name, from_lang, to_lang, notation, repair, prose)
    if strict and notes:
        raise ConversionError("; ".join(notes))
    return pgn


def position(fen: str, *, report_lang: str = "en") -> Dict[str, Any]:
    """What ``scoresheet position --format jsonl FEN`` says of a position: legal, checkmate,
    stalemate, dead (Art. 5.2.2), whether each side can still mate, with a helpmate line."""
    return json.loads(_native.position(fen, report_lang))


def envelope(path_or_text: Union[Path, str], *, report_lang: str = "en") -> Dict[str, Any]:
    """The audit of an adjourned-game envelope (``scoresheet envelope --format json``): a file
    (TOML, JSON or text; scoresheet files beside it) or the envelope's text itself."""
    source = os.fsdecode(path_or_text)
    is_path = "\n" not in source and os.path.exists(source)
    if not is_path and "\n" not in source and os.path.splitext(source)[1] in (".toml", ".json", ".txt"):
        raise FileNotFoundError(source)
    return json.loads(_native.envelope(source, is_path, report_lang))


def reconcile(white_text: str, black_text: str) -> Optional[Dict[str, Any]]:
    """The game both players' scoresheets agree on: the counts of ``scoresheet reconcile
    --format jsonl`` (``plies``, ``decided``, ``arbiter``), its decisions under
    ``"decisions"`` and the agreed game's PGN under ``"pgn"``; ``None`` where no legal game
    fits both copies."""
    got = _native.reconcile(white_text, black_text)
    if got is None:
        return None
    records, pgn = got
    lines = [json.loads(line) for line in records.splitlines() if line]
    # The CLI's JSON Lines: one line a decision, then the counts.
    out: Dict[str, Any] = dict(lines[-1]) if lines else {}
    out["decisions"] = lines[:-1]
    out["pgn"] = pgn
    return out
