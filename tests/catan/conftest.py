from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..support.reference import REFERENCE


@pytest.fixture
def reference() -> Path:
    return REFERENCE


@pytest.fixture
def js_geometry(reference) -> dict:
    return json.loads((reference / "jsettlers" / "classic-board-geometry.json").read_text())


@pytest.fixture
def sgn_geometry(reference) -> dict:
    return json.loads((reference / "sgn" / "derived-standard-board-geometry.json").read_text())


def load_sgn_validator(reference: Path):
    """The SGN v1.0 message schema with its documented bugs patched in memory: PD rCodes refer to
    resource codes (the shipped schema points at card codes), and a message has exactly 3 items."""
    import copy

    import jsonschema

    schema = copy.deepcopy(json.loads((reference / "sgn" / "schema" / "v1.0" / "message.json").read_text()))
    for alternative in schema["oneOf"]:
        if alternative["items"][1].get("pattern") == "^PD$":
            alternative["items"][2]["properties"]["rCodes"]["items"] = {"$ref": "#/definitions/rCode"}
    schema["minItems"] = schema["maxItems"] = 3
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


@pytest.fixture
def sgn_validator(reference):
    return load_sgn_validator(reference)
