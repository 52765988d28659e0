"""The notebooks are committed without outputs, and each drives the command line and checks it.

Run with the notebooks themselves: `pytest --nbmake notebooks/` collects this file too.
"""

import json
import pathlib

import pytest

NOTEBOOKS = sorted(pathlib.Path(__file__).parent.glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 6, NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path):
    notebook = json.loads(path.read_text())
    for i, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"{path.name}: cell {i} has outputs (clear them)"
            assert cell.get("execution_count") is None, f"{path.name}: cell {i} has an execution count"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_drives_the_cli_and_checks_it(path):
    notebook = json.loads(path.read_text())
    code = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    markdown = [c for c in notebook["cells"] if c["cell_type"] == "markdown"]
    assert "from cgtk_cli import" in code, f"{path.name} does not run cgtk"
    assert "\nassert " in code or "    assert " in code, f"{path.name} checks nothing"
    assert len(markdown) >= 2, f"{path.name} explains nothing"
