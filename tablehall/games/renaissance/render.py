"""Plain-text pictures of the 6xx objects for the terminal client: the marble market, the
card grid, a personal board with its faith track, leader cards, the final standings.

Every function takes the JSON object as the protocol sends it and returns lines of text.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

SHORT = {"coin": "Co", "stone": "St", "servant": "Se", "shield": "Sh", "faith": "F", "any": "?"}
MARBLE = {"white": "W", "yellow": "Y", "grey": "G", "purple": "P", "blue": "B", "red": "R"}
MARBLE_KEY = "W white=nothing  Y yellow=coin  G grey=stone  P purple=servant  B blue=shield  R red=faith"
RESOURCE_KEY = "Co coin  St stone  Se servant  Sh shield  F faith  ? any resource (1? = one of your choice)"
TRACK_END = 24


def bundle(counts: Mapping[str, int]) -> str:
    """{'coin': 2, 'faith': 1} -> '2Co 1F'."""
    return " ".join(f"{n}{SHORT.get(name, name)}" for name, n in counts.items() if n) or "-"


def market(obj: Mapping[str, Any]) -> list[str]:
    grid = obj["grid"]
    lines = [f"Marble market                 spare marble: {MARBLE[obj['spare']]}",
             "            col1 col2 col3 col4"]
    for row, marbles in enumerate(grid, start=1):
        lines.append(f"    row {row}    " + "    ".join(MARBLE[m] for m in marbles))
    lines.append("    " + MARBLE_KEY)
    lines.append("    take one: Buy resources -row -N  or  Buy resources -column -N")
    return lines


def card_text(card: Mapping[str, Any] | None) -> list[str]:
    if card is None:
        return ["(empty)", "", ""]
    return [f"#{card['id']} {card['points']}VP cost {bundle(card['cost'])}",
            f"  {bundle(card['input'])} > {bundle(card['output'])}"]


def card_market(obj: Mapping[str, Any]) -> list[str]:
    width = 30
    lines = ["Card market      Buy production card -row -column"]
    header = "        " + "".join(f"col{d['column']} {d['color']}".ljust(width) for d in obj["rows"][0]["decks"])
    lines.append(header.rstrip())
    for row in reversed(obj["rows"]):
        cells = [card_text(d["card"]) + [f"  ({d['left']} left)"] for d in row["decks"]]
        for part in range(3):
            prefix = f"row {row['row']}  " if part == 0 else "        "
            lines.append((prefix + "".join(cell[part].ljust(width) for cell in cells)).rstrip())
    lines.append("    " + RESOURCE_KEY)
    return lines


def _ruler(vatican: Mapping[str, Any]) -> list[str]:
    """The track 0-24: spaces, the points of the scoring spaces, pope spaces (P)."""
    last = vatican.get("last_space", TRACK_END)
    popes = {r["pope_space"] for r in vatican.get("reports", ())}
    points = dict(vatican.get("scoring_spaces", ()))
    return ["Faith track (space / points / pope spaces)",
            "".join(f"{i:>3}" for i in range(last + 1)),
            "".join(f"{points[i] if i in points else '':>3}" for i in range(last + 1)),
            "".join(f"{'P' if i in popes else '.':>3}" for i in range(last + 1))]


def _tiles(tiles: Sequence[int]) -> str:
    return "  ".join(f"report {i}: " + {1: "favour won", -1: "missed", 0: "open"}[t]
                     for i, t in enumerate(tiles, start=1))


def _marker(space: int, sign: str, width: int) -> str:
    marker = [" "] * width
    marker[3 * space + (2 if sign == "^" else 1)] = sign
    return "".join(marker)


def faith_track(faith: int, tiles: Sequence[int], black_cross: int | None = None,
                vatican: Mapping[str, Any] | None = None, label: str = "you") -> list[str]:
    """A ruler 0-24 with the marker of one player (`label`: "you" or the player's name) and
    Lorenzo's cross in solo games."""
    lines = _ruler(vatican or {})
    width = len(lines[1])
    marker = list(_marker(faith, "^", width))
    if black_cross is not None:
        marker[3 * black_cross + 1] = "+"
    legend = f"^ {label} ({faith})" + (f"   + Lorenzo ({black_cross})" if black_cross is not None else "")
    return lines + ["".join(marker).rstrip(), legend + "    " + _tiles(tiles)]


def faith_all(vatican: Mapping[str, Any], me: str = "") -> list[str]:
    """Every player's marker on one track, a line each (and Lorenzo's cross in solo)."""
    lines = _ruler(vatican)
    width = len(lines[1])
    for player in vatican["players"]:
        label = "you" if player["player"] == me else player["player"]
        marker = _marker(player["faith"], "^", width)
        lines.append(f"{marker}  ^ {label} ({player['faith']})  {_tiles(player['tiles'])}")
    if vatican.get("black_cross") is not None:
        lines.append(f"{_marker(vatican['black_cross'], '+', width)}  + Lorenzo ({vatican['black_cross']})")
    return lines


def board(obj: Mapping[str, Any], black_cross: int | None = None,
          vatican: Mapping[str, Any] | None = None, label: str = "you", track: bool = True) -> list[str]:
    """A personal board; `label` names its faith marker ("you" on one's own board), `track`
    False leaves the faith track out (drawn for every player at once instead)."""
    lines = [f"{obj['player']} (seat {obj['seat']})   {obj['points']} points   faith {obj['faith']}"
             + (f"   OUT: {obj['out']}" if obj.get("out") else "")]
    if track:
        lines += faith_track(obj["faith"], obj["tiles"], black_cross, vatican, label)
    depots = []
    for line in obj["warehouse"]:
        content = f"{line['count']} {line['resource']}" if line["resource"] else "empty"
        depots.append(f"{line['line']}: {content} ({line['count']}/{line['capacity']})")
    for extra in obj["extra_depots"]:
        depots.append(f"{extra['line']}: extra {extra['resource']} ({extra['count']}/2)")
    lines.append("Warehouse  " + "   ".join(depots))
    produced = bundle(obj.get("produced", {}))
    lines.append("Strongbox  " + bundle(obj["strongbox"]) + (f"   (arriving at the end of the turn: {produced})"
                                                             if produced != "-" else ""))
    for slot in obj["slots"]:
        cards = slot["cards"]
        if cards:
            top = cards[-1]
            under = f" (+{len(cards) - 1} below)" if len(cards) > 1 else ""
            lines.append(f"Slot {slot['slot']}     L{top['level']} {top['color']} #{top['id']} "
                         f"{top['points']}VP: {bundle(top['input'])} > {bundle(top['output'])}{under}")
        else:
            lines.append(f"Slot {slot['slot']}     empty")
    lines.append(f"Leaders in hand: {obj['leaders_in_hand']}")
    return lines


def leader_text(lead: Mapping[str, Any]) -> str:
    requires = lead["requires"]
    if "cards" in requires:
        need = ", ".join(f"{c['count']} {c['color']}" + (f" L{c['level']}" if c["level"] else "")
                         for c in requires["cards"])
        need += " card" + ("s" if sum(c["count"] for c in requires["cards"]) > 1 else "")
    else:
        need = bundle(requires["resources"]) + " held"
    ability = {
        "discount": lambda: f"-1 {lead['resource']} on card costs",
        "depot": lambda: f"extra depot for 2 {lead['resource']}",
        "white_marble": lambda: f"white marble -> {lead['resource']}",
        "production": lambda: f"production {bundle(lead['input'])} > {bundle(lead['output'])}",
    }[lead["kind"]]()
    return f"{lead.get('position', '')}. #{lead['id']} {lead['kind']} {lead['points']}VP: {ability} (needs {need})"


def leaders(title: str, obj: Mapping[str, Any]) -> list[str]:
    items = obj["leaders"]
    return [title] + ([f"  {leader_text(lead)}" for lead in items] or ["  none"])


def token(obj: Mapping[str, Any]) -> list[str]:
    if obj["effect"] == "discard":
        what = f"discards two {obj['color']} cards"
    else:
        what = f"moves his black cross to {obj['black_cross']}"
    return [f"Lorenzo's token #{obj['token']}: he {what}"]


def final(code: int, obj: Mapping[str, Any]) -> list[str]:
    if code == 657:
        lines = ["Final standings" + (f" ({obj['reason']})" if obj.get("reason") else "")]
        for row in obj["players"]:
            out = f"  [{row['out']}]" if row.get("out") else ""
            lines.append(f"  {row['rank']}. {row['player']:<20} {row['points']:>3} points  "
                         f"{row['resources']} resources{out}")
        return lines
    winner = "You won" if code == 658 else "Lorenzo won"
    return [f"{winner}: {obj['reason']}", f"  your points: {obj['points']}   black cross: {obj['black_cross']}"]
