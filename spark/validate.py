#!/usr/bin/env python3
"""Validate whole game databases with Apache Spark, `scoresheet` doing the work in each task.

    python3 spark/validate.py [--master URL] [--split-size 128MB] [--format jsonl|csv]
                              [--binary PATH] [--stream] [--args "..."] --out DIR INPUT...

INPUT: files or directories (walked for *.pgn/*.txt, compressed or not, as `scoresheet`
does), local paths or any URI Spark reads (hdfs://, s3a://, ...). Plain files are cut into
byte ranges of --split-size, one task each (`scoresheet validate --byte-range START:END
--first-line N`); compressed and UTF-16 files are one task each, whole.

How nothing is lost or repeated (see src/shard.rs for the proof):
1. a first pass counts the newlines of every range, so that each task is given the line
   number of its START (records carry the file's lines);
2. each task reports, on standard error, where the games it found begin and where it stopped
   (the first game beginning at or after its END). The driver walks each file's tasks in
   order: task 0 is a whole run up to its stop; a task whose game starts include the stop of
   the task before it is in step from there (the records before it, pieces of a game the
   task before finished, are dropped); any other task is run again from that stop, a true
   game boundary. Every task's stop is then a true boundary for the next;
3. `game` is given back its number in the file: the games kept in the tasks before, plus the
   number within the task;
4. the records are written by Spark's output committer: a task's part file appears whole
   or not at all, and a retried task never adds a second copy.

Output: DIR/records/part-NNNNN (in input order when concatenated by name; the CSV header in
the first), DIR/summary/part-00000 (one JSON object: games, plies, failing games, games and
findings by kind, computed by Spark), also printed on standard output.

Testing only: SCORESHEET_SPARK_FAIL_ONCE="run:T,write:P" makes the first attempt of task T
(running `scoresheet`) and of partition P (writing the records) fail halfway through.
"""

import argparse
import csv
import io
import json
import os
import re
import shlex
import stat
import subprocess
import sys
import threading
from urllib.parse import urlparse

COMPRESSED = (".gz", ".gzip", ".zst", ".zstd", ".bz2", ".xz")
MAGIC = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"BZh", b"\xfd7zXZ\x00")
BEGINS_KEPT = 64  # as src/shard.rs: a shard lists the starts of its first 64 games

JSONL_HEAD = re.compile(rb'^\{"file":"(?:[^"\\]|\\.)*","game":(\d+),"offset":(\d+),')
CSV_HEAD = re.compile(rb'^((?:"(?:[^"]|"")*"|[^,"\r\n]*),)(\d+),(\d+),')


def parse_size(text):
    units = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "M": 1 << 20, "MB": 1 << 20,
             "G": 1 << 30, "GB": 1 << 30}
    m = re.fullmatch(r"\s*(\d+)\s*([A-Za-z]*)\s*", text)
    if not m or m.group(2).upper() not in units:
        raise argparse.ArgumentTypeError(f"`{text}` is not a size such as 128MB")
    size = int(m.group(1)) * units[m.group(2).upper()]
    if size <= 0:
        raise argparse.ArgumentTypeError("the split size must be positive")
    return size


def is_local(path):
    scheme = urlparse(path).scheme
    return scheme in ("", "file") or len(scheme) == 1  # a Windows drive letter


def local_path(path):
    return urlparse(path).path if path.startswith("file:") else path


def is_game_file(name):
    lower = name.lower()
    for ext in COMPRESSED:
        if lower.endswith(ext):
            lower = lower[: -len(ext)]
            break
    return lower.endswith(".pgn") or lower.endswith(".txt")


def walk(directory):
    """Game files under a directory, as `scoresheet` walks it (sorted within each directory,
    symbolic links to directories not followed)."""
    out = []
    entries = sorted(os.scandir(directory), key=lambda e: e.path)
    for e in entries:
        if e.is_dir(follow_symlinks=False):
            out.extend(walk(e.path))
        elif is_game_file(e.name) and os.path.isfile(e.path):
            out.append(e.path)
    return out


def list_inputs(sc, inputs):
    """(path, size) of every input file, in order."""
    files = []
    for inp in inputs:
        if is_local(inp):
            p = local_path(inp)
            paths = walk(p) if os.path.isdir(p) else [p]
            files.extend((q, os.path.getsize(q)) for q in paths)
        else:
            jvm = sc._jvm
            hpath = jvm.org.apache.hadoop.fs.Path(inp)
            fs = hpath.getFileSystem(sc._jsc.hadoopConfiguration())
            if fs.getFileStatus(hpath).isDirectory():
                found = []
                it = fs.listFiles(hpath, True)
                while it.hasNext():
                    st = it.next()
                    name = st.getPath().toString()
                    if is_game_file(name):
                        found.append((name, st.getLen()))
                files.extend(sorted(found))
            else:
                files.append((inp, fs.getFileStatus(hpath).getLen()))
    return files


def open_input(path):
    """A seekable binary file: local, or through pyarrow's filesystems (HDFS, S3, GCS)."""
    if is_local(path):
        return open(local_path(path), "rb")
    from pyarrow import fs as pafs  # needed on the executors for remote inputs only

    filesystem, inner = pafs.FileSystem.from_uri(path)
    return filesystem.open_input_file(inner)


def splittable(path):
    lower = path.lower()
    if any(lower.endswith(ext) for ext in COMPRESSED):
        return False
    with open_input(path) as f:
        head = f.read(6)
    return not (any(head.startswith(m) for m in MAGIC)
                or head.startswith(b"\xff\xfe") or head.startswith(b"\xfe\xff"))


def count_newlines(path, start, end):
    n = 0
    with open_input(path) as f:
        f.seek(start)
        left = end - start
        while left > 0:
            chunk = f.read(min(left, 1 << 22))
            if not chunk:
                break
            n += chunk.count(b"\n")
            left -= len(chunk)
    return n


def binary_path(name):
    from pyspark import SparkFiles

    path = SparkFiles.get(name)
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:
        try:
            os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError:
            pass
    return path


def feed(proc, path, start):
    """Stream the file from `start` to the binary's standard input until it stops reading."""
    try:
        with open_input(path) as f:
            f.seek(start)
            while True:
                chunk = f.read(1 << 20)
                if not chunk:
                    break
                proc.stdin.write(chunk)
    except (BrokenPipeError, ValueError, OSError):
        pass  # the shard has all it needs: it stopped reading
    finally:
        try:
            proc.stdin.close()
        except OSError:
            pass


def rename_stdin(record, path, fmt):
    """A record of a task that read standard input, named after its file."""
    if fmt == "jsonl":
        name = json.dumps(path, ensure_ascii=False).encode()
        return b'{"file":' + name + record[len(b'{"file":"-"'):]
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow([path])
    return out.getvalue().encode() + record[1:]


def split_records(data, fmt):
    """The records of a task's output, each as bytes without its line end: one JSON object a
    line, or CSV rows (a row's quoted field may hold a line end: a line that does not begin
    as a row does goes with the row before). Yields (game, offset, bytes)."""
    head = JSONL_HEAD if fmt == "jsonl" else CSV_HEAD
    lines = data.split(b"\n")
    if fmt == "csv" and lines:
        lines = lines[1:]  # the header
    current = None
    for line in lines:
        m = head.match(line)
        if m:
            if current:
                yield current
            game, offset = (int(m.group(1)), int(m.group(2))) if fmt == "jsonl" else (
                int(m.group(2)), int(m.group(3)))
            current = (game, offset, line)
        elif current and line:
            current = (current[0], current[1], current[2] + b"\n" + line)
    if current:
        yield current


def set_game(record, game, fmt):
    head = JSONL_HEAD if fmt == "jsonl" else CSV_HEAD
    m = head.match(record)
    g = m.span(1) if fmt == "jsonl" else m.span(2)
    return record[: g[0]] + str(game).encode() + record[g[1]:]


def run_task(task, conf):
    """Run `scoresheet` on one task; yields ("s", report) then ("r", game, seq, offset, record)."""
    from pyspark import TaskContext

    tid, path, kind, start, end, line, version = task
    fmt = conf["format"]
    exe = binary_path(conf["binary_name"])
    cmd = [exe, "validate", "--format", fmt, "-q", "--jobs", str(conf["jobs"])] + conf["args"]
    stream = conf["stream"] or not is_local(path)
    feed_from = 0
    if kind == "range":
        scan, scan_line = start, line
        if stream and start > 0:
            # Standard input must begin at a line start: the first at or after START.
            with open_input(path) as f:
                f.seek(start - 1)
                skipped = 0
                while True:
                    chunk = f.read(1 << 16)
                    if not chunk:
                        break
                    i = chunk.find(b"\n")
                    if i >= 0:
                        skipped += i + 1
                        break
                    skipped += len(chunk)
            scan = start - 1 + skipped
            scan_line = line + (1 if scan != start else 0)
        cmd += [f"--byte-range={scan}:{end}", f"--first-line={scan_line}"]
        feed_from = scan
    cmd.append("-" if stream else local_path(path))
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if stream else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    feeder = None
    if stream:
        feeder = threading.Thread(target=feed, args=(proc, path, feed_from), daemon=True)
        feeder.start()
    err_chunks = []
    reader = threading.Thread(target=lambda: err_chunks.append(proc.stderr.read()), daemon=True)
    reader.start()
    out = proc.stdout.read()
    proc.wait()
    reader.join()
    if feeder:
        feeder.join()
    err = b"".join(err_chunks).decode("utf-8", "replace")
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"scoresheet failed on {path} {start}:{end} "
                           f"(exit {proc.returncode}): {err.strip()[-2000:]}")
    report = None
    for l in err.splitlines():
        if l.startswith("scoresheet-shard: "):
            report = json.loads(l[len("scoresheet-shard: "):])
    records = list(split_records(out, fmt))
    if kind == "whole":
        size = conf["sizes"][tid]
        report = {"first": 0, "begins": [0], "stop": size, "stop_line": 0,
                  "games": len({r[1] for r in records}), "complete": True}
    if report is None or not report.get("complete"):
        raise RuntimeError(f"scoresheet gave no complete shard report on {path}: {err[-2000:]}")
    report.update(tid=tid, version=version)
    yield ("s", report)
    fail = conf["fail"].get("run")
    attempt = TaskContext.get().attemptNumber() if TaskContext.get() else 0
    for seq, (game, offset, record) in enumerate(records):
        if fail == tid and version == 0 and attempt == 0 and seq >= len(records) // 2:
            raise RuntimeError("SCORESHEET_SPARK_FAIL_ONCE: a task fails on its first attempt")
        if stream:
            record = rename_stdin(record, path, fmt)
        yield ("r", game, seq, offset, record)


def summarize(records, fmt):
    """Totals over the final records (an iterator of bytes)."""
    s = {"games": 0, "plies": 0, "failing_games": 0, "games_by_kind": {}, "findings_by_kind": {}}
    if fmt == "jsonl":
        for rec in records:
            r = json.loads(rec)
            s["games"] += 1
            s["plies"] += r.get("plies") or 0
            kinds = [f["kind"] for f in r.get("findings", [])]
            if any(f.get("severity") == "error" for f in r.get("findings", [])):
                s["failing_games"] += 1
            for k in kinds:
                s["findings_by_kind"][k] = s["findings_by_kind"].get(k, 0) + 1
            for k in set(kinds):
                s["games_by_kind"][k] = s["games_by_kind"].get(k, 0) + 1
        return [s]
    games = {}
    for rec in records:
        row = next(csv.reader(io.StringIO(rec.decode("utf-8", "replace"))))
        key = (row[0], row[1])
        g = games.setdefault(key, {"plies": int(row[6] or 0), "kinds": [], "error": False})
        if row[9]:
            g["kinds"].append(row[9])
            g["error"] |= row[10] == "error"
    for g in games.values():
        s["games"] += 1
        s["plies"] += g["plies"]
        s["failing_games"] += g["error"]
        for k in g["kinds"]:
            s["findings_by_kind"][k] = s["findings_by_kind"].get(k, 0) + 1
        for k in set(g["kinds"]):
            s["games_by_kind"][k] = s["games_by_kind"].get(k, 0) + 1
    return [s]


def merge(a, b):
    out = {k: a[k] + b[k] for k in ("games", "plies", "failing_games")}
    for field in ("games_by_kind", "findings_by_kind"):
        out[field] = dict(a[field])
        for k, v in b[field].items():
            out[field][k] = out[field].get(k, 0) + v
    return out


def chain(tasks, reports):
    """Walk each file's tasks in order. Returns, per task id, (version, dropped, kept) for the
    tasks settled, and the reruns (task tuples) needed before the others can be."""
    settled, reruns = {}, []
    by_file = {}
    for t in tasks.values():
        by_file.setdefault(t["file"], []).append(t)
    for ts in by_file.values():
        ts.sort(key=lambda t: t["start"])
        expected = None  # (stop, stop_line) of the task before: a true boundary
        for t in ts:
            tid = t["tid"]
            if t["kind"] == "whole":
                r = reports[tid]
                settled[tid] = (r["version"], 0, r["games"])
                continue
            if expected is not None and expected[0] >= t["end"]:
                # No game begins in this range: the game before runs past its end.
                settled[tid] = (None, 0, 0)
                continue
            r = reports[tid]
            if expected is None or r["first"] == expected[0]:
                dropped = 0
            elif expected[0] in r["begins"]:
                dropped = r["begins"].index(expected[0])
            else:
                reruns.append((tid, t["path"], "range", expected[0], t["end"], expected[1],
                               r["version"] + 1))
                break
            settled[tid] = (r["version"], dropped, r["games"] - dropped)
            expected = (r["stop"], r["stop_line"])
    return settled, reruns


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", metavar="INPUT")
    ap.add_argument("--out", required=True, metavar="DIR", help="output directory (must not exist)")
    ap.add_argument("--master", help="Spark master URL (default: spark-submit's, else local[*])")
    ap.add_argument("--split-size", type=parse_size, default=parse_size("128MB"))
    ap.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "..", "target", "release", "scoresheet"),
                    help="the scoresheet binary shipped to the executors")
    ap.add_argument("--stream", action="store_true",
                    help="stream each range to the binary's standard input (the default for "
                         "inputs not on a local or shared filesystem)")
    ap.add_argument("--args", default="", help="more `scoresheet validate` options, e.g. "
                                               "\"--lang it --no-draw-before 30\"")
    opts = ap.parse_args(argv)

    try:
        from pyspark import SparkConf, SparkContext, StorageLevel
    except ImportError:
        sys.exit("validate.py: pyspark is not installed: pip install pyspark (see the README)")

    conf = SparkConf().setAppName("scoresheet validate")
    if opts.master:
        conf.setMaster(opts.master)
    elif not conf.contains("spark.master"):
        conf.setMaster("local[*]")
    sc = SparkContext.getOrCreate(conf)
    sc.setLogLevel("WARN")
    binary = os.path.abspath(opts.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"validate.py: no scoresheet binary at {binary} (cargo build --release, or --binary)")
    sc.addFile(binary)

    fail = {}
    for part in filter(None, os.environ.get("SCORESHEET_SPARK_FAIL_ONCE", "").split(",")):
        stage, _, n = part.partition(":")
        fail[stage] = int(n)

    files = list_inputs(sc, opts.inputs)
    tasks = {}
    for fi, (path, size) in enumerate(files):
        if size > 0 and splittable(path):
            for start in range(0, size, opts.split_size):
                tid = len(tasks)
                tasks[tid] = {"tid": tid, "file": fi, "path": path, "kind": "range",
                              "start": start, "end": min(size, start + opts.split_size)}
        else:
            tid = len(tasks)
            tasks[tid] = {"tid": tid, "file": fi, "path": path, "kind": "whole",
                          "start": 0, "end": size}
    if not tasks:
        sys.exit("validate.py: no input files")

    # 1. The line number of each range's START: newlines counted per range, summed in order.
    ranges = [t for t in tasks.values() if t["kind"] == "range"]
    counts = dict(sc.parallelize([(t["tid"], t["path"], t["start"], t["end"]) for t in ranges],
                                 max(1, len(ranges)))
                  .map(lambda t: (t[0], count_newlines(t[1], t[2], t[3]))).collect()) if ranges else {}
    lines_before = {}
    for t in sorted(tasks.values(), key=lambda t: (t["file"], t["start"])):
        lines_before[t["file"]] = lines_before.get(t["file"], 0)
        t["line"] = 1 + lines_before[t["file"]]
        lines_before[t["file"]] += counts.get(t["tid"], 0)

    task_conf = {"format": opts.format, "binary_name": os.path.basename(binary),
                 "jobs": int(sc.getConf().get("spark.task.cpus", "1")),
                 "args": shlex.split(opts.args), "stream": opts.stream, "fail": fail,
                 "sizes": {t["tid"]: t["end"] for t in tasks.values()}}

    def run(specs):
        rdd = (sc.parallelize(specs, len(specs))
               .flatMap(lambda spec: run_task(spec, task_conf))
               .persist(StorageLevel.MEMORY_AND_DISK))
        return rdd, rdd.filter(lambda x: x[0] == "s").map(lambda x: x[1]).collect()

    # 2. Every task, then the chain check and the reruns it calls for, round by round.
    specs = [(t["tid"], t["path"], t["kind"], t["start"], t["end"], t["line"], 0)
             for t in sorted(tasks.values(), key=lambda t: t["tid"])]
    rdd, reports = run(specs)
    runs = [rdd]
    latest = {r["tid"]: r for r in reports}
    rerun_count = 0
    while True:
        settled, reruns = chain(tasks, latest)
        if not reruns:
            break
        rerun_count += len(reruns)
        rdd, reports = run(reruns)
        runs.append(rdd)
        latest.update({r["tid"]: r for r in reports})

    # 3. The records kept, their game number in the file, one part file per task, in order.
    base, seen = {}, {}
    for t in sorted(tasks.values(), key=lambda t: (t["file"], t["start"])):
        _, _, kept = settled[t["tid"]]
        base[t["tid"]] = seen.get(t["file"], 0)
        seen[t["file"]] = base[t["tid"]] + kept
    plan = {tid: (v, d, base[tid]) for tid, (v, d, _) in settled.items()}
    fmt = opts.format

    # Each partition of a run is one task's output: its report, then its records.
    keyed = None
    for r in runs:
        k = r.mapPartitions(key_by_task)
        keyed = k if keyed is None else keyed.union(k)

    ntasks = len(tasks)

    def final(item):
        tid, (version, game, seq, offset, record) = item
        v, dropped, b = plan[tid]
        return v == version and game > dropped

    def number(part_index, items):
        out = []
        for tid, (version, game, seq, offset, record) in items:
            out.append((seq, set_game(record, plan[tid][2] + game - plan[tid][1], fmt)))
        out.sort(key=lambda x: x[0])
        fail_part = fail.get("write")
        from pyspark import TaskContext

        ctx = TaskContext.get()
        if fmt == "csv" and part_index == 0:
            yield CSV_HEADER_LINE
        for i, (_, rec) in enumerate(out):
            if (fail_part == part_index and ctx and ctx.attemptNumber() == 0
                    and i >= len(out) // 2):
                raise RuntimeError("SCORESHEET_SPARK_FAIL_ONCE: a write fails on its first attempt")
            yield rec.decode("utf-8", "replace")

    final_records = (keyed.filter(final)
                     .partitionBy(ntasks, lambda tid: tid)
                     .mapPartitionsWithIndex(number)
                     .persist(StorageLevel.MEMORY_AND_DISK))
    out_dir = opts.out.rstrip("/")
    final_records.saveAsTextFile(out_dir + "/records")

    body = final_records.filter(lambda line: line != CSV_HEADER_LINE) if fmt == "csv" else final_records
    summary = (body.map(lambda s: s.encode())
               .mapPartitions(lambda recs: summarize(recs, fmt))
               .fold(summarize(iter(()), fmt)[0], merge))
    summary["inputs"] = len(files)
    summary["tasks"] = ntasks
    summary["reruns"] = rerun_count
    text = json.dumps(summary, sort_keys=True)
    sc.parallelize([text], 1).saveAsTextFile(out_dir + "/summary")
    print(text)
    sc.stop()


CSV_HEADER_LINE = ("file,game,offset,line,lang,variant,plies,status,final_fen,kind,severity,"
                   "ply,move,move_line,move_column,reason,message,suggestions")


def key_by_task(items):
    """A task's output (its report, then its records) as (task id, record) pairs."""
    tid = version = None
    for x in items:
        if x[0] == "s":
            tid, version = x[1]["tid"], x[1]["version"]
        else:
            _, game, seq, offset, record = x
            yield tid, (version, game, seq, offset, record)


if __name__ == "__main__":
    main()
