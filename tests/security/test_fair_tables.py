"""Issue 26, fair tables: options that fix chance (each game's `GameSpec.chance_options`: Catan's
dice, dev_deck, steals, board and pirate_dice, Blokus's start_piece; and the seed) are refused for a game with
another person or an open seat, allowed for practice against built-in bots, and shown on the
lobby, the table, the live board and the record whenever set.  Against a real `tablehall serve`."""

from __future__ import annotations

import json
import time
import urllib.error

import pytest

from tablehall.core.registry import game_names, get_game

pytest.importorskip("uvicorn", reason="the web hall needs the web extra")

def test_every_game_declares_its_chance_options():
    assert get_game("catan").chance_options == {"board", "dice", "dev_deck", "steals", "pirate_dice"}
    assert get_game("blokus").chance_options == {"start_piece"}
    for name in game_names():
        spec = get_game(name)
        # each a declared option (Catan leaves its JSettlers-set options out of a record at their defaults)
        assert spec.chance_options <= set(spec.normalize_options({})) | set(spec.option_help), name
        assert spec.fixed_chance(spec.normalize_options({})) == {}


@pytest.mark.parametrize("option, value", [("dice", "6 8 6 8"), ("dev_deck", "KN KN VP"), ("steals", "L L")])
@pytest.mark.parametrize("seats", [["me", "person", "random"], ["me", "open", "random"], ["me", "open:robo", "random"]])
def test_catan_chance_is_not_scripted_against_people(serve, option, value, seats):
    """Issue 26: dice, dev_deck, steals and board were accepted for games with people."""
    status, answer = serve.new_game({"game": "catan", "seats": seats, "options": {option: value}})
    assert status == 400 and option in answer["detail"] and "practice" in answer["detail"]


def a_board() -> str:
    """A real board as the `board` option writes it: an SGN import sets it from the log."""
    import asyncio

    from tablehall.core import BotAgent, Match

    spec = get_game("catan")
    record = asyncio.run(Match(spec, [BotAgent(spec.bots["random"](s)) for s in range(3)], seed=4).run())
    return spec.importers["sgn"](spec.exporters["sgn"](record)).options["board"]


def test_a_chosen_board_and_a_first_piece_are_refused_too(serve):
    board = a_board()
    status, answer = serve.new_game({"game": "catan", "seats": ["me", "open", "random"], "options": {"board": board}})
    assert status == 400 and "board" in answer["detail"] and "practice" in answer["detail"]
    assert serve.new_game({"game": "catan", "seats": ["me", "random", "random"], "options": {"board": board}})[0] == 200
    status, answer = serve.new_game({"game": "blokus", "seats": ["me", "open"], "options": {"start_piece": "PENTO_L"}})
    assert status == 400 and "start_piece" in answer["detail"]
    status, answer = serve.new_game({"game": "blokus", "seats": ["me", "person"], "seed": 5})
    assert status == 400 and "seed" in answer["detail"]


def test_practice_may_fix_chance_and_everyone_sees_it(serve):
    status, created = serve.new_game({"game": "catan", "seats": ["me", "strong", "strong"],
                                   "options": {"dice": "6 8 6 8"}})
    assert status == 200, created
    game = json.loads(serve.get(f"/api/games/{created['id']}"))
    assert game["fixed_chance"] == {"dice": "6 8 6 8"}
    lobby = serve.get("/")
    row = lobby[lobby.index(f'data-id="{created["id"]}"'):]
    assert "chance fixed: dice" in row[:row.index("</tr>")]
    page = serve.get(f"/play/{created['id']}")
    assert "Chance fixed when this game was made" in page and "dice = 6 8 6 8" in page
    assert "dice = 6 8 6 8" in serve.get(f"/games/{created['id']}")


def test_the_record_of_a_game_with_fixed_chance_says_so(serve):
    status, created = serve.new_game({"game": "blokus", "seats": ["random", "random"],
                                   "options": {"start_piece": "PENTO_L"}})
    assert status == 200
    deadline = time.monotonic() + 120
    while True:
        try:
            record = json.loads(serve.get(f"/api/records/{created['id']}"))
            break
        except urllib.error.HTTPError:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    assert record["fixed_chance"] == {"start_piece": "PENTO_L"}
    assert "start_piece = PENTO_L" in serve.get(f"/records/{created['id']}")
    plain = json.loads(serve.get("/api/tables"))
    assert all("fixed_chance" in table for table in plain["tables"])
