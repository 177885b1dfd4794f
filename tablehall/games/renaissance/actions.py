"""Kernel actions as JSON for records: a tuple becomes a list, and back.

>>> encode(("market", "row", 2))
['market', 'row', 2]
>>> decode(['white', None])
('white', None)
"""

from __future__ import annotations

from typing import Any


def encode(action: tuple) -> list[Any]:
    return list(action)


def decode(data: Any) -> tuple:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"not a Masters of Renaissance action: {data!r}")
    if not all(value is None or isinstance(value, (str, int)) for value in data[1:]):
        raise ValueError(f"action parameters are names or numbers: {data!r}")
    return tuple(data)
