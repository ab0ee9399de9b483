"""scoresheet for Python: read chess games the way players and arbiters write them, replay
them under the FIDE Laws and say what is wrong with them.

Each record is a ``dict`` equal to the JSON Lines record ``scoresheet validate --format jsonl``
writes for the same file and options::

    import scoresheet
    for record in scoresheet.validate("games.pgn"):
        if record["status"] == "error":
            print(record["game"], record["findings"][0]["message"])

``validate_table`` does the same for an Arrow table of games in the lichess Parquet layout (one
column per tag, the moves in ``movetext``) and gives a ``pyarrow.Table`` of records.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Union

from . import _native

if TYPE_CHECKING:
    import pyarrow

__version__: str = _native.__version__

Path = Union[str, "os.PathLike[str]"]

__all__ = ["validate", "validate_text", "validate_table", "convert", "position", "envelope", "reconcile", "ConversionError"]


def _paths(paths: Union[Path, Iterable[Path]]) -> List[str]:
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    out = [os.fsdecode(p) for p in paths]
    for p in out:
        # A missing input is an error at once, as the CLI says it before reading anything.
        if p != "-":
            os.stat(p)
    return out


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
    # The native iterator gives the records, dicts built in Rust from the CLI's JSON Lines.
    return run


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
    return _native.validate_text(
        text, name, lang, repair, illegal, laws, strict_notation, dead_positions, report_lang, prose
    )


def _arrow_stream(table: Any) -> Any:
    """The capsule of an Arrow C stream of ``table``'s batches (the Arrow PyCapsule interface)."""
    if hasattr(table, "__arrow_c_stream__"):
        return table.__arrow_c_stream__()
    if hasattr(table, "__arrow_c_array__"):
        # A record batch of a pyarrow (before 16) that gives it only as an array.
        import pyarrow as pa

        return pa.Table.from_batches([pa.record_batch(table)]).__arrow_c_stream__()
    raise TypeError(
        "validate_table takes an Arrow table, record batch or stream (an object with "
        f"__arrow_c_stream__ or __arrow_c_array__), not {type(table).__name__}"
    )


def validate_table(
    table: Any,
    *,
    movetext: str = "movetext",
    jobs: int = 0,
    lang: str = "auto",
    repair: bool = False,
    illegal: str = "stop",
    laws: bool = True,
    strict_notation: bool = False,
    dead_positions: str = "verdict",
    report_lang: str = "en",
) -> "pyarrow.Table":
    """Validate the games of an Arrow table in the lichess Parquet layout: one row a game,
    the moves in the ``movetext`` column (strings), the tags in the other columns (``Event``,
    ``Site``, ``White``, ``Black``, ``Result``, ``UTCDate``, …: strings, numbers or booleans;
    a column may be missing and a value null). ``table`` is a ``pyarrow.Table``, a
    ``RecordBatch``, a ``RecordBatchReader`` or any object of the Arrow PyCapsule interface
    (``__arrow_c_stream__``), read batch by batch through the Arrow C stream interface.

    Each row is the game the CLI reads from the PGN of its tags (in column order) and its
    movetext: its status and findings are the CLI's for that PGN. The games are replayed on
    ``jobs`` threads (0: one per core) without the GIL; the result does not depend on ``jobs``.

    Returns a ``pyarrow.Table`` with one row per input row, in order (the schema is in
    docs/python.md): ``game`` (the row's 1-based number), ``status``, ``plies``, ``result``,
    ``final_fen``, ``lang``, ``variant``, ``termination_kind``, ``termination_ply``,
    ``first_error_ply``, ``first_error_kind``, ``first_error_move``, ``errors``,
    ``warnings``, ``infos``, ``irregular_from_ply``, ``repaired`` and ``findings`` (a list of
    structs: ``kind``, ``severity``, ``ply``, ``move``, ``message``, ``reason``, ``article``).
    A row whose movetext is null or empty gives a row with status ``error`` (a ``structure``
    finding, reason ``no_movetext``).

    Raises ``ValueError`` for a bad option or a table without the ``movetext`` column (or with
    one that does not hold strings), ``TypeError`` for an object that is no Arrow data.
    """
    import pyarrow as pa

    if jobs < 0:
        raise ValueError("jobs is 0 (one per core) or more")
    capsule = _native.validate_table(
        _arrow_stream(table), movetext, jobs, lang, repair, illegal, laws, strict_notation, dead_positions, report_lang
    )
    return pa.RecordBatchReader._import_from_c_capsule(capsule).read_all()


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
