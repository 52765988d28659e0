#!/usr/bin/env bash
# Long Calculation benchmark runs in resumable shards, one JSON file per shard.
#
#   scripts/calculation_runs.sh NAME N [I...] -- BENCH-OPTIONS...
#
# plays shard I of N (every shard 1..N when no I is given) of
# `cgtk --threads 1 --json calculation bench BENCH-OPTIONS... --shard I/N` and writes
# docs/runs/calculation/NAME/shard-I-of-N.json, skipping shards already written, so a run
# that was stopped resumes where it stopped and several machines (or sessions) can share a
# run. Each file is written whole or not at all. A shard being played holds a lock
# (`flock` on shard-I-of-N.json.lock beside it), so several copies of this script started
# on one machine, one per idle core, share a run without playing a shard twice: each skips
# the shards another copy is playing. The totals come from
#
#   cgtk calculation merge docs/runs/calculation/NAME/*.json
#
# and two players on the same deals compare with `cgtk calculation compare`.
# Environment: CGTK (default target/release/cgtk), NICE (default 10), THREADS (default 1:
# the worker threads of each bench; the rollout player's decisions use them too).
#
# The whole script is one function, read before it runs: bash reads a script as it goes, so
# a script edited while a copy of it runs would go on with the edited text at the old place
# (once this made a finished run write an empty shard file over its result).
set -euo pipefail

main() {
  cd "$(dirname "$0")/.."

  if [ $# -lt 3 ]; then
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
  fi
  name=$1
  count=$2
  shift 2
  shards=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    shards+=("$1")
    shift
  done
  if [ $# -eq 0 ]; then
    echo "error: put -- before the bench options" >&2
    exit 2
  fi
  shift
  if [ ${#shards[@]} -eq 0 ]; then
    shards=($(seq 1 "$count"))
  fi

  cgtk=${CGTK:-target/release/cgtk}
  dir=docs/runs/calculation/$name
  mkdir -p "$dir"
  locking=
  if command -v flock >/dev/null 2>&1; then
    locking=yes
  else
    echo "warning: no flock here; do not start two copies of this script on one run" >&2
  fi
  for i in "${shards[@]}"; do
    out=$dir/shard-$i-of-$count.json
    if [ -s "$out" ]; then
      continue
    fi
    if [ -n "$locking" ]; then
      exec 9>"$out.lock"
      if ! flock -n 9; then
        echo "$(date -u +%H:%M:%S) $name shard $i/$count: played by another process, skipped" >&2
        exec 9>&-
        continue
      fi
      if [ -s "$out" ]; then # written by the process that held the lock
        exec 9>&-
        continue
      fi
    fi
    echo "$(date -u +%H:%M:%S) $name shard $i/$count" >&2
    nice -n "${NICE:-10}" "$cgtk" --threads "${THREADS:-1}" --json calculation bench "$@" --shard "$i/$count" \
      > "$out.part"
    mv "$out.part" "$out"
    if [ -n "$locking" ]; then
      rm -f "$out.lock"
      exec 9>&-
    fi
  done
}

main "$@"; exit
