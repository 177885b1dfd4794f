"""The JSON objects of the 6xx messages, built from a seat's view (`RenaissanceState.view`),
so they carry only what that seat may see.  Cards and leaders are sent in full (cost,
production, requirement), so a client needs nothing but the protocol."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from tablehall.core.result import Result

from .data import CARDS, COLORS, LAST_SPACE, LEADERS, RAW, REPORTS, RESOURCES, Bundle


def _bundle(bundle: Bundle, faith: int = 0, any_resource: int = 0) -> dict[str, int]:
    out = {RESOURCES[r]: n for r, n in enumerate(bundle) if n}
    if any_resource:
        out["any"] = any_resource
    if faith:
        out["faith"] = faith
    return out


def card(card_id: int) -> dict[str, Any]:
    c = CARDS[card_id]
    return {"id": c.id, "level": c.level, "color": COLORS[c.color], "points": c.points,
            "cost": _bundle(c.cost), "input": _bundle(c.input), "output": _bundle(c.output, c.faith)}


def leader(leader_id: int) -> dict[str, Any]:
    lead = LEADERS[leader_id]
    out: dict[str, Any] = {"id": lead.id, "kind": lead.kind, "points": lead.points}
    if lead.needs_cards:
        out["requires"] = {"cards": [{"color": COLORS[color], "level": level or None, "count": count}
                                     for color, level, count in lead.needs_cards]}
    else:
        out["requires"] = {"resources": _bundle(lead.needs_resources)}
    if lead.kind == "production":
        out["input"] = _bundle(lead.input)
        out["output"] = _bundle((0, 0, 0, 0), lead.faith, lead.output_any)
    else:
        out["resource"] = RESOURCES[lead.resource]
    return out


def market(view: Mapping[str, Any]) -> dict[str, Any]:
    return {"grid": view["market"]["grid"], "spare": view["market"]["spare"]}


def card_market(view: Mapping[str, Any]) -> dict[str, Any]:
    """Rows are levels 1-3 (row n = level n), columns 1-4 the colours."""
    rows = []
    for level, decks in enumerate(view["cards"], start=1):
        rows.append({"row": level, "level": level, "decks": [
            {"column": column, "color": COLORS[column - 1], "left": deck["left"],
             "card": card(deck["top"]) if deck["top"] is not None else None}
            for column, deck in enumerate(decks, start=1)]})
    return {"rows": rows}


def personal_board(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> dict[str, Any]:
    p = view["players"][seat]
    return {
        "player": names[seat], "seat": seat + 1, "faith": p["faith"], "tiles": p["tiles"],
        "warehouse": [{"line": line, "capacity": line, "resource": res, "count": n}
                      for line, (res, n) in enumerate(p["warehouse"], start=1)],
        "extra_depots": [{"line": 4 + i, "resource": res, "count": n} for i, (res, n) in enumerate(p["extra"])],
        "strongbox": p["strongbox"], "produced": p["produced"],
        "slots": [{"slot": i, "cards": [card(c) for c in stack]} for i, stack in enumerate(p["slots"], start=1)],
        "leaders_in_hand": p["hand"] if isinstance(p["hand"], int) else len(p["hand"]),
        "points": p["points"], "out": p["out"],
    }


def active_leaders(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> dict[str, Any]:
    return {"player": names[seat], "leaders": [
        {"position": i, **leader(lead)} for i, lead in enumerate(view["players"][seat]["active"], start=1)]}


def leader_cards(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The seat's own leaders in hand (private)."""
    return {"leaders": [{"position": i, **leader(lead)}
                        for i, lead in enumerate(view["players"][seat]["hand"], start=1)]}


def starting_leaders(leader_ids: Sequence[int]) -> dict[str, Any]:
    return {"leaders": [{"position": i, **leader(lead)} for i, lead in enumerate(leader_ids, start=1)]}


def action_token(data: Mapping[str, Any], black_cross: int) -> dict[str, Any]:
    out = {"token": data["token"], "effect": data["effect"], "black_cross": black_cross}
    if "color" in data:
        out.update(color=data["color"], removed=[card(c) for c in data["removed"]])
    return out


def vatican(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    reports = [{"report": i, "first_space": first, "pope_space": pope, "points": points, "done": done}
               for i, ((first, pope, points), done) in enumerate(zip(REPORTS, view["reports"]), start=1)]
    players = [{"player": names[s], "faith": p["faith"], "tiles": p["tiles"]} for s, p in enumerate(view["players"])]
    lorenzo = view.get("lorenzo")
    return {"reports": reports, "players": players, "last_space": LAST_SPACE,
            "scoring_spaces": RAW["faith_track"]["points"],
            "black_cross": lorenzo["black_cross"] if lorenzo else None}


def leaderboard(result: Result, names: Sequence[str]) -> dict[str, Any]:
    resources = result.details.get("resources", [0] * len(names))
    order = sorted(result.seats, key=lambda s: (s.rank, s.seat))
    return {"reason": result.details.get("reason", ""), "players": [
        {"rank": s.rank, "player": names[s.seat], "points": s.score, "resources": resources[s.seat],
         **({"out": s.cause.value} if s.cause.value != "regular" else {})} for s in order]}


def solo_final(result: Result, name: str) -> dict[str, Any]:
    lorenzo = result.details["lorenzo"]
    return {"player": name, "points": result.seats[0].score, "black_cross": lorenzo["black_cross"],
            "winner": "Lorenzo" if lorenzo["won"] else name, "reason": result.details.get("reason", "")}
