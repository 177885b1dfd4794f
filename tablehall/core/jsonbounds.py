"""JSON from strangers, read within bounds: nesting past a limit, numbers that do not fit and
the non-standard NaN and Infinity are one `ValueError` with a short message, never a
RecursionError or OverflowError from deep inside the reader."""

from __future__ import annotations

import json
import math
from typing import Any

from .quoting import token


def loads(text: str | bytes, max_depth: int) -> Any:
    """`json.loads` of `text`, refused (ValueError) when nested deeper than `max_depth`
    arrays and objects, or with a number that is not finite."""
    try:
        value = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"JSON nested deeper than {max_depth} levels") from None
    if depth(value) > max_depth:
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    return value


def depth(value: Any) -> int:
    """How deeply arrays and objects nest in `value` (a scalar: 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in item if isinstance(child, (dict, list)))
    return deepest


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range: {token(text)}")
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")
