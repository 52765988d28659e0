#!/usr/bin/env bash
# Runs every notebook in notebooks/ and renders it, plots included, to HTML for reading.
#
#   scripts/render_notebooks.sh [OUTPUT_DIR]      (default: target/notebooks-html, ignored by git)
#
# Uses the Python of target/notebook-venv when it exists (the one .ci/run sets up from
# notebooks/requirements.txt), else `python3`, or the interpreter named by $PYTHON. The
# notebooks run the binary named by $CGTK (default target/release/cgtk), built here if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/notebooks-html}
python=${PYTHON:-}
if [ -z "$python" ]; then
  if [ -x target/notebook-venv/bin/python ]; then python=target/notebook-venv/bin/python; else python=python3; fi
fi
if [ -z "${CGTK:-}" ] && [ ! -x target/release/cgtk ]; then
  cargo build --release --bin cgtk
fi
mkdir -p "$out"
# Notebooks run with their own folder as the working directory, as under pytest --nbmake.
"$python" -m jupyter nbconvert --to html --execute --ExecutePreprocessor.timeout=300 \
  --output-dir "$out" notebooks/*.ipynb
echo "rendered $(ls notebooks/*.ipynb | wc -l) notebooks to $out/"
