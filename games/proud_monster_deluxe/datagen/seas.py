"""The settings of the kernel's sea-movement mechanic for PMD 10.1-10.4, built from the map.

The rulebook names some ports (Memel, Leningrad, Oranienbaum, Odessa, Sevastopol, Rostov, the
Sea of Azov's and the three off-map areas') but prints no list (digest 2.3): the stand-in makes a
port of every town on the coast of a sea (the map's ``coast`` attribute), plus Leningrad and
Rostov, which the stand-in map leaves just inland (ruling ST1). Kerch, on both coasts, is a Black
Sea port; the Kerch Strait hexes link the Black Sea and the Sea of Azov (10.1: the text names
three of its four hexes, 2850, 2950 and 2951, and those three are needed)."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]

TOWNS = ("city", "large-town", "small-town")
COASTS = {"baltic": ("baltic", "gulf-of-finland"), "black": ("black-sea",), "azov": ("azov",)}
COASTS["caspian"] = ("caspian",)
INLAND_PORTS = {"baltic": ("3304",), "azov": ("3846",)}  # Leningrad, Rostov (ruling ST1)
KERCH = ["2850", "2950", "2951"]
SOVIET_UNITS = ["rd", "grd", "rb", "mb", "grb", "gparb", "galb", "gmrb"]  # 10.4


def ports(map_doc: Json) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {sea: list(INLAND_PORTS.get(sea, ())) for sea in COASTS}
    for hex_id, spec in sorted(map_doc["hexes"].items()):
        coast = set(spec.get("attrs", {}).get("coast", ()))
        if not set(TOWNS) & set(spec.get("features", ())):
            continue
        for sea, names in COASTS.items():
            if coast & set(names) and not (sea == "azov" and "black-sea" in coast):
                out[sea].append(hex_id)
    return {sea: sorted(set(found)) for sea, found in out.items()}


def sea_movement(map_doc: Json) -> Json:
    """10.2: sea moves in the Initial Movement Phases, before any land move; besieged ports;
    no further movement that week. 10.3: the Axis in steps, German only on the Baltic, the Black
    Sea from Odessa and Sevastopol. 10.4: the Soviets in points, while each fleet lasts.
    13.15.3: a jointly-occupied port serves its owner (ruling AI6), the title's veto says who
    sails in or out (ruling AI7)."""
    found = ports(map_doc)
    common: Json = {"besieged": True, "hold": True, "exclude": ["artillery"]}
    axis: Json = {**common, "weigh_steps": True, "occupy_in": "country:ussr"}
    axis_black: Json = {
        **axis,
        "units": ["german", "romanian", "italian"],
        "exclude": ["artillery", "hungarian", "ost"],
        "while_var": "axis_black_sea",
        "pool": "axis-black",
        "rule": "PMD 10.1-10.3",
    }
    soviet: Json = {
        **common,
        "units": SOVIET_UNITS,
        "weights": {"rd": 2, "grd": 2},
        "rule": "PMD 10.1, 10.2, 10.4",
    }
    black_fleet: Json = {**soviet, "while_var": "soviet_black_sea_fleet", "pool": "soviet-black"}
    seas = [
        {
            "id": "axis-baltic",
            "side": "axis",
            "ports": found["baltic"],
            "capacity": 5,
            **axis,
            "units": ["german"],
            "held": ["box:okh-north"],
            "rule": "PMD 10.1-10.3",
        },
        {
            "id": "axis-black",
            "side": "axis",
            "ports": found["black"],
            "capacity": 10,
            **axis_black,
            "held": ["box:okh-south"],
        },
        {"id": "axis-azov", "side": "axis", "ports": found["azov"], "capacity": 10, **axis_black},
        {
            "id": "soviet-baltic",
            "side": "soviet",
            "ports": found["baltic"],
            "capacity": 4,
            **soviet,
            "while_var": "soviet_baltic_fleet",
            "always": [["3304", "3203"]],  # Leningrad and Oranienbaum
        },
        {"id": "soviet-black", "side": "soviet", "ports": found["black"], "capacity": 5}
        | black_fleet,
        {"id": "soviet-azov", "side": "soviet", "ports": found["azov"], "capacity": 5}
        | black_fleet,
        {
            "id": "soviet-caspian",
            "side": "soviet",
            "ports": found["caspian"],
            "capacity": 5,
            **soviet,
            "held": ["box:rvgk-south"],
        },
    ]
    links = [
        {"seas": [f"{side}-black", f"{side}-azov"], "needs": KERCH, "rule": "PMD 10.1"}
        for side in ("axis", "soviet")
    ]
    return {
        "seas": seas,
        "links": links,
        "phases": ["w1-initial-movement", "w2-initial-movement"],
        "before_land": True,
        "joint": True,  # 13.15.3: a jointly-occupied port serves its owner (rulings AI6, AI7)
        "rule": "PMD 10.2",
    }
