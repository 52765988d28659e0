"""Running the `cgtk` command line from the notebooks.

The binary is the one named by the environment variable CGTK (default
`target/release/cgtk`); a relative path is taken from the repository root, so the
notebooks work whether Jupyter or pytest starts them from the root or from this folder.
Every call uses `--json` and `subprocess.run(check=True)`: a failing command fails the cell.
"""

import json
import os
import pathlib
import subprocess
import time


def repo_root() -> pathlib.Path:
    """The repository root: the nearest folder above the working one with Cargo.toml and notebooks/."""
    here = pathlib.Path.cwd().resolve()
    for folder in [here, *here.parents]:
        if (folder / "Cargo.toml").is_file() and (folder / "notebooks").is_dir():
            return folder
    raise RuntimeError(f"{here} is not inside the cgtk repository")


ROOT = repo_root()
CGTK = pathlib.Path(os.environ.get("CGTK", "target/release/cgtk"))
if not CGTK.is_absolute():
    CGTK = ROOT / CGTK
if not CGTK.is_file():
    raise FileNotFoundError(f"{CGTK} not found: run `cargo build --release` or set CGTK")


def run(*args, json_output=True) -> subprocess.CompletedProcess:
    """Runs `cgtk [--json] ARGS…`, raising CalledProcessError (with stderr) on failure."""
    command = [str(CGTK), *(["--json"] if json_output else []), *map(str, args)]
    try:
        return subprocess.run(command, check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as err:
        raise RuntimeError(f"{' '.join(command)} failed: {err.stderr}") from err


def cgtk(*args):
    """The parsed JSON output of `cgtk --json ARGS…`."""
    return json.loads(run(*args).stdout)


def cgtk_timed(*args):
    """The parsed JSON output of `cgtk --json ARGS…` and the wall time of the run in seconds."""
    start = time.perf_counter()
    out = run(*args).stdout
    return json.loads(out), time.perf_counter() - start


def reference(path):
    """A published table kept as test data: its `# Source:` line and its rows, split on spaces.

    `path` is taken from the repository root (e.g. `solvers/chess/tests/data/perft.txt`);
    comment lines (`#`) and blank lines are not rows.
    """
    lines = (ROOT / path).read_text().splitlines()
    source = next((line[2:] for line in lines if line.startswith("# Source")), "")
    rows = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    return source, rows
