#!/usr/bin/env python3
"""Validate games kept as Parquet in the lichess layout with Apache Spark, the Python package's
`scoresheet.validate_table` doing the work in each task (through `mapInArrow`: Spark hands each
task its rows as Arrow batches, the records go back as Arrow batches, no row is ever a Python
object).

    python3 spark/validate_parquet.py [--master URL] [--movetext COLUMN] [--keep COL,...]
        [--jobs N] [--lang auto|en|it|...] [--illegal stop|stands] [--repair] [--no-laws]
        [--strict-notation] [--dead-positions verdict|all] [--report-lang en|it]
        --out DIR INPUT...

INPUT: Parquet files or directories, local paths or any URI Spark reads (hdfs://, s3a://, ...),
with one column per tag (`Event`, `Site`, `White`, `Black`, `Result`, `UTCDate`, ...) and the
moves in `movetext` (--movetext names another column). Each executor needs the `scoresheet`
package (`pip install ./python`), pyarrow and pandas (pyspark asks for it in `mapInArrow`,
though no row goes through it) in its Python.

Output: DIR/records, Parquet: one row per input row, in input order within each part file
(Spark's partitions in order): the columns --keep names (default `Site`, the lichess game's
address; columns the input lacks are left out), then the columns of `validate_table` (see
docs/python.md) but `game`, which counts rows within one Arrow batch only; unsigned integers
become Spark's signed `long`. DIR/summary/part-00000: one JSON object (rows, by status, findings
by kind), also printed on standard output.
"""

import argparse
import json
import os
import sys


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", metavar="INPUT")
    ap.add_argument("--out", required=True)
    ap.add_argument("--master", default=None, help="Spark master URL (default: spark-submit's)")
    ap.add_argument("--movetext", default="movetext")
    ap.add_argument("--keep", default="Site", help="input columns copied into the records, comma-separated")
    ap.add_argument("--jobs", type=int, default=1, help="threads per task (Spark runs tasks side by side)")
    ap.add_argument("--lang", default="auto")
    ap.add_argument("--illegal", default="stop", choices=["stop", "stands"])
    ap.add_argument("--repair", action="store_true")
    ap.add_argument("--no-laws", action="store_true")
    ap.add_argument("--strict-notation", action="store_true")
    ap.add_argument("--dead-positions", default="verdict", choices=["verdict", "all"])
    ap.add_argument("--report-lang", default="en", choices=["en", "it"])
    return ap.parse_args(argv)


def spark_arrow_schema(pa, schema):
    """The records' Arrow schema as Spark takes it: no unsigned integers."""

    def field(f):
        t = f.type
        if pa.types.is_unsigned_integer(t):
            t = pa.int64()
        elif pa.types.is_list(t):
            t = pa.list_(field(t.value_field))
        elif pa.types.is_struct(t):
            t = pa.struct([field(t.field(i)) for i in range(t.num_fields)])
        return pa.field(f.name, t, f.nullable)

    return pa.schema([field(f) for f in schema])


def main(argv):
    args = parse_args(argv)
    import pyarrow as pa
    import scoresheet
    from pyspark.sql import SparkSession
    from pyspark.sql.pandas.types import from_arrow_schema

    options = dict(
        lang=args.lang,
        repair=args.repair,
        illegal=args.illegal,
        laws=not args.no_laws,
        strict_notation=args.strict_notation,
        dead_positions=args.dead_positions,
        report_lang=args.report_lang,
    )
    # The records' schema, and the options checked, before Spark starts anything.
    empty = pa.table({args.movetext: pa.array([], pa.string())})
    records_schema = scoresheet.validate_table(empty, movetext=args.movetext, jobs=1, **options).schema
    records_schema = records_schema.remove(records_schema.get_field_index("game"))

    # The tasks' Python is this one unless told otherwise: it has scoresheet and pyarrow (a
    # worker started as `python3` from PATH may not).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName("scoresheet validate_parquet")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    games = spark.read.parquet(*args.inputs)
    if args.movetext not in games.columns:
        raise SystemExit(f"validate_parquet: the input has no `{args.movetext}` column")
    keep = [c for c in args.keep.split(",") if c and c in games.columns and c != args.movetext]
    keep = list(dict.fromkeys(keep))
    clash = [c for c in keep if c in records_schema.names]
    if clash:
        raise SystemExit(f"validate_parquet: --keep {','.join(clash)}: the records have columns of that name")
    out_arrow = spark_arrow_schema(pa, records_schema)
    # The kept columns keep their Spark types: the output schema is theirs, then the records'.
    # (by position: mapInArrow matches the batches' columns to the schema's in order)
    kept_struct = [games.schema[c] for c in keep]
    from pyspark.sql.types import StructType

    out_schema = StructType(kept_struct + list(from_arrow_schema(out_arrow).fields))
    movetext, jobs = args.movetext, args.jobs

    def validate_batches(batches):
        import pyarrow as pa
        import scoresheet

        for batch in batches:
            records = scoresheet.validate_table(batch, movetext=movetext, jobs=jobs, **options)
            records = records.drop_columns(["game"]).cast(out_arrow)
            columns = [batch.column(batch.schema.get_field_index(c)) for c in keep]
            columns += list(records.columns)
            names = keep + records.column_names
            yield from pa.table(columns, names=names).to_batches()

    records = games.mapInArrow(validate_batches, out_schema)
    records.write.mode("overwrite").parquet(f"{args.out}/records")

    written = spark.read.parquet(f"{args.out}/records")
    by_status = {r["status"]: r["count"] for r in written.groupBy("status").count().collect()}
    from pyspark.sql import functions as F

    kinds = (written.select(F.explode("findings").alias("f")).groupBy("f.kind").count().collect())
    summary = {
        "rows": sum(by_status.values()),
        "by_status": dict(sorted(by_status.items())),
        "findings": dict(sorted((r["kind"], r["count"]) for r in kinds)),
    }
    line = json.dumps(summary, sort_keys=True)
    spark.createDataFrame([(line,)], "value string").coalesce(1).write.mode("overwrite").text(f"{args.out}/summary")
    print(line)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
