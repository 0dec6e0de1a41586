"""Prepared assault's terrain column shifts and their cap (PMD 13.4.1, 13.5, 5.3(11)).

Natural terrain shifts the column left (rough 1, marsh 1, mountain 2; forest only against a
mobile assault), and so does a crossing arrow when every attacker crosses one (2). With the
construction and unit shifts they are capped at 2 either way (13.5: the ``capped`` group of the
CRT's ``shift_caps``). On turn 112 the Soviets get no terrain shifts (5.3(11)).

Not built yet (RULINGS.md, Status): construction shifts with the defender's choice of one
construction (13.4.2), unit shifts (AFV, engineers, 15.x) and the uncapped named shifts."""

from __future__ import annotations

from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match

from .turns import SOVIET, ynn

CAPPED = "capped"
TERRAIN_SHIFT = {"rough": 1, "marsh": 1, "mountain": 2}
"""13.4.1: columns left for a defender in this natural terrain against a prepared assault."""


def _all_across_arrows(match: Match, battle: Battle) -> bool:
    origins = {battle.origins.get(a) for a in battle.attackers}
    if not origins or None in origins:
        return False
    for origin in origins:
        edge = match.topology.edge(str(origin), battle.target)
        if edge is None or not ({"sivash", "kerch"} & set(edge.features)):
            return False
    return True


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    units = match.state.units
    if not battle.defenders:
        return []
    defender = units[battle.defenders[0]].side
    if defender == SOVIET and ynn(match) == 112:
        return []  # 5.3(11): no Soviet terrain shifts on turn 112 (forts excepted: not built)
    out: list[Shift] = []
    terrain = match.topology.terrain(battle.target)
    if battle.kind == "attack" and terrain in TERRAIN_SHIFT:
        out.append(
            Shift.left(TERRAIN_SHIFT[terrain], f"defender in {terrain}", "PMD 13.4.1", CAPPED)
        )
    if battle.kind != "attack" and terrain == "forest":
        out.append(Shift.left(1, "mobile assault into forest", "PMD 13.4.1", CAPPED))
    if _all_across_arrows(match, battle):
        out.append(Shift.left(2, "every attacker across a crossing arrow", "PMD 13.4.1", CAPPED))
    return out
