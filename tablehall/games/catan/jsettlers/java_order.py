"""The order a Java ``HashMap`` iterates string keys in: where the Java server lists what it
keeps in such a map (a board layout's parts, a scenario game's options for its robots), the wire
carries that order, so tablehall computes it to send the same bytes."""

from __future__ import annotations

from typing import Iterable


def java_string_hash(text: str) -> int:
    """Java's ``String.hashCode`` as an unsigned 32-bit number."""
    h = 0
    for ch in text:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h


def hash_map_order(keys: Iterable[str]) -> list[str]:
    """`keys` in the order a ``HashMap`` given them in this order (default capacity, growing at
    three quarters full) iterates them: by bucket, then in insertion order within a bucket."""
    keys = list(keys)
    capacity = 16
    while len(keys) > capacity * 3 // 4:
        capacity *= 2

    def bucket(key: str) -> int:
        h = java_string_hash(key)
        return (h ^ (h >> 16)) & (capacity - 1)

    return sorted(keys, key=bucket)  # sorted() is stable: a bucket keeps the insertion order
