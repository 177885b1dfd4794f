"""What a seat is told when something happens: confirmations of its own moves (2xx, 3xx),
news of the others' (1xx), and the state objects (6xx) that changed, built from the seat's
view.  Events arrive already filtered by audience and the view is the seat's own, so nothing
here can see what the seat may not."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from tablehall.core.events import Event
from tablehall.core.result import EndCause, Result

from . import messages as m
from . import objects
from .codec import Message
from .data import CARDS, COLORS

# own events confirmed with a fixed message
CONFIRM = {
    "move": m.say(m.RESOURCES_MOVED), "market": m.say(m.RESOURCES_BOUGHT), "white": m.say(m.RESOURCE_OK),
    "store": m.say(m.DEPOT_OK), "discard_resource": m.say(m.RESOURCE_DISCARDED), "buy": m.say(m.CAN_BUY),
    "pay": m.say(m.RESOURCE_OK, "Resource used"), "slot": m.say(m.CARD_INSERTED),
    "output": m.say(m.RESOURCE_OK), "pick": m.say(m.RESOURCE_OK), "activate": m.say(m.CARD_ACTIVATED),
    "discard_leader": m.say(m.LEADER_DISCARDED), "end_turn": m.say(m.TURN_ENDED),
}
STARTED = {"base": m.CAN_PRODUCE_STANDARD, "slot": m.CAN_PRODUCE, "leader": m.CAN_PRODUCE}
FINISHED = {"base": m.STANDARD_DONE, "slot": m.PRODUCTION_DONE, "leader": m.LEADER_PRODUCTION_DONE}
# events that change a personal board (the seat in the event's data)
BOARD_EVENTS = frozenset({"pick", "move", "faith", "store", "pay", "slot", "produced", "strongbox", "activate",
                          "discard_leader", "keep", "output"})


class Announcer:
    """Turns event batches into the messages one seat receives."""

    def __init__(self, seat: int, names: Sequence[str]) -> None:
        self.seat = seat
        self.names = list(names)
        self.news: list[str] = []  # what another player did so far on its turn
        self.news_of: int | None = None  # that player

    def name(self, seat: int) -> str:
        return self.names[seat]

    def events(self, events: Sequence[Event], view: Mapping[str, Any]) -> list[Message]:
        """The messages for `events`, given the seat's view of the game after them."""
        out: list[Message] = []
        changed: dict[str, Any] = {"market": False, "cards": False, "boards": set(), "active": set(),
                                   "hand": False, "vatican": False}
        for event in events:
            out += self._event(event, view, changed)
        return out + self._objects(view, changed)

    def _event(self, event: Event, view: Mapping[str, Any], changed: dict[str, Any]) -> list[Message]:
        kind, data = event.kind, event.data
        seat = data.get("seat")
        mine = seat == self.seat
        if kind in BOARD_EVENTS:
            changed["boards"].add(seat)
        out: list[Message] = []
        if mine and kind in CONFIRM:
            out.append(CONFIRM[kind])
        if seat is not None and not mine:
            out += self._news(kind, data)
        if kind == "deal" and "leaders" in data:
            out.append(m.obj(m.STARTING_LEADERS, objects.starting_leaders(data["leaders"])))
        elif kind == "start":
            changed.update(market=True, cards=True, vatican=True)
            changed["boards"].update(range(len(self.names)))
        elif kind == "keep" and mine:
            out.append(m.say(m.OK, "Leader cards chosen"))
            changed["hand"] = True
        elif kind == "ready" and mine:
            out.append(m.say(m.SETUP_DONE + self.seat, m.TEXTS[m.SETUP_DONE]))
            if view["phase"] == "setup":
                out.append(m.say(m.WAIT_FOR_SETUP))
        elif kind == "turn" and not mine:
            out.append(m.say(m.WHOSE_TURN, f"It's {self.name(seat)}'s turn"))
        elif kind == "market":
            changed["market"] = True
        elif kind == "faith":
            changed["vatican"] = True
            if mine:
                out.append(m.say(m.FAITH_INCREASED, f"Faith increased: you are on space {data['faith']}"))
        elif kind in ("deck", "slot"):
            changed["cards"] = True
        elif kind == "produce" and mine:
            out.append(m.say(STARTED[data["source"]]))
        elif kind == "produced" and mine:
            out.append(m.say(FINISHED[data["source"]]))
        elif kind == "activate":
            changed["active"].add(seat)
            changed["hand"] |= mine
        elif kind == "discard_leader":
            changed["hand"] |= mine
        elif kind == "token":
            changed["cards"] |= data["effect"] == "discard"
            changed["vatican"] = True
            lorenzo = view.get("lorenzo") or {}
            out.append(m.obj(m.ACTION_TOKEN, objects.action_token(data, lorenzo.get("black_cross", 0))))
            out.append(m.say(m.LORENZO, _token_text(data)))
        elif kind == "tokens_shuffled":
            out.append(m.say(m.LORENZO, "Lorenzo shuffles his action tokens"))
        elif kind in ("black_cross", "vatican"):
            changed["vatican"] = True
            if kind == "vatican":
                changed["boards"].update(range(len(self.names)))
        elif kind == "final_round":
            why = "bought a 7th card" if data["trigger"] == "cards" else "reached the end of the faith track"
            out.append(m.say(m.LAST_ROUND, f"Last round: {self.name(seat)} {why}"))
        elif kind == "forfeit":
            gone = "left the game" if data["cause"] == EndCause.LEFT else f"is out of the game ({data['cause']})"
            out.append(m.say(m.PLAYER_LEFT, f"{self.name(seat)} {gone}"))
        return out

    def _news(self, kind: str, data: Mapping[str, Any]) -> list[Message]:
        """Another player's moves, gathered into one `121` line when its turn ends (or it is
        taken out).  Only what the events this seat receives say: a discarded leader stays
        unnamed."""
        seat = data["seat"]
        if kind in ("end_turn", "forfeit"):
            if seat != self.news_of or not self.news:
                return []
            news, self.news, self.news_of = self.news, [], None
            return [m.say(m.TURN_NEWS, f"{self.name(seat)}: {'; '.join(news)}")]
        if self.news_of not in (None, seat) or (kind == "faith" and data.get("why") == "discarded resources"):
            return []  # faith from another player's discard is not this player's move
        before = len(self.news)
        if kind == "market":
            self.news.append(f"took market {data['axis']} {data['index']} ({', '.join(data['marbles'])})")
        elif kind == "white" and data["resource"]:
            self.news.append(f"turned a white marble into {data['resource']}")
        elif kind == "store":
            self.news.append(f"stored {data['resource']} in line {data['place']}")
        elif kind == "discard_resource" or (kind == "white" and not data["resource"]):
            self.news.append(f"discarded {data.get('resource') or 'a white marble'}")
        elif kind == "move":
            self.news.append(f"moved resources between lines {data['from']} and {data['to']}")
        elif kind == "slot":
            card = CARDS[data["card"]]
            self.news.append(f"bought a level {card.level} {COLORS[card.color]} card (#{data['card']}, "
                             f"{card.points} VP) into slot {data['slot']}")
        elif kind == "produce":
            self.news.append({"base": "used the standard production", "slot": "used a card production",
                              "leader": "used a leader production"}[data["source"]])
        elif kind == "output":
            self.news.append(f"produced {data['resource']}")
        elif kind == "activate":
            self.news.append(f"activated leader #{data['leader']}")
        elif kind == "discard_leader":
            self.news.append("discarded a leader card")
        elif kind == "faith":
            self.news.append(f"reached faith {data['faith']}")
        if len(self.news) > before:
            self.news_of = seat
        return []

    def picture(self, view: Mapping[str, Any], dealt: Sequence[int] = ()) -> list[Message]:
        """Every object of the game as the seat sees it (and the leaders it was dealt, while it
        has to choose): what a player rejoining a game under way is told."""
        everything = {"market": True, "cards": True, "boards": set(range(len(self.names))),
                      "active": set(range(len(self.names))), "hand": True, "vatican": True}
        dealt_leaders = [m.obj(m.STARTING_LEADERS, objects.starting_leaders(dealt))] if dealt else []
        return dealt_leaders + self._objects(view, everything)

    def _objects(self, view: Mapping[str, Any], changed: dict[str, Any]) -> list[Message]:
        if not (changed["market"] or changed["cards"] or changed["boards"] or changed["active"]
                or changed["hand"] or changed["vatican"]):
            return []
        out = []
        if changed["market"]:
            out.append(m.obj(m.MARKET, objects.market(view)))
        if changed["cards"]:
            out.append(m.obj(m.CARD_MARKET, objects.card_market(view)))
        for seat in sorted(s for s in changed["boards"] if s is not None):
            out.append(m.obj(m.PERSONAL_BOARD, objects.personal_board(view, seat, self.names)))
        for seat in sorted(changed["active"]):
            out.append(m.obj(m.ACTIVE_LEADERS, objects.active_leaders(view, seat, self.names)))
        if changed["hand"]:
            out.append(m.obj(m.LEADER_CARDS, objects.leader_cards(view, self.seat)))
        if changed["vatican"]:
            out.append(m.obj(m.VATICAN, objects.vatican(view, self.names)))
        return out

    def final(self, result: Result) -> list[Message]:
        """The final leaderboard (657), or the solo outcome (658 won / 659 Lorenzo won)."""
        if result.cause is EndCause.ABORTED:
            reason = result.seats[0].reason if result.seats else ""
            return [m.say(m.SERVER_ERROR, f"The game was aborted: {reason}")]
        if len(self.names) == 1:
            final = objects.solo_final(result, self.names[0])
            code = m.SOLO_LOST if result.details["lorenzo"]["won"] else m.SOLO_WON
            out = [m.obj(code, final)]
        else:
            out = [m.obj(m.LEADERBOARD, objects.leaderboard(result, self.names))]
        reason = result.details.get("reason", "")
        return out + [m.say(m.GAME_OVER, f"Game over: {reason}. Type Join game to play again, or Quit")]


def _token_text(data: dict[str, Any]) -> str:
    if data["effect"] == "discard":
        removed = ", ".join(f"level {CARDS[c].level} {COLORS[CARDS[c].color]}" for c in data["removed"])
        return f"Lorenzo discards two {data['color']} cards ({removed or 'none left'})"
    steps = 2 if data["effect"] == "cross+2" else 1
    return f"Lorenzo moves his black cross {steps} space{'s' if steps > 1 else ''}"
