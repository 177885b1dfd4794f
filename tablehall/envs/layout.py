"""Observation layouts: a game's observation is one flat float32 vector made of named fields.

A `Layout` lists the fields in order; each knows its offset, shape, bounds and meaning, so the
observation space, the encoders (which write by field name) and the tables in docs/envs.md all
come from the same list (tests/envs/test_docs.py checks the docs against it).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

import numpy as np


@dataclass(frozen=True)
class Field:
    name: str
    shape: tuple[int, ...]
    low: float
    high: float
    meaning: str
    offset: int = 0

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def end(self) -> int:
        return self.offset + self.size


class Layout:
    """Fields laid end to end.  `layout["hand"]` is a field; `layout.slice("hand")` its slice."""

    def __init__(self, fields: list[tuple[str, tuple[int, ...] | int, float, float, str]]) -> None:
        self.fields: list[Field] = []
        offset = 0
        for name, shape, low, high, meaning in fields:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            field = Field(name, shape, float(low), float(high), meaning, offset)
            self.fields.append(field)
            offset = field.end
        self.size = offset
        self._by_name = {f.name: f for f in self.fields}
        if len(self._by_name) != len(self.fields):
            raise ValueError("field names must be unique")

    def __getitem__(self, name: str) -> Field:
        return self._by_name[name]

    def __iter__(self):
        return iter(self.fields)

    def offset(self, name: str) -> int:
        return self._by_name[name].offset

    def slice(self, name: str) -> slice:
        field = self._by_name[name]
        return slice(field.offset, field.end)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-element low and high, for the observation space's Box."""
        low = np.empty(self.size, np.float32)
        high = np.empty(self.size, np.float32)
        for f in self.fields:
            low[f.offset:f.end] = f.low
            high[f.offset:f.end] = f.high
        return low, high

    def unpack(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        """The observation as {field: array of its shape}: for reading and debugging."""
        return {f.name: observation[f.offset:f.end].reshape(f.shape) for f in self.fields}

    def markdown(self) -> str:
        """The layout as the Markdown table docs/envs.md shows."""
        lines = ["| offset | field | shape | range | meaning |", "|---:|---|---|---|---|"]
        for f in self.fields:
            shape = "×".join(map(str, f.shape))
            lines.append(f"| {f.offset} | `{f.name}` | {shape} | {_number(f.low)}..{_number(f.high)} | {f.meaning} |")
        lines.append(f"| {self.size} | | | | total size |")
        return "\n".join(lines)


class Staging:
    """An observation written as bytes first, then turned into the float32 vector at once.

    Most of an observation is small whole numbers (one-hots, counts).  numpy charges about a
    microsecond per call and converts a Python list element by element, so an encoder that
    writes field by field into a float array spends its time in numpy's overheads.  A
    `bytearray` takes single writes and slices of ints at C speed; `vector()` casts it in one
    pass.  Values that do not fit a byte (negative, over 255, fractional) are kept aside and
    written into the vector after the cast, so any value stays exact.

    ``template`` is the starting content (zeros, or a game's fixed part already written)."""

    __slots__ = ("data", "wide")

    def __init__(self, template: bytes) -> None:
        self.data = bytearray(template)
        self.wide: list[tuple[int, float]] = []

    def put(self, start: int, values) -> None:
        """``observation[start:start + len(values)] = values``."""
        try:
            self.data[start:start + len(values)] = values  # same length: never resizes
        except (ValueError, TypeError):  # some value does not fit a byte
            for position, value in enumerate(values, start):
                if 0 <= value <= 255 and value == int(value):
                    self.data[position] = int(value)
                else:
                    self.data[position] = 0
                    self.wide.append((position, value))

    def set(self, position: int, value) -> None:
        """``observation[position] = value``."""
        if 0 <= value <= 255 and value == int(value):
            self.data[position] = int(value)
        else:
            self.data[position] = 0
            self.wide.append((position, value))

    def vector(self) -> np.ndarray:
        out = np.frombuffer(self.data, np.uint8).astype(np.float32)
        for position, value in self.wide:
            out[position] = value
        return out


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"
