"""Canonical JSON, and a record's JSON texts with its actions written once.

`dumps` is the canonical form every record is written in: sorted keys, no spaces, ASCII only.
A store writes two texts of each record, its canonical body (what the digest covers) and its
stored body (the canonical one with the annotations), and the actions are nearly all of both.
``actions`` sorts before every other key of either body, so each text is ``{"actions":`` and
the actions' JSON, then the JSON of the rest of that body without its opening brace:
`with_actions` writes it so, and is checked against `dumps` of the whole body
(tests/core/test_record_text.py).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

# one encoder for every record (json.dumps with options other than the defaults builds a new one
# on each call); a record is a tree of plain values, so nothing to check for circular references
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True, check_circular=False)


def dumps(data: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, ASCII only."""
    return _CANONICAL.encode(data)


def with_actions(actions: str, rest: Mapping[str, Any]) -> str:
    """`dumps({"actions": ..., **rest})`, the actions given as their JSON text (`dumps` of
    them); every key of `rest` sorts after ``actions``, and there is at least one."""
    return f'{{"actions":{actions},{dumps(rest)[1:]}'
