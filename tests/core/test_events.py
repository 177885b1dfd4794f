"""Events behave as a plain slotted dataclass: defaults, keywords, equality, replace, no `__dict__`."""

import dataclasses


from tablehall.core import EVERYONE, Event, all_but, only


def test_defaults_and_keywords():
    bare = Event("ready")
    assert (bare.kind, bare.data, bare.audience) == ("ready", {}, EVERYONE)
    assert Event("x").data is not Event("x").data  # each event its own empty payload
    told = Event(kind="drew", audience=only(1), data={"seat": 1})
    assert told == Event("drew", {"seat": 1}, only(1))
    assert told != Event("drew", {"seat": 1}, all_but(1))
    assert told.to_json() == {"kind": "drew", "data": {"seat": 1}, "to": ["seats", [1]]}
    assert repr(bare) == "Event(kind='ready', data={}, audience=Audience(kind='all', seats=frozenset()))"


def test_replaceable_and_slotted():
    event = Event("drew", {"seat": 0}, only(0))
    assert dataclasses.replace(event, audience=EVERYONE) == Event("drew", {"seat": 0})
    assert [f.name for f in dataclasses.fields(Event)] == ["kind", "data", "audience"]
    assert not hasattr(event, "__dict__")


def test_a_record_serialises_the_same_both_ways():
    from tablehall.core.records import Entry, Record

    record = Record("g", "1", {}, 5, [], [Entry(2, ["buy", 3], ms=17), Entry(1, forfeit=None)])
    assert record.digest_and_dumps() == (record.digest(), record.dumps())


def test_records_of_every_game_serialise_the_same_both_ways():
    """The serialisation that stores use equals digest() and dumps() on real games."""
    import asyncio

    from tablehall.core import BotAgent, Match
    from tablehall.core.registry import game_names, get_game
    from tablehall.core.result import EndCause

    for game in game_names():
        spec = get_game(game)
        names = ["random"] * spec.default_seat_count
        record = asyncio.run(Match(spec, [BotAgent(spec.bots[n](s)) for s, n in enumerate(names)], seed=3).run())
        record.entries.append(type(record.entries[0])(0, forfeit=EndCause.LEFT, reason='gone "away"'))
        record.id, record.started_at = "x1", "2026-01-01T00:00:00"
        assert record.digest_and_dumps() == (record.digest(), record.dumps()), game
