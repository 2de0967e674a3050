"""examples/compare-policies.ipynb runs top to bottom (so it cannot rot)."""

from __future__ import annotations

import pytest

from conftest import ROOT

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")


def test_compare_policies_notebook_runs_top_to_bottom():
    path = ROOT / "examples" / "compare-policies.ipynb"
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    images = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    assert images, "the notebook drew no miss-ratio curves"
