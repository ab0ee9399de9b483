"""spark/test.sh's check of the Parquet job (spark/validate_parquet.py).

    python spark/parquet_check.py make DIR    # DIR/in/part{0,1}.parquet, the lichess layout
    python spark/parquet_check.py check DIR   # DIR/out/records == validate_table of DIR/in

The input is made of bundled games (python/bench.py cuts them into tags and movetext), with rows
of no movetext and of garbage; each row's Site is unique, so that rows are matched by it (Spark
orders the files its own way)."""

import glob
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = [["corpora/golden/errors.pgn", "corpora/laws/endings.pgn"],
         ["corpora/laws/repetition.pgn", "corpora/golden/notations.pgn"]]


def make(d):
    sys.path.insert(0, os.path.join(REPO, "python"))
    from bench import lichess_table

    os.makedirs(f"{d}/in", exist_ok=True)
    for i, files in enumerate(FILES):
        rows = [r for f in files for r in lichess_table(os.path.join(REPO, f)).to_pylist()]
        rows += [{"movetext": None}, {"movetext": ""}, {"Event": "garbage", "movetext": "1. e4 Zz9 *"}]
        for n, r in enumerate(rows):
            r["Site"] = f"https://example.org/{i}/{n}"
        names = list(dict.fromkeys(k for r in rows for k in r))
        t = pa.table({k: pa.array([r.get(k) for r in rows], pa.string()) for k in names})
        pq.write_table(t, f"{d}/in/part{i}.parquet", row_group_size=20)


def check(d):
    import scoresheet

    want = []
    for f in sorted(glob.glob(f"{d}/in/*.parquet")):
        t = pq.read_table(f)
        rows = scoresheet.validate_table(t).drop_columns(["game"]).to_pylist()
        for site, event, row in zip(t.column("Site").to_pylist(), t.column("Event").to_pylist(), rows):
            want.append({"Site": site, "Event": event, **row})
    parts = sorted(glob.glob(f"{d}/out/records/*.parquet"))
    got = pa.concat_tables([pq.read_table(f) for f in parts]).to_pylist()
    key = lambda r: r["Site"] or ""
    if sorted(got, key=key) != sorted(want, key=key):
        print(f"FAILED: the Parquet job: {len(got)} rows, validate_table {len(want)}; they differ")
        return 1
    with open(glob.glob(f"{d}/out/summary/part-*")[0]) as f:
        summary = f.read().strip()
    print(f"ok: the Parquet job ({len(got)} rows in {len(parts)} parts, summary {summary})")
    return 0


if __name__ == "__main__":
    what, d = sys.argv[1], sys.argv[2]
    sys.exit(make(d) if what == "make" else check(d))
