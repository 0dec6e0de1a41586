"""Advice for the kernel's heuristic bot (``wargame_bot_hints``): how a Dark Crusade player
weighs the choices the kernel's generic reading cannot price, because this title's movement and
combat are its own (one line a phase under capacities, a firefight instead of an odds table).

The advisor is greedy and reads only what the bot's side may know (the bot hands it the view-
limited match). It prices no battle itself: every attack it judges is priced by the kernel's
:func:`wargame.pricing.price` (which Dark Crusade's ``wargame_price`` answers with each side's
fire, 13.B.2), the price the battle is fought with and the page shows. Operational movement:
commit attacks where the side's fire (with up to two German air units) clearly outguns the
defence's, victory cities first; move the rest one line
towards the enemy's victory cities (the Axis) or towards threatened own ones and the front (the
Soviets), never emptying a threatened city; fortify what stays. In combat: air where the attack
is, losses on fortifications and on units that survive them, retreat when outgunned. The
economy: bring every replacement and reinforcement in, expand factories, never declare a draw.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from wargame import pricing
from wargame.actions import Action, Decision
from wargame.games.dark_crusade import combat as C
from wargame.games.dark_crusade import lines as L
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.state import Unit
from wargame.topology import is_box

ATTACK_RATIO = 1.5  # commit while the attack's fire is this many times the defence's
ECONOMY = ("commit", "withdraw", "replace", "expand", "deploy-factory", "enter")


def distances(match: Match, targets: Sequence[str]) -> dict[str, int]:
    """Lines from every point to the nearest target (operational lines, boxes included)."""
    key = ("dc-advisor-dist", tuple(sorted(targets)))
    found = match.scratch.get(key)
    if found is None:
        found = {t: 0 for t in targets}
        queue = deque(targets)
        while queue:
            loc = queue.popleft()
            for dest, _ in L.lines_from(match, loc):
                if dest not in found:
                    found[dest] = found[loc] + 1
                    queue.append(dest)
        match.scratch[key] = found
    return dict(found)


def vp_cities(match: Match) -> list[str]:
    top = match.topology
    return sorted(loc for loc in top.locations() if not is_box(loc) and top.attrs(loc).get("vp"))


def enemy_points(match: Match, side: str) -> set[str]:
    enemy = match.enemy(side)
    return {loc for loc, ids in match.occupied().items() if match.state.units[ids[0]].side == enemy}


def fires(match: Match, battle: Battle) -> dict[str, int]:
    """Each side's fire total in the battle, as the kernel prices it (DC 13.B.2)."""
    priced = pricing.price(match, battle)
    return {f.side: f.total for f in priced.fires}


class Advisor:
    """Chooses among a decision's legal actions, or returns None to leave it to the bot."""

    def choose(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        handler = {
            "operational": self.operational,
            "breakthrough": self.breakthrough,
            "combat": self.first_battle,
            "dc-air": self.air,
            "dc-allout": lambda m, d, a: Action("fire"),
            "dc-loss": self.loss,
            "dc-continue": self.go_on,
            "dc-retreat": self.retreat,
            "reinforcement": self.economy,
            "strategic": self.end,
            "victory": self.end,
            "partisans": self.partisans,
            "dc-setup": self.end,
            "dc-draw-offer": lambda m, d, a: Action("decline-draw"),
        }.get(decision.kind)
        if handler is None:
            return None
        choice = handler(match, decision, actions)
        return choice if choice in actions else None

    # ------------------------------------------------------------------ movement

    def end(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        return Action("end") if Action("end") in actions else None

    def operational(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        side = decision.side
        moves = [a for a in actions if a.verb == "move"]
        attack = self.best_attack(match, side, moves)
        if attack is not None:
            return attack
        step = self.best_step(match, side, moves)
        if step is not None:
            return step
        fortify = sorted((a for a in actions if a.verb == "fortify"), key=str)
        if fortify and side == U.SOVIET:
            return self.front_first(match, side, fortify)
        return self.end(match, decision, actions)

    def breakthrough(
        self, match: Match, decision: Decision, actions: list[Action]
    ) -> Action | None:
        moves = [a for a in actions if a.verb == "move"]
        enemy = enemy_points(match, decision.side)
        quiet = [a for a in moves if a.args[-1] not in enemy and not is_box(a.args[-1])]
        step = self.best_step(match, decision.side, quiet)
        return step if step is not None else self.end(match, decision, actions)

    def targets(self, match: Match, side: str) -> list[str]:
        """Where the side's units are drawn: enemy-held victory cities for the Axis; for the
        Soviets their own cities the enemy is near, else the enemy's points."""
        cities = vp_cities(match)
        control = match.state.control
        if side == U.AXIS:
            wanted = [c for c in cities if control.get(c) != side]
        else:
            enemy = enemy_points(match, side)
            near = distances(match, sorted(enemy)) if enemy else {}
            wanted = [c for c in cities if control.get(c) == side and near.get(c, 99) <= 2]
            wanted += sorted(enemy)
        return wanted or cities

    def best_attack(self, match: Match, side: str, moves: list[Action]) -> Action | None:
        enemy = enemy_points(match, side)
        committed: dict[str, list[Unit]] = {}
        for unit in match.units_of(side):
            target = M.target_of(unit)
            if target:
                committed.setdefault(str(target), []).append(unit)
        options: dict[str, list[Action]] = {}
        for action in moves:
            if len(action.args) == 2 and action.args[1] in enemy:
                options.setdefault(action.args[1], []).append(action)
        air = min(C.air_left(match), 2) if side == U.AXIS else 0  # what it would commit
        vp = {c: float(match.topology.attrs(c).get("vp", 0)) for c in vp_cities(match)}
        enemy_side = match.enemy(side)
        best: tuple[float, Action] | None = None
        for target, acts in sorted(options.items()):
            now = [u.id for u in committed.get(target, [])]

            def fire(ids: list[str], target: str = target) -> dict[str, int]:
                return fires(match, C.proposed_battle(match, target, ids, air))

            priced = fire(now)
            defence, attack_now = priced[enemy_side], priced[side]
            attack_all = fire(now + [a.args[0] for a in acts])[side]
            if attack_all < max(ATTACK_RATIO * defence, 2.0):
                continue
            if attack_now >= ATTACK_RATIO * defence + 2:
                continue  # enough already: keep the rest for other battles
            strongest = max(acts, key=lambda a: (fire([*now, a.args[0]])[side], a.args[0]))
            score = vp.get(target, 0.0) * 10 + attack_all - defence
            if best is None or score > best[0]:
                best = (score, strongest)
        return best[1] if best else None

    def best_step(self, match: Match, side: str, moves: list[Action]) -> Action | None:
        """The move that brings a unit closest to where its side wants to be, without emptying a
        threatened own city or walking into the enemy."""
        dist = distances(match, self.targets(match, side))
        enemy = enemy_points(match, side)
        near_enemy = distances(match, sorted(enemy)) if enemy else {}
        best: tuple[float, Action] | None = None
        for action in moves:
            unit = match.state.units[action.args[0]]
            src = unit.loc or ""
            dest = action.args[-1]
            if dest in enemy or is_box(dest):
                continue
            gain = dist.get(src, 99) - dist.get(dest, 99)
            if gain <= 0:
                continue
            here = [u for u in match.units_at(src) if u.side == side and U.is_ground(match, u)]
            city = bool(match.topology.attrs(src).get("vp")) if not is_box(src) else False
            if city and near_enemy.get(src, 99) <= 1 and len(here) <= 1:
                continue  # never the last one out of a threatened city
            score = gain + 0.1 * C.unit_fire(match, unit, defending=False)
            if best is None or score > best[0]:
                best = (score, action)
        return best[1] if best else None

    def front_first(self, match: Match, side: str, actions: list[Action]) -> Action:
        enemy = enemy_points(match, side)
        near = distances(match, sorted(enemy)) if enemy else {}
        return min(
            actions, key=lambda a: (near.get(match.state.units[a.args[0]].loc or "", 99), str(a))
        )

    # ------------------------------------------------------------------ combat

    def first_battle(
        self, match: Match, decision: Decision, actions: list[Action]
    ) -> Action | None:
        fights = sorted((a for a in actions if a.verb == "fight"), key=str)
        return fights[0] if fights else self.end(match, decision, actions)

    def air(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        left = int(decision.context.get("left", 0))
        battle = C.battle_of(match)
        attacking = battle is not None and battle["attacker"] == decision.side
        remaining = (
            len(C.targets(match, bool(battle and battle.get("breakthrough")))) if attacking else 3
        )
        share = -(-left // max(remaining, 1)) if attacking else min(left, 1)
        return Action("air", (str(min(share, 4)),))

    def loss(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        battle = C.battle_of(match)

        def cost(action: Action) -> tuple[int, float, str]:
            unit = match.state.units[action.args[0]]
            defending = battle is not None and battle["defender"] == unit.side
            if defending and U.fortified(unit):
                return (0, 0.0, unit.id)  # the fortification takes it (18.0)
            survives = int(unit.flags.get(C.LOSSES, 0)) + 1 <= C.durability(match, unit)
            value = float(U.printed(match, unit, "fire")) + (0 if U.dispersed(unit) else 0.5)
            return (1 if survives else 2, value if survives else -value, unit.id)

        loses = [a for a in actions if a.verb == "lose"]
        return min(loses, key=cost) if loses else None

    def go_on(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        battle = C.battle_of(match)
        if battle is None:
            return Action("continue")
        side = decision.side
        other = battle["attacker"] if side == battle["defender"] else battle["defender"]
        priced = fires(match, C.kernel_battle(battle))
        mine, theirs = priced[side], priced[other]
        holding = side == battle["defender"] and bool(
            match.topology.attrs(battle["target"]).get("vp")
        )
        attacking = side == battle["attacker"]
        if mine >= (0.5 if attacking else 0.8) * theirs or (holding and mine > 0) or theirs == 0:
            return Action("continue")
        return Action("retreat")

    def retreat(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        def value(action: Action) -> tuple[float, str]:
            dest = action.args[-1]
            if dest == "-":
                return (-99.0, str(action))
            attrs = match.topology.attrs(dest) if not is_box(dest) else {}
            friends = sum(1 for u in match.units_at(dest) if u.side == decision.side)
            return (float(attrs.get("vp", 0)) * 2 + friends, str(action))

        retreats = [a for a in actions if a.verb == "retreat"]
        return max(retreats, key=value) if retreats else None

    # ------------------------------------------------------------------ economy

    def economy(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        for verb in ECONOMY:
            found = sorted((a for a in actions if a.verb == verb), key=str)
            if not found:
                continue
            if verb == "enter":
                return self.forward_entry(match, decision.side, found)
            if verb == "withdraw":  # home to the capital first
                vp = match.topology.attrs
                return min(found, key=lambda a: (0 if vp(a.args[1]).get("vp") else 1, str(a)))
            return found[0]
        return self.end(match, decision, actions)

    def forward_entry(self, match: Match, side: str, actions: list[Action]) -> Action:
        enemy = enemy_points(match, side)
        near = distances(match, sorted(enemy)) if enemy else {}
        return min(actions, key=lambda a: (max(near.get(a.args[1], 99), 1), str(a)))

    def partisans(self, match: Match, decision: Decision, actions: list[Action]) -> Action | None:
        places = sorted((a for a in actions if a.verb == "partisan"), key=str)
        if not places:
            return self.end(match, decision, actions)
        enemy = enemy_points(match, decision.side)

        def cut(action: Action) -> tuple[int, str]:
            dest = action.args[1]
            return (sum(1 for n in match.topology.neighbours(dest) if n in enemy), str(action))

        best = max(places, key=cut)
        if cut(best)[0] == 0:
            return self.end(match, decision, actions)
        return best


ADVISOR = Advisor()


@hookimpl
def wargame_bot_hints(match: Match, side: str) -> dict[str, Any]:
    return {"advisor": ADVISOR}
