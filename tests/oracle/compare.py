#!/usr/bin/env python3
"""Compare scoresheet's JSONL verdicts with the python-chess oracle.

Usage:
    compare.py ORACLE.jsonl OURS.jsonl [--max-diffs N] [--diffs-out DIFFS.jsonl]

ORACLE.jsonl: output of pychess_oracle.py.
OURS.jsonl:   output of `scoresheet validate --format jsonl FILES`.

Games are matched per file by 1-based game index.  When the two tools split
a file into a different number of games the file is listed separately and
python-chess's "tag-only (or comment-only) game + headerless game" splits
are glued back together first (an oracle game with 0 plies and no errors,
followed by a game without tags); if the counts still differ, games are aligned by the
(White, Black, Round, Date) tags (difflib sequence alignment, so duplicates
and insertions are handled).  The aligned pairs are still compared.

Our first bad mainline ply = min "ply" over findings with severity "error",
kind in {illegal_move, ambiguous_move, unreadable_move} and no "variation"
field.  Oracle games marked "skipped" (non-standard variants, invalid FEN)
are not compared; they are counted separately.

Exit status: 0 always (this is a report), 2 on unreadable input.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections import Counter, OrderedDict, defaultdict
from typing import Any, Dict, List, Optional, Tuple

BAD_KINDS = {"illegal_move", "ambiguous_move", "unreadable_move"}
ALIGN_TAGS = ("White", "Black", "Round", "Date")


def load(path: str) -> "OrderedDict[str, List[dict]]":
    by_file: "OrderedDict[str, List[dict]]" = OrderedDict()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                print(f"{path}:{n}: bad JSON: {e}", file=sys.stderr)
                continue
            if rec.get("game") is None:  # file-level error record
                by_file.setdefault(norm(rec.get("file", "?")), [])
                continue
            by_file.setdefault(norm(rec["file"]), []).append(rec)
    for recs in by_file.values():
        recs.sort(key=lambda r: r["game"])
    return by_file


def norm(path: str) -> str:
    """Key for a file: the part from 'corpora/' on if present, else realpath."""
    p = path.replace("\\", "/")
    i = p.rfind("/corpora/")
    if i >= 0:
        return p[i + len("/corpora/"):]
    if p.startswith("corpora/"):
        return p[len("corpora/"):]
    return os.path.realpath(path)


def corpus_dir(key: str) -> str:
    if os.path.isabs(key):
        return os.path.dirname(key)
    return key.split("/", 1)[0] if "/" in key else "."


def ours_first_bad(rec: dict) -> Tuple[Optional[int], Optional[dict]]:
    best = None
    for f in rec.get("findings") or []:
        if f.get("severity") != "error" or f.get("kind") not in BAD_KINDS:
            continue
        if f.get("variation") is not None:
            continue
        ply = f.get("ply")
        if ply is None:
            continue
        if best is None or ply < best.get("ply"):
            best = f
    return (best.get("ply") if best else None), best


def findings_at(rec: dict, ply: Optional[int]) -> List[dict]:
    if ply is None:
        return []
    return [
        {k: f.get(k) for k in ("kind", "severity", "move", "line", "column", "message") if k in f}
        for f in rec.get("findings") or []
        if f.get("ply") == ply and f.get("variation") is None
    ]


def tag_key(tags: Dict[str, Any]) -> Tuple:
    return tuple((tags or {}).get(t) for t in ALIGN_TAGS)


def merge_pychess_splits(orecs: List[dict]) -> List[dict]:
    out: List[dict] = []
    i = 0
    while i < len(orecs):
        o = orecs[i]
        nxt = orecs[i + 1] if i + 1 < len(orecs) else None
        if (nxt is not None and o.get("plies") == 0 and not o.get("errors")
                and not nxt.get("headers") and not o.get("skipped")):
            m = dict(nxt)
            m["headers"] = o.get("headers") or {}
            m["game"] = o["game"]
            m["pychess_split"] = [o["game"], nxt["game"]]
            out.append(m)
            i += 2
        else:
            out.append(o)
            i += 1
    return out


def align(orc: List[dict], ours: List[dict]) -> List[Tuple[dict, dict]]:
    a = [tag_key(r.get("headers")) for r in orc]
    b = [tag_key(r.get("tags")) for r in ours]
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    pairs = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            pairs.extend(zip(orc[i1:i2], ours[j1:j2]))
    return pairs


class Stats:
    def __init__(self) -> None:
        self.c = Counter()

    def add(self, **kw: int) -> None:
        self.c.update(kw)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("oracle")
    ap.add_argument("ours")
    ap.add_argument("--max-diffs", type=int, default=20)
    ap.add_argument("--diffs-out", default=None, help="all differences as JSONL (default: OURS + '.diffs.jsonl')")
    args = ap.parse_args(argv)
    try:
        orc_files = load(args.oracle)
        our_files = load(args.ours)
    except OSError as e:
        print(e, file=sys.stderr)
        return 2
    diffs_out = args.diffs_out or (args.ours + ".diffs.jsonl")

    per_dir: Dict[str, Counter] = defaultdict(Counter)
    total = Counter()
    split_mismatch = []
    tag_mismatch = []  # same game count, but index-matched games differ in White/Black/Round/Date
    only_oracle = [k for k in orc_files if k not in our_files]
    only_ours = [k for k in our_files if k not in orc_files]
    diffs: List[dict] = []
    diff_cats = Counter()

    for key, orecs in orc_files.items():
        if key not in our_files:
            continue
        urecs = our_files[key]
        d = corpus_dir(key)
        cnt = per_dir[d]
        cnt["files"] += 1
        cnt["oracle_games"] += len(orecs)
        cnt["ours_games"] += len(urecs)
        if len(orecs) == len(urecs):
            pairs = list(zip(orecs, urecs))
            nmis = sum(1 for o, u in pairs if tag_key(o.get("headers")) != tag_key(u.get("tags")))
            if nmis:
                tag_mismatch.append((key, nmis, len(pairs)))
        else:
            # python-chess splits "tags, 2 blank lines (or a lone {comment}
            # paragraph), moves" into a tag-only game + a headerless game:
            # glue those back together before aligning.
            merged = merge_pychess_splits(orecs) if len(orecs) > len(urecs) else orecs
            if len(merged) == len(urecs):
                pairs = list(zip(merged, urecs))
            else:
                pairs = align(merged, urecs)
            split_mismatch.append({"file": key, "oracle_games": len(orecs), "ours_games": len(urecs),
                                   "pychess_splits_merged": len(orecs) - len(merged),
                                   "aligned_by_tags": len(pairs)})
            orecs = merged
            cnt["games_in_split_mismatch_files"] += max(len(orecs), len(urecs))
            cnt["unaligned_oracle_games"] += len(orecs) - len(pairs)
        for o, u in pairs:
            if o.get("skipped"):
                cnt["skipped_by_oracle"] += 1
                continue
            if o.get("oracle_error"):
                cnt["oracle_error"] += 1
                continue
            cnt["compared"] += 1
            o_bad = o.get("first_bad_ply")
            u_bad, u_find = ours_first_bad(u)
            same_bad = o_bad == u_bad
            same_fen = o.get("final_fen") == u.get("final_fen")
            same_plies = o.get("plies") == u.get("plies")
            cnt["agree_first_bad_ply"] += same_bad
            cnt["agree_final_fen"] += same_fen
            cnt["agree_plies"] += same_plies
            cnt["agree_all"] += same_bad and same_fen and same_plies
            cnt["oracle_bad"] += o_bad is not None
            cnt["ours_bad"] += u_bad is not None
            if same_bad and same_fen and same_plies:
                continue
            fields = [f for f, s in (("first_bad_ply", same_bad), ("final_fen", same_fen), ("plies", same_plies)) if not s]
            ply = min([p for p in (o_bad, u_bad) if p is not None], default=None)
            if not same_bad:
                if o_bad is None:
                    cat = "ours_only_error"
                elif u_bad is None:
                    cat = "oracle_only_error"
                else:
                    cat = "different_ply"
            else:
                cat = "same_verdict_other_diff"
            if o.get("pychess_board_leak"):
                cat += "+pychess_board_leak"
            if o.get("crash"):
                cat += "+pychess_crash"
            if o.get("pychess_split"):
                cat += "+pychess_split_merged"
            diff_cats[cat] += 1
            diffs.append({
                "file": key, "category": cat, "fields": fields,
                "oracle_game": o.get("game"), "ours_game": u.get("game"),
                "line": u.get("line"), "oracle_line": o.get("line"),
                "first_bad_ply": {"oracle": o_bad, "ours": u_bad},
                "oracle_bad_san": o.get("bad_san"), "oracle_bad_type": o.get("bad_type"),
                "oracle_errors": o.get("errors"),
                "ours_bad_finding": u_find,
                "ours_findings_at_ply": findings_at(u, ply),
                "plies": {"oracle": o.get("plies"), "ours": u.get("plies")},
                "final_fen": {"oracle": o.get("final_fen"), "ours": u.get("final_fen")},
                "pychess_board_leak": bool(o.get("pychess_board_leak")),
                "pychess_split": o.get("pychess_split"),
                "tags": {t: (u.get("tags") or {}).get(t) for t in ALIGN_TAGS},
            })
    for cnt in per_dir.values():
        total.update(cnt)

    def pct(a: int, b: int) -> str:
        return f"{a}/{b} ({100.0 * a / b:.2f}%)" if b else "0/0"

    def show(name: str, c: Counter) -> None:
        n = c["compared"]
        print(f"{name}: files {c['files']}, games oracle {c['oracle_games']} / ours {c['ours_games']}, compared {n}"
              + (f", skipped(oracle) {c['skipped_by_oracle']}" if c["skipped_by_oracle"] else "")
              + (f", unaligned {c['unaligned_oracle_games']}" if c["unaligned_oracle_games"] else ""))
        print(f"    first_bad_ply {pct(c['agree_first_bad_ply'], n)}  final_fen {pct(c['agree_final_fen'], n)}"
              f"  plies {pct(c['agree_plies'], n)}  all {pct(c['agree_all'], n)}"
              f"  [bad games: oracle {c['oracle_bad']}, ours {c['ours_bad']}]")

    print("== per corpus directory")
    for d in sorted(per_dir):
        show(d, per_dir[d])
    print("== overall")
    show("ALL", total)
    if only_oracle or only_ours:
        print(f"== files only in oracle: {len(only_oracle)}, only in ours: {len(only_ours)}")
        for k in only_oracle[:20]:
            print(f"    oracle only: {k}")
        for k in only_ours[:20]:
            print(f"    ours only:   {k}")
    if split_mismatch:
        print(f"== files split into different numbers of games: {len(split_mismatch)}")
        for s in split_mismatch:
            print(f"    {s['file']}: oracle {s['oracle_games']}, ours {s['ours_games']}, "
                  f"python-chess splits merged {s['pychess_splits_merged']}, pairs compared {s['aligned_by_tags']}")
    if tag_mismatch:
        print(f"== files with equal game counts whose index-matched games differ in {'/'.join(ALIGN_TAGS)}: {len(tag_mismatch)}")
        print("   (expected where python-chess lost a game's tags, e.g. tags glued to the previous game's movetext)")
        for k, n, m in tag_mismatch[:30]:
            print(f"    {k}: {n} of {m} games")
    if diff_cats:
        print("== difference categories")
        for cat, n in diff_cats.most_common():
            print(f"    {n:7d}  {cat}")
    with open(diffs_out, "w", encoding="utf-8") as f:
        for d_ in diffs:
            f.write(json.dumps(d_, ensure_ascii=False) + "\n")
    print(f"== {len(diffs)} differing games written to {diffs_out}")
    for d_ in diffs[: args.max_diffs]:
        print(f"-- {d_['file']} game {d_['oracle_game']}/{d_['ours_game']} (line {d_['line']}) [{d_['category']}] differs in {','.join(d_['fields'])}")
        print(f"     first_bad_ply oracle={d_['first_bad_ply']['oracle']} ({d_['oracle_bad_san']!r} {d_['oracle_bad_type']})"
              f" ours={d_['first_bad_ply']['ours']}"
              + (f" ({d_['ours_bad_finding'].get('kind')} {d_['ours_bad_finding'].get('move')!r})" if d_["ours_bad_finding"] else ""))
        for fa in d_["ours_findings_at_ply"][:3]:
            print(f"     ours at ply: {fa.get('kind')} {fa.get('move')!r} line {fa.get('line')}:{fa.get('column')} {fa.get('message')}")
        if "plies" in d_["fields"]:
            print(f"     plies oracle={d_['plies']['oracle']} ours={d_['plies']['ours']}")
        if "final_fen" in d_["fields"]:
            print(f"     fen oracle={d_['final_fen']['oracle']}")
            print(f"     fen ours  ={d_['final_fen']['ours']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
