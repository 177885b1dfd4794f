"""The test data in tests/data: every file listed in SHA256SUMS with its hash (and described in
PROVENANCE.md), and, where the shared reference folder it was copied from is beside the
repository, still byte for byte the file it was copied from."""

from __future__ import annotations

import hashlib

import pytest

from .support.reference import REFERENCE, REPO

LISTS = {"PROVENANCE.md", "SHA256SUMS", ".gitattributes"}
ORIGIN = REPO.parent / "shared" / "reference"


def listed() -> dict[str, str]:
    sums = {}
    for line in (REFERENCE / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        sums[name] = digest
    return sums


def present() -> set[str]:
    return {p.relative_to(REFERENCE).as_posix() for p in REFERENCE.rglob("*") if p.is_file() and p.name not in LISTS}


def test_every_data_file_is_listed_with_its_hash():
    sums = listed()
    assert set(sums) == present()
    for name, digest in sums.items():
        assert hashlib.sha256((REFERENCE / name).read_bytes()).hexdigest() == digest, name


def test_provenance_names_every_folder_and_how_copies_map_to_their_origin():
    text = (REFERENCE / "PROVENANCE.md").read_text(encoding="utf-8")
    assert "`tests/data/X` is `shared/reference/X`" in text
    for folder in {name.split("/")[0] for name in listed()}:
        assert f"## {folder}/" in text, folder


@pytest.mark.skipif(not ORIGIN.is_dir(), reason=f"{ORIGIN} (where the data was copied from) is not beside the "
                    "repository: the copies are checked against their listed hashes only")
def test_copies_match_their_origin_where_it_is_beside_the_repository():
    for name in listed():
        assert (ORIGIN / name).read_bytes() == (REFERENCE / name).read_bytes(), name
