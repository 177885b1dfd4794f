"""Board geometry for drawing (presentation only): where a game's hexes, corners and paths lie
on the page, derived from the game's own geometry module, in units of one hex's radius."""

from __future__ import annotations

import math
from functools import cache
from typing import Any


@cache
def catan() -> dict[str, Any]:
    """The classic board, and under "six" the 5-6 player board (views name theirs in "frame")."""
    from ..games.catan import geometry as g

    return {**_catan_frame(g.CLASSIC), "six": _catan_frame(g.SIX), "sea": _sea_frames()}


def _sea_frames() -> dict[str, Any]:
    """The sea layouts' frames, by "HEIGHTxWIDTH" (the size a sea view's board names): each hex's
    centre, JSettlers coordinate and corners, each corner's place, each path's corners and
    coordinate."""
    from ..games.catan.sea.board import layout_names, layout_named
    from ..games.catan.sea.geometry import row_col

    frames = {}
    for name in layout_names():
        frame = layout_named(name).frame
        key = f"{frame.height}x{frame.width}"
        if key in frames:
            continue
        centres = []
        for js in frame.js_hexes:  # a hex is two columns wide and two rows tall
            row, col = row_col(js)
            centres.append((round(col * math.sqrt(3) / 2, 4), round(row * 0.75, 4)))
        nodes: list[Any] = [None] * frame.node_count
        for h, corners in enumerate(frame.hex_nodes):
            x, y = centres[h]
            for k, node in enumerate(corners):  # clockwise from the top
                angle = math.radians(60 * k - 90)
                nodes[node] = (round(x + math.cos(angle), 4), round(y + math.sin(angle), 4))
        frames[key] = {"hexes": centres, "hex_coords": list(frame.js_hexes), "hex_nodes": frame.hex_nodes,
                       "nodes": nodes, "edges": [list(e) for e in frame.edges], "edge_coords": list(frame.js_edges)}
    return frames


def _catan_frame(frame) -> dict[str, Any]:
    from ..games.catan.geometry import DIRECTIONS

    def centre(q: int, r: int) -> tuple[float, float]:  # pointy-top axial hexes
        return (round(math.sqrt(3) * (q + r / 2), 4), round(1.5 * r, 4))

    def corner(point) -> tuple[float, float]:
        xs, ys = zip(*(centre(*h) for h in point))
        return (round(sum(xs) / 3, 4), round(sum(ys) / 3, 4))

    sea_of = {}
    for edge, hex_index, side in frame.coast:
        q, r = frame.land_hexes[hex_index]
        dq, dr = DIRECTIONS[side]
        sea_of[edge] = centre(q + dq, r + dr)
    return {"hexes": [centre(*h) for h in frame.land_hexes], "nodes": [corner(p) for p in frame.nodes],
            "edges": [list(e) for e in frame.edges], "sea": {str(e): xy for e, xy in sea_of.items()}}


@cache
def blokus() -> dict[str, Any]:
    """Each piece's cells in each of the eight (rotation, flipped) turns, from the move's x, y:
    the browser previews a placement with them."""
    from ..games.blokus import pieces as p

    return {"pieces": {shape.name: {f"{rotation.name}/{str(flipped).lower()}": p.transform(shape, rotation, flipped)
                                    for rotation, flipped in p.TRANSFORMS} for shape in p.Shape}}


@cache
def renaissance() -> dict[str, Any]:
    """What each development card and leader is, in words, for tooltips."""
    from ..games.renaissance import data as d

    def bundle(counts) -> str:
        return ", ".join(f"{n} {d.RESOURCES[r]}" for r, n in enumerate(counts) if n) or "nothing"

    cards = {}
    for card in d.CARDS.values():
        makes = bundle(card.output) + (f" + {card.faith} faith" if card.faith else "")
        cards[card.id] = (f"level {card.level} {d.COLORS[card.color]}, {card.points} points; costs {bundle(card.cost)}; "
                          f"produces {bundle(card.input)} -> {makes}")
    leaders = {}
    for leader in d.LEADERS.values():
        needs = [f"{n} {d.COLORS[c]} card{'s' if n > 1 else ''}{f' of level {lv}' if lv else ''}"
                 for c, lv, n in leader.needs_cards]
        if any(leader.needs_resources):
            needs.append(bundle(leader.needs_resources))
        what = {"discount": f"cards cost 1 {d.RESOURCES[leader.resource]} less",
                "depot": f"an extra depot for 2 {d.RESOURCES[leader.resource]}",
                "white_marble": f"white marbles give {d.RESOURCES[leader.resource]}",
                "production": f"produces {bundle(leader.input)} -> {leader.output_any} of any + {leader.faith} faith"}
        leaders[leader.id] = f"{what.get(leader.kind, leader.kind)}; needs {', '.join(needs)}; {leader.points} points"
    return {"cards": cards, "leaders": leaders}


BOARDS = {"catan": catan, "blokus": blokus, "renaissance": renaissance}
