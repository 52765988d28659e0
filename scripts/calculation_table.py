#!/usr/bin/env python3
"""Recompute the README's table of Calculation runs from the shard files.

    scripts/calculation_table.py           rewrite the table in README.md
    scripts/calculation_table.py --check   exit 1 if README.md differs from the files

The table, the paired comparisons and the progress of unfinished runs sit in README.md
between the markers `<!-- calculation-runs:begin -->` and `<!-- calculation-runs:end -->`.
Every figure there comes from `cgtk --json calculation merge` of the shard files under
docs/runs/calculation/ and `cgtk --json calculation compare` of two merged results, so no
number is typed by hand. Environment: CGTK (default target/release/cgtk).
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNS = ROOT / "docs" / "runs" / "calculation"
README = ROOT / "README.md"
BEGIN = "<!-- calculation-runs:begin -->"
END = "<!-- calculation-runs:end -->"

# The 25 shards of 40 (625 deals) of the 4-pile player nested from 16, in the order played;
# the run with 6,400 samples follows the same plan.
NESTED16_PLAN = [1, 9, 17, 25, 33, 2, 10, 18, 26, 34, 3, 11, 19, 27, 35, 4, 12, 20, 28, 36, 5,
                 13, 21, 29, 37]

# Every shard of 80 of the 3-pile player nested from 32, in the order played: by the deals'
# residue mod 16 (1, 17, 33, 49, 65 hold the deals ≡ 0 mod 16, then 2, 18, …). The runs paired
# with it play a prefix of this plan.
RESIDUE16_PLAN = [r + k for r in range(1, 17) for k in range(0, 80, 16)]

# The 5 shards of 80 holding the 63 deals ≡ 0 mod 16: the first slice of the 3-pile runs
# paired with the player nested from 32.
FIRST_SIXTEENTH = RESIDUE16_PLAN[:5]

# (folder, label, the run's `--deals`, the shards planned: None for all) in table order, as
# docs/runs/calculation/README.md lists the runs; the pairs of budgets compared deal by deal.
ROWS = [
    ("best-1k", "`best`, 1,000 playouts", 1000, None),
    ("seed-1k", "the seed's search, 1,000 playouts", 1000, None),
    ("best-10k", "`best`, 10,000 playouts", 1000, None),
    ("seed-10k", "the seed's search, 10,000 playouts", 1000, None),
    ("best-100k", "`best`, 100,000 playouts", 1000, None),
    ("seed-100k", "the seed's search, 100,000 playouts", 1000, None),
    ("best-1k-3piles", "`best`, 1,000 playouts, 3 piles", 1000, None),
    ("rollout-1600", "rollout, 1,600 samples", 1000, [1]),
    ("rollout-6400", "rollout, 6,400 samples", 1000, [1]),
    ("rollout-6400-3piles", "rollout, 6,400 samples, 3 piles", 1000, [1]),
    ("rollout-1600-exact5", "rollout, 1,600 samples, last 5 cards exact", 1000, [1, 2]),
    ("rollout-1600-exact5-3piles", "rollout, 1,600 samples, last 5 cards exact, 3 piles",
     1000, [1]),
    ("rollout-1600-exact5-wins", "rollout, 1,600 samples, last 5 cards exact, wins first",
     1000, [1, 2]),
    ("rollout-1600-exact5-wins-3piles",
     "rollout, 1,600 samples, last 5 cards exact, wins first, 3 piles", 1000, [1, 2]),
    ("rollout-1600-exact5-fitted-3piles",
     "rollout, 1,600 samples, last 5 cards exact, fitted base policy, 3 piles", 1000,
     [1, 2]),
    ("rollout-3200-exact5-3piles",
     "rollout, 3,200 samples, last 5 cards exact, wins first, 3 piles", 1000, [1, 2]),
    ("rollout-1600-exact7", "rollout, 1,600 samples, last 7 cards exact, wins first", 1000,
     [1, 2, 3, 4]),
    ("rollout-1600-exact7-3piles",
     "rollout, 1,600 samples, last 7 cards exact, wins first, 3 piles", 1000, [1]),
    ("rollout-1600-nested16-exact7",
     "rollout, 1,600 samples, a level deeper from 16 cards face down (100 × 16 samples), "
     "last 7 cards exact", 1000, NESTED16_PLAN),
    ("rollout-6400-nested16-exact7",
     "rollout, 6,400 samples, a level deeper from 16 cards face down (100 × 16 samples), "
     "last 7 cards exact", 1000,
     # Paired with rollout-1600-nested16-exact7 over its 625 deals.
     NESTED16_PLAN),
    ("rollout-1600-nested24-exact7-3piles",
     "rollout, 1,600 samples, a level deeper from 24 cards face down (100 × 16 samples), "
     "last 7 cards exact, 3 piles", 1000, [1, 17, 33, 49, 65, 2, 18, 34, 50, 66]),
    ("rollout-1600-nested24-exact7",
     "rollout, 1,600 samples, a level deeper from 24 cards face down (100 × 16 samples), "
     "last 7 cards exact", 1000,
     # Stopped after these: no gain over nesting from 16 (docs/calculation-history.md).
     [1, 2, 9, 10, 17, 18]),
    ("rollout-100-level2-exact7",
     "rollout, two levels throughout (100 × 16 samples), last 7 cards exact", 1000,
     # Every shard of 80. Shards k and k + 40 are shard k of 40 of rollout-1600-nested16-exact7;
     # they were played by the deals' residue mod 8, first the five residues that run played,
     # then ≡ 5, 6 and 7 (docs/runs/calculation/README.md gives the order).
     list(range(1, 81))),
    ("rollout-12800-nested32-exact7",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (100 × 16 samples), "
     "last 7 cards exact", 1000,
     # The 3-pile player's strongest settings with 4 piles, from the thirty-ninth session, by
     # the deals' residue mod 16 as the 3-pile run; paired with the two-level player.
     RESIDUE16_PLAN),
    ("rollout-12800-nested32-fitted-exact7",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (100 × 16 samples), "
     "last 7 cards exact, fitted base policy", 1000,
     # The fitted base policy at the settings of the row above, from the fifty-first session,
     # by the same plan, so `cgtk calculation compare` pairs the two over the deals both played
     # (the history does; this table does not).
     RESIDUE16_PLAN),
    ("rollout-12800-nested24-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 24 cards face down (100 × 16 samples), "
     "last 7 cards exact, 3 piles", 1000, [1, 17, 33, 49, 65, 2, 18, 34, 50, 66]),
    ("rollout-12800-nested32-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (100 × 16 samples), "
     "last 7 cards exact, 3 piles", 1000,
     RESIDUE16_PLAN),
    ("rollout-12800-nested32-50x32-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (50 × 32 samples), "
     "last 7 cards exact, 3 piles", 1000, FIRST_SIXTEENTH),
    ("rollout-12800-nested32-fitted-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (100 × 16 samples), "
     "last 7 cards exact, fitted base policy, 3 piles", 1000,
     # ≡ 0 mod 16 in the seventeenth session, ≡ 1 to 5 and two shards of ≡ 6 in the
     # thirty-sixth, ≡ 6 to 11 and two shards of ≡ 12 in the thirty-seventh, the rest in the
     # thirty-eighth: complete.
     RESIDUE16_PLAN),
    ("rollout-12800-nested32-200x16-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (200 × 16 samples), "
     "last 7 cards exact, 3 piles", 1000,
     # Stopped after these: 37 won against 36 for 100 orders a placement (p = 1.0).
     [1, 17, 33, 49]),
    ("rollout-12800-nested40-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 40 cards face down (100 × 16 samples), "
     "last 7 cards exact, 3 piles", 1000, FIRST_SIXTEENTH),
    ("rollout-12800-nested32-escalate48-exact7-3piles",
     "rollout, 12,800 samples, a level deeper from 32 cards face down (100 × 16 samples) and "
     "on the decisions left open before, last 7 cards exact, 3 piles", 1000,
     FIRST_SIXTEENTH),
    ("rollout-100-level2-exact7-3piles",
     "rollout, two levels throughout (100 × 16 samples), last 7 cards exact, 3 piles", 1000,
     [1, 17, 33, 49, 65, 81, 97, 113, 129, 145]),
    ("rollout-12800-exact5-3piles",
     "rollout, 12,800 samples, last 5 cards exact, wins first, 3 piles", 1000,
     [1, 2, 17, 18]),
    ("rollout-25600-exact5-3piles",
     "rollout, 25,600 samples, last 5 cards exact, wins first, 3 piles", 1000, [1, 17]),
    ("solver-1m", "the solver (every card known), 10⁶ positions a deal", 10000, None),
    ("solver-1m-3piles", "the solver (every card known), 10⁶ positions a deal, 3 piles",
     10000, None),
    ("solver-10m", "the solver (every card known), 10⁷ positions a deal", 10000, None),
    ("solver-100m", "the solver (every card known), 10⁸ positions a deal", 10000, None),
    ("solver-10m-3piles", "the solver (every card known), 10⁷ positions a deal, 3 piles",
     10000, None),
]
PAIRS = [("1k", "1,000"), ("10k", "10,000"), ("100k", "100,000")]
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def cgtk(*args):
    binary = os.environ.get("CGTK", str(ROOT / "target" / "release" / "cgtk"))
    out = subprocess.run([binary, "--json", *map(str, args)], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def shard_files(name):
    """The shard files of a run, by shard number: {I: path}, and N."""
    files, total = {}, None
    for path in (RUNS / name).glob("shard-*-of-*.json"):
        i, n = map(int, re.fullmatch(r"shard-(\d+)-of-(\d+)\.json", path.name).groups())
        if total not in (None, n):
            sys.exit(f"{name}: shards of {total} and of {n} mixed")
        files[i], total = path, n
    return files, total


def spans(numbers):
    """1, 2, 3, 5 -> '1–3, 5'."""
    out, numbers = [], sorted(numbers)
    start = prev = numbers[0]
    for x in numbers[1:] + [None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        out.append(f"{start}–{prev}" if prev > start + 1 else
                   f"{start}, {prev}" if prev == start + 1 else f"{start}")
        if x is not None:
            start = prev = x
    return ", ".join(out)


def thousands(n):
    return f"{n:,}"


def deal_range(result, deals):
    """The deal numbers of the whole run, checked against the slices played."""
    first = result["first_seed"]
    for s in result.get("deals") or []:
        last = s["first"] + s["step"] * (s["count"] - 1)
        if s["first"] < first or last >= first + deals:
            sys.exit(f"{result['player']}: deals {s} outside {first}–{first + deals - 1}")
    return first, first + deals - 1


def merged(name, shards=None):
    files, total = shard_files(name)
    if not files:
        return None
    chosen = sorted(files) if shards is None else sorted(shards)
    result = cgtk("calculation", "merge", *[files[i] for i in chosen])
    result["_shards"], result["_of"] = chosen, total
    return result


def power_of_ten(p):
    if p >= 0.001:
        return f"{p:.2g}"
    mantissa, exponent = f"{p:.1e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(SUPERSCRIPT)}"


def table():
    lines = ["| player | deals | won | rate (interval) | CPU s / game |",
             "|---|---|---|---|---|"]
    results = {}
    for name, label, count, planned in ROWS:
        r = merged(name)
        if r is None:
            continue
        lo, hi = deal_range(r, count)
        r["_range"] = (lo, hi)
        r["_planned"] = planned or list(range(1, r["_of"] + 1))
        results[name] = r
        every = len(r["_shards"]) == r["_of"]
        lo, hi = thousands(lo), thousands(hi)
        deals = f"{lo}–{hi}" if every else (
            f"{thousands(r['games'])} of {lo}–{hi} "
            f"(shard{'s' if len(r['_shards']) > 1 else ''} {spans(r['_shards'])} of {r['_of']})")
        cpu = r.get("cpu_seconds_per_game")
        cpu = f"{cpu:.2f}" if cpu is not None else f"{r['seconds_per_game']:.2f} (wall)"
        won = thousands(r["wins"])
        if r.get("unknown"):
            won += f" ({thousands(r['unknown'])} unknown)"
        lines.append(f"| {label} | {deals} | {won} | {100 * r['rate']:.1f}% "
                     f"({100 * r['ci_low']:.1f}%–{100 * r['ci_high']:.1f}%) | {cpu} |")
    return lines, results


def paired():
    parts = []
    for budget, words in PAIRS:
        best, _ = shard_files(f"best-{budget}")
        seed, _ = shard_files(f"seed-{budget}")
        common = sorted(set(best) & set(seed))
        if not common:
            continue
        a, b = merged(f"best-{budget}", common), merged(f"seed-{budget}", common)
        with tempfile.TemporaryDirectory() as tmp:
            fa, fb = pathlib.Path(tmp, "best.json"), pathlib.Path(tmp, "seed.json")
            for f, r in ((fa, a), (fb, b)):
                f.write_text(json.dumps({k: v for k, v in r.items() if not k.startswith("_")}))
            c = cgtk("calculation", "compare", fa, fb)
        where = "" if len(common) == a["_of"] else f" (the {thousands(c['games'])} deals run by both)"
        parts.append(f"at {words} playouts{where} {c['only_first']} against "
                     f"{c['only_second']} (p = {power_of_ten(c['p_value'])})")
    return ("Deal by deal (`cgtk calculation compare`; deals won by `best` alone against deals "
            "won by the seed's search alone, exact two-sided sign test): "
            + "; ".join(parts) + ".")


def progress(results):
    unfinished = [(n, r) for n, r in results.items()
                  if set(r["_planned"]) - set(r["_shards"])]
    if not unfinished:
        return None
    said, hours = [], 0.0
    for name, r in unfinished:
        lo, hi = r["_range"]
        planned = len(r["_planned"])
        left = (hi - lo + 1) * planned / r["_of"] - r["games"]
        cpu = r.get("cpu_seconds_per_game") or r["seconds_per_game"]
        hours += left * cpu / 3600
        said.append(f"`{name}` {len(r['_shards'])} of {planned} shards "
                    f"({thousands(r['games'])} deals, {cpu:.1f} processor seconds a game)")
    return ("Runs still under way (resume them as `docs/runs/calculation/README.md` says): "
            + "; ".join(said) + f"; about {hours:.1f} processor hours left in all.")


def block():
    lines, results = table()
    text = "\n".join(lines) + "\n\n" + paired() + "\n"
    more = progress(results)
    if more:
        text += "\n" + more + "\n"
    return f"{BEGIN}\n{text}{END}"


def main():
    readme = README.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(readme):
        sys.exit(f"README.md has no {BEGIN} … {END} block")
    updated = pattern.sub(lambda _: block(), readme)
    if "--check" in sys.argv[1:]:
        if updated != readme:
            sys.exit("README.md's table of Calculation runs is out of date: "
                     "run scripts/calculation_table.py")
        return
    README.write_text(updated)


if __name__ == "__main__":
    main()
