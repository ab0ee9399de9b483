"""Games per second and CPU time of the Python package against the command-line program on
the same file: `validate` (records as dicts), `validate_table` (an Arrow table of the games in
the lichess Parquet layout) and `scoresheet validate --format jsonl`, one thread and all cores.

    target/python-venv/bin/python python/bench.py FILE.pgn [--cli target/release/scoresheet]

CPU time is user + system of the process and its threads (children for the CLI); each figure is
the best of --repeat runs, as the machine is shared."""

import argparse
import os
import resource
import subprocess
import sys
import time

# The installed package, not the source folder beside this script (it lacks the native module).
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]


def cpu_self():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure(fn, repeat):
    best = None
    for _ in range(repeat):
        c0, w0 = cpu_self(), time.perf_counter()
        n = fn()
        got = (cpu_self() - c0, time.perf_counter() - w0, n)
        if best is None or got[0] < best[0]:
            best = got
    return best


def measure_cli(cmd, repeat):
    best = None
    for _ in range(repeat):
        c0, w0 = cpu_children(), time.perf_counter()
        out = subprocess.run(cmd, stdout=subprocess.PIPE).stdout
        got = (cpu_children() - c0, time.perf_counter() - w0, out.count(b"\n"))
        if best is None or got[0] < best[0]:
            best = got
    return best


def lichess_table(path):
    """The games of `path` as the lichess Parquet layout: one column per tag, `movetext`."""
    import pyarrow as pa

    tags = ["Event", "Site", "White", "Black", "Result", "UTCDate", "UTCTime", "WhiteElo", "BlackElo", "ECO", "Opening", "TimeControl", "Termination"]
    cols = {t: [] for t in tags}
    movetext = []
    text = open(path, encoding="utf-8", errors="replace").read()
    for block in text.split("\n\n["):
        head, _, moves = block.partition("\n\n")
        found = {}
        for line in head.splitlines():
            line = line.strip().lstrip("[")
            if line.endswith("]") and " " in line:
                k, _, v = line[:-1].partition(" ")
                found[k] = v.strip('"')
        for t in tags:
            cols[t].append(found.get(t))
        movetext.append(moves.strip())
    cols["movetext"] = movetext
    return pa.table(cols)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "scoresheet"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-table", action="store_true")
    args = ap.parse_args()
    import scoresheet

    cores = os.cpu_count() or 1
    rows = []
    for jobs in (1, 0):
        label = "1 thread" if jobs == 1 else f"all cores ({cores})"
        cli = measure_cli([args.cli, "validate", "-q", "--format", "jsonl", "--jobs", str(jobs or cores), args.file], args.repeat)
        py = measure(lambda: sum(1 for _ in scoresheet.validate(args.file, jobs=jobs)), args.repeat)
        rows.append((label, "CLI validate --format jsonl", cli))
        rows.append((label, "scoresheet.validate", py))
        if not args.no_table and hasattr(scoresheet, "validate_table"):
            table = lichess_table(args.file)
            tb = measure(lambda: scoresheet.validate_table(table, jobs=jobs).num_rows, args.repeat)
            rows.append((label, "scoresheet.validate_table", tb))
    print(f"{args.file}: best of {args.repeat}")
    print(f"{'':18} {'':30} {'games':>7} {'CPU s':>7} {'wall s':>7} {'games/s':>8} {'CPU/CLI':>7}")
    base = {}
    for label, what, (cpu, wall, n) in rows:
        base.setdefault(label, cpu)
        print(f"{label:18} {what:30} {n:7} {cpu:7.2f} {wall:7.2f} {n / wall:8.0f} {cpu / base[label]:7.2f}")


if __name__ == "__main__":
    sys.exit(main())
