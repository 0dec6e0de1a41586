"""Dark Crusade's own lines for ``wargame status``: German air units left this turn, the Soviet
air units in play, replacement points saved, the victory standing against the chart (2.B.1.a)
and the battle in progress (its round and the hits still to be taken). Saved points come from
the side's view; German air is rolled and spent in the open (7.A, 14.B.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.hookspecs import hookimpl
from wargame.match import Match

from . import combat, production, victory


@hookimpl
def wargame_status_lines(match: Match, side: str | None, view: Mapping[str, Any]) -> list[str]:
    if view.get("stage") != "turn":
        return []
    state = view.get("vars") or {}
    out = [
        f"German air: {combat.air_left(match)} of {combat.air_available(match)} free this turn "
        "(DC 7.A, 14.B.4)"
    ]
    soviet_air = [u for u in view.get("units", []) if u.get("type") == "sov-air" and u.get("loc")]
    if soviet_air:
        out.append(f"Soviet air units in play: {len(soviet_air)} (DC 13.A.3)")
    saved = state.get(production.GER_POINTS)
    if isinstance(saved, Mapping):
        out.append(
            f"German replacement points saved: infantry {saved.get('inf', 0)}, "
            f"armor {saved.get('armor', 0)} (DC 8.A.1.a)"
        )
    allied = state.get(production.ALLIED)
    if isinstance(allied, Mapping) and allied:
        text = ", ".join(f"{nation} {n}" for nation, n in sorted(allied.items()))
        out.append(f"Allied replacements saved: {text} (DC 8.A.1.b)")
    if victory.version(match) in (victory.TOURNAMENT, victory.TOURNAMENT_CAMPAIGN):
        for who in (victory.AXIS, victory.SOVIET):
            p = victory.points(match, who)
            home, enemy = victory.needed(match, who)
            out.append(
                f"{who} victory points: home {p.home} of {home}, enemy and factories "
                f"{p.enemy + p.factories} of {enemy} needed to win now (DC 2.B.1.a)"
            )
    battle = combat.battle_of(match)  # public: both players see the battle (13.0)
    if battle is not None and battle.get("target"):
        kind = "breakthrough battle" if battle.get("breakthrough") else "battle"
        hits = battle.get("hits") or {}
        owed = ", ".join(f"{s} {n}" for s, n in sorted(hits.items()) if n) or "none"
        out.append(
            f"{kind} at {battle['target']}: round {battle.get('round', 0)}, "
            f"{battle.get('attacker')} attacking with {len(battle.get('attackers', []))} "
            f"against {len(battle.get('defenders', []))}; hits to take: {owed} (DC 13.0)"
        )
    return out
