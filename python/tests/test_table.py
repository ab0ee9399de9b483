"""validate_table against the command-line program: a table in the lichess Parquet layout (one
column per tag, the moves in `movetext`), made of the bundled corpora's games, gives one row per
game with the records of the CLI for the same games written out as PGN."""

import json
import pathlib
import re
import subprocess

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import scoresheet

REPO = pathlib.Path(__file__).resolve().parents[2]
CLI = REPO / "target" / "release" / "scoresheet"
LICHESS = ["Event", "Site", "White", "Black", "Result", "UTCDate", "UTCTime", "WhiteElo", "BlackElo",
           "WhiteRatingDiff", "BlackRatingDiff", "ECO", "Opening", "TimeControl", "Termination"]
SOURCES = ["golden/errors.pgn", "golden/notations.pgn", "golden/chess960.pgn", "laws/endings.pgn",
           "laws/repetition.pgn", "laws/move_counts.pgn", "golden/what_was_written.pgn"]
TAG = re.compile(r'^\[([A-Za-z0-9_]+)\s+"(.*)"\]\s*$')


def games_of(path):
    """(tags, movetext) of each game of a PGN file: tag lines, then the lines up to the next."""
    games, tags, moves = [], {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = TAG.match(line)
        if m and moves and any(l.strip() for l in moves):
            games.append((tags, "\n".join(moves).strip()))
            tags, moves = {}, []
        if m and not any(l.strip() for l in moves):
            tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
        else:
            moves.append(line)
    if tags or any(l.strip() for l in moves):
        games.append((tags, "\n".join(moves).strip()))
    return games


def corpus_games():
    games = []
    for rel in SOURCES:
        games += games_of(REPO / "corpora" / rel)
    # Broken rows: garbage, an illegal move, a game with no tags at all.
    games.append(({"Event": "garbage", "Result": "*"}, "this is no game at all, 1. Zz9 ???"))
    games.append(({"Event": "illegal", "Result": "1-0"}, "1. e4 e5 2. Ke3 1-0"))
    games.append(({}, "1. d4 d5 2. c4 *"))
    assert len(games) >= 36
    return games


def lichess_table(games):
    """The lichess layout: its tags first, in its order, then any other tag met, `movetext` last;
    the Elos as integers where every one is a number (as a Parquet schema would have them)."""
    names = list(LICHESS)
    for tags, _ in games:
        names += [t for t in tags if t not in names]
    columns = {n: [tags.get(n) for tags, _ in games] for n in names}
    for elo in ("WhiteElo", "BlackElo"):
        values = columns[elo]
        if all(v is None or v.isdigit() for v in values):
            columns[elo] = pa.array([None if v is None else int(v) for v in values], pa.int64())
    columns["movetext"] = [moves for _, moves in games]
    return pa.table(columns)


def pgn_value(v):
    s = str(v).lower() if isinstance(v, bool) else str(v)
    return s.replace("\\", "\\\\").replace('"', '\\"')


def pgn_of(table):
    """The table's rows as a PGN file, each tag that is not null in column order, as the CLI
    would be given them."""
    rows = table.to_pylist()
    out = []
    for row in rows:
        tags = "".join(f'[{k} "{pgn_value(v)}"]\n' for k, v in row.items() if k != "movetext" and v is not None)
        out.append(f"{tags}\n{row['movetext']}\n")
    return "\n".join(out)


def cli_records(pgn_text, tmp_path, *flags):
    path = tmp_path / "games.pgn"
    path.write_text(pgn_text, encoding="utf-8")
    run = subprocess.run([str(CLI), "validate", "-q", "--format", "jsonl", *flags, str(path)],
                         capture_output=True, cwd=REPO)
    return [json.loads(line) for line in run.stdout.decode().splitlines()]


def expected_row(record):
    """What a row of validate_table holds for a CLI record."""
    errors = [f for f in record["findings"] if f["severity"] == "error"]
    first = errors[0] if errors else {}
    term = record["termination"] or {}
    return {
        "game": record["game"],
        "status": record["status"],
        "plies": record["plies"],
        "result": record["result"],
        "final_fen": record["final_fen"],
        "lang": record["lang"],
        "variant": record["variant"],
        "termination_kind": term.get("kind"),
        "termination_ply": term.get("ply"),
        "first_error_ply": first.get("ply"),
        "first_error_kind": first.get("kind"),
        "first_error_move": first.get("move"),
        "errors": len(errors),
        "warnings": sum(f["severity"] == "warning" for f in record["findings"]),
        "infos": sum(f["severity"] == "info" for f in record["findings"]),
        "irregular_from_ply": record.get("irregular_from_ply"),
        "repaired": record.get("repaired"),
        "findings": [
            {"kind": f["kind"], "severity": f["severity"], "ply": f["ply"], "move": f.get("move"),
             "message": f["message"], "reason": f.get("reason"), "article": f.get("article")}
            for f in record["findings"]
        ],
    }


@pytest.fixture(scope="module")
def table():
    return lichess_table(corpus_games())


def test_rows_are_the_cli_records(table, tmp_path):
    got = scoresheet.validate_table(table, jobs=2)
    assert got.num_rows == table.num_rows
    want = cli_records(pgn_of(table), tmp_path)
    assert len(want) == table.num_rows
    assert [r["status"] for r in got.to_pylist()] == [r["status"] for r in want]
    assert got.to_pylist() == [expected_row(r) for r in want]
    statuses = set(got.column("status").to_pylist())
    assert statuses == {"ok", "error"}


def test_options_follow_the_flags(table, tmp_path):
    got = scoresheet.validate_table(table, jobs=1, illegal="stands", laws=False, repair=True)
    want = cli_records(pgn_of(table), tmp_path, "--illegal", "stands", "--no-laws", "--repair")
    assert got.to_pylist() == [expected_row(r) for r in want]


def test_jobs_do_not_change_the_table(table):
    one = scoresheet.validate_table(table, jobs=1)
    two = scoresheet.validate_table(table, jobs=2)
    assert one.equals(two)
    assert scoresheet.validate_table(table).equals(one)


def test_parquet_written_by_pyarrow(table, tmp_path):
    path = tmp_path / "games.parquet"
    pq.write_table(table, path, row_group_size=7)
    want = scoresheet.validate_table(table)
    assert scoresheet.validate_table(pq.read_table(path)).equals(want)
    # Tags read as dictionaries, and the file as a stream of batches.
    dictionaries = pq.read_table(path, read_dictionary=["Event", "Site", "Result"])
    assert pa.types.is_dictionary(dictionaries.schema.field("Event").type)
    assert scoresheet.validate_table(dictionaries).equals(want)
    f = pq.ParquetFile(path)
    reader = pa.RecordBatchReader.from_batches(f.schema_arrow, f.iter_batches(batch_size=5))
    assert scoresheet.validate_table(reader).equals(want)


def test_record_batches_and_string_types(table):
    want = scoresheet.validate_table(table).to_pylist()
    batches = table.to_batches(max_chunksize=4)
    assert len(batches) > 1
    got = [r for b in batches for r in scoresheet.validate_table(b).to_pylist()]
    # A batch on its own numbers its rows from 1.
    assert [{**r, "game": 0} for r in got] == [{**r, "game": 0} for r in want]
    large = table.cast(pa.schema([
        f.with_type(pa.large_string()) if pa.types.is_string(f.type) else f for f in table.schema
    ]))
    assert pa.types.is_large_string(large.schema.field("movetext").type)
    assert scoresheet.validate_table(large).to_pylist() == want


def test_missing_null_and_odd_columns(tmp_path):
    t = pa.table({
        "White": ["A", None, "C", "D"],
        "Round": pa.array([1, 2, None, 4], pa.int32()),
        "Rated": [True, False, None, True],
        "not a tag": ["x", "y", "z", "w"],
        "movetext": ["1. e4 e5 2. Nf3 Nc6 *", None, "", "  \n"],
    })
    got = scoresheet.validate_table(t).to_pylist()
    assert len(got) == 4
    assert got[0]["status"] == "ok" and got[0]["plies"] == 4
    for row in got[1:]:
        # A null or empty movetext is a row with an error, never a row left out.
        assert row["status"] == "error"
        assert row["first_error_kind"] == "structure"
        assert row["findings"][0]["reason"] == "no_movetext"
    want = cli_records('[White "A"]\n[Round "1"]\n[Rated "true"]\n\n1. e4 e5 2. Nf3 Nc6 *\n', tmp_path)
    assert got[0] == expected_row(want[0])
    empty = scoresheet.validate_table(t.slice(0, 0))
    assert empty.num_rows == 0 and "findings" in empty.schema.names


def test_bad_input_raises_value_error(table):
    with pytest.raises(ValueError, match="movetext"):
        scoresheet.validate_table(table.drop_columns(["movetext"]))
    with pytest.raises(ValueError, match="moves"):
        scoresheet.validate_table(table, movetext="moves")
    assert scoresheet.validate_table(table.rename_columns(
        [n if n != "movetext" else "moves" for n in table.column_names]), movetext="moves").num_rows == table.num_rows
    with pytest.raises(ValueError):
        scoresheet.validate_table(pa.table({"movetext": [1, 2]}))
    with pytest.raises(ValueError):
        scoresheet.validate_table(table, illegal="sometimes")
    with pytest.raises(ValueError):
        scoresheet.validate_table(table, lang="xx")
    with pytest.raises(ValueError):
        scoresheet.validate_table(table, dead_positions="some")
    with pytest.raises(ValueError):
        scoresheet.validate_table(table, jobs=-1)
    with pytest.raises(TypeError):
        scoresheet.validate_table([{"movetext": "1. e4 *"}])


def test_a_batch_larger_than_a_slice_keeps_its_order():
    # One batch of 9,000 rows is replayed a few thousand rows at a time: rows stay in order.
    games = ["1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "1. d4 d5 2. Kd2 Zz9 *", None]
    t = pa.table({"Event": [str(i) for i in range(9000)], "movetext": [games[i % 3] for i in range(9000)]})
    assert len(t.to_batches()) == 1
    got = scoresheet.validate_table(t, jobs=2)
    assert got.column("game").to_pylist() == list(range(1, 9001))
    assert got.column("status").to_pylist() == ["ok", "error", "error"] * 3000
    assert got.column("termination_kind").to_pylist()[:3] == ["checkmate", None, None]
    assert got.equals(scoresheet.validate_table(t, jobs=1))
