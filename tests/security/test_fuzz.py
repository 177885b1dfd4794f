"""Every protocol's parser and session under fuzzing (issue 14): mutated valid messages, random
bytes, truncation, oversize, wrong types and arities.  A bounded hypothesis run here; the long
run (a million inputs per protocol) is `test_fuzz_long` under `make bench`.  Zero crashes, and
the same service still plays afterwards."""

from __future__ import annotations

import logging
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .fuzzing import PROTOCOLS, Crashes, Fuzzer, random_input, spoil

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.fixture(scope="module", params=sorted(PROTOCOLS))
def fuzzer(request):
    crashes = Crashes()
    logging.getLogger("tablehall").addHandler(crashes)
    fuzzer = Fuzzer(PROTOCOLS[request.param])
    fuzzer.seeds = PROTOCOLS[request.param].seeds()
    yield fuzzer
    fuzzer.close()
    logging.getLogger("tablehall").removeHandler(crashes)
    assert not [r.getMessage() for r in crashes.records if r.exc_info], "a session or task raised"


def inputs(seeds):
    """One connection's worth of input: valid, spoiled and random chunks, in any order."""
    chunk = st.one_of(
        st.sampled_from(seeds),
        st.binary(max_size=400),
        st.tuples(st.sampled_from(seeds), st.randoms(use_true_random=False)).map(lambda t: spoil(t[1], t[0])),
    )
    return st.lists(chunk, min_size=1, max_size=6)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_fuzzed_input_never_crashes_a_session(fuzzer, data):
    fuzzer.feed(data.draw(inputs(fuzzer.seeds)))
    assert not fuzzer.crashes, fuzzer.crashes[:3]


def test_the_service_still_serves_after_fuzzing(fuzzer):
    rng = random.Random(14)
    for _ in range(100):  # and a plain random batch besides hypothesis' examples
        fuzzer.feed([random_input(rng, fuzzer.seeds) for _ in range(rng.randrange(1, 8))])
    assert not fuzzer.crashes, fuzzer.crashes[:3]
    assert fuzzer.protocol.healthy(fuzzer), f"{fuzzer.protocol.name} stopped serving after {fuzzer.inputs} inputs"


def test_seeds_exist_for_every_protocol():
    for protocol in PROTOCOLS.values():
        assert len(protocol.seeds()) >= 10, protocol.name


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PROTOCOLS))
def test_fuzz_long(name):
    """`make bench`: at least a million inputs per protocol (TABLEHALL_FUZZ_INPUTS to change),
    zero crashes, memory bounded, and the service still serves a game afterwards."""
    import os
    import resource
    import time

    wanted = int(os.environ.get("TABLEHALL_FUZZ_INPUTS", "1000000"))
    crashes = Crashes()
    logging.getLogger("tablehall").addHandler(crashes)
    fuzzer = Fuzzer(PROTOCOLS[name])
    seeds = PROTOCOLS[name].seeds()
    rng = random.Random(f"fuzz-{name}")
    started, cpu = time.monotonic(), time.process_time()
    rss_before = None
    try:
        while fuzzer.inputs < wanted:
            fuzzer.feed([random_input(rng, seeds) for _ in range(rng.randrange(1, 12))])
            if rss_before is None and fuzzer.inputs >= min(wanted // 10, 100_000):
                rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # after warm-up
        healthy = fuzzer.protocol.healthy(fuzzer)
    finally:
        fuzzer.close()
        logging.getLogger("tablehall").removeHandler(crashes)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - (rss_before or 0)) / 1024
    print(f"\nfuzz {name}: {fuzzer.inputs} inputs, {len(fuzzer.crashes)} crashes, "
          f"{time.process_time() - cpu:.0f} s CPU ({time.monotonic() - started:.0f} s), "
          f"peak memory grew {grown_mb:.0f} MB after warm-up, healthy afterwards: {healthy}")
    assert not fuzzer.crashes, fuzzer.crashes[:3]
    assert not [r.getMessage() for r in crashes.records if r.exc_info]
    assert healthy
    assert grown_mb < 256, "memory grew while fuzzing"
