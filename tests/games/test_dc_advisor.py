"""Dark Crusade's advice to the heuristic bot (``wargame_bot_hints``): attacks only where the
fire clearly favours the attacker, losses on fortifications and survivors first, retreat when
outgunned, the economy used, never a draw declared."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.dc_helpers import empty_match, goto, put
from wargame import pricing
from wargame.actions import Action
from wargame.games.dark_crusade import combat as C
from wargame.games.dark_crusade import units as U
from wargame.games.dark_crusade.advisor import ADVISOR
from wargame.match import Battle, Match
from wargame.pricing import Price


def choose(match):
    return ADVISOR.choose(match, match.decision, match.legal_actions())


def test_the_title_gives_its_advisor_through_the_hook() -> None:
    match = empty_match()
    found = [h for h in match.hook.wargame_bot_hints(match=match, side="axis") if h]
    assert any(h.get("advisor") is ADVISOR for h in found)


def test_attacks_only_with_fire_to_spare() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-7")
    put(match, "brest", "sov-4a", "sov-10a", "sov-13a")
    choice = choose(match)
    assert choice is None or choice.args[-1] != "brest"  # 1 (x4 air) against 3: no
    put(match, "siedlce", "ger-9", "ger-12")
    match.touch()
    choice = choose(match)
    assert choice is not None and choice.verb == "move" and choice.args[-1] == "brest"


def test_attacks_are_judged_on_the_kernels_one_price(monkeypatch: pytest.MonkeyPatch) -> None:
    """The advisor prices no battle itself: the fire ``wargame.pricing.price`` gives each side
    (DC's ``wargame_price``, 13.B.2) decides whether it commits to an attack."""
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-7", "ger-9", "ger-12")
    put(match, "brest", "sov-4a", "sov-10a", "sov-13a")
    choice = choose(match)
    assert choice is not None and choice.args[-1] == "brest"
    real = pricing.price

    def stronger_defence(m: Match, battle: Battle) -> Price:
        priced = real(m, battle)
        more = [replace(f, total=f.total + 20) if f.role == "defender" else f for f in priced.fires]
        return replace(priced, fires=tuple(more))

    monkeypatch.setattr(pricing, "price", stronger_defence)
    choice = choose(match)
    assert choice is None or choice.args[-1] != "brest"


def test_losses_go_to_fortifications_then_to_survivors() -> None:
    match = empty_match()
    fort, fresh = put(match, "minsk", "sov-13a", "sov-30a")
    U.mark(match, fort, U.FORTIFIED)
    C.state(match)["battle"] = {"attacker": "axis", "defender": "soviet", "target": "minsk"}
    decision = type("D", (), {"kind": "dc-loss", "side": "soviet", "context": {}})()
    actions = [Action("lose", ("sov-13a",)), Action("lose", ("sov-30a",))]
    assert ADVISOR.loss(match, decision, actions) == Action("lose", ("sov-13a",))
    U.unmark(match, fort, U.FORTIFIED)
    fort.flags["losses"] = 1  # a major 1 with one loss dies at the next
    assert ADVISOR.loss(match, decision, actions) == Action("lose", ("sov-30a",))


def test_never_declares_a_draw() -> None:
    match = empty_match()
    decision = type("D", (), {"kind": "victory", "side": "soviet", "context": {}})()
    assert ADVISOR.choose(match, decision, [Action("draw"), Action("end")]) == Action("end")
