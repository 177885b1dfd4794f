from __future__ import annotations

import json
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference"


@pytest.fixture
def reference() -> Path:
    if not REFERENCE.is_dir():
        pytest.skip(f"shared reference data not found at {REFERENCE}")
    return REFERENCE


@pytest.fixture
def js_geometry(reference) -> dict:
    return json.loads((reference / "jsettlers" / "classic-board-geometry.json").read_text())


@pytest.fixture
def sgn_geometry(reference) -> dict:
    return json.loads((reference / "sgn" / "derived-standard-board-geometry.json").read_text())
