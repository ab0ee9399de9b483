"""The Python package against the command-line program: the same records, PGN and audits for
the same inputs and options (target/release/scoresheet, built by python/test.sh)."""

import json
import pathlib
import subprocess

import pytest

import scoresheet

REPO = pathlib.Path(__file__).resolve().parents[2]
CLI = REPO / "target" / "release" / "scoresheet"


def cli(*args, stdin=None):
    run = subprocess.run([str(CLI), *args], input=stdin, capture_output=True, cwd=REPO)
    return run.stdout.decode()


def cli_records(*args):
    return [json.loads(line) for line in cli("validate", "-q", "--format", "jsonl", *args).splitlines()]


def bundled():
    files = sorted((REPO / "corpora").rglob("*.pgn")) + sorted((REPO / "corpora" / "samples").glob("*.txt"))
    assert len(files) > 20
    return files


def test_version_is_the_crates():
    cargo = (REPO / "Cargo.toml").read_text()
    version = next(l.split('"')[1] for l in cargo.splitlines() if l.startswith("version = "))
    assert scoresheet.__version__ == version


@pytest.mark.parametrize("path", bundled(), ids=lambda p: str(p.relative_to(REPO)))
def test_validate_gives_the_cli_records(path):
    rel = str(path.relative_to(REPO))
    got = list(scoresheet.validate(REPO / rel, jobs=2))
    want = cli_records(str(REPO / rel))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g == w


def test_options_follow_the_flags():
    sample = REPO / "corpora" / "samples" / "italiano.txt"
    got = list(scoresheet.validate(sample, lang="it", illegal="stands", report_lang="it", jobs=1))
    assert got == cli_records("--lang", "it", "--illegal", "stands", "--report-lang", "it", str(sample))
    got = list(scoresheet.validate([sample], laws=False, repair=True))
    assert got == cli_records("--no-laws", "--repair", str(sample))


def test_a_directory_is_walked():
    folder = REPO / "corpora" / "samples"
    got = list(scoresheet.validate(folder))
    assert got == cli_records(str(folder))


def test_validate_text_is_validate_of_standard_input():
    text = "1. e4 e5 2. Cf3 Cf5 *\n\n1. d4 d5 *\n"
    want = [json.loads(l) for l in cli("validate", "-q", "--format", "jsonl", "-", stdin=text.encode()).splitlines()]
    assert scoresheet.validate_text(text) == want
    assert want[0]["status"] == "error"


def test_garbage_gives_a_record_with_an_error():
    records = scoresheet.validate_text("this is no game at all, 1. Zz9 ???")
    assert len(records) == 1
    assert records[0]["status"] == "error"


def test_convert_is_the_cli_convert():
    text = (REPO / "corpora" / "samples" / "italiano.txt").read_text(encoding="utf-8")
    assert scoresheet.convert(text) == cli("convert", "-q", "-", stdin=text.encode())
    assert "Nf3" in scoresheet.convert("1. e4 e5 2. Cf3 Cc6 *")
    with pytest.raises(scoresheet.ConversionError):
        scoresheet.convert("1. e4 e5 2. Cf3 Cf5 *", strict=True)


def test_prose_is_the_cli_prose():
    article = (REPO / "corpora" / "prose" / "evergreen-column.txt").read_text(encoding="utf-8")
    got = scoresheet.convert(article, prose=True, repair=True)
    assert got == cli("convert", "-q", "--prose", "--repair", "-", stdin=article.encode())
    assert "24. Bxe7# 1-0" in got
    path = REPO / "corpora" / "prose" / "evergreen-column.txt"
    assert list(scoresheet.validate(path, prose=True)) == cli_records("--prose", str(path))


def test_position_envelope_reconcile():
    fen = "8/8/4k3/8/8/8/3B4/4K3 b - - 0 1"
    assert scoresheet.position(fen) == json.loads(cli("position", "--format", "jsonl", fen))
    assert scoresheet.position(fen)["dead"] is True
    env = REPO / "corpora" / "envelopes" / "ambiguous.toml"
    audit = scoresheet.envelope(env)
    assert audit == json.loads(cli("envelope", "--format", "json", str(env)))
    assert audit["verdict"] == "sealer_loses"
    assert scoresheet.envelope(env.read_text(encoding="utf-8"))["verdict"] == "sealer_loses"
    white = (REPO / "corpora" / "reconcile" / "golden" / "white.txt").read_text(encoding="utf-8")
    black = (REPO / "corpora" / "reconcile" / "golden" / "black.txt").read_text(encoding="utf-8")
    r = scoresheet.reconcile(white, black)
    assert r is not None and r["decided"] == len(r["decisions"]) and "[Result" in r["pgn"]


def test_bad_input_raises_the_python_errors():
    with pytest.raises(FileNotFoundError):
        scoresheet.validate(REPO / "no-such-file.pgn")
    with pytest.raises(FileNotFoundError):
        scoresheet.envelope("no-such-envelope.toml")
    with pytest.raises(ValueError):
        scoresheet.validate(REPO / "corpora", illegal="sometimes")
    with pytest.raises(ValueError):
        scoresheet.validate_text("1. e4 *", lang="xx")
    with pytest.raises(ValueError):
        scoresheet.convert("1. e4 *", notation="figurine-ish")


def test_an_iterator_dropped_half_way_stops_its_run():
    run = scoresheet.validate(REPO / "corpora", jobs=1)
    first = next(run)
    assert "status" in first
    del run


def test_records_are_built_as_json_loads_builds_them():
    # The dicts are made in Rust from the CLI's lines: the same values json.loads gives.
    lines = [
        '{"a":1,"b":-2,"c":18446744073709551615,"d":0.8,"e":1e-7,"f":null,"g":true,"h":false}',
        '{"s":"\\"quoted\\" \\\\ \\n\\t\\u0001 é ♞ \\ud83d\\ude00","l":[[],{},[1,"x",{"k":[null]}]]}',
        '{"tags":{"Event":"a","Event":"b"},"findings":[{"confidence":0.30000001192092896}]}',
    ]
    got = scoresheet._native._loads("\n".join(lines).encode() + b"\n")
    assert got == [json.loads(l) for l in lines]
    with pytest.raises(ValueError):
        scoresheet._native._loads(b'{"a":')


def test_two_threads_share_an_iterator():
    # Each record once, none lost, and no thread left waiting for the other.
    import threading

    run = scoresheet.validate(REPO / "corpora", jobs=2)
    got = [[], []]

    def take(i):
        for record in run:
            got[i].append((record["file"], record["game"]))

    threads = [threading.Thread(target=take, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    want = [(r["file"], r["game"]) for r in cli_records(str(REPO / "corpora"))]
    assert sorted(got[0] + got[1]) == sorted(want)
