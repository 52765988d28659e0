#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a bounded time (default 60 s each), after
# seeding its corpus from the bad-input corpora (tests/data/invalid_*.txt) and, for the
# table target, from freshly solved tables. Needs the nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# A crash is saved under fuzz/artifacts/TARGET/ and makes the script exit non-zero; the
# summary lists how long each target ran and how many inputs it tried.
set -u
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fen nimber_expr heap_game board_size variants notation poggle_text cycles table_open make_unmake)
fi

# The inputs of a corpus file: each data line up to its last unescaped ` | `, one input
# per file (the first field; the escapes \n and \t are expanded).
seed_from() {
    local target=$1
    shift
    local dir="fuzz/corpus/$target"
    mkdir -p "$dir"
    for data in "$@"; do
        python3 - "$data" "$dir" <<'PY'
import hashlib, os, re, sys
data, out = sys.argv[1], sys.argv[2]
for line in open(data, encoding="utf-8").read().splitlines()[1:]:
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    fields = re.split(r"(?<!\\)\|", line)
    for field in fields[:-1]:
        text = field.strip()
        if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
            text = text[1:-1]
        text = text.replace("\\n", "\n").replace("\\t", "\t").replace("\\|", "|")
        blob = text.encode("utf-8")
        name = hashlib.sha1(blob).hexdigest()
        with open(os.path.join(out, name), "wb") as f:
            f.write(blob)
PY
    done
}

d=tests/data
seed_from fen $d/invalid_fen.txt
seed_from nimber_expr $d/invalid_nimber.txt
seed_from heap_game $d/invalid_heap_game.txt
seed_from board_size $d/invalid_board_size.txt
seed_from variants $d/invalid_variant.txt $d/invalid_nim_position.txt
seed_from notation $d/invalid_*_position.txt $d/invalid_*_move.txt $d/invalid_poggle_press.txt
seed_from poggle_text $d/invalid_poggle_grid.txt $d/invalid_poggle_pattern.txt
seed_from cycles $d/invalid_cycle_generators.txt $d/invalid_cycle_group.txt
seed_from make_unmake $d/invalid_chess_move.txt
# Real tables to mutate: Mu Torere (1,465 bytes) stored both ways. The cgtk binary is the
# one already built (CGTK=path to choose another), else built now.
mkdir -p fuzz/corpus/table_open
cgtk=${CGTK:-target/debug/cgtk}
if [ ! -x "$cgtk" ]; then
    cargo build --quiet && cgtk=target/debug/cgtk
fi
"$cgtk" solve mu-torere --out fuzz/corpus/table_open/mu-torere.tbl > /dev/null
"$cgtk" solve mu-torere --compression none --out fuzz/corpus/table_open/mu-torere-none.tbl > /dev/null
"$cgtk" solve mu-torere --variant first-two-turns --out fuzz/corpus/table_open/mu-torere-ftt.tbl > /dev/null

cd fuzz
status=0
summary=()
for target in "${targets[@]}"; do
    log="$root/fuzz/$target.log"
    start=$(date +%s)
    cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -max_len=4096 > "$log" 2>&1
    code=$?
    took=$(( $(date +%s) - start ))
    runs=$(grep -o 'Done [0-9]* runs' "$log" | tail -1)
    if [ $code -ne 0 ]; then
        status=1
        summary+=("$target: FOUND A CRASH after ${took}s (see fuzz/$target.log, fuzz/artifacts/$target/)")
    else
        summary+=("$target: ${took}s, ${runs:-no run count}, nothing found")
    fi
done
printf '%s\n' "${summary[@]}"
exit $status
