"""Land Without End's mechanized refits (8.11, P24): the German marks reduced mech divisions in
regular, not attenuated, supply away from Soviet units; marked units neither move nor fight; a die
of 1-4 brings them back to full, 5-6 not, and the marker goes either way; none after the first
mud or snow (10.9)."""

from __future__ import annotations

import pytest

from tests.games.lwe_helpers import german_movement  # noqa: F401 (the match fixture)
from wargame import markers
from wargame.games.land_without_end import refit
from wargame.games.land_without_end.common import WEATHER
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.testing import force_rolls, put, refused

RULE = "LWE 8.11"
START = PhaseSpec(id="refit-start", name="German Mechanized Refit Start Phase", kind="auto")
DONE = PhaseSpec(
    id="refit-completion", name="German Mechanized Refit Completion Phase", kind="auto"
)


def marked(match: Match, uid: str) -> bool:
    return markers.has(match, match.state.units[uid], refit.MARKER)


@pytest.mark.parametrize(("roll", "full"), [(1, True), (4, True), (5, False), (6, False)])
def test_p24_refit_die_1_to_4_full_5_6_reduced_marker_goes_8_11(
    match: Match, roll: int, full: bool
) -> None:
    pz = put(match, "ger-pz-1", "1019")
    pz.step = 1
    refit.offer(match, START)
    assert match.decision is not None and match.decision.kind == "refit"
    match.apply("refit ger-pz-1")
    assert marked(match, "ger-pz-1")
    force_rolls(match, roll, only=RULE)
    refit.complete(match, DONE)
    assert (pz.step == 0) is full
    assert not marked(match, "ger-pz-1")


def test_refitting_unit_may_not_move_8_11(match: Match) -> None:
    pz = put(match, "ger-pz-1", "1019")
    pz.step = 1
    refit.offer(match, START)
    match.apply("refit ger-pz-1")
    refused(match, "move ger-pz-1 1019 1119", "refitting", rule=RULE)


def test_only_reduced_mech_in_regular_supply_away_from_soviets_8_11(match: Match) -> None:
    pz = put(match, "ger-pz-1", "1019")
    inf = put(match, "ger-inf-1", "1020")
    inf.step = 1
    assert not refit.eligible(match, pz)  # full strength
    pz.step = 1
    assert refit.eligible(match, pz) and not refit.eligible(match, inf)  # infantry: 8.6
    soviet = put(match, "sov-rd-10", "1119")
    assert not refit.eligible(match, pz)  # next to a Soviet unit
    put(match, soviet.id, None)
    pz.flags["oos"] = True
    assert not refit.eligible(match, pz)
    pz.flags.pop("oos")
    east = sorted(match.topology.region("gas-east"))[0]
    put(match, "ger-pz-1", east)
    assert not refit.eligible(match, pz)  # attenuated (7.4)
    match.state.vars["gas_ignored"] = True
    assert refit.eligible(match, pz)  # a completed pause frees him of the GAS Line (7.5)


def test_no_refits_after_the_first_mud_or_snow_10_9(match: Match) -> None:
    pz = put(match, "ger-pz-1", "1019")
    pz.step = 1
    match.state.ns(WEATHER)["mud_seen"] = True
    refit.offer(match, START)
    assert match.decision is not None and match.decision.kind == "movement"


def test_he_may_decline_to_refit_8_11(match: Match) -> None:
    pz = put(match, "ger-pz-1", "1019")
    pz.step = 1
    refit.offer(match, START)
    match.apply("refit done")
    assert not marked(match, "ger-pz-1") and "eligible" not in match.state.ns(refit.NS)
