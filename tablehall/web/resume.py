"""Games started from the web, played on after a restart (`core/resume.py`): the built-in bots
at once, each person's seat when its page comes back with its token (the page retries by
itself), within the hall's `reconnect_grace` like any closed page; then the seat has left, as
the game's protocol treats a client that left."""

from __future__ import annotations

from ..core.agents import Agent, BotAgent
from ..core.match import Match
from ..core.resume import Rebuilt
from .hall import Hall
from .seats import PacedBot, person_seat


def resume_web_game(hall: Hall, rebuilt: Rebuilt, game_id: str) -> Match:
    """The match of a web game rebuilt from its journal, its browser seats kept for their pages."""
    record, spec = rebuilt.record, rebuilt.spec
    agents: list[Agent] = []
    people: list = []
    for seat, comeback in enumerate(rebuilt.comebacks):
        name = record.holder(seat).name
        person = None
        if seat in rebuilt.bots:
            bot, pace = rebuilt.bots[seat], float((comeback or {}).get("pace") or 0)
            agent: Agent = (PacedBot(bot, name, pace, threaded=hall.bots_threaded) if pace
                            else BotAgent(bot, name=name, threaded=hall.bots_threaded))
        else:  # a page comes back with its token; a seat nobody can take again waits the grace out
            token_hash = str((comeback or {}).get("browser") or "")
            agent = person = person_seat(spec, name, record.seed, hall.decision_timeout, hall.reconnect_grace,
                                         hall.bots_threaded, token_hash=token_hash)
        agents.append(agent)
        people.append(person)
    match = Match(spec, agents, seed=record.seed, options=record.options, match_id=game_id)
    match.continue_from(record, rebuilt.state)
    if any(people):
        hall.people[game_id] = people
    return match
