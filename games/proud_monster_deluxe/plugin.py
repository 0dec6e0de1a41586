"""Proud Monster Deluxe's plugin module: a GameDef naming the data folder, registered as the
``proud-monster-deluxe`` entry point (pyproject)."""

from __future__ import annotations

from importlib.resources import files

from wargame.games.proud_monster_deluxe import (
    afv,
    air,
    airsupply,
    amphibious,
    antipartisan,
    armygroups,
    artillery,
    assaultguns,
    attrition,
    augment,
    blaupunkt,
    bombard,
    bridges,
    cavalryraid,
    closecombat,
    combat,
    concentration,
    concentric,
    constructions,
    conversions,
    corps,
    counterfire,
    eliminated,
    engineers,
    fieldworks,
    firstturn,
    fog,
    fortifiedarea,
    gambit,
    harko,
    heavymech,
    hedgehogs,
    jointhex,
    korpsabteilung,
    lakes,
    leaving,
    losses,
    mad,
    minorallies,
    mobileassault,
    movement,
    offensives,
    offsupply,
    paradrop,
    partisans,
    paulus,
    reinforce,
    reorganize,
    replacements,
    reserves,
    reveal,
    rvgk,
    seatransport,
    setups,
    ssarrivals,
    stackcheck,
    stalinline,
    straits,
    strategic,
    summerattack,
    supply,
    turns,
    unsupplied,
    upgrades,
    victory,
    volga,
    weather,
    winteroffensive,
    withdrawals,
)
from wargame.hookspecs import hookimpl
from wargame.plugins import GameDef

RULES: tuple[object, ...] = (
    turns,
    movement,
    weather,
    straits,  # 8.11: movement across the crossing arrows
    combat,
    constructions,
    losses,
    reserves,
    leaving,  # 6.4, 9.6, 9.7: units leaving play without elimination
    stackcheck,  # 6.3, 13.8: stacking at each phase start
    augment,  # 6.1: a regiment or battalion augmenting a division
    fog,  # 6.3, 16.2 C, D
    supply,
    closecombat,
    reveal,  # 13.0 (the MA's marker first, 14.3)
    jointhex,  # 13.15.2, 13.15.3
    mobileassault,
    eliminated,
    afv,
    cavalryraid,  # part 2: 15.6
    heavymech,  # part 2: 15.14
    engineers,  # part 2: 15.7
    korpsabteilung,  # part 2: 15.19
    ssarrivals,  # part 2: 15.20, 15.23, 15.24
    paradrop,  # part 2: 15.18
    mad,  # part 2: 15.21
    strategic,  # part 2: 11.2
    attrition,  # part 2: 12.4
    volga,  # part 2: 11.4
    rvgk,  # part 2: 11.3
    antipartisan,  # part 2: 9.7.5
    offsupply,  # part 2: 8.6
    partisans,  # part 2: 15.8
    offensives,  # part 2: 5.4, 5.5, 14.8
    gambit,  # part 2: 5.7, 4.7
    summerattack,  # part 2: 5.6
    seatransport,  # part 2: 10.1-10.4
    airsupply,  # part 2: 8.7
    amphibious,  # part 2: 10.5
    reinforce,  # 9.1, 9.1.4, 2.2
    replacements,  # 9.5, 9.8
    withdrawals,  # 9.7
    reorganize,  # 9.2
    corps,  # 9.1.3, 9.2: Soviet TC/MC step maxima, Guards corps
    conversions,  # 9.3, 9.4.1
    setups,  # 1.3
    concentration,  # part 2: 8.9
    paulus,  # part 2: 8.10
    unsupplied,  # part 2: 8.8's declaration
    minorallies,  # part 2: 7.1, 7.2
    winteroffensive,  # part 2: 5.5(2), (3)
    harko,  # part 2: 15.5
    artillery,  # part 2: 15.11, 15.15, 13.12
    counterfire,  # part 2: 15.13
    bridges,  # part 2: 15.12 (after mobileassault: its cost key holds that one's)
    air,  # part 2: 15.4
    bombard,  # part 2: 15.5 enhanced, 15.21 shells
    upgrades,  # part 2: 15.9
    assaultguns,  # part 2: 15.22
    blaupunkt,  # part 2: 15.17, 5.7(6)
    concentric,  # 13.3
    hedgehogs,  # part 2: 13.4.2
    fieldworks,  # part 2: 13.4.2
    fortifiedarea,  # part 2: 15.16
    armygroups,  # 5.3(9)
    firstturn,  # 5.3(3)-(6)
    lakes,  # 12.4: frozen lakes
    stalinline,  # 13.4.2: destroyed hex by hex
    victory,
)


@hookimpl
def wargame_register_games() -> list[GameDef]:
    return [GameDef("proud-monster-deluxe", files(__package__) / "data", RULES)]
